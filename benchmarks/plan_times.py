"""`make -C examples/<paper> plan` per paper: its wall and CPU time, cold and warm, before and after.

For each paper (its default inputs and settings, as the README's plan table), in one run:

* cold: `make plan` into a fresh output folder (no file of an earlier plan, run or check);
* warm: the same `make plan` again (the files the plan's offline steps wrote are up to date).

CPU is user + system of make and every process it started (getrusage of the children), the
figure to judge on a shared machine; the load average is printed beside each row. With
`--before DIR` (another checkout, e.g. `git archive <commit> | tar -x -C DIR` with `.venv`
linked) the same is measured for that checkout after this one (cold only unless --before-warm),
and its counts must equal this one's.

    python benchmarks/plan_times.py [--papers scholarsum,aaar] [--before /tmp/before] [--shared ../shared]

Run it under `nice` on a busy machine; it prints one Markdown row per (checkout, paper).
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAPERS = "scholarsum,bagels,claimcheck,aaar,paperrq"


def plan(checkout: Path, paper: str, out: Path, shared: Path) -> tuple[float, float, int]:
    """(wall s, CPU s of make and its children, calls) of one `make plan`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS")) or k == "ST_DATA"}
    env["PYTHONPATH"] = str(checkout)   # the checkout's own code (the venv's editable install is main's)
    cmd = ["make", "-s", "--no-print-directory", "-C", str(checkout / "examples" / paper), "plan",
           f"OUT={out}", f"SHARED={shared}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(re.findall(r"^calls: (\d+)$", done.stdout, re.M)[-1])


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--papers", default=PAPERS)
    ap.add_argument("--before", help="another checkout to measure first (the code before)")
    ap.add_argument("--before-warm", action="store_true", help="the before checkout's warm plans too")
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    args = ap.parse_args()
    shared = Path(args.shared).resolve()
    # this checkout first (its rows come soon), then the before checkout (cold only unless
    # --before-warm: its plans redo every step but the parse anyway)
    checkouts = [("after", ROOT)] + ([("before", Path(args.before).resolve())] if args.before else [])
    base = Path(tempfile.mkdtemp(prefix="plan-times-"))
    rows = []
    print("| checkout | paper | calls | cold wall | cold CPU | warm wall | warm CPU | load (1/5/15 min) |\n"
          "|---|---|---|---|---|---|---|---|", flush=True)
    try:
        counts: dict[str, dict[str, int]] = {}
        for label, checkout in checkouts:
            for paper in args.papers.split(","):
                out = base / f"{label}-{paper}"
                cold_wall, cold_cpu, calls = plan(checkout, paper, out, shared)
                warm = "| — | — "
                if label == "after" or args.before_warm:
                    warm_wall, warm_cpu, again = plan(checkout, paper, out, shared)
                    if again != calls:
                        print(f"| {label} | {paper}: the warm plan counted {again}, the cold {calls} |", flush=True)
                    warm = f"| {warm_wall:.1f} s | {warm_cpu:.1f} s "
                counts.setdefault(paper, {})[label] = calls
                rows.append(f"| {label} | {paper} | {calls} | {cold_wall:.1f} s | {cold_cpu:.1f} s {warm}| {load()} |")
                print(rows[-1], flush=True)
                shutil.rmtree(out, ignore_errors=True)
        for paper, by in counts.items():
            if len(set(by.values())) > 1:
                print(f"| {paper}: the counts differ: {by} |", flush=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
