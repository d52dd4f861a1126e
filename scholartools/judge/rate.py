"""PaperRQ's rating protocols (``specs/seed-rq.md`` §3, Table 2): an LLM rates a text (the
research question, ``--summary``) against its source document (abstract + introduction,
``--doc``) on one aspect (problem, method, format, or any aspect with ``--criteria``).

=================  ===========================================================  ===================
protocol           what is asked                                                calls per item
=================  ===========================================================  ===================
``direct``         one prompt: instruction, aspect, criterion → "Score: N"      n
                   (Wang et al. 2023)
``geval``          evaluation steps generated once per aspect, then form        n (+1 steps call)
                   filling, score only (Liu et al. 2023a); ``--logprobs``:
                   probability-weighted score from the first score token
``analyze-rate``   steps, then analyse good/bad points, then "Rating: N"        n (+1)
                   (Chiang & Lee 2023 α)
``rate-explain``   steps, "Rating: N" first, then the explanation (β)           n (+1)
``batch``          BatchEval (Yuan et al. 2023): ``--batch-size`` items per     ⌈N/size⌉·loops
                   prompt, analyse then score (decimals), ``--loops`` rounds    (for all N items)
                   with re-composed batches of mixed quality, mean over rounds
``ice``            ``--n-shots`` human-scored demonstrations from ``--shots``,  n
                   then the item; no instruction (Jain et al. 2023)
``coascore``       a chain of related aspects (once), the item scored on each,  k + n (+1)
                   then on the target aspect with those scores (Gong & Mao)
``autocalibrate``  rubrics drafted from human-scored examples (``--shots``),    N·n (+ calibration
                   the one agreeing best with the humans kept and refined once,   K + K·m + 1 + m)
                   then every item scored with it (Liu et al. 2023b)
=================  ===========================================================  ===================

n = ``--samples`` (default 20 for geval / analyze-rate / rate-explain, as the paper; 1
otherwise), each sample cached under its own index, drawn at temperature 1 unless
``--temperature`` says otherwise; the item's score is the mean of the parsed samples. Scores
are read by the one parser of :mod:`scholartools.metrics.score_parsing`: strict by default,
the paper's regex cascade with ``--parser paper``.

Output at ``--out``: ``{score, samples, raw, protocol, aspect, scale, parser, n_unscored,
templates, …}``; ``score`` is null (with ``unscored_reason``) when no sample could be read.
"""
from __future__ import annotations

import json
import math
import random
from functools import partial
from typing import Any

from scholartools.judge.decoding import sampling_params
from scholartools.judge.inputs import numbered, read_joined, read_text
from scholartools.judge.outcomes import reason_of, templates_of, value_of, with_field
from scholartools.llm.replies import ReplyParseError, check_object, parse_json, parse_list, parse_score, parse_tags
from scholartools.records import RecordError, get_path

PROTOCOLS = ("direct", "geval", "analyze-rate", "rate-explain", "batch", "ice", "coascore", "autocalibrate")
#: protocols that see several items at once (run over the whole input as one group)
GROUP_PROTOCOLS = ("batch", "autocalibrate")
#: protocols whose default is the paper's n = 20 samples (G-Eval, Chiang & Lee)
SAMPLED = ("geval", "analyze-rate", "rate-explain")
#: protocols whose reply starts with the score, so that --logprobs can weigh its first token
LOGPROB_PROTOCOLS = ("direct", "geval", "rate-explain", "ice")
#: protocols that need human-scored examples (--shots)
NEEDS_SHOTS = ("ice", "autocalibrate")

#: PaperRQ's hand-written criteria (Table 8, paraphrased), for --aspect problem|method|format
PAPERRQ_CRITERIA = {
    "problem": "Problem: how accurately and how completely does the research question state the problem or "
               "challenge that this particular paper addresses?",
    "method": "Method: how accurately and how completely does the research question state the method or "
              "hypothesis the paper uses to solve its problem?",
    "format": "Format: does the research question convey the same meaning and intent as \"Can the PROBLEM be "
              "solved (or explained) by the METHOD?\", without needing that exact wording? Judge the form "
              "only; ignore whether its content is accurate.",
}
#: what the judge is told the texts are (a criteria file may replace it with "task")
PAPERRQ_TASK = ("The source document is the abstract and introduction of a research paper. The text to "
                "evaluate is a research question written for that paper.")

TEMPLATES = {"direct": "judge_rate_direct", "geval": "judge_rate_geval", "analyze-rate": "judge_rate_analyze",
             "rate-explain": "judge_rate_explain", "ice": "judge_rate_ice", "batch": "judge_rate_batch"}
STEPS_TEMPLATE = "judge_rate_geval_steps"
COA_TEMPLATES = ("judge_rate_coa_aspects", "judge_rate_coa_sub", "judge_rate_coa_final")
AUTOCAL_TEMPLATES = ("judge_rate_autocal_draft", "judge_rate_autocal_refine")


# --------------------------------------------------------------------------- options

def load_criteria(path: str | None, aspect: str) -> tuple[str, str]:
    """``(task, criterion)`` for ``aspect``: from ``--criteria FILE`` (a JSON object aspect →
    criterion, optionally with "task"; or a plain-text file holding the criterion), else
    PaperRQ's criteria. ``ValueError`` names what is missing."""
    task = PAPERRQ_TASK
    if path is None:
        if aspect not in PAPERRQ_CRITERIA:
            raise ValueError(f"no built-in criterion for aspect '{aspect}' (built in: "
                             f"{', '.join(PAPERRQ_CRITERIA)}); give --criteria FILE")
        return task, PAPERRQ_CRITERIA[aspect]
    from scholartools.records import read_utf8

    try:
        text = read_utf8(path)
    except ValueError as exc:
        raise ValueError(f"--criteria {exc}") from None
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        task = str(data.get("task", task))
        if aspect not in data:
            raise ValueError(f"--criteria {path}: no criterion for aspect '{aspect}' "
                             f"(it has: {', '.join(k for k in data if k != 'task')})")
        return task, str(data[aspect])
    if not text.strip():
        raise ValueError(f"--criteria {path} is empty")
    return task, text.strip()


def load_shots(path: str, doc: list[str], summary: str, score_field: str) -> list[dict]:
    """Human-scored examples (JSONL with the ``--doc`` / ``--summary`` fields and the score at
    ``score_field``): ``[{id, document, summary, score}]``; records without a score are skipped."""
    from scholartools.records import is_error, read_jsonl

    shots = []
    for n, rec in enumerate(read_jsonl(path, "st-judge"), 1):
        if is_error(rec):
            raise ValueError(f"--shots {path}: {rec['error']['message']}")
        score = get_path(rec, score_field)
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            continue
        try:
            shots.append({"id": rec.get("id"), "document": read_joined(rec, doc),
                          "summary": read_text(rec, summary), "score": float(score)})
        except RecordError as exc:
            raise ValueError(f"--shots {path}, record {n}: {exc.message}") from None
    if not shots:
        raise ValueError(f"--shots {path}: no example with a number at '{score_field}'")
    return shots


def default_samples(protocol: str) -> int:
    return 20 if protocol in SAMPLED else 1


def _score_parser(opts):
    low, high = opts.scale
    if opts.parser == "paper":
        return _parse_paper
    return partial(parse_score, low=low, high=high)


def _parse_paper(text: str) -> float:
    from scholartools.metrics.score_parsing import parse_paper

    value = parse_paper(text or "")
    if value is None:
        raise ReplyParseError("expected a score such as 'Score: 4'")
    return value


def _common(opts) -> dict:
    low, high = opts.scale
    return {"task": opts.task_text, "aspect": opts.aspect, "criterion": opts.criterion, "low": f"{low:g}",
            "high": f"{high:g}"}


def _item(rec: dict, opts) -> tuple[str, str]:
    return read_joined(rec, opts.doc, "the source document"), read_text(rec, opts.summary, "the text to evaluate")


# --------------------------------------------------------------------------- verdicts

def logprob_score(tokens: list | None, low: float, high: float) -> float | None:
    """G-Eval's probability-weighted score: Σ s·p(s) / Σ p(s) over the scale's integers s among
    the top alternatives of the first reply token that is such an integer; None without one."""
    if not tokens:
        return None

    def as_score(tok: str | None) -> int | None:
        t = (tok or "").strip()
        return int(t) if t.isdigit() and low <= int(t) <= high else None

    for tok in tokens:
        if as_score(tok.get("token")) is None:
            continue
        probs: dict[int, float] = {}
        for alt in tok.get("top_logprobs") or [{"token": tok.get("token"), "logprob": tok.get("logprob")}]:
            s = as_score(alt.get("token"))
            if s is not None and alt.get("logprob") is not None:
                probs[s] = probs.get(s, 0.0) + math.exp(alt["logprob"])
        total = sum(probs.values())
        return sum(s * p for s, p in probs.items()) / total if total > 0 else None
    return None


def _sample_values(results: list, opts) -> tuple[list, str | None]:
    """Per-sample scores (probability-weighted with --logprobs when the provider sent them)."""
    values = [value_of(r) for r in results]
    if not opts.logprobs:
        return values, None
    low, high = opts.scale
    weighted = [None if r.dry_run or r.error else logprob_score(r.logprobs, low, high) for r in results]
    if any(w is not None for w in weighted):
        return [w if w is not None else v for w, v in zip(weighted, values)], "logprobs"
    return values, "none (the provider returned no log-probabilities)"


def verdict(opts, results: list, values: list, used: list | None = None, **extra: Any) -> dict:
    """The rating verdict: mean of the parsed samples, with every sample and raw reply."""
    low, high = opts.scale
    parsed = [v for v in values if v is not None]
    out = {"score": sum(parsed) / len(parsed) if parsed else None, "samples": values,
           "raw": [r.text if r is not None else None for r in results], "protocol": opts.protocol,
           "aspect": opts.aspect, "scale": [low, high], "parser": opts.parser,
           "n_unscored": len(values) - len(parsed)}
    if not parsed:
        reasons = {reason_of(r) for r in results} - {None}
        out["unscored_reason"] = reasons.pop() if len(reasons) == 1 else "parse_failure"
    out.update(extra)
    out["templates"] = templates_of(used if used is not None else results)
    return out


def _finish(rec: dict, opts, v: dict) -> dict:
    return with_field(rec, opts.out, v)


def _need(res, what: str):
    value = res.value
    if value is None:
        raise RecordError("unparsable_reply", f"the {what} reply could not be read", raw=res.text,
                          problem=(res.unscored or {}).get("detail"))
    return value


# --------------------------------------------------------------------------- per-item protocols

DRY_STEPS = ["(evaluation steps: not generated in a dry run)"]


def _once(ctx, key: str, ask, what: str):
    """A request whose answer every item of the run shares (G-Eval's steps, CoAScore's chain):
    identical for every item, so the LLM layer asks it once (in-flight merge, then the cache);
    the first answer is also kept for the run, so that every item uses the same one even with
    ``--no-cache``. ``(value, Result)``."""
    memo = ctx.options.__dict__.setdefault("_shared_answers", {})
    if key not in memo:
        res = yield ask
        memo.setdefault(key, (_need(res, what), res))
    return memo[key]


def _steps(ctx, opts):
    """The evaluation steps of the aspect (one request, the same for every item)."""
    ask = ctx.ask(STEPS_TEMPLATE, **_common(opts), n_steps=opts.steps, parse=parse_list, dry_value=DRY_STEPS)
    return (yield from _once(ctx, "steps", ask, "evaluation steps"))


def llm_record(rec: dict, ctx):
    """The per-item protocols (direct, geval, analyze-rate, rate-explain, ice, coascore); a task
    generator. ``ctx.options`` is built by :meth:`scholartools.judge.tasks.RateTask.prepare`."""
    opts = ctx.options
    doc, summary = _item(rec, opts)
    n = opts.samples
    extra_params = {"logprobs": True, "top_logprobs": 20} if opts.logprobs else None
    params = sampling_params(ctx, n, extra_params)
    parse = _score_parser(opts)
    fields = {**_common(opts), "document": doc, "summary": summary}
    protocol = opts.protocol
    if protocol == "coascore":
        return (yield from _coascore(rec, ctx, fields, parse, params))
    used: list = []
    extra: dict = {}
    if protocol in SAMPLED:
        steps, steps_res = yield from _steps(ctx, opts)
        used.append(steps_res)
        fields["steps"] = numbered(steps)
        extra["steps"] = steps
    elif protocol == "ice":
        shots = choose_shots(rec, opts, doc)
        fields["examples"] = shots_block(shots)
        extra["shots"] = [s.get("id") for s in shots]
    results = yield ctx.ask(TEMPLATES[protocol], parse=parse, samples=n, params=params, **fields)
    values, weighting = _sample_values(results, opts)
    if weighting:
        extra["weighting"] = weighting
    return _finish(rec, opts, verdict(opts, results, values, used + list(results), **extra))


def choose_shots(rec: dict, opts, doc: str) -> list[dict]:
    """``--n-shots`` demonstrations for one item: drawn (seeded by the item's id) from the
    ``--shots`` pool, never the item itself nor an example of the same source document."""
    pool = [s for s in opts.shots if s["document"] != doc and (s["id"] is None or s["id"] != rec.get("id"))]
    rng = random.Random(f"{opts.seed}:{rec.get('id')}")
    return rng.sample(pool, min(opts.n_shots, len(pool)))


def shots_block(shots: list[dict]) -> str:
    return "\n\n".join(f"Source document:\n{s['document']}\n\nText to evaluate:\n{s['summary']}\n\n"
                       f"Score: {s['score']:g}" for s in shots)


def parse_aspect_chain(text: str) -> list[dict]:
    """CoAScore's related aspects: a JSON array of ``{"aspect", "definition"}`` (at least one)."""
    value = parse_json(text, expect="array")
    chain = [check_object(v, {"aspect": "text", "definition": "text"}) for v in value]
    if not chain:
        raise ReplyParseError('expected a non-empty JSON array of {"aspect": ..., "definition": ...}')
    return chain


def _coascore(rec: dict, ctx, fields: dict, parse, params: dict):
    opts = ctx.options
    dry_chain = [{"aspect": f"related aspect {i + 1}", "definition": "(dry run)"} for i in range(opts.sub_aspects)]
    ask = ctx.ask(COA_TEMPLATES[0], task=fields["task"], aspect=opts.aspect, criterion=opts.criterion,
                  n_aspects=opts.sub_aspects, parse=parse_aspect_chain, dry_value=dry_chain)
    chain, chain_res = yield from _once(ctx, "chain", ask, "related-aspect chain")
    chain = chain[: opts.sub_aspects]
    subs = yield [ctx.ask(COA_TEMPLATES[1], task=fields["task"], sub_aspect=a["aspect"], definition=a["definition"],
                          low=fields["low"], high=fields["high"], document=fields["document"],
                          summary=fields["summary"], parse=parse) for a in chain]
    sub_scores = [value_of(r) for r in subs]
    lines = [f"- {a['aspect']} ({a['definition']}): " + (f"{s:g}" if s is not None else "no score")
             for a, s in zip(chain, sub_scores)]
    results = yield ctx.ask(COA_TEMPLATES[2], chain="\n".join(lines), parse=parse, samples=opts.samples,
                            params=params, **fields)
    values, _ = _sample_values(results, opts)
    related = [{"aspect": a["aspect"], "definition": a["definition"], "score": s, "raw": r.text}
               for a, s, r in zip(chain, sub_scores, subs)]
    used = [chain_res, *subs, *results]
    return _finish(rec, opts, verdict(opts, results, values, used, related_aspects=related))


# --------------------------------------------------------------------------- BatchEval

def parse_batch_scores(text: str, n: int, low: float, high: float) -> list[float]:
    """BatchEval's reply: ``{"analysis": …, "scores": [n numbers in [low, high]]}``."""
    value = parse_json(text, expect="object")
    scores = value.get("scores")
    want = f'a JSON object with "scores": a list of exactly {n} numbers from {low:g} to {high:g}'
    if not isinstance(scores, list) or len(scores) != n:
        raise ReplyParseError(f"expected {want}" + (f"; found {len(scores)}" if isinstance(scores, list) else ""))
    out = []
    for s in scores:
        if isinstance(s, str):
            try:
                s = float(s.strip())
            except ValueError:
                raise ReplyParseError(f"expected {want}; found {s!r}") from None
        if isinstance(s, bool) or not isinstance(s, (int, float)) or not low <= s <= high:
            raise ReplyParseError(f"expected {want}; found {s!r}")
        out.append(float(s))
    return out


def _batch_items(members: list[tuple[str, str]]) -> str:
    return "\n\n".join(f"Item {k}\nSource document:\n{doc}\n\nText to evaluate:\n{summary}"
                       for k, (doc, summary) in enumerate(members, 1))


def compose_batches(order: list[int], size: int, means: dict[int, float] | None, rng: random.Random) -> list[list[int]]:
    """BatchEval's batches. First round: ``order`` cut into consecutive batches of ``size``.
    Later rounds (``means`` = each item's mean score so far): the items ranked by that score and
    dealt round-robin into ⌈N/size⌉ batches, so that every batch mixes good and bad items
    (heterogeneous batches), each batch then shuffled so position does not follow rank."""
    n = len(order)
    if not n:
        return []
    k = math.ceil(n / size)
    if means is None:
        return [order[i:i + size] for i in range(0, n, size)]
    ranked = sorted(order, key=lambda i: (-means[i], order.index(i)))
    batches = [ranked[b::k] for b in range(k)]
    for b in batches:
        rng.shuffle(b)
    return batches


def _group_items(records: list[dict], opts) -> tuple[list[Any], dict[int, tuple[str, str]]]:
    """For a group protocol: the output list (a record's read error already in its place) and
    the (document, text) of every readable record by position."""
    outputs: list[Any] = [None] * len(records)
    items: dict[int, tuple[str, str]] = {}
    for i, rec in enumerate(records):
        try:
            items[i] = _item(rec, opts)
        except RecordError as exc:
            outputs[i] = exc
    return outputs, items


def batch_group(records: list[dict], ctx):
    """BatchEval over all input records (a group task generator; list aligned with records)."""
    opts = ctx.options
    low, high = opts.scale
    mid = (low + high) / 2
    outputs, items = _group_items(records, opts)
    order = list(items)
    rng = random.Random(opts.seed)
    rng.shuffle(order)
    samples: dict[int, list] = {i: [] for i in order}
    raws: dict[int, list] = {i: [] for i in order}
    placed: dict[int, list] = {i: [] for i in order}
    used: list = []
    fields = _common(opts)
    for loop in range(opts.loops):
        means = None
        if loop:
            means = {}
            for i in order:
                got = [v for v in samples[i] if v is not None]
                means[i] = sum(got) / len(got) if got else mid
        batches = compose_batches(order, opts.batch_size, means, rng)
        asks = [ctx.ask(TEMPLATES["batch"], n=len(b), items=_batch_items([items[i] for i in b]),
                        parse=partial(parse_batch_scores, n=len(b), low=low, high=high),
                        dry_value=[mid] * len(b), keep_errors=True, **fields) for b in batches]
        results = yield asks
        used.extend(results)
        for bno, (b, res) in enumerate(zip(batches, results)):
            scores = res.value if res.value is not None and not res.error else None
            for pos, i in enumerate(b):
                samples[i].append(None if scores is None or res.dry_run else scores[pos])
                raws[i].append(res.text)
                placed[i].append({"loop": loop, "batch": bno, "position": pos, "size": len(b),
                                  **({"unscored_reason": reason_of(res)} if reason_of(res) else {})})
    for i in order:
        v = verdict(opts, [None] * len(samples[i]), samples[i], used, batch_size=opts.batch_size, loops=opts.loops,
                    batches=placed[i])
        v["raw"] = raws[i]
        if v["score"] is None:
            reasons = {p.get("unscored_reason") for p in placed[i]} - {None}
            v["unscored_reason"] = reasons.pop() if len(reasons) == 1 else "parse_failure"
        outputs[i] = _finish(records[i], opts, v)
    return outputs


# --------------------------------------------------------------------------- AutoCalibrate

DRY_CRITERIA = "(criteria: not drafted in a dry run)"


def _parse_criteria(text: str) -> str:
    return parse_tags(text, ["criteria"])["criteria"]


def _labelled_block(examples: list[dict], with_model: list | None = None) -> str:
    parts = []
    for k, ex in enumerate(examples):
        s = (f"Example {k + 1}\nSource document:\n{ex['document']}\n\nText to evaluate:\n{ex['summary']}\n\n"
             f"Expert score: {ex['score']:g}")
        if with_model is not None:
            s += f"\nScore given with the rubric: {with_model[k]:g}" if with_model[k] is not None else \
                "\nScore given with the rubric: none"
        parts.append(s)
    return "\n\n".join(parts)


def _spearman(pred: list, gold: list) -> float | None:
    from scholartools.agreement import Undefined
    from scholartools.agreement.correlation import correlation

    pairs = [(p, g) for p, g in zip(pred, gold) if p is not None]
    try:
        return correlation("spearman", [p for p, _ in pairs], [g for _, g in pairs])
    except Undefined:
        return None


def autocalibrate_group(records: list[dict], ctx):
    """AutoCalibrate (a group task generator): K rubrics drafted from ``--n-shots`` human-scored
    examples each; each scores the ``--calibration-size`` calibration examples; the one with the
    best Spearman ρ against the human scores is refined once on its worst-scored examples and the
    refinement kept if it agrees better; every item is then scored with the chosen rubric."""
    opts = ctx.options
    low, high = opts.scale
    mid = (low + high) / 2
    outputs, items = _group_items(records, opts)
    rng = random.Random(opts.seed)
    pool = list(opts.shots)
    calibration = rng.sample(pool, min(opts.calibration_size, len(pool)))
    common = _common(opts)
    parse = _score_parser(opts)
    subsets = [rng.sample(pool, min(opts.n_shots, len(pool))) for _ in range(opts.candidates)]
    drafts = yield [ctx.ask(AUTOCAL_TEMPLATES[0], examples=_labelled_block(subset), parse=_parse_criteria,
                            dry_value=DRY_CRITERIA, **common) for subset in subsets]
    used = list(drafts)
    rubrics = [r.value for r in drafts if r.value is not None]
    if not rubrics:
        raise RecordError("unparsable_reply", "no drafted rubric could be read (AutoCalibrate)",
                          raw=[r.text for r in drafts])

    def score_asks(rubric: str, pairs: list[tuple[str, str]], samples: int | None = None) -> list:
        """One Ask per (document, text) pair (``samples``: a list of Asks per pair, whose failed
        calls come back so that they end their own item only)."""
        fields = {**common, "criterion": f"Scoring rubric:\n{rubric}"}
        return [ctx.ask(TEMPLATES["direct"], document=d, summary=s, parse=parse, samples=samples,
                        params=sampling_params(ctx, samples or 1), dry_value=mid, keep_errors=samples is not None,
                        **fields) for d, s in pairs]

    cal_pairs = [(ex["document"], ex["summary"]) for ex in calibration]
    gold = [ex["score"] for ex in calibration]
    m = len(cal_pairs)
    flat = yield [a for rubric in rubrics for a in score_asks(rubric, cal_pairs)]
    used.extend(flat)
    preds = [[r.value for r in flat[k * m:(k + 1) * m]] for k in range(len(rubrics))]
    rhos = [_spearman(p, gold) for p in preds]
    best = max(range(len(rubrics)), key=lambda k: (rhos[k] if rhos[k] is not None else -math.inf, -k))
    gaps = sorted(range(m), key=lambda j: -(abs(preds[best][j] - gold[j]) if preds[best][j] is not None else math.inf))
    worst = gaps[: min(5, m)]
    refine = yield ctx.ask(AUTOCAL_TEMPLATES[1], task=common["task"], aspect=opts.aspect, low=common["low"],
                           high=common["high"], criteria=rubrics[best], parse=_parse_criteria, dry_value=DRY_CRITERIA,
                           examples=_labelled_block([calibration[j] for j in worst], [preds[best][j] for j in worst]))
    used.append(refine)
    chosen, chosen_rho, how = rubrics[best], rhos[best], f"draft {best + 1}"
    refined_rho = None
    if refine.value is not None:
        rescored = yield score_asks(refine.value, cal_pairs)
        used.extend(rescored)
        refined_rho = _spearman([r.value for r in rescored], gold)
        if refined_rho is not None and (chosen_rho is None or refined_rho > chosen_rho):
            chosen, chosen_rho, how = refine.value, refined_rho, "refined"
    order = list(items)
    n = opts.samples
    per_item = score_asks(chosen, [items[i] for i in order], n)
    flat_final = yield [a for asks in per_item for a in asks]
    finals = [flat_final[k * n:(k + 1) * n] for k in range(len(order))]
    calibration_info = {"candidates": [{"draft": k + 1, "spearman": rhos[k]} for k in range(len(rubrics))],
                        "refined_spearman": refined_rho, "chosen": how, "calibration_size": m,
                        "pool_size": len(pool), "criteria": chosen}
    for i, results in zip(order, finals):
        results = list(results)
        failed = next((r for r in results if r.error), None)
        if failed is not None:
            outputs[i] = failed.as_exception()
            continue
        values = [value_of(r) for r in results]
        v = verdict(opts, results, values, used + results, calibration=calibration_info)
        outputs[i] = _finish(records[i], opts, v)
    return outputs
