"""Inter-annotator agreement on span sets: CLAIMCHECK's pairwise F1_edit / F1_exact (§3.4, §4.1).

Each annotator marks a set of spans (text strings) per item — the weakness spans of a review, or
the target claims of a weakness. For two annotators *a*, *b* the agreement is the span F1 of
:mod:`scholartools.metrics.claimcheck` (soft TP from the best one-to-one assignment of
``1 − normalised Levenshtein`` similarities, or exact equality), micro-averaged over the items;
it is symmetric in *a* and *b*. ``specs/seed-claimcheck.md`` §2.4:

* **pairwise (micro)**: TP, |X| and |Y| pooled over every annotator pair and every item, then
  F1 = 2·ΣTP / (Σ|X| + Σ|Y|) — the paper's "pairwise inter-annotator F1" (WI pilot 52.4, CA
  pilot 45.8 / 28.5);
* **pairwise (mean)**: the mean of the per-pair F1s (the spec's plausible alternative);
* **individual** agreement of annotator *a*: the mean over b ≠ a of F1(a, b) — how "GPT-4o 32.6
  vs. the worst human's 37.1" is computed (§4.1).

An item an annotator did not annotate (absent or null) is left out of that annotator's pairs; an
empty list is an annotation with no spans. Items where both sides are empty add nothing.
"""

from __future__ import annotations

from itertools import combinations

from scholartools.metrics.claimcheck import micro_prf, span_counts

MEASURES = {"f1-edit": False, "f1-exact": True}


def pair_counts(items: dict, a: str, b: str, exact: bool, strip_claim_prefix: bool = True) -> list[dict]:
    """The per-item span counts of annotator ``a`` (as prediction) against ``b`` (as gold) over
    the items both annotated."""
    out = []
    for spans in items.values():
        if spans.get(a) is None or spans.get(b) is None:
            continue
        out.append(span_counts(spans[a], spans[b], exact, strip_claim_prefix))
    return out


def span_agreement(items: dict, annotators: list[str], measure: str = "f1-edit",
                   strip_claim_prefix: bool = True) -> list[dict]:
    """Result records of one span measure over ``items`` = {item: {annotator: [span, ...] | None}}.

    One record per annotator pair (``level: pair``), one per annotator (``individual``), and the
    two summaries over all pairs (``pairwise-micro``, ``pairwise-mean``).
    """
    if measure not in MEASURES:
        raise ValueError(f"unknown span measure '{measure}'; choose from {', '.join(MEASURES)}")
    if len(annotators) < 2:
        raise ValueError("span agreement needs at least two annotators")
    exact = MEASURES[measure]
    results, pooled, per_pair = [], [], {}
    for a, b in combinations(annotators, 2):
        counts = pair_counts(items, a, b, exact, strip_claim_prefix)
        prf = micro_prf(counts)
        used = sum(1 for c in counts if c["n_pred"] or c["n_gold"])
        per_pair[(a, b)] = prf["f"] if used else None
        pooled.extend(counts)
        results.append({"id": f"agree:{measure}:pair:{a}~{b}", "measure": measure, "level": "pair",
                        "raters": [a, b], "n": used, "value": prf["f"] if used else None,
                        "precision": prf["p"], "recall": prf["r"]})
    for a in annotators:
        vals = [f for (x, y), f in per_pair.items() if a in (x, y) and f is not None]
        results.append({"id": f"agree:{measure}:individual:{a}", "measure": measure, "level": "individual",
                        "raters": [a], "n": len(vals), "value": sum(vals) / len(vals) if vals else None})
    defined = [f for f in per_pair.values() if f is not None]
    micro = micro_prf(pooled)
    used = sum(1 for c in pooled if c["n_pred"] or c["n_gold"])
    results.append({"id": f"agree:{measure}:pairwise-micro", "measure": measure, "level": "pairwise-micro",
                    "raters": list(annotators), "n": used, "value": micro["f"] if used else None})
    results.append({"id": f"agree:{measure}:pairwise-mean", "measure": measure, "level": "pairwise-mean",
                    "raters": list(annotators), "n": len(defined),
                    "value": sum(defined) / len(defined) if defined else None})
    return results


def items_from_wide(records: list[dict], raters: list[str], unit: str | None = None) -> dict:
    """{item: {rater path: spans}} from one record per item (``unit`` names the item, else its
    position); a rater's value must be a list of strings or null."""
    from scholartools.records import RecordError, get_path

    items: dict = {}
    for k, rec in enumerate(records):
        key = get_path(rec, unit) if unit else k
        row = items.setdefault(key if key is not None else k, {})
        for r in raters:
            row[r] = _spans(get_path(rec, r), rec, r, RecordError)
    return items


def items_from_long(records: list[dict], unit: str, rater_field: str, value_field: str) -> tuple[dict, list]:
    """({item: {annotator: spans}}, annotators in first-seen order) from one record per
    (item, annotator)."""
    from scholartools.records import RecordError, get_path

    items: dict = {}
    names: list = []
    for rec in records:
        key, who = get_path(rec, unit), get_path(rec, rater_field)
        if key is None or who is None:
            raise RecordError("missing_field", f"record {rec.get('id')}: needs '{unit}' and '{rater_field}'",
                              field=unit if key is None else rater_field)
        who = str(who)
        if who not in names:
            names.append(who)
        items.setdefault(key if isinstance(key, (str, int)) else repr(key), {})[who] = \
            _spans(get_path(rec, value_field), rec, value_field, RecordError)
    return items, names


def _spans(value, rec, field, error):
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise error("bad_value", f"record {rec.get('id')}: '{field}' must be a list of span strings",
                field=field)
