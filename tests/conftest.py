"""Shared test configuration: where the repository and the shared data folder are."""

import os
import sys
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
