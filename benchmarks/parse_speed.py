"""st-parse speed and quality against pymupdf4llm (0.3.4, and 2.0 with pymupdf-layout) and plain
text extraction, in one run.

    .venv/bin/python benchmarks/parse_speed.py [--set visible|new|dev|test|all] [--repeat 1]
        [--peer-python .mu2-venv/bin/python] [--per-file] [--smallest N] [--shared ../shared]
        [--before DIR] [--cli]

Parses every gold PDF of a set (``visible`` = shared/external/pdfs, ``new`` = fixtures/pdfs, see
tools.evaluate_parse.load_gold) with (1) scholartools' PDF parser, (2)
``pymupdf4llm.to_markdown`` as installed here (0.3.4 under the ``pymupdf<2`` pin), (3) with
``--peer-python``, ``pymupdf4llm.to_markdown`` in another virtualenv (pymupdf4llm 2.0 with
pymupdf-layout's ONNX layout model, which needs pymupdf 2.x), and (4) plain ``page.get_text()``
(no structure: the floor). Each runs in a process of its own (benchmarks/parse_worker.py), so its
CPU time (user + system, from the OS, best of ``--repeat`` rounds that run every parser in turn) includes the interpreter's start-up
and the imports; ``--per-file`` starts one process per PDF (``st-parse paper.pdf`` as a user runs
it on small PDFs). Titles, abstracts and headings of every parser are scored on the same gold
with the same scorer (the peers' titles: their first Markdown heading; abstracts: the text
between an "Abstract" heading and the next heading). Goals (issue 36): ours >= 20x the layout
peer's pages/s and >= 25x pymupdf4llm 0.3.4's, heading F1 above the layout peer's.

The ratio: pages per CPU second of each parser over the same PDFs, each parser's batch (or, with
``--per-file``, each PDF) in a fresh process, so start-up and imports are paid once per batch
(per PDF). Both sides run from byte-compiled code: the peers' packages were byte-compiled when
pip installed them, and this script compiles scholartools' modules (``compileall``, into the
git-ignored ``__pycache__``) before timing, since a shell with ``PYTHONDONTWRITEBYTECODE`` set
would otherwise have our side compile every module from source in every process. ``--before
DIR`` also times another checkout's ``scholartools`` package (``git archive REV scholartools |
tar -x -C DIR``), so a change is measured before/after in the same run. ``--cli`` adds the
``st-parse`` command itself (``python -m scholartools.cli.parse FILE…``, records written to a
pipe: click, the record writer and their imports included) beside the library call.
"""

from __future__ import annotations

import argparse
import compileall
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


def _cli(python: str, batch: list[str], env: dict, code: Path) -> dict:
    """``st-parse FILE…`` as a user runs it; the worker's result shape from its records. (Run
    in ``code``: ``-m`` puts the working folder first on the path, before PYTHONPATH.)"""
    batch = [os.path.abspath(f) for f in batch]
    p = subprocess.run([python, "-m", "scholartools.cli.parse", *batch], capture_output=True, text=True, env=env,
                       cwd=code)
    if p.returncode:
        raise SystemExit(f"st-parse failed:\n{p.stderr[-2000:]}")
    recs = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    return {"versions": {"cli": "st-parse"}, "pages": sum(r["source"]["pages"] for r in recs),
            "out": [{k: r.get(k) for k in ("title", "abstract", "sections")} for r in recs]}


def run(python: str, mode: str, files: list[str], per_file: bool, code: Path = ROOT) -> tuple[float, dict]:
    """(CPU seconds of the worker processes, their merged result); ``code``: the folder whose
    ``scholartools`` package our side runs."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if mode in ("ours", "cli"):
        env["PYTHONPATH"] = str(code)
    batches = [[f] for f in files] if per_file else [files]
    merged = {"versions": None, "pages": 0, "out": []}
    t = _cpu_children()
    for batch in batches:
        if mode == "cli":
            res = _cli(python, batch, env, code)
        else:
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
    ap.add_argument("--before", type=Path, default=None, metavar="DIR",
                    help="a folder holding an earlier scholartools package, timed beside this one")
    ap.add_argument("--cli", action="store_true", help="also time the st-parse command (click, record writer)")
    args = ap.parse_args()
    from tools.evaluate_parse import load_gold, peer_fields, record_headings, score_corpus

    gold = load_gold(args.set, args.shared)
    if args.smallest:
        gold = sorted(gold, key=lambda g: os.path.getsize(g["path"]))[:args.smallest]
    files = [g["path"] for g in gold]
    for code in [ROOT] + ([args.before] if args.before else []):
        compileall.compile_dir(str(code / "scholartools"), quiet=1)
    runs = [("plain", sys.executable, "plain", ROOT)]
    if args.before:
        runs.append(("st-parse before", sys.executable, "ours", args.before.resolve()))
        if args.cli:
            runs.append(("st-parse CLI before", sys.executable, "cli", args.before.resolve()))
    runs.append(("st-parse", sys.executable, "ours", ROOT))
    if args.cli:
        runs.append(("st-parse CLI", sys.executable, "cli", ROOT))
    if not args.skip_peer:
        runs.append(("pymupdf4llm", sys.executable, "peer", ROOT))
    if args.peer_python:
        runs.append(("pymupdf4llm+layout", args.peer_python, "peer", ROOT))
    results = {}
    best: dict[str, float] = {}
    for _ in range(args.repeat):   # round-robin, so a change in the machine's load hits every parser alike
        for name, python, mode, code in runs:
            dt, res = run(python, mode, files, args.per_file, code)
            if name not in best or dt < best[name]:
                best[name] = dt
            results[name] = (res["pages"] / best[name], best[name], res)
    for name, (rate, secs, res) in results.items():
        print(f"{name:20s} {res['pages']} pages in {secs:6.2f} s CPU = {rate:6.1f} pages/s  "
              f"{res['versions']}", flush=True)

    ours = [name for name in results if name.startswith("st-parse")]
    for mine in ours:
        for name in results:
            if name not in ours and name != "plain":
                print(f"{mine} / {name} = {results[mine][0] / results[name][0]:.1f}x")
        print(f"{mine} / plain get_text = {results[mine][0] / results['plain'][0]:.2f}x")

    def scored(name, part):
        out = results[name][2]["out"]
        if name in ours:
            return score_corpus((g, out[i]["title"], out[i]["abstract"], record_headings(out[i])) for i, g in part)
        return score_corpus((g, *peer_fields(out[i])) for i, g in part)

    sets = sorted({g["set"] for g in gold})
    print(f"\n{'set':8s} {'parser':20s} {'title':>6s} {'abstr':>6s} {'head P':>7s} {'head R':>7s} {'head F1':>7s}")
    for sname in sets + (["all"] if len(sets) > 1 else []):
        part = [(i, g) for i, g in enumerate(gold) if sname == "all" or g["set"] == sname]
        for name in results:
            if name == "plain":
                continue
            s = scored(name, part)
            h = s["headings"]
            print(f"{sname:8s} {name:20s} {s['title_exact'] or 0:6.3f} {s['abstract_f1'] or 0:6.3f} "
                  f"{h['precision']:7.3f} {h['recall']:7.3f} {h['f1']:7.3f}   "
                  f"({s['n_titles']} titles, {s['n_abstracts']} abstracts, {s['n_heading_docs']} heading docs)")


if __name__ == "__main__":
    main()
