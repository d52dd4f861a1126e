"""st-parse - reads one document's bytes from stdin: `cat paper.pdf | st-parse -`."""
from __future__ import annotations

import pytest
from cli_helpers import ROOT, run_inprocess as run_cli

from scholartools.parsing import parse_path

PARSE = ROOT / "fixtures" / "parse"


def _same_as_the_file(rec: dict, path, fmt: str) -> None:
    from_file = parse_path(str(path))
    assert rec["source"]["path"] == "-" and rec["source"]["format"] == fmt and rec["id"] == "stdin"
    assert rec["source"]["sha256"] == from_file["source"]["sha256"]
    assert rec["title"] == from_file["title"] and rec["abstract"] == from_file["abstract"]
    assert [s["heading"] for s in rec["sections"]] == [s["heading"] for s in from_file["sections"]]


@pytest.mark.parametrize("path, fmt", [(ROOT / "fixtures" / "papers" / "paper.pdf", "pdf"),
                                       (PARSE / "paper.md", "markdown"),
                                       (PARSE / "paper.tei.xml", "tei")])
def test_a_document_piped_in_is_parsed_as_its_file_is(path, fmt):
    res = run_cli("st-parse", ["-"], input=path.read_bytes())
    assert res.code == 0, res.stderr
    assert len(res.records) == 1
    _same_as_the_file(res.records[0], path, fmt)


def test_format_overrides_the_detection_on_stdin():
    res = run_cli("st-parse", ["-", "--format", "text"], input=(PARSE / "paper.md").read_bytes())
    assert res.code == 0 and res.records[0]["source"]["format"] == "text"


def test_stdin_beside_files_keeps_the_order_and_empty_stdin_is_an_error_record():
    pdf = str(ROOT / "fixtures" / "papers" / "paper.pdf")
    res = run_cli("st-parse", [pdf, "-"], input=(PARSE / "paper.md").read_bytes())
    assert res.code == 0 and [r["source"]["format"] for r in res.records] == ["pdf", "markdown"]
    res = run_cli("st-parse", ["-"], input=b"")
    assert res.code == 1 and res.records[0]["error"]["kind"] == "empty_file"
    assert run_cli("st-parse", ["-", "-"], input=b"x").code == 2


LATEX = r"""\documentclass{article}
\title{Piped Papers}
\begin{document}
\maketitle
\begin{abstract}We parse a paper read from a pipe.\end{abstract}
\section{Introduction}Pipes carry bytes.
\section{Method}We write them to a file first.
\begin{equation}a = b + c\end{equation}
\end{document}
"""


def test_a_latex_document_piped_in_is_parsed_as_its_file_is(tmp_path):
    path = tmp_path / "main.tex"
    path.write_text(LATEX)
    res = run_cli("st-parse", ["-"], input=LATEX)
    assert res.code == 0, res.stderr
    _same_as_the_file(res.records[0], path, "latex")
    assert [s["heading"] for s in res.records[0]["sections"]] == ["Introduction", "Method"]
