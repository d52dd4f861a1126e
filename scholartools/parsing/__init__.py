"""Papers in any supported format → paper records (DESIGN.md "Records", S2ORC's shape).

    from scholartools.parsing import parse_path
    rec = parse_path("paper.pdf")              # format auto-detected
    rec = parse_path("main.tex", fmt="latex")

``parse_paths`` yields one record per path and turns a file that cannot be parsed into an error
record naming the file and the reason, so a batch never stops at one bad file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from scholartools.parsing.detect import FORMATS, binary_kind, detect_format
from scholartools.parsing.record import finish
from scholartools.records import RecordError, error_record

COMMAND = "st-parse"


def _adapter(fmt: str):
    if fmt == "pdf":
        from scholartools.parsing.pdf import PARSER, parse_pdf
        return PARSER, parse_pdf
    if fmt == "latex":
        from scholartools.parsing.latex import parse_latex
        return "scholartools-latex", parse_latex
    if fmt == "tei":
        from scholartools.parsing.tei import parse_tei
        return "scholartools-tei", parse_tei
    if fmt == "s2orc":
        from scholartools.parsing.s2orc import parse_s2orc
        return "scholartools-s2orc", parse_s2orc
    if fmt == "scienceparse":
        from scholartools.parsing.scienceparse import parse_scienceparse
        return "scholartools-scienceparse", parse_scienceparse
    if fmt == "flatjson":
        from scholartools.parsing.flatjson import parse_flatjson
        return "scholartools-flatjson", parse_flatjson
    if fmt in ("markdown", "text"):
        from scholartools.parsing.markdown import parse_markdown, parse_text
        return f"scholartools-{fmt}", parse_markdown if fmt == "markdown" else parse_text
    raise ValueError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")


def parse_path(path: str, fmt: str | None = None, id_from: str = "stem", max_pages: int | None = None,
               references: bool = True, sections_only: bool = False, keep_hidden: bool = False) -> dict:
    """Parse one file into a paper record; raises :class:`RecordError` when it cannot be parsed.

    Text of a PDF that a reader cannot see is removed from the record's text (kept in its
    ``hidden_text`` warnings; :mod:`scholartools.parsing.hidden_text`) unless ``keep_hidden``."""
    if not os.path.exists(path):
        raise RecordError("unreadable_file", f"{path}: no such file", source=path)
    if os.path.isdir(path):
        raise RecordError("unreadable_file", f"{path}: is a directory", source=path)
    if not os.access(path, os.R_OK):
        raise RecordError("unreadable_file", f"{path}: permission denied", source=path)
    if fmt is None:
        with open(path, "rb") as fh:
            kind = binary_kind(fh.read(4096))
        if kind:
            raise RecordError("not_a_paper", f"{path}: {kind}, not a paper (st-parse reads PDF, LaTeX, TEI, "
                              "S2ORC / Science Parse / flat JSON, Markdown and text)", source=path)
    fmt = fmt or detect_format(path)
    parser, fn = _adapter(fmt)
    if fmt == "pdf":
        raw = fn(path, max_pages=max_pages, references=references, sections_only=sections_only)
    else:
        if os.path.getsize(path) == 0:
            raise RecordError("empty_file", f"{path}: the file is empty", source=path)
        raw = fn(path)
    rec = finish(raw, path, fmt, parser, id_from=id_from, sections_only=sections_only, references=references)
    from scholartools.parsing import hidden_text

    return hidden_text.keep_hidden(rec) if keep_hidden else hidden_text.remove_hidden(rec)


def parse_paths(paths: Iterable[str], **kwargs) -> Iterator[dict]:
    """One record per path, in order; unparseable files become error records (never raise)."""
    for path in paths:
        try:
            yield parse_path(path, **kwargs)
        except RecordError as exc:
            yield _error(path, exc.kind, exc.message)
        except Exception as exc:  # a parser bug on one file must not end the batch
            yield _error(path, "parse_failed", f"{path}: {type(exc).__name__}: {exc}")


def _error(path: str, kind: str, message: str) -> dict:
    stem = os.path.splitext(os.path.basename(path))[0]
    return error_record(COMMAND, kind, message, {"id": stem, "source": {"path": path}}, source=path)
