"""Comparing equations: AAAR's ``simplify_equation``, the left-hand side, and a normal form.

"A candidate differs from the positive" always means their :func:`normal_form` differ. The normal
form is computed on pylatexenc's tokens (:mod:`scholartools.equations.tokens`), never on the
raw string, and ignores what does not change the mathematics a reader sees:

* what ``simplify_equation`` removes (AAAR §1.1 ②): labels, references, citations, ``\\tag``,
  ``\\nonumber``/``\\notag``, spacing and break commands, ``\\intertext``;
* whitespace, alignment ``&``, ``\\left``/``\\right``/``\\middle`` and ``\\big``-style sizes (and
  the invisible ``\\left.``), spacing macros (``\\,`` ``\\;`` ``\\quad`` …), ``\\displaystyle``,
  ``\\limits``; the optional spacing of a line break ``\\\\[2pt]``;
* spellings of one symbol: ``*`` and ``\\cdot``, ``\\dfrac``/``\\tfrac`` and ``\\frac``,
  ``\\le``/``\\leq``, ``\\ne``/``\\neq``, ``\\to``/``\\rightarrow``, the ``\\dots`` family;
* redundant braces: ``x^2`` ≡ ``x^{2}``, ``\\frac ab`` ≡ ``\\frac{a}{b}``, ``{x}`` ≡ ``x`` and
  ``{a+b}`` ≡ ``a+b`` unless the group is scripted (``{a+b}^2``) or may be the argument of a macro
  the parser does not know (``\\mymacro{x}``);
* a full stop or comma ending the equation or a line.
"""
from __future__ import annotations

import re

from scholartools.equations.tokens import Tok, tokenize
from scholartools.vocabulary import DISPLAY_ENVIRONMENTS, SIMPLIFY_REMOVED

#: removed by AAAR's simplify_equation (with their arguments)
AAAR_REMOVED = set(SIMPLIFY_REMOVED)
#: also ignored by the normal form (with their arguments)
INVISIBLE = AAAR_REMOVED | {
    ",", ";", ":", "!", " ", "quad", "qquad", "thinspace", "medspace", "thickspace", "negthinspace",
    "negmedspace", "negthickspace", "enspace", "hfill", "hfil", "displaystyle", "textstyle", "scriptstyle",
    "scriptscriptstyle", "limits", "nolimits", "left", "right", "middle", "big", "Big", "bigg", "Bigg",
    "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl", "Biggr", "bigm", "Bigm", "biggm", "Biggm",
    "phantom", "hphantom", "vphantom", "mathstrut", "strut", "relax", "nobreak", "allowbreak", "newline"}
SPELLINGS = {"\\dfrac": "\\frac", "\\tfrac": "\\frac", "\\le": "\\leq", "\\ge": "\\geq", "\\ne": "\\neq",
             "\\leqslant": "\\leq", "\\geqslant": "\\geq", "\\to": "\\rightarrow", "\\gets": "\\leftarrow",
             "\\ldots": "\\dots", "\\cdots": "\\dots", "\\dotsb": "\\dots", "\\dotsc": "\\dots", "\\dotsm": "\\dots",
             "*": "\\cdot", "\\lvert": "|", "\\rvert": "|", "\\vert": "|", "\\lVert": "\\|", "\\rVert": "\\|",
             "\\Vert": "\\|", "\\lbrace": "\\{", "\\rbrace": "\\}", "\\lbrack": "[", "\\rbrack": "]",
             "\\land": "\\wedge", "\\lor": "\\vee", "\\lnot": "\\neg", "\\dbinom": "\\binom", "\\tbinom": "\\binom",
             "\\bm": "\\boldsymbol", "\\pmb": "\\boldsymbol", "\\mathbold": "\\boldsymbol"}
DISPLAY_WRAPPERS = DISPLAY_ENVIRONMENTS + ("math",)
#: the relations that end a left-hand side (AAAR uses "="; definitional variants count too)
LHS_RELATIONS = {"=", "\\equiv", "\\coloneqq", "\\eqqcolon", "\\triangleq", "\\doteq", "\\defeq",
                 "\\approx", "\\propto", "\\simeq", "\\cong", "\\stackrel", "\\overset"}

_SKIP_DIM = re.compile(r"\s*=?\s*-?[0-9.]+\s*(?:pt|em|ex|mm|cm|in|bp|mu|sp|pc)\b(?:\s*plus\s*-?[0-9.]+\s*"
                       r"(?:pt|em|ex|mm|cm|in|bp|mu|sp|pc)\b)?")


def strip_wrapper(latex: str) -> str:
    """The body of an equation given with its display wrapper (``\\begin{align}…``, ``\\[…\\]``,
    ``$$…$$``, ``$…$``), else ``latex`` unchanged."""
    s = latex.strip()
    m = re.match(r"\\begin\s*\{(\w+\*?)\}", s)
    if m and m.group(1).rstrip("*") in DISPLAY_WRAPPERS and s.endswith("\\end{" + m.group(1) + "}"):
        return s[m.end():len(s) - len(m.group(1)) - 6].strip()
    for left, right in (("\\[", "\\]"), ("$$", "$$"), ("\\(", "\\)"), ("$", "$")):
        if s.startswith(left) and s.endswith(right) and len(s) >= len(left) + len(right):
            return s[len(left):len(s) - len(right)].strip()
    return s


def _removed_spans(toks: list[Tok], names: set[str]) -> list[tuple[int, int]]:
    """Source spans of the macros in ``names`` together with their arguments."""
    spans = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "macro" and t.text[1:] in names:
            end = t.end
            j = i + 1
            if t.has_args:   # its argument groups follow at the next depth
                while j < len(toks) and (toks[j].depth > t.depth or (toks[j].kind in ("open", "close") and
                                                                      toks[j].arg and toks[j].depth == t.depth)):
                    end = toks[j].end
                    j += 1
            spans.append((t.start, end))
            i = j
            continue
        i += 1
    return spans


def simplify_equation(latex: str) -> str:
    """AAAR's ``simplify_equation`` (§1.1 ②): the display wrapper, labels, citations,
    references, ``\\setlength``, ``\\hspace``/``\\vspace``, ``\\nonumber``/``\\notag``, ``\\tag``,
    ``\\allowdisplaybreaks``, display skips, ``\\displaybreak`` and ``\\intertext`` removed; stripped."""
    s = strip_wrapper(latex)
    spans = _removed_spans(tokenize(s), AAAR_REMOVED)
    if not spans:
        return _trim_breaks(s)
    out, last = [], 0
    for a, b in sorted(spans):
        if a < last:
            continue
        out.append(s[last:a])
        m = _SKIP_DIM.match(s, b) if s[a:b].rstrip().endswith("skip") else None
        last = m.end() if m else b
        if a > 0 and s[a - 1] == " " and s[last:last + 1] == " ":
            last += 1   # no double space where a command was
    out.append(s[last:])
    return _trim_breaks(re.sub(r"[ \t]+\n", "\n", "".join(out)))


def _trim_breaks(s: str) -> str:
    """Without line breaks (``\\\\``) at the very start or end: left by a removed ``\\nonumber``
    or an empty first row, they are layout, not part of the equation."""
    s = s.strip()
    while True:
        m = re.match(r"\\\\\*?(?:\[[^\]\n]{0,20}\])?\s*", s)
        if m and m.end() > 0:
            s = s[m.end():]
            continue
        m = re.search(r"\s*\\\\\*?(?:\[[^\]\n]{0,20}\])?$", s)
        if m and m.start() < len(s) and not s[:m.start()].endswith("\\"):
            s = s[:m.start()]
            continue
        return s.strip()


def lhs_end(toks: list[Tok]) -> int | None:
    """Index of the token that ends the left-hand side (the first relation of
    :data:`LHS_RELATIONS` at brace depth 0 outside text), or None when there is none."""
    for i, t in enumerate(toks):
        if t.depth == 0 and not t.textual and t.kind in ("op", "macro") and t.text in LHS_RELATIONS:
            return i
    return None


def left_hand_side(latex: str) -> str:
    """Everything before the first ``=`` (or definitional relation) at brace depth 0 — AAAR's
    ``get_lhs_of_equation``; empty when the equation has none."""
    toks = tokenize(latex)
    i = lhs_end(toks)
    return latex[:toks[i].start].rstrip() if i is not None else ""


def tokenises(latex: str) -> bool:
    """True when ``latex`` parses strictly (balanced braces and environments), its ``\\left`` and
    ``\\right`` pair up, and no sub/superscript lacks its operand."""
    from pylatexenc.latexwalker import LatexWalkerError

    if not latex or not latex.strip():
        return False
    try:
        toks = tokenize(latex, tolerant=False)
    except (LatexWalkerError, IndexError, ValueError):
        return False
    if _double_script(toks):
        return False
    balance = 0
    for i, t in enumerate(toks):
        if t.kind == "macro" and t.text == "\\left":
            balance += 1
        elif t.kind == "macro" and t.text == "\\right":
            balance -= 1
            if balance < 0:
                return False
        elif t.kind == "script":
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is None or nxt.kind in ("close", "script", "end") or (nxt.kind == "special" and nxt.text == "&"):
                return False
    return balance == 0


def _double_script(toks: list[Tok]) -> bool:
    """True when a base carries two subscripts or two superscripts (a TeX error: x_i_j)."""
    match, stack = {}, []
    for i, t in enumerate(toks):
        if t.kind == "open":
            stack.append(i)
        elif t.kind == "close" and stack:
            match[stack.pop()] = i
    i = 0
    while i < len(toks):
        if toks[i].kind != "script":
            i += 1
            continue
        kinds = []
        while i < len(toks) and toks[i].kind == "script":
            if toks[i].text in kinds:
                return True
            kinds.append(toks[i].text)
            j = i + 1
            if j >= len(toks):
                return False
            j = match.get(j, j) if toks[j].kind == "open" else j
            i = j + 1
            while i < len(toks) and toks[i].kind == "op" and toks[i].text == "'":
                i += 1
    return False


def normal_form(latex: str) -> str:
    """The normal form used to compare equations (see the module docstring); tokens joined by spaces."""
    toks = tokenize(strip_wrapper(latex))
    drop = _removed_spans(toks, INVISIBLE)
    # a line break stays, its optional spacing argument goes
    drop += [(t.end, e) for t, (_, e) in ((t, sp) for t in toks if t.kind == "macro" and t.text == "\\\\"
                                          for sp in _removed_spans([t] + _after(toks, t), {"\\"}))]
    drop = sorted(drop)
    keep: list[Tok] = []
    d = 0
    for i, t in enumerate(toks):
        while d < len(drop) and drop[d][1] <= t.start:
            d += 1
        if any(a <= t.start < b for a, b in drop[d:d + 2]):
            continue
        if t.kind == "special" and t.text in ("&", "~"):
            continue
        if t.kind == "op" and t.text == "." and i > 0 and toks[i - 1].kind == "macro" and \
                toks[i - 1].text in ("\\left", "\\right", "\\middle"):
            continue   # the invisible delimiter of \left.
        keep.append(t)
    words = _brace_canonical(keep)
    # a full stop or comma that ends the equation or a line is punctuation, not mathematics
    out: list[str] = []
    for k, w in enumerate(words):
        if w in (".", ",", ";") and (k + 1 == len(words) or words[k + 1] == "\\\\"):
            continue
        out.append(w)
    while out and out[-1] == "\\\\":
        out.pop()
    return " ".join(out)


def _after(toks: list[Tok], t: Tok) -> list[Tok]:
    """The tokens after ``t`` (for measuring one macro's argument span)."""
    k = next(i for i, x in enumerate(toks) if x is t)
    return toks[k + 1:]


def _brace_canonical(toks: list[Tok]) -> list[str]:
    """Token texts with spellings unified and braces made canonical (see the module docstring)."""
    # pair up the braces of groups
    match: dict[int, int] = {}
    stack: list[int] = []
    for i, t in enumerate(toks):
        if t.kind == "open":
            stack.append(i)
        elif t.kind == "close" and stack:
            match[stack.pop()] = i
    out: list[str] = []
    skip_close: set[int] = set()
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        prev = toks[i - 1] if i > 0 else None
        if t.kind == "open" and i in match:
            j = match[i]
            scripted_by = prev is not None and prev.kind == "script"
            followed = j + 1 < n and toks[j + 1].kind == "script"
            single = j - i == 2 and toks[i + 1].kind not in ("open", "close")
            after_unknown_macro = prev is not None and prev.kind == "macro" and not prev.known
            keep = t.arg or scripted_by or after_unknown_macro or (followed and not single)
            if not keep:
                skip_close.add(j)
                i += 1
                continue
            out.append("{" if t.delim != "[" else "[")
            i += 1
            continue
        if t.kind == "close":
            if i not in skip_close:
                out.append("}" if t.delim != "[" else "]")
            i += 1
            continue
        if prev is not None and prev.kind == "script" and t.kind != "open":
            # an unbraced script operand: exactly one token (x^23 is x^{2}3)
            if t.kind == "number" and len(t.text) > 1:
                out.extend(["{", t.text[0], "}", t.text[1:]])
            else:
                out.extend(["{", SPELLINGS.get(t.text, t.text), "}"])
            i += 1
            continue
        out.append(SPELLINGS.get(t.text, t.text))
        i += 1
    return out


def same_equation(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` have the same :func:`normal_form`."""
    return normal_form(a) == normal_form(b)
