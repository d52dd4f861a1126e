"""st-judge --task match (BAGELS PointWise, specs/seed-bagels.md §6.2) against the scripted server
(replies that depend on the prompt), piped into st-score --metric pointwise; the offline matcher
on the hand-labelled limitation pairs."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import EXTERNAL
from judge_helpers import content, dry_run_calls, judge, score

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("english", "expensive", "human", "small")

PAPERS = [
    {"id": "P1", "venue": "ACL",
     "limitations": {"merged": ["The evaluation uses only English data.", "Training is expensive.",
                                "No human evaluation was done."]},
     "generated": ["Experiments are limited to English.", "The method needs many GPUs and is expensive to train.",
                   "Results may not transfer to other domains.", "Only English benchmarks are used."]},
    {"id": "P2", "venue": "NeurIPS",
     "limitations": {"merged": ["The dataset is small.", "Only one language is covered."]},
     "generated": ["The dataset is small and noisy.", "Inference is slow.", "No ablation study.",
                   "Annotation is costly.", "The model is large."]},
]


def same_topic(a: str, b: str) -> bool:
    return any(k in a.lower() and k in b.lower() for k in KEYS)


_PAIR = re.compile(r"(?:Statement 1|Limitation A|First note): (.*)\n(?:Statement 2|Limitation B|Second note): (.*)\n")


def pair_of(prompt: str):
    m = _PAIR.search(prompt)
    return (m.group(1), m.group(2)) if m else None


def lists_of(prompt: str) -> list[list[str]]:
    """The numbered lists of a matrix prompt, in order."""
    blocks, cur = [], []
    for line in prompt.splitlines():
        m = re.match(r"^(\d+)\. (.*)$", line)
        if m:
            cur.append(m.group(2))
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


def topical_judge(body):
    """A judge that answers by topic words, pairwise and as a matrix."""
    p = content(body)
    pair = pair_of(p)
    if pair:
        return "Yes" if same_topic(*pair) else "No"
    first, second = lists_of(p)[:2]
    return json.dumps({"matrix": [[int(same_topic(a, b)) for b in second] for a in first]})


# hand-computed from the topic words: P1 matches (g0,h0) (g0,h3) (g1,h1); P2 matches (g0,h0)
EXPECTED = {
    "P1": {"x": 3, "y": 4, "A_G": 2 / 3, "A_H": 3 / 4, "TP": 3, "FP": 1, "FN": 1, "P": 0.75, "R": 0.75, "F1": 0.75},
    "P2": {"x": 2, "y": 5, "A_G": 0.5, "A_H": 0.2, "TP": 1, "FP": 1, "FN": 4, "P": 0.5, "R": 0.2, "F1": 2 / 7},
}


def per_paper(scored: list[dict]) -> dict:
    return {r.get("paper_id") or r["id"]: r["scores"]["pointwise"] for r in scored if not r.get("aggregate")}


def check_expected(papers: dict) -> None:
    assert set(papers) == set(EXPECTED)
    for pid, want in EXPECTED.items():
        for k, v in want.items():
            assert papers[pid][k] == pytest.approx(v), (pid, k)


def test_pairwise_then_pointwise_gives_the_hand_computed_figures(openai_server, tmp_path):
    openai_server.reply(topical_judge)
    code, pairs, err = judge(["--task", "match"], PAPERS, openai_server, tmp_path / "c.sqlite")
    assert code == 0, err
    assert len(pairs) == 3 * 4 + 2 * 5
    assert openai_server.calls == 3 * 2 * (3 * 4 + 2 * 5)      # the paper's 3 variants x both orders by default
    first = pairs[0]
    assert first["id"] == "P1#g0:h0" and first["paper_id"] == "P1" and (first["gt_idx"], first["gen_idx"]) == (0, 0)
    assert first["gt"] == PAPERS[0]["limitations"]["merged"][0] and first["gen"] == PAPERS[0]["generated"][0]
    assert first["match"] == 1 and first["venue"] == "ACL" and first["limitations"] == PAPERS[0]["limitations"]
    votes = first["judge"]["votes"]
    assert [(v["order"], v["value"], v["raw"]) for v in votes] == [("gt_first", 1, "Yes"), ("gen_first", 1, "Yes")] * 3
    assert first["judge"]["templates"][0]["name"] == "judge_match_1"
    assert len(first["judge"]["templates"][0]["sha256"]) == 64
    # the second order really swaps the two statements
    asked = {pair_of(content(b)) for b in openai_server.requests}
    assert (PAPERS[0]["generated"][3], PAPERS[0]["limitations"]["merged"][0]) in asked
    code, scored, err = score(["--metric", "pointwise", "--aggregate"], pairs)
    assert code == 0, err
    check_expected(per_paper(scored))
    summary = [r for r in scored if r.get("aggregate")][-1]
    macro = summary["scores"]["pointwise"]["macro"]
    assert macro["F1"] == pytest.approx((0.75 + 2 / 7) / 2) and macro["A_G"] == pytest.approx((2 / 3 + 0.5) / 2)


def test_batched_matrix_gives_the_same_per_paper_figures(openai_server):
    openai_server.reply(topical_judge)
    code, recs, err = judge(["--task", "match", "--variants", "1", "--batch-pairs"], PAPERS, openai_server)
    assert code == 0, err
    assert openai_server.calls == 2 * 2                        # one call per paper and order
    assert [r["id"] for r in recs] == ["P1", "P2"]
    p1 = recs[0]
    assert p1["match_matrix"] == [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 0, 0]]
    assert p1["ground_truth"] == PAPERS[0]["limitations"]["merged"] and p1["generated"] == PAPERS[0]["generated"]
    # the gen_first matrix comes back with generated items as rows and is turned to GT rows
    assert [v["order"] for v in p1["judge"]["votes"]] == ["gt_first", "gen_first"]
    assert p1["judge"]["votes"][1]["matrix"] == p1["match_matrix"]
    code, scored, err = score(["--metric", "pointwise"], recs)
    assert code == 0, err
    check_expected(per_paper(scored))


def test_malformed_matrix_falls_back_to_pairwise_calls_for_that_paper(openai_server):
    def judge_fn(body):
        p = content(body)
        if pair_of(p) is None and "dataset is small" in p:            # P2's matrix: one row short, twice
            return json.dumps({"matrix": [[1, 0, 0, 0, 0]]})
        return topical_judge(body)

    openai_server.reply(judge_fn)
    code, recs, err = judge(["--task", "match", "--variants", "1", "--batch-pairs"], PAPERS, openai_server)
    assert code == 0, err
    # P1: 2 matrices; P2: 2 matrices + 2 repair re-asks + 2 orders x 10 pairs
    assert openai_server.calls == 2 + 2 + 2 + 2 * 10
    p2 = recs[1]
    assert all(v["fallback"] == "pairwise" for v in p2["judge"]["votes"])
    assert p2["judge"]["votes"][0]["matrix_unscored_reason"] == "parse_failure"
    assert p2["match_matrix"] == [[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    code, scored, err = score(["--metric", "pointwise"], recs)
    check_expected(per_paper(scored))


ONE = [{"id": "Q", "limitations": {"merged": ["Only English is covered."]}, "generated": ["Small test set."]}]


def votes_by(variant_order):
    """A judge whose answer depends on the prompt variant and on which item is shown first."""
    def fn(body):
        p = content(body)
        variant = 1 if "Statement 1:" in p else 2 if "Limitation A:" in p else 3
        order = "gt_first" if pair_of(p)[0].startswith("Only") else "gen_first"
        return variant_order[(variant, order)]
    return fn


@pytest.mark.parametrize("policy,expected,consistent", [("no", 0, False), ("first", 1, False), ("majority", 0, False)])
def test_order_swapping_and_the_consistency_policy(openai_server, policy, expected, consistent):
    openai_server.reply(votes_by({(1, "gt_first"): "Yes", (1, "gen_first"): "No"}))
    code, recs, err = judge(["--task", "match", "--variants", "1", "--inconsistent", policy], ONE, openai_server)
    assert code == 0, err
    assert recs[0]["match"] == expected and recs[0]["judge"]["consistent"] is consistent
    assert [v["value"] for v in recs[0]["judge"]["votes"]] == [1, 0]


@pytest.mark.parametrize("orders,policy,expected", [
    ("one", "majority", 1), ("one", "no", 0), ("one", "first", 1),
    ("both", "majority", 0),            # 3 yes of 6: a tie is no match
    ("both", "first", 1),
])
def test_variant_majority(openai_server, orders, policy, expected):
    answers = {(1, "gt_first"): "Yes", (1, "gen_first"): "Yes", (2, "gt_first"): "No", (2, "gen_first"): "No",
               (3, "gt_first"): "Yes", (3, "gen_first"): "No"}
    openai_server.reply(votes_by(answers))
    code, recs, err = judge(["--task", "match", "--variants", "3", "--orders", orders, "--inconsistent", policy],
                            ONE, openai_server)
    assert code == 0, err
    assert recs[0]["match"] == expected
    n_votes = 3 if orders == "one" else 6
    assert len(recs[0]["judge"]["votes"]) == n_votes == openai_server.calls
    assert {t["name"] for t in recs[0]["judge"]["templates"]} == {"judge_match_1", "judge_match_2", "judge_match_3"}


@pytest.mark.parametrize("reply,strict,bagels", [("Yes", 1, 1), ("Yes.", 1, 0), ("yes", 1, 0), ("**No**", 0, 0)])
def test_case_insensitive_parser_and_the_authors_exact_comparison(openai_server, reply, strict, bagels):
    openai_server.reply(reply)
    for parser, want in (("strict", strict), ("bagels", bagels)):
        code, recs, err = judge(["--task", "match", "--variants", "1", "--orders", "one", "--parser", parser], ONE, openai_server)
        assert code == 0 and recs[0]["match"] == want, (parser, reply)


def test_an_unparsable_reply_is_unscored_not_a_wrong_answer(openai_server):
    openai_server.reply("I cannot tell from these statements.")
    code, recs, err = judge(["--task", "match", "--variants", "1", "--orders", "one"], ONE, openai_server)
    assert code == 0, err
    assert openai_server.calls == 2                             # the reply and the one repair re-ask
    rec = recs[0]
    assert rec["match"] is None and rec["judge"]["unscored_reason"] == "parse_failure"
    assert rec["judge"]["votes"][0]["raw"] == "I cannot tell from these statements."
    code, scored, _ = score(["--metric", "pointwise"], recs)
    assert scored[0]["n_unscored"] == 1 and scored[0]["scores"]["pointwise"]["TP"] == 0


def test_dry_run_counts_pairwise_and_batched_calls(openai_server):
    n_pairs = 3 * 4 + 2 * 5
    code, recs, err = judge(["--task", "match", "--variants", "3", "--dry-run"], PAPERS, openai_server)
    assert code == 0, err
    assert dry_run_calls(err) == n_pairs * 3 * 2 and openai_server.calls == 0
    assert all(r["match"] is None and r["judge"]["unscored_reason"] == "dry_run" for r in recs)
    code, recs, err = judge(["--task", "match", "--variants", "3", "--batch-pairs", "--dry-run"], PAPERS, openai_server)
    assert dry_run_calls(err) == 2 * 3 * 2 and openai_server.calls == 0     # papers x variants x orders


def test_empty_list_is_written_and_skipped_by_pointwise(openai_server):
    recs_in = [{"id": "E", "limitations": {"merged": ["Only English."]}, "generated": []}]
    code, recs, err = judge(["--task", "match"], recs_in, openai_server)
    assert code == 0 and openai_server.calls == 0
    assert recs[0]["match_matrix"] == [[]]
    code, scored, _ = score(["--metric", "pointwise", "--aggregate"], recs)
    assert scored[-1]["scores"]["pointwise"]["n_skipped"] == 1


def test_missing_or_bad_fields_are_error_records(openai_server):
    openai_server.reply("Yes")
    bad = [{"id": "A", "generated": ["x"]}, {"id": "B", "limitations": {"merged": "one string"}, "generated": ["x"]},
           {"limitations": {"merged": ["a"]}, "generated": ["b"]}, ONE[0]]
    code, recs, err = judge(["--task", "match"], bad, openai_server)
    assert code == 1
    assert recs[0]["error"]["kind"] == "missing_field" and recs[0]["error"]["field"] == "limitations.merged"
    assert recs[1]["error"]["kind"] == "bad_value"
    assert recs[2]["error"]["field"] == "id"
    assert recs[3]["match"] == 1


# --------------------------------------------------------------------------- offline matcher

def _pairs():
    path = ROOT / "fixtures" / "judge" / "limitation_pairs.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8")]


def _prf(rows, threshold):
    tp = sum(1 for r in rows if r["cos"] >= threshold and r["label"])
    fp = sum(1 for r in rows if r["cos"] >= threshold and not r["label"])
    fn = sum(1 for r in rows if r["cos"] < threshold and r["label"])
    p, r = tp / (tp + fp), tp / (tp + fn)
    return p, r, 2 * p * r / (p + r)


def test_offline_threshold_is_the_dev_optimum_and_its_test_figures():
    from scholartools.embeddings import encode
    from scholartools.judge.match import EMBED_THRESHOLD

    rows = _pairs()
    assert len(rows) == 177 and sum(r["label"] for r in rows) == 80
    texts = sorted({t for r in rows for t in (r["a"], r["b"])})
    vec = dict(zip(texts, encode(texts)))
    for r in rows:
        r["cos"] = float(vec[r["a"]] @ vec[r["b"]])
    dev = [r for r in rows if r["split"] == "dev"]
    test = [r for r in rows if r["split"] == "test"]
    grid = [round(0.20 + 0.01 * k, 2) for k in range(61)]
    best = max(grid, key=lambda t: (_prf(dev, t)[2], -t))
    assert best == EMBED_THRESHOLD == 0.38
    p, r, f = _prf(test, EMBED_THRESHOLD)
    assert (round(p, 3), round(r, 3), round(f, 3)) == (0.721, 0.756, 0.738)     # docs/st-judge.md


def test_labelled_pairs_real_texts_are_verbatim_limtopic_points():
    src = EXTERNAL / "bagels" / "limtopic_acl2023_limitation_sections.jsonl"
    texts = {}
    for line in src.open(encoding="utf-8"):
        r = json.loads(line)
        texts[r["id"]] = " ".join(r["text"].split())
    for r in _pairs():
        for side in ("a", "b"):
            source = r[f"{side}_source"]
            if source != "written":
                assert r[side] in texts[source], r["id"]
        assert r["a_source"] != "written"


def test_embed_method_without_a_model_then_pointwise():
    recs_in = [{"id": "E1", "limitations": {"merged": ["The experiments are limited to English datasets.",
                                                       "Training requires a lot of GPU memory."]},
                "generated": ["The evaluation only covers English data.", "The paper has no human evaluation."]}]
    code, recs, err = judge(["--task", "match"], recs_in)
    assert code == 0, err
    assert "no model configured, using the offline method (embed-cosine)" in err
    by = {(r["gt_idx"], r["gen_idx"]): r for r in recs}
    assert by[(0, 0)]["match"] == 1 and by[(0, 0)]["judge"]["cosine"] >= 0.38
    assert by[(1, 1)]["match"] == 0 and by[(1, 0)]["match"] == 0
    assert recs[0]["provenance"][-1]["method"] == "embed-cosine"
    code, recs2, err = judge(["--task", "match", "--method", "embed", "--batch-pairs", "--threshold", "0.99"], recs_in)
    assert recs2[0]["match_matrix"] == [[0, 0], [0, 0]] and recs2[0]["judge"]["threshold"] == 0.99
    code, scored, _ = score(["--metric", "pointwise"], recs)
    s = scored[0]["scores"]["pointwise"]
    assert (s["x"], s["y"], s["TP"], s["A_G"], s["A_H"]) == (2, 2, 1, 0.5, 0.5)


def test_library_call_matches_the_command():
    import scholartools as st

    recs_in = [{"id": "L1", "limitations": {"merged": ["The experiments are limited to English datasets."]},
                "generated": ["The evaluation only covers English data.", "The paper has no human evaluation."]}]
    out = st.run("st-judge", recs_in, task="match", batch_pairs=True)
    code, cli, _ = judge(["--task", "match", "--batch-pairs"], recs_in)
    assert out[0]["match_matrix"] == cli[0]["match_matrix"] == [[1, 0]]
    with pytest.raises(st.CommandError, match="--model"):
        st.run("st-judge", recs_in, task="rate")
