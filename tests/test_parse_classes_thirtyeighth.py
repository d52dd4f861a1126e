"""Layout rules of issue 36's thirty-eighth round, each read from a class new to the tex-pairs
manifest (docs/st-parse.md, "Thirty-eighth round"); no rule names a publisher or a template."""
from __future__ import annotations

from pdf_pages import span

from scholartools.parsing.pdf.extract import _row_from_spans


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
