"""Provider batch APIs: the same requests at half the price, answered into the cache.

OpenAI and Anthropic run batches of requests within 24 hours at 50 % of the price of direct
calls.  Every LLM command takes ``--batch-api``:

``submit``
    the command runs as usual, but every request the cache cannot answer is written into a
    provider batch instead of being called (one batch per model, split at 50,000 requests); the
    batch id and the count go to stderr.  Records that needed such a request are written as error
    records of kind ``batch_pending`` and end there (a later round of a task, built on answers
    not yet known, is never submitted); records the cache answered entirely are written as
    usual.  The submitted requests are remembered in the cache (:meth:`CacheBackend.add_batch`),
    so a second submit before collecting does not pay for them twice.
``collect``
    fetches every batch of the cache that has finished and stores its answers **in the cache**
    (cost recorded at the batch price); batches still running are reported and left for a later
    collect.  Reads no records, writes none.
``wait``
    ``collect``, again every ``ST_BATCH_POLL`` seconds (default 60) until no batch is running;
    it gives up (exit 2, naming the batch) after ``--batch-wait`` seconds (default 24 h, the
    providers' completion window) or when a batch cannot be retrieved
    :data:`MAX_RETRIEVE_FAILURES` times in a row (its server gone), never polling forever.

The ordinary run that follows is then all cache hits: every command and pipeline gains batch
pricing without code of its own.  A task with several rounds (extract, then judge) needs one
submit → collect per round; ``submit`` says how many requests it wrote, and a submit that writes
none means the next ordinary run makes no calls.

Items that fail inside a batch (a 4xx/5xx answer, an empty reply, a content-filter refusal) and
items a batch did not reach (``expired``, ``cancelled``, a batch that ``failed`` validation) are
not stored: the next run — direct or another submit — asks them again.  Nothing else is retried
automatically.

Providers: OpenAI-compatible batch endpoints (``openai/…``, also through ``--api-base``;
``hosted_vllm/…`` and ``litellm_proxy/…``) via litellm's ``create_file`` / ``create_batch`` /
``retrieve_batch`` / ``file_content``, which honour ``api_base`` (checked offline against the
scripted server in tests/openai_server.py); and Anthropic's Message Batches API
(``anthropic/…``), called over HTTP here because litellm 1.106's SDK cannot create Anthropic
batches (``create_batch`` has no Anthropic route and its transformation raises
``NotImplementedError``) — the request bodies still come from litellm's Anthropic
transformation, so a batch asks exactly what a direct call would.  ``--batch-api`` with any
other provider is a usage error that says so.
"""
from __future__ import annotations

import io
import os
import time
from typing import Any, Callable

import orjson

from scholartools.llm.cache import KEY_PREFIX, CacheBackend

#: providers whose batches go through litellm's OpenAI-compatible files and batches API
OPENAI_COMPATIBLE = ("openai", "hosted_vllm", "litellm_proxy")
#: providers with a Message Batches API of Anthropic's shape
ANTHROPIC = ("anthropic",)
#: the smaller of the providers' limits for one batch (OpenAI: 50,000 requests, 200 MB;
#: Anthropic: 100,000 requests, 256 MB)
MAX_REQUESTS = 50_000
MAX_BYTES = 190 * 1024 * 1024
ENDPOINT = "/v1/chat/completions"
ANTHROPIC_VERSION = "2023-06-01"
#: both OpenAI and Anthropic bill batch tokens at half the direct price
BATCH_DISCOUNT = 0.5
DUMMY_KEY = "sk-no-key-needed"


class BatchUnsupported(ValueError):
    """``--batch-api`` with a model whose provider has no batch API we can use."""


#: ``--batch-api wait`` gives up on a batch its server could not be asked about this many times in a row
MAX_RETRIEVE_FAILURES = 5
#: the default of ``--batch-wait`` (seconds): the providers' completion window
DEFAULT_WAIT = 24 * 3600.0


class BatchWaitError(RuntimeError):
    """``--batch-api wait`` gave up: the time limit passed, or a batch's server cannot be reached."""


class BatchSubmitError(RuntimeError):
    """The provider refused the upload or the batch (the requests are not remembered)."""


def provider_of(model: str, api_base: str | None, litellm) -> str:
    """The litellm provider of ``model``; :class:`BatchUnsupported` unless it has a batch route."""
    try:
        provider = litellm.get_llm_provider(model=model, api_base=api_base)[1]
    except Exception as exc:  # noqa: BLE001 - litellm's own words
        raise BatchUnsupported(f"--batch-api: cannot tell the provider of '{model}': {exc}") from exc
    if provider not in OPENAI_COMPATIBLE + ANTHROPIC:
        raise BatchUnsupported(
            f"--batch-api: no batch API for '{model}' (provider {provider}); batches go to OpenAI-compatible "
            f"endpoints ({', '.join(p + '/…' for p in OPENAI_COMPATIBLE)}, also through --api-base) and to "
            f"Anthropic (anthropic/…). Run without --batch-api to call it directly.")
    return provider


def api_key(model: str, api_base: str | None, litellm, provider_var: str | None = None) -> str | None:
    """The key to send, as the direct calls do: ST_API_KEY, else the provider's own variable,
    else a dummy key for a keyless server behind ``api_base`` (None: let litellm find it)."""
    key = os.environ.get("ST_API_KEY") or (os.environ.get(provider_var) if provider_var else None)
    if key:
        return key
    if api_base:
        try:
            known = bool(litellm.validate_environment(model=model).get("keys_in_environment"))
        except Exception:  # noqa: BLE001
            known = False
        if not known:
            return DUMMY_KEY
    return None


def batch_price(pricing, model: str, litellm) -> tuple[float, float] | None:
    """USD per (input, output) token in a batch: litellm's ``*_cost_per_token_batches`` when its
    price map has them, else half the direct price (``--price`` included)."""
    if not pricing._given:
        try:
            info = litellm.get_model_info(model=model)
            a, b = info.get("input_cost_per_token_batches"), info.get("output_cost_per_token_batches")
            if a is not None and b is not None:
                return float(a), float(b)
        except Exception:  # noqa: BLE001 - a model the map does not know
            pass
    price = pricing.price(model)
    return None if price is None else (price[0] * BATCH_DISCOUNT, price[1] * BATCH_DISCOUNT)


class State:
    """What a provider says about a batch: ``status`` (its word), ``running``, counts, and the
    result lines as ``(custom_id, answer or None, reason)`` once it has ended."""

    def __init__(self, status: str, running: bool, done: int | None = None, total: int | None = None,
                 results: Callable[[], list] | None = None, errors: str | None = None):
        self.status, self.running, self.done, self.total = status, running, done, total
        self.results = results or (lambda: [])
        self.errors = errors


class OpenAIBatches:
    """OpenAI's files + batches API (and compatible servers), through litellm."""

    RUNNING = ("validating", "in_progress", "finalizing", "cancelling")

    
    def __init__(self, provider: str, model: str, api_base: str | None, litellm):
        self.litellm = litellm
        self.kw = dict(custom_llm_provider=provider, api_base=api_base)
        key = api_key(model, api_base, litellm)
        if key:
            self.kw["api_key"] = key
        self.model_name = litellm.get_llm_provider(model=model, api_base=api_base)[0]

    def body(self, messages: list[dict], params: dict) -> dict:
        """The ``/v1/chat/completions`` body a direct call sends."""
        return {"model": self.model_name, "messages": messages, **params}

    def create(self, chunk: list[tuple[str, dict]]) -> dict:
        data = b"".join(orjson.dumps({"custom_id": cid, "method": "POST", "url": ENDPOINT, "body": body}) + b"\n"
                        for cid, body in chunk)
        f = self.litellm.create_file(file=("scholartools-batch.jsonl", io.BytesIO(data), "application/jsonl"),
                                     purpose="batch", **self.kw)
        b = self.litellm.create_batch(completion_window="24h", endpoint=ENDPOINT, input_file_id=f.id,
                                      metadata={"created_by": "scholartools"}, **self.kw)
        return {"id": b.id, "status": b.status, "input_file_id": f.id}

    def retrieve(self, batch_id: str) -> State | None:
        """The batch's state, or None when the provider does not know it (any more)."""
        try:
            b = self.litellm.retrieve_batch(batch_id=batch_id, **self.kw)
        except Exception as exc:  # noqa: BLE001
            if getattr(exc, "status_code", None) == 404:
                return None
            raise
        counts = getattr(b, "request_counts", None)
        errors = getattr(b, "errors", None)
        data = (errors.get("data") if isinstance(errors, dict) else getattr(errors, "data", None)) or []
        messages = "; ".join(str(e.get("message") if isinstance(e, dict) else getattr(e, "message", e)) for e in data)

        def results():
            lines = self._lines(getattr(b, "output_file_id", None)) + self._lines(getattr(b, "error_file_id", None))
            return [(str(line.get("custom_id")), *_openai_answer(line)) for line in lines]

        return State(b.status, b.status in self.RUNNING, getattr(counts, "completed", None),
                     getattr(counts, "total", None), results, messages or None)

    def _lines(self, file_id: str | None) -> list[dict]:
        if not file_id:
            return []
        content = self.litellm.file_content(file_id=file_id, **self.kw).content
        return [orjson.loads(line) for line in content.splitlines() if line.strip()]


class AnthropicBatches:
    """Anthropic's Message Batches API (``/v1/messages/batches``) over HTTP: litellm 1.106 can
    retrieve such batches but not create them, so the three calls are made here with httpx; the
    request bodies are built by litellm's own Anthropic transformation (the body a direct call
    sends), and ``stop_reason`` is mapped by litellm's ``map_finish_reason``."""

    def __init__(self, provider: str, model: str, api_base: str | None, litellm):
        import httpx

        self.litellm = litellm
        root = (api_base or os.environ.get("ANTHROPIC_API_BASE") or "https://api.anthropic.com").rstrip("/")
        for suffix in ("/v1/messages", "/v1"):
            if root.endswith(suffix):
                root = root[: -len(suffix)]
        self.url = root + "/v1/messages/batches"
        self.headers = {"anthropic-version": ANTHROPIC_VERSION, "content-type": "application/json",
                        "x-api-key": api_key(model, api_base, litellm, "ANTHROPIC_API_KEY") or ""}
        self.http = httpx.Client(timeout=120)
        self.model_name = litellm.get_llm_provider(model=model, api_base=api_base)[0]

    def body(self, messages: list[dict], params: dict) -> dict:
        from litellm.llms.anthropic.chat.transformation import AnthropicConfig

        cfg = AnthropicConfig()
        optional = cfg.map_openai_params(non_default_params=dict(params), optional_params={}, model=self.model_name,
                                         drop_params=True)
        return cfg.transform_request(model=self.model_name, messages=[dict(m) for m in messages],
                                     optional_params=optional, litellm_params={}, headers={})

    def _call(self, method: str, url: str, **kw):
        r = self.http.request(method, url, headers=self.headers, **kw)
        if r.status_code >= 400:
            err = RuntimeError(f"{method} {url}: HTTP {r.status_code}: {r.text[:300]}")
            err.status_code = r.status_code
            raise err
        return r

    def create(self, chunk: list[tuple[str, dict]]) -> dict:
        b = self._call("POST", self.url, content=orjson.dumps(
            {"requests": [{"custom_id": cid, "params": body} for cid, body in chunk]})).json()
        return {"id": b["id"], "status": b.get("processing_status")}

    def retrieve(self, batch_id: str) -> State | None:
        try:
            b = self._call("GET", f"{self.url}/{batch_id}").json()
        except RuntimeError as exc:
            if getattr(exc, "status_code", None) == 404:
                return None
            raise
        status = b.get("processing_status")
        counts = b.get("request_counts") or {}
        total = sum(v for v in counts.values() if isinstance(v, int))

        def results():
            if not b.get("results_url"):
                return []
            text = self._call("GET", b["results_url"]).content
            out = []
            for line in text.splitlines():
                if line.strip():
                    row = orjson.loads(line)
                    out.append((str(row.get("custom_id")), *_anthropic_answer(row.get("result") or {})))
            return out

        if status == "ended":   # Anthropic's one final state; say which ended how
            status = "ended" + "".join(f", {n} {k}" for k, n in counts.items() if n and k != "succeeded")
        return State(status, b.get("processing_status") != "ended", counts.get("succeeded"), total, results)


def adapter(provider: str, model: str, api_base: str | None, litellm):
    return (AnthropicBatches if provider in ANTHROPIC else OpenAIBatches)(provider, model, api_base, litellm)


class BatchWriter:
    """The requests a ``--batch-api submit`` run defers instead of calling (one per key)."""

    def __init__(self, cache: CacheBackend, litellm: Callable[[], Any], api_base: str | None,
                 log: Callable[[str], None]):
        self.cache = cache
        self._litellm = litellm
        self.api_base = api_base
        self.log = log
        self.items: dict[str, dict[str, tuple[bytes, dict]]] = {}   # model → key → (request JSON, body)
        self._adapters: dict[str, Any] = {}
        self._in_batch: dict[str, str | None] = {}

    def _adapter(self, model: str):
        if model not in self._adapters:
            litellm = self._litellm()
            self._adapters[model] = adapter(provider_of(model, self.api_base, litellm), model, self.api_base, litellm)
        return self._adapters[model]

    def waiting_in(self, key: str) -> str | None:
        """The open batch that already holds ``key`` (submitted earlier, not yet collected), or None."""
        if key not in self._in_batch:
            self._in_batch[key] = self.cache.keys_in_batches([key]).get(key)
        return self._in_batch[key]

    def add(self, model: str, key: str, blob: bytes, messages: list[dict], params: dict) -> None:
        self.items.setdefault(model, {})[key] = (blob, self._adapter(model).body(messages, params))

    def __len__(self) -> int:
        return sum(len(v) for v in self.items.values())

    def submit(self) -> list[dict]:
        """Create the batches (one per model, split at the limits); returns their infos."""
        done = []
        for model, items in list(self.items.items()):
            ad = self._adapter(model)
            provider = provider_of(model, self.api_base, self._litellm())
            for chunk in _chunks(items):
                made = ad.create([(key[len(KEY_PREFIX):], body) for key, (_, body) in chunk])
                info = {**made, "provider": provider, "model": model, "api_base": self.api_base, "count": len(chunk)}
                try:
                    self.cache.add_batch(made["id"], info, [(key, blob) for key, (blob, _) in chunk])
                except Exception as exc:  # noqa: BLE001 - the provider runs it; say which one, loudly
                    raise BatchSubmitError(
                        f"batch {made['id']} ({len(chunk)} requests) was created at the provider but could not be "
                        f"recorded in the cache ({type(exc).__name__}: {exc}), so collect will not find it; "
                        f"cancel it at the provider or keep its id") from exc
                for key, _ in chunk:
                    del items[key]
                done.append(info)
        self.items.clear()
        return done


def _chunks(items: dict[str, tuple[bytes, dict]]):
    chunk, size = [], 0
    for key, (blob, body) in items.items():
        n = len(orjson.dumps(body)) + 200
        if chunk and (len(chunk) >= MAX_REQUESTS or size + n > MAX_BYTES):
            yield chunk
            chunk, size = [], 0
        chunk.append((key, (blob, body)))
        size += n
    if chunk:
        yield chunk


def _usable(text, finish: str | None, usage: dict, model: str | None, logprobs=None) -> tuple[dict | None, str]:
    if not isinstance(text, str) or not text.strip():
        return None, "empty_reply"
    if finish == "content_filter":   # never cached, as in direct calls
        return None, "content_filter"
    out = {"text": text, "finish_reason": finish, "model": model,
           "prompt_tokens": int(usage.get("prompt_tokens") or 0),
           "completion_tokens": int(usage.get("completion_tokens") or 0)}
    if logprobs is not None:
        out["logprobs"] = logprobs
    return out, "ok"


def _openai_answer(line: dict) -> tuple[dict | None, str]:
    """(the answer to store, or None, and why not) from one line of an OpenAI batch's files."""
    from scholartools.llm.calls import plain_logprobs

    resp = line.get("response") or {}
    if line.get("error") or resp.get("status_code") != 200:
        err = line.get("error") or (resp.get("body") or {}).get("error") or {}
        status = resp.get("status_code")
        return None, " ".join(str(x) for x in (f"HTTP {status}" if status else None, err.get("code")) if x) or "error"
    body = resp.get("body") or {}
    choices = body.get("choices") or []
    choice = choices[0] if choices else {}
    return _usable((choice.get("message") or {}).get("content"), choice.get("finish_reason"), body.get("usage") or {},
                   body.get("model"), plain_logprobs(choice.get("logprobs")))


def _anthropic_answer(result: dict) -> tuple[dict | None, str]:
    """The same from one ``result`` of an Anthropic batch (succeeded / errored / canceled / expired)."""
    kind = result.get("type")
    if kind != "succeeded":
        err = ((result.get("error") or {}).get("error") or {}).get("type")
        return None, " ".join(x for x in (kind or "error", err) if x)
    from litellm.litellm_core_utils.core_helpers import map_finish_reason

    msg = result.get("message") or {}
    text = "".join(b.get("text", "") for b in msg.get("content") or [] if b.get("type") == "text")
    usage = msg.get("usage") or {}
    return _usable(text, map_finish_reason(msg.get("stop_reason") or "end_turn"),
                   {"prompt_tokens": usage.get("input_tokens"), "completion_tokens": usage.get("output_tokens")},
                   msg.get("model"))


def collect(cache: CacheBackend, pricing, litellm: Callable[[], Any], log: Callable[[str], None],
            wait: bool = False, poll: float | None = None, max_wait: float | None = None,
            max_failures: int = MAX_RETRIEVE_FAILURES) -> dict:
    """Fetch every finished batch of ``cache`` into it; see the module docstring.

    Returns the totals: ``batches`` (finished and collected), ``running``, ``stored``, ``failed``
    (items that stay uncached), ``cost`` (at the batch price; None when unknown).  With ``wait``,
    raises :class:`BatchWaitError` (naming the batches) after ``max_wait`` seconds (default
    :data:`DEFAULT_WAIT`) or when one batch could not be retrieved ``max_failures`` times in a row.
    """
    poll = float(os.environ.get("ST_BATCH_POLL", 60)) if poll is None else poll
    max_wait = DEFAULT_WAIT if max_wait is None else max_wait
    deadline = time.monotonic() + max_wait
    totals = {"batches": 0, "running": 0, "stored": 0, "failed": 0, "cost": 0.0}
    failures: dict[str, int] = {}   # batch id → retrieve failures in a row
    while True:
        running = []
        open_batches = cache.open_batches()
        if not open_batches and not totals["batches"]:
            log("batch: no batch submitted from this cache is waiting to be collected")
        for info in open_batches:
            if not _collect_one(cache, info, pricing, litellm(), log, totals, failures):
                running.append(info)
        totals["running"] = len(running)
        if not (wait and running):
            return totals
        for info in running:
            if failures.get(info["id"], 0) >= max_failures:
                from scholartools.llm.masking import mask

                raise BatchWaitError(mask(
                    f"batch {info['id']}: cannot retrieve it from {info.get('api_base') or info.get('provider')} "
                    f"({failures[info['id'], 'why']}), {max_failures} times in a row; gave up waiting (its requests "
                    f"stay remembered: --batch-api collect later, or run without --batch-api to ask them directly)"))
        left = deadline - time.monotonic()
        if left <= 0:
            ids = ", ".join(str(i["id"]) for i in running)
            raise BatchWaitError(f"batch {ids}: still running after --batch-wait {max_wait:g} s; gave up waiting "
                                 f"(collect it later with --batch-api collect or wait)")
        log(f"batch: {len(running)} batch(es) still running; looking again in {min(poll, left):g} s")
        time.sleep(min(poll, left))


def _collect_one(cache: CacheBackend, info: dict, pricing, litellm, log, totals: dict,
                 failures: dict | None = None) -> bool:
    """Collect one batch if it has ended (True), else report it (False)."""
    bid, model, api_base = info["id"], info["model"], info.get("api_base")
    try:
        ad = adapter(info.get("provider", "openai"), model, api_base, litellm)
        state = ad.retrieve(bid)
    except Exception as exc:  # noqa: BLE001 - the provider's words
        why = f"{type(exc).__name__}: {str(exc)[:200]}"
        if failures is not None:
            failures[bid] = failures.get(bid, 0) + 1
            failures[bid, "why"] = why
        log(f"batch {bid}: cannot retrieve it ({why}); try collect again later")
        return False
    if failures is not None:
        failures.pop(bid, None)
    if state is None:   # the provider no longer knows it: its requests are asked again by the next run
        cache.close_batch(bid, {**info, "status": "gone"})
        log(f"batch {bid}: the provider does not know this batch any more; its {info.get('count')} requests "
            f"will be asked again")
        totals["batches"] += 1
        totals["failed"] += info.get("count") or 0
        return True
    if state.running:
        log(f"batch {bid}: {state.status}" + (f", {state.done}/{state.total} done" if state.total else "")
            + "; not collected yet")
        return False
    items = cache.batch_items(bid)
    price = batch_price(pricing, model, litellm)
    stored = failed = 0
    cost: float | None = 0.0
    why: dict[str, int] = {}
    seen = set()
    for custom_id, ans, reason in state.results():
        key = KEY_PREFIX + custom_id
        if key not in items or key in seen:
            continue
        seen.add(key)
        if ans is None:
            failed += 1
            why[reason] = why.get(reason, 0) + 1
            continue
        pt, ct = ans.pop("prompt_tokens"), ans.pop("completion_tokens")
        c = None if price is None else pt * price[0] + ct * price[1]
        cost = None if c is None or cost is None else cost + c
        cache.store(key, items[key], {**ans, "batch_id": bid}, model=model, served_model=ans.get("model"),
                    prompt_tokens=pt, completion_tokens=ct, cost=c)
        stored += 1
    missing = len(items) - len(seen)
    if missing:
        why[f"not answered ({state.status.split(',')[0]})"] = missing
    cache.close_batch(bid, {**info, "status": state.status, "stored": stored, "failed": failed + missing})
    totals["batches"] += 1
    totals["stored"] += stored
    totals["failed"] += failed + missing
    totals["cost"] = None if cost is None or totals["cost"] is None else totals["cost"] + cost
    cost_text = "unknown (no price for the model)" if cost is None else f"${cost:.4f} at the batch price"
    reasons = "; " + ", ".join(f"{n} {r}" for r, n in sorted(why.items())) if why else ""
    errors = f" ({state.errors})" if state.errors else ""
    log(f"batch {bid}: {state.status}{errors}; {stored} answers stored in the cache, {failed + missing} not "
        f"(asked again by the next run){reasons}; cost {cost_text}")
    return True
