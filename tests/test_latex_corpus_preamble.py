"""benchmarks/latex_corpus build: what a paper's own preamble carries into the class-agnostic
document (its packages and macros, never its layout), and the check of the TeX packages the build
needs (a fake ``kpsewhich`` on PATH: no TeX needed)."""

import json
import stat

import pytest

import benchmarks.latex_corpus as lc
from benchmarks.latex_preamble import carry, move_definitions, statements

PREAMBLE = r"""\documentclass[sigconf,review]{acmart}
\usepackage[margin=1in]{geometry}
\usepackage{times,microtype}
\usepackage[T1]{fontenc}
\usepackage[colorlinks]{hyperref}
\usepackage[numbers]{natbib}
\usepackage[ruled,linesnumbered]{algorithm2e}
\usepackage{cleveref}
\usepackage{macros}
\usepackage{confstyle}
\usepackage{notinstalled}
\usepackage{titlesec}
\usepackage{pdflscape}
\acmYear{2020}
\setlength{\parskip}{0pt}
\hypersetup{colorlinks=true}
\newcommand{\R}{\mathbb{R}}
\newcommand{\Name}[1]{%
  \textsc{#1}}
\DeclareMathOperator*{\argmin}{arg\,min}
\renewcommand{\section}{\oldsection}
\renewcommand\maketitle{}
\makeatletter
\def\@maketitle{\relax}
\def\norm#1{\left\lVert#1\right\rVert}
\makeatother
\let\oldsection\section
\newenvironment{claim}{\par\textbf{Claim.}}{\par}
\renewcommand{\familydefault}{\sfdefault}
"""


def _folder(tmp_path):
    (tmp_path / "macros.sty").write_text(r"\newcommand{\Rn}{\mathbb{R}^n}")
    (tmp_path / "confstyle.sty").write_text("\\setlength{\\textwidth}{6.5in}\n\\def\\@maketitle{}\n")
    return tmp_path


def _installed(names):
    return {n for n in names if n != "notinstalled"}


def test_the_papers_packages_are_carried_and_the_layout_ones_are_not(tmp_path):
    before, after, dropped = carry(PREAMBLE, _folder(tmp_path), _installed)
    used = [line[len("\\usepackage{"):-1] for line in after.splitlines() if line.startswith("\\usepackage{")]
    assert used == ["algorithm2e", "cleveref", "macros"]           # needed by the body, in the paper's order
    # options go before \documentclass, so a package the class loads itself never clashes
    assert before == "\\PassOptionsToPackage{ruled,linesnumbered}{algorithm2e}"
    for layout in ("geometry", "times", "microtype", "fontenc", "hyperref", "natbib", "titlesec", "confstyle",
                   "pdflscape"):                    # a landscape environment left open turns every page
        assert layout not in after and layout not in before
    reasons = dict(x.split(" ", 1) for x in dropped)
    assert reasons["confstyle"] == "(a layout style of the paper's own)"
    assert reasons["notinstalled"] == "(not installed)"
    assert reasons["geometry"] == "(layout)"
    assert "sigconf" not in before + after                          # the paper's class options stay behind


def test_the_papers_macros_are_carried_but_not_its_layout_or_class_internals(tmp_path):
    _, after, _ = carry(PREAMBLE, _folder(tmp_path), _installed)
    assert "\\newcommand{\\R}{\\mathbb{R}}" in after
    assert "\\newcommand{\\Name}[1]{%\n  \\textsc{#1}}" in after      # a definition over two lines, whole
    assert "\\DeclareMathOperator*{\\argmin}{arg\\,min}" in after
    assert "\\def\\norm#1{\\left\\lVert#1\\right\\rVert}" in after
    assert "\\newenvironment{claim}{\\par\\textbf{Claim.}}{\\par}" in after
    assert "\\let\\oldsection\\section" in after
    for kept_out in ("\\renewcommand{\\section}", "\\renewcommand\\maketitle", "\\@maketitle", "familydefault",
                     "\\acmYear", "\\setlength", "\\hypersetup"):
        assert kept_out not in after
    assert after.startswith("\\makeatletter") and after.endswith("\\makeatother")


def test_statements_read_whole_arguments_and_skip_nested_ones():
    text = "\\newcommand{\\a}[1]{x{#1}}\n\\textbf{\\newcommand{\\inner}{y}}\n\\def\\b#1#2{#1}\\let\\c=\\d"
    got = [(w, text[a:b]) for w, a, b in statements(text)]
    assert got == [("newcommand", "\\newcommand{\\a}[1]{x{#1}}"), ("textbf", "\\textbf{\\newcommand{\\inner}{y}}"),
                   ("def", "\\def\\b#1#2{#1}"), ("let", "\\let\\c=\\d")]


def test_definitions_of_the_body_move_before_the_abstract_and_class_ones_go():
    body = ("\\renewcommand{\\shortauthors}{Geiger}\n\\newcommand{\\PctFaster}{42\\%}\n"
            "\\section{Intro}\nWe are \\PctFaster faster.\n")
    rest, moved = move_definitions(body)
    assert moved == ["\\newcommand{\\PctFaster}{42\\%}"]
    assert "\\newcommand" not in rest and "shortauthors" not in rest and "\\section{Intro}" in rest


def test_reclass_sets_the_papers_packages_macro_files_and_body_macros_in_the_rebuilt_document(tmp_path):
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "defs.tex").write_text("\\newcommand{\\sys}{Spineless}\n")
    (paper / "numbers.tex").write_text("\\newcommand{\\Speedup}{3.1}\n")
    (paper / "main.tex").write_text(
        "\\documentclass[acmsmall]{acmart}\n\\usepackage[ruled]{algorithm2e}\n\\usepackage{geometry}\n"
        "\\input{defs}\n\\title{The \\sys{} paper}\n\\begin{document}\n"
        "\\begin{abstract}\nIt is \\Speedup{} times faster.\n\\end{abstract}\n\\maketitle\n\\include{numbers}\n"
        "\\begin{CCSXML}\n<ccs2012></ccs2012>\n\\end{CCSXML}\n\\ccsdesc[500]{Software}\n"
        "\\section{Introduction}\nText.\n\\end{document}\n")
    r = lc.reclass(paper / "main.tex", available=lambda names: set(names))
    assert r.before == "\\PassOptionsToPackage{ruled}{algorithm2e}"
    assert "\\usepackage{algorithm2e}" in r.carried and "geometry" not in r.carried
    assert "\\newcommand{\\sys}{Spineless}" in r.carried               # from the \input macro file
    assert "\\newcommand{\\Speedup}{3.1}" in r.carried                  # from the body, before the abstract
    # the plain preamble, for a class that does not take the paper's own: its definitions only
    assert r.plain == "\\newcommand{\\sys}{Spineless}\n\\newcommand{\\Speedup}{3.1}"
    assert "\\newcommand" not in r.body
    assert "CCSXML" not in r.body and "ccsdesc" not in r.body and "\\section{Introduction}" in r.body


def _fake_tex(tmp_path, monkeypatch, found, pdflatex=True):
    """A kpsewhich on PATH that finds only ``found`` (and a pdflatex that does nothing)."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    listed = " ".join(found)
    (bin_ / "kpsewhich").write_text(
        "#!/bin/sh\nfor f in \"$@\"; do for k in " + listed + "; do [ \"$f\" = \"$k\" ] && "
        "echo /usr/share/texmf/tex/$f; done; done\nexit 0\n")
    if pdflatex:
        (bin_ / "pdflatex").write_text("#!/bin/sh\nexit 1\n")
    for f in bin_.iterdir():
        f.chmod(f.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", str(bin_))                     # the scripts' shell is /bin/sh, by its path


ALL = [f for f, _, _ in lc.NEEDS]
FAMILIES = {c[0] for c in lc.CLASSES}


def test_check_needs_keeps_every_family_when_all_is_installed(tmp_path, monkeypatch):
    _fake_tex(tmp_path, monkeypatch, ALL)
    warned = []
    assert lc.check_needs(FAMILIES, warn=warned.append) == FAMILIES and warned == []


def test_check_needs_stops_without_cm_super_naming_the_package(tmp_path, monkeypatch):
    _fake_tex(tmp_path, monkeypatch, [f for f in ALL if f != "sfrm1200.pfb"])
    with pytest.raises(lc.MissingTeX, match="cm-super") as e:
        lc.check_needs(FAMILIES)
    assert "apt-get install" in str(e.value)


def test_check_needs_skips_only_the_class_whose_package_is_missing(tmp_path, monkeypatch):
    _fake_tex(tmp_path, monkeypatch, [f for f in ALL if f not in ("libertine.sty", "epsf.sty")])
    warned = []
    got = lc.check_needs(FAMILIES, warn=warned.append)
    assert got == FAMILIES - {"acmart", "aastex"}
    assert any("texlive-fonts-extra" in w and "acmart" in w for w in warned)
    assert any("texlive-plain-generic" in w and "aastex" in w for w in warned)


def test_check_needs_stops_without_pdflatex(tmp_path, monkeypatch):
    _fake_tex(tmp_path, monkeypatch, ALL, pdflatex=False)
    with pytest.raises(lc.MissingTeX, match="texlive-latex-base"):
        lc.check_needs(FAMILIES)


def test_build_checks_before_it_compiles_anything(tmp_path, monkeypatch):
    _fake_tex(tmp_path, monkeypatch, [f for f in ALL if f != "sfrm1200.pfb"])
    monkeypatch.setattr(lc, "sources", lambda *a: pytest.fail("the build read sources before its check"))
    with pytest.raises(lc.MissingTeX):
        lc.build(tmp_path / "out", None)
    assert not (tmp_path / "out").exists()


def _one_paper_in_article(tmp_path, monkeypatch, preamble: str) -> None:
    """A build of one paper (``preamble`` its own, then a title, an abstract and one section) in the
    one-column article class only, every package found installed and the TeX check passed."""
    paper = tmp_path / "paper"
    paper.mkdir()
    (paper / "main.tex").write_text(
        "\\documentclass{article}\n" + preamble + "\\title{A title}\n\\begin{document}\n"
        "\\begin{abstract}\nAn abstract.\n\\end{abstract}\n\\section{Introduction}\nText.\n\\end{document}\n")
    monkeypatch.setattr(lc, "check_needs", lambda families, warn=None: {"article"})
    monkeypatch.setattr(lc, "sources", lambda shared, extra: [("p", paper / "main.tex")])
    monkeypatch.setattr(lc, "installed_packages", lambda names: set(names))
    monkeypatch.setattr(lc, "CLASSES", [c for c in lc.CLASSES if c[:2] == ("article", "1col")])


def test_build_writes_the_carried_preamble_around_the_class_and_survives_a_looping_compile(tmp_path, monkeypatch):
    import subprocess

    _one_paper_in_article(tmp_path, monkeypatch,
                          "\\usepackage[ruled]{algorithm2e}\n\\usepackage{geometry}\n\\newcommand{\\R}{\\mathbb{R}}\n")
    seen = []

    def loops(cmd, **kw):
        seen.append(open(cmd[-1]).read())
        raise subprocess.TimeoutExpired(cmd, kw.get("timeout"))

    monkeypatch.setattr(lc.subprocess, "run", loops)
    lc.build(tmp_path / "out", None)
    assert len(seen) == 2                                             # the paper's own preamble, then the plain one
    tex = seen[0]
    lines = tex.splitlines()
    cls = next(i for i, x in enumerate(lines) if x.startswith("\\documentclass"))
    assert lines.index("\\PassOptionsToPackage{ruled}{algorithm2e}") < cls < lines.index("\\usepackage{algorithm2e}")
    assert lines.index("\\newcommand{\\R}{\\mathbb{R}}") < lines.index("\\begin{document}")
    assert "geometry" not in tex and lines[cls] == "\\documentclass[11pt]{article}"
    assert (tmp_path / "out" / "gold.jsonl").read_text() == ""       # no PDF, no gold; the build went on


def test_a_class_that_does_not_take_the_papers_preamble_gets_the_plain_one(tmp_path, monkeypatch):
    import subprocess

    import pymupdf

    _one_paper_in_article(tmp_path, monkeypatch,
                          "\\usepackage{cite}\n\\usepackage{forbidden}\n\\newcommand{\\R}{x}\n")
    seen = []

    def pdflatex(cmd, **kw):                  # a class that stops on the package \\usepackage{forbidden}
        tex = cmd[-1]
        text = open(tex).read()
        seen.append(text)
        if "forbidden" in text:
            return
        doc = pymupdf.open()
        page = doc.new_page()
        page.insert_text((72, 72), "A title")
        page.insert_text((72, 100), "An abstract.")
        for k in range(40):                  # over the build's 2,000 bytes
            page.insert_text((72, 130 + 12 * k), ("Introduction " if k == 0 else "") + f"Text line {k}.")
        out = next(x.split("=", 1)[1] for x in cmd if x.startswith("-output-directory="))
        doc.save(f"{out}/p.pdf")

    monkeypatch.setattr(lc.subprocess, "run", pdflatex)
    lc.build(tmp_path / "out", None)
    assert len(seen) == 2 and "\\usepackage{forbidden}" in seen[0]
    assert "\\usepackage{cite}" not in seen[0]                 # cite: revtex4-2 refuses it, natbib clashes
    tex = (tmp_path / "out" / "article-1col" / "p.tex").read_text()
    assert tex == seen[1] and "forbidden" not in tex and "\\newcommand{\\R}{x}" in tex
    assert [json.loads(x)["id"] for x in (tmp_path / "out" / "gold.jsonl").read_text().splitlines()] == \
        ["article-1col/p"]
