"""The JSON Lines boundary (scholartools.records on jsonlines and orjson): one test per guarantee
of issue 24, through the reader and writer the commands use, and a property test that the fast
path (orjson on a line's bytes) gives exactly what jsonlines' own Reader gives on any line."""
from __future__ import annotations

import gzip
import io
import os
import select
import subprocess
import sys

import jsonlines
import numpy as np
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helpers import ROOT
from scholartools.cli.base import RecordIO
from scholartools.records import iter_lines, read_jsonl, read_line, writer


def lines_of(data: bytes, source: str = "in.jsonl") -> list[dict]:
    return list(iter_lines(io.BytesIO(data), source, "st-x"))


def run_identity(data: bytes, inputs=()) -> tuple[list[dict], RecordIO]:
    out = io.BytesIO()
    rio = RecordIO("st-x", inputs=inputs, stdin=io.BytesIO(data), stdout=out, stderr=io.StringIO(), quiet=True)
    rio.map(lambda rec: rec)
    rio.finish()
    return [orjson.loads(line) for line in out.getvalue().splitlines()], rio


# --------------------------------------------------------------------------- reading

def test_an_invalid_line_is_an_error_record_with_its_line_number_and_raw_text_and_reading_goes_on():
    recs = lines_of(b'{"id": "a"}\n{"id": "b", oops}\n{"id": "c"}\n')
    assert [r.get("id") for r in recs] == ["a", None, "c"]
    err = recs[1]["error"]
    assert err["kind"] == "invalid_json" and err["line"] == 2 and err["source"] == "in.jsonl"
    assert err["message"].startswith("in.jsonl:2: not valid JSON") and err["command"] == "st-x"
    assert recs[1]["raw"] == '{"id": "b", oops}'


def test_a_line_that_is_not_utf8_names_the_byte_and_column():
    recs = lines_of(b'{"id": "a"}\n{"t": "caf\xe9"}\n')
    err = recs[1]["error"]
    assert err["kind"] == "invalid_json" and err["line"] == 2
    assert "byte 0xe9 at column 11 is not UTF-8" in err["message"]
    assert recs[1]["raw"] == '{"t": "caf\ufffd"}'


@pytest.mark.parametrize("line, kind", [(b"[1, 2]", "array"), (b'"text"', "string"), (b"42", "number"),
                                        (b"1.5", "number"), (b"true", "boolean"), (b"null", "null")])
def test_a_json_value_that_is_not_an_object_is_not_an_object(line, kind):
    recs = lines_of(b'{"id": "a"}\n' + line + b'\n{"id": "c"}\n')
    assert recs[0] == {"id": "a"} and recs[2] == {"id": "c"}
    err = recs[1]["error"]
    assert err["kind"] == "not_an_object" and err["line"] == 2
    assert err["message"] == f"in.jsonl:2: a JSON {kind} where a JSON object was expected"
    assert recs[1]["raw"] == line.decode()


def test_blank_lines_are_skipped_but_counted_and_crlf_is_fine():
    recs = lines_of(b'\n{"id": "a"}\r\n   \n\t\n{"id": "b"}\nnope\n')
    assert recs[:2] == [{"id": "a"}, {"id": "b"}]
    assert recs[2]["error"]["line"] == 6 and len(recs) == 3


def test_a_byte_order_mark_or_record_separator_before_a_record_is_dropped():
    """jsonlines' rules: a UTF-8 BOM (a file saved by an editor) or RFC 7464's record separator
    before the JSON does not make the line invalid; orjson alone refuses both."""
    recs = lines_of(b'\xef\xbb\xbf{"id": "bom"}\n\x1e{"id": "rs"}\n\xef\xbb\xbf\n')
    assert recs[0] == {"id": "bom"} and recs[1] == {"id": "rs"}
    assert recs[2]["error"]["kind"] == "invalid_json" and recs[2]["error"]["line"] == 3


def test_gz_input_is_read_transparently(tmp_path):
    path = tmp_path / "in.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"id": "a"}\nbad\n{"id": "c"}\n'))
    recs = list(read_jsonl(str(path)))
    assert recs[0] == {"id": "a"} and recs[2] == {"id": "c"}
    assert recs[1]["error"]["source"] == str(path) and recs[1]["error"]["line"] == 2
    out, rio = run_identity(b"", inputs=(str(path),))
    assert [r.get("id") for r in out] == ["a", None, "c"] and rio.n_in == 3 and rio.n_errors == 1


def test_dash_reads_stdin(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(b'{"id": "a"}\n[]\n'))
    monkeypatch.setattr(sys, "stdin", stdin)
    recs = list(read_jsonl("-"))
    assert recs[0] == {"id": "a"} and recs[1]["error"]["source"] == "<stdin>"
    out, _ = run_identity(b'{"id": "s"}\n', inputs=("-",))
    assert out[0]["id"] == "s" and out[0]["provenance"][-1]["command"] == "st-x"


def test_input_error_records_pass_through_in_their_place_and_count():
    upstream = {"id": "u", "error": {"command": "st-parse", "kind": "not_a_paper", "message": "m"}}
    data = b'{"id": "a"}\n' + orjson.dumps(upstream) + b'\n{x\n{"id": "d"}\n'
    out, rio = run_identity(data)
    assert [r.get("id") for r in out] == ["a", "u", None, "d"]
    assert out[1] == upstream                            # untouched: no provenance added
    assert "provenance" in out[0] and out[2]["error"]["line"] == 3
    assert (rio.n_in, rio.n_out, rio.n_errors) == (4, 4, 2)


def test_records_of_several_inputs_keep_their_own_line_numbers(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_bytes(b'{"id": 1}\nbad\n')
    b.write_bytes(b'bad\n{"id": 2}\n')
    out, rio = run_identity(b"", inputs=(str(a), str(b)))
    assert [(r["error"]["source"], r["error"]["line"]) for r in out if "error" in r] == [(str(a), 2), (str(b), 1)]
    assert rio.n_in == 4


# the fast path against jsonlines' own Reader on any line

LINE = st.one_of(
    st.binary(max_size=60),
    st.sampled_from([b"", b"  ", b"\r", b"\xef\xbb\xbf", b"\x1e", b"null", b"[]", b"{}", b"\xef\xbb\xbf{}",
                     b"\x1e[1]", b'{"a": 1} x', b'{"a": "\xed\xa0\x80"}', b'{"a": 1}\r', b"\x0c{}"]),
    st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=20),
                 lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=5), kids, max_size=3),
                 max_leaves=8).map(orjson.dumps),
).map(lambda b: b.replace(b"\n", b" "))


def _jsonlines_alone(lines: list[bytes]) -> list:
    """What jsonlines' Reader makes of the lines by itself: a record, or (line number, verdict)."""
    out, reader = [], jsonlines.Reader(lines, loads=orjson.loads)
    while True:
        try:
            out.append(reader.read(type=dict, skip_empty=True))
        except EOFError:
            return out
        except jsonlines.InvalidLineError as exc:
            out.append((exc.lineno, str(exc).split(":")[0].split(" (line")[0]))


@settings(max_examples=400, deadline=None)
@given(st.lists(LINE, max_size=8))
def test_the_fast_path_gives_what_jsonlines_gives_on_any_line(lines):
    ours = list(iter_lines([line + b"\n" for line in lines], "s"))
    theirs = _jsonlines_alone([line + b"\n" for line in lines])
    assert len(ours) == len(theirs)
    for mine, verdict in zip(ours, theirs):
        if isinstance(verdict, dict):
            assert mine == verdict
        else:
            assert mine["error"]["line"] == verdict[0] and mine["raw"] is not None
            assert mine["error"]["kind"] == ("not_an_object" if "null" in verdict[1] or "type" in verdict[1]
                                             else "invalid_json")


def test_read_line_is_jsonlines_verdict_on_one_line():
    assert read_line(b"\xef\xbb\xbf{\"a\": 1}\n", 7, "f") == {"a": 1}
    assert read_line(b" \r\n", 7, "f") is None
    assert read_line(b"[1]\n", 7, "f")["error"]["line"] == 7


# --------------------------------------------------------------------------- writing

def test_the_writer_writes_what_jsonlines_writes_and_makes_numpy_values_json():
    recs = [{"id": "a", "t": "café ∑", "n": [1, 2.5, None]}, {"id": "b", "x": {"y": True}}]
    ours, theirs = io.BytesIO(), io.BytesIO()
    w = writer(ours)
    for rec in recs:
        w.write(rec)
    jsonlines.Writer(theirs, compact=True).write_all(recs)
    assert ours.getvalue() == theirs.getvalue()
    assert [orjson.loads(line) for line in ours.getvalue().splitlines()] == recs
    out = io.BytesIO()
    writer(out).write({"f": np.float32(0.5), "i": np.int64(3), "a": np.arange(2), "s": {1}, "p": ROOT / "x"})
    assert orjson.loads(out.getvalue()) == {"f": 0.5, "i": 3, "a": [0, 1], "s": [1], "p": str(ROOT / "x")}


def test_each_record_is_flushed_when_the_stream_is_a_pipe_and_buffered_when_a_file(tmp_path):
    r, w = os.pipe()
    with os.fdopen(w, "wb") as pipe, os.fdopen(r, "rb", buffering=0) as reader:
        writer(pipe).write({"id": "first"})
        ready, _, _ = select.select([reader], [], [], 5)
        assert ready and reader.read(100) == b'{"id":"first"}\n'
    path = tmp_path / "out.jsonl"
    with open(path, "wb") as f:
        writer(f).write({"id": "first"})
        assert path.stat().st_size == 0          # still in the file's buffer: no flush per record
    assert path.read_bytes() == b'{"id":"first"}\n'


IDENTITY_COMMAND = """
from scholartools.cli.base import st_command

@st_command("st-x")
def main(io):
    io.map(lambda rec: rec)

main()
"""


def test_a_closed_pipe_ends_the_command_quietly(tmp_path):
    script = tmp_path / "identity.py"
    script.write_text(IDENTITY_COMMAND)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    data = b"".join(orjson.dumps({"id": i, "t": "x" * 50}) + b"\n" for i in range(50000))
    proc = subprocess.run(f"'{sys.executable}' '{script}' | head -n 2", shell=True, input=data,
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0 and proc.stdout.count(b"\n") == 2
    assert orjson.loads(proc.stdout.splitlines()[1])["id"] == 1
    assert b"Traceback" not in proc.stderr and b"Broken" not in proc.stderr


def test_name_value_pairs_are_parsed_once():
    import pytest

    from scholartools.errors import UsageError
    from scholartools.records import parse_field_specs, parse_pairs

    assert parse_pairs([" a = x.y ", "b=z", "a=w"]) == [("a", "x.y"), ("b", "z"), ("a", "w")]   # order, repeats kept
    assert parse_field_specs(["a=x.y", "b=z", "a=w"]) == {"a": "w", "b": "z"}                  # the last one wins
    for bad in ("nothing", "=x", "a=", " = "):
        with pytest.raises(UsageError, match=f"--step wants STEP=FILE, got '{bad}'"):
            parse_pairs([bad], "--step", "STEP=FILE")


def test_jsonlines_is_imported_only_when_a_line_is_refused():
    import subprocess
    import sys

    code = ("import io, sys, scholartools.records as R; assert 'jsonlines' not in sys.modules; "
            "R.writer(io.BytesIO()).write({'id': 1}); assert 'jsonlines' not in sys.modules and 'attr' not in sys.modules; "
            "R.read_line(b'[1]', 1, 'x'); assert 'jsonlines' in sys.modules")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


EXIT_COMMAND = """
import atexit, sys
from scholartools.cli.base import st_command

@st_command("st-x")
def main(io):
    atexit.register(lambda: open(sys.argv[-1] + ".atexit", "w").write("ran"))
    io.map(lambda rec: rec)

sys.argv = sys.argv[:-1] + ["-o", sys.argv[-1]]
main()
"""


@pytest.mark.parametrize("slow", [False, True])
def test_a_command_that_ends_its_process_early_writes_everything_and_runs_exit_handlers(tmp_path, slow):
    # the process ends with os._exit after the output is flushed (no interpreter teardown);
    # ST_SLOW_EXIT keeps the normal exit: both must leave the same output, exit code and handlers run
    script, out = tmp_path / "exit.py", tmp_path / "out.jsonl"
    script.write_text(EXIT_COMMAND)
    env = dict(os.environ, PYTHONPATH=str(ROOT), ST_SLOW_EXIT="1" if slow else "")
    data = b"".join(orjson.dumps({"id": i}) + b"\n" for i in range(3000)) + b"not json\n"
    proc = subprocess.run([sys.executable, str(script), "--quiet", str(out)], input=data, capture_output=True,
                          env=env, timeout=60)
    assert proc.returncode == 1, proc.stderr       # the bad line is an error record: exit 1, as always
    lines = out.read_bytes().splitlines()
    assert len(lines) == 3001 and orjson.loads(lines[2999])["id"] == 2999
    assert (tmp_path / "out.jsonl.atexit").read_text() == "ran"
