"""The offline methods of st-claims' three tasks, over a batch of records (the task registry's
``offline`` signature: ``(records, ctx) → list aligned with records``; a RecordError in the list
becomes that record's error record)."""
from __future__ import annotations

from scholartools.claims import fields as R
from scholartools.records import RecordError


def _each(records, fn):
    out = []
    for rec in records:
        try:
            out.append(fn(rec))
        except RecordError as exc:
            out.append(exc)
    return out


def extract_batch(records: list[dict], ctx) -> list:
    """``--scorer stacked`` (:func:`~scholartools.claims.stacked.extract_claims_stacked_many`),
    ``semantic`` (:func:`~scholartools.claims.semantic.extract_claims_semantic_many`; both encode the
    batch's sentences in one call) or ``cues`` (:func:`~scholartools.claims.extract.extract_claims`)."""
    opts: R.ClaimsOptions = ctx.options
    papers = _each(records, lambda rec: R.require_paper(rec) or rec)
    ok = [rec for rec in papers if not isinstance(rec, RecordError)]
    if opts.scorer == "stacked":
        from scholartools.claims.stacked import extract_claims_stacked_many

        found = iter(extract_claims_stacked_many(ok, opts.max_claims, opts.threshold))
    elif opts.scorer == "semantic":
        from scholartools.claims.semantic import extract_claims_semantic_many

        found = iter(extract_claims_semantic_many(ok, opts.max_claims, opts.threshold))
    else:
        from scholartools.claims.extract import extract_claims

        found = iter(_each(ok, lambda rec: extract_claims(rec, opts.max_claims, opts.threshold)))
    out = []
    for rec in papers:
        got = rec if isinstance(rec, RecordError) else next(found)
        out.append(got if isinstance(got, RecordError) else R.with_claims(rec, got))
    return out


def weaknesses_batch(records: list[dict], ctx) -> list:
    from scholartools.claims.weaknesses import find_weaknesses

    opts: R.ClaimsOptions = ctx.options

    def one(rec):
        reviews = R.review_texts(rec, opts.review_field)
        many = isinstance(reviews, list)
        texts = reviews if many else [reviews]
        return R.with_weaknesses(rec, [find_weaknesses(t, opts.unit) for t in texts], many)

    return _each(records, one)


def associate_batch(records: list[dict], ctx) -> list:
    """Every weakness of the batch is encoded in one call and every claim in another; each paper's
    claims are then indexed once (BM25 + those vectors) and queried by its own weaknesses."""
    from scholartools import embeddings
    from scholartools.claims.associate import associate_with_vectors

    opts: R.ClaimsOptions = ctx.options
    parsed = []
    for rec in records:
        try:
            parsed.append((R.read_claims(rec), R.read_weaknesses(rec)))
        except RecordError as exc:
            parsed.append(exc)
    ok = [p for p in parsed if not isinstance(p, RecordError)]
    claim_vecs = embeddings.encode([c["text"] for cl, _ in ok for c in cl])
    weak_vecs = embeddings.encode([w["text"] for _, ws in ok for w in ws])
    out = []
    ci = wi = 0
    for rec, p in zip(records, parsed):
        if isinstance(p, RecordError):
            out.append(p)
            continue
        claims, weaknesses = p
        cv, wv = claim_vecs[ci:ci + len(claims)], weak_vecs[wi:wi + len(weaknesses)]
        ci, wi = ci + len(claims), wi + len(weaknesses)
        results = []
        for a in associate_with_vectors(claims, weaknesses, cv, wv, opts.associate):
            results.append({"targets": a["targets"], "target_scores": a["target_scores"],
                            "association": {"method": "offline", "grounded": a["grounded"], "reason": a["reason"],
                                            "candidates": a["candidates"]}})
        out.append(R.association_output(rec, claims, weaknesses, results, opts.fan_out))
    return out
