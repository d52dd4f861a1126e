"""The CPU cost of st-claims' offline extraction, this checkout beside an earlier one, in one run.

    python benchmarks/claims_extract_cost.py [--baseline main] [--rounds 3] [--repeat 3]

The material is the annotated PDFs of ``tools.claims_evaluate.PDF_PAPERS`` parsed once with
st-parse (so the parser's cost is not counted). Each round times, in a fresh process for each
extractor, ``extract_claims`` over every record ``--repeat`` times (process CPU seconds, after one
warm-up paper); the two extractors alternate, so load on the shared machine falls on both alike.
The baseline's ``scholartools`` package is exported with ``git archive`` as in claims_quality.py.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_TIMER = """
import json, sys, time
from scholartools.claims.extract import extract_claims
recs = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
extract_claims(recs[0])
t = time.process_time()
for _ in range(int(sys.argv[2])):
    for r in recs:
        extract_claims(r)
print(time.process_time() - t)
"""


def cpu_seconds(code: Path, records: Path, repeat: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(code))
    p = subprocess.run([sys.executable, "-c", _TIMER, str(records), str(repeat)], capture_output=True, text=True,
                       cwd=code, env=env, check=True)
    return float(p.stdout.strip())


def main():
    from benchmarks.claims_quality import export_baseline
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="main")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        records = Path(tmp) / "papers.jsonl"
        with records.open("w", encoding="utf-8") as f:
            for pid, (pdf, _) in PDF_PAPERS.items():
                f.write(json.dumps(dict(paper_record(pdf), id=pid)) + "\n")
        (Path(tmp) / "base").mkdir()
        base = export_baseline(args.baseline, Path(tmp) / "base")
        times = {args.baseline: [], "this": []}
        for _ in range(args.rounds):
            times[args.baseline].append(cpu_seconds(base, records, args.repeat))
            times["this"].append(cpu_seconds(ROOT, records, args.repeat))
    n = len(PDF_PAPERS) * args.repeat
    out = {"papers_per_round": n, "cpu_seconds": {k: [round(x, 2) for x in v] for k, v in times.items()},
           "papers_per_cpu_second": {k: round(n / min(v), 1) for k, v in times.items()},
           "this_over_baseline": round(min(times["this"]) / min(times[args.baseline]), 2)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
