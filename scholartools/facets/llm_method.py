"""LLM method of st-facets: extraction of the four facets (copy spans, JSON) and the per-facet
rubric judge (FM paper §3.2–3.3), zero-shot or few-shot, through the project's LLM layer.

Every extracted span is checked against its source with :mod:`scholartools.text.verbatim`; a span
that is not verbatim is kept but reported under ``facets.<side>.not_verbatim``. Judge replies are
parsed as a single integer on the facet's scale; an unparsable reply leaves the facet unscored
(``null`` with the raw reply in the evidence), never a wrong number. Empty-facet rules of the
authors' code: reference facet empty → 0 without a call; candidate facet empty → 1 without a call.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from scholartools.facets.decompose import facets_from_spans
from scholartools.vocabulary import FACET_MAXIMA as SCALE_MAX
from scholartools.vocabulary import FACETS
from scholartools.text.verbatim import check

DEFAULT_SHOTS = Path(__file__).with_name("shots") / "default.jsonl"
EXTRACT_TEMPLATE = "facets_extract"
JUDGE_TEMPLATES = {"background": "facets_judge_bc", "conclusion": "facets_judge_bc",
                   "method": "facets_judge_mr", "result": "facets_judge_mr"}
#: the few-shot judge (``--shots``): the paper's few-shot rubric wording (§3.3, appendix Figs 1-2),
#: not the zero-shot one of §3.2 with examples added
FEW_SHOT_TEMPLATES = {"background": "facets_judge_bc_few", "conclusion": "facets_judge_bc_few",
                      "method": "facets_judge_mr_few", "result": "facets_judge_mr_few"}


def judge_templates(shots) -> dict:
    """Facet → the judge template: the few-shot rubric when there are examples, else the zero-shot."""
    return FEW_SHOT_TEMPLATES if shots else JUDGE_TEMPLATES


def dry_facets(text: str) -> dict:
    """What the extraction of ``text`` stands in for under --dry-run, so that the judge calls are
    counted too: every facet present (the judge count is an upper bound), each marked and unique
    to the text, so that two pairs' judge prompts differ as in a real run (one stand-in for every
    text made every pair's judge prompt of a facet the same, and the dry run counted one judge
    call per facet for the whole input: ScholarSum's plan said 18 calls for 12 pairs)."""
    import hashlib

    h = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    return {f: f"(dry run: the {f} of text {h})" for f in FACETS}


def load_shots(path: str | Path | None = None) -> list[dict]:
    """Few-shot examples ``{facet, reference, candidate, rating}`` from a JSONL file."""
    from scholartools.records import read_utf8

    p = Path(path) if path else DEFAULT_SHOTS
    return [json.loads(line) for line in read_utf8(p).splitlines() if line.strip()]


def examples_block(shots: list[dict], facet: str) -> str:
    """The examples text for one facet's prompt: shots on the same scale (B/C or M/R)."""
    group = {"background", "conclusion"} if facet in ("background", "conclusion") else {"method", "result"}
    chosen = [s for s in shots if s["facet"] in group and 1 <= int(s["rating"]) <= SCALE_MAX[facet]]
    if not chosen:
        return ""
    lines = ["Examples:"]
    for s in chosen:
        lines.append(f"Input1: '{s['reference']}'\nInput2: '{s['candidate']}'\nNumber: {int(s['rating'])}")
    return "\n".join(lines) + "\n"


def parse_extraction(text: str) -> dict:
    """Facet → string from an extraction reply: a JSON object with the four facet keys, each a
    string (or a list of strings, joined); anything else raises ``ReplyParseError`` (the client
    then asks once more, and a second failure leaves the record unscored)."""
    from scholartools.llm import replies

    value = replies.parse_object(text, {f: "text|texts" for f in FACETS})
    return {f: (" ".join(v) if isinstance(v, list) else v).strip() for f, v in value.items()}


def spans_record(spans: dict, source: str) -> dict:
    """Facet record from extracted spans, with the verbatim check against ``source``."""
    rec = facets_from_spans(spans)
    bad = {}
    for f in FACETS:
        if spans.get(f):
            r = check(spans[f], source)
            if not r.verbatim:
                bad[f] = round(r.coverage, 3)
    rec["not_verbatim"] = bad
    return rec


@lru_cache(maxsize=None)
def judge_rating_parser(facet: str):
    """The rating parser of ``facet``'s judge: an integer from 1 to the facet's maximum."""
    from scholartools.llm import replies

    top = SCALE_MAX[facet]
    return lambda text: replies.parse_score(text, 1, top, integer=True)
