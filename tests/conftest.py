"""Shared test configuration: where the repository and the shared data folder are."""

import os

# one BLAS thread in every test process and the commands it starts (before numpy is imported): the
# suite runs one pytest-xdist worker per CPU, and OpenBLAS's spinning threads on a busy machine
# cost several times the CPU of one (BAGELS' check: 172 -> 90 s wall); a value already set is kept.
# The MiniLM encoder limits itself (ST_EMBED_THREADS); this also covers every other BLAS / OpenMP
# user. test_judge_match + test_claims_semantic + test_cli_score on -n 2, CPU s from the OS: these
# three at 1 thread 11.5-15.4, the encoder's limit alone 12.0-12.8, neither 16.6-30.0 (load 2-3)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import copy
import json
import math
import sys
import time
from functools import lru_cache
from pathlib import Path

import orjson
import pytest

from scholartools.data.catalog import MissingData, SharedOnlyFile, data_roots, find_dataset, registry

ROOT = Path(__file__).resolve().parents[1]
#: ../shared beside the checkout (CI clones main with shared/ beside it); ST_SHARED says otherwise
SHARED = Path(os.environ.get("ST_SHARED") or ROOT.parent / "shared")

# ---------------------------------------------------------------------------- external datasets
# A test reaches a dataset of the registry (scholartools/data/registry.json) through ``EXTERNAL /
# NAME``, inside the test or one of its fixtures; a test that reaches one another way (a Makefile,
# a subprocess) says so with ``@pytest.mark.needs_data(NAME, ...)``; library code that finds a
# dataset itself raises MissingData. All three end in require_data: a dataset found nowhere skips
# the test, naming it and how to get it, or fails it under ST_REQUIRE_DATA=1 (.ci/run sets it).

#: ST_REQUIRE_DATA=1: a test that needs a dataset found nowhere fails instead of skipping, so that
#: no data test can drop out of a CI run unseen (.ci/run exports it; a fresh clone without the
#: datasets skips those tests)
REQUIRE_DATA = os.environ.get("ST_REQUIRE_DATA", "").strip().lower() not in ("", "0", "false", "no")


def missing_data(names) -> list[str]:
    return [n for n in names if find_dataset(n) is None]


def require_data(*names: str) -> None:
    """The one rule for a test that needs datasets of the registry: returns when every one is found
    (ST_DATA, the user cache, ../shared/external); else skips the test with a reason naming the
    missing ones and how to get them, or, under ST_REQUIRE_DATA=1, fails it with that reason."""
    missing = missing_data(names)
    if not missing:
        return
    msg = (f"dataset(s) {', '.join(missing)} not found; get them with: make data "
           f"(or: python -m scholartools.data fetch {' '.join(missing)}), "
           f"or set ST_DATA to a folder that holds them")
    if REQUIRE_DATA:
        pytest.fail(f"ST_REQUIRE_DATA=1: {msg}", pytrace=False)
    pytest.skip(msg)


#: where the session is: "script" (conftest imported outside pytest, e.g. ``python
#: tests/judge_realdata.py``), "collect" (test modules being imported), "run" (tests running)
_PHASE = "script"


class _External:
    """``EXTERNAL / NAME``: the folder of the registry's dataset NAME as scholartools.data finds it
    (ST_DATA, the user cache, SHARED/external). A folder that also holds the files made here by
    hand (gold indexes: only in the shared copy) comes first.

    While a test runs (the test, its fixtures) a dataset found nowhere goes through
    :func:`require_data` (skipped, or failed under ST_REQUIRE_DATA=1). While test modules are
    imported it is an error: a module-level path would be read later with no check, and fail
    on a clone without the data. Outside pytest, when found nowhere, the path it would have in
    SHARED/external (so that ``.exists()`` is False)."""

    parent = SHARED

    def __truediv__(self, name: str) -> Path:
        if _PHASE == "collect":
            raise RuntimeError(f"EXTERNAL / {name!r} while test modules are imported: resolve a dataset inside "
                               f"the test or a fixture, where a missing one skips the test (tests/conftest.py)")
        if _PHASE == "run":
            require_data(name)
        every = [f["path"] for f in registry()[name]["files"]]
        for _, root in data_roots():
            if all((root / name / p).is_file() for p in every):
                return root / name
        return find_dataset(name) or SHARED / "external" / name

    def __repr__(self) -> str:
        return f"<datasets of scholartools.data, last {SHARED / 'external'}>"


EXTERNAL = _External()

if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

pytest_plugins = ["openai_server"]

#: the environment an in-process command run starts from: no model, cache, server or key from the
#: developer's shell, and retries that back off in milliseconds
CLEAN_ENV = {"ST_LLM_BACKOFF_BASE": "0.01", "OPENAI_API_KEY": None, "ST_MODEL": None, "ST_CACHE": None,
             "ST_API_BASE": None, "ST_SCHEDULER": None}


def cpu_seconds() -> float:
    """CPU seconds used so far by this process (every thread) and its waited-for children: what a
    bound on the work of a computation measures (a wall-clock bound also measures the machine's
    load, and CI runs two test workers on two shared cores)."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


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


def pytest_configure(config):
    global _PHASE
    _PHASE = "collect"
    config.addinivalue_line("markers", "needs_data(*names): the test reads these datasets of the data registry "
                                       "other than through EXTERNAL (a Makefile, a subprocess); skipped when one "
                                       "is not found, a failure under ST_REQUIRE_DATA=1")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    global _PHASE
    _PHASE = "run"


def pytest_runtest_setup(item):
    for mark in item.iter_markers("needs_data"):
        require_data(*mark.args)


def _missing(e: MissingData) -> None:
    """Library code found a dataset missing, whole (the rule of require_data) or in part: a file
    that only the project's shared copy holds, which ``make data`` does not bring (skipped, or a
    failure under ST_REQUIRE_DATA=1, with the library's own message)."""
    if not isinstance(e, SharedOnlyFile):
        require_data(e.name)
    elif REQUIRE_DATA:
        pytest.fail(f"ST_REQUIRE_DATA=1: {e}", pytrace=False)
    else:
        pytest.skip(str(e))


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef, request):
    try:
        return (yield)
    except MissingData as e:      # library code that looks for a dataset itself (corpora, benchmarks)
        _missing(e)
        raise


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    try:
        return (yield)
    except MissingData as e:
        _missing(e)
        raise


# ---------------------------------------------------------------------------- pytest-xdist
# `make test` runs `pytest -n auto` (setup.cfg adds `--dist loadgroup --no-loadscope-reorder`).


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: one worker per CPU this process may use (its affinity, capped by a cgroup CPU
    quota such as a container's ``--cpus``), not psutil's physical cores (1 on a 2-vCPU machine)."""
    n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            n = min(n, math.ceil(int(quota) / int(period)))
    except (OSError, ValueError):
        pass
    return max(1, n)


#: the slowest work first (measured with --durations): a long module or test that a worker starts
#: last keeps it busy while the others have nothing left to do
SLOW_FIRST = ("test_examples.py", "test_facets_pubmed.py")


def _once_per_module(item) -> bool:
    """The test uses a fixture computed once per module or class (a pipeline run, a server, a
    cluster, a tuned model)."""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(d.scope in ("module", "class", "package")
                                    for defs in info.name2fixturedefs.values() for d in defs)


def _add_group_to_id(item, group: str) -> None:
    """``item``'s id becomes ``ID@group``: what xdist's scheduler groups tests by."""
    nodeid = f"{item.nodeid}@{group}"
    if hasattr(item, "_id"):   # pytest >= 9
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(nodeid)
    else:
        item._nodeid = nodeid


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """For pytest-xdist (``--dist loadgroup``): the tests of a module that use a fixture computed
    once per module go to one worker together (``xdist_group``), so it is still computed once; a
    worker starts with :data:`SLOW_FIRST` (a stable sort: the order of every other test stays).

    The group is the ``@NAME`` suffix of the test's id, which xdist's worker appends in its own
    hook of this name by setting ``item._nodeid``; pytest 9 reads a node's id from ``item._id``,
    so that suffix was lost and every group was spread over the workers: a module fixture (the
    five ``make check`` runs of test_examples.py, the RAG corpus) was computed on each worker.
    The suffix is set here (``tryfirst``, so xdist's hook sees the marks as well)."""
    on_worker = hasattr(config, "workerinput") and config.getvalue("loadgroup")
    for item in items:
        if _once_per_module(item):
            item.add_marker(pytest.mark.xdist_group(item.path.name))
        # every group, a module's own ``pytestmark = pytest.mark.xdist_group(...)`` too (test_demo's
        # two runs write out/demo/ in the checkout: on two workers at once they wrote one file together)
        mark = item.get_closest_marker("xdist_group") if on_worker else None
        if mark is not None:
            _add_group_to_id(item, mark.kwargs.get("name", mark.args[0] if mark.args else "default"))
    if hasattr(config, "workerinput"):      # an xdist worker: its order is the order work is sent
        rank = {name: k for k, name in enumerate(SLOW_FIRST)}
        items.sort(key=lambda it: rank.get(it.path.name, len(rank)))


@lru_cache(maxsize=1)
def _scholarsum_pubmed() -> tuple:
    path = EXTERNAL / "scholarsum" / "pairs.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    # PROVENANCE: the PubMed half, without the duplicate document (pubmed-049 repeats pubmed-020)
    return tuple(r for r in rows if r["dataset"] == "pubmed" and r["duplicate_of"] is None)


def scholarsum_pubmed_pairs() -> list[dict]:
    """The 294 ScholarSum PubMed pairs of the first 49 documents (read once; a fresh copy each call)."""
    return copy.deepcopy(list(_scholarsum_pubmed()))
