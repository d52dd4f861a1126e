"""st-claims offline: claim extraction, weakness segmentation, association, record shapes and
errors, on hand-made cases whose answers were worked out by hand."""
from __future__ import annotations

import pytest

from scholartools.claims.associate import AssociateOptions, associate, presentational
from scholartools.reviewcritique import rebuild_review
from tools.claims_evaluate import ranking_scores
from scholartools.claims.extract import extract_claims, own_names, section_kind, section_text
from scholartools.claims.weaknesses import find_weaknesses

PAPER = {
    "id": "p1",
    "title": "TinyNet",
    "abstract": ("Language models are widely used. We propose TinyNet, a small model for parsing. "
                 "We show that TinyNet outperforms BERT by 3 points on two benchmarks."),
    "sections": [
        {"heading": "1 Introduction", "type": "introduction",
         "text": ("Parsing is an old problem in linguistics and many systems exist for it. "
                  "Smith et al. (2020) show that larger models parse better on news text. "
                  "To our knowledge, TinyNet is the first parser that runs on a phone.")},
        {"heading": "3 Method", "type": "method",
         "text": "We use a learning rate of 0.001 and a batch size of 32 for all runs. The encoder has four layers."},
        {"heading": "5 Results", "type": "results",
         "text": ("Table 2 shows the results. TinyNet achieves the best accuracy on both benchmarks, "
                  "which suggests that depth is not necessary for parsing. In future work we plan to study speed.")},
        {"heading": "References", "type": "references",
         "text": "Smith, J. 2020. We show that everything outperforms everything. Journal of Results."},
    ],
}

EXPECTED_CLAIMS = [
    ("abstract", "We propose TinyNet, a small model for parsing."),
    ("abstract", "We show that TinyNet outperforms BERT by 3 points on two benchmarks."),
    ("1 Introduction", "To our knowledge, TinyNet is the first parser that runs on a phone."),
    ("5 Results", "TinyNet achieves the best accuracy on both benchmarks, which suggests that depth is not "
                  "necessary for parsing."),
]


def test_extract_keeps_result_contribution_novelty_sentences_in_document_order():
    claims = extract_claims(PAPER)
    assert [(c["section"], c["text"]) for c in claims] == EXPECTED_CLAIMS
    assert [c["id"] for c in claims] == ["Claim1", "Claim2", "Claim3", "Claim4"]
    for c in claims:   # every text is exactly its section text at its offsets
        assert section_text(PAPER, c)[c["start"]:c["end"]] == c["text"]
    assert claims[0]["section_index"] is None and claims[3]["section_index"] == 2


def test_extract_cap_keeps_the_best_scored_in_document_order():
    capped = extract_claims(PAPER, max_claims=2)
    full = {c["text"]: c["score"] for c in extract_claims(PAPER)}
    best_two = sorted(full, key=lambda t: -full[t])[:2]
    assert sorted(c["text"] for c in capped) == sorted(best_two)
    assert [c["id"] for c in capped] == ["Claim1", "Claim2"]
    order = [t for _, t in EXPECTED_CLAIMS if t in best_two]
    assert [c["text"] for c in capped] == order


def test_extract_stops_at_back_matter_glued_to_a_section_and_joins_small_capitals():
    rec = {"id": "p2", "sections": [
        {"heading": "C ONCLUSION", "type": "other",
         "text": ("We show that our parser outperforms all baselines. 9 R EFERENCES 10 A A PPENDIX "
                  "We show that the appendix model outperforms all baselines too.")}]}
    claims = extract_claims(rec)
    assert [c["text"] for c in claims] == ["We show that our parser outperforms all baselines."]
    assert section_kind({"heading": "I NTRODUCTION", "type": "other"}) == "introduction"
    assert section_kind({"heading": "R ELATED W ORK", "type": "other"}) == "related_work"


def test_own_names_come_from_naming_sentences_not_from_context():
    rec = {"abstract": ("Based on BERT and GPT (Smith, 2020), we propose a new framework ReGen (Retrieve and "
                        "Generate) for NLP tasks. Results improve.")}
    assert own_names(rec) == frozenset({"ReGen"})


REVIEW = """Summary of the Paper:
The paper proposes TinyNet. It outperforms BERT.

Strengths:
1. The model is small.
2. Results are strong.

Weaknesses:
1. The evaluation uses only two English benchmarks.
It is unclear whether TinyNet generalises.
2. No comparison with recent parsers is given.
Limited novelty: the architecture is a known design.

Questions:
What is the speed on a phone?"""


def _texts(spans):
    return [s["text"] for s in spans]


def test_weakness_items_from_the_weaknesses_block_with_continuations_and_labels():
    spans = find_weaknesses(REVIEW)
    assert _texts(spans) == [
        "The evaluation uses only two English benchmarks.\nIt is unclear whether TinyNet generalises.",
        "No comparison with recent parsers is given.",
        "Limited novelty: the architecture is a known design.",
    ]
    for s in spans:
        assert REVIEW[s["start"]:s["end"]] == s["text"]
    sentences = _texts(find_weaknesses(REVIEW, unit="sentence"))
    assert sentences[:2] == ["The evaluation uses only two English benchmarks.",
                             "It is unclear whether TinyNet generalises."]
    assert len(sentences) == 4


def test_weaknesses_in_a_mixed_block_and_markdown_headings():
    mixed = ("Strengths and Weaknesses:\nThe paper is clear and the model is small. However, the paper lacks "
             "a comparison with recent parsers. The writing is good.\n\nClarity, Quality, Novelty, and "
             "Reproducibility:\nThe paper is clear, but it is unclear how it generalises.")
    assert _texts(find_weaknesses(mixed)) == ["However, the paper lacks a comparison with recent parsers."]
    md = "**Strengths**\n- small\n\n## Cons\n- too few datasets\n- no ablation\n\n**Rating**: 5"
    assert _texts(find_weaknesses(md)) == ["too few datasets", "no ablation"]
    assert find_weaknesses("") == []
    with pytest.raises(ValueError):
        find_weaknesses(REVIEW, unit="word")


def test_review_rebuilt_from_segments_with_gold_weakness_items():
    segs = [{"segment_text": t, "topic_class_1": tc, "topic_class_2": None} for t, tc in [
        ("Strengths:", "Section Title"), ("- Small model.", None),
        ("Weaknesses:", "Section Title"), ("- Only English.", None), ("Generality is unclear.", None),
        ("- No ablation.", None), ("Summary of the Review:", None), ("Good paper.", None)]]
    r = rebuild_review(segs)
    assert r["text"] == ("Strengths:\n- Small model.\n\nWeaknesses:\n- Only English. Generality is unclear.\n"
                         "- No ablation.\n\nSummary of the Review:\nGood paper.")
    assert [w["text"] for w in r["weakness_segments"]] == ["- Only English.", "Generality is unclear.", "- No ablation."]
    assert [w["text"] for w in r["weakness_items"]] == ["- Only English. Generality is unclear.", "- No ablation."]


def test_ranking_scores_by_hand():
    # first gold at rank 1, at rank 3, absent; an ungrounded item is not counted
    s = ranking_scores([(["a", "b"], {"a"}), (["x", "y", "b"], {"b"}), (["x"], {"q"}), (["x"], set())])
    assert s["n"] == 3
    assert s["hit@1"] == pytest.approx(1 / 3) and s["hit@3"] == pytest.approx(2 / 3)
    assert s["mrr"] == pytest.approx((1 + 1 / 3 + 0) / 3)


CLAIMS = [{"id": "Claim1", "text": "TinyNet outperforms BERT on English and German parsing benchmarks."},
          {"id": "Claim2", "text": "To our knowledge, TinyNet is the first parser that runs on a phone."},
          {"id": "Claim3", "text": "Depth is not necessary for accurate dependency parsing."}]


def test_association_targets_the_disputed_claim_and_leaves_presentation_weaknesses_ungrounded():
    ws = [{"text": "Is TinyNet really the first parser that runs on a phone? Earlier phone parsers exist."},
          {"text": "The code is not released and hyperparameters are missing."}]
    out = associate(CLAIMS, ws)
    assert out[0]["targets"][0] == "Claim2" and out[0]["grounded"]
    assert len(out[0]["targets"]) <= 3 and len(out[0]["target_scores"]) == len(out[0]["targets"])
    assert out[0]["candidates"][0]["id"] == "Claim2" and out[0]["candidates"][0]["rank_bm25"] == 1
    assert out[1]["targets"] == [] and not out[1]["grounded"]
    assert presentational("The writing could be clearer.")
    assert not presentational("The writing is fine, but the claim of generality is not supported.")
    one = associate(CLAIMS, ws[:1], AssociateOptions(max_targets=1))
    assert one[0]["targets"] == ["Claim2"]
    assert associate(CLAIMS, []) == [] and associate([], ws)[0]["targets"] == []


def test_search_many_equals_search_one_by_one():
    from scholartools.retrieval import HybridIndex

    idx = HybridIndex([c["text"] for c in CLAIMS])
    queries = ["first parser on a phone", "is depth necessary"]
    many = idx.search_many(queries, k=3)
    for q, hits in zip(queries, many):
        one = idx.search(q, k=3)
        assert [h.index for h in hits] == [h.index for h in one]
        assert [h.score for h in hits] == pytest.approx([h.score for h in one])


# ----------------------------------------------------------------------------------- the command

def run(args, records, env=None):
    from conftest import invoke

    code, recs, err, _ = invoke("st-claims", args, records, env=env)
    return code, recs, err


def test_cli_pipeline_extract_weaknesses_associate_fans_out():
    code, out, _ = run(["--task", "extract"], [dict(PAPER, review=[REVIEW, "Weaknesses:\n- The code is missing."])])
    assert code == 0 and out[0]["claim_texts"][0] == "Claim1: We propose TinyNet, a small model for parsing."
    code, out, _ = run(["--task", "weaknesses"], out)
    assert code == 0
    ws = out[0]["weaknesses"]
    assert [w["id"] for w in ws] == ["w1", "w2", "w3", "w4"] and [w["review_index"] for w in ws] == [0, 0, 0, 1]
    code, kids, _ = run(["--task", "associate"], out)
    assert code == 0 and [k["id"] for k in kids] == ["p1#w1", "p1#w2", "p1#w3", "p1#w4"]
    assert all(k["paper_id"] == "p1" and "weaknesses" not in k and k["claims"] == out[0]["claims"] for k in kids)
    assert [k["weakness"] for k in kids] == [w["text"] for w in ws]
    assert kids[3]["weakness_item"] == {"id": "w4", "start": ws[3]["start"], "end": ws[3]["end"], "review_index": 1}
    assert kids[3]["targets"] == [] and kids[3]["association"]["grounded"] is False
    for k in kids:
        assert len(k["targets"]) <= 3
        assert k["target_claims"] == [f"{t}: {next(c['text'] for c in k['claims'] if c['id'] == t)}"
                                      for t in k["targets"]]
    prov = kids[0]["provenance"][-1]
    assert prov["task"] == "associate" and prov["embedding_model"]
    code, same, _ = run(["--task", "associate", "--no-fan-out"], out)
    assert code == 0 and len(same) == 1
    assert [w["targets"] for w in same[0]["weaknesses"]] == [k["targets"] for k in kids]


def test_cli_errors_end_only_their_record():
    recs = [{"id": "a", "title": "no sections"}, {"id": "b", "sections": "text"}, dict(PAPER, id="c")]
    code, out, _ = run(["--task", "extract"], recs)
    assert code == 1 and [o["id"] for o in out] == ["a", "b", "c"]
    assert out[0]["error"]["kind"] == "missing_field" and out[0]["error"]["field"] == "sections"
    assert out[1]["error"]["kind"] == "bad_value" and "claims" in out[2]
    code, out, _ = run(["--task", "weaknesses", "--review", "rev"], [{"id": "x"}, {"id": "y", "rev": 3},
                                                                    {"id": "z", "rev": "Weaknesses:\n- small"}])
    assert code == 1 and out[0]["error"]["field"] == "rev" and out[1]["error"]["kind"] == "bad_value"
    assert out[2]["weaknesses"] == [{"id": "w1", "text": "small", "start": 14, "end": 19}]
    code, out, _ = run(["--task", "associate"], [{"id": "q", "weaknesses": []}, {"id": "r", "claims": [], "weaknesses": []}])
    assert code == 1 and out[0]["error"]["field"] == "claims" and out[1] == {**{"id": "r", "claims": [], "weaknesses": []},
                                                                               "provenance": out[1]["provenance"]}


def test_association_builds_one_index_per_paper_and_encodes_the_batch_twice(monkeypatch):
    from scholartools import embeddings, retrieval
    from scholartools.claims.offline import associate_batch
    from scholartools.claims.fields import ClaimsOptions

    built, encoded = [], []
    init, encode = retrieval.HybridIndex.__init__, embeddings.encode

    def counting_init(self, texts, *a, **kw):
        built.append(len(texts))
        init(self, texts, *a, **kw)

    def counting_encode(texts, *a, **kw):
        encoded.append(len(texts))
        return encode(texts, *a, **kw)

    monkeypatch.setattr(retrieval.HybridIndex, "__init__", counting_init)
    monkeypatch.setattr(embeddings, "encode", counting_encode)
    papers = [{"id": f"p{i}", "claims": CLAIMS, "weaknesses": [{"text": f"weakness {j} about depth"} for j in range(4)]}
              for i in range(3)]

    class Ctx:
        options = ClaimsOptions()

    out = associate_batch(papers, Ctx())
    assert [len(o) for o in out] == [4, 4, 4]          # 12 weaknesses fanned out
    assert built == [3, 3, 3]                          # one index per paper, none per weakness
    assert encoded == [9, 12]                          # every claim, then every weakness, in one call each
