"""A numpy-only sentence encoder for mean-pooled BERT models such as all-MiniLM-L6-v2.

Why: importing sentence-transformers (transformers' BERT modelling, torch) costs ~8 s per
process; this module imports numpy, ``tokenizers`` and ``safetensors`` (~0.2 s together) and
computes the same vectors (cosine to the sentence-transformers output ≥ 0.99999, see
``tests/test_embeddings_native.py``).

What it computes, read from the model directory (a sentence-transformers layout):

- ``tokenizer.json`` (the fast WordPiece tokenizer), truncated to ``max_seq_length`` tokens
  (``sentence_bert_config.json``; special tokens included) and padded per batch;
- ``config.json``: a BERT encoder — word + absolute position + token-type embeddings and
  LayerNorm, then ``num_hidden_layers`` post-LayerNorm layers of multi-head self-attention
  (padded keys masked out) and a feed-forward block with exact (erf) GELU;
- ``1_Pooling/config.json``: mean pooling over the real (unpadded) tokens;
- then L2 normalisation.

Anything else (another architecture, activation, pooling mode, extra modules such as a Dense
layer) is refused with :class:`UnsupportedModel`, so the encoder never silently computes a
different function than sentence-transformers would. Everything is float32. Texts are batched
by token length (least padding) and the output keeps the input order.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

#: modules a supported sentence-transformers pipeline may list (in this order)
_TRANSFORMER = "sentence_transformers.models.Transformer"
_POOLING = "sentence_transformers.models.Pooling"
_NORMALIZE = "sentence_transformers.models.Normalize"
#: architectures whose checkpoint holds a plain BERT encoder (heads, if any, are ignored)
_ARCHITECTURES = {"BertModel", "BertForMaskedLM", "BertForPreTraining"}
#: attention scores of padded keys get this added (as transformers does): exp() underflows to 0
_MASKED = float(-3.4028234663852886e38)
#: cap on the attention-score array of one batch (batch × heads × length², float32 bytes)
_ATTENTION_BYTES = 96 * 2**20
#: element counts of the attention-score and feed-forward chunks (kept cache-sized)
_SCORE_CHUNK = 1 << 18
_FFN_CHUNK = 256
_GELU_ROWS = 32
#: a batch holds texts of at least this fraction of its longest text's tokens (the rest is padding)
_PADDED = 0.8
#: how many BLAS threads the forward pass may use: a positive integer, or ``auto`` (leave BLAS as
#: the process set it up: ``OPENBLAS_NUM_THREADS`` or one per core); unset: 1
THREADS_ENV = "ST_EMBED_THREADS"


class UnsupportedModel(ValueError):
    """The directory does not hold a mean-pooled BERT model this encoder reproduces exactly."""


def _read_json(path: Path) -> dict | list:
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise UnsupportedModel(f"{path.name} is missing in {path.parent}") from None
    except (OSError, ValueError) as exc:
        raise UnsupportedModel(f"cannot read {path}: {exc}") from None


def read_spec(path: str | os.PathLike) -> dict:
    """Check that ``path`` holds a supported model and return what the forward pass needs.

    Reads only the small JSON files (no weights). Raises :class:`UnsupportedModel` naming the
    first thing that does not fit.
    """
    root = Path(path)
    if not root.is_dir():
        raise UnsupportedModel(f"{path} is not a local model directory")
    for name in ("config.json", "tokenizer.json", "model.safetensors", "modules.json"):
        if not (root / name).is_file():
            raise UnsupportedModel(f"{name} is missing in {root}")

    modules = _read_json(root / "modules.json")
    types = [m.get("type") for m in modules] if isinstance(modules, list) else None
    if types not in ([_TRANSFORMER, _POOLING], [_TRANSFORMER, _POOLING, _NORMALIZE]):
        raise UnsupportedModel(f"modules.json must list Transformer, Pooling[, Normalize]; found {types}")
    if modules[0].get("path", "") not in ("", "."):
        raise UnsupportedModel("the Transformer module must live in the model's root directory")
    pooling_dir = root / modules[1].get("path", "1_Pooling")

    cfg = _read_json(root / "config.json")
    if cfg.get("model_type") != "bert":
        raise UnsupportedModel(f"model_type is {cfg.get('model_type')!r}, not 'bert'")
    archs = set(cfg.get("architectures") or ["BertModel"])
    if not archs <= _ARCHITECTURES:
        raise UnsupportedModel(f"architectures {sorted(archs)} are not a plain BERT encoder")
    if cfg.get("hidden_act", "gelu") != "gelu":
        raise UnsupportedModel(f"hidden_act is {cfg.get('hidden_act')!r}; only exact 'gelu' is implemented")
    if cfg.get("position_embedding_type", "absolute") != "absolute":
        raise UnsupportedModel("only absolute position embeddings are implemented")
    if cfg.get("is_decoder") or cfg.get("add_cross_attention"):
        raise UnsupportedModel("decoder / cross-attention BERT configurations are not supported")
    try:
        hidden = int(cfg["hidden_size"])
        heads = int(cfg["num_attention_heads"])
        layers = int(cfg["num_hidden_layers"])
        intermediate = int(cfg["intermediate_size"])
        max_positions = int(cfg["max_position_embeddings"])
    except (KeyError, TypeError, ValueError) as exc:
        raise UnsupportedModel(f"config.json lacks a usable {exc}") from None
    if hidden % heads:
        raise UnsupportedModel(f"hidden_size {hidden} is not a multiple of num_attention_heads {heads}")
    eps = float(cfg.get("layer_norm_eps", 1e-12))

    st_cfg = _read_json(root / "sentence_bert_config.json") if (root / "sentence_bert_config.json").is_file() else {}
    unknown = set(st_cfg) - {"max_seq_length", "do_lower_case"}
    if unknown:
        raise UnsupportedModel(f"sentence_bert_config.json sets {sorted(unknown)}, which this encoder ignores")
    max_len = st_cfg.get("max_seq_length")
    if max_len is None:  # sentence-transformers' rule: the smaller of the model's and the tokenizer's limit
        tok_cfg = _read_json(root / "tokenizer_config.json") if (root / "tokenizer_config.json").is_file() else {}
        max_len = min(max_positions, int(tok_cfg.get("model_max_length", max_positions)))
    max_len = int(max_len)
    if not 2 < max_len <= max_positions:
        raise UnsupportedModel(f"max_seq_length {max_len} does not fit max_position_embeddings {max_positions}")

    pool = _read_json(pooling_dir / "config.json")
    modes = {k: v for k, v in pool.items() if k.startswith("pooling_mode")}
    if modes.get("pooling_mode_mean_tokens") is not True or any(v for k, v in modes.items()
                                                                  if k != "pooling_mode_mean_tokens"):
        raise UnsupportedModel(f"pooling must be mean over tokens only; found {modes}")
    if pool.get("include_prompt", True) is not True:
        raise UnsupportedModel("pooling with include_prompt=false is not supported")
    if int(pool.get("word_embedding_dimension", hidden)) != hidden:
        raise UnsupportedModel("pooling word_embedding_dimension differs from the model's hidden_size")

    return {"path": str(root), "hidden": hidden, "heads": heads, "layers": layers,
            "intermediate": intermediate, "max_positions": max_positions, "eps": eps,
            "max_seq_length": max_len, "lowercase": bool(st_cfg.get("do_lower_case", False)),
            "pad_id": int(cfg.get("pad_token_id") or 0)}


def is_supported(path: str | os.PathLike) -> bool:
    """Whether :func:`read_spec` accepts ``path`` (cheap: reads the JSON files only)."""
    try:
        read_spec(path)
    except UnsupportedModel:
        return False
    return True


# --------------------------------------------------------------------------- numerics

#: GELU table: Φ(x) = (1 + erf(x/√2))/2 sampled every 1/_STEPS on [-_LIMIT, _LIMIT] from the
#: standard library's exact erfc (≈16k calls, ~5 ms), evaluated by linear interpolation. The
#: interpolation error is ≤ h²/8·max|Φ''| = 0.242/(8·1024²) ≈ 3e-8, below float32 resolution;
#: outside the range Φ is 0 or 1 to double precision. numpy has no erf, scipy.special costs
#: ~0.2 s to import and ~30 ns per value, a float32 erfc polynomial ~20 ns; this ~5 ns.
_STEPS = 1024
_LIMIT = 8
_phi_table = None
_table_lock = threading.Lock()


def _phi() -> "np.ndarray":
    """The interleaved (Φ(x_k), Φ(x_{k+1}) − Φ(x_k)) table as complex64 (one gather per value)."""
    global _phi_table
    if _phi_table is None:
        import numpy as np

        with _table_lock:
            if _phi_table is None:
                n = 2 * _LIMIT * _STEPS
                phi = np.array([0.5 * math.erfc(-((k - _LIMIT * _STEPS) / _STEPS) / math.sqrt(2.0))
                                for k in range(n + 2)])
                table = np.empty(n + 1, dtype=np.complex64)
                table.real = phi[:-1]
                table.imag = np.diff(phi)
                _phi_table = table
    return _phi_table


def gelu(x: "np.ndarray", out: "np.ndarray | None" = None) -> "np.ndarray":
    """Exact-erf GELU, x·Φ(x), to float32 precision (see :data:`_STEPS`); ``out`` may be ``x``."""
    import numpy as np

    table = _phi()
    t = np.multiply(x, np.float32(_STEPS))          # exact: a power of two
    np.clip(t, np.float32(-_LIMIT * _STEPS), np.float32(_LIMIT * _STEPS), out=t)
    cell = np.floor(t)
    t -= cell                                       # position inside the cell, in [0, 1]
    index = cell.astype(np.int32)
    index += _LIMIT * _STEPS
    pair = table.take(index)
    t *= pair.imag
    t += pair.real
    return np.multiply(x, t, out=out)


def _gelu_rows(h: "np.ndarray") -> None:
    """GELU in place on a 2-D array, in cache-sized row blocks (element-wise numpy passes over
    arrays of several MB are memory-bound). Threads do not help: OpenBLAS's spinning workers
    hold the cores."""
    for g in range(0, len(h), _GELU_ROWS):
        gelu(h[g:g + _GELU_ROWS], out=h[g:g + _GELU_ROWS])


def _layer_norm(x: "np.ndarray", weight: "np.ndarray", bias: "np.ndarray", eps: float) -> "np.ndarray":
    """LayerNorm over the last axis, in place on ``x`` (biased variance, as torch)."""
    import numpy as np

    x -= x.mean(axis=-1, keepdims=True)
    var = np.einsum("...i,...i->...", x, x)[..., None]
    var *= np.float32(1.0 / x.shape[-1])
    var += np.float32(eps)
    np.sqrt(var, out=var)
    x /= var
    x *= weight
    x += bias
    return x


# --------------------------------------------------------------------------- BLAS threads

_controller = None
_limit_lock = threading.Lock()
_limit_state: dict = {"users": 0, "limiter": None}


def blas_threads() -> int | None:
    """The BLAS thread count of a forward pass (:data:`THREADS_ENV`): 1 unless set; None for ``auto``.

    Why one: OpenBLAS starts one thread per core, and on a shared machine its second thread spins
    waiting for the first. 1,911 ScholarSum sentences cost 38 CPU s (71 s wall) on one thread and
    193 CPU s (364 s wall) on two, on 2 cores under load ~6 (``benchmarks/embed_speed.py``). The
    vectors differ in the last bit between thread counts (max |difference| 1.2e-7) and are
    identical run to run for one count, so one default keeps every command's records stable."""
    raw = os.environ.get(THREADS_ENV, "").strip().lower()
    if raw == "":
        return 1
    if raw == "auto":
        return None
    try:
        n = int(raw)
    except ValueError:
        n = 0
    if n < 1:
        raise ValueError(f"{THREADS_ENV}={raw!r}: expected a positive number of BLAS threads or 'auto'")
    return n


@contextlib.contextmanager
def _blas_limit():
    """BLAS runs :func:`blas_threads` threads inside (a no-op for ``auto``). Counted across Python
    threads: the first to enter sets the limit and the last to leave restores it, so that no
    encode in flight ever runs on another thread count (which would change its last bits)."""
    n = blas_threads()
    if n is None:
        yield
        return
    global _controller
    with _limit_lock:
        if _limit_state["users"] == 0:
            if _controller is None:
                import numpy  # noqa: F401  (loaded first, so that the controller sees its BLAS)
                from threadpoolctl import ThreadpoolController

                _controller = ThreadpoolController()   # scans the loaded libraries once (~4 ms)
            _limit_state["limiter"] = _controller.limit(limits=n, user_api="blas")
        _limit_state["users"] += 1
    try:
        yield
    finally:
        with _limit_lock:
            _limit_state["users"] -= 1
            if _limit_state["users"] == 0:
                _limit_state["limiter"].restore_original_limits()
                _limit_state["limiter"] = None


# --------------------------------------------------------------------------- the encoder

class Encoder:
    """A loaded model: tokenizer, float32 weights, and :meth:`encode`."""

    def __init__(self, path: str | os.PathLike):
        import numpy as np
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.spec = spec = read_spec(path)
        root = Path(spec["path"])
        tok = Tokenizer.from_file(str(root / "tokenizer.json"))
        tok.no_padding()  # tokenizer.json may carry a fixed padding; batches are padded here
        tok.enable_truncation(max_length=spec["max_seq_length"])
        self.tokenizer = tok
        self._long_tokenizers: dict = {}   # max_length → a copy truncating there (token_states)

        raw = load_file(str(root / "model.safetensors"))
        if not any(k.startswith("embeddings.") for k in raw) and any(k.startswith("bert.") for k in raw):
            raw = {k[len("bert."):]: v for k, v in raw.items() if k.startswith("bert.")}

        def get(name: str, shape: tuple) -> "np.ndarray":
            if name not in raw:
                raise UnsupportedModel(f"weight {name} is missing from model.safetensors")
            value = np.ascontiguousarray(raw[name], dtype=np.float32)
            if value.shape != shape:
                raise UnsupportedModel(f"weight {name} has shape {value.shape}, expected {shape}")
            return value

        d, inter = spec["hidden"], spec["intermediate"]
        word = raw.get("embeddings.word_embeddings.weight")
        if word is None or word.ndim != 2:
            raise UnsupportedModel("embeddings.word_embeddings.weight is missing from model.safetensors")
        self.word = get("embeddings.word_embeddings.weight", (word.shape[0], d))
        self.position = get("embeddings.position_embeddings.weight", (spec["max_positions"], d))
        token_type = raw.get("embeddings.token_type_embeddings.weight")
        self.token_type0 = (np.zeros(d, np.float32) if token_type is None
                            else get("embeddings.token_type_embeddings.weight", (token_type.shape[0], d))[0])
        self.emb_ln = (get("embeddings.LayerNorm.weight", (d,)), get("embeddings.LayerNorm.bias", (d,)))
        self.layers = []
        for i in range(spec["layers"]):
            p = f"encoder.layer.{i}."
            qkv_w = np.concatenate([get(p + f"attention.self.{n}.weight", (d, d)) for n in ("query", "key", "value")])
            qkv_b = np.concatenate([get(p + f"attention.self.{n}.bias", (d,)) for n in ("query", "key", "value")])
            self.layers.append({
                # weights stored transposed (in × out, contiguous) so that x @ W is one sgemm
                "qkv_w": np.ascontiguousarray(qkv_w.T), "qkv_b": qkv_b,
                "out_w": np.ascontiguousarray(get(p + "attention.output.dense.weight", (d, d)).T),
                "out_b": get(p + "attention.output.dense.bias", (d,)),
                "ln1": (get(p + "attention.output.LayerNorm.weight", (d,)),
                        get(p + "attention.output.LayerNorm.bias", (d,))),
                "up_w": np.ascontiguousarray(get(p + "intermediate.dense.weight", (inter, d)).T),
                "up_b": get(p + "intermediate.dense.bias", (inter,)),
                "down_w": np.ascontiguousarray(get(p + "output.dense.weight", (d, inter)).T),
                "down_b": get(p + "output.dense.bias", (d,)),
                "ln2": (get(p + "output.LayerNorm.weight", (d,)), get(p + "output.LayerNorm.bias", (d,))),
            })
        del raw

    @property
    def dimension(self) -> int:
        return self.spec["hidden"]

    def tokenize(self, texts: list[str]) -> list[list[int]]:
        """Token ids per text ([CLS] … [SEP], truncated to max_seq_length)."""
        texts = [t.strip() for t in texts]  # as sentence-transformers does
        if self.spec["lowercase"]:
            texts = [t.lower() for t in texts]
        return [e.ids for e in self.tokenizer.encode_batch(texts, add_special_tokens=True)]

    def _forward(self, ids: "np.ndarray", mask: "np.ndarray") -> "np.ndarray":
        """Mean-pooled (unnormalised) embeddings of one padded batch ``ids`` (B × L)."""
        import numpy as np

        x = self._states(ids, mask)
        real = mask.astype(np.float32)
        summed = np.einsum("bld,bl->bd", x, real)
        counts = np.maximum(real.sum(axis=1, keepdims=True), np.float32(1e-9))
        return summed / counts

    def _states(self, ids: "np.ndarray", mask: "np.ndarray") -> "np.ndarray":
        """The last layer's token states (B × L × d) of one padded batch ``ids`` (B × L).

        Large intermediates are computed in row chunks so that they stay in cache (numpy's
        element-wise passes are memory-bound on arrays of tens of MB)."""
        import numpy as np

        spec = self.spec
        b, length = ids.shape
        d, heads = spec["hidden"], spec["heads"]
        dh = d // heads
        eps = spec["eps"]
        x = self.word[ids]
        x += self.position[:length] + self.token_type0
        x = _layer_norm(x, *self.emb_ln, eps).reshape(b * length, d)
        key_bias = np.where(mask, np.float32(0.0), np.float32(_MASKED)).astype(np.float32)[:, None, None, :]
        scale = np.float32(1.0 / math.sqrt(dh))
        group = max(1, _SCORE_CHUNK // (heads * length * length))   # sequences per attention step
        rows = max(length, (_FFN_CHUNK // length) * length)           # token rows per FFN step
        for layer in self.layers:
            qkv = x @ layer["qkv_w"]
            qkv += layer["qkv_b"]
            qkv = qkv.reshape(b, length, 3, heads, dh).transpose(2, 0, 3, 1, 4)  # (3, B, H, L, dh)
            context = np.empty((b, length, heads, dh), dtype=np.float32)
            for s in range(0, b, group):
                q, k, v = qkv[0, s:s + group], qkv[1, s:s + group], qkv[2, s:s + group]
                scores = q @ k.transpose(0, 1, 3, 2)                  # (g, H, L, L)
                scores *= scale
                scores += key_bias[s:s + group]
                scores -= scores.max(axis=-1, keepdims=True)
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=-1, keepdims=True)
                context[s:s + group] = (scores @ v).transpose(0, 2, 1, 3)
            attn = context.reshape(b * length, d) @ layer["out_w"]
            attn += layer["out_b"]
            attn += x
            x = _layer_norm(attn, *layer["ln1"], eps)
            ffn = np.empty_like(x)
            for s in range(0, b * length, rows):
                hidden = x[s:s + rows] @ layer["up_w"]
                hidden += layer["up_b"]
                _gelu_rows(hidden)
                np.matmul(hidden, layer["down_w"], out=ffn[s:s + rows])
            ffn += layer["down_b"]
            ffn += x
            x = _layer_norm(ffn, *layer["ln2"], eps)
        return x.reshape(b, length, d)

    def _batches(self, ids: list[list[int]], batch_size: int):
        """``(rows, padded ids, mask)`` batches of similar length, longest first."""
        import numpy as np

        n = len(ids)
        lengths = np.fromiter((len(t) for t in ids), dtype=np.int64, count=n)
        order = np.argsort(-lengths, kind="stable")
        heads = self.spec["heads"]
        start = 0
        while start < n:
            longest = int(lengths[order[start]])
            fit = max(1, _ATTENTION_BYTES // (heads * longest * longest * 4))
            end = start + max(1, min(batch_size, fit))
            # a batch ends before a text shorter than _PADDED of its longest: padding is computed
            # like any token (the first of BAGELS' ground-truth batches of 64 was 56% padding)
            end = start + int(np.searchsorted(-lengths[order[start:end]], -_PADDED * longest, side="right"))
            chunk = order[start:end]
            start = end
            batch = np.full((len(chunk), longest), self.spec["pad_id"], dtype=np.int64)
            mask = np.zeros((len(chunk), longest), dtype=bool)
            for row, i in enumerate(chunk):
                batch[row, :lengths[i]] = ids[i]
                mask[row, :lengths[i]] = True
            yield chunk, batch, mask, lengths

    def token_states(self, texts: list[str], max_length: int, batch_size: int = 64) -> list[tuple]:
        """Per text, ``(token ids, states)``: its tokens' last-layer states (tokens × d, [CLS] and [SEP] included), each
        row L2-normalised: BERTScore's token embeddings. Texts are stripped and tokenised by
        ``tokenizer.json`` as they stand, truncated to ``max_length`` tokens (bert-score's
        ``model_max_length``, not the sentence-embedding ``max_seq_length``)."""
        import numpy as np

        tok = self._long_tokenizers.get(max_length)
        if tok is None:
            from tokenizers import Tokenizer

            tok = Tokenizer.from_str(self.tokenizer.to_str())
            tok.no_padding()
            tok.enable_truncation(max_length=min(max_length, self.spec["max_positions"]))
            self._long_tokenizers[max_length] = tok
        ids = [e.ids for e in tok.encode_batch([t.strip() for t in texts], add_special_tokens=True)]
        out: list = [None] * len(ids)
        with _blas_limit():
            for chunk, batch, mask, lengths in self._batches(ids, batch_size):
                states = self._states(batch, mask)
                for row, i in enumerate(chunk):
                    x = states[row, :lengths[i]]
                    out[i] = (ids[i], x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), np.float32(1e-12)))
        return out

    def encode(self, texts: list[str], batch_size: int = 64, normalize: bool = True) -> "np.ndarray":
        """One row per text, in input order (L2-normalised unless ``normalize=False``), computed
        on :func:`blas_threads` BLAS threads."""
        import numpy as np

        n = len(texts)
        out = np.zeros((n, self.dimension), dtype=np.float32)
        if n == 0:
            return out
        ids = self.tokenize(list(texts))
        with _blas_limit():
            for chunk, batch, mask, _ in self._batches(ids, batch_size):   # longest first
                out[chunk] = self._forward(batch, mask)
        if normalize:
            norms = np.linalg.norm(out, axis=1, keepdims=True)
            out /= np.maximum(norms, np.float32(1e-12))
        return out


_lock = threading.Lock()
_encoders: dict[str, Encoder] = {}


def load(path: str | os.PathLike) -> Encoder:
    """The encoder for ``path``, loaded once per process (thread-safe)."""
    key = str(Path(path).resolve())
    with _lock:
        encoder = _encoders.get(key)
        if encoder is None:
            encoder = Encoder(key)
            _encoders[key] = encoder
    return encoder
