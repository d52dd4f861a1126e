"""Agreement and correlation between raters, judges and metrics (the library behind ``st-agree``).

Modules, each small and importable without numpy/scipy at import time:

* :mod:`.inputs`      — rater tables from records: wide (``--rater`` paths), joined files, long format;
* :mod:`.categorical` — Cohen's κ (unweighted, linear, quadratic), Fleiss' κ, percent agreement,
  Krippendorff's α (through the ``krippendorff`` package);
* :mod:`.correlation` — Pearson, Spearman, Kendall τ-b at pooled, per-group and system level;
* :mod:`.bootstrap`   — percentile bootstrap intervals and the paired permutation test;
* :mod:`.vote`        — majority vote / adjudication (per field or joint);
* :mod:`.results`     — one result record per (measure, rater pair, level), matrices, tables;
* :mod:`.plot`        — scatter plots and confusion heat-maps (matplotlib, Agg backend);
* :mod:`.spans`, :mod:`.power` — span-set F1 between annotators, statistical power of metrics;
* :mod:`.command`     — ``st-agree``'s options (:class:`~.command.AgreeOptions`, the flags' one source)
  and its run over records (every mode, ``--join``, the table, the plot), for the command and the API.

Python use::

    from scholartools.agreement.inputs import from_wide
    from scholartools.agreement.results import compute
    table = from_wide(records, ["human.overall", "fm_gpt4.overall"])
    for result in compute(table, ["pearson", "kendall"], ["pooled"]):
        print(result["measure"], result["value"])
"""

from scholartools.agreement.undefined import Undefined  # noqa: F401 (re-exported)

DEFAULT_MEASURES = ("pearson", "spearman", "kendall")


class Agreement:
    """What :func:`agree` returns: result records, records that could not be used, the rater table, notes."""

    def __init__(self, results: list, errors: list, table, notes: list):
        self.results = results
        #: ``(record, RecordError)`` pairs: records left out because of an unusable value or key
        self.errors = errors
        self.table = table
        self.notes = notes


def agree(records=None, *, raters=(), measures=DEFAULT_MEASURES, levels=("pooled",), group_by=None,
          system_field=None, sources=None, join=None, unit=None, rater_field=None, value_field=None,
          bootstrap=0, seed=0, ci_level=0.95, matrix=False, permutation=0, reference=None,
          vs_reference=False, progress=None) -> Agreement:
    """Agreement / correlation results for records, the library form of ``st-agree``.

    Input, one of: ``records`` with ``raters`` as dotted field paths (wide); ``sources`` =
    ``[(name, records), ...]`` with ``join`` = key field (joined); ``records`` with ``unit``,
    ``rater_field`` and ``value_field`` (long; ``raters`` then selects and orders rater names).
    ``measures`` / ``levels``: names from :mod:`.results` (comma-separated strings allowed).
    ``permutation`` > 0 adds, for every pair of raters other than ``reference`` (default: the
    first rater), a permutation test of the difference of their correlations with it.
    ``vs_reference`` limits pairwise measures to the pairs (reference, other rater).
    ``progress(iterable, total=)`` may wrap the loop over measures and levels.
    Raises ``ValueError`` for an inconsistent request (a usage error in the CLI).
    """
    from scholartools.agreement import inputs
    from scholartools.agreement import results as res

    measures = res.parse_measures(measures) or list(DEFAULT_MEASURES)
    levels = res.parse_levels(levels) or ["pooled"]
    if "per-group" in levels and not group_by:
        raise ValueError("--level per-group needs --group-by FIELD")
    if "system" in levels and not system_field:
        raise ValueError("--level system needs --system-field FIELD")
    if not 0 < ci_level < 1:
        raise ValueError("--ci-level must be between 0 and 1")
    if bootstrap < 0 or permutation < 0:
        raise ValueError("--bootstrap and --permutation take a non-negative count")
    numeric = res.needs_numeric(measures)
    long_opts = [unit, rater_field, value_field]
    errors: list = []
    raters = list(raters)
    if any(long_opts):
        if not all(long_opts):
            raise ValueError("long format needs all three of --unit, --rater-field and --value-field")
        if join:
            raise ValueError("--join and long format (--unit/--rater-field/--value-field) do not combine")
        table = inputs.from_long(records, unit, rater_field, value_field, raters or None, numeric, group_by,
                                 system_field, errors)
    elif join:
        if not sources or len(sources) < 2:
            raise ValueError("--join needs at least two inputs")
        if len(raters) < 2:
            raise ValueError("give at least two --rater fields")
        table = inputs.from_join(sources, join, raters, numeric, group_by, system_field, errors)
    else:
        if len(raters) < 2:
            raise ValueError("give at least two --rater fields (or long format: --unit, --rater-field, --value-field)")
        if len(set(raters)) != len(raters):
            raise ValueError("the same --rater is given twice")
        table = inputs.from_wide(records, raters, numeric, group_by, system_field, errors)
    if len(table.raters) < 2:
        raise ValueError(f"found {len(table.raters)} rater(s); agreement needs at least two")
    for r, name in enumerate(table.raters):
        missing = sum(1 for row in table.values if row[r] is None)
        if table.values and missing == len(table.values):
            table.notes.append(f"rater '{name}' has no value in any of the {missing} units: is the field path right?")
        elif missing:
            table.notes.append(f"rater '{name}' is missing (absent or null) in {missing} of {len(table.values)} units")
    if vs_reference and matrix:
        raise ValueError("--vs-reference and --matrix do not combine")
    ref = 0
    if reference is not None:
        if reference not in table.raters:
            raise ValueError(f"--reference '{reference}' is not one of the raters ({', '.join(table.raters)})")
        ref = table.raters.index(reference)
    if permutation:
        if len(table.raters) < 3:
            raise ValueError("--permutation compares two raters against a reference: give at least three raters")
        if not any(m in res.CORRELATIONS for m in measures):
            raise ValueError("--permutation compares correlations: add pearson, spearman or kendall to --measure")
    results = res.compute(table, measures, levels, bootstrap, seed, ci_level, matrix,
                          ref if vs_reference else None, progress)
    if permutation:
        results += res.compare(table, measures, levels, ref, permutation, seed)
    if errors:
        for r in results:
            r["n_excluded"] = len(errors)
    return Agreement(results, errors, table, list(table.notes))
