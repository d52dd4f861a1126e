"""``st-generate --task leak-filter``: AAAR ExpDesign's input preparation — the sentences of the
pre-experiment text that leak the experiments are deleted (``specs/seed-aaar.md`` §2.1; paper §3
"we use GPT-4 to delete any sentence that potentially leaks the experiment", about 9.8 % of
sentences; the authors' ``subtask2_del_sentence_leak.py``).

Units: an AAAR record's ``input`` lines (blank lines dropped first, as the authors do); a text
``input`` split into lines; without ``input``, the paper's text before its experiments section
(:func:`scholartools.generate.paper.before_experiments`) split into sentences. The gold
experiments (``experiments``) are read only here, to decide what to delete; the filtered text is
what ``st-generate --task experiments`` then reads (it never sees the experiments).

* **llm** (the paper's method): one call per unit with the whole gold list (one experiment a
  line) and the unit — does it hold a clue to any listed experiment? The reply is an integer;
  0 keeps the unit, any other integer deletes it; a reply that is no integer after the repair
  re-ask keeps it (the authors keep a line after 8 failed tries). Decoding as the authors: T 1,
  top_p 0.99, 512 tokens (``--temperature`` replaces the first two).
* **offline** (ours, not the paper's): a unit leaks when it shares at least ``--leak-shared``
  content words with one gold experiment and those cover at least ``--leak-cover`` of that
  experiment's content words (lower-cased words of 3+ letters, a plural ``s`` dropped, English
  stop words and LaTeX command names left out). No labelled leak data exists here to tune it.

Writes ``input`` (the kept units, each ending in a newline, so ``"".join`` is the text),
``input_unfiltered`` (all units) and ``generation.leak-filter`` = ``{units, deleted, share,
deleted_units (indices), method}``.
"""
from __future__ import annotations

import re

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.records import RecordError

TEMPLATE = "gen_leak_filter"
#: the authors' decoding for the leak check (OpenAIDecodingArguments of subtask2_del_sentence_leak.py)
PARAMS = {"temperature": 1.0, "top_p": 0.99, "max_tokens": 512}
_INT = re.compile(r"^\s*[*`'\"(]*\s*(-?\d+)\s*[*`'\".)]*\s*$")
_WORD = re.compile(r"[a-z]{3,}")
_LATEX_CMD = re.compile(r"\\[A-Za-z]+")
#: English function words (a short list: the offline rule only needs them out of the way)
STOP = frozenset("""
about above after again against all also among and any are because been before being below between both but
can could did does doing done down during each either few for from further had has have having her here hers
him his how however into its itself just may might more most much must not now off once only other our ours out
over own same she should since some such than that the their theirs them then there these they this those
through thus too under until upon very was were what when where whether which while who whom whose why will
with within without would yet you your yours we us one two three use used using based show shows shown paper
work propose proposed approach method methods model models result results new also well first second
""".split())


def parse_decision(text: str) -> int:
    """The authors' ``int(reply)``: an integer alone (``"1"``, ``" 0 "``, ``"**1**"``); else a parse failure."""
    from scholartools.llm.replies import ReplyParseError

    m = _INT.match(text or "")
    if not m:
        raise ReplyParseError("expected only 0 or 1")
    return int(m.group(1))


def units(rec: dict, fields: dict) -> list[str]:
    """The units checked, in order, blank ones dropped."""
    given = P.read(rec, "context", fields, default="input", kind=(str, list, dict))
    if isinstance(given, list):
        items = [str(x) for x in given]
    elif isinstance(given, str):
        items = given.splitlines(keepends=True)
    else:
        from scholartools.text.sentences import split_sentences

        text, _ = P.before_experiments(rec, fields)
        items = [s for para in text.split("\n") for s in split_sentences(para)]
    return [u for u in items if u.strip()]


def gold_experiments(rec: dict, fields: dict) -> list[str]:
    value = P.read(rec, "experiments", fields, required=True, kind=(list, str))
    items = value if isinstance(value, list) else [value]
    if not items or not all(isinstance(x, str) for x in items):
        raise RecordError("bad_value", "the gold experiments must be a non-empty list of strings",
                          field=fields.get("experiments", "experiments"))
    return items


def content_words(text: str) -> set[str]:
    """Lower-cased words of 3+ letters, a plural s dropped, without stop words or LaTeX commands."""
    words = set()
    for w in _WORD.findall(_LATEX_CMD.sub(" ", text).lower()):
        if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        if w not in STOP:
            words.add(w)
    return words


def leaks_offline(unit: str, experiments: list[set[str]], shared: int, cover: float) -> bool:
    """Does ``unit`` share ``shared``+ content words with one experiment, covering ``cover`` of it?"""
    mine = content_words(unit)
    for exp in experiments:
        common_words = mine & exp
        if exp and len(common_words) >= shared and len(common_words) / len(exp) >= cover:
            return True
    return False


def _result(items: list[str], deleted: list[int], method: str) -> dict:
    gone = set(deleted)
    lines = [u if u.endswith("\n") else u + "\n" for u in items]
    return {"input": [u for k, u in enumerate(lines) if k not in gone], "input_unfiltered": lines,
            "generation.leak-filter": {"units": len(items), "deleted": len(gone),
                                       "share": len(gone) / len(items) if items else 0.0,
                                       "deleted_units": sorted(gone), "method": method}}


def _params(ctx) -> dict:
    params = dict(PARAMS)
    if ctx.llm is not None and ctx.llm.config.temperature is not None:
        params.pop("temperature")
        params.pop("top_p")
    return params


def leak_filter(rec: dict, ctx, k: int):
    """The paper's LLM check, one call per unit."""
    opts = ctx.options
    items = units(rec, opts.fields)
    listing = "\n".join(x.strip() for x in gold_experiments(rec, opts.fields))
    answers = yield [asking.ask(ctx, k, TEMPLATE, experiments=listing, sentence=u.strip(), parse=parse_decision,
                                dry=0, params=_params(ctx)) for u in items]
    deleted = [i for i, a in enumerate(answers) if reply_values.answered(a) and not a.unscored and not a.error
               and a.value not in (0, None)]
    out = _result(items, deleted, "llm")
    out["generation.leak-filter"]["unreadable_kept"] = sum(1 for a in answers if a.unscored or a.error)
    return out


llm_record = sampling.sampled(leak_filter)


def offline_batch(records: list[dict], ctx) -> list:
    """The offline rule over a batch (see the module docstring)."""
    opts = ctx.options
    out: list = []
    for rec in records:
        try:
            items = units(rec, opts.fields)
            golds = [content_words(g) for g in gold_experiments(rec, opts.fields)]
        except RecordError as exc:
            out.append(exc)
            continue
        deleted = [i for i, u in enumerate(items) if leaks_offline(u, golds, opts.leak_shared, opts.leak_cover)]
        out.append(sampling.enrich(rec, _result(items, deleted, "offline")))
    return out
