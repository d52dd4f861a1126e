"""Records: one JSON object per line, read by jsonlines' rules over orjson and written with orjson.

The conventions (DESIGN.md "Records"):

* commands enrich: they copy a record and add their own fields, never dropping unknown ones;
* a record that a command cannot process is still written, with an ``error`` object
  ``{command, kind, message, [line], [field], [source]}``; downstream commands pass such records
  through untouched;
* a line that is not valid JSON (or not a JSON object) becomes an error record carrying the raw
  text and its line number;
* fields are named by dotted paths (``human.facets``) wherever a command names a field.

The JSON Lines boundary is :mod:`jsonlines` and orjson. Reading (:func:`iter_lines`): orjson
parses each line's bytes, and every line it does not take as a JSON object as it stands goes to
``jsonlines.Reader``, whose rules decide (blank lines skipped, a byte-order mark or record
separator dropped, the line refused as not UTF-8, not JSON or not an object, with its number).
Writing (:func:`writer`): ``orjson.dumps`` and a newline per record, the bytes ``jsonlines.Writer``
writes over the same ``dumps`` (a test holds the two together), without jsonlines' import. Why
reading does not give every line to jsonlines, and what each side costs: ``benchmarks/README.md``.
"""

from __future__ import annotations

import gzip
import io
import sys
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

import orjson

from scholartools.errors import RecordError, UsageError  # noqa: F401 (RecordError re-exported)

if TYPE_CHECKING:   # jsonlines (with attrs) is imported only where a line is refused: most of
    import jsonlines  # `import scholartools.records` otherwise, paid by --help, the API and writing

#: the one "no value here" sentinel (``get_path(rec, path, MISSING) is MISSING``: the field is absent)
MISSING = object()


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C while a batch of records was being processed: ``outputs`` is aligned with the batch
    (a record, a list of records or an exception for each finished one, None where unfinished),
    so that the command writes what is finished, in order, before it exits 130."""

    def __init__(self, outputs: list):
        super().__init__()
        self.outputs = outputs


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
    return get_path(record, path, MISSING) is not MISSING


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


def error_of(exc: BaseException, command: str) -> dict:
    """The ``error`` object of a record whose processing raised ``exc``: a :class:`RecordError`'s
    own kind and fields, else kind ``exception`` with the exception's type and message."""
    if isinstance(exc, RecordError):
        return exc.as_error(command)
    return {"command": command, "kind": "exception", "message": f"{type(exc).__name__}: {exc}"}


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

def _raw(line: bytes | str) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    return text.rstrip("\r\n")


_JSON_TYPES = {list: "array", str: "string", int: "number", float: "number", bool: "boolean",
               type(None): "null"}


def _bad_line(exc: jsonlines.InvalidLineError, lineno: int, source: str, command: str) -> dict:
    """The error record for a line jsonlines refused (not UTF-8, not JSON, null or not an object)."""
    where = f"{source}:{lineno}"
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError):
        byte = cause.object[cause.start]
        return error_record(command, "invalid_json", f"{where}: byte 0x{byte:02x} at column {cause.start + 1} "
                            "is not UTF-8 (the input must be UTF-8 text)", line=lineno, source=source) \
            | {"raw": _raw(exc.line)}
    if isinstance(cause, ValueError):
        return error_record(command, "invalid_json", f"{where}: not valid JSON ({cause})",
                            line=lineno, source=source) | {"raw": _raw(exc.line)}
    # valid JSON, but not an object ("does not match requested type", or a null)
    kind = _JSON_TYPES.get(type(orjson.loads(exc.line)), "value")
    return error_record(command, "not_an_object", f"{where}: a JSON {kind} where a JSON object was expected",
                        line=lineno, source=source) | {"raw": _raw(exc.line)}


def read_line(line: bytes | str, lineno: int, source: str, command: str = "read") -> dict | None:
    """jsonlines' verdict on one line: the record, an error record naming ``source:lineno``, or
    None for a line jsonlines skips (blank or whitespace only). A byte-order mark or a record
    separator (RFC 7464) before the JSON is dropped."""
    import jsonlines

    try:
        return jsonlines.Reader((line,), loads=orjson.loads).read(type=dict, skip_empty=True)
    except EOFError:
        return None
    except jsonlines.InvalidLineError as exc:
        return _bad_line(exc, lineno, source, command)


def read_utf8(path: str | Any) -> str:
    """The text of a file an option names (a template, criteria, shots): ``ValueError`` naming the
    file and the first byte that is not UTF-8 (``OSError`` as raised)."""
    data = open(path, "rb").read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"'{path}' is not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}") from None


def open_binary(path: str) -> IO[bytes]:
    """Open ``path`` for reading bytes; ``-`` is stdin, ``.gz`` is decompressed transparently."""
    if path == "-":
        return sys.stdin.buffer
    if path.endswith(".gz"):
        return gzip.open(path, "rb")
    return open(path, "rb")


#: default bounds on what one input may cost (each has an option on every command that reads
#: records: --max-depth, --max-line-bytes, --max-decompressed-bytes)
DEFAULT_MAX_DEPTH = 100
#: orjson writes at most 254 levels; a record deeper than this cannot be read, so every record
#: read can be written with the few levels a command adds (an ``error`` or ``provenance`` entry)
MAX_DEPTH_LIMIT = 200
DEFAULT_MAX_LINE_BYTES = 64 * 2**20
DEFAULT_MAX_DECOMPRESSED_BYTES = 4 * 2**30

#: orjson reads an integer outside the 64-bit range as a float: one of this size or more may be one
_WIDE = 9.223372036854775e18


class InputTooLarge(Exception):
    """More than the allowed bytes came out of one (compressed) input."""

    def __init__(self, limit: int):
        super().__init__(f"more than {limit:,} bytes once decompressed (--max-decompressed-bytes)")
        self.limit = limit


class _LongLine:
    """Stands for a line longer than the limit, which was skipped without being held."""

    __slots__ = ("size",)

    def __init__(self, size: int):
        self.size = size


def depth(value: Any) -> int:
    """Nesting depth of a JSON value (a scalar is 0, ``{}`` and ``[]`` are 1)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        if d > deepest:
            deepest = d
        stack.extend((child, d + 1) for child in node if isinstance(child, (dict, list)))
    return deepest


def _bounded_lines(stream: IO[bytes], max_line: int, max_total: int | None) -> Iterator[bytes | _LongLine]:
    """The lines of ``stream``, none held longer than ``max_line`` bytes (a longer one is read
    through in chunks and stands as a :class:`_LongLine`); more than ``max_total`` bytes in all
    raises :class:`InputTooLarge`. Memory stays bounded whatever the input (a decompression bomb
    is one line of zeros)."""
    readline, read = stream.readline, stream.read
    total, rest = 0, b""   # rest: bytes read past the end of a skipped line
    while True:
        if rest:
            end = rest.find(b"\n") + 1
            if end:
                line, rest = rest[:end], rest[end:]
            else:
                more = readline(max_line + 1 - len(rest)) if len(rest) <= max_line else b""
                total += len(more)
                line, rest = rest + more, b""
        else:
            line = readline(max_line + 1)
            total += len(line)
        if not line:
            return
        if len(line) > max_line and (len(line) > max_line + 1 or not line.endswith(b"\n")):
            size = len(line)
            while not line.endswith(b"\n"):   # read through to the end of the line, a megabyte at a time
                if max_total is not None and total > max_total:
                    raise InputTooLarge(max_total)
                chunk = read(1 << 20)
                total += len(chunk)
                end = chunk.find(b"\n") + 1
                if not chunk or end:
                    size += end or len(chunk)
                    rest = chunk[end:] if end else b""
                    break
                size += len(chunk)
                line = b""
            line = _LongLine(size)
        if max_total is not None and total > max_total:
            raise InputTooLarge(max_total)
        yield line


def _scan(value: Any) -> tuple[int, bool]:
    """One walk over a record orjson read: its nesting depth, and whether it holds a float as large
    as an integer orjson widens to a float (outside the 64-bit range). A walk over the values,
    not the bytes: a text-heavy record has few of them (a byte scan costs as much as the parse)."""
    deepest, wide = 0, False
    stack = [(value, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        node, d = pop()
        if d > deepest:
            deepest = d
        for child in (node.values() if type(node) is dict else node):
            t = type(child)
            if t is dict or t is list:
                push((child, d + 1))
            elif t is float and (child >= _WIDE or child <= -_WIDE):
                wide = True
    return deepest, wide


def _exact(line: bytes, value: Any) -> Any:
    """``value`` read again by the standard library, which keeps integers of any size exact (a
    float literal it reads as orjson does)."""
    import json

    exact = json.loads(line)
    return exact if type(exact) is dict else value


def iter_lines(stream: IO[bytes] | Iterable[bytes], source: str, command: str = "read",
               numbered: bool = False, max_depth: int = DEFAULT_MAX_DEPTH,
               max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
               max_total_bytes: int | None = None) -> Iterator[dict]:
    """Records from an open binary stream (or any iterable of byte lines), in order
    (``numbered``: ``(line number, record)`` pairs).

    Each line's bytes go straight to orjson; a line that orjson does not take as a JSON object
    as it stands (blank, a byte-order mark, not UTF-8, not JSON, not an object) is read by
    jsonlines (:func:`read_line`), whose verdict counts: the record, nothing for a blank line, or
    an error record naming ``source`` and the line number — and reading goes on. The two give
    the same records on every line (``tests/test_records.py``); orjson on the bytes is the fast
    path because jsonlines decodes each line to ``str`` first, which orjson must encode back to
    UTF-8: twice the time on st-parse's records (``benchmarks/jsonl_speed.py``).

    Bounds: a line longer than ``max_line_bytes`` (kind ``line_too_long``) or a record nested
    deeper than ``max_depth`` (kind ``too_deep``) is an error record and reading goes on; more
    than ``max_total_bytes`` from the stream raises :class:`InputTooLarge`. Integers of 2**64 or
    more are read exactly (orjson would read them as floats)."""
    loads, refused = orjson.loads, orjson.JSONDecodeError
    if hasattr(stream, "readline"):
        stream = _bounded_lines(stream, max_line_bytes, max_total_bytes)
    for lineno, line in enumerate(stream, 1):
        if type(line) is _LongLine:
            value = error_record(command, "line_too_long", f"{source}:{lineno}: a line of {line.size:,} bytes, more "
                                 f"than the {max_line_bytes:,} allowed (--max-line-bytes)", line=lineno, source=source)
            yield (lineno, value) if numbered else value
            continue
        try:
            value = loads(line)
        except refused:
            value = None
        if type(value) is not dict:
            value = read_line(line, lineno, source, command)
            if value is None:
                continue
        else:
            deepest, wide = _scan(value)
            if wide:
                value = _exact(line, value)
            if deepest > max_depth:
                value = error_record(command, "too_deep", f"{source}:{lineno}: a record nested more than "
                                     f"{max_depth} levels deep (--max-depth)", line=lineno, source=source) \
                    | {"raw": _raw(line)}
        yield (lineno, value) if numbered else value


def read_jsonl(path: str, command: str = "read") -> Iterator[dict]:
    """Records from a JSONL file (``-`` for stdin, ``.gz`` allowed), bad lines as error records."""
    f = open_binary(path)
    try:
        yield from iter_lines(f, path if path != "-" else "<stdin>", command)
    finally:
        if f is not sys.stdin.buffer:
            f.close()


_DUMP_OPTIONS = orjson.OPT_SERIALIZE_NUMPY


def dump_line(record: Any) -> bytes:
    """A record as JSON (bytes, no newline). Non-JSON values (numpy scalars, sets, paths) are
    converted rather than crash at the end of a long run; integers of 2**64 or more are written
    exactly (:func:`dump_exact`)."""
    try:
        return orjson.dumps(record, option=_DUMP_OPTIONS, default=_default)
    except orjson.JSONEncodeError:
        return dump_exact(record)


def dump_exact(record: Any) -> bytes:
    """What orjson cannot write, by the standard library: integers of 2**64 or more exactly,
    non-finite floats as ``null`` (as orjson writes them). Raises :class:`RecursionError`-free
    ``ValueError`` for a record nested deeper than :data:`MAX_DEPTH_LIMIT` + a few levels."""
    import json
    import math

    if depth(record) > MAX_DEPTH_LIMIT + 50:
        raise ValueError(f"a record nested more than {MAX_DEPTH_LIMIT + 50} levels deep cannot be written")

    def plain(value: Any) -> Any:
        if isinstance(value, dict):
            return {k if isinstance(k, str) else str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple, set, frozenset)):
            return [plain(v) for v in value]
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        return plain(_default(value))

    return json.dumps(plain(record), ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def _default(value: Any) -> Any:
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    return str(value)


def canonical(value: Any) -> str:
    """A JSON value as canonical JSON text (keys sorted, integers exact): a key that tells ``1``
    from ``"1"`` and ``true``, and a readable id for a list or an object (never Python's repr)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    except TypeError:
        import json

        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def id_text(value: Any) -> str:
    """An id as text: a string as it is, any other JSON value as its canonical JSON."""
    return value if isinstance(value, str) else canonical(value)


def is_pipe(stream: IO) -> bool:
    """True when ``stream`` is a pipe or a socket (a reader downstream waits for each record)."""
    import os
    import stat

    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (OSError, ValueError, AttributeError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


class LineWriter:
    """Writes each record as one line: ``orjson.dumps`` (numpy values and sets made JSON) and a
    newline, flushed after every record when ``flush`` (a pipe or a socket downstream). The bytes
    ``jsonlines.Writer`` writes over the same ``dumps`` on a binary stream, without importing
    jsonlines and attrs (2–3 % of ``st-parse`` on a small PDF) in every command that writes."""

    __slots__ = ("_fp", "_flush")

    def __init__(self, fp: IO[bytes], flush: bool = False):
        self._fp = fp
        self._flush = flush

    def write(self, obj: Any) -> int:
        """Encode and write one record (orjson's ``JSONEncodeError``, a ``TypeError``, when it
        cannot); the number of bytes written, newline included."""
        line = orjson.dumps(obj, option=_DUMP_OPTIONS, default=_default)
        fp = self._fp
        fp.write(line)
        fp.write(b"\n")
        if self._flush:
            fp.flush()
        return len(line) + 1

    def write_all(self, records: Iterable[Any]) -> int:
        return sum(self.write(rec) for rec in records)


def writer(stream: IO[bytes]) -> LineWriter:
    """A JSONL writer on a binary stream (:class:`LineWriter`: what ``jsonlines.Writer`` over
    ``orjson.dumps`` writes); it flushes after every record when the stream is a pipe or a socket."""
    return LineWriter(stream, flush=is_pipe(stream))


def records_from_text(text: str, source: str = "<text>") -> list[dict]:
    """Parse JSONL held in a string (tests and small inputs)."""
    return list(iter_lines(io.BytesIO(text.encode("utf-8")), source))


def read_field(record: Any, path: str, *, required: bool = True, kind: type | tuple | None = None,
               message: str | None = None) -> Any:
    """The one field reader: the value at dotted ``path``. Absent or null: None, or, when
    ``required``, a ``missing_field`` :class:`RecordError` (``message``, else one naming the path);
    present with a type other than ``kind``: ``bad_value`` naming the type it must be."""
    value = get_path(record, path, MISSING)
    if value is MISSING or value is None:
        if required:
            raise RecordError("missing_field", message or f"no '{path}' in the record", field=path)
        return None
    if kind is not None and not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RecordError("bad_value", f"'{path}' must be {names}, not {type(value).__name__}", field=path)
    return value


def map_batches(records: Iterable[dict], batch: Any, batch_size: int | None, command: str,
                provenance: dict) -> Iterator[dict]:
    """A command's output records, records in and records out, as its writer writes them:
    ``batch(list of records) → list aligned with it`` (a record, a list of records, None, or an
    exception each) in batches of ``batch_size`` (None: all at once); input error records keep
    their place; a failed record becomes an error record in its place (one bad batch never ends
    the run); every other output record gets the entry ``{command, version, **provenance,
    **its _provenance}`` (read when the record is emitted, so a run may fill it as it goes)."""
    from scholartools.version import __version__

    def emit(out: Any, source: dict) -> Iterator[dict]:
        if isinstance(out, BaseException):
            if isinstance(out, RecordError):
                yield {**source, "error": out.as_error(command)}
            else:
                yield error_record(command, "exception", f"{type(out).__name__}: {out}", source)
            return
        for rec in out if isinstance(out, list) else [out]:
            if rec is None:
                continue
            extra = rec.pop("_provenance", None)
            if not is_error(rec):
                add_provenance(rec, {"command": command, "version": __version__, **provenance, **(extra or {})})
            yield rec

    def flush(pending: list[tuple[bool, dict]]) -> Iterator[dict]:
        todo = [r for bad, r in pending if not bad]
        results: list = []
        if todo:
            try:
                results = list(batch(todo))
            except Exception as exc:   # one bad batch never ends the run
                results = [exc] * len(todo)
        it = iter(results)
        for bad, rec in pending:
            yield from ([rec] if bad else emit(next(it), rec))

    pending: list[tuple[bool, dict]] = []
    n_ok = 0
    for rec in records:
        bad = is_error(rec)
        pending.append((bad, rec))
        if not bad:
            n_ok += 1
            if batch_size and n_ok % batch_size == 0:
                yield from flush(pending)
                pending = []
    yield from flush(pending)


def parse_pairs(specs: Iterable[str], option: str = "--field", shape: str = "SLOT=PATH") -> list[tuple[str, str]]:
    """``NAME=VALUE`` words (a repeatable option's values) → ``(name, value)`` pairs in order, each
    part stripped; a word without both parts is a :class:`~scholartools.errors.UsageError` saying
    ``{option} wants {shape}``."""
    pairs: list[tuple[str, str]] = []
    for spec in specs or ():
        name, sep, value = spec.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError(f"{option} wants {shape}, got '{spec}'")
        pairs.append((name.strip(), value.strip()))
    return pairs


def parse_field_specs(specs: Iterable[str]) -> dict[str, str]:
    """``--field SLOT=PATH`` values (repeatable) → slot → dotted field path (the last value of a
    slot wins); a value without both parts is a :class:`~scholartools.errors.UsageError`."""
    return dict(parse_pairs(specs))
