"""Replies that echo their prompt: find where the model's own answer starts.

Weak local models often repeat the prompt before answering (or instead of answering).  The
prompt holds the record's own text, so a reply parser reading the whole reply can take a
``Score: 5`` or a ``{"score": 5}`` *from the record* as the judge's answer.  :func:`answer_region`
finds the echo and returns only the text after it; the client parses that region alone
(:meth:`scholartools.llm.client.LLMClient._parse_into`) and marks the result (``echoed_prompt``
in the record's provenance; a reply with nothing parseable after the echo is unscored with the
reason ``echoed_prompt``).

An echo is a run of the reply whose every word lies in a window of :data:`WINDOW` consecutive
words of the prompt (system and user messages; words compared case-folded), that begins with the
prompt's first words and covers at least :data:`SHARE` of the prompt's words.  A reply that quotes a sentence or two of the document is
no echo.  Linear: one hash look-up per reply word; a reply shorter than :data:`SHARE` of the
prompt is not even looked at.
"""
from __future__ import annotations

import re

from scholartools.text.runs import covered_runs

#: words per window compared between the prompt and the reply
WINDOW = 8
#: the share of the prompt's words a run of the reply must cover to count as an echo
SHARE = 0.5

_WORD = re.compile(r"\w+")
_TRAILING = re.compile(r"[^\w\s{\[]*")


def prompt_text(messages: list[dict]) -> str:
    """The text of the system and user messages (what a model could echo)."""
    parts = []
    for m in messages or []:
        if not isinstance(m, dict) or m.get("role") == "assistant":
            continue
        content = m.get("content")
        if isinstance(content, list):
            content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
        if isinstance(content, str):
            parts.append(content)
    return "\n".join(parts)


def answer_region(reply: str, messages: list[dict]) -> tuple[str, bool]:
    """``(text to parse, echoed)``: the reply after its last echo of the prompt, or the whole
    reply and False when it echoes nothing."""
    if not reply or not messages:
        return reply, False
    reply_words = list(_WORD.finditer(reply))
    prompt_words = [w.casefold() for w in _WORD.findall(prompt_text(messages))]
    need = max(WINDOW, int(SHARE * len(prompt_words)))
    if len(prompt_words) < WINDOW or len(reply_words) < need:
        return reply, False
    grams = {tuple(prompt_words[i:i + WINDOW]) for i in range(len(prompt_words) - WINDOW + 1)}
    toks = [w.group().casefold() for w in reply_words]
    covered = bytearray(len(toks))
    for i in range(len(toks) - WINDOW + 1):
        if tuple(toks[i:i + WINDOW]) in grams:
            covered[i:i + WINDOW] = b"\x01" * WINDOW
    opening = tuple(prompt_words[:WINDOW])
    end = None
    for i, j in covered_runs(covered):
        # an echo starts where the prompt starts; a reply that quotes the record's text at length
        # (a facet extraction copies the abstract) repeats the middle of the prompt, not its opening
        if j - i + 1 >= need and tuple(toks[i:i + WINDOW]) == opening:
            end = reply_words[j].end()
    if end is None:
        return reply, False
    # the punctuation right after the prompt's last word ('"Score: N".') stays with the echo
    end = _TRAILING.match(reply, end).end()
    return reply[end:].lstrip(" \t\r\n:;,.*#>|"), True
