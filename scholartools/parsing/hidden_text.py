"""Text a reader cannot see never reaches a prompt: it is taken out of a PDF record's text.

:mod:`scholartools.parsing.pdf.hidden` finds it (white or invisible text, text cut away by a
clipping path; off-page and tiny text never enter the rows) and reports each span as a
``hidden_text`` warning with its page and box.  :func:`remove_hidden` then removes every such
span that entered the text (white, invisible or clipped; off-page and tiny text never does: its
warning says ``in_text: false``) from every text of the record (title, abstract, sections and
their paragraphs, captions, equation contexts …), so that the instructions planted for LLM
reviewers go into no prompt of ``st-generate``, ``st-judge`` or any other command.  Each warning
keeps the text and its location and says where it was removed from (``removed_from``: field
paths), or ``removed: false`` when the text could not be found as it was extracted.
``st-parse --keep-hidden`` leaves the text in place (``kept: true`` on the warnings) for those
who study it.

Matching is on the span's words with any whitespace between them (line breaks, the spaces the
reading order adds), one escaped literal per word: linear, nothing to backtrack.
"""
from __future__ import annotations

import re

#: record fields never touched (not text a prompt reads, or the warnings themselves)
SKIP = frozenset({"warnings", "source", "id", "provenance", "error", "references"})
#: reasons whose text never enters the record (:func:`scholartools.parsing.pdf.extract.page_rows`
#: leaves spans off the page and under 2 pt out of the rows): nothing to remove, and a search for
#: their words would cut the same words where a reader sees them (a table's one word run off the
#: page, "assumptions", out of every heading and paragraph that says it)
NOT_IN_TEXT = frozenset({"off_page", "tiny"})


def _pattern(text: str) -> re.Pattern | None:
    words = text.split()
    if not words:
        return None
    return re.compile(r"\s+".join(re.escape(w) for w in words))


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"[ \t]+\n|\n[ \t]+", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def remove_hidden(record: dict) -> dict:
    """``record`` with the text of its ``hidden_text`` warnings removed from every text field
    (in place; returned for convenience). Paragraph lists lose the paragraphs left empty."""
    hidden = [w for w in record.get("warnings") or [] if isinstance(w, dict) and w.get("kind") == "hidden_text"
              and isinstance(w.get("text"), str) and w["text"].strip()]
    if not hidden:
        return record
    patterns = [(w, None if w.get("reason") in NOT_IN_TEXT else _pattern(w["text"])) for w in hidden]
    found: dict[int, list[str]] = {}

    def clean(value, path: str):
        if isinstance(value, str):
            out = value
            for i, (w, pat) in enumerate(patterns):
                if pat is not None and pat.search(out):
                    out = pat.sub(" ", out)
                    found.setdefault(i, []).append(path)
            return _tidy(out) if out is not value else value
        if isinstance(value, list):
            items = [clean(v, f"{path}[{k}]") for k, v in enumerate(value)]
            if path.endswith("paragraphs"):
                items = [v for v in items if not (isinstance(v, str) and not v.strip())]
            return items
        if isinstance(value, dict):
            return {k: clean(v, f"{path}.{k}" if path else k) for k, v in value.items()}
        return value

    for key in list(record):
        if key not in SKIP:
            record[key] = clean(record[key], key)
    for i, (w, _) in enumerate(patterns):
        where = found.get(i)
        w["removed"] = bool(where)
        if where:
            w["removed_from"] = sorted(set(where))
        elif w.get("reason") in NOT_IN_TEXT:
            w["in_text"] = False   # (never read into the record: nothing to remove)
    return record


def keep_hidden(record: dict) -> dict:
    """``--keep-hidden``: the text stays; each ``hidden_text`` warning says so (``kept: true``)."""
    for w in record.get("warnings") or []:
        if isinstance(w, dict) and w.get("kind") == "hidden_text":
            w["kept"] = True
    return record
