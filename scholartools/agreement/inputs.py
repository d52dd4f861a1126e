"""Rater tables from records: which value each rater gave each unit.

Three input shapes (all read with dotted field paths, ``scholartools.records.get_path``):

* **wide** — one record per unit, one field per rater: ``--rater human.overall --rater fm_gpt4.overall``;
* **joined** — several files, each with some raters, matched on a key (``--join id``); a rater
  written ``N:path`` is read from the N-th input file only (1-based); units absent from some file
  are counted per file and reported, never silently dropped;
* **long** — one record per (unit, rater): ``--unit item_id --rater-field annotator --value-field label``.

A missing field or a JSON ``null`` is a missing rating. A value that a requested measure cannot use
(text for a correlation, a list or object anywhere) turns the record into an error record naming the
record and the field, and the unit is left out of every measure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from scholartools.records import MISSING as _MISSING, RecordError, get_path, has_path


@dataclass
class RaterTable:
    """Units × raters. ``values[u][r]`` is rater r's value for unit u (``None`` = missing)."""

    raters: list[str]
    unit_ids: list[str] = field(default_factory=list)
    values: list[list[Any]] = field(default_factory=list)
    groups: list[Any] | None = None
    systems: list[Any] | None = None
    #: join only: input file → number of keys found in other inputs but not in it
    unmatched: dict[str, int] | None = None
    notes: list[str] = field(default_factory=list)

    def column(self, rater: str | int) -> list[Any]:
        r = rater if isinstance(rater, int) else self.raters.index(rater)
        return [row[r] for row in self.values]

    def add(self, unit_id: str, row: list[Any], group: Any = None, system: Any = None) -> None:
        self.unit_ids.append(unit_id)
        self.values.append(row)
        if self.groups is not None:
            self.groups.append(group)
        if self.systems is not None:
            self.systems.append(system)


def record_name(rec: dict, index: int | None = None) -> str:
    rid = rec.get("id") if isinstance(rec, dict) else None
    if isinstance(rid, (str, int)):
        return str(rid)
    return f"#{index}" if index is not None else "(no id)"


def clean_value(value: Any, path: str, rec: dict, numeric: bool, index: int | None = None) -> Any:
    """A rating fit for the requested measures, ``None`` when missing, or a :class:`RecordError`."""
    if value is None or value is _MISSING:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, bool):
        return int(value) if numeric else value
    if isinstance(value, (int, float)):
        return value
    name = record_name(rec, index)
    if isinstance(value, str) and not numeric:
        return value
    if isinstance(value, str):
        raise RecordError("bad_value", f"record {name}: field '{path}' is not a number ({value!r}); "
                          "the requested measures need numeric values", field=path)
    raise RecordError("bad_value", f"record {name}: field '{path}' holds a {type(value).__name__}, "
                      "not a single rating (a number, a label or null)", field=path)


def _group_value(rec: dict, path: str | None) -> Any:
    if not path:
        return None
    v = get_path(rec, path)
    return v if not isinstance(v, (list, dict)) else str(v)


def from_wide(records: Iterable[dict], raters: list[str], numeric: bool = False,
              group_by: str | None = None, system_field: str | None = None,
              errors: list | None = None) -> RaterTable:
    """One unit per record, one ``--rater`` field path per rater.

    Records with an unusable value are appended to ``errors`` as ``(record, RecordError)`` and left out.
    """
    table = RaterTable(list(raters), groups=[] if group_by else None, systems=[] if system_field else None)
    for i, rec in enumerate(records):
        try:
            row = [clean_value(get_path(rec, p, _MISSING), p, rec, numeric, i) for p in raters]
            _check_grouping(rec, group_by, system_field, i)
        except RecordError as exc:
            if errors is not None:
                errors.append((rec, exc))
            continue
        table.add(record_name(rec, i), row, _group_value(rec, group_by), _group_value(rec, system_field))
    return table


def _check_grouping(rec: dict, group_by: str | None, system_field: str | None, index: int) -> None:
    for opt, path in (("--group-by", group_by), ("--system-field", system_field)):
        if path and get_path(rec, path) is None:
            raise RecordError("missing_field", f"record {record_name(rec, index)}: {opt} field '{path}' "
                              "is missing or null", field=path)


def parse_join_rater(spec: str, n_files: int) -> tuple[int | None, str]:
    """``"2:score"`` → (1, "score") (0-based file index); ``"score"`` → (None, "score")."""
    head, sep, tail = spec.partition(":")
    if sep and head.isdigit():
        k = int(head)
        if not 1 <= k <= n_files:
            raise ValueError(f"rater '{spec}' names input file {k}, but there are {n_files} inputs")
        return k - 1, tail
    return None, spec


def from_join(sources: list[tuple[str, list[dict]]], key: str, raters: list[str], numeric: bool = False,
              group_by: str | None = None, system_field: str | None = None,
              errors: list | None = None) -> RaterTable:
    """Units matched by ``key`` across several inputs ``[(name, records), ...]``.

    A rater without an ``N:`` prefix is read from the first input where any record has that field.
    Units are the union of keys (in order of first appearance); a unit absent from an input has
    that input's raters missing. ``table.unmatched`` counts, per input, the keys it lacks.
    Records without the key, or repeating a key within one input, go to ``errors``.
    """
    n = len(sources)
    indexed: list[dict[str, dict]] = []
    order: dict[str, None] = {}
    for name, recs in sources:
        by_key: dict[str, dict] = {}
        for i, rec in enumerate(recs):
            k = get_path(rec, key)
            if k is None or isinstance(k, (list, dict)):
                if errors is not None:
                    errors.append((rec, RecordError("missing_field", f"record {record_name(rec, i)} in {name}: "
                                                    f"join key '{key}' is missing or not a scalar", field=key)))
                continue
            k = str(k)
            if k in by_key:
                if errors is not None:
                    errors.append((rec, RecordError("duplicate_key", f"{name}: join key '{key}' = {k!r} occurs "
                                                    "more than once; only the first record is used", field=key)))
                continue
            by_key[k] = rec
            order.setdefault(k, None)
        indexed.append(by_key)

    where: list[tuple[int, str]] = []
    for spec in raters:
        fi, path = parse_join_rater(spec, n)
        if fi is None:
            fi = next((j for j, by_key in enumerate(indexed)
                       if any(has_path(r, path) for r in by_key.values())), None)
            if fi is None:
                raise ValueError(f"no input has the rater field '{path}'")
        where.append((fi, path))

    table = RaterTable(list(raters), groups=[] if group_by else None, systems=[] if system_field else None)
    table.unmatched = {name: sum(1 for k in order if k not in indexed[j]) for j, (name, _) in enumerate(sources)}
    for k in order:
        present = [by_key[k] for by_key in indexed if k in by_key]
        culprit = present[0] if present else {"id": k}
        try:
            row = []
            for fi, path in where:
                rec = indexed[fi].get(k)
                culprit = rec if rec is not None else culprit
                row.append(None if rec is None else clean_value(get_path(rec, path, _MISSING), path, rec, numeric))
            group = next((g for g in (_group_value(r, group_by) for r in present) if g is not None), None)
            system = next((s for s in (_group_value(r, system_field) for r in present) if s is not None), None)
            for opt, path, v in (("--group-by", group_by, group), ("--system-field", system_field, system)):
                if path and v is None:
                    raise RecordError("missing_field", f"unit {k}: {opt} field '{path}' is missing in every input",
                                      field=path)
        except RecordError as exc:
            if errors is not None:
                errors.append((culprit, exc))
            continue
        table.add(k, row, group, system)
    lacking = {name: c for name, c in table.unmatched.items() if c}
    if lacking:
        table.notes.append("join on '%s': %d keys in total; unmatched keys per input: %s" % (
            key, len(order), ", ".join(f"{name} lacks {c}" for name, c in lacking.items())))
    return table


def from_long(records: Iterable[dict], unit: str, rater_field: str, value_field: str,
              raters: list[str] | None = None, numeric: bool = False, group_by: str | None = None,
              system_field: str | None = None, errors: list | None = None) -> RaterTable:
    """One record per (unit, rater). Raters are ``raters`` if given, else in order of appearance."""
    cells: dict[str, dict[str, Any]] = {}
    meta: dict[str, tuple] = {}
    seen_raters: dict[str, None] = {}
    for i, rec in enumerate(records):
        try:
            u = get_path(rec, unit)
            r = get_path(rec, rater_field)
            for path, v in ((unit, u), (rater_field, r)):
                if v is None or isinstance(v, (list, dict)):
                    raise RecordError("missing_field", f"record {record_name(rec, i)}: field '{path}' is missing "
                                      "or not a scalar", field=path)
            u, r = str(u), str(r)
            if raters is not None and r not in raters:
                continue
            v = clean_value(get_path(rec, value_field, _MISSING), value_field, rec, numeric, i)
            if r in cells.get(u, {}):
                raise RecordError("duplicate_key", f"record {record_name(rec, i)}: rater {r!r} already rated "
                                  f"unit {u!r}; only the first rating is used", field=rater_field)
            _check_grouping(rec, group_by, system_field, i)
        except RecordError as exc:
            if errors is not None:
                errors.append((rec, exc))
            continue
        cells.setdefault(u, {})[r] = v
        seen_raters.setdefault(r, None)
        meta.setdefault(u, (_group_value(rec, group_by), _group_value(rec, system_field)))
    names = list(raters) if raters is not None else list(seen_raters)
    table = RaterTable(names, groups=[] if group_by else None, systems=[] if system_field else None)
    for u, by_rater in cells.items():
        table.add(u, [by_rater.get(r) for r in names], *meta[u])
    return table
