"""A paper's own preamble, carried into the class-agnostic document of the LaTeX layout corpus
(``benchmarks/latex_corpus.py``): its ``\\usepackage`` lines and its macro definitions, less what
sets the layout (page geometry, fonts, spacing, headings, title block: what the corpus varies by
class), so that a paper whose body needs ``algorithm2e``, ``cleveref`` or a macro file compiles in
every class without bringing its own layout along.

``carry(preamble, folder, available)`` gives the lines to put before ``\\documentclass`` (the
options of the packages kept, passed with ``\\PassOptionsToPackage`` so that a package the class
loads itself never clashes) and the lines to put after it (the packages, then the definitions).
``move_definitions(body)`` takes the top-level definitions out of the body (macros of an
``\\include``d numbers file that the abstract, now set first, already uses).
"""

from __future__ import annotations

import re
from pathlib import Path

from scholartools.parsing.latex_scan import braced

#: packages that set the page, the fonts, the spacing, the headings or the title block
LAYOUT_PACKAGES = frozenset("""
geometry fullpage a4wide a4 vmargin anysize typearea savetrees layout changepage chngpage showframe
pdflscape lscape
times mathptmx newtxtext newtxmath newtx txfonts pxfonts mathpazo palatino helvet courier lmodern
libertine libertinus libertinust1math biolinum fontspec charter xcharter bookman kpfonts fourier
tgtermes tgheros tgpagella sourcesanspro sourceserifpro inconsolata beramono cmbright eulervm euler
stix stix2 mlmodern newpxtext newpxmath anyfontsize type1cm type1ec fix-cm
setspace doublespace fancyhdr titlesec titling titletoc sectsty secdot parskip microtype
abstract authblk caption subcaption subfig floatrow balance flushend lineno draftwatermark background
multicol footmisc fullwidth ragged2e indentfirst
""".split())
#: packages the class or the corpus's preamble loads with options of its own (a second load with
#: the paper's options clashes, or changes the citations and links the class sets; graphicx is
#: loaded in draft mode; revtex4-2 forbids cite), and the encodings (T1 set by the corpus, UTF-8 LaTeX's default)
CLASS_PACKAGES = frozenset("hyperref natbib biblatex cite graphicx fontenc inputenc".split())
#: names a definition may not give a meaning to: the class's sectioning, title block, fonts and
#: sizes (a redefinition would set the paper's layout, or leave another class without headings)
LAYOUT_NAMES = frozenset("""
section subsection subsubsection paragraph subparagraph chapter part maketitle title author date
and thanks abstract endabstract abstractname keywords shortauthors shorttitle authors
thesection thesubsection thesubsubsection theparagraph thepage baselinestretch familydefault
rmdefault sfdefault ttdefault bfdefault mddefault itdefault normalsize small footnotesize scriptsize
tiny large Large LARGE huge Huge normalfont rmfamily sffamily ttfamily bibliography
bibliographystyle bibsection refname appendix appendixname thefootnote footnoterule document
thebibliography figure table caption
""".split())
#: the definition commands carried (each with the name it defines as its first argument)
DEFINITIONS = frozenset("""
newcommand renewcommand providecommand DeclareRobustCommand newrobustcmd renewrobustcmd
def gdef edef xdef let newenvironment renewenvironment DeclareMathOperator DeclarePairedDelimiter
DeclareMathAlphabet DeclareMathSymbol newtheorem theoremstyle newcolumntype definecolor colorlet
crefname Crefname crefformat Crefformat newif newcounter newlength newsavebox algnewcommand
algrenewcommand SetKw SetKwFunction SetKwProg SetKwInput SetKwInOut SetKwData SetKwComment
SetKwBlock SetKwRepeat SetKwIF SetKwFor SetKwSwitch DeclareAcronym newacronym usetikzlibrary
tikzset pgfplotsset sisetup newtcolorbox newtcbox lstdefinelanguage lstdefinestyle
DeclareMathVersion SetMathAlphabet
""".split())
#: definition commands with no name of their own (a setup): never blocked by name
_SETUP = frozenset("theoremstyle usetikzlibrary tikzset pgfplotsset sisetup".split())
_PACKAGE = frozenset({"usepackage", "RequirePackage"})

#: a local style file that assigns the page's dimensions or redefines the title or sections (a
#: conference's style: jmlr2e, icml2025 …) is layout, not macros
_LAYOUT_STYLE = re.compile(
    r"\\(?:setlength|addtolength)\s*\{?\s*\\(?:textwidth|textheight|oddsidemargin|evensidemargin|topmargin|"
    r"headheight|headsep|columnsep|footskip|hoffset|voffset|paperwidth|paperheight)\b"
    r"|\\(?:textwidth|textheight|oddsidemargin|evensidemargin|topmargin|headheight|headsep|paperwidth|"
    r"paperheight)\s*=?\s*-?[\d.]"
    r"|\\(?:re)?newcommand\s*\{?\s*\\(?:@?maketitle|section|subsection)\b|\\def\s*\\(?:@maketitle|section)\b"
    r"|\\geometry\b|\\LoadClass\b|\\ps@|\\RequirePackage\s*(?:\[[^\]]*\])?\s*\{[^}]*\b(?:geometry|fancyhdr|titlesec)\b")


def _group_end(text: str, i: int) -> int:
    """The end of the ``{…}`` or ``[…]`` group opening at ``i``, the text's end when it does not
    close. Braces: the parser's own scanner (:func:`scholartools.parsing.latex_scan.braced`);
    brackets: the first ``]`` outside braces nested in them (``bracket_end`` there also ends at a
    ``]`` after a brace that closes an outer group, and would end some statements early)."""
    if text[i] == "{":
        end = braced(text, i, len(text))
        return len(text) if end is None else end
    depth = 0
    k = i
    while k < len(text):
        c = text[k]
        if c == "\\":
            k += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "]" and depth == 0:
            return k + 1
        k += 1
    return len(text)


_WORD = re.compile(r"\\([A-Za-z@]+)(\*?)")
_CS = re.compile(r"\s*\\(?:[A-Za-z@]+|.)")
_SPACE = re.compile(r"[ \t]*(?:\n[ \t]*)?")
_LET_EQUALS = re.compile(r"\s*=?\s*")
_LET_TOKEN = re.compile(r"\\(?:[A-Za-z@]+|.)|.")


def _skip_space(text: str, i: int) -> int:
    """Past spaces and at most one line end (a blank line ends a statement)."""
    return _SPACE.match(text, i).end()


def _statement_end(text: str, name: str, j: int) -> int:
    """The end of the statement whose command word ``\\name`` ends at ``j``."""
    if name in ("def", "gdef", "edef", "xdef"):
        m = _CS.match(text, j)
        if not m:
            return j
        k = text.find("{", m.end())
        return _group_end(text, k) if k >= 0 else len(text)
    if name == "let":
        m = _CS.match(text, j)
        if not m:
            return j
        k = m.end()
        k2 = _LET_EQUALS.match(text, k).end()
        m2 = _LET_TOKEN.match(text, k2)
        return m2.end() if m2 else k
    k = j
    m = _CS.match(text, k)
    if m and name in DEFINITIONS:            # \newcommand\foo[1]{…}: the name without braces
        k = m.end()
    while True:
        k2 = _skip_space(text, k)
        if k2 < len(text) and text[k2] in "{[":
            k = _group_end(text, k2)
        else:
            return k


def statements(text: str) -> list[tuple[str, int, int]]:
    """(command word, start, end) of every statement at brace depth 0 of ``text`` (comments
    already removed): a control word with its bracketed and braced arguments."""
    out = []
    i, depth = 0, 0
    while i < len(text):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c == "\\":
            m = _WORD.match(text, i)
            if not m:
                i += 2
                continue
            if depth == 0:
                end = _statement_end(text, m.group(1), m.end())
                out.append((m.group(1), i, end))
                i = end
                continue
            i = m.end()
            continue
        i += 1
    return out


def defined_name(stmt: str) -> str | None:
    """The name a definition statement defines (``\\newcommand{\\foo}`` → ``foo``,
    ``\\newenvironment{bar}`` → ``bar``)."""
    m = re.match(r"\\[A-Za-z@]+\*?\s*\{?\s*\\?([A-Za-z@]+|.)", stmt)
    return m.group(1) if m else None


def is_carried_definition(word: str, stmt: str) -> bool:
    """A definition worth carrying: not of a class internal (a name with ``@``) nor of a
    layout name (:data:`LAYOUT_NAMES`)."""
    if word not in DEFINITIONS and not word.startswith("SetKw"):
        return False
    if word in _SETUP:
        return True
    name = defined_name(stmt)
    return bool(name) and "@" not in name and name not in LAYOUT_NAMES


def packages_of(stmt: str) -> tuple[str, list[str]]:
    """(options, package names) of a ``\\usepackage[opts]{a,b}`` statement."""
    m = re.match(r"\\(?:usepackage|RequirePackage)\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}", stmt, re.S)
    if not m:
        return "", []
    opts = " ".join((m.group(1) or "").split())
    return opts, [p.strip() for p in m.group(2).split(",") if p.strip()]


def is_layout_style(path: Path) -> bool:
    """A local ``.sty`` that sets the page or the title block (see :data:`_LAYOUT_STYLE`)."""
    try:
        return bool(_LAYOUT_STYLE.search(path.read_text(errors="replace")))
    except OSError:
        return False


def carry(preamble: str, folder: Path | None, available, more: list[str] = ()) -> tuple[str, str, list[str]]:
    """(lines before ``\\documentclass``, lines after it, packages dropped with the reason) of a
    paper's preamble (``\\documentclass`` itself and what precedes it are ignored).
    ``available(names)`` gives the subset of package names installed in TeX Live; a package with
    a ``.sty`` in ``folder`` is the paper's own and is kept unless it sets the layout; ``more``:
    definitions to set after the preamble's (those :func:`move_definitions` took from the body)."""
    m = re.search(r"\\documentclass\s*(?:\[[^\]]*\])?\s*\{[^}]*\}", preamble)
    if m:
        preamble = preamble[m.end():]
    found = statements(preamble)
    wanted: list[tuple[str, str]] = []
    dropped: list[str] = []
    for word, a, b in found:
        if word in _PACKAGE:
            opts, names = packages_of(preamble[a:b])
            for p in names:
                if p in LAYOUT_PACKAGES:
                    dropped.append(f"{p} (layout)")
                elif p in CLASS_PACKAGES:
                    dropped.append(f"{p} (the class's or the corpus's own)")
                elif folder is not None and (folder / f"{p}.sty").exists() and is_layout_style(folder / f"{p}.sty"):
                    dropped.append(f"{p} (a layout style of the paper's own)")
                elif p not in {q for q, _ in wanted}:
                    wanted.append((p, opts))
    local = {p for p, _ in wanted if folder is not None and (folder / f"{p}.sty").exists()}
    installed = set(available([p for p, _ in wanted if p not in local])) | local
    before, after = [], []
    for p, opts in wanted:
        if p not in installed:
            dropped.append(f"{p} (not installed)")
            continue
        if opts:
            before.append(f"\\PassOptionsToPackage{{{opts}}}{{{p}}}")
        after.append(f"\\usepackage{{{p}}}")
    defs = [preamble[a:b].strip() for word, a, b in found if is_carried_definition(word, preamble[a:b])]
    if any(word == "theoremstyle" for word, _, _ in found):
        defs.insert(0, "\\providecommand{\\theoremstyle}[1]{}")    # amsthm's, which not every class loads
    body = after + defs + list(more)
    if body:                                # a paper's \makeatletter block holds some of them
        body = ["\\makeatletter", *body, "\\makeatother"]
    return "\n".join(before), "\n".join(body), dropped


def move_definitions(body: str) -> tuple[str, list[str]]:
    """(the body without its top-level definitions, those carried of them): a definition in the
    body (an ``\\include``d macro file) belongs before the abstract, which the corpus sets first;
    the others (``\\renewcommand{\\shortauthors}``, a class internal) are dropped from the body."""
    out, moved, i = [], [], 0
    for word, a, b in statements(body):
        if word in DEFINITIONS or word.startswith("SetKw"):
            out.append(body[i:a])
            i = b
            if is_carried_definition(word, body[a:b]):
                moved.append(body[a:b].strip())
    out.append(body[i:])
    return "".join(out), moved
