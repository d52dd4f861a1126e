"""st-judge on human-labelled real data (PaperRQ ratings, ReviewCritique segments), the scripted
server standing in for the model; figures printed by ``python tests/judge_realdata.py`` and
reported in docs/st-judge.md."""
from __future__ import annotations

import re

import pytest

import judge_realdata as rd


def test_paperrq_rate_through_st_agree_beside_the_length_baseline(openai_server):
    rows = rd.rate_table(openai_server, aspects=("problem",))
    r = rows[0]
    assert r["n"] == 217 and openai_server.calls == 217
    # the length baseline of specs/seed-rq.md §4.4, reproduced through st-score | st-agree
    assert round(r["length_spearman"], 3) == 0.435 and round(r["length_kendall"], 3) == 0.340
    # the stand-in judge's scores reached st-agree item by item: its rule, applied directly, agrees
    items = rd.paperrq()
    direct = []
    for it in items:
        doc = (it["abstract"] + "\n\n" + it["introduction"]).lower()
        words = set(re.findall(r"[a-z]{4,}", it["rq"].lower()))
        direct.append(1 + round(4 * sum(w in doc for w in words) / len(words)))
    from scholartools.agreement.correlation import correlation

    human = [it["human"]["problem"] for it in items]
    assert r["judge_spearman"] == pytest.approx(correlation("spearman", direct, human))


def test_reviewcritique_critique_through_critique_prf(openai_server):
    t = rd.critique_table(openai_server)
    assert (t["n_segments"], t["n_deficient"], t["calls"]) == (1610, 226, 60)    # one call per review
    base = t["all deficient"]
    assert base["p"] == pytest.approx(226 / 1610) and base["r"] == 1.0
    # the critic's rule applied directly to the segments gives the same P / R
    segs = rd.review_segments()
    pred = [any(c in " ".join(s["segment_text"].split()).lower() for c in rd.CUES) for s in segs]
    tp = sum(p and s["deficient"] for p, s in zip(pred, segs))
    assert t["judge"]["p"] == pytest.approx(tp / sum(pred)) and t["judge"]["r"] == pytest.approx(tp / 226)
