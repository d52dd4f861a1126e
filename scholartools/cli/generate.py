"""LLM generation tasks over papers — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-generate",
    "LLM generation tasks over papers",
    "limitations (vanilla, chunked, RAG), research questions, experiments and explanations, weaknesses, summaries, claim-grounded weaknesses, weakness rewrites.",
)

if __name__ == "__main__":
    main()
