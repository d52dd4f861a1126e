"""``benchmarks/claims_semantic.py`` (issue 37, session 18: a MiniLM score trained on sentences we
wrote, measured and not shipped): the written corpus and the weight / threshold choice, without the
model."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import claims_semantic as S  # noqa: E402


def test_the_written_corpus_has_its_counted_sentences_none_in_both_classes():
    texts, labels = S.written_corpus()
    assert (sum(labels), len(labels) - sum(labels)) == (214, 287)
    assert len(set(texts)) == len(texts)   # no sentence twice, so none is both a claim and not one


class _Table(S.Table):
    def __init__(self, hand, y):
        self.hand, self.y = np.array(hand), np.array(y, dtype=bool)
        self.pid = np.array(["a"] * len(hand))
        self.dev = np.array(["dev"] * len(hand))
        self.part = np.array(["body"] * len(hand))
        self.ngold = {"a": int(sum(y))}


def test_choose_takes_the_weight_that_separates_what_the_cue_score_cannot():
    # four sentences at cue score 1.0: the two claims have a semantic score of 2, the others -2
    t = _Table([1.0, 1.0, 1.0, 1.0, 2.0], [1, 1, 0, 0, 1])
    sem = np.array([2.0, 2.0, -2.0, -2.0, 0.0])
    sel = np.ones(5, bool)
    w, th = S.choose(t, sem, sel, 0.80)
    assert w > 0 and S.prf(t.counts(t.hand + w * sem >= th, sel)) == (1.0, 1.0, 1.0)
    w0, th0 = S.choose(t, sem, sel, 0.80, weights=(0.0,))   # the rules alone keep only the sure one
    assert w0 == 0.0 and S.prf(t.counts(t.hand >= th0, sel))[:2] == (1.0, 1 / 3)
