"""Issue 36, fifty-first round: what the blind batches of the fiftieth round left and dev90–dev91
showed (docs/st-parse.md, "Fifty-first round")."""
from __future__ import annotations

from pdf_pages import row


def _line(words, y=100.0, size=12.0, reach=0.0):
    """A MuPDF line whose words are spans of their own with a span of one space between them (a
    producer that writes each word apart), five points a character; the first word's box reaches
    ``reach`` points past its advance, over the space after it (a ligature's box: "Hausdorff")."""
    spans, x = [], 149.0
    for k, w in enumerate(words):
        if k:
            spans.append({"text": " ", "bbox": (x, y, x + 4.5, y + size), "size": size, "font": "CMBX12", "flags": 16,
                          "color": 0, "alpha": 255, "char_flags": 16, "origin": (x, y + 0.8 * size)})
            x += 4.5
        x1 = x + 5.0 * len(w)
        spans.append({"text": w, "bbox": (x, y, x1 + (reach if k == 0 else 0.0), y + size), "size": size,
                      "font": "CMBX12", "flags": 16, "color": 0, "alpha": 255, "char_flags": 16,
                      "origin": (x, y + 0.8 * size)})
        x = x1
    return {"dir": (1.0, 0.0), "bbox": (149.0, y, x, y + size), "spans": spans}


def _texts(*lines):
    from scholartools.parsing.pdf.extract import page_rows

    return [r.text for r in page_rows({"blocks": [{"type": 0, "lines": list(lines)}]}, 0, (612.0, 792.0))[0]]


def test_a_space_of_its_own_parts_words_when_a_ligatures_box_reaches_over_it():
    # "Hausdorff" + " " + "Metric": the "ff" ligature's box ends 4 pt past its advance, under
    # the space, so the gap between the words' boxes is no word space
    assert _texts(_line(["Hausdorff", "Metric", "on", "Convex", "Bodies"], reach=4.5)) \
        == ["Hausdorff Metric on Convex Bodies"]


def test_a_word_split_into_spans_without_a_space_stays_one_word():
    # control: one word in two spans (a kern, a change of font), no space span between them
    line = _line(["Haus"])
    line["spans"].append(dict(line["spans"][0], text="dorff", bbox=(169.0, 100.0, 194.0, 112.0)))
    assert _texts(line) == ["Hausdorff"]
    # ... nor one whose next glyph starts at the space's start: a producer's dummy space after
    # every span ("(5-R-1" + " " + "H" + " " + "-tetrazoles)" is "(5-R-1H-tetrazoles)")
    line = _line(["(5-R-1"])
    line["spans"] += [dict(line["spans"][0], text=" ", bbox=(179.0, 100.0, 182.4, 112.0)),
                      dict(line["spans"][0], text="H", bbox=(179.0, 100.0, 184.0, 112.0)),
                      dict(line["spans"][0], text=" ", bbox=(184.0, 100.0, 187.4, 112.0)),
                      dict(line["spans"][0], text="-tetrazoles)", bbox=(184.0, 100.0, 244.0, 112.0))]
    assert _texts(line) == ["(5-R-1H-tetrazoles)"]
    # ... and a line's first span after a space of its own opens the row, no space before it
    line = _line(["Methods"])
    line["spans"].insert(0, dict(line["spans"][0], text=" ", bbox=(140.0, 100.0, 144.5, 112.0)))
    assert _texts(line) == ["Methods"]


def _preprint_cover(under):
    """A preprint's front page in the body's type: a title in two lines at 12 pt, ``under`` at
    11 pt centred under it, an address, then "Submitted to ApJ" (a cover's cue)."""
    rows = [row("No Massive Companion to the Low-Frequency, Coherent Radio-Emitting M Dwarf", 164, size=12.0,
                x0=95.0, x1=517.0),
            row("GJ 1151", 180, size=12.0, x0=286.0, x1=326.0),
            row(under, 197, size=11.0, x0=125.0, x1=487.0),
            row("Center for Cosmology and Particle Physics, New York University", 242, size=10.0, x0=95.0, x1=513.0),
            row("Submitted to ApJ", 320, size=12.0, x0=95.0, x1=200.0),
            row("ABSTRACT", 340, size=12.0, x0=280.0, x1=330.0)]
    for k, r in enumerate(rows):
        r.block = k
    return rows


def test_a_covers_title_takes_no_author_line_with_marks_under_it():
    from scholartools.parsing.pdf.frontmatter import title_rows

    # (its last name "and friends": no list of names as such, only by the marks)
    rows = _preprint_cover("Benjamin J. S. Pope,1, 2, 3 Megan Bedell,4 Joseph R. Callingham,5 and friends")
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)] \
        == ["No Massive Companion to the Low-Frequency, Coherent Radio-Emitting M Dwarf", "GJ 1151"]


def test_a_covers_title_keeps_its_subtitle_under_it():
    # control: a subtitle in another type centred under the title is the title's
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = _preprint_cover("A Search with Radial Velocities from HARPS-N")
    assert [r.text for r in title_rows(rows, 12.0, 0, 792.0)][-1] == "A Search with Radial Velocities from HARPS-N"


def _by_line_front(under):
    """imsart's front page: a two-word title in bold capitals at the body's size (11 pt, its bold
    face a family of its own), ``under`` under it, an address, the abstract in small print."""
    from pdf_pages import front_rows

    rows = front_rows([("Submitted to the Annals of Applied Statistics", 60, 6.0, 0.0), ("CONDITIONAL RAKING", 120, 11.0, 1.0),
                       (under, 140, 11.0, 0.0), ("Loyola University Chicago", 160, 11.0, 0.0),
                       ("Some abstract of the paper in small print.", 200, 9.0, 0.0),
                       ("1. Introduction. Accurate estimates of a population's totals need a sample", 240, 11.0, 0.0)])
    rows[1].family = "cmbx10"
    return rows


def test_a_two_word_bold_title_over_a_by_line_is_the_title():
    from scholartools.parsing.pdf.frontmatter import authors, title_rows

    rows = _by_line_front("By Emily M. Kotnik")
    title = title_rows(rows, 11.0, 0, 792.0)
    assert [r.text for r in title] == ["CONDITIONAL RAKING"]
    # the by-line's name, without its "By"
    assert authors(rows, title, 4) == [{"name": "Emily M. Kotnik"}]


def test_a_two_word_bold_row_over_no_by_line_is_no_title():
    # control: the same two words over an address are a label, not a title
    from scholartools.parsing.pdf.frontmatter import title_rows

    assert [r.text for r in title_rows(_by_line_front("Department of Statistics"), 11.0, 0, 792.0)] \
        != ["CONDITIONAL RAKING"]


def _numbered_leads(before: str, first: int):
    """A standing heading numbered ``before``, then run-in leads numbered ``first``, ``first`` + 1
    on the next two rows (a draft's one-line sections, or a list's items)."""
    from scholartools.parsing.pdf.headings import FEATURES, Cand

    rows = [row(f"{before} More complicated case.", 100),
            row(f"{first}. Real Data Example. Hospital Datta", 125, bold=0.6),
            row(f"{first + 1}. Conclusion and Future Work. Cummings, Eftekhary and House (2003)", 150, bold=0.4)]
    cands = [Cand(i=0, rows=[0], text=rows[0].text, p=0.41, feats=[0.0] * len(FEATURES), number=before)]
    for k, title in ((1, "Real Data Example"), (2, "Conclusion and Future Work")):
        cands.append(Cand(i=k, rows=[k], text=f"{first + k - 1}. {title}", runin=True, p=0.87,
                          feats=[0.0] * len(FEATURES), number=f"{first + k - 1}"))
    return cands, rows


def test_numbered_run_in_leads_that_go_on_from_a_subsection_are_sections():
    from scholartools.parsing.pdf.headings import _enumerated_leads

    cands, rows = _numbered_leads("3.2.", 4)
    _enumerated_leads(cands, rows)
    assert [c.p for c in cands[1:]] == [0.87, 0.87]


def test_numbered_run_in_leads_from_one_or_off_the_outline_are_a_list():
    # controls: a list's items "1.", "2." under a subsection; "4.", "5." after "2.1" (no step)
    from scholartools.parsing.pdf.headings import _enumerated_leads

    for before, first in (("3.2.", 1), ("2.1.", 4)):
        cands, rows = _numbered_leads(before, first)
        _enumerated_leads(cands, rows)
        assert [c.p for c in cands[1:]] == [0.0, 0.0], (before, first)


def _wrapped_heading(first_line):
    """A bold heading at the body's size (11 pt) wrapped after ``first_line``, "monolithic system"
    its second line, then body text."""
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _extend

    rows = [row(first_line, 490, size=11.0, bold=1.0, x0=71, x1=266), row("monolithic system", 503, size=11.0, bold=1.0,
                                                                          x0=98, x1=182),
            row("We investigated if finetuning a model per language helps.", 521, size=11.0, x0=70, x1=289)]
    rows[0].family = rows[1].family = "bold"
    c = Cand(i=0, rows=[0], text=first_line, p=0.9)
    st = SimpleNamespace(body=11.0, body_family="body", body_gap=2.0, extents={(0, 0): [70.0, 290.0]}, text_left={})
    _extend(rows, c, st)
    return c.text


def test_a_heading_line_ending_in_vs_goes_on():
    assert _wrapped_heading("A.2 Finetuning a model per language vs.") \
        == "A.2 Finetuning a model per language vs. monolithic system"
    # control: a full stop after a word ends the heading
    assert _wrapped_heading("A.2 Finetuning a model per language.") == "A.2 Finetuning a model per language."


def test_a_tables_head_row_over_its_rule_is_no_heading():
    from scholartools.parsing.pdf.headings import Cand, _cut_over_cut

    def head(gap_below, text="Code Language", number=None):
        rows = [row(text, 225, x0=343, x1=424), row("CHU Old Church Slavonic", 244, x0=344, x1=473)]
        rows[0].gap, rows[1].gap = 1.36, gap_below
        return _cut_over_cut(rows, Cand(i=0, rows=[0], text=text, p=0.4, number=number))
    assert head(1.66)
    # controls: a heading over a line of text; a numbered heading's gap after its number
    assert not head(0.0)
    assert not head(1.66, "1 Introduction", "1")


def test_a_numbered_sections_heading_is_no_longer_title():
    # llncs: the title "Reactive Maintenance Scheduling" at 14.5 pt, its first section "1 Reactive
    # Maintenance Scheduling" at 12 (four words with its number, the title three)
    from pdf_pages import front_rows

    from scholartools.parsing.pdf.frontmatter import title_rows

    def title(first_section):
        rows = front_rows([("Reactive Maintenance Scheduling", 115, 14.5, 1.0),
                           ("Christian Brunbjerg Jespersen", 150, 10.0, 0.0),
                           ("Technical University of Denmark, Kongens Lyngby", 170, 9.0, 0.0),
                           ("Abstract. The abstract should briefly summarize the paper.", 200, 9.0, 0.0),
                           (first_section, 286, 12.0, 1.0),
                           ("Maintenance scheduling is by its nature an uncertain process.", 310, 10.0, 0.0)])
        return [r.text for r in title_rows(rows, 10.0, 0, 792.0)]
    assert title("1 Reactive Maintenance Scheduling") == ["Reactive Maintenance Scheduling"]
    # control: a longer group of four words set clearly larger than the body, unnumbered, is the
    # title where the short one over it is a journal's name
    assert title("Reactive Maintenance Scheduling Revisited") == ["Reactive Maintenance Scheduling Revisited"]


# -- dev90 -------------------------------------------------------------------------------------------

def test_a_latex_sources_unit_macros_print_their_units(tmp_path):
    # aastex's "\subsection{The 1\,\micron\ Feature}": the heading printed "The 1 Feature"
    from scholartools.parsing import parse_path

    src = tmp_path / "paper.tex"
    src.write_text("\\documentclass{aastex631}\n\\begin{document}\n\\title{A Supernova}\n\\maketitle\n"
                   "\\section{The 1\\,\\micron\\ Feature}\nA line at 30\\arcsec\\ and 2\\degr.\n\\end{document}\n")
    rec = parse_path(str(src))
    assert [s["heading"] for s in rec["sections"] if s.get("heading")] == ["The 1 µm Feature"]
    assert "30″ and 2°" in rec["sections"][-1]["text"]


def _known_heading_label(size, panels):
    """``panels`` rows "Method" (a standard section's name) in bold at ``size`` over a 10-pt body,
    each over a row of a plot's small print, on pages of their own; the model unsure of them (0.25)."""
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import FEATURES, Cand, _named_and_underlined

    rows, cands = [], []
    for k in range(panels):
        rows += [row("Method", 259, size=size, bold=1.0, page=k), row("Benchmark−2 NBI−2", 266, size=6.5, page=k)]
        feats = [0.0] * len(FEATURES)
        feats[3] = 1.0   # (bold)
        cands.append(Cand(i=2 * k, rows=[2 * k], text="Method", title="Method", p=0.25, feats=feats, page=k))
    st = SimpleNamespace(body=10.0, page_height=792.0)
    _named_and_underlined(rows, cands, st, 0.4)
    return [c.p > 0.4 for c in cands]


def test_a_plots_axis_label_set_again_in_every_panel_is_no_heading():
    from scholartools.parsing.pdf.headings import KNOWN_HEADINGS

    assert KNOWN_HEADINGS.match("Method")
    assert _known_heading_label(8.0, 4) == [False] * 4


def test_a_standard_sections_name_in_small_bold_once_is_a_heading():
    # controls: once in 8-pt bold (a journal's small heading); four times at the body's size
    assert _known_heading_label(8.0, 1) == [True]
    assert _known_heading_label(10.0, 4) == [True] * 4


def test_a_running_head_after_its_pages_number_is_none():
    from pdf_pages import vetoed

    rows = [row("2 Rongfu Liu et al.", 29, size=12.0, page=1), row("3 Results and Discussion", 300, size=12.0, page=1)]
    assert vetoed(rows, [(0, "2 Rongfu Liu et al."), (1, "3 Results and Discussion")]) == [True, False]


def _figure_page(caption_y, text_above=False):
    """A page of a plot: panel titles in the plot's italics (three rows), its tick labels in its
    roman, then the caption in the body's face at ``caption_y``; with ``text_above``, a paragraph's
    line in the body's face over the plot."""
    rows = [row("Growth", 71, size=11.0, x0=90, x1=125), row("Leaf type", 217, size=11.0, x0=90, x1=133),
            row("Measurement", 363, size=11.0, x0=90, x1=153), row("effect size", 213, x0=428, x1=474)]
    for r in rows[:3]:
        r.family, r.italic = "cmti10", 1.0
    rows[3].family = "cmr10"
    cap = row("Figure 7: Treatment-associated plasticity in the time constant", caption_y, size=11.0, x0=83, x1=529)
    cap.kind = "caption"
    rows.append(cap)
    if text_above:
        rows.insert(0, row("intensity treatments are described in the Materials and Methods.", 40, size=11.0))
    return rows


def test_a_plots_panel_titles_over_its_caption_are_no_headings():
    from pdf_pages import vetoed

    rows = _figure_page(514)
    assert vetoed(rows, [(0, "Growth"), (1, "Leaf type"), (2, "Measurement")], body=11.0) == [True] * 3


def test_headings_in_a_face_of_their_own_over_a_caption_with_text_above_stay():
    # controls: a paragraph in the body's face over them; no caption under them
    from pdf_pages import vetoed

    rows = _figure_page(514, text_above=True)
    assert vetoed(rows, [(1, "Growth"), (2, "Leaf type"), (3, "Measurement")], body=11.0) == [False] * 3
    rows = _figure_page(20)
    assert vetoed(rows, [(0, "Growth"), (1, "Leaf type"), (2, "Measurement")], body=11.0) == [False] * 3


def test_a_heading_over_the_next_levels_heading_takes_its_levels_style():
    # "Hypothesis testing" (17 pt italic, centred) right over "Does divergence slow …" (14.5 pt
    # italic, taken); two other headings in its style taken, each over body text
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import FEATURES, Cand, _same_style_as_headings

    def run(below_size):
        rows = [row("Data synthesis", 100, size=17.0), row("Body text follows here.", 125, size=12.0),
                row("Parameter estimation", 200, size=17.0), row("Body text follows here.", 225, size=12.0),
                row("Hypothesis testing", 399, size=17.0), row("Does divergence slow as epidermal space fills?", 429,
                                                                size=below_size)]
        key = (17.0, False, True, "body", False)
        cands = []
        for i, p in ((0, 0.47), (2, 0.45), (4, 0.287), (5, 0.857)):
            feats = [0.0] * len(FEATURES)
            feats[19] = 1.0 if i != 4 else 0.0   # (body text under it, but for the row over a heading)
            cands.append(Cand(i=i, rows=[i], text=rows[i].text, title=rows[i].text, p=p, feats=feats,
                              skey=key if i != 5 else (below_size, False, True, "body", False)))
        st = SimpleNamespace(body=12.0, style_rows={key: 3})
        _same_style_as_headings(rows, cands, st, 0.4)
        return cands[2].p > 0.4
    assert run(14.5)
    # control: a row in its own size under it is no heading of a level under it
    assert not run(17.0)


def test_a_title_case_subtitle_with_a_word_no_name_holds_is_taken():
    # "Technical Implementation Report" at 14.5 pt under a 17-pt title: three words opening in
    # capitals read as a name before; the fiftieth round's controls (names, marked or not) stay none
    import test_parse_classes_fiftieth as fiftieth

    from scholartools.parsing.pdf.frontmatter import subtitle_rows

    rows = fiftieth._front_with("Technical Implementation Report", size=14.5)
    assert [r.text for r in subtitle_rows(rows, rows[:1], 10.0)] == ["Technical Implementation Report"]
    for text in ("Lars Tönsing", "Margaret Glancey,a Patience Osei,a William Patterson", "Rylan Malarchick"):
        rows = fiftieth._front_with(text, size=14.5)
        assert subtitle_rows(rows, rows[:1], 10.0) == [], text


# -- dev92, dev93 ------------------------------------------------------------------------------------

def _ubc_cover(larger):
    """UBC's cover: the title in bold capitals at 11.5 pt, then ``larger`` rows at 12 pt, "A THESIS
    SUBMITTED IN PARTIAL FULFILLMENT" (the cover's cue) and the degree."""
    rows = [row("GERMLINE VARIANT CALLING IN FORMALIN-FIXED", 100, size=11.5, bold=1.0, x0=150, x1=460),
            row("PARAFFIN-EMBEDDED TUMOURS", 116, size=11.5, bold=1.0, x0=210, x1=400)]
    y = 180
    for text in larger:
        rows.append(row(text, y, size=12.0, x0=230, x1=380))
        y += 30
    rows += [row("A THESIS SUBMITTED IN PARTIAL FULFILLMENT", y + 30, size=11.5, x0=150, x1=460),
             row("MASTER OF SCIENCE", y + 60, size=9.5, bold=1.0, x0=240, x1=370)]
    for k, r in enumerate(rows):
        r.block = k
    return rows


def test_a_covers_title_under_a_larger_by_line_and_institution_is_the_title():
    from scholartools.parsing.pdf.frontmatter import authors, title_rows

    rows = _ubc_cover(["by", "Shyong Quin Yap", "The University of British Columbia", "(Vancouver)"])
    title = title_rows(rows, 11.0, 0, 792.0)
    assert [r.text for r in title] == ["GERMLINE VARIANT CALLING IN FORMALIN-FIXED", "PARAFFIN-EMBEDDED TUMOURS"]
    # the degree is no author
    assert authors(rows, title, len(rows)) == [{"name": "Shyong Quin Yap"}]


def test_a_covers_group_under_a_larger_line_of_words_is_not_taken_as_its_title():
    # control: a line of words set larger than the group is the page's title, not a cover's label
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = _ubc_cover(["Somatic Mutation Screening From Tumour-Only Sequencing"])
    assert [r.text for r in title_rows(rows, 11.0, 0, 792.0)] != ["GERMLINE VARIANT CALLING IN FORMALIN-FIXED",
                                                                   "PARAFFIN-EMBEDDED TUMOURS"]


def test_a_level_in_its_own_face_may_be_long():
    # BMC's subsections in a sans over a serif body: "Reduced coverage depth in FFPE specimens is
    # more pronounced for longer amplicons" (12 words) sitting on its paragraph
    import math
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import FEATURES, Cand, _standing_apart_in_one_style

    def level(words):
        place = {"gap_before": 1.35, "gap_after": -0.03, "words_log": math.log1p(words), "next_bodyish": 1.0,
                 "prev_ended": 1.0}
        rows = [row("Reduced coverage depth in FFPE specimens is more pronounced", 100 + 50 * k, page=k // 3)
                for k in range(6)]
        cands = [Cand(i=k, rows=[k], text=rows[k].text, feats=[place.get(n, 0.0) for n in FEATURES], p=0.2,
                      skey=(10.0, False, False, "cmss10", False)) for k in range(6)]
        _standing_apart_in_one_style(cands, SimpleNamespace(body=10.0, body_family="cmr10"), 0.4, rows)
        return all(c.p > 0.4 for c in cands)
    assert level(12)
    # control: rows of a paragraph's length in that face are no level of headings
    assert not level(20)


def test_a_tables_notes_in_small_print_are_no_run_in_heads():
    # "Country: Country codes follow the ISO 3166-1 …", "Method: OLS = Ordinary least squares, …",
    # 8 pt under the table's 8-pt rows, body 11 pt
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _vetoes

    def vetoed(lead, rest, above_size=8.0):
        rows = [row("Lewis (2019) SCID IDN logExpPC RDD Unicameral NM", 262, size=above_size),
                row(f"{lead}: {rest}", 325, size=8.0)]
        rows[1].lead = lead + ":"
        c = Cand(i=1, rows=[1], text=lead, runin=True, rest=": " + rest, p=0.45, title=lead)
        _vetoes(rows, [c], SimpleNamespace(body=11.0, body_family="body"))
        return c.p == 0.0
    assert vetoed("Country", "Country codes follow the ISO 3166-1 alpha-3 standard.")
    assert vetoed("Method", "OLS = Ordinary least squares, IV = Instrumental variables.")
    # controls: a journal's back matter in small print ("Funding: …" under "Author Contributions:
    # …"); a note under the body's text
    assert not vetoed("Funding", "This research received no external funding.")
    assert not vetoed("Country", "Country codes follow the ISO 3166-1 alpha-3 standard.", above_size=11.0)


def test_a_program_name_run_in_in_a_typewriter_face_is_no_heading():
    # acmart: "`Invoker`. The original request to the protected operation …" (CMTT9 over CMR9)
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import Cand, _vetoes

    def vetoed(lead_family):
        rows = [row("Invoker. The original request to the protected operation on", 673)]
        rows[0].lead, rows[0].lead_family = "Invoker", lead_family
        c = Cand(i=0, rows=[0], text="Invoker", runin=True, rest=". The original request", p=0.45, title="Invoker")
        _vetoes(rows, [c], SimpleNamespace(body=9.0, body_family="body"))
        return c.p == 0.0
    assert vetoed("cmtt9")
    assert not vetoed("cmbx9")   # (control: a bold lead)


def test_ieees_subsection_number_as_it_is_cited():
    # "III-A. Migración del conjunto de datos …" (a Spanish IEEEtran paper): the number and its level
    from scholartools.parsing.pdf.headings import _parts
    from scholartools.text.sections import number_level, strip_number

    assert strip_number("III-A. Migración del conjunto de datos") == ("III-A", "Migración del conjunto de datos")
    assert number_level("III-A") == 2 and _parts("III-A") == ("roman", [3, 1])
    # controls: a term with a hyphen, without the number's point
    assert strip_number("I-V Characteristics")[0] is None
    assert strip_number("II-VI Semiconductors")[0] is None


def test_labels_a_class_prints_and_a_macros_lead_are_optional_gold(tmp_path):
    # AGU's acronyms and notation environments print "Acronyms" and "Notation"; ascelike-new prints
    # its lists of tables and figures with no command; a paper's macro opens paragraphs with
    # "**Result.**"
    body = ("\\newcommand{\\appendixresult}[1]{\\par\\noindent\\textbf{Result.}~#1\\par}\n"
            "\\section{Introduction}\nText.\n\\appendixresult{Table 1 shows it.}\n"
            "\\begin{acronyms}\n\\acro{PINN}\nPhysics-informed neural network\n\\end{acronyms}\n"
            "\\begin{notation}\n\\notation{$W$} Weights.\n\\end{notation}\n")
    optional, required = _gold(tmp_path, "article", body)
    assert {"Acronyms", "Notation", "List of Tables", "List of Figures", "Result."} <= optional
    assert required == ["Introduction"]


def _gold(tmp_path, cls, body):
    from test_parse_classes_fortyseventh import _gold as gold

    return gold(tmp_path, cls, body)


def test_a_chinese_fonts_broken_map_is_warned_of():
    # a BUPT thesis' heading font reads "㫼ⳑ⌟Ⳃ⭆㯌㯏" for "研究背景及意义" (its body's font is right)
    from scholartools.parsing.pdf import _garbled_rows
    from scholartools.text.scripts import garbled_cjk

    assert garbled_cjk("1.1 㫼ⳑ⌟Ⳃ⭆㯌㯏") and garbled_cjk("㖳㱫⫒㋹㫓㥠㚛➈的情感分析")
    # controls: Chinese prose, a rare ideograph in it, a formula's symbols in English
    assert not garbled_cjk("在自然语言处理中，情感分析是一项重要任务")
    assert not garbled_cjk("研究背景及意义：㐀字在古籍中出现")
    assert not garbled_cjk("the ceiling ⌈x⌉ and the arrow ⤳ of the proof ✓")
    rows = [row("1.1 㫼ⳑ⌟Ⳃ⭆㯌㯏", 100, page=8), row("在自然语言处理中，情感分析是一项重要任务", 120, page=8),
            row("1.2 ⥖ㅠ外㫼ⳑ现㽔", 200, page=8)]
    assert [r.text for r in _garbled_rows(rows)] == ["1.1 㫼ⳑ⌟Ⳃ⭆㯌㯏", "1.2 ⥖ㅠ外㫼ⳑ现㽔"]
    assert _garbled_rows(rows[:2]) == []   # (one such row is no broken font)
