"""st-agree: agreement and correlation between raters, judges and metrics."""

from __future__ import annotations

import click

from scholartools.cli.base import RecordIO, st_command
from scholartools.cli.types import Finite

MEASURE_HELP = ("Comma-separated (repeatable): pearson, spearman, kendall (tau-b), cohen, cohen-linear, "
                "cohen-quadratic, percent, fleiss, alpha-nominal, alpha-ordinal, alpha-interval, alpha-ratio. "
                "Default: pearson,spearman,kendall.")


@st_command("st-agree")
@click.option("--rater", "raters", multiple=True, metavar="FIELD",
              help="A rater's value as a dotted field path (repeat, in order). With --join, 'N:FIELD' reads "
                   "FIELD from the N-th input only. In long format: rater names to keep, in order.")
@click.option("--measure", "measures", multiple=True, metavar="LIST", help=MEASURE_HELP)
@click.option("--level", "levels", multiple=True, metavar="LIST",
              help="pooled (default), per-group (mean of within-group values, needs --group-by), "
                   "system (correlation of per-system means, needs --system-field); comma-separated.")
@click.option("--group-by", metavar="FIELD", help="Group of each unit (e.g. doc_id); also the bootstrap's "
              "resampling block.")
@click.option("--system-field", metavar="FIELD", help="System of each unit, for --level system.")
@click.option("--join", "join_key", metavar="KEY",
              help="Match units across the -i files by this field; unmatched keys are counted and reported.")
@click.option("--unit", "unit_field", metavar="FIELD", help="Long format: the unit id field.")
@click.option("--rater-field", metavar="FIELD", help="Long format: the field naming the rater.")
@click.option("--value-field", metavar="FIELD", help="Long format: the field holding the rating.")
@click.option("--bootstrap", type=click.IntRange(min=0), default=0, metavar="N",
              help="Percentile bootstrap CI from N resamples of units (of groups with --group-by).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed for bootstrap/permutation.")
@click.option("--ci-level", type=Finite(0, 1, min_open=True, max_open=True), default=0.95, show_default=True, help="Confidence level of the CI.")
@click.option("--permutation", type=click.IntRange(min=0), default=0, metavar="N",
              help="Also test, for each pair of raters A, B other than the reference, whether corr(A, ref) "
                   "differs from corr(B, ref): paired permutation test with N permutations.")
@click.option("--reference", metavar="FIELD",
              help="The reference rater (a --rater) for --permutation and --vs-reference (default: the first).")
@click.option("--vs-reference", is_flag=True,
              help="Pairwise measures only for the pairs (reference, other rater), e.g. human vs each metric.")
@click.option("--matrix", is_flag=True, help="One record per (measure, level) with the matrix over all rater "
              "pairs, instead of one record per pair.")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "table"]), default="jsonl", show_default=True,
              help="table: a readable text table on stdout instead of JSONL.")
@click.option("--plot", "plot_path", metavar="FILE.png",
              help="Draw scatter plots (correlations) or confusion heat-maps (categorical) into a PNG.")
@click.option("--vote", type=click.Choice(["per-field", "joint"]),
              help="Majority-vote mode instead of agreement: enrich each record with the majority of the "
                   "--rater values (per field, or the joint tuple of --vote-fields); in long format "
                   "(--unit, with --value-field or --vote-fields) write one record per unit.")
@click.option("--vote-fields", metavar="LIST", help="With --vote: sub-fields of each rater's object to vote on.")
@click.option("--vote-into", default="majority", show_default=True, metavar="FIELD",
              help="With --vote: where the majority goes (support in FIELD_votes).")
@click.option("--min-votes", type=click.IntRange(min=1), metavar="K",
              help="With --vote: votes needed for a majority (default: more than half of those present).")
@click.option("--spans", metavar="LIST",
              help="Span-set agreement instead (CLAIMCHECK §3.4): f1-edit, f1-exact (comma-separated). Each "
                   "--rater (or, in long format, each annotator) holds a list of span strings per unit; writes "
                   "per-pair F1, per-annotator means (individual) and the pooled pairwise-micro and "
                   "pairwise-mean values.")
@click.option("--power", type=click.IntRange(min=1), metavar="N",
              help="Statistical power instead (FM §5.4 Fig. 9): per --rater metric, N bootstrap resamples of "
                   "each system's scores (--system-field) and a t-test per system pair; the share significant "
                   "at --alpha, averaged over the pairs.")
@click.option("--alpha", type=Finite(0, 1, min_open=True, max_open=True), default=0.05, show_default=True,
              help="With --power: the t-test's significance level.")
@click.option("--systems", metavar="LIST", help="With --power: only these systems (comma-separated).")
def main(io: RecordIO, raters, measures, levels, group_by, system_field, join_key, unit_field, rater_field,
         value_field, bootstrap, seed, ci_level, permutation, reference, vs_reference, matrix, fmt, plot_path, vote,
         vote_fields, vote_into, min_votes, spans, power, alpha, systems):
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
    if spans or power:
        if vote or fmt == "table" or plot_path or matrix or bootstrap or permutation or join_key or (spans and power):
            io.usage_error("--spans and --power each write their own result records: they do not combine with "
                           "each other, --vote, --join, --format table, --plot, --matrix, --bootstrap or "
                           "--permutation")
        if spans:
            _spans(io, spans, raters, unit_field, rater_field, value_field)
        else:
            _power(io, raters, system_field, power, alpha, seed, systems)
        return
    if vote:
        if fmt == "table" or plot_path or matrix or bootstrap or permutation:
            io.usage_error("--vote writes enriched records: it does not combine with --format table, --plot, "
                           "--matrix, --bootstrap or --permutation")
        if unit_field:
            _vote_long(io, unit_field, value_field, rater_field, vote, vote_fields, vote_into, min_votes)
        else:
            _vote(io, raters, vote, vote_fields, vote_into, min_votes)
        return

    from scholartools.agreement import agree

    def progress(jobs, total=None):
        return io.progress(jobs, total=total, desc="st-agree measures")

    try:
        if join_key:
            sources = io.records_per_input()
            if len(sources) < 2:
                io.usage_error("--join needs at least two input files (-i A.jsonl -i B.jsonl)")
            result = agree(sources=sources, join=join_key, raters=raters, measures=measures, levels=levels,
                           group_by=group_by, system_field=system_field, bootstrap=bootstrap, seed=seed,
                           ci_level=ci_level, matrix=matrix, permutation=permutation, reference=reference,
                           vs_reference=vs_reference, progress=progress)
        else:
            result = agree(list(io.records()), raters=raters, measures=measures, levels=levels, group_by=group_by,
                           system_field=system_field, unit=unit_field, rater_field=rater_field,
                           value_field=value_field, bootstrap=bootstrap, seed=seed, ci_level=ci_level,
                           matrix=matrix, permutation=permutation, reference=reference,
                           vs_reference=vs_reference, progress=progress)
    except ValueError as exc:
        io.usage_error(str(exc))
        return

    io.provenance["method"] = "scholartools.agreement (numpy/scipy; krippendorff for alpha)"
    for rec, exc in result.errors:
        io.write(io.error_for(rec, exc))
    for note in result.notes:
        io.log(note)
    if not any(_rated(r.get("n")) for r in result.results):   # all-null results would read as success
        io.fail(f"no unit rated by the raters in {io.n_in} input record(s): nothing to compare (exit 1)")
        return
    if fmt == "table":
        from scholartools.agreement.results import format_table

        io.write_text(format_table(result.results), units=len(result.results))  # text, by request
    else:
        for rec in result.results:
            io.write(rec)
    if plot_path:
        from scholartools.agreement.plot import plot_results

        try:
            n = plot_results(result.table, result.results, plot_path)
        except (ValueError, OSError) as exc:
            io.usage_error(f"--plot: {exc}")
            return
        io.log(f"wrote {n} panel(s) to {plot_path}")


def _rated(n) -> bool:
    """True when a result's ``n`` (a count, or a matrix of counts) counts some rated unit."""
    if isinstance(n, list):
        return any(_rated(v) for v in n)
    return isinstance(n, int) and n > 0


def _spans(io: RecordIO, spans, raters, unit, rater_field, value_field) -> None:
    from scholartools.agreement import spans as S
    from scholartools.records import RecordError

    measures = [m.strip() for m in spans.split(",") if m.strip()]
    bad = [m for m in measures if m not in S.MEASURES]
    if bad or not measures:
        io.usage_error(f"--spans: unknown measure(s) {', '.join(bad) or '(none)'}; choose from "
                       f"{', '.join(S.MEASURES)}")
    records = list(io.records())
    try:
        if rater_field or value_field:
            if not (unit and rater_field and value_field):
                io.usage_error("--spans in long format needs --unit, --rater-field and --value-field")
            items, names = S.items_from_long(records, unit, rater_field, value_field)
            names = [r for r in raters if r in names] if raters else names
        else:
            if len(raters) < 2:
                io.usage_error("--spans needs at least two --rater fields (or long format)")
            items, names = S.items_from_wide(records, list(raters), unit), list(raters)
        io.provenance["method"] = "scholartools.agreement.spans (CLAIMCHECK span F1, pairwise)"
        for m in measures:
            for rec in S.span_agreement(items, names, m):
                io.write(rec)
    except RecordError as exc:
        io.usage_error(str(exc))
    except ValueError as exc:
        io.usage_error(str(exc))


def _power(io: RecordIO, raters, system_field, resamples, alpha, seed, systems) -> None:
    from scholartools.agreement.power import power_results

    if not system_field or not raters:
        io.usage_error("--power needs --system-field FIELD and at least one --rater metric")
    chosen = [s.strip() for s in systems.split(",") if s.strip()] if systems else None
    try:
        results, errors = power_results(list(io.records()), list(raters), system_field, resamples, alpha, seed,
                                        chosen)
    except ValueError as exc:
        io.usage_error(str(exc))
        return
    io.provenance["method"] = "scholartools.agreement.power (bootstrap + Student t-test, FM §5.4)"
    for rec, exc in errors:
        io.write(io.error_for(rec, exc))
    for rec in results:
        io.write(rec)


def _vote(io: RecordIO, raters, mode, vote_fields, into, min_votes) -> None:
    from scholartools.agreement.vote import vote_record

    if len(raters) < 2:
        io.usage_error("--vote needs at least two --rater fields (one per annotator)")
    fields = [f.strip() for f in vote_fields.split(",") if f.strip()] if vote_fields else None
    io.provenance["method"] = f"majority vote ({mode})"
    counts = {"with": 0, "without": 0}

    def one(rec):
        out = vote_record(rec, list(raters), fields, mode, into, min_votes)
        counts["with" if out[into] is not None else "without"] += 1
        return out

    io.map(one)
    io.log(f"majority ({mode}): {counts['with']} units with one, {counts['without']} without")


def _vote_long(io: RecordIO, unit, value_field, rater_field, mode, vote_fields, into, min_votes) -> None:
    from scholartools.agreement.vote import vote_long
    from scholartools.records import RecordError, get_path

    fields = [f.strip() for f in vote_fields.split(",") if f.strip()] if vote_fields else None
    io.provenance["method"] = f"majority vote ({mode}, long format)"
    good = []
    for rec in io.records():
        if get_path(rec, unit) is None or isinstance(get_path(rec, unit), (list, dict)):
            io.write(io.error_for(rec, RecordError("missing_field", f"record {rec.get('id')}: unit field '{unit}' "
                                                   "is missing", field=unit)))
        else:
            good.append(rec)
    try:
        units = vote_long(good, unit, value_field, fields, mode, into, min_votes, rater_field)
    except ValueError as exc:
        io.usage_error(str(exc))
        return
    for rec in units:
        io.write(rec)
    with_majority = sum(1 for r in units if r[into] is not None)
    io.log(f"majority ({mode}): {with_majority} of {len(units)} units have one")


if __name__ == "__main__":
    main()
