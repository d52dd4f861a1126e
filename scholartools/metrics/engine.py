"""Scoring records with the registered metrics: per-record and corpus metrics in batches, the
PointWise fan-in (judged pairs → one record per paper), and :func:`run`, the whole of
``st-score`` as a function. Summaries are :mod:`.aggregate`'s.
"""

from __future__ import annotations

from typing import Any

from scholartools.metrics.aggregate import aggregate_records, mean_part
from scholartools.metrics.catalog import _index, _match_value, _pointwise_values
from scholartools.metrics.registry import (_MISSING, METRICS, Metric, Noted, ScoreOptions, bad_value, group_value,
                                           hashable, is_summary, parse_metric_list, read_slot, replace, slot_path)
from scholartools.records import RecordError, canonical, get_path, has_path, id_text, set_path

# --------------------------------------------------------------------------- scoring records

def _pair_metric_values(records: list[dict], names: list[str], opts: ScoreOptions) -> list[dict | Exception]:
    """Per-record values of ``names`` for ``records`` (one dict per record, or its error)."""
    out: list[dict | Exception] = [{} for _ in records]
    for name in names:
        metric = METRICS[name]
        values = metric.compute(records, metric, opts)
        for i, v in enumerate(values):
            if isinstance(out[i], Exception):
                continue
            if isinstance(v, Exception):
                out[i] = v
            elif isinstance(v, Noted):
                out[i][name] = v.value
                out[i].setdefault(_NOTES, []).extend(v.warnings)
            else:
                out[i][name] = v
    return out


#: where a record's metric warnings wait in its values until _with_scores (no metric has this name)
_NOTES = " warnings"


def _with_scores(rec: dict, values: dict) -> dict:
    notes = values.pop(_NOTES, None)
    out = dict(rec)
    if notes:
        old = out.get("warnings")
        out["warnings"] = (list(old) if isinstance(old, list) else []) + notes
    scores = out.get("scores")
    out["scores"] = dict(scores) if isinstance(scores, dict) else {}
    out["scores"].update(values)
    return out


def _skip_summaries(fn):
    def wrapper(records: list[dict], names: list[str], opts: ScoreOptions) -> list:
        idx = [i for i, r in enumerate(records) if not is_summary(r)]
        if len(idx) == len(records):
            return fn(records, names, opts)
        res = fn([records[i] for i in idx], names, opts)
        out: list = [dict(r) for r in records]
        for i, v in zip(idx, res):
            out[i] = v
        return out

    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    return wrapper


@_skip_summaries
def score_records(records: list[dict], names: list[str], opts: ScoreOptions) -> list:
    """Score a batch of records with per-record and corpus metrics.

    Returns a list aligned with ``records``: the scored copy (with ``scores.<metric>``) or a
    :class:`RecordError`. Corpus metrics treat each ``--group-by`` group of the batch as a corpus.
    Summary records of an earlier run (``"aggregate": true``) come back unchanged.
    """
    record_names = [n for n in names if METRICS[n].kind == "record"]
    corpus_names = [n for n in names if METRICS[n].kind == "corpus"]
    values = _pair_metric_values(records, record_names, opts)
    if corpus_names:
        groups: dict[Any, list[int]] = {}
        for i, rec in enumerate(records):
            groups.setdefault(group_value(rec, opts), []).append(i)
        for name in corpus_names:
            metric = METRICS[name]
            for members in groups.values():
                vals = metric.compute([records[i] for i in members], metric, opts)
                for i, v in zip(members, vals):
                    if isinstance(values[i], Exception):
                        continue
                    if isinstance(v, Exception):
                        values[i] = v
                    else:
                        values[i][name] = v
    return [v if isinstance(v, Exception) else _with_scores(rec, v) for rec, v in zip(records, values)]


@_skip_summaries
def score_pointwise(records: list[dict], names: list[str], opts: ScoreOptions) -> list:
    """PointWise fan-in: returns a list aligned with ``records``.

    Judged pair records of one paper (same ``unit_key``) give one paper record, placed at the
    position of the paper's last pair (the other pairs' slots hold ``[]``); a record with a
    ``match_matrix`` is scored alone. Text metrics named alongside are computed on the matched
    pairs only and averaged per paper (BAGELS §5); unmatched pairs are excluded.
    """
    pw_names = [n for n in names if METRICS[n].kind == "fanin"]
    text_names = [n for n in names if METRICS[n].kind != "fanin"]
    # judged pair records carry their two texts as gt / gen unless --ref / --cand say otherwise
    pair_opts = replace(opts, fields={"ref": "gt", "cand": "gen", **opts.fields})
    results: list = [[] for _ in records]
    units: dict[Any, dict] = {}
    order: list[Any] = []
    first = METRICS[pw_names[0]]
    for i, rec in enumerate(records):
        try:
            matrix = read_slot(rec, first, "matrix", opts) if has_path(rec, slot_path(first, "matrix", opts)) else _MISSING
            if matrix is not _MISSING:
                results[i] = _score_matrix_record(rec, matrix, pw_names, text_names, opts)
                continue
            key_path = opts.unit_key
            if not has_path(rec, key_path):
                raise RecordError("missing_field", f"metric '{first.name}' needs field '{key_path}' "
                                  f"(the paper a judged pair belongs to) or '{slot_path(first, 'matrix', opts)}'",
                                  field=key_path, metric=first.name)
            # the same paper judged for two systems is two units
            # typed: the papers 1 and "1" (and true) are two units, never merged
            key = (group_value(rec, opts), canonical(get_path(rec, key_path)))
            g = _index(rec, first, "gt_idx", opts)
            h = _index(rec, first, "gen_idx", opts)
            m = _match_value(read_slot(rec, first, "match", opts), first, opts)
        except RecordError as exc:
            results[i] = exc
            continue
        except ValueError as exc:
            results[i] = RecordError("bad_value", f"metric '{first.name}': {exc}", metric=first.name)
            continue
        unit = units.get(key)
        if unit is None:
            unit = units[key] = {"first": rec, "pairs": [], "last": i}
            order.append(key)
        unit["pairs"].append((g, h, m, rec))
        unit["last"] = i
    # text metrics over all matched pairs of the batch in one go (one encode for embeddings)
    matched = [(key, rec) for key in order for g, h, m, rec in units[key]["pairs"] if m]
    text_vals = _pair_metric_values([r for _, r in matched], text_names, pair_opts) if text_names else []
    per_unit_text: dict[Any, list] = {}
    for (key, _), v in zip(matched, text_vals):
        per_unit_text.setdefault(key, []).append(v)
    used_ids: set[str] = set()
    for key in order:
        unit = units[key]
        pairs = unit["pairs"]
        errs = [v for v in per_unit_text.get(key, []) if isinstance(v, Exception)]
        if errs:
            results[unit["last"]] = errs[0]
            continue
        x = max(g for g, _, _, _ in pairs) + 1
        y = max(h for _, h, _, _ in pairs) + 1
        matches = {(g, h) for g, h, m, _ in pairs if m}
        scores = {n: _pointwise_values(METRICS[n], x, y, matches, opts) for n in pw_names}
        tv = per_unit_text.get(key, [])
        for n in text_names:
            scores[n] = mean_part([v.get(n) for v in tv]) if tv else None
        rec0 = unit["first"]
        uid = id_text(get_path(rec0, opts.unit_key))
        if opts.group_by and has_path(rec0, opts.group_by):
            uid = f"{uid}#{id_text(get_path(rec0, opts.group_by))}"
        if uid in used_ids:   # two units written as one id (1 and "1"): a warning and a new id
            n = 2
            while f"{uid}~{n}" in used_ids:
                n += 1
            warning = {"kind": "duplicate_id", "message": f"id '{uid}' names an earlier unit of this batch "
                       f"(its value is {canonical(get_path(rec0, opts.unit_key))}); this one is '{uid}~{n}'"}
            uid = f"{uid}~{n}"
        else:
            warning = None
        used_ids.add(uid)
        out = {"id": uid, opts.unit_key.split(".")[-1]: get_path(rec0, opts.unit_key),
               "n_pairs": len(pairs), "n_unscored": sum(1 for _, _, m, _ in pairs if m is None)}
        if opts.group_by and has_path(rec0, opts.group_by):
            set_path(out, opts.group_by, get_path(rec0, opts.group_by))
        out["scores"] = scores
        if warning:
            out["warnings"] = [warning]
        results[unit["last"]] = out
    return results


def _score_matrix_record(rec: dict, matrix: Any, pw_names: list[str], text_names: list[str],
                         opts: ScoreOptions) -> dict:
    from scholartools.metrics.pointwise import from_matrix

    first = METRICS[pw_names[0]]
    if not isinstance(matrix, list) or not all(isinstance(r, list) for r in matrix):
        raise bad_value(first, "matrix", opts, "a match matrix is a list of rows (GT items) of 0/1 per generated item")
    x, y, matches = from_matrix(matrix)
    scores: dict = {n: _pointwise_values(METRICS[n], x, y, matches, opts) for n in pw_names}
    if text_names:
        # texts of the GT and generated lists come from ref / cand (defaults: ground_truth, generated)
        gts = read_slot(rec, _LIST_TEXTS, "ref", opts, "texts")
        gens = read_slot(rec, _LIST_TEXTS, "cand", opts, "texts")
        if len(gts) != x or len(gens) != y:
            raise bad_value(first, "matrix", opts, f"matrix is {x}×{y} but the lists hold {len(gts)} and {len(gens)} items")
        pairs = [{"gt": gts[g], "gen": gens[h]} for g, h in sorted(matches)]
        local = replace(opts, fields={**opts.fields, "ref": "gt", "cand": "gen"})
        vals = _pair_metric_values(pairs, text_names, local)
        for v in vals:
            if isinstance(v, Exception):
                raise v
        for n in text_names:
            scores[n] = mean_part([v.get(n) for v in vals]) if vals else None
    return _with_scores(rec, scores)


_LIST_TEXTS = Metric("pointwise", {"ref": "ground_truth", "cand": "generated"}, "fanin", "")


def is_fanin(names: list[str]) -> bool:
    return any(METRICS[n].kind == "fanin" for n in names)


def check_combination(names: list[str]) -> str | None:
    """A reason why ``names`` cannot run together, or None."""
    if is_fanin(names):
        others = [n for n in names if METRICS[n].kind != "fanin" and not METRICS[n].text_pair]
        if others:
            return (f"with pointwise only matched-pair text metrics can be named, not {', '.join(others)} "
                    "(run a separate st-score for them)")
    return None


def default_metrics(record: dict) -> list[str] | None:
    """The metrics ``st-score`` computes when no ``--metric`` is given, from what ``record`` (the
    first record of the stream) carries: FM for facet ratings (st-facets on pairs), facet coverage
    for a text decomposed alone (st-facets on a paper: ``facets.reference``, no candidate),
    ROUGE-L for a reference/candidate pair; None when it carries none of these."""
    if isinstance(record.get("facet_ratings"), dict):
        return ["fm"]
    if isinstance((record.get("facets") or {}).get("reference"), dict):
        return ["facet-coverage"]
    if isinstance(record.get("reference"), str) and isinstance(record.get("candidate"), str):
        return ["rougeL"]
    return None


class DefaultScorer:
    """A :class:`BatchScorer` whose metrics are :func:`default_metrics` of the first record it
    sees; ``chosen(names)`` is called once they are known (the command logs them and records
    them in provenance). Records of another shape later become error records of those metrics."""

    def __init__(self, opts: ScoreOptions, aggregate: bool = False, summary_only: bool = False, chosen=None):
        self.opts, self.aggregate, self.summary_only, self.chosen = opts, aggregate, summary_only, chosen
        self.scorer: BatchScorer | None = None

    def batch_size(self, preferred: int) -> int | None:
        return None if self.aggregate else max(1, preferred)   # the default metrics score per record

    def __call__(self, batch: list[dict]) -> list:
        if self.scorer is None:
            names = default_metrics(batch[0])
            if names is None:
                raise RecordError("missing_field", "no --metric given, and this record has no facet_ratings, "
                                  "facets.reference or reference/candidate to choose one by: name one with --metric",
                                  field="facet_ratings")
            self.scorer = BatchScorer(names, self.opts, self.aggregate, self.summary_only)
            if self.chosen:
                self.chosen(names)
        return self.scorer(batch)

    def summaries(self) -> list[dict]:
        return self.scorer.summaries() if self.scorer else []

    def n_scored(self) -> int:
        return self.scorer.n_scored() if self.scorer else 0


class BatchScorer:
    """Scoring a stream batch by batch, as ``st-score`` does: ``scorer(batch)`` returns a list
    aligned with the batch (scored records, :class:`RecordError`, or ``[]`` for a record that
    writes nothing — a judged pair folded into its paper, or any record under ``summary_only``);
    :meth:`summaries` gives the summary records once the stream has ended.

    Fan-in, corpus metrics and aggregation need the whole input in one batch:
    :meth:`batch_size` says so (None).
    """

    def __init__(self, names: list[str], opts: ScoreOptions, aggregate: bool = False, summary_only: bool = False):
        problem = check_combination(names)
        if problem:
            raise ValueError(problem)
        self.names, self.opts = names, opts
        self.aggregate, self.summary_only = aggregate, summary_only
        self.fanin = is_fanin(names)
        self._kept: list[dict] = []
        self._errors = 0

    def batch_size(self, preferred: int) -> int | None:
        whole = self.aggregate or self.fanin or any(METRICS[n].kind == "corpus" for n in self.names)
        return None if whole else max(1, preferred)

    def __call__(self, batch: list[dict]) -> list:
        score = score_pointwise if self.fanin else score_records
        res = score(batch, self.names, self.opts)
        if self.aggregate:
            for r in res:
                if isinstance(r, Exception):
                    self._errors += 1
                elif isinstance(r, dict) and not is_summary(r):
                    self._kept.append(r)
            if self.summary_only:
                return [r if isinstance(r, Exception) or (isinstance(r, dict) and is_summary(r)) else []
                        for r in res]
        return res

    def n_scored(self) -> int:
        """Records scored so far that a summary counts (with ``aggregate``)."""
        return len(self._kept)

    def summaries(self) -> list[dict]:
        if not self.aggregate:
            return []
        return aggregate_records(self._kept, self.names, self.opts, self._errors or None)


def provenance(names: list[str], opts: ScoreOptions) -> dict:
    """The provenance fields of a scoring run: metrics, and the settings that change their values
    (ROUGE stemmer, embedding and BERTScore models, FM weights, PointWise reading …)."""
    out: dict[str, Any] = {"method": "metrics", "metrics": list(names)}
    if any(n.startswith("rouge") or n.startswith("aligned-rouge") for n in names):
        rouge: dict[str, Any] = {"package": "rouge-score"}
        if any(n.startswith("rouge") for n in names):
            rouge["stemmer"] = bool(opts.use_stemmer)
            rouge["tokenizer"] = opts.rouge_tokenizer
        if any(n.startswith("aligned-rouge") for n in names):
            rouge["aligned_stemmer"] = True if opts.use_stemmer is None else opts.use_stemmer
        out["rouge"] = rouge
    if any(n in ("cosine", "s-match", "s-prf", "itf-idf", "kw-jaccard", "kw-cosine", "kw-jaccard-paper",
                   "kw-cosine-paper") for n in names):
        from scholartools import embeddings

        out.update(embeddings.provenance(opts.embed_model))
    if "bertscore" in names or "heading-bertscore" in names:
        from scholartools import embeddings
        from scholartools.metrics.embedding import bertscore_model

        from scholartools.extras import MissingExtra

        try:
            model, layer = bertscore_model(opts.bert_model, opts.bert_layers)
        except MissingExtra:   # each record says what to install
            model, layer = opts.bert_model, opts.bert_layers
        name = embeddings.model_name() if not opts.bert_model else model
        out["bertscore"] = {"model": name, "layer": layer, "idf": False, "rescaled": False, "package": "bert-score"}
    if "fm" in names and opts.weights:
        out["fm_weights"] = opts.weights
    if any(n.startswith("pointwise") for n in names):
        out["pointwise"] = {"tp": opts.tp, "unit_key": opts.unit_key}
    if "itf-idf" in names:
        out["itf_idf_threshold"] = opts.threshold
    if "judge-score" in names:
        out["parser"] = opts.parser
    if any(n in ("questeval", "acu", "delta") for n in names):
        from scholartools.metrics.baselines import provenance as model_provenance

        out["checkpoints"] = model_provenance(names, opts.models or {})
        if "acu" in names and opts.acu_sep:
            out["acu_sep"] = opts.acu_sep
    return out


def run(records, names: list[str] | str, opts: ScoreOptions | None = None, aggregate: bool = False,
        command: str = "st-score") -> list[dict]:
    """The whole of ``st-score`` as a function: records in, scored (and summary) records out.

    ``names``: metric names (a list, or ``"rougeL,fm"``). Records that cannot be scored come back
    as error records (``error.kind``, ``error.field``), input error records pass through; with
    ``aggregate`` the summary records follow, as in the command.
    """
    from scholartools.records import is_error

    opts = opts or ScoreOptions()
    if isinstance(names, str):
        names = parse_metric_list(names)
    scorer = BatchScorer(names, opts, aggregate)
    records = list(records)
    res = iter(scorer([r for r in records if not is_error(r)]))
    out: list[dict] = []
    for rec in records:
        if is_error(rec):
            out.append(rec)
            continue
        r = next(res)
        if isinstance(r, RecordError):
            out.append({**rec, "error": r.as_error(command)})
        elif isinstance(r, dict):
            out.append(r)
    return out + scorer.summaries()
