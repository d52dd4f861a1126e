"""Reading order on two-column pages whose text area is widened by a few lines running past a
column's edge (issue 36, fifteenth round): an overfull code line in the left column pushed the
text area's middle into the right column, every block then read as full width, and the page was
read across both columns line by line. Built from rows, no PDF needed."""

from scholartools.parsing.pdf.extract import Row
from scholartools.parsing.pdf.layout import order_page


def _row(block: int, x0: float, x1: float, y: float, text: str) -> Row:
    r = Row(0, block)
    r.text, r.x0, r.x1, r.y0, r.y1, r.size, r.nchars = text, x0, x1, y, y + 10, 10.0, len(text)
    return r


def _column(block: int, x0: float, x1: float, y0: float, n: int, tag: str) -> list[Row]:
    return [_row(block, x0, x1, y0 + 12 * k, f"{tag} line {k} " + "x" * 50) for k in range(n)]


def test_an_overfull_line_leaves_two_columns_read_column_by_column():
    left = _column(1, 72, 300, 100, 20, "left")
    # beside the right column's text: it runs past its own column, it does not span the page
    code = [_row(2, 82, 594, 350, "a code line running far past the column " + "y" * 20)]
    left2 = _column(3, 72, 300, 370, 10, "left2")
    right = [r for k in range(3) for r in _column(4 + k, 311, 539, 100 + 125 * k, 10, "right")]
    rows = left + code + left2 + right
    out = order_page(rows, 612)
    texts = [r.text.split()[0] for r in out]
    # the left column (with its code line) first, then the right column, never interleaved
    first_right = texts.index("right")
    assert set(texts[:first_right]) == {"left", "a", "left2"}
    assert set(texts[first_right:]) == {"right"}
    assert {r.col for r in left + left2} == {1} and {r.col for r in right} == {2}


def test_a_one_column_page_with_a_wide_line_stays_one_column():
    body = _column(1, 72, 539, 100, 40, "body")
    wide = [_row(2, 72, 594, 600, "an overfull display line " + "z" * 60)]
    side = [_row(3, 320, 539, 620 + 12 * k, f"short tail {k}") for k in range(3)]
    out = order_page(body + wide + side, 612)
    assert [r.text for r in out] == [r.text for r in body + wide + side]
    assert {r.col for r in out} == {0}


def test_a_section_heading_over_a_subsection_heading_flush_left_stays_two_headings():
    # "Experiment" / "Task and stimuli", both bold, flush with the column's text, in a column whose
    # extent a margin note widens to the left: their middles fell near the extent's middle and
    # the pair read as one centred heading wrapped onto two lines ("Experiment Task and stimuli")
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _extend

    def bold(text, x0, x1, y):
        r = _row(0, x0, x1, y, text)
        r.page, r.col, r.size, r.bold, r.italic, r.family, r.kind, r.lead = 0, 1, 9.5, 1.0, 0.0, "helv", "text", ""
        r.first_in_block, r.upper, r.lead_style, r.lead_size = False, False, "", 0.0
        return r

    rows = [bold("Experiment", 198, 262, 489), bold("Task and stimuli", 198, 289, 501)]
    st = SimpleNamespace(body=8.5, body_gap=2.0, body_family="times", extents={(0, 1): [32.6, 441.4]},
                         text_left={(0, 1): 198.0})
    c = Cand(i=0, rows=[0], text="Experiment")
    _extend(rows, c, st)
    assert c.rows == [0] and c.text == "Experiment"
    # a heading centred in its column, away from the text's left edge, still wraps
    rows = [bold("Effects of the feedback on", 250, 390, 489), bold("reaction times", 280, 360, 501)]
    c = Cand(i=0, rows=[0], text=rows[0].text)
    _extend(rows, c, SimpleNamespace(**{**vars(st), "extents": {(0, 1): [198.0, 441.4]}}))
    assert c.rows == [0, 1]


def test_a_table_run_off_the_page_leaves_the_right_column_a_column():
    # an IEEE-style page (tex dev, MARLIN-Twin): a table in the right column is set wider than the
    # paper (to x 634 on a 612 pt page); the text area's middle, pulled right, put the right
    # column's own blocks (x0 315) across it, and read in bands the conclusion's last lines came
    # after the table, the "References" heading before the left column's list beside it
    left = _column(1, 45, 297, 100, 25, "left")
    table = [_row(2, 321, 634, 259 + 12 * k, f"table row {k} 0.984 0.984 1.0000") for k in range(4)]
    right = _column(3, 315, 567, 347, 7, "right")
    heading = [_row(4, 315, 391, 448, "References")]
    refs = _column(5, 320, 567, 473, 10, "refs")
    out = order_page(left + table + right + heading + refs, 612)
    assert [r.text.split()[0] for r in out] == ["left"] * 25 + ["table"] * 4 + ["right"] * 7 + ["References"] \
        + ["refs"] * 10
    assert {r.col for r in left} == {1} and {r.col for r in table + right + heading + refs} == {2}
