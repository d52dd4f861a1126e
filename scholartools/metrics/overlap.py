"""Text-overlap metrics: ROUGE, BLEU, token / keyword Jaccard, bag-of-words cosine.

Each function scores one (reference, candidate) pair of plain strings. Empty texts never raise:
every function below states what an empty side scores.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


@lru_cache(maxsize=16)
def _rouge_scorer(types: tuple[str, ...], use_stemmer: bool):
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(list(types), use_stemmer=use_stemmer)


def rouge(reference: str, candidate: str, types: tuple[str, ...] = ("rougeL",),
          use_stemmer: bool = False) -> dict[str, dict[str, float]]:
    """ROUGE-N / ROUGE-L / ROUGE-Lsum (Lin 2004) with Google's ``rouge-score`` package.

    Called as ``RougeScorer(types, use_stemmer).score(target=reference, prediction=candidate)``,
    which is how ScholarSum's stored ROUGE fields were made (Wang et al., FM paper §5 baselines;
    ``use_stemmer=False`` on the raw texts) and how BAGELS §5 / AAAR §3.2 use it (with the
    stemmer). Returns ``{type: {"p", "r", "f"}}``. ``rougeLsum`` treats newlines as sentence
    breaks (no sentence splitting is added). An empty side scores 0 for p, r and f.
    """
    scores = _rouge_scorer(tuple(types), bool(use_stemmer)).score(reference, candidate)
    return {t: {"p": s.precision, "r": s.recall, "f": s.fmeasure} for t, s in scores.items()}


@lru_cache(maxsize=4)
def _sacrebleu(tokenize: str):
    from sacrebleu.metrics import BLEU

    return BLEU(tokenize=tokenize, effective_order=True)


def bleu(reference: str, candidate: str, tokenize: str = "13a") -> float:
    """Sentence BLEU (Papineni et al. 2002) from ``sacrebleu``, on a 0–1 scale (sacrebleu / 100).

    sacrebleu's sentence defaults: exponential smoothing, effective n-gram order, 13a
    tokenisation. BAGELS §5 lists BLEU among its matched-pair metrics (its code used NLTK; see
    :func:`bleu_nltk`). An empty candidate or reference scores 0.
    """
    if not candidate.strip() or not reference.strip():
        return 0.0
    return _sacrebleu(tokenize).sentence_score(candidate, [reference]).score / 100.0


def bleu_nltk(reference: str, candidate: str) -> float:
    """BLEU exactly as the BAGELS evaluation code computed it (spec seed-bagels §6.5).

    ``nltk.translate.bleu_score.sentence_bleu([reference.split()], candidate.split())``: 4-gram,
    uniform weights, **no smoothing**, whitespace tokens — so a short pair without a shared
    4-gram scores 0. An empty side scores 0.
    """
    ref, cand = reference.split(), candidate.split()
    if not ref or not cand:
        return 0.0
    import warnings

    from nltk.translate.bleu_score import sentence_bleu

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns on zero n-gram overlap; 0 is the answer
        return float(sentence_bleu([ref], cand))


def jaccard(reference: str, candidate: str) -> float:
    """Token Jaccard as BAGELS's code has it (spec seed-bagels §6.5).

    ``|A ∩ B| / |A ∪ B|`` over ``set(text.split())``: whitespace tokens, case- and
    punctuation-sensitive. Both sides empty (empty union) scores 0.
    """
    a, b = set(reference.split()), set(candidate.split())
    union = a | b
    return len(a & b) / len(union) if union else 0.0


def set_jaccard(a, b) -> float:
    """Jaccard of two collections taken as sets; 0 when both are empty."""
    a, b = set(a), set(b)
    union = a | b
    return len(a & b) / len(union) if union else 0.0


# scikit-learn CountVectorizer's default token pattern, applied to lowercased text
_WORD2 = re.compile(r"(?u)\b\w\w+\b")


def bow_tokens(text: str) -> list[str]:
    """Tokens as scikit-learn's ``CountVectorizer()`` makes them: lowercase, ``\\b\\w\\w+\\b``."""
    return _WORD2.findall(text.lower())


def bow_cosine(reference: str, candidate: str) -> float:
    """Bag-of-words cosine, the "cosine" of BAGELS's evaluation code (spec seed-bagels §6.5).

    Cosine of the two term-count vectors of ``CountVectorizer().fit_transform([ref, cand])``
    (lowercase, tokens of two or more word characters). Not an embedding cosine: that one is
    ``cosine``. A side without tokens scores 0.
    """
    a, b = Counter(bow_tokens(reference)), Counter(bow_tokens(candidate))
    if not a or not b:
        return 0.0
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    na = math.sqrt(sum(v * v for v in a.values()))
    nb = math.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb)
