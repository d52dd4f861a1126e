"""What the twenty-fifth round of issue 36 mended (docs/st-parse.md, "Twenty-fifth round").

A twelfth batch of author-compiled papers (astronomy, physics and statistics journals' classes; the
old ACM journal classes, VLDB, JFP, CMU and Toronto theses, …), scored once before it was read,
showed:

* an astronomy paper's subsections named for the studies whose data they compare ("2.3. Willott et
  al. 2013") were read as numbered references, which broke the outline under "2.";
* the old ACM journal class's abstract (8 pt, no label) was missed, with its "CCS Concepts:" under
  it or with nothing but "1. INTRODUCTION";
* a table's bold column heads ("Judgement Form Description") over cut rows, a reference's italic
  book title closed by a comma, and a bold contents line with its page ("1 Introduction 9") were
  headings; "List of Tables" and "List of Figures" were body sections;
* a journal's centred unnumbered headings in the bold its theorems share ("Acknowledgements", an
  appendix's titles) and a thesis' appendix under its large "Appendix A" label were missed;
* an italic heading of two lines whose second line runs on into its paragraph was cut at its first.

A thirteenth batch (physics and engineering proceedings, theses and reports) showed: a thesis'
title set double-spaced over a line ending in "to", or run into its author's name in its size; an
APA manuscript's title in the body's type, repeated over its introduction, and its centred bold
"Introduction"; a thesis' list of abbreviations ("**GDPR** General Data Protection Regulation") and
table notes ("*Nota.* …") as headings; front-matter lists in Spanish and other languages; a
chapter's label and title on one row ("Capítulo I: Introducción").
"""

from types import SimpleNamespace

from pdf_pages import block, hold_scores, para, row, saved_record, small_row
from scholartools.parsing.pdf.headings import FEATURES, Cand


LIFT = 0.4 + 0.01   # threshold + 0.01, as the rules lift a candidate over the threshold 0.4


def _cand(i, text, p=0.41, rows=None):
    return Cand(i=i, rows=rows or [i], text=text, runin=False, p=p, title=text, feats=[0.0] * len(FEATURES))


def test_subsections_named_for_the_studies_they_compare_keep_the_outline():
    from scholartools.parsing.pdf.headings import _plausible_sequence, number_and_title

    texts = [("1. INTRODUCTION", 0.65), ("2. OBSERVATIONAL CONSTRAINTS", 0.65), ("2.1. Bouwens et al. 2015", 0.41),
             ("2.2. Finkelstein et al. 2014", 0.41), ("2.3. Willott et al. 2013", 0.41),
             ("2.4. McLure & Dunlop 2009", 0.41), ("2.5. Dust Attenuation", 0.6), ("3. FRAMEWORK", 0.63)]
    rows = [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    cands = [_cand(k, t, p) for k, (t, p) in enumerate(texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
    _plausible_sequence(cands, 0.4, rows)
    assert all(c.p > 0.4 for c in cands)
    # a numbered reference goes on past its year, and a first-level number names no study
    from scholartools.parsing.pdf.headings import _outline_like
    # nor is a theorem's enumerated part broken off at a connective
    for text in ("2.1. Bouwens et al. 2015, ApJ, 803, 34", "3. Willott et al. 2013",
                 "1. If the constraint set C contains no negative cycles, then solve(C) and"):
        c = _cand(0, text)
        c.number, c.title = number_and_title(c.text, c.runin)
        assert not _outline_like(c), text


ABSTRACT = ["Since 2013 UK-based broadband and mobile internet users have been faced with a yes or no decision:",
            "would they like to turn web filtering on? A minority of users chose to say yes to turning on",
            "filtering, often to protect users of their connection from potentially harmful content. Since",
            "their inception, filters provided by UK Internet Service Providers have been reported as having",
            "both overblocked and underblocked web sites. We present the first systematic study of them."]


def _acm_front(below):
    title = row("An Investigation into the Performance of UK Internet Providers' Web Filters", 80, 14.0, bold=1.0,
                x0=109, x1=480)
    title.kind = "title"
    rows = [title, small_row("MATTHEW ROWE, Lancaster University", 124, x0=109, x1=274)]
    rows += [small_row(t, 172 + 10 * k, x0=109, x1=503) for k, t in enumerate(ABSTRACT)]
    rows += below
    return rows


def test_the_old_acm_journal_classes_abstract_is_found_over_its_ccs_concepts_or_its_first_heading():
    from scholartools.parsing.pdf.frontmatter import _small_print_abstract

    # over the ACM classification's "CCS Concepts:" (the abstract's keywords)
    rows = _acm_front([small_row("CCS Concepts: Social and professional topics → Technology and censorship", 229,
                                 x0=109, x1=503),
                       row("1. INTRODUCTION", 300, 9.0, bold=1.0, x0=109, x1=200)])
    got = _small_print_abstract(rows, {}, 0, 2.0, 0, len(rows) - 1, 10.0, "body")
    assert got is not None and got[0].startswith("Since 2013") and got[1] == set(range(2, 7))
    # with nothing under it but the first heading ("Language Identification in the Limit")
    rows = _acm_front([row("1. MOTIVATION: TO SPEAK A LANGUAGE", 228, 9.0, bold=1.0, x0=109, x1=300)])
    got = _small_print_abstract(rows, {}, 0, 2.0, 0, len(rows) - 1, 10.0, "body")
    assert got is not None and got[1] == set(range(2, 7))
    # small print far above the first heading is a note
    rows[-1].y0, rows[-1].y1 = 400, 409
    assert _small_print_abstract(rows, {}, 0, 2.0, 0, len(rows) - 1, 10.0, "body") is None


def test_a_tables_column_heads_over_its_cut_rows_are_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=12.0, body_family="body", page_height=792.0, extents={(0, 0): [76.0, 535.0]})
    rows = block([row("Judgement Form Description", 115, 12.0, bold=1.0, x0=99, x1=370),
                  row("Ω ⊢ σ sig σ is a signature", 128, 12.0, x0=99, x1=359),
                  row("Ω ⊢ σ ≡ σ′ σ and σ′ are definitionally equal", 142, 12.0, x0=99, x1=407)], 2)
    rows[0].gap, rows[1].gap, rows[2].gap = 0.83, 4.47, 3.61
    cands = [_cand(0, rows[0].text, 0.41)]
    _vetoes(rows, cands, st)
    assert cands[0].p == 0.0
    # a heading set with word spaces over a table is a heading
    rows[0].gap = 0.3
    cands = [_cand(0, rows[0].text, 0.41)]
    _vetoes(rows, cands, st)
    assert cands[0].p == 0.41


def test_centred_unnumbered_rows_in_the_centred_headings_style_are_headings():
    from scholartools.parsing.pdf.headings import _centred_as_headings

    k_centred, k_next = FEATURES.index("centred"), FEATURES.index("next_bodyish")

    def cand(text, p, number=None, centred=1.0):
        c = _cand(0, text, p)
        c.number, c.skey = number, ("bold", 10.0)
        c.feats[k_centred], c.feats[k_next] = centred, 1.0
        return c

    heads = [cand(f"{k} Section", 0.41, str(k)) for k in (1, 2, 3)]
    acks, appendix = cand("Acknowledgements", 0.149), cand("Inference Soundness and Completeness Proofs", 0.028)
    left = cand("Lemma names", 0.1, centred=0.0)
    _centred_as_headings(heads + [acks, appendix, left], 0.4)
    assert (acks.p, appendix.p, left.p) == (LIFT, LIFT, 0.1)
    # two centred headings of the style are not enough
    acks.p = 0.149
    _centred_as_headings(heads[:2] + [acks], 0.4)
    assert acks.p == 0.149


def test_a_thesis_lists_of_tables_and_figures_are_front_matter():
    from scholartools.text.sections import section_type, type_sections

    assert [section_type(h) for h in ("List of Tables", "List of Figures", "List of Abbreviations")] == \
        ["front_matter", "front_matter", "other"]
    # so are they after the body's sections (ASME asks for them at the end)
    got = type_sections([{"heading": h} for h in ("Introduction", "Results", "List of Figures")])
    assert [s["type"] for s in got] == ["introduction", "results", "front_matter"]


def test_a_bold_contents_line_under_the_pages_contents_heading_is_dropped():
    from scholartools.parsing.pdf.structure import _drop_toc

    rows = [row("Contents", 142, 25.0, bold=1.0, page=6), row("1 Introduction 9", 218, 11.0, bold=1.0, page=6),
            row("2 Methods 12", 100, 11.0, bold=1.0, page=7)]
    acc = [_cand(0, "Contents", 0.9), _cand(1, "1 Introduction 9", 0.6), _cand(2, "2 Methods 12", 0.6)]
    _drop_toc(rows, acc)
    # the contents heading stays (a front-matter section); a page number on another page is text
    assert [c.p for c in acc] == [0.9, 0.0, 0.6]


def test_a_references_italic_title_closed_by_a_comma_is_not_lifted_by_the_headings_style():
    from scholartools.parsing.pdf.headings import _same_style_as_headings

    k_next = FEATURES.index("next_bodyish")
    rows = [row(t, 60 + 20 * k) for k, t in enumerate(["Design", "Study", "Human-Computer Interaction (Second Edition),"])]
    cands = [_cand(k, r.text, p) for k, (r, p) in enumerate(zip(rows, (0.9, 0.9, 0.215)))]
    for c in cands:
        c.skey, c.feats[k_next] = ("italic", 9.0), 1.0
    st = SimpleNamespace(style_rows={("italic", 9.0): 3})
    _same_style_as_headings(rows, cands, st, 0.4)
    assert cands[2].p == 0.215
    cands[2].text = cands[2].title = "Human-Computer Interaction"
    _same_style_as_headings(rows, cands, st, 0.4)
    assert cands[2].p == LIFT


def test_an_italic_heading_of_two_lines_runs_on_into_its_paragraph():
    from scholartools.parsing.pdf.headings import _extend

    head = row("3.1. Impact of coarse time discretization of calcium imaging data and scale factor of inferred",
               561, 11.0, x0=93, x1=522)
    head.italic = 0.96
    body = row("connection weights. A notable feature of the results illustrated in the left panel of the figure "
               "is that our estimator is biased downwards", 574.6, 11.0, x0=81, x1=522)
    body.lead, body.lead_style, body.lead_size = "connection weights.", "i", 11.0
    rows = [head, body]
    st = SimpleNamespace(body=11.0, body_gap=2.6, body_family="body", extents={(0, 0): [81.0, 522.0]}, text_left={},
                         extra={})
    c = _cand(0, head.text)
    _extend(rows, c, st)
    assert c.rows == [0, 1] and c.runin and c.text.endswith("of inferred connection weights.")
    assert c.rest.startswith("A notable feature")


def test_a_styled_row_with_one_accepted_sibling_in_its_place_is_a_heading(monkeypatch):
    from scholartools.parsing.pdf import headings

    # "Statistical analyses" accepted on its own, "Data" (bold, the body's size, between two
    # paragraphs) not: two rows of the style in a heading's place make the style's headings
    rows = [row("Data", 487, bold=1.0), row("Statistical analyses", 600, bold=1.0)]
    cands = [_cand(0, "Data", 0.286), _cand(1, "Statistical analyses", 0.413)]
    for c in cands:
        c.skey = ("bold", 10.0)
    monkeypatch.setattr(headings, "_plain_heading", lambda rows, c, st, heads=(), styled=False: styled)
    headings._plain_headings(rows, cands, SimpleNamespace(style_rows={("bold", 10.0): 4}), 0.4)
    assert cands[0].p == LIFT
    # a style most of whose rows stand elsewhere is the body's bold
    cands[0].p = 0.286
    headings._plain_headings(rows, cands, SimpleNamespace(style_rows={("bold", 10.0): 40}), 0.4)
    assert cands[0].p == 0.286


def test_an_appendix_title_under_its_large_label_is_a_lettered_heading():
    from scholartools.parsing.pdf.headings import _chapter_titles

    rows = [row("Appendix A", 137, 25.0, bold=1.0, x0=76, x1=214), row("Conventions", 187, 25.0, bold=1.0, x0=76,
                                                                          x1=221),
            row("We adopt the typographic conventions for operational forms throughout the paper.", 285, 12.0)]
    cands = [_cand(0, "Appendix A", 0.5), _cand(1, "Conventions", 0.3)]
    _chapter_titles(rows, cands, SimpleNamespace(body=12.0), 0.4)
    assert cands[0].p == 0.0 and cands[1].p == 0.9 and cands[1].number == "A"   # (0.9: thirty-third round)


def test_a_thesis_title_goes_on_over_a_connective_and_stops_at_its_authors_name():
    from scholartools.parsing.pdf.frontmatter import title_rows

    lines = ["Does Media Coverage of Sexual Assault Cases Cause Victims to",
             "Go to the Police? Evidence from FBI Data and Google Trends"]
    rows = [row(lines[0], 156.3, 12.0, bold=1.0, x0=115, x1=493), row(lines[1], 191.9, 12.0, bold=1.0, x0=118, x1=489),
            row("Harry Elworthy", 233.2, 10.0, bold=1.0, x0=264, x1=343),
            row("Honors Thesis submitted in partial fulfillment of the requirements for", 537.9, 11.0, x0=141, x1=471)]
    for k, r in enumerate(rows):
        r.index = k
    # the lines are a blank line and more apart (1.97 em): the first ends in "to"
    assert [r.text for r in title_rows(rows, 11.0, 0, 792.0)] == lines
    rows[0].text = "Does Media Coverage of Sexual Assault Cases Cause Victims"
    assert [r.text for r in title_rows(rows, 11.0, 0, 792.0)] == [rows[0].text]
    # a thesis' author under the title in its size, upright where the title is bold
    rows = [row("Aplicación de Slow Education en las Universidades", 70.4, 17.0, bold=1.0, x0=99, x1=513),
            row("Ivan Hansen", 98.3, 17.0, x0=262, x1=350),
            row("Presentado en el Departamento de Posgrado", 128.4, 14.5, x0=173, x1=439)]
    for k, r in enumerate(rows):
        r.index = k
    assert [r.text for r in title_rows(rows, 11.0, 0, 792.0)] == [rows[0].text]


def test_a_manuscripts_title_in_the_body_type_is_the_one_repeated_over_its_introduction():
    from scholartools.parsing.pdf.frontmatter import title_rows

    title = "Social influences and their interaction with private values in auctions"
    rows = [row("Running head: SOCIAL INFLUENCES IN AUCTIONS. 1", 72.8, 12.0, x1=540),
            row(title, 206.5, 12.0, x0=88, x1=520), row("Toelch, Jubera-Garcia & Dolan", 248.4, 12.0, x0=226, x1=386),
            row("Affiliation", 272.4, 12.0, x0=280, x1=332),
            row("Running head: SOCIAL INFLUENCES IN AUCTIONS. 2", 72.8, 12.0, page=1, x1=540),
            row(title, 89.1, 12.0, page=1, x0=90, x1=522), row("Introduction", 137.1, 12.0, bold=1.0, page=1),
            row("To make informed decisions individuals need to sample their environment.", 185.2, 12.0, page=1)]
    for k, r in enumerate(rows):
        r.index = k
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)] == [title]
    # a text atop every page is a running head, not a title
    rows += [row(title, 89.1, 12.0, page=2, x0=90, x1=522), row("More text of the paper goes here.", 120, page=2)]
    for k, r in enumerate(rows):
        r.index = k
    assert title_rows(rows, 12.0, 0, 792.0) == []


def test_a_centred_bold_introduction_at_the_body_size_is_a_heading(monkeypatch, tmp_path):
    import pymupdf

    # an APA manuscript's "Introduction", centred in bold at the body's size, which the model
    # scores 0.1 (held there): a standard section's name set so is a heading
    doc = pymupdf.open()
    for k, y in enumerate((206, 89)):
        p = doc.new_page(width=612, height=792)
        p.insert_text((88, y), "Social influences and their interaction with private values", fontsize=12,
                      fontname="tiro")
    p.insert_text((270, 137), "Introduction", fontsize=12, fontname="tibo")
    para(p, 160, size=12)
    hold_scores(monkeypatch, 0.099, lambda c: c.text == "Introduction")
    rec = saved_record(doc, tmp_path, "apa.pdf")
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction"]


def test_a_list_of_abbreviations_and_a_tables_note_are_no_headings():
    from scholartools.parsing.pdf.headings import _vetoes

    st = SimpleNamespace(body=12.0, body_family="body", page_height=792.0, extents={(0, 0): [74.0, 521.0]})
    texts = ["GDPR General Data Protection Regulation", "EW&NI England, Wales, and Northern Ireland",
             "FRR False recency rate", "Nota. This is a great figure.", "Statistical analysis. We fitted",
             "LSTM The Long Short-Term Memory network is a recurrent neural network that keeps"]
    leads = ["GDPR", "EW&NI", "FRR", "Nota.", "Statistical analysis.", "LSTM"]
    rows = [row(t, 100 + 23 * k, 12.0, x0=74, x1=359) for k, t in enumerate(texts)]
    rows[4:] = [row(t, 300 + 60 * k, 12.0, x0=74, x1=521) for k, t in enumerate(texts[4:], 4)]
    for r, lead in zip(rows, leads):
        r.lead, r.lead_style = lead, "b"
    cands = [_cand(k, lead.rstrip("."), 0.56) for k, lead in enumerate(leads)]
    for c in cands:
        c.runin = True
    _vetoes(rows, cands, st)
    # a glossary's entries and a note go; a paragraph headed by an abbreviation, among body text, stays
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.0, 0.56, 0.56]


def test_front_matter_lists_in_other_languages_and_a_chapters_label_on_its_row():
    from scholartools.parsing.pdf.headings import number_and_title
    from scholartools.text.sections import section_type

    assert {section_type(h) for h in ("Índice", "Índice de figuras", "Lista de Siglas", "Palabras Claves",
                                      "Inhaltsverzeichnis", "Table des matières", "Sumário")} == {"front_matter"}
    assert number_and_title("Capítulo I: Introducción") == ("I", "Introducción")
    assert number_and_title("CHAPTER 3. RESULTS") == ("3", "RESULTS")
    # a sentence that opens with the word is no chapter's label
    assert number_and_title("Chapter 4 of the book explains") == (None, "Chapter 4 of the book explains")
