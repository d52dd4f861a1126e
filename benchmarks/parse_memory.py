"""st-parse memory on long documents: peak RSS for 50, 250 and 500 pages of real papers.

    .venv/bin/python benchmarks/parse_memory.py [--shared ../shared]

Builds PDFs of 50, 250 and 500 pages by concatenating the gold PDFs of shared/external/pdfs
(in a temporary folder), parses each with `st-parse` in a fresh process, and reports the peak
resident memory of that process. Goal (issue 6): memory stays flat (documents are closed and
pages streamed), i.e. peak RSS grows far less than the page count.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from scholartools.data import dataset_path

ROOT = Path(__file__).resolve().parents[1]

PEAK = ("import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def build(pdfs: list[Path], pages: int, dest: Path) -> None:
    import pymupdf

    out = pymupdf.open()
    while out.page_count < pages:
        for p in pdfs:
            with pymupdf.open(p) as src:
                take = min(src.page_count, pages - out.page_count)
                out.insert_pdf(src, to_page=take - 1)
            if out.page_count >= pages:
                break
    out.save(dest)
    out.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
    args = ap.parse_args()
    folder = dataset_path("pdfs", args.shared)
    gold = [json.loads(line) for line in (folder / "gold_index.jsonl").read_text().splitlines() if line.strip()]
    pdfs = [folder / g["pdf"] for g in gold]
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for pages in (50, 250, 500):
            path = Path(tmp) / f"long-{pages}.pdf"
            build(pdfs, pages, path)
            kib = int(subprocess.run([sys.executable, "-c", PEAK, sys.executable, "-m", "scholartools.cli.parse",
                                      str(path)], capture_output=True, text=True, cwd=ROOT).stdout)
            base = base or kib
            print(f"{pages:4d} pages: peak RSS {kib / 1024:6.1f} MiB ({kib / base:.2f}x the 50-page run)")


if __name__ == "__main__":
    main()
