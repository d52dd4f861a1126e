"""AAAR-1.0 metrics on hand-computed cases (specs/seed-aaar.md §1.4, §2.4, §3.4) and Table 1."""

import math

import numpy as np
import pytest

from scholartools.metrics.aaar import aligned_rouge, en_prf, eqinfer_decision, itf_idf, s_match, s_prf
from scholartools.metrics.classification import binary_prf


def unit(*v):
    a = np.array(v, dtype=float)
    return a / np.linalg.norm(a)


def test_eqinfer_all_positive_baseline_is_table1_row():
    # AAAR Table 1 "All-Positive": P 25.00, R 100.00, F1 40.00 (1 correct of 4 candidates per item)
    decisions = [eqinfer_decision(1, 1 if k == 0 else 0) for _ in range(10) for k in range(4)]
    got = binary_prf([d["pred"] for d in decisions], [d["gold"] for d in decisions])
    assert (got["p"], got["r"], got["f"]) == pytest.approx((0.25, 1.0, 0.4))


def test_eqinfer_format_failure_counts_as_wrong():
    assert eqinfer_decision("maybe", 1) == {"pred": 0, "gold": 1, "format_failure": True, "correct": False}
    assert eqinfer_decision(None, 0)["pred"] == 1
    assert eqinfer_decision(" 1 ", 1)["correct"] is True
    with pytest.raises(ValueError):
        eqinfer_decision(1, "yes")


def test_en_prf_hand_cases():
    # 3 predictions, 2 entailed; 4 gold, 1 entailed -> P 2/3, R 1/4, F1 2PR/(P+R)
    got = en_prf([1, 0, 1], [0, 1, 0, 0])
    assert got["p"] == pytest.approx(2 / 3) and got["r"] == pytest.approx(0.25)
    assert got["f"] == pytest.approx(2 * (2 / 3) * 0.25 / (2 / 3 + 0.25))
    assert en_prf([], [1, 1]) == {"p": 0.0, "r": 0.0, "f": 0.0}          # empty prediction
    assert en_prf([1, 1], [1, 1, 1]) == {"p": 1.0, "r": 1.0, "f": 1.0}    # identical sets
    assert en_prf([0, 0], [0]) == {"p": 0.0, "r": 0.0, "f": 0.0}          # disjoint


def test_en_f1_averaged_per_paper_can_be_below_mean_p_and_r():
    # spec §2.4: F1 averaged per paper (here P=1,R=0 and P=0,R=1 -> F1 0 each)
    papers = [en_prf([1], [0]), en_prf([0], [1])]
    assert sum(p["f"] for p in papers) / 2 == 0.0
    assert sum(p["p"] for p in papers) / 2 == 0.5


def test_s_match_truncates_to_shorter_list():
    pred = np.stack([unit(1, 0), unit(1, 1), unit(0, 1)])
    gold = np.stack([unit(1, 0), unit(0, 1)])
    # aligned: cos(e1,e1) = 1, cos((1,1)/√2,(0,1)) = 1/√2; third prediction dropped
    assert s_match(pred, gold) == pytest.approx((1 + 1 / math.sqrt(2)) / 2)
    assert s_match(pred[:0], gold) == 0.0


def test_s_prf_two_reviewers_hand_computed():
    p1, p2 = unit(1, 0, 0), unit(0, 1, 0)
    w = unit(1, 1, 0)               # cos with p1 or p2 = 1/√2
    r1 = np.stack([unit(1, 0, 0)])  # reviewer 1 says exactly p1
    r2 = np.stack([w, unit(0, 0, 1)])
    got = s_prf(np.stack([p1, p2]), [r1, r2])
    c = 1 / math.sqrt(2)
    # S-P: p1 -> (1 + c)/2 ; p2 -> (0 + c)/2 ; mean
    sp = ((1 + c) / 2 + c / 2) / 2
    # S-R: reviewer 1 -> 1 ; reviewer 2 -> (c + 0)/2 ; mean
    sr = (1 + c / 2) / 2
    assert got["p"] == pytest.approx(sp) and got["r"] == pytest.approx(sr)
    assert got["f"] == pytest.approx(2 * sp * sr / (sp + sr + 1e-10))


def test_s_prf_identical_empty_and_skipped_reviewers():
    v = np.stack([unit(1, 0), unit(0, 1)])
    assert s_prf(v, [v])["f"] == pytest.approx(1.0)
    assert s_prf(v[:0], [v]) == {"p": 0.0, "r": 0.0, "f": 0.0}
    # an empty reviewer list is skipped, not averaged in as zero
    assert s_prf(v, [v, v[:0]])["r"] == pytest.approx(1.0)


def test_itf_idf_hand_computed_corpus():
    # paper A: two orthogonal weaknesses; paper B: one equal to A's first; paper C: one unrelated
    e1, e2, e3, e4 = np.eye(4)
    papers = [np.stack([e1, e2]), np.stack([e1]), np.stack([e4])]
    got = itf_idf(papers, threshold=0.5)
    n = 3
    # A/w1: O = 1 (only itself), R = 1 + 1 (B contains it) -> log(2/1)*log(3/2)
    # A/w2: O = 1, R = 1 -> log(2)*log(3)
    a = (math.log(2) * math.log(n / 2) + math.log(2) * math.log(n / 1)) / 2
    # B and C have one weakness each: ITF = log(1/1) = 0
    assert got == pytest.approx([a, 0.0, 0.0])


def test_itf_idf_duplicates_and_soft_counts():
    e1, e2 = np.eye(2)
    # near-duplicate list inside one paper: O counts the similar item softly
    v = unit(1, 0.2)           # cos(e1, v) = 1/sqrt(1.04) ≈ 0.9806 ≥ 0.5
    c = 1 / math.sqrt(1.04)
    papers = [np.stack([e1, v]), np.stack([e2])]
    got = itf_idf(papers, threshold=0.5)
    # w1: O = 1 + c, R = 1 (e2 is orthogonal) ; same for w2 -> log(2/(1+c)) * log(2/1)
    assert got[0] == pytest.approx(math.log(2 / (1 + c)) * math.log(2))
    # m_k is rounded to 2 decimals before the threshold: a similarity 0.496 rounds to 0.5 and counts
    x = unit(1, 0)
    y = np.array([0.496, math.sqrt(1 - 0.496 ** 2)])
    got2 = itf_idf([np.stack([x, unit(0, 1)]), np.stack([y])], threshold=0.5)
    # paper 0, item x: R = 1 + 0.5 ; item (0,1): sim to y = 0.868 -> 0.87 -> R = 1.87
    expect = (math.log(2) * math.log(2 / 1.5) + math.log(2) * math.log(2 / 1.87)) / 2
    assert got2[0] == pytest.approx(expect)


def test_aligned_rouge_mean_over_pairs():
    got = aligned_rouge(["the cat sat", "dogs bark"], ["the cat sat", "birds sing", "extra"], "rouge1", True)
    assert got == pytest.approx((1.0 + 0.0) / 2)
    assert aligned_rouge([], ["x"], "rougeL") == 0.0


def test_s_prf_disjoint_and_itf_idf_identical_items():
    a = np.stack([unit(1, 0, 0)])
    b = np.stack([unit(0, 1, 0), unit(0, 0, 1)])
    assert s_prf(a, [b]) == {"p": 0.0, "r": 0.0, "f": 0.0}
    # a list of identical weaknesses: O_j = n, so log(n/O) = 0 for each -> 0 (no diversity)
    e1, e2 = np.eye(2)
    assert itf_idf([np.stack([e1, e1, e1]), np.stack([e2])])[0] == pytest.approx(0.0)
    with pytest.raises(ValueError):
        itf_idf([np.stack([e1]), e1[:0].reshape(0, 2)])
