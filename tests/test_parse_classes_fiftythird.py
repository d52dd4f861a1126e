"""Issue 36, fifty-third round: what the fifty-second round's blind batches left (docs/st-parse.md,
"Fifty-third round")."""
from __future__ import annotations

from types import SimpleNamespace

from pdf_pages import row


def _appendices(bold: float, n: int) -> list[float]:
    """``n`` rows "Appendix: …" in 12-pt type of weight ``bold``, each over a listing, scored as an
    LNCS paper's were (0.34–0.37: no number, code under them); the scores after the appendix rule."""
    from scholartools.parsing.pdf.headings import Cand, _appendix_series

    titles = ["Appendix: Sample Analysis in Python", "Appendix: Fetch Bug Reports Data",
              "Appendix: Java ReentrantLock pseudocode"][:n]
    rows, cands = [], []
    for k, t in enumerate(titles):
        rows.append(row(t, 100 + 200 * k, 12.0, bold=bold))
        cands.append(Cand(i=2 * k, rows=[2 * k], text=t, p=0.36 - 0.01 * k))
        rows.append(row("import sys", 130 + 200 * k))
    _appendix_series(rows, cands, 0.4)
    return [c.p for c in cands]


def test_appendices_without_letters_in_one_bold_style_are_headings():
    assert all(p > 0.4 for p in _appendices(1.0, 3))
    # controls: one such row alone is left to the model, and so are such rows in regular type
    assert _appendices(1.0, 1) == [0.36]
    assert all(p < 0.4 for p in _appendices(0.0, 3))


def _table_rows(above: str):
    """A small table: its head, the row ``above``, then "LockB 5086.367" underlined by the rule
    closing the table, over its caption; the underlined row a candidate the model is unsure of."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _named_and_underlined

    rows = [row("Time Spent (seconds)", 506, 9.0, x0=278, x1=366), row(above, 517, 9.0, x0=249, x1=313),
            row("LockB 5086.367", 528, 9.0, x0=249, x1=313),
            row("Table 4: First experiment’s average time spent", 539, 10.0, x0=206, x1=409)]
    rows[2].underline = True
    feats = [0.0] * len(FEATURES)
    feats[FEATURES.index("next_bodyish")] = 1.0
    c = Cand(i=2, rows=[2], text="LockB 5086.367", title="LockB 5086.367", p=0.2, feats=feats, page=0)
    _named_and_underlined(rows, [c], SimpleNamespace(body=10.0, page_height=792.0, extents={}), 0.4)
    return c.p


def test_a_tables_last_row_of_a_label_and_a_figure_over_its_rule_is_no_heading():
    assert _table_rows("LockA 4227.800") < 0.4
    # control: the same underlined row under a row of words is left to the underline rule
    assert _table_rows("Time spent by subjects") > 0.4


def test_a_local_packages_code_is_no_text_to_print(tmp_path):
    # a local copy of natbib.sty defines \cite without arguments, as code: every heading citing a
    # paper printed "ifstar ifnextchar [ []" (st-parse's LaTeX reader and the tex-pairs gold alike)
    from scholartools.parsing import parse_path

    (tmp_path / "natbib.sty").write_text(
        "\\DeclareRobustCommand\\cite{\\begingroup\\let\\NAT@ctype\\z@\\NAT@partrue\\NAT@swatrue"
        "\\@ifstar{\\NAT@fulltrue\\NAT@cites}{\\NAT@fullfalse\\NAT@cites}}\n")
    (tmp_path / "main.tex").write_text(
        "\\documentclass{article}\\usepackage{natbib}\n\\newcommand{\\etal}{et al.\\@}\n"
        "\\title{Global curvature of data}\\begin{document}\\maketitle\n"
        "\\section{Selected papers}\\paragraph{Representation Tradeoffs~\\cite{sala2018}} They study it.\n"
        "\\section{Work of Sala \\etal} Text.\n\\end{document}\n")
    rec = parse_path(str(tmp_path / "main.tex"))
    text = repr(rec)
    assert "ifstar" not in text and "NAT@" not in text
    # control: a paper's own text macro, "et al.\@", is still printed
    assert any((s.get("heading") or "").startswith("Work of Sala et al.") for s in rec["sections"])


def test_roman_section_numbers_with_lettered_parts_and_without_a_point():
    from scholartools.parsing.pdf.headings import number_and_title

    assert number_and_title("II Related Work") == ("II", "Related Work")
    assert number_and_title("III.A Theory") == ("III.A", "Theory")
    assert number_and_title("III.A.1 Estimating discriminability") == ("III.A.1", "Estimating discriminability")
    # controls: words and names that read as one-letter numerals, and letters that are no numeral
    assert number_and_title("I Introduction")[0] is None
    assert number_and_title("V Appendix")[0] is None
    assert number_and_title("XX Century Fox")[0] is None
    assert number_and_title("IIIA Results")[0] is None
    assert number_and_title("V.I Validation results")[0] is None   # (a paper's 5.1 written so)


def _abstract_rows(*pieces):
    """An unlabelled abstract's rows in 9 pt: its first line, then ``pieces`` of its second line
    ((text, x0, x1, size, kind)), then a third line; each row of the second line on its baseline."""
    rows = [row("We develop a theoretical framework that connects the time-dependent method to", 134, 9.0,
                x0=109, x1=507)]
    for text, x0, x1, size, kind in pieces:
        r = row(text, 145 if size > 8 else 143, size, x0=x0, x1=x1)
        r.kind = kind
        rows.append(r)
    rows.append(row("its ground-state value reduces the variational principle to superfluid hydrodynamics.", 156,
                    9.0, x0=109, x1=507))
    return rows


def test_a_formulas_scripts_set_small_do_not_break_an_abstracts_paragraph():
    from scholartools.parsing.pdf.frontmatter import _paragraphs

    # "ansatz Ψ = e", then the exponent's "P" and "i u1(ri,t)+P" in 6 pt, then the line's rest
    rows = _abstract_rows(("Starting from the truncated ansatz Ψ = e", 109, 165, 9.0, "text"),
                          ("P", 165, 172, 6.0, "small"), ("i u1(ri,t)+P", 172, 215, 6.0, "equation"),
                          ("i<j u2(rij), we show that freezing the correlation factor u2 at", 215, 507, 9.0, "text"))
    assert _paragraphs(rows, 0) == [[0, 1, 4, 5]]
    # a subscript stacked under a superscript: the line's rest starts under the superscript's end
    rows = _abstract_rows(("proxy for boundary density at r = 0.86. A valence-only variant δval", 109, 466, 9.0, "text"),
                          ("IPR (exclud-", 457, 507, 9.0, "text"))
    assert _paragraphs(rows, 0) == [[0, 1, 2, 3]]
    # control: a row of the body's type in another column, level with the line, is no part of it
    rows = _abstract_rows(("Starting from the truncated ansatz Ψ = e", 109, 165, 9.0, "text"),
                          ("Received 3 May 2020", 420, 507, 9.0, "text"))
    assert [2] in _paragraphs(rows, 0)


def _summary_then_abstract(label_abstract: bool):
    """A title page with a one-sentence "Summary: …"; the next page's abstract under "Abstract"
    centred in 14.5 pt (or, ``label_abstract`` false, no such page); then "Introduction"."""
    import pymupdf

    from pdf_pages import BODY, para

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((80, 135), "Thermal performance of fish is explained by physiology and ecology", fontsize=17,
                  fontname="tiro")
    p.insert_text((255, 225), "Philipp Neubauer", fontsize=12, fontname="tiro")
    para(p, 500, "Summary: Although a number of theories exist, there is little consensus on drivers of "
                 "thermal performance in ectotherms. We present a general size and trait based model.", size=11)
    if label_abstract:
        p = doc.new_page(width=612, height=792)
        p.insert_text((279, 96), "Abstract", fontsize=14.5, fontname="tiro")
        para(p, 120, "Increasing temperatures under climate change are thought to affect individual physiology "
                     "of fish. " * 6, size=11)
    p = doc.new_page(width=612, height=792)
    p.insert_text((268, 96), "Introduction", fontsize=14.5, fontname="tiro")
    para(p, 120, BODY, size=11)
    para(p, 220, BODY, size=11)
    return doc


def test_a_title_pages_summary_yields_to_the_abstract_labelled_on_the_next_page(tmp_path):
    from pdf_pages import saved_record

    rec = saved_record(_summary_then_abstract(True), tmp_path, "summary.pdf")
    assert rec["abstract"].startswith("Increasing temperatures under climate change")
    # control: where no abstract is labelled after it, the summary is the abstract
    rec = saved_record(_summary_then_abstract(False), tmp_path, "summary-only.pdf")
    assert rec["abstract"].startswith("Although a number of theories exist")


def test_a_lead_naming_what_a_heading_names_is_optional_gold_of_its_own(tmp_path):
    # "\emph{Role of quantum pressure.}---" in the results and a subsection "Role of quantum
    # pressure" further on: the page prints both
    from benchmarks.tex_pairs import source_gold

    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{revtex4-2}\n\\begin{document}\n\\title{A Paper}\n\\maketitle\n"
                    "\\section{Results}\n\n\\emph{Role of quantum pressure.}---The term is essential.\n\n"
                    "\\subsection{Role of quantum pressure}\nText.\n\\end{document}\n")
    texts = [h["text"] for h in source_gold(main)["heading_detail"]]
    assert "Role of quantum pressure" in texts and "Role of quantum pressure." in texts


def test_gold_leads_print_their_text_macros_and_a_classes_two_acknowledgements_are_one(tmp_path):
    from test_parse_classes_fortyseventh import _gold

    optional, required = _gold(tmp_path, "IEEEtran", "\\newcommand{\\langname}{Trinity}\n\\section{Design}\nText.\n\n"
                               "\\textbf{Architectural Control in \\langname.} Integrity holds.\n\n"
                               "\\ifCLASSOPTIONcompsoc\n\\section*{Acknowledgments}\n\\else\n\\section*{Acknowledgment}\n"
                               "\\fi\nWe thank them.\n")
    assert "Architectural Control in Trinity." in optional
    # the page prints one of the two branches' headings: the second is optional
    assert required == ["Design", "Acknowledgments"] and "Acknowledgment" in optional
    # controls: two sections, and two subsections that differ by a sign the gold loses, are required
    optional, required = _gold(tmp_path, "article", "\\section{Methods}\nText.\n\\section{Results}\nText.\n")
    assert required == ["Methods", "Results"]
    optional, required = _gold(tmp_path, "revtex4-2", "\\section{Results}\n\\subsection{Comparison: $\\theta=\\theta_C$}\n"
                                                      "x\n\\subsection{Comparison: $\\theta\\neq\\theta_C$}\ny\n")
    assert len(required) == 3


def test_a_dotless_letters_and_a_word_letters_control_word_swallow_the_space_after_them(tmp_path):
    from scholartools.parsing import parse_path

    (tmp_path / "a.tex").write_text("\\documentclass{article}\\title{T}\\begin{document}\\maketitle\n"
                                    "\\section{Na\\\"\\i ve Bayes}\nThe stra\\ss e of Bj\\o rn, na\\\"{\\i}ve.\n"
                                    "\\end{document}\n")
    rec = parse_path(str(tmp_path / "a.tex"))
    sec = next(s for s in rec["sections"] if s.get("heading"))
    assert sec["heading"] == "Naïve Bayes"
    assert "The straße of Bjørn, naïve." in sec["text"]


def test_a_review_copys_line_number_between_a_headings_lines_is_passed_over(tmp_path):
    # "4.2. PCa detection using …, and entire enhanced" in italics, a 5-pt line number in the
    # margin, then "signal" under the words: one heading
    import pymupdf

    from pdf_pages import BODY, para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((134, 80), "Normalisation of dynamic contrast-enhanced images", fontsize=17, fontname="tiro")
    y = para(p, 120, BODY, x=134, w=344)
    p.insert_text((134, y + 20), "4.1. Goodness of model fitting", fontsize=10, fontname="tiit")
    y = para(p, y + 26, BODY, x=134, w=344)
    p.insert_text((134, y + 20), "4.2. PCa detection using pharmacokinetic, semi-quantitative, and entire enhanced",
                  fontsize=10, fontname="tiit")
    p.insert_text((116, y + 26), "330", fontsize=5, fontname="tiro")
    p.insert_text((155, y + 34), "signal", fontsize=10, fontname="tiit")
    para(p, y + 42, BODY, x=134, w=344)
    rec = saved_record(doc, tmp_path, "lineno.pdf")
    heads = [s["heading"] for s in rec["sections"] if s.get("heading")]
    assert "PCa detection using pharmacokinetic, semi-quantitative, and entire enhanced signal" in heads
    assert "signal" not in heads


def test_a_bold_lead_over_a_line_broken_in_a_word_is_no_heading_with_a_tail():
    from scholartools.parsing.pdf.headings import _short_tail

    def tail(text, lead):
        r = row(text, 700, 9.0, bold=0.85, x0=78, x1=293)
        r.lead = lead
        nxt = row("Figure 4: Average time participants perform", 322, 9.0, x0=317, x1=556)
        nxt.col = 1
        return _short_tail([r, nxt], 0)

    assert not tail("Interpretation of Mimicked Behaviors Our re-", "Interpretation of Mimicked Behaviors")
    # control: a heading with a word or two of another style after its lead is one
    assert tail("Interpretation of Mimicked Behaviors (pilot)", "Interpretation of Mimicked Behaviors")


def test_a_row_whose_line_goes_on_beside_it_takes_no_headings_style():
    from scholartools.parsing.pdf.headings import _line_goes_on

    rows = [row("@Kid", 240, x0=333, x1=357), row("Cloudz: Happy birthday to Yessicaaaa! :D", 240, x0=362, x1=571),
            row("If simple bag-of-words features are considered", 268, x0=333, x1=571)]
    assert _line_goes_on(rows, 0)
    assert not _line_goes_on(rows, 1)


def _styled_like_headings(beside: bool) -> float:
    """"@Kid" in the italics of two accepted headings, scored 0.12 over body text (its tweet's rest
    "Cloudz: Happy birthday …" beside it on its line, or not); its score after the style rule."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _same_style_as_headings

    rows = [row("Related Works", 100, x0=319, x1=420), row("Problem Formulation", 160, x0=319, x1=440),
            row("@Kid", 240, x0=333, x1=357)]
    if beside:
        rows.append(row("Cloudz: Happy birthday to Yessicaaaa! :D", 240, x0=362, x1=571))
    rows.append(row("If simple bag-of-words features are considered, all words", 268, x0=333, x1=571))
    feats = [0.0] * len(FEATURES)
    feats[FEATURES.index("next_bodyish")] = 1.0
    key = ("italic",)
    cands = [Cand(i=k, rows=[k], text=rows[k].text, title=rows[k].text, p=p, feats=list(feats), skey=key)
             for k, p in ((0, 0.9), (1, 0.9), (2, 0.12))]
    _same_style_as_headings(rows, cands, SimpleNamespace(style_rows={key: 3}), 0.4)
    return cands[2].p


def test_a_row_whose_line_goes_on_beside_it_is_not_lifted_into_the_headings_style():
    assert _styled_like_headings(beside=True) < 0.4
    # control: the same row standing alone on its line takes the accepted headings' style
    assert _styled_like_headings(beside=False) > 0.4


def test_a_two_level_number_in_sentence_case_standing_apart_is_a_deep_title():
    # Springer's "3.1 Literature datasets" in the body's type, a blank line and more above and under
    from scholartools.parsing.pdf.headings import Cand, _deep_title

    def deep(y):
        rows = [row("3 Results", 294, 9.5, bold=1.0), row("3.1 Literature datasets", y, 9.5),
                row("The robustness of the computational protocol was first tested", 356, 9.5)]
        c = Cand(i=1, rows=[1], text="3.1 Literature datasets", title="Literature datasets")
        return _deep_title(c, [3, 1], rows)

    assert deep(325)
    # control: the same words a line under the row above, in a paragraph's flow
    assert not deep(306)


def test_labels_set_flush_right_make_a_description_list():
    # a format's fields: "**Title\*** The name of the key" … each label ending where the items'
    # text starts, an item's next line hanging there
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _hanging_labels

    items = [("Title*", 124, "The name of the key"), ("Schema*", 110, "The url of the version of Clavis"),
             ("Media", 122, "A media element for the key, such as a logo"),
             ("Roles", 126, "Primary contact, creators, contributors, publishers of the key,"),
             (None, 159, "to persons and/or organizations"),
             ("License*", 111, "An url to the license text the key is licensed under"),
             ("Dates*", 119, "The dates the key was created and last modified")]
    rows, cands = [], []
    for k, (lead, x0, rest) in enumerate(items):
        r = row(f"{lead} {rest}" if lead else rest, 571 + 20 * k, 10.0, x0=x0, x1=420)
        if lead:
            r.lead, r.lead_style = lead, "b"
            cands.append(Cand(i=k, rows=[k], text=lead, runin=True, rest=rest, p=0.7,
                              feats=[0.0] * len(FEATURES), title=lead))
        rows.append(r)
    _hanging_labels(rows, cands, SimpleNamespace(body=10.0))
    assert all(c.p == 0.0 for c in cands)
    # control: paragraphs opening with bold leads at one indent, no line hanging, stay heads
    for c, r in zip(cands, [r for r in rows if r.lead]):
        c.p, r.x0 = 0.7, 72.0
    _hanging_labels(rows, cands, SimpleNamespace(body=10.0))
    assert all(c.p == 0.7 for c in cands)


def test_a_tables_group_title_between_lines_read_cell_by_cell_is_inside_the_table():
    from scholartools.parsing.pdf.headings import Cand, _inside_table

    def inside(first_cell):
        cells = [row(first_cell, 226, 10.5, x0=91, x1=228)] + [row(v, 226, 10.5, x0=240 + 50 * k, x1=270 + 50 * k)
                                                                for k, v in enumerate(["0.021", "-2.473", "0.013"])]
        rows = cells + [row("Indirect Effects", 242, 10.5, bold=1.0, x0=81, x1=162),
                        row("NFC on RPE via Self Control -0.011 0.007 -1.695 0.090 -0.026 -0.001", 255, 10.5,
                            x0=91, x1=535)]
        return _inside_table(rows, Cand(i=4, rows=[4], text="Indirect Effects", title="Indirect Effects"))

    assert inside("-0.208")
    # control: under a paragraph's last line, over a table's first row, a group title is no cell
    assert not inside("as the paths between them show in the model")


def test_a_lead_on_a_line_going_on_with_the_sentence_above_opens_no_paragraph():
    # "… can be found in the Supplementary" / "*Material S1.* Due to a technical error …": the
    # text layer broke a block there, in the style of the paper's accepted run-in heads
    from test_parse_classes_twentyfirst import _runin_rows_and_cands

    from scholartools.parsing.pdf.headings import FEATURES, Cand, _runin_series

    def lifted(above, x1=291):
        rows, cands = _runin_rows_and_cands(12.0, [("Statistical analyses.", "We used logistic regression.")])
        cands[0].p = 0.83
        prev = row(above, 300, 12.0, x0=57, x1=x1)
        r = row("Material S1. Due to a technical error during setup, the data", 324, 12.0, x0=57, x1=291)
        r.lead, r.lead_style, r.lead_size, r.lead_family, r.first_in_block = "Material S1.", "f", 12.0, "heads", True
        rows += [prev, r]
        c = Cand(i=2, rows=[2], text="Material S1", runin=True, rest="Due to a technical error during setup, the data",
                 p=0.22, feats=[0.0] * len(FEATURES), title="Material S1")
        _runin_series(rows, cands + [c], 0.4)
        return c.p > 0.4

    assert not lifted("had a higher workload. The items can be found in the Supplementary")
    # controls: after a paragraph's last sentence, the lead opens a paragraph in the accepted style;
    # so it does after a paragraph's short last line, its stop hidden by a citation's marks
    assert lifted("had a higher workload than the others did.")
    assert lifted("recorded emission.32,33", x1=140)


def _thesis_page(pitch: float, title_pitch: float):
    """A thesis' page in 12-pt type, its lines ``pitch`` apart: a paragraph, "3.2 Temporal Component
    of the Velocity" in 17-pt bold with "Potential" ``title_pitch`` under it at the title's indent,
    then a paragraph; st-parse's headings."""
    import pymupdf

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    words = ("The temporal component can be solved for using the equations of the previous section and "
             "the boundary conditions at the free surface of the fluid layer").split()
    lines = [" ".join(words[k:k + 12]) for k in range(0, len(words), 12)] * 3
    y = 90.0
    p.insert_text((108, y), "3.1 Eigenfunctions of the Laplacian", fontsize=17, fontname="tibo")
    y += 2 * pitch
    for line in lines:
        p.insert_text((108, y), line, fontsize=12, fontname="tiro")
        y += pitch
    y += pitch
    p.insert_text((108, y), "3.2 Temporal Component of the Velocity", fontsize=17, fontname="tibo")
    p.insert_text((152, y + title_pitch), "Potential", fontsize=17, fontname="tibo")
    y += title_pitch + 2 * pitch
    for line in lines:
        p.insert_text((108, y), line, fontsize=12, fontname="tiro")
        y += pitch
    from pdf_pages import saved_record
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        rec = saved_record(doc, Path(d), "thesis.pdf")
    return [s["heading"] for s in rec["sections"] if s.get("heading")]


def test_a_double_spaced_theses_heading_lines_set_wider_still_are_one_heading():
    assert "Temporal Component of the Velocity Potential" in _thesis_page(24.0, 44.0)
    # control: under a body set single-spaced, a line that far below is no line of the heading
    assert "Temporal Component of the Velocity Potential" not in _thesis_page(14.0, 44.0)


def test_an_abstracts_paragraph_indented_as_one_taken_before_goes_on():
    # an APA manuscript's abstract of four paragraphs, its first line not indented: the third
    # paragraph's first line, set where the second's was, is no block set elsewhere
    from scholartools.parsing.pdf.frontmatter import _set_as_taken

    rows = [row("Individual differences in interpretations of emotional ambiguity are a", 121, 12.0, x0=76, x1=504),
            row("While trait-like, these biases are also susceptible to experimental", 181, 12.0, x0=101, x1=540),
            row("We tested the effects of working memory loads containing either", 265, 12.0, x0=101, x1=539)]
    assert _set_as_taken(rows, {0, 1}, rows[2])
    assert not _set_as_taken(rows, {0}, rows[2])
