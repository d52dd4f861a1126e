"""scholartools.report: the papers' tables from st-score / st-agree output (hand-made records,
hand-computed cells) and the plan summary of --dry-run lines."""
from __future__ import annotations

import json

import pytest

from scholartools import report as R


def _rows(md: str) -> list[list[str]]:
    """The cells of every table row of a Markdown text (header and rule lines included)."""
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in md.splitlines() if line.startswith("|")]


def test_fmt_never_writes_a_missing_value_as_a_number():
    assert R.fmt(None) == R.fmt(float("nan")) == R.fmt(True) == R.fmt("0.5") == "—"
    assert R.fmt(0.12345) == "0.123" and R.fmt(0.5, percent=True) == "50.0" and R.fmt(3, 0) == "3"
    assert R.fmt(0.0) == "0.000"


def test_markdown_escapes_pipes_and_aligns():
    md = R.markdown(["a", "b"], [["x|y", "1"]])
    assert md.splitlines() == ["| a | b |", "| :--- | ---: |", "| x\\|y | 1 |"]


def summary(scores: dict, n: int = 2) -> dict:
    return {"id": "aggregate:all", "aggregate": True, "group": None, "n": n, "scores": scores}


def test_overall_takes_the_summary_without_group():
    recs = [{"id": "p1", "scores": {}}, {"aggregate": True, "group": "a", "scores": {"x": 1}},
            {"aggregate": True, "group": None, "scores": {"x": 2}}]
    assert R.overall(recs)["scores"]["x"] == 2 and R.summary_scores(recs, "x") == 2
    assert R.overall([{"id": "p1"}]) is None


def test_pointwise_table_macro_figures_as_the_paper_prints_them():
    pw = {"n_papers": 2, "macro": {"A_G": 0.5, "A_H": 0.25, "P": 0.4, "R": 0.6, "F1": 0.48}}
    conv = {"n_papers": 2, "macro": {"P": 0.2, "R": 0.1, "F1": 0.1333}}
    md = R.pointwise_table([("vanilla", summary({"pointwise": pw, "pointwise-conventional": conv})),
                            ("rag", None)])
    rows = _rows(md)
    assert rows[0] == ["method", "papers", "A_G (%)", "A_H (%)", "P", "R", "F1", "P (1:1)", "R (1:1)", "F1 (1:1)"]
    assert rows[2] == ["vanilla", "2", "50.0", "25.0", "0.400", "0.600", "0.480", "0.200", "0.100", "0.133"]
    assert rows[3] == ["rag"] + ["—"] * 9        # a method whose scores are missing is all dashes


def agree_result(measure, raters, value, n, level="pooled"):
    return {"measure": measure, "level": level, "raters": raters, "n": n, "value": value}


def test_correlation_grid_picks_each_cells_rater_pair():
    res = [agree_result("spearman", ["1:human.problem", "1:judge.score"], 0.5, 10),
           agree_result("kendall", ["1:human.problem", "1:judge.score"], 0.4, 10),
           agree_result("spearman", ["1:human.problem", "2:judge.score"], 0.9, 10),   # another pair
           agree_result("spearman", ["2:judge.score", "2:human.method"], -0.25, 10),  # order does not matter
           agree_result("kendall", ["2:human.method", "2:judge.score"], None, 10)]    # undefined
    cells = {("geval", "problem"): res, ("geval", "method"): res}
    raters = {("geval", "problem"): ["1:human.problem", "1:judge.score"],
              ("geval", "method"): ["2:human.method", "2:judge.score"]}
    rows = _rows(R.correlation_grid(cells, ["geval", "ice"], ["problem", "method"], raters))
    assert rows[0] == ["protocol", "problem ρ", "problem τ", "method ρ", "method τ", "n"]
    assert rows[2] == ["G-Eval (Liu et al. 2023a)", "0.500", "0.400", "-0.250", "—", "10"]
    assert rows[3] == ["ICE few-shot (Jain et al. 2023)", "—", "—", "—", "—", "—"]


def test_agreement_table_rows_per_rater_against_the_reference():
    res = [agree_result("pearson", ["human.overall", "scores.fm"], 0.572, 294),
           agree_result("spearman", ["human.overall", "scores.fm"], 0.5, 294),
           agree_result("pearson", ["human.overall", "rougeL"], 0.239, 294),
           agree_result("pearson", ["human.overall", "scores.fm"], 0.9, 6, level="system")]
    rows = _rows(R.agreement_table(res, "human.overall", [("scores.fm", "FM"), ("rougeL", "ROUGE-L")],
                                   ["pearson", "spearman"], ["pooled", "system"]))
    assert rows[0] == ["metric", "r (pooled)", "ρ (pooled)", "r (system)", "ρ (system)", "n"]
    assert rows[2] == ["FM", "0.572", "0.500", "0.900", "—", "294"]
    assert rows[3] == ["ROUGE-L", "0.239", "—", "—", "—", "294"]


def test_claimcheck_table_counts_shares_means_and_unscored():
    compare3 = [{"judge": {"label": "same"}}, {"judge": {"label": "different"}}, {"judge": {"label": "different"}},
                {"judge": {"label": None}}, {"error": {"kind": "x"}}]
    labels = [{"judge": {"objectivity": 2, "agreement": 4, "types": {"novelty": True, "clarity": False}}},
              {"judge": {"objectivity": 3, "agreement": None, "types": {"novelty": False, "clarity": True}}},
              {"judge": {"objectivity": 4, "agreement": 2, "types": {"novelty": True}}}]
    edits = summary({"win-tie-loss": {"n": 10, "win": 0.2, "tie": 0.5, "loss": 0.3}, "rouge1": {"f": 0.572}})
    extraction = summary({"f1-edit": {"p": 0.9, "r": 0.45, "f": 0.6}, "f1-exact": {"p": 0.5, "r": 0.25, "f": 1 / 3}}, 6)
    md = R.claimcheck_table(extraction, None, compare3, labels, edits)
    rows = _rows(md)
    assert ["claim extraction (vs annotated claims)", "6", "0.900", "0.450", "0.600", "0.500", "0.250", "0.333"] in rows
    assert ["weakness → claim association (vs annotated targets)", "—"] + ["—"] * 6 in rows
    assert ["3", "33.3", "0.0", "66.7", "2"] in rows                # 3 scored: 1 same, 2 different; 2 unscored
    # objectivity and agreement: means over the records where both are numbers (the 1st and 3rd);
    # types: shares over the records that have types (all three); a type never marked is 0 %
    assert ["2", "3.00", "3.00", "0.0", "0.0", "66.7", "33.3", "0.0", "0.0"] in rows
    assert ["10", "20.0", "50.0", "30.0", "0.572", "—"] in rows


def test_aaar_table_prints_percentages_as_the_paper():
    eq = summary({"eqinfer": {"p": 0.25, "r": 1.0, "f": 0.4}}, 16)
    weak = summary({"s-prf": {"p": 0.42, "r": 0.55, "f": 0.4773}, "itf-idf": 5.95}, 3)
    rows = _rows(R.aaar_table(eq, None, None, weak, None))
    assert ["16", "40.00", "25.00", "100.00"] in rows               # AAAR's all-positive row
    assert ["3", "47.73", "42.00", "55.00", "5.95"] in rows
    assert ["—", "—", "—", "—", "—"] in rows                         # ExperimentDesign missing


DRY = ("st-judge: dry run: 4341 calls needed, 0 cache hits, 3000 prompt tokens, estimated cost ~$1.2345 "
       "(assuming 256 output tokens per call without max_tokens)\nst-judge: 217 in, 217 out, 0 errors, 3 s\n")


def test_dry_run_counts_and_plan_table_end_with_the_call_total():
    assert R.dry_run_counts(DRY) == {"calls": 4341, "cache_hits": 0, "prompt_tokens": 3000, "cost": 1.2345,
                                     "reasks": 0}
    assert R.dry_run_counts("st-judge: 0 in, 0 out\n")["calls"] == 0     # nothing to ask: no dry-run line
    unknown = DRY.replace("~$1.2345", "unknown (no price for the model)")
    assert R.dry_run_counts(unknown)["cost"] is None
    text, total = R.plan_table([("geval.problem", DRY), ("geval.method", DRY), ("batch.problem", DRY.replace(
        "4341", "66"))], model="openai/gpt-4o-mini", group=True)
    lines = text.splitlines()
    assert total == 4341 * 2 + 66 and lines[-1] == f"calls: {total}"
    assert lines[2].split()[:2] == ["geval", "8682"] and lines[3].split()[:2] == ["batch", "66"]
    assert "total cost: $3.70" in text
    text, _ = R.plan_table([("a", DRY), ("b", unknown)])
    assert "total cost: unknown" in text


def test_plan_counts_cached_requests_and_puts_the_reask_bound_beside_the_count():
    """A step's requests are the calls it needs plus the ones the cache answers (a plan after a
    run counts every request of it); the repair re-asks are a bound beside the count; a pipe of
    dry runs (two summary lines in one stderr) adds up."""
    piped = ("st-generate: dry run: 3 calls needed, 2 cache hits, 10 prompt tokens, estimated cost ~$0.0010 "
             "(assuming 256 output tokens per call without max_tokens); up to 3 more on malformed replies "
             "(one repair re-ask each)\n"
             "st-judge: dry run: 9 calls needed, 0 cache hits, 30 prompt tokens, estimated cost ~$0.0020 "
             "(assuming 256 output tokens per call without max_tokens); up to 9 more on malformed replies "
             "(one repair re-ask each)\n")
    assert R.dry_run_counts(piped) == {"calls": 12, "cache_hits": 2, "prompt_tokens": 40, "cost": 0.003,
                                       "reasks": 12}
    text, total = R.plan_table([("pipe", piped)], notes=["judge: 3 variants | runs: 1"])
    lines = text.splitlines()
    assert total == 14 and lines[-1] == "calls: 14"
    assert lines[1:3] == ["  judge: 3 variants", "  runs: 1"]
    assert lines[4].split() == ["pipe", "14", "2", "40", "$0.0030"]
    assert lines[-2].startswith("re-asks: up to 12 more calls on malformed replies")
    assert "; 2 of the calls answered by the cache" in lines[-3]


def test_cli_writes_the_bagels_table(tmp_path):
    scores = tmp_path / "v.jsonl"
    pw = {"n_papers": 1, "macro": {"A_G": 1.0, "A_H": 0.5, "P": 1, "R": 0.5, "F1": 2 / 3}}
    scores.write_text(json.dumps({"id": "p", "scores": {}}) + "\n" + json.dumps(summary({"pointwise": pw})) + "\n")
    out = tmp_path / "t" / "table.md"
    assert R.main(["-o", str(out), "--note", "hello", "bagels", f"vanilla={scores}"]) == 0
    text = out.read_text()
    assert text.startswith("# BAGELS: PointWise evaluation\n\nhello\n")
    assert ["vanilla", "1", "100.0", "50.0", "1.000", "0.500", "0.667", "—", "—", "—"] in _rows(text)
    with pytest.raises(SystemExit, match="bagels wants METHOD=FILE, got 'no-equals-sign'"):
        R.main(["bagels", "no-equals-sign"])
    with pytest.raises(SystemExit, match="--rater wants FIELD=LABEL"):   # the same parser as --field
        R.main(["scholarsum", str(scores), "--rater", "scores.fm="])
