"""Offline FM against human judgement on ScholarSum PubMed, through the real pipeline.

The issue's goal: ``st-facets | st-score --metric fm | st-agree`` reaches pooled Pearson r >= 0.55
with the human FM score (294 pairs, duplicate document excluded), beside the stored ROUGE-L 0.24,
BERTScore 0.34 and FM(GPT-4) 0.685 (FM paper, appendix Fig. 5). The shipped rater was calibrated
on these pairs, so the cross-validated figure (rater refitted on 4/5 of the documents, scored on
the rest) is asserted too: it is the honest estimate for unseen documents.

One st-facets run (about a minute: most of it embeds some 3,000 sentences); the CV reuses the
signals that run wrote into ``facet_evidence``.
"""
from __future__ import annotations

import pytest

from cli_helpers import run_cli
from conftest import scholarsum_pubmed_pairs
from scholartools.vocabulary import FACETS


@pytest.fixture(scope="module")
def pipeline():
    rows = scholarsum_pubmed_pairs()
    facets = run_cli("st-facets", ["--ref", "reference", "--cand", "candidate", "--quiet"], records=rows,
                     timeout=1200)
    assert facets.code == 0, facets.stderr[-2000:]
    scored = run_cli("st-score", ["--metric", "fm", "--quiet"], input=facets.stdout)
    assert scored.code == 0, scored.stderr[-2000:]
    return rows, facets.records, scored


def test_pipeline_reaches_the_goal_on_pubmed(pipeline):
    rows, _, scored = pipeline
    agree = run_cli("st-agree", ["--rater", "scores.fm", "--rater", "human.overall", "--measure", "pearson",
                                 "--quiet"], input=scored.stdout)
    (res,) = agree.records
    assert res["n"] == len(rows) == 294
    # measured 0.600 with the references (abstracts) decoded at the role model's abstract
    # transition weight 0 and the purpose rule clearing the gap before the statement of purpose
    # (0.602 with the first purpose rule; 0.582 at weight 0.5, with the same rater; 0.586 with the
    # linear role model, 0.572 with the first role model and per-facet weights; 0.525 before
    # lower-case summaries with a stray capital were split into sentences and glued headings
    # ("backgroundpsychosocial", ".methodsa total") were split off); the goal is 0.55
    assert res["value"] == pytest.approx(0.600, abs=0.006)
    stored = {"rougeL": 0.239, "bertscore": 0.342}
    for field, r in stored.items():  # the baselines from the same file, as the paper reports them
        base = run_cli("st-agree", ["--rater", field, "--rater", "human.overall", "--measure", "pearson", "--quiet"],
                       records=rows).records[0]["value"]
        assert base == pytest.approx(r, abs=5e-4) and res["value"] > base + 0.2


def test_cross_validated_by_document(pipeline):
    """Refit the rater on 4/5 of the 49 documents, predict the rest, pool: the figure that says what
    to expect on documents the rater never saw (measured 0.577; 0.566 with the linear role model,
    0.554 with the first role model and one weight per facet and signal; 0.510 before the splitter
    fixes). Leave-one-document-out 0.582, leave-one-system-out 0.572 (the arXiv half has
    summarisers the rater never saw)."""
    from tools.calibrate import evaluate

    rows, records, _ = pipeline
    signals = []
    for rec in records:
        ev = rec["facet_evidence"]
        signals.append({f: None if ev[f].get("rule") == "reference facet empty" else ev[f] for f in FACETS})
    res = evaluate(rows, signals)
    assert res["cv_mean"] >= 0.56
    assert res["in_sample"] >= 0.57
    assert res["by_document"] >= 0.56
    assert res["by_system"] >= 0.55
    # r does not come from length: within each third of the pairs by candidate length and by
    # reference length (words) the cross-validated r stays well above ROUGE-L's pooled 0.24
    # (measured 0.52 / 0.48 / 0.61 and 0.61 / 0.60 / 0.54)
    for side in ("candidate", "reference"):
        bins = res["by_length"][side]
        assert [b["n"] for b in bins] == [98, 98, 98]
        assert min(b["r"] for b in bins) >= 0.42, (side, bins)
