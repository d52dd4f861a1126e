"""headings.features, written for speed in issue 36's sixth round (local names, clamps as
conditionals, style_key, _bodyish and _gap written out), computes what its plain form computes:
every entry bit for bit (NaN, ±inf and ±0 included), on a fixture PDF's candidates and on the same
rows with their sizes, boxes and gaps drawn at random (values at the clamps' bounds included)."""

import copy
import functools
import math
import random
from pathlib import Path

import pytest

from scholartools.parsing.pdf import headings as h
from speed_helpers import first_call

FIXTURE_PDF = Path(__file__).resolve().parents[1] / "fixtures" / "pdfs" / "cup-ipg-2014.pdf"


def _plain_features(rows, cands, st):
    """headings.features as it was before issue 36's sixth round (the 48 entries written plainly)."""
    body = st.body
    body_gap = st.body_gap
    body_family = st.body_family
    runin_keys = {}
    for c in cands:
        if c.runin:
            k = h._runin_key(rows[c.i])
            runin_keys[k] = runin_keys.get(k, 0) + 1
    for c in cands:
        r = rows[c.rows[-1] if len(c.rows) > 1 and h._NUMBER_ONLY.match(rows[c.i].text) else c.i]
        first = rows[c.i]
        runin = c.runin
        lead_style = r.lead_style
        last = rows[c.rows[-1]]
        prev = rows[c.i - 1] if c.i else None
        nxt = rows[c.rows[-1] + 1] if c.rows[-1] + 1 < len(rows) else None
        text = c.text
        number, rest = h.strip_number(text)
        words = rest.split() if rest else text.split()
        digits = len(h._DECIMAL.findall(text))     # r"\d" of a str pattern is a decimal digit (str.isdecimal)
        e = st.extents.get((r.page, r.col), [r.x0, r.x1])
        colw = max(e[1] - e[0], 50.0)
        k = h.style_key(r)
        share = st.style_chars.get(k, 0) / st.total_chars
        nrows_style = st.style_rows.get(k, 1)
        long_rate = st.style_long.get(k, 0) / nrows_style
        gb = h._gap(prev, first)
        ga = h._gap(last, nxt)
        tail = text.rstrip()
        prev_ended = prev is not None and h.sent_end(prev.text)
        if len(c.rows) == 1:
            span = first.x1 - first.x0
            most_gap = first.gap
        else:
            span = max(rows[j].x1 for j in c.rows) - min(rows[j].x0 for j in c.rows)
            most_gap = max(rows[j].gap for j in c.rows)
        centre = (r.x0 + r.x1) / 2
        centred = abs(centre - (e[0] + e[1]) / 2) < 0.06 * colw and r.x0 - e[0] > 2 * body
        size_rel = (r.size - body) / body
        lead_words = len(c.text.split()) if runin else 0
        f = [
            max(-0.5, min(1.0, size_rel)),
            1.0 if r.size >= body + 0.45 else 0.0,
            1.0 if r.size <= body - 0.45 else 0.0,
            1.0 if (r.bold >= 0.6 and not runin) or (runin and lead_style == "b") else 0.0,
            1.0 if (r.italic >= 0.6 and not runin) or (runin and lead_style == "i") else 0.0,
            1.0 if r.family != body_family else 0.0,
            1.0 if r.upper and not runin else 0.0,
            1.0 if number else 0.0,
            float(number.count(".") + 1) if number else 0.0,
            math.log1p(len(words)),
            1.0 if tail.endswith(".") and not runin else 0.0,
            1.0 if tail.endswith(":") and not runin else 0.0,
            1.0 if (rest or text)[:1].islower() and not h._enumerated(rest or text) else 0.0,
            1.0 if first.first_in_block else 0.0,
            max(-1.0, min((gb - body_gap) / body, 3.0)),
            max(-1.0, min((ga - body_gap) / body, 3.0)) if not runin else 0.0,
            max(-2.0, min((first.x0 - st.text_left.get((r.page, r.col), e[0])) / body, 6.0)),
            1.0 if centred else 0.0,
            min(span / colw, 1.2),
            1.0 if nxt is not None and h._bodyish(nxt, st) else 0.0,
            1.0 if prev is None or prev.page != first.page or prev.col != first.col
            or prev_ended else 0.0,
            1.0 if r.fig else 0.0,
            float(min(r.neighbours, 3)),
            1.0 if h.KNOWN_HEADINGS.match(h.unspace(rest or text).strip(" :.")) else 0.0,
            math.log10(share + 1e-5),
            long_rate,
            math.log1p(nrows_style),
            1.0 if r.underline else 0.0,
            (1.0 if c.i < st.abstract_row else 0.0) if st.abstract_row >= 0 else
            (1.0 if r.page == st.first_heading_page and r.y0 < 0.45 * st.page_height else 0.0),
            digits / max(len(text), 1),
            1.0 if h._urlish(text) else 0.0,
            float(len(c.rows)),
            1.0 if runin else 0.0,
            1.0 if runin and lead_style == "b" else 0.0,
            1.0 if runin and lead_style == "i" else 0.0,
            1.0 if runin and lead_style == "f" else 0.0,
            math.log1p(lead_words),
            1.0 if h.institution(text) else 0.0,
            1.0 if nxt is not None and h._same_style(nxt, r) and not runin else 0.0,
            1.0 if 0 <= st.refs_row < c.i else 0.0,
            1.0 if prev is not None and prev.page == first.page and len(prev.text.split()) <= 12
            and not prev_ended and not h._bodyish(prev, st) and gb < 2 * body else 0.0,
            1.0 if runin and c.text.rstrip()[-1:] in ".:" else 0.0,
            1.0 if runin and h._rest_capital(c.rest) else 0.0,   # (past a lead-closing dash: 49th round)
            math.log1p(runin_keys.get(h._runin_key(r), 1) - 1) if runin else 0.0,
            min(c.text.count(",") / 2.0, 1.0) if runin else 0.0,
            1.0 if h._YEAR.search(text) else 0.0,
            min(most_gap, 6.0) if not runin else 0.0,
            h._hanging(first, nxt, body) if runin else 0.0,
        ]
        if h._under_two_letters(text):
            f[9] = -1.0
        c.feats = f
        c.skey = ("R",) + h._runin_key(r) if runin else k
        c.page = r.page
        c.headlike = 1.0 if (runin or f[19] and f[18] < 0.75) and not f[10] else 0.0


def _bits(cands):
    return [([repr(v) for v in c.feats], c.skey, c.page, repr(c.headlike)) for c in cands]


@functools.lru_cache(maxsize=1)
def _captured():
    args = first_call(h, "features", FIXTURE_PDF)
    return args["rows"], args["st"]


def _fixture():
    """The fixture's rows and statistics (copies: the tests change them)."""
    return copy.deepcopy(_captured())


def _both(rows, st):
    fast, plain = h.candidates(rows, st), h.candidates(rows, st)
    h.features(rows, fast, st)
    _plain_features(rows, plain, st)
    return _bits(fast), _bits(plain)


def test_features_as_the_plain_form_on_a_pdf():
    if not FIXTURE_PDF.exists():
        pytest.skip("fixture PDF missing")
    rows, st = _fixture()
    fast, plain = _both(rows, st)
    assert len(fast) > 20 and fast == plain


ODD = [math.nan, math.inf, -math.inf, 0.0, -0.0]


def test_features_as_the_plain_form_on_random_values():
    if not FIXTURE_PDF.exists():
        pytest.skip("fixture PDF missing")
    rows, st = _fixture()
    rnd = random.Random(36)
    for _ in range(8):
        st.body_gap = rnd.choice([st.body_gap, math.nan, 0.0, -0.0, 1e9])
        st.page_height = rnd.choice([792.0, math.nan, 0.0])
        st.abstract_row = rnd.choice([-1, 5, 40])
        for key in list(st.extents):
            if rnd.random() < 0.3:      # column widths at and around the 50-pt floor, or odd
                x0 = rnd.uniform(0, 300)
                st.extents[key] = [x0, x0 + rnd.choice([50.0, 49.999, 50.001, 0.0, math.nan, 400.0])]
        for r in rows:
            if rnd.random() < 0.3:
                r.size = rnd.choice([st.body, st.body + 0.45, st.body - 0.45, 2 * st.body, 0.5 * st.body, 0.0, -0.0])
            if rnd.random() < 0.2:
                r.x0 = rnd.choice([r.x0, r.x0 - 7 * st.body, r.x0 + 8 * st.body] + ODD)
            if rnd.random() < 0.2:
                r.y0 = rnd.choice([r.y0 - 3 * st.body, r.y0 + 40.0] + ODD)
            if rnd.random() < 0.2:
                r.gap = rnd.choice([6.0, 7.5, 0.0] + ODD)
            if rnd.random() < 0.1:
                r.neighbours = rnd.choice([0, 3, 4, 9])
        fast, plain = _both(rows, st)
        assert fast == plain
