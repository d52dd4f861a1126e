"""Papers (PDF, LaTeX, TEI, S2ORC, Science Parse, flat JSON, Markdown, text) into paper records — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-parse",
    "Papers (PDF, LaTeX, TEI, S2ORC, Science Parse, flat JSON, Markdown, text) into paper records",
    "PDF layout analysis with pymupdf; adapters for other formats.",
)

if __name__ == "__main__":
    main()
