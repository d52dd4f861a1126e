"""Fine-tune and run an encoder-decoder baseline (BAGELS §5.4 T5 / BART / Pegasus; FM §4.1 PLM
summarisers) on JSON Lines records, from a local checkpoint directory (nothing is downloaded).

    python -m tools.seq2seq train -i train.jsonl --model t5-small/ --out tuned/ --source text --target limitation --prefix "summarize: "
    python -m tools.seq2seq generate -i test.jsonl --model tuned/ --source text --into generated --prefix "summarize: "

Needs ``scholartools[torch]``. The recipe's defaults are BAGELS' (scholartools/generate/seq2seq.py).
"""
from __future__ import annotations

import sys

import click
import orjson


def _records(path: str) -> list[dict]:
    with (sys.stdin.buffer if path == "-" else open(path, "rb")) as f:
        return [orjson.loads(line) for line in f if line.strip()]


def _text(rec: dict, field: str, where: str) -> str:
    from scholartools.records import get_path

    value = get_path(rec, field)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = "\n".join(value)
    if not isinstance(value, str):
        raise click.UsageError(f"{where}: record {rec.get('id')} has no text in '{field}'")
    return value


@click.group()
def main():
    """Fine-tune or run a seq2seq baseline from a local checkpoint."""


@main.command()
@click.option("-i", "--input", "path", default="-", show_default=True, help="Training records (JSONL).")
@click.option("--model", "model_dir", required=True, help="Local checkpoint directory to start from.")
@click.option("--out", "out_dir", required=True, help="Where the fine-tuned model and tokenizer go.")
@click.option("--source", default="text", show_default=True, help="Input text field (a list is joined by lines).")
@click.option("--target", default="target", show_default=True, help="Target text field.")
@click.option("--prefix", default="", help='Task prefix (T5: "summarize: ").')
@click.option("--epochs", type=int, default=3, show_default=True)
@click.option("--lr", type=float, default=5e-5, show_default=True)
@click.option("--warmup", type=int, default=300, show_default=True)
@click.option("--batch-size", type=int, default=4, show_default=True)
@click.option("--max-input-tokens", type=int, default=512, show_default=True, help="T5 512; BART / Pegasus 1024.")
@click.option("--max-target-tokens", type=int, default=100, show_default=True)
@click.option("--seed", type=int, default=42, show_default=True)
def train(path, model_dir, out_dir, source, target, prefix, epochs, lr, warmup, batch_size, max_input_tokens,
          max_target_tokens, seed):
    """Fine-tune on (source, target) pairs; prints the loss per epoch on stderr."""
    from scholartools.generate import seq2seq

    recs = _records(path)
    pairs = [(_text(r, source, "--source"), _text(r, target, "--target")) for r in recs]
    info = seq2seq.fine_tune(pairs, out_dir, model_dir, prefix=prefix, epochs=epochs, lr=lr, warmup_steps=warmup,
                             batch_size=batch_size, max_input_tokens=max_input_tokens,
                             max_target_tokens=max_target_tokens, seed=seed)
    click.echo(f"{info['steps']} steps, last loss {info['losses'][-1]:.4f}, saved to {out_dir}", err=True)


@main.command()
@click.option("-i", "--input", "path", default="-", show_default=True, help="Records (JSONL).")
@click.option("--model", "model_dir", required=True, help="Local (fine-tuned) checkpoint directory.")
@click.option("--source", default="text", show_default=True, help="Input text field.")
@click.option("--into", default="generated", show_default=True, help="Field the output goes into.")
@click.option("--prefix", default="", help='Task prefix (T5: "summarize: ").')
@click.option("--max-input-tokens", type=int, default=512, show_default=True)
@click.option("--max-length", type=int, default=150, show_default=True)
@click.option("--beams", type=int, default=5, show_default=True)
def generate(path, model_dir, source, into, prefix, max_input_tokens, max_length, beams):
    """Write each record with the model's output in --into (beam search, as BAGELS)."""
    from scholartools.generate import seq2seq
    from scholartools.records import set_path

    recs = _records(path)
    outs = seq2seq.generate([_text(r, source, "--source") for r in recs], model_dir, prefix=prefix,
                            max_input_tokens=max_input_tokens, max_length=max_length, num_beams=beams)
    for rec, text in zip(recs, outs):
        set_path(rec, into, text)
        sys.stdout.buffer.write(orjson.dumps(rec) + b"\n")


if __name__ == "__main__":
    main()
