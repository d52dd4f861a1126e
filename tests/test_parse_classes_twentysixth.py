"""What the twenty-sixth round of issue 36 mended (docs/st-parse.md, "Twenty-sixth round").

Left over from the twenty-fifth round's batches:

* a reference's italic journal name at the start of a line ("*J. Neurosci.*, 10:826–36.") was
  read as a run-in heading numbered "J";
* a title whose first line, a question in bold ("Does Sycophancy Win?"), stands over the rest in
  the same size but regular weight lost that line;
* a proof's bold label naming the numbered result it proves ("**Proof of Proposition 2**", set on
  a line of its own by ``\\textbf``) was a heading; no source's sectioning command and no JATS
  section reads so (a named proof, "Proof of Division Algebra Property", does).

A fourteenth batch (life-science, medical and physical-science journals' classes: F1000, BMC,
Frontiers, GigaScience, G3, Scientific Reports, IOP, AIAA, Elsevier, J. Phys. Conf. Ser.), scored
once before it was read, showed:

* an author's PDF whose numbered headings came out in the body's regular type ("1. Introduction"
  scored 0.06) lost every heading, and its abstract ran on into the text;
* a math font's letters whose code points lost their plane in the PDF's text map read as Hangul
  ("휕휌푒푡" for 𝜕𝜌𝑒𝑡), and newtx's math italic ("NewTXMI") was not known as a math font;
* a TeX accent set between a consonant and its vowel went to the consonant ("M¨obius" read
  "M̈obius", "Andr´e" "Andŕe");
* an italic paragraph lead before a sentence in roman ("*Space Filling* Also referred to as …")
  was read as a whole-row heading, and a theorem's enumerated parts going on after "such that:",
  once their math letters read as such, as numbered headings.

A fifteenth batch (linguistics and humanities, Japanese, Chinese, German and Portuguese papers,
CogSci, ECAI, IFAC, AES and IAC papers, a Polish master's thesis), scored once before it was read,
showed:

* a CJK row set in its text face around a number or a Latin word in a Latin font ("本稿では，… 2
  つの概念") was read as a styled lead, so a Japanese heading ran on into its paragraph's first row;
* the abstract labels and keyword labels of Japanese, Chinese and Korean papers ("概要：",
  "キーワード：") were not known, nor German, Italian and CJK names for the references
  ("Literatur", "参考文献");
* a society's "Convention Paper" banner set in 33 pt above the title was taken for the title;
* a form's fields ("**Conflitos:** –", empty) and a list of fields ("**Prestativo:** …" over
  "**motivador:** …") were run-in headings;
* Japanese and Chinese lines were joined with a space ("タスク集 合をウェブから"), which these
  scripts do not put between words, and a section number before a counted word ("2.2.3 2
  種類の…") was not split off.
"""

from types import SimpleNamespace

import pymupdf
import pytest

from pdf_pages import para, row, saved_record
from scholartools.parsing.pdf.headings import Cand


def test_a_lead_the_sentence_goes_on_from_is_no_run_in_heading():
    from scholartools.parsing.pdf.headings import _runin, _vetoes

    st = SimpleNamespace(body=10.0, body_family="body")
    for text, lead in (("J. Neurosci., 10:826–36.", "J. Neurosci."), ("Nature Neurosci.; 7:1154–1161.", "Nature Neurosci."),
                       ("Data collection. Each recording was filtered before analysis.", "Data collection.")):
        r = row(text, 100)
        r.lead, r.lead_style = lead, "i"
        c = _runin([r], 0, st)
        c.p = 0.9
        _vetoes([r], [c], st)
        assert (c.p > 0) == text.startswith("Data"), text


FRONT_PAGES = {
    # a title's first part, a question in bold, above the rest in regular weight and the same size
    "question": ([(230, 100, "Does Sycophancy Win?", 17, "tibo"),
                  (130, 122, "A Causal Analysis of Flattery and User Preference", 17, "tiro"),
                  (160, 144, "in Large Language Model Comparisons", 17, "tiro"),
                  (250, 175, "Nicholas Example", 12, "tibo"), (280, 215, "Abstract", 12, "tibo")], 222,
                 "Does Sycophancy Win? A Causal Analysis of Flattery and User Preference in Large Language Model "
                 "Comparisons"),
    # a society's "Convention Paper" banner in 33 pt above the title
    "banner": ([(204, 130, "Audio Engineering Society", 16, "helv"), (167, 170, "Convention Paper", 33, "helv"),
                (213, 192, "Presented at the 145th Convention", 11, "helv"),
                (72, 280, "Automatic Guitar Tablature Transcription from Audio using", 16, "hebo"),
                (72, 302, "Inharmonicity Regression and Bayesian Classification", 16, "hebo"),
                (72, 325, "Jonathan Example and Richard Sample", 10, "tiro"), (72, 360, "ABSTRACT", 10, "hebo")], 366,
               "Automatic Guitar Tablature Transcription from Audio using Inharmonicity Regression and Bayesian "
               "Classification"),
}


@pytest.mark.parametrize("name", sorted(FRONT_PAGES))
def test_the_title_of_a_drawn_front_page(tmp_path, name):
    lines, abstract_y, want = FRONT_PAGES[name]
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    for x, y, text, size, font in lines:
        p.insert_text((x, y), text, fontsize=size, fontname=font)
    para(p, abstract_y, "We study what the title says and report what we found in four sentences. " * 4)
    assert saved_record(doc, tmp_path, f"{name}.pdf")["title"] == want


def test_a_proof_s_label_naming_a_numbered_result_is_no_heading():
    from scholartools.parsing.pdf.headings import _THEOREM_HEAD

    for text in ("Proof of Theorem 34", "Proof of Lemma 5.2", "Proof of Proposition 17.", "Proofs of Lemmas 3 and 4",
                 "Proof of Theorem A.1"):
        assert _THEOREM_HEAD.match(text), text
    for text in ("Proof of Division Algebra Property", "Proofs for Section 4", "Proof of the First Zonklar Equation",
                 "Proof of Theorem 4.12: Linear spectral gap scaling", "Proofs of our main Theorems"):
        assert not _THEOREM_HEAD.match(text), text


def _numbered(texts_pages, p=0.06):
    from scholartools.parsing.pdf.headings import FEATURES, Cand, number_and_title

    rows, cands = [], []
    for k, (text, page) in enumerate(texts_pages):
        rows.append(row(text, 100 + 5 * k, page=page))
        rows.append(row("The paragraph under it opens here and runs on for a few lines of the body.", 110 + 5 * k,
                        page=page))
        c = Cand(i=2 * k, rows=[2 * k], text=text, runin=False, p=p, title=text, feats=[0.0] * len(FEATURES))
        c.number, c.title = number_and_title(text, False)
        cands.append(c)
    return rows, cands


def test_numbered_rows_in_the_body_s_type_that_make_a_whole_outline_are_headings():
    from scholartools.parsing.pdf.headings import _plausible_sequence

    outline = [("1. Introduction", 1), ("2. The Hybrid Solver", 3), ("2.1. The Eulerian step", 4),
               ("2.2. The Lagrangian step", 6), ("3. Wave Equation", 7), ("4. Benchmark Results", 9),
               ("4.1. Simulation configuration", 9), ("5. Conclusion", 12)]
    rows, cands = _numbered(outline)
    _plausible_sequence(cands, 0.4, rows)
    assert all(c.p > 0.4 for c in cands)
    # a number skipped, or the outline on two pages, is no such evidence
    for broken in (outline[:4] + outline[5:], [(t, 1 if k < 4 else 2) for k, (t, _) in enumerate(outline)]):
        rows, cands = _numbered(broken)
        _plausible_sequence(cands, 0.4, rows)
        assert not any(c.p > 0.4 for c in cands), broken


def test_math_letters_that_lost_their_plane_are_read_as_math_letters():
    from scholartools.parsing.pdf.extract import _row_from_spans, font_traits

    assert font_traits("NewTXMI")[2] and font_traits("ABCDEF+NewPXMI")[2]
    span = {"text": "\ud715\ud70c\ud452\ud461", "bbox": (273, 350, 285, 360), "origin": (273, 358), "size": 10.0,
            "font": "NewTXMI", "flags": 2}
    assert _row_from_spans([span], 0, 0).text == "\U0001d715\U0001d70c\U0001d452\U0001d461"   # 𝜕𝜌𝑒𝑡
    # Hangul in a text font stays Hangul
    span = dict(span, text="\ud55c\uad6d\uc5b4", font="NanumGothic")
    assert _row_from_spans([span], 0, 0).text == "한국어"


def test_a_tex_accent_between_a_consonant_and_a_vowel_is_the_vowel_s():
    from scholartools.parsing.pdf.extract import fix_accents

    for raw, want in (("M¨obius function", "Möbius function"), ("Andr´e", "André"), ("Jos´e", "José"),
                      ("Schro¨dinger", "Schrödinger"), ("Mu¨ller", "Müller"), ("Pe´rez", "Pérez"),
                      ("Lemaˆıtre", "Lemaître"), ("Franc¸ois", "François")):
        assert fix_accents(raw) == want, raw


def test_an_italic_lead_before_a_sentence_in_roman_is_a_run_in_head():
    from pdf_pages import block
    from scholartools.parsing.pdf.headings import _lead_before_sentence

    def rows_(text, lead, style, next_block):
        r = row(text, 100)
        r.lead, r.lead_style = lead, style
        nxt = row("(RSF) [16, 21], this category comprises the visualizations that fill", 112)
        return block([r], 9) + block([nxt], next_block)

    c = Cand(i=0, rows=[0], text="", runin=False, p=0.41, title="", feats=[])
    assert _lead_before_sentence(rows_("Space Filling Also referred to as Radial Space Filling", "Space Filling", "i", 9), c)
    # a heading of two styles in a block of its own; a one-word styled lead; lower-case words after it
    assert not _lead_before_sentence(rows_("Rule 1 All complementary-strand stops are removable", "Rule 1", "b", 10), c)
    assert not _lead_before_sentence(rows_("Results Also referred to as outcomes", "Results", "i", 9), c)
    assert not _lead_before_sentence(rows_("Binding assays in vivo and in vitro", "Binding assays", "b", 9), c)


def test_a_theorem_s_part_going_on_after_such_that_is_no_outline_step():
    from scholartools.parsing.pdf.headings import FEATURES, _outline_like, number_and_title

    def cand(text):
        c = Cand(i=0, rows=[0], text=text, runin=False, p=0.41, title=text, feats=[0.0] * len(FEATURES))
        c.number, c.title = number_and_title(text, False)
        return c

    assert not _outline_like(cand("1. If \u0393\U0001d43a, \U0001d70c\u0393 \u22a2 \U0001d452 : \U0001d70c\U0001d461, "
                                  "then there exist \U0001d436\u2032, \U0001d70c\u2032 such that:"))
    assert not _outline_like(cand("2. For every graph G with n vertices there is a tree T where"))
    assert _outline_like(cand("3. Results that matter")) and _outline_like(cand("4.2 What the data say about the cases"))
    assert _outline_like(cand("2.3 Matrix Product States and All That"))


def test_a_cjk_row_in_its_own_face_around_a_latin_word_has_no_lead():
    from scholartools.parsing.pdf.extract import _row_from_spans

    def span(text, font, x0, x1):
        return {"text": text, "bbox": (x0, 100, x1, 109), "origin": (x0, 107), "size": 9.0, "font": font, "flags": 4}

    r = _row_from_spans([span("本稿では，行動と状態という", "Ryumin-Light", 56, 180), span(" 2 ", "CMR9", 180, 190),
                         span("つの概念を用いてタスク", "Ryumin-Light", 190, 286)], 0, 0)
    assert r.lead == "" and r.lead_style == ""
    # a heading's face that the row leaves for good is a lead ("2.1 八代集の言語変化" in Gothic, then
    # Mincho; Gothic is read as Japanese's bold since the thirty-fifth round)
    r = _row_from_spans([span("八代集の言語変化", "GothicBBB-Medium", 56, 130),
                         span(" 八代集は，『古今和歌集』から", "Ryumin-Light", 130, 286)], 0, 0)
    assert r.lead == "八代集の言語変化" and r.lead_style == "b"


def test_cjk_abstract_and_keyword_labels_and_references_in_more_languages():
    from scholartools.parsing.pdf.frontmatter import _KEYWORDS_ROW, ABSTRACT_START
    from scholartools.text.sections import section_type

    for label in ("概要：本研究では，クエリとして", "摘要：文本情感分析", "要旨 本稿では"):
        assert ABSTRACT_START.match(label), label
    assert _KEYWORDS_ROW.match("キーワード：八代集，語彙分析") and _KEYWORDS_ROW.match("关键词：情感分析")
    for heading in ("Literatur", "参考文献", "Bibliografia", "Riferimenti bibliografici"):
        assert section_type(heading) == "references", heading
    assert section_type("Literature review") == "related_work"


def test_a_form_s_fields_are_no_run_in_headings():
    from scholartools.parsing.pdf.headings import _runin, _vetoes

    st = SimpleNamespace(body=12.0, body_family="body")
    texts = [("Prestativo: o aplicativo deve ter como objetivo ser útil ao usuário", "Prestativo:"),
             ("motivador: o usuário deve se interessar para utilizar;", "motivador:"),
             ("Conflitos: –", "Conflitos:"),
             ("Methods: We recruited 40 participants from two clinics and asked each", "Methods:"),
             ("to keep a diary of their symptoms for two weeks before the visit.", ""),
             ("Funding: This research received no external funding.", "Funding:"),
             ("Institutional Review Board Statement: Not applicable.", "Institutional Review Board Statement:")]
    rows = []
    for k, (text, lead) in enumerate(texts):
        r = row(text, 100 + 40 * k, size=12.0)
        r.lead, r.lead_style = lead, "b" if lead else ""
        rows.append(r)
    cands = [c for k in range(len(rows)) if (c := _runin(rows, k, st)) is not None]
    standalone = Cand(i=2, rows=[2], text="Conflitos: –", runin=False, p=0.9, title="Conflitos: –", feats=[])
    for c in cands:
        c.p = 0.9
    _vetoes(rows, cands + [standalone], st)
    assert {c.text: c.p > 0 for c in cands} == {"Prestativo": False, "Conflitos": False, "Methods": True, "Funding": True,
                                                "Institutional Review Board Statement": True}
    assert standalone.p == 0.0


def test_chinese_and_japanese_lines_are_joined_without_a_space():
    from scholartools.parsing.pdf.lines import join_lines

    assert join_lines(["必要なタスク集", "合をウェブから発見する．", "本稿では"]) == "必要なタスク集合をウェブから発見する．本稿では"
    assert join_lines(["以下の", "SVM 手法", "Deep", "learning"]) == "以下の SVM 手法 Deep learning"
    assert join_lines(["한국어 문장", "다음 줄"]) == "한국어 문장 다음 줄"   # Hangul spaces its words


def test_a_section_number_before_a_counted_japanese_word_is_split_off():
    from scholartools.text.sections import strip_number

    assert strip_number("2.2.3 2 種類の語彙変数の認定アプローチ") == ("2.2.3", "2 種類の語彙変数の認定アプローチ")
    assert strip_number("5. 3D Detectors") == ("5", "3D Detectors") and strip_number("2 3 4") == (None, "2 3 4")
