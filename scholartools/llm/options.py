"""The LLM options every LLM-capable command shares, as values: :class:`LLMSettings`.

The command-line flags that fill it (``--model``, ``--cache`` …) are declared in
:mod:`scholartools.cli.llm_options` (``@llm_options``): a command receives one ``llm`` argument,
an :class:`LLMSettings` (``llm.model`` is None when neither ``--model`` nor ``ST_MODEL`` is set,
so an offline method can take over). Library callers make one with :func:`settings_from`. A
command never calls the model itself: it runs a registered task, and the one stage runner
(:mod:`scholartools.llm.stages`) makes the calls (:func:`scholartools.tasks.start` chooses the
method, makes the client before any record is read — an unusable cache is a usage error — and
drives the task's generator per record).

Options: ``model`` (``ST_MODEL``), ``api_base`` (``ST_API_BASE``), ``max_concurrency``
(default 8), ``rpm`` (``ST_RPM``: requests started per minute per provider), ``json_mode``
(``ST_JSON_MODE``, default on: the provider's JSON mode for prompts asking for a JSON object;
:mod:`scholartools.llm.json_mode`), ``retries`` (default 5), ``timeout`` (seconds per attempt, default 120),
``cache`` (``ST_CACHE``), ``no_cache``, ``dry_run``, ``max_cost`` (USD), ``temperature``,
``price`` (``IN,OUT``, USD per million tokens, for models litellm cannot price), ``template``
(``FILE`` or ``NAME=FILE``, repeatable), ``batch_api`` (``submit|collect|wait``: provider batches
at half the price, answered into the cache: :mod:`scholartools.llm.batch`), ``max_retry_wait``
(default 60 s: the longest Retry-After honoured) and ``batch_wait`` (``batch_api="wait"`` gives
up after it, default 24 h). API keys come from the provider's usual environment variable (or
``ST_API_KEY``) and are never stored.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from scholartools.errors import UsageError
from scholartools.llm.templates import Template, TemplateError, load, parse_template_options

OPTION_NAMES = ("model", "api_base", "max_concurrency", "retries", "timeout", "cache", "no_cache",
                "dry_run", "max_cost", "temperature", "price", "template", "batch_api", "max_retry_wait",
                "batch_wait", "rpm", "json_mode")


class LLMSettings:
    """The option values of one command run; makes the client and loads templates lazily."""

    def __init__(self, model=None, api_base=None, max_concurrency=8, retries=5, timeout=120.0,
                 cache=None, no_cache=False, dry_run=False, max_cost=None, temperature=None,
                 price=None, template=(), batch_api=None, template_names: list[str] | None = None,
                 max_retry_wait=60.0, batch_wait=None, rpm=None, json_mode=True):
        from scholartools.llm.client import LLMConfig

        self.template_names = list(template_names or [])
        self._templates: dict[tuple, Template] = {}   # (name, its override files): read once
        try:
            self.template_overrides = parse_template_options(template, self.template_names or None)
        except TemplateError as exc:
            raise UsageError(str(exc)) from exc
        if max_concurrency is not None and max_concurrency < 1:
            raise UsageError("--max-concurrency must be at least 1")
        if rpm is not None and rpm < 0:
            raise UsageError("--rpm must be 0 (no limit) or more")
        if max_cost is not None and max_cost < 0:
            raise UsageError("--max-cost must not be negative")
        for name, value in (("--max-retry-wait", max_retry_wait), ("--batch-wait", batch_wait)):
            if value is not None and not (value >= 0 and value != float("inf")):
                raise UsageError(f"{name} must be a number of seconds, 0 or more (not {value})")
        self.batch_wait = batch_wait
        if batch_api and dry_run:
            raise UsageError("--dry-run and --batch-api do not go together: a dry run calls and submits nothing")
        if batch_api and no_cache:
            raise UsageError("--batch-api needs the cache (batch answers are collected into it): drop --no-cache")
        self.config = LLMConfig(
            model=model or None, api_base=api_base or None, max_concurrency=max_concurrency or 8,
            retries=5 if retries is None else retries, timeout=timeout or 120.0, cache_path=cache,
            no_cache=no_cache, dry_run=dry_run, max_cost=max_cost, temperature=temperature,
            price=_parse_price(price), batch_api=batch_api or None,
            max_retry_wait=60.0 if max_retry_wait is None else max_retry_wait, rpm=rpm or None,
            json_mode=True if json_mode is None else bool(json_mode))
        self._client = None

    @property
    def model(self) -> str | None:
        return self.config.model

    @property
    def dry_run(self) -> bool:
        return self.config.dry_run

    def template(self, name: str) -> Template:
        """The template ``name`` (the ``--template`` override if one was given), read once a run
        (a task asks for its template per request)."""
        overrides = self.template_overrides
        key = (name, overrides.get(name), overrides.get(""))
        known = self._templates.get(key)
        if known is None:
            try:
                known = self._templates[key] = load(name, overrides)
            except TemplateError as exc:
                raise UsageError(str(exc)) from exc
        return known

    def client(self, io=None, log: Callable[[str], None] | None = None):
        """The run's :class:`~scholartools.llm.client.LLMClient` (created once; logs via ``io.log``)."""
        if self._client is None:
            from scholartools.llm.client import LLMClient

            if not self.config.model:
                raise UsageError("no model configured: give --model or set ST_MODEL")
            if log is None and io is not None:
                log = io.log
            from scholartools.llm.client import CacheUnavailable

            from scholartools.llm.batch import BatchUnsupported

            try:
                self._client = LLMClient(self.config, log=log)
                self._client.check_batch_api()
            except (CacheUnavailable, BatchUnsupported) as exc:
                self._client = None
                raise UsageError(str(exc)) from exc
            missing = self._client.missing_credentials()
            if missing:
                self._client = None
                raise UsageError(missing)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            client.close()   # a batch that could not be submitted raises BatchSubmitError (the CLI: exit 1)

    def collect_batches(self, log: Callable[[str], None]) -> dict:
        """``--batch-api collect|wait``: fetch the finished provider batches into the cache."""
        from scholartools.llm import batch, cache as cache_mod
        from scholartools.llm.cost import Pricing
        from scholartools.llm.litellm_compat import import_litellm

        try:
            cache = cache_mod.open_cache(self.config.cache_path or cache_mod.default_path())
        except cache_mod.CacheUnavailable as exc:
            raise UsageError(str(exc)) from exc
        from scholartools.llm.masking import mask

        try:   # --batch-api wait giving up raises batch.BatchWaitError (the CLI: exit 2)
            return batch.collect(cache, Pricing(self.config.price, import_litellm), import_litellm,
                                 lambda m: log(mask(m)), wait=self.config.batch_api == "wait",
                                 max_wait=self.batch_wait)
        finally:
            cache.close()


def _parse_price(value: str | tuple[float, float] | None) -> tuple[float, float] | None:
    if not value:
        return None
    if isinstance(value, tuple):   # read by the --price option's type (scholartools.cli.types.Price)
        return value
    try:
        a, b = (float(x) for x in value.split(","))
    except ValueError as exc:
        raise UsageError(f"--price wants IN,OUT in USD per million tokens, not '{value}'") from exc
    if not all(math.isfinite(x) and x >= 0 for x in (a, b)):   # a negative price would defeat any budget
        raise UsageError(f"--price: prices must be finite and not negative, not '{value}'")
    return a, b


def settings_from(options: dict[str, Any], templates: list[str] | None = None) -> LLMSettings:
    """An :class:`LLMSettings` from a dict of option values (for library callers and tests)."""
    return LLMSettings(**{k: v for k, v in options.items() if k in OPTION_NAMES}, template_names=templates)
