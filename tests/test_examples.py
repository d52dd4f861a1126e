"""examples/<paper>/Makefile: each paper's pipeline from real inputs to its table, run by `make`.

Each pipeline runs its `check` target on a small slice of real data (shared/external, fixtures)
against the scripted OpenAI-compatible server answering with tests/plausible_replies.py: four of
them against a server this module starts (API_BASE= and MODEL=openai/<name>, the acceptance
interface), ScholarSum against the server `make check` starts itself. For each: the table file
has the paper's rows and columns, and a second `make` runs nothing; for BAGELS, PaperRQ and
ScholarSum, touching one input redoes exactly its downstream files and asks the server nothing
(every call is in the cache). `make plan`
counts calls without calling: its last line is `calls: N`, checked against a hand count, and, made
after each check with its cache, equal to the number of requests the check sent the server.

The slices are small (one to twelve items) and the five runs start together, because every LLM
step is a process that imports litellm (about 3 CPU seconds each).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import plausible_replies
from conftest import EXTERNAL, SHARED, missing_data
from openai_server import ScriptedOpenAIServer

ROOT = Path(__file__).resolve().parents[1]
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")
PAPERS = ("bagels", "paperrq", "claimcheck", "scholarsum", "aaar")


def datasets(paper: str) -> list[str]:
    """The registry datasets a pipeline reads: its Makefile's ``DATASETS :=`` line."""
    text = (ROOT / "examples" / paper / "Makefile").read_text(encoding="utf-8")
    return re.search(r"^DATASETS := (.*)$", text, re.M).group(1).split()


def reads_data_of(paper: str) -> pytest.MarkDecorator:
    """The test runs ``paper``'s pipeline: skipped without its datasets (a failure under ST_REQUIRE_DATA=1)."""
    return pytest.mark.needs_data(*datasets(paper))


@pytest.fixture(scope="module")
def server():
    srv = ScriptedOpenAIServer().reply(plausible_replies.reply).start()
    try:
        yield srv
    finally:
        srv.stop()


def command(paper: str, out: Path, *args: str, goal: str = "check") -> list[str]:
    return [MAKE, "-j2", "--no-print-directory", "-C", str(ROOT / "examples" / paper), goal,
            f"OUT={out}", f"SHARED={SHARED}", *args]


# ST_DATA (where the datasets may live) is kept: the pipelines find their data through it
ENV = {k: v for k, v in os.environ.items() if not k.startswith(("ST_", "MAKE", "MFLAGS")) or k == "ST_DATA"}


def make(paper: str, out: Path, *args: str, goal: str = "check") -> str:
    """`make -j2 -C examples/PAPER GOAL OUT=out ARGS…`; its stdout (the step lines), or the failure."""
    cmd = command(paper, out, *args, goal=goal)
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=900)
    assert done.returncode == 0, f"{' '.join(cmd)}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def checks(server, tmp_path_factory):
    """The five `make check` runs, started together (each step is a process; together they keep
    both cores busy): {paper: (OUT, the make variables)}, once all have finished."""
    base = tmp_path_factory.mktemp("examples")
    shutil.copy(ROOT / "fixtures" / "generate" / "papers.jsonl", base / "related.jsonl")
    shutil.copy(ROOT / "fixtures" / "papers" / "paper.pdf", base / "new.pdf")
    # one model name per paper, so that the shared server's requests can be told apart
    def model(paper):
        return (f"API_BASE={server.url}", f"MODEL=openai/test-{paper}")
    # BAGELS: our tiny paper and a short real one (Mooney 2005: 23k characters, 2 limitation sentences);
    # one judge prompt (TRIAL's setting) to keep the check small
    # only the pipelines whose datasets are here are run (the tests of the others are skipped)
    ready = [p for p in PAPERS if not missing_data(datasets(p))]
    mooney = EXTERNAL / "pdfs" / "science-parse" / "mooney05.pdf" if "bagels" in ready else None
    papers = f"{ROOT / 'fixtures' / 'papers' / 'paper.pdf'} {mooney}"
    args = {"bagels": (f"PAPERS={papers}", *model("bagels"), f"CORPUS={base / 'related.jsonl'}",
                       "JUDGE_FLAGS=--variants 1 --orders both"),
            "paperrq": ("N=6", *model("paperrq"), "PROTOCOLS=geval ice", f"NEW_PAPERS={base / 'new.pdf'}"),
            "claimcheck": ("N=1", *model("claimcheck")),
            # no API_BASE: `check` starts the scripted server itself, on a port free now
            "scholarsum": (f"CHECK_PORT={free_port()}",),
            "aaar": ("N=1", *model("aaar"))}
    args = {p: a for p, a in args.items() if p in ready}
    running = {p: subprocess.Popen(command(p, base / p, *a), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, env=ENV) for p, a in args.items()}
    failed = {}
    for p, proc in running.items():
        log, _ = proc.communicate(timeout=900)
        if proc.returncode:
            failed[p] = f"{' '.join(command(p, base / p, *args[p]))}\n{log[-4000:]}"
    return {p: (base / p, a, failed.get(p)) for p, a in args.items()}


def ran(checks, paper: str) -> tuple[Path, tuple]:
    out, args, failure = checks[paper]
    assert failure is None, failure
    return out, args


def mtimes(out: Path) -> dict[str, int]:
    """Modification times of the pipeline's files (not the cache, the config stamps, the request log)."""
    skip = ("llm.sqlite", "config/", "check-requests.jsonl")
    return {str(p.relative_to(out)): p.stat().st_mtime_ns for p in out.rglob("*")
            if p.is_file() and not str(p.relative_to(out)).startswith(skip)}


def rows(md: str) -> list[list[str]]:
    """Every Markdown table row's cells (header and rule lines included)."""
    return [[c.strip() for c in line.strip().strip("|").split("|")] for line in md.splitlines() if line.startswith("|")]


def is_number(cell: str) -> bool:
    try:
        float(cell)
        return True
    except ValueError:
        return False


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def rerun_after_touch(paper: str, out: Path, args: tuple, server_calls, touched: Path | None = None,
                      redone: set[str] = frozenset()):
    """A second make runs nothing; touching `touched` remakes exactly `redone` and calls nothing."""
    before, calls = mtimes(out), server_calls()
    assert make(paper, out, *args).strip().splitlines() == [f"{paper}: {out}/table.md"]
    assert mtimes(out) == before and server_calls() == calls
    if touched is None:
        return
    os.utime(touched)
    make(paper, out, *args)
    after = mtimes(out)
    changed = {f for f in after if after[f] != before.get(f)}
    assert changed == redone
    assert server_calls() == calls          # every model call of the remade steps was in the cache


# ---------------------------------------------------------------------------- the five papers


@reads_data_of("bagels")
def test_bagels(checks, server):
    out, args = ran(checks, "bagels")
    table = rows((out / "table.md").read_text(encoding="utf-8"))
    assert table[0] == ["method", "papers", "A_G (%)", "A_H (%)", "P", "R", "F1", "P (1:1)", "R (1:1)", "F1 (1:1)"]
    assert [r[0] for r in table[2:]] == ["vanilla", "rag"]
    for r in table[2:]:
        assert r[1] == "2" and all(is_number(c) for c in r[2:]), r
    # the judged pairs the table counts are the generated limitations against the ground truth's
    gt = read_jsonl(out / "ground-truth.jsonl")
    assert len(gt) == 2 and all(g["limitations"]["merged"] for g in gt)
    assert server.calls > 0
    # a new corpus file: only the RAG branch is remade, from the cache
    rerun_after_touch("bagels", out, args, lambda: server.calls, out.parent / "related.jsonl",
                      {"corpus.jsonl", "part1/rag.generated.jsonl", "part1/rag.judged.jsonl",
                       "rag.pairs.jsonl", "rag.scores.jsonl", "table.md"})


@reads_data_of("paperrq")
def test_paperrq(checks, server):
    from scipy.stats import spearmanr

    out, args = ran(checks, "paperrq")
    text = (out / "table.md").read_text(encoding="utf-8")
    table = rows(text)
    assert table[0] == ["protocol", "problem ρ", "problem τ", "method ρ", "method τ", "format ρ", "format τ", "n"]
    names = [r[0] for r in table[2:]]
    assert names[:3] == ["G-Eval (Liu et al. 2023a)", "ICE few-shot (Jain et al. 2023)", "RQ length (chars)"]
    for r in table[2:4]:
        assert is_number(r[1]) and is_number(r[3]) and r[7].isdigit(), r   # a score for every RQ
    # the length baseline, by hand: Spearman of the RQ's characters against the humans' Problem score
    items = [json.loads(line) for line in (EXTERNAL / "paperrq" / "dataset.jsonl").open()][:6]
    rho = spearmanr([len(i["rq"]) for i in items], [i["human"]["problem"] for i in items])[0]
    assert table[4][1] == f"{rho:.3f}" and table[4][7] == "6"
    assert "Research questions of the new papers" in text
    # new papers: only their research questions are remade, from the cache
    rerun_after_touch("paperrq", out, args, lambda: server.calls, out.parent / "new.pdf",
                      {"new-papers.jsonl", "rq.jsonl", "table.md"})


@reads_data_of("claimcheck")
def test_claimcheck(checks, server):
    out, args = ran(checks, "claimcheck")
    text = (out / "table.md").read_text(encoding="utf-8")
    table = rows(text)
    assert table[0] == ["step", "units", "P_edit", "R_edit", "F1_edit", "P_exact", "R_exact", "F1_exact"]
    assert [r[0] for r in table[2:4]] == ["claim extraction (vs annotated claims)",
                                          "weakness → claim association (vs annotated targets)"]
    assert all(is_number(c) for r in table[2:4] for c in r[1:])
    heads = [r for r in table if r and r[0] in ("judged", "labelled", "pairs")]
    assert [h[0] for h in heads] == ["judged", "labelled", "pairs"]
    assert heads[0][1:4] == ["same (%)", "similar (%)", "different (%)"]
    assert heads[2][1:] == ["win (%)", "tie (%)", "loss (%)", "ROUGE-1 F1", "BERTScore F1"]
    # association is scored on the gold weakness items of the first paper's three reviews
    gold = json.loads((ROOT / "fixtures" / "claims" / "gold.jsonl").read_text(encoding="utf-8").splitlines()[0])
    # CLAIMCHECK App. C.1: association runs 3 times (seeds 0/42/2025) by default, one record per run
    assert table[3][1] == str(3 * sum(len(r["weaknesses"]) for r in gold["reviews"]))
    rerun_after_touch("claimcheck", out, args, lambda: server.calls)


@reads_data_of("scholarsum")
def test_scholarsum(checks):
    import numpy as np

    out, args = ran(checks, "scholarsum")      # no API_BASE: `check` started the scripted server itself
    assert (out / "scatter.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = rows((out / "table.md").read_text(encoding="utf-8"))
    assert table[0] == ["metric", "r", "ρ", "τ", "n"]
    assert [r[0] for r in table[2:]] == ["FM (st-facets, openai/test-model)", "ROUGE-L", "BERTScore (MiniLM)",
                                         "FM with GPT-4 (stored in ScholarSum)", "ROUGE-L (stored)",
                                         "BERTScore, roberta-large (stored)"]
    assert all(r[4] == "12" and all(is_number(c) for c in r[1:4]) for r in table[2:])
    # the stored GPT-4 FM row by hand: Pearson over the first 12 PubMed pairs (duplicate left out)
    pairs = [json.loads(line) for line in (EXTERNAL / "scholarsum" / "pairs.jsonl").open()]
    pairs = [p for p in pairs if p["dataset"] == "pubmed" and not p.get("duplicate_of")][:12]
    r = np.corrcoef([p["fm_gpt4"]["overall"] for p in pairs], [p["human"]["overall"] for p in pairs])[0, 1]
    assert table[5][1] == f"{r:.3f}"
    logged = len((out / "check-requests.jsonl").read_text().splitlines())
    assert logged > 0
    rerun_after_touch("scholarsum", out, args, lambda: len((out / "check-requests.jsonl").read_text().splitlines()),
                      out / "scored.jsonl", {"scored.jsonl", "agree.jsonl", "scatter.png", "table.md"})


@reads_data_of("aaar")
def test_aaar(checks, server):
    out, args = ran(checks, "aaar")
    text = (out / "table.md").read_text(encoding="utf-8")
    for section in ("EquationInference (Table 1)", "ExperimentDesign (Table 2)", "PaperWeakness (Table 6)",
                    "ReviewCritique (Table 7)"):
        assert f"## {section}" in text
    table = rows(text)
    heads = [r for r in table if r and r[0] in ("candidates", "papers", "segments")]
    assert heads == [["candidates", "F1", "P", "R"], ["papers", "En-F1", "En-P", "En-R", "S-Match"],
                     ["papers", "S-F1", "S-P", "S-R", "ITF-IDF"], ["segments", "P", "R", "F1"]]
    # one correct equation and three wrong ones per display equation of the first LaTeX paper
    eqs = read_jsonl(out / "equations.jsonl")
    values = [r for r in table if r and r[0].isdigit()]
    # AAAR §4: the EqInfer judge runs 3 times by default (median), one scored record per candidate and run
    assert values[0][0] == str(3 * len(eqs)) and len(eqs) % 4 == 0 and sum(e["label"] for e in eqs) == len(eqs) // 4
    segments = read_jsonl(out / "segments.jsonl")
    # ReviewCritique (AAAR §4): 3 runs by default, one labelled segment per run
    assert values[3][0] == str(3 * len(segments)) and {s["paper_idx"] for s in segments} == {0}
    rerun_after_touch("aaar", out, args, lambda: server.calls)


# ---------------------------------------------------------------------------- plan


@reads_data_of("paperrq")
def test_plan_counts_geval_samples_and_its_steps(tmp_path):
    """G-Eval with 20 samples on 2 RQs and one aspect: 2 x 20 rating calls + 1 for the evaluation
    steps; priced from litellm's map for a named model. Run as the interface says (`make -C DIR
    plan`, whose own last line would be "make: Leaving directory"), the last line is `calls: N`."""
    cmd = [MAKE, "-C", str(ROOT / "examples" / "paperrq"), "plan", f"OUT={tmp_path / 'plan'}", f"SHARED={SHARED}",
           "N=2", "PROTOCOLS=geval", "ASPECTS=problem", "JUDGE_FLAGS=--samples 20", "MODEL=openai/gpt-4o-mini"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "calls: 41"
    assert lines[-2].startswith("make: Leaving directory")
    assert lines[-3] == "calls: 41"          # also in place, for a reader of a file that cannot wait
    # the bound on repair re-asks beside the count: each of the 41 replies is parsed
    assert lines[-4].startswith("re-asks: up to 41 more calls on malformed replies")
    assert lines[-5].startswith("total cost: $") and "unknown" not in lines[-5]
    assert any(line.split()[:2] == ["geval", "41"] for line in lines)
    assert any("protocols geval" in line for line in lines)      # the settings the run uses


def served(checks, server, paper: str) -> int:
    """The requests `make check` sent for ``paper`` (its own model name on the shared server, or
    the request log of the server ScholarSum's check started)."""
    out, _ = ran(checks, paper)
    if paper == "scholarsum":
        return len((out / "check-requests.jsonl").read_text().splitlines())
    return sum(1 for body in list(server.requests) if body.get("model") == f"test-{paper}")


@pytest.mark.parametrize("paper", [pytest.param(p, marks=reads_data_of(p)) for p in PAPERS])
def test_plan_counts_exactly_the_requests_check_sent(checks, server, paper):
    """`make plan` at the same settings as the check, with its cache (the replies known): the
    count it prints is the number of requests the check sent the scripted server (well-formed
    replies: no re-ask), every one answered by the cache, nothing called. Before issue 35 the
    plan counted stand-ins instead: ScholarSum said 18 calls where its check sent 29."""
    out, args = ran(checks, paper)
    extra = tuple(a for a in args if not a.startswith("CHECK_PORT="))
    if paper == "scholarsum":
        port = next(a.split("=")[1] for a in args if a.startswith("CHECK_PORT="))
        extra += ("N=12", "MODEL=openai/test-model", f"API_BASE=http://127.0.0.1:{port}/v1")
    before = server.calls
    text = make(paper, out, *extra, goal="plan")
    lines = text.strip().splitlines()
    sent = served(checks, server, paper)
    assert sent > 0 and lines[-1] == f"calls: {sent}", text
    assert f"; {sent} of the calls answered by the cache" in text
    assert server.calls == before                      # a plan calls nothing
