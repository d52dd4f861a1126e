"""The paper record (DESIGN.md "Records", S2ORC's shape) and its ``id``.

    {id, title, [subtitle,] authors[], abstract, sections[{heading, number, level, type, text, paragraphs[]}],
     references[{raw, title, authors[], year, doi}], figures[{kind, label, caption, page}],
     equations[{latex|text, label, context_before, context_after, section}],
     source{path, format, pages, parser, sha256}, warnings[]}

Every adapter returns a dict with some of these fields; :func:`finish` fills the rest with
empty values, types the sections, and derives the ``id``.
"""

from __future__ import annotations

import hashlib
import os

from scholartools import recache as re
from scholartools.text.sections import strip_number, type_sections

ID_SOURCES = ("stem", "sha256", "doi")

# control characters other than tab and line ends: no paper's text holds them, yet a PDF's text
# layer gives them where a font's glyph has no Unicode value (MuPDF then reads the glyph's code in
# the font: "mA g\x011" for "mA g−1", "P \x02 4.7 \x03 10\x045" for "P = 4.7 × 10−5", a display
# formula's brackets, a list's bullet), and they break tools downstream (a NUL ends a C string, XML
# 1.0 forbids them). Each becomes U+FFFD, Unicode's character of unknown value: it keeps the words
# on either side apart ("g 1", not "g1") and says that something stood there
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _scrub(value):
    """``value`` (a record's field) with each :data:`_CONTROL` character of its strings U+FFFD."""
    if isinstance(value, str):
        return _CONTROL.sub("\ufffd", value) if _CONTROL.search(value) else value
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    return value


def sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


#: file stems that name no paper: a LaTeX source's main file is often main.tex or ms.tex, so the
#: id comes from its folder instead ("2301.01234/main.tex" -> "2301.01234")
GENERIC_STEMS = frozenset({"main", "ms", "paper", "article", "manuscript", "root", "document", "index"})


def make_id(path: str, record: dict, id_from: str = "stem") -> str:
    """``stem``: file name without extension (for a LaTeX main file named generically, main.tex
    or ms.tex, its folder's name); ``sha256``: the file's hash (first 16 hex digits); ``doi``:
    the first DOI on the first page / in the metadata, else the stem."""
    stem = os.path.splitext(os.path.basename(path))[0]
    if stem.lower() in GENERIC_STEMS and path.lower().endswith((".tex", ".ltx")):
        folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
        stem = folder or stem
    if stem.endswith(".tei") or stem.endswith(".grobid"):
        stem = stem.rsplit(".", 1)[0]
    if id_from == "sha256":
        sha = (record.get("source") or {}).get("sha256") or sha256_file(path)
        return sha[:16]
    if id_from == "doi":
        doi = record.get("doi")
        if doi:
            return doi
    return stem


def finish(record: dict, path: str, fmt: str, parser: str, id_from: str = "stem",
           sections_only: bool = False, references: bool = True) -> dict:
    """Complete a parsed paper record: defaults, section types and text, source, id; no string of
    it but the source's holds a control character other than tab and line ends (:data:`_CONTROL`:
    each is U+FFFD)."""
    record = {k: v if k == "source" else _scrub(v) for k, v in record.items()}
    out = {"id": None, "title": record.get("title") or None}
    if record.get("subtitle"):   # (only where the source sets one: a PDF's smaller line under its title)
        out["subtitle"] = record["subtitle"]
    out |= {
        "authors": record.get("authors") or [],
        "abstract": record.get("abstract") or None,
        "sections": record.get("sections") or [],
        "references": record.get("references") or [],
        "figures": record.get("figures") or [],
        "equations": record.get("equations") or [],
    }
    for sec in out["sections"]:
        if sec.get("heading") and not sec.get("number"):
            number, rest = strip_number(sec["heading"])
            if number:
                sec["number"], sec["heading"] = number, rest
                sec.setdefault("level", number.count(".") + 1)
        paras = sec.get("paragraphs")
        if paras is None:
            paras = [p for p in re.split(r"\n\s*\n", sec.get("text") or "") if p.strip()]
            sec["paragraphs"] = paras
        if not sec.get("text"):
            sec["text"] = "\n\n".join(paras)
        sec.setdefault("heading", None)
    type_sections(out["sections"])
    for sec in out["sections"]:
        # keys in the documented order for readable JSONL
        for k in ("heading", "number", "level", "type", "text", "paragraphs"):
            sec[k] = sec.pop(k, None)
    if record.get("doi"):
        out["doi"] = record["doi"]
    source = dict(record.get("source") or {})
    source.setdefault("path", path)
    source["format"] = fmt
    source.setdefault("pages", None)
    source["parser"] = parser
    if "sha256" not in source and path and os.path.isfile(path):
        source["sha256"] = sha256_file(path)
    out["source"] = source
    out["warnings"] = record.get("warnings") or []
    if not references:
        out["references"] = []
    if sections_only:
        for sec in out["sections"]:
            sec.pop("paragraphs", None)
        out["references"] = []
        out["figures"] = []
        out["equations"] = []
    out["id"] = make_id(path, out, id_from)
    return out
