"""``import scholartools`` as a user would: the commands as Python functions."""
import pytest

import scholartools as st


def test_import_is_light_and_names_are_there():
    import subprocess
    import sys

    code = ("import sys, scholartools; assert 'numpy' not in sys.modules and 'click' not in sys.modules; "
            "assert callable(scholartools.run) and 'numpy' not in sys.modules")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
    assert {"run", "parse", "score", "agree", "rate_facets"} <= set(st.__all__)


def test_run_any_command_in_process_with_options_by_name():
    pairs = [{"id": "a", "reference": "the cat sat on the mat", "candidate": "the cat sat"},
             {"id": "b", "reference": "x", "candidate": 3}]
    out = st.run("st-score", pairs, metric="rougeL", part="f")
    assert out[0]["scores"]["rougeL"] == pytest.approx(2 * 1.0 * 0.5 / 1.5)   # P 3/3, R 3/6
    assert out[1]["error"]["kind"] == "bad_value"                           # error records, as in the shell
    assert st.run("score", pairs[:1], metric="rougeL", part="f")[0]["scores"] == out[0]["scores"]
    with pytest.raises(st.CommandError) as err:
        st.run("st-score", pairs, metric="no-such-metric")
    assert "unknown metric" in str(err.value)
    with pytest.raises(TypeError):
        st.run("st-score", pairs, no_such_option=1)


def test_parse_score_agree_and_facets_as_functions(tmp_path):
    md = tmp_path / "paper.md"
    md.write_text("# Cats\n\n## Abstract\n\nWe study cats. We find that cats sleep.\n\n## Introduction\n\nCats.\n")
    paper = next(st.parse(str(md)))
    assert paper["title"] == "Cats" and paper["sections"][0]["type"] == "introduction"
    scored = st.score([{"id": "a", "reference": "a b c", "candidate": "a c"}], "rougeL", rouge_part="f")
    assert scored[0]["scores"]["rougeL"] == pytest.approx(0.8)
    rows = [{"id": str(i), "x": i, "y": 2 * i} for i in range(5)]
    result = st.agree(rows, raters=["x", "y"], measures=["pearson"])
    assert result.results[0]["value"] == pytest.approx(1.0)
    rated = st.rate_facets([{"id": "f", "reference": "We study cats. We find that cats sleep."}])
    assert rated[0]["facets"]["reference"]["sentences"] == ["We study cats.", "We find that cats sleep."]


def test_run_refuses_the_cache_command():
    with pytest.raises(ValueError, match="open_cache"):
        st.run("st-cache", [])


def test_score_and_parse_run_through_the_library_not_the_command(tmp_path):
    out = st.run("st-score", [{"id": "a", "ref": "a b c", "cand": "a c"}], metric="rougeL", ref="ref", cand="cand",
                 part="f", fields="unused=x")
    assert out[0]["scores"]["rougeL"] == pytest.approx(0.8)
    assert out[0]["provenance"][-1]["command"] == "st-score" and "seconds" not in out[0]["provenance"][-1]
    md = tmp_path / "paper.md"
    md.write_text("# Cats\n\n## Abstract\n\nWe study cats.\n")
    (rec,) = st.run("st-parse", (), str(md), id_from="stem")
    assert rec["id"] == "paper" and rec["provenance"][-1]["command"] == "st-parse"
    with pytest.raises(st.CommandError, match="SLOT=PATH"):
        st.run("st-score", [], metric="rougeL", fields="nonsense")


def test_the_score_functions_defaults_are_the_flags_defaults():
    import inspect

    from scholartools.cli.manpages import load_command
    from scholartools.metrics.command import prepare

    def default(p):   # click's "no default" (None, or its UNSET sentinel) is None; a flag's is False
        d = p.default
        return None if d is None or type(d).__name__ == "Sentinel" else d

    flags = {p.name: default(p) for p in load_command("st-score").params}
    params = inspect.signature(prepare).parameters
    for name, param in params.items():
        assert name in flags, name
        unset = (None, False, ())
        assert flags[name] == param.default or (flags[name] in unset and param.default in unset), name
    assert params["threshold"].default == 0.5 and params["batch_size"].default == 512


def test_agree_runs_through_the_library_in_every_mode(tmp_path):
    rows = [{"id": f"r{i}", "x": i, "y": 2 * i, "bad": "high" if i == 2 else i} for i in range(5)]
    (r,) = st.run("st-agree", rows, raters=["x", "y"], measures="pearson")
    assert r["value"] == pytest.approx(1.0) and r["raters"] == ["x", "y"]
    assert r["provenance"][-1] == {"command": "st-agree", "version": st.__version__,
                                   "method": "scholartools.agreement (numpy/scipy; krippendorff for alpha)"}
    err, res = st.run("agree", rows, raters=["x", "bad"], measures=["pearson"])
    assert err["id"] == "r2" and err["error"]["kind"] == "bad_value" and res["n_excluded"] == 1
    votes = [{"id": "u", "a": 1, "b": 1, "c": 2}, {"error": {"command": "up", "kind": "k", "message": "m"}}]
    out = st.run("st-agree", votes, vote="joint", raters=["a", "b", "c"])
    assert out[0]["majority"] == 1 and out[1] == votes[1]   # an input error record passes through in place
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(f'{{"id": {i}, "s": {i}}}\n' for i in range(4)))
    b.write_text("".join(f'{{"id": {i}, "s": {-i}}}\n' for i in range(1, 5)))
    (joined,) = st.run("st-agree", inputs=[str(a), str(b)], join_key="id", raters=["1:s", "2:s"], measures="pearson")
    assert joined["value"] == pytest.approx(-1.0) and joined["n"] == 3
    with pytest.raises(st.CommandError, match="at least two --rater"):
        st.run("st-agree", rows, raters=["x"])
    with pytest.raises(st.CommandError, match="--ci-level must be below 1"):
        st.run("st-agree", rows, raters=["x", "y"], ci_level=1.0)
    with pytest.raises(st.CommandError, match="format_table"):
        st.run("st-agree", rows, raters=["x", "y"], fmt="table")
    with pytest.raises(TypeError, match="no option"):
        st.run("st-agree", rows, rater=["x", "y"])

