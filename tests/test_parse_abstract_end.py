"""Where a labelled abstract ends on drawn front pages (issue #36, tenth round): notes set under it
in its own column and type (affiliation footnotes, a "To cite this work" note) are no part of it,
whether set apart by a gap or opening with a note's mark glued to the first word; and the
abstract is not then run on into the next column's body text."""

import pymupdf

from scholartools.parsing import parse_path

from pdf_pages import BODY
from pdf_pages import para

SUMMARY = ("We present a method for modelling time series whose cost grows linearly with the size of the "
           "data set, and we show how it applies to simulated and real observations of stars. ") * 3


def _two_columns(tmp_path, name, notes, gap):
    """A two-column front page: title and author across the page, a labelled abstract in the left
    column ending a sentence, ``notes`` (rows in the abstract's type) ``gap`` points under it, the
    first heading under them, and the right column opening with body text level with the label
    that goes on with a sentence broken off at the left column's foot."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((120, 70), "Fast and scalable modelling of astronomical time series", fontsize=16, fontname="hebo")
    p.insert_text((270, 92), "Ann Author", fontsize=11, fontname="tiro")
    p.insert_text((54, 120), "ABSTRACT", fontsize=11, fontname="tibo")
    y = para(p, 126, SUMMARY, x=54, w=242, size=9)
    y += gap
    for x, text in notes:
        p.insert_text((x, y + 9), text, fontsize=9, fontname="tiro")
        y += 11
    p.insert_text((54, y + 30), "1 INTRODUCTION", fontsize=11, fontname="tibo")
    para(p, y + 36, BODY * 2, x=54, w=242, size=9)
    para(p, 112, "as the number of targets grows. " + BODY * 3, x=318, w=242, size=9)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


def test_notes_set_apart_under_the_abstract_are_not_part_of_it(tmp_path):
    # affiliation notes at the column's foot, two lines under the abstract, in its type: they were
    # read as its last lines, and as they end in no full stop the abstract was then run on into
    # the right column's body text ("as the number of targets grows …")
    rec = _two_columns(tmp_path, "notes_apart.pdf",
                       [(54, "1Sagan Fellow"), (64, "2Astronomy Department, University of Washington, Seattle, WA")],
                       gap=24)
    assert rec["abstract"] == " ".join(SUMMARY.split())


def test_note_opening_with_its_mark_under_the_abstract_is_not_part_of_it(tmp_path):
    # the same note set right under the abstract, indented, its mark glued to the first word
    rec = _two_columns(tmp_path, "notes_mark.pdf", [(64, "1eScience Institute, University of Washington")], gap=2)
    assert rec["abstract"] == " ".join(SUMMARY.split())


def test_abstract_paragraphs_a_line_apart_stay_together(tmp_path):
    # a two-paragraph abstract whose paragraphs are a little apart is one abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Fast and scalable modelling of astronomical time series", fontsize=16, fontname="hebo")
    p.insert_text((72, 102), "Ann Author", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
    second = "In a second paragraph we compare the method with earlier ones and find it faster. " * 2
    y = para(p, 136, SUMMARY)
    y = para(p, y + 4, second)
    p.insert_text((72, y + 24), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 30, BODY * 2)
    path = tmp_path / "two_paras.pdf"
    doc.save(path)
    rec = parse_path(str(path))
    assert rec["abstract"] == " ".join((SUMMARY + second).split())
