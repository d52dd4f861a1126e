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
"""

import pymupdf
import pytest
from pdf_pages import para, row, saved_record

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
    from scholartools.parsing.pdf import headings
    score = headings.score

    def surer(cands, model=None):
        score(cands, model)
        for c in cands:
            if c.text in ("Valor", "Parámetro"):
                c.p = max(c.p, 0.25)
    monkeypatch.setattr(headings, "score", surer)
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
