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
