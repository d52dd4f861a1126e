"""Offline-safe environment for litellm, set before its first import (anchors-tools.md §4).

litellm, when imported naively, fetches its price map from GitHub (a synchronous GET plus a
retrying daemon thread), loads a ``.env`` file from the working directory into ``os.environ``,
may download a Hugging Face tokenizer when counting tokens, and prints a feedback banner on
*stdout* when it maps an exception.  :func:`import_litellm` is the only place the package imports
litellm: it sets the environment first, then silences the module.

It also trims litellm's per-call CPU (:func:`trim_per_call_work`), which at concurrency 16 and
200 ms latency was the limit of our throughput (issue 3 follow-up; measured with cProfile on
``benchmarks/llm_throughput.py``'s client side, litellm 1.106.2).  Of ~9 ms CPU per call:

* ~1.5 ms: litellm prices every response itself (``Logging.response_cost_calculator``, run in
  ``update_response_metadata`` and again in the success handler; for a model missing from the
  price map it walks ~10 ``get_model_info`` look-ups and the capability "generalisation" tables).
  We never read that figure: our layer prices calls from the same bundled map, once per model
  (``client._price``).  So it returns None while no litellm callback is registered;
* ~1 ms: the async success handler (queued on litellm's logging worker for every call) builds
  the "standard logging payload" even when no callback will read it.  It returns at once while
  no callback is registered (global lists and the call's dynamic ones);
* full garbage collections walk the ~10^6 objects litellm's import creates (0.2 s pauses of the
  event loop, several per run): :func:`gc.freeze` moves them to the permanent generation.

There is no litellm setting for the first two (``turn_off_message_logging``, ``no-log``,
``suppress_debug_info`` and ``litellm.logging`` leave both in place; checked in 1.106.2), so they
are method overrides that fall back to litellm's own code whenever a callback is registered,
and are skipped when a future litellm renames the methods.  ``ST_LITELLM_FULL=1`` turns all
three off (for debugging litellm itself).  Retries, Retry-After, usage counts and errors are
untouched: they do not pass through these methods.
"""
from __future__ import annotations

import functools
import gc
import logging
import os
import threading

#: variables set (unless the user set them) before litellm is imported
OFFLINE_ENV = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",   # bundled price map, no GET at import
    "PYTHON_DOTENV_DISABLED": "1",            # no .env loading into os.environ
    "LITELLM_MODE": "PRODUCTION",             # ditto, older switch
    "HF_HUB_OFFLINE": "1",                    # token_counter must not fetch tokenizers
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}

_lock = threading.Lock()
_litellm = None


def set_offline_env() -> None:
    """Put the offline-safe defaults into ``os.environ`` (values the user set are kept)."""
    for key, value in OFFLINE_ENV.items():
        os.environ.setdefault(key, value)
    # tiktoken files ship inside litellm; point tiktoken at them so it never downloads
    path = litellm_tokenizer_dir()
    if path:
        os.environ.setdefault("TIKTOKEN_CACHE_DIR", path)


def litellm_tokenizer_dir() -> str | None:
    """Directory of the tiktoken files bundled with litellm, found without importing it."""
    import importlib.util

    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], "litellm_core_utils", "tokenizers")
    return path if os.path.isdir(path) else None


def import_litellm():
    """Import litellm once, offline-safe and quiet, and return the module."""
    global _litellm
    if _litellm is not None:
        return _litellm
    with _lock:
        if _litellm is None:
            set_offline_env()
            import litellm

            litellm.suppress_debug_info = True   # the stdout banner on mapped exceptions
            litellm.set_verbose = False
            litellm.telemetry = False
            litellm.num_retries = None           # our retry loop is the only one
            litellm.drop_params = True           # e.g. `seed` on providers without it
            for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm", "httpx"):
                logging.getLogger(name).setLevel(logging.CRITICAL)
            if not os.environ.get("ST_LITELLM_FULL"):
                trim_per_call_work(litellm)
                gc.freeze()   # litellm's module-level objects live as long as the process anyway
            _litellm = litellm
    return _litellm


#: litellm's global callback lists; while all are empty nothing reads its logging payload or cost
CALLBACK_LISTS = ("callbacks", "success_callback", "_async_success_callback", "failure_callback",
                  "_async_failure_callback", "input_callback", "_async_input_callback", "service_callback")
#: per-call callback lists on litellm's Logging object (``litellm.acompletion(callbacks=...)``)
DYNAMIC_CALLBACK_LISTS = ("dynamic_success_callbacks", "dynamic_async_success_callbacks",
                          "dynamic_failure_callbacks", "dynamic_async_failure_callbacks")


def callbacks_registered(litellm, logging_obj=None) -> bool:
    """True when some litellm callback (global, or dynamic on ``logging_obj``) may read its logs."""
    if any(getattr(litellm, name, None) for name in CALLBACK_LISTS):
        return True
    return logging_obj is not None and any(getattr(logging_obj, name, None) for name in DYNAMIC_CALLBACK_LISTS)


def trim_per_call_work(litellm) -> list[str]:
    """Skip litellm's own per-call pricing and success-log payload while no callback reads them.

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
            return None   # our client prices the call itself (client._cost)

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
