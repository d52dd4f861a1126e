"""Chat completions sent straight to an OpenAI-compatible server, without litellm (issues 33, 35).

A model ``openai/NAME`` or ``hosted_vllm/NAME`` with an explicit ``--api-base`` is a local or
self-hosted OpenAI-compatible server (vLLM, llama.cpp, the scripted test server).  For those,
litellm only forwards the request: the body it sends is ``{"model": NAME, "messages": …}`` plus
the sampling parameters unchanged, and the reply it returns is the server's.  Importing litellm to
do that costs ~3–4.5 CPU seconds per process (pydantic model building), more than the calls of
most pipeline steps; so :func:`usable` routes these calls here, and every other model (cloud
providers, model names litellm knows and rewrites: ``o3``, ``gpt-5``, …) still goes through
litellm.  ``ST_LLM_TRANSPORT=litellm`` sends everything through litellm.

What this module reproduces of litellm 1.106.2's handling of such a call (each point is checked
against litellm in ``tests/test_llm_openai_http.py``):

* the request: ``POST {api_base}/chat/completions``, the model name without its provider prefix,
  the messages and parameters as given (parameters set to None are left out), ``Authorization:
  Bearer KEY`` with the key litellm would use (``ST_API_KEY``; else ``OPENAI_API_KEY`` or the
  client's placeholder for ``openai/``, ``HOSTED_VLLM_API_KEY`` or ``fake-api-key`` for
  ``hosted_vllm/``), over TLS for https with ``SSL_CERT_FILE`` or certifi's bundle.  A request with
  anything litellm might rewrite (another parameter, a structured response format, content parts,
  tool messages) goes to litellm instead (:func:`sendable`), as does every call while a proxy, a
  TLS setting of litellm's or an OpenAI organisation or project is set (:data:`LITELLM_ENV`);
* the reply: ``choices[].message.content`` with a leading ``<think>…</think>`` block split off
  (unless the server sent ``reasoning_content``), ``finish_reason`` mapped to OpenAI's words,
  ``usage`` token counts (0 when absent), the served ``model``, ``logprobs``;
* the failures, as exceptions the client's :func:`~scholartools.llm.retry.classify` sorts the same
  way: HTTP statuses with their code (and ``Retry-After``), an ``error`` object in a 200 body,
  timeouts (``Timeout``), refused and dropped connections, bodies that are not JSON.

The HTTP/1.1 client is a small one on asyncio streams (no thread per call, cancelled with its
task), keeping connections alive per server on the client's event loop.
"""
from __future__ import annotations

import asyncio
import os
import re
import weakref
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

#: ``ST_LLM_TRANSPORT``: ``auto`` (the default: direct where :func:`usable`) or ``litellm``
ENV = "ST_LLM_TRANSPORT"
PROVIDERS = frozenset({"openai", "hosted_vllm"})
#: the key sent to a server without one when no key is set (OpenAI's client refuses to send none)
NO_KEY = "sk-no-key-needed"
#: request parameters litellm sends unchanged to such a server
PARAMS = frozenset({"temperature", "top_p", "max_tokens", "seed", "stop", "presence_penalty", "frequency_penalty",
                    "logit_bias", "logprobs", "top_logprobs", "n", "reasoning_effort", "response_format"})
PLAIN_FORMATS = ({"type": "json_object"}, {"type": "text"})
ROLES = frozenset({"system", "user", "assistant"})
#: variables that change where or how litellm's HTTP client connects, or what it sends: set → litellm
#: (``SSL_CERT_FILE`` is honoured here as litellm honours it: the CA bundle of an https server)
LITELLM_ENV = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy",
               "SSL_VERIFY", "SSL_SECURITY_LEVEL", "SSL_ECDH_CURVE", "SSL_CERTIFICATE",
               "OPENAI_ORGANIZATION", "OPENAI_ORG_ID", "OPENAI_PROJECT_ID")
#: model names litellm's openai provider rewrites requests for (reasoning series, its catalogue)
_OPENAI_FAMILY = re.compile(r"(gpt|chatgpt|o\d|ft:|codex|computer-use|davinci|babbage|text-)", re.I)
#: a leading reasoning block in the content, as litellm splits it off
_THINK = re.compile(r"<(?:think|thinking|budget:thinking)>(.*?)</(?:think|thinking|budget:thinking)>(.*)", re.S)
#: provider finish reasons litellm reports as another OpenAI word; any other unknown one is "stop"
_FINISH = {"length": "length", "max_tokens": "length", "MAX_TOKENS": "length", "compaction": "length",
           "tool_calls": "tool_calls", "tool_use": "tool_calls", "function_call": "function_call",
           **{w: "content_filter" for w in (
               "content_filter", "content_filtered", "refusal", "ERROR_TOXIC", "SAFETY", "RECITATION", "LANGUAGE",
               "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT",
               "NO_IMAGE", "IMAGE_RECITATION", "IMAGE_OTHER", "ESCALATION", "sensitive", "guardrail_intervened")}}
#: bytes read at most for a status line or one header line
MAX_LINE = 65536
#: seconds a kept-alive connection may stay idle before it is closed rather than reused (servers
#: close theirs after ~5 s: uvicorn, vLLM's server, the default)
KEEP_IDLE = 4.0


def wanted() -> bool:
    """False when ``ST_LLM_TRANSPORT=litellm`` asks for litellm everywhere."""
    return os.environ.get(ENV, "auto").strip().lower() != "litellm"


def usable(model: str, api_base: str | None) -> bool:
    """Does a call of ``model`` at ``api_base`` go straight to the server? (see the module docstring)"""
    if not (api_base and wanted()) or any(os.environ.get(name) for name in LITELLM_ENV):
        return False
    provider, _, name = model.partition("/")
    if provider not in PROVIDERS or not name:
        return False
    url = urlsplit(api_base)
    if url.scheme not in ("http", "https") or not url.hostname or url.query or url.fragment \
            or url.username or url.password:
        return False
    from scholartools.llm.prices import price_map

    table = price_map()
    return model not in table and name not in table and not _OPENAI_FAMILY.match(name.rsplit("/", 1)[-1])


def sendable(messages: list, params: dict) -> bool:
    """Is the request one litellm would send as it is? (plain text messages, :data:`PARAMS`)"""
    for key, value in params.items():
        if key not in PARAMS or key == "response_format" and value is not None and value not in PLAIN_FORMATS:
            return False
    return all(isinstance(m, dict) and m.keys() <= {"role", "content"} and m.get("role") in ROLES
               and isinstance(m.get("content"), str) for m in messages)


def api_key(provider: str) -> str:
    """The key litellm would send to the server."""
    key = os.environ.get("ST_API_KEY")
    if key:
        return key
    if provider == "openai":
        return os.environ.get("OPENAI_API_KEY") or NO_KEY
    return os.environ.get("HOSTED_VLLM_API_KEY") or "fake-api-key"


# ----------------------------------------------------------------------------- replies
@dataclass
class Message:
    content: str | None
    role: str = "assistant"
    reasoning_content: str | None = None


@dataclass
class Choice:
    message: Message
    finish_reason: str
    index: int = 0
    logprobs: Any = None


@dataclass
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class Reply:
    """The fields of a chat completion the client reads (litellm's ModelResponse has the same names)."""

    model: str | None
    choices: list[Choice]
    usage: Usage = field(default_factory=Usage)
    id: str | None = None


class APIError(Exception):
    """A failed call; ``status_code`` as the server (or litellm, for the same failure) gives it."""

    def __init__(self, message: str, status_code: Any = None, headers: dict | None = None):
        super().__init__(message)
        self.status_code = status_code
        self.headers = headers or {}


class BadRequestError(APIError):
    pass


class AuthenticationError(APIError):
    pass


class NotFoundError(APIError):
    pass


class RateLimitError(APIError):
    pass


class InternalServerError(APIError):
    pass


class ServiceUnavailableError(APIError):
    pass


class Timeout(APIError):
    pass


class APIConnectionError(APIError):
    pass


_BY_STATUS = {400: BadRequestError, 401: AuthenticationError, 404: NotFoundError, 408: Timeout, 429: RateLimitError,
              500: InternalServerError, 503: ServiceUnavailableError}


def status_error(status: Any, message: str, headers: dict | None = None) -> APIError:
    cls = _BY_STATUS.get(status, APIError) if isinstance(status, int) else APIError
    return cls(message, status, headers)


def finish_reason(choice: dict, message: dict) -> str:
    reason = choice.get("finish_reason")
    if reason is None:
        reason = choice.get("finish_details") or "stop"
    if reason == "stop" and message.get("tool_calls"):
        return "tool_calls"
    return _FINISH.get(reason, "stop") if isinstance(reason, str) else "stop"


def reply_of(body: Any, where: str) -> Reply:
    """The :class:`Reply` of a 200 response body, or the :class:`APIError` litellm raises for it."""
    if not isinstance(body, dict):
        raise InternalServerError(f"{where} answered with JSON that is not an object", 500)
    error = body.get("error")
    if error:   # some servers report a failure inside a 200 body
        code = error.get("code") if isinstance(error, dict) else None
        text = error.get("message") if isinstance(error, dict) else error
        if not isinstance(error, dict) or text or code is not None:
            raise status_error(422 if code is None else code, f"{where}: {text or 'error in the response'}")
    choices = body.get("choices")
    if not isinstance(choices, list):
        raise InternalServerError(f"{where} answered with 'choices' that is not a list", 500)
    out = []
    for i, choice in enumerate(choices):
        message = choice.get("message") if isinstance(choice, dict) else None
        if not isinstance(message, dict) or not isinstance(message.get("content"), (str, type(None))):
            raise InternalServerError(f"{where} answered with an invalid response object (choice {i})", 500)
        content, reasoning = message.get("content"), None
        if "reasoning_content" in message or "reasoning" in message:
            reasoning = message.get("reasoning_content", message.get("reasoning"))
        elif content:
            m = _THINK.match(content)
            if m:
                reasoning, content = m.group(1), m.group(2)
        out.append(Choice(Message(content, message.get("role") or "assistant", reasoning),
                          finish_reason(choice, message), i, choice.get("logprobs")))
    usage = body.get("usage") if isinstance(body.get("usage"), dict) else {}
    return Reply(body.get("model"), out, Usage(int(usage.get("prompt_tokens") or 0),
                                               int(usage.get("completion_tokens") or 0)), body.get("id"))


# ----------------------------------------------------------------------------- the call
async def complete(model: str, api_base: str, messages: list, params: dict, timeout: float,
                   key: str | None = None) -> Reply:
    """One chat completion of ``model`` (``provider/NAME``) at ``api_base``; raises :class:`APIError`."""
    import orjson

    provider, _, name = model.partition("/")
    body = {"model": name, "messages": messages, **{k: v for k, v in params.items() if v is not None}}
    url = api_base.rstrip("/") + "/chat/completions"
    headers = {"Authorization": f"Bearer {key or api_key(provider)}", "Content-Type": "application/json",
               "Accept": "application/json"}
    status, answer_headers, data = await post(url, headers, orjson.dumps(body), timeout)
    where = f"the server at {api_base}"
    try:
        answer = orjson.loads(data) if data else None
    except orjson.JSONDecodeError as exc:
        if 200 <= status < 300:
            raise InternalServerError(f"{where} answered with a body that is not JSON ({exc})", 500,
                                      answer_headers) from None
        answer = None
    if not 200 <= status < 300:
        detail = answer.get("error") if isinstance(answer, dict) else None
        text = detail.get("message") if isinstance(detail, dict) else detail
        text = text or (data[:300].decode("utf-8", "replace") if data else f"HTTP {status}")
        raise status_error(status, f"{where} answered {status}: {text}", answer_headers)
    return reply_of(answer, where)


# ----------------------------------------------------------------------------- HTTP/1.1
class _Connection:
    __slots__ = ("reader", "writer")

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader, self.writer = reader, writer

    def alive(self) -> bool:
        return not (self.reader.at_eof() or self.writer.is_closing())

    def close(self) -> None:
        try:
            self.writer.close()
        except Exception:  # noqa: BLE001 - already gone
            pass


#: idle keep-alive connections of each event loop: (scheme, host, port) → [(connection, idle since)]
_IDLE: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict]" = weakref.WeakKeyDictionary()
_SSL = None


def _ssl_context():
    global _SSL
    if _SSL is None:
        import ssl

        cafile = os.environ.get("SSL_CERT_FILE")   # as litellm: this bundle if it exists, else certifi's
        if not (cafile and os.path.exists(cafile)):
            try:
                import certifi

                cafile = certifi.where()
            except ImportError:  # pragma: no cover - certifi comes with litellm
                cafile = None
        _SSL = ssl.create_default_context(cafile=cafile)
    return _SSL


async def _within(awaitable, timeout: float, what: str, url: str):
    try:
        return await asyncio.wait_for(awaitable, timeout)
    except asyncio.TimeoutError:
        raise Timeout(f"no {what} from {url} within {timeout:g} s", 408) from None


async def _connect(where: tuple, timeout: float, url: str) -> _Connection:
    scheme, host, port = where
    try:
        reader, writer = await _within(asyncio.open_connection(
            host, port, ssl=_ssl_context() if scheme == "https" else None, limit=MAX_LINE), timeout, "connection", url)
    except OSError as exc:
        raise APIConnectionError(f"Connection error: {exc}", 500) from exc
    return _Connection(reader, writer)


def close_idle() -> None:
    """Close the idle connections of the running loop (at exit)."""
    try:
        pools = _IDLE.pop(asyncio.get_running_loop(), {})
    except RuntimeError:
        return
    for conns in pools.values():
        for conn, _ in conns:
            conn.close()


async def post(url: str, headers: dict, body: bytes, timeout: float) -> tuple[int, dict, bytes]:
    """``POST url`` with ``body``: (status, lower-cased headers, body). Every network wait is bounded by
    ``timeout`` seconds (as litellm's client bounds connect, write and each read).  A connection
    the server dropped is an error (the client's retry loop decides), never a silent resend: the
    server may have received the request."""
    parts = urlsplit(url)
    scheme = parts.scheme
    where = (scheme, parts.hostname, parts.port or (443 if scheme == "https" else 80))
    head = [f"POST {parts.path or '/'} HTTP/1.1", f"Host: {parts.netloc}", f"Content-Length: {len(body)}"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    request = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
    loop = asyncio.get_running_loop()
    pool = _IDLE.setdefault(loop, {}).setdefault(where, [])
    conn = None
    while pool and conn is None:
        conn, since = pool.pop()
        if loop.time() - since > KEEP_IDLE or not conn.alive():
            conn.close()
            conn = None
    if conn is None:
        conn = await _connect(where, timeout, url)
    keep = False
    try:
        conn.writer.write(request)
        await _within(conn.writer.drain(), timeout, "write", url)
        line = await _within(conn.reader.readline(), timeout, "answer", url)
        if not line:
            raise APIConnectionError("Connection error: the server closed the connection without answering", 500)
        status, answer_headers, data, keep = await _read_response(conn.reader, line, timeout, url)
        return status, answer_headers, data
    except asyncio.IncompleteReadError as exc:
        raise APIConnectionError(f"Connection error: the answer was cut off ({exc})", 500) from exc
    except (ConnectionError, OSError) as exc:
        raise APIConnectionError(f"Connection error: {exc}", 500) from exc
    finally:
        if keep and conn.alive():
            pool.append((conn, loop.time()))
        else:
            conn.close()


async def _read_response(reader: asyncio.StreamReader, line: bytes, timeout: float, url: str):
    try:
        version, status_text = line.split(None, 2)[:2]
        status = int(status_text)
    except ValueError:
        raise APIConnectionError(f"Connection error: not an HTTP status line: {line[:80]!r}", 500) from None
    headers: dict[str, str] = {}
    while True:
        raw = await _within(reader.readline(), timeout, "answer", url)
        if raw in (b"\r\n", b"\n"):
            break
        if not raw:
            raise asyncio.IncompleteReadError(b"", None)
        name, _, value = raw.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    if "chunked" in headers.get("transfer-encoding", "").lower():
        chunks = []
        while True:
            size_line = await _within(reader.readline(), timeout, "answer", url)
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while (await _within(reader.readline(), timeout, "answer", url)) not in (b"\r\n", b"\n", b""):
                    pass
                break
            chunks.append(await _within(reader.readexactly(size), timeout, "answer", url))
            await _within(reader.readexactly(2), timeout, "answer", url)
        data = b"".join(chunks)
        known_length = True
    elif "content-length" in headers:
        data = await _within(reader.readexactly(int(headers["content-length"])), timeout, "answer", url)
        known_length = True
    else:
        data = await _within(reader.read(), timeout, "answer", url)
        known_length = False
    connection = headers.get("connection", "").lower()
    keep = known_length and connection != "close" and (version != b"HTTP/1.0" or connection == "keep-alive")
    return status, headers, data, keep
