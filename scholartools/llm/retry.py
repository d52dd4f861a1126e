"""The retry policy of the LLM layer: which failures are worth another try, and how long to wait.

429, 5xx, timeouts, dropped connections and empty replies are retried with exponential backoff
and "equal jitter" (a random wait between half and all of ``base * 2**(attempt-1)``, capped at
``backoff_max``), honouring a ``Retry-After`` (or ``retry-after-ms``) header when the server
sends one.  Authentication failures, bad requests and unknown models are not retried: another
try cannot succeed.  litellm's own retries are switched off (``num_retries=0``), so this is the
only retry loop.
"""
from __future__ import annotations

import asyncio
import random
import time

#: HTTP statuses worth another try (besides every 5xx)
RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524, 529})


class CallError(Exception):
    """One failed attempt, classified: ``kind`` (``llm_rate_limit`` …), whether to retry."""

    def __init__(self, kind: str, message: str, retryable: bool, retry_after: float | None = None,
                 status: int | None = None):
        super().__init__(message)
        self.kind, self.message, self.retryable = kind, message, retryable
        self.retry_after, self.status = retry_after, status

    def as_error(self, attempts: int) -> dict:
        """The ``error`` object a :class:`~scholartools.llm.calls.Result` carries after the last try."""
        err = {"kind": self.kind, "message": self.message, "attempts": attempts, "retryable": self.retryable}
        if self.status:
            err["status"] = self.status
        return err


def classify(exc: Exception) -> CallError:
    """The :class:`CallError` for an exception raised by litellm (or the transport under it), or by
    :mod:`scholartools.llm.openai_http`."""
    if isinstance(exc, CallError):
        return exc
    from scholartools.llm.masking import mask

    name = type(exc).__name__
    msg = mask(f"{name}: {exc}".replace("\n", " "))
    if len(msg) > 500:
        msg = msg[:500] + "…"
    status = getattr(exc, "status_code", None)
    if isinstance(exc, asyncio.TimeoutError) or "Timeout" in name:
        return CallError("llm_timeout", msg, True, status=408)
    text = str(exc)
    if "Missing credentials" in text or "api_key" in text and "must be set" in text:
        return CallError("llm_auth", msg, False, status=status)
    after = retry_after(exc)
    refused = connection_refused(exc)
    if refused is not None:
        return CallError("llm_connection_refused", f"connection refused by {refused}", False)
    if name == "RateLimitError" or status == 429:
        return CallError("llm_rate_limit", msg, True, after, 429)
    if "APIConnectionError" in name or "Connection error" in text or "ConnectError" in text:
        return CallError("llm_connection", msg, True, after, status)
    if isinstance(status, int):
        if status in RETRYABLE_STATUS or status >= 500:
            return CallError("llm_server_error", msg, True, after, status)
        kind = {400: "llm_bad_request", 401: "llm_auth", 403: "llm_auth", 404: "llm_not_found"}.get(status, "llm_error")
        return CallError(kind, msg, False, status=status)
    if "ContextWindowExceeded" in name or "BadRequest" in name or "AuthenticationError" in name \
            or "NotFound" in name or "UnsupportedParams" in name:
        return CallError("llm_bad_request", msg, False, status=status)
    # unknown transport-ish failures (malformed bodies, resets) are worth another try
    return CallError("llm_error", msg, True, after, status)


def connection_refused(exc: BaseException) -> str | None:
    """``host:port`` (or "the server") when ``exc`` was caused by a refused connection, else None.

    litellm wraps it several layers deep (InternalServerError → APIConnectionError → httpx /
    aiohttp connect error → ConnectionRefusedError), under a generic "Connection error."."""
    seen = set()
    x: BaseException | None = exc
    while x is not None and id(x) not in seen:
        seen.add(id(x))
        if isinstance(x, ConnectionRefusedError) or getattr(x, "errno", None) == 111:
            host, port = getattr(x, "host", None), getattr(x, "port", None)
            if host is None:
                import re

                m = re.search(r"\('([^']+)', (\d+)\)", str(x))
                host, port = (m.group(1), m.group(2)) if m else (None, None)
            return f"{host}:{port}" if host else "the server"
        x = x.__cause__ or x.__context__
    return None


def backoff(attempt: int, after: float | None, base: float, cap: float) -> float:
    """Seconds to wait before attempt ``attempt + 1`` (a server's ``Retry-After`` is honoured as
    it is: the client checks it against ``--max-retry-wait`` first)."""
    if after is not None:
        # honour the server, plus a little jitter so a crowd does not return at once
        return max(after, 0.0) + random.uniform(0, 0.1 * base)
    delay = min(cap, base * 2 ** (attempt - 1))
    return random.uniform(delay / 2, delay)


def retry_after(exc: Exception) -> float | None:
    """Seconds from a ``retry-after-ms`` / ``retry-after`` header on the exception's response."""
    headers = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        resp = getattr(exc, "response", None)
        headers = getattr(resp, "headers", None)
    if headers is None:   # llm/openai_http.py's errors carry the headers themselves (names lower-cased)
        headers = getattr(exc, "headers", None)
    if not headers:
        return None
    try:
        ms = headers.get("retry-after-ms")
        if ms is not None:
            return float(ms) / 1000
        val = headers.get("retry-after")
    except Exception:  # noqa: BLE001 - odd header objects
        return None
    if val is None:
        return None
    try:
        return float(val)
    except ValueError:
        from email.utils import parsedate_to_datetime

        try:
            return max(0.0, parsedate_to_datetime(val).timestamp() - time.time())
        except (TypeError, ValueError):
            return None
