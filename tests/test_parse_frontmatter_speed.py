"""The cheap-test-first helpers of frontmatter.py answer as the patterns and the plain forms they
stand in for (issue 36): ``_hard_noise`` as ``_HARD_NOISE.search``, ``_cover_text`` as
``_COVER_TEXT.search``, ``_unmark`` as ``_SUPER.sub``, ``connective_end`` (headings) as
``CONNECTIVE.search``,
and ``_journal_name`` over the rows' keys made on demand as over every row's key. Random strings
over the characters and words the patterns name (letters whose case-blind match goes beyond ASCII
included), and every row of a fixture PDF."""

import random
from pathlib import Path

import pytest

from scholartools.parsing.pdf import frontmatter as fm
from speed_helpers import random_strings

ALPHABET = list("aAsSkKiIdDoOpPrRvVlLcCeEnNtTwWhHxXyYuUbB .,:;(@+-/_0123456789\n\t") \
    + ["ſ", "K", "ı", "İ", "©", "∗", "†", "‡", "§", "¶", "#", "⋆", "✉", "٣", "é", "Ω"]
WORDS = ["arXiv", "ARXIV", "https:", "http:", "www.", "WWW.", "©", "doi", "DOI", "d.o.i", "a@b.c", "x@y-z.q",
         "copyright", "Copyright", "licence", "License", "LICENSE", "issn", "ISSN", "received:", "Received:",
         "accepted:", "ACCEPTED:", "published:", "Published online:", "published online", "vol.", "Vol.",
         "volume 3", "Volume 12", "pp. 4", "PP. 1", "2019, 12:", "2020; 4(", "1999 ,  7 (", "ſ", "\u212a",
         "Smith", "and", "Jane Doe", "HHS Public Access", "Author Manuscript", "eScholarship",
         "see discussions, stats, and author profiles", "Your use of the JSTOR archive", "hhs publıc access",
         "this content downloaded from", "Powered by the California Digital", "author  manuscript", "1,2", "*", "∗", "†", "‡", "§", "¶", "#", "⋆", "✉", "٣", " ", ", ", "Metabolites", "and", " and ", "band", "andy", "&", "·", "Smith and Jones"]


_NAME_SEP_PLAIN = __import__("re").compile(r",|\band\b|&|·")


def _strings(n: int = 5000):
    return random_strings(ALPHABET, WORDS, n)


def test_patterns_are_the_ones_the_helpers_were_read_from():
    """_hard_noise's strings and _unmark's marks were read off these patterns: a change to either
    pattern needs the helper looked at again (then update the source here)."""
    assert fm._HARD_NOISE.pattern == (
        r"arxiv|https?:|www\.|©|\bdoi\b|[\w.+-]@[\w-]+\.\w|copyright|licen[cs]e|\bissn\b|received:|accepted:|"
        r"published( online)?:|vol\.|volume \d|pp\. \d|\d{4}\s*[,;]\s*\d+\s*[:(]")
    # _NAME_SEP is r",|\band\b|&|·" with every branch opening on its literal
    assert fm._NAME_SEP.pattern == r",|&|·|a(?<=\ba)nd\b"
    assert fm._SUPER.pattern == r"(?<=[^\W\d_])[\d,*∗†‡§¶#⋆✉]+(?=\s|,|$)|\s[\d,*∗†‡§¶#⋆✉]+(?=\s|,|$)|[∗*†‡§¶⋆✉#]+"


def test_helpers_answer_as_their_patterns():
    noisy = marked = cover = 0
    assert fm._COVER_PHRASES    # the pattern is plain phrases: the fast path is taken
    for t in _strings():
        want = fm._HARD_NOISE.search(t) is not None
        assert fm._hard_noise(t) == want, t
        noisy += want
        want = fm._COVER_TEXT.search(t) is not None
        assert fm._cover_text(t) == want, t
        cover += want
        assert fm.connective_end(t) == (fm.CONNECTIVE.search(t) is not None), t
        assert fm._NAME_SEP.split(t) == _NAME_SEP_PLAIN.split(t), t
        assert fm._unmark(t) == fm._SUPER.sub(" ", t), t
        marked += fm._unmark(t) != t
    assert noisy > 500 and marked > 500 and cover > 500     # both answers were tried, often


def _journal_name_plain(text, keys):
    """frontmatter._journal_name as it was, over every row's key."""
    k = fm.words_key(text)
    if not k or len(k.split()) > 7:
        return False
    opening = k + " "
    if any(o != k and o.startswith(opening) and fm._CITATION_TAIL.search(o[len(k):]) for o in keys):
        return True
    if len(k.split()) > 3:
        return False
    inner = " " + k + " "
    for o in keys:
        at = o.find(inner)
        while at >= 0:
            if fm._YEAR_VOLUME.match(o, at + len(k) + 2):
                return True
            at = o.find(inner, at + 1)
    return False


def test_journal_name_on_random_rows():
    rnd = random.Random(5)
    names = ["Metabolites", "Medicine", "Nature", "Journal of Things", "Acta Foo", "BMC Biology", "İstanbul", "ΣΟΦΙΑ"]
    tails = [" 2014, 4, 932-945; doi:10.1/x", " 2006, 6:3", " (2020) 99:49", " vol 3", ". Volume 2", " is here", ""]
    for _ in range(300):
        rows = []
        for _ in range(rnd.randint(0, 12)):
            rows.append(rnd.choice(["Li et al. ", "", "see ", "trial. "]) + rnd.choice(names) + rnd.choice(tails)
                        + rnd.choice(["", " İİ", " ΟΔΟΣ", "\n", "  x"]))
        cited = fm._CitedNames(rows)
        keys = [fm.words_key(t) for t in rows]
        for text in names + ["Journal", "of Things", "2014", "nothing at all", "", "a b c d e f g h"]:
            assert fm._journal_name(text, cited) == _journal_name_plain(text, keys), (text, rows)


@pytest.mark.parametrize("pdf", ["acl-naacl-2004.pdf", "tpl-bare_jrnl.pdf"])
def test_helpers_on_every_row_of_a_fixture(pdf):
    from scholartools.parsing.pdf import read_pdf

    rows = read_pdf(str(Path(__file__).resolve().parents[1] / "fixtures" / "pdfs" / pdf))["rows"]
    texts = [r.text for r in rows]
    cited = fm._cited_names(rows, 0)
    keys = [fm.words_key(t) for t in texts]
    for t in texts:
        assert fm._hard_noise(t) == (fm._HARD_NOISE.search(t) is not None)
        assert fm._cover_text(t) == (fm._COVER_TEXT.search(t) is not None)
        assert fm._unmark(t) == fm._SUPER.sub(" ", t)
        assert fm._journal_name(t, cited) == _journal_name_plain(t, keys)
