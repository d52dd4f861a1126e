"""st-judge: the LLM-as-judge protocols of the five papers, as registered tasks."""
from __future__ import annotations

import click

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.llm_options import llm_options
from scholartools.tasks import tasks_of

_TASKS = tasks_of("st-judge")


def _judge(io: RecordIO, llm, task, method, **values):
    task = _TASKS[task]
    stray = cli_tasks.stray_options(task, values)
    if stray:
        flags = ", ".join("--" + n.replace("_", "-") for n in stray)
        io.usage_error(f"{flags}: not an option of --task {task.name} (its options: "
                       f"{', '.join('--' + n.replace('_', '-') for n in task.option_names())})")
    try:
        options = task.make_options(**cli_tasks.task_values(task, values))
    except (TypeError, ValueError) as exc:
        io.usage_error(str(exc))
    cli_tasks.run(io, task, llm, options, method=method)


def _task_help() -> str:
    return cli_tasks.task_table(_TASKS.values())


HELP = f"""Ask an LLM judge about records and write verdicts that st-score and st-agree read.

Every LLM-as-judge protocol of BAGELS, PaperRQ, AAAR-1.0 and CLAIMCHECK, as registered tasks
on the one stage runner (cache, concurrency, per-sample cache keys, one repair re-ask,
--dry-run call counts). Each verdict records the value, the raw replies, the samples, the
protocol and the template name and hash (at --out, default judge). A reply that cannot be
parsed after the repair re-ask is unscored (null with the raw text), never a wrong answer.
Input fields pass through untouched. Without a model, --task match uses the offline
embedding matcher; the other tasks need --model / ST_MODEL.

\b
Tasks:
{_task_help()}

\b
Where each task writes (st-score / st-agree read these by default):
  match      match (0/1/null) per pair record {{id PAPER#gK:hL, paper_id, gt_idx, gen_idx, gt, gen}},
             or match_matrix (rows = ground truth) + ground_truth + generated with --batch-pairs
  rate       judge.score, judge.samples, judge.raw, judge.protocol
  critique   prediction (true = deficient), judge.explanation
  entail     prediction_entailed, gold_entailed
  equation   prediction (0/1; null = format failure, scored wrong by eqinfer)
  compare3   judge.label        prefer  preference (win/tie/loss)
  labels     judge.objectivity, judge.agreement, judge.types

\b
Calls (see --dry-run): match x*y*K*orders pairwise, K*orders per paper with --batch-pairs;
rate n per item (+1 steps call for geval, analyze-rate, rate-explain), batch
ceil(N/size)*loops; critique 1 per review and style; entail |pred|+|gold| per paper.

\b
Examples:
  st-judge --task match --model openai/gpt-4o-mini --variants 3 --inconsistent majority \\
      < papers.jsonl | st-score --metric pointwise --aggregate
  st-judge --task match --method offline < papers.jsonl | st-score --metric pointwise --aggregate
  st-judge --task rate --protocol geval --aspect method --samples 20 -i paperrq.jsonl \\
      | st-agree --rater human.method --rater judge.score --measure spearman,kendall
  st-judge --task critique --style either-no -i ReviewCritique_LLM.segments.jsonl \\
      | st-score --metric critique-prf --aggregate --summary-only
  st-judge --task equation --context-words 1000 -i items.jsonl | st-score --metric eqinfer --aggregate
"""


def _build():
    fn = llm_options(templates=list(dict.fromkeys(t for task in _TASKS.values() for t in task.templates)))(_judge)
    fn.__click_params__ = fn.__click_params__ + list(reversed([
        click.Option(["--task"], required=True, type=click.Choice(sorted(_TASKS)), help="The judge task (see above)."),
        cli_tasks.method_option("llm: ask the model; offline: the embedding matcher (match only); auto: llm when a "
                                "model is configured, else offline for match."),
        *cli_tasks.options_of(_TASKS.values())]))
    fn.__doc__ = HELP
    return st_command("st-judge")(fn)


main = _build()

if __name__ == "__main__":
    main()
