"""st-parse speed and heading quality against pymupdf4llm and plain text extraction, in one run.

    .venv/bin/python benchmarks/parse_speed.py [--shared ../shared] [--repeat 1] [--set visible|new|all]

Parses every gold PDF of a set (``visible`` = shared/external/pdfs, ``new`` = fixtures/pdfs, see
scholartools.parsing.evaluate.load_gold) with (1) scholartools' PDF parser, (2)
``pymupdf4llm.to_markdown`` (the peer a user would pick) and (3) plain ``page.get_text()``
(no structure: the floor), reports pages/s and the ratios, and scores titles, abstracts and
headings of (1) and headings of (2) on the same gold with the same scorer. Goals (issues 6 and
15): ours >= 25x pymupdf4llm pages/s, >= 0.3x plain text, heading F1 >= pymupdf4llm's.
Also prints the import time of pymupdf in a fresh process.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--set", default="visible", choices=["visible", "new", "all"])
    args = ap.parse_args()
    from scholartools.parsing.evaluate import load_gold

    gold = load_gold(args.set, args.shared)
    files = [g["path"] for g in gold]

    import pymupdf
    import pymupdf4llm

    from scholartools.parsing import parse_path
    from scholartools.parsing.evaluate import markdown_headings, record_headings, score_corpus

    def plain():
        n = 0
        for f in files:
            with pymupdf.open(f) as doc:
                for page in doc:
                    page.get_text()
                    n += 1
        return n, None

    def ours():
        n, recs = 0, []
        for f in files:
            r = parse_path(f)
            n += r["source"]["pages"]
            recs.append(r)
        return n, recs

    def peer():
        n, mds = 0, []
        for f in files:
            mds.append(pymupdf4llm.to_markdown(f, show_progress=False))
            with pymupdf.open(f) as doc:
                n += doc.page_count
        return n, mds

    results = {}
    for name, fn in (("plain", plain), ("st-parse", ours), ("pymupdf4llm", peer)):
        best = None
        for _ in range(args.repeat):
            # CPU time of this process: the machine is shared, wall time swings with other load
            t = time.process_time()
            n, out = fn()
            dt = time.process_time() - t
            best = dt if best is None or dt < best else best
        results[name] = (n / best, out)
        print(f"{name:12s} {n} pages in {best:.2f} s CPU = {n / best:.1f} pages/s", flush=True)

    ours_rate, recs = results["st-parse"]
    peer_rate, mds = results["pymupdf4llm"]
    plain_rate, _ = results["plain"]
    print(f"st-parse / pymupdf4llm = {ours_rate / peer_rate:.1f}x (goal >= 25x)")
    print(f"st-parse / plain get_text = {ours_rate / plain_rate:.2f}x (goal >= 0.3x)")
    s_ours = score_corpus((g, r["title"], r["abstract"], record_headings(r)) for g, r in zip(gold, recs))
    s_peer = score_corpus((g, None, None, markdown_headings(md)) for g, md in zip(gold, mds))
    for name, s in (("st-parse", s_ours), ("pymupdf4llm", s_peer)):
        h = s["headings"]
        print(f"{name:12s} headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f} "
              f"({s['n_heading_docs']} docs)")
    print(f"st-parse     title exact {s_ours['title_exact']:.3f} ({s_ours['n_titles']} docs), "
          f"abstract token-F1 {s_ours['abstract_f1']:.3f} ({s_ours['n_abstracts']} docs)")
    for name in sorted({g["set"] for g in gold}):
        part = [(g, r, md) for g, r, md in zip(gold, recs, mds) if g["set"] == name]
        so = score_corpus((g, r["title"], r["abstract"], record_headings(r)) for g, r, _ in part)
        sp = score_corpus((g, None, None, markdown_headings(md)) for g, _, md in part)
        print(f"  [{name}] st-parse headings P {so['headings']['precision']:.3f} R {so['headings']['recall']:.3f} | "
              f"pymupdf4llm P {sp['headings']['precision']:.3f} R {sp['headings']['recall']:.3f}")
    code = "import time; t = time.perf_counter(); import pymupdf; print(time.perf_counter() - t)"
    imp = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout)
    print(f"import pymupdf {pymupdf.VersionBind}: {imp * 1000:.0f} ms in a fresh process")


if __name__ == "__main__":
    main()
