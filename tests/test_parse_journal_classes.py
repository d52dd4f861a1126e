"""One test per failure class of issue #36 (st-parse on held-out journal layouts), on PDFs built
here with pymupdf. Each assertion names what the previous release got wrong on that input."""

from types import SimpleNamespace

import pymupdf
import pytest

from tools.evaluate_parse import record_headings
from scholartools.parsing.pdf.headings import formula_fragment, join_ligature_gaps

from pdf_pages import hold_scores, saved_record
from pdf_pages import BODY
from pdf_pages import para as _para

ABSTRACT = ("Front pages of journal articles carry side boxes with the article history and keywords beside the "
            "abstract. A parser must read the abstract from its own column and not from the box. This abstract "
            "sits in the right column, and the box on the left holds dates of receipt and acceptance and a list "
            "of keywords.")


def _front(p, title="Relative cues for section headings in documents", abstract=True):
    p.insert_text((72, 80), title, fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    if abstract:
        p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
        return _para(p, 136, "We test how the parser reads this kind of page. " * 8)
    return 120


#: the two-line title every banner test draws below its banner row (at y 70)
BANNER_TITLE = "Relative cues for section headings in documents with unusual front pages"


def _banner_page(tmp_path, name, *banners):
    """A front page with ``banners`` (text, x, size, font) on the row above a two-line title, then
    authors, an "Abstract" label, its paragraph and two sections; the parsed record."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for text, x, size, font in banners:
        p.insert_text((x, 70), text, fontsize=size, fontname=font)
    p.insert_text((72, 92), "Relative cues for section headings", fontsize=17, fontname="hebo")
    p.insert_text((72, 113), "in documents with unusual front pages", fontsize=17, fontname="hebo")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 170), "Abstract", fontsize=10, fontname="tibo")
    _sections(p, _para(p, 176, "We test whether labels are kept out of titles. " * 6))
    return _save(doc, tmp_path, name)


def _sections(p, y, names=("1 Introduction", "2 Methods")):
    for h in names:
        p.insert_text((72, y + 14), h, fontsize=12, fontname="tibo")
        y = _para(p, y + 20)
    return y


_save = saved_record


def _heads(rec):
    return [s["heading"] for s in rec["sections"] if s["heading"]]


def test_class1_article_type_label_close_above_the_title_is_not_joined_to_it(tmp_path):
    # the label in nearly the title's size and font, one line above it (it was read as the
    # title's first line: "ORIGINAL ARTICLE Relative cues …")
    rec = _banner_page(tmp_path, "label.pdf", ("ORIGINAL ARTICLE", 72, 16, "hebo"))
    assert rec["title"] == BANNER_TITLE


def test_class2_article_info_box_beside_the_abstract_is_not_the_abstract(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, abstract=False)
    p.draw_line((72, 130), (540, 130), width=0.5)
    p.insert_text((72, 145), "ARTICLE INFO", fontsize=8, fontname="hebo")
    y = 160
    for t in ("Article history:", "Received 12 May 2020", "Received in revised form 3 June 2020",
              "Accepted 9 July 2020", "Available online 20 July 2020", "", "Keywords:", "Section headings",
              "Layout analysis", "Document parsing"):
        if t:
            p.insert_text((72, y), t, fontsize=8, fontname="tiit" if t.endswith(":") else "tiro")
        y += 10
    p.insert_text((230, 145), "ABSTRACT", fontsize=8, fontname="hebo")
    p.insert_textbox(pymupdf.Rect(230, 152, 540, 300), ABSTRACT, fontsize=9, fontname="tiro")
    p.draw_line((72, 280), (540, 280), width=0.5)
    _sections(p, 290, ("1. Introduction", "2. Methods"))
    rec = _save(doc, tmp_path, "infobox.pdf")
    # it was "Article history: Received 12 May 2020 … Front pages of … and keywords" (box lines
    # interleaved, cut at the box's "Keywords:")
    assert rec["abstract"] == ABSTRACT
    assert _heads(rec) == ["Introduction", "Methods"]


def test_class4_ligature_gaps_inside_heading_words_are_closed(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Ligatures in headings"), ("1 Introduction",))
    # the text layer sets a gap after the ligature glyph: "infl ammation", "Effi cient fi ltering"
    for parts in (("2 Chronic infl", "ammation markers"), ("3 Effi", "cient fi", "ltering of the signal")):
        x = 72
        for part in parts:
            p.insert_text((x, y + 14), part, fontsize=12, fontname="tibo")
            x += pymupdf.get_text_length(part, "tibo", 12) + 4
        y = _para(p, y + 20)
    _sections(p, y, ("4 Conclusion",))
    rec = _save(doc, tmp_path, "ligature.pdf")
    assert _heads(rec) == ["Introduction", "Chronic inflammation markers", "Efficient filtering of the signal",
                           "Conclusion"]
    # words that end in "ff" or hold "fi" after a hyphen stay as they are
    assert join_ligature_gaps("off the record, staff of sci-fi and diff erent eff ects") == \
        "off the record, staff of sci-fi and different effects"


def test_class5_equation_and_table_fragments_are_not_headings(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Fragments of equations are not headings"), ("1 Introduction",))
    # pieces of a display equation and a table cell set apart in a bold heading-sized font
    for frag in ("qt q", "porosity \u00bc", "sd"):
        p.insert_text((72, y + 14), frag, fontsize=12, fontname="tibo")
        y = _para(p, y + 22)
    _sections(p, y, ("2 Results",))
    rec = _save(doc, tmp_path, "fragments.pdf")
    assert _heads(rec) == ["Introduction", "Results"]          # all three were headings
    for ok in ("Results", "AI", "k-NN", "IL-6", "Q&A", "Ca2+ signalling"):
        assert not formula_fragment(ok), ok


def test_class6_front_matter_labels_are_typed_not_body_sections(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _front(p, "Front matter labels are typed")
    p.insert_text((72, y + 14), "Keywords", fontsize=12, fontname="tibo")
    y = _para(p, y + 20, "section headings; layout analysis; document parsing")
    _sections(p, y, ("Introduction", "Methods"))
    rec = _save(doc, tmp_path, "keywords.pdf")
    # the label is kept, with its text, as front matter (it was an "other" body section)
    kw = next(s for s in rec["sections"] if s["heading"] == "Keywords")
    assert kw["type"] == "front_matter" and "layout analysis" in kw["text"]
    assert record_headings(rec) == ["Introduction", "Methods"]


def test_class3_line_end_hyphen_of_a_ragged_heading_is_the_words_own(tmp_path):
    # biomedical subsection headings are sentences set ragged over two lines; a hyphen at the
    # line end belongs to the word ("MMS-treated"): it was undone ("MMStreated", matching nothing)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Hyphens in headings"), ("Introduction",))
    p.insert_text((72, y + 14), "Loss of REV1 induces chromosome aberrations in MMS-", fontsize=12, fontname="tibo")
    p.insert_text((72, y + 31), "treated cells and post-", fontsize=12, fontname="tibo")
    p.insert_text((72, y + 48), "transcriptional splicing", fontsize=12, fontname="tibo")
    _sections(p, _para(p, y + 54), ("Discussion",))
    rec = _save(doc, tmp_path, "hyphen.pdf")
    assert _heads(rec) == ["Introduction",
                           "Loss of REV1 induces chromosome aberrations in MMS-treated cells and post-transcriptional "
                           "splicing", "Discussion"]


def _outline_doc(heads, tmp_path, name, short=False):
    """Pages of body text under ``heads`` ((text, font, centred) triples) in body-size type."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _front(p)
    for text, font, centred in heads:
        if y > 660:
            p = doc.new_page(width=612, height=792)
            y = 60
        x = 306 - pymupdf.get_text_length(text, fontname=font, fontsize=10) / 2 if centred else 72
        p.insert_text((x, y + 16), text, fontsize=10, fontname=font)
        y = _para(p, y + 22, BODY[:160] if short else BODY)
    return _save(doc, tmp_path, name)


def test_class3_outline_numbered_per_level_restarts_under_each_higher_heading(tmp_path):
    # roman sections, lettered subsections, digit subsubsections, all at body size (bold caps,
    # bold, italic): the letters and digits start again under each higher heading. Before, only
    # one increasing chain per kind was kept ("A. B." of section I) and every restart was dropped.
    heads = [("I. INTRODUCTION", "tibo", True), ("A. Why periodograms", "tibo", False),
             ("B. Outline of the paper", "tibo", False), ("II. SAMPLING THEORY", "tibo", True),
             ("A. The Nyquist limit", "tibo", False), ("1. Uniform sampling", "tiit", False),
             ("2. Non-uniform sampling", "tiit", False), ("B. Windows", "tibo", False),
             ("1. Rectangular windows", "tiit", False), ("III. CONCLUSION", "tibo", True)]
    rec = _outline_doc(heads, tmp_path, "outline.pdf")
    got = record_headings(rec)
    for want in ("Why periodograms", "The Nyquist limit", "Windows", "Rectangular windows", "Non-uniform sampling"):
        assert any(want in h for h in got), (want, got)


def _runin_row(p, y, parts, cont=BODY[:300], x=72, cont_x=72):
    """One paragraph whose first row is set from ``parts`` ((text, font) pieces), then ``cont``."""
    xx = x
    for text, font in parts:
        p.insert_text((xx, y), text, fontsize=10, fontname=font)
        xx += pymupdf.get_text_length(text, fontname=font, fontsize=10)
    return _para(p, y + 3, cont, x=cont_x, w=540 - cont_x)


def test_class3_runin_title_after_an_upright_section_number_is_a_heading(tmp_path):
    # "1.1. **Why periodograms.** Before we …": the number in the body's upright type, the title
    # bold (or italic) at body size, the paragraph running on. Before, the row's styled lead was
    # empty because the row did not start in the lead's style, so no run-in heading was seen.
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p), ("1 Introduction",))
    for num, title, font in (("1.1. ", "Why periodograms.", "tibo"), ("1.2. ", "Windows and sampling.", "tibo"),
                             ("1.2.1. ", "The Nyquist limit.", "tiit"), ("1.3. ", "Outline of the paper.", "tibo")):
        y = _runin_row(p, y + 14, [(num, "tiro"), (title, font), (" Before we begin we note the broader context.", "tiro")])
    rec = _save(doc, tmp_path, "runin_number.pdf")
    got = record_headings(rec)
    for want in ("Why periodograms", "Windows and sampling", "The Nyquist limit", "Outline of the paper"):
        assert any(h.endswith(want) for h in got), (want, got)


def test_class3_description_list_labels_with_a_hanging_indent_are_not_headings(tmp_path):
    # bold leads of paragraphs that run on flush left are paragraph headings; bold labels of a
    # description list, whose text goes on indented under the label, are not (they were taken as
    # run-in headings before the hanging-indent cue)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _front(p)
    y = _sections(p, y, ("1 Introduction",))
    for lead in ("Training data.", "Evaluation protocol."):
        y = _runin_row(p, y + 14, [(lead, "tibo"), (" We describe the setting in the words that follow here.", "tiro")])
    for label in ("The transform is linear.", "A shift imparts a phase.", "The transform of a comb is a comb."):
        y = _runin_row(p, y + 14, [(label, "tibo"), (" That is, for any pair of", "tiro")], cont_x=100)
    y = _sections(p, y, ("2 Methods",))
    rec = _save(doc, tmp_path, "description.pdf")
    got = record_headings(rec)
    assert any(h.startswith("Training data") for h in got) and any(h.startswith("Evaluation protocol") for h in got), got
    assert not any(h.startswith(("The transform", "A shift")) for h in got), got


def _two_col_page(doc, y, items, cols=2):
    """A page whose text runs in ``cols`` columns from ``y``: items are ("h", text, font) headings set
    at body size or ("p", text) paragraphs; a column is filled top to bottom, then the next."""
    p = doc.new_page(width=612, height=792)
    width = (468 - 18 * (cols - 1)) / cols
    col = 0
    x = 72
    for kind, text, *font in items:
        if y > 700:
            col += 1
            x = 72 + col * (width + 18)
            y = 72
        if kind == "h":
            p.insert_text((x, y + 12), text, fontsize=10, fontname=font[0])
            y = _para(p, y + 15, BODY, x=x, w=width)
        else:
            y = _para(p, y, text, x=x, w=width)
    return p


@pytest.mark.parametrize("cols", [1, 2])
def test_class3_unnumbered_body_size_bold_and_italic_subsections(tmp_path, cols):
    # unnumbered subsection headings in the body's own size, bold or italic only, one and two
    # columns (a physics preprint, biomedical journals): the held-out set lost most of them
    doc = pymupdf.open()
    items = [("h", "Introduction", "tibo"), ("h", "Materials and methods", "tibo"),
             ("h", "Cell culture and treatment", "tiit"), ("h", "Statistical analysis", "tiit"),
             ("h", "Results", "tibo"), ("h", "Expression in treated cells", "tibo"),
             ("h", "Discussion", "tibo")]
    p = _two_col_page(doc, 200, items[:4], cols)
    p.insert_text((72, 80), "Relative cues for unnumbered subsection headings", fontsize=17, fontname="tibo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=10, fontname="tibo")
    _para(p, 136, "We test how the parser reads this kind of page. " * 5)
    _two_col_page(doc, 72, items[4:], cols)
    rec = _save(doc, tmp_path, f"unnumbered{cols}.pdf")
    assert _heads(rec) == [t for _, t, _ in items]


def test_front_page_abstract_unlabelled_bold_paragraph_in_double_spacing(tmp_path):
    # a double-spaced manuscript whose abstract is its first bold paragraph, with the author line
    # run into its first row: each row stood alone (the gap between lines is a full line) and no
    # paragraph of 40 words was found (abstract token-F1 0.00 in that class)
    words = ("The abstract of this manuscript is its first bold paragraph and it carries no label at all. " * 5).split()
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Double-spaced manuscripts with bold summaries", fontsize=17, fontname="hebo")
    p.insert_text((72, 125), "Ann Author", fontsize=12, fontname="tiro")
    x, y, line = 140, 125, []
    for w in words:
        if x + pymupdf.get_text_length(" ".join(line + [w]), "tibo", 12) > 540:
            p.insert_text((x, y), " ".join(line), fontsize=12, fontname="tibo")
            x, y, line = 72, y + 29, []
        line.append(w)
    p.insert_text((x, y), " ".join(line), fontsize=12, fontname="tibo")
    y += 50     # the paragraph skip below the abstract
    for h in ("1 Introduction", "2 Methods"):
        p.insert_text((72, y), h, fontsize=12, fontname="tibo")
        y += 29
        for k in range(5):
            p.insert_text((72, y), BODY[k * 80:(k + 1) * 80], fontsize=12, fontname="tiro")
            y += 29
    rec = _save(doc, tmp_path, "double.pdf")
    assert rec["abstract"].endswith(" ".join(words))
    assert rec["abstract"].split()[2:5] == ["The", "abstract", "of"]
    assert "Introduction" not in rec["abstract"] and "Scholarly" not in rec["abstract"]


def test_front_page_title_in_body_size_capitals(tmp_path):
    # a title set in bold capitals at the body's size, one short row: it read as a label
    # ("RESEARCH ARTICLE"-like capitals) and the paper had no title
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((180, 90), "UNDERSTANDING THE PERIODOGRAM", fontsize=10, fontname="hebo")
    p.insert_text((260, 115), "ANN AUTHOR", fontsize=8, fontname="helv")
    p.insert_text((100, 140), "Abstract.", fontsize=8, fontname="helv")
    y = _para(p, 146, "We test how the parser reads this kind of page. " * 6, x=100, w=400, size=8, font="helv")
    for h in ("1. Introduction", "2. Methods"):     # section headings at body size too
        p.insert_text((72, y + 14), h, fontsize=10, fontname="hebo")
        y = _para(p, y + 20)
    rec = _save(doc, tmp_path, "capstitle.pdf")
    assert rec["title"] == "UNDERSTANDING THE PERIODOGRAM"


def test_front_page_title_repeated_as_running_head_is_kept(tmp_path):
    # the running head of every later page repeats the title; on the front page the title lies in
    # the top band too and was dropped with the running heads (no title found)
    doc = pymupdf.open()
    title = "Relative cues for section headings"
    p = doc.new_page(width=612, height=792)
    p.insert_text((140, 95), title, fontsize=15, fontname="tibo")
    p.insert_text((72, 125), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 150), "Abstract", fontsize=12, fontname="tibo")
    _sections(p, _para(p, 156, "We test how the parser reads this kind of page. " * 8))
    for k in range(4):
        q = doc.new_page(width=612, height=792)
        q.insert_text((250, 40), title, fontsize=8, fontname="tiro")
        q.insert_text((300, 760), str(k + 2), fontsize=8, fontname="tiro")
        _para(q, 72)
    rec = _save(doc, tmp_path, "runninghead.pdf")
    assert rec["title"] == title
    assert not any(title in s["text"] for s in rec["sections"])


def test_class3_italic_heading_with_an_upright_tail_is_not_a_runin_lead(tmp_path):
    # "3.1. *Conversions and definitions* (utils)": an italic subsection heading ending in a word
    # set upright read as a paragraph opening with an italic lead, and only the lead could be a
    # heading — none was found (an astronomy class lost every such subsection)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _front(p, "Headings with an upright tail")
    for num, title, tail in (("1.", "Introduction", None), ("1.1.", "Conversions and definitions", "(utils)"),
                             ("1.2.", "Orbital evolution", "(evol)"), ("2.", "Results", None)):
        font = "tibo" if tail is None else "tiit"
        x = 200
        for part, f in ((num, "tiro"), (title, font)) + (((tail, "tiro"),) if tail else ()):
            p.insert_text((x, y + 14), part, fontsize=10, fontname=f)
            x += pymupdf.get_text_length(part, f, 10) + 3
        y = _para(p, y + 20)
    rec = _save(doc, tmp_path, "tail.pdf")
    assert _heads(rec) == ["Introduction", "Conversions and definitions (utils)", "Orbital evolution (evol)",
                           "Results"]


def test_class3_runin_lead_after_a_paragraph_enumerator(tmp_path):
    # lowest-level headings set as "*a) New scheme:* We …" (an italic run-in lead opening with an
    # enumerator, IEEE journal subsubsections): the lower-case enumerator kept the lead from
    # being a candidate at all
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Enumerated run-in headings"), ("1 Introduction",))
    for enum, lead in (("a)", "New commitment scheme:"), ("b)", "Polynomial formalism:")):
        x = 72
        for part, f in ((f"{enum} {lead}", "tiit"), ("We construct the scheme and prove it sound.", "tiro")):
            p.insert_text((x, y + 12), part, fontsize=10, fontname=f)
            x += pymupdf.get_text_length(part, f, 10) + 3
        y = _para(p, y + 15)
    _sections(p, y, ("2 Results",))
    rec = _save(doc, tmp_path, "enum.pdf")
    assert _heads(rec) == ["Introduction", "New commitment scheme", "Polynomial formalism", "Results"]


# --- classes from the real test PDFs the layout peer led on (issue 36, fourth round) ---------

def _words(p, x, y, parts, size):
    """One row set from ``parts`` ((text, font) pieces) at ``size``."""
    for text, font in parts:
        p.insert_text((x, y), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, fontname=font, fontsize=size) + 0.25 * size


def _subsections(tmp_path, name, heads, size=11, font="helv"):
    """A page of sections whose subsection headings are set from ``heads`` (lists of rows, each row
    a list of (text, font) pieces) one size above the body, in another face, not bold."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Subsection headings of biomedical journals"), ("Results",))
    for rows in heads:
        for k, parts in enumerate(rows):
            _words(p, 72, y + 14 + k * (size + 2), parts, size)
        y = _para(p, y + 20 + (len(rows) - 1) * (size + 2), BODY[:250])
    _sections(p, y, ("Discussion",))
    return _save(doc, tmp_path, name)


def test_heading_opening_with_an_italic_gene_name_is_a_heading(tmp_path):
    # "*DANA1* interacts with DIP1": the italic first word was read as a run-in lead of a
    # paragraph (no period, so no run-in head either) and the heading was lost
    rec = _subsections(tmp_path, "gene.pdf", [
        [[("DANA1", "heit"), ("interacts with DIP1 in the nucleus", "helv")]],
        [[("PWWP3", "heit"), ("attenuates the drought response", "helv")]]])
    assert _heads(rec) == ["Results", "DANA1 interacts with DIP1 in the nucleus", "PWWP3 attenuates the drought response",
                           "Discussion"]


def test_heading_line_continued_by_a_lower_case_row_is_one_heading(tmp_path):
    # a ragged two-line heading broken before it reached the column's right part, its second
    # line opening in lower case: the first line alone was the heading
    rec = _subsections(tmp_path, "lower.pdf", [
        [[("Plant material and growth conditions", "helv")]],
        [[("Chromatin isolation by RNA purification", "helv")], [("followed by quantitative PCR", "helv")]]])
    assert _heads(rec) == ["Results", "Plant material and growth conditions",
                           "Chromatin isolation by RNA purification followed by quantitative PCR", "Discussion"]


def test_heading_lines_with_overlapping_boxes_are_joined(tmp_path):
    # large type set solid: the boxes of the two lines overlap by more than a point, and the
    # second line ("Cleavage Mechanisms") was cut off the heading
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Overlapping line boxes"), ("1 Introduction",))
    p.insert_text((72, y + 14), "2 Gasdermins' Characteristics and", fontsize=12, fontname="tibo")
    p.insert_text((72, y + 27.5), "Cleavage Mechanisms", fontsize=12, fontname="tibo")
    _sections(p, _para(p, y + 34), ("3 Results",))
    rec = _save(doc, tmp_path, "overlap.pdf")
    assert _heads(rec) == ["Introduction", "Gasdermins' Characteristics and Cleavage Mechanisms", "Results"]


def test_capitals_heading_over_a_mixed_case_heading_in_one_font_are_two_headings(tmp_path):
    # "RESULTS AND DISCUSSION" with the first subsection heading set directly under it in the
    # same bold face: the second row was neither joined (capitals differ) nor a candidate
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Capitals over mixed case"), ("INTRODUCTION",))
    p.insert_text((72, y + 14), "RESULTS AND DISCUSSION", fontsize=12, fontname="tibo")
    p.insert_text((72, y + 27), "Proteome organization changes in mutant cells", fontsize=12, fontname="tibo")
    y = _para(p, y + 33)
    p.insert_text((72, y + 14), "Knockdown in a second organism", fontsize=12, fontname="tibo")
    _sections(p, _para(p, y + 20), ("CONCLUSIONS",))
    rec = _save(doc, tmp_path, "caps.pdf")
    assert _heads(rec) == ["INTRODUCTION", "RESULTS AND DISCUSSION", "Proteome organization changes in mutant cells",
                           "Knockdown in a second organism", "CONCLUSIONS"]


def test_heading_opening_with_the_article_a_is_not_an_appendix_letter(tmp_path):
    # "A global view of …": the article was read as appendix letter "A" and cut off
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Articles are not letters"), ("Introduction", "A global view of protein changes",
                                                                  "Discussion"))
    rec = _save(doc, tmp_path, "article_a.pdf")
    assert "A global view of protein changes" in _heads(rec), _heads(rec)


def test_section_types_and_heading_words_of_back_matter():
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS
    from scholartools.text.sections import section_type
    from tools.evaluate_parse import normalise_heading

    # a methods subsection opening with "Reference" was typed references and left the body
    assert section_type("Reference proteome construction") != "references"
    assert section_type("References and Notes") == section_type("REFERENCES") == "references"
    # back-matter headings standing in a style of their own
    for h in ("Authors’ contributions", "Author contributions", "Author details", "SUPPLEMENTARY ONLINE DATA"):
        assert KNOWN_HEADINGS.match(h), h
    # the scorer strips "Appendix A" as it strips "A"
    assert normalise_heading("Appendix A Section title") == normalise_heading("A Section title") == "section title"


def test_italic_runin_head_without_a_period_before_a_new_sentence(tmp_path):
    # the lowest heading level of several classes: "*Strawman encoding* In order to …" (italic,
    # no closing period); only bold leads could run in without punctuation. An italic word in
    # running text ("*in vivo* experiments") is not a head.
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = _sections(p, _front(p, "Italic run-in heads"), ("1 Introduction",))
    for lead, rest in (("Strawman encoding", " In order to encode the polynomials we first fix a prime."),
                       ("Final encoding scheme", " We now combine both steps into one scheme."),
                       ("in vivo", " experiments were run on the second day.")):
        y = _runin_row(p, y + 14, [(lead, "tiit"), (rest, "tiro")])
    _sections(p, y, ("2 Results",))
    rec = _save(doc, tmp_path, "italic_runin.pdf")
    assert _heads(rec) == ["Introduction", "Strawman encoding", "Final encoding scheme", "Results"]


def test_front_page_journal_name_set_larger_than_the_title_is_not_the_title(tmp_path):
    # the journal's name, set above the title in a larger font, reads as the largest group; its
    # words open the citation row below ("<name> 2006, 6:3 doi:…"), so it is the journal, not the title
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 60), "Complementary Medicine Research", fontsize=24, fontname="hebo")
    title = "Effects of two plant extracts on heart muscle"
    p.insert_text((72, 110), title, fontsize=16, fontname="hebo")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 160), "Complementary Medicine Research 2006, 6:3 doi:10.1186/1472-6882-6-3",
                  fontsize=8, fontname="tiro")
    p.insert_text((72, 190), "Abstract", fontsize=12, fontname="tibo")
    _sections(p, _para(p, 196, "We test how the parser reads this kind of page. " * 8))
    rec = _save(doc, tmp_path, "journalname.pdf")
    assert rec["title"] == title


def test_front_page_author_row_with_marks_before_commas_is_not_joined_to_the_title(tmp_path):
    # an author row set a point below the title's size, its names followed by marks and a
    # spaced comma ("Doe1,* , Smith2"), lost its comma with the marks and was read as the
    # title's last line
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    title = "Effects of two plant extracts on heart muscle"
    p.insert_text((72, 80), title, fontsize=16, fontname="hebo")
    p.insert_text((72, 99), "Jane Mary Doe1,* , John Smith2 and Ann Lee2", fontsize=15, fontname="tiro")
    p.insert_text((72, 140), "Abstract", fontsize=12, fontname="tibo")
    _sections(p, _para(p, 146, "We test how the parser reads this kind of page. " * 8))
    rec = _save(doc, tmp_path, "authormarks.pdf")
    assert rec["title"] == title


def test_front_page_journal_name_inside_a_citation_row_is_not_the_title(tmp_path):
    # a one-word journal name set as a large logo in a corner; the citation rows name it inside
    # the row, right before the year ("… trial. Medicine 2020;99:49", "Doe et al. Medicine (2020)")
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((400, 50), "Medicine", fontsize=36, fontname="helv")
    title = "Effects of two plant extracts on heart muscle"
    p.insert_text((72, 110), title, fontsize=18, fontname="hebo")
    p.insert_text((72, 135), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 170), "Abstract", fontsize=12, fontname="tibo")
    _sections(p, _para(p, 176, "We test how the parser reads this kind of page. " * 8))
    p.insert_text((72, 740), "How to cite: Doe J, Smith J. Two plant extracts. Medicine 2020;99:49(e2346).",
                  fontsize=7, fontname="tiro")
    p2 = doc.new_page(width=612, height=792)
    p2.insert_text((72, 40), "Doe et al. Medicine (2020) 99:49", fontsize=8, fontname="tiro")
    _para(p2, 60)
    rec = _save(doc, tmp_path, "journallogo.pdf")
    assert rec["title"] == title        # it was "Medicine"


ABSTRACT_LEFT = ("Journal front pages set a structured abstract in a narrow column beside a box of "
                 "points about the study. The abstract fills its column to the foot of the box and runs on in "
                 "the next column below that box, mid-sentence, so a parser that reads the box as")
ABSTRACT_RIGHT = ("a side note stops the abstract there. Conclusions The continuation belongs to the abstract, "
                  "and its part titles are no body sections.")


def test_abstract_continued_in_the_next_column_below_a_side_box(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Relative cues for section headings in documents", fontsize=17, fontname="tibo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 140), "ABSTRACT", fontsize=10, fontname="hebo")
    p.insert_textbox(pymupdf.Rect(72, 146, 290, 260), ABSTRACT_LEFT, fontsize=9, fontname="helv")
    # the side box: a title and bullet points in the abstract's own type, right column, from the
    # abstract label's height down
    p.insert_text((320, 140), "Strengths and limitations of this study", fontsize=10, fontname="hebo")
    p.insert_textbox(pymupdf.Rect(320, 146, 540, 230), "\u25ba This study is the first of its kind to "
                     "compare two reading orders of front pages set in two columns. \u25ba It is limited "
                     "to pages built by hand.", fontsize=9, fontname="helv")
    p.insert_textbox(pymupdf.Rect(320, 250, 540, 330), ABSTRACT_RIGHT, fontsize=9, fontname="helv")
    p.insert_text((320, 350), "INTRODUCTION", fontsize=10, fontname="hebo")
    _para(p, 356, BODY, x=320, w=220)
    rec = _save(doc, tmp_path, "nextcolumn.pdf")
    # the abstract stopped at "… reads the box as", and "Conclusions" became a body section
    assert rec["abstract"] == " ".join((ABSTRACT_LEFT + " " + ABSTRACT_RIGHT).split())
    assert _heads(rec) == ["INTRODUCTION"]


def test_abstract_line_opening_with_a_section_word_inside_a_sentence_goes_on(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Understanding the periodogram of uneven samples", fontsize=17, fontname="tibo")
    p.insert_text((72, 105), "Jane Doe", fontsize=11, fontname="tiro")
    p.insert_text((230, 140), "A B S T R A C T", fontsize=10, fontname="helv")
    y = 158
    # a line of the abstract opens with "introduction" inside its sentence (it ended the abstract)
    lines = ("The periodogram is a well-known algorithm for detecting and characterising",
             "periodic signals in unevenly sampled data. This paper presents a conceptual",
             "introduction to the periodogram and important practical considerations for its",
             "use. Rather than a rigorous treatment, the goal is to build intuition.")
    for t in lines:
        p.insert_text((230, y), t, fontsize=8, fontname="helv")
        y += 10
    p.insert_text((72, 230), "1. Introduction", fontsize=12, fontname="hebo")
    _para(p, 240)
    rec = _save(doc, tmp_path, "stopword.pdf")
    assert rec["abstract"] == " ".join(" ".join(lines).split())


@pytest.mark.parametrize("label, font", [("Clinical Study", "hebo"), ("RESEARCH ARTICLE | Neuroscience", "hebo"),
                                         ("Research Article \u2013 Oncology", "hebo"), ("Cancer Biology", "helv")])
def test_class1_article_type_or_subject_banner_above_the_title_is_not_joined_to_it(tmp_path, label, font):
    # a type the word list did not know, a type with the journal's subject, and a subject banner
    # in another weight, all in the title's size one line above it (each was the title's first line)
    rec = _banner_page(tmp_path, "banner.pdf", (label, 72, 17, font))
    assert rec["title"] == BANNER_TITLE


def test_title_opening_with_an_italic_species_name_keeps_its_first_line(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 70), "Ocimum sanctum", fontsize=17, fontname="tiit")
    p.insert_text((72, 91), "extracts lower blood glucose in rats", fontsize=17, fontname="tiro")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 170), "Abstract", fontsize=10, fontname="tibo")
    _sections(p, _para(p, 176, "We test whether labels are kept out of titles. " * 6))
    rec = _save(doc, tmp_path, "species.pdf")
    assert rec["title"] == "Ocimum sanctum extracts lower blood glucose in rats"


def test_title_opening_with_a_type_word_and_a_colon_is_the_title(tmp_path):
    # "Editorial: Insights in …" is a title, its first line no "label | subject" banner
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Editorial: Insights in zoological", fontsize=21, fontname="helv")
    p.insert_text((72, 105), "medicine: 2023", fontsize=21, fontname="helv")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    _sections(p, 160, ("Introduction", "Methods"))
    rec = _save(doc, tmp_path, "editorial.pdf")
    assert rec["title"] == "Editorial: Insights in zoological medicine: 2023"


INFO_BOX = ("Article history:", "Received 12 May 2020", "Received in revised form 3 June 2020", "Accepted 9 July 2020",
            "", "Keywords:", "Section headings", "Layout analysis")


def _info_box_page(box_x, abs_x, box_label, abs_label, abs_label_at, abs_w):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    _front(p, abstract=False)
    if box_label:
        p.insert_text((box_x, 145), box_label, fontsize=8, fontname="hebo")
    y = 160
    for t in INFO_BOX:
        if t:
            p.insert_text((box_x, y), t, fontsize=8, fontname="tiit" if t.endswith(":") else "tiro")
        y += 10
    p.insert_text(abs_label_at, abs_label, fontsize=8, fontname="hebo")
    p.insert_textbox(pymupdf.Rect(abs_x, 152, abs_x + abs_w, 300), ABSTRACT, fontsize=9, fontname="tiro")
    _sections(p, 290, ("1. Introduction", "2. Methods"))
    return doc


@pytest.mark.parametrize("layout", ["box right, its label on the abstract label's baseline",
                                    "abstract label above the box, abstract in the next column"])
def test_class2_article_info_box_read_before_the_abstract_is_passed_over(tmp_path, layout):
    if layout.startswith("box right"):
        doc = _info_box_page(400, 72, "ARTICLE INFO", "ABSTRACT", (72, 145), 300)
    else:
        doc = _info_box_page(72, 230, None, "Abstract", (72, 145), 310)
    rec = _save(doc, tmp_path, "infobox2.pdf")
    # both were "Article history: Received 12 May 2020 …" (the box read as the abstract)
    assert rec["abstract"] == ABSTRACT
    assert record_headings(rec) == ["Introduction", "Methods"]


def test_unlabelled_structured_abstract_set_apart_in_parts_and_runin_keywords(tmp_path):
    # no "Abstract" label, each part a short paragraph a size below the body, a keywords line
    # after it: the abstract was empty (each part too short alone) and "Keywords: …" an untitled
    # body section
    parts = ["Objective: To measure how a parser reads a boxed abstract that carries no label on front pages.",
             "Methods: We built front pages with a box around the abstract and read them.",
             "Results: The parser missed it where the box held no label and the parts stood apart.",
             "Conclusion: A boxed paragraph before the first heading is the abstract."]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Relative cues for section headings in documents", fontsize=17, fontname="tibo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    y = 120
    for t in parts:
        y = _para(p, y + 2, t, x=80, w=450, size=9)
    p.insert_text((80, y + 8), "Keywords: section headings, layout analysis", fontsize=9, fontname="tiro")
    p.draw_rect(pymupdf.Rect(74, 118, 536, y + 16), width=0.6)
    _sections(p, y + 24, ("Introduction", "Methods"))
    rec = _save(doc, tmp_path, "unlabelled.pdf")
    assert rec["abstract"] == " ".join(parts)
    kw = rec["sections"][0]
    assert (kw["heading"], kw["type"], kw["text"]) == ("Keywords", "front_matter", "section headings, layout analysis")
    assert record_headings(rec) == ["Introduction", "Methods"]


def test_title_lines_whose_tall_boxes_overlap_are_one_title(tmp_path):
    # a display face whose line boxes are taller than the line pitch: the second line's box starts
    # above the first one's foot, and the title was cut after its first line
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    # (the real face's boxes were 1.6 em tall at a 1.1 em pitch; an embedded Helvetica's are
    # 1.37 em, so a tight 0.83 em pitch makes the same overlap)
    p.insert_font(fontname="F0", fontbuffer=pymupdf.Font("helv").buffer)
    p.insert_text((72, 60), "MATERIALS SCIENCE", fontsize=9, fontname="hebo")
    p.insert_text((72, 90), "a new approach to both high safety and high", fontsize=18, fontname="F0")
    p.insert_text((72, 105), "performance of lithium-ion batteries", fontsize=18, fontname="F0")
    p.insert_text((72, 140), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 170), "Abstract", fontsize=10, fontname="tibo")
    _sections(p, _para(p, 176, "We test whether lines of a title are joined. " * 6))
    rec = _save(doc, tmp_path, "pitch.pdf")
    assert rec["title"] == "a new approach to both high safety and high performance of lithium-ion batteries"


@pytest.mark.parametrize("left, right", [("RESEARCH ARTICLE", "Open Access"), ("Original Article", "Cancer Biology")])
def test_class1_type_label_and_a_banner_across_the_page_on_one_baseline(tmp_path, left, right):
    # the type on the left, "Open Access" or the subject on the right, one row in the title's
    # size: the row was the title's first line
    rec = _banner_page(tmp_path, "spread.pdf", (left, 72, 16, "hebo"), (right, 440, 16, "hebo"))
    assert rec["title"] == BANNER_TITLE


def test_abstract_continued_in_the_next_column_below_its_author_rows(tmp_path):
    # the abstract fills the left column to its foot, mid-sentence; the right column opens with
    # the authors and their affiliation (above the abstract label's height), then the rest of the
    # abstract: it stopped at the author rows
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 80), "Comparative activities of two plant extracts", fontsize=13, fontname="hebo")
    p.insert_text((72, 120), "Received: 04.06.2007", fontsize=10, fontname="tiro")
    p.insert_text((320, 120), "Jane Doe, John Smith", fontsize=10, fontname="tibo")
    p.insert_text((320, 134), "Department of Pharmacognosy,", fontsize=9, fontname="tiro")
    p.insert_text((320, 146), "College of Pharmacy, Sometown.", fontsize=9, fontname="tiro")
    p.insert_text((72, 200), "Abstract", fontsize=11, fontname="hebo")
    y = 216
    for line in ("The aqueous extracts of the fruit pulp and of", "the fresh leaves were prepared and screened",
                 "for antimicrobial activity against bacteria and", "fungi by the cup plate method, and the results",
                 "were compared with standard drugs (amoxicillin)"):
        p.insert_text((72, y), line, fontsize=10, fontname="tiro")
        y += 13
    y = 216
    for line in ("and amphotericin at the same doses. The", "methanolic extract was the more effective in",
                 "inhibiting all the strains."):
        p.insert_text((320, y), line, fontsize=10, fontname="tiro")
        y += 13
    p.insert_text((320, y + 20), "Introduction", fontsize=11, fontname="hebo")
    _para(p, y + 30, BODY, x=320, w=220)
    rec = _save(doc, tmp_path, "nextcolumn2.pdf")
    assert rec["abstract"].endswith("(amoxicillin) and amphotericin at the same doses. The methanolic extract was "
                                    "the more effective in inhibiting all the strains.")


# an abstract set across the tops of both columns, under a full-width title, above the first
# heading of the left column; its second half at the top of the right column, level with its start
ABSTRACT_TOP_LEFT = ("Reading order puts the whole left column of a page before the right one, so an abstract "
                     "that starts at the top of the left column and breaks off at the foot of its block goes "
                     "on only after the first heading, the introduction and the footnotes of that column, in "
                     "the")
ABSTRACT_TOP_RIGHT = ("right column at the height of its own first line. The parser must join the two halves "
                      "and leave the introduction where it is.")


@pytest.mark.parametrize("labelled", [False, True])
def test_abstract_across_the_tops_of_both_columns_above_the_first_heading(tmp_path, labelled):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((47, 90), "Relative cues for section headings in documents", fontsize=19, fontname="hebo")
    p.insert_text((47, 120), "Jane Doe and John Smith", fontsize=13, fontname="helv")
    top = 150
    if labelled:
        p.insert_text((47, 158), "Abstract", fontsize=9, fontname="hebo")
        top = 162
    p.insert_textbox(pymupdf.Rect(47, top, 291, 250), ABSTRACT_TOP_LEFT, fontsize=9, fontname="helv")
    p.insert_textbox(pymupdf.Rect(305, 150, 549, 250), ABSTRACT_TOP_RIGHT, fontsize=9, fontname="helv")
    p.insert_text((47, 262), "Introduction", fontsize=11.5, fontname="hebo")
    _para(p, 272, BODY, x=47, w=244, size=9, font="helv")
    _para(p, 200, BODY, x=305, w=244, size=9, font="helv")
    rec = _save(doc, tmp_path, "toptwo.pdf")
    # the abstract ended at "… in the", its second half began the introduction's text
    assert rec["abstract"] == " ".join((ABSTRACT_TOP_LEFT + " " + ABSTRACT_TOP_RIGHT).split())
    intro = next(s for s in rec["sections"] if s["heading"] == "Introduction")
    assert "right column at the height" not in intro["text"]
    assert record_headings(rec) == ["Introduction"]


def test_side_note_beside_a_label_that_stands_alone_is_not_the_abstract(tmp_path):
    # a narrow side column ("CORRESPONDING AUTHOR:" and an address) starts at the height of the
    # "ABSTRACT" label, right of it; the abstract's text under the label comes after it in reading
    # order, and the note was read as the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((60, 90), "Relative cues for section headings in documents", fontsize=20, fontname="tiro")
    p.insert_text((60, 120), "JANE DOE   JOHN SMITH", fontsize=10, fontname="tibo")
    p.insert_text((60, 160), "ABSTRACT", fontsize=12, fontname="tibo")
    p.insert_text((455, 170), "CORRESPONDING AUTHOR:", fontsize=8, fontname="tibo")
    p.insert_text((455, 181), "Jane Doe", fontsize=8, fontname="tibo")
    p.insert_textbox(pymupdf.Rect(455, 184, 570, 242), "Department of Layout, University of Pages, Paper "
                     "Town; jane@example.org", fontsize=8, fontname="tiro")
    text = "We test how the parser reads a front page with a side column beside the abstract. " * 4
    y = _para(p, 166, text, x=60, w=360, size=9)
    _sections(p, y + 10, ("1 Introduction", "2 Methods"))
    rec = _save(doc, tmp_path, "sidenote.pdf")
    assert rec["abstract"] == " ".join(text.split())


def test_title_with_an_at_sign_that_is_no_email_is_the_title(tmp_path):
    # "Nipah@20: …" was taken for an e-mail row, and a logo word set larger became the title
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((506, 85), "crossm", fontsize=18.5, fontname="tiro")
    p.insert_text((42, 145), "Nipah@20: Lessons Learned from Another Virus with", fontsize=18, fontname="hebo")
    p.insert_text((42, 165), "Pandemic Potential", fontsize=18, fontname="hebo")
    p.insert_text((42, 195), "Jane Doe, John Smith", fontsize=9, fontname="hebo")
    p.insert_text((42, 210), "jane.doe@example.org", fontsize=9, fontname="helv")
    p.insert_text((42, 240), "ABSTRACT", fontsize=10, fontname="hebo")
    _sections(p, _para(p, 246, "We test how the parser reads this kind of page. " * 8))
    rec = _save(doc, tmp_path, "atsign.pdf")
    assert rec["title"] == "Nipah@20: Lessons Learned from Another Virus with Pandemic Potential"


def test_title_line_that_reads_like_names_in_the_title_type_is_the_title(tmp_path):
    # "Using Polyoxometalates and Formic Acid" reads like two names; in the title's own face,
    # weight and size it is the title's second line (it was cut off as an author row)
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((47, 100), "Valorization of Humins by Cyclic Levulinic Acid Production", fontsize=19,
                  fontname="hebo")
    p.insert_text((47, 119), "Using Polyoxometalates and Formic Acid", fontsize=19, fontname="hebo")
    p.insert_text((47, 145), "Jane Doe and John Smith", fontsize=13, fontname="helv")
    p.insert_text((47, 180), "Abstract", fontsize=10, fontname="hebo")
    _sections(p, _para(p, 186, "We test how the parser reads this kind of page. " * 8))
    rec = _save(doc, tmp_path, "nameslike.pdf")
    assert rec["title"] == ("Valorization of Humins by Cyclic Levulinic Acid Production Using Polyoxometalates "
                            "and Formic Acid")


AFFILIATIONS = ("1 Department of Central Laboratory, Municipal Hospital, College of Medicine, State University, "
                "Weihai 264200, China 2 Department of Infectious Diseases, Municipal Hospital, College of Medicine, "
                "State University, Weihai 264200, China 3 Department of Intensive Care, Municipal Hospital, College "
                "of Medicine, State University, Weihai 264200, China 4 Department of Radiology, Chest Hospital, "
                "Weihai 264200, China 5 Department of Emergency Medicine, Municipal Hospital, College of Medicine, "
                "State University, Weihai 264200, China 6 School of Public Health, State University, Jinan 250012, "
                "China")
UNLABELLED = ("Since the outbreak began, discharged patients met the criteria of the national program for the cure "
              "of the infection. Nevertheless, positive detection has been reported in several cured patients, "
              "leading to conflicts with current criteria. Here we report cured cases with positive results only "
              "in anal swabs, and investigate the clinical value of such swabs for detection of the virus.")


def test_unlabelled_abstract_after_a_long_affiliations_block(tmp_path):
    # the affiliations, over 80 words in the abstract's type (another than the body's), were read as
    # the unlabelled abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((51, 140), "Anal swab as the potentially optimal specimen", fontsize=18, fontname="helv")
    p.insert_text((51, 170), "Jane Doe, John Smith and Ann Lee", fontsize=9, fontname="helv")
    y = _para(p, 176, AFFILIATIONS, x=51, w=380, size=9, font="helv")
    y = _para(p, y + 14, UNLABELLED, x=51, w=440, size=9, font="helv")
    _sections(p, y + 10, ("Introduction", "Methods", "Results"))
    _sections(doc.new_page(width=612, height=792), 50, ("Discussion", "Conclusion", "Limitations"))
    rec = _save(doc, tmp_path, "affiliations.pdf")
    assert rec["abstract"] == " ".join(UNLABELLED.split())


def test_structured_abstract_with_part_titles_on_rows_of_their_own(tmp_path):
    # "Abstract", then "Background", "Methods", "Conclusion" as small bold headings of their own,
    # each over its paragraph: the abstract was empty (the first part title ended it)
    parts = [("Background", "Deep neck space infections in children may lead to airway compromise and damage "
                            "to the great vessels of the neck."),
             ("Methods", "We retrospectively reviewed the clinical records of children diagnosed at the "
                         "teaching hospitals between two dates."),
             ("Conclusion", "Our findings on microbiology and resistance are significant even in a small series.")]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Deep Neck Space Infection in Children: A Case Series", fontsize=15, fontname="tibo")
    p.insert_text((72, 100), "Jane Doe, John Smith", fontsize=8, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12.5, fontname="hebo")
    y = 140
    for head, text in parts:
        p.insert_text((72, y + 10), head, fontsize=10, fontname="hebo")
        y = _para(p, y + 14, text, size=8)
    _sections(p, y + 20, ("Introduction", "Case series"))
    rec = _save(doc, tmp_path, "parttitles.pdf")
    assert rec["abstract"] == " ".join(" ".join(h + " " + t for h, t in parts).split())
    assert record_headings(rec) == ["Introduction", "Case series"]


def test_unlabelled_abstract_beside_author_rows_interleaved_in_reading_order(tmp_path):
    # authors down a narrow left column, one every two lines of the abstract in the right column:
    # reading order interleaves them, and the abstract's paragraph was cut at every author row
    lines = ["Objective: to evaluate the cost-effectiveness ratio and the", "budget impact of sending text messages "
             "associated with", "medical consultations in order to reduce the viral load of", "patients infected "
             "with the virus. Method: a randomized", "clinical trial, basis for the development of a dynamic",
             "cohort model with Markov states in order to compare", "medical appointments for adults with the "
             "alternative", "strategy that associated consultations with text messages.", "Results: 156 adults "
             "participated in the study, and the viral", "load fell in the group that received weekly messages."]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((71, 160), "Economic evaluation of text message-based interventions", fontsize=11.5,
                  fontname="hebo")
    for k, t in enumerate(lines):
        p.insert_text((274, 250 + 16 * k), t, fontsize=9.5, fontname="helv")
        if k % 2 == 0:
            p.insert_text((54, 256 + 16 * k), ["Jane Mary Doe", "John Smith", "Ann Lee", "Mark Brown",
                                               "Lucy Green"][k // 2], fontsize=9.5, fontname="tiro")
    _sections(p, 430, ("Introduction", "Methods"))
    rec = _save(doc, tmp_path, "interleaved.pdf")
    assert rec["abstract"] == " ".join(" ".join(lines).split())


def test_unlabelled_abstract_opening_the_page_after_a_title_page(tmp_path):
    # a title page (title, authors, keywords, no paragraph), then the abstract in a larger italic
    # type above "1. Introduction" on page 2: there was no abstract
    text = ("Oils and fats of vegetable and animal origin remain an important renewable feedstock for the "
            "chemical industry. Their industrial use has increased during the last ten years, and remarkable "
            "achievements made in the field in this timeframe are summarized herein, including the reduction of "
            "fatty esters to ethers and the selective oxidation of double bonds.")
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((52, 105), "Fatty Acids as Renewable Platform Molecules", fontsize=20, fontname="tibo")
    p.insert_text((52, 150), "Jane Doe and John Smith", fontsize=14, fontname="tiit")
    p.insert_text((18, 210), "Keywords: catalysis, fatty acids, renewable resources", fontsize=9, fontname="helv")
    p2 = doc.new_page(width=612, height=792)
    y = _para(p2, 50, text, x=52, w=330, size=11, font="tiit")
    p2.insert_text((52, y + 20), "1. Introduction", fontsize=11, fontname="hebo")
    _para(p2, y + 30, BODY, x=52, w=240, size=9)
    rec = _save(doc, tmp_path, "titlepage.pdf")
    assert rec["abstract"] == " ".join(text.split())


def test_title_of_a_double_spaced_manuscript_in_bold_body_type(tmp_path):
    # an author's manuscript: everything in 12 pt, double-spaced; the title bold over two lines a
    # blank line apart was cut after its first line
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 84), "The effectiveness of full and partial travel bans against spread in Australia",
                  fontsize=12, fontname="tibo")
    p.insert_text((72, 116), "for travellers from China during and after the epidemic peak", fontsize=12,
                  fontname="tibo")
    p.insert_text((72, 166), "Running title: Travel bans against spread", fontsize=12, fontname="tiro")
    p.insert_text((72, 222), "Authors: Jane Doe (1), John Smith (2)", fontsize=12, fontname="tiro")
    y = 250
    for k in range(3):
        p.insert_text((72, y), "Introduction" if k == 0 else "Methods" if k == 1 else "Results", fontsize=12,
                      fontname="tibo")
        for line in range(6):
            p.insert_text((72, y + 28 * (line + 1)), "This double-spaced manuscript sets its body text in the "
                          "same size as its title.", fontsize=12, fontname="tiro")
        y += 28 * 8
        if y > 700:
            p = doc.new_page(width=612, height=792)
            y = 72
    rec = _save(doc, tmp_path, "manuscript.pdf")
    assert rec["title"] == ("The effectiveness of full and partial travel bans against spread in Australia for "
                            "travellers from China during and after the epidemic peak")


def test_long_author_list_in_its_own_type_is_not_the_unlabelled_abstract(tmp_path):
    # thirteen authors with affiliation numbers, over 40 words on three rows in a type of their own
    # (another than the body's), above the unlabelled abstract: the author list was the abstract
    names = ["Shen Chen 1", "Jiafeng Si 2", "Wenqiang Tang 3", "Anqi Zhang 3", "Li Pan 3", "Meng An 4",
             "Huawei Zhang 5", "Shoukun Xue 6", "Kunpeng Wu 7", "Shuangfeng Chen 3", "Wei Zhang 1", "Wei Liu 3*"]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((178, 140), "An asymptomatic infected infant in a family cluster", fontsize=18, fontname="hebo")
    y = _para(p, 150, ", ".join(names) + " and Bo Fu 3*", x=178, w=370, size=9, font="heit")
    y = _para(p, y + 2, "1 Department of Surgery, People's Hospital, Liaocheng, China", x=178, w=370, size=7)
    y = _para(p, y + 14, UNLABELLED, x=178, w=370, size=10, font="helv")
    _sections(p, y + 10, ("Introduction", "Case report"))
    rec = _save(doc, tmp_path, "authorlist.pdf")
    assert rec["abstract"] == " ".join(UNLABELLED.split())


def test_structured_abstract_longer_than_700_words_over_two_pages_is_whole(tmp_path):
    # a trial protocol's letter: its structured abstract (eight labelled parts, some 900 words)
    # runs from the front page onto the next; it was cut at 700 words
    sentence = "The trial will enrol adults admitted to hospital with pneumonia and follow them for a month. "
    heads = ["Objectives", "Trial design", "Participants", "Intervention", "Outcomes", "Randomisation",
             "Blinding", "Trial status"]
    parts = [f"{h}: " + sentence * 7 for h in heads]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Treatment of pneumonia with pulses: a study protocol", fontsize=17, fontname="hebo")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
    y = 136
    for k, t in enumerate(parts):
        if k == 5:
            p, y = doc.new_page(width=612, height=792), 60
        y = _para(p, y, t)
    _sections(p, y + 6, ("Supplementary Information", "Acknowledgements"))
    rec = _save(doc, tmp_path, "longabstract.pdf")
    assert len(" ".join(parts).split()) > 800
    assert rec["abstract"] == " ".join(" ".join(parts).split())


def test_last_part_of_a_structured_abstract_set_wholly_in_its_part_titles_type(tmp_path):
    # parts titled in a small bold lead ("Introduction:", "Methods:"), the body of each a size larger
    # in roman; the last part, "Trial registration number: NCT…", is short and set wholly in the
    # lead's small bold: it was cut off (another size and weight than the abstract's rows)
    parts = [("Introduction:", " Adjuvant chemotherapy for breast cancer harms the fitness and the muscle",
              ["mass of the women it treats. Physical exercise may counteract these effects, but the effects",
               "of resistance training alone have not been studied in muscle cells. We test it here."]),
             ("Methods:", " Fifty women recently diagnosed with breast cancer will be randomised to",
              ["either the intervention group or the control group, and the intervention group will train",
               "twice a week over the whole of the chemotherapy with supervision by a physiotherapist."])]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((57, 90), "Effects of heavy-load resistance training during chemotherapy", fontsize=18,
                  fontname="tibo")
    p.insert_text((57, 120), "Jane Doe, PhD and John Smith, MD", fontsize=10.5, fontname="tiro")
    p.insert_text((57, 150), "Abstract", fontsize=8, fontname="tibo")
    y, text = 162, []
    for lead, first, rest in parts:
        p.insert_text((57, y), lead, fontsize=8, fontname="tibo")
        p.insert_text((57 + pymupdf.get_text_length(lead, fontname="tibo", fontsize=8), y), first, fontsize=9,
                      fontname="tiro")
        for k, line in enumerate(rest):
            p.insert_text((57, y + 11 * (k + 1)), line, fontsize=9, fontname="tiro")
        y += 11 * (len(rest) + 1) + 3
        text.append(lead + first + " " + " ".join(rest))
    p.insert_text((57, y), "Trial registration number: NCT04586517.", fontsize=8, fontname="tibo")
    # a front-page field set like a part ("Correspondence: …" in the same small bold) is no part
    p.insert_text((57, y + 14), "Correspondence: Jane Doe, Uppsala University.", fontsize=8, fontname="tibo")
    p.insert_text((57, y + 28), "Abbreviations: RT = resistance training, CSA = cross-sectional area.", fontsize=9,
                  fontname="tiro")
    _sections(p, y + 44, ("1 Introduction", "2 Methods"))
    rec = _save(doc, tmp_path, "leadpart.pdf")
    assert rec["abstract"] == " ".join(text) + " Trial registration number: NCT04586517."


def _cand(skey, p=0.05, **feats):
    """A candidate with the features ``_standing_apart`` reads (a heading's place by default)."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    place = {"gap_before": 1.4, "gap_after": 0.64, "words_log": 1.1, "next_bodyish": 1.0, "prev_ended": 1.0}
    place.update(feats)
    return Cand(i=0, rows=[0], text="Performance", feats=[place.get(n, 0.0) for n in FEATURES], p=p, skey=skey)


def test_class3_headings_in_body_type_standing_apart_in_one_style_are_headings():
    # the layout corpus' body-type family (sections in body-size capitals, subsections in plain
    # body type): five or more rows of one style placed as headings are, where they are at least
    # half as many as the headings found; the release left them to the model, which scored them
    # 0.01-0.05 (family recall 0.65)
    from scholartools.parsing.pdf.headings import _standing_apart_in_one_style

    body, other = (10.0, False, False, "times", False), (10.0, False, True, "times", False)
    found = [_cand(body, p=0.9, gap_before=3.0) for _ in range(6)]
    plain = [_cand(body) for _ in range(5)]
    stray = [_cand(other), _cand(body, ends_period=1.0), _cand(body, gap_after=0.2), _cand(body, lower_start=1.0),
             _cand(body, numbered=1.0), _cand(body, words_log=2.4), _cand(body, prev_ended=0.0)]
    cands = found + plain + stray
    _standing_apart_in_one_style(cands, SimpleNamespace(body=10.0, body_family="times"), 0.4)
    assert [c.p > 0.4 for c in plain] == [True] * 5
    assert not any(c.p > 0.4 for c in stray)        # another style, or not placed as a heading


@pytest.mark.parametrize("n_plain, n_found", [(4, 2), (5, 11), (3, 0)])
def test_class3_few_rows_standing_apart_stay_what_the_model_says(n_plain, n_found):
    # four rows, or five beside eleven headings (a short display line, a list's lead here and
    # there): not a level of headings
    from scholartools.parsing.pdf.headings import _standing_apart_in_one_style

    body = (10.0, False, False, "times", False)
    plain = [_cand(body) for _ in range(n_plain)]
    _standing_apart_in_one_style([_cand(body, p=0.9) for _ in range(n_found)] + plain, SimpleNamespace(body=10.0, body_family="times"), 0.4)
    assert not any(c.p > 0.4 for c in plain)


def test_body_size_italic_subsections_standing_apart_in_a_style_of_their_own(tmp_path, monkeypatch):
    # short rows in the body's size and italic, each after a sentence's end with space above and
    # close over a paragraph, in a style few other rows use: headings even where the model is
    # unsure of them (it scored such rows .17-.40 on a held-out biomedical layout; simulated here)
    hold_scores(monkeypatch, 0.3)
    doc = pymupdf.open()
    _front(doc.new_page(width=612, height=792))
    p = doc.new_page(width=612, height=792)
    text = BODY[:BODY.index(".", 300) + 1]
    y = _para(p, 72, text)
    heads = ["Blending Process", "Fatty Acid Composition", "Total Phenolic Compound"]
    for h in heads:
        p.insert_text((72, y + 14), h, fontsize=10, fontname="tiit")
        y = _para(p, y + 17, text)
    rec = _save(doc, tmp_path, "italic_subsections.pdf")
    assert [h for h in _heads(rec) if h in heads] == heads


def _caps_pages(tmp_path, monkeypatch, heads, name, centre=True):
    """A front page, then two pages of body text in Times with ``heads`` (lists of lines) set in
    the body's size and capitals between paragraphs, one per paragraph, with a body line's space
    and a half above and below; each paragraph stops short of a sentence's end, so that only the
    rows' capitals and the space around them can tell headings (no rule for rows in the body's
    plain type takes them); the model's scores held low, as it scored such rows (.02-.20 on the
    layout corpus' two-column body-type family)."""
    hold_scores(monkeypatch, 0.15)
    doc = pymupdf.open()
    _front(doc.new_page(width=612, height=792))
    text = BODY[:BODY.index(".", 300)] + " and then"
    per_page = (len(heads) + 1) // 2
    for k in range(0, len(heads), per_page):
        p = doc.new_page(width=612, height=792)
        y = _para(p, 72, text)
        for lines in heads[k:k + per_page]:
            y += 8
            for line in lines:
                w = pymupdf.get_text_length(line, fontname="tiro", fontsize=10)
                p.insert_text((306 - w / 2 if centre else 72, y + 10), line, fontsize=10, fontname="tiro")
                y += 12
            y = _para(p, y + 8, text)
    return _save(doc, tmp_path, name)


def test_class3_sections_in_body_size_capitals_are_headings_and_may_wrap(tmp_path, monkeypatch):
    # sections set centred in the body's own size and capitals, one wrapping onto a second
    # line: the model left them out, and a row in the body's style was never given a second line
    heads = [["INTRODUCTION"], ["RELATED WORK ON PERIODOGRAMS"], ["WINDOW FUNCTIONS: FROM IDEALIZED TO", "REAL DATA"],
             ["CONCLUSION AND SUMMARY"]]
    rec = _caps_pages(tmp_path, monkeypatch, heads, "caps_sections.pdf")
    assert [h for h in _heads(rec) if h.isupper()] == [" ".join(lines) for lines in heads]


def test_class3_acronyms_and_numbered_rows_in_capitals_are_no_headings(tmp_path, monkeypatch):
    # a lone short word in capitals is an acronym (a figure's label, a gene's name), and a row of
    # capitals with digits a running head's page number or a label: not a level of headings
    heads = [["CIMP"], ["PETN"], ["MEDICAL EDUCATION PROGRAM 179"], ["MEDICAL EDUCATION PROGRAM 181"]]
    rec = _caps_pages(tmp_path, monkeypatch, heads, "caps_labels.pdf", centre=False)
    assert not [h for h in _heads(rec) if h.isupper()]
