"""What every generation task shares: its options, samples, and dry-run placeholders.

A task of ``st-generate`` is written for *one sample*: a generator ``one(rec, ctx, k)`` that
yields ``ctx.ask(...)`` requests (through :func:`ask`, which stamps the sample index ``k`` and the
sampling parameters on them) and returns the fields it writes. :func:`sampled` turns it into the
per-record task generator of the stage runner (:mod:`scholartools.llm.stages`): with
``--samples 1`` the record is enriched with the fields; with ``--samples N`` the N pipelines run in
lock-step (each round of the runner asks the requests of all N together, so shared steps such as
the RAG re-ranking — asked with sample 0 — are asked once) and the record fans out into N
children ``ID#s0`` … ``ID#s{N-1}`` carrying ``sample`` and ``parent_id``, each with the
provenance of its own calls.

Under ``--dry-run`` nothing is called; a request that is not cached takes the placeholder of
:func:`dry_list` / :func:`dry_text` — unique per prompt, so that a later stage built from it (an
aggregation, a generation after re-ranking) is counted exactly as a real run would make it — and
the record keeps it in the field the real run fills (marked ``(dry run: …)``; the record itself
is marked ``_dry_run``, see :mod:`scholartools.llm.placeholders`), so that the next command's dry
run counts its calls too.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from scholartools.llm.runs import lockstep  # noqa: F401 (the fan-out driver, shared with --runs)
from scholartools.llm.stages import Ask
from scholartools.records import RecordError, error_of, set_path


@dataclass
class GenOptions:
    """Options of one ``st-generate`` run (library callers build it directly)."""

    task: str
    samples: int = 1
    #: sampling parameters for every call (``seed``, ``max_tokens``; ``--temperature`` is the client's)
    params: dict = field(default_factory=dict)
    #: slot → field path overrides (``--field SLOT=PATH``)
    fields: dict = field(default_factory=dict)
    #: the task's own options by name (``sections``, ``max_input_tokens``, ``rag`` …)
    extra: dict = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        extra = self.__dict__.get("extra", {})
        if name in extra:
            return extra[name]
        raise AttributeError(name)


def ask(ctx, k: int, template: str, *, parse: Callable | None = None, dry: Any = None,
        params: dict | None = None, **fields: Any) -> Ask:
    """``ctx.ask`` for sample ``k`` with the run's sampling parameters; ``dry`` builds the dry-run
    value from the prompt text (``dry(prompt_hash)``), or is the value itself."""
    a = ctx.ask(template, parse=parse, params={**ctx.options.params, **(params or {})}, **fields)
    a.request.sample = k
    if dry is not None:
        a.dry_value = dry(prompt_hash(a)) if callable(dry) else dry
    return a


def prompt_hash(a: Ask) -> str:
    """A short hash of the request's messages (dry-run placeholders are unique per prompt)."""
    blob = json.dumps(a.request.messages, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:12]


def dry_list(h: str) -> list[str]:
    """The dry-run value of a list reply."""
    return [f"(dry run: no reply to prompt {h})"]


def dry_text(h: str) -> str:
    return f"(dry run: no reply to prompt {h})"


def answered(res) -> bool:
    """True for a real or cached reply, and for a dry run's placeholder (:func:`dry_list`,
    :func:`dry_text`: marked strings the next command's dry run counts on); False for a dry-run
    request that has no placeholder."""
    return not res.dry_run or res.value is not None


def reply_text(res) -> str | None:
    """The reply's text; under ``--dry-run`` the request's placeholder text (or None)."""
    if res.dry_run:
        return res.value if isinstance(res.value, str) else None
    return res.text


def value_or_unscored(res, what: str) -> Any:
    """``res.value``; a reply that could not be parsed even after the repair re-ask is this
    record's ``unparsable_reply`` error (carrying the raw reply), never a silent empty value."""
    if res.unscored and not res.dry_run:
        raise RecordError("unparsable_reply", f"the {what} reply could not be read: "
                          f"{res.unscored.get('detail') or res.unscored.get('unscored_reason')}",
                          raw=res.text)
    return res.value


def sampled(one: Callable) -> Callable:
    """The per-record task generator of ``one(rec, ctx, k)`` (see the module docstring)."""

    def task(rec: dict, ctx):
        n = max(1, int(getattr(ctx.options, "samples", 1) or 1))
        gens = [one(rec, ctx, k) for k in range(n)]
        outputs, used = yield from lockstep(gens)
        if n == 1:
            if isinstance(outputs[0], BaseException):
                raise outputs[0]
            return _enrich(rec, outputs[0])
        children = []
        for k, (out, calls) in enumerate(zip(outputs, used)):
            child = {**rec, "id": f"{rec.get('id')}#s{k}", "parent_id": rec.get("id"), "sample": k}
            if isinstance(out, BaseException):
                child["error"] = error_of(out, "st-generate")
            else:
                child = _enrich(child, out)
                child["_calls"] = calls
            children.append(child)
        return children

    task.__name__ = getattr(one, "__name__", "task")
    task.__doc__ = one.__doc__
    return task


def _enrich(rec: dict, fields: dict) -> dict:
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
