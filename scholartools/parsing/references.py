"""Bibliography lines → reference entries ``{raw, title, authors[], year, doi}`` (best effort).

Entries are split at explicit markers (``[12]``, ``12.``) when the list uses them, otherwise at
hanging indents (the first line of an entry sits left of its continuation lines), otherwise at
lines that start like an author list after a line that ended an entry.
"""

from __future__ import annotations

from scholartools import recache as re
from scholartools.vocabulary import DOI_RE as DOI

MARKER = re.compile(r"^\s*(?:\[(\d{1,4}|[A-Za-z][\w+-]{0,20}\d{0,4}[a-z]?)\]|(\d{1,4})\.(?=\s)|(\d{1,4})\s(?=[A-Z]))")
YEAR = re.compile(r"(?<![\d/.])((?:19|20)\d{2})[a-z]?(?![\d])")
AUTHOR_START = re.compile(r"^[A-Z][\w'’-]+,?\s+(?:[A-Z]\.|[A-Z][\w'’-]+)")


def _join(lines: list[str]) -> str:
    out = ""
    for t in lines:
        t = t.strip()
        if not out:
            out = t
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and t[:1].islower():
            out = out[:-1] + t
        else:
            out += " " + t
    return out


def split_references(lines: list[tuple[str, float, int, bool]]) -> list[dict]:
    """Reference entries from ``(text, x0, page, first_in_block)`` tuples in reading order."""
    lines = [ln for ln in lines if ln[0].strip()]
    if not lines:
        return []
    marked = sum(1 for ln in lines if MARKER.match(ln[0]))
    groups: list[list[str]] = []
    if marked >= max(2, 0.15 * len(lines)):
        for text, *_ in lines:
            if MARKER.match(text) or not groups:
                groups.append([text])
            else:
                groups[-1].append(text)
    else:
        # hanging indent: continuation lines are indented relative to the entry's first line
        xs = _indents_by_page(lines)
        for idx, (text, x, page, first) in enumerate(lines):
            if not groups:
                groups.append([text])
                continue
            prev_text, prev_x, prev_page, _ = lines[idx - 1]
            new = False
            if page == prev_page and x < prev_x - 3:
                new = True
            elif abs(x - prev_x) <= 3 and prev_text.rstrip().endswith(".") and AUTHOR_START.match(text):
                # same indent after an ended entry: a new entry in lists without hanging indent
                # (or a new column/page starting with a fresh entry)
                new = _is_entry_start_x(x, xs[page])
            elif page != prev_page or abs(x - prev_x) > 3:
                new = _is_entry_start_x(x, xs[page]) and (prev_text.rstrip().endswith(".") or first)
            if new:
                groups.append([text])
            else:
                groups[-1].append(text)
    out = []
    for g in groups:
        raw = " ".join(_join(g).split())
        if len(raw) < 12:
            if out:
                out[-1]["raw"] += " " + raw
            continue
        out.append(parse_reference(raw))
    return out


def _indents_by_page(lines) -> dict:
    """Each page's lines' left edges, sorted (read once: a reference list of thousands of lines,
    which a figure's labels after the references can make, was scanned whole for every line)."""
    xs: dict = {}
    for _, x, page, _ in lines:
        xs.setdefault(page, []).append(x)
    return {page: sorted(v) for page, v in xs.items()}


def _is_entry_start_x(x: float, page_xs: list[float]) -> bool:
    """True when ``x`` is the smaller of the two indents in use on this page's column: no line of
    the page (``page_xs``, sorted) starts more than 3 pt left of it within 40 pt."""
    from bisect import bisect_right

    k = bisect_right(page_xs, x - 40)   # the leftmost edge more than 40 pt left of x is out
    return k < len(page_xs) and page_xs[k] < x + 40 and x <= page_xs[k] + 3


def parse_reference(raw: str) -> dict:
    """Title, authors, year and DOI of one reference string (heuristics, may leave fields empty)."""
    text = MARKER.sub("", raw, count=1).strip()
    rec: dict = {"raw": raw, "title": None, "authors": [], "year": None, "doi": None}
    m = DOI.search(text)
    if m:
        rec["doi"] = m.group(1)
    y = YEAR.search(text)
    if y:
        rec["year"] = int(y.group(1))
    quoted = re.search(r"[“\"]([^”\"]{8,}?)[,.]?[”\"]", text)
    authors_part = None
    if quoted:
        rec["title"] = quoted.group(1).strip(" ,.")
        authors_part = text[:quoted.start()]
    elif y and y.start() < 0.6 * len(text) and re.search(r"[.,(]\s*\(?$", text[:y.start()]):
        # author-year style: "Authors. 2019. Title. Venue."  /  "Authors (2019) Title. Venue"
        authors_part = text[:y.start()]
        after = text[y.end():].lstrip(" .):,a-z").lstrip(" .):")
        t = re.split(r"(?<=[a-z0-9)?!])\.\s+(?=[A-Z(])|\?\s", after, maxsplit=1)[0]
        rec["title"] = t.strip(" .") or None
    else:
        # "Authors. Title. Venue, Year" / "Authors, Title, Venue": second sentence-like piece
        pieces = re.split(r"(?<=[a-z\])])\.\s+(?=[A-Z])", text)
        if len(pieces) >= 2:
            authors_part = pieces[0]
            rec["title"] = pieces[1].strip(" .")
    if authors_part:
        names = re.split(r",\s+(?:and\s+)?|\s+and\s+|;\s*|&", authors_part.strip(" .,("))
        rec["authors"] = [n.strip(" .") for n in names if 1 <= len(n.split()) <= 5 and re.search(r"[A-Z]", n)][:50]
    return rec
