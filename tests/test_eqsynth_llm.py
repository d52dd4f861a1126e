"""st-eqsynth --method llm against the scripted OpenAI-compatible server.

AAAR's recovery loop (§1.1 ②): a reply equal to the positive after normalisation is asked again,
at most --max-tries times, each try its own cached sample; then the filter (§1.1 ③) judges each
negative against the equation's context for notation the context never defines (the paper; the
official code's context-free flaw check with --filter flaw) and keeps an item when one passes. Replies are scripted by call
order (identical prompts differ only in their sample index), so the call counts below follow
from the rounds: every missing negative of a record is asked in the same round.
"""
from __future__ import annotations

import itertools
import threading


RECOVER_MARK = "<<EQUATION>>"
FLAW_MARK = "shown without the paper"             # --filter flaw (the official code)
CONTEXT_MARK = "that the passage never defines"    # the paper's context-alignment filter (default)
BEFORE = " ".join(f"w{i}" for i in range(1, 151)) + " so the loss is"
AFTER = "where $a$ and $b$ are the two terms " + " ".join(f"v{i}" for i in range(1, 151))
REC = {"id": "r1", "latex": "\\mathcal{L} = a + b \\label{eq:l}", "context_before": BEFORE, "context_after": AFTER}


def run(args, records=(REC,), server=None, cache=None):
    from conftest import invoke

    from scholartools.cli.eqsynth import main

    full = ["--method", "llm", "--model", "openai/test-model", "--api-base", server.url]
    full += ["--cache", str(cache)] if cache else ["--no-cache"]
    code, recs, err, _ = invoke(main, full + list(args), records)
    return code, recs, err


class Script:
    """Recovery replies by call order: the first ``same`` repeat the positive (in two spellings),
    later ones are new right-hand sides; the filter says Correct only for ``plausible``."""

    def __init__(self, same: int, plausible: str | None = "2b", start: int = 1):
        self.same = same
        self.plausible = plausible
        self.count = itertools.count(start)
        self.lock = threading.Lock()
        self.recover_calls = 0
        self.filter_calls = 0

    def __call__(self, body):
        text = body["messages"][-1]["content"]
        if RECOVER_MARK in text:
            with self.lock:
                k = next(self.count)
                self.recover_calls += 1
            if k <= self.same:   # identical after normalisation: spacing, braces, repeated LHS
                return "a+b" if k % 2 else "```latex\n\\mathcal{L} = {a} + b\n```"
            return f"a - {k}b"
        if FLAW_MARK in text or CONTEXT_MARK in text:
            with self.lock:
                self.filter_calls += 1
            return "Correct" if self.plausible and f"{self.plausible}" in text.split("```latex")[1] else "Wrong."
        return "?"


def test_retries_until_different_then_filter(openai_server):
    script = Script(same=4, plausible="6b")
    openai_server.reply(script)
    code, out, err = run([], server=openai_server)
    assert code == 0, err
    # round 1: 3 calls, all the positive; round 2: calls 4-6 (one more positive); round 3: call 7
    assert script.recover_calls == 7 and script.filter_calls == 3 and openai_server.calls == 10
    negs = [r for r in out if r["label"] == 0]
    assert sorted(r["candidate"] for r in negs) == ["\\mathcal{L} = a - 5b", "\\mathcal{L} = a - 6b",
                                                    "\\mathcal{L} = a - 7b"]
    assert sorted(r["attempts"] for r in negs) == [2, 2, 3]
    assert {r["candidate"]: r["filter"] for r in negs}["\\mathcal{L} = a - 6b"] == "correct"
    assert sum(r["filter"] == "wrong" for r in negs) == 2
    pos = next(r for r in out if r["label"] == 1)
    assert pos["candidate"] == pos["positive"] == "\\mathcal{L} = a + b" and pos["keep"] is True
    assert all(r["rule"] == "llm-recover" for r in negs)
    # AAAR's decoding and prompt: temperature 1.2, top_p 0.99; 100 words each side; the LHS given
    first = openai_server.requests[0]
    assert first["temperature"] == 1.2 and first["top_p"] == 0.99
    prompt = first["messages"][-1]["content"]
    # the last 100 words before (w55..w150 and "so the loss is"), the first 100 after (8 + v1..v92)
    assert "\nw55 w56" in prompt and "w54 " not in prompt and " v92\n" in prompt and "v93" not in prompt
    assert prompt.rstrip().endswith("\\mathcal{L} =")
    filters = [r["messages"][-1]["content"] for r in openai_server.requests if CONTEXT_MARK in r["messages"][-1]["content"]]
    # the paper's filter: each negative against the context the judge will see (notation defined?)
    assert len(filters) == 3 and all("w150 so the loss is" in f and "where $a$ and $b$ are" in f for f in filters)
    assert out[0]["provenance"][-1]["filter"] == "context"


def test_the_official_codes_flaw_filter_is_an_option(openai_server):
    """AAAR §3.1 ③ filters negatives whose notation the context never defines (the default); the
    official code asks a context-free "obvious flaw?" of each negative alone: --filter flaw."""
    script = Script(same=0, plausible="2b")
    openai_server.reply(script)
    code, out, err = run(["--filter", "flaw"], server=openai_server)
    assert code == 0, err
    prompts = [r["messages"][-1]["content"] for r in openai_server.requests]
    filters = [p for p in prompts if FLAW_MARK in p]
    assert len(filters) == 3 and not any(CONTEXT_MARK in p for p in prompts)
    assert not any("w150" in f or "v1 " in f for f in filters)                       # judged alone
    assert out[0]["provenance"][-1]["filter"] == "flaw"
    assert out[0]["provenance"][-1]["templates"][1]["name"] == "eqsynth_filter_flaw"


def test_ten_tries_then_the_item_is_skipped(openai_server):
    script = Script(same=10_000)
    openai_server.reply(script)
    code, out, err = run([], server=openai_server)
    assert script.recover_calls == 30 and script.filter_calls == 0     # 3 negatives x 10 tries, no more
    assert code == 1 and out[0]["error"]["kind"] == "no_items"
    assert "3 of 3 negatives missing (no usable different answer in 10 tries)" in err
    openai_server.reset()
    script = Script(same=10_000)
    openai_server.reply(script)
    run(["--max-tries", "4"], server=openai_server)
    assert script.recover_calls == 12


def test_flaw_filter_drops_items_without_a_plausible_negative(openai_server):
    script = Script(same=0, plausible=None)
    openai_server.reply(script)
    two = {"id": "p", "equations": [
        {"latex": "y = a + b", "context_before": BEFORE, "context_after": AFTER},
        {"latex": "z = c", "context_before": BEFORE, "context_after": AFTER}]}
    code, out, err = run([], records=[two], server=openai_server)
    assert code == 1 and out[0]["error"]["kind"] == "no_items" and "filtered out" in err
    assert script.recover_calls == 6 and script.filter_calls == 6
    openai_server.reset()
    openai_server.reply(Script(same=0, plausible=None))
    code, out, err = run(["--keep-filtered", "--format", "choice"], records=[two], server=openai_server)
    assert code == 0 and [r["id"] for r in out] == ["p#eq1", "p#eq2"]
    assert all(r["keep"] is False and r["option_filters"].count("wrong") == 3 for r in out)


def test_every_attempt_is_cached_per_sample(openai_server, tmp_path):
    cache = tmp_path / "c.sqlite"
    openai_server.reply(Script(same=4, plausible="6b"))
    code, first, _ = run([], server=openai_server, cache=cache)
    assert code == 0 and openai_server.calls == 10
    openai_server.reply(lambda body: "never asked")
    code, again, _ = run([], server=openai_server, cache=cache)
    assert openai_server.calls == 10 and again == [dict(r, provenance=again[i]["provenance"]) for i, r in
                                                    enumerate(first)]
    assert again[0]["provenance"][-1]["cache_hits"] == 10
    # a fourth negative: only its own recovery (sample 30) and its own filter call are new
    openai_server.reply(Script(same=0, plausible="6b", start=8))
    code, four, _ = run(["--negatives", "4"], server=openai_server, cache=cache)
    assert code == 0 and openai_server.calls == 12 and len(four) == 5
    assert "\\mathcal{L} = a - 8b" in {r["candidate"] for r in four}


def test_dry_run_counts_without_calling(openai_server):
    openai_server.reply(Script(same=0))
    code, out, err = run(["--dry-run"], server=openai_server)
    assert openai_server.calls == 0 and code == 0
    assert "dry run: 6 calls needed" in err   # 3 recoveries + 3 filter calls (retries cannot be foreseen)


def test_a_failed_call_skips_its_equation_only(openai_server):
    from openai_server import Fault

    script = Script(same=0)

    def reply(body):
        text = body["messages"][-1]["content"]
        if RECOVER_MARK in text and "doomed" in text:
            return Fault.status(500, message="down")
        return script(body) if RECOVER_MARK in text else "Correct"

    openai_server.reply(reply)
    recs = [{"id": "bad", "latex": "y = a + b", "context_before": "doomed", "context_after": ""}, REC]
    code, out, err = run(["--retries", "0"], records=recs, server=openai_server)
    assert code == 1 and out[0]["error"]["kind"] == "no_items"
    assert [r["equation_id"] for r in out[1:]] == ["r1"] * 4
