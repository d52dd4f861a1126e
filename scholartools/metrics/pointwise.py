"""BAGELS PointWise evaluation: coverage A_G / A_H and P/R/F1 from judged (g, h) pairs.

BAGELS (Al Azher et al., EMNLP Findings 2025) §5 and App. A.1; formulas and quirks in
``specs/seed-bagels.md`` §6.3–6.4. An LLM judge marks every pair (g_k, h_l) of a paper's x
ground-truth and y generated limitations as a match or not; ``M`` is the set of matched pairs.

* :func:`pointwise` — the paper's formulas, literally: TP = |M| (pairs), FP = GT items matched
  by nothing, FN = generated items matched by nothing (FP/FN are swapped relative to the usual
  convention, so its "precision" behaves like GT recall). ``tp`` picks another TP reading
  (``matching``: maximum one-to-one matching, ``gt_covered``: covered GT items).
* :func:`pointwise_conventional` — conventional labels with one-to-one maximum matching:
  TP = size of a maximum bipartite matching in M, FP = y − TP (generated items left
  unmatched), FN = x − TP, P = TP/y, R = TP/x.

Coverages are fractions in [0, 1] (the paper prints them ×100). A paper with x = 0 or y = 0 has
undefined coverage: its values are ``None`` and it is counted in ``n_skipped`` by
:func:`aggregate`. Any other division by zero gives 0.
"""

from __future__ import annotations

from collections.abc import Iterable

TP_MODES = ("literal", "matching", "gt_covered")


def max_matching(x: int, y: int, matches: Iterable[tuple[int, int]]) -> int:
    """Size of a maximum bipartite matching between GT items 0..x-1 and generated 0..y-1."""
    adj: dict[int, list[int]] = {}
    for g, h in set(matches):
        adj.setdefault(g, []).append(h)
    owner: dict[int, int] = {}  # generated item -> GT item

    def augment(g: int, seen: set[int]) -> bool:
        for h in adj.get(g, ()):
            if h in seen:
                continue
            seen.add(h)
            if h not in owner or augment(owner[h], seen):
                owner[h] = g
                return True
        return False

    return sum(1 for g in adj if augment(g, set()))


def _prf(tp: float, fp: float, fn: float) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def _coverage(x: int, y: int, matches: set[tuple[int, int]]) -> dict:
    covered_gt = len({g for g, _ in matches})
    covered_gen = len({h for _, h in matches})
    return {"x": x, "y": y, "n_matched_pairs": len(matches), "covered_gt": covered_gt,
            "covered_gen": covered_gen}


def _check(x: int, y: int, matches: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    out = set()
    for g, h in matches:
        if not (0 <= g < x and 0 <= h < y):
            raise ValueError(f"matched pair ({g}, {h}) outside a {x}×{y} pair grid")
        out.add((int(g), int(h)))
    return out


def pointwise(x: int, y: int, matches: Iterable[tuple[int, int]], tp: str = "literal") -> dict:
    """PointWise scores of one paper, as BAGELS writes them (§5, App. A.1).

    ``C_G(g_k) = 1`` iff g_k is in some matched pair, ``A_G = Σ C_G / x``; ``A_H = Σ C_H / y``;
    ``TP = |M|``, ``FP = x − Σ C_G``, ``FN = y − Σ C_H``, ``P = TP/(TP+FP)``,
    ``R = TP/(TP+FN)``, F1 their harmonic mean. ``tp="matching"`` uses a maximum one-to-one
    matching for TP ("TP counts as one" when one item matches several); ``tp="gt_covered"`` uses
    Σ C_G. FP and FN keep the paper's definitions in every mode.
    """
    if tp not in TP_MODES:
        raise ValueError(f"tp must be one of {', '.join(TP_MODES)}")
    m = _check(x, y, matches)
    out = _coverage(x, y, m)
    out["variant"] = "literal" if tp == "literal" else f"literal/tp={tp}"
    if x == 0 or y == 0:
        out.update(A_G=None, A_H=None, TP=None, FP=None, FN=None, P=None, R=None, F1=None, skipped=True)
        return out
    if tp == "literal":
        t = len(m)
    elif tp == "matching":
        t = max_matching(x, y, m)
    else:
        t = out["covered_gt"]
    fp = x - out["covered_gt"]
    fn = y - out["covered_gen"]
    p, r, f = _prf(t, fp, fn)
    out.update(A_G=out["covered_gt"] / x, A_H=out["covered_gen"] / y, TP=t, FP=fp, FN=fn,
               P=p, R=r, F1=f, skipped=False)
    return out


def pointwise_conventional(x: int, y: int, matches: Iterable[tuple[int, int]]) -> dict:
    """PointWise with conventional labels and one-to-one matching (not the paper's formulas).

    TP = maximum bipartite matching in M; FP = y − TP; FN = x − TP; P = TP/y; R = TP/x. Coverage
    A_G / A_H as in :func:`pointwise`.
    """
    m = _check(x, y, matches)
    out = _coverage(x, y, m)
    out["variant"] = "conventional"
    if x == 0 or y == 0:
        out.update(A_G=None, A_H=None, TP=None, FP=None, FN=None, P=None, R=None, F1=None, skipped=True)
        return out
    t = max_matching(x, y, m)
    p, r, f = _prf(t, y - t, x - t)
    out.update(A_G=out["covered_gt"] / x, A_H=out["covered_gen"] / y, TP=t, FP=y - t, FN=x - t,
               P=p, R=r, F1=f, skipped=False)
    return out


def from_matrix(matrix: list[list]) -> tuple[int, int, set[tuple[int, int]]]:
    """(x, y, matched pairs) from a per-paper x×y match matrix (rows = GT, columns = generated)."""
    x = len(matrix)
    y = len(matrix[0]) if x else 0
    pairs = set()
    for g, row in enumerate(matrix):
        if len(row) != y:
            raise ValueError("match matrix rows differ in length")
        for h, v in enumerate(row):
            if v is not None and float(v) >= 0.5:
                pairs.add((g, h))
    return x, y, pairs


_MEANED = ("A_G", "A_H", "P", "R", "F1", "TP", "FP", "FN")


def aggregate(papers: list[dict]) -> dict:
    """Macro (mean over papers, the paper's A_G = (1/n) Σ A_Gi) and micro (pooled) summaries.

    Micro pools the counts: A_G = Σ covered GT / Σ x, A_H = Σ covered generated / Σ y, and P/R/F1
    from Σ TP, Σ FP, Σ FN (BAGELS's coverage notebook pools). Skipped papers (x or y = 0) enter
    neither.
    """
    used = [p for p in papers if not p.get("skipped")]
    out: dict = {"n_papers": len(used), "n_skipped": len(papers) - len(used)}
    if not used:
        out["macro"] = {k: None for k in _MEANED}
        out["micro"] = {k: None for k in ("A_G", "A_H", "TP", "FP", "FN", "P", "R", "F1")}
        return out
    out["macro"] = {k: sum(p[k] for p in used) / len(used) for k in _MEANED}
    sx, sy = sum(p["x"] for p in used), sum(p["y"] for p in used)
    tp, fp, fn = (sum(p[k] for p in used) for k in ("TP", "FP", "FN"))
    P, R, F = _prf(tp, fp, fn)
    out["micro"] = {"A_G": sum(p["covered_gt"] for p in used) / sx, "A_H": sum(p["covered_gen"] for p in used) / sy,
                    "TP": tp, "FP": fp, "FN": fn, "P": P, "R": R, "F1": F}
    return out
