"""No litellm import when nothing is asked (issue 35): a run answered from the cache, an offline run
and a dry run give the same output with ``import litellm`` made to fail.

litellm costs ~3 CPU-seconds to import. The cache key, the request shape, the dry run's token
count and the price table are ours (``llm/prices.py`` reads litellm's bundled price map as a
file), so none of these runs needs it. The blocker puts ``None`` into ``sys.modules['litellm']``
(``import litellm`` and ``from litellm.x import y`` then raise ImportError) and forgets the layer's
already-imported module, so a test run that imported litellm earlier cannot hide an import.
"""
from __future__ import annotations

import sys

import pytest

import plausible_replies
from conftest import invoke
from test_golden import JUDGE_ITEM, MATCH, PAPER, PAPER2, normalise_record, normalise_stderr

from scholartools.llm import litellm_compat


@pytest.fixture
def no_litellm(monkeypatch):
    """``import litellm`` raises ImportError for the duration of the test."""
    monkeypatch.setitem(sys.modules, "litellm", None)
    monkeypatch.setattr(litellm_compat, "_litellm", None)

    def refused():
        import litellm  # noqa: F401 - raises: the blocker above

    with pytest.raises(ImportError):
        refused()


def _run(command, args, records):
    code, recs, err, _ = invoke(command, args, records)
    return code, [normalise_record(r) for r in recs], normalise_stderr(err)


@pytest.fixture
def llm(openai_server, tmp_path):
    openai_server.reply(plausible_replies.reply)
    return ["--model", "openai/test-model", "--api-base", openai_server.url, "--cache", str(tmp_path / "c.sqlite"),
            "--max-concurrency", "1"]


CASES = {   # command, args, records: one generation task and one judge task
    "generate": ("st-generate", ["--task", "limitations"], [PAPER, PAPER2]),
    "judge": ("st-judge", ["--task", "rate", "--protocol", "geval"], [JUDGE_ITEM]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_rerun_answered_by_the_cache_does_not_import_litellm(name, llm, openai_server, request):
    command, args, records = CASES[name]
    plausible_replies._counts.clear()
    first = _run(command, args + llm, records)
    asked = openai_server.calls
    assert first[0] == 0 and asked > 0
    cached = _run(command, args + llm, records)   # the rerun as it is with litellm
    request.getfixturevalue("no_litellm")
    blocked = _run(command, args + llm, records)
    assert openai_server.calls == asked   # nothing was asked
    assert blocked == cached and blocked[0] == 0 and blocked[1]
    assert f"llm: 0 calls, {asked} cache hits, 0 failed" in blocked[2]


@pytest.mark.parametrize("name", list(CASES))
def test_a_dry_run_does_not_import_litellm(name, llm, openai_server, request):
    command, args, records = CASES[name]
    # a model of the price map: the estimate's price comes from our reading of litellm's map
    argv = args + ["--dry-run", "--model", "gpt-4o-mini", "--cache", llm[llm.index("--cache") + 1]]
    plain = _run(command, argv, records)
    request.getfixturevalue("no_litellm")
    blocked = _run(command, argv, records)
    assert blocked == plain and openai_server.calls == 0
    assert "dry run: " in blocked[2] and "estimated cost ~$" in blocked[2]


def test_an_offline_run_does_not_import_litellm(request):
    args = ["--task", "match", "--method", "offline"]
    plain = _run("st-judge", args, [MATCH])
    request.getfixturevalue("no_litellm")
    assert _run("st-judge", args, [MATCH]) == plain and plain[0] == 0 and plain[1]


def test_the_blocker_blocks(no_litellm):
    """The fixture is what the tests above rely on: the layer's own import of litellm fails."""
    with pytest.raises(ImportError):
        litellm_compat.import_litellm()
