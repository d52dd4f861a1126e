"""``st-generate --task rq``: one research question from a paper's abstract and introduction
(PaperRQ, ``specs/seed-rq.md`` §1).

Three prompt styles (``--prompt``), written here from the paper's description of its three:

* ``rq1`` — describes the nature of a good research question (precise, empirically answerable,
  pointing at the challenge), no template, no reasoning;
* ``rq2`` — asks for exactly one question in the template "Can the PROBLEM be solved by the
  METHOD?";
* ``rq3`` — an XML-markup prompt (LPML style): tag definitions, a THINK step, then a
  RESEARCH_QUESTION holding exactly one PROBLEM and one METHOD tag and the combined question.
  The reply is parsed into ``rq`` (the question without its PROBLEM / METHOD tags),
  ``rq_problem`` and ``rq_method``; the reasoning goes to ``generation.rq.think``.

The introduction is the ``introduction`` field (PaperRQ's rows) or the paper record's sections of
type introduction.
"""
from __future__ import annotations

import re

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.llm.replies import ReplyParseError, parse_tags
from scholartools.records import RecordError

STYLES = ("rq1", "rq2", "rq3")
TEMPLATES = tuple(f"gen_{s}" for s in STYLES)
_LABEL = re.compile(r"^\s*(?:\*\*)?(?:key\s+)?research\s+questions?(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*", re.I)
_TAGS = re.compile(r"<\s*/?\s*[A-Za-z_]+(?:\s+[^<>]*)?>")


def parse_plain(text: str) -> str:
    """The question of an ``rq1`` / ``rq2`` reply: the text without a "Research question:" label
    or surrounding quotes."""
    rq = _LABEL.sub("", (text or "").strip()).strip().strip('"“”').strip()
    if not rq:
        raise ReplyParseError("expected the research question as one sentence")
    return rq


def parse_rq3(text: str) -> dict:
    """``{rq, problem, method, think}`` from a tagged ``rq3`` reply (RESEARCH_QUESTION required)."""
    tags = parse_tags(text, ["RESEARCH_QUESTION", "THINK"], required=["RESEARCH_QUESTION"], multiple=True)
    block = tags["RESEARCH_QUESTION"][-1]
    inner = parse_tags(block, ["PROBLEM", "METHOD"], required=[])
    rest = re.sub(r"<\s*(PROBLEM|METHOD)\s*>.*?<\s*/\s*\1\s*>", " ", block, flags=re.S | re.I)
    rq = " ".join(_TAGS.sub(" ", rest).split())
    if not re.search(r"[A-Za-z]", rq):   # only tags inside: the tags' text, joined
        rq = " ".join(_TAGS.sub(" ", block).split())
    if not rq:
        raise ReplyParseError("expected <RESEARCH_QUESTION> with the question in it")
    return {"rq": rq, "problem": inner.get("PROBLEM"), "method": inner.get("METHOD"),
            "think": "\n\n".join(tags["THINK"]) or None}


def introduction(rec: dict, fields: dict) -> str:
    value = P.read(rec, "introduction", fields)
    if value is not None:
        return value
    secs = P.sections(rec, fields, required=False)
    text = "\n\n".join(s["text"] for s in secs if s.get("type") == "introduction" and s["text"].strip())
    return text


def one(rec: dict, ctx, k: int):
    opts = ctx.options
    abstract = P.abstract(rec, opts.fields)
    intro = introduction(rec, opts.fields)
    if not abstract.strip() and not intro.strip():
        raise RecordError("missing_field", "neither an abstract nor an introduction in the record",
                          field=opts.fields.get("abstract", "abstract"))
    style = opts.prompt
    parse = parse_rq3 if style == "rq3" else parse_plain
    dry = (lambda h: {"rq": asking.dry_text(h), "problem": None, "method": None, "think": None}) \
        if style == "rq3" else asking.dry_text
    res = yield asking.ask(ctx, k, f"gen_{style}", abstract=abstract.strip(), introduction=intro.strip(),
                           parse=parse, dry=dry)
    value = reply_values.value_or_unscored(res, "research question")
    out = {"raw": res.text, "generation.rq": {"prompt": style}}
    if not reply_values.answered(res):
        out.update(rq=None)
        if style == "rq3":
            out.update(rq_problem=None, rq_method=None)
        return out
    if style == "rq3":
        out.update(rq=value["rq"], rq_problem=value["problem"], rq_method=value["method"])
        out["generation.rq"]["think"] = value["think"]
    else:
        out["rq"] = value
    return out


llm_record = sampling.sampled(one)
