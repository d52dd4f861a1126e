"""A title set in two sizes (issue #36, eleventh round): its first part, ending in a colon, set
smaller right above the larger rest, is part of it; a smaller line above without the colon (a
journal's running line) is not."""

import pymupdf

from scholartools.parsing import parse_path

from pdf_pages import BODY
from pdf_pages import para


def _front(tmp_path, name, first):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((57, 70), first[0], fontsize=30, fontname="tiro")
    p.insert_text((57, 102), first[1], fontsize=30, fontname="tiro")
    p.insert_text((57, 142), "China Ebola Treatment", fontsize=38, fontname="tiro")
    p.insert_text((57, 180), "Unit experience", fontsize=38, fontname="tiro")
    p.insert_text((57, 220), "Jie Cao, Lingjuan Zhang and Huijun Xi", fontsize=13, fontname="tibo")
    p.insert_text((57, 260), "Abstract", fontsize=12, fontname="tibo")
    y = para(p, 268, "We report how the nurses of the unit cared for the patients and stayed safe. " * 5)
    p.insert_text((57, y + 20), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 28, BODY * 2)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))


def test_first_part_of_a_title_ending_in_a_colon_set_smaller_above(tmp_path):
    # only the larger lines were the title ("China Ebola Treatment Unit experience")
    rec = _front(tmp_path, "two_sizes.pdf", ("Providing nursing care to Ebola", "virus disease patients:"))
    assert rec["title"] == "Providing nursing care to Ebola virus disease patients: China Ebola Treatment Unit experience"


def test_smaller_lines_above_without_a_colon_stay_out(tmp_path):
    rec = _front(tmp_path, "running.pdf", ("Journal of Global Health Reports", "Volume 5 Issue 2"))
    assert rec["title"] == "China Ebola Treatment Unit experience"
