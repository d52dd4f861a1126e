"""Issue 36, forty-seventh round: what the blind batches dev78-dev81 showed (docs/st-parse.md,
"Forty-seventh round")."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pdf_pages import row, span, vetoed


# -- a review copy's line numbers beside the text ----------------------------------------------------

@pytest.mark.parametrize("size,beside,gap,margin", [
    (8.0, 10.9, 50.0, True),    # ACL's review copy: 8-pt numbers beside 11-pt text, in the margin
    (6.0, 8.0, 11.0, False),    # an affiliation's number in 6-pt type before its 8-pt line
    (6.0, 10.0, 9.0, True),     # a number at 0.6 of the text's size, 9 pt away
    (6.0, 10.0, 2.0, False),    # a note's mark, close to its word
    (9.0, 10.0, 50.0, False)])  # a number in nearly the text's size: a table's cell
def test_a_margins_line_number_is_kept_apart_from_its_line(size, beside, gap, margin):
    # before: 8 against 10.9 pt (0.73) was joined to its line, "3.1 The Mechanism behind
    # Attention Sinks 140", and no heading of ACL's right-hand column was found
    from scholartools.parsing.pdf.extract import _margin_number

    number = [{"text": "140", "size": size}]
    line = [{"text": "The Mechanism behind Attention Sinks", "size": beside}]
    assert _margin_number(number, line, gap) is margin


# -- pieces of formulas and of tables -----------------------------------------------------------

def _vetoed(rows, texts):
    return vetoed(rows, texts, body=10.0)


def test_a_formulas_piece_in_math_fonts_is_no_heading():
    # "EPE1W (i)": a term's name in capitals with its index in math italic, standing alone
    rows = [row("EPE1W (i)", 100), row("EPE1W (i)", 160), row("Ablation on k (i)", 220)]
    rows[0].family, rows[0].math = "cmr10", 0.25
    rows[2].family, rows[2].math = "cmr10", 0.25
    # control: the same text in the body's font (a heading naming a model in capitals), and a
    # title with a word in lower case set in math fonts
    assert _vetoed(rows, [(0, "EPE1W (i)"), (1, "EPE1W (i)"), (2, "Ablation on k (i)")]) == [True, False, False]


@pytest.mark.parametrize("title,figures", [("Lunar 0.656 (0.034) 0.687 (0.057) 0.666 (0.060)", True),
                                           ("M2 35.01 0.00 7.09 28.01", True),
                                           ("Results for 2019 and 2020", False),
                                           ("Phase 2: 10 000 patients", False),
                                           ("Poliomyelitis Type 1, 2, 3", False)])
def test_a_tables_row_read_whole_is_mostly_figures(title, figures):
    from scholartools.parsing.pdf.headings import _mostly_figures

    assert _mostly_figures(title) is figures


def test_a_tables_first_cell_with_its_rows_cells_beside_it_is_no_heading():
    # "IGD" in bold, "None" and "MRDL" on its line in the same column
    cells = [row("IGD", 300, bold=1.0, x0=144, x1=160), row("None", 300, x0=179, x1=199),
             row("MRDL", 300, x0=234, x1=258)]
    # control: a heading with the other column's line level with it, far to its right
    heading = [row("Results", 400, bold=1.0, x0=72, x1=110), row("the other column's line", 400, x0=320, x1=540)]
    rows = cells + heading
    assert _vetoed(rows, [(0, "IGD"), (3, "Results")]) == [True, False]


def test_a_tables_group_label_under_its_column_heads_is_no_heading():
    # "Alignment-based F-score" a line's spacing under the column heads ("AMU INPUT IPN NULL",
    # standing right of it and ending where the rows end) and over its first row
    def table(y0, space):
        heads = row("AMU INPUT IPN NULL", y0, x0=144, x1=285.5)
        heads.gap = 1.23
        label = row("Alignment-based F-score", y0 + space, x0=76, x1=189)
        first = row("M2 35.01 0.00 7.09 28.01", y0 + space + 12, x0=76, x1=285.5)
        first.gap = 5.1
        return [heads, label, first]
    # control: a heading set two lines and a half under a table's last row
    rows = table(72, 14) + table(400, 25)
    assert _vetoed(rows, [(1, "Alignment-based F-score"), (4, "Alignment-based F-score")]) == [True, False]


# -- a subsection named for the metric a paper surveys, its source cited --------------------------

@pytest.mark.parametrize("number,title,outline", [("2.1", "M2 (Dahlmeier and Ng, 2012)", True),
                                                  ("2.5", "GLEU (Napoles et al., 2015, 2016)", True),
                                                  ("2.2", "ERRANT (Bryant et al., 2017)", True),
                                                  # control: a numbered reference goes on past its year
                                                  ("2.", "Smith J, Jones K (2012) A study of things", False)])
def test_a_subsection_citing_its_source_is_a_step_of_the_outline(number, title, outline):
    # before: the year made each of the five a reference's line, and all five were dropped
    from scholartools.parsing.pdf.headings import Cand, _outline_like

    c = Cand(i=0, rows=[0], text=f"{number} {title}", number=number, title=title, p=0.5)
    assert _outline_like(c) is outline


def test_a_headings_cited_source_is_neither_sides_words():
    # the source writes "\subsection{M2 \citep{dahlmeier-ng-2012-better}}", the page prints
    # "2.1 M2 (Dahlmeier and Ng, 2012)"
    from tools.evaluate_parse import normalise_heading

    assert normalise_heading("2.1 M2 (Dahlmeier and Ng, 2012)") == normalise_heading("M2 [dahlmeier-ng-2012-better]") == "m2"
    assert normalise_heading("Empirical Results (2004–2009)") == "empirical results 2004 2009"


def test_an_acknowledgement_pairs_in_either_number():
    # IEEE's journal class prints the source's "Acknowledgment" as "ACKNOWLEDGMENTS"
    from tools.evaluate_parse import heading_counts

    assert heading_counts(["Introduction", "ACKNOWLEDGMENTS"], ["Introduction", "Acknowledgment"]) == (2, 2, 2)
    assert heading_counts(["Introduction", "Funding"], ["Introduction", "Acknowledgment"]) == (1, 2, 2)


# -- IEEE's run-in subsubsections ---------------------------------------------------------------------

def test_an_italic_lead_closed_by_a_colon_before_a_bold_lead_is_the_rows_lead():
    # "*2) Two Rounds of MapReduce Jobs:* **Without preprocessing.**": before, no lead, and the whole
    # line ("… Jobs: Without preprocess-") was a heading
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([span("2) Two Rounds of MapReduce Jobs:", 59, "NimbusRomNo9L-ReguItal", 6),
                         span(" Without preprocess-", 220, "NimbusRomNo9L-Medi", 20)], 0, 1)
    assert (r.lead, r.lead_style) == ("2) Two Rounds of MapReduce Jobs:", "i")
    # control: a chemist's reference, the journal's name in italics and its year in bold
    r = _row_from_spans([span("Z. Anorg. Allg. Chem.", 59, "NimbusRomNo9L-ReguItal", 6),
                         span(" 2005,", 170, "NimbusRomNo9L-Medi", 20), span(" 631, 1012.", 200, "NimbusRomNo9L-Regu", 4)],
                        0, 1)
    assert r.lead == ""


def test_ieee_subsections_stay_subsections_past_their_own_numbered_parts():
    # "2) Two Rounds …" inside III's lettered run made "A. Data Preprocessing" onwards appendices,
    # and "D. Summary" the abstract
    from scholartools.text.sections import type_sections

    secs = [{"heading": h, "number": n, "level": 1} for h, n in [
        ("INTRODUCTION", "I"), ("WORKFLOW", "III"), ("Data Preprocessing", "A"), ("Computation", "B"),
        ("Two Rounds of MapReduce Jobs", "2"), ("Summary", "C"), ("ANALYSIS", "IV"), ("CONCLUSION", "V")]]
    types = [s["type"] for s in type_sections(secs)]
    assert "appendix" not in types and "abstract" not in types
    assert types[-1] == "conclusion"


# -- a heading in small capitals whose last line is an acronym ---------------------------------------

def test_a_small_capitals_headings_last_line_in_capitals_is_its_own():
    # "IV. ENGINEERING A REAL-LIFE EHEALTH SERVICE WITH" (small capitals: 8 pt, its capitals 10 pt)
    # over "HEADS" (10 pt): before, the heading ended at "WITH" and went as a list's item
    from scholartools.parsing.pdf.headings import Cand, _extend

    def heading(last):
        head = row("IV. ENGINEERING A REAL-LIFE EHEALTH SERVICE WITH", 250, size=8.0, x0=315, x1=560)
        head.maxsize, head.upper, head.block = 10.0, True, 11
        q = row(last, 262, size=10.0, x0=420, x1=455)
        q.maxsize, q.upper, q.block = 10.0, last.isupper(), 12
        rows = [head, q, row("This section describes how the approach has been used.", 277, x0=322, x1=563)]
        for r in rows:
            r.col = 1
        c = Cand(i=0, rows=[0], text=head.text, p=0.9)
        st = SimpleNamespace(body=10.0, body_family="body", body_gap=2.0, extents={(0, 1): [312.0, 563.0]},
                             text_left={})
        _extend(rows, c, st)
        return c.text
    assert heading("HEADS") == "IV. ENGINEERING A REAL-LIFE EHEALTH SERVICE WITH HEADS"
    # control: a line of body text under it stays the body's
    assert heading("Heads up") == "IV. ENGINEERING A REAL-LIFE EHEALTH SERVICE WITH"


# -- the LaTeX pairs' gold -------------------------------------------------------------------------

def _gold(tmp_path, cls, body):
    """(optional headings, required headings) of the LaTeX pairs' gold for a paper of ``body``."""
    from benchmarks.tex_pairs import source_gold

    main = tmp_path / "main.tex"
    main.write_text(f"\\documentclass{{{cls}}}\n\\title{{A Paper}}\n\\begin{{document}}\n\\maketitle\n{body}\\end{{document}}\n")
    gold = source_gold(main)
    return {h["text"] for h in gold["heading_detail"] if h.get("optional")}, gold["headings"]


def test_ieees_titled_appendix_and_an_indented_bold_lead_are_optional_gold(tmp_path):
    optional, required = _gold(tmp_path, "IEEEtran", "\\section{Introduction}\nText.\n\n\\indent\\textbf{Alchemy:} IBM's "
                               "service.\n\n\\section{Conclusion}\nEnd.\n\\appendix[Special Case in Tour Generation]\nProof.\n")
    assert {"Alchemy:", "Appendix Special Case in Tour Generation"} <= optional
    assert required == ["Introduction", "Conclusion"]


# -- dev78: journal papers in publishers' classes ---------------------------------------------------

def test_headings_of_a_paper_whose_prose_runs_in_a_typewriter_face_are_no_code():
    # a paper set in Latin Modern Mono from its fourth section on: its bold "Conclusion" was vetoed
    # as a line of code
    prose = "As cities become denser, balancing privacy and view quality in design has become important"
    rows = [row(prose, 100 + 12 * k) for k in range(40)] + [row("Conclusion", 700, bold=1.0), row("def main():", 740)]
    for r in rows:
        r.family = "lmmono10"
    rows[-2].family = "lmmonolt10"
    assert _vetoed(rows, [(40, "Conclusion")]) == [False]
    # control: a listing's lines, and a bold line in a typewriter face where the prose is not in one
    code = [row(f"x_{k} = f(x_{k - 1}) + 1", 100 + 12 * k) for k in range(40)] + [row("Conclusion", 700, bold=1.0)]
    for r in code:
        r.family = "lmmono10"
    assert _vetoed(code, [(40, "Conclusion")]) == [True]


def test_a_displayed_equations_piece_beside_its_number_is_no_heading():
    # "TH", a fraction's numerator in italics, 8 pt over the line of "(1)" at the margin
    rows = [row("U =", 483, x0=207, x1=229), row("TH", 475, x0=245, x1=262), row("(1)", 483, x0=505, x1=519),
            row("Results", 560, bold=1.0), row("Text of the next paragraph follows on here.", 580)]
    # control: a heading two lines under the equation's number
    rows += [row("(2)", 520, x0=505, x1=519)]
    assert _vetoed(rows, [(1, "TH"), (3, "Results")]) == [True, False]


def test_an_algorithms_title_over_its_lines_is_no_heading():
    rows = [row("Algorithm 1 Sampling with error correction", 80), row("Require: Prompt t1, . . . , ti", 94),
            row("Algorithm Design", 300, bold=1.0), row("We design the algorithm in three steps.", 314)]
    # control: a section named for the algorithm, over prose
    assert _vetoed(rows, [(0, "Algorithm 1 Sampling with error correction"), (2, "Algorithm Design")]) == [True, False]


def test_elseviers_credit_statement_is_optional_gold():
    from benchmarks.jats_pairs import BACK_LABELS

    assert "CRediT authorship contribution statement" in BACK_LABELS


# -- dev79: researchers' papers in the sciences -------------------------------------------------------

def test_a_headings_last_line_in_the_italic_of_its_face_is_its_own():
    # "III. FATIGUE TESTING OF *CURCULIO*" (cmbx9) / "*CARYAE*" (cmbxti10), one text block: the
    # species' second word was a heading of its own
    from scholartools.parsing.pdf.headings import _same_but_italic

    head, name = row("III. FATIGUE TESTING OF CURCULIO", 248, size=9.0, bold=1.0), row("CARYAE", 258, size=9.0, bold=1.0)
    head.family, name.family, head.block, name.block = "cmbx9", "cmbxti10", 2, 2
    assert _same_but_italic(head, name)
    name.block = 3   # control: the next block's bold italic row (the next level's heading)
    assert not _same_but_italic(head, name)


def test_a_tables_group_title_between_its_rows_of_figures_is_no_heading():
    rows = [row("2.47 · 10−2 3.67 · 10−6 1.614 1.86 · 10−5 0.403", 515), row("Building Properties", 537, bold=1.0),
            row("Vbase (m3) Lslab (cm) Ae (1/hr)", 556), row("300 15 0.5", 571),
            # control: a heading after a table, prose under it
            row("0.12 0.34 0.56 0.78", 640), row("Discussion", 670, bold=1.0),
            row("The results of the table are discussed here.", 690), row("We find that the two agree well.", 704)]
    assert _vetoed(rows, [(1, "Building Properties"), (5, "Discussion")]) == [True, False]


def test_an_appendix_named_by_its_letter_is_kept_beside_lettered_subsections():
    # REVTeX letters the subsections "A. …", "B. …" under each section; "Appendix A: Derivation of
    # the Commutator Series" (scored 0.94) fell outside their chain and was cleared
    from scholartools.parsing.pdf.headings import _APPENDIX_LETTER

    assert _APPENDIX_LETTER.match("Appendix A: Derivation of the Commutator Series")
    assert _APPENDIX_LETTER.match("Anhang B Beweise")
    assert not _APPENDIX_LETTER.match("A. Definition and generators")


def test_a_leads_spacing_before_it_and_a_signs_place_in_the_gold(tmp_path):
    # "\medskip\noindent\textbf{Result 1: the master algebra.}" is an optional lead, and
    # "\subsection{Proof of (Q$\to$C): …}" keeps its letters apart as the page prints "(Q→C)"
    from benchmarks.tex_pairs import plain_math

    assert plain_math("Proof of (Q$\\to$C): quantum to classical") == "Proof of (Q C): quantum to classical"
    assert plain_math("The $\\chi^2$ test") == "The χ2 test"
    optional, _ = _gold(tmp_path, "revtex4-2", "\\section{Introduction}\n\\medskip\\noindent\\textbf{Result 1: the master "
                        "algebra.}\\quad We define.\n\n\\section{Proofs}\nText.\n")
    assert "Result 1: the master algebra." in optional


# -- dev81 -------------------------------------------------------------------------------------------

def test_a_code_repository_named_as_the_paper_is_no_journals_homepage():
    # "https://github.com/muxamilian/fair-queuing-aware-congestion-control" under the title: the
    # title was taken for a journal's name and the author's name became the title
    from scholartools.parsing.pdf.frontmatter import _CitedNames, _journal_name

    title = "Fair Queuing Aware Congestion Control"
    assert not _journal_name(title, _CitedNames([title, "https://github.com/muxamilian/fair-queuing-aware-congestion-control"]))
    # control: a journal's homepage names the journal
    assert _journal_name("Science in One Health", _CitedNames(["journal homepage: www.example.org/science-in-one-health"]))


def test_a_titles_subtitle_in_its_regular_face_under_a_colon_is_the_titles(tmp_path):
    import pymupdf
    from pdf_pages import para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for y, text, size, font in ((125, "The Squeeze Loop Strategy:", 17, "hebo"),   # centred; the subtitle in a family of its own
                                (146, "Catching Coherent-and-Wrong Artifacts with an Oracle", 14.4, "tiro")):
        p.insert_text((306 - pymupdf.get_text_length(text, fontname=font, fontsize=size) / 2, y), text,
                      fontsize=size, fontname=font)
    p.insert_text((257, 190), "Fabrice Derepas", fontsize=12, fontname="helv")
    p.insert_text((276, 240), "Abstract", fontsize=10, fontname="hebo")
    y = para(p, 246, "We test how the parser reads this kind of page. " * 8, font="helv")
    p.insert_text((72, y + 20), "1 Introduction", fontsize=12, fontname="hebo")
    para(p, y + 26, font="helv")
    rec = saved_record(doc, tmp_path, "subtitle.pdf")
    assert rec["title"] == "The Squeeze Loop Strategy: Catching Coherent-and-Wrong Artifacts with an Oracle"


def test_a_russian_proofs_head_is_no_heading():
    rows = [row("Доказательство.", 100), row("Введение", 200, bold=1.0)]
    assert _vetoed(rows, [(0, "Доказательство."), (1, "Введение")]) == [True, False]


def test_a_journals_name_over_its_homepage_is_no_title():
    # "Biophysics and Physicobiology" at 24 pt over "https://www.jstage.jst.go.jp/browse/biophysico/"
    from scholartools.parsing.pdf.frontmatter import _over_homepage

    def rows_(link):
        rows = [row("Biophysics and Physicobiology", 117, size=24.0), row(link, 147), row("Regular Articles", 176)]
        for k, r in enumerate(rows):
            r.index = k
        return rows
    assert _over_homepage(rows_("https://www.jstage.jst.go.jp/browse/biophysico/"), rows_("x")[0]) is False  # not its row
    rows = rows_("https://www.jstage.jst.go.jp/browse/biophysico/")
    assert _over_homepage(rows, rows[0])
    # control: a short title over its code's repository
    rows = rows_("https://github.com/muxamilian/fair-queuing")
    assert not _over_homepage(rows, rows[0])


def test_a_box_under_a_front_matter_label_is_no_unlabelled_abstract():
    # PNAS: the bold abstract has no label; the "Significance Statement" box beside it, in a face
    # of its own, had been taken as the abstract
    from scholartools.parsing.pdf.frontmatter import _under_front_label

    rows = [row("Significance Statement", 505, bold=1.0), row("Previous research has suggested a link between", 522),
            row("Introduction", 600, bold=1.0), row("Previous research has suggested a link between", 620)]
    assert _under_front_label(rows, 0) and _under_front_label(rows, 1)
    assert not _under_front_label(rows, 3)   # control: the body's first paragraph under its heading
