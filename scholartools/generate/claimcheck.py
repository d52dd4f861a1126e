"""``st-generate --task claim-weakness | weakness-edit``: CLAIMCHECK's claim verification and
weakness editing (``specs/seed-claimcheck.md`` §3.2-3.3).

Unit records carry the paper (``sections``, or ``text`` as a list of paragraphs as in
CLAIMCHECK's ``meta.text``), a focal ``claim``, and for the review side ``weakness`` (the
reviewer's span), ``review``, ``weakness_types`` (gold types: an object of booleans or a list of
names), ``target_claims`` and optionally ``related_works`` (texts of works the weakness or claim
cites). Field names are slots: ``--field claim=focal_claim``.

* ``claim-weakness`` (claim verification): the model's own weakness of the focal claim, told
  that the claim has at least one of the six weakness types and shown only the paper (and the
  related works), never the review → ``model_weakness`` ``{reasoning, types, evidence}``; when the
  record has a reviewer ``weakness``, a second call distills it into a standalone weakness about
  this claim (evidence and reasoning, faithful without quoting it) → ``reviewer_weakness``. The
  two reasonings are what ``st-judge`` compares (same / similar / different).
* ``weakness-edit`` (labelling and editing): objectivity 1-5, agreement 1-5, the six types and,
  if needed, a rewrite that makes the weakness more sound — the paper's instruction and nothing more
  (``--edit-specific`` adds "more specific, keep the anchors", off by default: Table 6 measures
  exactly that) → ``weakness_labels`` and ``rewritten_weakness``.

Evidence the model quotes from the paper goes through the shared verbatim checker
(:mod:`scholartools.text.verbatim`): a quote not found in the paper is dropped and counted
(``generation.<task>.evidence_not_verbatim`` and the provenance field ``not_verbatim``).
Images are not sent (text-only; figure, table and algorithm evidence is cited by caption number).
"""
from __future__ import annotations

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.llm.replies import ReplyParseError, check_object, parse_json
from scholartools.records import RecordError
from scholartools.vocabulary import WEAKNESS_TYPES

CLAIM_WEAKNESS_TEMPLATE = "gen_claim_weakness"
DISTILL_TEMPLATE = "gen_weakness_distill"
EDIT_TEMPLATE = "gen_weakness_edit"
_EVIDENCE_LISTS = ("figures", "tables", "algorithms")
#: ``--edit-specific`` (off by default): an instruction the paper's prompt does not give. CLAIMCHECK
#: Table 6 measures whether the rewrite is more specific and §4.3 reports that edits drop line
#: numbers and quotations, so asking for either changes what the table measures.
EDIT_SPECIFIC = (" Make the rewrite more specific than the original, and keep every precise anchor it has "
                 "(section or line numbers, quotations).")


def _types(value, required: bool = True) -> dict[str, bool]:
    if not isinstance(value, dict):
        raise ReplyParseError(f'expected "weakness_types" to be an object with the keys {", ".join(WEAKNESS_TYPES)}')
    low = {str(k).strip().lower().replace(" ", "_"): v for k, v in value.items()}
    out = {}
    for t in WEAKNESS_TYPES:
        v = low.get(t, False)
        if isinstance(v, str):
            v = v.strip().lower() in ("true", "yes", "1")
        out[t] = bool(v)
    if required and not any(out.values()):
        raise ReplyParseError("expected at least one weakness type set to true")
    return out


def _evidence(obj: dict) -> dict:
    ev = obj.get("evidence") or {}
    if not isinstance(ev, dict):
        raise ReplyParseError('expected "evidence" to be an object of labelled quotes {"text_0": "...", ...}')
    text = {str(k): v for k, v in ev.items() if isinstance(v, str)}
    out = {"text": text}
    for key in _EVIDENCE_LISTS:
        v = obj.get(key) or []
        out[key] = [str(x) for x in v] if isinstance(v, list) else [str(v)]
    return out


def parse_claim_weakness(text: str) -> dict:
    full = parse_json(text, expect="object")
    obj = check_object(full, {"reasoning": "text", "weakness_types": "object"})
    return {"reasoning": obj["reasoning"], "types": _types(obj["weakness_types"]), "evidence": _evidence(full)}


def parse_distilled(text: str) -> dict:
    full = parse_json(text, expect="object")
    obj = check_object(full, {"reasoning": "text"})
    return {"reasoning": obj["reasoning"], "evidence": _evidence(full)}


def _score(value, key: str) -> int:
    v = value
    if isinstance(v, str):
        v = v.strip()
        v = int(v) if v.isdigit() else None
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 5:
        raise ReplyParseError(f'expected "{key}" to be an integer from 1 to 5')
    return v


def parse_edit(text: str) -> dict:
    full = parse_json(text, expect="object")
    obj = check_object(full, {"weakness_types": "object", "rewritten_weakness": "text"})
    for key in ("objectivity", "agreement"):
        if key not in full:
            raise ReplyParseError(f'expected the key "{key}" (an integer from 1 to 5)')
    return {"objectivity": _score(full["objectivity"], "objectivity"),
            "agreement": _score(full["agreement"], "agreement"),
            "types": _types(obj["weakness_types"]),
            "rewritten_weakness": obj["rewritten_weakness"],
            "reasoning": {k: full[k] for k in ("objectivity_reasoning", "agreement_reasoning", "type_reasoning",
                                               "rewrite_reasoning") if isinstance(full.get(k), str)}}


# ---------------------------------------------------------------------- inputs

def _paper(rec: dict, opts, ctx) -> tuple[str, dict]:
    from scholartools.llm.tokens import count_tokens, truncate_tokens

    text = P.full_text(rec, opts.fields)
    short = truncate_tokens(text, opts.max_input_tokens, ctx.model)
    return short, {"paper_tokens": count_tokens(short, ctx.model), "truncated": len(short) < len(text)}


def _related(rec: dict, opts) -> str:
    value = P.read(rec, "related_works", opts.fields, kind=(list, str))
    if not value:
        return ""
    items = value if isinstance(value, list) else [value]
    blocks = []
    for i, it in enumerate(items):
        if isinstance(it, dict):
            it = "\n".join(str(it[k]) for k in ("title", "abstract", "text") if it.get(k))
        blocks.append(f"Related work {i + 1}:\n{it}")
    return "\n\n".join(blocks)


def _gold_types(rec: dict, opts) -> str:
    value = P.read(rec, "weakness_types", opts.fields, kind=(dict, list, str))
    if value is None:
        return "(not given)"
    if isinstance(value, dict):
        names = [t for t in WEAKNESS_TYPES if value.get(t)]
    elif isinstance(value, list):
        names = [str(v) for v in value]
    else:
        names = [value]
    return ", ".join(names) or "(none marked)"


def _claims(rec: dict, opts) -> str:
    value = P.read(rec, "target_claims", opts.fields, kind=(list, str))
    items = value if isinstance(value, list) else ([value] if value else [])
    return "\n".join(f"- {c}" for c in items) if items else "(none given)"


def _check_quotes(evidence: dict, source: str) -> int:
    """Drop evidence quotes that are not verbatim from the paper; returns how many were dropped."""
    from scholartools.text.verbatim import is_verbatim

    dropped = [k for k, q in evidence["text"].items() if not is_verbatim(q, source)]
    for k in dropped:
        del evidence["text"][k]
    return len(dropped)


# ---------------------------------------------------------------------- the tasks

def claim_weakness(rec: dict, ctx, k: int):
    opts = ctx.options
    claim = P.read(rec, "claim", opts.fields, required=True)
    if not claim.strip():
        raise RecordError("missing_field", "the claim is empty", field=opts.fields.get("claim", "claim"))
    weakness = P.read(rec, "weakness", opts.fields)
    paper, info = _paper(rec, opts, ctx)
    related = _related(rec, opts)
    no_evidence = {"text": {}, "figures": [], "tables": [], "algorithms": []}
    asks = [asking.ask(ctx, k, CLAIM_WEAKNESS_TEMPLATE, paper=paper, related=related, claim=claim,
                       parse=parse_claim_weakness,
                       dry=lambda h: {"reasoning": asking.dry_text(h), "types": dict.fromkeys(WEAKNESS_TYPES, False),
                                      "evidence": no_evidence})]
    if weakness:
        review = P.read(rec, "review", opts.fields) or "(not given)"
        asks.append(asking.ask(ctx, k, DISTILL_TEMPLATE, paper=paper, related=related, claim=claim,
                               review=review, weakness=weakness, types=_gold_types(rec, opts),
                               parse=parse_distilled,
                               dry=lambda h: {"reasoning": asking.dry_text(h), "evidence": no_evidence}))
    answers = yield asks
    out: dict = {"raw": {}}
    dropped = 0
    for key, what, res in zip(("model_weakness", "reviewer_weakness"), ("claim weakness", "distilled weakness"),
                              answers):
        out["raw"][key] = res.text
        value = reply_values.value_or_unscored(res, what)
        out[key] = value if reply_values.answered(res) else None
        if out[key] is not None and not res.dry_run:
            dropped += _check_quotes(value["evidence"], paper)
    info["evidence_not_verbatim"] = dropped
    out["generation.claim-weakness"] = info
    if dropped:
        out["_provenance"] = {"not_verbatim": dropped}
    return out


def weakness_edit(rec: dict, ctx, k: int):
    opts = ctx.options
    weakness = P.read(rec, "weakness", opts.fields, required=True)
    paper, info = _paper(rec, opts, ctx)
    review = P.read(rec, "review", opts.fields) or "(not given)"
    extra = EDIT_SPECIFIC if getattr(opts, "edit_specific", False) else ""
    res = yield asking.ask(ctx, k, EDIT_TEMPLATE, paper=paper, related=_related(rec, opts), review=review,
                           weakness=weakness, claims=_claims(rec, opts), edit_extra=extra, parse=parse_edit,
                           dry=lambda h: {"objectivity": None, "agreement": None, "types": None,
                                          "rewritten_weakness": asking.dry_text(h), "reasoning": {}})
    value = reply_values.value_or_unscored(res, "weakness labels and rewrite")
    if not reply_values.answered(res):
        return {"weakness_labels": None, "rewritten_weakness": None, "raw": res.text,
                "generation.weakness-edit": info}
    info["reasoning"] = value["reasoning"]
    return {"weakness_labels": {"objectivity": value["objectivity"], "agreement": value["agreement"],
                                "types": value["types"]},
            "rewritten_weakness": value["rewritten_weakness"], "raw": res.text,
            "generation.weakness-edit": info}


claim_weakness_record = sampling.sampled(claim_weakness)
weakness_edit_record = sampling.sampled(weakness_edit)
