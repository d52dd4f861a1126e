"""What the thirty-seventh round of issue 36 mended (docs/st-parse.md, "Thirty-seventh round").

Read from the round's blind batches (tex dev53: World Scientific's IJWMIP and IJBC, the Science
template, EDP's ESAIM: Proceedings; dev54: HICSS, LREC 2016, a Tufte-style thesis chapter; dev55:
AGU journals, ANZ J. Statistics, J. Systems Science & Complexity, GERAD working papers, an Aalto
thesis):

* an abstract labelled in English ends where its translation opens under another language's
  label run in after its last sentence ("Résumé. La résonnance …", ESAIM);
* a run-in label repeated before a colon three times or more ("**Point of information:** …" in
  a thesis' margin boxes, "**User:** …" in a dialogue) is a kind of paragraph, no section;
* the second line of a bold lead that broke after a lower-case word ("**RG6 - Technical
  Understanding among**" / "**Decision Makers:** Addressing …") is no heading of its own;
* an algorithm's inputs and outputs ("Output: Labels {yi}N") and its title over its numbered
  lines ("Computing Upper Bound N: Original" over "1 i = 0 …", "2 while true") are no headings;
* TX Fonts' typewriter face ("t1xtt") is a program's face;
* a numbered subsection named for the study whose data it describes may say more before the
  citation ("2.1 Sediment Core Records from Lu et al. (2023)");
* a statement's head in a heading's face ("**Definition 2.6** (Semi-algebraic Set) …") does not
  go on the heading above it;
* a displayed fraction's numerator over a denominator that ends in the display's number ("Ev[SW(s(v);
  v)]" over "Ev[OPT(v)] , (2.1)", a Reed College thesis) is no heading;
* authors' names marked with their affiliations' letters ("Jaroslav Fowkes a"), a form's fields
  ("**Author** …", "**Supervisor** …", a thesis' abstract form) and a plot's title over its
  smaller labels ("Total population" over "Female", "Male") are no headings.
"""
from types import SimpleNamespace

import pymupdf
from pdf_pages import front_rows, para, row, saved_record, span

from scholartools.parsing.pdf.extract import _row_from_spans
from scholartools.parsing.pdf.frontmatter import title_rows
from scholartools.parsing.pdf.headings import (Cand, _NAMED_FOR_SOURCE, _outline_like, _vetoes, number_and_title)

ST = SimpleNamespace(body=10.0, body_family="body")


def _cand(rows, i, runin=False, number=None):
    r = rows[i]
    text = r.lead.rstrip(" :") if runin else r.text
    title = number_and_title(text)[1] if number else text
    return Cand(i=i, rows=[i], text=text, runin=runin, rest=r.text[len(r.lead):] if runin else "", p=0.6,
                number=number, title=title)


def _lead_row(lead, rest, y, x0=72.0, bold=0.3):
    r = row(f"{lead} {rest}", y, bold=bold, x0=x0, x1=520)
    r.lead, r.lead_style = lead, "b"
    return r


def _boxes(leads):
    """A paragraph opening with each lead, four lines of text under it."""
    rows = []
    for k, lead in enumerate(leads):
        rows.append(_lead_row(lead, "What are string diagrams? They are pictures of processes.", 100 + 70 * k))
        rows += [row("The chapter goes on with its argument about string diagrams and text.", 112 + 70 * k + 12 * j,
                     x1=520) for j in range(4)]
    return rows


def test_a_label_repeated_before_a_colon_is_no_section():
    rows = _boxes(["Point of information:"] * 3)
    cands = [_cand(rows, i, runin=True) for i in (0, 5, 10)]
    _vetoes(rows, cands, ST)
    assert [c.p for c in cands] == [0.0] * 3
    # twice is not enough ("Summary:" may head two parts), nor three different labels
    for leads in (["Summary:", "Summary:", "Outlook:"], ["Data:", "Model:", "Training:"]):
        rows = _boxes(leads)
        cands = [_cand(rows, i, runin=True) for i in (0, 5, 10)]
        _vetoes(rows, cands, ST)
        assert [c.p for c in cands] == [0.6] * 3


def test_a_bold_lead_broken_after_a_lower_case_word_goes_on_from_above():
    above = row("RG6 - Technical Understanding among", 100, bold=1.0, x0=332, x1=530)
    lead = _lead_row("Decision Makers:", "Addressing challenges necessitates a foundational understanding.", 65)
    rows = [row("such as the GDPR, as regulations require.", 88, x0=317, x1=530), above, lead]
    c = _cand(rows, 2, runin=True)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0
    # under a heading of its own (ending in a capitalised word), a lead stays
    above.text = "3.2 Research Gaps in OSINT"
    c = _cand(rows, 2, runin=True)
    _vetoes(rows, [c], ST)
    assert c.p == 0.6


def test_an_algorithms_outputs_and_title_are_no_headings():
    rows = [row("Input: Training data Xtrain and testing samples Xtest.", 100, x0=115, x1=460),
            row("Output: Labels {yi}N", 114, bold=0.4, x0=115, x1=205),
            row("1: (Wavelet transform) Decompose the signal.", 128, x0=121, x1=460)]
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0
    rows = [row("The basic frame of our algorithm is:", 480, x1=300),
            row("Computing Upper Bound N: Original", 500, x0=57, x1=245),
            row("1 i = 0, B = {L0", 518, x0=62, x1=147), row("t,f}", 519, size=7.0, x0=143, x1=158),
            row("2 while true", 531, x0=62, x1=130), row("3 do something", 544, x0=62, x1=130)]
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0
    for title in ("Contents", "Reference"):   # a table of contents or a bibliography over its numbered lines
        rows[1].text = title
        c = _cand(rows, 1)
        _vetoes(rows, [c], ST)
        assert c.p == 0.6, title


def test_tx_fonts_typewriter_face_is_a_programs():
    rows = [row("the sentence is read CLUMSILY by the model", 90, x1=520), row("CLUMSILY", 110, x0=143, x1=190),
            row("and so on through the diagram of the sentence.", 130, x1=520)]
    rows[1].family = "t1xtt"
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0


def test_a_subsection_named_for_its_source_after_other_words():
    c = Cand(i=0, rows=[0], text="2.1 Sediment Core Records from Lu et al. (2023)", number="2.1",
             title="Sediment Core Records from Lu et al. (2023)")
    assert _outline_like(c)
    assert _NAMED_FOR_SOURCE.match("Willott et al. 2013")
    assert not _NAMED_FOR_SOURCE.match("Lu X., Smith J. (2023)")     # a reference's authors
    ref = Cand(i=0, rows=[0], text="12. Smith J, Jones K. A study of cores. 2010", number="12",
               title="Smith J, Jones K. A study of cores. 2010")
    assert not _outline_like(ref)


def test_authors_marked_with_affiliation_letters_are_no_heading():
    rows = [row("scientific computation", 105, size=17.0, bold=1.0, x1=268),
            row("Jaroslav Fowkes a", 190, size=14.5, bold=1.0, x1=205),
            row("Dominique Orban b,c", 212, size=14.5, bold=1.0, x1=218),
            row("Results and Discussion a", 240, size=14.5, bold=1.0, x1=300)]
    cands = [_cand(rows, i) for i in (1, 2, 3)]
    _vetoes(rows, cands, ST)
    assert [c.p for c in cands] == [0.0, 0.0, 0.6]


def test_a_forms_fields_are_no_headings():
    fields = [("Author", "Gabriel Gomes Ziegler"), ("Title", "Automating Information Extraction"),
              ("Degree programme", "Data Science"), ("Major", "ICT Innovation"), ("Supervisor", "Prof. Bo Zhao"),
              ("Advisor", "MS Liliya Shakhpazyan")]
    rows = [_lead_row(lead, rest, 120 + 19 * k, x0=96) for k, (lead, rest) in enumerate(fields)]
    cands = [_cand(rows, i, runin=True) for i in range(len(rows))]
    _vetoes(rows, cands, ST)
    assert all(c.p == 0.0 for c in cands)
    # a front page's labels (typed front matter) and a journal's back-matter statements stay
    for labels in ([("Related Version", "Full Version"), ("Funding", "None"), ("Keywords", "graphs, trees"),
                    ("Digital Object Identifier", "10.4230/LIPIcs.ITCS.2026.1")],
                   [("Competing interests", "None declared."), ("Patient consent", "Not applicable."),
                    ("Provenance", "Not commissioned."), ("Ethics", "Not required.")]):
        rows = [_lead_row(lead, rest, 120 + 19 * k, x0=96) for k, (lead, rest) in enumerate(labels)]
        cands = [_cand(rows, i, runin=True) for i in range(len(rows))]
        _vetoes(rows, cands, ST)
        assert all(c.p == 0.6 for c in cands), labels
    # a paragraph's lead has its own lines around it
    rows = [row("the text of the paragraph before, which goes on for a while here.", 100 + 12 * k, x0=96, x1=500)
            for k in range(4)]
    rows.insert(2, _lead_row("Supervisor", "The supervision of the project was shared.", 124, x0=96))
    c = _cand(rows, 2, runin=True)
    _vetoes(rows, [c], ST)
    assert c.p == 0.6


def test_a_plots_title_over_its_smaller_labels_is_no_heading():
    title = row("Total population", 58, size=8.5, x0=80, x1=138)
    title.family = "helvetica"
    labels = [row("Female", 74, size=6.0, x0=156, x1=175), row("Male", 74, size=6.0, x0=335, x1=347)]
    for r in labels:
        r.family = "helvetica"
    rows = [row("forecasts for three pension schemes, as the figure shows.", 40, x1=430), title, *labels]
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0
    # a heading in the body's face over text
    rows = [rows[0], row("Total population", 58, size=9.0, x0=80, x1=138),
            row("The total population grows by a third.", 72, x1=430), row("It then falls.", 84, x1=430)]
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.6


def test_an_abstracts_translation_under_its_own_label_is_not_the_abstract(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "A numerical study of the X-mode equations", fontsize=17, fontname="tiro")
    p.insert_text((72, 105), "Jane Doe and John Smith", fontsize=11, fontname="tiro")
    english = ("Abstract. The hybrid resonance is a physical phenomenon that appears in the heating of plasma. "
               "In this paper we focus on solutions of low regularity to the Maxwell equations. We compare the "
               "results with the ones obtained in the frequency domain.")
    y = para(p, 130, english)
    y = para(p, y + 4, "Résumé. La résonnance hybride est un phénomène physique qui apparait lorsque l'on chauffe "
                       "un plasma. Nous comparons numériquement les solutions fréquentielles.")
    p.insert_text((72, y + 20), "Introduction", fontsize=12, fontname="tibo")
    para(p, y + 26)
    rec = saved_record(doc, tmp_path, "resume.pdf")
    assert rec["abstract"].endswith("obtained in the frequency domain.")
    assert "Résumé" not in rec["abstract"]


def test_a_statements_head_in_the_headings_face_does_not_go_on_the_heading(tmp_path):
    from pdf_pages import headings_of

    def draw(p, y):
        p.insert_text((72, y), "2.2 Background: Semi-algebraic Set", fontsize=10, fontname="hebo")
        p.insert_text((90, y + 16), "Definition 2.6", fontsize=10, fontname="hebo")
        p.insert_text((165, y + 16), "(Semi-algebraic Set) A semi-algebraic set is a subset of the space",
                      fontsize=10, fontname="helv")
        para(p, y + 20, "defined by a finite sequence of polynomial equations and inequalities, or any finite "
                        "union of such sets, as the next paragraphs set out. " * 3, size=10, font="helv")

    found = headings_of(tmp_path, "definition.pdf", draw)
    assert "Background: Semi-algebraic Set" in found   # (its number in the record's own field)
    assert not any("Definition" in h for h in found)


def test_a_variable_opening_a_numbered_title_is_part_of_its_lead():
    # SIAM's proceedings: "**3.3** *e* **is a normal edge** For e = (u, v) as a normal edge, …"
    r = _row_from_spans([span("3.3 ", 100, "CMBX10", 20), span("e", 120, "CMMI10", 6),
                         span(" is a normal edge", 126, "CMBX10", 20),
                         span(" For e = (u, v) as a normal edge, let", 220, "CMR10", 4)], 0, 1)
    assert (r.lead, r.lead_style) == ("3.3 e is a normal edge", "b")


_front = front_rows


def test_a_title_in_title_case_under_a_smaller_banner_is_no_author_line():
    # a lab's research bulletin: its series' banner over the title, then the authors
    rows = _front([("RESEARCH BULLETIN MRL-0011", 106, 10.0, 0.0),
                   ("Ring Threshold Multisignature Schemes and Security Models", 126, 14.5, 0.0),
                   ("Brandon Goodell and Sarang Noether", 147, 10.0, 0.0),
                   ("1 Introduction and Background", 278, 14.5, 1.0),
                   ("Collaboration to construct, compute, share, and leak a secret is a central idea of "
                    "cryptographic systems and of this bulletin.", 305, 10.0, 0.0)])
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == [
        "Ring Threshold Multisignature Schemes and Security Models"]
    # names under the title, set no larger, are still the author line
    rows = _front([("Graphs in Practice", 100, 17.0, 0.0), ("Ada Lovelace and Charles Babbage", 125, 11.0, 0.0),
                   ("Some body text of the paper that goes on for a while here and there.", 200, 10.0, 0.0)])
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == ["Graphs in Practice"]
    # ... and so are names set larger than the title over them (ESAIM's proceedings)
    rows = _front([("MATHEMATICAL MODELING OF CELL AGGREGATION AND SEGREGATION", 205, 11.0, 0.0),
                   ("Luis Almeida and Benoit Perthame", 232, 12.0, 0.0),
                   ("Some body text of the paper that goes on for a while here and there.", 300, 10.0, 0.0)])
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == [
        "MATHEMATICAL MODELING OF CELL AGGREGATION AND SEGREGATION"]


def test_a_numbered_standard_section_in_the_titles_size_is_no_title():
    rows = _front([("Simulating the Price of Anarchy in Auctions", 100, 12.0, 0.0),
                   ("1 Introduction and Background", 150, 14.5, 1.0),
                   ("Collaboration to construct, compute and share is a central idea of cryptographic "
                    "systems and of this bulletin.", 180, 10.0, 0.0)])
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == ["Simulating the Price of Anarchy in Auctions"]


def test_a_displayed_fractions_numerator_over_a_numbered_denominator_is_no_heading():
    # "Ev[SW(s(v); v)]" over "Ev[OPT(v)] , (2.1)": the display's number at the column's edge puts
    # the denominator's row off the numerator's centre
    num = row("Ev[SW(s(v); v)]", 110, x0=245, x1=328)
    num.math = 0.21
    rows = [row("valuation distribution F, is the smallest value of the ratio:", 77, x1=372), num,
            row("Ev[OPT(v)] , (2.1)", 116, x0=255, x1=504),
            row("ranging over all Bayes-Nash equilibria s of the auction.", 164, x1=354)]
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.0
    # a heading over a line that ends in a number in brackets, but starts at the column's edge, stays
    rows[1], rows[2] = row("Results", 110, x0=72, x1=120), row("The ratio is 0.8 as before (2.1)", 126, x0=72, x1=300)
    c = _cand(rows, 1)
    _vetoes(rows, [c], ST)
    assert c.p == 0.6
