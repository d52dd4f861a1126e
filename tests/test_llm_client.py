"""The LLM client through the real stack (LLMClient → litellm → HTTP) against the scripted server.

Nothing of ours is mocked: the server in tests/openai_server.py speaks the OpenAI protocol and
counts the requests it receives, so "zero HTTP calls", "exactly 15 calls", "max 3 in flight"
are observations of the wire, not of our bookkeeping.
"""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from openai_server import Fault
from scholartools.llm import replies
from scholartools.llm.client import LLMClient, LLMConfig, provenance
from scholartools.llm.templates import Template

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = "openai/test-model"


@pytest.fixture(autouse=True)
def fast_backoff(monkeypatch):
    monkeypatch.setenv("ST_LLM_BACKOFF_BASE", "0.01")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ST_API_KEY", raising=False)


def make(server, tmp_path, **kw) -> LLMClient:
    cfg = dict(model=MODEL, api_base=server.url, cache_path=str(tmp_path / "cache.sqlite"), retries=3, timeout=10)
    cfg.update(kw)
    return LLMClient(LLMConfig(**cfg), log=lambda m: None)


def echo(body):
    return "echo: " + body["messages"][-1]["content"]


def test_results_in_input_order_and_rerun_is_served_from_cache(openai_server, tmp_path):
    # variable latency so answers arrive out of order
    openai_server.reply(lambda b: (time.sleep(0.05 * (len(b["messages"][-1]["content"]) % 3)), echo(b))[1])
    c = make(openai_server, tmp_path, max_concurrency=8)
    reqs = [c.request(f"q{i}" + "x" * (i % 5)) for i in range(24)]
    res = c.run(reqs)
    assert [r.text for r in res] == [f"echo: q{i}" + "x" * (i % 5) for i in range(24)]
    assert openai_server.calls == 24 and all(r.calls == 1 and not r.cached for r in res)
    res2 = c.run(reqs)
    assert openai_server.calls == 24                      # zero HTTP calls the second time
    assert [r.text for r in res2] == [r.text for r in res] and all(r.cached for r in res2)
    c.close()
    # a new process-level client (new connection) reads the same file
    c2 = make(openai_server, tmp_path)
    assert c2.run(reqs[:3])[0].cache_hits == 1 and openai_server.calls == 24
    c2.close()


def test_keys_separate_params_samples_templates_and_models(openai_server, tmp_path):
    openai_server.reply(echo)
    c = make(openai_server, tmp_path)
    t1 = Template.from_text("t", "Rate {{x}}")
    t2 = Template.from_text("t", "Rate {{x}} please")   # same name, other text → other hash
    base = c.request(t1.render(x="a"), template=t1)
    variants = [
        base,
        c.request(t1.render(x="a"), template=t1, temperature=0.7),
        c.request(t1.render(x="a"), template=t1, max_tokens=5),
        c.request(t1.render(x="a"), template=t1, sample=1),
        c.request(t1.render(x="a"), template=t2),          # same messages, other template hash
        c.request(t1.render(x="a"), template=t1, model="openai/other-model"),
    ]
    c.run(variants)
    assert openai_server.calls == 6
    c.run([c.request(t1.render(x="a"), template=t1, temperature=0.7)])  # same as variant 2
    assert openai_server.calls == 6
    c.close()
    # a different api_base is a different key too (same model name on another server)
    c3 = LLMClient(LLMConfig(model=MODEL, api_base=openai_server.url + "/", cache_path=str(tmp_path / "cache.sqlite")),
                   log=lambda m: None)
    c3.run([base])
    assert openai_server.calls == 6   # a trailing slash is the same server
    c3.close()


def test_samples_cached_per_index_20_after_5_makes_15_calls(openai_server, tmp_path):
    openai_server.reply(echo)
    c = make(openai_server, tmp_path)
    req = c.request("summarise", temperature=1.0)
    assert len(c.run(req.samples(5))) == 5 and openai_server.calls == 5
    res = c.run(req.samples(20))
    assert openai_server.calls == 20
    assert sum(r.cached for r in res) == 5 and sum(r.calls for r in res) == 15
    assert [r.request.sample for r in res] == list(range(20))
    c.close()


def test_errors_are_never_cached(openai_server, tmp_path):
    openai_server.reply(echo).push(Fault.status(400, message="bad prompt"))
    c = make(openai_server, tmp_path)
    r = c.run([c.request("hello")])[0]
    assert r.error["kind"] == "llm_bad_request" and r.error["attempts"] == 1 and r.text is None
    assert openai_server.calls == 1                       # 400 is not retried
    r2 = c.run([c.request("hello")])[0]
    assert r2.text == "echo: hello" and not r2.cached and openai_server.calls == 2
    # empty replies are errors (retried: retries=3 → 4 attempts), never cached, never a result
    openai_server.reply("")
    e1 = c.run([c.request("empty")])[0]
    e2 = c.run([c.request("empty")])[0]
    assert e1.error["kind"] == e2.error["kind"] == "llm_empty_reply" and e1.error["attempts"] == 4
    assert e1.text is None and not e2.cached
    assert openai_server.calls == 2 + 4 + 4
    rows = sqlite3.connect(tmp_path / "cache.sqlite").execute("select count(*) from responses").fetchone()[0]
    assert rows == 1
    c.close()


def test_concurrency_bound_is_honoured_and_cache_hits_take_no_slot(openai_server, tmp_path):
    openai_server.reply(echo)
    openai_server.latency = 0.1
    c = make(openai_server, tmp_path, max_concurrency=3)
    c.run([c.request(f"p{i}") for i in range(12)])
    assert openai_server.max_inflight == 3
    # 12 hits + 3 misses at concurrency 3 with 0.5 s latency: hits do not queue behind misses (one
    # 0.5 s wave, not five; a latency long beside a loaded CI machine's stalls, so the bound has slack)
    openai_server.max_inflight = 0
    openai_server.latency = 0.5
    t = time.perf_counter()
    res = c.run([c.request(f"p{i}") for i in range(12)] + [c.request(f"new{i}") for i in range(3)])
    assert time.perf_counter() - t < 1.5
    assert openai_server.max_inflight == 3                  # the three misses were asked together
    assert sum(r.cached for r in res) == 12 and openai_server.calls == 15
    c.close()


def test_an_answer_stored_after_a_records_lookup_is_not_asked_again(openai_server, tmp_path):
    """Records look their requests up in the cache together, then call the misses; a miss whose
    answer another record has stored since (not in flight any more) is served from the cache, not
    paid for twice. Under load this is how identical requests of a pipeline's records used to cost
    one call each: the lookup had missed, the other record's call had finished before this one's
    started."""
    openai_server.reply(echo)
    c = make(openai_server, tmp_path)
    req = c.request("same question")
    assert c.run([req])[0].text == "echo: same question" and openai_server.calls == 1
    key, blob = c._key(req)

    async def missed_earlier(tasks):   # the path of a request whose lookup missed before the answer
        return await c._one(req, key, blob)

    res = c.in_loop(missed_earlier)
    assert res.text == "echo: same question" and res.cached and res.calls == 0
    assert openai_server.calls == 1
    c.close()


def test_retry_after_is_honoured_with_a_real_delay(openai_server, tmp_path):
    openai_server.reply(echo).push(Fault.status(429, retry_after=1))
    c = make(openai_server, tmp_path)
    t = time.perf_counter()
    r = c.run([c.request("rate limited")])[0]
    elapsed = time.perf_counter() - t
    assert r.text == "echo: rate limited" and r.calls == 2 and openai_server.calls == 2
    assert 1.0 <= elapsed < 3.0
    c.close()


def test_5xx_drops_and_malformed_bodies_are_retried(openai_server, tmp_path):
    openai_server.reply(echo).push(Fault.status(500), Fault.status(503), Fault.drop(), Fault.malformed())
    c = make(openai_server, tmp_path, retries=4)
    r = c.run([c.request("flaky")])[0]
    assert r.ok and r.text == "echo: flaky" and r.calls == 5 and openai_server.calls == 5
    c.close()


def test_error_result_after_the_last_try_not_a_crash(openai_server, tmp_path):
    openai_server.reply(echo).push(*[Fault.status(500)] * 3)
    c = make(openai_server, tmp_path, retries=2)
    res = c.run([c.request("doomed"), c.request("fine")])
    # queue order: the first three requests to arrive get the 500s; whichever is "doomed"
    # retried 2 times, so exactly one of the two fails after 3 attempts or both succeed
    failed = [r for r in res if r.error]
    assert openai_server.calls == 3 + sum(1 for r in res if r.ok)
    for r in failed:
        assert r.error["kind"] == "llm_server_error" and r.error["attempts"] == 3 and r.error["status"] == 500
    c.close()
    c2 = make(openai_server, tmp_path, retries=1, no_cache=True)
    openai_server.push(Fault.status(503), Fault.status(503))
    r = c2.run([c2.request("doomed again")])[0]
    assert r.error and r.error["attempts"] == 2 and r.error["retryable"] is True
    with pytest.raises(Exception) as info:
        r.raise_for_error()
    assert type(info.value).__name__ == "RecordError"
    c2.close()


def test_timeout_per_attempt(openai_server, tmp_path):
    openai_server.reply(echo).push(Fault.delay(8))   # far beyond the timeout: the bound has seconds of slack
    c = make(openai_server, tmp_path, timeout=0.5, retries=0)
    t = time.perf_counter()
    r = c.run([c.request("slow")])[0]
    assert r.error["kind"] == "llm_timeout" and time.perf_counter() - t < 5
    c.close()


def test_missing_api_key_still_reaches_a_local_server(openai_server, tmp_path):
    assert "OPENAI_API_KEY" not in os.environ
    openai_server.reply(echo)
    c = make(openai_server, tmp_path)
    r = c.run([c.request("no key")])[0]
    assert r.text == "echo: no key" and openai_server.calls == 1
    # the key is not stored anywhere in the cache
    dump = "\n".join(line for line in sqlite3.connect(tmp_path / "cache.sqlite").iterdump())
    assert "sk-no-key-needed" not in dump and "api_key" not in dump
    c.close()


def test_dry_run_counts_without_calling(openai_server, tmp_path):
    openai_server.reply(echo)
    c = make(openai_server, tmp_path)
    c.run([c.request("cached one")])
    c.close()
    logs = []
    d = LLMClient(LLMConfig(model="openai/gpt-4o-mini", api_base=openai_server.url,
                            cache_path=str(tmp_path / "cache.sqlite"), dry_run=True), log=logs.append)
    d2 = make(openai_server, tmp_path, dry_run=True)
    res = d2.run([d2.request("cached one"), d2.request("new one"), d2.request("new two")])
    assert openai_server.calls == 1
    assert res[0].cached and res[0].text == "echo: cached one"
    assert res[1].dry_run and res[1].text is None and res[1].verdict()["unscored_reason"] == "dry_run"
    res = d.run([d.request("x " * 100, max_tokens=50)])
    d.close()
    assert openai_server.calls == 1
    assert "dry run: 1 calls needed" in logs[0]
    # gpt-4o-mini: $0.15 / $0.60 per million tokens (litellm's bundled price map)
    pt = d.totals.dry_prompt_tokens
    assert 100 <= pt <= 115
    assert d.totals.dry_cost == pytest.approx(pt * 0.15e-6 + 50 * 0.6e-6)


def test_max_cost_stops_before_the_budget_is_passed(openai_server, tmp_path):
    # every reply is 10 words = 10 completion tokens; price: $1000 per million output tokens
    # → $0.01 per call, and the estimate with max_tokens=10 is exactly that.
    openai_server.reply("one two three four five six seven eight nine ten")
    c = make(openai_server, tmp_path, max_concurrency=1, max_cost=0.055, price=(0.0, 1000.0))
    res = c.run([c.request(f"item {i}", max_tokens=10) for i in range(9)])
    ok = [r for r in res if r.ok]
    assert len(ok) == 5 and openai_server.calls == 5
    assert sum(r.cost for r in ok) == pytest.approx(0.05)
    refused = [r for r in res if r.error]
    assert len(refused) == 4 and all(r.error["kind"] == "budget" and "--max-cost" in r.error["message"] for r in refused)
    c.close()


def test_unknown_price_cost_is_null_and_known_price_is_counted(openai_server, tmp_path):
    openai_server.reply("a b c d")
    c = make(openai_server, tmp_path)
    r = c.run([c.request("w x y")])[0]
    assert r.cost is None and provenance([r])["cost"] is None
    assert r.prompt_tokens == 3 and r.completion_tokens == 4   # the server's usage counts
    c.close()
    k = make(openai_server, tmp_path, model="openai/gpt-4o-mini")
    r = k.run([k.request("w x y")])[0]
    assert r.cost == pytest.approx(3 * 0.15e-6 + 4 * 0.6e-6)
    k.close()


def test_unscored_after_one_repair_and_repair_that_works(openai_server, tmp_path):
    def reply(body):
        msgs = body["messages"]
        first = msgs[0]["content"]
        if first == "rate A":
            return "I would rather not say." if len(msgs) == 1 else "Still no number here."
        if first == "rate B":
            return "Hmm, good." if len(msgs) == 1 else "4"
        return "Score: 3"
    openai_server.reply(reply)
    c = make(openai_server, tmp_path)
    parse = lambda t: replies.parse_score(t, 1, 5, integer=True)  # noqa: E731
    a, b, ok = c.run([c.request(p, parse=parse) for p in ("rate A", "rate B", "rate C")])
    assert a.value is None and a.unscored["unscored_reason"] == "parse_failure"
    assert a.unscored["raw"] == "Still no number here." and a.unscored["first_reply"] == "I would rather not say."
    assert a.calls == 2 and a.error is None and a.verdict()["value"] is None
    assert b.value == 4 and b.repaired and b.calls == 2
    assert ok.value == 3 and not ok.repaired and ok.calls == 1
    # the repair turn carries the first reply and says what was wrong
    repair = [r for r in openai_server.requests if r["messages"][0]["content"] == "rate A"][1]["messages"]
    assert repair[1] == {"role": "assistant", "content": "I would rather not say."}
    assert "integer between 1 and 5" in repair[2]["content"]
    prov = provenance([a, b, ok])
    assert prov["unscored"] == 1 and prov["repairs"] == 2 and prov["calls"] == 5
    # replies that could not be parsed stay in the cache for inspection but are never served:
    # a rerun asks them again (A: first reply and repair; B: first reply, its repair is a hit; C: none)
    rows = dict(sqlite3.connect(tmp_path / "cache.sqlite").execute(
        "select json_extract(response, '$.text'), usable from responses").fetchall())
    assert rows == {"I would rather not say.": 0, "Still no number here.": 0, "Hmm, good.": 0, "4": 1, "Score: 3": 1}
    a2, b2, c2 = c.run([c.request(p, parse=parse) for p in ("rate A", "rate B", "rate C")])
    assert openai_server.calls == 5 + 2 + 1 and a2.value is None and b2.value == 4 and c2.cached
    assert (a2.calls, b2.calls, b2.cache_hits) == (2, 1, 1)
    c.close()


_WORKER = textwrap.dedent("""
    import sys
    from scholartools.llm.client import LLMClient, LLMConfig
    url, cache, n, conc = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    c = LLMClient(LLMConfig(model="openai/test-model", api_base=url, cache_path=cache, max_concurrency=conc,
                            retries=2), log=lambda m: None)
    res = c.run([c.request(f"shared {i}") for i in range(n)])
    bad = [r.error for r in res if r.error]
    print(len(res), len(bad), bad[:1])
    c.close()
""")


def _worker(url, cache, n, conc):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.Popen([sys.executable, "-c", _WORKER, url, cache, str(n), str(conc)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_parallel_processes_share_the_cache(openai_server, tmp_path):
    openai_server.reply(echo)
    cache = str(tmp_path / "shared.sqlite")
    procs = [_worker(openai_server.url, cache, 60, 8) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
        assert out.split()[:2] == ["60", "0"], (out, err)
        assert "locked" not in err
    rows = sqlite3.connect(cache).execute("select count(*) from responses").fetchone()[0]
    assert rows == 60
    assert 60 <= openai_server.calls <= 120


def test_kill_9_mid_run_then_rerun_makes_only_the_missing_calls(openai_server, tmp_path):
    # the worker's calls from "shared 10" on are held until it is killed: both its slots
    # (concurrency 2) hang on them, so it sends nothing more and every request it sent has reached
    # the server before the count below (killed at a count instead, a request it had sent could
    # reach the server after that count and be taken for one of the rerun's: seen with
    # ST_TEST_SERVER_JITTER=0.1, 22 calls for 21)
    gate, held = threading.Event(), []

    def reply(body):
        if int(body["messages"][-1]["content"].split()[-1]) >= 10 and not gate.is_set():
            held.append(body)
            gate.wait(60)
        return echo(body)

    openai_server.reply(reply)
    cache = str(tmp_path / "killed.sqlite")
    p = _worker(openai_server.url, cache, 30, 2)
    deadline = time.time() + 60
    while len(held) < 2 and time.time() < deadline:
        time.sleep(0.02)
    p.send_signal(signal.SIGKILL)
    p.wait()
    gate.set()
    done = sqlite3.connect(cache).execute("select count(*) from responses").fetchone()[0]
    assert 5 <= done < 30
    before = openai_server.calls
    c = LLMClient(LLMConfig(model=MODEL, api_base=openai_server.url, cache_path=cache), log=lambda m: None)
    res = c.run([c.request(f"shared {i}") for i in range(30)])
    assert all(r.ok for r in res)
    assert openai_server.calls - before == 30 - done
    assert sum(r.cached for r in res) == done
    c.close()


def test_cache_write_failure_is_logged_not_fatal(openai_server, tmp_path):
    import sqlite3 as _sqlite3

    openai_server.reply(echo)
    logs = []
    c = LLMClient(LLMConfig(model=MODEL, api_base=openai_server.url, cache_path=str(tmp_path / "c.sqlite")),
                  log=logs.append)

    def disk_full(*a, **k):   # a storage fault, as SQLite reports a full disk
        raise _sqlite3.OperationalError("database or disk is full")

    c.cache.store = disk_full
    res = c.run([c.request(f"q{i}") for i in range(3)])
    assert [r.text for r in res] == ["echo: q0", "echo: q1", "echo: q2"]
    assert sum("cache error" in m for m in logs) == 1
    c.close()


def test_unopenable_cache_is_a_clear_error(tmp_path):
    from scholartools.llm.client import CacheUnavailable

    with pytest.raises(CacheUnavailable, match="--no-cache"):
        LLMClient(LLMConfig(model=MODEL, cache_path=str(tmp_path)))   # a directory, not a file


def test_any_parser_error_is_unscored_not_a_crash(openai_server, tmp_path):
    # a task parser that indexes the parsed JSON: a reply without the key raises KeyError
    openai_server.reply('{"other": 1}')
    c = make(openai_server, tmp_path)
    parse = lambda t: replies.parse_json(t, expect="object")["score"]  # noqa: E731
    r, = c.run([c.request("give a score", parse=parse)])
    assert r.value is None and r.unscored["unscored_reason"] == "parse_failure"
    assert "KeyError" in r.unscored["detail"] and r.calls == 2   # one repair re-ask, then unscored
    c.close()


def test_a_reply_without_choices_is_that_requests_error(openai_server, tmp_path):
    def reply(body):
        if body["messages"][-1]["content"] == "odd":
            return {"id": "x", "object": "chat.completion", "created": 0, "model": "m"}   # no choices
        return "fine"
    openai_server.reply(reply)
    c = make(openai_server, tmp_path, retries=0)
    odd, ok = c.run([c.request("odd"), c.request("normal")])
    assert ok.text == "fine" and ok.error is None
    assert odd.error is not None and odd.text is None
    c.close()
