"""The wheel carries every file the commands read at run time.

One wheel per session, built from a copy of the sources (a stale ``build/`` in the checkout could
hide a file left out of the package data), installed without dependencies into a throw-away venv
that sees the dev environment's site-packages through a ``.pth`` file but not the checkout. Every
command then runs from a temporary directory on copies of the fixtures: the README's pipelines
(offline, and with a model against the scripted server), the design card's pipeline, and st-cache.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import orjson
import pytest

from cli_helpers import ROOT
from scholartools.cli import COMMANDS
from test_readme import OFFLINE, WITH_MODEL, _model_reply

#: what the build reads besides the package itself (setup.cfg's metadata and data_files)
SOURCES = ("setup.cfg", "pyproject.toml", "README.md", "LICENSE", "man", "scholartools")
#: the design card's pipeline, as it writes it
DESIGN_CARD = "st-parse fixtures/papers/paper.pdf | st-facets | st-score"


def _dev_site_packages() -> list[str]:
    """Site-packages directories of the running environment (its own and those a .pth adds)."""
    dirs = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    dirs.update(p for p in sys.path if p.endswith("site-packages"))
    return sorted(d for d in dirs if os.path.isdir(d))


class Installed:
    def __init__(self, root: Path, wheel: Path, venv: Path):
        self.root, self.wheel, self.venv = root, wheel, venv
        self.bin = venv / "bin"

    def env(self, **extra: str) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ST_") and k != "PYTHONPATH"}
        env["PATH"] = f"{self.bin}{os.pathsep}{env['PATH']}"
        env.update(extra)
        return env

    def workdir(self, tmp_path: Path, pipelines: list[str]) -> Path:
        """``tmp_path`` with a copy of each fixture folder the pipelines name."""
        for name in sorted({m for p in pipelines for m in re.findall(r"fixtures/[\w./-]+", p)}):
            src = ROOT / name
            dst = tmp_path / name
            if src.is_dir():
                shutil.copytree(src, dst, dirs_exist_ok=True)
            else:
                shutil.copytree(src.parent, dst.parent, dirs_exist_ok=True)
        return tmp_path

    def run(self, pipeline: str, cwd: Path, env: dict | None = None, check: bool = True) -> list[dict]:
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], cwd=cwd, capture_output=True,
                              env=env or self.env(), timeout=300)
        assert proc.returncode == 0 or not check, proc.stderr.decode()[-2000:]
        records = [orjson.loads(line) for line in proc.stdout.splitlines()]
        if check:
            assert records and not any("error" in r for r in records), records[:2]
        return records


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    src = root / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(root / "dist"), str(src)], check=True, capture_output=True, timeout=300)
    wheel = next((root / "dist").glob("scholartools-*.whl"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    # the dev environment's packages (pip, numpy, litellm …) but not the checkout: a directory a
    # .pth adds is not itself a site directory, so the editable install's own .pth is not read
    (Path(purelib) / "_dev_env.pth").write_text("\n".join(_dev_site_packages()) + "\n")
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--ignore-installed", str(wheel)],
                   check=True, capture_output=True, timeout=300, cwd=root)
    return Installed(root, wheel, venv)


def test_the_wheel_holds_the_man_pages_the_types_marker_and_the_licence(installed):
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    data = "scholartools-{}.data/data/share/man/man1/".format(installed.wheel.name.split("-")[1])
    assert {f"{data}{cmd}.1" for cmd in COMMANDS} <= names
    assert "scholartools/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    for cmd in COMMANDS:   # installed where man finds them (PREFIX/share/man/man1)
        assert (installed.venv / "share" / "man" / "man1" / f"{cmd}.1").is_file()


def test_the_wheel_holds_every_file_of_the_package_that_is_not_python(installed):
    """Templates, models, the heading model, the data registry …: whatever the package keeps
    beside its modules is read at run time, so a file package_data leaves out fails here."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    tracked = subprocess.run(["git", "ls-files", "scholartools"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert [f for f in tracked if not f.endswith(".py") and f not in names] == []


def test_the_data_registry_answers_from_the_installed_wheel(installed, tmp_path):
    proc = subprocess.run([installed.bin / "python", "-m", "scholartools.data", "list"], cwd=tmp_path,
                          capture_output=True, text=True, env=installed.env())
    assert proc.returncode == 0, proc.stderr
    assert "scholarsum" in proc.stdout and "paperrq" in proc.stdout


def test_the_commands_import_the_installed_package_not_the_checkout(installed, tmp_path):
    proc = subprocess.run([installed.bin / "python", "-c", "import scholartools; print(scholartools.__file__)"],
                          cwd=tmp_path, capture_output=True, text=True, env=installed.env(), check=True)
    where = Path(proc.stdout.strip())
    assert where.is_relative_to(installed.venv) and not where.is_relative_to(ROOT)
    for cmd in COMMANDS:
        script = installed.bin / cmd
        assert script.read_text().startswith(f"#!{installed.bin / 'python'}")
        assert subprocess.run([script, "--version"], env=installed.env(), cwd=tmp_path,
                              capture_output=True).returncode == 0


@pytest.mark.parametrize("pipeline", OFFLINE + [DESIGN_CARD])
def test_offline_pipelines_run_from_the_installed_wheel(installed, pipeline, tmp_path):
    installed.run(pipeline, installed.workdir(tmp_path, [pipeline]))


@pytest.mark.parametrize("pipeline", WITH_MODEL)
def test_model_pipelines_and_st_cache_run_from_the_installed_wheel(installed, pipeline, openai_server, tmp_path):
    openai_server.reply(_model_reply)
    cache = tmp_path / "cache.sqlite"
    env = installed.env(ST_MODEL="openai/test-model", ST_API_BASE=openai_server.url, ST_CACHE=str(cache),
                        ST_LLM_BACKOFF_BASE="0.01")
    work = installed.workdir(tmp_path, [pipeline])
    installed.run(pipeline, work, env)
    assert openai_server.calls > 0
    stats = installed.run("st-cache stats", work, env)
    assert stats[0]["entries"] > 0
