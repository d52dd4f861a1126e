"""st-facets: sentence splitting, verbatim checks, the role model, rating rules and the LLM path.

Values asserted are hand-worked cases or independent data (CSAbstruct's human test labels)."""
from __future__ import annotations

import json

import pytest

from cli_helpers import run_cli
from conftest import EXTERNAL
from scholartools.facets.rate import quantile_thresholds, to_rating
from scholartools.facets.roles import heading
from scholartools.text.sentences import split_sentences
from scholartools.text.verbatim import check, is_verbatim


def test_split_cased_and_tokenised_text():
    assert split_sentences("We propose X. It works, e.g. on Y. Results: 0.5 better (Smith et al. 2020). Done.") == [
        "We propose X.", "It works, e.g. on Y.", "Results: 0.5 better (Smith et al. 2020).", "Done."]
    assert split_sentences("<s> background .   we study x vs. y . results show 1.5 fold gain .<pad>") == [
        "background .", "we study x vs. y .", "results show 1.5 fold gain ."]
    assert split_sentences("") == []


def test_verbatim_forgives_whitespace_and_quotes_only():
    src = "In short , the patients \u2019 scores improved . Then they left ."
    assert is_verbatim("the patients' scores improved.", src)
    r = check("the patients' scores improved. They were cured.", src)
    assert not r.verbatim and r.pieces[0].found and not r.pieces[1].found
    assert 0 < r.coverage < 1
    assert not is_verbatim("the patient's scores improved", src)  # a changed word is not verbatim
    assert check("", src).verbatim


def test_headings():
    assert heading("BACKGROUND: Sleep matters.") == ("background", "Sleep matters.")
    assert heading("materials and methods .") == ("method", "")
    assert heading("Conclusions: X helps.") == ("conclusion", "X helps.")
    assert heading("We propose a method: it works.")[0] is None


def test_quantile_thresholds_hand_case():
    # 2 of 5 human ratings are 1, 4 of 5 are <= 2: thresholds between the 2nd/3rd and 4th/5th scores
    th = quantile_thresholds([0.5, 0.1, 0.3, 0.2, 0.9], [1, 1, 2, 2, 3], 3)
    assert th == [0.25, 0.7]
    cal = {"thresholds": {"background": th}}
    assert [to_rating("background", s, cal) for s in (0.1, 0.25, 0.69, 0.7)] == [1, 2, 2, 3]


def test_role_model_macro_f1_on_csabstruct_test():
    """The shipped model against CSAbstruct's human test labels (mapped, weak conclusions)."""
    from scholartools.facets.roles import load_model
    from scholartools.facets.train_roles import load_csabstruct, macro_f1

    docs = load_csabstruct(EXTERNAL / "abstract-roles" / "CSAbstruct" / "test.jsonl")
    model = load_model()
    gold, pred = [], []
    for sents, labs in docs:
        gold += labs
        pred += model.predict(sents)
    # majority-class baseline is 0.12; the model must be far above it
    assert macro_f1(gold, pred) >= 0.70


STRUCTURED = ("BACKGROUND: Vitamin D deficiency is common in children. METHODS: We measured serum zinc in 330 "
              "pupils. RESULTS: Zinc was lower in deficient pupils (p<0.001).")


def test_cli_offline_structured_abstract_rules():
    recs = [{"id": "a", "abstract": STRUCTURED},
            {"id": "b", "abstract": STRUCTURED, "candidate": "Zinc was measured in 330 pupils."}]
    r = run_cli("st-facets", ["--empty-candidate", "one", "--weights", "background=0.2,method=0.4,result=0.4,conclusion=0"],
                records=recs)
    assert r.code == 0, r.stderr
    a, b = r.records
    ref = a["facets"]["reference"]
    assert ref["labels"] == ["background", "method", "result"]
    assert ref["method"] == "We measured serum zinc in 330 pupils."
    assert ref["conclusion"] == ""
    assert "facet_ratings" not in a  # no candidate: decomposition only
    assert b["facet_ratings"]["conclusion"] == 0  # absent from the reference
    assert b["fm_weights"]["method"] == 0.4
    cand_labels = b["facets"]["candidate"]["labels"]
    for f in ("background", "method", "result"):
        if f not in cand_labels:  # empty candidate facet -> 1 (authors' rule)
            assert b["facet_ratings"][f] == 1


def test_cli_given_facets_and_bad_facet_option():
    rec = {"id": "x", "rf": {"background": "A is hard.", "method": "", "result": "B works.", "conclusion": ""},
           "cf": {"background": "A is hard.", "method": "We do C.", "result": "", "conclusion": "D."}}
    r = run_cli("st-facets", ["--ref-facets", "rf", "--cand-facets", "cf", "--facets", "background,method,result"],
                records=[rec])
    assert r.code == 0, r.stderr
    fr = r.records[0]["facet_ratings"]
    assert fr["method"] == 0 and fr["result"] == 1  # absent in reference; empty in candidate
    assert fr["background"] == 3  # identical text: cosine 1 reaches every threshold
    assert set(fr) == {"background", "method", "result"}
    assert run_cli("st-facets", ["--facets", "novelty"], records=[rec]).code == 2


def _fake_llm(body):
    text = body["messages"][0]["content"]  # the first message, so the repair re-ask gets the same answer
    if "Reply with one JSON object" in text:
        src = text.split("Text:", 1)[1].strip()
        sents = split_sentences(src)
        if "GARBLE" in src:
            return "I cannot do that."
        return "```json\n" + json.dumps({"background": sents[0], "method": sents[1] if len(sents) > 1 else "",
                                         "result": "Invented result sentence.", "conclusion": ""}) + "\n```"
    if "Input2: 'We used X.'" in text:
        return "The alignment is high"  # no number: unscored
    return "3"


def test_cli_llm_path(openai_server, tmp_path):
    openai_server.reply(_fake_llm)
    rec = {"id": "p", "abstract": "Problem P is open. We used X. Y improved.", "candidate": "Problem P is open. We used X."}
    args = ["--model", "openai/test-model", "--api-base", openai_server.url, "--cache", str(tmp_path / "c.sqlite"),
            "--shots", "default"]
    r = run_cli("st-facets", args, records=[rec], env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert r.code == 0, r.stderr
    out = r.records[0]
    ref = out["facets"]["reference"]
    assert ref["background"] == "Problem P is open."
    assert "result" in ref["not_verbatim"]  # the invented result is flagged, not silently accepted
    fr = out["facet_ratings"]
    assert fr["background"] == 3  # parsed judge reply
    assert fr["method"] is None and out["facet_evidence"]["method"]["raw"] == "The alignment is high"
    assert fr["conclusion"] == 0  # reference conclusion empty: no call
    judge_prompts = [p for p in openai_server.prompts if "Input1:" in p]
    assert any("Number: 4" in p for p in judge_prompts if "1 to 4" in p)  # few-shot examples assembled
    assert any("Number: 1" in p for p in judge_prompts if "1 to 3" in p)
    # garbage extraction -> error record, exit 1
    bad = dict(rec, id="q", abstract="GARBLE text here. More.")
    r2 = run_cli("st-facets", args, records=[bad], env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert r2.code == 1 and r2.records[0]["error"]["kind"] == "unparsable_reply"
