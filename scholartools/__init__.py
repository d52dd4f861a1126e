"""scholartools: unix-style commands for computational work on scholarly text.

Every command is a thin CLI over a library function that takes and yields records (JSON
objects); see DESIGN.md for the record conventions. From Python (:mod:`scholartools.api`)::

    import scholartools as st
    papers = list(st.parse(["paper.pdf"]))
    rated = st.run("st-facets", pairs)             # any st-* command, in-process
    scored = st.score(rated, "fm,rougeL")

The names below are imported on first use, so ``import scholartools`` stays instant.
"""

from scholartools.version import __version__

_API = ("run", "CommandError", "parse", "score", "agree", "rate_facets")
__all__ = ["__version__", *_API]


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def __getattr__(name: str):
    if name in _API:
        from scholartools import api

        return getattr(api, name)
    raise AttributeError(f"module 'scholartools' has no attribute '{name}'")
