"""st-eqsynth: display equations with context → AAAR EquationInference items (1 positive + 3
plausible wrong equations), as binary per-candidate records or 4-way multiple choice."""
from __future__ import annotations

import click

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.llm.options import llm_options
from scholartools.tasks import tasks_of


@st_command("st-eqsynth")
@llm_options(templates=["eqsynth_recover", "eqsynth_filter", "eqsynth_filter_flaw"])
@click.option("--method", type=cli_tasks.MethodChoice(), default="auto", show_default=True,
              help="offline (or rules): rule-based negatives; llm: AAAR's masked-equation recovery + flaw filter; "
                   "auto: llm when a model is configured, else offline.")
@click.option("--seed", type=int, default=42, show_default=True,
              help="Seed for the rules' choices, the option order and the answer letters.")
@click.option("--negatives", type=click.IntRange(1, 25), default=3, show_default=True,
              help="Wrong equations per item.")
@click.option("--max-per-paper", type=click.IntRange(min=0), default=3, show_default=True,
              help="Display equations sampled per paper (AAAR §3.1: at most 3, shuffled with --seed); 0 keeps "
                   "every one.")
@click.option("--context-words", type=click.IntRange(min=0), default=1000, show_default=True,
              help="Whitespace words of context kept on each side (AAAR's main table: 1000).")
@click.option("--format", "fmt", type=click.Choice(["binary", "choice"]), default="binary", show_default=True,
              help="binary: one record per candidate (label 1/0, the F1 setting); choice: one record per "
                   "equation with options and answer.")
@click.option("--max-tries", type=click.IntRange(1, 100), default=10, show_default=True,
              help="llm: recovery attempts per negative until it differs from the positive.")
@click.option("--prompt-words", type=click.IntRange(min=0), default=100, show_default=True,
              help="llm: context words on each side in the recovery prompt.")
@click.option("--filter", "filter_", type=click.Choice(["context", "flaw"]), default="context", show_default=True,
              help="llm: the negative filter. context: the paper's (AAAR §3.1: a negative using notation its "
                   "context never defines is unaligned); flaw: the official code's context-free 'obvious flaw?' "
                   "check of each negative alone.")
@click.option("--keep-filtered", is_flag=True,
              help="llm: also write items whose negatives the flaw filter all judged wrong (keep: false).")
def main(io: RecordIO, llm, method, seed, negatives, max_per_paper, context_words, fmt, max_tries, prompt_words,
         filter_, keep_filtered):
    """Make AAAR EquationInference items from display equations and their context: for each
    equation, the original (the positive) and --negatives plausible but wrong versions, shuffled.

    Input: paper records from st-parse on LaTeX sources (equations[] with latex, context_before,
    context_after), or records that are one equation (latex or equation, context_before,
    context_after). Equations are compared after normalisation (AAAR's simplify_equation plus
    whitespace, \\left/\\right, \\cdot vs *, redundant braces; tokens from pylatexenc): every
    negative differs from the positive after it, tokenises, and keeps the left-hand side.

    \b
    Rules (offline): op-swap, var-rename (to a symbol of the context), operand-swap, const (+-1),
    script, sign, drop-term; each negative records its rule and change.
    LLM (AAAR): the equation masked, 100 words each side and the left-hand side given,
    temperature 1.2, asked again until the answer differs (at most --max-tries, each try its own
    cached sample); then each negative is checked against the equation's context for notation
    the context never defines (the paper's filter; --filter flaw: the official code's check of
    each negative alone) and an item is kept when at least one negative passes.

    \b
    Output (binary): id PAPER#eqK:cJ, paper_id, equation_id, option, context_before,
    context_after, candidate, label (1 = the original, 0 = a negative), rule, change, positive.
    A judge adds prediction (0/1) and st-score --metric eqinfer reads prediction against label.
    Output (choice): id PAPER#eqK, options (the candidates), answer (A-D), option_rules.
    Answer letters are balanced per paper (blocks) and fixed by --seed.

    \b
    Examples:
      st-parse paper.tex | st-eqsynth --seed 1 > items.jsonl
      st-parse paper.tex | st-eqsynth | st-judge --task equation --model M \\
        | st-score --metric eqinfer --aggregate
      st-parse paper.tex | st-eqsynth --method llm --model openai/gpt-4o --format choice
    """
    from scholartools.equations.items import EqSynthOptions

    opts = EqSynthOptions(seed=seed, negatives=negatives, max_per_paper=max_per_paper, context_words=context_words,
                          format=fmt, filter=filter_,
                          keep_filtered=keep_filtered, max_tries=max_tries, prompt_words=prompt_words)
    cli_tasks.run(io, tasks_of("st-eqsynth")["negatives"], llm, opts, method=method)

if __name__ == "__main__":
    main()
