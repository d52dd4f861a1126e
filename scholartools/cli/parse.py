"""st-parse: papers (PDF, LaTeX, TEI, S2ORC, Science Parse, flat JSON, Markdown, text) → paper records."""

from __future__ import annotations

import sys

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.scale import scheduler_options
from scholartools.parsing.detect import FORMATS

FORMAT_CHOICES = ["auto", *FORMATS]


@st_command("st-parse", reads_records=False)
@scheduler_options(over="files")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=True))
@click.option("--paths-from-stdin", is_flag=True, help="Read file paths from stdin, one per line.")
@click.option("--format", "fmt", type=click.Choice(FORMAT_CHOICES), default="auto", show_default=True,
              help="Input format; auto detects it from the name and the first bytes.")
@click.option("--sections-only", is_flag=True,
              help="Only title, abstract and sections (no paragraphs list, references, figures, equations).")
@click.option("--no-references", is_flag=True, help="Do not split the bibliography into references.")
@click.option("--max-pages", type=click.IntRange(min=1), default=None, help="Parse at most N pages of a PDF.")
@click.option("--keep-hidden", is_flag=True,
              help="Keep text a reader cannot see (white, invisible, clipped) in the record's text; by default it "
                   "is removed and only reported in warnings[] (kind hidden_text), so it reaches no prompt.")
@click.option("--id-from", type=click.Choice(["stem", "sha256", "doi"]), default="stem", show_default=True,
              help="Record id: file stem, first 16 hex digits of the file's SHA-256, or the DOI (else stem).")
def main(io: RecordIO, files, paths_from_stdin, fmt, sections_only, no_references, max_pages, keep_hidden, id_from):
    """Parse papers into paper records, one JSON line per file.

    \b
    PDF: pymupdf text dictionaries + font statistics (no layout model, no OCR): title,
    subtitle (a smaller line set under the title; LaTeX's \\subtitle too), authors, abstract,
    sections (heading, number, level, canonical type, paragraphs in reading order),
    references, figure/table captions, display equations with context, and
    warnings[] for text a reader cannot see (kind hidden_text: white, < 2 pt, off-page,
    clipped, invisible; such text is removed from the record's text, so it reaches no prompt,
    unless --keep-hidden), for scans without a text layer and for a Chinese or Japanese font
    whose broken map gives wrong characters (kind garbled_text). LaTeX (\\input/\\include
    followed), GROBID TEI, S2ORC JSON, Science Parse JSON, flat JSON (one key per heading),
    Markdown and plain text give the same record shape. FILE '-' is one document read from
    stdin (cat paper.pdf | st-parse -): its format is detected from its first bytes (Markdown by
    a '# heading' line), --format overrides; its record's source.path is '-', its id 'stdin'.

    \b
    A file that cannot be parsed (missing, empty, encrypted, not a PDF) becomes an error
    record naming it; the other files are still parsed and the exit code is 1.

    \b
    Examples:
      st-parse paper.pdf | st-extract-limits | st-generate --task limitations
      curl -sL https://arxiv.org/pdf/2106.01234 | st-parse - | st-facets
      find papers/ -name '*.pdf' | st-parse --paths-from-stdin -o papers.jsonl
      st-parse --format latex main.tex | st-eqsynth
      st-parse --scheduler tcp://head:8786 --paths-from-stdin < pdfs.txt > papers.jsonl
    """
    import gc
    import time

    from scholartools.parsing import parse_paths, unique_ids

    paths = list(files)
    if paths.count("-") > 1 or ("-" in paths and paths_from_stdin):
        io.usage_error("stdin holds one document: give '-' once, and not with --paths-from-stdin")
    if "-" in paths and sys.stdin is None:   # started with stdin closed (<&-)
        io.usage_error("'-': stdin is closed")
    if paths_from_stdin:
        if sys.stdin is None:   # started with stdin closed (<&-)
            io.usage_error("--paths-from-stdin: stdin is closed")
        paths += [line.strip() for line in sys.stdin if line.strip()]
    if not paths and not paths_from_stdin:   # an empty list from stdin is zero papers, not a mistake
        io.usage_error("no input files: give FILE arguments or --paths-from-stdin")
    kwargs = {"fmt": None if fmt == "auto" else fmt, "id_from": id_from, "max_pages": max_pages,
              "references": not no_references, "sections_only": sections_only, "keep_hidden": keep_hidden}
    records = parse_paths(paths, provenance=True, **kwargs)
    # In a process of its own the command keeps the cyclic collector off for the first file and,
    # when that file imported pymupdf (a PDF), then freezes what is alive (gc.freeze: the modules,
    # pymupdf's 45,000 binding objects most), so that no later collection walks them again: the
    # first collection after the parse did (3 % of st-parse's CPU time on the smallest PDFs). A
    # PDF's parse leaves no reference cycles behind, so nothing collectable is frozen with them.
    first = io.owns_process and gc.isenabled()
    if first:
        gc.disable()
    t = time.perf_counter()
    for rec in io.progress(unique_ids(records, io.log), total=len(paths), desc="st-parse"):
        now = time.perf_counter()
        io.count_in()
        hidden = [w for w in rec.get("warnings") or [] if isinstance(w, dict) and w.get("kind") == "hidden_text"]
        if hidden:
            what = "kept in the text (--keep-hidden)" if keep_hidden else "removed from the text"
            pages = ", ".join(str(p) for p in sorted({w.get("page") for w in hidden if w.get("page")}))
            io.log(f"{rec.get('source', {}).get('path') or rec.get('id')}: {len(hidden)} span(s) of text a reader "
                   f"cannot see (pages {pages}), {what}; see warnings[] kind hidden_text")
        io.write(rec, seconds=now - t)
        if first:
            if "pymupdf" in sys.modules:
                gc.freeze()
            gc.enable()
            first = False
        t = time.perf_counter()

if __name__ == "__main__":
    main()
