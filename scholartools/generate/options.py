"""The options of one ``st-generate`` run as the generation methods read them (``ctx.options``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class GenOptions:
    """Options of one ``st-generate`` run (library callers build it directly)."""

    task: str
    samples: int = 1
    #: sampling parameters for every call (``seed``, ``max_tokens``; ``--temperature`` is the client's)
    params: dict = field(default_factory=dict)
    #: slot → field path overrides (``--field SLOT=PATH``)
    fields: dict = field(default_factory=dict)
    #: the task's own options by name (``sections``, ``max_input_tokens``, ``rag`` …)
    extra: dict = field(default_factory=dict)

    def __getattr__(self, name: str) -> Any:
        extra = self.__dict__.get("extra", {})
        if name in extra:
            return extra[name]
        raise AttributeError(name)
