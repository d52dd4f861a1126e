"""CLAIMCHECK F1_edit / F1_exact and win/tie/loss on hand-computed cases (seed-claimcheck §2.4)."""

import pytest

from scholartools.metrics.claimcheck import micro_prf, outcome, soft_tp, span_counts, win_tie_loss


def test_identical_sets_score_one():
    a = ["Our model beats all baselines.", "It generalises to French."]
    for exact in (False, True):
        c = span_counts(a, list(reversed(a)), exact)
        assert (c["p"], c["r"], c["f"]) == (1.0, 1.0, 1.0)


def test_disjoint_sets_score_zero():
    c = span_counts(["aaaa"], ["bbbb"], exact=False)
    assert c["tp"] == 0.0 and c["f"] == 0.0


def test_partial_credit_kitten_sitting():
    # Levenshtein(kitten, sitting) = 3, normalised by the longer length 7 -> similarity 4/7
    c = span_counts(["kitten"], ["sitting"])
    assert c["tp"] == pytest.approx(4 / 7) and c["f"] == pytest.approx(4 / 7)
    assert span_counts(["kitten"], ["sitting"], exact=True)["tp"] == 0.0


def test_assignment_maximises_total_similarity():
    # greedy would pair "abcd"-"abcd"(1.0) then "abcx"-"zzzz"(0); optimal is the same here, but
    # with a crossing case: pred [ab, abc], gold [abc, xb]
    # sim(ab,abc)=2/3, sim(ab,xb)=1/2, sim(abc,abc)=1, sim(abc,xb)=1/3 -> best total 1 + 1/2
    assert soft_tp(["ab", "abc"], ["abc", "xb"]) == pytest.approx(1.5)


def test_empty_sides_and_micro_average():
    both_empty = span_counts([], [])
    assert both_empty["tp"] == 0 and both_empty["n_pred"] == 0 and both_empty["n_gold"] == 0
    pred_only = span_counts(["a claim"], [])
    gold_only = span_counts([], ["a claim"])
    full = span_counts(["kitten"], ["sitting"])
    # micro: TP 4/7, |pred| = 1 + 1, |gold| = 1 + 1 ; the both-empty item adds nothing
    got = micro_prf([both_empty, pred_only, gold_only, full])
    assert got["p"] == pytest.approx((4 / 7) / 2) and got["r"] == pytest.approx((4 / 7) / 2)
    assert micro_prf([both_empty]) == {"p": 0.0, "r": 0.0, "f": 0.0}


def test_claim_prefix_and_whitespace_normalised_for_exact():
    c = span_counts(["Claim12:  We   beat SOTA."], ["claim 3: We beat SOTA."], exact=True)
    assert c["f"] == 1.0
    kept = span_counts(["Claim12: We beat SOTA."], ["Claim3: We beat SOTA."], exact=True, strip_claim_prefix=False)
    assert kept["f"] == 0.0


def test_win_tie_loss_table6_shares():
    # CLAIMCHECK Table 6: Win 20.0 %, Tie 47.8 % -> 18 / 43 / 29 of 90
    outcomes = ["win"] * 18 + ["tie"] * 43 + ["loss"] * 29
    got = win_tie_loss(outcomes)
    assert round(got["win"] * 100, 1) == 20.0 and round(got["tie"] * 100, 1) == 47.8
    assert got["loss"] == pytest.approx(29 / 90)
    assert [outcome(v) for v in ("WIN", 0, "-1", "l")] == ["win", "tie", "loss", "loss"]
    with pytest.raises(ValueError):
        outcome("maybe")


def test_unscored_preferences_and_critiques_are_counted_not_errors():
    from scholartools.metrics.score import run

    prefs = [{"id": "a", "preference": "win"}, {"id": "b", "preference": None}, {"id": "c", "preference": "tie"}]
    out = run(prefs, "win-tie-loss", aggregate=True)
    assert not any("error" in r for r in out)
    summary = out[-1]["scores"]["win-tie-loss"]
    assert (summary["n"], summary["win"], summary["tie"], summary["n_unscored"]) == (2, 0.5, 0.5, 1)
    segs = [{"id": "1", "prediction": "deficient", "deficient": True},
            {"id": "2", "prediction": None, "deficient": True},
            {"id": "3", "prediction": "not deficient", "deficient": True}]
    out = run(segs, "critique-prf", aggregate=True)
    assert not any("error" in r for r in out)
    s = out[-1]["scores"]["critique-prf"]
    assert (s["tp"], s["fn"], s["n"], s["n_unscored"]) == (1, 1, 2, 1) and s["r"] == 0.5
