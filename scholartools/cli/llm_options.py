"""The LLM options every LLM-capable command shares, as click flags: ``@llm_options``.

``@llm_options`` goes under ``@st_command``; the command receives one ``llm`` argument, an
:class:`~scholartools.llm.options.LLMSettings` (``llm.model`` is None when neither ``--model``
nor ``ST_MODEL`` is set, so an offline method can take over)::

    from scholartools.cli import tasks as cli_tasks
    from scholartools.cli.llm_options import llm_options
    from scholartools.tasks import tasks_of

    @st_command("st-facets")
    @llm_options(templates=["facets_extract", "facets_judge_bc", "facets_judge_mr"])
    def main(io, llm, method):
        cli_tasks.run(io, tasks_of("st-facets")["facets"], llm, options, method=method)

(a task command is built from its task by :func:`scholartools.cli.tasks.task_command`). The
values, their checks and the client are the LLM layer's (:mod:`scholartools.llm.options`); here
are the flags, their help and the translation of the layer's errors into exit codes.
"""
from __future__ import annotations

import functools
from typing import Callable

import click

from scholartools.cli.types import NonNegative, Positive, Price
from scholartools.errors import UsageError
from scholartools.llm.batch import BatchSubmitError, BatchWaitError
from scholartools.llm.options import OPTION_NAMES, LLMSettings


class _GaveUp(click.ClickException):
    """``--batch-api wait`` gave up on a batch (exit 2: the run cannot go on)."""

    exit_code = 2


#: the environment variables the LLM layer reads besides the options' own (ST_MODEL, ST_API_BASE, ST_CACHE)
ENV_HELP = ("Also read from the environment: ST_API_KEY (the key for any provider; else the provider's "
            "own variable, e.g. OPENAI_API_KEY), ST_BATCH_POLL (seconds between --batch-api wait polls, "
            "default 60), ST_LLM_BACKOFF_BASE / ST_LLM_BACKOFF_MAX (retry back-off, default 1 s doubling "
            "to 60 s), ST_LITELLM_PATCHES=0 (litellm without scholartools' speed patches), ST_LLM_TRANSPORT=litellm "
            "(calls to an OpenAI-compatible --api-base server through litellm too), ST_PLAN_KEYS=FILE "
            "(under --dry-run, a request an earlier dry run counted in FILE is not counted again: make plan), "
            "ST_NO_CACHE=1 (an API embedding model, --embed-model / ST_EMBED_MODEL, skips the cache).")


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
                except BatchWaitError as exc:
                    raise _GaveUp(str(exc)) from exc
                return None
            try:
                try:
                    return f(*args, llm=settings, **kwargs)
                finally:
                    settings.close()
            except UsageError as exc:   # a bad template, an unusable cache, no credentials: exit 2
                raise click.UsageError(str(exc)) from exc
            except BatchSubmitError as exc:   # the batch of a --batch-api submit run could not be sent
                raise click.ClickException(str(exc)) from exc

        wrapper.__click_params__ = list(getattr(f, "__click_params__", []))
        for opt in reversed(click_options(templates)):
            opt(wrapper)
        return wrapper

    return decorate(fn) if fn is not None else decorate
