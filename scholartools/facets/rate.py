"""Offline facet rater: per-facet alignment from the shared sentence embeddings, mapped to the FM
scales (background / conclusion 1–3, method / result 1–4) by thresholds calibrated on ScholarSum
PubMed human ratings.

For a facet f with reference sentences R_f and candidate sentences C_f (C = all candidate sentences):

    recall(R, X) = mean over r in R of max over x in X of cos(r, x)
    score_f      = (recall(R_f, C_f) + recall(R_f, C)) / 2

The second term keeps the score robust to errors of the candidate's decomposition. Empty-facet
rules of the FM authors' code: reference facet empty → 0 (facet absent, dropped by st-score);
candidate facet empty → 1. Otherwise the rating is the number of thresholds ``score_f`` reaches,
plus one. The thresholds (``model/rater.json``) put the predicted rating distribution of each
facet on the human one over the PubMed pairs (quantile matching: one threshold per scale step and
facet, no other parameter), made by ``python -m scholartools.facets.calibrate``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np

from scholartools.facets.roles import FACETS

SCALE_MAX = {"background": 3, "method": 4, "result": 4, "conclusion": 3}
RATER_FILE = Path(__file__).with_name("model") / "rater.json"


@lru_cache(maxsize=2)
def load_thresholds(path: str | None = None) -> dict:
    return json.loads(Path(path or RATER_FILE).read_text(encoding="utf-8"))


def _recall(sim: np.ndarray) -> float:
    return float(sim.max(axis=1).mean()) if sim.size else 0.0


def facet_scores(ref: dict, cand: dict, embed=None) -> dict:
    """Continuous alignment per facet: ``{facet: {"score", "recall_facet", "recall_all"} | None}``.

    ``ref`` / ``cand`` are facet records (``labels`` + ``sentences``). None when the reference has
    no sentence for the facet; ``recall_facet`` is None when the candidate has none.
    """
    if embed is None:
        from scholartools.embeddings import encode as embed
    rs, cs = ref["sentences"], cand["sentences"]
    vecs = embed(list(rs) + list(cs)) if (rs or cs) else np.zeros((0, 1))
    rv, cv = vecs[: len(rs)], vecs[len(rs):]
    out: dict = {}
    for f in FACETS:
        ri = [i for i, lab in enumerate(ref["labels"]) if lab == f]
        if not ri:
            out[f] = None
            continue
        ci = [i for i, lab in enumerate(cand["labels"]) if lab == f]
        sim_all = rv[ri] @ cv.T if len(cs) else np.zeros((len(ri), 0))
        r_all = _recall(sim_all)
        r_f = _recall(sim_all[:, ci]) if ci else None
        score = 0.5 * (r_f if r_f is not None else 0.0) + 0.5 * r_all
        out[f] = {"score": round(score, 4), "recall_facet": None if r_f is None else round(r_f, 4),
                  "recall_all": round(r_all, 4)}
    return out


def to_rating(facet: str, score: float, thresholds: dict | None = None) -> int:
    """Rating on the facet's scale: 1 + number of calibrated thresholds ``score`` reaches."""
    th = (thresholds or load_thresholds())["thresholds"][facet]
    return 1 + sum(score >= t for t in th)


def rate(ref: dict, cand: dict, embed=None, thresholds: dict | None = None,
         facets=FACETS, empty_candidate_one: bool = True) -> tuple[dict, dict]:
    """``(ratings, evidence)``: facet → int rating (0 absent, 1 candidate empty), and the scores.

    With ``empty_candidate_one=False`` an empty candidate facet is rated from its score like any
    other (its facet recall counts as 0), which forgives decomposition misses in the candidate.
    """
    scores = facet_scores(ref, cand, embed)
    ratings, evidence = {}, {}
    for f in facets:
        s = scores[f]
        if s is None:
            ratings[f] = 0
            evidence[f] = {"rule": "reference facet empty"}
        elif s["recall_facet"] is None and empty_candidate_one:
            ratings[f] = 1
            evidence[f] = dict(s, rule="candidate facet empty")
        else:
            ratings[f] = to_rating(f, s["score"], thresholds)
            evidence[f] = s
    return ratings, evidence


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
