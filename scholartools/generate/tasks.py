"""st-generate's tasks: every generation task of the five papers, each one object with its options.

Each task's LLM method is a per-record generator of :mod:`scholartools.generate` driven by the
one stage runner; its options dataclass declares what it takes (default, help, choices), so that
``st-generate --help``, the Python API and the docs list them from here. No generation task has an
offline method (generation needs a model); leak-filter, a data step, has one. ``ctx.options`` is a
:class:`~scholartools.generate.options.GenOptions`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from scholartools.errors import UsageError
from scholartools.generate.options import GenOptions
from scholartools.records import parse_field_specs
from scholartools.tasks import RunsOptions, Task, option
from scholartools.text.chunks import CHUNK_OVERLAP, CHUNK_SIZE
from scholartools.vocabulary import LIMITATION_INPUT_SECTIONS, RAG_RELATIONS

COMMAND = "st-generate"


@dataclass
class GenerateOptions(RunsOptions):
    """What every generation task takes."""

    samples: int = option(1, "Answers per record, each cached separately; N > 1 writes N child records ID#s0 … "
                             "ID#s{N-1}.", type=int, min=1, metavar="N", shared=True)
    seed: int | None = option(None, "Sampling seed sent with every call (providers honour it loosely).", type=int,
                              metavar="N", shared=True)
    max_tokens: int | None = option(None, "Output tokens per call.", type=int, min=1, metavar="N", shared=True)
    field_map: tuple = option((), "Read a slot from another (dotted) field, e.g. --field claim=focal_claim, "
                                  "--field sections=paper.sections.", flag="--field", metavar="SLOT=PATH",
                              multiple=True, shared=True)
    #: slot → field path (the API's form of --field)
    fields: dict = field(default_factory=dict)


def _max_input_tokens() -> Any:
    return option(100_000, "Token budget of one prompt. limitations: a longer input is split at section, then "
                           "paragraph boundaries and generated per chunk, then aggregated (BAGELS §5.3); with --rag, "
                           "retrieved chunks are dropped (lowest score first) to fit. summary, claim-weakness, "
                           "weakness-edit: the paper is cut to fit.", type=int, min=1, metavar="N")


def _segmenter() -> Any:
    return option("clean", "Reply → list: clean (list items; preamble dropped, continuation lines joined), "
                           "bagels-lines (every non-empty line an item, BAGELS §6.1), aaar-lines (AAAR's "
                           "re.findall(r'\\d+\\..*')).", choices=("clean", "bagels-lines", "aaar-lines"))


def _max_words() -> Any:
    return option(3000, "experiments / explanations: words of paper context kept; weaknesses: words per piece "
                        "(AAAR: 3000 for closed models, 2000 for open ones).", type=int, min=1, metavar="N")


@dataclass(frozen=True)
class GenerateTask(Task):
    """A task of st-generate: it writes its fields, ``raw`` and ``generation.<name>``."""

    def prepare(self, options: Any):
        values = dataclasses.asdict(options)
        samples, seed, max_tokens = values.pop("samples"), values.pop("seed"), values.pop("max_tokens")
        values.pop("runs", None), values.pop("combine", None)   # read by scholartools.tasks.start
        fields = {**(values.pop("fields") or {}), **parse_field_specs(values.pop("field_map"))}
        for slot in fields:
            if slot not in self.reads:
                raise UsageError(f"--field {slot}={fields[slot]}: task '{self.name}' has no slot '{slot}' "
                                 f"(its slots: {', '.join(self.reads)})")
        params = {k: v for k, v in (("seed", seed), ("max_tokens", max_tokens)) if v is not None}
        opts = GenOptions(task=self.name, samples=samples, params=params, fields=fields, extra=values)
        self.check(opts.extra)
        return opts

    def check(self, extra: dict) -> None:
        """Check and complete the task's own option values in place."""


def _task(cls, name: str, summary: str, llm: str, templates: tuple, reads: dict, writes: tuple,
          options: type = GenerateOptions, **more: Any) -> GenerateTask:
    return cls(name=name, command=COMMAND, summary=summary, llm=f"scholartools.generate.{llm}", templates=templates,
               **more,
               reads=reads, writes=(*writes, "raw", f"generation.{name}"), method_names={"llm": f"llm-{name}"},
               options=options, needs_model=f"{COMMAND} --task {name} needs a model: give --model MODEL or set "
                                            f"ST_MODEL (any litellm model string, e.g. openai/gpt-4o-mini; "
                                            f"--api-base URL for a local server)")


_PAPER = {"sections": "sections", "abstract": "abstract", "title": "title"}


# --------------------------------------------------------------------------- limitations (BAGELS)

@dataclass
class LimitationsOptions(GenerateOptions):
    sections: str = option(",".join(LIMITATION_INPUT_SECTIONS), "limitations: input sections, comma-separated "
                           "canonical types or headings; 'all'; or 'importance' (the --top-k sections closest in "
                           "embedding cosine to a limitations query, §5.2).", metavar="NAMES")
    top_k: int = option(3, "limitations: sections kept by --sections importance.", type=int, min=1, metavar="K")
    importance_query: str | None = option(None, "limitations: the text sections are compared with under --sections "
                                                "importance (default: a description of a paper's limitations).",
                                          type=str, metavar="TEXT")
    max_input_tokens: int = _max_input_tokens()
    segmenter: str = _segmenter()
    rag: str | None = option(None, "limitations: retrieval-augmented generation over this corpus of paper records "
                                   "(st-parse output); the index is built once per run (BAGELS §5.5).",
                             type=str, metavar="CORPUS.jsonl")
    relations: str = option("cited-in,cited-by", "--rag: related papers to retrieve from: cited-in (the paper's "
                            "references matched to corpus titles), cited-by (corpus papers citing it), similar "
                            "(closest abstracts), random (--random-k papers drawn with --random-seed, BAGELS' '100 random "
                            "papers' index); comma-separated.", metavar="LIST")
    fusion: str = option("rrf", "--rag: rrf = weighted reciprocal rank fusion, c=60 (the authors' code); score = "
                                "0.5/0.5 min-max normalised scores (the paper's words).", choices=("rrf", "score"))
    retrieve_k: int = option(20, "--rag: chunks retrieved by BM25 + dense fusion.", type=int, min=1, metavar="K")
    rerank: bool = option(True, "--rag: LLM re-ranking on 1-10; --no-rerank keeps the top --keep-k fused chunks "
                                "(Table 6 baseline).", off="--no-rerank")
    rerank_batch: int = option(10, "--rag: chunks per re-ranking call.", type=int, min=1, metavar="N")
    min_score: float = option(8, "--rag: keep chunks re-ranked at least S (the paper: 8; the authors' code: 7).",
                              type=float, metavar="S")
    keep_k: int = option(3, "--rag --no-rerank: fused chunks kept.", type=int, min=1, metavar="K")
    similar_k: int = option(5, "--rag --relations similar: corpus papers with the closest abstracts.", type=int,
                            min=1, metavar="K")
    random_k: int = option(100, "--rag --relations random: corpus papers drawn at random for the index, the same "
                                "for every paper (BAGELS Table 4: 100).", type=int, min=1, metavar="K")
    random_seed: int = option(42, "--rag --relations random: the draw's seed (pandas' random_state; BAGELS: 42).",
                              type=int, metavar="N")
    chunk_size: int = option(CHUNK_SIZE, "--rag: corpus chunk size in characters (BAGELS' code).", type=int, min=1,
                             metavar="CHARS")
    chunk_overlap: int = option(CHUNK_OVERLAP, "--rag: overlap between corpus chunks.", type=int, min=0,
                                metavar="CHARS")
    match_threshold: float = option(90, "--rag: rapidfuzz score at which a reference and a corpus title are the "
                                        "same paper.", type=float, min=0, max=100,
                                    metavar="0-100")


@dataclass(frozen=True)
class LimitationsTask(GenerateTask):
    def check(self, extra):
        from scholartools.generate.limitations import IMPORTANCE_QUERY

        if not 0 <= extra["chunk_overlap"] < extra["chunk_size"]:
            raise UsageError("--chunk-overlap must be at least 0 and smaller than --chunk-size")
        rels = extra.get("relations") or ()
        rels = [r.strip() for r in rels.split(",") if r.strip()] if isinstance(rels, str) else list(rels)
        bad = [r for r in rels if r not in RAG_RELATIONS]
        if bad or not rels:
            raise UsageError(f"--relations: unknown relation(s) {', '.join(bad) or '(none)'}; "
                             f"choose from {', '.join(RAG_RELATIONS)}")
        if not (extra.get("sections") or "").strip():
            raise UsageError("--sections: give section names, 'all' or 'importance'")
        extra["relations"] = tuple(rels)
        extra["importance_query"] = extra.get("importance_query") or IMPORTANCE_QUERY
        extra["corpus"] = None

    def open(self, opts):
        """--rag: the corpus loaded and indexed once per run (after the model check: no index for nothing)."""
        extra = opts.extra
        if extra.get("rag") and extra.get("corpus") is None:
            from scholartools.generate.rag import load_corpus

            try:
                extra["corpus"] = load_corpus(extra["rag"], extra["chunk_size"], extra["chunk_overlap"],
                                              extra["match_threshold"])
            except OSError as exc:
                raise UsageError(f"--rag: cannot read '{extra['rag']}': {exc.strerror or exc}") from exc
            except ValueError as exc:
                raise UsageError(f"--rag: {exc}") from exc
        return opts

    def opened(self, opts):
        corpus = opts.extra.get("corpus")
        if corpus is not None:
            return f"RAG corpus {opts.extra['rag']}: {len(corpus.papers)} papers, {len(corpus)} chunks indexed"
        return None

    def templates_used(self, opts):
        if opts.extra.get("rag"):
            return ["gen_limitations_rag", "gen_rag_rerank"] if opts.extra.get("rerank", True) \
                else ["gen_limitations_rag"]
        return ["gen_limitations", "gen_limitations_aggregate"]

    def provenance(self, opts, method):
        from scholartools.tasks import embedding_provenance

        corpus = opts.extra.get("corpus")
        if corpus is None:
            return {}
        rag = {"corpus": opts.extra["rag"], "chunks": len(corpus), "fusion": opts.extra["fusion"],
               "relations": list(opts.extra["relations"]), **embedding_provenance()}
        if "random" in opts.extra["relations"]:
            rag["random"] = {"k": opts.extra["random_k"], "seed": opts.extra["random_seed"]}
        return {"rag": rag}


LIMITATIONS = _task(
    LimitationsTask, "limitations",
    "limitations of a paper (BAGELS §5): vanilla, chunk + aggregate, RAG; the target never in a prompt",
    "limitations:llm_record",
    ("gen_limitations", "gen_limitations_aggregate", "gen_limitations_rag", "gen_rag_rerank"),
    {**_PAPER, "references": "references", "reviews": "reviews"}, ("generated", "rag"), LimitationsOptions)


# --------------------------------------------------------------------------- rq (PaperRQ)

@dataclass
class RQOptions(GenerateOptions):
    prompt: str = option("rq3", "rq: prompt style (PaperRQ): rq1 describes a good RQ, rq2 gives the template 'Can "
                                "the PROBLEM be solved by the METHOD?', rq3 is the tagged THINK / RESEARCH_QUESTION "
                                "prompt.", choices=("rq1", "rq2", "rq3"))


@dataclass(frozen=True)
class RQTask(GenerateTask):
    def templates_used(self, opts):
        return [f"gen_{opts.extra.get('prompt', 'rq3')}"]


RQ = _task(
    RQTask, "rq", "one research question from abstract + introduction (PaperRQ)", "rq:llm_record",
    ("gen_rq1", "gen_rq2", "gen_rq3"), {"abstract": "abstract", "introduction": "introduction", "sections": "sections"},
    ("rq", "rq_problem", "rq_method"), RQOptions)


# --------------------------------------------------------------------------- AAAR

@dataclass
class ExperimentsOptions(GenerateOptions):
    max_words: int = _max_words()
    segmenter: str = _segmenter()


@dataclass
class ExplanationsOptions(GenerateOptions):
    max_words: int = _max_words()
    explain: str = option("one-by-one", "explanations: one call per experiment (AAAR main setting) or one call for "
                                        "the aligned list (Table 4).", choices=("one-by-one", "whole-list"))
    segmenter: str = _segmenter()


@dataclass(frozen=True)
class ExplanationsTask(GenerateTask):
    def templates_used(self, opts):
        return ["gen_explanations_list"] if opts.extra.get("explain") == "whole-list" else ["gen_explanation"]


#: AAAR §4: "we run each model thrice ... selecting the median result"
_AAAR_RUNS = {"runs": 3, "combine": "median", "runs_source": "AAAR §4 (each model run three times, the median reported)"}
EXPERIMENTS = _task(
    GenerateTask, "experiments",
    "experiments the authors must have run, from the text before the experiments (AAAR ExpDesign)",
    "aaar:experiments_record", ("gen_experiments",), {"context": "input", **_PAPER}, ("experiments",),
    ExperimentsOptions, **_AAAR_RUNS)
EXPLANATIONS = _task(
    ExplanationsTask, "explanations", "why each given experiment was run, one call per experiment (AAAR ExpDesign)",
    "aaar:explanations_record", ("gen_explanation", "gen_explanations_list"),
    {"experiments": "experiments", "context": "input", **_PAPER}, ("explanations",), ExplanationsOptions,
    **_AAAR_RUNS)


@dataclass
class WeaknessesOptions(ExperimentsOptions):
    split: str = option("combine", "weaknesses: combine = split into --max-words pieces, one call each, lists "
                                   "merged (AAAR's main setting); none = the paper cut to --max-words words, one "
                                   "call (AAAR Table 12's no-split).", choices=("combine", "none"))


WEAKNESSES = _task(
    GenerateTask, "weaknesses",
    "weaknesses of a paper, split into word-budgeted pieces and merged (AAAR PaperWeakness)",
    "aaar:weaknesses_record", ("gen_weaknesses",), {**_PAPER, "text": "text"}, ("weaknesses",), WeaknessesOptions,
    **_AAAR_RUNS)


@dataclass
class LeakFilterOptions(GenerateOptions):
    leak_shared: int = option(3, "leak-filter --method offline: content words a sentence must share with one gold "
                                 "experiment to count as a leak (ours; the paper asks an LLM).", type=int, min=1,
                              metavar="N")
    leak_cover: float = option(0.3, "leak-filter --method offline: share of that experiment's content words the "
                                    "shared ones must cover.", type=float, min=0, max=1, metavar="0-1")


LEAK_FILTER = GenerateTask(
    name="leak-filter", command=COMMAND,
    summary="AAAR ExpDesign input: delete the sentences before the experiments that leak the gold experiments "
            "(an LLM check per sentence, or --method offline word overlap)",
    llm="scholartools.generate.leaks:llm_record", offline="scholartools.generate.leaks:offline_batch",
    templates=("gen_leak_filter",), reads={"context": "input", "experiments": "experiments", **_PAPER},
    writes=("input", "input_unfiltered", "generation.leak-filter"),
    method_names={"llm": "llm-leak-filter", "offline": "word-overlap"}, options=LeakFilterOptions)


# --------------------------------------------------------------------------- summary, CLAIMCHECK

@dataclass
class SummaryOptions(GenerateOptions):
    max_input_tokens: int = _max_input_tokens()
    summary_words: int = option(200, "summary: length asked for, in words.", type=int, min=1, metavar="N")


@dataclass
class PaperBudgetOptions(GenerateOptions):
    max_input_tokens: int = _max_input_tokens()


@dataclass
class WeaknessEditOptions(PaperBudgetOptions):
    edit_specific: bool = option(False, "weakness-edit: also ask that the rewrite be more specific and keep the "
                                        "weakness's anchors (line or section numbers, quotations). Not the paper's "
                                        "prompt: CLAIMCHECK asks only for a more sound rewrite, and Table 6 measures "
                                        "specificity and lost anchors, so this biases that table (off by default).",
                                 is_flag=True)


SUMMARY = _task(
    GenerateTask, "summary", "an abstract-style summary of a paper's body (candidates for st-facets / FM)",
    "summary:llm_record", ("gen_summary",), {"sections": "sections", "article": "article"}, ("summary",),
    SummaryOptions)
#: CLAIMCHECK App. C.1: "temperature=0.9 for CA and temperature=0.3 for all the other experiments" (CV, WLE)
_CLAIMCHECK_T03 = {"defaults": {"temperature": 0.3}, "defaults_source": "CLAIMCHECK App. C.1 (T=0.3 for WLE, CV)"}
#: CLAIMCHECK App. C.1: every experiment repeated with seeds 0, 42, 2025, the mean reported
_CLAIMCHECK_RUNS = {"runs": 3, "run_seeds": (0, 42, 2025), "combine": "mean",
                    "runs_source": "CLAIMCHECK App. C.1 (seeds 0, 42, 2025; the mean reported)"}
CLAIM_WEAKNESS = _task(
    GenerateTask, "claim-weakness",
    "a grounded weakness of a focal claim, and the reviewer's weakness distilled (CLAIMCHECK §3.2)",
    "claimcheck:claim_weakness_record", ("gen_claim_weakness", "gen_weakness_distill"),
    {"claim": "claim", "weakness": "weakness", "review": "review", "weakness_types": "weakness_types",
     "related_works": "related_works", **_PAPER, "text": "text"},
    ("model_weakness", "reviewer_weakness"), PaperBudgetOptions, **_CLAIMCHECK_T03, **_CLAIMCHECK_RUNS)
WEAKNESS_EDIT = _task(
    GenerateTask, "weakness-edit", "objectivity, agreement and types of a review weakness, and, if needed, a more "
    "sound rewrite (CLAIMCHECK §3.3)", "claimcheck:weakness_edit_record", ("gen_weakness_edit",),
    {"weakness": "weakness", "review": "review", "target_claims": "target_claims", "related_works": "related_works",
     **_PAPER, "text": "text"}, ("weakness_labels", "rewritten_weakness"), WeaknessEditOptions, **_CLAIMCHECK_T03)
