"""Offline claim extraction (CLAIMCHECK §3.2): a paper's result, contribution and novelty claims as
verbatim sentences, numbered ``Claim1…`` in document order.

CLAIMCHECK extracts claims with GPT-4o, chunk by chunk, keeping "claims about findings,
contributions, results or relation to related work" and skipping "descriptions of the ideas,
methods and experiment setup". The offline method scores every sentence of the abstract and of the
body sections (references, acknowledgments, appendices, ethics skipped; limitations read since session 12) with the
cue phrases of :data:`scholartools.claims.cues.CLAIM_CUES` (we show / we propose / outperforms /
to our knowledge the first / this suggests …), the non-claim cues (we use / is defined as / future
work / hyper-parameters …), the first person, and the section's prior (abstract and conclusion
first), and keeps the sentences above a threshold — precision before recall — in document order
(given ``max_claims``, at most that many, the best scored).

Issue 37 added the cues of :mod:`scholartools.claims.cues`, which find claims without a first-person
cue (results stated about the system, measured statistics, hedged findings, gaps in prior work,
relations to other work), searches figure and table captions, credits a sentence that restates a
claim kept in the abstract, introduction or conclusion (``repeat``), and reads a closing discussion
section as the conclusion.

A claim is ``{"id": "ClaimN", "text", "section", "section_index", "start", "end", "score",
"cues"}`` (plus ``figure_index`` for a caption): ``text`` is exactly ``section_text[start:end]``
where the section text is the record's ``abstract`` (``section`` "abstract", ``section_index``
null), ``figures[figure_index].caption`` (``section`` "caption") or ``sections[section_index].text``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from scholartools.claims.cues import KINDS, NUMERIC, OWN_ONLY, SUMMARY_WEIGHT
from scholartools.text.sections import section_type
from scholartools.text.sentences import split_spans
from scholartools.vocabulary import abstract_heading

#: the threshold of the offline method (chosen on the dev papers, see docs/st-claims.md) and its
#: cap: none since session 24 (every sentence at the threshold is kept; 120 before, which bound on
#: the densest annotated papers: leave one paper out, dev8 .651 against .729 without it)
DEFAULT_THRESHOLD = 1.2
DEFAULT_MAX_CLAIMS = None
MIN_WORDS, MAX_WORDS = 5, 90

_SMALL_CAPS = re.compile(r"\b([A-Z]) (?=[A-Z]{2,}\b)")
_FIRST_PERSON = re.compile(r"\b(?:we|our|us)\b", re.I)
_DIGIT = re.compile(r"\d")
_THIS_WORK = re.compile(r"\b(?:this|the present|the current) (?:paper|work|study|article|report|review)\b|\bhere\b", re.I)
#: a citation: "[17]", "[3, 4]", "(Smith et al., 2010; …)", "Smith et al. (2010)", "(Smith and Lee, 2010)"
_CITATION = re.compile(r"\[\d{1,3}(?:\s*[,\u2013-]\s*\d{1,3})*\]|\([A-Z][\w'-]+(?: et al\.| and [A-Z][\w'-]+| & [A-Z][\w'-]+)?,? \d{4}[a-z]?[;,)]"
                       r"|\b[A-Z][\w'-]+ et al\.,? \(?\d{4}")
_OTHERS = re.compile(r"^(?:[A-Z][a-z]+(?: [a-z]+)?,\s+)?(?:[A-Z][\w'-]+(?: and [A-Z][\w'-]+| & [A-Z][\w'-]+)?(?: et al\.)?,? \(?\d{4}[a-z]?\)?"
                     r"|\(?[A-Z][\w'-]+ et al\.)")
#: an abstract heading glued to the front of the first sentence ("… double-blind review ABSTRACT We show …")
_LEAD = re.compile(r"\b(?:A ?BSTRACT|Abstract)\b[\s.:\u2014-]*")
_FOOTNOTE_LEAD = re.compile(r"^\d{1,2}\s+(?=[A-Z])")
_NUMBERED_HEADING = re.compile(r"^(?:[\u2013\u2014-]\s*P\d+\s+)?\d{1,2}(?:\.\d{1,2}){1,3}\.?\s+[A-Z]")
#: the tokens of a reported test statistic ("(p", "<", "0.001,", "η2", "=", "F(1,", "21)"), left out
#: of the residue test (session 14)
_STAT_TOKEN = re.compile(r"[(\[]?(?:[pFtrUzd\u03b7\u03c7\u03b2R]2?|n\.s\.|[<>=\u2264\u2265]|-?\d+(?:[.,]\d+)*%?(?:\(\d+(?:,\d+)?)?)[)\],;.]*")
_TESTED_VALUE = re.compile(r"[=<>\u2264\u2265]\s*-?\d")
_HYPHEN_BREAK = re.compile(r"(\w)- (\w)")
_WORD = re.compile(r"[^\W\d_]{2,}")
#: a coined name: two capitals or more (NPPrompt, ReGen, RECITE, P-Adapters, TuckerBERT)
_COINED = re.compile(r"\b[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*\b")
_NAMING = re.compile(r"\b(?:we (?:propose|introduce|present|call|term|name|dub|develop|design|construct|build)|called|named|dubbed|termed"
                    r"|this (?:paper|work|article|study) (?:presents|proposes|introduces|develops))\b", re.I)
_PAREN = re.compile(r"\(([^()]{2,40})\)")
#: a coined name that opens the title before a colon ("CiteSee: Augmenting Citations …")
_TITLE_NAME = re.compile(r"\s*([A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9-]*)\s*:")
#: any one word before the title's colon ("dynoNet: …", "Metronome: …"): the paper's own name when
#: its abstract and introduction use it ``TITLE_WORD_USES`` times or more ("Position: Stop …" is not)
_TITLE_WORD = re.compile(r"\s*([A-Za-z][A-Za-z0-9-]{2,})\s*:")
TITLE_WORD_USES = 2
#: field-wide acronyms that a naming sentence mentions without coining them
_GENERIC = frozenset({"NLP", "NLU", "NLG", "LLM", "LLMs", "PLM", "PLMs", "LM", "LMs", "SOTA", "AI", "ML", "GPU",
                      "GPUs", "QA", "MT", "NER", "CNN", "RNN", "LSTM", "BERT", "GPT", "GLUE", "SQuAD"})
#: sections where "we propose / we design" announces a contribution (elsewhere it describes the method)
_CONTRIBUTION_KINDS = ("abstract", "introduction", "conclusion", "other")
#: sections where "we describe / this paper reports" summarises the paper's work
_SUMMARY_KINDS = ("abstract", "introduction", "conclusion")
#: a claim's restatement (abstract → introduction → conclusion, captions): the share of its content
#: words found in an earlier kept claim, and what it adds to the score
REPEAT_OVERLAP, REPEAT_WEIGHT = 0.5, 0.6
#: a result family of :mod:`~scholartools.claims.cues` this strong (superlatives, amounts, measured
#: shares, error analyses, "experiments show") marks a finding, wherever the section
FINDING_WEIGHT = 0.7
#: what an abstract or conclusion sentence about the paper's own work loses for having no cue phrase
OWN_SUMMARY_PENALTY = 0.0
#: what a sentence that cites other work, without the first person or a novelty cue, loses (session 9)
CITED_PENALTY = 0.5
#: sections where a cited sentence's finding is the cited work's, however measured it sounds
#: ("Detailed structure–activity studies revealed the importance of … [32]"): it loses
#: ``CITED_PENALTY`` too (session 17)
CITED_FINDING_KINDS = ("introduction", "related_work")
#: what a sentence loses that reports a cited paper's finding ("it has been shown that … [3]",
#: ``cues.REPORTED``), without the first person, on top of ``CITED_PENALTY`` (session 11): its
#: finding cues are the other paper's, so it gets no finding bonus and keeps its section's prior
REPORTED_PENALTY = 0.5
#: what a measured finding (``FINDING_WEIGHT``) stated without the first person gains (session 9):
#: "As can be seen, in this case the deceleration parameter is positive" is a claim, and no
#: "we" will lift it
FINDING_BONUS = 0.3
#: what a sentence gains that sets another system against the paper's own coined name ("BAD-FS …,
#: unlike MapReduce, is targeted to …"; session 11)
RELATION_TO_NAME_WEIGHT = 0.9
#: what an introduction sentence loses that neither speaks of this work nor sets it against others
#: (background and motivation, most of an introduction; session 9)
INTRO_BACKGROUND_PENALTY = 0.3
#: what a sentence of a results or discussion section gains that cites a figure or table of its own in
#: parentheses (the evidence of an observation; session 14)
EVIDENCE_REF_WEIGHT = 0.5
_EVIDENCE_KINDS = ("results", "discussion", "conclusion", "experiments")
_EVIDENCE_REF = re.compile(r"\((?:see |cf\. )?(?:figure|fig\.|table|tab\.)\s*\d+[a-z]?\b", re.I)
#: what a sentence of a structured abstract loses under a setup label ("Background:", "Methods:"),
#: up to the next result label ("Results:", "Conclusions:"; session 14, round f); the labels and
#: their facets are the vocabulary's (:func:`scholartools.vocabulary.abstract_heading`)
ABSTRACT_SETUP_PENALTY = 0.8
#: what a sentence of a method, data or results section loses that opens with a purpose clause and
#: proposes nothing ("To analyze the contribution of …, we divide …", "In order to control that …,
#: separate analyses were performed"): the setup of a step, which CLAIMCHECK skips (session 17)
PURPOSE_PENALTY = 1.0
_PURPOSE = re.compile(r"^(?:(?:First|Second|Third|Finally|Also|Next|Then|Here|Thus|Therefore),?\s+)?(?:To|In order to)"
                      r" (?!(?:the best of )?our knowledge\b|(?:this|that|the) (?:end|extent)\b"
                      r"|(?:conclude|summari[sz]e|sum up|recap|date)\b)\w+")   # discourse markers, no purpose
#: what the abstract's opening sentence loses when it neither speaks of this work nor claims
#: novelty or a number ("Representation learning is a critical ingredient for …"): abstracts open
#: with the field's background (session 17)
ABSTRACT_OPENING_PENALTY = 0.5


@dataclass
class Sentence:
    """One candidate sentence: where it is, what it says."""

    section: str | None
    section_index: int | None
    kind: str
    start: int
    end: int
    text: str
    score: float = 0.0
    cues: list = field(default_factory=list)
    figure_index: int | None = None


@lru_cache(maxsize=1)
def _cues():
    from scholartools.claims.cues import CLAIM_CUES, NON_CLAIM_CUES

    pos = [(kind, re.compile(p, re.I), w) for kind, items in CLAIM_CUES.items() for p, w in items]
    neg = [(re.compile(p, re.I), w) for p, w in NON_CLAIM_CUES]
    return pos, neg


@lru_cache(maxsize=1)
def _free_cues():
    from scholartools.claims.cues import compiled

    return compiled()


@lru_cache(maxsize=64)
def _relation_to(names: frozenset[str]):
    alt = "|".join(re.escape(n) for n in sorted(names))
    return re.compile(rf"\b(?:unlike|like|different from|differs? from|similar to|compared (?:to|with)|in contrast to|than"
                      rf"|as opposed to|between these systems and)\s+(?:the\s+)?(?:{alt})\b", re.I)


def section_kind(sec: dict, first: bool = False) -> str:
    """The canonical type of a section; a parser's "other" is retried on the heading with
    small-capital splits joined ("I NTRODUCTION" → "INTRODUCTION"), and an unheaded first section
    counts as the abstract."""
    kind = sec.get("type") or "other"
    heading = sec.get("heading") or ""
    if kind == "other" and heading:
        kind = section_type(_SMALL_CAPS.sub(r"\1", heading))
    if kind == "other" and first and not heading:
        kind = "abstract"
    return kind


@lru_cache(maxsize=1)
def _back_matter():
    from scholartools.claims.cues import BACK_MATTER_MARK

    return re.compile(BACK_MATTER_MARK)   # upper case only: "references" in a sentence is no heading


def paper_texts(rec: dict) -> list[tuple[str | None, int | None, str, str]]:
    """``(section name, section index, kind, text)`` of the parts searched for claims, in order:
    the abstract (when the record has one), then the sections not skipped. A section's text is
    searched up to a references heading a parser left inside it (back matter glued on)."""
    from scholartools.claims.cues import CLAIM_SKIP_SECTIONS

    out = []
    abstract = rec.get("abstract")
    if isinstance(abstract, str) and abstract.strip():
        out.append(("abstract", None, "abstract", abstract))
    sections = rec.get("sections") or []
    for i, sec in enumerate(sections):
        if not isinstance(sec, dict):
            continue
        text = sec.get("text")
        if not isinstance(text, str) or not text.strip():
            continue
        kind = section_kind(sec, first=(i == 0 and not out))
        if kind in CLAIM_SKIP_SECTIONS:
            continue
        m = _back_matter().search(text)
        out.append((sec.get("heading") or "", i, kind, text[:m.start()] if m else text))
        if m:   # everything after is back matter
            break
    _last_discussion_concludes(out, sections)
    return out


def _last_discussion_concludes(parts: list, sections: list) -> None:
    """A paper whose searched text ends in a discussion section ("Discussion", "Summary and
    discussion") and has no conclusion: that section is its conclusion."""
    if not parts or any(kind == "conclusion" for _, _, kind, _ in parts):
        return
    name, idx, kind, text = parts[-1]
    if kind == "discussion" and idx is not None and idx >= len(sections) // 2:
        parts[-1] = (name, idx, "conclusion", text)


def caption_texts(rec: dict) -> list[tuple[int, str]]:
    """``(figure index, caption)`` of the record's figures and tables (st-parse's ``figures``)."""
    out = []
    for j, fig in enumerate(rec.get("figures") or []):
        cap = fig.get("caption") if isinstance(fig, dict) else None
        if isinstance(cap, str) and cap.strip():
            out.append((j, cap))
    return out


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    """Drop a glued abstract heading or a footnote number from the front of a sentence."""
    head = text[a:min(b, a + 160)]
    m = None
    for m in _LEAD.finditer(head):
        pass
    if m is not None and b - (a + m.end()) >= 20:
        a += m.end()
    m = _FOOTNOTE_LEAD.match(text[a:b])
    if m:
        a += m.end()
    return a, b


def sentences(rec: dict) -> list[Sentence]:
    """Every candidate sentence of the paper, in document order."""
    out = []
    for name, idx, kind, text in paper_texts(rec):
        for a, b in split_spans(text):
            a, b = _trim(text, a, b)
            if b > a:
                out.append(Sentence(name, idx, kind, a, b, text[a:b]))
    for j, cap in caption_texts(rec):
        for a, b in split_spans(cap):
            out.append(Sentence("caption", None, "caption", a, b, cap[a:b], figure_index=j))
    return out


def own_names(rec: dict) -> frozenset[str]:
    """Names the paper coins for its own method, task or data: coined words (two capitals or more)
    in the sentences of the abstract and introduction that introduce something ("we propose X",
    "called X"), one that opens the title before a colon ("MapReduce: Simplified …"), and any word
    before the title's colon that the abstract and introduction use twice ("dynoNet: A neural …")."""
    names = set()
    title = rec.get("title") if isinstance(rec.get("title"), str) else ""
    m = _TITLE_NAME.match(title)
    if m and m.group(1) not in _GENERIC:   # "MapReduce: Simplified Data Processing …" (session 11)
        names.add(m.group(1))
    front = " ".join(text for _, _, kind, text in paper_texts(rec) if kind in ("abstract", "introduction"))
    m = _TITLE_WORD.match(title)
    if m and m.group(1) not in _GENERIC and len(re.findall(rf"\b{re.escape(m.group(1))}\b", front)) >= TITLE_WORD_USES:
        names.add(m.group(1))   # "dynoNet: A neural network architecture …" (session 23)
    for name, _, kind, text in paper_texts(rec):
        if kind not in ("abstract", "introduction"):
            continue
        for a, b in split_spans(text):
            sent = text[a:b]
            m = _NAMING.search(sent)
            if not m:
                continue
            after = " ".join(sent[m.end():].split()[:8])   # "we propose a new framework ReGen"
            found = _COINED.findall(after) + [w for p in _PAREN.findall(sent[m.end():]) for w in _COINED.findall(p)]
            for w in found:
                at = sent.find(w)
                small_caps = at >= 2 and sent[at - 1] == " " and sent[at - 2].isupper()   # "W EB B RAIN"
                if len(w) >= 3 and w not in _GENERIC and not small_caps:
                    names.add(w)
    return frozenset(names)


def score_sentence(text: str, kind: str, names: frozenset[str] = frozenset()) -> tuple[float, list[str]]:
    """The claim score of one sentence and the cue kinds it matched; ``names`` are the paper's own
    coined names (a sentence about them is about the paper's work, like one in the first person)."""
    from scholartools.claims.cues import CLAIM_SECTION_PRIOR

    words = text.split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS or text.rstrip().endswith("?"):
        return -9.0, []
    letters = sum(1 for w in words if _WORD.match(w))
    # "(p < 0.001, η2 = 0.530)" is a finding's evidence, not residue: with a tested value in the
    # sentence, the statistic's tokens are left out of the count
    stats = sum(1 for w in words if _STAT_TOKEN.fullmatch(w)) if _TESTED_VALUE.search(text) else 0
    if letters / max(1, len(words) - stats) < 0.6:   # table or figure residue
        return -9.0, []
    if len(words) <= 15 and _NUMBERED_HEADING.match(text):   # "6.1.1 Global Citation Counts vs …" glued on
        return -9.0, []
    text = _HYPHEN_BREAK.sub(r"\1\2", text)   # "val- idates" (a line-end hyphen of the PDF)
    pos, neg = _cues()
    best: dict[str, float] = {}
    total = 0.0
    for cue_kind, rx, w in pos:
        if rx.search(text):
            if cue_kind == "contribution" and kind not in _CONTRIBUTION_KINDS:
                w *= 0.4
            total += w
            best[cue_kind] = max(best.get(cue_kind, 0.0), w)
    positive = total
    for rx, w in neg:
        if rx.search(text):
            total += w
    families, summary, pointers, reported = _free_cues()
    own = bool(_FIRST_PERSON.search(text) or (names and any(n in text for n in names)))
    digits = _DIGIT.search(text) is not None
    finding = False
    for name, rx, w in families:
        if (name in OWN_ONLY and not own) or (name in NUMERIC and not digits):
            continue
        if rx.search(text):
            if KINDS[name] == "contribution" and kind not in _CONTRIBUTION_KINDS:
                w *= 0.4
            total += w
            positive += w
            best[KINDS[name]] = max(best.get(KINDS[name], 0.0), w)
            finding = finding or (KINDS[name] == "result" and w >= FINDING_WEIGHT)
    if PURPOSE_PENALTY and kind not in _SUMMARY_KINDS and kind != "caption" and "contribution" not in best and _PURPOSE.match(text):
        total -= PURPOSE_PENALTY
    if names and "novelty" not in best and _relation_to(names).search(text):
        # another system set against the paper's own ("unlike MapReduce", "similar to CiteSee")
        total += RELATION_TO_NAME_WEIGHT
        positive += RELATION_TO_NAME_WEIGHT
        best["novelty"] = RELATION_TO_NAME_WEIGHT
    if kind in _SUMMARY_KINDS and summary.search(text):
        total += SUMMARY_WEIGHT
        positive += SUMMARY_WEIGHT
        best["contribution"] = max(best.get("contribution", 0.0), SUMMARY_WEIGHT)
    for rx, w, scope in pointers:
        if (scope is None or kind not in _SUMMARY_KINDS) and rx.search(text):
            total += w
    cited_finding = finding and not own and _CITATION.search(text) and reported.search(text)
    if cited_finding:
        finding = False   # another paper's finding, reported: "it has been shown that … (Dinu et al., 2013)"
        total -= REPORTED_PENALTY
    if kind in _EVIDENCE_KINDS and _EVIDENCE_REF.search(text) and not _CITATION.search(text):
        # an observation with its evidence in parentheses: "the hand trajectories became highly
        # distorted (Figure 3B)" (session 14)
        total += EVIDENCE_REF_WEIGHT
        positive += EVIDENCE_REF_WEIGHT
        best["result"] = max(best.get("result", 0.0), EVIDENCE_REF_WEIGHT)
    if own:
        total += 0.4
    elif _OTHERS.match(text):   # another paper's claim ("Smith et al. (2020) show …")
        total -= 1.0
    elif "novelty" not in best and (not finding or kind in CITED_FINDING_KINDS) and _CITATION.search(text):
        # a sentence that cites, and neither speaks of this work nor states a measured finding
        # (which may set it against the cited work), reports the cited work's findings
        total -= CITED_PENALTY
    if positive == 0:
        # abstract and conclusion sentences about the paper's own work are claims more often than not
        total -= OWN_SUMMARY_PENALTY if own and kind in ("abstract", "conclusion") else 1.0
    prior = CLAIM_SECTION_PRIOR.get(kind, 0.0)
    if prior < 0 and ((kind == "related_work" and "novelty" in best) or finding):
        # a section's lean against claims does not hold for the claims it does hold: a sentence
        # setting this work against others in related work, a measured finding in a method section
        prior = 0.0
    total += prior
    if finding and not own:
        total += FINDING_BONUS
    if kind == "introduction" and not own and "novelty" not in best:
        total -= INTRO_BACKGROUND_PENALTY
    return total, sorted(best)


def scored_sentences(rec: dict, threshold: float = DEFAULT_THRESHOLD) -> list[Sentence]:
    """Every candidate sentence of ``rec`` with its final score and cues: the sentence's own score,
    then the structured abstract's labels and the restatement credit (which needs the threshold)."""
    cands = sentences(rec)
    names = own_names(rec)
    for s in cands:
        s.score, s.cues = score_sentence(s.text, s.kind, names)
    _structured_abstract(cands)
    _abstract_opening(cands, names)
    _credit_repeats(cands, threshold)
    return cands


def extract_claims(rec: dict, max_claims: int | None = DEFAULT_MAX_CLAIMS,
                   threshold: float = DEFAULT_THRESHOLD) -> list[dict]:
    """The claims of paper record ``rec`` (see the module docstring)."""
    return kept_claims(scored_sentences(rec, threshold), max_claims, threshold)


def kept_claims(cands: list[Sentence], max_claims: int | None, threshold: float) -> list[dict]:
    """The scored candidates at ``threshold`` or above as numbered claims, in the paper's order;
    over ``max_claims``, the best scored (ties: the earlier)."""
    kept = [s for s in cands if s.score >= threshold]
    if max_claims is not None and len(kept) > max_claims:
        order = sorted(range(len(kept)), key=lambda i: (-kept[i].score, i))[:max_claims]
        kept = [kept[i] for i in sorted(order)]
    return number_claims([{"text": s.text, "section": s.section, "section_index": s.section_index,
                           **({"figure_index": s.figure_index} if s.figure_index is not None else {}),
                           "start": s.start, "end": s.end, "score": round(s.score, 3), "cues": s.cues}
                          for s in kept])


def _abstract_opening(cands: list[Sentence], names: frozenset[str]) -> None:
    """The abstract's first sentence loses ``ABSTRACT_OPENING_PENALTY`` when it is not about this
    work (no first person, own name or "this paper"), claims no novelty and states no number."""
    first = next((s for s in cands if s.kind == "abstract"), None)
    if first is None or not ABSTRACT_OPENING_PENALTY or first.score <= -9 or "novelty" in first.cues:
        return
    own = _FIRST_PERSON.search(first.text) or _THIS_WORK.search(first.text) or any(n in first.text for n in names)
    if not own and not _DIGIT.search(first.text):
        first.score -= ABSTRACT_OPENING_PENALTY


def _structured_abstract(cands: list[Sentence]) -> None:
    """The sentences of a structured abstract under a setup label ("Background:", "Methods:") lose
    ``ABSTRACT_SETUP_PENALTY`` until a result label ("Results:", "Conclusions:") opens: a structured
    abstract says itself which of its sentences report findings (session 14, round f)."""
    setup = False
    for s in cands:
        if s.kind != "abstract" or s.section_index is not None:
            continue
        facet = abstract_heading(s.text)[0]
        if facet in ("result", "conclusion"):
            setup = False
        elif facet in ("background", "method"):
            setup = True
        if setup and s.score > -9:
            s.score -= ABSTRACT_SETUP_PENALTY


_STOP = frozenset("this that these those with from than have been were which their there they them into also such "
                  "both each more most other over only when where while will would could should about after before "
                  "between through using used based show shows shown paper work approach method results".split())


def content_words(text: str) -> frozenset[str]:
    """Lower-cased words of four letters or more, stop words left out."""
    return frozenset(w for w in (m.group(0).lower() for m in _WORD.finditer(_HYPHEN_BREAK.sub(r"\1\2", text)))
                     if len(w) >= 4 and w not in _STOP)


def _credit_repeats(cands: list[Sentence], threshold: float) -> None:
    """A sentence below the threshold that restates a claim kept in the abstract, the introduction
    or the conclusion (at least ``REPEAT_OVERLAP`` of its content words are that claim's) gains
    ``REPEAT_WEIGHT``: CLAIMCHECK keeps a claim wherever it recurs."""
    anchors = [(s.kind, s.section_index, content_words(s.text)) for s in cands
               if s.score >= threshold and s.kind in _SUMMARY_KINDS]
    if not anchors:
        return
    for s in cands:
        if s.score >= threshold or s.score <= -9:
            continue
        words = content_words(s.text)
        if len(words) < 4:
            continue
        share = max((len(words & a) / len(words) for kind, idx, a in anchors
                     if (kind, idx) != (s.kind, s.section_index)), default=0.0)
        if share >= REPEAT_OVERLAP:
            s.score += REPEAT_WEIGHT
            s.cues = sorted(set(s.cues) | {"repeat"})


def number_claims(claims: list[dict]) -> list[dict]:
    """``Claim1…`` in document order (abstract first, then sections by index, then offset);
    duplicates (same section and offsets) are kept once."""
    def key(c):
        if c.get("figure_index") is not None:   # captions after the text
            return (10**6 + c["figure_index"], c["start"], c["end"])
        return (-1 if c.get("section_index") is None else c["section_index"], c["start"], c["end"])

    seen = set()
    out = []
    for c in sorted(claims, key=key):
        k = key(c)
        if k in seen:
            continue
        seen.add(k)
        out.append({"id": f"Claim{len(out) + 1}", **{x: v for x, v in c.items() if x != "id"}})
    return out


def section_text(rec: dict, claim: dict) -> str | None:
    """The text a claim's offsets point into (None when the record lacks it)."""
    if claim.get("figure_index") is not None:
        figs = rec.get("figures") or []
        j = claim["figure_index"]
        text = figs[j].get("caption") if 0 <= j < len(figs) and isinstance(figs[j], dict) else None
        return text if isinstance(text, str) else None
    if claim.get("section_index") is None:
        text = rec.get("abstract")
    else:
        secs = rec.get("sections") or []
        i = claim["section_index"]
        text = secs[i].get("text") if 0 <= i < len(secs) and isinstance(secs[i], dict) else None
    return text if isinstance(text, str) else None
