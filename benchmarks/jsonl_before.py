"""The JSON Lines boundary as it stood before jsonlines (commit aae0492), kept for
``benchmarks/jsonl_speed.py`` to measure against in the same run: "today's orjson-only path" of
issue 24. Copied verbatim from that commit's ``scholartools/records.py`` (``parse_line``,
``iter_lines``, ``dumps``) and ``scholartools/cli/base.py`` (the ``RecordIO`` methods that touch
every record: reading, ``write``, ``_emit``, ``map``); nothing else imports it.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import IO, Any

import orjson

from scholartools import __version__
from scholartools.cli.base import RecordIO, _StrictStop
from scholartools.records import _default, add_provenance, error_record, is_error


# --------------------------------------------------------------------------- records.py at aae0492

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


def iter_lines(stream: IO[bytes], source: str, command: str = "read") -> Iterator[dict]:
    """Records from an open binary stream; blank lines are skipped (but counted)."""
    for lineno, line in enumerate(stream, 1):
        if not line.strip():
            continue
        yield parse_line(line, lineno, source, command)


def dumps(record: Any) -> bytes:
    """A record as one JSONL line (bytes, with the newline). Non-JSON values are stringified."""
    return orjson.dumps(record, option=orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_APPEND_NEWLINE,
                        default=_default)


# --------------------------------------------------------------------------- cli/base.py at aae0492

class RecordIOBefore(RecordIO):
    """RecordIO with aae0492's per-record methods: the orjson-only reader and writer above."""

    def _all_records(self) -> Iterator[dict]:
        for path in self.inputs:
            f, source = self._open(path)
            try:
                for rec in iter_lines(f, source, self.command):
                    self.n_in += 1
                    yield rec
            finally:
                if f is not self._stdin:
                    f.close()

    def records(self) -> Iterator[dict]:
        """Input records to process; error records are written through as they are met."""
        for rec in self._all_records():
            if is_error(rec):
                self.write(rec)
            else:
                yield rec

    def write(self, record: dict) -> None:
        """Write one output record (adds provenance to non-error records)."""
        extra = record.pop("_provenance", None)
        if is_error(record):
            self.n_errors += 1
        else:
            entry = {"command": self.command, "version": __version__}
            entry.update(self.provenance)
            if extra:
                entry.update(extra)
            add_provenance(record, entry)
        self._out.write(dumps(record))
        self.n_out += 1
        now = time.perf_counter()
        if now - self._last_flush > 0.5:
            self._out.flush()
            self._last_flush = now
        if self.strict and is_error(record):
            raise _StrictStop()

    def _emit(self, result: Any, source: dict, seconds: float | None = None) -> None:
        if isinstance(result, BaseException):
            self.write(self.error_for(source, result))
            return
        outs = result if isinstance(result, list) else [result]
        for out in outs:
            if out is None:
                continue
            if seconds is not None and not is_error(out):
                prov = out.setdefault("_provenance", {})
                prov.setdefault("seconds", round(seconds, 6))
            self.write(out)

    def map(self, fn: Callable[[dict], Any]) -> None:
        """Stream: ``fn(record)`` → a record, a list of records (fan-out), or raises."""
        for rec in self.progress(self.records(), desc=self.command):
            t = time.perf_counter()
            try:
                result = fn(rec)
            except (KeyboardInterrupt, _StrictStop):
                raise
            except Exception as exc:  # one bad record never ends the run
                result = exc
            self._emit(result, rec, time.perf_counter() - t)
