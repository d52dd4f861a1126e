"""Option types shared by every command: numbers are checked when the command line is read.

click's ``float`` and ``FloatRange`` take ``nan`` (every comparison with it is false, so no
bound stops it) and ``inf``; a NaN budget or threshold then enforces nothing or changes every
result silently. Each numeric option is declared with one of these types, so that a value out of
its range is a usage error (exit 2) naming the option, before anything runs::

    @click.option("--threshold", type=Fraction(), default=0.5)
    @click.option("--max-cost", type=Finite(min=0), metavar="USD")
"""

from __future__ import annotations

import math
import re
from typing import Any

import click


class Finite(click.FloatRange):
    """A finite float (no NaN, no infinity), optionally within ``[min, max]`` (click's bounds)."""

    name = "float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rv = click.FLOAT.convert(value, param, ctx) if not isinstance(value, float) else value
        if not math.isfinite(rv):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return super().convert(rv, param, ctx)

    def _describe_range(self) -> str:   # click's help line: no "x<=None" for an unbounded number
        return "" if self.min is None and self.max is None else super()._describe_range()


def Fraction() -> Finite:   # noqa: N802 (a type, named as one)
    """A finite float in ``[0, 1]`` (cosine thresholds, shares, confidence levels)."""
    return Finite(0, 1)


def NonNegative() -> Finite:   # noqa: N802
    """A finite float ≥ 0 (prices, budgets, time limits)."""
    return Finite(min=0)


def Positive() -> Finite:   # noqa: N802
    """A finite float > 0 (time limits)."""
    return Finite(min=0, min_open=True)


class Price(click.ParamType):
    """``IN,OUT``: USD per million input and output tokens, two finite numbers ≥ 0."""

    name = "price"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        try:
            a, b = (float(x) for x in str(value).split(","))
        except ValueError:
            self.fail(f"wants IN,OUT in USD per million tokens, not {value!r}.", param, ctx)
        if not (math.isfinite(a) and math.isfinite(b) and a >= 0 and b >= 0):
            self.fail(f"prices must be finite and not negative, not {value!r}.", param, ctx)
        return a, b


class ByteSize(click.ParamType):
    """A number of bytes ≥ 1, with an optional suffix K, M, G (powers of 1024): ``64M``."""

    name = "bytes"
    _UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            n = value
        else:
            m = re.fullmatch(r"\s*(\d{1,15})\s*([KMGT]?)i?B?\s*", str(value), flags=re.IGNORECASE)
            if not m:
                self.fail(f"{value!r} is not a number of bytes (e.g. 65536, 64K, 64M, 4G).", param, ctx)
            n = int(m.group(1)) * self._UNITS[m.group(2).upper()]
        if n < 1:
            self.fail(f"{value!r} must be at least 1 byte.", param, ctx)
        return n


class Scheduler(click.ParamType):
    """A Dask scheduler: ``tcp://host:port``, ``local:N`` (N ≥ 1), ``local``, or one of dask's
    local schedulers (``processes``, ``threads``, ``sync``)."""

    name = "address"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str) or not value.startswith("local:"):
            return value
        n = value.partition(":")[2]
        if not n.isdigit() or int(n) < 1:
            self.fail(f"{value!r}: local:N wants a number of workers N of 1 or more.", param, ctx)
        return value
