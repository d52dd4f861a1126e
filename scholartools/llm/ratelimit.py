"""Requests per minute (``--rpm``, ``ST_RPM``): a sliding-window limit beside the concurrency cap.

Providers limit requests per minute as well as requests in flight; a run that only caps
concurrency sends short fast calls faster than the limit allows and spends its time in 429
back-offs. :class:`RateLimiter` lets at most ``limit`` requests start in any ``window`` seconds
(60 for ``--rpm``): a request that would be one too many waits until the oldest start leaves the
window. Each attempt counts (a retry is a request to the provider); cache hits and dry-run counts
never reach it. The clock and the sleep are parameters, so tests drive it with a fake clock.
"""
from __future__ import annotations

import asyncio
import collections
import time
from typing import Awaitable, Callable


class RateLimiter:
    """At most ``limit`` starts in any ``window`` seconds (one limiter per provider and server)."""

    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable] = asyncio.sleep):
        if limit < 1:
            raise ValueError("the requests-per-minute limit must be at least 1")
        self.limit = int(limit)
        self.window = float(window)
        self.clock = clock
        self.sleep = sleep
        self.starts: collections.deque[float] = collections.deque()
        self.waited = 0.0   # seconds spent waiting, for the run summary

    def delay(self) -> float:
        """Seconds until one more request may start (0 when it may start now)."""
        now = self.clock()
        while self.starts and self.starts[0] <= now - self.window:
            self.starts.popleft()
        if len(self.starts) < self.limit:
            return 0.0
        return self.starts[0] + self.window - now

    async def acquire(self) -> None:
        """Wait for a free place in the window, then take it (the event loop is single-threaded:
        no lock is needed between the look and the take)."""
        while True:
            wait = self.delay()
            if wait <= 0:
                self.starts.append(self.clock())
                return
            self.waited += wait
            await self.sleep(wait)
