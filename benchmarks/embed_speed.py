"""Embedding speed: the numpy MiniLM encoder vs sentence-transformers, measured in the same run.

* cold start: a fresh ``python -c`` that imports ``scholartools.embeddings``, loads the model and
  encodes one sentence, with ``ST_EMBED_BACKEND=native`` vs ``=sentence-transformers`` (best of
  ``--cold`` runs each; what every ``st-facets`` / embedding-metric run pays once);
* throughput: distinct sentences split from the ScholarSum candidate (then reference) texts,
  encoded in one call with batch size 64 after a warm-up, native vs sentence-transformers
  (best of ``--repeat``); the two outputs are compared (min cosine, max |difference|).

Run: python benchmarks/embed_speed.py [--sentences 2000] [--repeat 1] [--cold 3]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402

COLD = ("from scholartools import embeddings\n"
        "v = embeddings.encode(['Limitations: our evaluation covers English papers only.'])\n"
        "assert v.shape == (1, 384)\n")


def sentences(n: int) -> list[str]:
    rows = [json.loads(line) for line in (dataset_dir("scholarsum") / "pairs.jsonl").open(encoding="utf-8")]
    out: dict[str, None] = {}
    for field in ("candidate", "reference"):
        for r in rows:
            for s in re.split(r"(?<=[.!?])\s+", r[field]):
                if len(s.split()) >= 3:
                    out.setdefault(s.strip())
                if len(out) >= n:
                    return list(out)
    return list(out)


def cold_start(backend: str, runs: int) -> float:
    env = dict(os.environ, ST_EMBED_BACKEND=backend)
    env.pop("ST_EMBED_MODEL", None)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", COLD], check=True, cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return min(times)


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sentences", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--cold", type=int, default=3)
    args = ap.parse_args()

    import numpy as np

    from scholartools import embeddings, minilm

    cold_native = cold_start("native", args.cold)
    cold_st = cold_start("sentence-transformers", args.cold)
    print(f"cold start (import + load + encode 1): native {cold_native:.2f} s, "
          f"sentence-transformers {cold_st:.2f} s, ratio {cold_st / cold_native:.1f}x faster")

    texts = sentences(args.sentences)
    native = minilm.load(embeddings.model_path())
    lengths = [len(ids) for ids in native.tokenize(texts)]
    print(f"throughput corpus: {len(texts)} distinct ScholarSum sentences, "
          f"mean {sum(lengths) / len(lengths):.1f} word pieces")
    embeddings.offline_environment()
    st = embeddings.load_model()
    native.encode(texts[:64])
    st.encode(texts[:64], batch_size=64, normalize_embeddings=True, show_progress_bar=False)
    t_native, v_native = best(lambda: native.encode(texts, batch_size=64), args.repeat)
    t_st, v_st = best(lambda: st.encode(texts, batch_size=64, normalize_embeddings=True,
                                        convert_to_numpy=True, show_progress_bar=False), args.repeat)
    v_st = np.asarray(v_st, dtype=np.float32)
    print(f"throughput: native {len(texts) / t_native:.0f} sentences/s, sentence-transformers "
          f"{len(texts) / t_st:.0f} sentences/s, ratio native/st {t_st / t_native:.2f}")
    cos = np.einsum("ij,ij->i", v_native, v_st)
    print(f"parity on the corpus: min cosine {cos.min():.8f}, max |difference| {np.abs(v_native - v_st).max():.2e}")


if __name__ == "__main__":
    main()
