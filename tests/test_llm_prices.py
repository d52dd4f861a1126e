"""Our reading of litellm's bundled price map (llm/prices.py) gives litellm's own prices, and the
key check of the common providers (client.PROVIDER_KEYS) gives litellm's verdict; both without
importing litellm at run time (issue 35)."""
from __future__ import annotations

import pytest

from scholartools.llm.client import PROVIDER_KEYS, key_in_environment
from scholartools.llm.cost import Pricing
from scholartools.llm.litellm_compat import import_litellm
from scholartools.llm.prices import price_map, price_per_token

#: providers whose every chat model of the map is compared (the ones a user of these tools is
#: most likely to name); the other providers' figures come from the same two fields
PROVIDERS = ("openai", "anthropic", "gemini", "mistral", "groq", "deepseek", "together_ai", "xai", "azure")


def _litellm_price(litellm, model):
    """litellm's price per (input, output) token at a 1,000-token call (below every price tier)."""
    try:
        a = litellm.cost_per_token(model=model, prompt_tokens=1000, completion_tokens=0)[0]
        b = litellm.cost_per_token(model=model, prompt_tokens=0, completion_tokens=1000)[1]
    except Exception:  # noqa: BLE001 - a model litellm cannot route
        return None
    return a / 1000, b / 1000


def test_prices_are_litellms_for_the_common_providers():
    litellm = import_litellm()
    compared = 0
    for name, info in price_map().items():
        provider = info.get("litellm_provider") if isinstance(info, dict) else None
        if provider not in PROVIDERS or info.get("mode") != "chat" or "off_peak_pricing" in info:
            continue   # off-peak hours: litellm prices by the clock, we by the standard (higher) price
        for model in {name, name if name.startswith(provider + "/") else f"{provider}/{name}"}:
            theirs, ours = _litellm_price(litellm, model), price_per_token(model)
            if theirs is None or ours is None:
                # litellm cannot route some map names (fine-tune prefixes, odd aliases); ours has no
                # price only where the entry has neither price field (litellm then says 0.0)
                assert ours is not None or theirs in (None, (0.0, 0.0)), model
                continue
            assert ours == pytest.approx(theirs, rel=1e-9, abs=1e-15), model
            compared += 1
    assert compared > 500


def test_known_and_unknown_prices():
    assert price_per_token("gpt-4o-mini") == pytest.approx((0.15e-6, 0.60e-6))
    assert price_per_token("openai/gpt-4o-mini") == price_per_token("gpt-4o-mini")
    assert price_per_token("openai/test-model") is None
    assert price_per_token("anthropic/gpt-4o-mini") is None   # the entry is OpenAI's, not Anthropic's
    assert Pricing((1.0, 2.0)).price("openai/test-model") == (1e-6, 2e-6)


@pytest.mark.parametrize("provider", sorted(PROVIDER_KEYS))
def test_provider_keys_agree_with_litellm(provider, monkeypatch):
    litellm = import_litellm()
    model = next(f"{provider}/{n.split('/', 1)[-1]}" for n, i in price_map().items()
                 if isinstance(i, dict) and i.get("litellm_provider") == provider and i.get("mode") == "chat")
    for name in PROVIDER_KEYS.values():
        monkeypatch.delenv(name, raising=False)
    assert not key_in_environment(model)
    assert not litellm.validate_environment(model=model)["keys_in_environment"]
    monkeypatch.setenv(PROVIDER_KEYS[provider], "sk-test")
    assert key_in_environment(model)
    assert litellm.validate_environment(model=model)["keys_in_environment"]
