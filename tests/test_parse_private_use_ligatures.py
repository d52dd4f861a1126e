"""Ligatures mapped to private-use code points (issue 36, twentieth round).

Some commercial text fonts (an OpenType family's private-use ligature glyphs, and the per-glyph
fonts a typesetting system cuts from it) give MuPDF's text layer U+E103 for "fi", U+E104 for "fl",
U+E09D for "ft" and U+E062 / U+E0BB for "Th": "Fluorescence enhancement pro\\ue103le",
"Instrumentation and so\\ue09dware", "\\ue062is study …" in two publishers' PDFs of the JATS set, so
a heading or a title with such a word matched nothing."""

from test_parse_author_compiled import _span

from scholartools.parsing.pdf.extract import _row_from_spans, fix_accents


def test_private_use_ligatures_inside_a_word_are_read_as_their_letters():
    assert fix_accents("Fluorescence enhancement pro\ue103le") == "Fluorescence enhancement profile"
    assert fix_accents("Instrumentation and so\ue09dware") == "Instrumentation and software"
    assert fix_accents("Time-resolved \ue104uorescence") == "Time-resolved fluorescence"
    assert fix_accents("\ue062is study and \ue062ese results") == "This study and These results"
    assert fix_accents("(\ue0bbe Lancet)") == "(The Lancet)"
    # a private-use character standing alone or before no lower-case letter is some other glyph
    assert fix_accents("a \ue09d b") == "a \ue09d b"
    assert fix_accents("\ue062 2") == "\ue062 2"
    # accents are still recombined in the same row
    assert fix_accents("Lemaˆıtre's pro\ue103le") == "Lemaître's profile"


def test_a_ligature_span_from_a_cut_font_continues_its_run():
    # the ligature comes from a font of its own ("…+e1"), between two spans of the heading's font
    bold = "AdvOTaa6301a5.B"
    r = _row_from_spans([_span("2.5.1 Fluorescence enhancement pro", 100, bold, 20),
                         _span("\ue103", 270, bold + "+e1", 20),
                         _span("le", 276, bold, 20)], 0, 1)
    assert r.text == "2.5.1 Fluorescence enhancement profile"
    assert r.bold == 1.0 and r.bold_prefix == r.text   # one bold run: the whole row is its lead
