"""BAGELS PointWise matching (``specs/seed-bagels.md`` §6.2): which (ground-truth, generated)
limitation pairs of a paper share content or topic.

A record holds a ground-truth list G (``--gt``, x items) and a generated list H (``--gen``,
y items). The judge decides J(g, h) ∈ {0, 1} for every pair; ``st-score --metric pointwise``
turns the decisions into coverage and P/R/F1 (§6.3–6.4).

* Pairwise (the paper's procedure): one call per pair, prompt variant and presentation order —
  x·y·K·2 calls with ``--variants K --orders both``. The votes of a pair are combined by
  :func:`scholartools.judge.votes.combine_votes` under ``--inconsistent``: the paper swapped
  the order "to ensure consistent results" and "chose the consistent one" (``no``: a match only
  when every vote says so), ``majority`` takes the majority of the votes (the K variants'
  majority), ``first`` the first vote. Answers are read case-insensitively; ``--parser bagels``
  is the authors' exact ``reply == 'Yes'``.
* Batched (``--batch-pairs``, not the paper's procedure): the whole x×y matrix of a paper in one
  JSON reply per variant and order; a reply that is malformed or of the wrong shape after the
  repair re-ask falls back to pairwise calls for that variant and order. Output: one record
  per paper with ``match_matrix`` (rows = ground-truth items).
* Offline (``--method offline``): cosine of the shared sentence embeddings ≥ ``--threshold``; the
  default threshold was chosen on hand-labelled limitation pairs (``fixtures/judge/``, see
  ``docs/st-judge.md``).

Pair records: ``{…parent fields, id: PAPER#gK:hL, paper_id, gt_idx, gen_idx, gt, gen, match}``
with the votes under ``--out``.
"""
from __future__ import annotations

from functools import partial
from typing import Any

from scholartools.judge.decoding import paper_params
from scholartools.judge.inputs import numbered, read_texts
from scholartools.judge.outcomes import reason_of, templates_of, unscored_fields, value_of, with_field
from scholartools.judge.reply_parsers import parse_yes_exact, parse_yes_no
from scholartools.judge.votes import combine_votes
from scholartools.llm.replies import ReplyParseError, parse_json
from scholartools.records import RecordError

#: prompt variants shipped (judge_match_1..3, judge_match_matrix_1..3)
MAX_VARIANTS = 3
ORDERS = ("gt_first", "gen_first")
#: default cosine threshold of the offline matcher: chosen on the dev half of the hand-labelled
#: limitation pairs (fixtures/judge/limitation_pairs.jsonl); docs/st-judge.md has the figures
EMBED_THRESHOLD = 0.38


def pair_template(variant: int) -> str:
    return f"judge_match_{variant}"


def matrix_template(variant: int) -> str:
    return f"judge_match_matrix_{variant}"


def orders_of(opts) -> tuple[str, ...]:
    return ORDERS if opts.orders == "both" else ORDERS[:1]


def _parent_id(rec: dict) -> str:
    rid = rec.get("id")
    if rid is None:
        raise RecordError("missing_field", "st-judge --task match names each pair after the record's 'id', "
                          "which this record lacks", field="id")
    return str(rid)


def read_lists(rec: dict, opts) -> tuple[list[str], list[str]]:
    """The ground-truth and generated lists of a record."""
    return (read_texts(rec, opts.gt, "a list of ground-truth limitations"),
            read_texts(rec, opts.gen, "a list of generated limitations"))


def pair_record(rec: dict, opts, g: int, h: int, gt: str, gen: str, match: Any, verdict: dict) -> dict:
    """One judged pair: the parent's fields, the pair's id, indexes and texts, ``match``, and the
    verdict at ``--out``."""
    rid = _parent_id(rec)
    child = dict(rec)
    child.update(id=f"{rid}#g{g}:h{h}", paper_id=rid, gt_idx=g, gen_idx=h, gt=gt, gen=gen, match=match)
    return with_field(child, opts.out, verdict)


def matrix_record(rec: dict, opts, gts: list[str], gens: list[str], matrix: list[list], verdict: dict) -> dict:
    """One paper with its match matrix (rows = ground-truth items), the two lists and the verdict."""
    out = dict(rec)
    out.update(match_matrix=matrix, ground_truth=list(gts), generated=list(gens))
    return with_field(out, opts.out, verdict)


def _empty(rec: dict, opts, gts: list[str], gens: list[str], method: str) -> dict:
    """A paper with an empty list: no pair to judge; one record with an x×y (empty) matrix, which
    st-score counts as skipped (coverage undefined), so that the paper is not silently lost."""
    matrix = [[] for _ in gts] if not gens else []
    note = {"protocol": method, "note": "a list is empty: nothing to judge"}
    return matrix_record(rec, opts, gts, gens, matrix, note)


# --------------------------------------------------------------------------- parsers

_CELL = {"1": 1, "0": 0, "yes": 1, "no": 0, "true": 1, "false": 0}


def _cell(v: Any) -> int:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)) and v in (0, 1):
        return int(v)
    if isinstance(v, str) and v.strip().lower() in _CELL:
        return _CELL[v.strip().lower()]
    raise ReplyParseError(f"matrix entries must be 0 or 1, found {v!r}")


def parse_matrix(text: str, rows: int, cols: int) -> list[list[int]]:
    """A ``rows`` × ``cols`` 0/1 matrix from ``{"matrix": [[…], …]}`` (or a bare array of rows)."""
    value = parse_json(text)
    matrix = value.get("matrix") if isinstance(value, dict) else value
    want = f'a JSON object {{"matrix": [...]}} with {rows} rows of {cols} entries 0 or 1'
    if not isinstance(matrix, list) or not all(isinstance(r, list) for r in matrix):
        raise ReplyParseError(f"expected {want}")
    if len(matrix) != rows or any(len(r) != cols for r in matrix):
        shape = f"{len(matrix)} rows of " + "/".join(sorted({str(len(r)) for r in matrix}) or ["0"])
        raise ReplyParseError(f"expected {want}; found {shape} entries")
    return [[_cell(v) for v in row] for row in matrix]


def _yes_parser(opts):
    return parse_yes_exact if opts.parser == "bagels" else parse_yes_no


# --------------------------------------------------------------------------- LLM method

def _pair_asks(ctx, opts, gt: str, gen: str, variant: int, order: str):
    first, second = (gt, gen) if order == "gt_first" else (gen, gt)
    return ctx.ask(pair_template(variant), first=first, second=second, parse=_yes_parser(opts),
                   params=paper_params(ctx, "match"))


def _vote(res, variant: int, order: str) -> dict:
    out = {"variant": variant, "order": order, "value": value_of(res), "raw": res.text if res else None}
    out.update(unscored_fields(res))
    return out


def _decide(votes: list[dict], opts) -> tuple[Any, dict]:
    value, consistent = combine_votes([v["value"] for v in votes], opts.inconsistent)
    info: dict = {"consistent": consistent}
    if value is None:
        reasons = {v.get("unscored_reason") for v in votes}
        info["unscored_reason"] = reasons.pop() if len(reasons) == 1 else "parse_failure"
    return value, info


def llm_record(rec: dict, ctx):
    """The LLM method for one paper (a task generator): pair records, or with ``--batch-pairs``
    one matrix record. ``ctx.options``: gt, gen, variants, orders, inconsistent, parser,
    batch_pairs, out."""
    opts = ctx.options
    _parent_id(rec)
    gts, gens = read_lists(rec, opts)
    if not gts or not gens:
        return _empty(rec, opts, gts, gens, "pointwise-matrix" if opts.batch_pairs else "pointwise-pairwise")
    if opts.batch_pairs:
        return (yield from _matrix_method(rec, ctx, gts, gens))
    variants = range(1, opts.variants + 1)
    orders = orders_of(opts)
    cells = [(g, h, v, o) for g in range(len(gts)) for h in range(len(gens)) for v in variants for o in orders]
    results = yield [_pair_asks(ctx, opts, gts[g], gens[h], v, o) for g, h, v, o in cells]
    per_pair: dict[tuple[int, int], list] = {}
    for (g, h, v, o), res in zip(cells, results):
        per_pair.setdefault((g, h), []).append((v, o, res))
    out = []
    for (g, h), items in per_pair.items():
        votes = [_vote(res, v, o) for v, o, res in items]
        value, info = _decide(votes, opts)
        verdict = {"protocol": "pointwise-pairwise", "policy": opts.inconsistent, "parser": opts.parser,
                   **info, "votes": votes, "templates": templates_of(r for _, _, r in items)}
        child = pair_record(rec, opts, g, h, gts[g], gens[h], value, verdict)
        child["_calls"] = [r for _, _, r in items]
        out.append(child)
    return out


def _matrix_method(rec: dict, ctx, gts: list[str], gens: list[str]):
    opts = ctx.options
    x, y = len(gts), len(gens)
    slots = [(v, o) for v in range(1, opts.variants + 1) for o in orders_of(opts)]
    asks = []
    for v, o in slots:
        first, second = (gts, gens) if o == "gt_first" else (gens, gts)
        r, c = len(first), len(second)
        asks.append(ctx.ask(matrix_template(v), first_list=numbered(first), second_list=numbered(second),
                            rows=r, cols=c, parse=partial(parse_matrix, rows=r, cols=c),
                            params=paper_params(ctx, "match"),
                            dry_value=[[0] * c for _ in range(r)]))
    answers = yield asks
    # a matrix that cannot be read (after the repair re-ask) is asked pair by pair instead
    broken = [i for i, res in enumerate(answers) if res.value is None]
    fallback_cells = [(i, g, h) for i in broken for g in range(x) for h in range(y)]
    fallback: dict[tuple[int, int, int], Any] = {}
    if fallback_cells:
        fb = yield [_pair_asks(ctx, opts, gts[g], gens[h], *slots[i]) for i, g, h in fallback_cells]
        fallback = dict(zip(fallback_cells, fb))
    grids, details = [], []
    for i, ((v, o), res) in enumerate(zip(slots, answers)):
        detail = {"variant": v, "order": o, "raw": res.text}
        if i in broken:
            grid = [[value_of(fallback[(i, g, h)]) for h in range(y)] for g in range(x)]
            detail.update(fallback="pairwise", matrix_unscored_reason=reason_of(res))
            detail["pair_raw"] = [[fallback[(i, g, h)].text for h in range(y)] for g in range(x)]
        else:
            m = value_of(res)
            if m is None:   # dry run
                grid = [[None] * y for _ in range(x)]
            else:
                grid = m if o == "gt_first" else [list(col) for col in zip(*m)]   # rows = GT items
        detail["matrix"] = grid
        grids.append(grid)
        details.append(detail)
    matrix, consistent = [], []
    for g in range(x):
        row, crow = [], []
        for h in range(y):
            value, ok = combine_votes([grid[g][h] for grid in grids], opts.inconsistent)
            row.append(value)
            crow.append(ok)
        matrix.append(row)
        consistent.append(crow)
    used = list(answers) + list(fallback.values())
    verdict = {"protocol": "pointwise-matrix", "policy": opts.inconsistent, "consistent": consistent,
               "votes": details, "templates": templates_of(used)}
    if any(v is None for row in matrix for v in row):
        verdict["n_unscored"] = sum(v is None for row in matrix for v in row)
    return matrix_record(rec, opts, gts, gens, matrix, verdict)


# --------------------------------------------------------------------------- offline method

def offline_batch(records: list[dict], ctx) -> list:
    """The embedding matcher over a batch: J(g, h) = 1 iff cos(g, h) ≥ ``--threshold`` (every
    text of the batch encoded once)."""
    import numpy as np

    from scholartools.embeddings import encode

    opts = ctx.options
    work: list = []
    for rec in records:
        try:
            _parent_id(rec)
            work.append((rec, *read_lists(rec, opts)))
        except RecordError as exc:
            work.append(exc)
    texts = sorted({t for w in work if not isinstance(w, RecordError) for t in w[1] + w[2]})
    vectors = dict(zip(texts, encode(texts))) if texts else {}
    out: list = []
    for w in work:
        if isinstance(w, RecordError):
            out.append(w)
            continue
        rec, gts, gens = w
        if not gts or not gens:
            out.append(_empty(rec, opts, gts, gens, "embed"))
            continue
        sims = np.array([vectors[t] for t in gts]) @ np.array([vectors[t] for t in gens]).T
        base = {"protocol": "embed", "threshold": opts.threshold}
        if opts.batch_pairs:
            matrix = [[int(s >= opts.threshold) for s in row] for row in sims]
            cos = [[round(float(s), 4) for s in row] for row in sims]
            out.append(matrix_record(rec, opts, gts, gens, matrix, {**base, "cosine": cos}))
            continue
        out.append([pair_record(rec, opts, g, h, gts[g], gens[h], int(sims[g, h] >= opts.threshold),
                                {**base, "cosine": round(float(sims[g, h]), 4)})
                    for g in range(len(gts)) for h in range(len(gens))])
    return out
