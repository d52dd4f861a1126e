"""st-parse on text sources that are not UTF-8, and on the title commands of classes with their own.

Old LaTeX sources were written in the encodings of their day: Japanese papers in Shift_JIS or
EUC-JP, Chinese ones in GBK, European ones in Latin-1 (declared with inputenc). Read as UTF-8,
a Shift_JIS source looked binary and was refused, and a Latin-1 one lost its accents.
"""
from __future__ import annotations

import pytest

from scholartools.parsing import parse_bytes, parse_path
from scholartools.parsing.detect import binary_kind
from scholartools.parsing.encoding import decode, guess

JAPANESE = ("\\documentclass{jarticle}\n\\title{深層学習による文書構造の解析}\n\\begin{document}\n\\maketitle\n"
            "\\section{はじめに}\n本論文では、論文の見出しを読み取る手法を提案する。\n"
            "\\section{おわりに}\n今後の課題を述べる。\n\\end{document}\n")
CHINESE = ("\\documentclass{ctexart}\n\\title{基于深度学习的文档结构分析}\n\\begin{document}\n\\maketitle\n"
           "\\section{引言}\n本文提出了一种识别论文标题的方法，并在三个数据集上进行了实验。\n\\end{document}\n")
KOREAN = ("\\documentclass{article}\n\\title{딥러닝 기반 문서 구조 분석}\n\\begin{document}\n\\maketitle\n"
          "\\section{서론}\n본 논문에서는 논문의 제목을 인식하는 방법을 제안한다.\n\\end{document}\n")
FRENCH = ("\\documentclass{article}\n\\usepackage[latin1]{inputenc}\n\\title{Résumé des méthodes d'évaluation}\n"
          "\\begin{document}\n\\maketitle\n\\section{Résultats préliminaires}\nÀ voir.\n\\end{document}\n")


@pytest.mark.parametrize("text, codec", [
    (JAPANESE, "cp932"), (JAPANESE, "euc_jp"), (CHINESE, "gb18030"), (KOREAN, "euc_kr"), (FRENCH, "latin-1"),
])
def test_a_source_is_read_in_the_encoding_it_was_written_in(text, codec):
    raw = text.encode(codec)
    assert decode(raw) == (text, codec)


RUSSIAN = ("\\documentclass{article}\n\\usepackage{cyr}\n\\title{Низкочастотные квазипериодические осцилляции "
           "рентгеновской новой}\n\\begin{document}\n\\maketitle\n\\section{Введение}\nСообщается об открытии "
           "осцилляций в спектре мощности излучения.\n\\end{document}\n")


@pytest.mark.parametrize("codec", ["koi8_r", "cp1251"])
def test_an_undeclared_cyrillic_source_is_read_in_its_one_byte_encoding(codec):
    # an astrophysics letter in KOI8-R that declares no inputenc (it loads "cyr"): refused as
    # "a binary file, not a paper" before; Windows-1251 puts the capitals where KOI8-R puts the
    # lower case, and the text is mostly lower case
    raw = RUSSIAN.encode(codec)
    assert decode(raw) == (RUSSIAN, codec)
    assert binary_kind(raw[:4096]) is None
    # a Latin text's accented letters, one at a time inside words, are no Cyrillic words
    french = ("\\section{Café et thé à côté} " * 20).encode("latin-1")
    assert guess(french) is None and decode(french)[1] == "cp1252"


def test_utf8_stays_utf8_and_undeclared_latin_bytes_are_read_as_windows_1252():
    assert decode(JAPANESE.encode("utf-8")) == (JAPANESE, "utf-8")
    assert guess(JAPANESE.encode("utf-8")) is None
    undeclared = "\\section{Caf\xe9 \x93quotes\x94}".encode("latin-1")
    assert decode(undeclared) == ("\\section{Café “quotes”}", "cp1252")


def test_chinese_read_as_japanese_or_korean_is_a_wrong_guess():
    # these GBK bytes decode under EUC-JP and EUC-KR too, as ideographs and Hangul ("猟亀潤更…",
    # "匡도써뭐…"): without the syllabaries Japanese writes, and with far less Hangul than Korean,
    # those readings are refused
    raw = "\\section{文档结构分析的方法和实验结果}\n".encode("gb18030")
    assert raw.decode("euc_jp") and raw.decode("euc_kr")
    assert guess(raw) == "gb18030"


def test_a_shift_jis_file_is_no_binary_file_and_parses(tmp_path):
    raw = JAPANESE.encode("cp932")
    assert binary_kind(raw[:4096]) is None
    # a file's first bytes may end inside a character
    assert binary_kind(raw[:raw.index("はじめに".encode("cp932")) + 1]) is None
    path = tmp_path / "ronbun.tex"
    path.write_bytes(raw)
    rec = parse_path(str(path))
    assert rec["title"] == "深層学習による文書構造の解析"
    assert [s["heading"] for s in rec["sections"]] == ["はじめに", "おわりに"]
    assert {"kind": "latex_encoding", "file": "ronbun.tex", "message": "ronbun.tex: not UTF-8; read as cp932"} \
        in rec["warnings"]
    assert parse_bytes(raw)["title"] == "深層学習による文書構造の解析"


def test_binary_files_are_still_binary():
    assert binary_kind(bytes(range(256)) * 8) == "a binary file"
    assert binary_kind(b"\x89PNG\r\n\x1a\n" + bytes(100)) == "a PNG image"


def test_a_latin1_source_keeps_its_accents(tmp_path):
    path = tmp_path / "article.tex"
    path.write_bytes(FRENCH.encode("latin-1"))
    rec = parse_path(str(path))
    assert rec["title"] == "Résumé des méthodes d'évaluation"
    assert rec["sections"][0]["heading"] == "Résultats préliminaires"


def test_markdown_in_gbk(tmp_path):
    path = tmp_path / "notes.md"
    path.write_bytes("# 文档结构分析\n\n## 引言\n\n本文提出了一种识别论文标题的方法，并进行了实验。\n".encode("gb18030"))
    rec = parse_path(str(path))
    assert rec["title"] == "文档结构分析"
    assert rec["sections"][0]["heading"] == "引言"


def test_no_record_text_holds_a_control_character(tmp_path):
    # a PDF's text layer gives a glyph without Unicode value as its code in the font ("288 mA h
    # g\x011" for g−1 in an RSC abstract, "takes the form \x00 \x01" for a formula's brackets);
    # every adapter's record goes through finish(), which makes each U+FFFD
    from scholartools.parsing.record import finish

    rec = finish({"title": "A\x0bB", "abstract": "288 mA h g\x011 at 500 mA g\x011.", "sections": [
        {"heading": "Intro\x7f", "text": "takes the form \x00 \x01\n\nwhich\tholds"}],
        "figures": [{"caption": "Figure 1: \x02a plot"}], "source": {"path": "odd\x01name.pdf"}},
        "odd\x01name.pdf", "pdf", "test")
    assert (rec["title"], rec["abstract"], rec["sections"][0]["heading"]) == \
        ("A\ufffdB", "288 mA h g\ufffd1 at 500 mA g\ufffd1.", "Intro\ufffd")
    assert rec["sections"][0]["text"] == "takes the form \ufffd \ufffd\n\nwhich\tholds"
    assert rec["sections"][0]["paragraphs"] == ["takes the form \ufffd \ufffd", "which\tholds"]
    assert rec["figures"][0]["caption"] == "Figure 1: \ufffda plot"
    assert rec["source"]["path"] == "odd\x01name.pdf"   # a path is kept as given
    path = tmp_path / "notes.md"
    path.write_text("# Title\n\n## Intro\n\nThe bracket \x01\x02 closes.\n", encoding="utf-8")
    assert parse_path(str(path))["sections"][0]["text"] == "The bracket \ufffd\ufffd closes."


@pytest.mark.parametrize("command, cls", [
    ("\\title*", "svmult"),          # Springer's book chapters
    ("\\titre", "gretsi"),           # French classes
    ("\\TITLE", "informs3"),         # INFORMS
    ("\\mlsystitle", "mlsys2024"),   # MLSys
    ("\\jtitle", "deimj"),           # Japanese classes' Japanese title
    ("\\thesistitle[Short]", "aaltothesis"),   # Aalto theses (a short form first)
    ("\\GDtitre", "geradwp"),       # Les Cahiers du GERAD
])
def test_the_title_commands_of_classes_with_their_own(tmp_path, command, cls):
    path = tmp_path / "paper.tex"
    path.write_text(f"\\documentclass{{{cls}}}\n\\begin{{document}}\n{command}{{Sparse Graphs in Practice}}\n"
                    "\\maketitle\n\\section{Introduction}\nText.\n\\end{document}\n")
    assert parse_path(str(path))["title"] == "Sparse Graphs in Practice"


def test_a_title_given_as_the_first_of_a_commands_arguments(tmp_path):
    # J. Systems Science & Complexity: \biaoti{title}{authors}{affiliations}
    path = tmp_path / "paper.tex"
    path.write_text("\\documentclass{jssc}\n\\begin{document}\n\\biaoti{Generating Invariants}{Ada Lovelace}{Somewhere}\n"
                    "\\section{Introduction}\nText.\n\\end{document}\n")
    assert parse_path(str(path))["title"] == "Generating Invariants"


def test_a_starred_author_is_read_and_a_command_named_like_title_is_not(tmp_path):
    path = tmp_path / "paper.tex"
    path.write_text("\\documentclass{sn-jnl}\n\\begin{document}\n\\titlerunning{Short}\n\\title{The Long Title}\n"
                    "\\author*[1]{Ada Lovelace}\n\\maketitle\n\\section{Introduction}\nText.\n\\end{document}\n")
    rec = parse_path(str(path))
    assert rec["title"] == "The Long Title"
    assert [a["name"] for a in rec["authors"]] == ["Ada Lovelace"]
