"""The LLM client: cached, concurrent, retrying, cost-counting calls through litellm.

One :class:`LLMClient` per command run.  :meth:`LLMClient.run` takes a list of :class:`Request`
and returns a list of :class:`Result` in the same order.  For each request:

1. the cache key is computed once, from the request (model, api_base, messages, sampling
   params, response format, sample index, template hash); a cached answer is served without
   taking a concurrency slot (bulk lookup before anything else);
2. otherwise the call waits for a slot of its provider's pool (``--max-concurrency``), checks
   the ``--max-cost`` budget, and goes to ``litellm.acompletion`` with litellm's own retries off;
3. 429, 5xx, timeouts and dropped connections are retried with exponential backoff and jitter,
   honouring ``Retry-After``; after the last try the result carries an ``error`` (never raised);
4. a successful answer is stored in the cache at once (errors and empty replies never are);
5. with ``Request.parse`` the reply is parsed; a parse failure triggers one repair re-ask (itself
   cached); a reply that still fails is *unscored*: ``value`` None, ``raw`` kept.

``--dry-run`` answers from the cache where it can and, for misses, only counts calls, prompt
tokens and estimated cost.  Totals for the run go to stderr at the end (:meth:`LLMClient.close`).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import functools
import os
import random
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from scholartools.llm import cache as cache_mod
from scholartools.llm.replies import ReplyParseError, repair_message, unscored
from scholartools.llm.templates import Template

#: params that change the answer and are forwarded to litellm
SAMPLING_PARAMS = ("temperature", "top_p", "max_tokens", "seed", "stop", "presence_penalty",
                   "frequency_penalty", "response_format", "logit_bias", "tools", "tool_choice",
                   "reasoning_effort")

DUMMY_KEY = "sk-no-key-needed"
#: what a reply parser may raise for "not the expected form"
PARSE_ERRORS = (ReplyParseError, ValueError, KeyError, TypeError, IndexError, AttributeError)


def _problem(exc: Exception) -> str:
    if isinstance(exc, ReplyParseError):
        return str(exc)
    return f"the reply does not have the expected form ({type(exc).__name__}: {exc})"
RETRYABLE_STATUS = {408, 409, 425, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524, 529}


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
    #: output tokens assumed per call when a request sets no max_tokens (dry-run, budget)
    assumed_output_tokens: int = 256


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
    calls: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = 0.0
    latency_ms: float = 0.0
    key: str | None = None
    model: str | None = None
    parse_problem: str | None = field(default=None, repr=False)

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
    if any(r.repaired for r in results):
        out["repairs"] = sum(r.repaired for r in results)
    if any(r.unscored and not r.dry_run for r in results):
        out["unscored"] = sum(1 for r in results if r.unscored and not r.dry_run)
    if any(r.dry_run for r in results):
        out["dry_run"] = True
    return out


class BudgetExceeded(Exception):
    pass


class CacheUnavailable(RuntimeError):
    """The cache file cannot be opened (bad path, not a database, no permission)."""


class _CallError(Exception):
    def __init__(self, kind: str, message: str, retryable: bool, retry_after: float | None = None,
                 status: int | None = None):
        super().__init__(message)
        self.kind, self.message, self.retryable = kind, message, retryable
        self.retry_after, self.status = retry_after, status


class _Totals:
    def __init__(self):
        self.lock = threading.Lock()
        self.calls = self.cache_hits = self.answered = self.errors = 0
        self.prompt_tokens = self.completion_tokens = 0
        self.cost = 0.0
        self.cost_unknown = 0
        self.dry_calls = 0
        self.dry_prompt_tokens = 0
        self.dry_cost = 0.0
        self.dry_cost_unknown = 0
        self.reserved = 0.0
        self.budget_refused = 0


class LLMClient:
    """Concurrent cached completions; see the module docstring."""

    def __init__(self, config: LLMConfig, log: Callable[[str], None] | None = None):
        self.config = config
        self.log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.cache = None
        if not config.no_cache:
            try:
                self.cache = cache_mod.ResponseCache(config.cache_path)
            except (sqlite3.Error, OSError) as exc:
                raise CacheUnavailable(f"cannot open the LLM cache '{config.cache_path or cache_mod.default_path()}': "
                                       f"{exc} (use --cache PATH or --no-cache)") from exc
        self.totals = _Totals()
        self._sems: dict[str, asyncio.Semaphore] = {}
        self._litellm = None
        self._warned: set[str] = set()
        self._budget_stop: str | None = None
        self._completion_mean = None
        self._key_known: dict[str, bool] = {}
        self._prices: dict[str, tuple[float, float] | None] = {}
        self._inline: dict[str, bool] = {}

    # ----------------------------------------------------------------------------- public
    def request(self, messages: list[dict] | str, template: Template | None = None, **kw) -> Request:
        """A :class:`Request` with the command-wide sampling settings (``--temperature``) applied."""
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        params = dict(kw.pop("params", {}) or {})
        if self.config.temperature is not None:
            params.setdefault("temperature", self.config.temperature)
        for k in list(kw):
            if k in SAMPLING_PARAMS:
                params[k] = kw.pop(k)
        return Request(messages=messages, params=params, template=template, **kw)

    def run(self, requests: list[Request]) -> list[Result]:
        """Answer every request (cache, then concurrent calls); results in input order."""
        if not requests:
            return []
        if not (self.config.model or all(r.model for r in requests)):
            raise ValueError("no model: give --model or set ST_MODEL")
        results: list[Result | None] = [None] * len(requests)
        keyed = [(r, *self._key(r)) for r in requests]
        hits = {}
        if self.cache is not None:
            hits = self._cache_op(self.cache.lookup_many, [k for _, k, _ in keyed]) or {}
        todo = []
        for i, (req, key, blob) in enumerate(keyed):
            hit = hits.get(key)
            if hit is not None:
                res = Result(request=req, key=key)
                self._apply_hit(res, hit)
                if req.parse is None or self._parse_into(res, res.text, final=False):
                    results[i] = res
                    continue
            todo.append(i)
        if todo:
            outs = self._submit(self._run_many([(*keyed[i], keyed[i][1] not in hits) for i in todo]))
            for i, res in zip(todo, outs):
                results[i] = res
        return results  # type: ignore[return-value]

    def complete(self, request: Request) -> Result:
        return self.run([request])[0]

    def close(self) -> None:
        """Print the run summary to stderr (if any LLM work happened) and release resources."""
        t = self.totals
        if self.config.dry_run and (t.dry_calls or t.cache_hits):
            cost = "unknown (no price for the model)" if t.dry_cost_unknown else f"~${t.dry_cost:.4f}"
            self.log(f"dry run: {t.dry_calls} calls needed, {t.cache_hits} cache hits, "
                     f"{t.dry_prompt_tokens} prompt tokens, estimated cost {cost} "
                     f"(assuming {self.config.assumed_output_tokens} output tokens per call without max_tokens)")
        elif t.calls or t.cache_hits or t.errors:
            if t.cost_unknown and t.cost_unknown == t.answered:
                cost = "unknown (no price for the model)"
            else:
                cost = f"${t.cost:.4f}" + (f" (+{t.cost_unknown} calls of unknown price)" if t.cost_unknown else "")
            self.log(f"llm: {t.calls} calls, {t.cache_hits} cache hits, {t.errors} failed, "
                     f"tokens {t.prompt_tokens} in / {t.completion_tokens} out, cost {cost}")
        if t.budget_refused:
            self.log(f"llm: --max-cost {self.config.max_cost} USD: {t.budget_refused} requests not sent")
        if self.cache is not None:
            self.cache.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ----------------------------------------------------------------------------- keys
    def _model(self, req: Request) -> str:
        return req.model or self.config.model  # type: ignore[return-value]

    def _key(self, req: Request) -> tuple[str, bytes]:
        body = {
            "model": self._model(req),
            "api_base": (self.config.api_base or "").rstrip("/") or None,
            "messages": req.messages,
            "params": {k: v for k, v in req.params.items() if k in SAMPLING_PARAMS},
            "sample": req.sample,
            "template_sha256": req.template.sha256 if req.template else None,
        }
        return cache_mod.request_key(body)

    # ----------------------------------------------------------------------------- results
    def _cache_op(self, fn, *args, **kwargs):
        """A cache read or write; a failure (disk full, corrupt row) is logged once, never fatal."""
        try:
            return fn(*args, **kwargs)
        except (sqlite3.Error, OSError, ValueError) as exc:
            if "cache" not in self._warned:
                self._warned.add("cache")
                self.log(f"llm: cache error ({type(exc).__name__}: {exc}); continuing without it for this request")
            return None

    def _apply_hit(self, res: Result, hit: dict) -> None:
        res.text = hit.get("text")
        res.ok = True
        res.cached = True
        res.cache_hits += 1
        res.model = self._model(res.request)   # provenance names the model as requested, hit or not
        with self.totals.lock:
            self.totals.cache_hits += 1

    def _parse_into(self, res: Result, text: str | None, final: bool) -> bool:
        """Parse ``text`` into ``res.value``; on failure set unscored when ``final``.

        A task parser may raise any of PARSE_ERRORS (a missing key, a wrong type) besides
        ReplyParseError: each means "this reply does not have the expected form".
        """
        try:
            res.value = res.request.parse(text or "")
            res.unscored = None
            return True
        except PARSE_ERRORS as exc:
            res.parse_problem = _problem(exc)
            if final:
                res.value = None
                res.unscored = unscored(text, "parse_failure", res.parse_problem)
            return False

    # ----------------------------------------------------------------------------- loop
    def _submit(self, coro):
        fut = asyncio.run_coroutine_threadsafe(coro, _shared_loop())
        try:
            return fut.result()
        except KeyboardInterrupt:
            fut.cancel()   # everything already answered is in the cache
            raise

    async def _run_many(self, items):
        return await asyncio.gather(*(self._one_safe(req, key, blob, miss) for req, key, blob, miss in items))

    async def _one_safe(self, req, key, blob, miss) -> Result:
        # one request's surprise (an odd provider payload) is that request's error, not the batch's
        try:
            return await self._one(req, key, blob, miss)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001
            with self.totals.lock:
                self.totals.errors += 1
            return Result(request=req, key=key, model=self._model(req), ok=False,
                          error={"kind": "llm_error", "message": f"{type(exc).__name__}: {exc}"[:500],
                                 "retryable": False})

    async def _one(self, req: Request, key: str, blob: bytes, looked_up: bool = False) -> Result:
        res = Result(request=req, key=key, model=self._model(req))
        text = await self._get(req, key, blob, res, looked_up=looked_up)
        if text is None or req.parse is None or res.dry_run:
            return res
        if self._parse_into(res, text, final=False):
            return res
        problem = res.parse_problem
        repair = replace(req, messages=list(req.messages) + [
            {"role": "assistant", "content": text}, {"role": "user", "content": repair_message(problem)}])
        rkey, rblob = self._key(repair)
        text2 = await self._get(repair, rkey, rblob, res)
        res.repaired = True
        if text2 is None:  # the repair call itself failed or is a dry run: keep the first reply
            res.error = None
            res.ok = True
            res.dry_run = False
            res.unscored = unscored(text, "parse_failure", problem)
            res.text = text
            return res
        if not self._parse_into(res, text2, final=True):
            res.unscored["first_reply"] = text
        return res

    async def _get(self, req: Request, key: str, blob: bytes, res: Result, looked_up: bool = False) -> str | None:
        """Text for one request: cache, else a (retried) call. Errors land in ``res.error``."""
        if self.cache is not None and not looked_up:
            hit = self._cache_op(self.cache.lookup, key)
            if hit is not None:
                self._apply_hit(res, hit)
                return res.text
        model = self._model(req)
        if self.config.dry_run:
            self._count_dry(req, model)
            res.dry_run = True
            res.unscored = unscored(None, "dry_run")
            return None
        provider = model.split("/", 1)[0] if "/" in model else model
        sem_key = f"{provider}|{self.config.api_base or ''}"
        sem = self._sems.get(sem_key)
        if sem is None:
            sem = self._sems[sem_key] = asyncio.Semaphore(max(1, int(self.config.max_concurrency)))
        async with sem:
            reserved = 0.0
            if self.config.max_cost is not None:
                try:
                    reserved = self._reserve(req, model)
                except BudgetExceeded as exc:
                    res.error = {"kind": "budget", "message": str(exc), "max_cost": self.config.max_cost}
                    res.ok = False
                    with self.totals.lock:
                        self.totals.budget_refused += 1
                        self.totals.errors += 1
                    return None
            try:
                return await self._call_with_retries(req, model, key, blob, res)
            finally:
                if reserved:
                    with self.totals.lock:
                        self.totals.reserved -= reserved

    async def _call_with_retries(self, req, model, key, blob, res) -> str | None:
        cfg = self.config
        attempt = 0
        while True:
            attempt += 1
            res.calls += 1
            with self.totals.lock:
                self.totals.calls += 1
            t0 = time.perf_counter()
            try:
                resp = await self._acompletion(req, model)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - classified below
                err = self._classify(exc)
                if err.retryable and attempt <= cfg.retries:
                    await asyncio.sleep(self._backoff(attempt, err.retry_after))
                    continue
                res.error = {"kind": err.kind, "message": err.message, "attempts": attempt,
                             "retryable": err.retryable}
                if err.status:
                    res.error["status"] = err.status
                res.ok = False
                with self.totals.lock:
                    self.totals.errors += 1
                return None
            latency = (time.perf_counter() - t0) * 1000
            return self._accept(resp, req, model, key, blob, res, latency)

    def _accept(self, resp, req, model, key, blob, res, latency) -> str | None:
        choice = resp.choices[0] if resp.choices else None
        text = choice.message.content if choice is not None and choice.message is not None else None
        finish = getattr(choice, "finish_reason", None)
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        cost = self._cost(resp, model, pt, ct)
        res.text = text
        res.ok = True
        res.prompt_tokens += pt
        res.completion_tokens += ct
        res.cost = None if cost is None or res.cost is None else res.cost + cost
        res.latency_ms += latency
        served = getattr(resp, "model", None)
        res.model = model
        with self.totals.lock:
            t = self.totals
            t.answered += 1
            t.prompt_tokens += pt
            t.completion_tokens += ct
            if cost is None:
                t.cost_unknown += 1
            else:
                t.cost += cost
            n = t.answered
            self._completion_mean = ct if self._completion_mean is None else \
                self._completion_mean + (ct - self._completion_mean) / n
        # never cache empty replies or content-filter refusals: a rerun should try again
        if self.cache is not None and text and finish != "content_filter":
            self._cache_op(self.cache.store, key, blob, {"text": text, "finish_reason": finish, "model": served},
                           model=model, served_model=served, prompt_tokens=pt, completion_tokens=ct,
                           cost=cost, latency_ms=round(latency, 3))
        return text

    async def _acompletion(self, req: Request, model: str):
        litellm = self._get_litellm()
        cfg = self.config
        kwargs: dict[str, Any] = dict(req.params)
        kwargs.update(model=model, messages=req.messages, timeout=cfg.timeout,
                      num_retries=0, max_retries=0)
        if cfg.api_base:
            kwargs["api_base"] = cfg.api_base
            key = os.environ.get("ST_API_KEY")
            if key:
                kwargs["api_key"] = key
            elif not self._has_provider_key(model):
                # OpenAI-compatible local servers need no key, but the client refuses to send none
                kwargs["api_key"] = DUMMY_KEY
        elif os.environ.get("ST_API_KEY"):
            kwargs["api_key"] = os.environ["ST_API_KEY"]
        token = _INLINE_OK.set(self._inline_ok(model))   # copied into the wait_for task's context
        try:
            return await asyncio.wait_for(litellm.acompletion(**kwargs), timeout=cfg.timeout + 5)
        finally:
            _INLINE_OK.reset(token)

    def _inline_ok(self, model: str) -> bool:
        """May litellm's request preparation for ``model`` run on the loop thread? (cached)"""
        ok = self._inline.get(model)
        if ok is None:
            try:
                provider = self._get_litellm().get_llm_provider(model=model, api_base=self.config.api_base)[1]
            except Exception:  # noqa: BLE001 - litellm will report the bad model itself
                provider = None
            ok = self._inline[model] = provider in INLINE_PROVIDERS and not os.environ.get("ST_LITELLM_FULL")
        return ok

    def _has_provider_key(self, model: str) -> bool:
        known = self._key_known.get(model)
        if known is None:
            litellm = self._get_litellm()
            try:
                known = bool(litellm.validate_environment(model=model).get("keys_in_environment"))
            except Exception:  # noqa: BLE001
                known = False
            self._key_known[model] = known
        return known

    def _get_litellm(self):
        if self._litellm is None:
            from scholartools.llm.env import import_litellm

            self._litellm = import_litellm()
        return self._litellm

    # ----------------------------------------------------------------------------- errors
    def _classify(self, exc: Exception) -> _CallError:
        name = type(exc).__name__
        msg = f"{name}: {exc}".replace("\n", " ")
        if len(msg) > 500:
            msg = msg[:500] + "…"
        status = getattr(exc, "status_code", None)
        if isinstance(exc, asyncio.TimeoutError) or "Timeout" in name:
            return _CallError("llm_timeout", msg, True, status=408)
        text = str(exc)
        if "Missing credentials" in text or "api_key" in text and "must be set" in text:
            return _CallError("llm_auth", msg, False, status=status)
        retry_after = _retry_after(exc)
        if name == "RateLimitError" or status == 429:
            return _CallError("llm_rate_limit", msg, True, retry_after, 429)
        if "APIConnectionError" in name or "Connection error" in text or "ConnectError" in text:
            return _CallError("llm_connection", msg, True, retry_after, status)
        if isinstance(status, int):
            if status in RETRYABLE_STATUS or status >= 500:
                return _CallError("llm_server_error", msg, True, retry_after, status)
            kind = {400: "llm_bad_request", 401: "llm_auth", 403: "llm_auth", 404: "llm_not_found"}.get(status, "llm_error")
            return _CallError(kind, msg, False, status=status)
        if "ContextWindowExceeded" in name or "BadRequest" in name or "AuthenticationError" in name \
                or "NotFound" in name or "UnsupportedParams" in name:
            return _CallError("llm_bad_request", msg, False, status=status)
        # unknown transport-ish failures (malformed bodies, resets) are worth another try
        return _CallError("llm_error", msg, True, retry_after, status)

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        cfg = self.config
        if retry_after is not None:
            # honour the server, plus a little jitter so a crowd does not return at once
            return min(max(retry_after, 0.0), max(cfg.backoff_max, 60.0) * 5) + random.uniform(0, 0.1 * cfg.backoff_base)
        delay = min(cfg.backoff_max, cfg.backoff_base * 2 ** (attempt - 1))
        return random.uniform(delay / 2, delay)  # "equal jitter"

    # ----------------------------------------------------------------------------- cost
    def _price(self, model: str) -> tuple[float, float] | None:
        """USD per token (input, output), or None when unknown."""
        if self.config.price:
            return self.config.price[0] / 1e6, self.config.price[1] / 1e6
        if model in self._prices:
            return self._prices[model]
        litellm = self._get_litellm()
        try:
            a, b = litellm.cost_per_token(model=model, prompt_tokens=1_000_000, completion_tokens=1_000_000)
            price = (a / 1e6, b / 1e6)
        except Exception:  # noqa: BLE001 - litellm raises for models it does not map
            price = None
        self._prices[model] = price
        return price

    def _cost(self, resp, model: str, pt: int, ct: int) -> float | None:
        price = self._price(model)
        if price is None:
            if model not in self._warned:
                self._warned.add(model)
                self.log(f"llm: no price known for '{model}'; its cost is recorded as null (--price IN,OUT sets one)")
            return None
        return pt * price[0] + ct * price[1]

    def _estimate(self, req: Request, model: str) -> tuple[int, float | None]:
        from scholartools.llm.tokens import count_message_tokens

        pt = count_message_tokens(req.messages, model)
        out = req.params.get("max_tokens")
        if not out:
            out = max(self.config.assumed_output_tokens, int(2 * (self._completion_mean or 0)))
        price = self._price(model)
        return pt, (None if price is None else pt * price[0] + out * price[1])

    def _count_dry(self, req: Request, model: str) -> None:
        pt, cost = self._estimate(req, model)
        with self.totals.lock:
            t = self.totals
            t.dry_calls += 1
            t.dry_prompt_tokens += pt
            if cost is None:
                t.dry_cost_unknown += 1
            else:
                t.dry_cost += cost

    def _reserve(self, req: Request, model: str) -> float:
        if self._budget_stop:
            raise BudgetExceeded(self._budget_stop)
        _, est = self._estimate(req, model)
        limit = self.config.max_cost
        if est is None:
            self._budget_stop = (f"--max-cost {limit} USD cannot be enforced: no price known for "
                                 f"'{model}' (set one with --price IN,OUT per million tokens)")
            raise BudgetExceeded(self._budget_stop)
        with self.totals.lock:
            t = self.totals
            if t.cost + t.reserved + est > limit:
                self._budget_stop = (f"--max-cost {limit} USD reached: spent ${t.cost:.6f}, "
                                     f"the next call (~${est:.6f}) would pass the budget; request not sent")
                raise BudgetExceeded(self._budget_stop)
            t.reserved += est
        return est


_LOOP: asyncio.AbstractEventLoop | None = None
_LOOP_LOCK = threading.Lock()

#: providers whose request preparation in litellm is pure CPU (no credential fetches, no
#: blocking I/O), so it may run on the event loop thread (:class:`_InlineCompletionExecutor`)
INLINE_PROVIDERS = frozenset({
    "openai", "custom_openai", "openai_like", "hosted_vllm", "lm_studio", "llamafile", "ollama",
    "ollama_chat", "anthropic", "groq", "deepseek", "mistral", "together_ai", "openrouter",
    "fireworks_ai", "xai", "deepinfra", "cerebras", "perplexity",
})
#: set by ``_acompletion`` around a call to an :data:`INLINE_PROVIDERS` provider
_INLINE_OK: contextvars.ContextVar[bool] = contextvars.ContextVar("st_llm_inline_ok", default=False)


def _is_litellm_completion(fn) -> bool:
    # litellm.acompletion runs `loop.run_in_executor(None, partial(ctx.run, partial(completion, **kw)))`
    inner = fn.args[0] if isinstance(fn, functools.partial) and fn.args else None
    target = getattr(inner, "func", None)
    return getattr(target, "__name__", "") == "completion" and \
        str(getattr(target, "__module__", "")).startswith("litellm")


class _InlineCompletionExecutor(concurrent.futures.ThreadPoolExecutor):
    """The shared loop's default executor: runs litellm's synchronous request preparation inline.

    ``litellm.acompletion`` hands the synchronous ``completion()`` (provider routing, parameter
    mapping; it returns the coroutine that does the HTTP call) to the loop's default thread pool
    on every call.  For HTTP-only providers that is ~1.5 ms of pure CPU, and the hand-off costs a
    thread switch plus GIL contention with the loop, both ways, per call.  It runs inline when the
    calling task marked its provider safe (:data:`_INLINE_OK`); everything else (DNS look-ups,
    cloud providers that refresh credentials synchronously) still goes to the thread pool.
    """

    def submit(self, fn, /, *args, **kwargs):
        if _INLINE_OK.get() and not args and not kwargs and _is_litellm_completion(fn):
            fut: concurrent.futures.Future = concurrent.futures.Future()
            try:
                fut.set_result(fn())
            except BaseException as exc:  # noqa: BLE001 - delivered to the awaiting task
                fut.set_exception(exc)
            return fut
        return super().submit(fn, *args, **kwargs)


def _shared_loop() -> asyncio.AbstractEventLoop:
    """One event loop thread per process: litellm caches its async HTTP clients per loop."""
    global _LOOP
    with _LOOP_LOCK:
        if _LOOP is None:
            loop = asyncio.new_event_loop()
            loop.set_default_executor(_InlineCompletionExecutor(thread_name_prefix="st-llm-exec"))
            ready = threading.Event()

            def runner():
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            threading.Thread(target=runner, name="st-llm-loop", daemon=True).start()
            ready.wait()
            _LOOP = loop
    return _LOOP


def _retry_after(exc: Exception) -> float | None:
    headers = getattr(exc, "litellm_response_headers", None)
    if headers is None:
        resp = getattr(exc, "response", None)
        headers = getattr(resp, "headers", None)
    if not headers:
        return None
    try:
        ms = headers.get("retry-after-ms")
        if ms is not None:
            return float(ms) / 1000
        val = headers.get("retry-after")
    except Exception:  # noqa: BLE001
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
