"""st-judge: the LLM-as-judge protocols of the five papers, as registered tasks."""
from __future__ import annotations

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.llm.options import llm_options
from scholartools.tasks import tasks_of
from scholartools.tasks.judge import OPTIONS, TEMPLATES, option_names

_TASKS = tasks_of("st-judge")


def _judge(io: RecordIO, llm, task, method, out, **values):
    from click.core import ParameterSource

    from scholartools.judge import run_judge

    task_name = task
    task = _TASKS[task_name]
    ctx = click.get_current_context()
    mine = set(option_names(task))
    stray = [name for name in values if name not in mine
             and ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)]
    if stray:
        flags = ", ".join("--" + n.replace("_", "-") for n in stray)
        io.usage_error(f"{flags}: not an option of --task {task_name} (its options: "
                       f"{', '.join('--' + n.replace('_', '-') for n in option_names(task))})")
    run_judge(io, llm, task_name, {k: v for k, v in values.items() if k in mine}, method=method, out=out)


#: the order tasks are listed in (help and options): the papers' order
ORDER = ("match", "rate", "critique", "entail", "equation", "compare3", "prefer", "labels")


def _ordered() -> list:
    return [_TASKS[n] for n in ORDER if n in _TASKS] + [t for n, t in _TASKS.items() if n not in ORDER]


def _task_help() -> str:
    import textwrap

    lines = []
    for task in _ordered():
        flags = " ".join("--" + n.replace("_", "-") for n in option_names(task))
        body = textwrap.wrap(f"{task.summary}. [{flags}]", 84)
        lines.append(f"  {task.name:<9} {body[0]}")
        lines.extend(f"  {'':<9} {b}" for b in body[1:])
    return "\n".join(lines)


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
  st-judge --task match --method embed < papers.jsonl | st-score --metric pointwise --aggregate
  st-judge --task rate --protocol geval --aspect method --samples 20 -i paperrq.jsonl \\
      | st-agree --rater human.method --rater judge.score --measure spearman,kendall
  st-judge --task critique --style either-no -i ReviewCritique_LLM.segments.jsonl \\
      | st-score --metric critique-prf --aggregate --summary-only
  st-judge --task equation --context-words 1000 -i items.jsonl | st-score --metric eqinfer --aggregate
"""


def _build():
    fn = llm_options(templates=list(TEMPLATES))(_judge)   # innermost: listed last in --help
    seen: list = []
    for task in _ordered():
        for opt in task.options:
            if not any(opt is s for s in seen):
                seen.append(opt)
    for opt in reversed(seen):
        fn = opt(fn)
    fn = click.option("--out", default="judge", show_default=True, metavar="FIELD",
                      help="Where the verdict object goes (dotted path).")(fn)
    fn = click.option("--method", type=click.Choice(["auto", "llm", "embed"]), default="auto", show_default=True,
                      help="llm: ask the model; embed: the offline matcher (match only); auto: llm when a "
                           "model is configured, else embed for match.")(fn)
    fn = click.option("--task", required=True, type=click.Choice(list(_TASKS)),
                      help="The judge task (see above).")(fn)
    fn.__doc__ = HELP
    return st_command("st-judge")(fn)


assert set(OPTIONS) >= {n for t in _TASKS.values() for n in option_names(t)}
main = _build()

if __name__ == "__main__":
    main()
