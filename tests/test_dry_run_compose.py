"""Dry runs compose (issue 35): a --dry-run writes placeholder records (marked ``_dry_run``, the
fields the real run fills holding marked stand-ins) that the next command's dry run counts; a
real run refuses them (the library: an error record per placeholder; a command: exit 2 naming
the input line)."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

from scholartools.llm.options import LLMSettings
from scholartools.llm.placeholders import KIND, MARK
from scholartools.tasks import get, run_task

PAPERS = [json.loads(line) for line in (ROOT / "fixtures" / "generate" / "papers.jsonl").read_text().splitlines()][:3]


def dry(**kw) -> LLMSettings:
    return LLMSettings(model="openai/gpt-4o-mini", no_cache=True, dry_run=True, **kw)


def test_a_dry_run_writes_marked_placeholders_the_next_dry_run_counts():
    gen = get("st-generate", "experiments")     # one run (the paper's 3 are tests/test_runs.py's)
    generated = list(run_task([dict(p) for p in PAPERS], gen, dry(), gen.make_options(runs=1)))
    assert [r[MARK] for r in generated] == [True, True, True]
    for r in generated:
        # the field the real run fills: one marked stand-in item per list reply (not null)
        assert len(r["experiments"]) == 1 and r["experiments"][0].startswith("(dry run: no reply to prompt ")
        assert r["provenance"][-1]["dry_run"] is True and r["provenance"][-1]["dry_calls"] == 1
    # the judge's dry run counts its calls on them: one per (predicted, gold) pair in each direction
    for r in generated:
        r["gold_experiments"] = ["a", "b"]
    judge = get("st-judge", "entail")
    opts = judge.make_options(pred="experiments", gold="gold_experiments")
    judged = list(run_task(generated, judge, dry(), opts))
    assert all(r[MARK] and "error" not in r for r in judged)
    # precision side: the one placeholder against the gold list; recall side: each gold item
    # against the predictions: 1 + 2 calls a paper
    assert [r["provenance"][-1]["dry_calls"] for r in judged] == [3, 3, 3]
    assert [p["command"] for p in judged[0]["provenance"]] == ["st-generate", "st-judge"]


def test_a_real_run_refuses_placeholder_records_through_the_library():
    generated = list(run_task([dict(p) for p in PAPERS], get("st-generate", "experiments"), dry()))
    generated[1] = {k: v for k, v in generated[1].items() if k != MARK}     # one real-looking record
    real = LLMSettings(model="openai/gpt-4o-mini", no_cache=True, api_base="http://127.0.0.1:9/v1", retries=0)
    out = list(run_task(generated[:1] + [dict(PAPERS[0], id="real")], get("st-generate", "summary"),
                        real, method="llm"))
    assert out[0]["error"]["kind"] == KIND and "--dry-run" in out[0]["error"]["message"]
    assert out[1]["error"]["kind"] != KIND          # the other record ran (and failed to connect)


def test_a_pipe_of_dry_runs_counts_both_steps_and_a_real_run_names_the_line(tmp_path):
    """st-generate --dry-run | st-judge --dry-run: both steps' counts on stderr; then the real
    judge on the placeholders stops with exit 2 naming the file and line."""
    papers = tmp_path / "papers.jsonl"
    papers.write_text("".join(json.dumps({**p, "gold_experiments": ["a", "b"]}) + "\n" for p in PAPERS))
    flags = ["--model", "openai/gpt-4o-mini", "--no-cache", "--dry-run"]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    script = (f"{sys.executable} -m scholartools.cli.generate --task experiments --runs 1 {' '.join(flags)} "
              f"-i {papers} | "
              f"{sys.executable} -m scholartools.cli.judge --task entail --pred experiments --gold gold_experiments "
              f"{' '.join(flags)} -o {tmp_path / 'judged.jsonl'}")
    done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stderr.splitlines() if "dry run:" in ln]
    assert [ln.split(":")[0] for ln in lines] == ["st-generate", "st-judge"]
    assert "dry run: 3 calls needed" in lines[0] and "dry run: 9 calls needed" in lines[1]
    from scholartools.report import dry_run_counts

    assert dry_run_counts(done.stderr)["calls"] == 12        # what a Makefile's plan adds up
    real = subprocess.run([sys.executable, "-m", "scholartools.cli.score", "--metric", "en-prf",
                           "-i", str(tmp_path / "judged.jsonl")], capture_output=True, text=True, env=env, timeout=120)
    assert real.returncode == 2
    assert f"{tmp_path / 'judged.jsonl'}:1: a placeholder record written by a --dry-run" in real.stderr
