"""Figures for ``st-agree --plot FILE.png``: scatter plots for correlations, confusion heat-maps for
categorical agreement, one panel per rater pair, each titled with the measure, its value and n.

matplotlib is imported here only, with the non-interactive Agg backend (no display needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from scholartools.agreement.inputs import RaterTable

MAX_PANELS = 12
_CORR_SYMBOL = {"pearson": "r", "spearman": "ρ", "kendall": "τ-b"}


def _title(result: dict | None, measure: str) -> str:
    if result is None:
        return measure
    value = result.get("value")
    text = f"{measure} = {value:.3f}" if isinstance(value, float) else f"{measure}: undefined"
    return f"{text} (n={result.get('n')})"


def plot_results(table: RaterTable, results: Sequence[dict], path: str) -> int:
    """Draw the panels for ``results`` (pooled level preferred) into ``path``; returns the panel count."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from scholartools.agreement.categorical import confusion
    from scholartools.agreement.results import CORRELATIONS, MULTI

    flat = []
    for r in results:
        if "reference" in r:
            continue
        if r.get("matrix"):
            names = r["raters"]
            flat += [{"measure": r["measure"], "level": r["level"], "raters": [names[i], names[j]],
                      "value": r["value"][i][j], "n": r["n"][i][j]}
                     for i, j in combinations(range(len(names)), 2)]
        else:
            flat.append(r)
    if not flat:
        raise ValueError("nothing to plot: no result records")
    by_key: dict = {}
    for r in flat:
        key = (r["measure"], tuple(r["raters"]))
        if key not in by_key or (r["level"] == "pooled" and by_key[key]["level"] != "pooled"):
            by_key[key] = r
    panels = []  # (kind, measure, rater a, rater b, result)
    seen_pairs = set()
    for (measure, raters), r in by_key.items():
        if measure in MULTI:
            pairs = list(combinations(raters, 2))[:1]
        else:
            pairs = [raters]
        for a, b in pairs:
            if (a, b) in seen_pairs:
                continue
            seen_pairs.add((a, b))
            panels.append(("scatter" if measure in CORRELATIONS else "heatmap", measure, a, b, r))
    panels = panels[:MAX_PANELS]
    cols = min(3, len(panels))
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.8 * rows), squeeze=False)
    for ax in axes.flat[len(panels):]:
        ax.axis("off")
    for ax, (kind, measure, a, b, r) in zip(axes.flat, panels):
        xa, xb = table.column(a), table.column(b)
        if kind == "scatter":
            pts = [(x, y) for x, y in zip(xa, xb) if x is not None and y is not None]
            if pts:
                x, y = np.asarray(pts, dtype=float).T
                ax.scatter(x, y, s=12, alpha=0.6, edgecolors="none")
            ax.set_xlabel(a)
            ax.set_ylabel(b)
            ax.grid(alpha=0.3)
        else:
            m, labels = confusion(xa, xb)
            im = ax.imshow(m, cmap="Blues")
            ax.set_xticks(range(len(labels)), [str(v) for v in labels])
            ax.set_yticks(range(len(labels)), [str(v) for v in labels])
            ax.set_xlabel(b)
            ax.set_ylabel(a)
            peak = m.max() if m.size else 0
            for i in range(m.shape[0]):
                for j in range(m.shape[1]):
                    ax.text(j, i, f"{int(m[i, j])}", ha="center", va="center", fontsize=8,
                            color="white" if peak and m[i, j] > peak / 2 else "black")
            fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
        ax.set_title(_title(r, measure), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return len(panels)
