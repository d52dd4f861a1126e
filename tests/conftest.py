"""Shared test configuration: where the repository and the shared data folder are."""

import copy
import json
import os
import sys
from functools import lru_cache
from pathlib import Path

import orjson
import pytest

ROOT = Path(__file__).resolve().parents[1]
#: ../shared beside the checkout (CI clones main with shared/ beside it)
SHARED = Path(os.environ.get("ST_SHARED", ROOT.parent / "shared"))
EXTERNAL = SHARED / "external"

if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

pytest_plugins = ["openai_server"]

#: the environment an in-process command run starts from: no model, cache, server or key from the
#: developer's shell, and retries that back off in milliseconds
CLEAN_ENV = {"ST_LLM_BACKOFF_BASE": "0.01", "OPENAI_API_KEY": None, "ST_MODEL": None, "ST_CACHE": None,
             "ST_API_BASE": None, "ST_SCHEDULER": None}


def jsonl(records) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in records)


def invoke(command, args=(), records=None, *, input: bytes | None = None, env: dict | None = None,
           **kw) -> tuple[int, list[dict], str, bytes]:
    """The one in-process runner: ``command`` (a name such as ``st-judge``, or a click command) run
    with click's runner on ``records`` (or raw ``input`` bytes) in :data:`CLEAN_ENV` plus ``env``;
    returns (exit code, output records, stderr, stdout bytes). A process only where a process is
    the point (pipes, signals, the wheel): ``cli_helpers.run_cli``."""
    from click.testing import CliRunner

    if isinstance(command, str):
        from scholartools.cli.manpages import load_command

        command = load_command(command)
    data = input if input is not None else jsonl(records or [])
    r = CliRunner().invoke(command, [str(a) for a in args], input=data, env={**CLEAN_ENV, **(env or {})},
                           catch_exceptions=False, **kw)
    out = r.stdout_bytes
    try:
        recs = [orjson.loads(line) for line in out.splitlines() if line.strip()]
    except orjson.JSONDecodeError:   # --help and the like: read the stdout bytes instead
        recs = []
    return r.exit_code, recs, r.stderr, out


@pytest.fixture
def clean_env(monkeypatch):
    """The process environment of :data:`CLEAN_ENV` (for code that reads os.environ itself)."""
    for key, value in CLEAN_ENV.items():
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)  # the `openai_server` fixture: a scripted OpenAI-compatible server


@pytest.fixture(scope="session")
def shared() -> Path:
    assert SHARED.is_dir(), f"shared data folder not found at {SHARED} (set ST_SHARED)"
    return SHARED


@lru_cache(maxsize=1)
def _scholarsum_pubmed() -> tuple:
    path = EXTERNAL / "scholarsum" / "pairs.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    # PROVENANCE: the PubMed half, without the duplicate document (pubmed-049 repeats pubmed-020)
    return tuple(r for r in rows if r["dataset"] == "pubmed" and r["duplicate_of"] is None)


def scholarsum_pubmed_pairs() -> list[dict]:
    """The 294 ScholarSum PubMed pairs of the first 49 documents (read once; a fresh copy each call)."""
    return copy.deepcopy(list(_scholarsum_pubmed()))
