"""st-extract-limits on real data: the 2,896 LimTopic Limitations sections, the hand-annotated
point gold (fixtures/limitations), and the ReviewCritique reviews (evaluation only)."""
from __future__ import annotations

import json
import re
from functools import lru_cache

import pytest
from conftest import EXTERNAL, ROOT

from tools.limitations_evaluate import point_prf, token_f1
from scholartools.limitations.extract import ExtractOptions, extract
from scholartools.limitations.segment import SegmentOptions, segment_many

GOLD = ROOT / "fixtures" / "limitations" / "limtopic_points.jsonl"
_CHECKLIST_Q = re.compile(r"Did you|Have you|Do the abstract")


@lru_cache(maxsize=1)
def _limtopic() -> tuple:
    path = EXTERNAL / "bagels" / "limtopic_acl2023_limitation_sections.jsonl"
    return tuple(json.loads(line) for line in path.open(encoding="utf-8"))


@pytest.mark.needs_data("bagels")
def test_limtopic_pointer_rows_give_no_point_and_every_other_row_at_least_one():
    rows = _limtopic()
    assert len(rows) == 2896
    outs = list(extract(rows, ExtractOptions(from_field="text", segment=SegmentOptions(embeddings=False))))
    empty_rows = []
    for row, out in zip(rows, outs):
        pts = out["limitations"]["author"]
        assert all(p and p in row["text"] for p in pts)          # verbatim slices
        if row["is_empty"] or row["is_pointer_or_short"]:
            assert pts == [], (row["id"], pts)                   # 406 empty / pointer / short rows
        elif not pts:
            empty_rows.append(row)
    # rows the dataset does not flag, yet that are checklist answers (A1's answer running into
    # question A2) or say only where the limitations are ("The Limitation section after conclusion")
    checklist = [r for r in empty_rows if _CHECKLIST_Q.search(r["text"])]
    place = [r for r in empty_rows if not _CHECKLIST_Q.search(r["text"])]
    assert len(checklist) == 157 and len(place) == 13
    assert all(len(r["text"]) < 130 and re.search(r"section|conclusion", r["text"], re.I) for r in place)


def _gold(split: str) -> list[dict]:
    return [r for r in (json.loads(line) for line in GOLD.open(encoding="utf-8")) if r["split"] == split]


def test_gold_fixture_is_verbatim_and_split():
    dev, test = _gold("dev"), _gold("test")
    assert (len(dev), len(test)) == (40, 40) and not {r["id"] for r in dev} & {r["id"] for r in test}
    for r in dev + test:
        assert r["points"] and [r["text"][s:e] for s, e in r["offsets"]] == r["points"]
        assert all(a[1] <= b[0] for a, b in zip(r["offsets"], r["offsets"][1:]))   # ordered, no overlap


@pytest.mark.parametrize("split, floor", [("dev", 0.90), ("test", 0.85)])
def test_segmentation_point_f1_against_the_hand_annotation(split, floor):
    rows = _gold(split)
    # without the embedding topic shift (the default's 0.12 changes no decision on either split; the
    # encoder would only slow the suite down)
    found = segment_many([r["text"] for r in rows], SegmentOptions(embeddings=False))
    pairs = [([r["text"][s:e] for s, e in f], r["points"]) for r, f in zip(rows, found)]
    res = point_prf(pairs)
    # measured: dev F1 0.935 (P 0.922, R 0.949), test F1 0.883 (P 0.897, R 0.869); docs/st-extract-limits.md
    assert res["f1"] >= floor, res


def test_point_prf_by_hand():
    assert token_f1("a b c d", "a b x") == pytest.approx(2 * 2 / 7)
    pred = ["we use english only", "the data is small and old", "no"]
    gold = ["we use english only .", "the data is small", "it is slow"]
    res = point_prf([(pred, gold)])
    assert res["matched"] == 2 and res["precision"] == pytest.approx(2 / 3) and res["recall"] == pytest.approx(2 / 3)


# --- ReviewCritique (Apache NON-AI licence: evaluation only, never training) -------------------------

_FORM = re.compile(r"^(?:summary|strengths|weaknesses|clarity|additional)\b", re.I)


def _weakness_segments(segments: list[str]) -> set[int]:
    """Segment indexes under a "Weaknesses:" heading, read independently of the extractor: the
    review-form headings of this data are short segments ending with a colon ("Summary of the
    Paper:", "Strengths:", "Weaknesses:", "Clarity, Quality, …:"); other short colon segments
    ("Evaluation concerns:") are labels inside a part."""
    out, inside = set(), False
    for i, seg in enumerate(segments):
        s = seg.strip()
        if len(s) < 70 and s.endswith(":") and _FORM.match(s):
            inside = s.lower().startswith("weakness")
            continue
        if inside:
            out.add(i)
    return out


@pytest.mark.needs_data("aaar")
def test_reviewcritique_reviewer_points_are_verbatim_and_from_weakness_parts_only():
    papers = [json.loads(line) for line in (EXTERNAL / "aaar" / "ReviewCritique_LLM.jsonl").open(encoding="utf-8")]
    models = ("claude_opus", "gpt4", "gemini_pro_1.5")
    recs = [{"id": str(i), "sections": [], "reviews": [p[m] for m in models]} for i, p in enumerate(papers)]
    outs = list(extract(recs, ExtractOptions(segment=SegmentOptions(embeddings=False), embeddings=False)))
    n_points = n_reviews_with_points = 0
    for paper, out in zip(papers, outs):
        lim = out["limitations"]
        assert lim["author"] == [] and lim["merged"] == lim["review"]
        by_review: dict[int, list[dict]] = {}
        for p in lim["points"]:
            by_review.setdefault(lim["spans"][p["span"]]["review"], []).append(p)
        for k, m in enumerate(models):
            segments = [s["segment_text"].strip() for s in paper[m]["review"]]
            text = "\n".join(segments)
            bounds, pos = [], 0
            for seg in segments:
                bounds.append((pos, pos + len(seg)))
                pos += len(seg) + 1
            weak = _weakness_segments(segments)
            mixed_only = not weak    # a review with one "Strengths and Weaknesses:" part and no sub-headings
            pts = by_review.get(k, [])
            n_reviews_with_points += bool(pts)
            for p in pts:
                n_points += 1
                assert text[p["start"]:p["end"]] == p["text"]
                # the segments the point covers
                covered = [i for i, (a, b) in enumerate(bounds) if a < p["end"] and p["start"] < b]
                assert covered, p["text"]
                if mixed_only:
                    assert all("strength" not in segments[i].lower()[:20] for i in covered)
                else:
                    assert set(covered) <= weak, (m, p["text"])
    assert n_reviews_with_points == 60 and n_points >= 150
