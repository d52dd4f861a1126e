"""st-parse speed and quality against pymupdf4llm (0.3.4, and 2.0 with pymupdf-layout) and plain
text extraction, in one run.

    .venv/bin/python benchmarks/parse_speed.py [--set visible|new|dev|test|all] [--repeat 1]
        [--peer-python .mu2-venv/bin/python] [--per-file] [--smallest N] [--shared ../shared]

Parses every gold PDF of a set (``visible`` = shared/external/pdfs, ``new`` = fixtures/pdfs, see
tools.evaluate_parse.load_gold) with (1) scholartools' PDF parser, (2)
``pymupdf4llm.to_markdown`` as installed here (0.3.4 under the ``pymupdf<2`` pin), (3) with
``--peer-python``, ``pymupdf4llm.to_markdown`` in another virtualenv (pymupdf4llm 2.0 with
pymupdf-layout's ONNX layout model, which needs pymupdf 2.x), and (4) plain ``page.get_text()``
(no structure: the floor). Each runs in a process of its own (benchmarks/parse_worker.py), so its
CPU time (user + system, from the OS, best of ``--repeat``) includes the interpreter's start-up
and the imports; ``--per-file`` starts one process per PDF (``st-parse paper.pdf`` as a user runs
it on small PDFs). Titles, abstracts and headings of every parser are scored on the same gold
with the same scorer (the peers' titles: their first Markdown heading; abstracts: the text
between an "Abstract" heading and the next heading). Goals (issue 36): ours >= 20x the layout
peer's pages/s and >= 25x pymupdf4llm 0.3.4's, heading F1 above the layout peer's.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORKER = str(ROOT / "benchmarks" / "parse_worker.py")


def _cpu_children() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run(python: str, mode: str, files: list[str], per_file: bool) -> tuple[float, dict]:
    """(CPU seconds of the worker processes, their merged result)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT)) if mode == "ours" else dict(os.environ)
    if mode != "ours":
        env.pop("PYTHONPATH", None)
    batches = [[f] for f in files] if per_file else [files]
    merged = {"versions": None, "pages": 0, "out": []}
    t = _cpu_children()
    for batch in batches:
        p = subprocess.run([python, WORKER, mode, *batch], capture_output=True, text=True, env=env)
        if p.returncode:
            raise SystemExit(f"{mode} worker ({python}) failed:\n{p.stderr[-2000:]}")
        res = json.loads(p.stdout)
        merged["versions"] = res["versions"]
        merged["pages"] += res["pages"]
        merged["out"].extend(res["out"])
    return _cpu_children() - t, merged


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--set", default="visible", choices=["visible", "new", "dev", "test", "all"])
    ap.add_argument("--peer-python", default=None,
                    help="python of a virtualenv with pymupdf4llm 2.x and pymupdf-layout (a second peer)")
    ap.add_argument("--per-file", action="store_true", help="one process per PDF (start-up paid per file)")
    ap.add_argument("--skip-peer", action="store_true", help="leave out the pymupdf4llm installed here")
    ap.add_argument("--smallest", type=int, default=0, metavar="N",
                    help="only the N smallest PDFs of the set (by file size: start-up dominates)")
    args = ap.parse_args()
    from tools.evaluate_parse import load_gold, peer_fields, record_headings, score_corpus

    gold = load_gold(args.set, args.shared)
    if args.smallest:
        gold = sorted(gold, key=lambda g: os.path.getsize(g["path"]))[:args.smallest]
    files = [g["path"] for g in gold]
    runs = [("plain", sys.executable, "plain"), ("st-parse", sys.executable, "ours")]
    if not args.skip_peer:
        runs.append(("pymupdf4llm", sys.executable, "peer"))
    if args.peer_python:
        runs.append(("pymupdf4llm+layout", args.peer_python, "peer"))
    results = {}
    for name, python, mode in runs:
        best = None
        for _ in range(args.repeat):
            dt, res = run(python, mode, files, args.per_file)
            best = dt if best is None or dt < best else best
        results[name] = (res["pages"] / best, best, res)
        print(f"{name:19s} {res['pages']} pages in {best:6.2f} s CPU = {res['pages'] / best:6.1f} pages/s  "
              f"{res['versions']}", flush=True)

    ours_rate = results["st-parse"][0]
    for name in results:
        if name not in ("st-parse", "plain"):
            print(f"st-parse / {name} = {ours_rate / results[name][0]:.1f}x")
    print(f"st-parse / plain get_text = {ours_rate / results['plain'][0]:.2f}x")

    def scored(name, part):
        out = results[name][2]["out"]
        if name == "st-parse":
            return score_corpus((g, out[i]["title"], out[i]["abstract"], record_headings(out[i])) for i, g in part)
        return score_corpus((g, *peer_fields(out[i])) for i, g in part)

    sets = sorted({g["set"] for g in gold})
    print(f"\n{'set':8s} {'parser':19s} {'title':>6s} {'abstr':>6s} {'head P':>7s} {'head R':>7s} {'head F1':>7s}")
    for sname in sets + (["all"] if len(sets) > 1 else []):
        part = [(i, g) for i, g in enumerate(gold) if sname == "all" or g["set"] == sname]
        for name in results:
            if name == "plain":
                continue
            s = scored(name, part)
            h = s["headings"]
            print(f"{sname:8s} {name:19s} {s['title_exact'] or 0:6.3f} {s['abstract_f1'] or 0:6.3f} "
                  f"{h['precision']:7.3f} {h['recall']:7.3f} {h['f1']:7.3f}   "
                  f"({s['n_titles']} titles, {s['n_abstracts']} abstracts, {s['n_heading_docs']} heading docs)")


if __name__ == "__main__":
    main()
