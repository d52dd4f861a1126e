"""AAAR PaperWeakness's no-split variant (Table 12): the paper cut to --max-words words, one call
(issue 34 item 7; specs/seed-aaar.md §3.3)."""
from __future__ import annotations

from generate_helpers import llm_args, papers, reply, run
from scholartools.generate.paper import full_text


def _user(body) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def test_weaknesses_no_split_is_one_call_on_the_first_window_words(openai_server, tmp_path):
    openai_server.reply(reply)
    p = papers()[1]
    words = full_text(p, {}).split()
    window = 60
    assert len(words) > 2 * window        # split-combine would make several calls
    code, out, err = run(llm_args(openai_server, tmp_path / "c.sqlite")
                         + ["--task", "weaknesses", "--max-words", str(window), "--split", "none"], [p])
    assert code == 0, err
    assert openai_server.calls == 1
    sent = _user(openai_server.requests[0]).split("Write nothing else.\n\n", 1)[1].split()
    assert sent == words[:window]
    info = out[0]["generation"]["weaknesses"]
    assert info == {"pieces": 1, "words": [window], "split": "none"}
