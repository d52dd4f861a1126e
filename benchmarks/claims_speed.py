"""st-claims speed: claim extraction over 100 parsed papers, association over 1,000 weaknesses.

    python benchmarks/claims_speed.py [--papers 100] [--weaknesses 1000] [--naive 100]

Material: the 20 ReviewCritique papers (``body_text``, ``st-parse --format text``) and the PDFs of
``shared/external/pdfs`` (``st-parse``), cycled under new ids up to ``--papers`` records; the
weakness items of the 60 ReviewCritique LLM reviews, cycled up to ``--weaknesses``, spread over
the papers (10 per paper by default).

Reported, all measured in this run:

* extraction: papers/s and sentences/s of the offline extractor, beside the time the shared
  sentence splitter alone takes on the same text (a floor: extraction must at least split);
* association: the batched offline path of the command (one encode call for every weakness, one
  for every claim, one BM25 + dense index per paper) against (a) its floor, the embedding of the
  same texts: the encode time inside the run (robust to the machine's load changing) and the two
  encode calls timed again afterwards, and (b) the naive path that builds the index again for every
  weakness (timed on ``--naive`` weaknesses and scaled); the number of indexes built is counted, to
  show that it is one per paper (with claims), not one per weakness.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402


def papers(n: int) -> list[dict]:
    from scholartools.parsing import parse_paths

    texts = [json.loads(line)["body_text"] for line in (dataset_dir("aaar") / "ReviewCritique_LLM.jsonl").open()]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, t in enumerate(texts):
            p = Path(tmp) / f"rc{i:02d}.txt"
            p.write_text(t, encoding="utf-8")
            paths.append(str(p))
        recs = [r for r in parse_paths(paths, fmt="text") if "error" not in r]
    pdfs = sorted((dataset_dir("pdfs")).rglob("*.pdf"))
    recs += [r for r in parse_paths([str(p) for p in pdfs]) if "error" not in r and r.get("sections")]
    out = []
    while len(out) < n:
        for r in recs:
            if len(out) == n:
                break
            out.append(dict(r, id=f"{r['id']}#{len(out)}"))
    return out


def weakness_texts(n: int) -> list[str]:
    from scholartools.reviewcritique import review_records

    items = [w["text"] for r in review_records(dataset_dir("aaar") / "ReviewCritique_LLM.segments.jsonl")
             for w in r["gold_weakness_items"]]
    return [items[i % len(items)] for i in range(n)]


class Ctx:
    def __init__(self, options):
        self.options = options


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--papers", type=int, default=100)
    ap.add_argument("--weaknesses", type=int, default=1000)
    ap.add_argument("--naive", type=int, default=100, help="weaknesses timed on the per-weakness-index path")
    args = ap.parse_args()

    from scholartools import embeddings, retrieval
    from scholartools.claims import offline
    from scholartools.claims.associate import associate_with_vectors
    from scholartools.claims.extract import paper_texts
    from scholartools.claims.fields import ClaimsOptions
    from scholartools.text.sentences import split_spans

    recs = papers(args.papers)
    ctx = Ctx(ClaimsOptions())
    embeddings.encode(["warm-up"])                         # model load is not the method's time

    t = time.perf_counter()
    n_sent = sum(len(split_spans(text)) for r in recs for _, _, _, text in paper_texts(r))
    t_split = time.perf_counter() - t
    t = time.perf_counter()
    extracted = offline.extract_batch(recs, ctx)
    t_extract = time.perf_counter() - t
    n_claims = sum(len(r["claims"]) for r in extracted)

    texts = weakness_texts(args.weaknesses)
    per = max(1, len(texts) // len(extracted))
    assoc_in = []
    for i, r in enumerate(extracted):
        chunk = texts[i * per:(i + 1) * per] if i < len(extracted) - 1 else texts[i * per:]
        assoc_in.append(dict(r, weaknesses=[{"id": f"w{k + 1}", "text": w} for k, w in enumerate(chunk)]))
    n_weak = sum(len(r["weaknesses"]) for r in assoc_in)

    built = {"n": 0, "encode": 0.0}
    original, encode = retrieval.HybridIndex.__init__, embeddings.encode

    def counting(self, *a, **kw):
        built["n"] += 1
        original(self, *a, **kw)

    def timed_encode(texts, *a, **kw):
        t0 = time.perf_counter()
        try:
            return encode(texts, *a, **kw)
        finally:
            built["encode"] += time.perf_counter() - t0

    retrieval.HybridIndex.__init__ = counting
    embeddings.encode = timed_encode
    try:
        t = time.perf_counter()
        out = offline.associate_batch(assoc_in, ctx)
        t_assoc = time.perf_counter() - t
        t_own_encode = built["encode"]
        n_index = built["n"]
        embeddings.encode = encode
        t = time.perf_counter()
        embeddings.encode([c["text"] for r in assoc_in for c in r["claims"]])
        embeddings.encode([w["text"] for r in assoc_in for w in r["weaknesses"]])
        t_floor = time.perf_counter() - t
        # naive: a fresh index (and fresh claim vectors) for every weakness
        sample = [(r, w) for r in assoc_in for w in r["weaknesses"]][:args.naive]
        built["n"] = 0
        t = time.perf_counter()
        for r, w in sample:
            claims = [{"id": c["id"], "text": c["text"]} for c in r["claims"]]
            associate_with_vectors(claims, [w], None, None)
        t_naive = (time.perf_counter() - t) / len(sample) * n_weak
    finally:
        retrieval.HybridIndex.__init__ = original
        embeddings.encode = encode

    n_out = sum(len(o) if isinstance(o, list) else 1 for o in out)
    result = {
        "papers": len(recs), "sentences": n_sent, "claims": n_claims,
        "extract_seconds": round(t_extract, 3), "papers_per_second": round(len(recs) / t_extract, 1),
        "sentences_per_second": round(n_sent / t_extract), "split_only_seconds": round(t_split, 3),
        "extract_over_split": round(t_extract / t_split, 2),
        "weaknesses": n_weak, "association_records": n_out, "indexes_built": n_index,
        "associate_seconds": round(t_assoc, 3), "weaknesses_per_second": round(n_weak / t_assoc, 1),
        "encode_inside_seconds": round(t_own_encode, 3), "retrieval_seconds": round(t_assoc - t_own_encode, 3),
        "associate_over_its_encoding": round(t_assoc / t_own_encode, 3),
        "encode_floor_seconds": round(t_floor, 3), "associate_over_floor": round(t_assoc / t_floor, 2),
        "naive_seconds_scaled": round(t_naive, 1), "naive_over_batched": round(t_naive / t_assoc, 1),
        "embedding_backend": embeddings.backend(),
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
