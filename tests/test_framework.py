"""The shared command base: records pass through, errors are records, exit codes, pipes."""

import os
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from cli_helpers import ROOT, run_cli
from scholartools.cli import COMMANDS
from scholartools.records import get_path, set_path, has_path, records_from_text

TOY = str(ROOT / "tests" / "toy_command.py")


def toy(args=(), input=b"", env=None):
    full_env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, TOY, *args], input=input, capture_output=True, env=full_env,
                          timeout=60)
    recs = [orjson.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return proc.returncode, recs, proc.stderr.decode()


def jsonl(*recs):
    return b"".join(orjson.dumps(r) + b"\n" for r in recs)


def test_unknown_fields_survive_and_result_is_added():
    code, out, err = toy(input=jsonl({"id": "a", "text": "hi", "keep": {"deep": [1, 2]}, "n": 3.5}))
    assert code == 0
    assert out[0]["keep"] == {"deep": [1, 2]} and out[0]["n"] == 3.5 and out[0]["id"] == "a"
    assert out[0]["result"]["loud"] == "HI"


def test_invalid_json_line_becomes_error_record_with_line_number_and_raw_text():
    data = jsonl({"id": "a", "text": "x"}) + b"\n{not json\n" + b"[1, 2]\n" + jsonl({"id": "b", "text": "y"})
    code, out, err = toy(input=data)
    assert code == 1
    assert [r.get("id") for r in out] == ["a", None, None, "b"]  # order kept, nothing dropped
    bad = out[1]["error"]
    assert bad["kind"] == "invalid_json" and bad["line"] == 3 and out[1]["raw"] == "{not json"
    assert out[2]["error"]["kind"] == "not_an_object" and out[2]["error"]["line"] == 4
    assert "provenance" not in out[1]


def test_error_records_pass_through_untouched_downstream():
    upstream = {"id": "z", "text": "q", "error": {"command": "st-parse", "kind": "unreadable", "message": "m"}}
    code, out, _ = toy(input=jsonl(upstream))
    assert code == 1 and out == [upstream]


def test_record_error_names_field_and_run_goes_on():
    code, out, err = toy(input=jsonl({"id": "a"}, {"id": "b", "text": "ok"}))
    assert code == 1
    assert out[0]["error"] == {"command": "st-toy", "kind": "missing_field", "message": "toy needs field 'text'",
                               "field": "text"}
    assert out[1]["result"]["loud"] == "OK"
    assert "2 in, 2 out, 1 errors" in err


def test_strict_stops_at_first_error():
    code, out, _ = toy(["--strict"], input=jsonl({"id": "a"}, {"id": "b", "text": "ok"}))
    assert code == 1 and len(out) == 1 and out[0]["error"]["kind"] == "missing_field"


def test_provenance_entry_appended_with_per_record_fields():
    prior = {"command": "st-parse", "version": "0"}
    code, out, _ = toy(["--fanout", "2"], input=jsonl({"id": "p", "text": "a", "provenance": [prior]}))
    assert code == 0 and [r["id"] for r in out] == ["p#0", "p#1"]
    prov = out[1]["provenance"]
    assert prov[0] == prior and prov[1]["command"] == "st-toy" and prov[1]["method"] == "upper"
    assert prov[1]["part"] == 1 and "_provenance" not in out[1] and prov[1]["seconds"] >= 0


@pytest.mark.parametrize("batch", ["0", "2"])
def test_map_batch_keeps_input_order_around_errors(batch):
    data = jsonl({"id": "1", "text": "a"}) + b"oops\n" + jsonl({"id": "3", "text": "c"}, {"id": "4"},
                                                               {"id": "5", "text": "e"})
    code, out, _ = toy(["--batch", batch], input=data)
    assert code == 1
    assert [r.get("id") for r in out] == ["1", None, "3", "4", "5"]
    assert out[1]["error"]["line"] == 2 and out[3]["error"]["kind"] == "missing_field"
    assert out[4]["result"]["loud"] == "E"


def test_input_files_in_order_and_missing_file_is_exit_2(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_bytes(jsonl({"id": "a", "text": "1"}))
    b.write_bytes(jsonl({"id": "b", "text": "2"}))
    code, out, _ = toy(["-i", str(a), "-i", str(b)])
    assert code == 0 and [r["id"] for r in out] == ["a", "b"]
    code, out, err = toy(["-i", str(a), "-i", str(tmp_path / "nope.jsonl")])
    assert code == 2 and out == [] and "nope.jsonl" in err


def test_output_file_and_quiet(tmp_path):
    dest = tmp_path / "out.jsonl"
    code, out, err = toy(["-o", str(dest), "--quiet"], input=jsonl({"id": "a", "text": "x"}))
    assert code == 0 and out == [] and err == ""
    assert orjson.loads(dest.read_bytes().splitlines()[0])["result"]["loud"] == "X"


def test_closed_pipe_ends_quietly():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(f"'{sys.executable}' '{TOY}' --count 200000 | head -n 1", shell=True,
                          capture_output=True, env=env, timeout=60)
    assert proc.stdout.count(b"\n") == 1
    assert b"Traceback" not in proc.stderr and b"BrokenPipe" not in proc.stderr


def test_usage_error_is_exit_2():
    code, out, err = toy(["--fanout", "many"])
    assert code == 2 and "Invalid value" in err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_has_help_and_version(command):
    res = run_cli(command, ["--help"])
    assert res.code == 0 and f"Usage: {command}" in res.stdout.decode()
    res = run_cli(command, ["--version"])
    assert res.code == 0 and res.stdout.decode().startswith(command)


def test_man_pages_are_up_to_date():
    from scholartools.cli.manpages import write_all

    stale = write_all(ROOT / "man", check=True)
    assert stale == [], f"man pages out of date, run `make man`: {stale}"


def test_man_page_lists_every_option():
    from scholartools.cli.manpages import load_command

    for name in COMMANDS:
        page = (ROOT / "man" / f"{name}.1").read_text()
        for param in load_command(name).params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert opt.replace("-", "\\-") in page, f"{name}: {opt} missing from man page"


def test_dotted_paths():
    rec = {"human": {"facets": [1, 2]}, "flat.key": 5, "l": [{"a": 1}]}
    assert get_path(rec, "human.facets") == [1, 2]
    assert get_path(rec, "flat.key") == 5
    assert get_path(rec, "l.0.a") == 1
    assert get_path(rec, "human.nope", "d") == "d" and not has_path(rec, "human.nope")
    set_path(rec, "scores.rouge1.f", 0.5)
    assert rec["scores"] == {"rouge1": {"f": 0.5}}


def test_records_from_text_reports_bad_lines():
    recs = records_from_text('{"a": 1}\n\n"str"\n')
    assert recs[0] == {"a": 1} and recs[1]["error"]["line"] == 3
