"""Prices, the run's ledger and the ``--max-cost`` budget of the LLM layer.

Prices come from litellm's bundled price map, read as a file without importing litellm
(:mod:`scholartools.llm.prices`; never fetched at run time), or from ``--price IN,OUT`` (USD per
million tokens); a model the map does not price costs ``None``, never an exception.  The :class:`Ledger` counts the
whole run (calls, cache hits, failures, tokens, cost, what a dry run would need) for the summary
line on stderr; :meth:`Ledger.reserve` refuses a call that could take the spend past the budget,
counting calls in flight at their estimated price.
"""
from __future__ import annotations

import threading
from typing import Callable


class BudgetExceeded(Exception):
    pass


class Pricing:
    """USD per token (input, output) per model, looked up once per model.

    ``litellm`` is accepted for the callers that still pass it and is not used: the price of a
    model is the base (first-tier) price of litellm's map, read by :mod:`scholartools.llm.prices`,
    so that a dry run and a cached run price requests without importing litellm.
    """

    def __init__(self, price_per_million: tuple[float, float] | None, litellm: Callable[[], object] | None = None):
        self._given = price_per_million
        self._prices: dict[str, tuple[float, float] | None] = {}

    def price(self, model: str) -> tuple[float, float] | None:
        if self._given:
            return self._given[0] / 1e6, self._given[1] / 1e6
        if model not in self._prices:
            from scholartools.llm.prices import price_per_token

            self._prices[model] = price_per_token(model)
        return self._prices[model]

    def cost(self, model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
        price = self.price(model)
        return None if price is None else prompt_tokens * price[0] + completion_tokens * price[1]


class Ledger:
    """Totals of one run, shared by the event loop thread and the caller (hence the lock)."""

    def __init__(self, max_cost: float | None = None):
        self.lock = threading.Lock()
        self.max_cost = max_cost
        self.calls = self.cache_hits = self.answered = self.errors = 0
        self.prompt_tokens = self.completion_tokens = 0
        self.cost = 0.0
        self.cost_unknown = 0
        self.dry_calls = self.dry_prompt_tokens = self.dry_cost_unknown = 0
        self.dry_cost = 0.0
        #: dry calls whose reply is parsed: each may be asked once more if its reply is malformed
        self.dry_reasks = 0
        self.reserved = 0.0
        self.budget_refused = 0
        self.batched = 0   # requests written into a provider batch (--batch-api submit)
        self.budget_stop: str | None = None
        self.completion_mean: float | None = None

    def count(self, **increments: int) -> None:
        with self.lock:
            for name, n in increments.items():
                setattr(self, name, getattr(self, name) + n)

    def answer(self, prompt_tokens: int, completion_tokens: int, cost: float | None) -> None:
        with self.lock:
            self.answered += 1
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens
            if cost is None:
                self.cost_unknown += 1
            else:
                self.cost += cost
            mean = self.completion_mean
            self.completion_mean = completion_tokens if mean is None else \
                mean + (completion_tokens - mean) / self.answered

    def dry(self, prompt_tokens: int, cost: float | None, sign: int = 1) -> None:
        """Count one call a dry run needs (``sign=-1``: take one back, counted by another step)."""
        with self.lock:
            self.dry_calls += sign
            self.dry_prompt_tokens += sign * prompt_tokens
            if cost is None:
                self.dry_cost_unknown += sign
            else:
                self.dry_cost += sign * cost

    def reserve(self, model: str, estimate: float | None) -> float:
        """Hold ``estimate`` USD of the budget for one call, or raise :class:`BudgetExceeded`."""
        if self.budget_stop:
            raise BudgetExceeded(self.budget_stop)
        limit = self.max_cost
        if estimate is None:
            self.budget_stop = (f"--max-cost {limit} USD cannot be enforced: no price known for "
                                f"'{model}' (set one with --price IN,OUT per million tokens)")
            raise BudgetExceeded(self.budget_stop)
        with self.lock:
            if self.cost + self.reserved + estimate > limit:
                self.budget_stop = (f"--max-cost {limit} USD reached: spent ${self.cost:.6f}, "
                                    f"the next call (~${estimate:.6f}) would pass the budget; request not sent")
                raise BudgetExceeded(self.budget_stop)
            self.reserved += estimate
        return estimate

    def release(self, amount: float) -> None:
        if amount:
            with self.lock:
                self.reserved -= amount

    def summary(self, dry_run: bool, assumed_output_tokens: int) -> list[str]:
        """The lines the client prints on stderr at the end of a run."""
        lines = []
        if dry_run and (self.dry_calls or self.cache_hits):
            cost = "unknown (no price for the model)" if self.dry_cost_unknown else f"~${self.dry_cost:.4f}"
            lines.append(f"dry run: {self.dry_calls} calls needed, {self.cache_hits} cache hits, "
                         f"{self.dry_prompt_tokens} prompt tokens, estimated cost {cost} "
                         f"(assuming {assumed_output_tokens} output tokens per call without max_tokens); "
                         f"up to {self.dry_reasks} more on malformed replies (one repair re-ask each)")
        elif self.calls or self.cache_hits or self.errors:
            if self.cost_unknown and self.cost_unknown == self.answered:
                cost = "unknown (no price for the model)"
            else:
                cost = f"${self.cost:.4f}" + (f" (+{self.cost_unknown} calls of unknown price)"
                                              if self.cost_unknown else "")
            lines.append(f"llm: {self.calls} calls, {self.cache_hits} cache hits, {self.errors} failed, "
                         f"tokens {self.prompt_tokens} in / {self.completion_tokens} out, cost {cost}")
        if self.batched:
            lines.append(f"llm: {self.batched} requests written into a provider batch instead of being called")
        if self.budget_refused:
            lines.append(f"llm: --max-cost {self.max_cost} USD: {self.budget_refused} requests not sent")
        return lines
