"""Numbers out of free-text judge replies, as the PaperRQ paper did it and strictly.

PaperRQ (seed 001, §4.2 / App. A.3; ``specs/seed-rq.md`` §3) pulls the score out of each reply
with an ordered list of regular expressions — the first that matches wins, its group is cast to
a number, integers only — and averages the n samples. :func:`parse_paper` is that cascade,
quirks included (the fourth pattern takes the first integer anywhere, so a numbered list's "1."
wins; "3.5" gives 3). :func:`parse_strict` is the stricter default: a labelled score
(``Score: 3.5``, ``Rating: 4/5``, ``Number: 2``) or a reply that is just a number, decimals kept,
optionally checked against a scale; anything else is unscored (``None``), never a wrong number.

This is the one parser of judge scores: ``st-score --metric judge-score`` uses it on stored
replies, and the LLM layer (:func:`scholartools.llm.replies.parse_score`) on live ones.
"""

from __future__ import annotations

import re

PAPER_PATTERNS = [
    re.compile(r"Score:\s*(?:.*?:\s*)?(\d+)"),
    re.compile(r"Score \(1-5\):\s*(\d+)"),
    re.compile(r"Rating:\s*(?:.*?:\s*)?(\d+)"),
    re.compile(r"\b(\d+)\b"),
    re.compile(r":\s*(\d+)"),  # unreachable after the previous one; kept as the paper lists it
]

_NUMBER = r"[-+]?\d+(?:\.\d+)?"
# possessive quantifiers and a bounded label: linear time on any reply (a run of spaces, a
# thousand "score" words without a colon)
_LABELLED = re.compile(r"\b(?:score|rating|number)\b[^:\n]{0,120}+:\s*+\**+\s*+(" + _NUMBER + r")", re.I)
_BARE = re.compile(r"\**+\s*+(" + _NUMBER + r")\s*+\**+\s*+(?:/\s*+\d++)?\s*+\.?")


def parse_paper(reply: str) -> float | None:
    """The PaperRQ regex cascade: first matching pattern's integer, as a float; None if none."""
    for pattern in PAPER_PATTERNS:
        m = pattern.search(reply)
        if m:
            return float(m.group(1))
    return None


def parse_strict(reply: str, low: float | None = None, high: float | None = None,
                 integer: bool = False) -> float | None:
    """A labelled score, or a reply that is only a number; the last label wins; None otherwise,
    when outside ``[low, high]``, or (``integer``) when not a whole number."""
    found = _LABELLED.findall(reply or "")
    if found:
        value = float(found[-1])
    else:
        m = _BARE.fullmatch((reply or "").strip())
        if not m:
            return None
        value = float(m.group(1))
    if (low is not None and value < low) or (high is not None and value > high):
        return None
    if integer and not value.is_integer():
        return None
    return value


def score_samples(replies: list[str], parser: str = "strict", low: float | None = None,
                  high: float | None = None) -> dict:
    """Parse every sample reply and average the parsed ones (PaperRQ: mean over n = 20).

    Returns ``{score, n, parsed, failures}``; ``score`` is None when no sample parsed.
    """
    values = [parse_paper(r) if parser == "paper" else parse_strict(r, low, high) for r in replies]
    ok = [v for v in values if v is not None]
    return {"score": sum(ok) / len(ok) if ok else None, "n": len(values), "parsed": len(ok),
            "failures": len(values) - len(ok)}
