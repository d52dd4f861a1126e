"""Headings of real publishers' PDFs the JATS development set showed were lost (issue 36,
sixteenth round). Built from drawn pages or rows; no publisher is named in the code under test.

* A typesetting system's re-encoded copies of a face ("….B+20", "….I+fb": the same bold or italic
  face with its symbols or ligatures in a second encoding) were read as a face of their own: a
  run-in head with a dash in it ("**Stern–Volmer quenching studies.** Quenching …") lost its lead
  at the dash, and the head ran on into the paragraph.
* A square ornament before each heading ("■ REFERENCES") kept the heading from being known: the
  reference list was read as body sections ("Organomet. Chem", "Inorg. Chem", …).
* A numbered heading set in the body's own type that wraps ("3.1.1. Research on the Molecular
  Characteristics … Mechanism" / "of Viral Pathogens …") kept its first line only.
* A row opening with a round bullet is a list's item, never a heading."""

from types import SimpleNamespace

import pymupdf

from pdf_pages import front, para, saved_record
from scholartools.parsing.pdf.extract import Row, font_traits


def test_a_re_encoded_copy_of_a_face_keeps_the_face_s_style():
    assert font_traits("ABCDEF+AdvOTaa6301a5.B+20")[:2] == (True, False)
    assert font_traits("AdvOT1deab444.I+fb")[:2] == (False, True)
    assert font_traits("AdvOTaa6301a5.B")[4] == font_traits("AdvOTaa6301a5.B+20")[4]
    assert font_traits("Serif+Bold")[0] is True     # a longer suffix is part of the name


def test_a_square_ornament_before_headings_is_no_part_of_them(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    square = pymupdf.Font("cjk")      # a face with the square (the base-14 fonts have none)
    p.insert_font(fontname="sq", fontbuffer=square.buffer)
    y = front(p)
    for heading in ("INTRODUCTION", "METHODS"):
        p.insert_text((72, y + 20), "■", fontname="sq", fontsize=11)
        p.insert_text((86, y + 20), heading, fontname="tibo", fontsize=11)
        y = para(p, y + 26)
    p = doc.new_page(width=612, height=792)
    p.insert_font(fontname="sq", fontbuffer=square.buffer)
    p.insert_text((72, 80), "■", fontname="sq", fontsize=11)
    p.insert_text((86, 80), "REFERENCES", fontname="tibo", fontsize=11)
    y = 90
    for k in range(1, 9):
        y = para(p, y, f"({k}) Author, A.; Writer, B. Organomet. Chem. 20{k:02d}, {k}, {100 + k}-{110 + k}.", size=8)
    rec = saved_record(doc, tmp_path, "ornament.pdf")
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["INTRODUCTION", "METHODS"]
    assert rec["references"] and "Organomet. Chem" in rec["references"][0]["raw"]   # the list is references


def _row(text, y, x1, block=3):
    r = Row(0, block)
    r.text, r.x0, r.x1, r.y0, r.y1, r.size, r.nchars = text, 77.0, x1, y, y + 10, 10.0, len(text)
    r.page, r.col, r.bold, r.italic, r.family, r.kind, r.lead = 0, 0, 0.0, 0.0, "times", "text", ""
    r.math = 0.0
    return r


def _wrapped(rows):
    from scholartools.parsing.pdf.headings import Cand, _numbered_body_wrap

    st = SimpleNamespace(body=10.0, body_family="times", extents={(0, 0): [77.0, 520.0]})
    c = Cand(i=0, rows=[0], text=rows[0].text, runin=False, p=0.8)
    _numbered_body_wrap(rows, c, st)
    return c.text


def test_a_numbered_heading_in_the_body_type_keeps_its_wrapped_lines():
    rows = [_row("3.1.1. Research on the Molecular Characteristics of Infectious Viruses and the Interaction", 100, 519),
            _row("Mechanism of Viral Pathogens and Human Hosts (Cluster 1)", 112, 331),
            _row("As shown in Figure 2, the fields of the projects are many and varied in kind.", 130, 519, block=4)]
    rows[2].x0 = 98.0     # the paragraph under it opens at an indent
    assert _wrapped(rows) == ("3.1.1. Research on the Molecular Characteristics of Infectious Viruses and the "
                              "Interaction Mechanism of Viral Pathogens and Human Hosts (Cluster 1)")


def test_a_numbered_run_in_head_or_a_paragraph_stays_one_line():
    runin = [_row("5.3.4 Meta-Level Types. We define relatedness pointwise. Pairing and projection are", 100, 519),
             _row("interpreted as meta-level pairing and projection", 112, 300),
             _row("The next paragraph starts here and runs on to the right edge of the column.", 130, 519, 4)]
    assert _wrapped(runin) == runin[0].text
    ends = [_row("2.1. The samples were collected over three seasons from the sites named in the", 100, 519),
            _row("second table of this paper.", 112, 200),
            _row("The next paragraph starts here and runs on to the right edge of the column.", 130, 519, 4)]
    assert _wrapped(ends) == ends[0].text
    on = [_row("2.2. The samples were collected over three seasons from the sites named in the", 100, 519),
          _row("second table of this paper and then", 112, 519),
          _row("sorted by site", 124, 200)]     # the block goes on as a paragraph
    assert _wrapped(on) == on[0].text


def test_a_row_opening_with_a_round_bullet_is_no_heading():
    from scholartools.parsing.pdf.headings import Cand, _vetoes

    rows = [_row("• Hydrodynamic coefficient realism. The", 100, 300), _row("Hydrodynamic coefficients", 200, 200)]
    for r in rows:
        r.bold, r.gap = 0.9, 0.0
    cands = [Cand(i=k, rows=[k], text=r.text, runin=False, p=0.7) for k, r in enumerate(rows)]
    _vetoes(rows, cands, SimpleNamespace(body=10.0))
    assert [c.p for c in cands] == [0.0, 0.7]


def _sec(heading, paras, page=1, kind="other"):
    return {"page": page, "heading": heading, "number": None, "level": 1, "type": kind,
            "paragraphs": paras, "text": "\n\n".join(paras)}


def test_front_matter_labels_set_as_headings_are_front_matter_and_give_back_the_body():
    # a front page's side box read between the first column's paragraphs: "ARTICLE HISTORY",
    # "KEYWORDS" became body sections, and the column's next paragraph was read under "KEYWORDS"
    from scholartools.parsing.pdf.frontmatter import label_sections

    long_para = "Coronaviruses are well-known causes of severe respiratory disease in people. " * 8
    secs = [_sec("Introduction", ["First paragraph."], kind="introduction"),
            _sec("ARTICLE HISTORY", ["Received 16 March 2020; Accepted 9 April 2020"]),
            _sec("KEYWORDS", [long_para]),
            _sec("Methods", ["We did it."], page=3, kind="method"),
            _sec("Citation", ["A body paragraph on page four."], page=4),
            _sec("Reviewed By", ["Anonymous"], page=4)]
    out = label_sections(secs)
    assert [(s["heading"], s["type"]) for s in out] == [
        ("Introduction", "introduction"), ("ARTICLE HISTORY", "front_matter"), ("KEYWORDS", "front_matter"),
        ("Methods", "method"), ("Citation", "other"), ("Reviewed By", "front_matter")]
    assert out[0]["paragraphs"] == ["First paragraph.", long_para]          # the body's paragraph is back
    assert out[1]["paragraphs"] == ["Received 16 March 2020; Accepted 9 April 2020"] and out[2]["text"] == ""
    assert out[5]["paragraphs"] == ["Anonymous"]



def test_a_control_character_between_a_heading_s_number_and_title_is_dropped():
    # a font that maps its ornament glyph to BEL: "2 \x07Collect, organise …" kept its number and
    # the control character in the title, and matched no heading (that paper's F1 0.32 -> 0.96)
    from scholartools.parsing.pdf.headings import number_and_title

    assert number_and_title("2 \x07Collect, organise and make data accessible") == \
        ("2", "Collect, organise and make data accessible")
    assert number_and_title("■ 1. INTRODUCTION") == ("1", "INTRODUCTION")
    assert number_and_title("Training. We train", runin=True) == (None, "Training. We train")


def test_a_second_structured_abstract_read_as_headings_is_front_matter():
    # a French abstract under the English one: its parts ("Contexte", "Objectif", "Cadre",
    # "Méthodes", "Résultats", "Conclusions") were six body sections before "Introduction"
    from scholartools.parsing.pdf.frontmatter import label_sections

    parts = ["Contexte", "Objectif", "Cadre", "Méthodes", "Résultats", "Conclusions"]
    secs = [_sec(None, ["The English abstract."])] + [_sec(h, ["Une phrase courte du résumé."]) for h in parts] \
        + [_sec("Introduction", ["Body."], kind="introduction"), _sec("Methods", ["More."], kind="method")]
    out = label_sections(secs)
    assert [s["type"] for s in out] == ["other"] + ["front_matter"] * 6 + ["introduction", "method"]
    # a short paper's own sections before its introduction are not taken: too few named parts, or too long
    body = [_sec("Background", ["x" * 2000]), _sec("Methods", ["Short."]), _sec("Results", ["Short."]),
            _sec("Introduction", ["Body."], kind="introduction")]
    assert [s["type"] for s in label_sections(body)] == ["other", "other", "other", "introduction"]


def test_a_numbered_notation_head_is_no_heading_and_a_notation_section_is():
    # "Notation 2." is a theorem-like environment's head (one layout-corpus paper set six of them
    # in every class: 0.878 -> 0.902 heading precision over the 400 PDFs); "Notation" alone is a section
    from scholartools.parsing.pdf.headings import NOISE_LEAD

    assert NOISE_LEAD.match("Notation 2") and NOISE_LEAD.match("Convention 1")
    assert not NOISE_LEAD.match("Notation") and not NOISE_LEAD.match("Notation and conventions")


def _numbered(rows, k, text, p):
    from scholartools.parsing.pdf.headings import Cand, number_and_title

    c = Cand(i=k, rows=[k], text=text, p=p)
    c.number, c.title = number_and_title(text)
    return c


def test_a_third_level_heading_in_the_body_type_takes_its_place_in_the_outline():
    # "3.2.1. Fungi", "3.2.2. Bacteria": a journal's lowest level set like body text, which the
    # model scores 0.02–0.09; between "3.2." and "3.3." the outline vouches for them (that paper
    # 0.92 -> 0.99). A numbered row that reads as a sentence gets no such help.
    from scholartools.parsing.pdf.headings import _plausible_sequence

    texts = [("3.1. Materials", 0.9), ("3.2. Antimicrobial Activity", 0.9), ("3.2.1. Fungi", 0.02),
             ("3.2.2. Bacteria", 0.03), ("3.2.3. We counted the colonies. Plates were read", 0.03), ("3.3. Assays", 0.9)]
    rows = [_row(t, 100 + 20 * k, 300) for k, (t, _) in enumerate(texts)]
    cands = [_numbered(rows, k, t, p) for k, (t, p) in enumerate(texts)]
    _plausible_sequence(cands, 0.4, rows)
    assert [c.p > 0.4 for c in cands] == [True, True, True, True, False, True]


def test_a_heading_ending_in_a_compound_number_is_no_contents_entry():
    # "3.2.2. Synthesis of … platinum(IV), 5": three such headings on a page read as a table of
    # contents (an entry and its page number) and were dropped
    from scholartools.parsing.pdf.structure import _TOC_ENTRY

    assert _TOC_ENTRY.search("3 Methods ........ 12") and _TOC_ENTRY.search("Results 7")
    assert not _TOC_ENTRY.search("Synthesis of diammine-dichlorido-platinum(IV), 5")


def test_a_numbered_heading_broken_after_a_connective_keeps_its_next_line():
    # "3.2.2. Synthesis of" / "(OC-6-44)-Acetato-(7-aminoheptanoato)-diammine-…, 5": a heading
    # never ends in "of"; the long name did not fit on the first line
    # (the next line's first word is short enough to have fitted: only the connective tells the break)
    rows = [_row("3.2.2. Synthesis of", 100, 246),
            _row("(OC-6-44) acetato diammine dichlorido platinum(IV), 5", 112, 511),
            _row("In a 10 mL round-bottom flask, 0.250 g of 1 was dissolved in the solvent.", 130, 519, block=4)]
    rows[2].x0 = 98.0
    assert _wrapped(rows) == "3.2.2. Synthesis of (OC-6-44) acetato diammine dichlorido platinum(IV), 5"


def test_the_declarations_of_a_paper_s_back_matter_are_standard_sections():
    # "Ethics approval and consent to participate", "Consent for publication": set small under
    # "Declarations", the model alone took them in no paper of one publisher's seven
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS

    assert KNOWN_HEADINGS.match("Ethics approval and consent to participate")
    assert KNOWN_HEADINGS.match("Consent for publication") and KNOWN_HEADINGS.match("Ethics approval")


def test_a_numbered_run_in_head_in_a_heavier_face_takes_its_place_in_the_outline():
    # "2.3. NMR Studies. A single isomer …", the lead in a face bold by its glyphs only: scored
    # 0.1–0.3, it was lost between "2.2." and "3."; an unnumbered or one-level lead gets no help
    from scholartools.parsing.pdf.headings import _plausible_sequence

    texts = [("2. Results", 0.9, ""), ("2.1. Synthesis", 0.9, ""), ("2.2. NMR Studies", 0.11, "2.2. NMR Studies."),
             ("2.3. Computational Studies", 0.3, "2.3. Computational Studies."), ("3. Conclusions", 0.9, ""),
             ("4. Training", 0.11, "4. Training.")]
    rows = [_row(t, 100 + 20 * k, 300) for k, (t, _, _) in enumerate(texts)]
    cands = [_numbered(rows, k, t, p) for k, (t, p, _) in enumerate(texts)]
    for c, (_, _, lead) in zip(cands, texts):
        if lead:
            rows[c.i].lead, rows[c.i].lead_style, c.runin = lead, "f", True
    _plausible_sequence(cands, 0.4, rows)
    assert [c.p > 0.4 for c in cands] == [True, True, True, True, True, False]


def test_a_label_typed_front_matter_by_its_words_still_gives_back_the_body():
    # "Keywords" is typed front matter by its words before label_sections sees it; the body's
    # paragraphs read under it must still go back (a run-in label's one paragraph stays)
    from scholartools.parsing.pdf.frontmatter import label_sections

    long_para = "The body goes on here with a long paragraph of the first column. " * 8
    secs = [_sec("Introduction", ["First."], kind="introduction"),
            _sec("Keywords", ["virus; vaccine", long_para], kind="front_matter"),
            _sec("Keywords", ["a; b"], kind="front_matter")]
    out = label_sections(secs)
    assert out[0]["paragraphs"] == ["First.", long_para]
    assert out[1]["paragraphs"] == ["virus; vaccine"] and out[2]["paragraphs"] == ["a; b"]
