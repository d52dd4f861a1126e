"""The library's usage error: a run that cannot start as asked (a bad option value, no model for
an LLM-only task, an unreadable option file). The commands turn it into exit 2 with its message;
the Python API raises it as :class:`CommandError`. (A record that cannot be
processed is a :class:`RecordError` instead: the run goes on. It lives here, beside the usage
error, so that a library that only raises it — the parsers — need not import the JSON Lines
machinery of :mod:`scholartools.records`, which re-exports it.)"""
from __future__ import annotations

from typing import Any


class UsageError(ValueError):
    """A run that cannot start as asked; ``str(exc)`` names the option and why."""


class CommandError(RuntimeError):
    """A command stopped with a usage error (exit 2), met by the Python API or a Dask worker;
    ``message`` is what the command says on stderr."""

    def __init__(self, command: str, code: int, message: str):
        super().__init__(f"{command} exited {code}: {message.strip()}")
        self.command, self.code, self.message = command, code, message


class RecordError(Exception):
    """Raised by library code to turn the record being processed into an error record.

    ``kind`` is a short machine-readable category (``missing_field``, ``bad_value``,
    ``unreadable_file`` …), ``message`` a sentence for a person, ``field`` the dotted path
    concerned, if any. Extra keyword arguments land in the error object as they are.
    """

    def __init__(self, kind: str, message: str, field: str | None = None, **extra: Any):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field
        self.extra = extra

    def as_error(self, command: str) -> dict:
        err = {"command": command, "kind": self.kind, "message": self.message}
        if self.field is not None:
            err["field"] = self.field
        err.update(self.extra)
        return err
