"""st-agree measures against values published by others or computed by independent libraries."""

import math

import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import cohen_kappa_score

from scholartools.agreement import Undefined
from scholartools.agreement import categorical as cat
from scholartools.agreement import correlation as corr
from scholartools.agreement.bootstrap import bootstrap_ci, permutation_test, standardise
from scholartools.agreement.inputs import RaterTable
from scholartools.agreement.results import compare, compute

# Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 coders (rows),
# 12 units (columns), None = missing. Published: nominal .743, ordinal .815, interval .849, ratio .797.
KRIPP_CODERS = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
    [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
]
KRIPP_UNITS = [list(u) for u in zip(*KRIPP_CODERS)]

# Fleiss (1971), Table 1 as distributed in R's irr package (`diagnoses`): 30 patients, 6
# psychiatrists, 5 categories (1 depression, 2 personality disorder, 3 schizophrenia, 4 neurosis,
# 5 other). Fleiss reports kappa = .430 (irr::kappam.fleiss gives 0.4302445).
DIAGNOSES = [
    [4, 4, 4, 4, 4, 4], [2, 2, 2, 5, 5, 5], [2, 3, 3, 3, 3, 5], [5, 5, 5, 5, 5, 5], [2, 2, 2, 4, 4, 4],
    [1, 1, 3, 3, 3, 3], [3, 3, 3, 3, 5, 5], [1, 1, 3, 3, 3, 4], [1, 1, 4, 4, 4, 4], [5, 5, 5, 5, 5, 5],
    [1, 4, 4, 4, 4, 4], [1, 2, 4, 4, 4, 4], [2, 2, 2, 3, 3, 3], [1, 4, 4, 4, 4, 4], [2, 2, 4, 4, 4, 5],
    [3, 3, 3, 3, 3, 5], [1, 1, 1, 4, 5, 5], [1, 1, 1, 1, 1, 2], [2, 2, 4, 4, 4, 4], [1, 3, 3, 5, 5, 5],
    [5, 5, 5, 5, 5, 5], [2, 4, 4, 4, 4, 4], [2, 2, 4, 5, 5, 5], [1, 1, 4, 4, 4, 4], [1, 4, 4, 4, 4, 5],
    [2, 2, 2, 2, 2, 4], [1, 1, 1, 1, 5, 5], [2, 2, 4, 4, 4, 4], [1, 3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 5],
]

# Wikipedia, "Fleiss' kappa", worked example: 10 subjects, 14 raters, counts per category 1..5; kappa = 0.210.
WIKI_COUNTS = [
    [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
]

# R irr package, `anxiety` (20 subjects, 3 raters, 1-6 scale); irr::kappa2(anxiety[, 2:3]) published
# in irr's documentation/tests: unweighted -0.006289308, "equal" (linear) 0.1459075, "squared" 0.2520325.
ANXIETY_R2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4]
ANXIETY_R3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2]


@pytest.mark.parametrize("level,published", [("nominal", 0.743), ("ordinal", 0.815), ("interval", 0.849),
                                             ("ratio", 0.797)])
def test_krippendorff_worked_example_matches_published_values(level, published):
    assert round(cat.krippendorff_alpha(KRIPP_UNITS, level), 3) == published


def test_krippendorff_nominal_accepts_text_labels():
    names = {1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}
    units = [[None if v is None else names[v] for v in u] for u in KRIPP_UNITS]
    assert round(cat.krippendorff_alpha(units, "nominal"), 3) == 0.743


def test_krippendorff_undefined_cases_raise_not_zero():
    with pytest.raises(Undefined):
        cat.krippendorff_alpha([[1, 1], [1, 1], [1, None]], "nominal")
    with pytest.raises(Undefined):
        cat.krippendorff_alpha([[1, None], [None, 2]], "interval")


def test_fleiss_1971_diagnoses_table():
    kappa, info = cat.fleiss_kappa(DIAGNOSES)
    assert round(kappa, 3) == 0.430
    assert abs(kappa - 0.4302445) < 1e-6  # irr::kappam.fleiss(diagnoses)
    assert info["raters_per_unit"] == [6, 6] and info["n_units"] == 30


def test_fleiss_wikipedia_table():
    units = [[c for c, k in enumerate(row, 1) for _ in range(k)] for row in WIKI_COUNTS]
    kappa, info = cat.fleiss_kappa(units)
    assert round(kappa, 3) == 0.210
    # Wikipedia's intermediate values: P-bar = 0.378, P_e = 0.213
    assert round(info["observed"], 3) == 0.378 and round(info["expected"], 3) == 0.213


def test_fleiss_all_same_category_is_undefined():
    with pytest.raises(Undefined):
        cat.fleiss_kappa([["x", "x"], ["x", "x", "x"]])


@pytest.mark.parametrize("weights,published", [(None, -0.006289308), ("linear", 0.1459075),
                                               ("quadratic", 0.2520325)])
def test_cohen_kappa_matches_r_irr_and_sklearn(weights, published):
    k = cat.cohen_kappa(ANXIETY_R2, ANXIETY_R3, weights)
    assert abs(k - published) < 1e-6
    assert abs(k - cohen_kappa_score(ANXIETY_R2, ANXIETY_R3, weights=weights)) < 1e-12


def test_cohen_kappa_random_labels_match_sklearn():
    rng = np.random.default_rng(7)
    a = rng.integers(0, 4, 300)
    b = np.where(rng.random(300) < 0.6, a, rng.integers(0, 4, 300))
    for w in (None, "linear", "quadratic"):
        assert abs(cat.cohen_kappa(list(a), list(b), w) - cohen_kappa_score(a, b, weights=w)) < 1e-12
    labels = ["no", "yes", "maybe"]
    sa, sb = [labels[i % 3] for i in a], [labels[i % 3] for i in b]
    assert abs(cat.cohen_kappa(sa, sb) - cohen_kappa_score(sa, sb)) < 1e-12


def test_cohen_kappa_textbook_two_by_two():
    # 50 units: both yes 20, both no 15, a-yes/b-no 5, a-no/b-yes 10 → p_o = .70,
    # p_e = .5*.6 + .5*.4 = .50, kappa = (.70 - .50)/(1 - .50) = 0.4 (the Wikipedia "Cohen's kappa" example)
    a = ["yes"] * 20 + ["no"] * 15 + ["yes"] * 5 + ["no"] * 10
    b = ["yes"] * 20 + ["no"] * 15 + ["no"] * 5 + ["yes"] * 10
    assert abs(cat.cohen_kappa(a, b) - 0.4) < 1e-12
    assert cat.percent_agreement(a, b) == 0.7


def test_cohen_kappa_missing_values_dropped_pairwise_and_constant_cases():
    assert cat.cohen_kappa([1, 2, None, 1], [1, 2, 2, None]) == 1.0
    assert cat.cohen_kappa([1, 1, 1], [1, 2, 1]) == 0.0  # one constant rater: p_o = p_e
    with pytest.raises(Undefined, match="same single category"):
        cat.cohen_kappa([1, 1, 1], [1, 1, 1])


def test_correlations_match_scipy_with_ties():
    rng = np.random.default_rng(3)
    x = rng.integers(0, 3, 217).astype(float)
    y = x + rng.integers(0, 5, 217)
    assert abs(corr.correlation("pearson", x, y) - stats.pearsonr(x, y).statistic) < 1e-12
    assert abs(corr.correlation("spearman", x, y) - stats.spearmanr(x, y).statistic) < 1e-12
    assert abs(corr.correlation("kendall", x, y) - stats.kendalltau(x, y).statistic) < 1e-12  # tau-b
    big = rng.integers(0, 7, 900).astype(float)  # 7 × 900 joint table: cumulative-sum path
    z = rng.random(900)
    assert abs(corr.correlation("kendall", big, z) - stats.kendalltau(big, z).statistic) < 1e-12
    u, v = rng.random(400), rng.random(400)       # 400 × 400 table: left to scipy
    assert abs(corr.correlation("kendall", u, u + v) - stats.kendalltau(u, u + v).statistic) < 1e-12
    assert np.allclose(corr.average_ranks([3, 1, 3, 2, 3]), stats.rankdata([3, 1, 3, 2, 3]))


def test_constant_rater_is_undefined_with_a_note():
    with pytest.raises(Undefined, match="constant"):
        corr.correlation("spearman", [1, 2, 3], [2, 2, 2], ("judge", "human"))


def test_per_group_and_system_levels_hand_computed():
    # two documents × three systems; within doc d1 the metric ranks systems perfectly, in d2 inversely
    x = [1, 2, 3, 1, 2, 3]            # human
    y = [10, 20, 30, 30, 20, 10]      # metric
    groups = ["d1", "d1", "d1", "d2", "d2", "d2"]
    systems = ["s1", "s2", "s3", "s1", "s2", "s3"]
    value, info = corr.per_group("pearson", x, y, groups)
    assert value == 0.0 and info["n_groups"] == 2        # (1 + -1) / 2
    # system means: human 1, 2, 3; metric 20, 20, 20 → constant → undefined
    with pytest.raises(Undefined):
        corr.system_level("pearson", x, y, systems)
    value, info = corr.system_level("pearson", x, [10, 20, 30, 10, 20, 31], systems)
    assert abs(value - stats.pearsonr([1, 2, 3], [10, 20, 30.5]).statistic) < 1e-12
    assert info["n_systems"] == 3


def test_per_group_skips_groups_where_undefined():
    value, info = corr.per_group("pearson", [1, 2, 1, 2, 5], [1, 2, 3, 3, 4], ["a", "a", "b", "b", "c"])
    assert value == 1.0 and info["n_groups"] == 1 and info["n_groups_skipped"] == 2


def test_bootstrap_percentile_ci_hand_checked():
    # statistic = mean of the resampled values; with seed fixed the CI is the percentile of the
    # same resample means computed here independently
    data = np.array([1.0, 2.0, 4.0, 8.0, 16.0])
    ci, info = bootstrap_ci(lambda idx: float(data[idx].mean()), 5, 500, seed=11)
    rng = np.random.default_rng(11)
    means = [data[rng.integers(0, 5, size=5)].mean() for _ in range(500)]
    assert ci == pytest.approx(list(np.quantile(means, [0.025, 0.975])))
    assert info["n_valid"] == 500 and info["resample"] == "unit"


def test_bootstrap_cluster_resampling_keeps_blocks():
    seen = []
    bootstrap_ci(lambda idx: seen.append(sorted(idx)) or 0.0, 4, 20, seed=1, clusters=[[0, 1], [2, 3]])
    for idx in seen:  # every resample is made of whole blocks
        assert len(idx) == 4 and all(idx.count(i) == idx.count(i ^ 1) for i in idx)


def test_permutation_test_identical_metrics_and_clear_winner():
    rng = np.random.default_rng(5)
    h = rng.random(200)
    good = h + rng.normal(0, 0.1, 200)
    bad = rng.random(200)
    diff = lambda a, b: corr.correlation("pearson", a, h) - corr.correlation("pearson", b, h)  # noqa: E731
    p_same, _ = permutation_test(diff, standardise(good), standardise(good), 200, seed=0)
    assert p_same == 1.0  # swapping identical columns never changes anything
    p_diff, info = permutation_test(diff, standardise(good), standardise(bad), 200, seed=0)
    assert p_diff == pytest.approx(1 / 201) and info["n_valid"] == 200


def test_compute_result_records_shape_and_pair_order():
    table = RaterTable(["h", "m1", "m2"], ["u1", "u2", "u3", "u4"],
                       [[1, 2, 4], [2, 1, 3], [3, 4, 2], [4, 3, None]])
    out = compute(table, ["spearman", "alpha-interval"], ["pooled"])
    assert [r["raters"] for r in out] == [["h", "m1"], ["h", "m2"], ["m1", "m2"], ["h", "m1", "m2"]]
    assert out[0]["n"] == 4 and out[1]["n"] == 3
    assert out[0]["value"] == pytest.approx(stats.spearmanr([1, 2, 3, 4], [2, 1, 4, 3]).statistic)
    assert out[1]["value"] == pytest.approx(-1.0)
    assert all(set(r) >= {"measure", "level", "raters", "n", "value", "ci"} for r in out)
    assert out[0]["ci"] is None


def test_compare_reports_difference_and_p_value():
    rng = np.random.default_rng(9)
    h = rng.random(120)
    rows = [[a, a + rng.normal(0, 0.05), rng.random()] for a in h]
    table = RaterTable(["h", "good", "noise"], [str(i) for i in range(120)], rows)
    (rec,) = compare(table, ["pearson"], ["pooled"], 0, 300)
    expected = stats.pearsonr(h, [r[1] for r in rows]).statistic - stats.pearsonr(h, [r[2] for r in rows]).statistic
    assert rec["value"] == pytest.approx(expected) and rec["p_value"] < 0.01 and rec["reference"] == "h"
    assert math.isclose(rec["value_a"] - rec["value_b"], rec["value"])


def test_p_values_match_scipy_tests():
    rng = np.random.default_rng(21)
    x = rng.integers(0, 4, 60).astype(float)
    y = x + rng.normal(0, 2.0, 60)
    assert corr.p_value("pearson", x, y) == pytest.approx(stats.pearsonr(x, y).pvalue, rel=1e-9)
    assert corr.p_value("spearman", x, y) == pytest.approx(stats.spearmanr(x, y).pvalue, rel=1e-9)
    assert corr.p_value("kendall", x, y) == pytest.approx(stats.kendalltau(x, y).pvalue, rel=1e-9)
    assert corr.p_value("pearson", [1, 2, 3], [5, 5, 5]) is None
