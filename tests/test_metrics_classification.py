"""Classification metrics against scikit-learn, and length features against PaperRQ's baselines."""

import json

import pytest

from conftest import EXTERNAL
from scholartools.metrics.classification import binary_prf, report
from scholartools.metrics.features import length


def test_report_matches_scikit_learn():
    from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support

    gold = ["a", "b", "c", "a", "b", "a", "c", "c", "b", "a"]
    pred = ["a", "c", "c", "a", "b", "b", "c", "a", "b", "a"]
    got = report(pred, gold)
    assert got["accuracy"] == pytest.approx(accuracy_score(gold, pred))
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="macro", zero_division=0)
    assert (got["macro"]["p"], got["macro"]["r"], got["macro"]["f"]) == pytest.approx((p, r, f))
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="micro", zero_division=0)
    assert (got["micro"]["p"], got["micro"]["r"], got["micro"]["f"]) == pytest.approx((p, r, f))
    assert got["confusion"]["labels"] == ["a", "b", "c"]
    assert got["confusion"]["matrix"] == confusion_matrix(gold, pred, labels=["a", "b", "c"]).tolist()


def test_binary_positive_class_matches_scikit_learn():
    from sklearn.metrics import precision_recall_fscore_support

    gold = [1, 0, 1, 1, 0, 0, 1, 0]
    pred = [1, 1, 0, 1, 0, 0, 0, 1]
    got = report(pred, gold)["binary"]
    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="binary", pos_label=1)
    assert (got["p"], got["r"], got["f"]) == pytest.approx((p, r, f))
    # a class never predicted: precision 0, not an error
    assert binary_prf([False, False], [True, False]) == {"tp": 0, "fp": 0, "fn": 1, "p": 0.0, "r": 0.0, "f": 0.0}


def test_review_critique_llm_reviews_all_deficient_baseline():
    # ReviewCritique_LLM: 226 of 1,610 segments deficient (specs/seed-aaar.md §7);
    # flagging everything gives P = 226/1610, R = 1
    rows = [json.loads(line) for line in (EXTERNAL / "aaar" / "ReviewCritique_LLM.segments.jsonl").open()]
    gold = [bool(r["deficient"]) for r in rows]
    got = binary_prf([True] * len(gold), gold)
    assert len(gold) == 1610 and got["tp"] == 226
    assert got["p"] == pytest.approx(226 / 1610) and got["r"] == 1.0


def test_length_features_hand_and_paperrq_baseline():
    assert length("We propose X. It works well!") == {"chars": 28, "words": 6, "sentences": 2}
    assert length("") == {"chars": 0, "words": 0, "sentences": 0}
    from scipy.stats import spearmanr

    rows = [json.loads(line) for line in (EXTERNAL / "paperrq" / "dataset.jsonl").open(encoding="utf-8")]
    feats = [length(r["rq"]) for r in rows]
    # specs/seed-rq.md §4.4: RQ length (chars) rho = 0.435 / 0.474 / 0.314; (words) 0.426 / 0.443 / 0.286
    expected = {"problem": (0.435, 0.426), "method": (0.474, 0.443), "format": (0.314, 0.286)}
    for aspect, (rc, rw) in expected.items():
        human = [r["human"][aspect] for r in rows]
        assert spearmanr([f["chars"] for f in feats], human)[0] == pytest.approx(rc, abs=5e-4)
        assert spearmanr([f["words"] for f in feats], human)[0] == pytest.approx(rw, abs=5e-4)
