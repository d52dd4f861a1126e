"""st-parse speed and quality against pymupdf4llm (0.3.4, and 2.0 with pymupdf-layout) and plain
text extraction, in one run.

    .venv/bin/python benchmarks/parse_speed.py [--set visible|new|dev|test|all] [--repeat 1]
        [--peer-python .mu2-venv/bin/python] [--per-file] [--smallest N] [--shared ../shared]
        [--before DIR] [--cli] [--window 1.0] [--jats-pairs DIR] [--tex-pairs DIR]

Parses every gold PDF of a set (``visible`` = shared/external/pdfs, ``new`` = fixtures/pdfs, see
tools.evaluate_parse.load_gold) with (1) scholartools' PDF parser, (2)
``pymupdf4llm.to_markdown`` as installed here (0.3.4 under the ``pymupdf<2`` pin), (3) with
``--peer-python``, ``pymupdf4llm.to_markdown`` in another virtualenv (pymupdf4llm 2.0 with
pymupdf-layout's ONNX layout model, which needs pymupdf 2.x), and (4) plain ``page.get_text()``
(no structure: the floor). Each runs in a process of its own (benchmarks/parse_worker.py), so its
CPU time (user + system, from the OS) includes the interpreter's start-up and the imports; ``--per-file`` starts one process per PDF (``st-parse paper.pdf`` as a user runs
it on small PDFs). Titles, abstracts and headings of every parser are scored on the same gold
with the same scorer (the peers' titles: their first Markdown heading; abstracts: the text
between an "Abstract" heading and the next heading). Goals (issue 36): ours >= 20x the layout
peer's pages/s and >= 25x pymupdf4llm 0.3.4's, heading F1 above the layout peer's.

The ratio: pages per CPU second of each parser over the same PDFs, each parser's batch (or, with
``--per-file``, each PDF) in a fresh process, so start-up and imports are paid once per batch
(per PDF). It is taken per round and the median of the ``--repeat`` rounds' ratios is reported
(with their range, and the older ratio of each side's best round for comparison): after a warm-up
round that is not counted, each round runs every side, our sides (and plain) as many times in a
row as fill about one run of pymupdf4llm 0.3.4 (``--window``; their mean is the round's figure),
the order of the sides reversed every other round, so both sides of a ratio are measured over
the same stretch of the machine's load (see :func:`timed_rounds`). A side's CPU figure printed
is the median of its rounds. Both sides run from byte-compiled code: the peers' packages were byte-compiled when
pip installed them, and this script compiles scholartools' modules (``compileall``, into the
git-ignored ``__pycache__``) before timing, since a shell with ``PYTHONDONTWRITEBYTECODE`` set
would otherwise have our side compile every module from source in every process; likewise it
stores the parser's compiled regular expressions (``scholartools.recache.save()`` after parsing
the first PDFs, into ``scholartools/recache.pyo``), which such a shell would not write either. ``--before
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
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORKER = str(ROOT / "benchmarks" / "parse_worker.py")


def tex_splits() -> list[str]:
    """The parts of fixtures/tex-pairs as its manifest names them: dev (the first pairs), one dev
    split per blind batch since (dev2, dev3, …), test; so a new batch needs no edit here."""
    with (ROOT / "fixtures" / "tex-pairs" / "manifest.jsonl").open(encoding="utf-8") as f:
        names = {json.loads(line)["split"] for line in f if line.strip()}
    return sorted(names, key=lambda s: (s == "test", int(s[3:] or 1) if s.startswith("dev") else 0, s))


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
    pages = [r["source"]["pages"] for r in recs]   # no per-PDF CPU from a command: its total only
    return {"versions": {"cli": "st-parse"}, "pages": sum(pages), "per_pages": pages, "cpu": [], "startup": 0.0,
            "out": [{k: r.get(k) for k in ("title", "subtitle", "abstract", "sections")} for r in recs]}


def run(python: str, mode: str, files: list[str], per_file: bool, code: Path = ROOT) -> tuple[float, dict]:
    """(CPU seconds of the worker processes, their merged result); ``code``: the folder whose
    ``scholartools`` package our side runs."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if mode in ("ours", "cli", "records"):
        env["PYTHONPATH"] = str(code)
    batches = [[f] for f in files] if per_file else [files]
    merged = {"versions": None, "pages": 0, "out": [], "cost": [], "startup": 0.0, "per_pages": []}
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
        merged["per_pages"].extend(res["per_pages"])
        # per-file CPU measured inside the worker; with one process per file its start-up is
        # that file's, else it is paid once for the batch
        if per_file:
            merged["cost"].extend(c + res["startup"] for c in res["cpu"])
        else:
            merged["cost"].extend(res["cpu"])
            merged["startup"] += res["startup"] or 0.0
    return _cpu_children() - t, merged


_DIGESTS: dict[tuple, str] = {}


def _digest(path: str) -> str:
    """SHA-256 of the file's bytes (kept per path, size and mtime for this run)."""
    st = os.stat(path)
    k = (os.path.abspath(path), st.st_size, st.st_mtime_ns)
    if k not in _DIGESTS:
        import hashlib

        with open(path, "rb") as fh:
            _DIGESTS[k] = hashlib.sha256(fh.read()).hexdigest()
    return _DIGESTS[k]


def _key(python: str, path: str) -> str:
    """A PDF's row in the peer cache: the peer's python and the SHA-256 of the PDF's bytes, so the
    same PDF built or copied into another folder (a rebuilt JATS set) is not run again."""
    return f"{python}|sha256:{_digest(path)}"


def _read_cache(cache: Path) -> dict[str, dict]:
    """The cache's rows by key. Rows of the earlier form (keyed by the PDF's absolute path, size and
    mtime) are kept under their content key when that file is still there unchanged."""
    rows: dict[str, dict] = {}
    if not cache.exists():
        return rows
    for line in cache.read_text().splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        k = r["key"].split("|")
        if len(k) == 4:   # python|path|size|mtime_ns
            python, path, size, mtime = k
            try:
                st = os.stat(path)
            except OSError:
                continue
            if str(st.st_size) != size or str(st.st_mtime_ns) != mtime:
                continue
            r = dict(r, key=_key(python, path))
        rows[r["key"]] = r
    return rows


def cached_run(python: str, mode: str, files: list[str], cache: Path, batch: int = 6) -> tuple[float, dict]:
    """As :func:`run` for a peer whose output does not depend on this checkout, with per-file
    results (Markdown, CPU seconds, pages) kept in a JSON-lines ``cache`` keyed by the PDF's
    content, so the slow layout peer is run once per PDF across runs and folders. The CPU figure is
    the worker's start-up (imports) once plus the sum of its per-file CPU seconds (``parse_worker``
    measures both inside the process)."""
    rows = _read_cache(cache)
    todo = list({_key(python, f): f for f in files if _key(python, f) not in rows}.values())
    for k in range(0, len(todo), batch):
        part = todo[k:k + batch]
        _, res = run(python, mode, part, per_file=False)
        with open(cache, "a") as fh:
            for f, md, c, n in zip(part, res["out"], res["cost"], res["per_pages"]):
                r = {"key": _key(python, f), "out": md, "cpu": c, "pages": n, "versions": res["versions"]}
                rows[r["key"]] = r
                fh.write(json.dumps(r) + "\n")
            r = {"key": f"startup|{python}", "cpu": res["startup"], "versions": res["versions"]}
            rows[r["key"]] = r
            fh.write(json.dumps(r) + "\n")
        print(f"  {mode} ({python}): {min(k + batch, len(todo))}/{len(todo)} PDFs run", file=sys.stderr, flush=True)
    if f"startup|{python}" not in rows:
        _, res = run(python, mode, [], per_file=False)
        rows[f"startup|{python}"] = {"cpu": res["startup"], "versions": res["versions"]}
    got = [rows[_key(python, f)] for f in files]
    start = rows[f"startup|{python}"]
    merged = {"versions": start["versions"], "pages": sum(r["pages"] for r in got), "out": [r["out"] for r in got],
              "cost": [r["cpu"] for r in got], "per_pages": [r["pages"] for r in got], "startup": start["cpu"]}
    return start["cpu"] + sum(r["cpu"] for r in got), merged


def peer_cached(python: str, cache: Path, files: list[str]) -> list[str]:
    """The ``files`` whose output ``cache`` holds for ``python`` (by content)."""
    rows = _read_cache(cache)
    return [f for f in files if _key(python, f) in rows]


PEERS = ("pymupdf4llm", "pymupdf4llm+layout")


def timed_rounds(runs: list[tuple], files: list[str], args) -> tuple[dict[str, list[dict]], dict[str, int]]:
    """Each side's CPU per round: ``{name: [{cpu, cost, startup, res}, …]}`` and the number of runs
    a round gives each side.

    The yardstick is the ratio of CPU seconds on the same PDFs, and CPU seconds grow with the
    machine's load (the other core's work, caches, clock), so both sides of a ratio are measured
    over the same stretch of time: (1) a warm-up round, not counted, runs every side once (file
    cache, byte code) and gives each side's CPU; (2) in every counted round a side other than the
    peers runs ``round(--window × pymupdf4llm's CPU / its own)`` times in a row (about as long as
    one run of pymupdf4llm 0.3.4, 20–30 of ours), and its figure for the round is the mean of
    those runs; the peers run once; (3) the order of the sides alternates from round to round
    (forward, then backward), so a load that rises or falls through a run weighs on both alike.
    The ratio is then taken per round, from neighbouring runs, and :func:`main` reports the median
    of the rounds' ratios. (Before, each side's best round was taken alone: the minimum of five
    0.5 s runs catches a quiet moment more often than the minimum of five 13 s runs does, which
    favoured the short side under a changing load.)"""
    def once(name, python, mode, code):
        if name == "pymupdf4llm+layout" and args.peer_cache:
            return cached_run(python, mode, files, args.peer_cache)
        return run(python, mode, files, args.per_file, code)

    first = {spec[0]: once(*spec)[0] for spec in runs}
    ref = first.get("pymupdf4llm")
    window = {name: 1 if name in PEERS or not ref or args.window <= 0
              else max(1, round(args.window * ref / max(first[name], 1e-3))) for name, *_ in runs}
    rounds: dict[str, list[dict]] = {name: [] for name, *_ in runs}
    for k in range(args.repeat):
        for spec in runs if k % 2 == 0 else runs[::-1]:
            name, n = spec[0], window[spec[0]]
            cpu, cost, startup, res = 0.0, None, 0.0, None
            for _ in range(n):
                dt, res = once(*spec)
                cpu += dt
                startup += res["startup"] or 0.0
                cost = list(res["cost"]) if cost is None else [x + y for x, y in zip(cost, res["cost"])]
            rounds[name].append({"cpu": cpu / n, "cost": [x / n for x in cost], "startup": startup / n, "res": res})
    return rounds, window


def corpus_gold(corpus: Path) -> list[dict]:
    """The LaTeX layout corpus' gold rows (benchmarks/latex_corpus.py build) as set ``folds``."""
    out = []
    for line in (corpus / "gold.jsonl").read_text().splitlines():
        if line.strip():
            g = json.loads(line)
            if (corpus / g["pdf"]).exists():
                out.append(dict(g, path=str(corpus / g["pdf"]), set="folds"))
    return out


def fold_records(corpus: Path, shared: str | None, corpus_weight: float = 1.0,
                 jats: Path | None = None) -> dict[str, dict]:
    """st-parse's records of the corpus PDFs, each parsed by a heading model trained without its
    document class (tools.train_headings' layout-family folds, the shipped model's settings: with
    the dev half of the JATS pairs in ``jats`` when the shipped model was trained on them)."""
    from scholartools.parsing.pdf.headings import load_model
    from tools.train_headings import family_fold_records, jats_documents, training_data

    model = load_model()
    if jats and not {d["id"] for d in jats_documents(jats)} & set(model.get("documents") or []):
        jats = None
    docs, data = training_data(shared, corpus, corpus_weight, jats)
    recs = family_fold_records(docs, data, model.get("C", 0.5), model.get("threshold", 0.4),
                               lambda fam, part: print(f"  fold {fam}: {len(part)} PDFs parsed", file=sys.stderr,
                                                       flush=True))
    return {g["id"]: r for g, r, _ in recs}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
    ap.add_argument("--repeat", type=int, default=1, help="counted rounds (after one warm-up round)")
    ap.add_argument("--window", type=float, default=1.0, metavar="F",
                    help="each of our sides runs F x pymupdf4llm's CPU time in a row per round (0: once)")
    ap.add_argument("--set", default="visible", choices=["visible", "new", "dev", "test", "all", "none"])
    ap.add_argument("--peer-python", default=None,
                    help="python of a virtualenv with pymupdf4llm 2.x and pymupdf-layout (a second peer)")
    ap.add_argument("--peer-cache", type=Path, default=None,
                    help="JSON-lines cache of the layout peer's per-PDF output and CPU time, keyed by the PDF's "
                         "SHA-256 (its output does not depend on this checkout: it is run once per PDF, wherever "
                         "the PDF lies)")
    ap.add_argument("--covered-only", action="store_true",
                    help="only the PDFs the peer cache holds (both parsers on the same documents)")
    ap.add_argument("--latex-corpus", type=Path, default=None,
                    help="also the LaTeX layout corpus (benchmarks/latex_corpus.py build --out DIR) as set 'folds': "
                         "st-parse's headings there come from layout-family folds (a model trained without the "
                         "PDF's document class)")
    ap.add_argument("--jats-pairs", type=Path, default=None,
                    help="also the JATS-paired publisher PDFs (benchmarks/jats_pairs.py build --out DIR) as sets "
                         "'jats-dev', 'jats-dev4' … 'jats-dev11', 'jats-test' and 'jats-test2'")
    ap.add_argument("--jats-split", default=None,
                    choices=["dev", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "test", "test2"],
                    help="only this part of --jats-pairs (test2: the twelfth round's blind pairs; dev4 / dev5: "
                         "the fourteenth / fifteenth round's, dev6 / dev7 the sixteenth's, dev8 / dev9 / dev10 "
                         "the seventeenth's, dev11 the eighteenth's, each scored once blind)")
    ap.add_argument("--tex-pairs", type=Path, default=None,
                    help="also the author-compiled PDFs with LaTeX gold (benchmarks/tex_pairs.py build --out DIR, "
                         "fixtures/tex-pairs) as sets 'tex-dev', 'tex-dev2' … and 'tex-test'")
    ap.add_argument("--tex-split", default=None, choices=tex_splits(),
                    help="only this part of --tex-pairs (dev2 / dev3: the nineteenth / twentieth round's pairs; "
                         "dev4 / dev5 / dev6: the twenty-second round's batches; dev7 / dev8: the twenty-third's; dev9 / "
                         "dev10 / dev11: the twenty-fourth's; dev12 / dev13: the twenty-fifth's; dev14 / dev15: the "
                         "twenty-sixth's; dev16 / dev17 / dev18: the twenty-seventh's; dev19 / dev20 / dev21: the "
                         "twenty-eighth's; dev22 / dev23 / dev24: the twenty-ninth's; dev25 / dev26 / dev27: the "
                         "thirtieth's; dev28 / dev29 / dev30: the thirty-second's; each read after one blind scoring)")
    ap.add_argument("--per-file", action="store_true", help="one process per PDF (start-up paid per file)")
    ap.add_argument("--skip-peer", action="store_true", help="leave out the pymupdf4llm installed here")
    ap.add_argument("--smallest", type=int, default=0, metavar="N",
                    help="only the N smallest PDFs of the set (by file size: start-up dominates)")
    ap.add_argument("--before", type=Path, default=None, metavar="DIR",
                    help="a folder holding an earlier scholartools package, timed beside this one")
    ap.add_argument("--cli", action="store_true", help="also time the st-parse command (click, record writer)")
    ap.add_argument("--by-family", action="store_true",
                    help="per document class rows for the 'folds' set, per publisher rows for the jats sets, per "
                         "class or style rows for the tex sets")
    args = ap.parse_args()
    from tools.evaluate_parse import jats_gold, load_gold, peer_fields, record_fields, score_corpus

    gold = load_gold(args.set, args.shared) if args.set != "none" else []
    if args.smallest:
        gold = sorted(gold, key=lambda g: os.path.getsize(g["path"]))[:args.smallest]
    if args.latex_corpus:
        gold += corpus_gold(args.latex_corpus)
    if args.jats_pairs:
        gold += jats_gold(args.jats_pairs, args.jats_split)
    if args.tex_pairs:   # the same gold schema as the JATS pairs (tex_pairs.py writes it), labelled as what it is
        gold += [dict(g, set="tex-" + g["split"]) for g in jats_gold(args.tex_pairs, args.tex_split)]
    if args.covered_only and args.peer_python and args.peer_cache:
        have = set(peer_cached(args.peer_python, args.peer_cache, [g["path"] for g in gold]))
        gold = [g for g in gold if g["path"] in have]
    files = [os.path.abspath(g["path"]) for g in gold]   # (the workers run in other folders: --before)
    for code in [ROOT] + ([args.before] if args.before else []):
        compileall.compile_dir(str(code / "scholartools"), quiet=1)
        if (code / "scholartools" / "recache.py").exists():   # the parser's compiled patterns, kept as bytecode is
            store = ("import sys; from scholartools import recache; from scholartools.parsing import parse_path; "
                     "[parse_path(f) for f in sys.argv[1:]]; recache.save()")
            subprocess.run([sys.executable, "-c", store, *files[:6]], cwd=code, check=True, capture_output=True,
                           env=dict(os.environ, PYTHONPATH=str(code)))
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
    rounds, window = timed_rounds(runs, files, args)
    best: dict[str, tuple[float, dict]] = {}   # each side's median CPU per round, its mean per-file costs
    for name, rs in rounds.items():
        res = dict(rs[-1]["res"])
        if all(len(r["cost"]) == len(res["cost"]) for r in rs):
            res["cost"] = [statistics.fmean(col) for col in zip(*(r["cost"] for r in rs))]
        res["startup"] = statistics.fmean(r["startup"] for r in rs)
        best[name] = (statistics.median(r["cpu"] for r in rs), res)
    results = {name: res for name, (_, res) in best.items()}
    for name, (dt, res) in best.items():
        cpus = [r["cpu"] for r in rounds[name]]
        print(f"{name:20s} {res['pages']} pages in {dt:6.2f} s CPU = {res['pages'] / dt:6.1f} pages/s  "
              f"(median of {len(cpus)} rounds, {min(cpus):.2f}–{max(cpus):.2f} s; {window[name]} run(s) a round)  "
              f"{res['versions']}", flush=True)
    folds = {}
    if args.latex_corpus and any(g["set"] == "folds" for g in gold):
        folds = fold_records(args.latex_corpus, args.shared, jats=args.jats_pairs)
        allg = corpus_gold(args.latex_corpus)
        sc = score_corpus((g, *record_fields(folds[g["id"]]))
                          for g in allg if g["id"] in folds)
        h = sc["headings"]
        print(f"st-parse on all {len(allg)} corpus PDFs, layout-family folds: title {sc['title_exact']:.3f} abstract F1 "
              f"{sc['abstract_f1']:.3f} headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f}", flush=True)

    ours = [name for name in results if name.startswith("st-parse")]
    for mine in ours:
        for name in results:
            if name not in ours:
                r = [p["cpu"] / m["cpu"] for m, p in zip(rounds[mine], rounds[name])]   # same pages on both sides
                old = min(p["cpu"] for p in rounds[name]) / min(m["cpu"] for m in rounds[mine])
                print(f"{mine} / {name} = {statistics.median(r):.1f}x (pages per CPU second, start-up included: "
                      f"median of {len(r)} rounds' ratios, {min(r):.1f}–{max(r):.1f}x; ratio of the bests {old:.1f}x)")

    def cpu(name, idx):
        """CPU seconds of ``name`` on the PDFs ``idx``: its start-up once plus each PDF's CPU (the
        worker measures both); the st-parse command gives its total only, so all PDFs or nothing."""
        res = results[name]
        if len(res["cost"]) == len(gold):
            return sum(res["cost"][i] for i in idx) + res["startup"]
        return best[name][0] if len(idx) == len(gold) else None

    def scored(name, idx):
        out = results[name]["out"]
        if name in ours:   # the corpus PDFs: st-parse's records from the layout-family folds
            recs = [folds.get(gold[i]["id"], out[i]) if name == "st-parse" and gold[i]["set"] == "folds" else out[i]
                    for i in idx]
            return score_corpus((gold[i], *record_fields(r)) for i, r in zip(idx, recs))
        return score_corpus((gold[i], *peer_fields(out[i])) for i in idx)

    sets = sorted({g["set"] for g in gold})
    groups = [(s, [i for i, g in enumerate(gold) if g["set"] == s]) for s in sets]
    if args.by_family:
        fams = sorted({(g["set"], g["family"]) for g in gold if g.get("family")})
        groups += [(f"{s}:{f}", [i for i, g in enumerate(gold) if g["set"] == s and g.get("family") == f])
                   for s, f in fams]
    if len(sets) > 1:
        groups.append(("all", list(range(len(gold)))))
    print("\nCPU s: per set, start-up and imports once plus each PDF's CPU in the worker process; "
          "st-parse's 'folds' quality from models trained without the PDF's class")
    print("| set | parser | PDFs | pages | title | abstract F1 | heading P | heading R | heading F1 | CPU s | "
          "pages/s | st-parse is |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for sname, idx in groups:
        if not idx:
            continue
        pages = sum(results["st-parse"]["per_pages"][i] for i in idx)
        ours_rate = pages / max(cpu("st-parse", idx), 1e-9)
        for name in results:
            if name == "plain":
                continue
            s = scored(name, idx)
            h = s["headings"]
            c = cpu(name, idx)
            r = pages / max(c, 1e-9) if c is not None else None
            ratio = "—" if name in ours else f"{ours_rate / r:.1f}× faster" if r else "—"
            print(f"| {sname} | {name} | {len(idx)} | {pages} | {s['title_exact'] or 0:.3f} | {s['abstract_f1'] or 0:.3f} | "
                  f"{h['precision']:.3f} | {h['recall']:.3f} | {h['f1']:.3f} | "
                  f"{'—' if c is None else f'{c:.1f}'} | {'—' if r is None else f'{r:.1f}'} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
