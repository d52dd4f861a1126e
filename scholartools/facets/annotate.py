"""st-facets as library functions: records in, records out (the CLI is a thin layer over these).

:func:`offline_batch` decomposes with the sentence-role model and rates with the embedding rater;
:func:`llm_batch` extracts with the LLM and rates with the rubric judge. Both read the reference
from ``ref`` (text), ``ref_sentences`` (list of sentences) or ``ref_facets`` (facet → text, e.g.
stored extractions), and the same for the candidate, and write ``facets.reference``,
``facets.candidate``, ``facet_ratings`` (when a candidate is present), ``facet_evidence`` and,
when weights are given, ``fm_weights``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scholartools.facets.decompose import decompose, facet_probabilities, facets_from_spans, normalise_text
from scholartools.vocabulary import FACETS
from scholartools.records import RecordError, get_path, has_path, set_path


@dataclass
class FacetOptions:
    ref: str = "abstract"
    cand: str = "candidate"
    ref_sentences: str | None = None
    cand_sentences: str | None = None
    ref_facets: str | None = None
    cand_facets: str | None = None
    facets: list[str] = field(default_factory=lambda: list(FACETS))
    weights: dict | None = None
    empty_candidate: str = "auto"  # one | score | auto (offline decomposition: score; else one)
    shots: list | None = None  # few-shot examples for the LLM judge (None: zero-shot)


def _side(rec: dict, text_field: str | None, sent_field: str | None, facet_field: str | None,
          required: bool):
    """``(kind, value, source_text)`` for one side, or None when absent and not required."""
    if facet_field:
        v = get_path(rec, facet_field)
        if isinstance(v, str):
            import json

            v = json.loads(v)
        if not isinstance(v, dict):
            if required:
                raise RecordError("missing_field", f"no facet object at '{facet_field}'", field=facet_field)
            return None
        return "facets", v, " ".join(str(v.get(f) or "") for f in FACETS)
    if sent_field:
        v = get_path(rec, sent_field)
        if not isinstance(v, list):
            if required:
                raise RecordError("missing_field", f"no sentence list at '{sent_field}'", field=sent_field)
            return None
        return "sentences", [str(s) for s in v], " ".join(str(s) for s in v)
    v = get_path(rec, text_field) if text_field else None
    if not isinstance(v, str) or not v.strip():
        if required:
            raise RecordError("missing_field", f"no text at '{text_field}'", field=text_field)
        return None
    return "text", v, v


def _offline_facets(side):
    kind, value, _ = side
    if kind == "facets":
        return facets_from_spans(value)
    if kind == "sentences":
        return decompose(sentences=value)
    return decompose(value)


def _finish(rec: dict, opts: FacetOptions, ref: dict, cand: dict | None, ratings, evidence) -> dict:
    out = dict(rec)
    set_path(out, "facets.reference", ref)
    if cand is not None:
        set_path(out, "facets.candidate", cand)
        out["facet_ratings"] = {f: ratings[f] for f in opts.facets}
        out["facet_evidence"] = {f: evidence.get(f) for f in opts.facets}
    if opts.weights:
        out["fm_weights"] = dict(opts.weights)
    return out


def offline_batch(records: list[dict], opts: FacetOptions) -> list[dict]:
    """Offline method on a batch (one embedding call for all the batch's sentences)."""
    from scholartools.facets import rate

    work = []
    for rec in records:
        try:
            ref_side = _side(rec, opts.ref, opts.ref_sentences, opts.ref_facets, True)
            cand_side = _side(rec, opts.cand, opts.cand_sentences, opts.cand_facets, False)
        except RecordError as exc:  # this record only: returned in its place, not raised
            work.append(exc)
            continue
        ref = _offline_facets(ref_side)
        cand = _offline_facets(cand_side) if cand_side else None
        given = cand_side is not None and cand_side[0] == "facets"
        cand_text = None
        if cand_side is not None:
            cand_text = normalise_text(cand_side[2]) if cand_side[0] == "text" else cand_side[2]
        work.append((rec, ref, cand, given, cand_text))
    texts = sorted({s for item in work if not isinstance(item, RecordError) and item[2] is not None
                    for s in item[1]["sentences"] + item[2]["sentences"]})
    vectors = {}
    if texts:
        from scholartools.embeddings import encode

        vectors = dict(zip(texts, encode(texts)))

    def embed(items):
        import numpy as np

        return np.array([vectors[t] for t in items]) if items else np.zeros((0, 1))

    out = []
    for item in work:
        if isinstance(item, RecordError):
            out.append(item)
            continue
        rec, ref, cand, given, cand_text = item
        ratings = evidence = None
        if cand is not None:
            one = opts.empty_candidate == "one" or (opts.empty_candidate == "auto" and given)
            ratings, evidence = rate.rate(ref, cand, embed, facets=FACETS, empty_candidate_one=one,
                                          probs=facet_probabilities(cand, given=given), cand_text=cand_text)
        out.append(_finish(rec, opts, ref, cand, ratings, evidence))
    return out


def llm_batch(records: list[dict], opts: FacetOptions, llm, io=None) -> list[dict]:
    """LLM method on a batch: extraction calls (unless facets are given), then judge calls."""
    from scholartools.facets import llm_method as lm
    from scholartools.llm import replies
    from scholartools.llm.client import provenance

    client = llm.client(io)
    extract_tpl = llm.template(lm.EXTRACT_TEMPLATE)
    parse_extract = lambda t: lm.parse_extraction(replies.parse_json(t, expect="object"))  # noqa: E731

    # A failure (missing field, failed or unparsable call) ends only its own record: it is put in
    # that record's place in the returned list, never raised (that would fail the whole batch).
    sides = []
    reqs = []
    for rec in records:
        try:
            ref_side = _side(rec, opts.ref, opts.ref_sentences, opts.ref_facets, True)
            cand_side = _side(rec, opts.cand, opts.cand_sentences, opts.cand_facets, False)
        except RecordError as exc:
            sides.append(exc)
            continue
        pair = []
        for side in (ref_side, cand_side):
            if side is None or side[0] == "facets":
                pair.append((side, None))
            else:
                req = client.request(extract_tpl.render(text=side[2]), template=extract_tpl, parse=parse_extract)
                pair.append((side, len(reqs)))
                reqs.append(req)
        sides.append(pair)
    results = client.run(reqs) if reqs else []

    stage = []
    for rec, pair in zip(records, sides):
        if isinstance(pair, RecordError):
            stage.append(pair)
            continue
        used = []
        facet_recs = []
        failed = error = None
        for side, k in pair:
            if side is None:
                facet_recs.append(None)
                continue
            if k is None:
                facet_recs.append(lm.spans_record(side[1], side[2]))
                continue
            res = results[k]
            used.append(res)
            if res.as_exception() is not None:
                error = error or res.as_exception()
                facet_recs.append(None)
            elif res.unscored or not isinstance(res.value, dict):
                failed = res.text
                facet_recs.append(None)
            else:
                facet_recs.append(lm.spans_record(res.value, side[2]))
        if error is not None:
            stage.append(error)
        elif failed is not None:
            stage.append(RecordError("unparsable_reply",
                                     "the facet extraction reply is not a JSON object with the four facets",
                                     raw=failed))
        else:
            stage.append((rec, facet_recs[0], facet_recs[1], used))

    judge_reqs, slots = [], []
    for i, item in enumerate(stage):
        if isinstance(item, RecordError) or item[2] is None:
            continue
        rec, ref, cand, _ = item
        for f in opts.facets:
            if not ref[f].strip() or not cand[f].strip():
                continue
            tpl = llm.template(lm.JUDGE_TEMPLATES[f])
            examples = lm.examples_block(opts.shots, f) if opts.shots else ""
            msgs = tpl.render(facet=f, examples=examples, reference=ref[f], candidate=cand[f])
            judge_reqs.append(client.request(msgs, template=tpl, parse=lm.judge_rating_parser(f)))
            slots.append((i, f))
    jres = client.run(judge_reqs) if judge_reqs else []
    by = {}
    for (i, f), res in zip(slots, jres):
        by[(i, f)] = res

    out = []
    for i, item in enumerate(stage):
        if isinstance(item, RecordError):
            out.append(item)
            continue
        rec, ref, cand, used = item
        ratings = evidence = None
        calls = list(used)
        failure = None
        if cand is not None:
            ratings, evidence = {}, {}
            for f in opts.facets:
                if not ref[f].strip():
                    ratings[f], evidence[f] = 0, {"rule": "reference facet empty"}
                elif not cand[f].strip():
                    ratings[f], evidence[f] = 1, {"rule": "candidate facet empty"}
                else:
                    res = by[(i, f)]
                    calls.append(res)
                    if res.as_exception() is not None:
                        failure = failure or res.as_exception()
                        continue
                    v = res.verdict()
                    ratings[f] = v.get("value")
                    evidence[f] = {"raw": v.get("raw")}
                    if v.get("value") is None:
                        evidence[f]["unscored"] = v.get("unscored_reason", "parse_failure")
        if failure is not None:
            out.append(failure)
            continue
        o = _finish(rec, opts, ref, cand, ratings or {}, evidence or {})
        if calls:
            o["_provenance"] = provenance(calls)
        out.append(o)
    return out
