"""Point-level agreement between predicted and gold limitation points.

A predicted point matches a gold point when their token F1 is at least ``threshold`` (0.5);
matching is one-to-one (a maximum matching: as many pairs as possible, then the highest F1).
Precision = matched / predicted, recall = matched / gold, pooled over the texts (micro), which is
how ``docs/st-extract-limits.md`` reports the segmenter against the hand-annotated gold in
``fixtures/limitations/``.

    >>> token_f1("we only use English data", "We only use English.")
    0.8888888888888888
    >>> match_points(["a b c", "d e f"], ["a b c d", "x y"])
    [(0, 0)]
"""
from __future__ import annotations

import re
from collections import Counter

__all__ = ["tokens", "token_f1", "match_points", "point_prf"]

_TOKEN = re.compile(r"\w+", re.UNICODE)


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens."""
    return _TOKEN.findall((text or "").lower())


def token_f1(a: str, b: str) -> float:
    """Harmonic mean of token precision and recall (multiset overlap, SQuAD style)."""
    ta, tb = Counter(tokens(a)), Counter(tokens(b))
    common = sum((ta & tb).values())
    if not common:
        return 0.0
    return 2 * common / (sum(ta.values()) + sum(tb.values()))


def match_points(pred: list[str], gold: list[str], threshold: float = 0.5) -> list[tuple[int, int]]:
    """One-to-one matched ``(pred_index, gold_index)`` pairs with token F1 ≥ ``threshold``:
    the most pairs possible, ties broken by the larger sum of F1."""
    if not pred or not gold:
        return []
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    f1 = np.array([[token_f1(p, g) for g in gold] for p in pred])
    weight = np.where(f1 >= threshold, 1000.0 + f1, 0.0)
    rows, cols = linear_sum_assignment(weight, maximize=True)
    return sorted((int(r), int(c)) for r, c in zip(rows, cols) if weight[r, c] > 0)


def point_prf(pairs: list[tuple[list[str], list[str]]], threshold: float = 0.5) -> dict:
    """Micro precision / recall / F1 over ``(predicted points, gold points)`` pairs of texts."""
    n_pred = n_gold = n_match = 0
    for pred, gold in pairs:
        n_pred += len(pred)
        n_gold += len(gold)
        n_match += len(match_points(pred, gold, threshold))
    p = n_match / n_pred if n_pred else 0.0
    r = n_match / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f, "matched": n_match, "predicted": n_pred, "gold": n_gold,
            "texts": len(pairs)}
