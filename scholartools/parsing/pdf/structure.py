"""Ordered rows → title, authors, abstract, sections with paragraphs, captions, equations, references.

:func:`build` runs the steps in order, each a function here or in :mod:`.headings` /
:mod:`.frontmatter`:

1. :func:`column_extents` and :func:`mark_neighbours` (rows sharing a baseline in a column:
   table cells, diagram labels);
2. :func:`frontmatter.front_page` (cover sheets) and :func:`frontmatter.title_rows`;
3. :func:`classify_rows` — captions, display equations, small print, body text;
4. :func:`detect_headings` — candidates, features, the heading model, the outline check;
5. :func:`frontmatter.abstract` and :func:`frontmatter.authors`;
6. :func:`walk` — sections with paragraphs, figures, equations, reference rows;
7. :func:`finish_sections` — levels, text, canonical types.

Every decision uses measurements of the document itself (body size and font, spacing,
positions in the column), never a per-publisher rule.
"""

from __future__ import annotations

from scholartools import recache as re
from scholartools.parsing.pdf import frontmatter, headings
from scholartools.parsing.pdf.extract import Row
from scholartools.parsing.pdf.lines import join_lines
from scholartools.parsing.pdf.headings import CAPTION, KNOWN_HEADINGS, LETTER as _LETTER, sent_end
from scholartools.parsing.references import split_references
from scholartools.text.scripts import HAN_KANA_CHAR
from scholartools.text.sections import section_type, type_sections
from scholartools.vocabulary import REFERENCE_HEADING_WORDS, words_pattern

_TOC_ENTRY = re.compile(r"(?<![,;])(?:\s|\.)\d{1,3}$")   # not a label after a comma ("… platinum(IV), 5")
REFERENCE_HEADINGS = words_pattern(REFERENCE_HEADING_WORDS, tail=r"\s*$")
ABSTRACT_START = frontmatter.ABSTRACT_START
EQ_LABEL = re.compile(r"\(\s*([A-Z]?\d+(?:\.\d+)?[a-z]?)\s*\)\s*$")
MATH_CHARS = re.compile(r"[=+−\-×·∑∏∫∂∇≤≥≈≠∈∉⊂⊆∪∩→←↔⇒⇔∞√αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ^_|‖⟨⟩()\[\]{}]")
_WORD4 = re.compile(r"[A-Za-z]{4,}")


def _prose_words(t: str) -> float:
    """About how many words of prose a row holds, as a formula's row has few: words of four Latin
    letters or more, and a word per three Chinese or Japanese characters (a formula may name its
    quantities in words: "Z = {公司状况, 盈利偿债能力, 运营发展能力}")."""
    return len(_WORD4.findall(t)) + len(HAN_KANA_CHAR.findall(t)) / 3


def _norm_ws(s: str) -> str:
    return " ".join(s.split())


# ---------------------------------------------------------------------------------------------
# steps 1 and 3: layout marks and row kinds

def column_extents(rows: list[Row]) -> dict:
    extents: dict[tuple[int, int], list[float]] = {}
    for r in rows:
        key = (r.page, r.col)
        e = extents.get(key)
        if e is None:
            extents[key] = [r.x0, r.x1]
        else:   # as e[0] = min(e[0], r.x0), e[1] = max(e[1], r.x1), without the calls
            if r.x0 < e[0]:
                e[0] = r.x0
            if r.x1 > e[1]:
                e[1] = r.x1
    return extents


def mark_neighbours(rows: list[Row]) -> None:
    """How many other rows of the same page and column share each row's baseline (table rows,
    diagram labels, author blocks set side by side)."""
    by_page: dict[tuple, list[Row]] = {}
    for i, r in enumerate(rows):
        r.index = i
        key = (r.page, r.col)
        rs = by_page.get(key)
        if rs is None:
            by_page[key] = [r]
        else:
            rs.append(r)
    for rs in by_page.values():
        rs.sort(key=_baseline)
        # the six rows either side by baseline (the row itself left out); the baselines are sorted,
        # so the walk out from the row stops at the first one too far away, as all beyond it are
        # (the same counts as testing all twelve: tests/test_parse_rows_speed.py)
        ys = [q.y1 for q in rs]
        x0s = [q.x0 for q in rs]
        x1s = [q.x1 for q in rs]
        n = len(rs)
        for k, r in enumerate(rs):
            cnt = 0
            y1, near, right, left = r.y1, 0.35 * r.size, r.x1 + 2, r.x0 - 2
            j = k - 1
            stop = k - 7 if k > 6 else -1
            while j > stop and y1 - ys[j] < near:
                if x0s[j] > right or x1s[j] < left:
                    cnt += 1
                j -= 1
            j = k + 1
            stop = k + 7 if k + 7 < n else n
            while j < stop and ys[j] - y1 < near:
                if x0s[j] > right or x1s[j] < left:
                    cnt += 1
                j += 1
            r.neighbours = cnt


def _baseline(r: Row) -> float:
    return r.y1


def _is_math_row(r: Row, col_left: float, col_right: float) -> bool:
    t = r.text
    if len(t) < 2:
        return False
    centred = r.x0 - col_left > 1.5 * r.size and col_right - r.x1 > 1.0 * r.size
    if not centred and r.math < 0.25 and not t.endswith(")"):
        return False
    # the cheap tests first, each count only where it decides (the same answers as counting all)
    if r.math >= 0.25 and (centred or EQ_LABEL.search(t)) and _prose_words(t) <= 6:
        return True
    if centred and ("=" in t or r.math > 0.1) and EQ_LABEL.search(t) and _prose_words(t) <= 6:
        return True
    if centred and "=" in t and len(MATH_CHARS.findall(t)) >= 2 and len(_LETTER.findall(t)) < 0.6 * len(t) \
            and len(_WORD4.findall(t)) <= 3 and _prose_words(t) <= 6:
        return True   # (an equals sign and few words: "= (收入 − 成本费用 − 预期损失) ÷ 经济资本" too)
    return False


def _caption_like(r: Row, body: float) -> bool:
    m = CAPTION.match(r.text)
    if not m:
        return False
    if m.group("sep") in (".", ":", "|", "—", "–", "-"):
        return True
    return r.bold_prefix.strip() != "" or r.size < body - 0.4


def _before_on_line(rows: list[Row], i: int) -> list[int] | None:
    """The rows of row ``i``'s block read before it on its baseline (a caption's title drawn a
    second time over its label, "Two-dimensional virtual micro-environment" over "Figure 2", read
    first), or None when a row of an earlier line comes before it: row ``i`` is not on its
    block's first line. Empty for the block's first row."""
    r = rows[i]
    before: list[int] = []
    j = i - 1
    while not rows[j + 1].first_in_block:
        if j < 0 or rows[j].block != r.block or rows[j].page != r.page or abs(rows[j].y0 - r.y0) > 0.3 * r.size:
            return None
        before.append(j)
        j -= 1
    return before


def _caption_line(last: Row, q: Row, cap: Row) -> bool:
    """Does ``q`` go on with a caption whose line ``last`` broke off (no full stop) right above
    it, in the caption's size and face, within that line's span (centred under it, flush with it
    or hanging after its label)?"""
    if q.kind not in ("text", "small") or q.page != last.page or abs(q.size - cap.size) >= 0.2 \
            or q.family != cap.family or not 0 <= q.y0 - last.y1 < 0.6 * cap.size or sent_end(last.text) \
            or last.text.rstrip().endswith(("．", "。")):
        return False
    return last.x0 - 2 < q.x0 and q.x1 < last.x1 + 1


def classify_rows(rows: list[Row], body: float, extents: dict, title_rows: list[Row]) -> None:
    title_set = set(id(r) for r in title_rows)
    for i, r in enumerate(rows):
        if id(r) in title_set:
            r.kind = "title"
            continue
        cl, cr = extents[(r.page, r.col)]
        before = _before_on_line(rows, i) if CAPTION.match(r.text) and _caption_like(r, body) else None
        if before is not None:
            r.kind = "caption"
            for j in before:     # what was drawn on the label's line before it is the caption's too
                if rows[j].kind != "text":
                    break
                rows[j].kind = "caption-"
        elif _is_math_row(r, cl, cr):
            r.kind = "equation"
        elif r.size < body - 1.2 and not (ABSTRACT_START.match(r.text) and not r.text[:1].islower()):
            # (an abstract's label set small stays text; a line of small print opening on the word,
            # "abstract syntax trees generated …", is small print)
            r.kind = "small"
        else:
            r.kind = "text"
    # caption continuation rows: same block, same style, until the block ends; then, for a caption
    # set smaller than the body, a line of its size and face right under its last one though in a
    # block of its own (a centred caption's second line: "図 3. … 発言数の" / "分布の両対数グラフ")
    for i, r in enumerate(rows):
        if r.kind == "caption" and i + 1 < len(rows):
            j = i + 1
            while j < len(rows) and rows[j].block == r.block and rows[j].page == r.page \
                    and not rows[j].first_in_block and rows[j].kind in ("text", "small", "equation"):
                rows[j].kind = "caption+"
                j += 1
            last = rows[j - 1]
            while j < len(rows) and r.size < body - 0.5 and _caption_line(last, rows[j], r):
                rows[j].kind = "caption+"
                last = rows[j]
                j += 1


# ---------------------------------------------------------------------------------------------
# step 4: headings

def detect_headings(rows: list[Row], st: headings.DocStats) -> tuple[dict, dict]:
    """(row index → accepted :class:`headings.Cand`, row index → best-scored candidate);
    continuation rows of accepted headings are marked ``heading+``."""
    cands = headings.candidates(rows, st)
    headings.features(rows, cands, st)
    headings.score(cands)
    acc = headings.decide(rows, cands, st)
    _drop_toc(rows, acc)
    heads = {}
    for c in acc:
        if c.p <= 0:
            continue
        heads[c.i] = c
        rows[c.i].kind = "heading"
        for j in c.rows[1:]:
            rows[j].kind = "heading+"
    best: dict = {}
    for c in cands:
        if c.i not in best or c.p > best[c.i].p:
            best[c.i] = c
    return heads, best


def _drop_toc(rows: list[Row], acc: list) -> None:
    """Table-of-contents entries end with a page number: drop them where a page holds several
    (its "Contents" heading too), or under the page's own "Contents" heading, taken as a heading
    or not, or two or more on the page after it (a thesis' chapter line in bold, "1 Introduction
    9", over its sections' lines with dot leaders, which are no candidates)."""
    per_page: dict[int, int] = {}
    contents: set[int] = set()
    for c in acc:
        if _TOC_ENTRY.search(c.text):
            per_page[rows[c.i].page] = per_page.get(rows[c.i].page, 0) + 1
        elif c.p > 0 and _CONTENTS.match(c.text):
            contents.add(rows[c.i].page)
    if per_page:   # (or under a "TABLE OF CONTENTS" the model did not take: a thesis' chapter lines)
        contents.update(r.page for r in rows if r.page in per_page and len(r.text) <= 17
                        and _CONTENTS.match(r.text.strip()))
    for c in acc:
        page = rows[c.i].page
        n = per_page.get(page, 0)
        if _TOC_ENTRY.search(c.text) and (n >= 3 or page in contents or page - 1 in contents and n >= 2) \
                or _CONTENTS.match(c.text) and n >= 3:
            c.p = 0.0


_CONTENTS = re.compile(r"^(table of )?contents$", re.I)


# ---------------------------------------------------------------------------------------------
# step 6: walk

def _new_paragraph(prev: Row, r: Row, extents: dict) -> bool:
    if r.page != prev.page or r.col != prev.col:
        # a column or page break continues the paragraph unless the previous row ended a sentence short
        cl, cr = extents[(prev.page, prev.col)]
        return sent_end(prev.text) and prev.x1 < cr - 3 * prev.size
    gap = r.y0 - prev.y1
    if gap > 0.9 * max(prev.size, r.size):
        return True
    if abs(r.size - prev.size) > 1.2 and not (len(prev.text) == 1 and prev.text.isupper()):
        return True
    cl, cr = extents[(r.page, r.col)]
    ended = sent_end(prev.text)   # a sentence ended (closing quotes after its mark too)
    if ended and prev.x1 < cr - 2.5 * prev.size:
        return True
    if ended and r.x0 > prev.x0 + 0.6 * r.size and r.x0 - cl > 0.6 * r.size and r.x0 - cl < 4 * r.size:
        return True
    return False


class _Walker:
    """Sections, paragraphs, captions, equations and reference rows in one pass over the rows."""

    def __init__(self, rows: list[Row], heads: dict, skip: set, first_body: int, extents: dict):
        self.rows = rows
        self.heads = heads
        self.skip = skip
        self.first_body = first_body
        self.extents = extents
        self.sections: list[dict] = []
        self.figures: list[dict] = []
        self.equations: list[dict] = []
        self.ref_rows: list[Row] = []
        self.cur: dict | None = None
        self.para: list[str] = []
        self.para_last: Row | None = None
        self.eq_rows: list[Row] = []
        self.caption_rows: list[Row] = []
        self.pre_caption: list[Row] = []   # rows read before a caption's label on its line
        self.in_refs = False
        self.head_styles: set = set()   # styles of the section headings met before the bibliography

    def flush_para(self) -> None:
        if self.para and self.cur is not None:
            self.cur["paragraphs"].append(join_lines(self.para))
        self.para = []
        self.para_last = None

    def flush_eq(self, next_i: int) -> None:
        if not self.eq_rows:
            return
        text = " ".join(r.text for r in self.eq_rows)
        m = EQ_LABEL.search(text)
        label = m.group(1) if m else None
        if m:
            text = text[:m.start()].rstrip()
        before = ""
        if self.para:
            before = join_lines(self.para)
        elif self.cur is not None and self.cur["paragraphs"]:
            before = self.cur["paragraphs"][-1]
        self.equations.append({"text": text, "label": label, "context_before": before[-400:],
                               "context_after": "", "section": self.cur["heading"] if self.cur else None,
                               "page": self.eq_rows[0].page + 1, "_after_index": next_i})
        self.eq_rows = []

    def flush_caption(self) -> None:
        if self.caption_rows:
            parts = [r.text for r in self.caption_rows]
            # rows read before the label on its line: after the label, unless the caption repeats them
            parts[1:1] = [r.text for r in self.pre_caption if r.text not in " ".join(parts)]
            text = join_lines(parts)
            m = CAPTION.match(text)
            kind = m.group("kind").lower().replace(" ", "")
            kind = "table" if kind.startswith("tab") else ("figure" if kind.startswith("fig") else kind)
            self.figures.append({"kind": kind, "label": m.group("label"), "caption": text,
                                 "page": self.caption_rows[0].page + 1})
        self.caption_rows = []
        self.pre_caption = []

    def open_section(self, c, r: Row) -> None:
        self.cur = {"heading": c.title or None, "number": c.number,
                    "level": c.level, "paragraphs": [], "page": r.page + 1, "runin": c.runin}
        self.sections.append(self.cur)

    def heading(self, i: int, r: Row) -> bool:
        """Handle a heading row; False when the row is body text after all."""
        c = self.heads[i]
        self.flush_eq(i)
        self.flush_para()
        if REFERENCE_HEADINGS.match(c.title.strip(" :.")):
            self.in_refs = True
            self.cur = None
            return True
        if self.in_refs and not (c.number and re.match(r"^[A-Z]", c.number)) and not re.match(
                r"^(appendix|appendices|supplementary|supplemental)", c.title, re.I) \
                and not KNOWN_HEADINGS.match(c.title) and (c.runin or c.p < 0.75) \
                and (c.runin or c.skey not in self.head_styles):
            return False  # inside the bibliography a bold line is rarely a section
        if not self.in_refs and not c.runin:
            self.head_styles.add(c.skey)
        self.in_refs = False
        self.open_section(c, r)
        if c.runin and c.rest:
            self.para = [c.rest]
            self.para_last = self.rows[c.rows[-1]]
        return True

    def run(self) -> None:
        rows = self.rows
        for i, r in enumerate(rows):
            if i in self.skip or r.kind in ("title", "heading+"):
                continue
            if r.kind == "caption-":
                if self.caption_rows:
                    self.flush_caption()
                self.pre_caption.append(r)
                continue
            if r.kind == "caption":
                pre, self.pre_caption = self.pre_caption, []
                self.flush_caption()
                self.caption_rows, self.pre_caption = [r], pre
                continue
            if r.kind == "caption+":
                self.caption_rows.append(r)
                continue
            self.flush_caption()
            if i in self.heads:
                if self.heading(i, r):
                    continue
                if self.in_refs:
                    self.ref_rows.append(r)
                    continue
            if self.in_refs:
                if r.kind in ("text", "small", "equation", "heading"):
                    self.ref_rows.append(r)
                continue
            if r.kind == "equation":
                self.eq_rows.append(r)
                continue
            if r.kind not in ("text", "heading"):
                continue
            if self.eq_rows:
                self.flush_eq(i)
                if self.para and sent_end(self.para[-1]):
                    self.flush_para()
            if i < self.first_body and self.cur is None:
                continue  # front matter (authors, affiliations) outside any section
            if self.cur is None:
                self.cur = {"heading": None, "number": None, "level": 1, "paragraphs": [], "page": r.page + 1,
                            "runin": False}
                self.sections.append(self.cur)
            if self.para and self.para_last is not None and _new_paragraph(self.para_last, r, self.extents):
                self.flush_para()
            self.para.append(r.text)
            self.para_last = r
        self.flush_caption()
        self.flush_eq(len(rows))
        self.flush_para()


def _title_again(rows: list[Row], heads: dict, title: str | None, fpage: int) -> None:
    """The body's first heading, past the front page, when it repeats the paper's title (an APA
    manuscript's title over its introduction, which has no heading of its own), opens a section
    without a heading: its text is the body's, its words no section's name. (A later section may
    be named as the paper is: "Value-Suppressing Uncertainty Palettes", the method of a paper
    of that title.)"""
    words = _WORDS.findall((title or "").lower())
    if len(words) < 3:
        return
    for i in sorted(heads):
        c = heads[i]
        if rows[i].page > fpage and not c.runin and c.number is None and _WORDS.findall(c.title.lower()) == words:
            c.title = ""
        if section_type(c.title) not in ("abstract", "front_matter"):
            return   # (past the body's first heading)


_WORDS = re.compile(r"\w+")


def _fill_equation_context(equations: list[dict], rows: list[Row]) -> None:
    for eq in equations:
        k = eq.pop("_after_index")
        parts: list[str] = []
        n = 0
        while k < len(rows) and n < 400:
            r = rows[k]
            if r.kind == "heading":
                break
            if r.kind == "text":
                parts.append(r.text)
                n += len(r.text)
            elif r.kind == "equation" and parts:
                break
            k += 1
        eq["context_after"] = join_lines(parts)[:400]


def finish_sections(sections: list[dict]) -> list[dict]:
    for s in sections:
        s.pop("runin", None)
        s["text"] = "\n\n".join(p for p in s["paragraphs"])
    sections = [s for s in sections if s["heading"] or s["text"].strip()]
    type_sections(sections)
    return sections


# ---------------------------------------------------------------------------------------------

def prepare(rows: list[Row], body: float, page_height: float = 792.0):
    """Steps 1–3: (column extents, front page, title rows, document statistics); rows get
    their kind, neighbour counts and indices."""
    extents = column_extents(rows)
    mark_neighbours(rows)
    fpage = frontmatter.front_page(rows, body, page_height)
    t_rows = frontmatter.title_rows(rows, body, fpage, page_height)
    sub_rows = frontmatter.subtitle_rows(rows, t_rows, body)
    classify_rows(rows, body, extents, t_rows + sub_rows)
    st = headings.doc_stats(rows, body, page_height)
    st.subtitle_rows = sub_rows
    st.first_heading_page = fpage
    st.abstract_row = frontmatter.abstract_label_row(rows, fpage)
    return extents, fpage, t_rows, st


def build(rows: list[Row], body: float, n_pages: int, references: bool = True,
          sections_only: bool = False, page_height: float = 792.0) -> dict:
    """The structured parts of a paper record from rows in reading order."""
    extents, fpage, t_rows, st = prepare(rows, body, page_height)
    heads, scored = detect_headings(rows, st)
    top = t_rows + st.subtitle_rows   # (the authors are under the subtitle)
    for i in frontmatter.author_line_heads(rows, heads, top):
        del heads[i]
        rows[i].kind = "text"

    abstract, abstract_idx = frontmatter.abstract(rows, heads, body, fpage, st.body_family, scored,
                                                  st.body_gap)
    if abstract_idx:
        last = max(abstract_idx)
        for i in [i for i in heads if i <= last or i in abstract_idx]:
            del heads[i]
            rows[i].kind = "text"
        # the abstract's rest atop the next column, then atop the next page
        for tail in (lambda: frontmatter.column_tail(rows, abstract_idx, heads),
                     lambda: frontmatter.page_tail(rows, abstract_idx, heads, body, st.body_family)):
            more, more_idx = tail()
            if more_idx:
                abstract = " ".join(join_lines([abstract, more]).split())
                abstract_idx = abstract_idx | more_idx
                for i in more_idx & heads.keys():   # a structured abstract's labels on that page
                    del heads[i]
                    rows[i].kind = "text"
    first_head = min(heads) if heads else len(rows)
    first_body = first_head
    if abstract_idx:
        first_body = min(first_head, max(abstract_idx) + 1)
    else:   # a letter without an abstract: its opening paragraphs before the first heading are body text
        start = frontmatter.body_start(rows, heads, body, fpage, st.body_family, st.body_gap)
        if start is not None:
            first_body = min(first_head, start)
    end = min(abstract_idx) if abstract_idx else first_body
    authors = frontmatter.authors(rows, top, end)

    title = frontmatter.title_text(t_rows, rows, st)
    subtitle = frontmatter.title_text(st.subtitle_rows, rows, st)
    _title_again(rows, heads, title, fpage)
    w = _Walker(rows, heads, abstract_idx, first_body, extents)
    w.run()
    _fill_equation_context(w.equations, rows)
    sections = frontmatter.label_sections(frontmatter.front_matter_sections(finish_sections(w.sections)))

    out = {"title": title, "subtitle": subtitle, "authors": authors, "abstract": abstract,
           "sections": sections, "figures": w.figures, "equations": w.equations}
    out["references"] = split_references([(r.text, r.x0, r.page, r.first_in_block) for r in w.ref_rows]) \
        if references else []
    return out
