"""st-agree: agreement and correlation between raters, judges and metrics (thin CLI: the options
and the work are :mod:`scholartools.agreement.command`)."""

from __future__ import annotations

from scholartools.agreement.command import AgreeOptions, prepare
from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.tasks import click_option
from scholartools.errors import UsageError
from scholartools.tasks import option_fields


def main(io: RecordIO, **values):
    """Agreement and correlation between raters, judges and metrics.

    Reads units (one record per unit, raters named by --rater field paths; or several files joined
    with --join; or long format) and writes one result record per (measure, rater pair, level):
    {"measure", "level", "raters": [a, b], "n", "value", "ci": [lo, hi] | null}. Pairwise measures
    (correlations, Cohen's kappa, percent) cover every pair of raters in the order given; Fleiss'
    kappa and Krippendorff's alpha treat all raters as coders of each unit (null or missing =
    missing). An undefined value (a constant rater) is null with a "note".

    Examples:

    \b
      st-agree -i pairs.jsonl --rater human.overall --rater rougeL --rater fm_gpt4.overall \\
               --measure pearson,kendall --level pooled,per-group,system \\
               --group-by doc_id --system-field system --bootstrap 1000 --format table
      st-agree -i pairs.jsonl --rater human.overall --rater rougeL --rater bertscore \\
               --vs-reference --permutation 1000 --measure pearson
      st-agree -i human.jsonl -i judge.jsonl --join id --rater human.method --rater score \\
               --measure spearman,kendall
      st-agree -i labels.jsonl --unit item --rater-field annotator --value-field label \\
               --measure cohen,fleiss,alpha-nominal --matrix
      st-agree -i annotations.jsonl --vote joint --rater ann.0 --rater ann.1 --rater ann.2 \\
               --vote-fields problem,method,format
    """
    try:
        run = prepare(AgreeOptions(**values))
    except UsageError as exc:
        io.usage_error(str(exc))
    io.provenance["method"] = run.method
    if run.per_record:   # a wide vote: one enriched record per input record
        io.map(run.vote_one)
        io.log(run.vote_summary())
        return
    def progress(jobs, total=None):
        return io.progress(jobs, total=total, desc="st-agree measures")

    try:
        if run.joins:
            report = run.report(sources=io.records_per_input(), progress=progress)
        else:   # a long-format vote keeps input error records in their place: it reads them too
            report = run.report(io.raw_records() if run.mode == "vote-long" else io.records(), progress=progress)
    except UsageError as exc:
        io.usage_error(str(exc))
    for rec in report.errors:
        io.write(rec)
    for note in report.notes:
        io.log(note)
    if not report.rated:
        io.fail(f"no unit rated by the raters in {io.n_in} input record(s): nothing to compare (exit 1)")
        return
    if run.options.fmt == "table":
        io.write_text(report.text(), units=len(report.results))  # text, by request
    else:
        for rec in report.results:
            io.write(rec)
    if run.options.plot_path:
        try:
            io.log(run.plot(report))
        except UsageError as exc:
            io.usage_error(str(exc))


main.__click_params__ = list(reversed([click_option(f) for f in option_fields(AgreeOptions)]))
main = st_command("st-agree")(main)

if __name__ == "__main__":
    main()
