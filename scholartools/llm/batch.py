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
    ``collect``, again every ``ST_BATCH_POLL`` seconds (default 60) until no batch is running.

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
scripted server in tests/openai_server.py).  Anthropic's Message Batches API is not supported
yet: litellm 1.106's SDK cannot create Anthropic batches (``create_batch`` has no Anthropic
route; its transformation raises ``NotImplementedError``); ``--batch-api`` with another
provider is a usage error that says so.
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
#: OpenAI's limits for one batch input file
MAX_REQUESTS = 50_000
MAX_BYTES = 190 * 1024 * 1024
ENDPOINT = "/v1/chat/completions"
RUNNING = ("validating", "in_progress", "finalizing", "cancelling")
#: both OpenAI and Anthropic bill batch tokens at half the direct price
BATCH_DISCOUNT = 0.5
DUMMY_KEY = "sk-no-key-needed"


class BatchUnsupported(ValueError):
    """``--batch-api`` with a model whose provider has no batch API we can use."""


class BatchSubmitError(RuntimeError):
    """The provider refused the upload or the batch (the requests are not remembered)."""


def provider_of(model: str, api_base: str | None, litellm) -> str:
    """The litellm provider of ``model``; :class:`BatchUnsupported` unless it has a batch route."""
    try:
        provider = litellm.get_llm_provider(model=model, api_base=api_base)[1]
    except Exception as exc:  # noqa: BLE001 - litellm's own words
        raise BatchUnsupported(f"--batch-api: cannot tell the provider of '{model}': {exc}") from exc
    if provider not in OPENAI_COMPATIBLE:
        raise BatchUnsupported(
            f"--batch-api: no batch API for '{model}' (provider {provider}); batches go to OpenAI-compatible "
            f"endpoints ({', '.join(p + '/…' for p in OPENAI_COMPATIBLE)}, also through --api-base). "
            f"Run without --batch-api to call it directly.")
    return provider


def auth(model: str, api_base: str | None, litellm) -> dict:
    """The ``api_key`` to send, as the direct calls do: ST_API_KEY, else the provider's own
    variable (litellm reads it), else a dummy key for a keyless server behind ``api_base``."""
    key = os.environ.get("ST_API_KEY")
    if key:
        return {"api_key": key}
    if api_base:
        try:
            known = bool(litellm.validate_environment(model=model).get("keys_in_environment"))
        except Exception:  # noqa: BLE001
            known = False
        if not known:
            return {"api_key": DUMMY_KEY}
    return {}


def request_body(model: str, messages: list[dict], params: dict, litellm, api_base: str | None) -> dict:
    """The body of one ``/v1/chat/completions`` line: the request a direct call would send."""
    name = litellm.get_llm_provider(model=model, api_base=api_base)[0]
    return {"model": name, "messages": messages, **params}


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


class BatchWriter:
    """The requests a ``--batch-api submit`` run defers instead of calling (one per key)."""

    def __init__(self, cache: CacheBackend, litellm: Callable[[], Any], api_base: str | None,
                 log: Callable[[str], None]):
        self.cache = cache
        self._litellm = litellm
        self.api_base = api_base
        self.log = log
        self.items: dict[str, dict[str, tuple[bytes, dict]]] = {}   # model → key → (request JSON, body)
        self._in_batch: dict[str, str | None] = {}

    def waiting_in(self, key: str) -> str | None:
        """The open batch that already holds ``key`` (submitted earlier, not yet collected), or None."""
        if key not in self._in_batch:
            self._in_batch[key] = self.cache.keys_in_batches([key]).get(key)
        return self._in_batch[key]

    def add(self, model: str, key: str, blob: bytes, messages: list[dict], params: dict) -> None:
        litellm = self._litellm()
        provider_of(model, self.api_base, litellm)
        self.items.setdefault(model, {})[key] = (blob, request_body(model, messages, params, litellm, self.api_base))

    def __len__(self) -> int:
        return sum(len(v) for v in self.items.values())

    def submit(self) -> list[dict]:
        """Upload and create the batches; returns their infos (id, provider, model, count …)."""
        litellm = self._litellm()
        done = []
        for model, items in self.items.items():
            provider = provider_of(model, self.api_base, litellm)
            kw = dict(custom_llm_provider=provider, api_base=self.api_base, **auth(model, self.api_base, litellm))
            for chunk in _chunks(items):
                data = b"".join(orjson.dumps({"custom_id": key[len(KEY_PREFIX):], "method": "POST", "url": ENDPOINT,
                                              "body": body}) + b"\n" for key, (_, body) in chunk)
                f = litellm.create_file(file=("scholartools-batch.jsonl", io.BytesIO(data), "application/jsonl"),
                                        purpose="batch", **kw)
                b = litellm.create_batch(completion_window="24h", endpoint=ENDPOINT, input_file_id=f.id,
                                         metadata={"created_by": "scholartools"}, **kw)
                info = {"id": b.id, "provider": provider, "model": model, "api_base": self.api_base,
                        "input_file_id": f.id, "count": len(chunk), "status": b.status}
                self.cache.add_batch(b.id, info, [(key, blob) for key, (blob, _) in chunk])
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


def _lines(litellm, file_id: str | None, kw: dict) -> list[dict]:
    if not file_id:
        return []
    content = litellm.file_content(file_id=file_id, **kw).content
    return [orjson.loads(line) for line in content.splitlines() if line.strip()]


def _answer(line: dict) -> tuple[dict | None, str]:
    """(the answer to store, or None, and why not) from one line of a batch's output file."""
    resp = line.get("response") or {}
    if line.get("error") or resp.get("status_code") != 200:
        err = line.get("error") or (resp.get("body") or {}).get("error") or {}
        status = resp.get("status_code")
        return None, " ".join(str(x) for x in (f"HTTP {status}" if status else None, err.get("code")) if x) or "error"
    body = resp.get("body") or {}
    choices = body.get("choices") or []
    choice = choices[0] if choices else {}
    text = (choice.get("message") or {}).get("content")
    finish = choice.get("finish_reason")
    if not isinstance(text, str) or not text.strip():
        return None, "empty_reply"
    if finish == "content_filter":   # never cached, as in direct calls
        return None, "content_filter"
    usage = body.get("usage") or {}
    out = {"text": text, "finish_reason": finish, "model": body.get("model"),
           "prompt_tokens": int(usage.get("prompt_tokens") or 0),
           "completion_tokens": int(usage.get("completion_tokens") or 0)}
    from scholartools.llm.calls import plain_logprobs

    logprobs = plain_logprobs(choice.get("logprobs"))
    if logprobs is not None:
        out["logprobs"] = logprobs
    return out, "ok"


def collect(cache: CacheBackend, pricing, litellm: Callable[[], Any], log: Callable[[str], None],
            wait: bool = False, poll: float | None = None) -> dict:
    """Fetch every finished batch of ``cache`` into it; see the module docstring.

    Returns the totals: ``batches`` (finished and collected), ``running``, ``stored``, ``failed``
    (items that stay uncached), ``cost`` (at the batch price; None when unknown).
    """
    poll = float(os.environ.get("ST_BATCH_POLL", 60)) if poll is None else poll
    totals = {"batches": 0, "running": 0, "stored": 0, "failed": 0, "cost": 0.0}
    while True:
        running = 0
        open_batches = cache.open_batches()
        if not open_batches and not totals["batches"]:
            log("batch: no batch submitted from this cache is waiting to be collected")
        for info in open_batches:
            running += not _collect_one(cache, info, pricing, litellm(), log, totals)
        totals["running"] = running
        if not (wait and running):
            return totals
        log(f"batch: {running} batch(es) still running; looking again in {poll:g} s")
        time.sleep(poll)


def _collect_one(cache: CacheBackend, info: dict, pricing, litellm, log, totals: dict) -> bool:
    """Collect one batch if it has finished (True), else report it (False)."""
    bid, model, api_base = info["id"], info["model"], info.get("api_base")
    kw = dict(custom_llm_provider=info.get("provider", "openai"), api_base=api_base, **auth(model, api_base, litellm))
    try:
        b = litellm.retrieve_batch(batch_id=bid, **kw)
    except Exception as exc:  # noqa: BLE001 - the provider's words
        if getattr(exc, "status_code", None) == 404:   # the provider no longer knows it: retried next run
            cache.close_batch(bid, {**info, "status": "gone"})
            log(f"batch {bid}: the provider does not know this batch any more; its {info.get('count')} requests "
                f"will be asked again")
            totals["failed"] += info.get("count") or 0
            return True
        log(f"batch {bid}: cannot retrieve it ({type(exc).__name__}: {str(exc)[:200]}); try collect again later")
        return False
    counts = getattr(b, "request_counts", None)
    done_n, total_n = getattr(counts, "completed", None), getattr(counts, "total", None)
    if b.status in RUNNING:
        log(f"batch {bid}: {b.status}" + (f", {done_n}/{total_n} done" if total_n else "") + "; not collected yet")
        return False
    items = cache.batch_items(bid)
    price = batch_price(pricing, model, litellm)
    stored = failed = 0
    cost: float | None = 0.0
    why: dict[str, int] = {}
    seen = set()
    for line in _lines(litellm, getattr(b, "output_file_id", None), kw) + _lines(litellm, getattr(b, "error_file_id", None), kw):
        key = KEY_PREFIX + str(line.get("custom_id"))
        if key not in items or key in seen:
            continue
        seen.add(key)
        ans, reason = _answer(line)
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
        why[f"not answered ({b.status})"] = missing
    cache.close_batch(bid, {**info, "status": b.status, "stored": stored, "failed": failed + missing})
    totals["batches"] += 1
    totals["stored"] += stored
    totals["failed"] += failed + missing
    totals["cost"] = None if cost is None or totals["cost"] is None else totals["cost"] + cost
    cost_text = "unknown (no price for the model)" if cost is None else f"${cost:.4f} at the batch price"
    reasons = "; " + ", ".join(f"{n} {r}" for r, n in sorted(why.items())) if why else ""
    log(f"batch {bid}: {b.status}; {stored} answers stored in the cache, {failed + missing} not "
        f"(asked again by the next run){reasons}; cost {cost_text}")
    return True
