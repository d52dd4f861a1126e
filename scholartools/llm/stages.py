"""The one stage runner: turns records into prompts, fans them out through the LLM layer, and
brings the answers back to each record, in input order. Every LLM step of every command rides on
it; none writes its own loop.

A task's LLM method is a *generator* per record. It yields what it wants asked and receives the
answers, as many rounds as it needs (extraction then judging, steps then samples, retry until
different), and finally returns the output record (a dict), several records (a list: fan-out),
or raises :class:`~scholartools.records.RecordError`::

    def judge(rec, ctx):
        steps = yield ctx.ask("rate_geval_steps", aspect=ctx.options["aspect"])      # one Result
        samples = yield ctx.ask("rate_geval", steps=steps.value, doc=rec["doc"],       # a list of
                                parse=parse_score_1_5, samples=20)                     # Results
        values = [r.value for r in samples if r.value is not None]
        return {**rec, "judge": {"score": sum(values) / len(values) if values else None}}

:func:`run_records` drives the generators of a batch of records: whenever a record yields, its
requests go to the client (concurrency, cache, identical requests asked once, per-sample keys,
repair re-ask) and the generator receives its answers as soon as they are all in.
What the runner owns, so that no task repeats it:

* a call that failed after its retries is thrown into the generator as the record's
  ``RecordError`` (``ctx.ask(..., keep_errors=True)`` hands the failed Result back instead);
* one record's failure (an exception in its generator) ends that record only, never its batch;
* every Result a record used is summed into that record's provenance (calls, cache hits,
  tokens, cost, model, templates); a fan-out child carrying ``_calls`` (its own Results) gets
  those instead;
* under ``--batch-api submit`` a request the cache cannot answer goes into a provider batch and
  ends its record (an error record of kind ``batch_pending``; see :mod:`scholartools.llm.batch`);
* under ``--dry-run`` nothing is called: an uncached request comes back unscored, and with
  ``ctx.ask(..., dry_value=V)`` its value is ``V`` so that later rounds are counted too;
* records advance independently (a record's next round starts as soon as its own answers are
  in, never waiting for the batch), so on Ctrl-C the records already finished are many:
  :class:`BatchInterrupted` carries them, and the command writes them (in order) before it
  exits 130.

Task code runs on the LLM layer's event-loop thread: keep a step's own work light (parsing,
bookkeeping); never call ``ctx.client.run`` from a task — yield ``ctx.ask(...)`` instead.

Tasks that must see several records at once (BatchEval puts ten items in one prompt) use
:func:`run_group`: the generator receives the whole batch and returns a list aligned with it.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from scholartools.llm.calls import Request, Result, provenance
from scholartools.llm.client import RunInterrupted
from scholartools.records import BatchInterrupted, RecordError  # noqa: F401 (BatchInterrupted re-exported)


#: records in progress at once per concurrency slot (see :func:`_drive`)
WINDOW_PER_SLOT = 4


@dataclass
class Ask:
    """One request a task wants answered, and what the runner does with a failure."""

    request: Request
    #: hand a failed Result back to the task instead of ending the record
    keep_errors: bool = False
    #: under --dry-run, the value an unanswered request takes (so later rounds can be counted)
    dry_value: Any = None


class TaskContext:
    """What a task's generator works with: its options, the prompt templates and the client.

    ``ctx.options`` holds the task's options (a dict or the task's own options object);
    ``ctx.ask(template, parse=…, samples=…, params=…, **fields)`` makes :class:`Ask` objects.
    """

    def __init__(self, llm, options: Any = None, log: Callable[[str], None] | None = None, client=None,
                 defaults: dict | None = None):
        self.llm = llm
        self.options = options
        self.log = log or (lambda message: None)
        self._client = client
        #: the task's paper sampling parameters (under any the request gives itself)
        self.defaults = dict(defaults or {})
        #: the seed of the run this context asks for (``--runs``): set on every request
        self.run_seed: int | None = None

    def params(self, params: dict | None) -> dict | None:
        """A request's sampling parameters: the task's defaults, then its own, then the run's seed."""
        if not self.defaults and self.run_seed is None:
            return params
        out = {**self.defaults, **(params or {})}
        if self.run_seed is not None:
            out["seed"] = self.run_seed
        return out

    def for_run(self, seed: int) -> "TaskContext":
        """This context for one run of ``--runs``: every request carries ``seed`` (so each run is
        asked, and cached, separately)."""
        import copy

        ctx = copy.copy(self)
        ctx.run_seed = seed
        return ctx

    @property
    def client(self):
        if self._client is None:
            self._client = self.llm.client()
        return self._client

    @property
    def dry_run(self) -> bool:
        return bool(self.llm is not None and self.llm.dry_run)

    @property
    def model(self) -> str | None:
        return self.llm.model if self.llm is not None else None

    def template(self, name: str):
        return self.llm.template(name)

    def ask(self, template: str, *, parse: Callable[[str], Any] | None = None, samples: int | None = None,
            params: dict | None = None, keep_errors: bool = False, dry_value: Any = None,
            **fields: Any) -> Ask | list[Ask]:
        """The template ``template`` rendered with ``fields``, as one :class:`Ask` or, with
        ``samples=n``, a list of n (sample indexes 0..n-1, each cached under its own key).

        ``parse`` reads the reply (a parser of :mod:`scholartools.llm.replies`); ``params`` are
        sampling parameters (``temperature``, ``max_tokens``, ``seed`` …).
        """
        tpl = self.template(template)
        req = self.client.request(tpl.render(**fields), template=tpl, parse=parse, params=self.params(params))
        if samples is None:
            return Ask(req, keep_errors, dry_value)
        return [Ask(r, keep_errors, dry_value) for r in req.samples(samples)]

    def ask_messages(self, messages: list[dict], *, template=None, parse=None, samples: int | None = None,
                     params: dict | None = None, keep_errors: bool = False, dry_value: Any = None) -> Ask | list[Ask]:
        """Like :meth:`ask` for messages built in code (``template`` still names the prompt's origin)."""
        req = self.client.request(messages, template=template, parse=parse, params=self.params(params))
        if samples is None:
            return Ask(req, keep_errors, dry_value)
        return [Ask(r, keep_errors, dry_value) for r in req.samples(samples)]


class _Unit:
    """One generator being driven, with the Results it has used."""

    __slots__ = ("gen", "asks", "single", "used", "output", "done")

    def __init__(self, gen: Iterator | None):
        self.gen = gen
        self.asks: list[Ask] = []
        self.single = False
        self.used: list[Result] = []
        self.output: Any = None
        self.done = gen is None

    def step(self, value: Any = None, error: BaseException | None = None) -> None:
        try:
            got = self.gen.throw(error) if error is not None else self.gen.send(value)
        except StopIteration as stop:
            self.output, self.done, self.asks = stop.value, True, []
            return
        except (KeyboardInterrupt, BatchInterrupted):
            raise
        except Exception as exc:  # the record's own failure: its error record, nobody else's
            self.output, self.done, self.asks = exc, True, []
            return
        self.single = isinstance(got, Ask)
        asks = [got] if self.single else list(got or [])
        if not all(isinstance(a, Ask) for a in asks):
            self.output, self.done, self.asks = TypeError("a task yielded something that is not ctx.ask(...)"), True, []
            return
        self.asks = asks
        if not asks:   # nothing to ask this round: answer at once
            self.step([] if not self.single else None)


def _start(fn: Callable, arg: Any, ctx: TaskContext) -> _Unit:
    unit = _Unit(None)
    try:
        result = fn(arg, ctx)
    except (KeyboardInterrupt, BatchInterrupted):
        raise
    except Exception as exc:
        unit.output = exc
        return unit
    if inspect.isgenerator(result):
        unit.gen, unit.done = result, False
        unit.step(None)
    else:   # a task that needed no model for this record answers directly
        unit.output = result
    return unit


def _answer(unit: _Unit, results: list[Result]) -> None:
    """Hand one round's results to ``unit``: its failure is thrown in, else the answers are sent.

    A request written into a provider batch (``--batch-api submit``) ends the record at once,
    even for ``keep_errors`` asks: a later round built on an answer not yet known must never be
    asked (nor paid for)."""
    unit.used.extend(results)
    pending = next((r for r in results if r.error and r.error.get("kind") == "batch_pending"), None)
    if pending is not None:
        unit.gen.close()
        unit.output, unit.done, unit.asks = pending.as_exception(), True, []
        return
    failure = None
    for ask, res in zip(unit.asks, results):
        if res.dry_run and ask.dry_value is not None:
            res.value = ask.dry_value
        if res.error and not ask.keep_errors and failure is None:
            failure = res.as_exception()
    if failure is not None:
        unit.step(error=failure)
    else:
        unit.step(results[0] if unit.single else results)


def _drive(units: list[_Unit], ctx: TaskContext) -> None:
    """Drive every unit until it is done, each at its own pace: a record whose answers are in
    takes its next step at once, without waiting for the rest of the batch (no round barrier),
    so records finish — and, on Ctrl-C, are written — as soon as their own calls are answered."""
    working = [u for u in units if not u.done and u.asks]
    if not working:
        return
    client = ctx.client

    async def drive_one(unit: _Unit, tasks: list) -> None:
        import asyncio

        while not unit.done and unit.asks:
            try:
                results = await client.arun([a.request for a in unit.asks], tasks)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the LLM layer's surprise ends this record only
                unit.output, unit.done, unit.asks = exc, True, []
                return
            _answer(unit, results)

    async def drive_all(tasks: list) -> None:
        import asyncio

        # a window of records in progress, a few per concurrency slot: enough to keep every slot
        # busy, few enough that records finish early and roughly in input order
        window = asyncio.Semaphore(WINDOW_PER_SLOT * max(1, int(client.config.max_concurrency)))

        async def windowed(unit):
            async with window:
                await drive_one(unit, tasks)

        started = [asyncio.ensure_future(windowed(u)) for u in working]
        tasks.extend(started)
        try:
            await asyncio.gather(*started)
        finally:
            # nothing of this batch stays in flight after it returns or fails (a task left
            # running on the loop thread would outlive the command)
            left = [t for t in started if not t.done()]
            for t in left:
                t.cancel()
            if left:
                await asyncio.gather(*left, return_exceptions=True)

    try:
        client.in_loop(drive_all)
    except RunInterrupted:
        raise BatchInterrupted([u.output if u.done else None for u in units]) from None


def _with_provenance(output: Any, used: list[Result], ctx: TaskContext) -> Any:
    if not used or isinstance(output, BaseException) or output is None:
        return output
    client = ctx.client
    records = output if isinstance(output, list) else [output]
    whole = None
    for rec in records:
        if not isinstance(rec, dict):
            continue
        own = rec.pop("_calls", None)
        if own is not None:
            extra = provenance(own, client) if own else {}
        else:
            whole = whole or provenance(used, client)
            extra = whole
        if extra:
            rec["_provenance"] = {**extra, **rec.get("_provenance", {})}
    return output


def run_records(records: list[dict], fn: Callable, ctx: TaskContext) -> list:
    """Run the per-record task ``fn`` over a batch; a list aligned with ``records`` of output
    records (or lists of them) and exceptions (each becomes that record's error record)."""
    units = [_start(fn, rec, ctx) for rec in records]
    _drive(units, ctx)
    return [_with_provenance(u.output, u.used, ctx) for u in units]


def run_group(records: list[dict], fn: Callable, ctx: TaskContext) -> list:
    """Run ``fn`` once over the whole batch (it returns a list aligned with ``records``)."""
    unit = _start(fn, records, ctx)
    _drive([unit], ctx)
    out = unit.output
    if isinstance(out, BaseException):
        return [out] * len(records)
    if not isinstance(out, list) or len(out) != len(records):
        err = RuntimeError(f"a group task returned {type(out).__name__} for {len(records)} records")
        return [err] * len(records)
    if unit.used:
        shared = provenance(unit.used, ctx.client)
        shared["group_size"] = len(records)
        for rec in out:
            if isinstance(rec, dict) and "_provenance" not in rec:
                rec["_provenance"] = dict(shared)
    return out
