"""Claims of a paper, and the review weaknesses that target them (CLAIMCHECK) — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-claims",
    "Claims of a paper, and the review weaknesses that target them (CLAIMCHECK)",
    "claim extraction (cue phrases, LLM), weakness-to-claim association (BM25 + embedding ranking, LLM), weakness labels.",
)

if __name__ == "__main__":
    main()
