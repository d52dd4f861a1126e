"""The data registry (scholartools/data/registry.json): every external dataset named once with its
upstream source, files, SHA-256s and licence; found in ST_DATA, the user cache or ../shared/external;
fetched from the upstream servers (here a local HTTP mirror of the shared copies, ST_DATA_MIRROR)
with every file verified; and without it the demo and the pipelines say what is missing and how
to get it."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXTERNAL, REQUIRE_DATA, ROOT, SHARED
from data_mirror import MirrorServer

from scholartools.data import catalog as reg, derive
from scholartools.data.__main__ import main as data_main, markdown_table
from scholartools.data.fetch import FetchError, fetch, file_url, lay_out_mirror

MAKE = shutil.which("make")
HEX64 = re.compile(r"[0-9a-f]{64}")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """No data anywhere: ST_DATA an empty folder, the cache in tmp, no shared folder."""
    env = {"ST_DATA": str(tmp_path / "data"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "ST_SHARED": str(tmp_path / "no-shared")}
    (tmp_path / "data").mkdir()
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("ST_DATA_MIRROR", raising=False)
    return env


@pytest.fixture(scope="module")
def found() -> dict[str, Path]:
    """name -> folder of every dataset found in this process's own environment (ST_DATA, the cache,
    ../shared), taken before ``isolated`` hides them (module scope: set up first): the copies a test
    that isolates itself copies and compares with, wherever they are."""
    return {name: EXTERNAL / name for name in reg.DATASETS if reg.find_dataset(name) is not None}


@pytest.fixture(scope="module")
def mirror(tmp_path_factory, found):
    """The datasets found here, laid out as the upstream URLs expect them and served on 127.0.0.1."""
    folder = tmp_path_factory.mktemp("mirror")
    for name, source in found.items():
        lay_out_mirror(folder, source=source.parent, names=[name])
    with MirrorServer(folder) as srv:
        yield srv


# ------------------------------------------------------------------------------ the registry


def test_every_dataset_has_source_licence_use_and_one_origin_per_file():
    for name, e in reg.registry().items():
        assert e["title"] and e["licence"] and e["used_for"] and e["upstream"], name
        assert all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) for u in e["upstream"]), name
        paths = [f["path"] for f in e["files"]]
        assert len(paths) == len(set(paths)), name
        for f in e["files"]:
            assert HEX64.fullmatch(f["sha256"]) and f["bytes"] > 0, (name, f["path"])
            origins = [k for k in ("repo", "derive", "made_here") if k in f]
            assert len(origins) == 1, (name, f["path"], origins)
            if "repo" in f:
                assert re.fullmatch(r"[0-9a-f]{40}", f["commit"]) and f["upstream"], (name, f["path"])
                assert f"{f['repo']}@{f['commit']}" in e["upstream"], (name, f["path"])
            if "derive" in f:
                assert set(f["from"]) <= set(paths), (name, f["path"])


@pytest.mark.skipif(not (SHARED / "external").is_dir() and not REQUIRE_DATA, reason="no ../shared/external here")
def test_registry_checksums_are_those_of_the_shared_copies():
    for name, e in reg.registry().items():
        for f in e["files"]:
            local = SHARED / "external" / name / f["path"]
            assert sha(local) == f["sha256"], f"{name}/{f['path']}"


@pytest.mark.needs_data("scholarsum", "paperrq", "aaar", "bagels")
def test_derived_files_are_rebuilt_byte_identical_from_the_upstream_files(tmp_path):
    """Every file the registry says was derived here is rebuilt by code from its upstream files
    alone (copied to an empty folder) with the registry's SHA-256, the shared copy's."""
    derived = [(n, f) for n, e in reg.registry().items() for f in e["files"] if "derive" in f]
    assert sorted(f["path"] for _, f in derived) == [
        "ReviewCritique_LLM.segments.jsonl", "dataset.jsonl", "docs.jsonl",
        "limtopic_acl2023_limitation_sections.jsonl", "pairs.jsonl"]
    for name, f in derived:
        folder = tmp_path / name
        folder.mkdir(exist_ok=True)
        for src in f["from"]:
            shutil.copy(EXTERNAL / name / src, folder / src)
        got = derive.DERIVATIONS[f["derive"]](folder)
        assert hashlib.sha256(got).hexdigest() == f["sha256"] == sha(EXTERNAL / name / f["path"]), f"{name}/{f['path']}"


#: a path into the shared folder built by hand: "external" joined to a path, $(SHARED)/external, "../shared/external"
FIXED_PATH = re.compile(r'''[/,]\s*["']external["']|["']external["']\s*[/,)]'''
                        r'''|\$\(?\w*SHARED\w*\)?/external|["'](?:\.\./)*shared/external''')
#: where a shared path may be spelt out: the resolver itself, and the tests of it
RESOLVERS = {"scholartools/data/catalog.py", "scholartools/data/__init__.py", "tests/conftest.py", "tests/test_data.py"}


def test_every_dataset_the_project_reads_is_in_the_registry_and_none_by_a_fixed_path():
    """Tests, examples, the demo, library modules, benchmarks and fixture builders name datasets the
    registry knows, and none builds a ``shared/external`` path by hand (they go through scholartools.data)."""
    named, fixed = set(), []
    files = [*ROOT.glob("tests/*.py"), *ROOT.glob("examples/*/Makefile"), ROOT / "examples" / "common.mk",
             ROOT / "examples" / "demo.sh", *ROOT.glob("scholartools/**/*.py"), *ROOT.glob("benchmarks/*.py"),
             *ROOT.glob("fixtures/**/*.py"), ROOT / "Makefile"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'EXTERNAL / [\'"]([\w-]+)[\'"]', text))
        named |= set(re.findall(r'(?:dataset_dir|data_file|dataset_path|find_dataset)\([\'"]([\w-]+)[\'"]', text))
        named |= set(re.findall(r"\$\(DATA_([\w-]+)\)", text))
        for m in re.findall(r"^DATASETS := (.*)$", text, re.M):
            named |= set(m.split())
        rel = path.relative_to(ROOT).as_posix()
        for i, line in enumerate(text.splitlines(), 1):
            if FIXED_PATH.search(line) and not line.lstrip().startswith("#") and rel not in RESOLVERS:
                fixed.append(f"{rel}:{i}")
    assert {"scholarsum", "pdfs", "aaar", "latex", "paperrq", "bagels", "abstract-roles"} <= named
    assert named <= set(reg.DATASETS), named - set(reg.DATASETS)
    assert fixed == [], fixed


def test_readme_table_is_the_registry():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme


def _probe(tmp_path, **env) -> subprocess.CompletedProcess:
    """pytest on tests/data_probe.py where no dataset is found (ST_DATA an empty folder, the cache in
    tmp, no shared folder; no ST_ variable of this process), with ``env`` added."""
    (tmp_path / "data").mkdir(exist_ok=True)
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ST_")}
    env = dict(clean, ST_DATA=str(tmp_path / "data"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               ST_SHARED=str(tmp_path / "no-shared"), PYTEST_ADDOPTS="", COLUMNS="400", **env)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rsfE", "-p", "no:cacheprovider",
                           "-o", "addopts=", "-o", "python_files=data_probe.py", str(ROOT / "tests" / "data_probe.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


#: the message of tests/data_probe.py's file that only the shared copy holds
SHARED_ONLY = "pdfs/gold_index.jsonl is only in the project's shared copy"
#: tests/data_probe.py: each way a test needs a dataset, and the dataset
PROBED = {"test_marked": "scholarsum", "test_reads_through_external": "paperrq",
          "test_reads_through_a_fixture": "bagels", "test_library_code_raises_missing_data": "latex"}


def test_a_test_that_needs_a_missing_dataset_is_skipped_naming_it_and_how_to_get_it(tmp_path):
    p = _probe(tmp_path)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert "1 passed, 5 skipped" in p.stdout
    for name in PROBED.values():
        assert (f"dataset(s) {name} not found; get them with: make data (or: python -m scholartools.data fetch "
                f"{name}), or set ST_DATA to a folder that holds them") in p.stdout
    # a file `make data` does not bring skips too, saying so (it failed, after a fetch, before)
    assert SHARED_ONLY in p.stdout


def test_under_st_require_data_a_test_that_needs_a_missing_dataset_fails(tmp_path):
    """The switch .ci/run sets: with it no data test can drop out of a CI run as a skip."""
    assert "export ST_REQUIRE_DATA=1" in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    p = _probe(tmp_path, ST_REQUIRE_DATA="1")
    assert p.returncode == 1 and "skipped" not in p.stdout, p.stdout[-3000:]
    assert "1 passed" in p.stdout
    for test, name in PROBED.items():
        line = next((ln for ln in p.stdout.splitlines() if ln.startswith(("FAILED", "ERROR")) and f"::{test}" in ln),
                    "")
        assert f"ST_REQUIRE_DATA=1: dataset(s) {name} not found" in line, (test, p.stdout[-3000:])
    line = next(ln for ln in p.stdout.splitlines() if "::test_library_code_raises_shared_only_file" in ln)
    assert line.startswith("FAILED") and f"ST_REQUIRE_DATA=1: {SHARED_ONLY}" in line
    off = _probe(tmp_path, ST_REQUIRE_DATA="0")
    assert off.returncode == 0 and "1 passed, 5 skipped" in off.stdout


def test_a_dataset_resolved_while_test_modules_are_imported_is_an_error(tmp_path):
    p = _probe(tmp_path, ST_DATA_PROBE_AT_IMPORT="1")
    assert p.returncode == 2, p.stdout[-3000:]
    assert "EXTERNAL / 'pdfs' while test modules are imported: resolve a dataset inside the test or a fixture" \
        in p.stdout


@pytest.mark.skipif(not REQUIRE_DATA, reason="under ST_REQUIRE_DATA=1 (CI): every dataset is there")
def test_under_st_require_data_every_dataset_is_found():
    assert [n for n in reg.DATASETS if reg.find_dataset(n) is None] == []


# ------------------------------------------------------------------------------ resolution


def _copy(source: Path, root: Path) -> Path:
    shutil.copytree(source, root / source.name)
    return root / source.name


@pytest.mark.needs_data("paperrq")
def test_st_data_comes_before_the_cache_before_shared_and_an_incomplete_folder_is_passed_over(isolated, found):
    cache = Path(isolated["XDG_CACHE_HOME"]) / "scholartools" / "data"
    shared = Path(isolated["ST_SHARED"]) / "external"
    for root in (shared, cache, Path(isolated["ST_DATA"])):
        root.mkdir(parents=True, exist_ok=True)
        _copy(found["paperrq"], root)
        assert reg.dataset_dir("paperrq") == root / "paperrq"
    (Path(isolated["ST_DATA"]) / "paperrq" / "dataset.csv").unlink()      # incomplete: next one
    assert reg.dataset_dir("paperrq") == cache / "paperrq"


def test_a_missing_dataset_names_itself_where_it_was_looked_for_and_the_fetch_command(isolated):
    with pytest.raises(reg.MissingData) as e:
        reg.dataset_dir("scholarsum")
    msg = str(e.value)
    assert "dataset 'scholarsum' is missing" in msg and isolated["ST_DATA"] in msg
    assert "make data" in msg and "python -m scholartools.data fetch scholarsum" in msg
    p = subprocess.run([sys.executable, "-m", "scholartools.data", "path", "scholarsum"], capture_output=True,
                       text=True, env=dict(os.environ, **isolated))
    assert p.returncode == 2 and p.stdout == "" and "python -m scholartools.data fetch scholarsum" in p.stderr


# ------------------------------------------------------------------------------ fetch


@pytest.mark.needs_data("scholarsum", "paperrq")
def test_fetch_from_the_mirror_verifies_every_file_and_rebuilds_the_derived_ones(isolated, found, mirror,
                                                                                  monkeypatch):
    monkeypatch.setenv("ST_DATA_MIRROR", mirror.url)
    before = mirror.requests
    assert data_main(["fetch", "scholarsum", "paperrq"]) == 0
    for name in ("scholarsum", "paperrq"):
        got = Path(isolated["ST_DATA"]) / name
        assert reg.dataset_dir(name) == got
        files = [f["path"] for f in reg.registry()[name]["files"]]
        assert sorted(p.name for p in got.iterdir()) == sorted(["SOURCE.json", *files])
        assert json.loads((got / "SOURCE.json").read_text())["licence"] == reg.registry()[name]["licence"]
        for f in reg.registry()[name]["files"]:
            assert sha(got / f["path"]) == f["sha256"] == sha(found[name] / f["path"])
    # downloads: the upstream files only (pairs.jsonl and docs.jsonl are rebuilt from pubmed.json)
    assert mirror.requests - before == sum("repo" in f for n in ("scholarsum", "paperrq")
                                           for f in reg.registry()[n]["files"])
    # a dataset found already is left alone: no request
    before = mirror.requests
    assert data_main(["fetch", "scholarsum"]) == 0 and mirror.requests == before
    assert not any(p.name.startswith(".") for p in Path(isolated["ST_DATA"]).iterdir())  # no partial folder


@pytest.mark.needs_data("paperrq")
def test_fetch_writes_to_the_user_cache_without_st_data_and_to_data_with_it(isolated, mirror, monkeypatch, tmp_path):
    monkeypatch.delenv("ST_DATA")
    monkeypatch.setenv("ST_DATA_MIRROR", mirror.url)
    folder = fetch("paperrq", log=None)
    assert folder == Path(isolated["XDG_CACHE_HOME"]) / "scholartools" / "data" / "paperrq"
    assert reg.dataset_dir("paperrq") == folder
    env = dict(os.environ, ST_DATA_MIRROR=mirror.url)
    p = subprocess.run([sys.executable, "-m", "scholartools.data", "--data", str(tmp_path / "mine"), "fetch", "--force",
                        "paperrq"], env=env, capture_output=True, text=True)
    assert p.returncode == 0 and sha(tmp_path / "mine" / "paperrq" / "dataset.jsonl") == sha(folder / "dataset.jsonl")


@pytest.mark.needs_data("paperrq")
def test_a_checksum_mismatch_names_the_file_both_hashes_and_writes_nothing(isolated, found, tmp_path, monkeypatch,
                                                                            capsys):
    entry = next(f for f in reg.registry()["paperrq"]["files"] if f["path"] == "dataset.csv")
    bad = tmp_path / "bad-mirror"
    lay_out_mirror(bad, source=found["paperrq"].parent, names=["paperrq"])
    target = bad / entry["repo"] / entry["commit"] / entry["upstream"]
    target.unlink()
    target.write_bytes((found["paperrq"] / "dataset.csv").read_bytes() + b"\n")
    actual = sha(target)
    with MirrorServer(bad) as srv:
        monkeypatch.setenv("ST_DATA_MIRROR", srv.url)
        with pytest.raises(FetchError) as e:
            fetch("paperrq", log=None)
        assert data_main(["fetch", "paperrq"]) == 1
    msg = str(e.value)
    assert "paperrq/dataset.csv" in msg and f"expected sha256 {entry['sha256']}" in msg and f"got {actual}" in msg
    assert file_url(entry, srv.url) in msg
    assert "paperrq/dataset.csv: checksum mismatch" in capsys.readouterr().err
    assert list(Path(isolated["ST_DATA"]).iterdir()) == []


@pytest.mark.needs_data("paperrq")
def test_a_derived_file_that_comes_out_different_is_a_checksum_error(isolated, mirror, monkeypatch):
    monkeypatch.setenv("ST_DATA_MIRROR", mirror.url)
    monkeypatch.setitem(derive.DERIVATIONS, "paperrq_jsonl", lambda folder: b"{}\n")
    with pytest.raises(FetchError, match=r"paperrq/dataset.jsonl: checksum mismatch \(rebuilt from dataset.csv\): "
                                         r"expected sha256 [0-9a-f]{64}, got " + hashlib.sha256(b"{}\n").hexdigest()):
        fetch("paperrq", log=None)
    assert list(Path(isolated["ST_DATA"]).iterdir()) == []


def test_upstream_urls_pin_the_commit_and_quote_the_path():
    f = next(f for f in reg.registry()["bagels"]["files"] if "repo" in f)
    assert file_url(f, "https://raw.githubusercontent.com") == (
        "https://raw.githubusercontent.com/IbrahimAlAzhar/LimTopic/db23be560170cbf0461b8262651edb2c2c0f4353/"
        "Datasets/All%20Data/df_all_data.csv")


# ------------------------------------------------------------------------------ demo and pipelines


def _isolated_env(isolated: dict, **more) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS"))}
    return dict(env, PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}", **isolated, **more)


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_without_data_make_demo_and_a_pipeline_name_the_dataset_and_the_fetch_command(isolated):
    env = _isolated_env(isolated)
    demo = subprocess.run([MAKE, "--no-print-directory", "-o", "install", "demo"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert demo.returncode != 0
    assert "dataset 'pdfs' is missing" in demo.stderr and "dataset 'scholarsum' is missing" in demo.stderr
    assert "python -m scholartools.data fetch scholarsum" in demo.stderr and "'make data'" in demo.stderr
    assert "== st-parse" not in demo.stderr        # stops before its first step
    ex = subprocess.run([MAKE, "-C", str(ROOT / "examples" / "aaar")], env=env, capture_output=True, text=True,
                        timeout=120)
    assert ex.returncode != 0
    assert "aaar: missing dataset(s): aaar latex" in ex.stderr and isolated["ST_SHARED"] in ex.stderr
    assert "make data" in ex.stderr and "python -m scholartools.data fetch aaar latex" in ex.stderr
