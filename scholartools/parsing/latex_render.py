"""A scanned LaTeX body as readable text in which every inline and display formula stays LaTeX
exactly as written, with where each display and heading sits in it (the context windows of
``st-eqsynth``, the sections of ``st-parse``).

Formulas, headings and abstract boundaries are replaced by placeholders while the prose is
rendered (citations to ``[key]``, ``\\eqref{x}`` to ``(x)``, accents to letters, formatting
commands dropped with their non-text arguments, argument-free user macros expanded a bounded
number of times), then put back verbatim.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from scholartools.parsing.latex_scan import MARK, Scan, bracket_end, skip_args

_MARK = MARK
_MARK_RE = re.compile(MARK + "([0-9]+)" + MARK)

_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "ldots": "…", "dots": "…", "textendash": "–",
            "textemdash": "—", "LaTeX": "LaTeX", "TeX": "TeX", "S": "§", "P": "¶", "copyright": "©",
            "textasciitilde": "~", "textbackslash": "\\", "textbar": "|", "textless": "<", "textgreater": ">",
            "textdegree": "°", "textmu": "µ", "textpm": "±", "texttimes": "×",
            # units the astronomy classes define (aastex, mnras): "The 1\,\micron\ Feature"
            "micron": "µm", "degr": "°", "arcsec": "″", "arcmin": "′"}
_DROP_ARGS = {  # commands whose arguments are not running text: (optional, mandatory)
    "label": (0, 1), "linelabel": (0, 1), "index": (1, 1), "glossary": (0, 1), "vspace": (0, 1), "hspace": (0, 1), "vskip": (0, 0),
    "includegraphics": (1, 1), "setlength": (0, 2), "addtolength": (0, 2), "setcounter": (0, 2),
    "addtocounter": (0, 2), "addcontentsline": (0, 3), "bibliographystyle": (0, 1), "bibliography": (0, 1),
    "pagestyle": (0, 1), "thispagestyle": (0, 1), "color": (1, 1), "usepackage": (1, 1),
    "documentclass": (1, 1), "hypersetup": (0, 1), "graphicspath": (0, 1), "captionsetup": (1, 1),
    "nocite": (0, 1), "input": (0, 1), "include": (0, 1), "newpage": (0, 0), "clearpage": (0, 0),
    "linebreak": (1, 0), "pagebreak": (1, 0), "enlargethispage": (0, 1), "resizebox": (0, 2),
    "scalebox": (0, 1), "rule": (1, 2), "raisebox": (0, 1), "fontsize": (0, 2), "selectfont": (0, 0),
    "colorbox": (0, 1), "textcolor": (1, 1), "affil": (1, 0), "bibinfo": (0, 1), "pgfplotstableread": (1, 2),
    "lstset": (0, 1), "setcitestyle": (0, 1), "url": (0, 0), "doi": (0, 0), "href": (0, 1), "hyperlink": (0, 1),
    "hypertarget": (0, 1), "parbox": (1, 1),
    "item": (0, 0), "cite": (2, 0), "citep": (2, 0), "citet": (2, 0),
}
_CITE = re.compile(r"\\(?:no)?(?:cite|citep|citet|citealp|citealt|citeauthor|citeyear|citeyearpar|parencite|"
                   r"textcite|autocite|Cite|Citep|Citet|footcite)\*?\s*(?:\[[^\]\n]*\]\s*){0,2}\{([^{}]*)\}")
_REF = re.compile(r"\\(?P<cmd>eqref|ref|autoref|cref|Cref|pageref|vref|nameref|labelcref|subref)\*?\s*\{([^{}]*)\}")
# the entries of _LETTERS that are letters of words: their control word swallows the spaces after
# it as TeX's does ("\\ss e" is "ße", "Bj\\o rn" "Bjørn")
_WORD_LETTERS = frozenset({"ss", "o", "O", "ae", "AE", "oe", "OE", "aa", "AA", "l", "L", "i", "j"})
_CMD = re.compile(r"\\(?P<name>[A-Za-z@]+)(?P<star>\*?)")
# (a dotless letter's control word swallows the spaces after it: "Na\\"\\i ve" is "Naïve")
_ACCENT_RE = re.compile(r"\\(?P<acc>['`^\"~=.]|[uvHckr](?![A-Za-z]))\s*(?:\{\s*(?P<l1>\\?[A-Za-z])\s*\}"
                        r"|(?P<l2>\\[ij](?![A-Za-z])[ \t]*|[A-Za-z]))")


def expand_text_macros(text: str, macros: dict[str, str], max_rounds: int = 3) -> str:
    """Argument-free user macros replaced by their bodies, for readable prose only; at most
    ``max_rounds`` rounds and never more than doubling the text (a self-expanding macro stops)."""
    if not macros:
        return text
    limit = 2 * len(text) + 10_000
    pattern = re.compile(r"\\([A-Za-z@]+)(?![A-Za-z@])(?:\{\})?")
    for _ in range(max_rounds):
        hit = False

        def sub(m):
            nonlocal hit
            body = macros.get(m.group(1))
            if body is None:
                return m.group(0)
            hit = True
            return body

        new = pattern.sub(sub, text)
        if not hit or len(new) > limit:
            break
        text = new
    return text


def _texorpdfstring(s: str) -> str:
    """``\\texorpdfstring{TeX}{PDF}`` as the TeX argument, which is what the page prints (the
    second one is for the PDF's bookmarks)."""
    while True:
        k = s.find("\\texorpdfstring")
        if k < 0:
            return s
        start = k + len("\\texorpdfstring")
        first = skip_args(s, start, 0, 1)
        s = s[:k] + s[start:first] + s[skip_args(s, first, 0, 1):]


def render_prose(s: str) -> str:
    """Readable text of LaTeX prose that holds no math (placeholders ``\\x00N\\x00`` are kept)."""
    s = _texorpdfstring(s)
    s = _CITE.sub(lambda m: "" if m.group(0).startswith("\\no") else "[" + m.group(1).strip() + "]", s)
    s = _REF.sub(lambda m: "(" + m.group(2).strip() + ")" if m.group("cmd") == "eqref" else m.group(2).strip(), s)
    s = re.sub(r"\\url\s*\{([^{}]*)\}", r"\1", s)
    s = re.sub(r"\\href\s*\{[^{}]*\}", "", s)
    s = re.sub(r"\\item\s*(?:\[([^\]\n]*)\])?", lambda m: "\n" + (m.group(1) or "") + " ", s)
    s = _line_breaks(s)
    s = _ACCENT_RE.sub(_accent, s)
    s = re.sub(r"\\([&%$#_{}])", r"\1", s)
    s = re.sub(r"\\[,;:! @/]", " ", s)
    s = _drop_commands(s)
    s = s.replace("~", " ").replace("``", "\u201c").replace("''", "\u201d").replace("---", "\u2014")
    s = s.replace("--", "\u2013").replace("{", "").replace("}", "")
    return s


# a forced line break "\\" (with its optional "*" or "[2pt]"); after a hyphen inside a word,
# before a lower-case letter ("Algo-\\rithm", a heading broken by hand), the word is joined
_BREAK = re.compile(r"\\\\\*?(?:\[[^\]\n]{0,20}\])?")
_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])-\\\\\*?(?:\[[^\]\n]{0,20}\])?\s*(?=[a-z])")


def _line_breaks(s: str) -> str:
    if "-\\\\" in s:   # (a pattern opening with a look-behind is tried at every position)
        s = _HYPHEN_BREAK.sub("", s)
    return _BREAK.sub(" ", s)


def _accent(m: re.Match) -> str:
    letter = (m.group("l1") or m.group("l2")).strip().lstrip("\\")
    if letter == "i":
        letter = "i"
    return unicodedata.normalize("NFC", letter + _ACCENTS[m.group("acc")])


def _drop_commands(s: str) -> str:
    out, last = [], 0
    for m in _CMD.finditer(s):
        if m.start() < last:
            continue
        out.append(s[last:m.start()])
        name = m.group("name")
        end = m.end()
        if name in _LETTERS:
            out.append(_LETTERS[name])
            if name in _WORD_LETTERS:
                end = len(s) - len(s[end:].lstrip(" \t"))
        elif name in _DROP_ARGS:
            n_opt, n_mand = _DROP_ARGS[name]
            end = skip_args(s, end, n_opt, n_mand)
            out.append(" ")
        elif name in ("begin", "end"):
            e = re.compile(r"\s*\{[^{}\n]{0,80}\}(?:\s*\[[^\]\n]{0,80}\])?").match(s, end)
            end = e.end() if e else end
            out.append("\n")
        else:
            e = bracket_end(s, end)   # an optional argument of an unknown command is not text
            end = e if e is not None else end
        last = end
    out.append(s[last:])
    return "".join(out)


def tidy(s: str) -> str:
    """Spaces collapsed, paragraphs (blank-line separated) kept as ``\\n\\n``."""
    paras = re.split(r"\n[ \t]*\n\s*", s)
    return "\n\n".join(p for p in (" ".join(x.split()) for x in paras) if p)


@dataclass
class Rendered:
    """The body as readable text, every formula as written, and where the structure sits in it."""

    text: str
    displays: list[tuple[int, int]]                      # (start, end) of display i in text
    headings: list[tuple[int, int, str, str, bool]]      # (start, end, command, title, after \appendix)
    abstract: tuple[int, int] | None = None


_INLINE_MATH = re.compile(r"(\$[^$]{0,2000}\$|\\\(.{0,2000}?\\\))", re.S)   # $…$ and \(…\)
_ENSUREMATH = re.compile(r"\\ensuremath(?![A-Za-z@])\s*")


def _ensuremath(s: str) -> str:
    """``\\ensuremath{X}`` as ``$X$``: a macro's math
    ("\\newcommand{\\sys}{\\ensuremath{\\pi\\text{-Former}}}") is math on the page, kept as written,
    not prose whose commands are dropped ("-Former"). Without braces its one token stays as it is."""
    out, last = [], 0
    for m in _ENSUREMATH.finditer(s):
        if m.start() < last:
            continue    # (inside an argument already kept as math)
        end = skip_args(s, m.end(), 0, 1)
        arg = s[m.end():end]
        out.append(s[last:m.start()] + ("$" + arg[1:-1] + "$" if arg.startswith("{") else arg))
        last = end
    out.append(s[last:])
    return "".join(out)


def render_inline(s: str, macros: dict[str, str] | None = None) -> str:
    """A short fragment (a title, a heading) as readable text, its ``$…$`` and ``\\(…\\)`` math kept
    as written (also the math a user macro brings in with ``\\ensuremath``)."""
    parts = _INLINE_MATH.split(_texorpdfstring(s))
    s = "".join(p if k % 2 else _ensuremath(expand_text_macros(_line_breaks(p), macros or {}))
                for k, p in enumerate(parts))
    return tidy("".join(p if k % 2 else render_prose(p) for k, p in enumerate(_INLINE_MATH.split(s))))


def render(text: str, sc: Scan, macros: dict[str, str] | None = None, drop: list[str] | None = None) -> Rendered:
    """Readable text of a scanned body: prose rendered, every formula kept as LaTeX; ``drop``
    names one-argument macros removed with their argument (the paper's label macros)."""
    pieces: list[str] = []
    extra: list[tuple] = []
    last = 0
    float_depth = 0
    appendix = False

    def mark(item: tuple, pad: str = "") -> None:
        extra.append(item)
        pieces.append(f"{pad}{_MARK}{len(extra) - 1}{_MARK}{pad}")

    for start, end, kind, data in sc.events:
        if start < last:
            continue
        if float_depth == 0:
            pieces.append(text[last:start])
        last = end
        if kind == "float_begin":
            float_depth += 1
        elif kind == "float_end":
            float_depth = max(0, float_depth - 1)
        elif kind == "appendix":
            appendix = True
        elif kind == "display":
            mark(("display", data, text[start:end].strip()), " ")
        elif float_depth:
            continue
        elif kind == "inline":
            mark(("raw", " ".join(text[start:end].split())))
        elif kind == "raw":
            mark(("raw", text[data[0]:data[1]]))
        elif kind == "heading":
            mark(("heading", data[0], render_inline(data[1], macros), appendix), "\n\n")
        elif kind in ("abstract_begin", "abstract_end"):
            mark((kind,), "\n\n")
    if float_depth == 0:
        pieces.append(text[last:])
    if drop:   # the paper's own label macros: not text
        pattern = re.compile(r"\\(?:" + "|".join(map(re.escape, drop)) + r")(?![A-Za-z@])\s*\{[^{}\n]*\}")
        pieces = [pattern.sub("", p) for p in pieces]
    body = tidy(render_prose(expand_text_macros("".join(pieces), macros or {})))
    out: list[str] = []
    displays: dict[int, tuple[int, int]] = {}
    headings = []
    abstract_start = abstract = None
    at = 0
    eat = False
    for k, part in enumerate(_MARK_RE.split(body)):
        if k % 2 == 0:
            piece = part
            if eat and part.startswith("\n\n") and next((o for o in reversed(out) if o), "").endswith("\n\n"):
                piece = part[2:]   # an abstract boundary leaves no empty paragraph behind
            eat = False
        else:
            item = extra[int(part)]
            piece = ""
            if item[0] == "raw":
                piece = item[1]
            elif item[0] == "display":
                piece = item[2]
                displays[item[1]] = (at, at + len(piece))
            elif item[0] == "heading":
                piece = item[2]
                headings.append((at, at + len(piece), item[1], item[2], item[3]))
            elif item[0] == "abstract_begin":
                abstract_start, eat = at, True
            elif item[0] == "abstract_end":
                eat = True
                if abstract_start is not None:
                    abstract = (abstract_start, at)
        out.append(piece)
        at += len(piece)
    return Rendered("".join(out), [displays.get(i, (0, 0)) for i in range(len(sc.displays))], headings, abstract)
