"""Several pipeline steps in one Python process: what ``make plan`` runs its dry steps with.

Each step of an example pipeline is a command (``st-judge …``, ``python -m scholartools.datasets
…``), and a process per step pays Python's start-up, the imports, the task registry and the
tokenizer's tables each time: about 1.3 CPU seconds, more than most dry runs themselves. Under
``make plan`` (examples/common.mk) the Makefile's recipes do not run their commands: each is
written to a steps file by ``examples/run-step --queue FILE`` in the order make would run it,
and this module then runs them all, in that order, in one process, each as its command would
(``python -m scholartools.cli.steps FILE``):

* a ``run`` step (``run-step --queue FILE --log TARGET CMD ARG…``) runs ``CMD ARG… -o
  TARGET.part``: an ``st-*`` command through its click command in this process, anything else
  as a process; its stderr goes to ``TARGET.err`` (the dry run's call summary); exit status 1
  (some records are error records) keeps the output, 2 or worse stops the run with the step's
  messages, exactly as ``run-step`` does;
* a ``module`` step (``run-step --queue FILE --module MODULE ARG…``) runs ``python -m MODULE
  ARG…`` (the module's ``main(argv)``), e.g. ``scholartools.datasets shard …``.

The file holds NUL-separated fields per step: kind, target, log, the number of words, the words.
"""
from __future__ import annotations

import contextlib
import importlib
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Step:
    kind: str            # "run" or "module"
    target: str          # the file a run step writes (-o); "" for a module step
    log: str             # a run step's stderr file; "" for none
    words: tuple[str, ...]


def read_steps(path: str | os.PathLike) -> list[Step]:
    fields = Path(path).read_bytes().split(b"\0")
    if fields and fields[-1] == b"":
        fields.pop()
    words = [f.decode("utf-8", "surrogateescape") for f in fields]
    steps, i = [], 0
    while i < len(words):
        try:
            kind, target, log, n = words[i], words[i + 1], words[i + 2], int(words[i + 3])
        except (IndexError, ValueError):
            raise ValueError(f"{path}: not a steps file (a step is cut short at field {i})") from None
        if kind not in ("run", "module") or i + 4 + n > len(words):
            raise ValueError(f"{path}: not a steps file (field {i}: {kind!r})")
        steps.append(Step(kind, target, log, tuple(words[i + 4:i + 4 + n])))
        i += 4 + n
    return steps


def _command_name(program: str) -> str | None:
    """The ``st-*`` command a step's program runs (``…/bin/st-judge``, ``st-judge``), if ours."""
    from scholartools.cli import COMMANDS

    name = os.path.basename(program)
    return name if name in COMMANDS else None


def _in_process(name: str, args: list[str], err) -> int:
    """Exit status of ``name ARGS…`` run through its click command in this process, its stderr
    written to ``err`` (a text file)."""
    import click

    from scholartools.cli import load_command

    with contextlib.redirect_stderr(err):
        try:
            load_command(name).main(args, prog_name=name, obj={"stderr": err}, standalone_mode=False)
            return 0
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except click.exceptions.Exit as exc:
            return exc.exit_code
        except click.ClickException as exc:   # a usage error, raised when not standalone
            exc.show(file=err)
            return exc.exit_code
        except click.Abort:
            print("Aborted!", file=err)
            return 1


def run_step(step: Step) -> int:
    """Run one step as ``run-step`` (or ``python -m``) would; its exit status."""
    if step.kind == "module":
        main = importlib.import_module(step.words[0]).main
        try:
            return main(list(step.words[1:])) or 0
        except SystemExit as exc:   # argparse's usage errors
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    part = f"{step.target}.part.{os.getpid()}"
    log = step.log or os.devnull
    log_part = f"{log}.part.{os.getpid()}" if step.log else log
    name = _command_name(step.words[0])
    with open(log_part, "w", encoding="utf-8") as err:
        if name is not None:
            code = _in_process(name, [*step.words[1:], "-o", part], err)
        else:
            code = subprocess.run([*step.words, "-o", part], stderr=err).returncode
    if step.log:
        if code > 1:
            sys.stderr.write(Path(log_part).read_text(encoding="utf-8", errors="replace"))
        os.replace(log_part, step.log)
    if code > 1:
        with contextlib.suppress(FileNotFoundError):
            os.remove(part)
        return code
    if code:
        print(f"{os.path.basename(step.target)}: kept; some records carry errors (see their error field)",
              file=sys.stderr)
    os.replace(part, step.target)
    return code


def run_steps(steps: list[Step]) -> int:
    """Run ``steps`` in order; stops at the first that fails (exit status 2 or worse), as make does."""
    for step in steps:
        code = run_step(step)
        if code > 1 or (step.kind == "module" and code):
            what = step.target or " ".join(step.words[:2])
            print(f"scholartools.cli.steps: {what}: exit status {code}", file=sys.stderr)
            return code
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print("usage: python -m scholartools.cli.steps STEPS-FILE  (written by examples/run-step --queue)",
              file=sys.stderr)
        return 2
    if not os.path.exists(args[0]):   # nothing to do: every step was up to date
        return 0
    try:
        steps = read_steps(args[0])
    except ValueError as exc:
        print(f"scholartools.cli.steps: {exc}", file=sys.stderr)
        return 2
    return run_steps(steps)


if __name__ == "__main__":
    raise SystemExit(main())
