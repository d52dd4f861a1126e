"""An author manuscript's first page under a repository's banner ("HHS Public Access", "Author
manuscript") is no cover sheet when an abstract follows its label on it (issue #36, eleventh round):
the front matter stays on page 1. A cover sheet of fields stays a cover sheet."""

import pymupdf

from scholartools.parsing import parse_path

from pdf_pages import BODY
from pdf_pages import para

SUMMARY = ("This study measured the resistance to airflow of three prototype respirators while ten "
           "subjects breathed through the nose and the mouth at rest and at work. ") * 3
TITLE = "PRESSURE DROP OF FILTERING FACEPIECE RESPIRATORS"


def _manuscript(tmp_path, name, abstract=True):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((131, 35), "HHS Public Access", fontsize=22, fontname="hebo")
    p.insert_text((131, 56), "Author manuscript", fontsize=14, fontname="tiro")
    p.insert_text((131, 72), "Int J Occup Health. Author manuscript; available in PMC 2016 January 01.",
                  fontsize=11, fontname="tiro")
    p.insert_text((90, 140), TITLE, fontsize=14, fontname="hebo")
    p.insert_text((90, 165), "Ann Author1, Bob Writer1 and Carl Third2", fontsize=10, fontname="hebo")
    p.insert_text((90, 185), "1Centers for Disease Control, Pittsburgh, Pennsylvania", fontsize=10, fontname="helv")
    if abstract:
        p.insert_text((90, 215), "Abstract", fontsize=12, fontname="hebo")
        y = para(p, 225, SUMMARY, x=108, w=400)
        p.insert_text((90, y + 20), "Keywords", fontsize=12, fontname="hebo")
        p.insert_text((108, y + 36), "respirators; breathing resistance", fontsize=10, fontname="tiro")
    p = doc.new_page(width=612, height=792)
    p.insert_text((90, 80), "INTRODUCTION", fontsize=12, fontname="hebo")
    y = para(p, 90, BODY * 3, x=90, w=430)
    p.insert_text((90, y + 20), "METHODS", fontsize=12, fontname="hebo")
    para(p, y + 30, BODY * 3, x=90, w=430)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


def test_banner_over_the_first_page_with_its_abstract_is_no_cover(tmp_path):
    # two banner lines and the "Abstract"/"Keywords" labels counted as a cover sheet's fields: the
    # front matter was sought on page 2, where "METHODS" became the title and no abstract was found
    rec = _manuscript(tmp_path, "manuscript.pdf")
    assert rec["title"] == TITLE
    assert rec["abstract"] == " ".join(SUMMARY.split())
