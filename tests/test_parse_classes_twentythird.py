"""What the twenty-third round of issue 36 mended (docs/st-parse.md, "Twenty-third round").

* a LaTeX source whose template sets its abstract as ``\\section*{Abstract}`` (PLOS) had no
  abstract and an "Abstract" section, so the tex-pairs gold of every PLOS pair lacked one.
"""


def test_a_first_section_headed_abstract_is_the_abstract(tmp_path):
    from scholartools.parsing import parse_path

    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\n{\\Large\\textbf{Graphs of reads}}\n"
                   "\\section*{Abstract}\nWe resolve graphs.\n\nIn real time.\n\\section*{Introduction}Graphs help.\n"
                   "\\section*{Abstract results}Not the abstract.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] == "We resolve graphs.\n\nIn real time."
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction", "Abstract results"]
    # an abstract environment wins; a later section named "Abstract" stays a section
    tex.write_text("\\documentclass{article}\\begin{document}\\begin{abstract}The real one.\\end{abstract}\n"
                   "\\section{Introduction}Text.\n\\section{Abstract}Of a talk.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] == "The real one."
    assert [s["heading"] for s in rec["sections"] if s["heading"]] == ["Introduction", "Abstract"]


def test_a_hypertargets_name_is_no_text_and_a_structured_abstract_stays_sections(tmp_path):
    from scholartools.parsing import parse_path

    # Pandoc's LaTeX wraps each heading in \hypertarget{name}{…}: the name is no paragraph, and an
    # "Abstract" with subsections of its own and no text is left as it is
    tex = tmp_path / "main.tex"
    tex.write_text("\\documentclass{article}\\begin{document}\n\\hypertarget{abstract}{%\n"
                   "\\section{Abstract}\\label{abstract}}\n\n\\hypertarget{introduction}{%\n"
                   "\\subsection{Introduction}\\label{introduction}}\n\nInjuries vary.\n\n"
                   "\\section{Discussion}See \\hyperlink{introduction}{the introduction}.\n\\end{document}\n")
    rec = parse_path(str(tex))
    assert rec["abstract"] is None
    assert [(s["heading"], s["paragraphs"]) for s in rec["sections"]] == [
        ("Abstract", []), ("Introduction", ["Injuries vary."]), ("Discussion", ["See the introduction."])]
