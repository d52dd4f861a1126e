"""The title on drawn front pages whose journal name is set larger than the title with no citation
row naming it (issue #36, tenth round)."""

import pymupdf
import pytest

from scholartools.parsing import parse_path

from pdf_pages import BODY
from pdf_pages import para

TITLE = ("Antimicrobial Activity of Essential Oils from", "Ocimum sanctum against Oral Pathogens")


def _front(tmp_path, name, banner, x=72):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((x, 60), banner, fontsize=20, fontname="tibo")
    p.insert_text((72, 140), TITLE[0], fontsize=16, fontname="hebo")
    p.insert_text((72, 160), TITLE[1], fontsize=16, fontname="hebo")
    p.insert_text((72, 185), "Ann Author, Bob Writer", fontsize=10, fontname="tiro")
    p.insert_text((72, 210), "Abstract", fontsize=11, fontname="hebo")
    y = para(p, 215, "We tested the oils against five bacteria and found them active at low doses. " * 5)
    p.insert_text((72, y + 20), "Introduction", fontsize=11, fontname="hebo")
    para(p, y + 26, BODY * 3)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


@pytest.mark.parametrize("banner", ["The Open Dentistry Journal", "Iranian Journal of Pharmaceutical Research"])
def test_journal_name_set_larger_than_the_title_is_not_the_title(tmp_path, banner):
    # the journal's name, set larger than the title at the top of the page, was taken as the title
    # when no citation row ("… Journal, 2015, 9, 120") named it
    rec = _front(tmp_path, "journal.pdf", banner)
    assert rec["title"] == " ".join(TITLE)


def test_title_with_the_word_journal_in_it_stays_the_title(tmp_path):
    # a title that uses the word in a sentence is no journal name
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Writing a Journal Article in Six Weeks", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author", fontsize=10, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=11, fontname="hebo")
    y = para(p, 135, "We describe a plan that helps authors write an article in six weeks. " * 5)
    p.insert_text((72, y + 20), "Introduction", fontsize=11, fontname="hebo")
    para(p, y + 26, BODY * 3)
    path = tmp_path / "writing.pdf"
    doc.save(path)
    assert parse_path(str(path))["title"] == "Writing a Journal Article in Six Weeks"
