"""st-generate: LLM generation tasks over papers (limitations, research questions, experiments and
explanations, weaknesses, summaries, claim-grounded weaknesses, weakness rewrites)."""
from __future__ import annotations

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.llm.options import llm_options
from scholartools.tasks import tasks_of

_TASKS = tasks_of("st-generate")


def _task_options(fn):
    seen = set()
    opts = []
    for task in _TASKS.values():
        for opt in task.options:
            if opt.name not in seen:
                seen.add(opt.name)
                opts.append(opt)
    params = getattr(fn, "__click_params__", [])
    fn.__click_params__ = params + list(reversed(opts))
    return fn


@st_command("st-generate")
@llm_options
@click.option("--task", type=click.Choice(list(_TASKS)), required=True,
              help="What to generate (see the list above).")
@click.option("--samples", type=click.IntRange(1), default=1, show_default=True, metavar="N",
              help="Answers per record, each cached separately; N > 1 writes N child records ID#s0 … ID#s{N-1}.")
@click.option("--seed", type=int, metavar="N", help="Sampling seed sent with every call (providers honour it loosely).")
@click.option("--max-tokens", type=click.IntRange(1), metavar="N", help="Output tokens per call.")
@click.option("--field", "field_map", multiple=True, metavar="SLOT=PATH",
              help="Read a slot from another (dotted) field, e.g. --field claim=focal_claim, --field sections=paper.sections.")
@_task_options
def main(io: RecordIO, llm, task, samples, seed, max_tokens, field_map, **extra):
    """Generate with an LLM what the five papers generate from a paper: limitations (BAGELS),
    research questions (PaperRQ), experiments, explanations and weaknesses (AAAR-1.0), summaries
    (candidates for the Facet-aware Metric), claim-grounded weaknesses and weakness rewrites
    (CLAIMCHECK). Needs a model (--model or ST_MODEL); every call goes through the LLM layer
    (cache, concurrency, retries, cost, --dry-run, --max-cost).

    \b
    Tasks (reads → writes):
      limitations     paper record (sections) → generated, raw, [rag], generation.limitations
      rq              abstract + introduction → rq, [rq_problem, rq_method with --prompt rq3], raw
      experiments     text before the experiments (or AAAR input) → experiments, raw
      explanations    experiments (+ paper) → explanations (aligned), raw
      weaknesses      paper record → weaknesses, raw (split-combine, --max-words per piece)
      summary         paper body, never its abstract → summary, raw
      claim-weakness  claim (+ weakness, review) + paper → model_weakness, [reviewer_weakness]
      weakness-edit   weakness + target_claims + paper → weakness_labels, rewritten_weakness

    limitations never shows the model what it is evaluated against: every sentence of the paper's
    limitations sections, of its implicit limitation spans (st-extract-limits' rules) and of its
    reviews is removed from every prompt, RAG chunks included. The input is --sections (default
    abstract, introduction, conclusion); beyond --max-input-tokens it is chunked, generated per
    chunk and aggregated in one more call. --rag CORPUS.jsonl adds BAGELS's retrieval: related
    papers (--relations), BM25 + dense retrieval (--fusion), LLM re-ranking (--min-score), one
    index per run.

    --dry-run prints on stderr how many calls the run needs, later stages included (chunk calls
    then the aggregation, re-ranking batches then the generation, one call per experiment or
    piece), counted from placeholder answers. Where the count is not exact: a reply that cannot
    be read is re-asked once (one call more than counted), and two later-stage prompts that
    coincide because their earlier answers coincided are asked once (one call fewer). With --rag
    the dry run assumes every chunk is kept, so its token and cost estimate is an upper bound. A
    second run over the same records makes no call (the cache answers).

    --template FILE replaces the task's main prompt; NAME=FILE replaces a named one (templates:
    gen_limitations, gen_limitations_aggregate, gen_limitations_rag, gen_rag_rerank, gen_rq1..3,
    gen_experiments, gen_explanation, gen_explanations_list, gen_weaknesses, gen_summary,
    gen_claim_weakness, gen_weakness_distill, gen_weakness_edit).

    \b
    Examples:
      st-parse paper.pdf | st-extract-limits \\
        | st-generate --task limitations --model openai/gpt-4o-mini \\
        | st-judge --task match | st-score --metric pointwise --aggregate
      st-parse *.pdf > corpus.jsonl
      st-generate --task limitations --rag corpus.jsonl --relations cited-in,cited-by -i papers.jsonl
      st-generate --task rq --prompt rq3 --samples 3 -i paperrq.jsonl --dry-run
      st-generate --task weaknesses --max-words 3000 -i papers.jsonl | st-score --metric itf-idf --cand weaknesses
    """
    from scholartools import tasks
    from scholartools.generate import options_for
    from scholartools.tasks.generate import templates_used

    task_name = task
    task = tasks.get("st-generate", task_name)
    if samples < 1:
        io.usage_error("--samples must be at least 1")
    fields = {}
    for item in field_map:
        slot, sep, path = item.partition("=")
        if not sep or not slot.strip() or not path.strip():
            io.usage_error(f"--field wants SLOT=PATH, not '{item}'")
        if slot.strip() not in task.reads:
            io.usage_error(f"--field {item}: task '{task_name}' has no slot '{slot.strip()}' "
                           f"(its slots: {', '.join(task.reads)})")
        fields[slot.strip()] = path.strip()
    _check_options(io, task_name, extra)
    used = templates_used(task_name, extra)
    _route_templates(io, llm, used)
    if not llm.model:   # the model check before a RAG corpus is loaded: no index built for nothing
        tasks.run_task(io, task, llm, None, method="llm")
    params = {k: v for k, v in (("seed", seed), ("max_tokens", max_tokens)) if v is not None}
    mine = {o.name: extra[o.name] for o in task.options}
    try:
        opts = options_for(task_name, samples, params, fields, **mine)
    except OSError as exc:
        raise click.UsageError(f"--rag: cannot read '{extra['rag']}': {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise click.UsageError(f"--rag: {exc}") from exc
    prov = {"templates": [llm.template(t).provenance for t in used]}
    corpus = opts.extra.get("corpus")
    if corpus is not None:
        from scholartools.embeddings import model_name

        io.log(f"RAG corpus {extra['rag']}: {len(corpus.papers)} papers, {len(corpus)} chunks indexed")
        prov["rag"] = {"corpus": extra["rag"], "chunks": len(corpus), "fusion": extra["fusion"],
                       "relations": list(opts.extra["relations"]), "embedding_model": model_name()}
    tasks.run_task(io, task, llm, opts, method="llm", provenance=prov)


def _check_options(io: RecordIO, task: str, extra: dict) -> None:
    for name in ("top_k", "retrieve_k", "rerank_batch", "keep_k", "similar_k", "max_words", "max_input_tokens",
                 "summary_words", "chunk_size"):
        if extra.get(name) is not None and extra[name] < 1:
            io.usage_error(f"--{name.replace('_', '-')} must be at least 1")
    if extra.get("chunk_overlap") is not None and not 0 <= extra["chunk_overlap"] < extra["chunk_size"]:
        io.usage_error("--chunk-overlap must be at least 0 and smaller than --chunk-size")
    if extra.get("rag") and task != "limitations":
        io.usage_error(f"--rag applies to --task limitations only, not '{task}'")
    from scholartools.vocabulary import RAG_RELATIONS

    rels = [r.strip() for r in (extra.get("relations") or "").split(",") if r.strip()]
    bad = [r for r in rels if r not in RAG_RELATIONS]
    if bad or not rels:
        io.usage_error(f"--relations: unknown relation(s) {', '.join(bad) or '(none)'}; "
                       f"choose from {', '.join(RAG_RELATIONS)}")
    if not (extra.get("sections") or "").strip():
        io.usage_error("--sections: give section names, 'all' or 'importance'")


def _route_templates(io: RecordIO, llm, used: tuple[str, ...]) -> None:
    """--template FILE → the task's main template; NAME=FILE must name a template of st-generate."""
    from scholartools.llm.templates import available

    known = [t for t in available() if t.startswith("gen_")]
    overrides = dict(llm.template_overrides)
    for name in overrides:
        if name and name not in known:
            io.usage_error(f"--template {name}=…: st-generate has no template '{name}' (its templates: {', '.join(known)})")
    if "" in overrides:
        overrides[used[0]] = overrides.pop("")
    llm.template_overrides = overrides


if __name__ == "__main__":
    main()
