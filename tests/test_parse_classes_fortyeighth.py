"""Issue 36, forty-eighth round: what the blind batch dev82 showed (docs/st-parse.md,
"Forty-eighth round")."""
from __future__ import annotations

from pdf_pages import row, span, vetoed

_vetoed = vetoed


def _term_over(lines_x0, first_text="Global Unique Identifier - In distributed environments normal"):
    """A paragraph's last line across the column (x 89-506), then a bold term at the margin over two
    lines of text starting at ``lines_x0`` (each line's x0), the first running to the right edge."""
    above = row("content from the server closest to the requester, as the network", 273, size=12.0, x0=89, x1=506)
    term = row("GUID", 298, size=12.0, bold=1.0, x0=89, x1=126)
    first = row(first_text, 312, size=12.0, x0=lines_x0[0], x1=506)
    second = row("identifiers can not be used as there can be insertions", 327, size=12.0, x0=lines_x0[1], x1=420)
    return [above, term, first, second]


def test_a_description_lists_term_over_its_indented_text_is_no_heading():
    # a thesis' list of abbreviations: "\item[GUID] \hfill \\" and its text, every line 2.5 em in
    assert _vetoed(_term_over((119, 119)), [(1, "GUID")]) == [True]


def test_a_heading_over_a_paragraph_whose_first_line_is_indented_stays():
    # control: a paragraph's first line indented by 1.5 em, its second back at the margin
    assert _vetoed(_term_over((107, 89)), [(1, "GUID")]) == [False]


def test_a_heading_over_a_list_or_a_quotation_stays():
    # controls: the text under it opens on a list's mark, or stops short of the right edge
    assert _vetoed(_term_over((119, 119), "• Global Unique Identifier - In distributed"), [(1, "GUID")]) == [False]
    quoted = _term_over((119, 119))
    quoted[2].x1 = 470
    assert _vetoed(quoted, [(1, "GUID")]) == [False]


def test_a_heading_hung_in_the_margin_over_the_text_stays():
    # control: a manuscript that hangs its headings 60 pt left of every line of text ("Data
    # Analysis" at x 90, the text at x 150): no text starts where the heading does
    rows = _term_over((150, 150))
    rows[0].x0 = 150
    rows[1].x0, rows[1].x1 = 90, 156
    assert _vetoed(rows, [(1, "Data Analysis")]) == [False]


def test_a_word_in_another_face_mid_line_is_no_run_in_lead():
    # "Let's define a constant MIN" / "ACTORS. This integer is the": a variable's name set in
    # another font goes on from the row before it, on the same line, 3 pt to its right
    rows = [row("tion for this graph. Let's define a constant MIN", 139, x0=134, x1=352),
            row("ACTORS. This integer is the", 139, x0=355, x1=477),
            row("minimum number of movies that an actor needs", 151, x0=134, x1=478)]
    rows[1].lead = "ACTORS."
    # control: the same lead opening its own line
    alone = [row("Actors. This integer is the", 200, x0=134, x1=477)]
    alone[0].lead = "Actors."
    assert _vetoed(rows + alone, [(1, "ACTORS"), (3, "Actors")], runin=True) == [True, False]


def test_a_physical_review_run_in_head_before_its_bold_dash_is_the_rows_lead():
    # "***Introduction.*** **—**The O(n2) circuit depth …": REVTeX's letter heads, the dash in an
    # upright bold of its own; before, the bold dash ended the lead's style and no lead was read
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([span("Introduction.", 54, "SFBI1000", 22), span("—", 120, "SFBX1000", 20),
                         span("The circuit depth required", 126, "SFRM1000", 4)], 0, 1)
    assert (r.lead, r.lead_style) == ("Introduction.", "b")
    # control: a bold word after an italic one goes on as the lead's own style, no dash between
    r = _row_from_spans([span("Introduction.", 54, "SFBI1000", 22), span("More", 120, "SFBX1000", 20),
                         span(" text follows here", 150, "SFRM1000", 4)], 0, 1)
    assert r.lead != "Introduction."


def test_a_polish_abstracts_label_opens_the_abstract():
    # "Streszczenie" over a Polish paper's abstract: typed abstract as a heading before, but the
    # front page's label did not know it, and the abstract was empty; one list serves both now
    from scholartools.parsing.pdf.frontmatter import ABSTRACT_START
    from scholartools.text.sections import section_type

    for label in ("Streszczenie", "Samenvatting", "Abstrakt", "Resumen"):
        assert ABSTRACT_START.match(label) and section_type(label) == "abstract"
    assert not ABSTRACT_START.match("Structure of the paper")   # control
