"""Every command as a Python function: records in, records out, the same contract as the shell.

    import scholartools as st

    papers = list(st.parse(["paper.pdf"]))                        # st-parse
    rated = st.run("st-facets", pairs)                            # any command, in-process
    scored = st.score(rated, "fm,rougeL")                         # st-score
    result = st.agree(scored, raters=["human.overall", "scores.fm"])   # st-agree

:func:`run` runs any ``st-*`` command in this process with the options of its ``--help``
(``ref="abstract"`` for ``--ref abstract``, ``dry_run=True`` for ``--dry-run``, a list for a
repeatable option) and returns its output records — error records included, exactly as the
command writes them (without the per-record provenance ``seconds``, for a task). A usage error
(exit 2) raises :class:`CommandError` with the command's message. A task (``st-judge``,
``st-generate``, ``st-claims`` and the tasks of installed plugins) runs straight through the
library (:func:`scholartools.tasks.run_task`: no argv, no JSONL round trip); its options are its
options dataclass's fields. The other functions are the library calls behind the commands, for
work on records without the command layer.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import orjson

__all__ = ["run", "CommandError", "parse", "score", "agree", "rate_facets"]


class CommandError(RuntimeError):
    """A command stopped with a usage error (exit 2); ``message`` is what it said on stderr."""

    def __init__(self, command: str, code: int, message: str):
        super().__init__(f"{command} exited {code}: {message.strip()}")
        self.command, self.code, self.message = command, code, message


def run(command: str, records: Iterable[dict] = (), *args: str, **options: Any) -> list[dict]:
    """Run ``command`` (``"st-score"`` or ``"score"``) in-process on ``records``.

    ``args`` are extra command-line words (file names for st-parse); ``options`` are the
    command's options by their Python names. Returns the output records; raises
    :class:`CommandError` on a usage error (exit 2).
    """
    name = command if command.startswith("st-") else f"st-{command}"
    direct = run_direct(name, records, options) if not args else None
    if direct is not None:
        return direct
    from scholartools.cli.inprocess import invoke
    from scholartools.errors import UsageError

    try:
        code, stdout, stderr = invoke(name, records, args, {"quiet": True, **options})
    except UsageError as exc:
        raise CommandError(name, 2, str(exc)) from None
    if code == 2:
        raise CommandError(name, 2, stderr)
    return [orjson.loads(line) for line in stdout.splitlines() if line.strip()]


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


def run_direct(command: str, records: Iterable[dict], options: dict[str, Any]) -> list[dict] | None:
    """:func:`run` for a task command: records in, records out through the library; None when
    ``command`` with these options is not one (then :func:`run` goes through the command)."""
    from scholartools import tasks as registry
    from scholartools.errors import UsageError
    from scholartools.llm.options import OPTION_NAMES, settings_from

    task = task_for(command, options)
    if task is None:
        return None
    values = dict(options)
    values.pop("task", None)
    method = values.pop("method", "auto")
    for name in ("quiet", "progress", "strict"):
        values.pop(name, None)
    llm = {k: values.pop(k) for k in list(values) if k in OPTION_NAMES}
    for key in ("template", "field_map"):   # repeatable options: a tuple, as the command line gives them
        for target in (llm, values):
            if isinstance(target.get(key), (str, list)):
                target[key] = tuple([target[key]] if isinstance(target[key], str) else target[key])
    try:
        settings = settings_from(llm, list(task.templates))
        return list(registry.run_task(records, task, settings, task.make_options(**values), method=method))
    except UsageError as exc:
        raise CommandError(command, 2, str(exc)) from None


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
