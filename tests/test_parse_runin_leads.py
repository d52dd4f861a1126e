"""Run-in heads the layout corpus showed were lost (issue 36, fifteenth round).

STIX's general fonts set text, not mathematics: Elsevier's cas classes and other publishers set a
whole article in STIXGeneral. Counted as a math font, every row of such an article read as a
formula, and no run-in head in it had a lead ("*Metatheory* The metatheory is …" in italic before
upright text): the layout corpus' cas family lost a quarter of its headings (recall 0.73; 0.88
with the fonts read as text). And a lower-case letter's enumerator before an italic lead ("*a.
Time reversal* The …", revtex's lowest level) made no candidate."""

from scholartools.parsing.pdf.extract import _row_from_spans, font_traits


def _span(text, font, x0, flags=4):
    return {"text": text, "font": font, "flags": flags, "size": 10.0, "bbox": (x0, 100.0, x0 + 6 * len(text), 110.0),
            "origin": (x0, 108.0)}


def test_stix_general_fonts_are_text_and_stix_math_fonts_are_math():
    assert font_traits("ABCDEF+STIXGeneral-Regular")[2] is False
    assert font_traits("STIXGeneral-Italic")[1:3] == (True, False)
    assert font_traits("STIXMathSans-Regular")[2] is True
    assert font_traits("STIXSizeOneSym-Regular")[2] is True


def test_cm_super_caps_and_small_caps_fonts_are_small_caps():
    # amsart's section headings ("1. Introduction" in T1 caps and small caps, SFCC1000): read as
    # plain text before (amsart family heading F1 0.848 -> 0.866 with them read as small caps)
    assert font_traits("ABCDEF+SFCC1000")[3] is True
    assert font_traits("SFRM1000")[3] is False


def test_an_italic_lead_in_stix_general_is_a_run_in_head():
    spans = [_span("Metatheory", "STIXGeneral-Italic", 72, flags=6), _span(" ", "STIXGeneral-Regular", 132),
             _span("The metatheory is an intensional type theory.", "STIXGeneral-Regular", 138)]
    r = _row_from_spans(spans, 0, 0)
    assert (r.lead, r.lead_style) == ("Metatheory", "i")
    assert r.math == 0.0


def _lead_row(text, lead):
    from scholartools.parsing.pdf.extract import Row

    r = Row(0, 0)
    r.text, r.lead, r.lead_style, r.family = text, lead, "i", "body"
    return r


def test_a_run_in_head_after_a_lower_case_letter_enumerator():
    # revtex's lowest level: "*a. Time reversal* The time reversal of …", "*b. Convolution* The …"
    # (italic, no closing stop): no candidate before; the layout corpus' revtex family 0.837 ->
    # 0.868. One italic word with no enumerator before a sentence stays no head (an emphasis).
    from scholartools.parsing.pdf.headings import _runin

    rows = [_lead_row("a. Time reversal The time reversal of a vector is its flip.", "a. Time reversal"),
            _lead_row("b. Convolution The convolution of two vectors is defined as", "b. Convolution"),
            _lead_row("Convolution The convolution of two vectors is defined as", "Convolution")]
    assert [(c.text, c.runin) for c in (_runin(rows, 0, None), _runin(rows, 1, None))] == \
        [("Time reversal", True), ("Convolution", True)]
    assert _runin(rows, 2, None) is None


def test_a_list_items_styled_lead_is_no_run_in_head():
    # "• **Generic programming with dependent types.** There is …": a list's item, never a heading
    # in any gold (the layout corpus' mnras, oup, amsart and nature families took such leads)
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _vetoes

    rows = [_lead_row("• Generic programming. There is a literature on it.", "• Generic programming."),
            _lead_row("Generic programming. There is a literature on it.", "Generic programming.")]
    for k, r in enumerate(rows):
        r.size, r.gap, r.x0, r.x1, r.y0, r.y1 = 10.0, 0.0, 72.0, 300.0, 100.0 + 200 * k, 110.0 + 200 * k
    cands = [Cand(i=k, rows=[k], text=r.lead.rstrip("."), runin=True, p=0.8) for k, r in enumerate(rows)]
    _vetoes(rows, cands, SimpleNamespace(body=10.0))
    assert [c.p for c in cands] == [0.0, 0.8]


def test_run_in_leads_numbered_one_after_another_are_a_list_not_an_outline():
    # "1. **MARLIN-Twin:** …", "2. **Ablation 1:** …" three rows apart: an enumerated list; with
    # them in the outline the document's own "1 Introduction" … "5 Experiments" lost (the
    # layout corpus' nature family 0.798 -> 0.818). Run-in subsection heads paragraphs apart stay.
    from scholartools.parsing.pdf.headings import Cand, _enumerated_leads

    def lead(i, number, p=0.8):
        return Cand(i=i, rows=[i], text=f"{number} Lead", runin=True, p=p, number=number)

    items = [lead(100, "1."), lead(103, "2."), lead(105, "3.")]
    # a list's later items may run for a paragraph each ("6. **Citeomatic** …" 12 rows after "5."):
    # the whole run goes, or its tail (6 … 9) outbids the document's own 6, 7, 8 (specter lost
    # "Analysis", "Related Work", "Conclusions" that way before the run was taken whole)
    tail = [lead(112, "4."), lead(130, "5."), lead(150, "6.")]
    sections = [lead(10, "1."), lead(40, "2."), lead(90, "3.")]
    _enumerated_leads(sections + items + tail, [])
    assert [c.p for c in items + tail] == [0.0] * 6
    assert [c.p for c in sections] == [0.8, 0.8, 0.8]


def test_a_bold_run_in_lead_naming_a_standard_section_is_a_heading(tmp_path, monkeypatch):
    # "**Conflicts of Interest:** The authors declare …" closing a paper: the model was
    # unsure of such leads (.2-.4 on the JATS dev half's frontiers and mdpi PDFs), so the statement
    # ran on in the discussion; simulated here by holding the model's scores at .2
    import pymupdf
    from pdf_pages import BODY, front, hold_scores, para

    from scholartools.parsing import parse_path

    hold_scores(monkeypatch, 0.2, lambda c: c.runin)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    p.insert_text((72, y + 20), "Discussion", fontsize=12, fontname="tibo")
    y = para(p, y + 26, BODY)
    lead = "Conflicts of Interest:"
    w = pymupdf.get_text_length(lead + " ", fontname="tibo", fontsize=10)
    p.insert_text((72, y + 18), lead + " ", fontsize=10, fontname="tibo")
    p.insert_text((72 + w, y + 18), "The authors declare no competing interests.", fontsize=10, fontname="tiro")
    path = tmp_path / "coi.pdf"
    doc.save(path)
    heads = [s["heading"] for s in parse_path(str(path))["sections"] if s["heading"]]
    assert heads[-1] == "Conflicts of Interest"
