"""Cold start of the embedding metrics: `st-score --metric bertscore` and `--metric cosine` on one
pair, one process each, wall and CPU seconds (issue 35 goal: bertscore under 2 s with the
bundled model).

    python benchmarks/bertscore_startup.py [--checkout DIR]   # DIR: another checkout (before/after)

BERTScore of the bundled MiniLM (its last layer, bert-score's definition: greedy cosine matching
of token states, [CLS]/[SEP] weighted 0, no idf, no rescaling) runs on the numpy encoder; before
issue 35 it imported torch, transformers and bert-score for it.
"""
import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import ROOT, one_run  # noqa: E402

PAIR = {"id": "pair-1", "reference": "Citation recommendation helps authors find prior work. We propose a BM25 "
                                     "variant that weights citation contexts.",
        "candidate": "We propose a sparse retriever using citation contexts; it beats dense retrieval on recall."}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--checkout", type=Path, default=ROOT)
    a = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(a.checkout.resolve())}
    data = (json.dumps(PAIR) + "\n").encode()
    for metric in ("bertscore", "cosine"):
        wall, cpu, code = one_run([sys.executable, "-m", "scholartools.cli.score", "--metric", metric], data, env)
        print(f"st-score --metric {metric:10s} wall {wall:6.2f} s  CPU {cpu:6.2f} s" + (f"  exit {code}" if code else ""))


if __name__ == "__main__":
    main()
