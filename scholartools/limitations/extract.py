"""st-extract-limits as library functions: paper records (and reviews) in, limitation points out.

BAGELS stage B (§3.2; spec §4). For each record:

1. **regions** (:func:`plan`): the explicit Limitations sections and implicit spans of
   :mod:`.rules` (or the ``--from`` text field, read as an explicit Limitations section), and the
   weakness parts of the reviews (:mod:`.reviews`);
2. **points**: offline, each region is segmented (:mod:`.segment`); with an LLM, each paper
   region is refined and the consolidated reviews are segmented by the model, every returned point
   checked with the shared verbatim checker (:mod:`.llm_method`);
3. **merge** into the ground truth: offline, union with embedding de-duplication (a reviewer point
   whose cosine to a kept point reaches ``dedup`` is a duplicate), or intersection (the author
   points some reviewer point matches); with an LLM, the master merge prompt.

Output (``limitations``): ``author`` and ``review`` (point texts, verbatim, in document order),
``merged`` (the ground truth), ``spans`` (the regions: ``{source, kind, section, text, start,
end}``, offsets into the section text, the ``--from`` field or the review text) and ``points``
(each point with its span and offsets). A record without limitations gets empty lists.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scholartools.limitations import reviews as rv
from scholartools.limitations.rules import DEFAULT_RULES, Rules, explicit_sections, implicit_spans, is_pointer, \
    section_end
from scholartools.limitations.segment import DEFAULT_OPTIONS, SegmentOptions, segment_many, units
from scholartools.records import MISSING as _MISSING, RecordError, get_path, set_path

__all__ = ["ExtractOptions", "Region", "Plan", "plan", "offline_batch", "offline_task", "extract", "merge_points"]


@dataclass
class ExtractOptions:
    #: a plain text field read as an explicit Limitations section instead of ``sections``
    from_field: str | None = None
    reviews_field: str = "reviews"
    rules: Rules = DEFAULT_RULES
    implicit: bool = True
    #: union (de-duplicated) or intersection of author and reviewer points
    merge: str = "union"
    #: cosine at which two points are the same limitation (offline merge and reviewer de-duplication)
    dedup: float = 0.8
    #: False: no encoder at all (points merged and de-duplicated by exact text only)
    embeddings: bool = True
    segment: SegmentOptions = field(default_factory=lambda: DEFAULT_OPTIONS)


DEFAULT_EXTRACT = ExtractOptions()


@dataclass
class Region:
    """A stretch of a source text that may hold limitations (a §4.3 span or a review's weakness part)."""

    source: str            # paper | review
    kind: str              # explicit | implicit | review
    section: str | None    # the section heading (None for --from fields and reviews)
    text: str              # the whole source text (section text, field text or review text)
    start: int
    end: int
    section_index: int | None = None
    review: int | None = None
    part: str | None = None   # the review heading the region sits under ("Weaknesses")

    @property
    def body(self) -> str:
        return self.text[self.start:self.end]

    def span(self) -> dict:
        out = {"source": self.source, "kind": self.kind, "section": self.section, "text": self.body,
               "start": self.start, "end": self.end}
        if self.section_index is not None:
            out["section_index"] = self.section_index
        if self.review is not None:
            out["review"] = self.review
            out["part"] = self.part
        return out


@dataclass
class Plan:
    record: dict
    paper: list[Region]
    reviews: list[Region]
    has_reviews: bool


# ------------------------------------------------------------------------------------ regions

def _sections(rec: dict) -> list[dict]:
    sections = rec.get("sections", _MISSING)
    if sections is _MISSING or sections is None:
        raise RecordError("missing_field", "no 'sections' in the record (a paper record from st-parse), and no "
                          "--from field given", field="sections")
    if not isinstance(sections, list) or not all(isinstance(s, dict) for s in sections):
        raise RecordError("bad_value", "'sections' must be a list of section objects "
                          f"({{heading, text, …}}), not {type(sections).__name__}", field="sections")
    for i, s in enumerate(sections):
        for key in ("text", "heading", "type"):
            if s.get(key) is not None and not isinstance(s.get(key), str):
                raise RecordError("bad_value", f"'sections[{i}].{key}' must be text", field=f"sections[{i}].{key}")
        if s.get("level") is not None and (not isinstance(s["level"], int) or isinstance(s["level"], bool)):
            raise RecordError("bad_value", f"'sections[{i}].level' must be an integer", field=f"sections[{i}].level")
    return sections


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def plan(rec: dict, opts: ExtractOptions = DEFAULT_EXTRACT) -> Plan:
    """The regions of one record (raises :class:`RecordError` for a record it cannot read)."""
    paper: list[Region] = []
    if opts.from_field:
        value = get_path(rec, opts.from_field, _MISSING)
        if value is _MISSING:
            raise RecordError("missing_field", f"no '{opts.from_field}' in the record (--from)", field=opts.from_field)
        if value is not None and not isinstance(value, str):
            raise RecordError("bad_value", f"'{opts.from_field}' must be text, not {type(value).__name__}",
                              field=opts.from_field)
        text = value or ""
        if not is_pointer(text, opts.rules):
            s, e = _trim(text, 0, section_end(text))
            if e > s:
                paper.append(Region("paper", "explicit", None, text, s, e))
    else:
        sections = _sections(rec)
        explicit = set(explicit_sections(sections, opts.rules))
        implicit = {sp["section"]: sp for sp in implicit_spans(sections, opts.rules)} if opts.implicit else {}
        for i, sec in enumerate(sections):
            text = sec.get("text") or ""
            if i in explicit:
                s, e = _trim(text, 0, section_end(text))
                kind = "explicit"
            elif i in implicit:
                s, e = _trim(text, implicit[i]["start"], implicit[i]["end"])
                kind = "implicit"
            else:
                continue
            if e > s:
                paper.append(Region("paper", kind, sec.get("heading"), text, s, e, section_index=i))
    value = get_path(rec, opts.reviews_field, None)
    review_regions: list[Region] = []
    for k, (text, whole) in enumerate(rv.review_texts(value, opts.reviews_field)):
        for s, e, heading in rv.weakness_regions(text, whole):
            review_regions.append(Region("review", "review", None, text, s, e, review=k, part=heading))
    return Plan(rec, paper, review_regions, bool(value))


# ------------------------------------------------------------------------------------ points

def _implicit_kept(texts: list[str], keywords) -> list[bool]:
    """Which points of an implicit region are kept: a point holding a keyword, and the points
    right after a kept one that state a limitation too. The §4.3 span runs on to the next stop
    heading and "can occasionally capture irrelevant sentences"; offline, the points stop at the
    first one that states no limitation (the LLM method refines the whole span instead)."""
    from scholartools.limitations.segment import _STATES

    out, previous = [], False
    for t in texts:
        keep = bool(keywords.search(t)) or (previous and bool(_STATES.search(t)))
        out.append(keep)
        previous = keep
    return out


def _fallback(region: Region) -> list[tuple[int, int]]:
    """An explicit Limitations text that is not a pointer but yields no point (every sentence is
    framing): the text itself, without its heading lines, is the point."""
    us = units(region.body)
    body = [u for u in us if len(region.body[u.start:u.end].split()) > 3] or us
    if not body:
        return []
    return [(region.start + body[0].start, region.start + body[-1].end)]


def _points(regions: list[Region], offsets: list[list[tuple[int, int]]], rules: Rules = DEFAULT_RULES) -> list[dict]:
    out = []
    for k, (region, found) in enumerate(zip(regions, offsets)):
        spans = [(region.start + s, region.start + e) for s, e in found]
        if region.kind == "implicit":
            keep = _implicit_kept([region.text[s:e] for s, e in spans], rules.pattern("keywords"))
            spans = [sp for sp, ok in zip(spans, keep) if ok]
        elif region.kind == "explicit" and not spans:
            spans = _fallback(region)
        for s, e in spans:
            out.append({"text": region.text[s:e], "source": region.source, "kind": region.kind,
                        "span": k, "start": s, "end": e})
    return out


def merge_points(author: list[str], review: list[str], vectors: dict[str, Any] | None, mode: str = "union",
                 threshold: float = 0.8) -> list[str]:
    """Offline master merge: ``union`` keeps the author points, then each reviewer point that is not
    a near duplicate (same words, or cosine ≥ ``threshold``) of a point kept so far;
    ``intersection`` keeps the author points some reviewer point is a near duplicate of.
    ``vectors`` maps text → unit vector (None: same words only)."""
    from scholartools.retrieval import dedupe, has_match

    if mode == "intersection":
        return [a for a, hit in zip(author, has_match(author, review, threshold, vectors)) if hit]
    texts = list(author) + list(review)
    return [texts[i] for i in dedupe(texts, threshold, vectors, always_keep=len(author))]


def _dedup(points: list[str], vectors, threshold: float) -> list[str]:
    """Reviewer points raised by several reviewers: the first copy is kept."""
    return merge_points([], points, vectors, "union", threshold)


def _first_copies(points: list[dict], kept: list[str]) -> list[dict]:
    """The located points whose text was kept, each text once (its first occurrence)."""
    left = set(kept)
    out = []
    for x in points:
        if x["text"] in left:
            left.discard(x["text"])
            out.append(x)
    return out


def _output(p: Plan, author_pts: list[dict], review_pts: list[dict], review: list[str] | None,
            merged: list[str] | None, extra: dict | None = None) -> dict:
    out = dict(p.record)
    regions = p.paper + p.reviews
    lim = {
        "author": [x["text"] for x in author_pts] if author_pts is not None else None,
        "review": review,
        "merged": merged,
        "spans": [r.span() for r in regions],
        "points": (author_pts or []) + (review_pts or []),
    }
    if extra:
        lim.update(extra)
    set_path(out, "limitations", lim)
    return out


def offline_batch(records: list[dict], opts: ExtractOptions = DEFAULT_EXTRACT) -> list:
    """The offline method over a batch: the sentences a topic-shift decision reads embedded in one
    call for the whole batch, the points of records with reviews in one more (for the merge)."""
    plans: list[Plan | RecordError] = []
    for rec in records:
        try:
            plans.append(plan(rec, opts))
        except RecordError as exc:
            plans.append(exc)
    good = [p for p in plans if isinstance(p, Plan)]
    regions = [r for p in good for r in p.paper + p.reviews]
    segs = segment_many([r.body for r in regions], opts.segment)
    k = 0
    results: dict[int, tuple[list[dict], list[dict]]] = {}
    for p in good:
        n_paper, n_rev = len(p.paper), len(p.reviews)
        a = _points(p.paper, segs[k:k + n_paper], opts.rules)
        r = _points(p.reviews, segs[k + n_paper:k + n_paper + n_rev])
        for x in r:
            x["span"] += n_paper
        k += n_paper + n_rev
        results[id(p)] = (a, r)
    texts = sorted({x["text"] for p in good if p.has_reviews for pts in results[id(p)] for x in pts})
    vectors = None
    if texts and opts.embeddings:
        from scholartools.embeddings import encode

        vectors = dict(zip(texts, encode(texts)))
    out: list = []
    for p in plans:
        if isinstance(p, RecordError):
            out.append(p)
            continue
        a, r = results[id(p)]
        author = [x["text"] for x in a]
        review = _dedup([x["text"] for x in r], vectors, opts.dedup) if p.has_reviews else []
        r = _first_copies(r, review)
        merged = merge_points(author, review, vectors, opts.merge, opts.dedup) if p.has_reviews else list(author)
        out.append(_output(p, a, r, review, merged))
    return out


def offline_task(records: list[dict], ctx) -> list:
    """The offline method as the task registry calls it (``ctx.options``: an :class:`ExtractOptions`)."""
    return offline_batch(records, ctx.options)


def extract(records, opts: ExtractOptions = DEFAULT_EXTRACT, batch_size: int = 64):
    """Offline extraction as a generator over any iterable of records (streams in batches); a
    record that cannot be read comes back with an ``error`` object, the others enriched."""
    from scholartools.records import error_record

    def flush(batch):
        for rec, res in zip(batch, offline_batch(batch, opts)):
            if isinstance(res, RecordError):
                bad = dict(rec)
                bad["error"] = res.as_error("st-extract-limits")
                yield bad
            else:
                yield res

    batch: list[dict] = []
    for rec in records:
        if not isinstance(rec, dict):
            yield error_record("st-extract-limits", "bad_value", "a record must be a JSON object")
            continue
        batch.append(rec)
        if len(batch) >= batch_size:
            yield from flush(batch)
            batch = []
    if batch:
        yield from flush(batch)
