"""Classification metrics for predicted labels against gold labels.

Used for judge labels against human labels (BAGELS match decisions, AAAR ReviewCritique's
deficient segments, CLAIMCHECK weakness types …). Plain counting, no scikit-learn at import;
the definitions are scikit-learn's (``precision_recall_fscore_support``): a class that is never
predicted has precision 0, never in gold recall 0, and F1 0 where P+R = 0.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def label_key(value: Any) -> Any:
    """A hashable form of a label (lists become tuples)."""
    if isinstance(value, list):
        return tuple(label_key(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, label_key(v)) for k, v in value.items()))
    return value


def binary_prf(pred: list[bool], gold: list[bool]) -> dict:
    """P/R/F1 of the positive class (True) with its counts; 0 where a denominator is 0.

    AAAR §4.3 / ReviewCritique: positive = deficient segment.
    """
    tp = sum(1 for p, g in zip(pred, gold) if p and g)
    fp = sum(1 for p, g in zip(pred, gold) if p and not g)
    fn = sum(1 for p, g in zip(pred, gold) if not p and g)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "p": p, "r": r, "f": f}


def report(pred: list, gold: list, positive: Any = None) -> dict:
    """Accuracy, per-class / macro / micro P/R/F1, optional binary P/R/F1, confusion matrix.

    ``positive``: the label whose binary P/R/F1 is reported (default: ``1`` or ``True`` when the
    labels are a subset of {0, 1} / booleans). The confusion matrix has gold labels as rows and
    predicted labels as columns, in the order of ``labels``. Micro P = R = F1 = accuracy for
    single-label data.
    """
    pred = [label_key(p) for p in pred]
    gold = [label_key(g) for g in gold]
    n = len(gold)
    labels = sorted(set(gold) | set(pred), key=lambda v: (str(type(v)), str(v)))
    correct = sum(1 for p, g in zip(pred, gold) if p == g)
    per_class = {}
    for lab in labels:
        per_class[str(lab)] = binary_prf([p == lab for p in pred], [g == lab for g in gold])
        per_class[str(lab)]["support"] = sum(1 for g in gold if g == lab)
    k = len(labels)
    macro = {m: (sum(c[m] for c in per_class.values()) / k if k else 0.0) for m in ("p", "r", "f")}
    acc = correct / n if n else None
    out = {"n": n, "accuracy": acc, "macro": macro,
           "micro": {"p": acc, "r": acc, "f": acc},
           "per_class": per_class,
           "confusion": {"labels": labels,
                         "matrix": [[sum(1 for p, g in zip(pred, gold) if g == a and p == b) for b in labels]
                                    for a in labels]}}
    if positive is None and set(labels) <= {0, 1, True, False}:
        positive = 1
    if positive is not None:
        b = binary_prf([p == positive for p in pred], [g == positive for g in gold])
        out["binary"] = {"positive": positive, **b}
    counts = Counter(gold)
    out["gold_distribution"] = {str(k2): v for k2, v in counts.items()}
    return out
