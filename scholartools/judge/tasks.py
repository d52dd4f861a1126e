"""st-judge's tasks: every LLM-as-judge protocol of the five papers, each one object with its
options dataclass (default, help, choices) and its own checks, variants and templates used.

``st-judge`` lists the options of all of them and refuses an option given to a task that does
not take it; :meth:`JudgeTask.prepare` turns option values into the ``ctx.options`` the
generators read (checked: a bad value is a :class:`~scholartools.errors.UsageError` naming the
option).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from scholartools.errors import UsageError
from scholartools.tasks import Options, RunsOptions, Task, option

COMMAND = "st-judge"


def _field(default: str, help: str) -> Any:
    return option(default, help, metavar="FIELD")


def _parser() -> Any:
    return option("strict", "Reply parsing: strict; paper = rate: PaperRQ's regex cascade, entail: AAAR's first "
                  "0/1; bagels = match: the authors' exact reply == 'Yes'.", choices=("strict", "paper", "bagels"))


def _orders() -> Any:
    return option("both", "match, prefer: ask in one presentation order or in both (position-bias control).",
                  choices=("one", "both"))


def _paper() -> Any:
    return _field("body_text", "critique, labels: the paper text (optional; cut to --paper-words).")


def _paper_words() -> Any:
    return option(3000, "critique, labels: words of the paper shown.", type=int, min=0, metavar="N")


def _claim() -> Any:
    return _field("claim", "compare3: the focal claim; prefer, labels: the target claim(s) (text or list).")


def _weakness() -> Any:
    return _field("weakness", "compare3: the model's weakness; labels: the weakness labelled.")


@dataclass
class JudgeOptions(RunsOptions):
    """What every judge task takes: where the verdict goes."""

    out: str = option("judge", "Where the verdict object goes (dotted path).", metavar="FIELD", shared=True)


def _fields(text: str) -> list[str]:
    return [f.strip() for f in text.split(",") if f.strip()]


def _check_parser(o: Any, allowed: tuple[str, ...], owner: str) -> None:
    if o.parser not in allowed:
        raise UsageError(f"--parser {o.parser} is for {owner}")


@dataclass(frozen=True)
class JudgeTask(Task):
    """A task of st-judge: ``ctx.options`` is a namespace of its option values."""

    def prepare(self, options: Any) -> SimpleNamespace:
        o = SimpleNamespace(**dataclasses.asdict(options))
        if not o.out:
            raise UsageError("--out needs a field name")
        self.check(o)
        return o

    def check(self, o: SimpleNamespace) -> None:
        """Check and complete the option values in place."""


# --------------------------------------------------------------------------- match

@dataclass
class MatchOptions(JudgeOptions):
    gt: str = _field("limitations.merged", "match: the ground-truth list (texts, or objects with 'text').")
    gen: str = _field("generated", "match: the generated list.")
    variants: int = option(3, "match: prompt variants asked per pair (1-3; default 3, the paper's three prompts "
                              "whose consistent verdict is kept, BAGELS §6.2 / Fig. 5; 1 is the cheap trial).",
                           type=int, min=1, max=3, metavar="K")
    orders: str = _orders()
    inconsistent: str = option("no", "match: when a pair's votes (variants x orders) disagree: no match, the "
                                     "majority (a tie is no match), or the first vote.",
                               choices=("no", "majority", "first"))
    batch_pairs: bool = option(False, "match: the whole x*y matrix of a paper in one call per variant and order "
                                      "(JSON; pairwise fallback for a malformed reply); one record per paper.",
                               is_flag=True)
    threshold: float | None = option(None, "match --method offline: cosine threshold (default 0.38, chosen on "
                                           "labelled limitation pairs; docs/st-judge.md).", type=float,
                                     min=-1, max=1, metavar="COS")
    parser: str = _parser()


@dataclass(frozen=True)
class MatchTask(JudgeTask):
    def check(self, o):
        if o.parser == "paper":
            raise UsageError("--parser paper is for rate and entail; match takes strict or bagels")
        if o.threshold is None:
            from scholartools.judge.match import EMBED_THRESHOLD

            o.threshold = EMBED_THRESHOLD

    def templates_used(self, o):
        stems = ["judge_match_matrix_", "judge_match_"] if o.batch_pairs else ["judge_match_"]
        return [f"{s}{k}" for s in stems for k in range(1, o.variants + 1)]

    def provenance(self, o, method):
        return {"threshold": o.threshold} if method == "offline" else {}


MATCH = MatchTask(
    name="match", command=COMMAND,
    summary="BAGELS PointWise: does each (ground-truth, generated) limitation pair share content or topic? "
            "One record per pair (or per paper with --batch-pairs) with match 0/1",
    llm="scholartools.judge.match:llm_record", offline="scholartools.judge.match:offline_batch",
    templates=("judge_match_1", "judge_match_2", "judge_match_3",
               "judge_match_matrix_1", "judge_match_matrix_2", "judge_match_matrix_3"),
    reads={"gt": "limitations.merged", "gen": "generated"},
    writes=("paper_id", "gt_idx", "gen_idx", "gt", "gen", "match", "match_matrix", "ground_truth", "generated"),
    method_names={"llm": "llm-pointwise", "offline": "embed-cosine"}, options=MatchOptions, embeds=True,
)


# --------------------------------------------------------------------------- rate

_SCALE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*-\s*(-?\d+(?:\.\d+)?)\s*$")


def _parse_scale(text: str) -> tuple[float, float]:
    m = _SCALE.match(text)
    if not m or not float(m.group(1)) < float(m.group(2)):
        raise UsageError(f"--scale wants LOW-HIGH with LOW < HIGH, e.g. 1-5, not '{text}'")
    return float(m.group(1)), float(m.group(2))


#: each protocol's output space as PaperRQ ran it (seed-rq.md §3.1: "whatever each original method
#: uses"): Wang et al.'s direct assessment answered 0-100 (Table 7: "95", "not a perfect 100");
#: G-Eval and Chiang & Lee 1-5. The FM vanilla rating is direct with --scale 1-4.
DEFAULT_SCALES = {"direct": "0-100"}
PROTOCOLS = ("direct", "geval", "analyze-rate", "rate-explain", "batch", "ice", "coascore", "autocalibrate")


@dataclass
class RateOptions(JudgeOptions):
    protocol: str = option("direct", "rate: the rating protocol.", choices=PROTOCOLS)
    aspect: str = option("problem", "rate: the aspect rated (built in: problem, method, format; others need "
                                    "--criteria).", metavar="NAME")
    criteria: str | None = option(None, "rate: criteria file, JSON {aspect: criterion, \"task\": ...} or plain "
                                        "text.", path=True, metavar="FILE")
    scale: str | None = option(None, "rate: score range (default: the paper's output space, 0-100 for direct, "
                                     "the Wang et al. judge (PaperRQ §3.1, Table 7); 1-5 for the other protocols).",
                               type=str, metavar="LOW-HIGH")
    doc: str = _field("abstract,introduction", "rate: source-document field(s), comma-separated, joined by a "
                                               "blank line.")
    summary: str = _field("rq", "rate: the text rated.")
    samples: int | None = option(None, "rate: scored samples per item, mean (default 20 for geval, analyze-rate, "
                                       "rate-explain; 1 otherwise); each cached under its own index.",
                                 type=int, min=1, metavar="N")
    steps: int = option(5, "rate: evaluation steps generated for geval / analyze-rate / rate-explain.",
                        type=int, min=1, metavar="K")
    batch_size: int = option(10, "rate --protocol batch: items per prompt.", type=int, min=1, metavar="N")
    loops: int = option(3, "rate --protocol batch: rounds of re-composed batches.", type=int, min=1, metavar="N")
    shots: str | None = option(None, "rate --protocol ice|autocalibrate: human-scored examples (JSONL with the "
                                     "--doc, --summary and --shot-score fields).", path=True, metavar="FILE")
    n_shots: int = option(5, "rate: demonstrations per item (ice) or per drafted rubric (autocalibrate).",
                          type=int, min=1, metavar="N")
    shot_score: str | None = option(None, "rate: the human score in --shots (default human.ASPECT).",
                                    type=str, metavar="FIELD")
    logprobs: bool = option(False, "rate (direct, geval, rate-explain, ice): probability-weighted score from the "
                                   "first score token when the provider returns log-probabilities.", is_flag=True)
    sub_aspects: int = option(3, "rate --protocol coascore: related aspects in the chain.", type=int, min=1,
                              metavar="N")
    candidates: int = option(3, "rate --protocol autocalibrate: rubrics drafted.", type=int, min=1, metavar="K")
    calibration_size: int = option(20, "rate --protocol autocalibrate: examples each rubric is checked on.",
                                   type=int, min=2, metavar="M")
    seed: int = option(0, "rate: seed of demonstration choice and batch composition.", type=int)
    parser: str = _parser()


@dataclass(frozen=True)
class RateTask(JudgeTask):
    def check(self, o):
        from scholartools.judge import rate

        if o.parser == "bagels":
            raise UsageError("--parser bagels is for match; rate and entail take strict or paper")
        if o.scale is None:
            o.scale = DEFAULT_SCALES.get(o.protocol, "1-5")
        o.scale = _parse_scale(o.scale) if isinstance(o.scale, str) else tuple(o.scale)
        o.doc = _fields(o.doc) if isinstance(o.doc, str) else list(o.doc)
        if not o.doc:
            raise UsageError("--doc needs at least one field")
        try:
            o.task_text, o.criterion = rate.load_criteria(o.criteria, o.aspect)
            if o.samples is None:
                o.samples = rate.default_samples(o.protocol)
            if o.logprobs and o.protocol not in rate.LOGPROB_PROTOCOLS:
                raise UsageError(f"--logprobs weighs the first score token; --protocol {o.protocol} does not "
                                 f"start its reply with the score (use one of {', '.join(rate.LOGPROB_PROTOCOLS)})")
            if o.protocol in rate.NEEDS_SHOTS:
                if not o.shots:
                    raise UsageError(f"--protocol {o.protocol} needs --shots FILE (human-scored examples)")
                o.shots = rate.load_shots(o.shots, o.doc, o.summary, o.shot_score or f"human.{o.aspect}")
                if o.protocol == "autocalibrate" and len(o.shots) < 2:
                    raise UsageError("--protocol autocalibrate needs at least 2 human-scored examples in --shots")
            elif o.shots:
                o.shots = None   # only ice and autocalibrate read examples
        except UsageError:
            raise
        except (ValueError, OSError) as exc:
            raise UsageError(str(exc)) from exc

    def variant(self, o):
        """BatchEval and AutoCalibrate see all items at once (a group task), the other protocols one."""
        if o.protocol in ("batch", "autocalibrate"):
            fn = "batch_group" if o.protocol == "batch" else "autocalibrate_group"
            return dataclasses.replace(self, per="group", llm=f"scholartools.judge.rate:{fn}")
        return self

    def templates_used(self, o):
        from scholartools.judge import rate

        p = o.protocol
        if p in rate.SAMPLED:
            return [rate.STEPS_TEMPLATE, rate.TEMPLATES[p]]
        if p == "coascore":
            return list(rate.COA_TEMPLATES)
        if p == "autocalibrate":
            return [*rate.AUTOCAL_TEMPLATES, rate.TEMPLATES["direct"]]
        return [rate.TEMPLATES[p]]

    def provenance(self, o, method):
        return {"protocol": o.protocol, "aspect": o.aspect, "samples": o.samples, "scale": list(o.scale)}


RATE = RateTask(
    name="rate", command=COMMAND,
    summary="PaperRQ rating protocols (direct, geval, analyze-rate, rate-explain, batch, ice, coascore, "
            "autocalibrate): a score for --summary against --doc on --aspect",
    llm="scholartools.judge.rate:llm_record",
    templates=("judge_rate_direct", "judge_rate_geval_steps", "judge_rate_geval", "judge_rate_analyze",
               "judge_rate_explain", "judge_rate_batch", "judge_rate_ice", "judge_rate_coa_aspects",
               "judge_rate_coa_sub", "judge_rate_coa_final", "judge_rate_autocal_draft", "judge_rate_autocal_refine"),
    reads={"doc": "abstract,introduction", "summary": "rq"},
    writes=("judge.score", "judge.samples", "judge.raw", "judge.protocol"),
    method_names={"llm": "llm-rate"}, options=RateOptions,
)


# --------------------------------------------------------------------------- AAAR

@dataclass
class CritiqueOptions(JudgeOptions):
    style: str = option("all", "critique: Labeling-All, Select-Deficient, or both (deficient if both / either).",
                        choices=("all", "select", "both-no", "either-no"))
    segment: str = _field("segment_text", "critique: the review segment.")
    review_key: str = _field("paper_idx,review_model", "critique: field(s) naming the review a segment belongs to.")
    title: str = _field("title", "critique: the paper title (optional).")
    paper: str = _paper()
    paper_words: int = _paper_words()


@dataclass(frozen=True)
class CritiqueTask(JudgeTask):
    def check(self, o):
        o.review_key = _fields(o.review_key) if isinstance(o.review_key, str) else list(o.review_key)
        if not o.review_key:
            raise UsageError("--review-key needs at least one field")

    def templates_used(self, o):
        return {"all": ["judge_critique_all"], "select": ["judge_critique_select"]}.get(
            o.style, ["judge_critique_all", "judge_critique_select"])


CRITIQUE = CritiqueTask(
    name="critique", command=COMMAND,
    summary="AAAR ReviewCritique: each review segment deficient or not, with an explanation (prediction)",
    llm="scholartools.judge.aaar:critique_group", per="group",
    templates=("judge_critique_all", "judge_critique_select"),
    reads={"segment": "segment_text", "review_key": "paper_idx,review_model", "paper": "body_text"},
    writes=("prediction",), method_names={"llm": "llm-critique"}, options=CritiqueOptions,
    runs=3, combine="median", runs_source="AAAR §4 (each model run three times, the median reported)",
)


@dataclass
class EntailOptions(JudgeOptions):
    pred: str = _field("prediction.experiments", "entail: the predicted list (precision side).")
    gold: str = _field("experiments", "entail: the gold list (recall side).")
    parser: str = _parser()


@dataclass(frozen=True)
class EntailTask(JudgeTask):
    def check(self, o):
        if o.parser == "bagels":
            raise UsageError("--parser bagels is for match; rate and entail take strict or paper")


ENTAIL = EntailTask(
    name="entail", command=COMMAND,
    summary="AAAR ExperimentDesign: is each predicted experiment in the gold list and each gold one in the "
            "prediction (prediction_entailed, gold_entailed)",
    llm="scholartools.judge.aaar:entail_record", templates=("judge_entail",),
    reads={"pred": "prediction.experiments", "gold": "experiments"},
    writes=("prediction_entailed", "gold_entailed"), method_names={"llm": "llm-entail"}, options=EntailOptions,
)


@dataclass
class EquationContextOptions(JudgeOptions):
    """What both EquationInference judges read: the text around the equation, cut to N words a side."""

    before: str = _field("context_before", "equation, equation-choice: text before.")
    after: str = _field("context_after", "equation, equation-choice: text after.")
    context_words: int = option(1000, "equation, equation-choice: whitespace words kept on each side.", type=int,
                                min=0, metavar="N")


@dataclass
class EquationOptions(EquationContextOptions):
    candidate: str = _field("candidate", "equation: candidate LaTeX.")


EQUATION = JudgeTask(
    name="equation", command=COMMAND,
    summary="AAAR EquationInference: is the candidate equation correct in its context? (prediction 0/1)",
    llm="scholartools.judge.aaar:equation_record", templates=("judge_equation",),
    reads={"before": "context_before", "after": "context_after", "candidate": "candidate"},
    writes=("prediction",), method_names={"llm": "llm-equation"}, options=EquationOptions,
    runs=3, combine="median", runs_source="AAAR §4 (each model run three times, the median reported)",
)


@dataclass
class EquationChoiceOptions(EquationContextOptions):
    options: str = _field("options", "equation-choice: the candidate equations (list; st-eqsynth --format choice).")


EQUATION_CHOICE = JudgeTask(
    name="equation-choice", command=COMMAND,
    summary="AAAR EquationInference, multiple choice: which option is the equation in its context? "
            "(prediction = the option letter)",
    llm="scholartools.judge.equation_choice:choice_record", templates=("judge_equation_choice",),
    reads={"before": "context_before", "after": "context_after", "options": "options"},
    writes=("prediction",), method_names={"llm": "llm-equation-choice"}, options=EquationChoiceOptions,
    runs=3, combine="median", runs_source="AAAR §4 (each model run three times, the median reported)",
)


# --------------------------------------------------------------------------- CLAIMCHECK

@dataclass
class Compare3Options(JudgeOptions):
    claim: str = _claim()
    weakness: str = _weakness()
    reviewer: str = _field("reviewer_weakness", "compare3: the reviewer's weakness.")


COMPARE3 = JudgeTask(
    name="compare3", command=COMMAND,
    summary="CLAIMCHECK claim verification: the model's weakness vs the reviewer's, same / similar / different",
    llm="scholartools.judge.claimcheck:compare3_record", templates=("judge_compare3",),
    reads={"claim": "claim", "weakness": "weakness", "reviewer": "reviewer_weakness"},
    writes=("judge.label",), method_names={"llm": "llm-compare3"}, options=Compare3Options,
)


@dataclass
class PreferOptions(JudgeOptions):
    original: str = _field("weakness", "prefer: the original weakness.")
    revised: str = _field("rewritten_weakness", "prefer: the revised weakness (a win = the revision is more "
                                                "specific).")
    claim: str = _claim()
    orders: str = _orders()


PREFER = JudgeTask(
    name="prefer", command=COMMAND,
    summary="CLAIMCHECK: is the revised weakness more specific than the original? both orders; "
            "preference win / tie / loss",
    llm="scholartools.judge.claimcheck:prefer_record", templates=("judge_prefer",),
    reads={"original": "weakness", "revised": "rewritten_weakness", "claim": "claim"},
    writes=("preference",), method_names={"llm": "llm-prefer"}, options=PreferOptions,
)


@dataclass
class LabelsOptions(JudgeOptions):
    weakness: str = _weakness()
    claim: str = _claim()
    review: str = _field("review", "labels: the whole review (optional).")
    paper: str = _paper()
    paper_words: int = _paper_words()


LABELS = JudgeTask(
    name="labels", command=COMMAND,
    summary="CLAIMCHECK weakness labels: objectivity 1-5, agreement 1-5, weakness types",
    llm="scholartools.judge.claimcheck:labels_record", templates=("judge_labels",),
    reads={"weakness": "weakness", "claim": "claim", "review": "review", "paper": "body_text"},
    writes=("judge.objectivity", "judge.agreement", "judge.types"), method_names={"llm": "llm-labels"},
    options=LabelsOptions,
    defaults={"temperature": 0.3}, defaults_source="CLAIMCHECK App. C.1 (T=0.3 for WLE, CV)",
    runs=3, run_seeds=(0, 42, 2025), combine="mean", runs_source="CLAIMCHECK App. C.1 (seeds 0, 42, 2025; the mean reported)",
)
