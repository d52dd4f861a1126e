"""st-extract-limits offline speed on the 2,896 LimTopic Limitations sections, against the
embedding encoder's own throughput measured in the same run.

* ours: the offline method with its defaults (``--from text``), the library function the command
  runs, in the command's batches of 64 records, after the encoder is loaded; records/s;
* the peer: naive per-sentence encoding — every sentence of every record encoded in its own
  ``encode`` call (timed on a sample of ``--sample`` sentences) — gives the records/s a
  segmenter that embeds each sentence as it meets it could reach at best, before doing any work;
* for reference, the encoder's batched throughput (one call, batch size 64) on the same sample,
  and the method without embeddings (``--no-embeddings``).

The ratio ``ours / naive bound`` is the figure reported in docs/st-extract-limits.md.

Run: nice -n 10 python benchmarks/extract_limits_speed.py [--sample 300] [--rows 2896]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=300, help="sentences timed one call each (naive peer)")
    ap.add_argument("--rows", type=int, default=2896)
    args = ap.parse_args()

    from scholartools.embeddings import encode
    from scholartools.limitations.extract import ExtractOptions, extract
    from scholartools.limitations.segment import SegmentOptions, units

    path = dataset_dir("bagels") / "limtopic_acl2023_limitation_sections.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8")][: args.rows]
    sents = [r["text"][u.start:u.end] for r in rows for u in units(r["text"])]
    per_record = len(sents) / len(rows)
    encode(["warm up the encoder"])

    sample = sents[: args.sample]

    def timed(fn) -> tuple[float, float]:
        """(wall seconds, CPU seconds of this process) — the machine is shared, so both are shown."""
        w, c = time.perf_counter(), time.process_time()
        fn()
        return time.perf_counter() - w, time.process_time() - c

    naive_w, naive_c = timed(lambda: [encode([s]) for s in sample])
    batch_w, batch_c = timed(lambda: encode(sample))

    def run(opts) -> tuple[float, float]:
        return timed(lambda: sum(1 for _ in extract(rows, opts, batch_size=64)))

    ours_w, ours_c = run(ExtractOptions(from_field="text"))
    none_w, none_c = run(ExtractOptions(from_field="text", embeddings=False, segment=SegmentOptions(embeddings=False)))
    naive_sps, batched_sps = len(sample) / naive_w, len(sample) / batch_w
    ours, no_emb = len(rows) / ours_w, len(rows) / none_w
    bound = naive_sps / per_record
    bound_cpu = len(sample) / naive_c / per_record
    print(json.dumps({
        "rows": len(rows), "sentences": len(sents), "sentences_per_record": round(per_record, 2),
        "encoder_naive_sentences_per_s": round(naive_sps, 1),
        "encoder_batched_sentences_per_s": round(batched_sps, 1),
        "naive_per_sentence_bound_records_per_s": round(bound, 1),
        "offline_records_per_s": round(ours, 1),
        "offline_no_embeddings_records_per_s": round(no_emb, 1),
        "ratio_offline_over_naive_bound": round(ours / bound, 2),
        "cpu_offline_records_per_cpu_s": round(len(rows) / ours_c, 1),
        "cpu_naive_bound_records_per_cpu_s": round(bound_cpu, 1),
        "cpu_ratio_offline_over_naive_bound": round(len(rows) / ours_c / bound_cpu, 2),
        "cpu_batched_sentences_per_cpu_s": round(len(sample) / batch_c, 1),
    }, indent=1))


if __name__ == "__main__":
    main()
