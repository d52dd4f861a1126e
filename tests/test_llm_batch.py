"""``--batch-api submit | collect | wait`` against the scripted server's /v1/files and /v1/batches.

The real stack (our client → litellm's files and batches API → HTTP) with nothing mocked: the
server answers each batch line with the same reply function as a direct call, so a batch run
and a direct run must give the same records, and every direct call that a batch saved shows in
``openai_server.calls`` (direct calls only; batch lines are counted in ``batch_requests``).
"""
from __future__ import annotations

import sqlite3

import orjson
import pytest
from click.testing import CliRunner

from openai_server import Fault
from scholartools.cli.manpages import load_command
from test_llm_cli import RECS, run, score_reply

MINI = ["--model", "openai/gpt-4o-mini"]
#: the toy command's prompt before the text (tests/test_llm_cli.py)
TEMPLATE_TEXT = "Rate the clarity of this text from 1 to 5.\n\n"


def args(server, cache, *extra):
    return [*MINI, "--api-base", server.url, "--cache", str(cache), *extra]


def strip(recs):
    """Records without their provenance (calls and cache hits differ between runs by design)."""
    return [{k: v for k, v in r.items() if k != "provenance"} for r in recs]


def rows(cache):
    return sqlite3.connect(cache).execute("select count(*) from responses where usable=1").fetchone()[0]


def test_submit_collect_then_rerun_makes_zero_calls_and_gives_the_direct_records(openai_server, tmp_path):
    openai_server.reply(score_reply)
    code, direct, _ = run(args(openai_server, tmp_path / "direct.sqlite"))
    assert code == 0 and openai_server.calls == 6
    openai_server.reset()
    openai_server.reply(score_reply)
    cache = tmp_path / "batch.sqlite"

    code, recs, err = run(args(openai_server, cache, "--batch-api", "submit"))
    assert code == 0, err                                 # records waiting for a batch are not failures
    assert openai_server.calls == 0 and len(openai_server.batches) == 1
    batch_id = next(iter(openai_server.batches))
    assert f"batch {batch_id}: 6 requests submitted" in err and "6 waiting for a provider batch" in err
    assert [r["id"] for r in recs] == [r["id"] for r in RECS]
    assert all(r["error"]["kind"] == "batch_pending" for r in recs)
    lines = openai_server.files[openai_server.batches[batch_id]["input_file_id"]]["content"].splitlines()
    body = orjson.loads(lines[0])
    assert body["url"] == "/v1/chat/completions" and body["body"]["model"] == "gpt-4o-mini"
    assert body["body"]["messages"][0]["content"].endswith(RECS[0]["text"])

    code, recs, err = run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    assert code == 0 and recs == [] and openai_server.calls == 0
    assert f"batch {batch_id}: completed; 6 answers stored in the cache, 0 not" in err
    assert len(openai_server.batch_requests) == 6 and rows(cache) == 6

    code, again, err = run(args(openai_server, cache))
    assert code == 0 and openai_server.calls == 0          # all cache hits
    assert strip(again) == strip(direct)
    assert all(r["provenance"][-1]["cache_hits"] == 1 and r["provenance"][-1]["calls"] == 0 for r in again)


def test_cost_is_recorded_at_the_batch_price(openai_server, tmp_path):
    openai_server.reply("Score: 3")
    cache = tmp_path / "c.sqlite"
    run(args(openai_server, cache, "--batch-api", "submit"), records=RECS[:1])
    run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    pt, ct, cost, resp = sqlite3.connect(cache).execute(
        "select prompt_tokens, completion_tokens, cost, response from responses").fetchone()
    # gpt-4o-mini in litellm's bundled map: batch $0.075 / $0.30 per million (direct: $0.15 / $0.60)
    assert ct == 2 and cost == pytest.approx(pt * 0.075e-6 + ct * 0.30e-6)
    assert orjson.loads(resp)["batch_id"].startswith("batch-")
    direct = tmp_path / "d.sqlite"
    run(args(openai_server, direct), records=RECS[:1])
    assert sqlite3.connect(direct).execute("select cost from responses").fetchone()[0] == pytest.approx(2 * cost)


def test_failed_items_stay_uncached_and_are_exactly_what_the_next_run_asks(openai_server, tmp_path):
    cache = tmp_path / "c.sqlite"
    fail = {RECS[1]["text"], RECS[4]["text"]}
    openai_server.reply(lambda b: Fault.status(500) if any(t in b["messages"][-1]["content"] for t in fail)
                        else score_reply(b))
    run(args(openai_server, cache, "--batch-api", "submit"))
    code, _, err = run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    assert code == 0 and "4 answers stored in the cache, 2 not" in err and "2 HTTP 500 server_error" in err
    assert rows(cache) == 4
    openai_server.reply(score_reply)
    code, recs, err = run(args(openai_server, cache))
    assert code == 0 and openai_server.calls == 2
    assert sorted(p.rsplit(" ", 1)[1] for p in openai_server.prompts) == ["1", "4"]


def test_expired_batch_keeps_what_it_answered_and_the_next_submit_sends_the_rest(openai_server, tmp_path):
    openai_server.reply(score_reply).batch_plan(expire_after=2)
    cache = tmp_path / "c.sqlite"
    run(args(openai_server, cache, "--batch-api", "submit"))
    code, _, err = run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    assert "expired; 2 answers stored in the cache, 4 not" in err and "4 batch_expired" in err
    openai_server.batch_plan()
    code, recs, err = run(args(openai_server, cache, "--batch-api", "submit"))
    assert "4 requests submitted" in err
    assert sum("error" in r for r in recs) == 4 and sum("clarity" in r for r in recs) == 2
    run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    code, recs, _ = run(args(openai_server, cache))
    assert code == 0 and openai_server.calls == 0 and all("clarity" in r for r in recs)


def test_a_running_batch_is_left_for_later_and_never_submitted_twice(openai_server, tmp_path):
    openai_server.reply(score_reply).batch_plan(hold=1)
    cache = tmp_path / "c.sqlite"
    run(args(openai_server, cache, "--batch-api", "submit"))
    code, _, err = run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    assert code == 0 and "in_progress" in err and "not collected yet" in err and rows(cache) == 0
    # submitting again before collecting: the requests wait in the open batch, nothing new is sent
    code, recs, err = run(args(openai_server, cache, "--batch-api", "submit"))
    batch_id = next(iter(openai_server.batches))
    assert len(openai_server.batches) == 1 and "requests submitted" not in err
    assert all(r["error"].get("batch") == batch_id for r in recs)
    code, _, err = run(args(openai_server, cache, "--batch-api", "wait"), records=[], env={"ST_BATCH_POLL": "0"})
    assert "6 answers stored" in err and rows(cache) == 6


def test_a_batch_that_fails_validation_leaves_every_request_for_the_next_run(openai_server, tmp_path):
    openai_server.reply(score_reply).batch_plan(fail="line 1: bad request")
    cache = tmp_path / "c.sqlite"
    run(args(openai_server, cache, "--batch-api", "submit"))
    code, _, err = run(args(openai_server, cache, "--batch-api", "collect"), records=[])
    assert code == 0 and "failed (line 1: bad request); 0 answers stored in the cache, 6 not" in err and rows(cache) == 0
    code, recs, _ = run(args(openai_server, cache))
    assert code == 0 and openai_server.calls == 6


def test_two_round_task_submit_collect_per_round_then_zero_calls(openai_server, tmp_path):
    """st-facets (LLM): round 1 extracts facets, round 2 judges them; a submit never sends a round
    built on answers it does not have, so two submit/collect cycles cover the task."""
    def reply(body):
        text = body["messages"][-1]["content"]
        if "Input1:" in text:
            return "2"
        return '{"background": "Problem P is open.", "method": "We used X.", "result": "Y improved.", "conclusion": ""}'

    pairs = [{"id": f"p{i}", "reference": f"Problem P{i} is open. We used X. Y improved.",
              "candidate": f"We used X{i}. Y improved."} for i in range(3)]
    cmd = load_command("st-facets")

    def facets(cache, *extra):
        r = CliRunner().invoke(cmd, [*args(openai_server, cache), *extra],
                               input=b"".join(orjson.dumps(p) + b"\n" for p in pairs),
                               env={"OPENAI_API_KEY": None, "ST_LLM_BACKOFF_BASE": "0.01"}, catch_exceptions=False)
        return r.exit_code, [orjson.loads(x) for x in r.stdout_bytes.splitlines()], r.stderr

    openai_server.reply(reply)
    code, direct, err = facets(tmp_path / "direct.sqlite")
    assert code == 0, err
    n_direct = openai_server.calls
    # two sides of three pairs extracted; every pair's facets are the same reply, so the judge
    # prompts repeat across pairs: three of them (background, method, result), each asked once
    assert n_direct == 6 + 3
    openai_server.reset()
    openai_server.reply(reply)
    cache = tmp_path / "c.sqlite"
    code, _, err = facets(cache, "--batch-api", "submit")
    assert code == 0 and "6 requests submitted" in err                 # round 1: two sides per pair
    facets(cache, "--batch-api", "collect")
    code, _, err = facets(cache, "--batch-api", "submit")
    judged = n_direct - 6
    assert f"{judged} requests submitted" in err                        # round 2: the judge calls
    facets(cache, "--batch-api", "collect")
    code, recs, err = facets(cache)
    assert code == 0 and openai_server.calls == 0
    assert len(openai_server.batch_requests) == n_direct
    assert strip(recs) == strip(direct)


def test_usage_errors(openai_server, tmp_path):
    code, _, err = run(args(openai_server, tmp_path / "c.sqlite", "--batch-api", "submit", "--dry-run"))
    assert code == 2 and "--dry-run and --batch-api" in err
    code, _, err = run([*MINI, "--api-base", openai_server.url, "--no-cache", "--batch-api", "submit"])
    assert code == 2 and "--no-cache" in err
    code, _, err = run(["--model", "ollama/llama3", "--api-base", openai_server.url, "--cache", str(tmp_path / "c.sqlite"),
                        "--batch-api", "submit"])
    assert code == 2 and "no batch API for 'ollama/llama3'" in err and openai_server.calls == 0


def test_anthropic_message_batches_submit_collect_rerun(openai_server, tmp_path):
    """anthropic/… through Anthropic's Message Batches API (the scripted server speaks it): the
    batch asks what a direct call would (litellm's Anthropic body: model name, text blocks,
    max_tokens), the answers land in the cache at half the --price, failed and expired items
    stay for the next submit."""
    cache = tmp_path / "c.sqlite"
    anth = ["--model", "anthropic/claude-3-5-haiku-20241022", "--api-base", openai_server.root,
            "--cache", str(cache), "--price", "0.8,4"]
    openai_server.reply(lambda b: Fault.status(500) if b["messages"][-1]["content"].endswith(" 2")
                        else score_reply(b)).batch_plan(expire_after=5)
    code, recs, err = run([*anth, "--batch-api", "submit"])
    assert code == 0 and "6 requests submitted" in err and openai_server.calls == 0
    batch_id = next(iter(openai_server.batches))
    assert batch_id.startswith("msgbatch_")
    params = openai_server.batches[batch_id]["_requests"][0]["params"]
    assert params["model"] == "claude-3-5-haiku-20241022" and params["max_tokens"] > 0
    assert params["messages"][0]["content"][0] == {"type": "text", "text": f"{TEMPLATE_TEXT}{RECS[0]['text']}"}

    code, _, err = run([*anth, "--batch-api", "collect"], records=[])
    assert "4 answers stored in the cache, 2 not" in err and "1 errored api_error" in err and "1 expired" in err
    pt, ct, cost, resp = sqlite3.connect(cache).execute(
        "select prompt_tokens, completion_tokens, cost, response from responses limit 1").fetchone()
    assert ct == 2 and cost == pytest.approx(pt * 0.4e-6 + ct * 2e-6)     # half of $0.80 / $4 per million
    assert orjson.loads(resp)["finish_reason"] == "stop"                   # end_turn, mapped as litellm maps it

    openai_server.reply(score_reply).batch_plan()
    code, _, err = run([*anth, "--batch-api", "submit"])
    assert "2 requests submitted" in err
    run([*anth, "--batch-api", "collect"], records=[])
    code, recs, err = run(anth)
    assert code == 0 and openai_server.calls == 0
    assert [r["clarity"]["value"] for r in recs] == [len(TEMPLATE_TEXT + r["text"]) % 5 + 1 for r in RECS]


def test_a_refused_submission_is_a_clear_failure_and_nothing_is_remembered(tmp_path):
    from redis_server import free_port

    cache = tmp_path / "c.sqlite"
    nowhere = f"http://127.0.0.1:{free_port()}/v1"          # nothing listens there
    code, recs, err = run([*MINI, "--api-base", nowhere, "--cache", str(cache), "--batch-api", "submit"],
                          records=RECS[:2])
    assert code == 1 and "submitting the batch of 2 requests failed" in err
    assert sqlite3.connect(cache).execute("select count(*) from batch_items").fetchone()[0] == 0
