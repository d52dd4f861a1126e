"""st-generate --task leak-filter: AAAR ExpDesign's deletion of the sentences before the experiments
that leak them (issue 34 item 6; specs/seed-aaar.md §2.1, paper §3 "about 9.8 % of sentences")."""
from __future__ import annotations

import re

import pytest

from generate_helpers import llm_args, run
from scholartools.generate.leaks import content_words, leaks_offline, parse_decision

GOLD = ["1. Compare adapter tuning with full fine-tuning on GLUE benchmark tasks.",
        "2. Visualise the learned sentence representations with t-SNE."]
LINES = ["\\section{Introduction}\n",
         "Text classification is a core NLP task.\n",
         "\n",
         "We compare our adapter against full fine-tuning on the GLUE benchmark.\n",
         "Adapters add few parameters.\n",
         "A t-SNE plot visualises the learned sentence representations.\n"]
PAPER = {"id": "p1", "input": LINES, "experiments": GOLD}


def test_content_words_and_the_offline_rule_by_hand():
    assert content_words("We compare the Adapters on \\textbf{GLUE} tasks.") == {"compare", "adapter", "glue", "task"}
    gold = [content_words(g) for g in GOLD]
    assert gold[0] == {"compare", "adapter", "tuning", "full", "fine", "glue", "benchmark", "task"}
    line = "We compare our adapter against full fine-tuning on the GLUE benchmark."
    shared = content_words(line) & gold[0]
    assert shared == {"compare", "adapter", "full", "fine", "tuning", "glue", "benchmark"}
    assert leaks_offline(line, gold, shared=3, cover=0.3)
    assert not leaks_offline("Adapters add few parameters.", gold, shared=3, cover=0.3)   # 1 word shared
    assert not leaks_offline(line, gold, shared=8, cover=0.3)                             # 7 < 8


def test_offline_filter_drops_blank_lines_and_the_leaking_ones():
    code, out, err = run(["--task", "leak-filter", "--method", "offline"], [PAPER])
    assert code == 0, err
    r = out[0]
    assert r["input"] == [LINES[0], LINES[1], LINES[4]]
    assert r["input_unfiltered"] == [LINES[k] for k in (0, 1, 3, 4, 5)]     # the blank line is no unit
    assert r["generation"]["leak-filter"] == {"units": 5, "deleted": 2, "share": 0.4, "deleted_units": [2, 4],
                                              "method": "offline"}


def test_parse_decision_is_the_authors_int():
    assert [parse_decision(t) for t in ("1", " 0\n", "**1**", "2")] == [1, 0, 1, 2]
    with pytest.raises(Exception):
        parse_decision("yes, it leaks")


def test_llm_filter_asks_once_per_sentence_with_the_gold_list(openai_server, tmp_path):
    decisions = {"Introduction": "0", "classification": "0", "GLUE": "1", "Adapters": "maybe",
                 "t-SNE": "1"}

    def reply(body):   # the first user message holds the sentence (a repair re-ask appends turns)
        sentence = re.search(r"### Sentence\n```\n(.*)\n```", body["messages"][1]["content"], re.S).group(1)
        return decisions[next(k for k in decisions if k in sentence)]

    openai_server.reply(reply)
    code, out, err = run(llm_args(openai_server, tmp_path / "c.sqlite") + ["--task", "leak-filter"], [PAPER])
    assert code == 0, err
    first = [b for b in openai_server.requests if len(b["messages"]) == 2]
    assert len(first) == 5                                        # one call per non-blank line
    assert "1. Compare adapter tuning" in first[0]["messages"][1]["content"]
    assert "2. Visualise the learned" in first[0]["messages"][1]["content"]
    assert first[0]["temperature"] == 1.0 and first[0]["top_p"] == 0.99 and first[0]["max_tokens"] == 512
    r = out[0]
    # GLUE and t-SNE lines deleted; the unreadable reply keeps its line (the authors keep it)
    assert r["input"] == [LINES[0], LINES[1], LINES[4]]
    info = r["generation"]["leak-filter"]
    assert info["deleted_units"] == [2, 4] and info["share"] == 0.4 and info["method"] == "llm"
    assert info["unreadable_kept"] == 1


def test_filtered_input_is_what_the_experiments_task_reads(openai_server, tmp_path):
    openai_server.reply(lambda body: "1. Compare adapters with fine-tuning.")
    code, out, err = run(["--task", "leak-filter", "--method", "offline"], [PAPER])
    code, out, err = run(llm_args(openai_server, tmp_path / "c.sqlite") + ["--task", "experiments"], out)
    assert code == 0, err
    prompt = openai_server.requests[0]["messages"][-1]["content"]
    assert "Text classification is a core NLP task." in prompt and "GLUE" not in prompt and "t-SNE" not in prompt
