"""Markdown and plain text → paper record.

Markdown: the first level-1 heading is the title when it comes before any other heading; a
heading named Abstract gives the abstract; every other ``#`` heading opens a section (level =
number of ``#``). Plain text: lines that look like numbered headings ("3.2 Results") or known
section names on a line of their own open sections; the first line is the title.
"""

from __future__ import annotations

import re

from scholartools.parsing.encoding import decode
from scholartools.text.sections import strip_number
from scholartools.vocabulary import STANDARD_HEADING_WORDS, words_pattern

MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
KNOWN = words_pattern(STANDARD_HEADING_WORDS, tail=r"\s*$")


def _read(path: str) -> str:
    with open(path, "rb") as fh:
        return decode(fh.read())[0]


def _finish(title, blocks) -> dict:
    abstract = None
    sections = []
    top = min((lv for h, lv, _ in blocks if h), default=1)
    refs_raw: list[str] = []
    for heading, level, lines in blocks:
        text = "\n".join(lines).strip()
        paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
        if heading and re.match(r"^abstract\W*$", heading.strip(), re.I):
            abstract = " ".join(paragraphs)
            continue
        if heading and re.match(r"^(references|bibliography)\W*$", strip_number(heading)[1], re.I):
            refs_raw.extend(p for p in re.split(r"\n(?=\s*(?:[-*]|\[\d+\]|\d+\.)\s)", text) if p.strip())
            continue
        if heading is None and not paragraphs:
            continue
        number, rest = strip_number(heading) if heading else (None, None)
        sections.append({"heading": rest, "number": number, "level": level - top + 1, "paragraphs": paragraphs})
    from scholartools.parsing.references import parse_reference
    refs = [parse_reference(" ".join(re.sub(r"^\s*[-*]\s+", "", r).split())) for r in refs_raw]
    return {"title": title, "abstract": abstract, "sections": sections, "references": refs,
            "source": {"pages": None}}


def parse_markdown(path: str) -> dict:
    title = None
    blocks: list = [(None, 1, [])]
    in_code = False
    for line in _read(path).splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
        m = None if in_code else MD_HEADING.match(line)
        if m:
            level = len(m.group(1))
            text = re.sub(r"[*_`]+", "", m.group(2)).strip()
            if title is None and level == 1 and len(blocks) == 1 and not any(s.strip() for s in blocks[0][2]):
                title = text
                continue
            blocks.append((text, level, []))
        else:
            blocks[-1][2].append(line)
    return _finish(title, blocks)


def parse_text(path: str) -> dict:
    lines = _read(path).splitlines()
    title = None
    blocks: list = [(None, 1, [])]
    for line in lines:
        s = line.strip()
        if title is None and s:
            title = s
            continue
        number, rest = strip_number(s)
        if s and len(s) < 80 and not s.endswith((".", ",", ";")) and (
                KNOWN.match(rest) or (number and rest[:1].isupper() and len(rest.split()) <= 10)):
            blocks.append((s, number.count(".") + 1 if number else 1, []))
        else:
            blocks[-1][2].append(line)
    return _finish(title, blocks)
