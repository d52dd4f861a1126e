"""What the twenty-sixth round of issue 36 mended (docs/st-parse.md, "Twenty-sixth round").

Left over from the twenty-fifth round's batches:

* a reference's italic journal name at the start of a line ("*J. Neurosci.*, 10:826–36.") was
  read as a run-in heading numbered "J";
* a title whose first line, a question in bold ("Does Sycophancy Win?"), stands over the rest in
  the same size but regular weight lost that line;
* a proof's bold label naming the numbered result it proves ("**Proof of Proposition 2**", set on
  a line of its own by ``\\textbf``) was a heading; no source's sectioning command and no JATS
  section reads so (a named proof, "Proof of Division Algebra Property", does).
"""

from types import SimpleNamespace

import pymupdf

from pdf_pages import para, row, saved_record


def test_a_lead_the_sentence_goes_on_from_is_no_run_in_heading():
    from scholartools.parsing.pdf.headings import _runin, _vetoes

    st = SimpleNamespace(body=10.0, body_family="body")
    for text, lead in (("J. Neurosci., 10:826–36.", "J. Neurosci."), ("Nature Neurosci.; 7:1154–1161.", "Nature Neurosci."),
                       ("Data collection. Each recording was filtered before analysis.", "Data collection.")):
        r = row(text, 100)
        r.lead, r.lead_style = lead, "i"
        c = _runin([r], 0, st)
        c.p = 0.9
        _vetoes([r], [c], st)
        assert (c.p > 0) == text.startswith("Data"), text


def test_a_title_s_first_part_a_question_in_bold_above_the_rest_is_kept(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((230, 100), "Does Sycophancy Win?", fontsize=17, fontname="tibo")
    p.insert_text((130, 122), "A Causal Analysis of Flattery and User Preference", fontsize=17, fontname="tiro")
    p.insert_text((160, 144), "in Large Language Model Comparisons", fontsize=17, fontname="tiro")
    p.insert_text((250, 175), "Nicholas Example", fontsize=12, fontname="tibo")
    p.insert_text((280, 215), "Abstract", fontsize=12, fontname="tibo")
    para(p, 222, "We study whether flattery in a model's answer wins human preference votes. " * 4)
    rec = saved_record(doc, tmp_path, "question.pdf")
    assert rec["title"] == ("Does Sycophancy Win? A Causal Analysis of Flattery and User Preference in Large "
                            "Language Model Comparisons")


def test_a_proof_s_label_naming_a_numbered_result_is_no_heading():
    from scholartools.parsing.pdf.headings import _THEOREM_HEAD

    for text in ("Proof of Theorem 34", "Proof of Lemma 5.2", "Proof of Proposition 17.", "Proofs of Lemmas 3 and 4",
                 "Proof of Theorem A.1"):
        assert _THEOREM_HEAD.match(text), text
    for text in ("Proof of Division Algebra Property", "Proofs for Section 4", "Proof of the First Zonklar Equation",
                 "Proof of Theorem 4.12: Linear spectral gap scaling", "Proofs of our main Theorems"):
        assert not _THEOREM_HEAD.match(text), text
