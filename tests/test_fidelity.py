"""docs/fidelity.md stays honest: every row names a test that exists, every row has one of the three
statuses, no "different" or "not possible here" row lacks its reason, and every shipped template and
every registered metric appears in some row (templates by file name, so this does not depend on
where the task registry lives)."""
import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATUSES = {"faithful", "different", "not possible here"}
PAPERS = {"FM", "BAGELS", "AAAR", "CLAIMCHECK", "PaperRQ"}


def _rows():
    rows = []
    for line in (ROOT / "docs" / "fidelity.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 7 and cells[0] not in ("paper", "---"):
            rows.append(dict(zip(("paper", "item", "section", "code", "status", "note", "test"), cells)))
    return rows


def _test_functions(path):
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


@pytest.fixture(scope="module")
def rows():
    rows = _rows()
    assert len(rows) >= 50
    return rows


def test_every_row_has_a_paper_a_section_and_one_status(rows):
    for r in rows:
        assert r["paper"] in PAPERS, r
        assert r["item"] and r["section"], r
        assert r["status"] in STATUSES, r


def test_no_departure_lacks_its_reason(rows):
    for r in rows:
        if r["status"] != "faithful":
            assert len(r["note"]) >= 20, r["item"]


def test_every_named_test_exists(rows):
    for r in rows:
        m = re.fullmatch(r"(tests/test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)", r["test"])
        assert m, r["test"]
        path = ROOT / m.group(1)
        assert path.is_file(), r["test"]
        assert m.group(2) in _test_functions(path), r["test"]


def _named(rows):
    return {tok for r in rows for tok in re.findall(r"`([^`]+)`", r["code"])}


def test_every_template_appears_in_a_row(rows):
    named = _named(rows)
    templates = {p.stem for p in (ROOT / "scholartools" / "templates").glob("*.txt")}
    assert templates and not templates - named, sorted(templates - named)


def test_every_registered_metric_appears_in_a_row(rows):
    from scholartools.metrics import catalog  # noqa: F401  (registers every metric)
    from scholartools.metrics.registry import METRICS

    named = _named(rows)
    assert METRICS and not set(METRICS) - named, sorted(set(METRICS) - named)


def _template_rows():
    """The per-template table: ``(template, paper section, verdict, note)`` rows."""
    text = (ROOT / "docs" / "fidelity.md").read_text()
    assert "## Prompt templates, one by one" in text
    part = text.split("## Prompt templates, one by one", 1)[1]
    rows = []
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 4:
            rows.append((cells[0].strip("`"), cells[1], cells[2], " | ".join(cells[3:])))
    return rows


def test_every_template_has_one_verdict_against_its_paper():
    """The template sweep: each shipped template has exactly one row, a paper section, one of the three
    verdicts, and a note saying how it compares (for "faithful" too: what of the paper it keeps)."""
    rows = _template_rows()
    templates = {p.stem for p in (ROOT / "scholartools" / "templates").glob("*.txt")}
    names = [r[0] for r in rows]
    assert sorted(names) == sorted(templates), (sorted(templates - set(names)), sorted(set(names) - templates))
    for name, section, verdict, note in rows:
        assert section, name
        assert verdict in {"faithful", "different", "ours"}, (name, verdict)
        assert len(note) >= 40, name


def test_the_checker_would_catch_a_missing_test(tmp_path):
    """The row parser and existence check are not vacuous: a made-up test name is not found."""
    assert "test_no_such_test_here" not in _test_functions(ROOT / "tests" / "test_fidelity.py")
    assert "test_every_named_test_exists" in _test_functions(ROOT / "tests" / "test_fidelity.py")
