"""Start-up of the commands: every command's --help against the floor of a bare `python -c pass`
(issue 2), and (issue 35) the LLM commands on one small record four ways: cold (every request sent
to the scripted server), a cached rerun (every answer in the cache), an offline method and a
dry run.

Goal (issue 2): `st-agree --help` and `st-score --help` under 250 ms. Goal (issue 35): a cached
rerun, an offline run and a dry run pay no litellm import (~3 CPU-seconds).

    python benchmarks/startup.py                       # --help of every command, median of 5
    python benchmarks/startup.py --runs                # the four runs per LLM command, one run each
    python benchmarks/startup.py --runs --checkout DIR # the same with another checkout's code (before/after)

Each run is one process; wall time and the process's CPU time (user + system; the honest figure
on a loaded machine) are printed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.cli import COMMANDS  # noqa: E402

PAPER = {"id": "p1", "title": "Citation-Aware Retrieval",
         "abstract": "We retrieve evidence for claims with citation links. We show that it improves recall by six points.",
         "introduction": "Dense retrievers ignore citations. We propose a citation bonus.",
         "sections": [{"heading": "1 Introduction", "text": "Dense retrievers ignore citations. We propose a citation "
                                                            "bonus for retrieval. To our knowledge this is the first."},
                      {"heading": "Limitations", "text": "We only evaluate on English data. The bonus is tuned on "
                                                         "one benchmark."}]}
PAIR = {"id": "pair-1", "reference": PAPER["abstract"],
        "candidate": "We propose a sparse retriever using citation contexts; it beats dense retrieval on recall."}
MATCH = {"id": "m1", "limitations": {"merged": ["Only English data is used.", "The bonus is tuned on one benchmark."]},
         "generated": ["The evaluation covers English only.", "Runtime is not reported."]}
#: command, module, its task arguments, the record, offline arguments (None: no offline method)
RUNS = [
    ("st-generate", "generate", ["--task", "limitations"], PAPER, None),
    ("st-judge", "judge", ["--task", "match"], MATCH, ["--task", "match", "--method", "offline"]),
    ("st-claims", "claims", ["--task", "extract"], PAPER, ["--task", "extract", "--method", "offline"]),
    ("st-facets", "facets", [], PAIR, ["--method", "offline"]),
    ("st-extract-limits", "extract_limits", [], PAPER, ["--method", "offline"]),
]


def timed(args: list[str], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(args, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def one_run(args: list[str], data: bytes, env: dict) -> tuple[float, float, int]:
    """(wall s, CPU s of that process and its threads, exit code) of one process."""
    with tempfile.TemporaryFile() as inp, tempfile.TemporaryFile() as err:
        inp.write(data)
        inp.seek(0)
        t = time.perf_counter()
        # cwd outside every checkout: `python -m` puts the working directory first on sys.path,
        # which would shadow PYTHONPATH's checkout
        p = subprocess.Popen(args, stdin=inp, stdout=subprocess.DEVNULL, stderr=err, env=env,
                             cwd=tempfile.gettempdir())
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
        p.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err.seek(0)
            print(f"    exit {code}: {err.read().decode()[-300:]}", file=sys.stderr)
    return wall, usage.ru_utime + usage.ru_stime, code


def help_times() -> None:
    floor = timed([sys.executable, "-c", "pass"])
    print(f"{'python -c pass':28s} {floor:7.1f} ms  (floor)")
    for name, module in COMMANDS.items():
        ms = timed([sys.executable, "-m", f"scholartools.cli.{module}", "--help"])
        flag = "" if ms < 250 else "  <-- over 250 ms"
        print(f"{name + ' --help':28s} {ms:7.1f} ms  ({ms / floor:4.1f}x floor){flag}")


def llm_runs(checkout: Path) -> dict:
    server = subprocess.Popen([sys.executable, str(ROOT / "tests" / "openai_server.py"), "--replies",
                               str(ROOT / "tests" / "plausible_replies.py")], stdout=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    out = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "PYTHONPATH": str(checkout), "ST_CACHE": str(Path(tmp) / "c.sqlite")}
            for k in ("ST_MODEL", "ST_API_BASE", "OPENAI_API_KEY"):
                env.pop(k, None)
            llm = ["--model", "openai/test-model", "--api-base", url, "--max-concurrency", "1"]
            print(f"{'command':20s} {'run':8s} {'wall s':>7s} {'CPU s':>7s}")
            for name, module, args, rec, offline in RUNS:
                base = [sys.executable, "-m", f"scholartools.cli.{module}"]
                data = (json.dumps(rec) + "\n").encode()
                runs = {"cold": base + args + llm, "cached": base + args + llm,
                        "offline": base + offline if offline else None,
                        "dry-run": base + args + ["--model", "gpt-4o-mini", "--dry-run"]}
                for kind, argv in runs.items():
                    if argv is None:
                        continue
                    wall, cpu, code = one_run(argv, data, env)
                    out[f"{name} {kind}"] = (wall, cpu, code)
                    print(f"{name:20s} {kind:8s} {wall:7.2f} {cpu:7.2f}" + ("" if code == 0 else f"  exit {code}"),
                          flush=True)
    finally:
        server.terminate()
        server.wait()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", action="store_true", help="the four runs of each LLM command instead of --help")
    ap.add_argument("--checkout", type=Path, default=ROOT, help="the code to run (PYTHONPATH); default this one")
    a = ap.parse_args()
    if a.runs:
        llm_runs(a.checkout.resolve())
    else:
        help_times()


if __name__ == "__main__":
    main()
