"""Evaluation helpers of st-claims: the ReviewCritique LLM reviews as review records with their
gold weakness spans, and the ranking measures of weakness → claim association.

The ReviewCritique LLM subset (``shared/external/aaar/ReviewCritique_LLM.segments.jsonl``, Du et
al., EMNLP 2024; Apache NON-AI licence: evaluation only, never training data) holds each review as
a list of expert-cut *segments* with topic labels, not as a text. :func:`review_records` rebuilds
the text (the rules are those of ``fixtures/claims/GUIDELINE.md`` §2) and records where each gold
weakness segment lies in it, so that a segmenter can be scored against the boundaries the data
already has:

* a segment that is a heading of the review form ("Weaknesses:", "Strengths and Weaknesses:" …)
  goes on its own line; a segment that starts with a list marker ("1.", "-") or a short label and
  a colon ("Limited task coverage: …") starts a new line; any other segment continues the line;
* gold weakness **segments** are those under a weakness heading (up to the next heading) and, in a
  block that mixes strengths and weaknesses under one heading, those whose topic labels say
  weakness, concern, limitation or lack;
* gold weakness **items** join a marked segment with the unmarked segments that follow it in the
  same weakness block (a block without markers: one item per segment).

Claim gold on real PDFs (issue 37): :data:`PDF_PAPERS` names eight papers of
``shared/external/pdfs`` annotated in ``fixtures/claims/annotations/pdf`` as sentence references
with a hash (no text); :func:`gold_units` cuts an st-parse record into the annotation units,
:func:`resolve_refs` turns annotation lines back into sentences (failing loudly when the parser's
output moved), and :func:`claim_part` / :func:`by_part` sort claims into the parts the benchmark
reports (abstract, introduction, body, conclusion, captions).

Ranking measures (:func:`ranking_scores`): Hit@k = share of grounded weaknesses whose top k
candidates contain a gold target; MRR = mean of 1 / rank of the first gold target (0 when absent
from the ranking). The spec's third-party BM25 figures on the real CLAIMCHECK data (Hit@1 .181,
Hit@3 .361, MRR .314) are computed the same way.
"""
from __future__ import annotations

import json
import re
from itertools import groupby
from pathlib import Path
from typing import Iterable

#: headings of the ICLR review form as the LLM reviews write them
FORM_HEADING = re.compile(
    r"^(summary of the (paper|review)|strengths and weaknesses|strengths|weaknesses|"
    r"clarity, quality, novel\w*,? and reproducibility|additional (comments|feedback|questions[\w ]*))\s*:?$",
    re.I)
_TOPIC_HEADING = re.compile(r"^\s*section\s*(title|ttile|heading)", re.I)
#: a segment that starts a new line: a list marker, or a short label followed by a colon
ITEM_START = re.compile(r"^(?:\d{1,2}[.)]|\(\d{1,2}\)|[-*\u2022])|^[A-Z][^.:!?\n]{0,60}:\s")
_WEAK_TOPIC = re.compile(r"weak|concern|limitation|\black", re.I)


def _is_heading(seg: dict) -> bool:
    text = seg["segment_text"].strip()
    if FORM_HEADING.match(text):
        return True
    labels = [seg.get("topic_class_1") or "", seg.get("topic_class_2") or ""]
    return any(_TOPIC_HEADING.match(x) for x in labels) and len(text.split()) <= 6 and text.endswith(":")


def _heading_kind(text: str) -> str:
    low = text.lower()
    if "weakness" in low and "strength" in low:
        return "mixed"
    if "weakness" in low:
        return "weaknesses"
    return "other"


def rebuild_review(segments: list[dict]) -> dict:
    """A review text from its segments, with gold weakness spans.

    Returns ``{"text", "segments": [{start, end, heading, weakness, item}], "weakness_segments":
    [{text, start, end}], "weakness_items": [{text, start, end, segments}]}``.
    """
    parts: list[str] = []
    spans = []
    pos = 0
    kind = "other"
    line_open = False
    for seg in segments:
        text = " ".join(seg["segment_text"].split())
        if not text:
            continue
        heading = _is_heading(seg)
        if heading:
            sep = "\n\n" if parts else ""
            line_open = False
            kind = _heading_kind(text)
        elif not line_open or ITEM_START.match(text):
            sep = "\n" if parts else ""
            line_open = True
        else:
            sep = " "
        parts.append(sep)
        pos += len(sep)
        start = pos
        parts.append(text)
        pos += len(text)
        weak = False
        if not heading:
            if kind == "weaknesses":
                weak = True
            elif kind == "mixed":
                labels = " ".join(x for x in (seg.get("topic_class_1"), seg.get("topic_class_2")) if x)
                weak = bool(_WEAK_TOPIC.search(labels))
        spans.append({"start": start, "end": pos, "heading": heading, "weakness": weak,
                      "marked": bool(ITEM_START.match(text)) and not heading, "block_kind": kind})
    full = "".join(parts)
    weak_segments = [{"text": full[s["start"]:s["end"]], "start": s["start"], "end": s["end"]}
                     for s in spans if s["weakness"]]
    return {"text": full, "segments": spans, "weakness_segments": weak_segments,
            "weakness_items": _items(full, spans)}


def _items(text: str, spans: list[dict]) -> list[dict]:
    """Weakness items: runs of weakness segments of one block, split at marked segments."""
    items: list[list[dict]] = []
    blocks: list[list[dict]] = []
    cur: list[dict] = []
    for s in spans:
        if s["heading"]:
            if cur:
                blocks.append(cur)
            cur = []
            continue
        if s["weakness"]:
            cur.append(s)
        elif cur:   # a non-weakness segment ends a run (mixed blocks)
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    for block in blocks:
        if not any(s["marked"] for s in block):
            items.extend([s] for s in block)
            continue
        for s in block:
            if s["marked"] or not items or items[-1][0] not in block:
                items.append([s])
            else:
                items[-1].append(s)
    return [{"text": text[it[0]["start"]:it[-1]["end"]], "start": it[0]["start"], "end": it[-1]["end"],
             "segments": len(it)} for it in items]


def review_records(path: str | Path) -> list[dict]:
    """One record per (paper, review model) of ``ReviewCritique_LLM.segments.jsonl``:
    ``{id, paper_idx, title, review_model, review, gold_weakness_segments, gold_weakness_items}``."""
    rows = [json.loads(line) for line in Path(path).open(encoding="utf-8") if line.strip()]
    out = []
    for (paper, model), segs in groupby(rows, key=lambda r: (r["paper_idx"], r["review_model"])):
        segs = sorted(segs, key=lambda r: r["segment_id"])
        rebuilt = rebuild_review(segs)
        out.append({"id": f"rc{paper:02d}:{model}", "paper_idx": paper, "title": segs[0]["title"],
                    "review_model": model, "review": rebuilt["text"],
                    "gold_weakness_segments": rebuilt["weakness_segments"],
                    "gold_weakness_items": rebuilt["weakness_items"]})
    return out


def ranking_scores(rankings: Iterable[tuple[list[str], set[str]]], ks: tuple[int, ...] = (1, 3, 5)) -> dict:
    """Hit@k and MRR over ``(ranked candidate ids, gold target ids)`` pairs with non-empty gold."""
    n = 0
    hits = {k: 0 for k in ks}
    rr = 0.0
    for ranked, gold in rankings:
        if not gold:
            continue
        n += 1
        first = next((i for i, c in enumerate(ranked, 1) if c in gold), None)
        if first is not None:
            rr += 1.0 / first
            for k in ks:
                hits[k] += first <= k
    out = {"n": n, "mrr": rr / n if n else None}
    out.update({f"hit@{k}": hits[k] / n if n else None for k in ks})
    return out


# --------------------------------------------------------------------------- claim gold on real PDFs

#: the real PDFs of ``shared/external/pdfs`` annotated with claims (``fixtures/claims/annotations/pdf``,
#: ``fixtures/claims/GUIDELINE.md`` §1b): id → (PDF path under ``external/pdfs``, part). The parts
#: were fixed before annotating: ``dev`` papers are read while writing cues; ``test`` papers are
#: looked at only to report.
PDF_PAPERS = {
    "specter": ("s2orc-doc2json/2020.acl-main.207.pdf", "dev"),
    "s2graph": ("s2orc-doc2json/N18-3011.pdf", "dev"),
    "dinu14": ("science-parse/P14-1059.pdf", "dev"),
    "ge05": ("science-parse/mooney05.pdf", "dev"),
    "bohnet09": ("science-parse/bohnet09.pdf", "dev"),
    "simianer12": ("science-parse/dyer12.pdf", "dev"),
    "fader11": ("science-parse/fader11.pdf", "test"),
    "lehr13": ("science-parse/roark13.pdf", "test"),
}
#: the parts a claim is reported by (CLAIMCHECK's claims recur in all of them)
SECTION_PARTS = ("abstract", "introduction", "body", "conclusion", "captions")
_SKIP_GOLD = ("references", "acknowledgments", "appendix")


def gold_units(rec: dict) -> list[dict]:
    """The annotation units of an st-parse paper record, in document order: every sentence (the
    shared splitter) of the abstract (ref ``A.k``), of each section up to the first references,
    acknowledgments or appendix section (``S.k``, S the section index) and of each figure or table
    caption (``FJ.k``, J the index in ``figures``). A unit is ``{ref, text, part, section,
    section_index, figure_index, start, end}``; ``text`` is ``source[start:end]``."""
    from scholartools.claims.extract import section_kind
    from scholartools.text.sentences import split_spans

    out = []

    def add(ref_prefix, text, part, section, si=None, fi=None):
        for k, (a, b) in enumerate(split_spans(text)):
            out.append({"ref": f"{ref_prefix}.{k}", "text": text[a:b], "part": part, "section": section,
                        "section_index": si, "figure_index": fi, "start": a, "end": b})

    add("A", rec.get("abstract") or "", "abstract", "abstract")
    for i, sec in enumerate(rec.get("sections") or []):
        if sec.get("type") in _SKIP_GOLD:
            break
        add(str(i), sec.get("text") or "", part_of_kind(section_kind(sec, first=(i == 0 and not rec.get("abstract")))),
            sec.get("heading"), si=i)
    for j, fig in enumerate(rec.get("figures") or []):
        add(f"F{j}", fig.get("caption") or "", "captions", "caption", fi=j)
    return out


def part_of_kind(kind: str) -> str:
    """The reporting part of a section kind: abstract, introduction, conclusion or body."""
    return kind if kind in ("abstract", "introduction", "conclusion") else "body"


def unit_hash(text: str) -> str:
    """The check stored beside a ref: 8 hex digits of the sha1 of the whitespace-collapsed text
    (the PDFs' licences let us keep no text of theirs)."""
    import hashlib

    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:8]


def resolve_refs(rec: dict, lines: list[str]) -> list[dict]:
    """The units named by annotation lines ``REF HASH`` (``#`` comments and blank lines skipped);
    a ref that is missing or whose text no longer has its hash (the parser changed) is an error."""
    units = {u["ref"]: u for u in gold_units(rec)}
    out = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        ref, want = line.split()
        u = units.get(ref)
        if u is None or unit_hash(u["text"]) != want:
            raise ValueError(f"{rec.get('id')}: unit {ref} is not the annotated sentence (st-parse output changed?)")
        out.append(u)
    return out


def claim_part(rec: dict, claim: dict) -> str:
    """The reporting part of an extracted claim (``SECTION_PARTS``)."""
    from scholartools.claims.extract import section_kind

    if claim.get("figure_index") is not None:
        return "captions"
    if claim.get("section") == "abstract" and claim.get("section_index") is None:
        return "abstract"
    i = claim.get("section_index")
    secs = rec.get("sections") or []
    if i is None or not 0 <= i < len(secs):
        return "body"
    return part_of_kind(section_kind(secs[i], first=(i == 0 and not rec.get("abstract"))))


def by_part(items: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """``(part, text)`` pairs grouped by part, every part of ``SECTION_PARTS`` present."""
    out: dict[str, list[str]] = {p: [] for p in SECTION_PARTS}
    for part, text in items:
        out[part].append(text)
    return out
