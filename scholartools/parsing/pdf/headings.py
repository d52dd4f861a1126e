"""Section headings from rows, judged by cues measured *relative to the document itself*.

Steps (each a function below):

1. :func:`doc_stats` — the body style (size, font family), body line spacing, column extents,
   and per-style statistics (how much text a style carries, how often its rows are long).
2. :func:`candidates` — rows that *could* be headings: short rows standing apart (first in
   their block, or in another style than the row before, or after a vertical gap), with the
   rows that continue them (multi-line headings, a number set on its own line), and run-in
   leads ("**Training.** We train …").
3. :func:`features` — one vector per candidate: size and family against the body text,
   weight and style from flags *and* font names, spacing before and after, indentation and
   centring in the column, numbering, length, final period, position in a figure or table
   (vector graphics, rows sharing a baseline), underlining, the style's share of the document.
4. :func:`score` — a logistic model over those features (weights in ``heading_model.json``,
   trained by `tools/train_headings.py` on hand-annotated PDFs; inspectable: one weight per
   named feature), then the outline check (numbers must form a plausible sequence; an
   affiliation "1 University of X" is not a section) and levels from numbering or style rank.

Nothing here names a publisher or a template.
"""

from __future__ import annotations

import bisect
import json
import math
import os
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field

from scholartools import recache as re
from scholartools.parsing.pdf.extract import Row, without_mark
from scholartools.parsing.pdf.lines import HYPHEN_END, WORD_START, hyphened_word_opens
from scholartools.text.scripts import HAN_KANA, HAN_KANA_CHAR
from scholartools.text.sections import (APPENDIX_WORDS, CHAPTER_LABEL_ROW, CHAPTER_WORDS, CJK_NUMERALS, PART_WORDS,
                                        cjk_number, number_level, section_type)
from scholartools.text.sections import strip_number as _strip_number_uncached
from scholartools.vocabulary import REFERENCE_HEADING_WORDS, STANDARD_HEADING_WORDS, words_pattern

KNOWN_HEADINGS = words_pattern(STANDARD_HEADING_WORDS, tail=r"\.?$")
# a figure's or a table's label in the languages theses are written in ("Abbildung 3", "Figura 2",
# "Quadro 1", "Kuvio 3.", "Obrázek 4", "Tablica 2", "Рисунок 5")
FOREIGN_CAPTION_KINDS = (r"abbildung|abb|tabelle|figura|tabla|tabela|tableau|tabella|cuadro|quadro|gr[áa]fico|kuvio|kuva|"
                         r"taulukko|obr[áa]zek|obr|tabulka|slika|tablica|rysunek|rys|tabel|figur|tabell|рисунок|рис|таблица")
# (Wiley's letter-spaced labels: "T A B L E 1 | Mean values …", "F I G U R E 2 | …")
# (and a Chinese or Japanese paper's "表 1:", "图 2：", "図 3")
CAPTION = re.compile(r"^(?P<kind>fig(?:ure)?s?|table|tab|scheme|algorithm|listing|chart|plate|t a b l e|f i g u r e|"
                     r"[图圖表図]|" + FOREIGN_CAPTION_KINDS + r")\.?\s*"
                     r"(?P<label>[A-Z]?\d+(?:\.\d+)?[a-z]?|[IVX]+)\s*(?P<sep>[.:|—–\-：]|\s|$)", re.I)
NOISE_LEAD = re.compile(r"^(table|figure|fig|algorithm|algorithme|algoritmo|algorithmus|"
                        r"données|résultat|entrée|sortie|"   # algorithm2e's French keywords
                        r"proof|lemma|theorem|definition|corollary|proposition|remark|"
                        r"example|step|input|output|require|ensure|note|notes|where|and|or|with|case|claim|"
                        r"conjecture|assumption|(?:proof )?sketch(?= *[.:]? *$)|sketch of (?:the )?proof|"
                        r"hypothesis|observation|fact|exercise|problem|question|answer|q\d|a\d|e-?mail|tel|fax|"
                        r"phone|address|received|accepted|published|keywords?|key words|correspondence|copyright|"
                        r"doi|cite this|citation|editor|open access|©|source|abbreviations?|data sharing|"
                        r"(?:notation|convention)\s+\d|"    # a numbered theorem-like head ("Notation 2")
                        r"s\d{1,3}\s+(?:fig|figure|table|file|appendix|text|data|dataset|movie|video|audio|checklist|"
                        r"protocol|code|materials?))\b"   # a supporting-information item ("S1 Fig. …")
                        # a thesis cover's fields ("Autor: Ivana …", "Tutor:", "Supervisor:")
                        r"|^(?:co-?)?(?:autor|author|tutor|supervisor|advisor|director|orientador|betreuer|ohjaaja|"
                        r"mentor)(?:a|es|s)?\s*:", re.I)
# the look-ahead holds the first letters of the words below (case-blind, as the words are): a
# no-op for what matches, but at a word boundary where no word can start the engine makes one
# test instead of trying each of the 37 words (2.3× faster over a page of text; frontmatter's
# findall runs it over whole affiliation blocks)
INSTITUTION = re.compile(r"\b(?=[uidlcsfhargjnkb@])"
                         r"(universit|institut|department|dept\.|laborator|college|school of|faculty|hospital|"
                         r"cent(er|re) for|academy|inc\.|ltd|gmbh|corporation|research (center|centre|institute)|"
                         r"street|avenue|road|usa|u\.s\.a|uk|germany|china|france|japan|canada|italy|spain|"
                         r"australia|netherlands|switzerland|india|korea|brazil|sweden|denmark|@)", re.I)
_NUMBER_ONLY = re.compile(r"^(?:§\s*)?(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.?|[A-H](?:\.\d{1,2}){0,3}\.?)$")
SENT_END = re.compile(r"[.!?:]['\")\]]*$")
LETTER = re.compile(r"[^\W\d_]")
_URLISH = re.compile(r"https?:|www\.|@|\.com\b|\.org\b|doi\.org")
# a third-level number opening a row ("2.2.1. Primary objective."), its type the same as the row
# above (a numbered heading "2.2. Study objectives"): headings one under the other
_SUBSUB = re.compile(r"^\d{1,2}\.\d{1,2}\.\d{1,2}\.?\s+[A-Z]")
_SPACED = re.compile(r"^(?:[A-Za-z] ){3,}[A-Za-z]$")
REFS = words_pattern(REFERENCE_HEADING_WORDS, head=r"^(?:\d+\.?\s*)?")

# The patterns above that end in ``$`` or are tried at every position of a row are the regex
# engine's slowest work in this module (it has no literal to skip to: every position is a try).
# The helpers below give the same answers with string methods first, the pattern only where it
# can still match (issue 36; tests/test_parse_headings_speed.py holds each against its pattern).
_SENT_MARKS = frozenset(".!?:")


def sent_end(text: str) -> bool:
    """A sentence's final mark, then only closing quotes (typographic ones too, which
    :data:`SENT_END` does not take) or brackets, at the end (or before a final line end, as ``$``
    allows)."""
    if text.endswith("\n"):
        text = text[:-1]
    return text.rstrip("'\")]’”»")[-1:] in _SENT_MARKS   # ("… to evade culpability for violence.”")


_WORD_RUN = re.compile(r"\w+")


def words_key(text: str) -> str:
    """The runs of word characters of ``text`` in lower case, one space apart, as
    ``" ".join(re.sub(r"[^\\w]+", " ", text.lower()).split())`` gives them (no character is both a
    word character and white space), without the copy in between: a row's words, case and
    punctuation aside."""
    return " ".join(_WORD_RUN.findall(text.lower()))


def _urlish(text: str) -> bool:
    """``_URLISH.search(text) is not None``; each of its branches holds one of these strings."""
    return ("http" in text or "www." in text or "@" in text or ".com" in text or ".org" in text) \
        and _URLISH.search(text) is not None


# INSTITUTION without re.I: its letters are lower-case ASCII, so on an ASCII text it matches case-blind
# exactly where this matches the text's lower case (beyond ASCII, "ſ" matches "s" and "K" "k" case-blind:
# the pattern itself decides). One search, no case folding at each try: 1.5x faster than testing the
# words with `in` first, and built from INSTITUTION's own source (issue 36)
_INSTITUTION_LOWER = re.compile(INSTITUTION.pattern)


def institution(text: str) -> bool:
    """``INSTITUTION.search(text) is not None``."""
    if text.isascii():
        return _INSTITUTION_LOWER.search(text.lower()) is not None
    return INSTITUTION.search(text) is not None


def connective_end(text: str) -> bool:
    """``CONNECTIVE.search(text) is not None``. A match ends at the end (``$``) and spans at most
    a word of seven letters and a mark, so the text's last twelve characters decide (the word's
    ``\\b`` looks at the character before it, which they still hold)."""
    return CONNECTIVE.search(text[-12:]) is not None

# (number, rest) of a heading's text: asked of one text by candidates, _extend, features and decide.
# A letter in brackets ("(b) Kinematics", the Royal Society's second level) is a number in the
# record, but not in finding headings: a figure's panel label ("(a) Observed AUC by mechanism")
# opens rows the same way, and a number would exempt it from the vetoes of figure text.
@lru_cache(maxsize=4096)
def strip_number(text: str) -> tuple[str | None, str]:
    number, rest = _strip_number_uncached(text)
    if number is not None and number[0] == "(":
        return None, " ".join(text.split())
    return number, rest

MODEL_PATH = os.path.join(os.path.dirname(__file__), "heading_model.json")
_MODEL: dict | None = None


def _norm_ws(s: str) -> str:
    return " ".join(s.split())


def unspace(text: str) -> str:
    """Letter-spaced labels ("a b s t r a c t") written as one word."""
    t = text.strip()
    if _SPACED.match(t):
        return t.replace(" ", "")
    return t


# a space the text layer puts after a ligature glyph ("infl ammation", "Effi cient", "fi ltering"):
# fi/fl/ffi/ffl end no English word, so a lower-case letter after the space continues the word;
# "ff" ends words ("off", "staff"), so it is joined only before the stems that follow it inside one
_LIGATURE_GAP = re.compile(r"(?<=[^\W\d_])(ffi|ffl|fi|fl) (?=[a-z])|(?:(?<=\s)|^)(fi|fl) (?=[a-z]{2})|"
                           r"(?<=[^\W\d_])(ff) (?=(?:ect|ort|eren|ering|ered|ers?\b|ici|icu|ice|usi|use)[a-z]*)")


def join_ligature_gaps(text: str) -> str:
    """Words split after a ligature glyph joined again ("Chronic infl ammation" → "Chronic
    inflammation")."""
    if "f" not in text:
        return text
    return _LIGATURE_GAP.sub(lambda m: m.group(1) or m.group(2) or m.group(3), text)


# ---------------------------------------------------------------------------------------------
# 1. document statistics

@dataclass
class DocStats:
    """What the heading pass measures of the whole document (:func:`doc_stats`)."""
    body: float
    body_family: str
    body_gap: float
    extents: dict
    style_chars: dict
    style_rows: dict
    style_long: dict
    total_chars: int
    page_height: float = 792.0
    first_heading_page: int = 0
    abstract_row: int = -1      # index of the abstract label row on the front page, -1 if none
    subtitle_rows: list = field(default_factory=list)   # the subtitle's rows under the title, if any
    refs_row: int = -1          # index of the first row reading "References" (or the like), -1 if none
    text_left: dict = field(default_factory=dict)   # (page, col) → left edge of the body text
    extra: dict = field(default_factory=dict)


def style_key(r: Row) -> tuple:
    return (r.size, r.bold >= 0.6, r.italic >= 0.6, r.family, r.upper)


def _is_caps(r: Row) -> bool:
    return r.upper


def doc_stats(rows: list[Row], body: float, page_height: float = 792.0) -> DocStats:
    fam_chars: dict[str, int] = {}
    style_chars: dict[tuple, int] = {}
    style_rows: dict[tuple, int] = {}
    style_long: dict[tuple, int] = {}
    extents: dict[tuple, list[float]] = {}
    lefts: dict[tuple, dict[int, int]] = {}
    total = 0
    gaps: list[float] = []
    prev = None
    prev_body = False
    refs_row = -1
    # one pass over the rows (every row is read once, the style key built once: this runs on
    # every row of the document, issue 36)
    for i, r in enumerate(rows):
        size = r.size
        text = r.text
        k = (size, r.bold >= 0.6, r.italic >= 0.6, r.family, r.upper)     # style_key(r)
        n = r.nchars
        total += n
        style_chars[k] = style_chars.get(k, 0) + n
        style_rows[k] = style_rows.get(k, 0) + 1
        # more than 12 words (split no further than the 13th; 13 words take 25 characters or more)
        if len(text) > 24 and len(text.split(None, 12)) > 12:
            style_long[k] = style_long.get(k, 0) + 1
        in_body = -0.6 < size - body < 0.6     # abs(size - body) < 0.6
        if in_body:
            fam_chars[r.family] = fam_chars.get(r.family, 0) + n
        pc = (r.page, r.col)
        e = extents.get(pc)
        if e is None:
            extents[pc] = [r.x0, r.x1]
        else:
            if r.x0 < e[0]:
                e[0] = r.x0
            if r.x1 > e[1]:
                e[1] = r.x1
        if in_body and prev_body and prev.page == r.page and prev.col == r.col \
                and len(gaps) < 4000:     # (prev_body: prev is a row)
            g = r.y0 - prev.y1
            if -2 < g < 3 * body:
                gaps.append(g)
        if in_body and len(text) > 40:
            d = lefts.get(pc)
            if d is None:
                d = lefts[pc] = {}
            x = int(r.x0 // 2)
            d[x] = d.get(x, 0) + 1
        if refs_row < 0 and r.page > 0 and len(text) < 40 and REFS.match(text.strip(" .:")):
            refs_row = i
        prev = r
        prev_body = in_body
    body_family = max(fam_chars.items(), key=lambda kv: kv[1])[0] if fam_chars else ""
    text_left = {pc: 2.0 * max(d.items(), key=lambda kv: kv[1])[0] for pc, d in lefts.items()}
    gaps.sort()
    body_gap = gaps[len(gaps) // 2] if gaps else 0.2 * body
    return DocStats(body=body, body_family=body_family, body_gap=max(body_gap, 0.2), extents=extents,
                    style_chars=style_chars, style_rows=style_rows, style_long=style_long,
                    total_chars=max(total, 1), page_height=page_height, refs_row=refs_row, text_left=text_left)


# ---------------------------------------------------------------------------------------------
# 2. candidates

@dataclass
class Cand:
    """A heading candidate: its rows, text, features and score."""
    i: int                      # index of the first row
    rows: list[int]             # row indices that make the heading (number row, continuation rows)
    text: str                   # heading text as printed (numbering included)
    runin: bool = False         # a run-in lead: the rest of row i is body text
    rest: str = ""              # for run-in: the text after the lead
    feats: list[float] = field(default_factory=list)
    p: float = 0.0
    z1: float = 0.0
    skey: tuple = ()
    headlike: float = 0.0       # short, no final period, followed by body text
    number_alone: bool = False  # the section number was printed on a line of its own
    chapter: str = ""           # "chapter" or "part": a title numbered by the label over it ("Chapitre 1")
    page: int = 0
    number: str | None = None
    title: str = ""
    level: int = 1
    letter: bool = False        # numbered "I", "V" or "X" as the letter after "H", "U" or "W", not in roman


def _same_style(a: Row, b: Row, size_tol: float = 0.4) -> bool:
    return abs(a.size - b.size) < size_tol and (a.bold >= 0.6) == (b.bold >= 0.6) \
        and (a.italic >= 0.6) == (b.italic >= 0.6) and a.family == b.family


def _bodyish(r: Row, st: DocStats) -> bool:
    return abs(r.size - st.body) < 0.6 and r.bold < 0.5 and r.family == st.body_family


def _gap(a: Row | None, b: Row | None) -> float:
    """Vertical gap between consecutive rows in reading order; large when they are on different
    pages or columns (a break is as good as a gap)."""
    if a is None or b is None:
        return 99.0
    if a.page != b.page or a.col != b.col or b.y0 < a.y0 - 1:
        return 99.0
    return b.y0 - a.y1


def _body_rest(r: Row, st: DocStats) -> bool:
    """Is the row, apart from its styled lead, set in the body's type? A paragraph opening with a
    run-in lead is; a heading whose first word is italic (a gene or species name: "*DANA1*
    interacts with DIP1") is set larger or in another face than the body, so it is not."""
    if len(r.lead) > 0.5 * len(r.text):
        return True     # the row's measured style is the lead's: nothing to tell
    return abs(r.size - st.body) < 0.6 and r.family == st.body_family


def _short_tail(rows: list[Row], i: int, large: bool = False) -> bool:
    """Does the row end after its styled lead (not closed by a period or colon) with a word or two
    in another style, the next row starting a block of its own ("3.1. *Conversions and definitions* (utils)")? Such a row is a
    heading with an upright part, not a paragraph opening with a run-in lead. So does one whose
    lead stops inside a word or opens a bracket, a term in a math font following it ("2.7. *Setting
    bounds on the controls u*m(t), and uv(t)"), with up to four words after it, and one whose lead
    closes on a colon before a function's name ("**Organizing the project:** wflow_start()"), or, in
    a row set larger than the body (``large``), before a command's name in lower case ("3 Excel
    reports on raked weights: ipfraking_report", the name in typewriter type)."""
    r = rows[i]
    rest = r.text[len(r.lead):]
    tail = rest.split()
    # (the tail glued to the lead, or inside the bracket the lead opens: "3.3. *Radiant Power (*
    # ĖEM,λ and ẊEM,λ)", a heading's symbols in upright math type)
    glued = rest[:1].isalnum() or rest[:1] in "([" or r.lead.rstrip().endswith(("(", "["))
    # a run-in lead ends in punctuation ("Data availability. None."), or a sentence follows it, its
    # paragraph ("**Patient consent for publication** Not required."); a colon may close a
    # heading's words before the function it is about ("**Organizing the project:** wflow_start()")
    call = r.lead.rstrip().endswith(":") and len(tail) <= 2 and tail \
        and (tail[-1].endswith("()") or large and tail[0][:1].islower())
    if not tail or len(tail) > (4 if glued else 2) or r.lead.rstrip().endswith((".", ":", "—", "–") + _CJK_CLOSERS) \
            and not call \
            or tail[0][:1].isupper() and tail[-1].endswith("."):
        return False
    if re.search(r"[^\W\d_]-$", tail[-1]) and not glued:
        return False   # a paragraph's line broken in a word ("**Interpretation of Mimicked Behaviors** Our re-")
    nxt = rows[i + 1] if i + 1 < len(rows) else None
    return nxt is None or nxt.first_in_block or nxt.page != r.page or nxt.col != r.col


# what a match of _NUMBER_ONLY opens with besides a decimal digit
_NUMBER_OPENERS = frozenset("§IVXABCDEFGH")


def _number_only(text: str) -> bool:
    """``_NUMBER_ONLY.match(text) is not None``, the pattern tried only on a text opening as a
    match does (most rows do not: candidates asks of every row, issue 36)."""
    c = text[:1]
    return (c in _NUMBER_OPENERS or c.isdecimal()) and _NUMBER_ONLY.match(text) is not None


def _subsub(text: str) -> bool:
    """``_SUBSUB.match(text) is not None``: the pattern opens with a decimal digit (str.isdecimal)."""
    return text[:1].isdecimal() and _SUBSUB.match(text) is not None


def _child_number(above: str, text: str) -> bool:
    """Does ``text`` open with the first number of the level under the one ``above`` opens with
    ("2 Background and Motivation" / "2.1 GPU Architecture", one block, one style): a subsection's
    heading right under its section's, not the section heading's second line."""
    parent, child = strip_number(above)[0], strip_number(text)[0]
    return bool(parent and child) and child == parent.rstrip(".") + ".1"


def candidates(rows: list[Row], st: DocStats) -> list[Cand]:
    out: list[Cand] = []
    n = len(rows)
    taken: set[int] = set()
    gap_apart = 1.8 * st.body_gap
    for i, r in enumerate(rows):
        if i in taken or r.kind not in ("text", "small"):
            continue
        t = r.text
        prev = rows[i - 1] if i else None
        # a number printed on its own (the words follow on the same baseline or the next line)
        if _number_only(t) and i + 1 < n:
            k = _number_partner(rows, i)
            if k is not None and k not in taken:
                nx = rows[k]
                c = Cand(i=i, rows=[i, k], text=t.rstrip() + " " + nx.text.strip(), number_alone=True)
                if nx.lead and nx.lead_style and len(nx.lead.split()) < len(nx.text.split()):
                    # "6.1.1" then "Triaging … Papers. We …": a numbered run-in
                    c.text = t.rstrip() + " " + nx.lead
                    c.runin = True
                    c.rest = nx.text[len(nx.lead):].strip()
                _extend(rows, c, st)
                out.append(c)
                taken.update(c.rows)
                continue
        # a capitals row above a mixed-case row in the same font ("RESULTS AND DISCUSSION" over
        # the first subsection heading) is a style change too
        standalone = r.first_in_block or prev is None or not _same_style(prev, r) \
            or _gap(prev, r) > max(gap_apart, 0.5 * r.size) or prev.upper != r.upper \
            or ")" in t[:6] and _enumerated(t) and (r.italic >= 0.6 or not _bodyish(r, st)) \
            or _subsub(t) and prev is not None and strip_number(prev.text)[0] is not None \
            or t[:1].isdecimal() and prev.text[:1].isdecimal() and _child_number(prev.text, t) \
            or _under_short_head(rows, out, i, st)
        # a heading ending in a short tail of another style
        short = bool(r.lead) and _short_tail(rows, i, large=r.size >= st.body + 1.0)
        if r.lead and len(r.lead) < len(t) - 2 and r.bold < 0.9 and not short \
                and (r.lead_style in ("b", "i") and _body_rest(r, st) or r.lead.endswith(_CJK_CLOSERS)):
            # a paragraph opening with a styled lead: only the lead can be a heading (in any face
            # where a Chinese or Japanese lead closes on its stop: "一通信ラウンドの流れ．AFAD …")
            standalone = False
        if standalone and len(t.split()) <= 30 and LETTER.search(t):
            c = Cand(i=i, rows=[i], text=t)
            _extend(rows, c, st)
            if len(c.text.split()) <= 40:
                out.append(c)
                taken.update(c.rows[1:])
                # a run-in lead may still start this row (bold lead of a paragraph's first line),
                # unless the row is a heading ending in a short tail of another style
                if r.lead and not c.runin and not short:
                    rc = _runin(rows, i, st)
                    if rc is not None:
                        out.append(rc)
                continue
        if r.lead:
            rc = _runin(rows, i, st)
            if rc is not None:
                out.append(rc)
    return out


# what closes a Chinese or Japanese run-in lead: a full stop or colon in full width
_CJK_CLOSERS = ("．", "。", "：")


def _under_short_head(rows: list[Row], out: list[Cand], i: int, st: DocStats) -> bool:
    """Is row ``i`` a subsection heading set in its section heading's style right under it, in
    one block ("Methods" / "Study design and setting", both bold): the row above is a one-row
    candidate of up to six words in a style set apart from the body, that did not run on into
    this row (it ends short of its column's right part), and this row is short too."""
    if not out or out[-1].rows != [i - 1] or out[-1].runin:
        return False
    prev, r = rows[i - 1], rows[i]
    if _bodyish(r, st) or not _same_style(prev, r) or len(prev.text.split()) > 6 or len(r.text.split()) > 12 \
            or prev.page != r.page or prev.col != r.col:
        return False
    e = st.extents.get((r.page, r.col), [prev.x0, prev.x1])
    width = max(e[1] - e[0], 1.0)
    return prev.x1 - e[0] < 0.6 * width and r.x1 - e[0] < 0.8 * width


def _join(a: str, b: str, keep_hyphen: bool | None = None) -> str:
    """Join two lines of a heading. A line-end hyphen before a lower-case continuation is undone
    in a run-in head (set in justified body text, "informa-tion"); a standalone heading is set
    ragged, so its line-end hyphen is the word's own ("post-transcriptionally", "MMS-treated")
    and is kept with ``keep_hyphen``; given no evidence (None), one before a word with a hyphen
    of its own is kept too (:func:`~scholartools.parsing.pdf.lines.hyphened_word_opens`). A soft
    hyphen is always undone; a hyphen between capitals only where ``keep_hyphen`` is given as false
    (the caller found the joined word printed whole)."""
    a, b = a.rstrip(), b.strip()
    if a[-1:] in "-\u2011\u00ad" and len(a) > 1 and a[-2].isalpha() and b[:1].islower():
        if (keep_hyphen or keep_hyphen is None and hyphened_word_opens(b)) and a[-1] != "\u00ad":
            return a + b
        return a[:-1] + b
    if a[-1:] in "-\u2011" and keep_hyphen is False and len(a) > 1 and a[-2].isupper() and b[:1].isupper():
        return a[:-1] + b    # a word in capitals broken across the lines ("MINI-" / "MAL …")
    return a + " " + b


def split_word(rows: list[Row], st: DocStats, a: str, b: str) -> bool:
    """Is the hyphen ending heading line ``a`` a word broken across the line ("thin layer chro-" /
    "matography", or in capitals "MINI-" / "MAL")? Yes when the joined word is printed whole
    elsewhere in the document and the hyphenated form is not; a word's own hyphen ("post-" /
    "transcriptionally") stays."""
    a = a.rstrip()
    if a[-1:] not in ("-", "\u2011"):
        return False    # HYPHEN_END needs the hyphen last: no search of the whole line
    m = HYPHEN_END.search(a)
    w = WORD_START.match(b.strip())
    # (in capitals too: "THE APPROACH TO IDENTIFY THE MINI-" / "MAL FAILURE-INDUCING SCHEMAS")
    if m is None or w is None or not (w.group(0)[:1].islower() or w.group(0).isupper() and m.group(1).isupper()):
        return False
    text = _doc_lower(rows, st)
    whole = (m.group(1) + w.group(0)).lower()
    return _starts_word(text, whole) and (m.group(1) + "-" + w.group(0)).lower() not in text


def _doc_lower(rows: list[Row], st: DocStats | None) -> str:
    """The document's text in lower case, rows joined by spaces (kept in ``st.extra``)."""
    text = st.extra.get("text") if st is not None else None
    if text is None:
        text = " ".join(r.text for r in rows).lower()
        if st is not None:
            st.extra["text"] = text
    return text


def _starts_word(text: str, word: str) -> bool:
    """Does ``word`` occur in ``text`` with no letter just before it (a digit or a mark may be)?
    A scan with ``str.find``, not a pattern compiled per word: a pattern per word would cost a
    compile for every hyphen-broken heading of every paper."""
    k = text.find(word)
    while k >= 0:
        c = text[k - 1] if k else " "
        if not (c.isalnum() and not c.isdecimal()):
            return True
        k = text.find(word, k + 1)
    return False


def _number_partner(rows: list[Row], i: int) -> int | None:
    """The row that carries the words of a section number set on its own: on the same baseline
    to its right, or just below it (flush left or flush right with it), within the next few rows."""
    r = rows[i]
    for k in range(i + 1, min(i + 6, len(rows))):
        nx = rows[k]
        if nx.page != r.page or nx.kind not in ("text", "small"):
            continue
        same_line = abs(nx.y1 - r.y1) < 0.5 * r.size and 0 <= nx.x0 - r.x1 < 6 * r.size
        # (flush left with it, or flush right: a chapter's number and title set at the right margin)
        below = k == i + 1 and -0.3 * r.size <= nx.y0 - r.y1 < 1.2 * r.size \
            and (abs(nx.x0 - r.x0) < 3 * r.size or abs(nx.x1 - r.x1) < 0.5 * r.size)
        if (same_line or below) and LETTER.match(nx.text.strip()[:1] or "0") and len(nx.text.split()) <= 16:
            return k
    return None


# a row opening on a section's number and a capital ("1 Introduction", "2.3 Data")
_SECTION_NUMBER = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,2}\.?\s+[A-Z]")

# a heading line ending in an initial ("… host specificity in C." before "gloeosporioides") or in an
# abbreviation that a phrase goes on from ("A.2 Finetuning a model per language vs." before
# "monolithic system") has not ended
_INITIAL_END = re.compile(r"(?:^|\s)(?:[A-Z]|vs|e\.g|i\.e|cf|viz)\.$")


def _mostly_caps(text: str) -> bool:
    """Four letters in five or more are capitals."""
    n = up = 0
    for ch in text:
        if ch.isalpha():
            n += 1
            up += ch.isupper()
    return n >= 3 and up >= 0.8 * n


def _same_but_italic(a: Row, b: Row) -> bool:
    """Same type but for italics: a heading line set in bold or in another face than the body,
    its next line carrying an italic name ("Preparation of … of" / "*Ocimum sanctum* Extract"), in
    the same family or, in one text block, in its italic's (TeX's "cmbx9" and "cmbxti10": "III.
    FATIGUE TESTING OF *CURCULIO*" / "*CARYAE*")."""
    return a.bold >= 0.6 and b.bold >= 0.6 and abs(a.size - b.size) < 0.4 \
        and (a.family == b.family or a.block == b.block and a.page == b.page)


def _next_word_overflows(last: Row, q: Row, right: float) -> bool:
    """Was ``last`` broken because the first word of ``q`` would not fit after it? (How ragged
    text wraps: a heading set narrow stops short of the column's right edge when its next word
    is long.) The word's width is estimated from ``last``'s own mean character width, or is the
    width of ``q`` when that word is all of it ("D Task Suite Details and Prompt" / "Examples", a
    bold word wider than the line's mean)."""
    n = len(last.text)
    if n < 8:
        return False
    first = q.text.split(maxsplit=1)[0] if q.text.strip() else ""
    if HAN_KANA_CHAR.match(first) is not None:
        first = first[:1]   # Chinese and Japanese break after any character of a run
    if first and first == q.text.strip() and last.x1 + 0.25 * last.size + (q.x1 - q.x0) > right:
        return True
    return last.x1 + 0.85 * (len(first) + 1) * (last.x1 - last.x0) / n > right


def _text_beside(rows: list[Row], k: int) -> float | None:
    """The left edge of the nearest text set beside row ``k`` on its right, level with it (text
    the page's column finder did not part from it: a figure's caption set beside a heading in a
    report), among the rows read near it; None where none is."""
    r = rows[k]
    xs = [q.x0 for q in rows[max(0, k - 10):k + 10] if q.page == r.page and q.x0 > r.x1
          and q.y0 < r.y1 and r.y0 < q.y1]
    return min(xs, default=None)


def _balanced_break(rows: list[Row], j: int, last: Row, q: Row, e: list[float], head: Row) -> bool:
    """A heading broken early for balance: a line over half the column, then a shorter,
    unnumbered line in its type that ends the heading (the row after it is set otherwise or
    stands apart) — "Application of OSEO onto Artificially" / "Inoculated Maize Grains"."""
    if last.x1 - last.x0 < 0.55 * (e[1] - e[0]) or q.x1 - q.x0 >= last.x1 - last.x0 or abs(q.x0 - last.x0) > 2:
        return False
    if strip_number(q.text)[0] is not None or KNOWN_HEADINGS.match(last.text.strip(" .:")):
        return False
    nx = rows[j + 1] if j + 1 < len(rows) else None
    return nx is None or not _same_style(head, nx) or nx.first_in_block or _gap(q, nx) > 1.5 * head.size


# the words a line that goes on ends in (a title's, a heading's, a statement's)
_CONNECTIVE_WORDS = ("and", "or", "of", "the", "in", "for", "with", "to", "on", "a", "an", "by", "from", "at", "as",
                     "via", "into", "between", "versus", "vs")
CONNECTIVE = re.compile(r"(?:\b(?:" + "|".join(_CONNECTIVE_WORDS) + r"\.?)|[-‐‑–—,:/])$", re.I)


def _extend(rows: list[Row], c: Cand, st: DocStats) -> None:
    """Continuation rows of a standalone heading: same style, close below, in the same column,
    and only where the line above wrapped (it reaches the column's right part, or it ends in a
    hyphen or a word that needs a continuation) — a section heading directly followed by a
    subsection heading in the same style stays two headings."""
    last = rows[c.rows[-1]]
    head = rows[c.i] if len(c.rows) == 1 else rows[c.rows[-1]]
    if _bodyish(head, st) and head.italic < 0.6 and not _is_caps(head):
        _numbered_body_wrap(rows, c, st)
        return  # a row in the body style is otherwise a one-line heading (in capitals it may wrap)
    caps = _is_caps(head)
    head_lead = "b" if head.bold >= 0.6 else ("i" if head.italic >= 0.6 else "f")
    numbered = strip_number(c.text)[0] is not None
    j = c.rows[-1] + 1
    while j < len(rows) and len(c.rows) < (6 if caps else 5):   # (in capitals in a narrow column: six lines)
        q = rows[j]
        if q.kind not in ("text", "small") or q.page != last.page or q.col != last.col:
            break
        if q.text.strip().isdecimal() and q.size < 0.7 * head.size and q.x1 <= head.x0:
            j += 1      # a review copy's line number in the margin between the heading's lines
            continue    # ("4.2. PCa detection using …, and entire enhanced", "330", "signal")
        # (not after a row that is itself a closed lead and a sentence: "**Statistical analysis.**
        # Shannon's diversity was cal-" / "culated as -∑", the formula's face no heading's lead)
        # (nor one whose lead ends in a connective: a theorem's italic statement goes on, "… ⊨ C and")
        lead_cont = bool(q.lead) and q.lead_style == head_lead and q.lead != q.text \
            and abs(q.lead_size - head.size) < 0.6 and not connective_end(q.lead.rstrip(" .:—–")) \
            and (q.lead.rstrip().endswith((".", ":", "—", "–") + _CJK_CLOSERS) or not _same_style(head, q)) \
            and not (len(c.rows) == 1 and _sentence_lead(head, c))
        if ")" in q.text[:6] and _enumerated(q.text):
            break       # "ii) Myocyte Bcl-2 …" under "i) Myocyte Bax …": the next enumerated heading
        if q.lead and _THEOREM_HEAD.match(q.lead.strip()):
            break       # "**Definition 2.6** (Semi-algebraic Set) A …" under "**2.2 Background: Semi-algebraic
            #             Set**": a statement's head in the heading's face opens the text under it
        if numbered and strip_number(q.text)[0] is not None:
            break       # "A. ACCESSIBLE INFORMATION …" under "IV. THEORY: …": the next numbered heading
        if not numbered and _SECTION_NUMBER.match(q.text) and strip_number(q.text)[0] is not None:
            break       # "1 Introduction" under an APA manuscript's title repeated over it: a heading of its own
        if not lead_cont and KNOWN_HEADINGS.match(strip_number(c.text)[1]) and KNOWN_HEADINGS.match(q.text.strip()):
            break       # "CONCLUSIONS" / "APPENDIX" / "ACKNOWLEDGMENT", centred and one under another
            #             (sections left empty): each a whole heading, not the lines of one
        if not lead_cont and not numbered and len(c.text.split()) >= 4 and len(q.text.split()) <= 2 \
                and KNOWN_HEADINGS.match(q.text.strip()) and q.text[:1].isupper() \
                and abs(q.x0 + q.x1 - last.x0 - last.x1) < 6 \
                and not connective_end(last.text.rstrip()) and not last.text.rstrip().endswith("-"):
            break       # "Introduction" centred under an APA manuscript's title repeated over it (a
            #             heading of its own, not the title's last line; but "2.4.4 Reusable
            #             Post-processing and Unbiased" / "Conclusions" is one heading)
        if head.italic < 0.1 and q.italic >= 0.9 and not lead_cont and q.text[:1].isupper() \
                and not connective_end(last.text.rstrip()) and not (caps and _is_caps(q)):
            break       # "Digital media-based educational interventions" in bold italic under "Providing
            #             mental health support for nursing students" in bold: the next level's heading
            #             (not a word of a heading in capitals that the author set in italics: "II.
            #             CARACTERÍSTICAS ESTRUTURAIS DE UM" / "*MEMRISTOR*")
        paren = q.text[:1] in "(["     # "(MIC)", "(RT-PCR)": an abbreviation in parentheses goes on a heading
        # a heading in capitals set larger than the body, its lines one text block: "PHOSPHATES-BASED
        # Mg ION SOLID" / "CONDUCTORS" (a chemical symbol is no change of case)
        caps_block = q.block == last.block and head.size >= st.body + 0.6 and _mostly_caps(last.text) \
            and _mostly_caps(q.text)
        # an acronym alone on the last line of a wrapped heading ("… disseminate and transmit" /
        # "CHIKV") is no heading in capitals of its own
        acronym = not caps and len(q.text.split()) <= 2 and not KNOWN_HEADINGS.match(q.text.strip(" .:"))
        # nor a name in its own case on the last line of a heading in capitals broken off after a
        # connective ("MODELING THE EARLY EVOLUTION OF" / "iPTF 16abc")
        name = caps and connective_end(last.text.rstrip()) and len(q.text.split()) <= 3 \
            and all(any(ch.isupper() or ch.isdigit() for ch in w) for w in q.text.split())
        # sizes are kept to half points: a heading whose long first line is set a shade smaller
        # (14.23 against 14.35 pt: its glyphs shrunk to fit) falls either side of 14.25 (same block)
        # (so does a heading in capitals whose lines mix a word's larger initials in unequal
        # shares: "1.3 OVERVIEW OF THE METHODS DEVELOPED" / "IN THIS THESIS", 13.5 and 14 pt)
        rounded = (q.block == last.block or caps and _is_caps(q)) and min(head.size, q.size) >= st.body + 1.0 \
            and _same_style(head, q, 0.6)
        # a heading in small capitals whose last line is a word in capitals alone, set at the size
        # of its capitals ("IV. ENGINEERING A REAL-LIFE EHEALTH SERVICE WITH" at 8 pt, capitals 10 pt,
        # / "HEADS" at 10 pt)
        capitals = caps and head.maxsize >= head.size + 0.6 and abs(q.size - head.maxsize) < 0.6 \
            and (q.bold >= 0.6) == (head.bold >= 0.6) and len(q.text.split()) <= 3 and q.text.isupper()
        if not lead_cont and (not (_same_style(head, q) or _same_but_italic(head, q) or rounded or capitals)
                              or _bodyish(q, st) and not _bodyish(head, st) and not capitals
                              or _is_caps(q) != caps and not paren and not caps_block and not acronym and not name):
            break
        g = q.y0 - last.y1
        e = st.extents.get((last.page, last.col), [last.x0, last.x1])
        # line boxes of large type overlap (their ascenders and descenders): below is enough; a
        # line box made tall by a glyph's bounding box still sits a line's pitch below
        # (a double-spaced draft spaces a heading's lines as it spaces the body's: the pitch of
        # the body's lines, grown with the heading's size, "4 Angle-Resolved … on the" / "2mer";
        # capitals are set with more lead between their lines; a line run to the column's right
        # edge went on, and may go on a pitch of 1.5 lines below: "(a) The open-weight panel …
        # where the outcome" / "is in doubt")
        # (a thesis' appendix heading at 17 pt, its lines exactly 1.6 sizes apart: a hair's room)
        pitch = 1.7 * head.size if last.x1 >= e[1] - 0.03 * (e[1] - e[0]) and not _bodyish(q, st) else 0.0
        # (a double-spaced thesis spaces its chapter titles' lines wider still, up to 2.8 sizes: "3.2
        # Temporal Component of the Velocity" / "Potential" at 17 pt, 44 pt apart, over a 12-pt body
        # 24 pt apart; a short line in the heading's own type)
        if st.body_gap >= 0.6 * st.body and _same_style(head, q) and len(q.text.split()) <= 6 \
                and not _bodyish(q, st):
            pitch = max(pitch, 2.8 * head.size)
        if g < -1 and (g < -0.35 * head.size and q.y0 - last.y0 < 0.9 * head.size or q.y0 < last.y0 + 0.5 * head.size) \
                or g > max((0.55 if caps else 0.5) * head.size, 1.5 * st.body_gap + 1.0) \
                and q.y0 - last.y0 > max(1.1 * (st.body + st.body_gap) * head.size / st.body, pitch):
            break
        # a colon ends no heading set apart from the body (a title and its subtitle: "Advancing the
        # agenda:" / "a salutogenic framing"); in the body's size it ends a lead-in sentence
        colon_on = c.text.rstrip().endswith(":") and not _bodyish(head, st) and q.text[:1].isalpha() \
            and (head.size >= st.body + 0.6 or head.bold >= 0.6)
        more = q.lead if lead_cont else q.text   # (a lead's words join the heading, not its row's)
        if sent_end(c.text) and not _INITIAL_END.search(c.text) and not colon_on \
                or len(c.text.split()) + len(more.split()) > 30:
            break
        # (a numbered heading's line indented under its words went on, but not into a paragraph's
        # run-in lead set at the paragraph's indent: "5.2 Meaning Functions" / "**Context-dependent
        # size semantics.** We model …", the next level's head)
        wrapped = last.x1 >= e[1] - 0.18 * (e[1] - e[0]) or connective_end(last.text.rstrip()) \
            or _next_word_overflows(last, q, e[1]) or paren or _balanced_break(rows, j, last, q, e, head) \
            or abs(q.x0 + q.x1 - e[0] - e[1]) < 0.1 * (e[1] - e[0]) and abs(last.x0 + last.x1 - e[0] - e[1]) < 0.1 * (e[1] - e[0]) \
            and min(q.x0, last.x0) > st.text_left.get((last.page, last.col), e[0]) + head.size \
            or numbered and q.x0 > rows[c.i].x0 + 0.8 * head.size \
            and not (lead_cont and (_cjk_line_ended(last, e[1], head.size) or len(c.rows) == 1)) \
            or q.text[:1].islower() and not lead_cont or caps_block
        if not wrapped:
            # (its next word would not have fitted before the text beside it: "1.4 The Need for
            # Easy-to-use" / "Tools" beside a paragraph the column finder left in its column)
            beside = _text_beside(rows, j - 1)
            wrapped = beside is not None and _next_word_overflows(last, q, beside)
        if not wrapped:
            break
        if lead_cont:
            # the heading's last line runs into body text: "Stability and Restart. To explore …"
            c.text = _join(c.text, q.lead)
            c.rows.append(j)
            c.runin = True
            c.rest = q.text[len(q.lead):].strip()
            return
        c.text = _join(c.text, q.text, keep_hyphen=not split_word(rows, st, c.text, q.text))
        c.rows.append(j)
        last = q
        j += 1


def _cjk_line_ended(last: Row, right: float, size: float) -> bool:
    """A heading's line closing on a Chinese or Japanese character two ems short of its column's
    right edge ended there (such text breaks between any two characters), unless broken by hand:
    an indented row under it opening with a lead in its face is a paragraph's first ("3.1 設計方針"
    over "二重異種性を … 難しさ．HeteroFL …"), no wrap."""
    return last.x1 < right - 2 * size and HAN_KANA_CHAR.match(last.text[-1:]) is not None


_SENTENCE_INSIDE = re.compile(r"[a-z)\]][.:;]\s+[A-Z]")
_SENTENCE_START = re.compile(r"\S[.:;]\s+[A-Z][a-z]*\s+[a-z]")     # "… –. We have …"


_HYPHEN_BREAK = re.compile(r"[a-z]-$")


def _numbered_body_wrap(rows: list[Row], c: Cand, st: DocStats) -> None:
    """A numbered heading set in the body's type that wraps: "3.1.1. Research on the Molecular …
    Mechanism" / "of Viral Pathogens …" / "… (Cluster 1)". Its lines are a text block of their own
    (the paragraph under it is the next block, or opens at an indent); each line but the last
    reaches the column's right part, broke before a word that would not fit, or ends in a
    connective ("Synthesis of")."""
    if len(c.rows) != 1 or strip_number(c.text)[0] is None or sent_end(c.text) or _SENTENCE_INSIDE.search(c.text):
        return   # (a numbered run-in head: "5.3.4 Meta-Level Σ-Types. We define …")
    head = rows[c.i]
    e = st.extents.get((head.page, head.col), [head.x0, head.x1])
    j = c.i + 1
    tail: list[int] = []
    while j < len(rows) and len(tail) < 3:
        q = rows[j]
        # (a line that ends in a word broken at a hyphen goes on under the title, set in from the
        # number: "5.2 Relative Completeness of SDL under a Certain Condi-" / "tion")
        broken = _HYPHEN_BREAK.search(rows[j - 1].text) is not None and q.text[:1].islower() \
            and q.x0 < head.x0 + 4 * head.size
        if q.block != head.block or q.page != head.page or q.col != head.col or q.kind != "text" \
                or q.x0 > head.x0 + 0.8 * head.size and not broken:
            break
        tail.append(j)
        j += 1
    nx = rows[j] if j < len(rows) else None
    if not tail or len(tail) == 3 or nx is None or nx.page == head.page and nx.col == head.col \
            and nx.block == head.block and nx.x0 <= head.x0 + 0.8 * head.size:
        return  # no continuation, or the block goes on as a paragraph
    last = head
    for k in tail:
        q = rows[k]
        if not _same_style(head, q) or sent_end(last.text.rstrip()) \
                or not (last.x1 >= e[1] - 0.18 * (e[1] - e[0]) or _next_word_overflows(last, q, e[1])
                        or connective_end(last.text.rstrip())):
            return
        last = q
    if rows[tail[-1]].text.rstrip().endswith((".", ":", ";")):
        return   # a paragraph's end
    text = c.text
    for k in tail:
        text = _join(text, rows[k].text, keep_hyphen=not split_word(rows, st, text, rows[k].text))
    if len(text.split()) > 40:
        return
    c.text = text
    c.rows.extend(tail)


_ENUMERATOR = re.compile(r"^\(?(?:[a-h]|[ivx]{1,4}|\d{1,2})\)\s+|^[a-h]\.\s+")
_LEAD_ENUMERATOR = re.compile(r"^(\d{1,2})\)\s")


def _enumerated(text: str) -> bool:
    """Does the text open with a paragraph enumerator before a capital ("ii) Left ventricular …")?"""
    m = _ENUMERATOR.match(text)
    return m is not None and text[m.end():m.end() + 1].isupper()


_ASCII_UPPER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_SENTENCE_OPENERS = _ASCII_UPPER | frozenset("0123456789([")   # what r"[A-Z0-9(\[]" matches


def _runin(rows: list[Row], i: int, st: DocStats) -> Cand | None:
    """A run-in heading: the styled lead of a paragraph's first row, ending in '.' or ':'."""
    r = rows[i]
    lead = r.lead.strip()
    if not lead or r.lead_style not in ("b", "i", "f"):
        return None
    # a paragraph-level enumerator before the lead ("a) New scheme:", "(b) Setup."), as some
    # layouts number their lowest headings, is the lead's label, not its words
    enum = _ENUMERATOR.match(lead)
    if enum and lead[enum.end():enum.end() + 1].isupper():
        lead = lead[enum.end():]
    words = lead.split()
    if not (1 <= len(words) <= 14) or not lead[:1].isupper() and not lead[:1].isdecimal() \
            and not (HAN_KANA_CHAR.match(lead[:1]) and lead.endswith(_CJK_CLOSERS)):
        return None   # (a Chinese or Japanese lead has no capitals: closed by its full stop)
    if sum(ch.isalpha() for ch in lead) < 3:
        return None
    rest = r.text[len(r.lead):].strip() if r.text.startswith(r.lead) else r.text[len(lead):].strip()
    # a standard label and the first words of its field in one bold run ("**Author Contributions:
    # Samir Orujov:** Conceptualization, …"): the label is the lead, the rest its text
    label, colon, more = lead.partition(":")
    if colon and more.strip() and KNOWN_HEADINGS.match(label.strip()):
        lead, rest = label + colon, (more.strip() + " " + rest).strip()
        words = lead.split()
    if not rest:
        return None
    ends = lead.endswith((".", ":", "—", "–") + _CJK_CLOSERS) or rest.startswith(("—", "–", ":", ". "))
    # a bold lead without a period runs in when a new sentence follows it ("Corpus Our models …")
    new_sentence = r.lead_style in ("b", "f") and len(words) <= 10 and rest[:1] in _SENTENCE_OPENERS
    # so does an italic lead of two words or more before a sentence ("*Strawman encoding* In order
    # to …", the lowest heading level of several classes), or of one after its enumerator ("*a.
    # Convolution* The …"); a capitalised word, not an acronym
    new_sentence = new_sentence or r.lead_style == "i" and (2 if enum is None else 1) <= len(words) <= 10 \
        and rest[:1] in _ASCII_UPPER and rest[1:2] in _ASCII_LOWER
    if not ends and not new_sentence:
        return None
    if NOISE_LEAD.match(lead) or CAPTION.match(lead) or lead.endswith(("et al.", "e.g.", "i.e.")):
        return None
    # a field of the back matter closed by a colon ("Facilities: Keck:II …", "Software: astropy …")
    if (lead.endswith(":") or rest.startswith(":")) and _FIELD_LEAD.match(lead):
        return None
    # a lead broken off before a formula ("Fiat-Shamir transform of 𝑋.") or set in math letters
    if connective_end(lead.rstrip(".: —–")) or any("\U0001d400" <= ch <= "\U0001d7ff" for ch in lead):
        return None
    return Cand(i=i, rows=[i], text=lead.rstrip(".: —–"), runin=True, rest=rest)


# the fields an astronomy journal prints after the text, each a run-in label and a list, and a
# paper's dates in a front page's footnote (amsart's "*Date*: July 30, 2026.")
_FIELD_LEAD = re.compile(r"^(?:facilit(?:y|ies)|software|date|received|revised|accepted)\s*:?$", re.I)


# ---------------------------------------------------------------------------------------------
# 3. features

FEATURES = [
    "size_rel", "size_up", "size_down", "bold", "italic", "family_diff", "caps", "numbered", "num_depth",
    "words_log", "ends_period", "ends_colon", "lower_start", "first_in_block", "gap_before", "gap_after",
    "indent", "centred", "width", "next_bodyish", "prev_ended", "in_figure", "neighbours", "known",
    "style_share", "style_long", "style_rows_log", "underline", "front_zone", "digit_ratio", "urlish",
    "lines", "runin", "runin_bold", "runin_italic", "runin_font", "lead_words", "institution",
    "same_as_next", "after_refs", "prev_headlike", "lead_punct", "rest_upper", "runin_repeat", "lead_commas",
    "year", "cell_gap", "hanging",
]
FEATURES2 = ["z1", "style_mean", "style_count", "style_high", "style_low", "style_headlike", "style_pages"]


def _runin_key(r: Row) -> tuple:
    return (r.lead_style, round(r.size), r.family)


def _lead_key(r: Row) -> tuple:
    """A run-in lead's own style (style, size, face), whatever face the rest of its row is in: a
    long bold lead makes the bold face its row's, a short one leaves the row the body's. (The
    heading model's features count leads by :func:`_runin_key`, as it was trained.)"""
    return (r.lead_style, round(r.lead_size or r.size), r.lead_family or r.family)


def features(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    # the 48 entries in FEATURES' order. Written for speed (issue 36) and computing what the
    # plain form computes: the document's statistics in local names; a clamp ``max(lo, min(v,
    # hi))`` as the conditionals those calls evaluate (``min(a, b)`` is ``b if b < a else a``,
    # ``max(a, b)`` is ``b if b > a else a``, so NaN and ±0 come out as from the calls);
    # ``style_key``, ``_bodyish`` and ``_gap`` written out (tests/test_parse_headings_speed.py
    # holds this against the plain form).
    body = st.body
    body_gap = st.body_gap
    body_family = st.body_family
    extents = st.extents
    text_left = st.text_left
    style_chars = st.style_chars
    style_rows = st.style_rows
    style_long = st.style_long
    total_chars = st.total_chars
    abstract_row = st.abstract_row
    first_heading_page = st.first_heading_page
    front_limit = 0.45 * st.page_height
    refs_row = st.refs_row
    nrows = len(rows)
    log1p = math.log1p
    runin_keys: dict[tuple, int] = {}
    for c in cands:
        if c.runin:
            k = _runin_key(rows[c.i])
            runin_keys[k] = runin_keys.get(k, 0) + 1
    for c in cands:
        crows = c.rows
        ci = c.i
        clast = crows[-1]
        first = rows[ci]
        r = rows[clast] if len(crows) > 1 and _NUMBER_ONLY.match(first.text) else first
        runin = c.runin
        lead_style = r.lead_style
        last = rows[clast]
        prev = rows[ci - 1] if ci else None
        nxt = rows[clast + 1] if clast + 1 < nrows else None
        text = c.text
        number, rest = strip_number(text)
        words = rest.split() if rest else text.split()
        digits = len(_DECIMAL.findall(text))     # r"\d" of a str pattern is a decimal digit (str.isdecimal)
        rpage, rcol = r.page, r.col
        e = extents.get((rpage, rcol), [r.x0, r.x1])
        e0, e1 = e[0], e[1]
        colw = e1 - e0
        if 50.0 > colw:   # max(e1 - e0, 50.0)
            colw = 50.0
        rsize, rbold, ritalic, rfamily, rupper = r.size, r.bold, r.italic, r.family, r.upper
        k = (rsize, rbold >= 0.6, ritalic >= 0.6, rfamily, rupper)   # style_key(r)
        share = style_chars.get(k, 0) / total_chars
        nrows_style = style_rows.get(k, 1)
        long_rate = style_long.get(k, 0) / nrows_style
        # _gap(prev, first), _gap(last, nxt)
        fpage, fcol = first.page, first.col
        if prev is None or prev.page != fpage or prev.col != fcol or first.y0 < prev.y0 - 1:
            gb = 99.0
        else:
            gb = first.y0 - prev.y1
        if nxt is None or last.page != nxt.page or last.col != nxt.col or nxt.y0 < last.y0 - 1:
            ga = 99.0
        else:
            ga = nxt.y0 - last.y1
        tail = text.rstrip()
        prev_ended = prev is not None and sent_end(prev.text)
        if len(crows) == 1:
            span = first.x1 - first.x0
            most_gap = first.gap
        else:
            span = max(rows[j].x1 for j in crows) - min(rows[j].x0 for j in crows)
            most_gap = max(rows[j].gap for j in crows)
        rx0 = r.x0
        centre = (rx0 + r.x1) / 2
        centred = abs(centre - (e0 + e1) / 2) < 0.06 * colw and rx0 - e0 > 2 * body
        size_rel = (rsize - body) / body
        lead_words = len(text.split()) if runin else 0
        head = rest or text
        # the clamps, as the max/min calls of the plain form evaluate them
        v = size_rel if size_rel < 1.0 else 1.0
        f_size = v if v > -0.5 else -0.5
        v = (gb - body_gap) / body
        v = 3.0 if 3.0 < v else v
        f_before = v if v > -1.0 else -1.0
        if runin:
            f_after = 0.0
        else:
            v = (ga - body_gap) / body
            v = 3.0 if 3.0 < v else v
            f_after = v if v > -1.0 else -1.0
        v = (first.x0 - text_left.get((rpage, rcol), e0)) / body
        v = 6.0 if 6.0 < v else v
        f_indent = v if v > -2.0 else -2.0
        v = span / colw
        f_span = 1.2 if 1.2 < v else v
        v = r.neighbours
        f_neigh = float(3 if 3 < v else v)
        n = len(text)
        nxt_bodyish = nxt is not None and abs(nxt.size - body) < 0.6 and nxt.bold < 0.5 \
            and nxt.family == body_family
        if runin:
            rk = _runin_key(r)
            v = c.text.count(",") / 2.0
            f_commas = 1.0 if 1.0 < v else v
            f_gap = 0.0
        else:
            f_commas = 0.0
            f_gap = 6.0 if 6.0 < most_gap else most_gap
        f = [
            f_size,
            1.0 if rsize >= body + 0.45 else 0.0,
            1.0 if rsize <= body - 0.45 else 0.0,
            1.0 if (rbold >= 0.6 and not runin) or (runin and lead_style == "b") else 0.0,
            1.0 if (ritalic >= 0.6 and not runin) or (runin and lead_style == "i") else 0.0,
            1.0 if rfamily != body_family else 0.0,
            1.0 if rupper and not runin else 0.0,
            1.0 if number else 0.0,
            float(number.count(".") + 1) if number else 0.0,
            log1p(len(words)),
            1.0 if tail.endswith(".") and not runin else 0.0,
            1.0 if tail.endswith(":") and not runin else 0.0,
            1.0 if head[:1].islower() and not _enumerated(head) else 0.0,
            1.0 if first.first_in_block else 0.0,
            f_before,
            f_after,
            f_indent,
            1.0 if centred else 0.0,
            f_span,
            1.0 if nxt_bodyish else 0.0,
            1.0 if prev is None or prev.page != fpage or prev.col != fcol
            or prev_ended else 0.0,
            1.0 if r.fig else 0.0,
            f_neigh,
            1.0 if KNOWN_HEADINGS.match(unspace(head).strip(" :.")) else 0.0,
            math.log10(share + 1e-5),
            long_rate,
            log1p(nrows_style),
            1.0 if r.underline else 0.0,
            (1.0 if ci < abstract_row else 0.0) if abstract_row >= 0 else
            (1.0 if rpage == first_heading_page and r.y0 < front_limit else 0.0),
            digits / (n if n > 1 else 1),
            1.0 if _urlish(text) else 0.0,
            float(len(crows)),
            1.0 if runin else 0.0,
            1.0 if runin and lead_style == "b" else 0.0,
            1.0 if runin and lead_style == "i" else 0.0,
            1.0 if runin and lead_style == "f" else 0.0,
            log1p(lead_words),
            1.0 if institution(text) else 0.0,
            1.0 if nxt is not None and _same_style(nxt, r) and not runin else 0.0,
            1.0 if 0 <= refs_row < ci else 0.0,
            1.0 if prev is not None and prev.page == fpage and len(prev.text.split()) <= 12
            and not prev_ended and not _bodyish(prev, st) and gb < 2 * body else 0.0,
            1.0 if runin and tail[-1:] in ".:" else 0.0,
            1.0 if runin and _rest_capital(c.rest) else 0.0,
            log1p(runin_keys.get(rk, 1) - 1) if runin else 0.0,
            f_commas,
            1.0 if _YEAR.search(text) else 0.0,
            f_gap,
            _hanging(first, nxt, body) if runin else 0.0,
        ]
        if _under_two_letters(text):
            f[9] = -1.0
        c.feats = f
        c.skey = ("R",) + rk if runin else k
        c.page = rpage
        c.headlike = 1.0 if (runin or f[19] and f[18] < 0.75) and not f[10] else 0.0


_DECIMAL = re.compile(r"\d")


def _under_two_letters(text: str) -> bool:
    """``sum(map(str.isalpha, text)) < 2``, stopping at the second letter."""
    seen = False
    for ch in text:
        if ch.isalpha():
            if seen:
                return False
            seen = True
    return True


def _hanging(first: Row, nxt: Row | None, body: float) -> float:
    """1 when the paragraph a run-in lead opens goes on indented under it (a hanging indent: a
    description-list label, not a paragraph heading, whose next line is flush with it)."""
    if nxt is None or nxt.page != first.page or nxt.col != first.col or nxt.y0 - first.y1 > 1.5 * body:
        return 0.0
    return 1.0 if nxt.x0 - first.x0 > 1.0 * body and nxt.x1 - nxt.x0 > 0.3 * (first.x1 - first.x0) else 0.0


# ---------------------------------------------------------------------------------------------
# 4. scoring, outline, levels

def load_model(path: str | None = None) -> dict:
    global _MODEL
    if path is None and _MODEL is not None:
        return _MODEL
    with open(path or MODEL_PATH, encoding="utf-8") as fh:
        m = json.load(fh)
    if m.get("features") != FEATURES or m.get("features2", FEATURES2) != FEATURES2:
        raise ValueError("heading model features do not match the code; retrain with python -m tools.train_headings")
    if path is None:
        _MODEL = m
    return m


def _logit(p: dict, x: list[float]) -> float:
    """intercept + Σ wᵢ·(xᵢ − mᵢ)/sᵢ, clamped to ±30 (:func:`_logits` of one vector)."""
    return _logits(p, [x])[0]


def _logits(p: dict, xs: list[list[float]]) -> list[float]:
    """intercept + Σ wᵢ·(xᵢ − mᵢ)/sᵢ, clamped to ±30, of every vector of ``xs``: the plain loop
    (``z += wi * (xi - mi) / si``, the terms added in feature order). (``sum`` would not do: from
    Python 3.12 it adds floats with compensation, which changes the last bits. Four ``map`` chains
    a feature across the candidates cost more: a float made and a C call for each of the four
    operations, 1.5× this loop on the gold PDFs' candidates; issue 36.)"""
    b = p["intercept"]
    wms = list(zip(p["coef"], p["mean"], p["scale"]))
    out = []
    for x in xs:
        z = b
        for xi, (wi, mi, si) in zip(x, wms):
            z += wi * (xi - mi) / si
        out.append(max(-30.0, min(30.0, z)))
    return out


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


def style_features(cands: list[Cand]) -> list[list[float]]:
    """Stage-2 features: the candidate's own stage-1 logit and how the other candidates in its
    style fared (headings of one level share a style across the document; table cells and
    figure labels in a heading-like style share it with many weak rows)."""
    groups: dict[tuple, list[Cand]] = {}
    pages = set()
    for c in cands:
        groups.setdefault(c.skey, []).append(c)
        pages.add(c.page)
    npages = max(len(pages), 1)
    stats = {}
    for k, cs in groups.items():
        ps = [_sigmoid(c.z1) for c in cs]
        stats[k] = (sum(ps), sum(1 for p in ps if p >= 0.5), sum(1 for p in ps if p < 0.1),
                    sum(c.headlike for c in cs), len({c.page for c in cs}))
    out = []
    for c in cands:
        tot, hi, lo, hl, pg = stats[c.skey]
        own = _sigmoid(c.z1)
        n = len(groups[c.skey]) - 1
        if n > 0:
            mean = (tot - own) / n
            high = (hi - (own >= 0.5)) / n
            low = (lo - (own < 0.1)) / n
            head = (hl - c.headlike) / n
        else:
            mean, high, low, head = own, 0.0, 0.0, c.headlike
        out.append([c.z1, mean, math.log1p(n), high, low, head, pg / npages])
    return out


def score(cands: list[Cand], model: dict | None = None) -> None:
    """Heading probability of each candidate: stage 1 from its own features, stage 2 adding the
    evidence of the other candidates set in the same style."""
    m = model or load_model()
    for c, z in zip(cands, _logits(m["stage1"], [c.feats for c in cands])):
        c.z1 = z
        c.p = _sigmoid(z)
    if "stage2" in m and cands:
        for c, z in zip(cands, _logits(m["stage2"], style_features(cands))):
            c.p = _sigmoid(z)


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10,
          "XI": 11, "XII": 12, "XIII": 13, "XIV": 14, "XV": 15}


def _parts(number: str) -> tuple[str, list[int]] | None:
    """("digit" | "roman" | "letter" | "lower", numeric parts) of a section number, None if unusable."""
    head, _, tail = number.replace("-", ".").partition(".")
    # (a part lettered counts as its place in the alphabet: "2.a" is 2.1, IEEE's "III-A" is III.1)
    rest = [int(x) if x.isdigit() else ord(x.lower()) - 96 for x in tail.split(".")
            if x.isdigit() or len(x) == 1 and ("a" <= x <= "z" or "A" <= x <= "Z" and head in _ROMAN)] if tail else []
    if head.isdigit():
        return "digit", [int(head)] + rest
    if head in _ROMAN and (not tail or rest):   # "II.3.1": a section of chapter II
        return "roman", [_ROMAN[head]] + rest
    if len(head) == 1 and head.isalpha() and head.isupper():
        return "letter", [ord(head) - 64] + rest
    if len(head) == 1 and "a" <= head <= "h" and not tail:   # "a. Building blocks" under "2. Methods"
        return "lower", [ord(head) - 96]
    if 2 <= len(head) <= 3 and head[0].isupper() and head[1:].isdigit():   # "D2": appendix D's second part
        return "letter", [ord(head[0]) - 64, int(head[1:])] + rest
    return None


_PAREN_NUMBER = re.compile(r"\s*\d+\)")


def _outline_parts(c: Cand) -> tuple[str, list[int]] | None:
    """:func:`_parts` of a candidate's number, digits closed by a parenthesis ("1) Definition") a
    kind of their own: an outline's lowest level, restarting under each "1. Confirmed case"."""
    pr = _parts(c.number)
    if pr and pr[0] == "digit" and len(pr[1]) == 1 and _PAREN_NUMBER.match(c.text):
        return "paren", pr[1]
    if c.letter and pr and pr[0] == "roman":
        return "letter", [ord(c.number.strip(". ")[0]) - 64] + pr[1][1:]
    return pr


def _letters_in_series(cands: list[Cand]) -> None:
    """Mark the candidates numbered "I", "V" or "X" that go on a series of lettered headings: the
    first standalone one after "H", "U" or "W" (IEEE's ninth subsection, "I. Arbitrary Relay
    Surfaces …" after "H. Sparse …", under sections numbered in roman), which :func:`_parts`
    reads as roman numerals; a section numbered in roman of two letters or more ends the series."""
    last = None
    for c in cands:
        if not c.number or c.runin or c.p < 0.08:
            continue
        head = c.number.strip(". ")
        if len(head) == 1 and "A" <= head <= "Z":
            c.letter = head in _ROMAN and last == chr(ord(head) - 1)
            last = head
        elif head in _ROMAN:
            last = None


# a year as a reference prints it, after a comma, a period or an opening parenthesis ("Smith, J.
# (2019)", "Nature, 2019"); a heading may name one plainly ("1 Submission of papers to ICLR 2026")
_YEAR = re.compile(r"[(,.]\s*(1[89]|20)\d\d[a-z]?\b")
# a span of years in brackets, the period a section covers ("5.6 Empirical Results (2004–2009)"),
# not a reference's year
_YEAR_SPAN = re.compile(r"\(\s*(?:1[89]|20)\d\d\s*[–—-]\s*(?:(?:1[89]|20)\d\d|\d\d)\s*\)")


# a subsection named for the study whose data it describes, all its title or its end ("2.3. Willott
# et al. 2013", "2.1 Smith & Jones 2010": a paper comparing published measurements; "2.1 Sediment Core
# Records from Lu et al. (2023)"), where a numbered reference goes on past the year
_NAMED_FOR_SOURCE = re.compile(r"^(?:[^\W\d_]{2,}[-'’]?[^\W\d_]* ){0,8}?[A-ZÀ-Þ][^\W\d_]+(?:[-'’][A-ZÀ-Þ]?[^\W\d_]+)?"
                               r"(?: et al\.?| (?:and|&) [A-ZÀ-Þ][^\W\d_]+(?:[-'’][A-ZÀ-Þ]?[^\W\d_]+)?),? "
                               r"\(?(?:19|20)\d\d[a-z]?\)?$"
                               # or citing its source in brackets after its name ("2.1 M2 (Dahlmeier
                               # and Ng, 2012)": a survey of metrics, one subsection each)
                               r"|^\S.{0,60}? \([A-ZÀ-Þ][^\W\d_]+(?:[-'’][A-ZÀ-Þ]?[^\W\d_]+)?"
                               r"(?: et al\.| (?:and|&) [A-ZÀ-Þ][^\W\d_]+(?:[-'’][A-ZÀ-Þ]?[^\W\d_]+)?)?,? "
                               r"(?:19|20)\d\d[a-z]?(?:, (?:19|20)\d\d[a-z]?)*\)$")


# words a statement's clause goes on after, which no heading ends in (in lower case: "Matrix
# Product States and All That" is a title)
_CLAUSE_ENDS = frozenset(("that", "where", "whenever", "then", "if"))


def _outline_like(c: Cand) -> bool:
    """Could this numbered candidate be a section heading at all? (Numbered references and
    list items are long, end with a period or carry a year as references print it.)"""
    words = c.title.split()
    if len(words) > 24 or _YEAR.search(_YEAR_SPAN.sub("", c.text)) and not ("." in (c.number or "").strip(".")
                                                        and _NAMED_FOR_SOURCE.match(c.title)):
        return False
    if not c.runin and len(words) >= 6 and (words[-1].lower() in _CONNECTIVE_WORDS
                                            or words[-1].rstrip(":") in _CLAUSE_ENDS):
        return False   # a statement's item broken off at "… ⊨ C and" or going on after "… such
        #                that:" (a theorem's enumerated parts)
    # a short subsection heading closed by a period ("2.2.1. Primary objective."): a number of
    # two levels or more and one short sentence — longer when the row is set bold or italic (a
    # run-in head filling its line: "2.4.2. *Cytotoxicity of HR and SGR Essential Oils and LPS.*")
    # — and a short heading of the first level set bold or italic, standing alone ("**1. Introduction.**"
    # over the text, SIAM's style; a list's item is set in the text's face)
    styled = bool(c.feats) and (c.feats[3] or c.feats[4])
    return c.runin or not c.text.rstrip().endswith(".") \
        or ("." in (c.number or "").strip(".") and len(words) <= (14 if styled else 8) or styled and len(words) <= 6) \
        and c.title.count(".") == 0


def _step_ok(a: list[int], b: list[int]) -> bool:
    """May section number ``b`` follow ``a`` in an outline (one missing heading tolerated)?"""
    if b[0] == a[0]:
        if len(b) > len(a):
            return b[:len(a)] == a and all(x <= 2 for x in b[len(a):])   # 3 → 3.1, 3.1 → 3.1.1
        k = len(b) - 1
        return b[:k] == a[:k] and a[k] < b[k] <= a[k] + 2                 # 3.1 → 3.2, 3.1.2 → 3.2
    if a[0] < b[0] <= a[0] + 2:
        return all(x <= 2 for x in b[1:])                                 # 3.4 → 4, 3 → 4.1
    return False


def _step_over(a: list[int], b: list[int], taken: set[tuple[int, ...]]) -> bool:
    """May ``b`` follow ``a`` at the same level when every number between them is ``taken`` (by
    theorem-like heads numbered in the same series)?"""
    k = len(b) - 1
    return len(a) == len(b) and a[:k] == b[:k] and a[k] + 2 < b[k] \
        and all((*a[:k], x) in taken for x in range(a[k] + 1, b[k]))


def _continues_outline(cands: list[Cand], run: list[Cand]) -> bool:
    """Does a run of numbered run-in leads go on with the outline: its first number n is no
    list's first (n > 1) and the last numbered candidate before it, one the model half believes,
    is a subsection of n - 1 ("3.2. More complicated case." then "4. Real Data Example. Hospital
    …" and "5. Conclusion and Future Work. …", a draft's one-line sections run in as the
    Annals' class sets them)?"""
    first = run[0].number.strip(".") if run and run[0].number else ""
    if not first.isdigit() or int(first) < 2:
        return False
    before = next((c for c in reversed(cands[:cands.index(run[0])]) if c.number and c.p >= 0.3), None)
    parts = before.number.strip(".").split(".") if before is not None else []
    return len(parts) >= 2 and parts[0].isdigit() and int(parts[0]) == int(first) - 1


def _enumerated_leads(cands: list[Cand], rows: list[Row]) -> None:
    """Run-in leads numbered 1., 2., 3. … with two of them a few rows apart are an enumerated
    list's items ("1. **MARLIN-Twin (Full Proposed):** …", "2. **Ablation 1:** …"), not an
    outline's sections, whose text runs for paragraphs: they would else make a chain of section
    numbers that wins over the document's own ("1 Introduction" … "5 Experiments"). The whole run
    of consecutive numbers goes, also its items set further apart (a list of baselines in an
    appendix, "1. Random" … "9. Sentence BERT", whose later items run for a paragraph each).
    So is a run of two or more whose paragraphs go on under their leads (a hanging indent: "1.
    **Structure of B:** …" over lines set in from its number), however far apart. Once a run is a
    list, items the model is sure of go with it ("4. **Fixed Point Equation:**", scored 0.99)."""
    k_hang = FEATURES.index("hanging")

    def hangs(c: Cand) -> bool:
        return len(c.feats) > k_hang and c.feats[k_hang] > 0.5

    def number(c: Cand) -> int | None:
        if c.number and c.number.strip(".").isdigit():
            return int(c.number.strip("."))
        # (or by the enumerator its lead opens with, which the lead's words leave out: "2) **Empirical
        # on-chain performance.** Most …", IEEE's enumerated items with bold labels)
        m = _LEAD_ENUMERATOR.match(rows[c.i].lead) if c.number is None else None
        return int(m.group(1)) if m else None

    items = [(c, n) for c in cands if c.runin for n in (number(c),) if n is not None]
    # runs of leads numbered one after another; a run with two of them a few rows apart, or two
    # hanging, is a list, all of it (its later items may each run for a paragraph)
    run: list[Cand] = []
    close = False
    hung = 0
    for k, (c, n) in enumerate(items + [(None, 0)]):
        if run and c is not None and n == items[k - 1][1] + 1:
            close = close or c.i - run[-1].i <= 4 and c.p < 0.97 and run[-1].p < 0.97
            hung += hangs(c)
            run.append(c)
            continue
        if (close or hung >= 2) and not _continues_outline(cands, run):
            for x in run:
                x.p = 0.0
        run, close = ([c], False) if c is not None else ([], False)
        hung = int(c is not None and hangs(c))


# a term opening with a letter of its own and a hyphen, which a title in title case keeps in lower
# case ("3.4.6. β-Carotene Bleaching", "3.1 k-means"), or a count joined to its capitalised noun
# ("2.3.3 2-Parameter Logistic Model", "5.4 4-Variant Ablation")
_LETTER_PREFIX = re.compile(r"[a-zα-ω][-‐]\w|\d{1,2}[-‐][A-Z]")
# a chemical formula or a compound's name in a chemist's title: a bracketed complex opening in an
# element's capital ("[Pt(Phen)(SSDACH)(OH)](NO3)2 (1)"), or an isomer's prefix before one
# ("cis-[PtCl2(TMSO)2]", "trans-[PtCl2(dstp)(DPSO)]", "fac-Ir(ppy)3")
_FORMULA_OPENING = re.compile(r"(?:(?:cis|trans|fac|mer|meso|syn|anti|endo|exo)[-‐])?[\[(]*[A-Z]")


def _opens_capital(title: str) -> bool:
    """Does a title open in a capital, or with a one-letter prefix before a hyphen, or in a script
    without case (Chinese, Japanese: "问题重述" opens as a capitalised title does)?"""
    return title[:1].isupper() or _LETTER_PREFIX.match(title) is not None or HAN_KANA_CHAR.match(title) is not None \
        or _FORMULA_OPENING.match(title) is not None


def _deep_title(c: Cand, parts: list[int], rows: list[Row]) -> bool:
    """A number of three levels or more before a short capitalised title on a line of its own in
    one style ("3.2.1. Fungi"): the lowest level of an outline, set in the body's type by some
    journals, which the model scores low; its place in the outline decides. So is a number of two
    levels before a title of up to eight words in title case ("2.1 Topic Clustering"; its
    connecting words may stay in lower case: "3.2 Comparison with DBSCAN")."""
    lead = rows[c.i].lead   # (a lead that is the number alone, in its own font, is no run-in head's)
    if len(parts) < 2 or c.runin or lead and lead.strip().rstrip(".") != c.number or not _opens_capital(c.title) \
            or sent_end(c.title) or _SENTENCE_START.search(c.title):
        return False
    words = c.title.split()
    if len(parts) >= 3:
        return len(words) <= 14
    # (or in sentence case, up to five words on one row standing over a blank line apart from
    # the rows above and under it: Springer's "3.1 Literature datasets", "5.2 Consumption centres:
    # Britannia and Germania", in the body's type; not a sentence in a paragraph's flow)
    if len(words) <= 5 and len(c.rows) == 1 and not re.search(r"[.;]\s+\S", c.title) and _apart(rows, c.i):
        return True
    # (a Chinese or Japanese title, which has no case, is short and holds no sentence's
    # punctuation: "1.1 研究の背景")
    return len(words) <= 8 and all(w[:1].isupper() or HAN_KANA_CHAR.match(w) and len(w) <= 20 and not _CJK_CLAUSE.search(w)
                                   for w in words
                                   if len(w) >= 4 and w[:1].isalpha() and w.lower() not in _CONNECTIVE_WORDS)


_CJK_CLAUSE = re.compile("[，。、：；！？]")


def _apart(rows: list[Row], i: int) -> bool:
    """Does row ``i`` stand over 1.2 of its sizes apart from the rows right above and
    under it on its page?"""
    r = rows[i]
    if i == 0 or i + 1 >= len(rows):
        return False
    above, below = rows[i - 1], rows[i + 1]
    return above.page == r.page == below.page and r.y0 - above.y1 > 1.2 * r.size and below.y0 - r.y1 > 1.2 * r.size


def _rest_capital(rest: str) -> bool:
    """The paragraph after a run-in lead goes on with a capital, past a dash that closes the lead
    (Physical Review's "*Introduction.*—The O(n²) circuit depth …")."""
    return rest.lstrip("—– ")[:1].isupper()


# what closes a run-in lead set in its own style: its period, or a dash ("**Harm—**Respondents …")
_LEAD_CLOSERS = (".", "—", "–")


def _numbered_lead(c: Cand, rows: list[Row]) -> bool:
    """A run-in head numbered two levels deep in a styled lead closed by a period ("**2.3. NMR
    Studies.** A single isomer …", the lead in a heavier face than the text; or over two rows,
    closed in the second's lead): the model is unsure of such leads in a face it does not know;
    their place in the outline decides."""
    r = rows[c.rows[-1]]    # a head over two rows closes in the last one's lead
    return c.runin and c.p >= 0.05 and "." in (c.number or "").strip(".") and r.lead_style in ("b", "i", "f") \
        and r.lead.rstrip().endswith(_LEAD_CLOSERS) and len(c.title.split()) <= 14


def _plausible_sequence(cands: list[Cand], threshold: float, rows: list[Row]) -> None:
    """Numbered headings must form an outline. Among numbered candidates (weak ones included)
    the chain of plausible steps (2 → 2.1 → 2.2 → 3) with the largest total evidence is kept;
    its members are headings even when weak on their own ("1 Introduction" set like body text
    but followed by 1.1 and 2), numbered candidates off the chain are not (an affiliation
    "1 University of X" before "1 Introduction", list items, a stray "H." initial).

    Outlines that number each level in its own kind (I. → A. → 1.) restart the lower kinds under
    every higher heading: a kind may start again at 1 where a member of an outline chain of
    another kind, found before it (kinds taken roman, letter, digit, lower-case letter), lies in
    between."""
    _enumerated_leads(cands, rows)
    _centred_outline(cands, threshold, rows)
    _letters_in_series(cands)
    _affiliation_lists(cands)
    pos = {id(c): k for k, c in enumerate(cands)}
    # positions of chain members of the kinds done before; an unnumbered standard section
    # heading ("Results") counts as one: lists of subsections numbered "1)", "2)" restart under it
    others: list[int] = [k for k, c in enumerate(cands) if not c.number and not c.runin and c.p >= threshold
                         and KNOWN_HEADINGS.match(c.title)]
    # items numbered "1)", "2)" restart under any unnumbered heading ("Patient management", "Ward")
    headed = [k for k, c in enumerate(cands) if not c.number and not c.runin and c.p >= threshold]
    # standalone candidates of each kind the model is sure of: a kind done earlier may restart
    # after them too ("1. INTRODUCTION", "2. ITERATIVE MAP MODEL" / "A. …", "B. …", "3. RESULTS" /
    # "A. …", "B. …": the digits' chain is found after the letters')
    sure: dict[str, list[int]] = {}
    for k, c in enumerate(cands):
        if c.number and not c.runin and c.p >= 0.9 and (pr := _outline_parts(c)):
            sure.setdefault(pr[0], []).append(k)
    # the numbers theorem-like heads take from the sections' series ("3.2. Definition." … "3.6.
    # Theorem." between "3.1. Monoidal …" and "3.7. Duality …"): a step over them is a step
    taken = {tuple(pr[1]) for c in cands if c.number and _number_first_theorem(c) and (pr := _parts(c.number))}
    # a chapter's title numbered by its label (:func:`_chapter_titles`) is one whatever the chain,
    # and every kind may start again after it (a thesis numbers its sections 1, 2 … in every
    # chapter: "Chapitre 2" / "1 Titre de la première section"); a part's ("第一部分", "Part II") is
    # no step of the chapters' outline
    chapters = [k for k, c in enumerate(cands) if c.chapter]
    plain_sections: list[int] = []   # the rows of a whole roman outline found scored near nothing
    for kind in ("roman", "letter", "digit", "paren", "lower"):
        restarts = sorted(others + chapters + (headed if kind == "paren" else [])
                          + [k for other, ks in sure.items() if other != kind for k in ks])
        items = []
        weak = []   # standalone candidates of the kind scored too low to be steps: fillers at most
        faint = []  # and scored lower still (0.01 …): steps of a whole outline at most
        low = [c for c in cands if c.number and not c.runin and 0.02 <= c.p < 0.08 and (pr := _outline_parts(c))
               and pr[0] == kind and len(pr[1]) == 1]   # (before they are cleared: a chain's lead-in)
        for c in cands:
            if not c.number or c.chapter == "part" or c.runin and c.p < threshold and not _numbered_lead(c, rows):
                continue
            pr = _outline_parts(c)
            if pr and pr[0] == kind and (c.p >= 0.08 or (c.number_alone or _deep_title(c, pr[1], rows)) and c.p >= 0.01) \
                    and _outline_like(c) and not _affiliation_line(c.title) \
                    and not (kind == "lower" and (len(c.title.split()) > 10 or _STOP_INSIDE.search(c.title)
                                                  and not _titled_colon(c.title))):
                items.append((c, pr[1]))
            elif pr and pr[0] == kind and c.p < 0.97:
                if c.p >= _filler_floor(c, rows) and not c.runin and kind != "lower" and _outline_like(c):
                    weak.append((c, pr[1]))
                elif kind in ("roman", "digit", "letter") and not c.runin and c.p >= 0.01 and _outline_like(c) \
                        and not _affiliation_line(c.title):
                    faint.append((c, pr[1]))   # (a whole outline's step at most: cleared below otherwise)
                else:
                    c.p = 0.0
        whole = sorted(items + weak, key=lambda it: pos[id(it[0])])
        # (scored near nothing, every step of them: an IEEE journal paper whose headings came out
        # in the body's regular type, "I. Introduction" centred, 0.03; "A. Bias Evaluation …", 0.02)
        with_faint = sorted(items + weak + faint, key=lambda it: pos[id(it[0])])
        if kind == "digit":
            found = whole if _whole_outline(whole, rows) else \
                with_faint if faint and _whole_outline(with_faint, rows) else None
            if found is not None:
                for c, _ in found:
                    c.p = max(c.p, threshold + 0.01)
                for c, _ in faint:
                    if c.p < threshold:
                        c.p = 0.0
                continue
        if kind == "roman":
            found = whole if weak and _whole_roman_outline(whole, rows, cands) else \
                with_faint if faint and _whole_roman_outline(with_faint, rows, cands) else None
            if found is not None:
                # (the sections then make the chain as sure steps, so the lettered subsections start
                # again under each, as under any chain of sections)
                for c, _ in found:
                    c.p = max(c.p, threshold + 0.01)
                items, weak = found, []
                if found is with_faint:
                    plain_sections = [c.i for c, _ in found]
        if kind == "letter" and faint and plain_sections:
            # (in the sections' own size: a reference's first line "A. Clark, A. Ostrow, …" is none)
            size = rows[plain_sections[0]].size
            subs = [(c, b) for c, b in with_faint if abs(rows[c.i].size - size) < 0.6]
            if _lettered_under(subs, plain_sections, rows):
                # (the outline is theirs: no chain is sought, the other lettered rows are none)
                for c, _ in subs:
                    c.p = max(c.p, threshold + 0.01)
                for c, _ in items + weak + faint:
                    if c.p < threshold or c.p < 0.97 and all(c is not x for x, _ in subs):
                        c.p = 0.0
                others = sorted(others + [pos[id(c)] for c, _ in subs])
                continue
        for c, _ in faint:
            if c.p < threshold:
                c.p = 0.0
        if not items:
            for c, _ in weak:
                c.p = 0.0
            continue
        n = len(items)
        standing = {c.i for c, _ in items if not c.runin}
        best = [0.0] * n
        back = [-1] * n
        for j in range(n):
            cj, bj = items[j]
            # (a run-in lead yields its place in the outline to a standalone heading of the same
            # number on another row: "4. Diagonal resolvent entries. …", a proof's step, before
            # "4 Main Results"; on its own row the run-in reading stays the stronger)
            # ("1. INTRODUCTION" weak on its own where it runs on under the abstract's last line
            # is the outline's start)
            gain = cj.p - 0.35 + (0.15 if kind != "letter" or bj[0] == 1 else 0.0) \
                + (0.3 if cj.number_alone else 0.25 if _deep_title(cj, bj, rows) or _numbered_lead(cj, rows) else 0.0) \
                - (0.1 if cj.runin and cj.i not in standing else 0.0) \
                + (0.2 if bj == [1] and not cj.runin and _INTRODUCTION.match(cj.title) else 0.0)
            start_ok = bj[0] <= 1 or kind == "digit" and bj[0] <= 2 and cj.p >= threshold
            best[j] = gain if start_ok else gain - 0.5
            for i in range(j):
                ci, bi = items[i]
                ok = _step_ok(bi, bj) or (bj == [1] and _between(restarts, pos[id(ci)], pos[id(cj)])) \
                    or taken and _step_over(bi, bj, taken)
                if ok and best[i] + gain + 0.1 > best[j]:
                    best[j] = best[i] + gain + 0.1
                    back[j] = i
        j = max(range(n), key=lambda k: best[k])
        # a chain with no evidence for it lifts nothing: a lone "S." that cannot start an outline
        # (an author's initial: "S. L. Stramer" over an unlabelled abstract)
        lift = best[j] > 0
        chain = set()
        first = j
        while j >= 0:
            chain.add(id(items[j][0]))
            first = j
            j = back[j]
        lead = _lead_in(low, items[first], rows)
        if lead:
            chain |= {id(c) for c in lead}
            lift = True
            for c in lead:
                c.p = max(c.p, threshold + 0.01)
        if lift:
            _fill_steps(sorted(items + weak, key=lambda it: pos[id(it[0])]), chain, rows)
        for c, _ in items + weak:
            if id(c) in chain:
                if lift and (c.p >= 0.2 or len(chain) >= 3):
                    c.p = max(c.p, threshold + 0.01)
            elif c.p < 0.97 and not c.chapter and not (c.p >= 0.5 and _APPENDIX_LETTER.match(c.text)):
                c.p = 0.0   # (an appendix named by its label and letter, scored a heading, is one
                #             outside the lettered subsections' chain: "Appendix A: Derivation of …")
        others = sorted(others + [pos[id(c)] for c, _ in items + weak if id(c) in chain])


_LEAD_NUMBER = re.compile(r"\s*\d+(\W?)")


def _lead_in(low: list[Cand], first: tuple[Cand, list[int]], rows: list[Row]) -> list[Cand]:
    """The weak candidates that lead an outline's chain in from its start: the chain opens at
    "4) SWPF" (its capitals scored it) and "1) Test subjects", "2) Equipment", "3) Respirator"
    stand before it, each on a row of its own in one face, in the body's own type (scored 0.05):
    numbered 1 up to the chain's first number, in order and in its manner and size, each the
    nearest before the next, short, capitalised, no sentence inside nor running on into one, set
    apart above and a paragraph below. All of them or none."""
    c0, b0 = first
    if len(b0) != 1 or not 2 <= b0[0] <= 9:
        return []
    out: list[Cand] = []
    nxt = c0
    mark = _LEAD_NUMBER.match(c0.text)
    size = rows[c0.i].size
    for n in range(b0[0] - 1, 0, -1):
        # (numbered as the chain's first is, "2" not "2.", in its size: a list's "1. Part 1 …" right
        # under "1 实验概述" is no lead-in to "2 数据集介绍")
        before = [c for c in low if c.i < nxt.i and _parts(c.number)[1] == [n] and abs(rows[c.i].size - size) < 0.6
                  and mark and (m := _LEAD_NUMBER.match(c.text)) and m.group(1) == mark.group(1)]
        if not before:
            return []
        c = before[-1]
        # (each apart from the row before it, and a paragraph of two rows or more between it and
        # the next: a list's items follow one another)
        if len(c.title.split()) > 10 or not _opens_capital(c.title) or _STOP_INSIDE.search(c.title) \
                or sent_end(c.title) or _runs_into_text(rows, c) or len(c.rows) != 1 \
                or c.feats[_K_GAP_BEFORE] < 0.5 or nxt.i - c.i < 3:
            return []
        out.append(c)
        nxt = c
    faces = {(round(rows[c.i].size, 1), rows[c.i].family, rows[c.i].bold >= 0.6, rows[c.i].italic >= 0.6)
             for c in out}
    return out if len(faces) == 1 else []


def _whole_outline(items: list[tuple[Cand, list[int]]], rows: list[Row]) -> bool:
    """Do the numbered candidates, weak ones included, make a whole outline by themselves: "1"
    first, every step the next number (1 → 2 → 2.1 → 2.2 → 3 …), at least five of them over three
    pages or more, with a subsection and a third section, each on a row of its own that opens in a
    capital and does not run on into a sentence? Then they are the document's headings however
    plainly set (an author's PDF whose headings came out in the body's regular type: "1.
    Introduction" scored 0.06), as no list or run of references numbers itself so."""
    if len(items) < 5 or items[0][1] != [1] or len({rows[c.i].page for c, _ in items}) < 3 \
            or not any(len(b) > 1 for _, b in items) or max(b[0] for _, b in items) < 3:
        return False
    return _titles_of_their_own(items, rows) and all(_next_step(a, b) for (_, a), (_, b) in zip(items, items[1:]))


def _titles_of_their_own(items: list[tuple[Cand, list[int]]], rows: list[Row]) -> bool:
    """Is every candidate a row of its own that opens in a capital, holds no stop inside and does
    not run on into a sentence (what a whole outline's steps must be)?"""
    return not any(c.runin or not _opens_capital(c.title) or _STOP_INSIDE.search(c.title)
                   or _runs_into_text(rows, c) for c, _ in items)


def _whole_roman_outline(items: list[tuple[Cand, list[int]]], rows: list[Row], cands: list[Cand]) -> bool:
    """Do the candidates numbered in roman, weak ones included, make a whole outline of sections by
    themselves: I, II, III … in order, four or more over three pages or more, each on a row of its
    own that opens in a capital and does not run on into a sentence, with lettered subsections
    ("A. Simplified Model") between two of them? Then they are the document's sections however
    plainly set (an AIAA paper's sections in the body's size and a font named "f22": "II.
    Background" scored 0.08), as :func:`_whole_outline` takes the digits'."""
    if len(items) < 4 or [b for _, b in items] != [[k] for k in range(1, len(items) + 1)] \
            or len({rows[c.i].page for c, _ in items}) < 3 or not _titles_of_their_own(items, rows):
        return False
    first, last = items[0][0].i, items[-1][0].i
    return any(c.number and not c.runin and first < c.i < last and (pr := _outline_parts(c)) and pr[0] == "letter"
               for c in cands)


def _lettered_under(items: list[tuple[Cand, list[int]]], sections: list[int], rows: list[Row]) -> bool:
    """Are the lettered candidates, in reading order, each section's subsections A, B, C … in turn
    (starting at A after every section of ``sections``, row indices of a whole roman outline,
    none before the first; one step missing in all), two or more, every one a row of its own
    (:func:`_titles_of_their_own`)?"""
    if len(items) < 2 or not _titles_of_their_own(items, rows) or any(len(b) != 1 for _, b in items):
        return False
    expect, k, skipped = None, 0, 0
    for c, b in items:
        while k < len(sections) and sections[k] < c.i:
            k, expect = k + 1, 1
        if expect is not None and b[0] == expect + 1 and not skipped:
            expect, skipped = b[0], 1   # (one step missing in all: a subsection read into its section's row)
        if expect is None or b[0] != expect:
            return False
        expect += 1
    return True


def _centred_outline(cands: list[Cand], threshold: float, rows: list[Row]) -> None:
    """Sections numbered 1, 2, 3 … each centred on a line of its own, in the body's own type (an
    `amsart` paper set in a font without small capitals: "4. Closure properties"), which the model
    scores near nothing: five or more, every one the next number, over three pages or more, one
    centre for all though their lengths differ — a list's items share a left edge, not a centre —
    each opening in a capital and not running on into a sentence, are the document's sections."""
    items = []
    for c in cands:
        if c.runin or not c.number or not c.number.strip(".").isdigit() or len(c.rows) != 1:
            continue
        r = rows[c.i]
        if r.text.strip() == c.text.strip() and _opens_capital(c.title) and len(c.title.split()) <= 10 \
                and not _STOP_INSIDE.search(c.title) and not sent_end(c.title):
            items.append((c, int(c.number.strip(".")), (r.x0 + r.x1) / 2))
    if len(items) < 5:
        return
    centres = sorted(m for _, _, m in items)
    centre = centres[len(centres) // 2]
    run = [(c, n) for c, n, m in items if abs(m - centre) <= 2.0]
    if len(run) < 5 or [n for _, n in run] != list(range(1, len(run) + 1)) \
            or len({rows[c.i].page for c, _ in run}) < 3 \
            or max(rows[c.i].x0 for c, _ in run) - min(rows[c.i].x0 for c, _ in run) < 10 \
            or any(_runs_into_text(rows, c) for c, _ in run):
        return
    for c, _ in run:
        c.p = max(c.p, threshold + 0.01)


def _next_step(a: list[int], b: list[int]) -> bool:
    """Does section number ``b`` come right after ``a``, none missing (3 → 3.1, 3.1 → 3.2,
    3.2 → 4)?"""
    if len(b) > len(a):
        return b[:len(a)] == a and all(x == 1 for x in b[len(a):])
    k = len(b) - 1
    if k == 0:
        return b[0] == a[0] + 1
    return b[:k] == a[:k] and b[k] == a[k] + 1


def _runs_into_text(rows: list[Row], c: Cand) -> bool:
    """Does the candidate's row go on into the next row, which opens in lower case: a paragraph's
    first line, not a heading?"""
    j = c.rows[-1] + 1
    return j < len(rows) and rows[j].page == rows[c.i].page and rows[j].text[:1].islower()


#: the least score of a candidate that may fill an outline's step (:func:`_fill_steps`), and of
#: one set in capitals: a section heading in capitals whose capitals outnumber its small capitals
#: takes the body's size and scores as body text ("V. NEW NLOS SCENES", 0.046, between "IV. DEEP
#: LEARNING METHODS" and "VI. CONCLUSION", whose small capitals make them smaller than the body)
_FILLER_FLOOR, _CAPS_FILLER_FLOOR = 0.05, 0.03


def _filler_floor(c: Cand, rows: list[Row]) -> float:
    return _CAPS_FILLER_FLOOR if rows[c.i].upper else _FILLER_FLOOR


def _fill_steps(items: list[tuple[Cand, list[int]]], chain: set[int], rows: list[Row]) -> None:
    """Put on the outline's chain the weak candidates whose numbers fill it exactly: the step
    from the chain's member before each to it, and from it to the member after, miss no number
    ("2.3 Domain warping" between "2.2" and "3", set in the body's own type as its siblings are,
    which the chain passed over: one heading tolerated missing, a weak one cost more than it
    gave); the member after may start the kind again ("a." under the next section). A candidate
    opening in lower case ("2.3 times higher") is text."""
    members = [(k, b) for k, (c, b) in enumerate(items) if id(c) in chain]
    for k, (c, b) in enumerate(items):
        if id(c) in chain or c.p < _filler_floor(c, rows) or not _opens_capital(c.title):
            continue
        before = [m for m in members if m[0] < k]
        after = [m for m in members if m[0] > k]
        # (from a member the chain lifts: a short chain's weak member is no anchor, "A." over a
        # table's panels "B.", "C.", "D." before the appendix's own "A.")
        anchored = before and (len(chain) >= 3 or items[before[-1][0]][0].p >= 0.2)
        # (one scored too low to be a step of its own fills only between two members, and only
        # as a heading's row: "12. Rees, D.; …", a reference's line after the last section, "1.1.
        # Each dialysis unit should develop and implement", a recommendation's first line, do not)
        # (the last one may close the chain where it is set as the member of its level before it
        # is, and short: "7. 結論" after "6. 考察" and its subsections, both 12 pt bold)
        if c.p < 0.08 and (not after and not _as_level_before(items, before, b, c, rows)
                           or _STOP_INSIDE.search(c.title) or _runs_into_text(rows, c)):
            continue
        if anchored and _next_step(before[-1][1], b) and (not after or _next_step(b, after[0][1]) or after[0][1] == [1]
                                                          or _steps_through(items[k + 1:after[0][0]], b, after[0][1])):
            chain.add(id(c))
            members.insert(len(before), (k, b))   # a run of them: "2.3", "2.4" before "3"


def _running_heads_over_headings(rows: list[Row], cands: list[Cand]) -> None:
    """A book class's running head atop the page where its section opens or the next ("3.2.
    GENERAL MODEL STRUCTURE, SETTING, AND CHOSEN" in slanted capitals over "3.2 General model
    structure, setting, and chosen notation" in bold; a head that repeats over several pages goes
    as running text): the page's first row, in capitals, numbered as another candidate on its page
    or the page before whose words it opens with (case aside), is no heading (the outline would
    keep the first of the two)."""
    for c in cands:
        r = rows[c.i]
        if c.runin or not c.number or c.p == 0.0 or not _is_caps(r) or c.i and rows[c.i - 1].page == r.page:
            continue
        head = words_key(c.title)
        if head and any(d is not c and not d.runin and d.number == c.number and r.page - 1 <= rows[d.i].page <= r.page
                        and not _is_caps(rows[d.i]) and words_key(d.title).startswith(head) for d in cands):
            c.p = 0.0


def _steps_through(between: list[tuple[Cand, list[int]]], b: list[int], end: list[int]) -> bool:
    """Do the candidates ``between`` a filler numbered ``b`` and the chain's next member ``end``
    number the steps from one to the other, none missing (a report's appendices "I", "J" between
    "H" and "K", both scored too low for the chain: each fills it only with the other)?"""
    for _c, bk in between:
        if _next_step(b, bk):
            b = bk
    return _next_step(b, end)


def _as_level_before(items: list[tuple[Cand, list[int]]], before: list[tuple[int, list[int]]], b: list[int],
                     c: Cand, rows: list[Row]) -> bool:
    """Is ``c`` (numbered ``b``) a row of its own of eight words at most, set in the size, face
    and weight of the chain's last member of its level before it, and apart from the text under
    it (larger, or bold where that is not: no reference's line after the last section)?"""
    same = [items[k][0] for k, bk in before if len(bk) == len(b)]
    if not same or len(c.rows) != 1 or len(c.title.split()) > 8 or c.i + 1 >= len(rows):
        return False
    r, q, nxt = rows[c.i], rows[same[-1].i], rows[c.i + 1]
    return abs(r.size - q.size) < 0.3 and r.family == q.family and (r.bold >= 0.6) == (q.bold >= 0.6) \
        and (r.size > nxt.size + 0.5 or r.bold >= 0.6 > nxt.bold)


_INTRODUCTION = re.compile(r"(?i)introduction\W*$")
# a stop, colon or semicolon inside a row: a sentence's or a reference's line, not a heading's (a
# list's item lettered "b." running on into its sentence: "b. Safety: Treatment-related adverse
# event. The safety of"; "12. Rees, D.; Murray, J.; …")
_STOP_INSIDE = re.compile(r"[.;:]\s+\S")


def _titled_colon(title: str) -> bool:
    """A title in title case whose one stop inside is a colon ("Predictor Variables: Synoptic
    Weather", the American Meteorological Society's "c." subsections): every word of four letters
    or more opens in a capital."""
    words = [w for w in title.split() if len(w) >= 4 and w[0].isalpha()]
    return title.count(":") == 1 and not re.search(r"[.;]\s+\S", title) and len(words) >= 2 \
        and all(w[0].isupper() for w in words)


def _affiliation_line(title: str) -> bool:
    """An affiliation numbered by its mark ("1 Beijing Key Laboratory of …, Ministry of Education,
    School of …"): eight words or more naming two institutions or places. Where the paper prints no
    "1 Introduction", it would start the outline chain."""
    return len(title.split()) >= 8 and len(INSTITUTION.findall(title)) >= 2


#: the least number of affiliations numbered one after another that make a list of them
_AFFILIATION_RUN = 3


def _affiliation_lists(cands: list[Cand]) -> None:
    """Clear the affiliations of a long author list numbered by their marks ("2 Department of
    Vision Sciences" / "University of Leicester", "3 Department of Psychology", … "25 …", an APA
    manuscript's front pages): standalone candidates numbered 1, 2, 3 … one after another, of which
    three or more and two thirds or more name an institution, are no outline however long their chain
    (two dozen steps lifted every one of them, "4 Illumin Analytics" among them)."""
    numbered = [c for c in cands if c.number and not c.runin and c.p < 0.97 and c.number.strip(". ").isdigit()]
    run: list[Cand] = []
    for c in [*numbered, None]:
        if c is not None and run and int(c.number.strip(". ")) == int(run[-1].number.strip(". ")) + 1:
            run.append(c)
            continue
        named = sum(1 for q in run if institution(q.title))
        if named >= _AFFILIATION_RUN and 3 * named >= 2 * len(run):
            for q in run:
                q.p = 0.0
        run = [c] if c is not None else []


def _between(positions: list[int], a: int, b: int) -> bool:
    """Is any of the sorted ``positions`` strictly between ``a`` and ``b``?"""
    k = bisect.bisect_right(positions, a)
    return k < len(positions) and positions[k] < b


_CODE_COMMENT = re.compile(r"^\s*(?:#+|//|%|--)\s+\S")


_LIST_MARKS = frozenset("•◦∙▪▸►")
# a round bullet opens a list's item, never a heading (a square may adorn one); "∙" is the bullet
# operator Computer Modern sets for LaTeX's \bullet ("∙ Selfish behavior (sight range): Move …")
_ITEM_BULLETS = ("• ", "◦ ", "∙ ")


def _unmapped_mark(text: str) -> bool:
    """Does ``text`` open with a C1 control character and a space: a list's bullet glyph whose
    font maps it to no character ("\x88 ML Detection Performance: For ML …")?"""
    return "\x80" <= text[:1] <= "\x9f" and text[1:2] == " "


def _over_fraction_bar(rows: list[Row], c: Cand) -> bool:
    """Is the candidate's row a fraction's numerator: a row right under its bar (half a line or
    less below), centred on it, from a fifth of its width to twice it ("min_l average RMSE of
    fitting procedure l" over "average RMSE of fitting procedure j"; "[−iħ∇ν + Aν(R,t)]²" over
    "2Mν")? Rows a few places on in reading order are looked at: a display's number or its
    closing period may come between. A denominator read with the display's number at the column's
    edge ("Ev[OPT(v)] , (2.1)" under "Ev[SW(s(v); v)]") starts under the numerator instead."""
    r = rows[c.rows[-1]]
    w = r.x1 - r.x0
    for q in rows[c.rows[-1] + 1:c.rows[-1] + 4]:
        qw = q.x1 - q.x0
        if q.page != r.page or q.y0 - r.y1 > 0.5 * r.size:
            continue
        if q.y0 - r.y1 >= 0 and 0.2 * w <= qw <= 2 * w and abs((q.x0 + q.x1) - (r.x0 + r.x1)) <= 6 \
                or q.y0 > r.y0 + 0.5 * r.size and _DISPLAY_NUMBER_END.search(q.text) and abs(q.x0 - r.x0) <= 0.5 * w:
            return True   # (the boxes of a fraction's rows set in display may overlap)
    return False


# a displayed formula's number closing a row ("Ev[OPT(v)] , (2.1)")
_DISPLAY_NUMBER_END = re.compile(r"[\s,.;]\(\d{1,2}(?:\.\d{1,3})?[a-z]?\)$")


def _cut_over_cut(rows: list[Row], c: Cand) -> bool:
    """Is the unnumbered candidate's row cut into cells by a gap of 1.2 ems or more (a little
    under the vetoes' 1.4: a head row's cells stand closer) over a table's row
    (:func:`_cut_row_near`) starting where it starts: a table's head row over its first row ("Code
    Language" over "CHU  Old Church Slavonic", the head's rule under it)?"""
    r, j = rows[c.i], c.rows[-1] + 1
    if c.number or r.gap < 1.2 or j >= len(rows):
        return False
    below = _cut_row_near(rows, r, range(j, j + 1))
    return below is not None and abs(below.x0 - r.x0) <= 2.0


def _in_column_of_cells(rows: list[Row], c: Cand, st: DocStats) -> bool:
    """Is the candidate's row one of a column of short cells: the rows right above and under it
    start where it starts and are short too (under three fifths of its column), as a ruled
    table's cells are ("Minimum number of observations in a node" over its group's rule, between
    "Number of variables used at each split" and "Maximum number of iterations")? A heading has a
    paragraph's line above it or its own heading (a subheading may follow it, short)."""
    r, j = rows[c.i], c.rows[-1] + 1
    # the row above across the candidate's width (a label of the table's first column, read
    # between two cells of the second, is passed over)
    i = next((k for k in range(c.i - 1, max(c.i - 4, -1), -1) if rows[k].x0 < r.x1 and r.x0 < rows[k].x1), -1)
    if i < 0 or j >= len(rows):
        return False
    e = st.extents.get((r.page, r.col), [r.x0, r.x1])
    return all(q.page == r.page and abs(q.x0 - r.x0) <= 1.0 and q.x1 - q.x0 < 0.6 * (e[1] - e[0])
               for q in (rows[i], rows[j]))


# a heading's enumerator closed by a bracket ("a) Methods", "iv) Results", "12) Data", "2.1) Setup")
_CLOSING_ENUMERATOR = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2})*|[A-Za-z](?:\.\d{1,2})*|[ivxIVX]{1,5})\)")


def _unclosed(text: str) -> bool:
    """Does ``text`` open a bracket it does not close, or close one it did not open: a piece of a
    line that the text layer set in a block of its own ("• Stetson J  *(stetson*  j): The
    Welch-Stetson …" read as three; a table's cells "KDE) 0.13 B, 3.1.2" cut from "(weighted")?
    An enumerator's bracket ("a) Methods") closes nothing."""
    k = text.rfind("(")
    if k >= 0 and ")" not in text[k:] and "]" not in text[k:]:
        return True
    j = text.find(")")
    return j >= 0 and "(" not in text[:j] and not _CLOSING_ENUMERATOR.match(text)


def _figure_labels(rows: list[Row], cands: list[Cand], st: DocStats) -> set[int]:
    """Unnumbered candidates set in a figure's own type: on a page whose text in the body's face
    all stands at or under a caption that is under the candidate (a figure over its caption, no
    paragraph above it), in a face other than the body's whose rows on the page, three or more,
    are all short ("Growth" / "light intensity", "Leaf type", "Measurement" in a plot's italics,
    its panels' titles, over "Figure 7: Treatment-associated plasticity …")."""
    out: set[int] = set()
    captions: dict[int, list[float]] | None = None   # each page's captions' tops, in order
    body_top: dict[int, float] | None = None         # each page's highest row in the body's face
    short: dict[tuple, bool] = {}                    # (page, face): three rows or more, all short
    for c in cands:
        r = rows[c.i]
        if c.number:
            continue
        if captions is None:
            captions = {}
            for q in rows:
                if (q.kind or "").startswith("caption"):
                    captions.setdefault(q.page, []).append(q.y0)
            for tops in captions.values():
                tops.sort()
        tops = captions.get(r.page, [])
        k = bisect.bisect_right(tops, r.y1)
        if k == len(tops) or r.family == st.body_family:
            continue
        if body_top is None:
            body_top = {}
            for q in rows:
                if q.family == st.body_family and q.y0 < body_top.get(q.page, math.inf):
                    body_top[q.page] = q.y0
        if body_top.get(r.page, math.inf) < tops[k] - 1:
            continue
        key = (r.page, r.family)
        if key not in short:
            own = [q for q in rows if q.page == r.page and q.family == r.family]
            short[key] = len(own) >= 3 and all(len(q.text.split()) <= 4 for q in own)
        if short[key]:
            out.add(c.i)
    return out


def _vetoes(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """Rows that cannot be headings whatever their style: text set far smaller than the body
    (labels inside a reproduced page or a plot), a code listing's comment lines, a piece of a line
    with a bracket left open, and rows of a table without rules (cells set apart by wide gaps, with
    a neighbouring row that is cut the same way) — a styled first cell ("*Coleus aromaticus*  Ag
    Flavonoids  [44]") included, which reads like a run-in lead."""
    n = len(rows)
    fields = {c.i for c in cands if c.runin and c.rest and (not any(map(str.isalnum, c.rest)) or _field_list(rows, c.i))
              or _in_form(rows, c.i)}
    # a table's cells in small print opening on the same lead row after row ("**Safety:** No
    # serious adverse events" in a 7 pt table of trials, body 9.5 pt); a table's note in small print
    # under two tables ("DR-TB drug resistant tuberculosis", 7 pt under a 10 pt body)
    small = [c for c in cands if rows[c.i].size < 0.8 * st.body]
    leads = Counter(c.text.strip(" .:").lower() for c in small)
    fields.update(c.i for c in small if leads[c.text.strip(" .:").lower()] >= 2)
    # a caption's label on a row of its own ("TABLE 2.1", a thesis' format) and the caption's
    # title right under it, in capitals ("DATA TYPES COLLECTED BY …")
    labels = {c.i for c in cands if not c.runin and _LONE_CAPTION_LABEL.match(c.text.strip())}
    fields.update(labels)
    fields.update(c.i for c in cands if not c.runin and c.i - 1 in labels and rows[c.i].upper)
    # a theorem-like environment of the author's own naming, by its numbered series: run-in leads
    # "Result 1" … "Result 6" (one word and a number, a parenthesised name after it at most)
    numbered = {}
    for c in cands:
        m = _NAMED_STATEMENT.match(c.text) if c.runin else None
        if m is None and not c.number:
            m = _LABELLED_STATEMENT.match(c.text.strip().rstrip("."))
        if m:
            numbered.setdefault(m.group(1).lower(), []).append((c.i, m.group(2)))
    fields.update(i for series in numbered.values() if len({n for _, n in series}) >= 3 for i, _ in series)
    # a box's label run in before a colon, the same words three times or more ("**Point of
    # information:** What are string diagrams?" in a thesis' margin boxes): a kind of paragraph, as
    # "Example:" is, not a section's title, which a document gives once
    colon = Counter(c.text.strip(" .:").lower() for c in cands
                    if c.runin and (rows[c.i].lead.rstrip().endswith(":") or c.rest.lstrip().startswith(":")))
    fields.update(c.i for c in cands if c.runin and colon[c.text.strip(" .:").lower()] >= 3)
    fields.update(_figure_labels(rows, cands, st))
    # a table's notes in small print under it, each opening on a term and a colon ("Country:
    # Country codes follow the ISO 3166-1 …", "Method: OLS = Ordinary least squares, …", 8 pt under
    # an 8-pt table, body 11): a run-in lead in small print right under a row in small print (not
    # a standard section's in a journal's small back matter, "Funding: This research was …",
    # unless its text defines abbreviations)
    fields.update(c.i for c in small if c.runin and c.i > 0 and rows[c.i - 1].page == rows[c.i].page
                  and rows[c.i - 1].size < 0.8 * st.body
                  and (rows[c.i].lead.rstrip().endswith(":") or c.rest.lstrip().startswith(":"))
                  and (not KNOWN_HEADINGS.match(c.text.strip(" .:")) or "=" in c.rest))
    # text in white (on a coloured bar) is a box's title ("Loss Weighting is Critical" atop a
    # tcolorbox of findings) where no standard section's heading is set so; where one is, white on
    # a band is the headings' own style (a journal's "INTRODUCTION" in a coloured band)
    boxed = not any(rows[c.i].light and KNOWN_HEADINGS.match(c.title) for c in cands if not c.runin)
    # (a paper whose prose runs in a typewriter face, forty lines of words or more: its headings,
    # in that face's bold, are no code)
    mono_prose = sum(1 for r in rows if len(r.text) > 50 and _MONO_FAMILY.search(r.family)
                     and _PROSE_LINE.match(r.text)) >= 40
    # the pages each row cut by wide gaps is set on: a long table's column heads, set again on
    # every page it runs over ("**Autor, año   Enfoque   Aplicación …**"), are no heading
    cut_pages: dict[str, set] = {}
    for r in rows:
        if r.gap >= 1.4 and " " in r.text.strip():
            cut_pages.setdefault(r.text.strip(), set()).add(r.page)
    for c in cands:
        r = rows[c.i]
        if r.size < 0.62 * st.body or _CODE_COMMENT.match(r.text) or _ALGORITHM_LINE.match(r.text) \
                or _REFERENCE_ENTRY.match(r.text) or _AUTHOR_LIST.match(c.text) or c.runin and c.text[:1] in _LIST_MARKS \
                or c.text[:2] in _ITEM_BULLETS or _unmapped_mark(c.text) \
                or _RUNNING_HEAD.match(c.text) or _unclosed(c.text) or c.text[:2] == "--" \
                or _THEOREM_HEAD.match(c.text) or _number_first_theorem(c) \
                or c.runin and _STATEMENT_WORD.fullmatch(c.text.strip(" .:")) \
                or c.text.rstrip().endswith(",") and r.math >= 0.1 \
                or _SUPPLEMENT_ITEM.match(c.text) or CITED_AS.search(c.text) \
                or not c.number and _MONO_FAMILY.search(r.family) and not (mono_prose and r.bold >= 0.6) \
                or c.runin and not c.number and r.lead_family and _MONO_FAMILY.search(r.lead_family) and not mono_prose \
                or _code_row(c.text) \
                or r.light and boxed \
                or c.text.count(",") >= 5 and not _CONJUNCTION.search(c.text) \
                or c.runin and (_NOTE_LEAD.match(c.text.strip(" .:")) or _in_glossary(rows, c.i)
                                or c.rest.startswith((",", ";", ")"))) or c.i in fields:
            c.p = 0.0   # (a comment line of a code listing: "# load libraries", "// read the data";
            continue    # a list's item opening with a styled lead: "• **Generic programming.** There …";
            #             a numbered reference, its authors in small capitals: "[8] COROS, S., …";
            #             a running head naming the authors: "Hamzeh Pour et al.: Emergency …",
            #             "B. Román-Ponce and F.U. Rojas-Rojas"; a program's option in a list of
            #             them: "--timestride <integer>"; a theorem-like environment's numbered
            #             head: "Problem 1 (Continuous System Parameter Optimization):", an
            #             unnumbered one run in: "**Теорема.** Пусть …"; a formula's line going
            #             on after its comma: "1) Z1 ⊆ Z2 ,"; an item
            #             of the supplementary files' list: "Additional file 1: Table S1", "S1 Fig. …"; the
            #             paper's citation: "J Med Internet Res 2026;28:e82426;"; a list of
            #             terms: "node, tree, graph, path, edge, message, link, parent, leaf"; a
            #             list of abbreviations' term, in bold with no stop after it: "**GDPR** General
            #             Data Protection Regulation"; a table's or figure's note: "*Nota.* Buenas figuras";
            #             a lead the sentence goes on from, a reference's journal: "*J. Neurosci.*, 10:826–36.";
            #             a row opening with a form's field, the whole row too: one left empty,
            #             "**Conflitos:** –", or the first of a list of terms, "**Prestativo:** o
            #             aplicativo …" over "**motivador:** o usuário …", or a small-print table's
            #             cells opening on one lead row after row, "**Safety:** No serious …";
            #             a program's line in a typewriter face, "**Module Type** UInt63.", or a
            #             program's name run in so, "`Invoker`. The original request …"; a
            #             caption's label on a row of its own, "TABLE 2.1", and its title in capitals
            #             — kept a candidate till here, as its style's repeats are a feature of the others)
        if c.runin and len(c.rows) > 1 or c.p <= 0:
            continue
        if not c.number and all(_NAME_WITH_MARK.match(rows[k].text.strip()) for k in c.rows):
            c.p = 0.0   # authors' names, each with its affiliation's letter ("Jaroslav Fowkes a" /
            continue    # "Andrew Lister a"), under a title repeated on the page after a series' cover
        if c.runin and _lead_begun_above(rows, c.i):
            c.p = 0.0   # the second line of a bold lead that broke after a lower-case word ("**RG6 -
            continue    # Technical Understanding among**" / "**Decision Makers:** Addressing …")
        if c.runin and _line_begun_left(rows, c.i):
            c.p = 0.0   # a row that goes on from another on its line: a word set in another face
            continue    # mid-sentence ("… a constant MIN" / "ACTORS. This integer is the")
        if r.size < st.body - 0.5 and not c.runin and not c.number and len(c.rows) == 1 and _overlapped(rows, c.i):
            c.p = 0.0   # part of a line split around a formula's scripts ("T MPC" over "calc. One of …")
            continue
        if not c.runin and not c.number and len(c.rows) <= 2 and _numbers_beside(rows, c, r):
            c.p = 0.0   # a table's first cell ("*Aspergillus niger*") with the row's figures beside it
            continue
        if not c.runin and _ALGORITHM_TITLE.match(c.text) and c.rows[-1] + 1 < len(rows) \
                and _ALGORITHM_LINE.match(rows[c.rows[-1] + 1].text):
            c.p = 0.0   # an algorithm's title over its lines ("Algorithm 1 Sampling with error
            continue    # correction" over "Require: Prompt t1, …")
        if not c.runin and not c.number and len(c.title.split()) <= 3 and _beside_equation_number(rows, c.i):
            c.p = 0.0   # a displayed equation's piece, its number a line's height from it ("TH" over a
            continue    # fraction's bar, "(1)" at the margin)
        if not c.runin and not c.number and _inside_table(rows, c):
            c.p = 0.0   # a table's group title between its rows ("Building Properties" under a row of
            continue    # figures, over the group's column heads and figures)
        if not c.runin and _mostly_figures(c.title):
            c.p = 0.0   # a table's row read whole: its label and its figures ("Lunar 0.656 (0.034)
            continue    # 0.687 (0.057) …")
        if not c.runin and not c.number and len(c.rows) == 1 and _cells_beside(rows, c.i):
            c.p = 0.0   # a table's first cell, the row's other cells beside it in its column ("IGD"
            continue    # then "None" and "MRDL" on its line)
        if not c.runin and not c.number and len(c.rows) == 1 and not KNOWN_HEADINGS.match(c.title) \
                and _two_column_entry(rows, c.i):
            c.p = 0.0   # a notation table's symbol, its meaning beside it, as on the lines around it
            continue    # ("**Q, R**   Factors resulting from Householder QR …"; not the heading over
            #             a box of abbreviations in two columns, the other's first entry beside it)
        if not c.runin and not c.number and len(c.rows) == 1 and _column_head(rows, c.i):
            c.p = 0.0   # a table's column head over its row of figures, another head beside it half a
            continue    # line lower ("Małżeństwa zawarte na 1000 ludności" by "Gmina", over "2021 2022 …")
        if not c.runin and not c.number and len(c.rows) == 1 and _description_term(rows, c):
            c.p = 0.0   # a description list's term on a line of its own, its text indented under it,
            continue    # every line ("**GUID**" over "Global Unique Identifier - In distributed …")
        if not c.runin and not c.number and len(c.rows) <= 2 and _inside_cjk_paragraph(rows, c.i, st):
            c.p = 0.0   # a Chinese or Japanese paragraph's line, its Latin words setting it in their font
            continue
        if not c.runin and not c.number and r.bold < 0.6 and abs(r.size - st.body) < 0.6 \
                and _over_figure_caption(rows, c):
            c.p = 0.0   # a figure's own words in the body's type right over its caption: its axis's
            continue    # title (not a heading of its own type over a list of them: "Supplementary Materials")
        if not c.runin and not c.number and _over_listing(rows, c) and not KNOWN_HEADINGS.match(c.title) \
                and section_type(c.title) == "other":   # (a bibliography's, a table of contents' numbered lines)
            c.p = 0.0   # an algorithm's title over its numbered lines
            continue
        if not c.runin and not c.number and r.math >= 0.1 and _over_fraction_bar(rows, c):
            c.p = 0.0   # a displayed fraction's numerator, math in it, over its denominator
            continue
        if not c.runin and not c.number and r.math >= 0.2 and r.bold < 0.6 and r.family != st.body_family \
                and not _LOWER_WORD.search(c.title):
            c.p = 0.0   # a formula's piece standing alone, set in math fonts: no word in lower case
            continue    # in it ("EPE1W (i)": a term's name in capitals, its index in math italic)
        if not c.runin and not c.number and _atop_plot(rows, c, st):
            c.p = 0.0   # a plot's title over its panels' and axes' labels in smaller print
            continue
        if r.gap >= 3.0 and not c.runin and not c.number and len(c.rows) == 1 and r.bold < 0.6 \
                and r.italic < 0.6 and abs(r.size - st.body) < 0.5 and len(c.title.split()) >= 3:
            c.p = 0.0   # words three spaces of its size apart or more, in the body's size and face: a
            continue    # diagram's labels in a row ("JuvixCore   Lambda   Geb   SeqN")
        if r.gap >= 1.4:
            if len(cut_pages.get(r.text.strip(), ())) >= 2 \
                    or _cut_row_near(rows, r, range(c.i - 1, max(c.i - 5, -1), -1)) \
                    or _cut_row_near(rows, r, range(c.rows[-1] + 1, min(c.rows[-1] + 5, n))):
                c.p = 0.0
        elif len(c.rows) == 1 and not c.number:
            # a group label between two rows of the table, set in its first column ("Fungus"; a
            # centred subhead inside a table of notation is the document's heading; a numbered
            # heading between display-maths rows cut by wide spaces is a heading)
            ks = range(c.i - 1, max(c.i - 3, -1), -1)
            above = _cut_row_near(rows, r, ks)
            below = _cut_row_near(rows, r, range(c.i + 1, min(c.i + 5, n)))
            # (its cells may be set a little in from it: "**Gender**" over "F  13  33")
            set_in = below and len(c.title.split()) <= 3 and 0 < below.x0 - r.x0 < 1.5 * r.size
            if above and below and (abs(above.x0 - r.x0) < 0.5 * r.size or abs(below.x0 - r.x0) < 0.5 * r.size
                                    or set_in):
                c.p = 0.0
            elif set_in and any(q.page == r.page and q.gap >= 1.4 and 0 < r.y0 - q.y0 < 3 * r.size
                                and r.x1 < q.x0 < below.x1 for q in (rows[k] for k in ks)):
                c.p = 0.0   # the first group, under the column heads, which stand right of it
            elif below and abs(below.x0 - r.x0) < 0.5 * r.size and 0 < below.y0 - r.y0 <= 1.6 * r.size \
                    and c.i and (q := rows[c.i - 1]).page == r.page and 0 < r.y0 - q.y0 <= 1.6 * r.size \
                    and (q.gap >= 1.4 or q.gap >= 1.0 and abs(q.x1 - below.x1) < 1.0 and q.x0 > r.x0 + r.size):
                c.p = 0.0   # a group's label at a line's spacing under the column heads (which stand
                #             right of it: "r ρ r ρ", "AMU  INPUT  IPN  NULL" ending where the rows
                #             end) and over its first row ("M2  0.623  0.687 …")
            elif _column_heads(rows, c.i):
                c.p = 0.0
        if c.p > 0 and not c.runin and len(c.rows) == 1 and not c.number and r.gap >= 0.6 \
                and _figure_rows_under(rows, c.i):
            c.p = 0.0   # a table's column heads over its rows of figures ("System   F1" over "UDPipe v1.2   97.4")
        if c.p > 0 and not c.runin and not c.number and len(c.feats) > _K_CELL_GAP and c.feats[_K_CELL_GAP] > 0.8 \
                and _table_head(rows, c.i, cut=True):
            c.p = 0.0   # a table's head row cut into cells, right under its caption, in the headings' bold


def _inside_cjk_paragraph(rows: list[Row], i: int, st: DocStats) -> bool:
    """Is row ``i`` a line inside a Chinese or Japanese paragraph: ideographs or kana in it and the
    line above it (four in the two at least), run to its column's right edge as that line is,
    which ends on no stop ("… 機械学習分野では Multi" over "Object Tracking（MOT）と呼ぶ．MOT
    では，リアルタイムか")? These scripts break a line after any character, so a full line under a
    full line goes on with it; a row whose Latin words outnumber its characters is measured in the
    Latin font, larger than the body's."""
    r = rows[i]
    if i == 0 or HAN_KANA_CHAR.search(r.text) is None:
        return False
    prev = rows[i - 1]
    if prev.page != r.page or prev.col != r.col or not 0 <= r.y0 - prev.y1 < 1.5 * r.size \
            or prev.text.rstrip()[-1:] in _CJK_STOPS \
            or len(HAN_KANA_CHAR.findall(prev.text)) + len(HAN_KANA_CHAR.findall(r.text)) < 4:
        return False
    right = st.extents.get((r.page, r.col), (r.x0, r.x1))[1]
    return r.x1 >= right - r.size and prev.x1 >= right - r.size


# the stops that end a Chinese or Japanese sentence, and a colon
_CJK_STOPS = "。．！？!?.:：」』）)"


def _over_figure_caption(rows: list[Row], c: Cand) -> bool:
    """Is the row after the candidate's last a figure's caption on its page, less than two of the
    candidate's lines under it ("More Atypical   More Typical" / "Typicality of adjective–noun
    pairs" over "Figure 1.1: Density plots …")? A heading opens a text; a figure's caption follows
    the figure, whose words (a plot's axis titles) stand right over it."""
    k = c.rows[-1] + 1
    if k >= len(rows):
        return False
    last, q = rows[c.rows[-1]], rows[k]
    if q.kind != "caption" or q.page != last.page or not 0 <= q.y0 - last.y1 < 2 * last.size:
        return False
    # (its label closed by a stop, a colon or a bar: "Figure 1 shows …" opens a paragraph)
    m = CAPTION.match(q.text)
    return m is not None and m.group("kind").lower().rstrip(".") in _FIGURE_KINDS and m.group("sep").strip() != ""


def _atop_plot(rows: list[Row], c: Cand, st: DocStats) -> bool:
    """Is the one-row candidate, set smaller than the body in a face of its own, a plot's title: the
    next two rows on its page, less than three of its lines below, set smaller still ("Total
    population" over its panels' "Female" and "Male" and the axis' "20" in 6 pt)?"""
    r = rows[c.i]
    if len(c.rows) != 1 or r.size >= st.body - 0.5 or r.family == st.body_family:
        return False
    below = [q for q in rows[c.i + 1:c.i + 3] if q.page == r.page]
    return len(below) == 2 and 0 <= below[0].y0 - r.y1 < 3 * r.size \
        and all(q.size < min(r.size - 1.0, 0.75 * st.body) for q in below)


_LISTING_LINE = re.compile(r"^(\d{1,2})\s+\S")


def _over_listing(rows: list[Row], c: Cand) -> bool:
    """Is the candidate an algorithm's title: the row under it, less than two of its lines below,
    opens with a line number 1, and a row of the next four at that row's left edge with 2
    ("Computing Upper Bound N: Original" over "1 i = 0, B = …" and "2 while true")?"""
    last = rows[c.rows[-1]]
    k = c.rows[-1] + 1
    if k >= len(rows) or rows[k].page != last.page or not 0 <= rows[k].y0 - last.y1 < 2 * last.size:
        return False
    first = _LISTING_LINE.match(rows[k].text)
    return first is not None and first.group(1) == "1" and any(
        (m := _LISTING_LINE.match(q.text)) and m.group(1) == "2" and abs(q.x0 - rows[k].x0) < 1.5
        for q in rows[k + 1:k + 5] if q.page == last.page)


# CAPTION's kinds that name a figure (a table's caption stands over it: a heading may precede it)
_FIGURE_KINDS = frozenset(("fig", "figs", "figure", "figures", "f i g u r e", "abbildung", "abb", "figura", "figur",
                           "kuvio", "kuva", "obrázek", "obrazek", "obr", "slika", "rysunek", "rys", "рисунок", "рис",
                           "图", "圖", "図", "chart", "plate", "gráfico", "grafico"))


def _figure_rows_under(rows: list[Row], i: int) -> bool:
    """Are two of the three rows under row ``i`` (on its page, the first less than a line under it,
    a rule between at most, each next within two lines of the one above) a table's rows: cut by a
    gap wider than a word space, their last cell a figure? Their first column may be set flush
    right ("Stanford CoreNLP", "Owoputi et al., 2013 (CRF)"), so where the rows start is not asked.
    (A row standing a line or more apart from them, as a heading does, is left to the model.)"""
    found, prev = 0, rows[i]
    for q in rows[i + 1:i + 4]:
        if q.page != prev.page or not -0.5 * q.size <= q.y0 - prev.y1 < (0.8 if prev is rows[i] else 2) * q.size:
            break
        last = q.text.split()[-1] if q.text.split() else ""
        if q.gap >= 0.8 and any(ch.isdigit() for ch in last):
            found += 1
        prev = q
    return found >= 2


def _column_heads(rows: list[Row], i: int) -> bool:
    """Is row ``i`` a table's column heads over its first rows, which are cut by wide gaps and start
    where it starts, in its block: the heads apart by more than a word space themselves
    ("**Judgement Form    Description**" over "∆ ⊢ τ type    τ is a type", a thesis' tables of
    judgements)? The table may be read as a block of its own, right under the heads (no more
    space between than between lines: "**Feature omitted   Precision   Recall**" over "Pitch
    0.904  0.937", its first column centred): then its rows stand within the heads' width."""
    r = rows[i]
    if r.gap < 0.6:
        return False
    below = rows[i + 1:i + 3]
    if below and below[0].block != r.block:
        return len(below) == 2 and below[0].y0 - r.y1 < 0.3 * r.size and below[1].block == below[0].block \
            and all(q.page == r.page and q.col == r.col and q.gap >= 1.4
                    and r.x0 - 0.5 * r.size < q.x0 and q.x1 < r.x1 + 0.5 * r.size for q in below)
    for q in below:
        if q.block != r.block or q.page != r.page:
            return False
        if q.gap >= 1.4 and abs(q.x0 - r.x0) < 0.5 * r.size:
            return True
    return False


#: the words a pseudocode's block delimiters are printed with, in bold on lines of their own
#: ("end end", "loop", "until done")
_PSEUDOCODE_WORDS = frozenset("begin end loop repeat until do then else elseif endif endfor endwhile return "
                              "break continue".split())
#: an SQL clause set in a listing, its keyword in bold capitals before the query's lower-case terms
#: or symbols ("SELECT ∗", "AND m", "WHERE z BETWEEN 0.01")
_SQL_CLAUSE = re.compile(r"(?:SELECT|FROM|WHERE|AND|OR|AS|JOIN|ON|GROUP BY|ORDER BY|LIMIT|HAVING)\s+"
                         r"[a-z∗*(]")


def _code_row(text: str) -> bool:
    """Is the row a line of code, not a heading: only a pseudocode's block words ("end end",
    "loop"), an SQL keyword in capitals opening a clause whose terms are in lower case or symbols
    ("SELECT ∗", "AND m"), two identifiers in snake case ("S A_unstable A_stable …") or one alone
    (a list's label or a plot's legend naming a baseline as the code does: "**POP_MEAN** training-set
    mean …"), or settings only ("EVERY=10")?"""
    words = text.lower().split()
    return bool(words) and all(w.strip(".;:") in _PSEUDOCODE_WORDS for w in words) \
        or bool(_SQL_CLAUSE.match(text.strip())) or len(_IDENTIFIER.findall(text)) >= 2 \
        or bool(_ASSIGNMENTS.fullmatch(text.strip())) or bool(_IDENTIFIER.fullmatch(text.strip(" .:")))


#: settings written as a program reads them, nothing else on the row ("EVERY=10", "NGRAM_ORDER=7 EVAL_STRIDE=64":
#: the rest of a typewriter name broken over the line)
_ASSIGNMENTS = re.compile(r"(?:[A-Za-z_][A-Za-z0-9_]*=[^\s=]+\s*)+")
#: a program's identifier in snake case ("A_unstable", "made_feasible": a table's column heads)
_IDENTIFIER = re.compile(r"(?<![\w\\])[^\W\d_]+_[^\W_]\w*")


# an appendix's label and letter opening a heading ("Appendix A: Derivation of …")
_APPENDIX_LETTER = re.compile(rf"(?i:{APPENDIX_WORDS})\s+[A-Z]\b")
# a numbered line of an algorithm's listing ("5: end for", "7: Return offset assignment …;") and its
# inputs and outputs ("Output: Labels {yi}N", "Require: …")
_ALGORITHM_LINE = re.compile(r"\d{1,3}:\s|(?:input|output|require|ensure)s?:\s+\S", re.I)
# an algorithm's numbered title ("Algorithm 2 Training PTP", "Procedure 1:")
_ALGORITHM_TITLE = re.compile(r"(?:algorithm|procedure)\s+\d{1,3}\b", re.I)
# a numbered reference's first line ("[8] Coros, S., …", its authors set in small capitals)
_REFERENCE_ENTRY = re.compile(r"\[\d{1,3}\]\s")
# a reference's authors in the Vancouver style, surname and initials, two or more, its number before
# them at most ("11. Junghans M, Pretsch E: Estimation of …", the list set in bold)
_AUTHOR_LIST = re.compile(r"(?:\d{1,3}\.?\s+)?[A-Z][^\W\d_]+(?:[-'’][A-Z]?[^\W\d_]+)? [A-Z]{1,3}"
                          r"(?:, [A-Z][^\W\d_]+(?:[-'’][A-Z]?[^\W\d_]+)? [A-Z]{1,3})+[,.:]")
# a run-in lead of one capitalised word and a number, a parenthesised name after it at most ("Result
# 4 (Fixation probability)"): a numbered statement where its word numbers three or more
_NAMED_STATEMENT = re.compile(r"^([A-Z][a-z]{2,})\s+(\d+(?:\.\d+)*)(?:\s*\([^()]*\))?$")
# ... or of a capital and a number, its name in brackets ("**H3 (multi-attribute bargaining creates
# surplus).** Allowing …", a paper's hypotheses), run in or standing alone
_LABELLED_STATEMENT = re.compile(r"^([A-Z])(\d{1,2})\s*\([^()]*\)$")
# a theorem-like environment's numbered head, standing alone or run in ("Definition 2.
# Parameterized non-linear constraint. A …", "Problem 1 (Continuous …):"), and a proof's
# ("Proof.", "Preuve")
_THEOREM_HEAD = re.compile(r"^(?:theorem|lemma|definition|corollary|proposition|remark|problem|conjecture|assumption|"
                           r"hypothesis|claim|observation|fact|exercise|notation|convention|axiom|property|"
                           r"théorème|lemme|définition|corollaire|remarque|propriété|preuve|"   # a French paper's
                           r"определение|теорема|лемма|следствие|утверждение|замечание|задача|проблема|"   # a Russian one's
                           r"предложение|гипотеза|пример)"
                           # (numbered in a chapter's roman or an appendix's letter: "Remarque III.2.1",
                           # "Property II.3.1", "Remarque A.1")
                           r"\s+(?:[IVX]{1,4}\.|[A-Z]\.)?[A-Z]?\d+(?:\.\d+)*(?:\s*\(|\s*[.:]|\s*$)"
                           r"|^(?:proof|preuve|démonstration|beweis|доказательство)\W*$"   # a proof's head alone
                           # or naming the numbered results it proves ("Proof of Theorem 34",
                           # "Proof of Lemmas 3 and 4"; a named proof, "Proof of the Main Bound", is
                           # a heading some papers give a section)
                           r"|^proofs?\s+(?:of|for)\s+(?:the\s+)?(?:theorem|lemma|corollary|proposition|claim|"
                           r"remark|observation|fact|property)s?\s+(?:[A-Z]\.?)?\d+(?:\.\d+)*"
                           r"(?:\s*(?:,|and|&)\s*(?:[A-Z]\.?)?\d+(?:\.\d+)*)*\W*$", re.I)
# an unnumbered statement's head run in before it ("**Теорема.** Пусть X, Z — интервалы …",
# "*Lemma.* Every …"): the environments whose heads name no section
_STATEMENT_WORD = re.compile(r"(?:theorem|lemma|definition|corollary|proposition|conjecture|axiom|"
                             r"théorème|lemme|définition|corollaire|satz|korollar|teorema|lema|definición|"
                             r"definição|corolario|corolário|теорема|лемма|определение|следствие|утверждение)",
                             re.I)
# the same run in with its number first ("3.2. Definition. A pseudo double category …", the
# theorems numbered in the sections' series and set in their subsections' face, as AMS's swapped
# numbers print them)
_NUMBER_FIRST_THEOREM = re.compile(r"^\d+(?:\.\d+)*\.?\s+(?:theorem|lemma|definition|corollary|proposition|remark|"
                                   r"conjecture|example|claim|observation|fact|exercise|axiom|assumption|"
                                   r"hypothesis)(?:\s*\([^()]*\))?\s*(?P<stop>[.:])?(?P<more>\s+\S.*)?$", re.I)


def _number_first_theorem(c: Cand) -> bool:
    """Is ``c`` such a head: run in, or the whole row with the statement after the head's stop?"""
    m = _NUMBER_FIRST_THEOREM.match(c.text)
    if m is None:
        return False
    if c.runin:
        return not m.group("more")
    # (a section "4 Example: Distribution of …" or "2.3 Remark: … vs. …" is titled so: the head's
    # full stop and a sentence after it make a statement)
    return m.group("stop") == "." and m.group("more") is not None and len(m.group("more").split()) >= 6


# an item of the supplementary files' list: "Additional file 1: Table S1", "S1 Fig. Densities of …",
# "S2 Table. Statistical results …" (a supporting-information caption, its label closed by a stop)
_SUPPLEMENT_ITEM = re.compile(r"(?i)additional file \d+\b|s\d{1,2}\s+(?:fig(?:ure)?|table|file|appendix|text|"
                              r"dataset|data|video|movie|checklist|protocol)\.")
# the words a caption's label opens with (:data:`_CAPTION_LABEL`), and a caption's label on a row of
# its own in a thesis' format, numbered by chapter ("TABLE 2.1"), in the languages theses are written in
_CAPTION_KINDS = r"fig(?:ure)?|table|scheme|chart|plate"
_LONE_CAPTION_LABEL = re.compile(rf"(?i)^(?:{_CAPTION_KINDS}|equation|eqn?|{FOREIGN_CAPTION_KINDS}|"
                                 r"algorithme?|algoritmo|algorithmus)\.?\s*[A-Z]?\d+(?:\.\d+)?[a-z]?\W?$")
# typewriter faces: a row in one is a program's line (a listing's bold keyword, "**Module Type**
# UInt63.", reads like a run-in lead); "t1xtt" is TX Fonts' typewriter face
_MONO_FAMILY = re.compile(r"mono|courier|cmtt|ectt|txtt|xtt\b|typewriter|consol|menlo|iosevka|inconsolata|sourcecode|"
                          r"firacode|nimbusmon|cousine|jetbrains|lucidaconsole|andale")
# a line of prose: words of letters and their punctuation only (no code's brackets, operators or
# underscores)
_PROSE_LINE = re.compile(r"^[^\W\d_][\w’'\-]*(?:[ ,.;:]+[^\W\d_][\w’'\-]*){7,}[ ,.;:]*$")
# a table's or figure's note, set as a run-in lead ("*Nota.* Buenas figuras")
_NOTE_LEAD = re.compile(r"(?i)^(?:notes?|nota|notas|note du tableau|anmerkung(?:en)?)$")
# an abbreviation as a run-in lead, without a stop or colon after it
_GLOSSARY_TERM = re.compile(r"^[A-Z][A-Za-z0-9&/-]{0,7}[A-Z0-9](?:\s+[A-Z][A-Za-z0-9&/-]{0,7})?$")


def _glossary_entry(r: Row) -> bool:
    """A row opening with an abbreviation as its styled lead, no stop or colon after it, on one
    line ("**GDPR** General Data Protection Regulation")."""
    return bool(r.lead) and _GLOSSARY_TERM.match(r.lead) is not None and r.lead != r.text


def _in_glossary(rows: list[Row], i: int) -> bool:
    """Is row ``i`` an entry of a list of abbreviations: it and two of its neighbours (two rows
    either side, on its page) open with an abbreviation as a lead? A paragraph headed so ("**LSTM**
    The Long Short-Term Memory network …") has body text for neighbours."""
    r = rows[i]
    if not _glossary_entry(r):
        return False
    near = [rows[k] for k in range(max(i - 2, 0), min(i + 3, len(rows))) if k != i and rows[k].page == r.page]
    return sum(map(_glossary_entry, near)) >= 2


_LOWER_WORD_END = re.compile(r"\b[a-z]{2,}$")
# a word of three letters in lower case (a formula's piece has none)
_LOWER_WORD = re.compile(r"[a-z]{3}")
# a person's name of two to four words and the letters of the affiliations it is marked with
_NAME_WITH_MARK = re.compile(r"^[A-ZÀ-Þ][^\W\d_]+(?:[- ][A-ZÀ-Þ][^\W\d_]*\.?){1,3}\s[a-z](?:,\s?[a-z])*$")


def _lead_begun_above(rows: list[Row], i: int) -> bool:
    """Does row ``i``'s run-in lead, closed by a colon, go on from the row before it: that row is
    wholly bold in the lead's size and breaks off after a lower-case word?"""
    if i == 0 or not rows[i].lead.rstrip().endswith(":"):
        return False
    p, r = rows[i - 1], rows[i]
    return p.bold >= 0.9 and abs(p.size - r.size) < 0.3 and _LOWER_WORD_END.search(p.text.rstrip()) is not None


def _line_begun_left(rows: list[Row], i: int) -> bool:
    """Does a row read just before row ``i``, on its page and in its column, end level with it and
    less than an em left of it: row ``i`` goes on from it, mid-line (a lead opens a line)?"""
    r = rows[i]
    return any(q.page == r.page and q.col == r.col and abs(q.y0 - r.y0) < 0.5 * r.size
               and -1.0 <= r.x0 - q.x1 < r.size for q in rows[max(0, i - 3):i])


def _in_form(rows: list[Row], i: int) -> bool:
    """Is row ``i`` a field of a form: it opens with a styled lead, and three or more of the four
    rows either side of it on its page, at its left edge, do too ("**Author** Gabriel …" /
    "**Degree programme** Data Science" / "**Supervisor** Prof. …", a thesis' abstract form)? A
    paragraph opening with a lead has its own lines, without leads, around it."""
    r = rows[i]
    if not _form_field(rows, i):
        return False
    return sum(rows[k].page == r.page and abs(rows[k].x0 - r.x0) < 2 and _form_field(rows, k)
               for k in range(max(i - 4, 0), min(i + 5, len(rows))) if k != i) >= 3


def _form_field(rows: list[Row], i: int) -> bool:
    """Row ``i`` opens with a styled lead that neither a stop nor a colon closes, and a short value
    after it that is no sentence and goes on in no line under it at its left edge (a journal's
    back-matter statements stack their leads as closely: "**Funding:** …", "**Ethics.** …",
    "**Competing interests** None declared.", "**Peer review information** Communications
    Chemistry thanks the" / "anonymous reviewers …")."""
    r = rows[i]
    if not r.lead or r.lead == r.text or r.lead.rstrip().endswith((".", ":")) \
            or len(r.text[len(r.lead):].split()) > 12 or r.text.rstrip().endswith(".") \
            or KNOWN_HEADINGS.match(r.lead.strip()) or section_type(r.lead.strip()) != "other":
        return False   # (a front page's labels, "Related Version", are typed front matter: kept)
    q = rows[i + 1] if i + 1 < len(rows) else None
    return q is None or q.page != r.page or abs(q.x0 - r.x0) >= 2 or q.lead and q.lead != q.text \
        or q.y0 - r.y1 > r.size


def _field_list(rows: list[Row], i: int) -> bool:
    """Is row ``i``'s lead, closed by a colon, the first of a list of terms: one of the next two
    rows on its page opens with a lead in its style, in lower case, closed by a colon too
    ("**Prestativo:** …" over "**motivador:** …")? (A journal's back-matter statements stack
    their capitalised leads as closely, "**Funding:** …" over "**Institutional Review Board
    Statement:** …", and are headings.)"""
    r = rows[i]
    if not r.lead.rstrip().endswith(":"):
        return False
    return any(q.page == r.page and q.lead_style == r.lead_style and q.lead.rstrip().endswith(":")
               and q.lead[:1].islower() for q in rows[i + 1:i + 3])


# a series closed by a conjunction: a heading naming its parts ("Stomatal aperture, …, and stomatal
# density measurement"), not a list of terms
_CONJUNCTION = re.compile(r"\b(?:and|or|und|et|y)\b|&")

# a journal's citation of the paper (year;volume:article, "J Med Internet Res 2026;28:e82426;") or a
# DOI opening a line: under an abstract, in a running foot; never a heading
CITED_AS = re.compile(r"\b(?:19|20)\d\d;\s*\d+(?:\(\d+\))?:\s*\w|^\W*doi:\s*10\.", re.I)


def _overlapped(rows: list[Row], i: int) -> bool:
    """Does row ``i``, set smaller, overlap a row twice as wide near it in reading order on its page,
    across and for half the taller one's height or more: a symbol with its superscript that the text
    layer split from the rest of its line (the subscript set under the superscript makes the two
    overlap)? (A formula's accent split from a heading overlaps it too, but is the narrower of the
    two; a wide table spilling into the next column, over a heading there, is set no larger.)"""
    r = rows[i]
    width = r.x1 - r.x0
    for j in range(max(i - 3, 0), min(i + 7, len(rows))):
        if j != i:
            q = rows[j]
            if q.page == r.page and q.x0 < r.x1 - 2 and r.x0 < q.x1 - 2 and q.x1 - q.x0 > 2 * width \
                    and r.size < q.size - 0.5 \
                    and min(r.y1, q.y1) - max(r.y0, q.y0) > 0.5 * max(r.y1 - r.y0, q.y1 - q.y0):
                return True
    return False


# a running head that names the authors ("Hamzeh Pour et al.: Emergency Department …", "Smith et
# al. Page 3", "Murrell & Cortes-Ciriano et al", "B. Román-Ponce and F.U. Rojas-Rojas"), set on a
# page that has no other to repeat it
# (after the page's number too: MNRAS' "2 Rongfu Liu et al." atop a page)
_RUNNING_HEAD = re.compile(r"^(?:\d{1,4}\s+)?[A-ZÀ-Þ][\w'’-]*(?: (?:[A-ZÀ-Þ][\w'’-]*|&|and)){0,3} et al\.?(?:[:,]|\s+\S|\s*$)"
                           r"|^(?:[A-Z]\.\s?){1,3}[A-ZÀ-Þ][\w'’\u0300-\u036f-]+ (?:and|&) (?:[A-Z]\.\s?){1,3}[A-ZÀ-Þ]")
_FIGURE_CHARS = frozenset("0123456789.,±%()[]-–−+/×<> ")


def _numbers_beside(rows: list[Row], c: Cand, r: Row, ks: range | None = None) -> bool:
    """Is a row of figures set on ``r``'s baseline, apart from it (the other cells of a table row
    read as a row of their own: "13 ± 0.7b  15 ± 0.7  1.25 ± 0.2")? Rows ``ks`` are looked at,
    by default the six either side in reading order. Figures left of it are no cells of its row
    (a line-numbered manuscript's number in the margin, "438" beside "Discussion")."""
    for k in ks or range(max(c.i - 6, 0), min(c.rows[-1] + 7, len(rows))):
        q = rows[k]
        if k in c.rows or q.page != r.page or abs(q.y0 - r.y0) >= 0.6 * r.size or q.x0 < r.x1:
            continue
        t = q.text
        digits = sum(ch.isdigit() for ch in t)
        if digits >= 3 and sum(ch in _FIGURE_CHARS for ch in t) >= 0.75 * len(t):
            return True
    return False


# a figure as a table prints it: a number, signed, with its decimals, a percent sign, or in brackets
# (a standard deviation's "(0.034)")
_FIGURE_TOKEN = re.compile(r"^\(?[-+−±]?\d+(?:[.,]\d+)*%?\)?[,;]?$")


def _mostly_figures(title: str) -> bool:
    """Three figures or more, more than half the words, two of them measured (decimals, a percent
    sign, brackets): a table's row ("Lunar 0.656 (0.034) 0.687 …"; not "Poliomyelitis Type 1, 2, 3")."""
    figures = [w for w in title.split() if _FIGURE_TOKEN.match(w)]
    return len(figures) >= 3 and 2 * len(figures) > len(title.split()) \
        and sum(1 for w in figures if _MEASURED.search(w)) >= 2


_MEASURED = re.compile(r"\d[.,]\d|%|^\(")


_EQUATION_NUMBER = re.compile(r"^\(\d{1,3}[a-z]?\)$")


def _beside_equation_number(rows: list[Row], i: int) -> bool:
    """Is an equation's number ("(1)") set apart from row ``i`` within a line's height of it, on
    its page, among the rows read near it: row ``i`` is a piece of the displayed equation?"""
    r = rows[i]
    return any(q.page == r.page and abs(q.y0 - r.y0) <= 0.9 * r.size and (q.x1 < r.x0 or q.x0 > r.x1)
               and _EQUATION_NUMBER.match(q.text) for q in rows[max(0, i - 3):i + 4] if q is not r)


def _cells_beside(rows: list[Row], i: int) -> bool:
    """Two rows or more level with row ``i``, right of it in its column and no more than four of
    its ems from the one before: the other cells of a table's row ("IGD", then "None", "MRDL")."""
    r = rows[i]
    beside = sorted((q for q in rows[max(0, i - 12):i + 12] if q is not r and q.page == r.page and q.col == r.col
                     and abs(q.y0 - r.y0) < 0.3 * r.size and q.x0 > r.x1), key=lambda q: q.x0)
    x, n = r.x1, 0
    for q in beside:
        if q.x0 - x > 4 * r.size:
            break
        x, n = q.x1, n + 1
    return n >= 2


# a row of figures alone: a table's years or values ("2021 2022 2023 2024", "4.0 4.1 3.6")
_FIGURES_ONLY = re.compile(r"[-−+]?\d[\d.,]*%?(?:\s+[-−+]?\d[\d.,]*%?)+")


def _column_head(rows: list[Row], i: int) -> bool:
    """Is row ``i`` beside a row of words on its page and in its column, their line bands
    overlapping (a head spanning two rows is set half a line lower: "Gmina"), with a row of
    figures alone right under it: a table's column heads over its first row ("Małżeństwa zawarte na
    1000 ludności" over "2021 2022 2023 2024")? (A line number in the margin has no letter.)"""
    r = rows[i]
    if not any(q is not r and q.page == r.page and q.col == r.col and (q.x0 > r.x1 or q.x1 < r.x0)
               and min(q.y1, r.y1) - max(q.y0, r.y0) > 0.25 * r.size and any(ch.isalpha() for ch in q.text)
               for q in rows[max(0, i - 3):i + 4]):
        return False
    below = next((q for q in rows[i + 1:i + 4] if q.y0 > r.y1 - 1), None)
    return below is not None and below.page == r.page and below.y0 - r.y1 < 2 * r.size \
        and _FIGURES_ONLY.fullmatch(below.text.strip()) is not None


def _two_column_entry(rows: list[Row], i: int) -> bool:
    """Is row ``i`` the left cell of a two-column list (a notation table, a glossary): a row on its
    line to its right in its column, and two more lines among the six either side whose left cells
    start where it does and stop well short of the right cells (a symbol, a term: under 0.7 of
    the way; a page set in two columns has its left column's lines running up to the right one's),
    and whose right cells start where its own does?"""
    r = rows[i]
    near = [q for q in rows[max(0, i - 6):i + 7] if q.page == r.page and q.col == r.col]

    def right_of(left: Row) -> Row | None:
        return next((q for q in near if q is not left and abs(q.y0 - left.y0) < 0.4 * left.size
                     and q.x0 > left.x1 + 0.5 * left.size), None)

    mine = right_of(r)
    if mine is None:
        return False
    reach = r.x0 + 0.7 * (mine.x0 - r.x0)
    lines = sum(1 for q in near if q is not r and q is not mine and abs(q.x0 - r.x0) < 2 and q.x1 < reach
                and (other := right_of(q)) is not None and abs(other.x0 - mine.x0) < 2)
    return lines >= 2


_ITEM_OPENING = re.compile(r"^\W|^\d{1,2}[.)]\s|^\(?[a-z][.)]\s")


def _description_term(rows: list[Row], c: Cand) -> bool:
    """Are the two rows under the candidate, on its page and in its column, set one indent right of
    it (at least an em and a half, the same for both), the first running to the column's right edge
    and opening on no list's mark, while text on its page or the next or last starts where it
    does: the text of a description list's item, its term the candidate (a heading's first line
    may be indented, not its second; a quotation stops short of the edge; a heading hung out in
    the margin, as some manuscripts set them, has no text starting where it does — the front
    page's authors and addresses are no evidence for the pages after it)?"""
    r, k = rows[c.i], c.rows[-1] + 1
    under = rows[k:k + 2]
    if len(under) < 2 or any(q.page != r.page or q.col != r.col or q.kind != "text" for q in under):
        return False
    a, b = under
    if not (a.x0 >= r.x0 + 1.5 * r.size and abs(a.x0 - b.x0) < 0.5 * r.size
            and r.y0 + 0.5 * r.size < a.y0 < b.y0 and not _ITEM_OPENING.match(a.text)):
        return False
    right = max(q.x1 for q in rows[max(0, c.i - 12):k + 12] if q.page == r.page and q.col == r.col)
    return a.x1 >= right - r.size and any(
        q.kind == "text" and q.bold < 0.5 and abs(q.x0 - r.x0) < 0.5 * r.size and q.x1 - q.x0 > 15 * r.size
        for q in rows[max(0, c.i - 120):k + 120]
        if abs(q.page - r.page) <= 1 and q.col == r.col and (q.page or not r.page))


def _figure_row(q: Row, page: int) -> bool:
    """A table's row of figures on ``page``: three words or more, most of them holding a digit."""
    words = q.text.split()
    return q.page == page and len(words) >= 3 and sum(any(ch.isdigit() for ch in w) for w in words) >= 0.6 * len(words)


def _inside_table(rows: list[Row], c: Cand) -> bool:
    """Is the row right above the candidate a table's row of figures, and one of the two under it
    too (the group's column heads may come between: "2.47 · 10−2  3.67 · 10−6  1.614" / "Building
    Properties" / "Vbase (m3)  Lslab (cm)" / "300  15  0.5")? The line above may be read cell by
    cell, each a row of its own ("0.021", "-2.473", … "-0.208" over "**Indirect Effects**"), and a
    row under it may open with its label ("NFC on RPE via Self Control -0.011 0.007 -1.695 …")."""
    page, last = rows[c.i].page, c.rows[-1]
    if c.i == 0:
        return False
    return (_figure_row(rows[c.i - 1], page) or _figure_row(_line_of(rows, c.i - 1, range(c.i - 8, c.i)), page)) \
        and any(_figure_row(rows[k], page) or _labelled_figures(_line_of(rows, k, range(k, k + 8)), page)
                for k in range(last + 1, min(last + 3, len(rows))))


def _line_of(rows: list[Row], k: int, ks: range) -> Row:
    """Row ``k`` with the rows ``ks`` on its baseline (a table's line read cell by cell), as one
    row of their words."""
    r = rows[k]
    line = Row(r.page, r.block)
    line.text = " ".join(q.text for q in rows[max(ks.start, 0):min(ks.stop, len(rows))]
                         if q.page == r.page and abs(q.y0 - r.y0) < 0.5 * r.size)
    return line


def _labelled_figures(q: Row, page: int) -> bool:
    """A table's row of a label and four figures or more, the figures most of its words after the
    label ("NFC on RPE via Self Control -0.011 0.007 -1.695 0.090 -0.026 -0.001")."""
    words = q.text.split()
    figures = [w for w in words if re.fullmatch(r"[-−–]?\d*[.,]?\d+%?", w)]
    return q.page == page and len(figures) >= 4 and len(figures) >= 0.5 * len(words)


def _between_figure_rows(rows: list[Row], c: Cand) -> bool:
    """Are the rows right above and under the candidate, on its page, a table's rows of figures
    ("GO:0010762 0.0068 Inf 8.8567 13" over "regulation of fibroblast migration", ruled under,
    and "GO:1903543 0.0100 Inf 8.1754 12" under it): three or more words, most of them holding
    a digit (:func:`_figure_row`)?"""
    above, below = c.i - 1, c.rows[-1] + 1
    page = rows[c.i].page
    return above >= 0 and below < len(rows) and _figure_row(rows[above], page) and _figure_row(rows[below], page)


def _page_rows(rows: list[Row], i: int) -> range:
    """The indices of the rows on row ``i``'s page (rows come page by page)."""
    page = rows[i].page
    lo = hi = i
    while lo > 0 and rows[lo - 1].page == page:
        lo -= 1
    while hi + 1 < len(rows) and rows[hi + 1].page == page:
        hi += 1
    return range(lo, hi + 1)


def _cut_row_near(rows: list[Row], r: Row, ks: range) -> Row | None:
    """Is one of rows ``ks`` (the nearest few above or below ``r``) a table row cut by wide gaps,
    less than three lines from ``r`` and spanning half of it across (the nearest such row, or
    None)? A multi-line cell's other lines come between; a table's rows may be read as columns
    of their own, so the column is not asked. A proof's last line, its end mark set at the right
    margin ("… is a symmetric monoidal category.      ◀"), is no table row."""
    for k in ks:
        q = rows[k]
        if q.page != r.page or abs(q.y0 - r.y0) >= 3 * r.size:
            return None
        if q.gap >= 1.4 and min(q.x1, r.x1) - max(q.x0, r.x0) >= 0.5 * (r.x1 - r.x0) \
                and not q.text.rstrip().endswith(_PROOF_ENDS):
            return q
    return None


# the marks that end a proof, set at the right margin
_PROOF_ENDS = ("◀", "□", "■", "∎", "◻", "▢", "◼", "❑", "⊓⊔", "⊔⊓", "q.e.d.", "Q.E.D.")


_LETTERED = re.compile(rf"^(?:(?i:appendix)\s+)?([A-Z])\s+(?=[A-ZÀ-ÖØ-Þ{HAN_KANA}])")
# an appendix's part numbered by its letter and a number, no point between ("A1 Scale dependent
# systematics", "D2 MPI Support")
_LETTER_DIGIT = re.compile(r"^([A-H])(\d{1,2})\.?\s+(?=[A-Z])")


def _letter_numbers(cands: list[Cand], refs_row: int = -1) -> None:
    """Top-level appendix letters printed without punctuation ("A Proofs", "B Hyper-parameters",
    "Appendix A Details"): read as numbers when the document has an "A" heading followed by a
    "B" one, or an "A" heading set like the other headings after the bibliography. The letter is
    followed by a capital: the article "A" of "A global view of …" is a word."""
    _letter_digit_numbers(cands)
    _lowercase_letter_numbers(cands)
    found = []
    for c in cands:
        if c.number or c.runin or c.p < 0.08:
            continue
        m = _LETTERED.match(c.text)
        if m:
            found.append((c, m))
    letters = {m.group(1) for c, m in found}
    after_refs = any(m.group(1) == "A" and c.p >= 0.3 and (0 <= refs_row < c.i or m.group(0).lower().startswith("appendix"))
                     for c, m in found)
    if "A" not in letters or not ("B" in letters or after_refs):
        return
    # (past "H" only where every letter before it letters another: "I Réactions exobondic" after
    # "H Réactions endobondic" in a report's eleven appendices, not a Roman "I" or an initial)
    run = ""   # "A", "AB", …: the letters from "A" on, each lettering a heading
    while len(run) < 26 and chr(ord("A") + len(run)) in letters:
        run += chr(ord("A") + len(run))
    for c, m in found:
        if m.group(1) <= "H" or m.group(1) in run:
            c.number = m.group(1)
            c.title = unspace(c.text[m.end():]).strip(" .:")


# a subsection lettered as IEEE's classes letter them, its words in lower case as the author wrote
# them ("B. environment type", "A. random walk")
_LETTERED_LOWER = re.compile(r"^([A-H])\.\s+(?=[a-z])")


def _lowercase_letter_numbers(cands: list[Cand]) -> None:
    """Lettered subsections whose words open in lower case ("B. environment type" between "A.
    Experimental setup" and "C. Evaluation methods") read as numbered where a letter next to
    theirs numbers another candidate, so the outline's chain runs through them (without its "B",
    "C" stood alone under "A" and went); a species named so ("B. subtilis") has no such
    neighbour."""
    found = [(c, m) for c in cands if not c.number and not c.runin and c.p >= 0.08
             and (m := _LETTERED_LOWER.match(c.text))]
    if not found:
        return
    letters = {c.number for c in cands if c.number and len(c.number) == 1 and c.number.isalpha()}
    letters |= {m.group(1) for _, m in found}
    for c, m in found:
        k = ord(m.group(1))
        if chr(k - 1) in letters or chr(k + 1) in letters:
            c.number = m.group(1)
            c.title = unspace(c.text[m.end():]).strip(" .:")


def _chapter_titles(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """A thesis' or book's chapter opening: a large label "Chapter 2" (or "Appendix A") on a row of
    its own, the chapter's title under it in the same large type ("Interpolation and trace
    estimation", "Conventions"), or both centred in the body's type (a graduate school's format:
    "CHAPTER 2" over "Large-scale Dataset"). The title is a first-level heading numbered by the
    label; the label is none."""
    by_row = {c.i: c for c in cands if not c.runin}
    k_centred = FEATURES.index("centred")
    for c in cands:
        m = CHAPTER_LABEL_ROW.match(c.text.strip()) if not c.runin else None
        if m is None:
            continue
        r = rows[c.i]
        j = c.rows[-1] + 1
        while j < len(rows) and rows[j].page == r.page and rows[j].size < 0.7 * st.body:
            j += 1   # (a note's mark or a margin's line number between them)
        t = by_row.get(j)
        # (the title may be set larger than its label: "Chapitre I" in the body's size over a
        # title at twice it)
        if t is None or rows[t.i].page != r.page or rows[t.i].size < 0.4 * r.size \
                or rows[t.i].size - r.size > 0.6 * r.size and rows[t.i].size < st.body + 4 \
                or CHAPTER_LABEL_ROW.match(t.text.strip()):
            continue
        large = r.size >= st.body + 2 and rows[t.i].size >= st.body + 2 or rows[t.i].size >= st.body + 4
        if not (large or c.feats[k_centred] and t.feats[k_centred] and c.feats[_F_STANDING[0]] >= 1.0
                and abs(rows[t.i].size - r.size) < 0.6 and not CAPTION.match(t.text) and not t.text.rstrip().endswith(".")):
            continue
        c.p = 0.0
        # as sure as a heading gets: the outline's chain goes through it, not through the contents'
        # lines that name it ("2 Extracting … . . . 9")
        t.p = max(t.p, 0.9)
        t.chapter = "part" if _PART_LABEL.match(c.text.strip()) else "chapter"
        if t.number is None:
            t.number = m.group(1) or m.group(2) or _arabic(m.group(3))
        if large:
            _title_lines(rows, t, by_row)
    # a chapter's label and its title on one row, set large ("第一章 运动学和力学" at 22 pt over a
    # 10.5-pt body, which the model scored 0.03): its number is the label's (``number_and_title``),
    # a contents line's page number after it is none
    for c in cands:
        if not c.runin and c.number and not c.chapter and rows[c.i].size >= st.body + 4 \
                and _CHAPTER_LABEL.match(c.text) and not re.search(r"\d\s*$", c.text) \
                and not _CJK_SECTION_LABEL.match(c.text):
            c.p = max(c.p, 0.9)
            c.chapter = "chapter"


_PART_LABEL = re.compile(rf"(?i)^(?:{PART_WORDS})\s|^第.*部分$")


def _arabic(numeral: str | None) -> str | None:
    """A chapter's number in Chinese numerals ("第一部分") as digits; digits as they are."""
    return str(cjk_number(numeral)) if numeral and not numeral.isdigit() else numeral


def _title_lines(rows: list[Row], t: Cand, by_row: dict[int, Cand]) -> None:
    """A chapter's title broken over lines set far apart ("LES PROPRIÉTÉS REVISITÉES DE LA" /
    "MOYENNISATION", flush right at twice the body's size, with two sizes' lead between them): the
    rows right under it in its type, up to three, are the title's too, and no headings of their own."""
    first = rows[t.i]
    last = rows[t.rows[-1]]
    for _ in range(3):
        q = by_row.get(t.rows[-1] + 1)
        if q is None or q.runin or len(q.rows) != 1:
            return
        r = rows[q.i]
        if r.page != first.page or abs(r.size - first.size) > 0.3 or (r.bold >= 0.6) != (first.bold >= 0.6) \
                or r.upper != first.upper or r.y0 - last.y1 > 1.5 * first.size or sent_end(t.text) \
                or CHAPTER_LABEL_ROW.match(r.text.strip()):
            return
        t.text = _join(t.text, r.text)
        t.title = _join(t.title, r.text)
        t.rows.append(q.i)
        q.p = 0.0
        last = r


_APPENDIX_LABEL = re.compile(r"(?i)^appendi(?:x|ces)$")


def _appendix_letters(rows: list[Row], cands: list[Cand], threshold: float) -> None:
    """Appendices lettered under their label: "APPENDIX" accepted on a row of its own, then "A.
    HOW TO MAKE AN APPENDIX" right under it (scored 0.19: a lone "A" is no outline chain), and
    "B. …", "C. …" after it in its size and weight, are headings."""
    for k, c in enumerate(cands):
        if c.p < threshold or c.runin or not _APPENDIX_LABEL.match(c.title.strip(" .:")):
            continue
        nxt = cands[k + 1] if k + 1 < len(cands) else None
        if nxt is None or nxt.number != "A" or nxt.runin or nxt.p < 0.1 or nxt.i - c.rows[-1] > 2 \
                or rows[nxt.i].page != rows[c.i].page:
            continue
        first = rows[nxt.i]
        letter = "A"
        for o in cands[k + 1:]:
            if o.number == letter and not o.runin and o.p >= 0.1 and abs(rows[o.i].size - first.size) < 0.3 \
                    and (rows[o.i].bold >= 0.6) == (first.bold >= 0.6):
                o.p = max(o.p, threshold + 0.01)
                letter = chr(ord(letter) + 1)


# a row opening on an appendix's or a supplement's label and letter ("Appendix E", "APPENDIX B
# Simulation …", "Supplementary Material A. Deviations …")
_LABELLED_LETTER = re.compile(r"^(?:appendix|supplement(?:ary|al)?"
                              r"(?:\s+(?:materials?|information|notes?|text|sections?))?)\s+([A-Z])\b(?!\.\d)", re.I)
# an appendix's label without a letter, its title after a colon ("Appendix: Sample Analysis in Python")
_APPENDIX_COLON = re.compile(r"^appendix\s*:\s*\S", re.I)
# a supplement's own label, numbered as journals number supporting files ("S2 Appendix: …", "S1 Text")
_SUPPORTING_LABEL = re.compile(r"^S\d{1,2}\s+(?:appendix|text|file|supplement)\b\s*[:.]?\s+\S", re.I)


def _appendix_series(rows: list[Row], cands: list[Cand], threshold: float) -> None:
    """Appendices labelled and lettered in order, each standing on rows of its own in one size and
    weight ("Appendix A" over "Methods and Coding Transparency", "Appendix B" over …, an APA
    manuscript's at the body's size, which the model scores 0.11–0.15; "Supplementary Material A.
    Deviations from the preregistration.", 0.08–0.21), are headings: two or more, their letters A,
    B, C … in the document's order. So is a supplement's own label ("S2 Appendix: …") in bold."""
    series = []
    for c in cands:
        m = _LABELLED_LETTER.match(c.text.strip())
        if c.runin or c.p < 0.05 or m is None or m.group(1).upper() != chr(ord("A") + len(series)):
            continue
        if series and (abs(rows[c.i].size - rows[series[0].i].size) >= 0.3
                       or (rows[c.i].bold >= 0.6) != (rows[series[0].i].bold >= 0.6)):
            continue
        series.append(c)
    if len(series) >= 2:
        for c in series:
            c.p = max(c.p, threshold + 0.01)
    # so are appendices without letters, each "Appendix: …" on rows of its own in one bold style
    # (an LNCS paper's "Appendix: Sample Analysis in Python" over its listing, scored 0.20–0.36:
    # no number, and code under it)
    unlettered = [c for c in cands if not c.runin and c.p >= 0.05 and len(c.rows) <= 2
                  and _APPENDIX_COLON.match(c.text.strip()) and rows[c.i].bold >= 0.6]
    if len(unlettered) >= 2 and all(abs(rows[c.i].size - rows[unlettered[0].i].size) < 0.3 for c in unlettered):
        for c in unlettered:
            c.p = max(c.p, threshold + 0.01)
    # a supplement's own label in bold, even alone ("S2 Appendix: Well-calibrated simulation
    # studies" under the paper's title and authors, scored 0.19; 0.04 over the first section)
    for c in cands:
        if not c.runin and 0.03 <= c.p < threshold and rows[c.i].bold >= 0.6 and _SUPPORTING_LABEL.match(c.text):
            c.p = threshold + 0.01



def _letter_digit_numbers(cands: list[Cand]) -> None:
    """Appendix parts numbered "A1", "D2" read as numbers where the document has two of one letter
    ("A1 …", "A2 …") or its appendix of that letter ("Appendix D: …" before "D2 MPI Support"): a
    gene or a compound named so ("B2 receptor expression") has neither."""
    found = [(c, m) for c in cands if not c.number and not c.runin and (m := _LETTER_DIGIT.match(c.text))]
    if not found:
        return
    parts: dict[str, set[str]] = {}
    for _, m in found:
        parts.setdefault(m.group(1), set()).add(m.group(2))
    appendices = {c.number for c in cands if c.number and len(c.number) == 1 and c.number.isalpha()}
    for c, m in found:
        if len(parts[m.group(1)]) >= 2 or m.group(1) in appendices:
            c.number = m.group(1) + m.group(2)
            c.title = unspace(c.text[m.end():]).strip(" .:")


_WORD3 = re.compile(r"[^\W\d_]{3,}")
# a relation or operator standing as a word or ending the row ("porosity ¼", "x =", "a + b");
# "¼" and "¶" are how some typesetters' math fonts map "=" and "+" into the text layer
_OPERATOR = re.compile(r"(?:^|\s)[=<>≤≥≈≃∼~±∓×÷+−¼½¾¶→←⇒∝≡]+(?:\s|$)|[=¼≤≥≈∼±×÷−→∝]$")


def formula_fragment(title: str) -> bool:
    """A piece of an equation or a table cell standing alone ("qt q", "porosity ¼", "sd"): no
    word of three letters and no two capitals in a row, an operator standing as a word, or a term
    in a math font's mapped brackets. Two ideographs or kana are a word ("謝辞", "結論", "附录": a
    Chinese or Japanese heading of two characters, spaced apart or not), not a formula's letters."""
    t = title.strip()
    if not _WORD3.search(t) and sum(ch.isupper() for ch in t) < 2 and len(HAN_KANA_CHAR.findall(t)) < 2:
        return True
    # the same math fonts map "(" and ")" to "ð" and "Þ": a bracketed term ("ðC0 CÞ", read "(C0 C)"
    # where the brackets stand in spans of their own)
    at = t.find("ð")
    if at >= 0 and t.find("Þ", at) > at or t[:1] == "(" and t[-1:] == ")" and not _WORD3.search(t):
        return True
    # a short term with a floor or a ceiling in it ("Posn (⌊Tn⌋)", a figure's label under its axis)
    if len(t.split()) <= 3 and _FLOOR_CEIL.search(t):
        return True
    # a function applied to a short argument, a display's numerator ("L(Σ)", "cos(α1)"); a set's
    # membership ("Let A ∈Ln,n"); TeX's "↦" read as "7→" ("z 7→ log(z)")
    if _APPLIED.fullmatch(t) or _MEMBERSHIP.search(t) or "7→" in t:
        return True
    return bool(_OPERATOR.search(t))


_APPLIED = re.compile(r"[^\W\d_]{1,3}\s?\([^()\s]{1,8}\)")
_MEMBERSHIP = re.compile(r"\w\s?[∈∉⊂⊆⊃⊇]\s?\w")


_FLOOR_CEIL = re.compile(r"[⌊⌈][^⌋⌉]*[⌋⌉]")


def _sentence_lead(r: Row, c: Cand) -> bool:
    """Does a one-row standalone candidate hold a styled lead closed by a period or colon and then
    more words ("**Its PARylation Activity.** The")? Then the row is a run-in head, not a heading
    — unless the row is set well above the body's size, as no paragraph is ("**Empirical
    application:** ***Arabidopsis thaliana***" in 14 pt over a 12-pt body)."""
    return len(c.rows) == 1 and r.lead.rstrip().endswith((".", ":")) and len(r.text) > len(r.lead.rstrip()) + 1 \
        and not (c.feats and c.feats[0] >= 0.15)


def _lead_before_sentence(rows: list[Row], c: Cand) -> bool:
    """Does a one-row standalone candidate hold an italic or bold lead of two words or more before
    a sentence in another style that its paragraph goes on with on the next row of its block
    ("*Space Filling* Also referred to as Radial Space Filling" / "(RSF) [16, 21], this …")?
    Then the lead is a run-in head. A heading of two styles stands in a block of its own ("**Rule
    1** *All complementary-strand stops are removable*"). A lead that fills its line leaves the
    sentence one or two words there, then the next row goes on in lower case ("**Simulation under
    “recognition” assumptions** The" / "recognition model reflects …")."""
    r = rows[c.i]
    lead = r.lead.rstrip()
    if len(c.rows) != 1 or r.lead_style not in ("b", "i") or len(lead.split()) < 2 or not r.text.startswith(lead):
        return False
    rest = r.text[len(lead):].split()
    nxt = rows[c.i + 1] if c.i + 1 < len(rows) else None
    return bool(rest) and rest[0][:1].isupper() and rest[0][1:2].islower() \
        and nxt is not None and nxt.page == r.page and nxt.block == r.block \
        and (len(rest) >= 3 or nxt.text[:1].islower())


def _lift_series(series: dict[tuple, list[Cand]], threshold: float) -> None:
    """Candidates grouped by their lead's style (``_runin_key``): three or more of one style are
    headings together."""
    for found in series.values():
        if len(found) >= 3:
            for c in found:
                c.p = threshold + 0.01


def _runin_series(rows: list[Row], cands: list[Cand], threshold: float) -> None:
    """Run-in heads of one level come as a series in one lead style: leads closed by a period (or
    a dash) in bold, italic or another face, each opening a paragraph, three or more of them in
    one style (style, size and the lead's own face), that the model scored nearly a heading (0.3 or
    more; two in bold or italic, 0.35 or more) are headings together ("**Mask effectiveness.** The
    …", "**Index cases.** The …", "**Who wears masks.**"); so is one the model scored 0.05 or more
    in the style of a run-in head it accepted ("**Materials Synthesis.**" at 0.39 before
    "**Electrochemical Measurements.**" at 0.69), and a row that is all such a lead."""
    series: dict[tuple, list[Cand]] = {}
    heads = [rows[c.i] for c in cands if c.runin and not c.number and c.p >= threshold
             and rows[c.i].lead_style in ("b", "i", "f") and rows[c.i].lead.rstrip().endswith(_LEAD_CLOSERS)]
    accepted = {_lead_key(r) for r in heads}
    accepted_rows = {_runin_key(r) for r in heads}   # (for a row that is all a lead: its own face)
    # rows that end a heading: a run-in head may open the paragraph right under one ("Methods" /
    # "*Preparation of electrolytes and electrodes.* LiFSA …", one block)
    under = {c.rows[-1] + 1 for c in cands if not c.runin and c.p >= threshold}
    for c in cands:
        r = rows[c.i]
        if not c.runin or c.number or not 0.3 <= c.p < threshold or r.lead_style not in ("b", "i", "f") \
                or not r.lead.rstrip().endswith(_LEAD_CLOSERS) or _ABBREV_END.search(r.lead.rstrip()) \
                or not _rest_capital(c.rest) or not 1 <= len(c.title.split()) <= 10 or c.feats[28]:
            continue
        prev = rows[c.i - 1] if c.i else None
        if (r.first_in_block or prev is None or sent_end(prev.text.rstrip()) or c.i in under) \
                and not _goes_on_from(prev, r, under, c.i):
            series.setdefault(_lead_key(r), []).append(c)
    _lift_series(series, threshold)
    # two of them alone, in bold or italic, both scored close to a heading (0.35 or more: a short
    # methods part's "**Synthesis of chemically lithiated purpurin.**" and "**Electrochemical
    # characterization.**"; two leads in another face only are no series)
    for key, found in series.items():
        if len(found) == 2 and key[0] in ("b", "i") and min(c.p for c in found) >= 0.35:
            for c in found:
                c.p = threshold + 0.01
    if not accepted:
        return
    # in the lead style of an accepted run-in head the model's doubt counts for less: 0.05 will do,
    # a lead over two rows (closed in the second row's lead) and of up to 14 words included
    # ("***Assessment of days worked without a*** / ***mask or respirator, by arrival time.*** We …");
    # not a description list's label, its text going on indented under it (a hanging indent)
    k_hang = FEATURES.index("hanging")
    for c in cands:
        last = rows[c.rows[-1]]
        if not c.runin or c.number or not 0.05 <= c.p < threshold or last.lead_style not in ("b", "i", "f") \
                or len(c.feats) > k_hang and c.feats[k_hang] > 0.5 \
                or _lead_key(last) not in accepted or not last.lead.rstrip().endswith(_LEAD_CLOSERS) \
                or _ABBREV_END.search(last.lead.rstrip()) or not _rest_capital(c.rest) \
                or not 1 <= len(c.title.split()) <= 14 or c.feats[28]:
            continue
        prev = rows[c.i - 1] if c.i else None
        if (rows[c.i].first_in_block or prev is None or sent_end(prev.text.rstrip()) or c.i in under) \
                and not _goes_on_from(prev, rows[c.i], under, c.i):
            c.p = threshold + 0.01
    # a run-in head that fills its row (the whole row a lead closed by a period, its paragraph
    # going on below in the body's type: "***Characteristics of the study population.***" over
    # "WTC workers enrolled …"), in the lead style of an accepted run-in head
    for c in cands:
        r = rows[c.i]
        if c.runin or c.number or len(c.rows) != 1 or not 0.3 <= c.p < threshold or c.feats[28] \
                or not c.text.rstrip().endswith(".") or _ABBREV_END.search(c.text.rstrip()) \
                or not 1 <= len(c.text.split()) <= 10 or c.i + 1 >= len(rows):
            continue
        style = "b" if r.bold >= 0.6 else "i" if r.italic >= 0.6 else None
        nxt = rows[c.i + 1]
        if style and (style, round(r.size), r.family) in accepted_rows and nxt.block == r.block \
                and nxt.bold < 0.5 and nxt.italic < 0.5 and abs(nxt.size - r.size) < 0.6:
            c.p = threshold + 0.01


def _goes_on_from(prev: Row | None, r: Row, under: set[int], i: int) -> bool:
    """Does row ``r`` go on with the sentence of the line right above it, a full line in its column
    and type ("… the translated items can be found in the Supplementary" / "*Material S1.* Due to a
    …"), where a block break in the text layer may fall: no paragraph opens there. (A short line
    above ends its paragraph, its last stop hidden by a citation's marks: "recorded emission.32,33".)"""
    return prev is not None and i not in under and prev.page == r.page and prev.col == r.col \
        and abs(prev.size - r.size) < 0.4 and not sent_end(prev.text.rstrip()) \
        and not prev.text.rstrip().endswith(":") and -0.3 * r.size < r.y0 - prev.y1 < 1.6 * r.size \
        and abs(prev.x0 - r.x0) < r.size and prev.x1 > r.x1 - 2 * r.size


def _back_matter_leads(rows: list[Row], cands: list[Cand], threshold: float) -> None:
    """The back matter's sections set as run-in leads in small type ("**Data accessibility.** This
    article …", "**Authors' contributions.** …", "**Funding.** …"), which the model scores near
    nothing: three or more leads of one style naming standard sections, outside the front page's
    zone, are headings together; an "Acknowledgements" lead is one alone."""
    series: dict[tuple, list[Cand]] = {}
    for c in cands:
        r = rows[c.i]
        if c.runin and c.p < threshold and c.p >= 0.02 and r.lead_style in ("b", "f") and not c.feats[28] \
                and KNOWN_HEADINGS.match(c.title):
            if _ACKNOWLEDGEMENTS.match(c.title):
                c.p = threshold + 0.01   # alone too: "**Acknowledgements** This work is supported …"
            else:
                series.setdefault(_runin_key(r), []).append(c)
    _lift_series(series, threshold)


_ACKNOWLEDGEMENTS = re.compile(r"(?i)acknowledge?ments?$")


def _lead_of_accepted_row(rows: list[Row], cands: list[Cand], threshold: float) -> None:
    """A row accepted whole that opens with a styled lead closed by a period and runs on into a
    sentence ("Analytical exposure screening tools. To support the …", the lead in a face of its
    own outweighing the text) opens a paragraph with a run-in head: the lead is the heading (unless
    a veto put the lead at 0)."""
    runin = {c.i: c for c in cands if c.runin and not c.number}
    for c in cands:
        o = runin.get(c.i)
        if o is not None and not c.runin and not c.number and c.p >= threshold > o.p > 0 and len(c.rows) == 1 \
                and _sentence_lead(rows[c.i], c) and o.rest[:1].isupper() and len(o.rest.split()) >= 3:
            o.p, c.p = c.p, 0.0


def _same_style_as_headings(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Headings of one level share a style: a short standalone row followed by body text, set in
    a style that at least two accepted headings have and that few other rows use (the style is
    the headings'), is a heading too even when it stands apart less than they do. So is one of a
    style whose rows are nearly all such short rows over body text (a double-spaced manuscript's
    headings in bold at the body's size, which the model scores 0.1–0.3), though few are sure."""
    accepted: dict[tuple, int] = {}
    centred: dict[tuple, int] = {}   # of them, those centred
    heady: dict[tuple, int] = {}
    for c in cands:
        if not c.runin and c.p >= threshold:
            accepted[c.skey] = accepted.get(c.skey, 0) + 1
            centred[c.skey] = centred.get(c.skey, 0) + bool(c.feats[17])
        if not c.runin and len(c.rows) == 1 and c.p >= 0.1 and c.feats[19] and not c.feats[10] \
                and len(c.title.split()) <= 8:
            heady[c.skey] = heady.get(c.skey, 0) + 1
    _style_of_headings(rows, cands, accepted, threshold)
    # a row's heading right under it, set smaller: the next level's, which a section may open with
    # ("Hypothesis testing" at 17 pt over "Does divergence slow as epidermal space fills?" at 14.5;
    # not a heading's last line in lower case, "… archive, retrieve," / "recover" over "6.1 …")
    taken = {c.i for c in cands if not c.runin and c.p >= threshold}
    for c in cands:
        n = accepted.get(c.skey, 0)
        # (a centred row in the style of two centred headings or more from 0.02, over body text or
        # the next level's bold heading: an APA manuscript's first level, centred in bold at the
        # body's size, "Study 1" over "Method", scored 0.03)
        floor = 0.02 if c.feats[17] and centred.get(c.skey, 0) >= 2 else 0.1
        if c.runin or c.p >= threshold or c.p < floor or n < 2:
            continue
        rows_in_style = st.style_rows.get(c.skey, 0)
        # (not a line closed by a comma: a reference's italic book title, "Human-Computer Interaction
        # (Second Edition),", in the italics of the headings)
        if (rows_in_style <= 2 * (n + len(c.rows)) - 1 or heady.get(c.skey, 0) >= max(4, 0.7 * rows_in_style)) \
                and len(c.title.split()) <= 8 * len(c.rows) \
                and (c.feats[19] or floor < 0.1 and _bold_below(rows, c)
                     or c.rows[-1] + 1 in taken and rows[c.rows[-1] + 1].size < rows[c.i].size - 1.0
                     and not c.title[:1].islower()) \
                and not c.feats[10] and len(c.rows) <= 2 and not c.title.endswith((",", ";")) \
                and not _table_head(rows, c.i) and not _line_goes_on(rows, c.rows[-1]):
            c.p = threshold + 0.01


def _line_goes_on(rows: list[Row], i: int) -> bool:
    """Does row ``i``'s line go on in the next row, in its column and type, on its baseline a space
    or two after it (a quoted tweet's "@Kid" in italics, then "Cloudz: Happy birthday …"; not the
    next column's line beside a heading that fills its column)?"""
    r = rows[i]
    if i + 1 >= len(rows):
        return False
    q = rows[i + 1]
    return q.page == r.page and q.col == r.col and abs(q.size - r.size) < 0.5 and q.family == r.family \
        and abs(q.y0 - r.y0) < 0.3 * r.size and r.x1 - 1 < q.x0 < r.x1 + 1.5 * r.size


#: the least score, and the least number, of the rows of a style that :func:`_level_under_headings`
#: takes for a level of headings
_UNDER_FLOOR, _UNDER_MIN = 0.3, 3


def _level_under_headings(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """A level of headings set in the face and weight of the accepted headings, smaller than they
    are and no smaller than the body: three or more short standalone rows of that style over body
    text, each of which the model leans towards (0.3 or more) without taking it, are the level
    under them (an R Journal paper's subsections, 10 pt bold under its 12 pt bold sections over a 9
    pt body, scored 0.36–0.38; the style's other rows, a table's bold cells, are not among them)."""
    accepted: dict[tuple, int] = {}
    for c in cands:
        if not c.runin and c.p >= threshold:
            accepted[c.skey] = accepted.get(c.skey, 0) + 1
    found: dict[tuple, list[Cand]] = {}
    for c in cands:
        r = rows[c.i]
        if c.runin or not _UNDER_FLOOR <= c.p < threshold or c.skey in accepted or len(c.rows) != 1 \
                or not c.feats[19] or c.feats[10] or len(c.title.split()) > 12 or not c.title[:1].isupper() \
                or _STOP_INSIDE.search(c.title) or r.fig or r.neighbours or r.size < st.body:
            continue
        found.setdefault(c.skey, []).append(c)
    for key, group in found.items():
        size, bold, italic, family, upper = key
        if len(group) >= _UNDER_MIN and any(n >= 2 and k[0] > size and k[1:] == (bold, italic, family, upper)
                                            for k, n in accepted.items()):
            for c in group:
                c.p = threshold + 0.01


def _table_caption(text: str) -> bool:
    """Does ``text`` open with a table's caption label (:data:`CAPTION`, "Table 1", "Tab. 2")?"""
    m = CAPTION.match(text)
    return m is not None and m.group("kind").lower() in ("table", "tab", "t a b l e")


def _table_head(rows: list[Row], i: int, cut: bool = False) -> bool:
    """Row ``i`` is a cell of a table's head: another row stands beside it on its line (or, with
    ``cut``, the row is cut into cells by wide gaps, "1st Column  2nd Column  3rd Column", and the
    caption is a table's, over it in its column) and a caption right above it, within two lines
    ("Cuadro 1: …" over "Párametro   Valor", the head in the headings' bold; the caption looked
    for among the rows near ``i`` in reading order, which puts a table's cells in whatever order
    the page drew them)."""
    r = rows[i]
    if not (r.neighbours or cut):
        return False
    for j in range(max(0, i - 8), min(len(rows), i + 8)):
        q = rows[j]
        if (q.kind == "caption" if not cut else _table_caption(q.text) and q.col == r.col
                and q.x0 < r.x1 and r.x0 < q.x1) and q.page == r.page and 0 <= r.y0 - q.y1 < 2.5 * r.size:
            return True
    return False


def _centred_as_headings(cands: list[Cand], threshold: float) -> None:
    """An unnumbered row centred in its column as three accepted headings of its style are (the
    outline's numbered ones, once its chain is known), over body text or over a centred row over
    body text, one row of eight words at most, not closed by a period, is a heading however unsure
    the model is ("Acknowledgements", an appendix's titles after the references, in a journal that
    centres its headings in the bold its theorems' names share)."""
    centred: dict[tuple, int] = {}
    for c in cands:
        if not c.runin and c.p >= threshold and c.feats[17]:
            centred[c.skey] = centred.get(c.skey, 0) + 1
    # (or over a centred row that is over body text: a section's heading right over its first
    # subsection's, REVTeX's bold "Other features" over the italic "Tracking provenance information")
    after = {c.i for c in cands if not c.runin and c.feats[17] and c.feats[19] and len(c.rows) == 1}
    for c in cands:
        if 0.02 <= c.p < threshold and not c.runin and not c.number and centred.get(c.skey, 0) >= 3 \
                and c.feats[17] and (c.feats[19] or c.rows[-1] + 1 in after) and not c.feats[10] \
                and len(c.rows) == 1 and len(c.title.split()) <= 8:
            c.p = threshold + 0.01


def _style_of_headings(rows: list[Row], cands: list[Cand], accepted: dict[tuple, int], threshold: float) -> None:
    """A style in which two accepted headings are set and whose short standalone candidates nearly
    all stand as headings do — over body text, or over another candidate of the style (a section's
    heading over its first subsection's) — and that make half the style's rows from the first of
    them on, is the headings' style, however many rows above them use it (a double-spaced draft
    that sets its abstract in the headings' bold at the body's size; a style the body's bold text
    shares has many more rows): its headable candidates scored 0.05 or more are headings
    ("Results" 0.07 and "Online Methods" 0.06 over their first subsections, beside the accepted
    "Discussion" and "References"). A row of a
    table or a figure (cut by wide gaps, beside other rows, in a figure's area), one ending in a
    number (a contents line's page), in a connective or a hyphen (a sentence's first line), or
    holding a stop or a semicolon (a reference's line) is no such candidate."""
    by_style: dict[tuple, list[Cand]] = {}
    for c in cands:
        r = rows[c.i]
        if not c.runin and len(c.rows) == 1 and len(c.title.split()) <= 12 and c.title[:1].isupper() \
                and not (r.fig or r.neighbours or r.gap >= 1.4 or c.title[-1:].isdigit()
                         or _STOP_INSIDE.search(c.title) or connective_end(c.title) or c.title.endswith(("-", ","))):
            by_style.setdefault(c.skey, []).append(c)   # (a paragraph's line opens in lower case)
    index = {id(c): k for k, c in enumerate(cands)}
    for key, short in by_style.items():
        if accepted.get(key, 0) < 2 or len(short) < 6:
            continue
        heady = []
        for c in short:
            k = index[id(c)]
            over = k + 1 < len(cands) and cands[k + 1].skey == key and not cands[k + 1].runin \
                and cands[k + 1].i == c.rows[-1] + 1
            if (c.feats[19] or over) and not c.feats[10]:
                heady.append(c)
        first = min(c.i for c in short)
        in_style = sum(1 for r in rows[first:] if not r.drop and style_key(r) == key)
        if len(heady) >= 6 and len(heady) >= 0.8 * len(short) and len(heady) >= 0.5 * in_style:
            for c in heady:
                if threshold > c.p >= 0.05:
                    c.p = threshold + 0.01


_TITLE_END = re.compile(r"[^\W_]['\")\]]?\??$")
_CLOSERS = frozenset("'\")]")


def _title_end(text: str) -> bool:
    """``_TITLE_END.search(text) is not None``: a letter or digit, then at most one closing quote
    or bracket and one question mark, at the end (or before a final line end)."""
    if text.endswith("\n"):
        text = text[:-1]
    if text.endswith("?"):
        text = text[:-1]
    if text[-1:] in _CLOSERS:
        text = text[:-1]
    return text[-1:].isalnum()


_BULLETS = _LIST_MARKS | frozenset("–-·")    # a list's item opening the text under a heading


def _plain_heading(rows: list[Row], c: Cand, st: DocStats, heads: set[int] = frozenset(),
                   styled: bool = False) -> bool:
    """Is a one-row candidate (or a two-row one, see below) set in the body's type a heading by its
    place alone? A short line, not filling the column, opening with a capital and ending in a word
    (no sentence's final stop, no comma or connective), after a row that ended a sentence and
    across more space than separates the body's lines, close above a paragraph's full first line
    that starts under it (or indented as a paragraph opens): "Statistical analysis" between two paragraphs. With
    ``styled``, the same place for a row set in the body's size in bold or italic."""
    r = rows[c.i]
    if c.runin or c.number or len(c.rows) > 2 or r.fig or r.neighbours or r.kind != "text" \
            or abs(r.size - st.body) >= 0.6 or (r.bold >= 0.6 or r.italic >= 0.6) != styled:
        return False
    # a heading broken over two lines ("Analysis of total DPP4 expression by SDS-PAGE" / "and
    # immunoblot"): its second line in its type, at the body's line pitch, ends it short, and it
    # must stand apart from the paragraph below as well (below, ``r`` is its last line)
    two = len(c.rows) == 2
    if two:
        last = rows[c.rows[-1]]
        if c.rows[-1] != c.i + 1 or not _same_style(r, last) or last.fig or last.neighbours or last.kind != "text" \
                or (last.page, last.col) != (r.page, r.col) or not 0 <= _gap(r, last) <= st.body_gap + 0.2 * st.body:
            return False
    t = c.title
    words = t.split()
    if not 1 <= len(words) <= (16 if two else 12) or not t[:1].isupper() or not _title_end(c.text.rstrip()) \
            or connective_end(t) or sum(map(str.isdigit, t)) > 0.2 * len(t) \
            or _urlish(t) or institution(t) or NOISE_LEAD.match(t) or CAPTION.match(t) \
            or _YEAR.search(t) or formula_fragment(t):
        return False
    f = c.feats
    if f[28] or f[39]:
        return False    # the front page's zone, or after the references
    prev = rows[c.i - 1] if c.i else None
    if prev is not None and (prev.page, prev.col) != (r.page, r.col):
        # at the top of a page or column: the text before it is the body's last line, not the
        # footnotes set small under it
        k = c.i - 1
        while k > 0 and rows[k].size < st.body - 0.6 and (rows[k].page, rows[k].col) == (prev.page, prev.col):
            k -= 1
        prev = rows[k]
    first = r
    if two:
        r = last
    nxt = rows[c.rows[-1] + 1] if c.rows[-1] + 1 < len(rows) else None
    under = c.i - 1 in heads     # right under a heading of a level above ("Methods" / "Study design")
    if prev is None or nxt is None or prev.text.rstrip().endswith(":") and not under \
            or not sent_end(prev.text.rstrip()) and prev.kind != "equation" and not under:
        return False
    if nxt.page != r.page or nxt.col != r.col or abs(nxt.size - st.body) >= 0.6 or nxt.bold >= 0.6 \
            or nxt.kind != "text" or not (nxt.text[:1].isupper() or nxt.text[:1].isdigit() or nxt.text[:1] in _BULLETS):
        return False
    if not -1.0 <= nxt.x0 - r.x0 <= 2.5 * st.body and not (f[17] and nxt.x0 < r.x0):
        return False
    # the paragraph's width: its first line fills the column, or it is as wide as the justified
    # line below it (where the page's columns were not told apart)
    e = st.extents.get((r.page, r.col), [r.x0, r.x1])
    width = nxt.x1 - nxt.x0
    if width < 0.8 * (e[1] - e[0]):
        after = rows[c.rows[-1] + 2] if c.rows[-1] + 2 < len(rows) else None
        if after is None or after.block != nxt.block or after.page != nxt.page or abs(after.x1 - nxt.x1) > 1.5:
            return False
    gb, ga = _gap(prev, first), _gap(r, nxt)
    # close above its paragraph; or a blank line under it and as much or more above (a class that
    # sets its subsections in the body's type a line apart on both sides)
    if ga > st.body_gap + st.body and not (ga <= st.body_gap + 1.5 * st.body and gb >= ga - 1) \
            or not under and (gb < st.body_gap + 0.35 * st.body or gb < 90 and gb < ga + 0.25 * st.body):
        return False
    # a line short of the paragraph's width; or as wide, standing apart from the text below too
    if two:
        return r.x1 - r.x0 < 0.72 * width and ga >= st.body_gap + 0.4 * st.body
    return r.x1 - r.x0 < 0.72 * width or ga >= st.body_gap + 0.4 * st.body


def _plain_headings(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Headings set in the body's own type (no size, weight, face or numbering of their own),
    told by their place: two or more such rows in a document are its headings, or one naming a
    standard section ("Acknowledgments"). Right under an accepted heading, a row needs no space
    above it nor a sentence's end before it."""
    heads = {c.rows[-1] for c in cands if not c.runin and c.p >= threshold}
    found = [c for c in cands if c.p > 0 and _plain_heading(rows, c, st, heads)]
    if len(found) >= 2 or found and KNOWN_HEADINGS.match(found[0].title):
        for c in found:
            c.p = max(c.p, threshold + 0.01)
    # the same place in bold or italic at the body's size: headings when two or more rows of
    # one style stand so and that style is mostly theirs (few other rows use it)
    # (one of them may stand already: "Statistical analyses" accepted, "Data" not)
    groups: dict[tuple, list[Cand]] = {}
    standing: dict[tuple, int] = {}
    for c in cands:
        if c.p > 0.1 and _plain_heading(rows, c, st, heads, styled=True):
            if c.p < threshold:
                groups.setdefault(c.skey, []).append(c)
            elif not c.runin:
                standing[c.skey] = standing.get(c.skey, 0) + 1
    # (the style's rows counted before the reference list, whose italic titles share the face of a
    # manuscript's italic subsections: "Electoral results" against 28 references' lines)
    refs = min((c.i for c in cands if not c.runin and c.p >= threshold and section_type(c.title) == "references"),
               default=None)
    for key, group in groups.items():
        n = len(group) + standing.get(key, 0)
        in_style = st.style_rows.get(key, 0) if refs is None or any(c.i > refs for c in group) \
            else sum(1 for r in rows[:refs] if not r.drop and style_key(r) == key)
        if n >= 2 and in_style <= 4 * n:
            for c in group:
                c.p = threshold + 0.01


_F_STANDING = tuple(FEATURES.index(n) for n in (
    "gap_before", "gap_after", "ends_period", "ends_colon", "lower_start", "words_log", "next_bodyish",
    "prev_ended", "numbered", "in_figure"))


def _standing_apart(c: Cand, below: float = 0.5, words_log: float = 1.8) -> bool:
    """A standalone candidate placed as a heading is: more space above it than between the body's
    lines (``gap_before`` ≥ 1) and some below (``gap_after`` ≥ ``below``), after a finished
    sentence, before body text, short (at most about five words: ``words_log`` = log(1 + words)),
    opening in a capital and ending in no stop or colon, neither numbered nor among a figure's
    paths. Its style is not asked."""
    gb, ga, period, colon, lower, words, nxt, prev, num, fig = (c.feats[k] for k in _F_STANDING)
    return (not c.runin and gb >= 1.0 and ga >= below and not period and not colon and not lower
            and words <= words_log and nxt > 0 and prev > 0 and not num and not fig)


#: how many rows of one style standing apart make a level of headings, and their least share of the
#: headings already accepted (chosen on the layout corpus' body-type family; issue 36, twelfth round)
_STANDING_MIN = 5
_STANDING_SHARE = 0.5
#: the least share where they stand in another face than the body's, no smaller (a level set apart
#: by its face, under levels set larger: thirteen of a review's 31 headings; twenty-seventh round)
_FACE_SHARE = 0.25
#: the most words (as log(1 + words)) of a row standing apart in another face: fifteen
_FACE_WORDS_LOG = math.log1p(15)


def _standing_apart_in_one_style(cands: list[Cand], st: DocStats, threshold: float,
                                 rows: list[Row] | None = None) -> None:
    """Headings in the body's own type that the model and ``_plain_headings`` leave out (issue 36,
    class 3): where five or more candidates of one style stand apart as headings do
    (:func:`_standing_apart`) and they are at least half as many as the headings already
    accepted, the document sets a level of its headings in that style, and they are headings.
    Rows that stand apart by chance (a short display line, a list's lead) are scattered over
    styles or few beside the document's headings; measured on the layout corpus' body-type family
    and left no heading of the JATS dev half or of the fixtures changed. A row in another face
    than the body's, no smaller, may sit right on its paragraph (a journal's lowest level in a
    medium-weight sans over a serif body: "CT-P27" / "This product contains …"). A level spreads
    over two pages or more: twenty cells of one table, each read as a row of its own ("Hospital
    Awareness", "DR1:Moderate"), stand apart on one page."""
    found: dict[tuple, list[Cand]] = {}
    accepted = 0
    for c in cands:
        if c.p >= threshold:
            accepted += not c.runin
        elif c.runin or c.p <= 0:   # (nor one a rule has ruled out: a chapter's label over its title)
            continue
        elif c.skey[3] != st.body_family and c.skey[0] >= st.body:
            # (in capitals or not: "CT-P27", "CR6261 and CR8020"; its face sets it apart, so it
            # may be long: BMC's subsections in a sans over a serif body, "Reduced coverage depth
            # in FFPE specimens is more pronounced for longer amplicons", up to fifteen words)
            if _standing_apart(c, below=-0.3, words_log=_FACE_WORDS_LOG):
                found.setdefault(c.skey[:4], []).append(c)
        elif _standing_apart(c):
            found.setdefault(c.skey, []).append(c)
    if not found:
        return
    key, group = max(found.items(), key=lambda kv: len(kv[1]))
    if rows is not None and len({rows[c.i].page for c in group}) < 2:
        return
    if len(group) >= _STANDING_MIN and len(group) >= (_FACE_SHARE if len(key) == 4 else _STANDING_SHARE) * accepted:
        for c in group:
            c.p = threshold + 0.01


def _caps_standing_apart(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Headings set in capitals of the body's own size ("INTRODUCTION", centred or not), which
    the model, trained mostly on headings set larger or bolder, scores low: a standalone row in
    capitals with clear space above it (half a body line more than between the body's lines;
    the top of a column counts) and more space below it than between the body's lines, short,
    ending in no stop, without digits, not a lone short word (an acronym: a figure's label, a gene),
    outside tables, figures, the front page's zone (but for a standard section's name there and
    the rows of its style after it) and what follows the references (unless
    headings of its style were accepted there: a journal's methods after its references). Two or more
    such rows of one style (headings already found in it counted), on two pages or more (or, in
    a note of three pages or fewer, one of them a standard section's name), are a level of the
    document's headings."""
    found: dict[tuple, list[Cand]] = {}
    known: dict[tuple, list[Cand]] = {}     # headings in these styles already found
    # styles of headings accepted after the references (a journal's methods set there: Cell
    # Press's "STAR+METHODS", "KEY RESOURCES TABLE"): their rows there are no back matter's noise
    after = {c.skey for c in cands if not c.runin and c.p >= threshold and c.feats[39]}
    front: set[tuple] = set()   # styles whose first row in the front page's zone names a standard section
    for c in cands:
        if c.runin or c.p <= 0 or not rows[c.i].upper:
            continue
        if c.p >= threshold:
            known.setdefault(c.skey, []).append(c)
            continue
        r, last = rows[c.i], rows[c.rows[-1]]
        if abs(r.size - st.body) >= 0.6 or r.fig or r.neighbours or r.kind != "text" \
                or c.feats[39] and c.skey not in after:
            continue
        # (in the front page's zone only a standard section's name, "INTRODUCTION", and what
        # follows it in its style: a research note's sections all on its first page)
        if c.feats[28] and not (c.skey in front or KNOWN_HEADINGS.match(c.title)):
            continue
        t = c.title
        words = t.split()
        if not 1 <= len(words) <= 12 or any(map(str.isdigit, t)) or c.text.rstrip().endswith((".", ",", ";")) \
                or len(words) == 1 and len(t) < 7 and not KNOWN_HEADINGS.match(t) \
                or CAPTION.match(t) or NOISE_LEAD.match(t) or formula_fragment(t):
            continue    # a lone short word in capitals is an acronym (a label in a figure, a gene)
        prev = rows[c.i - 1] if c.i else None
        nxt = rows[c.rows[-1] + 1] if c.rows[-1] + 1 < len(rows) else None
        if nxt is None or _gap(prev, r) < st.body_gap + 0.5 * st.body or _gap(last, nxt) < st.body_gap + 0.2 * st.body:
            continue
        if c.feats[28]:
            front.add(c.skey)
        found.setdefault(c.skey, []).append(c)
    short = rows[-1].page < 3 if rows else False   # (a note of three pages or fewer)
    for key, group in found.items():
        level = group + known.get(key, [])
        if len(level) >= 2 and (len({c.page for c in level}) >= 2
                                or short and any(KNOWN_HEADINGS.match(c.title) for c in level)):
            for c in group:
                c.p = threshold + 0.01


# a lead closed by an abbreviation's period ("Substituting Eq." before a linked number): a sentence
_ABBREV_END = re.compile(r"\b(?:eqs?|figs?|refs?|secs?|tabs?|nos?|vols?|al|ca|cf|approx|resp|vs|e\.g|i\.e)\.$", re.I)


def _refs_heading(cands: list[Cand], threshold: float, n: int) -> int:
    """The row of the first accepted standalone references heading (``n`` where there is none):
    run-in heads are looked for before it."""
    return min((c.i for c in cands if not c.runin and c.p >= threshold
                and REFS.match(c.title.lstrip("|#* ").strip(" .:"))), default=n)


def _runin_in_heading_face(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Run-in heads set in another face than the body but flagged neither bold nor italic (a bold
    face whose name and flags hide its weight, "PCA. PCA was performed …"): where the document's
    accepted standalone headings at the body's size are set in such a face, paragraphs opening
    with a short lead in another face, closed by a period or colon, open with run-in heads — two
    or more of them, in the body's size or up to two points smaller (an experimental section set
    small: 7.5 pt under a 9.5 pt body), the rest opening with a capital or a step's number
    ("Calculations. 1. The energy-conversion …").
    Where only larger headings are set so ("Methods" over a methods part in small type, its
    leads in the headings' face under obfuscated font names), the lead must be in their face."""
    faces = [c for c in cands if not c.runin and c.p >= threshold and rows[c.i].size > st.body - 0.6
             and rows[c.i].family != st.body_family and rows[c.i].bold < 0.6 and rows[c.i].italic < 0.6]
    if len(faces) < 2:
        return
    # headings at the body's size in such a face vouch for any lead in another face; larger ones
    # (section heads over a methods part set small) only for leads in their own face
    level = sum(abs(rows[c.i].size - st.body) < 0.6 for c in faces) >= 2
    families = {rows[c.i].family for c in faces}
    heads = {j for c in cands if not c.runin and c.p >= threshold for j in c.rows}
    first = min(c.i for c in faces)
    refs = _refs_heading(cands, threshold, len(rows))
    found = []
    for c in cands:
        r = rows[c.i]
        # (a row whose lead outweighs its text takes the lead's face: taken whole for a heading)
        if not c.runin or c.p <= 0 or c.p >= threshold or r.lead_style != "f" \
                or r.family != st.body_family and not (c.i in heads and r.family == r.lead_family) \
                or not level and r.lead_family not in families \
                or c.feats[28] or c.feats[39] or not first < c.i < refs or "," in c.title or ";" in c.title \
                or abs(r.lead_size - r.size) >= 0.6 or r.size <= st.body - 2.1 or r.size >= st.body + 0.6 \
                or not r.lead.rstrip().endswith((".", ":")) \
                or not (c.rest[:1].isupper() or c.rest[:1].isdigit()) or _ABBREV_END.search(r.lead.rstrip()) \
                or not 1 <= len(c.title.split()) <= 8 or not c.title[:1].isupper() and not c.title[:1].isdigit():
            continue
        prev = rows[c.i - 1] if c.i else None
        if r.first_in_block or prev is None or prev.page != r.page or prev.col != r.col \
                or sent_end(prev.text.rstrip()) or c.i - 1 in heads or c.i in heads:
            found.append(c)
    if len(found) >= 2:
        for c in found:
            c.p = threshold + 0.01


_K_GAP_BEFORE, _K_CELL_GAP, _K_IN_FIGURE = (FEATURES.index(n) for n in ("gap_before", "cell_gap", "in_figure"))


def _face_kept_for_heads(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Headings in a style of their own that sets nothing else (a bold face under an obfuscated
    name, flagged neither bold nor italic, a point under the body: "Legal and operational framework
    of TB laboratories in" / "Uganda", "Ethical considerations"): where every row of a style other
    than the body's is a line or two of a standalone candidate (four or more of them, on two or
    more pages), each opening in a capital, ending in no stop, with body text or another heading
    under it, the model's doubt does not count (where no rule ruled a row out): they are headings
    together. Two words or more, with space above (or right under another heading), outside tables
    and figures."""
    def face(r: Row) -> tuple:
        return (r.family, round(2 * r.size), r.bold >= 0.6, r.italic >= 0.6)

    count: dict[tuple, int] = {}
    for r in rows:
        if r.kind == "text":
            k = face(r)
            count[k] = count.get(k, 0) + 1
    heads = {j for c in cands if c.p >= threshold for j in c.rows}
    starts = {c.i for c in cands if not c.runin}
    ends = {c.rows[-1] for c in cands if not c.runin and c.p > 0}   # (right under a heading: no space above)
    found: dict[tuple, list[Cand]] = {}
    for c in cands:
        r = rows[c.i]
        words = c.title.split()
        if c.runin or c.p <= 0 or len(c.rows) > 2 or c.feats[28] or c.feats[39] or c.number \
                or c.feats[_K_GAP_BEFORE] < 1.0 and c.i - 1 not in ends \
                or c.feats[_K_CELL_GAP] > 0.8 or c.feats[_K_IN_FIGURE] or r.neighbours \
                or not c.title[:1].isupper() or c.text.rstrip().endswith((".", ",", ";", ":")) \
                or not 2 <= len(words) <= 14 or len(words) == 2 and words[1][-1:].isdigit() \
                or r.family == st.body_family and abs(r.size - st.body) < 0.6 or NOISE_LEAD.match(c.text):
            continue   # (nor a table's column heads, a figure's labels, a chapter's label: "Kapitel 1",
            # nor a cover's field: "Autor: Ivana …")
        k = face(r)
        if any(face(rows[j]) != k for j in c.rows):
            continue
        j = c.rows[-1] + 1
        if j >= len(rows) or not (_bodyish(rows[j], st) or j in heads or j in starts):
            continue
        found.setdefault(k, []).append(c)
    for k, group in found.items():
        if len(group) >= 4 and sum(len(c.rows) for c in group) == count.get(k, 0) \
                and len({rows[c.i].page for c in group}) >= 2:
            for c in group:
                c.p = max(c.p, threshold + 0.01)


def _runin_in_lead_face(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Run-in heads in a face kept for them, flagged neither bold nor italic and set in no heading
    (a bold face under an obfuscated name, a half point smaller than the body: "Selection based on
    Fst. We calculated …", "Ethics statement. The data …"): four or more paragraphs on two or
    more pages opening with a lead in one such face, closed by a period, of one to eight words
    without a comma, the paragraph going on with a capital, where the model saw something of a
    heading (0.05 or more), are headings together."""
    series: dict[tuple, list[Cand]] = {}
    refs = _refs_heading(cands, threshold, len(rows))
    for c in cands:
        r = rows[c.i]
        if not c.runin or c.number or not 0.05 <= c.p < threshold or r.lead_style != "f" or c.i >= refs \
                or r.lead_family == st.body_family or c.feats[28] or c.feats[39] \
                or abs(r.lead_size - st.body) >= 1.1 or not r.lead.rstrip().endswith(".") \
                or _ABBREV_END.search(r.lead.rstrip()) or not _rest_capital(c.rest) or "," in c.title \
                or not 1 <= len(c.title.split()) <= 8 or not c.title[:1].isupper():
            continue
        prev = rows[c.i - 1] if c.i else None
        if r.first_in_block or prev is None or sent_end(prev.text.rstrip()):
            series.setdefault((r.lead_family, round(2 * r.lead_size)), []).append(c)
    for found in series.values():
        if len(found) >= 4 and len({rows[c.i].page for c in found}) >= 2:
            for c in found:
                c.p = threshold + 0.01


# a copyright line ("© 2015 Xjenza Online"; a "c" in a combining circle, "c⃝ 2015", where the
# font has no "©")
_COPYRIGHT_LINE = re.compile(r"^\W{0,2}(?:©|c?\u20dd|\(c\)\s*(?:19|20)\d\d|copyright\s*(?:©|\(c\)|(?:19|20)\d\d))", re.I)
# labels of an article's metadata, never a section of its text, in whatever style they are set
_METADATA_LABEL = re.compile(
    r"^(?:orcid(?: ids?)?|twitter|(?:how )?to cite(?: this article)?|cite this article(?: as)?|"
    r"correspondence(?: to| address)?|corresponding authors?|"
    r"\(?continued(?: (?:from|on))?(?: the)? (?:previous|next) page\)?|click here to view)$", re.I)
# a metadata box's run-in fields that name no section: the journal's section the article is in
# ("Section: RESEARCH PAPER") and the editor who handled it ("Section Editor: …", "Academic Editor:")
_METADATA_LEAD = re.compile(r"^(?:section|article type|(?:section|academic|handling|associate|guest|"
                            r"managing|responsible|subject|area) editors?)$", re.I)
# a run-in lead that ends in a caption's label: words set before the caption ("Synthetic Figure 8:
# Baseline scheduler throughput …", a panel's name in bold over a figure's caption)
_ENDS_IN_CAPTION_LABEL = re.compile(r"\b(?:fig(?:ure)?s?|table|tab)\.?\s*[A-Z]?\d+(?:\.\d+)?[a-z]?$", re.I)
# a Chinese, Japanese or Korean keywords label with the keywords after it on its row, a space
# between at most ("キーワード 知識ベース，RDF，ファセット検索")
_CJK_KEYWORDS = re.compile(r"^(?:キーワード|关键词|關鍵詞|关键字|關鍵字|키워드|주제어)(?:\s+|\s*[:：]\s*)\S")
# a list's item opened by a dash ("– Steps:", "— Result:"): no heading in any gold opens so
_LIST_DASHES = ("– ", "— ", "- ")
# a Chinese or Japanese sentence, closed by its full stop ("まず，…が送られる．"): no heading on a
# row of its own ends so (a run-in lead does: "一通信ラウンドの流れ．AFAD の …")
_CJK_SENTENCE = re.compile(f"[{HAN_KANA}][^。．]*[。．]\\s*$")
def _cjk_emphasis_line(rows: list[Row], c: Cand, st: DocStats) -> bool:
    """A Chinese or Japanese paragraph's first line set in its emphasis face (Gothic, Hei): set in
    as the paragraph's first line is, run to the column's right edge, the next row going on at the
    column's left ("L KD は Generator の識別知識を端末分類器に転写す" / "る損失である．…")."""
    r = rows[c.i]
    if HAN_KANA_CHAR.search(r.text) is None or c.i + 1 >= len(rows):
        return False
    q = rows[c.i + 1]
    left, right = st.extents.get((r.page, r.col), (r.x0, r.x1))
    return r.x0 > left + 0.5 * r.size and r.x1 >= right - 1.5 * r.size and q.page == r.page \
        and q.col == r.col and q.x0 <= left + 0.5 * q.size and HAN_KANA_CHAR.match(q.text) is not None


# the roles of the CRediT contributor taxonomy: a list of who did what, not headings
_ROLES = (r"(?:conceptuali[sz]ation|data curation|formal analysis|funding acquisition|investigation|methodology|"
          r"project administration|resources|software|supervision|validation|visuali[sz]ation|writing)")
# a role alone, or before punctuation or another role (a contributor list); "writing" before
# anything but a preposition ("Writing review and editing"); not a sentence opening with the word
# ("Visualization functionality for model performance … is provided")
_CREDIT_ROLE = re.compile(rf"^(?:{_ROLES}\s*(?:$|[:;,.&(–—-]|{_ROLES}\b)|writing\b(?!\s+(?:of|the|and|for|in)\b))",
                          re.I)
# a caption's label standing alone, its letters spaced apart or not ("FI G U R E 1", "Table 2")
_CAPTION_LABEL = re.compile(rf"^(?:supplementa(?:l|ry))?(?:{_CAPTION_KINDS})[-.]?s?\d{{1,3}}[a-z]?$", re.I)


_CONTROL_CHAR = re.compile(r"[\x00-\x08\x0e-\x1f]")    # what _control_chars counts


def _control_chars(text: str, share: float = 0.0) -> bool:
    """Two control characters or more (not tabs or line ends), at least ``share`` of the row's
    characters: glyph numbers read as text (a stray "30\x04C" for "30°C" is one)."""
    n = sum(ch < " " and ch not in "\t\n\r\x0b\x0c" for ch in text)
    return n >= 2 and n >= share * len(text.replace(" ", ""))


def _garbled(rows: list[Row], c: Cand) -> bool:
    """Text of a font whose encoding is broken (glyph numbers read as characters, "&RQWURO" for
    "Control"): no lower-case letter, and control characters in the row or in a row of its font
    family beside it on the page (the same font's digits; a math font's symbols are no sign)."""
    if any(map(str.islower, c.text)):
        return False
    if _control_chars(c.text):
        return True
    r = rows[c.i]
    for k in range(max(c.i - 3, 0), min(c.rows[-1] + 4, len(rows))):
        if rows[k].page == r.page and rows[k].family == r.family and _control_chars(rows[k].text, 0.5):
            return True
    return False


def _orcid_beside(rows: list[Row], c: Cand) -> bool:
    """A name in a list of identifiers: an ORCID link set on its baseline."""
    r = rows[c.i]
    for k in range(max(c.i - 3, 0), min(c.i + 4, len(rows))):
        q = rows[k]
        if k != c.i and q.page == r.page and abs(q.y0 - r.y0) < 0.5 * r.size and "orcid" in q.text.lower():
            return True
    return False


def _label_vetoes(rows: list[Row], cands: list[Cand], st: DocStats | None = None) -> None:
    """Rows that are labels, not headings: an article's metadata ("ORCID", "How to cite this
    article", "Correspondence"; "Author affiliations" heads a section in some journals), a name with
    its ORCID link beside it, a caption's label alone, text in a broken encoding, a metadata box's
    run-in field that names no section ("Section: RESEARCH PAPER", "Section Editor: …"), a list's
    item opened by a dash ("– Steps:"), a Chinese or Japanese sentence closed by its full stop, a
    Chinese, Japanese or Korean keywords label with its keywords, a run-in lead ending in a
    caption's label ("Synthetic Figure 8: …"), an author's name under a "by" of its own (a thesis'
    abstract page repeating its title page), and the roles of a contributor list
    ("Conceptualization", "Writing – review and editing"), or names running into roles, where
    three or more stand within a few rows of each other."""
    roles = []
    # no row says "orcid" (rows are joined by spaces, which the word holds none of): no name has
    # its link beside it, and the rows around each candidate need not be lowered and searched
    doc = _doc_lower(rows, st)
    orcid = "orcid" in doc
    # likewise a control character (lower-casing keeps them): without one nothing reads garbled
    control = _CONTROL_CHAR.search(doc) is not None
    for c in cands:
        if c.p <= 0:
            continue
        t = c.title.strip(" .:;,")
        if _METADATA_LABEL.match(t) or _CAPTION_LABEL.match(t.replace(" ", "")) or control and _garbled(rows, c) \
                or orcid and _orcid_beside(rows, c) or c.runin and _METADATA_LEAD.match(t) \
                or c.text.startswith(_LIST_DASHES) or not c.runin and _CJK_SENTENCE.search(c.title) \
                or _CJK_KEYWORDS.match(c.text) or c.runin and _ENDS_IN_CAPTION_LABEL.search(t) \
                or st is not None and _cjk_emphasis_line(rows, c, st) \
                or c.i > 0 and rows[c.i - 1].page == rows[c.i].page and rows[c.i - 1].text.strip().lower() == "by" \
                or _COPYRIGHT_LINE.match(c.text):
            c.p = 0.0
        elif _CREDIT_ROLE.match(t) or c.runin and _CREDIT_ROLE.match(c.rest.lstrip(" :;,.")):
            roles.append(c)     # a role, or a contributor's name running into a role
    if len(roles) >= 3:
        for c in roles:
            if any(o is not c and abs(o.i - c.i) <= 12 for o in roles):
                c.p = 0.0


_ORNAMENTS = "■□▪◆◇►▶● "


def number_and_title(text: str, runin: bool = False) -> tuple[str | None, str]:
    """A heading's number and title. An ornament set before it ("■ REFERENCES") and a glyph that
    its font maps to a control character ("2 \x07Collect, organise …") are no part of either."""
    text = text.lstrip(_ORNAMENTS)
    if not text.isprintable():
        text = _CONTROL_CHAR.sub("", text)
    number, title = strip_number(text)
    if runin and number is None:
        return None, text.strip(" .:")
    if number is None and not runin:
        m = _CHAPTER_LABEL.match(text)
        if m:   # "Capítulo I: Introducción", "CHAPTER 3. RESULTS", "CHAPTER A CODE AVAILABILITY" (an
            # appendix's chapter), "第 1 章量子…", "付録A …": number and title
            number, title = m.group(1) or _arabic(m.group(2)) or m.group(3), text[m.end():]
    return number, unspace(title).strip(" .:")


# a chapter's label and its title on one row, in the languages theses are written in
_CHAPTER_LABEL = re.compile(rf"^\s*(?:(?i:{CHAPTER_WORDS})\s+(\d{{1,2}}|[IVXL]{{1,5}}|[A-H])"
                            r"\s*[:.—–-]?\s+(?=[A-ZÀ-Þ¿¡])"
                            # (a Chinese thesis' chapter may be titled in English: "第一章 Principal …")
                            # (and a section's: "第二节 时间同步与数据校正", a Chinese thesis' \section)
                            rf"|第\s*(\d{{1,2}}|[{CJK_NUMERALS}]{{1,3}})\s*[章节節]\s*(?=[{HAN_KANA}]|[A-Z])"
                            rf"|付録\s*([A-Z])\s*(?=[{HAN_KANA}]))")


# a Chinese section's label ("第二节"): a number, no chapter
_CJK_SECTION_LABEL = re.compile(rf"^\s*第\s*(?:\d{{1,2}}|[{CJK_NUMERALS}]{{1,3}})\s*[节節]")


# a row closing on a figure with decimals
_ENDS_IN_FIGURE = re.compile(r"\d[.,]\d+\s*$")


def _stacked_figure_rows(rows: list[Row], c: Cand) -> bool:
    """Is the candidate a table's row, a label and one figure ("LockB 5086.367" over its rule),
    with a row of the same shape right above or under it where it starts ("LockA 4227.800")?"""
    r = rows[c.i]
    if not _ENDS_IN_FIGURE.search(c.title):
        return False
    for k in (c.i - 1, c.rows[-1] + 1):
        if 0 <= k < len(rows):
            q = rows[k]
            if q.page == r.page and abs(q.x0 - r.x0) < 2 and abs(q.y0 - r.y0) < 2 * r.size \
                    and _ENDS_IN_FIGURE.search(q.text):
                return True
    return False


# a table's row closing on its figures, one of them with decimals ("Our competitor's test 72.321
# 141.384" over the table's closing rule)
_TABLE_FIGURES = re.compile(r"\d[.,]\d+\s+[-−]?\d+(?:[.,]\d+)?\s*$|\d+\s+[-−]?\d+[.,]\d+\s*$")


def _named_and_underlined(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float) -> None:
    """Headings the model is unsure of, by what they say or how they are marked: a standalone row
    naming a standard section in a style of its own, a bold run-in lead naming one, an underlined
    short row standing apart over body text."""
    # standalone rows set well under the body's size, by their words: a plot's axis label set
    # again in every panel ("Method" in 8-pt bold sans, four plots over a 10-pt body)
    small_again = Counter(c.title.lower() for c in cands if not c.runin and rows[c.i].size <= st.body - 1.5)
    for c in cands:
        # a standalone row naming a standard section ("References", "Acknowledgments") in a
        # style of its own is a heading even when the model is unsure (on two rows too: "Declaration
        # of generative AI and AI-assisted technologies in the" / "manuscript preparation process")
        # (or, less sure, centred in bold over body text: an APA manuscript's "Introduction" at the
        # body's size, which the model scores 0.1; or right over a bold row, the next level's
        # heading: "Results" over "Manipulation Check", scored 0.02)
        if not c.runin and (c.p >= 0.15 or c.p >= 0.05 and c.feats[3] and c.feats[17] and c.feats[19]
                            or c.p >= 0.01 and c.feats[3] and c.feats[17] and _bold_below(rows, c)) \
                and len(c.rows) <= 2 and KNOWN_HEADINGS.match(c.title) \
                and (c.feats[3] or c.feats[6] or c.feats[1] or c.feats[5]) \
                and not (rows[c.i].size <= st.body - 1.5 and small_again[c.title.lower()] >= 2):
            c.p = max(c.p, threshold + 0.01)
        # so is a bold run-in lead naming one ("Conflicts of Interest: The authors declare …")
        # outside the front page's zone, where structured abstracts set their parts so
        if c.runin and c.p >= 0.15 and c.feats[33] and not c.feats[28] and KNOWN_HEADINGS.match(c.title):
            c.p = max(c.p, threshold + 0.01)
        # an underlined short row standing apart, followed by body text, is a heading (not a
        # link, nor a fraction's numerator over its bar, the rest of the formula on the next row,
        # nor a subscript set small over a rule, nor a running head over the rule atop the page:
        # the page's first row in its top margin)
        r = rows[c.i]
        if not c.runin and r.underline and len(c.title.split()) <= 14 and not c.text.rstrip().endswith(".") \
                and c.feats[19] and not r.fig and r.neighbours == 0 and not _urlish(c.title) \
                and r.size > st.body - 1.5 \
                and not (r.y1 < 0.08 * st.page_height and (c.i == 0 or rows[c.i - 1].page != r.page)) \
                and not (c.rows[-1] + 1 < len(rows) and _OPERATOR.search(rows[c.rows[-1] + 1].text)) \
                and not _over_fraction_bar(rows, c) and not _in_column_of_cells(rows, c, st) \
                and not _numbers_beside(rows, c, r, _page_rows(rows, c.i)) and not _between_figure_rows(rows, c) \
                and not any((q.kind or "").startswith("caption") and q.page == r.page
                            and r.y0 - q.y1 < 3 * st.body for q in rows[max(c.i - 2, 0):c.i]) \
                and not _TABLE_FIGURES.search(c.title) and not _cut_over_cut(rows, c) \
                and not _stacked_figure_rows(rows, c):
            # (nor a table's first cell over its rule, the row's figures read later, column by
            # column, nor a cell of its own row between rows of figures, nor its header row under
            # the caption, a cell before it read first or not: "Network n m" / "Time (seconds)"
            # over "Exact Approx", nor a table's last row over its rule, its figures read with it)
            c.p = max(c.p, threshold + 0.01)


def decide(rows: list[Row], cands: list[Cand], st: DocStats, threshold: float | None = None) -> list[Cand]:
    """Accepted headings in reading order, with number, title and level."""
    if threshold is None:
        threshold = load_model().get("threshold", 0.5)
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
        if not c.runin:
            c.title = without_mark(c.title, rows[c.rows[-1]].mark)   # "Experiments²"
    _letter_numbers(cands, st.refs_row)
    _chapter_titles(rows, cands, st, threshold)
    _named_and_underlined(rows, cands, st, threshold)
    _same_style_as_headings(rows, cands, st, threshold)
    _level_under_headings(rows, cands, st, threshold)
    _caps_standing_apart(rows, cands, st, threshold)
    _plain_headings(rows, cands, st, threshold)
    _standing_apart_in_one_style(cands, st, threshold, rows)
    _runin_in_heading_face(rows, cands, st, threshold)
    _runin_in_lead_face(rows, cands, st, threshold)
    _face_kept_for_heads(rows, cands, st, threshold)
    _runin_series(rows, cands, threshold)
    _back_matter_leads(rows, cands, threshold)
    _label_vetoes(rows, cands, st)
    _vetoes(rows, cands, st)    # first: a numbered table row ("3 Ocimum basilicum  Forward …") is no outline step
    _running_heads_over_headings(rows, cands)
    _appendix_series(rows, cands, threshold)
    _plausible_sequence(cands, threshold, rows)
    _appendix_letters(rows, cands, threshold)
    _centred_as_headings(cands, threshold)
    _lead_of_accepted_row(rows, cands, threshold)
    _indented_list_leads(rows, cands, st)
    _hanging_labels(rows, cands, st)
    _stacked_leads(rows, cands, st)
    _empty_fields(rows, cands)
    _leads_inside_sentences(rows, cands, st)
    _paragraph_lines(rows, cands, st)
    _checklist_items(rows, cands)
    _inside_interrupted_sentence(rows, cands, st)
    acc = [c for c in cands if c.p >= threshold and sum(ch.isalpha() for ch in c.title) >= 2
           and not (c.number is None and not c.runin and formula_fragment(c.title))]
    # one heading per row: a standalone candidate wins over a run-in lead of the same row
    seen: dict[int, Cand] = {}
    for c in acc:
        o = seen.get(c.i)
        if o is None or (o.runin and not c.runin and not _sentence_lead(rows[c.i], c)
                         and not _lead_before_sentence(rows, c)) \
                or (c.runin and not o.runin and (_sentence_lead(rows[c.i], o) or _lead_before_sentence(rows, o))) \
                or (o.runin == c.runin and c.p > o.p):
            seen[c.i] = c
    acc = sorted(seen.values(), key=lambda c: c.i)
    for c in acc:
        c.title = join_ligature_gaps(c.title)
        if " " in c.title and len(c.title) <= 24 and not KNOWN_HEADINGS.match(c.title) \
                and KNOWN_HEADINGS.match(c.title.replace(" ", "")):
            c.title = c.title.replace(" ", "")     # a kerning gap inside one word: "Ref erences"
        elif _letter_spaced_cjk(c.title):
            c.title = c.title.replace(" ", "")
    _levels(rows, acc, st)
    return acc


def _paragraph_lines(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """Rows that are lines of a paragraph, not headings: an unnumbered row set right under a line
    of its size that ends in a comma, a line's pitch below, goes on with that line (the last item
    of a list: "Facility: DCT, … Keck:II, LCOGT," / "OANSPM:HJT", an observatory's name in
    capitals); and an unnumbered row that fills its column's measure and runs on into a line of
    body text that opens in lower case a line's pitch below (a paragraph's first sentence set in
    italics: "*Third, did COVID-19 fundamentally alter broadband demand? The pandemic*" / "forced
    abrupt transitions …"). No sentence runs into a heading, nor a heading into a sentence."""
    pitch = 1.3 * (st.body + st.body_gap)
    for c in cands:
        r = rows[c.i]
        if c.runin or c.number or c.i == 0:
            continue
        prev = rows[c.i - 1]
        if prev.kind == "text" and (prev.page, prev.col) == (r.page, r.col) and prev.text.rstrip().endswith(",") \
                and abs(prev.size - r.size) < 0.6 and 0 < r.y0 - prev.y0 <= pitch:
            c.p = 0.0
            continue
        j = c.rows[-1] + 1
        if len(c.rows) > 1 or j >= len(rows):
            continue
        q = rows[j]
        right = st.extents.get((r.page, r.col), [r.x0, r.x1])[1]
        if (q.page, q.col) == (r.page, r.col) and q.text[:1].islower() and _bodyish(q, st) \
                and r.x1 >= right - 0.5 * st.body and 0 < q.y0 - r.y0 <= pitch and abs(q.size - r.size) < 0.6:
            c.p = 0.0


# the fields of a checklist's item (NeurIPS' and ICLR's paper checklists: "Question: Do the main
# claims …", "Answer: [Yes]", "Justification: …", "Guidelines: …")
_CHECKLIST_FIELD = re.compile(r"^(question|answer|justification|guidelines)\s*:", re.I)


def _checklist_items(rows: list[Row], cands: list[Cand]) -> None:
    """A checklist's item, its name numbered in bold ("1. Claims", "2. Limitations") over its
    "Question:" field, is no section of the paper: the checklist's own heading is."""
    for c in cands:
        j = c.rows[-1] + 1
        if not c.runin and j < len(rows) and _CHECKLIST_FIELD.match(rows[j].text.strip()):
            c.p = 0.0


def _bold_below(rows: list[Row], c: Cand) -> bool:
    """Is the row under the candidate, on its page, set in bold (a heading of the next level)?"""
    j = c.rows[-1] + 1
    return j < len(rows) and rows[j].page == rows[c.i].page and rows[j].bold >= 0.6


def _inside_interrupted_sentence(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """A run of rows set smaller than the body at the foot of a page or column, that the body's
    running sentence goes around, is footnotes, never a heading: the row of body text before the
    run (no heading candidate) breaks off mid-sentence and the first one after it, atop the next
    page or column, goes on in lower case ("… can be made smaller by replacing with" / "**Funding:**
    This work was funded by …" set small at the page's foot / "the shortest vector one of …"). A
    section never opens inside a sentence."""
    heads = {c.i for c in cands if c.p >= 0.3}
    n = len(rows)
    small = [q.size < st.body - 0.6 for q in rows]
    # the first and the last row of each run of small rows in one page's column, found once (a
    # paper set mostly in small type, code and tables, made the walk from every candidate quadratic:
    # 44 s for an R Journal paper's 21 pages)
    first, last = list(range(n)), list(range(n))
    for k in range(1, n):
        if small[k] and small[k - 1] and (rows[k].page, rows[k].col) == (rows[k - 1].page, rows[k - 1].col):
            first[k] = first[k - 1]
    for k in range(n - 2, -1, -1):
        if small[k] and small[k + 1] and (rows[k].page, rows[k].col) == (rows[k + 1].page, rows[k + 1].col):
            last[k] = last[k + 1]
    for c in cands:
        r = rows[c.i]
        if not small[c.i]:
            continue
        a, b = first[c.i], c.rows[-1]
        if small[b] and (rows[b].page, rows[b].col) == (r.page, r.col):
            b = last[b]
        else:   # (a candidate whose last row is no small row of its column: the walk stopped at it)
            while b + 1 < n and small[b + 1] and (rows[b + 1].page, rows[b + 1].col) == (r.page, r.col):
                b += 1
        before = rows[a - 1] if a else None
        after = rows[b + 1] if b + 1 < n else None
        if before is None or after is None or a - 1 in heads or before.kind != "text" or after.kind != "text" \
                or (before.page, before.col) != (r.page, r.col) or (after.page, after.col) == (r.page, r.col) \
                or abs(before.size - st.body) >= 0.6 or abs(after.size - st.body) >= 0.6 \
                or sent_end(before.text.rstrip()) or not after.text[:1].islower():
            continue
        c.p = 0.0


def _letter_spaced_cjk(title: str) -> bool:
    """Is ``title`` a Chinese or Japanese heading set letter-spaced ("参 考 文 献", "謝 辞"): single
    ideographs or kana, two or more, a space between each?"""
    words = title.split()
    return len(words) >= 2 and all(len(w) == 1 and HAN_KANA_CHAR.match(w) is not None for w in words)


def _indented_list_leads(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """Unnumbered run-in leads of a list set in as a block, their paragraphs going on flush under
    them, are the list's items, not paragraph heads ("delos tradicionales:" / "**Uso de Agentes
    LLM:** La incorporación …" / "permite una comprensión …", the item's rows two ems in from the
    paragraph before it): the first item right under a row of body text or a heading set further
    left, and every item after it under the one before, over rows all at the items' edge. Two
    items or more (three where the first is set in by less than one and a half ems), outside the
    front page's zone (an abstract's environment sets its parts in as a block too); a layout that
    sets its body in from the margin (the references out at it) keeps its heads, under body text at
    their own edge."""
    k_zone = FEATURES.index("front_zone")
    tol = 0.25 * st.body
    items: list[Cand] = []
    slight = False
    for c in cands:
        if not c.runin or c.number or c.p <= 0.0 or c.feats[k_zone] or c.rows[-1] + 1 >= len(rows):
            continue
        first, last, nxt = rows[c.i], rows[c.rows[-1]], rows[c.rows[-1] + 1]
        if not (nxt.page == last.page and nxt.col == last.col and nxt.y0 - last.y1 < 1.5 * st.body
                and abs(nxt.x0 - first.x0) < tol):
            continue
        j = c.i - 1
        while j >= 0 and c.i - j <= 60 and rows[j].page == first.page and rows[j].col == first.col \
                and abs(rows[j].x0 - first.x0) < tol and not (items and items[-1].i == j):
            j -= 1
        if items and 0 <= j and (rows[j].page, rows[j].col) != (first.page, first.col):
            # (over a page's or a column's turn: the rows before it at the last item's edge)
            edge = rows[items[-1].i].x0
            while j > items[-1].i and c.i - j <= 60 and abs(rows[j].x0 - edge) < tol:
                j -= 1
        if items and items[-1].i == j and abs(rows[j].x0 - first.x0) < tol:
            items.append(c)     # the list goes on from the item before
            continue
        q = rows[j] if j >= 0 else None
        if j == c.i - 1 and q is not None and q.page == first.page and q.col == first.col \
                and q.x0 < first.x0 - 0.4 * st.body and abs(q.size - st.body) < 0.6 and LETTER.search(q.text):
            items.append(c)
            # (a list set in by half an em only, a two-column class's itemize: "**DP1 User-Data
            # privacy** A curious …", its rows 4.5 pt in from the column's text) takes three items
            slight |= q.x0 >= first.x0 - 1.5 * st.body
    if len(items) >= (3 if slight else 2):
        for c in items:
            c.p = 0.0


def _hanging_labels(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """An unnumbered run-in lead whose paragraph goes on indented under it, every row after the
    first (two at least) at one edge further in, is a description list's label ("**Description
    label.** Vanum est …" / "ere: surgite …", a hanging indent), not a paragraph's head; so are two
    leads or more in a row whose next lines hang at one edge (items of two lines), and labels set
    flush right, their left edges differing, left of the edge where the items' text goes on."""
    k_hang = FEATURES.index("hanging")
    tol = 0.25 * st.body
    items = []   # (candidate, its row's left edge, the edge its next line hangs at or None), in order
    lead_rows = {c.i for c in cands if c.runin}
    for c in sorted((c for c in cands if c.runin and not c.number), key=lambda c: c.i):
        first = rows[c.i]
        after = []
        for k in range(c.i + 1, min(c.i + 4, len(rows))):
            q = rows[k]
            if q.page != first.page or q.col != first.col or q.y0 - rows[k - 1].y1 > 1.5 * st.body:
                break
            after.append(q)
        indent = after[0].x0 - first.x0 if after else 0.0
        # (lines of the item's text, wrapped to its right edge: not formulas displayed under a
        # paragraph's lead, "**Update rule.** Matrices are updated via" / "a(L) = 0.5  (3)")
        if c.p > 0.0 and len(after) >= 2 and all(abs(q.x0 - after[0].x0) < tol for q in after) \
                and indent > 0.8 * st.body and after[0].x1 >= first.x1 - st.body \
                and len(_WORD3.findall(after[0].text)) >= 4 and len(c.feats) > k_hang and c.feats[k_hang] >= 0.5:
            c.p = 0.0
        # (the next row opening with a lead of its own is the next item, no line hanging)
        hangs = 0.8 * st.body < indent <= 5 * st.body and len(_WORD3.findall(after[0].text)) >= 2 \
            and c.i + 1 not in lead_rows
        items.append((c, first.x0, after[0].x0 if hangs else None))
    # leads in a row at one edge, only their next lines between them, two of those lines or more
    # hanging at one edge further in: a description list's items of two lines or one
    # ("**Activation-Based** Choose the layer with …" / "variance across …" / "**Efficiency** The cost …")
    run: list = []
    for item in items + [(None, 0.0, None)]:
        c, x, h = item
        if run:
            d, y, _ = run[-1]
            edge = next((g for _, _, g in run if g is not None), h)
            between = rows[d.rows[-1] + 1:c.i] if c is not None else []
            # (labels set flush right, each ending where the items' text starts: their left edges
            # differ, all left of the edge the items' next lines hang at — "**Title\*** The name of
            # the key", "**Schema\*** The url of …", "**Roles** Primary contact, …" / "to persons …")
            if c is not None and (abs(x - y) < tol or abs(x - y) < 5 * st.body
                                  and (edge is None or max(x, y) < edge - tol)) and len(between) <= 3 \
                    and (rows[c.i].page, rows[c.i].col) == (rows[d.i].page, rows[d.i].col) \
                    and all(edge is not None and abs(q.x0 - edge) < tol for q in between) \
                    and (h is None or edge is None or abs(h - edge) < tol):
                run.append(item)
                continue
            edge = next((g for _, _, g in run if g is not None), None)
            hanging = sum(g is not None for _, _, g in run)
            lefts = [z for _, z, _ in run]
            # (flush right: four labels or more in a row whose left edges differ, or three and an
            # item's next line hanging)
            flush_right = max(lefts) - min(lefts) > tol and len(run) >= (3 if hanging else 4)
            if hanging >= 2 and all(abs(z - run[0][1]) < tol or z < edge - tol for z in lefts) or flush_right:
                for d, _, _ in run:
                    d.p = 0.0
        run = [item] if c is not None else []


def _empty_fields(rows: list[Row], cands: list[Cand]) -> None:
    """A lead closed by a colon that fills its row alone, over a row opening with another lead
    closed by a colon, is a field left empty in a list of fields ("**Research Goals:**" /
    "**Data Structure:** The NSL-KDD dataset consists of …", a survey's entry for each dataset),
    not a paragraph's head."""
    for c in cands:
        r = rows[c.i]
        j = c.i + 1
        if c.number or j >= len(rows) or not r.text.rstrip().endswith(":") \
                or r.text.strip() != (r.lead or r.text).strip():
            continue
        q = rows[j]
        if q.page == r.page and q.lead.rstrip().endswith(":") and len(q.lead.split()) <= 4 \
                and len(q.text.split()) > len(q.lead.split()):
            c.p = 0.0


def _stacked_leads(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """Three unnumbered run-in leads or more on consecutive rows, at the spacing of a paragraph's
    lines ("**Cow:** Highly intelligent animal …" / "**Horse:** Less intelligent …" / "**Human
    being:** …"), are a list's items, each of one line: a paragraph's head opens a paragraph, and
    paragraphs stand apart or run longer. Not the back matter's statements ("Funding.", "Competing
    interests.", a line each in some journals)."""
    runs: list[list[Cand]] = []
    for c in sorted((c for c in cands if c.runin and not c.number and c.p >= 0.2
                     and not KNOWN_HEADINGS.match(c.title)), key=lambda c: c.i):
        last = runs[-1][-1] if runs else None
        r, q = rows[c.i], rows[c.i - 1] if c.i else None
        if last is not None and c.i == last.rows[-1] + 1 and (q.page, q.col) == (r.page, r.col) \
                and r.y0 - q.y1 < 0.6 * st.body:
            runs[-1].append(c)
        else:
            runs.append([c])
    for run in runs:
        if len(run) >= 3:
            for c in run:
                c.p = 0.0


def _leads_inside_sentences(rows: list[Row], cands: list[Cand], st: DocStats) -> None:
    """An unnumbered run-in lead on a row that goes on from the row above it, a full line of the
    same paragraph broken off inside a sentence (flush with it, at the body's size and spacing,
    ending in a lower-case word or a comma), is emphasis in running text ("… useful to format an
    article for" / "*Solar Physics.* It is only …"), not a paragraph's head."""
    heads = {c.i for c in cands if c.p >= 0.3 and not c.runin}
    for c in cands:
        if not c.runin or c.number or c.p <= 0.0 or c.i == 0 or c.i - 1 in heads:
            continue
        r, prev = rows[c.i], rows[c.i - 1]
        if (prev.page, prev.col) != (r.page, r.col) or prev.kind != "text" or abs(prev.x0 - r.x0) >= 0.5 * st.body \
                or not -0.3 * st.body <= r.y0 - prev.y1 < 0.6 * st.body or abs(prev.size - st.body) >= 0.6 \
                or abs(r.size - prev.size) >= 0.6 or not _SENTENCE_GOES_ON.search(prev.text):
            continue
        # (the row above fills the column's measure: a paragraph's last line, "… at
        # http://www.nature.com/srep", ends short of it)
        right = max(q.x1 for q in rows[max(0, c.i - 4): c.i + 4] if (q.page, q.col) == (r.page, r.col))
        if prev.x1 >= right - st.body:
            c.p = 0.0


# a line broken off inside a sentence: it ends in a lower-case word or a comma
_SENTENCE_GOES_ON = re.compile(r"(?:\b[a-z]{2,}|,)\s*$")


def _levels(rows: list[Row], acc: list[Cand], st: DocStats) -> None:
    """Numbered headings take the depth of their number; unnumbered ones the level of numbered
    headings in the same style, else their rank among the document's heading styles
    (larger, then caps, then bold, then italic first); run-in heads sit below the heading
    they follow."""
    style_level: dict[tuple, int] = {}
    for c in acc:
        if c.number and not c.runin:
            k = style_key(rows[c.rows[-1]])
            style_level.setdefault(k, number_level(c.number))
    styles = []
    for c in acc:
        if not c.runin:
            k = style_key(rows[c.rows[-1]] if c.number and len(c.rows) > 1 else rows[c.i])
            if k not in styles:
                styles.append(k)
    rank = sorted(styles, key=lambda k: (-k[0], not k[4], not k[1], not k[2]))
    rank_level = {k: i + 1 for i, k in enumerate(rank)}
    cur = 0
    for c in acc:
        if c.number and (c.number[0].isdigit() or number_level(c.number) > 1):   # "3", "A.1", "A1"; not "A", "IV"
            c.level = number_level(c.number)
        elif c.runin:
            c.level = min(cur + 1, 4) if cur else 2
        else:
            k = style_key(rows[c.i])
            c.level = style_level.get(k) or min(rank_level.get(k, 1), 3)
        if not c.runin:
            cur = c.level
