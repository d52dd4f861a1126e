"""Offline FM against human judgement on ScholarSum PubMed, through the real pipeline, with honest
cross-validated figures.

    python benchmarks/facets_pubmed.py [--limit N] [--skip-cli] [--embed-cache /tmp/facets_emb.npz]

On the 294 PubMed pairs without the duplicate document it reports pooled Pearson r with
``human.overall`` of:

- the pipeline ``st-facets --ref reference --cand candidate | st-score --metric fm`` with the shipped
  rater (in-sample: the rater was calibrated on these pairs), also as ``st-agree`` prints it;
- the same pipeline on references whose structured-abstract headings ("background .", "methods .",
  …) were stripped: the "no headings" ablation, like arXiv's unstructured abstracts;
- the same pipeline with the stored GPT-4 facet extractions as input facets (``--ref-facets
  reference_facets --cand-facets candidate_facets``): the offline rater alone;
- in-sample, 5-fold cross-validated by document (fit the rater on 4/5 of the 49 documents,
  predict the rest, pool, Pearson; mean of 3 fold seeds) and leave-one-system-out, with and
  without headings (:func:`tools.calibrate.evaluate`);
- the stored baselines ROUGE-L, BERTScore and FM(GPT-4) from the same file.

Takes several minutes: most of it is embedding ~3,000 sentences on the CPU, once per CLI run.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402

PAIRS = dataset_dir("scholarsum") / "pairs.jsonl"


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
    ap.add_argument("--skip-cli", action="store_true", help="only the library figures (in-sample, CV)")
    ap.add_argument("--embed-cache", help=".npz keeping sentence vectors between runs (library figures)")
    a = ap.parse_args()
    from tools import calibrate

    rows = calibrate.load_pubmed(PAIRS)[: a.limit]
    human = [r["human"]["overall"] for r in rows]
    table = {"ROUGE-L (stored)": pearson([r["rougeL"] for r in rows], human),
             "BERTScore (stored)": pearson([r["bertscore"] for r in rows], human),
             "FM GPT-4 (stored)": pearson([r["fm_gpt4"]["overall"] for r in rows], human)}
    if not a.skip_cli:
        plain = [dict(r, reference=calibrate.strip_headings(r["reference"])) for r in rows]
        runs = (("pipeline, shipped rater", rows, ["--ref", "reference", "--cand", "candidate"]),
                ("pipeline, no headings, shipped rater", plain, ["--ref", "reference", "--cand", "candidate"]),
                ("GPT-4 facets + offline rater", rows, ["--ref-facets", "reference_facets",
                                                        "--cand-facets", "candidate_facets"]))
        for name, data_rows, args in runs:
            data = b"".join(json.dumps(r).encode() + b"\n" for r in data_rows)
            out = st("facets", args + ["--quiet"], data)
            scored = st("score", ["--metric", "fm", "--quiet"], out)
            recs = [json.loads(line) for line in scored.splitlines() if line.strip()]
            ok = [(r["scores"]["fm"], r["human"]["overall"]) for r in recs if r.get("scores", {}).get("fm") is not None]
            table[name] = pearson([x for x, _ in ok], [y for _, y in ok])
            if name.startswith("pipeline, shipped"):
                agree = st("agree", ["--rater", "scores.fm", "--rater", "human.overall", "--measure", "pearson",
                                     "--quiet"], scored)
                table[name + " [st-agree]"] = agree.decode().strip()[:300]
    embed = calibrate.cached_encoder(a.embed_cache)
    for name, nh in (("library", False), ("library, no headings", True)):
        res = calibrate.evaluate(rows, calibrate.pair_signals(rows, embed, no_headings=nh))
        table[f"{name}: in-sample"] = res["in_sample"]
        table[f"{name}: CV by document (5 folds, 3 seeds)"] = res["cv_mean"]
        table[f"{name}: leave-one-system-out"] = res["by_system"]
    for k, v in table.items():
        print(f"{k:52s} {v if isinstance(v, str) else f'{v:.3f}'}")


if __name__ == "__main__":
    main()
