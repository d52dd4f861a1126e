"""The one exception of the agreement measures: no value on these data."""
from __future__ import annotations


class Undefined(ValueError):
    """A measure has no value on these data (a constant rater, a single category, too few units).

    The message is the note written next to ``"value": null`` in the result record; nothing is
    replaced by 0 silently.
    """
