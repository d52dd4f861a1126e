"""`make plan` per paper: its time, and its count against the requests `make check` sends.

For each of the five example pipelines, at the check's small N (the settings of
tests/test_examples.py, each paper's defaults otherwise):

1. `make plan` on a fresh output folder (nothing cached: later steps are counted on the
   placeholder records of the earlier dry runs) — wall time and the count it prints;
2. `make check` against the scripted server (tests/openai_server.py, well-formed replies) — the
   requests the server received;
3. `make plan` again with the check's cache (the replies known) — wall time and count, which must
   equal (2).

    python benchmarks/plan_counts.py [--papers scholarsum,bagels] [--shared ../shared]

Prints one Markdown row per paper (benchmarks/README.md keeps the last figures).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def settings(base: Path, shared: Path, url: str) -> dict[str, tuple[str, ...]]:
    """The make variables of each paper's check (as tests/test_examples.py runs them)."""
    from scholartools.data.catalog import find_dataset

    pdfs = find_dataset("pdfs")   # ST_DATA, the user cache, then ../shared
    if pdfs is None:
        raise SystemExit("dataset pdfs missing; get it with: make data DATASETS=pdfs")
    papers = f"{ROOT / 'fixtures' / 'papers' / 'paper.pdf'} {pdfs / 'science-parse' / 'mooney05.pdf'}"
    model = (f"API_BASE={url}", "MODEL=openai/test-model")
    return {"bagels": (f"PAPERS={papers}", *model, f"CORPUS={ROOT / 'fixtures' / 'generate' / 'papers.jsonl'}"),
            "paperrq": ("N=6", *model, "PROTOCOLS=geval ice", f"NEW_PAPERS={ROOT / 'fixtures' / 'papers' / 'paper.pdf'}"),
            "claimcheck": ("N=1", *model),
            "scholarsum": ("N=12", *model),
            "aaar": ("N=1", *model)}


def make(paper: str, out: Path, shared: Path, goal: str, *args: str) -> tuple[float, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS")) or k == "ST_DATA"}
    cmd = ["make", "--no-print-directory", "-C", str(ROOT / "examples" / paper), goal, f"OUT={out}",
           f"SHARED={shared}", *args]
    t = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    secs = time.perf_counter() - t
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return secs, done.stdout


def count(text: str) -> int:
    return int(re.findall(r"^calls: (\d+)$", text, re.M)[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--papers", default="scholarsum,bagels,claimcheck,paperrq,aaar")
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    args = ap.parse_args()
    shared = Path(args.shared).resolve()

    import plausible_replies
    from openai_server import ScriptedOpenAIServer

    srv = ScriptedOpenAIServer().reply(plausible_replies.reply).start()
    base = Path(tempfile.mkdtemp(prefix="plan-counts-"))
    rows = []
    try:
        every = settings(base, shared, srv.url)
        for paper in args.papers.split(","):
            flags = every[paper]
            fresh_s, fresh = make(paper, base / f"{paper}-fresh", shared, "plan", *flags)
            before = srv.calls
            check_s, _ = make(paper, base / paper, shared, "check", *flags)
            sent = srv.calls - before
            replay_s, replay = make(paper, base / paper, shared, "plan", *flags)
            reasks = re.search(r"^re-asks: up to (\d+)", fresh, re.M)
            rows.append(f"| {paper} | {fresh_s:.1f} s | {count(fresh)} | {reasks.group(1) if reasks else '?'} | "
                        f"{sent} | {count(replay)} | {replay_s:.1f} s | {check_s:.0f} s |")
            print(rows[-1], flush=True)
    finally:
        srv.stop()
        shutil.rmtree(base, ignore_errors=True)
    print("\n| paper | plan (fresh) | plan count | re-ask bound | check sent | plan after check | "
          "its time | check time |\n|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
