"""Offline-safe environment for litellm and tiktoken, set before their first import
(anchors-tools.md §4).

litellm, when imported naively, fetches its price map from GitHub (a synchronous GET plus a
retrying daemon thread), loads a ``.env`` file from the working directory into ``os.environ`` and
may download a Hugging Face tokenizer when counting tokens.  :func:`set_offline_env` turns all of
that off; :func:`scholartools.llm.litellm_compat.import_litellm` calls it before importing
litellm, and :mod:`scholartools.llm.tokens` before loading tiktoken.
"""
from __future__ import annotations

import os

#: variables set (unless the user set them) before litellm is imported
OFFLINE_ENV = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",   # bundled price map, no GET at import
    "PYTHON_DOTENV_DISABLED": "1",            # no .env loading into os.environ
    "LITELLM_MODE": "PRODUCTION",             # ditto, older switch
    "HF_HUB_OFFLINE": "1",                    # token_counter must not fetch tokenizers
    "TRANSFORMERS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}


def set_offline_env() -> None:
    """Put the offline-safe defaults into ``os.environ`` (values the user set are kept)."""
    for key, value in OFFLINE_ENV.items():
        os.environ.setdefault(key, value)
    # tiktoken files ship inside litellm; point tiktoken at them so it never downloads
    path = litellm_tokenizer_dir()
    if path:
        os.environ.setdefault("TIKTOKEN_CACHE_DIR", path)


def litellm_tokenizer_dir() -> str | None:
    """Directory of the tiktoken files bundled with litellm, found without importing it (from the
    installed distribution's files: no import hook is asked, so a blocked ``import litellm`` still
    finds them)."""
    from importlib import metadata

    try:
        path = str(metadata.distribution("litellm").locate_file("litellm/litellm_core_utils/tokenizers"))
    except metadata.PackageNotFoundError:
        path = None
    if not path or not os.path.isdir(path):   # an editable or unusual install: ask the import system
        import importlib.util

        try:
            spec = importlib.util.find_spec("litellm")
        except (ImportError, ValueError):
            return None
        if spec is None or not spec.submodule_search_locations:
            return None
        path = os.path.join(list(spec.submodule_search_locations)[0], "litellm_core_utils", "tokenizers")
    return path if os.path.isdir(path) else None
