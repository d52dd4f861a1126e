"""Input format detection from the file name and its first bytes."""

from __future__ import annotations

FORMATS = ("pdf", "latex", "tei", "s2orc", "scienceparse", "flatjson", "markdown", "text")

#: magic numbers of common binary files that are not papers (figures, archives, office files)
BINARY_MAGIC = {
    b"\x89PNG\r\n\x1a\n": "a PNG image", b"\xff\xd8\xff": "a JPEG image", b"GIF8": "a GIF image",
    b"II*\x00": "a TIFF image", b"MM\x00*": "a TIFF image", b"PK\x03\x04": "a ZIP archive (or DOCX/EPUB)",
    b"\x1f\x8b": "a gzip file", b"BZh": "a bzip2 file", b"\xfd7zXZ\x00": "an xz file", b"7z\xbc\xaf": "a 7z archive",
    b"\xd0\xcf\x11\xe0": "an old Office file", b"\x7fELF": "an executable", b"RIFF": "a RIFF media file",
    b"%!PS": "a PostScript file", b"SQLite format 3\x00": "an SQLite database",
}


def binary_kind(head: bytes) -> str | None:
    """What a file whose first bytes are ``head`` is, when it is binary and not a PDF; else None.

    Known magic numbers name the kind; otherwise a NUL byte or a high share of bytes that are
    neither printable ASCII, whitespace nor valid UTF-8 mark a binary file, unless they read as
    text in an encoding papers were written in before UTF-8 (:func:`encoding.guess`: Shift_JIS,
    EUC-JP, GBK, a declared Latin-1).
    """
    for magic, kind in BINARY_MAGIC.items():
        if head.startswith(magic):
            return kind
    if not head or head.startswith((b"%PDF", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return None
    if b"\x00" in head:
        return "a binary file"
    text = head.decode("utf-8", "replace")
    bad = text.count("\ufffd") + sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f\v")
    if bad <= 0.1 * len(text):
        return None
    from scholartools.parsing.encoding import guess

    return None if guess(head, partial=True) else "a binary file"


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
