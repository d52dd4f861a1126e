"""Running st-judge (and st-score / st-agree) in-process for the st-judge tests."""
from __future__ import annotations

import re

from conftest import CLEAN_ENV  # noqa: F401 (the one clean environment)
from conftest import invoke as _invoke


def invoke(command, args, records=None, env=None, input_bytes=None):
    """(exit code, output records, stderr) of a click command run in-process."""
    code, recs, err, _ = _invoke(command, args, records, input=input_bytes, env=env)
    return code, recs, err


def judge(args, records, server=None, cache=None, env=None):
    """st-judge with the scripted server as the model (``--model openai/test-model``), one run
    unless the test gives ``--runs`` (the papers' repeated runs, the default of the AAAR and
    CLAIMCHECK tasks, are tested in tests/test_runs.py)."""
    from scholartools.cli.judge import main

    full = list(args) + ([] if "--runs" in args or "--help" in args else ["--runs", "1"])
    if server is not None:
        full += ["--model", "openai/test-model", "--api-base", server.url]
        full += ["--cache", str(cache)] if cache else ["--no-cache"]
    return invoke(main, full, records, env)


def score(args, records):
    from scholartools.cli.score import main

    return invoke(main, args, records)


def agree(args, records):
    from scholartools.cli.agree import main

    return invoke(main, args, records)


def dry_run_calls(stderr: str) -> int:
    """The call count of ``--dry-run``'s summary line."""
    m = re.search(r"dry run: (\d+) calls needed", stderr)
    assert m, stderr
    return int(m.group(1))


def content(body: dict) -> str:
    """The prompt of a request body: its first user message (a repair re-ask appends turns)."""
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


def is_repair(body: dict) -> bool:
    """Is this request the repair re-ask of a reply that could not be read?"""
    return len(body["messages"]) > 1 and body["messages"][-2]["role"] == "assistant"
