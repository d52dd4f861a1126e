"""Aggregation of per-record metric values, kept apart from scoring (inspect_ai's split).

The default summary is the mean of each number (and of each numeric part of dicts such as
ROUGE's ``{p, r, f}``), over the records that have a value. Metrics whose paper aggregates
otherwise name their rule: ``micro`` (CLAIMCHECK F1_edit/F1_exact: ΣTP / Σsizes), ``eqinfer`` and
``critique`` (P/R/F1 of the positive class over all decisions), ``classification``, ``wtl``
(win/tie/loss rates), ``pointwise`` (BAGELS macro and micro).
"""

from __future__ import annotations

from typing import Any

from scholartools.metrics.registry import METRICS, group_value, slot_path
from scholartools.records import get_path, has_path


def _how(name: str) -> str:
    return METRICS[name].aggregate


def mean_part(values: list) -> Any:
    """Mean of numbers, or of each numeric part of dicts; ``None`` when there is nothing."""
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    if all(isinstance(v, dict) for v in vals):
        keys = []
        for v in vals:
            for k in v:
                if k not in keys:
                    keys.append(k)
        return {k: mean_part([v.get(k) for v in vals]) for k in keys}
    nums = [float(v) for v in vals if isinstance(v, (int, float))]
    if not nums or len(nums) != len(vals):
        return None
    return sum(nums) / len(nums)


def summarise(values: list[Any], how: str, opts) -> Any:
    """One metric's summary over the per-record values of a group (errors already left out)."""
    vals = [v for v in values if v is not None]
    if how == "mean":
        return mean_part(vals)
    if how == "micro":
        from scholartools.metrics.claimcheck import micro_prf

        out = micro_prf(vals)
        fs = [v["f"] for v in vals if v["n_pred"] or v["n_gold"]]
        out["macro_f"] = sum(fs) / len(fs) if fs else None
        out["n_items"] = len(vals)
        return out
    if how in ("eqinfer", "critique"):
        from scholartools.metrics.classification import binary_prf

        n_unscored = sum(1 for v in vals if v.get("unscored"))
        vals = [v for v in vals if not v.get("unscored")]
        out = binary_prf([bool(v["pred"]) for v in vals], [bool(v["gold"]) for v in vals])
        out["accuracy"] = sum(1 for v in vals if v["correct"]) / len(vals) if vals else None
        out["n"] = len(vals)
        if how == "eqinfer":
            out["format_failures"] = sum(1 for v in vals if v["format_failure"])
        else:
            out["n_unscored"] = n_unscored
        return out
    if how == "accuracy":
        correct = [bool(v["correct"]) for v in vals]
        return {"accuracy": sum(correct) / len(correct) if correct else None, "n": len(correct),
                "n_correct": sum(correct)}
    if how == "classification":
        from scholartools.metrics.classification import report

        return report([v["pred"] for v in vals], [v["gold"] for v in vals], opts.positive)
    if how == "wtl":
        from scholartools.metrics.claimcheck import win_tie_loss

        out = win_tie_loss([v for v in vals if v != "unscored"])
        out["n_unscored"] = sum(1 for v in vals if v == "unscored")
        return out
    if how == "pointwise":
        from scholartools.metrics.pointwise import aggregate

        return aggregate(vals)
    raise ValueError(f"unknown aggregation {how}")


def aggregate_records(scored: list[dict], names: list[str], opts, n_errors: int | None = None) -> list[dict]:
    """Summary records (``"aggregate": true``): one per ``--group-by`` value, then one overall.

    For ``critique-prf`` and ``f1-edit``/``f1-exact`` the overall record also carries the mean of
    the groups' F1 (``macro_over_groups``), e.g. per-review macro averaging.
    """
    groups: dict[Any, list[dict]] = {}
    labels: dict[Any, Any] = {}
    if opts.group_by:
        for rec in scored:
            key = group_value(rec, opts)
            groups.setdefault(key, []).append(rec)
            labels.setdefault(key, get_path(rec, opts.group_by))
    out = []
    group_summaries = []
    for key, recs in groups.items():
        summary = _summary(recs, names, opts)
        group_summaries.append(summary)
        label = labels[key]
        out.append({"id": f"aggregate:{opts.group_by}={label if not isinstance(label, (dict, list)) else key}",
                    "aggregate": True, "group_by": opts.group_by, "group": label, "n": len(recs),
                    "scores": summary})
    overall = _summary(scored, names, opts)
    per_run, how = _runs(scored, names, opts)
    if per_run:
        overall = {key: combine_values([r["scores"].get(key) for r in per_run], how)
                   for key in dict.fromkeys(k for r in per_run for k in r["scores"])}
    if group_summaries:
        for name in names:
            how = _how(name)
            if how in ("critique", "micro", "eqinfer"):
                fs = [g[name]["f"] for g in group_summaries if g.get(name) is not None]
                if overall.get(name) is not None:
                    overall[name]["macro_over_groups"] = {"f": sum(fs) / len(fs) if fs else None, "n_groups": len(fs)}
    rec = {"id": "aggregate:all", "aggregate": True, "group_by": opts.group_by, "group": None,
           "n": len(scored), "scores": overall}
    if per_run:
        rec["combine"], rec["runs"] = how, per_run
    if n_errors:
        rec["n_errors"] = n_errors
    out.append(rec)
    return out


def _runs(scored: list[dict], names: list[str], opts) -> tuple[list[dict], str | None]:
    """Records of repeated runs (``run`` on each, from ``--runs``): each run's summary, and how
    they are combined (``--combine``, else the records' ``combine``, else mean); none otherwise."""
    runs: dict[int, list[dict]] = {}
    for r in scored:
        if isinstance(r.get("run"), int) and not isinstance(r.get("run"), bool):
            runs.setdefault(r["run"], []).append(r)
    if not runs:
        return [], None
    how = getattr(opts, "combine", None) or next((r["combine"] for r in scored if r.get("combine") in
                                                  ("median", "mean")), "mean")
    return [{"run": k, "run_seed": recs[0].get("run_seed"), "n": len(recs), "scores": _summary(recs, names, opts)}
            for k, recs in sorted(runs.items())], how


def combine_values(values: list, how: str) -> Any:
    """The median or mean of the runs' values: numbers, or dicts of them part by part (None
    where a part is not a number in every run)."""
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    if all(isinstance(v, dict) for v in vals):
        keys = list(dict.fromkeys(k for v in vals for k in v))
        return {k: combine_values([v.get(k) for v in vals], how) for k in keys}
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return None
    nums = sorted(float(v) for v in vals)
    if how == "median":
        m = len(nums) // 2
        return nums[m] if len(nums) % 2 else (nums[m - 1] + nums[m]) / 2
    return sum(nums) / len(nums)


def _summary(recs: list[dict], names: list[str], opts) -> dict:
    out = {}
    for name in names:
        vals = [get_path(r, f"scores.{name}") for r in recs if has_path(r, f"scores.{name}")]
        out[name] = summarise(vals, _how(name), opts)
    pw = [n for n in names if _how(n) == "pointwise"]
    if pw:
        # BAGELS's code pools every matched pair of every paper: weight paper means by pair counts
        for name in names:
            if _how(name) == "pointwise":
                continue
            pairs = [(get_path(r, f"scores.{name}"), get_path(r, f"scores.{pw[0]}.n_matched_pairs") or 0)
                     for r in recs]
            out[f"{name}_pooled_pairs"] = weighted_mean([v for v, _ in pairs], [w for _, w in pairs])
    if "bleu" in names:
        corpus = corpus_bleu(recs, opts)
        if corpus is not None:
            out["bleu_corpus"] = corpus
    return out


def weighted_mean(values: list, weights: list) -> Any:
    """Weighted mean of numbers (or of each numeric part of dicts); None values are skipped."""
    pairs = [(v, w) for v, w in zip(values, weights) if v is not None and w]
    if not pairs:
        return None
    if all(isinstance(v, dict) for v, _ in pairs):
        keys = list(dict.fromkeys(k for v, _ in pairs for k in v))
        return {k: weighted_mean([v.get(k) for v, _ in pairs], [w for _, w in pairs]) for k in keys}
    total = sum(w for _, w in pairs)
    return sum(float(v) * w for v, w in pairs) / total


def corpus_bleu(recs: list[dict], opts) -> float | None:
    """Corpus-level BLEU (sacrebleu, 0–1) over the group's (reference, candidate) texts: the
    BLEU of Papineni et al., next to the mean of sentence BLEU that BAGELS reports. None when
    the records do not carry both texts (e.g. PointWise paper records)."""
    ref_path = slot_path(METRICS["bleu"], "ref", opts)
    cand_path = slot_path(METRICS["bleu"], "cand", opts)
    refs, cands = [], []
    for r in recs:
        ref, cand = get_path(r, ref_path), get_path(r, cand_path)
        if not isinstance(ref, str) or not isinstance(cand, str):
            return None
        refs.append(ref)
        cands.append(cand)
    if not refs:
        return None
    from sacrebleu.metrics import BLEU

    return BLEU(tokenize=opts.bleu_tokenize).corpus_score(cands, [refs]).score / 100.0
