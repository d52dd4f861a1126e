"""Uncertainty: percentile bootstrap intervals and a paired permutation test.

Bootstrap: resample the units (or whole groups, a cluster bootstrap, when units are grouped, e.g.
the six system summaries of one document) with replacement, recompute the statistic, and take
the (1−level)/2 and (1+level)/2 percentiles. Resamples on which the statistic is undefined (a
constant rater in the resample) are skipped and counted.

Permutation test (for "is metric A's correlation with the humans really higher than metric B's?"):
both metrics are first standardised (z-scores of values, or of ranks for rank correlations) so
their scales are exchangeable; then, under H0, the A/B labels of each unit are exchangeable, so
each permutation swaps A and B on a random half of the units and recomputes
corr(A, H) − corr(B, H). p = (1 + #{|d_perm| ≥ |d_obs|}) / (1 + #valid permutations), two-sided.
This is the paired swap test of Deutsch, Dror and Roth (2021, "A statistical analysis of
summarization evaluation metrics using resampling methods", PERM-BOTH).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scholartools.agreement.undefined import Undefined


def percentile_ci(samples: Sequence[float], level: float = 0.95) -> list[float]:
    import numpy as np

    arr = np.asarray(samples, dtype=float)
    lo, hi = np.quantile(arr, [(1 - level) / 2, (1 + level) / 2])
    return [float(lo), float(hi)]


def resample_indices(rng, n_units: int, clusters=None):
    """One bootstrap resample as an index array (units, or the units of resampled clusters).

    ``clusters``: a list of index arrays, or (all of one size) a 2-D array with one row per cluster.
    """
    import numpy as np

    if clusters is None:
        return rng.integers(0, n_units, size=n_units)
    picks = rng.integers(0, len(clusters), size=len(clusters))
    if isinstance(clusters, np.ndarray):
        return clusters[picks].ravel()
    return np.concatenate([clusters[p] for p in picks])


def _prepare_clusters(clusters):
    import numpy as np

    if clusters is None:
        return None
    arrays = [np.asarray(c, dtype=int) for c in clusters]
    if len({len(a) for a in arrays}) == 1:
        return np.vstack(arrays)
    return arrays


def bootstrap_ci(stat: Callable[["np.ndarray"], float], n_units: int, n_resamples: int, seed: int = 0,
                 level: float = 0.95, clusters: Sequence[Sequence[int]] | None = None) -> tuple[list | None, dict]:
    """Percentile CI of ``stat(indices)`` over ``n_resamples`` bootstrap resamples.

    ``clusters``: lists of unit indices resampled as blocks (groups); ``None`` resamples units.
    Returns ``(ci or None, info)``; ``info = {n, seed, level, resample, n_valid}``.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    blocks = _prepare_clusters(clusters)
    values = []
    for _ in range(n_resamples):
        idx = resample_indices(rng, n_units, blocks)
        try:
            v = stat(idx)
        except Undefined:
            continue
        if np.isfinite(v):
            values.append(v)
    info = {"n": n_resamples, "seed": seed, "level": level,
            "resample": "group" if clusters is not None else "unit", "n_valid": len(values)}
    if len(values) < max(2, n_resamples // 2):
        info["note"] = f"only {len(values)} of {n_resamples} resamples gave a defined value: no interval"
        return None, info
    return percentile_ci(values, level), info


def standardise(values, ranks: bool = False):
    """z-scores of ``values`` (of their average ranks when ``ranks``), for the permutation test."""
    import numpy as np

    arr = np.asarray(values, dtype=float)
    if ranks:
        from scipy.stats import rankdata

        arr = rankdata(arr)
    sd = arr.std()
    return (arr - arr.mean()) / sd if sd > 0 else arr - arr.mean()


def permutation_test(diff: Callable[["np.ndarray", "np.ndarray"], float], a, b, n_permutations: int,
                     seed: int = 0) -> tuple[float, dict]:
    """Two-sided p-value of ``diff(a, b)`` under random per-unit swaps of ``a`` and ``b``.

    ``a`` and ``b`` should already be on a common scale (see :func:`standardise`).
    Returns ``(p, info)``; ``info = {n, seed, n_valid}``.
    """
    import numpy as np

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    observed = diff(a, b)
    rng = np.random.default_rng(seed)
    hits = valid = 0
    tol = 1e-12 * max(1.0, abs(observed))
    for _ in range(n_permutations):
        swap = rng.random(len(a)) < 0.5
        try:
            d = diff(np.where(swap, b, a), np.where(swap, a, b))
        except Undefined:
            continue
        valid += 1
        if abs(d) >= abs(observed) - tol:
            hits += 1
    return (hits + 1) / (valid + 1), {"n": n_permutations, "seed": seed, "n_valid": valid}
