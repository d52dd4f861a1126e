"""Processes on the Redis backend share calls; a server that dies mid-run costs calls, not records.

Real processes (the toy LLM command of tests/test_llm_cli.py, run as ``python
tests/test_llm_cli.py``) against the scripted OpenAI server and a real redis-server started by
the test.  What is chosen and documented (docs/scale.md, scholartools/llm/cache_redis.py): a
server unreachable at the start is a usage error (exit 2); a server lost mid-run is reported once
on stderr and the run finishes without a cache, every record written.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time

import orjson

from redis_server import RedisServer, redis_server  # noqa: F401 (fixture)
from test_llm_cli import HERE, ROOT, run, score_reply

RECS = [{"id": f"r{i}", "text": f"shared text {i}"} for i in range(24)]
TEMPLATE = "Rate the clarity of this text from 1 to 5.\n\n{{text}}"


def expected(rec):
    return len(TEMPLATE.replace("{{text}}", rec["text"])) % 5 + 1


def start(url, cache, records=RECS, extra=()):
    env = dict(os.environ, PYTHONPATH=ROOT, ST_LLM_BACKOFF_BASE="0.01", ST_MODEL="openai/test-model", ST_CACHE=cache)
    env.pop("OPENAI_API_KEY", None)
    p = subprocess.Popen([sys.executable, HERE, "--api-base", url, "--max-concurrency", "4", *extra],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    p.stdin.write(b"".join(orjson.dumps(r) + b"\n" for r in records))
    p.stdin.close()
    p.stdin = None
    return p


def finish(p, timeout=180):
    out, err = p.communicate(timeout=timeout)
    return p.returncode, [orjson.loads(line) for line in out.splitlines()], err.decode()


def test_a_second_process_makes_none_of_the_first_process_calls(openai_server, redis_server):
    openai_server.reply(score_reply)
    code, recs, err = finish(start(openai_server.url, redis_server.url))       # a real process
    assert code == 0, err
    assert openai_server.calls == 24 and [r["clarity"]["value"] for r in recs] == [expected(r) for r in RECS]
    # the second run (in this process: a fresh client, a fresh connection) is all Redis hits
    code, recs2, err = run(["--api-base", openai_server.url, "--max-concurrency", "4"], records=RECS,
                           env={"ST_MODEL": "openai/test-model", "ST_CACHE": redis_server.url})
    assert code == 0, err
    assert openai_server.calls == 24
    assert [r["clarity"] for r in recs2] == [r["clarity"] for r in recs]
    assert all(r["provenance"][-1]["cache_hits"] == 1 and r["provenance"][-1]["calls"] == 0 for r in recs2)


def test_two_processes_at_once_ask_each_request_once(openai_server, redis_server):
    # slow replies so that both processes want the same keys while they are being asked
    openai_server.reply(score_reply)
    openai_server.latency = 0.3
    procs = [start(openai_server.url, redis_server.url) for _ in range(2)]
    results = [finish(p) for p in procs]
    assert all(code == 0 for code, _, _ in results), results[0][2] + results[1][2]
    assert openai_server.calls == 24                                 # claims in Redis merged the rest
    for _, recs, _ in results:
        assert [r["clarity"]["value"] for r in recs] == [expected(r) for r in RECS]
    calls = sum(r["provenance"][-1]["calls"] for _, recs, _ in results for r in recs)
    assert calls == 24


def test_server_killed_mid_run_loses_no_record(openai_server, redis_server):
    openai_server.reply(score_reply)
    openai_server.latency = 0.1
    p = start(openai_server.url, redis_server.url, extra=["--max-concurrency", "1"])
    deadline = time.time() + 120
    while openai_server.calls < 5 and time.time() < deadline:
        time.sleep(0.02)
    redis_server.kill()
    code, recs, err = finish(p)
    assert code == 0, err
    assert [r["id"] for r in recs] == [r["id"] for r in RECS]        # every record, in order
    assert [r["clarity"]["value"] for r in recs] == [expected(r) for r in RECS]
    assert "unreachable" in err and redis_server.url.split("//")[1].split("/")[0] in err
    assert err.count("unreachable") == 1 and "Traceback" not in err


def test_unreachable_server_at_start_is_a_usage_error(openai_server):
    srv = RedisServer()   # a free port with nothing listening
    code, recs, err = run(["--api-base", openai_server.url], records=RECS[:2],
                          env={"ST_MODEL": "openai/test-model", "ST_CACHE": srv.url})
    assert code == 2 and recs == [] and openai_server.calls == 0
    assert srv.url in err and "--no-cache" in err
