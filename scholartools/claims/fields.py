"""The record side of st-claims: options, reading the fields a task needs (with the error records
the project's conventions ask for), and shaping what each task writes.

What the three tasks write (``docs/st-claims.md`` has examples):

* ``extract``: ``claims`` — ``[{"id": "Claim1", "text", "section", "section_index", "start",
  "end", …}]`` in document order, ``text == section_text[start:end]`` (the section text is the
  record's ``abstract`` when ``section`` is "abstract", ``figures[figure_index].caption`` when the
  claim has ``figure_index``, else ``sections[section_index].text``) —
  and ``claim_texts`` — ``["Claim1: …", …]``, CLAIMCHECK's candidate-list form, which
  ``st-score --metric f1-edit`` reads (it strips the ``ClaimN:`` label).
* ``weaknesses``: ``weaknesses`` — ``[{"id": "w1", "text", "start", "end"}]``, offsets into the
  review text (``review_index`` added when ``--review`` names a list of reviews).
* ``associate``: by default one record per weakness, id ``PAPER#wK`` (CLAIMCHECK's unit: one
  weakness with its paper's claims, what ``st-generate --task claim-weakness`` and ``st-judge
  --task labels`` read): the parent's fields except ``weaknesses``, plus ``paper_id``,
  ``weakness`` (the weakness text, the field st-judge reads), ``weakness_item`` (its id, offsets
  and any other fields of the item), ``targets`` (claim ids, ≤ 3, possibly empty; null when an LLM
  reply could not be read), ``target_scores`` (aligned), ``target_claims`` (``"ClaimN: text"``)
  and ``association`` (method, grounded, candidates or reasoning). A paper without weaknesses is
  written once, unchanged. With ``fan_out=False`` the same fields are written into each item of
  the record's ``weaknesses`` instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from scholartools.claims.associate import AssociateOptions
from scholartools.claims.extract import DEFAULT_MAX_CLAIMS
from scholartools.claims.stacked import STACKED_THRESHOLD
from scholartools.records import RecordError, id_text

_CLAIM_LABEL = re.compile(r"^\s*(claim\s*\d+)\s*:\s*", re.I)


@dataclass
class ClaimsOptions:
    """Everything the three tasks read from the command line."""

    max_claims: int | None = DEFAULT_MAX_CLAIMS
    threshold: float = STACKED_THRESHOLD
    scorer: str = "stacked"
    chunk_tokens: int = 1500
    review_field: str = "review"
    unit: str = "item"
    associate: AssociateOptions = field(default_factory=AssociateOptions)
    fan_out: bool = True
    confidence_field: str | None = None
    paper_tokens: int = 3000
    review_tokens: int = 2000


# ----------------------------------------------------------------------------------- extract

def require_paper(rec: dict) -> None:
    """A paper record must have ``sections`` (a list) or an ``abstract`` (a string)."""
    secs, abstract = rec.get("sections"), rec.get("abstract")
    if secs is None and abstract is None:
        raise RecordError("missing_field", "st-claims --task extract needs a paper record with 'sections' "
                          "(or 'abstract'), as st-parse writes", field="sections")
    if secs is not None and not isinstance(secs, list):
        raise RecordError("bad_value", "'sections' must be a list of {heading, text} objects", field="sections")
    if abstract is not None and not isinstance(abstract, str):
        raise RecordError("bad_value", "'abstract' must be a string", field="abstract")


def with_claims(rec: dict, claims: list[dict]) -> dict:
    out = dict(rec)
    out["claims"] = claims
    out["claim_texts"] = [f"{c['id']}: {c['text']}" for c in claims]
    return out


# ----------------------------------------------------------------------------------- weaknesses

def review_texts(rec: dict, path: str) -> list[str] | str:
    """The review text(s) at ``path``: a string, or a list of strings (or of ``{"text"}``)."""
    from scholartools.records import get_path

    value = get_path(rec, path, None)
    if value is None:
        raise RecordError("missing_field", f"no review text in field '{path}' (choose it with --review FIELD)",
                          field=path)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict) and isinstance(item.get("text"), str):
                out.append(item["text"])
            elif isinstance(item, str):
                out.append(item)
            else:
                raise RecordError("bad_value", f"'{path}' must be a string or a list of strings", field=path)
        return out
    raise RecordError("bad_value", f"'{path}' must be a string or a list of strings, not {type(value).__name__}",
                      field=path)


def with_weaknesses(rec: dict, per_review: list[list[dict]], many: bool) -> dict:
    """The record with ``weaknesses`` numbered ``w1…`` across its reviews."""
    out = dict(rec)
    items = []
    for ri, spans in enumerate(per_review):
        for s in spans:
            item = {"id": f"w{len(items) + 1}", "text": s["text"], "start": s["start"], "end": s["end"]}
            if many:
                item["review_index"] = ri
            items.append(item)
    out["weaknesses"] = items
    return out


# ----------------------------------------------------------------------------------- associate

def read_claims(rec: dict) -> list[dict]:
    """``claims`` as ``{"id", "text"}`` dicts (strings "ClaimN: text" or plain texts accepted)."""
    value = rec.get("claims")
    if value is None:
        raise RecordError("missing_field", "st-claims --task associate needs 'claims' (run --task extract first)",
                          field="claims")
    if not isinstance(value, list):
        raise RecordError("bad_value", "'claims' must be a list", field="claims")
    out = []
    for i, c in enumerate(value, 1):
        if isinstance(c, dict) and isinstance(c.get("text"), str):
            out.append({"id": str(c.get("id") or f"Claim{i}"), "text": c["text"]})
        elif isinstance(c, str):
            m = _CLAIM_LABEL.match(c)
            cid = m.group(1).replace(" ", "") if m else f"Claim{i}"
            cid = cid[0].upper() + cid[1:]
            out.append({"id": cid, "text": c[m.end():] if m else c})
        else:
            raise RecordError("bad_value", f"'claims' item {i} is neither a string nor an object with 'text'",
                              field="claims")
    return out


def read_weaknesses(rec: dict) -> list[dict]:
    value = rec.get("weaknesses")
    if value is None:
        raise RecordError("missing_field", "st-claims --task associate needs 'weaknesses' (run --task weaknesses "
                          "first)", field="weaknesses")
    if not isinstance(value, list):
        raise RecordError("bad_value", "'weaknesses' must be a list", field="weaknesses")
    out = []
    for i, w in enumerate(value, 1):
        if isinstance(w, str):
            out.append({"id": f"w{i}", "text": w})
        elif isinstance(w, dict) and isinstance(w.get("text"), str):
            out.append({**w, "id": str(w.get("id") or f"w{i}")})
        else:
            raise RecordError("bad_value", f"'weaknesses' item {i} is neither a string nor an object with 'text'",
                              field="weaknesses")
    return out


def association_output(rec: dict, claims: list[dict], weaknesses: list[dict], results: list[dict],
                       fan_out: bool) -> dict | list[dict]:
    """The output record(s) of ``associate``: ``results[i]`` is ``{"targets", "target_scores",
    "association", ["custom_target"]}`` for ``weaknesses[i]``."""
    text = {c["id"]: c["text"] for c in claims}
    shaped = []
    for w, r in zip(weaknesses, results):
        targets = r["targets"]
        target_claims = None
        if targets is not None:
            target_claims = [f"{t}: {text[t]}" for t in targets]
            if r.get("custom_target"):
                target_claims.append(r["custom_target"])
        shaped.append({"targets": targets, "target_scores": r["target_scores"], "target_claims": target_claims,
                       "association": r["association"], "_calls": r.get("_calls")})
    if not fan_out:
        out = dict(rec)
        out["weaknesses"] = [{**w, **{k: v for k, v in s.items() if k != "_calls"}} for w, s in zip(weaknesses, shaped)]
        return out
    if not weaknesses:   # nothing to fan out: the paper is still written, visibly without units
        return dict(rec)
    parent = {k: v for k, v in rec.items() if k != "weaknesses"}
    pid = id_text(rec.get("id", ""))
    children = []
    for w, s in zip(weaknesses, shaped):
        child = dict(parent)
        span = {k: v for k, v in w.items() if k != "text"}
        child.update(id=f"{pid}#{w['id']}", paper_id=pid, weakness=w["text"], weakness_item=span,
                     targets=s["targets"], target_scores=s["target_scores"], target_claims=s["target_claims"],
                     association=s["association"])
        if s["_calls"] is not None:
            child["_calls"] = s["_calls"]
        children.append(child)
    return children
