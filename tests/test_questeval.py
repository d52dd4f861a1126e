"""QuestEval's algorithm (Scialom et al. 2021; the FM paper's QA-based baseline): the scoring by
hand with scripted question generation and answering, and the code path over seq2seq checkpoints on
tiny randomly initialised T5 models built here (the authors' QG / QA weights cannot be downloaded
here; issue 34 item 7)."""
from __future__ import annotations

import pytest

from scholartools.metrics import questeval as qe

SOURCE = "Paris has 42 cats."
SUMMARY = "Paris has 7 dogs."


def test_token_f1_and_answer_selection_by_hand():
    # "the cat sat" -> [cat, sat]; "a cat sat down" -> [cat, sat, down]: P 1, R 2/3, F1 0.8
    assert qe.token_f1("the cat sat", "a cat sat down") == pytest.approx(0.8)
    assert qe.token_f1("dogs", "cats") == 0.0 and qe.token_f1("", "") == 1.0 and qe.token_f1("", "x") == 0.0
    # numbers, then capitalised runs (a sentence's lone first word is not one), then content words
    assert qe.select_answers("We tested 42 cats in New York. Results were good.") == [
        "42", "New York", "tested", "cats", "Results", "good"]
    assert qe.select_answers(SUMMARY) == ["7", "Paris", "dogs"]
    assert qe.select_answers(SOURCE, max_answers=2) == ["42", "Paris"]


def _scripted():
    asked = []

    def ask(pairs):
        asked.extend(pairs)
        return [f"what about {a}?" for a, _ in pairs]

    on_source = {"7": ("42", 0.5), "Paris": ("Paris", 0.0), "dogs": ("cats", 0.4)}
    on_summary = {"42": ("7", 0.9), "Paris": ("Paris", 0.2), "cats": ("dogs", 0.7)}

    def answer(pairs):
        out = []
        for q, text in pairs:
            key = q[len("what about "):-1]
            out.append((on_source if text == SOURCE else on_summary)[key])
        return out

    return ask, answer, asked


def test_precision_recall_and_their_harmonic_mean_by_hand():
    ask, answer, asked = _scripted()
    res = qe.questeval(SOURCE, SUMMARY, ask, answer)
    # questions from the summary's answers, asked of the summary; from the source's, of the source
    assert asked == [("7", SUMMARY), ("Paris", SUMMARY), ("dogs", SUMMARY),
                     ("42", SOURCE), ("Paris", SOURCE), ("cats", SOURCE)]
    # precision: answered on the source, F1 with the summary's answer: 42 vs 7, Paris, cats vs dogs
    assert res.precision == pytest.approx(1 / 3)
    # recall: answered on the summary, answerability 1 - P(unanswerable): .1, .8, .3
    assert res.recall == pytest.approx(0.4)
    assert res.score == pytest.approx(2 * (1 / 3) * 0.4 / (1 / 3 + 0.4))          # 0.3636…
    assert qe.questeval(SOURCE, SUMMARY, ask, answer, combine="mean").score == pytest.approx((1 / 3 + 0.4) / 2)
    # the query weighter W(q, D) weights recall only: Paris twice -> (.1 + 2 * .8 + .3) / 4
    weighted = qe.questeval(SOURCE, SUMMARY, ask, answer, weighter=lambda q, a, d: 2.0 if a == "Paris" else 1.0)
    assert weighted.recall == pytest.approx(0.5) and weighted.precision == pytest.approx(1 / 3)
    with pytest.raises(ValueError):
        qe.questeval(SOURCE, SUMMARY, ask, answer, combine="max")


def tiny_t5(seed):
    """A 1-layer T5 (d_model 32) and a word-level tokenizer over the texts' words, built in memory."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration

    words = (SOURCE + " " + SUMMARY + " what about unanswerable").split()
    vocab = {"<pad>": 0, "</s>": 1, "<unk>": 2, **{w: i + 3 for i, w in enumerate(dict.fromkeys(words))}}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    core.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", 1)])
    tok = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="<pad>", eos_token="</s>", unk_token="<unk>")
    torch.manual_seed(seed)
    cfg = T5Config(vocab_size=len(vocab), d_model=32, d_ff=64, d_kv=16, num_layers=1, num_decoder_layers=1,
                   num_heads=2, dropout_rate=0.0, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    return T5ForConditionalGeneration(cfg), tok


def test_the_seq2seq_code_path_on_tiny_random_models():
    pytest.importorskip("torch")
    import torch

    qg, qa = tiny_t5(0), tiny_t5(1)
    scorer = qe.Seq2SeqQuestions(qg=qg, qa=qa, max_length=6)
    res = scorer.score(SOURCE, SUMMARY)
    assert [(r["side"], r["answer"]) for r in res.questions] == [
        ("summary", "7"), ("summary", "Paris"), ("summary", "dogs"),
        ("source", "42"), ("source", "Paris"), ("source", "cats")]
    # P(unanswerable) is the QA model's first-step probability of the token "unanswerable",
    # recomputed here by hand for the first recall question (asked of the summary)
    model, tok = qa
    q = res.questions[3]["question"]
    enc = tok([f"{q} </s> {SUMMARY}"], return_tensors="pt")
    with torch.no_grad():
        logits = model(input_ids=enc["input_ids"], decoder_input_ids=torch.zeros((1, 1), dtype=torch.long)).logits
    want = torch.softmax(logits[0, 0], dim=-1)[tok.convert_tokens_to_ids("unanswerable")].item()
    assert res.questions[3]["p_unanswerable"] == pytest.approx(want, rel=1e-5)
    assert 0 < want < 1
    # the scores are the formulas over the models' answers
    prec = [qe.token_f1(r["predicted"], r["answer"]) for r in res.questions[:3]]
    rec = [1 - r["p_unanswerable"] for r in res.questions[3:]]
    assert res.precision == pytest.approx(sum(prec) / 3) and res.recall == pytest.approx(sum(rec) / 3)
    assert res.score == pytest.approx(2 * res.precision * res.recall / (res.precision + res.recall)
                                      if res.precision + res.recall else 0.0)


def test_st_score_runs_questeval_from_checkpoint_directories(tmp_path):
    pytest.importorskip("torch")
    import scholartools as st

    for name, seed in (("qg", 0), ("qa", 1)):
        model, tok = tiny_t5(seed)
        model.save_pretrained(tmp_path / name)
        tok.save_pretrained(tmp_path / name)
    (out,) = st.run("st-score", [{"reference": SOURCE, "candidate": SUMMARY}], metric="questeval",
                    models=[f"qg={tmp_path / 'qg'}", f"qa={tmp_path / 'qa'}"])
    want = qe.Seq2SeqQuestions(str(tmp_path / "qg"), str(tmp_path / "qa")).score(SOURCE, SUMMARY)
    assert out["scores"]["questeval"] == pytest.approx({"p": want.precision, "r": want.recall, "f": want.score})
