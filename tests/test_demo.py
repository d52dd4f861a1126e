"""`make demo`, the README's first command, runs to the end (on a slice of the PubMed pairs), on the
shared copy of its data and on the same data fetched by `make data` from a local mirror."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from cli_helpers import ROOT
from conftest import EXTERNAL
from data_mirror import MirrorServer

from scholartools.data.catalog import DATASETS, find_dataset
from scholartools.data.fetch import lay_out_mirror

MAKE = shutil.which("make")
#: both demo runs write out/demo/ in the checkout (demo.sh's folder): one pytest-xdist worker runs them in turn
pytestmark = pytest.mark.xdist_group("demo")


def _why(p: subprocess.CompletedProcess) -> str:
    """A failed demo's stderr tail and the error records its steps wrote (``--quiet`` keeps them off
    stderr: a step that only wrote error records exits 1 with nothing said)."""
    errors = []
    for f in sorted((ROOT / "out" / "demo").glob("*.jsonl")):
        for k, line in enumerate(f.read_text(errors="replace").splitlines(), 1):
            if '"error"' in line:
                errors.append(f"{f.name}:{k}: {line[:600]}")
    return (p.stderr[-2000:] + "\nstdout tail:\n" + p.stdout[-1000:]
            + "\nerror records in out/demo:\n" + "\n".join(errors[:10]))


@pytest.mark.needs_data("pdfs", "scholarsum")
def test_the_demo_runs_to_its_table(tmp_path):
    env = dict(os.environ, PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}", DEMO_LIMIT="12",
               ST_SHARED=str(EXTERNAL.parent))
    p = subprocess.run(["bash", str(ROOT / "examples/demo.sh")], capture_output=True, text=True, env=env,
                       cwd=ROOT, timeout=600)
    assert p.returncode == 0, _why(p)
    # the parsed paper's outline, its first numbered heading included
    assert "      1 SUBMISSION OF CONFERENCE PAPERS TO ICLR 2026" in p.stderr
    # the abstract's facets, then the correlation table over the 12 pairs
    assert '"id": "N18-3011"' in p.stdout and '["background", "We describe a deployed' in p.stdout
    rows = [line.split() for line in p.stdout.splitlines() if line.startswith("pearson")]
    assert [r[2] for r in rows] == ["human.overall"] * 5 and {r[5] for r in rows} == {"12"}
    assert demo_table(p.stdout) == DEMO_12


#: the demo's table on the first 12 PubMed pairs, read from ../shared/external (rater, n, r, p)
DEMO_12 = [("scores.fm", "12", "0.354", "0.259"), ("scores.rougeL.f", "12", "0.081", "0.802"),
           ("rougeL", "12", "0.081", "0.802"), ("bertscore", "12", "0.114", "0.725"),
           ("fm_gpt4.overall", "12", "0.928", "1.37e-05")]


def demo_table(stdout: str) -> list[tuple]:
    return [tuple(r[4:8]) for r in (ln.split() for ln in stdout.splitlines() if ln.startswith("pearson"))]


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
@pytest.mark.needs_data("pdfs", "scholarsum")
def test_make_data_from_a_local_mirror_then_the_demo_gives_the_shared_copys_figures(tmp_path):
    """A clone without ../shared: ST_DATA an empty folder, the cache in tmp, no shared folder; `make data`
    fetches pdfs and scholarsum from a local HTTP mirror of the data found here (the upstream URLs'
    layout), and the demo then prints the same table as on the shared copy."""
    mirror_dir = tmp_path / "mirror"
    for name in ("pdfs", "scholarsum"):
        lay_out_mirror(mirror_dir, source=find_dataset(name).parent, names=[name])
    (tmp_path / "data").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS"))}
    env.update(PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}", ST_DATA=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), ST_SHARED=str(tmp_path / "no-shared"), DEMO_LIMIT="12",
               PYTHON=sys.executable)
    assert [n for n in DATASETS if subprocess.run([sys.executable, "-m", "scholartools.data", "path", n], env=env,
                                                  capture_output=True).returncode == 0] == []
    with MirrorServer(mirror_dir) as mirror:
        env["ST_DATA_MIRROR"] = mirror.url
        got = subprocess.run([MAKE, "--no-print-directory", "data", "DATASETS=pdfs scholarsum",
                              f"PYTHON={sys.executable}"], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=300)
    assert got.returncode == 0, got.stderr
    assert "pdfs: 67 files fetched and verified" in got.stderr and "scholarsum: 4 files fetched" in got.stderr
    demo = subprocess.run(["bash", str(ROOT / "examples" / "demo.sh")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert demo.returncode == 0, _why(demo)
    assert "      1 SUBMISSION OF CONFERENCE PAPERS TO ICLR 2026" in demo.stderr
    assert demo_table(demo.stdout) == DEMO_12
