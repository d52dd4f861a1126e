"""Fine-tuned encoder-decoder baselines: BAGELS' T5 / BART / Pegasus limitation generators (§5.4)
and the FM paper's PLM summarisers (LongT5, BigBird-Pegasus; §4.1), from a local model directory.

Their weights cannot be downloaded here, so the code path is kept and tested on a tiny randomly
initialised model built in the test (docs/fidelity.md says so):

* :func:`fine_tune` — BAGELS' recipe (spec §5.4): inputs cut to ``max_input_tokens`` (T5 512,
  BART / Pegasus 1024), targets to ``max_target_tokens`` (the notebook: 100), T5's ``"summarize: "``
  prefix, AdamW with lr 5e-5, weight decay 0.01, a linear warm-up of 300 steps then linear decay,
  batch 4, 3 epochs, seed 42; the model and tokenizer saved to ``out_dir``. (The notebooks used
  the HF Trainer with early stopping on a 30 % split; the split is the caller's.)
* :func:`generate` — beam search as the notebooks: 5 beams, ``max_length`` 150, early stopping.

torch and transformers come with ``scholartools[torch]`` and are imported only here, on first use.
"""
from __future__ import annotations

from typing import Any

#: BAGELS' decoding of the fine-tuned baselines (spec §5.4)
NUM_BEAMS = 5
MAX_LENGTH = 150
#: T5's task prefix in the notebooks
T5_PREFIX = "summarize: "


def _modules(what: str) -> tuple[Any, Any]:
    from scholartools.extras import require

    return require("torch", what), require("transformers", what)


def load(model_dir: str, what: str = "the seq2seq baseline") -> tuple[Any, Any]:
    """(model, tokenizer) from a local directory (nothing is downloaded)."""
    _, tf = _modules(what)
    tok = tf.AutoTokenizer.from_pretrained(model_dir, local_files_only=True)
    model = tf.AutoModelForSeq2SeqLM.from_pretrained(model_dir, local_files_only=True)
    return model, tok


def generate(texts: list[str], model_dir: str | None = None, *, model=None, tokenizer=None, prefix: str = "",
             max_input_tokens: int = 512, max_length: int = MAX_LENGTH, num_beams: int = NUM_BEAMS,
             batch_size: int = 4) -> list[str]:
    """One output per text: beam search (``num_beams``, ``max_length``, early stopping) on the
    text cut to ``max_input_tokens`` tokens, special tokens dropped."""
    torch, _ = _modules("the seq2seq baseline")
    if model is None:
        model, tokenizer = load(model_dir)
    model.eval()
    out: list[str] = []
    with torch.no_grad():
        for i in range(0, len(texts), batch_size):
            batch = [prefix + t for t in texts[i:i + batch_size]]
            enc = tokenizer(batch, max_length=max_input_tokens, truncation=True, padding=True, return_tensors="pt")
            ids = model.generate(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"],
                                 num_beams=num_beams, max_length=max_length, early_stopping=True)
            out.extend(tokenizer.batch_decode(ids, skip_special_tokens=True))
    return [t.strip() for t in out]


def fine_tune(pairs: list[tuple[str, str]], out_dir: str | None, model_dir: str | None = None, *, model=None,
              tokenizer=None, prefix: str = "", epochs: int = 3, lr: float = 5e-5, weight_decay: float = 0.01,
              warmup_steps: int = 300, batch_size: int = 4, max_input_tokens: int = 512, max_target_tokens: int = 100,
              seed: int = 42) -> dict:
    """Fine-tune on ``(input text, target text)`` pairs; returns ``{steps, losses (per step), out_dir}``
    and, with ``out_dir``, saves the model and tokenizer there."""
    torch, tf = _modules("fine-tuning the seq2seq baseline")
    if not pairs:
        raise ValueError("fine-tuning needs at least one (input, target) pair")
    if model is None:
        model, tokenizer = load(model_dir)
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    decay = [p for n, p in model.named_parameters() if not any(k in n for k in ("bias", "layer_norm", "LayerNorm"))]
    rest = [p for n, p in model.named_parameters() if any(k in n for k in ("bias", "layer_norm", "LayerNorm"))]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}],
                            lr=lr)
    steps_per_epoch = (len(pairs) + batch_size - 1) // batch_size
    total = steps_per_epoch * epochs
    sched = tf.get_linear_schedule_with_warmup(opt, num_warmup_steps=warmup_steps, num_training_steps=total)
    model.train()
    losses = []
    for _ in range(epochs):
        order = torch.randperm(len(pairs), generator=gen).tolist()
        for b in range(0, len(order), batch_size):
            chunk = [pairs[k] for k in order[b:b + batch_size]]
            enc = tokenizer([prefix + x for x, _ in chunk], max_length=max_input_tokens, truncation=True,
                            padding=True, return_tensors="pt")
            labels = tokenizer(text_target=[y for _, y in chunk], max_length=max_target_tokens, truncation=True,
                               padding=True, return_tensors="pt")["input_ids"]
            labels[labels == tokenizer.pad_token_id] = -100   # padding is not predicted
            loss = model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"], labels=labels).loss
            loss.backward()
            opt.step()
            sched.step()
            opt.zero_grad()
            losses.append(float(loss.detach()))
    if out_dir:
        model.save_pretrained(out_dir)
        tokenizer.save_pretrained(out_dir)
    return {"steps": len(losses), "losses": losses, "out_dir": out_dir}
