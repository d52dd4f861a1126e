"""st-parse on LaTeX: display equations against hand-verified gold, their context, and hostile input.

Gold: ``external/latex/gold.jsonl`` lists every display equation of 8 real papers with the file
and line where it opens, verified by reading (PROVENANCE there); the ICLR template has none (its
source holds tabulars, verbatim blocks and inline math only: checked by hand). The contexts
asserted below were read off the sources at the given lines.
"""
from __future__ import annotations

import json
import os
import sys

import pytest
from cli_helpers import run_cli
from conftest import EXTERNAL, ROOT

from scholartools.parsing import parse_path
from scholartools.parsing.latex_source import strip_comments

TINY = ROOT / "fixtures" / "latex" / "tiny"
ENV = {"\\[": "\\[\\]", "$$": "$$"}


@pytest.fixture(scope="module")
def papers():
    latex = EXTERNAL / "latex"
    gold = [json.loads(line) for line in (latex / "gold.jsonl").read_text().splitlines() if line.strip()]
    return {g["name"]: (g, parse_path(str(latex / g["main"]))) for g in gold}


def _where(g, rec):
    folder = os.path.dirname(g["main"])
    return [(os.path.join(folder, e["file"]), e["line"], ENV.get(e["env"], e["env"])) for e in rec["equations"]]


def test_every_gold_display_found_at_its_file_and_line(papers):
    assert len(papers) == 8
    for name, (g, rec) in papers.items():
        assert len(rec["equations"]) == g["display_equations"], name
        assert _where(g, rec) == [(e["file"], e["line"], e["env"]) for e in g["equations"]], name


def test_missing_generated_inputs_are_warnings_not_failures(papers):
    for name, (g, rec) in papers.items():
        missing = [w for w in rec["warnings"] if w["kind"] == "latex_input_missing"]
        assert len(missing) == len(g["missing_inputs"]), name


def test_iclr_template_has_no_display_equation():
    rec = parse_path(str(EXTERNAL / "pdfs" / "iclr-template" / "iclr2026_conference.tex"))
    assert rec["equations"] == []
    assert rec["title"] == "Formatting Instructions for ICLR 2026 Conference Submissions"


def test_context_on_both_sides_as_read_in_the_source(papers):
    g, rec = papers["lombscargle"]
    ft = rec["equations"][0]   # PracticalLombScargle.tex:310
    assert ft["latex"] == "\\hat{g}(f) \\equiv \\int_{-\\infty}^\\infty g(t) e^{-2\\pi i f t} dt"
    assert ft["label"] == "eq:FT-def"   # \eqlabel{#1} is the paper's \label{eq:#1}
    assert ft["context_before"].endswith(
        "Consider a continuous signal $g(t)$. Its Fourier transform is given by the following integral, "
        "where $i\\equiv\\sqrt{-1}$ denotes the imaginary unit:")
    assert ft["context_after"].startswith("The inverse relationship is given by: \\begin{equation}\n"
                                          "    g(t) \\equiv \\int_{-\\infty}^\\infty \\hat{g}(f) e^{+2\\pi i f t} df")
    assert ft["section"] == "Background: the Continuous Fourier Transform"
    # the paper's \sectlabel{…} (a \label wrapper) leaves nothing between heading and text
    assert "Background: the Continuous Fourier Transform\n\nIn order to understand" in ft["context_before"]
    # a $$ display opening mid-sentence (appendix.tex:151) and closing before \end{lemma}
    g, rec = papers["dark-snarks"]
    eq = next(e for e in rec["equations"] if e["file"] == "appendix.tex" and e["line"] == 151)
    assert eq["latex"].startswith("P\\left[\\begin{array}{c}") and eq["latex"].endswith("\\right]<\\negl")
    assert eq["context_before"].endswith("i.e. for any polynomial time adversary $\\adv$")
    assert eq["context_after"].startswith("To see why this is binding over $\\mathcal{M}(\\beta_n, \\beta_h)$, suppose")
    # five one-line \[ \] displays on consecutive lines (gruntz.tex:25-29)
    g, rec = papers["sympy-supplement"]
    lines = [e for e in rec["equations"] if e["file"] == "gruntz.tex" and 25 <= e["line"] <= 29]
    assert [e["latex"] for e in lines] == ["2 < x < e^x < e^{x^2} < e^{e^x}", "2\\sim 3\\sim -5",
                                           "x\\sim x^2\\sim x^3\\sim {1\\over x}\\sim x^m\\sim -x",
                                           "e^x\\sim e^{-x}\\sim e^{2x}\\sim e^{x+e^{-x}}", "f(x)\\sim{1\\over f(x)}"]
    assert lines[0]["context_before"].endswith("Here are some examples of comparability classes:")
    assert lines[1]["context_before"].endswith("Here are some examples of comparability classes: \\[2 < x < e^x < "
                                               "e^{x^2} < e^{e^x}\\]")
    assert lines[4]["context_after"].startswith("The Gruntz algorithm is now illustrated with the following example:")


def test_paper_defined_displays_and_arguments(papers):
    _, rec = papers["starry"]
    envs = [e["env"] for e in rec["equations"]]
    assert envs.count("proof") == 26 and envs.count("proof*") == 5
    # legwork's \renewenvironment{equation}[1]: the documentation link group is not math
    _, rec = papers["legwork"]
    first = rec["equations"][0]
    assert first["latex"] == "\\mathcal{M}_c \\equiv \\frac{(m_1 m_2)^{3/5}}{(m_1 + m_2)^{1/5}},"
    assert not any(e["latex"].startswith("{") for e in rec["equations"])
    # user macros stay in the equation as written (dynonet: \tvec, \pdiff, \loss …)
    _, rec = papers["dynonet"]
    assert any("\\pdiff{\\loss}" in e["latex"] for e in rec["equations"])


def test_fixture_paper_by_hand():
    rec = parse_path(str(TINY / "main.tex"))
    assert rec["title"] == "Weighted Losses for Tiny Classifiers"
    assert [a["name"] for a in rec["authors"]] == ["Grace Hopper", "Edsger Dijkstra"]
    assert rec["abstract"] == "We study a weighted loss with a penalty $\\lambda$ and report what it changes."
    got = [(e["env"], e["file"], e["line"], e["label"], e["section"]) for e in rec["equations"]]
    assert got == [("align", "method.tex", 3, "eq:scores", "Method"), ("\\[", "method.tex", 8, None, "Method"),
                   ("equation", "main.tex", 24, "eq:grad", "Analysis"), ("$$", "main.tex", 38, None, "Analysis"),
                   ("derivation", "main.tex", 40, None, "Analysis")]
    grad = rec["equations"][2]
    assert grad["latex"] == ("\\nabla_w \\loss(w) = \\frac{1}{N} \\sum_{i=1}^{N} (p_i - y_i) x_i + 2 \\lambda w")
    assert grad["context_before"].endswith("Taking the gradient of the loss with respect to the weights $w$ gives")
    assert grad["context_after"].startswith("so the penalty pulls every weight toward zero.\n\n"
                                            "For the step size $\\eta$ we use $$ w_{t+1}")
    # the penalty's display keeps its inline math on both sides
    pen = rec["equations"][1]
    assert pen["context_after"].startswith("where $\\lambda \\geq 0$ sets its strength. Small values of $\\lambda$")
    assert pen["context_before"].endswith("\\end{align} and the loss adds a penalty on the weights:")
    assert rec["equations"][4]["latex"] == "\\loss(w_T) - \\loss(w^*) &\\leq \\frac{\\|w_0 - w^*\\|^2}{2 \\eta T}"
    text = json.dumps(rec)
    assert "h = W x + b" not in text and "q = r + s" not in text and "a comment" not in text
    assert "100% of the training set" in rec["sections"][0]["text"]


def test_comment_rules():
    def stripped(s):
        return strip_comments(s, 0).text
    assert stripped("a % gone\nb") == "a \nb"
    assert stripped("a\n% whole line\nb") == "a\nb"            # no paragraph break appears
    assert stripped("a\n\n% c\nb") == "a\n\nb"                 # one that was there stays
    assert stripped("100\\% sure % x\n") == "100\\% sure \n"   # \% is a percent sign
    assert stripped("a \\\\% c\nb") == "a \\\\\nb"               # \\% is a line break, then a comment


def _write(folder, files: dict[str, str]):
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder / "main.tex"


DOC = "\\documentclass{article}\\begin{document}\n%s\n\\end{document}\n"


def test_skipped_blocks_and_shortcuts(tmp_path):
    main = _write(tmp_path, {"main.tex": DOC % (
        "\\newif\\ifdraft\n"
        "\\iffalse\n\\ifdraft x\\fi\n\\begin{equation} hidden = 1 \\end{equation}\n\\else\n"
        "\\begin{equation} shown = 2 \\end{equation}\n\\fi\n"
        "\\if 0\n$$ hidden = 3 $$\n\\fi\n"
        "\\def\\beq{\\begin{eqnarray}}\\def\\eeq{\\end{eqnarray}}\n"
        "Text \\beq a &=& b \\eeq more.\n"
        "\\begin{multline*} c = d \\\\ + e \\end{multline*}\n"
        "\\begin{gather} f = g \\end{gather} and \\begin{flalign} h &= i \\end{flalign}\n"
        "\\begin{equation}\\begin{split} j &= k \\\\ &= l \\end{split}\\end{equation}\n"
        "\\begin{verbatim}\n\\begin{equation} code = 4 \\end{equation}\n\\end{verbatim}\n"
        "$$ m = n \\text{ and } \\[ o \\] $$\n")})
    rec = parse_path(str(main))
    assert [(e["env"], e["latex"]) for e in rec["equations"]] == [
        ("equation", "shown = 2"), ("eqnarray", "a &=& b"), ("multline*", "c = d \\\\ + e"),
        ("gather", "f = g"), ("flalign", "h &= i"),
        ("equation", "\\begin{split} j &= k \\\\ &= l \\end{split}"),   # nested: merged into the outermost
        ("$$", "m = n \\text{ and } \\[ o \\]")]


def test_a_sectioning_command_as_an_environment_is_a_heading(tmp_path):
    # "\begin{section}{Introduction} … \end{section}": LaTeX runs \section for it (a NIPS paper
    # of the forty-eighth round's batches wrote every heading so, and none was read)
    main = _write(tmp_path, {"main.tex": DOC % (
        "\\begin{section}{Introduction}\nSome text.\n\\begin{subsection}[Short]{Word2vec}\\label{w}\n"
        "More text.\n\\end{subsection}\n\\end{section}\n\\section{Results}\nText.\n"
        "\\begin{figure}\\caption{A figure}\\end{figure}\n")})
    rec = parse_path(str(main))
    assert [(s["heading"], s["level"], s["text"]) for s in rec["sections"]] == [
        ("Introduction", 1, "Some text."), ("Word2vec", 2, "More text."), ("Results", 1, "Text.")]


def test_inputs_never_leave_the_source_folder(tmp_path):
    secret = tmp_path / "secret.tex"
    secret.write_text("\\begin{equation} stolen = 1 \\end{equation}\nSECRET-OUTSIDE\n")
    src = tmp_path / "paper"
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.tex").write_text("SECRET-PARENT\n")
    main = _write(src, {"main.tex": DOC % (
        "\\input{/etc/passwd}\n\\input{../secret}\n\\input{../elsewhere/x}\n\\include{sub/../../secret}\n"
        "\\input{link}\n\\input{ok}\n\\input{missing}\n\\input{main}\n"),
        "ok.tex": "\\begin{equation} inside = 1 \\end{equation}\n"})
    os.symlink(secret, src / "link.tex")
    opened = []
    audit_on = [True]

    def audit(event, args):   # every file the parser opens (audit hooks cannot be removed: switched off after)
        if audit_on[0] and event == "open" and isinstance(args[0], str):
            opened.append(os.path.realpath(args[0]))

    sys.addaudithook(audit)
    try:
        rec = parse_path(str(main))
    finally:
        audit_on[0] = False
    text = json.dumps(rec)
    assert [e["latex"] for e in rec["equations"]] == ["inside = 1"]
    assert "SECRET" not in text and "stolen" not in text and "root:" not in text
    assert not {str(secret), "/etc/passwd", str(tmp_path / "elsewhere" / "x.tex")} & set(opened)
    kinds = [w["kind"] for w in rec["warnings"]]
    assert kinds.count("latex_input_outside") == 5          # /etc/passwd, two ../, a/../../, the link
    assert "latex_input_missing" in kinds and "latex_input_repeated" in kinds


def test_an_input_named_in_another_case_is_read_when_it_is_the_only_one(tmp_path):
    """A source written on a file system that ignores case (macOS, Windows) inputs "intro.tex"
    where the folder holds Intro.tex (a VLDB paper's introduction); two such files are ambiguous."""
    main = _write(tmp_path, {"main.tex": DOC % "\\input{intro.tex}\n\\input{sec/Method}\n\\input{both}\n",
                             "Intro.tex": "\\section{Introduction}\nText.\n",
                             "sec/method.tex": "\\section{Method}\nMore.\n",
                             "Both.tex": "\\section{One}\n", "BOTH.tex": "\\section{Two}\n"})
    rec = parse_path(str(main))
    assert [s["heading"] for s in rec["sections"] if s.get("heading")] == ["Introduction", "Method"]
    kinds = [(w["kind"], w["message"].rsplit(": ", 1)[-1]) for w in rec["warnings"]]
    assert kinds[:2] == [("latex_input_case", "read Intro.tex, the one file of that name in another case"),
                         ("latex_input_case", "read sec/method.tex, the one file of that name in another case")]
    assert [k for k, _ in kinds[2:]] == ["latex_input_missing"]


def test_an_input_named_with_a_dot_is_read_with_tex_added_and_texs_own_macros_are_not_missing(tmp_path):
    """TeX adds ".tex" to a name with a dot in it too (\\input{sections/01.introduction}: a
    genome paper's sections, which were missed); "\\input epsf" reads a macro file of the TeX
    distribution (Science's template), which no source folder holds and no warning should name."""
    main = _write(tmp_path, {"main.tex": DOC % "\\input epsf\n\\input{sections/01.introduction}\n\\input{gone.v2}\n",
                             "sections/01.introduction.tex": "\\section{Introduction}\nText.\n"})
    rec = parse_path(str(main))
    assert [s["heading"] for s in rec["sections"] if s.get("heading")] == ["Introduction"]
    assert [(w["kind"], w["message"].split(": ", 1)[-1]) for w in rec["warnings"]] == [
        ("latex_input_missing", "\\input{gone.v2}: no such file (generated at build time?); skipped")]


def test_a_source_folder_reached_through_a_link_names_its_files_as_given(tmp_path):
    """Files are named relative to the folder as the user gave it, even when that folder (or one
    above it) is a symbolic link; the inside-the-folder check follows the links."""
    os.symlink(TINY, tmp_path / "linked")
    direct = parse_path(str(TINY / "main.tex"))
    linked = parse_path(str(tmp_path / "linked" / "main.tex"))
    files = [e["file"] for e in linked["equations"]]
    assert files == [e["file"] for e in direct["equations"]] and set(files) == {"main.tex", "method.tex"}
    assert not [w for w in linked["warnings"] if w["kind"] == "latex_input_outside"]


def test_self_expanding_macros_stop(tmp_path):
    main = _write(tmp_path, {"main.tex": (
        "\\def\\a{\\a\\a}\\newcommand{\\b}{\\b x}\\def\\be{\\bee}\\def\\bee{\\be}\n"
        "\\newcommand{\\loop}{\\loop\\loop\\loop}\n" + DOC % (
            "Prose \\a \\loop and \\b. \\be x \\bee\n\\begin{equation} \\a + \\b = \\loop \\end{equation}\n"))})
    rec = parse_path(str(main))
    assert [e["latex"] for e in rec["equations"]] == ["\\a + \\b = \\loop"]   # macros kept as written
    assert len(json.dumps(rec)) < 50_000


def test_unbalanced_environments_are_skipped_with_a_warning(tmp_path):
    main = _write(tmp_path, {"main.tex": DOC % (
        "\\begin{equation} a = b\n\nA paragraph.\n"
        "\\begin{align} c &= d \\end{align}\n\\end{equation}\n"
        "\\begin{equation} e = f \\end{align}\n"
        "$$ g = h\n\nNext $$ i = j $$ and $ unclosed\n\nlast.\n")})
    rec = parse_path(str(main))
    assert [e["latex"] for e in rec["equations"]] == ["c &= d", "i = j"]
    messages = " ".join(w["message"] for w in rec["warnings"])
    assert "is not closed before a blank line" in messages and "meets \\end{align}" in messages
    assert "without its \\begin" in messages and "inline math $ is not closed" in messages


def test_ten_megabyte_sources_end_quickly(tmp_path):
    # a hang guard (timeout), not a speed assertion: benchmarks measure speed
    body = ("$$ x $$ " * 400_000) + ("\\begin{equation} a = b " * 300_000)
    big = _write(tmp_path / "big", {"main.tex": DOC % body})
    assert big.stat().st_size > 10_000_000
    res = run_cli("st-parse", [str(big)], timeout=120)
    (rec,) = res.records
    assert res.code == 0 and len(rec["equations"]) == 1000 and rec["equations"][0]["latex"] == "x"
    assert any(w["kind"] == "latex_too_many_equations" for w in rec["warnings"])
    huge = tmp_path / "huge" / "main.tex"
    huge.parent.mkdir()
    with open(huge, "wb") as fh:   # larger than a source file may be: refused before reading
        fh.write(b"\\documentclass{article}\n\\begin{document}\n")
        fh.write(b"% padding\n" * (17 * 1024 * 1024 // 10))
    res = run_cli("st-parse", [str(huge)], timeout=60)
    assert res.code == 1 and res.records[0]["error"]["kind"] == "too_large"


def test_texorpdfstring_in_a_heading_is_what_the_page_prints(tmp_path):
    # \texorpdfstring{TeX}{bookmark}: both arguments were kept ("Conversions (utilsutils)")
    tex = tmp_path / "p.tex"
    tex.write_text("\\documentclass{article}\n\\begin{document}\n\\title{T}\\maketitle\n"
                   "\\section{Conversions {\\normalfont (\\texorpdfstring{\\texttt{utils}}{utils})}}\nText.\n"
                   "\\section{Rates \\texorpdfstring{$\\alpha$}{alpha} and more}\nText.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Conversions (utils)",
                                                                       "Rates $\\alpha$ and more"]


COPERNICUS = r"""\documentclass[gmd]{copernicus}
\begin{document}
\title{A model of ocean plankton}
\begin{abstract}
We describe a model. It runs.
\end{abstract}
\introduction
Plankton matter. We model them.
\section{Methods}
We use a grid.
\conclusions
The model works.
\codedataavailability{The code is at https://example.org under an MIT licence.}
\authorcontribution{AB wrote the code.}
\end{document}
"""


def test_sections_a_class_prints_from_commands_of_its_own(tmp_path):
    # Copernicus opens its introduction and conclusions with \introduction and \conclusions, and
    # prints its statements ("Code and data availability") from commands that take their text
    (tmp_path / "main.tex").write_text(COPERNICUS)
    rec = parse_path(str(tmp_path / "main.tex"))
    got = [(s["heading"], s["paragraphs"]) for s in rec["sections"] if s["heading"]]
    assert got == [("Introduction", ["Plankton matter. We model them."]), ("Methods", ["We use a grid."]),
                   ("Conclusions", ["The model works."]),
                   ("Code and data availability", ["The code is at https://example.org under an MIT licence."]),
                   ("Author contributions", ["AB wrote the code."])]
    # a paper's own macro of one of those names is its own text
    (tmp_path / "own.tex").write_text("\\documentclass{article}\n\\newcommand{\\introduction}{This paper, in short,}\n"
                                      "\\begin{document}\n\\section{Background}\n\\introduction{} studies plankton.\n"
                                      "\\end{document}\n")
    rec = parse_path(str(tmp_path / "own.tex"))
    assert [(s["heading"], s["paragraphs"]) for s in rec["sections"] if s["heading"]] == \
        [("Background", ["This paper, in short, studies plankton."])]


def test_the_vgtc_first_section_command_is_a_section(tmp_path):
    # IEEE VIS papers (vgtc class) open their first section with \firstsection{…}
    (tmp_path / "vis.tex").write_text("\\documentclass{vgtc}\n\\begin{document}\n\\title{Rendering stars}\n"
                                      "\\firstsection{Introduction}\nStars are many.\n\\section{Approach}\n"
                                      "We draw them.\n\\end{document}\n")
    rec = parse_path(str(tmp_path / "vis.tex"))
    assert [(s["heading"], s["paragraphs"]) for s in rec["sections"] if s["heading"]] == \
        [("Introduction", ["Stars are many."]), ("Approach", ["We draw them."])]


def test_a_titles_and_authors_notes_are_no_part_of_them(tmp_path):
    # SIAM's class puts the submission note and the funding in the title's \thanks; elsarticle
    # points at its title notes with \tnoteref; a note's text is the page's footnote, not the title
    main = tmp_path / "main.tex"
    main.write_text(r"""\documentclass{siamart}
\title{Fast solvers for sparse systems\thanks{Submitted to the editors DATE.
\funding{This work was funded by X.}}\tnoteref{t1}}
\author{Ann Author\thanks{University of Somewhere (\email{ann@x.org}).} \and Bo Builder\footnote{Now at Y.}}
\begin{document}
\maketitle
\begin{abstract}We study things.\end{abstract}
\section{Introduction}
Text.
\end{document}
""")
    rec = parse_path(str(main))
    assert rec["title"] == "Fast solvers for sparse systems"
    assert [a["name"] for a in rec["authors"]] == ["Ann Author", "Bo Builder"]


def test_a_notes_key_in_a_title_is_no_part_of_it(tmp_path):
    # VTeX's and imsart's classes point at a title's note by its key ("\thanksref{T1}"), elsarticle at
    # the corresponding author by "\corref{cor1}": the page prints a mark, not the key ("A sample
    # documentT1" before)
    main = tmp_path / "main.tex"
    main.write_text(r"""\documentclass{ipart}
\title[A sample document]{A sample document\protect\thanksref{T1}}
\author{Ann Author\corref{cor1} \and Bo Builder\thanksref{t2}}
\begin{document}
\maketitle
\section{Introduction}
Text.
\end{document}
""")
    rec = parse_path(str(main))
    assert rec["title"] == "A sample document"
    assert [a["name"] for a in rec["authors"]] == ["Ann Author", "Bo Builder"]
