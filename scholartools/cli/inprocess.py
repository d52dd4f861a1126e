"""A command run in this process on records in memory: what :func:`scholartools.run` does for a
command that is not a task (tasks run straight through the library)."""
from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

import click
import orjson

from scholartools.errors import UsageError


def _cli_args(command, options: dict[str, Any]) -> list[str]:
    params = {p.name: p for p in command.params}
    args: list[str] = []
    for key, value in options.items():
        param = params.get(key)
        if param is None or not getattr(param, "opts", None):
            raise TypeError(f"{command.name} has no option '{key}' (options: "
                            f"{', '.join(sorted(n for n in params if n))})")
        flag = max(param.opts, key=len)
        if getattr(param, "is_flag", False):
            if param.secondary_opts:   # --progress/--no-progress
                args.append(flag if value else max(param.secondary_opts, key=len))
            elif value:
                args.append(flag)
            continue
        for v in (value if isinstance(value, (list, tuple)) else [value]):
            args += [flag, str(v)]
    return args


def invoke(name: str, records: Iterable[dict], args: Iterable[str], options: dict[str, Any]) -> tuple[int, bytes, str]:
    """(exit code, stdout bytes, stderr text) of command ``name`` run on ``records`` with extra
    words ``args`` and ``options`` by their Python names; a usage error raises
    :class:`~scholartools.errors.UsageError`."""
    from scholartools.cli import COMMANDS
    from scholartools.cli.manpages import load_command

    if name not in COMMANDS:
        raise ValueError(f"unknown command '{name}' (one of {', '.join(COMMANDS)})")
    if name == "st-cache":   # it writes reports about a cache, not records
        raise ValueError("st-cache maintains a cache rather than transforming records: use "
                         "scholartools.llm.cache.open_cache(...) from Python")
    cmd = load_command(name)
    stdin = io.BytesIO(b"".join(orjson.dumps(r) + b"\n" for r in records))
    stdout, stderr = io.BytesIO(), io.StringIO()
    argv = list(args) + _cli_args(cmd, options)
    try:
        cmd.main(argv, prog_name=name, obj={"stdin": stdin, "stdout": stdout, "stderr": stderr},
                 standalone_mode=False)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except click.ClickException as exc:   # click's usage errors, raised when not standalone
        raise UsageError(exc.format_message()) from None
    return code, stdout.getvalue(), stderr.getvalue()
