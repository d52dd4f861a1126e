"""Scoring a parser against gold: title exact match, abstract token-F1, heading P/R/F1.

The same functions score st-parse's records (tests/test_parse_gold.py) and pymupdf4llm's
Markdown (benchmarks/parse_speed.py), so the two are compared on equal terms:

* title: exact match after Unicode NFKC, case folding, and collapsing whitespace and
  punctuation (the gold writes PDF line breaks as spaces);
* abstract: bag-of-tokens F1 (lower-cased alphanumeric tokens, multiset overlap, as in SQuAD);
* headings: the numbering is stripped ("3.2", "IV.", "A.1"), the rest normalised like titles;
  a predicted heading counts when it matches a gold heading in order: the matched pairs are a
  longest common subsequence of the two normalised sequences, P = |LCS| / |pred|,
  R = |LCS| / |gold|.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from scholartools.text.sections import strip_number

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def normalise(text: str | None) -> str:
    """NFKC, case-folded, punctuation to spaces, whitespace collapsed."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_TOKEN.findall(text))


def normalise_heading(text: str | None) -> str:
    if not text:
        return ""
    _, rest = strip_number(unicodedata.normalize("NFKC", text))
    return normalise(rest)


def title_match(pred: str | None, gold: str | None) -> bool:
    return bool(gold) and normalise(pred) == normalise(gold)


def token_f1(pred: str | None, gold: str | None) -> float:
    """Multiset token F1 between two texts (0 when either is empty)."""
    p = Counter(normalise(pred).split())
    g = Counter(normalise(gold).split())
    common = sum((p & g).values())
    if not common:
        return 0.0
    prec = common / sum(p.values())
    rec = common / sum(g.values())
    return 2 * prec * rec / (prec + rec)


def lcs_length(a: list[str], b: list[str]) -> int:
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def heading_counts(pred: list[str], gold: list[str]) -> tuple[int, int, int]:
    """(matched, n_pred, n_gold) for order-aware heading matching after normalisation."""
    p = [h for h in (normalise_heading(x) for x in pred) if h]
    g = [h for h in (normalise_heading(x) for x in gold) if h]
    return lcs_length(p, g), len(p), len(g)


def prf(matched: int, n_pred: int, n_gold: int) -> dict:
    p = matched / n_pred if n_pred else 0.0
    r = matched / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": p, "recall": r, "f1": f}


def record_headings(record: dict) -> list[str]:
    """Headings of a paper record's body sections (abstract and references are separate fields)."""
    out = []
    for sec in record.get("sections") or []:
        if sec.get("type") in ("abstract", "references"):
            continue
        if sec.get("heading"):
            out.append(sec["heading"])
    return out


_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_MD_BOLD_LINE = re.compile(r"^\s*\*\*(.+?)\*\*\s*$")


def markdown_headings(md: str) -> list[str]:
    """Headings of a Markdown text: ``#`` lines (emphasis markers removed)."""
    out = []
    for line in md.splitlines():
        m = _MD_HEADING.match(line)
        if m:
            out.append(re.sub(r"[*_`]+", "", m.group(1)).strip())
    return out


def score_corpus(pairs) -> dict:
    """Aggregate scores over ``(gold_row, title, abstract, headings)`` tuples.

    Title and abstract are averaged over the documents whose gold has them; heading P/R/F1 are
    micro-averaged (matched pairs summed over documents) over documents with gold headings.
    """
    titles, abstracts = [], []
    m = n_p = n_g = 0
    per_doc = []
    for gold, title, abstract, headings in pairs:
        row = {"id": gold["id"]}
        if gold.get("title"):
            row["title"] = title_match(title, gold["title"])
            titles.append(row["title"])
        if gold.get("abstract"):
            row["abstract_f1"] = token_f1(abstract, gold["abstract"])
            abstracts.append(row["abstract_f1"])
        if gold.get("headings"):
            c = heading_counts(headings, gold["headings"])
            row["headings"] = prf(*c)
            m, n_p, n_g = m + c[0], n_p + c[1], n_g + c[2]
        per_doc.append(row)
    return {
        "title_exact": sum(titles) / len(titles) if titles else None,
        "n_titles": len(titles),
        "abstract_f1": sum(abstracts) / len(abstracts) if abstracts else None,
        "n_abstracts": len(abstracts),
        "headings": prf(m, n_p, n_g),
        "n_heading_docs": sum(1 for r in per_doc if "headings" in r),
        "per_doc": per_doc,
    }
