"""Agreement and correlation between raters, judges and metrics (the library behind ``st-agree``).

Modules, each small and importable without numpy/scipy at import time:

* :mod:`.inputs`      — rater tables from records: wide (``--rater`` paths), joined files, long format;
* :mod:`.categorical` — Cohen's κ (unweighted, linear, quadratic), Fleiss' κ, percent agreement,
  Krippendorff's α (through the ``krippendorff`` package);
* :mod:`.correlation` — Pearson, Spearman, Kendall τ-b at pooled, per-group and system level;
* :mod:`.bootstrap`   — percentile bootstrap intervals and the paired permutation test;
* :mod:`.vote`        — majority vote / adjudication (per field or joint);
* :mod:`.results`     — one result record per (measure, rater pair, level), matrices, tables;
* :mod:`.plot`        — scatter plots and confusion heat-maps (matplotlib, Agg backend).

Python use::

    from scholartools.agreement.inputs import from_wide
    from scholartools.agreement.results import compute
    table = from_wide(records, ["human.overall", "fm_gpt4.overall"])
    for result in compute(table, ["pearson", "kendall"], ["pooled"]):
        print(result["measure"], result["value"])
"""


class Undefined(ValueError):
    """A measure has no value on these data (a constant rater, a single category, too few units).

    The message is the note written next to ``"value": null`` in the result record; nothing is
    replaced by 0 silently.
    """
