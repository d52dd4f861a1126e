"""Start-up time of every command's --help, against the floor of a bare `python -c pass`.

Goal (issue 2): `st-agree --help` and `st-score --help` under 250 ms. Run: python benchmarks/startup.py
"""

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.cli import COMMANDS  # noqa: E402


def timed(args: list[str], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(args, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    floor = timed([sys.executable, "-c", "pass"])
    print(f"{'python -c pass':28s} {floor:7.1f} ms  (floor)")
    for name, module in COMMANDS.items():
        ms = timed([sys.executable, "-m", f"scholartools.cli.{module}", "--help"])
        flag = "" if ms < 250 else "  <-- over 250 ms"
        print(f"{name + ' --help':28s} {ms:7.1f} ms  ({ms / floor:4.1f}x floor){flag}")


if __name__ == "__main__":
    main()
