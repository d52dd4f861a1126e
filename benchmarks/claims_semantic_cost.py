"""The CPU cost of st-claims' semantic scorer (the default offline extraction since session 20),
this checkout beside an earlier one, in one run, and whether the claims are the same.

    python benchmarks/claims_semantic_cost.py [--baseline 37f342c] [--rounds 1]

Material: the annotated PDFs of ``tools.claims_evaluate.PDF_PAPERS`` (dev parts and unseen parts
apart) and the eight annotated ReviewCritique papers (``fixtures/claims/gold.jsonl``), each parsed
once with st-parse (the parser's cost is not counted). Each extractor runs as the command does,
``st-claims --task extract`` in one process per part (process start and model load included):

* ``BASE --scorer semantic`` and ``BASE --scorer cues`` (the baseline's code, exported with ``git
  archive`` as in claims_quality.py), and this checkout's default (``--scorer semantic``), one
  after the other per part and round, so that load on the shared machine falls on all alike;
* reported: CPU and wall seconds per paper (the minimum over rounds), and, per part, how many
  papers' ``claims`` are identical (text, offsets, score, cues) under the baseline's semantic
  scorer and this checkout's default. No claim is scored against gold here.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main():
    from benchmarks.claims_quality import GOLD, export_baseline, parsed_papers, pdf_papers, timed_extract
    from tools.claims_evaluate import DEV_PARTS, PDF_PAPERS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="37f342c")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    pdfs = pdf_papers()
    gold = [json.loads(line) for line in GOLD.open(encoding="utf-8")]
    rc = parsed_papers(gold)
    parts = {"dev PDFs": [pdfs[p] for p, (_, part) in PDF_PAPERS.items() if part in DEV_PARTS],
             "unseen PDFs": [pdfs[p] for p, (_, part) in PDF_PAPERS.items() if part not in DEV_PARTS],
             "ReviewCritique": [rc[g["id"]] for g in gold]}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        base = export_baseline(args.baseline, Path(tmp))
        runs = {f"{args.baseline} --scorer semantic": (base, ["--scorer", "semantic"]),
                f"{args.baseline} --scorer cues (its default)": (base, ["--scorer", "cues"]),
                "this default (--scorer semantic)": (ROOT, [])}
        for name, recs in parts.items():
            cost: dict[str, list[dict]] = {k: [] for k in runs}
            claims = {}
            for _ in range(args.rounds):
                for k, (code, extra) in runs.items():
                    got, c = timed_extract(recs, extra, code)
                    cost[k].append(c)
                    claims[k] = {r["id"]: r.get("claims") for r in got}
            same = sum(claims[f"{args.baseline} --scorer semantic"][i] == claims["this default (--scorer semantic)"][i]
                       for i in claims["this default (--scorer semantic)"])
            out[name] = {"papers": len(recs), "claims_identical_to_baseline_semantic": same,
                         **{k: {m: min(c[m] for c in v) for m in ("cpu_s_per_paper", "wall_s_per_paper")}
                            for k, v in cost.items()}}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
