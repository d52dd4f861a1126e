"""Not collected by the suite (no ``test_`` prefix): tests/test_data.py runs it where no dataset is
found, to show that each way a test can need one (the needs_data mark, ``EXTERNAL / NAME`` in the
test or in a fixture, library code raising MissingData, a shared-only file) skips it naming the dataset, and fails it
under ST_REQUIRE_DATA=1; ST_DATA_PROBE_AT_IMPORT=1 resolves a dataset at import, which is an error."""
import os

import pytest

from conftest import EXTERNAL

if os.environ.get("ST_DATA_PROBE_AT_IMPORT"):
    PDFS = EXTERNAL / "pdfs"


@pytest.mark.needs_data("scholarsum")
def test_marked():
    pass


def test_reads_through_external():
    (EXTERNAL / "paperrq" / "dataset.jsonl").read_text()


@pytest.fixture(scope="module")
def sections():
    return EXTERNAL / "bagels" / "limtopic_acl2023_limitation_sections.jsonl"


def test_reads_through_a_fixture(sections):
    sections.read_text()


def test_library_code_raises_missing_data():
    from scholartools.data import dataset_dir

    dataset_dir("latex")


def test_library_code_raises_shared_only_file():
    # a file that a fetch does not bring (made by hand in the shared copy): missing in part
    from scholartools.data.catalog import data_file

    data_file("pdfs", "gold_index.jsonl")


def test_needs_no_data():
    assert EXTERNAL.parent.name
