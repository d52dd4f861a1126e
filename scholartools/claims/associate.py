"""Offline weakness → claim association (CLAIMCHECK CA, §3.1 of the spec): for each review
weakness, up to three of the paper's claims it targets, or none.

The paper's claims are indexed once per paper with the shared retrieval module
(:class:`scholartools.retrieval.HybridIndex`: BM25 via bm25s + MiniLM cosine, reciprocal rank
fusion), and every weakness of the paper is a query against that one index (the weaknesses are
encoded in one batch). A weakness is **ungrounded** (no target) when

* it is about something CLAIMCHECK keeps out of claim association — exposition, reproducibility,
  code, ethics, missing discussion, cost (:data:`~scholartools.vocabulary.PRESENTATION_WEAKNESS_CUES`)
  — and says nothing that disputes a claim (:data:`~scholartools.vocabulary.CLAIM_DISPUTE_CUES`:
  claims, generality, novelty, baselines, evidence); or
* no claim comes near it: the best claim's cosine is below ``min_similarity``.

Otherwise its targets are the best fused candidate and the next ones whose cosine is within
``margin`` of the best one's, at most ``max_targets``. The ranking itself (``candidates``) is
always given, so that Hit@k / MRR can be measured whatever the cut.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

DEFAULT_MAX_TARGETS = 3
DEFAULT_MIN_SIMILARITY = 0.3
DEFAULT_MARGIN = 0.05
DEFAULT_FUSION = "rrf"
#: candidates kept in the output per weakness (the ranking shown for inspection and Hit@k)
N_CANDIDATES = 5


@dataclass(frozen=True)
class AssociateOptions:
    max_targets: int = DEFAULT_MAX_TARGETS
    min_similarity: float = DEFAULT_MIN_SIMILARITY
    margin: float = DEFAULT_MARGIN
    fusion: str = DEFAULT_FUSION
    candidates: int = N_CANDIDATES


@lru_cache(maxsize=1)
def _cue_patterns():
    from scholartools.vocabulary import CLAIM_DISPUTE_CUES, PRESENTATION_WEAKNESS_CUES

    return ([re.compile(p, re.I) for p in PRESENTATION_WEAKNESS_CUES],
            [re.compile(p, re.I) for p in CLAIM_DISPUTE_CUES])


def presentational(text: str) -> bool:
    """True when a weakness is only about exposition, reproducibility, ethics, cost … (see the
    module docstring) and disputes no claim."""
    pres, dispute = _cue_patterns()
    return any(rx.search(text) for rx in pres) and not any(rx.search(text) for rx in dispute)


def associate(claims: list[dict], weaknesses: list[dict], options: AssociateOptions | None = None) -> list[dict]:
    """One association per weakness: ``{"targets": [ids], "target_scores": [...], "grounded",
    "candidates": [{id, score, bm25, dense, rank_bm25, rank_dense}], "reason"}``.

    ``claims`` are ``{"id", "text"}`` dicts, ``weaknesses`` ``{"text"}`` dicts; the claims are
    indexed once and the weaknesses encoded in one batch.
    """
    return associate_with_vectors(claims, weaknesses, None, None, options)


def associate_with_vectors(claims: list[dict], weaknesses: list[dict], claim_vectors, weakness_vectors,
                           options: AssociateOptions | None = None) -> list[dict]:
    """:func:`associate` with the embeddings given (rows aligned with ``claims`` / ``weaknesses``;
    None: encoded here), so that a caller encodes the texts of many papers in one call."""
    from scholartools.retrieval import HybridIndex

    opts = options or AssociateOptions()
    if not weaknesses:
        return []
    if not claims:
        return [{"targets": [], "target_scores": [], "grounded": False, "candidates": [], "reason": "no claims"}
                for _ in weaknesses]
    index = HybridIndex([c["text"] for c in claims], vectors=claim_vectors)
    n = len(claims)
    rankings = index.search_many([w["text"] for w in weaknesses], k=n, fusion=opts.fusion, per_retriever=n,
                                 query_vectors=weakness_vectors)
    return [_decide(claims, w["text"], hits, opts) for w, hits in zip(weaknesses, rankings)]


def _decide(claims: list[dict], text: str, hits, opts: AssociateOptions) -> dict:
    cands = [{"id": claims[h.index]["id"], "score": round(float(h.score), 6),
              "bm25": round(h.scores.get("bm25", 0.0), 4), "dense": round(h.scores.get("dense", 0.0), 4),
              "rank_bm25": h.ranks.get("bm25"), "rank_dense": h.ranks.get("dense")} for h in hits]
    out = {"targets": [], "target_scores": [], "grounded": False, "candidates": cands[:opts.candidates]}
    if not cands:
        out["reason"] = "no candidate"
        return out
    if presentational(text):
        out["reason"] = "presentation, reproducibility, ethics or cost weakness (not claim-related)"
        return out
    top_dense = max(c["dense"] for c in cands)
    if top_dense < opts.min_similarity:
        out["reason"] = f"no claim is similar enough (best cosine {top_dense:.3f} < {opts.min_similarity})"
        return out
    lead = cands[0]["dense"]
    chosen = [cands[0]]
    for c in cands[1:]:
        if len(chosen) >= opts.max_targets:
            break
        if c["dense"] >= max(lead - opts.margin, opts.min_similarity):
            chosen.append(c)
    out.update(targets=[c["id"] for c in chosen], target_scores=[c["score"] for c in chosen], grounded=True,
               reason="best fused candidates")
    return out
