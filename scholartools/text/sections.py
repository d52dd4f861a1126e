"""Canonical section types: heading text → one of :data:`SECTION_TYPES`.

Every parser (PDF, LaTeX, TEI, S2ORC, flat JSON, Markdown) types its sections with
:func:`section_type`, so downstream commands (``st-extract-limits`` looks for ``limitations``,
``st-claims`` skips ``references``) read one vocabulary whatever the source.

    >>> section_type("5 Limitations")
    'limitations'
    >>> section_type("A.2 Hyper-parameters", in_appendix=True)
    'appendix'
"""

from __future__ import annotations

from scholartools import recache as re
from scholartools.text.scripts import HAN_KANA
from scholartools.vocabulary import BACK_MATTER_TYPES, SECTION_TYPES  # noqa: F401 (re-exported)

#: Chinese numerals one to ten, as section numbers are written ("三、模型假设"), by value
CJK_NUMERALS = "一二三四五六七八九十"

# Leading numbering: "3", "3.2", "3.2.1.", "2.a.", "IV.", "III-A.", "III.A", "II", "S2", "SI 2", "A", "A.1",
# "Appendix A", "Appendix 1.", "§3" … (a number that closes with a period may touch its title's capital:
# "4.3.Comparison among priors")
NUMBER_RE = re.compile(
    r"^\s*(?:§\s*)?(?:(?i:appendix)\s+(?=[A-Z][.:\s]|\d{1,2}\.\s))?"
    # Chinese and Japanese (ctex sets the digits in the Latin font, spaced from their point: "1 . 1
    # 问题背景"; IEICE's classes space the point from the next: "2. 1 ファセット検索")
    rf"(?P<num>\d{{1,2}}(?: ?\. ?\d{{1,2}}){{1,3}}(?= .*[{HAN_KANA}])|"
    r"\d+(?:\.\d+)*\.?|EC\.\d{1,2}(?:\.\d{1,2})*\.?|"
    # a supplement's sections ("S1 Materials and Methods", "SI 2 Coding …", "S1.2 …"); not its
    # items ("S1 Fig. …", "S2 Appendix: …", PLOS' supporting information) nor, with a point, their
    # descriptions ("S1. Hazard presence … (XLSX)")
    r"S(?:I ?)?\d{1,2}(?:\.\d{1,2}){0,2}(?=\s+(?!(?:Fig|Figure|Table|Text|File|Appendix|Data|Dataset|Video|Movie|Audio|Checklist|Protocol)\b)[A-Z][a-z])|"
    # roman numbers: "II.3.1", IEEE's "III-A.", "III.", a section's lettered parts after a point
    # ("III.A Theory", "III.A.1 Estimating …"; not "V.I", a numeral again), and of two letters or
    # more with no point ("II Related Work"; not "I", "V" nor "X", words and names as often)
    r"\d{1,2}\)|[IVX]{1,4}(?:\.\d{1,2})+\.?|[IVX]{1,5}-[A-Z]\.(?=\s)|[IVXL]+[.:)]|"
    r"[IVX]{1,5}\.(?![IVX]\b)[A-Z](?:\.\d{1,2}){0,2}\.?(?=\s)|(?:XV|XI{1,3}|XIV|IX|VI{1,3}|IV|II{1,2})(?=\s+[A-Z][a-z])|"
    r"[A-Z](?:\.\d+)+\.?|[A-Z][.:)](?=\s+[^\W_a-z])"
    r"|\([a-z]\)(?=\s+[^\W_a-z])"    # "(b) Kinematics": a second level lettered in brackets
    r"|[a-h]\.(?=\s+[A-Z])"           # "a. Building blocks": the American Meteorological Society's
    r"|\d{1,2}\.[a-z]\.?(?=\s+[^\W_a-z])"   # "2.a. Code quality concerns": a section's lettered parts
    # Chinese: "一、问题重述", "十二、附录" (a numeral to 99, an ideographic comma, no space)
    rf"|(?:[{CJK_NUMERALS[:9]}]?十[{CJK_NUMERALS[:9]}]?|[{CJK_NUMERALS[:9]}])、)"
    r"(?:\s+(?:[|│]\s+)?(?=\S)"    # "2.1 | Plant material": a bar between number and words
    r"|(?<=、)"
    r"|(?<=\d\.)(?=[A-Z][a-z]))"     # "4.3.Comparison among …": a closing period, no space
)

# a chapter's label on a row of its own, in the languages theses are written in ("Chapter 2",
# "Capítulo 1", "Chapitre II", "Kapitola 3" — "Kapitola3" where the number's own font keeps no
# space —, "Rozdział 2", "Část I", "Annexe A", "APÊNDICE B", "付録A", "第 1 章", "第一部分"); the
# groups: the number, the appendix's letter, the number in Chinese or Japanese. (st-parse's
# headings number the title under it; its running heads are no such row unless it repeats as it is.)
# (the words, shared with st-parse's one-row form "Kapitola 2 Analýza" and its part labels)
CHAPTER_WORDS = (r"chapter|cap[íi]tulo|chapitre|kapitel|capitolo|hoofdstuk|глава|kapitola|kapittel|rozdzia[łl]|"
                 r"poglavlje|poglavje|luku|cap[íi]tol|bölüm")
PART_WORDS = r"part|часть|část|teil|partie|parte|cz[ęe]ść"
#: an appendix's label in the languages theses and papers are written in ("Appendiks" is Danish)
APPENDIX_WORDS = (r"appendix|appendiks|annexe|ap[êée]ndice|anexo|anhang|příloha|dodatek|dodatak|liite|bilaga|"
                  r"vedlegg|bijlage|appendice|ap[èe]ndix|приложение")
CHAPTER_LABEL_ROW = re.compile(rf"(?i)^(?:{CHAPTER_WORDS}|{PART_WORDS})(?:\s+|(?=\d))(\d{{1,2}}|[IVX]{{1,5}})$"
                               rf"|^(?:(?i:{APPENDIX_WORDS})\s+|付録\s*)([A-Z])$"
                               rf"|^第\s*(\d{{1,2}}|[{CJK_NUMERALS}]{{1,3}})\s*(?:章|部分)$")

# a paper's metadata labels, which some publishers print after the back matter ("Keywords" after
# "Conflict of Interest"): front matter wherever they stand, unless numbered as the appendix's
_METADATA_WORDS = (r"(additional |author )?key ?words?( and phrases)?|index ?terms|ccs concepts|general terms|"
                   r"pacs( numbers)?|jel( classification)?|ocis codes|(mathematics |ams )?subject classifications?")
_METADATA_LABEL = re.compile(rf"^({_METADATA_WORDS})$")

#: an abstract's label in the other languages papers are written in (lower case; a heading's
#: type here, the front page's abstract label in parsing.pdf.frontmatter)
ABSTRACT_ABROAD = ("аннотация|реферат|resumen|resumo|résumé|zusammenfassung|riassunto|resum|abstrakt|tiivistelmä|"
                   "sažetak|povzetek|streszczenie|sammanfattning|sammendrag|samenvatting|kivonat|özet|анотація")

# Ordered: the first pattern that matches the (number-stripped, lower-cased) heading wins.
_RULES: list[tuple[str, re.Pattern]] = [
    ("abstract", re.compile(rf"^(abstract|summary|author summary|lay summary|plain language summary|{ABSTRACT_ABROAD}"
                            r"|摘\s*要|要旨)$")),   # (Chinese, Japanese: a thesis' abstract page)
    # labels of the front page's boxes: typed, neither dropped nor read as body sections
    ("front_matter", re.compile(rf"^({_METADATA_WORDS}|"
                                r"(acm )?classification keywords|categories and subject descriptors|"
                                r"article ?(history|info|information)|"
                                r"(research )?highlights|graphical abstract|in brief|msc( 2020| 2010| codes?)?|significance( statement)?|"
                                r"(mathematics |ams )?subject classifications? \(?\d{4}\)?|key points|"
                                r"one-sentence summary|teaser|date|author notes?|"   # (APA's "Author Note")
                                # a table of contents (JHEP, IMS) and a chemistry journal's table-of-contents
                                # graphic: no section of the paper
                                r"(table of )?contents|目录|目錄|目次|graphical toc( entry)?|toc (graphic|entry)|"
                                # a Chinese or Japanese thesis' lists of figures and tables
                                r"(插)?图(表)?目录|表(格)?目录|插图索引|表格索引|図目次|表目次|"
                                # and the declarations a Chinese thesis' class prints (originality,
                                # the licence to use it): its own pages, no section of the work
                                r"(学位论文)?(原创性|独创性)声明|(学位论文)?版权使用授权书|"
                                # generated lists (\listoffigures, \listoftables: a thesis' before its
                                # body, a journal's that asks for them after it)
                                r"list of (figures|tables|algorithms|listings)( and (figures|tables))?|"
                                # the same in other languages ("Índice de figuras", "Lista de siglas",
                                # "Inhaltsverzeichnis", "Table des matières"), and their keywords' labels
                                r"índice( general| de (figuras|tablas|cuadros|ilustraciones|contenidos?))?|"
                                r"lista de (siglas|s[íi]mbolos|ecuaciones|figuras|tablas|tabelas|quadros|ilustra[çc][õo]es|"
                                r"abreviaturas|acr[óo]nimos)|"
                                r"sum[áa]rio|inhaltsverzeichnis|abbildungsverzeichnis|tabellenverzeichnis|"
                                r"содержание|оглавление|"
                                # Czech, Finnish, Croatian, Polish, the Nordic languages', Dutch
                                r"obsah|seznam (obrázků|tabulek|zkratek|příloh)|sisältö|sisällys(luettelo)?|kuviot|taulukot|"
                                r"kuvaluettelo|taulukkoluettelo|sadržaj|popis (slika|tablica)|spis (treści|rysunków|tabel)|"
                                r"innehåll(sförteckning)?|innhold(sfortegnelse)?|inhoud(sopgave)?|"
                                r"table des mati[èe]res|liste des (figures|tableaux)|"
                                r"palabras? claves?|palavras[- ]chave|mots[- ]cl[ée]s|schl[üu]sselw[öo]rter|"
                                r"for table of contents (use )?only|"
                                # a LIPIcs or EPTCS front page's metadata labels
                                r"digital object identifier|related versions?|(\d{4} )?acm subject classification|"
                                # boxes beside or under the abstract ("Strengths and limitations of this
                                # study", "What is already known on this topic", "Research in context")
                                r"strengths and limitations of (this|the) study|key messages|summary box|"
                                r"what (is|was) (already )?known( on| about)? (this|the) (topic|subject)|"
                                r"what (this|the) study adds|what are the new findings\??|research in context|"
                                r"evidence before this study|added value of this study|"
                                r"implications of all the available evidence)$")),
    ("limitations", re.compile(r"\blimitations?\b|\bshortcomings\b|\bthreats to validity\b")),
    ("ethics", re.compile(r"\bethic|\bbroader impact|\bsocietal impact|\bimpact statement"
                          r"|\bresponsible (nlp|ai|research)|\bpotential (risks|harms)")),
    ("acknowledgments", re.compile(r"^(acknowledge?ments?|acknowledgements?|funding|thanks"
                                   # in the languages of the references' names below
                                   r"|agradecimentos|agradecimientos|remerciements|danksagung|ringraziamenti"
                                   r"|financiamento|financiación|financement|finanzierung)\b"
                                   r"|^(致谢|致謝|謝辞|谢辞)$")),
    # the whole heading: "Reference proteome construction" is a methods subsection
    ("references", re.compile(r"^(references?( and notes| and links| cited| list)?|bibliography|literature cited"
                              r"|works cited|cited literature|список (использованной )?литературы|литература"
                              r"|références|bibliographie|referencias|bibliografía|referências|literaturverzeichnis|literatur"
                              r"|refer[êe]ncias bibliogr[áa]ficas|références bibliographiques"
                              r"|bibliografia|riferimenti bibliografici|参考文献|參考文獻|참고\s?문헌"
                              r"|lähteet|lähdeluettelo|kirjallisuus|literatura|seznam (použité )?literatury|bibliografie"
                              r"|litteratur(förteckning)?|referanser|literatuur(lijst)?|bibliografija)$")),
    ("appendix", re.compile(r"^(appendix|appendices|supplementary|supplemental|supporting information)\b")),
    ("introduction", re.compile(r"^(introduction|motivation|background and motivation)\b")),
    ("related_work", re.compile(r"related (work|research|literature)|previous work|prior work"
                                r"|literature review|^background\b|state of the art")),
    ("conclusion", re.compile(r"conclu|concluding|summary and|future work|final remarks")),
    ("discussion", re.compile(r"^discussion|\bdiscussion\b|\banalysis\b|error analysis|case stud")),
    ("results", re.compile(r"\bresults?\b|\bfindings\b|\bevaluation\b|\bperformance\b")),
    ("experiments", re.compile(r"experiment|\bsetup\b|set-up|\bimplementation details\b"
                               r"|\bbaselines?\b|\bhyper[- ]?parameters?\b|\btraining details\b")),
    ("data", re.compile(r"\bdata\b|\bdatasets?\b|\bcorpus\b|\bcorpora\b|\bannotation\b|\bbenchmark\b")),
    ("method", re.compile(r"method|approach|\bmodel\b|\bmodels\b|architecture|framework|algorithm"
                          r"|\bsystem\b|proposed|formulation|\bmaterials and methods\b|\btheory\b")),
]


# a heading set letter by letter ("K E Y W O R D S", "A R T I C L E  I N F O")
_SPACED = re.compile(r"^(?:[a-z] {1,3}){3,}[a-z]$")


def strip_number(heading: str) -> tuple[str | None, str]:
    """Split ``"3.2 Results"`` into ``("3.2", "Results")``; ``(None, heading)`` when unnumbered."""
    text = " ".join(heading.split())
    m = NUMBER_RE.match(text)
    if not m:
        return None, text
    rest = text[m.end():]
    # the words open with a letter, or with a number joined by a hyphen to a word ("3 3-DOF Vessel
    # Model", "5.4 4-Variant Ablation"), or a digit and a capital ("5. 3D Detectors"), or, after a
    # closing point, a sum and a capital ("1. 1 + 3 Decomposition", a relativist's), or a question's
    # enumerator and a capital ("4.3. (i) How well can methods predict …"), or a word's
    # part in brackets ("3.5. (Sub-)section headings"), or a quotation's capital ("4.3. “The Air We
    # Breathe is Not Good”: Perspectives …"), or, after a
    # number of two levels or more, before a Japanese or Chinese word it counts ("2.2.3 2 種類の…",
    # two kinds of; "2 種類の…" alone is that title)
    num = m.group("num")
    if not rest or not (re.match(r"[^\W\d_]|\d+[-‐–][^\W\d_]|\d[A-Z]\b|\([^\W\d_]{2}|[“‘\"«][A-Z]", rest)
                        or "." in num.strip(".") and re.match(rf"\d+ [{HAN_KANA}]", rest)
                        or num.endswith(".") and re.match(r"\d+ ?[+×] ?\d+ [A-Z]", rest)
                        or re.match(r"\((?:[ivx]{1,4}|[a-h]|\d{1,2})\) [A-Z]", rest)):
        return None, text
    if num[-1] == "、":   # "十二、": the numeral's value, as the outline counts it
        return str(cjk_number(num[:-1])), rest
    return (num if num[0] == "(" else num.rstrip(".:)").replace(" ", "")), rest


def cjk_number(numeral: str) -> int:
    """Value of a Chinese numeral from 1 to 99 as ``NUMBER_RE`` reads them: ``"三"`` → 3, ``"十二"``
    → 12, ``"二十"`` → 20."""
    tens, ten, units = numeral.partition("十")
    if not ten:
        return CJK_NUMERALS.index(numeral) + 1
    return (CJK_NUMERALS.index(tens) + 1 if tens else 1) * 10 + (CJK_NUMERALS.index(units) + 1 if units else 0)


def number_level(number: str | None) -> int:
    """Depth of a section number: ``"3"`` → 1, ``"3.2"`` → 2, ``"A.1"`` and ``"A1"`` (an
    appendix's subsection as some journals number it) → 2, ``"(b)"`` (the Royal Society's second
    level) and ``"b"`` (the American Meteorological Society's "b. Data preparation") → 2;
    ``"EC.1"`` (an e-companion's section) → 1; ``"III-A"`` (IEEE's subsection as it is cited,
    printed so by some) → 2; unnumbered → 1."""
    if not number:
        return 1
    if number[0] == "(" or len(number) == 1 and number.islower():
        return 2
    if number.startswith("EC."):   # an INFORMS e-companion's "EC.1", "EC.1.2": its sections and subsections
        return number.count(".")
    return number.count(".") + number.count("-") + 1 + (len(number) > 1 and number[0].isupper() and number[1].isdigit())



def section_type(heading: str, in_appendix: bool = False, number: str | None = None) -> str:
    """Canonical type of a section from its heading text (numbering allowed in the text).

    ``in_appendix`` marks sections after an appendix heading (or lettered like ``A.1``): they are
    ``appendix`` unless their heading names a more specific back-matter type (limitations, ethics,
    acknowledgments, references).
    """
    num, text = strip_number(heading or "")
    number = number or num
    low = text.lower().strip(" .:—–")   # (IEEE's run-in "Abstract—" is the abstract's label)
    low = re.sub(r"\s+", " ", low)
    if _SPACED.match(low):   # a letter-spaced label ("a r t i c l e  i n f o"): its words
        low = " ".join(w.replace(" ", "") for w in re.split(r"\s{2,}", (heading or "").lower().strip(" .:")))
    if number and (re.match(r"^[A-Z](\.\d+)*$", number) and not re.match(r"^[IVX]$", number)
                   or number.startswith("EC.")):
        in_appendix = True
    if re.match(r"^appendix\b", low):
        return "appendix"
    for kind, rx in _RULES:
        if rx.search(low):
            if in_appendix and kind not in BACK_MATTER_TYPES and not (kind == "front_matter" and not number
                                                                      and _METADATA_LABEL.match(low)):
                return "appendix"
            # a numbered "Summary" past the first section closes the body ("5. Summary"): the
            # paper's conclusion, not its abstract
            if kind == "abstract" and number and number.strip(".").isdigit() and int(number.strip(".")) >= 2 \
                    and low == "summary":
                return "conclusion"
            return kind
    return "appendix" if in_appendix else "other"


def _letter_ok(number: str | None, last_letter: str) -> bool:
    """Is a lettered number ("A", "B.2") a plausible appendix number after ``last_letter``?
    An author's initial read as a number ("H.") is not: appendices start at A and step by one."""
    if not number or not re.match(r"^[A-Z](\.\d+)*$", number) or re.match(r"^[IVX]$", number):
        return True
    letter = number[0]
    return letter == "A" or (last_letter and ord(letter) - ord(last_letter) in (0, 1))


_BODY_TYPES = frozenset(("introduction", "related_work", "method", "data", "experiments", "results", "discussion"))
_ROMAN = re.compile(r"[IVXL]+")


def _inherits(parent: str | None, kind: str) -> bool:
    """Does a section of type ``kind`` under one of type ``parent`` take its parent's type (its own
    heading says nothing more specific)?"""
    return bool(parent) and parent not in ("other", "abstract", "references") \
        and kind not in (*BACK_MATTER_TYPES, "appendix", "results", "data", "abstract")


def _lettered_subsections(sections: list[dict]) -> set[int]:
    """The indices of lettered sections between two roman-numbered ones ("IV. THEORY", "A. …",
    "B. …", "V. RESULTS"): IEEE's subsections, which a parser may give the level of their section,
    not appendices (those come after the last roman number). A lone letter that reads as a roman
    numeral is the next letter where the series asks for it ("H. …", "I. …")."""
    out, run, last = set(), [], ""
    roman_seen = False
    for k, sec in enumerate(sections):
        number = sec.get("number") or strip_number(sec.get("heading") or "")[0]
        if not number:
            continue
        if roman_seen and re.fullmatch(r"[A-Z]", number) \
                and (not _ROMAN.fullmatch(number) or last and ord(number) - ord(last) == 1):
            run.append(k)
            last = number
        elif _ROMAN.fullmatch(number):
            out.update(run)
            run, last, roman_seen = [], "", True
        elif run and number.isdecimal():
            continue   # a subsection's own parts ("2) Two Rounds …", IEEE's run-in subsubsections)
        else:
            run, last = [], ""
    return out


# a subsection's arabic number ("6.3"): "Supplementary …" under it is a part of its section
_SUBSECTION_NUMBER = re.compile(r"\d+(\.\d+)+")


def type_sections(sections: list[dict]) -> list[dict]:
    """Fill ``type`` (and ``number``/``level`` when missing) on a list of section dicts in order.

    A section that already has a ``type`` keeps it (and counts for what follows). A section's
    type comes from its own heading, or else from its parent's (the nearest earlier section of
    a lower level), never from a sibling: sub-sections of a typed section inherit its type when
    their own heading says nothing more specific. Sections after an appendix heading, or with
    appendix letters (A, A.1, B … in sequence), are ``appendix`` (a subsection numbered "6.3" under
    a section of the body opens no appendix, whatever its heading: "Supplementary analyses"). A
    "Summary" after a section of the body closes it (the conclusion), numbered or not: the
    abstract's label opens the paper; a "Summary" under a section of its own summarises that
    section.
    """
    in_appendix = False
    stack: list[tuple[int, str]] = []       # (level, type) of the open ancestors
    last_letter = ""
    body = False                            # a section of the body's own came before
    subsections = _lettered_subsections(sections)
    section_level = 1                       # the level of the last section a lettered one is under
    for k, sec in enumerate(sections):
        heading = sec.get("heading") or ""
        number = sec.get("number")
        if number is None:
            number, _ = strip_number(heading)
        if k in subsections:   # "A. ACCESSIBLE INFORMATION …" under "IV. THEORY …": typed as its section's part
            level = max(sec.get("level") or 1, section_level + 1)
            while stack and stack[-1][0] >= level:
                stack.pop()
            parent = stack[-1][1] if stack else None
            kind = sec.get("type") or section_type(strip_number(heading)[1], number="")
            if not sec.get("type") and _inherits(parent, kind):
                kind = parent
            elif kind == "abstract":
                kind = "other"   # a section's own "D. Summary", under "III. WORKFLOW"
            sec["type"] = kind
            stack.append((level, kind))
            sec.setdefault("number", number)
            continue
        if number and _ROMAN.fullmatch(number):
            section_level = sec.get("level") or 1
        lettered = bool(number and re.match(r"^[A-Z](\.\d+)*$", number) and not re.match(r"^[IVX]$", number))
        if lettered and not _letter_ok(number, last_letter):
            number = None   # an initial, not an appendix letter
            _, rest = strip_number(heading)
            heading_for_type = rest
        else:
            heading_for_type = heading
            if lettered:
                last_letter = number[0]
        level = sec.get("level") or number_level(number)
        while stack and stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1] if stack else None
        if sec.get("type"):
            kind = sec["type"]
        else:
            kind = section_type(heading_for_type, in_appendix=in_appendix, number=number or "")
            if kind == "appendix" and not in_appendix and parent not in (None, "appendix") \
                    and number and _SUBSECTION_NUMBER.fullmatch(number):
                kind = "other"   # "6.3 Supplementary split-mode analyses": a section's part, no appendix
            if kind == "abstract" and heading_for_type.strip(" .:").lower() == "summary":
                if parent is not None and parent != "abstract" and level >= 2:
                    kind = "other"        # a section's own "Summary" (a review's, under each topic)
                elif body:
                    kind = "conclusion"   # "Summary" after the body's sections closes it, numbered or not
            # (a front-matter label's own box may go on under it, "Monitoring Editor" under a
            # "Significance Statement"; a numbered section or one its heading names is the body's:
            # "0.1 Introduction" after the "Contents" of a thesis' chapter compiled alone)
            # (an "Acknowledgments" ends where a section under it names the body or the front
            # matter: a thesis' front page sets it above its chapters' level, and "Contents",
            # "Introduction" and every chapter after them were acknowledgments)
            if parent == "acknowledgments" and (kind in _BODY_TYPES or kind == "front_matter"):
                stack = [(lv, k) for lv, k in stack if k != "acknowledgments"]
                parent = stack[-1][1] if stack else None
            if _inherits(parent, kind) and not (parent == "front_matter" and (number or kind != "other")):
                kind = parent
            sec["type"] = kind
        body = body or kind in _BODY_TYPES
        if kind == "appendix":
            in_appendix = True
        stack.append((level, kind))
        sec.setdefault("number", number)
        sec.setdefault("level", level)
    return sections
