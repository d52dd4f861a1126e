"""st-generate end to end against the scripted OpenAI-compatible server: every task, the prompts'
inputs, the never-leak guard on a real parsed paper, chunk-and-aggregate, samples, dry-run counts."""
from __future__ import annotations

import json
import math

import pytest

from conftest import EXTERNAL
from generate_helpers import (dry_calls, limitations_section, llm_args, papers, parsed, reply, run)
from scholartools.text.sentences import split_sentences


def _user(body) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def server(openai_server):
    return openai_server.reply(reply)


def test_no_model_exits_2_and_names_the_option(tmp_path):
    code, out, err = run(["--task", "limitations"], papers()[:1])
    assert code == 2 and out == []
    assert "--model" in err and "ST_MODEL" in err


def test_usage_errors_name_their_option(server, tmp_path):
    base = llm_args(server, tmp_path / "c.sqlite")
    code, _, err = run(base + ["--task", "rq", "--field", "nope=x"], papers()[:1])
    assert code == 2 and "--field" in err and "slot" in err
    code, _, err = run(base + ["--task", "limitations", "--relations", "cited-in,friends"], papers()[:1])
    assert code == 2 and "--relations" in err and "friends" in err
    code, _, err = run(base + ["--task", "rq", "--rag", str(tmp_path / "x.jsonl")], papers()[:1])
    assert code == 2 and "--rag" in err
    code, _, err = run(base + ["--task", "limitations", "--rag", str(tmp_path / "missing.jsonl")], papers()[:1])
    assert code == 2 and "missing.jsonl" in err
    assert server.calls == 0


# ---------------------------------------------------------------------- rq

def test_rq_prompts_read_abstract_and_introduction_of_real_paperrq_rows(server, tmp_path):
    every = [json.loads(line) for line in (EXTERNAL / "paperrq" / "dataset.jsonl").open()]
    rows = [every[0], next(r for r in every if r["paper_id"] != every[0]["paper_id"])]   # two different papers
    rows = [{k: r[k] for k in ("id", "title", "abstract", "introduction")} for r in rows]
    base = llm_args(server, tmp_path / "c.sqlite") + ["--task", "rq"]
    code, out, err = run(base + ["--prompt", "rq3"], rows)
    assert code == 0, err
    assert out[0]["rq"] == "Can evidence retrieval for claims be improved by citation links?"
    assert out[0]["rq_problem"] == "evidence retrieval for claims" and out[0]["rq_method"] == "citation links"
    assert out[0]["generation"]["rq"]["think"] == "The paper names a problem and a method."
    assert server.calls == 2
    for row in rows:   # each row's abstract and introduction in one prompt (requests arrive in any order)
        body = next(b for b in server.requests if row["abstract"] in _user(b))
        prompt = _user(body)
        assert row["introduction"] in prompt
        assert "<RESEARCH_QUESTION>" not in prompt and "RESEARCH_QUESTION" in body["messages"][0]["content"]
    for style in ("rq1", "rq2"):
        code, out, _ = run(base + ["--prompt", style], rows[:1])
        assert code == 0 and out[0]["rq"] == "Can evidence retrieval be improved by citation links?"
        assert "rq_problem" not in out[0]
    assert "Can the PROBLEM be solved by the METHOD?" in _user(server.requests[-1])      # rq2's template
    assert "Can the PROBLEM be solved by the METHOD?" not in _user(server.requests[-2])  # rq1 has none
    # a paper record: the introduction comes from its sections
    code, out, _ = run(base + ["--prompt", "rq1"], papers()[:1])
    assert code == 0 and papers()[0]["sections"][0]["text"] in _user(server.requests[-1])


# ---------------------------------------------------------------------- AAAR

def test_experiments_see_only_the_text_before_the_experiments(server, tmp_path):
    p = papers()[0]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "experiments"], [p])
    assert code == 0, err
    assert out[0]["experiments"] == ["Compare with BM25.", "Ablate the bonus."]
    prompt = _user(server.requests[0])
    texts = {s["heading"]: s["text"] for s in p["sections"]}
    assert p["abstract"] in prompt and texts["1 Introduction"] in prompt and texts["2 Method"] in prompt
    assert texts["3 Experiments"] not in prompt and texts["4 Results"] not in prompt
    assert texts["6 Conclusion"] not in prompt
    assert out[0]["generation"]["experiments"]["cut_at_experiments"] is True
    # --max-words cuts the context to that many words
    code, out, _ = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "experiments", "--max-words", "12"], [p])
    ctx = _user(server.requests[-1]).split("Paper:\n", 1)[1].split("\n\nYour list", 1)[0]
    assert len(ctx.split()) == 12 and out[0]["generation"]["experiments"]["truncated"] is True


def test_explanations_one_call_per_experiment_numbers_stripped(server, tmp_path):
    p = papers()[0]   # two gold experiments "1. …", "2. …"
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "explanations"], [p])
    assert code == 0, err
    assert server.calls == 2
    exps = [e.split(". ", 1)[1] for e in p["experiments"]]
    assert out[0]["explanations"] == [f"To verify: {e}" for e in exps]
    assert len(out[0]["raw"]) == 2
    code, out, _ = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "explanations", "--explain", "whole-list"], [p])
    assert server.calls == 3 and out[0]["explanations"] == ["Reason 1.", "Reason 2."]
    assert "1. " + exps[0] in _user(server.requests[-1])


def test_weaknesses_split_into_word_budgeted_pieces_and_merged(server, tmp_path):
    p = papers()[1]
    from scholartools.generate.paper import full_text

    n = len(full_text(p, {}).split())
    window = 60
    pieces = n // window + 1                      # AAAR's split
    per = n // pieces + 1
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "weaknesses", "--max-words", str(window)], [p])
    assert code == 0, err
    assert server.calls == pieces and out[0]["generation"]["weaknesses"]["pieces"] == pieces
    sizes = [len(_user(b).split("Write nothing else.\n\n", 1)[1].split()) for b in server.requests]
    assert all(s <= per for s in sizes) and sum(sizes) == n
    silent = sum("future work" in _user(b).lower() for b in server.requests)   # scripted "No research content"
    assert out[0]["weaknesses"] == ["The evaluation is small.", "No significance tests."] * (pieces - silent)


def test_summary_never_sees_the_abstract(server, tmp_path):
    p = papers()[2]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "summary"], [p])
    assert code == 0, err
    assert out[0]["summary"] == "We study a problem and find a result."
    prompt = _user(server.requests[0])
    assert p["abstract"] not in prompt and p["sections"][1]["text"] in prompt


# ---------------------------------------------------------------------- CLAIMCHECK

def test_claim_weakness_hides_the_review_and_checks_quotes(server, tmp_path):
    with_weakness, without = papers()[0], papers()[1]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "claim-weakness"], [with_weakness, without])
    assert code == 0, err
    assert server.calls == 3                       # model side for both, distillation for the one with a weakness
    model_prompts = [_user(b) for b in server.requests if "Find the weakness of this claim" in _user(b)]
    assert len(model_prompts) == 2 and all(with_weakness["review"] not in p for p in model_prompts)
    distill = [_user(b) for b in server.requests if "Rewrite the reviewer's weakness" in _user(b)]
    assert len(distill) == 1 and with_weakness["review"] in distill[0] and with_weakness["weakness"] in distill[0]
    mw = out[0]["model_weakness"]
    assert mw["types"]["insufficient"] is True and sum(mw["types"].values()) == 1
    assert mw["evidence"]["text"] == {"text_0": with_weakness["claim"]}   # the invented quote was dropped
    assert out[0]["generation"]["claim-weakness"]["evidence_not_verbatim"] == 1
    assert out[0]["provenance"][-1]["not_verbatim"] == 1
    assert out[0]["reviewer_weakness"]["reasoning"] == "The tuning protocol is not described."
    assert "reviewer_weakness" not in out[1]


def test_weakness_edit_labels_and_rewrite(server, tmp_path):
    p = papers()[3]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "weakness-edit"], [p, papers()[1]])
    assert code == 1                               # the second paper has no weakness: its own error record
    assert out[0]["weakness_labels"] == {"objectivity": 4, "agreement": 3, "types": {
        "insufficient": True, "contradictory": False, "novelty": False, "clarity": False, "related_work": False,
        "other": False}}
    assert out[0]["rewritten_weakness"] == "A sounder weakness."
    assert out[1]["error"]["kind"] == "missing_field" and out[1]["error"]["field"] == "weakness"
    prompt = _user(server.requests[0])
    assert p["weakness"] in prompt and p["review"] in prompt and p["target_claims"][0] in prompt


def test_weakness_edit_prompt_asks_only_what_the_paper_asks(server, tmp_path):
    """CLAIMCHECK App. D (WLE): "if needed, rewrite ... to make it more sound" given the paper, the
    target claims and the original weakness. Table 6 measures specificity and §4.3 lost anchors, so
    the default prompt must ask for neither; --edit-specific (off by default) adds both."""
    p = papers()[3]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "weakness-edit"], [p])
    assert code == 0, err
    prompt = _user(server.requests[0]).lower()
    assert "more sound" in prompt and "target claim" in prompt
    for biased in ("specific", "line number", "quotation", "anchor"):
        assert biased not in prompt, biased
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "weakness-edit", "--edit-specific"],
                         [p])
    assert code == 0, err
    extra = _user(server.requests[-1]).lower()
    assert "more specific" in extra and "quotations" in extra and "more sound" in extra


# ---------------------------------------------------------------------- limitations: the target never leaks

def _target_sentences(rec) -> list[str]:
    """Every sentence (3+ words) of what the generator must not see: the Limitations section as
    parsed, the implicit spans, the reviews — split here independently of the guard's own split."""
    from scholartools.limitations.rules import target_texts

    out = []
    for text in target_texts(rec):
        out += [s for s in split_sentences(text) if len(s.split()) >= 3]
    return out


def test_limitations_target_never_in_any_prompt_real_paper(server, tmp_path):
    rec = parsed("reverb")                         # ReVerb (EMNLP 2011), parsed from the PDF: "3.3 Limitations"
    lim = limitations_section(rec)
    lim_sentences = [s for s in split_sentences(lim["text"]) if len(s.split()) >= 3]
    assert len(lim_sentences) >= 20
    # a review that repeats the abstract's first sentence: that sentence must go from the abstract too
    first_abstract_sentence = split_sentences(rec["abstract"])[0]
    rec["reviews"] = [first_abstract_sentence + " The evaluation is limited to web text."]
    base = llm_args(server, tmp_path / "c.sqlite") + ["--task", "limitations"]
    runs = [[], ["--sections", "all"], ["--sections", "all", "--max-input-tokens", "1200"]]
    for extra in runs:
        code, out, err = run(base + extra, [rec])
        assert code == 0, err
        assert out[0]["generated"][0] in ("**Scope**: evaluated on two datasets only. It may not generalise.",
                                          "**Part 1**: merged.")
    prompts = [_norm(_user(b)) for b in server.requests]
    assert len(prompts) > len(runs)                # the last run was chunked
    for s in lim_sentences + _target_sentences(rec):
        assert all(_norm(s) not in p for p in prompts), s
    # what may be seen is there: the results section's first sentence, the abstract's second
    results = next(s for s in rec["sections"] if s["heading"] == "Results")["text"]
    assert any(_norm(split_sentences(results)[0]) in p for p in prompts)
    assert all(_norm(split_sentences(rec["abstract"])[1]) in p for p in prompts[:1])
    assert all(_norm(first_abstract_sentence) not in p for p in prompts)
    assert out[0]["generation"]["limitations"]["guard"]["removed"] > 0


def test_sections_by_importance_picks_the_section_about_shortcomings(server, tmp_path):
    rec = {"id": "imp", "title": "A study", "abstract": "We study reading speed of students on screens.",
           "sections": [
               {"heading": "1 Introduction", "text": "Reading on screens is common in schools today."},
               {"heading": "2 Method", "text": "Forty students read ten texts on tablets while we timed them."},
               {"heading": "3 Caveats", "text": "Our study has several weaknesses: the sample is small, the "
                                                "assumptions are untested and the results may not generalise."},
               {"heading": "4 Results", "text": "Students read tablets eight percent slower than paper."}]}
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") +
                         ["--task", "limitations", "--sections", "importance", "--top-k", "1"], [rec])
    assert code == 0, err
    assert out[0]["generation"]["limitations"]["input_sections"] == ["Caveats"]
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") +
                         ["--task", "limitations", "--sections", "importance", "--top-k", "3"], [rec])
    names = out[0]["generation"]["limitations"]["input_sections"]
    assert len(names) == 3 and "Caveats" in names
    order = ["Abstract", "Introduction", "Method", "Caveats", "Results"]
    assert names == sorted(names, key=order.index)   # document order


def test_chunk_then_aggregate_keeps_every_prompt_within_budget(server, tmp_path):
    from scholartools.llm.tokens import count_message_tokens

    rec = parsed("reverb")
    budget = 900
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") +
                         ["--task", "limitations", "--sections", "all", "--max-input-tokens", str(budget)], [rec])
    assert code == 0, err
    chunk_bodies = [b for b in server.requests if "Below is text from a scientific paper" in _user(b)]
    aggregations = [b for b in server.requests if "Merge them into a single list" in _user(b)]
    assert len(chunk_bodies) >= 3 and len(aggregations) == 1
    assert all(count_message_tokens(b["messages"], "openai/test-model") <= budget for b in chunk_bodies)
    info = out[0]["generation"]["limitations"]
    assert info["mode"] == "chunked" and len(info["chunks"]) == len(chunk_bodies)
    # the aggregation prompt holds every chunk's list; the output is the aggregated list
    agg = _user(aggregations[0])
    assert agg.count("evaluated on two datasets only") == len(chunk_bodies)
    assert out[0]["generated"] == [f"**Part {i + 1}**: merged." for i in range(len(chunk_bodies))]
    # the whole input is covered: every paragraph of the results section is in some chunk prompt
    joined = _norm(" ".join(_user(b) for b in chunk_bodies))
    results = next(s for s in rec["sections"] if s["heading"] == "Results")["text"]
    assert all(_norm(p) in joined for p in results.split("\n\n") if len(p.split()) > 5)


def test_segmenter_bagels_lines_keeps_the_authors_split(server, tmp_path):
    code, out, _ = run(llm_args(server, tmp_path / "c.sqlite") +
                       ["--task", "limitations", "--segmenter", "bagels-lines"], papers()[:1])
    assert code == 0
    assert out[0]["generated"][:4] == ["Here are the limitations:", "1. **Scope**: evaluated on two datasets only.",
                                       "It may not generalise.", "2. **Cost**: expensive."]
    assert len(out[0]["generated"]) == 6 and out[0]["generated"][5] == "I hope this helps."
    assert out[0]["generation"]["limitations"]["segments"][1] == ["2.", "1", "**Scope**: evaluated on two datasets only"]


def test_an_unreadable_reply_is_asked_again_once_then_an_error_record(server, tmp_path):
    def flaky(body):
        text = "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")
        if "We retrieve evidence for scientific claims" in text:     # p01's abstract, in the ask and the re-ask
            return "I would rather not answer with a list."
        return reply(body)

    server.reply(flaky)
    code, out, err = run(llm_args(server, tmp_path / "c.sqlite") + ["--task", "limitations", "--sections", "all"],
                         papers()[:2])
    assert code == 1
    assert out[0]["error"]["kind"] == "unparsable_reply" and "list" in out[0]["error"]["message"]
    assert out[0]["error"]["raw"] == "I would rather not answer with a list."
    assert "error" not in out[1] and len(out[1]["generated"]) == 3
    assert server.calls == 3                       # p01, its one repair re-ask, p02


# ---------------------------------------------------------------------- samples

def test_samples_fan_out_and_are_cached_per_index(server, tmp_path):
    base = llm_args(server, tmp_path / "c.sqlite") + ["--task", "rq", "--prompt", "rq2", "--temperature", "1"]
    code, out, _ = run(base + ["--samples", "3"], papers()[:2])
    assert code == 0 and server.calls == 6
    assert [o["id"] for o in out] == ["p01#s0", "p01#s1", "p01#s2", "p02#s0", "p02#s1", "p02#s2"]
    assert out[1]["parent_id"] == "p01" and out[1]["sample"] == 1
    assert all(o["provenance"][-1]["calls"] == 1 for o in out)
    code, out, _ = run(base + ["--samples", "5"], papers()[:2])
    assert server.calls == 10                      # 2 new samples per record, the first 3 from the cache


# ---------------------------------------------------------------------- dry run, then real runs

DRY_RUN_CASES = {
    "rq": (["--task", "rq"], lambda ps: len(ps)),
    "experiments": (["--task", "experiments"], lambda ps: len(ps)),
    "explanations": (["--task", "explanations"], lambda ps: sum(len(p["experiments"]) for p in ps)),
    "weaknesses": (["--task", "weaknesses", "--max-words", "80"], None),
    "summary": (["--task", "summary"], lambda ps: len(ps)),
    "claim-weakness": (["--task", "claim-weakness"], lambda ps: len(ps) + sum("weakness" in p for p in ps)),
    "weakness-edit": (["--task", "weakness-edit"], None),
    "limitations": (["--task", "limitations"], lambda ps: len(ps)),
    "limitations-chunked": (["--task", "limitations", "--sections", "all", "--max-input-tokens", "260"], None),
    "limitations-samples": (["--task", "limitations", "--samples", "2"], lambda ps: 2 * len(ps)),
}


@pytest.mark.parametrize("case", list(DRY_RUN_CASES))
def test_dry_run_counts_exactly_what_the_real_run_makes(server, tmp_path, case):
    args, expected = DRY_RUN_CASES[case]
    ps = papers()
    base = llm_args(server, tmp_path / "c.sqlite") + args
    code, out, err = run(base + ["--dry-run"], ps)
    assert server.calls == 0
    predicted = dry_calls(err)
    if expected is not None:
        assert predicted == expected(ps)
    if case == "weaknesses":
        from scholartools.generate.paper import full_text

        assert predicted == sum(len(full_text(p, {}).split()) // 80 + 1 for p in ps)
    if case == "limitations-chunked":
        chunked = [o for o in out if o["generation"]["limitations"]["mode"] == "chunked"]
        assert chunked and len(chunked) < len(ps)  # the budget splits some papers, not all
    code, out, err = run(base, ps)
    assert server.calls == predicted, err
    code, out2, err = run(base, ps)
    assert server.calls == predicted               # the second run is answered by the cache
    assert [o.get("generated") for o in out2] == [o.get("generated") for o in out]


def test_python_entry_is_the_command_in_process(server, tmp_path):
    import scholartools as st

    out = st.run("st-generate", papers()[:2], task="rq", prompt="rq2", model="openai/test-model",
                 api_base=server.url, cache=str(tmp_path / "c.sqlite"))
    assert [o["rq"] for o in out] == ["Can evidence retrieval be improved by citation links?"] * 2
    assert out[0]["id"] == "p01" and server.calls == 2
    with pytest.raises(st.CommandError, match="--model"):
        st.run("st-generate", papers()[:1], task="rq")


def test_template_file_replaces_the_tasks_main_prompt(server, tmp_path):
    mine = tmp_path / "my_rq.txt"
    mine.write_text("## my prompt\nState the research question of: {{abstract}}\n")
    base = llm_args(server, tmp_path / "c.sqlite") + ["--task", "rq", "--prompt", "rq1"]
    code, out, err = run(base + ["--template", str(mine)], papers()[:1])
    assert code == 0, err
    assert _user(server.requests[0]) == "State the research question of: " + papers()[0]["abstract"]
    assert out[0]["provenance"][-1]["templates"][0]["name"] == "gen_rq1"
    code, _, err = run(base + ["--template", f"gen_nope={mine}"], papers()[:1])
    assert code == 2 and "gen_nope" in err
