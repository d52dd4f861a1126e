"""st-judge on the real data where humans labelled the task, with the scripted server standing in
for the model (a transparent heuristic judge), run through the same pipelines a user runs with a
real model, and printed beside the length baseline:

* PaperRQ (``shared/external/paperrq``, 217 RQs with human Problem / Method / Format scores):
  ``st-judge --task rate --protocol direct --aspect A | st-agree --rater human.A --rater judge.score``
  next to ``st-score --metric length --cand rq | st-agree --rater human.A --rater scores.length.chars``;
* ReviewCritique (``shared/external/aaar``, 1,610 LLM-review segments with expert deficiency
  labels; evaluation only, per its licence): ``st-judge --task critique | st-score --metric
  critique-prf`` next to the all-deficient and length baselines.

The stand-in judges are not models: the rater scores an RQ by the share of its content words found
in the document; the critic calls a segment deficient when it carries a hedge or demand word. The
figures show that the pipeline runs end to end on real data and what a trivial judge reaches; a
real model is run the same way with ``--model``. Run: ``python tests/judge_realdata.py``.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from conftest import EXTERNAL  # noqa: E402
from judge_helpers import agree, content, judge, score  # noqa: E402

ASPECTS = ("problem", "method", "format")
_WORD = re.compile(r"[a-z]{4,}")
CUES = ("should", "lack", "unclear", "not clear", "limited", "insufficient", "missing", "could be")


def paperrq() -> list[dict]:
    return [json.loads(line) for line in (EXTERNAL / "paperrq" / "dataset.jsonl").open(encoding="utf-8")]


def review_segments() -> list[dict]:
    """The ReviewCritique_LLM segments with their paper's text joined in (``body_text``)."""
    papers = [json.loads(line) for line in (EXTERNAL / "aaar" / "ReviewCritique_LLM.jsonl").open(encoding="utf-8")]
    path = EXTERNAL / "aaar" / "ReviewCritique_LLM.segments.jsonl"
    segs = [json.loads(line) for line in path.open(encoding="utf-8")]
    for s in segs:
        s["body_text"] = papers[s["paper_idx"]]["body_text"]
    return segs


def overlap_rater(body) -> str:
    """Stand-in rater: 1 + 4 x the share of the RQ's content words that occur in the document."""
    p = content(body)
    doc = p.split("Source document:\n", 1)[1].split("\n\nText to evaluate:\n", 1)[0].lower()
    rq = p.split("\n\nText to evaluate:\n", 1)[1].split("\n\nGive a score", 1)[0].lower()
    words = set(_WORD.findall(rq))
    share = sum(w in doc for w in words) / len(words) if words else 0.0
    return f"Score: {1 + round(4 * share)}"


def cue_critic(body) -> str:
    """Stand-in critic (Labeling-All): a segment with a hedge or demand word is deficient."""
    segs = re.findall(r"^\[\d+\] (.*)$", content(body), re.M)
    return json.dumps([{"id": k, "deficient": any(c in s.lower() for c in CUES), "explanation": "cue word"}
                       for k, s in enumerate(segs, 1)])


def _corr(records: list[dict], human: str, rater: str) -> dict:
    code, rows, err = agree(["--rater", human, "--rater", rater, "--measure", "spearman,kendall"], records)
    assert code == 0, err
    return {r["measure"]: r["value"] for r in rows}


def rate_table(server, aspects=ASPECTS) -> list[dict]:
    """Per aspect: the stand-in judge's and the length baseline's Spearman / Kendall vs humans."""
    server.reply(overlap_rater)
    items = paperrq()
    code, lengths, err = score(["--metric", "length", "--cand", "rq"], items)
    assert code == 0, err
    rows = []
    for aspect in aspects:
        code, judged, err = judge(["--task", "rate", "--protocol", "direct", "--aspect", aspect], items, server)
        assert code == 0, err
        j = _corr(judged, f"human.{aspect}", "judge.score")
        b = _corr(lengths, f"human.{aspect}", "scores.length.chars")
        rows.append({"aspect": aspect, "n": len(judged), "judge_spearman": j["spearman"], "judge_kendall": j["kendall"],
                     "length_spearman": b["spearman"], "length_kendall": b["kendall"]})
    return rows


def critique_table(server) -> dict:
    """The stand-in critic's P/R/F1 (deficient = positive) beside two baselines."""
    server.reply(cue_critic)
    segs = review_segments()
    code, judged, err = judge(["--task", "critique", "--style", "all", "--review-key", "paper_idx,review_model"],
                              segs, server)
    assert code == 0, err
    calls = server.calls
    code, summary, err = score(["--metric", "critique-prf", "--aggregate", "--summary-only"], judged)
    assert code == 0, err
    out = {"n_segments": len(judged), "n_deficient": sum(s["deficient"] for s in segs), "calls": calls,
           "judge": summary[-1]["scores"]["critique-prf"]}
    median = sorted(len(s["segment_text"]) for s in segs)[len(segs) // 2]
    rules = (("all deficient", lambda s: True), (f"length > {median} chars", lambda s: len(s["segment_text"]) > median))
    for name, rule in rules:
        recs = [{"id": str(k), "prediction": rule(s), "deficient": s["deficient"]} for k, s in enumerate(segs)]
        code, summary, err = score(["--metric", "critique-prf", "--aggregate", "--summary-only"], recs)
        out[name] = summary[-1]["scores"]["critique-prf"]
    return out


def main() -> None:
    from openai_server import ScriptedOpenAIServer

    with ScriptedOpenAIServer() as server:
        print("PaperRQ, st-judge --task rate --protocol direct (stand-in rater) vs the RQ length, n = 217")
        print(f"{'aspect':<8} {'judge rho':>10} {'judge tau':>10} {'length rho':>11} {'length tau':>11}")
        for r in rate_table(server):
            print(f"{r['aspect']:<8} {r['judge_spearman']:>10.3f} {r['judge_kendall']:>10.3f} "
                  f"{r['length_spearman']:>11.3f} {r['length_kendall']:>11.3f}")
        server.requests.clear()
        t = critique_table(server)
        print(f"\nReviewCritique_LLM, st-judge --task critique --style all (stand-in critic): {t['n_segments']} "
              f"segments, {t['n_deficient']} deficient, {t['calls']} calls")
        print(f"{'rater':<24} {'P':>6} {'R':>6} {'F1':>6}")
        for name in ("judge", "all deficient", *[k for k in t if k.startswith("length")]):
            v = t[name]
            print(f"{name:<24} {v['p']:>6.3f} {v['r']:>6.3f} {v['f']:>6.3f}")


if __name__ == "__main__":
    main()
