"""Front matter in publishers' classes that set it unlike the usual front page (issue #36, fifteenth
round): an author line in a type of its own right under the title, an unlabelled abstract set as an
inset block of several paragraphs, a paragraph in a math font, a page of text before the front page,
and a manuscript whose title is set at the body's size, run together with its author line."""

import pymupdf
import pytest


from pdf_pages import saved_record
from pdf_pages import BODY
from pdf_pages import para

SUMMARY = ("We report how the complexes react in two solvents and how light speeds the change, and we "
           "compare the rates with those measured before. ")


_save = saved_record


def _head(p, y, text, x=72):
    p.insert_text((x, y + 16), text, fontsize=12, fontname="tibo")
    return y + 22


def _body_page(doc, headings=("Results", "Discussion"), size=10):
    p = doc.new_page(width=612, height=792)
    y = 60
    for h in headings:
        y = _head(p, y, h)
        y = para(p, y, BODY * 2, size=size)


def test_author_line_in_a_type_of_its_own_is_no_heading(tmp_path, monkeypatch):
    # the author's name right under the title, in a sans type larger than the body's, was taken for
    # the first heading (the model scored it .41-.43 in one class, threshold .40; simulated here);
    # the unlabelled abstract under it then came "after the first heading" and was not looked for
    from scholartools.parsing.pdf import headings
    score = headings.score

    def sure_of_the_name(cands, model=None):
        score(cands, model)
        for c in cands:
            if c.text.strip() == "Ann Author":
                c.p = max(c.p, 0.45)
    monkeypatch.setattr(headings, "score", sure_of_the_name)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 90), "Reactivity of platinum azido complexes", fontsize=20, fontname="helv")
    p.insert_text((72, 118), "Ann Author", fontsize=12, fontname="helv")
    y = para(p, 160, SUMMARY * 4, x=100, w=412)
    y = _head(p, y + 14, "1 Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y + 6, "2 Methods")
    para(p, y, BODY * 2)
    _body_page(doc, ("3 Results", "4 Discussion"))
    rec = _save(doc, tmp_path, "author.pdf")
    assert "Ann Author" not in [s["heading"] for s in rec["sections"]]
    assert rec["abstract"] == " ".join((SUMMARY * 4).split())


def _indented_paragraphs(p, y, parts, x=108, size=10, per_line=12, overflow=False):
    """Paragraphs set line by line, twelve words a line, each first line indented by an em and
    each last line short, one under the other with no space between (an abstract's block); with
    ``overflow``, the first paragraph's second line runs on into the right margin (as a formula
    too long for its line does)."""
    for n, text in enumerate(parts):
        words = text.split()
        for k in range(0, len(words), per_line):
            line = " ".join(words[k:k + per_line])
            if overflow and n == 0 and k == per_line:
                line += " where the rate k = A exp(-E/RT) holds"
            p.insert_text((x + (size if k == 0 else 0), y + size), line, fontsize=size, fontname="tiro")
            y += 1.2 * size
    return y + 4


@pytest.mark.parametrize("overflow", [False, True])
def test_unlabelled_abstract_set_inset_in_several_paragraphs(tmp_path, overflow):
    # an unlabelled abstract in the body's type, in two paragraphs, inset on both sides from the
    # text: a second paragraph used to show it was body text; a line running into the margin
    # (a long formula) does not move the block's edges, which are its lines' middle ones
    first = SUMMARY * 3 + "It is fast."   # its last line short
    second = "The method carries to other metals, which we show for three of them. " * 4
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 90), "Reactivity of platinum azido complexes", fontsize=20, fontname="tibo")
    p.insert_text((72, 115), "Ann Author and Bob Writer", fontsize=11, fontname="tiro")
    y = _indented_paragraphs(p, 150, [first, second], overflow=overflow)
    y = _head(p, y + 14, "Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y + 6, "Methods")
    para(p, y, BODY * 2)
    _body_page(doc)
    rec = _save(doc, tmp_path, "inset.pdf")
    assert rec["abstract"] is not None
    assert rec["abstract"].startswith("We report how the complexes")
    assert rec["abstract"].endswith("for three of them.")
    assert ("exp(-E/RT)" in rec["abstract"]) == overflow


def test_paragraph_in_a_math_font_is_no_abstract(tmp_path):
    # a long paragraph in another type than the body's wins as a "styled" abstract; one set in a
    # math font (formulas, or markup typeset as math) is none, and the plain abstract stands
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Reactivity of platinum azido complexes", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author and Bob Writer", fontsize=11, fontname="tiro")
    y = para(p, 125, SUMMARY * 4)
    y = _head(p, y + 6, "Introduction")
    y = para(p, y, BODY)
    y = para(p, y + 4, "a b c d e f g h i j k l m n o p q r s t u v w x y z " * 3, font="symb")
    y = _head(p, y + 6, "Methods")
    para(p, y, BODY)
    _body_page(doc)
    rec = _save(doc, tmp_path, "math.pdf")
    assert rec["abstract"] == " ".join((SUMMARY * 4).split())


def test_page_of_text_before_the_front_page(tmp_path):
    # a page of body-size text (a note, a paragraph put out of place) before the page with the
    # title: the title was looked for on page 0 only and none was found
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    para(p, 60, BODY * 3)
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 120), "Reactivity of platinum azido complexes", fontsize=20, fontname="hebo")
    p.insert_text((72, 145), "Ann Author and Bob Writer", fontsize=11, fontname="tiro")
    p.insert_text((72, 175), "Abstract", fontsize=11, fontname="tibo")
    y = para(p, 182, SUMMARY * 4)
    y = _head(p, y + 6, "Introduction")
    y = para(p, y, BODY * 2)
    _body_page(doc)
    rec = _save(doc, tmp_path, "stray.pdf")
    assert rec["title"] == "Reactivity of platinum azido complexes"
    assert rec["abstract"] == " ".join((SUMMARY * 4).split())


def test_body_size_title_run_together_with_its_author_line(tmp_path):
    # a manuscript class that sets the title at the body's size, upright, in one paragraph with
    # the author, affiliation and e-mail ("…ComplexesAnn AuthorUniversity of …ann@example.org")
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((280, 100), "E-mail:", fontsize=12, fontname="helv")
    p.insert_text((90, 140), "Reactivity of Platinum Azido ComplexesAnn AuthorUniversity of Examplesann@example.org",
                  fontsize=11.5, fontname="tiro")
    p.insert_text((280, 170), "Abstract", fontsize=11, fontname="tibo")
    y = para(p, 180, SUMMARY * 4, size=11, x=100, w=412)
    y = _head(p, y + 20, "Introduction")
    y = para(p, y, BODY * 2, size=12)
    y = _head(p, y + 6, "Methods")
    para(p, y, BODY * 2, size=12)
    _body_page(doc, size=12)
    rec = _save(doc, tmp_path, "manuscript.pdf")
    assert rec["title"] == "Reactivity of Platinum Azido Complexes"


def test_run_together_cut_needs_an_email_after_a_glued_name():
    # a title's own capitals inside a word ("dynoNet", "McDonald") cut nothing: only a name glued
    # to a word's end with an e-mail address later in the text marks a run-together author line
    from scholartools.parsing.pdf.frontmatter import _run_together, title_text

    assert _run_together("dynoNet: A Neural Network for McDonald Data") is None
    assert _run_together("Learning with DeepMind Lab Tools") is None
    text = "Reactivity of Platinum Azido ComplexesAnn AuthorUniversity of Examplesann@example.org"
    assert text[:_run_together(text)] == "Reactivity of Platinum Azido Complexes"
    assert _run_together("On ItAnn Authorann@example.org") is None   # under three words: no title before it
    assert title_text([]) is None
