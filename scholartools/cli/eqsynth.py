"""st-eqsynth: display equations with context → AAAR EquationInference items (1 positive + 3
plausible wrong equations), as binary per-candidate records or 4-way multiple choice."""
from __future__ import annotations

from scholartools.cli.tasks import task_command

HELP = """Make AAAR EquationInference items from display equations and their context: for each
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

main = task_command("st-eqsynth", "negatives", HELP, method_help=(
    "offline (or rules): rule-based negatives; llm: AAAR's masked-equation recovery + negative filter; "
    "auto: llm when a model is configured, else offline."))

if __name__ == "__main__":
    main()
