"""AAAR EquationInference, multiple-choice variant: st-judge --task equation-choice and
st-score --metric eqinfer-choice (issue 34 item 6; specs/seed-aaar.md §1.3)."""
from __future__ import annotations

import pytest

from judge_helpers import content, judge, score
from scholartools.metrics.aaar import choice_decision, normalise_answer

OPTIONS = ["E = mc^3", "E = mc^2", "E = m c", "x = y"]


def items():
    before = " ".join(f"b{k}" for k in range(1200))
    after = " ".join(f"a{k}" for k in range(1200))
    return [{"id": f"eq{k}", "context_before": f"{before} item{k}", "context_after": after, "options": OPTIONS,
             "answer": "B"} for k in range(4)]


def test_normalisation_and_exact_match_as_aaar():
    assert normalise_answer(" (B). ") == "b"
    assert choice_decision("(b)", "B")["correct"] is True
    assert choice_decision("B. E = mc^2", "B")["correct"] is False   # anything more than the letter: wrong
    assert choice_decision(None, "B")["correct"] is False              # no reply: wrong
    with pytest.raises(ValueError):
        choice_decision("B", "")


def test_equation_choice_prompt_verdicts_and_accuracy(openai_server):
    replies = {"item0": "B", "item1": "(B).", "item2": "A", "item3": "The answer is B"}
    openai_server.reply(lambda body: replies[content(body).split("\n```\n\n### Context after")[0].split()[-1]])
    code, recs, err = judge(["--task", "equation-choice"], items(), openai_server)
    assert code == 0, err
    # the requests run concurrently: take item0's, whatever its place
    p = next(content(r) for r in openai_server.requests
             if content(r).split("\n```\n\n### Context after")[0].split()[-1] == "item0")
    assert "(A). `E = mc^3`;\n(B). `E = mc^2`;\n(C). `E = m c`;\n(D). `x = y`" in p
    assert "A, B, C, D" in p and "answer" not in p.split("### Options")[1].split("### Your answer")[0]
    before = p.split("### Context before\n```\n")[1].split("\n")[0].split()
    assert len(before) == 1000 and before[0] == "b201" and before[-1] == "item0"
    assert len(openai_server.requests) == 4                 # one call per equation, no re-ask
    assert [r["prediction"] for r in recs] == ["B", "(B).", "A", "The answer is B"]
    assert recs[0]["judge"]["protocol"] == "equation-choice" and recs[0]["judge"]["n_options"] == 4
    code, scored, err = score(["--metric", "eqinfer-choice", "--aggregate"], recs)
    assert code == 0, err
    assert [r["scores"]["eqinfer-choice"]["correct"] for r in scored[:4]] == [True, True, False, False]
    assert scored[-1]["scores"]["eqinfer-choice"] == {"accuracy": 0.5, "n": 4, "n_correct": 2}


def test_equation_choice_needs_a_list_of_options(openai_server):
    openai_server.reply(lambda body: "A")
    rec = {**items()[0], "options": "E = mc^2"}
    code, recs, err = judge(["--task", "equation-choice"], [rec], openai_server)
    assert recs[0]["error"]["field"] == "options" and not openai_server.requests


def test_three_runs_with_their_median_by_default_as_aaar(openai_server):
    """AAAR App. B: "we run each model thrice ... selecting the median result"; the multiple-choice
    variant is no exception. Run 0 answers item 0 right, run 1 items 0-1, run 2 all four: the runs
    score 1/4, 2/4 and 4/4, their median is 1/2 (the mean would be 7/12)."""
    from scholartools.tasks import get

    t = get("st-judge", "equation-choice")
    assert (t.runs, t.combine) == (3, "median")
    seen = {}

    def reply(body):
        item = int(content(body).split("\n```\n\n### Context after")[0].split()[-1][4:])
        seed = body.get("seed")
        seen.setdefault(seed, []).append(item)
        return "B" if item <= seed or seed == 2 else "A"

    openai_server.reply(reply)
    from conftest import invoke
    from scholartools.cli.judge import main

    code, recs, err, _ = invoke(main, ["--task", "equation-choice", "--model", "openai/test-model",   # no --runs
                                       "--api-base", openai_server.url, "--no-cache"], items())
    assert code == 0, err
    assert sorted(seen) == [0, 1, 2] and len(openai_server.requests) == 12   # one call per equation and run
    assert recs[0]["provenance"][-1]["runs"] == {"n": 3, "seeds": [0, 1, 2], "combine": "median", "paper": 3,
                                                 "source": "AAAR §4 (each model run three times, the median reported)"}
    code, scored, err = score(["--metric", "eqinfer-choice", "--aggregate", "--summary-only"], recs)
    assert code == 0, err
    agg = scored[-1]
    assert sorted(r["scores"]["eqinfer-choice"]["accuracy"] for r in agg["runs"]) == [0.25, 0.5, 1.0]
    assert agg["combine"] == "median" and agg["scores"]["eqinfer-choice"]["accuracy"] == 0.5
