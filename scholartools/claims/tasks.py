"""st-claims' tasks (CLAIMCHECK): ``extract`` (claims of a paper), ``weaknesses`` (weakness
passages of reviews) and ``associate`` (the claims each weakness targets). Each has an offline
method (:mod:`scholartools.claims.offline`) and an LLM method
(:mod:`scholartools.claims.llm_method`), and its options dataclass; ``ctx.options`` is a
:class:`~scholartools.claims.fields.ClaimsOptions`."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from scholartools.claims.associate import DEFAULT_FUSION, DEFAULT_MARGIN, DEFAULT_MAX_TARGETS, DEFAULT_MIN_SIMILARITY
from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, DEFAULT_THRESHOLD
from scholartools.claims.semantic import SEMANTIC_THRESHOLD
from scholartools.claims.stacked import STACKED_THRESHOLD
from scholartools.tasks import Options, RunsOptions, Task, option

#: the offline extraction's sentence scorers (``--scorer``); the first is the default
SCORERS = ("stacked", "semantic", "cues")
#: each scorer's keep threshold when ``--threshold`` is not given
SCORER_THRESHOLDS = {"stacked": STACKED_THRESHOLD, "semantic": SEMANTIC_THRESHOLD, "cues": DEFAULT_THRESHOLD}
#: the provenance ``method`` of an offline extraction under the default ``--scorer stacked`` (the
#: task's ``method_names["offline"]``), under ``--scorer semantic`` and under ``--scorer cues``
STACKED_METHOD = "offline: cue-phrase and MiniLM features, stacked by a regression fitted on claim labels"
SEMANTIC_METHOD = "offline: cue-phrase sentence scorer + MiniLM written-corpus score (--scorer semantic)"
CUES_METHOD = "offline: cue-phrase sentence scorer (--scorer cues)"

COMMAND = "st-claims"


@dataclass
class ExtractOptions(RunsOptions):
    max_claims: int | None = option(DEFAULT_MAX_CLAIMS, "extract, offline: keep at most N claims per paper, the "
                                    "best scored (CLAIMCHECK's candidate lists average 39). Default: every "
                                    "sentence at the threshold.", type=int, min=1, metavar="N",
                                    show_default=False)
    threshold: float | None = option(None, "extract, offline: minimum sentence score (higher: fewer, surer claims). "
                                     f"Default: {STACKED_THRESHOLD} for --scorer stacked (a probability) and "
                                     f"{DEFAULT_THRESHOLD} for cues (each the best F1 with precision ≥ .80 on the dev "
                                     f"PDFs), {SEMANTIC_THRESHOLD} for semantic (chosen with its weights on the dev "
                                     "PDFs).", type=float, metavar="T",
                                     show_default=False)
    scorer: str = option("stacked", "extract, offline: how sentences are scored. stacked: a regression fitted on "
                                    "two annotators' claim labels of 76 papers over the cue score, the MiniLM "
                                    "score and the sentence's words, section, cues and shape; semantic: the cue score plus "
                                    "a MiniLM score fitted on sentences we wrote and a bonus after a kept sentence; "
                                    "cues: cue phrases, section and first person alone. stacked and semantic need "
                                    "the bundled model (semantic about 6x, stacked about 10x the CPU of cues).", choices=SCORERS)
    chunk_tokens: int = option(1500, "extract, llm: tokens per chunk of paper text (sections packed, long ones split "
                                     "at paragraphs).", type=int, min=100, metavar="N")


def _review() -> Any:
    return option("review", "weaknesses, associate: field with the review text, a string or a list of strings.",
                  flag="--review", metavar="FIELD")


@dataclass
class WeaknessesOptions(RunsOptions):
    review_field: str = _review()
    unit: str = option("item", "weaknesses, offline: one span per list item / paragraph, or per sentence.",
                       choices=("item", "sentence"))


@dataclass
class AssociateOptions(RunsOptions):
    review_field: str = _review()
    max_targets: int = option(DEFAULT_MAX_TARGETS, "associate: at most N target claims per weakness (CLAIMCHECK: "
                                                   "3).", type=int, min=1, max=3, metavar="N")
    min_similarity: float = option(DEFAULT_MIN_SIMILARITY, "associate, offline: a weakness whose best claim has a "
                                   "lower cosine gets no target.", type=float, min=-1, max=1, metavar="COS")
    margin: float = option(DEFAULT_MARGIN, "associate, offline: further targets must have a cosine within COS of "
                                           "the best one.", type=float, min=0, max=2, metavar="COS")
    fusion: str = option(DEFAULT_FUSION, "associate, offline: reciprocal rank fusion or min-max score fusion of "
                                         "BM25 and cosine.", choices=("rrf", "score"))
    fan_out: bool = option(True, "associate: one record per weakness (id PAPER#wK), or targets written inside "
                                 "'weaknesses'.", off="--no-fan-out")
    confidence_field: str | None = option(None, "associate, llm: key of each weakness holding a 1-5 groundedness "
                                          "confidence to show the model. Off by default: CLAIMCHECK gave GPT-4o the "
                                          "annotator's gold WI score, a human label a real user does not have, "
                                          "which tells the model how likely a target is.", type=str, metavar="NAME")
    paper_tokens: int = option(3000, "associate, llm: tokens of paper text in each prompt (0: title, abstract and "
                                     "claims only).", type=int, min=0, metavar="N")


@dataclass(frozen=True)
class ClaimsTask(Task):
    """A task of st-claims: its option values in the one options object the methods read."""

    def prepare(self, options: Any):
        from scholartools.claims.associate import AssociateOptions as Association
        from scholartools.claims.fields import ClaimsOptions

        values = dataclasses.asdict(options)
        values.pop("runs", None), values.pop("combine", None)   # read by scholartools.tasks.start
        assoc = {k: values.pop(k) for k in ("max_targets", "min_similarity", "margin", "fusion") if k in values}
        if "threshold" in values and values["threshold"] is None:
            values["threshold"] = SCORER_THRESHOLDS[values.get("scorer", SCORERS[0])]
        return ClaimsOptions(**values, associate=Association(**assoc))

    def provenance(self, opts, method):
        return {}


@dataclass(frozen=True)
class ExtractTask(ClaimsTask):
    def provenance(self, opts, method):
        if method != "offline":
            return {}
        cap = {} if opts.max_claims is None else {"max_claims": opts.max_claims}   # none by default
        if opts.scorer == "cues":
            return {"method": CUES_METHOD, "scorer": "cues", "threshold": opts.threshold} | cap
        from scholartools import embeddings
        from scholartools.claims import semantic, stacked

        out = {"scorer": semantic.SCORER,
               "scorer_weights": f"claims_semantic_weights.json sha256:{semantic.weights_digest()}",
               "embedding_model": embeddings.DEFAULT_MODEL, "threshold": opts.threshold} | cap
        if opts.scorer == "semantic":
            return out | {"method": SEMANTIC_METHOD}
        return out | {"scorer": stacked.SCORER,
                      "stacked_weights": f"claims_stacked_weights.json sha256:{stacked.weights_digest()}"}


@dataclass(frozen=True)
class AssociateTask(ClaimsTask):
    def provenance(self, opts, method):
        return {"fusion": opts.associate.fusion} if method == "offline" else {}


EXTRACT = ExtractTask(
    name="extract", command=COMMAND,
    summary="a paper's result, contribution and novelty claims as verbatim sentences Claim1…",
    llm="scholartools.claims.llm_method:llm_extract", offline="scholartools.claims.offline:extract_batch",
    templates=("claims_extract",), reads={"paper": "sections"}, writes=("claims", "claim_texts"),
    method_names={"llm": "llm: per-chunk extraction + verbatim check",
                  "offline": STACKED_METHOD},
    options=ExtractOptions,
    defaults={"temperature": 1.0}, defaults_source="CLAIMCHECK App. A.2 (GPT-4o, T=1.0 for extraction)",
)
WEAKNESSES = ClaimsTask(
    name="weaknesses", command=COMMAND,
    summary="review texts -> weakness passages (verbatim spans with offsets)",
    llm="scholartools.claims.llm_method:llm_weaknesses", offline="scholartools.claims.offline:weaknesses_batch",
    templates=("claims_weaknesses",), reads={"review": "review"}, writes=("weaknesses",),
    method_names={"llm": "llm: weakness passages + verbatim check",
                  "offline": "offline: review-form blocks, items, critical sentences"},
    options=WeaknessesOptions,
)
ASSOCIATE = AssociateTask(
    name="associate", command=COMMAND,
    summary="each weakness -> up to 3 target claims, or none",
    llm="scholartools.claims.llm_method:llm_associate", offline="scholartools.claims.offline:associate_batch",
    templates=("claims_associate",), reads={"claims": "claims", "weaknesses": "weaknesses"},
    writes=("targets", "target_scores", "target_claims", "association"),
    method_names={"llm": "llm: claim association (CLAIMCHECK CA)",
                  "offline": "offline: BM25 + MiniLM fusion over the paper's claims"},
    options=AssociateOptions, embeds=True,
    defaults={"temperature": 0.9}, defaults_source="CLAIMCHECK App. C.1 (T=0.9 for CA)",
    runs=3, run_seeds=(0, 42, 2025), combine="mean", runs_source="CLAIMCHECK App. C.1 (seeds 0, 42, 2025; the mean reported)",
)
