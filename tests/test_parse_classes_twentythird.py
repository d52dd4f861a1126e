"""What the twenty-third round of issue 36 mended (docs/st-parse.md, "Twenty-third round").

* a LaTeX source whose template sets its abstract as ``\\section*{Abstract}`` (PLOS) had no
  abstract and an "Abstract" section, so the tex-pairs gold of every PLOS pair lacked one;
* a table's first group label ("**Polytrauma**" under the column heads "n  Percent", over cells
  set in from it) was a heading: the rule for group labels wanted a cut row across it above.

A seventh batch of author-compiled papers (CVPR, ICCV, ICASSP, PNAS, LNCS, Springer Nature,
SIAM, Biometrika, Interspeech, World Scientific, …), scored once before it was read, showed:

* a structured abstract running over onto its second page ("**Methods:** …", "**Results:** …")
  lost its rest: the first page's number under it hid that the abstract ended its page, and its
  labels there were read as run-in headings;
* a proceedings class that sets the whole front matter two points under the body (authors,
  addresses, an unlabelled abstract and its keywords in 10 pt over a 12-pt body) had its abstract
  read as small print, and none found; so had PNAS (a bold 7.5-pt abstract over a 12-pt body);
* SIAM's "**1. Introduction.**", standing alone and closed by a period, was no outline step (a
  top-level number before a period reads as a list's item), and AASTeX's centred "1. INTRODUCTION"
  right under the abstract's last line, scored 0.09, lost the outline's start to "2.";
* a section number closed by a period touching its title ("4.3.Comparison among priors") was
  no number;
* a theorem-like environment's numbered head set in the subsections' italics ("*Problem 1
  (Continuous System Parameter Optimization):*") was a heading;
* a review's "Summary" under each of its topics (Frontiers, 2013) was typed the abstract, so its
  ten such subsections were no body sections; a Springer journal's "**Acknowledgements** This work
  is …", the only lead of its style, was left in the text; BMC's list of supplementary files
  ("Additional file 1: Table S1") read as headings;
* PNAS's template sets its abstract environment before ``\\begin{document}``: no PNAS source had
  an abstract (nor the tex-pairs gold of the four PNAS pairs);
* an eighth batch (ICML, the R Journal, IEEE Computer Society, USENIX, SciPost, LMCS, the Royal
  Society, …), scored once before it was read: a title opening with the word "Abstract" set at
  17 pt ("Abstract Gringo") was taken for the abstract's label; the Royal Society's second level
  "(b) Kinematics" and "5. 3D Detectors" kept their numbers in their titles; a heading in capitals
  broken inside a word ("MINI-" / "MAL") kept the hyphen and a space; a collaboration's paper
  whose front page holds only its title, names and addresses had no abstract (its abstract opens
  the next page, under the rest of the addresses);
* a LaTeX heading broken by hand ("Algo-\\\\rithm") or set in a ``\\parbox`` kept the break
  and the box's width in its text, so the tex-pairs gold lacked the printed heading.
"""

from types import SimpleNamespace

from pdf_pages import row
from scholartools.parsing.pdf.headings import FEATURES, Cand


def _cand(i, text, p=0.41):
    return Cand(i=i, rows=[i], text=text, runin=False, p=p, title=text, feats=[0.0] * len(FEATURES))


def _st(body=10.0):
    return SimpleNamespace(body=body, body_family="body", page_height=792.0)


def test_a_first_section_headed_abstract_is_the_abstract(tmp_path):
    from scholartools.parsing import parse_path

    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\n{\\Large\\textbf{Graphs of reads}}\n"
                   "\\section*{Abstract}\nWe resolve graphs.\n\nIn real time.\n\\section*{Introduction}Graphs help.\n"
                   "\\section*{Abstract results}Not the abstract.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] == "We resolve graphs.\n\nIn real time."
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction", "Abstract results"]
    # an abstract environment wins; a later section named "Abstract" stays a section
    tex.write_text("\\documentclass{article}\\begin{document}\\begin{abstract}The real one.\\end{abstract}\n"
                   "\\section{Introduction}Text.\n\\section{Abstract}Of a talk.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] == "The real one."
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction", "Abstract"]


def test_a_hypertargets_name_is_no_text_and_a_structured_abstract_stays_sections(tmp_path):
    from scholartools.parsing import parse_path

    # Pandoc's LaTeX wraps each heading in \hypertarget{name}{…}: the name is no paragraph, and an
    # "Abstract" with subsections of its own and no text is left as it is
    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\n\\hypertarget{abstract}{%\n"
                   "\\section{Abstract}\\label{abstract}}\n\n\\hypertarget{introduction}{%\n"
                   "\\subsection{Introduction}\\label{introduction}}\n\nInjuries vary.\n\n"
                   "\\section{Discussion}See \\hyperlink{introduction}{the introduction}.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] is None
    assert [(s["heading"], s["paragraphs"]) for s in rec["sections"]] == [
        ("Abstract", []), ("Introduction", ["Injuries vary."]), ("Discussion", ["See the introduction."])]


def _cells(text, y, x0=197, x1=402):
    r = row(text, y, x0=x0, x1=x1)
    r.gap = 8.0     # cut by wide gaps between its cells
    return r


def test_a_tables_first_group_label_under_the_column_heads_is_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    rows = [row("Table 1: Patient demographics.", 310, x0=171, x1=441), _cells("n Percent", 335, 353, 425),
            row("Polytrauma", 355, bold=1.0, x0=187, x1=246), _cells("Yes 16 41", 367), _cells("No 23 59", 379)]
    cands = [_cand(2, "Polytrauma")]
    _vetoes(rows, cands, _st())
    assert cands[0].p == 0.0
    # a heading over a table whose column heads stand above it, not beside the cells, stays
    rows = [row("The cohort was recruited in two waves over the year.", 310, x0=72, x1=540),
            row("Demographics", 330, bold=1.0, x0=72, x1=150), _cells("n Percent", 345, 353, 425),
            _cells("Yes 16 41", 357), _cells("No 23 59", 369)]
    cands = [_cand(1, "Demographics")]
    _vetoes(rows, cands, _st())
    assert cands[0].p == 0.41
    # nor one with cells under it and running text above
    rows = [row("The cohort was recruited in two waves over the year.", 310, x0=72, x1=540),
            row("Cohort", 330, bold=1.0, x0=187, x1=246), _cells("Yes 16 41", 345), _cells("No 23 59", 357)]
    cands = [_cand(1, "Cohort")]
    _vetoes(rows, cands, _st())
    assert cands[0].p == 0.41


def test_a_structured_abstract_goes_on_over_its_labels_on_the_next_page():
    from scholartools.parsing.pdf.frontmatter import page_tail

    def lead(r, text):
        r.lead, r.lead_style = text, "b"
        return r

    rows = [lead(row("Background: Verbal autopsies collect information on deaths occurring", 568, 9.0, x0=124,
                     x1=447), "Background:"),
            row("outside traditional healthcare settings to estimate the causes of death.", 579, 9.0, x0=124, x1=447),
            row("The model shows promise; its use on narratives is not yet known.", 590, 9.0, x0=124, x1=447),
            row("1", 760, 9.0, x0=300, x1=305),                                  # the page's number
            row("Here it is evaluated.", 99, 9.0, page=1, x0=149, x1=300),
            lead(row("Methods: We analyzed 6,939 records from Sierra Leone to compare four", 110, 9.0, page=1,
                     x0=149, x1=471), "Methods:"),
            row("models against the causes physicians assigned.", 121, 9.0, page=1, x0=149, x1=400),
            row("Keywords: verbal autopsy, causes of death", 140, 9.0, page=1, x0=149, x1=400),
            row("1 Introduction", 170, 12.0, bold=1.0, page=1, x0=125, x1=220)]
    heads = {5: Cand(i=5, rows=[5], text="Methods:", runin=True, p=0.9, title="Methods", feats=[0.0] * len(FEATURES)),
             8: _cand(8, "1 Introduction", 0.9)}
    text, idx = page_tail(rows, {0, 1, 2}, heads, 10.0, "body")
    assert idx == {4, 5, 6}
    assert text == ("Here it is evaluated. Methods: We analyzed 6,939 records from Sierra Leone to "
                    "compare four models against the causes physicians assigned.")
    # an abstract without labels of its own stops at a run-in heading there
    rows[0].lead = ""
    assert page_tail(rows, {0, 1, 2}, heads, 10.0, "body")[1] == {4}


def test_a_heading_broken_by_hand_or_set_in_a_parbox_is_read_whole(tmp_path):
    from scholartools.parsing import parse_path

    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\n"
                   "\\section{\\parbox[t]{10cm}{The Proposed Colour Image Denoising Algo-\\\\rithm}}\nText.\n"
                   "\\subsection{Line\\\\ broken and Semi-\\\\ Supervised}\nMore.\n\\end{document}\n")
    assert [s["heading"] for s in parse_path(str(tex))["sections"]] == [
        "The Proposed Colour Image Denoising Algorithm", "Line broken and Semi- Supervised"]


def _numbered(rows, k, text, p, styled=False, runin=False):
    from scholartools.parsing.pdf.headings import number_and_title

    c = Cand(i=k, rows=[k], text=text, p=p, runin=runin, feats=[0.0] * len(FEATURES))
    c.number, c.title = number_and_title(text)
    c.feats[3] = 1.0 if styled else 0.0
    return c


def test_a_short_bold_first_level_heading_closed_by_a_period_is_outline_like():
    from scholartools.parsing.pdf.headings import _outline_like

    rows = [row("1. Introduction.", 100)]
    assert _outline_like(_numbered(rows, 0, "1. Introduction.", 0.6, styled=True))
    # in the text's face it reads as a list's item; a sentence stays a sentence however it is set
    assert not _outline_like(_numbered(rows, 0, "1. Introduction.", 0.6))
    assert not _outline_like(_numbered(rows, 0, "1. We fit the model. Then we test it.", 0.6, styled=True))


def test_a_weak_first_introduction_starts_the_outline():
    from scholartools.parsing.pdf.headings import _plausible_sequence

    texts = [("1. INTRODUCTION", 0.085), ("2. OVERVIEW OF ACCRETION", 0.43), ("2.1. Oligarchic growth", 0.9),
             ("3. NUMERICAL METHODS", 0.9)]
    rows = [row(t, 100 + 20 * k) for k, (t, _) in enumerate(texts)]
    cands = [_numbered(rows, k, t, p) for k, (t, p) in enumerate(texts)]
    _plausible_sequence(cands, 0.4, rows)
    assert [c.p > 0.4 for c in cands] == [True, True, True, True]
    # a weak "1." of another name gets no such help
    texts[0] = ("1. We observed the disk", 0.085)
    cands = [_numbered(rows, k, t, p) for k, (t, p) in enumerate(texts)]
    _plausible_sequence(cands, 0.4, rows)
    assert [c.p > 0.4 for c in cands] == [False, True, True, True]


def test_an_unlabelled_abstract_in_the_front_matters_small_print_is_found():
    from scholartools.parsing.pdf.frontmatter import _unlabelled

    def small(text, y, x0=77, x1=509):
        r = row(text, y, 10.0, x0=x0, x1=x1)
        r.kind = "small"
        return r

    title = row("Understanding and Evaluating Medical Concept Embeddings", 100, 12.0, bold=1.0, x0=120, x1=480)
    title.kind = "title"
    first = ["The amount of biomedical data available to researchers continues to grow at a pace.",
             "Translating these stores of information into knowledge is a key challenge in informatics."]
    second = ["Word embeddings, also known as distributed representations, have emerged in machine learning",
              "as dense representations of high dimensional data. Though they are standard practice, they",
              "are only beginning to attract interest in biomedical and clinical applications. We examine",
              "the existing methodology and release the embeddings as a package for quick comparisons."]
    rows = [title, small("Andrew Beam, Department of Biomedical Informatics, Harvard Medical School", 130, 150, 450),
            small("Boston, MA, 02115, USA", 142, 240, 360)]
    rows += [small(t, 170 + 12 * k) for k, t in enumerate(first)]
    rows += [small(t, 196 + 12 * k) for k, t in enumerate(second)]
    rows += [small("Keywords: Machine Learning; Distributed Representations; Word Vectors", 250),
             row("1. Distributed Representations for Words", 280, 12.0, bold=1.0, x0=55, x1=400),
             row("The idea of a vectorised representation of a word goes back to the earliest work.", 296, 12.0,
                 x0=55, x1=540)]
    heads = {10: _cand(10, "1. Distributed Representations for Words", 0.9)}
    text, idx = _unlabelled(rows, heads, 12.0, 0, "body")
    assert idx == set(range(3, 9))
    assert text.startswith("The amount of biomedical data") and text.endswith("for quick comparisons.")
    # without its keywords under it, small print before the first heading is no abstract ...
    rows[9].text = "Received 3 May 2017"
    assert _unlabelled(rows, heads, 12.0, 0, "body") == (None, set())
    # ... unless it is set in bold, sixty words or more (PNAS: a bold 7.5-pt abstract, no label)
    for k in range(3, 9):
        rows[k].bold = 1.0
    rows[3].text = rows[3].text.replace("grow at a pace.", "grow at a pace, in hospitals and in laboratories.")
    rows[4].text += " It is also a question of scale for every group that studies outcomes in the clinic."
    text, idx = _unlabelled(rows, heads, 12.0, 0, "body")
    assert idx == set(range(3, 9)) and text.endswith("for quick comparisons.")


def test_a_number_closed_by_a_period_may_touch_its_titles_capital():
    from scholartools.text.sections import strip_number

    assert strip_number("4.3.Comparison among external priors") == ("4.3", "Comparison among external priors")
    assert strip_number("1.Introduction") == ("1", "Introduction")
    # a measure or an abbreviation is no number
    assert strip_number("3.5mm thick sections")[0] is None and strip_number("1.5Tesla scanner")[0] is None
    assert strip_number("4.3.MRI scans")[0] is None      # (a capital then a capital: not a title's first word)


def test_a_theorem_like_environments_numbered_head_is_no_heading():
    from scholartools.parsing.pdf.headings import _vetoes

    texts = ["Problem 1 (Continuous System Parameter Optimization):", "Definition 2. Parameterized constraint. A",
             "Theorem 3.1", "Problem formulation", "Hypotheses and predictions"]
    rows = [row(t, 100 + 30 * k) for k, t in enumerate(texts)]
    cands = [_cand(k, t) for k, t in enumerate(texts)]
    _vetoes(rows, cands, _st())
    assert [c.p for c in cands] == [0.0, 0.0, 0.0, 0.41, 0.41]


def test_a_summary_under_a_section_of_its_own_is_no_abstract():
    from scholartools.text.sections import type_sections

    secs = type_sections([{"heading": "Summary", "level": 1}, {"heading": "Alzheimer's disease", "level": 1},
                          {"heading": "Mechanisms of clearance", "level": 2}, {"heading": "Summary", "level": 3},
                          {"heading": "Results", "level": 1}, {"heading": "Summary", "level": 2}])
    assert [s["type"] for s in secs] == ["abstract", "other", "other", "other", "results", "results"]


def test_an_acknowledgements_lead_alone_is_a_heading_and_a_supplementary_files_item_is_none():
    from scholartools.parsing.pdf.headings import _back_matter_leads, _vetoes

    r = row("Acknowledgements This work is supported by the Natural Science Foundation", 330, 8.5, x0=306, x1=544)
    r.lead, r.lead_style = "Acknowledgements", "b"
    c = Cand(i=0, rows=[0], text="Acknowledgements", runin=True, p=0.045, title="Acknowledgements",
             feats=[0.0] * len(FEATURES))
    _back_matter_leads([r], [c], 0.4)
    assert c.p > 0.4
    rows = [row("Additional file 1: Table S1. Demographics of the cohort.", 100, bold=1.0)]
    cands = [_cand(0, rows[0].text, 0.8)]
    _vetoes(rows, cands, _st())
    assert cands[0].p == 0.0


def test_an_abstract_environment_in_the_preamble_is_the_abstract(tmp_path):
    from scholartools.parsing import parse_path

    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{pnas-new}\n\\title{Linear partition}\n\\begin{abstract}\n% what:\n"
                   "\\vspace{-0.2cm}RNA structure is \\emph{predicted}.\n\\end{abstract}\n\\begin{document}\n"
                   "\\maketitle\n\\section{Introduction}Text.\n\\end{document}\n")
    assert parse_path(str(tex))["abstract"] == "RNA structure is predicted."


def test_bracketed_letters_number_a_second_level_and_a_title_may_open_with_a_figure():
    from scholartools.text.sections import number_level, strip_number

    assert strip_number("(b) Kinematics") == ("(b)", "Kinematics") and number_level("(b)") == 2
    assert strip_number("(a) the first item of a list")[0] is None    # a list's item in lower case
    assert strip_number("5. 3D Detectors") == ("5", "3D Detectors")
    assert strip_number("3D Detectors")[0] is None


def test_a_large_title_opening_with_the_word_abstract_is_the_title():
    from scholartools.parsing.pdf.frontmatter import title_rows

    rows = [row("Under consideration for publication in Theory and Practice of Logic Programming", 116, 8.0),
            row("Abstract Gringo", 164, 17.0, bold=1.0, x0=236, x1=357),
            row("MARTIN GEBSER", 199, 10.0, x0=254, x1=338),
            row("This paper defines the syntax and semantics of the input language of the grounder.", 300, 9.0,
                x0=100, x1=500)]
    assert [r.text for r in title_rows(rows, 10.0, 0, 792.0)] == ["Abstract Gringo"]
    rows[1] = row("Abstract Background", 164, 10.0, bold=1.0, x0=236, x1=357)   # a label at the body's size
    assert "Abstract Background" not in [r.text for r in title_rows(rows, 10.0, 0, 792.0)]


def test_a_word_in_capitals_broken_across_a_headings_lines_is_joined_where_printed_whole():
    from scholartools.parsing.pdf.headings import _join

    assert _join("THE MINI-", "MAL SCHEMAS", keep_hyphen=False) == "THE MINIMAL SCHEMAS"
    assert _join("STATE-OF-THE-", "ART METHODS", keep_hyphen=True) == "STATE-OF-THE- ART METHODS"
    assert _join("RUN-", "IN HEADS") == "RUN- IN HEADS"     # no word check made: the hyphen stays


def test_an_abstract_after_a_front_page_of_names_and_addresses_is_found():
    from scholartools.parsing.pdf.frontmatter import _unlabelled

    title = row("Diamond detectors for the high-luminosity LHC", 100, 17.0, bold=1.0, x0=120, x1=480)
    title.kind = "title"
    names = ", ".join(f"Author{k} Name{k}{k % 30 + 1}" for k in range(40))
    places = ["1University of Toronto, Toronto, Canada 2CERN, Geneva, Switzerland 3Ohio State University, Columbus, USA",
              "4University of Oxford, Oxford, UK 5Institute of Physics, University of Zagreb, Croatia 6MEPHI Institute,",
              "Moscow, Russia 7University of Tennessee, Knoxville, USA 8University of Bristol, Bristol, UK"]
    rows = [title] + [row(names[k:k + 90], 140 + 12 * i, 11.0, x0=83, x1=510) for i, k in enumerate(range(0, len(names), 90))]
    rows += [row(t, 500 + 12 * i, 10.0, x0=83, x1=510) for i, t in enumerate(places)]
    rows += [row(t, 80 + 12 * i, 10.0, page=1, x0=83, x1=510) for i, t in enumerate(places)]
    abstract = ["The planned upgrade of the collider will push the luminosity limits above the design values.",
                "Since the current detectors will not cope with that environment, more radiation tolerant",
                "technologies are studied: diamond sensors among them. We report on their performance in",
                "beam tests and in the detector that monitors the luminosity of the experiment since 2015."]
    rows += [row(t, 200 + 15 * i, 10.0, page=1, x0=105, x1=491) for i, t in enumerate(abstract)]
    rows += [row("1. Introduction", 300, 12.0, bold=1.0, page=1, x0=83, x1=200),
             row("Diamond is a material whose band gap makes it a robust sensor in a harsh environment.", 320, 11.0,
                 page=1, x0=83, x1=510)]
    heads = {len(rows) - 2: _cand(len(rows) - 2, "1. Introduction", 0.9)}
    text, idx = _unlabelled(rows, heads, 11.0, 0, "body")
    assert text.startswith("The planned upgrade") and text.endswith("since 2015.")
