"""Every command's help, version and man page; dotted paths; records from text.

The record contract itself (errors as records, exit codes, pipes) is tested on the real commands
in tests/test_contract.py."""

import pytest

from cli_helpers import ROOT, run_cli
from scholartools.cli import COMMANDS
from scholartools.records import get_path, has_path, records_from_text, set_path


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
