"""Embedding metrics: sentence cosine, BERTScore, KeyBERT-style keywords.

Sentence embeddings come from :mod:`scholartools.embeddings` (the bundled all-MiniLM-L6-v2
unless ``ST_EMBED_MODEL`` names another local model). Every function here takes *lists* of
texts so that one run encodes each distinct text once, in batches.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np


#: text → vector for the current embedding model, so that a streamed run (batches of records)
#: still encodes each distinct text once; bounded so that memory stays flat on huge inputs
_CACHE: dict[tuple[str, str], "np.ndarray"] = {}
CACHE_LIMIT = 50_000


def encode(texts: list[str], model: str | None = None) -> "np.ndarray":
    """L2-normalised sentence embeddings of ``texts`` with ``model`` (a local directory; default
    the shared one, :func:`scholartools.embeddings.model_path`): each distinct text encoded once
    per run."""
    import numpy as np

    from scholartools import embeddings

    if embeddings.backend(model) != embeddings.NATIVE:  # the numpy encoder never imports transformers
        quiet_transformers()
    key = embeddings.model_path(model)
    texts = list(texts)
    missing = list(dict.fromkeys(t for t in texts if (key, t) not in _CACHE))
    if missing:
        vecs = embeddings.encode(missing, model=model)
        if len(_CACHE) + len(missing) > CACHE_LIMIT:
            _CACHE.clear()
        for t, v in zip(missing, vecs):
            _CACHE[(key, t)] = v
    if not texts:
        return np.zeros((0, embeddings.dimension(model)), dtype=np.float32)
    local = {t: v for t, v in zip(missing, vecs)} if missing else {}
    return np.stack([local[t] if t in local else _CACHE[(key, t)] for t in texts])


def cosine_pairs(references: list[str], candidates: list[str], model: str | None = None) -> list[float]:
    """Cosine similarity of each (reference, candidate) sentence-embedding pair.

    The embedding cosine of BAGELS §5 / AAAR §2.4 (S-Match uses it on aligned pairs). All texts
    of the batch go through one :func:`encode` call. A pair with an empty (whitespace-only)
    side scores 0.0 — the model would otherwise embed the empty string.
    """
    import numpy as np

    n = len(references)
    if n == 0:
        return []
    vecs = encode(list(references) + list(candidates), model)
    sims = np.einsum("ij,ij->i", vecs[:n], vecs[n:])
    out = []
    for r, c, s in zip(references, candidates, sims):
        # clipped: float32 rounding puts identical texts at 1.0000001
        out.append(0.0 if not r.strip() or not c.strip() else min(1.0, max(-1.0, float(s))))
    return out


# --------------------------------------------------------------------------- BERTScore

def quiet_transformers() -> None:
    """No weight-loading progress bars or info logs from transformers on our stderr."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    try:
        from transformers.utils import logging as tlog

        tlog.set_verbosity_error()
        tlog.disable_progress_bar()
    except Exception:  # pragma: no cover - an older or newer transformers
        pass


#: the layer used for the bundled all-MiniLM-L6-v2 (6 layers; bert-score has no tuned value)
MINILM_LAYER = 6


def bertscore_model(model: str | None = None, num_layers: int | None = None) -> tuple[str, int]:
    """The (model path or name, layer) BERTScore will use.

    Default: the bundled sentence-embedding model's directory (``scholartools.embeddings``) and
    its last layer. The papers used ``roberta-large`` layer 17 (bert-score's default for
    English), which cannot be downloaded here; pass ``model`` (a local model directory; ``st-score``
    accepts nothing else, since nothing is downloaded) to use another encoder. For a model bert-score knows,
    its tuned layer is the default; otherwise the model's last layer.
    """
    from scholartools import embeddings

    if not model:
        model = embeddings.model_path()
    if num_layers is None and os.path.isabs(model) and os.path.isdir(model):
        num_layers = _hidden_layers(model)   # a model folder is never one of bert-score's hub names
    if num_layers is None:
        from scholartools.extras import require

        model2layers = require("bert_score.utils", "--metric bertscore").model2layers
        if model in model2layers:
            num_layers = model2layers[model]
        else:
            num_layers = _hidden_layers(model)
    return model, int(num_layers)


def _hidden_layers(model: str) -> int:
    import json

    cfg = os.path.join(model, "config.json")
    if os.path.isfile(cfg):
        with open(cfg, encoding="utf-8") as f:
            data = json.load(f)
        for key in ("num_hidden_layers", "n_layers", "num_layers"):
            if key in data:
                return int(data[key])
    return MINILM_LAYER


@lru_cache(maxsize=2)
def _bert_scorer(model: str, num_layers: int, batch_size: int):
    from scholartools.embeddings import offline_environment

    offline_environment()
    from scholartools.extras import require

    BERTScorer = require("bert_score", "--metric bertscore").BERTScorer
    quiet_transformers()
    return BERTScorer(model_type=model, num_layers=num_layers, batch_size=batch_size, idf=False,
                      rescale_with_baseline=False, device="cpu")


def bertscore(references: list[str], candidates: list[str], model: str | None = None,
              num_layers: int | None = None, batch_size: int = 64) -> list[dict[str, float]]:
    """BERTScore P/R/F1 (Zhang et al. 2020) with the ``bert-score`` library, no idf, no rescaling.

    BAGELS §5 and CLAIMCHECK Table 6 report BERTScore-F1 (roberta-large in BAGELS's code, no
    baseline rescaling). Here ``P`` is the candidate's greedy match into the reference and ``R``
    the reference's into the candidate, as in the BERTScore paper (BAGELS's code passed them the
    other way round; F1 is the same). bert-score sets all three to 0 for an empty candidate or
    reference (scored here without calling it). Returns one ``{"p", "r", "f"}`` per pair.
    """
    out = [{"p": 0.0, "r": 0.0, "f": 0.0} for _ in references]
    # empty sides are scored here (bert-score 0.3.13 crashes on them under transformers 5)
    keep = [i for i, (r, c) in enumerate(zip(references, candidates)) if r.strip() and c.strip()]
    if not keep:
        return out
    native = _native_bertscore(model, num_layers)
    if native is not None:
        for i, score in zip(keep, native([references[i] for i in keep], [candidates[i] for i in keep], batch_size)):
            out[i] = score
        return out
    model, layer = bertscore_model(model, num_layers)
    scorer = _bert_scorer(model, layer, batch_size)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p, r, f = scorer.score([candidates[i] for i in keep], [references[i] for i in keep], verbose=False,
                               batch_size=batch_size)
    for i, a, b, c in zip(keep, p.tolist(), r.tolist(), f.tolist()):
        out[i] = {"p": float(a), "r": float(b), "f": float(c)}
    return out


def _native_bertscore(model: str | None, num_layers: int | None):
    """BERTScore on the numpy encoder (:mod:`scholartools.embeddings.minilm`) when ``model`` is one it reads
    and the layer is its last (the default): the same P/R/F1 as bert-score (tested to 1e-6)
    without importing torch, transformers and bert-score (a cold start of ~10 s, ~0.5 s here).
    None when the library is needed (another layer, a model the numpy encoder cannot read)."""
    from scholartools import embeddings

    path = model or embeddings.model_path()
    if not path or embeddings.backend(path) != embeddings.NATIVE:
        return None
    from scholartools.embeddings import minilm

    spec = minilm.read_spec(path)
    if num_layers is not None and int(num_layers) != spec["layers"]:
        return None
    encoder = minilm.load(path)
    cfg = os.path.join(path, "tokenizer_config.json")
    tok_cfg = {}
    if os.path.isfile(cfg):
        import json

        with open(cfg, encoding="utf-8") as f:
            tok_cfg = json.load(f)
    max_length = int(tok_cfg.get("model_max_length") or spec["max_positions"])
    # bert-score weighs every token 1 but [CLS] and [SEP] 0 (idf off); they stay match targets
    special = {encoder.tokenizer.token_to_id(tok_cfg.get(k, d)) for k, d in
               (("cls_token", "[CLS]"), ("sep_token", "[SEP]"))} - {None}

    def score(references: list[str], candidates: list[str], batch_size: int) -> list[dict]:
        import numpy as np

        states = encoder.token_states(candidates + references, max_length, batch_size)
        out = []
        for (c_ids, c), (r_ids, r) in zip(states[:len(candidates)], states[len(candidates):]):
            sim = c @ r.T
            c_w = np.array([0.0 if t in special else 1.0 for t in c_ids])
            r_w = np.array([0.0 if t in special else 1.0 for t in r_ids])
            p = float((sim.max(axis=1) * c_w).sum() / c_w.sum()) if c_w.sum() else 0.0
            rr = float((sim.max(axis=0) * r_w).sum() / r_w.sum()) if r_w.sum() else 0.0
            f = 2 * p * rr / (p + rr) if p + rr else 0.0
            out.append({"p": p, "r": rr, "f": f})
        return out

    return score


# --------------------------------------------------------------------------- keywords

@lru_cache(maxsize=1)
def _stop_words() -> frozenset:
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


def keyword_candidates(text: str) -> list[str]:
    """Candidate keywords as KeyBERT's default ``CountVectorizer(ngram_range=(1, 1),
    stop_words="english")`` finds them: distinct lowercase words of 2+ characters, no stop words,
    sorted."""
    from scholartools.metrics.overlap import bow_tokens

    stop = _stop_words()
    return sorted({t for t in bow_tokens(text) if t not in stop})


def keywords(texts: list[str], top_n: int = 5, model: str | None = None) -> list[list[str]]:
    """Top-``top_n`` keywords per text, KeyBERT's default algorithm (no MMR, no MaxSum).

    BAGELS's keyword metric (spec seed-bagels §6.6) used ``KeyBERT()`` — all-MiniLM-L6-v2,
    unigrams, English stop words, top 5: the candidate words closest (cosine) to the whole text's
    embedding. Same recipe here with the shared embedder. A text without candidates has none.
    """
    import numpy as np

    cands = [keyword_candidates(t) for t in texts]
    words = sorted({w for c in cands for w in c})
    if not words:
        return [[] for _ in texts]
    doc_vecs = encode(list(texts), model)
    word_vecs = encode(words, model)
    index = {w: i for i, w in enumerate(words)}
    out = []
    for vec, cand in zip(doc_vecs, cands):
        if not cand:
            out.append([])
            continue
        sims = word_vecs[[index[w] for w in cand]] @ vec
        order = np.argsort(-sims, kind="stable")[:top_n]
        out.append([cand[i] for i in order])
    return out
