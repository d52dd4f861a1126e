"""Offline segmentation of a limitations text into verbatim limitation points.

One point is one distinct limitation, possibly several sentences (BAGELS §3.1); framing sentences
("This work has several limitations.") belong to no point; an elaborating, mitigating or
future-work sentence stays with the limitation it answers. The rules follow the annotation
guideline of ``fixtures/limitations/GUIDELINE.md``:

1. **Units**: the text is cut into blocks at line breaks — a line that starts in lower case, or
   follows a line ending in a hyphen, is the same sentence broken by PDF extraction and is joined
   to the line before — and blocks into sentences (:func:`scholartools.text.sentences.split_spans`).
2. **Roles**: a unit is a *heading* (a short line without a full stop, "Ethics Statement",
   "corpus."), *framing* (announces, counts or closes the limitations without stating one), *out*
   (text of another section that LimTopic-style extraction glued on: a conclusion tail before a
   glued "limitations" heading; ethics or licence statements after an ethics heading that state
   no risk) or *content*.
3. **Boundaries** between content units: a new point starts after a heading or framing unit, at
   an enumeration (bullets, "(2)", "Second,", "Finally,"), at a new limitation named as such
   ("Another limitation …"), at a run-in label ("Runtime: …"), at an addition cue ("Moreover",
   "Additionally", "We also …"), at a scope restriction ("we only use …") and at a paragraph
   break; a unit that opens with a continuation cue ("This", "However", "Therefore", "For
   example", "In future work", "To address this" …) stays with the point before, even after a
   paragraph break. Inside a paragraph without any cue, a new point starts when the sentence
   states a new limitation after its predecessor closed one (a future-work or mitigation
   sentence), or when the topic shifts: cosine similarity of the sentence to the current point
   (shared MiniLM embeddings; only the sentences such a decision reads are embedded, in one batch)
   below :attr:`SegmentOptions.shift`.

Every point is a verbatim slice ``text[start:end]``; :func:`segment` returns the offsets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import regex

from scholartools.text.sentences import split_spans

__all__ = ["SegmentOptions", "Unit", "units", "segment", "segment_many", "points"]


@dataclass(frozen=True)
class SegmentOptions:
    #: a sentence whose cosine to the current point is below this starts a new point (no cue)
    shift: float = 0.12
    #: the topic shift is only asked inside a point of at least this many sentences, for a sentence
    #: of at least ``shift_words`` words (a short tail — "See Appendix D." — never opens a point)
    shift_run: int = 3
    shift_words: int = 8
    #: use embeddings for topic shifts (False: cues and paragraphs only)
    embeddings: bool = True


DEFAULT_OPTIONS = SegmentOptions()


@dataclass
class Unit:
    start: int
    end: int
    #: first unit of a block (after a hard line break)
    para: bool = False
    #: content | heading | framing | out (a glued heading is cut off by moving ``start`` past it)
    role: str = "content"
    #: the cue the unit opens with: enum | label | continuation | addition | scope | ""
    cue: str = ""


# ------------------------------------------------------------------------------------ units

_BULLET = regex.compile(r"^\s*(?:[-•*●▪◦‣–]\s+|\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)\s*|\d{1,2}[.)]\s+(?=[A-Za-z]))")
# a footnote line of PDF text ("8For easier comparison, …"): kept in the flow, never a point of its own
_FOOTNOTE = regex.compile(r"^\s*\d{1,2}[A-Z][a-z]")


def _blocks(text: str) -> list[tuple[int, int]]:
    """Hard-break blocks of ``text`` as ``(start, end)`` offsets (lines broken mid-sentence joined)."""
    lines = []
    pos = 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    blocks: list[list[int]] = []
    prev_text = None
    for s, e in lines:
        line = text[s:e]
        if not line.strip():
            prev_text = None
            continue
        if blocks and prev_text is not None:
            stripped = line.lstrip()
            prev = prev_text.rstrip()
            soft = stripped[:1].islower() or (prev.endswith("-") and not _FOOTNOTE.match(line))
            if soft and not _BULLET.match(line):
                blocks[-1][1] = e
                prev_text = line
                continue
        blocks.append([s, e])
        prev_text = line
    return [(s, e) for s, e in blocks]


def units(text: str) -> list[Unit]:
    """Sentence units of ``text`` with their block starts marked (roles not yet assigned)."""
    out: list[Unit] = []
    for bs, be in _blocks(text):
        first = True
        for s, e in split_spans(text[bs:be]):
            out.append(Unit(bs + s, bs + e, para=first))
            first = False
    return out


# ------------------------------------------------------------------------------------ roles

#: seconds one pattern may take on one sentence (the regex package's per-call limit): a pattern
#: that takes longer raises TimeoutError, which fails that record, not the run
PATTERN_TIMEOUT = 5.0

_LIM = r"(?:limitations?|shortcomings?|weakness(?:es)?|drawbacks?|threats? to (?:the )?validity)"
# a "limitations" heading glued to the first sentence of lower-cased text: "limitations the main …"
_GLUED_HEADING = regex.compile(
    r"^(?:limitations?(?: and (?:future work|potential risks|risks|broader impacts?|ethics(?: statement)?"
    r"|ethical considerations))?|ethical considerations?|ethics statement|ethical statement|broader impacts?"
    r"(?: statement)?|potential risks)[.:]?\s+(?=(?:the|this|these|our|we|in|although|though|while|one|there|as|"
    r"despite|since|first|it|a|an|due|for|several|some|given|because|currently|to|all|like|even|when|most|"
    r"many|unlike|with|by|on|at|from|if|both|each|no|not|only|compared|following|based|current|other|any|"
    r"\(|[a-z]+ (?:is|are|was|were|has|have|can|may|does|do|relies|requires|uses)\b)\b)", regex.I)
_ETHICS_HEADING = regex.compile(
    r"^(?:ethic(?:s|al)(?: statement| considerations?| concerns?| impact)?|broader impacts?(?: statement)?|"
    r"data privacy|potential risks?|risks|acknowledge?ments?|data statement|societal impacts?|"
    r"responsible (?:nlp|ai|research)|impact statement)\b", regex.I)
_RISK = regex.compile(r"\b(?:risk\w*|misuse|misused|malicious|harm(?:s|ful)?|bias(?:es|ed)?|toxic\w*|offensive|unfair"
                   r"\w*|discriminat\w*|manipulat\w*|mislead\w*|wrong information|misinformation|hallucinat\w*|"
                   r"mistakes?|limitations?|cannot|may not|might not|could (?:inadvertently|unintentionally)|"
                   r"inherit\w*|privacy leak\w*|dual[- ]use|generaliz\w*|generalis\w*)\b", regex.I)
# an ethics statement that denies a risk or states compliance ("does not contain any private information")
_NO_RISK = regex.compile(r"\b(?:not|no|free (?:from|of)|without|never|eliminat\w*|ensur\w*|compl(?:y|ies|iance|ied)|"
                      r"approved|anonymi[sz]\w*|consent\w*|de-identified|licen[cs]\w*|publicly available)\b", regex.I)
_FRAMING_END = regex.compile(
    r"(?:\b(?:has|have|had|exist|exists|are|is|faces?|face|suffers? from|is subject to|comes? with|note|discuss|"
    r"acknowledge|identify|recognize|recognise|list|outline|highlight|summari[sz]e|describe|present|mention)\s+"
    r"(?:\w+[\s-]+){0,4}" + _LIM + r"(?:\s+(?:of|in|to|for|that|which)\s+(?:\w+[\s-]+){0,5}\w+)?"
    r"|\b" + _LIM + r"\s+(?:\w+\s+){0,3}(?:are|is|can be)\s+(?:as follows|(?:\w+[\s-])?fold|twofold|threefold|"
    r"(?:stated|summari[sz]ed|described|discussed|listed)\b(?:\s+\w+){0,4})"
    r"|\bas follows)\s*[.:!]?\s*$", regex.I)
_FRAMING_START = regex.compile(
    r"^(?:despite (?:these|this|those|the above|such)|taken together|to (?:sum up|summari[sz]e|conclude)|in summary|"
    r"in (?:this|the following) section,? we|we hope (?:that )?(?:our|this|future)|overall, (?:these|this)|"
    r"(?:all|these|the above)(?: \w+){0,2} limitations (?:suggest|point|open|leave|motivate|call))", regex.I)
_LIMITED_BY = regex.compile(
    r"\b(?:is|are|was|were|remains?) (?:still )?(?:limited|constrained|restricted) (?:by|in) (?:several|some|a few|"
    r"a number of|multiple|various|two|three|four|the following|certain)(?: \w+)? (?:factors|ways|aspects|respects|"
    r"points|issues|limitations)\s*[.:]?\s*$", regex.I)
# "A limitation of our approach is its cost.": the sentence names the limitation, it does not announce it
# Clause by clause (a clause ends at . ; :), from the clause's first limitation word only, held
# atomically: a later one in the same clause could only find fewer verbs after it, so the search
# is linear (searching from every limitation word to the clause's end was quadratic on long
# unpunctuated text: 280 KB took minutes)
_NAMES_ONE = regex.compile(
    r"(?:^|(?<=[.;:]))(?>[^.;:]*?\b" + _LIM + r"\b)"
    r"[^.;:]*?\b(?:is|are|was|lies|lie|concerns?|stems?|comes?|arises?|relates?)\s++"
    r"(?!(?:as follows|(?:\w+-)?fold|twofold|threefold|two|three|four|several|many|the following|listed|"
    r"discussed|described|summari[sz]ed|stated|outlined|mainly|mostly)\b)(?:that|the|its|their|our|in|a|an|"
    r"from|with|related)\b", regex.I)
_FRAMING_WORDS = set("""
this our the a an we work paper study approach method methods model models framework system proposed current
present has have had is are be been there exist exists existing several some few number of following main major
two three four five twofold threefold fold key important significant certain various multiple potential possible
still also its it these those in section below as follows discuss discussed identify acknowledge describe list
note outline highlight mention summarize summarise here briefly other can would like to that should which
recognize recognise include includes including and limitation limitations shortcoming shortcomings weakness
weaknesses drawback drawbacks remain remaining subject from suffers face faces us let first research paper's
additional further more inherent think believe stated perspectives aspects points perspective regarding
""".split())
_WORD = regex.compile(r"[a-z]+(?:'[a-z]+)?")


def _is_heading(text: str) -> bool:
    """A heading line: a few words without a sentence ending ("Ethics Statement", "corpus.")."""
    t = text.strip()
    words = t.split()
    if not words or len(words) > 8:
        return False
    if len(words) <= 3 and t.endswith(".") and not regex.search(r"\b(?:is|are|was|were|has|have|do|does)\b", t, regex.I):
        return True
    return not regex.search(r"[.!?]$", t) and len(t) < 80 and not t.endswith(",")


def _is_label_line(text: str) -> bool:
    """A one-to-three word label closed by a full stop, as lower-cased texts keep their sub-headings
    ("corpus.", "potential risks.")."""
    t = text.strip()
    return t.endswith((".", ":")) and 1 <= len(t.split()) <= 3 and "," not in t and not _ENUM.match(t) \
        and not regex.search(
        r"\b(?:is|are|was|were|has|have|do|does|can|will|we|it|they|this)\b", t, regex.I)


def _is_framing(text: str) -> bool:
    t = text.strip()
    if _FRAMING_START.search(t):
        return True
    low = t.lower()
    if not regex.search(_LIM, low):
        return False
    if _NAMES_ONE.search(low, timeout=PATTERN_TIMEOUT):
        return False
    words = _WORD.findall(low)
    other = [w for w in words if w not in _FRAMING_WORDS]
    if _FRAMING_END.search(t) or _LIMITED_BY.search(t):
        return len(other) <= 4 or bool(regex.match(r"(?:despite|while|although|though|even though|beyond)\b", low))
    return len(other) <= 2 and len(words) <= 20


# ------------------------------------------------------------------------------------ cues

_ENUM = regex.compile(
    r"^(?:\(?(?:\d{1,2}|[ivx]{1,4}|[a-h])\)|\d{1,2}[.)]\s|[-•*●▪◦‣–]\s|"
    r"(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|finally|lastly|last|at last|at first|"
    r"first of all|to begin with|on the one hand)\b[,:]?|"
    r"(?:another|one|a|the|our)(?: \w+){0,2} (?:limitation|shortcoming|weakness|drawback|concern|issue|"
    r"challenge|caveat|threat)\b|"
    r"(?:the|a) (?:second|third|fourth|further|final|last|other|next) \w+|"
    r"(?:as for|as to|regarding|with (?:respect|regard) to|concerning|in terms of|when it comes to)\b)", regex.I)
_LABEL = regex.compile(r"^(?:[A-Z][\w'()/-]*(?: [\w'()/&-]+){0,5}|[a-z][\w'()/-]*(?: [a-z][\w'()/&-]*){0,4}):\s+\S")
_ADDITION = regex.compile(
    r"^(?:moreover|furthermore|additionally|in addition|also|besides|further|what is more|apart from|"
    r"on the other hand|beyond (?:this|that)|similarly|likewise|next|then|meanwhile|at the same time)\b|"
    r"^(?:\w+(?: \w+)?) also\b|^(?:there (?:is|are|may be|might be) also)\b", regex.I)
_CONTINUE = regex.compile(
    r"^(?:this|these|that|those|such|it|its|they|them|their|he|she|here|"
    r"however|but|yet|still|nevertheless|nonetheless|notwithstanding|that said|even so|admittedly|fortunately|"
    r"unfortunately|therefore|thus|hence|consequently|accordingly|as a result|as such|so|in turn|"
    r"for (?:example|instance)|e\.g\.|i\.e\.|specifically|in particular|particularly|namely|in other words|"
    r"because|since|as (?:a consequence|discussed|mentioned|shown|noted)|note that|notably|"
    r"in (?:the )?future|future (?:work|research|studies|directions?)|in (?:our )?future work|"
    r"we (?:leave|plan|will|intend|hope|aim|would like|expect|believe|argue|think|are confident|note|consider|"
    r"encourage|suggest|recommend|leave)|"
    r"(?:it|this) (?:would|could|will|may|might) (?:be|also)|"
    r"to (?:address|mitigate|alleviate|overcome|solve|tackle|remedy|reduce|avoid|counter|handle|improve|fix|"
    r"help|compensate)|one (?:possible|potential|simple|way|option|solution|direction|remedy)|"
    r"(?:a|one|another) (?:possible|potential|promising) (?:solution|remedy|direction|way|approach)|"
    r"further (?:research|work|studies|investigation|experiments|experimentation|exploration|analysis|analyses|"
    r"evaluation|testing)|more (?:research|work|studies)|"
    r"exploring|investigating|extending|addressing|even though|even if|in that sense|in those cases|"
    r"that is|to this end|with (?:this|that)|in this (?:case|setting|regard)|instead|"
    r"to (?!date\b)[a-z]+)\b", regex.I)
_CLOSES = regex.compile(
    r"\b(?:future (?:work|research|studies|directions?)|in the future|we (?:leave|plan|will|intend|hope)|"
    r"(?:would|could|will) be (?:interesting|worthwhile|valuable|beneficial|useful|important|necessary|"
    r"desirable|promising)|(?:is|are|remains?) (?:left )?(?:for|to) (?:future|further)|"
    r"(?:warrants?|needs?|requires?|merits?) (?:further|more|additional)|further (?:research|work|study|"
    r"investigation|exploration)|we believe|however, we|nevertheless|nonetheless)\b", regex.I)
_STATES = regex.compile(
    r"\b(?:only|limited|limits?|restricted|restricts?|cannot|can ?not|can't|unable|not|no|lack|lacks|lacking|"
    r"fails?|failed|small|single|expensive|costly|time[- ]consuming|slow|bias(?:es|ed)?|nois[ey]|difficult|hard|"
    r"challenging|assumes?|assumption|relies|rely|depends?|dependent|requires?|insufficient|unclear|unknown|"
    r"did not|do not|does not|doesn't|don't|didn't|may not|might not|suboptimal|drawback|limitation|"
    r"issue|problem|constraint|risk|narrow|scope)\b", regex.I)


# a sentence that restricts the scope of the work ("we only use English data", "we used a single data set"):
# without another cue it opens a new limitation
_SCOPE = regex.compile(
    r"^(?:[\w,'’-]+\s+){0,5}?(?:we|our (?:\w+ ){0,2}?(?:is|are|was|were|has|have)|this (?:work|study|paper)"
    r"(?: \w+)?) (?:\w+ )?(?:only|solely|merely|exclusively)\b|"
    r"^(?:[\w,'’-]+\s+){0,5}?we (?:\w+ )?(?:use|used|rely on|relied on|evaluate|evaluated|test|tested|train|"
    r"trained|consider|considered|study|studied|focus on|focused on|experiment with|experimented with) "
    r"(?:on |with )?(?:a|one) single\b", regex.I)


def _cue(text: str) -> str:
    t = text.lstrip(" \"'“‘([")
    if _ENUM.match(t):
        return "enum"
    if _LABEL.match(t) and not regex.match(r"^(?:e\.g|i\.e|note|however|therefore|thus|specifically)\b", t, regex.I):
        return "label"
    if _CONTINUE.match(t):
        return "continuation"
    if _ADDITION.match(t):
        return "addition"
    if _SCOPE.match(t):
        return "scope"
    return ""


# ------------------------------------------------------------------------------------ segmentation

def _assign_roles(text: str, us: list[Unit]) -> None:
    ethics = False
    for i, u in enumerate(us):
        piece = text[u.start:u.end]
        m = _GLUED_HEADING.match(piece)
        if m:
            if i > 0 and not _ETHICS_HEADING.match(piece):
                for prev in us[:i]:      # a conclusion tail before a glued "limitations" heading
                    prev.role = "out"
            ethics = bool(_ETHICS_HEADING.match(piece)) and not piece.lower().startswith("limitation")
            u.start += m.end()
            u.para = True
            piece = text[u.start:u.end]
            if not piece.strip():
                u.role = "heading"
                continue
        elif _is_heading(piece) and (u.para and (i + 1 == len(us) or us[i + 1].para) or _is_label_line(piece)):
            u.role = "heading"
            ethics = bool(_ETHICS_HEADING.match(piece.strip()))
            continue
        elif i == 0 and piece[:1].islower() and len(piece.split()) <= 5 and regex.match(_LIM, piece, regex.I):
            u.role = "out"        # a cut-off fragment ("limitations and supervision biases.")
            continue
        elif _ETHICS_HEADING.match(piece) and u.para and regex.match(r"^[^.:]{0,40}:", piece):
            ethics = True
        if ethics and (not _RISK.search(piece) or _NO_RISK.search(piece)):
            u.role = "out"
            continue
        if _is_framing(piece):
            u.role = "framing"
            continue
        u.cue = _cue(piece)


def _decide(text: str, us: list[Unit], sim: Callable[[list[int], int], float | None],
            options: SegmentOptions) -> list[list[int]]:
    """Group the content units of ``us`` (roles assigned) into points. ``sim(group, i)`` is the
    cosine of unit ``i`` to the point ``group`` so far, or None when unknown (then no split)."""
    groups: list[list[int]] = []
    current: list[int] = []
    closed = False            # the current point ended with a future-work / mitigation sentence
    after_break = True        # a heading or framing unit came since the current point
    for i, u in enumerate(us):
        if u.role != "content":
            if current:
                groups.append(current)
                current = []
            after_break = True
            continue
        piece = text[u.start:u.end]
        new = not current
        if current and not after_break:
            if u.cue in ("enum", "label", "scope", "addition"):
                new = True
            elif u.cue == "continuation":
                new = False
            elif u.para:
                new = True
            elif closed and _STATES.search(piece) and not _CLOSES.search(piece):
                new = True
            elif options.embeddings and len(current) >= options.shift_run \
                    and len(piece.split()) >= options.shift_words:
                value = sim(current, i)
                new = value is not None and value < options.shift
        if new and current:
            groups.append(current)
            current = []
        current.append(i)
        after_break = False
        closed = bool(_CLOSES.search(piece))
    if current:
        groups.append(current)
    return groups


def _prepared(text: str) -> list[Unit]:
    us = units(text)
    _assign_roles(text, us)
    return us


def _needed(text: str, us: list[Unit], options: SegmentOptions) -> set[int]:
    """The units whose embeddings a topic-shift decision may read (a superset: the points are
    taken as long as they can be without similarity splits)."""
    need: set[int] = set()

    def ask(group: list[int], i: int) -> None:
        need.update(group)
        need.add(i)

    _decide(text, us, ask, options)
    return need


def segment(text: str, vectors=None, options: SegmentOptions = DEFAULT_OPTIONS) -> list[tuple[int, int]]:
    """Points of ``text`` as ``(start, end)`` offsets, in document order.

    ``vectors``: unit index → L2-normalised embedding (a dict, or rows aligned with
    :func:`units`) for the topic-shift rule; None uses cues and paragraphs only.
    """
    return segment_many([text], options, vectors=[vectors] if vectors is not None else None)[0]


def _similarity(vectors, group: list[int], i: int) -> float | None:
    import numpy as np

    try:
        rows = [vectors[g] for g in group]
        target = vectors[i]
    except (KeyError, IndexError):
        return None
    centroid = np.mean(rows, axis=0)
    norm = float(np.linalg.norm(centroid)) or 1.0
    return float(target @ centroid / norm)


def segment_many(texts: Sequence[str], options: SegmentOptions = DEFAULT_OPTIONS,
                 encode: Callable[[list[str]], "object"] | None = None,
                 vectors: list | None = None) -> list[list[tuple[int, int]]]:
    """:func:`segment` over many texts. Only the sentences a topic-shift decision may read are
    embedded, all of them in one batch (``encode``: the shared MiniLM encoder by default)."""
    prepared = [_prepared(t) for t in texts]
    if vectors is None and options.embeddings:
        wanted = [(k, i) for k, (t, us) in enumerate(zip(texts, prepared)) for i in sorted(_needed(t, us, options))]
        vectors = [dict() for _ in texts]
        if wanted:
            if encode is None:
                from scholartools.embeddings import encode
            rows = encode([texts[k][prepared[k][i].start:prepared[k][i].end] for k, i in wanted])
            for (k, i), row in zip(wanted, rows):
                vectors[k][i] = row
    out = []
    for k, (t, us) in enumerate(zip(texts, prepared)):
        v = vectors[k] if vectors is not None else None
        groups = _decide(t, us, (lambda g, i, v=v: _similarity(v, g, i)) if v is not None else (lambda g, i: None),
                         options)
        out.append([(us[g[0]].start, us[g[-1]].end) for g in groups])
    return out


def points(text: str, options: SegmentOptions = DEFAULT_OPTIONS) -> list[str]:
    """The point texts of one text (verbatim slices)."""
    return [text[s:e] for s, e in segment_many([text], options)[0]]
