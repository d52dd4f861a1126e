"""Titles, abstracts and headings of templates no fixture had (issue 36, eighteenth round): what 51
JATS-paired PDFs of 23 publishers, 41 of their journals new to the JATS dev half, showed after one
blind scoring (and the earlier rounds' pairs, read again). Built from drawn pages, rows or spans; no publisher is named in the code under test.

* A math font's outsized box around one glyph ("™" in a title's first line) lifted that row above
  the line before it, so the title lost its first line.
* A running foot "Journal Name, 8 (3), 2020, e00538" (volume and issue before the year) did not
  name the journal set large over the title; a repository's banner ("Europe PMC Funders Group")
  set in the title's size was taken for the title.
* A list of forty authors whose superscripts stood on rows of their own ran names together, was no
  author list, and became the abstract; a "Plain Language Summary" ran on in the abstract; a note
  at the column's foot ("Corresponding address: …") cut the abstract off from its next column; an
  article type spaced out above the title, taken for a heading, made the licence note the abstract.
* A face named bold italic by a typesetter's suffix (".BI") was read as neither, so a heading
  whose species name was set in it fell short of bold and broke off its second line.
* A numbered italic run-in head whose text opens with an italic species name ("3.1. Rosmarinus
  Genus. Rosmarinus in …") was no closed lead, nor was a bold lead closed by a dash ("Harm—…"); a
  heading in the body's type broken over two lines was no heading; a running head over the rule
  atop a page was taken for an underlined heading, and one naming the authors ("… et al.: …") or
  an affiliation numbered by its mark for a heading; a run-in head's row ending in a hyphen took
  the next row's formula for a lead that closed a two-row heading."""

import pymupdf

from pdf_pages import BODY, front, para, row, saved_record


def test_an_outsized_glyph_box_keeps_its_row_at_its_baseline():
    from scholartools.parsing.pdf.extract import _row_from_spans

    def span(text, x0, box, origin_y, font="MyriadPro-Regular", size=24.0):
        return {"text": text, "bbox": (x0, *box[:1], x0 + 10 * len(text), box[1]), "size": size, "font": font,
                "flags": 4, "origin": (x0, origin_y)}

    line = [span("green-hyaluronic acid mixture (LuminoMark", 57, (142, 170), 164.5),
            span("™", 495, (112, 164), 154.9, font="STIXMath-Regular", size=16.8),   # ascent 2.6 em
            span(")", 512, (142, 170), 164.5)]
    r = _row_from_spans(line, 0, 1)
    assert abs(r.y0 - (154.9 - 16.8)) < 1e-6 and r.y1 == 170   # one em above the glyph's baseline, not 112:
    # the title's line above starts at 116
    plain = _row_from_spans([line[0], line[2]], 0, 1)
    assert (plain.y0, plain.y1) == (142, 170)   # boxes of an ordinary height are left alone


def test_a_numbered_italic_lead_running_into_an_italic_word_is_closed_at_its_period(tmp_path):
    from scholartools.parsing.pdf import read_pdf

    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    lines = [("3.1. Rosmarinus Genus. Rosmarinus", " in the Lamiaceae family is a genus of woody herbs."),
             ("2.3. E. coli", " strains were grown overnight in broth at 37 degrees."),
             ("Mol. Cryst. Liq. Cryst", " 2019, 123, 45-67 was cited for the method.")]
    for k, (lead, rest) in enumerate(lines):
        p.insert_text((72, 100 + 30 * k), lead, fontname="tiit", fontsize=10)
        w = pymupdf.get_text_length(lead, fontname="tiit", fontsize=10)
        p.insert_text((72 + w, 100 + 30 * k), rest, fontname="tiro", fontsize=10)
    path = tmp_path / "italic.pdf"
    doc.save(path)
    rows = read_pdf(str(path), check_clipping=False)["rows"]
    assert (rows[0].lead, rows[0].lead_style) == ("3.1. Rosmarinus Genus.", "i")
    assert rows[1].lead == "2.3. E. coli"                # an abbreviation's period closes nothing
    assert rows[2].lead == "Mol. Cryst. Liq. Cryst"      # nor does a reference's italic journal (no number)


def test_a_journal_name_cited_with_volume_and_issue_before_the_year_is_no_title():
    from scholartools.parsing.pdf.frontmatter import _CitedNames, _journal_name

    cited = _CitedNames(["Respirology Case Reports, 8 (3), 2020, e00538",
                         "Silicone pneumonitis after gluteal filler: a case report"])
    assert _journal_name("Respirology Case Reports", cited)
    assert not _journal_name("Silicone pneumonitis", cited)   # the title's own words open no citation


def test_a_repository_banner_in_the_title_s_size_is_no_title():
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = [row("Europe PMC Funders Group", 17, 14.0, 1.0), row("Author Manuscript", 34, 11.0, 1.0),
            row("Factors motivating the use of respiratory protection against", 128, 14.0, 1.0, x1=500),
            row("volcanic ashfall: a comparative analysis of communities", 148, 14.0, 1.0, x1=500),
            row("Judith Covey, Claire Horwell and Lena Dominelli", 198, 10.0)]
    for k, r in enumerate(rows):
        r.index = k
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == [rows[2].text, rows[3].text]


def test_a_long_author_list_with_names_run_together_is_no_abstract():
    from scholartools.parsing.pdf.frontmatter import _author_list

    names = ("Naif Khalaf Alharbi1,2*, Ibrahim Qasim3, Abdulrahman Almasoud1, Haya A. Aljami1, Mohamed W. "
             "Alenazi1, Ali Alhafufi3, Omar S. Aldibasi4, Anwar M. Hashem Samy Kasem3,7, Raed Albrahim3, Musaad "
             "Aldubaib8, Ali Almansour3, Nigel J. Temperton Alexandra Kupke10,12, Stephan Becker10,12, Ali "
             "Abu-obaidah3, In-Kyu Yoon11, Esam Azhar13,14, Teresa Lambe15 & Hanan H. Balkhy1,2,16")
    assert _author_list(names)
    assert not _author_list("MERS-CoV seronegative and seropositive camels received a single dose, with further "
                            "groups receiving control vaccinations, nasal discharge, virus titres, antibodies, "
                            "and responses in older camels, younger camels and calves.")


def test_a_plain_language_summary_ends_the_abstract(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 90), "Climate change and mental health: a population approach", fontsize=18, fontname="tibo")
    p.insert_text((72, 115), "Ann Example and Bo Sample", fontsize=11, fontname="tiro")
    p.insert_text((72, 145), "Abstract", fontsize=11, fontname="tibo")
    y = para(p, 150, "Climate change threatens mental health through acute and chronic stressors. " * 5)
    p.insert_text((72, y + 8), "Plain Language Summary", fontsize=10, fontname="tiro")   # in the abstract's type
    y = para(p, y + 18, "Climate change is harming the mental health of many people today. " * 4)
    p.insert_text((72, y + 20), "1. Introduction", fontsize=12, fontname="tibo")
    para(p, y + 26)
    rec = saved_record(doc, tmp_path, "pls.pdf")
    assert rec["abstract"].startswith("Climate change threatens") and "harming" not in rec["abstract"]


def test_a_field_note_at_the_column_s_foot_does_not_cut_the_abstract_off(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((50, 90), "Post-mortem detection of a respiratory coronavirus in nasal secretions",
                  fontsize=16, fontname="tibo")
    p.insert_text((50, 115), "Waleed Mahallawi and Ann Example", fontsize=11, fontname="tiro")
    p.insert_text((50, 200), "Abstract", fontsize=9, fontname="tibo")
    first = ("The Middle East respiratory syndrome coronavirus has been recognized as a highly pathogenic virus "
             "that infects the human respiratory tract. The transmission mechanism of the virus is still not well "
             "understood. Therefore, preventing every route of transmission is the best measure to arrest the "
             "spread of this disease. Using the real time polymerase chain reaction, the virus")
    para(p, 206, first, x=50, w=240, size=9)
    para(p, 380, "Corresponding address: Department of Clinical Laboratory Sciences, College of Applied Medical "
         "Sciences, Example University.", x=50, w=240, size=8)
    para(p, 412, "E-mail: someone@example.edu", x=50, w=240, size=8)
    # the next column starts under the title, above the abstract's label
    y = para(p, 150, "was detected in the nasal secretions of a human cadaver. Full precautions should be "
             "applied.", x=320, w=240, size=9)
    p.insert_text((320, y + 10), "Keywords: Health care workers; Infection control", fontsize=8, fontname="tiro")
    p.insert_text((320, y + 50), "Introduction", fontsize=10, fontname="tibo")
    para(p, y + 56, "The disease first appeared in 2012. " * 12, x=320, w=240, size=9)
    rec = saved_record(doc, tmp_path, "footnote.pdf")
    assert rec["abstract"].startswith("The Middle East") and rec["abstract"].endswith("should be applied.")
    assert "Corresponding" not in rec["abstract"] and "E-mail" not in rec["abstract"]


def test_a_heading_in_the_body_s_type_broken_over_two_lines_is_a_heading():
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _plain_heading

    def doc(second, below):
        rows = [row("the solution was kept in the dark for two days.", 100, x1=300),
                row("Analysis of total receptor expression by gel electrophoresis", 124, x1=380),
                row(second, 137, x1=160),
                row("293T cells were transfected with expression vectors for the receptor and", 137 + below,
                     x1=540),
                row("its mutants and harvested after two days in a lysis buffer with inhibitors.",
                     150 + below, x1=540)]
        c = Cand(i=1, rows=[1, 2], text=rows[1].text + " " + rows[2].text)
        c.feats, c.title = [0.0] * 60, c.text
        st = SimpleNamespace(body=10.0, body_gap=3.0, extents={(0, 0): [72.0, 540.0]})
        return _plain_heading(rows, c, st)

    assert doc("and immunoblot", 20)                 # apart above and below, its last line short
    assert not doc("and immunoblot", 13)             # at the body's pitch from the paragraph below
    assert not doc("and immunoblot was done.", 20)   # a sentence's end: a paragraph's lines


def test_a_lead_closed_by_a_dash_is_a_run_in_head():
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import _runin

    r = row("1.2.1 Japan (Sakurajima volcano)—Since 2009, the volcano has been in a phase of activity", 100,
             x1=540)
    r.lead, r.lead_style = "1.2.1 Japan (Sakurajima volcano)—", "b"
    c = _runin([r], 0, SimpleNamespace(body=10.0, body_family="body"))
    assert c is not None and c.text == "1.2.1 Japan (Sakurajima volcano)" and c.rest.startswith("Since 2009")
    r.lead = "1.2.1 Japan and"       # a lead broken off at a connective is still none
    r.text = "1.2.1 Japan and Mexico share the volcanoes of the region"
    assert _runin([r], 0, SimpleNamespace(body=10.0, body_family="body")) is None


def test_a_running_head_over_the_page_s_rule_is_no_heading(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    y = front(p)
    p.insert_text((72, y + 20), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 26)
    for k, head in enumerate(("W.H. Mahallawi 303", "Detection of a coronavirus in a cadaver")):
        q = doc.new_page(width=612, height=792)
        q.insert_text((250, 42), head, fontsize=10, fontname="tiro")
        q.draw_line((240, 47), (540, 47), width=0.5)
        y = para(q, 62)
        if k == 0:
            q.insert_text((72, y + 20), "Discussion", fontsize=12, fontname="tibo")
            para(q, y + 26)
    rec = saved_record(doc, tmp_path, "running.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert "Introduction" in heads and "Discussion" in heads
    assert not any("Mahallawi" in h or "cadaver" in h for h in heads)


def test_an_article_type_spaced_out_above_the_title_opens_no_body(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((46, 74), "C O N S E N S U S   S T A T E M E N T S", fontsize=9, fontname="tibo")
    para(p, 90, "Consensus statements of the college provide the veterinary community with up-to-date "
         "information on the pathophysiology, diagnosis and treatment of important animal diseases. " * 2,
         x=46, w=520, size=8)
    p.insert_text((46, 190), "Management of an infection in livestock populations", fontsize=18, fontname="tibo")
    p.insert_text((46, 214), "Paul Plummer and Paula Menzies", fontsize=12, fontname="tibo")
    abstract = ("Infections caused by the organism are an important cause of abortions, decreased reproductive "
                "efficiency and subclinical infections in ruminants. The purpose of this statement is to provide "
                "veterinarians and public health officials with a summary of the available information. ") * 2
    y = para(p, 240, abstract, x=210, w=356, size=8)
    p.insert_text((210, y + 14), "KEYWORDS", fontsize=7, fontname="tibo")
    p.insert_text((210, y + 26), "abortion, zoonotic, shedding", fontsize=8, fontname="tiro")
    para(p, y + 40, "This is an open access article under the terms of the Creative Commons Attribution License, "
         "which permits use, distribution and reproduction in any medium, provided the original work is "
         "properly cited. The Authors. Journal of Internal Medicine published by an example publisher.",
         x=46, w=520, size=7)
    p.insert_text((307, y + 110), "1 INTRODUCTION", fontsize=10, fontname="tibo")
    para(p, y + 116, "Query fever was first described as a febrile illness of abattoir workers. " * 6,
         x=307, w=260, size=8)
    rec = saved_record(doc, tmp_path, "spaced.pdf")
    assert rec["abstract"].startswith("Infections caused by") and "Creative Commons" not in rec["abstract"]


def test_running_heads_naming_the_authors_and_numbered_affiliations_are_no_headings():
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _affiliation_line, _vetoes

    texts = ["Hamzeh Pour et al.: Emergency Department Response in Dealing with Crimean-Congo …",
             "B. Roḿan-Ponce and F.U. Rojas-Rojas", "Statistical analysis", "Comparison with Smith et al."]
    rows = [row(t, 100 + 40 * k) for k, t in enumerate(texts)]
    cands = [Cand(i=k, rows=[k], text=t, p=0.6) for k, t in enumerate(texts)]
    _vetoes(rows, cands, SimpleNamespace(body=10.0))
    assert [c.p for c in cands] == [0.0, 0.0, 0.6, 0.6]
    assert _affiliation_line("Beijing Key Laboratory of Photoelectronic Conversion Materials, Ministry of "
                             "Education, School of Chemistry")
    assert not _affiliation_line("Japan (Sakurajima volcano)")   # a place alone is a heading's subject


def test_a_font_named_with_a_bold_italic_suffix_is_bold_and_italic():
    from scholartools.parsing.pdf.extract import font_traits

    assert font_traits("AdvOTd0125be5.BI")[:2] == (True, True)    # a typesetter's ".B", ".I", ".BI"
    assert font_traits("AdvTT6071803a.B")[:2] == (True, False)
    assert font_traits("AdvTT3f84ef53.I")[:2] == (False, True)
    assert font_traits("AdvOT1ef757c0")[:2] == (False, False)


def test_back_matter_sections_set_as_small_run_in_leads_are_headings_together():
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS, Cand, _back_matter_leads

    for name in ("Contributors", "Declaration of interests", "Data sharing", "Data accessibility",
                 "Role of the funding source"):
        assert KNOWN_HEADINGS.match(name), name
    leads = ["Data accessibility.", "Authors' contributions.", "Competing interests.", "Funding."]
    rows = [row(lead + " The authors declare the following about this work.", 500 + 12 * k, 8.0)
            for k, lead in enumerate(leads)]
    for r, lead in zip(rows, leads):
        r.lead, r.lead_style = lead, "b"
    cands = []
    for k, lead in enumerate(leads):
        c = Cand(i=k, rows=[k], text=lead.rstrip("."), runin=True, p=0.04, rest="The authors declare …")
        c.feats, c.title = [0.0] * 60, c.text
        cands.append(c)
    _back_matter_leads(rows, cands[:2], 0.4)
    assert [c.p for c in cands[:2]] == [0.04, 0.04]        # two are no series
    _back_matter_leads(rows, cands, 0.4)
    assert all(c.p > 0.4 for c in cands)


def test_a_run_in_head_s_row_wraps_into_no_formula_lead():
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _extend

    head = row("Statistical analysis. Shannon's diversity (H) was cal-", 100, 9.5, x1=540)
    head.bold, head.family, head.lead, head.lead_style, head.lead_size = 0.5, "sans.b", "Statistical analysis.", "b", 9.5
    nxt = row("culated as -∑S p ln p over the species observed in each sample.", 112, 9.5, x1=540)
    nxt.lead, nxt.lead_style, nxt.lead_size = "culated as -", "f", 9.5   # the formula's face
    st = SimpleNamespace(body=9.5, body_family="body", body_gap=2.0, extents={(0, 0): [72.0, 540.0]},
                         text_left={}, extra={})
    c = Cand(i=0, rows=[0], text=head.text)
    _extend([head, nxt], c, st)
    assert c.rows == [0] and not c.runin     # before: "… was cal-culated as -", a run-in head
