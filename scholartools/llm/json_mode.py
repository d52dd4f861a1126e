"""The provider's JSON mode (``response_format={"type": "json_object"}``) for prompts that ask for
a JSON object, where the model takes it.

A request gets JSON mode when (1) ``--json-mode`` is on (the default; ``--no-json-mode`` or
``ST_JSON_MODE=0`` turns it off), (2) its template asks for a JSON object (the words "JSON
object" in the prompt template, as every such shipped template says; a template asking for a
JSON array gets none: JSON mode returns objects) and (3) litellm says the model takes
``response_format`` (:mod:`scholartools.llm.json_mode_table`, written from litellm by ``python -m
tools.json_mode_table``, so that the decision needs no litellm import).  ``response_format`` is a
sampling parameter of the request: it is part of the cache key and of the record's provenance.
JSON mode makes the reply valid JSON; a reply missing a field is still re-asked once.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

JSON_OBJECT = {"type": "json_object"}
_ASKS_OBJECT = re.compile(r"\bJSON object\b", re.I)


def provider_of(model: str) -> str | None:
    """litellm's provider of ``model``: its prefix, or the price map's provider of a bare name."""
    if "/" in model:
        return model.split("/", 1)[0]
    from scholartools.llm.prices import entry

    return (entry(model) or {}).get("litellm_provider")


@lru_cache(maxsize=256)
def supported(model: str) -> bool:
    """Does litellm send ``response_format`` for ``model``?"""
    from scholartools.llm.json_mode_table import MODELS, PROVIDERS

    if model in MODELS:
        return MODELS[model]
    provider = provider_of(model)
    if "/" in model and model.split("/", 1)[1] in MODELS:
        from scholartools.llm.prices import entry

        if (entry(model) or {}).get("litellm_provider") == provider:
            return MODELS[model.split("/", 1)[1]]
    return PROVIDERS.get(provider or "", False)


@lru_cache(maxsize=256)
def _asks_object(text: str) -> bool:
    return bool(_ASKS_OBJECT.search(text))


def wants_json_object(request) -> bool:
    """Does the request's template ask for a JSON object?"""
    tpl = request.template
    return tpl is not None and _asks_object(tpl.text)


def apply(request, model: str):
    """``request`` with JSON mode when its template asks for an object and ``model`` takes it
    (a request that sets its own ``response_format`` is left as it is)."""
    if "response_format" in request.params or not wants_json_object(request) or not supported(model):
        return request
    return replace(request, params={**request.params, "response_format": dict(JSON_OBJECT)})
