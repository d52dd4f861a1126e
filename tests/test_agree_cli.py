"""st-agree as a command: the result-record interface, input shapes, bad input, table, plot, vote."""

import subprocess
import sys

import orjson
import pytest
from sklearn.metrics import cohen_kappa_score

from cli_helpers import ROOT, run_inprocess as run_cli
from test_agree_measures import KRIPP_CODERS


def _write(path, recs):
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in recs))
    return str(path)


def test_help_imports_nothing_heavy():
    code = ("import sys; import scholartools.cli.agree; "
            "heavy = [m for m in ('numpy', 'scipy', 'krippendorff', 'matplotlib', 'sklearn', 'torch', 'litellm') "
            "if m in sys.modules]; print(','.join(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 0 and out.stdout.strip() == "", out.stdout + out.stderr


def test_alpha_and_fleiss_treat_raters_as_coders_with_nulls_missing():
    recs = [{"id": f"u{j}", "c": {"a": KRIPP_CODERS[0][j], "b": KRIPP_CODERS[1][j]},
             "c3": KRIPP_CODERS[2][j], **({"c4": KRIPP_CODERS[3][j]} if KRIPP_CODERS[3][j] is not None else {})}
            for j in range(12)]
    res = run_cli("st-agree", ["--rater", "c.a", "--rater", "c.b", "--rater", "c3", "--rater", "c4",
                               "--measure", "alpha-nominal,alpha-ordinal,alpha-interval"], records=recs)
    assert res.code == 0, res.stderr
    assert [(r["measure"], round(r["value"], 3)) for r in res.records] == [
        ("alpha-nominal", 0.743), ("alpha-ordinal", 0.815), ("alpha-interval", 0.849)]
    assert all(r["raters"] == ["c.a", "c.b", "c3", "c4"] and r["level"] == "pooled" for r in res.records)
    assert res.records[0]["n"] == 11  # unit 12 has a single rating: not pairable
    assert res.records[0]["provenance"][-1]["command"] == "st-agree"


def test_cohen_pairs_in_given_order_match_sklearn():
    a = [0, 1, 2, 1, 0, 2, 2, 1, 0, 1]
    b = [0, 1, 1, 1, 0, 2, 0, 1, 0, 2]
    c = [1, 1, 2, 1, 0, 2, 2, 0, 0, 1]
    recs = [{"id": str(i), "x": x, "y": y, "z": z} for i, (x, y, z) in enumerate(zip(a, b, c))]
    res = run_cli("st-agree", ["--rater", "z", "--rater", "x", "--rater", "y", "--measure", "cohen,cohen-quadratic"],
                  records=recs)
    assert res.code == 0, res.stderr
    assert [(r["measure"], r["raters"]) for r in res.records] == [
        ("cohen", ["z", "x"]), ("cohen", ["z", "y"]), ("cohen", ["x", "y"]),
        ("cohen-quadratic", ["z", "x"]), ("cohen-quadratic", ["z", "y"]), ("cohen-quadratic", ["x", "y"])]
    cols = {"x": a, "y": b, "z": c}
    for r in res.records:
        w = None if r["measure"] == "cohen" else "quadratic"
        assert r["value"] == pytest.approx(cohen_kappa_score(cols[r["raters"][0]], cols[r["raters"][1]], weights=w))


def test_constant_rater_gives_null_with_note_and_exit_0():
    recs = [{"id": str(i), "judge": 3, "human": i % 3} for i in range(9)]
    res = run_cli("st-agree", ["--rater", "judge", "--rater", "human", "--measure", "spearman"], records=recs)
    assert res.code == 0
    (r,) = res.records
    assert r["value"] is None and "constant" in r["note"] and r["n"] == 9


def test_non_numeric_value_is_an_error_record_naming_record_and_field():
    recs = [{"id": "a", "h": 1, "m": 0.2}, {"id": "b", "h": 2, "m": "high"}, {"id": "c", "h": 3, "m": 0.9},
            {"id": "d", "h": 4, "m": 0.7}]
    res = run_cli("st-agree", ["--rater", "h", "--rater", "m", "--measure", "pearson"], records=recs)
    assert res.code == 1
    errors = [r for r in res.records if "error" in r]
    assert len(errors) == 1 and errors[0]["id"] == "b"
    assert errors[0]["error"]["field"] == "m" and "record b" in errors[0]["error"]["message"]
    (result,) = [r for r in res.records if "error" not in r]
    assert result["n"] == 3 and result["n_excluded"] == 1
    # the same text value is fine for a categorical measure
    ok = run_cli("st-agree", ["--rater", "h", "--rater", "m", "--measure", "percent"], records=recs)
    assert ok.code == 0 and ok.records[0]["value"] == 0.0


def test_join_reports_unmatched_ids(tmp_path):
    human = _write(tmp_path / "human.jsonl", [{"id": f"p{i}", "human": {"method": i % 3}} for i in range(10)])
    judge = _write(tmp_path / "judge.jsonl", [{"id": f"p{i}", "score": (i % 3) * 2 + (i == 4)}
                                              for i in range(2, 12)])
    res = run_cli("st-agree", ["-i", human, "-i", judge, "--join", "id", "--rater", "human.method",
                               "--rater", "score", "--measure", "spearman"])
    assert res.code == 0, res.stderr
    (r,) = res.records
    assert r["n"] == 8 and r["unmatched"] == {human: 2, judge: 2}
    assert "human.jsonl lacks 2" in res.stderr and "judge.jsonl lacks 2" in res.stderr


def test_join_same_field_name_in_two_files_by_index(tmp_path):
    a = _write(tmp_path / "a.jsonl", [{"id": i, "score": i} for i in range(5)])
    b = _write(tmp_path / "b.jsonl", [{"id": i, "score": -i} for i in range(5)])
    res = run_cli("st-agree", ["-i", a, "-i", b, "--join", "id", "--rater", "1:score", "--rater", "2:score",
                               "--measure", "pearson"])
    assert res.code == 0 and res.records[0]["value"] == pytest.approx(-1.0)
    assert res.records[0]["raters"] == ["1:score", "2:score"]


def test_long_format_matrix_and_table(tmp_path):
    labels = {"ann1": [1, 0, 1, 1, 0, 1], "ann2": [1, 0, 1, 0, 0, 1], "llm": [1, 1, 1, 1, 0, 0]}
    recs = [{"item": f"i{u}", "who": who, "label": vals[u]} for who, vals in labels.items() for u in range(6)]
    res = run_cli("st-agree", ["--unit", "item", "--rater-field", "who", "--value-field", "label",
                               "--measure", "cohen", "--matrix"], records=recs)
    assert res.code == 0, res.stderr
    (m,) = res.records
    assert m["raters"] == ["ann1", "ann2", "llm"] and m["matrix"] is True
    assert m["value"][0][1] == pytest.approx(cohen_kappa_score(labels["ann1"], labels["ann2"]))
    assert m["value"][1][2] == m["value"][2][1] and m["value"][0][0] == 1.0
    table = run_cli("st-agree", ["--unit", "item", "--rater-field", "who", "--value-field", "label",
                                 "--measure", "cohen,fleiss", "--format", "table"], records=recs)
    text = table.stdout.decode()
    assert table.code == 0 and text.splitlines()[0].split()[:5] == ["measure", "level", "raters", "n", "value"]
    assert "ann1 vs ann2" in text and "fleiss" in text


def test_levels_need_their_fields_usage_error():
    res = run_cli("st-agree", ["--rater", "a", "--rater", "b", "--level", "system"], records=[{"a": 1, "b": 2}])
    assert res.code == 2 and "--system-field" in res.stderr
    res = run_cli("st-agree", ["--rater", "a", "--measure", "pearsn"], records=[{"a": 1}])
    assert res.code == 2


def test_plot_writes_a_non_blank_png(tmp_path):
    recs = [{"id": str(i), "h": i % 5, "m": (i * 7) % 11, "lab1": i % 2, "lab2": (i // 2) % 2} for i in range(40)]
    out = tmp_path / "fig.png"
    res = run_cli("st-agree", ["--rater", "h", "--rater", "m", "--measure", "pearson", "--plot", str(out)],
                  records=recs)
    assert res.code == 0, res.stderr
    import matplotlib.image as mpimg
    import numpy as np

    img = mpimg.imread(out)
    assert img.shape[0] >= 200 and img.shape[1] >= 200
    assert np.asarray(img[..., :3]).std() > 0.02  # not a blank canvas
    # the categorical panel (a confusion heat-map), through the library to spare a second process
    from scholartools.agreement import agree
    from scholartools.agreement.plot import plot_results

    heat = tmp_path / "heat.png"
    result = agree(recs, raters=["lab1", "lab2"], measures="cohen")
    assert plot_results(result.table, result.results, str(heat)) == 1
    assert mpimg.imread(heat)[..., :3].std() > 0.02


def test_vote_per_field_and_joint():
    # three annotators; per field every criterion has a 2-of-3 majority, but no two annotators
    # share the whole (problem, method) pair
    rec = {"id": "rq1", "ann": [{"problem": 2, "method": 1}, {"problem": 2, "method": 2}, {"problem": 1, "method": 2}]}
    tie = {"id": "rq2", "ann": [{"problem": 0, "method": 1}, {"problem": 1, "method": 1}, {"problem": 2, "method": 1}]}
    args = ["--rater", "ann.0", "--rater", "ann.1", "--rater", "ann.2", "--vote-fields", "problem,method"]
    per = run_cli("st-agree", ["--vote", "per-field", *args], records=[rec, tie])
    assert per.code == 0, per.stderr
    assert per.records[0]["majority"] == {"problem": 2, "method": 2}
    assert per.records[1]["majority"] is None  # problem is a three-way split
    assert per.records[1]["majority_votes"]["partial"] == {"problem": None, "method": 1}
    joint = run_cli("st-agree", ["--vote", "joint", *args], records=[rec, tie])
    assert joint.records[0]["majority"] is None and joint.records[0]["id"] == "rq1"
    same = {"id": "rq3", "ann": [{"problem": 1, "method": 2}, {"problem": 1, "method": 2}, {"problem": 0, "method": 2}]}
    joint = run_cli("st-agree", ["--vote", "joint", *args], records=[same])
    assert joint.records[0]["majority"] == {"problem": 1, "method": 2}
    assert joint.records[0]["majority_votes"]["support"] == 2


def test_vs_reference_limits_pairs_to_the_reference():
    recs = [{"id": str(i), "m1": i, "human": i % 4, "m2": -i} for i in range(12)]
    res = run_cli("st-agree", ["--rater", "m1", "--rater", "human", "--rater", "m2", "--reference", "human",
                               "--vs-reference", "--measure", "spearman"], records=recs)
    assert res.code == 0, res.stderr
    assert [r["raters"] for r in res.records] == [["human", "m1"], ["human", "m2"]]
    assert res.records[0]["value"] == pytest.approx(-res.records[1]["value"])


def test_vote_long_format_one_record_per_unit():
    rows = [("a", "x", 2, 1), ("a", "y", 2, 2), ("a", "z", 1, 2), ("b", "x", 0, 1), ("b", "y", 0, 1), ("b", "z", 1, 2)]
    recs = [{"rq": u, "who": w, "p": p, "m": m} for u, w, p, m in rows]
    res = run_cli("st-agree", ["--vote", "joint", "--unit", "rq", "--rater-field", "who", "--vote-fields", "p,m"],
                  records=recs)
    assert res.code == 0, res.stderr
    assert [(r["id"], r["majority"]) for r in res.records] == [("a", None), ("b", {"p": 0, "m": 1})]
    per = run_cli("st-agree", ["--vote", "per-field", "--unit", "rq", "--vote-fields", "p,m"], records=recs)
    assert [r["majority"] for r in per.records] == [{"p": 2, "m": 2}, {"p": 0, "m": 1}]
