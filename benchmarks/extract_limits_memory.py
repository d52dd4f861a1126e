"""st-extract-limits streams: peak memory of the command on N and 10·N paper records.

Synthetic paper records (ten sections of real-looking prose each, a Limitations section with
three points, an implicit keyword sentence in a Discussion, two reviews) are written to a
temporary JSONL file and run through ``st-extract-limits`` as a child process; its peak RSS
(``ru_maxrss`` of the child) is reported for both sizes. Constant memory means the two peaks are
close while the input grows tenfold.

Run: nice -n 10 python benchmarks/extract_limits_memory.py [--records 1000] [--no-embeddings]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FILLER = ("We describe the setup in detail and report the numbers of every run, with the hyper-parameters "
          "chosen on the development split. ")


def paper(i: int) -> dict:
    sections = [{"heading": f"{k} Section {k}", "text": FILLER * 8} for k in range(1, 8)]
    sections.insert(0, {"heading": "1 Introduction", "type": "introduction", "text": FILLER * 5})
    sections.append({"heading": "8 Discussion", "type": "discussion",
                     "text": FILLER * 3 + f"A limitation of approach {i} is its cost. It needs a GPU."})
    sections.append({"heading": "9 Limitations", "type": "limitations",
                     "text": f"Paper {i} has limitations. First, we only use English. Second, the data is small. "
                             "Finally, the human study had three raters."})
    return {"id": f"p{i}", "sections": sections,
            "reviews": ["Weaknesses:\n- Only English.\n- No ablation.", {"weaknesses": "The data is small."}]}


def run(n: int, extra: list[str]) -> tuple[float, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for i in range(n):
            f.write(json.dumps(paper(i)) + "\n")
        path = f.name
    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run([sys.executable, '-m', 'scholartools.cli.extract_limits', '-i', sys.argv[1], "
            "'-o', '/dev/null', '--quiet', *sys.argv[2:]])\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, path, *extra], capture_output=True, text=True, env=env,
                         check=True)
    secs = time.perf_counter() - t
    os.unlink(path)
    return int(out.stdout.strip().splitlines()[-1]) / 1024, secs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--no-embeddings", action="store_true")
    args = ap.parse_args()
    extra = ["--no-embeddings"] if args.no_embeddings else []
    small_mb, small_s = run(args.records, extra)
    big_mb, big_s = run(10 * args.records, extra)
    print(json.dumps({"records": [args.records, 10 * args.records], "peak_rss_mb": [round(small_mb, 1),
                      round(big_mb, 1)], "seconds": [round(small_s, 1), round(big_s, 1)],
                      "peak_ratio_10x_input": round(big_mb / small_mb, 3), "embeddings": not args.no_embeddings},
                     indent=1))


if __name__ == "__main__":
    main()
