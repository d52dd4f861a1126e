"""Ordered rows → title, authors, abstract, sections with paragraphs, captions, equations, references.

Every decision uses font statistics of the document itself (body size, bold fraction, math fonts,
position in the column), never a per-publisher rule.
"""

from __future__ import annotations

import re

from scholartools.parsing.pdf.extract import Row
from scholartools.parsing.references import split_references
from scholartools.text.sections import NUMBER_RE, section_type, strip_number, type_sections

KNOWN_HEADINGS = re.compile(
    r"^(abstract|introduction|related work|background|conclusions?|concluding remarks|discussion|"
    r"references|bibliography|literature cited|acknowledge?ments?|limitations?|ethics statement|"
    r"ethical considerations?|broader impacts?|appendix|appendices|methods?|materials and methods|"
    r"results|results and discussion|experiments?|evaluation|future work|conclusions? and future work|"
    r"supplementary (material|information)|data availability|author contributions|"
    r"competing interests|funding|keywords)\.?$", re.I)
_TOC_ENTRY = re.compile(r"(?:\s|\.)\d{1,3}$")
REFERENCE_HEADINGS = re.compile(r"^(references?|bibliography|literature cited|works cited|cited literature)\s*$", re.I)
CAPTION = re.compile(r"^(?P<kind>fig(?:ure)?s?|table|tab|scheme|algorithm|listing|chart|plate)\.?\s*"
                     r"(?P<label>[A-Z]?\d+(?:\.\d+)?[a-z]?|[IVX]+)\s*(?P<sep>[.:|—–-]|\s)", re.I)
ABSTRACT_START = re.compile(r"^\W*(abstract|summary)\b\s*[.:—–-]?\s*", re.I)
STOP_FRONT = re.compile(r"^(keywords?|key ?words|index terms|pacs|ccs concepts|acm reference format|"
                        r"general terms|categories and subject descriptors|jel)\b", re.I)
EQ_LABEL = re.compile(r"\(\s*([A-Z]?\d+(?:\.\d+)?[a-z]?)\s*\)\s*$")
MATH_CHARS = re.compile(r"[=+−\-×·∑∏∫∂∇≤≥≈≠∈∉⊂⊆∪∩→←↔⇒⇔∞√αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ^_|‖⟨⟩()\[\]{}]")
_LETTER = re.compile(r"[^\W\d_]")
_WORD4 = re.compile(r"[A-Za-z]{4,}")
SENT_END = re.compile(r"[.!?:]['\")\]]*$")
NOISE_HEADING = re.compile(r"^(table|figure|fig\.|algorithm|proof|lemma|theorem|definition|corollary|"
                           r"proposition|remark|example|step|input|output|note|where|and|or|with)\b", re.I)


def _norm_ws(s: str) -> str:
    return " ".join(s.split())


def join_lines(lines: list[str]) -> str:
    """Join text lines, undoing end-of-line hyphenation before a lower-case continuation."""
    out = ""
    for t in lines:
        t = t.strip()
        if not t:
            continue
        if not out:
            out = t
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and t[:1].islower():
            out = out[:-1] + t
        elif out.endswith("\u00ad"):
            out = out[:-1] + t
        else:
            out = out + " " + t
    return out


class Doc:
    def __init__(self, rows: list[Row], body: float):
        self.rows = rows
        self.body = body


def _is_math_row(r: Row, col_left: float, col_right: float) -> bool:
    t = r.text
    if len(t) < 2:
        return False
    centred = r.x0 - col_left > 1.5 * r.size and col_right - r.x1 > 1.0 * r.size
    if not centred and r.math < 0.25 and not t.endswith(")"):
        return False
    mathish = len(MATH_CHARS.findall(t))
    letters = len(_LETTER.findall(t))
    words = _WORD4.findall(t)
    centred = r.x0 - col_left > 1.5 * r.size and col_right - r.x1 > 1.0 * r.size
    if r.math >= 0.25 and (centred or EQ_LABEL.search(t)) and len(words) <= 6:
        return True
    if EQ_LABEL.search(t) and ("=" in t or r.math > 0.1) and centred and len(words) <= 6:
        return True
    if centred and "=" in t and mathish >= 2 and letters < 0.6 * len(t) and len(words) <= 3:
        return True
    return False


def heading_candidate(r: Row, body: float) -> tuple[str | None, str] | None:
    """(number, text) when the row looks like a section heading by itself, else None."""
    t = _norm_ws(r.text)
    if len(t) < 2 or len(t) > 110:
        return None
    number, rest = strip_number(t)
    words = rest.split()
    if not words or len(words) > 14:
        return None
    if not re.match(r"[^\W\d_]", rest):
        return None
    if rest.endswith((",", ";")) or (rest.endswith(".") and not number and not KNOWN_HEADINGS.match(rest)):
        return None
    if re.search(r"\d{5,}|@|https?:|www\.|\.\s*\.\s*\.", rest):
        return None
    if CAPTION.match(t) or NOISE_HEADING.match(rest):
        return None
    if number:
        parts = re.split(r"\.", number)
        if parts[0].isdigit() and int(parts[0]) > 30:
            return None
        if len(parts) > 4:
            return None
    styled = r.bold >= 0.7 or r.size >= body + 0.9 or r.caps_font
    caps = rest.isupper() and sum(ch.isalpha() for ch in rest) >= 4 and r.maxsize >= body - 0.6
    known = bool(KNOWN_HEADINGS.match(rest.strip(" :.")))
    if not rest[0].isupper() and not r.caps_font:
        return None
    if number and (styled or caps):
        return number, rest
    if known and (styled or caps or r.size >= body - 0.2):
        return number, rest
    if styled and (r.size >= body - 0.2) and len(words) <= 10 and not number:
        return None, rest  # unnumbered styled heading; confirmed later against its neighbours
    if caps and not number and len(words) <= 8:
        return None, rest
    return None


def build(rows: list[Row], body: float, n_pages: int, references: bool = True,
          sections_only: bool = False) -> dict:
    """The structured parts of a paper record from rows in reading order."""
    # ---- column extents per page and side, for centring tests and paragraph breaks
    extents: dict[tuple[int, int], list[float]] = {}
    for r in rows:
        e = extents.setdefault((r.page, r.col), [r.x0, r.x1])
        e[0] = min(e[0], r.x0)
        e[1] = max(e[1], r.x1)

    def col_of(r: Row):
        return extents[(r.page, r.col)]

    # ---- title: the largest text in the upper part of page 1
    title_rows = _title_rows(rows, body)
    title = _norm_ws(" ".join(r.text for r in title_rows)) if title_rows else None
    title_set = set(id(r) for r in title_rows)

    # ---- classify rows
    for i, r in enumerate(rows):
        if id(r) in title_set:
            r.kind = "title"
            continue
        cl, cr = col_of(r)
        if r.first_in_block and CAPTION.match(r.text) and _caption_like(r, body):
            r.kind = "caption"
        elif _is_math_row(r, cl, cr):
            r.kind = "equation"
        elif r.size < body - 1.2 and not ABSTRACT_START.match(r.text):
            r.kind = "small"
        else:
            r.kind = "text"
    # caption continuation rows: same block, same style, until the block ends
    for i, r in enumerate(rows):
        if r.kind == "caption" and i + 1 < len(rows):
            j = i + 1
            while j < len(rows) and rows[j].block == r.block and rows[j].page == r.page \
                    and not rows[j].first_in_block and rows[j].kind in ("text", "small", "equation"):
                rows[j].kind = "caption+"
                j += 1

    # ---- headings
    heads: dict[int, tuple[str | None, str, int]] = {}
    for i, r in enumerate(rows):
        if r.kind != "text":
            continue
        cand = heading_candidate(r, body)
        if cand is None:
            continue
        number, text = cand
        prev = rows[i - 1] if i else None
        nxt = rows[i + 1] if i + 1 < len(rows) else None
        # a heading stands alone: the next row is not a continuation in the same style
        if nxt is not None and nxt.kind == "text" and nxt.block == r.block and abs(nxt.size - r.size) < 0.3 \
                and abs(nxt.bold - r.bold) < 0.3 and not heading_candidate(nxt, body) \
                and nxt.y0 - r.y1 < 0.5 * r.size and nxt.x0 <= r.x0 + 2:
            # two-line heading: the next row continues it only when short and unpunctuated
            if len(nxt.text.split()) <= 8 and not nxt.text.rstrip().endswith(".") and (number or r.bold > 0.7) \
                    and len(r.text.split()) + len(nxt.text.split()) <= 16 and r.bold > 0.7:
                text = text + " " + nxt.text.strip()
                nxt.kind = "heading+"
            else:
                continue
        if prev is not None and prev.kind == "text" and prev.block == r.block and abs(prev.size - r.size) < 0.3 \
                and abs(prev.bold - r.bold) < 0.3 and not prev.text.rstrip().endswith((".", ":")) \
                and r.y0 - prev.y1 < 0.4 * r.size and not number:
            continue
        heads[i] = (number, text, 0)
        r.kind = "heading"

    # table-of-contents entries end with a page number: drop them where a page holds several
    toc_pages: dict[int, int] = {}
    for i, (number, text, _) in heads.items():
        if _TOC_ENTRY.search(text):
            toc_pages[rows[i].page] = toc_pages.get(rows[i].page, 0) + 1
    for i, (number, text, _) in list(heads.items()):
        r = rows[i]
        if toc_pages.get(r.page, 0) >= 3 and (_TOC_ENTRY.search(text) or re.match(r"^(table of )?contents$", text, re.I)):
            del heads[i]
            r.kind = "drop"
    # in a document that numbers its headings, an unnumbered one must be a known name
    # (Acknowledgments, References, Limitations …); bold table headers and labels are not headings
    n_numbered = sum(1 for h in heads.values() if h[0])
    for i, (number, text, _) in list(heads.items()):
        if number:
            continue
        r = rows[i]
        known = bool(KNOWN_HEADINGS.match(text.strip(" :.")))
        if known:
            continue
        if n_numbered >= 3:
            del heads[i]
            r.kind = "text"
            continue
        if n_numbered < 2 and r.size < body + 0.9 and r.bold < 0.7 and not r.caps_font:
            del heads[i]
            r.kind = "text"
    # numbered headings must keep a plausible sequence: drop numbers that jump backwards a lot
    _filter_numbering(heads, rows)

    # ---- front matter: abstract and authors
    first_head = min(heads) if heads else len(rows)
    abstract, abstract_idx = _abstract(rows, heads, first_head, body)
    if abstract_idx:
        last = max(abstract_idx)
        for i in [i for i in heads if i < last]:
            del heads[i]
            rows[i].kind = "text"
        first_head = min(heads) if heads else len(rows)
    authors = _authors(rows, title_rows, first_head, abstract_idx)

    # ---- walk: sections, paragraphs, equations, captions, references
    sections: list[dict] = []
    figures: list[dict] = []
    equations: list[dict] = []
    ref_rows: list[Row] = []
    cur: dict | None = None
    para: list[Row] = []
    in_refs = False
    eq_rows: list[Row] = []
    skip = abstract_idx

    def flush_para():
        nonlocal para
        if para and cur is not None:
            cur["paragraphs"].append(join_lines([p.text for p in para]))
        para = []

    def flush_eq(next_i: int):
        nonlocal eq_rows
        if not eq_rows:
            return
        text = " ".join(r.text for r in eq_rows)
        m = EQ_LABEL.search(text)
        label = m.group(1) if m else None
        if m:
            text = text[:m.start()].rstrip()
        before = ""
        if para:
            before = join_lines([p.text for p in para])
        elif cur is not None and cur["paragraphs"]:
            before = cur["paragraphs"][-1]
        equations.append({"text": text, "label": label, "context_before": before[-400:],
                          "context_after": "", "section": cur["heading"] if cur else None,
                          "page": eq_rows[0].page + 1, "_after_index": next_i})
        eq_rows = []

    caption_rows: list[Row] = []

    def flush_caption():
        nonlocal caption_rows
        if caption_rows:
            text = join_lines([r.text for r in caption_rows])
            m = CAPTION.match(text)
            kind = m.group("kind").lower()
            kind = "table" if kind.startswith("tab") else ("figure" if kind.startswith("fig") else kind)
            figures.append({"kind": kind, "label": m.group("label"), "caption": text,
                            "page": caption_rows[0].page + 1})
        caption_rows = []

    for i, r in enumerate(rows):
        if skip and i in skip:
            continue
        if r.kind in ("title", "heading+"):
            continue
        if r.kind == "caption":
            flush_caption()
            caption_rows = [r]
            continue
        if r.kind == "caption+":
            caption_rows.append(r)
            continue
        flush_caption()
        if i in heads:
            flush_eq(i)
            flush_para()
            number, text, _ = heads[i]
            if REFERENCE_HEADINGS.match(text.strip(" :.")):
                in_refs = True
                cur = None
                continue
            if in_refs and not (number and re.match(r"^[A-Z]", number)) and not re.match(
                    r"^(appendix|appendices|supplementary)", text, re.I) and not KNOWN_HEADINGS.match(text):
                # inside the bibliography a bold line is rarely a section
                if number is None:
                    ref_rows.append(r)
                    continue
            in_refs = False
            cur = {"heading": text, "number": number, "level": number.count(".") + 1 if number else None,
                   "paragraphs": [], "page": r.page + 1, "_style": (r.size, r.bold >= 0.7)}
            sections.append(cur)
            continue
        if in_refs:
            if r.kind in ("text", "small", "equation"):
                ref_rows.append(r)
            continue
        if r.kind == "equation":
            eq_rows.append(r)
            continue
        if r.kind != "text":
            continue
        if eq_rows:
            flush_eq(i)
            if para and SENT_END.search(para[-1].text):
                flush_para()
        if i < first_head and cur is None:
            continue  # front matter (authors, affiliations) outside any section
        if cur is None:
            cur = {"heading": None, "number": None, "level": 1, "paragraphs": [], "page": r.page + 1,
                   "_style": None}
            sections.append(cur)
        if para and _new_paragraph(para[-1], r, col_of):
            flush_para()
        para.append(r)
    flush_caption()
    flush_eq(len(rows))
    flush_para()

    # context after each equation: the text that follows it in reading order
    _fill_equation_context(equations, rows)

    # levels of unnumbered headings: the level of numbered headings in the same style, else 1
    style_level: dict = {}
    for s in sections:
        if s["number"] and s["_style"] and s["_style"] not in style_level:
            style_level[s["_style"]] = s["level"]
    for s in sections:
        if s["level"] is None:
            s["level"] = style_level.get(s["_style"], 1)
        s.pop("_style", None)
        s["text"] = "\n\n".join(p for p in s["paragraphs"])
    sections = [s for s in sections if s["heading"] or s["text"].strip()]
    type_sections(sections)

    out = {"title": title, "authors": authors, "abstract": abstract, "sections": sections,
           "figures": figures, "equations": equations}
    out["references"] = split_references([(r.text, r.x0, r.page, r.first_in_block) for r in ref_rows]) \
        if references else []
    return out


def _caption_like(r: Row, body: float) -> bool:
    m = CAPTION.match(r.text)
    if not m:
        return False
    if m.group("sep") in (".", ":", "|", "—", "–", "-"):
        return True
    return r.bold_prefix.strip() != "" or r.size < body - 0.4


def _new_paragraph(prev: Row, r: Row, col_of) -> bool:
    if r.page != prev.page or r.col != prev.col:
        # a column or page break continues the paragraph unless the previous row ended a sentence short
        cl, cr = col_of(prev)
        return bool(SENT_END.search(prev.text)) and prev.x1 < cr - 3 * prev.size
    gap = r.y0 - prev.y1
    if gap > 0.9 * max(prev.size, r.size):
        return True
    if abs(r.size - prev.size) > 1.2:
        return True
    cl, cr = col_of(r)
    ended = bool(SENT_END.search(prev.text))
    if ended and prev.x1 < cr - 2.5 * prev.size:
        return True
    if ended and r.x0 > prev.x0 + 0.6 * r.size and r.x0 - cl > 0.6 * r.size and r.x0 - cl < 4 * r.size:
        return True
    return False


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


def _filter_numbering(heads: dict, rows: list[Row]) -> None:
    """Drop numbered 'headings' whose top-level number breaks the document's sequence
    (list items and numbered statements in bold look like headings)."""
    last_top = 0
    for i in sorted(heads):
        number, text, _ = heads[i]
        if not number:
            continue
        top = number.split(".")[0]
        if not top.isdigit():
            continue
        v = int(top)
        if v < last_top or v > last_top + 2:
            if "." not in number and v != last_top + 1:
                del heads[i]
                rows[i].kind = "text"
                continue
            if "." in number and v != last_top:
                del heads[i]
                rows[i].kind = "text"
                continue
        if "." not in number:
            last_top = v


_FRONT_NOISE = re.compile(r"arxiv|proceedings|journal|vol\.|volume|conference|preprint|doi|issn|copyright|"
                          r"©|licen[cs]e|published|accepted|received|submitted|workshop|http|www\.|"
                          r"university|department|page \d", re.I)


_HARD_NOISE = re.compile(r"arxiv|http|www\.|©|doi|@", re.I)


def _title_rows(rows: list[Row], body: float) -> list[Row]:
    first = [r for r in rows if r.page == 0]
    if not first:
        return []
    h = max(r.y1 for r in first)
    cands = [r for r in first if r.y0 < 0.55 * h and sum(ch.isalpha() for ch in r.text) >= 3
             and not _FRONT_NOISE.search(r.text) and r.size >= body and not strip_number(r.text)[0]
             and not ABSTRACT_START.match(r.text) and not KNOWN_HEADINGS.match(r.text.strip())]
    if not cands:
        return []
    best = max(r.size for r in cands)
    if best < body + 1.0:
        # no larger font: fall back to the first bold row at the top
        bold = [r for r in cands if r.bold >= 0.7 and len(r.text.split()) >= 3]
        if not bold:
            return []
        start = bold[0]
        best = start.size
    else:
        start = next(r for r in rows if r.page == 0 and r in cands and abs(r.size - best) < 0.3
                     and sum(ch.isalpha() for ch in r.text) >= 6) if any(
            abs(r.size - best) < 0.3 and sum(ch.isalpha() for ch in r.text) >= 6 for r in cands) else None
        if start is None:
            return []
    idx = rows.index(start)
    out = [start]
    j = idx + 1
    while j < len(rows) and rows[j].page == 0 and abs(rows[j].size - start.size) < 0.6 and \
            rows[j].y0 - out[-1].y1 < 1.2 * start.size and len(out) < 5 and not _HARD_NOISE.search(rows[j].text):
        out.append(rows[j])
        j += 1
    # rows of the same title can come before the chosen one in block order
    j = idx - 1
    while j >= 0 and rows[j].page == 0 and abs(rows[j].size - start.size) < 0.6 and \
            out[0].y0 - rows[j].y1 < 1.2 * start.size and out[0].y0 > rows[j].y0 and len(out) < 5:
        out.insert(0, rows[j])
        j -= 1
    return out


def _abstract(rows: list[Row], heads: dict, first_head: int, body: float):
    """(abstract text, set of row indices used) from an 'Abstract' marker or the first long paragraph."""
    limit = min(len(rows), max(first_head, 1) + 200)
    for i in range(min(len(rows), limit)):
        r = rows[i]
        if r.page > 1:
            break
        m = ABSTRACT_START.match(r.text)
        if not m or r.kind in ("title",):
            continue
        rest = r.text[m.end():].strip()
        if not rest and i not in heads and r.bold < 0.5 and r.size < body + 0.9 and not r.text.isupper() \
                and len(r.text) > 12:
            continue
        if rest and not (r.bold_prefix or r.text[:8].isupper() or r.text[m.end() - 1] in ".:—–-"):
            continue  # "Abstract" as an ordinary word starting a sentence
        used = {i}
        if i in heads:
            del heads[i]
        parts = [rest] if rest else []
        first_size = None
        first_x = None
        j = i + 1
        while j < len(rows):
            q = rows[j]
            if j in heads or STOP_FRONT.match(q.text) or q.kind in ("caption", "title"):
                break
            if q.kind == "equation":
                j += 1
                continue
            if q.kind not in ("text", "small", "caption+"):
                j += 1
                continue
            if first_size is None:
                first_size, first_x = q.size, q.x0
            elif abs(q.size - first_size) > 0.8 and len(" ".join(parts).split()) > 30:
                break
            if q.page > r.page + 1:
                break
            parts.append(q.text)
            used.add(j)
            j += 1
            if len(" ".join(parts).split()) > 600:
                break
        return _norm_ws(join_lines(parts)), used
    # no marker: the first long paragraph on page 1 before the first heading
    j = 0
    while j < min(first_head, len(rows)):
        r = rows[j]
        if r.page > 0:
            break
        if r.kind != "text" or (r.bold > 0.5):
            j += 1
            continue
        k = j
        block_rows = []
        while k < len(rows) and rows[k].block == r.block and rows[k].page == r.page and rows[k].kind == "text":
            block_rows.append(k)
            k += 1
        text = join_lines([rows[x].text for x in block_rows])
        if len(text.split()) >= 50:
            return _norm_ws(text), set(block_rows)
        j = k if k > j else j + 1
    return None, set()


_NAME = re.compile(r"^[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}\s+[A-Z][\w'’-]+$", re.U)


def _authors(rows: list[Row], title_rows: list[Row], first_head: int, abstract_idx: set) -> list[dict]:
    """Best-effort author names: name-shaped pieces of the rows between title and abstract."""
    if not title_rows:
        return []
    start = rows.index(title_rows[-1]) + 1
    end = min([first_head] + [i for i in abstract_idx]) if abstract_idx else first_head
    out: list[dict] = []
    seen = set()
    for r in rows[start:min(end, start + 25)]:
        if r.page > 0 or _FRONT_NOISE.search(r.text) or "@" in r.text:
            continue
        if ABSTRACT_START.match(r.text):
            break
        text = re.sub(r"[\d∗*†‡§¶♠♣♥♦⋆,]+(?=\s|$|,)", ",", r.text)
        for piece in re.split(r",|\band\b|;|\s{2,}|·", text):
            name = piece.strip(" *∗†‡§¶0123456789")
            if _NAME.match(name) and 2 <= len(name.split()) <= 5 and name not in seen:
                seen.add(name)
                out.append({"name": name})
    return out[:40]
