"""One side of benchmarks/parse_speed.py, run in its own process (so its CPU time includes the
interpreter's start-up and the imports) and, for a peer, in the peer's own virtualenv:

    python benchmarks/parse_worker.py ours FILE…     # scholartools' PDF parser
    python benchmarks/parse_worker.py peer FILE…     # pymupdf4llm.to_markdown (whichever is installed)
    python benchmarks/parse_worker.py plain FILE…    # page.get_text(), no structure

Writes one JSON object to stdout: {"versions": {...}, "pages": N, "out": [...]} where ``out``
holds, per file, ``{title, abstract, sections}`` of our record, the peer's Markdown, or null.
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    mode, files = sys.argv[1], sys.argv[2:]
    real_stdout = sys.stdout
    sys.stdout = sys.stderr     # libraries' own prints (pymupdf4llm's hints) stay off the result
    out, pages = [], 0
    if mode == "ours":
        from scholartools.parsing import parse_path

        for f in files:
            r = parse_path(f)
            pages += r["source"]["pages"]
            out.append({k: r.get(k) for k in ("title", "abstract", "sections")})
        import pymupdf

        versions = {"pymupdf": pymupdf.VersionBind}
    elif mode == "peer":
        import pymupdf
        import pymupdf4llm

        for f in files:
            out.append(pymupdf4llm.to_markdown(f, show_progress=False))
            with pymupdf.open(f) as doc:
                pages += doc.page_count
        layout = "pymupdf.layout" in sys.modules
        versions = {"pymupdf": pymupdf.VersionBind, "pymupdf4llm": pymupdf4llm.__version__, "layout": layout}
    elif mode == "plain":
        import pymupdf

        for f in files:
            with pymupdf.open(f) as doc:
                for page in doc:
                    page.get_text()
                    pages += 1
            out.append(None)
        versions = {"pymupdf": pymupdf.VersionBind}
    else:
        sys.exit(f"unknown mode {mode!r}")
    json.dump({"versions": versions, "pages": pages, "out": out}, real_stdout)


if __name__ == "__main__":
    main()
