"""Background / method / result / conclusion facets of abstracts and summaries, and per-facet ratings (FM) — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-facets",
    "Background / method / result / conclusion facets of abstracts and summaries, and per-facet ratings (FM)",
    "sentence-role decomposition, embedding-based facet rating, LLM extraction and rubric judge.",
)

if __name__ == "__main__":
    main()
