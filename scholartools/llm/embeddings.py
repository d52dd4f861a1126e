"""Embeddings from an API model through litellm (``--embed-model text-embedding-ada-002``,
``ST_EMBED_MODEL=openai/text-embedding-3-small``): BAGELS' retrieval used OpenAI's
text-embedding-ada-002, and a run that wants the paper's encoder names it here.

Which names go to litellm (:func:`is_api_model`): a name with a provider prefix (``openai/``,
``azure/``, ``cohere/`` … or ``litellm/`` to force it) or one starting ``text-embedding-``; a local
directory never does, and any other name is a sentence-transformers model
(:mod:`scholartools.embeddings`). The endpoint is ``ST_API_BASE`` when set; the key is the
provider's usual variable. litellm is imported only when such a model is used.

Every vector is cached in the LLM cache (``ST_CACHE``, else the default path) like a completion:
the key is the hash of ``{"embedding": model, "api_base": …, "input": text}``, so a text is asked
once per model across runs; ``ST_NO_CACHE=1`` skips the cache. Rows come back L2-normalised.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

#: provider prefixes that mark a litellm embedding model
PROVIDERS = ("openai/", "azure/", "cohere/", "voyage/", "mistral/", "bedrock/", "gemini/", "vertex_ai/",
             "ollama/", "huggingface/", "hosted_vllm/", "nvidia_nim/", "jina_ai/", "litellm/")
#: texts per litellm.embedding call
BATCH = 128


def is_api_model(name: str | None) -> bool:
    """True when ``name`` names an API embedding model (see the module docstring)."""
    if not name or os.path.isdir(name):
        return False
    return name.startswith(PROVIDERS) or name.startswith("text-embedding-")


def _model_id(name: str) -> str:
    return name[len("litellm/"):] if name.startswith("litellm/") else name


def _cache():
    if os.environ.get("ST_NO_CACHE", "").strip() in ("1", "true", "yes"):
        return None
    from scholartools.llm import cache as cache_mod

    try:
        return cache_mod.open_cache(os.environ.get("ST_CACHE") or cache_mod.default_path())
    except cache_mod.CacheUnavailable:
        return None


def _credentials(litellm, model_id: str, api_base: str | None) -> dict:
    """As the completion client: ``ST_API_KEY`` when set; a local OpenAI-compatible endpoint
    without a provider key gets a placeholder key (the client refuses to send none)."""
    kwargs: dict = {"api_base": api_base} if api_base else {}
    key = os.environ.get("ST_API_KEY")
    if key:
        kwargs["api_key"] = key
    elif api_base:
        try:
            known = bool(litellm.validate_environment(model=model_id).get("keys_in_environment"))
        except Exception:  # noqa: BLE001
            known = False
        if not known:
            kwargs["api_key"] = "sk-no-key-needed"
    return kwargs


def embed(texts: list[str], model: str) -> "np.ndarray":
    """One L2-normalised row per distinct text of ``texts`` (in the order given)."""
    import numpy as np

    from scholartools.llm import cache as cache_mod

    model_id = _model_id(model)
    api_base = os.environ.get("ST_API_BASE") or None
    requests = [{"embedding": model_id, "api_base": api_base, "input": t} for t in texts]
    keyed = [cache_mod.request_key(r) for r in requests]
    cache = _cache()
    hits = cache.lookup_many([k for k, _ in keyed]) if cache is not None else {}
    vectors: dict[int, list] = {}
    for i, (key, _) in enumerate(keyed):
        hit = hits.get(key)
        if hit is not None and isinstance(hit.get("embedding"), list):
            vectors[i] = hit["embedding"]
    missing = [i for i in range(len(texts)) if i not in vectors]
    if missing:
        from scholartools.llm.litellm_compat import import_litellm

        litellm = import_litellm()
        for start in range(0, len(missing), BATCH):
            chunk = missing[start:start + BATCH]
            kwargs = _credentials(litellm, model_id, api_base)
            resp = litellm.embedding(model=model_id, input=[texts[i] for i in chunk], **kwargs)
            data = sorted(resp.data, key=lambda d: d["index"] if isinstance(d, dict) else d.index)
            for i, d in zip(chunk, data):
                vec = [float(x) for x in (d["embedding"] if isinstance(d, dict) else d.embedding)]
                vectors[i] = vec
                if cache is not None:
                    try:
                        cache.store(keyed[i][0], keyed[i][1], {"text": "", "embedding": vec}, model=model_id)
                    except cache.errors:   # a cache that cannot be written: the vector is still used
                        pass
    if cache is not None:
        cache.close()
    out = np.asarray([vectors[i] for i in range(len(texts))], dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.where(norms == 0, 1.0, norms)
