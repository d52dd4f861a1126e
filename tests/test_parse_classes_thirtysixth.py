"""What the thirty-sixth round of issue 36 mended (docs/st-parse.md, "Thirty-sixth round").

Read from the round's blind batches (tex dev48: the Journal of the Audio Engineering Society,
Evolutionary Computation, Optics Express, a research-topics report series, The Computer Journal,
IOS Press's iosart2x):

* a section's parts lettered after its number ("2.a. Code quality concerns", The Computer
  Journal) are numbered "2.a", the first part of section 2;
* Optics Express's "References and links" opens the bibliography;
* a blackboard-bold letter inside a run-in lead's word ("**2.3. Seq**ℕ**.** At this stage …", a
  category's name) does not end the lead;
* a row of a diagram's labels, words three spaces of their size apart or more in the body's size
  and face ("JuvixCore   Lambda   Geb   SeqN   VampIR"), is no heading;
* a plot's axis title right over its figure's caption ("More Atypical   More Typical" /
  "Typicality of adjective–noun pairs" over "Figure 1.1: Density plots …", UChicago's thesis
  class) is no heading; a heading over a table's caption, which stands over its table, still is,
  and so is a heading in a type of its own over a list of supplementary figures;
* a review copy's line numbers printed in both margins, which MuPDF gives one row across the
  page ("45 … 45"), are line numbers: dropped, they no longer cut the page's columns into bands
  and put a column's last heading after the next column.

Read from the round's later batches (tex dev50: DEIM's and IPSJ's Japanese classes, Springer's
svmult, GRETSI, the Journal de la SFdS, MLSys; dev51: Wiley's secauth, SCITEPRESS, a second
UChicago thesis):

* a Japanese section number whose point is spaced from the next digit ("2. 1 ファセット検索",
  IEICE's classes) is "2.1";
* a Japanese keywords label with its keywords on its row, a space between ("キーワード 知識ベース，
  RDF，…"), is no heading;
* a Chinese or Japanese row opening with a Latin acronym ("RDF で記述された…") is not in capitals
  (``str.isupper`` holds for it: its kana and ideographs have no case), so no rule for headings
  in capitals lifts it;
* a journal's name in a language of Europe on the front page ("Journal de la Société Française de
  Statistique", as large as the title) is no title;
* a run-in lead ending in a caption's label ("Synthetic Figure 8: Baseline scheduler …") is a
  caption's, no heading;
* an appendix's chapter lettered after its label ("CHAPTER A CODE AVAILABILITY") is numbered "A".

Read from the last batch (tex dev52: IEICE's technical reports and a FIT paper in Japanese, a
Université Laval thesis):

* a Japanese journal's kind of article over the title ("研究速報", a research letter, at 14 pt over
  a title in the body's size) is a label, no title; the title's bold lines are not joined by the
  authors' plain line in another face under them;
* a Japanese title's English translation under it ("ブラウザ上で…の構築" over "Building a
  User-Editable …") is not part of it, and a Japanese title is the title over an English one set
  up to a point larger further down the page;
* a line inside a Japanese paragraph, run to the column's edge under a full line that ends on no
  stop, is no heading though its Latin words set it in their larger font;
* a Chinese or Japanese heading of two characters ("謝辞", "附录", "結言"; letter-spaced or not) is
  no formula's fragment, and a letter-spaced one is read without its spaces ("参 考 文 献" opens
  the bibliography); a table of contents under its Chinese or Japanese name ("目录", "目次") is
  front matter.
"""
from types import SimpleNamespace

import pytest
from pdf_pages import row, span

from scholartools.parsing.pdf.extract import _row_from_spans, in_capitals
from scholartools.parsing.pdf.frontmatter import title_rows
from scholartools.parsing.pdf.headings import (Cand, _label_vetoes, _letter_spaced_cjk, _parts, _vetoes,
                                               formula_fragment, number_and_title)
from scholartools.parsing.pdf.layout import drop_running_text
from scholartools.text.sections import section_type, strip_number


@pytest.mark.parametrize("text, number, title", [
    ("2.a. Code quality concerns", "2.a", "Code quality concerns"),
    ("6.b. Extending RAP to RAP+", "6.b", "Extending RAP to RAP+"),
    ("2.a is small", None, "2.a is small"),          # no capital after it: a sentence
    ("3.2 Results", "3.2", "Results"),
])
def test_a_sections_lettered_parts(text, number, title):
    assert strip_number(text) == (number, title)


def test_a_lettered_part_is_the_sections_part_in_the_outline():
    assert _parts("2.a") == ("digit", [2, 1])
    assert _parts("6.h") == ("digit", [6, 8])
    assert _parts("2") == ("digit", [2])


def test_references_and_links_open_the_bibliography():
    assert section_type("References and links") == "references"


def test_a_math_fonts_letter_inside_a_bold_leads_word_keeps_the_lead():
    r = _row_from_spans([span("2.3. Seq", 100, "LMSans10-Bold", 16), span("N", 140, "MSBM10", 4),
                         span(".", 145, "LMSans10-Bold", 16),
                         span(" At this stage, we need a way to talk about functions", 150, "LMSans9-Regular", 4)],
                        0, 1)
    assert (r.lead, r.lead_style) == ("2.3. SeqN.", "b")


def test_a_math_letter_standing_apart_ends_the_lead_as_before():
    # (a formula's symbol between bold words, "**Y** = **H**", is no lead's word)
    r = _row_from_spans([span("Sets ", 100, "LMSans10-Bold", 16), span("N", 130, "MSBM10", 4),
                         span(" and more.", 136, "LMSans10-Bold", 16),
                         span(" The text of the paragraph goes on here", 180, "LMSans9-Regular", 4)], 0, 1)
    assert r.lead != "Sets N and more."


def _vetoed(r, title):
    c = Cand(i=1, rows=[1], text=title, p=0.6, title=title)
    rows = [row("The pipeline is shown in the diagram below, one language after another.", 80, x1=520), r,
            row("Here we are concerned only with the steps from the first language on.", 120, x1=520)]
    _vetoes(rows, [c], SimpleNamespace(body=10.0))
    return c.p == 0.0


def test_a_diagrams_labels_in_a_row_are_no_heading():
    labels = row("JuvixCore Lambda Geb SeqN VampIR", 100, x0=125, x1=470)
    labels.gap = 6.0       # the widest space between its words: six times its size
    assert _vetoed(labels, labels.text)
    heading = row("Related Work on Pipelines", 100, x0=125, x1=300)
    heading.gap = 0.3
    assert not _vetoed(heading, heading.text)
    bold = row("Results and Discussion", 100, bold=1.0, x0=125, x1=470)
    bold.gap = 6.0         # (a bold heading with a wide space keeps to the other rules)
    assert not _vetoed(bold, bold.text)


def test_line_numbers_in_both_margins_are_dropped():
    numbers = [row(f"{k} {k}", 100 + 12 * k, x0=36, x1=559) for k in range(2, 14)]
    text = [row("Text of the left column, which goes on for a while.", 100 + 12 * k, x0=68, x1=285)
            for k in range(2, 14)]
    pair = row("12 21", 400, x0=36, x1=559)     # two numbers that differ: no line number pair
    drop_running_text([numbers + text + [pair]], [792.0])
    assert all(r.drop for r in numbers)
    assert not any(r.drop for r in text) and not pair.drop


def _over_caption(caption, gap=16.0, bold=0.0, size=12.0):
    title = row("Typicality of adjective-noun pairs", 433, size=size, bold=bold, x0=235, x1=414)
    title.kind = "text"
    cap = row(caption, 433 + 12 + gap, size=12.0, x0=72, x1=540)
    cap.kind = "caption"
    rows = [row("If caregivers speak informatively to convey what is atypical, they say so.", 400, size=12.0,
                x1=540), title, cap]
    c = Cand(i=1, rows=[1], text=title.text, p=0.6, title=title.text)
    _vetoes(rows, [c], SimpleNamespace(body=12.0, body_family="body"))
    return c.p == 0.0


def test_an_axis_title_over_a_figures_caption_is_no_heading():
    assert _over_caption("Figure 1.1: Density plots showing parents' use of atypical adjectives")
    assert _over_caption("图 2：结果的分布")
    assert not _over_caption("Table 1: Mean typicality ratings by age group")
    assert not _over_caption("Figure 1.1: Density plots showing parents' use of atypical adjectives", gap=40.0)
    # a paragraph that opens by naming a figure is no caption; a heading in a type of its own over
    # a list of supplementary figures is a heading ("Supplementary Materials" / "Figure S1: …")
    assert not _over_caption("Figure 1 shows the morphological and crystal structure of the rods")
    assert not _over_caption("Figure S1: HR-ESI+ mass spectra of complexes 1a and 2a", bold=1.0)
    assert not _over_caption("Figure S1: HR-ESI+ mass spectra of complexes 1a and 2a", size=14.0)


@pytest.mark.parametrize("text, number, title", [
    ("2. 1 ファセット検索", "2.1", "ファセット検索"),
    ("3. 2 RDF に対するキーワード検索", "3.2", "RDF に対するキーワード検索"),
    ("1 . 1 问题背景", "1.1", "问题背景"),
    ("2. 1 is one", None, "2. 1 is one"),       # (not before Chinese or Japanese)
])
def test_a_japanese_number_spaced_from_its_point(text, number, title):
    assert strip_number(text) == (number, title)


def _label_vetoed(text, runin=False, rest=""):
    rows = [row(text + (" " + rest if runin else ""), 100.0)]
    c = Cand(i=0, rows=[0], text=text, runin=runin, rest=rest, p=0.9, title=text)
    _label_vetoes(rows, [c])
    return c.p == 0.0


def test_a_cjk_keywords_label_with_its_keywords_is_no_heading():
    assert _label_vetoed("キーワード 知識ベース，RDF，ファセット検索，クラスタリング")
    assert _label_vetoed("关键词：深度学习；文档结构")
    assert not _label_vetoed("キーワード検索")          # a heading about keyword search
    assert not _label_vetoed("キーワード抽出の手法")


def test_a_run_in_lead_ending_in_a_captions_label_is_no_heading():
    assert _label_vetoed("Synthetic Figure 8", runin=True, rest="Baseline scheduler throughput vs. parallelism")
    assert _label_vetoed("BAAI/bge-m3 GPU workload Figure 11", runin=True, rest="Baseline scheduler")
    assert not _label_vetoed("Figures of merit", runin=True, rest="We report three.")
    assert not _label_vetoed("Experimental setup", runin=True, rest="We train on Table 3's data.")


def test_capitals_are_a_rows_letters_not_the_absence_of_lower_case():
    assert in_capitals("INTRODUCTION") and in_capitals("2. RELATED WORK") and in_capitals("第 1 章 INTRODUCTION")
    assert not in_capitals("RDF で記述された知識ベースに対して検索を行うにはいく")
    assert "RDF で記述された知識ベース".isupper()      # (what str.isupper says)
    assert not in_capitals("Introduction") and not in_capitals("知識ベース")


def test_a_european_journals_name_on_the_front_page_is_no_title():
    rows = [row("Journal de la Société Française de Statistique", 73, size=17.0, x0=143, x1=493),
            row("Soumission", 97, size=9.0, x0=82, x1=124),
            row("Bayesian calibration of a numerical code for", 180, size=17.0, bold=1.0, x0=117, x1=478),
            row("prediction", 201, size=17.0, bold=1.0, x0=256, x1=339),
            row("Mathieu Carmassi, Pierre Barbillon et Eric Parent", 278, size=12.0, x0=94, x1=506)]
    for r in rows:
        r.block = 0
    rows[2].block = rows[3].block = 1
    rows[4].block = 2
    got = " ".join(r.text for r in title_rows(rows, 10.0, 0, 842.0))
    assert got == "Bayesian calibration of a numerical code for prediction"


@pytest.mark.parametrize("text, number, title", [
    ("CHAPTER A CODE AVAILABILITY", "A", "CODE AVAILABILITY"),
    ("CHAPTER 3 RESULTS", "3", "RESULTS"),
    ("Chapter II: Methods", "II", "Methods"),
])
def test_an_appendix_chapter_lettered_after_its_label(text, number, title):
    assert number_and_title(text) == (number, title)


def _front(rows_spec):
    rows = []
    for k, (text, y, size, bold, family) in enumerate(rows_spec):
        r = row(text, y, size=size, bold=bold, x0=72, x1=72 + 9 * len(text))
        r.family, r.block = family, k
        rows.append(r)
    return rows


def test_a_japanese_article_kind_over_the_title_is_a_label():
    rows = _front([("研究速報", 78, 14.0, 0.0, "ryumin"),
                   ("ダイジェスト視聴可能な P2P ライブストリーミング", 115, 8.5, 1.0, "gothic"),
                   ("の提案", 128, 8.5, 1.0, "gothic"),
                   ("鈴木 駿介†a)（学生員） 末田 欣子†,††（正員）", 139, 8.0, 0.0, "ryumin")])
    assert [r.text for r in title_rows(rows, 8.5, 0, 842.0)] == ["ダイジェスト視聴可能な P2P ライブストリーミング", "の提案"]


def test_a_japanese_titles_english_translation_is_not_the_title():
    rows = _front([("ブラウザ上でユーザが編集可能な言語パターンマッチシステムの構築", 91, 12.0, 0.0, "mincho"),
                   ("Building a User-Editable Language Pattern Matching System in the Browser", 102, 12.5, 0.0,
                    "heros"),
                   ("桂 辰弥 竹内 孔一", 123, 10.5, 0.7, "gothic")])
    assert [r.text for r in title_rows(rows, 9.0, 0, 842.0)] == ["ブラウザ上でユーザが編集可能な言語パターンマッチシステムの構築"]
    rows = _front([("Yolo を用いた画像認識による交差点付近における", 84, 15.5, 0.0, "ryumin"),
                   ("リアルタイム車両状態推定", 107, 15.5, 0.0, "ryumin"),
                   ("安齋凌介 伊藤昌毅 大口敬 岩井将行", 134, 11.5, 0.0, "ryumin"),
                   ("A Real-time Estimation of Vehicle Status Near an Intersection", 378, 16.0, 0.0, "termes"),
                   ("Image Recognition by Yolo", 401, 16.0, 0.0, "termes")])
    assert [r.text for r in title_rows(rows, 8.5, 0, 842.0)] == ["Yolo を用いた画像認識による交差点付近における",
                                                                 "リアルタイム車両状態推定"]


def test_a_line_inside_a_japanese_paragraph_is_no_heading():
    st = SimpleNamespace(body=8.5, extents={(0, 0): [47.0, 289.0]})
    above = row("するタスクをコンピュータビジョンや機械学習分野では Multi", 306, size=8.5, x0=47, x1=289)
    line = row("Object Tracking（MOT）と呼ぶ．MOT では，リアルタイムか", 320, size=9.0, x0=47, x1=289)
    rows = [above, line]
    c = Cand(i=1, rows=[1], text=line.text, p=0.5, title=line.text)
    _vetoes(rows, [c], st)
    assert c.p == 0.0
    # a heading under a paragraph's last line, which ends on its stop, stays
    above.text = "するタスクをコンピュータビジョンや機械学習分野で用いる．"
    heading = row("3. 1 提案手法の概要と車両状態の推定について", 320, size=9.0, x0=47, x1=289)
    c = Cand(i=1, rows=[1], text=heading.text, p=0.5, title=heading.text)
    _vetoes([above, heading], [c], st)
    assert c.p == 0.5


def test_two_ideographs_are_a_word_not_a_formula():
    for title in ("謝辞", "謝 辞", "附录", "結言", "目 次"):
        assert not formula_fragment(title)
    assert formula_fragment("qt q") and formula_fragment("x 字")     # (one character is no word)


def test_a_letter_spaced_cjk_heading_and_a_cjk_table_of_contents():
    assert _letter_spaced_cjk("参 考 文 献") and _letter_spaced_cjk("謝 辞")
    assert not _letter_spaced_cjk("参考文献") and not _letter_spaced_cjk("3 結 論") and not _letter_spaced_cjk("謝")
    assert section_type("参考文献") == "references"
    assert section_type("目录") == "front_matter" and section_type("目次") == "front_matter"
