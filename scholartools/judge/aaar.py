"""AAAR-1.0's judge tasks (``specs/seed-aaar.md``), each writing what ``st-score`` reads:

* ``critique`` (ReviewCritique, §4): every segment of a review labelled deficient or not, with
  an explanation; one call per review with the indexed segments. ``--style all`` (Labeling-All:
  a label for every segment), ``select`` (Select-Deficient: only the deficient ones are named),
  ``both-no`` / ``either-no`` (both prompts; deficient when both / either say so). Input: one
  record per segment, grouped into reviews by ``--review-key``; output ``prediction`` (true =
  deficient) for ``st-score --metric critique-prf`` (gold ``deficient``).
* ``entail`` (ExperimentDesign, §2.4): E(x, Y) = is experiment x included in the list Y; asked
  for every predicted item against the gold list (precision) and every gold item against the
  prediction (recall); output ``prediction_entailed`` / ``gold_entailed`` for ``--metric en-prf``.
* ``equation`` (EquationInference, §1.3): is the candidate the equation that belongs between the
  two contexts (cut to ``--context-words`` whitespace words on each side, as AAAR's
  ``split()[-N:]`` / ``split()[:N]``); output ``prediction`` 0/1 for ``--metric eqinfer`` (gold
  ``label``). A reply that is not 0 or 1 after the repair re-ask is a *format failure*:
  ``prediction`` null and ``format_failure`` true; eqinfer then scores it wrong, as AAAR does.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from scholartools.judge.decoding import paper_params
from scholartools.judge.inputs import first_words, last_words, numbered, read_text, read_texts
from scholartools.judge.outcomes import reason_of, templates_of, unscored_fields, value_of, with_field
from scholartools.judge.reply_parsers import parse_binary_first, parse_binary_strict
from scholartools.llm.replies import ReplyParseError, parse_json
from scholartools.records import RecordError, get_path

CRITIQUE_STYLES = ("all", "select", "both-no", "either-no")
CRITIQUE_TEMPLATES = {"all": "judge_critique_all", "select": "judge_critique_select"}
NOT_GIVEN = "(not given)"


# --------------------------------------------------------------------------- critique

_BOOL_WORDS = {"true": True, "yes": True, "deficient": True, "1": True,
               "false": False, "no": False, "reliable": False, "not deficient": False, "0": False}


def _segment_id(v: Any, n: int) -> int:
    if isinstance(v, str) and v.strip().lstrip("[").rstrip("]").isdigit():
        v = int(v.strip().lstrip("[").rstrip("]"))
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
        raise ReplyParseError(f"segment ids must be numbers from 1 to {n}, found {v!r}")
    return v


def _as_bool(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)) and v in (0, 1):
        return bool(v)
    if isinstance(v, str) and v.strip().lower() in _BOOL_WORDS:
        return _BOOL_WORDS[v.strip().lower()]
    raise ReplyParseError(f'"deficient" must be true or false, found {v!r}')


def _entries(text: str) -> list:
    value = parse_json(text)
    if isinstance(value, dict):   # {"segments": [...]} and the like
        lists = [v for v in value.values() if isinstance(v, list)]
        if len(lists) != 1:
            raise ReplyParseError("expected a JSON array of segment objects")
        value = lists[0]
    if not all(isinstance(e, dict) for e in value):
        raise ReplyParseError("expected a JSON array of objects with an \"id\"")
    return value


def parse_label_all(text: str, n: int, require_all: bool = True) -> list[tuple[bool | None, str | None]]:
    """Labeling-All: ``[{"id", "deficient", "explanation"}]`` → per segment (deficient,
    explanation). ``require_all``: every segment 1..n must be labelled (else the reply is
    re-asked); without it, unlabelled segments are ``(None, None)``."""
    out: list[tuple[bool | None, str | None]] = [(None, None)] * n
    for e in _entries(text):
        k = _segment_id(e.get("id"), n)
        if "deficient" not in e:
            raise ReplyParseError(f'segment {k} has no "deficient" value')
        expl = e.get("explanation")
        out[k - 1] = (_as_bool(e["deficient"]), expl if isinstance(expl, str) else None)
    missing = [k + 1 for k, (d, _) in enumerate(out) if d is None]
    if require_all and missing:
        raise ReplyParseError(f"every segment 1..{n} needs a label; missing: {', '.join(map(str, missing[:20]))}")
    return out


def parse_select(text: str, n: int) -> list[tuple[bool, str | None]]:
    """Select-Deficient: ``[{"id", "explanation"}]`` (possibly empty) → per segment
    (deficient, explanation); segments not named are not deficient."""
    out: list[tuple[bool, str | None]] = [(False, None)] * n
    for e in _entries(text):
        k = _segment_id(e.get("id"), n)
        expl = e.get("explanation")
        out[k - 1] = (True, expl if isinstance(expl, str) else None)
    return out


def _review_key(rec: dict, paths: list[str]) -> tuple:
    values = []
    for p in paths:
        v = get_path(rec, p)
        if v is None:
            raise RecordError("missing_field", f"st-judge --task critique groups segments into reviews by "
                              f"'{','.join(paths)}'; this record lacks '{p}' (set --review-key)", field=p)
        values.append(v if isinstance(v, (str, int, float)) else repr(v))
    return tuple(values)


def ensemble(style: str, labels: dict[str, bool | None]) -> bool | None:
    """A segment's decision from the styles asked: one style → its label; ``both-no`` →
    deficient iff both say so; ``either-no`` → iff either does (None where it cannot be told)."""
    if style in ("all", "select"):
        return labels[style]
    a, b = labels["all"], labels["select"]
    if style == "both-no":
        if a is False or b is False:
            return False
        return True if a and b else None
    if a or b:
        return True
    return False if a is False and b is False else None


def critique_group(records: list[dict], ctx):
    """ReviewCritique over all input segments (a group task generator): one call per review and
    style; returns the segment records aligned with ``records``."""
    opts = ctx.options
    outputs: list[Any] = [None] * len(records)
    reviews: dict[tuple, list[int]] = {}
    texts: dict[int, str] = {}
    for i, rec in enumerate(records):
        try:
            key = _review_key(rec, opts.review_key)
            texts[i] = read_text(rec, opts.segment, "a review segment")
        except RecordError as exc:
            outputs[i] = exc
            continue
        reviews.setdefault(key, []).append(i)
    styles = ["all", "select"] if opts.style in ("both-no", "either-no") else [opts.style]
    asks, slots = [], []
    for key, members in reviews.items():
        first = records[members[0]]
        # the paper of a review, read once: from the first of its segments that carries it (a
        # dataset may give it with one segment of each review only: datasets.reviewcritique_segments)
        paper = next((p for p in (get_path(records[i], opts.paper) for i in members)
                      if isinstance(p, str) and p.strip()), None)
        paper = first_words(paper, opts.paper_words) if paper is not None else \
            "(not given: judge the segments on their own)"
        title = get_path(first, opts.title)
        segments = "\n".join(f"[{k}] {' '.join(texts[i].split())}" for k, i in enumerate(members, 1))
        n = len(members)
        for style in styles:
            parse = partial(parse_label_all, n=n) if style == "all" else partial(parse_select, n=n)
            dry = [(False, None)] * n
            asks.append(ctx.ask(CRITIQUE_TEMPLATES[style], title=title if isinstance(title, str) else NOT_GIVEN,
                                paper=paper, segments=segments, n=n, parse=parse, dry_value=dry, keep_errors=True))
            slots.append((key, style))
    results = yield asks
    answers: dict[tuple, dict[str, Any]] = {}
    for (key, style), res in zip(slots, results):
        answers.setdefault(key, {})[style] = res
    for key, members in reviews.items():
        got = answers[key]
        failed = next((r for r in got.values() if r.error), None)
        if failed is not None:
            for i in members:
                outputs[i] = failed.as_exception()
            continue
        per_style = {}
        for style, res in got.items():
            labels = value_of(res)
            if labels is None and style == "all" and res.text and not res.dry_run:
                try:   # an incomplete Labeling-All reply still labels the segments it names
                    labels = parse_label_all(res.text, len(members), require_all=False)
                except ReplyParseError:
                    labels = None
            per_style[style] = labels
        for k, i in enumerate(members):
            decided = {s: (per_style[s][k][0] if per_style[s] is not None else None) for s in styles}
            value = ensemble(opts.style, decided)
            explanation = next((per_style[s][k][1] for s in styles
                                if per_style[s] is not None and per_style[s][k][1]), None)
            verdict = {"deficient": value, "explanation": explanation, "style": opts.style, "segment": k + 1,
                       "review_size": len(members), "by_style": decided,
                       "raw": {s: got[s].text for s in styles}, "templates": templates_of(got.values())}
            if value is None:
                verdict["unscored_reason"] = next((reason_of(got[s]) for s in styles if reason_of(got[s])),
                                                  "not_labelled")
            out = dict(records[i])
            out["prediction"] = value
            outputs[i] = with_field(out, opts.out, verdict)
    return outputs


# --------------------------------------------------------------------------- entail

def entail_record(rec: dict, ctx):
    """ExperimentDesign entailment for one paper (a task generator)."""
    opts = ctx.options
    preds = read_texts(rec, opts.pred, "a list of predicted experiments")
    golds = read_texts(rec, opts.gold, "a list of gold experiments")
    parse = parse_binary_first if opts.parser == "paper" else parse_binary_strict
    # E(x, Y) with Y empty is 0 without asking
    params = paper_params(ctx, "entail")
    p_asks = [ctx.ask("judge_entail", item=p, items=numbered(golds), parse=parse, params=params)
              for p in preds] if golds else []
    g_asks = [ctx.ask("judge_entail", item=g, items=numbered(preds), parse=parse, params=params)
              for g in golds] if preds else []
    results = yield p_asks + g_asks
    p_res, g_res = results[:len(p_asks)], results[len(p_asks):]
    p_vals = [value_of(r) for r in p_res] if golds else [0] * len(preds)
    g_vals = [value_of(r) for r in g_res] if preds else [0] * len(golds)

    def detail(items, res_list):
        return [{"item": t, "value": value_of(r), "raw": r.text, **unscored_fields(r)} for t, r in zip(items, res_list)]

    verdict = {"protocol": "entail", "parser": opts.parser, "precision_side": detail(preds, p_res),
               "recall_side": detail(golds, g_res), "templates": templates_of(results)}
    unscored = sum(v is None for v in p_vals + g_vals)
    if unscored:
        verdict["n_unscored"] = unscored
    out = dict(rec)
    out.update(prediction_entailed=p_vals, gold_entailed=g_vals)
    return with_field(out, opts.out, verdict)


# --------------------------------------------------------------------------- equation

def equation_record(rec: dict, ctx):
    """EquationInference for one candidate (a task generator)."""
    opts = ctx.options
    n = opts.context_words
    before = last_words(read_text(rec, opts.before, "the context before the equation"), n)
    after = first_words(read_text(rec, opts.after, "the context after the equation"), n)
    candidate = read_text(rec, opts.candidate, "a candidate equation")
    res = yield ctx.ask("judge_equation", before=before, after=after, candidate=candidate, parse=parse_binary_strict,
                        params=paper_params(ctx, "equation"))
    value = value_of(res)
    verdict = {"value": value, "raw": res.text, "protocol": "equation", "context_words": n,
               "format_failure": value is None and reason_of(res) == "parse_failure",
               **unscored_fields(res), "templates": templates_of([res])}
    out = dict(rec)
    out["prediction"] = value
    return with_field(out, opts.out, verdict)
