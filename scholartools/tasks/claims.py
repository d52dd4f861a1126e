"""st-claims' tasks (CLAIMCHECK): ``extract`` (claims of a paper), ``weaknesses`` (weakness
passages of reviews) and ``associate`` (the claims each weakness targets). Each has an offline
method (:mod:`scholartools.claims.offline`) and an LLM method
(:mod:`scholartools.claims.llm_method`); their options are declared here, with the task, so that
the command lists them all."""
from __future__ import annotations

import click

from scholartools.claims.associate import DEFAULT_FUSION, DEFAULT_MARGIN, DEFAULT_MAX_TARGETS, DEFAULT_MIN_SIMILARITY
from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, DEFAULT_THRESHOLD
from scholartools.cli.types import Finite
from scholartools.tasks import Task, register

EXTRACT_OPTIONS = (
    click.option("--max-claims", type=click.IntRange(min=1), default=DEFAULT_MAX_CLAIMS, show_default=True, metavar="N",
                 help="extract: keep at most N claims per paper (offline: the best scored; CLAIMCHECK's "
                      "candidate lists average 39)."),
    click.option("--threshold", type=Finite(), default=DEFAULT_THRESHOLD, show_default=True, metavar="T",
                 help="extract, offline: minimum sentence score (higher: fewer, surer claims; 1.3 had the best "
                      "F0.5 on the dev papers)."),
    click.option("--chunk-tokens", type=click.IntRange(min=100), default=1500, show_default=True, metavar="N",
                 help="extract, llm: tokens per chunk of paper text (sections packed, long ones split at "
                      "paragraphs)."),
)
WEAKNESS_OPTIONS = (
    click.option("--review", "review_field", default="review", show_default=True, metavar="FIELD",
                 help="weaknesses, associate: field with the review text, a string or a list of strings."),
    click.option("--unit", type=click.Choice(["item", "sentence"]), default="item", show_default=True,
                 help="weaknesses, offline: one span per list item / paragraph, or per sentence."),
)
ASSOCIATE_OPTIONS = (
    click.option("--max-targets", type=click.IntRange(1, 3), default=DEFAULT_MAX_TARGETS, show_default=True, metavar="N",
                 help="associate: at most N target claims per weakness (CLAIMCHECK: 3)."),
    click.option("--min-similarity", type=Finite(-1, 1), default=DEFAULT_MIN_SIMILARITY, show_default=True, metavar="COS",
                 help="associate, offline: a weakness whose best claim has a lower cosine gets no target."),
    click.option("--margin", type=Finite(0, 2), default=DEFAULT_MARGIN, show_default=True, metavar="COS",
                 help="associate, offline: further targets must have a cosine within COS of the best one."),
    click.option("--fusion", type=click.Choice(["rrf", "score"]), default=DEFAULT_FUSION, show_default=True,
                 help="associate, offline: reciprocal rank fusion or min-max score fusion of BM25 and cosine."),
    click.option("--fan-out/--no-fan-out", default=True, show_default=True,
                 help="associate: one record per weakness (id PAPER#wK), or targets written inside "
                      "'weaknesses'."),
    click.option("--confidence-field", metavar="NAME",
                 help="associate, llm: key of each weakness holding a 1-5 groundedness confidence to show the "
                      "model. Off by default: CLAIMCHECK gave GPT-4o the annotator's gold WI score, a human "
                      "label a real user does not have, which tells the model how likely a target is."),
    click.option("--paper-tokens", type=click.IntRange(min=0), default=3000, show_default=True, metavar="N",
                 help="associate, llm: tokens of paper text in each prompt (0: title, abstract and claims "
                      "only)."),
)

EXTRACT = register(Task(
    name="extract", command="st-claims",
    summary="a paper's result, contribution and novelty claims as verbatim sentences Claim1…",
    llm="scholartools.claims.llm_method:llm_extract", offline="scholartools.claims.offline:extract_batch",
    templates=("claims_extract",), reads={"paper": "sections"}, writes=("claims", "claim_texts"),
    method_names={"llm": "llm: per-chunk extraction + verbatim check",
                  "offline": "offline: cue-phrase sentence scorer"},
    options=EXTRACT_OPTIONS,
))
WEAKNESSES = register(Task(
    name="weaknesses", command="st-claims",
    summary="review texts -> weakness passages (verbatim spans with offsets)",
    llm="scholartools.claims.llm_method:llm_weaknesses", offline="scholartools.claims.offline:weaknesses_batch",
    templates=("claims_weaknesses",), reads={"review": "review"}, writes=("weaknesses",),
    method_names={"llm": "llm: weakness passages + verbatim check",
                  "offline": "offline: review-form blocks, items, critical sentences"},
    options=WEAKNESS_OPTIONS,
))
ASSOCIATE = register(Task(
    name="associate", command="st-claims",
    summary="each weakness -> up to 3 target claims, or none",
    llm="scholartools.claims.llm_method:llm_associate", offline="scholartools.claims.offline:associate_batch",
    templates=("claims_associate",), reads={"claims": "claims", "weaknesses": "weaknesses"},
    writes=("targets", "target_scores", "target_claims", "association"),
    method_names={"llm": "llm: claim association (CLAIMCHECK CA)",
                  "offline": "offline: BM25 + MiniLM fusion over the paper's claims"},
    options=ASSOCIATE_OPTIONS,
))
