"""The metric registry behind ``st-score``: metric names → functions over records.

Every metric reads its inputs from named *slots* (``ref``, ``cand``, ``pred``, ``gold``,
``ratings`` …), each a dotted field path with a per-metric default that options override, and
writes ``scores.<metric>``. A record that lacks a field a metric needs becomes an error record
naming the metric and the field (:class:`~scholartools.records.RecordError`).

Three shapes of metric:

* per-record (``rougeL``, ``fm``, ``f1-edit`` …): one value per input record, computed in
  batches so that embedding metrics encode each distinct text once;
* corpus (``itf-idf``): each record's value depends on all records of its ``--group-by`` group
  (or the whole input);
* fan-in (``pointwise``, ``pointwise-conventional``): judged pair records
  ``{paper_id, gt_idx, gen_idx, match}`` are grouped by ``unit_key`` into one record per paper;
  a record carrying a ``match_matrix`` is scored on its own.

:mod:`scholartools.metrics.aggregate` summarises per-record values, separately from scoring
(mean by default; micro-averaged P/R/F1 where the paper defines it so).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scholartools.metrics.aggregate import aggregate_records, mean_part, summarise  # noqa: F401 (re-exported)
from scholartools.records import RecordError, get_path, has_path, set_path

_MISSING = object()


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
        "bert_model": None,
        "bert_layers": None,
        "positive": None,           # classification / critique positive label
        "strip_claim_prefix": True,
        "bleu_tokenize": "13a",
        "top_n": 5,                 # keywords per text
        "parser": "strict",         # judge-score: strict | paper
        "scale": None,              # judge-score: accepted (low, high) range (strict parser)
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
    """A registered metric: its slots (slot → default field path; None = no default), its
    shape (``record`` | ``corpus`` | ``fanin``), a one-line summary, the batch ``compute``
    (records, metric, options → values), the aggregation rule, whether it can score the matched
    pairs of a PointWise run, and which slots are optional."""

    def __init__(self, name: str, slots: dict[str, str | None], kind: str, summary: str,
                 compute: Callable | None = None, aggregate: str = "mean", text_pair: bool = False,
                 optional: tuple[str, ...] = ()):
        self.name, self.slots, self.kind, self.summary = name, slots, kind, summary
        self.compute, self.aggregate, self.text_pair, self.optional = compute, aggregate, text_pair, optional


METRICS: dict[str, Metric] = {}


def _register(name: str, slots: dict, kind: str, summary: str, compute=None, aggregate: str = "mean",
              text_pair: bool = False, optional: tuple[str, ...] = ()) -> None:
    METRICS[name] = Metric(name, slots, kind, summary, compute, aggregate, text_pair, optional)


def metric_names() -> list[str]:
    return list(METRICS)


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
    return opts.fields.get(slot) or metric.slots.get(slot)


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


def _bad(metric: Metric, slot: str, opts: ScoreOptions, message: str) -> RecordError:
    path = slot_path(metric, slot, opts)
    return RecordError("bad_value", f"metric '{metric.name}': {message}", field=path, metric=metric.name)


def _per_record(fn: Callable[[dict, Metric, ScoreOptions], Any]) -> Callable:
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


def _text_pairs(records: list[dict], metric: Metric, opts: ScoreOptions):
    """(indices of readable records, refs, cands, results list pre-filled with errors)."""
    results: list = [None] * len(records)
    idx, refs, cands = [], [], []
    for i, rec in enumerate(records):
        try:
            r = read_slot(rec, metric, "ref", opts, "text")
            c = read_slot(rec, metric, "cand", opts, "text")
        except RecordError as exc:
            results[i] = exc
            continue
        idx.append(i)
        refs.append(r)
        cands.append(c)
    return idx, refs, cands, results


# --------------------------------------------------------------------------- text overlap

TEXT = {"ref": "reference", "cand": "candidate"}


def _rouge_compute(rtype: str):
    def fn(rec, metric, opts):
        from scholartools.metrics.overlap import rouge

        ref = read_slot(rec, metric, "ref", opts, "text")
        cand = read_slot(rec, metric, "cand", opts, "text")
        val = rouge(ref, cand, (rtype,), bool(opts.use_stemmer))[rtype]
        return val if opts.rouge_part == "all" else val[opts.rouge_part]

    return _per_record(fn)


for _t in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
    _register(_t, dict(TEXT), "record",
              f"{_t} P/R/F (rouge-score; --stemmer/--no-stemmer, default no stemmer) as {{p, r, f}}",
              _rouge_compute(_t), text_pair=True)


def _simple_pair(fn_name: str):
    def fn(rec, metric, opts):
        from scholartools.metrics import overlap

        ref = read_slot(rec, metric, "ref", opts, "text")
        cand = read_slot(rec, metric, "cand", opts, "text")
        if fn_name == "bleu":
            return overlap.bleu(ref, cand, opts.bleu_tokenize)
        return getattr(overlap, fn_name)(ref, cand)

    return _per_record(fn)


_register("bleu", dict(TEXT), "record", "sentence BLEU from sacrebleu (exp smoothing, 13a), 0–1 scale",
          _simple_pair("bleu"), text_pair=True)
_register("bleu-nltk", dict(TEXT), "record",
          "BLEU as BAGELS's code: NLTK sentence_bleu on whitespace tokens, no smoothing",
          _simple_pair("bleu_nltk"), text_pair=True)
_register("jaccard", dict(TEXT), "record",
          "token Jaccard as BAGELS: sets of whitespace tokens, case-sensitive; 0 if both empty",
          _simple_pair("jaccard"), text_pair=True)
_register("bow-cosine", dict(TEXT), "record",
          "bag-of-words cosine as BAGELS's code (CountVectorizer tokens); 0 if a side has no token",
          _simple_pair("bow_cosine"), text_pair=True)


# --------------------------------------------------------------------------- embeddings

def _cosine(records, metric, opts):
    from scholartools.metrics.embedding import cosine_pairs

    idx, refs, cands, results = _text_pairs(records, metric, opts)
    for i, v in zip(idx, cosine_pairs(refs, cands)):
        results[i] = v
    return results


def _bertscore(records, metric, opts):
    from scholartools.metrics.embedding import bertscore

    idx, refs, cands, results = _text_pairs(records, metric, opts)
    for i, v in zip(idx, bertscore(refs, cands, opts.bert_model, opts.bert_layers)):
        results[i] = v if opts.rouge_part == "all" else v[opts.rouge_part]
    return results


def _keyword_metric(kind: str):
    def compute(records, metric, opts):
        from scholartools.metrics.embedding import keywords
        from scholartools.metrics.overlap import bow_cosine, set_jaccard

        idx, refs, cands, results = _text_pairs(records, metric, opts)
        kws = keywords(refs + cands, opts.top_n)
        n = len(refs)
        for k, i in enumerate(idx):
            a, b = kws[k], kws[n + k]
            results[i] = set_jaccard(a, b) if kind == "jaccard" else bow_cosine(" ".join(a), " ".join(b))
        return results

    return compute


_register("cosine", dict(TEXT), "record",
          "sentence-embedding cosine (shared embedder, default all-MiniLM-L6-v2); 0 if a side is empty",
          _cosine, text_pair=True)
_register("bertscore", dict(TEXT), "record",
          "BERTScore P/R/F1 via bert-score (--bert-model, default the bundled MiniLM, last layer)",
          _bertscore, text_pair=True)
_register("kw-jaccard", dict(TEXT), "record",
          "Jaccard of KeyBERT-style top-5 keywords (unigrams, English stop words removed)",
          _keyword_metric("jaccard"), text_pair=True)
_register("kw-cosine", dict(TEXT), "record",
          "bag-of-words cosine of the two keyword lists (BAGELS's keyword cosine)",
          _keyword_metric("cosine"), text_pair=True)


# --------------------------------------------------------------------------- features

def _length(rec, metric, opts):
    from scholartools.metrics.features import length

    return length(read_slot(rec, metric, "cand", opts, "text"))


_register("length", {"cand": "candidate"}, "record",
          "length of the --cand text: {chars, words, sentences}", _per_record(_length))


# --------------------------------------------------------------------------- FM

def _fm(rec, metric, opts):
    from scholartools.metrics.fm import facet_name, fm_score, present_from_mask, ratings_from_list

    ratings = read_slot(rec, metric, "ratings", opts)
    try:
        if isinstance(ratings, list):
            ratings = ratings_from_list(ratings)
        elif not isinstance(ratings, dict):
            raise ValueError("ratings must be an object facet → rating, or a [B, M, R, C] score list")
    except ValueError as exc:
        raise _bad(metric, "ratings", opts, str(exc)) from None
    present = None
    mask = read_slot(rec, metric, "mask", opts)
    if mask is not _MISSING:
        try:
            if isinstance(mask, list) and mask and not all(isinstance(m, str) for m in mask):
                mask = ratings_from_list(mask)  # a normalised [B, M, R, C] list: non-zero = present
            present = present_from_mask(mask)
        except ValueError as exc:
            raise _bad(metric, "mask", opts, str(exc)) from None
    weights = opts.weights
    if weights is None:
        w = read_slot(rec, metric, "weights", opts)
        if w is not _MISSING and w is not None:
            if not isinstance(w, dict):
                raise _bad(metric, "weights", opts, "weights must be an object facet → weight")
            weights = {facet_name(k): float(v) for k, v in w.items()}
    try:
        return fm_score(ratings, present, weights)
    except ValueError as exc:
        raise _bad(metric, "ratings", opts, str(exc)) from None


_register("fm", {"ratings": "facet_ratings", "mask": None, "weights": "fm_weights"}, "record",
          "facet-aware metric from facet ratings (0 = absent), weights .1/.3/.3/.3 renormalised",
          _per_record(_fm), optional=("mask", "weights"))


# --------------------------------------------------------------------------- AAAR

def _eqinfer(rec, metric, opts):
    from scholartools.metrics.aaar import eqinfer_decision

    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    try:
        return eqinfer_decision(pred, gold)
    except ValueError as exc:
        raise _bad(metric, "gold", opts, str(exc)) from None


_register("eqinfer", {"pred": "prediction", "gold": "label"}, "record",
          "AAAR EquationInference: per-candidate 0/1; format failure = wrong; aggregate F1 of class 1",
          _per_record(_eqinfer), aggregate="eqinfer")


def _en_prf(rec, metric, opts):
    from scholartools.metrics.aaar import en_prf

    return en_prf(read_slot(rec, metric, "pred", opts, "list"), read_slot(rec, metric, "gold", opts, "list"))


_register("en-prf", {"pred": "prediction_entailed", "gold": "gold_entailed"}, "record",
          "AAAR ExperimentDesign En-P/R/F1 from 0/1 entailment lists, per paper (mean over papers)",
          _per_record(_en_prf))


def _list_pairs(records, metric, opts, ref_kind="texts"):
    results: list = [None] * len(records)
    idx, refs, cands = [], [], []
    for i, rec in enumerate(records):
        try:
            r = read_slot(rec, metric, "ref", opts, ref_kind)
            c = read_slot(rec, metric, "cand", opts, "texts")
        except RecordError as exc:
            results[i] = exc
            continue
        idx.append(i)
        refs.append(r)
        cands.append(c)
    return idx, refs, cands, results


def _encode_lists(lists: list[list[str]]):
    """Embeddings for many lists of texts with one encode call."""
    import numpy as np

    from scholartools.metrics.embedding import encode

    flat = [t for lst in lists for t in lst]
    vecs = encode(flat) if flat else np.zeros((0, 1), dtype=np.float32)
    out, k = [], 0
    for lst in lists:
        out.append(vecs[k:k + len(lst)])
        k += len(lst)
    return out


def _s_match(records, metric, opts):
    from scholartools.metrics.aaar import s_match

    idx, refs, cands, results = _list_pairs(records, metric, opts)
    vecs = _encode_lists(cands + refs)
    n = len(cands)
    for k, i in enumerate(idx):
        results[i] = s_match(vecs[k], vecs[n + k])
    return results


def _aligned_rouge(rtype: str):
    def fn(rec, metric, opts):
        from scholartools.metrics.aaar import aligned_rouge

        refs = read_slot(rec, metric, "ref", opts, "texts")
        cands = read_slot(rec, metric, "cand", opts, "texts")
        stem = True if opts.use_stemmer is None else opts.use_stemmer
        return aligned_rouge(cands, refs, rtype, stem)

    return _per_record(fn)


LISTS = {"ref": "reference", "cand": "candidate"}
_register("s-match", dict(LISTS), "record",
          "AAAR S-Match: mean embedding cosine of aligned (cand[i], ref[i]) list items, per paper",
          _s_match)
_register("aligned-rouge1", dict(LISTS), "record",
          "AAAR: ROUGE-1 F of aligned list items, mean per paper (stemmer on unless --no-stemmer)",
          _aligned_rouge("rouge1"))
_register("aligned-rougeL", dict(LISTS), "record",
          "AAAR: ROUGE-L F of aligned list items, mean per paper (stemmer on unless --no-stemmer)",
          _aligned_rouge("rougeL"))


def _s_prf(records, metric, opts):
    from scholartools.metrics.aaar import s_prf

    idx, refs, cands, results = _list_pairs(records, metric, opts, ref_kind="list")
    reviewers: list[list[list[str]]] = []
    keep_idx, keep_cands = [], []
    for k, (i, ref) in enumerate(zip(idx, refs)):
        if all(isinstance(v, str) for v in ref):
            lists = [ref]                      # one reviewer
        elif all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in ref):
            lists = ref
        else:
            results[i] = _bad(metric, "ref", opts, "needs a list of texts or a list of lists of texts")
            continue
        reviewers.append(lists)
        keep_idx.append(i)
        keep_cands.append(cands[k])
    flat_lists = keep_cands + [lst for rv in reviewers for lst in rv]
    vecs = _encode_lists(flat_lists)
    pos = len(keep_cands)
    for k, i in enumerate(keep_idx):
        nrev = len(reviewers[k])
        results[i] = s_prf(vecs[k], vecs[pos:pos + nrev])
        pos += nrev
    return results


_register("s-prf", {"ref": "reference", "cand": "candidate"}, "record",
          "AAAR PaperWeakness soft S-P/R/F1: cand list vs ref = list of reviewers' lists (no threshold)",
          _s_prf)


def _itf_idf(records, metric, opts):
    """Corpus metric: N = the records given (one --group-by group, or all)."""
    from scholartools.metrics.aaar import itf_idf

    results: list = [None] * len(records)
    idx, lists = [], []
    for i, rec in enumerate(records):
        try:
            lst = read_slot(rec, metric, "cand", opts, "texts")
        except RecordError as exc:
            results[i] = exc
            continue
        idx.append(i)
        lists.append(lst if lst else ["None"])  # AAAR replaces an empty prediction by ["None"]
    if idx:
        for i, v in zip(idx, itf_idf(_encode_lists(lists), opts.threshold)):
            results[i] = v
    return results


_register("itf-idf", {"cand": "candidate"}, "corpus",
          "AAAR weakness diversity ITF-IDF over the corpus (all records, or each --group-by group); τ=0.5",
          _itf_idf)


# --------------------------------------------------------------------------- ReviewCritique / classification

_POS_WORDS = {"deficient", "1", "true", "yes_deficient"}
_NEG_WORDS = {"not deficient", "not_deficient", "non-deficient", "reliable", "0", "false"}


def deficient_value(value: Any, positive: Any = None) -> bool:
    if positive is not None and value == positive:
        return True
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        key = value.strip().lower()
        if positive is not None and key == str(positive).strip().lower():
            return True
        if key in _POS_WORDS:
            return True
        if key in _NEG_WORDS:
            return False
        if positive is not None:
            return False
    raise ValueError(f"cannot read {value!r} as deficient / not deficient (use --positive LABEL)")


def _critique(rec, metric, opts):
    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    try:
        p, g = deficient_value(pred, opts.positive), deficient_value(gold, opts.positive)
    except ValueError as exc:
        raise _bad(metric, "pred", opts, str(exc)) from None
    return {"pred": p, "gold": g, "correct": p == g}


_register("critique-prf", {"pred": "prediction", "gold": "deficient"}, "record",
          "AAAR ReviewCritique P/R/F1 with deficient as positive (micro over segments; macro over groups)",
          _per_record(_critique), aggregate="critique")


def _classify(rec, metric, opts):
    from scholartools.metrics.classification import label_key

    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    return {"pred": pred, "gold": gold, "correct": label_key(pred) == label_key(gold)}


_register("classification", {"pred": "prediction", "gold": "label"}, "record",
          "accuracy, binary/macro/micro P/R/F1 and confusion matrix of --pred labels vs --gold",
          _per_record(_classify), aggregate="classification")


# --------------------------------------------------------------------------- CLAIMCHECK

def _span_f1(exact: bool):
    def fn(rec, metric, opts):
        from scholartools.metrics.claimcheck import span_counts

        return span_counts(read_slot(rec, metric, "cand", opts, "texts"),
                           read_slot(rec, metric, "ref", opts, "texts"), exact, opts.strip_claim_prefix)

    return _per_record(fn)


_register("f1-edit", dict(LISTS), "record",
          "CLAIMCHECK F1_edit: span sets, edit-similarity assignment, micro-averaged over records",
          _span_f1(False), aggregate="micro")
_register("f1-exact", dict(LISTS), "record",
          "CLAIMCHECK F1_exact: as f1-edit with exact (whitespace-normalised) string matches",
          _span_f1(True), aggregate="micro")


def _wtl(rec, metric, opts):
    from scholartools.metrics.claimcheck import outcome

    value = read_slot(rec, metric, "pred", opts)
    try:
        return outcome(value)
    except ValueError as exc:
        raise _bad(metric, "pred", opts, str(exc)) from None


_register("win-tie-loss", {"pred": "preference"}, "record",
          "CLAIMCHECK pairwise preference: win/tie/loss per record, rates when aggregated",
          _per_record(_wtl), aggregate="wtl")


def _judge_score(rec, metric, opts):
    from scholartools.metrics.score_parsing import score_samples

    raw = read_slot(rec, metric, "raw", opts)
    replies = [raw] if isinstance(raw, str) else raw
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise _bad(metric, "raw", opts, "needs a reply text or a list of sampled reply texts")
    low, high = opts.scale if opts.scale else (None, None)
    return score_samples(replies, opts.parser, low, high)


_register("judge-score", {"raw": "raw"}, "record",
          "number parsed from judge reply text(s), mean over samples (--parser strict|paper: PaperRQ's regex cascade)",
          _per_record(_judge_score))


# --------------------------------------------------------------------------- PointWise (fan-in)

PAIR_SLOTS = {"match": "match", "gt_idx": "gt_idx", "gen_idx": "gen_idx", "matrix": "match_matrix",
              "ref": "gt", "cand": "gen"}
_register("pointwise", dict(PAIR_SLOTS), "fanin",
          "BAGELS PointWise as printed (TP=|M|, paper's swapped FP/FN; --tp): judged pairs → one record per paper",
          aggregate="pointwise")
_register("pointwise-conventional", dict(PAIR_SLOTS), "fanin",
          "PointWise with conventional FP/FN and one-to-one maximum matching", aggregate="pointwise")


def _match_value(v: Any, metric: Metric, opts: ScoreOptions) -> bool | None:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)) and v in (0, 1):
        return bool(v)
    if isinstance(v, str) and v.strip().lower() in ("yes", "no", "1", "0", "true", "false"):
        return v.strip().lower() in ("yes", "1", "true")
    if v is None:
        return None  # an unscored judgement: counted in n_unscored, not a match
    raise _bad(metric, "match", opts, f"cannot read {v!r} as a match decision")


def _index(rec, metric, slot, opts) -> int:
    v = read_slot(rec, metric, slot, opts)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise _bad(metric, slot, opts, f"needs a non-negative integer index, found {v!r}")
    return v


def _pointwise_values(metric: Metric, x: int, y: int, matches: set, opts: ScoreOptions) -> dict:
    from scholartools.metrics import pointwise as pw

    if metric.name == "pointwise":
        return pw.pointwise(x, y, matches, opts.tp)
    return pw.pointwise_conventional(x, y, matches)


def _hashable(v: Any) -> Any:
    if isinstance(v, (dict, list)):
        import orjson

        return orjson.dumps(v, option=orjson.OPT_SORT_KEYS).decode()
    return v


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
            else:
                out[i][name] = v
    return out


def _with_scores(rec: dict, values: dict) -> dict:
    out = dict(rec)
    scores = out.get("scores")
    out["scores"] = dict(scores) if isinstance(scores, dict) else {}
    out["scores"].update(values)
    return out


def group_value(rec: dict, opts: ScoreOptions) -> Any:
    return _hashable(get_path(rec, opts.group_by)) if opts.group_by else None


def is_summary(rec: dict) -> bool:
    """A summary record written by an earlier ``st-score --aggregate``: passed through as it is."""
    return rec.get("aggregate") is True


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
            key = (group_value(rec, opts), _hashable(get_path(rec, key_path)))
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
        uid = str(get_path(rec0, opts.unit_key))
        if opts.group_by and has_path(rec0, opts.group_by):
            uid = f"{uid}#{get_path(rec0, opts.group_by)}"
        out = {"id": uid, opts.unit_key.split(".")[-1]: get_path(rec0, opts.unit_key),
               "n_pairs": len(pairs), "n_unscored": sum(1 for _, _, m, _ in pairs if m is None)}
        if opts.group_by and has_path(rec0, opts.group_by):
            set_path(out, opts.group_by, get_path(rec0, opts.group_by))
        out["scores"] = scores
        results[unit["last"]] = out
    return results


def _score_matrix_record(rec: dict, matrix: Any, pw_names: list[str], text_names: list[str],
                         opts: ScoreOptions) -> dict:
    from scholartools.metrics.pointwise import from_matrix

    first = METRICS[pw_names[0]]
    if not isinstance(matrix, list) or not all(isinstance(r, list) for r in matrix):
        raise _bad(first, "matrix", opts, "a match matrix is a list of rows (GT items) of 0/1 per generated item")
    x, y, matches = from_matrix(matrix)
    scores: dict = {n: _pointwise_values(METRICS[n], x, y, matches, opts) for n in pw_names}
    if text_names:
        # texts of the GT and generated lists come from ref / cand (defaults: ground_truth, generated)
        gts = read_slot(rec, _LIST_TEXTS, "ref", opts, "texts")
        gens = read_slot(rec, _LIST_TEXTS, "cand", opts, "texts")
        if len(gts) != x or len(gens) != y:
            raise _bad(first, "matrix", opts, f"matrix is {x}×{y} but the lists hold {len(gts)} and {len(gens)} items")
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
    problem = check_combination(names)
    if problem:
        raise ValueError(problem)
    records = list(records)
    good = [r for r in records if not is_error(r)]
    res = score_pointwise(good, names, opts) if is_fanin(names) else score_records(good, names, opts)
    it = iter(res)
    out: list[dict] = []
    kept: list[dict] = []
    n_err = 0
    for rec in records:
        if is_error(rec):
            out.append(rec)
            continue
        r = next(it)
        if isinstance(r, RecordError):
            out.append({**rec, "error": r.as_error(command)})
            n_err += 1
        elif isinstance(r, dict):
            out.append(r)
            if not is_summary(r):
                kept.append(r)
    if aggregate:
        out.extend(aggregate_records(kept, names, opts, n_err or None))
    return out
