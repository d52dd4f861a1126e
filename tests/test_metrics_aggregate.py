"""Aggregation rules on hand-computed values."""

import pytest

from scholartools.metrics.aggregate import mean_part, summarise, weighted_mean
from scholartools.metrics.score import ScoreOptions


def test_mean_of_numbers_and_dict_parts_skips_nulls():
    assert mean_part([1, None, 2]) == 1.5
    assert mean_part([None]) is None
    got = mean_part([{"p": 1.0, "r": 0.0, "f": 0.0}, {"p": 0.5, "r": 1.0, "f": None}])
    assert got == {"p": 0.75, "r": 0.5, "f": 0.0}


def test_weighted_mean_pools_pairs():
    # paper A: mean 1.0 over 3 pairs, paper B: 0.0 over 1 pair -> 0.75 pooled
    assert weighted_mean([1.0, 0.0], [3, 1]) == pytest.approx(0.75)
    assert weighted_mean([{"f": 1.0}, {"f": 0.0}, None], [3, 1, 5]) == {"f": 0.75}
    assert weighted_mean([0.3], [0]) is None


def test_micro_rule_differs_from_mean_of_items():
    items = [{"tp": 1.0, "n_pred": 1, "n_gold": 1, "f": 1.0}, {"tp": 0.0, "n_pred": 3, "n_gold": 3, "f": 0.0}]
    got = summarise(items, "micro", ScoreOptions())
    assert got["f"] == pytest.approx(0.25)       # 1 / 4, not the mean of 1 and 0
    assert got["macro_f"] == pytest.approx(0.5)
