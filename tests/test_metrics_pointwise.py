"""BAGELS PointWise: the worked examples of specs/seed-bagels.md §6.4, literal and conventional."""

import pytest

from scholartools.metrics.pointwise import aggregate, from_matrix, max_matching, pointwise, pointwise_conventional

EX1 = (3, 4, {(0, 0), (0, 1), (2, 2)})
EX2 = (2, 5, {(0, 0)})
EX3 = (2, 3, set())


def test_example1_literal():
    r = pointwise(*EX1)
    assert r["A_G"] == pytest.approx(2 / 3) and r["A_H"] == pytest.approx(0.75)
    assert (r["TP"], r["FP"], r["FN"]) == (3, 1, 1)
    assert r["P"] == pytest.approx(0.75) and r["R"] == pytest.approx(0.75) and r["F1"] == pytest.approx(0.75)


def test_example1_tp_modes():
    m = pointwise(*EX1, tp="matching")
    assert m["TP"] == 2
    assert m["P"] == pytest.approx(2 / 3) and m["R"] == pytest.approx(2 / 3) and m["F1"] == pytest.approx(2 / 3)
    g = pointwise(*EX1, tp="gt_covered")
    assert g["TP"] == 2 and g["P"] == pytest.approx(g["A_G"]) and g["R"] == pytest.approx(2 / 3)


def test_example1_conventional():
    # one-to-one: g1-h1 (or h2), g3-h3 -> TP 2; FP = y - TP = 2; FN = x - TP = 1
    r = pointwise_conventional(*EX1)
    assert (r["TP"], r["FP"], r["FN"]) == (2, 2, 1)
    assert r["P"] == pytest.approx(0.5) and r["R"] == pytest.approx(2 / 3)
    assert r["F1"] == pytest.approx(4 / 7)
    assert r["A_G"] == pytest.approx(2 / 3) and r["A_H"] == pytest.approx(0.75)


def test_example2_shows_the_swap():
    lit = pointwise(*EX2)
    assert lit["A_G"] == pytest.approx(0.5) and lit["A_H"] == pytest.approx(0.2)
    assert (lit["TP"], lit["FP"], lit["FN"]) == (1, 1, 4)
    assert lit["P"] == pytest.approx(0.5) and lit["R"] == pytest.approx(0.2)
    assert lit["F1"] == pytest.approx(0.2857, abs=1e-4)
    conv = pointwise_conventional(*EX2)
    assert conv["P"] == pytest.approx(0.2) and conv["R"] == pytest.approx(0.5)
    assert conv["F1"] == pytest.approx(lit["F1"])


def test_example3_no_matches():
    for r in (pointwise(*EX3), pointwise_conventional(*EX3)):
        assert r["A_G"] == 0 and r["A_H"] == 0 and r["TP"] == 0
        assert r["P"] == 0 and r["R"] == 0 and r["F1"] == 0


def test_empty_lists_skipped_in_aggregate():
    r = pointwise(0, 3, set())
    assert r["skipped"] and r["A_G"] is None
    agg = aggregate([pointwise(*EX1), pointwise(*EX2), r])
    assert agg["n_papers"] == 2 and agg["n_skipped"] == 1
    assert agg["macro"]["A_G"] == pytest.approx((2 / 3 + 0.5) / 2)
    assert agg["macro"]["F1"] == pytest.approx((0.75 + 2 / 7) / 2)
    # micro: covered GT 2+1 of 3+2; covered generated 3+1 of 4+5; TP 4, FP 2, FN 5
    assert agg["micro"]["A_G"] == pytest.approx(3 / 5)
    assert agg["micro"]["A_H"] == pytest.approx(4 / 9)
    assert agg["micro"]["P"] == pytest.approx(4 / 6) and agg["micro"]["R"] == pytest.approx(4 / 9)


def test_matrix_input_and_matching():
    x, y, m = from_matrix([[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0]])
    assert (x, y, m) == EX1
    # a GT item matching everything and two others matching only h0: matching size 2
    assert max_matching(3, 2, {(0, 0), (0, 1), (1, 0), (2, 0)}) == 2
    with pytest.raises(ValueError):
        pointwise(2, 2, {(2, 0)})


def test_library_entry_point_runs_like_the_command():
    from scholartools.metrics.score import ScoreOptions, run

    pairs = [{"paper_id": "P", "gt_idx": g, "gen_idx": h, "match": int((g, h) in EX1[2])}
             for g in range(3) for h in range(4)] + [{"paper_id": "Q", "gt_idx": 0}]
    out = run(pairs, "pointwise", ScoreOptions(tp="matching"), aggregate=True)
    assert [r.get("id") for r in out] == ["P", None, "aggregate:all"]
    assert out[0]["scores"]["pointwise"]["TP"] == 2
    assert out[1]["error"]["field"] == "gen_idx" and out[1]["error"]["metric"] == "pointwise"
