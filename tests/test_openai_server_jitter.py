"""The scripted server's flake-hunting jitter (``ST_TEST_SERVER_JITTER``): it really reorders."""
import json
import threading
import time
import urllib.request

import pytest

from openai_server import ScriptedOpenAIServer


def _ask(url: str, text: str, done: list, lock: threading.Lock) -> None:
    body = json.dumps({"model": "test-model", "messages": [{"role": "user", "content": text}]}).encode()
    req = urllib.request.Request(url + "/chat/completions", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        answer = json.loads(resp.read())["choices"][0]["message"]["content"]
    with lock:
        done.append(answer)


def test_jitter_from_the_environment_records_and_answers_out_of_send_order(monkeypatch):
    # seed "19" draws 0.37, 0.29, 0.24, 0.08, 0.19, 0.03 s of the 0.4 s: request 5 overtakes request 0 by 0.3 s
    monkeypatch.setenv("ST_TEST_SERVER_JITTER", "0.4")
    monkeypatch.setenv("ST_TEST_SERVER_SEED", "19")
    done, lock, threads = [], threading.Lock(), []
    with ScriptedOpenAIServer() as srv:
        assert srv.jitter == 0.4
        srv.reply(lambda body: "re " + body["messages"][-1]["content"])
        for i in range(6):   # sent one after the other: each is in the server before the next leaves
            t = threading.Thread(target=_ask, args=(srv.url, f"q{i}", done, lock))
            t.start()
            threads.append(t)
            deadline = time.monotonic() + 10
            while len(srv.request_headers) < i + 1 and time.monotonic() < deadline:   # noted before the jitter
                time.sleep(0.001)
        for t in threads:
            t.join(30)
        sent = [f"q{i}" for i in range(6)]
        assert sorted(srv.prompts) == sent                      # every request, once
        assert srv.prompts.index("q5") < srv.prompts.index("q0")   # recorded out of send order
    assert sorted(done) == [f"re {q}" for q in sent]
    assert done.index("re q5") < done.index("re q0")           # answered out of send order


def test_jitter_is_off_by_default_seeded_and_checked(monkeypatch):
    monkeypatch.delenv("ST_TEST_SERVER_JITTER", raising=False)
    monkeypatch.delenv("ST_TEST_SERVER_SEED", raising=False)
    srv = ScriptedOpenAIServer()
    try:
        assert srv.jitter == 0.0
        assert srv._shuffled(list(range(20))) == list(range(20))   # batch files keep their order
    finally:
        srv.httpd.server_close()   # never started: nothing to shut down
    a, b = ScriptedOpenAIServer(jitter=0.1, seed=3), ScriptedOpenAIServer(jitter=0.1, seed=3)
    try:   # one seed, one shuffle of a batch file
        assert a._shuffled(list(range(20))) == b._shuffled(list(range(20))) != list(range(20))
    finally:
        a.httpd.server_close()
        b.httpd.server_close()
    monkeypatch.setenv("ST_TEST_SERVER_JITTER", "a bit")
    with pytest.raises(ValueError, match="ST_TEST_SERVER_JITTER"):
        ScriptedOpenAIServer()
