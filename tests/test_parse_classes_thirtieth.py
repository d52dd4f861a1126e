"""What the thirtieth round of issue 36 mended (docs/st-parse.md, "Thirtieth round").

Read from the last round's batches, before the round's own were scored:

* a Chinese modelling-contest paper (`ctex`) numbers its sections "一、问题重述" (a Chinese numeral
  and an ideographic comma, no space) and its subsections "1 . 1 问题背景" (the digits in the Latin
  font, spaced from their point): neither was read as a number, and a title in a script without
  case never "opened in a capital", so the outline rules could not take them (34 headings, three
  found).

Read after the round's batch of computer-science and mathematics papers (tex dev26) was scored:

* an IEEE conference paper's first page has a body line opening "presented in [11] is capable of
  …", which was read as a thesis cover's cue ("Presented to …"), and the cover's rule took the
  author line under the title for its subtitle.

Read after the round's batch of journal articles in the sciences (tex dev25) was scored:

* a limnology preprint set its title in capitals over two lines ("QUANTIFYING UNCERTAINTY IN PARETO
  ESTIMATES OF GLOBAL" / "LAKE AREA", the second 14 pt, the first 13.5), and the second line, whose
  two words read like a name, was taken for the author line.

Read after the round's batch of classes and layouts new to the manifest (tex dev27) was scored:

* an Optica journal paper numbers its sections "1. INTRODUCTION" … and their subsections "A." and
  "B." under each; the letters' chain was found before the digits', so "A." could not start again
  under "3. RESULTS" and the first section's "A." and "B." were dropped;
* Wiley's USG template sets its table labels letter-spaced ("T A B L E 1 | …"), which were read
  as no caption and became a heading.
"""

import pytest

from pdf_pages import row


@pytest.mark.parametrize("heading, number, title", [
    ("一、问题重述", "1", "问题重述"), ("十二、附录", "12", "附录"), ("二十、结论", "20", "结论"),
    ("1 . 1 问题背景", "1.1", "问题背景"), ("7 . 2 RAROC 贷款定价模型理论基础", "7.2", "RAROC 贷款定价模型理论基础"),
    ("6 . 2 . 1 三角模糊数定义", "6.2.1", "三角模糊数定义"), ("九十九、结论", "99", "结论"),
    ("一二、结论", None, "一二、结论"),     # no numeral as numbers are written: no number
    # spaced digits before Latin words only are no number (a table's "0 . 5 Hz" reading)
    ("1 . 1 Results", None, "1 . 1 Results"), ("3.2 Results", "3.2", "Results")])
def test_chinese_section_numbers_are_read_by_their_value(heading, number, title):
    from scholartools.text.sections import strip_number

    assert strip_number(heading) == (number, title)


def test_a_title_in_a_script_without_case_opens_as_a_capitalised_one():
    from scholartools.parsing.pdf.headings import _opens_capital

    assert _opens_capital("问题重述") and _opens_capital("種類の比較") and _opens_capital("Results")
    assert not _opens_capital("results") and not _opens_capital("（具体答案）")


def test_chinese_sections_centred_on_lines_of_their_own_make_an_outline():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _centred_outline
    from scholartools.text.sections import strip_number

    texts = ["一、问题重述", "二、问题分析", "三、模型流程图", "四、模型假设", "五、符号说明", "六、问题一建模与求解"]
    rows, cands = [], []
    for k, text in enumerate(texts):
        width = 15.0 * len(text)
        rows.append(row(text, 100.0, 15.0, page=k, x0=297.5 - width / 2, x1=297.5 + width / 2))
        rows.append(row("个体工商户和中小微企业是零售银行战略中非常重要的客户群。但由于中小微企业", 130.0, 12.0,
                        page=k, x0=72.0, x1=523.0))
        c = Cand(i=2 * k, rows=[2 * k], text=text, p=0.02, feats=[0.0] * len(FEATURES))
        c.number, c.title = strip_number(text)
        cands.append(c)
    _centred_outline(cands, 0.4, rows)
    assert [round(c.p, 2) for c in cands] == [0.41] * 6


def test_a_body_line_opening_on_presented_in_is_no_cover_cue():
    from scholartools.parsing.pdf.frontmatter import _COVER_CUE, _cover_title

    rows = [row("Detecting Partially Occluded Objects via Segmentation and Validation", 76.7, 16.0, x0=60.0, x1=552.0),
            row("Martin Levihn Matthew Dutton Alexander J. B. Trevor Mike Stilman", 111.9, 11.0, x0=130.0, x1=478.0),
            row("presented in [11] is capable of dealing with partial world", 493.6, 10.0, x0=54.0, x1=299.0)]
    rows[0].bold = 1.0
    assert _cover_title(rows, 0, 10.0) == []
    assert _COVER_CUE.match("Presented to the Faculty of the Graduate School")
    assert _COVER_CUE.match("SUBMITTED TO THE DEPARTMENT OF PHYSICS")
    assert not _COVER_CUE.match("submitted to a journal that is read by few")


def _title_over(second, first_x=(72.0, 540.0), second_size=14.0):
    title = row("QUANTIFYING UNCERTAINTY IN PARETO ESTIMATES OF GLOBAL", 97.8, 13.5, x0=first_x[0], x1=first_x[1])
    under = row(second, 120.3, second_size, x0=264.0, x1=348.0)
    title.family = under.family = "serif"   # half a point apart: not one type (_same_type)
    body = [row("Lakes are a dominant feature of the landscape and their area is measured from space.", 400.0 + 12 * k,
                10.0, x0=72.0, x1=540.0) for k in range(6)]
    return [title, under] + body


def test_a_title_line_filling_the_measure_goes_on_below_however_like_a_name_the_next_reads():
    from scholartools.parsing.pdf.frontmatter import _groups

    groups = _groups(_title_over("LAKE AREA"), 0, 500.0)
    assert [r.text for r in groups[0]] == ["QUANTIFYING UNCERTAINTY IN PARETO ESTIMATES OF GLOBAL", "LAKE AREA"]
    # a title line short of the body's measure (a cover's centred title), or a name set smaller:
    # the author line
    assert len(_groups(_title_over("JOHN SMITH", first_x=(150.0, 460.0)), 0, 500.0)[0]) == 1
    assert len(_groups(_title_over("JOHN SMITH", second_size=12.8), 0, 500.0)[0]) == 1


def test_lettered_subsections_start_again_under_each_numbered_section():
    from scholartools.parsing.pdf.headings import FEATURES, Cand, _plausible_sequence, number_and_title

    texts = [("1. INTRODUCTION", 0.97), ("2. ITERATIVE MAP MODEL", 0.99), ("A. Combining the Component Maps", 0.96),
             ("B. Non-Dimensionalization", 0.97), ("3. RESULTS", 0.99), ("A. Linear Solution", 0.97),
             ("B. Nonlinear Solution and Instability", 0.96), ("4. CONCLUSION", 0.99)]
    rows = [row(t, 60 + 20 * k) for k, (t, _) in enumerate(texts)]
    cands = [Cand(i=k, rows=[k], text=t, runin=False, p=p, title=t, feats=[0.0] * len(FEATURES))
             for k, (t, p) in enumerate(texts)]
    for c in cands:
        c.number, c.title = number_and_title(c.text, c.runin)
    _plausible_sequence(cands, 0.4, rows)
    assert all(c.p > 0.9 for c in cands)
    # the restart needs a section the model is sure of between: under weak ones, one chain of letters
    for k in (0, 1, 4, 7):
        cands[k].p = 0.5
    for c in cands[2:4]:
        c.p = 0.96
    _plausible_sequence(cands, 0.4, rows)
    assert [c.p > 0.9 for c in cands[2:4]] != [c.p > 0.9 for c in cands[5:7]]


@pytest.mark.parametrize("text, kind", [("T A B L E 1 | Mean execution times", "t a b l e"),
                                        ("F I G U R E 2 | An illustration", "f i g u r e"),
                                        ("Table 3: Results", "table")])
def test_letter_spaced_caption_labels_are_captions(text, kind):
    from scholartools.parsing.pdf.headings import CAPTION

    m = CAPTION.match(text)
    assert m and m.group("kind").lower() == kind
