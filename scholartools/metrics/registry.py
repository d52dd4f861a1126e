"""The metric registry behind ``st-score``: what a metric is, the options that change a score,
and how a metric reads its inputs from a record.

Every metric reads its inputs from named *slots* (``ref``, ``cand``, ``pred``, ``gold``,
``ratings`` …), each a dotted field path with a per-metric default that options override, and
writes ``scores.<metric>``. A record that lacks a field a metric needs becomes an error record
naming the metric and the field (:class:`~scholartools.records.RecordError`).

The rooms of ``scholartools.metrics``, imported in one direction only::

    registry  ←  catalog (every metric, registered)  ←  engine (scoring records)  ←  score (API)
    registry  ←  aggregate (summaries)               ←  engine

The paper modules (``overlap``, ``embedding``, ``fm``, ``aaar``, ``claimcheck``, ``pointwise``)
hold the pure functions; :mod:`.catalog` adapts them to records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scholartools.records import MISSING as _MISSING, RecordError, get_path


# --------------------------------------------------------------------------- options

class ScoreOptions:
    """Everything that changes a score. ``fields`` maps slot → dotted path (overrides).

    A plain class, not a dataclass: generating dataclass methods costs start-up time that
    ``st-score --help`` cannot spare.
    """

    DEFAULTS: dict[str, Any] = {
        "use_stemmer": None,        # None: each metric's paper default
        "rouge_part": "all",        # all → {"p","r","f"}; f|p|r → that number
        "weights": None,            # FM weights (override the record's fm_weights)
        "tp": "literal",            # pointwise TP reading
        "unit_key": "paper_id",     # fan-in unit of pointwise
        "group_by": None,
        "threshold": 0.5,           # ITF-IDF τ
        "embed_model": None,        # local sentence-embedding model (default: the shared one)
        "bert_model": None,
        "bert_layers": None,
        "positive": None,           # classification / critique positive label
        "strip_claim_prefix": True,
        "bleu_tokenize": "13a",
        "top_n": 5,                 # keywords per text
        "parser": "strict",         # judge-score: strict | paper
        "scale": None,              # judge-score: accepted (low, high) range (strict parser)
        "rouge_tokenizer": "default",  # rouge*: rouge-score's tokenizer, or "unicode"
        "models": None,
        "acu_sep": None,            # acu: separator between the writer's ACUs (None: one per line)             # questeval/acu/delta: role → local checkpoint directory (--model)
        "combine": None,            # --aggregate over records of --runs: median | mean (None: as the records say)
    }

    def __init__(self, fields: dict[str, str] | None = None, **options: Any):
        unknown = set(options) - set(self.DEFAULTS)
        if unknown:
            raise TypeError(f"unknown score option(s): {', '.join(sorted(unknown))}")
        self.fields: dict[str, str] = dict(fields or {})
        for key, default in self.DEFAULTS.items():
            setattr(self, key, options.get(key, default))

    def as_dict(self) -> dict[str, Any]:
        return {"fields": dict(self.fields), **{k: getattr(self, k) for k in self.DEFAULTS}}

    def __repr__(self) -> str:
        return f"ScoreOptions({self.as_dict()!r})"


def replace(opts: ScoreOptions, **changes: Any) -> ScoreOptions:
    """A copy of ``opts`` with ``changes``."""
    return ScoreOptions(**{**opts.as_dict(), **changes})


# --------------------------------------------------------------------------- registry

class Metric:
    """A registered metric: where it reads from (``reads``: slot → default field path; None = no
    default; the name :class:`scholartools.tasks.Task` uses for the same map), its
    shape (``record`` | ``corpus`` | ``fanin``), a one-line summary, the batch ``compute``
    (records, metric, options → values), the aggregation rule, whether it can score the matched
    pairs of a PointWise run, and which slots are optional."""

    def __init__(self, name: str, reads: dict[str, str | None], kind: str, summary: str,
                 compute: Callable | None = None, aggregate: str = "mean", text_pair: bool = False,
                 optional: tuple[str, ...] = ()):
        self.name, self.reads, self.kind, self.summary = name, reads, kind, summary
        self.compute, self.aggregate, self.text_pair, self.optional = compute, aggregate, text_pair, optional


METRICS: dict[str, Metric] = {}


def register(name: str, reads: dict, kind: str, summary: str, compute=None, aggregate: str = "mean",
              text_pair: bool = False, optional: tuple[str, ...] = ()) -> None:
    METRICS[name] = Metric(name, reads, kind, summary, compute, aggregate, text_pair, optional)


def parse_metric_list(text: str) -> list[str]:
    """``rouge1,rougeL`` → names; ``rouge`` expands to rouge1,rouge2,rougeL. Unknown → ValueError."""
    out: list[str] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        names = ["rouge1", "rouge2", "rougeL"] if part == "rouge" else [part]
        for n in names:
            if n not in METRICS:
                raise ValueError(f"unknown metric '{n}' (known: {', '.join(METRICS)})")
            if n not in out:
                out.append(n)
    if not out:
        raise ValueError("no metric named")
    return out


# --------------------------------------------------------------------------- reading slots

def slot_path(metric: Metric, slot: str, opts: ScoreOptions) -> str | None:
    return opts.fields.get(slot) or metric.reads.get(slot)


def read_slot(rec: dict, metric: Metric, slot: str, opts: ScoreOptions, kind: str = "any") -> Any:
    """The value of ``slot`` for ``metric`` in ``rec``, checked against ``kind``."""
    path = slot_path(metric, slot, opts)
    if path is None:
        return _MISSING
    value = get_path(rec, path, _MISSING)
    if value is _MISSING:
        if slot in metric.optional and slot not in opts.fields:
            return _MISSING  # an optional field at its default place; one the user named must exist
        what = f"field '{path}'" if path == slot else f"field '{path}' ({slot})"
        raise RecordError("missing_field", f"metric '{metric.name}' needs {what}, which this record lacks",
                          field=path, metric=metric.name)
    if kind == "text":
        if not isinstance(value, str):
            raise RecordError("bad_value", f"metric '{metric.name}' needs text in '{path}', "
                              f"found {type(value).__name__}", field=path, metric=metric.name)
    elif kind == "texts":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RecordError("bad_value", f"metric '{metric.name}' needs a list of texts in '{path}'",
                              field=path, metric=metric.name)
    elif kind == "list":
        if not isinstance(value, list):
            raise RecordError("bad_value", f"metric '{metric.name}' needs a list in '{path}'",
                              field=path, metric=metric.name)
    elif kind == "dict":
        if not isinstance(value, dict):
            raise RecordError("bad_value", f"metric '{metric.name}' needs an object in '{path}'",
                              field=path, metric=metric.name)
    return value


def bad_value(metric: Metric, slot: str, opts: ScoreOptions, message: str) -> RecordError:
    path = slot_path(metric, slot, opts)
    return RecordError("bad_value", f"metric '{metric.name}': {message}", field=path, metric=metric.name)


class Noted:
    """A metric value with warnings for its record (``{"kind", "message", …}``): the engine puts
    the value under ``scores`` and appends the warnings to the record's ``warnings``."""

    __slots__ = ("value", "warnings")

    def __init__(self, value: Any, warnings: list[dict]):
        self.value, self.warnings = value, warnings


def per_record(fn: Callable[[dict, Metric, ScoreOptions], Any]) -> Callable:
    """A batch compute made of a per-record function; a RecordError stays with its record."""

    def compute(records: list[dict], metric: Metric, opts: ScoreOptions) -> list:
        out = []
        for rec in records:
            try:
                out.append(fn(rec, metric, opts))
            except RecordError as exc:
                out.append(exc)
            except ValueError as exc:
                out.append(RecordError("bad_value", f"metric '{metric.name}': {exc}", metric=metric.name))
            except Exception as exc:  # one odd record never sinks its batch
                out.append(RecordError("exception", f"metric '{metric.name}': {type(exc).__name__}: {exc}",
                                       metric=metric.name))
        return out

    return compute


def text_pairs(records: list[dict], metric: Metric, opts: ScoreOptions, ref_kind: str = "text",
               cand_kind: str = "text"):
    """(indices of readable records, refs, cands, results list pre-filled with errors); the two
    slots are read as ``ref_kind`` / ``cand_kind`` (``text``, ``texts``, ``list``)."""
    results: list = [None] * len(records)
    idx, refs, cands = [], [], []
    for i, rec in enumerate(records):
        try:
            r = read_slot(rec, metric, "ref", opts, ref_kind)
            c = read_slot(rec, metric, "cand", opts, cand_kind)
        except RecordError as exc:
            results[i] = exc
            continue
        idx.append(i)
        refs.append(r)
        cands.append(c)
    return idx, refs, cands, results


def group_value(rec: dict, opts: ScoreOptions) -> Any:
    return hashable(get_path(rec, opts.group_by)) if opts.group_by else None


def is_summary(rec: dict) -> bool:
    """A summary record written by an earlier ``st-score --aggregate``: passed through as it is."""
    return rec.get("aggregate") is True


def hashable(v: Any) -> Any:
    if isinstance(v, (dict, list)):
        import orjson

        return orjson.dumps(v, option=orjson.OPT_SORT_KEYS).decode()
    return v
