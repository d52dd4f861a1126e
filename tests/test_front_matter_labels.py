"""Front-matter labels typed as front matter, and article-type labels kept out of titles (issue #36,
sixteenth round; classes 1 and 6 of the held-out report)."""

import pymupdf
import pytest

from pdf_pages import BODY, para, saved_record
from scholartools.text.sections import section_type


@pytest.mark.parametrize("heading", ["K E Y W O R D S", "A R T I C L E  I N F O", "A R T I C L E I N F O",
                                     "Keywords and phrases", "Additional Key Words and Phrases",
                                     "Mathematics Subject Classification (2020)", "AMS subject classifications",
                                     "Key Points", "Research Highlights"])
def test_front_page_labels_are_front_matter(heading):
    # each was typed "other" and, emitted as a heading, counted among the body's sections
    assert section_type(heading) == "front_matter"


@pytest.mark.parametrize("heading,kind", [("a b s t r a c t", "abstract"), ("Results", "results"),
                                          ("A B C", "other"), ("Key findings of the trial", "results")])
def test_other_headings_keep_their_types(heading, kind):
    assert section_type(heading) == kind


TITLE = ("Relative cues for section headings in documents", "with unusual front pages and banners")


@pytest.mark.parametrize("label", ["Letter to the Editor", "Systematic Review and Meta-Analysis"])
def test_type_label_in_the_titles_own_type_above_it_is_no_part_of_it(tmp_path, label):
    # the label in the title's face and size one line above it was read as the title's first line
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 70), label, fontsize=17, fontname="hebo")
    p.insert_text((72, 93), TITLE[0], fontsize=17, fontname="hebo")
    p.insert_text((72, 113), TITLE[1], fontsize=17, fontname="hebo")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 168), "Abstract", fontsize=10, fontname="tibo")
    y = para(p, 174, "We test whether labels are kept out of titles. " * 6)
    p.insert_text((72, y + 14), "1 Introduction", fontsize=12, fontname="tibo")
    para(p, y + 20, BODY)
    rec = saved_record(doc, tmp_path, "label.pdf")
    assert rec["title"] == " ".join(TITLE)
