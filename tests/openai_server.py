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

Batch API (OpenAI's ``/v1/files`` and ``/v1/batches``): ``POST /v1/files`` (multipart upload,
``purpose=batch``), ``GET /v1/files/{id}`` and ``/v1/files/{id}/content``, ``POST /v1/batches``,
``GET /v1/batches/{id}`` and ``POST /v1/batches/{id}/cancel``.  A batch is answered line by line
with the same reply function (and log-probabilities) as direct calls; a reply function returning
``Fault.status(code)`` fails that item (it goes to the batch's error file).  Bodies answered
inside batches are recorded in ``server.batch_requests``, never in ``server.requests``, so
``server.calls`` counts direct calls only.  Script the next batches with
``openai_server.batch_plan(hold=2)`` (stays ``in_progress`` for 2 retrieves),
``batch_plan(expire_after=3)`` (ends ``expired`` after answering 3 items; the rest are
``batch_expired`` errors) or ``batch_plan(fail="message")`` (validation fails, nothing answered).

Anthropic's Message Batches API too (``POST /v1/messages/batches``, ``GET
/v1/messages/batches/{id}`` and ``…/results``; use the server's root, ``server.root``, as the
``--api-base`` of an ``anthropic/…`` model): each request's ``params`` are handed to the reply
function as an OpenAI-shaped body (system prompt first, text blocks joined), and the answer is
sent back as an Anthropic message (``stop_reason`` ``end_turn``, usage in words).  The same
``batch_plan`` applies; items past ``expire_after`` come back as ``expired``, failed ones as
``errored``.

Flake hunting: ``ST_TEST_SERVER_JITTER=<max seconds>`` in the environment makes every server
built from then on (the fixture's, the standalone one, one a test builds itself) sleep a random
0..max before it records and answers each chat or embeddings request, so requests are recorded and
answered out of the order they were sent, as a real API does under load; batch output and error
files list their lines in a shuffled order too (OpenAI does not promise input order), and so do the
``data`` items of an embeddings reply (each carries its ``index``).
``ST_TEST_SERVER_SEED`` seeds the draws (a different seed, a different shuffle). Off by default:

    ST_TEST_SERVER_JITTER=0.05 ST_TEST_SERVER_SEED=3 pytest tests/test_judge_rate.py

A test that passes only without jitter depends on the order of concurrent work (pick a request by
its content, not by its index in ``server.requests``).

Run standalone (used by benchmarks/llm_throughput.py, so the server has its own GIL):

    python tests/openai_server.py --latency 0.2        # prints the base URL on stdout

As a stand-in model for whole pipelines (the example Makefiles' ``check`` target): ``--replies
tests/plausible_replies.py`` answers every prompt of every shipped template in the shape it asks
for, ``--log FILE`` writes one JSON line per request, and ``--run 'make … API_BASE={url}'`` runs a
command against the server and stops it afterwards (see :func:`main`).
"""
from __future__ import annotations

import json
import os
import random
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


def _jitter_from_env() -> tuple[float, random.Random]:
    """(max seconds, random source) of ``ST_TEST_SERVER_JITTER`` / ``ST_TEST_SERVER_SEED``."""
    raw = os.environ.get("ST_TEST_SERVER_JITTER", "").strip()
    try:
        jitter = max(0.0, float(raw)) if raw else 0.0
    except ValueError:
        raise ValueError(f"ST_TEST_SERVER_JITTER={raw!r}: expected a number of seconds") from None
    seed = os.environ.get("ST_TEST_SERVER_SEED", "").strip()
    return jitter, random.Random(seed) if seed else random.Random()


class ScriptedOpenAIServer:
    def __init__(self, latency: float = 0.0, host: str = "127.0.0.1", port: int = 0, log: str | None = None,
                 jitter: float | None = None, seed: int | str | None = None):
        self.latency = latency
        #: a random 0..jitter seconds before each chat/embeddings request is recorded and answered, and
        #: shuffled batch output files (flake hunting; default: ``ST_TEST_SERVER_JITTER``, else 0)
        env_jitter, self._rng = _jitter_from_env()
        self.jitter = env_jitter if jitter is None else jitter
        if seed is not None:
            self._rng = random.Random(seed)
        #: a file that gets one JSON line per chat request (``--log``): its number, model and prompt start
        self.log = log
        self._lock = threading.Lock()
        self._faults: list[Fault] = []
        self._reply: Callable[[dict], Any] | str = "OK"
        self._logprobs: Callable[[dict, str], list] | None = None
        self.requests: list[dict] = []
        #: the HTTP headers of each chat request, in arrival order (names as sent)
        self.request_headers: list[dict] = []
        #: the path of each chat request, in arrival order
        self.request_paths: list[str] = []
        #: the batch API's state: uploaded files, batches, and the bodies answered inside batches
        self.files: dict[str, dict] = {}
        self.batches: dict[str, dict] = {}
        self.batch_requests: list[dict] = []
        #: the bodies of ``POST /v1/embeddings`` requests (answered by :func:`fake_embedding`)
        self.embedding_requests: list[dict] = []
        self._plan: dict = {}
        self._ids = 0
        self.inflight = 0
        self.max_inflight = 0
        self.httpd = ThreadingHTTPServer((host, port), _make_handler(self))
        self.httpd.daemon_threads = True
        self.httpd.request_queue_size = 256
        self.port = self.httpd.server_address[1]
        self.url = f"http://{host}:{self.port}/v1"
        self.root = f"http://{host}:{self.port}"
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

    def batch_plan(self, hold: int = 0, expire_after: int | None = None, fail: str | None = None) -> "ScriptedOpenAIServer":
        """How the batches created from now on behave (see the module docstring)."""
        self._plan = {"hold": hold, "expire_after": expire_after, "fail": fail}
        return self

    def reset(self) -> None:
        with self._lock:
            self._faults.clear()
            self.requests.clear()
            self.request_headers.clear()
            self.request_paths.clear()
            self.batch_requests.clear()
            self.embedding_requests.clear()
            self.files.clear()
            self.batches.clear()
            self._plan = {}
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
    def _new_id(self, prefix: str) -> str:
        with self._lock:
            self._ids += 1
            return f"{prefix}-{self._ids:06d}"

    def _answer(self, body: dict) -> tuple[int, dict]:
        """(status, JSON body) of one chat request answered inside a batch (no faults queue, no latency)."""
        reply = self._reply
        result = reply(body) if callable(reply) else reply
        if isinstance(result, Fault):
            code = result.code if result.kind == "status" else 500
            return code, json.loads(_error_body(code, result.message))
        if isinstance(result, dict):
            return 200, result
        completion = _completion(body, result)
        if self._logprobs is not None and body.get("logprobs"):
            for choice in completion["choices"]:
                choice["logprobs"] = {"content": self._logprobs(body, choice["message"]["content"])}
        return 200, completion

    def _add_file(self, content: bytes, purpose: str, filename: str) -> dict:
        meta = {"id": self._new_id("file"), "object": "file", "bytes": len(content), "created_at": int(time.time()),
                "filename": filename, "purpose": purpose, "status": "processed"}
        self.files[meta["id"]] = {"meta": meta, "content": content}
        return meta

    def _create_batch(self, body: dict) -> tuple[int, dict]:
        source = self.files.get(body.get("input_file_id") or "")
        if source is None:
            return 404, json.loads(_error_body(404, f"no file {body.get('input_file_id')!r}"))
        now = int(time.time())
        batch = {"id": self._new_id("batch"), "object": "batch", "endpoint": body.get("endpoint"), "errors": None,
                 "input_file_id": source["meta"]["id"], "completion_window": body.get("completion_window", "24h"),
                 "status": "validating", "output_file_id": None, "error_file_id": None, "created_at": now,
                 "in_progress_at": None, "expires_at": now + 86400, "finalizing_at": None, "completed_at": None,
                 "failed_at": None, "expired_at": None, "cancelling_at": None, "cancelled_at": None,
                 "request_counts": {"total": 0, "completed": 0, "failed": 0}, "metadata": body.get("metadata")}
        batch["_plan"] = dict(self._plan)
        self.batches[batch["id"]] = batch
        return 200, _public(batch)

    def _retrieve_batch(self, batch_id: str) -> tuple[int, dict]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, json.loads(_error_body(404, f"no batch {batch_id!r}"))
        plan = batch["_plan"]
        if batch["status"] in ("validating", "in_progress"):
            if plan.get("hold", 0) > 0:
                plan["hold"] -= 1
                batch["status"] = "in_progress"
                batch["in_progress_at"] = batch["in_progress_at"] or int(time.time())
            else:
                self._run_batch(batch)
        return 200, _public(batch)

    # Anthropic's Message Batches ------------------------------------------------------------
    def _create_message_batch(self, body: dict) -> tuple[int, dict]:
        requests = body.get("requests")
        if not isinstance(requests, list) or not requests:
            return 400, {"type": "error", "error": {"type": "invalid_request_error", "message": "requests: empty"}}
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        batch = {"id": "msgbatch_" + self._new_id("b"), "type": "message_batch", "processing_status": "in_progress",
                 "request_counts": {"processing": len(requests), "succeeded": 0, "errored": 0, "canceled": 0,
                                    "expired": 0},
                 "ended_at": None, "created_at": now, "expires_at": now, "cancel_initiated_at": None,
                 "results_url": None, "_requests": requests, "_plan": dict(self._plan), "_results": None}
        self.batches[batch["id"]] = batch
        return 200, _public(batch)

    def _retrieve_message_batch(self, batch_id: str) -> tuple[int, dict]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, {"type": "error", "error": {"type": "not_found_error", "message": batch_id}}
        plan = batch["_plan"]
        if batch["processing_status"] == "in_progress":
            if plan.get("hold", 0) > 0:
                plan["hold"] -= 1
            else:
                self._run_message_batch(batch)
        return 200, _public(batch)

    def _run_message_batch(self, batch: dict) -> None:
        plan, results = batch["_plan"], []
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        limit = plan.get("expire_after")
        for i, req in enumerate(batch["_requests"]):
            if limit is not None and i >= limit:
                result = {"type": "expired"}
            else:
                params = req["params"]
                messages = [{"role": "system", "content": "".join(b.get("text", "") for b in params["system"])}] \
                    if params.get("system") else []
                for m in params.get("messages", []):
                    content = m["content"]
                    text = content if isinstance(content, str) else "".join(b.get("text", "") for b in content)
                    messages.append({"role": m["role"], "content": text})
                body = {**{k: v for k, v in params.items() if k not in ("messages", "system")}, "messages": messages}
                with self._lock:
                    self.batch_requests.append(body)
                status, answer = self._answer(body)
                if status != 200:
                    result = {"type": "errored", "error": {"type": "error", "error": {
                        "type": "api_error" if status >= 500 else "invalid_request_error",
                        "message": answer.get("error", {}).get("message", "")}}}
                else:
                    text = answer["choices"][0]["message"]["content"]
                    result = {"type": "succeeded", "message": {
                        "id": "msg_" + self._new_id("m"), "type": "message", "role": "assistant",
                        "model": params.get("model"), "content": [{"type": "text", "text": text}],
                        "stop_reason": "end_turn", "stop_sequence": None,
                        "usage": {"input_tokens": sum(words(m["content"]) for m in messages),
                                  "output_tokens": words(text)}}}
            counts[result["type"]] += 1
            results.append({"custom_id": req["custom_id"], "result": result})
        batch["_results"] = b"".join(json.dumps(r).encode() + b"\n" for r in self._shuffled(results))
        batch.update(processing_status="ended", request_counts=counts,
                     ended_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     results_url=f"{self.root}/v1/messages/batches/{batch['id']}/results")

    def _cancel_batch(self, batch_id: str) -> tuple[int, dict]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, json.loads(_error_body(404, f"no batch {batch_id!r}"))
        if batch["status"] in ("validating", "in_progress"):
            batch.update(status="cancelled", cancelled_at=int(time.time()))
        return 200, _public(batch)

    def _run_batch(self, batch: dict) -> None:
        plan = batch["_plan"]
        now = int(time.time())
        lines = [json.loads(line) for line in self.files[batch["input_file_id"]]["content"].splitlines() if line.strip()]
        if plan.get("fail"):
            batch.update(status="failed", failed_at=now,
                         errors={"object": "list", "data": [{"code": "invalid_request", "message": plan["fail"],
                                                              "param": None, "line": 1}]})
            return
        out, err = [], []
        limit = plan.get("expire_after")
        for i, line in enumerate(lines):
            rid = self._new_id("batch_req")
            if limit is not None and i >= limit:
                err.append({"id": rid, "custom_id": line["custom_id"], "response": None,
                            "error": {"code": "batch_expired",
                                      "message": "This request could not be executed before the completion window expired."}})
                continue
            with self._lock:
                self.batch_requests.append(line["body"])
            status, body = self._answer(line["body"])
            entry = {"id": rid, "custom_id": line["custom_id"],
                     "response": {"status_code": status, "request_id": rid, "body": body}, "error": None}
            (out if status == 200 else err).append(entry)
        out, err = self._shuffled(out), self._shuffled(err)
        if out:
            batch["output_file_id"] = self._add_file(b"".join(json.dumps(e).encode() + b"\n" for e in out),
                                                     "batch_output", f"{batch['id']}_output.jsonl")["id"]
        if err:
            batch["error_file_id"] = self._add_file(b"".join(json.dumps(e).encode() + b"\n" for e in err),
                                                    "batch_output", f"{batch['id']}_error.jsonl")["id"]
        expired = limit is not None and limit < len(lines)
        batch.update(status="expired" if expired else "completed",
                     request_counts={"total": len(lines), "completed": len(out), "failed": len(err)},
                     in_progress_at=batch["in_progress_at"] or now, finalizing_at=now,
                     **({"expired_at": now} if expired else {"completed_at": now}))

    def _jitter_sleep(self) -> None:
        if self.jitter > 0:
            with self._lock:
                pause = self._rng.uniform(0.0, self.jitter)
            time.sleep(pause)

    def _shuffled(self, entries: list) -> list:
        if self.jitter > 0:
            with self._lock:
                self._rng.shuffle(entries)
        return entries

    def _next_action(self, body: dict):
        with self._lock:
            self.requests.append(body)
            fault = self._faults.pop(0) if self._faults else None
            if self.log:
                msgs = body.get("messages") or [{}]
                line = {"n": len(self.requests), "model": body.get("model"),
                        "prompt": str(msgs[-1].get("content"))[:120]}
                with open(self.log, "a", encoding="utf-8") as f:
                    f.write(json.dumps(line) + "\n")
        return fault


def _make_handler(server: ScriptedOpenAIServer):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True   # otherwise keep-alive replies stall ~40 ms (delayed ACK)

        def log_message(self, *args):  # keep test output clean
            pass

        def _send(self, status: int, payload: bytes, headers: dict | None = None,
                  content_type: str = "application/json"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self._headers_buffer.append(b"\r\n" + payload)   # headers and body in one write
            self.flush_headers()

        def do_GET(self):
            parts = self.path.split("?")[0].rstrip("/").split("/")
            if "messages" in parts and "batches" in parts:                 # Anthropic's Message Batches
                if parts[-1] == "results":
                    batch = server.batches.get(parts[-2])
                    if batch is None or batch.get("_results") is None:
                        self._send(404, b'{"type": "error", "error": {"type": "not_found_error"}}')
                    else:
                        self._send(200, batch["_results"], content_type="application/binary")
                    return
                status, body = server._retrieve_message_batch(parts[-1])
                self._send(status, json.dumps(body).encode())
                return
            if len(parts) >= 4 and parts[-3] == "files" and parts[-1] == "content":   # /v1/files/{id}/content
                f = server.files.get(parts[-2])
                if f is None:
                    self._send(404, _error_body(404, f"no file {parts[-2]!r}"))
                else:
                    self._send(200, f["content"], content_type="application/octet-stream")
                return
            if len(parts) >= 3 and parts[-2] == "files":
                f = server.files.get(parts[-1])
                self._send(*(((200, json.dumps(f["meta"]).encode())) if f else (404, _error_body(404, "no such file"))))
                return
            if len(parts) >= 3 and parts[-2] == "batches":
                status, body = server._retrieve_batch(parts[-1])
                self._send(status, json.dumps(body).encode())
                return
            # /v1/models, for clients that probe
            self._send(200, json.dumps({"object": "list", "data": [{"id": "test-model", "object": "model"}]}).encode())

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            path = self.path.split("?")[0].rstrip("/")
            if path.endswith("/files"):
                try:
                    fields = _multipart(self.headers.get("Content-Type", ""), raw)
                    content, filename = fields["file"]
                    meta = server._add_file(content, fields["purpose"][0].decode(), filename or "upload.jsonl")
                except (KeyError, ValueError) as exc:
                    self._send(400, _error_body(400, f"bad upload: {exc}"))
                    return
                self._send(200, json.dumps(meta).encode())
                return
            try:   # every other endpoint takes a JSON body
                body = json.loads(raw or b"{}")
            except ValueError:
                self._send(400, _error_body(400, "request body is not JSON"))
                return
            if path.endswith("/messages/batches"):
                status, out = server._create_message_batch(body)
                self._send(status, json.dumps(out).encode())
                return
            if path.endswith("/embeddings"):
                self._embeddings(body)
                return
            if "/batches" in path:
                if path.endswith("/batches"):
                    status, out = server._create_batch(body)
                elif path.endswith("/cancel"):
                    status, out = server._cancel_batch(path.split("/")[-2])
                else:
                    status, out = 404, json.loads(_error_body(404, "unknown batch endpoint"))
                self._send(status, json.dumps(out).encode())
                return
            with server._lock:
                server.inflight += 1
                server.max_inflight = max(server.max_inflight, server.inflight)
                server.request_headers.append(dict(self.headers))
                server.request_paths.append(self.path)
            try:
                self._handle(body)
            finally:
                with server._lock:
                    server.inflight -= 1

        def _embeddings(self, body: dict):
            server._jitter_sleep()
            with server._lock:
                server.embedding_requests.append(body)
            texts = body.get("input")
            texts = [texts] if isinstance(texts, str) else list(texts or [])
            data = [{"object": "embedding", "index": i, "embedding": fake_embedding(t)} for i, t in enumerate(texts)]
            data = server._shuffled(data)   # with jitter: the client must go by "index", not position
            tokens = sum(len(str(t).split()) for t in texts)
            self._send(200, json.dumps({"object": "list", "data": data, "model": body.get("model"),
                                        "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}).encode())

        def _handle(self, body: dict):
            server._jitter_sleep()
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


def _public(batch: dict) -> dict:
    return {k: v for k, v in batch.items() if not k.startswith("_")}


def _multipart(content_type: str, raw: bytes) -> dict[str, tuple[bytes, str | None]]:
    """The fields of a multipart/form-data body: name → (bytes, filename)."""
    from email.parser import BytesParser
    from email.policy import HTTP

    if "multipart/form-data" not in content_type:
        raise ValueError("not multipart/form-data")
    msg = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
    fields = {}
    for part in msg.iter_parts():
        name = part.get_param("name", header="content-disposition")
        fields[name] = (part.get_payload(decode=True) or b"", part.get_filename())
    return fields


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


def _load_replies(path: str):
    """The ``reply`` function of a Python rule file (``--replies``; e.g. tests/plausible_replies.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("st_scripted_replies", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--replies: cannot load '{path}'")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not callable(getattr(module, "reply", None)):
        raise SystemExit(f"--replies: '{path}' defines no reply(body) function")
    return module.reply


def main(argv=None):  # pragma: no cover - used by benchmarks and the example pipelines
    """Standalone server. ``--replies FILE.py`` answers with that file's ``reply(body)`` instead of
    the fixed ``--reply`` text; ``--log FILE`` appends one JSON line per chat request; ``--run CMD``
    starts the server, runs the shell command CMD with ``{url}`` replaced by the server's base URL
    (also in the environment as ``API_BASE``), stops the server and exits with CMD's status. A
    ``--port`` that is taken falls back to a free one (with a note on stderr)."""
    import argparse
    import os
    import subprocess

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--reply", default="OK")
    ap.add_argument("--replies", metavar="FILE.py", help="a Python file whose reply(body) answers every request")
    ap.add_argument("--log", metavar="FILE", help="append one JSON line per chat request to FILE")
    ap.add_argument("--run", metavar="CMD", help="run this shell command against the server, then stop")
    args = ap.parse_args(argv)
    reply = _load_replies(args.replies) if args.replies else args.reply
    try:
        srv = ScriptedOpenAIServer(latency=args.latency, port=args.port, log=args.log)
    except OSError as exc:
        if not args.port:
            raise
        print(f"openai_server: port {args.port} unavailable ({exc.strerror}); using a free one", file=sys.stderr)
        srv = ScriptedOpenAIServer(latency=args.latency, port=0, log=args.log)
    srv.reply(reply)
    if args.run:
        srv.start()
        try:
            # close_fds=False: a `make -jN` run this way keeps the parent make's jobserver
            done = subprocess.run(args.run.replace("{url}", srv.url), shell=True, close_fds=False,
                                  env={**os.environ, "API_BASE": srv.url})
        finally:
            srv.stop()
        sys.exit(done.returncode)
    print(srv.url, flush=True)
    try:
        srv.httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])


def fake_embedding(text: str, dim: int = 8) -> list[float]:
    """A deterministic stand-in embedding for ``POST /v1/embeddings``: counts of the text's words
    hashed into ``dim`` buckets (texts sharing words point the same way; not normalised)."""
    import hashlib

    vec = [0.0] * dim
    for w in str(text).lower().split():
        vec[int(hashlib.sha256(w.encode()).hexdigest(), 16) % dim] += 1.0
    vec[0] += 0.5          # no zero vector for an empty text
    return vec
