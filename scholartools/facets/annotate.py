"""st-facets as library functions: records in, records out (the CLI is a thin layer over these).

:func:`offline_batch` decomposes with the sentence-role model and rates with the embedding rater;
:func:`llm_record` (the LLM method, a task generator driven by :mod:`scholartools.llm.stages`)
extracts with the LLM and rates with the rubric judge. Both read the reference
from ``ref`` (text), ``ref_sentences`` (list of sentences) or ``ref_facets`` (facet → text, e.g.
stored extractions), and the same for the candidate, and write ``facets.reference``,
``facets.candidate``, ``facet_ratings`` (when a candidate is present), ``facet_evidence`` and,
when weights are given, ``fm_weights``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scholartools.facets.decompose import (decompose, facet_probabilities, facets_from_spans, normalise_text,
                                          split_text)
from scholartools.vocabulary import FACETS
from scholartools.records import MISSING as _MISSING, RecordError, get_path, set_path


@dataclass
class FacetOptions:
    ref: str = "reference"
    cand: str = "candidate"
    ref_sentences: str | None = None
    cand_sentences: str | None = None
    ref_facets: str | None = None
    cand_facets: str | None = None
    facets: list[str] = field(default_factory=lambda: list(FACETS))
    weights: dict | None = None
    empty_candidate: str = "auto"  # one | score | auto (offline decomposition: score; else one)
    shots: list | None = None  # few-shot examples for the LLM judge (None: zero-shot)
    #: read when a record lacks ``ref`` (st-facets without --ref: a paper record's abstract)
    ref_fallback: str | None = None


def _ref_field(rec: dict, opts: FacetOptions) -> str:
    """``opts.ref``, or ``opts.ref_fallback`` when the record lacks the first and has the second."""
    if opts.ref_fallback and not opts.ref_sentences and not opts.ref_facets and \
            get_path(rec, opts.ref, _MISSING) is _MISSING and get_path(rec, opts.ref_fallback, _MISSING) is not _MISSING:
        return opts.ref_fallback
    return opts.ref


def _side(rec: dict, text_field: str | None, sent_field: str | None, facet_field: str | None,
          required: bool):
    """``(kind, value, source_text)`` for one side, or None when absent and not required.

    A field that is present but of the wrong type is a ``bad_value`` error, required or not: a
    candidate given as a number must not be silently left unrated.
    """
    field_name = facet_field or sent_field or text_field
    v = get_path(rec, field_name, _MISSING) if field_name else _MISSING
    if v is _MISSING or v is None:
        if required:
            what = {facet_field: "facet object", sent_field: "sentence list"}.get(field_name, "text")
            raise RecordError("missing_field", f"no {what} at '{field_name}'", field=field_name)
        return None
    if facet_field:
        if isinstance(v, str):
            import json

            try:
                v = json.loads(v)
            except ValueError:
                v = None
        if not isinstance(v, dict) or not all(isinstance(x, str) or x is None for x in v.values()):
            raise RecordError("bad_value", f"'{facet_field}' must be an object facet → text", field=facet_field)
        return "facets", v, " ".join(str(v.get(f) or "") for f in FACETS)
    if sent_field:
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise RecordError("bad_value", f"'{sent_field}' must be a list of sentences (strings), "
                              f"not {type(v).__name__}", field=sent_field)
        return "sentences", list(v), " ".join(v)
    if not isinstance(v, str):
        raise RecordError("bad_value", f"'{text_field}' must be text, not {type(v).__name__}", field=text_field)
    if not v.strip():
        if required:
            raise RecordError("missing_field", f"no text at '{text_field}' (it is empty)", field=text_field)
        return None
    return "text", v, v


def _offline_facets(side, embed, abstract: bool = False, model=None):
    """Facets of one side; ``abstract`` True for the reference (an abstract): its first statement
    of purpose is background, as the FM definitions read it (:func:`roles.purpose_background`),
    and it is decoded at the role model's abstract transition weight — neither for candidate
    summaries, where the rule lowered FM r on PubMed and the weight sets the posteriors the rater
    reads (docs/st-facets.md). ``model``: the role model (:func:`roles.active_model`)."""
    kind, value, _ = side
    if kind == "facets":
        return facets_from_spans(value)
    if kind == "sentences":
        return decompose(sentences=value, embed=embed, abstract=abstract, model=model)
    return decompose(value, embed=embed, abstract=abstract, model=model)


def _side_sentences(side) -> list[str]:
    kind, value, _ = side
    if kind == "facets":
        return facets_from_spans(value)["sentences"]
    return split_text(value) if kind == "text" else split_text(sentences=value)


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
    """Offline method on a batch: one embedding call for all the batch's sentences, shared by the
    role model and the rater.

    Two uses of the role model (:data:`roles.USES`): a record with a candidate is FM's — both
    sides are decomposed by the model the rater was fitted with (``active_model()``), so the
    record's labels are those rated; a record without one reports its text's sentence roles, and
    these come from the variant that transfers best across fields (``active_model(use="roles")``:
    the cue model averaged in; docs/st-facets.md, session 12)."""
    return _offline_batch(records, opts)[0]


def _offline_batch(records: list[dict], opts: FacetOptions) -> tuple[list, list]:
    """:func:`offline_batch`'s records, and per record the name of the role model that labelled
    its sentences (None: nothing was decomposed, or an error)."""
    from scholartools.facets import rate

    sides = []
    for rec in records:
        try:
            sides.append((_side(rec, _ref_field(rec, opts), opts.ref_sentences, opts.ref_facets, True),
                          _side(rec, opts.cand, opts.cand_sentences, opts.cand_facets, False)))
        except RecordError as exc:  # this record only: returned in its place, not raised
            sides.append(exc)
    from scholartools.facets.roles import active_model

    fm_model, roles_model = active_model(), active_model(use="roles")
    ok = [item for item in sides if not isinstance(item, RecordError)]
    # vectors are needed by the rater (pairs) and by a role model that reads embeddings (without
    # the embedding model installed, the role model's cue model runs alone: roles.active_model)
    reads = fm_model.uses_embeddings or roles_model.uses_embeddings
    needed = ok if reads else [item for item in ok if item[1] is not None]
    texts = sorted({s for item in needed for side in item if side is not None for s in _side_sentences(side)})
    vectors = {}
    if texts:
        from scholartools.embeddings import encode

        vectors = dict(zip(texts, encode(texts)))

    def embed(items):
        import numpy as np

        missing = sorted({t for t in items if t not in vectors})
        if missing:  # not expected: every sentence needed was split the same way above
            from scholartools.embeddings import encode

            vectors.update(zip(missing, encode(missing)))
        return np.array([vectors[t] for t in items]) if items else np.zeros((0, 1))

    out, names = [], []
    for rec, item in zip(records, sides):
        if isinstance(item, RecordError):
            out.append(item)
            names.append(None)
            continue
        ref_side, cand_side = item
        model = fm_model if cand_side else roles_model
        ref = _offline_facets(ref_side, embed, abstract=True, model=model)
        cand = _offline_facets(cand_side, embed, model=model) if cand_side else None
        decomposed = [side for side in (ref_side, cand_side) if side is not None and side[0] != "facets"]
        names.append(model.name if decomposed else None)
        ratings = evidence = None
        if cand is not None:
            given = cand_side[0] == "facets"
            cand_text = normalise_text(cand_side[2]) if cand_side[0] == "text" else cand_side[2]
            one = opts.empty_candidate == "one" or (opts.empty_candidate == "auto" and given)
            ratings, evidence = rate.rate(ref, cand, embed, facets=FACETS, empty_candidate_one=one,
                                          probs=facet_probabilities(cand, model=model, given=given, embed=embed),
                                          cand_text=cand_text)
        out.append(_finish(rec, opts, ref, cand, ratings, evidence))
    return out, names


def offline_task(records: list[dict], ctx) -> list[dict]:
    """The offline method as a task's (``ctx.options`` is a :class:`FacetOptions`); each record's
    provenance names the role model that labelled its sentences (``role_model``)."""
    out, names = _offline_batch(records, ctx.options)
    for rec, name in zip(out, names):
        if name is not None:
            rec["_provenance"] = {"role_model": name}
    return out


def llm_record(rec: dict, ctx):
    """The LLM method for one record (a task generator, see :mod:`scholartools.llm.stages`):
    extraction calls for the sides not given as facets, then one judge call per facet present
    on both sides. ``ctx.options`` is a :class:`FacetOptions`."""
    from scholartools.facets import llm_method as lm

    opts = ctx.options
    sides = (_side(rec, _ref_field(rec, opts), opts.ref_sentences, opts.ref_facets, True),
             _side(rec, opts.cand, opts.cand_sentences, opts.cand_facets, False))
    to_extract = [side for side in sides if side is not None and side[0] != "facets"]
    answers = iter((yield [ctx.ask(lm.EXTRACT_TEMPLATE, text=side[2], parse=lm.parse_extraction,
                                   dry_value=lm.dry_facets(side[2])) for side in to_extract]))
    facet_recs = []
    for side in sides:
        if side is None:
            facet_recs.append(None)
        elif side[0] == "facets":
            facet_recs.append(lm.spans_record(side[1], side[2]))
        else:
            res = next(answers)
            if not isinstance(res.value, dict):
                raise RecordError("unparsable_reply", "the facet extraction reply is not a JSON object with the "
                                  "four facets", raw=res.text, problem=(res.unscored or {}).get("detail"))
            facet_recs.append(lm.spans_record(res.value, side[2]))
    ref, cand = facet_recs
    if cand is None:
        return _finish(rec, opts, ref, None, None, None)
    judged = [f for f in opts.facets if ref[f].strip() and cand[f].strip()]
    asks = [ctx.ask(lm.judge_templates(opts.shots)[f], facet=f, reference=ref[f], candidate=cand[f],
                    examples=lm.examples_block(opts.shots, f) if opts.shots else "",
                    parse=lm.judge_rating_parser(f)) for f in judged]
    verdicts = dict(zip(judged, (yield asks)))
    ratings, evidence = {}, {}
    for f in opts.facets:
        if not ref[f].strip():
            ratings[f], evidence[f] = 0, {"rule": "reference facet empty"}
        elif not cand[f].strip():
            ratings[f], evidence[f] = 1, {"rule": "candidate facet empty"}
        else:
            v = verdicts[f].verdict()
            ratings[f] = v.get("value")
            evidence[f] = {"raw": v.get("raw")}
            if v.get("value") is None:
                evidence[f]["unscored"] = v.get("unscored_reason", "parse_failure")
    return _finish(rec, opts, ref, cand, ratings, evidence)
