"""Headings set in the body's own type: no size, weight, face or number of their own, told only by
their place (issue 36, ninth heading round: body-size plain unnumbered standalone headings were the
held-out class st-parse found least). PDFs built here with pymupdf; each assertion names what the
previous release got wrong on that input."""

import pymupdf

from pdf_pages import BODY, headings_of, para

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
