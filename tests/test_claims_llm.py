"""st-claims' LLM methods against the scripted OpenAI-compatible server: verbatim checks (a
non-verbatim claim is dropped and counted), the association reply parser and its repair re-ask,
unscored replies, the optional confidence, per-weakness provenance, dry runs."""
from __future__ import annotations

import json
import re


from openai_server import Fault

PAPER = {
    "id": "p1", "title": "TinyNet",
    "abstract": "We propose TinyNet, a small parser. We show that TinyNet outperforms BERT by 3 points.",
    "sections": [{"heading": "Results", "type": "results",
                  "text": "We train for ten epochs.\n\nTinyNet achieves the best accuracy on both\nbenchmarks. "
                          "The encoder has four layers. Depth is not necessary for parsing."}],
}


def run(args, records, server, tmp_path, env=None):
    from conftest import invoke

    runs = [] if "--runs" in args else ["--runs", "1"]   # the papers' repeated runs: tests/test_runs.py
    code, recs, err, _ = invoke("st-claims", ["--model", "openai/test-model", "--api-base", server.url, *args, *runs],
                                records, env={"ST_CACHE": str(tmp_path / "cache.sqlite"), **(env or {})})
    return code, recs, err


def _passage(prompt: str) -> str:
    return prompt.split("Passage:\n", 1)[1]


def test_extract_drops_and_counts_claims_that_are_not_verbatim(openai_server, tmp_path):
    def reply(body):
        passage = _passage(body["messages"][-1]["content"])
        claims = []
        if "TinyNet achieves" in passage:   # the results chunk: one true copy (other line breaks),
            claims = ["TinyNet achieves the best accuracy on both benchmarks.",          # verbatim
                      "TinyNet is the best parser ever built.",                           # invented
                      "TinyNet achieves the best accuracy on both benchmarks. Depth is not necessary for parsing."]
        if "We show that" in passage:       # two sentences of the paper, not adjacent: not one passage
            claims.append("We show that TinyNet outperforms BERT by 3 points.")
        return json.dumps({"claims": claims})

    openai_server.reply(reply)
    code, out, err = run(["--task", "extract"], [PAPER], openai_server, tmp_path)
    assert code == 0, err
    claims = out[0]["claims"]
    assert [(c["id"], c["section"], c["text"]) for c in claims] == [
        ("Claim1", "abstract", "We show that TinyNet outperforms BERT by 3 points."),
        ("Claim2", "Results", "TinyNet achieves the best accuracy on both\nbenchmarks.")]   # the paper's own spacing
    sec = PAPER["sections"][0]["text"]
    assert sec[claims[1]["start"]:claims[1]["end"]] == claims[1]["text"]
    prov = out[0]["provenance"][-1]
    assert prov["claims_proposed"] == 4 and prov["verbatim_dropped"] == 2 and prov["calls"] == 1
    assert prov["method"].startswith("llm") and prov["templates"][0]["name"] == "claims_extract"


def test_extract_in_several_chunks_keeps_each_claim_once(openai_server, tmp_path):
    long_results = " ".join(f"Sentence {i} describes the setup of run {i}." for i in range(60))
    paper = dict(PAPER, sections=[{"heading": "Results", "type": "results",
                                   "text": long_results + "\n\nTinyNet achieves the best accuracy overall."}])
    openai_server.reply(lambda body: json.dumps({"claims": ["TinyNet achieves the best accuracy overall."]
                                                 if "overall" in _passage(body["messages"][-1]["content"]) else []}))
    code, out, _ = run(["--task", "extract", "--chunk-tokens", "200"], [paper], openai_server, tmp_path)
    assert code == 0 and openai_server.calls >= 3
    assert [c["text"] for c in out[0]["claims"]] == ["TinyNet achieves the best accuracy overall."]
    assert out[0]["provenance"][-1]["chunks"] == openai_server.calls


def test_weakness_passages_are_checked_against_the_review(openai_server, tmp_path):
    review = "Weaknesses:\n1. The evaluation uses only two English benchmarks.\n2. No ablation."
    openai_server.reply(json.dumps({"weaknesses": ["No ablation.", "The paper is badly written.",
                                                   "The evaluation uses only two  English benchmarks."]}))
    code, out, _ = run(["--task", "weaknesses"], [{"id": "r", "review": review}], openai_server, tmp_path)
    assert code == 0
    assert out[0]["weaknesses"] == [
        {"id": "w1", "text": "The evaluation uses only two English benchmarks.", "start": 15, "end": 63},
        {"id": "w2", "text": "No ablation.", "start": 67, "end": 79}]
    assert out[0]["provenance"][-1]["verbatim_dropped"] == 1


CLAIMS = [{"id": "Claim1", "text": "TinyNet outperforms BERT by 3 points."},
          {"id": "Claim2", "text": "Depth is not necessary for parsing."}]
WEAKNESSES = [{"id": "w1", "text": "Depth surely matters; the evidence is thin.", "confidence": 4},
              {"id": "w2", "text": "Only one baseline is compared."},
              {"id": "w3", "text": "GARBLE"}]


def _assoc_reply(body):
    msgs = body["messages"]
    prompt = msgs[0]["content"]
    repair = len(msgs) > 1
    weakness = prompt.split("Weakness:\n", 1)[1]
    if "Depth surely" in weakness:
        return json.dumps({"reasoning": "disputes the depth claim",
                           "targets": ["Claim 2: Depth is not necessary for parsing."],
                           "custom_target": "TinyNet is deep."})       # not in the paper: dropped
    if "Only one baseline" in weakness:
        return json.dumps({"reasoning": "r", "targets": ["Claim1"] if repair else ["Claim9"], "custom_target": ""})
    return "I cannot say."


def test_association_reply_parsed_repaired_or_left_unscored(openai_server, tmp_path):
    openai_server.reply(_assoc_reply)
    rec = dict(PAPER, claims=CLAIMS, weaknesses=WEAKNESSES, review="Depth surely matters; the evidence is thin.")
    code, kids, err = run(["--task", "associate"], [rec], openai_server, tmp_path)
    assert code == 0, err
    assert [k["id"] for k in kids] == ["p1#w1", "p1#w2", "p1#w3"]
    assert kids[0]["targets"] == ["Claim2"] and kids[0]["target_claims"] == ["Claim2: Depth is not necessary for parsing."]
    assert kids[0]["association"]["custom_target_dropped"] and kids[0]["association"]["reasoning"]
    assert kids[1]["targets"] == ["Claim1"]                         # "Claim9" was sent back once
    assert kids[1]["provenance"][-1]["calls"] == 2 and kids[0]["provenance"][-1]["calls"] == 1
    assert kids[2]["targets"] is None and kids[2]["target_claims"] is None   # unscored, not "no target"
    assert kids[2]["association"]["raw"] == "I cannot say."
    assert kids[2]["association"]["unscored_reason"] == "parse_failure"
    prompts = openai_server.prompts
    assert not any("groundedness scale" in p for p in prompts)
    assert "Claim1: TinyNet outperforms BERT by 3 points.\nClaim2: Depth" in prompts[0]


def test_confidence_is_shown_only_when_asked_and_dry_run_calls_nothing(openai_server, tmp_path):
    openai_server.reply(_assoc_reply)
    rec = dict(PAPER, claims=CLAIMS, weaknesses=WEAKNESSES[:2])
    code, kids, _ = run(["--task", "associate", "--confidence-field", "confidence", "--paper-tokens", "0"], [rec],
                        openai_server, tmp_path)
    assert code == 0
    asked = [p for p in openai_server.prompts if "Weakness:\n" in p]   # (not the repair turns)
    first = [p for p in asked if "Depth surely" in p.split("Weakness:\n")[1]][0]
    assert "rated 4 on a 1-5 groundedness scale" in first and "(not given)" in first
    other = [p for p in asked if "Only one baseline" in p.split("Weakness:\n")[1]][0]
    assert "groundedness scale" not in other
    openai_server.reset()
    code, kids, err = run(["--task", "associate", "--dry-run", "--no-cache"], [rec], openai_server, tmp_path)
    assert code == 0 and openai_server.calls == 0
    assert all(k["targets"] is None for k in kids)
    assert re.search(r"2 calls?", err)


def test_a_failed_call_ends_only_its_paper(openai_server, tmp_path):
    def reply(body):
        if "Only one baseline" in body["messages"][0]["content"]:
            return Fault.status(500, message="down")
        return _assoc_reply(body)

    openai_server.reply(reply)
    good = dict(PAPER, id="g", claims=CLAIMS, weaknesses=WEAKNESSES[:1])
    bad = dict(PAPER, id="b", claims=CLAIMS, weaknesses=WEAKNESSES[1:2])
    code, out, _ = run(["--task", "associate", "--retries", "0"], [bad, good], openai_server, tmp_path)
    assert code == 1
    assert out[0]["id"] == "b" and out[0]["error"]["command"] == "st-claims"
    assert out[1]["id"] == "g#w1" and out[1]["targets"] == ["Claim2"]
