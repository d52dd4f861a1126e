"""pymupdf, imported without the parts st-parse never calls.

``import pymupdf`` also imports its table finder (``pymupdf.table``: with ``statistics``,
``html`` and its header heuristics: 14 ms of a 110 ms import, 1.7 % of st-parse's instructions
on the six smallest gold PDFs) for ``Page.find_tables``, which the parser does not use.
:func:`load` registers a stand-in for that submodule before pymupdf is imported, so it is
executed only when something first touches it (``page.find_tables()`` in the same process still
works). Where the submodule is not found (another pymupdf layout), pymupdf is imported as it is.
After the import the objects alive are frozen out of the cyclic collector's way
(:func:`_freeze_import`).
"""

from __future__ import annotations

import sys
import types

_LAZY = ("table",)


def load():
    """The pymupdf module (imported once, its table finder deferred; what its import made is then
    frozen out of the cyclic collector's way: see :func:`_freeze_import`)."""
    mod = sys.modules.get("pymupdf")
    if mod is not None:
        return mod
    _defer_submodules()
    import pymupdf

    _freeze_import()
    return pymupdf


def _freeze_import() -> None:
    """Move every object alive now (pymupdf's ~45,000 binding objects most, which live as long as
    the process) to the collector's permanent generation (:func:`gc.freeze`), so no later
    collection walks them again, not even the last one at the interpreter's exit: a process that
    parses the six smallest gold PDFs through ``parse_path`` took 0.67 → 0.54 CPU s (median of 15
    alternating runs), most of the saving at exit. A young-generation collection first frees
    the cyclic garbage the caller has just made, so little of it is frozen with them; the caller's
    objects frozen here are still freed by reference counting when released (only cycles among
    them wait for :func:`gc.unfreeze`). Skipped while the collector is off: a caller who turned it
    off manages it."""
    import gc

    if gc.isenabled():
        gc.collect(1)
        gc.freeze()


class _Deferred(types.ModuleType):
    """Stands in sys.modules for a submodule until an attribute is asked of it, then executes
    the real module (bound in its place, in sys.modules and on the package) and answers from it.
    Import machinery reads ``__spec__`` and the like from the module's own dict, so binding it
    (``from . import table``) executes nothing."""

    def _load(self):
        real = self.__dict__.get("_real")
        if real is None:
            real = self.__dict__["_real"] = _execute(self.__name__, self.__dict__["_path"])
        return real

    def __getattr__(self, attr: str):
        return getattr(self._load(), attr)

    def __setattr__(self, attr: str, value) -> None:   # a caller patching the module patches the real one
        setattr(self._load(), attr, value)

    def __dir__(self):
        return dir(self._load())


def _execute(full: str, path: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(full, path)
    real = importlib.util.module_from_spec(spec)
    sys.modules[full] = real
    spec.loader.exec_module(real)
    parent, _, name = full.rpartition(".")
    setattr(sys.modules[parent], name, real)
    return real


def _defer_submodules() -> None:
    import importlib.util
    import os

    try:
        spec = importlib.util.find_spec("pymupdf")   # a top-level name: finds, does not import
    except (ImportError, ValueError):
        return
    if spec is None or not spec.submodule_search_locations:
        return
    for name in _LAZY:
        full = f"pymupdf.{name}"
        if full in sys.modules:
            continue
        for folder in spec.submodule_search_locations:
            path = os.path.join(folder, f"{name}.py")
            if os.path.isfile(path):
                module = _Deferred(full)
                module.__dict__["_path"] = path
                sys.modules[full] = module
                break
