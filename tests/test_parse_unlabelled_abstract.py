"""The unlabelled abstract on drawn front pages (issue #36, ninth round): a paragraph in the body's
own type is an abstract only with evidence (the first heading right after it), a letter without
an abstract gets none, and a drop cap stays with the paragraph it opens."""

import pymupdf


from pdf_pages import saved_record
from pdf_pages import BODY
from pdf_pages import para

LETTER = ("Influenza and other causes of pneumonia are a leading cause of death, and respiratory viruses are the "
          "pathogens most often found in patients admitted to hospital with pneumonia acquired in the community. ")


_save = saved_record


def _head(p, y, text):
    p.insert_text((72, y + 16), text, fontsize=12, fontname="tibo")
    return y + 22


def _letter(tmp_path, name, summary_heading=False):
    """A two-page letter: title, author, three body paragraphs and no abstract, its first heading on
    the second page."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "The next influenza season and the pandemic", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author", fontsize=11, fontname="tiro")
    y = 125
    for k in range(3):
        y = para(p, y, (LETTER if k == 0 else BODY) * 2) + 8
    p = doc.new_page(width=612, height=792)
    y = _head(p, 60, "Lessons from the last season")
    y = para(p, y, BODY * 2)
    y = _head(p, y, "Summary and Conclusion" if summary_heading else "Outlook")
    para(p, y, BODY * 2)
    return _save(doc, tmp_path, name)


def test_letter_without_abstract_gets_none(tmp_path):
    # the first body paragraph (some 100 words, body type, far from any heading) was taken as the
    # abstract of JATS dev letters and commentaries whose gold has none (9 of 11)
    rec = _letter(tmp_path, "letter.pdf")
    assert rec["abstract"] is None
    assert "Influenza and other causes" in rec["sections"][0]["text"]


def test_summary_and_conclusion_heading_is_no_abstract_label(tmp_path):
    # "SUMMARY AND CONCLUSION" opened with the label word "Summary": its section was taken as the
    # abstract ("AND CONCLUSION In short, …")
    rec = _letter(tmp_path, "summary.pdf", summary_heading=True)
    assert rec["abstract"] is None
    assert "Summary and Conclusion" in [s["heading"] for s in rec["sections"]]


def test_body_type_abstract_right_before_the_first_heading_is_kept(tmp_path):
    # an unlabelled abstract in the body's type shows itself by the first heading right below it
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Reactivity of platinum azido complexes", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author and Bob Writer", fontsize=11, fontname="tiro")
    summary = "We report how the complexes react in two solvents and how light speeds the change. " * 6
    y = para(p, 125, summary)
    y = _head(p, y + 6, "Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y, "Results")
    para(p, y, BODY * 2)
    rec = _save(doc, tmp_path, "plain.pdf")
    assert rec["abstract"] == " ".join(summary.split())


def test_drop_cap_stays_with_the_paragraph_taken_as_abstract(tmp_path):
    # the body joins a drop cap to its paragraph ("Thromboembolic"), but the front matter's
    # paragraphs left the letter out when that paragraph was the abstract ("ven in nonpandemic …")
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "The next influenza season and the pandemic", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author", fontsize=11, fontname="tiro")
    p.insert_text((72, 170), "E", fontsize=48, fontname="tiro")
    words = ("ven in nonpandemic years influenza and pneumonia are a leading cause of death, and this summary "
             "is set in a sans-serif type of its own above the body text of the letter. ") * 3
    y = para(p, 132, words, x=110, w=430, size=11, font="helv")
    y = _head(p, y + 10, "Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y, "Methods")
    para(p, y, BODY * 2)
    rec = _save(doc, tmp_path, "dropcap.pdf")
    assert rec["abstract"].startswith("Even in nonpandemic years")


def test_body_type_abstract_inset_from_the_text_area_is_kept(tmp_path):
    # an unlabelled abstract set narrower than the text on both sides (a one-column class's
    # abstract), with a note of some 60 words below it before the first heading
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Scalable Gaussian process models for time series", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author", fontsize=11, fontname="tiro")
    summary = "We present a method whose cost grows linearly with the size of the data set and apply it to stars. " * 5
    y = para(p, 125, summary, x=110, w=392)
    y = para(p, y + 10, BODY)
    y = _head(p, y + 6, "Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y, "Methods")
    para(p, y, BODY * 2)
    rec = _save(doc, tmp_path, "inset.pdf")
    assert rec["abstract"] == " ".join(summary.split())


def test_inset_abstract_ending_a_sentence_goes_on_at_the_top_of_the_next_column(tmp_path):
    # a two-column preprint sets its labelled abstract inset in the left column and runs it on
    # at the top of the right column, inset alike; the left part ends a sentence, so the
    # continuation (a new paragraph) was left out of the abstract
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 80), "The anatomy of an oracle gap in decoding", fontsize=15, fontname="tibo")
    p.insert_text((260, 110), "Ann Author", fontsize=10, fontname="tibo")
    p.insert_text((150, 150), "Abstract", fontsize=12, fontname="tibo")
    first = "This paper studies the limits of internal scoring for the selection of hypotheses in decoding. " * 4
    second = "On the training side we establish that the standard training implements a known estimator. " * 3
    for x, text in ((75, first), (327, second)):   # justified, as the class sets it
        p.insert_textbox(pymupdf.Rect(x, 160, x + 196, 400), text, fontsize=10, fontname="tiro",
                         align=pymupdf.TEXT_ALIGN_JUSTIFY)
    y = 160 + 14 * 9
    y = _head(p, y + 10, "1 Introduction")
    y = para(p, y, BODY, x=55, w=236)
    para(p, 360, BODY * 2, x=307, w=236)
    rec = _save(doc, tmp_path, "inset2col.pdf")
    assert rec["abstract"].endswith(" ".join(second.split()))
    assert rec["abstract"].startswith("This paper studies")


def test_comment_lines_of_a_code_listing_are_not_headings(tmp_path):
    # an R chunk printed in a manuscript: each "# …" comment line, set apart above its code in
    # the listing's bold face, was read as a heading ("# load libraries", "# read new dataset")
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "A computed manuscript with its code", fontsize=18, fontname="hebo")
    p.insert_text((72, 105), "Ann Author", fontsize=11, fontname="tiro")
    p.insert_text((72, 130), "Abstract", fontsize=12, fontname="tibo")
    y = para(p, 136, "We show how a manuscript prints the code that computes its numbers. " * 6)
    y = _head(p, y + 6, "1 Introduction")
    y = para(p, y, BODY * 2)
    y = _head(p, y, "2 Code")
    for comment, code in (("# load libraries", "library(ggplot2)"), ("# read in some initial data", "df <- read.csv(f)"),
                          ("# merge datasets", "all <- merge(df, new)")):
        p.insert_text((72, y + 18), comment, fontsize=9, fontname="cobo")
        p.insert_text((72, y + 30), code, fontsize=9, fontname="cour")
        y += 40
    y = _head(p, y + 10, "3 Results")
    para(p, y, BODY * 2)
    rec = _save(doc, tmp_path, "code.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert not any(h.startswith("#") for h in heads), heads
    assert heads == ["Introduction", "Code", "Results"]
