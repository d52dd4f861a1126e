"""Issue 36, forty-fifth round (session 33): what the blind batches dev70 and dev71 showed
(docs/st-parse.md, "Forty-fifth round")."""
from __future__ import annotations

import pymupdf
import pytest

from pdf_pages import _clamp_scores, row, saved_record
from test_parse_classes_fortyfourth import _apa, _centred, _double_spaced


# -- the LaTeX reader (st-parse on .tex, and the gold of the LaTeX pairs) ----------------------------

def _tex(tmp_path, body: str, preamble: str = "") -> dict:
    from scholartools.parsing import parse_path

    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n" + preamble + "\\begin{document}\n" + body + "\n\\end{document}\n")
    return parse_path(str(main))


def test_a_macros_ensuremath_is_math_in_a_title_and_a_heading(tmp_path):
    # "\newcommand{\sys}{\ensuremath{\pi\text{-Former}}}": the macro's math was read as prose whose
    # commands are dropped, "-Former: Succinct Proofs …"
    g = _tex(tmp_path, "\\title{\\sys: Succinct Proofs}\n\\maketitle\n\\section{The \\sys{} Architecture}\nText.\n"
                       "\\section{Plain \\name{} words}\nText.\n",
             "\\newcommand{\\sys}{\\ensuremath{\\pi\\text{-Former}}}\n\\newcommand{\\name}{Sigma}\n")
    assert g["title"] == "$\\pi\\text{-Former}$: Succinct Proofs"
    heads = [s["heading"] for s in g["sections"] if s["heading"]]
    assert heads == ["The $\\pi\\text{-Former}$ Architecture", "Plain Sigma words"]   # (a prose macro: the control)
    from scholartools.parsing.latex_render import render_inline
    # without braces the one token stays; a longer command's name is no \ensuremath; both go on
    assert render_inline("\\ensuremath x and \\ensuremath{\\alpha}") == "x and $\\alpha$"
    assert render_inline("\\ensuremathfoo{a} \\ensuremath{b}") == "a $b$"


def test_a_headings_parenthesised_math_is_kept_as_written(tmp_path):
    # "\section{Sensitivity of distribution of \(\gamma\)}": the letter was dropped, "… of \(\)"
    g = _tex(tmp_path, "\\section{Sensitivity of distribution of \\(\\gamma\\)}\nText.\n"
                       "\\section{Strength (\\(\\sigma_{A}\\)) values}\nText.\n")
    assert [s["heading"] for s in g["sections"]] == ["Sensitivity of distribution of \\(\\gamma\\)",
                                                     "Strength (\\(\\sigma_{A}\\)) values"]
    from benchmarks.tex_pairs import plain_math
    assert plain_math(g["sections"][0]["heading"]) == "Sensitivity of distribution of γ"


def test_headings_inside_the_abstract_are_its_labels_not_sections(tmp_path):
    # Bioinformatics' structured abstract, "\section{Motivation:}" inside the abstract environment:
    # the labels were sections (typed introduction, results) besides the abstract's text
    g = _tex(tmp_path, "\\begin{abstract}\n\\section{Motivation:} Plants differ.\n\n\\section{Results:} We measure.\n"
                       "\\end{abstract}\nReceived on a date.\n\n\\section{Introduction}\nText.\n")
    assert g["abstract"].startswith("Motivation:")
    assert [s["heading"] for s in g["sections"]] == [None, "Introduction"]
    assert g["sections"][0]["paragraphs"] == ["Received on a date."]   # (nothing after the abstract lost)


@pytest.mark.parametrize("title,gold", [("lightkurve: a Python package for Kepler, K$2$ and TESS", "K2 and TESS"),
                                        ("Formalization of $p$-adic $L$-functions", "p-adic L-functions"),
                                        ("Plain words in a title", "Plain words in a title")])
def test_a_titles_math_is_gold_as_the_page_prints_it(tmp_path, title, gold):
    # "K$2$" was gold as "K 2" (two words), the page prints "K2": a right title scored wrong
    from benchmarks.tex_pairs import source_gold

    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n\\title{" + title + "}\n\\begin{document}\n\\maketitle\n"
                    "\\section{Introduction}\nText.\n\\end{document}\n")
    assert source_gold(main)["title"].endswith(gold)


# -- st-parse on PDFs ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,number,rest", [
    ("4.3. “The Air We Breathe is Not Good”: A View", "4.3", "“The Air We Breathe is Not Good”: A View"),
    ('2.1 "Deep" Learning', "2.1", '"Deep" Learning'),
    ("4.3. “the air”", None, "4.3. “the air”"),          # (a quotation in lower case: no heading's words)
])
def test_a_number_before_a_quotation_is_the_headings_number(text, number, rest):
    from scholartools.text.sections import strip_number

    assert strip_number(text) == (number, rest)


def test_a_one_word_line_too_wide_for_the_line_above_is_its_wrap():
    # ACL's "D Task Suite Details and Prompt" / "Examples" in 12 pt bold: the word's width, read
    # from the line's mean (0.85 of it), left half a point to spare, so the heading lost its last word
    from scholartools.parsing.pdf.headings import _next_word_overflows

    last = row("D Task Suite Details and Prompt", 432.7, size=12.0, bold=1.0, x0=70.9, x1=246.9)
    assert _next_word_overflows(last, row("Examples", 446.7, size=12.0, bold=1.0, x0=91.5, x1=141.3), 290.95)
    assert not _next_word_overflows(last, row("Ex", 446.7, size=12.0, bold=1.0, x0=91.5, x1=104.0), 290.95)


def test_a_lead_opening_a_bracket_over_upright_symbols_is_a_heading_not_a_run_in_head():
    # "3.3. *Radiant Power (* ĖEM,λ and ẊEM,λ)": the italic lead stops at the bracket, the symbols are
    # upright; the row was read as a paragraph opening with a run-in head and lost
    from scholartools.parsing.pdf.headings import _short_tail

    def rows(lead, text):
        r = row(text, 530.7)
        r.lead, r.lead_style = lead, "i"
        nxt = row("The four graphs at the top of Figure 5 show normalized spectral power.", 550.0)
        nxt.first_in_block = True
        return [r, nxt]

    assert _short_tail(rows("3.3. Radiant Power (", "3.3. Radiant Power ( ĖEM,λ and ẊEM,λ)"), 0)
    assert not _short_tail(rows("3.3. Radiant Power", "3.3. Radiant Power ĖEM,λ and ẊEM,λ"), 0)


def test_introduction_under_the_repeated_title_is_a_heading_of_its_own(tmp_path):
    # APA: the title again, centred in bold, and "Introduction" centred in bold under it were read
    # as one heading, the title's last line (the control: a title's real last line still joins)
    def page(second):
        def draw(p):
            _centred(p, 80, "Adaptation of a Short Screening Scale for Depression")   # (_apa's title)
            _centred(p, 104, second)
            _double_spaced(p, 134, 8)
            p.insert_text((72, 354), "Method", fontsize=12, fontname="tibo")
            _double_spaced(p, 384, 6)
        return draw

    got = [h for h, _ in _apa(tmp_path, "apa-intro.pdf", [page("Introduction")]) if h]
    assert got == ["Introduction", "Method"]
    got = [h for h, _ in _apa(tmp_path, "apa-wrap.pdf", [page("in Primary Care")]) if h]
    assert "Introduction" not in got and got[-1] == "Method"


@pytest.mark.parametrize("rule", [True, False])
def test_a_supplements_lettered_series_is_headings(tmp_path, monkeypatch, rule):
    # "Supplementary Material A. Deviations from the preregistration.", centred in bold page after
    # page at the body's size, scored 0.08–0.21: lost (the control: without the series rule)
    from scholartools.parsing.pdf import headings

    _clamp_scores(monkeypatch, 0.0, 0.09, lambda c: c.text.startswith("Supplementary Material"))
    if not rule:
        monkeypatch.setattr(headings, "_LABELLED_LETTER", headings.re.compile(r"^appendix\s+([A-Z])\b", headings.re.I))
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Explore and confirm analysis workflows in cohort data", fontsize=17, fontname="tiro")
    p.insert_text((72, 124), "1 Introduction", fontsize=14, fontname="tibo")
    _double_spaced(p, 148, 6)
    for letter, title in zip("ABC", ("Deviations from the preregistration.", "Invitation email",
                                     "Participant characteristics")):
        p = doc.new_page(width=612, height=792)
        _centred(p, 80, f"Supplementary Material {letter}. {title}")
        _double_spaced(p, 110)
    rec = saved_record(doc, tmp_path, f"supp-{rule}.pdf")
    got = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert (got[-3:] == ["Supplementary Material A. Deviations from the preregistration",
                         "Supplementary Material B. Invitation email",
                         "Supplementary Material C. Participant characteristics"]) == rule


@pytest.mark.parametrize("label,kept", [("S2 Appendix: Well-calibrated simulation studies", True),
                                        ("S2 Cells: Well-calibrated simulation studies", False)])
def test_a_supplements_own_label_in_bold_is_a_heading_even_alone(tmp_path, monkeypatch, label, kept):
    # a supplement compiled alone: the paper's title and authors, then "S2 Appendix: …" in bold at
    # the title's size, scored 0.19, its only heading (the control: no supplement's label)
    _clamp_scores(monkeypatch, 0.0, 0.19, lambda c: c.text.startswith("S2"))
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Adaptive dating and fast proposals for relaxed clocks", fontsize=17, fontname="tiro")
    p.insert_text((72, 110), "Jane Doe and John Smith", fontsize=12, fontname="tiro")
    p.insert_text((72, 160), label, fontsize=17, fontname="tibo")
    _double_spaced(p, 190, 10)
    rec = saved_record(doc, tmp_path, f"s2-{kept}.pdf")
    assert (label in [s["heading"] for s in rec["sections"]]) == kept


def test_a_numbered_headings_last_line_may_be_a_standard_word(tmp_path):
    # the control of the rule above: "2.4 Reusable Post-processing and Unbiased" / "Conclusions",
    # a numbered heading's lines in italics (hanging under its words), stays one heading
    from pdf_pages import headings_of, para

    def draw(p, y):
        p.insert_text((72, y + 20), "2.4 Reusable Post-processing and Unbiased", fontsize=10, fontname="tiit")
        p.insert_text((92, y + 32), "Conclusions", fontsize=10, fontname="tiit")
        y = para(p, y + 40, w=230)
        p.insert_text((72, y + 20), "2.5 Setup", fontsize=10, fontname="tiit")
        para(p, y + 28, w=230)

    got = headings_of(tmp_path, "wrap.pdf", draw, ("1 Introduction", "2 Methods"))
    assert "Reusable Post-processing and Unbiased Conclusions" in got and "Conclusions" not in got
