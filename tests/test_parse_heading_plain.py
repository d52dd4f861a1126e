"""Headings set in the body's own type: no size, weight, face or number of their own, told only by
their place (issue 36, ninth heading round: body-size plain unnumbered standalone headings were the
held-out class st-parse found least). PDFs built here with pymupdf; each assertion names what the
previous release got wrong on that input."""

import pymupdf
import pytest

from pdf_pages import BODY, front, headings_of, para

from scholartools.parsing import parse_path

SUBS = ["Plant material and extraction", "Animals and experimental design", "Statistical analysis"]


def _line(p, y, text, font="tiro", x=72, size=10):
    p.insert_text((x, y + size), text, fontsize=size, fontname=font)
    return y + 1.2 * size


def _plain_subsections(first_indent=0, x=72, w=468):
    def draw(p, y):
        y = _line(p, y, "Methods", "tibo", size=12)
        y = para(p, y + 2, x=x, w=w)
        for s in SUBS:
            y = _line(p, y + 8, s, x=x)           # a short plain line with space above
            if first_indent:                      # a paragraph whose first line is indented
                y = _line(p, y + 2, "Scholarly documents present their argument in sections, and each "
                          "section opens with a heading that", x=x + first_indent)
                y = para(p, y + 1, BODY, x=x, w=w)
            else:
                y = para(p, y + 2, x=x, w=w)
    return draw


def test_plain_body_type_headings_between_paragraphs(tmp_path):
    # set like the body, one line with space above, a paragraph's full first line below: the model
    # alone gave them p 0.18 (nothing of their type is a heading's)
    heads = headings_of(tmp_path, "plain.pdf", _plain_subsections(), first_sections=("Introduction",))
    assert all(s in heads for s in SUBS)


def test_plain_body_type_headings_over_indented_paragraphs_and_in_a_column(tmp_path):
    heads = headings_of(tmp_path, "plain-indent.pdf", _plain_subsections(first_indent=15))
    assert all(s in heads for s in SUBS)
    heads = headings_of(tmp_path, "plain-col.pdf", _plain_subsections(w=225))
    assert all(s in heads for s in SUBS)


def test_plain_short_lines_that_are_no_headings(tmp_path):
    # a short line ending a paragraph, a line closed by a period, a lone plain line: no heading
    def draw(p, y):
        y = _line(p, y, "Methods", "tibo", size=12)
        y = para(p, y + 2)
        y = _line(p, y + 8, "Samples were stored at four degrees.")
        y = para(p, y + 2)
        y = _line(p, y + 8, "Data are available from the authors")   # once in the document: too little
        y = para(p, y + 2)
        y = para(p, y + 8, "A paragraph whose last line is short " + BODY + " and ends in these words")
        para(p, y + 2)
    heads = headings_of(tmp_path, "plain-neg.pdf", draw, first_sections=("Introduction",))
    assert heads == ["Introduction", "Methods"]


def _runin_para(p, y, lead, text, lead_font="helv", x=72, size=10):
    """A paragraph opening with ``lead`` in another face; the top of the next paragraph."""
    w = pymupdf.get_text_length(lead + " ", fontname=lead_font, fontsize=size)
    p.insert_text((x, y + size), lead + " ", fontsize=size, fontname=lead_font)
    p.insert_text((x + w, y + size), text, fontsize=size, fontname="tiro")
    return para(p, y + 1.2 * size, x=x, size=size)


@pytest.mark.parametrize("size", [10, 9])
def test_runin_heads_in_the_face_of_the_documents_headings(tmp_path, size):
    # the headings' face is flagged neither bold nor italic (a bold face whose name hides its weight):
    # standalone headings in it were found, the run-in leads in it were not (nor, set a point smaller
    # than the body as an experimental section may be, once they were)
    leads = ["PCA.", "Admixture analysis.", "Linkage disequilibrium."]

    def draw(p, y):
        y = _line(p, y, "Methods", "tibo", size=12)
        y = para(p, y + 2)
        for s in ["Samples", "Data curation"]:
            y = _line(p, y + 8, s, "helv")
            y = para(p, y + 2)
        for k in range(8):    # lines of a paragraph opening with a name in that face: no heads
            w = pymupdf.get_text_length("SpaceMix ", fontname="helv", fontsize=10)
            p.insert_text((72, y + 10), "SpaceMix ", fontsize=10, fontname="helv")
            p.insert_text((72 + w, y + 10), "for the inferred admixture events of the populations in the "
                          "region, with the", fontsize=10, fontname="tiro")
            y += 12
        y = _line(p, y + 8, "Exploratory analyses", "helv")
        for lead in leads:
            y = _runin_para(p, y + 2, lead, "The analysis was run with the default settings on all", size=size)
    def long_draw(p, y):   # a long paper: the body's style carries many rows (as a real paper's)
        doc = p.parent
        draw(p, y)
        for _ in range(6):
            q, y = doc.new_page(width=612, height=792), 60
            while y < 640:
                y = para(q, y + 4)
    heads = headings_of(tmp_path, "runin-face.pdf", long_draw, first_sections=("Introduction",))
    assert "Exploratory analyses" in heads
    assert all(lead.rstrip(".") in heads for lead in leads)


def test_plain_heading_right_under_a_heading_and_a_lone_standard_one(tmp_path):
    # the first subsection straight under its section's heading (no sentence ends above it), and
    # one plain "Acknowledgments" in a document that has no other plain heading
    def draw(p, y):
        y = _line(p, y, "Methods", "tibo", size=12)
        for s in SUBS:
            y = _line(p, y + (2 if s == SUBS[0] else 8), s)
            y = para(p, y + 2)
    heads = headings_of(tmp_path, "plain-under.pdf", draw, first_sections=("Introduction",))
    assert SUBS[0] in heads

    def draw_ack(p, y):
        y = _line(p, y, "Discussion", "tibo", size=12)
        y = para(p, y + 2)
        y = _line(p, y + 8, "Acknowledgments")
        para(p, y + 2)
    heads = headings_of(tmp_path, "plain-ack.pdf", draw_ack, first_sections=("Introduction",))
    assert heads == ["Introduction", "Discussion", "Acknowledgments"]


def test_plain_headings_over_a_list_and_at_the_top_of_a_page_under_footnotes(tmp_path):
    # a plain heading whose text opens with a list's bullet, and one at the top of a page whose
    # previous page ends in a footnote set small (no sentence's end in reading order before it):
    # both were left out (issue 36, fifteenth round: the body-type family's "Contributions" over
    # its bullets, "Some Useful Fourier Pairs" under a footnote)
    items = "- " + BODY[:BODY.index(".", 200) + 1]
    short = BODY[:BODY.index(".", 300) + 1]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    p.insert_text((72, y + 20), "Methods", fontsize=12, fontname="tibo")
    y = para(p, y + 26, short)
    y = _line(p, y + 8, SUBS[0])
    y = para(p, y + 2, items)
    y = para(p, y + 1, items)
    y = _line(p, y + 8, SUBS[1])
    y = para(p, y + 2, short)
    while y < 600:
        y = para(p, y + 1, short)
    p.insert_text((72, 740), "* The software and its documentation: https://example.org/software/documentation/"
                  "reference/api/the-package-used-in-this-study", fontsize=7, fontname="tiro")
    p = doc.new_page(width=612, height=792)
    y = _line(p, 60, SUBS[2])
    para(p, y + 2, short)
    path = tmp_path / "plain-list-footnote.pdf"
    doc.save(path)
    heads = [s["heading"] for s in parse_path(str(path))["sections"] if s["heading"]]
    assert [h for h in heads if h in SUBS] == SUBS, heads
