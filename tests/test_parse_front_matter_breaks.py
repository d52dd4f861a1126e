"""Abstracts lost or polluted at column and page breaks, and short or unusual ones (issue #36,
sixteenth round): an abstract that runs on into the body's next column or page, one cut at a
column's or page's foot, one split by a line in an emphasis face, a one-sentence inset abstract, a
short abstract the heading model takes for a heading, and a side box's label read on one row with
the abstract's. Drawn with pymupdf; each test names what the round's starting code did."""

import pymupdf
import pytest

from pdf_pages import BODY, lift_scores, para, saved_record
from tools.evaluate_parse import record_headings

_save = saved_record

TITLE = "Relative cues for section headings in documents"
SENTENCES = ("Abstracts that run over a break are cut by parsers that read only the first column or page of "
             "a paper. This abstract is long enough to fill the space left below the title and to go on in "
             "the next place where text is set, so the parser must join both parts into one abstract and "
             "leave the body alone. ")


def _words_that_fit(rect, words, size, font):
    """How many of ``words`` a text box ``rect`` holds."""
    lo, hi = 1, len(words)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pymupdf.open().new_page().insert_textbox(rect, " ".join(words[:mid]), fontsize=size, fontname=font) >= 0:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _fill(rect, words, ending, size=9.5, font="tiro"):
    """The text of ``words`` that fills ``rect`` to its foot, ending with ``ending``."""
    n = _words_that_fit(rect, words, size, font)
    while n > 0:
        text = " ".join(words[:n]).rstrip(".,;:") + " " + ending
        if _words_that_fit(rect, text.split(), size, font) == len(text.split()):
            return text
        n -= 1
    raise AssertionError("nothing fits")


def _front(p, label=True, top=480):
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_textbox(pymupdf.Rect(72, 115, 540, 400), "Department of Examples, University of Somewhere, "
                     "1 Example Road, Sometown, Country. " * 3, fontsize=8, fontname="tiit")
    if label:
        p.insert_text((72, top - 6), "Abstract", fontsize=10, fontname="hebo")


def _body_pages(doc, n=1, size=9.5):
    for _ in range(n):
        p = doc.new_page(width=612, height=792)
        para(p, 60, BODY * 3, x=72, w=225, size=size)
        para(p, 60, BODY * 3, x=315, w=225, size=size)


@pytest.mark.parametrize("ending", ["colon", "sentence"])
def test_abstract_filling_its_column_goes_on_atop_the_next_one(tmp_path, ending):
    # the abstract fills the left column to its foot; its rest opens the right column level with
    # the label and runs to the first heading. It was cut at the column's foot (the right column's
    # rows were passed over as a side box).
    top = 480
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, top=top)
    left = _fill(pymupdf.Rect(72, top, 297, 745), (SENTENCES * 4).split(),
                 "as follows:" if ending == "colon" else "and more.")
    p.insert_textbox(pymupdf.Rect(72, top, 297, 745), left, fontsize=9.5, fontname="tiro")
    rest = ("the rest of the abstract goes on here in the right column and ends its last sentence before "
            "the first heading of the paper.") if ending == "colon" else \
        ("The rest of the abstract goes on here in the right column and ends its last sentence before "
         "the first heading of the paper.")
    rc = p.insert_textbox(pymupdf.Rect(315, top - 14, 540, 745), rest, fontsize=9.5, fontname="tiro")
    y = 745 - rc + 20
    p.insert_text((315, y), "1 Introduction", fontsize=11, fontname="hebo")
    para(p, y + 6, BODY, x=315, w=225, size=9.5)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "colfoot.pdf")
    assert " ".join(rec["abstract"].split()) == " ".join((left + " " + rest).split())


def test_the_bodys_first_heading_atop_the_next_column_ends_the_abstract(tmp_path):
    # the abstract fills the left column and ends a sentence; the right column opens with the
    # first heading and the introduction. Those rows were passed over as a side box's, and the
    # abstract went on with the body text at the top of the next page.
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, top=480)
    text = _fill(pymupdf.Rect(72, 480, 297, 745), (SENTENCES * 4).split(), "and more.")
    p.insert_textbox(pymupdf.Rect(72, 480, 297, 745), text, fontsize=9.5, fontname="tiro")
    p.insert_text((315, 476), "1 Introduction", fontsize=11, fontname="hebo")
    para(p, 482, BODY * 2, x=315, w=225, size=9.5)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "headnext.pdf")
    assert " ".join(rec["abstract"].split()) == " ".join(text.split())


def test_the_introduction_atop_the_next_column_is_not_the_abstracts_rest(tmp_path):
    # the abstract ends in a link (no full stop); the first heading and the introduction follow in
    # its column, which breaks off mid-sentence at the foot; the right column goes on with the
    # introduction in lower case. It was joined to the abstract as its rest.
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, top=300)
    abstract = SENTENCES.strip() + " https://example.org/code"
    rc = p.insert_textbox(pymupdf.Rect(72, 300, 297, 745), abstract, fontsize=9.5, fontname="tiro")
    y = 745 - rc + 20
    p.insert_text((72, y), "1 Introduction", fontsize=11, fontname="hebo")
    intro = _fill(pymupdf.Rect(72, y + 6, 297, 745), (BODY * 10).split(), "and the")
    p.insert_textbox(pymupdf.Rect(72, y + 6, 297, 745), intro, fontsize=9.5, fontname="tiro")
    p.insert_textbox(pymupdf.Rect(315, 286, 540, 745), "rest of the introduction goes on here. " + BODY * 3,
                     fontsize=9.5, fontname="tiro")
    _body_pages(doc)
    rec = _save(doc, tmp_path, "intronext.pdf")
    assert " ".join(rec["abstract"].split()) == " ".join(abstract.split())


def test_an_abstract_in_a_face_of_its_own_goes_on_over_the_page(tmp_path):
    # an unlabelled bold abstract set at the foot of the front page goes on at the top of the next
    # page, before the first heading: only its first page was read
    top = 600
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, label=False)
    words = (SENTENCES * 3).split()
    n = _words_that_fit(pymupdf.Rect(72, top, 540, 745), words, 10, "tibo")
    p.insert_textbox(pymupdf.Rect(72, top, 540, 745), " ".join(words[:n]), fontsize=10, fontname="tibo")
    q = doc.new_page(width=612, height=792)
    rest = " ".join(words[n:n + 20]) + " and so it ends."
    rc = q.insert_textbox(pymupdf.Rect(72, 60, 540, 400), rest, fontsize=10, fontname="tibo")
    y = 400 - rc + 24
    q.insert_text((72, y), "1 Introduction", fontsize=12, fontname="hebo")
    para(q, y + 6, BODY * 3, size=10)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "pagetail.pdf")
    assert " ".join(rec["abstract"].split()) == " ".join(words[:n] + rest.split())


EMPHASIS_ONE = ("The main obstacles to sensing everywhere are the limits of batteries, which are short-lived "
                "and costly, and the changing power around us, which comes and goes, and in this paper we "
                "present")
EMPHASIS_LINE = "the Coalesced Intermittent Sensor,"
EMPHASIS_TWO = ("a group of nodes that senses all the time although each node is often off. Nodes spread their "
                "waking times apart, so the group answers every event once. We show how the nodes estimate "
                "how many neighbours are awake and respond in proportion, and we measure the gain.")


def _emphasis_page(tmp_path, label, face, name, pitch):
    """An abstract (labelled and in the body's face, or unlabelled and bold) drawn line by line
    ``pitch`` apart, one line set wholly in ``face``, then a heading."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = 140
    if label:
        p.insert_text((72, y), "Abstract", fontsize=10, fontname="hebo")
        y += pitch
    font = "tiro" if label else "tibo"

    def lines(text):
        words = text.split()
        return [" ".join(words[k:k + 9]) for k in range(0, len(words), 9)]
    for line, f in [(t, font) for t in lines(EMPHASIS_ONE)] + [(EMPHASIS_LINE, face)] + \
            [(t, font) for t in lines(EMPHASIS_TWO)]:
        p.insert_text((72, y), line, fontsize=10, fontname=f)
        y += pitch
    p.insert_text((72, y + 14), "1 Introduction", fontsize=12, fontname="hebo")
    para(p, y + 20, BODY * 3, size=10)
    _body_pages(doc)
    return _save(doc, tmp_path, name)


def test_a_line_in_an_emphasis_face_does_not_split_an_unlabelled_abstract(tmp_path):
    # a line of the bold abstract is set wholly in another bold face (a name the authors give): the
    # paragraph broke there and only its second half (over 40 words) was taken
    rec = _emphasis_page(tmp_path, False, "hebo", "emph1.pdf", 12)
    assert rec["abstract"] == " ".join(f"{EMPHASIS_ONE} {EMPHASIS_LINE} {EMPHASIS_TWO}".split())


def test_a_line_in_an_emphasis_face_does_not_end_a_labelled_abstract(tmp_path):
    # a double-spaced manuscript's labelled abstract in the body's face, a line wholly in another,
    # bold face: it ended at that line
    rec = _emphasis_page(tmp_path, True, "hebo", "emph2.pdf", 22)
    assert rec["abstract"] == " ".join(f"{EMPHASIS_ONE} {EMPHASIS_LINE} {EMPHASIS_TWO}".split())


def test_a_field_set_apart_under_an_inset_abstract_is_no_emphasised_line(tmp_path):
    # an inset unlabelled abstract, then a run-in "CCS Concepts:" field in bold set a little apart
    # and its roman second line: the emphasis rule must not join the field to the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    rc = p.insert_textbox(pymupdf.Rect(110, 130, 500, 400), SENTENCES, fontsize=9, fontname="tiro")
    y = 400 - rc + 6
    p.insert_text((110, y + 9), "CCS Concepts: Computing methodologies; Information systems;", fontsize=9,
                  fontname="tibo")
    p.insert_text((110, y + 20), "Document representation; Layout analysis.", fontsize=9, fontname="tiro")
    p.insert_text((72, y + 50), "1 Introduction", fontsize=12, fontname="hebo")
    para(p, y + 56, BODY * 3, size=10)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "ccs.pdf")
    assert rec["abstract"] == " ".join(SENTENCES.split())


def test_a_one_sentence_inset_abstract_under_the_title_is_the_abstract(tmp_path):
    # a short unlabelled abstract of one sentence, inset on both sides, between the author line and
    # the first heading: an unlabelled abstract needed 20 words and two sentences
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 80), "Weighted losses for tiny classifiers", fontsize=17, fontname="hebo")
    p.insert_text((260, 105), "Ann Author", fontsize=12, fontname="tiro")
    sentence = "We study a weighted loss with a penalty and report what it changes."
    p.insert_text((130, 140), sentence, fontsize=10, fontname="tiro")
    p.insert_text((72, 170), "1 Introduction", fontsize=12, fontname="hebo")
    y = para(p, 176, BODY * 2, size=10)
    p.insert_text((72, y + 16), "2 Method", fontsize=12, fontname="hebo")
    para(p, y + 22, BODY * 2, size=10)
    rec = _save(doc, tmp_path, "tiny.pdf")
    assert rec["abstract"] == sentence


def test_a_short_first_paragraph_at_the_bodys_width_is_no_abstract(tmp_path):
    # the same sentence set at the body's full width, in its type, is the body's opening line
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 80), "Weighted losses for tiny classifiers", fontsize=17, fontname="hebo")
    p.insert_text((260, 105), "Ann Author", fontsize=12, fontname="tiro")
    para(p, 130, "We study a weighted loss with a penalty and report what it changes in the classifiers "
                 "that we train.", size=10)
    p.insert_text((72, 170), "1 Introduction", fontsize=12, fontname="hebo")
    y = para(p, 176, BODY * 2, size=10)
    p.insert_text((72, y + 16), "2 Method", fontsize=12, fontname="hebo")
    para(p, y + 22, BODY * 2, size=10)
    rec = _save(doc, tmp_path, "notiny.pdf")
    assert not rec["abstract"]


SHORT = ("A mock manuscript made with a notebook tool. The packages were used to set the text in the "
         "publisher's format.")


def test_a_short_abstract_under_its_label_taken_for_a_heading_is_the_abstract(tmp_path, monkeypatch):
    # two lines in a small sans type under "Abstract": the heading model took them for the first
    # heading (simulated by raising its score), and the abstract came out empty
    lift_scores(monkeypatch, 0.9, lambda c: c.text.startswith("A mock manuscript"))
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 135), "Abstract", fontsize=10, fontname="hebo")
    p.insert_textbox(pymupdf.Rect(72, 141, 400, 200), SHORT, fontsize=9, fontname="helv")
    p.insert_text((72, 200), "1. Introduction", fontsize=10, fontname="hebo")
    y = para(p, 206, BODY * 2, x=72, w=225, size=8)
    para(p, 190, BODY * 2, x=315, w=225, size=8)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "shortlabel.pdf")
    assert rec["abstract"] == SHORT


INFO = ("Front pages of journal articles carry side boxes with the article history and keywords beside the "
        "abstract. A parser must read the abstract from its own column and not from the box. ")


@pytest.mark.parametrize("size", [8, 10])
def test_box_label_and_abstract_label_read_as_one_row(tmp_path, size):
    # "Article Info" and "Abstract" in one face on one baseline come out as one row; no label was
    # found and the abstract lost its first line (or, set in the box's size, all of it)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 85), TITLE, fontsize=17, fontname="tiro")
    p.insert_text((72, 108), "Jane Doe, John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 140), "Article Info", fontsize=8, fontname="hebo")
    p.insert_text((230, 140), "Abstract", fontsize=8, fontname="hebo")
    y = 156
    for t in ("Article history:", "Received 12 May 2020", "Accepted 9 July 2020", "", "Keywords:",
              "Section headings", "Layout analysis"):
        if t:
            p.insert_text((72, y), t, fontsize=8, fontname="tiit" if t.endswith(":") else "tiro")
        y += 10
    rc = p.insert_textbox(pymupdf.Rect(230, 150, 540, 400), INFO * 2, fontsize=size, fontname="tiro")
    y = max(400 - rc, y) + 20
    p.insert_text((72, y + 10), "1. Introduction", fontsize=10, fontname="tibo")
    para(p, y + 16, BODY, x=72, w=225, size=9.5)
    para(p, y, BODY * 2, x=315, w=225, size=9.5)
    _body_pages(doc)
    rec = _save(doc, tmp_path, "onerow.pdf")
    assert rec["abstract"] == " ".join((INFO * 2).split())


BOXED = ("Front pages of journal articles carry side boxes with the article history and keywords beside "
         "the abstract. A parser must read the abstract from its own column and not from the box. This "
         "abstract sits in its own column, and the box holds dates of receipt and acceptance and a list of "
         "keywords. ") * 2


def test_a_box_beside_the_abstract_whose_first_line_reads_as_a_heading(tmp_path):
    # the info box on the right, the abstract in a type a little smaller than the body's: its first
    # line, right under the label, was read as a heading and the abstract lost it
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 60), "Research Article", fontsize=10, fontname="hebo")
    p.insert_text((72, 85), TITLE, fontsize=17, fontname="tiro")
    p.insert_text((72, 108), "Jane Doe, John Smith", fontsize=11, fontname="tiro")
    p.draw_line((72, 125), (540, 125), width=0.5)
    p.insert_text((380, 140), "ARTICLE INFO", fontsize=8, fontname="hebo")
    p.insert_text((72, 140), "ABSTRACT", fontsize=8, fontname="hebo")
    y = 156
    for t in ("Article history:", "Received 12 May 2020", "Received in revised form 3 June 2020",
              "Accepted 9 July 2020", "Available online 20 July 2020", "", "Keywords:", "Section headings",
              "Layout analysis", "Document parsing", "Front matter", "Reading order"):
        if t:
            p.insert_text((380, y), t, fontsize=8, fontname="tiit" if t.endswith(":") else "tiro")
        y += 10
    rc = p.insert_textbox(pymupdf.Rect(72, 150, 362, 400), BOXED, fontsize=9, fontname="tiro")
    y = max(400 - rc + 10, y) + 10
    p.draw_line((72, y - 6), (540, y - 6), width=0.5)
    p.insert_text((72, y + 10), "1. Introduction", fontsize=10, fontname="tibo")
    para(p, y + 16, BODY, x=72, w=225, size=9.5)
    para(p, y, BODY + " " + BODY, x=315, w=225, size=9.5)
    rec = _save(doc, tmp_path, "rightbox.pdf")
    assert rec["abstract"] == " ".join(BOXED.split())


def test_a_code_line_joined_to_a_paragraph_does_not_set_its_type(tmp_path):
    # a paragraph of the body with a line in a typewriter face at its middle (joined to it as an
    # emphasised line) was read as a paragraph "in another type" and taken for the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = para(p, 130, SENTENCES, x=100, w=412, size=10)
    p.insert_text((72, y + 14), "1 Introduction", fontsize=12, fontname="hebo")
    y = para(p, y + 20, BODY, size=10) + 16
    for k, (line, font) in enumerate([("The class is chosen with the template style given to the", "tiro"),
                                      ("document class, and each style sets its own fonts and", "tiro"),
                                      ("documentclass[acmsmall]{acmart}", "cour"),
                                      ("margins; the journals use three styles and the proceedings", "tiro"),
                                      ("use one, as the guide explains at length for authors.", "tiro")]):
        p.insert_text((72, y + 12 * k), line, fontsize=10, fontname=font)
    y += 80
    p.insert_text((72, y), "2 Method", fontsize=12, fontname="hebo")
    para(p, y + 6, BODY * 2, size=10)
    rec = _save(doc, tmp_path, "codeline.pdf")
    assert rec["abstract"] == " ".join(SENTENCES.split())


@pytest.mark.parametrize("ending", ["and the", "and more."])
def test_an_abstract_in_the_bodys_face_goes_on_over_the_page_to_the_first_heading(tmp_path, ending):
    # an unlabelled abstract in the body's own face, right above the first heading but set at the
    # foot of the front page: its rest on the next page (a broken-off sentence, or a paragraph
    # running on to the heading) was left out
    top = 600
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, label=False)
    first = _fill(pymupdf.Rect(72, top, 540, 745), (SENTENCES * 3).split(), ending, size=10)
    p.insert_textbox(pymupdf.Rect(72, top, 540, 745), first, fontsize=10, fontname="tiro")
    q = doc.new_page(width=612, height=792)
    rest = ("rest of it is set on the next page and ends before the first heading." if ending == "and the"
            else "The rest of it is set on the next page and ends before the first heading.")
    q.insert_text((72, 70), rest, fontsize=10, fontname="tiro")
    q.insert_text((72, 100), "1 Introduction", fontsize=12, fontname="hebo")
    para(q, 106, BODY * 3, size=10)
    _body_pages(doc, 2, size=10)
    rec = _save(doc, tmp_path, "pagetail2.pdf")
    assert " ".join(rec["abstract"].split()) == " ".join((first + " " + rest).split())


PARTS = [("Background", "Parsers read front pages in many layouts and lose the abstract when its parts stand apart."),
         ("Methods", "We drew pages with the parts set as small headings on rows of their own, with and without "
                     "a label."),
         ("Results", "The abstract was read whole in some layouts and lost in others, as the table shows."),
         ("Conclusions", "Parts set apart need their own rule, which we describe here in a few words.")]


def _parts_page(tmp_path, name, font, size, colon):
    """An unlabelled structured abstract whose part titles stand on rows of their own."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = 140
    for h, t in PARTS:
        p.insert_text((72, y + 10), h + (":" if colon else ""), fontsize=size, fontname=font)
        y += 13
        rc = p.insert_textbox(pymupdf.Rect(72, y, 540, 400), t, fontsize=9.5, fontname="tiro")
        y = 400 - rc + 6
    p.insert_text((72, y + 12), "Keywords: front matter, abstracts, layout", fontsize=9, fontname="tiro")
    p.insert_text((72, y + 42), "Introduction", fontsize=12, fontname="hebo")
    para(p, y + 48, BODY, x=72, w=225, size=10)
    para(p, y + 32, BODY * 2, x=315, w=225, size=10)
    _body_pages(doc, size=10)
    return _save(doc, tmp_path, name)


@pytest.mark.parametrize("font,size,colon", [("hebo", 9.5, False), ("hebo", 11, False), ("tibo", 9.5, True)])
def test_unlabelled_structured_abstract_with_part_titles_on_rows_of_their_own(tmp_path, font, size, colon):
    # no "Abstract" label; "Background", "Methods" … as small headings over short texts: they were
    # read as the paper's first four headings and the abstract was lost (with colons, in the
    # body's bold: each part was a paragraph too short to be an abstract)
    rec = _parts_page(tmp_path, "parts.pdf", font, size, colon)
    want = " ".join(h + (":" if colon else "") + " " + t for h, t in PARTS)
    assert rec["abstract"] == " ".join(want.split())
    assert record_headings(rec) == ["Introduction"]


def test_body_sections_named_like_abstract_parts_are_no_abstract(tmp_path):
    # a paper without an abstract whose sections are Background, Methods, Results, Conclusions,
    # each long: they stay the body's headings
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), TITLE, fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = 130
    for h, _ in PARTS:
        p.insert_text((72, y + 12), h, fontsize=12, fontname="hebo")
        y = para(p, y + 18, BODY * 3, size=10)
        if y > 600:
            p = doc.new_page(width=612, height=792)
            y = 60
    rec = _save(doc, tmp_path, "imrad.pdf")
    assert not rec["abstract"]
    assert record_headings(rec) == [h for h, _ in PARTS]


CCS = "".join(chr(0x1D44E + ord(c) - ord("a")) if c.isalpha() and c.islower() and c != "h" else c
              for c in "<concept_id> 10010147.10010178 </concept_id> <concept_desc> computing methodologies")


def test_markup_typeset_in_math_italic_is_no_abstract():
    # a CCS XML block typeset in math italic, its text lines joined to it as emphasised lines, was
    # a paragraph "in another type" and taken for the abstract (one LaTeX class's build)
    from scholartools.parsing.pdf.frontmatter import _math_letters
    assert _math_letters(CCS)
    assert not _math_letters("We study a weighted loss with a penalty 𝜆 and report what it changes.")

