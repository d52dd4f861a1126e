"""Embedding speed: the numpy MiniLM encoder vs sentence-transformers, measured in the same run.

* cold start: a fresh ``python -c`` that imports ``scholartools.embeddings``, loads the model and
  encodes one sentence, with ``ST_EMBED_BACKEND=native`` vs ``=sentence-transformers`` (best of
  ``--cold`` runs each; what every ``st-facets`` / embedding-metric run pays once);
* throughput: distinct sentences split from the ScholarSum candidate (then reference) texts,
  encoded in one call with batch size 64 after a warm-up, native vs sentence-transformers
  (best of ``--repeat``); the two outputs are compared (min cosine, max |difference|);
* BLAS threads: the numpy encoder on the same corpus with ``ST_EMBED_THREADS`` unset (one BLAS
  thread, the default) and ``=auto`` (OpenBLAS's own default: one thread per core), alternated
  ``--repeat`` times: CPU seconds of the process (every thread) and wall seconds, the load
  average, and whether the vectors are byte-identical (they differ in the last bit).
  ``--threads-only`` runs this part alone.

Run: python benchmarks/embed_speed.py [--sentences 2000] [--repeat 1] [--cold 3] [--threads-only]
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


def thread_comparison(texts: list[str], repeat: int) -> None:
    """The numpy encoder with ST_EMBED_THREADS unset vs ``auto``, alternated (see the docstring)."""
    import hashlib

    import numpy as np

    from scholartools import embeddings
    from scholartools.embeddings import minilm

    native = minilm.load(embeddings.model_path())
    native.encode(texts[:64])
    saved = os.environ.pop(minilm.THREADS_ENV, None)
    vectors = {}
    try:
        for r in range(repeat):
            for setting in ("1 (default)", "auto"):
                if setting == "auto":
                    os.environ[minilm.THREADS_ENV] = "auto"
                else:
                    os.environ.pop(minilm.THREADS_ENV, None)
                cpu, wall = time.process_time(), time.perf_counter()
                v = native.encode(texts, batch_size=64)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                vectors.setdefault(setting, v)
                print(f"BLAS threads {setting}, round {r + 1}: {cpu:.1f} CPU s, {wall:.1f} s wall, "
                      f"sha256 {hashlib.sha256(v.tobytes()).hexdigest()[:12]}, load {os.getloadavg()[0]:.1f}",
                      flush=True)
    finally:
        os.environ.pop(minilm.THREADS_ENV, None)
        if saved is not None:
            os.environ[minilm.THREADS_ENV] = saved
    one, auto = vectors["1 (default)"], vectors["auto"]
    print(f"one vs auto: byte-identical {one.tobytes() == auto.tobytes()}, max |difference| "
          f"{np.abs(one - auto).max():.2e}, min cosine {np.einsum('ij,ij->i', one, auto).min():.8f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sentences", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--cold", type=int, default=3)
    ap.add_argument("--threads-only", action="store_true", help="only the BLAS thread comparison")
    args = ap.parse_args()
    if args.threads_only:
        texts = sentences(args.sentences)
        print(f"{len(texts)} distinct ScholarSum sentences, {os.cpu_count()} CPUs")
        thread_comparison(texts, args.repeat)
        return

    import numpy as np

    from scholartools import embeddings
    from scholartools.embeddings import minilm

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
    thread_comparison(texts, args.repeat)


if __name__ == "__main__":
    main()
