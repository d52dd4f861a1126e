"""st-generate as library functions: the generation tasks of the five papers.

One module per task family — :mod:`~scholartools.generate.limitations` (BAGELS, with
:mod:`~scholartools.generate.guard` and :mod:`~scholartools.generate.rag`),
:mod:`~scholartools.generate.rq` (PaperRQ), :mod:`~scholartools.generate.aaar` (AAAR-1.0),
:mod:`~scholartools.generate.summary`, :mod:`~scholartools.generate.claimcheck` (CLAIMCHECK) —
and :mod:`~scholartools.generate.lists` for reply → list parsing. What they share, one module
each: :mod:`~scholartools.generate.asking` (a request for one sample, its dry-run placeholder),
:mod:`~scholartools.generate.reply_values` (what a reply gives: answered, text, parsed value),
:mod:`~scholartools.generate.sampling` (one generator per sample, N samples per record) and
:mod:`~scholartools.generate.options` (``ctx.options``). Each task is registered in
:mod:`scholartools.generate.tasks` and runs on the stage runner.

From Python, run the command in-process (the shell's contract: error records included)::

    import scholartools as st
    out = st.run("st-generate", papers, task="limitations", model="openai/gpt-4o-mini", sections="all")
"""
from __future__ import annotations

from typing import Any

__all__ = ["options_for"]


def options_for(task: str, samples: int = 1, params: dict | None = None, fields: dict | None = None,
                **options: Any):
    """The :class:`~scholartools.generate.options.GenOptions` of ``task``: its options' defaults
    (as ``st-generate --help`` shows them) overridden by ``options``; ``rag`` (a corpus file) loads the
    corpus (once per process for the same file)."""
    from scholartools.tasks import get

    t = get("st-generate", task)
    params = dict(params or {})
    opts = t.make_options(samples=samples, seed=params.pop("seed", None), max_tokens=params.pop("max_tokens", None),
                          fields=dict(fields or {}), **options)
    gen = t.open(t.prepare(opts))
    gen.params.update(params)
    return gen
