"""The README's pipelines run as written (from the repository root, commands from bin/)."""
import os
import re
import subprocess

import orjson
import pytest

from cli_helpers import ROOT


def readme_pipelines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Pipelines", 1)[1].split("\n## ", 1)[0]
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        joined = block.replace("\\\n", " ")
        lines += [line.strip() for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return lines


def test_the_readme_has_pipelines():
    assert len(readme_pipelines()) >= 2


@pytest.mark.parametrize("pipeline", readme_pipelines())
def test_readme_pipeline_runs_as_written(pipeline):
    env = dict(os.environ, PATH=f"{ROOT / 'bin'}{os.pathsep}{os.environ['PATH']}")
    env.pop("ST_MODEL", None)
    proc = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], cwd=ROOT, capture_output=True, env=env,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    records = [orjson.loads(line) for line in proc.stdout.splitlines()]
    assert records and not any("error" in r for r in records)
