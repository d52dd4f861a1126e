"""Titles, abstracts and headings of author-compiled LaTeX papers (issue 36, nineteenth round): what
22 PDFs their authors compiled with classes and styles the project had few or none of (AASTeX, A&A,
elsarticle, achemso, sn-jnl, IEEEtran, CVPR, the arXiv and JMLDA styles) showed after one blind
scoring. Built from drawn pages, rows or spans; no class is named in the code under test.

* AASTeX sets the affiliations as notes at the foot of the page after the ABSTRACT label and the
  abstract on the next page: the notes were the abstract.
* A manuscript whose title is set in the body's size under a draft note in small print ("Draft
  version …") had no title; a double-spaced title in a larger size lost all lines but its first.
* Numbered list items with bold labels ("1. **Structure of B:** …", their lines set in under the
  label) far apart were headings; so was a bullet whose font maps it to a control character, the
  fields "Facilities:" / "Software:" after the text, and a "published as" note naming the authors
  ("M. Forgione and D. Piga. Continuous-time …").
* A heading in capitals naming a mission in italics ("2. THE *Kepler*–GAIA DATA") was not in
  capitals; an italic heading whose "ffi" came from a font of its own was cut at the ligature; a
  newtx math italic ("rtxmi") was no math font, so "4.2. … and ϵ(x)" ran in before its formula.
* A symbol with its superscript split from its line ("T MPC" over "calc. One of …") was a
  heading; a subsection numbered two levels in the body's type ("2.1 Topic Clustering") lost to
  the outline chain; a table's header row under its caption and its first cells over their rules
  were underlined headings."""

from types import SimpleNamespace

import pymupdf

from pdf_pages import front, para, row, saved_record


def _span(text, x0, font="NimbusRomNo9L-ReguItal", flags=6, size=10.0, y=100.0):
    return {"text": text, "bbox": (x0, y, x0 + 5 * len(text), y + size), "size": size, "font": font,
            "flags": flags, "origin": (x0, y + 0.8 * size)}


def test_affiliation_notes_under_a_lone_abstract_label_are_passed_over(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((90, 110), "Towards precise stellar ages from rotation periods", fontsize=14, fontname="tibo")
    p.insert_text((90, 140), "Ann Example1,2, Bo Sample3 and Cy Person1", fontsize=12, fontname="tiro")
    p.insert_text((270, 190), "ABSTRACT", fontsize=12, fontname="tibo")
    notes = ["1American Museum of Natural History, Central Park West, New York, NY, USA",
             "2Center for Computational Astrophysics, Flatiron Institute, New York, NY, USA",
             "3Department of Astronomy, University of Florida, Gainesville, FL, USA"]
    for k, note in enumerate(notes):
        p.insert_text((85, 560 + 19 * k), note, fontsize=10, fontname="tiro")
    q = doc.new_page(width=612, height=792)
    y = para(q, 100, "We present a new age-dating technique that combines two methods of dating stars. " * 5,
             x=100, w=410, size=12)
    q.insert_text((260, y + 30), "1. INTRODUCTION", fontsize=12, fontname="tibo")
    para(q, y + 40, size=12)
    rec = saved_record(doc, tmp_path, "notes.pdf")
    assert rec["abstract"].startswith("We present a new age-dating technique")
    assert "Museum" not in rec["abstract"] and "Flatiron" not in rec["abstract"]


def test_a_title_in_the_body_s_size_under_a_draft_note_in_small_print_is_the_title():
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = [row("Draft version November 21, 2016", 69, 10.0),
            row("Preprint typeset using LaTeX style AASTeX6", 85, 8.0),
            row("ROTATING STARS FROM Kepler OBSERVED WITH GAIA DR1", 142, 12.0, x0=130, x1=480),
            row("James R. A. Davenport1,2", 205, 11.0, x0=236, x1=380),
            row("1Department of Physics & Astronomy, Western Washington University, Bellingham, WA", 236),
            row("ABSTRACT", 291, 12.0, x0=273, x1=330),
            row("Astrometric data from the recent Gaia Data Release 1 has been matched against", 308, 12.0)]
    for k, r in enumerate(rows):
        r.index = k
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)] == [rows[2].text]


def test_a_double_spaced_title_keeps_its_lines():
    from scholartools.parsing.pdf.frontmatter import title_rows

    lines = ["Benchmarking Machine Learning Fault", "Detection Methods on the Tennessee", "Eastman Process Dataset"]
    rows = [row(t, 143.7 + 41.22 * k, 20.5, x0=110, x1=500, bold=1.0) for k, t in enumerate(lines)]
    rows += [row("Naixin Lyu, Suraj Botcha, Eesha Kulkarni and John R. Kitchin", 278, 14.5, x1=540),
             row("Abstract", 430, 10.0, bold=1.0),
             row("The Tennessee Eastman Process dataset is a standard benchmark for process control.", 450, 12.0)]
    for k, r in enumerate(rows):
        r.index = k
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)] == lines   # a blank line (1.0 em) apart
    rows[1].text = "Fault Detection Methods."                             # a sentence's end breaks it
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)] == [lines[0], rows[1].text]


def test_numbered_leads_whose_lines_hang_under_them_are_a_list_however_far_apart():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _enumerated_leads

    def leads(hanging, at=(0, 20, 40), p=(0.99, 0.99, 0.99)):
        out = []
        for k, (n, title) in enumerate([("1.", "Codeword Difference Structure"), ("2.", "Determinant Expansion"),
                                        ("3.", "Schur Complement")]):
            c = Cand(i=at[k], rows=[at[k]], text=f"{n} {title}", runin=True, p=p[k])
            c.number, c.title = n, title
            c.feats = [0.0] * len(FEATURES)
            c.feats[FEATURES.index("hanging")] = 1.0 if k in hanging else 0.0
            out.append(c)
        _enumerated_leads(out, [])
        return [c.p for c in out]

    assert leads({0, 2}) == [0.0, 0.0, 0.0]      # two items hang: the whole run is a list
    assert leads({1}) == [0.99, 0.99, 0.99]      # one alone does not make the run a list
    assert leads(set()) == [0.99, 0.99, 0.99]    # run-in heads 20 rows apart, flush: an outline
    # two items two rows apart make the run a list, and its item the model is sure of goes with it
    assert leads(set(), at=(0, 2, 30), p=(0.9, 0.9, 0.99)) == [0.0, 0.0, 0.0]


def test_a_bullet_mapped_to_a_control_character_opens_no_heading():
    from scholartools.parsing.pdf.headings import _unmapped_mark

    assert _unmapped_mark("\x88 ML Detection Performance: For ML detection")
    assert not _unmapped_mark("\x88ML")                  # a glyph glued to a word is no bullet
    assert not _unmapped_mark("Method Detection Performance")


def test_fields_after_the_text_are_no_run_in_heads():
    from scholartools.parsing.pdf.headings import _runin

    st = SimpleNamespace(body=10.0, body_family="body")

    def runin(lead, rest):
        r = row(lead + rest, 100, x1=540)
        r.lead, r.lead_style = lead, "i"
        return _runin([r], 0, st)

    assert runin("Facilities:", " Keck:II (NIRC2), Gaia") is None
    assert runin("Software:", " ADI.jl (Lucas & Bottom 2020), astropy") is None
    c = runin("Software testing.", " We ran every test of the suite twice.")   # a paragraph's head
    assert c is not None and c.text == "Software testing"


def test_a_published_as_note_naming_the_authors_is_no_run_in_head():
    from scholartools.parsing.pdf.headings import Cand, _vetoes

    rows = [row("M. Forgione and D. Piga. Continuous-time system identification with neural networks.", 100,
                 x1=540)]
    c = Cand(i=0, rows=[0], text="M. Forgione and D. Piga", runin=True, p=0.51)
    _vetoes(rows, [c], SimpleNamespace(body=10.0))
    assert c.p == 0.0


def test_a_heading_in_capitals_with_a_name_in_italics_is_in_capitals():
    from scholartools.parsing.pdf.extract import _row_from_spans

    r = _row_from_spans([_span("2. THE ", 100, "CMR12", 4), _span("Kepler", 140, "CMTI12", 6),
                         _span("–GAIA DATA", 170, "CMR12", 4)], 0, 1)
    assert r.text == "2. THE Kepler–GAIA DATA" and r.upper
    r = _row_from_spans([_span("the ", 100, "CMR12", 4), _span("Kepler", 130, "CMTI12", 6),
                         _span(" mission data", 165, "CMR12", 4)], 0, 1)
    assert not r.upper
    r = _row_from_spans([_span("≃((", 100, "CMR10", 4), _span("𝐿𝑈𝐴", 115, "CMMI10", 4),
                         _span(" where x", 130, "CMTI10", 6)], 0, 1)
    assert not r.upper      # a math font's letters are no capitals of the row (a formula is no heading)


def test_a_ligature_from_a_font_of_its_own_keeps_the_run_s_style():
    from scholartools.parsing.pdf.extract import _row_from_spans, font_traits

    r = _row_from_spans([_span("3.1. Control-A", 100), _span("ffi", 170, "rtxi", 4),
                         _span("ne Systems with Model Mismatch", 185)], 0, 1)
    assert r.text == "3.1. Control-Affine Systems with Model Mismatch"
    assert r.italic == 1.0 and r.lead == ""      # one italic run: no lead cut at the ligature
    assert font_traits("ABCDEF+rtxmi")[2] and font_traits("rtxsy")[2] and not font_traits("rtxi")[2]


def test_a_symbol_and_superscript_split_from_their_line_are_no_heading():
    from scholartools.parsing.pdf.headings import _overlapped

    rows = [row("T MPC", 126, 7.0, x0=134, x1=159),
            row("calc . One of main strengths of this algorithm is its efficiency in terms of", 127, 10.0,
                 x0=140, x1=477)]
    assert _overlapped(rows, 0)
    # a formula's accent split above a heading overlaps it too, but is the narrower of the two
    rows = [row("ˆ ˆ", 300, 7.0, x0=180, x1=200), row("4.1.3 Lifting. ⇑A : B", 301, 10.0, x0=134, x1=260)]
    assert not _overlapped(rows, 1)
    # a wide table spilling into the next column over a heading there is set no larger than it
    rows = [row("N(x; µ, Σ) Gaussian distribution over x with mean µ and covariance", 285, 10.0, x0=88, x1=424),
            row("7.1 Margins in LaTeX", 289, 12.0, x0=311, x1=449)]
    assert not _overlapped(rows, 1)


def test_a_subsection_numbered_two_levels_in_title_case_is_left_to_the_outline():
    from scholartools.parsing.pdf.headings import Cand, _deep_title

    def deep(text, parts):
        c = Cand(i=0, rows=[0], text=text)
        c.title = text.split(" ", 1)[1]
        return _deep_title(c, parts, [row(text, 100)])

    assert deep("2.1 Topic Clustering", [2, 1]) and deep("4.1 Research Objectives of the Study", [4, 1])
    assert not deep("2.1 The set is clustered into groups", [2, 1])       # a sentence in the body's type
    assert not deep("2.1 Topic Clustering With Nine Very Long Capitalised Title Words", [2, 1])
    assert deep("3.2.1 Fungi and the growth of their spores", [3, 2, 1])   # three levels: as before


def _first_section(heading="Introduction", font="tibo", size=12):
    """A document whose front page has a first section: the document, its page, the y below."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    p.insert_text((72, y + 20), heading, fontsize=size, fontname=font)
    return doc, p, para(p, y + 26)


def test_a_table_s_header_under_its_caption_is_no_underlined_heading(tmp_path):
    doc, p, y = _first_section()
    p.insert_text((72, y + 14), "Table 3: Optimal hyperparameters of the supervised models.", fontsize=10,
                  fontname="tiro")
    header = "Model Hyperparameters"     # the header's cells, ruled off from the rows below
    p.insert_text((72, y + 40), header, fontsize=10, fontname="tiro")
    p.draw_line((72, y + 44), (72 + pymupdf.get_text_length(header, fontname="tiro", fontsize=10), y + 44), width=0.5)
    for k, row in enumerate(("XGBoost n_estimators=100, depth=6, rate=0.1", "LSTM layers=2, units=64, epochs=50")):
        p.insert_text((72, y + 58 + 13 * k), row, fontsize=10, fontname="tiro")
    para(p, y + 100)
    rec = saved_record(doc, tmp_path, "table.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert "Introduction" in heads and not any("Model" in h for h in heads)


def test_a_table_s_first_cell_finds_its_figures_anywhere_on_its_page():
    from scholartools.parsing.pdf.headings import Cand, _numbers_beside, _page_rows

    # a table read column by column: its labels first, the figures of their rows ten rows later
    labels = ["Global News", "American football Teams", "Music", "Motivational Day journaling", "Cooking",
              "Travel", "Movies", "Average"]
    rows = [row(t, 500 + 11 * k, x0=157, x1=300) for k, t in enumerate(labels)]
    rows += [row(f"0.{k}75 0.{k}14", 500 + 11 * k, x0=317, x1=420) for k in range(8)]
    rows += [row("The next page opens with a paragraph of the body's text.", 80, x1=540, page=1)]
    c = Cand(i=3, rows=[3], text=labels[3])
    assert list(_page_rows(rows, 3)) == list(range(16)) and list(_page_rows(rows, 16)) == [16]
    assert not _numbers_beside(rows, c, rows[3])                    # six rows either side: not there
    assert _numbers_beside(rows, c, rows[3], _page_rows(rows, 3))   # the page: its row's figures


# the journal classes' batch of the same round: 18 pairs of Scientific Reports, MDPI, eLife, IEEE
# Access, APA, Copernicus, revtex, … templates, scored once blind, then read

def test_line_numbers_beside_the_text_stay_rows_of_their_own():
    from scholartools.parsing.pdf.extract import page_rows

    def line(text, x0, x1, size, y=89.0):
        return {"dir": (1.0, 0.0), "bbox": (x0, y, x1, y + size),
                "spans": [{"text": text, "bbox": (x0, y, x1, y + size), "size": size, "font": "Palladio",
                           "flags": 4, "color": 0, "alpha": 255, "char_flags": 16, "origin": (x0, y + size)}]}

    def texts(*lines):
        return [r.text for r in page_rows({"blocks": [{"type": 0, "lines": list(lines)}]}, 0, (612.0, 792.0))[0]]

    text = line("vectors, evaluates the gradients, and estimates the cost we", 166, 559, 10.0)
    assert texts(text, line("36", 574, 579, 5.0, y=91.0)) == [text["spans"][0]["text"], "36"]
    # a note's mark set small right after the text is the line's own
    text = line("vectors, evaluates the cost we", 166, 400, 10.0)
    assert texts(text, line("2", 401, 404, 6.0, y=88.0)) == ["vectors, evaluates the cost we 2"]


def test_a_numbered_heading_takes_no_numbered_heading_as_its_next_line(tmp_path):
    doc, p, y = _first_section("I. INTRODUCTION", "hebo", 10)
    # the section's title reaches the column's right part, as a title that wraps would
    p.insert_text((72, y + 16), "II. THEORY: DERIVATION AND PHYSICAL PICTURE OF THE MEASURED INFORMATION",
                  fontsize=10, fontname="hebo")
    p.insert_text((72, y + 28), "A. ACCESSIBLE INFORMATION AND THE HOLEVO BOUND", fontsize=10, fontname="hebi")
    para(p, y + 34)
    rec = saved_record(doc, tmp_path, "numbered.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert "THEORY: DERIVATION AND PHYSICAL PICTURE OF THE MEASURED INFORMATION" in heads
    assert "ACCESSIBLE INFORMATION AND THE HOLEVO BOUND" in heads


def test_console_output_and_lone_caption_labels_are_no_headings():
    from scholartools.parsing.pdf.headings import _CODE_COMMENT, CAPTION

    assert _CODE_COMMENT.match("## SIMULATION PARAMETERS") and _CODE_COMMENT.match("# load libraries")
    assert not _CODE_COMMENT.match("#1 Introduction")
    assert CAPTION.match("Table A1") and CAPTION.match("Figure 3") and CAPTION.match("Table 2: Results")
    assert not CAPTION.match("Tables and Figures")


def test_a_style_whose_rows_are_nearly_all_short_rows_over_body_text_is_the_headings_style():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _same_style_as_headings

    def cand(title, p):
        c = Cand(i=0, rows=[0], text=title, p=p, skey=(12.0, True, False, "lmroman12", False))
        c.title, c.feats = title, [0.0] * len(FEATURES)
        c.feats[19] = 1.0          # body text follows
        return c

    titles = ["Introduction", "Model notation", "Link function", "Model fitting", "Simulating data",
              "Power Analysis", "Conclusions", "Funding"]
    def bold_rows(n):
        out = [row(f"Bold text of the body, line {k}", 100 + 12 * k, 12.0, bold=1.0) for k in range(n)]
        for r in out:
            r.family, r.upper = "lmroman12", False
        return out

    cands = [cand(t, p) for t, p in zip(titles, (0.6, 0.58, 0.54, 0.13, 0.32, 0.12, 0.14, 0.21))]
    st = SimpleNamespace(style_rows={cands[0].skey: 10})    # 8 of the style's 10 rows such rows
    _same_style_as_headings(bold_rows(10), cands, st, 0.4)
    assert all(c.p >= 0.4 for c in cands)
    cands = [cand(t, p) for t, p in zip(titles, (0.6, 0.58, 0.54, 0.13, 0.32, 0.12, 0.14, 0.21))]
    st = SimpleNamespace(style_rows={cands[0].skey: 40})    # a style the body's bold text shares
    _same_style_as_headings(bold_rows(40), cands, st, 0.4)
    assert [round(c.p, 2) for c in cands[3:]] == [0.13, 0.32, 0.12, 0.14, 0.21]
