"""Publisher PDFs of journals the set lacked, twenty-first round (issue 36; docs/st-parse.md).

Thirty-seven JATS-paired articles of 25 publishers (21 journals new to the set), scored once
before they were read. What they showed:

* a figure page whose full-width caption outweighs the few lines of the two columns under it was
  read as one column, the columns interleaved line by line (a heading's two lines split by a line
  of the other column);
* a methods part set two points under the body, its run-in heads in the headings' face under a
  name that hides its weight, lost them all; a run-in head the model scored 0.39 in the style of
  one it accepted at 0.69 was dropped, and so were such leads filling their row or running over
  two rows (a JATS dev paper's);
* a math font's brackets mapped to eth and thorn ("umðtÞ") broke headings that name a term;
* an author's initials ("S. L. Stramer") made a one-letter outline that lifted the name to a
  heading, and the unlabelled abstract under it was lost;
* a subsection heading set in its section heading's style right under it ("Methods" / "Study
  design and setting", one block) was no candidate;
* "Conflict of Interest Statement:", "Data Availability Statement" were not read as the standard
  sections they are;
* a heading whose italic part stops inside a math term ("*controls u*m(t), and uv(t)") read as a
  paragraph's run-in lead; a numbered "5. Summary" closing the body was typed as the abstract and
  left out of the headings;
* the boxes set beside or under the abstract ("Strengths and limitations of this study", "Key
  messages", "Research in context") were body sections, a figure's "Click here to view" link a
  heading, and "**Patient consent for publication** Not required." a heading with its sentence;
* a caption's title drawn a second time over its label ("Figure 2") and read before it made the
  label no caption, and the title a heading."""

from types import SimpleNamespace

import pymupdf

from pdf_pages import block, headings_of, row
from scholartools.parsing.pdf.headings import Cand, FEATURES


def test_two_columns_under_a_full_width_caption_are_read_column_by_column():
    from scholartools.parsing.pdf.layout import order_page

    top = block([row("the end of a paragraph of the left column here", 60 + 12 * k, x0=57, x1=291)
                  for k in range(2)], 1)
    cell = block([row("Risk category", 300, 7.5, bold=1.0, x0=57, x1=120)], 2)
    caption = block([row("Figure 1. A caption set across the page in small type, long enough to weigh "
                          f"more than the columns below it, line {k}", 330 + 8 * k, 7.0, x0=57, x1=541)
                      for k in range(12)], 3)
    left = block([row(f"left column line {k} under the caption of the figure", 520 + 12 * k, x0=57, x1=291)
                   for k in range(5)], 4)
    right = block([row(f"right column line {k} under the caption of it", 516 + 12 * k, x0=305, x1=539)
                    for k in range(5)], 5)
    order = order_page(top + cell + caption + left + right, 612)
    texts = [r.text for r in order]
    assert texts.index("left column line 4 under the caption of the figure") < texts.index(
        "right column line 0 under the caption of it")
    assert {r.col for r in left} == {1} and {r.col for r in right} == {2}
    # a table's cell far above the columns keeps the page's order as full width
    assert cell[0].col == 0


def _runin_rows_and_cands(size, leads, family="heads"):
    rows, cands = [], []
    for k, (lead, rest) in enumerate(leads):
        r = row(f"{lead} {rest}", 100 + 40 * k, size, x0=57, x1=291)
        r.lead, r.lead_style, r.lead_size, r.lead_family, r.first_in_block = lead, "f", size, family, True
        rows.append(r)
        cands.append(Cand(i=k, rows=[k], text=lead.rstrip("."), runin=True, rest=rest, p=0.02,
                          feats=[0.0] * len(FEATURES), title=lead.rstrip(".")))
    return rows, cands


def test_run_in_heads_of_a_methods_part_set_two_points_small_take_the_headings_face():
    from scholartools.parsing.pdf.headings import _runin_in_heading_face

    heads = [row(t, 40 + 200 * k, 9.5, x0=57, x1=140) for k, t in enumerate(("Results", "Methods"))]
    for h in heads:
        h.family = "heads"
    body, cands = _runin_rows_and_cands(7.5, [("Material preparation.", "The cathode was bought."),
                                              ("Calculations.", "1. The efficiency of the cell reads")])
    rows = heads + body
    for c in cands:
        c.i += 2
        c.rows = [c.i]
    faces = [Cand(i=k, rows=[k], text=h.text, p=0.9, title=h.text, feats=[0.0] * len(FEATURES))
             for k, h in enumerate(heads)]
    rows[1].y0 = 60   # "Methods" above the part
    st = SimpleNamespace(body=9.5, body_family="body")
    _runin_in_heading_face(rows, faces + cands, st, 0.4)
    assert [c.p > 0.4 for c in cands] == [True, True]


def test_a_run_in_head_in_the_style_of_an_accepted_one_is_a_heading():
    from scholartools.parsing.pdf.headings import _runin_series

    rows, cands = _runin_rows_and_cands(9.5, [("Materials Synthesis.", "The spheres were made."),
                                              ("Electrochemical Measurements.", "The cells were tested.")])
    for r in rows:
        r.lead_style = "b"
    cands[0].p, cands[1].p = 0.39, 0.69
    _runin_series(rows, cands, 0.4)
    assert cands[0].p > 0.4


def test_math_brackets_mapped_to_eth_and_thorn_in_spans_of_their_own_are_brackets(tmp_path):
    from scholartools.parsing.pdf import read_pdf
    from scholartools.parsing.pdf.headings import formula_fragment

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    x = 72
    for text, font in (("The control u", "tiro"), ("ð", "helv"), ("t", "tiro"), ("Þ", "helv"),
                       (" is bounded, as Guðrún wrote.", "tiro")):
        p.insert_text((x, 100), text, fontsize=10, fontname=font)
        x += pymupdf.get_text_length(text, fontname=font, fontsize=10)
    path = tmp_path / "brackets.pdf"
    doc.save(path)
    texts = [r.text for r in read_pdf(str(path))["rows"]]
    assert texts == ["The control u(t) is bounded, as Guðrún wrote."]
    # a bracketed term alone is still a formula's piece, whichever way its brackets were read
    assert formula_fragment("(C0 C)") and formula_fragment("ðC0 CÞ")


def test_an_author_s_initial_makes_no_outline_of_one_letter():
    from scholartools.parsing.pdf.headings import _plausible_sequence

    rows = [row("S. L. Stramer", 150, 9.0, bold=1.0)]
    c = Cand(i=0, rows=[0], text="S. L. Stramer", p=0.267, number="S.", title="L. Stramer",
             feats=[0.0] * len(FEATURES))
    _plausible_sequence([c], 0.4, rows)
    assert c.p < 0.4


def test_a_subsection_heading_right_under_its_section_heading_in_one_style_is_a_heading(tmp_path):
    def draw(p, y):
        p.insert_textbox(pymupdf.Rect(72, y, 540, y + 40), "Methods\nStudy design and setting",
                         fontsize=12, fontname="tibo")
        y = 60 + 32
        from pdf_pages import para
        y = para(p, y)
        p.insert_text((72, y + 20), "Results", fontsize=12, fontname="tibo")
        para(p, y + 26)

    heads = headings_of(tmp_path, "under.pdf", draw)
    assert "Study design and setting" in heads and "Methods" in heads


def test_statement_forms_of_standard_back_matter_sections_are_known():
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS

    for label in ("Conflict of Interest Statement", "Data Availability Statement", "Competing Interests Statement",
                  "Conflicts of Interests"):
        assert KNOWN_HEADINGS.match(label), label


def test_a_heading_whose_styled_part_stops_inside_a_math_term_is_no_run_in_lead():
    from scholartools.parsing.pdf.headings import _short_tail

    r = row("2.7. Setting bounds on the controls um(t), and uv(t)", 100, 8.0, x0=41, x1=225)
    r.lead, r.lead_style = "2.7. Setting bounds on the controls um", "i"
    nxt = row("The time dependent control represents personal protection.", 121, 8.0, x0=53, x1=507)
    nxt.first_in_block = True
    assert _short_tail([r, nxt], 0)
    # a paragraph's lead closed by a period, a space after it, stays a lead
    r.text, r.lead = "Setting bounds. The controls are kept within limits here", "Setting bounds."
    assert not _short_tail([r, nxt], 0)


def test_a_numbered_summary_past_the_first_section_is_the_conclusion():
    from scholartools.text.sections import section_type

    assert section_type("5. Summary") == "conclusion"
    assert section_type("Summary") == "abstract" and section_type("1 Summary") == "abstract"


def test_boxes_beside_the_abstract_are_front_matter_and_a_figure_link_is_no_heading():
    from scholartools.parsing.pdf.headings import _METADATA_LABEL
    from scholartools.text.sections import section_type

    for label in ("Strengths and limitations of this study", "Key messages", "What is already known on this topic",
                  "What this study adds", "What are the new findings?", "Summary box", "Research in context",
                  "Evidence before this study", "Added value of this study"):
        assert section_type(label) == "front_matter", label
    assert section_type("Limitations of this study") == "limitations"
    assert _METADATA_LABEL.match("Click here to view")


def test_a_sentence_after_a_bold_lead_is_its_paragraph_not_part_of_a_heading():
    from scholartools.parsing.pdf.headings import _short_tail

    r = row("Patient consent for publication Not required.", 700, 8.0, x0=40, x1=180)
    r.lead, r.lead_style = "Patient consent for publication", "b"
    nxt = row("Ethics approval This study was approved by the board.", 710, 8.0, x0=40, x1=290)
    nxt.first_in_block = True
    assert not _short_tail([r, nxt], 0)


def test_a_caption_s_title_drawn_over_its_label_is_the_caption_s_not_a_heading():
    from scholartools.parsing.pdf.structure import classify_rows

    dup = row("Two-dimensional virtual micro-environment", 390, 9.5, x0=54, x1=229)
    label = row("Figure 2", 390, 9.5, bold=1.0, x0=54, x1=91)
    text = row("Two-dimensional virtual micro-environment. Depicted are the lattice and the seed cells.", 401,
               9.5, x0=54, x1=551)
    for k, r in enumerate((dup, label, text)):
        r.block, r.first_in_block, r.bold_prefix, r.math = 7, k == 0, "Figure 2" if k == 1 else "", 0.0
    classify_rows([dup, label, text], 9.5, {(0, 0): (54.0, 551.0)}, [])
    assert [r.kind for r in (dup, label, text)] == ["caption-", "caption", "caption+"]


def test_leads_in_the_style_of_an_accepted_run_in_head_over_one_row_or_two_are_headings():
    from scholartools.parsing.pdf.headings import _runin_series

    rows, cands = _runin_rows_and_cands(9.5, [("Statistical analyses.", "We used logistic regression.")])
    for r in rows:
        r.lead_style, r.family = "b", "garamond"
    cands[0].p = 0.83
    # a row that is all the lead, its paragraph going on below in the body's type
    whole = row("Characteristics of the study population.", 300, 9.5, bold=1.0, x0=399, x1=561)
    below = row("WTC workers enrolled in the registry were predominantly", 310.4, 9.5, x0=399, x1=561)
    # a lead over two rows, closed in the second row's lead, that the model scored 0.08
    first = row("Assessment of days worked without a", 400, 9.5, bold=1.0, x0=64, x1=212)
    second = row("mask or respirator, by arrival time. We stratified", 410.4, 9.5, x0=50, x1=213)
    for r in (whole, below, first, second):
        r.family, r.block = "garamond", 8 if r.y0 < 350 else 9
    whole.first_in_block = first.first_in_block = True
    below.first_in_block = second.first_in_block = False
    second.lead, second.lead_style = "mask or respirator, by arrival time.", "b"
    second.lead_family, second.lead_size = "heads", 9.5   # the accepted leads' own face (as extraction sets it)
    rows += [whole, below, first, second]
    f = [0.0] * len(FEATURES)
    full = Cand(i=1, rows=[1], text=whole.text, p=0.35, feats=f, title=whole.text.rstrip("."))
    two = Cand(i=3, rows=[3, 4], text="Assessment of days worked without a mask or respirator, by arrival time",
               runin=True, rest="We stratified", p=0.08, feats=f,
               title="Assessment of days worked without a mask or respirator, by arrival time")
    _runin_series(rows, cands + [full, two], 0.4)
    assert full.p > 0.4 and two.p > 0.4
