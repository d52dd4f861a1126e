"""RAG index speed (st-generate --task limitations --rag): building the hybrid index over 1,000
corpus chunks once, then retrieving for 100 queries, measured against what bounds it in the same run.

* corpus: the real papers of ``../shared/external/pdfs/`` parsed with st-parse's library function,
  split by section into BAGELS' 512 / 32 character chunks (:class:`scholartools.generate.rag.RagCorpus`),
  the first ``--chunks`` chunks kept;
* build: :class:`scholartools.retrieval.HybridIndex` over those chunks (BM25 via bm25s + dense
  vectors), against its physical floor measured on the same texts — encoding them with the shared
  embedder alone (``embeddings.encode``);
* queries: ``--queries`` query texts (the first 300 characters of chunks spread over the corpus),
  each searched in a random 40-chunk subset (a paper's related papers), k = 20, RRF fusion;
  against the floor of one query — encoding the query alone;
* once per run vs per paper: the index (chunking and title matchers of the whole corpus, BM25 and
  dense over the chunks) paid once, against rebuilding it for every query (what building an index
  per paper would cost, estimated as queries × build).

Run: OPENBLAS_NUM_THREADS=1 python benchmarks/rag_index_speed.py [--chunks 1000] [--queries 100]
(with several processes on few cores, OpenBLAS's spinning threads cost more than they give).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402


def corpus_records() -> list[dict]:
    from scholartools.parsing import parse_path

    recs = []
    for pdf in sorted(dataset_dir("pdfs").rglob("*.pdf")):
        rec = parse_path(str(pdf))
        if "error" not in rec and rec.get("sections"):
            recs.append(rec)
    return recs


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chunks", type=int, default=1000)
    ap.add_argument("--queries", type=int, default=100)
    args = ap.parse_args()

    from scholartools import embeddings
    from scholartools.generate.rag import RagCorpus
    from scholartools.retrieval import HybridIndex

    t_parse, recs = timed(corpus_records)
    embeddings.encode(["warm-up: load the model"])
    # chunk only (no index) to pick the texts: a RagCorpus without the dense side is cheap
    t_chunk, probe = timed(lambda: RagCorpus(recs, dense=False))
    texts = [c.text for c in probe.chunks][:args.chunks]
    print(f"corpus: {len(recs)} parsed papers ({t_parse:.1f} s), {len(probe.chunks)} chunks "
          f"(chunking + BM25 + matchers {t_chunk:.2f} s); using {len(texts)} chunks, "
          f"mean {sum(map(len, texts)) / len(texts):.0f} characters")

    t_encode, _ = timed(lambda: embeddings.encode(texts))
    t_build, index = timed(lambda: HybridIndex(texts))
    print(f"build: HybridIndex over {len(texts)} chunks {t_build:.2f} s; encoding the same texts alone "
          f"{t_encode:.2f} s; ratio {t_build / t_encode:.2f} (1.00 = the index costs only its embeddings)")

    rng = random.Random(0)
    step = max(1, len(texts) // args.queries)
    queries = [texts[i][:300] for i in range(0, len(texts), step)][:args.queries]
    subsets = [rng.sample(range(len(texts)), min(40, len(texts))) for _ in queries]
    t_queries, hits = timed(lambda: [index.search(q, k=20, allowed=s) for q, s in zip(queries, subsets)])
    t_qenc, _ = timed(lambda: [embeddings.encode([q]) for q in queries])
    assert all(h and h[0].index in s for h, s in zip(hits, subsets))
    per = t_queries / len(queries)
    print(f"queries: {len(queries)} searches in {t_queries:.2f} s ({per * 1000:.1f} ms each); encoding the "
          f"queries alone {t_qenc:.2f} s; ratio {t_queries / t_qenc:.2f} (1.00 = retrieval costs only the query "
          f"embedding)")

    build_once = t_chunk + t_build
    rebuild = build_once * len(queries)
    once = build_once + t_queries
    print(f"once per run: index (chunking, matchers, BM25, dense) {build_once:.2f} s + {len(queries)} queries "
          f"{t_queries:.2f} s = {once:.1f} s; rebuilding the index per query ≈ {rebuild:.0f} s; "
          f"ratio {rebuild / once:.0f}x")

if __name__ == "__main__":
    main()
