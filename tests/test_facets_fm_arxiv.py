"""Offline FM out of field: Koh et al.'s arXiv summaries rated by people for relevance (issue 37).

The loader is tested on the made-up sample in the upstream files' formats
(fixtures/koh-arxiv/sample); the pipeline's figure on the real set where it is here
(``$ST_KOH_ARXIV`` or the data cache: fixtures/koh-arxiv/PROVENANCE.md; no licence, so never
committed and not in the data registry, whose every set CI holds)."""
from __future__ import annotations

import shutil

import pytest

from scholartools.facets import corpora


def test_the_sample_joins_ratings_raters_and_references():
    pairs = corpora.load_koh_arxiv(corpora.KOH_SAMPLE)
    # the GovReport row is passed over; ids whose zeros the reference files lost are matched
    assert [p["id"] for p in pairs] == ["koh-arxiv-1403.0800-bart-lead-1k", "koh-arxiv-1403.0800-pegasus-lead-1k",
                                        "koh-arxiv-0709.0677-bart-lead-1k", "koh-arxiv-qfin0501001-bart-lead-1k"]
    first = pairs[0]
    assert first["category"] == "cs" and first["system"] == "BART (LEAD 1K)"
    assert first["reference_sentences"] == ["Sorting networks are a classical model of parallel comparison.",
                                            "We give a new construction whose depth is within a constant of the "
                                            "lower bound.",
                                            "Experiments on random inputs show a speedup of 30 % over the best known "
                                            "network."]
    assert first["reference"] == " ".join(first["reference_sentences"])
    assert first["candidate"] == "sorting networks compare in parallel . we build a network of small depth ."
    assert first["human"]["relevance"] == pytest.approx(0.5)
    assert first["human"]["relevance_raters"] == [0.6, 0.4, 0.5]
    assert pairs[2]["category"] == "q-bio" and pairs[2]["reference_quality"] == "good"
    assert pairs[3]["reference_sentences"][-1] == "We model it with a regime switching process."


def test_a_paper_without_its_abstract_is_an_error_naming_it(tmp_path):
    folder = tmp_path / "koh"
    shutil.copytree(corpora.KOH_SAMPLE, folder)
    text = (folder / "good.csv").read_text(encoding="utf-8")
    (folder / "good.csv").write_text("\n".join(ln for ln in text.splitlines() if "709.0677" not in ln) + "\n",
                                     encoding="utf-8")
    with pytest.raises(ValueError, match="0709.0677"):
        corpora.load_koh_arxiv(folder)


def test_without_the_set_the_error_says_where_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setenv(corpora.KOH_ENV, str(tmp_path / "absent"))
    monkeypatch.setattr("scholartools.data.catalog.cache_dir", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match="ST_KOH_ARXIV.*PROVENANCE"):
        corpora.load_koh_arxiv()


@pytest.mark.skipif(corpora.koh_dir() is None, reason="the arXiv relevance set is not here: set $ST_KOH_ARXIV "
                                                         "(fixtures/koh-arxiv/PROVENANCE.md)")
def test_offline_fm_out_of_field_reaches_the_aim():
    """st-facets | st-score --metric fm on the 204 arXiv summaries: Pearson r with the people's
    relevance. Nothing of FM (role model, rater) was fitted or chosen on it; measured 0.600 (0.667
    on the twelve papers outside biology), the aim on a field FM was not fitted on is 0.55."""
    from benchmarks.facets_fm_arxiv import PIPELINE, fm_scores, pearson
    import json

    pairs = corpora.load_koh_arxiv()
    assert len(pairs) == 204 and len({p["doc_id"] for p in pairs}) == 17
    assert PIPELINE[:4] == ["--ref", "reference", "--ref-sentences", "reference_sentences"]
    score = fm_scores(b"".join(json.dumps(p).encode() + b"\n" for p in pairs))
    r = pearson([score[p["id"]] for p in pairs], [p["human"]["relevance"] for p in pairs])
    assert r == pytest.approx(0.600, abs=0.006) and r >= 0.55
