"""LaTeX source → paper record: title, authors, abstract, sections, display equations with context.

The source is read as TeX reads it (:mod:`scholartools.parsing.latex_source`: comments,
``\\iffalse``/``\\if 0`` blocks and ``comment`` environments removed, ``\\input``/``\\include``
merged from inside the main file's folder only) and scanned once
(:mod:`scholartools.parsing.latex_scan`, rendered as text by
:mod:`scholartools.parsing.latex_render`). Every display equation (``equation``, ``align``,
``gather``, ``multline``, ``flalign``, ``alignat``, ``eqnarray``, ``displaymath``, starred
forms, ``\\[ \\]``, ``$$ $$``, and display environments the paper defines itself) becomes one
entry of ``equations``::

    {latex, env, label, context_before, context_after, section, file, line}

``latex`` is the body without its environment and ``\\label`` (user macros kept as written);
``context_before`` / ``context_after`` hold up to :data:`CONTEXT_WORDS` whitespace words of the
paper's text on each side (the input of ``st-eqsynth``, which trims them to ``--context-words``),
with every inline and display formula kept as LaTeX; ``file`` and ``line`` say where the display
opens. Problems (an input outside the folder, a missing input, an unclosed display) are listed in
the record's ``warnings``.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from scholartools.parsing.latex_render import render, render_inline
from scholartools.parsing.latex_scan import SECTIONS, braced, cap_warnings, find_definitions, scan
from scholartools.parsing.latex_source import read_source

#: words of context kept on each side of an equation (AAAR: 1,000 in the main table, up to 1,500)
CONTEXT_WORDS = 1500
#: characters of context at most on each side (formula-heavy text has long "words")
CONTEXT_CHARS = 30_000
#: equations listed per paper at most (the rest are counted in a warning)
MAX_EQUATIONS = 1000

LEVEL = SECTIONS
_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")


def latex_to_text(s: str) -> str:
    """Readable text of a LaTeX fragment (commands dropped, text arguments and ``$…$`` math kept)."""
    return render_inline(s)


def _command_arg(text: str, names: str) -> str | None:
    """The braced argument of the first of the commands ``names`` (alternatives), or None."""
    args = _command_args(text, names, 1)
    return args[0] if args else None


#: the commands classes take a title with: \title and the names of classes that have their own
#: (ICML's \icmltitle, MLSys's \mlsystitle, INFORMS's \TITLE, French classes' \titre, Japanese
#: classes' \jtitle for the Japanese title they print first, Aalto theses' \thesistitle, GERAD's
#: \GDtitre / \GDtitle, J. Systems Science & Complexity's \biaoti, the title its first argument)
TITLE_COMMANDS = "title|icmltitle|mlsystitle|Title|TITLE|titre|jtitle|thesistitle|GDtitre|GDtitle|biaoti"

# Chinese, Japanese or Korean script (a \jtitle without it is no Japanese title: the Brazilian
# SBC journals' class takes the journal's name with it, before the paper's \title)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _title_arg(text: str) -> str | None:
    """The argument of the first command of :data:`TITLE_COMMANDS` that sets the paper's title:
    a ``\\jtitle`` in Latin script is passed over for a command after it (kept when none follows)."""
    at, latin = 0, None
    pattern = re.compile(r"\\(" + TITLE_COMMANDS + r")\*?\s*(?:\[[^\]]*\])?\s*\{")
    while True:
        m = pattern.search(text, at)
        if not m:
            return latin
        arg = _command_arg(text[m.start():], TITLE_COMMANDS)
        if m.group(1) != "jtitle" or arg is None or _CJK.search(arg):
            return arg
        latin = latin if latin is not None else arg
        at = m.end()


# a class's subtitle (acmart's, KOMA-Script's, beamer's \subtitle{…}), not its definition
# ("\newcommand{\subtitle}…", "\renewcommand\subtitle[1]{…}", "\def\subtitle#1{…}")
_SUBTITLE = re.compile(r"(?<![\w{])\\subtitle\s*(?:\[[^\]]*\])?\s*\{")


def _subtitle_arg(text: str) -> str | None:
    """The braced argument of the source's ``\\subtitle``, or None."""
    m = _SUBTITLE.search(text)
    end = braced(text, m.end() - 1) if m else None
    return text[m.end():end - 1] if end else None


# a title set by hand where a template has no \title: a large bold group before the first
# section ("{\Large \textbf\newline{Real-time resolution of …}}", PLOS's template)
_SET_TITLE = re.compile(r"\{\\(?:LARGE|Large|huge|Huge)\s*\\textbf\s*(?:\\newline\s*)?\{")


def _set_title(body: str) -> str | None:
    """The text of a title the source sets by hand (:data:`_SET_TITLE`) before its first section."""
    first = re.search(r"\\section\*?\s*\{", body)
    m = _SET_TITLE.search(body, 0, first.start() if first else len(body))
    if not m:
        return None
    end = braced(body, m.end() - 1)
    return body[m.end():end - 1] if end else None


#: the parts of an A&A structured abstract, as its class prints their labels
_AA_PARTS = ("Context", "Aims", "Methods", "Results", "Conclusions")


def _command_args(text: str, names: str, most: int = len(_AA_PARTS)) -> list[str]:
    """The braced argument of a command (or of its starred form: svmult's ``\\title*``, Springer
    Nature's ``\\author*``) and up to ``most`` - 1 that follow it with only space or comments
    between (A&A's ``\\abstract`` takes five); ``[]`` when the command is not there."""
    m = re.search(r"\\(?:" + names + r")\*?\s*(?:\[[^\]]*\])?\s*\{", text)
    at = braced(text, m.end() - 1) if m else None
    if not at:
        return []
    out = [text[m.end():at - 1]]
    while len(out) < most:
        nxt = re.match(r"(?:\s|%[^\n]*\n)*\{", text[at:])
        if not nxt:
            break
        end = braced(text, at + nxt.end() - 1)
        if not end:
            break
        out.append(text[at + nxt.end():end - 1])
        at = end
    return out


# notes a title or an author list carries, which the page prints as a footnote: "\thanks{Submitted
# to the editors …}" (SIAM's and many classes' titles), "\footnote{…}", elsarticle's "\tnoteref{t1}" and
# "\corref{cor1}", imsart's and VTeX's classes' "\thanksref{T1}" (a note's key, printed as its mark)
_NOTE_COMMAND = re.compile(r"\\(?:thanks|footnote|tnoteref|fnref|thanksref|corref|thanksmark|tnotemark)\s*(?=\{)")


def without_notes(raw: str) -> str:
    """``raw`` without its notes (:data:`_NOTE_COMMAND`), each removed with its braced argument."""
    while (m := _NOTE_COMMAND.search(raw)) is not None:
        end = braced(raw, m.end())
        if end is None:
            break
        raw = raw[:m.start()] + raw[end:]
    return raw


def _authors(raw: str) -> list[dict]:
    # notes removed with their braces; names sit before the first line break of each block
    raw = without_notes(raw)
    authors = []
    for block in re.split(r"\\And|\\AND|\\and(?![a-z])", raw):
        line = re.split(r"\\\\", block)[0]
        for piece in re.split(r",|\\&|\band\b", line):
            name = latex_to_text(piece)
            if name and 1 <= len(name.split()) <= 5 and not re.search(r"@|universit|institut|department", name, re.I):
                authors.append({"name": name})
    return authors


def context_before(text: str, pos: int, n: int) -> str:
    """The last ``n`` whitespace words of ``text[:pos]`` (at most :data:`CONTEXT_CHARS` characters)."""
    lo = max(0, pos - CONTEXT_CHARS)
    window = text[lo:pos]
    starts = [m.start() for m in re.finditer(r"\S+", window)]
    if lo > 0 and starts and starts[0] == 0 and not text[lo - 1].isspace():
        starts = starts[1:]   # a word cut by the window
    if not starts:
        return ""
    return window[starts[max(0, len(starts) - n)]:].strip()


def context_after(text: str, pos: int, n: int) -> str:
    """The first ``n`` whitespace words of ``text[pos:]`` (at most :data:`CONTEXT_CHARS` characters)."""
    hi = min(len(text), pos + CONTEXT_CHARS)
    window = text[pos:hi]
    ends = [m.end() for m in re.finditer(r"\S+", window)]
    if hi < len(text) and ends and ends[-1] == len(window) and not text[hi].isspace():
        ends = ends[:-1]
    if not ends:
        return ""
    return window[:ends[min(len(ends), n) - 1]].strip()


def parse_latex(path: str, context_words: int = CONTEXT_WORDS) -> dict:
    """The paper record of the LaTeX document whose main file is ``path``."""
    src = read_source(path)
    merged = src.text.text
    defs = find_definitions([merged] + src.packages)
    m = re.search(r"\\begin\s*\{document\}", merged)
    body_at = m.end() if m else 0
    preamble = merged[:m.start()] if m else ""
    e = merged.find("\\end{document}", body_at)
    body = merged[body_at:e if e >= 0 else len(merged)]

    def where(pos: int) -> str:
        f, line = src.locate(body_at + pos)
        return f"{f}:{line}" if f else f"offset {pos}"

    sc = scan(body, defs, where)
    rd = render(body, sc, defs.text_macros, list(defs.label_macros))
    warnings = cap_warnings(list(src.warnings)) + sc.warnings

    title_raw = _title_arg(preamble + body) or _set_title(body)
    title = render_inline(without_notes(title_raw), defs.text_macros) or None if title_raw else None
    sub_raw = _subtitle_arg(preamble + body)
    subtitle = render_inline(without_notes(sub_raw), defs.text_macros) or None if sub_raw else None
    author_raw = _command_arg(preamble + body, "author")
    authors = _authors(author_raw) if author_raw else []
    abstract = None
    if rd.abstract:
        abstract = rd.text[rd.abstract[0]:rd.abstract[1]].strip() or None
    else:
        parts = _command_args(preamble + body, "abstract|Abstract")
        # A&A's \abstract{context}{aims}{methods}{results}{conclusions}; else its one argument
        raw = " ".join(f"{label}. {part}" for label, part in zip(_AA_PARTS, parts)) \
            if len(parts) == len(_AA_PARTS) else parts[0] if parts else None
        abstract = render_inline(raw, defs.text_macros) or None if raw else None
    if abstract is None:
        # PNAS's template sets its abstract environment in the preamble, before \begin{document}
        m = re.search(r"\\begin\s*\{abstract\}(.*?)\\end\s*\{abstract\}", preamble, re.S)
        if m:
            abstract = render_inline(m.group(1), defs.text_macros) or None

    references = []
    for item in re.findall(r"\\bibitem(?:\[[^\]]*\])?\{[^}]*\}(.*?)(?=\\bibitem|\\end\{thebibliography\}|$)", body, re.S):
        raw = latex_to_text(item)
        if raw:
            from scholartools.parsing.references import parse_reference
            references.append(parse_reference(raw))

    sections = _sections(rd)
    if abstract is None:
        abstract = _abstract_section(sections)
    heads = [h[0] for h in rd.headings]
    equations = []
    for i, d in enumerate(sc.displays):
        if len(equations) >= MAX_EQUATIONS:
            warnings.append({"kind": "latex_too_many_equations",
                             "message": f"{len(sc.displays)} display equations; the first {MAX_EQUATIONS} are listed"})
            break
        raw = body[d.body_start:d.body_end]
        labels = _LABEL.findall(raw)
        for name, template in defs.label_macros.items():
            call = re.compile(r"\\" + re.escape(name) + r"(?![A-Za-z@])\s*\{([^{}]*)\}")
            labels += [template.replace("#1", v.strip()) for v in call.findall(raw)]
            raw = call.sub("", raw)
        latex = _LABEL.sub("", raw).strip()
        if latex.startswith("{}"):   # an empty group left by an argument the paper's own macros take
            latex = latex[2:].strip()
        f, line = src.locate(body_at + d.start)
        if not latex:
            warnings.append({"kind": "latex_empty_equation", "file": f, "line": line,
                             "message": f"{f}:{line}: an empty {d.env} display; skipped"})
            continue
        a, b = rd.displays[i]
        k = bisect_right(heads, a) - 1
        equations.append({"latex": latex, "env": d.env, "label": labels[0].strip() if labels else None,
                          "context_before": context_before(rd.text, a, context_words),
                          "context_after": context_after(rd.text, b, context_words),
                          "section": rd.headings[k][3] if k >= 0 else None, "file": f, "line": line})
    from scholartools.text.sections import section_type
    for s in sections:
        s["number"] = None
        if s.get("type") == "appendix":
            kind = section_type(s["heading"] or "")
            s["type"] = kind if kind in ("limitations", "ethics", "acknowledgments", "references") else "appendix"
    return {"title": title, "subtitle": subtitle, "authors": authors, "abstract": abstract, "sections": sections,
            "equations": equations, "references": references, "source": {"pages": None},
            "warnings": warnings}


def _abstract_section(sections: list[dict]) -> str | None:
    """The text of a first section headed "Abstract" (PLOS's template sets its abstract as
    ``\\section*{Abstract}``, with no abstract environment), taken out of ``sections``; only text
    without a heading may come before it."""
    first = 1 if sections and sections[0]["heading"] is None else 0
    if len(sections) > first and sections[first]["paragraphs"] \
            and re.fullmatch(r"\s*abstract[.:]?\s*", sections[first]["heading"], re.I):
        return "\n\n".join(sections.pop(first)["paragraphs"])
    return None


def _paragraphs(text: str, start: int, end: int, cuts: list[tuple[int, int]]) -> list[str]:
    """Paragraphs of ``text[start:end]``, split at blank lines and at the ``cuts`` (displays)."""
    out, last = [], start
    for a, b in cuts:
        if b <= start or a >= end:
            continue
        out.append(text[last:max(last, a)])
        last = max(last, b)
    out.append(text[last:end])
    paras = []
    for chunk in out:
        paras += [p.strip() for p in chunk.split("\n\n") if p.strip()]
    return paras


def _sections(rd) -> list[dict]:
    text = rd.text
    cuts = sorted(rd.displays + ([rd.abstract] if rd.abstract else []))
    bounds = [(h[1], h[2], h[3], h[4]) for h in rd.headings]   # (content start, command, title, appendix)
    starts = [h[0] for h in rd.headings] + [len(text)]
    sections = []
    if not bounds or text[:starts[0]].strip():
        paras = _paragraphs(text, 0, starts[0], cuts)
        if paras:
            sections.append({"heading": None, "level": 1, "paragraphs": paras})
    for k, (content_at, cmd, title, appendix) in enumerate(bounds):
        level = LEVEL[cmd]
        paras = _paragraphs(text, content_at, starts[k + 1], cuts)
        if rd.abstract and rd.abstract[0] <= starts[k] < rd.abstract[1]:
            # a heading inside the abstract is its label ("\section{Motivation:}" in Bioinformatics'
            # structured abstract): the abstract holds it; text after the abstract stays untitled
            if paras and sections:
                sections[-1]["paragraphs"] += paras
            elif paras:
                sections.append({"heading": None, "level": 1, "paragraphs": paras})
            continue
        sec = {"heading": title, "level": level, "paragraphs": paras}
        if appendix and level == 1 and not title.lower().startswith("appendix"):
            sec["type"] = "appendix"
        sections.append(sec)
    return [s for s in sections if s["heading"] or s["paragraphs"]]
