"""Facet decomposition: split a text into sentences and group them into background / method /
result / conclusion with the sentence-role model (see :mod:`scholartools.facets.roles`).

The output shape is the one st-facets writes under ``facets.reference`` / ``facets.candidate``::

    {"labels": [facet or "other", one per sentence], "sentences": [...],
     "background": "joined text", "method": "...", "result": "...", "conclusion": "..."}
"""
from __future__ import annotations

from scholartools.facets.roles import FACETS, heading, predict_roles
from scholartools.text.sentences import split_sentences


def facets_from_labels(sentences: list[str], labels: list[str]) -> dict:
    """The facet record for labelled sentences (heading words are stripped from the joined text)."""
    out: dict = {"labels": list(labels), "sentences": list(sentences)}
    for f in FACETS:
        parts = []
        for s, lab in zip(sentences, labels):
            if lab == f:
                parts.append(heading(s)[1] or s)
        out[f] = " ".join(parts)
    return out


def decompose(text: str | None = None, sentences: list[str] | None = None, embeddings=None,
              model=None) -> dict:
    """Decompose ``text`` (or already split ``sentences``) into facets."""
    if sentences is None:
        sentences = split_sentences(text or "")
    sentences = [s for s in (str(x).strip() for x in sentences) if s]
    labels = predict_roles(sentences, embeddings, model=model) if sentences else []
    return facets_from_labels(sentences, labels)


def facets_from_spans(spans: dict) -> dict:
    """A facet record from facet → text spans (the LLM method, or stored extractions).

    The sentences are those of each span, labelled with the span's facet, in facet order.
    """
    sentences, labels = [], []
    for f in FACETS:
        for s in split_sentences(spans.get(f) or ""):
            sentences.append(s)
            labels.append(f)
    out: dict = {"labels": labels, "sentences": sentences}
    for f in FACETS:
        out[f] = " ".join(split_sentences(spans.get(f) or ""))
    return out
