"""The JSONL boundary: jsonlines over orjson (scholartools.records) against the orjson-only path
it replaced, in one run, on the same bytes.

Goal (issue 24): reading and writing stay within 10 % of the orjson-only path, for 1,000,000
small records and for 10,000 large ones (st-parse-sized, ~40 KB each). Two levels:

* ``read`` / ``write``: the bare boundary (iter_lines, the writer) against a bare orjson loop;
* ``command``: what a command pays — RecordIO reading every record and writing it back with its
  provenance entry (an identity ``io.map``), with the old orjson-only reader and writer swapped
  into the same RecordIO for the comparison.

Run: ``.venv/bin/python benchmarks/jsonl_speed.py [--small N] [--large N]``. Each figure is the
best of three runs (seconds); ratio = new / old (below 1.10 is the goal).
"""
from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.records import iter_lines, writer  # noqa: E402


def old_read(data: bytes) -> int:
    """The orjson-only reader scholartools used before: skip blank lines, loads, check the type."""
    n = 0
    for line in io.BytesIO(data):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if isinstance(value, dict):
            n += 1
    return n


def new_read(data: bytes) -> int:
    return sum(1 for _ in iter_lines(io.BytesIO(data), "<bench>"))


def old_write(records: list[dict]) -> int:
    out = io.BytesIO()
    opt = orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_APPEND_NEWLINE
    for rec in records:
        out.write(orjson.dumps(rec, option=opt))
    return out.tell()


def new_write(records: list[dict]) -> int:
    out = io.BytesIO()
    w = writer(out)
    for rec in records:
        w.write(rec)
    return out.tell()


class _OldWriter:
    def __init__(self, out):
        self.out = out
        self.opt = orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_APPEND_NEWLINE

    def write(self, rec):
        self.out.write(orjson.dumps(rec, option=self.opt))


def _old_lines(stream, source, command):
    from scholartools.records import error_record

    for lineno, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            yield error_record(command, "invalid_json", f"{source}:{lineno}: {exc}", line=lineno)
            continue
        if not isinstance(value, dict):
            yield error_record(command, "not_an_object", f"{source}:{lineno}", line=lineno)
            continue
        yield value


def command_pass(data: bytes, old: bool) -> int:
    """An identity command over ``data`` through RecordIO (old: orjson-only reader and writer)."""
    from scholartools.cli import base

    out = io.BytesIO()
    rio = base.RecordIO("st-bench", stdin=io.BytesIO(data), stdout=out, stderr=io.StringIO(), quiet=True)
    saved = base.iter_lines
    if old:
        rio._writer = _OldWriter(out)
        base.iter_lines = _old_lines
    try:
        rio.map(lambda rec: rec)
    finally:
        base.iter_lines = saved
    rio.finish()
    return rio.n_out


def best(fn, arg, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t)
    return min(times)


def small_records(n: int) -> list[dict]:
    return [{"id": f"r{i}", "reference": "the cat sat", "candidate": "a cat", "score": i * 0.5} for i in range(n)]


def large_records(n: int) -> list[dict]:
    para = "We study sparse retrieval for small corpora and find that it holds up well. " * 6
    sections = [{"heading": f"{k} Section", "number": str(k), "level": 1, "type": "other",
                 "text": para * 3, "paragraphs": [para] * 3} for k in range(1, 15)]
    return [{"id": f"p{i}", "title": "A paper", "abstract": para, "sections": sections,
             "references": [{"raw": "A. Author. 2020. A title. Venue.", "year": 2020}] * 30} for i in range(n)]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=1_000_000)
    ap.add_argument("--large", type=int, default=10_000)
    args = ap.parse_args(argv)
    print(f"python {sys.version.split()[0]}; best of 3; ratio = jsonlines+orjson / orjson only")
    print(f"{'set':28s} {'op':8s} {'orjson s':>9s} {'jsonlines s':>12s} {'ratio':>6s}")
    for label, recs in ((f"{args.small:,} small records", small_records(args.small)),
                        (f"{args.large:,} large records", large_records(args.large))):
        data = b"".join(orjson.dumps(r) + b"\n" for r in recs)
        assert old_read(data) == new_read(data) == len(recs)
        pairs = (("read", old_read, new_read, data), ("write", old_write, new_write, recs),
                 ("command", lambda d: command_pass(d, True), lambda d: command_pass(d, False), data))
        for op, old, new, arg in pairs:
            a, b = best(old, arg), best(new, arg)
            print(f"{label:28s} {op:8s} {a:9.3f} {b:12.3f} {b / a:6.2f}")
        mb = len(data) / 1e6
        print(f"{'':28s} ({mb:,.0f} MB of JSONL)")


if __name__ == "__main__":
    main()
