"""st-judge --task rate: PaperRQ's rating protocols (specs/seed-rq.md §3) against the scripted
server — score parsing (strict and the paper's cascade), G-Eval steps and samples, the per-sample
cache, log-probability weighting, BatchEval batch composition, ICE demonstrations, CoAScore,
AutoCalibrate, unscored replies and --dry-run call counts."""
from __future__ import annotations

import itertools
import json
import re
import threading

import pytest

from judge_helpers import content, dry_run_calls, is_repair, judge

ITEMS = [{"id": f"r{k}", "paper_id": f"p{k // 2}", "abstract": f"Abstract of paper {k // 2}.",
          "introduction": f"Introduction of paper {k // 2}.", "rq": f"Can problem {k} be solved by method {k}?",
          "human": {"problem": k % 3, "method": (k + 1) % 3}} for k in range(6)]


def item_no(prompt: str) -> int:
    return int(re.search(r"Can problem (\d+)", prompt).group(1))


def test_direct_writes_score_samples_raw_protocol_and_template(openai_server):
    openai_server.reply(lambda body: f"Score: {item_no(content(body)) % 5 + 1}")
    code, recs, err = judge(["--task", "rate", "--protocol", "direct", "--aspect", "method"], ITEMS, openai_server)
    assert code == 0, err
    assert openai_server.calls == len(ITEMS)
    for k, rec in enumerate(recs):
        j = rec["judge"]
        assert j["score"] == k % 5 + 1 and j["samples"] == [k % 5 + 1] and j["raw"] == [f"Score: {k % 5 + 1}"]
        assert j["protocol"] == "direct" and j["aspect"] == "method" and j["scale"] == [0, 100]   # Wang et al.
        assert j["templates"][0]["name"] == "judge_rate_direct"
        assert rec["human"] == ITEMS[k]["human"] and rec["abstract"] == ITEMS[k]["abstract"]   # passed through
    # requests arrive concurrently: take item 0's by its question, not the first to arrive
    prompt = next(p for p in map(content, openai_server.requests) if item_no(p) == 0)
    assert "Abstract of paper 0.\n\nIntroduction of paper 0." in prompt and "method or hypothesis" in prompt
    assert "from 0 (worst) to 100 (best)" in prompt
    assert recs[0]["provenance"][-1]["protocol"] == "direct" and recs[0]["provenance"][-1]["scale"] == [0, 100]


def test_default_scales_are_the_papers_output_spaces():
    """PaperRQ §3.1 / Table 7: the Wang et al. direct judge answers 0-100; G-Eval and Chiang & Lee 1-5.
    A default drifting from the paper fails here."""
    from scholartools.judge.tasks import RATE

    for protocol, scale in (("direct", (0, 100)), ("geval", (1, 5)), ("analyze-rate", (1, 5)),
                            ("rate-explain", (1, 5))):
        o = RATE.prepare(RATE.make_options(protocol=protocol))
        assert tuple(o.scale) == scale, protocol
    assert tuple(RATE.prepare(RATE.make_options(protocol="direct", scale="1-4")).scale) == (1, 4)   # FM vanilla


def test_strict_and_paper_parsers(openai_server):
    # no label and not a bare number: strict cannot read it; the paper's cascade takes the first integer
    openai_server.reply("The question has 2 parts. Overall I would give it a 4.")
    code, recs, err = judge(["--task", "rate", "--protocol", "direct"], ITEMS[:1], openai_server)
    assert recs[0]["judge"]["score"] is None and recs[0]["judge"]["unscored_reason"] == "parse_failure"
    assert recs[0]["judge"]["raw"] == ["The question has 2 parts. Overall I would give it a 4."]
    assert openai_server.calls == 2                    # the reply and the one repair re-ask
    code, recs, err = judge(["--task", "rate", "--protocol", "direct", "--parser", "paper"], ITEMS[:1], openai_server)
    assert recs[0]["judge"]["score"] == 2 and recs[0]["judge"]["parser"] == "paper"


def test_strict_parser_refuses_a_score_outside_the_scale(openai_server):
    openai_server.reply(lambda body: "Score: 4" if is_repair(body) else "Score: 7")
    code, recs, err = judge(["--task", "rate", "--protocol", "direct", "--scale", "1-5"], ITEMS[:1], openai_server)
    assert recs[0]["judge"]["score"] == 4            # 7 is outside 1-5: re-asked once
    code, recs, err = judge(["--task", "rate", "--protocol", "direct", "--scale", "0-10"], ITEMS[:1], openai_server)
    assert recs[0]["judge"]["score"] == 7


def geval_server(server, scores=(3, 4, 5)):
    """Steps for the steps prompt; for a scoring prompt, the next value of a cycle per item."""
    cycles: dict[int, itertools.cycle] = {}
    lock = threading.Lock()

    def fn(body):
        p = content(body)
        if "Write the evaluation steps" in p:
            return "1. Read the abstract.\n2. Find the problem.\n3. Compare it with the question."
        with lock:
            c = cycles.setdefault(item_no(p), itertools.cycle(scores))
            return str(next(c))
    server.reply(fn)


def test_geval_steps_once_then_n_samples_mean(openai_server, tmp_path):
    geval_server(openai_server)
    code, recs, err = judge(["--task", "rate", "--protocol", "geval", "--samples", "6"], ITEMS[:2], openai_server,
                            tmp_path / "c.sqlite")
    assert code == 0, err
    assert openai_server.calls == 1 + 2 * 6
    j = recs[0]["judge"]
    assert sorted(j["samples"]) == [3, 3, 4, 4, 5, 5] and j["score"] == 4
    assert j["steps"] == ["Read the abstract.", "Find the problem.", "Compare it with the question."]
    scoring = [content(b) for b in openai_server.requests if "Evaluation form" in content(b)]
    assert all("1. Read the abstract.\n2. Find the problem." in p for p in scoring)
    # sampled at temperature 1 (G-Eval), each sample its own request
    assert {b.get("temperature") for b in openai_server.requests if "Evaluation form" in content(b)} == {1.0}
    assert {t["name"] for t in j["templates"]} == {"judge_rate_geval_steps", "judge_rate_geval"}


def test_per_sample_cache_8_after_5_makes_3_new_calls_per_item(openai_server, tmp_path):
    geval_server(openai_server)
    cache = tmp_path / "c.sqlite"
    code, first, err = judge(["--task", "rate", "--protocol", "geval", "--samples", "5"], ITEMS[:3], openai_server,
                             cache)
    assert openai_server.calls == 1 + 3 * 5
    openai_server.requests.clear()
    code, second, err = judge(["--task", "rate", "--protocol", "geval", "--samples", "8"], ITEMS[:3], openai_server,
                              cache)
    assert code == 0, err
    assert openai_server.calls == 3 * 3                    # exactly 3 new samples per item, steps from the cache
    for a, b in zip(first, second):
        assert b["judge"]["samples"][:5] == a["judge"]["samples"] and len(b["judge"]["samples"]) == 8


def test_analyze_rate_and_rate_explain_read_the_rating_line(openai_server):
    def fn(body):
        p = content(body)
        if "Write the evaluation steps" in p:
            return "1. Check the problem."
        k = item_no(p)
        if "First analyse" in p:
            return f"Good: it names the task.\nBad: step 1 is vague.\nRating: {k % 5 + 1}"
        return f"Rating: {k % 5 + 1}\nThe question names problem {k} but not why it matters."
    openai_server.reply(fn)
    for protocol in ("analyze-rate", "rate-explain"):
        code, recs, err = judge(["--task", "rate", "--protocol", protocol, "--samples", "2"], ITEMS[:3], openai_server)
        assert code == 0, err
        assert [r["judge"]["score"] for r in recs] == [1, 2, 3], protocol


def test_logprob_weighted_geval_and_its_cache(openai_server, tmp_path):
    from openai_server import token_logprobs

    geval_server(openai_server, scores=(4,))
    openai_server.logprobs(lambda body, text: token_logprobs({"3": 0.25, "4": 0.5, "5": 0.125, "the": 0.125}, text))
    cache = tmp_path / "c.sqlite"
    args = ["--task", "rate", "--protocol", "geval", "--samples", "1", "--logprobs"]
    code, recs, err = judge(args, ITEMS[:1], openai_server, cache)
    assert code == 0, err
    j = recs[0]["judge"]
    assert j["weighting"] == "logprobs"
    assert j["score"] == pytest.approx((3 * 0.25 + 4 * 0.5 + 5 * 0.125) / 0.875)
    scoring = [b for b in openai_server.requests if "Evaluation form" in content(b)]
    assert scoring[0]["logprobs"] is True and scoring[0]["top_logprobs"] == 20
    openai_server.requests.clear()
    code, again, err = judge(args, ITEMS[:1], openai_server, cache)
    assert openai_server.calls == 0 and again[0]["judge"]["score"] == j["score"]     # log-probs kept in the cache
    openai_server.logprobs(None)
    code, plain, err = judge(args, ITEMS[1:2], openai_server, cache)
    assert plain[0]["judge"]["score"] == 4 and plain[0]["judge"]["weighting"].startswith("none")


def test_batch_eval_composition_and_scores(openai_server):
    from scholartools.judge.rate import compose_batches

    items = [{"id": f"b{k}", "abstract": f"Abstract {k}.", "introduction": "Intro.",
              "rq": f"Can problem {k} be solved by method {k}?"} for k in range(23)]
    asked = []
    lock = threading.Lock()

    def fn(body):
        ks = [int(x) for x in re.findall(r"Can problem (\d+)", content(body))]
        with lock:
            asked.append(ks)
        return json.dumps({"analysis": "compared", "scores": [k % 5 + 1 for k in ks]})

    openai_server.reply(fn)
    code, recs, err = judge(["--task", "rate", "--protocol", "batch", "--batch-size", "10", "--loops", "3"], items,
                            openai_server)
    assert code == 0, err
    assert openai_server.calls == 3 * 3                       # ceil(23 / 10) batches x 3 loops
    # loop 1: consecutive batches of 10, 10, 3; loops 2-3: 23 items dealt into 3 batches of 8, 8, 7
    assert sorted(len(a) for a in asked) == [3, 7, 7, 8, 8, 8, 8, 10, 10]
    for k, rec in enumerate(recs):
        j = rec["judge"]
        assert j["samples"] == [k % 5 + 1] * 3 and j["score"] == k % 5 + 1
        assert [b["loop"] for b in j["batches"]] == [0, 1, 2]
    # loops 2 and 3: every batch mixes quality (rank-dealt), so each spans at least 4 of the 5 score levels
    later = asked[3:]
    assert all(len({k % 5 for k in batch}) >= 4 for batch in later)
    # the composition rule itself, by hand: ranks dealt round-robin into ceil(7/3) = 3 batches
    import random

    means = {0: 1.0, 1: 5.0, 2: 3.0, 3: 2.0, 4: 4.0, 5: 5.0, 6: 1.0}
    batches = compose_batches(list(range(7)), 3, means, random.Random(0))
    assert [sorted(b) for b in batches] == [sorted([1, 2, 6]), sorted([5, 3]), sorted([4, 0])]
    assert compose_batches(list(range(7)), 3, None, random.Random(0)) == [[0, 1, 2], [3, 4, 5], [6]]


def test_batch_eval_malformed_batch_is_unscored_for_that_loop(openai_server):
    openai_server.reply(json.dumps({"analysis": "x", "scores": [3]}))   # wrong length for a batch of 3
    code, recs, err = judge(["--task", "rate", "--protocol", "batch", "--batch-size", "3", "--loops", "1"],
                            ITEMS[:3], openai_server)
    assert code == 0, err
    assert all(r["judge"]["score"] is None and r["judge"]["unscored_reason"] == "parse_failure" for r in recs)
    assert openai_server.calls == 2


def test_ice_demonstrations(openai_server, tmp_path):
    shots = tmp_path / "shots.jsonl"
    pool = [{"id": f"s{k}", "abstract": f"Shot abstract {k}.", "introduction": "Intro.", "rq": f"Shot question {k}?",
             "human": {"problem": k % 3}} for k in range(8)]
    pool.append({**ITEMS[0], "id": "dup-of-r0"})                 # the same source document as r0
    shots.write_text("".join(json.dumps(s) + "\n" for s in pool))
    openai_server.reply("Score: 2")
    code, recs, err = judge(["--task", "rate", "--protocol", "ice", "--shots", str(shots), "--scale", "0-2"],
                            ITEMS[:2], openai_server)
    assert code == 0, err
    prompts = {item_no(content(b)): content(b) for b in openai_server.requests}
    p0 = prompts[0]
    assert p0.count("Score:") == 5 + 1                          # five demonstrations, then the item
    assert "Shot question" in p0 and "Abstract of paper 0." in p0.split("Shot question")[-1]
    assert "dup-of-r0" not in recs[0]["judge"]["shots"] and len(recs[0]["judge"]["shots"]) == 5
    demo_scores = re.findall(r"Shot question (\d+)\?\n\nScore: (\d+)", p0)
    assert len(demo_scores) == 5 and all(int(s) == int(k) % 3 for k, s in demo_scores)
    assert "research question" not in p0.split("Shot question")[0]       # no instruction, aspect or criteria
    code, again, _ = judge(["--task", "rate", "--protocol", "ice", "--shots", str(shots), "--scale", "0-2"],
                           ITEMS[:2], openai_server)
    assert again[0]["judge"]["shots"] == recs[0]["judge"]["shots"]      # seeded by the item id


def test_coascore_chain_sub_aspects_then_target(openai_server):
    def fn(body):
        p = content(body)
        if "list 2 other aspects" in p:
            return json.dumps([{"aspect": "specificity", "definition": "names this paper's problem"},
                               {"aspect": "clarity", "definition": "is easy to read"}])
        if "Related aspects of this text" in p:
            found = re.findall(r": (\d)\n?", p.split("Related aspects of this text")[1].split("Source document")[0])
            return f"Score: {max(int(x) for x in found)}"
        return "Score: 2" if "Aspect: specificity" in p else "Score: 4"

    openai_server.reply(fn)
    code, recs, err = judge(["--task", "rate", "--protocol", "coascore", "--sub-aspects", "2"], ITEMS[:2],
                            openai_server)
    assert code == 0, err
    assert openai_server.calls == 1 + 2 * (2 + 1)
    j = recs[0]["judge"]
    assert [(a["aspect"], a["score"]) for a in j["related_aspects"]] == [("specificity", 2), ("clarity", 4)]
    assert j["score"] == 4


def test_autocalibrate_keeps_the_rubric_that_agrees_with_the_humans(openai_server, tmp_path):
    pool = [{"id": f"c{k}", "abstract": f"Calib abstract {k}.", "introduction": "Intro.",
             "rq": f"Can problem {100 + k} be solved by method {k}?", "human": {"problem": [0, 2, 1, 2, 0, 1][k]}}
            for k in range(6)]
    shots = tmp_path / "pool.jsonl"
    shots.write_text("".join(json.dumps(s) + "\n" for s in pool))
    human = {100 + k: s["human"]["problem"] for k, s in enumerate(pool)}
    drafts = itertools.count(1)

    def fn(body):
        p = content(body)
        if "Infer the criteria" in p:
            return f"<criteria>RUBRIC-{next(drafts)}</criteria>"
        if "Revise the rubric" in p:
            return "<criteria>RUBRIC-R</criteria>"
        k = item_no(p)
        rubric = re.search(r"RUBRIC-(\w)", p).group(1)
        truth = human.get(k, k % 3)
        if rubric == "2":
            return f"Score: {truth}"                       # agrees with the humans
        if rubric == "R":
            return "Score: 1"                              # constant: no correlation
        return f"Score: {2 - truth}"                       # disagrees

    openai_server.reply(fn)
    code, recs, err = judge(["--task", "rate", "--protocol", "autocalibrate", "--shots", str(shots), "--scale", "0-2",
                             "--candidates", "3", "--calibration-size", "6", "--n-shots", "3",
                             "--max-concurrency", "1"], ITEMS[:3], openai_server)
    assert code == 0, err
    cal = recs[0]["judge"]["calibration"]
    assert cal["chosen"] == "draft 2" and cal["criteria"] == "RUBRIC-2"
    assert [c["spearman"] for c in cal["candidates"]] == [pytest.approx(-1.0), pytest.approx(1.0), pytest.approx(-1.0)]
    assert cal["refined_spearman"] is None
    assert [r["judge"]["score"] for r in recs] == [0, 1, 2]      # k % 3 through RUBRIC-2
    # 3 drafts + 3x6 calibration scores + 1 refinement + 6 rescored + 3 items
    assert openai_server.calls == 3 + 18 + 1 + 6 + 3


def test_dry_run_counts_of_the_protocols(openai_server):
    code, recs, err = judge(["--task", "rate", "--protocol", "geval", "--samples", "20", "--dry-run"], ITEMS,
                            openai_server)
    assert dry_run_calls(err) == 1 + 6 * 20 and openai_server.calls == 0
    assert all(r["judge"]["score"] is None and r["judge"]["unscored_reason"] == "dry_run" for r in recs)
    items = [{"id": f"b{k}", "abstract": f"A{k}", "introduction": "I", "rq": f"Q{k}"} for k in range(23)]
    code, recs, err = judge(["--task", "rate", "--protocol", "batch", "--dry-run"], items, openai_server)
    assert dry_run_calls(err) == 3 * 3
    code, recs, err = judge(["--task", "rate", "--protocol", "direct", "--samples", "4", "--dry-run"], ITEMS,
                            openai_server)
    assert dry_run_calls(err) == 6 * 4


def test_rate_usage_errors(openai_server, tmp_path):
    code, _, err = judge(["--task", "rate", "--protocol", "ice"], ITEMS, openai_server)
    assert code == 2 and "--shots" in err
    code, _, err = judge(["--task", "rate", "--aspect", "fluency"], ITEMS, openai_server)
    assert code == 2 and "--criteria" in err
    crit = tmp_path / "crit.json"
    crit.write_text(json.dumps({"fluency": "Fluency: is the question grammatical?"}))
    openai_server.reply("Score: 5")
    code, recs, err = judge(["--task", "rate", "--aspect", "fluency", "--criteria", str(crit)], ITEMS[:1],
                            openai_server)
    assert code == 0 and "is the question grammatical" in content(openai_server.requests[0])
    code, _, err = judge(["--task", "rate", "--protocol", "analyze-rate", "--logprobs"], ITEMS, openai_server)
    assert code == 2 and "--logprobs" in err
    code, _, err = judge(["--task", "rate", "--scale", "5-1"], ITEMS, openai_server)
    assert code == 2 and "--scale" in err
    code, _, err = judge(["--task", "rate"], ITEMS)
    assert code == 2 and "--model" in err
    code, recs, err = judge(["--task", "rate", "--summary", "missing"], ITEMS[:1], openai_server)
    assert code == 1 and recs[0]["error"]["kind"] == "missing_field" and recs[0]["error"]["field"] == "missing"


def test_geval_steps_are_shared_by_every_item_without_a_cache(openai_server):
    steps = itertools.count(1)

    def fn(body):
        if "Write the evaluation steps" in content(body):
            return f"1. Step version {next(steps)}."
        return "3"

    openai_server.reply(fn)
    items = [dict(ITEMS[0], id=f"x{k}", rq=f"Can problem {k} be solved?") for k in range(40)]
    code, recs, err = judge(["--task", "rate", "--protocol", "geval", "--samples", "1", "--max-concurrency", "1"],
                            items, openai_server)
    assert code == 0, err
    # without a cache, records waiting for a free slot may ask again, but every item uses the first answer
    assert {tuple(r["judge"]["steps"]) for r in recs} == {("Step version 1.",)}
