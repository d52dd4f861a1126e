"""A judge's inputs: its fields read from a record (``missing_field`` / ``bad_value`` error records
naming the field otherwise) and laid out for the prompt (numbered lists, context cut to N words)."""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scholartools.records import RecordError
from scholartools.records import read_field as _read_field


def read_field(rec: dict, path: str, what: str = "a value") -> Any:
    """The value at ``path``; ``missing_field`` when absent (or null)."""
    return _read_field(rec, path, message=f"st-judge needs {what} at '{path}', which this record lacks")


def _item_text(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and isinstance(item.get("text"), str):
        return item["text"]
    return None


def read_texts(rec: dict, path: str, what: str = "a list of texts") -> list[str]:
    """A list of texts at ``path``: strings, or objects with a ``text`` (extraction points)."""
    value = read_field(rec, path, what)
    if not isinstance(value, list):
        raise RecordError("bad_value", f"'{path}' must be {what}, not {type(value).__name__}", field=path)
    texts = [_item_text(v) for v in value]
    bad = [i for i, t in enumerate(texts) if t is None]
    if bad:
        raise RecordError("bad_value", f"'{path}' must be {what}: item {bad[0]} is "
                          f"{type(value[bad[0]]).__name__}, not text (or an object with 'text')", field=path)
    return texts  # type: ignore[return-value]


def read_text(rec: dict, path: str, what: str = "text") -> str:
    """Text at ``path``; a list of texts is joined by newlines, an object shown as JSON."""
    value = read_field(rec, path, what)
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(_item_text(v) is not None for v in value):
        return "\n".join(_item_text(v) for v in value)  # type: ignore[misc]
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, indent=1)
    raise RecordError("bad_value", f"'{path}' must be {what}, not {type(value).__name__}", field=path)


def read_joined(rec: dict, paths: Iterable[str], what: str = "text") -> str:
    """The texts of several fields (``abstract,introduction``) joined by a blank line."""
    return "\n\n".join(read_text(rec, p, what) for p in paths)


def numbered(items: list[str], start: int = 1) -> str:
    """``1. first\\n2. second`` — how lists are shown to the judge."""
    return "\n".join(f"{i}. {' '.join(t.split())}" for i, t in enumerate(items, start))


def last_words(text: str, n: int) -> str:
    """The last ``n`` whitespace words of ``text`` (AAAR's context cut: ``split()[-N:]``)."""
    return " ".join(text.split()[-n:]) if n > 0 else ""


def first_words(text: str, n: int) -> str:
    """The first ``n`` whitespace words of ``text``."""
    return " ".join(text.split()[:n]) if n > 0 else ""
