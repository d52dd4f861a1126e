"""The features of ``benchmarks/claims_combined.py`` (issue 37, session 16: the rules combined with a
logistic model, not shipped): repetition across parts and the cue families' firing, on an invented
paper whose shares can be counted by hand."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from claims_combined import extra_features  # noqa: E402
from claims_scorer import candidate_rows  # noqa: E402

REC = {"id": "p", "abstract": "FooNet parses receipts twice as fast as every earlier parser on noisy scans.",
       "sections": [{"heading": "4 Results", "type": "results",
                     "text": "FooNet parses receipts twice as fast as earlier parsers on noisy scans. "
                             "The printer was switched off after each trial run of the study. "
                             "Its accuracy is higher than that of the baseline on every test set."}]}


def _rows():
    rows = candidate_rows(REC)
    extra_features(REC, rows)
    return {s.text: f for s, f, _ in rows}


def test_a_results_sentence_restating_the_abstract_has_its_share_of_words_there():
    f = _rows()["FooNet parses receipts twice as fast as earlier parsers on noisy scans."]
    # content words: foonet parses receipts twice fast earlier parsers noisy scans (9); the abstract
    # has all of them but 'parsers' ('parser' there): 8 / 9
    assert round(f["rep_abs"], 3) == round(8 / 9, 3) == round(f["rep"], 3)
    assert f["rep_n"] == pytest.approx(math.log(2))   # one other-part sentence shares half its words


def test_an_unrelated_sentence_shares_nothing_and_the_comparative_family_fires_only_where_it_is():
    rows = _rows()
    other = rows["The printer was switched off after each trial run of the study."]
    assert other["rep"] == 0.0 and other["rep_n"] == 0.0
    assert "fam:comparative" not in other
    assert rows["Its accuracy is higher than that of the baseline on every test set."]["fam:comparative"] == 1.0
