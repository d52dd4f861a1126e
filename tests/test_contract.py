"""The contract every command keeps (README "Conventions"), tested on the real commands in-process.

As csvkit does, each command runs through click's runner with bytes on stdin: records pass through
with their unknown fields, a line that is not JSON (or not an object) becomes an error record
with its line number and raw text, error records pass through untouched, a record a command
cannot process becomes an error record naming the field, exit 0 / 1 / 2, ``--strict``,
``-i``/``-o``/``--quiet``. A property test throws random bytes, random JSON and very long lines
and words at every command that reads records. Subprocesses only where a real process is the
point (a closed pipe).
"""
from __future__ import annotations

import functools
import gzip
import io
import os
import subprocess
import sys

import orjson
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_helpers import ROOT
from conftest import cpu_seconds
from scholartools.cli import COMMANDS
from scholartools.cli.base import RecordIO
from scholartools.cli.manpages import load_command

#: an offline run of each command that reads records, and the field its records need
RUNS = {
    "st-score": (["--metric", "rougeL", "--ref", "ref", "--cand", "cand"], {"ref": "the cat sat", "cand": "a cat"}),
    "st-facets": (["--method", "offline"], {"reference": "We study cats. We find that cats sleep."}),
    "st-agree": (["--rater", "x", "--rater", "y"], {"x": 1, "y": 2}),
    # one equation per record and --format choice: one item record per input record
    "st-eqsynth": (["--method", "rules", "--format", "choice"],
                   {"latex": "y = a + b", "context_before": "the sum of $a$ and $b$ is", "context_after": "for all x"}),
    "st-judge": (["--task", "match", "--batch-pairs"], {"limitations": {"merged": ["Only English data is used."]},
                                                        "generated": ["The evaluation covers English only."]}),
    "st-extract-limits": (["--method", "offline", "--no-embeddings"],
                          {"sections": [{"heading": "Limitations", "text": "We only use English data."}]}),
    # an LLM-only command: a dry run calls nothing and needs no server
    "st-generate": (["--task", "rq", "--model", "openai/test-model", "--dry-run", "--no-cache"],
                    {"abstract": "We study cats.", "introduction": "Cats sleep a lot."}),
    "st-claims": (["--task", "extract"], {"abstract": "We show that our parser outperforms the baseline."}),
}
#: commands that write one record per input record (st-agree aggregates)
PER_RECORD = [c for c in RUNS if c != "st-agree"]
#: commands that do not read records: st-parse (files in, records out) and st-cache (cache
#: maintenance), each with its own contract test below
NOT_FILTERS = ("st-parse", "st-cache")


def invoke(command: str, args=(), input: bytes = b"", **kw):
    """Run ``command`` in-process; returns (exit code, records, stderr, stdout bytes)."""
    result = CliRunner().invoke(load_command(command), list(args), input=input, catch_exceptions=False, **kw)
    out = result.stdout_bytes
    records = [orjson.loads(line) for line in out.splitlines() if line.strip()]
    return result.exit_code, records, result.stderr, out


def jsonl(*recs) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in recs)


def good(command: str, i: int = 0) -> dict:
    args, fields = RUNS[command]
    rec = {"id": f"r{i}", **fields}
    if command == "st-agree":
        rec = {"id": f"r{i}", "x": i, "y": (i * 7) % 5}
    return rec


# --------------------------------------------------------------------------- records pass through

@pytest.mark.parametrize("command", PER_RECORD)
def test_unknown_fields_survive_and_a_provenance_entry_is_added(command):
    prior = {"command": "st-parse", "version": "0"}
    rec = dict(good(command), keep={"deep": [1, 2]}, n=3.5, provenance=[prior])
    code, out, err, _ = invoke(command, RUNS[command][0], jsonl(rec))
    assert code == 0, err
    assert out[0]["keep"] == {"deep": [1, 2]} and out[0]["n"] == 3.5 and out[0]["id"] == "r0"
    prov = out[0]["provenance"]
    assert prov[0] == prior and prov[1]["command"] == command and prov[1]["seconds"] >= 0
    assert "_provenance" not in out[0]


@pytest.mark.parametrize("command", list(RUNS))
def test_bad_lines_become_error_records_in_their_place(command):
    data = jsonl(good(command, 1)) + b"\n{not json\n" + b"[1, 2]\n" + jsonl(good(command, 2), good(command, 3))
    code, out, err, _ = invoke(command, RUNS[command][0], data)
    assert code == 1
    errors = [r for r in out if "error" in r]
    assert errors[0]["error"]["kind"] == "invalid_json" and errors[0]["error"]["line"] == 3
    assert errors[0]["raw"] == "{not json" and "provenance" not in errors[0]
    assert errors[1]["error"]["kind"] == "not_an_object" and errors[1]["error"]["line"] == 4
    if command in PER_RECORD:
        assert [r.get("id") for r in out] == ["r1", None, None, "r2", "r3"]   # order kept, nothing dropped


@pytest.mark.parametrize("command", list(RUNS))
def test_error_records_pass_through_untouched(command):
    upstream = {"id": "z", "text": "q", "error": {"command": "st-parse", "kind": "unreadable", "message": "m"}}
    code, out, _, _ = invoke(command, RUNS[command][0], jsonl(upstream, good(command, 1), good(command, 2),
                                                               good(command, 3)))
    assert code == 1 and out[0] == upstream


@pytest.mark.parametrize("command", PER_RECORD)
def test_a_record_it_cannot_process_names_the_field_and_the_run_goes_on(command):
    code, out, err, _ = invoke(command, RUNS[command][0], jsonl({"id": "bare"}, good(command, 1)))
    assert code == 1
    assert out[0]["id"] == "bare" and out[0]["error"]["command"] == command
    assert out[0]["error"]["kind"] == "missing_field" and out[0]["error"]["field"]
    assert "error" not in out[1]
    assert "2 in, 2 out, 1 errors" in err


@pytest.mark.parametrize("command", PER_RECORD)
def test_strict_stops_at_the_first_error(command):
    code, out, _, _ = invoke(command, [*RUNS[command][0], "--strict"], jsonl({"id": "bare"}, good(command, 1)))
    assert code == 1 and len(out) == 1 and out[0]["error"]["kind"] == "missing_field"


def test_batched_commands_keep_input_order_around_errors():
    data = jsonl(good("st-facets", 1)) + b"oops\n" + jsonl(good("st-facets", 3), {"id": "r4"}, good("st-facets", 5))
    code, out, _, _ = invoke("st-facets", RUNS["st-facets"][0], data)
    assert code == 1
    assert [r.get("id") for r in out] == ["r1", None, "r3", "r4", "r5"]
    assert out[1]["error"]["line"] == 2 and out[3]["error"]["kind"] == "missing_field"


# --------------------------------------------------------------------------- files and streams

@pytest.mark.parametrize("command", list(RUNS))
def test_input_files_in_order_gz_and_a_missing_file_is_exit_2(command, tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl.gz"
    a.write_bytes(jsonl(good(command, 1), good(command, 2)))
    b.write_bytes(gzip.compress(jsonl(good(command, 3))))
    code, out, err, _ = invoke(command, [*RUNS[command][0], "-i", str(a), "-i", str(b)])
    assert code == 0, err
    if command in PER_RECORD:
        assert [r["id"] for r in out] == ["r1", "r2", "r3"]
    code, out, err, _ = invoke(command, [*RUNS[command][0], "-i", str(a), "-i", str(tmp_path / "nope.jsonl")])
    assert code == 2 and out == [] and "nope.jsonl" in err


@pytest.mark.parametrize("command", list(RUNS))
def test_output_file_and_quiet(command, tmp_path):
    dest = tmp_path / "out.jsonl"
    data = jsonl(*(good(command, i) for i in range(3)))
    code, out, err, _ = invoke(command, [*RUNS[command][0], "-o", str(dest), "--quiet"], data)
    assert code == 0 and out == [] and err == ""
    assert len(dest.read_bytes().splitlines()) >= 1


@pytest.mark.parametrize("command", list(RUNS))
def test_usage_error_is_exit_2(command):
    code, out, err, _ = invoke(command, [*RUNS[command][0], "--no-such-option"])
    assert code == 2 and out == [] and "no-such-option" in err


def test_every_command_is_under_the_contract():
    """A new command must be added to RUNS (a JSONL filter) or have its own contract test."""
    assert set(COMMANDS) == set(RUNS) | set(NOT_FILTERS)


def test_st_parse_contract(tmp_path):
    code, out, err, _ = invoke("st-parse", [])
    assert code == 2 and "no input files" in err
    text = tmp_path / "paper.md"
    text.write_text("# A title\n\n## Introduction\n\nWe study cats.\n")
    code, out, err, _ = invoke("st-parse", [str(text), str(tmp_path / "missing.pdf")])
    assert code == 1 and [r["id"] for r in out] == ["paper", "missing"]
    assert out[1]["error"]["kind"] == "unreadable_file" and "missing.pdf" in out[1]["error"]["message"]
    assert out[0]["provenance"][-1]["command"] == "st-parse"


def test_st_cache_contract(tmp_path):
    """st-cache maintains a cache rather than filtering records: stdout is JSON lines (counts, or
    the exported entries), a problem with its arguments or its cache is exit 2 naming it, refused
    import lines are exit 1 with the line number on stderr."""
    cache = str(tmp_path / "c.sqlite")
    code, out, err, _ = invoke("st-cache", ["stats", "--cache", str(tmp_path / "none.sqlite")])
    assert code == 2 and out == [] and "none.sqlite" in err
    code, out, err, _ = invoke("st-cache", ["prune", "--cache", cache])
    assert code == 2 and "--older-than" in err
    code, out, err, _ = invoke("st-cache", ["vacuum"])
    assert code == 2 and "vacuum" in err
    code, out, err, _ = invoke("st-cache", ["import", "--cache", cache], b'{"key": "v1:x"}\nnot json\n')
    assert code == 1 and out[0]["refused"] == 2 and out[0]["added"] == 0
    assert "<stdin>:1: refused" in err and "<stdin>:2: refused" in err
    code, out, err, _ = invoke("st-cache", ["stats", "--cache", cache])
    assert code == 0 and out[0]["entries"] == 0 and out[0]["backend"] == "sqlite"


def test_closed_pipe_ends_quietly(tmp_path):
    data = tmp_path / "many.jsonl"
    data.write_bytes(jsonl(*({"id": str(i), "ref": "a b c", "cand": "a c"} for i in range(20000))))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(f"'{sys.executable}' -m scholartools.cli.score --metric rougeL --ref ref --cand cand "
                          f"-i '{data}' | head -n 1", shell=True, capture_output=True, env=env, timeout=120)
    assert proc.stdout.count(b"\n") == 1
    assert b"Traceback" not in proc.stderr and b"BrokenPipe" not in proc.stderr


def test_fan_out_children_get_their_own_provenance():
    """RecordIO.map with a function returning several records (st-judge's pairs, st-eqsynth's candidates)."""
    out, err = io.BytesIO(), io.StringIO()
    rio = RecordIO("st-x", stdin=io.BytesIO(jsonl({"id": "p", "t": "a"})), stdout=out, stderr=err)
    rio.provenance["method"] = "m"
    rio.map(lambda r: [dict(r, id=f"p#{i}", _provenance={"part": i}) for i in range(2)])
    assert rio.finish() == 0
    recs = [orjson.loads(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in recs] == ["p#0", "p#1"]
    assert recs[1]["provenance"][-1]["part"] == 1 and recs[1]["provenance"][-1]["method"] == "m"


# --------------------------------------------------------------------------- property: any input

#: lines too long to print in a failure report: the strategy draws their index
LONG_LINES = [b"A" * 30000, b'{"id": "w", "reference": "' + b"ACGT" * 5000 + b'"}',
              b'{"id": "s", "ref": "' + b"word " * 20000 + b'", "cand": "word"}',
              b"\xff\xfe\x00bad", b"\xef\xbb\xbf{\"id\": \"bom\"}", b'{"id": "n", "x": 1e400}',
              # nested deeper than the default --max-depth, than orjson writes, than orjson reads
              b'{"id": "d1", "x": ' + b"[" * 150 + b"]" * 150 + b"}",
              b'{"id": "d2", "x": ' + b"[" * 300 + b"]" * 300 + b"}",
              b'{"id": "d3", "x": ' + b"{\"a\":" * 1100 + b"1" + b"}" * 1100 + b"}",
              b'{"id": 123456789012345678901234567890, "reference": "a", "ref": "a", "cand": "b"}']
INT = st.integers(min_value=-2**63, max_value=2**63 - 1)
LINE = st.one_of(
    st.binary(max_size=200).map(lambda b: b.replace(b"\n", b" ")),
    st.recursive(st.none() | st.booleans() | INT | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=50),
                 lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids, max_size=4),
                 max_leaves=12).map(orjson.dumps),
    st.dictionaries(st.sampled_from(["id", "ref", "cand", "reference", "candidate", "x", "y", "error"]),
                    st.one_of(st.text(max_size=300), INT, st.none(), st.lists(st.text(max_size=5), max_size=3)),
                    max_size=5).map(orjson.dumps),
    st.integers(min_value=0, max_value=len(LONG_LINES) - 1),
)


def _line(x) -> bytes:
    return LONG_LINES[x] if isinstance(x, int) else x


@pytest.mark.parametrize("command", list(RUNS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lines=st.lists(LINE, min_size=1, max_size=6))
def test_any_input_gives_valid_jsonl_one_record_per_line_and_a_contract_exit(command, lines):
    data = b"\n".join(_line(x) for x in lines) + b"\n"
    code, out, err, raw = invoke(command, RUNS[command][0], data)
    assert code in (0, 1, 2)
    assert "Traceback" not in err
    for line in raw.splitlines():
        assert isinstance(orjson.loads(line), dict)
    non_blank = sum(1 for line in data.split(b"\n") if line.strip(b" \t\r\x0b\x0c"))
    if command in PER_RECORD and code != 2:
        assert len(out) == non_blank
    if any(isinstance(r.get("error"), dict) for r in out):   # an error record (not a field named "error")
        assert code == 1


@pytest.mark.parametrize("command", list(RUNS))
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINE, min_size=1, max_size=6), cut=st.booleans())
def test_any_gz_input_whole_or_cut_gives_valid_jsonl_and_a_contract_exit(command, lines, cut, tmp_path):
    """The same, from a .gz file (whole, or cut short: the records before the cut, then exit 2)."""
    data = b"\n".join(_line(x) for x in lines) + b"\n"
    packed = gzip.compress(data)
    path = tmp_path / "in.jsonl.gz"
    path.write_bytes(packed[: len(packed) - 6] if cut else packed)
    code, out, err, raw = invoke(command, [*RUNS[command][0], "-i", str(path)])
    assert "Traceback" not in err and "Aborted" not in err
    for line in raw.splitlines():
        assert isinstance(orjson.loads(line), dict)
    if cut:
        assert code == 2 and str(path) in err
    else:
        assert code in (0, 1)
        if command in PER_RECORD:
            assert len(out) == sum(1 for line in data.split(b"\n") if line.strip(b" \t\r\x0b\x0c"))


def _template_option(command: str, bad: str) -> list[str]:
    """``--template`` naming ``bad`` for one of ``command``'s templates (the one its run uses)."""
    import re

    opt = next((p for p in load_command(command).params if p.name == "template"), None)
    if opt is None:
        return []
    m = re.search(r"templates: ([\w, -]+)\.", opt.help or "")
    names = m.group(1).split(", ") if m else []
    if len(names) <= 1:
        return ["--template", bad]
    used = [n for n in names if any(a in n for a in RUNS[command][0] if a.isalpha())]
    return ["--template", f"{(used or names)[0]}={bad}"]


@pytest.mark.parametrize("command", [c for c in RUNS if c not in ("st-score", "st-agree")])
def test_an_option_file_that_is_not_utf8_is_exit_2_naming_it(command, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"Rate it \xff\xfe {abstract}\n")
    args = [a for a in RUNS[command][0] if a not in ("--dry-run", "--no-cache", "--no-embeddings")]
    if "--method" in args:
        args[args.index("--method") + 1] = "llm"
    if "--model" not in args:
        args += ["--model", "openai/test-model"]
    code, out, err, _ = invoke(command, [*args, "--dry-run", "--no-cache", *_template_option(command, str(bad))],
                               jsonl(good(command)))
    assert code == 2 and out == [] and str(bad) in err and "not UTF-8" in err, err


_LONG_WORDS = ("the limitation limitations of this work is are we our model has have a an that in weakness drawbacks "
               "shortcoming threats to validity score rating results yes no data method study show").split()


@functools.lru_cache(maxsize=1)
def _long_text(size: int = 300_000) -> str:
    """``size`` characters of words without a single punctuation mark (one sentence for every splitter)."""
    import random

    rnd = random.Random(38)
    words, length = [], 0
    while length < size:
        words.append(rnd.choice(_LONG_WORDS))
        length += len(words[-1]) + 1
    return " ".join(words)


#: CPU seconds a command may take on one record whose every text is 300 KB of unpunctuated words
LONG_TEXT_SECONDS = 30


@pytest.mark.parametrize("command", list(RUNS))
def test_300_kb_of_unpunctuated_text_in_every_field_is_processed_in_bounded_time(command):
    text = _long_text()
    keep = ("id", "heading", "latex")

    def fill(v, key=""):
        if key in keep:
            return v
        if isinstance(v, str):
            return text
        if isinstance(v, list):
            return [fill(x) for x in v]
        if isinstance(v, dict):
            return {k: fill(x, k) for k, x in v.items()}
        return v

    rec = fill(good(command))
    if command == "st-extract-limits":
        rec["sections"].append({"heading": "Limitations", "text": "one limitation of our data " * 11000})
    invoke(command, RUNS[command][0], jsonl(good(command)))   # imports (litellm, models) are not the text's
    start = cpu_seconds()   # CPU, not wall: the bound is on the work, whatever the machine's load
    code, out, err, _ = invoke(command, RUNS[command][0], jsonl(rec))
    took = cpu_seconds() - start
    assert code in (0, 1) and "Traceback" not in err
    assert took < LONG_TEXT_SECONDS, f"{command}: {took:.1f} CPU s on 300 KB"


def test_each_record_is_flushed_at_once_when_stdout_is_a_pipe():
    """A reader downstream gets each record as it is written, not when a buffer fills (st-score scores
    in batches of --batch-size records; one here, so that only the writer's flushing is tested)."""
    import select

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "scholartools.cli.score", "--metric", "rougeL", "--quiet",
                             "--batch-size", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        proc.stdin.write(jsonl({"id": "first", "reference": "a b c", "candidate": "a c"}))
        proc.stdin.flush()   # stdin stays open: the command cannot have reached the end of its input
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        assert ready, "no record arrived while the input was still open"
        first = orjson.loads(proc.stdout.readline())
        assert first["id"] == "first" and first["scores"]["rougeL"]["f"] == pytest.approx(0.8)
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
