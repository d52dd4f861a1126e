"""Everything the LLM layer changes in litellm, in one place, switchable and version-pinned.

:func:`import_litellm` is the only place the package imports litellm.  It sets the offline-safe
environment first (:mod:`scholartools.llm.env`), silences litellm's stdout banner and logging,
and, when :func:`patches_enabled`, applies three speed patches.  They were measured with
cProfile on ``benchmarks/llm_throughput.py``'s client side: at concurrency 16 and 200 ms latency
litellm's per-call CPU (~9 ms) was the limit of our throughput.

1. ``Logging.response_cost_calculator`` returns None while no litellm callback is registered
   (~1.5 ms per call: litellm prices every response itself, walking ~10 model-info look-ups for a
   model missing from its price map).  Our layer prices calls from the same bundled map, once per
   model (:class:`scholartools.llm.cost.Pricing`), so nothing reads litellm's figure.
2. ``Logging.async_success_handler`` returns at once while no callback is registered (~1 ms: it
   builds the "standard logging payload" for every call even when nobody reads it).
3. The shared event loop's default executor runs litellm's synchronous request preparation
   inline for HTTP-only providers (:class:`InlineCompletionExecutor`; saves a thread switch and
   GIL contention per call), and :func:`gc.freeze` moves the ~10^6 objects of litellm's import
   out of the collector's way (0.2 s pauses of the event loop, several per run).

There is no litellm setting for 1 and 2 (``turn_off_message_logging``, ``no-log``,
``suppress_debug_info`` and ``litellm.logging`` leave both in place in 1.106.2).  All three fall
back to litellm's own code whenever a callback is registered, and the patches are applied only
to the litellm versions in :data:`VERIFIED_VERSIONS`; any other version runs stock litellm (a
note on stderr says so).  ``ST_LITELLM_PATCHES=0`` turns them off (``ST_LITELLM_FULL=1``, the
older name, too); ``tests/test_llm_litellm_compat.py`` checks that replies, tokens and cost are
identical with and without them.  Retries, Retry-After, usage counts and errors never pass
through the patched methods.
"""
from __future__ import annotations

import concurrent.futures
import contextvars
import functools
import gc
import logging
import os
import sys
import threading

#: litellm versions the patches were read against and tested with
VERIFIED_VERSIONS = ("1.106.2",)

#: litellm's global callback lists; while all are empty nothing reads its logging payload or cost
CALLBACK_LISTS = ("callbacks", "success_callback", "_async_success_callback", "failure_callback",
                  "_async_failure_callback", "input_callback", "_async_input_callback", "service_callback")
#: per-call callback lists on litellm's Logging object (``litellm.acompletion(callbacks=...)``)
DYNAMIC_CALLBACK_LISTS = ("dynamic_success_callbacks", "dynamic_async_success_callbacks",
                          "dynamic_failure_callbacks", "dynamic_async_failure_callbacks")
#: providers whose request preparation in litellm is pure CPU (no credential fetches, no
#: blocking I/O), so it may run on the event loop thread (:class:`InlineCompletionExecutor`)
INLINE_PROVIDERS = frozenset({
    "openai", "custom_openai", "openai_like", "hosted_vllm", "lm_studio", "llamafile", "ollama",
    "ollama_chat", "anthropic", "groq", "deepseek", "mistral", "together_ai", "openrouter",
    "fireworks_ai", "xai", "deepinfra", "cerebras", "perplexity",
})
#: set around a call to an :data:`INLINE_PROVIDERS` provider (see :func:`inline_preparation`)
INLINE_OK: contextvars.ContextVar[bool] = contextvars.ContextVar("st_llm_inline_ok", default=False)

_lock = threading.Lock()
_litellm = None
#: names of the patches applied in this process (empty: stock litellm)
applied: list[str] = []


def litellm_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("litellm")
    except PackageNotFoundError:
        return None


def patches_wanted() -> bool:
    """False when the user turned the patches off (``ST_LITELLM_PATCHES=0`` or ``ST_LITELLM_FULL=1``)."""
    return os.environ.get("ST_LITELLM_PATCHES", "1") != "0" and not os.environ.get("ST_LITELLM_FULL")


def patches_enabled() -> bool:
    """True when the patches are wanted and this litellm is one they were verified against."""
    return patches_wanted() and litellm_version() in VERIFIED_VERSIONS


def import_litellm():
    """Import litellm once, offline-safe and quiet (patched when :func:`patches_enabled`)."""
    global _litellm
    if _litellm is not None:
        return _litellm
    with _lock:
        if _litellm is None:
            from scholartools.llm.env import set_offline_env

            set_offline_env()
            import litellm

            litellm.suppress_debug_info = True   # the stdout banner on mapped exceptions
            litellm.set_verbose = False
            litellm.telemetry = False
            litellm.num_retries = None           # our retry loop is the only one
            for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm", "httpx"):
                logging.getLogger(name).setLevel(logging.CRITICAL)
            if patches_enabled():
                applied.extend(trim_per_call_work(litellm))
                gc.freeze()   # litellm's module-level objects live as long as the process anyway
                applied.append("gc.freeze")
            elif patches_wanted():
                print(f"scholartools: litellm {litellm_version()} is not one the speed patches were verified "
                      f"against ({', '.join(VERIFIED_VERSIONS)}); running it unpatched", file=sys.stderr)
            _litellm = litellm
    return _litellm


def callbacks_registered(litellm, logging_obj=None) -> bool:
    """True when some litellm callback (global, or dynamic on ``logging_obj``) may read its logs."""
    if any(getattr(litellm, name, None) for name in CALLBACK_LISTS):
        return True
    return logging_obj is not None and any(getattr(logging_obj, name, None) for name in DYNAMIC_CALLBACK_LISTS)


def trim_per_call_work(litellm) -> list[str]:
    """Patches 1 and 2: skip litellm's own pricing and success payload while no callback reads them.

    Returns the names of the methods replaced (empty when this litellm has none of them).
    """
    try:
        from litellm.litellm_core_utils.litellm_logging import Logging
    except ImportError:  # pragma: no cover - a litellm without this module
        return []
    done = []
    cost = Logging.__dict__.get("response_cost_calculator")
    if callable(cost) and not getattr(cost, "_st_trimmed", False):
        @functools.wraps(cost)
        def response_cost_calculator(self, *args, **kwargs):
            if callbacks_registered(litellm, self):
                return cost(self, *args, **kwargs)
            return None   # our layer prices the call itself (cost.Pricing)

        response_cost_calculator._st_trimmed = True
        Logging.response_cost_calculator = response_cost_calculator
        if "_response_cost_calculator" in Logging.__dict__:   # the old name, an alias
            Logging._response_cost_calculator = response_cost_calculator
        done.append("response_cost_calculator")
    handler = Logging.__dict__.get("async_success_handler")
    if callable(handler) and not getattr(handler, "_st_trimmed", False):
        @functools.wraps(handler)
        async def async_success_handler(self, *args, **kwargs):
            if callbacks_registered(litellm, self):
                return await handler(self, *args, **kwargs)
            return None

        async_success_handler._st_trimmed = True
        Logging.async_success_handler = async_success_handler
        done.append("async_success_handler")
    return done


def inline_preparation(provider: str | None) -> bool:
    """May litellm's request preparation for ``provider`` run on the event loop thread?"""
    return provider in INLINE_PROVIDERS and patches_enabled()


def _is_litellm_completion(fn) -> bool:
    # litellm.acompletion runs `loop.run_in_executor(None, partial(ctx.run, partial(completion, **kw)))`
    inner = fn.args[0] if isinstance(fn, functools.partial) and fn.args else None
    target = getattr(inner, "func", None)
    return getattr(target, "__name__", "") == "completion" and \
        str(getattr(target, "__module__", "")).startswith("litellm")


class InlineCompletionExecutor(concurrent.futures.ThreadPoolExecutor):
    """Patch 3: the shared loop's default executor runs litellm's request preparation inline.

    ``litellm.acompletion`` hands the synchronous ``completion()`` (provider routing, parameter
    mapping; it returns the coroutine that does the HTTP call) to the loop's default thread pool
    on every call.  For HTTP-only providers that is ~1.5 ms of pure CPU, and the hand-off costs a
    thread switch plus GIL contention with the loop, both ways, per call.  It runs inline when the
    calling task marked its provider safe (:data:`INLINE_OK`); everything else (DNS look-ups,
    cloud providers that refresh credentials synchronously) still goes to the thread pool.
    """

    def submit(self, fn, /, *args, **kwargs):
        if INLINE_OK.get() and not args and not kwargs and _is_litellm_completion(fn):
            fut: concurrent.futures.Future = concurrent.futures.Future()
            try:
                fut.set_result(fn())
            except BaseException as exc:  # noqa: BLE001 - delivered to the awaiting task
                fut.set_exception(exc)
            return fut
        return super().submit(fn, *args, **kwargs)


def register_exit_cleanup() -> None:
    """Have litellm register its exit hook now (it does so on first attribute access otherwise),
    so that an exit hook registered after this one runs before it."""
    if _litellm is None:
        return
    try:
        from litellm.llms.custom_httpx.async_client_cleanup import register_async_client_cleanup
    except ImportError:  # pragma: no cover - another litellm layout
        return
    if not getattr(_litellm, "_async_client_cleanup_registered", True):
        register_async_client_cleanup()
        _litellm._async_client_cleanup_registered = True


def close_async_clients():
    """The coroutine that closes litellm's cached async HTTP clients (None when litellm is not
    loaded or has no such function)."""
    if _litellm is None:
        return None
    try:
        from litellm.llms.custom_httpx.async_client_cleanup import close_litellm_async_clients
    except ImportError:  # pragma: no cover
        return None
    return close_litellm_async_clients()
