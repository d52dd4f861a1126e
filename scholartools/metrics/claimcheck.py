"""CLAIMCHECK metrics (Ou, Walden et al., Findings of EMNLP 2025): F1_edit, F1_exact, win/tie/loss.

Span-set F1 with edit-distance partial credit, §3.4 of the paper; recipe in
``specs/seed-claimcheck.md`` §2.4: similarity ``1 − normalised Levenshtein`` (normalised by the
longer string, ``rapidfuzz.distance.Levenshtein.normalized_similarity``), a linear sum assignment
that maximises the total similarity (``scipy.optimize.linear_sum_assignment``), soft TP = the
summed similarity of the assigned pairs, micro-averaged over items: P = ΣTP / Σ|pred|,
R = ΣTP / Σ|gold|. F1_exact is the same with similarity 1 for equal strings (after whitespace
normalisation) and 0 otherwise.
"""

from __future__ import annotations

import re
from collections import Counter

_CLAIM_PREFIX = re.compile(r"^\s*claim\s*\d+\s*:\s*", re.I)
_WS = re.compile(r"\s+")


def normalise(text: str, strip_claim_prefix: bool = True) -> str:
    """Whitespace collapsed; with ``strip_claim_prefix`` a leading ``Claim12:`` label removed
    (CLAIMCHECK stores candidate claims as ``"Claim12: <text>"``; the label is not the claim)."""
    if strip_claim_prefix:
        text = _CLAIM_PREFIX.sub("", text)
    return _WS.sub(" ", text).strip()


def soft_tp(predicted: list[str], gold: list[str], exact: bool = False,
            strip_claim_prefix: bool = True) -> float:
    """The soft true-positive mass of one item: best one-to-one assignment of similarities."""
    if not predicted or not gold:
        return 0.0
    a = [normalise(t, strip_claim_prefix) for t in predicted]
    b = [normalise(t, strip_claim_prefix) for t in gold]
    import numpy as np

    if exact:
        sim = np.array([[1.0 if x == y else 0.0 for y in b] for x in a])
    else:
        from rapidfuzz.distance import Levenshtein

        sim = np.array([[Levenshtein.normalized_similarity(x, y) for y in b] for x in a])
    from scipy.optimize import linear_sum_assignment

    rows, cols = linear_sum_assignment(sim, maximize=True)
    return float(sim[rows, cols].sum())


def span_counts(predicted: list[str], gold: list[str], exact: bool = False,
                strip_claim_prefix: bool = True) -> dict:
    """Per-item counts for micro-averaging: ``{tp, n_pred, n_gold}`` plus the item's own p/r/f.

    The item's p/r/f are ``None`` where their denominator is 0 (both sides empty: the item
    contributes nothing to the micro average).
    """
    tp = soft_tp(predicted, gold, exact, strip_claim_prefix)
    out = {"tp": tp, "n_pred": len(predicted), "n_gold": len(gold)}
    out.update(micro_prf([out]))
    return out


def micro_prf(items: list[dict]) -> dict:
    """Micro-averaged P/R/F1 over items' ``{tp, n_pred, n_gold}``; 0 where undefined.

    P = Σtp / Σn_pred, R = Σtp / Σn_gold, F1 = 2PR/(P+R).
    """
    tp = sum(i["tp"] for i in items)
    npred = sum(i["n_pred"] for i in items)
    ngold = sum(i["n_gold"] for i in items)
    p = tp / npred if npred else 0.0
    r = tp / ngold if ngold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": p, "r": r, "f": f}


_WTL = {"win": "win", "w": "win", "1": "win", "tie": "tie", "t": "tie", "0": "tie",
        "loss": "loss", "lose": "loss", "l": "loss", "-1": "loss"}


def outcome(value) -> str:
    """``win`` / ``tie`` / ``loss`` from those words (any case), w/t/l, or 1 / 0 / −1."""
    if isinstance(value, bool):
        raise ValueError("a preference outcome cannot be a boolean")
    key = str(value).strip().lower()
    if key not in _WTL:
        raise ValueError(f"not a win/tie/loss outcome: {value!r}")
    return _WTL[key]


def win_tie_loss(outcomes: list[str]) -> dict:
    """Shares of wins, ties and losses (CLAIMCHECK Table 6: Win% and Tie% of the revision)."""
    counts = Counter(outcomes)
    n = len(outcomes)
    return {"n": n, "win": counts["win"] / n if n else None, "tie": counts["tie"] / n if n else None,
            "loss": counts["loss"] / n if n else None}
