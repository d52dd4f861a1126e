"""Where a paper states its limitations: the explicit and implicit rules of BAGELS §4.3.

One place for the rules, read by ``st-extract-limits`` (which builds the ground truth from them)
and by ``st-generate --task limitations`` (which must never show the model that ground truth:
:func:`target_texts` is what it removes from every prompt).

* **Explicit**: a section whose heading (or canonical ``type``) names limitations — "7 Limitations",
  "A.3 Corpus Limitations", "Limitations and Future Work", "Broader Impact and Limitations" — and
  the subsections under it. ACL's Responsible-NLP checklist is skipped: headings that are
  questions ("Did you describe the limitations of your work?"), answers that only point elsewhere
  ("Section 7", "Yes, see §6", "Left blank.", "The Limitations section after the conclusion."),
  and checklist lines glued to the end of a section's text (:func:`checklist_start`).
* **Implicit**: over the other sections except abstract, introduction and related work, a span
  starts at the sentence holding a keyword (``limitation(s)``, ``shortcoming(s)``) — one that names
  a limitation of this work, not of prior methods nor one the paper overcomes ("to address the
  limitations of existing retrievers, we …"; :attr:`Rules.own_work`) — and runs to the
  end of that section and on through following sections, until a section whose heading matches a
  stop term (acknowledgements, grant, future work, discussion, conclusion, appendix), an excluded
  section, or an explicit limitations section. The paper lists discussion and conclusion as stop
  terms yet says implicit limitations live there; as the spec proposes, stop terms apply to the
  headings of *following* sections only, never to the section where the keyword was found.

Keywords, excluded sections and stop terms are parameters (:class:`Rules`), the defaults being
the paper's examples (:mod:`scholartools.vocabulary`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from scholartools.text.sections import section_type, strip_number
from scholartools.text.sentences import split_spans
from scholartools.vocabulary import LIMITATION_EXCLUDED_SECTIONS, LIMITATION_KEYWORDS, LIMITATION_STOP_TERMS

__all__ = ["Rules", "DEFAULT_RULES", "is_checklist_heading", "is_pointer", "is_limitations_heading",
           "checklist_start", "explicit_sections", "implicit_spans", "target_texts"]

KEYWORDS = LIMITATION_KEYWORDS
EXCLUDED_SECTIONS = LIMITATION_EXCLUDED_SECTIONS
STOP_TERMS = LIMITATION_STOP_TERMS

_CHECKLIST_HEADING = re.compile(r"\?\s*$|^\s*(?:[A-Z]\d*[.)]?\s+)?(?:did|do|have|has|are|is|was|were)\s+you\b", re.I)
# a checklist question line inside a text: "A2. Did you discuss any potential risks of your work? …",
# "7 A2. Did you …", "A For every submission:", "B Did you use or create scientific artifacts?"
_CHECKLIST_LINE = re.compile(
    r"^[ \t]*(?:\d{1,2}[ \t]+)?(?:[A-E]\d{1,2}\.?[ \t]+(?i:did|do|does|have|has|are|is|was|were|if you)\b|"
    r"[A-E][ \t]+(?i:did you|for every submission)\b|[A-E]\d{1,2}\.[ \t]+\S)", re.M)
_POINTER = re.compile(
    r"^\s*(?:yes|no|n/?a)?[\s,.:;-]*(?:see\s+)?(?:(?:section|sec\.?|appendix|app\.?|§)\s*[\dA-Z][\w.]*"
    r"(?:\s*(?:,|and|&)\s*[\dA-Z][\w.]*)*)?\s*[.)]?\s*$|^\s*left blank\.?\s*$", re.I)
# words of an answer that only says where the limitations are ("Limitations section after the conclusion")
_PLACE_WORDS = set("""
yes no n a see please refer to the a an in on at of after before between following and or as with its it is
it's its are was were be been has have had we our us this that which where section sections sec secs
unnumbered numbered number without no named called titled entitled labelled labeled limitation limitations
limitaion limtations page pages pg p line lines appendix appendices app main paper papers end beginning last
final first second third separate separately own name same dedicated required requested provided template
standalone stand alone conclusion conclusions concluding remarks reference references bibliography part right
immediately just directly discussed discuss describe described mentioned mention presented present included
include add added placed located can be found find listed there also both risks risk ethics ethical statement
considerations broader impact impacts future work directions throughout body document text instruction
instructions acl latex file given per follow following followed submitted submission camera ready version
thesis work's paper's section's do does did not applicable blank left yes primarily mostly mainly comes come
""".split())
_WORDS = re.compile(r"[a-z]+(?:'[a-z]+)?")


@dataclass(frozen=True)
class Rules:
    keywords: str = KEYWORDS
    excluded: tuple[str, ...] = EXCLUDED_SECTIONS
    stop_terms: str = STOP_TERMS
    #: an answer shorter than this, that only points elsewhere, is not a limitations text
    pointer_chars: int = 60
    #: an answer up to this long made only of place words ("… section after the conclusion") is a pointer
    place_chars: int = 250
    #: a keyword sentence about others' limitations, or one the paper overcomes ("to address the
    #: limitations of prior work, we …"), does not start an implicit span (False: the paper's plain rule)
    own_work: bool = True
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


def checklist_start(text: str | None) -> int | None:
    """Offset of the first Responsible-NLP checklist line in ``text`` ("A2. Did you discuss …?"),
    where a parser glued the checklist to the section before it; None when there is none."""
    m = _CHECKLIST_LINE.search(text or "")
    return m.start() if m else None


def _is_place_answer(text: str, rules: Rules) -> bool:
    words = _WORDS.findall(text.lower().replace("’", "'"))
    if not words or len(text) > rules.place_chars:
        return False
    other = [w for w in words if w not in _PLACE_WORDS and not re.fullmatch(r"[ivx]+|[a-h]", w)]
    return not other and bool(re.search(r"\b(?:sections?|sec|§|appendix|page|pg|line|conclusions?|statement|"
                                        r"references|limitations?|after|before|end|last|final)\b",
                                        text, re.I) or "§" in text)


def is_pointer(text: str | None, rules: Rules = DEFAULT_RULES) -> bool:
    """An answer that only points elsewhere, or is empty: "Section 7", "Yes, see §6", "Left
    blank.", "The Limitations section after the conclusion.", a cut-off fragment of a few words.
    Checklist lines glued after the answer are ignored. A complete sentence that states something
    ("We only test on English.") is not a pointer, however short."""
    t = (text or "").strip()
    cut = checklist_start(t)
    if cut is not None:
        # the text runs into question A2 or later: it is the answer to checklist question A1
        if re.match(r"\s*(?:\d{1,2}\s+)?(?:A[2-9]|[B-E]\d)", t[cut:]):
            return True
        t = t[:cut].strip()
    if not t:
        return True
    if len(t) < rules.pointer_chars and bool(_POINTER.match(t)):
        return True
    if _is_place_answer(t, rules):
        return True
    if len(t) < rules.pointer_chars and not _is_sentence(t):
        return True
    return False


def _is_sentence(t: str) -> bool:
    """A complete statement: starts with a capital, ends with a full stop, has a verb-like word."""
    return (t[:1].isupper() and t.rstrip()[-1:] in ".!?" and len(t.split()) >= 4
            and not re.search(r"\b(?:sections?|sec\.|§|appendix|page|line)\b", t, re.I))


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


def section_end(text: str | None) -> int:
    """Where a section's own text ends: before a glued checklist, else its length."""
    text = text or ""
    cut = checklist_start(text)
    return len(text.rstrip()) if cut is None else len(text[:cut].rstrip())


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
        if is_limitations_heading(heading, sec.get("type"), rules) or i in explicit \
                or is_checklist_heading(heading) or _excluded(sec, rules):
            capturing = False
            continue
        text = sec.get("text") or ""
        end = section_end(text)
        if capturing:
            if text[:end].strip():
                spans.append({"section": i, "start": 0, "end": end})
            continue
        start = _first_keyword_sentence(text, end, kw, rules)
        if start is None:
            continue
        spans.append({"section": i, "start": start, "end": end})
        capturing = True
    return spans


# the keyword names someone else's limitation, or one the paper removes: "to overcome the
# limitations of prior methods", "existing approaches suffer from two shortcomings"
_OTHERS = re.compile(
    r"\b(?:overcome|overcomes|overcoming|address|addresses|addressing|alleviate|alleviates|alleviating|mitigate|"
    r"mitigates|mitigating|tackle|tackles|tackling|remedy|remedies|solve|solves|solving|circumvent|circumvents|"
    r"avoid|avoids|avoiding|fix|fixes|resolve|resolves|eliminate|eliminates|reduce|reduces|break through|"
    r"go beyond|goes beyond|without (?:the|these|such|this))\b(?:\W+\w+){0,4}?\W+(?:limitations?|shortcomings?)\b|"
    r"\b(?:limitations?|shortcomings?) of (?:the )?(?:prior|previous|existing|earlier|current|conventional|"
    r"traditional|standard|classical|state-of-the-art|these|those|such|their|other|many|most|some|all)\b|"
    r"\b(?:prior|previous|existing|earlier|conventional|traditional|their|these|those|such)(?: \w+){0,3} "
    r"(?:has|have|had|suffer|suffers|suffered|face|faces|share|shares)(?: \w+){0,3} (?:limitations?|shortcomings?)\b",
    re.I)


def _first_keyword_sentence(text: str, end: int, kw: re.Pattern, rules: Rules) -> int | None:
    """Start of the first sentence of ``text[:end]`` whose keyword names a limitation of this
    work (with ``rules.own_work``; else of the first keyword sentence), or None."""
    for s, e in split_spans(text[:end]):
        sent = text[s:e]
        if kw.search(sent) and not (rules.own_work and _OTHERS.search(sent)):
            return s
    return None


def _review_texts(review) -> list[str]:
    if isinstance(review, str):
        return [review]
    if isinstance(review, dict):
        return [str(v) for k, v in review.items() if isinstance(v, str) and k != "id"]
    return []


def target_texts(paper: dict, rules: Rules = DEFAULT_RULES) -> list[str]:
    """Every text a limitations generator must not see for ``paper``: its explicit limitations
    sections, its implicit limitation spans, and its reviews (BAGELS §5.1)."""
    sections = paper.get("sections") or []
    out = [sections[i].get("text") or "" for i in explicit_sections(sections, rules)]
    for span in implicit_spans(sections, rules):
        out.append((sections[span["section"]].get("text") or "")[span["start"]:span["end"]])
    reviews = paper.get("reviews") or []
    for r in reviews if isinstance(reviews, list) else [reviews]:
        out.extend(_review_texts(r))
    return [t for t in out if t.strip()]
