"""The purpose rule as it stood before issue 37's session 10 (commit 0d783fb), kept so that the
role and FM benchmarks score the previous release in the same run as this one: only an abstract's
first statement of purpose that follows nothing but background became background. Copied verbatim
from that commit's ``scholartools/facets/roles.py`` (``purpose_background``); the patterns it
reads (``_PURPOSE``, ``_PROCEDURE``) are today's, unchanged since. Nothing else imports it.
"""
from __future__ import annotations

from contextlib import contextmanager

from scholartools.facets import roles
from scholartools.facets.roles import _PROCEDURE, _PURPOSE


def purpose_background(sentences: list[str], labels: list, fixed: list | None = None) -> list:
    out = list(labels)
    for i, s in enumerate(sentences):
        if out[i] not in ("background", "other", None):
            if (out[i] == "method" and (fixed is None or fixed[i] is None) and _PURPOSE.search(s)
                    and not _PROCEDURE.search(s)):
                out[i] = "background"
            break
    return out


@contextmanager
def previous_rule():
    """Within the block, the role model decodes with the previous release's purpose rule."""
    today = roles.purpose_background
    roles.purpose_background = purpose_background
    try:
        yield
    finally:
        roles.purpose_background = today
