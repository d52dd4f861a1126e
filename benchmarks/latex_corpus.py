"""A layout-wide evaluation corpus from real LaTeX sources: each paper's body set again with
several publishers' document classes, one- and two-column, compiled with pdflatex; the source
gives the gold (title, abstract, section/subsection headings) for free.

    .venv/bin/python benchmarks/latex_corpus.py build [--out /tmp/st-latex-corpus] [--shared ../shared]
    .venv/bin/python benchmarks/latex_corpus.py gold [--out /tmp/st-latex-corpus]     # gold again, no compiling
    .venv/bin/python benchmarks/latex_corpus.py score [--out /tmp/st-latex-corpus] [--peer-python .mu2-venv/bin/python]
        [--papers NAME…]
    .venv/bin/python benchmarks/latex_corpus.py sources --sources /tmp/st-latex-sources GIT_DIR_OR_URL…
    .venv/bin/python benchmarks/latex_corpus.py build --sources /tmp/st-latex-sources [--out …]   # + those papers

``build`` needs pdflatex and, on Debian (the list ``NEEDS`` checks with ``kpsewhich`` before it
compiles anything)::

    apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra \
        texlive-fonts-recommended texlive-fonts-extra texlive-plain-generic texlive-pictures \
        texlive-science texlive-publishers cm-super

Without cm-super (T1 text would be set in other fonts: different PDFs) or another package every
class needs it stops, naming the package; a class whose own needs are missing (acmart: Libertine of
texlive-fonts-extra; aastex: epsf of texlive-plain-generic …) is skipped with a warning. It writes
``OUT/<family>-<variant>/<paper>.pdf`` and ``OUT/gold.jsonl`` (one row per PDF: id, pdf, family,
title, abstract, headings, levels) and ``OUT/gold_papers.jsonl`` (one row per paper, committed as
``fixtures/latex-corpus/gold.jsonl``); it is deterministic, so the PDFs are regenerated rather than
committed. ``score`` parses every PDF and reports title exact, abstract token-F1 and heading P/R/F1
per layout family with the scorer of tools.evaluate_parse. No rule or model of st-parse was tuned on
this corpus: every family is unseen, so the figures are the cross-family ones (no class in both
train and test).

Sources: ``shared/external/latex`` (8 papers, licences in its PROVENANCE.md), the ICLR template
of ``shared/external/pdfs`` and ``fixtures/latex``; with ``--sources DIR``, also the LaTeX sources of
the author-compiled pairs' **dev half** (``fixtures/tex-pairs/manifest.jsonl``: repository, commit,
path and licence of each), which ``sources`` copies out of snapshots of those repositories (the
text files of the main file's folder at the manifest's commit: ``.tex``, ``.sty``, ``.cls``,
``.bib`` …). A repository that also holds a test-half paper is left out, so no text of the
author-compiled test half is ever trained on. Figures and tables are left out (their files
and packages are not portable across classes); the preamble loads common packages and carries
the paper's own (``latex_preamble.carry``): its ``\\usepackage`` lines, its macro definitions and
its ``\\input`` macro files, less what sets the layout (geometry, fonts, spacing, headings, the title
block, a conference's style file), hyperref, natbib and cite (the class's own) and what TeX Live lacks;
where a class does not take them, the paper is set with its one-line definitions only.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_path  # noqa: E402

try:
    from latex_preamble import carry, move_definitions          # run as a script (benchmarks/ on sys.path)
except ImportError:
    from benchmarks.latex_preamble import carry, move_definitions

PACKAGES = r"""\usepackage[T1]{fontenc}
\usepackage{amsmath,amssymb,amsfonts,bm,url,xcolor}
\usepackage[draft]{graphicx}
\providecommand{\bibliographystyle}[1]{}
"""

BODYTYPE_1COL = r"""\usepackage{titlesec}
\setcounter{secnumdepth}{0}
\titleformat{\section}{\normalfont\Large}{}{0pt}{}
\titleformat{\subsection}{\normalfont\normalsize}{}{0pt}{}
\titleformat{\subsubsection}{\normalfont\normalsize\itshape}{}{0pt}{}
"""
BODYTYPE_2COL = r"""\usepackage{titlesec}
\setcounter{secnumdepth}{0}
\titleformat{\section}{\normalfont\normalsize\filcenter}{}{0pt}{\MakeUppercase}
\titleformat{\subsection}{\normalfont\normalsize}{}{0pt}{}
\titleformat{\subsubsection}{\normalfont\normalsize\itshape}{}{0pt}{}
"""

# (family, variant, class options, front matter template[, extra preamble]); {T} title, {A} abstract
CLASSES = [
    ("article", "1col", "article", "11pt", r"\title{{{T}}}\author{{Ann Author}}\date{{}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("article", "2col", "article", "10pt,twocolumn", r"\title{{{T}}}\author{{Ann Author}}\date{{}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("ieeetran", "2col", "IEEEtran", "journal", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("ieeetran", "1col", "IEEEtran", "journal,onecolumn", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("elsarticle", "1col", "elsarticle", "preprint,12pt", r"\begin{{frontmatter}}\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\end{{frontmatter}}"),
    ("elsarticle", "2col", "elsarticle", "final,5p,times,twocolumn", r"\begin{{frontmatter}}\title{{{T}}}"
     r"\author{{Ann Author}}" "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\end{{frontmatter}}"),
    ("revtex", "2col", "revtex4-2", "aps,prd,twocolumn,nofootinbib", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("revtex", "1col", "revtex4-2", "aps,prd,preprint,nofootinbib", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("llncs", "1col", "llncs", "", r"\title{{{T}}}\author{{Ann Author}}\institute{{University of Examples}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("mnras", "2col", "mnras", "", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    # abstract before \maketitle (the class sets it in the title block)
    ("acmart", "1col", "acmart", "acmsmall,nonacm", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("acmart", "2col", "acmart", "sigconf,nonacm", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("aastex", "1col", "aastex631", "", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("aastex", "2col", "aastex631", "twocolumn", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("amsart", "1col", "amsart", "", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("cas", "1col", "cas-sc", "", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("cas", "2col", "cas-dc", "", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("koma", "1col", "scrartcl", "", r"\title{{{T}}}\author{{Ann Author}}\date{{}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("jmlr", "1col", "jmlr", "", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("nature", "1col", "nature", "", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    # issue 36, thirteenth round: more publishers' classes of TeX Live (texlive-publishers)
    ("oup", "1col", "oup-authoring-template", "webpdf,modern,large", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\abstract{{{A}}}\n\\maketitle"),
    ("oup", "2col", "oup-authoring-template", "webpdf,traditional,medium", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\abstract{{{A}}}\n\\maketitle"),
    ("quantum", "1col", "quantumarticle", "onecolumn,a4paper,nopdfoutputerror,unpublished", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("quantum", "2col", "quantumarticle", "twocolumn,a4paper,nopdfoutputerror,unpublished", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("asme", "2col", "asmejour", "", r"\title{{{T}}}\author{{Ann Author}}"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}\n\\maketitle"),
    ("achemso", "1col", "achemso", "journal=jacsat,manuscript=article", r"\title{{{T}}}\author{{Ann Author}}"
     r"\affiliation{{University of Examples}}\email{{ann@example.org}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    ("spie", "1col", "spie", "", r"\title{{{T}}}\author{{Ann Author}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}"),
    # headings in the body's own type, unnumbered, as some journals set their lower levels (no
    # publisher's class does it this way in TeX Live; titlesec sets it): one column, sections
    # larger but not bold, subsections in plain body type standing alone, the third level italic
    ("bodytype", "1col", "article", "11pt", r"\title{{{T}}}\author{{Ann Author}}\date{{}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}", BODYTYPE_1COL),
    # two columns: sections in body-size capitals, subsections in plain body type
    ("bodytype", "2col", "article", "10pt,twocolumn", r"\title{{{T}}}\author{{Ann Author}}\date{{}}\maketitle"
     "\n\\begin{{abstract}}\n{A}\n\\end{{abstract}}", BODYTYPE_2COL),
]

#: what the build needs besides pdflatex, as (a file TeX Live finds with ``kpsewhich``, the Debian
#: package that holds it, the families that need it; ``None``: all of them). Found by compiling a
#: paper in every class with ``pdflatex -recorder`` and asking ``dpkg -S`` for each file read.
#: Without cm-super, pdflatex sets T1 text in bitmap fonts instead and the PDFs differ: the build stops.
NEEDS = [
    ("xcolor.sty", "texlive-latex-recommended", None),
    ("sfrm1200.pfb", "cm-super", None),
    ("ptmr8t.tfm", "texlive-fonts-recommended", None),
    ("titlesec.sty", "texlive-latex-extra", ("bodytype", "asme", "achemso", "acmart", "cas", "koma", "jmlr",
                                             "nature", "oup", "quantum")),
    ("achemso.cls", "texlive-latex-extra", ("achemso",)),
    ("libertine.sty", "texlive-fonts-extra", ("acmart",)),
    ("newtxtext.sty", "texlive-fonts-extra", ("asme", "acmart")),
    ("stix.sty", "texlive-fonts-extra", ("cas",)),
    ("bbm.sty", "texlive-fonts-extra", ("quantum",)),
    ("epsf.sty", "texlive-plain-generic", ("aastex",)),
    ("binhex.tex", "texlive-plain-generic", ("acmart", "asme")),
    ("pgf.sty", "texlive-pictures", ("oup", "quantum")),
    ("algorithm2e.sty", "texlive-science", ("jmlr",)),
    ("algorithm.sty", "texlive-science", ("oup",)),
    ("IEEEtran.cls", "texlive-publishers", ("ieeetran",)),
    ("elsarticle.cls", "texlive-publishers", ("elsarticle",)),
    ("revtex4-2.cls", "texlive-publishers", ("revtex",)),
    ("llncs.cls", "texlive-publishers", ("llncs",)),
    ("mnras.cls", "texlive-publishers", ("mnras",)),
    ("acmart.cls", "texlive-publishers", ("acmart",)),
    ("aastex631.cls", "texlive-publishers", ("aastex",)),
    ("cas-sc.cls", "texlive-publishers", ("cas",)),
    ("jmlr.cls", "texlive-publishers", ("jmlr",)),
    ("nature.cls", "texlive-publishers", ("nature",)),
    ("oup-authoring-template.cls", "texlive-publishers", ("oup",)),
    ("quantumarticle.cls", "texlive-publishers", ("quantum",)),
    ("asmejour.cls", "texlive-publishers", ("asme",)),
    ("spie.cls", "texlive-publishers", ("spie",)),
]
APT_LINE = ("apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra "
            "texlive-fonts-recommended texlive-fonts-extra texlive-plain-generic texlive-pictures texlive-science "
            "texlive-publishers cm-super")


#: one pdflatex run's limit (the corpus's longest takes seconds; a paper's macro can loop in a class)
COMPILE_SECONDS = 60


class MissingTeX(SystemExit):
    """The build cannot run: pdflatex or a package every class needs is missing."""


def kpsewhich(files: list[str]) -> set[str]:
    """The files of ``files`` that TeX Live finds (one ``kpsewhich`` call)."""
    import os
    import shutil

    if not files:
        return set()
    if shutil.which("kpsewhich") is None:
        return set()
    res = subprocess.run(["kpsewhich", *files], capture_output=True, text=True, env=os.environ)
    return {os.path.basename(x.strip()) for x in res.stdout.splitlines() if x.strip()}


def installed_packages(names: list[str]) -> set[str]:
    """The LaTeX packages of ``names`` that TeX Live has (``name.sty`` found)."""
    found = kpsewhich([f"{n}.sty" for n in names])
    return {n for n in names if f"{n}.sty" in found}


def check_needs(families: set[str], warn=print) -> set[str]:
    """The families of ``families`` the build can set here. Stops (:class:`MissingTeX`, naming the
    Debian package) when pdflatex or what every family needs is missing; a family whose own
    needs are missing is left out with a warning."""
    import shutil

    if shutil.which("pdflatex") is None:
        raise MissingTeX(f"latex_corpus build: pdflatex not found; install texlive-latex-base ({APT_LINE})")
    found = kpsewhich(sorted({f for f, _, _ in NEEDS}))
    base = sorted({pkg for f, pkg, fams in NEEDS if fams is None and f not in found})
    if base:
        raise MissingTeX(f"latex_corpus build: missing {', '.join(base)} (needed by every class; without cm-super "
                         f"T1 text is set in other fonts and the PDFs differ). Install: {APT_LINE}")
    keep = set(families)
    for f, pkg, fams in NEEDS:
        if fams is not None and f not in found:
            lost = sorted(keep & set(fams))
            if lost:
                warn(f"warning: {f} not found (Debian package {pkg}): skipping {', '.join(lost)}")
            keep -= set(fams)
    return keep


_DROP_ENVS = r"figure\*?|table\*?|wrapfigure|deluxetable\*?|longtable|algorithm\*?|lstlisting|minted|tikzpicture|" \
             r"thebibliography|acknowledgments|acknowledgements|verbatim|center|CCSXML"
# the plain preamble (the corpus's before the paper's own was carried; tried where a class does not
# take the paper's own): the paper's one-line definitions, less redefinitions of sectioning commands
_DEF = re.compile(r"^\s*\\(?:newcommand|renewcommand|providecommand|def|DeclareMathOperator\*?|newtheorem)\b.*$", re.M)
_SECTIONING = re.compile(r"\\(?:re)?newcommand\s*\{?\\(?:sub)*(?:section|paragraph)\b|\\def\s*\\(?:sub)*(?:section|paragraph)\b")
_CMD_LINE = re.compile(r"\\(?:bibliography|bibliographystyle|maketitle|title|author|affiliation|affil|email|"
                       r"altaffiliation|correspondingauthor|keywords|institute|date|input|include|"
                       r"label\{firstpage\}|pagerange|pubyear|received|accepted|published|submitjournal|"
                       r"shorttitle|shortauthors|collaboration|nocollaboration|software|facility|facilities|"
                       r"section\*?\{acknowledg[^}]*\}|acknowledgments|listoffigures|tableofcontents|"
                       r"clearpage|newpage|appendix|bibpunct|citestyle|"
                       # acmart's front matter (a paper of that class, set in another)
                       r"ccsdesc|orcid|setcopyright|copyrightyear|acm[A-Z][A-Za-z]*|settopmatter|setcctype|"
                       r"authorsaddresses|authornote|additionalaffiliation)\b")


def _braced_end(text: str, i: int) -> int:
    depth = 0
    for k in range(i, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k + 1
    return len(text)


def _arg(text: str, name: str) -> str | None:
    m = re.search(r"\\" + name + r"\s*(?:\[[^\]]*\])?\s*\{", text)
    if not m:
        return None
    end = _braced_end(text, m.end() - 1)
    return text[m.end():end - 1]


def _strip_commands(body: str) -> str:
    """The body without figures, tables, bibliography and front-matter commands (with their
    braced arguments)."""
    body = re.sub(r"\\begin\{(" + _DROP_ENVS + r")\}.*?\\end\{\1\}", "", body, flags=re.S)
    body = re.sub(r"\\begin\{abstract\}.*?\\end\{abstract\}", "", body, flags=re.S)
    out, i = [], 0
    for m in _CMD_LINE.finditer(body):
        if m.start() < i:
            continue
        out.append(body[i:m.start()])
        j = m.end()
        while True:
            k = j
            while k < len(body) and body[k] in " \t":
                k += 1
            if k < len(body) and body[k] == "[":
                j = body.find("]", k) + 1 or len(body)
            elif k < len(body) and body[k] == "{":
                j = _braced_end(body, k)
            else:
                break
        i = j
    out.append(body[i:])
    return "".join(out)


TEX_PAIRS = ROOT / "fixtures" / "tex-pairs" / "manifest.jsonl"
#: what ``sources`` copies of a source folder: what pdflatex reads (figures are set as drafts)
_SOURCE_SUFFIXES = (".tex", ".sty", ".cls", ".bst", ".bib", ".bbl", ".def", ".cfg", ".clo", ".ltx", ".macros")


def tex_pair_rows(manifest: Path = TEX_PAIRS) -> list[dict]:
    """The author-compiled pairs whose source may enter the corpus: the dev half, less every
    repository that also holds a test-half paper (a project's two papers share their text)."""
    rows = [json.loads(x) for x in manifest.read_text().splitlines() if x.strip()]
    test_repos = {r["repo"] for r in rows if r["split"] == "test"}
    return [r for r in rows if r["split"] == "dev" and r["repo"] not in test_repos]


def copy_sources(into: Path, git_sources: list[str], manifest: Path = TEX_PAIRS) -> list[dict]:
    """Copy the source folder of each :func:`tex_pair_rows` row out of the git directories (or URLs)
    given, at the manifest's commit, into ``into/<id>/``; write ``into/sources.jsonl`` (name, main,
    repository, commit, licence) and return its rows. A row whose repository is not given is skipped."""
    try:
        from jats_pairs import _git, git_dir          # run as a script (benchmarks/ on sys.path)
    except ImportError:
        from benchmarks.jats_pairs import _git, git_dir

    into.mkdir(parents=True, exist_ok=True)
    dirs = [git_dir(s, into / "_clones") for s in git_sources]
    done = []
    for r in tex_pair_rows(manifest):
        folder = r["tex_path"].rsplit("/", 1)[0] if "/" in r["tex_path"] else ""
        for d in dirs:
            try:
                listing = _git(d, "ls-tree", "-r", "-l", r["commit"], "--", folder or ".")
            except subprocess.CalledProcessError:       # the commit is not in this repository
                continue
            if listing.strip():
                break
        else:
            print(f"skip {r['id']}: {r['repo']} not among the sources", file=sys.stderr)
            continue
        dest = into / r["id"]
        for line in listing.splitlines():
            meta, path = line.split("\t", 1)
            _, kind, blob, size = meta.split()
            if kind != "blob" or not path.lower().endswith(_SOURCE_SUFFIXES) or int(size) > 2_000_000:
                continue
            rel = path[len(folder) + 1:] if folder else path
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(_git(d, "cat-file", "blob", blob, binary=True))
        main = r["tex_path"][len(folder) + 1:] if folder else r["tex_path"]
        if not (dest / main).exists():
            print(f"skip {r['id']}: {r['tex_path']} not at {r['commit'][:10]}", file=sys.stderr)
            continue
        done.append({"name": r["id"], "main": f"{r['id']}/{main}", "repo": r["repo"], "commit": r["commit"],
                     "licence": r["licence"]})
        print(f"ok   {r['id']}", file=sys.stderr)
    with open(into / "sources.jsonl", "w") as f:
        for row in done:
            f.write(json.dumps(row) + "\n")
    return done


def sources(shared: Path | None, extra: Path | None = None) -> list[tuple[str, Path]]:
    out = []
    latex = dataset_path("latex", shared, file="gold.jsonl")
    for line in (latex / "gold.jsonl").read_text().splitlines():
        if line.strip():
            g = json.loads(line)
            out.append((g["name"], latex / g["main"]))
    iclr = dataset_path("pdfs", shared) / "iclr-template" / "iclr2026_conference.tex"
    if iclr.exists():
        out.append(("iclr-template", iclr))
    for tex in sorted((ROOT / "fixtures" / "latex").glob("*/*.tex")):
        if "\\begin{document}" in tex.read_text(errors="replace"):
            out.append((tex.parent.name, tex))
    if extra is not None:
        for line in (extra / "sources.jsonl").read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                out.append((row["name"], extra / row["main"]))
    return out


@dataclass
class Reclassed:
    """A paper ready to be set in any class: ``before`` (lines before ``\\documentclass``) and
    ``carried`` (its own packages and macros, after it), or ``plain`` (its one-line definitions
    only: the corpus's preamble before the paper's own was carried, tried where a class does not
    take the paper's own); title, abstract and body."""
    before: str
    carried: str
    plain: str
    title: str
    abstract: str
    body: str


def reclass(main: Path, available=None) -> Reclassed | None:
    """A source, inputs merged, ready to be set in any class: its packages and macro definitions
    less those that set the layout (``latex_preamble.carry``; ``available`` says which packages
    TeX Live has, by default ``kpsewhich``), its body's definitions moved before the abstract."""
    from scholartools.parsing.latex_source import read_source

    merged = read_source(str(main)).text.text
    m = re.search(r"\\begin\s*\{document\}", merged)
    if not m:
        return None
    preamble, rest = merged[:m.start()], merged[m.end():]
    body = rest[:rest.find("\\end{document}")] if "\\end{document}" in rest else rest
    title = _arg(preamble + body, "title")
    am = re.search(r"\\begin\{abstract\}(.*?)\\end\{abstract\}", preamble + body, re.S)
    abstract = am.group(1) if am else _arg(preamble + body, "abstract")
    if not title or not abstract:
        return None
    body, moved = move_definitions(body)
    before, carried, _ = carry(preamble, main.parent, available or installed_packages, moved)
    plain = [x.group(0) for x in _DEF.finditer(preamble) if x.group(0).count("{") == x.group(0).count("}")
             and not _SECTIONING.search(x.group(0))]
    return Reclassed(before, carried, "\n".join(plain + moved), " ".join(title.replace("\\\\", " ").split()),
                     abstract.strip(), _strip_commands(body))


def _printed_share(headings: list[str], pdf: Path) -> float:
    """The share of the gold headings whose words occur in the PDF's text (a class that does not
    print them, or a paper's macro that hides them, makes the PDF useless as gold)."""
    import pymupdf

    from tools.evaluate_parse import normalise, normalise_heading

    with pymupdf.open(pdf) as doc:
        text = normalise(" ".join(p.get_text() for p in doc))
    heads = [normalise_heading(h) for h in headings if normalise_heading(h)]
    return sum(1 for h in heads if h in text) / len(heads) if heads else 1.0


def printed_gold(row: dict, pdf: Path) -> dict:
    """The gold row without a title or abstract the class does not print (a class whose title
    block needs commands of its own shows none): no parser can find those."""
    import pymupdf

    from tools.evaluate_parse import normalise

    with pymupdf.open(pdf) as doc:
        text = normalise(" ".join(doc[k].get_text() for k in range(min(2, doc.page_count))))
    # the text's letters and digits alone: a word hyphenated at a line's end ("time do-" / "main",
    # a narrow column's abstract) is the source's word again
    solid = text.replace(" ", "")
    row = dict(row)
    # (a title that wraps beside line numbers, as AGU's draft template prints them, has a number
    # between its lines)
    title = normalise(row.get("title")).split()
    if title and " ".join(title) not in text \
            and not re.search(r" (?:\d{1,4} )?".join(map(re.escape, title)), text):
        row["title"] = None
    words = normalise(row.get("abstract")).split()
    if words and " ".join(words[:8]) not in text and "".join(words[:8]) not in solid:
        row["abstract"] = None
    return row


def gold(out: Path) -> None:
    """Gold rows derived again from the ``.tex`` and PDF files a build left in ``out`` (after a
    change to the LaTeX parser that reads the gold), without compiling anything."""
    from scholartools.parsing import parse_path

    rows = {}
    for pdf in sorted(out.glob("*-*/*.pdf")):
        family, variant = pdf.parent.name.split("-", 1)
        g = parse_path(str(pdf.with_suffix(".tex")))
        heads = [s for s in g["sections"] if s.get("heading") and s.get("type") not in ("abstract", "references")]
        key = f"{pdf.parent.name}/{pdf.stem}"
        if _printed_share([s["heading"] for s in heads], pdf) < 0.5:
            # the build's rule: a PDF that prints under half of its gold headings (a compile that
            # stopped after the first page) is no gold; it was kept when the gold was derived again
            print(f"skip {key}: under half of the headings printed", file=sys.stderr)
            continue
        rows[key] = printed_gold({"id": key, "pdf": f"{pdf.parent.name}/{pdf.name}", "family": family,
                                  "variant": variant, "title": g["title"], "abstract": g["abstract"],
                                  "headings": [s["heading"] for s in heads], "levels": [s["level"] for s in heads]},
                                 pdf)
    _write_gold(out, rows)


def _write_gold(out: Path, rows: dict) -> None:
    with open(out / "gold.jsonl", "w") as gf:
        for key in sorted(rows):
            gf.write(json.dumps(rows[key], ensure_ascii=False) + "\n")
    # the gold is the same in every class (it comes from the paper's source): one row per paper,
    # small enough to commit (fixtures/latex-corpus/gold.jsonl)
    papers = {}
    for line in (out / "gold.jsonl").read_text().splitlines():
        g = json.loads(line)
        name = g["id"].split("/", 1)[1]
        row = papers.setdefault(name, {"paper": name, "title": g["title"], "abstract": g["abstract"],
                                       "headings": g["headings"], "levels": g["levels"], "pdfs": []})
        row["pdfs"].append(g["pdf"])
        row["title"] = row["title"] or g["title"]          # a class that does not print it has None
        row["abstract"] = row["abstract"] or g["abstract"]
    with open(out / "gold_papers.jsonl", "w") as f:
        for row in papers.values():
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def _set(d: Path, name: str, cwd: Path):
    """Compile ``d/name.tex`` into ``d/name.pdf``: (the gold record of the ``.tex``, its headings),
    or why no PDF counts (a compile without a PDF, one that ran over the limit, one that prints
    under half of its headings: a compile that stopped early)."""
    from scholartools.parsing import parse_path

    (d / f"{name}.pdf").unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        try:             # one pass: headings and the title need no cross-references
            subprocess.run(["pdflatex", "-interaction=nonstopmode", "-file-line-error",
                            f"-output-directory={tmp}", str(d / f"{name}.tex")], capture_output=True,
                           cwd=str(cwd), timeout=COMPILE_SECONDS)
        except subprocess.TimeoutExpired:      # a macro that loops in this class: no PDF
            return f"pdflatex ran over {COMPILE_SECONDS} s"
        pdf = Path(tmp) / f"{name}.pdf"
        if not pdf.exists() or pdf.stat().st_size < 2000:
            return ""
        (d / f"{name}.pdf").write_bytes(pdf.read_bytes())
    g = parse_path(str(d / f"{name}.tex"))
    heads = [s for s in g["sections"] if s.get("heading") and s.get("type") not in ("abstract", "references")]
    printed = _printed_share([s["heading"] for s in heads], d / f"{name}.pdf")
    if printed < 0.5:
        (d / f"{name}.pdf").unlink()
        return f"only {printed:.0%} of the headings printed"
    return g, heads


def build(out: Path, shared: Path | None, only: list[str] | None = None, papers: list[str] | None = None,
          extra: Path | None = None) -> None:
    families = check_needs({c[0] for c in CLASSES if not only or c[0] in only},
                           warn=lambda m: print(m, file=sys.stderr))
    out.mkdir(parents=True, exist_ok=True)
    rows: dict[str, dict] = {}
    if (only or papers) and (out / "gold.jsonl").exists():
        rows = {g["id"]: g for g in map(json.loads, filter(str.strip, (out / "gold.jsonl").read_text().splitlines()))}
    for name, main in sources(shared, extra):
        if papers and name not in papers:
            continue
        parts = reclass(main)
        if parts is None:
            print(f"skip {name}: no title or abstract", file=sys.stderr)
            continue
        for family, variant, cls, opts, front, *extra in CLASSES:
            if family not in families:
                continue
            d = out / f"{family}-{variant}"
            d.mkdir(exist_ok=True)
            key = f"{family}-{variant}/{name}"
            rows.pop(key, None)
            # the paper's own preamble first; where the class does not take it (a package the class
            # forbids, a macro that clashes with the class's), the paper as the corpus set it before
            for attempt, (before, defs) in enumerate(((parts.before, parts.carried), ("", parts.plain))):
                tex = (f"{before}\n" if before else "") + (
                       f"\\documentclass[{opts}]{{{cls}}}\n{PACKAGES}{''.join(extra)}{defs}\n\\begin{{document}}\n"
                       f"{front.format(T=parts.title, A=parts.abstract)}\n{parts.body}\n\\end{{document}}\n")
                (d / f"{name}.tex").write_text(tex)
                got = _set(d, name, main.parent)
                if not isinstance(got, str):
                    break
                print(f"fail {family}-{variant} {name}{' (own preamble)' if attempt == 0 else ''}"
                      f"{': ' + got if got else ''}", file=sys.stderr)
            if isinstance(got, str):
                continue
            g, heads = got
            rows[key] = printed_gold({"id": key, "pdf": f"{family}-{variant}/{name}.pdf",
                                      "family": family, "variant": variant, "title": g["title"],
                                      "abstract": g["abstract"], "headings": [s["heading"] for s in heads],
                                      "levels": [s["level"] for s in heads]}, d / f"{name}.pdf")
            print(f"ok   {family}-{variant} {name}: {len(heads)} headings"
                  f"{' (the plain preamble)' if attempt else ''}", file=sys.stderr, flush=True)
    _write_gold(out, rows)


def score(out: Path, peer_python: str | None = None, papers: list[str] | None = None,
          families: list[str] | None = None) -> None:
    """st-parse (and, with ``peer_python``, pymupdf4llm in that interpreter) on the corpus PDFs,
    each in a process of its own (CPU time with start-up, as benchmarks/parse_speed.py), scored
    per document class with the same scorer."""
    from parse_speed import run

    from tools.evaluate_parse import peer_fields, record_fields, score_corpus

    gold = [json.loads(x) for x in (out / "gold.jsonl").read_text().splitlines() if x.strip()]
    if papers:
        gold = [g for g in gold if g["id"].split("/", 1)[1] in papers]
    if families:
        gold = [g for g in gold if g["family"] in families]
    files = [str(out / g["pdf"]) for g in gold]
    parsers = [("st-parse", sys.executable, "ours")] + ([("pymupdf4llm+layout", peer_python, "peer")] if peer_python else [])
    results = {}
    for name, python, mode in parsers:
        dt, res = run(python, mode, files, per_file=False)
        results[name] = res["out"]
        print(f"{name}: {len(files)} PDFs, {res['pages']} pages, {dt:.1f} s CPU ({res['pages'] / dt:.1f} pages/s) "
              f"{res['versions']}", flush=True)

    def fields(name, i):
        o = results[name][i]
        return record_fields(o) if name == "st-parse" else peer_fields(o)

    groups = sorted({g["family"] for g in gold})
    print(f"{'class':11s} {'parser':19s} PDFs  title  abstr  head P  head R  head F1")
    for fam in groups + ["all"]:
        idx = [i for i, g in enumerate(gold) if fam == "all" or g["family"] == fam]
        for name in results:
            sc = score_corpus((gold[i], *fields(name, i)) for i in idx)
            h = sc["headings"]
            print(f"{fam:11s} {name:19s} {len(idx):4d} {sc['title_exact'] or 0:6.3f} {sc['abstract_f1'] or 0:6.3f} "
                  f"{h['precision']:7.3f} {h['recall']:7.3f} {h['f1']:7.3f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["build", "gold", "score", "sources"])
    ap.add_argument("git_sources", nargs="*", help="sources: git directories or URLs of the tex-pairs repositories")
    ap.add_argument("--sources", default=None, help="build: also the papers copied here by `sources`; "
                    "sources: where to copy them")
    ap.add_argument("--only", nargs="*", default=None, help="build or score only these families (default: all)")
    ap.add_argument("--papers", nargs="*", default=None, help="build or score only these papers (default: all)")
    ap.add_argument("--peer-python", default=None, help="score: also pymupdf4llm in this interpreter "
                    "(a virtualenv with pymupdf4llm 2.x and pymupdf-layout, e.g. .mu2-venv/bin/python)")
    ap.add_argument("--out", default="/tmp/st-latex-corpus")
    ap.add_argument("--shared", default=None, help="a shared folder (default: where scholartools.data finds "
                    "the datasets: ST_DATA, the user cache, ../shared/external)")
    args = ap.parse_intermixed_args()
    if args.what == "sources":
        if not args.sources:
            ap.error("sources needs --sources DIR")
        copy_sources(Path(args.sources), args.git_sources)
    elif args.what == "build":
        build(Path(args.out), Path(args.shared) if args.shared else None, args.only, args.papers,
              Path(args.sources) if args.sources else None)
    elif args.what == "gold":
        gold(Path(args.out))
    else:
        score(Path(args.out), args.peer_python, args.papers, args.only)


if __name__ == "__main__":
    main()
