"""What keeps `make plan` within seconds (issue 35): work done once that was done per request,
per record or per plan. Each test asserts the structure (how often a thing is done), never a time:
PaperRQ's plan makes 41,422 dry requests of 5,611 distinct long prompts, so anything done per
request that could be done per prompt or per run costs seconds."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import SHARED
from scholartools.llm import tokens
from scholartools.llm.client import LLMClient, LLMConfig

ROOT = Path(__file__).resolve().parents[1]


def dry_client(tmp_path) -> LLMClient:
    return LLMClient(LLMConfig(model="openai/gpt-4o-mini", cache_path=str(tmp_path / "cache.sqlite"),
                               dry_run=True), log=lambda line: None)


def test_a_long_prompt_is_split_once_for_all_its_samples(tmp_path, monkeypatch):
    """20 samples of one long prompt (G-Eval's): 20 calls counted, each with the prompt's tokens,
    and the prompt split into lines for the tokenizer once, not once a request."""
    tokens._count_long.cache_clear()
    splits = []
    real = tokens.split_lines
    monkeypatch.setattr(tokens, "split_lines", lambda text: splits.append(len(text)) or real(text))
    prompt = "\n".join(f"Line {i}: the method is described in section {i % 7}." for i in range(200))
    assert len(prompt) > tokens._SPLIT_ABOVE
    client = dry_client(tmp_path)
    results = client.run(client.request(prompt).samples(20))
    client.close()
    assert [r.dry_calls for r in results] == [1] * 20
    assert splits == [len(prompt)]
    one = tokens.count_message_tokens([{"role": "user", "content": prompt}], "openai/gpt-4o-mini")
    assert client.totals.dry_calls == 20 and client.totals.dry_prompt_tokens == 20 * one


def test_dry_requests_are_counted_without_a_task_each(tmp_path, monkeypatch):
    """A dry request waits for nothing: it is counted in place, without the asyncio task a request
    a real run starts (41,422 of them in PaperRQ's plan); repeats are counted once."""
    def no_task(*args, **kwargs):
        raise AssertionError("a dry request went through the per-request task")

    monkeypatch.setattr(LLMClient, "_one_safe", no_task)
    client = dry_client(tmp_path)
    results = client.run([client.request("a"), client.request("b"), client.request("a")])
    client.close()
    assert [r.dry_run for r in results] == [True, True, True]
    assert client.totals.dry_calls == 2


def test_a_command_reads_each_template_once(monkeypatch):
    """A task asks for its template per request: the file is read once a run."""
    from scholartools.llm import options

    loads = []
    real = options.load
    monkeypatch.setattr(options, "load", lambda name, overrides=None: loads.append(name) or real(name, overrides))
    settings = options.LLMSettings(model="openai/gpt-4o-mini", dry_run=True)
    first = settings.template("judge_critique_all")
    assert all(settings.template("judge_critique_all") is first for _ in range(5))
    assert loads == ["judge_critique_all"]


def test_embedding_batches_hold_little_padding():
    """Texts are batched by length, and a batch stops before a text shorter than 0.8 of its
    longest (BAGELS' ground truth: one batch of 64 was 56% padding, each pad token computed)."""
    import numpy as np

    from scholartools.embeddings import minilm

    enc = object.__new__(minilm.Encoder)
    enc.spec = {"heads": 12, "pad_id": 0}
    lengths = [131, 84, 81, 77] + [60] * 10 + [20] * 30 + [12] * 30
    ids = [[1] * n for n in lengths]
    seen = []
    for chunk, batch, mask, _ in enc._batches(ids, 64):
        real = mask.sum(axis=1)
        assert real.min() >= minilm._PADDED * batch.shape[1]
        assert len(chunk) <= 64 and mask.all(axis=1).any()
        seen.extend(chunk.tolist())
    assert sorted(seen) == list(range(len(lengths)))
    assert np.array_equal(np.array(lengths)[seen], np.sort(lengths)[::-1])


MAKE = shutil.which("make")


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
@pytest.mark.needs_data("pdfs")      # the Makefile finds its dataset before anything runs
@pytest.mark.parametrize("method,redone", [("offline", False), ("llm", True)])
def test_bagels_offline_ground_truth_is_not_redone_for_a_new_model_stamp(tmp_path, method, redone):
    """`make plan` touches the model stamp to redo every model step; the offline ground truth
    (286 sentences embedded) reads no model and stays up to date; the LLM one is redone."""
    out = tmp_path / "out"
    papers = tmp_path / "papers.jsonl"
    papers.write_text('{"id": "p"}\n')
    base = [MAKE, "-s", "--no-print-directory", "-C", str(ROOT / "examples" / "bagels"), f"OUT={out}",
            f"SHARED={SHARED}", f"PARSED={papers}", f"GT_METHOD={method}", "MODEL=openai/m"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS")) or k == "ST_DATA"}
    # the stamps as a first run writes them (make -q runs no recipe, yet writes config stamps)
    subprocess.run([*base, "-q", f"{out}/ground-truth.jsonl"], env=env, capture_output=True, timeout=60)
    for name in ("papers.jsonl", "ground-truth.jsonl"):
        (out / name).write_text("{}\n")
    past = time.time() - 100
    for f in [papers, *(out / "config").iterdir(), out / "papers.jsonl", out / "ground-truth.jsonl"]:
        os.utime(f, (past, past))
    os.utime(out / "config" / "model")      # what a plan does (common.mk: DRY touches it)
    done = subprocess.run([*base, "-q", f"{out}/ground-truth.jsonl"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == (1 if redone else 0), done.stderr
