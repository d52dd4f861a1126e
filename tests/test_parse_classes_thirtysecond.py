"""What the thirty-second round of issue 36 mended (docs/st-parse.md, "Thirty-second round").

Read before the round's blind batch, from the Japanese paper of the thirtieth round (tex dev26,
``jsarticle``), whose abstract lost its first line:

* the line opens the abstract's paragraph indented, holds inline formulas ("常微分方程式 h(0) = 0,
  h′(t) = g(t, h(t)) の解 h の …": a quarter of its characters in math fonts) and, counted in
  words of four Latin letters, no words at all: it was read as a display formula. A row's words
  of prose now count Chinese and Japanese characters too (a word per three);
* the math font is set larger than the Japanese text (9.8 pt against 9.1 pt) and outnumbers it
  on that line, so the line's size was the formula's, and the abstract stopped where its lines in
  the text's size had passed thirty words. A first line a fifth or more in math fonts lets the
  second line, within a point of it and level with it, set the abstract's type.
"""

import pymupdf
import pytest
from pdf_pages import row

from scholartools.parsing import parse_path
from scholartools.parsing.pdf.structure import _is_math_row

JAPANESE = ("この方程式を数値的に解くことの本質的な難しさを表しているとして調べられている",
            "本稿ではさらに関数を滑らかな関数へ制限した場合を考え次の結果を得た",
            "一回連続微分可能な関数に限っても解はやはり困難でありうることを示した",
            "また任意の自然数について同様に困難でありうることも示した")


@pytest.mark.parametrize("text, math, equation", [
    # an indented first line of a Japanese paragraph with inline formulas: prose
    ("常微分方程式 h(0) = 0, h′(t) = g(t, h(t)) の解 h の計算量と, 関数 g の計算量及び制限の", 0.27, False),
    # a display formula naming its quantities in Chinese words: still a formula
    ("Z = {Z1, Z2, Z3} = {公司状况, 盈利偿债能力, 运营发展能力} (3)", 0.3, True),
    ("R = (收入 − 成本费用 − 预期损失) ÷ 经济资本 (4)", 0.3, True),
    # the same counts for Latin text as before
    ("where the parameter h(t) = g(t, h(t)) is defined for each time step of the solver", 0.27, False),
    ("h(0) = 0, h′(t) = g(t, h(t)) (1)", 0.6, True),
])
def test_chinese_and_japanese_characters_count_as_words_of_prose(text, math, equation):
    r = row(text, 300, size=9.8, x0=115, x1=489)
    r.math = math
    assert _is_math_row(r, 72, 540) is equation


def test_a_japanese_abstract_keeps_its_first_line_set_in_larger_math(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((150, 100), "滑らかな常微分方程式の計算量", fontsize=17, fontname="japan")
    p.insert_text((250, 135), "太田浩行", fontsize=12, fontname="japan")
    p.insert_text((290, 180), "概要", fontsize=9, fontname="japan")
    # the first line, indented: Japanese at 9 pt, its inline formulas in a math font at 9.8 pt
    x, y = 115.0, 200.0
    for text, font, size in (("常微分方程式", "japan", 9), (" h(0) = 0, h'(t) = g(t, h(t)) ", "symb", 9.8),
                             ("の解", "japan", 9), (" h ", "symb", 9.8), ("の計算量と関数", "japan", 9),
                             (" g ", "symb", 9.8), ("の制限の関係は,", "japan", 9)):
        p.insert_text((x, y), text, fontsize=size, fontname=font)
        x += pymupdf.get_text_length(text, fontname="symb", fontsize=size) if font == "symb" else 9 * len(text)
    # the next lines at 9 pt, spaced as the paper spaces its Latin words and commas: more than
    # thirty words in all, so a size a point apart would end the abstract
    for k, text in enumerate(JAPANESE):
        spaced = " ".join(text[i:i + 4] for i in range(0, len(text), 4))
        p.insert_text((106, 214 + 14 * k), spaced + ("." if k == len(JAPANESE) - 1 else ""), fontsize=9,
                      fontname="japan")
    p.insert_text((76, 300), "1 序論", fontsize=14.5, fontname="japan")
    for k in range(12):
        p.insert_text((86, 330 + 14 * k), JAPANESE[k % 4], fontsize=10, fontname="japan")
    path = tmp_path / "jp.pdf"
    doc.save(path)
    abstract = parse_path(str(path))["abstract"]
    assert abstract.startswith("常微分方程式")
    assert abstract.endswith("示した.")
