"""Every command as a Python function: records in, records out, the same contract as the shell.

    import scholartools as st

    papers = list(st.parse(["paper.pdf"]))                        # st-parse
    rated = st.run("st-facets", pairs)                            # any command, in-process
    scored = st.score(rated, "fm,rougeL")                         # st-score
    result = st.agree(scored, raters=["human.overall", "scores.fm"])   # st-agree

:func:`run` runs any ``st-*`` command in this process with the options of its ``--help``
(``ref="abstract"`` for ``--ref abstract``, ``dry_run=True`` for ``--dry-run``, a list for a
repeatable option) and returns its output records — error records included, exactly as the
command writes them (without the per-record provenance ``seconds``). A usage error (exit 2)
raises :class:`CommandError` with the command's message. Commands run straight through the
library, with no argv and no JSONL round trip: a task (every command of
:func:`scholartools.tasks.commands`, plugins' tasks included) through
:func:`scholartools.tasks.run_task`, its options its options dataclass's fields; st-parse through
:mod:`scholartools.parsing`; st-score through :mod:`scholartools.metrics.command`; st-agree
through :mod:`scholartools.agreement.command` (``inputs=[paths]`` reads files as ``-i`` does, for
``join_key``). The other functions are the library calls behind the commands, for work on
records without the command layer.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from scholartools.errors import CommandError, UsageError

__all__ = ["run", "CommandError", "parse", "score", "agree", "rate_facets"]


def run(command: str, records: Iterable[dict] = (), *args: str, **options: Any) -> list[dict]:
    """Run ``command`` (``"st-score"`` or ``"score"``) in-process on ``records``.

    ``args`` are extra command-line words (file names for st-parse); ``options`` are the
    command's options by their Python names. Returns the output records; raises
    :class:`CommandError` on a usage error (exit 2).
    """
    name = command if command.startswith("st-") else f"st-{command}"
    values = {k: v for k, v in options.items() if k not in ("quiet", "progress", "strict")}
    try:
        if task_for(name, values) is not None:
            if args:
                raise TypeError(f"{name} takes no arguments besides its records (got {list(args)!r})")
            return run_direct(name, records, values)
        if name == "st-parse":
            return list(_parse([*records, *args], **values))
        if name == "st-score":
            if args:
                raise TypeError(f"st-score takes no arguments besides its records (got {list(args)!r})")
            from scholartools.metrics.command import stream

            for key in ("fields",):   # a repeatable option: one value or several
                if isinstance(values.get(key), str):
                    values[key] = (values[key],)
            return list(stream(records, **values))
        if name == "st-agree":
            if args:
                raise TypeError(f"st-agree takes no arguments besides its records (got {list(args)!r})")
            return _agree(records, values)
    except UsageError as exc:
        raise CommandError(name, 2, str(exc)) from None
    if name == "st-cache":   # it writes reports about a cache, not records
        raise ValueError("st-cache maintains a cache rather than transforming records: use "
                         "scholartools.llm.cache.open_cache(...) from Python")
    from scholartools import tasks as registry

    known = ["st-parse", "st-score", "st-agree", *registry.commands()]
    raise ValueError(f"unknown command '{command}' (one of {', '.join(known)})")


def _agree(records: Iterable[dict], values: dict[str, Any]) -> list[dict]:
    """st-agree's output records (:func:`scholartools.agreement.command.stream`); ``inputs=[paths]``
    reads JSONL files as ``-i`` does, kept apart for ``join_key``."""
    from scholartools.agreement.command import COMMAND, stream
    from scholartools.records import read_jsonl

    paths = values.pop("inputs", None)
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    if not paths:
        return list(stream(records, **values))
    records = list(records)
    if records:
        raise TypeError("st-agree reads either records or inputs=[paths], not both")
    sources = [(str(p), list(read_jsonl(str(p), COMMAND))) for p in paths]
    if values.get("join_key"):
        return list(stream(sources=sources, **values))
    return list(stream([rec for _, recs in sources for rec in recs], **values))


def _parse(paths: list, fmt: str = "auto", sections_only: bool = False, no_references: bool = False,
           max_pages: int | None = None, keep_hidden: bool = False, id_from: str = "stem") -> Iterator[dict]:
    """st-parse's output records for ``paths`` (ids unique in the run; each record's provenance
    entry as the command writes it, without ``seconds``)."""
    from scholartools.parsing import parse_paths, unique_ids
    from scholartools.records import add_provenance, is_error
    from scholartools.version import __version__

    if not all(isinstance(p, (str, os.PathLike)) for p in paths):
        raise TypeError("st-parse reads paths (strings), not records")
    if not paths:
        raise UsageError("no input files: give FILE arguments or --paths-from-stdin")
    records = parse_paths([str(p) for p in paths], provenance=True, fmt=None if fmt == "auto" else fmt,
                          id_from=id_from, max_pages=max_pages, references=not no_references,
                          sections_only=sections_only, keep_hidden=keep_hidden)
    for rec in unique_ids(records):
        extra = rec.pop("_provenance", None)
        if not is_error(rec):
            add_provenance(rec, {"command": "st-parse", "version": __version__, **(extra or {})})
        yield rec


def task_for(command: str, options: dict[str, Any]):
    """The task a run of ``command`` with ``options`` runs (``task=`` names it when the command has
    several), or None when ``command`` is not a task command."""
    from scholartools import tasks as registry

    found = registry.tasks_of(command)
    if not found:
        return None
    name = options.get("task") or (next(iter(found)) if len(found) == 1 else None)
    if name is None or name not in found:
        return None
    return found[name]


def run_direct(command: str, records: Iterable[dict], options: dict[str, Any]) -> list[dict]:
    """:func:`run` for a task command: records in, records out through the library
    (:func:`scholartools.tasks.run_task`)."""
    from scholartools import tasks as registry
    from scholartools.llm.options import OPTION_NAMES, settings_from

    task = task_for(command, options)
    values = dict(options)
    values.pop("task", None)
    method = values.pop("method", "auto")
    llm = {k: values.pop(k) for k in list(values) if k in OPTION_NAMES}
    for key in ("template", "field_map"):   # repeatable options: a tuple, as the command line gives them
        for target in (llm, values):
            if isinstance(target.get(key), (str, list)):
                target[key] = tuple([target[key]] if isinstance(target[key], str) else target[key])
    settings = settings_from(llm, list(task.templates))
    return list(registry.run_task(records, task, settings, task.make_options(**values), method=method))


def parse(paths: str | Iterable[str], **options: Any) -> Iterator[dict]:
    """``st-parse`` as a function: one paper record per path (a file it cannot parse becomes an
    error record). ``options``: ``fmt``, ``id_from``, ``max_pages``, ``references``, ``sections_only``."""
    from scholartools.parsing import parse_paths

    return parse_paths([paths] if isinstance(paths, str) else list(paths), **options)


def score(records: Iterable[dict], metrics: str | list[str], aggregate: bool = False, **options: Any) -> list[dict]:
    """``st-score`` as a function: ``metrics`` like ``"rougeL,fm"``; ``options`` are
    :class:`~scholartools.metrics.registry.ScoreOptions` (``fields={"ref": "abstract"}``,
    ``use_stemmer``, ``weights`` …)."""
    from scholartools.metrics.score import ScoreOptions
    from scholartools.metrics.score import run as run_metrics

    return run_metrics(records, metrics, ScoreOptions(**options), aggregate=aggregate)


def agree(records: Iterable[dict] | None = None, **options: Any):
    """``st-agree`` as a function (:func:`scholartools.agreement.agree`): ``raters=[...]``,
    ``measures``, ``levels`` …; returns an :class:`~scholartools.agreement.Agreement`."""
    from scholartools.agreement import agree as compute

    return compute(list(records) if records is not None else None, **options)


def rate_facets(records: Iterable[dict], **options: Any) -> list[dict]:
    """``st-facets``' offline method as a function: facets of ``reference`` (and ``candidate``)
    and per-facet ratings. ``options`` are :class:`~scholartools.facets.annotate.FacetOptions`
    (``ref="abstract"``, ``cand=…``, ``facets=[…]`` …). A record it cannot process comes back
    as a :class:`~scholartools.records.RecordError` in its place."""
    from scholartools.facets.annotate import FacetOptions, offline_batch

    return offline_batch(list(records), FacetOptions(**options))
