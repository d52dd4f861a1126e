"""EquationInference items: one positive and its negatives, shuffled, as binary per-candidate
records (AAAR's F1 setting, §1.3–1.4) or one multiple-choice record per equation.

Input: paper records with ``equations[]`` (``latex``, ``context_before``, ``context_after`` —
what ``st-parse`` writes for LaTeX sources), or records that are one equation themselves
(``latex`` or ``equation`` with ``context_before``/``context_after``).

Output, ``binary`` (the default): per candidate ``{id: PAPER#eqK:cJ, paper_id, equation_id,
option, context_before, context_after, candidate, label, rule, change, positive, …}`` with
``label`` 1 for the original and 0 for a negative — the field ``st-score --metric eqinfer``
reads as gold, so a judge that adds ``prediction`` (0/1) makes a record it can score.
``choice``: per equation ``{id: PAPER#eqK, …, options[4], answer: "A"–"D", option_rules}``.

The position of the positive is drawn per paper in blocks of (negatives + 1): within each block
every letter is the answer once, so a paper's answers are balanced to within one and the whole
stream nearly so; the order is a function of ``--seed``, the paper id and the equation index only.
A one-equation input record draws its position alone (uniform, seeded by its id).
"""
from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass

from scholartools.records import RecordError, id_text

#: equations longer than this (LaTeX characters) are skipped: AAAR's longest positive is ~1,000
MAX_EQUATION_CHARS = 4000


@dataclass
class EqSynthOptions:
    seed: int = 42
    negatives: int = 3
    #: equations sampled per paper (AAAR §3.1: "at most 3"; seed-aaar.md §1.1: shuffled with the
    #: seed, up to k kept); 0 keeps every display equation
    max_per_paper: int = 3
    #: llm: the negative filter: "context" (the paper's: notation undefined in the context) or
    #: "flaw" (the official code's context-free "obvious flaw?" check)
    filter: str = "context"
    context_words: int = 1000
    format: str = "binary"          # binary | choice
    keep_filtered: bool = False     # llm: also write items the flaw filter rejected (keep: false)
    max_tries: int = 10             # llm: recovery attempts per negative
    prompt_words: int = 100         # llm: context words per side in the recovery prompt
    temperature: float = 1.2        # llm: AAAR's decoding (overridden by --temperature)
    top_p: float = 0.99
    max_tokens: int = 3600


@dataclass
class Slot:
    """One equation to make an item from."""

    paper_id: str
    equation_id: str
    latex: str
    context_before: str
    context_after: str
    extra: dict            # fields the output records carry along
    base: dict | None      # a one-equation input record (enriched, not replaced), else None


def trim_before(text: str, n: int) -> str:
    """The last ``n`` whitespace words of ``text`` (AAAR: ``" ".join(text.split()[-n:])``,
    here with the original spacing kept)."""
    if n <= 0 or not text:
        return ""
    starts = [m.start() for m in re.finditer(r"\S+", text)]
    return text[starts[-n]:].strip() if len(starts) > n else text.strip()


def trim_after(text: str, n: int) -> str:
    """The first ``n`` whitespace words of ``text``."""
    if n <= 0 or not text:
        return ""
    ends = [m.end() for m in re.finditer(r"\S+", text)]
    return text[:ends[n - 1]].strip() if len(ends) > n else text.strip()


def _text(value, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RecordError("bad_value", f"'{field}' must be text, not {type(value).__name__}", field=field)
    return value


def slots(rec: dict, log=None) -> list[Slot]:
    """The equations of a record: its ``equations[]``, or the record itself when it is one."""
    rid = id_text(rec.get("id"))
    if "equations" in rec:
        eqs = rec["equations"]
        if not isinstance(eqs, list):
            raise RecordError("bad_value", f"'equations' must be a list, not {type(eqs).__name__}", field="equations")
        out = []
        for k, eq in enumerate(eqs, 1):
            if not isinstance(eq, dict):
                raise RecordError("bad_value", f"equations[{k - 1}] must be an object", field="equations")
            latex = eq.get("latex")
            if not isinstance(latex, str) or not latex.strip():
                if log:
                    log(f"{rid}#eq{k}: skipped: no 'latex' (an equation from a PDF has only text)")
                continue
            extra = {"section": eq.get("section"), "equation_label": eq.get("label"), "env": eq.get("env")}
            for key in ("file", "line"):
                if key in eq:
                    extra[key] = eq[key]
            out.append(Slot(rid, f"{rid}#eq{k}", latex, _text(eq.get("context_before"), "context_before"),
                            _text(eq.get("context_after"), "context_after"), extra, None))
        if not out:
            raise RecordError("no_equations", f"{rid}: no display equation with LaTeX in 'equations' "
                              f"({len(eqs)} listed)", field="equations")
        return out
    for key in ("latex", "equation"):
        if key in rec:
            latex = _text(rec[key], key)
            if not latex.strip():
                raise RecordError("missing_field", f"'{key}' is empty", field=key)
            return [Slot(str(rec.get("paper_id") or rid), rid, latex, _text(rec.get("context_before"), "context_before"),
                         _text(rec.get("context_after"), "context_after"), {}, rec)]
    raise RecordError("missing_field", "no 'equations' list and no 'latex'/'equation' field", field="equations")


def letter_positions(seed: int, paper_id: str, count: int, size: int) -> list[int]:
    """Answer positions for ``count`` items of one paper: blocks of ``size`` in which each
    position occurs once, each block shuffled by ``seed`` and the paper id."""
    rng = random.Random(f"{seed}:{paper_id}:answers")
    out: list[int] = []
    while len(out) < count:
        block = list(range(size))
        rng.shuffle(block)
        out += block
    return out[:count]


@dataclass
class Item:
    slot: Slot
    positive: str
    negatives: list            # rules.Negative-like: .latex, .rule, .change (+ optional .filter, .attempts)
    method: str
    keep: bool | None = None   # llm: the flaw filter's decision


def item_records(items: list[Item], opts: EqSynthOptions) -> list[dict]:
    """The output records of one input record's items (binary or choice), answers balanced."""
    if not items:
        return []
    size = opts.negatives + 1
    # a paper's items share blocks; a one-equation record draws its own position
    key = items[0].slot.paper_id if items[0].slot.base is None else items[0].slot.equation_id
    positions = letter_positions(opts.seed, key, len(items), size)
    out: list[dict] = []
    for item, pos in zip(items, positions):
        s = item.slot
        rng = random.Random(f"{opts.seed}:{s.equation_id}:order")
        negs = list(item.negatives)
        rng.shuffle(negs)
        cands = negs[:pos] + [None] + negs[pos:]
        before = trim_before(s.context_before, opts.context_words)
        after = trim_after(s.context_after, opts.context_words)
        base = dict(s.base) if s.base is not None else {}
        common = {"paper_id": s.paper_id, "equation_id": s.equation_id, "context_before": before,
                  "context_after": after, "positive": item.positive, "method": item.method, "seed": opts.seed}
        common.update(s.extra)
        if item.keep is not None:
            common["keep"] = item.keep
        if opts.format == "choice":
            rec = {**base, "id": s.equation_id, **common,
                   "options": [item.positive if c is None else c.latex for c in cands],
                   "answer": string.ascii_uppercase[pos],
                   "option_rules": [None if c is None else c.rule for c in cands],
                   "option_changes": [None if c is None else c.change for c in cands]}
            if any(getattr(c, "filter", None) is not None for c in negs):
                rec["option_filters"] = [None if c is None else getattr(c, "filter", None) for c in cands]
            out.append(rec)
            continue
        for j, c in enumerate(cands):
            rec = {**base, "id": f"{s.equation_id}:c{j + 1}", **common, "option": string.ascii_uppercase[j],
                   "candidate": item.positive if c is None else c.latex, "label": 1 if c is None else 0,
                   "rule": None if c is None else c.rule, "change": None if c is None else c.change}
            if c is not None and getattr(c, "filter", None) is not None:
                rec["filter"] = c.filter
            if c is not None and getattr(c, "attempts", None) is not None:
                rec["attempts"] = c.attempts
            out.append(rec)
    return out


def paper_slots(rec: dict, opts: "EqSynthOptions", log=None) -> list[Slot]:
    """The equations an item is made from: :func:`slots`, and of a paper's ``equations[]`` at most
    ``opts.max_per_paper``, drawn as AAAR's extraction does (shuffled with the seed, the first k
    kept; here back in document order). A record that is one equation is kept as it is."""
    out = slots(rec, log)
    k = opts.max_per_paper
    if not k or len(out) <= k or "equations" not in rec:
        return out
    order = list(range(len(out)))
    random.Random(f"{opts.seed}:{out[0].paper_id}:sample").shuffle(order)
    keep = sorted(order[:k])
    if log:
        log(f"{out[0].paper_id}: {k} of {len(out)} equations sampled (--max-per-paper {k}, --seed {opts.seed})")
    return [out[i] for i in keep]


def prepare(slot: Slot, log=None) -> str | None:
    """The positive of a slot (AAAR's simplified LaTeX), or None (logged) when it cannot be used."""
    from scholartools.equations.normalise import simplify_equation, tokenises

    if len(slot.latex) > MAX_EQUATION_CHARS:
        if log:
            log(f"{slot.equation_id}: skipped: {len(slot.latex)} characters of LaTeX (more than {MAX_EQUATION_CHARS})")
        return None
    positive = simplify_equation(slot.latex)
    if not tokenises(positive):
        if log:
            log(f"{slot.equation_id}: skipped: the equation does not tokenise (unbalanced braces or environments)")
        return None
    return positive


def rules_record(rec: dict, opts: EqSynthOptions, log=None) -> list[dict]:
    """The rule-based items of one input record (raises ``RecordError`` when it has none)."""
    from scholartools.equations.rules import rule_negatives

    items = []
    skipped = 0
    all_slots = paper_slots(rec, opts, log)
    for s in all_slots:
        positive = prepare(s, log)
        if positive is None:
            skipped += 1
            continue
        rng = random.Random(f"{opts.seed}:{s.equation_id}:rules")
        negs = rule_negatives(positive, opts.negatives, rng, s.context_before + "\n" + s.context_after)
        if len(negs) < opts.negatives:
            skipped += 1
            if log:
                log(f"{s.equation_id}: skipped: only {len(negs)} valid rule-based negative(s) for "
                    f"{positive[:60]!r}")
            continue
        items.append(Item(s, positive, negs, "rules"))
    if not items:
        raise RecordError("no_items", f"none of the {len(all_slots)} equation(s) gave an item "
                          f"(too short, too long, or not tokenising)", field="equations")
    return item_records(items, opts)


def rules_batch(records: list[dict], ctx) -> list:
    """The offline method (a task's ``offline``): rule-based negatives for each record."""
    out = []
    for rec in records:
        try:
            out.append(rules_record(rec, ctx.options, ctx.log))
        except RecordError as exc:
            out.append(exc)
    return out
