"""st-score end to end: the interface the acceptance check relies on, Table 3 of the FM paper,
PointWise fan-in, bad input."""

import json
import subprocess
import sys

import orjson
import pytest

from cli_helpers import ROOT, run_inprocess as run_cli
from conftest import EXTERNAL, scholarsum_pubmed_pairs as pubmed_pairs


# FM paper Table 3 (specs/seed-facets.md §8d): per-system means on PubMed, first 49 docs
TABLE3 = {  # system: (ROUGE-L, FM(GPT-4) = upstream gpt4_wo = fm_gpt4_alt, Human)
    "gpt35": (0.2109, 0.6623, 0.6780),
    "llama2_70b": (0.2223, 0.7120, 0.7704),
    "longt5": (0.2832, 0.6818, 0.7241),
    "longt5_block": (0.2345, 0.6628, 0.6782),
    "bigbird_pegasus": (0.2240, 0.5649, 0.6186),
    "bigbird_pegasus_block": (0.2127, 0.6167, 0.6317),
}
# the gpt4_fm field's means, same order (spec §8d footnote)
FM_GPT4 = dict(zip(TABLE3, (0.6569, 0.7246, 0.7014, 0.6357, 0.5810, 0.6245)))



def test_table3_pipeline_rougeL_and_fm_per_system():
    rows = pubmed_pairs()
    res = run_cli("st-score", ["--metric", "rougeL,fm", "--ratings", "fm_gpt4_alt.facets",
                               "--mask", "human.facets_present", "--aggregate", "--group-by", "system"],
                  records=rows)
    assert res.code == 0, res.stderr
    per_record = [r for r in res.records if not r.get("aggregate")]
    summaries = {r["group"]: r for r in res.records if r.get("aggregate")}
    assert len(per_record) == 294 and len(summaries) == 7
    for system, (rouge_l, fm, _) in TABLE3.items():
        s = summaries[system]
        assert s["n"] == 49
        assert round(s["scores"]["rougeL"]["f"], 4) == rouge_l, system
        assert round(s["scores"]["fm"], 4) == fm, system
    assert summaries[None]["n"] == 294
    # every per-record value equals the stored one
    for r in per_record:
        assert abs(r["scores"]["rougeL"]["f"] - r["rougeL"]) < 1e-9
        assert abs(r["scores"]["fm"] - r["fm_gpt4_alt"]["overall"]) < 1e-9


def test_fm_defaults_after_st_facets_and_record_weights():
    # st-facets writes facet_ratings (0 = absent) and, with --weights, fm_weights
    rows = [{"id": f"s{i}", "system": r["system"], "facet_ratings": r["fm_gpt4"]["facets"],
             "human": r["human"]} for i, r in enumerate(pubmed_pairs())]
    res = run_cli("st-score", ["--metric", "fm", "--mask", "human.facets_present", "--aggregate",
                               "--group-by", "system", "--summary-only"], records=rows)
    assert res.code == 0, res.stderr
    got = {r["group"]: r["scores"]["fm"] for r in res.records if r["group"] is not None}
    for system, mean in FM_GPT4.items():
        assert round(got[system], 4) == mean
    # human ratings alone (their zeros are the mask) reproduce the Human column
    rows = [{"id": f"s{i}", "system": r["system"], "facet_ratings": r["human"]["facets"]}
            for i, r in enumerate(pubmed_pairs())]
    res = run_cli("st-score", ["--metric", "fm", "--aggregate", "--group-by", "system", "--summary-only"],
                  records=rows)
    got = {r["group"]: r["scores"]["fm"] for r in res.records if r["group"] is not None}
    for system, (_, _, human) in TABLE3.items():
        assert round(got[system], 4) == human
    # weights from the record, and --weights overriding them
    rec = {"id": "w", "facet_ratings": {"background": 3, "method": 2, "result": 4, "conclusion": 0},
           "fm_weights": {"background": 1, "method": 1, "result": 1, "conclusion": 1}}
    res = run_cli("st-score", ["--metric", "fm"], records=[rec])
    assert res.records[0]["scores"]["fm"] == pytest.approx((1 + 0.5 + 1) / 3)
    res = run_cli("st-score", ["--metric", "fm", "--weights", "background=0,method=1,result=1,conclusion=1"],
                  records=[rec])
    assert res.records[0]["scores"]["fm"] == pytest.approx((0.5 + 1) / 2)


def test_rouge_interface_dotted_paths_and_stemmer():
    recs = [{"id": "a", "pair": {"ref": "the cats sat on the mat", "cand": "the cat sat on a mat"}}]
    res = run_cli("st-score", ["--metric", "rouge1,rouge2,rougeL", "--ref", "pair.ref", "--cand", "pair.cand"],
                  records=recs)
    assert res.code == 0, res.stderr
    s = res.records[0]["scores"]
    assert set(s) == {"rouge1", "rouge2", "rougeL"}
    for v in s.values():
        assert set(v) == {"p", "r", "f"}
    # no stemmer: "cats" != "cat" -> 4 of 6 unigrams shared
    assert s["rouge1"]["f"] == pytest.approx(4 / 6)
    res = run_cli("st-score", ["--metric", "rouge1", "--ref", "pair.ref", "--cand", "pair.cand", "--stemmer"],
                  records=recs)
    assert res.records[0]["scores"]["rouge1"]["f"] == pytest.approx(5 / 6)
    assert res.records[0]["pair"] == recs[0]["pair"]            # enriched, nothing dropped
    assert res.records[0]["provenance"][-1]["command"] == "st-score"


def test_missing_field_and_bad_lines_become_error_records():
    recs = [{"id": "ok", "reference": "a b c", "candidate": "a b"}, {"id": "no-cand", "reference": "x"},
            {"id": "empty", "reference": "", "candidate": ""}]
    inp = "\n".join(json.dumps(r) for r in recs[:2]) + "\n{broken\n" + json.dumps(recs[2]) + "\n"
    res = run_cli("st-score", ["--metric", "rougeL,jaccard"], input=inp)
    assert res.code == 1
    assert [r.get("id") for r in res.records] == ["ok", "no-cand", None, "empty"]
    err = res.records[1]["error"]
    assert err["kind"] == "missing_field" and err["field"] == "candidate" and "rougeL" in err["message"]
    assert res.records[2]["error"]["line"] == 3
    # empty texts score as documented: 0, never a crash
    assert res.records[3]["scores"] == {"rougeL": {"p": 0.0, "r": 0.0, "f": 0.0}, "jaccard": 0.0}


def test_named_mask_must_exist_but_default_weights_are_optional():
    recs = [{"id": "a", "facet_ratings": {"background": 3, "method": 4, "result": 4, "conclusion": 3}}]
    res = run_cli("st-score", ["--metric", "fm", "--mask", "human.facets_present"], records=recs)
    assert res.code == 1 and res.records[0]["error"]["field"] == "human.facets_present"
    res = run_cli("st-score", ["--metric", "fm"], records=recs)
    assert res.code == 0 and res.records[0]["scores"]["fm"] == pytest.approx(1.0)


def test_unknown_metric_is_a_usage_error():
    res = run_cli("st-score", ["--metric", "rougeX"], records=[{"id": "a"}])
    assert res.code == 2 and "unknown metric" in res.stderr


def test_pointwise_fan_in_from_judged_pairs_and_matrix():
    # BAGELS spec Ex.1 as judged pair records: x = 3, y = 4, matches (g1,h1), (g1,h2), (g3,h3)
    matches = {(0, 0), (0, 1), (2, 2)}
    pairs = [{"id": f"P1#g{g}:h{h}", "paper_id": "P1", "gt_idx": g, "gen_idx": h,
              "gt": f"gt {g}", "gen": f"gt {g}" if (g, h) in matches else f"other {h}",
              "match": int((g, h) in matches)} for g in range(3) for h in range(4)]
    matrix = {"id": "P2", "paper_id": "P2", "match_matrix": [[1, 0], [0, 0]],
              "ground_truth": ["a b c d", "b"], "generated": ["a b", "z"]}
    res = run_cli("st-score", ["--metric", "pointwise,pointwise-conventional,rouge1", "--aggregate"],
                  records=pairs + [matrix])
    assert res.code == 0, res.stderr
    papers = {r["id"]: r for r in res.records if not r.get("aggregate")}
    assert set(papers) == {"P1", "P2"}
    p1 = papers["P1"]["scores"]
    assert (p1["pointwise"]["TP"], p1["pointwise"]["FP"], p1["pointwise"]["FN"]) == (3, 1, 1)
    assert p1["pointwise"]["F1"] == pytest.approx(0.75)
    assert p1["pointwise-conventional"]["P"] == pytest.approx(0.5)
    # ROUGE-1 over the 3 matched pairs of P1 (identical texts) -> 1.0 ; unmatched pairs excluded
    assert p1["rouge1"]["f"] == pytest.approx(1.0)
    p2 = papers["P2"]["scores"]
    assert p2["pointwise"]["A_G"] == pytest.approx(0.5) and p2["rouge1"]["f"] == pytest.approx(2 / 3)
    summary = [r for r in res.records if r.get("aggregate")][-1]["scores"]
    agg = summary["pointwise"]
    # per-paper means averaged (macro) vs pooled over the 4 matched pairs (3 in P1 at 1, 1 in P2 at 2/3)
    assert summary["rouge1"]["f"] == pytest.approx((1 + 2 / 3) / 2)
    assert summary["rouge1_pooled_pairs"]["f"] == pytest.approx((3 + 2 / 3) / 4)
    assert agg["n_papers"] == 2
    assert agg["macro"]["A_G"] == pytest.approx((2 / 3 + 0.5) / 2)


def test_claimcheck_and_classification_aggregates():
    recs = [{"id": "w1", "candidate": ["kitten"], "reference": ["sitting"], "prediction": 1, "label": 1},
            {"id": "w2", "candidate": [], "reference": [], "prediction": 0, "label": 1},
            {"id": "w3", "candidate": ["a claim"], "reference": [], "prediction": 1, "label": 0}]
    res = run_cli("st-score", ["--metric", "f1-edit,f1-exact,classification", "--aggregate", "--summary-only"],
                  records=recs)
    assert res.code == 0, res.stderr
    s = res.records[-1]["scores"]
    # micro: TP 4/7 over |pred| = 2 and |gold| = 1
    assert s["f1-edit"]["p"] == pytest.approx(2 / 7) and s["f1-edit"]["r"] == pytest.approx(4 / 7)
    assert s["f1-exact"]["f"] == 0.0
    assert s["classification"]["accuracy"] == pytest.approx(1 / 3)
    assert s["classification"]["binary"]["p"] == pytest.approx(0.5)
    # --positive 0 means the number 0 (labels are JSON numbers): w2 predicted 0 (gold 1), w3 gold 0 (pred 1)
    res = run_cli("st-score", ["--metric", "classification", "--positive", "0", "--aggregate", "--summary-only"],
                  records=recs)
    b = res.records[-1]["scores"]["classification"]["binary"]
    assert b["positive"] == 0 and (b["tp"], b["fp"], b["fn"]) == (0, 1, 1)


def test_help_is_light_and_lists_metrics():
    code = ("import sys, scholartools.cli.score as m; "
            "heavy = [n for n in ('torch', 'transformers', 'sentence_transformers', 'litellm', 'rouge_score', "
            "'nltk', 'sklearn', 'scipy', 'bert_score') if n in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stderr
    res = run_cli("st-score", ["--help"])
    assert res.code == 0
    text = res.stdout.decode()
    for name in ("rougeL", "pointwise-conventional", "fm", "itf-idf", "f1-edit", "s-prf", "bertscore"):
        assert name in text


def test_aaar_and_claimcheck_metrics_through_the_cli():
    import math

    a = ["The proof of theorem 2 is incomplete.", "Figure 3 uses unreadable colours."]
    b = ["Baking bread at home requires fresh yeast."]
    recs = []
    for system in ("s1", "s2"):
        recs.append({"id": f"{system}-A", "system": system, "candidate": a, "reference": [a, []],
                     "prediction_entailed": [1, 0], "gold_entailed": [1], "prediction": "1", "label": 1,
                     "deficient": True, "preference": "win"})
        recs.append({"id": f"{system}-B", "system": system, "candidate": b, "reference": [b],
                     "prediction_entailed": [], "gold_entailed": [0, 1], "prediction": "n/a", "label": 0,
                     "deficient": False, "preference": "tie"})
    res = run_cli("st-score", ["--metric", "s-prf,itf-idf,en-prf,eqinfer,win-tie-loss",
                               "--group-by", "system", "--aggregate"], records=recs)
    assert res.code == 0, res.stderr
    by_id = {r["id"]: r["scores"] for r in res.records if not r.get("aggregate")}
    for system in ("s1", "s2"):
        sa, sb = by_id[f"{system}-A"], by_id[f"{system}-B"]
        # s-prf: reference = reviewers' lists; the empty reviewer is skipped
        assert sa["s-prf"]["p"] == pytest.approx(1.0, abs=1e-5) and sa["s-prf"]["r"] == pytest.approx(1.0, abs=1e-5)
        # corpus of 2 papers per group; A's items are unrelated to each other and to B (cos < 0.5):
        # O = 1, R = 1 -> log(2/1) * log(2/1); B has one item -> 0
        assert sa["itf-idf"] == pytest.approx(math.log(2) ** 2, abs=1e-6)
        assert sb["itf-idf"] == pytest.approx(0.0, abs=1e-6)  # self-cosine is 1 up to float32
        assert sa["en-prf"] == pytest.approx({"p": 0.5, "r": 1.0, "f": 2 / 3})
        assert sb["en-prf"] == {"p": 0.0, "r": 0.0, "f": 0.0}
        assert sb["eqinfer"]["format_failure"] is True and sb["eqinfer"]["pred"] == 1
    overall = res.records[-1]["scores"]
    assert overall["eqinfer"]["p"] == pytest.approx(0.5) and overall["eqinfer"]["r"] == 1.0
    assert overall["win-tie-loss"]["win"] == 0.5 and overall["win-tie-loss"]["tie"] == 0.5
    assert overall["en-prf"]["f"] == pytest.approx(1 / 3)


def test_s_match_and_critique_prf():
    recs = [{"id": "e", "candidate": ["To test transfer.", "extra"], "reference": ["To test transfer."],
             "prediction": "deficient", "deficient": True},
            {"id": "f", "candidate": [], "reference": ["Why"], "prediction": "not deficient", "deficient": True}]
    res = run_cli("st-score", ["--metric", "s-match,aligned-rougeL,critique-prf", "--aggregate"], records=recs)
    assert res.code == 0, res.stderr
    e, f, agg = res.records
    assert e["scores"]["s-match"] == pytest.approx(1.0, abs=1e-5) and e["scores"]["aligned-rougeL"] == 1.0
    assert f["scores"]["s-match"] == 0.0 and f["scores"]["aligned-rougeL"] == 0.0
    crit = agg["scores"]["critique-prf"]
    assert (crit["tp"], crit["fn"], crit["p"], crit["r"]) == (1, 1, 1.0, 0.5)


def test_pointwise_groups_by_system_and_null_matches_are_unscored():
    pairs = [{"paper_id": "P", "system": sys_, "gt_idx": g, "gen_idx": h, "gt": "a", "gen": "a",
              "match": m} for sys_, grid in (("s1", [[1, 0], [0, None]]), ("s2", [[0, 0], [0, 1]]))
             for g, row in enumerate(grid) for h, m in enumerate(row)]
    res = run_cli("st-score", ["--metric", "pointwise", "--group-by", "system"], records=pairs)
    assert res.code == 0, res.stderr
    out = {r["id"]: r for r in res.records}
    assert set(out) == {"P#s1", "P#s2"}
    assert out["P#s1"]["n_unscored"] == 1 and out["P#s1"]["scores"]["pointwise"]["TP"] == 1
    assert out["P#s1"]["scores"]["pointwise"]["A_G"] == pytest.approx(0.5)
    assert out["P#s2"]["scores"]["pointwise"]["covered_gt"] == 1


def test_critique_prf_groups_on_review_critique_llm_segments():
    # specs/seed-aaar.md §7: deficient segments per review model 82/621 (Claude Opus),
    # 67/457 (GPT-4), 77/532 (Gemini 1.5); flagging every segment gives P = that share, R = 1
    rows = [json.loads(line) for line in (EXTERNAL / "aaar" / "ReviewCritique_LLM.segments.jsonl").open()]
    recs = [{"id": f"{r['paper_idx']}-{r['review_model']}-{r['segment_id']}", "review_model": r["review_model"],
             "deficient": r["deficient"], "prediction": "deficient"} for r in rows]
    res = run_cli("st-score", ["--metric", "critique-prf", "--aggregate", "--summary-only",
                               "--group-by", "review_model"], records=recs)
    assert res.code == 0, res.stderr
    got = {r["group"]: r["scores"]["critique-prf"] for r in res.records}
    counts = {r["group"]: (got[r["group"]]["tp"], r["n"]) for r in res.records if r["group"]}
    assert sorted(counts.values()) == sorted([(82, 621), (67, 457), (77, 532)])
    for g, c in got.items():
        assert c["r"] == 1.0
    assert got[None]["tp"] == 226 and got[None]["p"] == pytest.approx(226 / 1610)
    shares = [82 / 621, 67 / 457, 77 / 532]
    f1s = [2 * p / (p + 1) for p in shares]
    assert got[None]["macro_over_groups"]["f"] == pytest.approx(sum(f1s) / 3)


def test_bertscore_through_the_cli_records_model_and_layer():
    recs = [{"id": "same", "reference": "Identical text.", "candidate": "Identical text."},
            {"id": "empty", "reference": "Some text.", "candidate": ""}]
    res = run_cli("st-score", ["--metric", "bertscore,cosine"], records=recs)
    assert res.code == 0, res.stderr
    same, empty = res.records
    assert same["scores"]["bertscore"]["f"] == pytest.approx(1.0, abs=1e-5)
    assert same["scores"]["cosine"] == pytest.approx(1.0, abs=1e-6)
    assert empty["scores"]["bertscore"] == {"p": 0.0, "r": 0.0, "f": 0.0} and empty["scores"]["cosine"] == 0.0
    prov = same["provenance"][-1]
    assert prov["bertscore"]["layer"] == 6 and "MiniLM" in prov["bertscore"]["model"]
    assert "MiniLM" in prov["embedding_model"]
    assert "Loading weights" not in res.stderr


def test_bleu_mean_and_corpus_bleu_in_summaries():
    import sacrebleu

    recs = [{"id": "1", "reference": "the cat sat on the mat today", "candidate": "the cat sat on the mat"},
            {"id": "2", "reference": "a quick brown fox jumps", "candidate": "a quick brown dog jumps"}]
    res = run_cli("st-score", ["--metric", "bleu", "--aggregate"], records=recs)
    assert res.code == 0, res.stderr
    summary = res.records[-1]["scores"]
    sentence = [sacrebleu.sentence_bleu(r["candidate"], [r["reference"]]).score / 100 for r in recs]
    assert [r["scores"]["bleu"] for r in res.records[:2]] == pytest.approx(sentence)
    assert summary["bleu"] == pytest.approx(sum(sentence) / 2)
    corpus = sacrebleu.corpus_bleu([r["candidate"] for r in recs], [[r["reference"] for r in recs]]).score / 100
    assert summary["bleu_corpus"] == pytest.approx(corpus)


def test_summary_records_of_an_earlier_run_pass_through():
    recs = [{"id": "1", "reference": "a b c", "candidate": "a b"}]
    first = run_cli("st-score", ["--metric", "rougeL", "--aggregate"], records=recs)
    second = run_cli("st-score", ["--metric", "jaccard", "--aggregate"], records=first.records)
    assert second.code == 0, second.stderr
    ids = [r["id"] for r in second.records]
    assert ids == ["1", "aggregate:all", "aggregate:all"]
    assert second.records[1]["scores"] == first.records[1]["scores"]          # untouched
    assert second.records[2]["n"] == 1 and "jaccard" in second.records[2]["scores"]
    assert second.records[0]["scores"]["jaccard"] == pytest.approx(2 / 3)


def test_embed_model_is_passed_down_not_put_in_the_environment(monkeypatch):
    import os

    from click.testing import CliRunner

    from scholartools import embeddings
    from scholartools.cli.score import main

    monkeypatch.delenv("ST_EMBED_MODEL", raising=False)
    path = embeddings.model_path()
    rec = b'{"id": "a", "reference": "The cat sat on the mat.", "candidate": "A cat sat on a mat."}\n'
    res = CliRunner().invoke(main, ["--metric", "cosine", "--embed-model", path], input=rec)
    assert res.exit_code == 0, res.stderr
    out = orjson.loads(res.stdout_bytes.splitlines()[0])
    assert out["provenance"][-1]["embedding_model"] == path
    assert 0.8 < out["scores"]["cosine"] <= 1.0
    assert "ST_EMBED_MODEL" not in os.environ
