"""Offline FM out of field: arXiv summaries rated by people for relevance, through the real pipeline.

    ST_KOH_ARXIV=DIR python benchmarks/facets_fm_arxiv.py [--model NAME=DIR ...] [--boot 2000]

The set (``scholartools.facets.corpora.load_koh_arxiv``; fixtures/koh-arxiv/PROVENANCE.md says
where to get its six files): Koh et al.'s human evaluation (EMNLP 2022), 17 arXiv papers (computer
science 11, quantitative biology 5, quantitative finance 1), each summarised by 12 BART and PEGASUS
variants, each summary rated by three annotators for *relevance*: the share of the reference
abstract's main ideas it holds. FM's offline rater and its role model were fitted on ScholarSum's
PubMed half and trained on CSAbstruct and the written corpus: nothing here chose anything of
them, so this is FM on a field it was not fitted on (issue 37's aim: r >= 0.55).

One run prints, for the pipeline ``st-facets --ref reference --ref-sentences reference_sentences
--cand candidate | st-score --metric fm`` (the abstract as the arXiv set splits it) and for
ROUGE-L and BERTScore (``st-score``: precision, recall, F) against ``human.relevance`` (the mean
of the three):

- pooled Pearson r over the 204 summaries, with a 95 % interval from resampling the papers;
- the mean of the per-paper r (12 summaries a paper: does a metric rank one paper's summaries);
- pooled r on the computer-science and finance papers and on the biology papers apart;
- each annotator against the mean of the other two (what people agree on).

``--model NAME=DIR`` runs the pipeline again with another role model (``ST_FACETS_ROLE_MODEL``),
e.g. a previous release's, in the same run. About a minute a pipeline.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.facets.corpora import load_koh_arxiv  # noqa: E402

PIPELINE = ["--ref", "reference", "--ref-sentences", "reference_sentences", "--cand", "candidate"]
GROUPS = (("all 17 papers", lambda p: True), ("computer science and finance (12)", lambda p: p["category"] != "q-bio"),
          ("quantitative biology (5)", lambda p: p["category"] == "q-bio"))


def st(cmd: str, args: list[str], data: bytes, env: dict | None = None) -> list[dict]:
    p = subprocess.run([sys.executable, "-m", f"scholartools.cli.{cmd}", *args, "--quiet"], input=data,
                       capture_output=True, cwd=ROOT, env=env)
    if p.returncode not in (0, 1):
        sys.exit(p.stderr.decode())
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def pearson(xs, ys) -> float:
    from scipy.stats import pearsonr

    return float(pearsonr(xs, ys)[0])


def per_paper(pairs: list[dict], score: dict) -> float:
    """The mean over papers of Pearson r between a metric and the people on that paper's summaries."""
    import numpy as np

    rs = []
    for doc in sorted({p["doc_id"] for p in pairs}):
        xs = [score[p["id"]] for p in pairs if p["doc_id"] == doc]
        ys = [p["human"]["relevance"] for p in pairs if p["doc_id"] == doc]
        if np.std(xs) > 0 and np.std(ys) > 0:
            rs.append(pearson(xs, ys))
    return float(np.mean(rs))


def paper_interval(pairs: list[dict], score: dict, n: int, seed: int = 0) -> tuple[float, float]:
    """95 % interval of pooled r, resampling whole papers with replacement."""
    import numpy as np

    rng = np.random.default_rng(seed)
    docs = sorted({p["doc_id"] for p in pairs})
    by_doc = {d: [p for p in pairs if p["doc_id"] == d] for d in docs}
    vals = []
    for _ in range(n):
        rows = [p for d in rng.choice(docs, len(docs)) for p in by_doc[d]]
        vals.append(pearson([score[p["id"]] for p in rows], [p["human"]["relevance"] for p in rows]))
    lo, hi = np.percentile(vals, [2.5, 97.5])
    return float(lo), float(hi)


def fm_scores(data: bytes, model_dir: str | None = None) -> dict:
    env = dict(os.environ, ST_FACETS_ROLE_MODEL=model_dir) if model_dir else None
    scored = st("score", ["--metric", "fm"], b"".join(json.dumps(r).encode() + b"\n"
                                                        for r in st("facets", PIPELINE, data, env)))
    return {r["id"]: r["scores"]["fm"] for r in scored if r.get("scores", {}).get("fm") is not None}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", help="the folder of the six files (default: $ST_KOH_ARXIV or the data cache)")
    ap.add_argument("--model", action="append", default=[], metavar="NAME=DIR",
                    help="another role model's folder to run the pipeline with, named NAME in the table")
    ap.add_argument("--boot", type=int, default=2000, help="resamples of the papers for the interval")
    a = ap.parse_args(argv)
    pairs = load_koh_arxiv(a.data)
    data = b"".join(json.dumps(p).encode() + b"\n" for p in pairs)
    metrics: dict[str, dict] = {"FM offline (this checkout)": fm_scores(data)}
    for spec in a.model:
        name, _, folder = spec.partition("=")
        metrics[f"FM offline ({name})"] = fm_scores(data, folder)
    for rec in st("score", ["--metric", "rougeL,bertscore", "--ref", "reference", "--cand", "candidate"], data):
        for metric, value in rec["scores"].items():
            for part, label in (("p", "precision"), ("r", "recall"), ("f", "F")):
                metrics.setdefault(f"{'ROUGE-L' if metric == 'rougeL' else 'BERTScore'} {label}", {})[rec["id"]] = \
                    value[part]
    print(f"{len(pairs)} summaries of {len({p['doc_id'] for p in pairs})} papers; Pearson r with human relevance\n")
    print("| metric | pooled r (95 % interval, papers resampled) | mean per-paper r | "
          + " | ".join(name for name, _ in GROUPS[1:]) + " |")
    print("|---|---|---|" + "---|" * (len(GROUPS) - 1))
    for name, score in metrics.items():
        human = [p["human"]["relevance"] for p in pairs]
        lo, hi = paper_interval(pairs, score, a.boot)
        cells = [f"{pearson([score[p['id']] for p in pairs if keep(p)], [p['human']['relevance'] for p in pairs if keep(p)]):.3f}"
                 for _, keep in GROUPS[1:]]
        print(f"| {name} | {pearson([score[p['id']] for p in pairs], human):.3f} ({lo:.3f}–{hi:.3f}) | "
              f"{per_paper(pairs, score):.3f} | " + " | ".join(cells) + " |")
    raters = [p["human"]["relevance_raters"] for p in pairs]
    agree = [pearson([r[k] for r in raters], [sum(r[j] for j in range(3) if j != k) / 2 for r in raters])
             for k in range(3)]
    print("\neach annotator against the mean of the other two: " + ", ".join(f"{x:.3f}" for x in agree))


if __name__ == "__main__":
    main()
