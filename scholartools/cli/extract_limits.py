"""st-extract-limits: limitation spans and verbatim limitation points from papers and reviews (BAGELS)."""
from __future__ import annotations

from scholartools.cli.tasks import task_command

HELP = """Extract a paper's limitations as verbatim points (BAGELS stage B): explicit Limitations
sections (with their subsections; ACL checklist entries and pointer answers skipped),
implicit spans (a keyword sentence outside abstract / introduction / related work, up to the
next section whose heading is a stop term), and the weakness parts of peer reviews; each is
segmented into points (one distinct limitation each, framing sentences left out), then author
and reviewer points are merged into the ground truth.

Writes limitations.author, limitations.review, limitations.merged (lists of point texts, each
a verbatim slice of its source, in document order), limitations.spans ({source, kind,
section, text, start, end}: offsets into the section text, the --from field or the review)
and limitations.points (each point with its span and offsets). A record without limitations
gets empty lists; a record with neither 'sections' nor the --from field is an error record.

Without a model the offline method runs; with --model (or ST_MODEL) the LLM refines the
spans, segments the consolidated reviews and merges, and every point it returns is checked
against its source: points that are not verbatim are dropped and counted (not_verbatim).

\b
Examples:
  st-parse paper.pdf | st-extract-limits | st-generate --task limitations
  st-extract-limits --from text < limtopic.jsonl > points.jsonl
  st-extract-limits --model openai/gpt-4o-mini --merge intersection < papers_with_reviews.jsonl

"""

main = task_command("st-extract-limits", "limitations", HELP, method_help=(
    "offline: rules + cue segmentation + embeddings; llm: refinement, review segmentation and "
    "master merge by the model, verbatim-checked; auto: llm when a model is configured."))

if __name__ == "__main__":
    main()
