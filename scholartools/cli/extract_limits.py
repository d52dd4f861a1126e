"""Limitation spans and verbatim limitation points from papers and reviews (BAGELS) — planned, not implemented yet."""

from scholartools.cli.base import planned_command

main = planned_command(
    "st-extract-limits",
    "Limitation spans and verbatim limitation points from papers and reviews (BAGELS)",
    "explicit Limitations sections, implicit regex spans, LLM refinement, review limitations, author + reviewer merge.",
)

if __name__ == "__main__":
    main()
