"""DELTA (Wallace et al. 2020, DeYoung et al. 2021; the FM paper's evidence-direction baseline):
the base-2 Jensen-Shannon divergence and the span / pair extraction by hand, and the code path over a
token-classification tagger and a 3-class direction classifier on tiny randomly initialised models
built here (the authors' weights cannot be downloaded here; issue 34 item 7). st-score's wiring of
the model-based baselines is checked here too."""
from __future__ import annotations

import math

import pytest

from scholartools.metrics import delta as dl

REF = "Zinc lowered blood pressure in adults ."
CAND = "Zinc raised blood pressure ."
DIRECTIONS = ["significantly increased", "significantly decreased", "no significant difference"]


def test_jensen_shannon_base_2_by_hand():
    # P = (1, 0, 0), Q = (0, 1, 0): M = (.5, .5, 0); KL(P||M) = log2(1/.5) = 1; JSD = 1 (the maximum)
    assert dl.jensen_shannon([1, 0, 0], [0, 1, 0]) == pytest.approx(1.0)
    assert dl.jensen_shannon([0.2, 0.3, 0.5], [0.2, 0.3, 0.5]) == 0.0
    # P = (.5, .5, 0), Q = (1, 0, 0): M = (.75, .25, 0)
    # KL(P||M) = .5 log2(.5/.75) + .5 log2(.5/.25) = .5 (log2 2/3 + 1); KL(Q||M) = log2(1/.75) = log2 4/3
    want = 0.5 * (0.5 * (math.log2(2 / 3) + 1)) + 0.5 * math.log2(4 / 3)
    assert dl.jensen_shannon([0.5, 0.5, 0], [1, 0, 0]) == pytest.approx(want)
    assert want == pytest.approx(0.311278, abs=1e-6)
    assert dl.jensen_shannon([1, 1, 0], [2, 0, 0]) == pytest.approx(want)      # normalised first
    with pytest.raises(ValueError):
        dl.jensen_shannon([1, 0], [1, 0, 0])


def test_spans_and_pairs_from_bio_labels_by_hand():
    text = "Zinc and vitamin D lowered blood pressure"
    words = [(m, s) for s, m in ((0, "Zinc"), (5, "and"), (9, "vitamin"), (17, "D"), (19, "lowered"),
                                 (27, "blood"), (33, "pressure"))]
    tags = ["B-I", "O", "B-Intervention", "I-Intervention", "O", "B-O", "I-O"]
    labels = [(t, s, s + len(w)) for (w, s), t in zip(words, tags)]
    found = dl.spans(text, labels)
    assert found == {"intervention": ["Zinc", "vitamin D"], "outcome": ["blood pressure"]}
    assert dl.io_pairs(found) == [("Zinc", "blood pressure"), ("vitamin D", "blood pressure")]
    # an I- label that does not continue a span of its kind starts one; other kinds are outside
    assert dl.spans("a b c", [("I-out", 0, 1), ("B-P", 2, 3), ("I-outcome", 4, 5)]) == {
        "intervention": [], "outcome": ["a", "c"]}


def test_mean_jsd_over_pairs_by_hand():
    table = {("Zinc", "bp", "R"): [1, 0, 0], ("Zinc", "bp", "C"): [0, 1, 0],
             ("Zinc", "hr", "R"): [0.5, 0.5, 0], ("Zinc", "hr", "C"): [1, 0, 0]}
    res = dl.delta("R", "C", lambda triples: [table[t] for t in triples], pairs=[["Zinc", "bp"], ["Zinc", "hr"]])
    assert [r["jsd"] for r in res.pairs] == pytest.approx([1.0, 0.311278], abs=1e-6)
    assert res.score == pytest.approx((1.0 + 0.311278) / 2, abs=1e-6)
    assert dl.delta("R", "C", lambda t: [], pairs=[]).score is None
    extracted = dl.delta("R", "C", lambda triples: [table[t] for t in triples], extract=lambda text: [("Zinc", "hr")])
    assert extracted.score == pytest.approx(0.311278, abs=1e-6)


WORDS = (REF + " " + CAND).split()


def test_the_tagger_and_classifier_code_path_on_tiny_random_models():
    pytest.importorskip("torch")
    import torch

    from test_acu import tiny_bert

    tagger = dl.Tagger(model=tiny_bert("token", ["O", "B-I", "I-I", "B-O", "I-O"], 3, WORDS))
    direction = dl.DirectionClassifier(model=tiny_bert("sequence", DIRECTIONS, 4, WORDS))
    # the tagger's spans are its argmax labels, recomputed here by hand
    model, tok = tagger.model, tagger.tok
    with torch.no_grad():
        ids = model(**tok(REF, return_tensors="pt")).logits[0].argmax(-1).tolist()[1:-1]   # [CLS] … [SEP] dropped
    starts = [REF.index(w, sum(len(x) + 1 for x in REF.split()[:k])) for k, w in enumerate(REF.split())]
    labels = [(model.config.id2label[i], s, s + len(w)) for i, s, w in zip(ids, starts, REF.split())]
    assert tagger(REF) == dl.io_pairs(dl.spans(REF, labels))
    # the direction distribution on "i [SEP] o [SEP] text", and the JSD of the two sides
    pairs = [("Zinc", "blood pressure"), ("Zinc", "adults")]
    res = dl.delta(REF, CAND, direction, pairs=pairs)
    model, tok = direction.model, direction.tok
    with torch.no_grad():
        enc = tok([f"Zinc [SEP] adults [SEP] {REF}", f"Zinc [SEP] adults [SEP] {CAND}"], padding=True, return_tensors="pt")
        p, q = torch.softmax(model(**enc).logits, dim=-1).tolist()
    assert res.pairs[1]["reference"] == pytest.approx(p, rel=1e-5) and res.pairs[1]["candidate"] == pytest.approx(q, rel=1e-5)
    assert res.pairs[1]["jsd"] == pytest.approx(dl.jensen_shannon(p, q)) and 0 < res.pairs[1]["jsd"] < 1
    assert res.score == pytest.approx((res.pairs[0]["jsd"] + res.pairs[1]["jsd"]) / 2)


def test_st_score_runs_delta_and_acu_from_checkpoint_directories(tmp_path):
    pytest.importorskip("torch")
    import scholartools as st

    from test_acu import tiny_bert

    for name, labels, seed in (("direction", DIRECTIONS, 4), ("nli", ["entailment", "neutral", "contradiction"], 5)):
        model, tok = tiny_bert("sequence", labels, seed, WORDS)
        model.save_pretrained(tmp_path / name)
        tok.save_pretrained(tmp_path / name)
    recs = [{"id": "a", "reference": REF, "candidate": CAND, "io_pairs": [["Zinc", "adults"]],
             "acus": ["Zinc lowered blood pressure", "in adults"]},
            {"id": "b", "reference": REF, "candidate": CAND}]
    out = st.run("st-score", recs, metric="delta,acu",
                 models=[f"direction={tmp_path / 'direction'}", f"nli={tmp_path / 'nli'}"])
    direction = dl.DirectionClassifier(str(tmp_path / "direction"))
    assert out[0]["scores"]["delta"] == pytest.approx(dl.delta(REF, CAND, direction, pairs=[("Zinc", "adults")]).score)
    from scholartools.metrics.acu import NLIChecker, acu_score

    want = acu_score(REF, CAND, NLIChecker(str(tmp_path / "nli")), acus=recs[0]["acus"]).score
    assert out[0]["scores"]["acu"] == want and want in (0.0, 0.5, 1.0)
    # a record without io_pairs and no tagger: an error record naming the field and the role
    assert out[1]["error"]["kind"] == "missing_field" and "io-tagger" in out[1]["error"]["message"]
    assert out[0]["provenance"][-1]["checkpoints"]["delta"] == {"direction": str(tmp_path / "direction")}
    with pytest.raises(st.CommandError, match="--model qg=DIR"):
        st.run("st-score", recs, metric="questeval", models=[f"qa={tmp_path / 'nli'}"])
    with pytest.raises(st.CommandError, match="unknown role"):
        st.run("st-score", recs, metric="delta", models=[f"oracle={tmp_path}"])
