"""Front matter: cover sheets, title, authors and abstract from the first rows of a paper.

* A **cover sheet** (a repository's page of metadata fields before the article: "Title",
  "Authors", "Permalink", "HHS Public Access", "Author manuscript" …) moves the front matter to
  the next page.
* The **title** is the largest-text group of rows in the upper part of the front page that is
  not a label ("Research Article", "Review", "RESEARCH ARTICLE | Neuroscience", a short banner
  in another face above it, a journal name set larger than the title that a citation row names
  before its year, a drop cap), with all its lines, whatever fonts they use.
* **Authors** are the name-shaped pieces of the rows between the title and the abstract;
  affiliation rows (institution words, addresses, e-mails) are told apart and skipped.
* The **abstract** follows an "Abstract"/"Summary" label (a row of its own, a run-in lead, or
  letter-spaced "a b s t r a c t" in a side box), passing over an article-info box beside or
  under the label, and goes on in the next column when its last line broke off mid-sentence;
  without a label it is the first long paragraph on the front page set in a style other than
  the body text's (bold summary paragraphs, boxed abstracts; the parts of a structured one,
  "Objective: … Methods: …", joined), else the first long paragraph before the first heading when
  it shows itself an abstract (the first heading right after it, or set inset from the text; not
  a drop cap's paragraph): a letter without an abstract gets none; a short one (20–39 words, two
  sentences or more) right above the first heading is a case report's abstract, and so is the first
  paragraph after the title of 8–39 words, one sentence allowed, set inset or in another type right
  above the first heading; an unlabelled structured abstract whose part titles stand on rows of
  their own is read from them. A labelled abstract ends before notes set under it in its column
  (set well apart, or opening with a note's mark), and at the body's first heading atop the next
  column; an abstract that fills its column or page to the foot goes on atop the next one
  (:func:`column_tail`, :func:`page_tail`) unless the introduction under a heading runs on there.
  A line wholly in an emphasis face stays in its paragraph.
* **Front-matter labels** run in before the first heading ("Keywords: …", "Article history: …")
  become sections of type ``front_matter`` (:func:`front_matter_sections`).
"""

from __future__ import annotations

from bisect import bisect_right

from scholartools import recache as re
from scholartools.parsing.pdf.extract import Row, in_capitals, without_mark
from scholartools.parsing.pdf.lines import join_lines
from scholartools.parsing.pdf.headings import (CAPTION, CITED_AS, CONNECTIVE, INSTITUTION, KNOWN_HEADINGS, SENT_END,
                                               connective_end, join_ligature_gaps, split_word, unspace, words_key)
from scholartools.text.scripts import HAN_KANA_CHAR
from scholartools.text.sections import ABSTRACT_ABROAD, section_type, strip_number
from scholartools.vocabulary import (ABSTRACT_HEADING_WORDS, ARTICLE_TYPE_LABEL_WORDS, FRONT_MATTER_STOP_WORDS,
                                     words_pattern)

# the label in the languages papers are often written in beside English (Russian "Аннотация",
# Spanish "Resumen", German "Zusammenfassung", Polish "Streszczenie", …)
ABSTRACT_START = re.compile(rf"^\W*(abstract|summary|a b s t r a c t|{ABSTRACT_ABROAD}|"
                            r"概\s?要|要\s?旨|摘\s?要|あらまし|초\s?록)\b\s*[.:—–：-]?\s*", re.I)
# where the front pages label an abstract in English too, that one is the abstract (a bilingual
# paper's "Resumen" above its "Abstract")
_ENGLISH_LABEL = re.compile(r"^\W*(abstract|summary|a b s t r a c t)\b", re.I)
STOP_FRONT = words_pattern(FRONT_MATTER_STOP_WORDS, tail=r"\b")
LABEL = words_pattern(ARTICLE_TYPE_LABEL_WORDS, tail=r"\W*$")
# a label and the journal's subject after a bar or dash ("RESEARCH ARTICLE | Neuroscience",
# "Research Article – Oncology"; not after a colon: "Editorial: Insights in …" is a title)
_LABEL_OPENS = words_pattern(ARTICLE_TYPE_LABEL_WORDS, tail=r"\s+\S")
_LABEL_SUBJECT = words_pattern(ARTICLE_TYPE_LABEL_WORDS, tail=r"\s*[|–—·•]\s*\S+(\s+\S+){0,2}\s*$")
_JOURNAL = re.compile(r"^(the )?(journal|proceedings|transactions|annals|archives|bulletin|letters|reports|"
                      r"review|advances|frontiers|acta|annual review)s? (of|on|in|for)\b", re.I)
# a journal's name in title case with the word "Journal" ("The Open Dentistry Journal", "Iranian
# Journal of Pharmaceutical Research"), set on the front page larger than the title
_JOURNAL_NAME = re.compile(r"^(The )?([A-Z][\w'’-]* ){0,3}Journal( of( the)?(( and| &| for| in| on)? [A-Z][\w'’-]*)+)?$")
# ... and in the languages of Europe, a capitalised name after the article and prepositions
# ("Journal de la Société Française de Statistique", "Revista Brasileira de …", "Zeitschrift für
# Physik"; not "Revue de la littérature sur …", a review's title)
_JOURNAL_NAME_EUROPE = re.compile(r"^(Journal|Revue|Revista|Rivista|Bulletin|Annales|Cahiers|Anais|Zeitschrift|"
                                  r"Tijdschrift)(?: (?:de|du|des|da|do|dos|das|di|della|del|dell'|für|voor|van|la|le|"
                                  r"l'|the))* [A-ZÀ-Þ]")
_COVER_FIELD = re.compile(r"^(title|authors?|journal|permalink|issn|doi|publication date|copyright information|"
                          r"peer reviewed|citation|publisher|license|licence|series|volume|issue|abstract|"
                          r"keywords|item type|downloaded from|terms of use)$", re.I)
_COVER_TEXT = re.compile(r"hhs public access|author manuscript|funders group|escholarship|"
                         r"see discussions, stats, and author profiles|your use of the jstor archive|"
                         r"this content downloaded from|powered by the california digital",
                         re.I)
_HARD_NOISE = re.compile(r"arxiv|https?:|www\.|©|\bdoi\b|[\w.+-]@[\w-]+\.\w|copyright|licen[cs]e|\bissn\b|received:|accepted:|"
                         r"published( online)?:|vol\.|volume \d|pp\. \d|\d{4}\s*[,;]\s*\d+\s*[:(]", re.I)
_CITATION_TAIL = re.compile(r"^\W*(\d{1,4}\W+){0,2}((19|20)\d\d\b|vol\b|volume\b)|\bdoi\b|\bissn\b", re.I)
_YEAR_VOLUME = re.compile(r"(19|20)\d\d \d")
_TRAIL_MARK = re.compile(r"[\s*∗†‡§¶⋆✉☆★]+$")
# a note's mark in a letter and a closing bracket glued to the title's last word ("… A structural
# analysisa)"), which no bracket in the title opens
_TRAIL_LETTER_MARK = re.compile(r"(?<=[^\W\d_]{2})\s?[a-z](?:,[a-z])*\)$")
_NAME = re.compile(r"^[A-ZÀ-ÖØ-Þ][\w'’.-]*(?:\s+(?:(?:van|von|der|den|de|del|della|da|di|du|le|la|bin|al|el)\s+)?"
                   r"[A-ZÀ-ÖØ-Þ][\w'’.-]*){1,4}$", re.U)
_SUPER = re.compile(r"(?<=[^\W\d_])[\d,*∗†‡§¶#⋆✉]+(?=\s|,|$)|\s[\d,*∗†‡§¶#⋆✉]+(?=\s|,|$)|[∗*†‡§¶⋆✉#]+")

# _HARD_NOISE, _COVER_TEXT and _SUPER are tried at every position of a text (no literal to skip
# to, the first two case-blind): these helpers give their answers with a cheap test first, the
# pattern only where it can still match (issue 36; tests/test_parse_frontmatter_speed.py holds
# each against its pattern and pins the patterns they were read from).
# Each branch of _HARD_NOISE but the date's holds one of these strings (case-blind: on an ASCII
# text, in its lower case; "©" is not ASCII); the date branch has no letters, so it is its own
# pattern whatever the case.
_HARD_NOISE_NEEDLES = ("arxiv", "http", "www.", "doi", "@", "copyright", "licen", "issn", "received:",
                       "accepted:", "published", "vol", "pp.")
_HARD_NOISE_DATE = re.compile(r"\d{4}\s*[,;]\s*\d+\s*[:(]")
# _HARD_NOISE without re.I: its letters are lower-case ASCII, so on an ASCII text's lower case it
# matches where the case-blind pattern matches the text
_HARD_NOISE_LOWER = re.compile(_HARD_NOISE.pattern)
# _COVER_TEXT's branches as plain strings, when they are (no pattern syntax in any): on an ASCII text
# the case-blind search finds one exactly where the text's lower case holds it
_COVER_PHRASES = tuple(_COVER_TEXT.pattern.split("|")) \
    if _COVER_TEXT.flags & re.I and _COVER_TEXT.pattern.islower() \
    and not any(c in _COVER_TEXT.pattern for c in "\\.^$*+?{}[]()") else ()
# every match of _SUPER holds one of these characters
_SUPER_MARK = re.compile(r"[\d,*∗†‡§¶#⋆✉]")


def _hard_noise(text: str) -> bool:
    """``_HARD_NOISE.search(text) is not None``."""
    if text.isascii():
        low = text.lower()
        for needle in _HARD_NOISE_NEEDLES:
            if needle in low:
                break
        else:
            return _HARD_NOISE_DATE.search(text) is not None
        return _HARD_NOISE_LOWER.search(low) is not None
    return _HARD_NOISE.search(text) is not None


def _cover_text(text: str) -> bool:
    """``_COVER_TEXT.search(text) is not None``."""
    if _COVER_PHRASES and text.isascii():
        low = text.lower()
        return any(p in low for p in _COVER_PHRASES)
    return _COVER_TEXT.search(text) is not None


def _unmark(text: str) -> str:
    """``_SUPER.sub(" ", text)``: the text itself where it holds none of the marks."""
    return _SUPER.sub(" ", text) if _SUPER_MARK.search(text) is not None else text


# the label atop a page an Elsevier class puts before the article: its graphical abstract, its
# highlights
_PREFACE_LABEL = re.compile(r"(?i)^(?:graphical abstract|(?:research )?highlights)$")


def front_page(rows: list[Row], body: float | None = None, page_height: float = 792.0) -> int:
    """0, or 1 when page 0 is a repository's cover sheet (a list of metadata fields) or a page
    without a title (:func:`_title_on_next_page`); or the number of the pages before the article
    that open with a graphical abstract's or highlights' label (Elsevier's CAS classes print them
    first when the author supplies them)."""
    first = [r for r in rows if r.page == 0]
    if not first:
        return 0
    preface, page = 0, first
    while page and _PREFACE_LABEL.match(min(page, key=lambda r: r.y0).text.strip(" :")):
        nxt = [r for r in rows if r.page == preface + 1]
        if not nxt:
            break
        preface, page = preface + 1, nxt
    if preface:
        return preface
    if body is not None and _title_on_next_page(rows, first, body, page_height):
        return 1
    fields = sum(1 for r in first if _COVER_FIELD.match(r.text.strip(" :")))
    cover_text = sum(1 for r in first[:60] if _cover_text(r.text))
    words = sum(len(r.text.split()) for r in first)
    has_next = any(r.page == 1 for r in rows)
    if has_next and (fields >= 4 or (cover_text >= 1 and fields >= 2 or cover_text >= 2 and words < 250)
                     and not _abstract_follows(first)):
        return 1
    return 0


def _title_on_next_page(rows: list[Row], first: list[Row], body: float, page_height: float) -> bool:
    """Does the paper start on page 1: page 0 sets nothing larger than the body's type (no title)
    and holds no abstract label, while page 1 sets a group of three words or more, not a known
    heading nor an institution's name, in a type at least 4 pt larger than the body's in its upper
    part (a page of text or notes put before the front page)?"""
    if any(r.size >= body + 2 for r in first) or any(_is_label_row(r)[0] for r in first):
        return False
    for g in _groups(rows, 1, 0.62 * page_height):
        text = " ".join(r.text for r in g)
        if min(r.size for r in g) >= body + 4 and len(text.split()) >= 3 and not KNOWN_HEADINGS.match(text.strip(" .:")) \
                and not _hard_noise(text) and not strip_number(text)[0] and not INSTITUTION.search(text):
            return True   # (not an institution's name: a thesis' approval page, "UNIVERSITY OF CALGARY
            #              FACULTY OF GRADUATE STUDIES", after its title page set in the body's type)
    return False


def _abstract_follows(rows: list[Row]) -> bool:
    """Does an abstract label standing alone come before 40 words or more of text on the page (an
    author manuscript's first page under a repository's banner, not a cover sheet)?"""
    for k, r in enumerate(rows):
        if ABSTRACT_START.fullmatch(unspace(r.text.strip())):
            return sum(len(q.text.split()) for q in rows[k + 1:]) >= 40
    return False


def _groups(rows: list[Row], page: int, limit_y: float) -> list[list[Row]]:
    """Rows of one page in the upper zone, grouped into runs of similar size that sit close."""
    rs = sorted((r for r in rows if r.page == page and not r.drop and r.y0 < limit_y), key=lambda r: (r.y0, r.x0))
    groups: list[list[Row]] = []
    edges: tuple | None = ()   # the document's measure (left, right), found when a row may be a name
    # a title's lines a blank line apart: a line and a half of its type at most, two where the
    # page's text is double-spaced (its lines two sizes apart: a manuscript whose title's second
    # line stands 1.53 sizes under its first, "… for gray-box solutions" / "of unknown conservation laws")
    blank = 2.0 if _double_spaced(rs) else 1.5
    for r in rs:
        placed = False
        # the last groups, and any whose last row ends just above this one (rows of hidden
        # metadata on the title's first baseline must not push the title's group out of reach)
        for g in groups[-3:] + [g for g in groups[:-3] if -0.5 * r.size < r.y0 - g[-1].y1 < r.size]:
            last = g[-1]
            tol = max(0.6, 0.07 * max(r.size, last.size))
            # an article-type label ("ORIGINAL ARTICLE", "Research Article") set close above the
            # title in nearly its size starts no title: the title is the group after it
            label_above = len(g) == 1 and ((_is_type_label(last.text) or _spread_label(last))
                                           and not _is_type_label(r.text) or _banner_above(last, r))
            # close below: by the boxes' gap, or by the line pitch where a font's tall boxes overlap;
            # a double-spaced manuscript's title keeps a line of its type a blank line apart
            gap = r.y0 - last.y1
            # (a line ending in a connective goes on however wide the spacing: "… Cause Victims to"
            # / "Go to the Police? …", a thesis' title page in double spacing)
            close = -0.5 * r.size < gap < 1.0 * max(r.size, last.size) \
                or 0.8 * r.size < r.y0 - last.y0 < 1.6 * r.size \
                or gap < blank * r.size and _same_type(r, last) and not SENT_END.search(last.text) \
                or gap < 2.5 * r.size and _same_type(r, last) and connective_end(last.text.rstrip())
            if abs(r.size - last.size) <= tol and close \
                    and not label_above and not _translated_below(last, r) \
                    and not (last.bold >= 0.7 and r.bold < 0.3 and r.family != last.family) \
                    and r.x0 < last.x1 + 20 and last.x0 < r.x1 + 20 \
                    and not ((_names_row(r.text) or _one_name(r.text)) and not connective_end(last.text.rstrip())
                             and (not _same_type(r, last)
                                  or gap > (g[-1].y0 - g[-2].y1 + 0.3 * r.size if len(g) > 1 else 1.5 * r.size)
                                  and gap > 0.8 * r.size)
                             and not (r.size >= last.size - 0.1
                                      and _fills(last, edges := _text_edges(rows) if edges == () else edges))):
                # (a name in the title's own type a blank line below it, more than its lines are
                # apart — than one and a half lines under a title's first line — is the author's:
                # a thesis' cover, "… Foreground Removal Techniques" / "Olivia Hilda-Roslyn
                # Walters"; a double-spaced title's line that reads like a name is not: "… on the
                # Tennessee" / "Eastman Process Dataset")
                g.append(r)
                placed = True
                break
        if not placed:
            groups.append([r])
    return groups


def _translated_below(last: Row, r: Row) -> bool:
    """Is ``r`` a title's translation under its Chinese or Japanese line ("ブラウザ上で…の構築" over
    "Building a User-Editable Language Pattern Matching System …"): Latin words only (three or
    more) under a line of three ideographs or kana or more?"""
    return HAN_KANA_CHAR.search(r.text) is None and len(r.text.split()) >= 3 \
        and len(HAN_KANA_CHAR.findall(last.text)) >= 3


def _double_spaced(rs: list[Row]) -> bool:
    """Are the page's lines of its commonest size (its text, in the upper zone ``rs``, in reading
    order by height) set two sizes apart or more, as a double-spaced manuscript's are?"""
    sizes: dict[float, int] = {}
    for r in rs:
        sizes[r.size] = sizes.get(r.size, 0) + 1
    if not sizes:
        return False
    size = max(sizes, key=sizes.get)
    lines = [r for r in rs if r.size == size]
    pitches = sorted(b.y0 - a.y0 for a, b in zip(lines, lines[1:]) if 0 < b.y0 - a.y0 < 4 * size)
    return len(pitches) >= 3 and pitches[len(pitches) // 2] >= 1.9 * size


def _text_edges(rows: list[Row]) -> tuple[float, float] | None:
    """The left and right edges of the document's text: where most of its lines start and end (a
    justified body's measure; not a cover's widest line), each shared by five lines or more; None
    where no measure is that plain."""
    starts: dict[int, int] = {}
    ends: dict[int, int] = {}
    for r in rows:
        if not r.drop:
            starts[round(r.x0)] = starts.get(round(r.x0), 0) + 1
            ends[round(r.x1)] = ends.get(round(r.x1), 0) + 1
    if not starts:
        return None
    left, right = max(starts, key=starts.get), max(ends, key=ends.get)
    return (left, right) if starts[left] >= 5 and ends[right] >= 5 else None


def _fills(r: Row, edges: tuple[float, float] | None) -> bool:
    """Does a row reach from the left edge of the document's text to its right (a title's line
    that wraps goes on below: "… PARETO ESTIMATES OF GLOBAL" / "LAKE AREA", whose two words read
    like a name, set no smaller, is its last line, not its author)?"""
    return edges is not None and r.x0 <= edges[0] + 2.0 and r.x1 >= edges[1] - 2.0


# a year in a proceedings' banner over the title ("Proceedings of the ASME 2021 International
# Mechanical Engineering Congress … November 1–5, 2021, Virtual"): the banner, however long
_BANNER_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# a conference paper's number over its title ("IMECE2021-69420", "DETC2008-49231", "GT2019-90123"):
# the series' letters, the year and the paper's number, often in the page's largest type
_PAPER_NUMBER = re.compile(r"^\s*[A-Z]{2,10}\s?(?:19|20)?\d\d\s?[-–]\s?\d{2,6}\s*$")


def _is_type_label(text: str) -> bool:
    """A row naming the article's type ("Research Article", "ORIGINAL ARTICLE", "Review"), alone
    or with the journal's subject after a bar or dash ("RESEARCH ARTICLE | Neuroscience"), a
    thesis' kind on its cover ("Thèse de Doctorat", "PhD Thesis"), or a Chinese or Japanese
    thesis' kind on its cover, its characters spaced apart or not ("学 士 論 文",
    a bachelor's thesis), or a Chinese or Japanese journal's kind of article over its title ("研究速報",
    a research letter)."""
    t = text.strip(" |·•")
    if LABEL.match(t) or _LABEL_SUBJECT.match(t) or _THESIS_LABEL.match(t):
        return True
    if t.isascii():
        return False
    t = t.replace(" ", "").replace("\u3000", "")
    return _THESIS_KIND.match(t) is not None or _CJK_ARTICLE_KIND.match(t) is not None


# a Chinese or Japanese journal's kind of article: a research letter, paper, invited or survey paper,
# short note, letter, technical report, review
_CJK_ARTICLE_KIND = re.compile(r"^(?:研究速報|速報|研究論文|原著論文|招待論文|解説論文|サーベイ論文|ショートノート|ショートペーパー|"
                               r"レター|技術報告|研究報告|短報|総説|研究简报|综述|研究快报|短文)$")

# a thesis' kind on its cover, in the languages theses are written in ("Thèse de Doctorat", "PhD
# Thesis", "Doctoral Dissertation", "Tesis Doctoral", "Tese de Doutorado", "Master's Thesis")
_THESIS_LABEL = re.compile(r"(?i)^(?:(?:ph\.?\s?d\.?|doctoral|master'?s?|bachelor'?s?|diploma|habilitation)\s+)?"
                           r"(?:thesis|dissertation)$|^th[èe]se(?:\s+de\s+doctorat)?$|^tesis(?:\s+doctoral)?$"
                           r"|^tese(?:\s+de\s+doutorado)?$|^disserta[çc][ãa]o(?:\s+de\s+mestrado)?$")

# a Chinese or Japanese thesis' kind: bachelor's, master's, doctoral, graduation (thesis)
_THESIS_KIND = re.compile(r"^(?:学士|修士|博士|硕士|卒業|毕业|本科毕业|本科)?(?:学位)?(?:論文|论文|研究)(?:\(.*\))?$")


def _spread_label(r: Row) -> bool:
    """A row that opens with an article type and sets more across a gap of over 3 em ("RESEARCH
    ARTICLE ⟶ Open Access", "Original Article ⟶ Cancer Biology")."""
    return r.gap > 3.0 and _LABEL_OPENS.match(r.text.strip(" |·•")) is not None


def _banner_above(label: Row, r: Row) -> bool:
    """A short row above the title's first line, set in another face (family, weight or capitals),
    much narrower than that line and not breaking off a phrase, is a banner (an article type or
    subject the word list does not know: "Cancer Biology"), not the title's first line; an italic
    word (a species name opening the title) is no other face here."""
    t = label.text.strip()
    words = t.split()
    if not words or len(words) > 4 or connective_end(t) or label.x1 - label.x0 >= 0.6 * (r.x1 - r.x0):
        return False
    return label.family != r.family or (label.bold >= 0.5) != (r.bold >= 0.5) \
        or t.isupper() != r.text.strip().isupper()


def _same_type(r: Row, last: Row) -> bool:
    """Is ``r`` set in the face, weight and size of ``last`` (a title's next line that reads like a
    list of names, "… Production" / "Using Polyoxometalates and Formic Acid", is the title's own
    line; an author row differs from the title in face, weight or size)?"""
    return r.family == last.family and (r.bold >= 0.5) == (last.bold >= 0.5) \
        and (r.italic >= 0.5) == (last.italic >= 0.5) and abs(r.size - last.size) <= 0.3


# ",", a word "and", "&" or "·": each branch opens with its literal (r"\band" as r"a(?<=\ba)"), so the
# regex engine skips to the next of the four characters instead of trying every position (2.4x)
_NAME_SEP = re.compile(r",|&|·|a(?<=\ba)nd\b")


# the marks around a name in an author line: affiliation numbers and symbols, quotes
_NAME_MARKS = " '’\"*∗†‡§¶0123456789"


def _name_pieces(text: str) -> list[str]:
    """The pieces of an author line between its separators, without their marks."""
    # split before the marks are removed: "Mohanty* † , Arya †" keeps its comma
    return [p for p in (_unmark(q).strip(_NAME_MARKS) for q in _NAME_SEP.split(text)) if p]


def _a_name(piece: str) -> bool:
    """One person's name of two to four words (a piece without its marks)."""
    return _NAME.match(piece) is not None and 2 <= len(piece.split()) <= 4


def _names_row(text: str) -> bool:
    """A row that reads as a list of person names ("Woo-Pyo Hong and Young-Dae Jung")."""
    pieces = _name_pieces(text)
    return len(pieces) >= 2 and all(map(_a_name, pieces))


def _one_name(text: str) -> bool:
    """A row that is one person's name of two to four words ("Ivan Hansen" under a thesis' title
    in its size, upright where the title is bold)."""
    return _a_name(_unmark(text).strip(_NAME_MARKS))


class _CitedNames:
    """Row texts of the front pages and every later page, for :func:`_journal_name`, which asks
    for the keys (:func:`headings.words_key`) of the rows holding a word: a row's key holds only
    words of its text's lower case, so only those rows' keys are made (a short group's rarest word
    is in few rows; making every row's key cost 1 % of st-parse on a small PDF, issue 36)."""

    __slots__ = ("lows", "low", "starts", "texts", "keys")

    def __init__(self, texts: list[str]):
        self.texts = texts
        self.lows = [t.lower() for t in texts]   # each row's own lower case (lengths may change)
        self.low = "\n".join(self.lows)
        self.starts = []
        at = 0
        for t in self.lows:
            self.starts.append(at)
            at += len(t) + 1
        self.keys: dict[int, str] = {}

    def having(self, word: str) -> list[str]:
        """The keys of the rows whose lower case holds ``word``, in row order."""
        out = []
        low, starts, keys = self.low, self.starts, self.keys
        at = low.find(word)
        while at >= 0:
            i = bisect_right(starts, at) - 1
            k = keys.get(i)
            if k is None:
                k = keys[i] = words_key(self.texts[i])
            out.append(k)
            at = low.find(word, starts[i] + len(self.lows[i]) + 1)   # on from the next row
        return out


def _cited_names(rows: list[Row], page: int) -> _CitedNames:
    """Row texts of the front pages and every later page, for :func:`_journal_name`."""
    return _CitedNames([r.text for r in rows if r.page >= page])


# a code repository's host: a repository named as the paper ("github.com/…/fair-queuing-aware-congestion-
# control") is no journal's homepage
_CODE_HOSTS = r"(?:github\.com|gitlab\.[a-z]+|bitbucket\.org|codeberg\.org|huggingface\.co|sourceforge\.net)/"
_CODE_HOST = re.compile(_CODE_HOSTS + r"[^\s/]*$")
_CODE_HOST_IN = re.compile(_CODE_HOSTS)


def _over_homepage(rows: list[Row], last: Row) -> bool:
    """Is the row right under ``last`` (a short group's last row), within two of its lines, a web
    address alone that is no code repository's: the journal's name over its homepage ("Biophysics
    and Physicobiology" over "https://www.jstage.jst.go.jp/browse/biophysico/")?"""
    k = last.index + 1
    if k >= len(rows) or rows[k - 1] is not last:
        return False
    q = rows[k]
    t = q.text.strip()
    return q.page == last.page and 0 <= q.y0 - last.y1 < 2 * last.size and _WEB_ADDRESS.fullmatch(t) is not None \
        and _CODE_HOST_IN.search(t) is None


_WEB_ADDRESS = re.compile(r"(?:https?://|www\.)\S+")


def _journal_name(text: str, cited: _CitedNames) -> bool:
    """A short group whose words open a citation row elsewhere in the paper ("Metabolites 2014, 4,
    932-945; doi:…", a running foot "Journal Name 2006, 6:3", "Name 4 (2025) 100109") or make a
    link's path is the journal's name set large, not the title (a running head that only repeats
    the title is followed by no year, volume or doi)."""
    k = words_key(text)
    if not k or len(k.split()) > 7:
        return False
    # the name's words joined by hyphens as a path in a link of the page ("journal homepage:
    # www.…/science-in-one-health")
    if " " in k:
        path = "/" + k.replace(" ", "-")
        at = cited.low.find(path)
        while at >= 0:
            end = at + len(path)
            if (end == len(cited.low) or cited.low[end] in "/\n ") \
                    and not _CODE_HOST.search(cited.low, max(0, at - 60), at):
                return True
            at = cited.low.find(path, end)
    # both tests below need a row whose key holds all of k's words: the rows holding its longest
    keys = cited.having(max(k.split(), key=len))
    opening = k + " "
    if any(o != k and o.startswith(opening) and _CITATION_TAIL.search(o[len(k):]) for o in keys):
        return True
    # a name of one to three words inside a citation row, right before the year ("… trial. Medicine
    # 2020;99:49", a running head "Li et al. Medicine (2020) 99:49")
    if len(k.split()) > 3:
        return False
    inner = " " + k + " "
    for o in keys:
        at = o.find(inner)
        while at >= 0:
            if _YEAR_VOLUME.match(o, at + len(k) + 2):
                return True
            at = o.find(inner, at + 1)
    return False


def _title_words(text: str) -> int:
    """Words of a title group (or an abstract): those between spaces, and a word for every two
    Chinese or Japanese characters, which no spaces part ("超低重心 6 輪独立懸架ローバーの画像情報
    による自律走行" is no short group of three words, a journal's name over the title)."""
    n = len(text.split())
    return n if text.isascii() else n + len(HAN_KANA_CHAR.findall(text)) // 2


def title_rows(rows: list[Row], body: float, page: int, page_height: float) -> list[Row]:
    """The rows of the title on the front page ``page`` (see :func:`_title_rows`), without a
    draft's stamp set under it in its type ("Draft of February 6, 2023 at 12 : 49")."""
    out = _title_rows(rows, body, page, page_height)
    while len(out) > 1 and _DRAFT_STAMP.match(out[-1].text):
        out = out[:-1]
    return out


_DRAFT_STAMP = re.compile(r"(?i)^(?:draft|version|preprint)\b.*\b(?:19|20)\d\d\b")


# a cover's field that names the title ("Thema: Verifizierte Implementierung einer …", "Title:")
TITLE_FIELD = re.compile(r"^(?:title|titel|thema|titre|t[ií]tulo|titolo|tema|temat)\s*:\s+(?=\S)", re.I)
# a cover's other fields after it ("vorgelegt von: …", "Supervisor: …")
_NEXT_FIELD = re.compile(r"^[^\W\d][\w .-]{0,30}:(?:\s|$)")


def _field_title(rows: list[Row], page: int) -> list[Row]:
    """The title a cover gives as a field ("Thema: Verifizierte Implementierung einer" / "Mapping-
    Datenbank in Coq" under "Dokumentation zur Besonderen Lernleistung" set larger): the row that
    opens with the field's label, two words or more after it, and the rows under it in its size,
    each within two of its lines, up to the next field; [] when the page has no such row."""
    page_rows = [r for r in rows if r.page == page]
    for k, r in enumerate(page_rows):
        m = TITLE_FIELD.match(r.text.strip())
        if m is None or len(r.text.strip()[m.end():].split()) < 2:
            continue
        out = [r]
        for q in page_rows[k + 1:]:
            if abs(q.size - r.size) >= 0.6 or not 0 <= q.y0 - out[-1].y1 < 2 * r.size \
                    or _NEXT_FIELD.match(q.text.strip()):
                break
            out.append(q)
        return out
    return []


def _title_rows(rows: list[Row], body: float, page: int, page_height: float) -> list[Row]:
    field = _field_title(rows, page)
    if field:
        return field
    # a thesis' cover: the title above its cue, where nothing on the cover is set larger
    # (where nothing on the cover is set larger but a by-line, names, an institution or a word or
    # two: UBC's "by" / "Shyong Quin Yap" and "The University of British Columbia" at 12 pt over
    # a title in bold capitals at 11.5)
    cover = _cover_title(rows, page, body)
    if cover:
        top = max(r.size for r in cover) + 0.1
        if all(len(r.text.split()) <= 2 or INSTITUTION.search(r.text) or _one_name(r.text) or _names_row(r.text)
               for r in rows if r.page == page and r.y0 < 0.62 * page_height and r.size > top):
            return cover
    cands = []
    keys = None
    for g in _groups(rows, page, 0.62 * page_height):
        text = " ".join(r.text for r in g)
        letters = sum(map(str.isalpha, text))
        words = _title_words(text)
        size = max(r.size for r in g)
        if letters < 4 or size < body - 1.0:
            continue
        # (an abstract's label, not a title of that word set far larger: "Abstract Gringo")
        if _hard_noise(text) or ABSTRACT_START.match(unspace(text)) and words < 4 and size < body + 4 \
                or KNOWN_HEADINGS.match(text.strip(" .:")):
            continue
        number, rest = strip_number(text)
        if number and (size < body + 1.5 or section_type(rest) not in ("other", "front_matter")):
            continue   # (a numbered standard section in the title's size: "1 Introduction and Background")
        hard = _is_type_label(text) or _PAPER_NUMBER.match(text) is not None \
            or len(g) == 1 and _spread_label(g[0]) or "|" in text and words <= 6 \
            or words <= 6 and _cover_text(text) \
            or _JOURNAL.match(text) is not None and (words <= 7 or _BANNER_YEAR.search(text) is not None) \
            or words <= 8 and (_JOURNAL_NAME.match(" ".join(text.split())) is not None
                               or _JOURNAL_NAME_EUROPE.match(text) is not None)
        if not hard and words <= 7:
            keys = _cited_names(rows, page) if keys is None else keys
            hard = _journal_name(text, keys) or words <= 5 and _over_homepage(rows, g[-1])
        # (a label in capitals by its case: its capitals half its letters at least, not a Chinese
        # title with a Latin acronym in it, "HW1 实验报告", which str.isupper() calls upper case)
        label = hard or (words <= 4 and letters < 40 and in_capitals(text))
        # a line of names right below another group of rows is the author line, not a title — not
        # under a label set smaller (a title in title case under a series' banner reads as names
        # split at its "and": "Ring Threshold Multisignature Schemes and Security Models" under
        # "RESEARCH BULLETIN"; authors may be set larger than the title above them, ESAIM's)
        if not label and _names_row(text) and any(c[2][-1].y1 < g[0].y0 < c[2][-1].y1 + 3 * size
                                                  and (not c[3] or c[0] >= size - 0.3) for c in cands):
            label = hard = True
        # nor is one person's name in upright type under a thesis' kind on its cover ("Thèse de
        # Doctorat" in bold / "Brice Nédelec", both in 25 pt, the title lower in 17-pt bold)
        if not label and _one_name(text) and all(r.bold < 0.5 for r in g) \
                and any(_THESIS_LABEL.match(c[4].strip(" |·•")) for c in cands):
            label = hard = True
        cands.append((size, words, g, label, text, hard))
    if not cands:
        return []
    real = [c for c in cands if not c[3]]
    best = max(real, key=lambda c: (c[0], -real.index(c))) if real else None
    # a cover set in one size throughout (a university and its institute, a programme, the title,
    # what the work is; no text in another size on the page): of three groups or more, the one alone
    # in bold is the title, not the first ("A DEEP LEARNING APPROACH TO …" in bold under
    # "Universidade Federal da Bahia" and "Programa de Graduação em …", all at 14.3 pt)
    if best is not None and not all(r.bold >= 0.7 for r in best[2]):
        top = [c for c in real if abs(c[0] - best[0]) < 0.1]
        bold = [c for c in top if c[1] >= 3 and all(r.bold >= 0.7 for r in c[2])]
        if len(bold) == 1 and len(top) >= 3 and all(abs(r.size - best[0]) < 0.1 for r in rows if r.page == page):
            best = bold[0]
    # a Chinese or Japanese title over its English translation set up to a point larger further
    # down the page (IEICE's, after the Japanese abstract) is the title
    if best is not None and HAN_KANA_CHAR.search(best[4]) is None:
        first = next((c for c in real[:real.index(best)] if len(HAN_KANA_CHAR.findall(c[4])) >= 5
                      and c[0] >= best[0] - 1.0 and c[0] >= body + 3.0), None)
        best = first or best
    # a short title in capitals ("TENSORIZED PAULI COMPOSER", "DEEP UNSUPERVISED DRUM
    # TRANSCRIPTION") reads like a label by its case alone: it is the title where it is set clearly
    # larger than anything else and nothing else is set well above the body (the authors' names,
    # "1 Introduction")
    soft = [c for c in cands if c[3] and not c[5]]
    if soft and (best is None or best[0] < body + 3):
        top = max(soft, key=lambda c: c[0])
        if top[0] >= body + 3 and (best is None or top[0] >= best[0] + 1.5 and top[2][0].y0 < best[2][0].y0):
            return top[2]
    # a short group set larger than a long one of nearly its size is a journal name or a drop cap
    if best is not None and best[1] <= 3:
        # one word in a display size (2.5 times the body or more) is a wordmark ("brainhack" at
        # 100 pt over a 25 pt title): any longer group set clearly larger than the body is the title
        floor = body + 2.0 if best[1] == 1 and best[0] >= 2.5 * body else 0.72 * best[0]
        # (a numbered section's heading is no longer title: llncs' "Reactive Maintenance
        # Scheduling" at 14.5 pt over its "1 Reactive Maintenance Scheduling" at 12)
        longer = [c for c in real if c[1] >= 4 and c[0] >= floor and c[0] >= body + 1.0 and not strip_number(c[4])[0]]
        if longer:
            short, best = best, max(longer, key=lambda c: c[0])
            # the short group ends in a colon or a question mark right above it: the title's
            # first part, set larger or in bold ("Themis-ml:" over "A Fairness-aware Machine
            # Learning Interface for …", "Does Sycophancy Win?" over "A Causal Analysis of …")
            top, above = best[2][0], short[2][-1]
            if above.text.rstrip().endswith((":", "?")) and cands.index(short) == cands.index(best) - 1 \
                    and -0.25 * top.size <= top.y0 - above.y1 < 1.5 * top.size:
                return list(short[2]) + list(best[2])
            # ... or the short group, in italics, right under the title whose last line has
            # italic words too: the title's italic words (a work's name) that went on to the next
            # line, measured larger in their own font ("… OVID'S *Heroides* AND THE *Epistula*" at
            # 13.5 pt over "*Sapphus*" at 17)
            end, below = best[2][-1], short[2][0]
            if cands.index(short) == cands.index(best) + 1 and end.italic > 0.05 \
                    and all(r.italic >= 0.9 for r in short[2]) and end.family == below.family \
                    and -0.25 * end.size <= below.y0 - end.y1 < 0.8 * below.size and not SENT_END.search(end.text):
                return list(best[2]) + list(short[2])
            # ... or the short group right under the title's last line with no gap, in its face and
            # centred under it: its last line set larger ("Machine Learning und tiefe neuronale" at
            # 18 pt over "Netze mit TensorFlow" at 20, both bold)
            if cands.index(short) == cands.index(best) + 1 and _same_face(below, end) \
                    and -0.25 * end.size <= below.y0 - end.y1 < 0.3 * below.size \
                    and abs(below.x0 + below.x1 - end.x0 - end.x1) < 2 * end.size and not SENT_END.search(end.text):
                return list(best[2]) + list(short[2])
    if best is None or best[0] < body + 1.0:
        # no row set larger than the body: the title is the first bold group of three words or
        # more, also when it is a short row of capitals (a label is told apart by its words)
        # (of two words where a note's mark closes it, as a title's note does: SIAM's "POINT
        # KINETICS∗" in bold capitals at the body's size)
        # (or of two words over a by-line: imsart's "CONDITIONAL RAKING" over "By Emily M. Kotnik")
        bold = [c for c in cands if not c[5] and (c[1] >= 3 or c[1] == 2 and (_TRAIL_MARK.search(c[4]) or _by_line_after(cands, c)))
                and all(r.bold >= 0.7 for r in c[2])]
        if not bold:
            return _bold_head(cands) or _plain_title(rows, body, page, page_height)
        best = bold[0]
        # a double-spaced manuscript sets the title's lines a blank line apart: the next bold group
        # in the title's type, at its left edge, within two line pitches and not ending the title
        # in a full stop, is its next line
        rows_ = list(best[2])
        for c in cands[cands.index(best) + 1:]:
            last, first = rows_[-1], c[2][0]
            if c[5] or not all(r.bold >= 0.7 for r in c[2]) or not _same_type(first, last) \
                    or abs(first.x0 - last.x0) > 2 * last.size or not 0 <= first.y0 - last.y1 < 1.5 * last.size \
                    or last.text.rstrip().endswith(".") or _names_row(c[4]):
                break
            rows_.extend(c[2])
        return rows_
    # a title set in two sizes: its first part, ending in a colon, in a smaller size of its type
    # right above ("Providing nursing care to Ebola virus disease patients:" over "China Ebola
    # Treatment Unit experience")
    k = cands.index(best)
    if k > 0 and not cands[k - 1][3]:
        above, top = cands[k - 1][2], best[2][0]
        if above[-1].text.rstrip().endswith(":") and above[-1].family == top.family \
                and above[-1].size >= 0.7 * top.size and -0.5 * top.size <= top.y0 - above[-1].y1 < 0.8 * top.size \
                and abs(above[0].x0 - top.x0) < top.size:
            return list(above) + list(best[2])
    # ... or its first part, ending in a colon, over its second in a smaller size of its type right
    # below, flush with it or centred under it ("On the Art and Science of Explainable Machine
    # Learning:" at 17 pt over "Techniques, Recommendations, and Responsibilities" at 14.5)
    if k + 1 < len(cands) and not cands[k + 1][3] and best[2][-1].text.rstrip().endswith(":"):
        last, below = best[2][-1], cands[k + 1][2]
        # (in its face, or in another well above the body's size: TeX's bold and regular faces
        # are families of their own, "The Squeeze Loop Strategy:" in sfbx at 17 pt over
        # "Catching Coherent-and-Wrong Artifacts …" in sfrm at 14.4)
        if (below[0].family == last.family or below[0].size >= body + 2.0) and below[0].size >= 0.7 * last.size \
                and -0.25 * last.size <= below[0].y0 - last.y1 < 0.8 * last.size and not _names_row(cands[k + 1][4]) \
                and (abs(below[0].x0 - last.x0) < last.size
                     or abs(below[0].x0 + below[0].x1 - last.x0 - last.x1) < 2 * last.size):
            return list(best[2]) + list(below)
    return best[2]


# a subtitle holds no author's marks ("Felix Saretzkya,∗", "Brian L. Frost,1, a)"), no address, no
# anonymised author ("Anonymous Author(s)"), no IEEE member's grade ("Chaoqun Wang, Xuejin Chen,
# Member, IEEE, …")
_AUTHOR_MARKS = re.compile(r"[*∗†‡§¶@]|\w,\s?\d|\b[a-z]\)|\b(?i:anonymous)\b|\(s\)|\b(?:Member|Fellow),?\s+IEEE\b")
_MONTH_YEAR = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?(?:19|20)\d\d\b")


# an author's marks in a publisher's author line: affiliation digits or letters after a name
# ("Zhang1,", "Glancey,a", "Daly a,b,c ,"), symbols and a font's private glyphs for its notes
_NAME_MARK = re.compile(r"(?<=[^\W\d_])\d+|(?<=[,\s])[a-z](?=\s*(?:,|$))|(?<=,)[a-z](?=\s+[A-Z])|[^\w\s.,'’&;\-‐‑]")
_PARTICLES = frozenset({"de", "da", "del", "der", "den", "ter", "ten", "di", "van", "von", "zu", "la", "le", "bin",
                        "ibn", "al", "dos", "du", "y"})


def _marked_names(text: str) -> bool:
    """Does ``text`` read as a line of author names once their marks are gone ("Xiaosong Zhang1,
    Jilei Tang2, Nan Shen3", "Charles Rupprecht , Ivan Kuzmin", "Lisandro Benedetti‑Cecchi"):
    each piece between commas, "and" or "&" two words or more, four of them at most not initials,
    each opening in a capital (or a name's particle)?"""
    pieces = [p.split() for p in re.split(r",|;|&|\band\b", _NAME_MARK.sub(" ", text)) if p.strip()]
    if len(pieces) >= 3 and len(pieces[-1]) == 1:
        pieces = pieces[:-1]   # (a name broken at the line's end: "…, Md. Saiful Islam1, Ant-")
    return bool(pieces) and all(2 <= len(p) and sum(len(w.rstrip(".")) > 1 for w in p) <= 4
                                and all(w[:1].isupper() or w in _PARTICLES for w in p) for p in pieces)


# words of a document's kind and matter that no person's name holds: a subtitle of two to four
# words in title case ("Technical Implementation Report") is not a name by its shape
_NO_NAME_WORD = re.compile(r"\b(?:Report|Reports|Technical|Implementation|Study|Studies|Analysis|Approach|Framework|"
                           r"Review|Survey|Overview|Notes|Guide|Manual|Proposal|Thesis|Dissertation|Edition|"
                           r"Version|Draft|Supplement|Appendix|Perspective|Perspectives|Evaluation|Design|"
                           r"Methods?|Models?|Systems?|Theory|Experiments?|Results|Applications?|Case|Cases|"
                           r"Toward|Towards|Lessons|Evidence|Insights|Challenges|Benchmark|Tutorial|Primer)\b")


def _author_line(text: str) -> bool:
    """Does ``text`` read as an author line: one name or a list of them, with or without their
    marks ("Benjamin J. S. Pope,1, 2, 3 Megan Bedell,4 …"), an anonymised author or an IEEE
    member's grade? (The test for what may stand under a title as its subtitle; words opening in
    capitals without marks are no name when a word is no name's: "Technical Implementation
    Report".)"""
    return _AUTHOR_MARKS.search(text) is not None or _names_row(text) \
        or (_marked_names(text) or _one_name(text)) and _NO_NAME_WORD.search(text) is None


def subtitle_rows(rows: list[Row], title: list[Row], body: float) -> list[Row]:
    """The subtitle set under the title in a smaller display type (\\subtitle, or a \\title's
    second part in \\large: "Stoichiometry of a saturated fluorite nanoparticle" at 17 pt over
    "Exact lattice counts for axis-aligned nanocubes and boxes" at 12; a journal's "A systematic
    review and meta-analysis" at 16 pt under its 20-pt title): the rows right under the title's
    last line (less than a line of their type below it), up to three in one size each close under
    the last, set larger than the body and smaller than the title, centred under it or flush with
    it, opening in a capital; not a row of names with or without their marks ("Felix Saretzkya,∗,
    Andreas Paulyb,c"), an anonymised author, an address, a date, a label or a sentence; [] when
    there is none. A title whose last line ends in a colon took its second part already
    (:func:`_title_rows`)."""
    if not title:
        return []
    last = title[-1]
    if last.text.rstrip().endswith(":"):
        return []
    below = sorted((r for r in rows if r.page == last.page and r.y0 > last.y0 + 0.5 * last.size and not r.drop),
                   key=lambda r: (r.y0, r.x0))
    out: list[Row] = []
    for r in below[:4]:
        prev = out[-1] if out else last
        gap = r.y0 - prev.y1
        # (its lines in one size, their faces may change with the script: "基于 cuVSLAM 前端、…" /
        # "的边缘化方案")
        if out and (abs(r.size - out[0].size) > 0.3 or not -0.25 * r.size <= gap < 0.6 * r.size):
            break
        if not out and not (-0.25 * r.size <= gap < r.size and body + 0.5 <= r.size <= last.size - 1.5):
            return []
        centred = abs(r.x0 + r.x1 - last.x0 - last.x1) < 2 * r.size
        if not (centred or abs(r.x0 - last.x0) < r.size) or len(out) == 3:
            break
        out.append(r)
    if not out:
        return []
    text = " ".join(r.text for r in out)
    if _author_line(text) or _MONTH_YEAR.search(text) or len(text.split()) > 30 \
            or SENT_END.search(text.rstrip()) and not text.rstrip().endswith("?") or INSTITUTION.search(text) \
            or _is_type_label(text) or ABSTRACT_START.match(unspace(text)) or KNOWN_HEADINGS.match(text.strip(" .:")) \
            or text.lower().startswith("by ") or sum(map(str.isalpha, text)) < 4 \
            or not (text[:1].isupper() or HAN_KANA_CHAR.match(text) is not None):
        # (a subtitle opens in a capital: a line in lower case or on a figure goes on the title,
        # "… exposure to" / "malabar nut plant (Justicia adhatoda) …", and is no subtitle)
        return []
    return out


def author_line_heads(rows: list[Row], heads: dict, title_rows: list[Row]) -> list[int]:
    """Row indices among ``heads`` that are the author line right under the title, not a heading:
    the first row after the title's last line on its page, close below it (within three of the
    title's line heights), unnumbered, not a known heading, reading as one or more person names
    ("Ann Author", "Jane Doe and John Smith"). A class that sets the authors in a larger type of
    their own, apart from the body, makes them look like a heading to the heading model; an
    abstract in the body's type under them then seemed to come after the first heading. The other
    names on that row's line, in columns of their own, go with it."""
    if not title_rows:
        return []
    last = title_rows[-1]
    k = last.index      # set by structure.mark_neighbours, as for every row
    if k >= len(rows) or rows[k] is not last:
        return []
    i = next((j for j in range(k + 1, min(k + 6, len(rows))) if rows[j].page == last.page
              and rows[j].kind not in ("title", "drop")), None)
    if i is None or not _author_head(rows[i], last):
        return []
    # (and the other authors' names on that line, set in columns of their own, which reading
    # order takes after the first column's text: "Keunwoo Choi" … "Kyunghyun Cho")
    return [j for j, c in heads.items() if not c.runin and rows[j].page == last.page
            and (j == i or abs(rows[j].y0 - rows[i].y0) < 0.5 * rows[i].size and _author_head(rows[j], last))]


def _author_head(r: Row, last: Row) -> bool:
    """Is ``r`` close under the title's last line ``last`` (within three of its line heights),
    unnumbered, not a known heading, reading as one or more person names?"""
    t = r.text.strip()
    if not 0 <= r.y0 - last.y1 < 3 * last.size or strip_number(t)[0] or KNOWN_HEADINGS.match(t.strip(" .:")):
        return False
    pieces = _name_pieces(t)
    return bool(pieces) and all(map(_a_name, pieces))


# a title run together with the author line after it: a word's lower-case end glued to a name in
# capitals ("…PeriodogramAnn Author…"), an e-mail address later in the text
_GLUED_NAME = re.compile(r"(?<=[a-z)])(?=[A-Z][a-z]+ [A-Z][a-z])")


def _run_together(text: str) -> int | None:
    """Where a title set in one paragraph with its author line, affiliation and e-mail ends (the
    first glued name before an e-mail address), or None."""
    at = text.find("@")
    if at < 0:
        return None
    for m in _GLUED_NAME.finditer(text, 0, at):
        if len(text[:m.start()].split()) >= 3:
            return m.start()
    return None


def _after_by(text: str) -> str | None:
    """The names of a by-line, "By" and a capital ("By Emily M. Kotnik" → "Emily M. Kotnik"), or None."""
    text = text.strip()
    return text[3:] if text[:3].lower() == "by " and text[3:4].isupper() else None


def _by_line_after(cands: list[tuple], c: tuple) -> bool:
    """Does the group after ``c`` right under it open with a by-line: "By" and a name, or names
    ("By Emily M. Kotnik", "by Ana Lima and João Reis")?"""
    k = cands.index(c)
    if k + 1 == len(cands):
        return False
    names = _after_by(cands[k + 1][2][0].text)
    under = 0 <= cands[k + 1][2][0].y0 - c[2][-1].y1 < 3 * c[0]
    return under and names is not None and (_one_name(names) or _names_row(names))


def _bold_head(cands: list[tuple]) -> list[Row]:
    """The bold rows opening the first group of a front page set at one pitch throughout (a
    double-spaced manuscript: title, authors and addresses a blank line apart, one group), the
    rest of the group not bold: the title, of three words or more and not ending in a full stop."""
    group = next((c[2] for c in cands if not c[5]), [])
    k = 0
    while k < len(group) and group[k].bold >= 0.7:
        k += 1
    text = " ".join(r.text for r in group[:k])
    if 0 < k < len(group) and _title_words(text) >= 3 and not text.rstrip().endswith("."):
        return list(group[:k])
    return []


def _plain_title(rows: list[Row], body: float, page: int, page_height: float) -> list[Row]:
    """The title of a front page that sets nothing larger than the body and nothing bold (a
    manuscript at the body's size): the first group of rows above the abstract label not set
    smaller than the body, of three to 30 words (up to where a run-together author line starts),
    not a label, list of names, address or note, not ending in a full stop; without an abstract
    label on the page, the group a later page repeats (:func:`_repeated_title`)."""
    label = next((r for r in rows if r.page == page and _is_label_row(r)[0]), None)
    if label is None:
        return _repeated_title(rows, page, body, page_height)
    for g in _groups(rows, page, label.y0):
        text = " ".join(" ".join(r.text for r in g).split())
        cut = _run_together(text)
        if cut is not None:
            text = text[:cut]
        words = len(text.split())
        if words < 3 or max(r.size for r in g) < body - 1.0:
            continue   # a note in small print above the title ("Draft version …", "Preprint typeset …")
        if words > 30 or _hard_noise(text) or _is_type_label(text) or _names_row(text) \
                or INSTITUTION.search(text) or text.rstrip().endswith("."):
            return []
        return g
    return []


# a thesis' or report's cover page: what it is and for whom ("A Thesis", "Submitted to the
# Faculty", "In Partial Fulfillment of the Requirements", "by")
# ("Submitted to", "Presented by" open with their capital: a body line of a paper's first page may
# open on "presented in [11] is capable of …")
_COVER_CUE = re.compile(r"(?i)^(?:an? )?(?:(?:master'?s|bachelor'?s|doctoral|honou?rs|senior|phd) )?"
                        r"(?:thesis|dissertation|project report)\b|^(?-i:SUBMITTED|PRESENTED|Submitted|Presented) "
                        r"(?:to|in|by)\b"
                        r"|^(?:submitted\b.*?)?\bin partial fulfil+ment\b|^by:?$")


def _cover_title(rows: list[Row], page: int, body: float) -> list[Row]:
    """The title of a thesis' cover set in one type throughout (or in capitals a little larger): the
    first group of one to 30 words above the cover's first cue ("A Thesis", "Submitted to", "by")
    that is no institution, label, list of names or full sentence (the one such group in bold, where
    there are others), with its subtitle centred right under it; [] when the page has no cue."""
    cue = next((r for r in rows if r.page == page and _COVER_CUE.match(r.text.strip())), None)
    if cue is None:
        return []

    def plain(g: list[Row], least: int) -> bool:
        text = " ".join(" ".join(r.text for r in g).split())
        return least <= len(text.split()) <= 30 and max(r.size for r in g) >= body - 1.0 \
            and not (INSTITUTION.search(text) or _hard_noise(text) or _is_type_label(text) or _names_row(text)
                     or text.endswith("."))

    groups = _groups(rows, page, cue.y0)
    plains = [plain(g, 2) for g in groups]
    # the one group set in bold where the others are not is the title ("Universidade Federal da
    # Bahia", "Programa de Graduação em …" over the title in bold capitals, all at one size)
    bold = [k for k, g in enumerate(groups) if plains[k] and all(r.bold >= 0.7 for r in g)]
    first = bold[0] if len(bold) == 1 and sum(plains) > 1 else 0
    for k, g in enumerate(groups[first:], first):
        if not plains[k]:
            continue
        # its subtitle: the next group, centred under it within two of its lines, in another type
        # no larger, not the author's name ("Potential of Opportunistic Relaying" over "PERFORMANCE
        # STUDY ACROSS …" in small capitals; not "Reasonably Programmable Syntax" over "Cyrus Omar";
        # a line in the title's own type a blank line below is its next line or none; nor an
        # author line with its marks, "Benjamin J. S. Pope,1, 2, 3 Megan Bedell,4 …" in small
        # capitals under a preprint's title, "Submitted to ApJ" its cue)
        sub = groups[k + 1] if k + 1 < len(groups) else []
        if sub and plain(sub, 1) and not _author_line(" ".join(r.text for r in sub)) \
                and not _same_type(sub[0], g[-1]) and max(r.size for r in sub) <= max(r.size for r in g) \
                and 0 <= sub[0].y0 - g[-1].y1 < 2 * sub[0].size \
                and abs(sub[0].x0 + sub[0].x1 - g[-1].x0 - g[-1].x1) < 2 * sub[0].size:
            return g + sub
        return g
    return []


def _repeated_title(rows: list[Row], page: int, body: float, page_height: float) -> list[Row]:
    """The title of a manuscript's title page set in the body's type without an abstract label
    on it: a group of three to 30 words in the upper part of the page, not smaller than the body,
    that one of the next two pages, and no other, prints again among its first rows (an APA
    manuscript repeats its title over the introduction); [] when none is."""
    tops: dict[int, set[str]] = {}   # the keys of each later page's first rows
    for r in rows:
        if r.page > page:
            keys = tops.setdefault(r.page, set())
            if len(keys) < 6:
                keys.add(words_key(r.text))
    for g in _groups(rows, page, 0.62 * page_height):
        text = " ".join(" ".join(r.text for r in g).split())
        words = len(text.split())
        # (once, on one of the next two pages: a text atop every page is a running head)
        pages = [p for p, keys in tops.items() if words_key(g[0].text) in keys]
        if 3 <= words <= 30 and max(r.size for r in g) >= body - 1.0 and len(pages) == 1 and pages[0] <= page + 2 \
                and not (_hard_noise(text) or _is_type_label(text) or _names_row(text) or INSTITUTION.search(text)
                         or text.rstrip().endswith(".")):
            return g
    return []


# an open-peer-review platform's version and status after the title ("[version 2; peer review: 2
# approved]"), which the article's metadata does not hold
_TITLE_VERSION = re.compile(r"\s*\[version \d+[;,][^\]]*\]\s*$", re.I)
# an article-type label run into the title's first line with a colon ("Data Descriptor: …"): only
# labels no title opens with ("Review: …", "Case report: …", "Systematic review: …" do)
_TITLE_TYPE_LABEL = re.compile(r"^(?:data descriptor|research article|original (?:research )?article|"
                               r"original research|research paper)\s*:\s+(?=\S)", re.I)


# a Chinese or Japanese thesis cover's fields after its title: supervisor, name, student number
_CJK_COVER_FIELD = re.compile(r"^(?:指導教員|指導教官|指導教授|指导教师|指导老师|导师|氏名|姓名|学籍番号|学号)")


def title_text(rows: list[Row], doc_rows: list[Row] | None = None, st=None) -> str | None:
    """The title's text from its rows; ``doc_rows`` and ``st`` (the document's rows and statistics)
    let a word the title's setting broke with a hyphen be joined (:func:`headings.split_word`)."""
    if not rows:
        return None
    t = ""
    for r in rows:
        line = " ".join(r.text.split())
        if t and _CJK_COVER_FIELD.match(line):
            break   # a Japanese or Chinese cover's next field in the title's type ("指導教員 …", supervisor)
        # a line broken after a hyphen of the title's own ("castration-" over "resistant"): titles
        # are mostly set ragged, not hyphenated, so the hyphen stays and the words join without a
        # space — unless the document prints the joined word whole and never the hyphened form (a
        # justified title: "… Time Se-" / "quences Signal Processing"); nor does a space part
        # Chinese or Japanese characters broken over two lines
        glue = len(t) > 1 and t[-1] in "-\u2011" and t[-2].isalpha() and line[:1].islower() \
            or t[-1:] and HAN_KANA_CHAR.match(t[-1]) is not None and HAN_KANA_CHAR.match(line[:1]) is not None
        if glue and t[-1] in "-\u2011" and doc_rows is not None and split_word(doc_rows, st, t, line):
            t = t[:-1]
        if t.endswith("\u00ad"):
            t, glue = t[:-1], True
        t = t + line if glue or not t else t + " " + line
    cut = _run_together(t)
    if cut is not None:
        t = t[:cut]
    t = without_mark(t, rows[-1].mark)   # a note's mark after its last word ("… Nuclear Power¹")
    for label in (TITLE_FIELD, _TITLE_TYPE_LABEL, _TITLE_VERSION, _TRAIL_MARK):
        t = label.sub("", t)
    t = join_ligature_gaps(t)
    if t.endswith(")") and t.count(")") > t.count("("):
        t = _TRAIL_LETTER_MARK.sub("", t)
    return t or None


# ---------------------------------------------------------------------------------------------

def _other_script(text: str, least: int = 10) -> bool:
    """Is a row written mostly in a script other than Latin (Arabic, Cyrillic, Chinese…): ``least``
    letters or more, under a third of them Latin?"""
    if text.isascii():
        return False
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= least and sum(ch < "\u0250" for ch in letters) < len(letters) / 3


def _latin_after(rows: list[Row], j: int) -> bool:
    """Are the three rows after the run of rows in another script that row ``j`` opens written in
    Latin script, nine letters in ten (an English abstract under its Arabic translation), not half
    in that script (a Chinese abstract whose line naming its methods in English, "本研究采用 AHP
    （Analytic Hierarchy Process）…", is no row of that script by itself)?"""
    k = j
    while k < len(rows) and rows[k].page == rows[j].page and (_other_script(rows[k].text.strip())
                                                             or sum(ch.isalpha() for ch in rows[k].text) < 10):
        k += 1   # (a drop cap's letter beside it, "I", is no row of either)
    letters = [ch for q in rows[k:k + 3] if q.page == rows[j].page for ch in q.text if ch.isalpha()]
    return bool(letters) and sum(ch < "\u0250" for ch in letters) >= 0.9 * len(letters)


def _english_label_after(rows: list[Row], i: int, last_page: int) -> int:
    """The index of the last abstract label in English after row ``i`` up to ``last_page``, or 0."""
    found = 0
    for k in range(i + 1, len(rows)):
        q = rows[k]
        if q.page > last_page:
            break
        if _ENGLISH_LABEL.match(unspace(q.text)) and _is_label_row(q)[0]:
            found = k
    return found


_SUMMARY_LABEL = re.compile(r"^\W*summary\b", re.I)


def _abstract_label_after(rows: list[Row], i: int, last_page: int) -> bool:
    """Is there a label "Abstract" on a row of its own after row ``i``, up to ``last_page``?"""
    for q in rows[i + 1:]:
        if q.page > last_page:
            return False
        if re.match(r"^\W*abstract\W*$", unspace(q.text), re.I):
            return True
    return False


def _is_label_row(r: Row) -> tuple[bool, str]:
    """(is an abstract label, text after the label on the same row)."""
    t = unspace(r.text)
    m = ABSTRACT_START.match(t)
    if not m:
        # the work's first section, numbered, alone on its row: "1 Abstract"
        num, words = strip_number(t)
        w = ABSTRACT_START.match(words) if num in ("1", "I", "0") else None
        if w and not words[w.end():]:
            return True, ""
        # the side box's label and the abstract's on one baseline, read as one row, the box's first
        # ("Article Info      Abstract", "a r t i c l e  i n f o    a b s t r a c t")
        return _BOX_THEN_LABEL.match("".join(t.split())) is not None, ""
    rest = t[m.end():].strip()
    if not rest:
        return True, ""
    if not t[m.end(1):m.end()].strip() and re.match(r"(?i)(and|&|of|for)\b", rest):
        return False, ""   # a heading that opens with the word: "SUMMARY AND CONCLUSION", "Summary of findings"
    # "Abstract—We …", "Abstract: We …", "ABSTRACT We …": the label must be set apart
    lead = unspace(r.lead or r.bold_prefix or "")
    if lead and ABSTRACT_START.match(lead) and len(lead.split()) <= 2:
        return True, rest
    # (or the mark before the space the pattern takes after it, on a paragraph's first line:
    # "Abstract. Eric Li's …" set in the body's own face; not "… Ethnographic Atlas: A" / "Summary.
    # The University of Pittsburgh", a reference's line inside its block)
    if t[:8].isupper() or t[m.end() - 1:m.end()] in _LABEL_MARKS \
            or r.first_in_block and t[m.end(1):m.end()].strip()[:1] in _LABEL_MARKS:
        return True, rest
    return False, ""


# the marks that set an abstract's label apart from the text run on after it
_LABEL_MARKS = (".", ":", "—", "–", "-")


# the first rows of an article-info box: its label, the history, the keywords
_BOX_ROW = re.compile(r"^\W*(article\s*info(rmation)?\b|article\s*history|history\s*:|keywords?\b|key\s*words\b|"
                      r"(received|revised|accepted|available\s*online|published(\s*online)?)\b[^.]{0,40}\d{4})", re.I)
_BOX_THEN_LABEL = re.compile(r"^\W*articleinfo(rmation)?\W*(abstract|summary)\W*$", re.I)
_LABEL_HEAD = re.compile(r"^([A-Za-z][A-Za-z /&-]{2,40}?)\s*[:.—–]")


def structured_label(text: str, lead: str = "") -> bool:
    """Does ``text`` open with a structured-abstract heading ("Background:", "Aims/hypothesis",
    "Materials and Methods.")? ``lead`` is the row's styled lead, for labels without punctuation."""
    m = _LABEL_HEAD.match(text.strip())
    head = lead.strip(" .:") if lead else (m.group(1) if m else "")
    words = [w for w in re.split(r"[\s/&-]+", head.lower()) if w]
    if not words or len(words) > 5 or words[0] not in ABSTRACT_HEADING_WORDS:
        return False
    known = sum(1 for w in words if w in ABSTRACT_HEADING_WORDS)
    return known * 2 >= len(words) and any(ABSTRACT_HEADING_WORDS.get(w) for w in words)


def _part_title(text: str) -> bool:
    """A row that is only a structured abstract's part title ("Background", "Materials and Methods")."""
    t = text.strip(" .:")
    return 0 < len(t.split()) <= 4 and structured_label(t + ":")


_SENTENCE_END = re.compile(r"[.!?][)\]”’\"]?\s*$")
# a note closing an abstract that places the article in a collection
_PART_OF = re.compile(r"^\W*this (?:article|paper|contribution) (?:is|forms) (?:a )?part of\b", re.I)
_NOTE_MARK = re.compile(r"^(\d{1,2}|[*∗†‡§¶])[A-Za-z]{2}")


def _opens_with_part(text: str) -> bool:
    """Does a line open with a structured abstract's part title of one to three words, run in
    without a colon, and go on with at least four more words ("Results Simulation provided …")?"""
    words = unspace(text).split()
    return any(len(words) >= k + 4 and words[k - 1][-1:].isalpha() and _part_title(" ".join(words[:k]))
               for k in (1, 2, 3))


def _unfinished(parts: list[str]) -> bool:
    """Did the last of ``parts`` break off without a full stop?"""
    last = parts[-1].rstrip() if parts else ""
    return bool(last) and last[-1] not in ".!?:;"


def _continues(parts: list[str], text: str) -> bool:
    """Does ``text`` go on with a sentence the last of ``parts`` broke off (that line ends in no
    full stop and this one opens in lower case, or that line ends in a connective or comma and this
    one names no institution)?"""
    if not text or not _unfinished(parts):
        return False
    return text[0].islower() or CONNECTIVE.search(parts[-1].rstrip()) is not None and not INSTITUTION.search(text)


def abstract_label_row(rows: list[Row], page: int) -> int:
    """Index of the first abstract label on the front pages, or -1."""
    for i, r in enumerate(rows):
        if r.page > page + 1:
            break
        if r.page >= page and r.kind not in ("title", "drop") and _is_label_row(r)[0]:
            return i
    return -1


def column_tail(rows: list[Row], used: set, heads: dict) -> tuple[str, set]:
    """(text, row indices) of an abstract's continuation at the top of the next column: a layout
    that sets the abstract across the tops of both columns above the first heading, which reading
    order puts after the whole first column. The next column of the same page must open level with
    the abstract's label or first line, in its type, with a line that goes on with the abstract's
    broken-off sentence (its last line ends in no full stop) — or, when the abstract ended a
    sentence but is set inset (narrower than the body's lines), with a line of the abstract's
    width; that column's rows are taken down to the first paragraph gap or a "Keywords:" row.
    ("", set()) otherwise."""
    if not used:
        return "", set()
    idx = sorted(used)
    first, last = rows[idx[0]], rows[idx[-1]]
    parts = [rows[i].text for i in idx[-2:]]
    right = max(rows[i].x1 for i in idx)
    if any(rows[i].page != first.page for i in idx):
        return "", set()
    finished = not _unfinished(parts)
    width = 0.0
    # a structured abstract whose parts open with their titles run in, in its own type ("Methods
    # Phase 1 was …"), goes on in the next column when that column opens level with it with the next
    # part ("Results Simulation provided …"), though it ended a sentence and fills its column
    opens = [i for i in idx if rows[i].kind == "text" and len(rows[i].text.split()) >= 5]
    parted = finished and bool(opens) and _opens_with_part(rows[opens[0]].text)
    if finished and not parted:
        # an abstract that ends a sentence at its column's foot goes on in the next column only when
        # it is set inset, narrower than the body's lines, and the next column opens with a line of
        # its width (an abstract run across the tops of both columns with margins of its own)
        widths = sorted(rows[i].x1 - rows[i].x0 for i in idx[1:-1] if rows[i].kind == "text")
        body_w = sorted(q.x1 - q.x0 for k, q in enumerate(rows) if q.page == first.page and k not in used
                        and q.kind == "text" and abs(q.size - last.size) <= 0.3 and q.family == last.family
                        and len(q.text) > 40)
        if len(widths) < 3 or len(body_w) < 5:
            return "", set()
        width = widths[len(widths) // 2]
        if body_w[len(body_w) // 2] - width < 2 * last.size:
            return "", set()
    start = None
    for k in range(idx[-1] + 1, len(rows)):
        q = rows[k]
        if q.page != first.page:
            break
        if k in used or q.kind != "text" or k in heads or q.x0 < right - 2:
            continue
        level = abs(q.y0 - first.y0) < 1.5 * first.size \
            or len(idx) > 1 and abs(q.y0 - rows[idx[1]].y0) < 1.5 * q.size
        if level and abs(q.size - last.size) <= 0.3 \
                and q.family == last.family and (_opens_with_part(q.text) if parted else
                                                 abs(q.x1 - q.x0 - width) < last.size and q.text.strip()[:1].isupper()
                                                 if finished else _continues(parts, q.text.strip())):
            start = k
            break
    if start is None or _body_goes_on(rows, idx[-1], start, heads):
        return "", set()
    top = rows[start]
    out, low = [start], top.y1
    for k in range(start + 1, len(rows)):
        q = rows[k]
        if q.page != top.page or k in heads or q.kind not in ("text", "equation") \
                or _BOX_ROW.match(q.text.strip()):
            break   # (a "Keywords:" row after the abstract is no part of it)
        apart = q.y0 > low + (2.5 if parted and _opens_with_part(q.text) else 0.9) * top.size
        if not top.x0 - 2 * top.size < q.x0 < top.x1 - top.size or apart or abs(q.size - top.size) > 0.3:
            break   # out of the column, a paragraph's gap below (not before a part), or other type
        if q.y1 > low - 0.5 * top.size:   # pieces of a line already read (a superscript's split) are left out
            out.append(k)
            low = max(low, q.y1)
    return " ".join(join_lines([rows[k].text for k in out]).split()), set(out)


def page_tail(rows: list[Row], used: set, heads: dict, body: float, body_family: str) -> tuple[str, set]:
    """(text, row indices) of an abstract's continuation on the next page: its last line ends its
    column (nothing in its type or larger below it), and the next page opens, before any heading,
    with rows in its face and size. An abstract set in a face of its own (bold, another family or
    size than the body's) goes on over all such rows, paragraph breaks included; one in the body's
    own face only over the rest of a sentence its last line broke off, to that paragraph's end, or,
    when it ended a sentence, over a paragraph that runs on to the first heading.
    ("", set()) otherwise."""
    if not used:
        return "", set()
    idx = sorted(used)
    end = idx[-1]
    last = rows[end]
    if last.kind != "text" or not _column_foot(rows, end):
        return "", set()
    own = abs(last.size - body) >= 0.45 or last.family != body_family or last.bold >= 0.6
    parts = [rows[i].text for i in idx[-2:]]
    ended = not _unfinished(parts)
    pitch = sorted(rows[b].y0 - rows[a].y1 for a, b in zip(idx, idx[1:])
                   if rows[a].page == rows[b].page == last.page and rows[b].y0 > rows[a].y1)
    gap = pitch[len(pitch) // 2] if pitch else 0.3 * last.size
    left = min(rows[i].x0 for i in idx if rows[i].page == last.page)
    width = max(rows[i].x1 for i in idx if rows[i].page == last.page) - left
    out: list[int] = []
    prev = None
    # a structured abstract's run-in labels ("**Background:** …"): its parts on the next page are
    # labelled in the same style ("**Methods:** …") and go on with it
    labels = {rows[i].lead_style for i in idx if rows[i].lead.endswith(":")}
    for k in range(end + 1, len(rows)):
        q = rows[k]
        if q.page == last.page:
            if q.kind == "text" and q.size >= last.size - 1.0 and not _FOLIO.match(q.text):
                return "", set()   # text of the page after the abstract: it ended on its page
            continue
        label = bool(out) and k in heads and heads[k].runin and q.lead.endswith(":") and q.lead_style in labels
        if not label and (q.page > last.page + 1 or k in heads
                          or q.kind in ("heading", "heading+", "title", "caption")):
            break
        if q.kind != "text" and not label:
            if out:
                break
            continue
        if not _same_face(q, last) or abs(q.size - last.size) > 0.3 or q.x1 - q.x0 > width + last.size:
            break
        if STOP_FRONT.match(unspace(q.text)) and not _continues(parts, q.text.strip()):
            break   # the front page's next label ("Abbreviations:", "Keywords:") carried over to this page
        if prev is None:
            # in the body's face: the rest of a broken-off sentence, or a paragraph that runs on
            # to the first heading
            if not own and not (_continues(parts, q.text.strip()) if not ended else _heading_after(rows, k, heads)):
                return "", set()
        elif not (prev.x0 < q.x1 and q.x0 < prev.x1) or not own and q.y0 - prev.y1 > gap + 0.5 * q.size:
            break   # another column, or (in the body's face) the paragraph's end
        out.append(k)
        prev = q
        if not own and not ended and _SENTENCE_END.search(q.text) and k + 1 < len(rows) \
                and rows[k + 1].x0 > q.x0 + 0.5 * q.size and rows[k + 1].page == q.page:
            break   # the sentence ended the paragraph: the next line is indented
    if not out:
        return "", set()
    return " ".join(join_lines([rows[k].text for k in out]).split()), set(out)


def _body_goes_on(rows: list[Row], end: int, start: int, heads: dict) -> bool:
    """Does the top of the next column (row ``start``) go on with the body text rather than with
    the abstract that ended at row ``end``: a standalone heading comes between them in reading
    order, and the text row right before ``start``, in the previous column and the abstract's type,
    broke off mid-sentence at that column's foot (the introduction under the heading runs on into
    the next column; an abstract across both columns' tops has its rest there instead, above a
    column that ends a paragraph or a note)."""
    if not any(k in heads and not heads[k].runin for k in range(end + 1, start)):
        return False
    top, last = rows[start], rows[end]
    prev = rows[start - 1]
    return prev.kind == "text" and prev.page == top.page and prev.x1 <= top.x0 + 2 \
        and abs(prev.size - last.size) <= 0.3 and prev.family == last.family and _unfinished([prev.text])


# a page's number alone on its row (the first page's, which running-text removal may keep)
_FOLIO = re.compile(r"^\s*\d{1,4}\s*$")


def _column_foot(rows: list[Row], k: int) -> bool:
    """Is row ``k`` the last line of its column on its page: no row in its type's size or larger
    lies below it across its width (footnotes in small print may, and the page's number)?"""
    last = rows[k]
    for q in rows:
        if q.page == last.page and q.y0 > last.y1 and q.x0 < last.x1 and last.x0 < q.x1 \
                and q.size >= last.size - 1.0 and q.kind not in ("drop",) and not _FOLIO.match(q.text):
            return False
    return True


def _heading_after(rows: list[Row], k: int, heads: dict) -> bool:
    """Does the paragraph opening at row ``k`` (its lines in its face and size, a line apart, in
    its column) end right above a standalone heading?"""
    q = rows[k]
    for m in range(k + 1, min(k + 40, len(rows))):
        r = rows[m]
        if m in heads:
            return not heads[m].runin
        if r.kind != "text" or r.page != q.page or not _same_face(r, q) or abs(r.size - q.size) > 0.3 \
                or not (r.x0 < q.x1 and q.x0 < r.x1) or r.y0 - rows[m - 1].y1 > 0.9 * r.size:
            return False
    return False


def _front_label(text: str) -> bool:
    """A front page's label ("Keywords", "Article info", "Abstract", "Highlights"), not a section's heading."""
    t = unspace(text.strip())
    return bool(_BOX_ROW.match(t) or ABSTRACT_START.match(t)) or section_type(t) in ("front_matter", "abstract")


def _under_label(rows: list[Row], j: int, label: Row) -> bool:
    """Does a text row that overlaps ``label`` across, close below it, come among the next rows
    after row ``j``?"""
    for q in rows[j + 1:j + 16]:
        if q.page != label.page:
            return False
        if q.kind in ("text", "heading", "heading+") and q.x0 < label.x1 and label.x0 < q.x1 \
                and -0.5 * label.size < q.y0 - label.y1 < 3 * label.size:
            return True
    return False


def abstract(rows: list[Row], heads: dict, body: float, page: int, body_family: str, cands: dict | None = None,
             body_gap: float = 0.0):
    """(abstract text, set of row indices used); ``body_gap`` is the body text's usual gap between
    lines (a double-spaced document sets its paragraphs' lines a full line apart)."""
    n = len(rows)
    english = -1   # the last row of the front pages labelled in English, when another label comes first
    for i, r in enumerate(rows):
        if r.page > page + 1:
            break
        if r.kind in ("title", "drop") or r.page < page:
            continue
        ok, rest = _is_label_row(r)
        if not ok:
            continue
        if not _ENGLISH_LABEL.match(unspace(r.text)):
            if english < 0:
                english = _english_label_after(rows, i, page + 1)
            if english > i:
                continue
        if not rest and i not in heads and r.bold < 0.5 and r.size < body + 0.9 and not r.text.isupper() \
                and len(r.text) > 12:
            continue
        if _SUMMARY_LABEL.match(unspace(r.text)) and _abstract_label_after(rows, i, page + 1):
            continue   # a one-sentence "Summary:" on the title page, the abstract labelled on the next
        if rest and _BOX_ROW.match(rest):
            rest = ""   # the side box's own label on the abstract label's baseline ("ABSTRACT  ARTICLE INFO")
        used = {i}
        parts = [rest] if rest else []
        structured = structured_label(rest, "") if rest else None
        first_size = first_family = None
        first_x = first_x1 = 0.0
        first_bold = False
        relead = False           # the first line opened with a run-in part title, which may set its type
        mathy = False            # the first line was a fifth or more in math fonts, which may set its size
        nwords = len(rest.split())
        ax0, ax1 = r.x0, (r.x1 if rest else None)
        boxed: list[Row] = []   # rows of a side box passed over
        notes: list[Row] = []   # affiliation notes at the page's foot passed over
        part_row = None          # the first of a structured abstract's part titles set on rows of their own
        lead_type = None         # (style, size) of the run-in part titles ("Methods:") met so far
        prev = prev2 = None       # the last two rows taken, and the gaps between the lines taken
        leads: list[float] = []
        j = i + 1
        while j < n:
            q = rows[j]
            if q.page > r.page + 1 or q.kind in ("caption", "title", "drop"):
                if q.kind == "drop":
                    j += 1
                    continue
                break
            qt = q.text.strip()
            # before the abstract's first line, a translation set first in another script (an
            # Arabic abstract above the English one under a Latin label) is passed over, and so is
            # a lone letter set far larger (the body's drop cap beside it); not when the abstract
            # opened on the label's row ("概要. プログラムに … Babascript", its Latin words a third)
            if first_size is None and (not rest and _other_script(qt) and not _other_script(r.text, 1)
                                       and _latin_after(rows, j)
                                       or len(qt) == 1 and q.size > 1.8 * r.size):
                j += 1
                continue
            # before the abstract's first line, the rows of an article-info box (its label, history
            # dates, keywords and the short rows of their lists right under them) are passed over:
            # the box may follow the label in reading order (the label set above the box, the
            # abstract in the next column; the box's label on the abstract label's baseline)
            # (not a heading set larger than the body: an empty abstract's "Keywords: …" row, then
            # the body's "Introduction" in the label's 14-pt bold)
            if first_size is None and not rest and q.page == r.page and (
                    _BOX_ROW.match(unspace(qt)) or len(qt.split()) < 6
                    and any(abs(q.x0 - p.x0) < 2 * q.size and -0.5 * q.size < q.y0 - p.y1 < 2.5 * q.size
                            for p in boxed)
                    and not (j in heads and not heads[j].runin and q.size > body + 0.9)):
                boxed.append(q)
                j += 1
                continue
            # before the first line, a row wholly right of a label that stands alone, when a text row
            # under the label (overlapping it across) follows close below, is a side column's note
            # ("Corresponding author: …", a citation box) set beside the label, not the abstract
            if first_size is None and not rest and q.page == r.page and q.x0 > r.x1 + q.size \
                    and _under_label(rows, j, r):
                boxed.append(q)
                j += 1
                continue
            # before the first line, under a label that stands alone, the affiliation notes the page
            # sets at its foot (a row opening with a note's mark glued to an institution's name, and
            # the rows of its block) are passed over: the abstract may start on the next page
            if first_size is None and not rest and q.page == r.page and (
                    _NOTE_MARK.match(qt) and INSTITUTION.search(qt)
                    or notes and q.block == notes[-1].block):
                notes.append(q)
                j += 1
                continue
            # a side box beside the abstract (article info: history dates, keywords) lies wholly
            # left or right of the abstract's first line (the label's row when the abstract starts
            # on it; before the first line is met, left of the label), level with or below the
            # label (the abstract's continuation in the next column starts above it)
            if q.page == r.page and q.y0 >= r.y0 - r.size and (q.x1 < ax0 - 2 or ax1 is not None and q.x0 > ax1 + 2):
                if prev is not None and j in heads and not heads[j].runin and q.y0 > prev.y1:
                    break   # the body's first heading below the abstract, left of it, is no side box's row
                if prev is None and not rest and j in heads and not heads[j].runin and heads[j].number \
                        and q.y0 > r.y1:
                    # nor is a numbered heading right under a label that stands alone, centred over
                    # its column: the abstract is empty (a draft's "Abstract", then "1. Introduction"),
                    # its label no section
                    return "", used
                if prev is not None and j in heads and not heads[j].runin and q.x0 > ax1 + 2 and nwords >= 30 \
                        and not _unfinished(parts) and not _front_label(qt):
                    break   # nor is the body's first heading atop the next column, after the abstract's last sentence
                # ... unless the abstract's last line broke off mid-sentence and this row, in the
                # next column below the box and apart from it, goes on with it in the same type
                # (or, the abstract's column full down to its foot, this row, right after it in
                # reading order, opens the next column level with the label in the abstract's type,
                # and the abstract's last line ended no sentence or this row's paragraph runs on to
                # the body's first heading)
                if not (first_size is not None and q.x0 > ax1 + 2 and _continues(parts, qt)
                        and abs(q.size - first_size) <= 0.3 and q.family == first_family
                        and not any(p.x0 < q.x1 and q.x0 < p.x1 and -0.5 * q.size < q.y0 - p.y1 < 1.5 * q.size
                                    for p in boxed)
                        or prev is not None and q.x0 > ax1 + 2 and rows[j - 1] is prev and q.y0 < r.y1 + 2 * q.size
                        and _same_face(q, prev) and abs(q.size - prev.size) <= 0.3
                        and _column_foot(rows, j - 1)
                        and (not _SENTENCE_END.search(prev.text) or _heading_after(rows, j, heads))):
                    boxed.append(q)
                    j += 1
                    continue
                ax0, ax1, first_x, first_x1 = q.x0, q.x1, q.x0, q.x1
            elif first_size is not None and q.page == r.page and q.x0 > ax1 + 2 and j not in heads \
                    and _unfinished(parts) and not _continues(parts, qt):
                # the next column's rows above the label (authors, affiliations) before the line
                # that goes on with the abstract's unfinished sentence are passed over too
                boxed.append(q)
                j += 1
                continue
            # a note at the column's foot opening with a field, set smaller and apart from the
            # abstract's last line ("Corresponding address: …"): its rows and the small print after
            # them on the page ("E-mail: …", a publisher's line) are passed over, the abstract going
            # on in the next column
            if nwords > 30 and first_size is not None and q.first_in_block and q.size < first_size - 0.3 \
                    and _FRONT_FIELD.match(qt) \
                    and prev is not None and q.page == prev.page and q.y0 - prev.y1 > q.size:
                j += 1
                while j < n and rows[j].page == q.page \
                        and (rows[j].block == q.block or rows[j].size < first_size - 0.3):
                    j += 1
                continue
            # a heading set in the label's own display type ends the abstract, whatever it is
            # called: the body's "Introduction" under an empty abstract's "Abstract" and keywords,
            # both in 14-pt bold, is no structured abstract's first part (those are set below the label's type)
            if not rest and j in heads and not heads[j].runin and abs(q.size - r.size) < 0.3 \
                    and q.family == r.family and (q.bold >= 0.5) == (r.bold >= 0.5) and r.size > body + 0.9:
                if first_size is None:
                    return "", used   # (nothing under the label: the abstract is empty, the label no section)
                break
            # a structured abstract whose part titles stand on rows of their own ("Background",
            # "Methods" as small headings under the label): a part title right under the label sets
            # their type; a later row in that type that names a part is the next part's title
            if _part_title(qt) and (part_row is None and first_size is None and not rest
                                    or part_row is not None and _same_type(q, part_row)):
                part_row = part_row or q
                structured = True
                parts.append(qt)
                used.add(j)
                prev2, prev = prev, q
                j += 1
                continue
            label = structured_label(qt, q.lead)
            # the first line under a label that stands alone, opening with a part word and running on
            # in the same row ("Introduction During the 2003 …": part titles set in the abstract's own
            # type, no colon), is the abstract's first part, not the body's first heading
            if not label and first_size is None and not rest and j not in heads and len(qt.split()) >= 5:
                m_part = STOP_FRONT.match(unspace(qt))
                label = m_part is not None and _part_title(m_part.group(0))
            if structured is None:
                structured = label
            label = label and structured
            # a part titled in no part word ("Trial registration number: NCT…", "Ethics and
            # dissemination: …") whose title is set as a run-in lead in the earlier parts' title
            # type; a short last part may be set wholly in that type, so its size and weight differ
            q_lead = _runin_title(q)
            lead_part = not label and lead_type is not None and q_lead is not None \
                and q_lead[1:] == lead_type[1:] and not STOP_FRONT.match(unspace(qt)) \
                and not _FRONT_FIELD.match(q_lead[0])
            label = label or lead_part
            # the first lines under a label standing alone, taken for a heading, that read as a
            # sentence (ten words or more, ending in a full stop) are the abstract's own lines (a
            # short abstract in a type of its own)
            said = first_size is None and not rest and j in heads and not heads[j].runin \
                and (_sentence(heads[j].text) or _runs_on(rows, heads[j].rows[-1]))
            # so is a line taken for a heading inside a sentence of the abstract: the line above broke
            # off and the line below goes on with it in lower case, in the abstract's face and size
            said = said or first_size is not None and j in heads and not heads[j].runin and _unfinished(parts) \
                and _goes_on_below(rows, heads[j].rows[-1], first_size, first_family)
            if not label and not said and (STOP_FRONT.match(unspace(qt)) and not _continues(parts, qt)
                                           or j in heads and not heads[j].runin):
                break
            # after an abstract labelled in English, its translation under another language's label
            # run in after the last sentence ("Résumé. La résonnance hybride …") is no part of it
            if nwords >= 30 and not _unfinished(parts) and _ENGLISH_LABEL.match(unspace(r.text)) \
                    and ABSTRACT_START.match(unspace(qt)) and not _ENGLISH_LABEL.match(unspace(qt)):
                break
            if cands and j in cands and nwords > 20 and not cands[j].runin and cands[j].p >= 0.25 \
                    and not label and len(cands[j].text.split()) <= 14 and not _continues(parts, qt):
                break
            if nwords > 30 and prev is not None and _SENTENCE_END.search(prev.text) and CITED_AS.search(qt):
                break   # the paper's own citation under its abstract, its journal set as a run-in lead
                #         ("*J Med Internet Res 2026;28:e82426;* doi: 10.2196/82426"), is no part of it
            if q.kind == "equation" or first_size is not None and len(qt) <= 3 and not any(map(str.isalnum, qt)):
                j += 1   # (a formula's symbol set on a baseline of its own inside a line: a radical's
                continue  # sign, "√", a little above "monotonically in σ … ∆t/γ")
            if q.kind not in ("text", "small", "caption+", "heading", "heading+") \
                    or q.kind in ("heading", "heading+") and not label and not said \
                    and j in heads and not heads[j].runin:
                j += 1
                continue
            if first_size is None:
                first_size, first_family, first_x, first_x1, first_bold = q.size, q.family, q.x0, q.x1, q.bold >= 0.6
                relead = label and (q.lead or q.bold_prefix)
                mathy = q.math >= 0.2
                if ax1 is None:
                    ax0, ax1 = q.x0, q.x1
            elif (relead and not label or mathy and abs(q.size - first_size) <= 1.0) and q.page == prev.page \
                    and abs(q.x0 - first_x) < 2 * q.size:
                # the first line's run-in part title ("Background and objective:", bold and larger)
                # set its type, or its inline formulas did (a Japanese line measured by its math
                # font's larger size); the text goes on in the abstract's own type
                first_size, first_family, first_bold = q.size, q.family, q.bold >= 0.6
                relead = mathy = False
            elif q.size < first_size - 1.0 and nwords > 15:
                j += 1
                continue   # a footnote or side note set in small print inside the abstract's span
            elif nwords > 30 and not lead_part and (abs(q.size - first_size) > 0.8 or q.family != first_family and q.first_in_block
                                  and abs(q.size - first_size) > 0.3
                                  or q.first_in_block and abs(q.x0 - first_x) > 2 * q.size
                                  and abs(q.x1 - first_x1) > 2 * q.size
                                  and not _set_as_taken(rows, used, q)
                                  or q.first_in_block and (q.bold >= 0.6) != first_bold) \
                    and not (abs(q.size - first_size) <= 0.3 and _emphasis_line(rows, j, prev, prev2)) \
                    and not (abs(q.size - first_size) <= 0.3 and q.family == first_family and _continues(parts, qt)) \
                    and not (not q.first_in_block and q.block == prev.block and prev.text.rstrip().endswith("-")
                             and qt[:1].islower()):
                # (a line wholly in an emphasis face, the abstract going on under it, is its own; so
                # is a block in the abstract's type going on with its broken-off sentence elsewhere,
                # and a line of its block ending a word the line above broke, measured in another
                # size by the typewriter names it holds: "We inte-" / "grated PostgresORM.jl into …")
                break
            if prev is not None and q.page == prev.page and q.x0 < prev.x1 and prev.x0 < q.x1:
                gap = q.y0 - prev.y1
                # a paragraph set well apart under the abstract's last line, which ended a sentence,
                # in its column (a footnote, an affiliation, a "To cite this work" note at the
                # column's foot), or a block opening with a note's mark glued to its first word
                # ("1eScience Institute, …"), is no part of it; a structured abstract's next part goes on
                if nwords > 30 and not label and _SENTENCE_END.search(prev.text) \
                        and (leads and gap > max(1.8 * q.size, 3 * sorted(leads)[len(leads) // 2])
                             or q.first_in_block and _NOTE_MARK.match(qt)):
                    break
                if 0 <= gap < q.size:
                    leads.append(max(gap, 0.5))
            if label and lead_type is None:
                lead_type = _runin_title(q)
            if prev is not None:
                mathy = False   # only the second line may reset the type the first one set
            prev2, prev = prev, q
            parts.append(q.text)
            used.add(j)
            nwords += len(qt.split())
            j += 1
            # a safety net against running into the body; a structured abstract, whose parts are
            # labelled, may be longer (a trial protocol's letter: some 950 words over two pages)
            if nwords > (1200 if structured else 700):
                break
        text = " ".join(join_lines(parts).split())
        if _title_words(text) >= 3:   # (a Japanese abstract has few spaces)
            return text, used
    text, used = _parted_heads(rows, heads, page)
    if text:
        return text, used
    return _unlabelled(rows, heads, body, page, body_family, body_gap)


# run-in fields of a front page that are no part of an abstract, though set like its part titles
_FRONT_FIELD = re.compile(r"^\W*(citation|how to cite|cite|received|revised|accepted|published|copyright|licen[cs]e|"
                          r"open access|(\w+ )?editor|edited|reviewed|correspond|e-?mail|funding|financial|competing|"
                          r"conflicts?|disclosure|(data )?availability|article (history|info)|supplementary|"
                          r"specialty|affiliation|present address|orcid|doi)\w*\b", re.I)


def _runin_title(r: Row) -> tuple[str, str, float] | None:
    """(title, style, size) of a row's run-in part title ("Methods:" in another style than the
    rest, or the whole row's bold text up to its colon), or None."""
    if r.lead:
        text, style, size = r.lead, r.lead_style, r.lead_size
    elif r.bold_prefix:
        text, style, size = r.bold_prefix, "b", r.size
    else:
        return None
    k = text.find(":")
    if k < 1 or len(text[:k].split()) > 5:
        return None
    return text[:k + 1], style, round(size, 1)


_PARAGRAPH_KINDS = ("text", "heading", "heading+", "equation")


def _paragraphs(rows: list[Row], page: int, body_gap: float = 0.0, heads: dict | None = None,
                kinds: tuple = _PARAGRAPH_KINDS) -> list[list[int]]:
    """Rows of the front page grouped into paragraphs: consecutive text rows of one size, font
    family and weight that sit close below each other — within a line's height, or within 1.5
    times the body's own line gap in a double-spaced document; a standalone heading starts a new
    one, and so does a row of an article-info box ("Keywords: …", "Received 3 May 2020") or of the
    keywords or classification under an abstract ("Categories and Subject Descriptors: …"); rows of
    other kinds in between, such as a side column's small print, do not break a paragraph, nor do
    rows of another column that reading order interleaves with it (authors beside the abstract),
    and a short line read as an equation in the paragraph's flow and type is its own line."""
    out: list[list[int]] = []
    open_: list[list[int]] = []   # the paragraph under way in each column, most recent last
    drop = None                   # a drop cap waiting for the paragraph it opens
    pieces: set[int] = set()      # rows that are the rest of a line split by a superscript
    ends: dict[int, float] = {}   # where a paragraph's last line ends, past a formula's scripts set small
    for i, r in enumerate(rows):
        if r.page > page:
            break
        if r.page < page or r.kind not in kinds:
            _script_passed(rows, open_, r, ends)
            continue
        if _drop_cap(r):
            drop = i
            continue
        cur = next((c for c in reversed(open_) if rows[c[-1]].x0 < r.x1 and r.x0 < rows[c[-1]].x1), None)
        if r.kind == "equation":
            # a short line read as an equation ("respectively (P=0.107).") inside a paragraph's
            # flow, in its type, is the paragraph's last line; elsewhere it is passed over
            q = rows[cur[-1]] if cur else None
            if q is None or not (abs(q.size - r.size) < 0.4 and q.family == r.family
                                 and abs(r.x0 - q.x0) < 3 * r.size and -0.6 * r.size < r.y0 - q.y1 < 0.9 * r.size):
                _script_passed(rows, open_, r, ends)
                continue
        split = next((c for c in reversed(open_) if _line_rest(rows[c[-1]], r, ends.get(id(c)))), None)
        if split is not None:
            pieces.add(i)   # the rest of a line that a superscript split ("per 10" "5 of the …")
            split.append(i)
            ends.pop(id(split), None)
            continue
        if cur:
            q = rows[next(k for k in reversed(cur) if k not in pieces)]
            # a line set wholly in another face of the paragraph's type (an emphasised phrase that
            # fills it) and the line after it stay in the paragraph
            same = abs(q.size - r.size) < 0.4 \
                and (any(_same_face(rows[k], r) for k in cur[-3:])
                     or _emphasis_line(rows, i, q, rows[cur[-2]] if len(cur) > 1 else None)) \
                and -0.6 * r.size < r.y0 - q.y1 < max(0.9 * r.size, 1.5 * body_gap) \
                and abs(r.x0 - q.x0) < 3 * r.size \
                and not (heads and i in heads and not heads[i].runin) and not _BOX_ROW.match(r.text.strip()) \
                and not _KEYWORDS_ROW.match(r.text.strip())
            if same:
                open_.remove(cur)
                open_.append(cur)
                cur.append(i)
                ends.pop(id(cur), None)
                continue
            open_.remove(cur)
            out.append(cur)
        if drop is not None and _opens_after_drop(rows[drop], r):
            open_.append([drop, i])   # the initial joins its paragraph ("E" + "ven in …")
        else:
            open_.append([i])
        drop = None
    out.extend(open_)
    return sorted(out, key=lambda c: c[0])


def _same_face(q: Row, r: Row) -> bool:
    """Are two rows set in one font family and weight?"""
    return q.family == r.family and (q.bold >= 0.5) == (r.bold >= 0.5)


def _main_row(rows: list[Row], idx: list[int]) -> Row:
    """The row of a paragraph that shows its type: the middlemost of the rows in its most common
    face and size (a line in an emphasis or code face joined to the paragraph does not set it)."""
    keys = [(rows[x].family, rows[x].bold >= 0.5, round(rows[x].size)) for x in idx]
    count: dict = {}
    for key in keys:
        count[key] = count.get(key, 0) + 1
    best = max(count.values())
    mid = len(idx) // 2
    k = min((k for k, key in enumerate(keys) if count[key] == best), key=lambda k: (abs(k - mid), k))
    return rows[idx[k]]


def _emphasis_line(rows: list[Row], i: int, q: Row, above: Row | None) -> bool:
    """Is row ``i``, in another face than the row ``q`` above it, a line of ``q``'s paragraph set in
    an emphasis face: it follows ``q`` at the paragraph's own line gap (``above`` is the line before
    ``q``), and the next row goes on in ``q``'s face and size right below it? (A run-in field set
    apart under a paragraph, "CCS Concepts: …", is not.)"""
    r = rows[i]
    if above is None or above.page != q.page or r.y0 - q.y1 > max(q.y0 - above.y1, 0) + 0.25 * r.size:
        return False
    nxt = rows[i + 1] if i + 1 < len(rows) else None
    return nxt is not None and nxt.kind == "text" and nxt.page == r.page and _same_face(nxt, q) \
        and abs(nxt.size - q.size) < 0.4 and -0.6 * r.size < nxt.y0 - r.y1 < max(0.9 * r.size, r.y0 - q.y1 + 2) \
        and nxt.x0 < r.x1 and r.x0 < nxt.x1


def _line_rest(q: Row, r: Row, end: float | None = None) -> bool:
    """Is text row ``r`` the rest of row ``q``'s line, split off by a superscript: in its type, on
    its baseline, starting where ``q`` ends (or where the formula's scripts after it end, ``end``)
    — or under its end, a subscript stacked under a superscript ("δval" over "IPR (exclud-")?"""
    end = q.x1 if end is None else end
    return r.kind == "text" and q.kind == "text" and abs(q.size - r.size) < 0.4 and q.family == r.family \
        and abs(r.y0 - q.y0) < 0.5 * r.size and end - 2 * r.size < r.x0 < end + r.size and r.x1 > end


def _set_as_taken(rows: list[Row], used: set, q: Row) -> bool:
    """Is ``q`` set where a line already taken is set, its left and right edges (a paragraph's
    indented first line, as the abstract's second paragraph opened: an APA manuscript's abstract
    of four paragraphs, its first line not indented)?"""
    return any(rows[u].page == q.page and abs(rows[u].x0 - q.x0) < 0.5 * q.size and abs(rows[u].x1 - q.x1) < q.size
               for u in used)


def _script_passed(rows: list[Row], open_: list[list[int]], r: Row, ends: dict[int, float]) -> None:
    """A row passed over that is a formula's script on the line a paragraph has under way (set far
    smaller, within the line's height, from where the line so far ends: "ansatz Ψ = e", then "P"
    and "i u1(ri,t)+P" in 6 pt, then "i<j u2(rij), we show …"): the line now ends where it ends."""
    for c in reversed(open_):
        q, end = rows[c[-1]], ends.get(id(c), rows[c[-1]].x1)
        if q.page == r.page and r.size <= 0.8 * q.size and q.y0 - 0.5 * q.size < r.y0 < q.y1 \
                and end - 0.5 * q.size < r.x0 < end + q.size:
            ends[id(c)] = max(end, r.x1)
            return


def _drop_cap(r: Row) -> bool:
    """A lone capital letter set in a large type (a drop cap opening a paragraph)."""
    t = r.text.strip()
    return len(t) == 1 and t.isupper() and r.size >= 18


def _opens_after_drop(cap: Row, r: Row) -> bool:
    """Whether ``r`` is the first line of the paragraph the drop cap ``cap`` opens: a line in a
    far smaller type beside the letter's top, going on in lower case ("ven in nonpandemic …")."""
    t = r.text.strip()
    return r.page == cap.page and bool(t) and t[0].islower() and r.size * 1.8 <= cap.size \
        and cap.x1 - 0.5 * r.size <= r.x0 <= cap.x1 + 3 * r.size and cap.y0 - r.size <= r.y0 < cap.y1


def _structured_runs(rows: list[Row], paras: list[list[int]]) -> list[list[int]]:
    """Paragraphs joined where a structured abstract without a label sets each part apart
    ("Objective: …", "Methods: …", "Results: …"): a paragraph opening with a part title joins the
    one before when that one opened with a part title too and sits close above it in its type; a
    part title alone on its row ("Background:" in bold over its text) joins the paragraph under it."""
    out: list[list[int]] = []
    opened = False
    alone = False   # the last paragraph is a part title alone on its row ("Background:", "METHODS")
    for idx in paras:
        r = rows[idx[0]]
        label = structured_label(r.text.strip(), r.lead)
        if out and (label and opened or alone):
            q = rows[out[-1][-1]]
            # (a part title alone on its row may be set in another face: its text follows in any)
            if (alone or abs(q.size - r.size) < 0.4 and q.family == r.family) and abs(q.x0 - r.x0) < 3 * r.size \
                    and -0.6 * r.size < r.y0 - q.y1 < 2.5 * r.size:
                out[-1] = out[-1] + idx
                alone = len(idx) == 1 and _part_title(r.text)
                continue
        out.append(list(idx))
        opened = label
        alone = len(idx) == 1 and _part_title(r.text)
    return out


def _parted_heads(rows: list[Row], heads: dict, page: int) -> tuple[str | None, set]:
    """A structured abstract without a label whose part titles stand on rows of their own, read as
    the first headings ("Background" / "Methods" / "Results" / "Conclusions"): three or more part
    titles in one type open the front page's headings, each over a short text (at most 200 words,
    40 to 700 in all), and a heading that is not one more of them follows (the body's first). The text from the first
    part title to the last part's end (a "Keywords:" row ends it), or (None, set())."""
    hs = sorted(i for i, c in heads.items() if not c.runin and rows[i].page == page)
    run: list[int] = []
    for i in hs:
        if _part_title(heads[i].text) and (not run or _same_type(rows[i], rows[run[0]])):
            run.append(i)
        else:
            break
    if len(run) < 3 or len({heads[i].text.strip(" .:").lower() for i in run}) < 3:
        return None, set()
    after = min((i for i, c in heads.items() if not c.runin and i > run[-1] and rows[i].page <= page + 1), default=None)
    if after is None or _part_title(heads[after].text) and _same_type(rows[after], rows[run[0]]):
        return None, set()   # no heading after the parts, or one more part title: the body's own sections
    used: set[int] = set()
    parts: list[str] = []
    total = 0
    bounds = run + [after]
    for a, b in zip(bounds, bounds[1:]):
        used.update(heads[a].rows)
        parts.append(heads[a].text.strip())
        n = 0
        for k in range(max(heads[a].rows) + 1, b):
            q = rows[k]
            if q.kind not in ("text", "small") or k in heads:
                continue
            if _KEYWORDS_ROW.match(unspace(q.text)) or _BOX_ROW.match(q.text.strip()):
                break
            used.add(k)
            parts.append(q.text)
            n += len(q.text.split())
        if n == 0 or n > 200:
            return None, set()
        total += n
    if not 40 <= total <= 700:
        return None, set()
    return " ".join(join_lines(parts).split()), used


def _affiliations(text: str, words: int) -> bool:
    """A block of affiliations (institution, department, town and country words one in every 20
    words or more, four at least), however long, is no abstract (a list of person names is
    passed over in :func:`_unlabelled`)."""
    n = len(INSTITUTION.findall(text))
    return n >= 4 and n * 20 >= words or _marked_addresses(text)


# an address's mark set against its first word ("1Kongsberg Maritime AS, …")
_ADDRESS_MARK = re.compile(r"(?:^|\s)(\d)(?=[A-Z][a-z])")


def _marked_addresses(text: str) -> bool:
    """Addresses each opening with its mark against its first word, the marks 1, 2, 3 … in turn
    from the text's start ("1Kongsberg Maritime AS, … Norway 2Fishery Resource Analysis …
    3Marine Ecosystem Acoustics, …"): three or more."""
    marks = [int(m.group(1)) for m in _ADDRESS_MARK.finditer(text)]
    return len(marks) >= 3 and text.lstrip().startswith("1") and marks == list(range(1, len(marks) + 1))


_SENTENCES = re.compile(r"[a-z)\]][.!?]\s+[A-Z]")   # (a citation ends one too: "… system [3]. The …")
# a licence note ("This is an open access article under the terms of the Creative Commons …")
_LICENCE_NOTE = re.compile(r"creative commons|open[- ]access article (distributed )?under", re.I)
_KEYWORDS_ROW = re.compile(r"^\W*(key\s*words?|index terms|ccs concepts|categories and subject descriptors"
                          r"|additional key\s*words(?: and phrases)?|general terms|キーワード|关键词|關鍵詞|키워드)"
                          r"\s*[:.—–：]", re.I)
# a person's degrees after the name ("Yu-Ju Chen, MS, is …", "Ann Smith, MD, PhD")
_DEGREE = re.compile(r",\s*(MD|PhD|MS|MSc|BS|BSc|MA|BA|MPH|RN|DrPH|DVM|DDS|MBBS|FRCP)\b")


def _keywords_below(rows: list[Row], idx: list[int], kinds: tuple = ("text",)) -> bool:
    """Is the next text row under a paragraph, close below it in its column, a "Keywords:" row
    (the abstract's own keywords)?"""
    last = rows[idx[-1]]
    nxt = next((q for q in rows[idx[-1] + 1:idx[-1] + 8] if q.kind in kinds and q.page == last.page
                and q.x0 < last.x1 and last.x0 < q.x1), None)
    # (line boxes set close may overlap by a descender's depth: Oxford's 9.5-pt abstract over its
    # "Keywords." row, 1.2 pt into the line above)
    return nxt is not None and (_KEYWORDS_ROW.match(unspace(nxt.text)) is not None or _bar_keywords(nxt.text)) \
        and -0.3 * nxt.size <= nxt.y0 - last.y1 < 3 * nxt.size


def _bar_keywords(text: str) -> bool:
    """A row of keywords without a label, three or more set apart by bars ("R | Statistics | Data
    Science", as PNAS' class and those made from it print them), each of one to four words."""
    items = text.split(" | ")
    return len(items) >= 3 and all(1 <= len(it.split()) <= 4 and not SENT_END.search(it) for it in items)


def _keywords_beside(rows: list[Row], idx: list[int]) -> bool:
    """Is a "Keywords:" row set beside a paragraph, in a margin column of its page wholly left or
    right of it and level with its lines (the Royal Society's front page: subject areas and
    keywords in the left margin beside an unlabelled abstract)?"""
    lines = [rows[x] for x in idx]
    page, top, bottom = lines[0].page, lines[0].y0, lines[-1].y1
    left, right = min(q.x0 for q in lines), max(q.x1 for q in lines)
    return any(q.page == page and top <= q.y0 <= bottom and (q.x1 < left or q.x0 > right)
               and _KEYWORDS_ROW.match(unspace(q.text)) for q in rows if q.kind == "text")


def _name_list(text: str, words: int) -> bool:
    """A paragraph of ``words`` words that is a row of names or a long author list."""
    return words < 120 and _names_row(text) or words < 300 and _author_list(text)


def _author_list(text: str) -> bool:
    """A list of person names ending in a group's name ("…, Bruno Coignard¹, Investigation team14",
    "…, on behalf of the … investigators"), or a note giving the authors' degrees and posts
    ("Yu-Ju Chen, MS, is an Emergency Response Officer; …": four degrees or more)."""
    if len(_DEGREE.findall(text)) >= 4:
        return True
    pieces = [_SUPER.sub(" ", p).strip(_NAME_MARKS) for p in _NAME_SEP.split(text)]
    pieces = [p for p in pieces if p]
    if len(pieces) < 6:
        return False
    if _names_row(", ".join(pieces[:-1])):
        return True
    # a long list where a line's last name, its marks set on a row of their own, ran into the next
    # line's first ("Anwar M. Hashem Samy Kasem"): ten pieces or more, 85 % of them names of 2-4 words
    names = sum(1 for p in pieces if _NAME.match(p) and 2 <= len(p.split()) <= 4)
    return len(pieces) >= 10 and names >= 0.85 * len(pieces)


def _math_letters(text: str) -> bool:
    """Are a third or more of a text's letters mathematical alphanumerics (U+1D400-U+1D7FF: code or
    markup typeset in math italic, "𝑐𝑜𝑛𝑐𝑒𝑝𝑡𝑖𝑑")?"""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and 3 * sum(1 for c in letters if "\U0001D400" <= c <= "\U0001D7FF") >= len(letters)


def _ends_front(rows: list[Row], idx: list[int], first_head: int, body: float, body_family: str) -> bool:
    """Whether a paragraph in the body's own type shows itself an abstract: it is one paragraph,
    not opened by a drop cap (the opening paragraphs of a letter or commentary without an abstract
    are set just so), and either its keywords are right under it or beside it, or the body's first
    heading follows it on its page or the next, with at most a line or two of text between
    (keywords), or it is inset on both sides from the text area of the body's rows on its page and
    the next (an abstract set narrower than the text)."""
    if _drop_cap(rows[idx[0]]):
        return False
    lines = [rows[x] for x in idx]
    left = min(q.x0 for q in lines)
    right = max(q.x1 for q in lines)
    for a, b in zip(lines, lines[1:]):
        # a full stop at a line ending short, the next line indented: a second paragraph, which
        # only an abstract set inset as a block (all its paragraphs narrower than the text) has
        # (or a note closing it: "This article is part of the theme issue …")
        if _PART_OF.match(b.text):
            break
        if b.x0 > left + 0.7 * b.size and a.x1 < right - 0.7 * a.size and a.text.rstrip()[-1:] in ".!?" \
                and b.text.strip()[:1].isupper() and abs(b.x0 - a.x0) < 3 * b.size:
            return _inset(rows, idx, body, body_family)
    if _keywords_below(rows, idx) or _keywords_beside(rows, idx):
        return True
    if first_head < len(rows) and rows[first_head].page <= lines[-1].page + 1 \
            and sum(len(q.text.split()) for q in rows[idx[-1] + 1:first_head] if q.kind == "text") <= 40:
        return True
    return _inset(rows, idx, body, body_family)


def _edges(rows: list[Row], idx: list[int], least: int = 3) -> tuple[float, float] | None:
    """(left, right) of a paragraph of ``least`` lines or more: its lines' middle edges (a short
    last line, an indented first one or a formula running into the margin moves neither); None
    for a shorter one."""
    if len(idx) < least:
        return None
    lefts = sorted(rows[x].x0 for x in idx)
    rights = sorted(rows[x].x1 for x in idx)
    return lefts[len(lefts) // 2], rights[len(rights) // 2]


def _right_above(rows: list[Row], idx: list[int], first_head: int) -> bool:
    """Does the block of rows ``idx`` end right above the first heading, nothing between them, in
    its column (less than six lines of the heading's type apart: a class leaves the space of its
    keywords and classification blank when a paper gives none)?"""
    if first_head >= len(rows) or idx[-1] + 1 != first_head:
        return False
    last, h = rows[idx[-1]], rows[first_head]
    return h.page == last.page and 0 <= h.y0 - last.y1 < 6 * h.size and h.x0 < last.x1 and last.x0 < h.x1


def _inset(rows: list[Row], idx: list[int], body: float, body_family: str) -> bool:
    """Is the block of rows ``idx`` inset on both sides, by more than its type's size, from the text
    area of the body's own rows on its page and the next (five such rows at least)? The block's
    edges are its lines' middle ones (a formula running into the margin moves no edge)."""
    lines = [rows[x] for x in idx]
    left, right = _edges(rows, idx, 1)
    page = lines[0].page
    used = set(idx)
    text = [q for k, q in enumerate(rows) if k not in used and page <= q.page <= page + 1 and q.kind == "text"
            and abs(q.size - body) < 0.45 and q.family == body_family and len(q.text) > 30]
    if len(text) < 5:
        return False
    size = lines[0].size
    return left > min(q.x0 for q in text) + size and right < max(q.x1 for q in text) - size


def body_start(rows: list[Row], heads: dict, body: float, page: int, body_family: str,
               body_gap: float = 0.0) -> int | None:
    """Where the body text begins on a front page without an abstract: the first paragraph of 50
    words or more in the body's own type before the first heading (a letter's or commentary's
    opening paragraphs, which :func:`abstract` does not take), else None."""
    first_head = min((i for i, c in heads.items() if not c.runin), default=len(rows))
    for idx in _paragraphs(rows, page, body_gap, heads):
        if idx[0] >= first_head:
            break
        text = join_lines([rows[x].text for x in idx])
        words = len(text.split())
        if words < 50 or _affiliations(text, words) or words < 120 and _names_row(text):
            continue
        r = _main_row(rows, idx)
        if abs(r.size - body) < 0.45 and r.family == body_family and r.bold < 0.6:
            return idx[0]
    return None


def _short_abstract(rows: list[Row], idx: list[int], text: str, first_head: int) -> bool:
    """Is a paragraph of 20-39 words the short unlabelled abstract of a case report or note? It
    is the last paragraph before the first heading, which follows it on its page with no text
    between; it has two sentences or more and ends one; it names no front-page field (copyright,
    licence, dates, correspondence, an e-mail), institution or list of names."""
    if first_head >= len(rows) or rows[first_head].page != rows[idx[-1]].page:
        return False
    if any(q.kind == "text" and q.text.strip() for q in rows[idx[-1] + 1:first_head]):
        return False
    if not _SENTENCE_END.search(text) or len(re.findall(r"[.!?]\s+[A-Z]", text)) < 1:
        return False
    return not (_HARD_NOISE.search(text) or _FRONT_FIELD.match(text) or INSTITUTION.search(text)
                or _names_row(text) or _drop_cap(rows[idx[0]]))


def _sentence(text: str) -> bool:
    """Does a heading candidate's text read as a sentence: ten words or more, ending in a full stop?"""
    t = text.strip()
    return len(t.split()) >= 10 and _SENTENCE_END.search(t) is not None and not strip_number(t)[0]


def _runs_on(rows: list[Row], k: int) -> bool:
    """Does row ``k`` run on into the next row as a paragraph's line does: the next row, in its face
    and size at its left edge a line below, goes on in lower case?"""
    if k + 1 >= len(rows):
        return False
    r, nxt = rows[k], rows[k + 1]
    t = nxt.text.strip()
    return nxt.kind == "text" and nxt.page == r.page and _same_face(nxt, r) and abs(nxt.size - r.size) <= 0.3 \
        and abs(nxt.x0 - r.x0) < r.size and -0.5 * r.size < nxt.y0 - r.y1 < 0.9 * r.size \
        and t[:1].islower() and not _SENTENCE_END.search(r.text)


def _goes_on_below(rows: list[Row], k: int, size: float, family: str) -> bool:
    """Does the row after row ``k`` go on in lower case, in the face ``family`` and ``size``, a line
    below at its left edge?"""
    if k + 1 >= len(rows):
        return False
    r, nxt = rows[k], rows[k + 1]
    return nxt.kind == "text" and nxt.page == r.page and nxt.family == family and abs(nxt.size - size) <= 0.3 \
        and abs(nxt.x0 - r.x0) < r.size and -0.5 * r.size < nxt.y0 - r.y1 < 2.5 * r.size \
        and nxt.text.strip()[:1].islower()


def _front_note(text: str) -> bool:
    """A front page's row that is no abstract: a field (©, licence, dates, correspondence, an
    e-mail, "Keywords: …"), an institution or a list of names."""
    return bool(_hard_noise(text) or _FRONT_FIELD.match(text) or _KEYWORDS_ROW.match(unspace(text))
                or INSTITUTION.search(text) or _names_row(text))


def _brief_abstract(rows: list[Row], idx: list[int], text: str, first_head: int, body: float,
                    body_family: str) -> bool:
    """Is the first paragraph after the title (authors, affiliations and front-page fields passed
    over), of 8-39 words, a short unlabelled abstract, one sentence allowed: it opens with a capital
    and ends a sentence, the first heading follows it on its page, and it is set apart as an
    abstract is — inset on both sides from the body's text area, or in a type other than the body's?"""
    words = len(text.split())
    if not 8 <= words < 40 or first_head >= len(rows) or rows[first_head].page != rows[idx[-1]].page:
        return False
    t = text.strip()
    if not t[:1].isupper() or not _SENTENCE_END.search(t) or _drop_cap(rows[idx[0]]):
        return False
    r = _main_row(rows, idx)
    other = abs(r.size - body) >= 0.45 or r.family != body_family or r.bold >= 0.6 or r.italic >= 0.6
    return other or _inset(rows, idx, body, body_family)


_PART_AT = re.compile(r"(?:^|[.!?][)\]]?\s+)([A-Z][A-Za-z /&-]{2,40}?)\s*:")


def _parted(text: str) -> bool:
    """Is a paragraph a structured abstract without a label: it opens with a part title and
    colon ("Purpose: …") and names three parts or more so ("Materials and Methods: …", "Results: …"),
    each after a full stop? (The body's text before its first heading never reads so.)"""
    found = [m.group(1).strip().lower() for m in _PART_AT.finditer(text) if structured_label(m.group(1) + ":")]
    return bool(found) and structured_label(text.strip()) and len(set(found)) >= 3


def _under_front_label(rows: list[Row], i: int) -> bool:
    """Is row ``i``, which opens a paragraph, a front-matter label of its own row, or right under
    one (PNAS' "Significance Statement" box beside the unlabelled abstract: the box is no abstract)?"""
    return any(q.page == rows[i].page and len(q.text.split()) <= 4 and q.text.strip(" .:") != ""
               and section_type(q.text.strip(" .:")) == "front_matter" and not ABSTRACT_START.match(q.text)
               for q in rows[max(0, i - 1):i + 1])


def _unlabelled(rows: list[Row], heads: dict, body: float, page: int, body_family: str, body_gap: float = 0.0):
    title = [k for k, r in enumerate(rows) if r.kind == "title" and r.page == page]
    title_start, title_end = (title[0], title[-1]) if title else (-1, -1)
    # the body's first heading comes after the title (a spaced-out article type above it, "C O N S
    # E N S U S  S T A T E M E N T S", taken for a heading, opens no body)
    # (or a numbered run-in head: the IMS journals' "1. Introduction. This template …", the body's
    # first line, under an unlabelled abstract in small print)
    first_head = min((i for i, c in heads.items() if (not c.runin or c.number) and i > title_start), default=len(rows))
    # a paragraph in a type of its own may be the abstract past a heading taken in the front matter,
    # but not past a numbered one or an introduction's: that heading opens the body (a two-page
    # report without an abstract, whose introduction quotes a sentence in italics)
    styled_until = max(first_head, 1) + 400
    if first_head < len(rows):
        number, rest = strip_number(rows[first_head].text.strip())
        if number or section_type(rest) == "introduction":
            styled_until = first_head
    styled = None
    plain = None
    edges = None   # (left, right) of a plain abstract set inset as a block, while it may go on
    opened = False
    long = False
    short = None   # the last paragraph of 20-39 words before the first heading, and its text
    brief = None   # the first paragraph of eight words or more after the title, and its text
    for idx in _structured_runs(rows, _paragraphs(rows, page, body_gap, heads)):
        if idx[-1] < title_start:
            continue   # a note set above the title (a series' preface) is neither abstract nor body
        text = join_lines([rows[x].text for x in idx])
        words = len(text.split())
        if idx[0] < first_head:
            short = (idx, text) if 20 <= words < 40 else None
            if brief is None and words >= 8 and idx[0] > title_end and not _front_note(text):
                brief = (idx, text)
        if _drop_cap(rows[idx[0]]) and idx[0] < first_head:
            opened = True   # a drop cap opens the body text: no later paragraph in its type is an abstract
        if plain is not None and edges is not None:
            # an abstract set inset as a block goes on over its paragraphs of the same edges
            # (Meta's template: three paragraphs, then "Date:" and "Correspondence:")
            if idx[0] < first_head and _edges(rows, idx) is not None \
                    and all(abs(a - b) <= 1.5 for a, b in zip(_edges(rows, idx), edges)) \
                    and not _FRONT_FIELD.match(text):
                plain = (plain[0] + "\n\n" + " ".join(text.split()), plain[1] | set(idx))
                continue
            edges = None
        # (a study of hospitals or laboratories names many institutions: three sentences or more,
        # with its keywords right under it, or its parts named, show the abstract)
        prose = _parted(text) or len(_SENTENCES.findall(text)) >= 2 and _keywords_below(rows, idx)
        if words < 40 or _FRONT_FIELD.match(text) and _hard_noise(text) or _LICENCE_NOTE.search(text[:200]) \
                or not prose and (INSTITUTION.search(text[:200]) and words < 80 or _affiliations(text, words)):
            continue
        if _name_list(text, words):
            continue   # a long author list with affiliation marks, in a type of its own
        long = True    # (a collaboration's front page of names and addresses has no paragraph)
        r = _main_row(rows, idx)
        other = abs(r.size - body) >= 0.45 or r.family != body_family or r.bold >= 0.6
        if other and (sum(rows[x].math for x in idx) >= 0.5 * len(idx) or _math_letters(text)):
            continue   # set mostly in a math font: formulas or code typeset as math, no summary
        if other and styled is None and idx[0] < styled_until and not _under_front_label(rows, idx[0]):
            styled = (" ".join(text.split()), set(idx))
        if plain is None and idx[0] < first_head and words >= 50 and r.bold <= 0.5 and not opened:
            if _ends_front(rows, idx, first_head, body, body_family) or _parted(text):
                plain = (" ".join(text.split()), set(idx))
                edges = _edges(rows, idx) if _inset(rows, idx, body, body_family) else None
            elif not other:
                opened = True   # the body began with this paragraph: no later one is an abstract
    if styled is not None:
        return styled
    if plain is not None:
        return plain
    small = _small_print_abstract(rows, heads, page, body_gap, title_end, first_head, body, body_family)
    if small is not None:
        return small
    if short is not None and not opened and _short_abstract(rows, short[0], short[1], first_head):
        return " ".join(short[1].split()), set(short[0])
    if brief is not None and not opened and _brief_abstract(rows, brief[0], brief[1], first_head, body, body_family):
        return " ".join(brief[1].split()), set(brief[0])
    if not long:
        # a front page without a paragraph (a title page of title, authors, keywords and a
        # graphic, or a collaboration's names and addresses): the abstract is a paragraph in
        # another type than the body's on the next page, before its first heading
        nxt = min((i for i, c in heads.items() if not c.runin and rows[i].page == page + 1), default=len(rows))
        for idx in _paragraphs(rows, page + 1, body_gap, heads):
            if idx[0] > nxt or rows[idx[0]].page != page + 1:
                continue
            text = join_lines([rows[x].text for x in idx])
            words = len(text.split())
            if _affiliations(text, words) or INSTITUTION.search(text[:200]) and words < 80 or _name_list(text, words):
                continue   # the rest of the front page's names and addresses
            r = _main_row(rows, idx)
            if words >= 40 and (abs(r.size - body) >= 0.45 or r.family != body_family or r.bold >= 0.6):
                return " ".join(text.split()), set(idx)
    return None, set()


def _small_print_abstract(rows: list[Row], heads: dict, page: int, body_gap: float, title_end: int,
                          first_head: int, body: float = 10.0, body_family: str = "") -> tuple[str, set] | None:
    """An abstract set two points or more under the body, read as small print with the rest of the
    front matter: a paragraph before the first heading of 40 words or more in two sentences or
    more, with its "Keywords:" (or the ACM classification's "CCS Concepts:") right under it (a
    proceedings class: authors, addresses, abstract and keywords in 10 pt over a 12-pt body), the
    last such; or else the first one set in bold, of 60 words or more (PNAS: a bold 7.5-pt abstract
    over a 12-pt body, no label, no keywords); or else the last one inset on both sides from the
    body's text area (the IMS journals' 8-pt abstract, no label); or else the last one that ends
    right above the first heading (the old ACM journal class's 8-pt abstract without keywords:
    authors, then the abstract's paragraphs, then "1. INTRODUCTION"). A paragraph in its type
    right above it, apart from it by no more than a line, goes with it (the addresses above stand
    apart)."""
    paras = [idx for idx in _paragraphs(rows, page, body_gap, heads, _PARAGRAPH_KINDS + ("small",))
             if title_end < idx[0] and idx[-1] < first_head and all(rows[x].kind == "small" for x in idx)]
    texts = [join_lines([rows[x].text for x in idx]) for idx in paras]

    def prose(k: int, n: int, breaks: int = 2) -> bool:
        """(``breaks``: sentence breaks inside it, so three sentences by default)"""
        text = texts[k]
        return len(text.split()) >= n and len(_SENTENCES.findall(text)) >= breaks \
            and not _LICENCE_NOTE.search(text[:200]) and not _affiliations(text, len(text.split())) \
            and not _author_list(text)

    # (with its keywords right under it, two sentences will do: World Scientific's 8-pt abstract)
    keyed = [k for k in range(len(paras)) if prose(k, 40, 1) and _keywords_below(rows, paras[k], ("text", "small"))]
    bold = [k for k in range(len(paras)) if _main_row(rows, paras[k]).bold >= 0.6 and prose(k, 60)]
    inset = [] if keyed or bold else \
        [k for k in range(len(paras)) if prose(k, 40) and _inset(rows, paras[k], body, body_family)]
    atop = [] if keyed or bold or inset else \
        [k for k in range(len(paras)) if prose(k, 40) and _right_above(rows, paras[k], first_head)]
    if not keyed and not bold and not inset and not atop:
        return None
    k = keyed[-1] if keyed else bold[0] if bold else inset[-1] if inset else atop[-1]
    idx = paras[k]
    while k > 0:
        above = paras[k - 1]
        q, r = rows[above[-1]], rows[idx[0]]
        if q.page != r.page or abs(q.size - r.size) > 0.3 or abs(q.x0 - r.x0) > r.size \
                or not 0 <= r.y0 - q.y1 < 1.2 * r.size or len(rows[above[0]].text.split()) < 6 \
                or INSTITUTION.search(rows[above[0]].text):
            break
        idx = above + idx
        k -= 1
    return " ".join(join_lines([rows[x].text for x in idx]).split()), set(idx)


# ---------------------------------------------------------------------------------------------

# words no person's name holds between its parts (in lower case, or a degree's in capitals: "MASTER
# OF SCIENCE"; not "In", a Korean given name's part)
_NOT_IN_NAME = re.compile(r"\b(?:of|in|the|for|and|OF|THE|FOR)\b")


def authors(rows: list[Row], title_rows: list[Row], end: int) -> list[dict]:
    """Name-shaped pieces of the rows between the title and ``end`` (the abstract or the first
    heading); rows that read as affiliations or addresses are skipped."""
    if not title_rows:
        return []
    start = max(rows.index(title_rows[-1]) + 1, 0)
    page = title_rows[0].page
    out: list[dict] = []
    seen: set[str] = set()
    for r in rows[start:min(end, start + 40)]:
        if r.page != page or r.kind in ("caption",):
            continue
        t = r.text
        if ABSTRACT_START.match(unspace(t)) or STOP_FRONT.match(t):
            break
        if sum(1 for w in t.split() if len(w) == 1) >= 4:
            continue   # letter-spaced labels ("A R T I C L E  I N F O")
        if _hard_noise(t) or INSTITUTION.search(t) and not re.search(r"[,·;]|\band\b", t[:40]):
            continue
        if re.match(r"^[\d*∗†‡§¶a-z]{1,3}\s*[A-Z]", t) and INSTITUTION.search(t):
            continue
        clean = _unmark(t)
        clean = _after_by(clean) or clean   # (a by-line's names: "By Emily M. Kotnik")
        for piece in re.split(r",|\band\b|;|\s{2,}|·|&", clean):
            if INSTITUTION.search(piece):
                continue
            name = " ".join(piece.split()).strip(" .*∗†‡§¶0123456789")
            if not name or not _NAME.match(name) or not 2 <= len(name.split()) <= 5:
                continue
            if KNOWN_HEADINGS.match(name) or LABEL.match(name) or _NOT_IN_NAME.search(name):
                continue   # (nor a degree on a thesis' cover, "MASTER OF SCIENCE")
            if name.isupper():
                name = " ".join(w.capitalize() if len(w) > 2 else w for w in name.split())
            if name not in seen:
                seen.add(name)
                out.append({"name": name})
    return out[:60]


def is_caption(text: str) -> bool:
    return bool(CAPTION.match(text))


# a front-matter label run in at the head of a paragraph ("Keywords: …", "Article history: …")
_RUNIN_FRONT = re.compile(r"^\W*(key ?words?|index terms|article (?:history|info(?:rmation)?)|highlights|"
                          r"abbreviations|significance(?: statement)?|ccs concepts|general terms)"
                          r"\s*[:.—–-]\s*(.*)$", re.I | re.S)


def front_matter_sections(sections: list[dict]) -> list[dict]:
    """Paragraphs before the first heading that open with a run-in front-matter label ("Keywords:
    a, b", "Article history: Received …") become sections of type ``front_matter`` under that label
    (neither dropped nor left in an untitled body section)."""
    out: list[dict] = []
    for k, sec in enumerate(sections):
        if sec.get("heading"):
            return out + sections[k:]
        paras = sec.get("paragraphs") or []
        if not any(_RUNIN_FRONT.match(p) for p in paras):
            out.append(sec)
            continue
        keep: list[str] = []
        for p in paras:
            m = _RUNIN_FRONT.match(p)
            if m is None:
                keep.append(p)
                continue
            if keep:
                out.append(dict(sec, paragraphs=keep, text="\n\n".join(keep)))
                keep = []
            out.append(dict(sec, heading=m.group(1), number=None, type="front_matter",
                            paragraphs=[m.group(2).strip()], text=m.group(2).strip()))
        if keep:
            out.append(dict(sec, paragraphs=keep, text="\n\n".join(keep)))
    return out


# a front-matter label set as a heading of its own: in a front page's side box ("KEYWORDS",
# "ARTICLE HISTORY", "Edited by", "Citation") or, for a paper's review record, anywhere
_LABEL_HEADING = re.compile(r"^\W*(key ?words?|index terms|article (?:history|info(?:rmation)?)|highlights|"
                            r"specialty section|citation|correspondence|contact|edited by|reviewed by|"
                            r"history(?:\s*:\s*received)?|received)\W*$", re.I)
_REVIEW_RECORD = re.compile(r"^\W*(edited by|reviewed by|history|received)", re.I)


# the part titles of a structured abstract in the other languages journals print a second abstract
# in, and keyword labels (English part titles: :func:`_part_title`)
_OTHER_PART = re.compile(
    r"^\W*(context[eo]|historique|antecedentes|hintergrund|objectifs?|objetivos?|ziel|m[ée]thodes|m[ée]todos?|"
    r"methoden|metodologia|cadre|r[ée]sultats?|resultados?|ergebnisse|conclus(?:ões|ão|iones|ión)|"
    r"schlussfolgerungen?|fazit|key ?words?|mots[- ]cl[ée]s|descritores|descriptores|palabras clave|"
    r"palavras[- ]chave|schlüsselwörter)\W*$", re.I)


def _abstract_parts(sections: list[dict]) -> None:
    """A structured abstract whose parts were read as headings ("Contexte", "Objectif",
    "Méthodes", "Résultats", "Conclusions": a second abstract in another language): the short
    sections right before the paper's introduction on its first two pages, three or more of
    them and most of them named as an abstract's parts, are front matter."""
    intro = next((k for k, s in enumerate(sections) if s.get("type") == "introduction" and s.get("heading")), None)
    if intro is None:
        return
    k = intro
    while k > 0 and sections[k - 1].get("heading") and (sections[k - 1].get("page") or 1) <= 2 \
            and len(sections[k - 1].get("text") or "") <= 1200 and sections[k - 1].get("type") != "front_matter":
        k -= 1
    run = sections[k:intro]
    named = sum(1 for s in run if _part_title(s["heading"]) or _OTHER_PART.match(s["heading"]))
    if named >= 3 and named >= 0.6 * len(run):
        for s in run:
            s["type"] = "front_matter"


def label_sections(sections: list[dict]) -> list[dict]:
    """Sections under a front-matter label set as a heading are of type ``front_matter``, on the
    first two pages (a side box) or, for the review record ("Reviewed By", "History: Received"),
    anywhere. The label keeps its own short first paragraph; body paragraphs that the reading
    order put under it (a side box read between a column's paragraphs) go back to the body
    section before it. With no body section before it, the section is left as it is."""
    out: list[dict] = []
    for sec in sections:
        h = sec.get("heading") or ""
        if sec.get("type") == "front_matter" and len(sec.get("paragraphs") or []) <= 1 or not _LABEL_HEADING.match(h) \
                or (sec.get("page") or 1) > 2 and not _REVIEW_RECORD.match(h):
            out.append(sec)
            continue
        paras = sec.get("paragraphs") or []
        own = paras[:1] if paras and len(paras[0]) <= 400 else []
        rest = paras[len(own):]
        body = next((k for k in range(len(out) - 1, -1, -1) if out[k].get("type") != "front_matter"), None)
        if rest and body is None:
            out.append(sec)
            continue
        if rest:
            moved = (out[body].get("paragraphs") or []) + rest
            out[body] = dict(out[body], paragraphs=moved, text="\n\n".join(moved))
        out.append(dict(sec, type="front_matter", paragraphs=own, text="\n\n".join(own)))
    _abstract_parts(out)
    return out

