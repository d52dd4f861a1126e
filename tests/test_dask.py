"""Dask: the commands on a LocalCluster of 2 worker processes give the sequential records.

st-parse on real PDFs (../shared/external/pdfs) and st-facets on ScholarSum pairs, through the
CLI door (``--scheduler tcp://…`` of a cluster the test starts) and through the library
(:mod:`scholartools.scale`).  A subset keeps the test to seconds; benchmarks/dask_speedup.py runs
the full sets and measures the speed-up.  The reference is the sequential command in this
process: st-parse's records must be byte-identical, st-facets' identical but for the
provenance ``seconds``.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from conftest import EXTERNAL, ROOT
from scholartools.cli.manpages import load_command



def smallest_pdfs(n: int = 6) -> list[Path]:
    return sorted((EXTERNAL / "pdfs").rglob("*.pdf"), key=lambda p: p.stat().st_size)[:n]


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    c = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                 silence_logs=50)
    client = distributed.Client(c)
    yield client
    client.close()
    c.close()


def invoke(command, args, input=b""):
    r = CliRunner().invoke(load_command(command), [str(a) for a in args], input=input, catch_exceptions=False)
    return r.exit_code, r.stdout_bytes, r.stderr


def no_seconds(line: bytes) -> dict:
    rec = orjson.loads(line)
    for entry in rec.get("provenance", []):
        entry.pop("seconds", None)
    return rec


def test_the_runner_does_not_shadow_dask():
    # scholartools.scale was scholartools.dask (renamed: a reader's `dask` is the real package)
    assert not (ROOT / "scholartools" / "dask.py").exists()
    code = "import scholartools.scale as s, dask; print(s.dask is dask, hasattr(dask, 'bag'), dask.__name__)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["True", "True", "dask"]


def _without_seconds(out: bytes) -> list[bytes]:
    recs = [orjson.loads(line) for line in out.splitlines()]
    for rec in recs:
        for entry in rec.get("provenance", []):
            entry.pop("seconds", None)
    return [orjson.dumps(rec) for rec in recs]


def test_st_parse_on_two_workers_gives_byte_identical_records(cluster, tmp_path):
    pdfs = smallest_pdfs()
    assert len(pdfs) == 6
    missing = tmp_path / "missing.pdf"
    paths = [*pdfs[:3], missing, *pdfs[3:]]            # an unreadable file keeps its place
    code, seq, err = invoke("st-parse", paths)
    assert code == 1, err
    code, par, err = invoke("st-parse", ["--scheduler", cluster.scheduler.address, "--partition-size", "2", *paths])
    assert code == 1, err
    assert "2 workers" in err
    # byte for byte, error record included, but for the seconds each file took
    assert _without_seconds(par) == _without_seconds(seq)
    ids = [orjson.loads(line)["id"] for line in par.splitlines()]
    assert ids == [p.stem for p in paths]


def test_st_facets_on_two_workers_gives_the_sequential_records(cluster):
    pairs = (EXTERNAL / "scholarsum" / "pairs.jsonl").read_bytes().splitlines()[:4]
    data = b"\n".join(pairs[:3] + [b"{not json"] + pairs[3:]) + b"\n"
    code, seq, err = invoke("st-facets", ["--method", "offline"], data)
    assert code == 1, err
    code, par, err = invoke("st-facets", ["--method", "offline", "--scheduler", cluster.scheduler.address,
                                          "--partition-size", "2"], data)
    assert code == 1, err
    seq_recs = [no_seconds(line) for line in seq.splitlines()]
    par_recs = [no_seconds(line) for line in par.splitlines()]
    assert len(par_recs) == 5 and par_recs == seq_recs
    assert par_recs[3]["error"]["kind"] == "invalid_json" and par_recs[3]["error"]["line"] == 4
    assert all("facet_ratings" in r for i, r in enumerate(par_recs) if i != 3)


def test_usage_error_on_a_worker_is_exit_2(cluster):
    pair = (EXTERNAL / "scholarsum" / "pairs.jsonl").read_bytes().splitlines()[0] + b"\n"
    code, out, err = invoke("st-facets", ["--method", "offline", "--facets", "colour",
                                          "--scheduler", cluster.scheduler.address], pair)
    assert code == 2 and out == b"" and "colour" in err


def test_library_run_and_map_command(cluster):
    import dask.bag

    import scholartools
    import scholartools.scale as std

    recs = [{"id": f"r{i}", "ref": f"the cat sat on mat {i}", "cand": "a cat sat"} for i in range(7)]
    want = scholartools.run("st-score", recs, metric="rougeL", ref="ref", cand="cand")
    got = list(std.run("st-score", recs, scheduler=cluster, partition_size=3, metric="rougeL", ref="ref", cand="cand"))
    strip = lambda rs: [dict(r, provenance=[{k: v for k, v in p.items() if k != "seconds"} for p in r["provenance"]])
                        for r in rs]  # noqa: E731
    assert strip(got) == strip(want) and [r["id"] for r in got] == [f"r{i}" for i in range(7)]
    bag = std.map_command("score", recs, partition_size=3, metric="rougeL", ref="ref", cand="cand")
    assert isinstance(bag, dask.bag.Bag) and bag.npartitions == 3
    assert strip(bag.compute(scheduler="sync")) == strip(want)
    with pytest.raises(scholartools.CommandError, match="metric"):
        list(std.run("st-score", recs, scheduler="sync", metric="no-such-metric"))
