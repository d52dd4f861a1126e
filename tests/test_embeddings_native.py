"""The numpy MiniLM encoder against sentence-transformers (an independent implementation on torch).

Parity is checked on varied real and synthetic texts: ScholarSum candidate/reference sentences
(the lowercased, tokenised PubMed style), texts longer than 256 word pieces (truncation), unicode,
numbers, the empty string and duplicates.
"""

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from conftest import EXTERNAL, ROOT
from scholartools import embeddings
from scholartools.embeddings import minilm


TAIL = " extra tail that truncation must drop"


def varied_texts() -> list[str]:
    rows = [json.loads(line) for line in (EXTERNAL / "scholarsum" / "pairs.jsonl").open(encoding="utf-8")]
    texts = []
    for r in rows[::7][:40]:
        sentences = [s for s in r["candidate"].split(". ") if s.strip()]
        texts.append(sentences[0])                       # one sentence of a system summary
        texts.append(r["reference"][:600])               # PubMed abstract style ("( n = 120 ) , p < 0.05 .")
    long_ref = " ".join(r["reference"] for r in rows[:3])  # thousands of word pieces: truncated at 256
    texts += [
        long_ref, long_ref[:1500], long_ref + TAIL,
        "", " ", "a", "A", "( n = 120 ) , p < 0.05 .", "p<0.001; OR = 2.31 (95% CI 1.10–4.85)",
        "Ünïcödé façade naïve café — Straße", "東京大学の研究者が新しい手法を提案した。", "🚀🧪 emoji only",
        "Ελληνικά και русский текст", "1234567890 3.14159 2e-5 -42", "x " * 400,
        "We propose a new method for parsing scientific PDFs.",
        "we propose a new method for parsing scientific pdfs .",
        "Limitations: our evaluation covers English papers only.",
        "\tTabs\tand\nnewlines\n  inside  ", "supercalifragilisticexpialidocious antidisestablishmentarianism",
        "[CLS] [SEP] [PAD] [MASK] [UNK]", "Mean ± SD was 4.2 ± 1.3 mg/dL (n=87).",
    ]
    texts += [f"Sentence number {i} about {w}." for i, w in enumerate(
        ["transformers", "mice", "glucose", "regression", "citations", "peer review", "benchmarks",
         "tumours", "survey data", "annotation"] * 4)]
    texts += texts[:10]                                  # duplicates
    return texts


@pytest.fixture(scope="module")
def both():
    from sentence_transformers import SentenceTransformer

    embeddings.offline_environment()
    texts = varied_texts()
    reference = SentenceTransformer(embeddings.model_path(), device="cpu").encode(
        texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False)
    native = minilm.load(embeddings.model_path()).encode(texts, batch_size=16)
    return texts, native, np.asarray(reference, dtype=np.float32)


def test_native_matches_sentence_transformers(both):
    texts, native, reference = both
    assert len(texts) >= 150
    assert native.shape == reference.shape == (len(texts), 384)
    assert native.dtype == np.float32
    cos = np.einsum("ij,ij->i", native, reference) / np.linalg.norm(reference, axis=1)
    # measured: min cosine 0.99999976, max |difference| 2.3e-7 (float32 rounding of matmul order)
    assert cos.min() >= 0.9999995
    assert np.abs(native - reference).max() <= 1e-6


def test_truncation_and_order(both):
    texts, native, _ = both
    enc = minilm.load(embeddings.model_path())
    ids = enc.tokenize(texts)
    assert max(map(len, ids)) == 256 and sum(len(i) == 256 for i in ids) >= 4
    j = next(k for k, t in enumerate(texts) if t.endswith(TAIL))
    i = texts.index(texts[j][: -len(TAIL)])
    # the tail lies beyond token 256; equal up to float32 rounding (batch shapes change the BLAS order)
    assert np.allclose(native[i], native[j], atol=1e-6)
    # input order kept although batches are sorted by length; batch composition does not matter
    single = enc.encode([texts[5]])
    assert np.allclose(single[0], native[5], atol=1e-6)
    assert np.allclose(np.linalg.norm(native, axis=1), 1.0, atol=1e-6)


def test_gelu_is_the_exact_erf_form():
    x = np.linspace(-12, 12, 200_001, dtype=np.float32)
    exact = np.array([v * 0.5 * math.erfc(-v / math.sqrt(2)) for v in x.astype(np.float64)])
    got = minilm.gelu(x)
    assert got.dtype == np.float32
    # float32 resolution of values up to 12 is ~1e-6; the tanh approximation is off by up to 3e-4
    assert np.abs(got - exact).max() <= 1e-6
    tanh_form = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
    assert np.abs(tanh_form - exact).max() > 1e-4


def test_embeddings_encode_uses_native_backend_without_torch():
    code = (
        "import sys\n"
        "from scholartools import embeddings\n"
        "v = embeddings.encode(['a cat sat on the mat', 'stock prices fell', ''])\n"
        "assert embeddings.backend() == 'native', embeddings.backend()\n"
        "assert v.shape == (3, 384) and embeddings.dimension() == 384\n"
        "heavy = sorted(m for m in ('torch', 'transformers', 'sentence_transformers', 'scipy') if m in sys.modules)\n"
        "print('HEAVY', heavy)\n"
    )
    env_clean = {k: v for k, v in __import__("os").environ.items()
                 if k not in ("ST_EMBED_BACKEND", "ST_EMBED_MODEL")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env=env_clean, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "HEAVY []" in out.stdout


def test_backend_selection(monkeypatch, tmp_path):
    monkeypatch.delenv("ST_EMBED_MODEL", raising=False)
    monkeypatch.delenv("ST_EMBED_BACKEND", raising=False)
    assert embeddings.backend() == "native"
    monkeypatch.setenv("ST_EMBED_BACKEND", "sentence-transformers")
    assert embeddings.backend() == "sentence-transformers"
    monkeypatch.setenv("ST_EMBED_BACKEND", "bogus")
    with pytest.raises(ValueError):
        embeddings.backend()
    # a model directory that is not a mean-pooled BERT: auto falls back, forcing native refuses
    import shutil

    bad = tmp_path / "cls-pooled"
    shutil.copytree(embeddings.model_path(), bad, ignore=shutil.ignore_patterns("model.safetensors"))
    (bad / "model.safetensors").symlink_to(__import__("pathlib").Path(embeddings.model_path()) / "model.safetensors")
    pool = json.loads((bad / "1_Pooling" / "config.json").read_text())
    pool.update(pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    (bad / "1_Pooling" / "config.json").write_text(json.dumps(pool))
    monkeypatch.setenv("ST_EMBED_MODEL", str(bad))
    monkeypatch.setenv("ST_EMBED_BACKEND", "auto")
    assert embeddings.backend() == "sentence-transformers"
    monkeypatch.setenv("ST_EMBED_BACKEND", "native")
    with pytest.raises(minilm.UnsupportedModel, match="mean"):
        embeddings.backend()


@pytest.mark.parametrize("edit, message", [
    (("config.json", "hidden_act", "gelu_new"), "hidden_act"),
    (("config.json", "model_type", "roberta"), "model_type"),
    (("config.json", "position_embedding_type", "relative_key"), "absolute"),
    (("sentence_bert_config.json", "max_seq_length", 1024), "max_position_embeddings"),
])
def test_refuses_other_architectures(tmp_path, edit, message):
    import shutil

    model = tmp_path / "m"
    shutil.copytree(embeddings.model_path(), model, ignore=shutil.ignore_patterns("model.safetensors"))
    (model / "model.safetensors").touch()
    name, key, value = edit
    cfg = json.loads((model / name).read_text())
    cfg[key] = value
    (model / name).write_text(json.dumps(cfg))
    with pytest.raises(minilm.UnsupportedModel, match=message):
        minilm.read_spec(model)
    minilm.read_spec(embeddings.model_path())  # the bundled model is accepted
    modules = json.loads((model / "modules.json").read_text())
    modules.insert(2, {"idx": 2, "name": "2", "path": "2_Dense", "type": "sentence_transformers.models.Dense"})
    (model / "modules.json").write_text(json.dumps(modules))
    with pytest.raises(minilm.UnsupportedModel, match="modules.json"):
        minilm.read_spec(model)
