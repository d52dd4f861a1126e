"""Headings over two lines and enumerated headings set at the body's size in bold or italic
(issue 36, seventh heading round: the class that separated st-parse from the layout peer on
unseen journal PDFs). PDFs built here with pymupdf; each assertion names what the previous
release got wrong on that input."""

import pymupdf
import pytest

from scholartools.parsing import parse_path

from pdf_pages import BODY
from pdf_pages import front as _front
from pdf_pages import para as _para


def _line(p, y, parts, x=72, size=10):
    """One baseline of (text, font) parts; returns the next line's top."""
    for text, font in parts:
        p.insert_text((x, y + size), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, fontname=font, fontsize=size)
    return y + 1.2 * size


def _doc(tmp_path, name, draw):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _front(p)
    y = _line(p, y + 8, [("Introduction", "tibo")], size=12)
    y = _para(p, y + 2)
    p = doc.new_page(width=612, height=792)
    draw(p, 60)
    path = tmp_path / name
    doc.save(path)
    rec = parse_path(str(path))
    return [s["heading"] for s in rec["sections"] if s["heading"]]


def _three(p, y, heads):
    """Three subsections, each a list of (text, font) lines, each followed by a paragraph."""
    for lines in heads:
        y += 8
        for parts in lines:
            y = _line(p, y, parts)
        y = _para(p, y + 1)
    return y


def test_bold_heading_continues_on_a_line_with_an_italic_name(tmp_path):
    # the second line is bold italic in part ("Ocimum sanctum"): the style changed, and the heading
    # was cut in two ("Preparation of the different extract concentrations of" / "Ocimum sanctum Extract")
    heads = _doc(tmp_path, "italic-name.pdf", lambda p, y: _three(p, y, [
        [[("Plant material and the collection sites", "tibo")]],
        [[("Preparation of the different extract concentrations of", "tibo")],
         [("Ocimum sanctum", "tibi"), (" Extract", "tibo")]],
        [[("Statistical analysis of the measurements", "tibo")]],
    ]))
    assert "Preparation of the different extract concentrations of Ocimum sanctum Extract" in heads


def test_heading_broken_early_for_balance_is_one_heading(tmp_path):
    # the first line stops well short of the column's right edge and ends in no connective
    heads = _doc(tmp_path, "balanced.pdf", lambda p, y: _three(p, y, [
        [[("Plant material and the collection sites", "tibo")]],
        [[("Application of the essential oil onto artificially contaminated", "tibo")],
         [("Maize Grains", "tibo")]],
        [[("Statistical analysis of the measurements", "tibo")]],
    ]))
    assert "Application of the essential oil onto artificially contaminated Maize Grains" in heads
    assert "Maize Grains" not in heads


def test_heading_continues_with_an_abbreviation_in_parentheses_and_after_an_initial(tmp_path):
    # "(MIC)" is all capitals (a change of case ended the heading); "… in C." ended in a period
    heads = _doc(tmp_path, "abbrev.pdf", lambda p, y: _three(p, y, [
        [[("Plant material and the collection sites", "tiit")]],
        [[("Determination of the minimum inhibitory concentration", "tiit")], [("(MIC)", "tiit")]],
        [[("Host specificity and genotypic diversity in C.", "tiit")], [("gloeosporioides", "tiit")]],
    ]))
    assert "Determination of the minimum inhibitory concentration (MIC)" in heads
    assert "Host specificity and genotypic diversity in C. gloeosporioides" in heads


def test_enumerated_headings_below_a_heading_in_the_same_style(tmp_path):
    # "i) …" set directly under "2) …" in the same italic: it was read as that heading's next line
    # (its lower-case "i" looked like a continuation), and alone it counted as lower-case
    def draw(p, y):
        y = _three(p, y, [[[("1) Haemodynamic variables after the injury", "tiit")]]])
        y += 8
        y = _line(p, y, [("2) Apoptotic parameters after the injury", "tiit")])
        y = _line(p, y, [("i) Myocyte Bax protein expression", "tiit")])
        y = _para(p, y + 1)
        _three(p, y, [[[("ii) Myocyte Bcl-2 protein expression", "tiit")]]])
    heads = _doc(tmp_path, "enum.pdf", draw)
    assert "Apoptotic parameters after the injury" in heads
    assert "i) Myocyte Bax protein expression" in heads
    assert "ii) Myocyte Bcl-2 protein expression" in heads


def test_word_broken_at_a_heading_line_end_is_joined_when_printed_whole_elsewhere(tmp_path):
    # a standalone heading keeps a line-end hyphen ("post-" / "transcriptionally"), but
    # "chro-" / "matography" is one word the document prints whole
    def draw(p, y):
        y = _three(p, y, [[[("Column chromatography and thin layer chro-", "tiit")], [("matography of lipid classes", "tiit")]],
                          [[("Post-", "tiit")], [("transcriptionally silenced regions", "tiit")]]])
        _para(p, y + 4, "Lipids were separated by column chromatography before the assays. " * 3)
    heads = _doc(tmp_path, "hyphen.pdf", draw)
    assert "Column chromatography and thin layer chromatography of lipid classes" in heads
    assert "Post-transcriptionally silenced regions" in heads


@pytest.mark.parametrize("text, whole", [("thin layer chromatography", True), ("a (chromatography)", True),
                                         ("2chromatography", True), ("nanochromatography", False),
                                         ("échromatography", False), ("chromatograph only", False)])
def test_a_broken_word_counts_as_printed_whole_only_where_no_letter_stands_before_it(text, whole):
    from scholartools.parsing.pdf.headings import _starts_word
    assert _starts_word(text, "chromatography") is whole


def test_kerning_gap_inside_a_standard_heading_word(tmp_path):
    # "Ref erences" (a gap the text layer puts after a kerned "f") matched no heading word, so the
    # references were taken as a body section
    def draw(p, y):
        y = _line(p, y, [("Ref", "tibo")], size=12)
        p.insert_text((72 + pymupdf.get_text_length("Ref ", fontname="tibo", fontsize=12), y - 2.4), "erences",
                      fontsize=12, fontname="tibo")
        _para(p, y + 4, "1. Doe J, Smith J. Relative cues for headings. J Doc Eng. 2019;4:1-9.")
    heads = _doc(tmp_path, "kern.pdf", draw)
    assert "Ref erences" not in heads


def test_rows_of_a_table_without_rules_are_no_headings(tmp_path):
    # a rule-less table whose first cells are italic names: a group label row ("Fungus") between
    # two cut rows, and a name cell whose row is followed by a second line of a wrapped cell
    # before the next cut row, were read as headings
    def draw(p, y):
        y = _three(p, y, [[[("Plant material and the collection sites", "tibo")]]])
        y += 10

        def row(cells, y, size=8):
            for x, text, font in cells:
                p.insert_text((x, y + size), text, fontsize=size, fontname=font)
            return y + 1.25 * size

        y = row([(72, "Bacteria", "tiit")], y)
        for k, name in enumerate(("Shewanella oneidensis", "Klebsiella aerogenes"), 1):
            y = row([(72, f"{k} ", "tiro"), (80, name, "tiit"), (220, "Uranium oxide", "tiro"), (330, "1-5", "tiro"),
                     (480, f"[{170 + k}]", "tiro")], y)
        y = row([(72, "Fungus", "tiit")], y)
        for k, name in enumerate(("Rhizopus nigricans", "Phanerochaete chrysosporium", "Aspergillus flavus"), 1):
            y = row([(72, f"{k} ", "tiro"), (80, name, "tiit"), (220, "Silver", "tiro"), (330, "35-40", "tiro"),
                     (400, "Medical textiles", "tiro"), (480, f"[{180 + k}]", "tiro")], y)
            if k == 2:
                y = row([(400, "for antimicrobial use", "tiro")], y)
        _para(p, y + 12)
    heads = _doc(tmp_path, "table.pdf", draw)
    # ("Bacteria", the table's first row, has no cut row above it: not told from a heading)
    assert not {"Fungus", "Phanerochaete chrysosporium", "Rhizopus nigricans", "Aspergillus flavus"} & set(heads), heads


def test_subsections_numbered_1_2_restart_under_an_unnumbered_section(tmp_path):
    # "1)", "2)" under Methods, then again under Results: the outline check kept one increasing
    # chain and dropped the second "1)"…"3)" (the sections above them carry no number)
    def draw(p, y):
        for sec, subs in (("Methods", ("Animals and their housing", "Drugs and the chemicals used")),
                          ("Results", ("Haemodynamic variables after the injury", "Apoptotic parameters after the injury",
                                       "Histology of the tissue after the injury"))):
            y = _line(p, y + 8, [(sec, "tibo")], size=12)
            for k, sub in enumerate(subs, 1):
                y = _line(p, y + 6, [(f"{k}) {sub}", "tiit")])
                y = _para(p, y + 1, BODY[:200])
    heads = _doc(tmp_path, "restart.pdf", draw)
    assert heads[-7:] == ["Methods", "Animals and their housing", "Drugs and the chemicals used", "Results",
                          "Haemodynamic variables after the injury", "Apoptotic parameters after the injury",
                          "Histology of the tissue after the injury"], heads


def test_heading_line_ending_in_a_colon_goes_on_under_it(tmp_path):
    # a larger bold heading, its subtitle on the next line after a colon: the colon ended the
    # heading ("Advancing the active living agenda:" / "a salutogenic framing …" as two rows)
    def draw(p, y):
        for lines in [["Advancing the active living agenda:", "a salutogenic framing of physical activity"],
                      ["From concept to practice:", "recommendations for future research"]]:
            y += 10
            for text in lines:
                y = _line(p, y, [(text, "tibo")], size=12)
            y = _para(p, y + 2)
    heads = _doc(tmp_path, "colon.pdf", draw)
    assert "Advancing the active living agenda: a salutogenic framing of physical activity" in heads
    assert "From concept to practice: recommendations for future research" in heads
