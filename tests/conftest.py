"""Shared test configuration: where the repository and the shared data folder are."""

import copy
import json
import os
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: ../shared beside the checkout (CI clones main with shared/ beside it)
SHARED = Path(os.environ.get("ST_SHARED", ROOT.parent / "shared"))
EXTERNAL = SHARED / "external"

if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

pytest_plugins = ["openai_server"]  # the `openai_server` fixture: a scripted OpenAI-compatible server


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
