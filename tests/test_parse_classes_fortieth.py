"""Issue 36, fortieth round (session 27): a rule read from a record of claim annotation round q
(docs/st-parse.md, "Fortieth round")."""
from __future__ import annotations

import pymupdf
import pytest

from pdf_pages import BODY, front, lift_scores, para, saved_record


def _footnoted(tmp_path, name, interrupted: bool):
    # SIAM's class sets its funding note at the first page's foot, in small type, its lead run in
    # ("Funding: This work was funded by …"), while the introduction's sentence runs on to page 2
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    p.insert_text((72, y + 20), "1 Introduction", fontsize=12, fontname="tibo")
    y = para(p, y + 26, BODY * 3)
    last = "Any reduced basis must include a shortest vector, as the sum can be made smaller by replacing"
    para(p, y, last if interrupted else last + " it.")
    p.insert_text((72, 735), "Funding:", fontsize=8, fontname="tibo")
    p.insert_text((108, 735), "This work was funded by a grant of the Example Foundation.", fontsize=8, fontname="tiro")
    p.insert_text((72, 746), "Department of Examples, Example University, Example City.", fontsize=8, fontname="tiro")
    q = doc.new_page(width=612, height=792)
    y = para(q, 60, ("the shortest vector one of the basis vectors whose projection is nonzero. " if interrupted
                     else "The shortest vector is then one of the basis vectors. ") + BODY)
    q.insert_text((72, y + 20), "2 Methods", fontsize=12, fontname="tibo")
    para(q, y + 26)
    return saved_record(doc, tmp_path, name)


@pytest.mark.parametrize("interrupted", [True, False])
def test_a_small_print_lead_the_body_sentence_runs_around_is_a_footnote(tmp_path, monkeypatch, interrupted):
    lift_scores(monkeypatch, 0.9, lambda c: c.text.startswith("Funding"))
    rec = _footnoted(tmp_path, f"foot{interrupted}.pdf", interrupted)
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert "Introduction" in heads and "Methods" in heads
    # a heading never opens inside a sentence: the lead is the page foot's note, and the
    # introduction goes on past it (before, everything up to "2 Methods" was its acknowledgments)
    assert ("Funding" in heads) is (not interrupted)
    if interrupted:
        intro = next(s for s in rec["sections"] if s["heading"] == "Introduction")
        assert "the shortest vector one of the basis vectors" in intro["text"]
