"""The offline embeddings helper on real text."""

import numpy as np

from scholartools import embeddings


def test_encode_normalises_deduplicates_and_ranks_paraphrases():
    texts = [
        "We propose a new method for parsing scientific PDFs.",
        "A novel approach to extracting structure from scholarly PDF files is introduced.",
        "The patients received 20 mg of the drug daily for six weeks.",
        "We propose a new method for parsing scientific PDFs.",
    ]
    vecs = embeddings.encode(texts)
    assert vecs.shape == (4, 384)
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(vecs[0], vecs[3])
    sim = vecs @ vecs.T
    # the paraphrase is much closer than the unrelated clinical sentence
    assert sim[0, 1] > 0.6 and sim[0, 2] < 0.2


def test_model_loaded_once_and_matches_plain_sentence_transformers():
    from sentence_transformers import SentenceTransformer

    assert embeddings.load_model() is embeddings.load_model()
    plain = SentenceTransformer(embeddings.model_path(), device="cpu")
    text = ["Limitations: our evaluation covers English papers only."]
    ref = plain.encode(text, normalize_embeddings=True)
    assert np.allclose(embeddings.encode(text), ref, atol=1e-5)


def test_empty_input_and_cosine_matrix():
    assert embeddings.encode([]).shape == (0, 384)
    m = embeddings.cosine_matrix(["a cat sat on the mat"], ["a cat sat on the mat", "stock prices fell"])
    assert m.shape == (1, 2) and abs(m[0, 0] - 1) < 1e-5 and m[0, 1] < 0.3
