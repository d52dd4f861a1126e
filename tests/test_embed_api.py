"""--embed-model / ST_EMBED_MODEL with an API embedding model through litellm (issue 34 item 2):
the paper's encoder by name (BAGELS: text-embedding-ada-002), asked on the scripted server's
/v1/embeddings, cached in the LLM cache like a completion, named in provenance."""
from __future__ import annotations

import numpy as np
import pytest


def test_which_names_go_to_litellm(tmp_path):
    from scholartools.llm.embeddings import is_api_model

    assert is_api_model("text-embedding-ada-002") and is_api_model("openai/text-embedding-3-small")
    assert is_api_model("litellm/my-embedder")
    assert not is_api_model("all-mpnet-base-v2") and not is_api_model(str(tmp_path)) and not is_api_model(None)


def test_api_embeddings_are_normalised_and_cached(openai_server, tmp_path, monkeypatch):
    from openai_server import fake_embedding

    from scholartools.embeddings import encode

    monkeypatch.setenv("ST_API_BASE", openai_server.url)
    monkeypatch.setenv("ST_CACHE", str(tmp_path / "c.sqlite"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    texts = ["the model overfits", "the model overfits", "no ablation study"]
    v = encode(texts, model="openai/text-embedding-ada-002")
    assert v.shape == (3, 8) and np.allclose(np.linalg.norm(v, axis=1), 1.0)
    want = np.asarray(fake_embedding("no ablation study"))
    assert np.allclose(v[2], want / np.linalg.norm(want), atol=1e-6)
    assert np.allclose(v[0], v[1])
    asked = [t for body in openai_server.embedding_requests for t in body["input"]]
    assert sorted(asked) == ["no ablation study", "the model overfits"]        # each distinct text once
    assert openai_server.embedding_requests[0]["model"] == "text-embedding-ada-002"
    again = encode(["no ablation study", "the model overfits"], model="openai/text-embedding-ada-002")
    assert len(openai_server.embedding_requests) == 1                          # from the LLM cache
    assert np.allclose(again[0], v[2])


def test_st_score_cosine_with_the_papers_api_encoder(openai_server, tmp_path):
    from judge_helpers import invoke
    from scholartools.cli.score import main

    rec = {"id": "a", "reference": "the model overfits the data", "candidate": "the model overfits"}
    code, out, err = invoke(main, ["--metric", "cosine", "--embed-model", "openai/text-embedding-ada-002"], [rec],
                            env={"ST_API_BASE": openai_server.url, "ST_CACHE": str(tmp_path / "c.sqlite")})
    assert code == 0, out
    assert out[0]["scores"]["cosine"] == pytest.approx(
        float(np.dot(*[np.asarray(x) / np.linalg.norm(x) for x in
                       [__import__("openai_server").fake_embedding(t) for t in (rec["reference"], rec["candidate"])]])),
        abs=1e-5)
    assert out[0]["provenance"][-1]["embedding_model"] == "openai/text-embedding-ada-002"
