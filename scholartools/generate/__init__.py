"""st-generate as library functions: the generation tasks of the five papers.

One module per task family — :mod:`~scholartools.generate.limitations` (BAGELS, with
:mod:`~scholartools.generate.guard` and :mod:`~scholartools.generate.rag`),
:mod:`~scholartools.generate.rq` (PaperRQ), :mod:`~scholartools.generate.aaar` (AAAR-1.0),
:mod:`~scholartools.generate.summary`, :mod:`~scholartools.generate.claimcheck` (CLAIMCHECK) —
and :mod:`~scholartools.generate.lists` for reply → list parsing. Each task is registered in
:mod:`scholartools.tasks.generate` and runs on the stage runner.

From Python::

    from scholartools.generate import generate
    out = generate(records, "limitations", model="openai/gpt-4o-mini", sections="all", samples=2)

returns one entry per input record: the output record, a list of records (``samples > 1``), or
the exception that ended that record.
"""
from __future__ import annotations

from typing import Any, Iterable

__all__ = ["generate", "options_for"]


def options_for(task: str, samples: int = 1, params: dict | None = None, fields: dict | None = None,
                **options: Any):
    """The :class:`~scholartools.generate.common.GenOptions` of ``task``: its options' defaults
    (as ``st-generate --help`` shows them) overridden by ``options``; ``rag_path`` loads the
    corpus (once per process for the same file)."""
    from scholartools.generate.common import GenOptions
    from scholartools.tasks import get

    t = get("st-generate", task)
    extra = {o.name: o.default for o in t.options}
    unknown = set(options) - set(extra)
    if unknown:
        raise TypeError(f"task '{task}' has no option(s) {', '.join(sorted(unknown))} (its options: {', '.join(extra)})")
    extra.update(options)
    if task == "limitations":
        from scholartools.generate.limitations import IMPORTANCE_QUERY

        extra["importance_query"] = extra.get("importance_query") or IMPORTANCE_QUERY
        rels = extra.get("relations") or ()
        extra["relations"] = tuple(r.strip() for r in rels.split(",") if r.strip()) if isinstance(rels, str) \
            else tuple(rels)
        extra["rag"] = None
        if extra.get("rag_path"):
            from scholartools.generate.rag import load_corpus

            extra["rag"] = load_corpus(extra["rag_path"], extra["chunk_size"], extra["chunk_overlap"],
                                       extra["match_threshold"])
    return GenOptions(task=task, samples=samples, params=dict(params or {}), fields=dict(fields or {}), extra=extra)


def generate(records: Iterable[dict], task: str, model: str | None = None, samples: int = 1,
             params: dict | None = None, fields: dict | None = None, llm: dict | None = None,
             **options: Any) -> list:
    """Run ``task`` over ``records`` (see the module docstring). ``llm`` holds LLM-layer settings
    (``api_base``, ``cache``, ``dry_run``, ``max_concurrency``, ``temperature`` …)."""
    from scholartools.llm.options import settings_from
    from scholartools.llm.stages import TaskContext, run_records
    from scholartools.tasks import get

    settings = settings_from({**(llm or {}), "model": model or (llm or {}).get("model")})
    if not settings.model:
        raise ValueError("st-generate needs a model: pass model=… (any litellm model string)")
    opts = options_for(task, samples, params, fields, **options)
    ctx = TaskContext(settings, opts, client=settings.client())
    try:
        return run_records(list(records), get("st-generate", task).method("llm"), ctx)
    finally:
        settings.close()
