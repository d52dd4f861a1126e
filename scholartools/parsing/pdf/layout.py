"""Document-level layout: body font statistics, running headers/footers, page and line numbers,
and reading order for one- and two-column pages.
"""

from __future__ import annotations

from collections import Counter

from scholartools import recache as re
from scholartools.parsing.pdf.extract import Row
from scholartools.text.sections import CHAPTER_LABEL_ROW

_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[^\W\d_]{3}")
PAGE_NUMBER = re.compile(r"^\W*(?:page\s*)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|/)\s*\d{1,4})?\W*$", re.I)
# a review copy's line number; or the same number in both margins, which MuPDF may give one row
# across the page ("45   …   45": IOS Press's review layout)
LINE_NUMBER = re.compile(r"^(\d{1,4})(?:\s+\1)?$")


#: the least characters of a row the document's body size is read over (:func:`body_size`)
LINE_CHARS = 15


def body_size(rows: list[Row], least: int = 0) -> float:
    """The most common font size weighted by characters (rounded to 0.5 pt), over the rows of
    ``least`` characters or more (rows of every length when none is that long). A document's body
    is read over rows of 15 (:data:`LINE_CHARS`): a plot's labels, thousands of short rows in
    2.5-pt type on a paper's maps and charts, are no text's lines."""
    c: dict[float, int] = {}
    lines = [r for r in rows if r.nchars >= least] or rows
    for r in lines:
        c[r.size] = c.get(r.size, 0) + r.nchars
    # the first of the most frequent in insertion order, as Counter.most_common(1) gives it
    return max(c, key=c.__getitem__) if c else 10.0


def drop_running_text(pages: list[list[Row]], page_heights: list[float]) -> None:
    """Mark running headers/footers, page numbers and line numbers as ``drop``.

    A row in the top or bottom band of a page (first/last three rows by position, and a fourth at
    the very top) is a running header or footer when its text with digits masked recurs on at
    least 3 pages, or on 40 % of them, or at one height on every other page (:func:`_alternate`: a
    left or right page's head), or at one height on three pages of a long document
    (:func:`_steady`: a chapter's head), unless it is set far larger than the other rows with that
    text (the title on the front page that a running head repeats); a lone number there is a page
    number. A vertical stack of bare numbers in a margin (eight or more at one x on a page) is
    review-copy line numbering, and so is a bare number at that x on any other page.
    """
    n_pages = len(pages)
    sizes: dict[str, list[float]] = {}
    where: dict[str, list[tuple[int, float]]] = {}   # (page, top) of each row a key names
    exact: dict[str, set[int]] = {}   # pages of each band row's own text (its digits too)
    band_rows: list[list[tuple[str, Row]]] = []
    page_nums: list[list[Row]] = []   # each page's bare numbers
    numbered_at: set[int] = set()     # x positions (quarter points of x1) of line numbering
    for pno, (rows, h) in enumerate(zip(pages, page_heights)):
        by_y = sorted(rows, key=lambda r: r.y0)
        cand = []
        # (a fourth row near the page's edge: the last line of a running head of three lines
        # beside the page's number, "… WELLBEING" / "OF YOUNG ADULTS")
        top = [r for k, r in enumerate(by_y[:4]) if r.y1 < (0.2 if k < 3 else 0.08) * h]
        bottom = [r for r in by_y[-3:] if r.y0 > 0.8 * h]
        for r in top + bottom:
            key = ("t" if r in top else "b") + _DIGITS.sub("#", r.text.lower())[:80]
            cand.append((key, r))
        for key, r in cand:
            sizes.setdefault(key, []).append(r.size)
            where.setdefault(key, []).append((pno, r.y0))
            exact.setdefault(r.text, set()).add(pno)
        band_rows.append(cand)
        # line numbers: many bare numbers sharing an x position
        nums = [r for r in rows if r.text[:1].isdecimal() and LINE_NUMBER.match(r.text)]   # \d opens it
        page_nums.append(nums)
        if len(nums) >= 8:
            xs = Counter(round(r.x1 / 4) for r in nums)
            for x, cnt in xs.items():
                if cnt >= 8:
                    numbered_at.add(x)
                    for r in nums:
                        if abs(round(r.x1 / 4) - x) <= 1:
                            r.drop = True
    # (and at that x on a page that numbers fewer lines: a page of a figure and its caption, whose
    # three lines of text beside it keep their numbers, "277" beside a heading)
    for nums in page_nums:
        for r in nums:
            if not r.drop and any(abs(round(r.x1 / 4) - x) <= 1 for x in numbered_at):
                r.drop = True
    need = max(3, int(0.4 * n_pages + 0.5)) if n_pages >= 3 else 2
    n_seen = {key: len({p for p, _ in seen}) for key, seen in where.items()}   # pages a key is on
    for cand in band_rows:
        for key, r in cand:
            if PAGE_NUMBER.match(r.text) and len(r.text) <= 12:
                r.drop = True
            elif n_pages >= 2 and (n_seen[key] >= need or _alternate(where[key], n_pages)
                                    or _steady(where[key], n_pages, r) and not _CAPTION_KEY.match(key, 1)
                                    and not (CHAPTER_LABEL_ROW.match(r.text) and len(exact[r.text]) < 2)) \
                    and len(key) > 2 \
                    and r.size <= 1.25 * sorted(sizes[key])[len(sizes[key]) // 2]:
                r.drop = True
    if n_pages >= 10:
        _heads_beside_folios(band_rows)


# a running head that carries the page's number at one end ("LOW-RANK FACTORIZATION 23", "4 Results")
_FOLIO_END = re.compile(r"^(\d{1,4})\s+\S|\S\s+(\d{1,4})$")


def _heads_beside_folios(band_rows: list[list[tuple[str, Row]]]) -> None:
    """Running heads that name the section a right-hand page is in ("LOW-RANK FACTORIZATION 23"),
    each text once: in the top band at the height where other pages' running heads were found (on
    three pages or more, within a point), with the page's number at one end — a number that
    stands to the page's place in the file as two other running heads' numbers do (a line of the
    text that ends in a number there, "… transglutaminase 1", does not)."""
    pages_at: dict[int, set[int]] = {}
    offsets: dict[int, int] = {}   # printed number − page index → running heads showing it
    for pno, cand in enumerate(band_rows):
        for key, r in cand:
            if r.drop and key[0] == "t" and not PAGE_NUMBER.match(r.text):
                pages_at.setdefault(round(r.y0), set()).add(pno)
    tops = [y for y, on in pages_at.items() if len(on) >= 3]
    if not tops:
        return
    found = []
    for pno, cand in enumerate(band_rows):
        for key, r in cand:
            m = _FOLIO_END.search(r.text) if key[0] == "t" and any(abs(r.y0 - y) <= 1.0 for y in tops) else None
            if m:
                off = int(m.group(1) or m.group(2)) - pno
                offsets[off] = offsets.get(off, 0) + 1
                if not r.drop:
                    found.append((off, r))
    for off, r in found:
        if offsets[off] >= 3:
            r.drop = True


# a caption's label atop the pages of a paper's tables ("Table 1", "Table 2": "table #" masked),
# which stands at one height as a running head does
_CAPTION_KEY = re.compile(r"(?:table|fig(?:ure)?s?\.?|scheme|chart|plate|box)\s*[#ivx]", re.I)


def _steady(seen: list[tuple[int, float]], n_pages: int, r: Row) -> bool:
    """Does a text stand at one height (within two points) on three pages or more of a long
    document (ten pages or more), where a running head names the chapter it is in ("CHAPTER 2.
    INTERPOLATION AND TRACE ESTIMATION" over a thesis' chapter of eight pages): too few pages for
    the count over all of them? Where the text stands at other heights too, row ``r`` counts the
    pages that have it at its own height, if it holds a word (the chapter's opening, "Introduction"
    in large type lower on its first page, is no running head, and no reason the heads over the
    chapter's 21 other pages are not; a plot's axis labels atop three pages, "0.001% 0.01%", are
    no head). A chapter's label the caller asks on two pages or more as it is, digits and all:
    "CHAPTER 3", "CHAPTER 4" atop each chapter's first page at one height are its labels."""
    if n_pages < 10 or len({p for p, _ in seen}) < 3:
        return False
    tops = [y for _, y in seen]
    if max(tops) - min(tops) <= 2.0:
        return True
    return _WORD.search(r.text) is not None and len({p for p, y in seen if abs(y - r.y0) <= 2.0}) >= 3


def _alternate(seen: list[tuple[int, float]], n_pages: int) -> bool:
    """Do rows of one text stand at one height on every other page (a left page's running head
    naming the author, "Roberts", a right page's naming the journal or the title, "8:4
    Interactive Proofs For …"), too few for the count over all pages: all of one parity, within
    two points of each other, on 40 % of that parity's pages and on two of them in a paper of six
    pages or fewer, three in a longer one (where a table's header row atop two pages, "cbow
    count", is no running head)?"""
    pages = {p for p, _ in seen}
    if len(pages) < 2 or n_pages < 3 or len({p % 2 for p in pages}) > 1:
        return False
    tops = [y for _, y in seen]
    parity = next(iter(pages)) % 2
    of_parity = sum(1 for p in range(n_pages) if p % 2 == parity)
    least = 2 if n_pages <= 6 else 3
    return max(tops) - min(tops) <= 2.0 and len(pages) >= max(least, int(0.4 * of_parity + 0.5))


def _blocks(rows: list[Row]) -> tuple[dict[int, list[Row]], dict[int, list]]:
    """The rows not dropped by MuPDF block, in order of first appearance, and per block
    ``[x0, x1, y0, characters]``: one pass with comparisons instead of a ``min()``/``max()``
    generator per block and coordinate (the same values; tests/test_parse_rows_speed.py)."""
    blocks: dict[int, list[Row]] = {}
    extent: dict[int, list] = {}
    for r in rows:
        if r.drop:
            continue
        b = r.block
        e = extent.get(b)
        if e is None:
            blocks[b] = [r]
            extent[b] = [r.x0, r.x1, r.y0, r.nchars]
        else:
            blocks[b].append(r)
            if r.x0 < e[0]:
                e[0] = r.x0
            if r.x1 > e[1]:
                e[1] = r.x1
            if r.y0 < e[2]:
                e[2] = r.y0
            e[3] += r.nchars
    return blocks, extent


def _crossing(rows: list[Row], edges: list[float]) -> list[int]:
    """For each of ``edges`` (x positions), the characters of the rows that cross it by more than
    2 pt on either side (x0 < m - 2 and x1 > m + 2), in one sort of the rows instead of a pass over
    them for every edge (a page of a table's cells has hundreds of edges): the rows starting
    before m - 2, less those ending by m + 2, plus those doing both."""
    from bisect import bisect_left, bisect_right
    from itertools import accumulate

    by_x0 = sorted((r.x0, r.nchars) for r in rows)
    by_x1 = sorted((r.x1, r.nchars) for r in rows)
    x0s, x1s = [x for x, _ in by_x0], [x for x, _ in by_x1]
    sum0 = [0, *accumulate(n for _, n in by_x0)]
    sum1 = [0, *accumulate(n for _, n in by_x1)]
    # (those that do both are 4 pt wide at most: found among the rows starting within the 4 pt,
    # sorted by their start; a row ending left of its start, none in practice, is looked at always)
    narrow = sorted((r.x0, r.x1, r.nchars) for r in rows if 0 <= r.x1 - r.x0 <= 4.5)
    nx0 = [x0 for x0, _, _ in narrow]
    odd = [r for r in rows if r.x1 < r.x0]
    out = []
    for m in edges:
        a, b = m - 2, m + 2
        both = sum(n for x0, x1, n in narrow[bisect_left(nx0, a):bisect_right(nx0, b)] if x1 <= b) \
            + sum(r.nchars for r in odd if r.x0 >= a and r.x1 <= b)
        out.append(sum0[bisect_left(x0s, a)] - sum1[bisect_right(x1s, b)] + both)
    return out


def _gutter_sides(blocks: dict[int, list[Row]], extent: dict[int, list], left: float, width: float,
                  total: int) -> dict[int, str] | None:
    """Two columns that the text area's middle does not separate: a few lines running past a
    column's edge (an overfull code line or display, a wide table's rule) widen the text area so
    that its middle falls inside the right column and every block reads as full width. The
    gutter is then the left edge of some block in the middle of the area that the fewest
    characters of other rows cross. It is taken when the rows crossing it hold at most a tenth
    of the page's characters and each side holds at least a fifth; a block is on one side when
    nine tenths of its characters are, else it spans both. None when no such gutter exists."""
    lo, hi = left + 0.3 * width, left + 0.7 * width
    edges = sorted({round(e[0], 1) for e in extent.values() if lo <= e[0] <= hi})
    if not edges:
        return None
    rows = [r for brs in blocks.values() for r in brs]
    best = None
    for m, crossing in zip(edges, _crossing(rows, edges)):
        if best is None or crossing < best[0]:
            best = (crossing, m)
    crossing, m = best
    if crossing > 0.1 * total:
        return None
    sides: dict[int, str] = {}
    for bid, brs in blocks.items():
        n = extent[bid][3] or 1
        on_left = sum(r.nchars for r in brs if r.x1 <= m + 2)
        on_right = sum(r.nchars for r in brs if r.x0 >= m - 2)
        sides[bid] = "L" if on_left >= 0.9 * n else "R" if on_right >= 0.9 * n else "F"
    # a block across the gutter with the other column's text beside it runs over its column's
    # edge (it cannot span the page where the other column is set): it stays in its column
    right_rows = [r for bid, brs in blocks.items() if sides[bid] == "R" for r in brs]
    for bid, brs in blocks.items():
        if sides[bid] == "F" and extent[bid][0] < m - 2 \
                and any(q.y0 < r.y1 and r.y0 < q.y1 for r in brs if r.x1 > m + 2 for q in right_rows):
            sides[bid] = "L"
    chars = {"L": 0, "R": 0, "F": 0}
    for bid, side in sides.items():
        chars[side] += extent[bid][3]
    if chars["L"] < 0.2 * total or chars["R"] < 0.2 * total:
        return None
    return sides


def _side_by_side(blocks: dict[int, list[Row]], info: list[tuple], width: float) -> list[tuple] | None:
    """Two columns that hold too small a share of the page for the share test: a figure page
    whose full-width caption (a thousand characters of 7 pt) outweighs the few lines of the two
    columns below it, which then interleaved line by line ("Knockdown of CHL1 abolishes its
    tumor" / a right-column line / "suppressive function"). The columns are there when at least
    three lines of column width (three tenths of the text area) on each side sit beside a line
    of the other side; a figure's short labels left and right of its middle are no such lines.
    Returns ``info`` with the blocks outside the stretch those lines cover (give or take two
    lines) read as full width — a table's cells above or below the columns keep the page's
    order and their place in it — but for a column going on alone below the other, which keeps
    its side; or None."""
    def lines(side):
        return [r for s, _, _, bid in info if s == side for r in blocks[bid]
                if r.size >= 5.0 and r.x1 - r.x0 >= 0.3 * width]

    left, right = lines("L"), lines("R")
    beside_l = [r for r in left if any(q.y0 < r.y1 and r.y0 < q.y1 for q in right)]
    beside_r = [q for q in right if any(q.y0 < r.y1 and r.y0 < q.y1 for r in left)]
    if len(beside_l) < 3 or len(beside_r) < 3:
        return None
    beside = beside_l + beside_r
    top = min(r.y0 for r in beside)
    bottom = max(r.y1 for r in beside)
    out = []
    for side, y0, x0, bid in info:
        if side != "F":
            brs = blocks[bid]
            reach = 2.5 * max(r.size for r in brs)
            by0, by1 = min(r.y0 for r in brs), max(r.y1 for r in brs)
            # (a block below the stretch on a side whose other side has nothing below it is that
            # column going on alone: a last page's left column under its short right one, "3.2
            # Development Achievements" and its paragraphs read before the right column's "4
            # Availability"; a table's cells go on on both sides)
            if by0 < top - reach or by1 > bottom + reach and any(
                    q.y1 > bottom + reach for s, _, _, b in info if s not in ("F", side) for q in blocks[b]):
                side = "F"
        out.append((side, y0, x0, bid))
    return out


def _page_gutter(blocks: dict[int, list[Row]], extent: dict[int, list], page_width: float) -> dict[int, str] | None:
    """Two columns parted by a gutter at the page's middle that no block crosses, the right one
    holding a few lines only (a last page's short conclusion atop it): the text area's middle,
    which the right column's short lines pull left, puts the left column's blocks across it, and
    read by height the two interleave. Each block's side, or None: no such gutter, or no block on
    the right in the left side's main size."""
    centre = page_width / 2
    left_end, right_start = 0.0, page_width
    sides: dict[int, str] = {}
    for bid, e in extent.items():
        if (e[0] + e[1]) / 2 < centre:
            sides[bid] = "L"
            left_end = max(left_end, e[1])
        else:
            sides[bid] = "R"
            right_start = min(right_start, e[0])
    if not left_end < right_start or abs((left_end + right_start) / 2 - centre) > 0.08 * page_width:
        return None
    # the right column's text is the left one's: set in its main size (not a figure's captions or
    # its axes' numbers beside a column of text, which are read by height as before)
    left = [r for bid, s in sides.items() if s == "L" for r in blocks[bid]]
    if not left:
        return None
    main = body_size(left)
    body_right = any(s == "R" and extent[bid][3] >= 20 and any(abs(r.size - main) < 0.6 for r in blocks[bid])
                     for bid, s in sides.items())
    return sides if body_right else None


def order_page(rows: list[Row], page_width: float) -> list[Row]:
    """Rows of one page in reading order.

    Blocks (MuPDF's, kept whole) are classed as left column, right column or full width against
    the middle of the text area (or, where a few overfull lines widen that area, against the
    gutter :func:`_gutter_sides` finds). When both columns hold a real share of the text the page
    is read in horizontal bands cut at full-width blocks: in each band the left column top to
    bottom, then the right column. Otherwise blocks are read top to bottom.
    """
    blocks, extent = _blocks(rows)
    if not blocks:
        return []
    es = iter(extent.values())
    left, right = next(es)[:2]
    for e in es:
        if e[0] < left:
            left = e[0]
        if e[1] > right:
            right = e[1]
    # text set past the page's edge (a table too wide for its column, run off the paper) is no part
    # of the text area: it pulled the area's middle into the right column, whose blocks then read
    # as full width, cutting the page into bands (a conclusion's last lines read before a list
    # beside them, the "References" heading before it)
    left, right = max(left, 0.0), min(right, page_width)
    width = max(right - left, 1.0)
    mid = (left + right) / 2
    tol = 0.04 * width
    info = []
    chars = {"L": 0, "R": 0, "F": 0}
    for bid, brs in blocks.items():
        x0, x1, y0, n = extent[bid]
        if x1 <= mid + tol:
            side = "L"
        elif x0 >= mid - tol:
            side = "R"
        else:
            side = "F"
        # a block set in print too small to read (a banner's 4 pt texture of digits) does not
        # count towards the columns' shares: its thousands of characters made a two-column page
        # read as one (the columns then interleaved band by band)
        if any(r.size >= 5.0 for r in blocks[bid]):
            chars[side] += n
        info.append((side, y0, x0, bid))
    total = sum(chars.values()) or 1
    two_col = chars["L"] > 0.2 * total and chars["R"] > 0.2 * total and width > 0.5 * page_width
    if not two_col and chars["F"] and width > 0.5 * page_width:
        found = _gutter_sides(blocks, extent, left, width, total)
        if found is not None:
            two_col = True
            sides = found
            info = [(sides[bid], extent[bid][2], extent[bid][0], bid) for bid in blocks]
    if not two_col and chars["F"] and chars["L"] and chars["R"] and width > 0.5 * page_width:
        found = _side_by_side(blocks, info, width)
        if found is not None:
            two_col = True
            info = found
    if not two_col and chars["R"] + chars["L"] and width > 0.5 * page_width:
        found = _page_gutter(blocks, extent, page_width)
        if found is not None:
            two_col = True
            info = [(found[bid], extent[bid][2], extent[bid][0], bid) for bid in blocks]
    if not two_col:
        info.sort(key=lambda t: (round(t[1] / 2), t[2]))
        order = [t[3] for t in info]
    else:
        fulls = sorted((t for t in info if t[0] == "F"), key=lambda t: t[1])
        order = []
        cols = [t for t in info if t[0] != "F"]
        prev_y = -1e9
        for f in fulls + [("F", 1e9, 0, None)]:
            band = [t for t in cols if prev_y <= t[1] < f[1]]
            band.sort(key=lambda t: (t[0] != "L", t[1], t[2]))
            order.extend(t[3] for t in band)
            if f[3] is not None:
                order.append(f[3])
            prev_y = f[1]
        placed = set(order)
        for t in cols + info:
            if t[3] is not None and t[3] not in placed:
                order.append(t[3])
                placed.add(t[3])
    side_of = {t[3]: t[0] for t in info}   # one entry per block
    out: list[Row] = []
    for bid in order:
        brs = blocks[bid]
        col = {"L": 1, "R": 2, "F": 0}[side_of[bid]] if two_col else 0
        for r in brs:
            r.col = col
        out.extend(brs)
    return out
