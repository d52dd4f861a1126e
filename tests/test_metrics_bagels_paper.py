"""BAGELS App. A.2 B-C as the paper defines them: keyword Jaccard / cosine and heading BERTScore per
paper over the whole lists (issue 34 item 6), against the per-pair versions of the authors' code."""
import math

import pytest

from scholartools import score
from scholartools.metrics.bagels_paper import headings, item_texts

# few enough candidate words (<= top 5) that KeyBERT keeps them all: the keyword sets are known
GT = ["Small dataset.", "Only English."]                       # {small, dataset, english}
GEN = ["The dataset is small.", "No multilingual test."]       # {dataset, small, multilingual, test}


def test_keywords_per_paper_over_the_whole_lists_by_hand():
    rec = {"id": "p1", "limitations": {"merged": [{"text": t} for t in GT]}, "generated": GEN}
    out = score([rec], ["kw-jaccard-paper", "kw-cosine-paper"])[0]["scores"]
    assert out["kw-jaccard-paper"] == pytest.approx(2 / 5)                 # {dataset, small} of 5 words
    assert out["kw-cosine-paper"] == pytest.approx(2 / (math.sqrt(3) * math.sqrt(4)))
    # the authors' per-pair version on the first matched pair sees other keyword sets: 1.0
    pair = score([{"id": "m", "reference": GT[0], "candidate": GEN[0]}], ["kw-jaccard"])[0]["scores"]
    assert pair["kw-jaccard"] == 1.0


def test_headings_are_the_bold_labels_space_joined():
    items = ["**Small data**: only 100 papers.", "no heading here", "**English** only and **no** code"]
    assert headings(items) == "Small data English no"
    assert item_texts([{"text": "a"}, "b"]) == ["a", "b"]


def test_heading_bertscore_per_paper():
    same = {"id": "p1", "limitations": {"merged": ["**Small data**: 100 papers.", "**English only**: one language."]},
            "generated": ["**Small data**: too few papers", "**English only**: no other language"]}
    bare = {"id": "p2", "limitations": {"merged": ["The data is small."]}, "generated": ["**Small data**: few"]}
    out = score([same, bare], ["heading-bertscore"])
    assert out[0]["scores"]["heading-bertscore"]["f"] == pytest.approx(1.0, abs=1e-5)   # identical headings
    assert out[1]["scores"]["heading-bertscore"] == {"p": 0.0, "r": 0.0, "f": 0.0}      # no GT heading: 0
    assert out[1]["warnings"][0]["kind"] == "no_headings"
    assert out[1]["warnings"][0]["field"] == ["limitations.merged"]
