"""Result records: one per (measure, rater pair or rater set, level), plus matrices and text tables.

A result record::

    {"id": "agree:pearson:pooled:human.overall~fm_gpt4.overall", "measure": "pearson",
     "level": "pooled", "raters": ["human.overall", "fm_gpt4.overall"], "n": 294,
     "value": 0.685, "ci": [0.61, 0.75] | null, "p_value": ..., "note": ... (when value is null)}

Pairwise measures (correlations, Cohen's κ, percent agreement) are computed for every pair of
raters in the order given; multi-rater measures (Fleiss' κ, Krippendorff's α) treat all raters as
coders of the same units. ``n`` counts the units used (both raters present for pairwise measures,
at least two ratings for multi-rater ones), the units of the groups used at ``per-group`` level,
and the systems at ``system`` level (``n_units`` then counts the units behind the means).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from scholartools.agreement.undefined import Undefined
from scholartools.agreement import categorical as cat
from scholartools.agreement import correlation as corr
from scholartools.agreement.inputs import RaterTable

CORRELATIONS = ("pearson", "spearman", "kendall")
KAPPAS = {"cohen": None, "cohen-linear": "linear", "cohen-quadratic": "quadratic"}
PAIRWISE = CORRELATIONS + tuple(KAPPAS) + ("percent",)
ALPHAS = {"alpha-nominal": "nominal", "alpha-ordinal": "ordinal", "alpha-interval": "interval",
          "alpha-ratio": "ratio"}
MULTI = ("fleiss",) + tuple(ALPHAS)
MEASURES = PAIRWISE + MULTI
#: measures whose values must be numbers (order or distance matters)
NUMERIC = CORRELATIONS + ("cohen-linear", "cohen-quadratic", "alpha-ordinal", "alpha-interval", "alpha-ratio")
ALIASES = {"kappa": "cohen", "cohen-unweighted": "cohen", "linear": "cohen-linear", "quadratic": "cohen-quadratic",
           "alpha": "alpha-nominal", "krippendorff": "alpha-nominal", "percent-agreement": "percent",
           "agreement": "percent", "tau": "kendall", "kendall-b": "kendall", "rho": "spearman", "r": "pearson"}
LEVELS = corr.LEVELS
LEVEL_ALIASES = {"global": "pooled", "per-doc": "per-group", "per-item": "per-group", "summary": "per-group",
                 "group": "per-group", "system-level": "system"}


def parse_list(specs: Sequence[str] | str | None, known: Sequence[str], aliases: dict[str, str], what: str) -> list[str]:
    """Comma-separated (and/or repeated) names → canonical names, in order, without duplicates."""
    if specs is None:
        return []
    if isinstance(specs, str):
        specs = [specs]
    out: list[str] = []
    for spec in specs:
        for name in (s.strip().lower() for s in spec.split(",")):
            if not name:
                continue
            name = aliases.get(name, name)
            if name not in known:
                raise ValueError(f"unknown {what} '{name}'; choose from {', '.join(known)}")
            if name not in out:
                out.append(name)
    return out


def parse_measures(specs) -> list[str]:
    return parse_list(specs, MEASURES, ALIASES, "measure")


def parse_levels(specs) -> list[str]:
    return parse_list(specs, LEVELS, LEVEL_ALIASES, "level")


def needs_numeric(measures: Sequence[str]) -> bool:
    return any(m in NUMERIC for m in measures)


# ------------------------------------------------------------------------------ statistics
class _Task:
    """One measure on one rater pair (or the whole rater set): the usable units and a statistic."""

    def __init__(self, table: RaterTable, measure: str, raters: list[int]):
        import numpy as np

        self.measure = measure
        self.names = [table.raters[r] for r in raters]
        rows = table.values
        if measure in PAIRWISE:
            a, b = raters
            keep = [u for u, row in enumerate(rows) if row[a] is not None and row[b] is not None]
            self.xs = [rows[u][a] for u in keep]
            self.ys = [rows[u][b] for u in keep]
            if measure in CORRELATIONS:
                self.x = np.asarray(self.xs, dtype=float)
                self.y = np.asarray(self.ys, dtype=float)
        else:
            keep = [u for u, row in enumerate(rows) if sum(row[r] is not None for r in raters) >= 2]
            self.units = [[rows[u][r] for r in raters] for u in keep]
        self.keep = keep
        self.groups = [table.groups[u] for u in keep] if table.groups is not None else None
        self.systems = [table.systems[u] for u in keep] if table.systems is not None else None
        if self.systems is not None:
            self.system_labels, self.system_code = corr.system_codes(self.systems)
        self.extra: dict[str, Any] = {}

    @property
    def n(self) -> int:
        return len(self.keep)

    def stat(self, idx) -> float:
        """The measure on the usable units at positions ``idx`` (an index array, repeats allowed)."""
        m = self.measure
        if m in CORRELATIONS:
            return corr.correlation(m, self.x[idx], self.y[idx], tuple(self.names))
        if m in KAPPAS:
            return cat.cohen_kappa([self.xs[i] for i in idx], [self.ys[i] for i in idx], KAPPAS[m])
        if m == "percent":
            return cat.percent_agreement([self.xs[i] for i in idx], [self.ys[i] for i in idx])
        units = [self.units[i] for i in idx]
        if m == "fleiss":
            value, info = cat.fleiss_kappa(units)
            self.extra = {"observed_agreement": info["observed"], "expected_agreement": info["expected"],
                          "raters_per_unit": info["raters_per_unit"]}
            return value
        return cat.krippendorff_alpha(units, ALPHAS[m])

    def system_stat(self, idx) -> float:
        mx, my = corr.means_by_code(self.x[idx], self.y[idx], self.system_code[idx], len(self.system_labels))
        return corr.correlation(self.measure, mx, my, tuple(self.names))

    def group_index(self) -> dict:
        index: dict = {}
        for i, g in enumerate(self.groups or []):
            index.setdefault(g, []).append(i)
        return index


def _result(measure: str, level: str, names: list[str], n: int, value: float | None, ci=None, **extra) -> dict:
    rec = {"id": f"agree:{measure}:{level}:{'~'.join(names)}", "measure": measure, "level": level,
           "raters": list(names), "n": n, "value": value, "ci": ci}
    rec.update({k: v for k, v in extra.items() if v is not None})
    return rec


def _evaluate(task: _Task, level: str, bootstrap: int, seed: int, ci_level: float) -> dict:
    """The result record of ``task`` at ``level``, with a bootstrap interval when asked."""
    import numpy as np

    from scholartools.agreement.bootstrap import bootstrap_ci

    m, names = task.measure, task.names
    all_idx = np.arange(task.n)
    extra: dict[str, Any] = {}
    stat: Callable
    clusters = None
    if level == "pooled":
        stat, n_boot = task.stat, task.n
        if task.groups is not None and bootstrap:
            clusters = list(task.group_index().values())
        try:
            value = task.stat(all_idx)
            extra.update(task.extra)
            if m in CORRELATIONS:
                extra["p_value"] = corr.p_value(m, task.x, task.y)
        except Undefined as exc:
            return _result(m, level, names, task.n, None, note=str(exc))
        n = task.n
    elif level == "per-group":
        per: dict = {}
        skipped: dict = {}
        n = 0
        for g, idx in task.group_index().items():
            try:
                per[g] = task.stat(np.asarray(idx))
                n += len(idx)
            except Undefined as exc:
                skipped[g] = str(exc)
        extra["n_groups"] = len(per)
        if skipped:
            extra["n_groups_skipped"] = len(skipped)
        if not per:
            return _result(m, level, names, 0, None, note=f"undefined in every one of the {len(skipped)} groups "
                           f"(e.g. {next(iter(skipped.values()), 'no groups')})", **extra)
        vals = np.asarray(list(per.values()))
        value = float(vals.mean())

        def stat(idx, vals=vals):
            return float(vals[idx].mean())

        n_boot = len(vals)
    else:  # system
        try:
            value = task.system_stat(all_idx)
        except Undefined as exc:
            n_sys = len(task.system_labels)
            return _result(m, level, names, n_sys, None, note=str(exc), n_units=task.n)
        labels, mx, my = corr.system_means(task.x, task.y, task.systems)
        n = len(labels)
        extra["n_units"] = task.n
        extra["system_means"] = {str(s): [float(a), float(b)] for s, a, b in zip(labels, mx, my)}
        stat, n_boot = task.system_stat, task.n
        if task.groups is not None and bootstrap:
            clusters = list(task.group_index().values())
    ci = None
    if bootstrap:
        ci, info = bootstrap_ci(stat, n_boot, bootstrap, seed, ci_level, clusters)
        if level == "per-group":
            info["resample"] = "group"
        extra["bootstrap"] = info
    return _result(m, level, names, n, value, ci, **extra)


def compute(table: RaterTable, measures: Sequence[str], levels: Sequence[str] = ("pooled",), bootstrap: int = 0,
            seed: int = 0, ci_level: float = 0.95, matrix: bool = False, reference: int | None = None,
            progress: Callable | None = None) -> list[dict]:
    """All result records for ``table`` (see the module docstring for their shape and order).

    Order: by measure (as given), then level, then rater pair. ``system`` level applies to
    correlations only, ``per-group`` needs ``table.groups``; other combinations are skipped and
    listed in ``table.notes``. ``reference`` (a rater index) limits pairwise measures to the pairs
    (reference, other). ``progress(iterable, total=)`` wraps the job loop (a progress bar).
    """
    k = len(table.raters)
    if reference is None:
        pairs = list(combinations(range(k), 2))
    else:
        pairs = [(reference, j) for j in range(k) if j != reference]
    jobs: list[tuple[str, str, str]] = []  # (measure, level, kind)
    for m in measures:
        for level in levels:
            if level == "system" and m not in CORRELATIONS:
                table.notes.append(f"{m}: system level applies to correlations only; skipped")
                continue
            if level == "system" and table.systems is None:
                raise ValueError("level 'system' needs a system field (--system-field)")
            if level == "per-group" and table.groups is None:
                raise ValueError("level 'per-group' needs a group field (--group-by)")
            jobs.append((m, level, "multi" if m in MULTI else "matrix" if matrix else "pairs"))
    out: list[dict] = []
    loop = progress(jobs, total=len(jobs)) if progress else jobs
    for m, level, kind in loop:
        if kind == "multi":
            out.append(_evaluate(_Task(table, m, list(range(k))), level, bootstrap, seed, ci_level))
        elif kind == "matrix":
            cells = {(i, j): _evaluate(_Task(table, m, [i, j]), level, bootstrap, seed, ci_level)
                     for i in range(k) for j in range(k) if i <= j}
            out.append(_matrix_record(m, level, table.raters, cells, bootstrap))
        else:
            out.extend(_evaluate(_Task(table, m, [i, j]), level, bootstrap, seed, ci_level) for i, j in pairs)
    if table.unmatched is not None:
        for rec in out:
            rec["unmatched"] = dict(table.unmatched)
    return out


def _matrix_record(measure: str, level: str, raters: list[str], cells: dict, bootstrap: int) -> dict:
    k = len(raters)

    def cell(i, j):
        return cells[(min(i, j), max(i, j))]

    value = [[cell(i, j)["value"] for j in range(k)] for i in range(k)]
    n = [[cell(i, j)["n"] for j in range(k)] for i in range(k)]
    ci = [[cell(i, j)["ci"] for j in range(k)] for i in range(k)] if bootstrap else None
    notes = {f"{raters[i]}~{raters[j]}": c["note"] for (i, j), c in cells.items() if c.get("note")}
    rec = {"id": f"agree:{measure}:{level}:matrix", "measure": measure, "level": level, "raters": list(raters),
           "matrix": True, "n": n, "value": value, "ci": ci}
    if notes:
        rec["notes"] = notes
    return rec


# ------------------------------------------------------------------------------ permutation test
def compare(table: RaterTable, measures: Sequence[str], levels: Sequence[str], reference: int,
            n_permutations: int, seed: int = 0) -> list[dict]:
    """Is rater A's correlation with the reference higher than rater B's? One record per pair (A, B).

    For every correlation measure and level, and every pair of non-reference raters in order:
    ``value`` = corr(A, ref) − corr(B, ref) on the units all three rated, ``p_value`` from the
    paired swap permutation test (:func:`scholartools.agreement.bootstrap.permutation_test`).
    """
    import numpy as np

    from scholartools.agreement.bootstrap import permutation_test, standardise

    out: list[dict] = []
    others = [r for r in range(len(table.raters)) if r != reference]
    ref_name = table.raters[reference]
    for m in (m for m in measures if m in CORRELATIONS):
        for level in levels:
            if level == "per-group" and table.groups is None:
                continue
            if level == "system" and table.systems is None:
                continue
            for ia, ib in combinations(others, 2):
                keep = [u for u, row in enumerate(table.values)
                        if row[reference] is not None and row[ia] is not None and row[ib] is not None]
                h = np.asarray([table.values[u][reference] for u in keep], dtype=float)
                a = np.asarray([table.values[u][ia] for u in keep], dtype=float)
                b = np.asarray([table.values[u][ib] for u in keep], dtype=float)
                groups = [table.groups[u] for u in keep] if table.groups is not None else None
                systems = [table.systems[u] for u in keep] if table.systems is not None else None
                names = [table.raters[ia], table.raters[ib]]

                def level_stat(x, level=level, groups=groups, systems=systems):
                    if level == "pooled":
                        return corr.correlation(m, x, h)
                    if level == "per-group":
                        return corr.per_group(m, x, h, groups)[0]
                    return corr.system_level(m, x, h, systems)[0]

                rec = {"id": f"agree:{m}-diff:{level}:{'~'.join(names)}", "measure": f"{m}-diff", "level": level,
                       "raters": names, "reference": ref_name, "n": len(keep), "ci": None}
                try:
                    va, vb = level_stat(a), level_stat(b)
                except Undefined as exc:
                    out.append({**rec, "value": None, "p_value": None, "note": str(exc)})
                    continue
                ranks = m != "pearson" and level != "system"
                za, zb = standardise(a, ranks), standardise(b, ranks)
                p, info = permutation_test(lambda x, y: level_stat(x) - level_stat(y), za, zb, n_permutations, seed)
                out.append({**rec, "value": va - vb, "value_a": va, "value_b": vb, "p_value": p, "permutation": info})
    return out


# ------------------------------------------------------------------------------ text table
def _fmt(v: Any) -> str:
    if v is None:
        return "—"
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)


def format_table(results: Sequence[dict]) -> str:
    """A readable text table of result records (matrices as grids), for ``--format table``."""
    lines: list[str] = []
    flat = [r for r in results if not r.get("matrix")]
    if flat:
        header = ["measure", "level", "raters", "n", "value", "95% CI", "p", "note"]
        rows = []
        for r in flat:
            ci = r.get("ci")
            level = r.get("bootstrap", {}).get("level")
            rows.append([r["measure"], r["level"],
                         " vs ".join(r["raters"]) + (f" (ref {r['reference']})" if r.get("reference") else ""),
                         str(r["n"]), _fmt(r["value"]), "" if not ci else f"[{ci[0]:.3f}, {ci[1]:.3f}]",
                         "" if r.get("p_value") is None else f"{r['p_value']:.3g}", r.get("note", "")])
            if level and level != 0.95:
                header[5] = f"{level:.0%} CI"
        for col in (6, 5):  # drop the p and CI columns when they are empty
            if not any(row[col] for row in rows):
                header, rows = header[:col] + header[col + 1:], [row[:col] + row[col + 1:] for row in rows]
        if not any(row[-1] for row in rows):
            header, rows = header[:-1], [row[:-1] for row in rows]
        widths = [max(len(h), *(len(row[c]) for row in rows)) for c, h in enumerate(header)]
        lines.append("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
        lines.append("  ".join("-" * w for w in widths))
        for row in rows:
            lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    for r in results:
        if not r.get("matrix"):
            continue
        if lines:
            lines.append("")
        lines.append(f"{r['measure']} ({r['level']})")
        names = r["raters"]
        w0 = max(len(s) for s in names)
        cw = max(6, *(len(s) for s in names))
        lines.append(" " * w0 + "  " + "  ".join(s.rjust(cw) for s in names))
        for name, row in zip(names, r["value"]):
            lines.append(name.ljust(w0) + "  " + "  ".join(_fmt(v).rjust(cw) for v in row))
    return "\n".join(lines) + "\n"
