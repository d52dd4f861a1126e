"""AAAR's LLM negatives (§1.1 ②–③): failed recoveries of a masked equation, then a flaw filter.

For each equation the model sees the last :attr:`~EqSynthOptions.prompt_words` words before it and
the first ones after it (100 each in AAAR), with the equation cut out and its left-hand side
given, and writes the equation; the left-hand side plus the reply is a negative when it tokenises
and its normal form differs from the positive's (and from the other negatives'). Otherwise the
model is asked again, at most ``max_tries`` times (10); a negative still missing then fails the
item. Decoding is AAAR's: temperature 1.2, top_p 0.99 (``--temperature`` overrides).

Every attempt is its own cached sample: negative ``j``'s try ``t`` is sample ``j·max_tries + t``,
so a rerun costs nothing and ``--negatives 4`` after 3 asks only for the fourth.

The filter then asks, per negative, whether it uses notation that the equation's context (the
item's ``context_words`` each side, what the judge will see) never defines — the paper's check for
context-unaligned negatives (AAAR §3.1 ③); an item is kept when at least one negative is judged
"Correct" (aligned) — a challenging one. ``filter="flaw"`` is the official code's check instead:
each negative alone, no context, "does it have an obvious flaw?".
Rejected items are left out (counted on stderr) or, with ``keep_filtered``, written with
``keep: false``.
"""
from __future__ import annotations

from dataclasses import dataclass

from scholartools.equations.items import EqSynthOptions, Item, item_records, paper_slots, prepare, trim_after, trim_before
from scholartools.records import RecordError
from scholartools.vocabulary import FLAW_VERDICTS

RECOVER_TEMPLATE = "eqsynth_recover"
FILTER_TEMPLATE = "eqsynth_filter"
#: ``--filter flaw``: the official code's context-free "obvious flaw?" check (not the paper's)
FLAW_FILTER_TEMPLATE = "eqsynth_filter_flaw"
FILTER_TEMPLATES = {"context": FILTER_TEMPLATE, "flaw": FLAW_FILTER_TEMPLATE}
VERDICTS = FLAW_VERDICTS


@dataclass
class LLMNegative:
    latex: str
    rule: str = "llm-recover"
    change: str | None = None
    attempts: int = 0
    filter: str | None = None


#: the longest recovery reply (characters) read as an equation: AAAR's equations are a few hundred
#: characters; normalising a 2 MB reply as LaTeX took ~30 s, for an answer that is no equation
MAX_REPLY_CHARS = 20_000


def parse_recovery(text: str) -> str:
    """The equation in a recovery reply: a fenced block's content (else the reply), without
    ``$``/``\\[``/environment wrappers; an empty reply, or one longer than :data:`MAX_REPLY_CHARS`,
    is a parse error (asked again once, then unscored: the try does not count as a negative)."""
    from scholartools.equations.normalise import strip_wrapper
    from scholartools.llm.replies import ReplyParseError, strip_fences

    if len(text or "") > MAX_REPLY_CHARS:
        raise ReplyParseError(f"expected the missing equation in LaTeX, not a reply of {len(text):,} characters "
                              f"(at most {MAX_REPLY_CHARS:,})")
    body = strip_wrapper(strip_fences(text or ""))
    if body.lower().startswith("latex\n"):
        body = body[6:].strip()
    if not body:
        raise ReplyParseError("expected the missing equation in LaTeX")
    return body


def parse_verdict(text: str) -> str:
    """"correct" or "wrong" from a flaw-filter reply."""
    from scholartools.llm.replies import parse_label

    return parse_label(text, VERDICTS).lower()


def lhs_prefix(positive: str) -> tuple[str, str]:
    """``(left-hand side, prefix)``: the prefix is the left-hand side with its relation, as
    written (``\\mathcal{L} =``), given to the model as the equation's beginning; both empty when
    the equation has no ``=``."""
    from scholartools.equations.normalise import lhs_end
    from scholartools.equations.tokens import tokenize

    toks = tokenize(positive)
    i = lhs_end(toks)
    if i is None:
        return "", ""
    return positive[:toks[i].start].rstrip(), positive[:toks[i].end].strip()


def negative_from_reply(reply: str, lhs: str, prefix: str) -> str:
    """The equation a recovery makes: the reply itself when it repeats the left-hand side, else
    the given prefix followed by the reply (AAAR prepends the left-hand side)."""
    from scholartools.equations.normalise import left_hand_side, normal_form, simplify_equation

    reply = simplify_equation(reply)
    if not prefix:
        return reply
    if normal_form(left_hand_side(reply)) == normal_form(lhs):
        return reply
    relation = prefix[len(lhs):].strip()
    if relation and reply.startswith(relation) and not reply[len(relation):len(relation) + 1].isalpha():
        reply = reply[len(relation):].lstrip()
    return f"{prefix} {reply}"


def llm_record(rec: dict, ctx):
    """The LLM method for one input record (a task generator for :mod:`scholartools.llm.stages`)."""
    from scholartools.equations.normalise import left_hand_side, normal_form, tokenises

    opts: EqSynthOptions = ctx.options
    log = ctx.log
    cfg_temp = ctx.llm.config.temperature if ctx.llm is not None else None
    params = {"temperature": opts.temperature if cfg_temp is None else cfg_temp, "top_p": opts.top_p,
              "max_tokens": opts.max_tokens}
    work = []
    all_slots = paper_slots(rec, opts, log)
    for s in all_slots:
        positive = prepare(s, log)
        if positive is None:
            continue
        lhs, prefix = lhs_prefix(positive)
        work.append({"slot": s, "positive": positive, "lhs": lhs, "prefix": prefix,
                     "before": trim_before(s.context_before, opts.prompt_words),
                     "after": trim_after(s.context_after, opts.prompt_words),
                     "seen": {normal_form(positive)}, "negs": [None] * opts.negatives,
                     "tries": [0] * opts.negatives, "failed": [False] * opts.negatives})
    if not work:
        raise RecordError("no_items", f"none of the {len(all_slots)} equation(s) can be used", field="equations")
    dry = ctx.dry_run
    # ---- recovery rounds: every missing negative of every equation is asked together
    while True:
        pending = [(w, j) for w in work for j in range(opts.negatives)
                   if w["negs"][j] is None and not w["failed"][j]]
        if not pending:
            break
        asks = []
        for w, j in pending:
            index = j * opts.max_tries + w["tries"][j]
            asks.append(ctx.ask(RECOVER_TEMPLATE, parse=parse_recovery, params=params, samples=index + 1,
                                keep_errors=True, dry_value="(dry run)",
                                before=w["before"], after=w["after"], lhs=w["prefix"])[index])
        results = yield asks
        for (w, j), res in zip(pending, results):
            w["tries"][j] += 1
            if res.error:
                w["failed"][j] = "call failed"
                log(f"{w['slot'].equation_id}: negative {j + 1}: the call failed ({res.error.get('message')})")
                continue
            if dry:
                w["negs"][j] = LLMNegative(f"(dry run {j})", attempts=w["tries"][j])
                continue
            if res.value is not None:
                cand = negative_from_reply(res.value, w["lhs"], w["prefix"])
                nf = normal_form(cand) if tokenises(cand) else None
                if nf is not None and nf not in w["seen"] and \
                        normal_form(left_hand_side(cand)) == normal_form(w["lhs"]):
                    w["seen"].add(nf)
                    w["negs"][j] = LLMNegative(cand, attempts=w["tries"][j])
                    continue
            if w["tries"][j] >= opts.max_tries:
                w["failed"][j] = f"no usable different answer in {opts.max_tries} tries"
    usable = []
    for w in work:
        if any(w["failed"]):
            why = sorted({f for f in w["failed"] if f})
            log(f"{w['slot'].equation_id}: skipped: {sum(bool(f) for f in w['failed'])} of {opts.negatives} "
                f"negatives missing ({'; '.join(why)})")
            continue
        usable.append(w)
    # ---- the filter: each negative with its context (the paper), or alone (--filter flaw, the code)
    template = FILTER_TEMPLATES[opts.filter]
    asks = [ctx.ask(template, parse=parse_verdict, params=params, keep_errors=True, dry_value="correct",
                    equation=n.latex, context_before=trim_before(w["slot"].context_before, opts.context_words),
                    context_after=trim_after(w["slot"].context_after, opts.context_words))
            for w in usable for n in w["negs"]]
    verdicts = iter((yield asks) if asks else [])
    items = []
    for w in usable:
        for n in w["negs"]:
            res = next(verdicts)
            n.filter = None if res.error else res.value
        keep = any(n.filter == "correct" for n in w["negs"])
        if not keep:
            log(f"{w['slot'].equation_id}: filtered out: "
                + ("every negative uses notation its context never defines" if opts.filter == "context"
                   else "no negative was judged plausible on its own"))
            if not opts.keep_filtered:
                continue
        items.append(Item(w["slot"], w["positive"], w["negs"], "llm-recover", keep=keep))
    if not items:
        raise RecordError("no_items", f"none of the {len(all_slots)} equation(s) gave an item "
                          f"({len(usable)} had all negatives; the flaw filter kept none)", field="equations")
    return item_records(items, opts)
