"""BAGELS' RAG over a local corpus of paper records (§5.5): related papers, chunks, retrieval,
and the re-ranker's reply.

:class:`RagCorpus` is built once per run from a JSONL file of paper records (``st-parse``
output, or records written by hand with ``title``, ``abstract``, ``sections``, ``references``):

* every paper is split **by section** — one document for the abstract (``"Abstract: …"``) and
  one per section (``"{heading}: {text}"``, reference and acknowledgment sections left out) —
  then into chunks of ``chunk_size`` characters with ``chunk_overlap`` (BAGELS' code: 512 / 32,
  LangChain's paragraph splitter: :func:`scholartools.text.chunks.split_chunks`);
* one :class:`~scholartools.retrieval.HybridIndex` (BM25 + dense) holds all chunks; a query is
  restricted to the chunks of the papers related to the paper at hand (``allowed``), so nothing
  is rebuilt per paper;
* relations of a paper (:meth:`RagCorpus.relations`): ``cited-in`` — its references matched to
  corpus titles (DOI equality, else rapidfuzz ``token_sort_ratio`` of the titles, else
  ``partial_ratio`` of a corpus title inside the raw reference string, for titles of 4+ words),
  ``cited-by`` — corpus papers with a reference that matches the paper's title the same way,
  ``similar`` — the ``similar_k`` corpus papers whose abstracts are closest in embedding cosine;
  ``random`` — BAGELS' "100 random papers" index (Table 4; the authors' GPT-3.5 RAG notebook:
  ``df.sample(n=100, random_state=42)``): the same ``random_k`` corpus papers for every query,
  drawn as pandas draws them (``numpy.random.RandomState(seed).choice(n, k, replace=False)``
  over the corpus in file order). The paper itself (same id, DOI or title) is never related to itself.

The BAGELS paper builds a separate index per paper over its related papers; one index over the
whole corpus with a per-paper restriction ranks the same chunks by the same dense scores, while
BM25's IDF comes from the whole corpus instead of the related papers only (documented in
``docs/st-generate.md``).
"""
from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass, field

from scholartools.records import id_text
from scholartools.text.chunks import CHUNK_OVERLAP, CHUNK_SIZE, split_chunks
from scholartools.vocabulary import RAG_RELATIONS

__all__ = ["RagCorpus", "Chunk", "load_corpus", "parse_rerank", "random_sample", "MATCH_THRESHOLD", "SIMILAR_K",
           "RANDOM_K", "RANDOM_SEED"]

#: rapidfuzz score (0-100) at which a reference and a title are the same paper
MATCH_THRESHOLD = 90
#: BAGELS' semantic relation: the top 5 Semantic Scholar neighbours (§5.5)
SIMILAR_K = 5
#: BAGELS' random index: 100 papers, pandas ``random_state=42`` (Table 4; GPT-3.5 RAG notebook)
RANDOM_K = 100
RANDOM_SEED = 42
_SKIP_TYPES = ("references", "acknowledgments")
_MIN_RAW_TITLE_WORDS = 4


@dataclass
class Chunk:
    id: str
    paper: str
    text: str


@dataclass
class _Paper:
    id: str
    title: str
    norm_title: str
    doi: str | None
    abstract: str
    refs: list = field(default_factory=list)   # (norm title, norm raw, doi)


def _norm(text: str | None) -> str:
    from rapidfuzz import utils

    return utils.default_process(text or "")


def _doi(value) -> str | None:
    return value.strip().lower() if isinstance(value, str) and value.strip() else None


class RagCorpus:
    """The corpus, its chunks, one hybrid index and the matchers of the relations (built once)."""

    def __init__(self, papers: list[dict], chunk_size: int = CHUNK_SIZE, chunk_overlap: int = CHUNK_OVERLAP,
                 dense: bool = True, match_threshold: float = MATCH_THRESHOLD):
        from scholartools.generate import paper as P
        from scholartools.retrieval import HybridIndex

        self.threshold = match_threshold
        self.papers: list[_Paper] = []
        self.chunks: list[Chunk] = []
        self.paper_chunks: dict[str, list[int]] = {}
        for n, rec in enumerate(papers):
            pid = id_text(rec.get("id") or f"corpus-{n}")
            title = P.title(rec, {})
            refs = []
            for ref in rec.get("references") or []:
                if isinstance(ref, dict):
                    refs.append((_norm(ref.get("title")), _norm(ref.get("raw")), _doi(ref.get("doi"))))
                elif isinstance(ref, str):
                    refs.append(("", _norm(ref), None))
            doi = _doi(rec.get("doi")) or _doi((rec.get("source") or {}).get("doi") if isinstance(rec.get("source"), dict) else None)
            self.papers.append(_Paper(pid, title, _norm(title), doi, P.abstract(rec, {}), refs))
            docs = []
            if self.papers[-1].abstract.strip():
                docs.append(f"Abstract: {self.papers[-1].abstract.strip()}")
            for sec in P.sections(rec, {}, required=False):
                if sec.get("type") in _SKIP_TYPES or not sec["text"].strip():
                    continue
                docs.append(f"{P.label(sec)}: {sec['text'].strip()}")
            ids = []
            for doc in docs:
                for piece in split_chunks(doc, chunk_size, chunk_overlap):
                    ids.append(len(self.chunks))
                    self.chunks.append(Chunk(f"{pid}#c{len(ids) - 1}", pid, piece))
            self.paper_chunks.setdefault(pid, []).extend(ids)
        self.index = HybridIndex([c.text for c in self.chunks], dense=dense)
        self._by_id = {p.id: i for i, p in enumerate(self.papers)}
        # cited-by: every reference of every corpus paper, with its owner
        self._ref_titles = [(r[0], i) for i, p in enumerate(self.papers) for r in p.refs if r[0]]
        self._ref_raws = [(r[1], i) for i, p in enumerate(self.papers) for r in p.refs if r[1]]
        self._abstracts = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.chunks)

    # ------------------------------------------------------------------ relations
    def _is_self(self, p: _Paper, rec_id: str | None, norm_title: str, doi: str | None) -> bool:
        from rapidfuzz import fuzz

        if rec_id is not None and p.id == rec_id:
            return True
        if doi and p.doi == doi:
            return True
        return bool(norm_title) and bool(p.norm_title) and fuzz.token_sort_ratio(norm_title, p.norm_title) >= self.threshold

    def _cited_in(self, refs: list, skip: set[int]) -> dict[int, dict]:
        from rapidfuzz import fuzz, process

        titles = [p.norm_title for p in self.papers]
        long_titles = {i: t for i, t in enumerate(titles) if len(t.split()) >= _MIN_RAW_TITLE_WORDS}
        found: dict[int, dict] = {}

        def keep(i, score, via):
            if i not in skip and (i not in found or score > found[i]["score"]):
                found[i] = {"score": round(float(score), 1), "via": via}

        for ref in refs:
            if isinstance(ref, str):
                ref = {"raw": ref}
            if not isinstance(ref, dict):
                continue
            doi = _doi(ref.get("doi"))
            if doi:
                for i, p in enumerate(self.papers):
                    if p.doi == doi:
                        keep(i, 100.0, "doi")
            title = _norm(ref.get("title"))
            if title:
                best = process.extractOne(title, titles, scorer=fuzz.token_sort_ratio, processor=None,
                                          score_cutoff=self.threshold)
                if best:
                    keep(best[2], best[1], "title")
                    continue
            raw = _norm(ref.get("raw"))
            if raw:
                cands = {i: t for i, t in long_titles.items() if len(t) <= len(raw)}
                best = process.extractOne(raw, cands, scorer=fuzz.partial_ratio, processor=None,
                                          score_cutoff=self.threshold)
                if best:
                    keep(best[2], best[1], "raw")
        return found

    def _cited_by(self, norm_title: str, doi: str | None, skip: set[int]) -> dict[int, dict]:
        from rapidfuzz import fuzz, process

        found: dict[int, dict] = {}

        def keep(i, score, via):
            if i not in skip and (i not in found or score > found[i]["score"]):
                found[i] = {"score": round(float(score), 1), "via": via}

        if doi:
            for i, p in enumerate(self.papers):
                if any(r[2] == doi for r in p.refs):
                    keep(i, 100.0, "doi")
        if not norm_title:
            return found
        for _, score, k in process.extract(norm_title, [t for t, _ in self._ref_titles], scorer=fuzz.token_sort_ratio,
                                           processor=None, score_cutoff=self.threshold, limit=None):
            keep(self._ref_titles[k][1], score, "title")
        if len(norm_title.split()) >= _MIN_RAW_TITLE_WORDS:
            raws = {k: r for k, (r, _) in enumerate(self._ref_raws) if len(r) >= len(norm_title)}
            for _, score, k in process.extract(norm_title, raws, scorer=fuzz.partial_ratio, processor=None,
                                               score_cutoff=self.threshold, limit=None):
                keep(self._ref_raws[k][1], score, "raw")
        return found

    def _similar(self, text: str, skip: set[int], k: int) -> dict[int, dict]:
        from scholartools.retrieval import DenseIndex

        with self._lock:
            if self._abstracts is None:   # encoded on first use only: cited-in / cited-by need no vectors
                self._abstracts = DenseIndex([p.abstract for p in self.papers])
        if not text.strip():
            return {}
        sims = self._abstracts.scores(text)
        order = sorted((i for i, p in enumerate(self.papers) if i not in skip and p.abstract.strip()),
                       key=lambda i: (-float(sims[i]), i))
        return {i: {"score": round(float(sims[i]), 4), "via": "abstract cosine"} for i in order[:k]}

    def _random(self, skip: set[int], k: int, seed: int) -> dict[int, dict]:
        return {i: {"score": 0.0, "via": f"random sample ({k}, seed {seed})"}
                for i in random_sample(len(self.papers), k, seed) if i not in skip}

    def relations(self, rec: dict, wanted: tuple[str, ...] = ("cited-in", "cited-by"), similar_k: int = SIMILAR_K,
                  fields: dict | None = None, random_k: int = RANDOM_K,
                  random_seed: int = RANDOM_SEED) -> dict[str, list[dict]]:
        """``{relation: [{"paper", "title", "score", "via"}]}`` for the paper ``rec``."""
        from scholartools.generate import paper as P

        bad = [w for w in wanted if w not in RAG_RELATIONS]
        if bad:
            raise ValueError(f"unknown relation(s) {', '.join(bad)} ({', '.join(RAG_RELATIONS)})")
        fields = fields or {}
        title = _norm(P.title(rec, fields))
        doi = _doi(rec.get("doi"))
        rid = rec.get("id")
        skip = {i for i, p in enumerate(self.papers) if self._is_self(p, str(rid) if rid is not None else None, title, doi)}
        out: dict[str, list[dict]] = {}
        for rel in wanted:
            if rel == "cited-in":
                found = self._cited_in(P.read(rec, "references", fields, kind=list) or [], skip)
            elif rel == "cited-by":
                found = self._cited_by(title, doi, skip)
            elif rel == "random":
                found = self._random(skip, random_k, random_seed)
            else:
                found = self._similar(P.abstract(rec, fields) or P.title(rec, fields), skip, similar_k)
            out[rel] = [{"paper": self.papers[i].id, "title": self.papers[i].title, **v}
                        for i, v in sorted(found.items(), key=lambda kv: (-kv[1]["score"], kv[0]))]
        return out

    def allowed_chunks(self, relations: dict[str, list[dict]]) -> dict[int, str]:
        """Chunk index → the first relation (in ``relations`` order) through which its paper is related."""
        out: dict[int, str] = {}
        for rel, papers in relations.items():
            for p in papers:
                for c in self.paper_chunks.get(p["paper"], []):
                    out.setdefault(c, rel)
        return out

    def search(self, query: str, allowed: list[int], k: int = 20, fusion: str = "rrf"):
        """The top ``k`` chunks among ``allowed`` for ``query`` (:meth:`HybridIndex.search`)."""
        if not allowed:
            return []
        return self.index.search(query, k=k, fusion=fusion, allowed=sorted(allowed))


def random_sample(n: int, k: int, seed: int = RANDOM_SEED) -> list[int]:
    """Positions of ``k`` of ``n`` papers as ``pandas.DataFrame.sample(n=k, random_state=seed)``
    picks them (all ``n`` when ``k >= n``), in draw order."""
    import numpy as np

    if k >= n:
        return list(range(n))
    return [int(i) for i in np.random.RandomState(seed).choice(n, size=k, replace=False)]


# ---------------------------------------------------------------------- loading, once per process

_CACHE: dict[tuple, RagCorpus] = {}
_CACHE_LOCK = threading.Lock()


def load_corpus(path: str, chunk_size: int = CHUNK_SIZE, chunk_overlap: int = CHUNK_OVERLAP,
                match_threshold: float = MATCH_THRESHOLD) -> RagCorpus:
    """The :class:`RagCorpus` of the JSONL file ``path`` (built once per process for the same
    file contents and settings). Raises ``OSError`` / ``ValueError`` for a file that cannot be
    read or holds no paper record."""
    from scholartools.records import is_error, iter_lines, open_binary

    st = os.stat(path)
    key = (os.path.realpath(path), st.st_size, st.st_mtime_ns, chunk_size, chunk_overlap, match_threshold)
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    papers = []
    with open_binary(path) as f:
        for rec in iter_lines(f, path, "st-generate"):
            if is_error(rec):
                line = rec["error"].get("line")
                raise ValueError(f"{path}, line {line}: {rec['error'].get('message')}")
            papers.append(rec)
    if not papers:
        raise ValueError(f"{path} holds no paper record")
    corpus = RagCorpus(papers, chunk_size, chunk_overlap, match_threshold=match_threshold)
    with _CACHE_LOCK:
        _CACHE.clear()   # one corpus at a time: the index holds every chunk's vector
        _CACHE[key] = corpus
    return corpus


# ---------------------------------------------------------------------- the re-ranker's reply

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_CHUNK_KEYS = ("chunk", "chunk_number", "chunk_id", "chunk number", "number", "id", "index")
_SCORE_KEYS = ("score", "relevance_score", "relevance score", "relevance", "rating")


def _num(value) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        m = _NUMBER.search(value)
        return float(m.group(0)) if m else None
    return None


def parse_rerank(text: str) -> dict[int, float]:
    """Chunk number → relevance score (1-10) from the re-ranker's JSON array.

    Keys are read loosely (``chunk`` / ``Chunk_number`` / ``"Chunk 7"``, ``score`` /
    ``relevance_score`` / ``"8"``); an entry without a readable number or score is left out
    (that chunk is not kept); a reply without any readable entry raises ``ReplyParseError``.
    """
    from scholartools.llm.replies import ReplyParseError, parse_json

    data = parse_json(text, expect="array")
    out: dict[int, float] = {}
    for item in data:
        if not isinstance(item, dict):
            continue
        low = {str(k).strip().lower(): v for k, v in item.items()}
        number = next((_num(low[k]) for k in _CHUNK_KEYS if k in low and _num(low[k]) is not None), None)
        score = next((_num(low[k]) for k in _SCORE_KEYS if k in low and _num(low[k]) is not None), None)
        if number is None or score is None or not 0 <= score <= 10:
            continue
        out[int(number)] = score
    if not out:
        raise ReplyParseError('expected a JSON array of {"chunk": <number>, "score": <1-10>} objects')
    return out
