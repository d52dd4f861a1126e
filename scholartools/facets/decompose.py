"""Facet decomposition: split a text into sentences and group them into background / method /
result / conclusion with the sentence-role model (see :mod:`scholartools.facets.roles`).

The output shape is the one st-facets writes under ``facets.reference`` / ``facets.candidate``::

    {"labels": [facet or "other", one per sentence], "sentences": [...],
     "background": "joined text", "method": "...", "result": "...", "conclusion": "..."}
"""
from __future__ import annotations

import re

from scholartools.facets.roles import heading, predict_roles
from scholartools.text.sentences import clean, split_sentences
from scholartools.vocabulary import FACETS, GLUED_COLON_HEADINGS, GLUED_WORD_HEADINGS

# a structured-abstract heading glued to the previous sentence: "... groups.results: there was ..."
_GLUED_HEADING = re.compile(r"(?<=\S)[.;]\s*+(?=(?:" + "|".join(GLUED_COLON_HEADINGS) + r")\s*:)", re.I)
_WORD = re.compile(r"[^\W_]")
# Summarisation models trained on PubMed write structured-abstract headings glued to the next word,
# with no space or colon: "backgroundpsychosocial stress ...", "... risk.methodsa total of ...",
# "... capacity.conclusionlow stress ...", "abstractbackgroundcoronary ...". A heading word at the
# start of the text or right after a period, directly followed by a letter, is split off as
# "heading: ". Longest heading first ("conclusions" before "conclusion"); the rest must not be a
# mere suffix of an ordinary word ("methodsa" splits, "methodology" / "designed" / "aims" do not).
_GLUED_ALT = "|".join(GLUED_WORD_HEADINGS)
_GLUED_START = re.compile(r"(^|[.;:!?]\s?)((?:" + _GLUED_ALT + r")(?:\s?(?:" + _GLUED_ALT + r"))*)(?=[a-z])")
_SUFFIXES = ("s", "es", "ed", "ing", "ly", "al", "ally", "ology", "ological", "ic", "ist", "ists", "ive",
             "ively", "ness", "wise", "ful", "fully", "less", "ion", "ions", "ional", "ism", "ity", "ize",
             "ise", "ized", "ised", "er", "ers")


def _unglue(m: re.Match) -> str:
    rest = re.match(r"[a-z]+", m.string[m.end():]).group(0)
    if rest in _SUFFIXES:
        return m.group(0)
    # "abstract" names the whole text, not a facet: dropped
    return m.group(1) + " " + "".join(h + ": " for h in re.findall(_GLUED_ALT, m.group(2)) if h != "abstract")


def normalise_text(text: str) -> str:
    """Text ready for sentence splitting: generation artefacts removed (``<n>`` becomes a space,
    so "end.<n> next" splits), structured-abstract headings glued to the previous sentence
    ("groups.results: x") separated from it, and headings glued to the next word ("resultsthe")
    split off with a colon.

    >>> normalise_text("a b.<n> c d.results: e<pad>")
    'a b. c d. results: e'
    >>> normalise_text("<pad> backgroundstress is a risk.methodsa total of 9 men")
    'background: stress is a risk. methods: a total of 9 men'
    """
    return clean(_GLUED_START.sub(_unglue, _GLUED_HEADING.sub(". ", clean(text))))


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


def split_text(text: str | None = None, sentences: list[str] | None = None) -> list[str]:
    """The sentences :func:`decompose` labels: ``text`` normalised and split (or ``sentences``
    as given), without "sentences" that have no letter or digit (". . .", left by degenerate
    generations: they say nothing)."""
    if sentences is None:
        sentences = split_sentences(normalise_text(text or ""))
    return [s for s in (str(x).strip() for x in sentences) if _WORD.search(s)]


def decompose(text: str | None = None, sentences: list[str] | None = None, embeddings=None,
              model=None, embed=None, purpose: bool | None = None, abstract: bool = False) -> dict:
    """Decompose ``text`` (or already split ``sentences``) into facets. A role model that reads
    sentence embeddings gets ``embeddings`` (one row per sentence of :func:`split_text`), or
    ``embed(sentences)`` (a shared, caching encoder), or encodes them itself. ``purpose``: the
    abstract's first statement of purpose is background (:func:`roles.purpose_background`; None:
    as the model's metadata says, off in the shipped model). ``abstract``: ``text`` is an abstract
    (st-facets' reference side): the purpose rule and the model's abstract transition weight
    (:func:`roles.predict_roles`)."""
    sentences = split_text(text, sentences)
    if embeddings is None and embed is not None and sentences and _model(model).uses_embeddings:
        embeddings = embed(sentences)
    labels = predict_roles(sentences, embeddings, model=model, purpose=purpose, abstract=abstract) if sentences else []
    return facets_from_labels(sentences, labels)


def _model(model=None):
    from scholartools.facets.roles import active_model

    return model or active_model()


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


def facet_probabilities(record: dict, model=None, given: bool = False, embeddings=None, embed=None):
    """``(n, 4)`` soft facet membership of the record's sentences (columns: :data:`FACETS`).

    Each row is the role model's posterior for the sentence (forward-backward over the model's
    label transitions, at the model's transition weight), restricted to the four facets, so an
    ``other`` sentence belongs to none. A sentence whose label came from a rule rather than the
    classifier's best guess (a structured-abstract heading, a conclusion cue: the model has no
    trained conclusion class) is one-hot on its label. ``given=True`` (facets given by the user
    or an LLM): one-hot on the labels. ``embeddings`` / ``embed`` as for :func:`decompose`.
    """
    import numpy as np

    labels = record["labels"]
    n = len(labels)
    onehot = np.array([[float(lab == f) for f in FACETS] for lab in labels], dtype=float).reshape(n, 4)
    if given or not n:
        return onehot
    m = _model(model)
    if embeddings is None and embed is not None and m.uses_embeddings:
        embeddings = embed(record["sentences"])
    lp = m.log_probs(record["sentences"], embeddings)
    post = _posterior(lp, m.start, m.transitions, m.transition_weight)
    out = np.zeros((n, 4))
    for i, lab in enumerate(labels):
        best = m.labels[int(post[i].argmax())]
        if lab != best:
            out[i] = onehot[i]
        else:
            out[i] = [post[i, m.labels.index(f)] for f in FACETS]
    return out


def _posterior(log_probs, start, transitions, weight: float):
    """Per-position label posteriors of a linear-chain model (forward-backward in log space)."""
    import numpy as np
    from scipy.special import logsumexp

    n, k = log_probs.shape
    t = weight * transitions
    a = np.zeros((n, k))
    b = np.zeros((n, k))
    a[0] = log_probs[0] + weight * start
    for i in range(1, n):
        a[i] = log_probs[i] + logsumexp(a[i - 1][:, None] + t, axis=0)
    for i in range(n - 2, -1, -1):
        b[i] = logsumexp(t + (log_probs[i + 1] + b[i + 1])[None, :], axis=1)
    g = a + b
    g -= logsumexp(g, axis=1, keepdims=True)
    return np.exp(g)
