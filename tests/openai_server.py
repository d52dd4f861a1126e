"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests and benchmarks.

It speaks enough of ``POST /v1/chat/completions`` for litellm's ``openai/`` provider: ``n``
choices, ``usage`` counts (whitespace words of the prompt / reply) and OpenAI-shaped error
bodies.  Tests script it per request:

    def test_x(openai_server):                       # the pytest fixture below
        openai_server.reply("fixed text")            # or a function: body -> str
        openai_server.reply(lambda body: body["messages"][-1]["content"].upper())
        openai_server.push(Fault.status(429, retry_after=1), Fault.status(500),
                           Fault.drop(), Fault.malformed(), Fault.delay(0.5))
        # one queued fault is consumed per incoming request, then the default reply is used
        ... run a command with --api-base openai_server.url --model openai/test-model ...
        assert openai_server.calls == 3 and openai_server.max_inflight <= 4

A reply function may also return a ``Fault`` (e.g. fail only for some prompts), a dict (sent
as the whole JSON body) or a list of strings (one per choice when ``n`` > 1).  ``latency``
adds a delay to every request.  Every request body is recorded in ``server.requests``.

Log-probabilities: ``openai_server.logprobs(fn)`` makes every request that asks for them
(``"logprobs": true``) carry ``choices[i].logprobs = {"content": fn(body, text)}``, where ``fn``
returns OpenAI's per-token list ``[{"token", "logprob", "top_logprobs": [{"token", "logprob"}]}]``
(:func:`token_logprobs` builds one from ``{token: probability}``). Without it, or for requests
that do not ask, ``logprobs`` stays null as before.

Run standalone (used by benchmarks/llm_throughput.py, so the server has its own GIL):

    python tests/openai_server.py --latency 0.2        # prints the base URL on stdout
"""
from __future__ import annotations

import json
import socket
import sys
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

try:  # the fixture is optional when the module runs as a script
    import pytest
except ImportError:  # pragma: no cover
    pytest = None


@dataclass
class Fault:
    """One scripted misbehaviour for one request."""

    kind: str                      # "status" | "drop" | "malformed" | "delay"
    code: int = 200
    retry_after: float | None = None
    seconds: float = 0.0
    message: str = ""

    @classmethod
    def status(cls, code: int, retry_after: float | None = None, message: str = "") -> "Fault":
        return cls("status", code=code, retry_after=retry_after, message=message)

    @classmethod
    def drop(cls) -> "Fault":
        """Close the connection without sending any response."""
        return cls("drop")

    @classmethod
    def malformed(cls) -> "Fault":
        """Answer 200 with a body that is not valid JSON."""
        return cls("malformed")

    @classmethod
    def delay(cls, seconds: float) -> "Fault":
        """Sleep this long, then answer normally (use with a short client timeout)."""
        return cls("delay", seconds=seconds)


def words(text: Any) -> int:
    if isinstance(text, list):  # content parts
        text = " ".join(p.get("text", "") for p in text if isinstance(p, dict))
    return len(str(text or "").split())


class ScriptedOpenAIServer:
    def __init__(self, latency: float = 0.0, host: str = "127.0.0.1", port: int = 0):
        self.latency = latency
        self._lock = threading.Lock()
        self._faults: list[Fault] = []
        self._reply: Callable[[dict], Any] | str = "OK"
        self._logprobs: Callable[[dict, str], list] | None = None
        self.requests: list[dict] = []
        self.inflight = 0
        self.max_inflight = 0
        self.httpd = ThreadingHTTPServer((host, port), _make_handler(self))
        self.httpd.daemon_threads = True
        self.httpd.request_queue_size = 256
        self.port = self.httpd.server_address[1]
        self.url = f"http://{host}:{self.port}/v1"
        self._thread: threading.Thread | None = None

    # scripting ---------------------------------------------------------------------------
    def reply(self, fn_or_text) -> "ScriptedOpenAIServer":
        self._reply = fn_or_text
        return self

    def logprobs(self, fn: Callable[[dict, str], list] | None) -> "ScriptedOpenAIServer":
        """Per-token log-probabilities for requests asking ``logprobs`` (see the module docstring)."""
        self._logprobs = fn
        return self

    def push(self, *faults: Fault) -> "ScriptedOpenAIServer":
        with self._lock:
            self._faults.extend(faults)
        return self

    def reset(self) -> None:
        with self._lock:
            self._faults.clear()
            self.requests.clear()
            self.max_inflight = 0
        self._reply = "OK"
        self._logprobs = None
        self.latency = 0.0

    @property
    def calls(self) -> int:
        """Requests that reached the server (including failed ones)."""
        return len(self.requests)

    @property
    def prompts(self) -> list[str]:
        """Last message content of every received request, in arrival order."""
        return [r["messages"][-1]["content"] for r in self.requests if r.get("messages")]

    # lifecycle ---------------------------------------------------------------------------
    def start(self) -> "ScriptedOpenAIServer":
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # internals ---------------------------------------------------------------------------
    def _next_action(self, body: dict):
        with self._lock:
            self.requests.append(body)
            fault = self._faults.pop(0) if self._faults else None
        return fault


def _make_handler(server: ScriptedOpenAIServer):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True   # otherwise keep-alive replies stall ~40 ms (delayed ACK)

        def log_message(self, *args):  # keep test output clean
            pass

        def _send(self, status: int, payload: bytes, headers: dict | None = None):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self._headers_buffer.append(b"\r\n" + payload)   # headers and body in one write
            self.flush_headers()

        def do_GET(self):  # /v1/models, for clients that probe
            self._send(200, json.dumps({"object": "list", "data": [{"id": "test-model", "object": "model"}]}).encode())

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                self._send(400, _error_body(400, "request body is not JSON"))
                return
            with server._lock:
                server.inflight += 1
                server.max_inflight = max(server.max_inflight, server.inflight)
            try:
                self._handle(body)
            finally:
                with server._lock:
                    server.inflight -= 1

        def _handle(self, body: dict):
            fault = server._next_action(body)
            if server.latency:
                time.sleep(server.latency)
            result = None
            if fault is None:
                reply = server._reply
                result = reply(body) if callable(reply) else reply
                if isinstance(result, Fault):
                    fault = result
            if fault is not None:
                if fault.kind == "delay":
                    time.sleep(fault.seconds)
                    reply = server._reply
                    result = reply(body) if callable(reply) else reply
                elif fault.kind == "drop":
                    try:
                        self.connection.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                elif fault.kind == "malformed":
                    self._send(200, b'{"id": "chatcmpl-broken", "choices": [{"message": {"content": "trunc')
                    return
                elif fault.kind == "status":
                    headers = {}
                    if fault.retry_after is not None:
                        ra = fault.retry_after
                        headers["Retry-After"] = str(int(ra)) if float(ra).is_integer() else str(ra)
                    self._send(fault.code, _error_body(fault.code, fault.message), headers)
                    return
            if isinstance(result, dict):
                self._send(200, json.dumps(result).encode())
                return
            completion = _completion(body, result)
            if server._logprobs is not None and body.get("logprobs"):
                for choice in completion["choices"]:
                    choice["logprobs"] = {"content": server._logprobs(body, choice["message"]["content"])}
            self._send(200, json.dumps(completion).encode())

    return Handler


def token_logprobs(first: dict[str, float], token: str | None = None) -> list[dict]:
    """A one-token ``logprobs.content`` list whose top alternatives have the probabilities
    ``first`` (token → probability); the sampled token is ``token`` or the most probable one."""
    import math

    top = [{"token": t, "logprob": math.log(p), "bytes": None} for t, p in first.items() if p > 0]
    top.sort(key=lambda t: -t["logprob"])
    chosen = token if token is not None else top[0]["token"]
    lp = next((t["logprob"] for t in top if t["token"] == chosen), -50.0)
    return [{"token": chosen, "logprob": lp, "bytes": None, "top_logprobs": top}]


def _error_body(status: int, message: str) -> bytes:
    kinds = {400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_exceeded"}
    kind = kinds.get(status, "server_error")
    return json.dumps({"error": {"message": message or f"scripted error {status}", "type": kind,
                                 "param": None, "code": kind}}).encode()


def _completion(body: dict, result) -> dict:
    n = int(body.get("n") or 1)
    if isinstance(result, list):
        texts = [str(t) for t in result][:n]
        texts += [texts[-1] if texts else ""] * (n - len(texts))
    else:
        texts = [str(result)] * n
    prompt_tokens = sum(words(m.get("content")) for m in body.get("messages", []))
    completion_tokens = sum(words(t) for t in texts)
    return {
        "id": f"chatcmpl-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", "test-model"),
        "choices": [{"index": i, "message": {"role": "assistant", "content": t},
                     "finish_reason": "stop", "logprobs": None} for i, t in enumerate(texts)],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    }


if pytest is not None:
    @pytest.fixture
    def openai_server():
        """A fresh scripted server per test; ``openai_server.url`` is the ``--api-base``."""
        srv = ScriptedOpenAIServer().start()
        try:
            yield srv
        finally:
            srv.stop()


def main(argv=None):  # pragma: no cover - used by benchmarks
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--reply", default="OK")
    args = ap.parse_args(argv)
    srv = ScriptedOpenAIServer(latency=args.latency, port=args.port).reply(args.reply)
    print(srv.url, flush=True)
    try:
        srv.httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
