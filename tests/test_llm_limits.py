"""Providers' limits (issue 35): ``--rpm`` requests per minute beside the concurrency cap, and the
provider's JSON mode where a prompt asks for a JSON object and the model takes it."""
from __future__ import annotations

import asyncio
import time

import pytest

from conftest import invoke
from test_golden import PAPER

from scholartools.llm.calls import LLMConfig, Request
from scholartools.llm.client import LLMClient
from scholartools.llm.json_mode import JSON_OBJECT, apply, supported
from scholartools.llm.ratelimit import RateLimiter
from scholartools.llm.templates import Template


class FakeClock:
    def __init__(self):
        self.now = 0.0
        self.sleeps = []

    def __call__(self):
        return self.now

    async def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds


def test_rate_limiter_lets_n_start_per_window_on_a_fake_clock():
    clock = FakeClock()
    lim = RateLimiter(3, 60.0, clock=clock, sleep=clock.sleep)
    starts = []

    async def go():
        for _ in range(7):
            await lim.acquire()
            starts.append(clock.now)
            clock.now += 1.0   # each request takes a second

    asyncio.run(go())
    assert starts == [0.0, 1.0, 2.0, 60.0, 61.0, 62.0, 120.0]
    # no 60 s window holds more than 3 starts
    assert all(sum(1 for t in starts if s <= t < s + 60) <= 3 for s in starts)
    assert lim.waited == pytest.approx(57.0 + 57.0)


def test_rate_limiter_refuses_a_zero_limit():
    with pytest.raises(ValueError):
        RateLimiter(0)


def test_rpm_spaces_real_calls_to_the_scripted_server(openai_server, tmp_path):
    """2 requests per 0.4 s window, 6 distinct requests at concurrency 8: they start in three waves
    (a request arrives at the server after it starts, so arrival counts bound the starts)."""
    seen = []
    openai_server.reply(lambda body: (seen.append(time.monotonic()), "ok")[1])
    cfg = LLMConfig(model="openai/test-model", api_base=openai_server.url, no_cache=True, retries=0,
                    timeout=10, rpm=2, rpm_window=0.4, max_concurrency=8)
    with LLMClient(cfg, log=lambda m: None) as client:
        t0 = time.monotonic()
        results = client.run([client.request(f"question {i}") for i in range(6)])
        took = time.monotonic() - t0
    assert all(r.ok for r in results) and openai_server.calls == 6
    assert took >= 0.8 - 0.02   # waves at 0, 0.4, 0.8 s
    assert sum(t < t0 + 0.4 - 0.02 for t in seen) <= 2
    assert sum(t < t0 + 0.8 - 0.02 for t in seen) <= 4


def test_rpm_option_and_environment_reach_the_config():
    from scholartools.llm.options import settings_from

    assert settings_from({"rpm": 30}).config.rpm == 30
    assert settings_from({}).config.rpm is None
    code, _, err, _ = invoke("st-judge", ["--task", "match", "--rpm", "-1"], [])
    assert code == 2 and "--rpm" in err


OBJECT_TPL = Template.from_text("t_obj", "Answer with a JSON object and nothing else: {{x}}")
ARRAY_TPL = Template.from_text("t_arr", "Answer with a JSON array of strings: {{x}}")


def test_json_mode_only_for_object_prompts_and_models_that_take_it():
    req = Request(messages=[{"role": "user", "content": "a JSON object"}], template=OBJECT_TPL)
    assert apply(req, "openai/test-model").params["response_format"] == JSON_OBJECT
    assert apply(req, "gpt-4o-mini").params["response_format"] == JSON_OBJECT
    assert "response_format" not in apply(Request(messages=[], template=ARRAY_TPL), "gpt-4o-mini").params
    assert "response_format" not in apply(Request(messages=[]), "gpt-4o-mini").params   # no template
    # a provider litellm sends no response_format for (replicate), and an unknown provider
    assert not supported("replicate/meta/llama-3-8b") and not supported("nosuchprovider/x")
    own = Request(messages=[], template=OBJECT_TPL, params={"response_format": {"type": "text"}})
    assert apply(own, "gpt-4o-mini").params["response_format"] == {"type": "text"}


def test_json_mode_table_is_the_installed_litellms():
    """The written table is what ``python -m tools.json_mode_table`` computes from this litellm."""
    from scholartools.llm import json_mode_table
    from scholartools.llm.litellm_compat import litellm_version
    from tools.json_mode_table import compute

    version, providers, models = compute()
    if version != json_mode_table.LITELLM_VERSION:
        pytest.fail(f"litellm {version} is installed, the table is of {json_mode_table.LITELLM_VERSION}: "
                    f"run python -m tools.json_mode_table")
    assert (providers, models) == (json_mode_table.PROVIDERS, json_mode_table.MODELS)
    assert litellm_version() == version


def test_json_mode_is_sent_keyed_and_recorded(openai_server, tmp_path):
    """st-claims --task extract asks for a JSON object: with JSON mode the server gets
    response_format, provenance says json_mode, and the cached answer is not reused without it."""
    import plausible_replies

    openai_server.reply(plausible_replies.reply)
    base = ["--task", "extract", "--model", "openai/test-model", "--api-base", openai_server.url,
            "--cache", str(tmp_path / "c.sqlite"), "--max-concurrency", "1"]
    code, recs, err, _ = invoke("st-claims", base, [PAPER])
    assert code == 0, err
    asked = openai_server.calls
    assert asked > 0 and all(b.get("response_format") == JSON_OBJECT for b in openai_server.requests)
    prov = recs[0]["provenance"][-1]
    assert prov["json_mode"] == prov["calls"] + prov["cache_hits"]
    code, recs, err, _ = invoke("st-claims", base + ["--no-json-mode"], [PAPER])
    assert code == 0, err
    assert openai_server.calls == 2 * asked   # another key: asked again
    assert all("response_format" not in b for b in openai_server.requests[asked:])
    assert "json_mode" not in recs[0]["provenance"][-1]
    code, _, _, _ = invoke("st-claims", base, [PAPER], env={"ST_JSON_MODE": "0"})
    assert code == 0 and openai_server.calls == 2 * asked   # ST_JSON_MODE=0: the cached no-JSON-mode answers
