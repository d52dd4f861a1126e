"""Dry-run placeholder records: what lets ``--dry-run`` steps compose.

A command run with ``--dry-run`` calls nothing. Its output records are *placeholders*: each is
marked with ``"_dry_run": true`` and the fields the real run would fill hold marked stand-ins
(``"(dry run: no reply to prompt …)"``, see :mod:`scholartools.generate.asking`). The next
command's dry run reads them as it would read real records and counts the calls it would make
on them, so a whole pipe can be priced before anything is called::

    st-generate --task limitations --dry-run … | st-judge --task match --dry-run …

Each step prints its own ``dry run: N calls needed …`` line on stderr (``scholartools.report
plan`` adds such lines up) and records ``dry_run`` and ``dry_calls`` in each record's
provenance. A run that is not a dry run refuses placeholder records: the command stops with a
usage error naming the input and line (exit 2); through the library (:func:`scholartools.tasks.
run_task`) each such record becomes an error record of kind ``dry_run_placeholder``.
"""
from __future__ import annotations

from typing import Any

#: the top-level field marking a record written by a dry run
MARK = "_dry_run"
#: the error kind of a placeholder record given to a real run
KIND = "dry_run_placeholder"


def is_placeholder(record: Any) -> bool:
    """True for a record a dry run wrote (it carries ``_dry_run``)."""
    return isinstance(record, dict) and bool(record.get(MARK))


def mark(record: Any) -> Any:
    """``record`` (a dict, else returned as it is) marked as a dry run's placeholder."""
    if isinstance(record, dict) and not record.get("error"):
        record[MARK] = True
    return record


def refusal(where: str = "") -> str:
    """The message for a placeholder record given to a real run (``where``: ``FILE:LINE``)."""
    at = f"{where}: " if where else ""
    return (f"{at}a placeholder record written by a --dry-run (it carries \"{MARK}\": its fields hold "
            "stand-ins, not replies); a real run needs real records: run the step that wrote it "
            "without --dry-run, or add --dry-run here to count this step's calls")


def claim_keys(path: str, keys: list[str]) -> set[str]:
    """Add ``keys`` (cache keys of the requests a dry run counted) to the plan's key file
    ``path`` (SQLite) in one transaction, and return those already in it: counted by an earlier
    dry run of the same plan. Steps that run at once each claim their own keys atomically, so the
    plan's total is the number of distinct requests whichever step finishes first."""
    import sqlite3

    con = sqlite3.connect(path, timeout=120)
    try:
        con.execute("CREATE TABLE IF NOT EXISTS planned (key TEXT PRIMARY KEY)")
        con.execute("BEGIN IMMEDIATE")
        seen: set[str] = set()
        for i in range(0, len(keys), 500):
            chunk = keys[i:i + 500]
            marks = ",".join("?" * len(chunk))
            seen.update(k for (k,) in con.execute(f"SELECT key FROM planned WHERE key IN ({marks})", chunk))
        con.executemany("INSERT OR IGNORE INTO planned (key) VALUES (?)", [(k,) for k in keys])
        con.commit()
        return seen
    finally:
        con.close()
