"""st-generate's tasks: every generation task of the five papers, registered by name.

Each task's LLM method is a per-record generator of :mod:`scholartools.generate` driven by the
one stage runner; its options are declared here once, on the tasks that take them, so that
``st-generate --help`` lists them all. No task has an offline method: generation needs a model.
"""
from __future__ import annotations

import click

from scholartools.cli.types import Finite
from scholartools.tasks import Task, register
from scholartools.text.chunks import CHUNK_OVERLAP, CHUNK_SIZE
from scholartools.vocabulary import LIMITATION_INPUT_SECTIONS

COMMAND = "st-generate"

# ---------------------------------------------------------------------- options (declared once)

MAX_INPUT_TOKENS = click.Option(
    ["--max-input-tokens"], type=click.IntRange(1), default=100_000, show_default=True, metavar="N",
    help="Token budget of one prompt. limitations: a longer input is split at section, then paragraph "
         "boundaries and generated per chunk, then aggregated (BAGELS §5.3); with --rag, retrieved chunks are "
         "dropped (lowest score first) to fit. summary, claim-weakness, weakness-edit: the paper is cut to fit.")
SEGMENTER = click.Option(
    ["--segmenter"], type=click.Choice(["clean", "bagels-lines", "aaar-lines"]), default="clean", show_default=True,
    help="Reply → list: clean (list items; preamble dropped, continuation lines joined), bagels-lines (every "
         "non-empty line an item, BAGELS §6.1), aaar-lines (AAAR's re.findall(r'\\d+\\..*')).")
MAX_WORDS = click.Option(
    ["--max-words"], type=click.IntRange(1), default=3000, show_default=True, metavar="N",
    help="experiments / explanations: words of paper context kept; weaknesses: words per piece "
         "(AAAR: 3000 for closed models, 2000 for open ones).")

LIMITATIONS_OPTIONS = (
    click.Option(["--sections"], default=",".join(LIMITATION_INPUT_SECTIONS), show_default=True, metavar="NAMES",
                 help="limitations: input sections, comma-separated canonical types or headings; 'all'; or "
                      "'importance' (the --top-k sections closest in embedding cosine to a limitations query, §5.2)."),
    click.Option(["--top-k"], type=click.IntRange(1), default=3, show_default=True, metavar="K",
                 help="limitations: sections kept by --sections importance."),
    click.Option(["--importance-query"], metavar="TEXT", default=None,
                 help="limitations: the text sections are compared with under --sections importance "
                      "(default: a description of a paper's limitations)."),
    MAX_INPUT_TOKENS,
    SEGMENTER,
    click.Option(["--rag"], metavar="CORPUS.jsonl",
                 help="limitations: retrieval-augmented generation over this corpus of paper records "
                      "(st-parse output); the index is built once per run (BAGELS §5.5)."),
    click.Option(["--relations"], default="cited-in,cited-by", show_default=True, metavar="LIST",
                 help="--rag: related papers to retrieve from: cited-in (the paper's references matched to corpus "
                      "titles), cited-by (corpus papers citing it), similar (closest abstracts); comma-separated."),
    click.Option(["--fusion"], type=click.Choice(["rrf", "score"]), default="rrf", show_default=True,
                 help="--rag: rrf = weighted reciprocal rank fusion, c=60 (the authors' code); score = 0.5/0.5 "
                      "min-max normalised scores (the paper's words)."),
    click.Option(["--retrieve-k"], type=click.IntRange(1), default=20, show_default=True, metavar="K",
                 help="--rag: chunks retrieved by BM25 + dense fusion."),
    click.Option(["--rerank/--no-rerank"], default=True, show_default=True,
                 help="--rag: LLM re-ranking on 1-10; --no-rerank keeps the top --keep-k fused chunks (Table 6 baseline)."),
    click.Option(["--rerank-batch"], type=click.IntRange(1), default=10, show_default=True, metavar="N",
                 help="--rag: chunks per re-ranking call."),
    click.Option(["--min-score"], type=Finite(), default=8, show_default=True, metavar="S",
                 help="--rag: keep chunks re-ranked at least S (the paper: 8; the authors' code: 7)."),
    click.Option(["--keep-k"], type=click.IntRange(1), default=3, show_default=True, metavar="K",
                 help="--rag --no-rerank: fused chunks kept."),
    click.Option(["--similar-k"], type=click.IntRange(1), default=5, show_default=True, metavar="K",
                 help="--rag --relations similar: corpus papers with the closest abstracts."),
    click.Option(["--chunk-size"], type=click.IntRange(1), default=CHUNK_SIZE, show_default=True, metavar="CHARS",
                 help="--rag: corpus chunk size in characters (BAGELS' code)."),
    click.Option(["--chunk-overlap"], type=click.IntRange(0), default=CHUNK_OVERLAP, show_default=True, metavar="CHARS",
                 help="--rag: overlap between corpus chunks."),
    click.Option(["--match-threshold"], type=Finite(0, 100), default=90, show_default=True, metavar="0-100",
                 help="--rag: rapidfuzz score at which a reference and a corpus title are the same paper."),
)

RQ_OPTIONS = (
    click.Option(["--prompt"], type=click.Choice(["rq1", "rq2", "rq3"]), default="rq3", show_default=True,
                 help="rq: prompt style (PaperRQ): rq1 describes a good RQ, rq2 gives the template 'Can the PROBLEM "
                      "be solved by the METHOD?', rq3 is the tagged THINK / RESEARCH_QUESTION prompt."),
)
EXPLAIN = click.Option(
    ["--explain"], type=click.Choice(["one-by-one", "whole-list"]), default="one-by-one", show_default=True,
    help="explanations: one call per experiment (AAAR main setting) or one call for the aligned list (Table 4).")
SUMMARY_WORDS = click.Option(["--summary-words"], type=click.IntRange(1), default=200, show_default=True, metavar="N",
                             help="summary: length asked for, in words.")

# ---------------------------------------------------------------------- the tasks

_G = "scholartools.generate"

def _register(name: str, summary: str, llm: str, templates: tuple, reads: dict, writes: tuple,
              options: tuple = ()) -> Task:
    """A task of st-generate: it writes its fields, ``raw`` and ``generation.<name>``."""
    return register(Task(name=name, command=COMMAND, summary=summary, llm=f"{_G}.{llm}", templates=templates,
                         reads=reads, writes=(*writes, "raw", f"generation.{name}"),
                         method_names={"llm": f"llm-{name}"}, options=options))


_PAPER = {"sections": "sections", "abstract": "abstract", "title": "title"}

LIMITATIONS = _register(
    "limitations", "limitations of a paper (BAGELS §5): vanilla, chunk + aggregate, RAG; the target never in a prompt",
    "limitations:llm_record",
    ("gen_limitations", "gen_limitations_aggregate", "gen_limitations_rag", "gen_rag_rerank"),
    {**_PAPER, "references": "references", "reviews": "reviews"}, ("generated", "rag"), LIMITATIONS_OPTIONS)
RQ = _register(
    "rq", "one research question from abstract + introduction (PaperRQ)", "rq:llm_record",
    ("gen_rq1", "gen_rq2", "gen_rq3"), {"abstract": "abstract", "introduction": "introduction", "sections": "sections"},
    ("rq", "rq_problem", "rq_method"), RQ_OPTIONS)
EXPERIMENTS = _register(
    "experiments", "experiments the authors must have run, from the text before the experiments (AAAR ExpDesign)",
    "aaar:experiments_record", ("gen_experiments",), {"context": "input", **_PAPER}, ("experiments",),
    (MAX_WORDS, SEGMENTER))
EXPLANATIONS = _register(
    "explanations", "why each given experiment was run, one call per experiment (AAAR ExpDesign)",
    "aaar:explanations_record", ("gen_explanation", "gen_explanations_list"),
    {"experiments": "experiments", "context": "input", **_PAPER}, ("explanations",), (MAX_WORDS, EXPLAIN, SEGMENTER))
WEAKNESSES = _register(
    "weaknesses", "weaknesses of a paper, split into word-budgeted pieces and merged (AAAR PaperWeakness)",
    "aaar:weaknesses_record", ("gen_weaknesses",), {**_PAPER, "text": "text"}, ("weaknesses",),
    (MAX_WORDS, SEGMENTER))
SUMMARY = _register(
    "summary", "an abstract-style summary of a paper's body (candidates for st-facets / FM)", "summary:llm_record",
    ("gen_summary",), {"sections": "sections", "article": "article"}, ("summary",), (MAX_INPUT_TOKENS, SUMMARY_WORDS))
CLAIM_WEAKNESS = _register(
    "claim-weakness", "a grounded weakness of a focal claim, and the reviewer's weakness distilled (CLAIMCHECK §3.2)",
    "claimcheck:claim_weakness_record", ("gen_claim_weakness", "gen_weakness_distill"),
    {"claim": "claim", "weakness": "weakness", "review": "review", "weakness_types": "weakness_types",
     "related_works": "related_works", **_PAPER, "text": "text"},
    ("model_weakness", "reviewer_weakness"), (MAX_INPUT_TOKENS,))
WEAKNESS_EDIT = _register(
    "weakness-edit", "objectivity, agreement and types of a review weakness, and a more specific rewrite "
    "(CLAIMCHECK §3.3)", "claimcheck:weakness_edit_record", ("gen_weakness_edit",),
    {"weakness": "weakness", "review": "review", "target_claims": "target_claims", "related_works": "related_works",
     **_PAPER, "text": "text"}, ("weakness_labels", "rewritten_weakness"), (MAX_INPUT_TOKENS,))


def templates_used(task: str, extra: dict) -> tuple[str, ...]:
    """The templates a run of ``task`` with these options uses, its main one first."""
    if task == "limitations":
        if extra.get("rag"):
            return ("gen_limitations_rag", "gen_rag_rerank") if extra.get("rerank", True) else ("gen_limitations_rag",)
        return ("gen_limitations", "gen_limitations_aggregate")
    if task == "rq":
        return (f"gen_{extra.get('prompt', 'rq3')}",)
    if task == "explanations":
        return ("gen_explanations_list",) if extra.get("explain") == "whole-list" else ("gen_explanation",)
    if task == "claim-weakness":
        return ("gen_claim_weakness", "gen_weakness_distill")
    return {"experiments": ("gen_experiments",), "weaknesses": ("gen_weaknesses",), "summary": ("gen_summary",),
            "weakness-edit": ("gen_weakness_edit",)}[task]
