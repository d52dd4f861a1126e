"""The README's pipelines run as written (from the repository root, commands from bin/).

Offline pipelines run as they are; the pipelines of the "With a model" block run against the
scripted OpenAI-compatible server (its URL in ST_API_BASE, a throw-away cache in ST_CACHE), the
block's ``export`` line being the user's part.
"""
import os
import re
import subprocess
import sys

import orjson
import pytest

from cli_helpers import ROOT


def readme_blocks() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Pipelines", 1)[1].split("\n## ", 1)[0]
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        joined = block.replace("\\\n", " ")
        blocks.append([line.strip() for line in joined.splitlines()
                       if line.strip() and not line.lstrip().startswith(("#", "export ", "set -o pipefail"))])
    return blocks


OFFLINE, WITH_MODEL = readme_blocks()[:2]


def _run(pipeline: str, env: dict) -> list[dict]:
    env = dict(os.environ, PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}", **env)
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], cwd=ROOT, capture_output=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    records = [orjson.loads(line) for line in proc.stdout.splitlines()]
    assert records and not any("error" in r for r in records), records[:2]
    return records


def test_the_readme_has_pipelines():
    assert len(OFFLINE) >= 2 and len(WITH_MODEL) >= 3


@pytest.mark.parametrize("pipeline", OFFLINE)
def test_offline_pipeline_runs_as_written(pipeline, monkeypatch):
    monkeypatch.delenv("ST_MODEL", raising=False)
    _run(pipeline, {})


def _model_reply(body):
    prompt = body["messages"][-1]["content"]
    if "### Candidate equation" in prompt:
        return "1"
    if 'Answer "Yes" or "No"' in prompt:   # a PointWise match: the generated point on corpora matches
        return "Yes" if "Small corpora" in prompt and "small by design" in prompt else "No"
    return "1. **Small corpora**: the collections are small.\n2. **One field**: only computer science papers."


@pytest.mark.parametrize("pipeline", WITH_MODEL)
def test_model_pipeline_runs_as_written(pipeline, openai_server, tmp_path):
    openai_server.reply(_model_reply)
    out = _run(pipeline, {"ST_MODEL": "openai/test-model", "ST_API_BASE": openai_server.url,
                          "ST_CACHE": str(tmp_path / "cache.sqlite"), "ST_LLM_BACKOFF_BASE": "0.01"})
    assert openai_server.calls > 0
    if "--task limitations" in pipeline:   # 4 ground-truth points x 2 generated, one match: BAGELS §6.4
        paper = [r for r in out if not r.get("aggregate")][0]
        assert paper["scores"]["pointwise"]["TP"] == 1


def test_reproduce_a_paper_names_every_paper_pipeline():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Reproduce a paper", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`make -C examples/(\w+)", section)
    pipelines = sorted(p.parent.name for p in (ROOT / "examples").glob("*/Makefile"))
    assert sorted(named) == pipelines == ["aaar", "bagels", "claimcheck", "paperrq", "scholarsum"]


def test_the_dependency_table_says_what_every_required_package_is_for():
    """Every package of setup.cfg's install_requires (and of the torch extra) has a row in the README's dependency table
    (or is named in one with its partner: "numpy, scipy, scikit-learn"), and every package named
    in the table is required: the list cannot drift from what is installed."""
    import configparser

    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    lines = cfg["options"]["install_requires"].splitlines() + cfg["options.extras_require"]["torch"].splitlines()
    required = {re.split(r"[\[<>=~!; ]", line.strip())[0].lower() for line in lines if line.strip()}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## Dependencies, what each is for, and their licences", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in re.findall(r"^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", table, re.M) if r[0] != "package"]
    named = {name.strip().lower() for row, _, _ in rows for name in row.split(",")} - {"package"}
    uses = {row: use for row, use, _ in rows}
    assert all(re.search(r"\b(MIT|BSD|Apache|A?GPL|MPL|PSF)", lic) for _, _, lic in rows)   # a licence on every row
    named_in_uses = {p for p in required if re.search(rf"\b{re.escape(p)}\b", " ".join(uses.values()))}
    assert required - named - named_in_uses == set()
    assert named - required == set()
    assert all(len(use.split()) >= 3 for use in uses.values())


def test_the_from_python_snippet_runs_as_written():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python", 1)[1].split("\n## ", 1)[0]
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("Sparse Retrieval for Citation Recommendation in Small Corpora ")


def test_the_package_lists_its_functions():
    import scholartools as st

    assert {"run", "parse", "score", "agree", "rate_facets", "CommandError"} <= set(st.__all__) <= set(dir(st))
    assert all(callable(getattr(st, name)) for name in st.__all__ if name != "__version__")


def test_every_pipeline_block_starts_with_pipefail():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Pipelines", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert blocks and all(b.startswith("set -o pipefail\n") for b in blocks)


def test_the_files_the_readme_names_exist():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"(?<![\w/.$])(fixtures/[\w./*-]+\w)", text))
    assert named and all(list(ROOT.glob(p)) for p in named), sorted(p for p in named if not list(ROOT.glob(p)))
    # inputs read with '<' are fixtures or files an earlier line of the README writes
    written = set(re.findall(r"> (\w[\w.-]*\.jsonl)", text))
    read = set(re.findall(r"< (\w[\w./-]*\.jsonl)", text))
    assert read - written == set() or all(p.startswith("fixtures/") for p in read - written), read - written


def test_every_llm_command_names_the_st_variables_in_its_help():
    from scholartools.cli import COMMANDS

    llm_dir = ROOT / "scholartools" / "llm"
    sources = [*llm_dir.glob("*.py"), ROOT / "scholartools" / "cli" / "llm_options.py"]   # the flags' envvars
    read = {v for f in sources for v in re.findall(r"\"(ST_[A-Z_]+)\"", f.read_text())}
    read -= {"ST_LITELLM_FULL"}   # the older name of ST_LITELLM_PATCHES
    assert {"ST_MODEL", "ST_API_BASE", "ST_API_KEY", "ST_CACHE"} <= read
    with_model = 0
    for command in COMMANDS:
        out = subprocess.run([sys.executable, "-m", f"scholartools.cli.{COMMANDS[command]}", "--help"],
                             capture_output=True, text=True, env=dict(os.environ, COLUMNS="200")).stdout
        if "--api-base" not in out:   # the LLM commands (st-cache has a --model filter)
            continue
        with_model += 1
        assert {v for v in read if v not in out} == set(), command
    assert with_model >= 6
    export = re.findall(r"^\s*export (.*)$", text := (ROOT / "README.md").read_text(encoding="utf-8"), re.M)
    assert any("ST_API_BASE" in line for line in export)
