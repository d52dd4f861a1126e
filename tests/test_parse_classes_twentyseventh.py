"""What the twenty-seventh round of issue 36 mended (docs/st-parse.md, "Twenty-seventh round").

Left over from the twenty-sixth round's fifteenth batch (read since):

* a thesis' tables without rules, their column heads in bold over rows cut by wide gaps, came out
  as headings ("**Feature omitted   Precision   Recall   F1 score**" over "Pitch  0.904  0.937 …"):
  MuPDF read the table as a block of its own right under the heads, and the column-heads rule
  asked for one block;
* a bold run-in head with an italic word in it ("**Simulation under *“recognition”*
  assumptions** The") had no lead (the italic word ended it), and a lead filling its line, with the
  sentence's first word after it and the paragraph going on in lower case on the next row, was
  read as a whole-row heading with that word.
"""

from types import SimpleNamespace

from pdf_pages import block, row
from scholartools.parsing.pdf.headings import FEATURES, Cand


def _cand(i, text, p=0.41):
    return Cand(i=i, rows=[i], text=text, runin=False, p=p, title=text, feats=[0.0] * len(FEATURES))


def test_column_heads_over_a_table_read_as_a_block_of_its_own_are_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=11.0, body_family="body", page_height=792.0, extents={(0, 0): [71.0, 524.0]})

    def rows_(space):
        heads = block([row("Feature omitted Precision Recall F1 score", 369.9, 11.0, bold=1.0, x0=163, x1=415)], 13)
        y = 384.0 + space
        cells = block([row("Pitch 0.904 0.937 0.906", y, 11.0, x0=194, x1=405),
                       row("Onset 0.846 0.728 0.764", y + 13.5, 11.0, x0=193, x1=405)], 15)
        heads[0].gap, cells[0].gap, cells[1].gap = 1.1, 5.15, 5.03
        return heads + cells

    cands = [_cand(0, "Feature omitted Precision Recall F1 score")]
    _vetoes(rows_(0.0), cands, st)
    assert cands[0].p == 0.0
    # the same row standing apart from what follows, as a heading does, is kept for the model
    cands = [_cand(0, "Feature omitted Precision Recall F1 score")]
    _vetoes(rows_(8.0), cands, st)
    assert cands[0].p == 0.41
    # a run-in head over its paragraph's next row, a display formula's piece read as a block of its
    # own beside that row, cut by the formula's spaces: no table
    r = row("One-step prediction The one-step error loss J(θ) is constructed by plug-", 251.9, 10.0, x0=134, x1=477)
    r.gap = 0.7
    rows = block([r, row("ging in (10) as estimate ŷk the one-step prediction ŷpred", 263.9, 10.0, x0=134, x1=377)], 9) \
        + block([row("k = NN IO(x̃k; θ), where", 266.2, 10.0, x0=361, x1=477)], 10)
    rows[2].gap = 2.0
    cands = [_cand(0, "One-step prediction")]
    _vetoes(rows, cands, SimpleNamespace(body=10.0, body_family="body", page_height=792.0, extents={(0, 0): [134.0, 477.0]}))
    assert cands[0].p == 0.41


def _span(text, x0, font, flags, size=11.0):
    return {"text": text, "bbox": (x0, 100.0, x0 + 5 * len(text), 100.0 + size), "size": size, "font": font,
            "flags": flags, "origin": (x0, 100.0 + 0.8 * size)}


def test_an_italic_word_inside_a_bold_lead_keeps_the_lead():
    from scholartools.parsing.pdf.extract import _row_from_spans

    bold, bold_italic, roman = "NimbusRomNo9L-Medi", "NimbusRomNo9L-MediItal", "NimbusRomNo9L-Regu"
    r = _row_from_spans([_span("Simulation under ", 54, bold, 20), _span("“recognition”", 140, bold_italic, 22),
                         _span(" assumptions ", 205, bold, 20), _span("The", 270, roman, 4, 10.0)], 3, 7)
    assert r.lead == "Simulation under “recognition” assumptions" and r.lead_style == "b"
    # a quotation mark in another face, the lead's style going on after it
    r = _row_from_spans([_span("Effects of ", 54, bold, 20), _span("“", 110, roman, 4),
                         _span("noise” on recall ", 115, bold, 20), _span("We", 200, roman, 4, 10.0)], 3, 7)
    assert r.lead == "Effects of “noise” on recall"
    # an italic word that ends the bold lead's line is the text's, not the lead's
    r = _row_from_spans([_span("Results ", 54, bold, 20), _span("in vivo", 100, bold_italic, 22)], 3, 7)
    assert r.lead == "" and r.bold_prefix == "Results"


def test_a_lead_filling_its_line_before_a_sentence_going_on_below_is_a_run_in_head():
    from scholartools.parsing.pdf.headings import _lead_before_sentence

    def rows_(nxt_text):
        r = row("Simulation under “recognition” assumptions The", 100)
        r.lead, r.lead_style = "Simulation under “recognition” assumptions", "b"
        return block([r, row(nxt_text, 112)], 9)

    c = Cand(i=0, rows=[0], text="", runin=False, p=0.41, title="", feats=[])
    assert _lead_before_sentence(rows_("recognition model reflects the belief that rich perceptual"), c)
    # one word after the lead and a new sentence below: the row may be a heading of two styles
    assert not _lead_before_sentence(rows_("Observers judged each video twice in the second study."), c)


def test_an_italic_lead_stops_at_the_text_even_with_an_italic_name_after_it():
    from scholartools.parsing.pdf.extract import _row_from_spans

    italic, roman = "MinionPro-It", "MinionPro-Regular"
    r = _row_from_spans([_span("2.2. Extraction of the Essential Oil.", 54, italic, 6, 10.0),
                         _span(" The collected leaves of", 240, roman, 4, 10.0), _span(" A.", 360, italic, 6, 10.0)], 3, 7)
    assert r.lead == "2.2. Extraction of the Essential Oil." and r.lead_style == "i"
    # the lead's closing period set upright, an italic species name opening the text after it
    r = _row_from_spans([_span("Analysis of Chemical Constituents", 54, italic, 6, 10.0), _span(".", 220, roman, 4, 10.0),
                         _span(" O. gratissimum", 225, italic, 6, 10.0), _span(" oil was", 300, roman, 4, 10.0)], 3, 7)
    assert r.lead == "Analysis of Chemical Constituents."
