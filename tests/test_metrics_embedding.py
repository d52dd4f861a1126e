"""Embedding metrics against the libraries they wrap, called directly (bundled MiniLM, offline)."""

import sys

import pytest

from scholartools.metrics import embedding

TEXTS = [("The model was only evaluated on English data.", "Evaluation covered English only."),
         ("We use a small sample of 40 papers.", "The dataset is tiny, which limits generality."),
         ("Identical text here.", "Identical text here.")]


def test_cosine_equals_sentence_transformers_directly():
    from sentence_transformers import SentenceTransformer, util

    from scholartools.embeddings import model_path

    model = SentenceTransformer(model_path(), device="cpu")
    refs, cands = [a for a, _ in TEXTS], [b for _, b in TEXTS]
    got = embedding.cosine_pairs(refs, cands)
    ea, eb = model.encode(refs, convert_to_tensor=True), model.encode(cands, convert_to_tensor=True)
    expected = util.cos_sim(ea, eb).diagonal().tolist()
    assert got == pytest.approx(expected, abs=1e-5)
    assert got[2] == pytest.approx(1.0)
    assert embedding.cosine_pairs(["x"], ["  "]) == [0.0]


def test_bertscore_equals_bert_score_library_and_orientation():
    from bert_score import score

    from scholartools.embeddings import model_path

    refs, cands = [a for a, _ in TEXTS], [b for _, b in TEXTS]
    got = embedding.bertscore(refs, cands)
    p, r, f = score(cands, refs, model_type=model_path(), num_layers=6, verbose=False)
    assert [g["p"] for g in got] == pytest.approx(p.tolist(), abs=1e-6)
    assert [g["r"] for g in got] == pytest.approx(r.tolist(), abs=1e-6)
    assert [g["f"] for g in got] == pytest.approx(f.tolist(), abs=1e-6)
    assert got[2]["f"] == pytest.approx(1.0, abs=1e-6)
    # P of (ref, cand) is R of (cand, ref)
    swapped = embedding.bertscore(cands, refs)
    assert [s["r"] for s in swapped] == pytest.approx([g["p"] for g in got], abs=1e-6)
    assert embedding.bertscore(["something"], [""]) == [{"p": 0.0, "r": 0.0, "f": 0.0}]
    assert embedding.bertscore_model() [1] == 6


def test_keyword_candidates_match_keybert_vectorizer():
    from sklearn.feature_extraction.text import CountVectorizer

    text = "The evaluation relies on a single benchmark, and the benchmark covers English only."
    expected = CountVectorizer(ngram_range=(1, 1), stop_words="english").fit([text]).get_feature_names_out()
    assert embedding.keyword_candidates(text) == list(expected)
    kws = embedding.keywords([text, ""], top_n=2)
    assert len(kws[0]) == 2 and set(kws[0]) <= set(expected) and kws[1] == []


def test_bertscore_of_the_bundled_model_needs_no_torch_and_truncates_as_bert_score(monkeypatch):
    """The bundled model is scored on the numpy encoder (issue 35: cold start), truncated at the
    tokenizer's model_max_length (512) as bert-score does, not at the embedding's 256."""
    from bert_score import score

    from scholartools.embeddings import model_path

    long_ref = " ".join(f"term{i} appears in section {i % 7} of the study" for i in range(120))   # > 512 tokens
    long_cand = long_ref[:900]
    p, r, f = score([long_cand], [long_ref], model_type=model_path(), num_layers=6, verbose=False)
    for name in ("torch", "transformers", "bert_score"):
        monkeypatch.setitem(sys.modules, name, None)   # importing any of them now fails
    got = embedding.bertscore([long_ref], [long_cand])[0]
    assert (got["p"], got["r"], got["f"]) == pytest.approx((p.item(), r.item(), f.item()), abs=1e-6)
    assert embedding.bertscore_model() == (model_path(), 6)
