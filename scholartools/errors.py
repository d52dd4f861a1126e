"""The library's usage error: a run that cannot start as asked (a bad option value, no model for
an LLM-only task, an unreadable option file). The commands turn it into exit 2 with its message;
the Python API raises it as :class:`CommandError`. (A record that cannot be
processed is a :class:`~scholartools.records.RecordError` instead: the run goes on.)"""
from __future__ import annotations


class UsageError(ValueError):
    """A run that cannot start as asked; ``str(exc)`` names the option and why."""


class CommandError(RuntimeError):
    """A command stopped with a usage error (exit 2), met by the Python API or a Dask worker;
    ``message`` is what the command says on stderr."""

    def __init__(self, command: str, code: int, message: str):
        super().__init__(f"{command} exited {code}: {message.strip()}")
        self.command, self.code, self.message = command, code, message
