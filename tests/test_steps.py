"""scholartools.cli.steps: the steps `make plan` queues with examples/run-step --queue, run in one
process as run-step would run each (issue 35: one start-up for a whole plan)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from scholartools.cli import steps

ROOT = Path(__file__).resolve().parents[1]
RUN_STEP = str(ROOT / "examples" / "run-step")


def queue(file: Path, *words: str) -> None:
    subprocess.run([RUN_STEP, "--queue", str(file), *words], check=True, timeout=30)


def test_queued_steps_run_in_order_in_this_process_as_run_step_would(tmp_path, capsys):
    source = tmp_path / "in put.jsonl"
    source.write_text("".join(json.dumps({"id": f"r{i}", "text": "a b c"[: 2 * i + 1]}) + "\n" for i in range(3)))
    file, first, scored = tmp_path / "steps", tmp_path / "first.jsonl", tmp_path / "scored.jsonl"
    # files of an earlier plan: a queued step removes its output (make would take an old file it
    # left alone for up to date, and not redo the steps that read it)
    first.write_text("old\n")
    scored.write_text("old\n")
    # a word with a space in it survives the queue
    queue(file, "--module", "scholartools.datasets", "first", "-n", "2", str(source), "-o", str(first))
    queue(file, "--log", str(scored), str(ROOT / "bin" / "st-score"), "--metric", "length", "--cand", "text",
          "-i", str(first))
    assert not first.exists() and not scored.exists()          # queued, not run; the old files gone
    read = steps.read_steps(file)
    assert [s.kind for s in read] == ["module", "run"]
    assert read[1].target == str(scored) and read[1].log == f"{scored}.err"
    assert read[1].words[0].endswith("bin/st-score") and read[1].words[-1] == str(first)

    assert steps.main([str(file)]) == 0
    out = [json.loads(line) for line in scored.read_text().splitlines()]
    assert [r["id"] for r in out] == ["r0", "r1"]
    assert [r["scores"]["length"]["chars"] for r in out] == [1, 3]
    assert "2 in, 2 out" in Path(f"{scored}.err").read_text()   # the step's stderr, in its log
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first.jsonl", "in put.jsonl", "scored.jsonl",
                                                          "scored.jsonl.err", "steps"]


def test_a_failing_step_stops_the_run_shows_its_messages_and_leaves_no_file(tmp_path, capsys):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "r0", "text": "x"}) + "\n")
    file, bad, after = tmp_path / "steps", tmp_path / "bad.jsonl", tmp_path / "after.jsonl"
    queue(file, "--log", str(bad), str(ROOT / "bin" / "st-score"), "--metric", "no-such-metric", "-i", str(source))
    queue(file, "--log", str(after), str(ROOT / "bin" / "st-score"), "--metric", "length", "--cand", "text",
          "-i", str(source))
    assert steps.main([str(file)]) == 2
    err = capsys.readouterr().err
    assert "no-such-metric" in err and "bad.jsonl: exit status 2" in err
    assert not bad.exists() and not after.exists()            # the later step did not run
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl.err", "in.jsonl", "steps"]


def test_no_steps_file_is_nothing_to_do_and_a_cut_file_is_refused(tmp_path, capsys):
    assert steps.main([str(tmp_path / "none")]) == 0
    cut = tmp_path / "cut"
    cut.write_bytes(b"run\0t\0\0" + b"5\0a\0")
    assert steps.main([str(cut)]) == 2
    assert "not a steps file" in capsys.readouterr().err
