"""st-judge's AAAR-1.0 tasks (critique, entail, equation; specs/seed-aaar.md §1.3, §2.4, §4) and
CLAIMCHECK tasks (compare3, prefer, labels; specs/seed-claimcheck.md §3.2-3.3) against the
scripted server, each piped into the st-score metric that reads it."""
from __future__ import annotations

import json
import re

import pytest

from judge_helpers import content, dry_run_calls, judge, score

# --------------------------------------------------------------------------- critique

SEGMENTS = [
    {"paper_idx": 0, "review_model": "m1", "segment_id": k, "title": "Paper Zero", "segment_text": t, "deficient": d}
    for k, (t, d) in enumerate([("Summary of the paper.", False), ("The method is vague and wrong.", True),
                                ("The experiments are vague.", False), ("The related work is fine.", False)])
] + [
    {"paper_idx": 1, "review_model": "m1", "segment_id": k, "title": "Paper One", "segment_text": t, "deficient": d}
    for k, (t, d) in enumerate([("This claim is wrong.", True), ("Clear writing.", False)])
]


def segments_of(prompt: str) -> list[str]:
    return re.findall(r"^\[\d+\] (.*)$", prompt, re.M)


def critique_server(body):
    p = content(body)
    segs = segments_of(p)
    if "Label every segment" in p:   # Labeling-All: "vague" is deficient
        return json.dumps([{"id": k, "deficient": "vague" in s, "explanation": f"about segment {k}"}
                           for k, s in enumerate(segs, 1)])
    return json.dumps([{"id": k, "explanation": "wrong"} for k, s in enumerate(segs, 1) if "wrong" in s])


@pytest.mark.parametrize("style,expected", [
    ("all", [False, True, True, False, False, False]),
    ("select", [False, True, False, False, True, False]),
    ("both-no", [False, True, False, False, False, False]),
    ("either-no", [False, True, True, False, True, False]),
])
def test_critique_styles(openai_server, style, expected):
    openai_server.reply(critique_server)
    code, recs, err = judge(["--task", "critique", "--style", style], SEGMENTS, openai_server)
    assert code == 0, err
    assert [r["prediction"] for r in recs] == expected
    n_styles = 2 if style in ("both-no", "either-no") else 1
    assert openai_server.calls == 2 * n_styles                 # one call per review and style
    assert [r["judge"]["segment"] for r in recs] == [1, 2, 3, 4, 1, 2]
    assert recs[0]["deficient"] is False and recs[0]["segment_text"] == "Summary of the paper."
    # hand-computed against the gold "deficient" flags (positives: segments 2 of review 0 and 1 of review 1)
    tp = sum(p and g["deficient"] for p, g in zip(expected, SEGMENTS))
    fp = sum(p and not g["deficient"] for p, g in zip(expected, SEGMENTS))
    fn = sum(not p and g["deficient"] for p, g in zip(expected, SEGMENTS))
    code, scored, err = score(["--metric", "critique-prf", "--aggregate", "--summary-only"], recs)
    assert code == 0, err
    prf = scored[-1]["scores"]["critique-prf"]
    assert prf["p"] == pytest.approx(tp / (tp + fp)) and prf["r"] == pytest.approx(tp / (tp + fn))


def test_critique_prompt_and_explanation(openai_server):
    openai_server.reply(critique_server)
    code, recs, err = judge(["--task", "critique"], SEGMENTS[:4], openai_server)
    p = content(openai_server.requests[0])
    assert "Paper title: Paper Zero" in p and "[2] The method is vague and wrong." in p and "4 numbered segments" in p
    assert recs[1]["judge"]["explanation"] == "about segment 2"
    assert recs[1]["judge"]["templates"][0]["name"] == "judge_critique_all"


def test_critique_reads_a_reviews_paper_from_the_segment_that_carries_it(openai_server):
    """A review's paper may come with one of its segments only (datasets.reviewcritique_segments
    gives it with the first): every segment of that review is judged with it, once."""
    openai_server.reply(critique_server)
    segs = [dict(s) for s in SEGMENTS[:4]]
    segs[2]["body_text"] = "We study vague methods in depth."
    code, recs, err = judge(["--task", "critique"], segs, openai_server)
    assert code == 0, err
    assert openai_server.calls == 1
    p = content(openai_server.requests[0])
    assert "We study vague methods in depth." in p and "(not given" not in p


def test_critique_incomplete_labels_keep_what_was_labelled(openai_server):
    openai_server.reply(json.dumps([{"id": 1, "deficient": False, "explanation": "ok"}]))
    code, recs, err = judge(["--task", "critique"], SEGMENTS[:4], openai_server)
    assert code == 0, err
    assert openai_server.calls == 2                            # re-asked once for the missing labels
    assert recs[0]["prediction"] is False
    assert [r["prediction"] for r in recs[1:]] == [None, None, None]
    assert recs[1]["judge"]["unscored_reason"] == "parse_failure"


def test_critique_review_key_missing_is_an_error_record(openai_server):
    openai_server.reply(critique_server)
    recs_in = [dict(SEGMENTS[0]), {k: v for k, v in SEGMENTS[1].items() if k != "review_model"}]
    code, recs, err = judge(["--task", "critique"], recs_in, openai_server)
    assert code == 1 and recs[1]["error"]["field"] == "review_model" and recs[0]["prediction"] is False
    code, recs, err = judge(["--task", "critique", "--review-key", "paper_idx"], recs_in, openai_server)
    assert code == 0 and [r["judge"]["segment"] for r in recs] == [1, 2]


# --------------------------------------------------------------------------- entail

EXP = [{"id": "X1", "prediction": {"experiments": ["Ablate the attention layer.", "Compare with BM25 retrieval.",
                                                   "Visualise embeddings."]},
        "experiments": ["1. Compare retrieval against BM25.", "2. Ablation of attention.", "3. Human evaluation."]}]
TOPICS = ("attention", "bm25", "visualis", "human")


def entail_server(body):
    p = content(body)
    item = re.search(r"\nP1: (.*)\nP2:\n", p).group(1)
    rest = p.split("\nP2:\n")[-1]
    return "1" if any(t in item.lower() and t in rest.lower() for t in TOPICS) else "0"


def test_entail_both_directions_then_en_prf(openai_server):
    openai_server.reply(entail_server)
    code, recs, err = judge(["--task", "entail"], EXP, openai_server)
    assert code == 0, err
    assert openai_server.calls == 3 + 3
    rec = recs[0]
    assert rec["prediction_entailed"] == [1, 1, 0] and rec["gold_entailed"] == [1, 1, 0]
    assert rec["judge"]["precision_side"][2]["raw"] == "0"
    code, scored, err = score(["--metric", "en-prf"], recs)
    s = scored[0]["scores"]["en-prf"]
    assert (s["p"], s["r"]) == (pytest.approx(2 / 3), pytest.approx(2 / 3))


def test_entail_strict_and_aaar_parsers(openai_server):
    openai_server.reply("The answer is 1, since both compare with BM25.")
    code, recs, err = judge(["--task", "entail"], EXP, openai_server)
    assert recs[0]["prediction_entailed"] == [None] * 3 and recs[0]["judge"]["n_unscored"] == 6
    code, recs, err = judge(["--task", "entail", "--parser", "paper"], EXP, openai_server)
    assert recs[0]["prediction_entailed"] == [1, 1, 1]


def test_entail_empty_prediction_asks_nothing():
    recs_in = [{"id": "E", "prediction": {"experiments": []}, "experiments": ["a", "b"]}]
    code, recs, err = judge(["--task", "entail", "--model", "openai/x", "--api-base", "http://127.0.0.1:9/v1",
                             "--no-cache"], recs_in)
    assert code == 0 and recs[0]["prediction_entailed"] == [] and recs[0]["gold_entailed"] == [0, 0]


# --------------------------------------------------------------------------- equation

def eq_items():
    before = " ".join(f"b{k}" for k in range(1500))
    after = " ".join(f"a{k}" for k in range(1500))
    cands = [("E = mc^2", 1), ("E = mc^3", 0), ("E = m c", 0), ("x = y", 0)]
    return [{"id": f"eq1#c{k}", "paper_id": "eq1", "equation_id": "eq1", "context_before": before,
             "context_after": after, "candidate": c, "label": g, "positive": "E = mc^2"}
            for k, (c, g) in enumerate(cands)]


def test_equation_context_cut_verdicts_and_format_failures(openai_server):
    replies = {"E = mc^2": "1", "E = mc^3": "1", "E = m c": "0", "x = y": "I think it might be right."}
    openai_server.reply(lambda body: replies[re.search(r"### Candidate equation\n(.*)\n", content(body)).group(1)])
    code, recs, err = judge(["--task", "equation"], eq_items(), openai_server)
    assert code == 0, err
    p = content(openai_server.requests[0])
    before = p.split("### Context before\n")[1].split("\n")[0].split()
    after = p.split("### Context after\n")[1].split("\n")[0].split()
    assert len(before) == 1000 and before[0] == "b500" and before[-1] == "b1499"
    assert len(after) == 1000 and after[0] == "a0" and after[-1] == "a999"
    assert openai_server.requests[0]["messages"][0]["role"] == "system"
    assert [r["prediction"] for r in recs] == [1, 1, 0, None]
    assert recs[3]["judge"]["format_failure"] is True and recs[0]["judge"]["format_failure"] is False
    code, scored, err = score(["--metric", "eqinfer", "--aggregate", "--summary-only"], recs)
    s = scored[-1]["scores"]["eqinfer"]
    # decisions: TP (c0), FP (c1), TN (c2), format failure on a negative -> forced wrong -> FP
    assert s["p"] == pytest.approx(1 / 3) and s["r"] == pytest.approx(1.0) and s["f"] == pytest.approx(0.5)


# --------------------------------------------------------------------------- compare3

PAIRS = [{"id": "w1", "claim": "Our model is state of the art.", "reviewer_weakness": "No significance test.",
          "weakness": "The gains are within noise; no statistical test is reported."}]


@pytest.mark.parametrize("reply,label", [
    ("Both say the evidence is weak.\nVerdict: similar", "similar"),
    ("They raise the same point: no significance testing.\nVerdict: **same**", "same"),
    ("These are different issues.", "different"),
    ("Not the same; rather similar.", None),        # two labels and no verdict line: unscored
])
def test_compare3(openai_server, reply, label):
    openai_server.reply(reply)
    code, recs, err = judge(["--task", "compare3"], PAIRS, openai_server)
    assert code == 0, err
    assert recs[0]["judge"]["label"] == label and recs[0]["judge"]["raw"] == reply
    p = content(openai_server.requests[0])
    assert "No significance test." in p and "within noise" in p and "state of the art" in p


# --------------------------------------------------------------------------- prefer

EDITS = [{"id": "e1", "claim": ["Claim3: X beats Y on all benchmarks."], "weakness": "The results are not convincing.",
          "rewritten_weakness": "Table 2 shows X beats Y on only 2 of 5 benchmarks, so Claim 3 overstates "
                                "the results."}]


def test_prefer_both_orders(openai_server):
    def longer(body):
        p = content(body)
        a = p.split("Weakness A:\n")[1].split("\n\nWeakness B:")[0]
        b = p.split("Weakness B:\n")[1].split("\n\nWhich version")[0]
        return "B is more precise.\nVerdict: B" if len(b) > len(a) else "Verdict: A"

    openai_server.reply(longer)
    code, recs, err = judge(["--task", "prefer"], EDITS, openai_server)
    assert code == 0, err
    assert openai_server.calls == 2 and recs[0]["preference"] == "win" and recs[0]["judge"]["consistent"] is True
    assert [o["verdict"] for o in recs[0]["judge"]["orders"]] == ["B", "A"]
    openai_server.reply("Verdict: B")                            # always the second position: position bias
    code, recs, err = judge(["--task", "prefer"], EDITS, openai_server)
    assert recs[0]["preference"] == "tie" and recs[0]["judge"]["consistent"] is False
    openai_server.reply("Verdict: a tie")
    code, ties, err = judge(["--task", "prefer", "--orders", "one"], EDITS, openai_server)
    assert ties[0]["preference"] == "tie"
    openai_server.reply("Weakness A is better.")                 # no verdict line
    code, none, err = judge(["--task", "prefer", "--orders", "one"], EDITS, openai_server)
    assert none[0]["preference"] is None and none[0]["judge"]["unscored_reason"] == "parse_failure"
    code, scored, err = score(["--metric", "win-tie-loss", "--aggregate", "--summary-only"], recs + ties)
    s = scored[-1]["scores"]["win-tie-loss"]
    assert s["tie"] == 1.0 and s["n"] == 2


# --------------------------------------------------------------------------- labels

def label_reply(**over):
    obj = {"objectivity_reasoning": "cites Table 2", "objectivity": 4, "agreement_reasoning": "valid", "agreement": "5",
           "types_reasoning": "missing tests", "types": {"insufficient": True, "contradictory": False,
                                                          "novelty": False, "clarity": False, "related_work": False,
                                                          "other": False}}
    obj.update(over)
    return json.dumps(obj)


def test_labels(openai_server):
    openai_server.reply(label_reply())
    code, recs, err = judge(["--task", "labels"], EDITS, openai_server)
    assert code == 0, err
    j = recs[0]["judge"]
    assert (j["objectivity"], j["agreement"], j["type_list"]) == (4, 5, ["insufficient"])
    assert j["reasoning"]["objectivity"] == "cites Table 2"
    p = content(openai_server.requests[0])
    assert "Claim3: X beats Y" in p and "Review:\n(not given)" in p


@pytest.mark.parametrize("bad", [
    label_reply(types={"insufficient": False, "contradictory": False, "novelty": False, "clarity": False,
                       "related_work": False, "other": False}),
    label_reply(objectivity=7),
    label_reply(types={"insufficient": True}),
    "Objectivity 4, agreement 5.",
])
def test_labels_unreadable_is_unscored(openai_server, bad):
    openai_server.reply(bad)
    code, recs, err = judge(["--task", "labels"], EDITS, openai_server)
    assert code == 0 and openai_server.calls == 2
    j = recs[0]["judge"]
    assert j["objectivity"] is None and j["types"] is None and j["unscored_reason"] == "parse_failure"
    assert j["raw"] == bad


# --------------------------------------------------------------------------- command-level checks

def test_dry_run_counts_of_the_other_tasks(openai_server):
    code, _, err = judge(["--task", "critique", "--style", "either-no", "--dry-run"], SEGMENTS, openai_server)
    assert dry_run_calls(err) == 2 * 2
    code, _, err = judge(["--task", "entail", "--dry-run"], EXP, openai_server)
    assert dry_run_calls(err) == 6
    code, _, err = judge(["--task", "prefer", "--dry-run"], EDITS, openai_server)
    assert dry_run_calls(err) == 2 and openai_server.calls == 0


def test_usage_errors():
    code, _, err = judge(["--task", "critique", "--variants", "2"], SEGMENTS)
    assert code == 2 and "--variants: not an option of --task critique" in err
    code, _, err = judge(["--task", "equation", "--method", "embed"], [])   # the old name of offline
    assert code == 2 and "--method offline: task 'equation' of st-judge has no offline method" in err
    code, _, err = judge(["--task", "labels"], EDITS)
    assert code == 2 and "--model" in err
    code, _, err = judge(["--task", "match", "--parser", "paper"], [])
    assert code == 2 and "--parser" in err
