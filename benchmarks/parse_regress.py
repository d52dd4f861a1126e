"""st-parse before and after a change, on every gold PDF at hand: what the change did to the scores,
and which records it touched where no score looks.

    python benchmarks/parse_regress.py --before DIR [--set all|visible|new|none] [--shared ../shared]
        [--jats-pairs DIR] [--tex-pairs DIR] [--jobs 2] [--json OUT]

``DIR`` holds another checkout's ``scholartools`` package (``git worktree add DIR REV``, or ``git
archive REV scholartools | tar -x -C DIR``). Every gold PDF of the sets (tools.evaluate_parse's
``--set``, the JATS pairs of benchmarks/jats_pairs.py and the LaTeX pairs of
benchmarks/tex_pairs.py) is parsed by both packages, each side in worker processes of its own
(benchmarks/parse_worker.py ``records``, ``--jobs`` at a time), and compared:

* per set, title exact / abstract token-F1 / heading F1 before → after (tools.evaluate_parse's
  scorer, the same gold);
* the PDFs whose title, abstract or headings changed, with their scores before → after;
* the PDFs whose record changed only where no score looks (paragraphs, display equations,
  captions, references, authors, warnings), by part. A heading rule scored on headings alone can
  still move an equation's lines or a paragraph's end, and the claim annotations of
  ``fixtures/claims`` are anchored to st-parse's sentences (``tools.claims_evaluate remap``).

A PDF one side fails on is listed with its error. ``--json`` writes every PDF's rows.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from parse_speed import run  # noqa: E402  (the worker processes, as the speed benchmark starts them)


def parse_side(code: Path, files: list[str], jobs: int) -> list[dict]:
    """``records`` of every file by the package in ``code``, in ``jobs`` worker processes."""
    chunks = [files[k::jobs] for k in range(jobs) if files[k::jobs]]

    def one(chunk: list[str]) -> list[dict]:
        return run(sys.executable, "records", chunk, False, code)[1]["out"]

    with ThreadPoolExecutor(len(chunks) or 1) as ex:
        parts = list(ex.map(one, chunks))
    out: list[dict] = [{}] * len(files)
    for k, chunk_out in enumerate(parts):
        out[k::jobs] = chunk_out
    return out


def compare(gold: list[dict], before: list[dict], after: list[dict]) -> dict:
    """Per-set scores of both sides, the PDFs whose scored fields changed and those whose record
    changed elsewhere."""
    from tools.evaluate_parse import record_fields, score_corpus

    def scored(rec: dict) -> tuple:
        return record_fields(rec)

    def one(g: dict, rec: dict) -> dict:
        s = score_corpus([(g, *scored(rec))])["per_doc"][0]
        return {"title": s.get("title"), "abstract_f1": s.get("abstract_f1"),
                "heading_f1": (s.get("headings") or {}).get("f1")}

    sets: dict[str, list[int]] = {}
    for k, g in enumerate(gold):
        sets.setdefault(g["set"], []).append(k)
    table = {}
    for name, idx in sorted(sets.items()) + ([("all", list(range(len(gold))))] if len(sets) > 1 else []):
        row = {}
        for side, recs in (("before", before), ("after", after)):
            s = score_corpus((gold[k], *scored(recs[k])) for k in idx if "error" not in recs[k])
            row[side] = {"title": s["title_exact"], "abstract_f1": s["abstract_f1"], "heading_f1": s["headings"]["f1"],
                         "errors": sum("error" in recs[k] for k in idx)}
        table[name] = dict(row, pdfs=len(idx))
    scored_changes, other_changes = [], []
    for g, b, a in zip(gold, before, after):
        if "error" in b or "error" in a:
            if b != a:
                scored_changes.append({"id": g["id"], "set": g["set"], "before": b.get("error"), "after": a.get("error")})
            continue
        if scored(b) != scored(a):
            scored_changes.append({"id": g["id"], "set": g["set"], "before": one(g, b), "after": one(g, a)})
        elif b["parts"] != a["parts"]:
            other_changes.append({"id": g["id"], "set": g["set"],
                                  "parts": sorted(k for k in b["parts"].keys() | a["parts"].keys()
                                                  if b["parts"].get(k) != a["parts"].get(k))})
    return {"sets": table, "scored_changes": scored_changes, "other_changes": other_changes}


def _fmt(x) -> str:
    return "  -  " if x is None else f"{x:.3f}" if isinstance(x, float) else str(x)


def report(result: dict) -> str:
    lines = [f"{'set':16s} {'PDFs':>5s}  title / abstract F1 / heading F1: before -> after"]
    for name, row in result["sets"].items():
        b, a = row["before"], row["after"]
        err = f"  errors {b['errors']} -> {a['errors']}" if b["errors"] or a["errors"] else ""
        lines.append(f"{name:16s} {row['pdfs']:5d}  " + " / ".join(f"{_fmt(b[k])} -> {_fmt(a[k])}" for k in
                                                                  ("title", "abstract_f1", "heading_f1")) + err)
    lines.append(f"\nscored fields changed: {len(result['scored_changes'])} PDFs")
    for c in result["scored_changes"]:
        if isinstance(c["before"], dict):
            lines.append(f"  {c['set']:12s} {c['id'][:60]:60s} " + " / ".join(
                f"{_fmt(c['before'][k])} -> {_fmt(c['after'][k])}" for k in ("title", "abstract_f1", "heading_f1")))
        else:
            lines.append(f"  {c['set']:12s} {c['id'][:60]:60s} error: {c['before']} -> {c['after']}")
    lines.append(f"records changed elsewhere only: {len(result['other_changes'])} PDFs")
    for c in result["other_changes"]:
        lines.append(f"  {c['set']:12s} {c['id'][:60]:60s} {', '.join(c['parts'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=Path, required=True, metavar="DIR",
                    help="a folder holding the other checkout's scholartools package")
    ap.add_argument("--set", default="all", choices=["visible", "new", "dev", "test", "all", "none"],
                    help="tools.evaluate_parse's gold sets (default: all)")
    ap.add_argument("--shared", default=None, help="the shared folder (default: where scholartools.data finds it)")
    ap.add_argument("--jats-pairs", type=Path, default=None, metavar="DIR", help="a jats_pairs.py build")
    ap.add_argument("--tex-pairs", type=Path, default=None, metavar="DIR", help="a tex_pairs.py build")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes per side (default: 2)")
    ap.add_argument("--json", type=Path, default=None, metavar="OUT", help="also write the comparison as JSON")
    args = ap.parse_args(argv)
    if not (args.before / "scholartools").is_dir():
        ap.error(f"--before {args.before}: no scholartools package there")
    sys.path.insert(0, str(ROOT))
    from tools.evaluate_parse import jats_gold, load_gold

    gold = load_gold(args.set, args.shared) if args.set != "none" else []
    if args.jats_pairs:
        gold += jats_gold(args.jats_pairs)
    if args.tex_pairs:
        gold += [dict(g, set="tex-" + g["split"]) for g in jats_gold(args.tex_pairs)]
    if not gold:
        ap.error("no gold PDFs: give --set, --jats-pairs or --tex-pairs")
    files = [os.path.abspath(g["path"]) for g in gold]
    print(f"{len(files)} PDFs, two sides, {args.jobs} workers each ...", file=sys.stderr)
    before = parse_side(args.before.resolve(), files, args.jobs)
    after = parse_side(ROOT, files, args.jobs)
    result = compare(gold, before, after)
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
