"""The judges' reply parsers: Yes/No, a final ``Verdict: <label>`` line, a bare 0/1, and the
papers' own lenient parses (BAGELS' exact ``'Yes'``, AAAR's first 0/1 character). A parser raises
:class:`~scholartools.llm.replies.ReplyParseError` for a reply it cannot read (the stage runner
then re-asks once, and records the verdict as unscored if that fails too)."""
from __future__ import annotations

import re
from collections.abc import Iterable

from scholartools.llm.replies import ReplyParseError, parse_label


_YES_NO = re.compile(r"\b(yes|no)\b", re.I)


def parse_yes_no(text: str) -> int:
    """1 for Yes, 0 for No, case-insensitive, the first of the two words in the reply
    ("Yes.", "**No**", "yes, both concern ..."); neither → :class:`ReplyParseError`."""
    m = _YES_NO.search(text or "")
    if not m:
        raise ReplyParseError('expected "Yes" or "No"')
    return 1 if m.group(1).lower() == "yes" else 0


def parse_yes_exact(text: str) -> int:
    """BAGELS' code: ``reply == 'Yes'`` — "Yes." or "yes" count as No; never unscored."""
    return 1 if text == "Yes" else 0


_VERDICT_LINE = re.compile(r"(?:verdict|answer|label|decision|preference)\s*[:=]\s*\**\s*([^\n]*)", re.I)


def verdict_lines(text: str) -> list[str]:
    """What follows ``Verdict:`` (or Answer/Label/Decision/Preference) on each such line."""
    return _VERDICT_LINE.findall(text or "")


def parse_final_label(text: str, labels: Iterable[str], require_line: bool = False) -> str:
    """A label from ``labels`` given on a ``Verdict: …`` line (the last such line wins), or,
    without one (unless ``require_line``), the only label the reply names; anything else is
    :class:`ReplyParseError`."""
    labels = list(labels)
    for line in reversed(verdict_lines(text)):
        try:
            return parse_label(line, labels)
        except ReplyParseError:
            continue
    if require_line:
        raise ReplyParseError(f"expected a final line 'Verdict: <label>' with one of: {', '.join(labels)}")
    found = set()
    for lab in labels:
        if re.search(r"(?<![\w-])" + re.escape(lab) + r"(?![\w-])", text or "", re.I):
            found.add(lab)
    if len(found) == 1:
        return found.pop()
    raise ReplyParseError(f"expected a final line 'Verdict: <label>' with one of: {', '.join(labels)}")


_BINARY = re.compile(r"^\W*(?:(?:answer|label|prediction)\s*[:=]\s*)?\W*([01])\W*$", re.I)


def parse_binary_strict(text: str) -> int:
    """0 or 1 as the whole reply (``"1"``, ``" 0\\n"``, ``"**1**"``, ``"Answer: 1"``); anything
    else is :class:`ReplyParseError` (AAAR's closed-model parse: ``int(reply.strip())`` ∈ {0, 1})."""
    m = _BINARY.match(text or "")
    if not m:
        raise ReplyParseError("expected only 0 or 1")
    return int(m.group(1))


def parse_binary_first(text: str) -> int:
    """AAAR's entailment parse: the first ``0`` or ``1`` character of the reply, else 0."""
    m = re.search(r"[01]", text or "")
    return int(m.group(0)) if m else 0
