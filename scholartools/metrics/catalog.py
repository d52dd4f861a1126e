"""Every metric ``st-score`` knows: its slots (default fields), its shape and its adapter from
records to the pure function of its paper module (``overlap``, ``embedding``, ``fm``, ``aaar``,
``claimcheck``, ``pointwise``). Importing this module fills :data:`registry.METRICS`.
"""

from __future__ import annotations

from typing import Any

from scholartools.metrics.registry import (_MISSING, METRICS, Metric, Noted, ScoreOptions, bad_value,  # noqa: F401
                                           per_record, read_slot, register, slot_path, text_pairs)
from scholartools.records import RecordError

# --------------------------------------------------------------------------- text overlap

TEXT = {"ref": "reference", "cand": "candidate"}


def _rouge_compute(rtype: str):
    def fn(rec, metric, opts):
        from scholartools.metrics.overlap import rouge

        ref = read_slot(rec, metric, "ref", opts, "text")
        cand = read_slot(rec, metric, "cand", opts, "text")
        if opts.rouge_tokenizer == "default":
            from scholartools.metrics.overlap import untokenizable

            blind = [slot for slot, text in (("ref", ref), ("cand", cand)) if untokenizable(text)]
            if blind:
                # rouge-score's tokenizer keeps only a-z and 0-9: its 0 here would be a wrong number
                return Noted(None, [{
                    "kind": "rouge_no_tokens", "metric": metric.name,
                    "field": [slot_path(metric, s, opts) for s in blind],
                    "message": f"{metric.name} is null: the {' and the '.join(slot_path(metric, s, opts) for s in blind)} "
                               f"has no token under rouge-score's tokenizer (it keeps only a-z and 0-9, so text in "
                               f"another script has none); --rouge-tokenizer unicode scores it"}])
        val = rouge(ref, cand, (rtype,), bool(opts.use_stemmer), opts.rouge_tokenizer)[rtype]
        return val if opts.rouge_part == "all" else val[opts.rouge_part]

    return per_record(fn)


for _t in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
    register(_t, dict(TEXT), "record",
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

    return per_record(fn)


register("bleu", dict(TEXT), "record", "sentence BLEU from sacrebleu (exp smoothing, 13a), 0–1 scale",
          _simple_pair("bleu"), text_pair=True)
register("bleu-nltk", dict(TEXT), "record",
          "BLEU as BAGELS's code: NLTK sentence_bleu on whitespace tokens, no smoothing",
          _simple_pair("bleu_nltk"), text_pair=True)
register("jaccard", dict(TEXT), "record",
          "token Jaccard as BAGELS: sets of whitespace tokens, case-sensitive; 0 if both empty",
          _simple_pair("jaccard"), text_pair=True)
register("bow-cosine", dict(TEXT), "record",
          "bag-of-words cosine as BAGELS's code (CountVectorizer tokens); 0 if a side has no token",
          _simple_pair("bow_cosine"), text_pair=True)


# --------------------------------------------------------------------------- embeddings

def _cosine(records, metric, opts):
    from scholartools.metrics.embedding import cosine_pairs

    idx, refs, cands, results = text_pairs(records, metric, opts)
    for i, v in zip(idx, cosine_pairs(refs, cands, opts.embed_model)):
        results[i] = v
    return results


def _bertscore(records, metric, opts):
    from scholartools.metrics.embedding import bertscore

    idx, refs, cands, results = text_pairs(records, metric, opts)
    for i, v in zip(idx, bertscore(refs, cands, opts.bert_model, opts.bert_layers)):
        results[i] = v if opts.rouge_part == "all" else v[opts.rouge_part]
    return results


def _keyword_metric(kind: str):
    def compute(records, metric, opts):
        from scholartools.metrics.embedding import keywords
        from scholartools.metrics.overlap import bow_cosine, set_jaccard

        idx, refs, cands, results = text_pairs(records, metric, opts)
        kws = keywords(refs + cands, opts.top_n, opts.embed_model)
        n = len(refs)
        for k, i in enumerate(idx):
            a, b = kws[k], kws[n + k]
            results[i] = set_jaccard(a, b) if kind == "jaccard" else bow_cosine(" ".join(a), " ".join(b))
        return results

    return compute


register("cosine", dict(TEXT), "record",
          "sentence-embedding cosine (shared embedder, default all-MiniLM-L6-v2); 0 if a side is empty",
          _cosine, text_pair=True)
register("bertscore", dict(TEXT), "record",
          "BERTScore P/R/F1 via bert-score (--bert-model, default the bundled MiniLM, last layer)",
          _bertscore, text_pair=True)
register("kw-jaccard", dict(TEXT), "record",
          "Jaccard of KeyBERT-style top-5 keywords (unigrams, English stop words removed)",
          _keyword_metric("jaccard"), text_pair=True)
register("kw-cosine", dict(TEXT), "record",
          "bag-of-words cosine of the two keyword lists (BAGELS's keyword cosine)",
          _keyword_metric("cosine"), text_pair=True)


# BAGELS App. A.2 B-C as the paper defines them: per paper over the whole lists
PAPER_LISTS = {"ref": "limitations.merged", "cand": "generated"}


def _paper_lists(records, metric, opts):
    from scholartools.metrics.bagels_paper import item_texts

    idx, refs, cands, results = text_pairs(records, metric, opts, "list", "list")
    keep, pairs = [], []
    for k, i in enumerate(idx):
        try:
            pairs.append((item_texts(refs[k]), item_texts(cands[k])))
        except ValueError as exc:
            results[i] = bad_value(metric, "ref", opts, str(exc))
            continue
        keep.append(i)
    return keep, pairs, results


def _paper_keyword_metric(kind: str):
    def compute(records, metric, opts):
        from scholartools.metrics.bagels_paper import paper_keywords

        keep, pairs, results = _paper_lists(records, metric, opts)
        for i, v in zip(keep, paper_keywords(pairs, opts.top_n, opts.embed_model) if pairs else []):
            results[i] = v[kind]
        return results

    return compute


def _heading_bertscore(records, metric, opts):
    from scholartools.metrics.bagels_paper import headings
    from scholartools.metrics.embedding import bertscore

    keep, pairs, results = _paper_lists(records, metric, opts)
    refs = [headings(g) for g, _ in pairs]
    cands = [headings(h) for _, h in pairs]
    scores = bertscore(refs, cands, opts.bert_model, opts.bert_layers) if pairs else []
    for i, r, c, v in zip(keep, refs, cands, scores):
        v = v if opts.rouge_part == "all" else v[opts.rouge_part]
        empty = [slot_path(metric, s, opts) for s, t in (("ref", r), ("cand", c)) if not t]
        results[i] = Noted(v, [{"kind": "no_headings", "metric": metric.name, "field": empty,
                                "message": f"{metric.name}: no **bold** heading in {' or '.join(empty)}; that side "
                                           f"is the empty string and scores 0, as BAGELS's code"}]) if empty else v
    return results


register("kw-jaccard-paper", dict(PAPER_LISTS), "record",
          "BAGELS App. A.2 B: Jaccard of the KeyBERT-style top-5 keywords of a paper's whole ground-truth "
          "and generated lists (per paper; mean over papers)", _paper_keyword_metric("jaccard"))
register("kw-cosine-paper", dict(PAPER_LISTS), "record",
          "BAGELS App. A.2 B: bag-of-words cosine of the keywords of a paper's whole ground-truth and generated "
          "lists (per paper; mean over papers)", _paper_keyword_metric("cosine"))
register("heading-bertscore", dict(PAPER_LISTS), "record",
          "BAGELS App. A.2 C: BERTScore of a paper's **bold** limitation headings, ground truth vs generated "
          "(per paper; an empty side scores 0)", _heading_bertscore)


# --------------------------------------------------------------------------- features

def _length(rec, metric, opts):
    from scholartools.metrics.features import length

    return length(read_slot(rec, metric, "cand", opts, "text"))


register("length", {"cand": "candidate"}, "record",
          "length of the --cand text: {chars, words, sentences}", per_record(_length))


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
        raise bad_value(metric, "ratings", opts, str(exc)) from None
    present = None
    mask = read_slot(rec, metric, "mask", opts)
    if mask is not _MISSING:
        try:
            if isinstance(mask, list) and mask and not all(isinstance(m, str) for m in mask):
                mask = ratings_from_list(mask)  # a normalised [B, M, R, C] list: non-zero = present
            present = present_from_mask(mask)
        except ValueError as exc:
            raise bad_value(metric, "mask", opts, str(exc)) from None
    weights = opts.weights
    if weights is None:
        w = read_slot(rec, metric, "weights", opts)
        if w is not _MISSING and w is not None:
            if not isinstance(w, dict):
                raise bad_value(metric, "weights", opts, "weights must be an object facet → weight")
            from scholartools.metrics.fm import check_weights

            try:
                weights = check_weights(w)
            except ValueError as exc:
                raise bad_value(metric, "weights", opts, str(exc)) from None
    try:
        return fm_score(ratings, present, weights)
    except ValueError as exc:
        raise bad_value(metric, "ratings", opts, str(exc)) from None


register("fm", {"ratings": "facet_ratings", "mask": None, "weights": "fm_weights"}, "record",
          "facet-aware metric from facet ratings (0 = absent), weights .1/.3/.3/.3 renormalised",
          per_record(_fm), optional=("mask", "weights"))


def _facet_coverage(rec, metric, opts):
    from scholartools.vocabulary import FACETS

    facets = read_slot(rec, metric, "facets", opts)
    if not isinstance(facets, dict):
        raise bad_value(metric, "facets", opts, "facets must be an object facet → text (st-facets' facets.reference)")
    out = {f: 1.0 if isinstance(facets.get(f), str) and facets[f].strip() else 0.0 for f in FACETS}
    out["share"] = sum(out.values()) / len(FACETS)
    return out


register("facet-coverage", {"facets": "facets.reference"}, "record",
          "which facets a text states (1/0 each, from st-facets' decomposition) and their share; "
          "aggregated: the fraction of records stating each facet", per_record(_facet_coverage))


# --------------------------------------------------------------------------- AAAR

def _eqinfer(rec, metric, opts):
    from scholartools.metrics.aaar import eqinfer_decision

    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    try:
        return eqinfer_decision(pred, gold)
    except ValueError as exc:
        raise bad_value(metric, "gold", opts, str(exc)) from None


register("eqinfer", {"pred": "prediction", "gold": "label"}, "record",
          "AAAR EquationInference: per-candidate 0/1; format failure = wrong; aggregate F1 of class 1",
          per_record(_eqinfer), aggregate="eqinfer")


def _eqinfer_choice(rec, metric, opts):
    from scholartools.metrics.aaar import choice_decision

    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    try:
        return choice_decision(None if pred is _MISSING else pred, gold)
    except ValueError as exc:
        raise bad_value(metric, "gold", opts, str(exc)) from None


register("eqinfer-choice", {"pred": "prediction", "gold": "answer"}, "record",
          "AAAR EquationInference, multiple choice: exact match of the reply and the answer letter after AAAR's "
          "normalisation (lower case, no punctuation); aggregate accuracy", per_record(_eqinfer_choice),
          aggregate="accuracy")


def _en_prf(rec, metric, opts):
    from scholartools.metrics.aaar import en_prf

    return en_prf(read_slot(rec, metric, "pred", opts, "list"), read_slot(rec, metric, "gold", opts, "list"))


register("en-prf", {"pred": "prediction_entailed", "gold": "gold_entailed"}, "record",
          "AAAR ExperimentDesign En-P/R/F1 from 0/1 entailment lists, per paper (mean over papers)",
          per_record(_en_prf))


def _encode_lists(lists: list[list[str]], model: str | None = None):
    """Embeddings for many lists of texts with one encode call."""
    import numpy as np

    from scholartools.metrics.embedding import encode

    flat = [t for lst in lists for t in lst]
    vecs = encode(flat, model) if flat else np.zeros((0, 1), dtype=np.float32)
    out, k = [], 0
    for lst in lists:
        out.append(vecs[k:k + len(lst)])
        k += len(lst)
    return out


def _s_match(records, metric, opts):
    from scholartools.metrics.aaar import s_match

    idx, refs, cands, results = text_pairs(records, metric, opts, "texts", "texts")
    vecs = _encode_lists(cands + refs, opts.embed_model)
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

    return per_record(fn)


LISTS = {"ref": "reference", "cand": "candidate"}
register("s-match", dict(LISTS), "record",
          "AAAR S-Match: mean embedding cosine of aligned (cand[i], ref[i]) list items, per paper",
          _s_match)
register("aligned-rouge1", dict(LISTS), "record",
          "AAAR: ROUGE-1 F of aligned list items, mean per paper (stemmer on unless --no-stemmer)",
          _aligned_rouge("rouge1"))
register("aligned-rougeL", dict(LISTS), "record",
          "AAAR: ROUGE-L F of aligned list items, mean per paper (stemmer on unless --no-stemmer)",
          _aligned_rouge("rougeL"))


def _s_prf(records, metric, opts):
    from scholartools.metrics.aaar import s_prf

    idx, refs, cands, results = text_pairs(records, metric, opts, "list", "texts")
    reviewers: list[list[list[str]]] = []
    keep_idx, keep_cands = [], []
    for k, (i, ref) in enumerate(zip(idx, refs)):
        if all(isinstance(v, str) for v in ref):
            lists = [ref]                      # one reviewer
        elif all(isinstance(v, list) and all(isinstance(s, str) for s in v) for v in ref):
            lists = ref
        else:
            results[i] = bad_value(metric, "ref", opts, "needs a list of texts or a list of lists of texts")
            continue
        reviewers.append(lists)
        keep_idx.append(i)
        keep_cands.append(cands[k])
    flat_lists = keep_cands + [lst for rv in reviewers for lst in rv]
    vecs = _encode_lists(flat_lists, opts.embed_model)
    pos = len(keep_cands)
    for k, i in enumerate(keep_idx):
        nrev = len(reviewers[k])
        results[i] = s_prf(vecs[k], vecs[pos:pos + nrev])
        pos += nrev
    return results


register("s-prf", {"ref": "reference", "cand": "candidate"}, "record",
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
        for i, v in zip(idx, itf_idf(_encode_lists(lists, opts.embed_model), opts.threshold)):
            results[i] = v
    return results


register("itf-idf", {"cand": "candidate"}, "corpus",
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
    if pred is None:   # an unscored judge verdict: left out of P/R/F1 and counted, never a wrong answer
        return {"pred": None, "gold": deficient_value(gold, opts.positive), "correct": None, "unscored": True}
    try:
        p, g = deficient_value(pred, opts.positive), deficient_value(gold, opts.positive)
    except ValueError as exc:
        raise bad_value(metric, "pred", opts, str(exc)) from None
    return {"pred": p, "gold": g, "correct": p == g}


register("critique-prf", {"pred": "prediction", "gold": "deficient"}, "record",
          "AAAR ReviewCritique P/R/F1 with deficient as positive (micro over segments; macro over groups)",
          per_record(_critique), aggregate="critique")


def _classify(rec, metric, opts):
    from scholartools.metrics.classification import label_key

    pred = read_slot(rec, metric, "pred", opts)
    gold = read_slot(rec, metric, "gold", opts)
    return {"pred": pred, "gold": gold, "correct": label_key(pred) == label_key(gold)}


register("classification", {"pred": "prediction", "gold": "label"}, "record",
          "accuracy, binary/macro/micro P/R/F1 and confusion matrix of --pred labels vs --gold",
          per_record(_classify), aggregate="classification")


# --------------------------------------------------------------------------- CLAIMCHECK

def _span_f1(exact: bool):
    def fn(rec, metric, opts):
        from scholartools.metrics.claimcheck import span_counts

        return span_counts(read_slot(rec, metric, "cand", opts, "texts"),
                           read_slot(rec, metric, "ref", opts, "texts"), exact, opts.strip_claim_prefix)

    return per_record(fn)


register("f1-edit", dict(LISTS), "record",
          "CLAIMCHECK F1_edit: span sets, edit-similarity assignment, micro-averaged over records",
          _span_f1(False), aggregate="micro")
register("f1-exact", dict(LISTS), "record",
          "CLAIMCHECK F1_exact: as f1-edit with exact (whitespace-normalised) string matches",
          _span_f1(True), aggregate="micro")


def _wtl(rec, metric, opts):
    from scholartools.metrics.claimcheck import outcome

    value = read_slot(rec, metric, "pred", opts)
    if value is None:   # an unscored preference: left out of the rates and counted
        return "unscored"
    try:
        return outcome(value)
    except ValueError as exc:
        raise bad_value(metric, "pred", opts, str(exc)) from None


register("win-tie-loss", {"pred": "preference"}, "record",
          "CLAIMCHECK pairwise preference: win/tie/loss per record, rates when aggregated",
          per_record(_wtl), aggregate="wtl")


def _judge_score(rec, metric, opts):
    from scholartools.metrics.score_parsing import score_samples

    raw = read_slot(rec, metric, "raw", opts)
    replies = [raw] if isinstance(raw, str) else raw
    if not isinstance(replies, list) or not all(isinstance(r, str) for r in replies):
        raise bad_value(metric, "raw", opts, "needs a reply text or a list of sampled reply texts")
    low, high = opts.scale if opts.scale else (None, None)
    return score_samples(replies, opts.parser, low, high)


register("judge-score", {"raw": "raw"}, "record",
          "number parsed from judge reply text(s), mean over samples (--parser strict|paper: PaperRQ's regex cascade)",
          per_record(_judge_score))


# --------------------------------------------------------------------------- PointWise (fan-in)

PAIR_SLOTS = {"match": "match", "gt_idx": "gt_idx", "gen_idx": "gen_idx", "matrix": "match_matrix",
              "ref": "gt", "cand": "gen"}
register("pointwise", dict(PAIR_SLOTS), "fanin",
          "BAGELS PointWise as printed (TP=|M|, paper's swapped FP/FN; --tp): judged pairs → one record per paper",
          aggregate="pointwise")
register("pointwise-conventional", dict(PAIR_SLOTS), "fanin",
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
    raise bad_value(metric, "match", opts, f"cannot read {v!r} as a match decision")


def _index(rec, metric, slot, opts) -> int:
    v = read_slot(rec, metric, slot, opts)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise bad_value(metric, slot, opts, f"needs a non-negative integer index, found {v!r}")
    return v


def _pointwise_values(metric: Metric, x: int, y: int, matches: set, opts: ScoreOptions) -> dict:
    from scholartools.metrics import pointwise as pw

    if metric.name == "pointwise":
        return pw.pointwise(x, y, matches, opts.tp)
    return pw.pointwise_conventional(x, y, matches)


# --------------------------------------------------------------------------- model-based baselines (FM paper)

def _models(metric: Metric, opts: ScoreOptions) -> dict:
    from scholartools.metrics.baselines import check

    models = dict(opts.models or {})
    problem = check([metric.name], models)
    if problem:
        raise RecordError("usage", problem, metric=metric.name)
    return models


def _questeval(rec, metric, opts):
    from scholartools.metrics import baselines

    models = _models(metric, opts)
    ref = read_slot(rec, metric, "ref", opts, "text")
    cand = read_slot(rec, metric, "cand", opts, "text")
    res = baselines.questeval(models).score(ref, cand)
    val = {"p": res.precision, "r": res.recall, "f": res.score}
    return val if opts.rouge_part == "all" else val[opts.rouge_part]


def _unit_field(rec, metric, opts, slot: str, role: str):
    """The record's given units (ACUs, I&O pairs) in ``slot``, or None when the model of ``role``
    is to find them; a missing_field error when neither is there."""
    value = read_slot(rec, metric, slot, opts, "list")
    if value is not _MISSING:
        return value
    if role not in (opts.models or {}):
        raise RecordError("missing_field", f"metric '{metric.name}' needs field '{slot_path(metric, slot, opts)}', "
                          f"which this record lacks, or --model {role}=DIR to find them", field=slot_path(metric, slot, opts),
                          metric=metric.name)
    return None


def _acu(rec, metric, opts):
    from scholartools.metrics import baselines
    from scholartools.metrics.acu import acu_score

    models = _models(metric, opts)
    ref = read_slot(rec, metric, "ref", opts, "text")
    cand = read_slot(rec, metric, "cand", opts, "text")
    acus = _unit_field(rec, metric, opts, "acus", "acu-writer")
    if acus is not None and not all(isinstance(a, str) for a in acus):
        raise bad_value(metric, "acus", opts, "ACUs must be a list of texts")
    writer = baselines.acu_writer(models) if acus is None else None
    return acu_score(ref, cand, baselines.acu_checker(models), writer, acus, opts.acu_sep).score


def _delta(rec, metric, opts):
    from scholartools.metrics import baselines
    from scholartools.metrics.delta import delta

    models = _models(metric, opts)
    ref = read_slot(rec, metric, "ref", opts, "text")
    cand = read_slot(rec, metric, "cand", opts, "text")
    pairs = _unit_field(rec, metric, opts, "pairs", "io-tagger")
    if pairs is not None and not all(isinstance(p, (list, tuple)) and len(p) == 2 for p in pairs):
        raise bad_value(metric, "pairs", opts, "I&O pairs must be [intervention, outcome] lists")
    tagger = baselines.delta_tagger(models) if pairs is None else None
    return delta(ref, cand, baselines.delta_direction(models), pairs, tagger).score


register("questeval", dict(TEXT), "record",
          "QuestEval P/R/F (Scialom et al. 2021) of the candidate against the reference, over local seq2seq "
          "checkpoints: --model qg=DIR --model qa=DIR (the authors' weights are not reachable here)",
          per_record(_questeval))
register("acu", {**TEXT, "acus": "acus"}, "record",
          "ACU score (Liu et al. 2023): fraction of the reference's atomic content units (the acus field, or "
          "written by --model acu-writer=DIR) the candidate entails under --model nli=DIR; un-normalised; not A3CU",
          per_record(_acu), optional=("acus",))
register("delta", {**TEXT, "pairs": "io_pairs"}, "record",
          "DELTA (Wallace et al. 2020, DeYoung et al. 2021): mean base-2 Jensen-Shannon divergence of the "
          "evidence-direction distributions (--model direction=DIR) on reference and candidate over I&O pairs "
          "(the io_pairs field, or tagged by the io-tagger model); lower is better",
          per_record(_delta), optional=("pairs",))
