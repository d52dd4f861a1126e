"""Input format detection from the file name and its first bytes."""

from __future__ import annotations

import os

FORMATS = ("pdf", "latex", "tei", "s2orc", "scienceparse", "flatjson", "markdown", "text")


def detect_format(path: str) -> str:
    """One of :data:`FORMATS`. JSON flavours are told apart by their keys."""
    name = path.lower()
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        head = b""
    if head.startswith(b"%PDF") or name.endswith(".pdf"):
        return "pdf"
    if name.endswith((".tex", ".ltx")):
        return "latex"
    stripped = head.lstrip()
    if name.endswith(".xml") or stripped.startswith(b"<?xml") or stripped.startswith(b"<TEI"):
        return "tei"
    if name.endswith((".json", ".jsonl")) or stripped.startswith(b"{"):
        return _json_flavour(path)
    if name.endswith((".md", ".markdown")):
        return "markdown"
    if b"\\documentclass" in head or b"\\begin{document}" in head or b"\\section{" in head:
        return "latex"
    return "text"


def _json_flavour(path: str) -> str:
    import orjson

    try:
        with open(path, "rb") as fh:
            data = orjson.loads(fh.read())
    except (OSError, orjson.JSONDecodeError):
        return "flatjson"
    if isinstance(data, dict):
        keys = set(data)
        if "pdf_parse" in keys or "body_text" in keys or ("paper_id" in keys and "bib_entries" in keys):
            return "s2orc"
        if "metadata" in keys and isinstance(data.get("metadata"), dict) and "sections" in data["metadata"]:
            return "scienceparse"
        if "sections" in keys and isinstance(data.get("sections"), list) and data["sections"] and \
                isinstance(data["sections"][0], dict) and "heading" in data["sections"][0] and "text" in data["sections"][0] \
                and ("references" in keys or "referenceMentions" in keys or "emails" in keys or "year" in keys):
            return "scienceparse"
    return "flatjson"
