"""Model replies that are lists → clean lists of strings (BAGELS §6.1, AAAR §2.3 / §3.3).

Three segmenters, chosen with ``st-generate --segmenter``:

* ``clean`` (default, :func:`parse_items`): the items of a numbered or bulleted list. Preamble
  lines before the first item and Markdown headings are dropped; wrapped lines, indented
  sub-bullets and body paragraphs under an item are joined into that item; a paragraph after the
  last item is dropped as an epilogue ("These limitations suggest …") unless the last item is only
  a heading, in which case it is that item's body.
* ``bagels-lines`` (:func:`bagels_lines`): the BAGELS evaluator's splitter — every non-empty line
  of the raw reply is one item; inside a line the text is split on ``.`` and numbered ``"k."``.
  Headers, bold titles on their own line and sub-bullets all become items, decimals ("3.5") are
  split: reproduced on purpose for parity.
* ``aaar-lines`` (:func:`aaar_lines`): AAAR-1.0's ``re.findall(r"\\d+\\..*", reply)`` — every
  match of a number and a period to the end of its line, number kept ("2.0 is" inside a line
  matches too).

    >>> parse_items("Here they are:\\n1. **Data**: small.\\n   Only English.\\n2. No ablation.\\n\\nHope this helps!")
    ['**Data**: small. Only English.', 'No ablation.']
"""
from __future__ import annotations

import re

from scholartools.llm.replies import ReplyParseError

__all__ = ["parse_items", "bagels_lines", "aaar_lines", "segment", "SEGMENTERS", "renumber"]

SEGMENTERS = ("clean", "bagels-lines", "aaar-lines")

_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:(?P<num>\d{1,3})[.)]|\((?P<pnum>\d{1,3})\)|(?P<bullet>[-*•+–]))[ \t]+(?P<text>\S.*)$")
_HEADING = re.compile(r"^\s*#{1,6}\s")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")
_FENCE = re.compile(r"^\s*```")
_WS = re.compile(r"\s+")
# an item that is only a heading ("**Data scope**", "Data scope:") and expects its body below
_HEADING_ONLY = re.compile(r"^(?:\*\*[^*]+\*\*:?|__[^_]+__:?|[^.!?]{1,80}:)$")


def _width(indent: str) -> int:
    return len(indent.replace("\t", "    "))


def parse_items(text: str | None, empty_phrases: tuple[str, ...] = ()) -> list[str]:
    """The items of the list in ``text`` (see the module docstring).

    A reply without any list item raises :class:`ReplyParseError` (the runner then re-asks once),
    except a reply that is one of ``empty_phrases`` (e.g. AAAR's "No research content"), which
    gives ``[]``.
    """
    if text is None or not text.strip():
        raise ReplyParseError("empty reply; expected a numbered list")
    stripped = text.strip().strip("*_`\"'. ").lower()
    if any(stripped == p.lower() for p in empty_phrases):
        return []
    lines = [ln for ln in text.splitlines() if not _FENCE.match(ln)]
    matches = [_ITEM.match(ln) for ln in lines]
    first = next((i for i, m in enumerate(matches) if m), None)
    if first is None:
        raise ReplyParseError("expected a numbered list (1. …, 2. …), one item per point")
    top_indent = _width(matches[first].group("indent"))
    top_numbered = matches[first].group("bullet") is None
    tops = [i for i, m in enumerate(matches) if i >= first and m and _width(m.group("indent")) <= top_indent
            and (m.group("bullet") is None) == top_numbered]
    last_top = tops[-1]
    items: list[list[str]] = []
    after_blank = False
    for i in range(first, len(lines)):
        line, m = lines[i], matches[i]
        if i in tops:
            items.append([m.group("text").strip()])
            after_blank = False
            continue
        if not line.strip():
            after_blank = True
            continue
        if _HEADING.match(line) or _RULE.match(line):
            if i > last_top:
                break       # a heading after the list: what follows is not the list
            continue
        if i > last_top and after_blank and not line[:1].isspace():
            # a paragraph after the last item: its body when the item is only a heading, else an epilogue
            if len(items[-1]) == 1 and _HEADING_ONLY.match(items[-1][0]):
                items[-1].append(line.strip())
                after_blank = False
                continue
            break
        after_blank = False
        items[-1].append((m.group("text") if m else line).strip())
    out = [_WS.sub(" ", " ".join(parts)).strip() for parts in items]
    return [o for o in out if o]


def bagels_lines(text: str | None) -> list[list[str]]:
    """BAGELS' evaluator segmentation (§6.1): one item per non-empty line, each item the line
    split on ``.`` with ``"k."`` prepended (k from 1), empty pieces dropped."""
    out = []
    for line in (text or "").split("\n"):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(".") if p.strip()]
        if parts:
            out.append([f"{len(out) + 1}."] + parts)
    return out


def aaar_lines(text: str | None) -> list[str]:
    """AAAR-1.0's list reading: ``re.findall(r"\\d+\\..*", reply)``."""
    return re.findall(r"\d+\..*", text or "")


def segment(text: str | None, segmenter: str = "clean", empty_phrases: tuple[str, ...] = ()) -> list[str]:
    """The reply ``text`` as a list of strings with ``segmenter`` (``clean`` raises
    :class:`ReplyParseError` on a reply without a list; the others never fail)."""
    if segmenter == "clean":
        return parse_items(text, empty_phrases)
    if segmenter == "bagels-lines":   # one item per non-empty line; the '.'-split form is bagels_lines()
        return [line.strip() for line in (text or "").split("\n") if line.strip() and bagels_lines(line)]
    if segmenter == "aaar-lines":
        return [s.strip() for s in aaar_lines(text)]
    raise ValueError(f"unknown segmenter {segmenter!r} ({', '.join(SEGMENTERS)})")


_NUMBER = re.compile(r"^\s*\d+\s*[.)]\s*")


def renumber(items: list[str], start: int = 1) -> list[str]:
    """AAAR's merge of piece lists: each item's leading ``k.`` replaced by its position."""
    return [f"{start + i}. {_NUMBER.sub('', it, count=1)}" for i, it in enumerate(items)]
