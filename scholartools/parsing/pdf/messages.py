"""MuPDF's messages, caught: never on stdout (where they would corrupt the JSONL stream).

PyMuPDF prints the C library's diagnostics ("MuPDF error: format error: non-page object in page
tree") on ``sys.stdout`` by default. :func:`capture` points them at a collector once per
process; :func:`take` returns (and forgets) what was said since the last call, so the PDF parser
puts the messages of each file into that record's ``warnings``.
"""
from __future__ import annotations

import threading

_lock = threading.Lock()
_lines: list[str] = []
_installed = False


class _Collector:
    def write(self, text: str) -> int:
        with _lock:
            _lines.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def capture() -> None:
    """Route PyMuPDF's messages to the collector (idempotent)."""
    global _installed
    if not _installed:
        from scholartools.parsing.pdf.mupdf import load

        pymupdf = load()

        pymupdf.set_messages(stream=_Collector())
        _installed = True


def take() -> list[str]:
    """The messages said since the last call, one per line, blank lines dropped."""
    with _lock:
        text = "".join(_lines)
        _lines.clear()
    return [line.strip() for line in text.splitlines() if line.strip()]
