"""The LLM client: cached, concurrent, retrying, cost-counting calls through litellm.

One :class:`LLMClient` per command run.  :meth:`LLMClient.run` takes a list of
:class:`~scholartools.llm.calls.Request` and returns a list of
:class:`~scholartools.llm.calls.Result` in the same order.  For each request:

1. the cache key is computed once, from the request (model, api_base, messages, sampling
   params, response format, sample index, template hash); identical requests are asked once
   (within the list, across concurrent ``run`` calls, and across processes sharing the cache);
   a cached answer is served without taking a concurrency slot;
2. otherwise the call waits for a slot of its provider's pool (``--max-concurrency``), checks
   the ``--max-cost`` budget, and goes to ``litellm.acompletion`` with litellm's own retries off
   — or, for an ``openai/`` or ``hosted_vllm/`` model at an explicit ``--api-base``, straight to
   the server (:mod:`scholartools.llm.openai_http`: the same request and reply, no litellm import);
3. 429, 5xx, timeouts, dropped connections and empty replies are retried
   (:mod:`scholartools.llm.retry`); after the last try the result carries an ``error``, never
   raised;
4. a successful answer is stored in the cache at once (errors and empty replies never are);
5. with ``Request.parse`` the reply is parsed; a parse failure triggers one repair re-ask (itself
   cached); a reply that still fails is *unscored*: ``value`` None, ``raw`` kept, and the reply
   that could not be parsed is kept in the cache for inspection but never served again.

``--dry-run`` answers from the cache where it can and, for misses, only counts calls, prompt
tokens and estimated cost.  Totals for the run go to stderr at the end (:meth:`LLMClient.close`).
Ctrl-C during :meth:`run` raises :class:`RunInterrupted` carrying the results already complete.
"""
from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import os
import sys
import threading
import time
from dataclasses import replace
from typing import Any, Callable

from scholartools.llm import cache as cache_mod
from scholartools.llm import litellm_compat, openai_http
from scholartools.llm.cache import CacheUnavailable  # noqa: F401 (re-exported)
from scholartools.llm.calls import SAMPLING_PARAMS, LLMConfig, Request, Result, plain_logprobs, provenance  # noqa: F401 (re-exported)
from scholartools.llm.cost import BudgetExceeded, Ledger, Pricing
from scholartools.llm.echo import answer_region
from scholartools.llm.masking import mask
from scholartools.llm.replies import ReplyParseError, repair_message, unscored
from scholartools.llm.retry import CallError, backoff, classify

DUMMY_KEY = openai_http.NO_KEY
#: what a reply parser may raise for "not the expected form"
PARSE_ERRORS = (ReplyParseError, ValueError, KeyError, TypeError, IndexError, AttributeError)
#: seconds between looks at the cache while another process asks the same request
CLAIM_POLL = 0.1
#: seconds between two "waiting for the server" notes on stderr
SAY_WAIT_EVERY = 10.0


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during :meth:`LLMClient.run`; ``results`` holds the finished ones (None elsewhere)."""

    def __init__(self, results: list):
        super().__init__()
        self.results = results


def _problem(exc: Exception) -> str:
    if isinstance(exc, ReplyParseError):
        return str(exc)
    return f"the reply does not have the expected form ({type(exc).__name__}: {exc})"


class LLMClient:
    """Concurrent cached completions; see the module docstring."""

    def __init__(self, config: LLMConfig, log: Callable[[str], None] | None = None):
        self.config = config
        log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.log = lambda msg: log(mask(msg))   # nothing the layer prints shows a secret
        self.cache = None
        if not config.no_cache:
            try:
                self.cache = cache_mod.open_cache(config.cache_path or cache_mod.default_path())
            except CacheUnavailable as exc:
                raise CacheUnavailable(f"{exc} (give another file with --cache PATH, or run with --no-cache)") from exc
        self.totals = Ledger(config.max_cost)
        self.pricing = Pricing(config.price)
        self.owner = cache_mod.claim_owner(self)
        self._sems: dict[str, asyncio.Semaphore] = {}
        self._limiters: dict = {}   # provider|server → RateLimiter (--rpm)
        self._inflight: dict[str, asyncio.Future] = {}   # key → answer being fetched (loop thread only)
        self._litellm = None
        self._direct: dict[str, bool] = {}   # model → its calls go straight to the server (openai_http)
        #: calls sent per transport ("direct", "litellm"): which one answered is not part of a record
        #: (both send the same request and read the same reply; tests/test_llm_openai_http.py)
        self.transport_calls = {"direct": 0, "litellm": 0}
        self._warned: set[str] = set()
        self._key_known: dict[str, bool] = {}
        self._inline: dict[str, bool] = {}
        self._dry_keys: set[str] = set()   # requests a dry run has counted (each is one call)
        #: the calls a dry run counted: key → (prompt tokens, cost estimate, parsed)
        self._dry_counted: dict[str, tuple] = {}
        #: the api_base as the cache key stores it, masked once (masking reads the environment's
        #: secrets: per request it cost a dry run of 41,000 requests about 3 CPU seconds)
        self._key_base = mask((config.api_base or "").rstrip("/")) or None
        self._refused: dict[str, dict] = {}   # server → the error of its refused connection (fail fast)
        self._said_wait = -SAY_WAIT_EVERY
        self.batch = None   # --batch-api submit: the requests deferred into a provider batch
        if config.batch_api == "submit":
            from scholartools.llm.batch import BatchWriter

            if self.cache is None:
                raise ValueError("--batch-api submit needs the cache (the answers are collected into it): "
                                 "drop --no-cache")
            self.batch = BatchWriter(self.cache, self._get_litellm, config.api_base, self.log)

    # ----------------------------------------------------------------------------- public
    def request(self, messages: list[dict] | str, template=None, **kw) -> Request:
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
        """Answer every request (cache, then concurrent calls); results in input order.

        Requests with the same key are asked once; the others get a copy of the answer, counted
        as cache hits.  Ctrl-C raises :class:`RunInterrupted` with the results complete so far.
        """
        if not requests:
            return []
        outs: list[Result | None] = [None] * len(requests)
        try:
            return self.in_loop(lambda tasks: self.arun(requests, tasks, outs))
        except RunInterrupted:
            raise RunInterrupted(list(outs)) from None

    async def arun(self, requests: list[Request], tasks: list | None = None,
                   outs: list | None = None) -> list[Result]:
        """:meth:`run` as a coroutine on the client's loop (the stage runner awaits it per record).

        The tasks it starts for calls are added to ``tasks`` (so that an interrupt can cancel
        them); ``outs``, when given, receives each result as it completes.
        """
        if not requests:
            return []
        if not (self.config.model or all(r.model for r in requests)):
            raise ValueError("no model: give --model or set ST_MODEL")
        if self.config.json_mode:   # the provider's JSON mode, part of the key (llm/json_mode.py)
            from scholartools.llm import json_mode

            requests = [json_mode.apply(r, self._model(r)) for r in requests]
        keyed = [(r, *self._key(r)) for r in requests]
        first: dict[str, int] = {}
        for i, (_, key, _) in enumerate(keyed):
            first.setdefault(key, i)
        hits = {}
        if self.cache is not None:
            hits = self._cache_op(self.cache.lookup_many, list(first)) or {}
        results: list[Result | None] = outs if outs is not None else [None] * len(requests)
        todo = []
        for i in first.values():
            req, key, blob = keyed[i]
            hit = hits.get(key)
            if hit is not None:
                res = Result(request=req, key=key)
                self._apply_hit(res, hit)
                if req.parse is None or self._parse_into(res, res.text, final=False):
                    results[i] = res
                    continue
                self._cache_op(self.cache.mark_unusable, key)   # a reply its task cannot read: ask again
                self.totals.count(cache_hits=-1)
            todo.append(i)

        if self.config.dry_run:   # a dry run waits for nothing: counted here, no task a request
            for i in todo:
                results[i] = self._dry_one(*keyed[i][:2])
            todo = []

        async def one(i):
            results[i] = await self._one_safe(*keyed[i])

        started = [asyncio.ensure_future(one(i)) for i in todo]
        if tasks is not None:
            tasks.extend(started)
        await asyncio.gather(*started)
        for i, (req, key, _) in enumerate(keyed):
            if results[i] is None:
                results[i] = self._copy(results[first[key]], req)
        return list(results)  # type: ignore[arg-type]

    def in_loop(self, make: Callable[[list], Any]) -> Any:
        """Run the coroutine ``make(tasks)`` on the client's event-loop thread and wait for it.

        Ctrl-C cancels every task listed in ``tasks`` (the coroutine adds the ones it starts),
        waits until their clean-up (claims, cache) has run — so nothing touches the cache after
        this — and raises :class:`RunInterrupted`.  Everything answered is in the cache.
        """
        loop = _shared_loop()
        if threading.current_thread() is _LOOP_THREAD:
            raise RuntimeError("LLMClient.run was called from inside a task: yield ctx.ask(...) instead")
        tasks: list[asyncio.Task] = []
        fut = asyncio.run_coroutine_threadsafe(make(tasks), loop)
        try:
            return fut.result()
        except KeyboardInterrupt:
            loop.call_soon_threadsafe(lambda: [t.cancel() for t in tasks])
            try:
                fut.result(timeout=10)
            except BaseException:  # noqa: BLE001 - cancelled, as asked
                pass
            raise RunInterrupted([]) from None

    def complete(self, request: Request) -> Result:
        return self.run([request])[0]

    def close(self) -> None:
        """Submit the deferred requests (``--batch-api submit``), print the run summary to stderr
        (if any LLM work happened) and release resources."""
        try:
            if self.batch is not None and len(self.batch):
                self._submit_batch()
        finally:
            self._share_plan_keys()
            for line in self.totals.summary(self.config.dry_run, self.config.assumed_output_tokens):
                self.log(line)
            if self.cache is not None:
                self.cache.close()

    def _submit_batch(self) -> None:
        from scholartools.llm.batch import BatchSubmitError

        n = len(self.batch)
        try:
            infos = self.batch.submit()
        except BatchSubmitError:
            raise
        except Exception as exc:  # noqa: BLE001 - the provider's words, with what it means for the run
            raise BatchSubmitError(f"submitting the batch of {n} requests failed ({type(exc).__name__}: "
                                   f"{str(exc)[:300]}); nothing more was submitted, run the command again") from exc
        for info in infos:
            self.log(f"batch {info['id']}: {info['count']} requests submitted ({info['model']}); fetch the answers "
                     f"into the cache with --batch-api collect (or wait), then run the command again")

    def check_batch_api(self) -> None:
        """For ``--batch-api submit``: the model's provider must have a batch API (BatchUnsupported)."""
        if self.batch is not None:
            from scholartools.llm.batch import provider_of

            provider_of(self.config.model, self.config.api_base, self._get_litellm())

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
            # a password in the URL never enters the stored request (masking leaves other URLs as they are)
            "api_base": self._key_base,
            "messages": req.messages,
            "params": {k: v for k, v in req.params.items() if k in SAMPLING_PARAMS},
            "sample": req.sample,
            "template_sha256": req.template.sha256 if req.template else None,
        }
        return cache_mod.request_key(body)

    # ----------------------------------------------------------------------------- results
    def _cache_op(self, fn, *args, **kwargs):
        """A cache read or write; a failure (disk full, corrupt row, server gone) is logged once,
        never fatal: a cache that went away costs calls, not records."""
        try:
            return fn(*args, **kwargs)
        except self.cache.errors as exc:
            return self._cache_failed(exc)
        finally:
            if self.cache.malformed and "malformed" not in self._warned:
                self._warned.add("malformed")
                self.log(f"llm: a malformed entry in the cache at {self.cache.location} was treated as a miss "
                         f"(asked again; the answer overwrites it)")

    def _cache_failed(self, exc: BaseException):
        if self.cache.down:
            if "cache-down" not in self._warned:
                self._warned.add("cache-down")
                self.log(f"llm: the cache at {self.cache.location} is unreachable ({type(exc).__name__}: {exc}); "
                         f"continuing without a cache for the rest of this run (answers are not stored)")
        elif "cache" not in self._warned:
            self._warned.add("cache")
            self.log(f"llm: cache error ({type(exc).__name__}: {exc}); continuing without it for this request")
        return None

    def _apply_hit(self, res: Result, hit: dict) -> None:
        res.text = hit.get("text")
        res.logprobs = hit.get("logprobs")
        res.ok = True
        res.cached = True
        res.cache_hits += 1
        res.model = self._model(res.request)   # provenance names the model as requested, hit or not
        if self.config.dry_run and res.key is not None:
            # a dry run counts the requests a run makes: a request asked again by another record
            # would be answered by the first (in flight, then the cache), not sent
            if res.key in self._dry_keys:
                return
            self._dry_keys.add(res.key)
        self.totals.count(cache_hits=1)

    def _copy(self, res: Result, req: Request) -> Result:
        """The answer of an identical request for ``req``: no call, counted as a cache hit."""
        dup = replace(res, request=req, calls=0, dry_calls=0, cache_hits=0 if res.dry_run else 1, prompt_tokens=0,
                      completion_tokens=0, cost=0.0, latency_ms=0.0, cached=not res.dry_run, repaired=False)
        if not res.dry_run and not self.config.dry_run:
            # (a dry run counts the requests a run sends or the cache answers: an identical
            # request of the same run is neither)
            self.totals.count(cache_hits=1)
        if req.parse is not None and req.parse is not res.request.parse and res.text is not None:
            dup.unscored = None
            self._parse_into(dup, res.text, final=True)
        return dup

    def _parse_into(self, res: Result, text: str | None, final: bool) -> bool:
        """Parse ``text`` into ``res.value``; on failure set unscored when ``final``.

        A task parser may raise any of PARSE_ERRORS (a missing key, a wrong type) besides
        ReplyParseError: each means "this reply does not have the expected form".
        """
        region, echoed = answer_region(text or "", res.request.messages)
        res.echoed = echoed   # the reply repeats the prompt: only what follows the echo is read
        try:
            res.value = res.request.parse(region)
            res.unscored = None
            return True
        except PARSE_ERRORS as exc:
            res.parse_problem = _problem(exc)
            if echoed:
                res.parse_problem = f"the reply repeats the prompt, and what follows it is not an answer: " \
                                    f"{res.parse_problem}"
            if final:
                res.value = None
                res.unscored = unscored(text, "echoed_prompt" if echoed else "parse_failure", res.parse_problem)
            return False

    # ----------------------------------------------------------------------------- loop
    async def _one_safe(self, req, key, blob) -> Result:
        # one request's surprise (an odd provider payload) is that request's error, not the batch's
        try:
            return await self._one(req, key, blob)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001
            return self._failed(req, key, exc)

    def _failed(self, req: Request, key: str, exc: Exception) -> Result:
        self.totals.count(errors=1)
        return Result(request=req, key=key, model=self._model(req), ok=False,
                      error={"kind": "llm_error", "message": mask(f"{type(exc).__name__}: {exc}")[:500],
                             "retryable": False})

    def _dry_one(self, req: Request, key: str) -> Result:
        """:meth:`_one_safe` under --dry-run, where a request not in the cache is counted, not sent."""
        try:
            res = Result(request=req, key=key, model=self._model(req))
            self._dry(req, key, res)
            return res
        except Exception as exc:  # noqa: BLE001
            return self._failed(req, key, exc)

    async def _one(self, req: Request, key: str, blob: bytes) -> Result:
        """One request not answered by the cache (a miss, or a cached reply its task cannot parse)."""
        res = Result(request=req, key=key, model=self._model(req))
        text = await self._get(req, key, blob, res, looked_up=True)
        if text is None or req.parse is None or res.dry_run:
            return res
        if self._parse_into(res, text, final=False):
            return res
        if self.cache is not None and not res.cached:
            self._cache_op(self.cache.mark_unusable, key)
        problem = res.parse_problem
        repair = replace(req, messages=list(req.messages) + [
            {"role": "assistant", "content": text}, {"role": "user", "content": repair_message(problem)}])
        rkey, rblob = self._key(repair)
        text2 = await self._get(repair, rkey, rblob, res)
        res.repaired = True
        if text2 is None and res.error and res.error.get("kind") == "batch_pending":
            return res   # the repair waits in a batch: the record is finished by the run after collect
        if text2 is None:  # the repair call itself failed or is a dry run: keep the first reply
            res.error = None
            res.ok = True
            res.dry_run = False
            res.unscored = unscored(text, "parse_failure", problem)
            res.text = text
            return res
        if not self._parse_into(res, text2, final=True):
            res.unscored["first_reply"] = text
            if self.cache is not None:
                self._cache_op(self.cache.mark_unusable, rkey)
        return res

    async def _get(self, req: Request, key: str, blob: bytes, res: Result, looked_up: bool = False) -> str | None:
        """Text for one request: cache, an identical request in flight, else a (retried) call.

        Errors land in ``res.error``.
        """
        if self.cache is not None and not looked_up:
            hit = self._cache_op(self.cache.lookup, key)
            if hit is not None:
                self._apply_hit(res, hit)
                return res.text
        model = self._model(req)
        if self.config.dry_run:
            return self._dry(req, key, res)
        if self.batch is not None:
            return self._defer(req, model, key, blob, res)
        shared = self._inflight.get(key)
        if shared is not None:   # the same request is being asked by another record of this run
            text, error, logprobs = await asyncio.shield(shared)
            res.logprobs = logprobs
            return self._take_shared(res, text, error)
        if self.cache is not None and looked_up:
            # the record's lookup may predate another record's answer to the same request (asked
            # and stored since): look again, or the answer is paid for twice
            hit = self._cache_op(self.cache.lookup, key)
            if hit is not None:
                self._apply_hit(res, hit)
                return res.text
        fut = asyncio.get_running_loop().create_future()
        self._inflight[key] = fut
        text = None
        try:
            text = await self._claimed_call(req, model, key, blob, res)
        finally:
            del self._inflight[key]
            fut.set_result((text, res.error, res.logprobs))
        return text

    def _dry(self, req: Request, key: str, res: Result) -> None:
        """A dry run's answer (none): the request is counted, the first time its key is asked (a
        request asked again, by another record, would be answered by the first call, as in a real
        run (in-flight merge, then the cache): one call, counted once)."""
        if key not in self._dry_keys:
            self._dry_keys.add(key)
            self._count_dry(req, self._model(req), key)
            res.dry_calls = 1
        res.dry_run = True
        res.unscored = unscored(None, "dry_run")
        return None

    def _defer(self, req: Request, model: str, key: str, blob: bytes, res: Result) -> None:
        """``--batch-api submit``: write the request into the provider batch instead of calling it."""
        waiting = self._cache_op(self.batch.waiting_in, key)
        if waiting is None and key not in self.batch.items.get(model, {}):
            if self.config.max_cost is not None:
                from scholartools.llm.batch import batch_price

                pt = self._estimate(req, model)[0]
                price = batch_price(self.pricing, model, self._get_litellm())
                out = req.params.get("max_tokens") or self.config.assumed_output_tokens
                try:
                    self.totals.reserve(model, None if price is None else pt * price[0] + out * price[1])
                except BudgetExceeded as exc:
                    res.error = {"kind": "budget", "message": str(exc), "max_cost": self.config.max_cost}
                    self.totals.count(budget_refused=1, errors=1)
                    return None
            self.batch.add(model, key, blob, req.messages, req.params)
            self.totals.count(batched=1)
        where = f"batch {waiting} (submitted earlier)" if waiting else "the provider batch of this run"
        res.error = {"kind": "batch_pending", "retryable": True, **({"batch": waiting} if waiting else {}),
                     "message": f"request written into {where}; collect it with --batch-api collect, "
                                f"then run again"}
        return None

    def _take_shared(self, res: Result, text: str | None, error: dict | None) -> str | None:
        if error is not None or text is None:
            res.error = dict(error) if error else {"kind": "llm_error", "message": "no answer", "retryable": True}
            res.ok = False
            return None
        res.text = text
        res.ok = True
        res.cached = True
        res.cache_hits += 1
        self.totals.count(cache_hits=1)
        return text

    async def _claimed_call(self, req, model, key, blob, res) -> str | None:
        """The call, made by this process only: another process asking the same key is waited for."""
        if self.cache is None:
            return await self._budgeted_call(req, model, key, blob, res)
        lifetime = self.config.timeout * (self.config.retries + 1) + 60
        while True:
            claimed = self._cache_op(self.cache.claim, key, self.owner, lifetime)
            if claimed is None or claimed:
                break
            await asyncio.sleep(CLAIM_POLL)
            hit = self._cache_op(self.cache.lookup, key)
            if hit is not None:   # the other process answered
                self._apply_hit(res, hit)
                return res.text
        if claimed:
            # another process may have answered and released its claim between this one's cache
            # lookup and its claim: look once more before calling (seen with two processes on Redis)
            hit = self._cache_op(self.cache.lookup, key)
            if hit is not None:
                self._cache_op(self.cache.release, key, self.owner)
                self._apply_hit(res, hit)
                return res.text
        try:
            return await self._budgeted_call(req, model, key, blob, res)
        finally:
            if claimed:
                self._cache_op(self.cache.release, key, self.owner)

    async def _budgeted_call(self, req, model, key, blob, res) -> str | None:
        provider = model.split("/", 1)[0] if "/" in model else model
        sem_key = f"{provider}|{self.config.api_base or ''}"
        sem = self._sems.get(sem_key)
        if sem is None:
            sem = self._sems[sem_key] = asyncio.Semaphore(max(1, int(self.config.max_concurrency)))
        async with sem:
            reserved = 0.0
            if self.config.max_cost is not None:
                try:
                    reserved = self.totals.reserve(model, self._estimate(req, model)[1])
                except BudgetExceeded as exc:
                    res.error = {"kind": "budget", "message": str(exc), "max_cost": self.config.max_cost}
                    res.ok = False
                    self.totals.count(budget_refused=1, errors=1)
                    return None
            try:
                return await self._call_with_retries(req, model, key, blob, res)
            finally:
                self.totals.release(reserved)

    def _limiter(self, model: str):
        """The ``--rpm`` window of ``model``'s provider and server (shared like the concurrency pool)."""
        provider = model.split("/", 1)[0] if "/" in model else model
        sem_key = f"{provider}|{self.config.api_base or ''}"
        limiter = self._limiters.get(sem_key)
        if limiter is None:
            from scholartools.llm.ratelimit import RateLimiter

            limiter = self._limiters[sem_key] = RateLimiter(self.config.rpm, self.config.rpm_window)
        return limiter

    def _where(self, model: str) -> str:
        """The server a request goes to, for messages and the fail-fast rule: ``--api-base`` or the
        model's provider."""
        return self.config.api_base or (model.split("/", 1)[0] if "/" in model else model)

    def _refuse_fast(self, model: str, res: Result) -> bool:
        """After one refused connection to a server, the run asks it nothing more: every later
        request gets the same error at once (no retries, no backoff)."""
        refused = self._refused.get(self._where(model))
        if refused is None:
            return False
        res.error = dict(refused, attempts=0)
        res.ok = False
        self.totals.count(errors=1)
        return True

    async def _call_with_retries(self, req, model, key, blob, res) -> str | None:
        cfg = self.config
        attempt = 0
        if self._refuse_fast(model, res):
            return None
        while True:
            attempt += 1
            if cfg.rpm:
                await self._limiter(model).acquire()
            res.calls += 1
            self.totals.count(calls=1)
            t0 = time.perf_counter()
            try:
                resp = await self._acompletion(req, model)
                return self._accept(resp, req, model, key, blob, res, (time.perf_counter() - t0) * 1000)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - classified below
                err = classify(exc)
                if err.kind == "llm_connection_refused":
                    where = self._where(model)
                    url = cfg.api_base or err.message.removeprefix("connection refused by ")
                    error = {"kind": err.kind, "url": mask(url), "retryable": True,
                             "message": mask(f"cannot connect to {url}: connection refused (is the server running?); "
                                             f"the run asks it nothing more")}
                    if where not in self._refused:
                        self._refused[where] = error
                        self.log(f"llm: {error['message']}")
                    res.error = dict(error, attempts=attempt)
                    res.ok = False
                    self.totals.count(errors=1)
                    return None
                if err.retryable and attempt <= cfg.retries:
                    if err.retry_after is not None and err.retry_after > cfg.max_retry_wait:
                        err = CallError(err.kind, f"{err.message} — the server asks to wait {err.retry_after:g} s "
                                                  f"(Retry-After), more than --max-retry-wait {cfg.max_retry_wait:g} s: "
                                                  f"not retried", True, err.retry_after, err.status)
                    else:
                        delay = backoff(attempt, err.retry_after, cfg.backoff_base, cfg.backoff_max)
                        self._say_wait(model, err, delay, attempt)
                        await asyncio.sleep(delay)
                        continue
                res.error = err.as_error(attempt)
                res.ok = False
                self.totals.count(errors=1)
                return None

    def _accept(self, resp, req, model, key, blob, res, latency) -> str:
        """The reply text of a response (stored in the cache), or :class:`CallError` for an empty one."""
        choice = resp.choices[0] if getattr(resp, "choices", None) else None
        message = getattr(choice, "message", None)
        text = getattr(message, "content", None)
        finish = getattr(choice, "finish_reason", None)
        usage = getattr(resp, "usage", None)
        pt = int(getattr(usage, "prompt_tokens", 0) or 0)
        ct = int(getattr(usage, "completion_tokens", 0) or 0)
        cost = self._cost(model, pt, ct)
        res.prompt_tokens += pt
        res.completion_tokens += ct
        res.cost = None if cost is None or res.cost is None else res.cost + cost
        res.latency_ms += latency
        self.totals.answer(pt, ct, cost)
        if not isinstance(text, str) or not text.strip():
            what = "no choices" if choice is None else f"empty content (finish_reason {finish!r})"
            # a provider hiccup as often as not: another try is worth it, and nothing is cached
            raise CallError("llm_empty_reply", f"the model returned {what}", True)
        res.text = text
        res.ok = True
        res.logprobs = plain_logprobs(getattr(choice, "logprobs", None))
        served = getattr(resp, "model", None)
        res.model = model
        stored = {"text": text, "finish_reason": finish, "model": served}
        if res.logprobs is not None:
            stored["logprobs"] = res.logprobs
        # never cache content-filter refusals: a rerun should try again
        if self.cache is not None and finish != "content_filter":
            self._cache_op(self.cache.store, key, blob, stored,
                           model=model, served_model=served, prompt_tokens=pt, completion_tokens=ct,
                           cost=cost, latency_ms=round(latency, 3))
        return text

    async def _acompletion(self, req: Request, model: str):
        cfg = self.config
        direct = self._direct.get(model)
        if direct is None:
            direct = self._direct[model] = openai_http.usable(model, cfg.api_base)
        if direct and openai_http.sendable(req.messages, req.params):
            self.transport_calls["direct"] += 1
            return await asyncio.wait_for(openai_http.complete(model, cfg.api_base, req.messages, req.params,
                                                               cfg.timeout), timeout=cfg.timeout + 5)
        self.transport_calls["litellm"] += 1
        litellm = self._get_litellm()
        kwargs: dict[str, Any] = dict(req.params)
        kwargs.update(model=model, messages=req.messages, timeout=cfg.timeout,
                      num_retries=0, max_retries=0, drop_params=True)   # e.g. `seed` on providers without it
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
        # copied into the wait_for task's context: see litellm_compat.InlineCompletionExecutor
        token = litellm_compat.INLINE_OK.set(self._inline_ok(model))
        try:
            return await asyncio.wait_for(litellm.acompletion(**kwargs), timeout=cfg.timeout + 5)
        finally:
            litellm_compat.INLINE_OK.reset(token)

    def _say_wait(self, model: str, err: CallError, delay: float, attempt: int) -> None:
        """A wait the server asked for (Retry-After) of a second or more goes to stderr, at most
        one line every :data:`SAY_WAIT_EVERY` seconds."""
        if err.retry_after is None or delay < 1.0:
            return
        now = time.monotonic()
        if now - self._said_wait < SAY_WAIT_EVERY:
            return
        self._said_wait = now
        self.log(f"llm: {self._where(model)} answered {err.status or err.kind} with Retry-After {err.retry_after:g} s; "
                 f"waiting {delay:.0f} s before retry {attempt} of {self.config.retries} "
                 f"(--max-retry-wait {self.config.max_retry_wait:g} s)")

    def _inline_ok(self, model: str) -> bool:
        """May litellm's request preparation for ``model`` run on the loop thread? (cached)"""
        ok = self._inline.get(model)
        if ok is None:
            try:
                provider = self._get_litellm().get_llm_provider(model=model, api_base=self.config.api_base)[1]
            except Exception:  # noqa: BLE001 - litellm will report the bad model itself
                provider = None
            ok = self._inline[model] = litellm_compat.inline_preparation(provider)
        return ok

    def missing_credentials(self) -> str | None:
        """Why the configured model cannot be called (its provider's API key is not set), or None.

        Checked once before any record is read, so that a missing key is one usage error rather
        than one failed call per record. Not checked with ``--api-base`` (local servers need no
        key), with ``ST_API_KEY``, or under ``--dry-run`` (nothing is called).
        """
        cfg = self.config
        if cfg.dry_run or cfg.api_base or os.environ.get("ST_API_KEY") or not cfg.model:
            return None
        if key_in_environment(cfg.model):   # the common providers, answered without importing litellm
            return None
        try:
            env = self._get_litellm().validate_environment(model=cfg.model)
        except Exception:  # noqa: BLE001 - litellm cannot tell: let the call say it
            return None
        if env.get("keys_in_environment", True):
            return None
        names = ", ".join(env.get("missing_keys") or []) or "the provider's API key"
        return (f"'{cfg.model}' cannot be called: {names} is not set in the environment (an API key can "
                f"also come from ST_API_KEY), or give --api-base URL for a local OpenAI-compatible server")

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
            self._litellm = litellm_compat.import_litellm()
            _ensure_stop_hook()
        return self._litellm

    # ----------------------------------------------------------------------------- cost
    def _cost(self, model: str, pt: int, ct: int) -> float | None:
        cost = self.pricing.cost(model, pt, ct)
        if cost is None and model not in self._warned:
            self._warned.add(model)
            self.log(f"llm: no price known for '{model}'; its cost is recorded as null (--price IN,OUT sets one)")
        return cost

    def _estimate(self, req: Request, model: str) -> tuple[int, float | None]:
        from scholartools.llm.tokens import count_message_tokens

        pt = count_message_tokens(req.messages, model)
        out = req.params.get("max_tokens")
        if not out:
            out = max(self.config.assumed_output_tokens, int(2 * (self.totals.completion_mean or 0)))
        price = self.pricing.price(model)
        return pt, (None if price is None else pt * price[0] + out * price[1])

    def _count_dry(self, req: Request, model: str, key: str) -> None:
        estimate = self._estimate(req, model)
        self.totals.dry(*estimate)
        if req.parse is not None:
            self.totals.count(dry_reasks=1)
        self._dry_counted[key] = (*estimate, req.parse is not None)

    def _share_plan_keys(self) -> None:
        """Under --dry-run with ST_PLAN_KEYS=FILE (what ``make plan`` sets): the requests this run
        counted that an earlier dry run of the same plan already counted are taken back, so that
        a request two steps make is counted once, as a run sends it once (the second step finds
        its answer in the cache)."""
        path = os.environ.get("ST_PLAN_KEYS")
        if not (self.config.dry_run and path and self._dry_keys):
            return
        from scholartools.llm.placeholders import claim_keys

        for key in claim_keys(path, sorted(self._dry_keys)):
            counted = self._dry_counted.get(key)
            if counted is None:
                self.totals.count(cache_hits=-1)
            else:
                self.totals.dry(counted[0], counted[1], sign=-1)
                self.totals.count(dry_reasks=-int(counted[2]))


#: the environment variable litellm reads for the key of each common provider (checked against
#: ``litellm.validate_environment`` in tests/test_llm_lazy_import.py); a model of another provider
#: is checked by litellm itself
PROVIDER_KEYS = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "gemini": "GEMINI_API_KEY",
                 "mistral": "MISTRAL_API_KEY", "groq": "GROQ_API_KEY", "deepseek": "DEEPSEEK_API_KEY",
                 "xai": "XAI_API_KEY"}


def key_in_environment(model: str) -> bool:
    """True when ``model``'s provider is one of :data:`PROVIDER_KEYS` and its key is set (False
    means "ask litellm", not "missing")."""
    if "/" in model:
        provider = model.split("/", 1)[0]
    else:
        from scholartools.llm.prices import entry

        provider = (entry(model) or {}).get("litellm_provider")
    name = PROVIDER_KEYS.get(provider or "")
    return bool(name and os.environ.get(name))


_LOOP: asyncio.AbstractEventLoop | None = None
_LOOP_THREAD: threading.Thread | None = None
_LOOP_LOCK = threading.Lock()


def _shared_loop() -> asyncio.AbstractEventLoop:
    """One event loop thread per process: litellm caches its async HTTP clients per loop."""
    global _LOOP, _LOOP_THREAD
    with _LOOP_LOCK:
        if _LOOP is None:
            loop = asyncio.new_event_loop()
            executor = litellm_compat.InlineCompletionExecutor if litellm_compat.patches_enabled() \
                else concurrent.futures.ThreadPoolExecutor
            loop.set_default_executor(executor(thread_name_prefix="st-llm-exec"))
            ready = threading.Event()

            def runner():
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            _LOOP_THREAD = threading.Thread(target=runner, name="st-llm-loop", daemon=True)
            _LOOP_THREAD.start()
            ready.wait()
            _LOOP = loop
    _ensure_stop_hook()
    return _LOOP


_STOP_REGISTERED: set = set()


def _ensure_stop_hook() -> None:
    """Register :func:`stop_shared_loop` at exit, and again once litellm is loaded: litellm
    registers its own exit hook (closing its HTTP clients on a fresh loop) on first use, and exit
    hooks run last-registered first, so ours must come after it to run before it."""
    stage = "litellm" if litellm_compat._litellm is not None else "loop"
    if stage in _STOP_REGISTERED:
        return
    _STOP_REGISTERED.add(stage)
    if stage == "litellm":
        litellm_compat.register_exit_cleanup()
    atexit.register(stop_shared_loop)
#: seconds the exit hook waits for the loop's tasks to end after cancelling them
STOP_TIMEOUT = 5.0


def stop_shared_loop(timeout: float = STOP_TIMEOUT) -> None:
    """Stop the LLM layer's event-loop thread: cancel every task still on it (requests in flight
    after a failed batch), close litellm's HTTP clients on the loop that made them, stop the loop
    and join its thread.  Runs at exit (before the interpreter finalizes), so that no daemon
    thread is caught mid-import or mid-request by the finalizer — the cause of a command that
    printed its summary and never exited."""
    global _LOOP, _LOOP_THREAD
    with _LOOP_LOCK:
        loop, thread = _LOOP, _LOOP_THREAD
        _LOOP = _LOOP_THREAD = None
    if loop is None or thread is None or not thread.is_alive():
        return

    async def wind_down():
        me = asyncio.current_task()
        left = [t for t in asyncio.all_tasks() if t is not me]
        for t in left:
            t.cancel()
        if left:
            await asyncio.wait(left, timeout=timeout)
        openai_http.close_idle()
        close = litellm_compat.close_async_clients()
        if close is not None:
            try:
                await asyncio.wait_for(close, timeout=timeout)
            except BaseException:  # noqa: BLE001 - best effort: the process is ending
                pass

    try:
        asyncio.run_coroutine_threadsafe(wind_down(), loop).result(timeout=2 * timeout + 1)
    except BaseException:  # noqa: BLE001 - the process is ending; stop the loop regardless
        pass
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout)
    executor = getattr(loop, "_default_executor", None)
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)
