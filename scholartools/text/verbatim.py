"""Check that a span an LLM says it copied is really verbatim from its source.

Extraction prompts (st-facets, st-extract-limits, st-claims) ask the model to *copy* spans. Models
still paraphrase, fix typos, drop the space in "patients ." or join two distant sentences into one
value. This module decides, for each extracted span, whether it occurs in the source and where.

Comparison is on a normalised form of both texts, so that only differences that do not change the
words are forgiven: Unicode compatibility forms (NFKC), curly vs straight quotes, dash variants,
generation artefacts (``<s>``, ``<pad>``) and **all whitespace** are ignored; case is ignored only
with ``ignore_case=True``. A span made of several pieces (sentences, or fragments joined by "..."),
each verbatim somewhere in the source, counts as verbatim: ``pieces`` says where each was found.

    >>> r = check("the patients improved.", "In short , the patients improved . End")
    >>> r.verbatim, r.pieces[0].start
    (True, 11)
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

__all__ = ["normalise", "find", "check", "is_verbatim", "VerbatimResult", "Piece"]

_TRANSLATE = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ",
})
_ARTEFACT = re.compile(r"</?s>|<pad>|<unk>", re.I)
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|\u2026|\[\.\.\.\])\s*")


def _norm_with_map(text: str, ignore_case: bool) -> tuple[str, list[int]]:
    """Normalised text and, for each of its characters, the index of the source character."""
    text = _ARTEFACT.sub(lambda m: " " * len(m.group(0)), text)
    out: list[str] = []
    idx: list[int] = []
    for i, ch in enumerate(text):
        n = unicodedata.normalize("NFKC", ch).translate(_TRANSLATE)
        if ignore_case:
            n = n.lower()
        for c in n:
            if c.isspace():
                continue
            out.append(c)
            idx.append(i)
    return "".join(out), idx


def normalise(text: str, ignore_case: bool = False) -> str:
    """The comparison form of ``text`` (no whitespace, unified quotes/dashes, NFKC)."""
    return _norm_with_map(text, ignore_case)[0]


@dataclass
class Piece:
    text: str
    start: int | None  # character offsets in the source, None when not found
    end: int | None

    @property
    def found(self) -> bool:
        return self.start is not None


@dataclass
class VerbatimResult:
    verbatim: bool  # every piece was found
    coverage: float  # fraction of the span's (normalised) characters found verbatim
    pieces: list[Piece] = field(default_factory=list)


class _Source:
    def __init__(self, source: str, ignore_case: bool):
        self.norm, self.map = _norm_with_map(source, ignore_case)
        self.ignore_case = ignore_case

    def find(self, span: str) -> tuple[int, int] | None:
        key = normalise(span, self.ignore_case)
        if not key:
            return None
        at = self.norm.find(key)
        if at < 0:
            return None
        return self.map[at], self.map[at + len(key) - 1] + 1


def find(span: str, source: str, ignore_case: bool = False) -> tuple[int, int] | None:
    """Offsets ``(start, end)`` of ``span`` in ``source`` under normalisation, or None."""
    return _Source(source, ignore_case).find(span)


def _pieces(span: str) -> list[str]:
    from scholartools.text.sentences import split_sentences

    out = []
    for part in _ELLIPSIS.split(span):
        out.extend(split_sentences(part) or ([part] if part.strip() else []))
    return out


def check(span: str, source: str, ignore_case: bool = False) -> VerbatimResult:
    """Is ``span`` verbatim from ``source``? Tries the whole span, then its sentences/pieces.

    An empty span is trivially verbatim (coverage 1.0, no pieces).
    """
    if not (span or "").strip():
        return VerbatimResult(True, 1.0, [])
    src = _Source(source or "", ignore_case)
    whole = src.find(span)
    if whole is not None:
        return VerbatimResult(True, 1.0, [Piece(span, *whole)])
    pieces = []
    total = found = 0
    for p in _pieces(span):
        loc = src.find(p)
        # a sentence may end with a period the source lacks (or the reverse)
        if loc is None and p.rstrip().endswith("."):
            loc = src.find(p.rstrip()[:-1])
        n = len(normalise(p, ignore_case))
        total += n
        if loc is not None:
            found += n
            pieces.append(Piece(p, *loc))
        else:
            pieces.append(Piece(p, None, None))
    cov = found / total if total else 0.0
    return VerbatimResult(bool(pieces) and all(p.found for p in pieces), cov, pieces)


def is_verbatim(span: str, source: str, ignore_case: bool = False) -> bool:
    """True when every piece of ``span`` occurs in ``source`` (see :func:`check`)."""
    return check(span, source, ignore_case).verbatim
