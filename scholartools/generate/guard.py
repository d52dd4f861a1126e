"""The target never leaks (BAGELS §5.1): what a limitations generator must not see is removed from
every text that goes into any of its prompts, here and only here.

The target of a paper is :func:`scholartools.limitations.rules.target_texts`: its explicit
limitations sections, the implicit limitation spans the rules find, and its reviews. A
:class:`TargetGuard` splits those texts into sentences and removes every occurrence of each
sentence (whitespace-insensitive) from a text, until none is left — so a target sentence repeated
in the abstract, a chunk of the same paper in a RAG corpus, or a model reply that quotes one is
cleaned as well. Sentences of fewer than :data:`MIN_WORDS` words ("Table 3.", "5.") carry no
limitation and are not removed, so that they cannot garble unrelated text.

    >>> g = TargetGuard.from_texts(["Our data covers English only. We did not test other languages."])
    >>> g.clean("We propose X.  Our data covers\\nEnglish only. It works.")
    'We propose X. It works.'
"""
from __future__ import annotations

import re

from scholartools.text.sentences import split_sentences

__all__ = ["TargetGuard", "MIN_WORDS"]

#: target sentences shorter than this (in words) are not removed
MIN_WORDS = 3
_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCT = re.compile(r"[ \t]+\n")


class TargetGuard:
    """Removes a paper's target sentences from texts (see the module docstring)."""

    def __init__(self, sentences: list[str]):
        seen = {}
        for s in sentences:
            words = s.split()
            if len(words) >= MIN_WORDS:
                seen.setdefault(" ".join(words), words)
        #: the distinct target sentences (whitespace-normalised), longest first
        self.sentences = sorted(seen, key=len, reverse=True)
        self._pattern = None
        if self.sentences:
            # each word escaped, any whitespace between words: linear matching, no nested quantifiers
            alts = [r"\s+".join(re.escape(w) for w in seen[s]) for s in self.sentences]
            self._pattern = re.compile("|".join(alts))
        #: target sentences removed so far (occurrences)
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

    def clean(self, text: str, count: bool = True) -> str:
        """``text`` without any target sentence (repeated until none is left); ``count=False``
        leaves :attr:`removed` alone (a text looked at, not sent)."""
        if not text or self._pattern is None:
            return text
        removed = 0
        while True:
            new, n = self._pattern.subn("", text)
            if not n:
                break
            removed += n
            text = new
        if count:
            self.removed += removed
        if removed:
            text = _SPACE_BEFORE_PUNCT.sub("\n", _SPACES.sub(" ", text))
            text = re.sub(r"\n{3,}", "\n\n", text).strip()
        return text

    def clean_fields(self, fields: dict) -> dict:
        """Every string value of ``fields`` cleaned (what a prompt template will receive)."""
        return {k: self.clean(v) if isinstance(v, str) else v for k, v in fields.items()}
