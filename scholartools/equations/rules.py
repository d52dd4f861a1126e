"""Rule-based wrong equations: the offline way to make EquationInference negatives.

AAAR's ``random_rewriting`` (§1.1 ②, the offline fallback) swaps operators within a group,
renames variables, swaps two variables and shifts integer constants by one; here seven rules,
each an edit of the positive's LaTeX source located by pylatexenc's tokens:

``op-swap``       an operator swapped within its group (``+``/``-``, ``\\cdot``/``/``, ``\\sum``/``\\prod``,
                  ``\\max``/``\\min``, ``<``/``>``, ``\\leq``/``\\geq``, ``\\cup``/``\\cap``, ``\\sin``/``\\cos`` …)
``var-rename``    one occurrence of a variable renamed to a symbol of the same kind (Latin or Greek)
                  already used in the context's math (else elsewhere in the equation), never a fresh
                  letter, so the negative introduces no notation the paper lacks
``operand-swap``  numerator and denominator of a ``\\frac`` exchanged, or two different variables
                  exchanged (never two operands of a bare ``+`` or product, which would be equal)
``const``         an integer constant changed by one
``script``        a sub/superscript index changed to another index of the equation or context,
                  turned from sub- to superscript (or back), or dropped
``sign``          the sign of the right-hand side's first term, of an exponent, or of a bracketed
                  term flipped
``drop-term``     one additive term dropped from a sum (at any level)

Every edit is made on the right-hand side only (after the first ``=`` at brace depth 0, as AAAR's
LLM negatives keep the left-hand side), outside text arguments; a negative is kept only when it
tokenises (:func:`~scholartools.equations.normalise.tokenises`), its normal form differs from the
positive's and from the other negatives', and its left-hand side is the positive's.
Choices are drawn from the ``random.Random`` given, so a seed reproduces them.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache

from scholartools.equations.normalise import left_hand_side, lhs_end, normal_form, tokenises
from scholartools.equations.tokens import Tok, tokenize
from scholartools.vocabulary import NEGATIVE_RULES

RULES = NEGATIVE_RULES

SWAPS = {"+": "-", "-": "+", "\\pm": "\\mp", "\\mp": "\\pm", "\\cdot": "/", "*": "/", "\\times": "/", "/": "\\cdot",
         "\\sum": "\\prod", "\\prod": "\\sum", "\\max": "\\min", "\\min": "\\max", "\\argmax": "\\argmin",
         "\\argmin": "\\argmax", "\\sup": "\\inf", "\\inf": "\\sup", "\\cup": "\\cap", "\\cap": "\\cup",
         "\\bigcup": "\\bigcap", "\\bigcap": "\\bigcup", "\\wedge": "\\vee", "\\vee": "\\wedge", "\\land": "\\lor",
         "\\lor": "\\land", "\\bigwedge": "\\bigvee", "\\bigvee": "\\bigwedge", "\\oplus": "\\otimes",
         "\\otimes": "\\oplus", "\\sin": "\\cos", "\\cos": "\\sin", "\\tan": "\\cot", "\\cot": "\\tan",
         "\\sinh": "\\cosh", "\\cosh": "\\sinh", "\\exp": "\\log", "\\log": "\\exp", "\\ln": "\\exp",
         "<": ">", ">": "<", "\\leq": "\\geq", "\\geq": "\\leq", "\\le": "\\ge", "\\ge": "\\le", "\\ll": "\\gg",
         "\\gg": "\\ll", "\\subset": "\\supset", "\\supset": "\\subset", "\\subseteq": "\\supseteq",
         "\\supseteq": "\\subseteq", "\\in": "\\notin", "\\notin": "\\in", "\\rightarrow": "\\leftarrow",
         "\\leftarrow": "\\rightarrow", "\\uparrow": "\\downarrow", "\\downarrow": "\\uparrow",
         "\\lfloor": "\\lceil", "\\rfloor": "\\rceil", "\\lceil": "\\lfloor", "\\rceil": "\\rfloor"}
GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
         "kappa", "lambda", "mu", "nu", "xi", "pi", "varpi", "rho", "varrho", "sigma", "varsigma", "tau",
         "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi",
         "Sigma", "Upsilon", "Phi", "Psi", "Omega"}
RELATIONS = {"=", "<", ">", "\\leq", "\\geq", "\\le", "\\ge", "\\neq", "\\ne", "\\approx", "\\equiv", "\\sim",
             "\\propto", "\\simeq", "\\cong", "\\coloneqq", "\\triangleq", "\\in", "\\subset", "\\subseteq",
             "\\to", "\\rightarrow", "\\leftarrow", "\\mapsto", "\\Rightarrow", "\\iff", "\\ll", "\\gg"}
COMMUTATIVE = {"+", "\\cdot", "*", "\\times"}
INDEX_LETTERS = ("i", "j", "k", "l", "m", "n", "t", "s")
_CONTEXT_MATH = re.compile(r"\$([^$]{1,400})\$")


@dataclass
class Negative:
    latex: str
    rule: str
    #: what was changed, e.g. "+ → -"
    change: str


@dataclass
class _Edit:
    spans: list[tuple[int, int, str]]   # (start, end, replacement) in the positive
    change: str


def apply(latex: str, spans: list[tuple[int, int, str]]) -> str:
    """``latex`` with the (disjoint) spans replaced; a space is added after an inserted control
    word that a letter would otherwise extend (``\\cdot`` before ``b`` is ``\\cdot b``)."""
    out, last = [], 0
    for start, end, repl in sorted(spans):
        if not repl and start > 0 and latex[start - 1] == " " and end < len(latex) and latex[end] == " ":
            end += 1   # no double space where something was removed
        out.append(latex[last:start])
        if re.search(r"\\[A-Za-z]+$", repl) and end < len(latex) and latex[end].isalpha():
            repl += " "
        if repl[:1].isalpha() and out and re.search(r"\\[A-Za-z]+$", "".join(out)):
            repl = " " + repl
        out.append(repl)
        last = end
    out.append(latex[last:])
    return "".join(out).rstrip()


def _symbol(t: Tok) -> str | None:
    """The variable a token names (a letter or a Greek macro), None for anything else."""
    if t.textual:
        return None
    if t.kind == "letter":
        return t.text
    if t.kind == "macro" and t.text[1:] in GREEK:
        return t.text
    return None


def _same_kind(a: str, b: str) -> bool:
    """Both Greek macros, both other macros, or both Latin letters of the same case."""
    if a.startswith("\\") or b.startswith("\\"):
        return a.startswith("\\") and b.startswith("\\") and (a[1:] in GREEK) == (b[1:] in GREEK)
    return a.isupper() == b.isupper()


def context_symbols(context: str, limit: int = 120) -> list[str]:
    """Variables used in the ``$…$`` math of a context text (the ``limit`` formulas nearest its
    middle, where the equation was), in order of first use."""
    spans = _CONTEXT_MATH.findall(context or "")
    if len(spans) > limit:
        mid = len(spans) // 2
        spans = spans[max(0, mid - limit // 2):mid + limit // 2]
    seen: dict[str, None] = {}
    for math in spans:
        for s in _math_symbols(math):
            seen.setdefault(s)
    return list(seen)


@lru_cache(maxsize=8192)
def _math_symbols(math: str) -> tuple[str, ...]:
    try:
        toks = tokenize(math)
    except Exception:   # a formula pylatexenc cannot read gives no symbols
        return ()
    return tuple(s for s in (_symbol(t) for t in toks) if s)


def _user_atom(toks: list[Tok], i: int) -> bool:
    """An argument-free macro of the paper's own (``\\AOne``): unknown to pylatexenc, a
    control word, and not followed by a brace group it might take as an argument."""
    t = toks[i]
    if t.kind != "macro" or t.known or t.has_args or not t.text[1:].isalpha():
        return False
    return not (i + 1 < len(toks) and toks[i + 1].kind == "open" and toks[i + 1].start == t.end)


def _matching(toks: list[Tok]) -> dict[int, int]:
    match, stack = {}, []
    for i, t in enumerate(toks):
        if t.kind == "open":
            stack.append(i)
        elif t.kind == "close" and stack:
            j = stack.pop()
            match[j] = i
            match[i] = j
    return match


def _operand_end(toks: list[Tok], i: int, match: dict[int, int]) -> int:
    """Index of the last token of the operand starting at ``i``."""
    if toks[i].kind == "open" and i in match:
        return match[i]
    return i


def _in_word(toks: list[Tok], i: int) -> bool:
    """A letter inside a run of three or more letters written together (an unmarked word like
    ``softmax``): not a variable."""
    def letter(k):
        return 0 <= k < len(toks) and toks[k].kind == "letter" and toks[k].depth == toks[i].depth and \
            (toks[k].start == toks[k - 1].end if k > 0 and k - 1 >= 0 else False)
    run = 1
    k = i
    while k - 1 >= 0 and toks[k - 1].kind == "letter" and toks[k - 1].end == toks[k].start:
        run += 1
        k -= 1
    k = i
    while k + 1 < len(toks) and toks[k + 1].kind == "letter" and toks[k].end == toks[k + 1].start:
        run += 1
        k += 1
    return run >= 3


def _edits(rule: str, toks: list[Tok], rhs: int, symbols: list[str], latex: str) -> list[_Edit]:
    match = _matching(toks)
    body = [i for i in range(rhs, len(toks)) if not toks[i].textual]
    edits: list[_Edit] = []
    if rule == "op-swap":
        for i in body:
            t = toks[i]
            if t.kind in ("op", "macro") and t.text in SWAPS:
                edits.append(_Edit([(t.start, t.end, SWAPS[t.text])], f"{t.text} → {SWAPS[t.text]}"))
    elif rule == "var-rename":
        present = [_symbol(toks[i]) for i in body]
        pool = [s for s in symbols if s] or [s for s in dict.fromkeys(_symbol(t) for t in toks) if s]
        for i in body:
            s = _symbol(toks[i])
            if not s or (toks[i].kind == "letter" and _in_word(toks, i)):
                continue
            if i > 0 and toks[i - 1].kind == "script" and s in INDEX_LETTERS:
                continue   # an index: the script rule's business
            for new in pool:
                if new != s and _same_kind(new, s) and new in present + symbols:
                    edits.append(_Edit([(toks[i].start, toks[i].end, new)], f"{s} → {new}"))
    elif rule == "operand-swap":
        for i in body:
            t = toks[i]
            if t.kind == "macro" and t.text in ("\\frac", "\\dfrac", "\\tfrac", "\\binom") and i + 1 < len(toks) \
                    and toks[i + 1].kind == "open" and i + 1 in match:
                a_open, a_close = i + 1, match[i + 1]
                b_open = a_close + 1
                if b_open < len(toks) and toks[b_open].kind == "open" and b_open in match:
                    b_close = match[b_open]
                    a = latex[toks[a_open].end:toks[a_close].start]
                    b = latex[toks[b_open].end:toks[b_close].start]
                    if a.strip() and b.strip():
                        edits.append(_Edit([(toks[a_open].end, toks[a_close].start, b),
                                            (toks[b_open].end, toks[b_close].start, a)], f"{t.text} operands swapped"))
        # variables, and the paper's own argument-free macros (\\AOne \\ATwo: often matrices)
        syms = [i for i in body if (_symbol(toks[i]) and not (toks[i].kind == "letter" and _in_word(toks, i)))
                or _user_atom(toks, i)]
        for x, p in enumerate(syms[:40]):
            for q in syms[x + 1:x + 12]:
                if toks[p].text == toks[q].text or not _same_kind(toks[p].text, toks[q].text) or \
                        _symbol(toks[p]) is None and _symbol(toks[q]) is not None:
                    continue
                between = [toks[k] for k in range(p + 1, q)]
                if all(b.kind in ("op", "macro") and b.text in COMMUTATIVE for b in between):
                    continue   # a+b → b+a is the same equation
                edits.append(_Edit([(toks[p].start, toks[p].end, toks[q].text),
                                    (toks[q].start, toks[q].end, toks[p].text)],
                                   f"{toks[p].text} ↔ {toks[q].text}"))
    elif rule == "const":
        for i in body:
            t = toks[i]
            if t.kind == "number" and t.text.isdigit() and len(t.text) <= 6:
                v = int(t.text)
                # never 0: "t-0" or "0 +" would be the same equation written differently
                for new in ([v + 1, v - 1] if v > 1 else [v + 1]):
                    edits.append(_Edit([(t.start, t.end, str(new))], f"{v} → {new}"))
    elif rule == "script":
        indexes = [s for s in dict.fromkeys(
            [toks[k + 1].text for k in range(len(toks) - 1) if toks[k].kind == "script" and toks[k + 1].kind == "letter"]
            + [s for s in symbols if len(s) == 1]) if s in INDEX_LETTERS]
        for i in body:
            t = toks[i]
            if t.kind != "script" or i + 1 >= len(toks):
                continue
            j = i + 1
            end = _operand_end(toks, j, match)
            inner = [k for k in range(j, end + 1) if toks[k].kind not in ("open", "close")]
            if len(inner) == 1 and toks[inner[0]].kind == "letter":
                old = toks[inner[0]].text
                for new in indexes:
                    if new != old:
                        edits.append(_Edit([(toks[inner[0]].start, toks[inner[0]].end, new)],
                                           f"index {old} → {new}"))
            other = "^" if t.text == "_" else "_"
            edits.append(_Edit([(t.start, t.end, other)], f"{t.text} → {other}"))
            if t.text == "_" and end + 1 <= len(toks) and len(inner) <= 3:
                edits.append(_Edit([(t.start, toks[end].end, "")], "subscript dropped"))
    elif rule == "sign":
        first = next((i for i in body if toks[i].kind != "special"), None)
        if first is not None:
            t = toks[first]
            if t.kind == "op" and t.text == "-":
                edits.append(_Edit([(t.start, t.end, "")], "leading minus removed"))
            elif t.kind == "op" and t.text == "+":
                edits.append(_Edit([(t.start, t.end, "-")], "leading + → -"))
            elif t.kind not in ("close",):
                edits.append(_Edit([(t.start, t.start, "-")], "minus added in front"))
        for i in body:
            t = toks[i]
            if t.kind == "script" and t.text == "^" and i + 1 < len(toks):
                j = i + 1
                end = _operand_end(toks, j, match)
                if toks[j].kind == "open" and j + 1 < end:
                    k = j + 1
                    if toks[k].kind == "op" and toks[k].text == "-":
                        edits.append(_Edit([(toks[k].start, toks[k].end, "")], "exponent sign flipped"))
                    elif toks[k].kind != "op":
                        edits.append(_Edit([(toks[k].start, toks[k].start, "-")], "exponent sign flipped"))
                elif toks[j].kind in ("letter", "number"):
                    edits.append(_Edit([(toks[j].start, toks[j].end, "{-" + toks[j].text + "}")],
                                       "exponent sign flipped"))
            if t.kind == "op" and t.text == "(" and i + 1 < len(toks) and toks[i + 1].kind == "op" and \
                    toks[i + 1].text == "-":
                edits.append(_Edit([(toks[i + 1].start, toks[i + 1].end, "")], "sign in brackets flipped"))
    elif rule == "drop-term":
        edits += _drop_term_edits(toks, body, match)
    return edits


def _drop_term_edits(toks: list[Tok], body: list[int], match: dict[int, int]) -> list[_Edit]:
    """Every way to drop one additive term of an expression with two or more terms."""
    exprs: dict[tuple, list[list[int]]] = {}   # container -> expressions (lists of token indices)
    stack: list[tuple] = [("top",)]
    current: dict[tuple, list[int]] = {("top",): []}
    for i in body:
        t = toks[i]
        key = stack[-1]
        if t.kind == "open" or (t.kind == "op" and t.text in ("(", "[")) or (t.kind == "macro" and t.text == "\\left"):
            current[key].append(i)
            new = (i,)
            stack.append(new)
            current[new] = []
            continue
        if t.kind == "close" or (t.kind == "op" and t.text in (")", "]")) or (t.kind == "macro" and t.text == "\\right"):
            if len(stack) > 1:
                exprs.setdefault(key, []).append(current.pop(key))
                stack.pop()
                current[stack[-1]].append(i)
                continue
        if (t.kind in ("op", "macro") and t.text in RELATIONS) or (t.kind == "special" and t.text == "&") or \
                (t.kind == "macro" and t.text == "\\\\") or (t.kind == "op" and t.text in (",", ";")):
            exprs.setdefault(key, []).append(current[key])
            current[key] = []
            continue
        current[key].append(i)
    for key, toks_ in current.items():
        exprs.setdefault(key, []).append(toks_)
    edits = []
    for expr_list in exprs.values():
        for e in expr_list:
            ops = [p for p, i in enumerate(e) if p > 0 and toks[i].kind == "op" and toks[i].text in "+-"
                   and not (toks[e[p - 1]].kind in ("op", "script", "special") and toks[e[p - 1]].text not in (")", "]"))
                   and not (toks[e[p - 1]].kind == "macro" and toks[e[p - 1]].text in RELATIONS)]
            if not ops:
                continue
            bounds = [0] + ops + [len(e)]
            for k in range(len(bounds) - 1):
                a, b = bounds[k], bounds[k + 1]
                if k == 0:
                    first = toks[e[0]]
                    nxt = toks[e[ops[0]]]
                    end = nxt.end if nxt.text == "+" else nxt.start
                    if first.kind == "op" and first.text in "+-" and len(e[:ops[0]]) == 1:
                        continue
                    edits.append(_Edit([(first.start, end, "")], "first term dropped"))
                else:
                    edits.append(_Edit([(toks[e[a]].start, toks[e[b - 1]].end, "")],
                                       f"term {k + 1} dropped"))
    return edits


def rule_negatives(positive: str, n: int = 3, rng: random.Random | None = None, context: str = "",
                   rules: tuple[str, ...] = RULES) -> list[Negative]:
    """Up to ``n`` valid negatives of ``positive`` (simplified LaTeX), from different rules where
    possible; ``context`` (text with ``$…$`` math) supplies the symbols a variable may be renamed to."""
    rng = rng or random.Random(0)
    try:
        toks = tokenize(positive)
    except Exception:
        return []
    end = lhs_end(toks)
    rhs = 0 if end is None else end + 1
    lhs = left_hand_side(positive)
    seen = {normal_form(positive)}
    symbols = context_symbols(context)
    per_rule = {r: _edits(r, toks, rhs, symbols, positive) for r in rules}
    for edits in per_rule.values():
        rng.shuffle(edits)
    order = list(rules)
    rng.shuffle(order)
    out: list[Negative] = []
    while len(out) < n and any(per_rule.values()):   # one per rule per round: rules spread out
        for rule in order:
            if len(out) >= n:
                return out
            edits = per_rule[rule]
            while edits:
                e = edits.pop()
                cand = apply(positive, e.spans)
                if not tokenises(cand) or left_hand_side(cand) != lhs:
                    continue
                nf = normal_form(cand)
                if nf in seen:
                    continue
                seen.add(nf)
                out.append(Negative(cand, rule, e.change))
                break
    return out
