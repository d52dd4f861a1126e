"""The shared retrieval module and chunker: BM25, dense, fusions (BAGELS §5.5) on hand-checked cases."""
import pytest

from scholartools.retrieval import HybridIndex, rrf, score_fusion
from scholartools.text.chunks import split_chunks


def test_rrf_is_weighted_reciprocal_rank_with_c60():
    fused = rrf({"bm25": [2, 0], "dense": [0, 1]}, {"bm25": 0.5, "dense": 0.5})
    assert fused[0] == pytest.approx(0.5 / 62 + 0.5 / 61)
    assert fused[2] == pytest.approx(0.5 / 61)
    assert fused[1] == pytest.approx(0.5 / 62)
    assert sorted(fused, key=lambda d: -fused[d]) == [0, 2, 1]


def test_score_fusion_min_max_normalises_each_retriever():
    fused = score_fusion({"bm25": {0: 10.0, 1: 0.0}, "dense": {0: 0.2, 1: 0.6, 2: 0.4}})
    assert fused == pytest.approx({0: 1.0, 1: 1.0, 2: 0.5})


def test_hybrid_search_finds_the_overlapping_text_and_reports_ranks():
    idx = HybridIndex(["Our model outperforms the baseline on three benchmarks.",
                       "We thank the anonymous reviewers.",
                       "The dataset covers only English news text."])
    hits = idx.search("does the model beat the baseline", k=2)
    assert hits[0].index == 0 and hits[0].ranks == {"bm25": 1, "dense": 1}
    assert len(hits) == 2
    only = idx.search("baseline", k=3, allowed=[1, 2])
    assert {h.index for h in only} <= {1, 2}


def test_chunks_pack_paragraphs_and_keep_long_ones_whole():
    text = "a" * 10 + "\n\n" + "b" * 10 + "\n\n" + "c" * 30
    assert split_chunks(text, size=25, overlap=0) == ["a" * 10 + "\n\n" + "b" * 10, "c" * 30]
    assert all(len(c) <= 12 for c in split_chunks("w " * 50, size=12, overlap=0, hard=True))
    assert split_chunks("", size=10, overlap=2) == []
