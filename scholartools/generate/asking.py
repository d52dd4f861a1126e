"""Asking the model for one sample: :func:`ask` stamps the sample index and the run's sampling
parameters on a request, and gives it its dry-run placeholder.

Under ``--dry-run`` nothing is called; a request that is not cached takes the placeholder of
:func:`dry_list` / :func:`dry_text` — unique per prompt (:func:`prompt_hash`), so that a later
stage built from it (an aggregation, a generation after re-ranking) is counted exactly as a real
run would make it — and the record keeps it in the field the real run fills (marked ``(dry run:
…)``; the record itself is marked ``_dry_run``, see :mod:`scholartools.llm.placeholders`), so
that the next command's dry run counts its calls too.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from scholartools.llm.stages import Ask


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
    """The dry-run value of a text reply."""
    return f"(dry run: no reply to prompt {h})"
