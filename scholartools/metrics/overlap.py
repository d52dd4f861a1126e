"""Text-overlap metrics: ROUGE, BLEU, token / keyword Jaccard, bag-of-words cosine.

Each function scores one (reference, candidate) pair of plain strings. Empty texts never raise:
every function below states what an empty side scores.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from scholartools.text.scripts import UNSPACED

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def _import_rouge_scorer():
    """``rouge_score.rouge_scorer``, without paying for ``import nltk`` (seconds) when possible.

    rouge-score needs only NLTK's Porter stemmer (``nltk.stem.porter``, a small module);
    ``nltk.sent_tokenize`` is used only with ``split_summaries=True``, which we never set. The
    package ``__init__`` of ``nltk`` and ``nltk.stem`` imports most of NLTK (and scipy), so they
    are stood in for by bare package modules while rouge-score loads, then removed again so that
    a later ``import nltk`` gets the real package. Any problem: the ordinary import.
    """
    import importlib
    import importlib.util
    import sys
    import types

    if "rouge_score.rouge_scorer" in sys.modules or "nltk" in sys.modules:
        return importlib.import_module("rouge_score.rouge_scorer")
    stubs = []
    try:
        spec = importlib.util.find_spec("nltk")
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("nltk not found")
        root = list(spec.submodule_search_locations)[0]
        for name, path in (("nltk", root), ("nltk.stem", f"{root}/stem")):
            mod = types.ModuleType(name)
            mod.__path__ = [path]
            sys.modules[name] = mod
            stubs.append(name)
        sys.modules["nltk"].stem = sys.modules["nltk.stem"]
        importlib.import_module("nltk.stem.porter")
        return importlib.import_module("rouge_score.rouge_scorer")
    except Exception:
        for name in stubs:
            sys.modules.pop(name, None)
        stubs = []
        for name in [m for m in sys.modules if m.startswith("rouge_score")]:
            sys.modules.pop(name, None)
        return importlib.import_module("rouge_score.rouge_scorer")
    finally:
        for name in stubs:
            sys.modules.pop(name, None)


@lru_cache(maxsize=16)
def _rouge_scorer(types: tuple[str, ...], use_stemmer: bool, tokenizer: str = "default"):
    tok = None if tokenizer == "default" else _rouge_tokenizer(use_stemmer, tokenizer)
    return _import_rouge_scorer().RougeScorer(list(types), use_stemmer=use_stemmer, tokenizer=tok)


#: ``--rouge-tokenizer``: rouge-score's own (the papers'; keeps only a-z and 0-9, so any other
#: script has no token), or a Unicode-aware one
ROUGE_TOKENIZERS = ("default", "unicode")
# a character of a script written without spaces between words (Han, kana, Thai, Lao, Khmer,
# Myanmar) is a token of its own; any other run of letters and digits is one token
_UNICODE_TOKEN = re.compile(f"[{UNSPACED}]|[^\\W_{UNSPACED}]+")


class UnicodeTokenizer:
    """ROUGE tokens for any script: case-folded (NFKC) runs of letters and digits, one token per
    character of scripts without spaces between words; Porter-stemmed (ASCII words longer than 3
    letters, as rouge-score) with ``use_stemmer``."""

    def __init__(self, use_stemmer: bool = False):
        self.stemmer = None
        if use_stemmer:
            _import_rouge_scorer()
            from nltk.stem import porter

            self.stemmer = porter.PorterStemmer()

    def tokenize(self, text: str) -> list[str]:
        import unicodedata

        toks = _UNICODE_TOKEN.findall(unicodedata.normalize("NFKC", text or "").casefold())
        if self.stemmer is not None:
            stem = self.stemmer.stem
            toks = [stem(t) if len(t) > 3 and t.isascii() else t for t in toks]
        return toks


@lru_cache(maxsize=8)
def _rouge_tokenizer(use_stemmer: bool, tokenizer: str = "default"):
    if tokenizer == "unicode":
        return UnicodeTokenizer(use_stemmer)
    _import_rouge_scorer()
    from rouge_score import tokenizers

    return tokenizers.DefaultTokenizer(use_stemmer)


def untokenizable(text: str) -> bool:
    """True when ``text`` has visible characters but no token under rouge-score's tokenizer
    (Chinese, Arabic, Russian …): its ROUGE would be a silent 0."""
    return bool(text and text.strip()) and not _rouge_tokenizer(False).tokenize(text)


def lcs_length(a: list, b: list) -> int:
    """Length of the longest common subsequence of two token lists, bit-parallel (Hyyrö 2004).

    Equal to the last cell of rouge-score's dynamic-programming table (tested). The bit masks
    are built over the *shorter* list and the longer one is walked token by token, so the cost
    is O(len(long) · len(short) / word): a 3-million-word reference against a short candidate
    costs one pass over the reference, not a mask as long as the reference per token.
    """
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return 0
    masks: dict = {}
    for i, tok in enumerate(b):
        masks[tok] = masks.get(tok, 0) | (1 << i)
    full = (1 << m) - 1
    v = full
    get = masks.get
    for tok in a:
        u = v & get(tok, 0)
        if u:
            v = ((v + u) | (v - u)) & full
    return m - bin(v).count("1")


def _rouge_l(reference: str, candidate: str, use_stemmer: bool, tokenizer: str = "default") -> dict[str, float]:
    """rouge-score's ROUGE-L (``_score_lcs``) with its tokenizer and F formula, fast LCS."""
    from rouge_score import scoring

    tok = _rouge_tokenizer(bool(use_stemmer), tokenizer)
    target, prediction = tok.tokenize(reference), tok.tokenize(candidate)
    if not target or not prediction:
        return {"p": 0, "r": 0, "f": 0}
    lcs = lcs_length(target, prediction)
    p, r = lcs / len(prediction), lcs / len(target)
    return {"p": p, "r": r, "f": scoring.fmeasure(p, r)}


def rouge(reference: str, candidate: str, types: tuple[str, ...] = ("rougeL",),
          use_stemmer: bool = False, tokenizer: str = "default") -> dict[str, dict[str, float]]:
    """ROUGE-N / ROUGE-L / ROUGE-Lsum (Lin 2004) with Google's ``rouge-score`` package.

    Called as ``RougeScorer(types, use_stemmer).score(target=reference, prediction=candidate)``,
    which is how ScholarSum's stored ROUGE fields were made (Wang et al., FM paper §5 baselines;
    ``use_stemmer=False`` on the raw texts) and how BAGELS §5 / AAAR §3.2 use it (with the
    stemmer). Returns ``{type: {"p", "r", "f"}}``. ROUGE-L uses rouge-score's tokenizer and
    F formula with a bit-parallel LCS (:func:`lcs_length`; its pure-Python table is the cost of
    ROUGE-L), which gives the same numbers. ``rougeLsum`` treats newlines as sentence
    breaks (no sentence splitting is added). An empty side scores 0 for p, r and f.
    ``tokenizer="unicode"`` uses :class:`UnicodeTokenizer` instead of rouge-score's (which keeps
    only ``[a-z0-9]``: identical Chinese texts score 0 with it).
    """
    out: dict[str, dict[str, float]] = {}
    rest = tuple(t for t in types if t != "rougeL")
    if rest:
        scores = _rouge_scorer(rest, bool(use_stemmer), tokenizer).score(reference, candidate)
        out.update({t: {"p": s.precision, "r": s.recall, "f": s.fmeasure} for t, s in scores.items()})
    if "rougeL" in types:
        out["rougeL"] = _rouge_l(reference, candidate, use_stemmer, tokenizer)
    return {t: out[t] for t in types}


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
