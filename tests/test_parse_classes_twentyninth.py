"""What the twenty-ninth round of issue 36 mended (docs/st-parse.md, "Twenty-ninth round").

Read from the last round's batches, before the round's own were scored:

* a Springer journal's subsection headings are set in the body's type and sentence case, the
  model scoring them near nothing, so their place in the outline decides — but "3.2 Comparison
  with DBSCAN" was not taken for a title in title case ("with" in lower case), and the outline
  dropped it;
* the Royal Society's front page sets its abstract without a label in the body's type, its
  subject areas and keywords in the left margin beside it, and the introduction's first paragraph
  under it before "1. Introduction" on the next page: no abstract was found.

Read after the round's batch of computer-science, engineering and non-English papers (tex dev23)
was scored:

* a report's heading ("1.4 The Need for Easy-to-use" / "Tools") wrapped beside a figure's caption
  that the column finder kept in its column, so the line looked short of the column's edge and the
  heading was cut in two;
* the old ACM journal class sets its 8 pt abstract and "Categories and Subject Descriptors: …" half
  a line apart, and the abstract was read as one paragraph with them: no abstract was found;
* IEEE's enumerated items with bold labels ("2) **Empirical on-chain performance.** Most …", the
  enumerator upright) had no lead, so a whole line was taken for a heading; as leads, their
  enumerator, which the lead's words leave out, did not count in telling a list;
* a heading in capitals whose last word the author set in italics ("II. CARACTERÍSTICAS
  ESTRUTURAIS DE UM" / "*MEMRISTOR*") was cut before it, the italic line read as the next level's
  heading.

Read after the round's batch of papers in the sciences, mathematics and the humanities (tex dev22)
was scored:

* an `amsart` paper in a font without small capitals set "Abstract." in the body's face, and the
  label was not taken (the mark was looked for after the space that follows it), nor its sections
  "1. Preliminaries" … "9. Proof of the classification", each centred on a line of its own in the
  body's type, which the model scored near nothing;
* Elsevier's CAS class put a graphical-abstract page and a highlights page before the article,
  and the title was read as "Graphical Abstract";
* an author's theorem-like environment ("*Result 4 (Fixation probability).* The …") was read as
  run-in heads;
* a line-numbered manuscript's number in the margin ("438" beside "Discussion") vetoed the
  heading as a table's first cell with its figures beside it.

Read after the round's batch of publisher PDFs (jats dev11) was scored:

* MDPI's "3.4.6. β-Carotene Bleaching", between "3.4.5" and "3.4.7" in the body's type, was no
  title in capitals for the outline (its Greek prefix is a lower-case letter);
* a table's note in small print under two tables ("DR-TB drug resistant tuberculosis", 7 pt under
  a 10 pt body) was taken for a heading twice.

Read after the round's batch of rarer classes (tex dev24) was scored:

* a short title in capitals ("TENSORIZED PAULI COMPOSER", "DEEP UNSUPERVISED DRUM TRANSCRIPTION")
  read as a label by its case, and the title became "1 Introduction" or an author's name;
* ISMIR sets its authors in columns on one line, and the second column's name ("Kyunghyun Cho"),
  read after the first column's text, was taken for a heading.

Read from earlier batches at the round's end (thesis covers of tex dev17, dev18 and dev21):

* a Penn State thesis sets its title in capitals double-spaced (a line and 0.4 apart), and the
  cover's title lost its second line;
* a Notre Dame dissertation's subtitle in small capitals and an Oxford-style report's in a smaller
  bold, each centred right under the title, were left out of it (the report's cover cue, "Submitted
  April 2016, in partial fulfilment of", was not read as one).
"""

from types import SimpleNamespace

import pymupdf
import pytest

from pdf_pages import block, row, saved_record, small_row


@pytest.mark.parametrize("text, deep", [
    ("3.2 Comparison with DBSCAN", True), ("2.4 Transfer from Simulation into Practice", True),
    ("3.2 Comparison shows gains", False),      # a word of its own in lower case: a sentence
    ("2.1 Models were trained with care", False)])
def test_a_two_level_title_keeps_its_connecting_words_in_lower_case(text, deep):
    from scholartools.parsing.pdf.headings import Cand, _deep_title

    number, title = text.split(" ", 1)
    c = Cand(i=0, rows=[0], text=text, title=title)
    assert _deep_title(c, [int(x) for x in number.split(".")], [row(text, 100)]) is deep


ABSTRACT = ("Collective dilemmas reward a group only if its pooled contribution crosses a threshold before "
            "a catastrophe strikes, and people cooperate more when more is at stake. We ask whether language "
            "model agents reproduce that sensitivity. Thirteen models played the game in groups of six, and "
            "eleven of them ignore the risk entirely, whereas prompt changes move them by orders of magnitude.")
INTRO = ("The prevention of dangerous climate change is a collective dilemma: many actors must jointly invest "
         "enough to keep a shared catastrophe from occurring, yet each actor is tempted to free-ride on the "
         "investment of others. In laboratory versions of this dilemma cooperation rises steeply with the "
         "announced risk of loss, from essentially zero when the risk is low to about half when it is high.")


def _margin_front(tmp_path, name, keywords_beside=True):
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    p.insert_text((230, 60), "Language model agents in a collective dilemma", fontsize=17, fontname="helv")
    p.insert_text((230, 90), "Anonymous author(s)", fontsize=12, fontname="helv")
    p.insert_textbox(pymupdf.Rect(236, 120, 548, 420), ABSTRACT, fontsize=9, fontname="tiro")
    if keywords_beside:
        p.insert_text((36, 150), "Keywords:", fontsize=8.5, fontname="hebo")
        p.insert_text((36, 162), "language models, cooperation", fontsize=8.5, fontname="helv")
    p.insert_textbox(pymupdf.Rect(230, 260, 550, 560), INTRO, fontsize=9, fontname="tiro")
    q = doc.new_page(width=595, height=842)
    q.insert_text((48, 70), "1. Introduction", fontsize=13.5, fontname="helv")
    y = 90
    for _ in range(4):
        q.insert_textbox(pymupdf.Rect(48, y, 530, y + 200), INTRO, fontsize=9, fontname="tiro")
        y += 80
    return saved_record(doc, tmp_path, name)




def test_the_abstract_beside_its_keywords_is_found(tmp_path):
    rec = _margin_front(tmp_path, "beside.pdf")
    assert (rec.get("abstract") or "").startswith("Collective dilemmas reward a group")
    # without keywords beside it, the paragraph followed by the introduction's first one is no
    # abstract by this rule
    rec = _margin_front(tmp_path, "alone.pdf", keywords_beside=False)
    assert not (rec.get("abstract") or "").startswith("Collective dilemmas reward a group")


def _stats(page=0, extent=(72.0, 523.0), body=11.0):
    return SimpleNamespace(body=body, body_family="body", body_gap=2.0, extents={(page, 0): list(extent)},
                           text_left={(page, 0): extent[0]}, page_height=792.0)


def test_a_heading_wrapped_beside_a_caption_goes_on():
    from scholartools.parsing.pdf.headings import Cand, _extend, _text_beside

    def rows_(beside):
        head = row("1.4 The Need for Easy-to-use", 332.9, 12.0, bold=1.0, x0=72.0, x1=262.0)
        tail = row("Tools", 346.8, 12.0, bold=1.0, x0=72.0, x1=103.0)
        for r in (head, tail):
            r.family = "bold"
        body = row("Software Engineering, as a research field,", 368.3, 11.0, x0=72.0, x1=262.0)
        out = block([head, tail], 7) + block([body], 8)
        if beside:
            cap = row("to denote the amount of testing for a line.", 339.1, 11.0, x0=272.0, x1=473.0)
            cap.kind = "caption"
            out = block([cap], 5) + out
        return out

    rows = rows_(True)
    assert _text_beside(rows, 1) == 272.0 and _text_beside(rows_(False), 0) is None
    c = Cand(i=1, rows=[1], text=rows[1].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows, c, _stats())
    assert c.rows == [1, 2] and c.text == "1.4 The Need for Easy-to-use Tools"
    # nothing beside it: the line stops far short of the column's edge, the next row is its own
    rows = rows_(False)
    c = Cand(i=0, rows=[0], text=rows[0].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows, c, _stats())
    assert c.rows == [0]


def test_a_classification_row_under_a_small_print_abstract_ends_its_paragraph():
    from scholartools.parsing.pdf.frontmatter import _paragraphs

    lines = ["In this paper, we consider the problem faced by a sensor network operator who must infer",
             "the value of some environmental parameter that is being monitored at discrete points.",
             "We validate our approach using data collected from three networks of weather sensors."]
    rows = [small_row(t, 244.3 + 10 * k, x0=109.0, x1=503.0) for k, t in enumerate(lines)]
    rows.append(small_row("Categories and Subject Descriptors: C.2.4 [Computer Communication Networks]:", 278.2,
                          x0=109.0, x1=503.0))
    rows.append(small_row("General Terms: Algorithms, Design, Performance", 292.1, x0=109.0, x1=290.0))
    paras = _paragraphs(rows, 0, 2.0, None, ("text", "small"))
    assert paras[0] == [0, 1, 2] and paras[1][0] == 3


def test_enumerated_items_with_bold_labels_are_a_list_not_headings():
    from scholartools.parsing.pdf.extract import _RUNIN_NUMBER
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _enumerated_leads

    assert _RUNIN_NUMBER.match("2)") and _RUNIN_NUMBER.match("3.1.") and not _RUNIN_NUMBER.match("2)x")
    leads = ["1) Non-fulfillment protection for the prosumer.", "2) Cancellation safety for the consumer.",
             "3) Atomicity."]
    rows = []
    for k, lead in enumerate(leads):
        r = row(lead + " The consumer's funds are held", 63.2 + 36 * k, x0=328.0, x1=566.0)
        r.lead, r.lead_style = lead, "b"
        rows += [r, row("by the contract from submission until execution;", 75.3 + 36 * k, x0=341.0, x1=566.0)]
    cands = [Cand(i=2 * k, rows=[2 * k], text=lead.split(" ", 1)[1].rstrip("."), runin=True, p=0.47,
                  feats=[0.0] * len(FEATURES)) for k, lead in enumerate(leads)]
    _enumerated_leads(cands, rows)
    assert [c.p for c in cands] == [0.0] * 3
    # run-in heads without an enumerator keep their scores
    for r in rows:
        r.lead = r.lead.split(" ", 1)[1] if r.lead else ""
    cands = [Cand(i=2 * k, rows=[2 * k], text=lead.split(" ", 1)[1].rstrip("."), runin=True, p=0.47,
                  feats=[0.0] * len(FEATURES)) for k, lead in enumerate(leads)]
    _enumerated_leads(cands, rows)
    assert [c.p for c in cands] == [0.47] * 3


def test_a_heading_in_capitals_keeps_its_last_word_set_in_italics():
    from scholartools.parsing.pdf.headings import Cand, _extend

    def rows_(last):
        head = row("II. CARACTERÍSTICAS ESTRUTURAIS DE UM", 524.4, 10.0, bold=1.0, x0=65.0, x1=284.0)
        tail = row(last, 536.3, 10.0, bold=1.0, x0=152.0, x1=212.0)
        tail.italic = 1.0
        body = row("Dispositivos de resistência variável baseados em óxidos", 559.5, 10.0, x0=62.0, x1=298.0)
        return block([head], 4) + block([tail], 5) + block([body], 6)

    st = _stats(extent=(51.0, 298.0), body=10.0)
    rows = rows_("MEMRISTOR")
    c = Cand(i=0, rows=[0], text=rows[0].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows, c, st)
    assert c.text == "II. CARACTERÍSTICAS ESTRUTURAIS DE UM MEMRISTOR"
    # an italic line in lower case under it is the next level's heading, as before
    rows = rows_("Memristores de óxido")
    c = Cand(i=0, rows=[0], text=rows[0].text, runin=False, p=0.0, title="", feats=[])
    _extend(rows, c, st)
    assert c.rows == [0]


def test_an_abstract_label_closed_by_its_mark_in_the_body_face():
    from scholartools.parsing.pdf.frontmatter import _is_label_row

    label = row("Abstract. Eric Li's preprint gave the first publicly posted classification", 164.9, 9.0)
    label.first_in_block = True
    assert _is_label_row(label) == (True, "Eric Li's preprint gave the first publicly posted classification")
    colon, algebra = row("Abstract: We show that", 100), row("Abstract algebra offers tools for this", 100)
    colon.first_in_block = algebra.first_in_block = True
    assert _is_label_row(colon)[0] and not _is_label_row(algebra)[0]
    # inside a block: a reference's line ("… Ethnographic Atlas: A" / "Summary. The University of …")
    label.first_in_block = False
    assert not _is_label_row(label)[0]


def _numbered_cands(texts, centre=297.5, page_of=lambda k: k):
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    rows, cands = [], []
    for k, text in enumerate(texts):
        width = 6.0 * len(text)
        rows.append(row(text, 300.0, 11.0, page=page_of(k), x0=centre - width / 2, x1=centre + width / 2))
        rows.append(row("The body of the section goes on here in full sentences across the line.", 320.0, 11.0,
                        page=page_of(k), x0=72.0, x1=523.0))
        c = Cand(i=2 * k, rows=[2 * k], text=text, p=0.01, feats=[0.0] * len(FEATURES))
        c.number, c.title = text.split(" ", 1)[0].rstrip("."), text.split(" ", 1)[1]
        cands.append(c)
    return rows, cands


SECTIONS = ["1. Preliminaries", "2. A bipartite subgraph lemma", "3. Bipartite expansions", "4. Closure properties",
            "5. The intrinsic decomposition", "6. The sequence lift"]


def test_sections_centred_on_lines_of_their_own_make_an_outline():
    from scholartools.parsing.pdf.headings import _centred_outline

    rows, cands = _numbered_cands(SECTIONS)
    _centred_outline(cands, 0.4, rows)
    assert [round(c.p, 2) for c in cands] == [0.41] * 6
    # set flush left (a list's items share an edge, not a centre): left to the model
    rows, cands = _numbered_cands(SECTIONS)
    for k, r in enumerate(rows[::2]):
        r.x0, r.x1 = 72.0, 72.0 + 6.0 * len(SECTIONS[k])
    _centred_outline(cands, 0.4, rows)
    assert [c.p for c in cands] == [0.01] * 6
    # a number missing, or all on two pages: no outline
    rows, cands = _numbered_cands(SECTIONS[:2] + SECTIONS[3:])
    _centred_outline(cands, 0.4, rows)
    assert [c.p for c in cands] == [0.01] * 5
    rows, cands = _numbered_cands(SECTIONS, page_of=lambda k: k // 3)
    _centred_outline(cands, 0.4, rows)
    assert [c.p for c in cands] == [0.01] * 6


def test_pages_of_a_graphical_abstract_and_highlights_come_before_the_front_page():
    from scholartools.parsing.pdf.frontmatter import front_page

    def doc(labels):
        rows = []
        for p, label in enumerate(labels):
            rows.append(row(label, 54.3, 14.0, page=p))
            rows.append(row("Daniel Castillo-Castro, Rafael González-Valdés", 99.3, 10.0, page=p))
        rows.append(row("Testing MD Simulations of Amorphous Carbon", 53.6, 17.0, page=len(labels)))
        rows.append(row("Amorphous carbon is a material of recent interest in materials science.", 154.7, 10.0,
                        page=len(labels), x1=523.0))
        return rows

    assert front_page(doc(["Graphical Abstract", "Highlights"]), 10.0) == 2
    assert front_page(doc(["Highlights"]), 10.0) == 1
    assert front_page(doc([]), 10.0) == 0


def test_an_authors_numbered_statements_are_no_run_in_heads():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _vetoes

    st = SimpleNamespace(body=12.0, body_family="body")

    def leads(names):
        rows, cands = [], []
        for k, name in enumerate(names):
            rows.append(row(f"{name}. The fixation probability of an invading phenotype is", 100.0 + 40 * k, 12.0,
                            x0=57.0, x1=539.0))
            cands.append(Cand(i=k, rows=[k], text=name, runin=True, p=0.5, rest="The fixation probability",
                              feats=[0.0] * len(FEATURES)))
        return rows, cands

    rows, cands = leads(["Result 1", "Result 2 (Fixation time)", "Result 3", "Drift and diffusion terms"])
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.5]
    rows, cands = leads(["Result 1", "Result 2", "Case 1"])     # two of a word are no series
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.5, 0.5, 0.5]


def test_a_margin_line_number_beside_a_heading_is_no_table_cell():
    from scholartools.parsing.pdf.headings import Cand, _numbers_beside

    head = row("Discussion", 707.1, 17.0, bold=1.0, x0=57.0, x1=134.0)
    c = Cand(i=0, rows=[0], text="Discussion")
    assert not _numbers_beside([head, row("438", 711.8, 11.0, x0=29.0, x1=47.0)], c, head)
    assert _numbers_beside([head, row("13.2  15.7  1.25", 707.5, 11.0, x0=200.0, x1=300.0)], c, head)


def test_a_title_opening_with_a_letter_prefix_counts_as_capitalised():
    from scholartools.parsing.pdf.headings import Cand, _deep_title, _opens_capital

    assert _opens_capital("β-Carotene Bleaching") and _opens_capital("k-means") and _opens_capital("Methods")
    assert not _opens_capital("times higher than the control") and not _opens_capital("βeta")
    c = Cand(i=0, rows=[0], text="3.4.6. β-Carotene Bleaching", title="β-Carotene Bleaching")
    assert _deep_title(c, [3, 4, 6], [row(c.text, 100)])


def test_a_tables_note_repeated_in_small_print_is_no_heading():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _vetoes

    st = SimpleNamespace(body=10.0, body_family="body")
    rows = [row("DR-TB drug resistant tuberculosis", 295.1, 7.0, page=5, x0=305.0, x1=402.0),
            row("DR-TB drug resistant tuberculosis", 390.1, 7.0, page=6, x0=305.0, x1=402.0),
            row("DR-TB centres", 100.0, 10.0, bold=1.0, page=1)]
    cands = [Cand(i=k, rows=[k], text=r.text, p=0.45, feats=[0.0] * len(FEATURES)) for k, r in enumerate(rows)]
    _vetoes(rows, cands, st)
    assert [c.p for c in cands] == [0.0, 0.0, 0.45]
    # once, it is left to the model
    cands = [Cand(i=k, rows=[k], text=r.text, p=0.45, feats=[0.0] * len(FEATURES)) for k, r in enumerate(rows[1:])]
    _vetoes(rows[1:], cands, st)
    assert [c.p for c in cands] == [0.45, 0.45]


def _caps_front(title="DEEP UNSUPERVISED DRUM TRANSCRIPTION", title_size=14.5, names_size=12.0):
    title_row = row(title, 63.6, title_size, bold=1.0, x0=137.0, x1=461.0)
    first = row("Keunwoo Choi", 101.4, names_size, bold=1.0, x0=136.0, x1=211.0)
    second = row("Kyunghyun Cho", 101.4, names_size, bold=1.0, x0=355.0, x1=439.0)
    body = [row("We introduce DrummerNet, a drum transcription system that is trained in an", 192.6 + 12 * k, 10.0,
                x0=55.0, x1=287.0) for k in range(6)]
    rows = block([title_row], 0) + block([first], 1) + block(body, 6) + block([second], 3)
    for k, r in enumerate(rows):
        r.index = k
    return rows


def test_a_short_title_in_capitals_set_larger_than_all_else_is_the_title():
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = _caps_front()
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == ["DEEP UNSUPERVISED DRUM TRANSCRIPTION"]
    # a short row in capitals over a title set nearly its size stays a label
    rows = _caps_front(title="SPECIAL ISSUE", title_size=12.5, names_size=12.0)
    rows[1].text, rows[1].size = "Deep unsupervised drum transcription with a learnt synthesiser", 12.0
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == [rows[1].text]


def test_authors_set_in_columns_on_one_line_are_no_headings():
    from scholartools.parsing.pdf.frontmatter import author_line_heads
    from scholartools.parsing.pdf.headings import Cand

    rows = _caps_front()
    heads = {k: Cand(i=k, rows=[k], text=rows[k].text, p=0.6) for k in (1, 8)}
    assert sorted(author_line_heads(rows, heads, [rows[0]])) == [1, 8]
    # a heading level with no author row under the title is not one
    rows[1].text = "1 Introduction"
    assert author_line_heads(rows, heads, [rows[0]]) == []


def _cover(subtitle_x0=146.0):
    rows = [row("Potential of Opportunistic Relaying", 142.1, 12.0, x0=231.0, x1=415.0),
            row("Performance study across wireless interfaces on smartphones", 164.4, 11.0, x0=subtitle_x0,
                x1=subtitle_x0 + 354.0),
            row("A Dissertation", 216.1, 12.0, x0=286.0, x1=360.0),
            row("Submitted to the Graduate School", 266.3, 12.0, x0=235.0, x1=412.0)]
    rows[1].family = "smallcaps"
    return rows


def test_a_thesis_covers_subtitle_centred_under_its_title_goes_with_it():
    from scholartools.parsing.pdf.frontmatter import _COVER_CUE, _cover_title

    assert [r.text for r in _cover_title(_cover(), 0, 12.0)] == [
        "Potential of Opportunistic Relaying", "Performance study across wireless interfaces on smartphones"]
    # set flush left, away from the title's centre: not its subtitle
    assert [r.text for r in _cover_title(_cover(subtitle_x0=72.0), 0, 12.0)] == ["Potential of Opportunistic Relaying"]
    # the author's name centred under the title is no subtitle
    rows = _cover()
    rows[1].text, rows[1].x0, rows[1].x1 = "Cyrus Omar", 290.0, 356.0
    assert [r.text for r in _cover_title(rows, 0, 12.0)] == ["Potential of Opportunistic Relaying"]
    assert _COVER_CUE.match("Submitted April 2016, in partial fulfilment of")
    assert not _COVER_CUE.match("Submitted papers are reviewed in partial")


def test_a_title_in_capitals_double_spaced_is_one_group():
    from scholartools.parsing.pdf.frontmatter import _groups

    lines = [row("THE EFFECT OF SYNTACTIC CONSTRAINTS ON PARALLEL ACTIVATION", 199.2, 10.0, bold=1.0, x0=115.0,
                 x1=533.0),
             row("OF WORDS IN THE BILINGUAL'S LANGUAGES", 223.1, 10.0, bold=1.0, x0=191.0, x1=457.0),
             row("A Thesis in", 304.2, 10.0, x0=299.0, x1=349.0)]
    assert [len(g) for g in _groups(lines, 0, 700.0)] == [2, 1]
