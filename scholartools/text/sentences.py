"""Sentence splitting for scholarly prose, shared by every command that works sentence by sentence.

Rules-based and dependency-free, so that it is fast and deterministic. It handles both ordinary
cased prose ("We propose X. Results show Y.") and the lowercased, tokenised text of the
PubMed/arXiv summarisation datasets ("we propose x . results show y ."), where a sentence-final
period is separated from its word by a space. It does not split:

- after common abbreviations (e.g., i.e., et al., Fig., Eq., vs., approx., cf., No., Dr.),
- inside numbers (0.05), or between initials ("J. R. Smith"),
- in cased text, when the next word starts in lower case ("et al. showed").

Model artefacts such as ``<s>``, ``</s>`` and ``<pad>`` are removed first (see :func:`clean`).
"""
from __future__ import annotations

import re

__all__ = ["split_sentences", "clean", "split_spans"]

# generation artefacts of summarisation models: <n> (a newline marker), <s>, </s>, <pad>, ...
_ARTEFACT = re.compile(r"<\s*/?\s*(?:n|s|pad|unk|eos|bos|mask)\s*>", re.I)
_WS = re.compile(r"\s+")

# Lowercase forms of tokens after which a period does not end a sentence.
_ABBREV = {
    "e.g", "i.e", "al", "fig", "figs", "eq", "eqs", "vs", "approx", "cf", "no", "nos", "dr", "mr",
    "mrs", "ms", "prof", "st", "sec", "secs", "ref", "refs", "tab", "resp", "etc.,", "ca", "viz",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "inc",
    "ltd", "co", "corp", "univ", "dept", "vol", "pp", "p", "ed", "eds", "mt", "ph.d", "u.s",
    "u.k", "e.u", "a.k.a", "w.r.t", "et",
}

# A sentence boundary candidate: terminal punctuation (optionally followed by closing quotes or
# brackets), then whitespace.
# (a match starts only where a run of terminal punctuation starts, and takes the run whole: one
# pass over "......", never a retry from each of its dots)
_BOUNDARY = re.compile(r"(?<![.!?])([.!?]++)([\"'”’)\]]*+)(\s+)")


def clean(text: str) -> str:
    """Remove generation artefacts (``<s>``, ``<pad>`` ...) and collapse whitespace."""
    return _WS.sub(" ", _ARTEFACT.sub(" ", text or "")).strip()


_NEXT_WORD = re.compile(r"[.!?][\"'”’)\]]*\s+([^\W\d_])")


def _is_cased(text: str) -> bool:
    """Whether ``text`` is ordinary cased prose, where a sentence starts with a capital.

    Decided by the words that follow a terminal punctuation mark (abbreviations excepted):
    cased when at least half of them start with a capital. One stray capital in lowercased,
    tokenised text ("... 19872010 . Tenuated ...", a model's typo) must not make the whole text
    "cased", or no boundary followed by a lower-case word would be split. Text with no such
    boundary is cased when it has any capital letter.

    >>> _is_cased("We propose X. It works, e.g. on Y.")
    True
    >>> _is_cased("we study x. results show Tenuated y. it helps.")
    False
    """
    upper = lower = 0
    for m in _NEXT_WORD.finditer(text):
        if _prev_token(text, m.start()).lower().rstrip(".") in _ABBREV:
            continue
        if m.group(1).isupper():
            upper += 1
        else:
            lower += 1
    if upper or lower:
        return upper >= lower
    return any(c.isupper() for c in text if c.isalpha())


def _prev_token(text: str, end: int) -> str:
    start = end
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start:end]


def split_spans(text: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of the sentences of ``text`` (not cleaned).

    Leading/trailing whitespace is excluded from each span; empty sentences are skipped.
    """
    text = text or ""
    cased = _is_cased(text)
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        punct_start = m.start(1)
        end = m.end(2)
        nxt = m.end(3)
        if nxt >= len(text):
            continue
        token = _prev_token(text, punct_start)
        low = token.lower().rstrip(".")
        if m.group(1) == "." and token:
            # "e.g." written without a space: the token ends in an abbreviation
            if low in _ABBREV or low.lstrip("(") in _ABBREV:
                continue
            # an initial in a name, "J. R. Smith" (but not a variable, "method X. It")
            if cased and len(token) == 1 and token.isupper() and re.match(r"[A-Z]\.\s", text[nxt:nxt + 3]):
                continue
        following = text[nxt]
        if cased and following.islower():
            continue
        if following in ",;:":
            continue
        spans.append((start, end))
        start = nxt
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def split_sentences(text: str) -> list[str]:
    """Split ``text`` into sentences (cleaned: artefacts removed, whitespace collapsed).

    >>> split_sentences("We propose X. It works, e.g. on Y. Results: 0.5 better.")
    ['We propose X.', 'It works, e.g. on Y.', 'Results: 0.5 better.']
    >>> split_sentences("background .   we study x . results show y .")
    ['background .', 'we study x .', 'results show y .']
    """
    text = clean(text)
    return [s for s in (text[a:b].strip() for a, b in split_spans(text)) if s]
