"""One side of benchmarks/parse_speed.py, run in its own process (so its CPU time includes the
interpreter's start-up and the imports) and, for a peer, in the peer's own virtualenv:

    python benchmarks/parse_worker.py ours FILE…     # scholartools' PDF parser
    python benchmarks/parse_worker.py peer FILE…     # pymupdf4llm.to_markdown (whichever is installed)
    python benchmarks/parse_worker.py plain FILE…    # page.get_text(), no structure
    python benchmarks/parse_worker.py records FILE…  # our records, digested (benchmarks/parse_regress.py)

Writes one JSON object to stdout: {"versions": {...}, "pages": N, "out": [...], "cpu": [...],
"per_pages": [...], "startup": S} where ``out`` holds, per file, ``{title, abstract, sections}`` of
our record, the peer's Markdown, or null; ``cpu`` the process CPU seconds spent on each file,
``per_pages`` its page count, and ``startup`` the CPU seconds before the first file (interpreter
start-up and imports), so a set's cost can be summed from cached per-file figures.
"""

from __future__ import annotations

import json
import sys
import time


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: python benchmarks/parse_worker.py ours|peer|plain|records FILE…")
    mode, files = sys.argv[1], sys.argv[2:]
    real_stdout = sys.stdout
    sys.stdout = sys.stderr     # libraries' own prints (pymupdf4llm's hints) stay off the result
    out, pages, cpu, per_pages = [], 0, [], []
    startup = None

    def tick(t, n):
        cpu.append(time.process_time() - t)
        per_pages.append(n)
        return n

    if mode == "ours":
        # as a caller of the library imports it: parse_path imports pymupdf itself (its table
        # finder deferred: scholartools/parsing/pdf/mupdf.py)
        from scholartools.parsing import parse_path

        startup = time.process_time()
        for f in files:
            t = time.process_time()
            r = parse_path(f)
            pages += tick(t, r["source"]["pages"])
            out.append({k: r.get(k) for k in ("title", "subtitle", "abstract", "sections")})
        import pymupdf

        versions = {"pymupdf": pymupdf.VersionBind}
    elif mode == "peer":
        import pymupdf
        import pymupdf4llm

        startup = time.process_time()
        for f in files:
            t = time.process_time()
            out.append(pymupdf4llm.to_markdown(f, show_progress=False))
            with pymupdf.open(f) as doc:
                pages += tick(t, doc.page_count)
        layout = "pymupdf.layout" in sys.modules
        versions = {"pymupdf": pymupdf.VersionBind, "pymupdf4llm": pymupdf4llm.__version__, "layout": layout}
    elif mode == "records":
        # every part of each record, digested: benchmarks/parse_regress.py compares two checkouts'
        # records in full, not only the fields the gold scores
        import hashlib

        from scholartools.parsing import parse_path

        def digest(value) -> str:
            return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]

        startup = time.process_time()
        for f in files:
            t = time.process_time()
            try:
                r = parse_path(f)
            except Exception as exc:   # a parser that raises is a result to compare, not the end of the run
                out.append({"error": f"{type(exc).__name__}: {exc}"})
                pages += tick(t, 0)
                continue
            pages += tick(t, r["source"]["pages"])
            out.append({"title": r.get("title"), "abstract": r.get("abstract"),
                        "sections": [{"heading": s.get("heading"), "type": s.get("type")} for s in r.get("sections") or []],
                        "parts": {k: digest(v) for k, v in r.items()}})
        versions = {}
    elif mode == "plain":
        import pymupdf

        startup = time.process_time()
        for f in files:
            t = time.process_time()
            with pymupdf.open(f) as doc:
                for page in doc:
                    page.get_text()
                pages += tick(t, doc.page_count)
            out.append(None)
        versions = {"pymupdf": pymupdf.VersionBind}
    else:
        sys.exit(f"unknown mode {mode!r}")
    json.dump({"versions": versions, "pages": pages, "out": out, "cpu": cpu, "per_pages": per_pages,
               "startup": startup}, real_stdout)


if __name__ == "__main__":
    main()
