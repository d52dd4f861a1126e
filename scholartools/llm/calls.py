"""The request and reply types of the LLM layer: settings of a run, one request, one result.

A :class:`Request` is one chat completion to make (one sample); the client answers it with a
:class:`Result` (the reply text, the parsed value or an unscored verdict, the error after the last
retry, tokens, cost, whether it came from the cache).  :func:`provenance` sums the results of one
record into the fields of its provenance entry.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from scholartools.llm.replies import unscored
from scholartools.llm.templates import Template

#: params that change the answer and are forwarded to litellm
SAMPLING_PARAMS = ("temperature", "top_p", "max_tokens", "seed", "stop", "presence_penalty",
                   "frequency_penalty", "response_format", "logit_bias", "tools", "tool_choice",
                   "reasoning_effort", "logprobs", "top_logprobs")


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class LLMConfig:
    """Settings of the LLM layer (built from the command options by ``options.settings_from``)."""

    model: str | None = None
    api_base: str | None = None
    max_concurrency: int = 8
    retries: int = 5
    timeout: float = 120.0
    cache_path: str | None = None
    no_cache: bool = False
    dry_run: bool = False
    max_cost: float | None = None
    temperature: float | None = None
    #: USD per million (input, output) tokens, for models litellm's price map does not know
    price: tuple[float, float] | None = None
    #: backoff: base * 2**attempt seconds (scaled down in tests with ST_LLM_BACKOFF_BASE)
    backoff_base: float = field(default_factory=lambda: _env_float("ST_LLM_BACKOFF_BASE", 1.0))
    backoff_max: float = field(default_factory=lambda: _env_float("ST_LLM_BACKOFF_MAX", 60.0))
    #: the longest wait a server's Retry-After may ask for (``--max-retry-wait``); a longer one
    #: ends the request with an error instead of a silent sleep
    max_retry_wait: float = 60.0
    #: output tokens assumed per call when a request sets no max_tokens (dry-run, budget)
    assumed_output_tokens: int = 256
    #: ``--batch-api``: None (call), "submit" (write uncached requests into a provider batch),
    #: "collect" / "wait" (fetch finished batches into the cache; see scholartools.llm.batch)
    batch_api: str | None = None
    #: ``--rpm``: requests (attempts) started per ``rpm_window`` seconds per provider and server
    rpm: int | None = None
    rpm_window: float = 60.0
    #: ``--json-mode``: the provider's JSON mode where the prompt asks for a JSON object and the
    #: model takes it (llm/json_mode.py)
    json_mode: bool = True


@dataclass
class Request:
    """One chat completion to make (one sample)."""

    messages: list[dict]
    params: dict = field(default_factory=dict)
    sample: int = 0
    template: Template | None = None
    #: reply parser (``replies.parse_*`` partial); enables the repair re-ask and unscored verdicts
    parse: Callable[[str], Any] | None = None
    model: str | None = None
    #: free slot for the caller (e.g. the record id); not part of the key
    tag: Any = None

    def samples(self, n: int) -> list["Request"]:
        """This request as ``n`` samples (indexes 0..n-1), each cached under its own key."""
        return [replace(self, sample=i) for i in range(n)]


@dataclass
class Result:
    request: Request
    text: str | None = None
    value: Any = None
    ok: bool = False
    error: dict | None = None
    unscored: dict | None = None
    cached: bool = False
    repaired: bool = False
    dry_run: bool = False
    #: under --dry-run: 1 for the request a real run would send (an identical one asked again: 0)
    dry_calls: int = 0
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = 0.0
    latency_ms: float = 0.0
    key: str | None = None
    model: str | None = None
    parse_problem: str | None = field(default=None, repr=False)
    #: the reply repeated its prompt (only the text after the echo was parsed; llm/echo.py)
    echoed: bool = False
    #: per-token log-probabilities of the reply when the request asked for them (``logprobs``
    #: param) and the provider returned them: ``[{"token", "logprob", "top_logprobs": [{"token",
    #: "logprob"}]}]``; stored in the cache with the text
    logprobs: list | None = field(default=None, repr=False)

    @property
    def tokens(self) -> dict:
        return {"prompt": self.prompt_tokens, "completion": self.completion_tokens}

    def verdict(self) -> dict:
        """``{"value", "raw"}`` or the unscored form ``{"value": None, "raw", "unscored_reason"}``."""
        if self.unscored:
            return dict(self.unscored)
        if self.dry_run:
            return unscored(None, "dry_run")
        if self.error:
            return unscored(self.text, "error", self.error.get("message"))
        return {"value": self.value if self.request.parse else self.text, "raw": self.text}

    def as_exception(self):
        """The :class:`~scholartools.records.RecordError` for a failed call, or None.

        In a ``map_batch`` function, put it in the returned list in place of that record's output:
        the framework turns it into that record's error record.  (Raising it from the batch
        function instead would turn every record of the batch into an error record.)
        """
        if not self.error:
            return None
        from scholartools.records import RecordError

        extra = {k: v for k, v in self.error.items() if k not in ("kind", "message")}
        return RecordError(self.error["kind"], self.error["message"], **extra)

    def raise_for_error(self) -> "Result":
        """Raise the :meth:`as_exception` error when the call failed (for per-record code: ``io.map``)."""
        exc = self.as_exception()
        if exc is not None:
            raise exc
        return self


def plain_logprobs(choice_logprobs: Any) -> list | None:
    """A provider's ``choice.logprobs`` (litellm's ``ChoiceLogprobs`` or a plain dict) as plain
    JSON: ``[{"token", "logprob", "top_logprobs": [{"token", "logprob"}]}]``, or None."""
    if choice_logprobs is None:
        return None
    content = choice_logprobs.get("content") if isinstance(choice_logprobs, dict) \
        else getattr(choice_logprobs, "content", None)
    if not content:
        return None

    def get(obj, name):
        return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)

    out = []
    for tok in content:
        top = [{"token": get(t, "token"), "logprob": get(t, "logprob")} for t in (get(tok, "top_logprobs") or [])]
        out.append({"token": get(tok, "token"), "logprob": get(tok, "logprob"), "top_logprobs": top})
    return out


def provenance(results: list[Result], client: "LLMClient | None" = None) -> dict:
    """Per-record ``_provenance`` fields summed over ``results`` (the calls made for one record)."""
    costs = [r.cost for r in results if not r.dry_run]
    cost = None if any(c is None for c in costs) else round(sum(costs), 10)
    out = {
        "calls": sum(r.calls for r in results),
        "cache_hits": sum(r.cache_hits for r in results),
        "tokens": {"prompt": sum(r.prompt_tokens for r in results),
                   "completion": sum(r.completion_tokens for r in results)},
        "cost": cost,
    }
    models = sorted({r.model for r in results if r.model})
    if models:
        out["model"] = models[0] if len(models) == 1 else models
    elif client is not None and client.config.model:
        out["model"] = client.config.model
    tpls = {(r.request.template.name, r.request.template.sha256) for r in results if r.request.template}
    if len(tpls) == 1:
        name, sha = next(iter(tpls))
        out["template"] = {"name": name, "sha256": sha}
    elif tpls:
        out["template"] = [{"name": n, "sha256": s} for n, s in sorted(tpls)]
    if any(r.request.params.get("response_format") for r in results):
        out["json_mode"] = sum(1 for r in results if r.request.params.get("response_format"))
    if any(r.repaired for r in results):
        out["repairs"] = sum(r.repaired for r in results)
    if any(r.unscored and not r.dry_run for r in results):
        out["unscored"] = sum(1 for r in results if r.unscored and not r.dry_run)
    if any(r.echoed for r in results):
        out["echoed_prompt"] = sum(1 for r in results if r.echoed)
    if any(r.dry_run for r in results):
        out["dry_run"] = True
        out["dry_calls"] = sum(r.dry_calls for r in results)
    return out
