"""st-extract-limits: limitation spans and verbatim limitation points from papers and reviews (BAGELS)."""
from __future__ import annotations

import re

import click

from scholartools.cli import tasks as cli_tasks
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.types import Fraction
from scholartools.llm.options import llm_options
from scholartools.tasks import tasks_of

TEMPLATES = list(tasks_of("st-extract-limits")["limitations"].templates)


@st_command("st-extract-limits")
@llm_options(templates=TEMPLATES)
@click.option("--from", "from_field", metavar="FIELD",
              help="Read this plain text field as an explicit Limitations section instead of 'sections' "
                   "(LimTopic rows, BAGELS flat JSON, your own text).")
@click.option("--reviews", "reviews_field", default="reviews", show_default=True, metavar="FIELD",
              help="Field with the peer reviews: a list of texts, or of objects with a text or weaknesses field.")
@click.option("--method", type=cli_tasks.MethodChoice(), default="auto", show_default=True,
              help="offline: rules + cue segmentation + embeddings; llm: refinement, review segmentation and "
                   "master merge by the model, verbatim-checked; auto: llm when a model is configured.")
@click.option("--merge", type=click.Choice(["union", "intersection"]), default="union", show_default=True,
              help="Author + reviewer merge: union with de-duplication, or the literal intersection reading.")
@click.option("--dedup", type=Fraction(), default=0.8, show_default=True, metavar="COSINE",
              help="Offline merge: cosine at which two points are the same limitation.")
@click.option("--keywords", default=None, metavar="REGEX",
              help="Implicit-span keywords (default: the paper's limitation(s) | shortcoming(s)).")
@click.option("--exclude-sections", default=None, metavar="LIST",
              help="Section types/headings never searched for implicit spans, comma-separated "
                   "(default: abstract,introduction,related work).")
@click.option("--stop-terms", default=None, metavar="REGEX",
              help="A following section whose heading matches ends an implicit span (default: acknowledgements, "
                   "grant, future work, discussion, conclusion, appendix).")
@click.option("--implicit/--no-implicit", default=True, show_default=True,
              help="Look for implicit limitation spans outside the Limitations sections.")
@click.option("--any-keyword", is_flag=True,
              help="Start an implicit span at any keyword sentence (the paper's plain rule), also one about "
                   "prior work's limitations or one the paper overcomes ('to address the limitations of …').")
@click.option("--topic-shift", type=Fraction(), default=None, metavar="COSINE",
              help="Offline segmentation: start a new point inside a paragraph without any cue when the "
                   "sentence's cosine to the point is below this (default 0.12; 0 turns embeddings off).")
@click.option("--embeddings/--no-embeddings", default=True, show_default=True,
              help="--no-embeddings: no encoder at all (no topic shift; points de-duplicated by exact text).")
def main(io: RecordIO, llm, from_field, reviews_field, method, merge, dedup, keywords, exclude_sections,
         stop_terms, implicit, any_keyword, topic_shift, embeddings):
    """Extract a paper's limitations as verbatim points (BAGELS stage B): explicit Limitations
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
    from scholartools.limitations.extract import ExtractOptions
    from scholartools.limitations.rules import DEFAULT_RULES, Rules
    from scholartools.limitations.segment import DEFAULT_OPTIONS, SegmentOptions

    rules = {}
    for name, value in (("keywords", keywords), ("stop_terms", stop_terms)):
        if value is not None:
            try:
                re.compile(value)
            except re.error as exc:
                io.usage_error(f"--{name.replace('_', '-')}: not a regular expression ({exc})")
            rules[name] = value
    if any_keyword:
        rules["own_work"] = False
    if exclude_sections is not None:
        rules["excluded"] = tuple(x.strip().lower() for x in exclude_sections.split(",") if x.strip())
    seg = DEFAULT_OPTIONS
    if topic_shift is not None or not embeddings:
        shift = DEFAULT_OPTIONS.shift if topic_shift is None else topic_shift
        seg = SegmentOptions(shift=shift, embeddings=embeddings and shift > 0)
    opts = ExtractOptions(from_field=from_field, reviews_field=reviews_field,
                          rules=Rules(**rules) if rules else DEFAULT_RULES, implicit=implicit, merge=merge,
                          dedup=dedup, embeddings=embeddings, segment=seg)
    cli_tasks.run(io, tasks_of("st-extract-limits")["limitations"], llm, opts, method=method)

if __name__ == "__main__":
    main()
