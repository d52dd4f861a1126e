"""The JSON Lines boundary before and after jsonlines, in one run, on the same bytes.

Goal (issue 24): reading and writing 1,000,000 small records and 10,000 large ones (st-parse's
output) stay within 10 % of the orjson-only path that scholartools had before jsonlines.

* **before**: the code as it stood at commit aae0492, kept verbatim in ``jsonl_before.py``
  (``iter_lines`` + ``parse_line``, ``dumps``, and the command base's per-record methods);
* **after**: ``scholartools.records`` and ``scholartools.cli.base`` as they are;
* **jsonlines.Reader alone** (read rows): every line through ``Reader.read`` with orjson as its
  ``loads`` — what the reader would cost if jsonlines read every line itself. It decodes each
  line to ``str`` and orjson must encode a non-ASCII ``str`` back to UTF-8 before parsing, which
  doubles the time on st-parse's records (all of them hold non-ASCII text): so scholartools
  gives jsonlines the lines that orjson does not take as an object as they stand (see
  ``records.iter_lines``).

Levels: ``read`` (the reader over a stream), ``write`` (the writer over a stream), ``command``
(an identity command: the command base reads each record, adds its provenance entry and writes
it — what every st-* command pays per record, before any work of its own).

Large records are st-parse's records of the 28 real PDFs in ``fixtures/pdfs`` (≈100 KB each),
repeated with distinct ids. Small records are pair records of 4 short fields (≈80 bytes).

Run: ``.venv/bin/python benchmarks/jsonl_speed.py [--small N] [--large N] [--repeat K]``.
Each figure is the best of ``--repeat`` runs (seconds); ratio = after / before (goal ≤ 1.10).
"""
from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

import jsonlines
import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import jsonl_before as before  # noqa: E402
from scholartools.cli.base import RecordIO  # noqa: E402
from scholartools.records import iter_lines, writer  # noqa: E402


# --------------------------------------------------------------------------- the data

def small_records(n: int) -> list[dict]:
    return [{"id": f"r{i}", "reference": "the cat sat", "candidate": "a cat", "score": i * 0.5} for i in range(n)]


def large_records(n: int) -> list[dict]:
    """st-parse's records of the real PDFs in fixtures/pdfs, repeated to ``n`` with distinct ids
    (shallow copies: the repeated ones share their sections, which costs nothing to write)."""
    from scholartools.api import parse

    papers = [p for p in parse(sorted(str(p) for p in (ROOT / "fixtures" / "pdfs").glob("*.pdf")))
              if "error" not in p]
    return [dict(papers[i % len(papers)], id=f"{papers[i % len(papers)]['id']}#{i}") for i in range(n)]


# --------------------------------------------------------------------------- the operations

def read_before(data: bytes) -> int:
    return sum(1 for _ in before.iter_lines(io.BytesIO(data), "<bench>"))


def read_after(data: bytes) -> int:
    return sum(1 for _ in iter_lines(io.BytesIO(data), "<bench>"))


def read_jsonlines_alone(data: bytes) -> int:
    read = jsonlines.Reader(io.BytesIO(data), loads=orjson.loads).read
    n = 0
    while True:
        try:
            read(type=dict, skip_empty=True)
        except EOFError:
            return n
        n += 1


def write_before(records: list[dict]) -> int:
    out = io.BytesIO()
    for rec in records:
        out.write(before.dumps(rec))
    return out.tell()


def write_after(records: list[dict]) -> int:
    out = io.BytesIO()
    write = writer(out).write
    for rec in records:
        write(rec)
    return out.tell()


def _command(cls, data: bytes) -> int:
    out = io.BytesIO()
    rio = cls("st-bench", stdin=io.BytesIO(data), stdout=out, stderr=io.StringIO(), quiet=True)
    rio.map(lambda rec: rec)
    rio.finish()
    return out.tell()


def command_before(data: bytes) -> int:
    return _command(before.RecordIOBefore, data)


def command_after(data: bytes) -> int:
    return _command(RecordIO, data)


def best(fn, arg, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t)
    return min(times)


def measure(records: list[dict], repeat: int) -> dict:
    """``{op: (before s, after s)}`` (and the jsonlines-alone reader) for one set of records."""
    data = b"".join(orjson.dumps(r) + b"\n" for r in records)
    assert read_before(data) == read_after(data) == read_jsonlines_alone(data) == len(records)
    assert write_before(records) == write_after(records) == len(data)
    out = {"MB": len(data) / 1e6}
    for op, old, new, arg in (("read", read_before, read_after, data), ("write", write_before, write_after, records),
                              ("command", command_before, command_after, data)):
        out[op] = (best(old, arg, repeat), best(new, arg, repeat))
    out["jsonlines.Reader alone"] = (out["read"][0], best(read_jsonlines_alone, data, repeat))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=1_000_000)
    ap.add_argument("--large", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"python {sys.version.split()[0]}, orjson {orjson.__version__}, jsonlines 4; best of {args.repeat}; "
          f"ratio = after / before (goal <= 1.10)")
    print(f"{'set':34s} {'op':24s} {'before s':>9s} {'after s':>8s} {'ratio':>6s}")
    for label, make, n in (("small records (pairs, ~80 B)", small_records, args.small),
                           ("large records (st-parse, ~100 KB)", large_records, args.large)):
        res = measure(make(n), args.repeat)
        name = f"{n:,} {label}"
        for op in ("read", "write", "command", "jsonlines.Reader alone"):
            a, b = res[op]
            print(f"{name:34s} {op:24s} {a:9.3f} {b:8.3f} {b / a:6.2f}", flush=True)
        print(f"{'':34s} ({res['MB']:,.0f} MB of JSONL)")


if __name__ == "__main__":
    main()
