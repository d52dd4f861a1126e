"""The Facet-aware Metric (FM) of Wang et al. (ScholarSum), from per-facet alignment ratings.

Paper §3.2 (facets and scales) and §4 Eq. 1 (weights); the exact form, which reproduces every
stored total of the released data, is in ``specs/seed-facets.md`` §5::

    s_f = rating_f / max_f                 max = {background 3, method 4, result 4, conclusion 3}
    P   = facets present in the reference  (rating 0 = absent, unless a mask says otherwise)
    FM  = Σ_{f∈P} w_f · s_f / Σ_{f∈P} w_f  w = {background .1, method .3, result .3, conclusion .3}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scholartools.vocabulary import FACET_MAXIMA as DEFAULT_MAXIMA
from scholartools.vocabulary import FACET_WEIGHTS as DEFAULT_WEIGHTS
from scholartools.vocabulary import FACETS, facet_name  # noqa: F401 (re-exported)


def rating_value(value, facet: str) -> int:
    """An integer rating from an int, an integral float or a digit string; else ValueError."""
    if isinstance(value, bool):
        raise ValueError(f"rating of '{facet}' is a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise ValueError(f"rating of '{facet}' is not an integer: {value!r}")


def present_from_mask(mask) -> set[str]:
    """Facets that count, from a mask: a list of facet names, or a dict facet → value where a
    truthy value (non-empty text, non-zero rating) means present — e.g. ``human.facets_present``,
    ``human.facets`` or ``reference_facets`` (an empty reference facet is absent)."""
    if isinstance(mask, Mapping):
        return {facet_name(k) for k, v in mask.items() if (v.strip() if isinstance(v, str) else v)}
    if isinstance(mask, (list, tuple, set)):
        return {facet_name(k) for k in mask}
    raise ValueError("a facet mask must be a list of facet names or a dict facet → value")


def fm_score(ratings: Mapping, present: Iterable[str] | None = None,
             weights: Mapping[str, float] | None = None,
             maxima: Mapping[str, int] | None = None) -> float | None:
    """FM for one (reference, candidate) pair from its facet ratings (FM paper §4, Eq. 1).

    ``ratings``: facet → integer rating (0 = facet absent in the reference; a facet missing
    from the dict is absent too). ``present``: the facets that count, overriding the zeros (the
    released ScholarSum totals take them from the *human* ratings for every metric); a facet in
    ``present`` without a rating scores 0. ``weights`` default to .1/.3/.3/.3 and are renormalised
    over the present facets. Returns ``None`` when no facet counts (FM is undefined) or when a
    facet that counts has a ``None`` (unscored) rating.
    """
    weights = check_weights(weights or DEFAULT_WEIGHTS)
    maxima = {facet_name(k): int(v) for k, v in (maxima or DEFAULT_MAXIMA).items()}
    # a null rating is an unscored judgement (DESIGN: never a wrong number)
    r = {facet_name(k): (None if v is None else rating_value(v, str(k))) for k, v in ratings.items()}
    for f, v in r.items():
        if v is not None and f in maxima and not 0 <= v <= maxima[f]:
            raise ValueError(f"rating of '{f}' is {v}, outside 0–{maxima[f]}")
    if present is None:
        facets = [f for f in weights if r.get(f, 0) is None or r.get(f, 0) > 0]
    else:
        wanted = {facet_name(f) for f in present}
        facets = [f for f in weights if f in wanted]
    total_w = sum(weights[f] for f in facets)
    if not facets or total_w == 0 or any(r.get(f, 0) is None for f in facets):
        return None
    return sum(weights[f] * r.get(f, 0) / maxima[f] for f in facets) / total_w


def ratings_from_list(values: list, maxima: Mapping[str, int] | None = None) -> dict[str, int | None]:
    """``[B, M, R, C]`` normalised scores (ScholarSum's upstream ``*_list`` fields: rating / max,
    0 = absent) → integer ratings. A value that is not k / max for an integer k is rejected."""
    maxima = {facet_name(k): int(v) for k, v in (maxima or DEFAULT_MAXIMA).items()}
    if len(values) != len(FACETS):
        raise ValueError(f"a facet score list has {len(FACETS)} entries (B, M, R, C), not {len(values)}")
    out: dict[str, int | None] = {}
    for f, v in zip(FACETS, values):
        if v is None:
            out[f] = None
            continue
        k = round(float(v) * maxima[f])
        if abs(k - float(v) * maxima[f]) > 1e-6:
            raise ValueError(f"{f} score {v} is not a rating / {maxima[f]}")
        out[f] = k
    return out


def check_weights(weights: Mapping) -> dict[str, float]:
    """facet → weight, each a finite number ≥ 0 (ValueError naming the facet otherwise): FM is a
    weighted mean on [0, 1], which a negative or infinite weight would leave."""
    import math

    out = {}
    for k, v in weights.items():
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise ValueError(f"the weight of '{k}' is {v!r}, not a number")
        try:
            w = float(v)
        except ValueError:
            raise ValueError(f"the weight of '{k}' is {v!r}, not a number") from None
        if not math.isfinite(w) or w < 0:
            raise ValueError(f"the weight of '{k}' is {v!r}; weights are finite numbers, 0 or more")
        out[facet_name(k)] = w
    return out


def parse_weights(text: str) -> dict[str, float]:
    """``background=0.1,method=0.3,…`` or a JSON object → facet → weight (checked: finite, ≥ 0)."""
    text = text.strip()
    if text.startswith("{"):
        import json

        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("weights in JSON are an object facet → weight")
        return check_weights(data)
    out = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"weight '{part}' is not facet=number")
        out[facet_name(key)] = value.strip()
    return check_weights(out)
