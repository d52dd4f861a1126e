"""benchmarks/facets_roles_decode.py (docs/st-facets.md, session 17): decoding variants of sentence
roles scored on the classifier's cached outputs. Fast: the shipped model's rules on made-up
log-probabilities, no embedding."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import facets_roles_decode as D  # noqa: E402
from scholartools.facets.roles import RoleModel  # noqa: E402


def _lp(model, labels):
    """Log-probabilities that put 0.9 on each sentence's label."""
    p = np.full((len(labels), len(model.labels)), 0.1 / (len(model.labels) - 1))
    for i, lab in enumerate(labels):
        p[i, model.labels.index(lab)] = 0.9
    return np.log(p)


def test_variants_reproduce_the_shipped_rules_and_try_a_closing_comparison_as_a_result():
    """``shipped`` is :meth:`RoleModel.predict` as st-facets labels a text alone, and so is the
    variant that re-implements the closing rule of sessions 13–16; the variant tried in session 17
    keeps a closing comparison with other work a result; every variant makes a closing finding
    without a comparison a conclusion."""
    model = RoleModel.load().for_roles()
    sents = ["Parsers are slow.", "We train a parser on treebanks.",
             "Results show that it outperforms earlier parsers."]
    lp = _lp(model, ["background", "method", "result"])
    expected = model.predict(sents, None, log_probs=lp, purpose=True, weight=model.abstract_weight, abstract=True)
    assert D.shipped(model, sents, lp) == expected and expected[-1] == "conclusion"
    assert D.VARIANTS["closing rule of sessions 13-16 (= shipped)"](model, sents, lp) == expected
    assert D.VARIANTS["closing, comparison excepted"](model, sents, lp)[-1] == "result"
    assert D.VARIANTS["closing, evidence excepted"](model, sents, lp)[-1] == "result"
    plain = sents[:2] + ["Results show that it is fast on long sentences."]
    for name in ("shipped", "closing, comparison excepted"):
        assert D.VARIANTS[name](model, plain, lp)[-1] == "conclusion"
    # the gate: a closing rule that fires only at a conclusion probability of at least 0.15
    assert D.VARIANTS["closing 13-16, gated P(conclusion) >= 0.15"](model, plain, lp)[-1] == "result"


def test_heading_fixed_finds_the_labels_headings_fix_as_predict_does():
    model = RoleModel.load().for_roles()
    sents = ["BACKGROUND: X is common.", "It matters.", "Comments: none.", "METHODS: We measured Y."]
    assert D.heading_fixed(model, sents) == ["background", "background", None, "method"]
    assert D.heading_fixed(model, ["X is common.", "We measured Y."]) == [None, None]
    lp = _lp(model, ["result"] * 4)
    labels = model.predict(sents, None, log_probs=lp, abstract=True)
    assert [labels[i] for i in (0, 1, 3)] == ["background", "background", "method"]


def test_each_rule_can_be_left_out_and_the_software_engineering_set_is_scored_when_here(monkeypatch):
    """Session 18: ``without the <rule> rule`` is the shipped decoding with that one rule off (the
    closing finding stays a result without the closing rule, and nothing else moves here); the
    software-engineering abstracts join the held-out sets when ``$ST_SE_ABSTRACTS`` names their file
    (here the made-up sample), never the development sets."""
    from scholartools.facets import corpora
    from scholartools.facets.roles import ROLES_RULES

    model = RoleModel.load().for_roles()
    sents = ["Parsers are slow.", "We train a parser on treebanks.", "Results show that it is fast."]
    lp = _lp(model, ["background", "method", "result"])
    assert D.VARIANTS["without the closing_conclusion rule"](model, sents, lp) == ["background", "method", "result"]
    assert all(D.VARIANTS[f"without the {r} rule"](model, sents, lp) == D.shipped(model, sents, lp)
               for r in ROLES_RULES if r != "closing_conclusion")
    monkeypatch.setattr(corpora, "raamove_file", lambda: corpora.RAAMOVE_SAMPLE)
    monkeypatch.setenv(corpora.SE_ENV, str(corpora.SE_SAMPLE))
    assert D.load_sets("test")["SE abstracts"] == (corpora.load_se(corpora.SE_SAMPLE), False)
    assert "SE abstracts" in D.TEST and "SE abstracts" not in D.DEV


def test_the_role_benchmarks_share_one_table_writer():
    # facets_roles_decode, _samd and _fields print their tables through facets_roles_fields.markdown_table
    assert D.markdown_table("variant", ["a", "b"], {"x": {"a": 0.5, "b": 0.12345}, "y": {"a": 1.0}}) == (
        "| variant | a | b |\n|---|---|---|\n| x | 0.500 | 0.123 |\n| y | 1.000 | – |")
