"""Golden outputs: every command on small fixtures, compared byte for byte with tests/golden/.

Written before the task redesign (issue 33) as its net: every command — offline methods, LLM
tasks against the scripted server answering with ``plausible_replies`` (no cache, so every call
is made), ``--dry-run`` call counts and the task commands' ``--help`` — must give the same stdout,
exit code and stderr before and after a refactor. Run-dependent fields are removed first:
provenance ``seconds``, the summary line's time, the server's port.

A deliberate change of output regenerates the files (then read the diff)::

    ST_GOLDEN_UPDATE=1 python -m pytest tests/test_golden.py
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

import plausible_replies
from conftest import CLEAN_ENV

from scholartools.cli.manpages import load_command

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = bool(os.environ.get("ST_GOLDEN_UPDATE"))
ENV = {**CLEAN_ENV, "COLUMNS": "100"}

# ----------------------------------------------------------------------------- fixtures (small)

PAPER = {
    "id": "p1", "title": "Citation-Aware Retrieval",
    "abstract": "We retrieve evidence for claims with citation links. We show that it improves recall by six points.",
    "introduction": "Dense retrievers ignore citations. We propose a citation bonus.",
    "sections": [
        {"heading": "1 Introduction", "text": "Dense retrievers ignore citations. We propose a citation bonus for "
                                              "retrieval. To our knowledge this is the first such method."},
        {"heading": "2 Method", "text": "We score abstracts with a bi-encoder and add a bonus for cited papers."},
        {"heading": "3 Results", "text": "Our method outperforms BM25 by six points of recall at ten."},
        {"heading": "4 Limitations", "text": "We only evaluate on English data. The bonus is tuned on one benchmark."},
        {"heading": "5 Conclusion", "text": "Citations help retrieval. Future work should test other languages."},
    ],
    "reviews": ["The method is only tested on English. The paper should compare with more baselines."],
    "review": "The idea is useful.\n\nWeaknesses:\n1. The gain may come from tuning on the test set.\n"
              "2. Only English data is used.",
}
PAPER2 = {
    "id": "p2", "title": "Section Embeddings",
    "abstract": "We embed each section of a long paper separately. Section pooling improves retrieval.",
    "introduction": "Encoders truncate long documents. We pool section vectors instead.",
    "sections": [{"heading": "1 Introduction", "text": "Encoders truncate long documents. We pool section vectors."},
                 {"heading": "2 Limitations", "text": "Pooling is slow for very long papers."}],
}
PAIR = {"id": "pair-1",
        "reference": "Citation recommendation helps authors find prior work. We propose a BM25 variant that "
                     "weights citation contexts. It improves recall by six points. Sparse models remain strong.",
        "candidate": "We propose a sparse retriever using citation contexts; it beats dense retrieval on recall."}
MATCH = {"id": "m1", "limitations": {"merged": ["Only English data is used.", "The bonus is tuned on one benchmark."]},
         "generated": ["The evaluation covers English only.", "Runtime is not reported."]}
EQUATION = {"id": "e1", "latex": "y = a + b", "context_before": "the sum of $a$ and $b$ is",
            "context_after": "for all inputs", "equations": [{"latex": "y = a + b"}]}
JUDGE_ITEM = {"id": "j1", "abstract": PAPER["abstract"], "introduction": PAPER["introduction"],
              "rq": "Can a citation bonus improve claim retrieval?",
              "prediction": {"experiments": ["Compare with BM25.", "Ablate the bonus."]},
              "experiments": ["Compare with BM25 and a bi-encoder.", "Vary the bonus weight."],
              "context_before": "The loss is", "context_after": "where lambda weights the terms.",
              "candidate": "L = L_1 + \\lambda L_2",
              "claim": "Citation bonus improves recall by six points.",
              "weakness": "The gain may come from tuning on the test set.",
              "reviewer_weakness": "Tuning on the test set inflates the gain.",
              "rewritten_weakness": "The six-point gain may come from tuning the bonus on the test benchmark.",
              "review": PAPER["review"], "body_text": "We score abstracts with a bi-encoder."}
SEGMENTS = [{"id": f"s{i}", "paper_idx": 1, "review_model": "gpt", "segment_text": t, "title": "A paper",
             "body_text": "We score abstracts."}
            for i, t in enumerate(["The method is novel.", "The experiments lack baselines."])]
SCORE = {"id": "sc1", "ref": "the cat sat on the mat", "cand": "a cat sat on a mat"}
AGREE = [{"id": f"a{i}", "x": i % 3 + 1, "y": (i * 2) % 3 + 1} for i in range(6)]

LLM = "llm"   # the case runs against the scripted server
CASES: dict[str, tuple] = {
    # name: (command, args, records, llm?)
    "parse-md": ("st-parse", ["{fixtures}/parse/paper.md"], None, False),
    "parse-tex": ("st-parse", ["{fixtures}/parse/paper.tex"], None, False),
    "score": ("st-score", ["--metric", "rougeL,bleu", "--ref", "ref", "--cand", "cand"], [SCORE], False),
    "agree": ("st-agree", ["--rater", "x", "--rater", "y"], AGREE, False),
    "extract-limits-offline": ("st-extract-limits", ["--method", "offline", "--no-embeddings"], [PAPER], False),
    "extract-limits-llm": ("st-extract-limits", [], [PAPER], LLM),
    "claims-extract-offline": ("st-claims", ["--task", "extract"], [PAPER], False),
    "claims-weaknesses-offline": ("st-claims", ["--task", "weaknesses"], [PAPER], False),
    "claims-extract-llm": ("st-claims", ["--task", "extract"], [PAPER], LLM),
    "claims-weaknesses-llm": ("st-claims", ["--task", "weaknesses"], [PAPER], LLM),
    "facets-offline": ("st-facets", ["--method", "offline"], [PAIR], False),
    "facets-llm": ("st-facets", [], [PAIR], LLM),
    "eqsynth-rules": ("st-eqsynth", ["--method", "rules", "--format", "choice"], [EQUATION], False),
    "eqsynth-llm": ("st-eqsynth", ["--format", "choice"], [EQUATION], LLM),
    "judge-match-embed": ("st-judge", ["--task", "match"], [MATCH], False),
    "judge-match-llm": ("st-judge", ["--task", "match", "--variants", "2"], [MATCH], LLM),
    "judge-match-matrix-llm": ("st-judge", ["--task", "match", "--batch-pairs"], [MATCH], LLM),
    "judge-rate-direct": ("st-judge", ["--task", "rate"], [JUDGE_ITEM], LLM),
    "judge-rate-geval": ("st-judge", ["--task", "rate", "--protocol", "geval", "--samples", "2"], [JUDGE_ITEM], LLM),
    "judge-rate-batch": ("st-judge", ["--task", "rate", "--protocol", "batch", "--batch-size", "2", "--loops", "1"],
                         [JUDGE_ITEM, {**JUDGE_ITEM, "id": "j2", "rq": "Does pooling help?"}], LLM),
    "judge-critique": ("st-judge", ["--task", "critique"], SEGMENTS, LLM),
    "judge-entail": ("st-judge", ["--task", "entail"], [JUDGE_ITEM], LLM),
    "judge-equation": ("st-judge", ["--task", "equation"], [JUDGE_ITEM], LLM),
    "judge-compare3": ("st-judge", ["--task", "compare3"], [JUDGE_ITEM], LLM),
    "judge-prefer": ("st-judge", ["--task", "prefer"], [JUDGE_ITEM], LLM),
    "judge-labels": ("st-judge", ["--task", "labels"], [JUDGE_ITEM], LLM),
    "judge-usage-wrong-option": ("st-judge", ["--task", "entail", "--variants", "2"], [JUDGE_ITEM], LLM),
    "generate-limitations": ("st-generate", ["--task", "limitations"], [PAPER], LLM),
    "generate-rq": ("st-generate", ["--task", "rq", "--prompt", "rq3"], [PAPER], LLM),
    "generate-rq-samples": ("st-generate", ["--task", "rq", "--prompt", "rq1", "--samples", "2"], [PAPER2], LLM),
    "generate-experiments": ("st-generate", ["--task", "experiments"], [PAPER], LLM),
    "generate-explanations": ("st-generate", ["--task", "explanations"], [JUDGE_ITEM | PAPER2], LLM),
    "generate-weaknesses": ("st-generate", ["--task", "weaknesses"], [PAPER], LLM),
    "generate-summary": ("st-generate", ["--task", "summary"], [PAPER], LLM),
    "generate-claim-weakness": ("st-generate", ["--task", "claim-weakness"], [JUDGE_ITEM | PAPER2], LLM),
    "generate-weakness-edit": ("st-generate", ["--task", "weakness-edit"],
                               [{**JUDGE_ITEM, **PAPER2, "target_claims": ["Claim1: pooling helps."]}], LLM),
    "generate-usage-rag-wrong-task": ("st-generate", ["--task", "rq", "--rag", "{fixtures}/pairs.jsonl"], [PAPER], LLM),
    "generate-no-model": ("st-generate", ["--task", "rq"], [PAPER], False),
    # --dry-run: counted, nothing called (the server answers nothing)
    "dry-generate-limitations": ("st-generate", ["--task", "limitations", "--dry-run"], [PAPER, PAPER2], LLM),
    "dry-judge-rate-geval": ("st-judge", ["--task", "rate", "--protocol", "geval", "--dry-run"], [JUDGE_ITEM], LLM),
    "dry-judge-match": ("st-judge", ["--task", "match", "--variants", "3", "--dry-run"], [MATCH], LLM),
    "dry-claims-extract": ("st-claims", ["--task", "extract", "--dry-run"], [PAPER], LLM),
    "dry-facets": ("st-facets", ["--dry-run"], [PAIR], LLM),
    "dry-extract-limits": ("st-extract-limits", ["--dry-run"], [PAPER], LLM),
    "dry-eqsynth": ("st-eqsynth", ["--dry-run"], [EQUATION], LLM),
}
#: the task commands' --help: their tables are built from the task registry
HELP = ("st-judge", "st-generate", "st-claims", "st-facets", "st-eqsynth", "st-extract-limits")

_SECONDS = re.compile(r", \d+\.\d+ s$", re.M)
_PORT = re.compile(r"127\.0\.0\.1:\d+")


def normalise_record(rec):
    """A record without its run-dependent fields (provenance seconds)."""
    if isinstance(rec, dict):
        return {k: normalise_record(v) for k, v in rec.items() if k != "seconds"}
    if isinstance(rec, list):
        return [normalise_record(v) for v in rec]
    return rec


def normalise_stderr(text: str) -> str:
    text = _PORT.sub("127.0.0.1:PORT", text)
    return _SECONDS.sub(", S s", text)


def run_case(command, args, records, llm, server) -> str:
    fixtures = str(Path(__file__).resolve().parents[1] / "fixtures")
    argv = [a.replace("{fixtures}", fixtures) for a in args]
    if llm:
        # one request at a time: the scripted replies count repeats of a prompt (eqsynth's retries)
        argv += ["--model", "openai/test-model", "--api-base", server.url, "--no-cache", "--max-concurrency", "1"]
        plausible_replies._counts.clear()
    data = b"".join(orjson.dumps(r) + b"\n" for r in records or [])
    r = CliRunner().invoke(load_command(command), argv, input=data, env=ENV, catch_exceptions=False)
    lines = [orjson.dumps(normalise_record(orjson.loads(line)), option=orjson.OPT_SORT_KEYS).decode()
             for line in r.stdout_bytes.splitlines() if line.strip()]
    text = (f"$ {command} {' '.join(args)}\nexit {r.exit_code}\n--- stdout\n" + "\n".join(lines)
            + "\n--- stderr\n" + normalise_stderr(r.stderr))
    return text.replace(fixtures, "{fixtures}")   # the same bytes from any checkout's folder


def check(name: str, text: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), f"no golden file {path.name}: run with ST_GOLDEN_UPDATE=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server():
    from openai_server import ScriptedOpenAIServer
    srv = ScriptedOpenAIServer().start()
    srv.reply(plausible_replies.reply)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize("name", list(CASES))
def test_command_output_is_golden(name, server):
    command, args, records, llm = CASES[name]
    check(name, run_case(command, args, records, llm, server))


@pytest.mark.parametrize("command", HELP)
def test_help_is_golden(command):
    r = CliRunner().invoke(load_command(command), ["--help"], env=ENV, terminal_width=100, catch_exceptions=False)
    assert r.exit_code == 0
    check(f"help-{command}", r.stdout)


#: cases the Python API runs straight through the library (scholartools.tasks.run_task, and
#: scholartools.agreement.command for st-agree); nothing below the command layer imports it
#: (tests/test_architecture.py)
API_CASES = {"agree": {"raters": ["x", "y"]}, "judge-match-embed": {"task": "match"}, "claims-extract-offline": {"task": "extract"},
             "judge-rate-geval": {"task": "rate", "protocol": "geval", "samples": 2},
             "generate-rq": {"task": "rq", "prompt": "rq3"}}


@pytest.mark.parametrize("name", list(API_CASES))
def test_the_api_gives_the_commands_records(name, server):
    import scholartools

    command, _, records, llm = CASES[name]
    options = dict(API_CASES[name])
    if llm:
        options.update(model="openai/test-model", api_base=server.url, no_cache=True, max_concurrency=1)
        plausible_replies._counts.clear()
    out = scholartools.run(command, [dict(r) for r in records], **options)
    got = "\n".join(orjson.dumps(normalise_record(r), option=orjson.OPT_SORT_KEYS).decode() for r in out)
    want = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8").split("--- stdout\n", 1)[1].split("\n--- stderr", 1)[0]
    assert got == want
