"""CLAIMCHECK's judge tasks (``specs/seed-claimcheck.md`` §3.2–3.3); its judge prompts are not in
the paper, so ours are written from the task definitions.

* ``compare3`` (claim verification, §3.2 step C): the model's weakness about a focal claim vs
  the reviewer's → ``same`` / ``similar`` / ``different`` (at ``--out``: ``label``).
* ``prefer`` (weakness editing, §3.3): which of two versions of a weakness is more *specific*,
  the original (``--original``) or the revision (``--revised``)? Asked in both presentation
  orders; the outcome, from the revision's side, is ``win`` / ``tie`` / ``loss``, and orders that
  disagree make a tie (as the spec suggests for position bias). Written to ``preference`` for
  ``st-score --metric win-tie-loss``.
* ``labels`` (weakness labelling, §2.3 / §3.3): objectivity 1–5, agreement 1–5 and the six
  multi-label weakness types (at least one), in one JSON reply.
"""
from __future__ import annotations

import re

from scholartools.judge.decoding import paper_params
from scholartools.judge.inputs import first_words, read_text
from scholartools.judge.outcomes import reason_of, templates_of, unscored_fields, value_of, with_field
from scholartools.judge.reply_parsers import parse_final_label, verdict_lines
from scholartools.llm.replies import ReplyParseError, check_object, parse_json
from scholartools.records import get_path
from scholartools.vocabulary import PREFERENCE_OUTCOMES, WEAKNESS_COMPARISON, WEAKNESS_TYPES

NOT_GIVEN = "(not given)"


def _optional_text(rec: dict, path: str | None, words: int | None = None) -> str:
    value = get_path(rec, path) if path else None
    if value is None or value == "" or value == []:
        return NOT_GIVEN
    text = read_text(rec, path)
    return first_words(text, words) if words else text


# --------------------------------------------------------------------------- compare3

def parse_compare3(text: str) -> str:
    return parse_final_label(text, WEAKNESS_COMPARISON)


def compare3_record(rec: dict, ctx):
    """Same / similar / different for one (claim, reviewer weakness, model weakness)."""
    opts = ctx.options
    res = yield ctx.ask("judge_compare3", claim=read_text(rec, opts.claim, "the focal claim"),
                        reviewer_weakness=read_text(rec, opts.reviewer, "the reviewer's weakness"),
                        model_weakness=read_text(rec, opts.weakness, "the model's weakness"), parse=parse_compare3,
                        params=paper_params(ctx, "claimcheck"))
    verdict = {"label": value_of(res), "raw": res.text, "protocol": "compare3", **unscored_fields(res),
               "templates": templates_of([res])}
    return with_field(rec, opts.out, verdict)


# --------------------------------------------------------------------------- prefer

def parse_ab(text: str) -> str:
    """``A``, ``B`` or ``tie`` from the reply's last ``Verdict:`` line; the letters must be
    capitals there (so that "Verdict: a tie" is a tie), and a reply without such a line is not
    guessed at (a bare "A" is also an English word)."""
    for line in reversed(verdict_lines(text)):
        for word in re.findall(r"[A-Za-z]+", line):
            if word in ("A", "B"):
                return word
            if word.lower() == "tie":
                return "tie"
    raise ReplyParseError("expected a final line 'Verdict: A', 'Verdict: B' or 'Verdict: tie'")


#: the revision's outcome for each verdict, by the position the revision was shown in
_OUTCOME = {"revised_second": {"B": "win", "A": "loss", "tie": "tie"},
            "revised_first": {"A": "win", "B": "loss", "tie": "tie"}}


def combine_preferences(outcomes: list[str | None]) -> tuple[str | None, bool | None]:
    """One outcome from the orders' outcomes: equal → it; different → ``tie``; unscored ones
    left out; none scored → None."""
    scored = [o for o in outcomes if o is not None]
    if not scored:
        return None, None
    if all(o == scored[0] for o in scored):
        return scored[0], True
    return "tie", False


def prefer_record(rec: dict, ctx):
    """Specificity preference between ``--original`` and ``--revised`` (win = revision)."""
    opts = ctx.options
    original = read_text(rec, opts.original, "the original weakness")
    revised = read_text(rec, opts.revised, "the revised weakness")
    claims = _optional_text(rec, opts.claim)
    orders = ["revised_second", "revised_first"] if opts.orders == "both" else ["revised_second"]
    asks = [ctx.ask("judge_prefer", claims=claims, first=original if o == "revised_second" else revised,
                    second=revised if o == "revised_second" else original, parse=parse_ab,
                    params=paper_params(ctx, "claimcheck")) for o in orders]
    results = yield asks
    details = []
    for o, res in zip(orders, results):
        v = value_of(res)
        details.append({"order": o, "verdict": v, "outcome": _OUTCOME[o][v] if v else None, "raw": res.text,
                        **unscored_fields(res)})
    value, consistent = combine_preferences([d["outcome"] for d in details])
    assert value is None or value in PREFERENCE_OUTCOMES
    verdict = {"preference": value, "consistent": consistent, "protocol": "prefer", "orders": details,
               "templates": templates_of(results)}
    if value is None:
        verdict["unscored_reason"] = next((reason_of(r) for r in results if reason_of(r)), "parse_failure")
    out = dict(rec)
    out["preference"] = value
    return with_field(out, opts.out, verdict)


# --------------------------------------------------------------------------- labels

LABEL_FIELDS = {"objectivity_reasoning": "text", "objectivity": "int", "agreement_reasoning": "text",
                "agreement": "int", "types_reasoning": "text", "types": "object"}


def _score_1_5(v, key: str) -> int:
    if isinstance(v, str) and v.strip().isdigit():
        v = int(v.strip())
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5:
        raise ReplyParseError(f'"{key}" must be an integer from 1 to 5, found {v!r}')
    return v


def parse_labels(text: str) -> dict:
    """The weakness-label object: objectivity and agreement 1–5 (integers, or their strings as
    CLAIMCHECK's release has them), and every weakness type true/false with at least one true."""
    value = parse_json(text, expect="object")
    for key in ("objectivity", "agreement"):   # "4" is read as 4, as CLAIMCHECK parses its scores
        if key in value:
            value[key] = _score_1_5(value[key], key)
    obj = check_object(value, LABEL_FIELDS, required=("objectivity", "agreement", "types"))
    types = obj["types"]
    missing = [t for t in WEAKNESS_TYPES if t not in types]
    if missing or not all(isinstance(types[t], bool) for t in WEAKNESS_TYPES):
        raise ReplyParseError(f'"types" must give true or false for each of {", ".join(WEAKNESS_TYPES)}'
                              + (f"; missing: {', '.join(missing)}" if missing else ""))
    if not any(types[t] for t in WEAKNESS_TYPES):
        raise ReplyParseError('"types" must mark at least one type true (use "other" when none fits)')
    obj["types"] = {t: types[t] for t in WEAKNESS_TYPES}
    return obj


def labels_record(rec: dict, ctx):
    """Objectivity, agreement and weakness types of one weakness."""
    opts = ctx.options
    res = yield ctx.ask("judge_labels", paper=_optional_text(rec, opts.paper, opts.paper_words),
                        review=_optional_text(rec, opts.review), weakness=read_text(rec, opts.weakness, "a weakness"),
                        claims=_optional_text(rec, opts.claim), parse=parse_labels,
                        params=paper_params(ctx, "claimcheck"))
    value = value_of(res)
    verdict: dict = {"objectivity": None, "agreement": None, "types": None}
    if value is not None:
        verdict.update(objectivity=value["objectivity"], agreement=value["agreement"], types=value["types"],
                       type_list=[t for t in WEAKNESS_TYPES if value["types"][t]],
                       reasoning={k.replace("_reasoning", ""): value[k] for k in value if k.endswith("_reasoning")})
    verdict.update(raw=res.text, protocol="labels", **unscored_fields(res), templates=templates_of([res]))
    return with_field(rec, opts.out, verdict)
