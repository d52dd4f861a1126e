"""What the twenty-fourth round of issue 36 mended (docs/st-parse.md, "Twenty-fourth round").

A ninth batch of author-compiled papers (old ACM and CHI classes, IEEE Access, ICRA, UAI,
AISTATS, …, and papers in the sciences' journal classes), scored once before it was read, showed:

* a list's item opening with Computer Modern's bullet ("∙ **Selfish behavior (sight range):** Move
  towards …", the bullet operator LaTeX sets for ``\\bullet``) was a heading: only "•" and "◦"
  were known as a list's round bullets;
* IEEE's lettered subsections whose words the author wrote in lower case ("B. environment type")
  were not numbered, so the "C. Evaluation methods" after them stood alone under "A." and left
  the outline;
* the tex-pairs gold knew ``\\appendix`` but not the appendix package's ``appendices``
  environment, which prints "Appendices" as a heading of its own.
"""

from types import SimpleNamespace

from pdf_pages import row, small_row
from scholartools.parsing.pdf.headings import FEATURES, Cand


def _cand(i, text, p=0.41):
    return Cand(i=i, rows=[i], text=text, runin=False, p=p, title=text, feats=[0.0] * len(FEATURES))


def _outline(texts, threshold, rows=None, italic=False):
    """Candidates of ``texts`` ((text, score) a row each, unless ``rows`` are given) numbered as
    decide() numbers them, after the outline's chain: the candidates."""
    from scholartools.parsing.pdf.headings import _plausible_sequence, number_and_title

    rows = rows or [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    at = [k for k, r in enumerate(rows) if any(r.text == t for t, _ in texts)]
    cands = [_cand(i, t, p=p) for i, (t, p) in zip(at, texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
        c.feats[4] = 1.0 if italic else 0.0
    _plausible_sequence(cands, threshold, rows)
    return cands


def test_a_list_item_opening_with_the_bullet_operator_is_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=9.0, body_family="body", page_height=792.0)
    texts = ["∙ Selfish behavior (sight range): Move towards the", "Selfish behavior"]
    rows = [row(t, 100 + 20 * k, size=9.0) for k, t in enumerate(texts)]
    cands = [_cand(k, t, p=0.8) for k, t in enumerate(texts)]
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.8]


def test_lettered_subsections_in_lower_case_are_numbered_beside_their_siblings():
    from scholartools.parsing.pdf.headings import _letter_numbers, number_and_title

    def cands(texts):
        out = [_cand(k, t, p=0.6) for k, t in enumerate(texts)]
        for c in out:
            c.number, c.title = number_and_title(c.text, c.runin)
        _letter_numbers(out)
        return out

    got = cands(["III. METHODOLOGY", "A. Experimental setup", "B. environment type", "C. Evaluation methods",
                 "IV. ALGORITHMS", "A. random walk", "B. wall follower", "C. Pheromone potential field"])
    assert [(c.number, c.title) for c in got] == [
        ("III", "METHODOLOGY"), ("A", "Experimental setup"), ("B", "environment type"),
        ("C", "Evaluation methods"), ("IV", "ALGORITHMS"), ("A", "random walk"), ("B", "wall follower"),
        ("C", "Pheromone potential field")]
    # a species set apart ("B. subtilis") has no lettered sibling next to it: no number
    got = cands(["Results", "B. subtilis", "Discussion"])
    assert [(c.number, c.title) for c in got][1] == (None, "B. subtilis")


def test_the_outline_runs_through_a_lower_case_lettered_subsection():
    from scholartools.parsing.pdf.headings import _letter_numbers, _plausible_sequence, number_and_title

    texts = [("I. INTRODUCTION", 0.95), ("II. METHODOLOGY", 0.95), ("A. Experimental setup", 0.9),
             ("B. environment type", 0.7), ("C. Evaluation methods", 0.78), ("III. ALGORITHMS", 0.95),
             ("A. random walk", 0.7), ("B. wall follower", 0.7), ("C. Pheromone potential field", 0.98),
             ("D. A* algorithm", 0.98)]
    rows = [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    cands = [_cand(k, t, p=p) for k, (t, p) in enumerate(texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
    _letter_numbers(cands)
    _plausible_sequence(cands, 0.5, rows)
    assert all(c.p > 0.5 for c in cands)


def test_the_appendices_environment_makes_appendices_optional_in_the_tex_gold():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from tex_pairs import _APPENDIX

    assert _APPENDIX.search("\\section{Proofs}\n\\begin{appendices}\n\\section{More}")
    assert _APPENDIX.search("text\n\\appendix\n\\section{More}")
    assert not _APPENDIX.search("% \\appendix\n% \\begin{appendices}\n\\section{More}")


def test_a_double_spaced_drafts_heading_goes_on_over_its_wide_line_pitch():
    from scholartools.parsing.pdf.headings import _extend

    # a 17-pt bold heading in a double-spaced draft (12-pt body lines 24 pt apart): its second
    # line stands 19 pt under the first, as far as the body's pitch grown with the heading's size
    head = row("4 Angle-Resolved Cathodoluminescence Studies on the", 340.0, 17.0, bold=1.0, x0=72, x1=540)
    head.family = "sans.b"
    nxt = row("2mer", 376.2, 17.0, bold=1.0, x0=100, x1=141)
    nxt.family = "sans.b"
    st = SimpleNamespace(body=12.0, body_family="body", body_gap=12.0, extents={(0, 0): [72.0, 540.0]},
                         text_left={}, extra={})
    c = Cand(i=0, rows=[0], text=head.text)
    _extend([head, nxt], c, st)
    assert c.rows == [0, 1]
    # single-spaced (2-pt gaps between the body's lines), a row that far under is a heading of its own
    st.body_gap = 2.0
    c = Cand(i=0, rows=[0], text=head.text)
    _extend([head, nxt], c, st)
    assert c.rows == [0]


def test_numbered_sections_after_a_front_matter_label_are_not_front_matter():
    from scholartools.text.sections import type_sections

    # a thesis' chapter compiled alone: "Contents", then sections numbered "0.1", "0.2"
    secs = type_sections([{"heading": "Contents", "level": 1}, {"heading": "0.1 Introduction", "level": 2},
                          {"heading": "0.2 Methods", "level": 2}, {"heading": "0.2.1 The Tournament", "level": 3},
                          {"heading": "Date", "level": 1}])
    assert [s["type"] for s in secs] == ["front_matter", "introduction", "method", "method", "front_matter"]
    # a front-page box's own label under a front-matter label stays front matter
    secs = type_sections([{"heading": "SIGNIFICANCE STATEMENT", "level": 1}, {"heading": "Monitoring Editor", "level": 3},
                          {"heading": "INTRODUCTION", "level": 1}])
    assert [s["type"] for s in secs] == ["front_matter", "front_matter", "introduction"]


def test_a_chapters_running_head_on_three_pages_of_a_long_document_is_dropped():
    from scholartools.parsing.pdf.layout import drop_running_text

    pages = [[row(f"Body text of page {p} in the column, a line of the thesis", 100 + 12 * k, page=p)
              for k in range(6)] for p in range(30)]
    for p in (10, 12, 14, 16):
        pages[p].insert(0, row(f"CHAPTER 2. INTERPOLATION AND TRACE ESTIMATION {p + 1}", 62, page=p))
    for p in (20, 24):      # a table's header row atop two pages stays the table's
        pages[p].insert(0, row("Input Output cbow count", 72, page=p))
    drop_running_text(pages, [792.0] * 30)
    assert all(pages[p][0].drop for p in (10, 12, 14, 16))
    assert not any(pages[p][0].drop for p in (20, 24))
    # nor is one text at three heights (a table's head continued at the top of three pages' tables)
    pages = [[row(f"Body text of page {p} in the column, a line of the thesis", 100 + 12 * k, page=p)
              for k in range(6)] for p in range(30)]
    for p, y in ((2, 62), (4, 70), (5, 78)):
        pages[p].insert(0, row("Input Output cbow count", y, page=p))
    drop_running_text(pages, [792.0] * 30)
    assert not any(pages[p][0].drop for p in (2, 4, 5))


def test_a_cell_between_rows_of_figures_is_no_heading():
    from scholartools.parsing.pdf.headings import _between_figure_rows

    rows = [row("GO:0010762 0.0068 Inf 8.8567 13", 100), row("regulation of fibroblast migration", 116, x0=101),
            row("GO:1903543 0.0100 Inf 8.1754 12", 132)]
    assert _between_figure_rows(rows, _cand(1, rows[1].text))
    rows[2] = row("The enriched terms show that the tumours recruit fibroblasts.", 132)
    assert not _between_figure_rows(rows, _cand(1, rows[1].text))


def test_weak_subsections_that_fill_the_outline_exactly_are_kept():
    texts = [("1 Introduction", 0.9), ("2 Spline smoothing", 0.9), ("2.1 Partial differential equations", 0.12),
             ("2.2 Within-area distances", 0.10), ("2.3 Domain warping", 0.082), ("2.4 times higher than", 0.09),
             ("3 The model", 0.9), ("4 Examples", 0.9), ("4.1 Ramsay's horseshoe", 0.092),
             ("4.2 Peninsulae domain", 0.09), ("4.3 Aral sea", 0.057), ("5 Discussion", 0.9)]
    cands = _outline(texts, 0.4)
    assert [c.title for c in cands if c.p > 0.4] == [
        "Introduction", "Spline smoothing", "Partial differential equations", "Within-area distances",
        "Domain warping", "The model", "Examples", "Ramsay's horseshoe", "Peninsulae domain", "Aral sea",
        "Discussion"]
    # one scored too low to be a step of its own (under 0.08) fills the chain too
    texts = [("1 Introduction", 0.9), ("2 Materials and Methods", 0.9), ("2.1 Microarray data collection", 0.057),
             ("2.2 Preprocessing", 0.9), ("2.3 Differential expression", 0.9), ("2.4 Enrichment analyses", 0.9),
             ("2.5 ML procedure", 0.072), ("3 Results", 0.9)]
    cands = _outline(texts, 0.4)
    assert all(c.p > 0.4 for c in cands)
    # but not after the last member (a reference's line), nor a paragraph's first line
    texts = [("1 Introduction", 0.9), ("2 Methods", 0.9), ("2.1 Each dialysis unit should develop and implement", 0.05),
             ("2.2 Water quality", 0.9), ("3 Results", 0.9), ("4 Discussion", 0.9), ("5 Rees D Murray J Nelson G", 0.06)]
    rows = [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    rows.insert(3, row("a written protocol for the prevention of infection.", 110))
    cands = _outline(texts, 0.4, rows)
    assert [c.p > 0.4 for c in cands] == [True, True, False, True, True, True, False]
    # a table's lettered panels before the appendix's own "A." stay out: a short chain's weak "A."
    # anchors nothing
    texts = [("A. Sensitivity analyses", 0.178), ("B. CLIP backbone variation", 0.175),
             ("C. Input representation", 0.182), ("D. Cross-dataset synthesis", 0.175), ("Appendix", 0.9),
             ("A. Per-Class Evidence and Diagnostics", 0.969)]
    cands = _outline(texts, 0.4)
    assert [c.p > 0.4 for c in cands] == [False, False, False, False, True, True]


def test_a_piece_of_a_line_closing_a_bracket_it_did_not_open_is_no_heading():
    from scholartools.parsing.pdf.headings import _unclosed

    assert _unclosed("KDE) 0.13 B, 3.1.2")
    assert not any(map(_unclosed, ["a) Methods", "iv) Results", "2.1) Setup", "Results (b) and (c)"]))


def test_an_inset_abstract_goes_on_over_its_paragraphs():
    from scholartools.parsing.pdf.frontmatter import _unlabelled

    title = row("Cumulative differences between subpopulations versus body mass index", 90, 17.0, bold=1.0,
                x0=89, x1=491)
    title.kind = "title"
    paras = [["Prior works have demonstrated many advantages of cumulative statistics over the methods of",
              "reliability diagrams and calibration errors. The advantages pertain to assessing calibration",
              "of predicted probabilities, comparison of responses from a subpopulation to the full one,",
              "and comparison of one subpopulation to another. However, the prior works have not yet",
              "treated data from biostatistics, which this paper does."],
             ["Fortunately, the advantages of the cumulative statistics extend to the surveillance data of",
              "the Centers for Disease Control and Prevention. This is unsurprising, as the mathematics is",
              "the same as in earlier works. The analysis corroborates the findings of earlier works."],
             ["Two methodological extensions beyond prior work facilitate the analysis: empirical",
              "estimators of uncertainty for the graphs, valid for any real-valued responses, and",
              "estimators of the weighted average treatment effect between the subpopulations."]]
    rows, y = [title], 190.0
    for para in paras:
        for k, t in enumerate(para):
            rows.append(row(t, y, x0=89, x1=523 if k < len(para) - 1 else 400))
            y += 12.0
        y += 14.0
    rows.append(row("Date: November 11, 2024", y, 9.0, x0=89, x1=195))
    rows.append(row("1 Introduction", y + 50, 14.5, bold=1.0, x0=72, x1=185))
    rows += [row("A classic paradox popularized by Simpson is that aggregating data across a confounding", y + 70 + 12 * k,
                 x0=72, x1=540) for k in range(6)]
    heads = {len(paras[0]) + len(paras[1]) + len(paras[2]) + 2: _cand(0, "1 Introduction", 0.9)}
    text, idx = _unlabelled(rows, heads, 10.0, 0, "body", 2.0)
    assert text.startswith("Prior works") and text.endswith("between the subpopulations.")
    assert text.count("\n\n") == 2 and idx == set(range(1, 12))


def _span(text, x0, x1, size=13.8, font="URWPalladioL-Bold", y=566.0):
    return {"text": text, "bbox": (x0, y, x1, y + size), "size": size, "font": font, "flags": 20,
            "origin": (x0, y + 0.8 * size)}


def test_a_letter_spaced_heading_is_read_with_its_words_closed_up():
    from scholartools.parsing.pdf.extract import _row_from_spans

    # classicthesis: the spacing inside each span, a word's end a gap between spans
    r = _row_from_spans([_span("1 . 1", 72.0, 98.7, 17.2), _span("S", 118.5, 129.0, 17.2),
                         _span(" P E C T R A L", 129.0, 212.1), _span("D E N S I T Y", 219.4, 298.3)], 14, 20)
    assert r.text == "1.1 SPECTRAL DENSITY"
    r = _row_from_spans([_span("T H E", 72.0, 100.0), _span("N Y S T R Ö M-C H E B Y S H E V++", 107.0, 300.0),
                         _span("M E T H O D", 307.0, 360.0)], 14, 20)
    assert r.text == "THE NYSTRÖM-CHEBYSHEV++ METHOD"
    # capitals spaced as words are (a list of symbols, a name in capitals) are left as they are
    r = _row_from_spans([_span("A B C", 72.0, 100.0)], 14, 20)
    assert r.text == "A B C"
    r = _row_from_spans([_span("NASA AND THE ESA OF A B", 72.0, 300.0)], 14, 20)
    assert r.text == "NASA AND THE ESA OF A B"


def test_a_running_head_carrying_its_folio_at_the_height_of_the_others_is_dropped():
    from scholartools.parsing.pdf.layout import drop_running_text

    pages = [[row(f"Body text of page {p} in the column, a line of the thesis", 100 + 12 * k, page=p)
              for k in range(6)] for p in range(30)]
    for p in (10, 12, 14, 16):
        pages[p].insert(0, row(f"CHAPTER 2. INTERPOLATION AND TRACE ESTIMATION {p + 1}", 62, page=p))
    # the right-hand pages name their section, each once, with the page's number
    pages[11].insert(0, row("CHEBYSHEV INTERPOLATION 12", 62.4, page=11))
    pages[13].insert(0, row("STOCHASTIC TRACE ESTIMATION 14", 62, page=13))
    # a heading at the top of the text block, lower down, is no running head; nor a line of the
    # text there ending in a number that is not the page's
    pages[15].insert(0, row("2.3 THE DELTA-GAUSS-CHEBYSHEV METHOD", 90, page=15))
    pages[20].insert(0, row("fatty acids protein 4 (ELOVL4), filaggrin (FLG), transglutaminase 1", 62, page=20))
    drop_running_text(pages, [792.0] * 30)
    assert pages[11][0].drop and pages[13][0].drop
    assert not pages[15][0].drop and not pages[20][0].drop


def test_a_chapters_title_under_its_large_label_is_a_numbered_heading():
    from scholartools.parsing.pdf.headings import _chapter_titles

    rows = [row("Chapter 2", 196, 25.0, bold=1.0, x0=71, x1=180), row("Interpolation and trace estimation", 246, 25.0,
                                                                        bold=1.0, x0=71, x1=456),
            row("For many smoothing kernels, as is for example the case with Gaussian smoothing, we", 311, 12.0)]
    cands = [_cand(0, "Chapter 2", 0.076), _cand(1, "Interpolation and trace estimation", 0.23)]
    _chapter_titles(rows, cands, SimpleNamespace(body=12.0), 0.4)
    assert cands[0].p == 0.0 and cands[1].p == 0.9 and cands[1].number == "2"   # (0.9: thirty-third round)
    # "Chapter 2" in the body's type, as a reference standing on a row, names no chapter
    rows[0].size = rows[1].size = 12.0
    cands = [_cand(0, "Chapter 2", 0.076), _cand(1, "Interpolation and trace estimation", 0.23)]
    _chapter_titles(rows, cands, SimpleNamespace(body=12.0), 0.4)
    assert [c.p for c in cands] == [0.076, 0.23]


def test_a_heading_in_capitals_goes_on_over_lines_of_slightly_unequal_size():
    from scholartools.parsing.pdf.headings import _extend

    head = row("1.3 OVERVIEW OF THE METHODS DEVELOPED", 583.0, 13.5, bold=1.0, x0=72, x1=492)
    nxt = row("IN THIS THESIS", 607.4, 14.0, bold=1.0, x0=118, x1=258)
    for r in (head, nxt):
        r.family = "palladio"
    head.y1, nxt.block = 600.2, 4     # 7.2 pt between the lines' boxes
    st = SimpleNamespace(body=12.0, body_family="body", body_gap=2.47, extents={(0, 0): [70.2, 492.0]},
                         text_left={}, extra={})
    c = Cand(i=0, rows=[0], text=head.text)
    _extend([head, nxt], c, st)
    assert c.text == "1.3 OVERVIEW OF THE METHODS DEVELOPED IN THIS THESIS"


def test_words_that_the_text_layer_made_blocks_of_their_own_are_one_row():
    from scholartools.parsing.pdf.extract import page_rows

    def block(words, y, x0=45.0, size=10.0):
        out, x = [], x0
        for w in words:
            x1 = x + 5.0 * len(w)
            span = {"text": w, "bbox": (x, y, x1, y + size), "size": size, "font": "Termes", "flags": 4,
                    "color": 0, "alpha": 255, "char_flags": 16, "origin": (x, y + 0.8 * size)}
            out.append({"type": 0, "bbox": (x, y, x1, y + size),
                        "lines": [{"bbox": (x, y, x1, y + size), "dir": (1.0, 0.0), "spans": [span]}]})
            out.append({"type": 3, "bbox": (x, y, x1, y + size)})    # a vector box between them
            x = x1 + 3.0
        return out

    # an abstract's later paragraph, each word a block of its own (IEEE Access, one producer)
    blocks = block("This work introduces a web-based simulator".split(), 349.0) \
        + block("designed to analyse the workings of drives".split(), 361.0)
    rows, _, _ = page_rows({"blocks": blocks}, 0, (612.0, 792.0))
    assert [r.text for r in rows] == ["This work introduces a web-based simulator",
                                      "designed to analyse the workings of drives"]
    # two columns' lines on one row stay apart: the gutter is wider than a word's space
    blocks = block(["left column ends here"], 100.0, 45.0) + block(["right column starts"], 100.0, 170.0)
    rows, _, _ = page_rows({"blocks": blocks}, 0, (612.0, 792.0))
    assert [r.text for r in rows] == ["left column ends here", "right column starts"]


def test_the_papers_own_citation_under_its_abstract_is_no_part_of_it(tmp_path):
    import pymupdf

    from pdf_pages import para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Public perception of extreme heat on social media", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
    y = 150
    for label, text in (("Background:", "Extreme heat is a growing risk to health in Canada and its cities."),
                        ("Methods:", "We collected posts from regional forums and coded their sentiment."),
                        ("Conclusions:", "Regional differences may inform messaging to protect Canadians.")):
        p.insert_text((72, y), label, fontsize=10, fontname="tibo")
        p.insert_text((72 + 6 * len(label), y), text, fontsize=10, fontname="tiro")
        y += 14
    # the journal in bold italics, run in before the DOI, right under the abstract's last sentence
    p.insert_text((72, y), "J Med Internet Res 2026;28:e82426;", fontsize=10, fontname="tibi")
    p.insert_text((245, y), "doi: 10.2196/82426", fontsize=10, fontname="tiro")
    p.insert_text((72, y + 40), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 46)
    rec = saved_record(doc, tmp_path, "cited.pdf")
    assert rec["abstract"].endswith("to protect Canadians.")
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction"]


def test_a_lower_case_letter_numbers_the_american_meteorological_societys_subsections():
    from scholartools.parsing.pdf.headings import _plausible_sequence, number_and_title
    from scholartools.text.sections import number_level, strip_number

    assert strip_number("b. Data preparation") == ("b", "Data preparation") and number_level("b") == 2
    # an initial, a species and a list's lower-case opening are no numbers
    assert strip_number("E. coli")[0] is None and strip_number("a. the first option")[0] is None
    assert strip_number("i. Introduction")[0] is None
    texts = [("1. Introduction", 0.9), ("2. Bayesian Networks", 0.9), ("a. Building blocks", 0.43),
             ("b. Chain Rule for Bayesian Networks.", 0.11), ("3. Data", 0.9), ("a. Data exploration", 0.42),
             ("b. Data preparation", 0.42), ("c. a panel's label", 0.3)]
    cands = _outline(texts, 0.45, italic=True)    # set in italics, as the class sets its subsections
    assert [c.p > 0.45 for c in cands] == [True] * 7 + [False]
    # a list's lettered item running on into its sentence is no subsection, however it scored
    item = _cand(0, "b. Safety: Treatment-related adverse event. The safety of", p=0.49)
    item.number, item.title = number_and_title(item.text, item.runin)
    _plausible_sequence([item], 0.45, [row(item.text, 100)])
    assert item.p == 0.0


def test_an_unlabelled_abstract_in_small_print_inset_from_the_text_is_found():
    from scholartools.parsing.pdf.frontmatter import _small_print_abstract

    def small(text, y, x0=168, x1=443):
        return small_row(text, y, x0=x0, x1=x1)

    lines = ["The causal bootstrap is a modification of the classical bootstrap that accounts for",
             "uncertainty in the assignment of treatment. This allows for inference on causal parameters.",
             "This paper outlines the procedure for two-sided inference on the average treatment effect",
             "and applies it to the problem of marriage market incentives. I find evidence that women",
             "signal less professional ambition when their preferences are observed by partners."]
    title = row("THE BOOTSTRAP FOR CAUSAL INFERENCE WITH AN APPLICATION", 134, 10.0, bold=1.0, x0=144, x1=467)
    title.kind = "title"
    rows = [title, small("By Gregor Steiner", 168, 256, 354), small("University of Vienna", 188, 259, 351)]
    rows += [small(t, 207 + 9.5 * k) for k, t in enumerate(lines)]
    rows += [row("1. Introduction. The bootstrap was originally proposed by Efron and is frequently used", 296 + 12 * k,
                 x0=126, x1=484) if k == 0 else
             row("in situations where standard parametric inference is difficult or even impossible to do.",
                 296 + 12 * k, x0=126, x1=484) for k in range(8)]
    got = _small_print_abstract(rows, {}, 0, 2.0, 0, len(rows), 10.0, "body")
    assert got is not None and got[0].startswith("The causal bootstrap") and got[1] == set(range(3, 8))
    # set across the text's full width, small print is a note, not an abstract
    for k in range(3, 8):
        rows[k].x0, rows[k].x1 = 126, 484
    assert _small_print_abstract(rows, {}, 0, 2.0, 0, len(rows), 10.0, "body") is None


def test_proofs_french_theorems_and_lists_of_terms_are_no_headings():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=10.0, body_family="body", page_height=792.0)
    texts = ["Théorème 1", "Preuve", "Proof.", "node, tree, graph, path, edge, message, link, parent, leaf",
             "Stomatal aperture, conductance, transpiration rate, water use, index, and density measurement"]
    rows = [row(t, 100 + 30 * k) for k, t in enumerate(texts)]
    cands = [_cand(k, t, p=0.8) for k, t in enumerate(texts)]
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.0, 0.8]


def test_other_languages_references_and_a_manuscripts_tables_and_figures_are_known():
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS
    from scholartools.text.sections import section_type

    assert [section_type(h) for h in ("Références", "Bibliographie", "Referencias", "Literaturverzeichnis")] \
        == ["references"] * 4
    assert all(KNOWN_HEADINGS.match(h) for h in ("Tables", "Figures", "Supplementary Figures", "Figure legends"))
    assert not KNOWN_HEADINGS.match("Figures of merit")


def test_a_drafts_bold_headings_are_its_headings_style_though_its_abstract_shares_it():
    from scholartools.parsing.pdf.headings import _same_style_as_headings

    key = (12.0, True, False, "nimbus", False)
    rows = []
    for k in range(10):     # the abstract, in the headings' bold at the body's size
        rows.append(row(f"The large volumes of sequencing data require new approaches, line {k}", 100 + 24 * k, 12.0,
                        bold=1.0))
    heads = [("Results", 0.07, False), ("Data reduction results in similar assemblies", 0.11, True),
             ("Partitioning separates most reads by species", 0.29, True), ("Discussion", 0.41, True),
             ("Tables", 0.42, True), ("Online Methods", 0.06, False), ("Assembly Pipeline", 0.13, True),
             ("References", 0.41, True)]
    cands = []
    for t, p, over_body in heads:
        rows.append(row(t, 400, 12.0, bold=1.0))
        c = _cand(len(rows) - 1, t, p=p)
        c.skey, c.feats[19] = key, 1.0 if over_body else 0.0
        cands.append(c)
        if over_body:
            rows.append(row("Body text of the section, set in the regular face at the body's size.", 420, 12.0))
    for r in rows:
        r.family, r.upper = "nimbus", False
    st = SimpleNamespace(style_rows={key: 18})
    _same_style_as_headings(rows, cands, st, 0.4)
    assert all(c.p >= 0.4 for c in cands)
