"""The automatic ACU score (Liu et al. 2023; the FM paper's ACU baseline): ACU splitting and the
fraction matched by hand with a scripted checker, and the code path over a seq2seq ACU writer and an
NLI sequence classifier on tiny randomly initialised models built here (the authors' weights cannot
be downloaded here; issue 34 item 7)."""
from __future__ import annotations

import pytest

from scholartools.metrics import acu

REF = "Zinc lowered blood pressure. The trial had 40 adults."
CAND = "Zinc lowered blood pressure in 40 adults."


def test_split_acus_by_hand():
    text = "- Zinc lowered blood pressure.\n2. The trial had 40 adults\n\n• zinc LOWERED blood pressure.\n(b) It ran a year"
    assert acu.split_acus(text) == ["Zinc lowered blood pressure.", "The trial had 40 adults", "It ran a year"]
    assert acu.split_acus("a b <sep> c d <sep> ", sep="<sep>") == ["a b", "c d"]


def test_fraction_of_entailed_acus_by_hand():
    units = ["Zinc lowered blood pressure.", "The trial had 40 adults.", "It ran a year."]
    seen = []

    def check(pairs):
        seen.extend(pairs)
        return [(a != "It ran a year.", 0.9 if a != "It ran a year." else 0.2) for _, a in pairs]

    res = acu.acu_score(REF, CAND, check, acus=units)
    assert seen == [(CAND, u) for u in units]          # premise = candidate, hypothesis = ACU
    assert res.score == pytest.approx(2 / 3)
    assert [r["matched"] for r in res.acus] == [True, True, False]
    # the writer's output is split into units
    written = acu.acu_score(REF, CAND, check, write=lambda texts: ["- It ran a year.\n- Zinc lowered blood pressure."])
    assert [r["acu"] for r in written.acus] == ["It ran a year.", "Zinc lowered blood pressure."] and written.score == 0.5
    assert acu.acu_score(REF, CAND, check, acus=[]).score is None
    with pytest.raises(ValueError):
        acu.acu_score(REF, CAND, check)


def test_entailment_label_from_id2label():
    assert acu.entailment_index({0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}) == 2
    assert acu.entailment_index({"0": "entailment", "1": "not_entailment"}) == 0
    assert acu.entailment_index({0: "LABEL_0", 1: "LABEL_1"}, "LABEL_1") == 1
    with pytest.raises(ValueError, match="entailment"):
        acu.entailment_index({0: "LABEL_0", 1: "LABEL_1"})


WORDS = (REF + " " + CAND + " It ran a year").split()


def word_tokenizer(words=WORDS):
    """A word-level fast tokenizer with BERT's [CLS] … [SEP] (… [SEP]) templates, built in memory."""
    from tokenizers import Tokenizer, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "</s>"]
    vocab = {t: i for i, t in enumerate(specials + list(dict.fromkeys(words)))}
    core = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    core.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    return PreTrainedTokenizerFast(tokenizer_object=core, pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]",
                                   sep_token="[SEP]", eos_token="</s>")


def tiny_bert(kind, labels, seed, words=WORDS):
    """A 1-layer BERT (hidden 16) for sequence or token classification with ``labels``."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertForTokenClassification

    tok = word_tokenizer(words)
    torch.manual_seed(seed)
    cfg = BertConfig(vocab_size=len(tok), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=32, max_position_embeddings=64, id2label=dict(enumerate(labels)),
                     label2id={n: i for i, n in enumerate(labels)})
    cls = BertForSequenceClassification if kind == "sequence" else BertForTokenClassification
    return cls(cfg), tok


def test_the_writer_and_nli_code_path_on_tiny_random_models():
    pytest.importorskip("torch")
    import torch

    from test_questeval import tiny_t5

    nli = tiny_bert("sequence", ["contradiction", "entailment", "neutral"], 0)
    checker = acu.NLIChecker(model=nli)
    assert checker.entail == 1
    writer = acu.Seq2SeqWriter(model=tiny_t5(2), max_length=8)
    res = acu.acu_score(REF, CAND, checker, writer)
    assert [r["acu"] for r in res.acus] == acu.split_acus(writer([REF])[0])
    # P(entailment) and the argmax decision recomputed by hand from the classifier's logits
    units = ["Zinc lowered blood pressure.", "The trial had 40 adults.", "It ran a year."]
    res = acu.acu_score(REF, CAND, checker, acus=units)
    model, tok = nli
    with torch.no_grad():
        probs = torch.softmax(model(**tok([CAND] * 3, units, padding=True, return_tensors="pt")).logits, dim=-1)
    want = [bool(row.argmax() == 1) for row in probs]
    assert [r["p_entailment"] for r in res.acus] == pytest.approx(probs[:, 1].tolist(), rel=1e-5)
    assert [r["matched"] for r in res.acus] == want and res.score == pytest.approx(sum(want) / 3)
    # with a threshold the decision is P(entailment) >= threshold
    low = acu.NLIChecker(model=nli, threshold=0.0)
    assert acu.acu_score(REF, CAND, low, acus=units).score == 1.0


def test_st_score_runs_the_acu_writer_and_checker_from_checkpoint_directories(tmp_path, monkeypatch):
    pytest.importorskip("torch")
    import scholartools as st
    from scholartools.metrics import baselines

    model, tok = tiny_bert("sequence", ["entailment", "other"], 6)
    model.save_pretrained(tmp_path / "nli")
    tok.save_pretrained(tmp_path / "nli")
    (tmp_path / "writer").mkdir()
    # the writer's checkpoint is scripted here (its seq2seq code path is tested above): what st-score
    # adds is the directory it is asked for, --acu-sep, and the units reaching the real NLI checker
    asked = []
    monkeypatch.setattr(baselines, "acu_writer", lambda models: asked.append(models["acu-writer"]) or (
        lambda texts: ["Zinc lowered blood pressure. || The trial had 40 adults. || It ran a year."]))
    (out,) = st.run("st-score", [{"reference": REF, "candidate": CAND}], metric="acu", acu_sep="||",
                    models=[f"nli={tmp_path / 'nli'}", f"acu-writer={tmp_path / 'writer'}"])
    units = ["Zinc lowered blood pressure.", "The trial had 40 adults.", "It ran a year."]
    want = acu.acu_score(REF, CAND, acu.NLIChecker(str(tmp_path / "nli")), acus=units).score
    assert asked == [str(tmp_path / "writer")] and out["scores"]["acu"] == want
    assert out["provenance"][-1]["checkpoints"]["acu"] == {"nli": str(tmp_path / "nli"),
                                                          "acu-writer": str(tmp_path / "writer")}
    assert out["provenance"][-1]["acu_sep"] == "||"
