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
    (w,), th = S.choose(t, [sem], sel, 0.80, (S.WEIGHTS,))
    assert w > 0 and S.prf(t.counts(t.hand + w * sem >= th, sel)) == (1.0, 1.0, 1.0)
    ws, th0 = S.choose(t, [], sel, 0.80, ())   # the rules alone keep only the sure one
    assert ws == () and S.prf(t.counts(t.hand >= th0, sel))[:2] == (1.0, 1 / 3)


def test_previous_kept_marks_only_a_sentence_after_a_kept_one_of_the_same_section():
    t = _Table([1.5, 0.9, 0.9, 2.0, 0.1], [1, 1, 0, 1, 0])
    t.kind = np.array(["results:3:None"] * 3 + ["results:4:None"] * 2)
    # sentence 1 follows a kept one; 2 follows 1 (not kept); 3 opens section 4; 4 follows kept 3
    assert S.previous_kept(t).tolist() == [0.0, 1.0, 0.0, 0.0, 1.0]
