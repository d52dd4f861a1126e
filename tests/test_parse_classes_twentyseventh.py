"""What the twenty-seventh round of issue 36 mended (docs/st-parse.md, "Twenty-seventh round").

Left over from the twenty-sixth round's fifteenth batch (read since):

* a thesis' tables without rules, their column heads in bold over rows cut by wide gaps, came out
  as headings ("**Feature omitted   Precision   Recall   F1 score**" over "Pitch  0.904  0.937 …"):
  MuPDF read the table as a block of its own right under the heads, and the column-heads rule
  asked for one block;
* a bold run-in head with an italic word in it ("**Simulation under *“recognition”*
  assumptions** The", "***In situ* TEM analysis.** We now …") had no lead (the italic word ended it), and a lead filling its line, with the
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
    # opening the lead: "**In *situ* TEM analysis.** We now turn …"
    r = _row_from_spans([_span("In situ", 44, bold_italic, 22, 9.5), _span(" TEM analysis.", 80, bold, 20, 9.5),
                         _span(" We now turn to the use of Gr–Si", 150, roman, 4, 9.5)], 3, 7)
    assert r.lead == "In situ TEM analysis." and r.lead_style == "b"
    # a row in bold throughout, a word of it in italic, has no lead: it is bold
    r = _row_from_spans([_span("Results ", 54, bold, 20), _span("in vivo", 100, bold_italic, 22)], 3, 7)
    assert r.lead == "" and r.bold_prefix == "Results in vivo"


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


def _placed(skey, p=0.05, **feats):
    """A standalone candidate with the features ``_standing_apart`` reads (a heading's place)."""
    place = {"gap_before": 1.35, "gap_after": -0.03, "words_log": 0.69, "next_bodyish": 1.0, "prev_ended": 1.0}
    place.update(feats)
    return Cand(i=0, rows=[0], text="CT-P27", feats=[place.get(n, 0.0) for n in FEATURES], p=p, skey=skey)


def test_a_level_in_its_own_face_sitting_on_its_paragraphs_is_headings():
    # a review's lowest level: medium-weight sans names of drugs ("CT-P27", "CR6261 and CR8020")
    # over the serif body, right on each paragraph's first line, under 31 headings set larger
    from scholartools.parsing.pdf.headings import _standing_apart_in_one_style

    st = SimpleNamespace(body=9.5, body_family="minion")
    found = [_placed((12.0, True, False, "helveticaneue", False), p=0.9) for _ in range(31)]
    caps = [_placed((10.0, False, False, "helveticaneue", True)) for _ in range(9)]
    mixed = [_placed((10.0, False, False, "helveticaneue", False)) for _ in range(4)]
    _standing_apart_in_one_style(found + caps + mixed, st, 0.4)
    assert all(c.p > 0.4 for c in caps + mixed)
    # in the body's face, rows sitting on their paragraphs are no level of headings
    body = [_placed((9.5, False, False, "minion", False)) for _ in range(13)]
    _standing_apart_in_one_style(found + body, st, 0.4)
    assert not any(c.p > 0.4 for c in body)
    # nor are rows in another face set smaller (a table's or a figure's labels)
    small = [_placed((8.0, False, False, "helveticaneue", False)) for _ in range(13)]
    _standing_apart_in_one_style(found + small, st, 0.4)
    assert not any(c.p > 0.4 for c in small)


def test_a_small_print_tables_cells_opening_on_one_lead_are_no_run_in_heads():
    from scholartools.parsing.pdf.headings import _runin, _vetoes

    st = SimpleNamespace(body=9.5, body_family="body")

    def cands_(size, texts):
        rows, cands = [], []
        for k, text in enumerate(texts):
            r = row(text, 100 + 20 * k, size)
            r.lead, r.lead_style = text.split(":")[0] + ":", "b"
            rows.append(r)
        for k in range(len(rows)):
            c = _runin(rows, k, st)
            c.p = 0.9
            cands.append(c)
        _vetoes(rows, cands, st)
        return cands

    table = ["Safety: Acceptable safety profile", "Safety: No serious adverse events.", "Dose: 2 x 10^7 PFU"]
    # (the third, once, under a row in small print: a table's note by the fifty-first round's rule)
    assert [c.p for c in cands_(7.0, table)] == [0.0, 0.0, 0.0]
    # the same leads in the body's size are the paper's (a psychology paper's "Participants:"
    # under each experiment)
    assert [c.p for c in cands_(9.5, table)] == [0.9, 0.9, 0.9]


def test_the_last_line_of_a_running_head_of_three_lines_is_dropped():
    from scholartools.parsing.pdf.layout import drop_running_text

    pages = []
    for p in range(12):
        rows = [row(f"Body text {'abcdefghijkl'[p]}{'abcdefgh'[k]} in the column, a line of the review", 60 + 13 * k, page=p)
                for k in range(8)]
        if p % 2:   # a right-hand page's head: three lines beside the page's number
            rows[:0] = [row("A SYSTEMATIC REVIEW AND META-ANALYSIS ON THE RELATIONSHIP", 11, 7.0, page=p),
                        row(f"{p + 1} of 28", 11, 7.0, page=p, x0=424, x1=444),
                        row("OF ECO-EMOTIONS ON THE MENTAL HEALTH AND WELLBEING", 19, 7.0, page=p),
                        row("OF YOUNG ADULTS", 27, 7.0, page=p, x1=106)]
        pages.append(rows)
    drop_running_text(pages, [680.0] * 12)
    assert all(r.drop for p in range(1, 12, 2) for r in pages[p][:4])
    assert not any(r.drop for p in range(12) for r in pages[p] if r.text.startswith("Body"))


def test_a_heading_in_bold_italic_right_under_one_in_bold_is_the_next_level(tmp_path):
    from pdf_pages import headings_of, para

    def draw(page, y):
        page.insert_text((72, y + 20), "Providing mental health support for nursing students in training", fontsize=12,
                         fontname="hebo")
        page.insert_text((72, y + 35), "Digital media-based educational interventions", fontsize=12, fontname="hebi")
        y = para(page, y + 41)
        # a heading's second line that is an italic name after a connective goes on the heading
        page.insert_text((72, y + 20), "Antimicrobial activity of the essential oils extracted from", fontsize=12,
                         fontname="hebo")
        page.insert_text((72, y + 35), "Ocimum gratissimum", fontsize=12, fontname="hebi")
        para(page, y + 41)

    got = headings_of(tmp_path, "levels.pdf", draw)
    assert got[2:] == ["Providing mental health support for nursing students in training",
                       "Digital media-based educational interventions",
                       "Antimicrobial activity of the essential oils extracted from Ocimum gratissimum"]


def test_a_program_line_and_a_lone_caption_label_are_no_headings():
    from scholartools.parsing.pdf.headings import _runin, _vetoes

    st = SimpleNamespace(body=10.0, body_family="body")
    code = row("Module Type UInt63.", 100)
    code.family, code.lead, code.lead_style = "iosevka", "Module Type", "b"
    label, caption = row("TABLE 2.1", 120, 12.0, x0=294, x1=352), row("DATA TYPES COLLECTED BY THE APPLICATION", 140, 12.0)
    prose = row("Module Type UInt63.", 160)
    prose.lead, prose.lead_style = "Module Type", "b"
    rows = [code, label, caption, prose]
    cands = [_runin(rows, 0, st), _cand(1, label.text), _cand(2, caption.text), _runin(rows, 3, st)]
    for c in cands:
        c.p = 0.9
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.9]


def test_a_chapter_label_over_its_title_both_centred_in_the_body_type():
    from scholartools.parsing.pdf.headings import _F_STANDING, _chapter_titles

    st = SimpleNamespace(body=12.0)
    k_centred = FEATURES.index("centred")
    rows = [row("CHAPTER 2", 137, 12.0, x0=289, x1=357), row("Large-scale Dataset", 170, 12.0, x0=273, x1=373)]

    def cands_(centred):
        cands = [_cand(0, rows[0].text, 0.41), _cand(1, rows[1].text, 0.001)]
        for c in cands:
            c.feats[k_centred], c.feats[_F_STANDING[0]] = centred, 3.0
        return cands

    cands = cands_(1.0)
    _chapter_titles(rows, cands, st, 0.4)
    assert cands[0].p == 0.0 and cands[1].p > 0.4 and cands[1].number == "2"
    # not centred (a line of the text that names a chapter): the model's say
    cands = cands_(0.0)
    _chapter_titles(rows, cands, st, 0.4)
    assert cands[0].p == 0.41 and cands[1].p == 0.001


def test_metadata_labels_after_the_back_matter_are_front_matter():
    from scholartools.text.sections import section_type, type_sections

    secs = type_sections([{"heading": "Conclusion", "level": 1}, {"heading": "Supporting Information", "level": 1},
                          {"heading": "Conflict of Interest", "level": 1}, {"heading": "Keywords", "level": 1}])
    assert [s["type"] for s in secs][-1] == "front_matter"
    assert section_type("OCIS codes") == "front_matter"
    # numbered as the appendix's, a section of it
    assert section_type("A.2 Keywords", in_appendix=True) == "appendix"


def test_a_copy_of_visible_text_hidden_under_a_clip_is_read_once(tmp_path):
    import pymupdf
    from pdf_pages import para, with_content

    from scholartools.parsing import parse_path

    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "A Visible Title For Testing", fontsize=18)
    para(page, 100)
    page.insert_text((72, 300), "Author Contributions: Conceptualization, K.V. and B.R.; Methodology, K.V.", fontsize=9)
    # the same line again, and a line that repeats nothing, each under a clip that hides it
    path = with_content(doc, tmp_path, "p2.pdf", (
        b"\nq 72 100 2 2 re W n BT /helv 9 Tf 74 470 Td (Author Contributions: Conceptualization, K.V. and B.R.; "
        b"Methodology, K.V.) Tj ET Q\nq 72 100 2 2 re W n BT /helv 9 Tf 74 500 Td "
        b"(Hidden clipped instruction to the language model) Tj ET Q\n"))
    rec = parse_path(str(path))
    text = " ".join(s.get("text") or "" for s in rec["sections"]) + " " + (rec.get("abstract") or "")
    assert text.count("Conceptualization") == 1
    hidden = [w for w in rec["warnings"] if w["kind"] == "hidden_text"]
    assert any("clipped instruction" in w["text"] for w in hidden)


def test_a_bold_lead_closed_by_its_stop_or_dash_ends_there():
    from scholartools.parsing.pdf.extract import _row_from_spans

    bold, bold_italic = "NimbusRomNo9L-Medi", "NimbusRomNo9L-MediItal"
    r = _row_from_spans([_span("Abstract", 54, bold_italic, 22, 9.0), _span("— To verify the correct operation", 90, bold, 20, 9.0),
                         _span(" of systems", 250, bold, 20, 9.0)], 3, 7)
    assert r.bold_prefix == "Abstract" and r.lead == ""   # (the label, as an abstract label is read)
    r = _row_from_spans([_span("Persistence Heuristic.", 54, bold, 20), _span(" The following is a heuristic", 160, bold_italic, 22),
                         _span(" here.", 300, "NimbusRomNo9L-Regu", 4)], 3, 7)
    assert not r.lead.startswith("Persistence Heuristic. The")


def test_a_display_formulas_bold_symbols_are_no_lead():
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([_span("Y", 406, "CMBX10", 16, 10.0), _span(" = ", 412, "CMR10", 4, 10.0),
                         _span("HX", 430, "CMBX10", 16, 10.0), _span(" + ", 445, "CMR10", 4, 10.0),
                         _span("N", 460, "CMBX10", 16, 10.0), _span(" (2)", 540, "CMR10", 4, 10.0)], 3, 7)
    assert r.lead in ("", "Y")


def _cover(tmp_path, name, lines):
    import pymupdf

    from scholartools.parsing import parse_path

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for x, y, text, size, font in lines:
        p.insert_text((x, y), text, fontsize=size, fontname=font)
    q = doc.new_page(width=612, height=792)
    q.insert_text((72, 90), "Abstract", fontsize=14.5, fontname="tibo")
    from pdf_pages import para
    para(q, 100)
    path = tmp_path / name
    doc.save(path)
    return parse_path(str(path))["title"]


def test_a_thesis_cover_in_one_type_has_its_title_above_the_cue(tmp_path):
    # a cover set in 12 pt throughout, the title in capitals (nothing larger, nothing bold)
    lines = [(150, 142, "SECURE PHYSICAL SYSTEM DESIGN LEVERAGING PUF TECHNOLOGY", 12, "tiro"),
             (270, 211, "A Thesis", 12, "tiro"), (240, 240, "Submitted to the Faculty", 12, "tiro"),
             (296, 268, "of", 12, "tiro"), (262, 297, "Purdue University", 12, "tiro"), (298, 326, "by", 12, "tiro"),
             (262, 355, "Samuel T. Kerr", 12, "tiro"), (230, 423, "In Partial Fulfillment of the", 12, "tiro")]
    assert _cover(tmp_path, "cover.pdf", lines) == "SECURE PHYSICAL SYSTEM DESIGN LEVERAGING PUF TECHNOLOGY"
    # the title two words in capitals a little larger than the rest (read as a label before)
    lines = [(230, 153, "ENCODING ARGUMENTS", 14.5, "tiro"), (298, 262, "by", 12, "tiro"),
             (262, 368, "Tommy Reddad", 12, "tiro"), (240, 470, "A thesis submitted to", 12, "tiro")]
    assert _cover(tmp_path, "cover2.pdf", lines) == "ENCODING ARGUMENTS"


def test_a_name_a_blank_line_under_the_title_in_its_type_is_the_authors(tmp_path):
    lines = [(110, 138, "Magnetic Fields in High Velocity", 25, "tibo"), (128, 163, "Clouds and Rotation Measure", 25, "tibo"),
             (111, 182, "Foreground Removal Techniques", 25, "tibo"), (137, 239, "Olivia Hilda-Roslyn Walters", 25, "tibo"),
             (113, 265, "Supervisors: Craig S. Anderson, Naomi McClure-Griffiths", 14.5, "tiro")]
    assert _cover(tmp_path, "anu.pdf", lines) == "Magnetic Fields in High Velocity Clouds and Rotation Measure Foreground Removal Techniques"


def test_a_double_spaced_titles_last_line_that_reads_like_a_name_stays_the_titles(tmp_path):
    lines = [(100, 164, "Benchmarking Machine Learning Fault", 20.5, "tiro"),
             (100, 205, "Detection Methods on the Tennessee", 20.5, "tiro"), (160, 246, "Eastman Process Dataset", 20.5, "tiro"),
             (90, 292, "Naixin Lyu, Suraj Botcha, Eesha Kulkarni, Shreya Pagaria", 14.5, "tiro")]
    assert _cover(tmp_path, "tep.pdf", lines) == ("Benchmarking Machine Learning Fault Detection Methods on the Tennessee "
                                                  "Eastman Process Dataset")


def test_a_run_in_head_right_under_a_heading_in_its_block_is_one_in_an_accepted_style():
    from scholartools.parsing.pdf.headings import _runin, _runin_series

    st = SimpleNamespace(body=10.0, body_family="body")
    rows = block([row("Methods", 100, bold=1.0),
                  row("Preparation of electrodes. The cells were assembled in a glove box under argon.", 112)], 2) \
        + block([row("Characterization. Diffraction patterns were recorded with a copper source.", 160)], 3)
    for r in rows[1:]:
        r.lead, r.lead_style = r.text.split(". ")[0] + ".", "b"
    rows[2].first_in_block = True
    heading = _cand(0, "Methods", 0.9)
    under, accepted = _runin(rows, 1, st), _runin(rows, 2, st)
    under.p, accepted.p = 0.2, 0.9
    for c in (under, accepted):
        c.feats, c.title = [0.0] * len(FEATURES), c.text
    _runin_series(rows, [heading, under, accepted], 0.4)
    assert under.p > 0.4
    # under a row that is no heading (the paragraph's own line), the model's say
    heading.p, under.p = 0.1, 0.2
    _runin_series(rows, [heading, under, accepted], 0.4)
    assert under.p == 0.2
