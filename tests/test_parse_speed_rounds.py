"""benchmarks/parse_speed.timed_rounds: after a warm-up round, our sides run as many times in a row
as fill one run of pymupdf4llm 0.3.4 and each round's figure is their mean; the peer runs once;
the order of the sides is reversed every other round (so both sides of a ratio are measured over
the same stretch of the machine's load)."""

from pathlib import Path
from types import SimpleNamespace

from benchmarks import parse_speed


def _fake(calls, cpu):
    def run(python, mode, files, per_file, code=None):
        calls.append(mode)
        dt = cpu[mode].pop(0) if isinstance(cpu[mode], list) else cpu[mode]
        return dt, {"versions": {}, "pages": 5, "out": [None], "cost": [dt - 0.1], "per_pages": [5],
                    "startup": 0.1}
    return run


def test_window_order_and_means(monkeypatch):
    calls = []
    # warm-up: ours 0.5 s, peer 12 s -> 24 runs of ours a round
    cpu = {"ours": [0.5] + [0.4] * 24 + [0.6] * 24, "peer": [12.0, 12.0, 13.0]}
    monkeypatch.setattr(parse_speed, "run", _fake(calls, cpu))
    runs = [("st-parse", "py", "ours", None), ("pymupdf4llm", "py", "peer", None)]
    args = SimpleNamespace(repeat=2, window=1.0, per_file=False, peer_cache=None)
    rounds, window = parse_speed.timed_rounds(runs, ["a.pdf"], args)
    assert window == {"st-parse": 24, "pymupdf4llm": 1}
    # warm-up (ours, peer), round 1 forward (24 x ours, peer), round 2 backward (peer, 24 x ours)
    assert calls == ["ours", "peer"] + ["ours"] * 24 + ["peer", "peer"] + ["ours"] * 24
    assert [round(r["cpu"], 9) for r in rounds["st-parse"]] == [0.4, 0.6]
    assert [r["cpu"] for r in rounds["pymupdf4llm"]] == [12.0, 13.0]
    assert [round(c, 9) for c in rounds["st-parse"][0]["cost"]] == [0.3]   # per-file CPU: the mean too


def test_no_window_without_the_reference_peer(monkeypatch):
    calls = []
    monkeypatch.setattr(parse_speed, "run", _fake(calls, {"ours": 0.5, "plain": 0.2}))
    runs = [("plain", "py", "plain", None), ("st-parse", "py", "ours", None)]
    args = SimpleNamespace(repeat=3, window=1.0, per_file=False, peer_cache=None)
    rounds, window = parse_speed.timed_rounds(runs, ["a.pdf"], args)
    assert window == {"plain": 1, "st-parse": 1}
    assert calls == ["plain", "ours", "plain", "ours", "ours", "plain", "plain", "ours"]
    assert len(rounds["st-parse"]) == 3


def test_tex_splits_are_the_manifests_in_batch_order():
    import json

    manifest = Path(__file__).resolve().parents[1] / "fixtures" / "tex-pairs" / "manifest.jsonl"
    named = {json.loads(line)["split"] for line in manifest.read_text(encoding="utf-8").splitlines() if line.strip()}
    splits = parse_speed.tex_splits()
    assert set(splits) == named and len(splits) == len(named)
    # dev first, the batches by number (dev10 after dev9, not after dev1), test last
    assert splits[:3] == ["dev", "dev2", "dev3"] and splits[-1] == "test"
    assert splits.index("dev10") == splits.index("dev9") + 1
