"""Point-level agreement between predicted and gold limitation points (evaluation tooling, not
part of the installed package)::

    python -m tools.limitations_evaluate --split test      # the segmenter against the hand gold

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

import json
import re
from collections import Counter
from pathlib import Path

import click

__all__ = ["tokens", "token_f1", "match_points", "point_prf", "main"]

GOLD = Path(__file__).resolve().parents[1] / "fixtures" / "limitations" / "limtopic_points.jsonl"

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


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--gold", "gold_path", type=click.Path(exists=True, dir_okay=False), default=str(GOLD),
              show_default=True, help="Hand-annotated points: JSONL rows with text, points and split.")
@click.option("--split", type=click.Choice(["dev", "test", "all"]), default="test", show_default=True,
              help="Rows of the gold to score (dev: tuned on; test: held out).")
@click.option("--threshold", type=click.FloatRange(0, 1), default=0.5, show_default=True,
              help="Token F1 at which a predicted point matches a gold point.")
@click.option("--embeddings/--no-embeddings", default=False, show_default=True,
              help="The segmenter's embedding topic shift (off: the cue rules alone).")
def main(gold_path: str, split: str, threshold: float, embeddings: bool) -> None:
    """Score st-extract-limits' point segmenter against the hand-annotated gold: one JSON line
    with pooled precision, recall and F1 (docs/st-extract-limits.md reports these figures)."""
    from scholartools.limitations.segment import SegmentOptions, segment_many

    rows = [json.loads(line) for line in Path(gold_path).read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [r for r in rows if split == "all" or r.get("split") == split]
    found = segment_many([r["text"] for r in rows], SegmentOptions(embeddings=embeddings))
    pairs = [([r["text"][s:e] for s, e in f], r["points"]) for r, f in zip(rows, found)]
    click.echo(json.dumps({"split": split, **point_prf(pairs, threshold)}))


if __name__ == "__main__":
    main()
