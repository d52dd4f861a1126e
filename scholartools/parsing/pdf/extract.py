"""Page text → rows with font statistics, graphics regions, plus hidden-text findings.

One ``page.get_text("dict")`` call per page (no images, no clipping to the media box, so text
placed off the page is seen and can be reported; vector graphics collected in the same pass).
Lines that MuPDF splits at wide justified gaps are merged back into visual rows within their
block. Each :class:`Row` keeps what the structure pass needs: text, bbox, dominant size,
bold/italic/math-font fractions (from flags *and* font names), the styled lead of the row (for
run-in headings), underlining, whether it lies in a figure, page, block.

Coordinates are MuPDF's, i.e. those of the *unrotated* page; :func:`page_size` gives the page
size in the same system, so a rotated page is not mistaken for text placed off the page.
"""

from __future__ import annotations

from scholartools import recache as re

BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|medi(?!um)|[-,]b$|\.b$|-bd|cmbx|cmb\d|cmssbx|"
                       r"[-_]sb$|-hv$|[-_]h$|-hi$", re.I)
ITALIC_NAME = re.compile(r"italic|oblique|ital|cmti|cmsl|-it$|-i$|\.i$|-mi$|-hi$|[a-z]it$|ti$", re.I)
MATH_NAME = re.compile(r"cmmi|cmsy|cmex|msam|msbm|math|symbol|stix(math|size|var|int|non|general)|cambria ?math|rsfs|esint|lmmath"
                       r"|txsy|txex|pxsy|euler|eufm|eusm|mtsy|mtex|ntxmi|ntxsy|mnsymbol|wasy", re.I)
SMALLCAPS_NAME = re.compile(r"cmcsc|smallcaps|[-+]sc$|caps", re.I)
_SUBSET = re.compile(r"^[A-Z]{6}\+")
_STYLE_WORDS = ("semibold", "demibold", "condensed", "regular", "oblique", "italic", "medium", "black", "heavy",
                "light", "roman", "semicn", "bold", "book", "demi", "medi", "ital", "psmt", "std", "pro", "mt", "ps",
                "lt", "cn", "bd", "it")


def _family(name: str) -> str:
    """A font's family: the name before its first hyphen, without style words at its end."""
    base = name.split("-")[0].split(",")[0] if ("-" in name or "," in name) else name
    low = base.lower()
    changed = True
    while changed and len(low) > 3:
        changed = False
        for w in _STYLE_WORDS:
            if low.endswith(w) and len(low) > len(w) + 2:
                low = low[: -len(w)]
                changed = True
                break
    return low[:24]


_SPACING_ACCENT = {"ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "´": "\u0301", "`": "\u0300",
                   "¸": "\u0327", "˚": "\u030a", "ˇ": "\u030c", "˘": "\u0306", "¯": "\u0304", "˙": "\u0307"}
_ACCENT_RE = re.compile("([ˆ˜¨´`¸˚ˇ˘¯˙])\\s?([A-Za-zıȷ])|([A-Za-zıȷ])([ˆ˜¨´¸˚ˇ˘¯˙])(?=[a-z])")
# every match of _ACCENT_RE holds one of these: a single character class is searched by a fast scan,
# where _ACCENT_RE's second branch is tried at every letter (once per row: 10x cheaper on rows without)
_ACCENT_CHAR = re.compile("[ˆ˜¨´`¸˚ˇ˘¯˙]")


def fix_accents(text: str) -> str:
    """Recombine TeX-style spacing accents with their letter ("Lemaˆıtre" → "Lemaître")."""
    if not _ACCENT_CHAR.search(text) or not _ACCENT_RE.search(text):
        return text
    import unicodedata

    def sub(m):
        if m.group(1):
            acc, base = m.group(1), m.group(2)
        else:
            base, acc = m.group(3), m.group(4)
        base = {"ı": "i", "ȷ": "j"}.get(base, base)
        return unicodedata.normalize("NFC", base + _SPACING_ACCENT[acc])
    return _ACCENT_RE.sub(sub, text)


class Row:
    """One visual text row (a line, possibly merged from same-baseline MuPDF lines)."""

    __slots__ = ("text", "x0", "y0", "x1", "y1", "size", "bold", "italic", "math", "caps_font",
                 "page", "block", "font", "family", "nchars", "maxsize", "bold_prefix", "lead", "lead_style",
                 "drop", "kind", "first_in_block", "col", "underline", "fig", "neighbours", "index", "upper",
                 "lead_size", "gap")

    def __init__(self, page: int, block: int):
        self.page = page
        self.block = block
        self.drop = False
        self.kind = None
        self.first_in_block = False
        self.col = 0
        self.bold_prefix = ""
        self.lead = ""
        self.lead_style = ""
        self.lead_size = 0.0
        self.underline = False
        self.fig = False
        self.neighbours = 0
        self.index = 0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def __repr__(self) -> str:  # debugging aid
        return f"Row(p{self.page} b{self.block} {self.x0:.0f},{self.y0:.0f} sz{self.size:.1f} " \
               f"bold{self.bold:.1f} {self.text[:60]!r})"


_FONT_CACHE: dict[str, tuple] = {}


def font_traits(font: str) -> tuple[bool, bool, bool, bool, str]:
    """(bold, italic, math, small caps, family) judged from a font name, cached per name."""
    t = _FONT_CACHE.get(font)
    if t is None:
        name = _SUBSET.sub("", font)
        t = (bool(BOLD_NAME.search(name)), bool(ITALIC_NAME.search(name)), bool(MATH_NAME.search(name)),
             bool(SMALLCAPS_NAME.search(name)), _family(name))
        _FONT_CACHE[font] = t
    return t


def _span_style(s: dict) -> tuple[bool, bool, str]:
    fb, fi, _fm, _fc, family = font_traits(s["font"])
    flags = s["flags"]
    return fb or bool(flags & 16), fi or bool(flags & 2), family


def _row_from_spans(spans: list[dict], page: int, block: int) -> Row | None:
    # the hot loop of the extraction (once per span of the document): comparisons instead of
    # min()/max() calls and local names, with the same results as the plain form
    parts: list[str] = []
    append = parts.append
    n = nb = ni = nm = ncaps = 0
    size_chars: dict[float, int] = {}
    font_chars: dict[str, int] = {}
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    prev_x1 = None
    widest = 0.0
    styles: list[tuple[str, tuple]] = []   # (text, (bold, italic, family, size)) per non-blank span
    cache = _FONT_CACHE
    # page_rows passes only spans with text that is not all white space: every span counts
    for s in spans:
        t = s["text"]
        bx0, by0, bx1, by1 = s["bbox"]
        ssize = s["size"]
        if prev_x1 is not None:
            g = (bx0 - prev_x1) / (1.0 if 1.0 > ssize else ssize)
            if g > widest:
                widest = g
            if g > 0.15 and parts[-1][-1] != " " and t[0] != " ":
                append(" ")
        append(t)
        prev_x1 = bx1
        k = len(t.strip())
        font = s["font"]
        traits = cache.get(font) or font_traits(font)
        fb, fi, fm, fc, family = traits
        flags = s["flags"]
        bold = fb or (flags & 16) != 0   # a bool either way, without bool()'s call
        italic = fi or (flags & 2) != 0
        n += k
        size = round(ssize * 2) / 2
        size_chars[size] = size_chars.get(size, 0) + k
        font_chars[font] = font_chars.get(font, 0) + k
        if bold:
            nb += k
        if italic:
            ni += k
        if fm:
            nm += k
        if fc:
            ncaps += k
        styles.append((len(parts), (bold, italic, family, size, fm)))
        if bx0 < x0:
            x0 = bx0
        if by0 < y0:
            y0 = by0
        if bx1 > x1:
            x1 = bx1
        if by1 > y1:
            y1 = by1
    if not n:
        return None
    r = Row(page, block)
    r.text = fix_accents("".join(parts).strip())
    r.x0, r.y0, r.x1, r.y1 = x0, y0, x1, y1
    if len(size_chars) == 1:   # most rows: one size and one font (max would return the one key)
        r.size = r.maxsize = next(iter(size_chars))
    else:
        r.size = max(size_chars, key=size_chars.get)   # the first of the most frequent, as max over items
        r.maxsize = max(size_chars)
    r.font = next(iter(font_chars)) if len(font_chars) == 1 else max(font_chars, key=font_chars.get)
    r.family = cache[r.font][4]
    r.nchars = n
    r.bold = nb / n
    r.italic = ni / n
    r.math = nm / n
    r.caps_font = ncaps / n > 0.5
    r.upper = r.caps_font or (n >= 3 and r.text.isupper())
    r.gap = widest
    _set_lead(r, styles, parts)
    return r


_RUNIN_NUMBER = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.|[A-H]\.)\s*$")


def _set_lead(r: Row, styles: list, parts: list[str]) -> None:
    """The row's styled lead: leading spans in a style (bold, italic or another font) that the
    rest of the row does not share ("**Training.** We train …"); ``bold_prefix`` keeps the bold part.
    ``styles`` holds, per non-blank span, where it ends in ``parts`` and its style."""
    if not styles:
        return
    # a section number set in the body's upright type before a bold or italic run-in title
    # ("1.1. **Why this matters.** Before we …"): the lead starts after it and keeps it
    j = 0
    if len(styles) > 1 and not styles[0][1][0] and not styles[0][1][1] and (styles[1][1][0] or styles[1][1][1]) \
            and _RUNIN_NUMBER.match("".join(parts[:styles[0][0]])):
        j = 1
    first = styles[j][1]
    f0, f1, f2 = first[0], first[1], first[2]
    i = j
    for _end, st in styles[j:]:   # the spans in the first span's bold, italic and family, no math
        if st[0] != f0 or st[1] != f1 or st[2] != f2 or st[4]:
            break
        i += 1
    if i == len(styles):   # one style throughout (most rows): no lead
        if first[0]:
            r.bold_prefix = r.text
        return
    lead = " ".join("".join(parts[:styles[i - 1][0]]).split()) if i else ""
    if first[0]:
        r.bold_prefix = lead
    if not lead:
        return
    rest = styles[i][1]
    if rest[4]:
        return  # a math span follows: an inline formula, not a heading
    if first[0] and not rest[0]:
        kind = "b"
    elif first[1] and not rest[1] and not rest[0]:
        kind = "i"
    elif first[2] != rest[2] and not first[1]:
        kind = "f"
    else:
        return
    r.lead = fix_accents(lead)
    r.lead_style = kind
    r.lead_size = first[3]


def page_size(page) -> tuple[float, float]:
    """Width and height of ``page`` in the coordinates of its text (the unrotated page)."""
    rect = page.rect
    if page.rotation % 180:
        return rect.height, rect.width
    return rect.width, rect.height


_CELL = 12.0


def _graphics(blocks: list[dict], pw: float, ph: float) -> tuple[set, list, list]:
    """(figure cells, thin horizontal rules, all vector boxes) from MuPDF's vector blocks.

    Figure cells are the cells of a 12-pt grid over the page that two or more vector paths
    (curves, small rectangles, markers) touch: the drawn part of a figure. Large filled
    rectangles (panels, shaded boxes, page frames) and thin rules do not count; rules are kept
    apart to find underlined text.
    """
    rules = []
    allv = []
    hits: dict[tuple[int, int], int] = {}
    page_area = pw * ph
    for b in blocks:
        if b.get("type") != 3:
            continue
        x0, y0, x1, y1 = b["bbox"]
        w, h = x1 - x0, y1 - y0
        allv.append((x0, y0, x1, y1, b.get("color", 0), b.get("stroked", False), b.get("alpha", 255)))
        if h <= 1.6 and w >= 8:
            rules.append((x0, y0, x1, y1))
            continue
        if w <= 1.6 and h >= 8 or w * h > 0.35 * page_area or b.get("isrect") and w * h > 2500:
            continue
        cx0, cx1 = int(x0 // _CELL), int(x1 // _CELL)
        cy0, cy1 = int(y0 // _CELL), int(y1 // _CELL)
        if (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > 300:
            continue
        for cx in range(cx0, cx1 + 1):
            for cy in range(cy0, cy1 + 1):
                hits[(cx, cy)] = hits.get((cx, cy), 0) + 1
    cells = {k for k, v in hits.items() if v >= 2}
    return cells, rules, allv


def _mark_rows(rows: list[Row], cells: set, rules: list) -> None:
    for r in rows:
        if cells:
            cy = int(((r.y0 + r.y1) / 2) // _CELL)
            xs = range(int(r.x0 // _CELL), int(r.x1 // _CELL) + 1)
            inside = sum(1 for cx in xs if (cx, cy) in cells or (cx, cy - 1) in cells and (cx, cy + 1) in cells)
            r.fig = inside >= 0.6 * len(xs)
        if rules:
            for rx0, ry0, rx1, ry1 in rules:
                if r.y1 - 1.5 <= ry0 <= r.y1 + 0.35 * r.size and rx0 <= r.x0 + 3 and rx1 >= r.x1 - 3 \
                        and rx1 - rx0 < 2.5 * (r.x1 - r.x0) + 20:
                    r.underline = True
                    break


def page_rows(d: dict, page: int, size: tuple[float, float]) -> tuple[list[Row], list[dict], list]:
    """Rows of one page's text dict, in MuPDF block order, spans needing a hidden-text check,
    and the page's vector boxes ``(x0, y0, x1, y1, colour, stroked, alpha)``.

    Text written vertically (arXiv side stamps) and text outside the page are not rows; spans
    outside the page or otherwise suspicious are returned for :mod:`hidden` to judge.
    ``size`` is the page size in text coordinates (:func:`page_size`).
    """
    rows: list[Row] = []
    suspects: list[dict] = []
    pw, ph = size
    right, bottom = pw - 0.5, ph - 0.5
    blocks = d["blocks"]
    for bi, b in enumerate(blocks):
        if b.get("type", 0) != 0:
            continue
        cur_spans: list[dict] = []
        cur_box = None
        first = True
        block_rows: list[Row] = []
        for line in b["lines"]:
            spans = line["spans"]
            visible: list[dict] = []
            dx, dy = line["dir"]
            rotated = abs(dy) > 0.1 or dx < 0
            for s in spans:
                t = s["text"]
                if not t or t.isspace():   # not t.strip(), without a copy
                    continue
                bx0, by0, bx1, by1 = s["bbox"]
                col = s["color"]
                # one test for the common span (on the page, dark, not tiny, drawn); the exact
                # reasons below only for the others
                if 0.5 < bx1 and 0.5 < by1 and bx0 < right and by0 < bottom and (col < 0xF0F0F0 or rotated) \
                        and (s["size"] >= 2.0 or (by1 - by0) >= 2.5) and s.get("alpha", 255) != 0 \
                        and s.get("char_flags", 16) & 48:
                    visible.append(s)
                    continue
                off = bx1 <= 0.5 or by1 <= 0.5 or bx0 >= right or by0 >= bottom
                white = not rotated and col >= 0xF0F0F0 and (col >> 16) >= 0xF0 and ((col >> 8) & 0xFF) >= 0xF0 and (col & 0xFF) >= 0xF0
                # the font size alone misleads for Type 3 / scaled fonts: the glyph box must be small too
                tiny = s["size"] < 2.0 and (by1 - by0) < 2.5
                invisible = s.get("alpha", 255) == 0 or (s.get("char_flags", 16) & 48) == 0
                if off or white or tiny or invisible:
                    suspects.append({"page": page, "text": t, "bbox": [bx0, by0, bx1, by1], "size": s["size"],
                                     "color": col, "off": off, "white": white, "tiny": tiny,
                                     "invisible": invisible})
                    if off or tiny:
                        continue
                visible.append(s)
            if not visible:
                continue
            if rotated:
                continue  # rotated stamps, vertical margin text
            lb = line["bbox"]
            if cur_spans and cur_box is not None:
                # same visual row: vertical overlap of at least half the smaller height
                ov = min(cur_box[3], lb[3]) - max(cur_box[1], lb[1])
                hmin = min(cur_box[3] - cur_box[1], lb[3] - lb[1])
                if ov > 0.5 * hmin and lb[0] >= cur_box[2] - 1:
                    cur_spans.extend(visible)
                    cur_box = (cur_box[0], min(cur_box[1], lb[1]), max(cur_box[2], lb[2]), max(cur_box[3], lb[3]))
                    continue
                r = _row_from_spans(cur_spans, page, bi)
                if r:
                    r.first_in_block = first
                    first = False
                    block_rows.append(r)
            cur_spans = visible   # a new list per line: extending it later changes no other line
            cur_box = tuple(lb)
        if cur_spans:
            r = _row_from_spans(cur_spans, page, bi)
            if r:
                r.first_in_block = first
                block_rows.append(r)
        rows.extend(block_rows)
    figs, rules, vectors = _graphics(blocks, pw, ph)
    if figs or rules:
        _mark_rows(rows, figs, rules)
    return rows, suspects, vectors
