"""benchmarks/tex_pairs: gold from an author's LaTeX source, the template family and the licence
(no PDF needed)."""

from benchmarks.tex_pairs import family_of, licence_of, preamble_with_inputs, row_id, source_gold

TEX = r"""\documentclass{article}
\usepackage[preprint]{neurips_2024}
\title{Vector Turing machines}
\author{Ann Author}
\begin{document}
\maketitle
\begin{abstract}
We define a machine that reads vectors. It runs in linear time.
\end{abstract}
\section{Introduction}
Text.
\subsection{Contributions}
\textbf{Ranking quality.} Per-utterance agreement is measured.
\subsubsection{Details}
More.
\section{Results}
Done.
\end{document}
"""


def test_source_gold_reads_title_abstract_and_sections_with_optional_lower_levels(tmp_path):
    main = tmp_path / "main.tex"
    main.write_text(TEX)
    g = source_gold(main)
    assert g["title"] == "Vector Turing machines"
    assert g["abstract"] == "We define a machine that reads vectors. It runs in linear time."
    assert g["headings"] == ["Introduction", "Contributions", "Results"]      # \section and \subsection only
    optional = {h["text"] for h in g["heading_detail"] if h.get("optional")}
    assert {"Details", "Ranking quality."} <= optional                        # \subsubsection, a bold lead
    assert "Acknowledgments" in optional and "Introduction" not in optional  # back-matter labels
    assert "Appendix" not in optional
    # \appendix, which a class may print as a heading of its own ("APPENDIX" in AASTeX)
    main.write_text(TEX.replace("\\section{Results}", "\\appendix\n\\section{Results}"))
    assert {"Appendix", "Appendices"} <= {h["text"] for h in source_gold(main)["heading_detail"] if h.get("optional")}


def test_a_papers_own_lead_macros_give_optional_leads(tmp_path):
    main = tmp_path / "main.tex"
    main.write_text(TEX.replace("\\begin{document}", "\\newcommand{\\parhead}[1]{\\medskip\\noindent{\\bfseries #1}}\n"
                                "\\def\\stitle#1{\\noindent{\\bf #1}}\n\\newcommand{\\vqa}[1]{VQA #1}\n\\begin{document}")
                    .replace("Done.", "\\parhead{Our Contributions.} We do.\n\n\\stitle{Query Graphs.} Graphs.\n\n"
                             "\\vqa{Not a lead.} Text."))
    optional = {h["text"] for h in source_gold(main)["heading_detail"] if h.get("optional")}
    assert {"Our Contributions.", "Query Graphs."} <= optional
    assert "Not a lead." not in optional
    # \paragraph under another name, after some spacing (an ECAI paper's "\paragraphb")
    main.write_text(TEX.replace("\\begin{document}", "\\newcommand{\\paragraphb}{\\vspace{-0.25cm}\\paragraph}\n"
                                "\\newcommand{\\ours}{\\textbf{RHALE}}\n\\begin{document}")
                    .replace("Done.", "\\paragraphb{Computational Complexity.} It is cubic.\n\n\\ours{} is ours."))
    optional = {h["text"] for h in source_gold(main)["heading_detail"] if h.get("optional")}
    assert "Computational Complexity." in optional and "RHALE" not in optional
    # a lead in a group that switches the style ("{\bf Motivation}", "{\em Data.}"): a network
    # paper's leads in an old-style group were scored as headings the source did not have
    main.write_text(TEX.replace("Done.", "{\\bf Motivation}\nWe do.\n\n\\noindent {\\em Data Pre-Processing: } We "
                                "read.\n\n{\\bf x} is a vector.\n\nText with {\\bf Bold Words} inside."))
    optional = {h["text"] for h in source_gold(main)["heading_detail"] if h.get("optional")}
    assert {"Motivation", "Data Pre-Processing:"} <= optional and "Bold Words" not in optional


def test_family_is_the_class_or_the_venue_style_of_a_generic_class():
    assert family_of(TEX, set()) == "neurips"
    assert family_of(r"\documentclass[sigconf]{acmart}", set()) == "acmart"
    assert family_of(r"\documentclass[aps,prl]{revtex4-2}", set()) == "revtex"       # the version goes
    assert family_of(r"\documentclass[twocolumn]{aastex631}", set()) == "aastex"
    assert family_of("\\documentclass{article}\n\\usepackage{mystyle}", {"mystyle.sty"}) == "mystyle"
    assert family_of("\\documentclass{article}\n\\usepackage{macros}", {"macros.sty"}) == "article"
    # a style file named in capitals (the R Journal's "RJournal.sty"), and a venue's style loaded after
    # a local copy of a common package (ICML 2016 after natbib)
    assert family_of("\\documentclass{report}\n\\usepackage{RJournal}", {"RJournal.sty"}) == "rjournal"
    assert family_of("\\documentclass{article}\n\\usepackage{natbib}\n\\usepackage{icml2016}",
                     {"natbib.sty", "icml2016.sty"}) == "icml"
    # a citation style kept beside the source before the venue's (SCITEPRESS after apalike)
    assert family_of("\\documentclass{article}\n\\usepackage{apalike}\n\\usepackage{SCITEPRESS}",
                     {"apalike.sty", "SCITEPRESS.sty"}) == "scitepress"


def test_licence_of_a_licence_file():
    assert licence_of("MIT License\n\nPermission is hereby granted, free of charge, to any person") == "MIT"
    assert licence_of("Apache License\n Version 2.0, January 2004") == "Apache-2.0"
    assert licence_of("Copyright 2024. All rights reserved.") is None


def test_a_surveyed_row_is_named_as_the_manifest_names_its_rows():
    # the manifest's pattern (family, repository name, the PDF's path; 52 characters at most), so a
    # surveyed row builds to a file of its own, never to "None.pdf"
    assert row_id("acm", "staeiou/cscw19-paper-lengths", "paper/geiger-cscw19-paper-lengths.pdf") \
        == "acm-cscw19-paper-lengths-paper-geiger-cscw19-paper-l"
    assert row_id("aastex", "mileslucas/sirius-b", "paper/paper.pdf") == "aastex-sirius-b-paper-paper"
    assert row_id("article", "o/Repo_Name", "A Draft (v2).pdf") == "article-repo-name-a-draft-v2"


def _committed(tmp_path, files: dict[str, str | bytes]):
    """A git repository in ``tmp_path / "repo"`` holding ``files`` (path → text or bytes) in one
    commit; a function that runs git in it."""
    import subprocess

    repo = tmp_path / "repo"
    for name, data in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    run = lambda *a: subprocess.run(["git", "-C", str(repo), *a], check=True, capture_output=True, text=True)
    run("init", "-q")
    run("-c", "user.email=a@b", "-c", "user.name=a", "add", ".")
    run("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "x")
    return run


def test_a_survey_goes_on_past_a_source_the_snapshot_lacks(tmp_path):
    from tex_pairs import survey

    # a repository whose one .tex beside a PDF has no blob in the snapshot (snapshots leave out
    # files of 4 MiB or more): the survey skips that PDF instead of stopping
    run = _committed(tmp_path, {"notes.tex": "\\documentclass{article}\\begin{document}x\\end{document}",
                                "draft.pdf": b"%PDF-1.4 not really"})
    blob = run("rev-parse", "HEAD:notes.tex").stdout.strip()
    (tmp_path / "repo" / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    assert survey(tmp_path / "repo" / ".git", "o/repo") == []


def test_a_survey_skips_a_source_holding_two_documents(tmp_path, capsys):
    from tex_pairs import survey

    # an old draft kept below the new one in the same file (a conference paper's main.tex): the PDF
    # may have been compiled from either, so the pair has no trustworthy gold
    one = "\\documentclass{article}\\title{A}\\begin{document}\\maketitle\\section{Intro}x\\end{document}\n"
    _committed(tmp_path, {"main.tex": one + "% the old version\n" + one.replace("Intro", "Methods"),
                          "main.pdf": b"%PDF-1.4 not really"})
    assert survey(tmp_path / "repo" / ".git", "o/repo") == []
    assert "skip main.pdf: two documents in main.tex" in capsys.readouterr().err


def test_a_headings_math_is_gold_as_the_pdf_prints_its_letters():
    from tex_pairs import _lead_text, plain_math

    # a heading with math is gold as its printed letters, so a parser that reads the PDF's
    # "Saddle Property of Optimal RO Solution" (IEEE) or "Nonzero Values of Lp" (VLDB) is right
    assert plain_math("Saddle Property of Optimal $\\mathcal{RO}$ Solution") == "Saddle Property of Optimal RO Solution"
    assert plain_math("Nonzero Values of $\\mathcal{L}_p$") == "Nonzero Values of Lp"
    assert plain_math("Skewed-$\\chi^2$ decomposable kernel") == "Skewed-χ2 decomposable kernel"
    assert plain_math("Bounding $F$ at $\\varepsilon_i$") == "Bounding F at εi"
    # math set in \( … \) too, and a lead's math (an IEEE paper's "**Optimized Code (γ = −i):**")
    assert plain_math("Saddle \\(\\chi^2\\) test") == "Saddle χ2 test"
    assert _lead_text(plain_math("Optimized Code (\\( \\gamma = -i\\)):")) == "Optimized Code (γ=-i):"
    assert plain_math("Team Click $\\sim$ Team Performance") == "Team Click Team Performance"
    assert plain_math("No math, 5\\% off") == "No math, 5\\% off"
    assert _lead_text("WL (OPS\\%)") == "WL (OPS%)"


def test_a_survey_skips_a_source_missing_a_part_of_its_text(tmp_path, capsys):
    from tex_pairs import survey

    # a section file never committed (a blockchain paper's "sections/lessons-learned.tex"): the PDF
    # prints headings the gold cannot have; a missing figure (".pdf_tex") does not matter
    _committed(tmp_path, {"main.tex": "\\documentclass{article}\\title{A}\\begin{document}\\maketitle\n"
                                      "\\section{Intro}x\\input{fig/plot.pdf_tex}\\input{sections/lessons}\\end{document}\n",
                          "main.pdf": b"%PDF-1.4 not really"})
    assert survey(tmp_path / "repo" / ".git", "o/repo") == []
    assert "skip main.pdf: the source inputs sections/lessons, which the repository lacks" in capsys.readouterr().err
    # nor is Markdown the ``markdown`` package typesets (a Frontiers paper's body in .md files) read
    _committed(tmp_path / "md", {"main.tex": "\\documentclass{article}\\usepackage{markdown}\\title{A}\\begin{document}"
                                             "\\maketitle\n\\section*{Intro}\n\\markdownInput{10-intro.md}\n\\end{document}\n",
                                 "10-intro.md": "## Background\n\nText.\n", "main.pdf": b"%PDF-1.4 not really"})
    assert survey(tmp_path / "md" / "repo" / ".git", "o/repo") == []
    assert "skip main.pdf: the source inputs 10-intro.md" in capsys.readouterr().err


def test_a_front_matter_label_set_as_a_section_is_no_gold_heading(tmp_path):
    from tex_pairs import source_gold

    # Frontiers' template sets its keywords with "\\section{Keywords:}": typed front matter by a
    # parser, so neither right nor wrong
    (tmp_path / "main.tex").write_text("\\documentclass{article}\\title{A study}\\begin{document}\\maketitle\n"
                                       "\\section{Keywords:} genomics, workflows\n\\section{Introduction}\nText.\n"
                                       "\\end{document}\n")
    g = source_gold(tmp_path / "main.tex")
    assert g["headings"] == ["Introduction"]
    assert {"text": "Keywords:", "level": 1, "optional": True} in g["heading_detail"]


def test_a_headings_math_with_a_papers_own_macro_stays_as_written():
    from tex_pairs import plain_math

    # "Bidirectional $\miniVersePat$" prints "Bidirectional λP": dropping the macro would make a
    # gold "Bidirectional" that no parser reading the page can give
    assert plain_math("Bidirectional $\\miniVersePat$") == "Bidirectional $\\miniVersePat$"
    assert plain_math("Scale $\\times$ seeds") == "Scale seeds"


def test_a_title_is_found_on_its_page_whatever_its_spaces_and_accents(tmp_path):
    import pymupdf

    from benchmarks.tex_pairs import check_pair, loose

    assert loose("基于 DINOv2 的目标检测") == loose("基于DINOv2的目标检测")
    assert loose("Diagnóstico da doença") == loose("Diagno´stico da doenc¸a")
    assert loose("Vector Turing machines") != loose("Vector machines")

    def pdf(title, font):
        doc = pymupdf.open()
        for k, heading in enumerate(["Introduction", "Results"]):
            page = doc.new_page()
            if k == 0:
                page.insert_text((72, 80), title, fontsize=16, fontname=font)
            page.insert_text((72, 140), heading, fontsize=12, fontname="helv")
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.pdf"
        doc.save(path)
        return path

    gold = {"headings": ["Introduction", "Results"]}
    assert check_pair(pdf("基于DINOv2的目标检测", "china-s"), dict(gold, title="基于 DINOv2 的目标检测")) == (True, "ok")
    assert check_pair(pdf("Diagno´stico da doenc¸a", "helv"), dict(gold, title="Diagnóstico da doença")) == (True, "ok")
    assert not check_pair(pdf("Another paper entirely", "helv"), dict(gold, title="Diagnóstico da doença"))[0]


def test_a_repository_path_in_another_script_is_listed_as_it_is(tmp_path):
    from jats_pairs import _git

    # git quotes such a path in octal escapes by default ("\"\\345\\256\\236…\""), which names no
    # file: a Chinese course report's PDF and source were passed over by the survey
    _committed(tmp_path, {"实验报告/实验报告.tex": "x", "实验报告/实验报告.pdf": b"%PDF"})
    names = _git(tmp_path / "repo" / ".git", "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    assert names == ["实验报告/实验报告.pdf", "实验报告/实验报告.tex"]


def test_family_reads_a_style_loaded_from_a_preamble_file(tmp_path):
    # HICSS papers load the venue's style from a preamble file; before, the survey named them "article"
    (tmp_path / "hicss-packages.tex").write_text("\\usepackage{natbib}\n\\usepackage{hicss}\n")
    (tmp_path / "body.tex").write_text("\\usepackage{notastyle}\n")   # input after \begin{document}: not read
    main = tmp_path / "paper.tex"
    main.write_text("\\documentclass{article}\n\\input{hicss-packages}\n\\begin{document}\n\\input{body}\n"
                    "\\end{document}\n")
    assert family_of(main.read_text(), {"hicss.sty"}) == "article"
    text = preamble_with_inputs(main)
    assert "\\usepackage{hicss}" in text and "notastyle" not in text
    assert family_of(text, {"hicss.sty", "natbib.sty"}) == "hicss"


def test_a_title_wrapped_beside_line_numbers_is_found_on_the_page():
    from benchmarks.tex_pairs import title_on_page

    # AGU's draft template numbers every line, so the page's text has the numbers inside the title
    page = "12\nInterpreting benthic Common Era foraminiferal records\n13\nunder modern-day circulation\n14\nKey Points"
    title = "Interpreting benthic Common Era foraminiferal records under modern-day circulation"
    assert title_on_page(title, page)
    assert title_on_page("Key Points", page)
    assert not title_on_page(title, page.replace("13\n", "with text between\n"))   # words, not numbers, between
    assert not title_on_page("Under modern-day circulation records", page)          # out of order


def test_a_pdf_pairs_with_the_source_in_the_folder_named_as_it(tmp_path):
    import pymupdf

    from tex_pairs import survey

    # a student conference's proceedings repository keeps each paper as "papers/ivanov.pdf" beside the
    # folder "papers/ivanov/" of its source; before, the survey found no .tex beside the PDF
    doc = pymupdf.open()
    for k, heading in enumerate(["Introduction", "Results"]):
        page = doc.new_page()
        if k == 0:
            page.insert_text((72, 80), "Graph Colouring in Practice", fontsize=16, fontname="helv")
        page.insert_text((72, 140), heading, fontsize=12, fontname="helv")
    tex = ("\\documentclass{spisok-article}\\title{Graph Colouring in Practice}\\begin{document}\\maketitle\n"
           "\\section{Introduction}\nText.\n\\section{Results}\nText.\n\\end{document}\n")
    _committed(tmp_path, {"papers/ivanov.pdf": doc.tobytes(), "papers/ivanov/main.tex": tex,
                          "papers/ivanov/spisok-article.cls": "% class", "papers/other.tex": "x"})
    rows = survey(tmp_path / "repo" / ".git", "o/repo")
    assert [(r["pdf_path"], r["tex_path"], r["family"], r["title"]) for r in rows] == \
        [("papers/ivanov.pdf", "papers/ivanov/main.tex", "spisok-article", "Graph Colouring in Practice")]


def test_each_manifest_pdf_is_in_one_split_only():
    import json
    from pathlib import Path

    # a paper surveyed again in a later round (same repository, same blob) was added to a second
    # blind batch, so it was scored as unseen while an earlier round had read it: three such rows
    # were found and dropped
    for name in ("tex-pairs", "jats-pairs"):
        rows = [json.loads(line) for line in
                (Path(__file__).parents[1] / "fixtures" / name / "manifest.jsonl").read_text().splitlines()]
        ids = [r["id"] for r in rows]
        blobs = [r["pdf_blob"] for r in rows]
        assert len(set(ids)) == len(ids), name
        assert len(set(blobs)) == len(blobs), name


def test_subparagraph_leads_are_optional_gold(tmp_path):
    # VTeX's sample papers set a \subparagraph as a run-in head ("A short head five leads into
    # paragraph"); the LaTeX reader ignored the command, so a parser printing it counted as wrong
    src = tmp_path / "p.tex"
    src.write_text(TEX.replace("More.", "More.\n\\subparagraph{A short head five} Words go on."))
    detail = {d["text"]: d for d in source_gold(src)["heading_detail"]}
    assert detail["A short head five"]["level"] == 5 and detail["A short head five"]["optional"]


def test_springers_declarations_and_a_nomenclature_are_optional_gold(tmp_path):
    # Springer's journals print "Author Contribution", "Materials Availability" and "Code Availability"
    # from environments of their own, ASME's class "NOMENCLATURE": no sectioning command, so the
    # gold did not have them and a parser printing them counted as wrong
    src = tmp_path / "p.tex"
    src.write_text(TEX)
    detail = {d["text"]: d for d in source_gold(src)["heading_detail"]}
    for label in ("Author Contribution", "Materials Availability", "Code Availability", "Nomenclature"):
        assert detail[label]["optional"], label


def test_a_placeholder_title_of_dots_pairs_with_no_pdf(tmp_path):
    # EDP Sciences' templates have the title "…", which is on the first page of any text: the survey
    # paired each template with the class's user guide, another document
    import pymupdf

    from tex_pairs import check_pair

    doc = pymupdf.open()
    for k in range(2):
        doc.new_page().insert_text((72, 80), "User guide … Introduction" if k == 0 else "Results", fontsize=12)
    doc.save(tmp_path / "guide.pdf")
    ok, why = check_pair(tmp_path / "guide.pdf", {"title": "…", "headings": ["Introduction", "Results"]})
    assert (ok, why.split(":")[0]) == (False, "placeholder title")
    ok, _ = check_pair(tmp_path / "guide.pdf", {"title": "User guide", "headings": ["Introduction", "Results"]})
    assert ok   # control: a title of words on the page pairs


def test_a_figure_package_beside_the_source_names_no_family():
    # the JCST template keeps picins.sty beside it: the family was "picins"
    assert family_of("\\documentclass{article}\\usepackage{picins}", {"picins.sty", "main.tex"}) == "article"
