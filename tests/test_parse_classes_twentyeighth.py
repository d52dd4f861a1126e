"""What the twenty-eighth round of issue 36 mended (docs/st-parse.md, "Twenty-eighth round").

Read after the round's two blind batches were scored:

* a PLOS article of 2012 set its run-in heads in a bold face flagged neither bold nor italic, under
  an obfuscated name, half a point under the body ("Selection based on Fst. We calculated …",
  "Ethics statement. The data …"), and no standalone heading in that face vouched for them;
* a line-end hyphen before a word with a hyphen of its own was undone ("Ge microflower-" /
  "on-nanostem hybrids" as "microfloweron-nanostem");
* a subsection heading filling its line, wrapped a line and a half below (the Royal Society's
  class: "(a) The open-weight panel … where the outcome" / "is in doubt"), was cut after its first
  line, the rest taken for a heading of its own;
* a symbol font's degree sign whose box lies two lines above its baseline put "26°N" above the
  title line it ends, and the title lost it;
* a heading in capitals over six lines of a narrow column lost its last (five were the most);
* a BMC article of 2015 set its subsection heads in a face of their own a point under the body,
  flagged neither bold nor italic, that sets nothing else, and the model scored some near nothing;
* an ACM title ending in a colon went on in a smaller size centred under it, and the title lost
  its second part;
* a journal's 8 pt abstract without a label, its sentences closed by citations ("… system [?].
  The …"), stood nearly five heading lines above "1. INTRODUCTION" (the class's keywords left
  blank), and no abstract was found;
* a LIPIcs proof's end mark set at the right margin ("… category.      ◀") read as a table row
  cut by a wide gap, and "3 Related Work" under it as the table's group label;
* a short methods part's two bold run-in heads ("**Synthesis of chemically lithiated purpurin.**",
  the first right under "Methods") were no series: a series needed three, the one under the
  heading did not count as opening a paragraph, and the two were keyed by their rows' faces (the
  long lead's row is in bold, the short one's in the body's face);
* a radical's sign set on a baseline of its own inside an abstract's line (a block of one symbol
  in the math font, away from the abstract's edges) ended a labelled abstract half way;
* PLOS supporting-information captions ("S1 Fig. …", "S1 Table. …") were read as headings.
"""

from types import SimpleNamespace

import pymupdf

from pdf_pages import block, row
from scholartools.parsing.pdf.headings import FEATURES, Cand


def _lead_cand(i, lead, rest, p=0.15):
    return Cand(i=i, rows=[i], text=lead.rstrip("."), runin=True, p=p, title=lead.rstrip("."), rest=rest,
                feats=[0.0] * len(FEATURES))


def _lead_rows(leads, family="advp4980f", size=9.0, lead_size=8.5):
    rows = []
    for k, (lead, rest) in enumerate(leads):
        r = row(f"{lead} {rest}", 100.0 + 40 * k, size, page=k // 2, x0=67.0, x1=297.0)
        r.lead, r.lead_style, r.lead_family, r.lead_size, r.first_in_block = lead, "f", family, lead_size, True
        rows.append(block([r], k)[0])
    return rows


LEADS = [("Ethics statement.", "The data analyzed was public"), ("Data used.", "HapMap 3 release 3 SNP"),
         ("STRUCTURE computation.", "Using PLINK, genotype data"), ("Fst computation.", "Fst was calculated")]


def test_run_in_heads_in_a_face_kept_for_them_are_headings_together():
    from scholartools.parsing.pdf.headings import _runin_in_lead_face

    st = SimpleNamespace(body=9.0, body_family="body")
    rows = _lead_rows(LEADS)
    cands = [_lead_cand(i, lead, rest) for i, (lead, rest) in enumerate(LEADS)]
    _runin_in_lead_face(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.51] * 4
    # three are not yet a series
    rows, cands = _lead_rows(LEADS[:3]), [_lead_cand(i, lead, rest) for i, (lead, rest) in enumerate(LEADS[:3])]
    _runin_in_lead_face(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.15] * 3
    # nor leads in the body's own face, nor ones the model saw nothing of a heading in
    rows, cands = _lead_rows(LEADS, family="body"), [_lead_cand(i, lead, rest) for i, (lead, rest) in enumerate(LEADS)]
    _runin_in_lead_face(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.15] * 4
    rows, cands = _lead_rows(LEADS), [_lead_cand(i, lead, rest, p=0.01) for i, (lead, rest) in enumerate(LEADS)]
    _runin_in_lead_face(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.01] * 4
    # nor leads on one page (a table's or a list's labels)
    rows, cands = _lead_rows(LEADS), [_lead_cand(i, lead, rest) for i, (lead, rest) in enumerate(LEADS)]
    for r in rows:
        r.page = 0
    _runin_in_lead_face(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.15] * 4


def test_a_line_end_hyphen_before_a_hyphened_word_is_the_compounds_own():
    from scholartools.parsing.pdf.headings import _join
    from scholartools.parsing.pdf.lines import join_lines

    assert join_lines(["dendritic Ge microflower-", "on-nanostem hybrids"]) == "dendritic Ge microflower-on-nanostem hybrids"
    assert join_lines(["a width-", "to-sample ratio"]) == "a width-to-sample ratio"
    assert join_lines(["informa-", "tion theory"]) == "information theory"
    # a typesetter's break inside a hyphened compound, the word printed whole in the same text
    assert join_lines(["single auditory, visual and the combined audi-", "tory-visual feedback"]) \
        == "single auditory, visual and the combined auditory-visual feedback"
    assert _join("Ge microflower-", "on-nanostem hybrids") == "Ge microflower-on-nanostem hybrids"
    # where the joined word is printed whole elsewhere (keep_hyphen False), the break is undone
    assert _join("including oseltami-", "vir-resistant virus", keep_hyphen=False) \
        == "including oseltamivir-resistant virus"


def test_a_heading_filling_its_line_goes_on_a_line_and_a_half_below():
    from scholartools.parsing.pdf.headings import _extend

    st = SimpleNamespace(body=9.0, body_family="body", body_gap=3.0, extents={(4, 0): [48.0, 530.0]},
                         text_left={(4, 0): 48.0}, page_height=792.0)

    def rows_(x1):
        first = row("(a) The open-weight panel does not respond to risk, and the null survives where the outcome",
                    375.1, 12.0, page=4, x0=48.0, x1=x1)
        rest = row("is in doubt", 393.3, 12.0, page=4, x0=67.0, x1=121.0)
        body = row("Humans in the collective-risk dilemma cooperate more when the catastrophe is", 413.6, 9.0,
                   page=4, x0=48.0, x1=530.0)
        for r in (first, rest):
            r.family = "sans"
        return block([first], 7) + block([rest], 8) + block([body], 9)

    c = Cand(i=0, rows=[0], text=rows_(530.0)[0].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows_(530.0), c, st)
    assert c.rows == [0, 1] and c.text.endswith("where the outcome is in doubt")
    # a line ending short of the right edge wrapped nowhere: so far below, the next row is apart
    c = Cand(i=0, rows=[0], text=rows_(470.0)[0].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows_(470.0), c, st)
    assert c.rows == [0]


def test_a_symbol_box_above_its_baseline_stays_on_its_row():
    from scholartools.parsing.pdf.extract import _row_from_spans

    def span(text, x0, top, bottom, font="F27"):
        return {"text": text, "bbox": (x0, top, x0 + 6 * len(text), bottom), "size": 12.0, "font": font,
                "flags": 4, "origin": (x0, 99.7)}

    r = _row_from_spans([span("26", 38.8, 90.5, 102.4), span("°", 52.3, 65.8, 77.8, "F28"),
                         span("N", 56.8, 90.5, 102.4)], 0, 1)
    assert r.text == "26°N" and (round(r.y0, 1), round(r.y1, 1)) == (87.7, 102.4)


def test_a_heading_in_capitals_in_a_narrow_column_goes_on_over_six_lines():
    from scholartools.parsing.pdf.headings import _extend

    lines = ["PERCEIVED NEEDS OF COUNTRIES TO", "MODERNIZE MICROBIOLOGY", "LABORATORY PROCESSES AND",
             "STRUCTURES FOR SUPPORT OF", "COMMUNICABLE DISEASE", "SURVEILLANCE AND CONTROL"]
    rows = [row(t, 114.1 + 14 * k, 12.0, bold=1.0, x0=45.0, x1=272.0 - 8 * (k % 3)) for k, t in enumerate(lines)]
    for r in rows:
        r.family = "sans"
    rows = block(rows, 3) + block([row("Apart from financial investment and adequate numbers of", 210.0, 9.5,
                                       x0=45.0, x1=290.0)], 4)
    st = SimpleNamespace(body=9.5, body_family="body", body_gap=2.0, extents={(0, 0): [45.0, 290.0]},
                         text_left={(0, 0): 45.0}, page_height=792.0)
    c = Cand(i=0, rows=[0], text=lines[0], runin=False, p=0.0, title="", feats=[])
    _extend(rows, c, st)
    assert c.rows == [0, 1, 2, 3, 4, 5] and c.text.endswith("DISEASE SURVEILLANCE AND CONTROL")


def _face_rows(extra_cell=False):
    """Two pages of a body in 10 pt with subsection heads in a 9 pt face of their own, each over
    its paragraph; with ``extra_cell``, the face also sets a table's cell."""
    heads = ["Legal and operational framework of TB laboratories", "Biosafety level 3 laboratory",
             "Laboratory performance indicators", "Threats and opportunities towards sustainability"]
    rows = []
    for k, h in enumerate(heads):
        page, y = k // 2, 100.0 + 200 * (k % 2)
        head = row(h, y, 9.0, page=page, x0=305.0, x1=500.0)
        head.family = "heads"
        rows += block([head], 2 * k) + block([row("The objectives of constructing the current laboratory at", y + 12,
                                                  10.0, page=page, x0=305.0, x1=539.0)], 2 * k + 1)
    if extra_cell:
        cell = row("Item Biosafety level", 600.0, 9.0, page=1, x0=305.0, x1=400.0)
        cell.family = "heads"
        rows.append(block([cell], 20)[0])
    for r in rows:
        r.kind = "text"
    return rows


def test_a_face_that_sets_nothing_but_heads_is_a_level_of_headings():
    from scholartools.parsing.pdf.headings import _face_kept_for_heads

    st = SimpleNamespace(body=10.0, body_family="body")

    def cands_(rows):
        out = []
        for i, r in enumerate(rows):
            if r.family == "heads":
                c = Cand(i=i, rows=[i], text=r.text, runin=False, p=0.05, title=r.text, feats=[0.0] * len(FEATURES))
                c.feats[FEATURES.index("gap_before")] = 1.2
                c.feats[FEATURES.index("cell_gap")] = 0.3
                out.append(c)
        return out

    rows = _face_rows()
    cands = cands_(rows)
    _face_kept_for_heads(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.51] * 4
    # the face sets a table's cell too: not a face kept for heads
    rows = _face_rows(extra_cell=True)
    cands = [c for c in cands_(rows) if c.text != "Item Biosafety level"]
    _face_kept_for_heads(rows, cands, st, 0.5)
    assert [c.p for c in cands] == [0.05] * 4
    # nor where a row of it sits in a table (a column gap) or stands right on the text above
    for k, value in (("cell_gap", 1.5), ("gap_before", 0.1)):
        rows = _face_rows()
        cands = cands_(rows)
        cands[1].feats[FEATURES.index(k)] = value
        _face_kept_for_heads(rows, cands, st, 0.5)
        assert [c.p for c in cands] == [0.05] * 4


def test_a_title_ending_in_a_colon_goes_on_in_a_smaller_size_centred_under_it(tmp_path):
    from pdf_pages import para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    first, second = "On the Art and Science of Explainable Learning:", "Techniques, Recommendations, and Responsibilities"
    w1 = pymupdf.get_text_length(first, fontname="hebo", fontsize=17)
    w2 = pymupdf.get_text_length(second, fontname="hebo", fontsize=14.5)
    p.insert_text((306 - w1 / 2, 97), first, fontsize=17, fontname="hebo")
    p.insert_text((306 - w2 / 2, 114), second, fontsize=14.5, fontname="hebo")
    p.insert_text((270, 140), "Patrick Hall", fontsize=12, fontname="tiro")
    p.insert_text((72, 180), "Abstract", fontsize=11, fontname="tibo")
    y = para(p, 186, "This paper reviews how explanations of models are made and judged. " * 6)
    p.insert_text((72, y + 20), "1 Introduction", fontsize=11, fontname="tibo")
    para(p, y + 26)
    rec = saved_record(doc, tmp_path, "subtitle.pdf")
    assert rec["title"] == f"{first} {second}"


def test_a_small_print_abstract_of_sentences_closed_by_citations_above_a_blank_space(tmp_path):
    from pdf_pages import para, saved_record

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((126, 114), "A Formal Proof of the Undecidability of the Halting Problem", fontsize=17,
                  fontname="helv")
    p.insert_text((126, 165), "THORSTEN ALTENKIRCH and ZONGZHE YUAN", fontsize=10, fontname="helv")
    p.insert_text((126, 179), "School of Computer Science, University of Nottingham", fontsize=10, fontname="helv")
    abstract = ("We present here a formalisation of the proof of the undecidability of the Halting problem [?] for "
                "the WHILE language introduced by Jones [?] using the Agda system [?]. The main technical "
                "challenge is to implement and verify the self interpreter for the WHILE language. This work "
                "grew out of the final year project of the second author.")
    y = para(p, 200, abstract, x=126, w=359, size=8)
    # the class's keywords and classification left blank: nearly five heading lines of space
    p.insert_text((126, y + 50), "1. INTRODUCTION", fontsize=10, fontname="helv")
    y = para(p, y + 56, x=126, w=359)
    para(p, y, x=126, w=359)
    rec = saved_record(doc, tmp_path, "jfr.pdf")
    assert rec["abstract"] == " ".join(abstract.split())


def test_a_proofs_end_mark_at_the_margin_makes_no_table_of_the_heading_below():
    from scholartools.parsing.pdf.headings import _cut_row_near

    end = row("In conclusion, Lcwe is a symmetric monoidal category. ◀", 456.3, 10.0, x0=106.0, x1=488.0)
    end.gap = 9.0   # the space before the mark
    head = row("3 Related Work", 486.6, 11.5, x0=95.0, x1=190.0)
    assert _cut_row_near([end, head], head, range(0, -1, -1)) is None
    # a table's row cut by the same gap is one
    cells = row("Lcwe   0.13   0.27   0.44", 456.3, 10.0, x0=106.0, x1=488.0)
    cells.gap = 9.0
    assert _cut_row_near([cells, head], head, range(0, -1, -1)) is cells


def test_two_bold_leads_under_a_heading_keyed_by_their_own_face_are_run_in_heads():
    from scholartools.parsing.pdf.headings import _runin_series

    def lead_row(text, lead, y, row_family, b):
        r = row(text, y, 7.5, x0=43.0, x1=290.0)
        r.lead, r.lead_style, r.lead_family, r.lead_size, r.family = lead, "b", "sans-bold", 7.5, row_family
        return block([r], b)[0]

    methods = block([row("Methods", 365.2, 9.5, bold=1.0, x0=43.0, x1=85.0)], 3)[0]
    # a long lead makes its row's face the bold one; a short one leaves the row in the body's
    first = lead_row("Synthesis of chemically lithiated purpurin. Pristine purpurin was chemically",
                     "Synthesis of chemically lithiated purpurin.", 376.0, "sans-bold", 3)
    middle = block([row("increasing the molar equivalent of LiOAc twice.", 452.3, 7.5, x0=43.0, x1=185.0)], 3)[0]
    second = lead_row("Electrochemical characterization. Cyclic voltammograms were performed in a",
                      "Electrochemical characterization.", 469.1, "body", 4)
    rows = [methods, first, middle, second]
    for r in rows:
        r.first_in_block = False
    second.first_in_block = True

    def cands_(p1, p2):
        head = Cand(i=0, rows=[0], text="Methods", runin=False, p=0.9, title="Methods", feats=[0.0] * len(FEATURES))
        a = Cand(i=1, rows=[1], text="Synthesis of chemically lithiated purpurin", runin=True, p=p1,
                 title="Synthesis of chemically lithiated purpurin", rest="Pristine purpurin was chemically",
                 feats=[0.0] * len(FEATURES))
        b = Cand(i=3, rows=[3], text="Electrochemical characterization", runin=True, p=p2,
                 title="Electrochemical characterization", rest="Cyclic voltammograms were performed in a",
                 feats=[0.0] * len(FEATURES))
        return [head, a, b]

    cands = cands_(0.377, 0.397)
    _runin_series(rows, cands, 0.4)
    assert [round(c.p, 2) for c in cands[1:]] == [0.41, 0.41]
    # two the model doubted more stay as they were
    cands = cands_(0.31, 0.397)
    _runin_series(rows, cands, 0.4)
    assert [c.p for c in cands[1:]] == [0.31, 0.397]


def test_a_radicals_sign_on_a_baseline_of_its_own_does_not_end_the_abstract():
    from scholartools.parsing.pdf.frontmatter import abstract

    title = row("Optimal Block Time for Liquidity Providers", 115.0, 14.5, bold=1.0, x0=150.0, x1=424.0)
    title.kind = "title"
    lines = ["Abstract. Loss-versus-Rebalancing is the dominant adverse-selection cost paid by",
             "liquidity providers on automated market makers. Previous research shows that",
             "the rate of the constant-product market maker scales monotonically in sigma",
             "times the block time over the fee, motivating shorter blocks. I revisit this",
             "conclusion when prices jump and derive a closed-form decomposition of the rate",
             "into a diffusion term and a jump term that is invariant in the block time."]
    body = [row(t, 242.0 + 11 * k, 9.0, x0=163.0, x1=452.0) for k, t in enumerate(lines)]
    # the sign of a root over a word of the third line's end, in a block of its own a little above it
    sign = row("√", 261.0, 9.0, x0=424.0, x1=431.0)
    sign.family = "symbols"
    rows = [block([title], 0)[0]] + block(body[:3], 3) + block([sign], 4) + block(body[3:], 6)
    for r in rows:
        r.first_in_block = False
    for k in (1, 4, 5):
        rows[k].first_in_block = True
    rows[1].lead, rows[1].lead_style, rows[1].bold_prefix = "Abstract.", "b", "Abstract."
    text, used = abstract(rows, {}, 10.0, 0, "body")
    assert text.endswith("a jump term that is invariant in the block time.") and used == {1, 2, 3, 5, 6, 7}


def test_a_supporting_information_caption_is_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=10.0, body_family="body", page_height=792.0, extents={(0, 0): [72.0, 540.0]})
    texts = ["S1 Fig. Where pika and livestock effects exhibited significant interaction",
             "S2 Table. Statistical results corresponding with Fig 10", "S1 Appendix. Model equations",
             "Supporting information"]
    rows = block([row(t, 100.0 + 30 * k, 10.0, bold=1.0, x0=72.0, x1=500.0) for k, t in enumerate(texts)], 5)
    cands = [Cand(i=k, rows=[k], text=t, runin=False, p=0.6, title=t, feats=[0.0] * len(FEATURES))
             for k, t in enumerate(texts)]
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.6]
