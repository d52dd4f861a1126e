"""Issue 36, forty-first round (session 29): a thesis cover set in one size with the title alone in
bold, and TeX's spacing accents joined to the letter they belong to, both read from round t's
Portuguese thesis (docs/st-parse.md, "Forty-first round")."""
from __future__ import annotations

import pymupdf
import pytest

from pdf_pages import BODY, para, saved_record


def _cover(tmp_path, name: str, cue: str, title_bold: bool):
    # a Brazilian undergraduate thesis' cover: university, institute and programme over the title,
    # the author, what the work is, city and date, every line at one size; only the title in bold
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    for y, text, font in ((198, "Universidade Federal da Bahia", "helv"),
                          (216, "Instituto de Matemática e Estatística", "helv"),
                          (305, "Programa de Graduação em Ciência da Computação", "helv"),
                          (446, "A DEEP LEARNING APPROACH TO", "hebo" if title_bold else "helv"),
                          (464, "RECOGNIZE SOURCE CODE AUTHORSHIP", "hebo" if title_bold else "helv"),
                          (500, "Roberto Sales Caldeira", "helv"),
                          (535, cue, "helv"),
                          (698, "Salvador", "helv"),
                          (716, "14 de dezembro de 2018", "helv")):
        p.insert_text((297 - pymupdf.get_text_length(text, font, 14.3) / 2, y), text, fontsize=14.3, fontname=font)
    q = doc.new_page(width=595, height=842)
    q.insert_text((72, 80), "1 Introduction", fontsize=14, fontname="tibo")
    y = para(q, 90, BODY * 3, size=12)
    q.insert_text((72, y + 20), "2 Methods", fontsize=14, fontname="tibo")
    para(q, y + 30, BODY * 3, size=12)
    return saved_record(doc, tmp_path, name)


@pytest.mark.parametrize("cue", ["TRABALHO DE CONCLUSÃO DE CURSO", "A thesis submitted for the degree of Bachelor"])
def test_the_bold_group_of_a_cover_set_in_one_size_is_its_title(tmp_path, cue):
    rec = _cover(tmp_path, "cover.pdf", cue, True)
    # before: "Universidade Federal da Bahia Instituto de Matemática e Estatística", the first group
    # at the page's largest size (under a cue in Portuguese, which is no cue), or "Programa de
    # Graduação em Ciência da Computação", the first group above an English cue that names no
    # institution
    assert rec["title"].lower() == "a deep learning approach to recognize source code authorship"


def test_without_a_bold_group_a_cover_title_is_the_first_plain_group_above_its_cue(tmp_path):
    rec = _cover(tmp_path, "plain.pdf", "A thesis submitted for the degree of Bachelor", False)
    assert rec["title"] == "Programa de Graduação em Ciência da Computação"


def test_a_tex_accent_joins_the_letter_that_can_carry_it():
    from scholartools.parsing.pdf.extract import fix_accents

    for raw, want in (
            # TeX sets the accent before its letter: a cedilla goes to the consonant after it, not
            # the vowel before ("Gradua̧cão", "obteņcão" before), a tilde to the n after it ("Pẽna")
            ("Gradua¸c˜ao", "Graduação"), ("obten¸c˜ao", "obtenção"), ("Pe˜na", "Peña"), ("Mu˜noz", "Muñoz"),
            ("Dvoˇr´ak", "Dvořák"), ("Ko´sciuszko", "Kościuszko"), ("Erd˝os", "Erdős"),
            # a dotted i carries no accent above it (TeX sets î on a dotless ı): "Cîencia" before
            ("Ciˆencia", "Ciência"), ("Lemaˆıtre", "Lemaître"), ("na¨ıve", "naïve"), ("Citro¨en", "Citroën"),
            # the accent after its letter where the next one cannot carry it, as before
            ("Schro¨dinger", "Schrödinger"), ("Mu¨ller", "Müller"), ("Pe´rez", "Pérez"), ("Franc¸ois", "François"),
            ("M¨obius", "Möbius"), ("Andr´e", "André"), ("´Ecole", "École"), ("´ Ecole", "École"),
            # TeX's quotes stay quotes (before: "`H̀ello''")
            ("``Hello'' and `quote'", "``Hello'' and `quote'"), ("e´ x", "e´ x")):
        assert fix_accents(raw) == want, raw


@pytest.mark.parametrize("gap", [0, 30])
def test_a_titles_last_line_set_larger_right_under_it_is_part_of_it(tmp_path, gap):
    # a thesis class that scales each line of the title to fill it: "Machine Learning und tiefe
    # neuronale" at 18 pt, "Netze mit TensorFlow" at 20 right under it, both bold and centred
    doc = pymupdf.open()
    p = doc.new_page(width=595, height=842)
    for y, text, size, font in ((68, "Fachhochschul-Bachelorstudiengang", 10, "helv"),
                                (83, "SOFTWARE ENGINEERING", 11, "hebo"),
                                (250, "Machine Learning und tiefe neuronale", 18, "hebo"),
                                (277 + gap, "Netze mit TensorFlow", 20, "hebo"),
                                (363, "Bachelorarbeit", 14, "helv"),
                                (397, "zur Erlangung des akademischen Grades", 10, "helv"),
                                (479, "David Baumgartner", 14, "hebo")):
        p.insert_text((297 - pymupdf.get_text_length(text, font, size) / 2, y), text, fontsize=size, fontname=font)
    q = doc.new_page(width=595, height=842)
    q.insert_text((72, 80), "1 Einleitung", fontsize=14, fontname="hebo")
    para(q, 90, BODY * 3, size=11)
    rec = saved_record(doc, tmp_path, f"scaled{gap}.pdf")
    # before: "Machine Learning und tiefe neuronale" (the short larger line read as a drop cap or a
    # journal's name over the long one); a line a blank line below is no part of it
    want = "Machine Learning und tiefe neuronale" + (" Netze mit TensorFlow" if gap == 0 else "")
    assert rec["title"] == want
