"""Not collected by the suite (no ``test_`` prefix): tests/test_xdist_grouping.py runs it under
``pytest -n 2`` to show that a module fixture is computed once however the tests are spread, and
that tests marked with one ``xdist_group`` run on one worker."""
import os

import pytest


@pytest.fixture(scope="module")
def computed_once():
    with open(os.environ["ST_GROUPING_PROBE_LOG"], "a") as log:
        log.write(f"{os.getpid()}\n")
    return 1


@pytest.mark.parametrize("k", range(8))
def test_uses_the_module_fixture(computed_once, k):
    assert computed_once == 1


@pytest.mark.xdist_group("probe")
@pytest.mark.parametrize("k", range(8))
def test_marked_with_a_group(k):
    with open(os.environ["ST_GROUPING_PROBE_LOG"] + ".marked", "a") as log:
        log.write(f"{os.getpid()}\n")
