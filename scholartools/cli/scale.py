"""``--scheduler`` and ``--partition-size``: a command's work on a Dask cluster, from the shell.

``@scheduler_options`` goes right under ``@st_command``.  Without ``--scheduler`` nothing
changes (one JSONL stream on one machine, the default and the fastest path for small jobs).
With it, the command reads its input here, cuts it into partitions, has the workers run the
same command's library function with the same options on each (:mod:`scholartools.scale`), and writes their output
records in input order — the records the sequential command writes, provenance timings aside::

    st-parse --scheduler tcp://head:8786 --paths-from-stdin < pdfs.txt > papers.jsonl
    st-facets --scheduler local:2 --method offline < pairs.jsonl > rated.jsonl

Error records of the input keep their place; a usage error found by a worker stops the run with
exit 2 as it would locally.  ``--batch-api collect|wait`` runs here (it reads no records).
Dask is imported only when ``--scheduler`` is given, so ``--help`` stays instant.
"""
from __future__ import annotations

import functools
from typing import Callable

import click

from scholartools.cli.types import Scheduler

#: options the command handles itself, never passed on to the workers
LOCAL_ONLY = ("scheduler", "partition_size")


def _options(partition_help: str) -> list[Callable]:
    return [
        click.option("--scheduler", type=Scheduler(), metavar="ADDRESS", envvar="ST_SCHEDULER", show_envvar=True,
                     help="Run on Dask: tcp://host:8786 (a running scheduler), local:N (a LocalCluster of N "
                          "worker processes), or processes/threads/sync. Output as without it, in input order."),
        click.option("--partition-size", type=click.IntRange(min=1), metavar="N", help=partition_help),
    ]


def _worker_options(kwargs: dict) -> dict:
    """The command's option values as :func:`scholartools.run` takes them (unset ones left out)."""
    out = {}
    for k, v in kwargs.items():
        if v is None or v is False or v == () or k in LOCAL_ONLY:
            continue
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def scheduler_options(fn: Callable | None = None, *, over: str = "records", files_arg: str = "files",
                      paths_option: str = "paths_from_stdin"):
    """Add ``--scheduler`` and ``--partition-size`` to a command (see the module docstring).

    ``over="records"``: partitions of input records; ``over="files"``: partitions of the
    ``files_arg`` argument (plus paths from stdin with ``paths_option``), for st-parse.
    """
    def decorate(f: Callable) -> Callable:
        @functools.wraps(f)
        def wrapper(io, *args, scheduler=None, partition_size=None, **kwargs):
            if not scheduler or kwargs.get("batch_api") in ("collect", "wait"):
                return f(io, *args, **kwargs)
            if over == "files":
                return _run_files(io, scheduler, partition_size, kwargs, files_arg, paths_option)
            return _run_records(io, scheduler, partition_size, kwargs)

        wrapper.__click_params__ = list(getattr(f, "__click_params__", []))
        what = "paths per partition (default 4)" if over == "files" else \
            "records per partition (default 256: a multiple of the commands' batch sizes, so results match)"
        for opt in reversed(_options(what.capitalize() + " with --scheduler.")):
            opt(wrapper)
        return wrapper

    return decorate(fn) if fn is not None else decorate


def _scheduler(io, address: str):
    from scholartools.scale import Scheduler

    try:
        sched = Scheduler(address)
    except (OSError, TimeoutError, ValueError) as exc:
        raise click.UsageError(f"--scheduler {address}: cannot reach the Dask scheduler ({type(exc).__name__}: "
                               f"{exc})") from exc
    n = sched.workers
    io.log(f"running on {sched.description}" + (f" ({n} workers)" if n is not None else ""))
    return sched


def _write(io, sched, bag, unique_ids: bool = False) -> None:
    """Write the workers' records in input order (each already carries its provenance entry) and
    the LLM summary line, summed from that provenance (the workers' stderr stays theirs).
    ``unique_ids`` (st-parse): ids unique across partitions too, as one process makes them."""
    from scholartools.errors import CommandError

    totals = {"calls": 0, "cache_hits": 0, "prompt": 0, "completion": 0, "cost": 0.0, "llm": False}
    try:
        records = (rec for part in sched.results(bag) for rec in part)
        if unique_ids:
            from scholartools.parsing import unique_ids as unique

            records = unique(records, io.log)
        for rec in records:
            prov = (rec.get("provenance") or [{}])[-1] if isinstance(rec.get("provenance"), list) else {}
            if isinstance(prov, dict) and "calls" in prov and "error" not in rec:
                totals["llm"] = True
                totals["calls"] += prov.get("calls") or 0
                totals["cache_hits"] += prov.get("cache_hits") or 0
                totals["prompt"] += (prov.get("tokens") or {}).get("prompt") or 0
                totals["completion"] += (prov.get("tokens") or {}).get("completion") or 0
                c = prov.get("cost")
                totals["cost"] = None if c is None or totals["cost"] is None else totals["cost"] + c
            io.write(rec, stamped=True)
    except CommandError as exc:
        raise click.UsageError(exc.message.strip() or str(exc)) from exc
    finally:
        sched.close()
    if totals["llm"]:
        cost = "unknown" if totals["cost"] is None else f"${totals['cost']:.4f}"
        io.log(f"llm (all workers): {totals['calls']} calls, {totals['cache_hits']} cache hits, tokens "
               f"{totals['prompt']} in / {totals['completion']} out, cost {cost}")


def _run_records(io, address: str, partition_size: int | None, kwargs: dict) -> None:
    from scholartools import scale as std

    records = list(io.raw_records())   # input error records too: the workers pass them through in place
    options = _worker_options(kwargs)
    sched = _scheduler(io, address)
    bag = std.map_command(io.command, records, partition_size=partition_size or std.PARTITION_RECORDS, **options)
    _write(io, sched, bag)


def _run_files(io, address: str, partition_size: int | None, kwargs: dict, files_arg: str, paths_option: str) -> None:
    import sys

    from scholartools import scale as std

    paths = list(kwargs.pop(files_arg, ()) or ())
    if kwargs.pop(paths_option, False):
        paths += [line.strip() for line in sys.stdin if line.strip()]
    elif not paths:
        io.usage_error("no input files: give FILE arguments or --paths-from-stdin")
    io.count_in(len(paths))
    sched = _scheduler(io, address)
    _write(io, sched, std.parse_paths(paths, partition_size or std.PARTITION_PATHS, **_worker_options(kwargs)),
           unique_ids=True)
