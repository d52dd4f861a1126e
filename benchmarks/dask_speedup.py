"""Speed-up of the commands on a Dask LocalCluster of 2 worker processes vs the sequential command.

    .venv/bin/python benchmarks/dask_speedup.py [--shared ../shared] [--parse-repeat 4] [--pairs 300]

Two workloads, each run sequentially in this process (``scholartools.run``) and through
``scholartools.scale.run`` on a LocalCluster(n_workers=2, threads_per_worker=1):

* st-parse on the PDFs of shared/external/pdfs (the list repeated ``--parse-repeat`` times, so
  that there is enough work to spread), 4 paths per partition;
* st-facets --method offline on the ScholarSum pairs (shared/external/scholarsum/pairs.jsonl),
  64 records per partition.

The sequential st-facets is also run with one BLAS/torch thread, as Dask's workers run (distributed
sets ``OMP_NUM_THREADS=1`` and the like for them): under contention, multi-threaded BLAS costs
more than it saves, which alone can make the workers look faster than 2x.

Both sides are warm (modules imported, the embedding model loaded: in this process by a
one-record run, on every worker by the same run through ``Client.run``), so the speed-up is the
parallel work itself; the cluster's start and the workers' warm-up are reported apart, since a
short job pays them too.  The outputs are checked identical (provenance ``seconds`` aside).
Ideal speed-up on 2 workers: 2.0 — on a 2-core machine shared with other jobs it cannot be
reached; the load average is printed with the result.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_path  # noqa: E402


def strip(recs: list[dict]) -> list[dict]:
    out = []
    for r in recs:
        r = dict(r)
        if isinstance(r.get("provenance"), list):
            r["provenance"] = [{k: v for k, v in p.items() if k != "seconds"} for p in r["provenance"]]
        out.append(r)
    return out


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", help="a shared folder (default: the datasets where scholartools.data finds them)")
    ap.add_argument("--parse-repeat", type=int, default=4)
    ap.add_argument("--pairs", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()

    import distributed

    import scholartools
    import scholartools.scale as std

    pdfs = sorted(str(p) for p in dataset_path("pdfs", args.shared).rglob("*.pdf"))
    pairs = [json.loads(line) for line in (dataset_path("scholarsum", args.shared) / "pairs.jsonl").read_text().splitlines()
             if line.strip()][:args.pairs]

    (cluster, client), t_start = timed(lambda: (lambda c: (c, distributed.Client(c)))(
        distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=50)))
    _, t_warm = timed(lambda: client.run(std.run_partition, pairs[:1], "st-facets", (), {"method": "offline"}))
    client.run(std.run_partition, (), "st-parse", tuple(pdfs[:1]), {})
    scholartools.run("st-facets", pairs[:1], method="offline")    # this process warm as well
    scholartools.run("st-parse", (), pdfs[0])

    rows = []
    # st-parse: identity on the set, speed on the repeated list
    seq = scholartools.run("st-parse", (), *pdfs)
    par = list(std.run("st-parse", pdfs, scheduler=client))
    assert par == seq, "st-parse on Dask differs from the sequential records"
    work = pdfs * args.parse_repeat
    pages = sum(r.get("source", {}).get("pages") or 0 for r in seq) * args.parse_repeat
    _, t_seq = timed(lambda: scholartools.run("st-parse", (), *work))
    _, t_par = timed(lambda: list(std.run("st-parse", work, scheduler=client)))
    rows.append((f"st-parse, {len(work)} PDFs ({pages} pages)", t_seq, t_par))

    seq, t_seq = timed(lambda: scholartools.run("st-facets", pairs, method="offline"))
    par, t_par = timed(lambda: list(std.run("st-facets", pairs, scheduler=client, partition_size=64, method="offline")))
    assert strip(par) == strip(seq), "st-facets on Dask differs from the sequential records"
    rows.append((f"st-facets --method offline, {len(pairs)} pairs", t_seq, t_par))
    # Dask's workers run with one BLAS / OpenMP thread (distributed sets OMP_NUM_THREADS=1 and the
    # like); the same sequential run limited to one thread separates that effect from the parallelism
    import torch
    from threadpoolctl import threadpool_limits

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    with threadpool_limits(1):
        seq1, t_seq1 = timed(lambda: scholartools.run("st-facets", pairs, method="offline"))
    torch.set_num_threads(threads)
    assert strip(seq1) == strip(seq)
    rows.append((f"  same, sequential with 1 BLAS/torch thread", t_seq1, t_par))

    client.close()
    cluster.close()
    load = os.getloadavg()
    print(f"Dask LocalCluster: {args.workers} worker processes x 1 thread; python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores; load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print(f"cluster start {t_start:.1f} s; worker warm-up (imports + embedding model) {t_warm:.1f} s")
    print("outputs identical to the sequential command's (provenance seconds aside): yes\n")
    print(f"{'workload':<44} {'sequential s':>12} {'dask s':>8} {'speed-up':>9} {'ideal':>6}")
    for name, a, b in rows:
        print(f"{name:<44} {a:>12.1f} {b:>8.1f} {a / b:>9.2f} {float(args.workers):>6.1f}")


if __name__ == "__main__":
    main()
