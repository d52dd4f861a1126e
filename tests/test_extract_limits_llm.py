"""st-extract-limits, LLM method, against the scripted OpenAI-compatible server: refinement, a
paraphrased point dropped by the verbatim check and counted, review segmentation, merge (union and
intersection), unscored / garbage replies, --dry-run call counts."""
from __future__ import annotations

import json

import pytest

from scholartools.cli.extract_limits import main

LIMITS = ("This work has two limitations. First, we only evaluate on English. "
          "Second, our corpus is small, with 500 sentences.")
DISCUSSION = "Gains are consistent. A limitation of our approach is its cost. It needs a GPU."
PAPER = {"id": "p", "sections": [
    {"heading": "1 Introduction", "type": "introduction", "text": "Prior work has limitations."},
    {"heading": "4 Discussion", "type": "discussion", "text": DISCUSSION},
    {"heading": "6 Limitations", "type": "limitations", "text": LIMITS},
]}
REVIEWS = ["Strengths:\nClear writing.\nWeaknesses:\nThe evaluation covers English only.\nNo ablation study is given.",
           {"weaknesses": "The evaluation covers English only."}]


def _user(body) -> str:
    return [m["content"] for m in body["messages"] if m["role"] == "user"][0]


def reply(body) -> str:
    text = _user(body)
    if "Passage:" in text:
        passage = text.split("Passage:", 1)[1].strip()
        if "GARBLE" in passage:
            return "Sorry, I cannot help with that."
        if passage.startswith("A limitation"):
            return '["A limitation of our approach is its cost.  It needs a GPU."]'   # whitespace differs: kept
        return json.dumps(["First, we only evaluate on English.",
                           "Second, our corpus is small, with 500 sentences.",
                           "The authors only studied one language."])          # a paraphrase: dropped
    if "Reviews:" in text:
        return '```json\n["The evaluation covers English only.", "No ablation study is given."]\n```'
    if "Keep only the items of A" in text:                                      # intersection
        return '["First, we only evaluate on English."]'
    if "A (authors):" in text:                                                  # union
        return json.dumps(["A limitation of our approach is its cost.  It needs a GPU.",
                           "First, we only evaluate on English.",
                           "Second, our corpus is small, with 500 sentences.",
                           "No ablation study is given.",
                           "An invented limitation nobody wrote."])
    return "[]"


def run(args, records, server, tmp_path, env=None):
    from conftest import invoke

    argv = ["--model", "openai/test-model", "--api-base", server.url, "--cache", str(tmp_path / "c.sqlite"), *args]
    code, recs, err, _ = invoke(main, argv, records, env=env)
    return code, recs, err


def test_refinement_verbatim_check_reviews_and_union_merge(openai_server, tmp_path):
    openai_server.reply(reply)
    code, (out,), err = run([], [dict(PAPER, reviews=REVIEWS)], openai_server, tmp_path)
    assert code == 0, err
    lim = out["limitations"]
    assert lim["author"] == ["A limitation of our approach is its cost. It needs a GPU.",   # stored as the source
                             "First, we only evaluate on English.",
                             "Second, our corpus is small, with 500 sentences."]
    assert lim["review"] == ["The evaluation covers English only.", "No ablation study is given."]
    assert lim["merged"] == lim["author"] + ["No ablation study is given."]
    # the paraphrased author point and the invented merged item are dropped and counted
    assert lim["not_verbatim"] == 2
    prov = out["provenance"][-1]
    assert prov["not_verbatim"] == 2 and prov["calls"] == 4 and prov["method"].startswith("llm")
    # every kept point is a slice of its source
    for p in lim["points"]:
        span = lim["spans"][p["span"]]
        src = (PAPER["sections"][span["section_index"]]["text"] if span["source"] == "paper"
               else (REVIEWS[span["review"]] if isinstance(REVIEWS[span["review"]], str)
                     else REVIEWS[span["review"]]["weaknesses"]))
        assert src[p["start"]:p["end"]] == p["text"]
    # the reviewer prompt holds the weakness parts only, consolidated
    review_prompt = [p for p in openai_server.prompts if "Reviews:" in p][0]
    assert "Clear writing" not in review_prompt and "No ablation study is given." in review_prompt


def test_intersection_merge(openai_server, tmp_path):
    openai_server.reply(reply)
    code, (out,), err = run(["--merge", "intersection"], [dict(PAPER, reviews=REVIEWS)], openai_server, tmp_path)
    assert code == 0, err
    assert out["limitations"]["merged"] == ["First, we only evaluate on English."]
    assert any("Keep only the items of A" in p for p in openai_server.prompts)


def test_no_reviews_no_merge_call(openai_server, tmp_path):
    openai_server.reply(reply)
    code, (out,), _ = run([], [PAPER], openai_server, tmp_path)
    assert code == 0
    assert out["limitations"]["merged"] == out["limitations"]["author"] and out["limitations"]["review"] == []
    assert openai_server.calls == 2 and not any("A (authors):" in p for p in openai_server.prompts)


def test_garbage_reply_is_unscored_not_guessed(openai_server, tmp_path):
    openai_server.reply(reply)
    rec = {"id": "g", "sections": [{"heading": "Limitations", "type": "limitations",
                                    "text": "GARBLE. We only use one dataset."}], "reviews": REVIEWS}
    code, (out, ok), err = run([], [rec, PAPER], openai_server, tmp_path)
    assert code == 0, err
    lim = out["limitations"]
    assert lim["author"] is None and lim["merged"] is None
    assert lim["review"] == ["The evaluation covers English only.", "No ablation study is given."]
    (u,) = lim["unscored"]
    assert u["step"] == "author" and u["raw"] == "Sorry, I cannot help with that."
    # one repair re-ask was made for the garbled reply: 2 calls for it, 1 for the reviews
    assert out["provenance"][-1]["calls"] == 3
    assert len(ok["limitations"]["author"]) == 3 and "unscored" not in ok["limitations"]


def test_dry_run_counts_every_call_without_calling(openai_server, tmp_path):
    openai_server.reply(reply)
    other = {"id": "q", "sections": [{"heading": "Limitations", "text": "We use one GPU only."},
                                     {"heading": "A.2 Data Limitations", "text": "The data is old."}]}
    recs = [dict(PAPER, reviews=REVIEWS), other, {"id": "none", "sections": []}, dict(other, id="q2")]
    code, outs, err = run(["--dry-run"], recs, openai_server, tmp_path)
    assert code == 0, err
    # 2 regions + reviews + merge = 4; 2 regions = 2; nothing = 0; q2 asks what q asks (counted once)
    assert "dry run: 6 calls needed" in err
    assert openai_server.calls == 0 and all(o["limitations"].get("dry_run") for o in outs)


def test_failed_call_is_that_records_error(openai_server, tmp_path):
    from openai_server import Fault

    def failing(body):
        if "GARBLE" in _user(body):
            return Fault.status(500, message="down")
        return reply(body)

    openai_server.reply(failing)
    bad = {"id": "bad", "sections": [{"heading": "Limitations", "text": "GARBLE. We only use one dataset."}]}
    code, outs, _ = run(["--retries", "1"], [bad, PAPER, {"id": "x"}], openai_server, tmp_path)
    assert code == 1
    assert [o["id"] for o in outs] == ["bad", "p", "x"]
    assert "error" in outs[0] and "error" not in outs[1]
    assert outs[2]["error"]["kind"] == "missing_field"


@pytest.mark.parametrize("text, expected", [
    ('["a", "b"]', ["a", "b"]),
    ('{"points": ["a"]}', ["a"]),
    ('Here you go:\n[["a", "b"], {"text": "c"}]', ["a b", "c"]),
    ("[]", []),
])
def test_parse_points(text, expected):
    from scholartools.limitations.llm_method import parse_points

    assert parse_points(text) == expected


def test_parse_points_rejects_non_lists():
    from scholartools.limitations.llm_method import parse_points
    from scholartools.llm.replies import ReplyParseError

    for bad in ("no json here", '{"answer": 3}', "[1, 2]"):
        with pytest.raises(ReplyParseError):
            parse_points(bad)


def test_locate_requires_one_contiguous_stretch():
    from scholartools.limitations.llm_method import locate

    src = "First, we use English. Second, the data is small. Third, it is slow."
    assert locate("we use  English.", src) == (7, 22)
    assert locate("First, we use English. Third, it is slow.", src) is None     # two distant sentences
    assert locate("We use English.", src) is None                                # case differs
