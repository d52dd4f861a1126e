"""The per-call CPU trims of the LLM layer (litellm_compat.trim_per_call_work, the inline executor) keep
litellm's behaviour wherever something could observe it.

Through the real stack against the scripted server: with no litellm callback registered,
litellm's own pricing is skipped (``_hidden_params["response_cost"]`` is None) while our cost
figure is the hand-computed one; once a callback is registered, litellm prices the call and
delivers its logging payload again, with litellm's price for the model.
"""
from __future__ import annotations

import asyncio
import functools
import threading
import time

import pytest

from scholartools.llm import litellm_compat
from scholartools.llm.client import LLMClient, LLMConfig, _shared_loop
from scholartools.llm.litellm_compat import import_litellm

# gpt-4o-mini in litellm's bundled price map: $0.15 / $0.60 per million input / output tokens
PRICE_IN, PRICE_OUT = 0.15e-6, 0.6e-6


def _acall(litellm, url, text):
    async def go():
        return await litellm.acompletion(model="openai/gpt-4o-mini", api_base=url, api_key="x",
                                         messages=[{"role": "user", "content": text}],
                                         num_retries=0, max_retries=0, timeout=10)
    return asyncio.run_coroutine_threadsafe(go(), _shared_loop()).result(30)


def test_no_callback_skips_litellm_pricing_but_our_cost_is_exact(openai_server, tmp_path):
    litellm = import_litellm()
    assert not litellm.callbacks and not litellm.success_callback
    openai_server.reply("one two three")              # 3 completion tokens (server counts words)
    resp = _acall(litellm, openai_server.url, "a b c d e")
    assert resp._hidden_params.get("response_cost") is None   # litellm did not price it
    c = LLMClient(LLMConfig(model="openai/gpt-4o-mini", api_base=openai_server.url,
                            cache_path=str(tmp_path / "c.sqlite")), log=lambda m: None)
    r = c.complete(c.request("a b c d e"))
    assert (r.prompt_tokens, r.completion_tokens) == (5, 3)
    assert r.cost == pytest.approx(5 * PRICE_IN + 3 * PRICE_OUT)


def test_registered_callback_gets_litellm_pricing_and_payload(openai_server):
    litellm = import_litellm()
    from litellm.integrations.custom_logger import CustomLogger

    seen = []

    class Spy(CustomLogger):
        async def async_log_success_event(self, kwargs, response_obj, start_time, end_time):
            seen.append((kwargs.get("response_cost"), kwargs.get("standard_logging_object")))

    spy = Spy()
    litellm.callbacks.append(spy)
    try:
        openai_server.reply("one two three")
        resp = _acall(litellm, openai_server.url, "a b c d e")
        expected = 5 * PRICE_IN + 3 * PRICE_OUT
        assert resp._hidden_params.get("response_cost") == pytest.approx(expected)
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen, "the success callback never ran"
        cost, payload = seen[0]
        assert cost == pytest.approx(expected)
        assert payload is not None and payload["response_cost"] == pytest.approx(expected)
    finally:
        litellm.callbacks.remove(spy)


def _fake_completion():
    return threading.get_ident()


_fake_completion.__name__ = "completion"
_fake_completion.__module__ = "litellm.main"


def test_inline_executor_runs_only_marked_litellm_preparation_inline():
    ex = litellm_compat.InlineCompletionExecutor(max_workers=1)
    here = threading.get_ident()
    # the shape litellm.acompletion submits: partial(ctx.run, partial(completion, **kwargs))
    import contextvars

    shaped = functools.partial(contextvars.copy_context().run, functools.partial(_fake_completion))
    try:
        assert ex.submit(shaped).result() != here            # not marked: thread pool
        token = litellm_compat.INLINE_OK.set(True)
        try:
            assert ex.submit(shaped).result() == here        # marked: on the calling thread
            assert ex.submit(threading.get_ident).result() != here   # anything else (DNS): pool
        finally:
            litellm_compat.INLINE_OK.reset(token)
    finally:
        ex.shutdown()


def test_inline_only_for_http_only_providers(openai_server):
    c = LLMClient(LLMConfig(model="openai/x", api_base=openai_server.url, no_cache=True), log=lambda m: None)
    assert c._inline_ok("openai/x") is True
    assert c._inline_ok("hosted_vllm/x") is True
    assert c._inline_ok("bedrock/anthropic.claude-3-haiku-20240307-v1:0") is False
    assert c._inline_ok("vertex_ai/gemini-1.5-pro") is False
