"""Calibrate the offline facet rater's thresholds on ScholarSum **PubMed** human ratings.

    python -m scholartools.facets.calibrate [--pairs ../shared/external/scholarsum/pairs.jsonl]

Uses the PubMed rows only, without the duplicate document (``duplicate_of``). The reference and the
candidate are decomposed by the shipped role model, scored by :func:`rate.facet_scores`, and for
each facet the thresholds are set by quantile matching against the human ratings of the pairs that
reach the threshold step (reference facet found by us and by the humans, candidate facet found).
Writes ``model/rater.json``. Deterministic; the time is the embedding of about 3,000 sentences.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scholartools.facets.decompose import decompose
from scholartools.facets.rate import RATER_FILE, SCALE_MAX, facet_scores, quantile_thresholds
from scholartools.facets.roles import FACETS


def load_pubmed(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("dataset") == "pubmed" and not r.get("duplicate_of")]


def fit(rows: list[dict], embed=None) -> dict:
    per: dict = {f: ([], []) for f in FACETS}
    for r in rows:
        ref = decompose(r["reference"])
        cand = decompose(r["candidate"])
        scores = facet_scores(ref, cand, embed)
        for f in FACETS:
            s = scores[f]
            h = r["human"]["facets"][f]
            if s is None or h == 0:
                continue
            per[f][0].append(s["score"])
            per[f][1].append(h)
    return {
        "thresholds": {f: quantile_thresholds(per[f][0], per[f][1], SCALE_MAX[f]) for f in FACETS},
        "calibrated_on": "ScholarSum PubMed human facet ratings (49 documents x 6 systems, duplicate "
                         "document excluded); quantile matching per facet",
        "pairs_per_facet": {f: len(per[f][0]) for f in FACETS},
        "score": "0.5 * recall(ref facet, cand facet) + 0.5 * recall(ref facet, whole candidate), "
                 "MiniLM cosine",
    }


def main(argv=None):
    here = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", default=str(here.parent / "shared" / "external" / "scholarsum" / "pairs.jsonl"))
    ap.add_argument("--out", default=str(RATER_FILE))
    a = ap.parse_args(argv)
    result = fit(load_pubmed(Path(a.pairs)))
    Path(a.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result["thresholds"]), file=sys.stderr)


if __name__ == "__main__":
    main()
