"""``st-generate --task experiments | explanations | weaknesses``: AAAR-1.0's ExperimentDesign and
PaperWeakness generation (``specs/seed-aaar.md`` §2.3, §3.3).

* ``experiments``: the paper text before its first experiments section (an AAAR record's
  ``input`` lines as they are), cut to ``--max-words`` words (AAAR: 3,000 for closed models, 2,000
  for open ones), one call asking for the list of experiments the authors must have run →
  ``experiments`` (list) and ``raw``.
* ``explanations``: the same context and, for each given experiment (``experiments``, AAAR's
  gold list with its ``k.`` numbers removed), one call asking why it was run
  (``--explain one-by-one``, AAAR's main setting) → ``explanations`` aligned with the
  experiments; ``--explain whole-list`` asks once for the whole aligned list (AAAR Table 4).
* ``weaknesses``: the whole paper (AAAR's layout: abstract, title, then ``heading text`` per
  section) split into ``num_pieces = n // W + 1`` consecutive pieces of ``n // num_pieces + 1``
  words (``W = --max-words``), one call per piece, the lists concatenated and renumbered
  (split-combine) → ``weaknesses`` and ``raw`` (one reply per piece). A piece the model finds
  without research content ("No research content") adds nothing. ``--split none`` (AAAR Table
  12's no-split) cuts the paper to ``W`` words and asks once.

Words are whitespace words here; AAAR counts NLTK ``word_tokenize`` tokens (punctuation apart),
so the same ``--max-words`` keeps somewhat more text (documented in ``docs/st-generate.md``).
"""
from __future__ import annotations

import re

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.generate.lists import renumber, segment
from scholartools.llm.tokens import truncate_words
from scholartools.records import RecordError

EXPERIMENTS_TEMPLATE = "gen_experiments"
EXPLANATION_TEMPLATE = "gen_explanation"
EXPLANATIONS_LIST_TEMPLATE = "gen_explanations_list"
WEAKNESSES_TEMPLATE = "gen_weaknesses"
NO_CONTENT = ("No research content",)
_NUMBER = re.compile(r"^\s*\d+\s*[.)]\s*")


def _context(rec: dict, opts) -> tuple[str, dict]:
    text, cut = P.before_experiments(rec, opts.fields)
    if not text.strip():
        raise RecordError("missing_field", "no paper text before the experiments (input, or sections)",
                          field=opts.fields.get("context", "input"))
    short = truncate_words(text, opts.max_words)
    return short, {"words": len(short.split()), "truncated": len(short) < len(text), "cut_at_experiments": cut}


def _list_parser(opts):
    return lambda text: segment(text, opts.segmenter, NO_CONTENT)


def experiments(rec: dict, ctx, k: int):
    opts = ctx.options
    context, info = _context(rec, opts)
    res = yield asking.ask(ctx, k, EXPERIMENTS_TEMPLATE, context=context, parse=_list_parser(opts),
                           dry=asking.dry_list)
    items = reply_values.value_or_unscored(res, "experiment list")
    return {"experiments": items if reply_values.answered(res) else None, "raw": res.text,
            "generation.experiments": info}


def _given_experiments(rec: dict, opts) -> list[str]:
    value = P.read(rec, "experiments", opts.fields, required=True, kind=(list, str))
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(x, str) for x in items):
        raise RecordError("bad_value", "the experiments must be a list of strings",
                          field=opts.fields.get("experiments", "experiments"))
    return [_NUMBER.sub("", x, count=1).strip() for x in items]


def explanations(rec: dict, ctx, k: int):
    opts = ctx.options
    exps = _given_experiments(rec, opts)
    context, info = _context(rec, opts)
    info["explain"] = opts.explain
    if not exps:
        return {"explanations": [], "raw": [], "generation.explanations": info}
    if opts.explain == "whole-list":
        listing = "\n".join(f"{i + 1}. {e}" for i, e in enumerate(exps))
        res = yield asking.ask(ctx, k, EXPLANATIONS_LIST_TEMPLATE, context=context, experiments=listing,
                               n=str(len(exps)), parse=_list_parser(opts), dry=asking.dry_list)
        items = reply_values.value_or_unscored(res, "explanation list")
        if not res.dry_run and len(items) != len(exps):
            info["length_mismatch"] = {"experiments": len(exps), "explanations": len(items)}
        return {"explanations": items if reply_values.answered(res) else None, "raw": res.text,
                "generation.explanations": info}
    answers = yield [asking.ask(ctx, k, EXPLANATION_TEMPLATE, context=context, experiment=e,
                                dry=asking.dry_text) for e in exps]
    out = [t.strip() if (t := reply_values.reply_text(a)) else None for a in answers]
    return {"explanations": out, "raw": [a.text for a in answers], "generation.explanations": info}


def pieces(text: str, window: int) -> list[str]:
    """AAAR's split: ``n`` words into ``n // window + 1`` consecutive pieces of
    ``n // num_pieces + 1`` words (the last one shorter)."""
    words = text.split()
    n = len(words)
    if n == 0:
        return []
    num = n // window + 1
    per = n // num + 1
    return [" ".join(words[i:i + per]) for i in range(0, n, per)]


def weaknesses(rec: dict, ctx, k: int):
    opts = ctx.options
    text = P.full_text(rec, opts.fields)
    if getattr(opts, "split", "combine") == "none":   # AAAR Table 12: no split, the paper cut to W words
        parts = [truncate_words(text, opts.max_words)] if text.split() else []
    else:
        parts = pieces(text, opts.max_words)
    answers = yield [asking.ask(ctx, k, WEAKNESSES_TEMPLATE, paper=p, parse=_list_parser(opts),
                                dry=asking.dry_list) for p in parts]
    merged: list[str] = []
    for i, a in enumerate(answers):
        merged.extend(reply_values.value_or_unscored(a, f"weakness list of piece {i + 1}") or [])
    done = all(reply_values.answered(a) for a in answers)
    return {"weaknesses": renumber(merged) if done and opts.segmenter == "aaar-lines" else (merged if done else None),
            "raw": [a.text for a in answers],
            "generation.weaknesses": {"pieces": len(parts), "words": [len(p.split()) for p in parts],
                                      "split": getattr(opts, "split", "combine")}}


experiments_record = sampling.sampled(experiments)
explanations_record = sampling.sampled(explanations)
weaknesses_record = sampling.sampled(weaknesses)
