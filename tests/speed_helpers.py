"""Shared pieces of the tests that hold a fast helper against the plain form it stands in for
(tests/test_parse_*_speed.py): random strings over the characters and words a pattern names, and
the arguments a parse of a fixture PDF passes to a function."""
from __future__ import annotations

import inspect
import random


def random_strings(alphabet: list[str], words: list[str], n: int, seed: int = 36):
    """``n`` strings of up to six pieces, each a word of ``words`` or up to five characters of
    ``alphabet``, joined with or without spaces (the same strings for the same arguments)."""
    rnd = random.Random(seed)
    for _ in range(n):
        parts = []
        for _ in range(rnd.randint(0, 6)):
            if rnd.random() < 0.5:
                parts.append(rnd.choice(words))
            else:
                parts.append("".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 5))))
        yield rnd.choice(["", " "]).join(parts)


def first_call(module, name: str, pdf) -> dict:
    """The arguments (by parameter name, defaults filled in; lists copied at the call) of the first
    call of ``module.name`` while ``pdf`` is parsed."""
    from scholartools.parsing import parse_path

    real = getattr(module, name)
    got = []

    def capture(*args, **kwargs):
        bound = inspect.signature(real).bind(*args, **kwargs)
        bound.apply_defaults()
        got.append({k: list(v) if isinstance(v, list) else v for k, v in bound.arguments.items()})
        return real(*args, **kwargs)

    setattr(module, name, capture)
    try:
        parse_path(str(pdf))
    finally:
        setattr(module, name, real)
    return got[0]
