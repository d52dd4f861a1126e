"""``st-agree`` as a library: its options (:class:`AgreeOptions`, the one source of the command's
flags, defaults and help), the checked run (:func:`prepare`), what a run over all records gives
(:meth:`AgreeRun.report`: output records, notes for stderr, the table and the plot) and the
command's whole output as records in, records out (:func:`stream`), for the Python API.

Five modes, chosen by the options: agreement and correlation (the default; wide, joined or long
input), ``--vote`` (wide: one enriched record per input record; long: one record per unit),
``--spans`` and ``--power``. A request that cannot work is a :class:`~scholartools.errors.UsageError`
naming the option (exit 2 in the command); a record that cannot be used is an error record in the
output, the run goes on.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from scholartools.errors import UsageError
from scholartools.records import RecordError, add_provenance, error_of, get_path, is_error
from scholartools.tasks import check_values, option, option_fields

COMMAND = "st-agree"

MEASURE_HELP = ("Comma-separated (repeatable): pearson, spearman, kendall (tau-b), cohen, cohen-linear, "
                "cohen-quadratic, percent, fleiss, alpha-nominal, alpha-ordinal, alpha-interval, alpha-ratio. "
                "Default: pearson,spearman,kendall.")

#: provenance ``method`` of each mode
METHOD = "scholartools.agreement (numpy/scipy; krippendorff for alpha)"
SPANS_METHOD = "scholartools.agreement.spans (CLAIMCHECK span F1, pairwise)"
POWER_METHOD = "scholartools.agreement.power (bootstrap + Student t-test, FM §5.4)"


@dataclass
class AgreeOptions:
    """st-agree's options by their Python names (the command's flags, in ``--help`` order)."""

    raters: tuple[str, ...] = option(
        (), "A rater's value as a dotted field path (repeat, in order). With --join, 'N:FIELD' reads FIELD from "
            "the N-th input only. In long format: rater names to keep, in order.",
        flag="--rater", metavar="FIELD", multiple=True)
    measures: tuple[str, ...] = option((), MEASURE_HELP, flag="--measure", metavar="LIST", multiple=True)
    levels: tuple[str, ...] = option(
        (), "pooled (default), per-group (mean of within-group values, needs --group-by), system (correlation of "
            "per-system means, needs --system-field); comma-separated.", flag="--level", metavar="LIST", multiple=True)
    group_by: str | None = option(None, "Group of each unit (e.g. doc_id); also the bootstrap's resampling block.",
                                  metavar="FIELD")
    system_field: str | None = option(None, "System of each unit, for --level system.", metavar="FIELD")
    join_key: str | None = option(None, "Match units across the -i files by this field; unmatched keys are counted "
                                        "and reported.", flag="--join", metavar="KEY")
    unit_field: str | None = option(None, "Long format: the unit id field.", flag="--unit", metavar="FIELD")
    rater_field: str | None = option(None, "Long format: the field naming the rater.", metavar="FIELD")
    value_field: str | None = option(None, "Long format: the field holding the rating.", metavar="FIELD")
    bootstrap: int = option(0, "Percentile bootstrap CI from N resamples of units (of groups with --group-by).",
                            min=0, metavar="N", show_default=False)
    seed: int = option(0, "Random seed for bootstrap/permutation.")
    ci_level: float = option(0.95, "Confidence level of the CI.", min=0, max=1, exclusive=True)
    permutation: int = option(
        0, "Also test, for each pair of raters A, B other than the reference, whether corr(A, ref) differs from "
           "corr(B, ref): paired permutation test with N permutations.", min=0, metavar="N", show_default=False)
    reference: str | None = option(None, "The reference rater (a --rater) for --permutation and --vs-reference "
                                         "(default: the first).", metavar="FIELD")
    vs_reference: bool = option(False, "Pairwise measures only for the pairs (reference, other rater), e.g. human "
                                       "vs each metric.", is_flag=True)
    matrix: bool = option(False, "One record per (measure, level) with the matrix over all rater pairs, instead of "
                                 "one record per pair.", is_flag=True)
    fmt: str = option("jsonl", "table: a readable text table on stdout instead of JSONL.", flag="--format",
                      choices=("jsonl", "table"))
    plot_path: str | None = option(None, "Draw scatter plots (correlations) or confusion heat-maps (categorical) "
                                         "into a PNG.", flag="--plot", metavar="FILE.png")
    vote: str | None = option(
        None, "Majority-vote mode instead of agreement: enrich each record with the majority of the --rater values "
              "(per field, or the joint tuple of --vote-fields); in long format (--unit, with --value-field or "
              "--vote-fields) write one record per unit.", choices=("per-field", "joint"))
    vote_fields: str | None = option(None, "With --vote: sub-fields of each rater's object to vote on.",
                                     metavar="LIST")
    vote_into: str = option("majority", "With --vote: where the majority goes (support in FIELD_votes).",
                            metavar="FIELD")
    min_votes: int | None = option(None, "With --vote: votes needed for a majority (default: more than half of "
                                         "those present).", type=int, min=1, metavar="K")
    spans: str | None = option(
        None, "Span-set agreement instead (CLAIMCHECK §3.4): f1-edit, f1-exact (comma-separated). Each --rater (or, "
              "in long format, each annotator) holds a list of span strings per unit; writes per-pair F1, "
              "per-annotator means (individual) and the pooled pairwise-micro and pairwise-mean values.",
        metavar="LIST")
    power: int | None = option(
        None, "Statistical power instead (FM §5.4 Fig. 9): per --rater metric, N bootstrap resamples of each "
              "system's scores (--system-field) and a t-test per system pair; the share significant at --alpha, "
              "averaged over the pairs.", type=int, min=1, metavar="N")
    alpha: float = option(0.05, "With --power: the t-test's significance level.", min=0, max=1, exclusive=True)
    systems: str | None = option(None, "With --power: only these systems (comma-separated).", metavar="LIST")

    def __post_init__(self) -> None:   # a repeatable option given one value, or a list, from Python
        for f in option_fields(self):
            value = getattr(self, f.name)
            if f.metadata.get("multiple") and not isinstance(value, tuple):
                setattr(self, f.name, (value,) if isinstance(value, str) else tuple(value or ()))


def _words(text: str | None) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()] if text else []


@dataclass
class Report:
    """What a run over all records gives: the output records (``errors``: input error records and
    records that could not be used, in input order; then ``results``), without provenance; lines
    for stderr; and, for agreement, the rater table and whether any unit was rated at all."""

    errors: list[dict] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    table: Any = None
    rated: bool = True

    def text(self) -> str:
        """``--format table``: the results as a readable text table."""
        from scholartools.agreement.results import format_table

        return format_table(self.results)


class AgreeRun:
    """A checked st-agree run: its mode, the provenance ``method``, and the work (:meth:`vote_one`
    per record for a wide vote, :meth:`report` over all records for the others)."""

    def __init__(self, options: AgreeOptions):
        self.options = options
        o = options
        if o.spans:
            self.mode, self.method = "spans", SPANS_METHOD
        elif o.power:
            self.mode, self.method = "power", POWER_METHOD
        elif o.vote and o.unit_field:
            self.mode, self.method = "vote-long", f"majority vote ({o.vote}, long format)"
        elif o.vote:
            self.mode, self.method = "vote", f"majority vote ({o.vote})"
        else:
            self.mode, self.method = "agree", METHOD
        self._votes = {"with": 0, "without": 0}

    @property
    def per_record(self) -> bool:
        """True for a wide vote: one output record per input record, streamed (:meth:`vote_one`)."""
        return self.mode == "vote"

    @property
    def joins(self) -> bool:
        """True when the run reads its inputs apart (``--join``: :meth:`report` with ``sources``)."""
        return self.mode == "agree" and bool(self.options.join_key)

    # ------------------------------------------------------------------ wide vote, per record
    def vote_one(self, rec: dict) -> dict:
        """A wide vote's output record for ``rec`` (raises for a record that cannot be used)."""
        from scholartools.agreement.vote import vote_record

        o = self.options
        out = vote_record(rec, list(o.raters), _words(o.vote_fields) or None, o.vote, o.vote_into, o.min_votes)
        self._votes["with" if out[o.vote_into] is not None else "without"] += 1
        return out

    def vote_summary(self) -> str:
        """The line for stderr after a wide vote."""
        return (f"majority ({self.options.vote}): {self._votes['with']} units with one, "
                f"{self._votes['without']} without")

    # ------------------------------------------------------------------ all records at once
    def report(self, records: Iterable[dict] = (), sources: list[tuple[str, Iterable[dict]]] | None = None,
               progress: Callable | None = None) -> Report:
        """The run over all ``records`` (or, with ``--join``, ``sources`` = ``[(name, records), …]``);
        input error records pass through into ``errors``. ``progress(iterable, total=)`` may wrap
        the loop over measures and levels."""
        if self.mode == "vote-long":
            return self._vote_long(records)
        report = Report()
        if self.joins:
            kept = []
            for name, recs in sources or [("<records>", records)]:
                kept.append((name, _good(recs, report.errors)))
            if len(kept) < 2:
                raise UsageError("--join needs at least two input files (-i A.jsonl -i B.jsonl)")
            return self._agree(None, kept, report, progress)
        good = _good(records, report.errors)
        if self.mode == "spans":
            return self._spans(good, report)
        if self.mode == "power":
            return self._power(good, report)
        return self._agree(good, None, report, progress)

    def _agree(self, records: list[dict] | None, sources: list | None, report: Report,
               progress: Callable | None) -> Report:
        from scholartools.agreement import agree

        o = self.options
        common = dict(raters=o.raters, measures=o.measures, levels=o.levels, group_by=o.group_by,
                      system_field=o.system_field, bootstrap=o.bootstrap, seed=o.seed, ci_level=o.ci_level,
                      matrix=o.matrix, permutation=o.permutation, reference=o.reference,
                      vs_reference=o.vs_reference, progress=progress)
        try:
            if sources is not None:
                result = agree(sources=sources, join=o.join_key, **common)
            else:
                result = agree(records, unit=o.unit_field, rater_field=o.rater_field, value_field=o.value_field,
                               **common)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        report.errors += [{**rec, "error": error_of(exc, COMMAND)} for rec, exc in result.errors]
        report.notes += result.notes
        report.results, report.table = result.results, result.table
        report.rated = any(_rated(r.get("n")) for r in result.results)   # all-null results would read as success
        return report

    def _spans(self, records: list[dict], report: Report) -> Report:
        from scholartools.agreement import spans as S

        o = self.options
        try:
            if o.rater_field or o.value_field:
                if not (o.unit_field and o.rater_field and o.value_field):
                    raise UsageError("--spans in long format needs --unit, --rater-field and --value-field")
                items, names = S.items_from_long(records, o.unit_field, o.rater_field, o.value_field)
                names = [r for r in o.raters if r in names] if o.raters else names
            else:
                if len(o.raters) < 2:
                    raise UsageError("--spans needs at least two --rater fields (or long format)")
                items, names = S.items_from_wide(records, list(o.raters), o.unit_field), list(o.raters)
            for m in _words(o.spans):
                report.results += S.span_agreement(items, names, m)
        except (RecordError, ValueError) as exc:   # a span value that is not one: the run cannot go on
            raise UsageError(str(exc)) from None
        return report

    def _power(self, records: list[dict], report: Report) -> Report:
        from scholartools.agreement.power import power_results

        o = self.options
        try:
            results, errors = power_results(records, list(o.raters), o.system_field, o.power, o.alpha, o.seed,
                                            _words(o.systems) or None)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        report.errors += [{**rec, "error": error_of(exc, COMMAND)} for rec, exc in errors]
        report.results = results
        return report

    def _vote_long(self, records: Iterable[dict]) -> Report:
        from scholartools.agreement.vote import vote_long

        o = self.options
        report, good = Report(), []
        for rec in records:
            unit = get_path(rec, o.unit_field) if not is_error(rec) else None
            if is_error(rec):
                report.errors.append(rec)
            elif unit is None or isinstance(unit, (list, dict)):
                exc = RecordError("missing_field", f"record {rec.get('id')}: unit field '{o.unit_field}' is missing",
                                  field=o.unit_field)
                report.errors.append({**rec, "error": error_of(exc, COMMAND)})
            else:
                good.append(rec)
        try:
            report.results = vote_long(good, o.unit_field, o.value_field, _words(o.vote_fields) or None, o.vote,
                                       o.vote_into, o.min_votes, o.rater_field)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        with_majority = sum(1 for r in report.results if r[o.vote_into] is not None)
        report.notes.append(f"majority ({o.vote}): {with_majority} of {len(report.results)} units have one")
        return report

    def plot(self, report: Report) -> str:
        """Draw ``--plot``'s figure for an agreement report; returns the line for stderr (a
        :class:`UsageError` when it cannot be written)."""
        from scholartools.agreement.plot import plot_results

        try:
            n = plot_results(report.table, report.results, self.options.plot_path)
        except (ValueError, OSError) as exc:
            raise UsageError(f"--plot: {exc}") from None
        return f"wrote {n} panel(s) to {self.options.plot_path}"


def _good(records: Iterable[dict], errors: list[dict]) -> list[dict]:
    """The records that are not error records; those go to ``errors``, in order."""
    good = []
    for rec in records:
        (errors if is_error(rec) else good).append(rec)
    return good


def _rated(n) -> bool:
    """True when a result's ``n`` (a count, or a matrix of counts) counts some rated unit."""
    if isinstance(n, list):
        return any(_rated(v) for v in n)
    return isinstance(n, int) and n > 0


def prepare(options: AgreeOptions) -> AgreeRun:
    """``options`` checked (what can be checked before reading a record): a :class:`UsageError`
    naming the option when a combination cannot work."""
    from scholartools.agreement.spans import MEASURES as SPAN_MEASURES

    o = options
    check_values(o)
    if o.spans or o.power:
        if (o.vote or o.fmt == "table" or o.plot_path or o.matrix or o.bootstrap or o.permutation or o.join_key
                or (o.spans and o.power)):
            raise UsageError("--spans and --power each write their own result records: they do not combine with "
                             "each other, --vote, --join, --format table, --plot, --matrix, --bootstrap or "
                             "--permutation")
        if o.spans:
            measures = _words(o.spans)
            bad = [m for m in measures if m not in SPAN_MEASURES]
            if bad or not measures:
                raise UsageError(f"--spans: unknown measure(s) {', '.join(bad) or '(none)'}; choose from "
                                 f"{', '.join(SPAN_MEASURES)}")
        elif not o.system_field or not o.raters:
            raise UsageError("--power needs --system-field FIELD and at least one --rater metric")
    elif o.vote:
        if o.fmt == "table" or o.plot_path or o.matrix or o.bootstrap or o.permutation:
            raise UsageError("--vote writes enriched records: it does not combine with --format table, --plot, "
                             "--matrix, --bootstrap or --permutation")
        if not o.unit_field and len(o.raters) < 2:
            raise UsageError("--vote needs at least two --rater fields (one per annotator)")
        if o.unit_field and (o.value_field is None) == (not _words(o.vote_fields)):
            raise UsageError("long-format vote needs --value-field or --vote-fields (one of them)")
    return AgreeRun(options)


def stream(records: Iterable[dict] = (), sources: list[tuple[str, Iterable[dict]]] | None = None,
           **values: Any) -> Iterator[dict]:
    """What ``st-agree`` writes, as records: error records in place, every other record with the
    command's provenance entry (without ``seconds``); ``--plot`` draws its figure. ``values`` are
    the command's options by their Python names (:class:`AgreeOptions`); ``sources`` the inputs
    kept apart for ``join_key``. ``fmt="table"`` writes text, not records: a :class:`UsageError`."""
    from scholartools.records import map_batches
    from scholartools.version import __version__

    names = {f.name for f in fields(AgreeOptions)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise TypeError(f"{COMMAND} has no option(s) {', '.join(unknown)} (options: {', '.join(sorted(names))})")
    run = prepare(AgreeOptions(**values))
    if run.options.fmt == "table":
        raise UsageError("--format table writes a text table, not records: from Python, format the results with "
                         "scholartools.agreement.results.format_table")
    entry = {"command": COMMAND, "version": __version__, "method": run.method}
    if run.per_record:
        def batch(recs: list[dict]) -> list:
            out: list = []
            for rec in recs:
                try:
                    out.append(run.vote_one(rec))
                except Exception as exc:   # one bad record never ends the run
                    out.append(exc)
            return out

        yield from map_batches(records, batch, None, COMMAND, {"method": run.method})
        return
    report = run.report(records, sources)
    yield from report.errors
    if not report.rated:
        return
    for rec in report.results:
        yield add_provenance(rec, dict(entry))
    if run.options.plot_path:
        run.plot(report)
