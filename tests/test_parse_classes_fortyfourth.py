"""Issue 36, forty-fourth round (session 32): what the read batches and the blind batches of this
round showed (docs/st-parse.md, "Forty-fourth round")."""
from __future__ import annotations

import pymupdf
import pytest

from pdf_pages import BODY, _clamp_scores, headings_of, lift_scores, para, row, saved_record


def _centred_labels(tmp_path, labels):
    """An IEEE-like paper whose last sections, centred, are left empty one under another but for
    the last one's paragraph; its section (heading, type) pairs."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 80), "Rapid adaptation of gait parameters for legged robots", fontsize=20, fontname="tiro")
    p.insert_text((250, 110), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = 140
    for head in ("INTRODUCTION", "METHODS"):
        w = pymupdf.get_text_length(head, "tibo", 10)
        p.insert_text((306 - w / 2, y + 16), head, fontsize=10, fontname="tibo")
        y = para(p, y + 24, BODY * 2)
    for head in labels:
        w = pymupdf.get_text_length(head, "tibo", 10)
        p.insert_text((306 - w / 2, y + 16), head, fontsize=10, fontname="tibo")
        y += 14
    para(p, y + 4, BODY)   # (the last one's text)
    rec = saved_record(doc, tmp_path, "labels.pdf")
    return [(s["heading"], s["type"]) for s in rec["sections"] if s["heading"]]


def test_standard_labels_one_under_another_are_headings_each(tmp_path):
    # "CONCLUSIONS" / "APPENDIX" / "ACKNOWLEDGMENT", centred, their sections left empty: the centred
    # rows were read as one heading's lines, "CONCLUSIONS APPENDIX ACKNOWLEDGMENT"
    got = _centred_labels(tmp_path, ("CONCLUSIONS", "APPENDIX", "ACKNOWLEDGMENT"))
    assert got[-3:] == [("CONCLUSIONS", "conclusion"), ("APPENDIX", "appendix"), ("ACKNOWLEDGMENT", "acknowledgments")]


def test_a_wrapped_centred_heading_still_joins(tmp_path):
    # the control: a centred heading's two lines, the first no label of its own
    assert _centred_labels(tmp_path, ("CONCLUSIONS AND", "FUTURE WORK"))[-1] == ("CONCLUSIONS AND FUTURE WORK", "conclusion")


@pytest.mark.parametrize("heading,kind", [("Abstract—", "abstract"), ("Abstract–", "abstract"),
                                          ("Abstract:", "abstract"), ("Abstracts of talks", "other")])
def test_ieees_run_in_abstract_label_is_the_abstract(heading, kind):
    from scholartools.text.sections import section_type

    assert section_type(heading) == kind


def test_a_heading_that_cites_a_theorem_is_gold_with_the_printed_number_open(tmp_path):
    # "\subsection{Proof of Theorem~\ref{thm:rate}}": the LaTeX reader renders the key, the page
    # prints "Proof of Theorem 4.2"; the gold holds the reference's place open (both parsers are
    # scored on it: a parser that prints the heading is neither right nor wrong)
    from benchmarks.tex_pairs import source_gold
    from tools.evaluate_parse import heading_counts

    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n\\title{Rates}\n\\begin{document}\n\\maketitle\n"
                    "\\section{Main results}\nText.\n\\section{Proofs}\\label{sec:p}\n"
                    "\\subsection{Proof of Theorem~\\ref{thm:rate}: the upper bound}\nText.\n"
                    "\\subsection{Results of Section \\ref{results}}\nText.\n\\end{document}\n")
    detail = source_gold(main)["heading_detail"]
    texts = [d["text"] for d in detail]
    assert "Proof of Theorem $\\ref$: the upper bound" in texts
    assert "Main results" in texts            # a key a word could be ("results") masks nothing
    optional = [d["text"] for d in detail if d["text"].endswith("upper bound")]
    # the printed number, closed up by the scorer with the word after it, fills the place
    assert heading_counts(["Main results", "Proofs", "A.1 Proof of Theorem 4.2: the upper bound"],
                          ["Main results", "Proofs"], optional) == (2, 2, 2)
    # the place is a number's, not any words': a different heading still counts against the parser
    assert heading_counts(["Main results", "Proofs", "A.1 Proof of Theorem 4.2: the lower bound"],
                          ["Main results", "Proofs"], optional) == (2, 3, 2)


@pytest.mark.parametrize("text,caps", [("6. THE EMERGING SAMPLE OF YOUNG SNe Ia", True),
                                       ("ROLE OF mRNA DECAY IN CELLS", True),
                                       ("The Emerging Sample of Young SNe Ia", False),     # in title case
                                       ("DNA RNA mRNA and more", False),                   # a plain word
                                       ("A B C D pH", False),                              # letters, no words
                                       ("THE CASE OF THE iPhone 16abc Xy", False)])        # three names
def test_a_row_in_capitals_may_keep_a_names_lower_case(text, caps):
    from scholartools.parsing.pdf.extract import capitals_with_names

    assert capitals_with_names(text) == caps


def _caps_heading_page(tmp_path, lines):
    """Two pages in a bold 12 pt outline in capitals; the second's heading is ``lines``."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Early light curves of a young supernova", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 140), "1 INTRODUCTION", fontsize=12, fontname="tibo")
    para(p, 148, BODY * 2)
    p = doc.new_page(width=612, height=792)
    y = 80
    for line in lines:
        p.insert_text((72, y), line, fontsize=12, fontname="tibo")
        y += 15
    y = para(p, y, BODY * 2)
    p.insert_text((72, y + 20), "3 CONCLUSION", fontsize=12, fontname="tibo")
    para(p, y + 28, BODY)
    rec = saved_record(doc, tmp_path, "caps.pdf")
    return [s["heading"] for s in rec["sections"] if s["heading"]]


def test_a_name_in_its_own_case_ends_a_heading_in_capitals_broken_after_a_connective(tmp_path):
    # AASTeX: "MODELING THE EARLY EVOLUTION OF" / "iPTF 16abc" was a heading and a lost line
    assert _caps_heading_page(tmp_path, ("2 MODELING THE EARLY EVOLUTION OF", "iPTF 16abc")) \
        == ["INTRODUCTION", "MODELING THE EARLY EVOLUTION OF iPTF 16abc", "CONCLUSION"]


def test_a_heading_in_capitals_not_broken_after_a_connective_takes_no_name_under_it(tmp_path):
    # the control: a whole heading; a short line in its own case under it is the text's
    got = _caps_heading_page(tmp_path, ("2 MODELING THE EARLY EVOLUTION", "iPTF 16abc"))
    assert "MODELING THE EARLY EVOLUTION" in got and "MODELING THE EARLY EVOLUTION iPTF 16abc" not in got


@pytest.mark.parametrize("veto", [True, False])
def test_a_row_under_a_line_ending_in_a_comma_goes_on_with_it(tmp_path, monkeypatch, veto):
    # AASTeX's \facility list, its last item in capitals alone on a row ("OANSPM:HJT"), in a paper
    # whose headings are centred capitals at the body's size: the item was a heading
    from scholartools.parsing.pdf import headings

    if not veto:   # (the control: without the rule the row is a heading)
        monkeypatch.setattr(headings, "_paragraph_lines", lambda rows, cands, st: None, raising=False)
    doc = pymupdf.open()
    heads = ("1. INTRODUCTION", "2. OBSERVATIONS", "3. MODELS", "4. DISCUSSION", "5. CONCLUSION")
    for page in range(2):
        p = doc.new_page(width=612, height=792)
        y = 60
        if page == 0:
            p.insert_text((72, 80), "Early light curves of a young supernova", fontsize=17, fontname="tiro")
            y = 110
        for head in heads[3 * page:3 * page + 3]:
            w = pymupdf.get_text_length(head, "tiro", 10)
            p.insert_text((306 - w / 2, y + 16), head, fontsize=10, fontname="tiro")
            y = para(p, y + 24, BODY)
    for k, line in enumerate(("Facility: DCT, Gemini:Gillett, Hale, Keck:I, Keck:II, LCOGT, PO:1.2 m, PO:1.5 m,",
                              "NOT, VLT, Swift,", "OANSPM:HJT")):
        p.insert_text((72, y + 12 + 12 * k), line, fontsize=10, fontname="tiro")
    para(p, y + 60, "Software: PTFIDE, FPipe, SALT2, SNID, lcogtsnpipe, UVOTSOURCE.")
    rec = saved_record(doc, tmp_path, "facility.pdf")
    got = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert got[-4:-1] == ["MODELS", "DISCUSSION", "CONCLUSION"] or got[-3:] == ["MODELS", "DISCUSSION", "CONCLUSION"]
    assert ("OANSPM:HJT" in got) != veto


@pytest.mark.parametrize("text,number,rest,level", [("EC.1. Proof of Results", "EC.1", "Proof of Results", 1),
                                                    ("EC.2.1. Proof of Lemma", "EC.2.1", "Proof of Lemma", 2),
                                                    ("ECONOMICS OF SCALE", None, "ECONOMICS OF SCALE", 1)])
def test_an_e_companions_numbers_are_numbers(text, number, rest, level):
    # INFORMS numbers its e-companion's sections "EC.1.", "EC.1.1.": they are the appendix's
    from scholartools.text.sections import number_level, section_type, strip_number

    assert strip_number(text) == (number, rest)
    assert number_level(number) == level
    assert (section_type(text) == "appendix") == (number is not None)


def test_the_bodys_size_is_read_from_lines_not_from_a_plots_labels():
    # a paper whose maps and charts print thousands of 2.5-pt labels ("G", "600", "Wage") had its
    # body read as 2 pt, and every rule that compares a row with the body went wrong
    from scholartools.parsing.pdf.layout import LINE_CHARS, body_size

    lines = [row("Public sector employment grew in every municipality we follow.", 100 + 12 * k, 11.0)
             for k in range(40)]
    labels = [row(text, 400, 2.5) for text in ("G", "600", "Wage", "0.25") * 300]
    assert body_size(lines + labels, LINE_CHARS) == 11.0
    assert body_size(lines + labels) == 2.5               # (every row: the labels' characters win)
    assert body_size(labels, LINE_CHARS) == 2.5           # (rows of every length when no row is a line)
    # (and tables' and notes' short rows in 7 pt, more characters than the body's 9.5-pt lines: an
    # Oxford journal's body was read as 7 pt)
    notes = [row("n = 12", 500, 7.0) for _ in range(200)]
    assert body_size(lines + notes, LINE_CHARS) == 11.0


def test_keywords_right_under_an_abstract_whose_line_boxes_overlap():
    # the line boxes of a paragraph set close overlap by a descender's depth: Oxford's abstract over
    # its "Keywords." row, 1.2 pt into the line above, was no abstract with its keywords under it
    from scholartools.parsing.pdf.frontmatter import _keywords_below

    abstract = [row("As more patients seek care in the outpatient setting, the opportunities grow.", 150 + 12 * k, 9.5,
                    x1=547.0) for k in range(4)]
    for gap, under in ((-1.2, True), (2.0, True), (-5.0, False), (40.0, False)):
        keywords = row("Keywords. ambulatory; guide; infection control.", abstract[-1].y1 + gap, 9.5)
        assert _keywords_below(abstract + [keywords], [0, 1, 2, 3]) == under


def test_a_line_of_small_print_opening_on_the_word_abstract_is_small_print():
    # the old ACM journal class's 8-pt abstract, one of whose lines opens "abstract syntax trees
    # generated …": the line was kept as text (as an abstract's label set small is), which cut the
    # abstract in two and lost it
    from scholartools.parsing.pdf.structure import classify_rows

    rows = [row("abstract syntax trees generated from a domain-specific language", 100, 8.0),
            row("Abstract", 80, 8.0), row("ABSTRACT", 60, 8.0), row("We study a class of code transformations", 120, 8.0)]
    classify_rows(rows, 10.0, {(0, 0): [72.0, 540.0]}, [])
    assert [r.kind for r in rows] == ["small", "text", "text", "small"]


@pytest.mark.parametrize("abstract,kept", [("Abstract here.", False), ("Bla bla...", False), ("TKTK", False),
                                           ("We study a class of code transformations that improve the "
                                            "arithmetic intensity of local assembly.", True)])
def test_a_drafts_placeholder_abstract_is_no_gold(abstract, kept):
    from benchmarks.tex_pairs import _written

    assert (_written(abstract) == abstract) == kept


def _double_spaced(p, y, n=8):
    """About ``n`` lines of body text at 12 pt across the measure, a full line apart (a
    manuscript's double spacing); the y under them."""
    text = (BODY + " ") * 4
    text = text[:text.rfind(" ", 0, 75 * n)]          # (about 75 characters a line at 12 pt)
    assert p.insert_textbox(pymupdf.Rect(72, y - 10, 540, y + 24 * n + 30), text, fontsize=12, fontname="tiro",
                            lineheight=2) >= 0
    return y + 24 * n


@pytest.mark.parametrize("rule", [True, False])
def test_an_appendix_series_labelled_and_lettered_on_rows_of_its_own_is_headings(tmp_path, monkeypatch, rule):
    # an APA manuscript's appendices: "Appendix A" centred in bold at the body's size over its
    # title, double-spaced, page after page, scored 0.11–0.15 (the control: without the rule they
    # are lost)
    from scholartools.parsing.pdf import headings

    _clamp_scores(monkeypatch, 0.0, 0.13, lambda c: c.text.startswith("Appendix"))
    if not rule:
        monkeypatch.setattr(headings, "_appendix_series", lambda rows, cands, threshold: None, raising=False)

    def doc_with(letters):
        doc = pymupdf.open()
        p = doc.new_page(width=612, height=792)
        p.insert_text((72, 80), "Adjective ordering in referential communication", fontsize=17, fontname="tiro")
        y = 100
        for head in ("1 Introduction", "2 Method"):   # (the outline in a size of its own)
            p.insert_text((72, y + 24), head, fontsize=14, fontname="tibo")
            y = _double_spaced(p, y + 48, 6)
        for letter, title in zip(letters, ("Methods and Coding Transparency", "Production Model Details",
                                           "Simulation Parameter Sweeps")):
            p = doc.new_page(width=612, height=792)
            for k, line in enumerate((f"Appendix {letter}", title)):
                w = pymupdf.get_text_length(line, "tibo", 12)
                p.insert_text((306 - w / 2, 80 + 24 * k), line, fontsize=12, fontname="tibo")
            _double_spaced(p, 128)
        rec = saved_record(doc, tmp_path, f"app-{letters}-{rule}.pdf")
        return [normalise_heading(s["heading"]) for s in rec["sections"] if s["heading"]]

    from tools.evaluate_parse import normalise_heading
    series = ["methods and coding transparency", "production model details", "simulation parameter sweeps"]
    assert (doc_with("ABC")[-3:] == series) == rule
    # letters out of order are no series
    assert "methods and coding transparency" not in doc_with("BAC")


def _checklist_page(tmp_path, under: str):
    def draw(p, y):
        p.insert_text((72, y + 14), "NeurIPS Paper Checklist", fontsize=12, fontname="tibo")
        y = para(p, y + 22, BODY)
        p.insert_text((72, y + 16), "1. Claims", fontsize=10, fontname="tibo")
        para(p, y + 22, under, x=84, w=456)

    return headings_of(tmp_path, "checklist.pdf", draw)


def test_a_checklists_items_are_no_sections(tmp_path):
    # NeurIPS' checklist: "1. Claims" in bold over "Question: Do the main claims …", "Answer: [Yes]"
    got = _checklist_page(tmp_path, "Question: Do the main claims made in the abstract and introduction "
                                    "accurately reflect the paper's contributions and scope? Answer: [Yes]")
    assert "NeurIPS Paper Checklist" in got and "Claims" not in got


def test_a_numbered_heading_over_body_text_is_still_a_section(tmp_path):
    # the control: the same numbered row over a paragraph
    assert "Claims" in _checklist_page(tmp_path, BODY)


@pytest.mark.parametrize("lead,noise", [("Sketch.", True), ("Proof sketch.", True), ("Sketch of proof.", True),
                                        ("Sketch-based retrieval.", False), ("Sketches of ideas.", False)])
def test_a_proofs_sketch_is_no_paragraph_head(lead, noise):
    from scholartools.parsing.pdf.headings import NOISE_LEAD

    assert (NOISE_LEAD.match(lead) is not None) == noise


def _apa(tmp_path, name, body_pages):
    """An APA manuscript, double-spaced at 12 pt: a title page, the abstract's page, then pages each
    ``draw(page)`` fills; its sections' (heading, type) pairs."""
    doc = pymupdf.open()
    title = "Adaptation of a Short Screening Scale for Depression"
    p = doc.new_page(width=612, height=792)
    w = pymupdf.get_text_length(title, "tibo", 12)
    p.insert_text((306 - w / 2, 200), title, fontsize=12, fontname="tibo")
    p.insert_text((260, 240), "Jane Doe and John Smith", fontsize=12, fontname="tiro")
    p.insert_text((280, 400), "Author Note", fontsize=12, fontname="tibo")
    _double_spaced(p, 430, 4)
    p = doc.new_page(width=612, height=792)
    p.insert_text((285, 80), "Abstract", fontsize=12, fontname="tibo")
    _double_spaced(p, 110, 8)
    for draw in body_pages:
        draw(doc.new_page(width=612, height=792))
    rec = saved_record(doc, tmp_path, name)
    return [(s["heading"], s["type"]) for s in rec["sections"]]


def _centred(p, y, text, size=12):
    w = pymupdf.get_text_length(text, "tibo", size)
    p.insert_text((306 - w / 2, y), text, fontsize=size, fontname="tibo")


@pytest.mark.parametrize("rule", [True, False])
def test_the_title_repeated_over_the_introduction_is_no_sections_name(tmp_path, monkeypatch, rule):
    # APA: the title again, centred in bold, over the introduction, which has no heading of its
    # own (the control: without the rule it is a section's name)
    from scholartools.parsing.pdf import structure

    if not rule:
        monkeypatch.setattr(structure, "_title_again", lambda rows, heads, title, fpage: None, raising=False)

    def first(p):
        _centred(p, 80, "Adaptation of a Short Screening Scale for Depression")
        _double_spaced(p, 110, 8)
        p.insert_text((72, 330), "Method", fontsize=12, fontname="tibo")
        _double_spaced(p, 360, 6)

    got = _apa(tmp_path, f"apa-{rule}.pdf", [first])
    assert got[-1] == ("Method", "method")
    assert (("Adaptation of a Short Screening Scale for Depression", "other") in got) != rule


def test_a_numbered_heading_under_the_repeated_title_is_a_heading_of_its_own(tmp_path):
    # "1 Introduction" right under the repeated title was read as the title's third line
    def numbered(p):
        _centred(p, 80, "Adaptation of a Short Screening Scale for Depression")
        _centred(p, 104, "1 Introduction")
        _double_spaced(p, 134, 8)
        p.insert_text((72, 354), "2 Method", fontsize=12, fontname="tibo")
        _double_spaced(p, 384, 6)

    got = [h for h, _ in _apa(tmp_path, "apa-numbered.pdf", [numbered]) if h]
    assert got == ["Introduction", "Method"]


def test_a_section_named_as_the_paper_past_the_first_heading_keeps_its_name(tmp_path, monkeypatch):
    # the control: the method of a paper titled by it, a section of its own ("Value-Suppressing
    # Uncertainty Palettes" in a paper of that title)

    lift_scores(monkeypatch, 0.9, lambda c: c.text.startswith("Adaptation"))

    def body(p):
        p.insert_text((72, 80), "Introduction", fontsize=12, fontname="tibo")
        _double_spaced(p, 110, 6)
        p.insert_text((72, 290), "Adaptation of a Short Screening Scale for Depression", fontsize=12, fontname="tibo")
        _double_spaced(p, 320, 6)

    assert [h for h, _ in _apa(tmp_path, "m.pdf", [body]) if h] \
        == ["Introduction", "Adaptation of a Short Screening Scale for Depression"]


@pytest.mark.parametrize("heading,kind", [("Author Note", "front_matter"), ("Author Notes", "front_matter"),
                                          ("Notes", "other")])
def test_apas_author_note_is_front_matter(heading, kind):
    from scholartools.text.sections import section_type

    assert section_type(heading) == kind


@pytest.mark.parametrize("rule", [True, False])
def test_apa_first_level_centred_over_the_next_levels_bold_heading(tmp_path, monkeypatch, rule):
    # "Study 1" (scored 0.03) and "Results" (0.02), centred in bold at the body's size, each right
    # over a flush-left bold heading ("Method", "Manipulation Check"), were lost (the control: the
    # same scores without the two rules' look at the row under them)
    from scholartools.parsing.pdf import headings

    lift_scores(monkeypatch, 0.9, lambda c: c.text in ("Method", "Manipulation Check", "Discussion"))
    _clamp_scores(monkeypatch, 0.03, 0.03, lambda c: c.text in ("Study 1", "Results", "Study 2"))
    if not rule:
        monkeypatch.setattr(headings, "_bold_below", lambda rows, c: False, raising=False)

    def study(k):
        def draw(p):
            _centred(p, 80, f"Study {k}")
            p.insert_text((72, 104), "Method", fontsize=12, fontname="tibo")
            _double_spaced(p, 134, 8)
            _centred(p, 340, "Results")
            p.insert_text((72, 364), "Manipulation Check", fontsize=12, fontname="tibo")
            _double_spaced(p, 394, 6)
            _centred(p, 560, "Discussion")
            _double_spaced(p, 590, 4)
        return draw

    got = [h for h, _ in _apa(tmp_path, f"studies-{rule}.pdf", [study(1), study(2)]) if h]
    assert got.count("Method") == 2 and got.count("Discussion") == 2
    assert (got.count("Results") == 2 and "Study 1" in got and "Study 2" in got) == rule


def test_a_paragraphs_run_in_head_under_a_numbered_heading_is_the_next_level(tmp_path):
    # a double-spaced manuscript: "5.2 Meaning Functions" over a paragraph opening, at its indent,
    # with the bold run-in head "Context-dependent size semantics." was one heading of the two
    def draw(p):
        p.insert_text((72, 80), "5.1 Representational Primitives", fontsize=12, fontname="tibo")
        _double_spaced(p, 110, 6)
        p.insert_text((72, 270), "5.2 Meaning Functions", fontsize=12, fontname="tibo")
        for k, (lead, rest) in enumerate((("Context-dependent size semantics.", "We model size adjectives with a"),
                                          ("Colour and form semantics.", "Colour and form adjectives are"))):
            y = 294 + 200 * k
            p.insert_text((108, y), lead, fontsize=12, fontname="tibo")
            x = 108 + pymupdf.get_text_length(lead + " ", "tibo", 12)
            p.insert_text((x, y), rest, fontsize=12, fontname="tiro")
            _double_spaced(p, y + 24, 6)

    got = [h for h, _ in _apa(tmp_path, "runin.pdf", [draw]) if h]
    assert "Meaning Functions" in got and "Context-dependent size semantics" in got
    assert not any(h.startswith("Meaning Functions Context") for h in got)


@pytest.mark.parametrize("heading,known", [(("Declaration of generative AI and AI-assisted technologies in the",
                                             "writing process"), True),
                                           (("Declaration of the generative models and the AI-assisted",
                                             "interventions"), False)])
def test_elseviers_ai_declaration_on_two_rows_is_a_standard_heading(tmp_path, monkeypatch, heading, known):
    # Elsevier's declaration since 2023, its heading on two rows at the body's size in a face of its
    # own, scored 0.28–0.36: a standard section's name, so a heading; the control, another
    # heading of two rows at that score, is left to the model

    _clamp_scores(monkeypatch, 0.3, 0.3, lambda c: c.text.startswith("Declaration"))

    def draw(p, y):
        y = para(p, y, BODY)
        for k, line in enumerate(heading):
            p.insert_text((72, y + 20 + 14 * k), line, fontsize=10, fontname="hebo")
        para(p, y + 42, "During the preparation of this work the authors used a language model to edit the text. " * 3)

    got = headings_of(tmp_path, "decl.pdf", draw)
    assert (" ".join(heading) in got) == known


@pytest.mark.parametrize("rule", [True, False])
def test_a_full_line_running_on_into_lower_case_body_text_is_no_heading(tmp_path, monkeypatch, rule):
    # a paragraph's first sentence set in italics across the measure, "Third, did COVID-19 alter
    # broadband demand? The pandemic" / "forced abrupt transitions …" (scored 0.67; the control:
    # the same score without the rule)
    from scholartools.parsing.pdf import headings

    lift_scores(monkeypatch, 0.67, lambda c: c.text.startswith("Third"))
    if not rule:
        monkeypatch.setattr(headings, "_paragraph_lines", lambda rows, cands, st: None, raising=False)

    def draw(p, y):
        y = para(p, y, BODY)
        first = "Third, did COVID-19 fundamentally alter broadband demand in the markets of these countries?"
        words = " The pandemic and its lockdowns".split()
        while pymupdf.get_text_length(first, "tiit", 10) < 462:   # (to fill the measure)
            first += " " + words.pop(0)
        p.insert_text((72, y + 12), first, fontsize=10, fontname="tiit")
        para(p, y + 16, "forced abrupt transitions to remote work, online education, and digital service delivery, "
             "potentially transforming broadband from a convenience into a necessity for households. " * 2)

    got = headings_of(tmp_path, "runon.pdf", draw)
    assert any(h.startswith("Third") for h in got) != rule


def test_a_standard_label_and_its_fields_first_words_in_one_bold_run():
    # "**Author Contributions: Samir Orujov:** Conceptualization, …": the label is the run-in head
    from scholartools.parsing.pdf.headings import _runin

    r = row("Author Contributions: Samir Orujov: Conceptualization, Methodology, Software.", 100)
    r.lead, r.lead_style, r.lead_size = "Author Contributions: Samir Orujov:", "b", 10.0
    c = _runin([r], 0, None)
    assert (c.text, c.rest) == ("Author Contributions", "Samir Orujov: Conceptualization, Methodology, Software.")
    # (the control: a lead whose words before the colon name no standard section stays whole)
    r.text = "Stage I: Obtaining the Candidate Set. We first collect every noun phrase."
    r.lead = "Stage I: Obtaining the Candidate Set."
    assert _runin([r], 0, None).text == "Stage I: Obtaining the Candidate Set"


def test_linenos_line_label_in_a_heading_is_no_word_of_it():
    # "\subsection*{\linelabel{R1-52}Standing genetic variation …}" (a revision marked for the
    # referees): the gold read "R1-52Standing genetic variation …"
    from scholartools.parsing.latex_render import render_inline

    assert render_inline("\\linelabel{R1-52}Standing genetic variation") == "Standing genetic variation"
