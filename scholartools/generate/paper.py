"""What the generation tasks read from a record: a paper's title, abstract and sections, whatever
shape it arrives in, and the texts built from them.

Shapes read: the paper record of ``st-parse`` (``title``, ``abstract``, ``sections[{heading,
type, text, paragraphs}]``), Science-Parse / AAAR PaperWeakness JSON (``abstractText``,
``sections[{heading, text}]``, optionally under ``input``), AAAR ExperimentDesign's ``input``
(a list of LaTeX lines), and flat records with ``introduction`` / ``text`` fields (PaperRQ,
CLAIMCHECK's paragraph list). Which field a task reads is a *slot* with a default path
(``Task.reads``); ``st-generate --field SLOT=PATH`` points it elsewhere.
"""
from __future__ import annotations

from typing import Any

from scholartools.records import RecordError, get_path, read_field
from scholartools.text.sections import section_type, strip_number, type_sections
from scholartools.vocabulary import SECTION_TYPES



def read(rec: dict, slot: str, fields: dict[str, str], default: str | None = None, required: bool = False,
         kind: type | tuple = (str,)) -> Any:
    """The value of ``slot`` (its path from ``fields``, else ``default``, else the slot name).

    Absent (or None): None, or ``missing_field`` when ``required``; present with the wrong type:
    ``bad_value``.
    """
    path = fields.get(slot) or default or slot
    return read_field(rec, path, required=required, kind=kind, message=f"no '{path}' in the record ({slot})")


def title(rec: dict, fields: dict[str, str]) -> str:
    value = read(rec, "title", fields)
    if value is None:
        value = get_path(rec, "input.title")
    return value if isinstance(value, str) else ""


def abstract(rec: dict, fields: dict[str, str]) -> str:
    """The abstract: ``abstract``, else ``abstractText`` (Science Parse), else a section typed abstract."""
    value = read(rec, "abstract", fields)
    if value is None and "abstract" not in fields:
        for path in ("abstractText", "input.abstractText", "metadata.abstractText"):
            v = get_path(rec, path)
            if isinstance(v, str):
                value = v
                break
    return value or ""


def sections(rec: dict, fields: dict[str, str], required: bool = True) -> list[dict]:
    """The record's sections as ``{heading, type, level, text}`` dicts (types filled in when the
    source has none). ``missing_field`` when there are none and ``required``."""
    value = read(rec, "sections", fields, kind=list)
    if value is None and "sections" not in fields:
        for path in ("input.sections", "metadata.sections"):
            v = get_path(rec, path)
            if isinstance(v, list):
                value = v
                break
    if value is None:
        if required:
            path = fields.get("sections", "sections")
            raise RecordError("missing_field", f"no '{path}' in the record (a paper record with sections)",
                              field=path)
        return []
    out = []
    for i, sec in enumerate(value):
        if not isinstance(sec, dict):
            raise RecordError("bad_value", f"section {i} is {type(sec).__name__}, not an object",
                              field=fields.get("sections", "sections"))
        text = sec.get("text")
        if text is None and isinstance(sec.get("paragraphs"), list):
            text = "\n\n".join(p if isinstance(p, str) else str(p.get("text") or "") for p in sec["paragraphs"])
        out.append({**sec, "heading": sec.get("heading") or "", "text": text or ""})
    if any(not s.get("type") for s in out):
        type_sections(out)
    return out


def label(sec: dict) -> str:
    """A section's name for a prompt: its heading without numbering, else its type."""
    name = strip_number(sec.get("heading") or "")[1].strip()
    return name or (sec.get("type") or "Section").replace("_", " ").capitalize()


def render(parts: list[tuple[str, str]]) -> str:
    """``Name: text`` blocks separated by blank lines (BAGELS' input formatting, §5.2)."""
    return "\n\n".join(f"{name}: {text.strip()}" for name, text in parts if text and text.strip())


def matches(sec: dict, wanted: str) -> bool:
    """Does section ``sec`` answer to the name ``wanted``: its heading (numbering and case aside),
    or its canonical type (``related_work``, or a heading word that types as it: ``methods``)?"""
    w = " ".join(wanted.lower().replace("_", " ").split())
    heading = " ".join(strip_number(sec.get("heading") or "")[1].lower().split())
    if w == heading:
        return True
    kind = w.replace(" ", "_") if w.replace(" ", "_") in SECTION_TYPES else section_type(w)
    return kind != "other" and kind == sec.get("type")


def before_experiments(rec: dict, fields: dict[str, str]) -> tuple[str, bool]:
    """The paper text before its first experiments section (AAAR ExperimentDesign's input).

    An AAAR record's ``input`` (list of LaTeX lines, already cut there) is used as it is.
    Returns ``(text, cut)`` where ``cut`` says whether an experiments section was found.
    """
    given = read(rec, "context", fields, default="input", kind=(str, list, dict))
    if isinstance(given, list):
        return "".join(str(x) for x in given), True
    if isinstance(given, str):
        return given, True
    secs = sections(rec, fields)
    parts = [("Title", title(rec, fields)), ("Abstract", abstract(rec, fields))]
    cut = False
    for sec in secs:
        if sec.get("type") in ("experiments", "results") or "experiment" in (sec.get("heading") or "").lower():
            cut = True
            break
        if sec.get("type") in ("abstract", "references", "acknowledgments"):
            continue
        parts.append((label(sec), sec["text"]))
    return render(parts), cut


def full_text(rec: dict, fields: dict[str, str], skip_types: tuple[str, ...] = ("references",)) -> str:
    """The whole paper as AAAR's PaperWeakness builds it: abstract, title, then
    ``heading text`` per section."""
    secs = sections(rec, fields, required=False)
    body = "\n".join(f"{sec.get('heading') or ''} {sec['text']}".strip() for sec in secs
                     if sec.get("type") not in skip_types and sec["text"].strip())
    if not body:
        text = read(rec, "text", fields, kind=(str, list))
        if isinstance(text, list):
            body = "\n\n".join(str(t) for t in text)
        elif text:
            body = text
    if not body:
        path = fields.get("sections", "sections")
        raise RecordError("missing_field", f"no paper text: neither '{path}' nor 'text' in the record", field=path)
    return f"{abstract(rec, fields)}\n\n{title(rec, fields)}\n\n{body}".strip()
