"""The registry of tasks: what one step of a command does, found by name.

A :class:`Task` is a prompt template (or several), a reply parser, an offline method and the
record fields it reads and writes, declared once in a module of this package and registered
by name, as inspect_ai registers tasks, so that ``st-generate --task limitations`` and
``st-judge --task match`` are a lookup, not a branch::

    from scholartools.tasks import Task, register

    register(Task(
        name="rq", command="st-generate", summary="research questions from abstract + introduction",
        llm="scholartools.rq.generate:llm_record",         # a task generator (llm/stages.py)
        templates=("rq1", "rq2", "rq3"), reads={"doc": "abstract"}, writes=("rq",),
    ))

The methods are named as ``"module:function"`` strings and imported only when the task runs,
so that ``--help`` (which lists the tasks) imports nothing heavy. ``llm`` is a generator per
record (or, with ``per="group"``, per batch) driven by :mod:`scholartools.llm.stages`;
``offline`` is a function ``(records, ctx) → list aligned with records``.

:func:`run_task` is the one way a command runs a task: method choice (the LLM method when a
model is configured, else the offline one), the model check, the client made before any record
is read (so an unusable cache is a usage error, exit 2), provenance, batching, and the summary.
Every module in this package registers its tasks when imported; :func:`tasks_of` imports them all.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

#: records per batch handed to an LLM task (a round of the stage runner asks all of their requests)
LLM_BATCH = 256
#: records per batch handed to an offline method
OFFLINE_BATCH = 64


@dataclass(frozen=True)
class Task:
    """One step of a command (see the module docstring)."""

    name: str
    command: str
    summary: str
    #: the LLM method: a task generator, or a "module:function" string naming one
    llm: Callable | str | None = None
    #: the offline method: ``(records, ctx) → list``, or a "module:function" string
    offline: Callable | str | None = None
    #: prompt templates the LLM method uses (files in ``scholartools/templates/``)
    templates: tuple[str, ...] = ()
    #: the fields it reads: slot → default field path
    reads: dict[str, str] = field(default_factory=dict)
    #: the fields it writes
    writes: tuple[str, ...] = ()
    #: "record": the LLM method runs per record; "group": once per batch (items in one prompt)
    per: str = "record"
    #: method descriptions recorded in provenance
    method_names: dict[str, str] = field(default_factory=dict)
    #: click options only this task takes (commands that host several tasks list them all)
    options: tuple = ()

    def method(self, which: str) -> Callable:
        """The ``llm`` or ``offline`` method, imported on first use."""
        fn = getattr(self, which)
        if fn is None:
            raise LookupError(f"task '{self.name}' has no {which} method")
        if isinstance(fn, str):
            module, _, name = fn.partition(":")
            fn = getattr(importlib.import_module(module), name)
        return fn


_REGISTRY: dict[tuple[str, str], Task] = {}
_LOADED = False


def register(task: Task) -> Task:
    """Add ``task`` to the registry (a second task of the same command and name is an error)."""
    key = (task.command, task.name)
    if key in _REGISTRY and _REGISTRY[key] is not task:
        raise ValueError(f"task '{task.name}' of {task.command} is registered twice")
    _REGISTRY[key] = task
    return task


def _load() -> None:
    global _LOADED
    if not _LOADED:
        for mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
            importlib.import_module(f"{__name__}.{mod}")
        _LOADED = True


def tasks_of(command: str) -> dict[str, Task]:
    """The tasks of ``command`` by name, in name order."""
    _load()
    return {name: t for (cmd, name), t in sorted(_REGISTRY.items()) if cmd == command}


def get(command: str, name: str) -> Task:
    """The task ``name`` of ``command``; ``KeyError`` naming the known ones otherwise."""
    tasks = tasks_of(command)
    if name not in tasks:
        raise KeyError(f"{command} has no task '{name}' (tasks: {', '.join(tasks) or 'none'})")
    return tasks[name]


def run_task(io, task: Task, llm, options: Any = None, method: str = "auto",
             batch_size: int | None = None, provenance: dict | None = None) -> None:
    """Run ``task`` over the command's input records, writing its output records.

    ``method``: ``llm``, ``offline`` or ``auto`` (the LLM method when a model is configured or
    the task has no offline method; the offline fallback is announced once on stderr). ``llm``
    is the command's :class:`~scholartools.llm.options.LLMSettings` (None for a command without
    LLM options); ``provenance`` adds fields to every record's provenance entry.
    """
    from scholartools.llm.stages import TaskContext, run_group, run_records

    has_model = llm is not None and bool(llm.model)
    use_llm = method == "llm" or (method == "auto" and (has_model or task.offline is None))
    if use_llm:
        if task.llm is None:
            io.usage_error(f"task '{task.name}' has no LLM method")
        if not has_model:
            io.usage_error(f"{task.command} --task {task.name} needs a model: give --model MODEL or set ST_MODEL "
                           f"(any litellm model string, e.g. openai/gpt-4o-mini; --api-base URL for a local server)"
                           if task.offline is None else
                           f"the LLM method of '{task.name}' needs a model: give --model MODEL or set ST_MODEL")
        client = llm.client(io)   # an unusable cache stops the run here, before any record
        ctx = TaskContext(llm, options, io.log, client)
        io.provenance.update({"task": task.name, "method": task.method_names.get("llm", "llm"),
                              "model": llm.model,
                              "templates": [llm.template(t).provenance for t in task.templates]})
        io.provenance.update(provenance or {})
        fn = task.method("llm")
        run = run_group if task.per == "group" else run_records
        try:
            io.map_batch(lambda recs: run(recs, fn, ctx), batch_size=None if task.per == "group"
                         else batch_size or LLM_BATCH)
        finally:
            llm.close()
        return
    if task.offline is None:
        io.usage_error(f"task '{task.name}' has no offline method")
    ctx = TaskContext(llm, options, io.log)
    fn = task.method("offline")
    name = task.method_names.get("offline", "offline")
    if method == "auto":
        io.log(f"no model configured, using the offline method ({name})")
    io.provenance.update({"task": task.name, "method": name})
    io.provenance.update(provenance or {})
    io.map_batch(lambda recs: fn(recs, ctx), batch_size=batch_size or OFFLINE_BATCH)
