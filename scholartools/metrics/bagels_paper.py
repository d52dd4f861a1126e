"""BAGELS's per-paper keyword and heading scores (App. A.2 B and C; ``specs/seed-bagels.md`` §6.6).

The paper defines both **per paper over the whole lists**, not per matched pair as the authors'
notebook computes them (the pair versions are ``kw-jaccard`` / ``kw-cosine`` / ``bertscore`` on
the matched pairs):

* **keywords** — KeyBERT's top keywords of the ground-truth limitations of a paper, K_G, and of
  the generated ones, K_H (each list joined into one text); the Jaccard of the two keyword sets
  and their cosine (BAGELS's code: the bag-of-words cosine of the space-joined keywords);
  averaged over papers (``st-score --aggregate``'s mean).
* **headings** — T_G and T_H, the short headings of the limitations of each side, compared by
  BERTScore per paper, averaged over papers. A limitation's heading is its ``**bold**`` label
  (the authors' code: every ``\\*\\*(.*?)\\*\\*`` match, space-joined); a side without any is the
  empty string, which scores 0 as in their code, and the record says so.
"""

from __future__ import annotations

import re

_BOLD = re.compile(r"\*\*(.*?)\*\*", re.S)


def item_texts(items) -> list[str]:
    """A list of limitations as texts: strings, or objects with a ``text`` (``limitations.merged``)."""
    if isinstance(items, str):
        return [items]
    out = []
    for it in items or []:
        if isinstance(it, str):
            out.append(it)
        elif isinstance(it, dict) and isinstance(it.get("text"), str):
            out.append(it["text"])
        else:
            raise ValueError("needs a list of texts (or of objects with a 'text')")
    return out


def joined(items: list[str]) -> str:
    """One text of a whole list (one item a line), what KeyBERT reads for a paper."""
    return "\n".join(t.strip() for t in items if t.strip())


def headings(items: list[str]) -> str:
    """T of one side: the ``**bold**`` headings of every item, in order, space-joined."""
    return " ".join(m.strip() for t in items for m in _BOLD.findall(t) if m.strip())


def keyword_scores(gt_keywords: list[str], gen_keywords: list[str]) -> dict:
    """``{jaccard, cosine}`` of two keyword lists: set Jaccard; bag-of-words cosine of the joined words."""
    from scholartools.metrics.overlap import bow_cosine, set_jaccard

    return {"jaccard": set_jaccard(gt_keywords, gen_keywords),
            "cosine": bow_cosine(" ".join(gt_keywords), " ".join(gen_keywords))}


def paper_keywords(papers: list[tuple[list[str], list[str]]], top_n: int = 5,
                   model: str | None = None) -> list[dict]:
    """Per paper ``(gt items, generated items)`` → ``{jaccard, cosine, gt_keywords, gen_keywords}``,
    KeyBERT top-``top_n`` keywords of each whole list (one encode pass for all papers)."""
    from scholartools.metrics.embedding import keywords

    texts = [joined(g) for g, _ in papers] + [joined(h) for _, h in papers]
    kws = keywords(texts, top_n, model)
    n = len(papers)
    out = []
    for k in range(n):
        a, b = kws[k], kws[n + k]
        out.append({**keyword_scores(a, b), "gt_keywords": a, "gen_keywords": b})
    return out
