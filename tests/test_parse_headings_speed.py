"""The string-method helpers of headings.py answer as the patterns they stand in for (issue 36):
each is checked against its pattern on random strings over the characters the pattern names
(letters whose case-blind match goes beyond ASCII — "ſ" for "s", "K" for "k" — included)."""

import random

from scholartools.parsing.pdf import headings as h

ALPHABET = list("aAsSkKiIdDeErRnNtTfFhHoOyYmMuUlLcCgGbBvVwWpP .,:;!?'\")]([-/@_1234567890\n\t") \
    + ["ſ", "K", "ı", "İ", "‐", "‑", "–", "—", "\u2011", "é", "٣", "²", "ǅ"]
WORDS = ["and", "or", "of", "the", "between", "versus", "vs.", "University", "INSTITUTE", "Dept.", "road",
         "USA", "u.s.a", "uk", "@", "http:", "www.", ".com", ".org", "doi.org", "research centre", "school of",
         "center for", "ſtreet", "Ltd", "foo", "Bar", "(", ")", "?", "\n", "-", "\u2011", "'", "\"", "]"]


def _strings(n: int = 4000):
    rnd = random.Random(36)
    for _ in range(n):
        parts = []
        for _ in range(rnd.randint(0, 6)):
            if rnd.random() < 0.5:
                parts.append(rnd.choice(WORDS))
            else:
                parts.append("".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, 5))))
        yield rnd.choice(["", " "]).join(parts)


def test_helpers_answer_as_their_patterns():
    pairs = [
        (h.sent_end, lambda t: h.SENT_END.search(t) is not None),
        (h._urlish, lambda t: h._URLISH.search(t) is not None),
        (h.institution, lambda t: h.INSTITUTION.search(t) is not None),
        (h.connective_end, lambda t: h.CONNECTIVE.search(t) is not None),
        (h._title_end, lambda t: h._TITLE_END.search(t) is not None),
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
