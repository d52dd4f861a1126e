"""What every st-judge task shares: reading its input fields, the verdict it writes at ``--out``,
the reply parsers of its labels, and combining several votes into one decision.

A verdict is recorded with everything needed to audit and re-score it: the value, the raw
replies, the protocol and the template(s) (name and SHA-256). A reply that could not be parsed
after the one repair re-ask is *unscored*: its value is ``None``, its raw text kept, and the
reason recorded (``unscored_reason``), never a wrong answer.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from scholartools.llm.replies import ReplyParseError, parse_label
from scholartools.records import RecordError, get_path
from scholartools.records import read_field as _read_field



# --------------------------------------------------------------------------- input fields

def read_field(rec: dict, path: str, what: str = "a value") -> Any:
    """The value at ``path``; ``missing_field`` when absent (or null)."""
    return _read_field(rec, path, message=f"st-judge needs {what} at '{path}', which this record lacks")


def _item_text(item: Any) -> str | None:
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and isinstance(item.get("text"), str):
        return item["text"]
    return None


def read_texts(rec: dict, path: str, what: str = "a list of texts") -> list[str]:
    """A list of texts at ``path``: strings, or objects with a ``text`` (extraction points)."""
    value = read_field(rec, path, what)
    if not isinstance(value, list):
        raise RecordError("bad_value", f"'{path}' must be {what}, not {type(value).__name__}", field=path)
    texts = [_item_text(v) for v in value]
    bad = [i for i, t in enumerate(texts) if t is None]
    if bad:
        raise RecordError("bad_value", f"'{path}' must be {what}: item {bad[0]} is "
                          f"{type(value[bad[0]]).__name__}, not text (or an object with 'text')", field=path)
    return texts  # type: ignore[return-value]


def read_text(rec: dict, path: str, what: str = "text") -> str:
    """Text at ``path``; a list of texts is joined by newlines, an object shown as JSON."""
    value = read_field(rec, path, what)
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(_item_text(v) is not None for v in value):
        return "\n".join(_item_text(v) for v in value)  # type: ignore[misc]
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, indent=1)
    raise RecordError("bad_value", f"'{path}' must be {what}, not {type(value).__name__}", field=path)


def read_joined(rec: dict, paths: Iterable[str], what: str = "text") -> str:
    """The texts of several fields (``abstract,introduction``) joined by a blank line."""
    return "\n\n".join(read_text(rec, p, what) for p in paths)


def numbered(items: list[str], start: int = 1) -> str:
    """``1. first\\n2. second`` — how lists are shown to the judge."""
    return "\n".join(f"{i}. {' '.join(t.split())}" for i, t in enumerate(items, start))


def last_words(text: str, n: int) -> str:
    """The last ``n`` whitespace words of ``text`` (AAAR's context cut: ``split()[-N:]``)."""
    return " ".join(text.split()[-n:]) if n > 0 else ""


def first_words(text: str, n: int) -> str:
    """The first ``n`` whitespace words of ``text``."""
    return " ".join(text.split()[:n]) if n > 0 else ""


# --------------------------------------------------------------------------- results → values

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


#: decoding settings the papers state for their judges, used unless --temperature is given:
#: BAGELS' pair judge T = 0 (its code); AAAR's closed-model EquationInference T = 1, top_p 0.99,
#: 200 tokens and entailment judge T = 1, top_p 0.99, 720 tokens; CLAIMCHECK T = 0.3
PAPER_PARAMS = {
    "match": {"temperature": 0.0},
    "equation": {"temperature": 1.0, "top_p": 0.99, "max_tokens": 200},
    "entail": {"temperature": 1.0, "top_p": 0.99, "max_tokens": 720},
    "claimcheck": {"temperature": 0.3},
}


def paper_params(ctx, task: str) -> dict:
    """The paper's decoding settings of ``task`` (:data:`PAPER_PARAMS`); a ``--temperature``
    given on the command line replaces the paper's temperature (and its top_p)."""
    params = dict(PAPER_PARAMS.get(task, {}))
    if ctx.llm is not None and ctx.llm.config.temperature is not None:
        params.pop("temperature", None)
        params.pop("top_p", None)
    return params


def sampling_params(ctx, samples: int, extra: dict | None = None) -> dict:
    """Sampling parameters: temperature 1 when several samples are drawn and ``--temperature``
    is not given (G-Eval and Chiang & Lee sample at T = 1), plus ``extra``."""
    params = dict(extra or {})
    configured = ctx.llm.config.temperature if ctx.llm is not None else None
    if samples > 1 and configured is None:
        params.setdefault("temperature", 1.0)
    return params


# --------------------------------------------------------------------------- reply parsers

_YES_NO = re.compile(r"\b(yes|no)\b", re.I)


def parse_yes_no(text: str) -> int:
    """1 for Yes, 0 for No, case-insensitive, the first of the two words in the reply
    ("Yes.", "**No**", "yes, both concern ..."); neither → :class:`ReplyParseError`."""
    m = _YES_NO.search(text or "")
    if not m:
        raise ReplyParseError('expected "Yes" or "No"')
    return 1 if m.group(1).lower() == "yes" else 0


def parse_yes_exact(text: str) -> int:
    """BAGELS' code: ``reply == 'Yes'`` — "Yes." or "yes" count as No; never unscored."""
    return 1 if text == "Yes" else 0


_VERDICT_LINE = re.compile(r"(?:verdict|answer|label|decision|preference)\s*[:=]\s*\**\s*([^\n]*)", re.I)


def verdict_lines(text: str) -> list[str]:
    """What follows ``Verdict:`` (or Answer/Label/Decision/Preference) on each such line."""
    return _VERDICT_LINE.findall(text or "")


def parse_final_label(text: str, labels: Iterable[str], require_line: bool = False) -> str:
    """A label from ``labels`` given on a ``Verdict: …`` line (the last such line wins), or,
    without one (unless ``require_line``), the only label the reply names; anything else is
    :class:`ReplyParseError`."""
    labels = list(labels)
    for line in reversed(verdict_lines(text)):
        try:
            return parse_label(line, labels)
        except ReplyParseError:
            continue
    if require_line:
        raise ReplyParseError(f"expected a final line 'Verdict: <label>' with one of: {', '.join(labels)}")
    found = set()
    for lab in labels:
        if re.search(r"(?<![\w-])" + re.escape(lab) + r"(?![\w-])", text or "", re.I):
            found.add(lab)
    if len(found) == 1:
        return found.pop()
    raise ReplyParseError(f"expected a final line 'Verdict: <label>' with one of: {', '.join(labels)}")


_BINARY = re.compile(r"^\W*(?:(?:answer|label|prediction)\s*[:=]\s*)?\W*([01])\W*$", re.I)


def parse_binary_strict(text: str) -> int:
    """0 or 1 as the whole reply (``"1"``, ``" 0\\n"``, ``"**1**"``, ``"Answer: 1"``); anything
    else is :class:`ReplyParseError` (AAAR's closed-model parse: ``int(reply.strip())`` ∈ {0, 1})."""
    m = _BINARY.match(text or "")
    if not m:
        raise ReplyParseError("expected only 0 or 1")
    return int(m.group(1))


def parse_binary_first(text: str) -> int:
    """AAAR's entailment parse: the first ``0`` or ``1`` character of the reply, else 0."""
    m = re.search(r"[01]", text or "")
    return int(m.group(0)) if m else 0


# --------------------------------------------------------------------------- votes

POLICIES = ("no", "majority", "first")


def combine_votes(votes: list[int | None], policy: str = "no") -> tuple[int | None, bool | None]:
    """One 0/1 decision from votes (variants × orders, in asking order; None = unscored).

    Unscored votes are left out. All remaining votes agree → their value (consistent).
    Otherwise the policy decides (inconsistent): ``no`` → 0 (a match only when every vote says
    so: "we choose the consistent one", BAGELS §6.2), ``majority`` → the majority (a tie → 0),
    ``first`` → the first scored vote. No scored vote → ``(None, None)``.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (one of {', '.join(POLICIES)})")
    scored = [v for v in votes if v is not None]
    if not scored:
        return None, None
    if all(v == scored[0] for v in scored):
        return scored[0], True
    if policy == "no":
        return 0, False
    if policy == "first":
        return scored[0], False
    return (1 if 2 * sum(scored) > len(scored) else 0), False
