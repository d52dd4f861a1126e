"""One sample per generator, N samples per record: a task of ``st-generate`` is written for *one
sample*, a generator ``one(rec, ctx, k)`` that yields ``ctx.ask(...)`` requests (through
:func:`scholartools.generate.asking.ask`) and returns the fields it writes. :func:`sampled` turns
it into the per-record task generator of the stage runner (:mod:`scholartools.llm.stages`): with
``--samples 1`` the record is enriched with the fields (:func:`enrich`); with ``--samples N`` the
N pipelines run in lock-step (each round of the runner asks the requests of all N together, so
shared steps such as the RAG re-ranking — asked with sample 0 — are asked once) and the record
fans out into N children ``ID#s0`` … ``ID#s{N-1}`` carrying ``sample`` and ``parent_id``, each
with the provenance of its own calls.
"""
from __future__ import annotations

from typing import Callable

from scholartools.llm.runs import lockstep
from scholartools.records import error_of, set_path


def sampled(one: Callable) -> Callable:
    """The per-record task generator of ``one(rec, ctx, k)`` (see the module docstring)."""

    def task(rec: dict, ctx):
        n = max(1, int(getattr(ctx.options, "samples", 1) or 1))
        gens = [one(rec, ctx, k) for k in range(n)]
        outputs, used = yield from lockstep(gens)
        if n == 1:
            if isinstance(outputs[0], BaseException):
                raise outputs[0]
            return enrich(rec, outputs[0])
        children = []
        for k, (out, calls) in enumerate(zip(outputs, used)):
            child = {**rec, "id": f"{rec.get('id')}#s{k}", "parent_id": rec.get("id"), "sample": k}
            if isinstance(out, BaseException):
                child["error"] = error_of(out, "st-generate")
            else:
                child = enrich(child, out)
                child["_calls"] = calls
            children.append(child)
        return children

    task.__name__ = getattr(one, "__name__", "task")
    task.__doc__ = one.__doc__
    return task


def enrich(rec: dict, fields: dict) -> dict:
    """A copy of ``rec`` with ``fields`` (dotted paths) set; ``generation.<task>`` entries merge
    with what earlier runs wrote there."""
    out = dict(rec)
    for path, value in fields.items():
        if path.startswith("generation."):
            gen = dict(out.get("generation") or {}) if isinstance(out.get("generation"), dict) else {}
            out["generation"] = gen
            gen[path.split(".", 1)[1]] = value
        else:
            set_path(out, path, value)
    return out
