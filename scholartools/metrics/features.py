"""Simple text features used as baselines (length beats most LLM judges on PaperRQ, seed-rq §4.4)."""

from __future__ import annotations


def length(text: str) -> dict:
    """Length of ``text`` in characters, whitespace-separated words and sentences.

    ``chars = len(text)`` (raw), ``words = len(text.split())``, ``sentences`` from
    :func:`scholartools.text.sentences.split_sentences`. An empty text is 0/0/0.
    """
    from scholartools.text.sentences import split_sentences

    return {"chars": len(text), "words": len(text.split()),
            "sentences": len(split_sentences(text)) if text.strip() else 0}
