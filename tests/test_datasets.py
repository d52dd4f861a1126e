"""scholartools.datasets: the external datasets as the example pipelines' inputs (real data),
and the record helpers the Makefiles call (shards, fan-outs, plan stand-ins)."""
from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from conftest import EXTERNAL, ROOT
from scholartools import datasets as D

GOLD = ROOT / "fixtures" / "claims" / "gold.jsonl"


def rc() -> Path:
    return EXTERNAL / "aaar" / "ReviewCritique_LLM.jsonl"


def rc_seg() -> Path:
    return EXTERNAL / "aaar" / "ReviewCritique_LLM.segments.jsonl"


def test_scholarsum_pubmed_pairs_without_the_duplicate_document():
    pairs = D.scholarsum_pairs(EXTERNAL / "scholarsum" / "pairs.jsonl")
    # PROVENANCE: 49 PubMed documents x 6 systems once pubmed-049 (a copy of pubmed-020) is left out
    assert len(pairs) == 294 and {p["dataset"] for p in pairs} == {"pubmed"}
    assert not any(p["doc_id"].endswith("049") for p in pairs)


def test_shard_keeps_order_sizes_and_groups():
    recs = [{"id": str(i), "g": i // 3} for i in range(7)]
    parts = D.shard(recs, 2)
    assert [len(p) for p in parts] == [3, 4] and sum(parts, []) == recs
    assert [len(p) for p in D.shard(recs[:2], 4)] == [0, 1, 0, 1]
    grouped = D.shard(recs, 3, by="g")            # groups of 3, 3, 1: never split
    assert sum(grouped, []) == recs
    assert all(len({r["g"] for r in p}) == len([g for g in {r["g"] for r in p}]) for p in grouped)
    for p in grouped:
        for g in {r["g"] for r in p}:
            assert sum(r["g"] == g for r in p) == sum(r["g"] == g for r in recs)
    with pytest.raises(ValueError):
        D.shard(recs, 0)


def test_paperrq_split_holds_out_every_tenth_paper():
    items = D.read_jsonl(EXTERNAL / "paperrq" / "dataset.jsonl")
    pool, test = D.paperrq_split(items)
    papers = list(dict.fromkeys(r["paper_id"] for r in items))
    assert len(papers) == 93 and len(pool) + len(test) == 217
    test_papers = {r["paper_id"] for r in test}
    assert test_papers == set(papers[::10]) and len(test_papers) == math.ceil(93 / 10)
    assert not test_papers & {r["paper_id"] for r in pool}


def test_reviewcritique_papers_carry_their_three_reviews_and_weakness_items():
    (rec,) = D.reviewcritique_papers(rc(), rc_seg(), n=1)
    row = json.loads(rc().open(encoding="utf-8").readline())
    assert rec["id"] == "rc00" and rec["title"] == row["title"] and rec["decision"] == row["decision"]
    assert rec["review_models"] == ["claude_opus", "gpt4", "gemini_pro_1.5"] and len(rec["review"]) == 3
    assert len(rec["reviewer_weaknesses"]) == 3 and all(isinstance(w, list) for w in rec["reviewer_weaknesses"])
    # every weakness item is a stretch of its review's text
    for review, items in zip(rec["review"], rec["reviewer_weaknesses"]):
        assert items and all(item in review for item in items)
    assert rec["sections"] and "path" not in rec["source"]


def test_reviewcritique_segments_of_the_first_papers_with_their_text():
    segs = D.reviewcritique_segments(rc(), rc_seg(), n=2)
    assert {s["paper_idx"] for s in segs} == {0, 1}
    assert len({s["id"] for s in segs}) == len(segs)
    first = json.loads(rc().open(encoding="utf-8").readline())
    assert segs[0]["body_text"] == first["body_text"] and "deficient" in segs[0]
    # the paper comes once per review (paper_idx, review_model), with its first segment, not with
    # each of its segments (issue 35: a copy each made AAAR's segments 70 MB, its plan's critique 214 MB)
    carriers = [(s["paper_idx"], s["review_model"]) for s in segs if "body_text" in s]
    assert sorted(carriers) == sorted({(s["paper_idx"], s["review_model"]) for s in segs})
    assert len(carriers) == 6 < len(segs)


def test_claimcheck_inputs_match_the_annotations():
    gold = D.read_jsonl(GOLD)[0]
    (paper,) = D.claimcheck_papers(GOLD, rc(), rc_seg(), n=1)
    assert paper["id"] == gold["id"] == "rc01" and len(paper["gold_claims"]) == len(gold["claims"]) == 58
    # the paper is read as the annotator read it: every gold claim sits at its offsets
    for c in gold["claims"]:
        text = paper["abstract"] if c["section_index"] is None else paper["sections"][c["section_index"]]["text"]
        assert text[c["start"]:c["end"]] == c["text"]
    assoc = D.claimcheck_association(GOLD, rc(), rc_seg(), n=1)
    assert [a["id"] for a in assoc] == ["rc01:claude_opus", "rc01:gpt4", "rc01:gemini_pro_1.5"]
    assert all(isinstance(a["review"], str) and a["claims"] == gold["claims"] for a in assoc)
    w4 = assoc[0]["weaknesses"][3]
    assert w4["id"] == "w4" and [t.split(":")[0] for t in w4["gold_target_claims"]] == ["Claim5", "Claim57", "Claim17"]
    assert sum(len(a["weaknesses"]) for a in assoc) == sum(len(r["weaknesses"]) for r in gold["reviews"]) == 8


def test_claimcheck_weaknesses_are_the_annotated_ones_with_a_target():
    """CLAIMCHECK's verification, labelling and editing unit (issue 34 item 3): each annotated
    weakness that targets a claim, with its annotated targets; one without a target is left out."""
    gold = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines()]
    weak = D.claimcheck_weaknesses(GOLD, rc(), rc_seg(), n=1)
    with_target = [(r["model"], w) for r in gold[0]["reviews"] for w in r["weaknesses"] if w["targets"]]
    assert len(weak) == len(with_target) == 2 < sum(len(r["weaknesses"]) for r in gold[0]["reviews"])
    by_id = {c["id"]: c["text"] for c in gold[0]["claims"]}
    for rec, (model, w) in zip(weak, with_target):
        assert rec["id"] == f"rc01:{model}:{w['id']}" and rec["weakness"] == w["text"]
        assert rec["target_claims"] == [f"{t}: {by_id[t]}" for t in w["targets"]]
        assert rec["review_model"] == model and rec["review"] and rec["sections"]
    # all eight papers: 40 weaknesses with a target, 80 (weakness, target claim) pairs
    every = D.claimcheck_weaknesses(GOLD, rc(), rc_seg())
    assert len(every) == 40 and sum(len(r["target_claims"]) for r in every) == 80
    assert len(list(D.focal_claims(every))) == 80


def test_by_review_and_focal_claims_fan_out():
    paper = {"id": "p", "review": ["r1", "r2"], "review_models": ["gpt4", "claude"], "x": 1}
    kids = list(D.by_review([paper, {"id": "q", "review": "one"}, {"id": "e", "error": {}}]))
    assert [k["id"] for k in kids] == ["p:gpt4", "p:claude", "q", "e"]
    assert kids[1]["review"] == "r2" and kids[1]["parent_id"] == "p" and kids[1]["x"] == 1
    weak = {"id": "p#w1", "target_claims": ["Claim3: We show X.", "a custom target"], "weakness": "w"}
    focal = list(D.focal_claims([weak, {"id": "p#w2", "target_claims": []}, {"id": "p#w3", "target_claims": None},
                                 {"id": "e", "error": {}, "target_claims": ["Claim1: y"]}]))
    assert [(f["id"], f["claim_id"], f["claim"]) for f in focal] == [("p#w1:Claim3", "Claim3", "We show X."),
                                                                     ("p#w1:custom", "custom", "a custom target")]
    assert focal[0]["parent_id"] == "p#w1" and focal[0]["weakness"] == "w"


def test_standin_and_copy():
    rec = {"id": "a", "limitations": {"merged": [{"text": "x"}, "y"]}, "w": "text"}
    (out,) = D.standin_list([rec], "limitations.merged", "generated")
    assert out["generated"] == ["(planned) x", "(planned) y"]
    (out,) = D.standin_list([rec], "w", "rewritten")
    assert out["rewritten"] == "(planned) text"
    assert list(D.standin_list([{"id": "b"}], "w", "z")) == [{"id": "b"}]
    (out,) = D.copy_field([{"id": "c", "experiments": ["e1"]}], "experiments", "gold_experiments")
    assert out["gold_experiments"] == ["e1"] and out["experiments"] == ["e1"]


def test_cli_shard_and_first(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": str(i)}) + "\n" for i in range(5)))
    for part in (1, 2):
        assert D.main(["shard", "-k", "2", "--part", str(part), str(src), "-o", str(tmp_path / f"p{part}.jsonl")]) == 0
    ids = [r["id"] for p in (1, 2) for r in D.read_jsonl(tmp_path / f"p{p}.jsonl")]
    assert ids == ["0", "1", "2", "3", "4"]
    assert D.main(["first", "-n", "2", str(src), "-o", str(tmp_path / "f.jsonl")]) == 0
    assert [r["id"] for r in D.read_jsonl(tmp_path / "f.jsonl")] == ["0", "1"]
    mode = os.stat(tmp_path / "f.jsonl").st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask                 # written atomically, with a new file's usual permissions
    assert not list(tmp_path.glob("*.part"))
