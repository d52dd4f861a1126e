"""``st-generate --task summary``: an abstract-style summary of a paper — the candidate summaries
that st-facets and the Facet-aware Metric evaluate against the paper's real abstract
(``specs/seed-facets.md`` §1).

The abstract is the reference, so it is never in the prompt: the input is the paper's body
(sections other than abstract, references and acknowledgments) or, for ScholarSum-style records,
the ``article`` field, cut to ``--max-input-tokens`` tokens (the cut is recorded). Writes
``summary`` and ``raw``.
"""
from __future__ import annotations

import re

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.records import RecordError

TEMPLATE = "gen_summary"
_LABEL = re.compile(r"^\s*(?:\*\*|#+\s*)?abstract\b(?:\*\*)?\s*[:.]?(?:\*\*)?\s*\n*", re.I)
_SKIP = ("abstract", "references", "acknowledgments")


def body(rec: dict, fields: dict) -> str:
    """The paper without its abstract: the ``article`` field, else the sections' text."""
    article = P.read(rec, "article", fields)
    if article:
        return article
    secs = P.sections(rec, fields, required=False)
    text = P.render([(P.label(s), s["text"]) for s in secs if s.get("type") not in _SKIP])
    if not text.strip():
        raise RecordError("missing_field", "no paper body to summarise (sections, or article)",
                          field=fields.get("sections", "sections"))
    return text


def one(rec: dict, ctx, k: int):
    from scholartools.llm.tokens import count_message_tokens, count_tokens, truncate_tokens

    opts = ctx.options
    text = body(rec, opts.fields)
    tpl = ctx.template(TEMPLATE)
    overhead = count_message_tokens(tpl.render(paper="", words=str(opts.summary_words)), ctx.model)
    budget = max(0, opts.max_input_tokens - overhead)
    short = truncate_tokens(text, budget, ctx.model)
    res = yield asking.ask(ctx, k, TEMPLATE, paper=short, words=str(opts.summary_words), dry=asking.dry_text)
    text = reply_values.reply_text(res)
    summary = _LABEL.sub("", text.strip()) if text else None
    return {"summary": summary, "raw": res.text,
            "generation.summary": {"input_tokens": count_tokens(short, ctx.model), "truncated": len(short) < len(text)}}


llm_record = sampling.sampled(one)
