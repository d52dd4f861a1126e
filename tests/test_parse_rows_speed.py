"""The fast span loop of extract.py gives the rows the plain per-span form gave (issue 36).

``_row_from_spans`` books the counts, tallies and styles of a row once per run of spans in one
font, flags and size instead of once per span; the plain form it replaced is kept here and both
are run on random span lists (fonts with and without bold, italic, maths and small-caps names,
flag bits, sizes that round alike, section numbers before bold or italic leads) and on every row
of a fixture PDF. Every slot of every row must be equal.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scholartools.parsing.pdf import extract as ex
from scholartools.parsing.pdf.extract import _FONT_CACHE, Row, _row_from_spans, fix_accents, font_traits, in_capitals

PDF = Path(__file__).resolve().parents[1] / "fixtures" / "pdfs" / "acl-naacl-2004.pdf"


def _plain_row_from_spans(spans, page, block):
    """The per-span form (as of 3227ee8; a note's mark as of the thirty-second round, a TeX
    font's ligatures as of the thirty-third)."""
    parts = []
    append = parts.append
    n = nb = ni = nm = ncaps = 0
    size_chars = {}
    font_chars = {}
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    prev_x1 = None
    widest = 0.0
    styles = []
    for s in spans:
        t = s["text"]
        bx0, by0, bx1, by1 = s["bbox"]
        ssize = s["size"]
        if by1 - by0 > 1.8 * ssize:   # an outsized font box held to one em above the baseline
            by0 = max(by0, s["origin"][1] - ssize)
        elif by1 < s["origin"][1] - 0.5 * ssize:   # a box wholly above its baseline: one em over it
            by0, by1 = s["origin"][1] - ssize, s["origin"][1]
        if prev_x1 is not None:
            g = (bx0 - prev_x1) / (1.0 if 1.0 > ssize else ssize)
            if g > widest:
                widest = g
            if g > 0.15 and parts[-1][-1] != " " and t[0] != " ":
                append(" ")
        append(t)
        prev_x1 = bx1
        k = len(t.strip())
        if not styles or t not in ex.LIGATURE_SPANS:   # a ligature alone takes the span before's style
            font, flags, ssize_style = s["font"], s["flags"], ssize
        fb, fi, fm, fc, family = font_traits(font)
        bold = fb or (flags & 16) != 0
        italic = fi or (flags & 2) != 0
        n += k
        size = round(ssize_style * 2) / 2
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
        x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
    if not n:
        return None
    r = Row(page, block)
    r.text = fix_accents("".join(parts).strip())
    if not r.text.isprintable():   # (thirty-third round)
        r.text = ex.tex_ligatures(r.text, font_chars)
    r.x0, r.y0, r.x1, r.y1 = x0, y0, x1, y1
    r.size = max(size_chars.items(), key=lambda kv: kv[1])[0]
    r.maxsize = max(size_chars)
    r.font = max(font_chars.items(), key=lambda kv: kv[1])[0]
    r.family = _FONT_CACHE[r.font][4]
    r.nchars = n
    r.bold = nb / n
    r.italic = ni / n
    r.math = nm / n
    r.caps_font = ncaps / n > 0.5
    r.upper = r.caps_font or (n >= 3 and in_capitals(r.text))
    if not r.upper and ni and 2 * ni < n <= 120:   # upright spans in capitals, italic ones not
        upright = "".join("".join(parts[a:b]) for (a, _), (b, st) in zip([(0, None)] + styles, styles)
                          if not st[1] and not st[4])
        r.upper = upright.isupper() and sum(map(str.isalpha, upright)) >= 3
    r.gap = widest
    if len(spans) > 1 and spans[-1]["flags"] & 1 and spans[-1]["size"] < 0.85 * r.size:   # (thirty-second round)
        t = spans[-1]["text"].strip()
        if 0 < len(t) <= 3 and r.text.endswith(t) and len(r.text) > len(t) + 2:
            r.mark = t
    _plain_set_lead(r, styles, parts)
    if not r.lead.isprintable():
        r.lead = ex.tex_ligatures(r.lead, font_chars)
    return r


def _plain_set_lead(r, styles, parts):
    if not styles:
        return
    j = 0
    if len(styles) > 1 and not styles[0][1][0] and not styles[0][1][1] and (styles[1][1][0] or styles[1][1][1]) \
            and ex._RUNIN_NUMBER.match("".join(parts[:styles[0][0]])):
        j = 1
    first = styles[j][1]
    i = j
    while i < len(styles):
        st = styles[i][1]
        if i > j and st == styles[i - 1][1] and not st[4]:
            i += 1   # the span goes on the run the lead has taken (the fast form's runs)
            continue
        if not st[4] and (st[:3] == first[:3] or first[0] and st[0]
                          and not ex._CLOSED.search("".join(parts[:styles[i - 1][0]]))
                          and not ex._OPENS_CLOSED.match(parts[styles[i - 1][0]])):
            i += 1
            continue
        k = i + 1
        while k < len(styles) and styles[k][1] == st:
            k += 1
        nx = styles[k][1] if k < len(styles) else None
        if nx is not None and not st[4] and not nx[4] and (nx[:3] == first[:3] or first[0] and nx[0]) \
                and ex._MARKS_ONLY.fullmatch("".join(parts[styles[i - 1][0] if i else 0:styles[k - 1][0]])):
            i = k
            continue
        if i > j:   # a formula's pieces inside a run-in title (forty-second round), span by span
            k = ex._through_formula([(q, end, st) for q, (end, st) in enumerate(styles)], parts, i, first)
            if k:
                i = k
        break
    if i == len(styles):
        if first[0]:
            r.bold_prefix = r.text
        return
    lead = " ".join("".join(parts[:styles[i - 1][0]]).split()) if i else ""
    if first[0]:
        r.bold_prefix = lead
    if not lead:
        return
    rest = styles[i][1]
    k = i + 1
    while k < len(styles) and styles[k][1] == rest:
        k += 1
    if k < len(styles) and "".join(parts[styles[i - 1][0]:styles[k - 1][0]]).strip() in ("—", "–"):
        rest = styles[k][1]   # a dash alone in a face of its own between the lead and the text (48th round)
    if rest[4]:
        return
    after = "".join(parts[styles[i - 1][0]:])      # the text after the lead: its period closes it
    if after[:1] == "." and after[1:2].isspace():
        lead += "."
    elif lead[-1] not in ".:" and ex._LEAD_CLOSE.match(lead):   # a numbered lead's own closing period
        lead = lead[:ex._LEAD_CLOSE.match(lead).end() - 1]
    if first[0] and not rest[0]:
        kind = "b"
    elif first[1] and not rest[1] and (not rest[0] or lead[-1] == ":"):   # (a colon before a bold lead: 47th round)
        kind = "i"
    elif first[2] != rest[2] and not first[1] and not any(st[2] == first[2] and not st[4] for _e, st in styles[i + 1:]):
        kind = "f"
    else:
        return
    r.lead = fix_accents(lead)
    r.lead_style = kind
    r.lead_size = first[3]
    r.lead_family = first[2]


def _slots(r):
    return None if r is None else {a: getattr(r, a, None) for a in Row.__slots__}


FONTS = ["Times-Roman", "Times-Bold", "Times-Italic", "ABCDEF+CMBX10", "CMMI10", "CMSY7", "Helvetica",
         "Helvetica-Oblique", "NimbusSanL-BoldItal", "CMCSC10", "Arial,Bold", "MinionPro-Regular", "F16"]
TEXTS = ["1.", "2.1", "IV.", "B.", "1.1.", "3", ".2", "1.", "2.1", "Introduction", "Methods.", " We train", "the model ", "x",
         "=", "(3)", "Lemaˆıtre", "a´e", "RESULTS", "and", " ", "Data:", "—", "αβ", "12", ". After", ".", ".",
         "Classi\x1ccation", "\x1crst"]


def _spans(rnd):
    spans = []
    x = rnd.uniform(0, 300)
    font = rnd.choice(FONTS)
    flags = rnd.choice([0, 2, 16, 18, 4])
    size = rnd.choice([9.0, 9.96, 10.0, 10.2, 12.0, 7.5])
    for _ in range(rnd.randint(1, 9)):
        if rnd.random() < 0.4:   # a new run
            font = rnd.choice(FONTS)
            flags = rnd.choice([0, 2, 16, 18, 4, 20])
            size = rnd.choice([9.0, 9.96, 10.0, 10.2, 12.0, 7.5, 10.24])
        t = rnd.choice(TEXTS)
        if not t.strip():
            t = "y"
        w = 5.0 * len(t)
        x0 = x + rnd.choice([0.0, 0.5, 1.0, 3.0, -2.0])
        y0 = 100 + rnd.uniform(-1, 1)
        span = {"text": t, "bbox": (x0, y0, x0 + w, y0 + size), "size": size, "font": font, "flags": flags,
                "origin": (x0, y0 + 0.8 * size)}
        if rnd.random() < 0.1:   # a math font's outsized box (STIX's ascent is 2.6 em)
            span["bbox"] = (x0, y0 - 1.8 * size, x0 + w, y0 + 1.3 * size)
        spans.append(span)
        x = x0 + w
    return spans


def test_runs_give_the_rows_of_the_per_span_form():
    rnd = random.Random(36)
    kinds = set()
    for _ in range(6000):
        spans = _spans(rnd)
        fast, plain = _row_from_spans(spans, 3, 7), _plain_row_from_spans(spans, 3, 7)
        assert _slots(fast) == _slots(plain), spans
        kinds.add(plain.lead_style)
        kinds.add(bool(plain.bold_prefix))
    assert kinds >= {"", "b", "i", "f", True, False}   # every kind of lead was made and compared


@pytest.mark.skipif(not PDF.exists(), reason="fixture PDF missing")
def test_rows_of_a_pdf_are_those_of_the_per_span_form(monkeypatch):
    import pymupdf

    from scholartools.parsing.pdf.extract import page_rows, page_size

    flags = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE | pymupdf.TEXT_COLLECT_VECTORS
    with pymupdf.open(PDF) as doc:
        dicts = [(page.get_text("dict", flags=flags, clip=pymupdf.INFINITE_RECT()), pno, page_size(page))
                 for pno, page in enumerate(doc)]
    fast = [[_slots(r) for r in page_rows(*d)[0]] for d in dicts]
    monkeypatch.setattr(ex, "_row_from_spans", _plain_row_from_spans)
    plain = [[_slots(r) for r in page_rows(*d)[0]] for d in dicts]
    assert sum(map(len, plain)) > 100 and fast == plain


def _plain_mark_rows(rows, cells, rules):
    """The cell-by-cell and rule-by-rule form (as of 3227ee8)."""
    cell = ex._CELL
    for r in rows:
        if cells:
            cy = int(((r.y0 + r.y1) / 2) // cell)
            xs = range(int(r.x0 // cell), int(r.x1 // cell) + 1)
            inside = sum(1 for cx in xs if (cx, cy) in cells or (cx, cy - 1) in cells and (cx, cy + 1) in cells)
            r.fig = inside >= 0.6 * len(xs)
        if rules:
            for rx0, ry0, rx1, ry1 in rules:
                if r.y1 - 1.5 <= ry0 <= r.y1 + 0.35 * r.size and rx0 <= r.x0 + 3 and rx1 >= r.x1 - 3 \
                        and rx1 - rx0 < 2.5 * (r.x1 - r.x0) + 20:
                    r.underline = True
                    break


def test_figure_cells_and_underlines_as_the_plain_form():
    rnd = random.Random(7)
    marked = [0, 0, 0]
    for _ in range(400):
        cells = {(rnd.randint(-1, 12), rnd.randint(-1, 14)) for _ in range(rnd.choice([0, 5, 40, 120]))}
        rules = []
        for _ in range(rnd.choice([0, 1, 6, 30])):
            x0, y0 = rnd.uniform(-20, 150), rnd.uniform(-5, 170)
            rules.append((x0, y0, x0 + rnd.uniform(1, 160), y0 + rnd.uniform(0, 1.5)))
        rows = []
        for _ in range(30):
            r = Row(0, 0)
            r.x0, r.y0 = rnd.uniform(-10, 150), rnd.uniform(-10, 160)
            r.x1, r.y1 = r.x0 + rnd.choice([-2.0, 0.0, 5.0, 40.0, 100.0]), r.y0 + rnd.uniform(0, 12)
            r.size = rnd.choice([6.0, 10.0, 14.0])
            rows.append(r)
        twins = []
        for r in rows:
            t = Row(0, 0)
            t.x0, t.y0, t.x1, t.y1, t.size = r.x0, r.y0, r.x1, r.y1, r.size
            twins.append(t)
        ex._mark_rows(rows, cells, rules)
        _plain_mark_rows(twins, cells, rules)
        assert [(r.fig, r.underline) for r in rows] == [(t.fig, t.underline) for t in twins]
        marked[0] += sum(r.fig for r in rows)
        marked[1] += sum(r.underline for r in rows)
        marked[2] += sum(not r.fig and not r.underline for r in rows)
    assert all(marked), marked


def _plain_mark_neighbours(rows):
    """Every one of the six rows either side by baseline tested (as of 3227ee8)."""
    by_page = {}
    for i, r in enumerate(rows):
        r.index = i
        by_page.setdefault((r.page, r.col), []).append(r)
    for rs in by_page.values():
        rs.sort(key=lambda r: r.y1)
        boxes = [(q.y1, q.x0, q.x1) for q in rs]
        for k, r in enumerate(rs):
            cnt = 0
            y1, near, right, left = r.y1, 0.35 * r.size, r.x1 + 2, r.x0 - 2
            for qy1, qx0, qx1 in boxes[max(0, k - 6):k] + boxes[k + 1:k + 7]:
                if abs(qy1 - y1) < near and (qx0 > right or qx1 < left):
                    cnt += 1
            r.neighbours = cnt


def test_neighbours_as_the_plain_form():
    from scholartools.parsing.pdf.structure import mark_neighbours

    rnd = random.Random(11)
    counts = set()
    for _ in range(300):
        rows, twins = [], []
        for _ in range(rnd.choice([1, 5, 40, 120])):
            r, t = Row(rnd.randint(0, 2), 0), None
            r.col = rnd.randint(0, 1)
            r.x0 = rnd.choice([40.0, 80.0, 200.0, 320.0]) + rnd.uniform(0, 30)
            r.x1 = r.x0 + rnd.uniform(-1, 120)
            r.y1 = rnd.choice([100.0, 112.0, 124.0, 136.0]) + rnd.choice([0.0, 0.0, 0.5, 1.7, 3.9, 7.0])
            r.size = rnd.choice([0.0, 6.0, 10.0, 12.0])
            t = Row(r.page, 0)
            t.col, t.x0, t.x1, t.y1, t.size = r.col, r.x0, r.x1, r.y1, r.size
            rows.append(r)
            twins.append(t)
        mark_neighbours(rows)
        _plain_mark_neighbours(twins)
        assert [(r.neighbours, r.index) for r in rows] == [(t.neighbours, t.index) for t in twins]
        counts.update(r.neighbours for r in rows)
    assert counts >= {0, 1, 2, 6}, counts


def test_block_extents_as_the_plain_form():
    from scholartools.parsing.pdf.layout import _blocks

    rnd = random.Random(5)
    for _ in range(300):
        rows = []
        for _ in range(rnd.choice([0, 1, 8, 60])):
            r = Row(0, rnd.randint(0, 6))
            r.x0, r.y0 = rnd.uniform(0, 500), rnd.uniform(0, 700)
            r.x1 = r.x0 + rnd.uniform(0, 200)
            r.nchars = rnd.randint(1, 80)
            r.drop = rnd.random() < 0.2
            rows.append(r)
        live = [r for r in rows if not r.drop]
        plain_blocks = {}
        for r in live:
            plain_blocks.setdefault(r.block, []).append(r)
        plain = {b: [min(r.x0 for r in rs), max(r.x1 for r in rs), min(r.y0 for r in rs), sum(r.nchars for r in rs)]
                 for b, rs in plain_blocks.items()}
        blocks, extent = _blocks(rows)
        assert list(blocks) == list(plain_blocks) and blocks == plain_blocks
        assert extent == plain
        if live:   # the page's text extent, as order_page takes it from the blocks
            assert min(e[0] for e in extent.values()) == min(r.x0 for r in live)
            assert max(e[1] for e in extent.values()) == max(r.x1 for r in live)


def test_fix_accents_ascii_shortcut_answers_as_the_scan():
    """fix_accents returns an ASCII row without "`" untouched without scanning it for the twelve
    spacing accents: the answer of the scan (only "`" of them is ASCII)."""
    assert [c for c in map(chr, range(128)) if ex._ACCENT_CHAR.search(c)] == ["`"]

    def plain(text):   # fix_accents by its scan alone (no ASCII shortcut)
        return ex._recombine(text) if ex._ACCENT_CHAR.search(text) else text

    rnd = random.Random(3)
    alphabet = list("aeiouAEnt ıȷ.`") + list("ˆ˜¨´¸˚ˇ˘¯˙˝") + ["é", "—"]
    changed = 0
    for _ in range(5000):
        t = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 12)))
        assert fix_accents(t) == plain(t), t
        changed += fix_accents(t) != t
    assert changed and fix_accents("Lemaˆıtre") == "Lemaître" and fix_accents("a`e") == "aè"
