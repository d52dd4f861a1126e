"""Display equations from LaTeX and plausible wrong variants (AAAR EquationInference) — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-eqsynth",
    "Display equations from LaTeX and plausible wrong variants (AAAR EquationInference)",
    "equations with context from LaTeX records, rule-based corruption, LLM recovery and flaw filter, EquationInference items.",
)

if __name__ == "__main__":
    main()
