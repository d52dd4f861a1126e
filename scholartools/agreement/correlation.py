"""Correlations between two raters at the three levels used in metric meta-evaluation.

* ``pooled``: one coefficient over all units (what the FM/ScholarSum script computes with
  ``np.corrcoef`` over the 294 (document, system) pairs; what PaperRQ reports over 217 RQs);
* ``per-group``: a coefficient inside each group (``--group-by doc_id``: across the systems that
  summarised one document, the "summary level" of the FM paper §5 and G-Eval), averaged over the
  groups where it is defined;
* ``system``: the coefficient between per-system means (one point per system).

A rater that is constant over the units gives no correlation: :class:`Undefined` with a note, never 0
(PaperRQ Table 5 reports AutoCalibrate's constant Method score as NaN).
"""

from __future__ import annotations

from collections.abc import Sequence

from scholartools.agreement.undefined import Undefined

MEASURES = ("pearson", "spearman", "kendall")
LEVELS = ("pooled", "per-group", "system")


def correlation(measure: str, x, y, names: tuple[str, str] = ("a", "b")) -> float:
    """Pearson r, Spearman ρ or Kendall τ-b of two equal-length numeric arrays without missing values."""
    import numpy as np

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    if n < 2:
        raise Undefined(f"{n} unit(s) rated by both: a correlation needs at least 2")
    for arr, name in ((x, names[0]), (y, names[1])):
        if np.all(arr == arr[0]):
            raise Undefined(f"'{name}' is constant ({arr[0]:g}) over the {n} units: correlation undefined")
    if measure == "pearson":
        return _pearson(x, y)
    if measure == "spearman":
        return _pearson(average_ranks(x), average_ranks(y))
    if measure == "kendall":
        return _kendall_b(x, y)
    raise ValueError(f"unknown correlation {measure!r}; expected one of {MEASURES}")


def _pearson(x, y) -> float:
    import numpy as np

    xc = x - x.mean()
    yc = y - y.mean()
    denom = np.sqrt((xc * xc).sum() * (yc * yc).sum())
    if denom == 0:
        raise Undefined("zero variance: correlation undefined")
    return float(np.clip((xc * yc).sum() / denom, -1.0, 1.0))


def average_ranks(values):
    """1-based ranks with ties given their average rank (scipy's ``rankdata(method="average")``)."""
    import numpy as np

    a = np.asarray(values, dtype=float)
    order = np.argsort(a, kind="mergesort")
    s = a[order]
    first = np.concatenate(([True], s[1:] != s[:-1]))
    group = np.cumsum(first) - 1
    bounds = np.concatenate((np.flatnonzero(first), [len(a)]))
    mean_rank = (bounds[:-1] + bounds[1:] + 1) / 2.0
    ranks = np.empty(len(a))
    ranks[order] = mean_rank[group]
    return ranks


# Above this many cells the joint table (distinct x values × distinct y values) is left to scipy.
_KENDALL_TABLE_MAX = 30_000
_KENDALL_DENSE_MAX = 40


def _kendall_b(x, y) -> float:
    """Kendall's τ-b (Kendall 1945): (C − D) / √((n₀ − n_x)(n₀ − n_y)).

    C and D are the concordant and discordant pairs, n₀ = n(n−1)/2, n_x and n_y the pairs tied in x
    and in y. C and D are counted on the joint frequency table of the distinct values with 2-D
    cumulative sums (fast when values repeat, as human scores do; scipy's algorithm for tables
    larger than ``_KENDALL_TABLE_MAX`` cells). Equals ``scipy.stats.kendalltau`` (variant "b").
    """
    import numpy as np

    n = len(x)
    if n <= _KENDALL_DENSE_MAX:  # few units (system level): the n × n sign matrices are cheapest
        dx = np.sign(x[:, None] - x[None, :])
        dy = np.sign(y[:, None] - y[None, :])
        untied = np.abs(dx).sum() * np.abs(dy).sum()
        if untied == 0:
            raise Undefined("all pairs tied: Kendall tau undefined")
        return float(np.clip((dx * dy).sum() / np.sqrt(untied), -1.0, 1.0))
    xu, xi = np.unique(x, return_inverse=True)
    yu, yi = np.unique(y, return_inverse=True)
    kx, ky = len(xu), len(yu)
    if kx * ky > _KENDALL_TABLE_MAX:
        from scipy.stats import kendalltau

        return float(kendalltau(x, y).statistic)
    table = np.zeros((kx + 1, ky + 1))
    table[:kx, :ky] = np.bincount(xi.ravel() * ky + yi.ravel(), minlength=kx * ky).reshape(kx, ky)
    # at_least[i, j] = number of units with x-rank ≥ i and y-rank ≥ j
    at_least = table[::-1, ::-1].cumsum(0).cumsum(1)[::-1, ::-1]
    t = table[:kx, :ky]
    above_right = at_least[1:, 1:]                        # x greater and y greater
    above_left = at_least[1:, :1] - at_least[1:, :ky]     # x greater and y smaller
    concordant = (t * above_right).sum()
    discordant = (t * above_left).sum()
    n0 = n * (n - 1) / 2.0
    cx = t.sum(axis=1)
    cy = t.sum(axis=0)
    untied_x = n0 - (cx * (cx - 1)).sum() / 2.0
    untied_y = n0 - (cy * (cy - 1)).sum() / 2.0
    if untied_x <= 0 or untied_y <= 0:
        raise Undefined("all pairs tied: Kendall tau undefined")
    return float(np.clip((concordant - discordant) / np.sqrt(untied_x * untied_y), -1.0, 1.0))


def p_value(measure: str, x, y) -> float | None:
    """Two-sided p-value for H0: no association (None when undefined).

    Pearson and Spearman: the t test with n − 2 degrees of freedom, t = r·√((n−2)/(1−r²)) — what
    ``scipy.stats.pearsonr`` / ``spearmanr`` compute, here through ``scipy.special`` to avoid the
    slow ``scipy.stats`` import. Kendall: ``scipy.stats.kendalltau`` (exact for small untied
    samples, normal approximation with tie correction otherwise).
    """
    import numpy as np

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(x)
    if n < 3 or np.all(x == x[0]) or np.all(y == y[0]):
        return None
    if measure == "kendall":
        from scipy.stats import kendalltau

        p = float(kendalltau(x, y).pvalue)
        return p if np.isfinite(p) else None
    from scipy.special import stdtr

    r = correlation(measure, x, y)
    if abs(r) >= 1.0:
        return 0.0
    t = abs(r) * np.sqrt((n - 2) / ((1.0 - r) * (1.0 + r)))
    return float(2.0 * stdtr(n - 2, -t))


def per_group(measure: str, x, y, groups: Sequence, names: tuple[str, str] = ("a", "b")) -> tuple[float, dict]:
    """Mean over groups of the within-group correlation (groups where it is undefined are skipped).

    Returns ``(mean, info)`` with ``info = {n_groups, n_groups_skipped, n_units, values}`` where
    ``values`` maps each used group to its coefficient (the bootstrap resamples these).
    """
    import numpy as np

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    index: dict = {}
    for i, g in enumerate(groups):
        index.setdefault(g, []).append(i)
    values: dict = {}
    n_units = 0
    skipped = 0
    for g, idx in index.items():
        try:
            values[g] = correlation(measure, x[idx], y[idx], names)
            n_units += len(idx)
        except Undefined:
            skipped += 1
    info = {"n_groups": len(values), "n_groups_skipped": skipped, "n_units": n_units, "values": values}
    if not values:
        raise Undefined(f"the correlation is undefined in every one of the {len(index)} groups "
                        "(fewer than 2 units or a constant rater in each)")
    return float(np.mean(list(values.values()))), info


def system_codes(systems: Sequence) -> tuple[list, "np.ndarray"]:
    """Systems in order of first appearance, and each unit's system as an integer code."""
    import numpy as np

    order: dict = {}
    codes = np.array([order.setdefault(s, len(order)) for s in systems], dtype=int)
    return list(order), codes


def means_by_code(x, y, codes, k: int):
    """Per-code means of x and y (codes absent from ``codes`` are dropped)."""
    import numpy as np

    counts = np.bincount(codes, minlength=k).astype(float)
    mx = np.bincount(codes, weights=np.asarray(x, dtype=float), minlength=k)
    my = np.bincount(codes, weights=np.asarray(y, dtype=float), minlength=k)
    present = counts > 0
    return mx[present] / counts[present], my[present] / counts[present]


def system_means(x, y, systems: Sequence) -> tuple[list, "np.ndarray", "np.ndarray"]:
    """Per-system means of x and y (systems in order of first appearance)."""
    labels, codes = system_codes(systems)
    mx, my = means_by_code(x, y, codes, len(labels))
    return labels, mx, my


def system_level(measure: str, x, y, systems: Sequence, names: tuple[str, str] = ("a", "b")) -> tuple[float, dict]:
    """Correlation between per-system means; ``info = {n_systems, n_units, means}``."""
    labels, mx, my = system_means(x, y, systems)
    info = {"n_systems": len(labels), "n_units": len(systems),
            "means": {str(s): [float(a), float(b)] for s, a, b in zip(labels, mx, my)}}
    return correlation(measure, mx, my, names), info
