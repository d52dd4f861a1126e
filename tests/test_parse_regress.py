"""benchmarks/parse_regress: two checkouts' records compared in full, so a change that moves no
score but rewrites a paragraph or an equation (which the claim annotations are anchored to) is
seen; each side runs its own package."""

import json
import shutil
from pathlib import Path

from benchmarks import parse_regress

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT / "fixtures" / "pdfs" / "acl-naacl-2004.pdf"


def _rec(title="T", heading="Introduction", equations="e1"):
    return {"title": title, "abstract": "a b c", "sections": [{"heading": heading, "type": "introduction"}],
            "parts": {"title": title, "sections": heading, "equations": equations}}


def test_changes_are_sorted_into_scored_and_elsewhere():
    gold = [{"id": p, "set": "tex-dev", "title": "T", "abstract": "a b c", "headings": ["Introduction"]}
            for p in ("same", "heading", "equation", "fails")]
    before = [_rec(), _rec(), _rec(), _rec()]
    after = [_rec(), _rec(heading="Intro duction"), _rec(equations="e2"), {"error": "ValueError: broken"}]
    res = parse_regress.compare(gold, before, after)
    assert [c["id"] for c in res["scored_changes"]] == ["heading", "fails"]
    changed = res["scored_changes"][0]
    assert changed["before"]["heading_f1"] == 1.0 and changed["after"]["heading_f1"] == 0.0
    assert res["scored_changes"][1]["after"] == "ValueError: broken"
    assert res["other_changes"] == [{"id": "equation", "set": "tex-dev", "parts": ["equations"]}]
    row = res["sets"]["tex-dev"]
    assert row["pdfs"] == 4 and row["before"]["heading_f1"] == 1.0 and row["after"]["errors"] == 1
    # three of four PDFs scored after: one heading of three missed, P = R = 2/3
    assert abs(row["after"]["heading_f1"] - 2 / 3) < 1e-9
    assert "scored fields changed: 2 PDFs" in parse_regress.report(res)


def test_each_side_runs_its_own_package(tmp_path, capsys):
    pairs = tmp_path / "pairs"
    pairs.mkdir()
    shutil.copy(PDF, pairs / "acl.pdf")
    (pairs / "gold.jsonl").write_text(json.dumps({
        "id": "acl", "pdf": "acl.pdf", "split": "dev", "family": "acl",
        "title": "Accurate Information Extraction from Research Papers using Conditional Random Fields"}) + "\n")
    # the other checkout: this package with one visible difference in every record it writes
    before = tmp_path / "before"
    shutil.copytree(ROOT / "scholartools", before / "scholartools", ignore=shutil.ignore_patterns("__pycache__", "*.pyo"))
    init = before / "scholartools" / "parsing" / "pdf" / "__init__.py"
    src = init.read_text()
    assert 'rec["source"] = {"pages": n_pages}' in src
    init.write_text(src.replace('rec["source"] = {"pages": n_pages}', 'rec["source"] = {"pages": n_pages, "old": 1}'))
    out = tmp_path / "cmp.json"
    assert parse_regress.main(["--before", str(before), "--set", "none", "--tex-pairs", str(pairs), "--jobs", "1",
                               "--json", str(out)]) == 0
    res = json.loads(out.read_text())
    assert res["scored_changes"] == []
    assert res["other_changes"] == [{"id": "acl", "set": "tex-dev", "parts": ["source"]}]
    assert res["sets"]["tex-dev"]["after"]["title"] == 1.0
    assert "records changed elsewhere only: 1 PDFs" in capsys.readouterr().out
