"""The LLM method of st-extract-limits (BAGELS §3.2 steps 2–3), a task generator driven by the
one stage runner (:mod:`scholartools.llm.stages`).

Round 1 asks, for one record, one refinement per paper region (``limits_refine``: copy the
limitation points of the span, drop the sentences that are not limitations) and one segmentation
of the consolidated weakness parts of all its reviews (``limits_reviews``). Round 2, when both
sides have points, asks the master merge (``limits_merge_union`` or ``limits_merge_intersection``).

Every point a reply returns goes through the shared verbatim checker
(:func:`scholartools.text.verbatim.check`): it is kept only when it is one contiguous stretch of
its source, and then stored as that exact slice of the source (so a point that differs from the
source only in whitespace or quote style is stored as the source writes it). A point that fails
is dropped and counted (``not_verbatim`` in the record's provenance and in
``limitations.not_verbatim``). A reply that cannot be read after the one repair re-ask leaves its
list unscored — ``null`` with the raw reply in ``limitations.unscored`` — never a guess.
"""
from __future__ import annotations

from scholartools.limitations.extract import ExtractOptions, Plan, _output, plan
from scholartools.text.verbatim import check

REFINE = "limits_refine"
REVIEWS = "limits_reviews"
MERGE = {"union": "limits_merge_union", "intersection": "limits_merge_intersection"}
TEMPLATES = (REFINE, REVIEWS, MERGE["union"], MERGE["intersection"])
#: what a reply stands in for under --dry-run, so that the merge call is counted too
DRY_RUN_POINTS = ["(dry run)"]


def parse_points(text: str) -> list[str]:
    """Points from a reply: a JSON array of strings (an object holding one under ``points`` /
    ``limitations`` / ``items`` / ``merged`` is accepted too); anything else raises
    ``ReplyParseError`` (the client asks once more, then the reply is unscored)."""
    from scholartools.llm import replies

    value = replies.parse_json(text)
    if isinstance(value, dict):
        for key in ("points", "limitations", "items", "merged"):
            if isinstance(value.get(key), list):
                value = value[key]
                break
    want = "a JSON array of strings, one per limitation point"
    if not isinstance(value, list):
        raise replies.ReplyParseError(f"expected {want}")
    out = []
    for v in value:
        if isinstance(v, dict) and isinstance(v.get("text"), str):
            v = v["text"]
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            v = " ".join(v)
        if not isinstance(v, str):
            raise replies.ReplyParseError(f"expected {want}; found an item of type {type(v).__name__}")
        if v.strip():
            out.append(v.strip())
    return out


def locate(point: str, text: str, start: int = 0, end: int | None = None) -> tuple[int, int] | None:
    """Offsets of ``point`` as one contiguous stretch of ``text[start:end]`` (whitespace, quote and
    dash variants forgiven by the verbatim checker), or None."""
    end = len(text) if end is None else end
    window = text[start:end]
    res = check(point, window)
    if not res.verbatim or not res.pieces:
        return None
    pieces = res.pieces
    for a, b in zip(pieces, pieces[1:]):   # pieces found apart are not one stretch of the source
        if b.start < a.end or window[a.end:b.start].strip():
            return None
    s, e = start + pieces[0].start, start + pieces[-1].end
    return (s, e) if e > s else None


def _place(points: list[str], regions, first_span: int) -> tuple[list[dict], int]:
    """Located points (``{text, source, kind, span, start, end}``; a stretch returned twice is
    kept once) and how many were dropped."""
    out, dropped, seen = [], 0, set()
    for p in points:
        for k, region in enumerate(regions):
            loc = locate(p, region.text, region.start, region.end)
            if loc is not None:
                s, e = loc
                if (k, s, e) not in seen:
                    seen.add((k, s, e))
                    out.append({"text": region.text[s:e], "source": region.source, "kind": region.kind,
                                "span": first_span + k, "start": s, "end": e})
                break
        else:
            dropped += 1
    return out, dropped


def _numbered(points: list[str]) -> str:
    return "\n".join(f"{i}. {p}" for i, p in enumerate(points, 1))


def _merged(items: list[str], author: list[str], review: list[str]) -> tuple[list[str], int]:
    """Merged items that are verbatim copies of (a stretch of) an author or reviewer point,
    stored as that stretch; the others are dropped and counted."""
    out, dropped = [], 0
    pool = author + review
    for item in items:
        for p in pool:
            loc = locate(item, p)
            if loc is not None:
                out.append(p[loc[0]:loc[1]])
                break
        else:
            dropped += 1
    return out, dropped


def _unscored(step: str, res, span: int | None = None) -> dict:
    v = res.verdict()
    out = {"step": step, "raw": v.get("raw"), "reason": v.get("unscored_reason", "parse_failure")}
    if span is not None:
        out["span"] = span
    return out


def llm_record(rec: dict, ctx):
    """One record's LLM extraction (``ctx.options`` is an :class:`ExtractOptions`)."""
    opts: ExtractOptions = ctx.options
    p: Plan = plan(rec, opts)
    asks = [ctx.ask(REFINE, text=r.body, parse=parse_points, dry_value=DRY_RUN_POINTS) for r in p.paper]
    consolidated = "\n\n".join(r.body for r in p.reviews)
    if consolidated.strip():
        asks.append(ctx.ask(REVIEWS, text=consolidated, parse=parse_points, dry_value=DRY_RUN_POINTS))
    results = (yield asks) if asks else []
    if ctx.dry_run:
        # stand-ins unique to the record (one for every record made every merge prompt the same,
        # counted once), kept as its limitations so that the next step's dry run counts on them
        import hashlib

        h = hashlib.sha256("\n".join(r.body for r in p.paper + p.reviews).encode("utf-8")).hexdigest()[:12]
        author = [f"(dry run: the author limitations of text {h})"] if p.paper else []
        review = [f"(dry run: the reviewer limitations of text {h})"] if consolidated.strip() else []
        if p.paper and consolidated.strip():
            yield ctx.ask(MERGE[opts.merge], author=_numbered(author), review=_numbered(review), parse=parse_points)
        return _output(p, [{"text": t} for t in author], [], review, author + review, {"dry_run": True})
    unscored: list[dict] = []
    dropped = 0
    author_pts: list[dict] | None = []
    for k, (region, res) in enumerate(zip(p.paper, results)):
        if res.value is None:
            unscored.append(_unscored("author", res, k))
            author_pts = None
            continue
        if author_pts is not None:
            found, n = _place(res.value, [region], k)
            author_pts.extend(found)
            dropped += n
    review_pts: list[dict] | None = []
    if consolidated.strip():
        res = results[len(p.paper)]
        if res.value is None:
            unscored.append(_unscored("review", res))
            review_pts = None
        else:
            review_pts, n = _place(res.value, p.reviews, len(p.paper))
            dropped += n
    author = [x["text"] for x in author_pts] if author_pts is not None else None
    review = [x["text"] for x in review_pts] if review_pts is not None else None
    if author is None or review is None:
        merged = None
    elif not p.has_reviews:
        merged = list(author)
    elif author and review:
        res = yield ctx.ask(MERGE[opts.merge], author=_numbered(author), review=_numbered(review), parse=parse_points)
        if res.value is None:
            unscored.append(_unscored("merge", res))
            merged = None
        else:
            merged, n = _merged(res.value, author, review)
            dropped += n
    else:   # one side empty: nothing to merge
        merged = list(author or review) if opts.merge == "union" else []
    extra = {"not_verbatim": dropped}
    if unscored:
        extra["unscored"] = unscored
    out = _output(p, author_pts, review_pts, review if p.has_reviews else (review or []), merged, extra)
    out["_provenance"] = {"not_verbatim": dropped}
    return out
