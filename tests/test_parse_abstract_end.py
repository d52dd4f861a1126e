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


def _case_report(tmp_path, name, summary, heading_gap=20):
    """A case report's front page: journal line, type label, title, authors, small-print fields
    (affiliations, correspondence, dates, editor, copyright), an unlabelled abstract in the body's
    type, then the first heading and the body."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 60), "Case Reports in Medicine", fontsize=9, fontname="tiro")
    p.insert_text((72, 100), "Case Report", fontsize=10, fontname="hebo")
    p.insert_text((72, 125), "A Rare Cause of Chest Pain in a Young Man", fontsize=16, fontname="hebo")
    p.insert_text((72, 150), "Ann Author,1 Bob Writer,2 and Carl Third1", fontsize=10, fontname="hebo")
    y = para(p, 160, "1Department of Medicine, University Hospital, 12345 City, Country", size=8)
    y = para(p, y + 4, "Correspondence should be addressed to Ann Author; ann@example.org", size=8)
    y = para(p, y + 4, "Received 12 June 2015; Accepted 3 August 2015", size=8)
    y = para(p, y + 4, "Copyright © 2015 Ann Author et al. This is an open access article distributed under the "
                       "Creative Commons Attribution License, which permits unrestricted use.", size=8)
    y = para(p, y + 8, summary, size=9)
    p.insert_text((72, y + heading_gap), "1. Introduction", fontsize=11, fontname="hebo")
    para(p, y + heading_gap + 6, BODY * 2, size=9)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


def test_short_unlabelled_abstract_right_before_the_first_heading_is_kept(tmp_path):
    # a case report's unlabelled abstract of two sentences (26 words), under the small-print
    # fields and right above the first heading, was dropped: unlabelled abstracts needed 40 words
    summary = ("We report a young man with chest pain whose cause was a rare anomaly of the coronary arteries. "
               "Imaging showed the anomaly and surgery corrected it.")
    rec = _case_report(tmp_path, "short.pdf", summary)
    assert rec["abstract"] == summary


def test_short_paragraph_of_one_sentence_is_no_abstract(tmp_path):
    # one sentence of 20-odd words before the first heading (a dedication, a note) is not taken
    summary = ("This report is dedicated to the memory of our colleague who cared for this patient and taught "
               "many of us how to listen to the heart.")
    rec = _case_report(tmp_path, "one_sentence.pdf", summary)
    assert rec["abstract"] is None


def test_first_heading_below_a_right_hand_abstract_ends_it(tmp_path):
    # an abstract set right of an article-info column; the body's first heading, below both at the
    # left margin, was passed over as a row of the side box and the body's first lines joined a
    # short abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((54, 70), "Weighted Losses for Tiny Classifiers", fontsize=16, fontname="hebo")
    p.insert_text((54, 95), "Ann Author", fontsize=11, fontname="tiro")
    p.insert_text((54, 130), "ARTICLE INFO", fontsize=8, fontname="hebo")
    p.insert_text((54, 142), "Keywords:", fontsize=8, fontname="tiro")
    p.insert_text((54, 152), "loss functions", fontsize=8, fontname="tiro")
    p.insert_text((224, 130), "ABSTRACT", fontsize=8, fontname="hebo")
    summary = "We study a weighted loss with a penalty and report what it changes in small classifiers."
    p.insert_text((224, 145), summary, fontsize=8, fontname="tiro")
    p.insert_text((54, 190), "1. Introduction", fontsize=12, fontname="hebo")
    para(p, 196, "A classifier maps an input to one of several classes. " + BODY, x=54, w=240)
    para(p, 180, BODY * 2, x=314, w=240)
    path = tmp_path / "side_heading.pdf"
    doc.save(path)
    assert parse_path(str(path))["abstract"] == summary
