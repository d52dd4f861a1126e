"""Run st-* commands as real subprocesses of this interpreter, with records in and out."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]

from scholartools.cli import COMMANDS  # noqa: E402


def interruptible() -> None:
    """``preexec_fn`` for a child that a test stops with SIGINT: a job started in the background
    (``make test &``, nohup, some CI runners) inherits SIGINT *ignored*, and Python then never
    installs its KeyboardInterrupt handler, so the signal would be lost. Ctrl-C at a terminal
    always reaches the command; this gives the child the terminal's default."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@dataclass
class Result:
    code: int
    records: list[dict]
    stderr: str
    stdout: bytes


def run_cli(command: str, args: list[str] | tuple[str, ...] = (), records: list[dict] | None = None,
            input: bytes | str | None = None, env: dict | None = None, timeout: float = 300,
            cwd: str | Path | None = None) -> Result:
    """Run ``command`` (``st-score`` …) with ``args``; stdin is ``records`` as JSONL or raw ``input``."""
    if records is not None:
        input = b"".join(orjson.dumps(r) + b"\n" for r in records)
    elif isinstance(input, str):
        input = input.encode("utf-8")
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    if env:
        full_env.update(env)
    proc = subprocess.run([sys.executable, "-m", f"scholartools.cli.{COMMANDS[command]}", *args],
                          input=input or b"", capture_output=True, env=full_env, timeout=timeout,
                          cwd=cwd)
    try:
        out = [orjson.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    except orjson.JSONDecodeError:  # --help, --format table …: not JSONL; read .stdout instead
        out = []
    return Result(proc.returncode, out, proc.stderr.decode("utf-8", "replace"), proc.stdout)


def run_inprocess(command: str, args: list[str] | tuple[str, ...] = (), records: list[dict] | None = None,
                  input: bytes | str | None = None, env: dict | None = None, timeout: float | None = None) -> Result:
    """:func:`run_cli`'s arguments and :class:`Result`, run in this process by ``conftest.invoke``
    (no interpreter start-up and no re-import per call): for tests where a process is not the point.

    ``timeout``: a run still going after it ends the test process (every thread's traceback on
    stderr; pytest-xdist reports the test whose worker crashed): a hang fails at once instead of
    holding the suite until CI's own limit, as :func:`run_cli`'s timeout would."""
    import faulthandler

    from conftest import invoke

    if isinstance(input, str):
        input = input.encode("utf-8")
    if timeout is not None:
        faulthandler.dump_traceback_later(timeout, exit=True)
    try:
        code, recs, err, out = invoke(command, args, records, input=input, env=env)
    finally:
        if timeout is not None:
            faulthandler.cancel_dump_traceback_later()
    return Result(code, recs, err, out)
