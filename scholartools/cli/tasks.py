"""Task commands built from the task registry: click options from the tasks' options dataclasses,
the per-task ``--help`` table, and a task run through the command's reader/writer.

The flags, their defaults, help and choices come from :func:`scholartools.tasks.option` fields,
never from a second declaration here; an option several tasks of a command take is listed once.
"""
from __future__ import annotations

import dataclasses
import textwrap
from typing import Any, Callable, Iterable

import click

from scholartools.cli.types import Finite

from scholartools import tasks as registry
from scholartools.errors import UsageError
from scholartools.tasks import Task, flag_of, option_fields


def click_option(f: dataclasses.Field) -> click.Option:
    """The click option of one options-dataclass field."""
    m = f.metadata
    flag = flag_of(f)
    decls = [f"{flag}/{m['off']}" if m.get("off") else flag, f.name]
    kw: dict[str, Any] = {"help": m["help"], "metavar": m.get("metavar")}
    default = f.default if f.default is not dataclasses.MISSING else None
    typ = m.get("type") or (type(default) if default is not None and not isinstance(default, (bool, tuple)) else None)
    if m.get("choices"):
        kw["type"] = click.Choice(list(m["choices"]))
    elif m.get("path"):
        kw["type"] = click.Path(exists=True, dir_okay=False)
    elif typ is int:
        kw["type"] = click.IntRange(m.get("min"), m.get("max"), min_open=bool(m.get("exclusive")),
                                    max_open=bool(m.get("exclusive"))) if m.get("min") is not None or \
            m.get("max") is not None else int
    elif typ is float:   # never NaN or infinite (a NaN threshold or budget enforces nothing)
        kw["type"] = Finite(m.get("min"), m.get("max"), min_open=bool(m.get("exclusive")), max_open=bool(m.get("exclusive")))
    if m.get("is_flag"):
        kw["is_flag"] = True
    elif m.get("multiple"):
        kw["multiple"] = True
    else:
        kw["default"] = default
        if default is not None and m.get("show_default", True):
            kw["show_default"] = True
    return click.Option(decls, **kw)


def options_of(tasks: Iterable[Task]) -> list[click.Option]:
    """The click options of ``tasks``, each name once, in task then field order."""
    seen: dict[str, click.Option] = {}
    for task in tasks:
        for f in option_fields(task.options):
            if f.name not in seen:
                seen[f.name] = click_option(f)
    return list(seen.values())


def task_table(tasks: Iterable[Task], width: int = 84) -> str:
    """The ``--help`` table of tasks: name, summary and the flags each takes."""
    lines = []
    for task in tasks:
        flags = " ".join(flag_of(f) for f in option_fields(task.options) if not f.metadata.get("shared"))
        body = textwrap.wrap(f"{task.summary}. [{flags}]", width)
        lines.append(f"  {task.name:<9} {body[0]}")
        lines.extend(f"  {'':<9} {b}" for b in body[1:])
    return "\n".join(lines)


class MethodChoice(click.Choice):
    """``auto|offline|llm``; the older names of the offline method (``embed``, ``rules``) are
    accepted as ``offline`` so that existing pipelines keep working, and not listed."""

    def __init__(self) -> None:
        super().__init__(list(registry.METHODS))

    def convert(self, value: Any, param, ctx) -> Any:
        return super().convert(registry.METHOD_ALIASES.get(value, value), param, ctx)


def method_option(help: str) -> click.Option:
    """The one ``--method auto|offline|llm`` of the task commands."""
    return click.Option(["--method"], type=MethodChoice(), default="auto", show_default=True, help=help)


def given(name: str) -> bool:
    """Was option ``name`` given on the command line or in the environment (not its default)?"""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def task_values(task: Task, values: dict[str, Any]) -> dict[str, Any]:
    """The values of ``task``'s own options among a command's option values."""
    names = {f.name for f in option_fields(task.options)}
    return {k: v for k, v in values.items() if k in names}


def stray_options(task: Task, values: dict[str, Any]) -> list[str]:
    """Options given on the command line that ``task`` does not take."""
    names = {f.name for f in option_fields(task.options)}
    return [name for name in values if name not in names and given(name)]


def task_command(command: str, name: str, help: str, method_help: str,
                 decorators: Iterable[Callable] = ()) -> click.Command:
    """The command ``command`` that runs its one task ``name``: the LLM options, ``--method`` and
    the task's options (from its options dataclass), under ``decorators`` (e.g. ``--scheduler``)."""
    from scholartools.cli.base import st_command
    from scholartools.cli.llm_options import llm_options

    task = registry.tasks_of(command)[name]

    def main(io, llm, method, **values):
        try:
            options = task.make_options(**values)
        except (TypeError, ValueError) as exc:
            raise click.UsageError(str(exc)) from exc
        run(io, task, llm, options, method=method)

    main.__click_params__ = list(reversed([method_option(method_help), *options_of([task])]))
    fn = llm_options(templates=list(task.templates))(main)
    for decorate in reversed(list(decorators)):
        fn = decorate(fn)
    fn.__doc__ = help
    return st_command(command)(fn)


def run(io, task: Task, llm, options: Any = None, method: str = "auto", batch_size: int | None = None) -> None:
    """Run ``task`` over the command's input records, writing its output records (exit 2 on a
    :class:`~scholartools.errors.UsageError`)."""
    try:
        run = registry.start(task, llm, options, method=method, log=io.log, batch_size=batch_size)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from exc
    io.provenance.update(run.provenance)
    io.accepts_placeholders = bool(getattr(llm, "dry_run", False))   # a dry run counts on a dry run's records
    try:
        io.map_batch(run.batch, batch_size=run.batch_size)
    finally:
        run.close()
