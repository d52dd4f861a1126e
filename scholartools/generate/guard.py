"""The target never leaks (BAGELS §5.1): what a limitations generator must not see is removed from
every text that goes into any of its prompts, here and only here.

The target of a paper is :func:`scholartools.limitations.rules.target_texts`: its explicit
limitations sections, the implicit limitation spans the rules find, and its reviews. A
:class:`TargetGuard` splits those texts into sentences and removes them from a text wherever
they occur — so a target sentence repeated in the abstract, a chunk of the same paper in a RAG
corpus, or a model reply that quotes one is cleaned as well.

Matching is on normalised words, not on characters: a text and the target are split into word
tokens (runs of word characters, so any Unicode dash, space or line break between words is a separator, and
punctuation never matters), each NFKC-normalised and case-folded.  A target sentence of
:data:`NGRAM` words or more is caught by any run of :data:`NGRAM` consecutive words it contains
(so an upper-cased copy, a copy with a U+2011 hyphen, a copy with a clause appended, or a quote
of it without its first words are all removed: every word of the text covered by such a run
goes, with the punctuation right after it); a shorter one (at least :data:`MIN_WORDS` words) by
its whole word sequence.  Sentences of fewer than :data:`MIN_WORDS` words ("Table 3.", "5.")
carry no limitation and are not removed.  Removal repeats until nothing matches (a removal may
join two halves of a target).  Linear in the text: one hash look-up per word and window length.

    >>> g = TargetGuard.from_texts(["Our data covers English only. We did not test other languages."])
    >>> g.clean("We propose X.  OUR DATA covers\nEnglish only. It works.")
    'We propose X. It works.'
"""
from __future__ import annotations

import re
import unicodedata

from scholartools.text.sentences import split_sentences

__all__ = ["TargetGuard", "MIN_WORDS", "NGRAM"]

#: target sentences shorter than this (in words) are not removed
MIN_WORDS = 3
#: a run of this many consecutive words of a target sentence is a leak (sub-sentence overlap)
NGRAM = 8
_WORD = re.compile(r"\w+")
_TRAILING = re.compile(r"[^\w\s]*")
_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+\n")


def _norm(word: str) -> str:
    return unicodedata.normalize("NFKC", word).casefold()


def words(text: str) -> list[str]:
    """The normalised word tokens of ``text`` (what the guard compares)."""
    return [_norm(w) for w in _WORD.findall(text or "")]


class TargetGuard:
    """Removes a paper's target sentences from texts (see the module docstring)."""

    def __init__(self, sentences: list[str]):
        seen = {}
        for s in sentences:
            if len(s.split()) >= MIN_WORDS and len(words(s)) >= MIN_WORDS:
                seen.setdefault(" ".join(s.split()), words(s))
        #: the distinct target sentences (whitespace-normalised), longest first
        self.sentences = sorted(seen, key=len, reverse=True)
        self._grams: set[tuple[str, ...]] = set()
        self._whole: set[tuple[str, ...]] = set()
        for toks in seen.values():
            if len(toks) >= NGRAM:
                self._grams.update(tuple(toks[i:i + NGRAM]) for i in range(len(toks) - NGRAM + 1))
            else:
                self._whole.add(tuple(toks))
        self._lengths = sorted({len(t) for t in self._whole} | ({NGRAM} if self._grams else set()))
        #: target sentences removed so far (runs of covered words)
        self.removed = 0

    @classmethod
    def from_texts(cls, texts: list[str]) -> "TargetGuard":
        sentences: list[str] = []
        for t in texts:   # sentences of the whole text and of each paragraph: either way of splitting is caught
            sentences.extend(split_sentences(t or ""))
            for para in re.split(r"\n\s*\n", t or ""):
                sentences.extend(split_sentences(para))
        return cls(sentences)

    @classmethod
    def for_paper(cls, paper: dict) -> "TargetGuard":
        """The guard of ``paper`` (its :func:`~scholartools.limitations.rules.target_texts`)."""
        from scholartools.limitations.rules import target_texts

        return cls.from_texts(target_texts(paper))

    def _spans(self, text: str) -> list[tuple[int, int]]:
        """Character spans of ``text`` to remove: maximal runs of covered words, each with the
        punctuation right after its last word."""
        found = [(m.start(), m.end(), _norm(m.group())) for m in _WORD.finditer(text)]
        toks = [t[2] for t in found]
        covered = bytearray(len(toks))
        for n in self._lengths:
            for i in range(len(toks) - n + 1):
                window = tuple(toks[i:i + n])
                if (n == NGRAM and window in self._grams) or window in self._whole:
                    covered[i:i + n] = b"\x01" * n
        spans = []
        i = 0
        while i < len(toks):
            if not covered[i]:
                i += 1
                continue
            j = i
            while j + 1 < len(toks) and covered[j + 1]:
                j += 1
            end = found[j][1]
            end = _TRAILING.match(text, end).end()
            spans.append((found[i][0], end))
            i = j + 1
        return spans

    def clean(self, text: str, count: bool = True) -> str:
        """``text`` without any target sentence (repeated until none is left); ``count=False``
        leaves :attr:`removed` alone (a text looked at, not sent)."""
        if not text or not self._lengths:
            return text
        removed = 0
        while True:
            spans = self._spans(text)
            if not spans:
                break
            removed += len(spans)
            parts, last = [], 0
            for a, b in spans:
                parts.append(text[last:a])
                last = b
            parts.append(text[last:])
            text = "".join(parts)
        if count:
            self.removed += removed
        if removed:
            text = _SPACE_BEFORE_PUNCT.sub("\n", _SPACES.sub(" ", text))
            text = re.sub(r"\n{3,}", "\n\n", text).strip()
        return text

    def clean_fields(self, fields: dict) -> dict:
        """Every string value of ``fields`` cleaned (what a prompt template will receive)."""
        return {k: self.clean(v) if isinstance(v, str) else v for k, v in fields.items()}
