"""End to end: st-parse paper.tex | st-eqsynth | (judge verdicts) | st-score --metric eqinfer --aggregate.

st-judge's equation task is built elsewhere; here the judge is scripted: its verdict is added to
each binary record as ``prediction`` (0/1, or a reply that is not 0/1), which is all that
``st-score --metric eqinfer`` needs besides st-eqsynth's ``label``. The expected P/R/F1 are
counted by hand from the script; an all-"correct" judge must give AAAR's all-positive baseline
(§1.4): P 25, R 100, F1 40.
"""
from __future__ import annotations

import pytest
from cli_helpers import run_inprocess as run_cli
from conftest import ROOT

TINY = ROOT / "fixtures" / "latex" / "tiny" / "main.tex"


@pytest.fixture(scope="module")
def items():
    parsed = run_cli("st-parse", [str(TINY)])
    assert parsed.code == 0
    made = run_cli("st-eqsynth", ["--seed", "11", "--max-per-paper", "0"], input=parsed.stdout)
    assert made.code == 0, made.stderr
    return made.records


def _score(records):
    res = run_cli("st-score", ["--metric", "eqinfer", "--aggregate"], records=records)
    assert res.code == 0, res.stderr
    (agg,) = [r for r in res.records if r.get("aggregate")]
    return agg["scores"]["eqinfer"]


def test_items_are_judge_shaped(items):
    assert len(items) == 20   # 5 displays x (1 positive + 3 negatives)
    assert [r["id"] for r in items[:4]] == ["tiny#eq1:c1", "tiny#eq1:c2", "tiny#eq1:c3", "tiny#eq1:c4"]
    for r in items:
        assert {"context_before", "context_after", "candidate", "label", "equation_id"} <= set(r)
    assert sum(r["label"] for r in items) == 5


def test_scripted_judge_gives_the_hand_computed_f1(items):
    judged = []
    first_negative_seen = set()
    for r in items:
        eq = int(r["equation_id"].rsplit("eq", 1)[1])
        if r["label"] == 1:
            pred = 1 if eq <= 3 else 0                       # TP on eq1-3, FN on eq4-5
        elif eq <= 2 and r["equation_id"] not in first_negative_seen:
            first_negative_seen.add(r["equation_id"])
            pred = 1                                          # one FP on eq1 and on eq2
        elif eq == 5 and r["option"] == max(x["option"] for x in items if x["equation_id"] == r["equation_id"]
                                            and x["label"] == 0):
            pred = "I think it is correct"                    # not 0/1: forced wrong, an FP
        else:
            pred = 0
        judged.append({**r, "prediction": pred})
    s = _score(judged)
    # TP 3, FP 3 (two judged 1, one format failure), FN 2: P = 3/6, R = 3/5, F1 = 2·.5·.6/1.1
    assert (s["tp"], s["fp"], s["fn"], s["n"], s["format_failures"]) == (3, 3, 2, 20, 1)
    assert s["p"] == pytest.approx(0.5) and s["r"] == pytest.approx(0.6)
    assert s["f"] == pytest.approx(6 / 11)


def test_all_correct_judge_is_the_all_positive_baseline(items):
    s = _score([{**r, "prediction": 1} for r in items])
    assert round(100 * s["p"], 2) == 25.0 and round(100 * s["r"], 2) == 100.0 and round(100 * s["f"], 2) == 40.0


def test_the_four_commands_end_to_end_with_a_scripted_judge(items, openai_server, tmp_path):
    """st-parse | st-eqsynth | st-judge --task equation | st-score --metric eqinfer --aggregate."""
    labels = {r["candidate"]: r["label"] for r in items}
    positives = [r["candidate"] for r in items if r["label"] == 1]
    wrong_positive = positives[-1]                                  # judged 0: one FN
    negatives = [r["candidate"] for r in items if r["label"] == 0]
    fooled_by = negatives[0]                                        # judged 1: one FP

    def judge(body):
        prompt = body["messages"][-1]["content"]
        cand = prompt.split("### Candidate equation", 1)[1].split("### Your answer", 1)[0].strip()
        if cand == wrong_positive:
            return "0"
        if cand == fooled_by:
            return "1"
        return str(labels[cand])

    openai_server.reply(judge)
    parsed = run_cli("st-parse", [str(TINY)])
    made = run_cli("st-eqsynth", ["--seed", "11", "--max-per-paper", "0"], input=parsed.stdout)
    judged = run_cli("st-judge", ["--task", "equation", "--runs", "1", "--model", "openai/test-model", "--api-base",
                                  openai_server.url, "--cache", str(tmp_path / "c.sqlite")], input=made.stdout,
                     env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert judged.code == 0, judged.stderr
    assert openai_server.calls == len(items)
    scored = run_cli("st-score", ["--metric", "eqinfer", "--aggregate"], input=judged.stdout)
    (agg,) = [r for r in scored.records if r.get("aggregate")]
    s = agg["scores"]["eqinfer"]
    # 5 positives: 4 found (TP 4, FN 1); 15 negatives: 1 judged correct (FP 1)
    assert (s["tp"], s["fp"], s["fn"]) == (4, 1, 1)
    assert s["p"] == pytest.approx(0.8) and s["r"] == pytest.approx(0.8) and s["f"] == pytest.approx(0.8)
