"""LLM-as-judge tasks — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-judge",
    "LLM-as-judge tasks",
    "pair matching (embedding matcher offline), rubric rating protocols (direct, G-Eval, analyze-rate, rate-explain, BatchEval, ICE), critique labelling, entailment, equation correctness, pairwise preference, weakness labels.",
)

if __name__ == "__main__":
    main()
