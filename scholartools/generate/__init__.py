"""st-generate as library functions: the generation tasks of the five papers.

One module per task family — :mod:`~scholartools.generate.limitations` (BAGELS, with
:mod:`~scholartools.generate.guard` and :mod:`~scholartools.generate.rag`),
:mod:`~scholartools.generate.rq` (PaperRQ), :mod:`~scholartools.generate.aaar` (AAAR-1.0),
:mod:`~scholartools.generate.summary`, :mod:`~scholartools.generate.claimcheck` (CLAIMCHECK) —
and :mod:`~scholartools.generate.lists` for reply → list parsing. Each task is registered in
:mod:`scholartools.tasks.generate` and runs on the stage runner.

From Python, run the command in-process (the shell's contract: error records included)::

    import scholartools as st
    out = st.run("st-generate", papers, task="limitations", model="openai/gpt-4o-mini", sections="all")
"""
from __future__ import annotations

from typing import Any

__all__ = ["options_for"]


def options_for(task: str, samples: int = 1, params: dict | None = None, fields: dict | None = None,
                **options: Any):
    """The :class:`~scholartools.generate.common.GenOptions` of ``task``: its options' defaults
    (as ``st-generate --help`` shows them) overridden by ``options``; ``rag`` (a corpus file) loads the
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
        extra["corpus"] = None
        if extra.get("rag"):
            from scholartools.generate.rag import load_corpus

            extra["corpus"] = load_corpus(extra["rag"], extra["chunk_size"], extra["chunk_overlap"],
                                       extra["match_threshold"])
    return GenOptions(task=task, samples=samples, params=dict(params or {}), fields=dict(fields or {}), extra=extra)
