"""What the thirty-fourth round of issue 36 mended (docs/st-parse.md, "Thirty-fourth round").

Read after the round's two blind batches were scored (tex dev35: eight universities' thesis and
report classes, in Czech, Finnish, Croatian, Hungarian, Spanish, Portuguese and English; tex dev36:
JASA, the Stata Journal, FPSAC, G3, JCGT and three more theses):

* a chapter's label in more of the theses' languages ("Kapitola 1", set "Kapitola1" where the
  number's font keeps no space; "Rozdział 2", "Poglavlje 3", "Část I", "Příloha A");
* a figure's or a table's label in those languages ("Kuvio 3.", "Obrázek 4", "Tablica 2") opens a
  caption, no heading;
* their front and back matter: "Sisältö", "Kuviot" (contents, the list of figures), "Lähteet"
  (references), "Sažetak", "Resum", "Tiivistelmä" (the abstract) — and an abstract set under the
  conclusion's level (a Croatian thesis' two abstracts after its last chapter) keeps its type;
* the items of a list set in as a block, each opening with a bold lead ("**Uso de Agentes LLM:**
  La incorporación …", its rows all two ems in from the paragraph above): no paragraph heads;
* a manuscript's front page at one pitch (title, authors and addresses a blank line apart, one
  group): its bold rows at the head are the title; addresses numbered 1, 2, 3 against their first
  words are no abstract;
* T1's double quotes in a TeX font without a text map (0x10, 0x11);
* a thesis cover's fields ("Autor: …", "Tutor: …") are no headings;
* a heading set large whose words close on a colon before a command's name in typewriter type
  ("3 Excel reports on raked weights: ipfraking_report") is one heading, not a run-in lead;
* a figure's label with a floor in it ("Posn(⌊Tn⌋)") is a formula's piece;
* a count joined to its capitalised noun opens a title as a capital does ("2.3.3 2-Parameter
  Logistic Model").
"""

import pymupdf
import pytest
from pdf_pages import BODY, headings_of, hold_scores, para, saved_record

from scholartools.parsing.pdf.extract import tex_ligatures
from scholartools.parsing.pdf.headings import CAPTION, NOISE_LEAD, _opens_capital, formula_fragment
from scholartools.text.sections import CHAPTER_LABEL_ROW, section_type, type_sections

TEXT = ("Tato kapitola popisuje cíle práce a postup, jakým byly splneny, a shrnuje nároky, které na "
        "aplikaci kladou její uzivatelé i provozovatelé, spolu s omezeními prostredí, v nemz bezí. ")


@pytest.mark.parametrize("text, number", [
    ("Kapitola1", "1"), ("Kapitola 12", "12"), ("Rozdział 2", "2"), ("Poglavlje 3", "3"), ("Luku 4", "4"),
    ("Část I", "I"), ("Chapter 2", "2"),
])
def test_chapter_labels_in_more_languages(text, number):
    m = CHAPTER_LABEL_ROW.match(text)
    assert m and m.group(1) == number


def test_chapter_label_guards():
    assert CHAPTER_LABEL_ROW.match("Příloha A").group(2) == "A"
    assert not CHAPTER_LABEL_ROW.match("KapitolaI")      # glued only to digits
    assert not CHAPTER_LABEL_ROW.match("Kapitola 1 shrnuje cíle")


def test_a_glued_czech_chapter_label_numbers_its_title(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    p.insert_text((120, 200), "Rozsírení webové aplikace pro projekt", fontsize=24, fontname="tibo")
    p.insert_text((240, 260), "Bc. Jan Novák", fontsize=14, fontname="tiro")
    for k, (title, sections) in enumerate((("Cíle práce", ["Analýza", "Omezení"]),
                                           ("Teoretická úvaha", ["Aktuální stav", "Nástroje"])), 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((413, 184), "Kapitola", fontsize=14.5, fontname="tiro")
        p.insert_text((472, 184), str(k), fontsize=14.5, fontname="tiro")   # its own span, no space
        p.insert_text((113, 253), title, fontsize=25, fontname="helv")
        y = para(p, 290, TEXT * 3, x=113, w=370, size=11)
        for s, sec in enumerate(sections, 1):
            p.insert_text((113, y + 20), f"{k}.{s} {sec}", fontsize=14, fontname="tibo")
            y = para(p, y + 30, TEXT * 2, x=113, w=370, size=11)
    rec = saved_record(doc, tmp_path, "prace.pdf")
    heads = [(s["number"], s["heading"]) for s in rec["sections"] if s["heading"]]
    assert heads == [("1", "Cíle práce"), ("1.1", "Analýza"), ("1.2", "Omezení"),
                     ("2", "Teoretická úvaha"), ("2.1", "Aktuální stav"), ("2.2", "Nástroje")]


@pytest.mark.parametrize("text", ["Kuvio 3. Pakkausrobotin arkkitehtuurimalli", "Obrázek 4: Schéma",
                                  "Tablica 2. Rezultati", "Quadro 1 – Dados", "Figura 2. Esquema", "Рисунок 5.",
                                  "Rys. 1"])
def test_captions_in_the_theses_languages(text):
    assert CAPTION.match(text)


@pytest.mark.parametrize("heading, kind", [
    ("Lähteet", "references"), ("Kirjallisuus", "references"), ("Literatura", "references"),
    ("Sisältö", "front_matter"), ("Kuviot", "front_matter"), ("Obsah", "front_matter"),
    ("Seznam obrázků", "front_matter"), ("Sadržaj", "front_matter"),
    ("Sažetak", "abstract"), ("Resum", "abstract"), ("Tiivistelmä", "abstract"), ("Abstrakt", "abstract"),
    ("Literature review", "related_work"),            # as before: the whole heading names references
])
def test_front_and_back_matter_in_the_theses_languages(heading, kind):
    assert section_type(heading) == kind


def test_an_abstract_under_the_conclusions_level_keeps_its_type():
    secs = type_sections([{"heading": h, "level": lv} for h, lv in (
        ("Conclusion", 1), ("Abstract", 3), ("Sažetak", 3))])
    assert [s["type"] for s in secs] == ["conclusion", "abstract", "abstract"]
    # a section's own summary is still no abstract
    secs = type_sections([{"heading": h, "level": lv} for h, lv in (("Methods", 1), ("Summary", 2))])
    assert secs[1]["type"] != "abstract"


def _list_page(p, y, body_x, item_x, leads, intro="The system stands apart from the models before it:"):
    """A paragraph at ``body_x`` ending on ``intro``, then items each opening with a bold lead,
    their rows all at ``item_x``; the y below."""
    y = para(p, y, BODY + " " + intro, x=body_x, w=540 - body_x)
    for lead in leads:
        w = pymupdf.get_text_length(lead + ":", fontname="tibo", fontsize=10)
        p.insert_text((item_x, y + 10), lead + ":", fontsize=10, fontname="tibo")
        p.insert_text((item_x + w + 3, y + 10), "the incorporation of large language models allows a",
                      fontsize=10, fontname="tiro")
        p.insert_text((item_x, y + 23), "deep reading of natural language, with answers closer to what a",
                      fontsize=10, fontname="tiro")
        p.insert_text((item_x, y + 36), "person would give than conventional systems offer.", fontsize=10,
                      fontname="tiro")
        y += 50
    return y


def test_the_items_of_a_list_set_in_as_a_block_are_no_heads(tmp_path):
    leads = ["Use of LLM agents", "Hybrid automation", "User-centred design"]

    def draw(p, y):
        p.insert_text((72, y + 14), "Innovation", fontsize=12, fontname="tibo")
        y = _list_page(p, y + 20, 72, 100, leads)
        para(p, y + 6)

    heads = headings_of(tmp_path, "list.pdf", draw)
    assert heads[-1] == "Innovation" and not set(leads) & set(heads)


def test_run_in_heads_flush_with_the_body_stay(tmp_path):
    # the same leads flush with the body's text (a layout that sets its body in from the margin,
    # its references out at it): paragraph heads, as before
    leads = ["Use of LLM agents", "Hybrid automation", "User-centred design"]

    def draw(p, y):
        p.insert_text((100, y + 14), "Innovation", fontsize=12, fontname="tibo")
        y = _list_page(p, y + 20, 100, 100, leads)
        para(p, y + 6, "1. A. Author, A reference set out at the page's margin, Journal 12 (2020) 1–10. " * 2,
             x=40, w=500)

    heads = headings_of(tmp_path, "flush.pdf", draw)
    assert heads[-3:] == leads


def test_a_manuscripts_bold_title_atop_a_group_at_one_pitch(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    rows = [("Quantitative processing of broadband data as implemented in a scientific splitbeam", "hebo", 72),
            ("echosounder", "hebo", 72),
            ("Lars Nonboe Andersen,1, a) Dezhang Chu,2 Nils Olav Handegard,3 Harald Heimvoll,1", "helv", 108),
            ("1Kongsberg Maritime AS, Strandpromenaden 50, 3191, Horten, Norway", "tiit", 108),
            ("2Fishery Resource Analysis and Monitoring Division, Northwest Fisheries Science", "tiit", 108),
            ("Center, Seattle, WA, 98112, USA", "tiit", 108),
            ("3Marine Ecosystem Acoustics, Institute of Marine Research, Bergen, Norway", "tiit", 108)]
    y = 73
    for text, font, x in rows:
        p.insert_text((x, y), text, fontsize=12, fontname=font)
        y += 19.5
    abstract = ("The use of quantitative broadband echosounders for biological studies and surveys offers "
                "considerable advantages over narrowband echosounders, and we present here a systematic and "
                "comprehensive explanation of how to derive quantitative estimates of target strength. ") * 2
    y = para(p, y + 20, abstract, x=108, w=400, size=12)
    p.insert_text((72, y + 30), "I. INTRODUCTION", fontsize=12, fontname="tibo")
    para(p, y + 40, BODY * 3, size=12)
    rec = saved_record(doc, tmp_path, "manuscript.pdf")
    assert rec["title"] == "Quantitative processing of broadband data as implemented in a scientific " \
                           "splitbeam echosounder"
    assert rec["abstract"] and rec["abstract"].startswith("The use of quantitative broadband")


def test_addresses_marked_one_two_three():
    from scholartools.parsing.pdf.frontmatter import _marked_addresses

    assert _marked_addresses("1Kongsberg Maritime AS, Horten, Norway 2Fishery Resource Analysis Division, "
                             "Seattle 3Marine Ecosystem Acoustics, Bergen, Norway")
    assert not _marked_addresses("We measure 3D shapes and 2D maps with 1Hz sampling in a survey of fish.")
    assert not _marked_addresses("2Fishery Resource 3Marine Ecosystem 4Codelab")   # not from 1


def test_t1_double_quotes_in_a_tex_font_without_a_text_map():
    assert tex_ligatures("\x10DONA'm MÓN: Aplicación … de Valencia.\x11 y que", ["F38"]) \
        == "\u201cDONA'm MÓN: Aplicación … de Valencia.\u201d y que"
    assert tex_ligatures("\x10DONA", ["Times-Roman"]) == "\x10DONA"          # only a Type 3 font so named
    assert tex_ligatures("´\x10ndice", ["F38"]) == "´\x10ndice"               # OT1's dotless i under its accent


@pytest.mark.parametrize("text, noise", [
    ("Autor: Ivana Stanislavova Ivanova", True), ("Tutor: Manuel Pérez", True), ("Supervisors: A. B.", True),
    ("Author contributions", False), ("Supervisor", False), ("Directions for future work", False),
])
def test_a_thesis_covers_fields(text, noise):
    assert bool(NOISE_LEAD.match(text)) is noise


def test_a_covers_fields_set_large_are_no_headings(tmp_path):
    # the cover and the title page each set the fields in a face of their own, four rows in all,
    # which a face kept for headings would lift
    doc = pymupdf.open()
    for top in (223, 180):
        p = doc.new_page(width=595, height=842)
        p.insert_text((181, top), "Trabajo Fin de Grado", fontsize=20, fontname="tibo")
        p.insert_text((105, top + 100), "Aplicación móvil para visibilizar la obra de mujeres", fontsize=20,
                      fontname="tibo")
        p.insert_text((139, top + 260), "Autor: Ivana Stanislavova Ivanova", fontsize=14, fontname="tiro")
        p.insert_text((139, top + 300), "Tutor: Manuel Pérez Aixendri", fontsize=14, fontname="tiro")
    p = doc.new_page(width=595, height=842)
    y = 80
    for head in ("1 Introducción", "2 Estado del arte", "3 Análisis"):
        p.insert_text((85, y + 20), head, fontsize=14, fontname="tibo")
        y = para(p, y + 40, BODY, x=85, w=430, size=11)
    rec = saved_record(doc, tmp_path, "tfg.pdf")
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introducción", "Estado del arte", "Análisis"]


def test_a_large_heading_closing_on_a_colon_before_a_commands_name(tmp_path):
    def draw(p, y):
        for k, (words, command) in enumerate((("Excel reports on raked weights:", "ipfraking_report"),
                                              ("Collapsing weighting cells:", "wgtcellcollapse")), 3):
            head = f"{k} {words}"
            w = pymupdf.get_text_length(head, fontname="tibo", fontsize=14)
            p.insert_text((72, y + 16), head, fontsize=14, fontname="tibo")
            p.insert_text((72 + w + 4, y + 16), command, fontsize=14, fontname="cour")
            y = para(p, y + 26)

    heads = headings_of(tmp_path, "stata.pdf", draw, first_sections=("1 Introduction", "2 Raking"))
    assert heads[-2:] == ["Excel reports on raked weights: ipfraking_report",
                          "Collapsing weighting cells: wgtcellcollapse"]


def test_a_floor_in_a_short_term_is_a_formulas_piece():
    assert formula_fragment("Posn (⌊Tn⌋)") and formula_fragment("f(⌈x⌉)")
    assert not formula_fragment("Rounding with floors and ceilings")


def test_a_count_joined_to_its_noun_opens_a_title():
    assert _opens_capital("2-Parameter Logistic Model") and _opens_capital("k-means")
    assert not _opens_capital("2 parameters are fitted")


# Read after the round's third blind batch (tex dev37: Georgia Tech, UIUC, UCAS and TU Braunschweig
# theses and reports, a journal draft, the AMS's V6 template, a PNAS-derived tutorial class, a
# Brazilian society's proceedings class):
#
# * a Chinese thesis' chapter titled in English on the label's row ("第一章 Principal Component
#   Analysis"), and a bachelor's thesis' kind on its cover ("本科学位论文") as no title;
# * a numbered reference whose authors are set in small capitals ("[8] COROS, S., …");
# * an abstract in small print without a label, over keywords set apart by bars ("R | Statistics |
#   Data Science");
# * a draft's stamp under the title in its type ("Draft of February 6, 2023 at 12 : 49").

from scholartools.parsing.pdf.frontmatter import _is_type_label  # noqa: E402
from scholartools.parsing.pdf.headings import number_and_title  # noqa: E402


@pytest.mark.parametrize("text, number, title", [
    ("第一章 Principal Component Analysis", "1", "Principal Component Analysis"),
    ("Kapitola 2 Analýza požadavků", "2", "Analýza požadavků"),
    ("第三章 方法", "3", "方法"),                                  # as before
])
def test_a_chapters_label_before_its_title_on_one_row(text, number, title):
    assert number_and_title(text) == (number, title)


def test_a_bachelors_thesis_kind_is_a_label():
    assert _is_type_label("本科学位论文") and _is_type_label("硕士学位论文")


def test_numbered_references_in_small_capitals_are_no_headings():
    # (the entry's first row, its authors in a small-capitals font the model scored 0.80)
    from types import SimpleNamespace

    from pdf_pages import row

    from scholartools.parsing.pdf.headings import Cand, _vetoes

    rows = [row("[8] Coros, S., Beaudoin, P., and van de Panne, M., “Robust task-based con-", 100, size=12, x1=540),
            row("[1] Introduction", 140, size=12)]
    cands = [Cand(i=0, rows=[0], text=rows[0].text, p=0.798), Cand(i=1, rows=[1], text=rows[1].text, p=0.9)]
    _vetoes(rows, cands, SimpleNamespace(body=12.0))
    assert cands[0].p == 0.0


def test_a_small_print_abstract_over_keywords_set_apart_by_bars(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((52, 70), "Getting Started in Base R", fontsize=22, fontname="helv")
    p.insert_text((52, 95), "Saghir Bashir, Dirk Eddelbuettel", fontsize=8, fontname="helv")
    p.insert_text((52, 110), "This version was compiled on October 2, 2018", fontsize=6, fontname="helv")
    abstract = ("Are you curious to learn what R can do for you? Do you want to see how it works? Yes, then "
                "this guide is for you. It uses realistic examples and a real life dataset to manipulate, "
                "visualise and summarise data. By the end of it you will have an overview of the key concepts.")
    y = para(p, 118, abstract, x=52, w=250, size=7, font="helv")
    p.insert_text((52, y + 10), "R | Statistics | Data Science", fontsize=6.5, fontname="tiro")
    p.insert_text((52, y + 40), "1. Preface", fontsize=9, fontname="hebo")
    y = para(p, y + 48, BODY, x=52, w=250, size=8.5)
    p.insert_text((52, y + 20), "2. Introduction", fontsize=9, fontname="hebo")
    para(p, y + 28, BODY * 2, x=52, w=250, size=8.5)
    rec = saved_record(doc, tmp_path, "pinp.pdf")
    assert rec["abstract"] == " ".join(abstract.split())


def test_a_drafts_stamp_under_the_title_is_no_part_of_it(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for text, y in (("SMALL-SCALE RAPID 3D PARTICLE TRACKING", 162), ("Draft of February 6, 2023 at 12 : 49", 188),
                    ("BY", 289), ("LIU HONG", 315), ("PROPOSAL OF PRELIMINARY EXAM", 471),
                    ("Submitted in partial fulfillment of the requirements", 497),
                    ("for the degree of Doctor of Philosophy in Mechanical Science and Engineering", 511),
                    ("University of Illinois at Urbana-Champaign, 2023", 539)):
        w = pymupdf.get_text_length(text, fontname="tiro", fontsize=12)
        p.insert_text(((612 - w) / 2, y), text, fontsize=12, fontname="tiro")
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 100), "Chapter 1", fontsize=20, fontname="tibo")
    p.insert_text((72, 140), "Introduction", fontsize=24, fontname="tibo")
    para(p, 170, BODY * 3, size=12)
    rec = saved_record(doc, tmp_path, "prelim.pdf")
    assert rec["title"] == "SMALL-SCALE RAPID 3D PARTICLE TRACKING"


# Read after the round's fourth blind batch (tex dev38: Annual Reviews, JFLA, Wiley's ETT, Optica,
# Chinese lecture notes in ctexrep, the UW, Iowa State and jsbook theses' classes): a chapter's
# label and title on one row set large ("第一章 运动学和力学" at 22 pt, the model 0.03), and a Polish
# figure's abbreviated label ("Rys. 1", above).

CJK_BODY = "运动学是物理四大基础学科之一，在各方面都起到了非常重要的奠基作用，我们从这里开始探索运动的规律。" * 3


def test_a_chapters_label_and_title_on_one_large_row(tmp_path, monkeypatch):
    hold_scores(monkeypatch, 0.03, lambda c: c.text.startswith("第"))   # the paper's model: 0.03
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    p.insert_text((200, 200), "物理教程", fontsize=26, fontname="china-s")
    for k, (chapter, section) in enumerate((("运动学和力学", "运动学"), ("光和声", "光")), 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((186, 155), f"第{'一二'[k - 1]}章 {chapter}", fontsize=22, fontname="china-s")
        p.insert_text((236, 230), f"{k}.1 {section}", fontsize=18, fontname="china-s")
        y = 260
        for line in range(4):
            p.insert_text((57, y), CJK_BODY[line * 40:(line + 1) * 40], fontsize=10.5, fontname="china-s")
            y += 16
        p.insert_text((57, y + 20), f"{k}.1.1 定义", fontsize=12, fontname="china-s")
        y += 40
        for line in range(4):
            p.insert_text((57, y), CJK_BODY[line * 40:(line + 1) * 40], fontsize=10.5, fontname="china-s")
            y += 16
    rec = saved_record(doc, tmp_path, "notes.pdf")
    heads = [(s["number"], s["heading"]) for s in rec["sections"] if s["heading"]]
    assert ("1", "运动学和力学") in heads and ("2", "光和声") in heads


# Read after the round's fifth blind batch (tex dev39: AGU's older JGR class, a Slovak astronomy
# journal, JASA's current class, a Rho-class report, Elsevier's pre-2009 class): a justified title
# that hyphenates a word over its lines ("… Time Se-" / "quences Signal Processing …").


def test_a_title_hyphenated_over_its_lines_joins_the_word_the_document_prints_whole():
    from pdf_pages import row

    from scholartools.parsing.pdf.frontmatter import title_text

    title = [row("Geoelectric Field and Electrical Exploration Assignment: Time Se-", 48, 15.0),
             row("quences Signal Processing in Magnetotelluric Method", 69, 15.0)]
    doc = title + [row("The time sequences recorded at each station are processed in turn.", 300)]
    assert title_text(title, doc, None) == ("Geoelectric Field and Electrical Exploration Assignment: Time "
                                            "Sequences Signal Processing in Magnetotelluric Method")
    # a compound the document prints with its hyphen keeps it; so does a title read alone
    compound = [row("Targeting castration-", 48, 15.0), row("resistant prostate cancer", 69, 15.0)]
    doc = compound + [row("In castration-resistant disease the androgen receptor stays active.", 300)]
    assert title_text(compound, doc, None) == "Targeting castration-resistant prostate cancer"
    assert title_text(title).endswith("Time Se-quences Signal Processing in Magnetotelluric Method")


# Read after the round's sixth blind batch (tex dev40: two SIAM papers in `siamart`, whose titles
# carry their submission note, and an Acta Mathematica Scientia paper): a two-word title in bold
# capitals at the body's size closed by its note's mark ("POINT KINETICS∗"), and SIAM's "MSC codes".


def test_a_two_word_bold_title_closed_by_its_notes_mark(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((207, 109), "POINT KINETICS*", fontsize=10, fontname="tibo")
    p.insert_text((211, 128), "CLYDE HUIBREGTSE", fontsize=8, fontname="tiro")
    y = para(p, 142, "Abstract. An optimal implementation of the point reactor kinetics equations was created "
             "and a solver analysis completed to measure the relative performance of the algorithms. " * 2,
             x=86, w=440, size=8)
    p.insert_text((72, y + 24), "1. Introduction.", fontsize=10, fontname="tibo")
    para(p, y + 30, BODY * 3, size=10)
    rec = saved_record(doc, tmp_path, "siam.pdf")
    assert rec["title"] == "POINT KINETICS"


def test_siams_msc_codes_are_front_matter():
    assert section_type("MSC codes") == "front_matter"
