"""``benchmarks/claims_recall.py`` (issue 37, session 21: recall levers on the semantic default,
measured on dev and not shipped): the variants and the leave-one-part-out choice on invented
candidates, without the model or the PDFs."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import claims_recall as R  # noqa: E402


def _table(rows, ngold=None, ngold_part=None):
    rows = [dict({"pid": "a", "dev": "dev", "text": f"s{i}", "kind": "results", "cues": [], "section": "results:1:None",
                  "gold": False, "part": "body", "x": 0.0}, **r) for i, r in enumerate(rows)]
    if ngold is None:
        ngold = {}
        for r in rows:
            ngold[r["pid"]] = ngold.get(r["pid"], 0) + r["gold"]
    return R.Table(rows, ngold, None, ngold_part)


def test_the_default_is_the_scorers_rule_cue_plus_four_tenths_of_the_minilm_term_at_1_1():
    t = _table([{"cue": 1.0, "x": 0.5}, {"cue": 1.0, "x": 0.0}, {"cue": 1.5, "x": -0.9}, {"cue": 1.5, "x": -1.2}])
    # 1.0 + 0.2 = 1.2 kept; 1.0 not; 1.5 - 0.36 kept; 1.5 - 0.48 not
    assert R.default(t).tolist() == [True, False, True, False]


def test_by_group_changes_only_the_named_sections_weight_and_threshold():
    t = _table([{"cue": 1.2, "x": -1.0, "kind": "abstract"}, {"cue": 1.2, "x": -1.0, "kind": "conclusion"},
                {"cue": 1.2, "x": -1.0}, {"cue": 1.2, "x": -1.0, "kind": "introduction"}])
    assert R.default(t).tolist() == [False] * 4
    # the MiniLM term off in the abstract and conclusion only: those two are kept, the body and
    # introduction sentences keep the default's rule
    assert R.by_group(t, {"summary": (0.0, 1.1)}).tolist() == [True, True, False, False]
    assert R.by_group(t, {"introduction": (0.0, 1.2)}).tolist() == [False, False, False, True]


def test_neighbour_bonus_counts_only_the_next_candidate_of_the_same_section():
    t = _table([{"cue": 0.9}, {"cue": 1.3}, {"cue": 0.9, "section": "results:1:None"},
                {"cue": 1.3, "section": "results:2:None"}])
    # row 0 precedes a cue-kept row of its section; row 2's next row opens another section
    assert R.neighbour_bonus(t, 0.2).tolist() == [True, True, False, True]


def test_the_floor_protects_contribution_sentences_from_the_minilm_term_and_nothing_else():
    t = _table([{"cue": 1.2, "x": -2.0, "cues": ["contribution"]}, {"cue": 1.2, "x": -2.0, "cues": ["result"]}])
    assert R.floor(t, 0.0, "contribution").tolist() == [True, False]


def test_counts_by_part_use_the_parts_gold_units_including_those_no_candidate_holds():
    t = _table([{"cue": 2.0, "gold": True, "part": "abstract"}, {"cue": 2.0, "part": "body"},
                {"cue": 0.0, "gold": True, "part": "body"}],
               ngold={"a": 4}, ngold_part={("a", "abstract"): 1, ("a", "body"): 3})
    keep = R.default(t)
    assert t.counts(keep) == (1, 2, 4)
    assert t.counts(keep, part="abstract") == (1, 1, 1)
    assert t.counts(keep, part="body") == (0, 1, 3)


def test_lopo_keeps_the_default_where_no_grid_point_is_better_on_the_training_parts():
    # one paper per dev part, each: a claim the default keeps, a non-claim it drops; nothing to gain
    rows = []
    for d in R.DEV_PARTS:
        rows += [{"pid": d, "dev": d, "cue": 1.5, "gold": True}, {"pid": d, "dev": d, "cue": 0.0}]
    t = _table(rows)
    out = R.lopo(t, ("body",))
    assert out["held_out_pooled"] == out["default_pooled"] == [1.0, 1.0, 1.0]


def test_lopo_picks_a_lower_body_threshold_when_every_part_has_a_claim_just_under_it():
    rows = []
    for d in R.DEV_PARTS:
        rows += [{"pid": d, "dev": d, "cue": 1.5, "gold": True}, {"pid": d, "dev": d, "cue": 1.0, "gold": True},
                 {"pid": d, "dev": d, "cue": 0.0}]
    t = _table(rows)
    out = R.lopo(t, ("body",))
    assert out["default_pooled"][1] == 0.5 and out["held_out_pooled"] == [1.0, 1.0, 1.0]
    assert all(p["body"][1] <= 1.0 for p in out["picks"].values())


def test_the_session_21_sentences_are_new_and_apart_from_the_shipped_corpus():
    from tools.claims_semantic_weights import written_corpus

    texts, labels = written_corpus()
    assert (sum(labels), len(labels) - sum(labels)) == (214, 287)   # the shipped weights' corpus is unchanged
    extra = {}
    for name in ("session21_claims.txt", "session21_nonclaims.txt"):
        lines = (R.WRITTEN / name).read_text(encoding="utf-8").splitlines()
        extra[name] = [x.strip() for x in lines if x.strip() and not x.startswith("#")]
    assert (len(extra["session21_claims.txt"]), len(extra["session21_nonclaims.txt"])) == (47, 45)
    both = extra["session21_claims.txt"] + extra["session21_nonclaims.txt"]
    assert len(set(both)) == len(both) and not set(both) & set(texts)


def test_the_split_weight_grid_finds_nothing_better_than_the_default_where_the_default_is_perfect():
    t = _table([{"cue": 1.5, "gold": True}, {"cue": 0.0}, {"cue": 1.2, "x": 1.0, "gold": True}])
    best = R.split_weight_grid(t)
    assert best["prf"] == [1.0, 1.0, 1.0]
