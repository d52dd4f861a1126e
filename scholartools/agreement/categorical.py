"""Chance-corrected agreement on categorical (and ordinal/interval) ratings.

Pure functions over plain Python sequences; ``None`` marks a missing rating. numpy and the
``krippendorff`` package are imported inside the functions so that ``st-agree --help`` stays fast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scholartools.agreement.undefined import Undefined

KAPPA_WEIGHTS = (None, "linear", "quadratic")
ALPHA_LEVELS = ("nominal", "ordinal", "interval", "ratio")


def category_key(value: Any) -> tuple:
    """Sort key that orders numbers numerically and keeps mixed types from raising."""
    if isinstance(value, bool):
        return (0, int(value), "")
    if isinstance(value, (int, float)):
        return (0, value, "")
    return (1, 0, str(value))


def paired(a: Sequence[Any], b: Sequence[Any]) -> tuple[list, list]:
    """The units both raters rated (pairwise deletion of missing values)."""
    xs, ys = [], []
    for x, y in zip(a, b):
        if x is not None and y is not None:
            xs.append(x)
            ys.append(y)
    return xs, ys


def confusion(a: Sequence[Any], b: Sequence[Any], labels: Sequence[Any] | None = None):
    """Counts matrix (rows: rater a, columns: rater b) over the units both rated, and its labels."""
    import numpy as np

    xs, ys = paired(a, b)
    if labels is None:
        labels = sorted(set(xs) | set(ys), key=category_key)
    index = {lab: i for i, lab in enumerate(labels)}
    m = np.zeros((len(labels), len(labels)), dtype=float)
    for x, y in zip(xs, ys):
        m[index[x], index[y]] += 1
    return m, list(labels)


def percent_agreement(a: Sequence[Any], b: Sequence[Any]) -> float:
    """Share of the units rated by both raters on which they give the same value."""
    xs, ys = paired(a, b)
    if not xs:
        raise Undefined("no unit was rated by both raters")
    return sum(1 for x, y in zip(xs, ys) if x == y) / len(xs)


def cohen_kappa(a: Sequence[Any], b: Sequence[Any], weights: str | None = None,
                labels: Sequence[Any] | None = None) -> float:
    """Cohen's κ between two raters (Cohen 1960), optionally weighted (Cohen 1968).

    κ = 1 − Σ w_ij·o_ij / Σ w_ij·e_ij, where o is the observed joint distribution, e the product
    of the two raters' own marginals, and w the disagreement weights over category *indices* in
    sorted order: 1 off the diagonal (unweighted), |i−j| (linear) or (i−j)² (quadratic) — the
    convention of scikit-learn's ``cohen_kappa_score``. Units missing for either rater are left out.
    When the expected disagreement is 0 (both raters use one and the same category) κ is
    undefined: :class:`Undefined` is raised rather than returning 1 or 0.
    """
    import numpy as np

    if weights not in KAPPA_WEIGHTS:
        raise ValueError(f"weights must be one of {KAPPA_WEIGHTS}, not {weights!r}")
    m, labels = confusion(a, b, labels)
    n = m.sum()
    if n == 0:
        raise Undefined("no unit was rated by both raters")
    k = len(labels)
    i, j = np.indices((k, k))
    if weights is None:
        w = (i != j).astype(float)
    elif weights == "linear":
        w = np.abs(i - j).astype(float)
    else:
        w = ((i - j) ** 2).astype(float)
    expected = np.outer(m.sum(axis=1), m.sum(axis=0)) / n
    denom = (w * expected).sum()
    if denom == 0:
        only = labels[0] if labels else None
        raise Undefined(f"both raters give the same single category ({only!r}) on all {int(n)} units: "
                        "expected agreement is 1, so kappa is undefined (percent agreement is 1.0)")
    return float(1.0 - (w * m).sum() / denom)


def fleiss_kappa(units: Sequence[Sequence[Any]]) -> tuple[float, dict]:
    """Fleiss' κ (Fleiss 1971) for any number of raters; ``units`` is one list of ratings per unit.

    P_i = (Σ_j n_ij² − n_i) / (n_i(n_i − 1)), P̄ = mean_i P_i, p_j = Σ_i n_ij / Σ_i n_i,
    P_e = Σ_j p_j², κ = (P̄ − P_e) / (1 − P_e). Missing ratings (``None``) are dropped; units with
    fewer than two ratings are left out. With a constant number of raters per unit this is exactly
    Fleiss' statistic; with a varying number it is the usual generalisation (noted in ``info``).
    Returns ``(kappa, info)`` with ``info = {n_units, raters_per_unit: [min, max], observed, expected}``.
    """
    import numpy as np

    rows = [[v for v in unit if v is not None] for unit in units]
    rows = [r for r in rows if len(r) >= 2]
    if not rows:
        raise Undefined("no unit has ratings from at least two raters")
    labels = sorted({v for r in rows for v in r}, key=category_key)
    index = {lab: i for i, lab in enumerate(labels)}
    counts = np.zeros((len(rows), len(labels)), dtype=float)
    for u, r in enumerate(rows):
        for v in r:
            counts[u, index[v]] += 1
    n_i = counts.sum(axis=1)
    p_i = ((counts ** 2).sum(axis=1) - n_i) / (n_i * (n_i - 1))
    p_bar = float(p_i.mean())
    p_j = counts.sum(axis=0) / n_i.sum()
    p_e = float((p_j ** 2).sum())
    info = {"n_units": len(rows), "raters_per_unit": [int(n_i.min()), int(n_i.max())],
            "observed": p_bar, "expected": p_e}
    if p_e >= 1.0:
        raise Undefined(f"every rating is the same category ({labels[0]!r}): expected agreement is 1, "
                        "so Fleiss' kappa is undefined")
    return (p_bar - p_e) / (1.0 - p_e), info


def krippendorff_alpha(units: Sequence[Sequence[Any]], level: str = "nominal") -> float:
    """Krippendorff's α over ``units`` (one list of ratings per unit, one slot per coder, ``None`` missing).

    Computed by the ``krippendorff`` package (coders × units reliability matrix, NaN for missing).
    Nominal values may be any hashable labels (mapped to integer codes); ordinal, interval and ratio
    need numbers. Undefined cases (a single value overall, no unit with two ratings) raise
    :class:`Undefined`.
    """
    import numpy as np

    if level not in ALPHA_LEVELS:
        raise ValueError(f"level must be one of {ALPHA_LEVELS}, not {level!r}")
    import krippendorff

    observed = {v for unit in units for v in unit if v is not None}
    if not observed:
        raise Undefined("no ratings")
    if level == "nominal":
        codes = {v: float(i) for i, v in enumerate(sorted(observed, key=category_key))}
        conv = codes.__getitem__
    else:
        conv = float
    n_coders = max(len(u) for u in units)
    data = np.full((n_coders, len(units)), np.nan)
    for j, unit in enumerate(units):
        for c, v in enumerate(unit):
            if v is not None:
                data[c, j] = conv(v)
    pairable = (~np.isnan(data)).sum(axis=0) >= 2
    if not pairable.any():
        raise Undefined("no unit has ratings from at least two coders")
    if len(np.unique(data[:, pairable][~np.isnan(data[:, pairable])])) < 2:
        raise Undefined("all pairable ratings have the same value: alpha is undefined (no variation)")
    try:
        value = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
    except ValueError as exc:
        raise Undefined(f"alpha undefined: {exc}") from exc
    value = float(value)
    if not np.isfinite(value):
        raise Undefined("alpha undefined on these data (no expected disagreement)")
    return value
