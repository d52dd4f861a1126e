"""The string-method helpers of headings.py answer as the patterns they stand in for (issue 36):
each is checked against its pattern on random strings over the characters the pattern names
(letters whose case-blind match goes beyond ASCII — "ſ" for "s", "K" for "k" — included)."""

import random

from scholartools.parsing.pdf import headings as h
from speed_helpers import first_call, random_strings

ALPHABET = list("aAsSkKiIdDeErRnNtTfFhHoOyYmMuUlLcCgGbBvVwWpP .,:;!?'\")]([-/@_1234567890\n\t") \
    + ["ſ", "K", "ı", "İ", "‐", "‑", "–", "—", "\u2011", "é", "٣", "²", "ǅ"]
WORDS = ["and", "or", "of", "the", "between", "versus", "vs.", "University", "INSTITUTE", "Dept.", "road",
         "USA", "u.s.a", "uk", "@", "http:", "www.", ".com", ".org", "doi.org", "research centre", "school of",
         "center for", "ſtreet", "Ltd", "foo", "Bar", "(", ")", "?", "\n", "-", "\u2011", "'", "\"", "]",
         "1.2.3", "2.2.1. Primary", "12.1.4", "\u0663.1.2", "§", "IV.", "A.1", "3."]


def _strings(n: int = 4000):
    return random_strings(ALPHABET, WORDS, n)


def test_helpers_answer_as_their_patterns():
    pairs = [
        (h.sent_end, lambda t: h.SENT_END.search(t) is not None),
        (h._urlish, lambda t: h._URLISH.search(t) is not None),
        (h.institution, lambda t: h.INSTITUTION.search(t) is not None),
        (h.connective_end, lambda t: h.CONNECTIVE.search(t) is not None),
        (h._title_end, lambda t: h._TITLE_END.search(t) is not None),
        (h._number_only, lambda t: h._NUMBER_ONLY.match(t) is not None),
        (h._subsub, lambda t: h._SUBSUB.match(t) is not None),
    ]
    seen = [0] * len(pairs)
    for t in _strings():
        for k, (fast, slow) in enumerate(pairs):
            want = slow(t)
            assert fast(t) == want, (fast.__name__, t)
            seen[k] += want
    assert all(seen), seen     # each pattern matched some of the strings: both answers were tried


def test_helpers_on_edge_cases():
    assert h.sent_end("Results.\n") and h.sent_end('he said "no.")') and not h.sent_end("Results\n\n")
    assert h.connective_end("Effects of temperature between") and not h.connective_end("Xbetween")
    assert h.institution("ſtreet 5") == (h.INSTITUTION.search("ſtreet 5") is not None)
    assert h._title_end("Why now?") and h._title_end('"Quoted"') and not h._title_end("Results.")


def test_institution_lookahead_changes_no_match():
    """INSTITUTION's look-ahead of first letters only skips positions: the pattern without it
    finds the same matches, with the same groups (ſ, K and İ fold to s, k and i case-blind)."""
    import re

    plain = re.compile(h.INSTITUTION.pattern.replace("(?=[uidlcsfhargjnkb@])", "", 1), re.I)
    assert plain.pattern != h.INSTITUTION.pattern
    words = ["University", "INSTITUT", "Dept.", "laboratory", "COLLEGE", "School of", "faculty", "hospital",
             "Centre for", "center for", "academy", "Inc.", "ltd", "GmbH", "corporation", "Research Centre",
             "research institute", "street", "Avenue", "road", "USA", "U.S.A", "UK", "Germany", "China", "France",
             "Japan", "Canada", "Italy", "Spain", "Australia", "Netherlands", "Switzerland", "India", "Korea",
             "Brazil", "Sweden", "Denmark", "@", "ſtreet", "\u212aorea", "\u0130ndia", "xuk", "Bureau", "Toronto"]
    rnd = random.Random(7)
    for _ in range(3000):
        t = "".join(rnd.choice(words + [" ", ", ", "-", "x", "ſ", "\u212a", "1"]) for _ in range(rnd.randint(0, 8)))
        assert [(m.span(), m.groups()) for m in h.INSTITUTION.finditer(t)] == \
            [(m.span(), m.groups()) for m in plain.finditer(t)], t


def test_letter_and_digit_counts_of_features():
    """features counts decimal digits with r"\\d" and asks for two letters with a loop that stops
    at the second: the answers of sum(map(str.isdecimal / str.isalpha, text))."""
    import sys

    every = "".join(map(chr, range(sys.maxunicode + 1))).encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    assert h._DECIMAL.findall(every) == [c for c in every if c.isdecimal()]
    seen = [0, 0]
    for t in _strings():
        want = sum(map(str.isalpha, t)) < 2
        assert h._under_two_letters(t) == want, t
        assert len(h._DECIMAL.findall(t)) == sum(map(str.isdecimal, t)), t
        seen[want] += 1
    assert all(seen), seen


def _logits_by_columns(p, xs):
    """The form _logits replaced: a feature at a time across the candidates with ``map``."""
    from itertools import repeat
    from operator import add, mul, sub, truediv

    z = [p["intercept"]] * len(xs)
    for col, w, m, s in zip(zip(*xs), p["coef"], p["mean"], p["scale"]):
        z = list(map(add, z, map(truediv, map(mul, repeat(w), map(sub, col, repeat(m))), repeat(s))))
    return [max(-30.0, min(30.0, v)) for v in z]


def test_logits_bit_for_bit_as_the_column_form():
    """Every logit the same float, to the last bit (random models and vectors with zeros of both
    signs, infinities and NaN; the model's own weights over random feature values)."""
    rnd = random.Random(36)
    special = [0.0, -0.0, 1.0, float("inf"), float("-inf"), float("nan"), 1e-300, 30.0]
    model = h.load_model()
    for trial in range(300):
        n = rnd.randint(1, 12)
        if trial % 3 == 0:
            p = model["stage1"] if trial % 2 else model["stage2"]
            n = len(p["coef"])
        else:
            p = {"intercept": rnd.uniform(-8, 8), "coef": [rnd.uniform(-5, 5) for _ in range(n)],
                 "mean": [rnd.uniform(-2, 2) for _ in range(n)], "scale": [rnd.uniform(0.01, 3) for _ in range(n)]}
        xs = [[rnd.choice(special) if rnd.random() < 0.1 else rnd.choice([0.0, 1.0, rnd.uniform(-3, 9)])
               for _ in range(n)] for _ in range(rnd.randint(0, 20))]
        assert [v.hex() for v in h._logits(p, xs)] == [v.hex() for v in _logits_by_columns(p, xs)]


def _plain_doc_stats(rows, body, page_height=792.0):
    """doc_stats as of 28a1381 (``abs``, a split of every row, ``setdefault``)."""
    fam_chars, style_chars, style_rows, style_long, extents, lefts = {}, {}, {}, {}, {}, {}
    total, gaps, prev, prev_body, refs_row = 0, [], None, False, -1
    for i, r in enumerate(rows):
        size, text = r.size, r.text
        k = (size, r.bold >= 0.6, r.italic >= 0.6, r.family, r.upper)
        n = r.nchars
        total += n
        style_chars[k] = style_chars.get(k, 0) + n
        style_rows[k] = style_rows.get(k, 0) + 1
        if len(text.split(None, 12)) > 12:
            style_long[k] = style_long.get(k, 0) + 1
        in_body = abs(size - body) < 0.6
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
        if prev is not None and prev.page == r.page and prev.col == r.col and in_body \
                and prev_body and len(gaps) < 4000:
            g = r.y0 - prev.y1
            if -2 < g < 3 * body:
                gaps.append(g)
        if in_body and len(text) > 40:
            d = lefts.setdefault(pc, {})
            x = int(r.x0 // 2)
            d[x] = d.get(x, 0) + 1
        if refs_row < 0 and r.page > 0 and len(text) < 40 and h.REFS.match(text.strip(" .:")):
            refs_row = i
        prev, prev_body = r, in_body
    body_family = max(fam_chars.items(), key=lambda kv: kv[1])[0] if fam_chars else ""
    text_left = {pc: 2.0 * max(d.items(), key=lambda kv: kv[1])[0] for pc, d in lefts.items()}
    gaps.sort()
    body_gap = gaps[len(gaps) // 2] if gaps else 0.2 * body
    return h.DocStats(body=body, body_family=body_family, body_gap=max(body_gap, 0.2), extents=extents,
                      style_chars=style_chars, style_rows=style_rows, style_long=style_long,
                      total_chars=max(total, 1), page_height=page_height, refs_row=refs_row, text_left=text_left)


def _stats_items(st):
    """Every field, dicts as their (key, value) lists: insertion order counts (max() takes the first)."""
    return [(k, list(v.items()) if isinstance(v, dict) else v) for k, v in sorted(vars(st).items())]


def _random_rows(rnd, n):
    from scholartools.parsing.pdf.extract import Row

    texts = ["References", "2. Methods", "a b c d e f g h i j k l m", "a b c d e f g h i j k l", "a  b c d e f g h i j k l m",
             "x" * 45, "one two three four five six seven eight nine ten eleven twelve thirteen", "", " \t\n"]
    rows = []
    for _ in range(n):
        r = Row(rnd.randint(0, 2), 0)
        if rnd.random() < 0.5:
            r.text = rnd.choice(texts)
        else:
            r.text = " ".join("".join(rnd.choice("ab\u00a0") for _ in range(rnd.randint(0, 3)))
                              for _ in range(rnd.randint(0, 16)))
        r.size = rnd.choice([10.0, 10.6, 9.4, 10.59, 9.41, 12.0, 8.0, 10.0 + rnd.uniform(-1, 1), 0.0, 1.2, 0.6])
        r.bold, r.italic = rnd.choice([0.0, 0.6, 1.0]), rnd.choice([0.0, 0.59, 1.0])
        r.family, r.upper = rnd.choice(["Times", "Helv"]), rnd.random() < 0.2
        r.nchars = len(r.text)
        r.col = rnd.randint(0, 1)
        r.x0 = rnd.uniform(40, 300)
        r.x1 = r.x0 + rnd.uniform(5, 250)
        r.y0 = rnd.uniform(40, 700)
        r.y1 = r.y0 + rnd.uniform(5, 14)
        rows.append(r)
    return rows


def test_doc_stats_as_the_plain_form():
    rnd = random.Random(36)
    for _ in range(300):
        rows = _random_rows(rnd, rnd.randint(0, 60))
        for body in (10.0, 0.6):     # with 0.6, sizes 0.0 and 1.2 lie exactly 0.6 away
            assert _stats_items(h.doc_stats(rows, body)) == _stats_items(_plain_doc_stats(rows, body))


FIXTURE_PDF = __import__("pathlib").Path(__file__).resolve().parents[1] / "fixtures" / "pdfs" / "acl-naacl-2004.pdf"


def _fixture_rows():
    """Every row of a fixture PDF as the heading pass gets them (captured at doc_stats)."""
    args = first_call(h, "doc_stats", FIXTURE_PDF)
    return args["rows"], args["body"], args["page_height"]


def test_doc_stats_logits_and_institution_on_a_pdf():
    import pytest

    if not FIXTURE_PDF.exists():
        pytest.skip("fixture PDF missing")
    rows, body, page_height = _fixture_rows()
    assert len(rows) > 100
    st = h.doc_stats(rows, body, page_height)
    assert _stats_items(st) == _stats_items(_plain_doc_stats(rows, body, page_height))
    assert [h.institution(r.text) for r in rows] == [h.INSTITUTION.search(r.text) is not None for r in rows]
    assert [h._number_only(r.text) for r in rows] == [h._NUMBER_ONLY.match(r.text) is not None for r in rows]
    assert [h._subsub(r.text) for r in rows] == [h._SUBSUB.match(r.text) is not None for r in rows]
    cands = h.candidates(rows, st)
    h.features(rows, cands, st)
    p = h.load_model()["stage1"]
    xs = [c.feats for c in cands]
    assert len(xs) > 20 and [v.hex() for v in h._logits(p, xs)] == [v.hex() for v in _logits_by_columns(p, xs)]
