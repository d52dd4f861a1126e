"""The stacked scorer of offline claim extraction, st-claims' default since session 23
(``st-claims --task extract``, ``--scorer stacked``; issue 37).

The cue scorer's rules (:mod:`scholartools.claims.extract`) and the semantic scorer's MiniLM score
(:mod:`scholartools.claims.semantic`) were set by hand on papers one annotator labelled. This scorer
keeps them as inputs and lets labels weigh them: a logistic regression over :data:`FEATURES` of
each candidate sentence, fitted on the claim labels of annotation rounds i, j's dev half, k, and
the dev halves of l … u (seventy-six papers, each labelled by two annotators working apart;
``fixtures/claims``), and a sentence is kept when its probability reaches
:data:`STACKED_THRESHOLD` (chosen on the dev PDFs dev … dev6, whose labels train nothing: the best
F1_edit with precision ≥ .80).
``python -m tools.claims_stacked_weights`` regenerates :data:`WEIGHTS_FILE`.

The features: the candidate's cue score (with the previous-kept bonus, clipped to -3 … 4), its
written-corpus MiniLM log-odds (clipped to ±3), whether the cue scorer keeps it, its section kind,
the cue kinds it matched (result, contribution, novelty, repeat), first person or the paper's own
name, a digit, a citation, its length and whether it opens its section; and, since session 25, its
words: one weight per word and word pair of a vocabulary read from the training sentences (digits
folded to 0, those in at least :data:`WORDS_MIN_DF` of them), the sentence's vector of the
vocabulary's n-grams it holds normalised to length 1 (:func:`word_term`). Only candidates whose
probability can reach the threshold whatever their MiniLM vector are encoded, which keeps the
result exact.
"""
from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from pathlib import Path

from scholartools.claims import extract as E
from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, kept_claims
from scholartools.claims.semantic import CLIP, bundled_model, cue_candidates
from scholartools.records import RecordError

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "claims_stacked_weights.json"
#: the section kinds with their own feature; any other kind counts as "other"
KINDS = ("abstract", "introduction", "conclusion", "caption", "related_work", "method", "results", "discussion",
         "other")
CUE_KINDS = ("result", "contribution", "novelty", "repeat")
FEATURES = ("cue_score", "semantic", "cue_kept", *(f"kind:{k}" for k in KINDS), *(f"cue:{k}" for k in CUE_KINDS),
            "own", "digit", "citation", "length", "opens_section")
#: the cue score's clip (a few sentences score far above or below the rest)
CUE_CLIP = (-3.0, 4.0)
#: the word n-grams of the vocabulary: those in at least this many training sentences
WORDS_MIN_DF = 10
#: the word block's scale in the fit (its vector of length 1 times this: less shrinkage than C alone)
WORDS_SCALE = 3.0
_WORD = re.compile(r"\w+|%")
_DIGITS = re.compile(r"\d+")
SCORER = "stacked: logistic regression over cue-scorer features, the MiniLM written-corpus score and word n-grams"


@lru_cache(maxsize=1)
def model() -> dict:
    """The shipped regression: ``weights`` (one per feature), ``bias``, ``threshold`` and how they
    were made."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE}: its features are not this module's FEATURES; regenerate it with "
                         "python -m tools.claims_stacked_weights")
    return data


def word_ngrams(text: str) -> set[str]:
    """The words and word pairs of ``text``, lowercased, with every run of digits folded to 0."""
    words = _WORD.findall(_DIGITS.sub("0", text.lower()))
    return {*words, *(f"{a} {b}" for a, b in zip(words, words[1:]))}


def word_term(text: str, weights: dict[str, float]) -> float:
    """The word block's share of the logit: the weights of the vocabulary's n-grams ``text`` holds,
    summed and divided by the square root of their number (the vector of the n-grams it holds,
    normalised to length 1, times the weights); 0.0 when it holds none."""
    got = [weights[g] for g in word_ngrams(text) if g in weights]
    return sum(got) / math.sqrt(len(got)) if got else 0.0


def _word_weights(m: dict) -> dict[str, float]:
    """The word block of a regression as a mapping (empty for a regression without one: sessions 23-24's)."""
    return dict(zip(m["words"]["ngrams"], m["words"]["weights"])) if "words" in m else {}


@lru_cache(maxsize=1)
def _shipped_words() -> dict[str, float]:
    return _word_weights(model())


def weights_digest() -> str:
    import hashlib

    return hashlib.sha256(WEIGHTS_FILE.read_bytes()).hexdigest()[:12]


#: the keep threshold (a probability)
STACKED_THRESHOLD = float(model()["threshold"])


def candidate_features(rec: dict) -> tuple[list, list[list[float]]]:
    """The candidates of ``rec`` (cue score above -9, the previous-kept bonus in ``score``) and the
    feature row of each, with 0.0 in the ``semantic`` column (filled by the caller)."""
    cands, _ = cue_candidates(rec, -math.inf)
    names = E.own_names(rec)
    rows, prev_key = [], None
    for c in cands:
        key = (c.kind, c.section_index, c.figure_index)
        opens, prev_key = key != prev_key, key
        kind = c.kind if c.kind in KINDS else "other"
        t = c.text
        rows.append([min(max(c.score, CUE_CLIP[0]), CUE_CLIP[1]), 0.0, float(c.score >= E.DEFAULT_THRESHOLD),
                     *(float(kind == k) for k in KINDS), *(float(k in c.cues) for k in CUE_KINDS),
                     float(bool(E._FIRST_PERSON.search(t) or any(n in t for n in names))),
                     float(bool(E._DIGIT.search(t))), float(bool(E._CITATION.search(t))),
                     min(len(t.split()), 60) / 30, float(opens)])
    return cands, rows


def stacked_sentences_many(records: list[dict], threshold: float | None = None, weights: dict | None = None) -> list:
    """Each record's candidates with the probability in ``score`` (a :class:`RecordError` in place
    of a record the scorer cannot read); every candidate that can reach ``threshold`` (default: the
    regression's own) is encoded in one call for the whole batch. ``weights``: a regression shaped as
    :func:`model` returns it (default: the shipped one; a refit's, for its evaluation)."""
    from scholartools.claims.semantic import semantic_scores

    m = weights or model()
    w, b = m["weights"], m["bias"]
    words = _shipped_words() if weights is None else _word_weights(weights)
    th = m.get("threshold", STACKED_THRESHOLD) if threshold is None else threshold
    need = -math.inf if th <= 0 else math.inf if th >= 1 else math.log(th / (1 - th))   # the logit to reach
    sem_w = w[FEATURES.index("semantic")]
    out, open_ = [], []
    for rec in records:
        try:
            bundled_model()
            cands, rows = candidate_features(rec)
        except RecordError as exc:
            out.append(exc)
            continue
        for c, x in zip(cands, rows):
            # the logit without the semantic term
            c.score = sum(wi * xi for wi, xi in zip(w, x)) + b + word_term(c.text, words)
            if c.score + abs(sem_w) * CLIP >= need:
                open_.append(c)
        out.append(cands)
    for c, s in zip(open_, semantic_scores([c.text for c in open_])):
        c.score += sem_w * float(s)
    for cands in out:
        if not isinstance(cands, RecordError):
            for c in cands:
                c.score = 1 / (1 + math.exp(-c.score))
    return out


def extract_claims_stacked_many(records: list[dict], max_claims: int | None = DEFAULT_MAX_CLAIMS,
                                threshold: float | None = None, weights: dict | None = None) -> list:
    """The claims of each record under the stacked scorer (``score``: the probability), shaped as
    :func:`~scholartools.claims.extract.extract_claims` shapes them; a :class:`RecordError` in place
    of a record the scorer cannot read."""
    th = (weights or model()).get("threshold", STACKED_THRESHOLD) if threshold is None else threshold
    return [got if isinstance(got, RecordError) else kept_claims(got, max_claims, th)
            for got in stacked_sentences_many(records, th, weights)]
