"""Offline facet rater: several weak alignment and quality signals per facet, standardised and
averaged, mapped to the FM scales (background / conclusion 1–3, method / result 1–4) by thresholds
calibrated on ScholarSum PubMed human ratings.

For a facet f with reference sentences R_f, candidate sentences C and p_f(c) the probability that
candidate sentence c belongs to facet f (soft membership from the role model, see
:func:`scholartools.facets.decompose.facet_probabilities`; one-hot for given facets), the signals
are (MiniLM cosine similarities; words lowercased, stop words dropped):

=================  ==========================================================================
``coverage_soft``  mean over r in R_f of max over c in C of cos(r, c) · p_f(c)
``coverage_all``   mean over r in R_f of max over c in C of cos(r, c) (no decomposition)
``lexical``        share of R_f's content words that occur anywhere in the candidate
``facet_mass``     Σ_c p_f(c): how much of the candidate is about facet f
``complete``       −1 when the candidate stops mid-sentence (no final . ! ?), else 0
``concludes``      1 when a candidate sentence carries a conclusion cue, else 0
``fluent``         −(share of repeated word trigrams in the candidate): degenerate repetition
=================  ==========================================================================

The last three are candidate-level quality signals that human raters clearly punish (truncated or
looping generations, summaries without a take-home message); they may enter every facet's score.

    score_f = Σ_s w_{f,s} · (s − μ_{f,s}) / σ_{f,s}  /  Σ_s w_{f,s}

with μ, σ the signal's mean and standard deviation over the calibration pairs and
w_{f,s} = max(0, Pearson r of signal s with the human ratings of facet f on those pairs): a signal
counts as much as it tracks the humans on that facet, and not at all if it does not (``complete``
says nothing about the background, ``facet_mass`` nothing about the result). The rating is
1 + the number of the facet's thresholds that ``score_f`` reaches. The thresholds put the predicted
rating distribution of each facet on the human one (quantile matching). Parameters per facet: one
(μ, σ, w) per signal and 2–3 thresholds.
``model/rater.json`` is made by ``python -m tools.calibrate``, which also reports
the figures cross-validated by document.

Empty-facet rules of the FM authors' code: reference facet empty → 0 (facet absent, dropped by
st-score). Candidate facet empty → 1 only where the facets were given (``empty_candidate_one``);
with our own decomposition the soft membership already carries that evidence, and the hard rule
costs correlation (it trusts a decomposition that is often wrong).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

from scholartools.facets.roles import CONCLUSION_CUE
from scholartools.vocabulary import FACET_MAXIMA as SCALE_MAX  # noqa: F401 (calibrate reads it here)
from scholartools.vocabulary import FACETS
RATER_FILE = Path(__file__).with_name("model") / "rater.json"
SIGNALS = ("coverage_soft", "coverage_all", "lexical", "facet_mass", "complete", "concludes", "fluent")
#: the signals the shipped rater combines: ``coverage_all`` is computed (evidence) but left out, as
#: it repeats ``coverage_soft`` without the facet membership (see docs/st-facets.md)
RATER_SIGNALS = ("coverage_soft", "lexical", "facet_mass", "complete", "concludes", "fluent")

_WORDS = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)*")
STOP_WORDS = frozenset(
    "a an the of in on at to for and or but with by from as is are was were be been being this that these "
    "those it its we our their there here which who whom whose what when where how than then also not no "
    "nor into onto over under between among about after before during while such can could may might will "
    "would shall should do does did has have had i you he she they them his her".split())
# the placeholders of the arXiv and PubMed summarisation corpora (Cohan et al. 2018), which
# ScholarSum's arXiv texts keep: "@xmath12" stands for a formula, "@xcite" for a citation, numbered
# apart in each text, so two texts sharing "xmath3" share no formula
_PLACEHOLDER = re.compile(r"xmath\d+|xcite")


@lru_cache(maxsize=2)
def load_rater(path: str | None = None) -> dict:
    return json.loads(Path(path or RATER_FILE).read_text(encoding="utf-8"))


def words(text: str) -> list[str]:
    """Lowercased word tokens (hyphenated words and decimals kept whole).

    >>> words("The [18F]FDG uptake, p<0.05.")
    ['the', '18f', 'fdg', 'uptake', 'p', '0.05']
    """
    return _WORDS.findall((text or "").lower())


def repetition(text: str) -> float:
    """Share of the word trigrams of ``text`` that repeat an earlier one (0: no repetition).

    >>> repetition("a b c a b c")
    0.25
    """
    w = words(text)
    grams = list(zip(w, w[1:], w[2:]))
    return 1.0 - len(set(grams)) / len(grams) if grams else 0.0


def lexical_recall(ref_text: str, cand_words: set[str]) -> float:
    """Share of the content words (tokens, stop words excluded) of ``ref_text`` found in ``cand_words``.

    >>> lexical_recall("the zinc level of the pupils", {"zinc", "was", "low"})
    0.3333333333333333
    >>> lexical_recall("the @xmath0 model of @xcite", {"xmath0", "xcite"})   # placeholders are no words
    0.0
    """
    ref = [w for w in words(ref_text) if w not in STOP_WORDS and not _PLACEHOLDER.fullmatch(w)]
    return sum(w in cand_words for w in ref) / len(ref) if ref else 0.0


def quality_signals(cand_text: str, cand_sentences: list[str]) -> dict:
    """Candidate-level signals: ``complete``, ``concludes``, ``fluent`` (see the module docstring)."""
    text = (cand_text or "").strip()
    return {"complete": 0.0 if text.endswith((".", "!", "?")) or not text else -1.0,
            "concludes": float(any(CONCLUSION_CUE.search(s) for s in cand_sentences)),
            "fluent": -repetition(text)}


def facet_signals(ref: dict, cand: dict, probs: np.ndarray, embed, cand_text: str | None = None) -> dict:
    """Signals per facet: ``{facet: {signal: value} | None}`` (None when the reference lacks the facet).

    ``ref`` / ``cand`` are facet records (``labels`` + ``sentences``); ``probs`` is the
    ``(len(cand sentences), 4)`` facet membership of the candidate's sentences (columns in
    :data:`FACETS` order); ``cand_text`` the candidate's (normalised) text for the quality
    signals (default: its sentences joined). Adds ``has_candidate`` (the candidate has a sentence
    labelled f) for the empty-facet rule.
    """
    rs, cs = list(ref["sentences"]), list(cand["sentences"])
    vecs = embed(rs + cs) if (rs or cs) else np.zeros((0, 1))
    rv, cv = vecs[: len(rs)], vecs[len(rs):]
    sim = rv @ cv.T if cs else np.zeros((len(rs), 0))
    joined = " ".join(cs)
    cand_words = set(words(joined))
    quality = quality_signals(cand_text if cand_text is not None else joined, cs)
    out: dict = {}
    for j, f in enumerate(FACETS):
        ri = [i for i, lab in enumerate(ref["labels"]) if lab == f]
        if not ri:
            out[f] = None
            continue
        s = sim[ri]
        if cs:
            p = np.asarray(probs, dtype=float)[:, j]
            sig = {"coverage_soft": float((s * p[None, :]).max(axis=1).mean()),
                   "coverage_all": float(s.max(axis=1).mean()),
                   "facet_mass": float(p.sum())}
        else:
            sig = {"coverage_soft": 0.0, "coverage_all": 0.0, "facet_mass": 0.0}
        sig["lexical"] = lexical_recall(" ".join(rs[i] for i in ri), cand_words)
        sig.update(quality)
        sig["has_candidate"] = float(f in cand["labels"])
        out[f] = {k: round(v, 4) for k, v in sig.items()}
    return out


def combine(facet: str, signals: dict, rater: dict | None = None) -> float:
    """The facet's score: the weighted mean of its standardised signals (weights from
    ``rater["weights"][facet]``; equal weights where the rater has none)."""
    rater = rater or load_rater()
    std = rater["standardise"][facet]
    weights = (rater.get("weights") or {}).get(facet) or {}
    w = np.array([weights.get(k, 1.0) for k in rater["signals"]], dtype=float)
    if w.sum() <= 0:
        w = np.ones(len(w))
    z = np.array([(signals[k] - std[k][0]) / std[k][1] for k in rater["signals"]], dtype=float)
    return float(z @ w / w.sum())


def to_rating(facet: str, score: float, rater: dict | None = None) -> int:
    """Rating on the facet's scale: 1 + number of calibrated thresholds ``score`` reaches."""
    th = (rater or load_rater())["thresholds"][facet]
    return 1 + sum(score >= t for t in th)


def ratings_from_signals(signals: dict, rater: dict | None = None, facets=FACETS,
                         empty_candidate_one: bool = False) -> tuple[dict, dict]:
    """``(ratings, evidence)`` from :func:`facet_signals` output."""
    rater = rater or load_rater()
    ratings, evidence = {}, {}
    for f in facets:
        s = signals[f]
        if s is None:
            ratings[f] = 0
            evidence[f] = {"rule": "reference facet empty"}
        elif empty_candidate_one and not s["has_candidate"]:
            ratings[f] = 1
            evidence[f] = dict(s, rule="candidate facet empty")
        else:
            score = combine(f, s, rater)
            ratings[f] = to_rating(f, score, rater)
            evidence[f] = dict(s, score=round(score, 4))
    return ratings, evidence


def rate(ref: dict, cand: dict, embed=None, rater: dict | None = None, facets=FACETS,
         empty_candidate_one: bool = False, probs: np.ndarray | None = None,
         cand_text: str | None = None) -> tuple[dict, dict]:
    """``(ratings, evidence)``: facet → int rating (0 absent), and the signals and score behind it.

    ``probs`` defaults to :func:`~scholartools.facets.decompose.facet_probabilities` of ``cand``.
    With ``empty_candidate_one`` a facet the candidate has no sentence for is rated 1 (the FM
    authors' rule; right for given facets).
    """
    if embed is None:
        from scholartools.embeddings import encode as embed
    if probs is None:
        from scholartools.facets.decompose import facet_probabilities

        probs = facet_probabilities(cand)
    return ratings_from_signals(facet_signals(ref, cand, probs, embed, cand_text), rater, facets,
                                empty_candidate_one)


def quantile_thresholds(scores: list[float], human: list[int], top: int) -> list[float]:
    """Thresholds that give ``scores`` the same rating distribution as ``human`` (1..top).

    >>> quantile_thresholds([0.1, 0.2, 0.3, 0.4], [1, 2, 2, 3], 3)
    [0.15, 0.35]
    """
    s = np.sort(np.asarray(scores, dtype=float))
    h = np.asarray(human)
    out = []
    n = len(s)
    for k in range(1, top):
        below = int((h <= k).sum())  # this many scores must stay under threshold k
        if below <= 0:
            out.append(float(s[0]) - 1e-6)
        elif below >= n:
            out.append(float(s[-1]) + 1e-6)
        else:
            out.append(round(float((s[below - 1] + s[below]) / 2), 6))
    return out
