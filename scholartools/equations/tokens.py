"""LaTeX math as a flat list of tokens with their source spans, from pylatexenc's parse tree.

Each :class:`Tok` says what it is (a letter, a number, an operator, a macro, a brace of a group or
of a macro argument, a sub/superscript mark, an environment delimiter, an alignment ``&``), where
it sits in the source (``start``/``end``, so that an edit is a splice of the original string and
keeps the author's formatting), its brace depth, and whether it lies in a text argument
(``\\text{…}``, ``\\label{…}``, an array column spec …) that is not mathematics.

pylatexenc tokenises; this module only flattens its tree and splits its character runs into
one token per letter, number and operator (``x_i^2+1`` is ``x _ i ^ 2 + 1``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

#: macros whose arguments are text or bookkeeping, not mathematics
TEXTUAL = {"text", "textrm", "textit", "textbf", "textsf", "texttt", "textnormal", "textup", "emph", "mbox",
           "hbox", "fbox", "operatorname", "mathrm", "label", "ref", "eqref", "cite", "tag", "intertext",
           "shortintertext", "hspace", "vspace", "setlength", "color", "textcolor", "\\", "href", "url",
           "phantom", "hphantom", "vphantom", "mathop", "DeclareMathOperator", "textsc", "texttt"}
#: argument specs pylatexenc does not know (amsmath and common packages)
EXTRA_MACROS = {"dfrac": "{{", "tfrac": "{{", "cfrac": "[{{", "binom": "{{", "dbinom": "{{", "tbinom": "{{",
                "overset": "{{", "underset": "{{", "stackrel": "{{", "operatorname": "*{", "boldsymbol": "{",
                "bm": "{", "tag": "*{", "intertext": "{", "shortintertext": "{", "boxed": "{", "mathscr": "{",
                "mathfrak": "{", "mathds": "{", "pmb": "{", "textnormal": "{", "phantom": "{", "vphantom": "{",
                "hphantom": "{", "xleftarrow": "[{", "overrightarrow": "{", "overleftarrow": "{",
                "widecheck": "{", "check": "{", "breve": "{", "acute": "{", "grave": "{", "ddot": "{",
                "dddot": "{", "mathring": "{", "underline": "{", "textup": "{", "smash": "[{", "cancel": "{",
                "sqrt": "[{", "displaybreak": "[", "allowdisplaybreaks": "[", "notag": "", "nonumber": ""}
EXTRA_ENVS = {"alignat": "{", "alignat*": "{", "alignedat": "{", "array": "[{", "subarray": "{",
              "tabular": "[{", "IEEEeqnarray": "[{"}


@dataclass
class Tok:
    kind: str        # letter number op macro open close script special begin end
    text: str        # as written (macros with their backslash; no following space)
    start: int
    end: int
    depth: int       # brace depth (argument and group braces both count)
    textual: bool = False
    #: for open/close: True when the braces delimit a macro or environment argument
    arg: bool = False
    #: for open/close: "{" or "[" (optional argument brackets)
    delim: str = ""
    #: for macros: True when pylatexenc parsed arguments for it (a known macro taking some)
    has_args: bool = False
    #: for macros: True when the name is in pylatexenc's (or our) database
    known: bool = True


@lru_cache(maxsize=1)
def context_db():
    """pylatexenc's default database plus the amsmath macros and environments it lacks."""
    from pylatexenc.latexwalker import get_default_latex_context_db
    from pylatexenc.macrospec import EnvironmentSpec, MacroSpec

    db = get_default_latex_context_db().filter_context()
    db.add_context_category("scholartools-math", prepend=True,
                            macros=[MacroSpec(n, a) for n, a in EXTRA_MACROS.items()],
                            environments=[EnvironmentSpec(n, a) for n, a in EXTRA_ENVS.items()])
    return db


@lru_cache(maxsize=4096)
def known_macro(name: str) -> bool:
    """True for a macro pylatexenc knows (with its arguments, or as a symbol it can print)."""
    from pylatexenc.latex2text import get_default_latex_context_db as symbols

    return context_db().get_macro_spec(name) is not None or symbols().get_macro_spec(name) is not None


def parse(latex: str, tolerant: bool = True):
    """pylatexenc's node list of ``latex`` (math mode); raises ``LatexWalkerParseError`` when
    ``tolerant`` is False and the source is not well formed (unbalanced braces or environments)."""
    from pylatexenc.latexwalker import LatexWalker

    walker = LatexWalker(latex, latex_context=context_db(), tolerant_parsing=tolerant)
    nodes, _, _ = walker.get_latex_nodes(parsing_state=walker.make_parsing_state(in_math_mode=True))
    return nodes


def tokenize(latex: str, tolerant: bool = True) -> list[Tok]:
    """The flat token list of ``latex`` (see the module docstring); with ``tolerant`` False,
    ``LatexWalkerParseError`` when it is not well formed. Results are cached (the same
    candidate is checked, compared and split into sides)."""
    if not tolerant:
        return list(_strict(latex))
    strict = _strict_cached(latex)
    if strict is not None:   # a well-formed source parses the same either way
        return list(strict)
    return list(_tolerant(latex))


#: strict parses that succeeded (lru_cache cannot be peeked without parsing)
_STRICT_OK: dict[str, tuple] = {}


def _strict_cached(latex: str):
    """The strict parse if one was made before and succeeded, else None (no new parse)."""
    return _STRICT_OK.get(latex)


@lru_cache(maxsize=16384)
def _strict(latex: str) -> tuple:
    out: list[Tok] = []
    _walk(parse(latex, tolerant=False), latex, 0, False, out)
    res = tuple(out)
    if len(_STRICT_OK) > 16384:
        _STRICT_OK.clear()
    _STRICT_OK[latex] = res
    return res


@lru_cache(maxsize=16384)
def _tolerant(latex: str) -> tuple:
    out: list[Tok] = []
    _walk(parse(latex, tolerant=True), latex, 0, False, out)
    return tuple(out)


def _chars(s: str, pos: int, depth: int, textual: bool, out: list[Tok]) -> None:
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c.isspace():
            i += 1
            continue
        if c.isdigit():
            j = i + 1
            while j < n and (s[j].isdigit() or (s[j] == "." and j + 1 < n and s[j + 1].isdigit())):
                j += 1
            out.append(Tok("number", s[i:j], pos + i, pos + j, depth, textual))
            i = j
            continue
        kind = "letter" if c.isalpha() else "script" if c in "_^" else "op"
        out.append(Tok(kind, c, pos + i, pos + i + 1, depth, textual))
        i += 1


def _walk(nodes, src: str, depth: int, textual: bool, out: list[Tok]) -> None:
    from pylatexenc import latexwalker as lw

    for node in nodes or []:
        if node is None:
            continue
        if isinstance(node, lw.LatexCharsNode):
            _chars(node.chars, node.pos, depth, textual, out)
        elif isinstance(node, lw.LatexCommentNode):
            continue
        elif isinstance(node, lw.LatexMacroNode):
            name = node.macroname
            end = node.pos + 1 + len(name)
            args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
            out.append(Tok("macro", "\\" + name, node.pos, end, depth, textual, has_args=bool(args),
                           known=known_macro(name)))
            sub_textual = textual or name in TEXTUAL
            for a in args:
                _arg(a, src, depth, sub_textual, out)
        elif isinstance(node, lw.LatexGroupNode):
            _group(node, src, depth, textual, out, arg=False)
        elif isinstance(node, lw.LatexEnvironmentNode):
            body = node.nodelist or []
            head_end = node.pos + len("\\begin{" + node.environmentname + "}")
            out.append(Tok("begin", "\\begin{" + node.environmentname + "}", node.pos, head_end, depth, textual))
            for a in (node.nodeargd.argnlist if node.nodeargd else []) or []:
                if a is not None:
                    _arg(a, src, depth, True, out)   # column specs and the like: not mathematics
            _walk(body, src, depth, textual, out)
            tail = "\\end{" + node.environmentname + "}"
            stop = node.pos + node.len
            out.append(Tok("end", tail, stop - len(tail), stop, depth, textual))
        elif isinstance(node, lw.LatexMathNode):
            left, right = node.delimiters
            out.append(Tok("special", left, node.pos, node.pos + len(left), depth, textual))
            _walk(node.nodelist, src, depth, False, out)
            out.append(Tok("special", right, node.pos + node.len - len(right), node.pos + node.len, depth, textual))
        elif isinstance(node, lw.LatexSpecialsNode):
            out.append(Tok("special", node.specials_chars, node.pos, node.pos + node.len, depth, textual))


def _arg(node, src: str, depth: int, textual: bool, out: list[Tok]) -> None:
    from pylatexenc import latexwalker as lw

    if isinstance(node, lw.LatexGroupNode):
        _group(node, src, depth, textual, out, arg=True)
    else:   # a one-token argument without braces (\frac ab): zero-width braces mark it
        out.append(Tok("open", "", node.pos, node.pos, depth, textual, arg=True, delim="{"))
        _walk([node], src, depth + 1, textual, out)
        stop = node.pos + node.len
        out.append(Tok("close", "", stop, stop, depth, textual, arg=True, delim="{"))


def _group(node, src: str, depth: int, textual: bool, out: list[Tok], arg: bool) -> None:
    left, right = node.delimiters if node.delimiters else ("{", "}")
    out.append(Tok("open", left, node.pos, node.pos + len(left), depth, textual, arg=arg, delim=left))
    _walk(node.nodelist, src, depth + 1, textual, out)
    stop = node.pos + node.len
    out.append(Tok("close", right, stop - len(right), stop, depth, textual, arg=arg, delim=left))
