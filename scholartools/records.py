"""Records: one JSON object per line, read and written with orjson.

The conventions (DESIGN.md "Records"):

* commands enrich: they copy a record and add their own fields, never dropping unknown ones;
* a record that a command cannot process is still written, with an ``error`` object
  ``{command, kind, message, [line], [field], [source]}``; downstream commands pass such records
  through untouched;
* a line that is not valid JSON (or not a JSON object) becomes an error record carrying the raw
  text and its line number;
* fields are named by dotted paths (``human.facets``) wherever a command names a field.
"""

from __future__ import annotations

import gzip
import io
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import orjson

_MISSING = object()


class RecordError(Exception):
    """Raised by library code to turn the record being processed into an error record.

    ``kind`` is a short machine-readable category (``missing_field``, ``bad_value``,
    ``unreadable_file`` …), ``message`` a sentence for a person, ``field`` the dotted path
    concerned, if any. Extra keyword arguments land in the error object as they are.
    """

    def __init__(self, kind: str, message: str, field: str | None = None, **extra: Any):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field
        self.extra = extra

    def as_error(self, command: str) -> dict:
        err = {"command": command, "kind": self.kind, "message": self.message}
        if self.field is not None:
            err["field"] = self.field
        err.update(self.extra)
        return err


# --------------------------------------------------------------------------- dotted paths

def _split(path: str) -> list[str]:
    if not path:
        raise ValueError("empty field path")
    return path.split(".")


def get_path(record: Any, path: str, default: Any = None) -> Any:
    """Value at a dotted ``path`` (``human.facets``; list indices as digits: ``sections.0.text``).

    Returns ``default`` when any step is missing. A key containing a dot is found too when it
    exists literally (``"scores.rougeL"`` stored flat).
    """
    if isinstance(record, dict) and path in record:
        return record[path]
    node = record
    for part in _split(path):
        if isinstance(node, dict):
            if part not in node:
                return default
            node = node[part]
        elif isinstance(node, list) and part.lstrip("-").isdigit():
            i = int(part)
            if not -len(node) <= i < len(node):
                return default
            node = node[i]
        else:
            return default
    return node


def has_path(record: Any, path: str) -> bool:
    """True when ``path`` exists in ``record`` (its value may be ``None``)."""
    return get_path(record, path, _MISSING) is not _MISSING


def require_path(record: dict, path: str, needed_by: str) -> Any:
    """Value at ``path``, or a :class:`RecordError` naming ``needed_by`` and the field."""
    value = get_path(record, path, _MISSING)
    if value is _MISSING:
        raise RecordError("missing_field", f"{needed_by} needs field '{path}', which this record lacks",
                          field=path)
    return value


def set_path(record: dict, path: str, value: Any) -> None:
    """Set ``value`` at a dotted ``path``, creating intermediate dicts."""
    parts = _split(path)
    node = record
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    node[parts[-1]] = value


# --------------------------------------------------------------------------- error records

def is_error(record: Any) -> bool:
    """True for an error record (a dict whose ``error`` is a non-empty object)."""
    return isinstance(record, dict) and isinstance(record.get("error"), dict) and bool(record["error"])


def error_record(command: str, kind: str, message: str, record: dict | None = None, **fields: Any) -> dict:
    """An error record: a copy of ``record`` (if any) with an ``error`` object added.

    ``fields`` (``line``, ``field``, ``source`` …) go into the error object; ``None`` values are left out.
    """
    out = dict(record) if record else {}
    err = {"command": command, "kind": kind, "message": message}
    err.update({k: v for k, v in fields.items() if v is not None})
    out["error"] = err
    return out


def add_provenance(record: dict, entry: dict) -> dict:
    """Add ``entry`` to the record's ``provenance`` list in a new list.

    A new list, because fan-out records made by shallow copies share their parent's list.
    """
    prov = record.get("provenance")
    if not isinstance(prov, list):
        prov = [] if prov is None else [prov]
    record["provenance"] = [*prov, entry]
    return record


# --------------------------------------------------------------------------- reading and writing

def parse_line(line: bytes | str, lineno: int, source: str, command: str = "read") -> dict:
    """One JSONL line → a record, or an error record naming ``source`` and ``lineno``."""
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raw = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        return error_record(command, "invalid_json", f"{source}:{lineno}: not valid JSON ({exc})",
                            line=lineno, source=source) | {"raw": raw.rstrip("\r\n")}
    if not isinstance(value, dict):
        raw = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        return error_record(command, "not_an_object",
                            f"{source}:{lineno}: a JSON {type(value).__name__} where a JSON object was expected",
                            line=lineno, source=source) | {"raw": raw.rstrip("\r\n")}
    return value


def open_binary(path: str) -> IO[bytes]:
    """Open ``path`` for reading bytes; ``-`` is stdin, ``.gz`` is decompressed transparently."""
    if path == "-":
        return sys.stdin.buffer
    if path.endswith(".gz"):
        return gzip.open(path, "rb")
    return open(path, "rb")


def iter_lines(stream: IO[bytes], source: str, command: str = "read") -> Iterator[dict]:
    """Records from an open binary stream; blank lines are skipped (but counted)."""
    for lineno, line in enumerate(stream, 1):
        if not line.strip():
            continue
        yield parse_line(line, lineno, source, command)


def read_jsonl(path: str, command: str = "read") -> Iterator[dict]:
    """Records from a JSONL file (``-`` for stdin, ``.gz`` allowed), bad lines as error records."""
    f = open_binary(path)
    try:
        yield from iter_lines(f, path if path != "-" else "<stdin>", command)
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def dumps(record: Any) -> bytes:
    """A record as one JSONL line (bytes, with the newline). Non-JSON values are stringified."""
    return orjson.dumps(record, option=orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_APPEND_NEWLINE,
                        default=_default)


def _default(value: Any) -> Any:
    # numpy scalars, sets, paths: make them JSON rather than crash at the end of a long run
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def write_jsonl(records: Iterable[dict], path_or_stream: str | IO[bytes]) -> int:
    """Write records as JSONL; returns how many were written."""
    close = False
    if isinstance(path_or_stream, str):
        f: IO[bytes] = sys.stdout.buffer if path_or_stream == "-" else open(path_or_stream, "wb")
        close = path_or_stream != "-"
    else:
        f = path_or_stream
    n = 0
    try:
        for rec in records:
            f.write(dumps(rec))
            n += 1
    finally:
        if close:
            f.close()
    return n


def records_from_text(text: str, source: str = "<text>") -> list[dict]:
    """Parse JSONL held in a string (tests and small inputs)."""
    return list(iter_lines(io.BytesIO(text.encode("utf-8")), source))
