"""What a judge's calls come to: a verdict is recorded with everything needed to audit and re-score
it — the value, or why there is none; the templates (name and SHA-256) behind it — and written at
``--out``. A reply that could not be parsed after the one repair re-ask is *unscored*: its value
is ``None``, its raw text kept, and the reason recorded (``unscored_reason``), never a wrong
answer."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def value_of(res) -> Any:
    """The parsed value of a Result, or None when it is unscored, failed, or a dry run."""
    if res is None or res.dry_run or res.unscored or res.error:
        return None
    return res.value


def reason_of(res) -> str | None:
    """Why a Result has no value (``parse_failure``, ``dry_run``, ``error``), or None."""
    if res is None:
        return "not_asked"
    if res.dry_run:
        return "dry_run"
    if res.error:
        return "error"
    if res.unscored:
        return res.unscored.get("unscored_reason", "parse_failure")
    return None


def templates_of(results: Iterable) -> list[dict]:
    """``[{name, sha256}]`` of the templates behind ``results``, each once, in first-use order."""
    seen: dict[tuple, dict] = {}
    for r in results:
        tpl = getattr(getattr(r, "request", None), "template", None)
        if tpl is not None:
            seen.setdefault((tpl.name, tpl.sha256), {"name": tpl.name, "sha256": tpl.sha256})
    return list(seen.values())


def unscored_fields(res) -> dict:
    """``{"unscored_reason", "detail"}`` for a Result without a value (empty when it has one)."""
    reason = reason_of(res)
    if reason is None:
        return {}
    out = {"unscored_reason": reason}
    detail = (res.unscored or {}).get("detail") if res is not None and res.unscored else None
    if res is not None and res.error:
        detail = res.error.get("message")
    if detail:
        out["detail"] = detail
    return out


def with_field(rec: dict, path: str, value: Any) -> dict:
    """A copy of ``rec`` with ``value`` at the dotted ``path``; the dicts on the way are copied,
    so that fan-out children never share (and mutate) their parent's nested objects."""
    out = dict(rec)
    parts = path.split(".")
    node = out
    for part in parts[:-1]:
        child = node.get(part)
        child = dict(child) if isinstance(child, dict) else {}
        node[part] = child
        node = child
    node[parts[-1]] = value
    return out
