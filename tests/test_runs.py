"""Repeated runs (``--runs N``, issue 34 item 4): AAAR reports the median of 3 runs (§4),
CLAIMCHECK the mean over seeds 0/42/2025 (App. C.1). Each run is asked under its own seed, so it
is cached separately; the record fans out into one child per run; a record already in a run runs
once; dry runs count every run; ``st-score --aggregate`` combines the runs' summaries as the
paper does and keeps each run's. Defaults are the papers' counts: a drift fails here."""
from __future__ import annotations

import re

import pytest

from judge_helpers import content, dry_run_calls, judge, score
from test_judge_aaar_claimcheck import eq_items


def _equation_server(server, by_seed):
    """Replies to the EqInfer judge that depend on the run's seed: {seed: {candidate: reply}}."""
    def reply(body):
        cand = re.search(r"### Candidate equation\n(.*)\n", content(body)).group(1)
        return by_seed[body.get("seed")].get(cand, "0")
    server.reply(reply)


def test_paper_run_counts_are_the_task_defaults():
    from scholartools.tasks import get

    for command, name in (("st-judge", "equation"), ("st-judge", "critique"), ("st-generate", "experiments"),
                          ("st-generate", "explanations"), ("st-generate", "weaknesses")):
        t = get(command, name)
        assert (t.runs, t.combine) == (3, "median"), name                              # AAAR §4
    for command, name in (("st-claims", "associate"), ("st-generate", "claim-weakness"), ("st-judge", "labels")):
        t = get(command, name)
        assert (t.runs, t.run_seeds, t.combine) == (3, (0, 42, 2025), "mean"), name      # CLAIMCHECK App. C.1
    assert get("st-generate", "weakness-edit").runs == 1      # CLAIMCHECK Table 6: "a single run"
    assert get("st-judge", "rate").runs == 1                   # PaperRQ's main tables: one trial
    assert get("st-judge", "match").runs == 1                  # BAGELS: one run


def test_three_runs_by_default_each_seeded_cached_and_fanned_out(openai_server, tmp_path):
    items = eq_items()[:3]
    _equation_server(openai_server, {0: {"E = mc^2": "1"}, 1: {"E = mc^2": "1", "E = mc^3": "1"},
                                     2: {"E = mc^2": "0"}})
    cache = tmp_path / "c.sqlite"
    code, recs, err = judge(["--task", "equation", "--runs", "3"], items, openai_server, cache)
    assert code == 0, err
    assert openai_server.calls == 3 * len(items)
    assert sorted({r.get("seed") for r in openai_server.requests}) == [0, 1, 2]   # a seed per run, sent
    assert [r["id"] for r in recs[:3]] == [f"{items[0]['id']}#r{k}" for k in range(3)]
    assert {(r["run"], r["run_seed"], r["runs"], r["combine"]) for r in recs} == {
        (k, k, 3, "median") for k in range(3)}
    assert all(r["parent_id"] in {i["id"] for i in items} for r in recs)
    assert recs[0]["provenance"][-1]["runs"] == {"n": 3, "seeds": [0, 1, 2], "combine": "median", "paper": 3,
                                                 "source": "AAAR §4 (each model run three times, the median reported)"}
    # each run cached under its own key: all hits now; --runs 1 is run 0 of them
    code, again, err = judge(["--task", "equation", "--runs", "3"], items, openai_server, cache)
    assert openai_server.calls == 3 * len(items) and [r["prediction"] for r in again] == [r["prediction"] for r in recs]
    # the median of the three runs' P/R/F1, each run's kept
    code, scored, err = score(["--metric", "eqinfer", "--aggregate", "--summary-only"], recs)
    agg = scored[-1]
    per_run = [r["scores"]["eqinfer"]["f"] for r in agg["runs"]]
    assert agg["combine"] == "median" and len(per_run) == 3
    assert agg["scores"]["eqinfer"]["f"] == pytest.approx(sorted(per_run)[1])
    code, scored, err = score(["--metric", "eqinfer", "--aggregate", "--summary-only", "--combine", "mean"], recs)
    assert scored[-1]["scores"]["eqinfer"]["f"] == pytest.approx(sum(per_run) / 3)


def test_the_default_is_the_papers_count_and_runs_1_the_cheap_trial(openai_server):
    items = eq_items()[:2]
    openai_server.reply("1")
    code, recs, err = judge(["--task", "equation", "--dry-run", "--runs", "3"], items, openai_server)
    assert dry_run_calls(err) == 3 * len(items)                        # plans count every run
    from conftest import invoke
    from scholartools.cli.judge import main

    code, recs, err, _ = invoke(main, ["--task", "equation", "--dry-run", "--model", "openai/test-model",
                                       "--api-base", openai_server.url, "--no-cache"], items)
    assert dry_run_calls(err) == 3 * len(items)                        # no --runs: the paper's 3
    code, recs, err = judge(["--task", "equation", "--dry-run", "--runs", "1"], items, openai_server)
    assert dry_run_calls(err) == len(items) and "run" not in recs[0]


def test_claimcheck_seeds_and_a_record_already_in_a_run_runs_once(openai_server):
    items = eq_items()[:1]
    openai_server.reply("1")
    code, recs, err = judge(["--task", "labels", "--runs", "3", "--dry-run"],
                            [{"id": "w", "weakness": "No test.", "claim": "It works."}], openai_server)
    assert sorted(r["run_seed"] for r in recs) == [0, 42, 2025]          # CLAIMCHECK's seeds
    # a judge after a generator that ran three times: each run's record once, under its seed
    runs = [{**items[0], "id": f"x#r{k}", "run": k, "run_seed": s, "runs": 3, "combine": "median"}
            for k, s in enumerate((0, 1, 2))]
    code, out, err = judge(["--task", "equation", "--runs", "3"], runs, openai_server)
    assert code == 0, err
    assert openai_server.calls == 3 and [r["id"] for r in out] == ["x#r0", "x#r1", "x#r2"]
    assert sorted(r.get("seed") for r in openai_server.requests) == [0, 1, 2]


def test_a_group_task_runs_once_per_seed(openai_server):
    from test_judge_aaar_claimcheck import SEGMENTS, critique_server

    openai_server.reply(critique_server)
    code, recs, err = judge(["--task", "critique", "--runs", "2"], SEGMENTS, openai_server)
    assert code == 0, err
    assert len(recs) == 2 * len(SEGMENTS) and openai_server.calls == 2 * 2   # 2 reviews x 2 runs
    assert sorted({r["run"] for r in recs}) == [0, 1]
