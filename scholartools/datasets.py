"""The external datasets as the records the commands read, for the per-paper pipelines
(``examples/<paper>/Makefile``) and for anyone who wants the same inputs from Python.

Each reader takes files of the external datasets (their folders as :mod:`scholartools.data` finds
them; see each folder's PROVENANCE.md) and returns records; nothing is downloaded:

* :func:`scholarsum_pairs` — ScholarSum pairs of one half (PubMed here), without the duplicate
  document (``pubmed-049`` repeats ``pubmed-020``; PROVENANCE quirk 1).
* :func:`reviewcritique_papers` — the 20 ReviewCritique papers as paper records (their
  ``body_text`` read as st-parse reads plain text), each with its three LLM reviews rebuilt from
  the expert segments (``review``: a list of texts) and the weakness items of each review
  (``reviewer_weaknesses``: a list of lists, AAAR PaperWeakness's reference shape).
* :func:`reviewcritique_segments` — the review segments, the first of each review with its paper's
  text (``body_text``), the input of ``st-judge --task critique``.
* :func:`claimcheck_papers` / :func:`claimcheck_association` — the hand-annotated
  CLAIMCHECK-style gold of ``fixtures/claims/gold.jsonl`` joined to those papers: the extraction
  input with ``gold_claims``, and the association input (per paper and review: gold claims and
  gold weakness items, each with ``gold_target_claims``).
* :func:`by_review` (one record per paper and review, CLAIMCHECK's unit) and :func:`focal_claims`
  (one record per weakness and target claim, the unit of claim verification).
* :func:`paperrq_split` — PaperRQ's items split by paper into a labelled pool and a test part
  (Table 5's 10 % held out for the few-shot protocols).

Helpers for Makefiles: :func:`shard` (the K-th of K consecutive parts, for ``make -j``),
:func:`first` (the first N), :func:`copy_field`, :func:`standin_list` (stand-in model outputs for
counting later steps' calls in ``make plan``); :func:`write_jsonl` writes atomically.
``python -m scholartools.datasets NAME …`` runs each from the shell (``--help``).
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Iterable, Iterator

# ---------------------------------------------------------------------------- JSONL


def read_jsonl(path: str | Path) -> list[dict]:
    """Records of a JSONL file (blank lines skipped; Python's json reads ReviewCritique's bare NaN)."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def dumps(records: Iterable[dict]) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode("utf-8") + b"\n" for r in records)


def write_jsonl(path: str | Path, records: Iterable[dict]) -> None:
    """Write ``records`` to ``path`` atomically (a temporary file, then a rename), so that an
    interrupted run never leaves a half-written file that ``make`` would take as done."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".part")
    with os.fdopen(fd, "wb") as f:
        f.write(dumps(records))
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)   # mkstemp's 0600 → the usual permissions of a new file
    os.replace(tmp, path)


def first(records: Iterable[dict], n: int | None) -> list[dict]:
    """The first ``n`` records (all of them when ``n`` is None or 0)."""
    records = list(records)
    return records[:n] if n else records


def shard(records: list[dict], k: int, by: str | None = None) -> list[list[dict]]:
    """``records`` cut into ``k`` consecutive parts of near-equal size (some empty when k > n);
    concatenating the parts gives the records back in order. With ``by`` (a dotted field), a run
    of consecutive records with the same value stays in one part (a review's segments)."""
    from scholartools.records import get_path

    if k < 1:
        raise ValueError("the number of shards must be at least 1")
    groups: list[list[dict]] = []
    for rec in records:
        key = get_path(rec, by) if by else object()
        if groups and by and get_path(groups[-1][0], by) == key:
            groups[-1].append(rec)
        else:
            groups.append([rec])
    from bisect import bisect_right

    n = len(records)
    bounds = [p * n // k for p in range(1, k)]     # part p holds records bounds[p-1] .. bounds[p]-1
    parts: list[list[dict]] = [[] for _ in range(k)]
    done = 0
    for g in groups:   # a group goes to the part its first record falls in
        parts[bisect_right(bounds, done)].extend(g)
        done += len(g)
    return parts


def copy_field(records: Iterable[dict], source: str, into: str) -> Iterator[dict]:
    """Each record with ``into`` = a copy of the value at ``source`` (when it has one): to keep a
    gold list that a later step writes over (st-generate --task experiments writes ``experiments``)."""
    from scholartools.records import get_path

    for rec in records:
        value = get_path(rec, source)
        yield rec if value is None or "error" in rec else {**rec, into: value}


# ---------------------------------------------------------------------------- ScholarSum


def scholarsum_pairs(path: str | Path, dataset: str = "pubmed") -> list[dict]:
    """ScholarSum pairs of ``dataset`` without the duplicate document's rows (``duplicate_of`` set)."""
    return [r for r in read_jsonl(path) if r.get("dataset") == dataset and not r.get("duplicate_of")]


# ---------------------------------------------------------------------------- ReviewCritique


def text_record(body_text: str, pid: str) -> dict:
    """``body_text`` read as ``st-parse --format text`` reads a file, with id ``pid`` (and no
    temporary path in ``source``)."""
    from scholartools.parsing import parse_path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{pid}.txt"
        path.write_text(body_text, encoding="utf-8")
        rec = parse_path(str(path), fmt="text")
    rec["id"] = pid
    rec["source"] = {k: v for k, v in rec.get("source", {}).items() if k != "path"}
    return rec


def _reviews_by_paper(segments_path: str | Path) -> dict[int, list[dict]]:
    from scholartools.reviewcritique import review_records

    out: dict[int, list[dict]] = {}
    for r in review_records(segments_path):
        out.setdefault(r["paper_idx"], []).append(r)
    return out


def reviewcritique_papers(papers_path: str | Path, segments_path: str | Path,
                          n: int | None = None) -> list[dict]:
    """The ReviewCritique papers (the first ``n``) as paper records with their LLM reviews.

    Each record: st-parse's text record of ``body_text`` (id ``rcNN``), ``title`` and ``decision``
    from the data, ``review`` (the rebuilt review texts, one per review model), ``review_models``,
    ``reviewer_weaknesses`` (per review, its gold weakness items' texts) and ``paper_idx``.
    """
    reviews = _reviews_by_paper(segments_path)
    out = []
    for idx, row in enumerate(first(read_jsonl(papers_path), n)):
        rec = text_record(row["body_text"], f"rc{idx:02d}")
        revs = reviews.get(idx, [])
        rec.update(title=row.get("title") or rec.get("title"), decision=row.get("decision"), paper_idx=idx,
                   review=[r["review"] for r in revs], review_models=[r["review_model"] for r in revs],
                   reviewer_weaknesses=[[w["text"] for w in r["gold_weakness_items"]] for r in revs])
        out.append(rec)
    return out


def reviewcritique_segments(papers_path: str | Path, segments_path: str | Path,
                            n: int | None = None) -> list[dict]:
    """The review segments of the first ``n`` papers, each with ``id``; the first segment of each
    review (``paper_idx``, ``review_model``) carries its paper's ``body_text``, the others name
    the paper by ``paper_idx`` only: the critique judge reads a review's paper once (from any of
    its segments), and a copy of the paper in each of 1,610 segments made 70 MB of 3.4 (all 20 papers)."""
    papers = read_jsonl(papers_path)
    keep = len(papers) if not n else n
    out, given = [], set()
    for s in read_jsonl(segments_path):
        if s["paper_idx"] >= keep:
            continue
        rec = {"id": f"rc{s['paper_idx']:02d}:{s['review_model']}:{s['segment_id']}", **s}
        review = (s["paper_idx"], s["review_model"])
        if review not in given:
            given.add(review)
            rec["body_text"] = papers[s["paper_idx"]]["body_text"]
        out.append(rec)
    return out


# ---------------------------------------------------------------------------- CLAIMCHECK gold


def _claim_text(c: dict) -> str:
    return f"{c['id']}: {c['text']}"


def claimcheck_papers(gold_path: str | Path, papers_path: str | Path, segments_path: str | Path,
                      n: int | None = None) -> list[dict]:
    """The annotated papers (the first ``n`` of ``gold.jsonl``) as ReviewCritique paper records
    with ``gold_claims`` (``["Claim1: …"]``, st-claims' ``claim_texts`` shape) and ``split``."""
    gold = first(read_jsonl(gold_path), n)
    wanted = {g["paper_idx"] for g in gold}
    papers = {p["paper_idx"]: p for p in reviewcritique_papers(papers_path, segments_path, max(wanted) + 1)
              if p["paper_idx"] in wanted}
    out = []
    for g in gold:
        rec = dict(papers[g["paper_idx"]], id=g["id"], split=g["split"])
        rec["gold_claims"] = [_claim_text(c) for c in g["claims"]]
        out.append(rec)
    return out


def by_review(records: Iterable[dict]) -> Iterator[dict]:
    """One record per review of records whose ``review`` is a list (CLAIMCHECK's unit is a paper
    and one review): id ``PAPER:MODEL`` (``MODEL`` from ``review_models``, else the review's
    number), ``review`` the one text, ``review_model``, ``parent_id``. Other records pass as they are."""
    for rec in records:
        reviews = rec.get("review")
        if "error" in rec or not isinstance(reviews, list):
            yield rec
            continue
        models = rec.get("review_models") or []
        for i, text in enumerate(reviews):
            model = models[i] if i < len(models) else str(i + 1)
            yield {**rec, "id": f"{rec['id']}:{model}", "parent_id": rec["id"], "review": text, "review_model": model}


def claimcheck_association(gold_path: str | Path, papers_path: str | Path, segments_path: str | Path,
                           n: int | None = None) -> list[dict]:
    """The association input of the annotated papers, one record per (paper, review): the paper,
    its gold ``claims``, the ``review`` text and its gold weakness items as ``weaknesses``, each
    with ``gold_target_claims`` (the texts of the claims it targets; possibly none)."""
    gold = {g["id"]: g for g in read_jsonl(gold_path)}
    out = []
    for rec in claimcheck_papers(gold_path, papers_path, segments_path, n):
        g = gold[rec["id"]]
        by_id = {c["id"]: c for c in g["claims"]}
        base = {k: v for k, v in rec.items() if k not in ("gold_claims", "review", "review_models",
                                                            "reviewer_weaknesses")}
        for review in g["reviews"]:
            weaknesses = [{"id": w["id"], "text": w["text"], "start": w["start"], "end": w["end"],
                           "gold_target_claims": [_claim_text(by_id[t]) for t in w["targets"] if t in by_id]}
                          for w in review["weaknesses"]]
            out.append({**base, "id": f"{rec['id']}:{review['model']}", "parent_id": rec["id"],
                        "claims": g["claims"], "review": review["review"], "review_model": review["model"],
                        "weaknesses": weaknesses})
    return out


def claimcheck_weaknesses(gold_path: str | Path, papers_path: str | Path, segments_path: str | Path,
                          n: int | None = None) -> list[dict]:
    """The unit of CLAIMCHECK's claim verification and weakness labelling / editing (§4.2-4.3):
    one record per annotated weakness *with* gold target claims (a weakness that targets no claim
    is not a claim-related weakness and the paper leaves it out): the paper, the ``review`` text,
    the ``weakness`` and its gold ``target_claims`` (``["ClaimN: …"]``). Id ``PAPER:MODEL:wK``."""
    out = []
    for rec in claimcheck_association(gold_path, papers_path, segments_path, n):
        base = {k: v for k, v in rec.items() if k not in ("claims", "weaknesses")}
        for w in rec["weaknesses"]:
            if w["gold_target_claims"]:
                out.append({**base, "id": f"{rec['id']}:{w['id']}", "parent_id": rec["id"], "weakness": w["text"],
                            "target_claims": w["gold_target_claims"]})
    return out


def focal_claims(records: Iterable[dict]) -> Iterator[dict]:
    """One record per (weakness, target claim) of st-claims' associate output: the unit of
    CLAIMCHECK's claim verification. Adds ``claim`` (the target's text, without its ``ClaimN:``
    label) and ``claim_id``; the id is ``WEAKNESS:ClaimN``. Weaknesses without targets (and error
    records) give nothing, since a weakness that targets no claim verifies none."""
    for rec in records:
        if "error" in rec:
            continue
        for target in rec.get("target_claims") or []:
            cid, sep, text = target.partition(": ")
            if not sep:
                cid, text = "custom", target
            yield {**rec, "id": f"{rec['id']}:{cid}", "parent_id": rec["id"], "claim_id": cid, "claim": text}


# ---------------------------------------------------------------------------- PaperRQ


def paperrq_split(records: list[dict], test_every: int = 10) -> tuple[list[dict], list[dict]]:
    """(pool, test): every ``test_every``-th paper (by first appearance, the 1st, 11th, …) is a
    test paper; its RQs are scored, the others' are the labelled pool the few-shot protocols
    draw from (PaperRQ Table 5: 10 % test for ICE and AutoCalibrate). No paper is on both sides."""
    order: list[str] = []
    for r in records:
        pid = r.get("paper_id") or r["id"]
        if pid not in order:
            order.append(pid)
    test_ids = set(order[::test_every])
    pool = [r for r in records if (r.get("paper_id") or r["id"]) not in test_ids]
    test = [r for r in records if (r.get("paper_id") or r["id"]) in test_ids]
    return pool, test


# ---------------------------------------------------------------------------- plan stand-ins


def standin_list(records: Iterable[dict], source: str, into: str, label: str = "planned") -> Iterator[dict]:
    """For counting a later step's calls before the earlier one has run (``make plan``): each
    record gets ``into`` = the text at ``source``, or the texts of the list there (strings or
    objects with ``text``), each prefixed ``(LABEL) `` so that no prompt built from them
    coincides with one built from ``source`` itself (the LLM layer asks identical prompts once).
    Error records and records without the field pass unchanged."""
    from scholartools.records import get_path

    for rec in records:
        value = get_path(rec, source)
        if "error" in rec or not isinstance(value, (list, str)):
            yield rec
            continue
        if isinstance(value, str):
            yield {**rec, into: f"({label}) {value}"}
            continue
        texts = [i.get("text", "") if isinstance(i, dict) else str(i) for i in value]
        yield {**rec, into: [f"({label}) {t}" for t in texts]}


# ---------------------------------------------------------------------------- command line


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m scholartools.datasets", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)

    def add(name: str, help_: str, inputs: int):
        p = sub.add_parser(name, help=help_)
        p.add_argument("inputs", nargs=inputs, metavar="FILE")
        p.add_argument("-n", type=int, default=0, help="only the first N (papers, pairs, items); 0 = all")
        p.add_argument("-o", "--output", required=True, help="the JSONL file to write")
        return p

    p = add("scholarsum", "ScholarSum pairs of one half, duplicate document left out", 1)
    p.add_argument("--dataset", default="pubmed")
    add("reviewcritique-papers", "papers with their LLM reviews: ReviewCritique_LLM.jsonl SEGMENTS", 2)
    add("reviewcritique-segments",
        "review segments, the paper with the first of each review: ReviewCritique_LLM.jsonl SEGMENTS", 2)
    add("claimcheck-papers", "annotated papers with gold claims: GOLD ReviewCritique_LLM.jsonl SEGMENTS", 3)
    add("claimcheck-association", "gold claims and weaknesses: GOLD ReviewCritique_LLM.jsonl SEGMENTS", 3)
    add("claimcheck-weaknesses", "gold weaknesses with their gold target claims (none without one): "
        "GOLD ReviewCritique_LLM.jsonl SEGMENTS", 3)
    add("focal-claims", "one record per (weakness, target claim) of st-claims --task associate output", 1)
    add("by-review", "one record per review of records whose review is a list", 1)
    p = add("paperrq-split", "PaperRQ items of the test papers (every 10th), or the labelled pool (the others)", 1)
    p.add_argument("--part", choices=["test", "pool"], required=True)
    p.add_argument("--test-every", type=int, default=10)
    add("first", "the first N records", 1)
    p = add("standin", "plan stand-in: INTO = the text (or list) at SOURCE, each text prefixed (planned)", 1)
    p.add_argument("--source", required=True)
    p.add_argument("--into", required=True)
    p = add("shard", "part I of K consecutive parts (for make -j)", 1)
    p.add_argument("-k", type=int, required=True, help="number of parts")
    p.add_argument("--part", type=int, required=True, help="which part, 1..K")
    p.add_argument("--by", help="keep consecutive records with the same value of this field together")
    p = add("copy", "copy the value at SOURCE into INTO", 1)
    p.add_argument("--source", required=True)
    p.add_argument("--into", required=True)
    args = ap.parse_args(argv)

    n = args.n or None
    ins = args.inputs
    if args.what == "scholarsum":
        out = first(scholarsum_pairs(ins[0], args.dataset), n)
    elif args.what == "reviewcritique-papers":
        out = reviewcritique_papers(ins[0], ins[1], n)
    elif args.what == "reviewcritique-segments":
        out = reviewcritique_segments(ins[0], ins[1], n)
    elif args.what == "claimcheck-papers":
        out = claimcheck_papers(ins[0], ins[1], ins[2], n)
    elif args.what == "claimcheck-association":
        out = claimcheck_association(ins[0], ins[1], ins[2], n)
    elif args.what == "claimcheck-weaknesses":
        out = claimcheck_weaknesses(ins[0], ins[1], ins[2], n)
    elif args.what == "focal-claims":
        out = first(focal_claims(read_jsonl(ins[0])), n)
    elif args.what == "by-review":
        out = first(by_review(read_jsonl(ins[0])), n)
    elif args.what == "paperrq-split":
        pool, test = paperrq_split(read_jsonl(ins[0]), args.test_every)
        out = first(test if args.part == "test" else pool, n if args.part == "test" else None)
    elif args.what == "copy":
        out = first(copy_field(read_jsonl(ins[0]), args.source, args.into), n)
    elif args.what == "standin":
        out = first(standin_list(read_jsonl(ins[0]), args.source, args.into), n)
    elif args.what == "first":
        out = first(read_jsonl(ins[0]), n)
    else:  # shard
        if not 1 <= args.part <= args.k:
            ap.error(f"shard: --part must be between 1 and {args.k}")
        out = shard(first(read_jsonl(ins[0]), n), args.k, args.by)[args.part - 1]
    write_jsonl(args.output, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
