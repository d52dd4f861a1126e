"""Runs of covered words: what the leak guard and the echo finder cut out of a text."""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def covered_runs(covered: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The maximal runs of set flags in ``covered``, as ``(first, last)`` indices (inclusive)."""
    i, n = 0, len(covered)
    while i < n:
        if not covered[i]:
            i += 1
            continue
        j = i
        while j + 1 < n and covered[j + 1]:
            j += 1
        yield i, j
        i = j + 1
