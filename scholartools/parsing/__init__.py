"""Papers in any supported format → paper records (DESIGN.md "Records", S2ORC's shape).

    from scholartools.parsing import parse_path
    rec = parse_path("paper.pdf")              # format auto-detected
    rec = parse_path("main.tex", fmt="latex")

``parse_paths`` yields one record per path and turns a file that cannot be parsed into an error
record naming the file and the reason, so a batch never stops at one bad file. The path ``-`` is
one document's bytes read from stdin (:func:`parse_bytes`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from scholartools import recache as re
from scholartools.parsing.detect import FORMATS, binary_kind, detect_format
from scholartools.parsing.record import finish
from scholartools.errors import RecordError

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


#: a Markdown heading line: how a document read from stdin (no file name) is told from plain text
_MARKDOWN_HEADING = re.compile(rb"^#{1,6} \S", re.M)
#: the file suffix each format is parsed under when it comes from stdin
_SUFFIX = {"pdf": ".pdf", "latex": ".tex", "tei": ".xml", "markdown": ".md", "text": ".txt",
           "s2orc": ".json", "scienceparse": ".json", "flatjson": ".json"}
STDIN = "-"


def parse_bytes(data: bytes, fmt: str | None = None, **kwargs) -> dict:
    """Parse one document given as bytes (``st-parse -``): the format is detected from the content
    as for a file (a PDF, LaTeX, TEI or JSON by their first bytes; Markdown by a ``# heading``
    line, since there is no file name), ``fmt`` overrides it. The record's ``source.path`` is
    ``-`` and its id (``--id-from stem``) ``stdin``. A LaTeX document's ``\\input`` files are not
    followed (there is no folder to find them in)."""
    if not data:
        raise RecordError("empty_file", "stdin: no bytes were read", source=STDIN)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="st-parse-") as tmp:
        path = os.path.join(tmp, "stdin")
        with open(path, "wb") as fh:
            fh.write(data)
        if fmt is None:
            kind = binary_kind(data[:4096])
            if kind:
                raise RecordError("not_a_paper", f"stdin: {kind}, not a paper (st-parse reads PDF, LaTeX, TEI, "
                                  "S2ORC / Science Parse / flat JSON, Markdown and text)", source=STDIN)
            fmt = detect_format(path)
            if fmt == "text" and _MARKDOWN_HEADING.search(data[:65536]):
                fmt = "markdown"
        named = path + _SUFFIX.get(fmt, "")
        os.rename(path, named)
        rec = parse_path(named, fmt=fmt, **kwargs)
    rec["source"]["path"] = STDIN
    if kwargs.get("id_from", "stem") == "stem":
        rec["id"] = "stdin"
    return rec


def parse_paths(paths: Iterable[str], provenance: bool = False, stdin: BinaryIO | None = None,
                **kwargs) -> Iterator[dict]:
    """One record per path, in order; unparseable files become error records (never raise).
    The path ``-`` is one document read from ``stdin`` (default: the process's stdin).
    ``provenance``: each record carries the command's provenance fields for it in ``_provenance``
    (the parser that read it, with pymupdf's version for a PDF), for the command's writer."""
    for path in paths:
        try:
            rec = parse_bytes((stdin or sys.stdin.buffer).read(), **kwargs) if path == STDIN \
                else parse_path(path, **kwargs)
            source = rec.get("source") or {}
            if provenance:
                rec["_provenance"] = _provenance(source.get("format", ""), source.get("parser", ""))
                if source.get("format") == "pdf":   # only a PDF has text a reader cannot see
                    rec["_provenance"]["hidden_text"] = "kept" if kwargs.get("keep_hidden") else "removed"
            yield rec
        except RecordError as exc:
            yield _error(path, exc.kind, exc.message)
        except Exception as exc:  # a parser bug on one file must not end the batch
            yield _error(path, "parse_failed", f"{path}: {type(exc).__name__}: {exc}")


def unique_ids(records: Iterable[dict], warn=None) -> Iterator[dict]:
    """``records`` with ids unique within the run: a record whose id an earlier one has
    (``a/paper.pdf`` and ``b/paper.pdf`` both give ``paper``) gets ``ID~2``, ``ID~3`` … and a
    warning in its ``warnings`` (and through ``warn``, a function of one message), never a silent
    merge downstream."""
    seen: set = set()
    for rec in records:
        rid = rec.get("id")
        if isinstance(rid, str) and rid in seen:
            n = 2
            while f"{rid}~{n}" in seen:
                n += 1
            new = f"{rid}~{n}"
            path = (rec.get("source") or {}).get("path") if isinstance(rec.get("source"), dict) else None
            message = f"{path or 'this file'}: id '{rid}' is an earlier file's id; this record is '{new}'"
            rec["id"] = new
            rec["warnings"] = [*(rec.get("warnings") or []), {"kind": "duplicate_id", "message": message}]
            if warn is not None:
                warn(message)
            rid = new
        seen.add(rid)
        yield rec


def _provenance(fmt: str, parser: str) -> dict:
    """The provenance entry's method fields for a file read as ``fmt`` by ``parser``: the pymupdf
    version only where pymupdf read the file."""
    prov = {"method": "pymupdf-layout" if fmt == "pdf" else f"{fmt}-adapter", "parser": parser}
    if fmt == "pdf":
        try:
            from scholartools.parsing.pdf.mupdf import load

            prov["pymupdf"] = load().VersionBind
        except ImportError:
            pass
    return prov


def _error(path: str, kind: str, message: str) -> dict:
    from scholartools.records import error_record

    stem = os.path.splitext(os.path.basename(path))[0]
    return error_record(COMMAND, kind, message, {"id": stem, "source": {"path": path}}, source=path)
