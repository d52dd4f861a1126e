"""`make demo`, the README's first command, runs to the end (on a slice of the PubMed pairs)."""
from __future__ import annotations

import os
import subprocess

import pytest

from cli_helpers import ROOT
from conftest import EXTERNAL


@pytest.mark.needs_data("pdfs", "scholarsum")
def test_the_demo_runs_to_its_table(tmp_path):
    env = dict(os.environ, PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}", DEMO_LIMIT="12",
               ST_SHARED=str(EXTERNAL.parent))
    p = subprocess.run(["bash", str(ROOT / "examples/demo.sh")], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    # the parsed paper's outline, its first numbered heading included
    assert "      1 SUBMISSION OF CONFERENCE PAPERS TO ICLR 2026" in p.stderr
    # the abstract's facets, then the correlation table over the 12 pairs
    assert '"id": "N18-3011"' in p.stdout and '["background", "We describe a deployed' in p.stdout
    rows = [line.split() for line in p.stdout.splitlines() if line.startswith("pearson")]
    assert [r[2] for r in rows] == ["human.overall"] * 5 and {r[5] for r in rows} == {"12"}
