"""Strict parsers for model replies, shared by every LLM task.

Each parser takes the raw reply text and returns a value, or raises :class:`ReplyParseError`
whose message says what was expected (the message is sent back to the model in the one repair
re-ask, see :mod:`scholartools.llm.client`).  A reply that still cannot be parsed becomes an
*unscored* verdict — ``{"value": None, "raw": reply, "unscored_reason": …}`` (:func:`unscored`) —
which metrics must skip, never count as a wrong answer (inspect_ai's rule).

    parse_json(text, expect="object")   parse_score(text, 1, 5)    parse_label(text, ["yes", "no"])
    parse_list(text)                    parse_tags(text, ["rq", "reason"])
    parse_object(text, {"background": "text", "score": "int"})    # keys and types checked

Judge scores on a scale go through :mod:`scholartools.metrics.score_parsing` (one implementation
for ``st-judge`` and ``st-score --metric judge-score``).
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable


class ReplyParseError(ValueError):
    """The reply does not have the expected form; ``str(exc)`` says what was expected."""


def unscored(raw: str | None, reason: str = "parse_failure", detail: str | None = None) -> dict:
    """The verdict for a reply that could not be parsed: ``value`` is None, the raw text kept."""
    out = {"value": None, "raw": raw, "unscored_reason": reason}
    if detail:
        out["detail"] = detail
    return out


_FENCE_RE = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\n?(.*?)```", re.S)


def strip_fences(text: str) -> str:
    """The content of the first fenced code block, or the text itself when there is none."""
    m = _FENCE_RE.search(text)
    return m.group(1).strip() if m else text.strip()


def parse_json(text: str, expect: str | None = None) -> Any:
    """A JSON object (``expect="object"``), array (``"array"``) or either (None) from a reply.

    Tolerates code fences and prose before/after: the first decodable JSON value that starts at
    a ``{`` or ``[`` is taken.
    """
    if text is None:
        raise ReplyParseError("empty reply")
    want = {"object": dict, "array": list, None: (dict, list)}[expect]
    label = {"object": "a JSON object", "array": "a JSON array", None: "JSON"}[expect]
    candidates = []
    for m in _FENCE_RE.finditer(text):
        candidates.append(m.group(1))
    candidates.append(text)
    dec = json.JSONDecoder()
    for cand in candidates:
        s = cand.strip()
        for i, ch in enumerate(s):
            if ch not in "{[":
                continue
            if expect == "object" and ch != "{" or expect == "array" and ch != "[":
                continue
            try:
                value, _ = dec.raw_decode(s, i)
            except ValueError:
                continue
            if isinstance(value, want):
                return value
    raise ReplyParseError(f"expected {label}, found none that parses")


def parse_score(text: str, low: float | None = None, high: float | None = None,
                integer: bool = False) -> float | int:
    """A judge's score on the scale ``[low, high]``: a labelled score ("Score: 4", "Rating: 3.5",
    "Number: 2") or a reply that is only a number ("4", "**3**", "4/5").

    The strict parser of :mod:`scholartools.metrics.score_parsing` (one implementation with
    ``st-score --metric judge-score``); a reply it cannot read raises :class:`ReplyParseError`.
    """
    from scholartools.metrics.score_parsing import parse_strict

    value = parse_strict(text or "", low, high, integer)
    if value is None:
        scale = f" between {low:g} and {high:g}" if low is not None and high is not None else ""
        raise ReplyParseError(f"expected only a{'n integer' if integer else ' number'}{scale}")
    return int(value) if integer or value.is_integer() else value


def parse_label(text: str, labels: Iterable[str], last: bool = False) -> str:
    """One label from ``labels`` (case-insensitive, whole words), returned in its given spelling.

    When several labels occur, the first (``last=True``: last) occurrence wins; a label that is
    a prefix of another ("similar" / "dissimilar") only matches as a whole word.
    """
    labels = list(labels)
    if not text:
        raise ReplyParseError(f"empty reply; expected one of: {', '.join(labels)}")
    hits = []
    for lab in labels:
        for m in re.finditer(r"(?<![\w-])" + re.escape(lab) + r"(?![\w-])", text, re.I):
            hits.append((m.start(), -len(lab), lab))
    if not hits:
        raise ReplyParseError(f"expected one of: {', '.join(labels)}")
    hits.sort()
    return hits[-1][2] if last else hits[0][2]


_ITEM_RE = re.compile(r"^\s*(?:\d+[.)]|[-*•]|\(\d+\)|\[\d+\])\s+(.*\S)\s*$")


def parse_list(text: str, allow_plain_lines: bool = False) -> list[str]:
    """Items of a numbered (``1.``, ``1)``, ``(1)``) or bulleted (``-``, ``*``, ``•``) list.

    A line that is not an item continues the previous item (wrapped text).  With
    ``allow_plain_lines`` a reply without list markers is split into non-empty lines.
    """
    if not text:
        raise ReplyParseError("empty reply; expected a numbered or bulleted list")
    items: list[str] = []
    started = False
    for line in strip_fences(text).splitlines():
        m = _ITEM_RE.match(line)
        if m:
            items.append(m.group(1).strip())
            started = True
        elif started and line.strip() and line.startswith((" ", "\t")):
            items[-1] += " " + line.strip()
        elif started and not line.strip():
            continue
    if not items and allow_plain_lines:
        items = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not items:
        raise ReplyParseError("expected a numbered or bulleted list")
    return items


def parse_tags(text: str, tags: Iterable[str], required: Iterable[str] | None = None,
               multiple: bool = False) -> dict[str, Any]:
    """Fields written as ``<TAG>…</TAG>`` or ``<TAG attr="v">…</TAG>`` (case-insensitive tag names).

    Returns ``{tag: text}`` (``multiple=True``: ``{tag: [texts]}``); a tag that is absent maps to
    None (or ``[]``).  Tags in ``required`` (default: all) must be present.
    """
    tags = list(tags)
    required = tags if required is None else list(required)
    out: dict[str, Any] = {}
    for tag in tags:
        found = _tagged(text or "", tag)
        out[tag] = found if multiple else (found[0] if found else None)
    missing = [t for t in required if not out.get(t)]
    if missing:
        raise ReplyParseError("expected " + ", ".join(f"<{t}>…</{t}>" for t in missing))
    return out


def _tagged(text: str, tag: str) -> list[str]:
    """The contents of every ``<tag>…</tag>`` in order (non-overlapping, each opening paired with
    the first closing after it), found in one pass over the openings and closings — linear even
    on a reply of a thousand openings and no closing."""
    name = re.escape(tag)
    # an opening may carry attributes (<THINK label="step 1">); [^<>]*+ cannot backtrack
    opens = [(m.start(), m.end()) for m in re.finditer(r"<\s*+" + name + r"(?:\s[^<>]*+)?>", text, re.I)]
    closes = [(m.start(), m.end()) for m in re.finditer(r"<\s*+/\s*+" + name + r"\s*+>", text, re.I)]
    found, j, pos = [], 0, 0
    for start, end in opens:
        if start < pos:
            continue
        while j < len(closes) and closes[j][0] < end:
            j += 1
        if j == len(closes):
            break
        found.append(text[end:closes[j][0]].strip())
        pos = closes[j][1]
        j += 1
    return found


def repair_message(error: str) -> str:
    """The user turn of the single repair re-ask."""
    return (f"Your previous reply could not be read: {error}. "
            "Answer again with only the requested format, without any other text.")


#: the field types :func:`parse_object` checks; "text|texts" accepts a string or a list of strings
FIELD_TYPES = {
    "text": lambda v: isinstance(v, str),
    "texts": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "text|texts": lambda v: isinstance(v, str) or isinstance(v, list) and all(isinstance(x, str) for x in v),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_TYPE_WORDS = {"text": "a string", "texts": "a list of strings", "text|texts": "a string or a list of strings",
               "int": "an integer", "number": "a number", "bool": "true or false", "list": "a list",
               "object": "an object"}


def check_object(value: Any, fields: dict[str, str], required: Iterable[str] | None = None) -> dict:
    """``value`` checked against ``fields`` (key → type name of :data:`FIELD_TYPES`).

    Keys in ``required`` (default: all of ``fields``) must be present; every present key of
    ``fields`` must have its type.  Returns the declared keys only (absent optional ones left out);
    raises :class:`ReplyParseError` saying what was expected and what was found.
    """
    want = ", ".join(f'"{k}" ({_TYPE_WORDS[t]})' for k, t in fields.items())
    if not isinstance(value, dict):
        raise ReplyParseError(f"expected a JSON object with the keys {want}")
    required = list(fields) if required is None else list(required)
    missing = [k for k in required if k not in value]
    if missing:
        raise ReplyParseError(f"expected a JSON object with the keys {want}; missing: {', '.join(missing)}")
    out = {}
    for key, kind in fields.items():
        if key not in value:
            continue
        if not FIELD_TYPES[kind](value[key]):
            raise ReplyParseError(f'expected "{key}" to be {_TYPE_WORDS[kind]}, '
                                  f"found {type(value[key]).__name__}; keys: {want}")
        out[key] = value[key]
    return out


def parse_object(text: str, fields: dict[str, str], required: Iterable[str] | None = None) -> dict:
    """A JSON object from a reply, with its keys and value types checked (:func:`check_object`)."""
    return check_object(parse_json(text, expect="object"), fields, required)
