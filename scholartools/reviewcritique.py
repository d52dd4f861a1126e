"""The ReviewCritique LLM reviews rebuilt as texts, with their gold weakness spans.

The ReviewCritique LLM subset (``shared/external/aaar/ReviewCritique_LLM.segments.jsonl``, Du et
al., EMNLP 2024; Apache NON-AI licence: evaluation only, never training data) holds each review as
a list of expert-cut *segments* with topic labels, not as a text. :func:`review_records` rebuilds
the text (the rules are those of ``fixtures/claims/GUIDELINE.md`` §2) and records where each gold
weakness segment lies in it, so that a segmenter can be scored against the boundaries the data
already has, and :func:`scholartools.datasets.reviewcritique_papers` can hand the reviews to the
commands:

* a segment that is a heading of the review form ("Weaknesses:", "Strengths and Weaknesses:" …)
  goes on its own line; a segment that starts with a list marker ("1.", "-") or a short label and
  a colon ("Limited task coverage: …") starts a new line; any other segment continues the line;
* gold weakness **segments** are those under a weakness heading (up to the next heading) and, in a
  block that mixes strengths and weaknesses under one heading, those whose topic labels say
  weakness, concern, limitation or lack;
* gold weakness **items** join a marked segment with the unmarked segments that follow it in the
  same weakness block (a block without markers: one item per segment).
"""
from __future__ import annotations

import json
import re
from itertools import groupby
from pathlib import Path

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
