"""What a generation task reads from a reply (a :class:`~scholartools.llm.calls.Result`): whether
it was answered (a dry run's placeholder counts), its text, and its parsed value or this record's
``unparsable_reply`` error."""
from __future__ import annotations

from typing import Any

from scholartools.records import RecordError


def answered(res) -> bool:
    """True for a real or cached reply, and for a dry run's placeholder (:func:`dry_list`,
    :func:`dry_text`: marked strings the next command's dry run counts on); False for a dry-run
    request that has no placeholder."""
    return not res.dry_run or res.value is not None


def reply_text(res) -> str | None:
    """The reply's text; under ``--dry-run`` the request's placeholder text (or None)."""
    if res.dry_run:
        return res.value if isinstance(res.value, str) else None
    return res.text


def value_or_unscored(res, what: str) -> Any:
    """``res.value``; a reply that could not be parsed even after the repair re-ask is this
    record's ``unparsable_reply`` error (carrying the raw reply), never a silent empty value."""
    if res.unscored and not res.dry_run:
        raise RecordError("unparsable_reply", f"the {what} reply could not be read: "
                          f"{res.unscored.get('detail') or res.unscored.get('unscored_reason')}",
                          raw=res.text)
    return res.value
