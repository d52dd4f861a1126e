"""Offline FM against human judgement on ScholarSum PubMed, through the real pipeline.

    python benchmarks/facets_pubmed.py [--limit N]

Runs, on the 294 PubMed pairs without the duplicate document:

    st-facets --ref reference --cand candidate | st-score --metric fm | st-agree (pooled Pearson vs human.overall)

and the same with the stored GPT-4 facet extractions as input facets (``--ref-facets reference_facets
--cand-facets candidate_facets``), which measures the offline rater alone. The baselines (ROUGE-L,
BERTScore, FM(GPT-4)) are correlated from the same file for comparison. Takes minutes: most of it
is embedding ~3,000 sentences on the CPU.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT.parent / "shared" / "external" / "scholarsum" / "pairs.jsonl"


def st(cmd: str, args: list[str], data: bytes) -> bytes:
    p = subprocess.run([sys.executable, "-m", f"scholartools.cli.{cmd}", *args], input=data,
                       capture_output=True, cwd=ROOT)
    if p.returncode not in (0, 1):
        sys.exit(p.stderr.decode())
    return p.stdout


def pearson(xs, ys):
    from scipy.stats import pearsonr

    return float(pearsonr(xs, ys)[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int)
    a = ap.parse_args()
    rows = [json.loads(l) for l in PAIRS.read_text().splitlines() if l.strip()]
    rows = [r for r in rows if r["dataset"] == "pubmed" and not r["duplicate_of"]][: a.limit]
    data = b"".join(json.dumps(r).encode() + b"\n" for r in rows)
    human = [r["human"]["overall"] for r in rows]
    table = {"ROUGE-L (stored)": pearson([r["rougeL"] for r in rows], human),
             "BERTScore (stored)": pearson([r["bertscore"] for r in rows], human),
             "FM GPT-4 (stored)": pearson([r["fm_gpt4"]["overall"] for r in rows], human)}
    for name, args in (("FM offline (st-facets default)", ["--ref", "reference", "--cand", "candidate"]),
                       ("GPT-4 facets + offline rater", ["--ref-facets", "reference_facets",
                                                         "--cand-facets", "candidate_facets"])):
        out = st("facets", args + ["--quiet"], data)
        scored = st("score", ["--metric", "fm", "--quiet"], out)
        agree = st("agree", ["--rater", "scores.fm", "--rater", "human.overall", "--measure", "pearson",
                             "--quiet"], scored)
        recs = [json.loads(l) for l in scored.splitlines() if l.strip()]
        table[name] = pearson([r["scores"]["fm"] for r in recs], human)
        table[name + " [st-agree]"] = agree.decode().strip()[:300]
    for k, v in table.items():
        print(f"{k:45s} {v if isinstance(v, str) else f'{v:.3f}'}")


if __name__ == "__main__":
    main()
