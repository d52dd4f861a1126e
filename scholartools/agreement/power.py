"""Statistical power of a metric to tell systems apart: FM's §5.4 / Fig. 9.

For a metric and every pair of systems (A, B): draw, ``resamples`` times, a bootstrap sample of
A's per-document scores and, independently, one of B's (each with replacement, of its own size),
run Student's two-sample t-test (equal variances, scipy's ``ttest_ind`` default) and count the
samples with p < ``alpha``. The pair's power is that share; the metric's power is the mean over
the pairs (``specs/seed-facets.md`` §7: the 10 pairs of the 5 PubMed systems other than GPT-3.5,
1,000 resamples, α = 0.05). Cohen's d of each pair (pooled standard deviation with ``numpy.std``'s
population deviations, as the authors' script) is reported beside it.

The authors' script draws from numpy's unseeded global generator, so Fig. 9 (which prints no
numbers) cannot be reproduced to the digit; here every metric draws from its own generator,
``numpy.random.default_rng(seed)``, so a run is repeatable and does not depend on which other
metrics are asked for.
"""

from __future__ import annotations

from itertools import combinations
from math import sqrt


def cohen_d(a, b) -> float | None:
    """(mean a − mean b) / pooled sd with population sds: sqrt(((n1−1)·sd1² + (n2−1)·sd2²) / (n1+n2−2))."""
    import numpy as np

    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n1, n2 = len(a), len(b)
    if n1 + n2 <= 2:
        return None
    pooled = sqrt(((n1 - 1) * a.std() ** 2 + (n2 - 1) * b.std() ** 2) / (n1 + n2 - 2))
    return float((a.mean() - b.mean()) / pooled) if pooled else None


def pair_power(a, b, resamples: int = 1000, alpha: float = 0.05, rng=None) -> float:
    """Share of ``resamples`` independent bootstrap samples of ``a`` and ``b`` whose t-test has p < alpha.

    A sample in which both sides are constant (the t statistic undefined) is not significant.
    """
    import numpy as np
    from scipy.stats import ttest_ind

    rng = rng if rng is not None else np.random.default_rng(0)
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    sa = a[rng.integers(0, len(a), size=(resamples, len(a)))]
    sb = b[rng.integers(0, len(b), size=(resamples, len(b)))]
    import warnings

    with np.errstate(divide="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)   # constant samples: p is nan, counted as not significant
        _, p = ttest_ind(sa, sb, axis=1)
    p = np.asarray(p, dtype=float)
    return float(np.sum(np.nan_to_num(p, nan=1.0) < alpha) / resamples)


def metric_power(scores: dict, resamples: int = 1000, alpha: float = 0.05, seed: int = 0) -> dict:
    """``scores`` = {system: [per-document score, ...]} → {value: mean power over system pairs,
    pairs: [{systems, power, cohen_d, n}]}."""
    import numpy as np

    systems = [s for s in scores if len(scores[s]) >= 2]
    if len(systems) < 2:
        raise ValueError("statistical power needs at least two systems with two or more scored units each")
    rng = np.random.default_rng(seed)
    pairs = []
    for x, y in combinations(systems, 2):
        pairs.append({"systems": [x, y], "n": [len(scores[x]), len(scores[y])],
                      "power": pair_power(scores[x], scores[y], resamples, alpha, rng),
                      "cohen_d": cohen_d(scores[x], scores[y])})
    return {"value": float(np.mean([p["power"] for p in pairs])), "pairs": pairs}


def power_results(records: list[dict], raters: list[str], system_field: str, resamples: int = 1000,
                  alpha: float = 0.05, seed: int = 0, systems: list[str] | None = None) -> tuple[list, list]:
    """One result record per metric (``--rater``): ``{measure: power, level: system, raters: [metric],
    n: systems, value, alpha, resamples, seed, pairs}``; and the records left out (no system or a
    non-numeric score) as ``(record, RecordError)``."""
    from scholartools.records import RecordError, get_path

    if not 0 < alpha < 1:
        raise ValueError("--alpha must be between 0 and 1")
    if resamples < 1:
        raise ValueError("--power needs at least one resample")
    errors: list = []
    per_metric: dict = {r: {} for r in raters}
    for rec in records:
        system = get_path(rec, system_field)
        if system is None or isinstance(system, (list, dict)):
            errors.append((rec, RecordError("missing_field", f"record {rec.get('id')}: no system in "
                                            f"'{system_field}'", field=system_field)))
            continue
        system = str(system)
        if systems and system not in systems:
            continue
        for r in raters:
            v = get_path(rec, r)
            if v is None:
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                errors.append((rec, RecordError("bad_value", f"record {rec.get('id')}: '{r}' is not a number",
                                                field=r)))
                continue
            per_metric[r].setdefault(system, []).append(float(v))
    out = []
    for r in raters:
        got = metric_power(per_metric[r], resamples, alpha, seed)
        out.append({"id": f"agree:power:system:{r}", "measure": "power", "level": "system", "raters": [r],
                    "n": len(per_metric[r]), "value": got["value"], "alpha": alpha, "resamples": resamples,
                    "seed": seed, "pairs": got["pairs"]})
    return out, errors
