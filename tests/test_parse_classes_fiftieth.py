"""Issue 36, fiftieth round: what the blind batches dev86–dev89 showed (docs/st-parse.md, "Fiftieth
round")."""
from __future__ import annotations

from types import SimpleNamespace

from pdf_pages import row, span


def _paragraph_head(gap: float):
    """A bold run-in head, ``gap`` points of space, a bold sentence of the text, then the text in
    roman (10 pt, five points a character: "Contributions." ends at x = 142)."""
    from scholartools.parsing.pdf.extract import _row_from_spans

    second = "(1) A negative result, pre-registered."
    x = 142 + gap
    return _row_from_spans([span("Contributions.", 72, "Times-Bold", 16), span(second, x, "Times-Bold", 16),
                            span(" Structured conditioning loses", x + 5 * len(second), "Times-Roman", 0)], 0, 1)


def test_a_run_in_heads_quad_ends_its_lead_before_a_bold_sentence():
    # \paragraph{Contributions.} then \textbf{(1) A negative result, pre-registered.}: the head
    # is set off by a quad (an em), the bold sentence after it is the text's
    r = _paragraph_head(10.0)
    assert (r.lead, r.lead_style) == ("Contributions.", "b")


def test_a_bold_lead_with_word_spaces_only_stays_whole():
    # control: the same bold runs a word space apart are one lead
    assert _paragraph_head(2.5).lead == "Contributions. (1) A negative result, pre-registered."


def test_a_wide_space_after_a_colon_or_a_step_number_cuts_no_lead():
    # controls: a loose justified line spaces a colon as widely ("**The intraday retest:**
    # **the gate can pass.**", one \paragraph head); "Step 2." is a label, not a head
    from scholartools.parsing.pdf.extract import _row_from_spans

    for first, second in (("The intraday retest:", "the gate can pass."), ("Step 2.", "Fitting the model.")):
        x = 72 + 5 * len(first) + 10
        r = _row_from_spans([span(first, 72, "Times-Bold", 16), span(second, x, "Times-Bold", 16),
                             span(" The bound above", x + 5 * len(second), "Times-Roman", 0)], 0, 1)
        assert r.lead == f"{first} {second}"


def test_a_section_numbers_quad_cuts_no_lead():
    # control: "4.1.1." and a quad before the bold title — the number is no head of its own
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([span("4.1.1.", 72, "CMBX10", 16), span("BQR round down at block level:", 112, "CMBX10", 16),
                         span(" Consider the input matrix", 262, "CMR10", 0)], 0, 1)
    assert r.lead == "4.1.1. BQR round down at block level:"


def test_a_chinese_sections_label_is_its_number():
    from scholartools.parsing.pdf.headings import number_and_title

    assert number_and_title("第二节 时间同步与数据校正") == ("2", "时间同步与数据校正")
    assert number_and_title("第一章 绪论") == ("1", "绪论")   # (a chapter's, as before)


def test_a_large_chinese_section_label_makes_no_chapter():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _chapter_titles

    st = SimpleNamespace(body=10.5)
    rows = [row("第二节 时间同步与数据校正", 100, size=16.0), row("第三章 城市与郊区的储热", 300, size=16.0)]
    cands = [Cand(i=k, rows=[k], text=r.text, p=0.2, feats=[0.0] * len(FEATURES)) for k, r in enumerate(rows)]
    for c in cands:
        c.number = "2"
    _chapter_titles(rows, cands, st, 0.5)
    assert [c.chapter for c in cands] == ["", "chapter"]


def test_a_theses_own_pages_are_typed_not_body_sections():
    from scholartools.text.sections import section_type

    assert [section_type(h) for h in ("摘要", "摘 要", "图目录", "表目录", "插图索引", "致谢", "学位论文原创性声明",
                                      "学位论文版权使用授权书")] \
        == ["abstract", "abstract", "front_matter", "front_matter", "front_matter", "acknowledgments",
            "front_matter", "front_matter"]
    # controls: a body section; a declaration page, which some theses' sources set as a section
    assert section_type("时间同步与数据校正") != "front_matter"
    assert section_type("Declaration of Originality") != "front_matter"


def test_a_programs_identifier_alone_is_no_heading():
    # "**POP_MEAN** training-set mean …", a plot's legend "POP_MEAN": the baselines as the code names them
    from scholartools.parsing.pdf.headings import _code_row

    assert [_code_row(t) for t in ("POP_MEAN", "GRU_E2E.", "TSENCODER_E2E:")] == [True, True, True]
    assert [_code_row(t) for t in ("Results", "Smaller z-dim is competitive", "Non_linear effects on yield")] \
        == [False, False, False]


def test_a_numbered_first_section_called_abstract_is_the_abstracts_label():
    from scholartools.parsing.pdf.frontmatter import _is_label_row

    assert _is_label_row(row("1 Abstract", 200, size=14.4, bold=1.0)) == (True, "")
    # controls: a later section called Summary, a first section that only opens with the word
    assert _is_label_row(row("4 Summary", 200, size=14.4, bold=1.0)) == (False, "")
    assert _is_label_row(row("1 Abstract interpretation of programs", 200, size=14.4, bold=1.0)) == (False, "")


def test_a_paragraphs_enumerator_is_numbering_to_the_scorer():
    # gold "(1) Composition is exact, …" (the source's \paragraph), st-parse's "Composition is exact, …"
    from tools.evaluate_parse import normalise_heading

    assert normalise_heading("(1) Composition is exact, and the weights say what each condition does.") \
        == normalise_heading("Composition is exact, and the weights say what each condition does")
    assert normalise_heading("b) Setup") == normalise_heading("Setup")
    assert normalise_heading("(12) Results") == "results"
    # control: a number that is the heading's own word stays
    assert normalise_heading("(1+1)-dimensional models") != normalise_heading("dimensional models")


def _lettered(texts):
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _letter_numbers

    cands = [Cand(i=k, rows=[k], text=t, p=0.3, feats=[0.0] * len(FEATURES)) for k, t in enumerate(texts)]
    _letter_numbers(cands)
    return [c.number for c in cands]


def test_appendix_letters_go_on_past_h_and_before_accented_capitals():
    # a French report's eleven appendices, "E Éléments et allotropes" among them
    titles = ["Liste des composés", "Paramètres de calcul", "Potentiels", "Grille de points", "Éléments et allotropes",
              "Polymorphes", "Composés cibles", "Réactions endobondic", "Réactions exobondic",
              "Descripteurs antiliants", "Structures des réactions"]
    texts = [f"{chr(65 + k)} {t}" for k, t in enumerate(titles)]
    assert _lettered(texts) == list("ABCDEFGHIJK")
    # control: past "H" only where every letter before it letters a heading
    assert _lettered(["A Proofs", "B Details", "I Introduction", "K Kernels"]) == ["A", "B", None, None]


def test_two_missing_steps_fill_the_chain_together():
    from scholartools.parsing.pdf.headings import _steps_through

    assert _steps_through([(None, [10])], [9], [11])       # "I" then "J" between "H" and "K"
    assert not _steps_through([], [9], [11])                 # control: "J" missing
    assert not _steps_through([(None, [12])], [9], [11])


def test_a_numbered_heading_may_open_with_a_sum():
    from scholartools.text.sections import strip_number

    assert strip_number("1. 1 + 3 Decomposition") == ("1", "1 + 3 Decomposition")
    assert strip_number("2. 3 + 4 = 7") == (None, "2. 3 + 4 = 7")   # control: a line of arithmetic


def test_the_golds_optional_acknowledgments_read_the_theses_languages():
    # ustcthesis prints "致谢" from an environment of its own, no sectioning command: optional
    # in the gold as "Acknowledgments" is
    from benchmarks.jats_pairs import BACK_LABELS

    assert {"致谢", "謝辞", "Danksagung", "Remerciements", "Agradecimientos"} <= set(BACK_LABELS)


def test_a_chinese_appendixs_label_is_numbering_to_the_scorer():
    # the PDF prints "附录 A" before the title the source gives, as "Appendix A" before "Proofs"
    from tools.evaluate_parse import normalise_heading

    assert normalise_heading("附录 A 读学位期间所发表的学术论文") == normalise_heading("读学位期间所发表的学术论文")
    # control: a heading that opens with the word, no letter after it, keeps it
    assert normalise_heading("附录与说明") == "附 录 与 说 明"


def _double_spaced_front(pitch):
    """A title in two lines 44 pt apart at 17 pt (1.53 sizes between them), the authors, then body
    lines ``pitch`` apart at 10 pt."""
    from pdf_pages import front_rows

    lines = [("Adjoint-based gradient estimation for gray-box solutions", 132, 17.0, 0.0),
             ("of unknown conservation laws", 176, 17.0, 0.0), ("Han Chen, Qiqi Wang", 223, 12.0, 0.0)]
    lines += [("Many engineering applications can be formulated as optimizations.", 320 + pitch * k, 10.0, 0.0)
              for k in range(8)]
    rows = front_rows(lines)
    rows[1].x0, rows[1].x1 = 195.0, 400.0
    return rows


def test_a_double_spaced_manuscripts_title_keeps_its_second_line():
    from scholartools.parsing.pdf.frontmatter import title_rows

    assert [r.text for r in title_rows(_double_spaced_front(24.0), 10.0, 0, 792.0)] \
        == ["Adjoint-based gradient estimation for gray-box solutions", "of unknown conservation laws"]
    # control: single-spaced text, the same title lines are two groups (the larger gap ends it)
    assert [r.text for r in title_rows(_double_spaced_front(12.0), 10.0, 0, 792.0)] \
        == ["Adjoint-based gradient estimation for gray-box solutions"]


def _running_head(number="3.2"):
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    rows = [row("the end of the last page's paragraph.", 700, page=0),
            row(f"{number}. GENERAL MODEL STRUCTURE, SETTING, AND CHOSEN", 96, page=1),
            row("3.2 General model structure, setting, and chosen notation", 126, size=12.0, bold=1.0, page=1)]
    cands = [Cand(i=k, rows=[k], text=rows[k].text, p=0.92, feats=[0.0] * len(FEATURES)) for k in (1, 2)]
    cands[0].number, cands[0].title = number, "GENERAL MODEL STRUCTURE, SETTING, AND CHOSEN"
    cands[1].number, cands[1].title = "3.2", "General model structure, setting, and chosen notation"
    return rows, cands


def test_a_running_head_over_its_sections_heading_is_none():
    from scholartools.parsing.pdf.headings import _running_heads_over_headings

    rows, cands = _running_head()
    _running_heads_over_headings(rows, cands)
    assert [c.p for c in cands] == [0.0, 0.92]
    # control: a heading in capitals numbered otherwise (the next section's) stays
    rows, cands = _running_head("3.3")
    _running_heads_over_headings(rows, cands)
    assert [c.p for c in cands] == [0.92, 0.92]


def test_a_numbered_heading_may_open_with_a_questions_enumerator():
    from scholartools.text.sections import strip_number

    assert strip_number("4.3. (i) How well can methods predict progression?") \
        == ("4.3", "(i) How well can methods predict progression?")
    assert strip_number("2. (i) the first case") == (None, "2. (i) the first case")   # control: a sentence's


def test_a_papers_date_in_a_footnote_is_no_run_in_head():
    # amsart's first-page footnote "*Date*: July 30, 2026."
    from scholartools.parsing.pdf.headings import _runin

    def lead_row(text, lead):
        r = row(text, 700)
        r.lead, r.lead_style, r.first_in_block = lead, "i", True
        return r

    st = SimpleNamespace(body=10.0, body_family="body")
    assert _runin([lead_row("Date: July 30, 2026.", "Date")], 0, st) is None
    # control: another label closed by a colon runs in
    assert _runin([lead_row("Datasets: We use three corpora.", "Datasets:")], 0, st).text == "Datasets"


def _front_with(second, size=12.0, gap=3.0, x0=149.0):
    """A title line at 17 pt (x 127–468), ``second`` ``gap`` points under it at ``size``, then an
    "Abstract" label and its text at 10 pt (body 10 pt)."""
    from pdf_pages import front_rows

    rows = front_rows([("Stoichiometry of a saturated fluorite nanoparticle", 115, 17.0, 0.0),
                       (second, 132 + gap, size, 0.0), ("Abstract", 207, 10.0, 1.0),
                       ("We consider a fluorite nanoparticle in the idealised lattice.", 225, 10.0, 0.0)])
    rows[0].x0, rows[0].x1 = 127.0, 468.0
    rows[1].x0, rows[1].x1 = x0, x0 + 297.0
    return rows


def test_a_subtitle_under_the_title_in_a_smaller_display_type():
    from scholartools.parsing.pdf.frontmatter import subtitle_rows

    rows = _front_with("Exact lattice counts for axis-aligned nanocubes and boxes")
    assert [r.text for r in subtitle_rows(rows, rows[:1], 10.0)] == ["Exact lattice counts for axis-aligned nanocubes and boxes"]
    # controls: an author line with its marks, an anonymised author, a name, a date; a line a
    # blank line lower, one in the body's size, one off the title's centre and edge
    for text in ("Felix Saretzkya,∗, Andreas Paulyb,c", "Brian L. Frost,1, a) C. Elliott Strimbu,2, b)",
                 "Anonymous Author(s)", "Lars Tönsing", "August 4, 2026",
                 "Chaoqun Wang, Xuejin Chen, Member, IEEE, Shaobo Min",
                 # a publisher's author lines, their marks in digits, letters and a font's own glyphs
                 "Xiaosong Zhang1, Jilei Tang2, Nan Shen3", "Margaret Glancey,a Patience Osei,a William Patterson",
                 "Khalid A. Alburikan a, Hatem A. Abuelizz b,⇑", "Charles Rupprecht , Ivan Kuzmin , Francois Meslin",
                 "Lisandro Benedetti‑Cecchi",
                 # the title's own last line, in lower case or on a figure: no subtitle
                 "malabar nut plant (Justicia adhatoda), and emblic myrobalan", "223RaCl2 radiotherapy"):
        rows = _front_with(text)
        assert subtitle_rows(rows, rows[:1], 10.0) == [], text
    for kw in ({"gap": 14.0}, {"size": 10.0}, {"x0": 60.0}):
        rows = _front_with("Exact lattice counts for axis-aligned nanocubes and boxes", **kw)
        assert subtitle_rows(rows, rows[:1], 10.0) == [], kw


def _titled_pdf(tmp_path, name, lines):
    """A front page of centred ``(text, y, size)`` lines, an author, an abstract and a first
    section, parsed."""
    import pymupdf
    from pdf_pages import para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for text, y, size in lines:
        w = pymupdf.get_text_length(text, fontname="tiro", fontsize=size)
        p.insert_text((306 - w / 2, y), text, fontsize=size, fontname="tiro")
    p.insert_text((270, 190), "Jane Doe", fontsize=11, fontname="tiro")
    p.insert_text((72, 230), "Abstract", fontsize=11, fontname="tibo")
    y = para(p, 236, "We count the atoms of a fluorite nanoparticle exactly. " * 6)
    p.insert_text((72, y + 20), "1 Introduction", fontsize=11, fontname="tibo")
    para(p, y + 26)
    return saved_record(doc, tmp_path, name)


def test_a_pdfs_subtitle_is_the_records_and_either_title_counts(tmp_path):
    from tools.evaluate_parse import record_title, title_match

    title, sub = "Stoichiometry of a saturated fluorite nanoparticle", "Exact lattice counts for nanocubes and boxes"
    rec = _titled_pdf(tmp_path, "subtitle.pdf", [(title, 130, 17), (sub, 150, 12)])
    assert (rec["title"], rec["subtitle"]) == (title, sub)
    assert list(rec)[:3] == ["id", "title", "subtitle"]
    # a gold title holds the subtitle or not as its class sets it: either reading counts, nothing else
    assert title_match(record_title(rec), title) and title_match(record_title(rec), f"{title}: {sub}")
    assert not title_match(record_title(rec), sub)
    # control: no subtitle, no key
    rec = _titled_pdf(tmp_path, "plain.pdf", [(title, 130, 17)])
    assert rec["title"] == title and "subtitle" not in rec


def test_a_latex_sources_subtitle_is_the_records(tmp_path):
    from scholartools.parsing import parse_path

    src = tmp_path / "paper.tex"
    src.write_text("\\documentclass{acmart}\n\\renewcommand\\subtitle[1]{#1}\n\\begin{document}\n"
                   "\\title{Interpretable Time Series Classification}\n"
                   "\\subtitle{From Random Sampling to Stratified Selection}\n\\maketitle\n"
                   "\\section{Introduction}\nText.\n\\end{document}\n")
    rec = parse_path(str(src))
    # (the class's definition of the command, before it, is not the subtitle)
    assert (rec["title"], rec["subtitle"]) == ("Interpretable Time Series Classification",
                                               "From Random Sampling to Stratified Selection")
    src.write_text("\\documentclass{article}\n\\begin{document}\n\\title{A Title}\n\\maketitle\n"
                   "\\section{Introduction}\nText.\n\\end{document}\n")
    assert "subtitle" not in parse_path(str(src))
