"""STIX's general fonts set text, not mathematics (issue 36, fifteenth round): Elsevier's cas
classes and other publishers set a whole article in STIXGeneral. Counted as a math font, every
row of such an article read as a formula, and no run-in head in it had a lead ("*Metatheory* The
metatheory is …" in italic before upright text): the layout corpus' cas family lost a quarter of
its headings (recall 0.73; 0.88 with the fonts read as text)."""

from scholartools.parsing.pdf.extract import _row_from_spans, font_traits


def _span(text, font, x0, flags=4):
    return {"text": text, "font": font, "flags": flags, "size": 10.0, "bbox": (x0, 100.0, x0 + 6 * len(text), 110.0)}


def test_stix_general_fonts_are_text_and_stix_math_fonts_are_math():
    assert font_traits("ABCDEF+STIXGeneral-Regular")[2] is False
    assert font_traits("STIXGeneral-Italic")[1:3] == (True, False)
    assert font_traits("STIXMathSans-Regular")[2] is True
    assert font_traits("STIXSizeOneSym-Regular")[2] is True


def test_an_italic_lead_in_stix_general_is_a_run_in_head():
    spans = [_span("Metatheory", "STIXGeneral-Italic", 72, flags=6), _span(" ", "STIXGeneral-Regular", 132),
             _span("The metatheory is an intensional type theory.", "STIXGeneral-Regular", 138)]
    r = _row_from_spans(spans, 0, 0)
    assert (r.lead, r.lead_style) == ("Metatheory", "i")
    assert r.math == 0.0
