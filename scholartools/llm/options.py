"""The LLM options every LLM-capable command shares.

``@llm_options`` goes under ``@st_command``; the command receives one ``llm`` argument, an
:class:`LLMSettings` (``llm.model`` is None when neither ``--model`` nor ``ST_MODEL`` is set, so
an offline method can take over). A command never calls the model itself: it runs a registered
task, and the one stage runner (:mod:`scholartools.llm.stages`) makes the calls::

    from scholartools.cli import tasks as cli_tasks
    from scholartools.llm.options import llm_options
    from scholartools.tasks import tasks_of

    @st_command("st-facets")
    @llm_options(templates=["facets_extract", "facets_judge_bc", "facets_judge_mr"])
    def main(io, llm, method):
        cli_tasks.run(io, tasks_of("st-facets")["facets"], llm, options, method=method)

(:func:`scholartools.tasks.start` chooses the method, makes the client before any record is read
— an unusable cache is a usage error — and drives the task's generator per record; see
:mod:`scholartools.tasks` and ``scholartools/facets/annotate.py:llm_record`` for a task.)

Options: ``--model`` (``ST_MODEL``), ``--api-base`` (``ST_API_BASE``), ``--max-concurrency``
(default 8), ``--retries`` (default 5), ``--timeout`` (seconds per attempt, default 120),
``--cache PATH`` (``ST_CACHE``), ``--no-cache``, ``--dry-run``, ``--max-cost USD``,
``--temperature``, ``--price IN,OUT`` (USD per million tokens, for models litellm cannot price),
``--template FILE`` or ``NAME=FILE`` (repeatable), ``--batch-api submit|collect|wait``
(provider batches at half the price, answered into the cache: :mod:`scholartools.llm.batch`),
``--rpm N`` (``ST_RPM``: requests per minute per provider), ``--json-mode/--no-json-mode``
(the provider's JSON mode for prompts asking for a JSON object; :mod:`scholartools.llm.json_mode`),
``--max-retry-wait SECONDS`` (default 60: the longest Retry-After honoured) and ``--batch-wait
SECONDS`` (``--batch-api wait`` gives up after it, default 24 h).  API keys come from the provider's usual
environment variable (or ``ST_API_KEY``) and are never stored.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Callable

import click

from scholartools.cli.types import NonNegative, Positive, Price
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
        """The template ``name`` (the ``--template`` override if one was given)."""
        try:
            return load(name, self.template_overrides)
        except TemplateError as exc:
            raise UsageError(str(exc)) from exc

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
            from scholartools.llm.batch import BatchSubmitError

            try:
                client.close()
            except BatchSubmitError as exc:
                raise click.ClickException(str(exc)) from exc

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

        try:
            return batch.collect(cache, Pricing(self.config.price, import_litellm), import_litellm,
                                 lambda m: log(mask(m)), wait=self.config.batch_api == "wait",
                                 max_wait=self.batch_wait)
        except batch.BatchWaitError as exc:
            raise _GaveUp(str(exc)) from exc
        finally:
            cache.close()


class _GaveUp(click.ClickException):
    """``--batch-api wait`` gave up on a batch (exit 2: the run cannot go on)."""

    exit_code = 2


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


#: the environment variables the LLM layer reads besides the options' own (ST_MODEL, ST_API_BASE, ST_CACHE)
ENV_HELP = ("Also read from the environment: ST_API_KEY (the key for any provider; else the provider's "
            "own variable, e.g. OPENAI_API_KEY), ST_BATCH_POLL (seconds between --batch-api wait polls, "
            "default 60), ST_LLM_BACKOFF_BASE / ST_LLM_BACKOFF_MAX (retry back-off, default 1 s doubling "
            "to 60 s), ST_LITELLM_PATCHES=0 (litellm without scholartools' speed patches).")


def click_options(templates: list[str] | None = None) -> list[Callable]:
    one = templates is not None and len(templates) == 1
    tpl_help = ("Prompt template file replacing the built-in one" if one else
                "Replace a prompt template: NAME=FILE (repeatable)") + \
               (f"; templates: {', '.join(templates)}." if templates else ".")
    return [
        click.option("--model", envvar="ST_MODEL", metavar="MODEL", show_envvar=True,
                     help="litellm model string, e.g. openai/gpt-4o-mini or ollama/llama3. " + ENV_HELP),
        click.option("--api-base", envvar="ST_API_BASE", metavar="URL", show_envvar=True,
                     help="Base URL of an OpenAI-compatible server (e.g. http://127.0.0.1:8000/v1)."),
        click.option("--max-concurrency", type=click.IntRange(1), default=8, show_default=True, metavar="N",
                     help="Requests in flight at once per provider (cache hits need no slot)."),
        click.option("--rpm", type=click.IntRange(0), envvar="ST_RPM", show_envvar=True, metavar="N",
                     help="Requests started per minute per provider, retries included (0 or unset: no limit)."),
        click.option("--json-mode/--no-json-mode", envvar="ST_JSON_MODE", show_envvar=True, default=True,
                     show_default=True, help="The provider's JSON mode where the prompt asks for a JSON object "
                                             "and litellm says the model takes it (part of the cache key)."),
        click.option("--retries", type=click.IntRange(0), default=5, show_default=True, metavar="N",
                     help="Retries after a rate limit, 5xx, timeout or dropped connection."),
        click.option("--timeout", type=Positive(), default=120.0, show_default=True, metavar="SECONDS",
                     help="Time limit of one attempt."),
        click.option("--cache", envvar="ST_CACHE", metavar="PATH", show_envvar=True,
                     help="Response cache: a SQLite file (default: ~/.cache/scholartools/llm.sqlite) or "
                          "redis://host:port/db, shared by many machines."),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the response cache."),
        click.option("--dry-run", is_flag=True,
                     help="Count calls, cache hits and estimated cost on stderr; call nothing."),
        click.option("--max-cost", type=NonNegative(), metavar="USD",
                     help="Send no request that could take the run's spend past USD."),
        click.option("--temperature", type=NonNegative(), metavar="T", help="Sampling temperature."),
        click.option("--price", type=Price(), metavar="IN,OUT",
                     help="USD per million input,output tokens for a model litellm cannot price."),
        click.option("--template", multiple=True, metavar="FILE|NAME=FILE", help=tpl_help),
        click.option("--max-retry-wait", type=float, default=60.0, show_default=True, metavar="SECONDS",
                     help="Longest wait a server's Retry-After may ask for; a longer one ends the request "
                          "with an error (waits of a second or more are said on stderr)."),
        click.option("--batch-wait", type=float, metavar="SECONDS",
                     help="--batch-api wait: give up (exit 2) after this long (default 86400, the providers' "
                          "24 h window), or after 5 failed looks in a row at a batch."),
        click.option("--batch-api", type=click.Choice(["submit", "collect", "wait"]),
                     help="Provider batches at half the price: submit writes the uncached requests into a batch "
                          "(records needing them end as batch_pending); collect (wait: until done) fetches the "
                          "answers into the cache, read no records; then run without it."),
    ]


def llm_options(fn: Callable | None = None, *, templates: list[str] | None = None):
    """Add the LLM options to a command function; it receives ``llm: LLMSettings`` instead.

    Works as ``@llm_options`` or ``@llm_options(templates=[...])``.  The summary of the run's
    calls is written to stderr (through ``io.log``) when the command function returns.
    """
    def decorate(f: Callable) -> Callable:
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            values = {k: kwargs.pop(k) for k in OPTION_NAMES if k in kwargs}
            try:   # the library's usage errors are the command's exit 2
                settings = LLMSettings(**values, template_names=templates)
            except UsageError as exc:
                raise click.UsageError(str(exc)) from exc
            if settings.config.batch_api in ("collect", "wait"):   # no record is read or written
                io = args[0] if args else None
                try:
                    settings.collect_batches(io.log if io is not None else print)
                except UsageError as exc:
                    raise click.UsageError(str(exc)) from exc
                return None
            try:
                return f(*args, llm=settings, **kwargs)
            except UsageError as exc:   # a bad template, an unusable cache, no credentials: exit 2
                raise click.UsageError(str(exc)) from exc
            finally:
                settings.close()

        wrapper.__click_params__ = list(getattr(f, "__click_params__", []))
        for opt in reversed(click_options(templates)):
            opt(wrapper)
        return wrapper

    return decorate(fn) if fn is not None else decorate
