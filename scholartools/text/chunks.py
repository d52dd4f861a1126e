"""Splitting long texts into chunks for retrieval (BAGELS §5.5).

:func:`split_chunks` follows what the BAGELS code does with LangChain's
``CharacterTextSplitter(chunk_size=512, chunk_overlap=32)``: split on blank lines (paragraphs),
pack paragraphs into chunks of at most ``size`` characters, carry up to ``overlap`` characters of
trailing paragraphs into the next chunk, and keep a paragraph longer than ``size`` as one
oversized chunk (as LangChain does; ``hard=True`` cuts it at word boundaries instead).

    >>> split_chunks("a" * 10 + "\\n\\n" + "b" * 10, size=15, overlap=0)
    ['aaaaaaaaaa', 'bbbbbbbbbb']
"""
from __future__ import annotations

import re

__all__ = ["split_chunks", "CHUNK_SIZE", "CHUNK_OVERLAP"]

#: the BAGELS code's chunk size and overlap, in characters
CHUNK_SIZE = 512
CHUNK_OVERLAP = 32
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def _cut_words(text: str, size: int) -> list[str]:
    out, cur = [], ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > size:
            out.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        out.append(cur)
    return out


def split_chunks(text: str, size: int = CHUNK_SIZE, overlap: int = CHUNK_OVERLAP, hard: bool = False) -> list[str]:
    """``text`` as chunks of at most ``size`` characters (see the module docstring)."""
    if size < 1 or overlap < 0 or overlap >= size:
        raise ValueError("need size >= 1 and 0 <= overlap < size")
    pieces = [p.strip() for p in _PARAGRAPH_BREAK.split(text or "") if p.strip()]
    if hard:
        pieces = [c for p in pieces for c in (_cut_words(p, size) if len(p) > size else [p])]
    chunks: list[str] = []
    window: list[str] = []
    length = 0
    sep = 2   # "\n\n" between paragraphs
    for piece in pieces:
        extra = len(piece) + (sep if window else 0)
        if window and length + extra > size:
            chunks.append("\n\n".join(window))
            # keep trailing paragraphs, up to `overlap` characters, as the next chunk's start
            while window and (length > overlap or length + len(piece) + sep > size):
                length -= len(window[0]) + (sep if len(window) > 1 else 0)
                window.pop(0)
        window.append(piece)
        length = sum(len(w) for w in window) + sep * (len(window) - 1)
    if window:
        chunks.append("\n\n".join(window))
    return chunks
