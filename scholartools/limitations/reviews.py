"""Peer reviews as a source of limitations (BAGELS §3.2, reviewer side): the weakness parts.

A record's ``reviews`` field is a list of texts, or of objects carrying a text (``text``,
``review``, ``content``, ``comment``, ``main_review`` …, a string or a list of segments) or a
weaknesses field (``weaknesses``, ``cons`` …, taken whole). Each review is read as one text
(:func:`review_text`), and its **weakness parts** are found (:func:`weakness_regions`):

* a part headed "Weaknesses:", "Cons", "Reasons to reject", "Concerns", "Limitations" … (a short
  heading line, or a label opening a line: "Weaknesses: the evaluation …") runs to the next
  heading of any kind ("Questions:", "Clarity, Quality, Novelty and Reproducibility:");
* a mixed part ("Strengths and Weaknesses:") is split by its own sub-headings when it has them;
  otherwise, like a review without any heading, its critical sentences are taken (a contrast or
  criticism opening — "However", "The main weakness", "It is unclear" — or a criticism word:
  lacks, missing, unclear, insufficient, fails to …).

Strength, summary, question and score parts never yield reviewer points. The regions are offsets
into the review text, so every reviewer point cut from them is verbatim.
"""
from __future__ import annotations

import re
from typing import Any

from scholartools.records import RecordError
from scholartools.text.sentences import split_spans

__all__ = ["review_text", "review_texts", "weakness_regions", "critical_sentences"]

TEXT_KEYS = ("text", "review", "content", "comment", "comments", "main_review", "body", "review_text")
WEAKNESS_KEYS = ("weaknesses", "weakness", "cons", "limitations", "concerns")
SEGMENT_KEYS = ("segment_text", "text", "content", "sentence")

_HEADING_LINE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*|\*\*|__)?(?P<h>[A-Z][^\n:.?!]{0,70}?)(?:\*\*|__)?[ \t]*:?[ \t]*"
                           r"(?:\*\*|__)?[ \t]*$")
_INLINE_LABEL = re.compile(r"^[ \t]*(?:\*\*|__)?(?P<h>[A-Z][A-Za-z ,&/()-]{1,60}?)(?:\*\*|__)?[ \t]*:[ \t]+(?=\S)")
_WEAKNESS = re.compile(r"\b(?:weakness(?:es)?|cons|negatives?|reasons? (?:to|for) reject(?:ion)?|concerns?|criticisms?|"
                       r"shortcomings?|drawbacks?|limitations?|issues|flaws?|areas? (?:for|of) improvement|"
                       r"what could be improved|points? of improvement)\b", re.I)
_STRENGTH = re.compile(r"\b(?:strengths?|pros|positives?|reasons? (?:to|for) accept(?:ance)?|merits?)\b", re.I)
# the words of review-form headings ("Summary of the Paper", "Strengths and Weaknesses", "Clarity,
# Quality, Novelty and Reproducibility", "Questions for the Authors", "Reasons to reject"): a heading
# made only of these opens a part; any other short line ("Limited context window:") is a label inside one
_FORM_WORDS = set("""
summary summaries of the paper papers review reviews submission main strengths strength weaknesses weakness and
or clarity quality novelty novelity originality significance soundness presentation contribution contributions
reproducibility correctness technical empirical questions question for to authors author additional comments
comment feedback suggestions suggestion limitations limitation rating ratings score scores confidence
recommendation overall assessment evaluation ethics ethical concerns concern flag details pros cons reasons
reason accept reject acceptance rejection requested changes minor major issues typos decision detailed your
other points general remarks justification impact broader societal potential negative
""".split())

_CRITICAL_START = re.compile(
    r"^(?:however|but|on the other hand|unfortunately|that said|nevertheless|weakness(?:es)?\b|cons\b|"
    r"(?:one|another|a|the|my)(?: \w+){0,2} (?:concern|weakness|issue|limitation|drawback|problem|criticism|"
    r"shortcoming|flaw|question)s?\b|it is (?:not (?:clear|obvious)|unclear|hard|difficult)|"
    r"i (?:am|'m) (?:not (?:sure|convinced)|concerned|skeptical)|i (?:wonder|would like|would have liked)|"
    r"the (?:paper|authors|work|submission|manuscript|method|approach|evaluation|experiments?)"
    r" (?:lacks?|does not|doesn't|did not|fails?|could|would|should|is missing|are missing|needs?|seems?))\b", re.I)
_CRITICAL_WORD = re.compile(
    r"\b(?:lacks?|lacking|missing|unclear|not clear|insufficient(?:ly)?|inadequate(?:ly)?|fails? to|failed to|"
    r"weak(?:ness|nesses|er)?|concerns?|concerning|questionable|unconvincing|overclaim\w*|over-?stat\w*|"
    r"limited|limitations?|not (?:enough|sufficient|sufficiently|compared|evaluated|discussed|addressed|justified|"
    r"convinc\w*|novel|clear)|no (?:comparison|ablation|analysis|discussion|evidence|baseline)s?|"
    r"would benefit|could benefit|should (?:have|be|include|discuss|compare|provide)|needs? (?:more|further|to)|"
    r"hard to (?:follow|understand)|difficult to (?:follow|understand)|confusing|problematic|incremental|"
    r"marginal(?:ly)?|trivial|does not|doesn't|did not|do not|is not|are not|cannot|can't|only)\b", re.I)


# ------------------------------------------------------------------------------------ reading

def _join_segments(value: list) -> str | None:
    parts = []
    for seg in value:
        if isinstance(seg, str):
            parts.append(seg)
        elif isinstance(seg, dict):
            text = next((seg[k] for k in SEGMENT_KEYS if isinstance(seg.get(k), str)), None)
            if text is None:
                return None
            parts.append(text)
        else:
            return None
    return "\n".join(p.strip() for p in parts)


def review_text(review: Any, index: int = 0, field: str = "reviews") -> tuple[str, bool]:
    """``(text, whole_is_weakness)`` of one review: its text, and whether that text is already
    a weaknesses field (then all of it counts as the weakness part).

    Raises :class:`RecordError` (``bad_value``) for a review that holds no text."""
    if isinstance(review, str):
        return review, False
    if isinstance(review, list):
        joined = _join_segments(review)
        if joined is not None:
            return joined, False
    if isinstance(review, dict):
        for keys, whole in ((WEAKNESS_KEYS, True), (TEXT_KEYS, False)):
            for key in keys:
                v = review.get(key)
                text = v if isinstance(v, str) else _join_segments(v) if isinstance(v, list) else None
                if text is not None:
                    return text, whole
    raise RecordError("bad_value", f"'{field}[{index}]' holds no review text: give a string, or an object with a "
                      f"text field ({', '.join(TEXT_KEYS[:4])} …) or a weaknesses field", field=field)


def review_texts(value: Any, field: str = "reviews") -> list[tuple[str, bool]]:
    """The reviews of a record's ``field`` value (a list, or one review)."""
    if value is None:
        return []
    items = value if isinstance(value, list) and not (value and all(isinstance(v, dict) and
                                                                    any(k in v for k in SEGMENT_KEYS[:1])
                                                                    for v in value)) else [value]
    return [review_text(r, i, field) for i, r in enumerate(items)]


# ------------------------------------------------------------------------------------ regions

def _headings(text: str) -> list[tuple[int, int, str, bool]]:
    """``(line_start, content_start, heading, inline)`` for every heading of ``text``: heading
    lines ("Weaknesses:"); only when a review has none, labels opening a line ("Weaknesses: the
    evaluation …") — inside a headed part such labels are sub-points ("Limited context window: …")."""
    lines, inline = [], []
    pos = 0
    for line in text.split("\n"):
        m = _HEADING_LINE.match(line)
        if m and line.strip() and _is_form(m.group("h")):
            lines.append((pos, pos + len(line), m.group("h").strip(), False))
        else:
            m = _INLINE_LABEL.match(line)
            if m and _is_form(m.group("h")):
                inline.append((pos, pos + m.end(), m.group("h").strip(), True))
        pos += len(line) + 1
    return lines or inline


def _is_form(heading: str) -> bool:
    words = re.findall(r"[a-z]+", heading.lower())
    return 0 < len(words) <= 9 and all(w in _FORM_WORDS for w in words)


def critical_sentences(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Runs of critical sentences in ``text[start:end]`` as offsets into ``text``."""
    end = len(text) if end is None else end
    runs: list[list[int]] = []
    prev_critical = False
    for s, e in split_spans(text[start:end]):
        sent = text[start + s:start + e]
        critical = bool(_CRITICAL_START.match(sent.lstrip(" -*•\t")) or _CRITICAL_WORD.search(sent))
        if critical and not _STRENGTH.match(sent.lstrip(" -*•\t")):
            if prev_critical and runs:
                runs[-1][1] = start + e
            else:
                runs.append([start + s, start + e])
        prev_critical = critical
    return [(s, e) for s, e in runs]


def weakness_regions(text: str, whole_is_weakness: bool = False) -> list[tuple[int, int, str | None]]:
    """The weakness parts of a review as ``(start, end, heading)`` offsets into ``text``."""
    if whole_is_weakness:
        return [(0, len(text), None)] if text.strip() else []
    heads = _headings(text)
    if not heads:
        return [(s, e, None) for s, e in critical_sentences(text)]
    out: list[tuple[int, int, str | None]] = []
    for k, (line_start, content_start, heading, inline) in enumerate(heads):
        nxt = heads[k + 1][0] if k + 1 < len(heads) else len(text)
        body_start = content_start if inline else min(content_start + 1, nxt)
        weak, strong = bool(_WEAKNESS.search(heading)), bool(_STRENGTH.search(heading))
        if weak and not strong:
            if text[body_start:nxt].strip():
                out.append((body_start, nxt, heading))
        elif weak and strong:
            # a mixed part: its own sub-headings (met as the next headings) decide; without them
            # its critical sentences are taken
            sub = heads[k + 1] if k + 1 < len(heads) else None
            if sub is not None and text[body_start:sub[0]].strip() == "" and (
                    _STRENGTH.search(sub[2]) or _WEAKNESS.search(sub[2])):
                continue
            out.extend((s, e, heading) for s, e in critical_sentences(text, body_start, nxt))
    return [(s, _rstrip(text, s, e), h) for s, e, h in out if text[s:e].strip()]


def _rstrip(text: str, s: int, e: int) -> int:
    while e > s and text[e - 1].isspace():
        e -= 1
    return e
