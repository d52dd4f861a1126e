"""The suite's parallel run keeps a module's tests that share a module fixture on one worker
(tests/conftest.py), as it keeps a group named by ``xdist_group`` on one worker: else the fixture — a paper's ``make check``, a RAG corpus — is computed on
every worker, as it was while pytest 9 dropped xdist's group suffix from the test ids."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_a_module_fixture_is_computed_once_under_two_workers(tmp_path):
    pytest.importorskip("xdist")
    log = tmp_path / "computed"
    env = dict(os.environ, ST_GROUPING_PROBE_LOG=str(log), PYTEST_ADDOPTS="")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
                           "-o", "python_files=grouping_probe.py", str(HERE / "grouping_probe.py")],
                          cwd=HERE.parent, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "16 passed" in proc.stdout
    assert len(log.read_text().splitlines()) == 1
    # an explicit group (test_demo's "demo") keeps its tests on one worker too
    marked = (tmp_path / "computed.marked").read_text().split()
    assert len(marked) == 8 and len(set(marked)) == 1
