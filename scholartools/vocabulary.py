"""Words the five papers define once: facets and their scales, section types, the headings of
structured abstracts, identifier patterns. Every module reads them from here, so a word list
never drifts apart between two places.

    >>> FACETS
    ('background', 'method', 'result', 'conclusion')
    >>> FACET_MAXIMA["method"]
    4
"""
from __future__ import annotations

from scholartools import recache as re

# --------------------------------------------------------------------------- facets (FM paper §3.2)

#: the four facets of a scientific abstract, in the paper's B-M-R-C order
FACETS = ("background", "method", "result", "conclusion")
#: the top of each facet's rating scale (background and conclusion 1-3, method and result 1-4)
FACET_MAXIMA = {"background": 3, "method": 4, "result": 4, "conclusion": 3}
#: the FM weights of the paper's Eq. 1
FACET_WEIGHTS = {"background": 0.1, "method": 0.3, "result": 0.3, "conclusion": 0.3}
#: sentence-role labels: the facets plus a label for sentences that belong to none
ROLE_LABELS = (*FACETS, "other")
#: other spellings of facet names accepted on input (``B``, ``methods``)
FACET_ALIASES = {"b": "background", "m": "method", "r": "result", "c": "conclusion",
                 "methods": "method", "results": "result", "conclusions": "conclusion"}


def facet_name(name: str) -> str:
    """Canonical facet name (``B`` / ``methods`` → ``background`` / ``method``)."""
    key = str(name).strip().lower()
    return FACET_ALIASES.get(key, key)


# --------------------------------------------------------------------------- structured abstracts

#: words of structured-abstract headings ("BACKGROUND:", "Materials and Methods.") → the facet
#: they announce; None for filler words that may occur inside a heading
ABSTRACT_HEADING_WORDS = {
    "background": "background", "backgrounds": "background", "introduction": "background",
    "context": "background", "objective": "background", "objectives": "background",
    "aim": "background", "aims": "background", "purpose": "background", "purposes": "background",
    "rationale": "background", "motivation": "background", "problem": "background",
    "goal": "background", "goals": "background", "importance": "background",
    "method": "method", "methods": "method", "methodology": "method", "materials": "method",
    "design": "method", "setting": "method", "settings": "method", "patients": "method",
    "participants": "method", "subjects": "method", "interventions": "method",
    "intervention": "method", "measurements": "method", "approach": "method",
    "procedures": "method", "experimental": "method", "study": "method", "case": "method",
    "population": "method", "main": "method", "outcome": "method", "outcomes": "method",
    "presentation": "method", "report": "method", "data": "method", "sources": "method",
    "selection": "method", "extraction": "method", "and": None, "of": None, "the": None,
    "results": "result", "result": "result", "findings": "result", "finding": "result",
    "observations": "result", "conclusion": "conclusion", "conclusions": "conclusion",
    "interpretation": "conclusion", "discussion": "conclusion", "significance": "conclusion",
    "implications": "conclusion", "summary": "conclusion", "perspectives": "conclusion",
    "relevance": "conclusion",
}
#: a heading is given its facet by its first decisive word, except where one of these decides
#: ("Patients and Results" is a result heading)
ABSTRACT_HEADING_OVERRIDE = {"results": "result", "conclusions": "conclusion", "conclusion": "conclusion",
                             "discussion": "conclusion", "findings": "result"}

# up to four words, then ":", "." or " - ". Possessive quantifiers: no backtracking on one long
# word or a long run of spaces (a 500-letter word took minutes with nested quantifiers)
_ABSTRACT_HEADING = re.compile(r"^\s*+([A-Za-z]++(?:[ /&,]++[A-Za-z]++){0,3})[ /&,\s]*+(?:[:.]|(?<=\s)-\s)\s*+(.*)$", re.S)


def abstract_heading(sentence: str) -> tuple[str | None, str]:
    """``(facet, rest)`` when ``sentence`` starts with a structured-abstract heading.

    ``facet`` is None when there is no heading; ``rest`` is the text after the heading (empty
    when the sentence is only a heading, as in tokenised "methods ." lines).

    >>> abstract_heading("METHODS: We enrolled 20 patients.")
    ('method', 'We enrolled 20 patients.')
    >>> abstract_heading("results .")
    ('result', '')
    >>> abstract_heading("Methods for X are many.")
    (None, 'Methods for X are many.')
    """
    m = _ABSTRACT_HEADING.match(sentence)
    if not m:
        return None, sentence
    words = re.findall(r"[a-z]+", m.group(1).lower())
    if not words or len(words) > 4:
        return None, sentence
    facet = None
    for w in words:
        if w not in ABSTRACT_HEADING_WORDS:
            return None, sentence
        if facet is None and ABSTRACT_HEADING_WORDS[w]:
            facet = ABSTRACT_HEADING_WORDS[w]
    for w in words:
        if w in ABSTRACT_HEADING_OVERRIDE:
            facet = ABSTRACT_HEADING_OVERRIDE[w]
    if facet is None:
        return None, sentence
    rest = m.group(2).strip()
    # "Abstract" style one-word headings followed by a lower-case continuation in cased text are
    # prose, not headings ("Design of X is hard." has no separator, so it never gets here).
    return facet, rest


#: headings recognised when a generated summary glues them to the previous sentence
#: ("... groups.results: there was ..."); the colon makes even short words such as "design" safe
GLUED_COLON_HEADINGS = ("background", "introduction", "objectives?", "aims?", "purpose", "methods?",
                        "materials and methods", "design", "results?", "findings", "conclusions?",
                        "interpretation")
#: headings recognised when glued to the next word with no space or colon ("methodsa total of");
#: longest first. Words that begin many ordinary words ("design", "aim", "case") are left out:
#: without a colon nothing tells "designa" from "designated"
GLUED_WORD_HEADINGS = ("materials and methods", "methods and materials", "patients and methods", "abstract",
                       "introduction", "background", "objectives", "objective", "purpose", "methods",
                       "results", "conclusions", "conclusion", "findings", "interpretation", "discussion")

# --------------------------------------------------------------------------- sections of a paper

#: canonical section types of the paper record (DESIGN.md "Records")
SECTION_TYPES = (
    "abstract", "introduction", "related_work", "method", "data", "experiments", "results",
    "discussion", "conclusion", "limitations", "ethics", "acknowledgments", "references",
    "appendix", "front_matter", "other",
)
#: back-matter types a heading keeps even inside an appendix ("A.3 Corpus Limitations")
BACK_MATTER_TYPES = ("limitations", "ethics", "acknowledgments", "references")

# --------------------------------------------------------------------------- heading words (the parsers)

#: standard section names a parser takes as headings when they stand apart (regex alternatives;
#: matched whole, case-insensitive, numbering stripped)
STANDARD_HEADING_WORDS = (
    "abstract", "introduction", "related work", "background", "conclusions?", "concluding remarks", "discussion",
    "references", "bibliography", "literature cited", "acknowledge?ments?", "limitations?", "ethics statement",
    "ethical considerations?", "broader impacts?", "appendix", "appendices", "methods?", "materials and methods",
    "results", "results and discussion", "experiments?", "evaluation", "future work", "conclusions? and future work",
    "supplementary (online )?(material|materials|information|data)", "data availability( statement)?",
    "authors?['’]? contributions?", "author details",
    "competing interests?( statement)?", "conflicts? of interests?( statement)?", "funding", "keywords", "summary",
    "declarations",
    "abbreviations", "additional information", "code availability", "availability of data and materials",
    "ethics approval( and consent to participate)?", "consent for publication", "contributors",
    "declaration of (competing |conflicting )?interests?", "data sharing( statement)?", "data accessibility",
    "role of the funding source", "accession codes", "author['’]s notes?",
    # Elsevier's declaration since 2023 ("… in the writing process", "… in the manuscript preparation process")
    "declaration of generative ai( and ai[- ]assisted technologies)?( in (the )?(scientific )?(writing|manuscript"
    " preparation)( process)?)?",
    # a manuscript's tables and figures gathered after its references
    "(supplementary )?(tables|figures)", "tables and figures", "figure (legends|captions)")
#: headings that open the bibliography
REFERENCE_HEADING_WORDS = ("references?", "bibliography", "literature cited", "works cited", "cited literature",
                           "references and notes", "references and links")
#: labels of the front page that end the abstract (matched at the start of a row)
FRONT_MATTER_STOP_WORDS = (
    "keywords?", "key ?words", "index terms", "pacs", "ccs concepts", "acm reference format", "general terms",
    "categories and subject descriptors", "jel", "graphical abstract", "significance( statement)?", "importance",
    "author summary", "(plain language|lay) summary", "one-sentence summary", "elife assessment", "highlights",
    "abbreviations", "introduction", "background")
#: article-type labels set above a title ("Research Article", "Review"): never part of the title
ARTICLE_TYPE_LABEL_WORDS = (
    "research( article| paper| letter)?", "original( research)?( article| paper| contribution)?",
    "(mini[- ]?|invited |systematic )?review( article)?", "article", "letter", "editorial", "perspective",
    "commentary", "brief (communication|report)", "short (communication|report|paper)", "communication",
    "rapid communication", "technical (note|report|contribution)", "case (report|study)", "report",
    "open access", "edge article", "full paper", "regular article", "methods?", "resource", "opinion",
    "research highlight", "news( (&|and) views)?", "correspondence", "essay", "hypothesis",
    "article type", "preprint", "accepted manuscript", "author manuscript", "(hhs |nih |pmc )?public access",
    "articles", "clinical (study|trial|investigation|research|report|trial report)", "original investigation",
    "(study |trial )?protocol", "review paper", "full[- ]length (article|paper)", "research (communication|report)",
    "special (article|report|communication)", "invited (paper|article|commentary)", "case series",
    "data (descriptor|note|article)", "short note", "brief (note|article)", "(clinical|scientific) letter",
    "letter to (the )?editor", "((systematic )?review (and|&) )?meta-?analysis",
    "(conference|convention|workshop|engineering|position|white|working|discussion) paper",
    # a thesis' kind over its title on the cover ("Diplomarbeit" / "Titel der Arbeit")
    "(diplom|master|bachelor|magister|studien|doktor|abschluss)arbeit", "dissertation", "thesis",
    "(master'?s?|bachelor'?s?|doctoral|ph\\.? ?d\\.?|diploma|honou?rs|senior) (thesis|dissertation)",
    "tesis( de (maestr[ií]a|doctorado|grado|licenciatura))?", "m[ée]moire( de (master|fin d'[ée]tudes))?",
    "tesi di laurea( magistrale| triennale)?", "praca (magisterska|in[żz]ynierska|licencjacka|doktorska)")


def words_pattern(words: tuple[str, ...], head: str = "^", tail: str = r"$") -> re.Pattern:
    """One case-insensitive pattern ``head(w1|w2|…)tail`` over a word list of this module."""
    return re.compile(head + "(" + "|".join(words) + ")" + tail, re.I)


# --------------------------------------------------------------------------- AAAR EquationInference

#: display-math environments (AAAR §1.1's extraction list and amsmath's; starred forms too)
DISPLAY_ENVIRONMENTS = ("equation", "align", "gather", "multline", "flalign", "alignat", "xalignat", "xxalignat",
                        "eqnarray", "displaymath", "dmath", "dgroup", "IEEEeqnarray", "empheq")
#: what AAAR's simplify_equation removes from an equation (§1.1 ②), with the commands' arguments
SIMPLIFY_REMOVED = ("label", "cite", "ref", "eqref", "setlength", "hspace", "vspace", "nonumber", "notag", "tag",
                    "allowdisplaybreaks", "belowdisplayskip", "abovedisplayskip", "displaybreak", "intertext",
                    "shortintertext")
#: the flaw filter's verdicts (§1.1 ③): "correct" means no obvious flaw, a plausible negative
FLAW_VERDICTS = ("correct", "wrong")
#: st-eqsynth's rule-based negatives (the offline counterpart of AAAR's random_rewriting)
NEGATIVE_RULES = ("op-swap", "var-rename", "operand-swap", "const", "script", "sign", "drop-term")

# --------------------------------------------------------------------------- limitations (BAGELS §3.2)

#: the implicit-limitation keywords the paper names ("such as limitation(s), or shortcoming(s)")
LIMITATION_KEYWORDS = r"\b(?:limitations?|shortcomings?)\b"
#: sections where "limitations are rarely discussed" (e.g. abstract, introduction, related work)
LIMITATION_EXCLUDED_SECTIONS = ("abstract", "introduction", "related work", "related_work")
#: the terminal section markers ("acknowledgements, grant, future work, discussion, conclusion, or appendix")
LIMITATION_STOP_TERMS = (r"\b(?:acknowledge?ments?|grants?|future work|discussion|conclusions?|appendix|"
                         r"appendices)\b")

# --------------------------------------------------------------------------- identifiers

#: a DOI in running text (the trailing punctuation of a sentence is not part of it)
DOI_RE = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+[^\s\"<>.,;)\]])", re.I)

# --------------------------------------------------------------------------- judge labels

#: CLAIMCHECK's weakness types (§2.3, multi-label; the JSON keys of its release)
WEAKNESS_TYPES = ("insufficient", "contradictory", "novelty", "clarity", "related_work", "other")
#: CLAIMCHECK's claim-verification judge: the model's weakness vs the reviewer's (§3.2 step C)
WEAKNESS_COMPARISON = ("same", "similar", "different")
#: outcomes of a pairwise preference, from the side of the candidate (CLAIMCHECK Table 6)
PREFERENCE_OUTCOMES = ("win", "tie", "loss")

# --------------------------------------------------------------------------- limitation generation (BAGELS §5)

#: the input sections of BAGELS' vanilla generator: the three "most important" sections of its
#: appendix (Table 8), Abstract, Introduction and Conclusion
LIMITATION_INPUT_SECTIONS = ("abstract", "introduction", "conclusion")
#: the related-paper relations of BAGELS' RAG corpus (§5.5): references of the paper, papers that
#: cite it, and semantically similar papers
RAG_RELATIONS = ("cited-in", "cited-by", "similar", "random")

# --------------------------------------------------------------------------- reviews (CLAIMCHECK §2.1)

#: headings of review forms (OpenReview / ICLR / NeurIPS / ACL) that open a block of weaknesses
WEAKNESS_HEADINGS = (r"weaknesses?", r"cons", r"(?:main |major |minor |key )?concerns?", r"negatives?",
                     r"negative (?:aspects|points)", r"weak (?:points|aspects)", r"shortcomings?", r"limitations?",
                     r"issues", r"(?:main |major )?criticisms?", r"reasons to reject")
#: headings that close a weakness block (anything else of a review form)
REVIEW_HEADINGS = (r"summary(?: of the (?:paper|review|contributions?))?", r"strengths?", r"pros",
                   r"positives?", r"strengths and weaknesses", r"questions?(?: (?:for|to) (?:the )?authors?)?",
                   r"clarity,? quality,? novelty,? and reproducibility", r"clarity", r"quality", r"novelty",
                   r"originality", r"significance", r"reproducibility", r"soundness", r"presentation",
                   r"contribution", r"rating", r"confidence", r"recommendation", r"typos?", r"minor comments",
                   r"additional (?:comments|feedback|questions)(?: for (?:the )?authors?)?", r"suggestions?",
                   r"requested changes", r"ethics(?: review)?", r"flag for ethics review", r"overall(?: assessment)?",
                   r"paper summary", r"review summary", r"details of ethics concerns")
#: cues of a critical sentence, for blocks that mix strengths and weaknesses
WEAKNESS_CUES = (r"\b(?:however|but|although|though|while)\b", r"\black(?:s|ing)?\b", r"\blimit(?:s|ed|ation|ations)\b",
                 r"\bunclear\b|\bnot (?:clear|convincing|sufficient|enough|well|explained|discussed|provided|justified)\b",
                 r"\b(?:missing|insufficient|inadequate|weak|limited|questionable|unconvincing|concern(?:s|ed)?)\b",
                 r"\b(?:could|would|should|might) (?:have )?(?:benefit(?:ed)?|be(?:en)? (?:improved|better|more|clearer|useful|interesting|helpful|nice)"
                 r"|include[ds]?|provided?|considered?|discussed?|helped?|strengthened?|improved?|explored?)\b",
                 r"\bfail(?:s|ed)? to\b|\bdoes not\b|\bdo not\b|\bno (?:comparison|discussion|analysis|ablation)\b",
                 r"\b(?:overclaim|over-claim|not supported|unsupported|unsubstantiated)\b")
#: weaknesses that CLAIMCHECK leaves out of claim association ("issues not tied to a specific claim,
#: such as unclear exposition, missing related work in general, omissions and whole-paper issues"):
#: a weakness about these alone gets no target claim offline
PRESENTATION_WEAKNESS_CUES = (
    r"\breproducib\w*|\bhyper-?parameters?\b|\bimplementation details?\b|\b(?:experimental|missing|more|key|further) details\b"
    r"|\black\w* (?:of )?details\b|\bdetails (?:are|is) (?:lacking|missing)\b",
    r"\bcode\b|\bopen[- ]sourc\w*|\brelease\w*\b",
    r"\bethic\w*|\bbias(?:es)?\b|\bprivacy\b|\bsocietal\b|\bbroader impact\b",
    r"\b(?:writing|clarity|typos?|presentation|organi[sz]ation|notation|figures? (?:are|is))\b",
    r"\bdiscussion (?:on|of|about) (?:the )?(?:limitations?|future|potential|ethic\w*|risks?)\b|\blimitations? (?:section|discussion)\b",
    r"\bqualitative (?:examples?|analysis)\b|\bcase stud\w*\b|\binterpretab\w*\b",
    r"\bcomputational (?:cost|resources|efficiency)\b|\bexpensive\b|\bfuture work\b|\bfew-shot scenarios?\b",
)
#: weaknesses that dispute what a paper claims (evidence, generality, novelty, comparisons)
CLAIM_DISPUTE_CUES = (
    r"\bclaim\w*\b|\boverclaim\w*|\bnot (?:supported|convincing|justified|novel|new)\b|\bunsupported\b|\bunsubstantiated\b",
    r"\bgenerali[sz]\w*|\bonly (?:on|experiments?|evaluat\w*|tests?|uses?|focus\w*)\b|\blimited to\b|\bprimarily (?:on|focus\w*)\b",
    r"\bnovelty\b|\bnot (?:entirely |very |particularly )?novel\b|\bincremental\b|\bnot the first\b",
    r"\b(?:baselines?|state-of-the-art|sota|comparisons? (?:with|to|against))\b",
    r"\bsignifican\w*|\bevidence\b|\bablation\w*\b|\bwhy\b|\bconvincing\b",
)
