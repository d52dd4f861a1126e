"""st-claims: a paper's claims, the weaknesses of its reviews, and which claims each weakness
targets (CLAIMCHECK)."""
from __future__ import annotations

import click

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.llm_options import llm_options
from scholartools.tasks import tasks_of

TASKS = tasks_of("st-claims")
TEMPLATES = sorted(t for task in TASKS.values() for t in task.templates)


def _task_options(fn):
    """The options every st-claims task declares, in task order (extract, weaknesses, associate)."""
    fn.__click_params__ = getattr(fn, "__click_params__", []) + list(reversed(cli_tasks.options_of(TASKS.values())))
    return fn


@st_command("st-claims")
@click.option("--task", type=click.Choice(list(TASKS)), default="extract",
              show_default=True,
              help="extract: claims of paper records; weaknesses: weakness passages of review texts; "
                   "associate: the claims each weakness targets.")
@click.option("--method", type=cli_tasks.MethodChoice(), default="auto", show_default=True,
              help="offline: cue phrases / review structure / BM25 + embeddings; llm: the model; auto: llm when a "
                   "model is configured.")
@_task_options
@llm_options(templates=TEMPLATES)
def main(io: RecordIO, llm, task, method, **values):
    """Claims of a paper, the weaknesses of its reviews, and the claims each weakness targets
    (CLAIMCHECK, Ou et al. 2025).

    \b
    --task extract     reads paper records (st-parse); writes claims [{id: Claim1, text, section,
                       section_index, start, end, score, cues}] — result, contribution and novelty
                       claims as verbatim sentences in document order (text == the section's
                       text[start:end]; section "abstract" points into the abstract field) — and
                       claim_texts ["Claim1: ...", ...] for st-score --metric f1-edit.
    --task weaknesses  reads --review FIELD (a string or a list of strings); writes weaknesses
                       [{id: w1, text, start, end (, review_index)}], verbatim spans of the review.
    --task associate   reads claims and weaknesses; writes one record per weakness, id PAPER#wK
                       (parent fields kept; weaknesses replaced by weakness, its text, and
                       weakness_item, its id and offsets; plus paper_id), with targets (claim ids, <= 3, possibly empty; null when an LLM reply could not
                       be read), target_scores, target_claims ["Claim3: ..."] and association
                       (method, grounded, candidates or reasoning). --no-fan-out writes the same
                       fields inside each item of weaknesses instead.

    Offline methods: a sentence scorer over cue phrases (we show / we propose / outperforms / to our
    knowledge the first …), section and first person and a MiniLM score, weighed by a regression
    fitted on two annotators' claim labels (--scorer semantic: fixed weights; --scorer cues: the cue
    phrases alone, no model), precision before recall; the review form's
    weakness blocks cut into items; BM25 (bm25s) and MiniLM cosine over the paper's claims fused by
    reciprocal rank, one index per paper, with a threshold for "no target". LLM methods: chunked
    extraction and weakness passages, every span through the shared verbatim checker (a span that is
    not verbatim is dropped and counted in provenance); association with CLAIMCHECK's definitions.

    \b
    Examples:
      st-parse paper.pdf | st-claims --task extract > claims.jsonl
      jq -c '. + {review: $r}' --arg r "$(cat review.txt)" claims.jsonl \\
        | st-claims --task weaknesses | st-claims --task associate \\
        | st-judge --task labels --claim target_claims --paper abstract
      st-claims --task associate --model openai/gpt-4o-mini < pairs.jsonl \\
        | st-score --metric f1-edit,f1-exact --cand target_claims --ref gold_target_claims --aggregate
    """
    task = TASKS[task]
    cli_tasks.run(io, task, llm, task.make_options(**cli_tasks.task_values(task, values)), method=method)


if __name__ == "__main__":
    main()
