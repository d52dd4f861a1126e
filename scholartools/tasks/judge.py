"""st-judge's tasks: every LLM-as-judge protocol of the five papers, found by name.

Each task names its generator (``scholartools.judge.*``), its templates, the fields it reads
and writes, and the click options it takes; ``st-judge`` lists the options of all of them and
refuses an option given to a task that does not use it. :func:`options_for` turns option values
into the ``ctx.options`` the generators read (checked: a bad value is a ``ValueError`` naming
the option).
"""
from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

import click

from scholartools.cli.types import Finite
from scholartools.tasks import Task, register

# --------------------------------------------------------------------------- options

_FIELD = {"metavar": "FIELD", "show_default": True}

OPTIONS: dict[str, Any] = {
    # match
    "gt": click.option("--gt", default="limitations.merged", **_FIELD,
                       help="match: the ground-truth list (texts, or objects with 'text')."),
    "gen": click.option("--gen", default="generated", **_FIELD, help="match: the generated list."),
    "variants": click.option("--variants", type=click.IntRange(1, 3), default=1, show_default=True, metavar="K",
                             help="match: prompt variants asked per pair (1-3)."),
    "orders": click.option("--orders", type=click.Choice(["one", "both"]), default="both", show_default=True,
                           help="match, prefer: ask in one presentation order or in both (position-bias control)."),
    "inconsistent": click.option("--inconsistent", type=click.Choice(["no", "majority", "first"]), default="no",
                                 show_default=True,
                                 help="match: when a pair's votes (variants x orders) disagree: no match, the "
                                      "majority (a tie is no match), or the first vote."),
    "batch_pairs": click.option("--batch-pairs", is_flag=True,
                                help="match: the whole x*y matrix of a paper in one call per variant and order "
                                     "(JSON; pairwise fallback for a malformed reply); one record per paper."),
    "threshold": click.option("--threshold", type=Finite(-1, 1), default=None, metavar="COS",
                              help="match --method embed: cosine threshold (default 0.38, chosen on labelled "
                                   "limitation pairs; docs/st-judge.md)."),
    # rate
    "protocol": click.option("--protocol", type=click.Choice(["direct", "geval", "analyze-rate", "rate-explain",
                                                              "batch", "ice", "coascore", "autocalibrate"]),
                             default="direct", show_default=True, help="rate: the rating protocol."),
    "aspect": click.option("--aspect", default="problem", show_default=True, metavar="NAME",
                           help="rate: the aspect rated (built in: problem, method, format; others need --criteria)."),
    "criteria": click.option("--criteria", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                             help="rate: criteria file, JSON {aspect: criterion, \"task\": ...} or plain text."),
    "scale": click.option("--scale", default="1-5", show_default=True, metavar="LOW-HIGH", help="rate: score range."),
    "doc": click.option("--doc", default="abstract,introduction", **_FIELD,
                        help="rate: source-document field(s), comma-separated, joined by a blank line."),
    "summary": click.option("--summary", default="rq", **_FIELD, help="rate: the text rated."),
    "samples": click.option("--samples", type=click.IntRange(1), default=None, metavar="N",
                            help="rate: scored samples per item, mean (default 20 for geval, analyze-rate, "
                                 "rate-explain; 1 otherwise); each cached under its own index."),
    "steps": click.option("--steps", type=click.IntRange(1), default=5, show_default=True, metavar="K",
                          help="rate: evaluation steps generated for geval / analyze-rate / rate-explain."),
    "batch_size": click.option("--batch-size", type=click.IntRange(1), default=10, show_default=True, metavar="N",
                               help="rate --protocol batch: items per prompt."),
    "loops": click.option("--loops", type=click.IntRange(1), default=3, show_default=True, metavar="N",
                          help="rate --protocol batch: rounds of re-composed batches."),
    "shots": click.option("--shots", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                          help="rate --protocol ice|autocalibrate: human-scored examples (JSONL with the --doc, "
                               "--summary and --shot-score fields)."),
    "n_shots": click.option("--n-shots", type=click.IntRange(1), default=5, show_default=True, metavar="N",
                            help="rate: demonstrations per item (ice) or per drafted rubric (autocalibrate)."),
    "shot_score": click.option("--shot-score", default=None, metavar="FIELD",
                               help="rate: the human score in --shots (default human.ASPECT)."),
    "logprobs": click.option("--logprobs", is_flag=True,
                             help="rate (direct, geval, rate-explain, ice): probability-weighted score from the "
                                  "first score token when the provider returns log-probabilities."),
    "sub_aspects": click.option("--sub-aspects", type=click.IntRange(1), default=3, show_default=True, metavar="N",
                                help="rate --protocol coascore: related aspects in the chain."),
    "candidates": click.option("--candidates", type=click.IntRange(1), default=3, show_default=True, metavar="K",
                               help="rate --protocol autocalibrate: rubrics drafted."),
    "calibration_size": click.option("--calibration-size", type=click.IntRange(2), default=20, show_default=True,
                                     metavar="M", help="rate --protocol autocalibrate: examples each rubric is "
                                                       "checked on."),
    "seed": click.option("--seed", type=int, default=0, show_default=True,
                         help="rate: seed of demonstration choice and batch composition."),
    # shared by several
    "parser": click.option("--parser", type=click.Choice(["strict", "paper", "bagels"]), default="strict",
                           show_default=True,
                           help="Reply parsing: strict; paper = rate: PaperRQ's regex cascade, entail: AAAR's "
                                "first 0/1; bagels = match: the authors' exact reply == 'Yes'."),
    "paper": click.option("--paper", default="body_text", **_FIELD,
                          help="critique, labels: the paper text (optional; cut to --paper-words)."),
    "paper_words": click.option("--paper-words", type=click.IntRange(0), default=3000, show_default=True,
                                metavar="N", help="critique, labels: words of the paper shown."),
    "claim": click.option("--claim", default="claim", **_FIELD,
                          help="compare3: the focal claim; prefer, labels: the target claim(s) (text or list)."),
    "weakness": click.option("--weakness", default="weakness", **_FIELD,
                             help="compare3: the model's weakness; labels: the weakness labelled."),
    # critique
    "style": click.option("--style", type=click.Choice(["all", "select", "both-no", "either-no"]), default="all",
                          show_default=True,
                          help="critique: Labeling-All, Select-Deficient, or both (deficient if both / either)."),
    "segment": click.option("--segment", default="segment_text", **_FIELD, help="critique: the review segment."),
    "review_key": click.option("--review-key", default="paper_idx,review_model", **_FIELD,
                               help="critique: field(s) naming the review a segment belongs to."),
    "title": click.option("--title", default="title", **_FIELD, help="critique: the paper title (optional)."),
    # entail
    "pred": click.option("--pred", default="prediction.experiments", **_FIELD,
                         help="entail: the predicted list (precision side)."),
    "gold": click.option("--gold", default="experiments", **_FIELD, help="entail: the gold list (recall side)."),
    # equation
    "before": click.option("--before", default="context_before", **_FIELD, help="equation: text before."),
    "after": click.option("--after", default="context_after", **_FIELD, help="equation: text after."),
    "candidate": click.option("--candidate", default="candidate", **_FIELD, help="equation: candidate LaTeX."),
    "context_words": click.option("--context-words", type=click.IntRange(0), default=1000, show_default=True,
                                  metavar="N", help="equation: whitespace words kept on each side."),
    # compare3, prefer, labels
    "reviewer": click.option("--reviewer", default="reviewer_weakness", **_FIELD,
                             help="compare3: the reviewer's weakness."),
    "original": click.option("--original", default="weakness", **_FIELD, help="prefer: the original weakness."),
    "revised": click.option("--revised", default="rewritten_weakness", **_FIELD,
                            help="prefer: the revised weakness (a win = the revision is more specific)."),
    "review": click.option("--review", default="review", **_FIELD, help="labels: the whole review (optional)."),
}


def _opts(*names: str) -> tuple:
    return tuple(OPTIONS[n] for n in names)


def option_names(task: Task) -> list[str]:
    """The option names (python identifiers) a task takes."""
    by_id = {id(v): k for k, v in OPTIONS.items()}
    return [by_id[id(o)] for o in task.options]


# --------------------------------------------------------------------------- tasks

MATCH = register(Task(
    name="match", command="st-judge",
    summary="BAGELS PointWise: does each (ground-truth, generated) limitation pair share content or topic? "
            "One record per pair (or per paper with --batch-pairs) with match 0/1",
    llm="scholartools.judge.match:llm_record", offline="scholartools.judge.match:offline_batch",
    templates=("judge_match_1", "judge_match_2", "judge_match_3",
               "judge_match_matrix_1", "judge_match_matrix_2", "judge_match_matrix_3"),
    reads={"gt": "limitations.merged", "gen": "generated"},
    writes=("paper_id", "gt_idx", "gen_idx", "gt", "gen", "match", "match_matrix", "ground_truth", "generated"),
    method_names={"llm": "llm-pointwise", "offline": "embed-cosine"},
    options=_opts("gt", "gen", "variants", "orders", "inconsistent", "batch_pairs", "threshold", "parser"),
))

RATE = register(Task(
    name="rate", command="st-judge",
    summary="PaperRQ rating protocols (direct, geval, analyze-rate, rate-explain, batch, ice, coascore, "
            "autocalibrate): a score for --summary against --doc on --aspect",
    llm="scholartools.judge.rate:llm_record",
    templates=("judge_rate_direct", "judge_rate_geval_steps", "judge_rate_geval", "judge_rate_analyze",
               "judge_rate_explain", "judge_rate_batch", "judge_rate_ice", "judge_rate_coa_aspects",
               "judge_rate_coa_sub", "judge_rate_coa_final", "judge_rate_autocal_draft", "judge_rate_autocal_refine"),
    reads={"doc": "abstract,introduction", "summary": "rq"},
    writes=("judge.score", "judge.samples", "judge.raw", "judge.protocol"),
    method_names={"llm": "llm-rate"},
    options=_opts("protocol", "aspect", "criteria", "scale", "doc", "summary", "samples", "steps", "batch_size",
                  "loops", "shots", "n_shots", "shot_score", "logprobs", "sub_aspects", "candidates",
                  "calibration_size", "seed", "parser"),
))

CRITIQUE = register(Task(
    name="critique", command="st-judge",
    summary="AAAR ReviewCritique: each review segment deficient or not, with an explanation (prediction)",
    llm="scholartools.judge.aaar:critique_group", per="group",
    templates=("judge_critique_all", "judge_critique_select"),
    reads={"segment": "segment_text", "review_key": "paper_idx,review_model", "paper": "body_text"},
    writes=("prediction",), method_names={"llm": "llm-critique"},
    options=_opts("style", "segment", "review_key", "title", "paper", "paper_words"),
))

ENTAIL = register(Task(
    name="entail", command="st-judge",
    summary="AAAR ExperimentDesign: is each predicted experiment in the gold list and each gold one in the "
            "prediction (prediction_entailed, gold_entailed)",
    llm="scholartools.judge.aaar:entail_record", templates=("judge_entail",),
    reads={"pred": "prediction.experiments", "gold": "experiments"},
    writes=("prediction_entailed", "gold_entailed"), method_names={"llm": "llm-entail"},
    options=_opts("pred", "gold", "parser"),
))

EQUATION = register(Task(
    name="equation", command="st-judge",
    summary="AAAR EquationInference: is the candidate equation correct in its context? (prediction 0/1)",
    llm="scholartools.judge.aaar:equation_record", templates=("judge_equation",),
    reads={"before": "context_before", "after": "context_after", "candidate": "candidate"},
    writes=("prediction",), method_names={"llm": "llm-equation"},
    options=_opts("before", "after", "candidate", "context_words"),
))

COMPARE3 = register(Task(
    name="compare3", command="st-judge",
    summary="CLAIMCHECK claim verification: the model's weakness vs the reviewer's, same / similar / different",
    llm="scholartools.judge.claimcheck:compare3_record", templates=("judge_compare3",),
    reads={"claim": "claim", "weakness": "weakness", "reviewer": "reviewer_weakness"},
    writes=("judge.label",), method_names={"llm": "llm-compare3"},
    options=_opts("claim", "weakness", "reviewer"),
))

PREFER = register(Task(
    name="prefer", command="st-judge",
    summary="CLAIMCHECK: is the revised weakness more specific than the original? both orders; "
            "preference win / tie / loss",
    llm="scholartools.judge.claimcheck:prefer_record", templates=("judge_prefer",),
    reads={"original": "weakness", "revised": "rewritten_weakness", "claim": "claim"},
    writes=("preference",), method_names={"llm": "llm-prefer"},
    options=_opts("original", "revised", "claim", "orders"),
))

LABELS = register(Task(
    name="labels", command="st-judge",
    summary="CLAIMCHECK weakness labels: objectivity 1-5, agreement 1-5, weakness types",
    llm="scholartools.judge.claimcheck:labels_record", templates=("judge_labels",),
    reads={"weakness": "weakness", "claim": "claim", "review": "review", "paper": "body_text"},
    writes=("judge.objectivity", "judge.agreement", "judge.types"), method_names={"llm": "llm-labels"},
    options=_opts("weakness", "claim", "review", "paper", "paper_words"),
))

#: every template st-judge may load (for --template NAME=FILE)
TEMPLATES = tuple(dict.fromkeys(t for task in (MATCH, RATE, CRITIQUE, ENTAIL, EQUATION, COMPARE3, PREFER, LABELS)
                                for t in task.templates))


# --------------------------------------------------------------------------- options → ctx.options

_SCALE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$")


def _parse_scale(text: str) -> tuple[float, float]:
    m = _SCALE.match(text)
    if not m or not float(m.group(1)) < float(m.group(2)):
        raise ValueError(f"--scale wants LOW-HIGH with LOW < HIGH, e.g. 1-5, not '{text}'")
    return float(m.group(1)), float(m.group(2))


def _fields(text: str) -> list[str]:
    return [f.strip() for f in text.split(",") if f.strip()]


def options_for(task: Task, values: dict[str, Any], out: str = "judge", model: str | None = None) -> SimpleNamespace:
    """The ``ctx.options`` of ``task`` from option values (defaults filled in); checked, with a
    ``ValueError`` naming the option when a value cannot work."""
    from scholartools.tasks import tasks_of

    full: dict[str, Any] = {}
    for t in tasks_of("st-judge").values():
        for name in option_names(t):
            full.setdefault(name, _default(name))
    unknown = sorted(set(values) - set(full))
    if unknown:
        raise ValueError(f"unknown st-judge option(s): {', '.join(unknown)}")
    full.update(values)
    o = SimpleNamespace(**full, out=out)
    if not out:
        raise ValueError("--out needs a field name")
    if task.name == "match":
        if o.parser == "paper":
            raise ValueError("--parser paper is for rate and entail; match takes strict or bagels")
        if o.threshold is None:
            from scholartools.judge.match import EMBED_THRESHOLD

            o.threshold = EMBED_THRESHOLD
    elif task.name in ("rate", "entail") and o.parser == "bagels":
        raise ValueError("--parser bagels is for match; rate and entail take strict or paper")
    if task.name == "rate":
        _rate_options(o)
    if task.name == "critique":
        o.review_key = _fields(o.review_key)
        if not o.review_key:
            raise ValueError("--review-key needs at least one field")
    return o


@lru_cache(maxsize=None)
def _default(name: str) -> Any:
    @OPTIONS[name]
    def probe():  # the click.Option the decorator would add, to read its default
        pass

    param = probe.__click_params__[0]
    if param.is_flag:
        return bool(param.default is True)
    default = param.default
    # click marks "no default" with a sentinel object, not None
    return default if isinstance(default, (str, int, float, type(None))) else None


def _rate_options(o: SimpleNamespace) -> None:
    from scholartools.judge import rate

    o.scale = _parse_scale(o.scale) if isinstance(o.scale, str) else tuple(o.scale)
    o.doc = _fields(o.doc) if isinstance(o.doc, str) else list(o.doc)
    if not o.doc:
        raise ValueError("--doc needs at least one field")
    o.task_text, o.criterion = rate.load_criteria(o.criteria, o.aspect)
    if o.samples is None:
        o.samples = rate.default_samples(o.protocol)
    if o.logprobs and o.protocol not in rate.LOGPROB_PROTOCOLS:
        raise ValueError(f"--logprobs weighs the first score token; --protocol {o.protocol} does not start its "
                         f"reply with the score (use one of {', '.join(rate.LOGPROB_PROTOCOLS)})")
    if o.protocol in rate.NEEDS_SHOTS:
        if not o.shots:
            raise ValueError(f"--protocol {o.protocol} needs --shots FILE (human-scored examples)")
        o.shots = rate.load_shots(o.shots, o.doc, o.summary, o.shot_score or f"human.{o.aspect}")
        if o.protocol == "autocalibrate" and len(o.shots) < 2:
            raise ValueError("--protocol autocalibrate needs at least 2 human-scored examples in --shots")
    elif o.shots:
        o.shots = None   # only ice and autocalibrate read examples


def task_for(task: Task, options: SimpleNamespace) -> Task:
    """The task as it runs with these options: rate's BatchEval and AutoCalibrate see all items
    at once (a group task), the other protocols one item at a time."""
    if task.name == "rate" and options.protocol in ("batch", "autocalibrate"):
        fn = "batch_group" if options.protocol == "batch" else "autocalibrate_group"
        return dataclasses.replace(task, per="group", llm=f"scholartools.judge.rate:{fn}")
    return task


def templates_used(task: Task, o: SimpleNamespace) -> list[str]:
    """The templates a run of ``task`` with options ``o`` can use (for provenance)."""
    if task.name == "match":
        stems = ["judge_match_matrix_", "judge_match_"] if o.batch_pairs else ["judge_match_"]
        return [f"{s}{k}" for s in stems for k in range(1, o.variants + 1)]
    if task.name == "rate":
        from scholartools.judge import rate

        p = o.protocol
        if p in rate.SAMPLED:
            return [rate.STEPS_TEMPLATE, rate.TEMPLATES[p]]
        if p == "coascore":
            return list(rate.COA_TEMPLATES)
        if p == "autocalibrate":
            return [*rate.AUTOCAL_TEMPLATES, rate.TEMPLATES["direct"]]
        return [rate.TEMPLATES[p]]
    if task.name == "critique":
        return {"all": ["judge_critique_all"], "select": ["judge_critique_select"]}.get(
            o.style, ["judge_critique_all", "judge_critique_select"])
    return list(task.templates)
