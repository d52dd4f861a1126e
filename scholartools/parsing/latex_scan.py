"""One linear pass over a LaTeX body: display equations, inline math, verbatim, headings, floats.

The display environments are AAAR's and amsmath's (``equation``, ``align``, ``gather``,
``multline``, ``flalign``, ``alignat``, ``eqnarray``, ``displaymath``, starred forms, ``\\[ \\]``,
``$$ $$``) plus those the paper defines itself: an environment whose ``\\newenvironment`` /
``\\renewenvironment`` begin code opens a display (its declared arguments are not math and are
dropped), and argument-free shortcuts such as ``\\def\\be{\\begin{equation}}``. Displays nested
in a display (``aligned``, ``split``, ``cases``, a ``\\[`` inside ``$$``) are part of the
outermost one. A display that is not closed before a blank line, a sectioning command or a
mismatched ``\\end`` (TeX would stop there with an error) is skipped with a warning and the scan
goes on from that point, so one bad display never swallows the rest of the paper and the pass
stays linear. Macros are never expanded inside math: an equation keeps its user macros as
written.

:mod:`scholartools.parsing.latex_render` turns the scanned body into readable text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from scholartools.vocabulary import DISPLAY_ENVIRONMENTS

DISPLAY_ENVS = set(DISPLAY_ENVIRONMENTS)
#: declared arguments (optional, mandatory) of standard display environments: not math
ENV_ARGS = {"alignat": (0, 1), "xalignat": (0, 1), "xxalignat": (0, 1), "IEEEeqnarray": (1, 1),
            "empheq": (1, 1), "dmath": (1, 0), "dgroup": (1, 0)}
VERBATIM_ENVS = {"verbatim", "Verbatim", "BVerbatim", "LVerbatim", "lstlisting", "minted", "spverbatim",
                 "filecontents", "alltt", "comment", "CodeInput", "CodeOutput", "Code", "CodeChunk",
                 "Sinput", "Soutput", "Scode", "pythoncode", "verbatimtab", "listing"}
#: environments whose prose is not running text (a display inside one is still an equation)
FLOAT_ENVS = {"figure", "table", "algorithm", "algorithmic", "algorithm2e", "tabular", "tabularx", "tabulary",
              "longtable", "tikzpicture", "wrapfigure", "wraptable", "subfigure", "sidewaystable",
              "sidewaysfigure", "thebibliography", "picture", "pspicture", "tikzcd", "forest", "titlepage",
              "acks"}
#: ``\firstsection{…}``: the IEEE VGTC (VIS) class's first section, set without the space above it
SECTIONS = {"part": 0, "chapter": 0, "section": 1, "firstsection": 1, "subsection": 2, "subsubsection": 3,
            "paragraph": 4, "subparagraph": 5}
#: sections a class prints from a command of its own (Copernicus: ``\introduction``, ``\conclusions``
#: open the section; the availability and statement commands take its text as their argument)
CLASS_SECTIONS = {"introduction": "Introduction", "conclusions": "Conclusions",
                  "codeavailability": "Code availability", "dataavailability": "Data availability",
                  "codedataavailability": "Code and data availability",
                  "sampleavailability": "Sample availability", "videosupplement": "Video supplement",
                  "authorcontribution": "Author contributions", "competinginterests": "Competing interests",
                  "disclaimer": "Disclaimer"}
DEFINERS = {"newcommand", "renewcommand", "providecommand", "DeclareRobustCommand", "def", "gdef", "edef",
            "xdef", "let", "newenvironment", "renewenvironment", "DeclareMathOperator", "newtheorem",
            "lstnewenvironment", "DefineVerbatimEnvironment", "newcolumntype", "definecolor"}
#: a display longer than this is taken as unclosed (the longest real one is a few thousand characters)
MAX_DISPLAY_CHARS = 60_000
MAX_INLINE_CHARS = 4_000
#: a scan stops (with a warning) after this many displays or inline formulas: no real paper has
#: them, and a hostile file must not cost memory in proportion to its count of "$"
MAX_DISPLAYS = 2000
MAX_INLINE = 100_000
#: warnings of one kind listed at most (the rest are counted)
MAX_WARNINGS = 20
#: a brace group is looked for this far at most (a definition, a heading, an argument)
MAX_GROUP_CHARS = 100_000

_TOKEN = re.compile(
    r"\\(?P<be>begin|end)\s*\{(?P<env>[^{}\n]{1,80})\}"
    r"|\\(?P<word>[A-Za-z@]+)"
    r"|\\(?P<sym>.)"
    r"|(?P<dd>\$\$)|(?P<d>\$)"
    r"|(?P<par>\n[ \t]*\n)", re.S)
#: the same inside a display, where brace depth matters too
_DTOKEN = re.compile(_TOKEN.pattern + r"|(?P<brace>[{}])", re.S)
_BRACE = re.compile(r"\\.|[{}]", re.S)
#: the placeholder character for formulas and headings while prose is rendered
#: (:mod:`scholartools.parsing.latex_render`); never consumed as an argument
MARK = "\x00"


def braced(text: str, start: int, limit: int = MAX_GROUP_CHARS) -> int | None:
    """Index just after the group opening at ``text[start] == '{'``; None when it does not close
    within ``limit`` characters."""
    depth = 0
    for m in _BRACE.finditer(text, start, min(len(text), start + limit)):
        c = m.group()
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return m.end()
    return None


def _skip_ws(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos] in " \t\n":
        pos += 1
    return pos


def bracket_end(text: str, pos: int) -> int | None:
    """Index after an optional ``[...]`` at ``pos`` (brace-aware), None if there is none."""
    if pos >= len(text) or text[pos] != "[":
        return None
    depth = 0
    for i in range(pos + 1, min(len(text), pos + 2000)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "]" and depth <= 0:
            return i + 1
    return None


def skip_args(text: str, pos: int, n_opt: int, n_mand: int) -> int:
    """Index after ``n_opt`` optional ``[..]`` and ``n_mand`` mandatory arguments at ``pos``."""
    for _ in range(n_opt):
        p = _skip_ws(text, pos)
        end = bracket_end(text, p)
        if end is not None:
            pos = end
    for _ in range(n_mand):
        p = _skip_ws(text, pos)
        if p < len(text) and text[p] == "{":
            end = braced(text, p)
            if end is None:
                return pos
            pos = end
        elif p < len(text) and text[p] == "\\":
            m = re.compile(r"\\(?:[A-Za-z@]+|.)", re.S).match(text, p)
            pos = m.end() if m else p + 1
        elif p < len(text) and text[p] != MARK:
            pos = p + 1
    return pos


# ----------------------------------------------------------------------------------- definitions

@dataclass
class Definitions:
    """What the paper's own definitions change for the scanner and the renderer."""

    display_envs: dict[str, tuple[int, int]] = field(default_factory=dict)   # name -> (optional, mandatory) args
    verbatim_envs: set[str] = field(default_factory=set)
    #: argument-free macros standing for a display delimiter: name -> ("begin"|"end", env) / ("[",) / ("]",) / ("$$",)
    shortcuts: dict[str, tuple] = field(default_factory=dict)
    #: one-argument macros wrapping \\label: name -> the label with "#1" for the argument
    label_macros: dict[str, str] = field(default_factory=dict)
    #: argument-free text macros (for readable prose only; never applied inside math)
    text_macros: dict[str, str] = field(default_factory=dict)

    def is_display(self, env: str) -> bool:
        return env in self.display_envs or env.rstrip("*") in DISPLAY_ENVS

    def env_args(self, env: str) -> tuple[int, int]:
        if env in self.display_envs:
            return self.display_envs[env]
        return ENV_ARGS.get(env.rstrip("*"), (0, 0))


_NEWENV = re.compile(r"\\(?:re)?newenvironment\*?\s*\{\s*(?P<name>[^{}\s]{1,60})\s*\}")
_NEWCMD = re.compile(r"\\(?:re|provide)?(?:newcommand|DeclareRobustCommand|providecommand)\*?\s*"
                     r"(?:\{\s*\\(?P<n1>[A-Za-z@]+)\s*\}|\\(?P<n2>[A-Za-z@]+))")
_DEF = re.compile(r"\\[gex]?def\s*\\(?P<name>[A-Za-z@]+)(?P<params>[^{]{0,40}?)\{")
_LET = re.compile(r"\\let\s*\\(?P<name>[A-Za-z@]+)\s*=?\s*(?P<target>\\(?:[A-Za-z@]+|[^A-Za-z@]))")
_VERBDEF = re.compile(r"\\(?:lstnewenvironment|DefineVerbatimEnvironment|CustomVerbatimEnvironment|"
                      r"RecustomVerbatimEnvironment|newtcblisting|NewTCBListing)\s*\{\s*([^{}\s]{1,60})\s*\}")
_MINTED = re.compile(r"\\newminted\s*(?:\[(?P<name>[^\]]{1,60})\])?\s*\{(?P<lang>[^{}]{1,60})\}")


def _display_opening(code: str, known: set[str]) -> str | None:
    """The display a definition's code opens, if any (``\\begin{align}``, ``\\align``, ``\\[``, ``$$``)."""
    for m in re.finditer(r"\\begin\s*\{([^{}]{1,60})\}|\\([A-Za-z]+\*?)|\\\[|\$\$", code):
        env = m.group(1) or m.group(2)
        if env is None:
            return "\\[" if m.group() == "\\[" else "$$"
        if env.rstrip("*") in DISPLAY_ENVS or env in known:
            return env
    return None


def _meaning(body: str, defs: Definitions, shortcuts: dict, depth: int = 0):
    """What an argument-free macro body stands for as a display delimiter, or None."""
    b = body.strip()
    m = re.fullmatch(r"\\(begin|end)\s*\{([^{}]{1,60})\}", b)
    if m and defs.is_display(m.group(2)):
        return (m.group(1), m.group(2))
    if b in ("\\[", "\\]", "$$"):
        return (b[-1] if b != "$$" else "$$",)
    m = re.fullmatch(r"\\([A-Za-z]+)(\*?)", b)
    if m:
        name = m.group(1)
        if name.startswith("end") and defs.is_display(name[3:] + m.group(2)):
            return ("end", name[3:] + m.group(2))
        if defs.is_display(name + m.group(2)) and not m.group(2):
            return ("begin", name)
        if depth < 8 and name in shortcuts and shortcuts[name] is not None:
            return _meaning(shortcuts[name], defs, shortcuts, depth + 1)
    return None


def _label_macro(defs: Definitions, name: str, body: str) -> None:
    m = re.search(r"\\label\s*\{([^{}]*#1[^{}]*)\}", body)
    if m:
        defs.label_macros[name] = m.group(1).strip()


# a package's internals in a definition's body: it is code, not text to print (a local copy of
# natbib.sty defines \cite argument-free, "\begingroup\let\NAT@ctype\z@ … \@ifstar{…}", which
# printed "ifstar ifnextchar [ []" in every heading citing a paper); "et al.\@" is text
_PROGRAMMING = re.compile(r"\\[A-Za-z]*@[A-Za-z]|\\(?:futurelet|expandafter|csname|begingroup|afterassignment|"
                          r"noexpand|ifx|ifnum|ifdim)(?![A-Za-z])")


def find_definitions(texts: list[str]) -> Definitions:
    """The paper's own display environments, delimiter shortcuts, label macros and text macros."""
    defs = Definitions()
    envs: dict[str, tuple[int, int, str]] = {}
    raw_macros: dict[str, str] = {}
    for text in texts:
        for m in _NEWENV.finditer(text):
            name = m.group("name")
            pos = _skip_ws(text, m.end())
            n_args, has_default = 0, False
            end = bracket_end(text, pos)
            if end is not None:
                try:
                    n_args = int(text[pos + 1:end - 1].strip())
                except ValueError:
                    n_args = 0
                pos = _skip_ws(text, end)
                end = bracket_end(text, pos)
                if end is not None:
                    has_default, pos = True, _skip_ws(text, end)
            if pos < len(text) and text[pos] == "{":
                close = braced(text, pos, 20_000)
                if close is not None:
                    n_opt = 1 if has_default and n_args else 0
                    envs[name] = (n_opt, max(0, n_args - n_opt), text[pos + 1:close - 1])
        for m in _NEWCMD.finditer(text):
            name = m.group("n1") or m.group("n2")
            pos = _skip_ws(text, m.end())
            end = bracket_end(text, pos)
            n_args = 0
            if end is not None:
                try:
                    n_args = int(text[pos + 1:end - 1].strip())
                except ValueError:
                    pass
                pos = _skip_ws(text, end)
                end = bracket_end(text, pos)
                if end is not None:
                    pos = _skip_ws(text, end)
            if pos < len(text) and text[pos] == "{":
                close = braced(text, pos, 20_000)
                if close is not None:
                    body = text[pos + 1:close - 1]
                    if n_args == 0:
                        raw_macros[name] = body
                    elif n_args == 1:
                        _label_macro(defs, name, body)
        for m in _DEF.finditer(text):
            close = braced(text, m.end() - 1, 20_000)
            if close is None:
                continue
            body = text[m.end():close - 1]
            if not m.group("params").strip():
                raw_macros[m.group("name")] = body
            elif m.group("params").strip() == "#1":
                _label_macro(defs, m.group("name"), body)
        for m in _LET.finditer(text):
            raw_macros.setdefault(m.group("name"), m.group("target"))
        defs.verbatim_envs.update(_VERBDEF.findall(text))
        for m in _MINTED.finditer(text):
            defs.verbatim_envs.add(m.group("name") or (m.group("lang").strip() + "code"))
    # custom displays: a definition opening a display, or opening another custom display
    for _ in range(4):
        changed = False
        for name, (n_opt, n_mand, code) in envs.items():
            if name not in defs.display_envs and _display_opening(code, set(defs.display_envs)):
                defs.display_envs[name] = (n_opt, n_mand)
                changed = True
        if not changed:
            break
    for name, body in raw_macros.items():
        meaning = _meaning(body, defs, raw_macros)
        if meaning is not None:
            defs.shortcuts[name] = meaning
        elif "#" not in body and len(body) <= 400 and not _PROGRAMMING.search(body):
            defs.text_macros[name] = body
    return defs


# ----------------------------------------------------------------------------------------- scan

@dataclass
class Display:
    start: int          # the opener
    end: int            # after the closer
    body_start: int
    body_end: int
    env: str            # environment name, "\\[" or "$$"


@dataclass
class Scan:
    displays: list[Display] = field(default_factory=list)
    #: (start, end, kind, data) in order; kind: inline, display, heading, skip, raw, float_begin,
    #: float_end, abstract_begin, abstract_end, appendix
    events: list[tuple] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)


def _opener(tok: re.Match, defs: Definitions):
    """The display/inline meaning of a token in text mode, or None."""
    if tok.group("be"):
        env = tok.group("env").strip()
        return ("begin" if tok.group("be") == "begin" else "end", env)
    if tok.group("sym") is not None:
        s = tok.group("sym")
        return {"[": ("[",), "]": ("]",), "(": ("(",), ")": (")",)}.get(s)
    if tok.group("dd"):
        return ("$$",)
    if tok.group("d"):
        return ("$",)
    if tok.group("word") and tok.group("word") in defs.shortcuts:
        return defs.shortcuts[tok.group("word")]
    return None


def scan(text: str, defs: Definitions, where=None) -> Scan:
    """Display equations and the other events of ``text`` (a document body), in one pass.

    ``where(pos)`` names a position in warnings (``file:line``).
    """
    where = where or (lambda pos: f"offset {pos}")
    out = Scan()
    pos = 0
    n = len(text)
    closed_fail: set[str] = set()   # verbatim environments with no closing \end after some point
    group_failures = 0
    n_inline = 0
    while pos < n:
        if len(out.displays) >= MAX_DISPLAYS or n_inline >= MAX_INLINE:
            what = (f"{MAX_DISPLAYS} display equations" if len(out.displays) >= MAX_DISPLAYS
                    else f"{MAX_INLINE} inline formulas")
            out.warnings.append({"kind": "latex_too_many_equations",
                                 "message": f"{where(pos)}: more than {what}; the rest is not scanned for math"})
            break
        tok = _TOKEN.search(text, pos)
        if not tok:
            break
        pos = tok.end()
        word = tok.group("word")
        if word is not None and word not in defs.shortcuts:
            if word == "verb" or word == "lstinline":
                p = pos + (1 if text[pos:pos + 1] == "*" else 0)
                if word == "lstinline":
                    e = bracket_end(text, p)
                    p = e if e is not None else p
                if p < n and text[p] == "{":
                    close = braced(text, p, 2000)
                    close = close if close is not None else p + 1
                    out.events.append((tok.start(), close, "raw", (p + 1, close - 1)))
                    pos = close
                elif p < n and not text[p].isspace():
                    close = text.find(text[p], p + 1, min(n, p + 2000))
                    nl = text.find("\n", p + 1, close if close >= 0 else p + 1)
                    if close >= 0 and nl < 0:
                        out.events.append((tok.start(), close + 1, "raw", (p + 1, close)))
                        pos = close + 1
                continue
            if word in SECTIONS:
                p = pos + (1 if text[pos:pos + 1] == "*" else 0)
                if group_failures < 100:
                    close = _heading(text, tok.start(), p, word, out)
                    group_failures += close is None
                    pos = close or pos
                continue
            if word in CLASS_SECTIONS and word not in defs.text_macros:
                # the paper's own macro of that name is left to the renderer
                out.events.append((tok.start(), pos, "heading", ("section", CLASS_SECTIONS[word])))
                continue
            if word in DEFINERS and group_failures < 100:
                end = _skip_definition(text, tok.start(), pos, word)
                if end is None:
                    group_failures += 1
                else:
                    out.events.append((tok.start(), end, "skip", None))
                    pos = end
                continue
            if word == "appendix":
                out.events.append((tok.start(), pos, "appendix", None))
            continue
        if tok.group("par"):
            continue
        meaning = _opener(tok, defs)
        if meaning is None:
            continue
        kind = meaning[0]
        if kind == "begin":
            env = meaning[1]
            if defs.is_display(env):
                pos = _display(text, tok, meaning, defs, out, where)
            elif env in VERBATIM_ENVS or env.rstrip("*") in VERBATIM_ENVS or env in defs.verbatim_envs:
                if env in closed_fail:
                    continue
                close = text.find("\\end{" + env + "}", pos)
                if close < 0:
                    closed_fail.add(env)
                    out.warnings.append({"kind": "latex_unbalanced",
                                         "message": f"{where(tok.start())}: \\begin{{{env}}} is never closed"})
                    continue
                out.events.append((tok.start(), close + len(env) + 6, "skip", None))
                pos = close + len(env) + 6
            elif env.rstrip("*") in FLOAT_ENVS:
                out.events.append((tok.start(), pos, "float_begin", env))
            elif env.rstrip("*") in SECTIONS and group_failures < 100:
                # the environment form, "\begin{section}{Introduction} … \end{section}" (LaTeX runs
                # \section for it; the \end does nothing)
                close = _heading(text, tok.start(), pos, env.rstrip("*"), out)
                group_failures += close is None
                pos = close or pos
            elif env == "abstract":
                out.events.append((tok.start(), pos, "abstract_begin", None))
        elif kind == "end":
            env = meaning[1]
            if env.rstrip("*") in FLOAT_ENVS:
                out.events.append((tok.start(), pos, "float_end", env))
            elif env == "abstract":
                out.events.append((tok.start(), pos, "abstract_end", None))
            elif defs.is_display(env):
                out.warnings.append({"kind": "latex_unbalanced",
                                     "message": f"{where(tok.start())}: \\end{{{env}}} without its \\begin; ignored"})
        elif kind in ("[", "$$"):
            pos = _display(text, tok, meaning, defs, out, where)
        elif kind in ("$", "("):
            pos = _inline(text, tok, kind, out, where)
            n_inline += 1
    out.warnings = cap_warnings(out.warnings)
    return out


def _heading(text: str, start: int, p: int, command: str, out: Scan) -> int | None | bool:
    """Read a sectioning command's title from ``p`` (after the command and its star: an optional
    ``[short title]``, then ``{title}``) into a heading event of ``out`` starting at ``start``: the
    end of the title's group, ``None`` when the group never closes, ``False`` when there is none."""
    p = _skip_ws(text, p)
    e = bracket_end(text, p)
    if e is not None:
        p = _skip_ws(text, e)
    if p >= len(text) or text[p] != "{":
        return False
    close = braced(text, p, 5000)
    if close is not None:
        out.events.append((start, close, "heading", (command, text[p + 1:close - 1])))
    return close


def cap_warnings(warnings: list[dict], most: int = MAX_WARNINGS) -> list[dict]:
    """At most ``most`` warnings of each kind, then one that counts the rest."""
    seen: dict[str, int] = {}
    out = []
    for w in warnings:
        k = w.get("kind", "")
        seen[k] = seen.get(k, 0) + 1
        if seen[k] <= most:
            out.append(w)
    for k, c in seen.items():
        if c > most:
            out.append({"kind": k, "message": f"{c - most} more warnings of this kind", "more": c - most})
    return out


def _skip_definition(text: str, start: int, pos: int, word: str) -> int | None:
    """End of a definition command starting at ``start`` (its name, arguments and bodies)."""
    if word == "let":
        m = _LET.match(text, start)
        return m.end() if m else pos
    if word in ("def", "gdef", "edef", "xdef"):
        m = _DEF.match(text, start)
        return braced(text, m.end() - 1) if m else pos
    n_bodies = {"newenvironment": 2, "renewenvironment": 2, "lstnewenvironment": 2, "newtheorem": 1,
                "DefineVerbatimEnvironment": 2, "newcolumntype": 1, "definecolor": 2}.get(word, 1)
    p = pos + (1 if text[pos:pos + 1] == "*" else 0)
    p = _skip_ws(text, p)
    if word in ("newtheorem", "DeclareMathOperator", "newcommand", "renewcommand", "providecommand",
                "DeclareRobustCommand", "newenvironment", "renewenvironment", "lstnewenvironment",
                "DefineVerbatimEnvironment", "newcolumntype", "definecolor"):
        # the name: {\x}, \x or {name}
        if p < len(text) and text[p] == "{":
            close = braced(text, p, 200)
            if close is None:
                return None
            p = close
        else:
            m = re.compile(r"\\[A-Za-z@]+|\S").match(text, p)
            p = m.end() if m else p
    for _ in range(3):
        q = _skip_ws(text, p)
        e = bracket_end(text, q)
        if e is None:
            break
        p = e
    for _ in range(n_bodies):
        q = _skip_ws(text, p)
        if q >= len(text) or text[q] != "{":
            break
        close = braced(text, q)
        if close is None:
            return None
        p = close
        e = bracket_end(text, _skip_ws(text, p)) if word == "newtheorem" else None
        if e is not None:
            p = e
    return p


def _display(text: str, tok: re.Match, meaning: tuple, defs: Definitions, out: Scan, where) -> int:
    """Find the closer of the display opened by ``tok``; record it and return where to go on."""
    start = tok.start()
    body_start = tok.end()
    if meaning[0] == "begin":
        env = meaning[1]
        n_opt, n_mand = defs.env_args(env)
        if n_opt or n_mand:
            body_start = skip_args(text, body_start, n_opt, n_mand)
    else:
        env = "\\[" if meaning[0] == "[" else "$$"
    inner: list[tuple] = []
    depth = 0
    pos = body_start
    limit = min(len(text), start + MAX_DISPLAY_CHARS)
    problem = None
    while True:
        t = _DTOKEN.search(text, pos, limit)
        if not t:
            problem = ("is never closed" if limit == len(text) else
                       f"is not closed within {MAX_DISPLAY_CHARS} characters")
            fail_at = limit
            break
        pos = t.end()
        if t.group("brace"):
            depth += 1 if t.group("brace") == "{" else -1
            continue
        if t.group("par"):
            # TeX stops a display at a paragraph break, except inside a group or a nested
            # environment (an array in a \boxed{…}), where real papers do have blank lines
            if depth <= 0 and not inner:
                problem, fail_at = "is not closed before a blank line", t.start()
                break
            continue
        w = t.group("word")
        if w in SECTIONS:
            problem, fail_at = f"is not closed before \\{w}", t.start()
            break
        if w in ("verb", "lstinline"):
            p = pos + (1 if text[pos:pos + 1] == "*" else 0)
            if p < len(text) and not text[p].isspace() and text[p] != "{":
                close = text.find(text[p], p + 1, min(len(text), p + 500))
                pos = close + 1 if close >= 0 else pos
            continue
        m = _opener(t, defs)
        if m is None or m[0] in ("$", "(", ")"):
            continue
        if m[0] == "begin":
            inner.append(("env", m[1]))
            continue
        if m[0] == "end":
            if inner and inner[-1] == ("env", m[1]):
                inner.pop()
                continue
            if not inner and meaning[0] == "begin" and m[1] == meaning[1]:
                return _record(text, out, start, t.end(), body_start, t.start(), env)
            problem, fail_at = f"meets \\end{{{m[1]}}} before its own end", t.start()
            break
        if m[0] == "[":
            inner.append(("[",))
            continue
        if m[0] == "]":
            if inner and inner[-1] == ("[",):
                inner.pop()
                continue
            if not inner and meaning[0] == "[":
                return _record(text, out, start, t.end(), body_start, t.start(), env)
            problem, fail_at = "meets \\] before its own end", t.start()
            break
        if m[0] == "$$":
            if not inner and meaning[0] == "$$":
                return _record(text, out, start, t.end(), body_start, t.start(), env)
            if inner and inner[-1] == ("$$",):
                inner.pop()
            else:
                inner.append(("$$",))
    label = "\\[" if env == "\\[" else "$$" if env == "$$" else f"\\begin{{{env}}}"
    out.warnings.append({"kind": "latex_unbalanced", "message": f"{where(start)}: {label} {problem}; "
                                                                "the display is skipped"})
    return fail_at


def _record(text, out: Scan, start, end, body_start, body_end, env) -> int:
    out.displays.append(Display(start, end, body_start, body_end, env))
    out.events.append((start, end, "display", len(out.displays) - 1))
    return end


def _inline(text: str, tok: re.Match, kind: str, out: Scan, where) -> int:
    closer = "$" if kind == "$" else "\\)"
    pos = tok.end()
    limit = min(len(text), pos + MAX_INLINE_CHARS)
    while True:
        t = _TOKEN.search(text, pos, limit)
        if not t or t.group("par"):
            fail = t.start() if t else limit
            out.warnings.append({"kind": "latex_unbalanced",
                                 "message": f"{where(tok.start())}: inline math {tok.group()} is not closed; read as text"})
            return fail
        pos = t.end()
        if closer == "$" and (t.group("d") or t.group("dd")):
            end = t.start() + 1
            out.events.append((tok.start(), end, "inline", None))
            return end
        if closer == "\\)" and t.group("sym") == ")":
            out.events.append((tok.start(), t.end(), "inline", None))
            return t.end()
