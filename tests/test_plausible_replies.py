"""tests/plausible_replies.py, the stand-in model of the example pipelines' `check`: it recognises
every shipped template, reads its fields back, and answers in a shape the task's parser accepts."""
from __future__ import annotations

import json
import re

import plausible_replies as P
from scholartools.llm.templates import available, load

TEXT = ("We propose a sparse retriever for small corpora. However, it was tested only on two collections. "
        "Our results show a gain of six points. Future work should test other languages.")


def _body(name: str, **fields) -> dict:
    tpl = load(name)
    values = {f: TEXT for f in tpl.fields}
    values.update(fields)
    return {"messages": tpl.render(**values)}


def test_every_shipped_template_is_recognised_and_its_fields_read_back():
    for name in available():
        tpl = load(name)
        values = {f: f"<{f}> some text with words" for f in tpl.fields}
        got, fields = P.identify(P._prompt({"messages": tpl.render(**values)}))
        assert got == name, name
        assert {k: v for k, v in fields.items()} == values, name
        assert name in P.RULES or name == "eqsynth_recover", f"no reply rule for {name}"


def test_a_prompt_of_no_template_gets_ok():
    assert P.reply({"messages": [{"role": "user", "content": "Hello there"}]}) == "OK"


def test_ice_examples_repeating_the_literals_do_not_shift_the_fields():
    examples = "Source document:\nD1\n\nText to evaluate:\nT1\n\nScore: 3"
    name, fields = P.identify(P._prompt(_body("judge_rate_ice", examples=examples, document="DOC", summary="SUM")))
    assert name == "judge_rate_ice" and fields == {"examples": examples, "document": "DOC", "summary": "SUM"}


def test_verbatim_replies_are_verbatim_and_shapes_parse():
    claims = json.loads(P.reply(_body("claims_extract", chunk=TEXT)))["claims"]
    assert claims and all(c in TEXT for c in claims)
    points = json.loads(P.reply(_body("limits_refine", text=TEXT)))
    assert points and all(p in TEXT for p in points)
    facets = json.loads(P.reply(_body("facets_extract", text=TEXT)))
    assert set(facets) == {"background", "method", "result", "conclusion"}
    assert all(v in TEXT for v in facets.values())
    score = P.reply(_body("judge_rate_direct"))
    assert re.fullmatch(r"Score: [1-5]", score)
    assert P.reply(_body("judge_match_1", first="the data set is small", second="a small data set")) == "Yes"
    assert P.reply(_body("judge_match_1", first="the data set is small", second="no human evaluation")) == "No"
    rq = P.reply(_body("gen_rq3", abstract=TEXT))
    assert "<RESEARCH_QUESTION>" in rq and "<PROBLEM>" in rq and "<METHOD>" in rq
    items = P.reply(_body("gen_limitations", content=TEXT)).splitlines()
    assert items and all(re.match(r"\d+\. \*\*", line) for line in items)


def test_samples_of_one_recovery_prompt_get_different_equations():
    body = _body("eqsynth_recover", before="text", after="text", lhs="y =")
    answers = {P.reply(body) for _ in range(3)}
    assert len(answers) == 3 and all(a.startswith("y =") for a in answers)


def test_batch_items_repeating_the_earlier_literals_are_read_whole():
    from scholartools.judge.rate import _batch_items

    items = _batch_items([("Name bias in machine translation.", "How to measure name bias in translation?"),
                          ("A survey of retrieval.", "Unrelated words entirely.")])
    name, fields = P.identify(P._prompt(_body("judge_rate_batch", items=items, n="2", aspect="problem")))
    assert name == "judge_rate_batch" and fields["items"] == items
    scores = json.loads(P.reply(_body("judge_rate_batch", items=items, n="2", aspect="problem")))["scores"]
    assert len(scores) == 2 and scores[0] > scores[1]     # the first pair shares words, the second none
