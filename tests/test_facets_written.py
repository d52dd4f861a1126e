"""The written sentence-role corpus (data/facet-roles) and the role model trained with it.

The corpus is training data, so these tests guard what training data must never be: malformed,
copied from the evaluation data, or out of step with the shipped model. The quality test measures
the shipped model on labels it was not trained on (GPT-4's stored ScholarSum PubMed extractions).
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter

from conftest import EXTERNAL, ROOT, scholarsum_pubmed_pairs
from scholartools.facets.roles import LABELS, RoleModel
from scholartools.facets.corpora import WRITTEN_FIELDS_DIR, load_mulms
from tools.train_roles import WRITTEN_DIR, load_written

STYLES = {"abstract", "llm-summary", "seq2seq-summary", "extractive-summary"}
SHINGLE = 8  # words
COPIED = 0.3  # share of a sentence's 8-word runs found in the evaluation text that means a near-copy


def corpus_items(directory=WRITTEN_DIR) -> list[dict]:
    items = []
    for path in sorted(directory.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                items.append(dict(json.loads(line), _where=f"{path.name}:{n}"))
    return items


def shingles(text: str) -> set[tuple[str, ...]]:
    w = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(w[i:i + SHINGLE]) for i in range(len(w) - SHINGLE + 1)}


def test_corpus_is_well_formed():
    items = corpus_items()
    assert len(items) >= 830
    ids = [it["id"] for it in items]
    assert len(ids) == len(set(ids)), [i for i, c in Counter(ids).items() if c > 1]
    for it in items:
        where = it["_where"]
        assert it["style"] in STYLES, where
        assert len(it["sentences"]) == len(it["labels"]) >= 2, where
        assert set(it["labels"]) <= set(LABELS), where
        assert all(s.strip() and "\n" not in s for s in it["sentences"]), where
    labels = Counter(lab for it in items for lab in it["labels"])
    # every facet well represented, conclusions included (CSAbstruct has none)
    assert all(labels[f] >= 0.08 * sum(labels.values()) for f in ("background", "method", "result", "conclusion"))
    # as the README says: some texts end without a conclusion, some summaries have none at all
    assert sum("conclusion" not in it["labels"] for it in items) >= 0.15 * len(items)
    assert load_written(WRITTEN_DIR) == [(it["sentences"], it["labels"]) for it in items]


def test_third_round_is_well_formed_and_apart():
    """The third round (``written-fields``, data/facet-roles/fields): abstracts only, every facet in
    it, its own corpus (the written corpus, which the shipped model was trained on, does not read it),
    ids unique across both rounds, trained on with its own weight."""
    from scholartools.facets import corpora
    from tools import train_roles as tr

    items = corpus_items(WRITTEN_FIELDS_DIR)
    assert len(items) >= 400 and {it["style"] for it in items} == {"abstract"}
    ids = [it["id"] for it in items + corpus_items()]
    assert len(ids) == len(set(ids))
    for it in items:
        assert len(it["sentences"]) == len(it["labels"]) >= 3 and set(it["labels"]) <= set(LABELS), it["_where"]
    labels = Counter(lab for it in items for lab in it["labels"])
    assert all(labels[f] >= 0.1 * sum(labels.values()) for f in ("background", "method", "result", "conclusion"))
    assert corpora.load("written-fields") == [(it["sentences"], it["labels"]) for it in items]
    assert len(corpora.load("written")) == len(corpus_items())   # the first two rounds only
    assert tr.training_docs("written-fields", "dev") == [] and tr.shippable(["csabstruct", "written-fields"])
    assert tr.corpus_weight("written-fields", 1.0, 0.5, 0.25) == 0.25


def test_corpus_shares_no_text_with_the_evaluation_data():
    """No sentence of the corpus (both rounds) is a near-copy of ScholarSum, CSAbstruct,
    NICTA-PIBOSO or MuLMS-AZ text: at most 30 % of its 8-word runs occur there. Formulaic openings
    ("the aim of this study was to determine the …") reach 21 %; a copied or lightly edited
    sentence would be near 100 %."""
    theirs = set()
    for r in scholarsum_pubmed_pairs():
        theirs |= shingles(r["reference"]) | shingles(r["candidate"])
    roles = EXTERNAL / "abstract-roles"
    for split in ("train", "dev", "test"):
        for line in (roles / "CSAbstruct" / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                theirs |= shingles(" ".join(json.loads(line)["sentences"]))
    theirs |= shingles((roles / "NICTA-PIBOSO" / "test_clean.txt").read_text(encoding="utf-8"))
    for sents, _ in load_mulms():
        theirs |= shingles(" ".join(sents))
    copied = []
    for it in corpus_items() + corpus_items(WRITTEN_FIELDS_DIR):
        for s in it["sentences"]:
            runs = shingles(s)
            if runs and len(runs & theirs) > COPIED * len(runs):
                copied.append((it["_where"], s))
    assert not copied, copied[:10]


def test_shipped_model_was_trained_on_the_corpus_as_it_is():
    """Adding to the corpus without retraining (python -m tools.train_roles) fails here."""
    meta = json.loads((ROOT / "scholartools" / "facets" / "model" / "roles.json").read_text(encoding="utf-8"))
    items = corpus_items()
    n_sent = sum(len(it["sentences"]) for it in items)
    assert f"data/facet-roles ({len(items)} texts, {n_sent} sentences" in meta["trained_on"]
    assert "conclusion" in RoleModel.load().labels


def test_role_model_on_pubmed_silver_labels():
    """Macro-F1 of the shipped model against GPT-4's stored facet extractions of the PubMed
    references (headings stripped; 366 sentences): 0.73 for the CSAbstruct-only model, 0.830 for
    the first model with the written corpus, 0.824 (conclusion P/R 0.94 / 0.71) for the shipped
    one (field-independent features, centered embeddings; see docs/st-facets.md). The candidate
    summaries (1,913 sentences; 0.778, conclusion recall 0.64) are measured by
    benchmarks/facets_roles.py and, through FM r, by tests/test_facets_pubmed.py: embedding them
    here would take minutes."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import facets_roles

    from scholartools.facets.roles import load_model

    ref = facets_roles.score(load_model(), facets_roles.pubmed_docs("reference", no_headings=True))
    assert ref["macro_f1"] >= 0.80
    assert ref["per_facet"]["conclusion"]["p"] >= 0.9 and ref["per_facet"]["conclusion"]["r"] >= 0.68
