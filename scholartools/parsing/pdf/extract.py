"""Page text → rows with font statistics, plus hidden-text findings.

One ``page.get_text("dict")`` call per page (no images, no clipping to the media box, so text
placed off the page is seen and can be reported). Lines that MuPDF splits at wide justified
gaps are merged back into visual rows within their block. Each :class:`Row` keeps what the
structure pass needs: text, bbox, dominant size, bold/italic/math-font fractions, page, block.
"""

from __future__ import annotations

import re

BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|medi(?!um)|[-,]b$|\.b$|-bd|cmbx|cmb\d", re.I)
ITALIC_NAME = re.compile(r"italic|oblique|ital|cmti|-it$|-i$", re.I)
MATH_NAME = re.compile(r"cmmi|cmsy|cmex|msam|msbm|math|symbol|stix|cambria ?math|rsfs|esint|lmmath"
                       r"|txsy|txex|pxsy|euler|eufm|eusm|mtsy|mtex|ntxmi|ntxsy|mnsymbol|wasy", re.I)
SMALLCAPS_NAME = re.compile(r"cmcsc|smallcaps|[-+]sc$|caps", re.I)


_SPACING_ACCENT = {"ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "´": "\u0301", "`": "\u0300",
                   "¸": "\u0327", "˚": "\u030a", "ˇ": "\u030c", "˘": "\u0306", "¯": "\u0304", "˙": "\u0307"}
_ACCENT_RE = re.compile("([ˆ˜¨´`¸˚ˇ˘¯˙])\\s?([A-Za-zıȷ])|([A-Za-zıȷ])([ˆ˜¨´¸˚ˇ˘¯˙])(?=[a-z])")


def fix_accents(text: str) -> str:
    """Recombine TeX-style spacing accents with their letter ("Lemaˆıtre" → "Lemaître")."""
    if not _ACCENT_RE.search(text):
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
                 "page", "block", "font", "nchars", "maxsize", "bold_prefix", "drop", "kind", "first_in_block",
                 "col", "spans")

    def __init__(self, page: int, block: int):
        self.page = page
        self.block = block
        self.drop = False
        self.kind = None
        self.first_in_block = False
        self.col = 0
        self.bold_prefix = ""

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def __repr__(self) -> str:  # debugging aid
        return f"Row(p{self.page} b{self.block} {self.x0:.0f},{self.y0:.0f} sz{self.size:.1f} " \
               f"bold{self.bold:.1f} {self.text[:60]!r})"


_FONT_CACHE: dict[str, tuple[bool, bool, bool, bool]] = {}


def font_traits(font: str) -> tuple[bool, bool, bool, bool]:
    """(bold, italic, math, small caps) judged from a font name, cached per name."""
    t = _FONT_CACHE.get(font)
    if t is None:
        t = (bool(BOLD_NAME.search(font)), bool(ITALIC_NAME.search(font)), bool(MATH_NAME.search(font)),
             bool(SMALLCAPS_NAME.search(font)))
        _FONT_CACHE[font] = t
    return t


def _row_from_spans(spans: list[dict], page: int, block: int) -> Row | None:
    parts: list[str] = []
    n = nb = ni = nm = ncaps = 0
    size_chars: dict[float, int] = {}
    font_chars: dict[str, int] = {}
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    prev_x1 = None
    bold_prefix: list[str] = []
    in_prefix = True
    for s in spans:
        t = s["text"]
        if not t:
            continue
        bx0, by0, bx1, by1 = s["bbox"]
        if prev_x1 is not None and bx0 - prev_x1 > 0.15 * s["size"] and parts and not parts[-1].endswith(" ") \
                and not t.startswith(" "):
            parts.append(" ")
        parts.append(t)
        prev_x1 = bx1
        k = len(t.strip())
        if not k:
            continue
        font = s["font"]
        fb, fi, fm, fc = font_traits(font)
        flags = s["flags"]
        bold = fb or bool(flags & 16)
        n += k
        size = round(s["size"] * 2) / 2
        size_chars[size] = size_chars.get(size, 0) + k
        font_chars[font] = font_chars.get(font, 0) + k
        if bold:
            nb += k
        if fi or flags & 2:
            ni += k
        if fm:
            nm += k
        if fc:
            ncaps += k
        if in_prefix:
            if bold:
                bold_prefix.append(t)
            else:
                in_prefix = False
        x0, y0 = min(x0, bx0), min(y0, by0)
        x1, y1 = max(x1, bx1), max(y1, by1)
    if not n:
        return None
    r = Row(page, block)
    r.text = fix_accents("".join(parts).strip())
    r.x0, r.y0, r.x1, r.y1 = x0, y0, x1, y1
    r.size = max(size_chars.items(), key=lambda kv: kv[1])[0]
    r.maxsize = max(size_chars)
    r.font = max(font_chars.items(), key=lambda kv: kv[1])[0]
    r.nchars = n
    r.bold = nb / n
    r.italic = ni / n
    r.math = nm / n
    r.caps_font = ncaps / n > 0.5
    r.bold_prefix = "".join(bold_prefix).strip() if not in_prefix or nb < n else r.text
    return r


def page_rows(d: dict, page: int, page_rect) -> tuple[list[Row], list[dict]]:
    """Rows of one page's text dict, in MuPDF block order, and raw spans needing a hidden-text check.

    Text written vertically (arXiv side stamps) and text outside the page are not rows; spans
    outside the page or otherwise suspicious are returned for :mod:`hidden` to judge.
    """
    rows: list[Row] = []
    suspects: list[dict] = []
    pw, ph = page_rect.width, page_rect.height
    for bi, b in enumerate(d["blocks"]):
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
                if not t.strip():
                    continue
                bx0, by0, bx1, by1 = s["bbox"]
                col = s["color"]
                off = bx1 <= 0.5 or by1 <= 0.5 or bx0 >= pw - 0.5 or by0 >= ph - 0.5
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
            cur_spans = list(visible)
            cur_box = tuple(lb)
        if cur_spans:
            r = _row_from_spans(cur_spans, page, bi)
            if r:
                r.first_in_block = first
                block_rows.append(r)
        rows.extend(block_rows)
    return rows, suspects
