"""Local HuggingFace classifier checkpoints for the model-based baselines (ACU's NLI checker,
DELTA's I/O tagger and evidence-direction classifier): loading from a directory (nothing is
downloaded), class probabilities of texts or text pairs, and token labels with character
offsets. torch and transformers come with ``scholartools[torch]`` and are imported on first use.
"""
from __future__ import annotations

from typing import Any

_AUTO = {"sequence-classification": "AutoModelForSequenceClassification",
         "token-classification": "AutoModelForTokenClassification"}


def load(model_dir: str, kind: str, what: str) -> tuple[Any, Any]:
    """(model, tokenizer) of ``kind`` (sequence- or token-classification) from a local directory."""
    from scholartools.extras import require

    require("torch", what)
    tf = require("transformers", what)
    tok = tf.AutoTokenizer.from_pretrained(model_dir, local_files_only=True)
    model = getattr(tf, _AUTO[kind]).from_pretrained(model_dir, local_files_only=True)
    return model, tok


def _accepted(model, enc) -> dict:
    """The tokenizer's outputs the model's forward takes (DistilBERT, say, takes no token_type_ids)."""
    import inspect

    params = inspect.signature(model.forward).parameters
    return {k: v for k, v in enc.items() if k in params}


def class_probabilities(model, tok, inputs: list, max_input_tokens: int = 512, batch_size: int = 16,
                        what: str = "the classifier") -> list[list[float]]:
    """Softmax over the classes for each input: a text, or a (text, text pair) tuple."""
    from scholartools.extras import require

    torch = require("torch", what)
    model.eval()
    out: list[list[float]] = []
    with torch.no_grad():
        for i in range(0, len(inputs), batch_size):
            batch = inputs[i:i + batch_size]
            if batch and isinstance(batch[0], tuple):
                enc = tok([a for a, _ in batch], [b for _, b in batch], max_length=max_input_tokens,
                          truncation=True, padding=True, return_tensors="pt")
            else:
                enc = tok(list(batch), max_length=max_input_tokens, truncation=True, padding=True,
                          return_tensors="pt")
            out.extend(torch.softmax(model(**_accepted(model, enc)).logits, dim=-1).tolist())
    return out


def token_labels(model, tok, text: str, max_input_tokens: int = 512, what: str = "the tagger") -> list[tuple[str, int, int]]:
    """The argmax label of each (non-special) token of ``text`` with its character span, in order
    (a fast tokenizer is needed for the offsets)."""
    from scholartools.extras import require

    torch = require("torch", what)
    model.eval()
    enc = tok(text, max_length=max_input_tokens, truncation=True, return_offsets_mapping=True,
              return_special_tokens_mask=True, return_tensors="pt")
    offsets = enc.pop("offset_mapping")[0].tolist()
    special = enc.pop("special_tokens_mask")[0].tolist()
    with torch.no_grad():
        ids = model(**_accepted(model, enc)).logits[0].argmax(dim=-1).tolist()
    names = model.config.id2label
    return [(str(names[k]), s, e) for k, (s, e), sp in zip(ids, offsets, special) if not sp and e > s]
