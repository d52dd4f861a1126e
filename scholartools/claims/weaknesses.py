"""Offline weakness segmentation (CLAIMCHECK §2.1, WI): a review text → its weakness passages as
verbatim spans with offsets.

Reviews written in a review form (OpenReview, ACL, NeurIPS, ICLR) put their criticism under a
heading — "Weaknesses:", "Cons", "Main concerns", "Reasons to reject" (words in
:data:`scholartools.vocabulary.WEAKNESS_HEADINGS`) — up to the next heading of the form
(:data:`~scholartools.vocabulary.REVIEW_HEADINGS`). The segmenter finds those blocks and cuts
them into items:

* a line that starts with a list marker (``1.``, ``(2)``, ``-``, ``*``, ``•``) or with a short
  label and a colon ("Limited task coverage: …") starts an item; the lines that follow without a
  marker continue it; the marker itself is not part of the span;
* a block without markers gives one item per line (paragraph);
* a block that is one paragraph is cut at its sentences, a new item starting at a critical
  sentence (below) or one that opens with an enumerating word (First, Second, Moreover, Another …);
* a block that mixes strengths and weaknesses under one heading ("Strengths and Weaknesses:")
  without sub-headings, or a review without any form heading, keeps only its critical sentences
  (:data:`~scholartools.vocabulary.WEAKNESS_CUES`: however, lacks, unclear, missing, could
  benefit …), each with the sentences that continue it.

``unit="sentence"`` returns every sentence of those items instead (the granularity of the
ReviewCritique segments). A span is ``{"text", "start", "end"}`` with ``text == review[start:end]``.
"""
from __future__ import annotations

import re
from functools import lru_cache

from scholartools.text.sentences import split_spans

_MARKER = re.compile(r"^[ \t]*(?:\d{1,2}[.)](?!\d)|\(\d{1,2}\)|\(?[a-z]\)|[-*\u2022\u2013\u25cf\u25aa])[ \t]*")
_LABEL = re.compile(r"^[ \t]*[A-Z][^.:!?\n]{0,60}:[ \t]+\S")
_ENUM_WORD = re.compile(r"^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth|finally|lastly|moreover|additionally"
                        r"|furthermore|also|another|besides|in addition|one (?:concern|issue|weakness|limitation))\b", re.I)
_MD = r"(?:#{1,6}[ \t]*|\*\*|__)?"


@lru_cache(maxsize=1)
def _patterns():
    from scholartools.vocabulary import REVIEW_HEADINGS, WEAKNESS_CUES, WEAKNESS_HEADINGS

    weak = "|".join(WEAKNESS_HEADINGS)
    other = "|".join(REVIEW_HEADINGS)
    # a heading line: the heading words, an optional colon, optional markdown emphasis; or the
    # heading and a colon followed by the first words of the block on the same line
    head = re.compile(rf"^[ \t]*{_MD}(?P<h>(?:{other})|(?:{weak}))[ \t]*(?:\*\*|__)?[ \t]*(?::|$|[ \t]*\n)[ \t]*(?:\*\*|__)?[ \t]*",
                      re.I | re.M)
    weak_rx = re.compile(rf"^(?:{weak})$", re.I)
    mixed_rx = re.compile(r"strengths? and weaknesses|pros and cons", re.I)
    cues = [re.compile(p, re.I) for p in WEAKNESS_CUES]
    return head, weak_rx, mixed_rx, cues


def _trimmed(text: str, a: int, b: int) -> tuple[int, int]:
    """The span without the white space at its ends (empty when a >= b)."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Non-blank lines of ``text[start:end]`` as spans."""
    out = []
    pos = start
    for line in text[start:end].split("\n"):
        a, b = _trimmed(text, pos, pos + len(line))
        pos += len(line) + 1
        if b > a:
            out.append((a, b))
    return out


def blocks(review: str) -> list[tuple[str, int, int]]:
    """``(kind, start, end)`` blocks of a review: kind is ``weaknesses``, ``mixed`` (strengths and
    weaknesses under one heading, or a review with no form heading) or ``other``."""
    head, weak_rx, mixed_rx, _ = _patterns()
    heads = list(head.finditer(review))
    if not heads:
        return [("mixed", 0, len(review))]
    out = []
    if review[:heads[0].start()].strip():
        out.append(("other", 0, heads[0].start()))
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(review)
        name = " ".join(m.group("h").split())
        kind = "weaknesses" if weak_rx.match(name) else "mixed" if mixed_rx.search(name) else "other"
        out.append((kind, m.end(), end))
    return out


def _is_critical(sentence: str) -> bool:
    return any(rx.search(sentence) for rx in _patterns()[3])


def _strip_marker(text: str, a: int, b: int) -> tuple[int, int]:
    m = _MARKER.match(text[a:b])
    if m and b - (a + m.end()) > 0:
        a += m.end()
    return a, b


def _items_of_block(review: str, start: int, end: int) -> list[tuple[int, int]]:
    lines = _lines(review, start, end)
    if not lines:
        return []
    marked = [bool(_MARKER.match(review[a:b]) or _LABEL.match(review[a:b])) for a, b in lines]
    if len(lines) == 1 and not marked[0]:   # one paragraph: cut at its sentences
        a0, b0 = lines[0]
        items: list[list[int]] = []
        for a, b in split_spans(review[a0:b0]):
            a, b = a0 + a, a0 + b
            if not items or _ENUM_WORD.match(review[a:b]) or _is_critical(review[a:b]):
                items.append([a, b])
            else:
                items[-1][1] = b
        return [(a, b) for a, b in items]
    if not any(marked):
        return [_strip_marker(review, a, b) for a, b in lines]
    items = []
    for (a, b), mk in zip(lines, marked):
        if mk or not items:
            items.append([a, b])
        else:
            items[-1][1] = b
    return [_strip_marker(review, a, b) for a, b in items]


def _critical_items(review: str, start: int, end: int) -> list[tuple[int, int]]:
    """Critical sentences of a mixed block, each with the non-critical sentences that follow it in
    the same line (a justification), up to the next line or the next positive sentence."""
    out = []
    for a0, b0 in _lines(review, start, end):
        line_marked = bool(_MARKER.match(review[a0:b0]))
        cur = None
        for a, b in split_spans(review[a0:b0]):
            a, b = a0 + a, a0 + b
            if _is_critical(review[a:b]):
                if cur is not None:
                    out.append(tuple(cur))
                cur = [a, b]
            elif cur is not None and not line_marked:
                out.append(tuple(cur))
                cur = None
            elif cur is not None:
                cur[1] = b
        if cur is not None:
            out.append(tuple(cur))
    return [_strip_marker(review, a, b) for a, b in out]


def find_weaknesses(review: str, unit: str = "item") -> list[dict]:
    """Weakness spans of one review text (see the module docstring); ``unit``: ``item`` or
    ``sentence``."""
    if unit not in ("item", "sentence"):
        raise ValueError(f"unit must be 'item' or 'sentence', not {unit!r}")
    spans: list[tuple[int, int]] = []
    for kind, a, b in blocks(review or ""):
        if kind == "weaknesses":
            spans.extend(_items_of_block(review, a, b))
        elif kind == "mixed":
            spans.extend(_critical_items(review, a, b))
    if unit == "sentence":
        sentence_spans = []
        for a, b in spans:
            sentence_spans.extend((a + x, a + y) for x, y in split_spans(review[a:b]))
        spans = sentence_spans
    out = []
    for a, b in spans:
        a, b = _trimmed(review, a, b)
        if b > a:
            out.append({"text": review[a:b], "start": a, "end": b})
    return out
