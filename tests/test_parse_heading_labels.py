"""Labels that are not headings whatever their style (issue 36, eighth heading round: the
spurious headings of unseen journal PDFs): an article's metadata labels, a caption's label set
alone with its letters spaced, text in a font whose encoding is broken, and the roles of a
contributor list. PDFs built here with pymupdf; each assertion names what the previous release
got wrong on that input."""

from pdf_pages import headings_of as _doc
from pdf_pages import BODY
from pdf_pages import para as _para


def _labelled(p, y, items, size=12, font="tibo"):
    """Rows of (label, paragraph text) with the label standing alone above its paragraph."""
    for label, text in items:
        p.insert_text((72, y + 14), label, fontsize=size, fontname=font)
        y = _para(p, y + 20, text)
    return y


def test_metadata_labels_are_not_headings(tmp_path):
    heads = _doc(tmp_path, "metadata.pdf", lambda p, y: _labelled(p, y, [
        ("Discussion", BODY),
        ("ORCID", "Jane Doe https://orcid.org/0000-0002-1825-0097 and "
                  "John Smith https://orcid.org/0000-0001-5109-3700"),
        ("How to cite this article", "Doe J, Smith J. Relative cues for section headings in documents. "
                                     "J Doc. 2020;1:1-9."),
        ("Correspondence to", "Jane Doe, 1 Main Street, Springfield; jane.doe@example.org"),
    ]))
    assert "Discussion" in heads
    for label in ("ORCID", "How to cite this article", "Correspondence to"):
        assert label not in heads, heads


def test_letter_spaced_caption_label_is_not_a_heading(tmp_path):
    heads = _doc(tmp_path, "caption.pdf", lambda p, y: _labelled(p, y, [
        ("Discussion", BODY),
        ("F I G U R E 1", "Mean response of the two groups over the twelve weeks of the trial, with the standard "
                          "error of each mean drawn as a bar and the weeks on the horizontal axis."),
        ("Conclusion", BODY),
    ]))
    assert "Discussion" in heads and "Conclusion" in heads
    assert not any("G U R E" in h or h.replace(" ", "") == "FIGURE1" for h in heads), heads


def test_text_in_a_broken_encoding_is_not_a_heading(tmp_path):
    # a chart's labels in a font whose glyph numbers were read as characters: "Control" comes
    # out as "&RQWURO", its digits as control characters (a tick
    # label's digits beside it, in the same family); set as a bold label standing above body text
    def draw(p, y):
        y = _labelled(p, y, [("Discussion", BODY)])
        p.insert_text((400, y + 12), "\x14\x13\x18 \x15\x13 \x14\x13", fontsize=8, fontname="helv")
        y = _labelled(p, y + 14, [("&RQWURO", BODY)], font="hebo")
        _labelled(p, y, [("Conclusion", BODY)])
    heads = _doc(tmp_path, "garbled.pdf", draw)
    assert "Discussion" in heads and "Conclusion" in heads
    assert "&RQWURO" not in heads, heads


def test_contributor_roles_are_not_headings(tmp_path):
    heads = _doc(tmp_path, "credit.pdf", lambda p, y: _labelled(p, y, [
        ("Discussion", BODY),
        ("Conceptualization", "Jane Doe, John Smith."),
        ("Methodology", "Jane Doe."),
        ("Software", "John Smith."),
        ("Writing – original draft", "Jane Doe, John Smith."),
    ], size=10))
    assert "Discussion" in heads
    assert not any(h.startswith(("Conceptualization", "Methodology", "Software", "Writing")) for h in heads), heads


def test_table_first_cell_with_figures_beside_it_is_not_a_heading(tmp_path):
    # a table without rules read column by column: the italic name in its first cell stands
    # apart from the row's figures, which are set on its baseline further right
    def draw(p, y):
        y = _labelled(p, y, [("Discussion", BODY)])
        y += 16
        for name, strain, figs in (("Aspergillus niger", "(CTM 10099)", "13 ± 0.7   15 ± 0.7   1.25 ± 0.2"),
                                   ("Alternaria alternata", "(CTM 10230)", "15 ± 0.2   14 ± 0.3   0.62 ± 0.2")):
            p.insert_text((72, y + 10), name, fontsize=10, fontname="tiit")
            p.insert_text((72, y + 22), strain, fontsize=10, fontname="tiro")
            p.insert_text((260, y + 10), figs, fontsize=10, fontname="tiro")
            y += 34
        _labelled(p, y + 10, [("Conclusion", BODY)])
    heads = _doc(tmp_path, "table.pdf", draw)
    assert "Discussion" in heads and "Conclusion" in heads
    assert not any(h.startswith(("Aspergillus", "Alternaria")) for h in heads), heads


def test_heading_in_capitals_over_three_lines_is_one_heading(tmp_path):
    # a two-column page: the heading's lines broken for balance, well short of the column's edge;
    # a chemical symbol ("Mg") in one line is no change of case
    def draw(p, y):
        y = _labelled(p, y, [("DISCUSSION", BODY)])
        for k, line in enumerate(("MITIGATION OF WATERLOGGING Mg", "INDUCED STRESS BY ACC", "DEAMINASE-PRODUCING")):
            p.insert_text((72, y + 20 + 14 * k), line, fontsize=12, fontname="hebo")
        _para(p, y + 50, w=230)
    heads = _doc(tmp_path, "caps.pdf", draw)
    assert "MITIGATION OF WATERLOGGING Mg INDUCED STRESS BY ACC DEAMINASE-PRODUCING" in heads, heads


def test_third_level_headings_closed_by_a_period(tmp_path):
    # italic numbered headings at the body's size; the third level ends in a period and the first
    # of them sits right under its parent heading
    def draw(p, y):
        y += 10
        p.insert_text((72, y + 10), "2.2. Study objectives", fontsize=10, fontname="tiit")
        p.insert_text((72, y + 22), "2.2.1. Primary objective.", fontsize=10, fontname="tiit")
        y = _para(p, y + 27)
        p.insert_text((72, y + 16), "2.2.2. Secondary objectives.", fontsize=10, fontname="tiit")
        y = _para(p, y + 21)
        p.insert_text((72, y + 16), "2.3. Sample size", fontsize=10, fontname="tiit")
        _para(p, y + 21)
    heads = _doc(tmp_path, "third-level.pdf", draw)
    assert "Primary objective" in heads and "Secondary objectives" in heads, heads


def _row(text, x0, y0, page=1, size=10.0):
    from scholartools.parsing.pdf.extract import Row

    r = Row(page, 0)
    r.text, r.x0, r.y0, r.x1, r.y1, r.size = text, x0, y0, x0 + 5 * len(text), y0 + size, size
    return r


def test_names_in_an_identifier_list_are_not_headings():
    # a list of authors' names, each with its ORCID link set on its baseline in a text block of
    # its own (MuPDF reads the two as separate rows); a heading beside a body line stays
    from scholartools.parsing.pdf.headings import Cand, _label_vetoes

    rows = [_row("Greta J. Frankham", 307, 145), _row("https://orcid.org/0000-0002-1825-0097", 401, 145),
            _row("Data sharing", 46, 300), _row("were collected in the field over two seasons", 307, 300)]
    cands = [Cand(i=0, rows=[0], text="Greta J. Frankham", p=0.9), Cand(i=2, rows=[2], text="Data sharing", p=0.9)]
    for c in cands:
        c.title = c.text
    _label_vetoes(rows, cands)
    assert cands[0].p == 0.0 and cands[1].p == 0.9


def test_names_running_into_contributor_roles_are_not_headings():
    # "Kyle M. Ewart: Writing – review and editing." read as a run-in lead, three such rows together
    from scholartools.parsing.pdf.headings import Cand, _label_vetoes

    names = ("Rob Ogden", "Barry W. Baker", "Kyle M. Ewart")
    rows = [_row(n + ": Writing – review and editing.", 46, 500 + 12 * k) for k, n in enumerate(names)]
    cands = [Cand(i=k, rows=[k], text=n, runin=True, rest=": Writing – review and editing.", p=0.9)
             for k, n in enumerate(names)]
    for c in cands:
        c.title = c.text
    _label_vetoes(rows, cands)
    assert [c.p for c in cands] == [0.0, 0.0, 0.0]
