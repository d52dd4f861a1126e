"""Author-compiled PDFs with LaTeX gold: papers whose public repository keeps the LaTeX source
beside the PDF its authors compiled from it with a venue's real template (ACM, IEEE, Springer
LNCS, MNRAS, AASTeX, NeurIPS/ICML/ICLR/ACL styles, theses...), turned into a gold set for
tools/evaluate_parse and benchmarks/parse_speed (issue 36: front matter on unseen layouts).

    # which source/PDF pairs a fetched repository holds (one manifest row per PDF)
    python benchmarks/tex_pairs.py survey GIT_DIR_OR_URL [--repo owner/name]
    # the PDFs and gold of the manifest's rows, taken from the repositories
    python benchmarks/tex_pairs.py build --out /tmp/tex_pairs GIT_DIR_OR_URL...

The manifest (fixtures/tex-pairs/manifest.jsonl; provenance and licences in its PROVENANCE.md)
names each PDF by repository, commit, path and git blob id, and the source by the path of its
main ``.tex`` file, so ``build`` reads exactly those bytes (``git cat-file blob ID``) and the
source folder as of that commit (``git archive``) from a snapshot or clone of the repository (a
URL is cloned bare into ``OUT/_clones``); nothing else is downloaded and no PDF is committed
here. ``build`` writes ``OUT/ID.pdf`` and ``OUT/gold.jsonl`` in tools.evaluate_parse's gold
schema (with ``family`` and ``split``), so ``python -m tools.evaluate_parse --set none --jats OUT
--jats-split dev`` scores it.

Gold from the source (``gold_quality`` "author LaTeX source"), read with scholartools' own LaTeX
parser (``\\input`` files merged, macros expanded as st-parse does for ``.tex``):
* title: ``\\title``; abstract: the ``abstract`` environment (or ``\\abstract{}``);
* headings: ``\\section`` and ``\\subsection`` in order (numbering is not part of the gold;
  the scorer strips it); ``\\subsubsection``, ``\\paragraph``, bold or italic paragraph leads
  and unsectioned back-matter labels ("Acknowledgments") are ``optional`` (many classes set them
  run-in or print them without a command): a parser that prints them is neither right nor wrong.
The same rule as benchmarks/latex_corpus.py keeps the gold honest about the page
(:func:`latex_corpus.printed_gold`): a title or abstract the PDF does not print is dropped. A pair
is surveyed only when the PDF is the compiled source: the gold title is on page 1 and at least
75 % of the gold headings are printed (a PDF left behind by an older draft fails), the source holds
one document and inputs every part of its text; a heading's math is gold as its printed letters
(:func:`plain_math`), and a gold heading whose words the PDF does not print (a paper's own math
macro, a reference the source spells as LaTeX) is made ``optional``
(:func:`jats_pairs.printed_headings`).

``family`` is the document class, or the venue's style file for a generic class
(``article`` + ``neurips_2023.sty`` is ``neurips``); the dev and test halves share no family.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
MANIFEST = ROOT / "fixtures" / "tex-pairs" / "manifest.jsonl"

from jats_pairs import _git, git_dir, pdf_text, printed_headings, write_gold  # noqa: E402

from scholartools.parsing.latex_render import expand_text_macros  # noqa: E402
from scholartools.parsing.latex_scan import find_definitions  # noqa: E402

_CLASS = re.compile(r"^[^%\n]*\\documentclass\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}", re.M)
_USEPACKAGE = re.compile(r"^[^%\n]*\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}", re.M)
THESIS_LABELS = ["Dedication", "Declaration", "Author's Declaration", "Declaration of Originality",
                 "Committee Membership", "Approved by", "Approval", "List of Appendices", "List of Abbreviations",
                 "List of Symbols", "Preface"]
_GENERIC = {"article", "report", "book", "amsart", "scrartcl", "scrreprt", "scrbook", "memoir", "extarticle"}
# style files of venues that ride on a generic class (the family is the style without its year)
_VENUE_STYLE = re.compile(r"^(neurips|nips|icml|iclr|acl|naacl|emnlp|eacl|coling|colm|tmlr|jmlr|cvpr|iccv|eccv|"
                          r"wacv|aaai|ijcai|interspeech|spconf|uai|aistats|corl|rss|colt|kdd|www|isca|usenix|"
                          r"sigplanconf|lipics|eptcs|jair|pmlr|midl|miccai|bmvc|mlsys|l4dc)")
_LICENCES = [("MIT", r"\bMIT License\b|Permission is hereby granted, free of charge"),
             ("Apache-2.0", r"Apache License,?\s+Version 2\.0"),
             ("CC BY-SA 4.0", r"Attribution-ShareAlike 4\.0|CC[- ]BY-SA[- ]4"),
             ("CC BY 4.0", r"Attribution 4\.0 International|CC[- ]BY[- ]4"),
             ("CC0 1.0", r"CC0 1\.0|Creative Commons Zero"),
             ("BSD-3-Clause", r"Redistribution and use in source and binary forms.*?Neither the name", ),
             ("BSD-2-Clause", r"Redistribution and use in source and binary forms"),
             ("GPL-3.0", r"GNU GENERAL PUBLIC LICENSE\s+Version 3"),
             ("GPL-2.0", r"GNU GENERAL PUBLIC LICENSE\s+Version 2"),
             ("LPPL", r"LaTeX Project Public License"),
             ("Unlicense", r"This is free and unencumbered software")]


def licence_of(text: str) -> str | None:
    for code, pat in _LICENCES:
        if re.search(pat, text, re.S | re.I):
            return code
    return None


def repo_licence(gitdir: Path, commit: str = "HEAD") -> str | None:
    """The licence of a repository's root LICENSE/LICENCE/COPYING file, else the one its README
    states ("... licensed under CC BY 4.0"), marked "(README)"; None without either."""
    names = _git(gitdir, "ls-tree", "--name-only", commit).splitlines()
    for n in names:
        if re.match(r"(?i)(licen[cs]e|copying)([._-]\w+)?(\.(md|txt|rst))?$", n):
            found = licence_of(_git(gitdir, "show", f"{commit}:{n}", binary=True).decode(errors="replace"))
            if found:
                return found
    for n in names:
        if re.match(r"(?i)readme(\.\w+)?$", n):
            text = _git(gitdir, "show", f"{commit}:{n}", binary=True).decode(errors="replace")
            m = re.search(r"(?is)licen[cs](?:e|ed)\b.{0,200}", text)
            found = licence_of(m.group(0)) if m else None
            if not found and m:
                found = ("CC BY 4.0" if re.search(r"(?i)CC[- ]BY[- ]4|creative commons attribution 4", m.group(0))
                         else "MIT" if re.search(r"\bMIT\b", m.group(0)) else None)
            if found:
                return found + " (README)"
    return None


def family_of(tex: str, local_files: set[str]) -> str:
    """The document class, or the venue style a generic class loads (give it
    :func:`preamble_with_inputs`' text to see a style loaded from a preamble file)."""
    m = _CLASS.search(tex)
    cls = m.group(1).strip() if m else "?"
    cls = re.sub(r"[\d.-]+$", "", cls.rsplit("/", 1)[-1]).lower() or cls   # "revtex4-2" → "revtex"
    if cls not in _GENERIC:
        return cls
    names = [name.strip().rsplit("/", 1)[-1].lower() for m in _USEPACKAGE.finditer(tex) for name in m.group(1).split(",")]
    for name in names:   # a venue's style first, wherever the preamble loads it
        v = _VENUE_STYLE.match(name)
        if v:
            return v.group(1)
    local = {f.lower() for f in local_files}
    for name in names:   # else a style file kept beside the source (not a copy of a common package)
        if f"{name}.sty" in local and name not in _COMMON_PACKAGES \
                and not name.startswith(("macro", "math", "notation", "preamble", "defs", "command", "header", "pkg")):
            return re.sub(r"[\d_-]+$", "", name)
    return cls


_PREAMBLE_INPUT = re.compile(r"^[^%\n]*\\(?:input|include)\s*\{([^}]+)\}", re.M)


def preamble_with_inputs(src: Path) -> str:
    """The text of ``src`` followed by the files its preamble inputs (``\\input{packages}`` before
    ``\\begin{document}``, one level): a venue's style is often loaded there (HICSS's
    ``hicss51-packages.tex``), where :func:`family_of` would not see it."""
    tex = src.read_text(errors="replace")
    m = _DOCUMENT.search(tex)
    parts = [tex]
    for name in _PREAMBLE_INPUT.findall(tex[:m.start()] if m else tex):
        f = src.parent / name.strip()
        f = f if f.suffix == ".tex" else f.with_name(f.name + ".tex")
        if f.is_file():
            parts.append(f.read_text(errors="replace"))
    return "\n".join(parts)


# packages a repository may keep a copy of beside its source, which say nothing of the venue
_COMMON_PACKAGES = frozenset(("natbib", "hyperref", "algorithm", "algorithmic", "algorithmicx", "algpseudocode",
                              "fancyhdr", "times", "url", "subfigure", "subfig", "caption", "graphicx", "xcolor",
                              "booktabs", "multirow", "listings", "cleveref", "geometry", "lineno", "authblk",
                              "amsmath", "amssymb", "mathtools", "siunitx", "tikz", "pgfplots", "float", "wrapfig",
                              "microtype", "enumitem", "todonotes", "xspace", "comment", "balance", "cite",
                              # citation styles, which say nothing of the venue either
                              "apalike", "apacite", "chicago", "harvard", "named", "biblatex", "csquotes",
                              # figure and float placement packages kept beside a source ("picins" beside
                              # the JCST template named the family "picins")
                              "picins", "picinpar", "epsfig", "psfig", "floatflt", "subcaption", "sidecap"))


_SOURCE_EXT = (".tex", ".sty", ".cls", ".bbl", ".def", ".clo", ".cfg", ".ltx", ".macros")


def _extract(gitdir: Path, commit: str, folder: str, dest: Path) -> None:
    """The folder's LaTeX files (``.tex``, ``.sty``, ``.bbl``...) as of ``commit`` written under
    ``dest`` (a blob a snapshot lacks is left out)."""
    spec = f"{commit}:{folder}" if folder else commit
    entries = []
    for line in _git(gitdir, "ls-tree", "-r", spec).splitlines():
        info, path = line.split("\t", 1)
        kind, blob = info.split()[1:3]
        if kind == "blob" and path.lower().endswith(_SOURCE_EXT):
            entries.append((blob, path))
    if not entries:
        return
    p = subprocess.run(["git", f"--git-dir={gitdir}", "cat-file", "--batch"], capture_output=True,
                       input="".join(f"{b}\n" for b, _ in entries).encode())
    data, i = p.stdout, 0
    for blob, path in entries:
        nl = data.index(b"\n", i)
        head = data[i:nl].split()
        if len(head) < 3 or head[1] == b"missing":
            i = nl + 1
            continue
        size = int(head[2])
        out = dest / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data[nl + 1:nl + 1 + size])
        i = nl + 1 + size + 1


# a paragraph opening with a styled lead: "\textbf{Ranking quality.} Per-utterance …"
# (and Springer Nature's back-matter heads, "\bmhead{Supplementary information}", "\bmhead{LLM use
# disclosure}", which sn-jnl prints in bold on a line of their own)
_LEAD_COMMANDS = "textbf|textit|emph|textsc|underline|bmhead"
# the declarations that switch a group's style: "{\bf Motivation} …"
_LEAD_SWITCHES = "bf|bfseries|it|itshape|em|sc|scshape"
# a paper's own one-argument macro that opens a paragraph with its argument in bold or italic, or
# is a \paragraph ("\newcommand{\parhead}[1]{\medskip\noindent{\bfseries #1}}"): its leads
# are leads too (not a macro for inline names: "\pkg{tidyr}" set in bold)
_LEAD_MACRO = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*\[1\]\s*\{|\\def\\([A-Za-z]+)#1\s*\{")
# a macro that is \paragraph under another name, after some spacing
# ("\newcommand{\paragraphb}{\vspace{-0.25cm}\paragraph}")
_PARAGRAPH_ALIAS = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*\{(?:[^{}]|\{[^{}]*\})*"
                              r"\\(?:sub)?paragraph\s*\}")
_STYLED = re.compile(r"\\(?:bfseries|textbf|bf|itshape|textit|emph|paragraph)(?![A-Za-z])")
_OPENS = re.compile(r"\\(?:noindent|paragraph|subparagraph|par|medskip|smallskip|bigskip|vspace|vskip)(?![A-Za-z])")


# a styled lead a paper's own macro opens its paragraph with ("\newcommand{\appendixresult}[1]{\par
# \noindent\textbf{Result.}~#1\par}", printed wherever the macro is used)
# (a macro of arguments: one of none is a name set in a style, "\newcommand{\ours}{\textbf{RHALE}}")
_MACRO_LEAD = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\\[A-Za-z@]+\}?\s*\[[1-9]\]\s*\{\s*(?:\\par\s*)?"
                         r"(?:\\noindent\s*)?\\(?:textbf|textit|emph)\s*\{([^{}#]+)\}")


def _local_styles(main_tex: Path, tex: str) -> list[str]:
    """The text of the packages ``tex`` uses that sit beside ``main_tex`` as ``.sty`` files (a
    paper's own macros), each read once; none that cannot be read."""
    out = []
    for name in dict.fromkeys(n.strip() for names in _USEPACKAGE.findall(tex) for n in names.split(",")):
        path = main_tex.parent / f"{name}.sty"
        if name and path.is_file():
            try:
                out.append("\n" + path.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                pass
    return out


def _lead_pattern(tex: str) -> re.Pattern:
    """The pattern of a paragraph opening with a styled lead, the paper's own lead macros included."""
    # (the definition's body read over its next 120 characters: enough for the style it sets)
    own = [m.group(1) or m.group(2) for m in _LEAD_MACRO.finditer(tex)
           if _STYLED.search(tex, m.end(), m.end() + 120) and _OPENS.search(tex, m.end(), m.end() + 120)]
    own += [m.group(1) for m in _PARAGRAPH_ALIAS.finditer(tex)]
    names = "|".join([_LEAD_COMMANDS] + [re.escape(n) for n in own])
    # (or in a group that switches the style: "{\bf Motivation}", "{\em Data.}")
    # (after spacing and indentation commands: "\medskip\noindent\textbf{Result 1.}", "\indent\textbf{Alchemy:}")
    return re.compile(r"^[ \t]*(?:\\(?:(?:small|med|big)skip|vspace\*?\s*\{[^{}\n]*\})\s*)*(?:\\(?:no)?indent\s*)?"
                      r"(?:\\(?:" + names + r")\s*\{|\{\s*\\(?:" + _LEAD_SWITCHES
                      + r")(?![A-Za-z])\s*)((?:[^{}]|\{[^{}]*\})+)\}", re.M)


# \appendix, which many classes print as a heading of its own ("APPENDIX" in AASTeX), and the
# appendix package's environment, which prints "Appendices" (its [page] option)
_APPENDIX = re.compile(r"^[^%\n]*\\(?:appendix(?![A-Za-z])|begin\s*\{appendices\})", re.M)
_TITLED_APPENDIX = re.compile(r"^[^%\n]*\\appendix\s*\[([^\]\n]{1,150})\]", re.M)


def _lead_text(tex: str) -> str:
    tex = re.sub(r"\\([%&_#])", r"\1", tex)   # an escaped sign is the sign ("OPS\\%")
    tex = re.sub(r"\\[a-zA-Z]+\*?\s*(\[[^\]]*\])?", " ", tex)
    return " ".join(re.sub(r"[{}$~]", " ", tex).split())


_MATH = re.compile(r"\$([^$]{1,300})\$")
_PAREN_MATH = re.compile(r"\\\((.{1,300}?)\\\)")
_KEEP_ARG = re.compile(r"\\(?:math[a-z]*|text[a-z]*|operatorname|boldsymbol|bm|mbox|rm|bf|it|cal)\b\s*")
_VARIANT = {"varepsilon": "epsilon", "varphi": "phi", "vartheta": "theta", "varrho": "rho", "varsigma": "sigma",
            "varpi": "pi", "lambda": "lamda", "Lambda": "Lamda"}   # (Unicode names the letter "lamda")


# signs the scorer drops anyway (it keeps letters and digits)
_SIGNS = {"times", "sim", "pm", "mp", "le", "leq", "ge", "geq", "to", "rightarrow", "leftarrow", "cdot", "ast",
          "approx", "neq", "ne", "in", "infty", "prime", "star", "circ", "quad", "qquad", "left", "right", "cdots",
          "ldots", "dots", "mid", "vert", "langle", "rangle", "equiv", "propto", "gg", "ll", "colon"}


# where a sign stood: the words either side stay apart ("(Q$\to$C)" prints "(Q→C)", which the scorer
# reads as "q c"), though the rest of a formula is closed up
_SIGN_GAP = "\x00"


def _greek(m: re.Match) -> str:
    """A Greek letter's command as the letter, a sign's as a space; KeyError for any other (a
    paper's own macro, "\\miniVersePat", prints glyphs no rule can name)."""
    name = _VARIANT.get(m.group(1), m.group(1))
    if name in _SIGNS:
        return _SIGN_GAP
    case = "CAPITAL" if name[0].isupper() else "SMALL"
    return unicodedata.lookup(f"GREEK {case} LETTER {name.upper()}")


def plain_math(heading: str) -> str:
    """A heading's ``$…$`` math as the PDF prints its letters ("Saddle Property of Optimal
    $\\mathcal{RO}$ Solution" → "… Optimal RO Solution", "$\\chi^2$" → "χ2"): font commands
    keep their argument, Greek letters' names become the letters, signs and the sub- and
    superscript marks go; what is left of a formula is closed up, as its glyphs are set. A
    heading whose math holds any other command is left as written."""
    def one(m: re.Match) -> str:
        t = _KEEP_ARG.sub("", m.group(1))
        t = re.sub(r"\\([A-Za-z]+)", _greek, t)
        return re.sub(r"[\s{}^_\\]+", "", t).replace(_SIGN_GAP, " ")

    heading = _PAREN_MATH.sub(r"$\1$", heading)   # \( … \) is $ … $
    try:
        return " ".join(_MATH.sub(one, heading).split())
    except KeyError:
        return heading


_FRONT_LABEL = re.compile(r"(?i)^(?:key\s*words?|index terms|abstract)?\W*$")
_MARKDOWN_INPUT = re.compile(r"^[^%\n]*?\\markdownInput\s*(?:\[[^\]]*\])?\s*\{([^}]+)\}", re.M)


def source_gold(main_tex: Path) -> dict:
    """{title, abstract, headings, heading_detail} of a LaTeX source (scholartools' parser).
    Optional (neither right nor wrong when printed): ``\\subsubsection`` and ``\\paragraph``
    headings, the leads of paragraphs opening in bold or italic ("\\textbf{Ranking quality.}",
    run-in heads a class sets like ``\\paragraph``), the back-matter labels a class prints
    without a sectioning command (jats_pairs.BACK_LABELS: "Acknowledgments" of ``acks``…),
    "Appendix" where the source has ``\\appendix`` or the ``appendices`` environment, and a
    front-matter label set as a section ("\\section{Keywords:}"); a paper's ``\\paragraph`` under
    another name gives leads too."""
    from jats_pairs import BACK_LABELS

    from scholartools.parsing import parse_path
    from scholartools.parsing.latex_source import read_source
    from tools.evaluate_parse import normalise_heading

    g = parse_path(str(main_tex))
    detail = [{"text": plain_math(s["heading"]), "level": s.get("level") or 1}
              for s in g["sections"] if s.get("heading") and s.get("type") not in ("abstract", "references")]
    for d in detail:
        # (a front-matter label a template sets with a sectioning command, Frontiers'
        # "\section{Keywords:}", is typed front matter, not a body heading)
        if d["level"] >= 3 or _FRONT_LABEL.match(d["text"]):
            d["optional"] = True
    try:
        merged = read_source(str(main_tex)).text.text
    except Exception:   # the leads are a courtesy: a source the reader cannot merge has none
        merged = ""
    _mask_references(detail, merged)
    # (the two branches of a conditional the class decides, both read: IEEEtran's templates set
    # "\ifCLASSOPTIONcompsoc \section*{Acknowledgments} \else \section*{Acknowledgment} \fi";
    # the page prints one of the two headings, one after the other in the gold)
    # (as written: "Waveform Comparison: θ=θC" and "…: θ≠θC", whose sign the gold loses, stay two)
    for a, b in zip(detail, detail[1:]):
        if not a.get("optional") and a["text"] != b["text"] \
                and a["text"].lower().rstrip("s") == b["text"].lower().rstrip("s"):
            b["optional"] = True
    have = {normalise_heading(d["text"]) for d in detail}
    # (the paper's own style files beside it define lead macros too: "\xhdr{Our scope.}" of a
    # slivkins-setup.sty, "\newcommand{\xhdr}[1]{\vspace{2mm} \noindent{\bf #1}}")
    macros = merged + "".join(_local_styles(main_tex, merged))
    leads = [m.group(1) for m in _lead_pattern(macros).finditer(merged)]
    leads += [m.group(1) for m in _MACRO_LEAD.finditer(macros)]
    # (a lead naming what a heading names is a lead of its own: "\emph{Role of quantum pressure.}---"
    # in the results, "B. Role of quantum pressure" a section further on)
    seen: set[str] = set()
    # (a lead's own text macros printed: "\textbf{Architectural Control in \langname.}", with
    # "\newcommand{\langname}{Trinity}", is "Architectural Control in Trinity.")
    text_macros = find_definitions([macros]).text_macros
    for text in leads:
        text = expand_text_macros(text, text_macros)
        lead = _lead_text(plain_math(text))   # ("The Spearman $\rho$ divergence." prints its ρ)
        if lead and len(lead.split()) <= 12 and normalise_heading(lead) not in seen:
            seen.add(normalise_heading(lead))
            have.add(normalise_heading(lead))
            detail.append({"text": lead, "level": 4, "optional": True, "lead": True})
    labels = BACK_LABELS + (["Appendix", "Appendices"] if _APPENDIX.search(merged) else [])
    # labels a class prints over what it lists: AGU's acronyms and notation environments, NeurIPS'
    # acknowledgements, achemso's supporting information; the lists
    # of tables and figures, which a command or the class itself prints (ascelike-new's, at the end
    # of a journal submission, with no command in the source)
    labels += [label for label, pattern in _PRINTED_LABELS if pattern.search(merged)]
    labels += ["List of Tables", "List of Figures"]
    # a thesis' front pages that its class prints from a command, or a page of its own, with no
    # sectioning command ("COMMITTEE MEMBERSHIP", "AUTHOR'S DECLARATION", "APPROVED BY")
    labels += THESIS_LABELS
    # IEEEtran's one titled appendix, "\appendix[Proof of the Bound]", printed "APPENDIX / PROOF OF THE BOUND"
    labels += ["Appendix " + plain_math(t.strip()) for t in _TITLED_APPENDIX.findall(merged)]
    detail += [{"text": t, "level": 1, "optional": True} for t in labels if normalise_heading(t) not in have]
    missing = [w["message"].split("\\input{", 1)[-1].split("}", 1)[0] for w in g.get("warnings") or []
               if w.get("kind") == "latex_input_missing"]
    # text the LaTeX reader does not merge: Markdown the ``markdown`` package typesets
    missing += _MARKDOWN_INPUT.findall(merged)
    # (a title's math as the page prints it, as a heading's: "K$2$" is "K2", "$L^{p}$" is "Lp")
    return {"title": plain_math(g["title"]) if g["title"] else None, "abstract": _written(g["abstract"]),
            "headings": [d["text"] for d in detail if not d.get("optional")], "heading_detail": detail,
            "missing_inputs": missing}


_PRINTED_LABELS = [("Acronyms", re.compile(r"\\begin\{acronyms\}")), ("Notation", re.compile(r"\\begin\{notation\}")),
                   # NeurIPS' acknowledgements environment (and the classes copied from its style)
                   ("Acknowledgments and Disclosure of Funding", re.compile(r"\\begin\{ack\}")),
                   # the American Chemical Society's (achemso) supporting-information environment
                   ("Supporting Information Available", re.compile(r"\\begin\{suppinfo\}"))]


def _written(abstract: str | None) -> str | None:
    """``abstract`` unless it is a draft's placeholder of fewer than ten words ("Abstract here.",
    "Bla bla...", "TKTK"): no abstract is written yet, and none is scored."""
    return abstract if abstract and len(abstract.split()) >= 10 else None


# a cross-reference in a sectioning command's title ("\subsection{Proof of Theorem~\ref{thm:rate}}"):
# the reader renders its key, the page prints the number
_SECTION_LINE = re.compile(r"^[^%\n]*\\(?:sub)*section\*?[^\n]*", re.M)
_REF_KEY = re.compile(r"\\(?:ref|autoref|cref|Cref|nameref|vref)\*?\s*\{([^{}]+)\}")


def _mask_references(detail: list[dict], merged: str) -> None:
    """Each reference key a heading of ``merged`` cites, in the gold headings of ``detail``, made a
    ``$…$`` place: the scorer's wildcard for what the PDF prints there (tools.evaluate_parse), as for
    a formula the gold cannot spell ("Proof of Theorem 4.2", gold "Proof of Theorem $\\ref$"); such a
    heading is not printed as written, so it is optional (:func:`jats_pairs.printed_headings`)."""
    # (only a key no word could be: "thm:rate", "sec_2", not "results", which "Main results" holds)
    keys = {k.strip() for line in _SECTION_LINE.findall(merged) for k in _REF_KEY.findall(line)
            if re.search(r"[^A-Za-z\s]", k.strip())}
    if not keys:
        return
    key = re.compile(r"(?<![\w:.-])(?:" + "|".join(map(re.escape, sorted(keys, key=len, reverse=True))) + r")(?![\w-])")
    for d in detail:
        d["text"] = key.sub(lambda _: "$\\ref$", d["text"])


def loose(text: str) -> str:
    """Normalised text (:func:`tools.evaluate_parse.normalise`) without its accents and spaces, for
    finding a title on a page: Chinese and Japanese titles are printed with or without spaces
    around their Latin words ("基于 DINOv2 的" / "基于DINOv2的"), and an accent a font sets as a
    glyph of its own ("Diagno´stico") leaves its letter apart."""
    from tools.evaluate_parse import normalise

    decomposed = unicodedata.normalize("NFKD", normalise(text))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and not ch.isspace())


def title_on_page(title: str, page: str) -> bool:
    """The title's :func:`loose` text on the page, or its words in that order with nothing but a
    line number between them (a title that wraps beside the margin numbers of ``lineno``, which
    AGU's and Wiley's draft templates print at every line)."""
    text = loose(page)
    if loose(title) in text:
        return True
    words = [w for w in map(loose, title.split()) if w]
    return bool(words) and re.search(r"\d{0,4}".join(map(re.escape, words)), text) is not None


_LETTER = re.compile(r"[^\W\d_]")


def check_pair(pdf: Path, gold: dict) -> tuple[bool, str]:
    """(usable, why): the gold title on page 1 (:func:`loose` text) and >= 75 % of the gold
    headings printed."""
    from latex_corpus import _printed_share

    try:
        first, pages = pdf_text(pdf, 1)
    except Exception as e:   # a PDF pymupdf cannot open (damaged, or not a PDF at all)
        return False, f"unreadable PDF: {type(e).__name__}"
    if not gold["title"] or not title_on_page(gold["title"], first):
        return False, f"title not on page 1: {str(gold['title'])[:60]!r}"
    if len(_LETTER.findall(gold["title"])) < 3:
        # a template's placeholder of dots ("…", "...") is on any page: EDP Sciences' templates were
        # paired with a user guide of another text that way
        return False, f"placeholder title: {gold['title']!r}"
    if pages < 2:
        return False, "one page"
    share = _printed_share(gold["headings"], pdf) if gold["headings"] else 0.0
    if share < 0.75:
        return False, f"{share:.0%} of {len(gold['headings'])} headings printed"
    return True, "ok"


def row_id(family: str, repo: str, pdf_path: str) -> str:
    """A manifest row's id: family, repository name and the PDF's path without ".pdf", in lower
    case with every other character a hyphen, cut to 52 characters (the PDF's file name in OUT)."""
    slug = re.sub(r"[^a-z0-9]+", "-", f"{family}-{repo.rsplit('/', 1)[-1]}-{pdf_path[:-4]}".lower())
    return slug.strip("-")[:52].rstrip("-")


def _blob(gitdir: Path, blob: str) -> bytes:
    """A blob's bytes, or none where the snapshot lacks it (a file of 4 MiB or more): a survey
    goes on past it."""
    try:
        return _git(gitdir, "cat-file", "blob", blob, binary=True)
    except subprocess.CalledProcessError:
        return b""


# an input that is a part of the text: a .tex (or typeset Markdown) file or a name without
# extension, not one a build writes (\jobname's files)
_TEX_PART = re.compile(r"^(?!.*\\)(?:.*\.(?:tex|md)|[^.]*)$")
_DOCUMENT = re.compile(r"^[^%\n]*\\begin\s*\{document\}", re.M)


def _roots(gitdir: Path, blobs: dict, paths: list[str]) -> list[str]:
    """The ``.tex`` files of ``paths`` (one folder's) that hold a ``\\begin{document}``."""
    return [t for t in paths if t.endswith(".tex") and blobs[t][1] < 2_000_000
            and re.search(rb"\\begin\s*\{document\}", _blob(gitdir, blobs[t][0]))]


def survey(gitdir: Path, repo: str) -> list[dict]:
    """Manifest rows for the PDFs of HEAD compiled from a ``.tex`` of the same folder (same stem,
    or the folder's one file with ``\\documentclass``), or of a folder named as the PDF, whose
    gold checks out."""
    commit = _git(gitdir, "rev-parse", "HEAD").strip()
    blobs = {}
    for line in _git(gitdir, "ls-tree", "-r", "-l", "HEAD").splitlines():
        info, path = line.split("\t", 1)
        kind, blob, size = info.split()[1:4]
        if kind == "blob":
            blobs[path] = (blob, int(size) if size.isdigit() else 0)
    licence = repo_licence(gitdir)
    rows, seen = [], set()
    by_dir: dict[str, list[str]] = {}
    for p in blobs:
        by_dir.setdefault(p.rsplit("/", 1)[0] if "/" in p else "", []).append(p)
    for path in sorted(p for p in blobs if p.lower().endswith(".pdf")):
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        if blobs[path][0] in seen or re.search(r"(?i)(^|/)(fig|figs|figures|images|img|plots|graphics)(/|$)", folder):
            continue
        stem = path[:-4]
        cands = [stem + ".tex"] if stem + ".tex" in blobs else []
        if not cands:
            roots = _roots(gitdir, blobs, by_dir.get(folder, []))
            if len(roots) != 1 and stem in by_dir:
                # the source in a folder named as the PDF ("papers/ivanov.pdf" beside
                # "papers/ivanov/main.tex": a proceedings repository's papers, each in its folder)
                inner = [stem + "/" + stem.rsplit("/", 1)[-1] + ".tex"]
                inner = inner if inner[0] in blobs else _roots(gitdir, blobs, by_dir[stem])
                if len(inner) == 1:
                    folder, roots = stem, inner
            if len(roots) != 1:
                if folder.count("/") < 2:
                    print(f"skip {path}: {len(roots)} root .tex files beside it", file=sys.stderr)
                continue
            cands = roots
        main = cands[0]
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            try:
                _extract(gitdir, commit, folder, tmp)
                src = (tmp / main[len(folder):].lstrip("/"))
                if b"\\begin{document}" not in src.read_bytes():
                    continue
                if len(_DOCUMENT.findall(src.read_text(errors="replace"))) > 1:
                    # two documents in one file (an old draft kept below the new one): the PDF may
                    # be either, the gold is the first
                    print(f"skip {path}: two documents in {main}", file=sys.stderr)
                    continue
                gold = source_gold(src)
            except Exception as e:   # a source our LaTeX reader cannot take: no gold, no row
                print(f"skip {path}: {type(e).__name__} {str(e)[:60]}", file=sys.stderr)
                continue
            try:
                (tmp / "_pair.pdf").write_bytes(_git(gitdir, "cat-file", "blob", blobs[path][0], binary=True))
            except subprocess.CalledProcessError:   # a snapshot without its large files
                print(f"skip {path}: PDF not in the snapshot", file=sys.stderr)
                continue
            part = next((m for m in gold["missing_inputs"] if _TEX_PART.match(m)), None)
            if part:
                # a part of the text never committed ("sections/lessons-learned.tex") or not read
                # (Markdown the ``markdown`` package typesets): the PDF prints headings the gold
                # cannot have
                print(f"skip {path}: the source inputs {part}, which the repository lacks or the reader "
                      "does not merge", file=sys.stderr)
                continue
            ok, why = check_pair(tmp / "_pair.pdf", gold)
            if not ok:
                print(f"skip {path}: {why}", file=sys.stderr)
                continue
            fam = family_of(preamble_with_inputs(src), {p.rsplit("/", 1)[-1] for p in by_dir[folder]})
        seen.add(blobs[path][0])
        rid = row_id(fam, repo, path)
        if any(r["id"] == rid for r in rows):   # two PDFs whose paths differ only past the cut
            rid = f"{rid[:49]}-{sum(r['id'].startswith(rid[:49]) for r in rows) + 1}"
        rows.append({"id": rid, "family": fam, "class": fam, "split": None, "repo": repo,
                     "commit": commit, "pdf_path": path,
                     "tex_path": main, "pdf_blob": blobs[path][0], "tex_blob": blobs[main][0], "licence": licence,
                     "title": gold["title"], "n_headings": len(gold["headings"]), "has_abstract": bool(gold["abstract"])})
    return rows


def build(sources: list[str], out: Path, manifest: Path = MANIFEST) -> list[dict]:
    """Write OUT/ID.pdf and OUT/gold.jsonl for the manifest rows whose repository is among
    ``sources`` (git directories or URLs); returns the gold rows."""
    from latex_corpus import printed_gold

    out.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(x) for x in manifest.read_text().splitlines() if x.strip()]
    for k, r in enumerate(rows, 1):
        if not r.get("id") or not r.get("split"):
            sys.exit(f"{manifest}:{k}: the row of {r.get('pdf_path')} needs an id and a split")
    dirs = [git_dir(s, out / "_clones") for s in sources]
    gold = []
    for r in rows:
        d = next((d for d in dirs if subprocess.run(["git", f"--git-dir={d}", "cat-file", "-e", r["pdf_blob"]],
                                                    capture_output=True).returncode == 0), None)
        if d is None:
            continue
        pdf = _git(d, "cat-file", "blob", r["pdf_blob"], binary=True)
        name = f"{r['id']}.pdf"
        if not (out / name).exists() or (out / name).read_bytes() != pdf:   # unchanged files keep their mtime
            (out / name).write_bytes(pdf)
        folder = r["tex_path"].rsplit("/", 1)[0] if "/" in r["tex_path"] else ""
        with tempfile.TemporaryDirectory() as tmp:
            _extract(d, r["commit"], folder, Path(tmp))
            g = source_gold(Path(tmp) / r["tex_path"][len(folder):].lstrip("/"))
        text, pages = pdf_text(out / name)
        row = {"id": r["id"], "pdf": name, "split": r["split"], "family": r["family"], "source": r["repo"],
               "source_path": r["pdf_path"], "commit": r["commit"], "pages": pages, "licence": r["licence"],
               "gold_quality": "author LaTeX source", "title": g["title"], "abstract": g["abstract"],
               "headings": g["headings"], "heading_detail": g["heading_detail"]}
        gold.append(printed_gold(printed_headings(row, text), out / name))
    return write_gold(out, gold, len(rows))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("survey", help="manifest rows for a repository's compiled-source PDFs")
    s.add_argument("source")
    s.add_argument("--repo", default=None, help="owner/name to record (default: from the path)")
    s.add_argument("--work", type=Path, default=Path("/tmp/tex_pairs/_clones"))
    b = sub.add_parser("build", help="PDFs and gold.jsonl of the manifest's rows")
    b.add_argument("sources", nargs="+", help="git directories or URLs of the manifest's repositories")
    b.add_argument("--out", type=Path, default=Path("/tmp/tex_pairs"))
    b.add_argument("--manifest", type=Path, default=MANIFEST)
    a = ap.parse_args()
    if a.cmd == "survey":
        d = git_dir(a.source, a.work)
        repo = a.repo or re.sub(r"^.*?([^/+]+)\+([^/+]+)/repo.*$", r"\1/\2", str(d.resolve()))
        for r in survey(d, repo):
            print(json.dumps(r, ensure_ascii=False), flush=True)
    else:
        build(a.sources, a.out, a.manifest)


if __name__ == "__main__":
    main()
