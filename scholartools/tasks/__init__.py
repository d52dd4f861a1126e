"""Tasks and their registry: what one step of a command does, found by name.

A :class:`Task` is one object that lives beside its method (``judge/tasks.py`` next to
``judge/match.py``): a prompt template (or several), a reply parser inside its LLM method, an
offline method, the record fields it reads and writes, and an options dataclass whose fields
carry default, help and choices (:func:`option`) — the single source the command's flags, its
``--help`` tables, the Python API and the Dask runner are built from. Behaviour that differs
between tasks (checks, variants, the templates a run uses, provenance) is a method of the task,
never a switch on its name. Adding a task::

    # mypkg/tasks.py
    from dataclasses import dataclass
    from scholartools.tasks import Options, Task, option

    @dataclass
    class ShoutOptions(Options):
        field: str = option("text", "The field shouted.", metavar="FIELD")

    SHOUT = Task(name="shout", command="st-generate", summary="the text in capitals",
                 offline="mypkg.shout:offline_batch", options=ShoutOptions, reads={"text": "text"},
                 writes=("shout",))

and list it: built-in tasks in :data:`BUILTIN` below, tasks of another installed package under the
entry point group ``scholartools.tasks`` (``shout = "mypkg.tasks:SHOUT"``), as ``llm`` plugins do.

The methods are ``"module:function"`` strings imported only when the task runs, so that ``--help``
imports nothing heavy. ``llm`` is a generator per record (or, with ``per="group"``, per batch)
driven by :mod:`scholartools.llm.stages`; ``offline`` is ``(records, ctx) → list aligned with
records``.

The registry sits at the bottom: it imports nothing above the LLM layer, and names the task
objects as strings (so that ``judge/tasks.py`` may import :class:`Task` from here without a circle).

Records in, records out: :func:`run_task` ``(records, task, settings, options)`` yields the output
records; :func:`start` is the same run as a batch function, for a command's own reader/writer. A
run that cannot start as asked raises :class:`~scholartools.errors.UsageError` (exit 2 in a command).
"""
from __future__ import annotations

import dataclasses
import math
import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Callable

from scholartools.errors import UsageError

#: records per batch handed to an LLM task (a round of the stage runner asks all of their requests)
LLM_BATCH = 256
#: records per batch handed to an offline method
OFFLINE_BATCH = 64
#: the one --method vocabulary of every task command
METHODS = ("auto", "offline", "llm")
#: older names of the offline method, still accepted (``st-judge --method embed``, ``st-eqsynth --method rules``)
METHOD_ALIASES = {"embed": "offline", "rules": "offline"}
#: the entry point group other installed packages register tasks under
ENTRY_POINT_GROUP = "scholartools.tasks"


# ------------------------------------------------------------------------------- options

def option(default: Any = None, help: str = "", *, choices: Iterable[str] | None = None, type: Any = None,
           min: float | None = None, max: float | None = None, metavar: str | None = None,
           flag: str | None = None, off: str | None = None, is_flag: bool = False, path: bool = False,
           multiple: bool = False, shared: bool = False, exclusive: bool = False, show_default: bool = True) -> Any:
    """A field of a task's options dataclass: its default, help and choices in one place.

    ``type``: int, float or str (default: the default's type); ``min``/``max`` bound a number
    (``exclusive``: both bounds excluded); ``show_default=False`` leaves the default out of ``--help``;
    ``flag`` the command-line name when it is not ``--field-name``; ``off`` the negative switch of
    a boolean (``--no-rerank``); ``is_flag`` a boolean switch without one; ``path`` an existing
    file; ``multiple`` a repeatable option (a tuple of values); ``shared``: an option every task of the command takes (not listed per task).
    """
    meta = {"help": help, "choices": tuple(choices) if choices else None, "type": type, "min": min, "max": max,
            "metavar": metavar, "flag": flag, "off": off, "is_flag": is_flag, "path": path, "multiple": multiple, "shared": shared,
            "exclusive": exclusive, "show_default": show_default}
    return field(default=default, metadata=meta)


@dataclass
class Options:
    """The options of a task that takes none (every task's options dataclass derives from it)."""


@dataclass
class RunsOptions(Options):
    """``--runs`` / ``--combine``: repeated runs of an LLM task (:mod:`scholartools.llm.runs`);
    None takes the task's paper default (:attr:`Task.runs`, :attr:`Task.combine`)."""

    runs: int | None = option(None, "Run the task N times, each run under its own seed (sent with every call and "
                                    "cached separately): one record per run, ID#rK with run, run_seed. Default: "
                                    "the paper's count (AAAR 3, CLAIMCHECK 3, else 1); --runs 1 is the cheap "
                                    "trial.", type=int, min=1, metavar="N", shared=True)
    combine: str | None = option(None, "How st-score --aggregate combines the runs' results (written on each "
                                       "run's record). Default: the paper's (AAAR median, CLAIMCHECK mean).",
                                 choices=("median", "mean"), shared=True)


def option_fields(options: type | Any) -> list[dataclasses.Field]:
    """The declared options (fields made with :func:`option`) of an options class, in order."""
    return [f for f in dataclasses.fields(options) if "help" in f.metadata]


def flag_of(f: dataclasses.Field) -> str:
    """The command-line name of an option field."""
    return f.metadata.get("flag") or "--" + f.name.replace("_", "-")


def check_values(options: Any) -> None:
    """Every option value within its declared choices and bounds (what the command line checks
    too), else a :class:`UsageError` naming the option."""
    for f in option_fields(options):
        value, m = getattr(options, f.name), f.metadata
        if value is None or m.get("multiple"):
            continue
        if m.get("choices") and value not in m["choices"]:
            raise UsageError(f"{flag_of(f)}: '{value}' is not one of {', '.join(m['choices'])}")
        if isinstance(value, float) and not math.isfinite(value):
            raise UsageError(f"{flag_of(f)} must be a finite number, not {value}")
        low, high, strict = m.get("min"), m.get("max"), bool(m.get("exclusive"))
        if low is not None and (value <= low if strict else value < low):
            raise UsageError(f"{flag_of(f)} must be {'above' if strict else 'at least'} {low}, not {value}")
        if high is not None and (value >= high if strict else value > high):
            raise UsageError(f"{flag_of(f)} must be {'below' if strict else 'at most'} {high}, not {value}")


# ------------------------------------------------------------------------------- tasks

@dataclass(frozen=True)
class Task:
    """One step of a command (see the module docstring). Subclass it to give a task its own
    checks, variants, templates used or provenance."""

    name: str
    command: str
    summary: str
    #: the LLM method: a task generator, or a "module:function" string naming one
    llm: Callable | str | None = None
    #: the offline method: ``(records, ctx) → list``, or a "module:function" string
    offline: Callable | str | None = None
    #: prompt templates the LLM method may use (files in ``scholartools/templates/``)
    templates: tuple[str, ...] = ()
    #: where it reads from: slot → default field path
    reads: dict[str, str] = field(default_factory=dict)
    #: the fields it writes
    writes: tuple[str, ...] = ()
    #: "record": the LLM method runs per record; "group": once per batch (items in one prompt)
    per: str = "record"
    #: method descriptions recorded in provenance
    method_names: dict[str, str] = field(default_factory=dict)
    #: the options dataclass (fields made with :func:`option`)
    options: type = Options
    #: the offline method embeds text (its provenance names the embedding model)
    embeds: bool = False
    #: the message when the LLM method is asked for without a model
    needs_model: str = ""
    #: records per batch of the LLM method (default :data:`LLM_BATCH`)
    llm_batch_size: int | None = None
    #: the paper's sampling parameters for this task (e.g. ``{"temperature": 0.9}``), used when the
    #: command line does not set them (``--temperature`` wins); recorded in provenance
    defaults: dict = field(default_factory=dict)
    #: where the paper states :attr:`defaults` (e.g. "CLAIMCHECK App. C.1"), for provenance
    defaults_source: str = ""
    #: the paper's number of repeated runs (``--runs`` default), their seeds, and how it combines
    #: them (median / mean), with where it says so
    runs: int = 1
    run_seeds: tuple = ()
    combine: str = "mean"
    runs_source: str = ""

    # --------------------------------------------------------------- overridable behaviour
    def make_options(self, **values: Any) -> Any:
        """An instance of the task's options from values by name (defaults for the rest);
        an unknown name is a ``TypeError`` naming the task's options, as a wrong keyword is."""
        names = {f.name for f in dataclasses.fields(self.options)}
        unknown = sorted(set(values) - names)
        if unknown:
            raise TypeError(f"task '{self.name}' of {self.command} has no option(s) {', '.join(unknown)} "
                             f"(its options: {', '.join(sorted(names)) or 'none'})")
        return self.options(**values)

    def prepare(self, options: Any) -> Any:
        """Check the options (a :class:`UsageError` naming the option when a value cannot work)
        and turn them into what the methods read as ``ctx.options``. Runs before the model check."""
        return options

    def open(self, prepared: Any) -> Any:
        """Load what a run needs once (an index, a corpus) after the model check; returns the
        ``ctx.options`` of the run."""
        return prepared

    def opened(self, opts: Any) -> str | None:
        """A line for stderr about what :meth:`open` loaded (None: nothing to say)."""
        return None

    def variant(self, prepared: Any) -> "Task":
        """The task as it runs with these options (a protocol may need all records at once)."""
        return self

    def templates_used(self, prepared: Any) -> list[str]:
        """The templates a run with these options uses, its main one first (for provenance)."""
        return list(self.templates)

    def provenance(self, prepared: Any, method: str) -> dict:
        """Fields this task adds to every record's provenance entry (``method``: llm or offline)."""
        return {}

    # --------------------------------------------------------------- helpers
    def method(self, which: str) -> Callable:
        """The ``llm`` or ``offline`` method, imported on first use."""
        fn = getattr(self, which)
        if fn is None:
            raise LookupError(f"task '{self.name}' has no {which} method")
        if isinstance(fn, str):
            module, _, name = fn.partition(":")
            fn = getattr(importlib.import_module(module), name)
        return fn

    def option_names(self) -> list[str]:
        """The names of the options this task takes itself (shared ones left out)."""
        return [f.name for f in option_fields(self.options) if not f.metadata.get("shared")]


# ------------------------------------------------------------------------------- the registry

#: the built-in tasks of each command, in the order ``--help`` lists them ("module:attribute")
BUILTIN: dict[str, tuple[str, ...]] = {
    "st-judge": tuple(f"scholartools.judge.tasks:{n}" for n in
                      ("MATCH", "RATE", "CRITIQUE", "ENTAIL", "EQUATION", "EQUATION_CHOICE", "COMPARE3", "PREFER",
                       "LABELS")),
    "st-generate": tuple(f"scholartools.generate.tasks:{n}" for n in
                         ("CLAIM_WEAKNESS", "EXPERIMENTS", "EXPLANATIONS", "LEAK_FILTER", "LIMITATIONS", "RQ",
                          "SUMMARY", "WEAKNESS_EDIT", "WEAKNESSES")),
    "st-claims": tuple(f"scholartools.claims.tasks:{n}" for n in ("EXTRACT", "WEAKNESSES", "ASSOCIATE")),
    "st-facets": ("scholartools.facets.tasks:FACETS",),
    "st-eqsynth": ("scholartools.equations.tasks:NEGATIVES",),
    "st-extract-limits": ("scholartools.limitations.tasks:LIMITATIONS",),
}

_REGISTRY: dict[str, dict[str, Task]] | None = None


def _resolve(ref: str) -> Task:
    module, _, attr = ref.partition(":")
    task = getattr(importlib.import_module(module), attr)
    if not isinstance(task, Task):
        raise TypeError(f"{ref} is not a scholartools.tasks.Task")
    return task


def _entry_points() -> list:
    from importlib.metadata import entry_points

    return list(entry_points(group=ENTRY_POINT_GROUP))


def _load() -> dict[str, dict[str, Task]]:
    global _REGISTRY
    if _REGISTRY is None:
        reg: dict[str, dict[str, Task]] = {}
        for refs in BUILTIN.values():
            for ref in refs:
                _add(reg, _resolve(ref))
        for ep in _entry_points():
            task = ep.load()
            if not isinstance(task, Task):
                raise TypeError(f"entry point {ep.name} = {ep.value} ({ENTRY_POINT_GROUP}) is not a Task")
            _add(reg, task)
        _REGISTRY = reg
    return _REGISTRY


def _add(reg: dict, task: Task) -> None:
    tasks = reg.setdefault(task.command, {})
    if task.name in tasks and tasks[task.name] is not task:
        raise ValueError(f"task '{task.name}' of {task.command} is registered twice")
    tasks[task.name] = task


def reload() -> None:
    """Forget the loaded registry (the next lookup reads the entry points again)."""
    global _REGISTRY
    _REGISTRY = None


def commands() -> list[str]:
    """The commands that run tasks."""
    return list(_load())


def tasks_of(command: str) -> dict[str, Task]:
    """The tasks of ``command`` by name, built-in ones in their listed order, then plugins'."""
    return dict(_load().get(command, {}))


def get(command: str, name: str) -> Task:
    """The task ``name`` of ``command``; a :class:`UsageError` naming the known ones otherwise."""
    tasks = tasks_of(command)
    if name not in tasks:
        raise UsageError(f"{command} has no task '{name}' (tasks: {', '.join(tasks) or 'none'})")
    return tasks[name]


# ------------------------------------------------------------------------------- running

def method_name(method: str) -> str:
    """``auto``, ``offline`` or ``llm`` from a --method value (old names accepted)."""
    which = METHOD_ALIASES.get(method, method)
    if which not in METHODS:
        raise UsageError(f"--method: '{method}' is not one of {', '.join(METHODS)}")
    return which


def embedding_provenance(**extra: Any) -> dict:
    """The provenance of an offline method that embeds text: the embedding model, plus ``extra``."""
    from scholartools import embeddings

    return embeddings.provenance(**extra)


@dataclass
class Run:
    """A started run of a task: ``batch(records) → list aligned with them`` (a record, a list of
    records, or an exception each), in batches of ``batch_size`` (None: all at once), and the
    provenance fields of every output record."""

    task: Task
    method: str
    batch: Callable[[list[dict]], list]
    batch_size: int | None
    provenance: dict
    settings: Any = None

    def close(self) -> None:
        if self.method == "llm" and self.settings is not None:
            self.settings.close()


def start(task: Task, settings=None, options: Any = None, method: str = "auto",
          log: Callable[[str], None] | None = None, batch_size: int | None = None) -> Run:
    """Start ``task``: the options checked (:meth:`Task.prepare`), the method chosen (the LLM method
    when a model is configured or the task has no offline method; the offline fallback announced
    once through ``log``), the model checked, the client made before any record is read (so an
    unusable cache is a usage error), the provenance fields. ``settings`` is an
    :class:`~scholartools.llm.options.LLMSettings` (None: offline only); ``options`` an instance of
    the task's options (None: its defaults)."""
    from scholartools.llm.stages import TaskContext, run_group, run_records

    log = log or (lambda message: None)
    which = method_name(method)
    if which == "offline" and task.offline is None:
        raise UsageError(f"--method offline: task '{task.name}' of {task.command} has no offline method; "
                         f"it needs a model (--model or ST_MODEL)")
    options = options if options is not None else task.make_options()
    check_values(options)
    prepared = task.prepare(options)
    has_model = settings is not None and bool(settings.model)
    use_llm = which == "llm" or (which == "auto" and (has_model or task.offline is None))
    prov: dict[str, Any] = {"task": task.name}
    if use_llm:
        if task.llm is None:
            raise UsageError(f"task '{task.name}' has no LLM method")
        if not has_model:
            raise UsageError(task.needs_model or (
                f"{task.command} --task {task.name} needs a model: give --model MODEL or set ST_MODEL "
                f"(any litellm model string, e.g. openai/gpt-4o-mini; --api-base URL for a local server)"
                if task.offline is None else
                f"the LLM method of '{task.name}' needs a model: give --model MODEL or set ST_MODEL"))
        ctx_options = _open(task, prepared, log)
        used = task.templates_used(ctx_options)
        _route_main_template(settings, used)
        client = settings.client(log=log)   # an unusable cache stops the run here, before any record
        defaults = paper_defaults(task, settings)
        ctx = TaskContext(settings, ctx_options, log, client, defaults=defaults)
        prov.update(method=task.method_names.get("llm", "llm"), model=settings.model,
                    templates=[settings.template(t).provenance for t in used])
        if task.defaults:
            prov["paper_defaults"] = {**task.defaults, "applied": defaults, "source": task.defaults_source}
        prov.update(task.provenance(ctx_options, "llm"))
        runner = task.variant(ctx_options)
        fn = runner.method("llm")
        n_runs, combine = _runs(task, options)
        if n_runs > 1 or task.runs > 1:
            from scholartools.llm.runs import repeated, run_seeds

            seeds = run_seeds(n_runs, task.run_seeds)
            prov["runs"] = {"n": n_runs, "seeds": seeds if n_runs > 1 else [], "combine": combine,
                            "paper": task.runs, "source": task.runs_source}
            if n_runs > 1:
                from scholartools.llm.runs import repeated_group

                fn = (repeated_group if runner.per == "group" else repeated)(fn, seeds, combine, task.command)
        run = run_group if runner.per == "group" else run_records
        return Run(task, "llm", _placeholders(lambda recs: run(recs, fn, ctx), settings), None if runner.per == "group"
                   else batch_size or task.llm_batch_size or LLM_BATCH, prov, settings)
    if task.offline is None:
        raise UsageError(f"task '{task.name}' has no offline method")
    ctx_options = _open(task, prepared, log)
    ctx = TaskContext(settings, ctx_options, log)
    fn = task.method("offline")
    prov["method"] = task.method_names.get("offline", "offline")
    if task.embeds:
        prov.update(embedding_provenance())
    prov.update(task.provenance(ctx_options, "offline"))   # a variant may name its own method
    if which == "auto":
        log(f"no model configured, using the offline method ({prov['method']})")
    return Run(task, "offline", _placeholders(lambda recs: fn(recs, ctx), settings, marks=False),
               batch_size or OFFLINE_BATCH, prov, settings)


def _placeholders(batch: Callable[[list[dict]], list], settings, marks: bool = True) -> Callable[[list[dict]], list]:
    """``batch`` with the dry-run placeholder rule (:mod:`scholartools.llm.placeholders`): under
    ``--dry-run`` every output record is marked (``marks``: the LLM method, whose fields hold
    stand-ins; an offline method keeps the input's mark with the rest of the record); otherwise
    a placeholder input record is refused (its error record) and the others run."""
    from scholartools.llm.placeholders import KIND, is_placeholder, mark, refusal

    dry = bool(getattr(settings, "dry_run", False))

    def guarded(records: list[dict]) -> list:
        if dry:
            outs = list(batch(records))
            if marks:
                for out in outs:
                    for rec in out if isinstance(out, list) else [out]:
                        mark(rec)
            return outs
        refused = [is_placeholder(r) for r in records]
        if not any(refused):
            return batch(records)
        from scholartools.records import RecordError

        done = iter(list(batch([r for r, bad in zip(records, refused) if not bad])) if not all(refused) else [])
        return [RecordError(KIND, refusal()) if bad else next(done) for bad in refused]

    return guarded


def _runs(task: Task, options: Any) -> tuple[int, str]:
    """``(runs, combine)`` of a run: the options' values, else the task's paper defaults."""
    n = getattr(options, "runs", None)
    how = getattr(options, "combine", None)
    return (task.runs if n is None else int(n)), (how or task.combine)


def paper_defaults(task: Task, settings) -> dict:
    """The task's paper sampling parameters that apply in this run: all of them, less the
    temperature when ``--temperature`` is given (the command line wins)."""
    out = dict(task.defaults)
    config = getattr(settings, "config", None)
    if getattr(config, "temperature", None) is not None:
        out.pop("temperature", None)
    return out


def _open(task: Task, prepared: Any, log: Callable[[str], None]) -> Any:
    opts = task.open(prepared)
    note = task.opened(opts)
    if note:
        log(note)
    return opts


def _route_main_template(settings, used: list[str]) -> None:
    """``--template FILE`` (no NAME=) replaces the run's main template."""
    overrides = dict(getattr(settings, "template_overrides", None) or {})
    if "" in overrides and used:
        overrides[used[0]] = overrides.pop("")
        settings.template_overrides = overrides


def run_task(records: Iterable[dict], task: Task, settings=None, options: Any = None, method: str = "auto", *,
             log: Callable[[str], None] | None = None, batch_size: int | None = None) -> Iterator[dict]:
    """Run ``task`` over ``records`` and yield its output records in input order: records in,
    records out, as the command writes them (a record that fails becomes an error record in its
    place; input error records pass through; each output record gets the command's provenance
    entry, without the per-record ``seconds``). Raises :class:`UsageError` before any record when
    the run cannot start."""
    from scholartools.records import map_batches

    run = start(task, settings, options, method, log, batch_size)
    try:
        yield from map_batches(records, run.batch, run.batch_size, task.command, run.provenance)
    finally:
        run.close()
