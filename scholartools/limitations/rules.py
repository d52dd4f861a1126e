"""Where a paper states its limitations: the explicit and implicit rules of BAGELS §4.3.

One place for the rules, read by ``st-extract-limits`` (which builds the ground truth from them)
and by ``st-generate --task limitations`` (which must never show the model that ground truth:
:func:`target_texts` is what it removes from every prompt).

* **Explicit**: a section whose heading (or canonical ``type``) names limitations — "7 Limitations",
  "A.3 Corpus Limitations", "Limitations and Future Work" — and the subsections under it. ACL's
  Responsible-NLP checklist is skipped: headings that are questions ("Did you describe the
  limitations of your work?") and answers that only point elsewhere ("Section 7", "Left blank.").
* **Implicit**: over the other sections except abstract, introduction and related work, a span
  starts at the sentence holding a keyword (``limitation(s)``, ``shortcoming(s)``) and runs to the
  end of that section and on through following sections, until a section whose heading matches a
  stop term (acknowledgements, grant, future work, discussion, conclusion, appendix). The paper
  lists discussion and conclusion as stop terms yet says implicit limitations live there; as the
  spec proposes, stop terms apply to the headings of *following* sections only, never to the
  section where the keyword was found.

Keywords, excluded sections and stop terms are parameters (:class:`Rules`), the defaults being
the paper's examples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from scholartools.text.sections import section_type, strip_number
from scholartools.text.sentences import split_spans

__all__ = ["Rules", "DEFAULT_RULES", "is_checklist_heading", "is_pointer", "is_limitations_heading",
           "explicit_sections", "implicit_spans", "target_texts"]

KEYWORDS = r"\b(?:limitations?|shortcomings?)\b"
EXCLUDED_SECTIONS = ("abstract", "introduction", "related work", "related_work")
STOP_TERMS = r"\b(?:acknowledge?ments?|grants?|future work|discussion|conclusions?|appendix|appendices)\b"

_CHECKLIST_HEADING = re.compile(r"\?\s*$|^\s*(?:[A-Z]\d*[.)]?\s+)?(?:did|do|have|has|are|is|was|were)\s+you\b", re.I)
_POINTER = re.compile(
    r"^\s*(?:yes|no|n/?a)?[\s,.:;-]*(?:see\s+)?(?:(?:section|sec\.?|appendix|app\.?|§)\s*[\dA-Z][\w.]*"
    r"(?:\s*(?:,|and|&)\s*[\dA-Z][\w.]*)*)?\s*[.)]?\s*$|^\s*left blank\.?\s*$", re.I)


@dataclass(frozen=True)
class Rules:
    keywords: str = KEYWORDS
    excluded: tuple[str, ...] = EXCLUDED_SECTIONS
    stop_terms: str = STOP_TERMS
    #: an answer shorter than this, that only points elsewhere, is not a limitations text
    pointer_chars: int = 60
    _compiled: dict = field(default_factory=dict, compare=False, repr=False)

    def pattern(self, name: str) -> re.Pattern:
        if name not in self._compiled:
            self._compiled[name] = re.compile(getattr(self, name), re.I)
        return self._compiled[name]


DEFAULT_RULES = Rules()


def _heading_words(heading: str | None) -> str:
    return strip_number(heading or "")[1].strip().lower()


def is_checklist_heading(heading: str | None) -> bool:
    """A Responsible-NLP checklist entry: the heading is a question ("A1. Did you describe …?")."""
    return bool(heading) and bool(_CHECKLIST_HEADING.search(heading))


def is_pointer(text: str | None, rules: Rules = DEFAULT_RULES) -> bool:
    """An answer that only points elsewhere ("Section 7", "Yes, see §6", "Left blank.") or is empty."""
    t = (text or "").strip()
    return not t or (len(t) < rules.pointer_chars and bool(_POINTER.match(t)))


def is_limitations_heading(heading: str | None, type_: str | None = None, rules: Rules = DEFAULT_RULES) -> bool:
    """True for a heading that names the paper's limitations (and is not a checklist question)."""
    if is_checklist_heading(heading):
        return False
    if type_ == "limitations":
        return True
    return bool(heading) and bool(rules.pattern("keywords").search(_heading_words(heading)))


def _excluded(sec: dict, rules: Rules) -> bool:
    words = _heading_words(sec.get("heading"))
    kind = sec.get("type") or section_type(sec.get("heading") or "")
    return kind in rules.excluded or any(words.startswith(x) for x in rules.excluded if " " in x or x.isalpha())


def explicit_sections(sections: list[dict], rules: Rules = DEFAULT_RULES) -> list[int]:
    """Indexes of the sections that are limitations sections, with the subsections under them
    (deeper ``level`` right after), checklist entries and pointer answers left out."""
    out: list[int] = []
    i = 0
    while i < len(sections):
        sec = sections[i]
        if is_limitations_heading(sec.get("heading"), sec.get("type"), rules):
            level = sec.get("level") or 1
            j = i + 1
            while j < len(sections) and (sections[j].get("level") or 1) > level:
                j += 1
            out.extend(k for k in range(i, j) if not is_pointer(sections[k].get("text"), rules)
                       and not is_checklist_heading(sections[k].get("heading")))
            i = j
        else:
            i += 1
    return out


def implicit_spans(sections: list[dict], rules: Rules = DEFAULT_RULES) -> list[dict]:
    """Implicit limitation spans: ``{"section": index, "start", "end"}`` offsets into that
    section's text, one entry per section the span covers (see the module docstring)."""
    explicit = set(explicit_sections(sections, rules))
    kw, stop = rules.pattern("keywords"), rules.pattern("stop_terms")
    spans: list[dict] = []
    capturing = False
    for i, sec in enumerate(sections):
        heading = sec.get("heading")
        if capturing and heading and stop.search(_heading_words(heading)):
            capturing = False
        if i in explicit or is_checklist_heading(heading) or _excluded(sec, rules):
            capturing = False
            continue
        text = sec.get("text") or ""
        if capturing:
            if text.strip():
                spans.append({"section": i, "start": 0, "end": len(text)})
            continue
        m = kw.search(text)
        if not m:
            continue
        start = 0
        for s, e in split_spans(text):
            if s <= m.start() < e:
                start = s
                break
            if s > m.start():
                break
            start = s
        spans.append({"section": i, "start": start, "end": len(text)})
        capturing = True
    return spans


def target_texts(paper: dict, rules: Rules = DEFAULT_RULES) -> list[str]:
    """Every text a limitations generator must not see for ``paper``: its explicit limitations
    sections, its implicit limitation spans, and its reviews (BAGELS §5.1)."""
    sections = paper.get("sections") or []
    out = [sections[i].get("text") or "" for i in explicit_sections(sections, rules)]
    for span in implicit_spans(sections, rules):
        out.append((sections[span["section"]].get("text") or "")[span["start"]:span["end"]])
    reviews = paper.get("reviews") or []
    for r in reviews if isinstance(reviews, list) else [reviews]:
        if isinstance(r, str):
            out.append(r)
        elif isinstance(r, dict):
            out.extend(str(v) for k, v in r.items() if isinstance(v, str) and k != "id")
    return [t for t in out if t.strip()]
