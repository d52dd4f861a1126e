"""st-generate's pure parts on hand-made cases: reply → list, the BAGELS and AAAR splitters, the
never-leak guard, the re-ranker's reply, the RQ tags, AAAR's split into pieces."""
from __future__ import annotations

import pytest

from scholartools.generate.lists import aaar_lines, bagels_lines, parse_items, renumber, segment
from scholartools.llm.replies import ReplyParseError

REPLY = """Sure! Based on the text, here are the limitations:

### Limitations

1. **Small dataset**: the evaluation uses
   only 300 sentences.
2. **English only**
   - no other language is tested
   - the lexicon is English
3. **No ablation**

The contribution of each constraint is never measured.

In summary, these limitations suggest caution."""


def test_clean_list_joins_continuations_and_drops_preamble_and_epilogue():
    assert parse_items(REPLY) == [
        "**Small dataset**: the evaluation uses only 300 sentences.",
        "**English only** no other language is tested the lexicon is English",
        "**No ablation** The contribution of each constraint is never measured.",   # body of a heading-only item
    ]


def test_clean_list_variants():
    assert parse_items("1) a\n2) b") == ["a", "b"]
    assert parse_items("(1) a\n(2) b\n\nThanks.") == ["a", "b"]
    assert parse_items("- a\n- b\n\n  still b") == ["a", "b still b"]          # indented paragraph: continuation
    assert parse_items("```\n1. a\n2. b\n```") == ["a", "b"]
    assert parse_items("1. a\n\nMiddle text.\n\n2. b") == ["a Middle text.", "b"]  # between items: continuation
    assert parse_items("1. The model is trained on 3.5 GB.") == ["The model is trained on 3.5 GB."]
    with pytest.raises(ReplyParseError):
        parse_items("I cannot find any limitations in this text.")
    with pytest.raises(ReplyParseError):
        parse_items("   ")
    assert parse_items("No research content.", empty_phrases=("No research content",)) == []


def test_bagels_lines_splits_every_line_on_periods():
    text = "Here are some limitations:\n\n1. The model is only tested on English. It uses 3.5 GB.\n**Cost**"
    assert bagels_lines(text) == [["1.", "Here are some limitations:"],
                                  ["2.", "1", "The model is only tested on English", "It uses 3", "5 GB"],
                                  ["3.", "**Cost**"]]
    assert segment(text, "bagels-lines") == ["Here are some limitations:",
                                             "1. The model is only tested on English. It uses 3.5 GB.", "**Cost**"]


def test_aaar_lines_is_findall_of_number_period():
    text = "List:\n1. First idea.\n2. Second, on version 2.0 data.\nthe 3. case"
    assert aaar_lines(text) == ["1. First idea.", "2. Second, on version 2.0 data.", "3. case"]
    assert renumber(["3. x", "1. y", "z"]) == ["1. x", "2. y", "3. z"]


def test_guard_removes_target_sentences_wherever_they_occur():
    from scholartools.generate.guard import TargetGuard

    g = TargetGuard.from_texts(["We only test English. Our corpus is small and noisy.\n\nTable 3.",
                                "A reviewer says the baselines are weak."])
    assert len(g.sentences) == 3                   # "Table 3." is too short to be removed
    text = "Intro. We only\ntest English. Table 3. Results are good. Our corpus is small and noisy."
    assert g.clean(text) == "Intro. Table 3. Results are good."
    assert g.removed == 2
    # a sentence rebuilt by a removal is removed too
    g2 = TargetGuard(["aa bb cc dd"])
    assert g2.clean("aa bb aa bb cc dd cc dd.") == ""   # with the full stop right after it
    assert TargetGuard([]).clean("unchanged  text") == "unchanged  text"


def test_guard_of_a_paper_covers_explicit_implicit_and_reviews():
    from scholartools.generate.guard import TargetGuard

    paper = {"sections": [
        {"heading": "1 Introduction", "text": "A limitation of prior work is speed. We fix it."},
        {"heading": "4 Discussion", "text": "Results hold. One limitation is that we use one corpus only."},
        {"heading": "5 Limitations", "text": "The method needs labelled data from every domain."},
        {"heading": "6 Conclusion", "text": "We fixed speed in every setting we tried."}],
        "reviews": ["The paper ignores multilingual settings entirely."]}
    g = TargetGuard.for_paper(paper)
    assert set(g.sentences) == {"One limitation is that we use one corpus only.",
                                "The method needs labelled data from every domain.",
                                "The paper ignores multilingual settings entirely."}
    # the introduction's keyword starts no implicit span (excluded section): its sentence stays
    assert g.clean(paper["sections"][0]["text"]) == paper["sections"][0]["text"]


def test_rerank_reply_is_read_loosely_but_never_invented():
    from scholartools.generate.rag import parse_rerank

    reply = ('Here you go:\n[{"Chunk_number": "Chunk 11", "relevance_score": "8", "justification": "x"},'
             ' {"chunk": 12, "score": 3}, {"chunk": 13}, {"Chunk": "14", "Score": 9.5}, "junk", '
             '{"chunk": 15, "score": 42}]')
    assert parse_rerank(reply) == {11: 8.0, 12: 3.0, 14: 9.5}
    with pytest.raises(ReplyParseError):
        parse_rerank("[]")
    with pytest.raises(ReplyParseError):
        parse_rerank("All chunks are relevant.")


def test_rq3_tags_with_attributes_and_inner_fields():
    from scholartools.generate.rq import parse_plain, parse_rq3

    reply = ('<THINK label="premises">The paper studies X.</THINK>\n<THINK>So Y.</THINK>\n'
             '<RESEARCH_QUESTION>\n<PROBLEM>slow parsing</PROBLEM>\n<METHOD>a cache</METHOD>\n'
             'Can slow parsing be solved by a cache?\n</RESEARCH_QUESTION>')
    assert parse_rq3(reply) == {"rq": "Can slow parsing be solved by a cache?", "problem": "slow parsing",
                                "method": "a cache", "think": "The paper studies X.\n\nSo Y."}
    only_tags = "<RESEARCH_QUESTION><PROBLEM>p</PROBLEM><METHOD>m</METHOD></RESEARCH_QUESTION>"
    assert parse_rq3(only_tags)["rq"] == "p m"
    with pytest.raises(ReplyParseError):
        parse_rq3("Can slow parsing be solved by a cache?")
    assert parse_plain('**Research Question:** "Can A be solved by B?"') == "Can A be solved by B?"


def test_aaar_pieces_follow_its_formula():
    from scholartools.generate.aaar import pieces

    text = " ".join(f"w{i}" for i in range(7001))
    parts = pieces(text, 3000)                     # n=7001: 7001 // 3000 + 1 = 3 pieces of 7001 // 3 + 1 = 2334
    assert [len(p.split()) for p in parts] == [2334, 2334, 2333]
    assert " ".join(parts) == text
    assert [len(p.split()) for p in pieces("a b c", 3000)] == [3]
    assert pieces("", 10) == []


def test_claimcheck_replies_are_checked():
    from scholartools.generate.claimcheck import parse_claim_weakness, parse_edit

    ok = parse_edit('{"objectivity": "5", "agreement": 2.0, "weakness_types": {"Novelty": "true"}, '
                    '"rewritten_weakness": "w"}')
    assert ok["objectivity"] == 5 and ok["agreement"] == 2 and ok["types"]["novelty"] is True
    assert sum(ok["types"].values()) == 1
    with pytest.raises(ReplyParseError):
        parse_edit('{"objectivity": 7, "agreement": 2, "weakness_types": {"novelty": true}, "rewritten_weakness": "w"}')
    with pytest.raises(ReplyParseError):   # no type at all
        parse_claim_weakness('{"reasoning": "r", "weakness_types": {"novelty": false}}')
