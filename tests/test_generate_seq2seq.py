"""The fine-tuned seq2seq baselines' code path (BAGELS §5.4 T5/BART/Pegasus, FM §4.1 PLM
summarisers) on a tiny randomly initialised T5 built here: no weights are downloaded (issue 34
item 7). The real models need their weights, which this machine cannot reach."""
from __future__ import annotations

import pytest

from scholartools.generate import seq2seq

WORDS = "the data is small only english future work no code release limitation paper we study cats".split()
PAIRS = [("we study cats", "the data is small"), ("paper on english", "only english no code release")]


def tiny_t5():
    """A 1-layer T5 (d_model 32) and a word-level tokenizer over WORDS, both built in memory."""
    import torch
    from tokenizers import Tokenizer, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration

    vocab = {"<pad>": 0, "</s>": 1, "<unk>": 2, **{w: i + 3 for i, w in enumerate(dict.fromkeys(WORDS))}}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    core.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", 1)])
    tok = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="<pad>", eos_token="</s>", unk_token="<unk>")
    torch.manual_seed(0)
    cfg = T5Config(vocab_size=len(vocab), d_model=32, d_ff=64, d_kv=16, num_layers=1, num_decoder_layers=1,
                   num_heads=2, dropout_rate=0.0, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
    return T5ForConditionalGeneration(cfg), tok


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    model, tok = tiny_t5()
    out = tmp_path_factory.mktemp("seq2seq") / "tiny-t5"
    info = seq2seq.fine_tune(PAIRS, str(out), model=model, tokenizer=tok, epochs=60, lr=1e-2, warmup_steps=0,
                             batch_size=2)
    return out, info


def test_fine_tune_then_generate_reproduces_the_targets(tuned):
    out, info = tuned
    assert info["steps"] == 60 and info["losses"][-1] < info["losses"][0] / 10
    assert (out / "config.json").is_file()
    # reloaded from the saved directory, as a user's fine-tuned checkpoint would be
    got = seq2seq.generate([x for x, _ in PAIRS], str(out), num_beams=5, max_length=12)
    assert got == [y for _, y in PAIRS]


def test_the_tool_writes_each_records_output(tuned, tmp_path):
    import orjson
    from click.testing import CliRunner

    from tools.seq2seq import main

    src = tmp_path / "in.jsonl"
    src.write_bytes(b"".join(orjson.dumps({"id": f"r{k}", "paper": {"text": x}}) + b"\n"
                             for k, (x, _) in enumerate(PAIRS)))
    res = CliRunner().invoke(main, ["generate", "-i", str(src), "--model", str(tuned[0]), "--source", "paper.text",
                                    "--max-length", "12"])
    assert res.exit_code == 0, res.output
    recs = [orjson.loads(line) for line in res.stdout.splitlines() if line.strip()]
    assert [r["generated"] for r in recs] == [y for _, y in PAIRS] and recs[0]["id"] == "r0"


def test_warmup_and_weight_decay_follow_the_recipe():
    model, tok = tiny_t5()
    info = seq2seq.fine_tune(PAIRS[:1], None, model=model, tokenizer=tok, epochs=3, warmup_steps=300)
    # 3 steps into a 300-step warm-up: the learning rate is still tiny, so the loss barely moves
    assert info["steps"] == 3 and abs(info["losses"][-1] - info["losses"][0]) < 1e-3
    with pytest.raises(ValueError):
        seq2seq.fine_tune([], None, model=model, tokenizer=tok)
