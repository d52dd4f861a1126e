"""Retrieval over a set of texts: BM25, dense (the shared embeddings) and their fusion.

One index is built once over a collection (a RAG corpus's chunks, a paper's claims) and queried
many times; nothing is rebuilt per query. Used by ``st-generate --task limitations --rag``
(BAGELS §5.5), ``st-claims --task associate`` (CLAIMCHECK) and ``st-extract-limits``.

    >>> idx = HybridIndex(["Our model outperforms the baseline.", "We thank the reviewers."])
    >>> [h.index for h in idx.search("does the model beat the baseline", k=1)]
    [0]

Fusions (BAGELS §5.5):

* ``rrf`` — weighted reciprocal rank fusion, what the BAGELS code does through LangChain's
  EnsembleRetriever: ``score(d) = Σ_r w_r / (c + rank_r(d))``, ranks from 1, ``c = 60``;
* ``score`` — what the paper's words say: ``Σ_r w_r · minmax(score_r(d))`` over the candidates.

BM25 is :mod:`bm25s` (Okapi, k1 = 1.5, b = 0.75, the values of rank_bm25 that the BAGELS code
used) over lower-cased word tokens; the dense side is :func:`scholartools.embeddings.encode`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["tokenize", "BM25Index", "DenseIndex", "HybridIndex", "Hit", "rrf", "score_fusion", "RRF_C",
           "dedupe", "has_match"]

#: the reciprocal-rank constant of LangChain's EnsembleRetriever (BAGELS' code)
RRF_C = 60
_TOKEN = re.compile(r"\w+", re.UNICODE)


def tokenize(text: str) -> list[str]:
    """Lower-cased word tokens (letters, digits and underscores)."""
    return _TOKEN.findall(text.lower())


class BM25Index:
    """Okapi BM25 over ``texts`` (bm25s, sparse matrices: fast to build and to score)."""

    def __init__(self, texts: Sequence[str], k1: float = 1.5, b: float = 0.75, method: str = "robertson"):
        import bm25s

        self.size = len(texts)
        self._bm25 = bm25s.BM25(k1=k1, b=b, method=method)
        tokens = [tokenize(t) or ["\u2205"] for t in texts]   # an empty text still takes its row
        vocab: dict[str, int] = {}
        ids = [[vocab.setdefault(tok, len(vocab)) for tok in doc] for doc in tokens]
        self._vocab = vocab
        if self.size:
            self._bm25.index(bm25s.tokenization.Tokenized(ids=ids, vocab=vocab), show_progress=False)

    def scores(self, query: str) -> "np.ndarray":
        """BM25 score of every text for ``query`` (0 for texts sharing no word with it)."""
        import numpy as np

        known = [t for t in tokenize(query) if t in self._vocab]
        if not self.size or not known:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._bm25.get_scores(known), dtype=np.float32)


class DenseIndex:
    """Cosine similarity over the shared sentence embeddings (vectors computed once, batched)."""

    def __init__(self, texts: Sequence[str], vectors=None):
        from scholartools import embeddings

        self.size = len(texts)
        self.vectors = vectors if vectors is not None else embeddings.encode(list(texts))

    def scores(self, query: str | None = None, vector=None) -> "np.ndarray":
        from scholartools import embeddings

        if vector is None:
            vector = embeddings.encode([query or ""])[0]
        return self.vectors @ vector

    def scores_many(self, queries: Sequence[str]) -> "np.ndarray":
        """Cosine of every query (rows) with every text (columns), the queries encoded in one batch."""
        from scholartools import embeddings

        return embeddings.encode(list(queries)) @ self.vectors.T


@dataclass
class Hit:
    """One retrieved text: its position in the index, fused score and each retriever's rank/score."""

    index: int
    score: float
    ranks: dict[str, int | None] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"index": self.index, "score": round(float(self.score), 6),
                "ranks": dict(self.ranks), "scores": {k: round(float(v), 6) for k, v in self.scores.items()}}


def _ranking(scores, k: int | None) -> list[int]:
    """Indexes by descending score (ties by index), the top ``k`` (all when None)."""
    import numpy as np

    order = np.lexsort((np.arange(len(scores)), -np.asarray(scores, dtype=np.float64)))
    return [int(i) for i in (order if k is None else order[:k])]


def rrf(rankings: dict[str, list[int]], weights: dict[str, float] | None = None, c: int = RRF_C) -> dict[int, float]:
    """Weighted reciprocal rank fusion: ``Σ_r w_r / (c + rank_r(d))`` (ranks from 1)."""
    fused: dict[int, float] = {}
    for name, ranking in rankings.items():
        w = 1.0 if weights is None else weights.get(name, 0.0)
        for rank, doc in enumerate(ranking, 1):
            fused[doc] = fused.get(doc, 0.0) + w / (c + rank)
    return fused


def score_fusion(scores: dict[str, dict[int, float]], weights: dict[str, float] | None = None) -> dict[int, float]:
    """Weighted sum of min-max normalised scores over the union of candidates (a candidate a
    retriever did not return counts 0 for it)."""
    fused: dict[int, float] = {}
    for name, by_doc in scores.items():
        if not by_doc:
            continue
        w = 1.0 if weights is None else weights.get(name, 0.0)
        lo, hi = min(by_doc.values()), max(by_doc.values())
        span = hi - lo
        for doc, s in by_doc.items():
            fused[doc] = fused.get(doc, 0.0) + w * ((s - lo) / span if span > 0 else 1.0)
    return fused


class HybridIndex:
    """BM25 + dense retrieval over ``texts``, fused (see the module docstring)."""

    def __init__(self, texts: Sequence[str], vectors=None, dense: bool = True, bm25: bool = True):
        self.texts = list(texts)
        self.bm25 = BM25Index(self.texts) if bm25 else None
        self.dense = DenseIndex(self.texts, vectors) if dense else None

    def __len__(self) -> int:
        return len(self.texts)

    def search(self, query: str, k: int = 20, fusion: str = "rrf", weights: dict[str, float] | None = None,
               per_retriever: int | None = None, c: int = RRF_C, allowed: Sequence[int] | None = None) -> list[Hit]:
        """The top ``k`` texts for ``query``.

        Each retriever contributes its top ``per_retriever`` (default ``k``, as the BAGELS code's
        ``k=20`` per retriever); ``weights`` default to 0.5 / 0.5; ``allowed`` restricts the
        search to those indexes (e.g. the chunks of the papers related to this one).
        """
        return self.search_many([query], k, fusion, weights, per_retriever, c, allowed)[0]

    def search_many(self, queries: Sequence[str], k: int = 20, fusion: str = "rrf",
                    weights: dict[str, float] | None = None, per_retriever: int | None = None, c: int = RRF_C,
                    allowed: Sequence[int] | None = None, query_vectors=None) -> list[list[Hit]]:
        """:meth:`search` for several queries at once: the dense side encodes them in one batch
        (or takes ``query_vectors``, one row per query, encoded by the caller with the texts of
        other indexes); the result is one list of hits per query, as :meth:`search` gives."""
        import numpy as np

        if fusion not in ("rrf", "score"):
            raise ValueError(f"unknown fusion {fusion!r} (rrf or score)")
        if not self.texts:
            return [[] for _ in queries]
        mask = None
        if allowed is not None:
            mask = np.zeros(len(self.texts), dtype=bool)
            mask[list(allowed)] = True
            if not mask.any():
                return [[] for _ in queries]
        dense = None
        if self.dense is not None and len(queries):
            if query_vectors is None:
                from scholartools import embeddings

                query_vectors = embeddings.encode(list(queries))
            dense = np.asarray(query_vectors) @ self._vectors_t()
        out = []
        for qi, query in enumerate(queries):
            raw: dict[str, np.ndarray] = {}
            if self.bm25 is not None:
                raw["bm25"] = self.bm25.scores(query)
            if dense is not None:
                raw["dense"] = dense[qi]
            out.append(_fuse(raw, k, fusion, weights or {"bm25": 0.5, "dense": 0.5}, per_retriever or k, c, mask))
        return out

    def _vectors_t(self):
        """The dense vectors, transposed once (queries @ vectors_T gives cosines)."""
        if getattr(self, "_vt", None) is None:
            self._vt = self.dense.vectors.T
        return self._vt


def _fuse(raw: dict, k: int, fusion: str, weights: dict[str, float], per: int, c: int, mask) -> list[Hit]:
    """Rank each retriever's scores (top ``per`` each), fuse, and return the top ``k`` hits."""
    import numpy as np

    rankings, top_scores = {}, {}
    for name, s in raw.items():
        s = np.where(mask, s, -np.inf) if mask is not None else s
        order = [i for i in _ranking(s, None) if np.isfinite(s[i])][:per]
        if name == "bm25":   # BM25 returns only texts sharing a word with the query
            order = [i for i in order if s[i] > 0]
        rankings[name] = order
        top_scores[name] = {i: float(s[i]) for i in order}
    fused = rrf(rankings, weights, c) if fusion == "rrf" else score_fusion(top_scores, weights)
    best = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
    hits = []
    for doc, score in best:
        ranks = {name: (r.index(doc) + 1 if doc in r else None) for name, r in rankings.items()}
        hits.append(Hit(doc, score, ranks, {name: float(raw[name][doc]) for name in raw}))
    return hits


# ------------------------------------------------------------------------------------ near duplicates

def _same_words(a: str, b: str) -> bool:
    return tokenize(a) == tokenize(b)


def dedupe(texts: Sequence[str], threshold: float, vectors=None, always_keep: int = 0) -> list[int]:
    """Indexes of ``texts`` kept when a text is dropped as a near duplicate of one kept before it:
    the same words, or (``vectors``: text → L2-normalised embedding) a cosine ≥ ``threshold``. The
    first ``always_keep`` texts are kept whatever they match (e.g. an authors' list that another
    list is merged into). Used by ``st-extract-limits`` to merge author and reviewer points.

    >>> dedupe(["Only English.", "only  english", "Small data."], 0.9)
    [0, 2]
    """
    import numpy as np

    kept: list[int] = []
    for i, t in enumerate(texts):
        if i >= always_keep and kept:
            if any(_same_words(t, texts[k]) for k in kept):
                continue
            if vectors is not None:
                sims = np.stack([vectors[texts[k]] for k in kept]) @ vectors[t]
                if float(sims.max()) >= threshold:
                    continue
        kept.append(i)
    return kept


def has_match(queries: Sequence[str], pool: Sequence[str], threshold: float, vectors=None) -> list[bool]:
    """For each query, whether some text of ``pool`` is the same words or (with ``vectors``) has a
    cosine ≥ ``threshold`` with it."""
    import numpy as np

    if not pool:
        return [False] * len(queries)
    out = []
    matrix = np.stack([vectors[p] for p in pool]) if vectors is not None else None
    for q in queries:
        hit = any(_same_words(q, p) for p in pool)
        if not hit and matrix is not None:
            hit = float((matrix @ vectors[q]).max()) >= threshold
        out.append(hit)
    return out
