"""Layout rules of issue 36's thirty-eighth round, each read from a class new to the tex-pairs
manifest (docs/st-parse.md, "Thirty-eighth round"); no rule names a publisher or a template."""
from __future__ import annotations

from types import SimpleNamespace

from pdf_pages import row, span

from scholartools.parsing.pdf.extract import _row_from_spans
from scholartools.parsing.pdf.headings import Cand, _vetoes

ST = SimpleNamespace(body=10.0, body_family="body")


def _cand(r, i, runin):
    text = r.lead.rstrip(" .:") if runin else r.text
    return Cand(i=i, rows=[i], text=text, runin=runin, rest=r.text[len(r.lead):] if runin else "", p=0.6,
                number=None, title=text)


def test_a_math_letter_opening_a_hyphenated_word_is_part_of_the_bold_lead():
    # Algebra Universalis' amsart-like class: "**5.1. Transitive** *G***-sets.** A representation ϕ : G → …"
    r = _row_from_spans([span("5.1.", 132, "CMBX10", 20), span(" Transitive", 150, "CMBX10", 20),
                         span(" G", 196, "CMMI10", 6), span("-sets.", 206, "CMBX10", 20),
                         span(" A representation", 236, "CMR10", 4), span(" ϕ", 310, "CMMI10", 6),
                         span(" : G defines an action", 320, "CMR10", 4)], 0, 1)
    assert (r.lead, r.lead_style) == ("5.1. Transitive G-sets.", "b")


def test_a_math_letter_between_two_bold_words_still_ends_the_lead():
    # between two words it is a formula's, hyphen or not after it: "**Sets** ℕ **and more.**"
    r = _row_from_spans([span("Sets", 100, "CMBX10", 20), span(" N", 124, "MSBM10", 4),
                         span(" and more.", 134, "CMBX10", 20), span(" Let the set be", 190, "CMR10", 4)], 0, 1)
    assert r.lead != "Sets N and more."
    r = _row_from_spans([span("Sets", 100, "CMBX10", 20), span(" N", 124, "MSBM10", 4),
                         span(" -2 and more.", 134, "CMBX10", 20), span(" Let the set be", 190, "CMR10", 4)], 0, 1)
    assert r.lead != "Sets N -2 and more."


def test_a_jtitle_in_latin_script_names_no_title_when_a_title_follows(tmp_path):
    # the SBC journals' class: \jtitle takes the journal's name, before the paper's \title; a
    # Japanese class's \jtitle (its Japanese title) is still the title, and so is a Latin \jtitle alone
    from scholartools.parsing import parse_path

    def title(head):
        path = tmp_path / "paper.tex"
        path.write_text(f"\\documentclass{{sbc2025}}\n\\begin{{document}}\n{head}\n\\maketitle\n"
                        "\\section{Introduction}\nText.\n\\end{document}\n", encoding="utf-8")
        return parse_path(str(path))["title"]

    assert title("\\jtitle{Revista Brasileira de Computação}\n\\title{Métodos Numéricos em Prática}") \
        == "Métodos Numéricos em Prática"
    assert title("\\jtitle{疎グラフの実践}\n\\etitle{Sparse Graphs in Practice}") == "疎グラフの実践"
    assert title("\\jtitle{Sparse Graphs in Practice}") == "Sparse Graphs in Practice"


def test_acknowledgments_and_funding_named_in_the_references_languages_are_back_matter():
    # the SBC journals' Portuguese back matter; French, Spanish, German and Italian alike
    from scholartools.text.sections import section_type

    for heading in ("Agradecimentos", "Financiamento", "Agradecimientos", "Remerciements", "Danksagung",
                    "Ringraziamenti"):
        assert section_type(heading) == "acknowledgments", heading
    assert section_type("Financial markets") != "acknowledgments"


def test_an_unnumbered_statements_head_run_in_is_no_heading():
    # a Russian student conference's paper: "**Теорема.** Пусть X, Z — интервалы. …"
    for lead in ("Теорема.", "Lemma.", "Définition."):
        r = row(f"{lead} Let X and Z be intervals whose estimates we compare below.", 100, bold=0.2, x1=520)
        r.lead, r.lead_style = lead, "b"
        c = _cand(r, 0, runin=True)
        _vetoes([r], [c], ST)
        assert c.p == 0.0, lead
    # a paragraph's own name run in stays ("**Training.** We train …")
    r = row("Training. We train every model for three epochs on one GPU.", 100, bold=0.2, x1=520)
    r.lead, r.lead_style = "Training.", "b"
    c = _cand(r, 0, runin=True)
    _vetoes([r], [c], ST)
    assert c.p == 0.6


def test_a_formulas_line_going_on_after_its_comma_is_no_heading():
    # an enumerated display, "1) Z1 ⊆ Z2 ," over "2) Z3 ⊆ Z1, в случае, если …"
    r = row("1) Z1 ⊆ Z2 ,", 100, x1=180)
    r.math = 0.38
    c = _cand(r, 0, runin=False)
    _vetoes([r], [c], ST)
    assert c.p == 0.0
    r = row("1) Related work, results", 100, x1=180)   # no math: a heading's words
    r.math = 0.0
    c = _cand(r, 0, runin=False)
    _vetoes([r], [c], ST)
    assert c.p == 0.6


def test_lettered_subsections_between_roman_sections_are_their_sections_parts_not_appendices():
    # IEEE's "IV. THEORY …", "A. ACCESSIBLE INFORMATION …", "B. …", "V. RESULTS": a parser that gives
    # the lettered ones their section's level had made them appendices, and with them every section
    # after (a claim extractor then skipped three quarters of an IEEE Access paper and its conclusion)
    from scholartools.text.sections import type_sections

    def secs(numbered):
        return [{"heading": h, "number": n, "level": 1} for n, h in numbered]

    got = type_sections(secs([("I", "INTRODUCTION"), ("II", "THEORY"), ("A", "Accessible information"),
                              ("B", "Depolarization"), ("III", "RESULTS"), ("A", "Depth scaling"),
                              ("H", "Calibration drift"), ("I", "Budget definitions"), ("IV", "CONCLUSION"),
                              ("A", "Proof of the bound")]))
    assert [s["type"] for s in got] == ["introduction", "method", "method", "method", "results", "results",
                                        "results", "results", "conclusion", "appendix"]
    # lettered sections after the last roman one are appendices, as before
    got = type_sections(secs([("I", "INTRODUCTION"), ("II", "CONCLUSION"), ("A", "Derivations"), ("B", "Data")]))
    assert [s["type"] for s in got] == ["introduction", "conclusion", "appendix", "appendix"]
