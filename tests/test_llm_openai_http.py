"""The direct transport (scholartools.llm.openai_http) sends what litellm sends and reads what litellm
reads, for ``openai/`` and ``hosted_vllm/`` models at an explicit ``--api-base`` (issues 33, 35).

Each comparison runs the same requests through the client twice against the scripted server: once
with ``ST_LLM_TRANSPORT=litellm`` (the old path, litellm 1.106.2) and once direct; the bodies and
``Authorization`` headers the server received, the texts, finish reasons, tokens, log-probabilities
and errors must be equal. The cold runs at the end block ``import litellm``.
"""
from __future__ import annotations

import time

import pytest

import plausible_replies
from conftest import invoke
from openai_server import Fault
from test_golden import PAPER, PAPER2, normalise_record
from test_llm_lazy_import import no_litellm  # noqa: F401 - the fixture
from scholartools.llm import openai_http
from scholartools.llm.cache import open_cache
from scholartools.llm.client import LLMClient, LLMConfig

MODEL = "openai/test-model"


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    monkeypatch.setenv("ST_LLM_BACKOFF_BASE", "0.01")
    for name in ("OPENAI_API_KEY", "ST_API_KEY", "HOSTED_VLLM_API_KEY", openai_http.ENV, *openai_http.LITELLM_ENV):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def litellm_loaded():
    """litellm, imported once for the comparisons of this module (a module fixture: conftest runs
    the tests using it on one xdist worker, so the ~4 CPU s import is paid once)."""
    from scholartools.llm.litellm_compat import import_litellm

    return import_litellm()


def client(server, monkeypatch, transport: str, tmp_path=None, **kw) -> LLMClient:
    monkeypatch.setenv(openai_http.ENV, transport)
    cfg = dict(model=MODEL, api_base=server.url, retries=0, timeout=10, max_concurrency=1)
    cfg.update(kw)
    if tmp_path is None:
        cfg["no_cache"] = True
    else:
        cfg.setdefault("cache_path", str(tmp_path / f"{transport}.sqlite"))
    return LLMClient(LLMConfig(**cfg), log=lambda m: None)


def run_both(server, monkeypatch, requests, **kw) -> dict:
    """{transport: (results, bodies, Authorization headers)} for ``requests`` (a function of the client)."""
    out = {}
    for transport in ("litellm", "auto"):
        server.requests.clear()
        server.request_headers.clear()
        c = client(server, monkeypatch, transport, **kw)
        res = c.run(requests(c))
        out[transport] = (res, list(server.requests), [{k.lower(): v for k, v in h.items()}.get("authorization")
                                                          for h in server.request_headers],
                          dict(c.transport_calls))
        c.close()
    assert out["litellm"][3]["direct"] == 0 and out["auto"][3]["litellm"] == 0
    return out


def seen(res) -> list:
    return [(r.text, r.ok, r.prompt_tokens, r.completion_tokens, r.logprobs, r.cost) for r in res]


PARAMS = [{}, {"temperature": 0.0, "max_tokens": 10, "seed": 3, "stop": ["\n"], "top_p": 0.9},
          {"presence_penalty": 0.1, "frequency_penalty": 0.2, "logit_bias": {"12": 1}},
          {"response_format": {"type": "json_object"}}, {"logprobs": True, "top_logprobs": 2},
          {"reasoning_effort": "low", "temperature": None}, {"n": 2, "stop": "END"}]
MESSAGES = [[{"role": "user", "content": "hi"}],
            [{"role": "system", "content": "be brief"}, {"role": "user", "content": "ünïcode ✓ \"q\""},
             {"role": "assistant", "content": ""}, {"role": "user", "content": "again"}]]


@pytest.mark.parametrize("model", ["openai/test-model", "hosted_vllm/org/test-model"])
def test_same_request_body_key_and_reply_as_litellm(openai_server, monkeypatch, model, litellm_loaded):
    openai_server.reply(lambda b: "echo: " + b["messages"][-1]["content"])
    openai_server.logprobs(lambda body, text: [{"token": "echo", "logprob": -0.5, "bytes": None,
                                                "top_logprobs": [{"token": "echo", "logprob": -0.5, "bytes": None}]}])
    both = run_both(openai_server, monkeypatch, lambda c: [c.request(m, params=p) for m in MESSAGES for p in PARAMS],
                    model=model)
    (lres, lbodies, lauth, _), (dres, dbodies, dauth, _) = both["litellm"], both["auto"]
    assert dbodies == lbodies and len(dbodies) == len(MESSAGES) * len(PARAMS)
    assert dbodies[1]["model"] == model.split("/", 1)[1] and "temperature" not in dbodies[5]
    assert dauth == lauth == [f"Bearer {openai_http.api_key(model.split('/')[0])}"] * len(dbodies)
    assert seen(dres) == seen(lres) and dres[4].logprobs[0]["token"] == "echo"


def test_the_key_litellm_would_send(openai_server, monkeypatch, litellm_loaded):
    openai_server.reply("ok")
    for env, want in [({}, "Bearer sk-no-key-needed"), ({"OPENAI_API_KEY": "sk-env"}, "Bearer sk-env"),
                      ({"ST_API_KEY": "sk-st", "OPENAI_API_KEY": "sk-env"}, "Bearer sk-st")]:
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        both = run_both(openai_server, monkeypatch, lambda c: [c.request("hi")])
        assert both["auto"][2] == both["litellm"][2] == [want]


def test_the_url_litellm_posts_to(openai_server, monkeypatch, litellm_loaded):
    openai_server.reply("ok")
    for base in ("", "/", "/v1/", "/api/v1"):
        paths = {}
        for transport in ("litellm", "auto"):
            openai_server.request_paths.clear()
            c = client(openai_server, monkeypatch, transport, api_base=openai_server.root + base)
            assert c.run([c.request("hi")])[0].ok
            paths[transport] = list(openai_server.request_paths)
            c.close()
        assert paths["auto"] == paths["litellm"] == [base.rstrip("/") + "/chat/completions"]


BODIES = {   # replies as the server sends them, each read the same by both transports
    "think": {"choices": [{"index": 0, "message": {"role": "assistant", "content": "<think>hm</think>\n\nAnswer"},
                           "finish_reason": "eos"}], "model": "served-name"},
    "reasoning field": {"choices": [{"index": 0, "message": {"role": "assistant", "content": "<think>a</think>b",
                                                             "reasoning_content": "r"}, "finish_reason": "stop"}]},
    "think later": {"choices": [{"index": 0, "message": {"role": "assistant", "content": "x <think>a</think>b"},
                                 "finish_reason": None}], "usage": {"prompt_tokens": 3}},
    "content filter": {"choices": [{"index": 0, "message": {"role": "assistant", "content": "partial"},
                                    "finish_reason": "content_filter"}], "usage": None},
    "length": {"choices": [{"index": 0, "message": {"role": None, "content": "cut"}, "finish_reason": "length"}],
               "usage": {"prompt_tokens": 4, "completion_tokens": 9, "total_tokens": 13,
                         "completion_tokens_details": {"reasoning_tokens": 5}}},
}


def test_replies_are_read_as_litellm_reads_them_and_cached_alike(openai_server, monkeypatch, tmp_path, litellm_loaded):
    stored = {}
    for transport in ("litellm", "auto"):
        c = client(openai_server, monkeypatch, transport, tmp_path, retries=0)
        texts = []
        for name, body in BODIES.items():
            openai_server.reply(lambda b, body=body: body)
            r = c.run([c.request(name)])[0]
            texts.append((r.text, r.prompt_tokens, r.completion_tokens))
        cache = open_cache(str(tmp_path / f"{transport}.sqlite"))
        stored[transport] = (texts, [cache.lookup(c._key(c.request(n))[0]) for n in BODIES])
        cache.close()
        c.close()
    assert stored["auto"] == stored["litellm"]
    texts, entries = stored["auto"]
    assert texts[0][0] == "\n\nAnswer" and entries[0]["finish_reason"] == "stop" and entries[0]["model"] == "served-name"
    assert entries[3] is None                          # a content-filter stop is never cached
    assert entries[4]["finish_reason"] == "length" and texts[4][1:] == (4, 9)


FAULTS = [Fault.status(429, retry_after=1), Fault.status(400, message="bad prompt"), Fault.status(401),
          Fault.status(403), Fault.status(404), Fault.status(408), Fault.status(422), Fault.status(500),
          Fault.status(503), Fault.drop(), Fault.malformed()]
ERROR_BODIES = [{"error": {"message": "boom", "code": 500}}, {"error": {"message": "boom", "code": 400}},
                {"error": {"message": "boom", "code": "server_error"}}, {"choices": None},
                {"choices": [{"index": 0, "finish_reason": "stop"}]}, {"choices": []},
                {"error": {}, "choices": [{"index": 0, "message": {"content": "fine"}}]}]


def test_failures_are_classified_as_through_litellm(openai_server, monkeypatch, litellm_loaded):
    def errors(transport):
        c = client(openai_server, monkeypatch, transport)
        out = []
        openai_server.reply("fine")
        for fault in FAULTS:
            openai_server.push(fault)
            out.append(c.run([c.request(f"f{len(out)}")])[0])
        for body in ERROR_BODIES:
            openai_server.reply(lambda b, body=body: body)
            out.append(c.run([c.request(f"f{len(out)}")])[0])
        c.close()
        return [(r.ok, r.text) if r.ok else {k: v for k, v in r.error.items() if k != "message"} for r in out]

    direct, through = errors("auto"), errors("litellm")
    assert direct == through
    assert direct[0] == {"kind": "llm_rate_limit", "attempts": 1, "retryable": True, "status": 429}
    assert direct[9]["kind"] == "llm_connection" and direct[10]["kind"] == "llm_server_error"


def test_retries_on_429_and_500_and_a_timeout_without_litellm(openai_server, monkeypatch, no_litellm):
    openai_server.reply(lambda b: "echo: " + b["messages"][-1]["content"])
    openai_server.push(Fault.status(429, retry_after=0.2), Fault.status(500), Fault.drop())
    c = client(openai_server, monkeypatch, "auto", retries=3)
    r = c.run([c.request("flaky")])[0]
    assert r.ok and r.text == "echo: flaky" and r.calls == 4 and openai_server.calls == 4
    # two 0.3 s attempts against 8 s delays: the bound is under one delay, with seconds of slack
    openai_server.push(Fault.delay(8), Fault.delay(8))
    c.config.timeout, c.config.retries = 0.3, 1
    t = time.perf_counter()
    r = c.run([c.request("slow")])[0]
    assert r.error["kind"] == "llm_timeout" and r.error["attempts"] == 2 and time.perf_counter() - t < 5
    c.close()


def test_refused_connection_is_reported_once(monkeypatch, no_litellm):
    import socket

    with socket.socket() as s:   # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv(openai_http.ENV, "auto")
    c = LLMClient(LLMConfig(model=MODEL, api_base=f"http://127.0.0.1:{port}/v1", no_cache=True, retries=2,
                            max_concurrency=1), log=lambda m: None)
    res = c.run([c.request("a"), c.request("b")])
    assert [r.error["kind"] for r in res] == ["llm_connection_refused"] * 2 and sum(r.calls for r in res) == 1
    c.close()


def test_a_cache_filled_through_litellm_still_answers(openai_server, monkeypatch, tmp_path, request, litellm_loaded):
    openai_server.reply(lambda b: "echo: " + b["messages"][-1]["content"])
    path = str(tmp_path / "shared.sqlite")
    reqs = lambda c: [c.request(f"q{i}", temperature=0.5) for i in range(3)]   # noqa: E731
    c = client(openai_server, monkeypatch, "litellm", cache_path=path, tmp_path=tmp_path)
    first = c.run(reqs(c))
    c.close()
    request.getfixturevalue("no_litellm")
    c = client(openai_server, monkeypatch, "auto", cache_path=path, tmp_path=tmp_path)
    again = c.run(reqs(c))
    c.close()
    assert openai_server.calls == 3 and all(r.cached for r in again)
    assert [r.text for r in again] == [r.text for r in first] and [r.key for r in again] == [r.key for r in first]


def test_a_cold_command_run_without_litellm_gives_the_litellm_output(openai_server, tmp_path, request, litellm_loaded):
    def run(transport, cache):
        plausible_replies._counts.clear()
        code, recs, err, _ = invoke("st-generate", ["--task", "limitations", "--model", MODEL, "--api-base",
                                                    openai_server.url, "--cache", str(tmp_path / cache),
                                                    "--max-concurrency", "1"],
                                    [PAPER, PAPER2], env={openai_http.ENV: transport})
        return code, [normalise_record(r) for r in recs]

    openai_server.reply(plausible_replies.reply)
    through = run("litellm", "a.sqlite")
    asked = openai_server.calls
    request.getfixturevalue("no_litellm")
    direct = run("auto", "b.sqlite")
    assert direct == through and direct[0] == 0 and len(direct[1]) == 2
    assert openai_server.calls == 2 * asked > 0


def test_routing():
    usable = openai_http.usable
    base = "http://127.0.0.1:8000/v1"
    assert usable("openai/test-model", base) and usable("hosted_vllm/meta-llama/Llama-3.1-8B-Instruct", base)
    assert usable("openai/Qwen/Qwen3-8B", "https://vllm.example.org/v1")
    for model in ("openai/gpt-4o-mini", "openai/o3-mini", "openai/gpt-5-mini", "hosted_vllm/gpt-oss-20b",
                  "anthropic/claude-3-5-haiku-20241022", "ollama/llama3", "gpt-4o-mini", "openai/"):
        assert not usable(model, base), model
    assert not usable("openai/test-model", None) and not usable("openai/test-model", "http://u:p@h/v1")
    assert not usable("openai/test-model", "http://h/v1?api-version=1")
    sendable = openai_http.sendable
    plain = [{"role": "user", "content": "x"}]
    assert sendable(plain, {"temperature": 0, "response_format": {"type": "json_object"}})
    assert not sendable(plain, {"tools": []}) and not sendable(plain, {"response_format": {"type": "json_schema"}})
    assert not sendable([{"role": "user", "content": [{"type": "text", "text": "x"}]}], {})
    assert not sendable([{"role": "tool", "content": "x"}], {})


def test_the_switch_and_the_environment_litellm_reads(monkeypatch):
    base = "http://127.0.0.1:8000/v1"
    monkeypatch.setenv(openai_http.ENV, "litellm")
    assert not openai_http.usable(MODEL, base)
    monkeypatch.setenv(openai_http.ENV, "auto")
    assert openai_http.usable(MODEL, base)
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy:3128")
    assert not openai_http.usable(MODEL, base)


def test_finish_reasons_are_litellms_words(litellm_loaded):
    from litellm.litellm_core_utils.core_helpers import _FINISH_REASON_MAP, map_finish_reason

    for reason in [*_FINISH_REASON_MAP, "abort", "eos", "weird"]:
        assert openai_http.finish_reason({"finish_reason": reason}, {}) == map_finish_reason(reason), reason
    assert openai_http.finish_reason({"finish_reason": None}, {}) == "stop"
    assert openai_http.finish_reason({"finish_reason": "stop"}, {"tool_calls": [{}]}) == "tool_calls"


def test_chunked_and_close_delimited_answers(monkeypatch):
    """Servers that stream their JSON body in chunks, or end it by closing the connection."""
    import socket
    import threading

    answer = b'{"choices": [{"index": 0, "message": {"content": "chunked ok"}, "finish_reason": "stop"}]}'
    # the chunked answer says it closes: without that the client may pool the connection and send the
    # second request on it before this thread has closed it (it never resends a request; session 25's CI)
    replies = [b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + b"".join(
                   b"%x\r\n%s\r\n" % (len(answer[i:i + 20]), answer[i:i + 20]) for i in range(0, len(answer), 20))
               + b"0\r\n\r\n",
               b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + answer.replace(b"chunked", b"closed")]
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen()

    def serve():
        for reply in replies:
            conn, _ = srv.accept()
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, body = data.partition(b"\r\n\r\n")
            length = int([ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")][0])
            while len(body) < length:
                body += conn.recv(65536)
            conn.sendall(reply)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    monkeypatch.setenv(openai_http.ENV, "auto")
    c = LLMClient(LLMConfig(model=MODEL, api_base=f"http://127.0.0.1:{srv.getsockname()[1]}/v1", no_cache=True,
                            retries=0, timeout=5), log=lambda m: None)
    assert [c.run([c.request(q)])[0].text for q in ("a", "b")] == ["chunked ok", "closed ok"]
    c.close()
    srv.close()
    assert c.transport_calls["direct"] == 2
