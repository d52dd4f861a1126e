"""Per-token prices from litellm's bundled price map, read as JSON without importing litellm.

litellm ships its map as ``model_prices_and_context_window_backup.json`` and, offline
(:mod:`scholartools.llm.env` sets ``LITELLM_LOCAL_MODEL_COST_MAP``), prices calls from that file.
Reading the file ourselves (≈30 ms, once per process) gives the same figures for the input and
output price of a chat model without the ≈3 CPU-seconds of ``import litellm``, so a dry run's
estimate and a run answered from the cache need no litellm.  ``tests/test_llm_prices.py`` checks
the figures against ``litellm.cost_per_token`` for the chat models of the common providers.

Two differences from litellm's own figure, both on the side of a higher price: the base
(first-tier) price is used where the map also gives a price above 200k prompt tokens (the old
code asked litellm for the price of a million-token call, i.e. the top tier), and a provider's
off-peak hours (``off_peak_pricing``, DeepSeek) are not applied.  An entry without either price
field has no price (None: "unknown"), where litellm says 0.0.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache

MAP_FILE = "litellm/model_prices_and_context_window_backup.json"


@lru_cache(maxsize=1)
def price_map() -> dict:
    """litellm's bundled map (model name → its entry); empty when litellm is not installed."""
    from importlib import metadata

    try:
        path = str(metadata.distribution("litellm").locate_file(MAP_FILE))
    except metadata.PackageNotFoundError:
        return {}
    if not os.path.isfile(path):
        return {}
    with open(path, "rb") as fh:
        try:
            import orjson

            return orjson.loads(fh.read())
        except ImportError:  # pragma: no cover - orjson is a core dependency
            fh.seek(0)
            return json.load(fh)


def entry(model: str) -> dict | None:
    """The map's entry for ``model`` as litellm finds it: the name as given, else without its
    provider prefix when the entry is that provider's (``openai/gpt-4o-mini`` → ``gpt-4o-mini``)."""
    table = price_map()
    info = table.get(model)
    if isinstance(info, dict):
        return info
    if "/" in model:
        provider, rest = model.split("/", 1)
        info = table.get(rest)
        if isinstance(info, dict) and info.get("litellm_provider") == provider:
            return info
    return None


def price_per_token(model: str) -> tuple[float, float] | None:
    """USD per (input, output) token of ``model``, or None when the map has no price for it."""
    info = entry(model)
    if info is None:
        return None
    a, b = info.get("input_cost_per_token"), info.get("output_cost_per_token")
    if a is None and b is None:
        return None
    return float(a or 0.0), float(b or 0.0)
