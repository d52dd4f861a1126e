"""What the thirty-fifth round of issue 36 mended (docs/st-parse.md, "Thirty-fifth round").

Read from the last round's unread blind batch (tex dev41: Acta IMEKO, the Winter Simulation
Conference's class in a Spanish report, a Polish and a Japanese thesis class):

* a metadata box's run-in fields that name no section of the text — the journal section the
  article is in ("Section: RESEARCH PAPER") and the editor who handled it ("Section Editor: …") —
  are no headings, as "Keywords:" and "Received:" beside them were not;
* a list's item opened by a dash ("– Steps:", under a bullet's use case) is no heading;
* a Japanese or Chinese sentence closed by its full stop ("まず，…が送られる．") is no heading;
* the head of a table (its cells side by side right under the table's caption, "Cuadro 1: …" over
  "Párametro   Valor") is no heading though it is set in the headings' bold.

Read from the round's blind batches (tex dev42: Cambridge's new journal classes, Wiley-VCH's, a
Stanford thesis, a Brazilian report; tex dev43: JuliaCon, AAMAS, WISS, DICOMO, an architecture
submission class):

* a Japanese abstract opening on its label's row ("概要. プログラムに … 「Babascript」…"), its
  Latin words a third of that row, is no translation to pass over (nor a Chinese one whose second
  line names its methods in English); an Arabic translation above an English abstract still is,
  a drop cap's letter between them or not;
* a Latin word opening a Japanese row in a Latin font ("Babascript では、…"), and a Japanese run
  before Latin text that closes on no stop ("人への命令構文の第一引数には、Babascript Client"),
  change the font with the script: no styled lead, so no run-in heading;
* a Japanese run-in lead closed by its full stop ("一通信ラウンドの流れ．AFAD の …") is a run-in
  heading, not the row; the row under a short Japanese heading line is no wrap of it when it
  opens with such a lead ("3.1 設計方針" over "二重異種性を … 難しさ．HeteroFL …"), and the
  next word of a Japanese row is its first character;
* the outline's last top-level heading, scored too low to be a step by itself ("7. 結論", 0.08),
  closes the chain when set as the level's member before it is;
* a page of a two-column paper whose right column holds a few lines only (a last page's short
  conclusion) is read left column first: the text area's middle, pulled left by those short lines,
  no longer puts the left column across it;
* "Appendix 1. Model code": the appendix's number as a letter's is;
* a line of an abstract's block ending a word its line above broke ("We inte-" / "grated
  PostgresORM.jl into …"), measured larger by the typewriter names it holds, goes on with it.

Read from the round's later batches (tex dev44: Wiley-VCH's w-art, Environmetrics, UCL's thesis
class; dev45: OUP's Microscopy and Microanalysis class, IOP's 2024 class, RMxAA, WISS, ISCA):

* a caption's line set smaller than the body, broken off without a stop, goes on in the line of
  its size and face right under it within its span, though that is a block of its own ("図 3. …
  発言数の" / "分布の両対数グラフ");
* appendices lettered under their label ("APPENDIX" over "A. HOW TO MAKE AN APPENDIX") are
  headings;
* a fraction's numerator over its bar is no heading when its denominator is far narrower
  ("[−iħ∇ν + Aν(R,t)]²" over "2Mν").

And, read from the twenty-four Chinese and Japanese papers of the LaTeX pairs together (headings
F1 .900 → .917): the sans faces these set their headings in against a Song or Mincho body (Gothic,
Kaku Gothic, Hei: "IPAexGothic", "GothicBBB-Medium", "HiraKakuProN-W6", "SimHei", "STHeiti",
"FandolHei", "Microsoft YaHei") are their bold; a paragraph's first line wholly in that face, set
in and run to the column's edge, the next line going on at the column's left, is no heading; an
appendix lettered before a Chinese title ("E 新冠疫情影响下 …") is numbered by its letter.

Read from the round's last batch (tex dev46: ASA's JSM proceedings, a bundled preprint style,
classicthesis, Glasgow's level-4 project class, a UCL thesis class): a title's italic words (a
work's name) that went on to a line of their own, measured larger in their own font ("… OVID'S
*Heroides* AND THE *Epistula*" over "*Sapphus*"), are the title's. And from dev47 (Duke's
dissertation class): a chapter's number set alone at the right margin numbers the title flush
right under it; an author's name under a "by" of its own (the abstract page repeating the title
page) is no heading.
"""

import pymupdf
import pytest
from pdf_pages import BODY, hold_scores, lift_scores, para, row, saved_record

from scholartools.parsing.pdf.headings import Cand, _label_vetoes


def _vetoed(text: str, runin: bool = False, rest: str = "") -> bool:
    """Whether the label vetoes drop a candidate of ``text`` (title as printed), scored sure."""
    rows = [row(text + (": " + rest if runin else ""), 100.0)]
    c = Cand(i=0, rows=[0], text=text, runin=runin, rest=rest, p=0.9, title=text)
    _label_vetoes(rows, [c])
    return c.p == 0.0


@pytest.mark.parametrize("text, rest", [
    ("Section", "RESEARCH PAPER"), ("Section Editor", "Francesco Lamonaca, University of Calabria, Italy"),
    ("Academic Editor", "Jane Doe"), ("Handling editor", "A. Smith"), ("Article type", "Review"),
])
def test_a_metadata_box_field_is_no_heading(text, rest):
    assert _vetoed(text, runin=True, rest=rest)


def test_metadata_words_as_a_heading_of_their_own_stay():
    # a template's "\section{Section}" printed as a heading, and a run-in lead of other words
    assert not _vetoed("Section")
    assert not _vetoed("Section editors in practice", runin=True, rest="We surveyed forty journals.")


@pytest.mark.parametrize("text", ["– Steps", "— Result", "- Purpose"])
def test_a_dash_led_list_item_is_no_heading(text):
    assert _vetoed(text)


def test_a_dash_inside_a_heading_keeps_it():
    assert not _vetoed("Group 1 – Saline control group")
    assert not _vetoed("2 – Results")


@pytest.mark.parametrize("text", ["まず，クライアントからサーバーに HTTP リクエストが送られる．",
                                  "サーバーからの返されるレスポンスは以下である。"])
def test_a_cjk_sentence_is_no_heading(text):
    assert _vetoed(text)


@pytest.mark.parametrize("text", ["研究の背景", "准静态、可逆过程与元功", "Results. Discussion."])
def test_cjk_headings_without_a_full_stop_stay(text):
    assert not _vetoed(text)


TEXT = ("El modelo describe la propagación de la enfermedad en una población cerrada con vacunación "
        "continua, y sus parámetros se estiman a partir de los datos publicados por las autoridades. ")


def test_a_tables_head_under_its_caption_is_no_heading(tmp_path, monkeypatch):
    # the model scored the real head's "Valor" 0.25 (this drawn one 0.07): held there
    lift_scores(monkeypatch, 0.25, lambda c: c.text in ("Valor", "Parámetro"))
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Simulación de un modelo epidémico con vacunación", fontsize=17, fontname="tibo")
    p.insert_text((72, 105), "Ana Pérez y Luis Gómez", fontsize=11, fontname="tiro")
    y = 130
    for k, h in enumerate(("Introducción", "Modelo", "Métodos"), 1):
        p.insert_text((72, y + 20), f"{k}. {h}", fontsize=11, fontname="tibo")
        y = para(p, y + 26, TEXT * 3, size=11)
    p = doc.new_page(width=612, height=792)
    p.insert_text((190, 80), "Cuadro 1: Valores iniciales usados en la simulación", fontsize=11, fontname="tiro")
    # the head's cell "Valor" drawn first, "Parámetro" after the body of the table: each a row of
    # its own, the first over the table's first line (as a Type 3 font's words are regrouped)
    p.insert_text((450, 98), "Valor", fontsize=11, fontname="tibo")
    for k, (name, value) in enumerate((("Número total de individuos, N", "100 000"),
                                       ("Coeficiente de transmisión", "0,20"),
                                       ("Coeficiente de retiro natural", "3,47"))):
        p.insert_text((190, 114 + 14 * k), name, fontsize=11, fontname="tiro")
        p.insert_text((452, 114 + 14 * k), value, fontsize=11, fontname="tiro")
    p.insert_text((200, 98), "Parámetro", fontsize=11, fontname="tibo")
    y = para(p, 170, TEXT * 3, size=11)
    for k, h in enumerate(("Resultados", "Conclusiones"), 4):
        p.insert_text((72, y + 20), f"{k}. {h}", fontsize=11, fontname="tibo")
        y = para(p, y + 26, TEXT * 3, size=11)
    rec = saved_record(doc, tmp_path, "cuadro.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert heads == ["Introducción", "Modelo", "Métodos", "Resultados", "Conclusiones"]


# ---------------------------------------------------------------------------------------------
# the round's blind batches

JA_BODY = ("本稿では，人とコンピュータが協調して処理を実行するための環境を提案し，その設計と実装について述べる．"
           "提案する環境は，通常のプログラムと同じ記法で人への命令を記述できる点に特徴がある．")


def _ja_para(p, y, text=JA_BODY * 2, x=57, w=480, size=10):
    return para(p, y, text, x=x, w=w, size=size, font="japan-s")


def test_a_japanese_abstract_on_its_label_row_is_no_translation(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    p.insert_text((57, 118), "Babascript: 人とコンピュータの協調による処理実行環境", fontsize=14, fontname="japan")
    p.insert_text((63, 149), "馬場匠見 橋本翔 増井俊之", fontsize=11.5, fontname="japan-s")
    p.insert_text((71, 188), "概要. プログラムに人力処理を組み込むシステム「Babascript」を提案する。Babascript",
                  fontsize=9.5, fontname="japan-s")
    y = para(p, 193, "は、シンプルな人力処理命令構文と、命令に対する返り値を返せるスマートフォンアプリケーションを"
             "組み合わせることで実現する、プログラム上で人力処理を実現するための仕組みである。" * 2,
             x=71, w=450, size=9.5, font="japan-s")
    for k, h in enumerate(("はじめに", "関連研究", "実装"), 1):
        p.insert_text((57, y + 24), f"{k} {h}", fontsize=11.5, fontname="japan")
        y = _ja_para(p, y + 32)
    rec = saved_record(doc, tmp_path, "gaiyou.pdf")
    assert rec["abstract"].startswith("プログラムに人力処理を組み込むシステム")
    assert "スマートフォンアプリケーション" in rec["abstract"]


def test_a_translation_is_told_from_a_chinese_abstract_naming_its_methods_in_english():
    from scholartools.parsing.pdf.frontmatter import _latin_after

    arabic = "هناك حالة وفاة متعلقة 587 الأوسط. اعلنت منظمة الصحة العالمية"
    english = "As of January 2016, 1,633 laboratory-confirmed cases of Middle East"
    rows = [row(arabic, 100), row(arabic, 112), row("I", 120, size=29), row(arabic, 130),
            row(english, 150), row(english, 162), row(english, 174)]
    assert _latin_after(rows, 0)     # (the drop cap's "I" is neither's)
    chinese = [row("集中检测核酸是当前新冠防疫的最主要检测措施和方式；为解决核酸检测效率问题", 100),
               row("本研究采用 AHP（Analytic Hierarchy Process）、带权重的 TOPSIS（Technique for", 112),
               row("Preference by Similarity to Ideal Solution）、正态分布模型等评价评估方法进行分析", 124),
               row("自由的科学计算软件 Octave 进行计算，找出目前影响核酸检测效率主要因素", 136)]
    assert not _latin_after(chinese, 0)


@pytest.mark.parametrize("lead, after, switch", [
    ("Babascript", [" では、定義されていないメソッドが実"], True),
    ("人への命令構文の第一引数には、", ["Babascript Client"], True),
    ("一通信ラウンドの流れ．", ["AFAD の各通信ラウンドは次"], False),   # a lead closed by its stop
    ("Training", [". We train the model"], False),
])
def test_a_font_that_changes_with_the_script_makes_no_lead(lead, after, switch):
    from scholartools.parsing.pdf.extract import _script_switch

    assert _script_switch(lead, after) is switch


def _ja_paper(doc, sections, lead_rows=()):
    """A Japanese paper in two pages: numbered sections in Gothic, subsections, Mincho body text."""
    p = doc.new_page(width=595, height=842)
    p.insert_text((57, 90), "計算・モデル二重異種性に対応する適応的連合学習", fontsize=16, fontname="japan")
    p.insert_text((57, 120), "山田太郎 鈴木花子", fontsize=11, fontname="japan-s")
    y = 140
    for k, (title, subs) in enumerate(sections, 1):
        if y > 640:
            p = doc.new_page(width=595, height=842)
            y = 60
        p.insert_text((57, y + 24), f"{k}. {title}", fontsize=12, fontname="japan")
        y = _ja_para(p, y + 30, JA_BODY)
        for s, sub in enumerate(subs, 1):
            p.insert_text((57, y + 18), f"{k}.{s} {sub}", fontsize=10, fontname="japan")
            if (k, s) in lead_rows:
                # a paragraph opening with a run-in lead in Gothic, closed by its stop
                p.insert_text((67, y + 34), "二重異種性を同時に解決する難しさ．", fontsize=10, fontname="japan")
                p.insert_text((237, y + 34), "HeteroFL と FedGen を", fontsize=10, fontname="tiro")
                y = _ja_para(p, y + 38, JA_BODY)
            else:
                y = _ja_para(p, y + 22, JA_BODY)
    return doc


def test_a_japanese_heading_is_not_joined_to_the_run_in_lead_under_it(tmp_path):
    from scholartools.parsing.pdf import read_pdf, structure
    from scholartools.parsing.pdf.headings import candidates

    doc = _ja_paper(pymupdf.open(), [("はじめに", []), ("提案手法", ["設計方針", "モデル構成"]),
                                     ("実験", ["データセット", "比較手法"]), ("考察", [])], lead_rows={(2, 1)})
    path = tmp_path / "ja.pdf"
    doc.save(path)
    d = read_pdf(str(path))
    rows = d["rows"]
    st = structure.prepare(rows, d["body"], d["page_height"])[3]
    texts = {c.text: c.runin for c in candidates(rows, st)}
    assert "2.1 設計方針" in texts and texts["二重異種性を同時に解決する難しさ．"] is True
    assert not any(t.startswith("2.1 設計方針 ") for t in texts)
    # (no candidate is the lead's whole row)
    assert not any(t.startswith("二重異種性を同時に解決する難しさ．H") for t in texts)


def test_the_last_top_level_heading_the_model_is_unsure_of_closes_the_outline(tmp_path, monkeypatch):
    hold_scores(monkeypatch, 0.077, which=lambda c: "結論" in c.text)
    doc = _ja_paper(pymupdf.open(), [("はじめに", ["背景", "目的"]), ("提案手法", ["設計方針", "モデル構成"]),
                                     ("実験", ["データセット", "比較手法"]), ("結論", [])])
    rec = saved_record(doc, tmp_path, "ketsuron.pdf")
    heads = [(s["number"], s["heading"]) for s in rec["sections"] if s["heading"]]
    assert heads[-1] == ("4", "結論")


def test_a_last_pages_short_right_column_is_read_after_the_left(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((54, 60), "Reconfigurable Neuromorphic Architecture on a Memory Cube", fontsize=18, fontname="tibo")
    y = 90
    for k, h in enumerate(("Introduction", "Architecture", "Evaluation"), 1):
        col_x = 54 if k < 3 else 315
        if k == 3:
            y = 90
        p.insert_text((col_x, y + 16), f"{k}. {h}", fontsize=12, fontname="tibo")
        y = para(p, y + 22, BODY * 2, x=col_x, w=243)
    p = doc.new_page(width=612, height=792)
    p.insert_text((315, 73), "5. Conclusions", fontsize=12, fontname="tibo")
    p.insert_text((315, 93), "conclusions go here [1].", fontsize=10, fontname="tiro")
    y = para(p, 64, BODY * 2, x=54, w=243)
    p.insert_text((54, y + 16), "4. Discussion", fontsize=12, fontname="tibo")
    para(p, y + 22, BODY * 2, x=54, w=243)
    rec = saved_record(doc, tmp_path, "lastpage.pdf")
    heads = [s["heading"] for s in rec["sections"] if s["heading"]]
    assert heads[-2:] == ["Discussion", "Conclusions"]
    assert rec["sections"][-1]["text"].startswith("conclusions go here")


def test_an_appendix_numbered_by_a_digit():
    from scholartools.text.sections import strip_number

    assert strip_number("Appendix 1. Model 1 代码") == ("1", "Model 1 代码")
    assert strip_number("Appendix A. Proofs") == ("A", "Proofs")
    assert strip_number("Appendix 2 shows the derivation")[0] is None


def test_an_abstract_goes_on_where_a_typewriter_name_resizes_a_broken_words_line(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((54, 74), "A Data Persistence Architecture for the SimJulia Framework", fontsize=20, fontname="tibo")
    p.insert_text((177, 101), "Piet Van Der Paelt and Ben Lauwens", fontsize=12, fontname="tiro")
    p.insert_text((54, 199), "ABSTRACT", fontsize=10, fontname="hebo")
    lines = ["Simulation software users run simulated models to decide on prob-",
             "lems that are generally too difficult to solve analytically. The prob-",
             "abilistic elements in such simulations necessitate multiple runs,",
             "which in turn generate data. This data is of key importance for",
             "the user since it is used to decide upon the questions the simula-",
             "tions were run for in the first place. We present a novel transparent",
             "data persistence architecture as an extension of a package. We inte-"]
    y = 216
    for t in lines:
        p.insert_text((54, y), t, fontsize=9, fontname="tiro")
        y += 10
    p.insert_text((54, y), "grated", fontsize=9, fontname="tiro")
    p.insert_text((83, y), "PostgresORM.jl", fontsize=10, fontname="cour")
    p.insert_text((172, y), "into", fontsize=9, fontname="tiro")
    p.insert_text((192, y), "ResumableFunctions.jl", fontsize=10, fontname="cour")
    y += 10
    for t in ["and ConcurrentSim.jl packages by using the language's metapro-",
              "gramming support, and so removed the dependency on persistence."]:
        p.insert_text((54, y), t, fontsize=9, fontname="tiro")
        y += 10
    p.insert_text((54, y + 30), "1. Introduction", fontsize=10, fontname="hebo")
    para(p, y + 40, BODY * 2, x=54, w=243, size=9)
    rec = saved_record(doc, tmp_path, "inte.pdf")
    assert rec["abstract"].endswith("removed the dependency on persistence.")


# ---------------------------------------------------------------------------------------------
# the round's later batches

def test_a_small_captions_broken_line_goes_on_in_a_block_of_its_own():
    from scholartools.parsing.pdf.structure import classify_rows

    rows = [row("本稿では，人とコンピュータが協調して処理を実行するための環境を提案する．", 600, size=10.0, x0=57, x1=290),
            row("図 3. WISS2015 のチャットのアカウントと発言数の", 642, size=8.5, x0=64, x1=278),
            row("分布の両対数グラフ", 655, size=8.5, x0=85, x1=163),
            row("『わかるらんど』は長文の高度な発言は期待しておらず，相槌を視覚化する．", 678, size=10.0, x0=57, x1=290)]
    for k, r in enumerate(rows):
        r.block, r.first_in_block = k, True
    classify_rows(rows, 10.0, {(0, 0): [57, 290]}, [])
    assert [r.kind for r in rows] == ["text", "caption", "caption+", "text"]
    # a caption closed by its stop, or a line wider than its own, is not gone on with
    rows[1].text = "図 3. WISS2015 のチャットのアカウントと発言数．"
    for r in rows:
        r.kind = None
    classify_rows(rows, 10.0, {(0, 0): [57, 290]}, [])
    assert rows[2].kind != "caption+"


def test_appendices_lettered_under_their_label_are_headings():
    from scholartools.parsing.pdf.headings import _appendix_letters

    rows = [row("APPENDIX", 135), row("A. HOW TO MAKE AN APPENDIX", 152), row("Appendices come first.", 169),
            row("B. TABLES IN AN APPENDIX", 300), row("More text here.", 317)]
    cands = [Cand(i=0, rows=[0], text="APPENDIX", p=0.41, title="APPENDIX"),
             Cand(i=1, rows=[1], text="A. HOW TO MAKE AN APPENDIX", p=0.19, number="A", title="HOW TO MAKE AN APPENDIX"),
             Cand(i=3, rows=[3], text="B. TABLES IN AN APPENDIX", p=0.15, number="B", title="TABLES IN AN APPENDIX")]
    _appendix_letters(rows, cands, 0.4)
    assert [c.p > 0.4 for c in cands] == [True, True, True]
    # no label above: a lone "A." stays as the model scored it
    cands[0].title = cands[0].text = "Acknowledgements"
    cands[1].p, cands[2].p = 0.19, 0.15
    _appendix_letters(rows, cands, 0.4)
    assert [c.p > 0.4 for c in cands] == [True, False, False]


def test_a_numerator_over_a_far_narrower_denominator_is_no_heading():
    from scholartools.parsing.pdf.headings import _over_fraction_bar

    rows = [row("[−iħ∇ν +Aν(R,t)]2", 708, size=12.0, x0=256, x1=350), row("iħ δ", 711, size=12.0, x0=157, x1=180),
            row("δt χ(R,t) =", 718, size=12.0, x0=165, x1=220), row("2Mν", 722, size=12.0, x0=293, x1=313)]
    c = Cand(i=0, rows=[0], text=rows[0].text, title=rows[0].text)
    assert _over_fraction_bar(rows, c)
    rows[3].x0, rows[3].x1 = 380, 400    # not under it
    assert not _over_fraction_bar(rows, c)


# ---------------------------------------------------------------------------------------------
# Chinese and Japanese papers together

@pytest.mark.parametrize("font, bold", [
    ("IPAexGothic", True), ("GothicBBB-Medium", True), ("HiraKakuProN-W6", True), ("SimHei", True),
    ("STHeiti", True), ("FandolHei-Regular", True), ("MicrosoftYaHei", True), ("KozGoPr6N-Regular", True),
    ("IPAexMincho", False), ("Ryumin-Light", False), ("SimSun", False), ("FandolSong-Regular", False),
    ("CenturyGothic", False), ("FranklinGothic-Book", False), ("LetterGothic", False),
])
def test_the_cjk_sans_faces_are_their_bold(font, bold):
    from scholartools.parsing.pdf.extract import font_traits

    assert font_traits("ABCDEF+" + font)[0] is bold


def test_a_cjk_paragraphs_first_line_in_its_emphasis_face_is_no_heading():
    from scholartools.parsing.pdf.headings import DocStats, _cjk_emphasis_line

    st = DocStats(body=9.0, body_family="body", body_gap=3.0, extents={(0, 0): [47.0, 290.0]}, style_chars={},
                  style_rows={}, style_long={}, total_chars=0)
    rows = [row("KD は Generator の識別知識を端末分類器に転写す", 347, size=9.0, bold=0.89, x0=63, x1=289),
            row("る損失である．ランダムサンプリングしたラベルを", 362, size=9.0, x0=47, x1=289)]
    c = Cand(i=0, rows=[0], text=rows[0].text, title=rows[0].text)
    assert _cjk_emphasis_line(rows, c, st)
    rows[0].x1 = 150     # a short line: a heading
    assert not _cjk_emphasis_line(rows, c, st)


def test_an_appendix_lettered_before_a_chinese_title():
    from scholartools.parsing.pdf.headings import _letter_numbers

    texts = ["A 主模型代码", "B 画图代码"]
    cands = [Cand(i=k, rows=[k], text=t, p=0.5, title=t) for k, t in enumerate(texts)]
    _letter_numbers(cands)
    assert [(c.number, c.title) for c in cands] == [("A", "主模型代码"), ("B", "画图代码")]


def test_a_titles_italic_words_on_a_line_of_their_own_are_the_titles(tmp_path):
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((51, 53), "SOME STYLOMETRIC REMARKS ON OVID'S", fontsize=13.5, fontname="tiro")
    p.insert_text((330, 53), "Heroides", fontsize=13.5, fontname="tiit")
    p.insert_text((390, 53), "AND THE", fontsize=13.5, fontname="tiro")
    p.insert_text((458, 53), "Epistula", fontsize=13.5, fontname="tiit")
    p.insert_text((277, 73), "Sapphus", fontsize=17, fontname="tiit")
    p.insert_text((276, 129), "Ben Nagy", fontsize=11, fontname="tibo")
    p.insert_text((277, 184), "ABSTRACT", fontsize=9.5, fontname="tiro")
    y = para(p, 196, BODY * 2, x=86, w=440, size=11)
    p.insert_text((72, y + 24), "1 Introduction", fontsize=12, fontname="tibo")
    para(p, y + 32, BODY * 3, size=11)
    rec = saved_record(doc, tmp_path, "heroides.pdf")
    assert rec["title"] == "SOME STYLOMETRIC REMARKS ON OVID'S Heroides AND THE Epistula Sapphus"


def test_a_chapters_number_at_the_right_margin_numbers_the_title_under_it():
    from scholartools.parsing.pdf.headings import _number_partner

    rows = [row("1", 164, size=25.0, x0=522, x1=536), row("The Variational Framework", 214, size=20.5, x0=308, x1=536),
            row("1.1 Kinematics and Constraints", 320, size=14.5, x0=108, x1=330)]
    assert _number_partner(rows, 0) == 1
    rows[1].x1 = 480      # neither flush left nor flush right with it
    assert _number_partner(rows, 0) is None


def test_an_authors_name_under_by_is_no_heading():
    rows = [row("by", 214), row("Tianchen Hu", 242, size=14.5)]
    c = Cand(i=1, rows=[1], text="Tianchen Hu", p=0.9, title="Tianchen Hu")
    _label_vetoes(rows, [c])
    assert c.p == 0.0
    rows[0].text = "The solver converged quickly"
    c.p = 0.9
    _label_vetoes(rows, [c])
    assert c.p == 0.9
