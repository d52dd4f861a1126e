"""Corpora beyond one machine: a command's library function mapped over a Dask bag.

Every ``st-*`` command is a library function over records (:func:`scholartools.run`: a task
through :func:`scholartools.tasks.run_task`, st-parse through :mod:`scholartools.parsing`,
st-score through :mod:`scholartools.metrics.command` — no argv, no JSONL); this module runs it
partition by partition on any Dask scheduler — a ``LocalCluster`` on a laptop,
``dask-jobqueue`` (SLURM, PBS …) or Kubernetes on a cluster, an existing scheduler at
``tcp://host:8786`` — and gives the output records in input order, identical to the sequential
command's (provenance timings aside)::

    import scholartools.scale as std

    papers = list(std.run("st-parse", paths, scheduler="local:2"))                # PDFs → records
    rated = list(std.run("st-facets", pairs, scheduler="tcp://10.0.0.5:8786",
                         model="openai/gpt-4o-mini", cache="redis://10.0.0.5:6379/0"))

    bag = std.map_command("st-facets", dask.bag.read_text("pairs-*.jsonl").map(orjson.loads),
                          method="offline")                                        # lazy: a Bag
    bag.map(orjson.dumps).to_textfiles("rated-*.jsonl")

On the command line: ``st-parse --scheduler tcp://host:8786 …`` and ``st-facets --scheduler
local:2 …`` (see :mod:`scholartools.cli.scale`).

What holds on the workers:

* a worker runs one partition at a time (a process-wide lock around the command), so the LLM
  layer's ``--max-concurrency`` applies per worker; give workers one thread and add processes
  (``LocalCluster(threads_per_worker=1)``, which ``local:N`` does) — parsing and embedding are
  CPU-bound and gain nothing from threads under the GIL;
* workers share one cache when the cache is shared: ``cache="redis://…"`` (or ``ST_CACHE``) for
  workers on several machines, a SQLite file for the worker processes of one machine;
* options are passed as values (``model=…``, ``cache=…``), so workers need no environment but
  the provider's API key; file options (``--template``, ``--shots``) and PDF paths must be
  readable by the workers (a shared file system);
* partitions of records are cut at multiples of the commands' own batch sizes (256 records by
  default, a multiple of the 64-record batches of the offline methods), so that every batch a
  worker computes is the batch the sequential command computes — the same embeddings, the same
  floating-point results;
* a usage error (exit 2) raised on a worker is raised again here as
  :class:`scholartools.CommandError`; error records come back in their place, as the command
  writes them.

st-agree, and st-score with ``aggregate``, a fan-in or a corpus metric, need the whole input
at once: they are refused here (run them on the gathered output).

This module was ``scholartools.dask`` until 0.1: renamed so that ``dask`` names only the
package it runs on (no alias is kept).
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from typing import Any

import dask
import dask.bag as db

from scholartools import tasks
from scholartools.api import run as run_command
from scholartools.errors import CommandError, UsageError

#: records per partition: a multiple of the LLM batch (256) and of the offline batches (64)
PARTITION_RECORDS = 256
#: paths per partition for st-parse (one PDF can take seconds: small partitions balance load)
PARTITION_PATHS = 4

_LOCK = threading.Lock()


# ------------------------------------------------------------------------------ on the workers

def run_partition(records: Iterable[dict], command: str, args: tuple = (), options: dict | None = None) -> list[dict]:
    """What a worker does with one partition: ``scholartools.run(command, records, *args, **options)``,
    the command's library function (records in, records out)."""

    os.environ.pop("ST_SCHEDULER", None)   # a worker runs its partition itself, never on Dask again
    with _LOCK:   # one command at a time per worker process: --max-concurrency holds per worker
        return run_command(command, list(records), *args, **(options or {}))


def parse_partition(paths: Iterable[str], options: dict | None = None) -> list[dict]:
    """st-parse over one partition of paths."""
    return run_partition((), "st-parse", tuple(paths), options)


# ------------------------------------------------------------------------------ building bags

def map_command(command: str, records: Iterable[dict] | db.Bag, *args: str,
                partition_size: int = PARTITION_RECORDS, **options: Any) -> db.Bag:
    """A lazy Bag of ``command``'s output records over ``records`` (a Bag, or any iterable,
    cut into partitions of ``partition_size``); ``options`` are the command's options by their
    Python names, as for :func:`scholartools.run`."""
    name = _name(command)
    if name == "st-parse":
        raise ValueError("st-parse reads paths, not records: use parse_paths(paths, ...) or run('st-parse', paths)")
    _check_partitionable(name, options)
    bag = records if isinstance(records, db.Bag) else _from_sequence(list(records), partition_size)
    return bag.map_partitions(run_partition, name, tuple(args), dict(options))


def parse_paths(paths: Iterable[str] | db.Bag, partition_size: int = PARTITION_PATHS, **options: Any) -> db.Bag:
    """A lazy Bag of paper records, st-parse's, one per path (``options``: ``fmt``, ``id_from``,
    ``max_pages``, ``no_references``, ``sections_only`` — st-parse's options by Python name)."""
    bag = paths if isinstance(paths, db.Bag) else _from_sequence([str(p) for p in paths], partition_size)
    return bag.map_partitions(parse_partition, dict(options))


def _from_sequence(items: list, partition_size: int) -> db.Bag:
    return db.from_sequence(items, partition_size=max(1, int(partition_size)))


def _name(command: str) -> str:
    name = command if command.startswith("st-") else f"st-{command}"
    known = ["st-parse", "st-score", *tasks.commands()]
    if name not in known:
        raise ValueError(f"unknown command '{command}' on Dask (one of {', '.join(known)})"
                         + ("; st-agree needs all records at once: run it on the gathered output"
                            if name == "st-agree" else ""))
    return name


def _check_partitionable(name: str, options: dict) -> None:
    """st-score whose result depends on the whole input (summaries, fan-in, corpus metrics) is refused."""
    if name != "st-score":
        return
    from scholartools.metrics import command

    try:
        run = command.prepare(**{k: v for k, v in options.items() if k not in ("quiet", "progress", "strict")})
    except UsageError as exc:
        raise CommandError(name, 2, str(exc)) from None
    if run.scorer().batch_size(1) is None:
        raise ValueError("st-score with --aggregate, a fan-in metric (pointwise) or a corpus metric (itf-idf) needs "
                         "all records at once: score the gathered output, not partition by partition")


# ------------------------------------------------------------------------------ running

class Scheduler:
    """Where partitions run: a ``distributed.Client`` (given, at an address, or on a
    ``LocalCluster`` started here) or one of dask's local schedulers. Close it when done."""

    def __init__(self, scheduler: Any = None):
        self.client = None
        self.cluster = None
        self.local = None
        self.description = ""
        self._own = False   # a Client made here is closed here
        if scheduler is None or scheduler == "":
            try:
                from distributed import get_client

                self.client = get_client()   # the Client the caller already made
                self.description = f"distributed scheduler {self.client.scheduler.address}"
            except (ImportError, ValueError):
                self.local = "processes"
                self.description = "dask's local process pool"
        elif isinstance(scheduler, str) and scheduler in ("threads", "processes", "sync", "synchronous"):
            self.local = scheduler
            self.description = f"dask's local '{scheduler}' scheduler"
        elif isinstance(scheduler, str) and (scheduler == "local" or scheduler.startswith("local:")):
            from distributed import Client, LocalCluster

            n = int(scheduler.partition(":")[2] or 2)
            if n < 1:   # a LocalCluster without a worker waits for one forever
                raise ValueError(f"{scheduler!r}: local:N wants a number of workers N of 1 or more")
            self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                        dashboard_address=None, silence_logs=50)
            self.client = Client(self.cluster)
            self._own = True
            self.description = f"a LocalCluster of {n} worker processes"
        elif isinstance(scheduler, str):
            from distributed import Client

            self.client = Client(scheduler, timeout="30s")
            self._own = True
            self.description = f"the Dask scheduler at {scheduler}"
        else:   # a distributed.Client
            self.client = scheduler
            self.description = f"distributed scheduler {getattr(scheduler.scheduler, 'address', scheduler)}"

    @property
    def workers(self) -> int | None:
        if self.client is None:
            return None
        return len(self.client.scheduler_info(n_workers=-1).get("workers", {}))

    def results(self, bag: db.Bag) -> Iterator[list[dict]]:
        """The partitions' outputs, in input order, each as soon as it and those before it are done."""
        parts = bag.to_delayed(optimize_graph=True)
        if self.client is None:
            yield from dask.compute(*parts, scheduler=self.local)
            return
        futures = self.client.compute(parts)
        try:
            for fut in futures:
                yield fut.result()
                fut.release()
        finally:
            for fut in futures:
                fut.cancel()

    def close(self) -> None:
        if self._own and self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run(command: str, records: Iterable[dict] | Iterable[str] = (), *args: str, scheduler: Any = None,
        partition_size: int | None = None, **options: Any) -> Iterator[dict]:
    """Run ``command`` over ``records`` (for ``st-parse``: over paths) on ``scheduler`` and yield
    the output records in input order.

    ``scheduler``: a ``distributed.Client``, an address (``tcp://host:8786``), ``"local:N"``
    (a LocalCluster of N one-thread worker processes, closed at the end), a local dask
    scheduler name (``"processes"``, ``"threads"``, ``"sync"``), or None (the active Client,
    else dask's local process pool).
    """
    name = _name(command)
    if name == "st-parse":
        bag = parse_paths(list(records) + list(args), partition_size or PARTITION_PATHS, **options)
    else:
        bag = map_command(name, records, *args, partition_size=partition_size or PARTITION_RECORDS, **options)
    with Scheduler(scheduler) as sched:
        for part in sched.results(bag):
            yield from part
