"""st-generate: LLM generation tasks over papers (limitations, research questions, experiments and
explanations, weaknesses, summaries, claim-grounded weaknesses, weakness rewrites)."""
from __future__ import annotations

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.llm_options import llm_options
from scholartools.tasks import tasks_of

_TASKS = tasks_of("st-generate")


def _task_options(fn):
    """--task, then every task's options (the shared ones first: --samples, --seed, --max-tokens, --field)."""
    import click

    task = click.Option(["--task"], type=click.Choice(sorted(_TASKS)), required=True,
                        help="What to generate (see the list above).")
    method = cli_tasks.method_option("llm: ask the model; offline: the task's offline method (leak-filter only); "
                                     "auto: llm when a model is configured or the task has no offline method.")
    fn.__click_params__ = getattr(fn, "__click_params__", []) + list(reversed(
        [task, method, *cli_tasks.options_of(_TASKS.values())]))
    return fn


@st_command("st-generate")
@llm_options
@_task_options
def main(io: RecordIO, llm, task, method, **values):
    """Generate with an LLM what the five papers generate from a paper: limitations (BAGELS),
    research questions (PaperRQ), experiments, explanations and weaknesses (AAAR-1.0), summaries
    (candidates for the Facet-aware Metric), claim-grounded weaknesses and weakness rewrites
    (CLAIMCHECK); and AAAR's leak filter of the ExpDesign input. Needs a model (--model or
    ST_MODEL; leak-filter also runs offline); every call goes through the LLM layer
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
      leak-filter     AAAR input + gold experiments → input without the sentences that leak them

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
    gen_claim_weakness, gen_weakness_distill, gen_weakness_edit, gen_leak_filter).

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
    task = _TASKS[task]
    for name in cli_tasks.stray_options(task, values):
        if values[name] and name == "rag":
            owners = [t.name for t in _TASKS.values() if "rag" in t.option_names()]
            io.usage_error(f"--rag applies to --task {', '.join(owners)} only, not '{task.name}'")
    _check_templates(io, llm)
    cli_tasks.run(io, task, llm, task.make_options(**cli_tasks.task_values(task, values)), method=method)


def _check_templates(io: RecordIO, llm) -> None:
    """--template NAME=FILE must name a template of st-generate (FILE alone replaces the run's main one)."""
    from scholartools.llm.templates import available

    known = [t for t in available() if t.startswith("gen_")]
    for name in llm.template_overrides:
        if name and name not in known:
            io.usage_error(f"--template {name}=…: st-generate has no template '{name}' (its templates: {', '.join(known)})")


if __name__ == "__main__":
    main()
