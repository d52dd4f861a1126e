"""Issue 36, forty-third round (session 31): what blind batch ``dev63`` (27 papers of publishers'
classes new to the manifest: IET, INFORMS, Quantum, VTeX's journals, ASME's conference class, …)
showed — a conference paper's number taken for its title, a description list's label, a table's
last row over its rule and a copyright line taken for headings, emphasis inside a running sentence
taken for a paragraph's lead (docs/st-parse.md, "Forty-third round")."""
from __future__ import annotations

from types import SimpleNamespace

import pymupdf
import pytest

from pdf_pages import BODY, lift_scores, para, row, saved_record


def _asme_front(tmp_path, number: str):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for k, line in enumerate(("Proceedings of the ASME 2021", "International Mechanical Engineering Congress",
                              "and Exposition IMECE2021", "November 1-5, 2021, Virtual, Online")):
        p.insert_text((380, 40 + 12 * k), line, fontsize=9, fontname="hebo")
    p.insert_text((440, 110), number, fontsize=14.5, fontname="hebo")
    p.insert_text((190, 160), "WIDE EQUATIONS IN A CONFERENCE CLASS", fontsize=10, fontname="hebo")
    p.insert_text((250, 190), "John H. Lienhard", fontsize=9, fontname="hebo")
    p.insert_text((220, 205), "Massachusetts Institute of Technology", fontsize=9, fontname="helv")
    p.insert_text((36, 300), "ABSTRACT", fontsize=9, fontname="hebo")
    y = para(p, 306, "This paper gives several examples of typesetting wide equations. " * 5, x=36, w=250)
    p.insert_text((36, y + 16), "INTRODUCTION", fontsize=9, fontname="hebo")
    para(p, y + 22, BODY, x=36, w=250)
    p = doc.new_page(width=612, height=792)
    para(p, 60, BODY * 3)
    return saved_record(doc, tmp_path, f"asme-{len(number)}.pdf")


def test_a_conference_papers_number_over_the_title_is_no_title(tmp_path):
    # ASME's class sets the paper's number ("IMECE2021-69420") in the page's largest type over the
    # title in 10 pt capitals, under the proceedings' banner: the number was the title, and with the
    # number a label, the banner of four rows (its name longer than seven words) was
    assert _asme_front(tmp_path, "IMECE2021-69420")["title"] == "WIDE EQUATIONS IN A CONFERENCE CLASS"


@pytest.mark.parametrize("text,number", [("IMECE2021-69420", True), ("DETC2008-49231", True), ("GT2019-90123", True),
                                         ("AIECE2022-0003", True), ("COVID-19", False), ("H2O-2021 and more", False),
                                         ("ICML 2021", False)])
def test_a_paper_number_is_the_series_letters_a_year_and_a_number(text, number):
    from scholartools.parsing.pdf.frontmatter import _PAPER_NUMBER

    assert (_PAPER_NUMBER.match(text) is not None) == number


def _lead_page(tmp_path, name, draw):
    """A front page with two bold run-in heads (so bold leads are a style of heads), then ``draw(page,
    y)`` on a second page; the section headings of the record."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Relative cues for section headings in documents", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "1 Introduction", fontsize=12, fontname="tibo")
    y = para(p, 136)
    p.insert_text((72, y + 18), "2 Methods", fontsize=12, fontname="tibo")
    y = para(p, y + 24)
    draw(doc.new_page(width=612, height=792), 72)
    rec = saved_record(doc, tmp_path, name)
    return [s["heading"] for s in rec["sections"] if s["heading"]]


def _item(page, y, label: str, hanging: bool) -> float:
    """A bold label, its text running on after it and under it: indented a pica (a description
    list's item) or flush (a paragraph's run-in head); the y under it."""
    page.insert_text((72, y), label, fontsize=10, fontname="tibo")
    x = 72 + pymupdf.get_text_length(label + " ", "tibo", 10)
    page.insert_text((x, y), "Vanum est vobis ante lucem surgere: surgite", fontsize=10,
                     fontname="tiro")
    edge = 84 if hanging else 72
    for k, line in enumerate(("manducatis panem doloris. Praestet nobis deus, pater hoc et filius et mater",
                              "praestet nobis. Pater hoc et filius et mater cuius nomen invocamus dulce miseris",
                              "solamen, dum esset rex in accubitu suo.")):
        page.insert_text((edge, y + 12 * (k + 1)), line, fontsize=10, fontname="tiro")
    return y + 60


@pytest.mark.parametrize("hanging", [True, False])
def test_a_description_lists_label_its_text_indented_under_it_is_no_heading(tmp_path, monkeypatch, hanging):
    # VTeX's sample papers: "**Description label.** Vanum est …" with the item's lines a pica in
    # (scored 0.42 and taken); control: the same lead over lines flush with it stays a head
    lift_scores(monkeypatch, 0.6, lambda c: c.runin and c.text.startswith("Description"))

    def draw(p, y):
        y = para(p, y, BODY)
        y = _item(p, y + 10, "Description label.", hanging)
        para(p, y, BODY)

    heads = _lead_page(tmp_path, f"hang{hanging}.pdf", draw)
    assert ("Description label" in heads) is not hanging, heads


@pytest.mark.parametrize("full", [True, False])
def test_an_italic_phrase_going_on_from_a_full_line_is_no_paragraph_head(tmp_path, monkeypatch, full):
    # Springer's Solar Physics sample: "… useful to format an article for" / "*Solar Physics.* It is
    # only a complement …" (scored 0.44 and taken); control: after a paragraph's short last line the
    # italic lead opens a paragraph and stays a head
    lift_scores(monkeypatch, 0.6, lambda c: c.runin and c.text.startswith("Solar Physics"))

    def draw(p, y):
        y = para(p, y, BODY)
        first = ("This file describes the use of the special features of this class, all of which are quite useful to "
                 "format any article for" if full
                 else "This file describes the use of special features.")
        p.insert_text((72, y + 10), first, fontsize=10, fontname="tiro")
        p.insert_text((72, y + 22), "Solar Physics.", fontsize=10, fontname="tiit")
        x = 72 + pymupdf.get_text_length("Solar Physics. ", "tiit", 10)
        p.insert_text((x, y + 22), "It is only a complement to the documentation of the class and its files.",
                      fontsize=10, fontname="tiro")
        para(p, y + 28, BODY)

    heads = _lead_page(tmp_path, f"inside{full}.pdf", draw)
    assert ("Solar Physics" in heads) is not full, heads


def test_the_row_above_must_fill_the_measure_for_a_lead_to_go_on_from_it():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _leads_inside_sentences

    # Nature's back matter: "… accompanies this paper at http://www.nature.com/srep" (short of the
    # measure) over "**Competing financial interests:** The authors declare …": the label stays
    rows = [row("The authors wrote the whole of the manuscript and read it again.", 60, x1=556),
            row("Supplementary information accompanies this paper at http://www.nature.com/srep", 72, x1=458),
            row("Competing financial interests: The authors declare none.", 84, x1=458)]
    c = Cand(i=2, rows=[2], text="Competing financial interests", runin=True, p=0.6,
             title="Competing financial interests", feats=[0.0] * len(FEATURES))
    st = SimpleNamespace(body=10.0)
    _leads_inside_sentences(rows, [c], st)
    assert c.p == 0.6
    rows[1].x1 = 556
    _leads_inside_sentences(rows, [c], st)
    assert c.p == 0.0


@pytest.mark.parametrize("text,copyright", [("c\u20dd 2015 Xjenza Online", True), ("\u20dd 2015 Xjenza Online", True),
                                            ("© 2021 The Authors", True), ("(c) 2019 Elsevier", True),
                                            ("Copyright 2020 the authors", True), ("Copyright and Licensing", False),
                                            ("Copyright", False)])
def test_a_copyright_line_is_no_heading(text, copyright):
    # a font without "©" sets a "c" in a combining circle (U+20DD): Xjenza's footer in 12 pt bold
    # was a heading; "©" before a space escaped the metadata words too
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _label_vetoes

    c = Cand(i=0, rows=[0], text=text, runin=False, p=0.9, title=text, feats=[0.0] * len(FEATURES))
    _label_vetoes([row(text, 700)], [c])
    assert (c.p == 0.0) is copyright


@pytest.mark.parametrize("title,table", [("Our competitor's test 72.321 141.384", True), ("Test 3 -0.5", True),
                                         ("Results for 2.5 GHz", False), ("Version 2.0", False)])
def test_a_row_closing_on_figures_is_a_tables_row(title, table):
    # ASME's sample table: its last row, in the italics of the class's subsection heads, over the
    # table's closing rule, was taken as an underlined heading
    from scholartools.parsing.pdf.headings import _TABLE_FIGURES

    assert (_TABLE_FIGURES.search(title) is not None) is table


def test_a_number_before_a_words_part_in_brackets_is_the_headings_number():
    # IOS Press's sample: "3.5. (Sub-)section headings" (the whole row was the title before)
    from scholartools.text.sections import strip_number

    assert strip_number("3.5. (Sub-)section headings") == ("3.5", "(Sub-)section headings")
    assert strip_number("12 (a) b") == (None, "12 (a) b")   # one letter in brackets: a panel's label


class _Doc:
    """A document whose pages all list the same forms (one resource dictionary for every page, as
    some producers write), counting the form streams it is asked for."""

    def __init__(self, forms: dict[int, bytes]):
        self.forms, self.reads = forms, []

    def xref_stream(self, xref):
        self.reads.append(xref)
        return self.forms[xref]


class _Page:
    def __init__(self, names: dict[str, int], contents: bytes):
        self.names, self.contents = names, contents

    def get_xobjects(self):
        return [(xref, name, 0, None) for name, xref in self.names.items()]

    def read_contents(self):
        return self.contents


def test_a_form_is_read_once_for_all_the_pages_that_list_it():
    # a 12-page paper whose pages each listed its figures' forms: every page decompressed all of
    # them again (1.4 s of 2.5 s parsing); what a form holds is kept for the next page
    from scholartools.parsing.pdf import _may_clip_text

    doc = _Doc({10: b"q 0 0 10 10 re W n BT (x) Tj ET Q", 11: b"0 0 m 5 5 l S", 12: b"BT (y) Tj ET"})
    names = {"Fm0": 10, "Fm1": 11, "Fm2": 12}
    read: dict = {}
    plain = _Page(names, b"BT (text) Tj ET /Fm1 Do")
    assert [_may_clip_text(doc, plain, read) for _ in range(3)] == [True, True, True]   # Fm0 clips its text
    assert sorted(doc.reads) == [10, 11, 12]
    # what each stream holds, page by page: a clip drawing a form that holds text
    doc = _Doc({11: b"0 0 m 5 5 l S", 12: b"BT (y) Tj ET"})
    assert _may_clip_text(doc, _Page({"Fm1": 11, "Fm2": 12}, b"q 0 0 9 9 re W n /Fm2 Do Q"), {})
    assert not _may_clip_text(doc, _Page({"Fm1": 11, "Fm2": 12}, b"q 0 0 9 9 re W n /Fm1 Do Q /Fm2 Do"), {})


def test_a_centred_heading_right_over_its_first_subsection_is_a_heading_too():
    # REVTeX: "Other features" (bold, centred, scored 0.20) right over the italic "Tracking provenance
    # information", centred over body text, beside three accepted centred subsections of its style
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _centred_as_headings

    k_centred, k_body = FEATURES.index("centred"), FEATURES.index("next_bodyish")

    def cand(i, text, p, body_next, key):
        feats = [0.0] * len(FEATURES)
        feats[k_centred], feats[k_body] = 1.0, float(body_next)
        return Cand(i=i, rows=[i], text=text, p=p, title=text, feats=feats, skey=key)

    bold, italic = (9.0, True, False, "sans", False), (9.0, False, True, "sans", False)
    accepted = [cand(k, f"Section {k}", 0.6, True, bold) for k in (0, 10, 20)]
    over = cand(30, "Other features", 0.2, False, bold)
    under = cand(31, "Tracking provenance information", 0.1, True, italic)
    alone = cand(40, "Other things", 0.2, False, bold)   # control: over a row that is no centred head
    _centred_as_headings(accepted + [over, under, alone], 0.4)
    assert over.p >= 0.4 and alone.p == 0.2


def test_a_lead_and_its_colon_in_a_row_set_above_the_body_is_a_heading_not_a_run_in_head():
    # "**Empirical application:** ***Arabidopsis thaliana***" in 14.3 pt over an 11.8-pt body: the
    # run-in lead "Empirical application" won over the whole row
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _sentence_lead

    r = row("Empirical application: Arabidopsis thaliana", 100, size=14.3, bold=1.0)
    r.lead = "Empirical application:"
    c = Cand(i=0, rows=[0], text=r.text, p=0.88, title=r.text, feats=[0.0] * len(FEATURES))
    c.feats[0] = 0.21
    assert not _sentence_lead(r, c)
    c.feats[0] = 0.0   # control: at the body's size the row is a run-in head and its sentence
    assert _sentence_lead(r, c)


def _roman_outline(letters: bool):
    from scholartools.parsing.pdf.headings import FEATURES, Cand, number_and_title

    texts = [("I. Introduction", 0.9, 1), ("II. Background", 0.078, 4), ("A. Other Technologies", 0.9, 4),
             ("B. Induced Current Force", 0.9, 5), ("III. Induction Coupler Behaviors", 0.07, 8),
             ("A. Simplified Model", 0.9, 8), ("IV. The Induction Coupler System", 0.07, 12),
             ("V. Conclusion", 0.07, 15)]
    if not letters:
        texts = [t for t in texts if not t[0].startswith(("A.", "B."))]
    rows = [row(t, 60 + 20 * k, page=page) for k, (t, _, page) in enumerate(texts)]
    cands = [Cand(i=k, rows=[k], text=t, runin=False, p=p, title=t, feats=[0.0] * len(FEATURES))
             for k, (t, p, _) in enumerate(texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
    return rows, cands


@pytest.mark.parametrize("letters", [True, False])
def test_sections_numbered_i_to_v_with_lettered_subsections_are_an_outline_however_plain(letters):
    # an AIAA paper: every heading at the body's size in one font named "f22"; "I. Introduction" and
    # the lettered subsections were taken, "II. Background" (0.078) to "V. Conclusion" were not
    # (recall 0.50); control: without subsections between them the romans stay as weak as they are
    from scholartools.parsing.pdf.headings import _plausible_sequence

    rows, cands = _roman_outline(letters)
    _plausible_sequence(cands, 0.4, rows)
    romans = [c for c in cands if c.text.split(".")[0] in ("II", "III", "IV", "V")]
    assert all(c.p >= 0.4 for c in romans) is letters
