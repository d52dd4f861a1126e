"""st-score speed on the 294 ScholarSum PubMed pairs, against peers measured in the same run.

* rougeL: pairs/s of ``scholartools.metrics.score`` vs a bare ``rouge_score`` loop over the same
  pairs (same numbers; ours replaces rouge-score's pure-Python LCS table by a bit-parallel LCS);
* cosine: pairs/s vs encoding the same distinct texts with sentence-transformers directly
  (``model.encode(distinct, batch_size=64, normalize_embeddings=True)``), the floor for any
  embedding metric. Goal (issue 4): ratio ≥ 0.8.

Models are loaded and warmed before timing; each figure is the best of ``--repeat`` runs.
Run: python benchmarks/score_speed.py [--repeat 2] [--only rougeL|cosine]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.data import dataset_dir  # noqa: E402


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", choices=["rougeL", "cosine"], help="run one of the two measurements")
    args = ap.parse_args()

    rows = [json.loads(line) for line in (dataset_dir("scholarsum") / "pairs.jsonl").open(encoding="utf-8")]
    rows = [r for r in rows if r["dataset"] == "pubmed" and r["duplicate_of"] is None]
    from scholartools.metrics.score import ScoreOptions

    opts = ScoreOptions()

    if args.only != "cosine":
        rouge_part(rows, opts, args.repeat)
    if args.only != "rougeL":
        cosine_part(rows, opts, args.repeat)


def rouge_part(rows, opts, repeat):
    from scholartools.metrics.overlap import _import_rouge_scorer
    from scholartools.metrics.score import score_records

    n = len(rows)
    scorer = _import_rouge_scorer().RougeScorer(["rougeL"], use_stemmer=False)

    def peer_rouge():
        for r in rows:
            scorer.score(r["reference"], r["candidate"])

    def ours_rouge():
        score_records(rows, ["rougeL"], opts)

    ours_rouge()  # warm (imports)
    t_peer = best(peer_rouge, repeat)
    t_ours = best(ours_rouge, repeat)
    print(f"rougeL  st-score {n / t_ours:8.1f} pairs/s   rouge_score loop {n / t_peer:8.1f} pairs/s   "
          f"ratio {t_peer / t_ours:.2f}")



def cosine_part(rows, opts, repeat):
    from scholartools import embeddings
    from scholartools.metrics.score import score_records

    from scholartools.metrics.embedding import quiet_transformers

    n = len(rows)
    quiet_transformers()
    model = embeddings.load_model()
    distinct = list(dict.fromkeys([r["reference"] for r in rows] + [r["candidate"] for r in rows]))

    def peer_encode():
        model.encode(distinct, batch_size=64, normalize_embeddings=True, convert_to_numpy=True,
                     show_progress_bar=False)

    from scholartools.metrics import embedding

    def ours_cosine():
        embedding._CACHE.clear()  # time a cold run: the per-run cache must not serve the repeats
        score_records(rows, ["cosine"], opts)

    peer_encode()  # warm
    ours_cosine()
    t_peer = best(peer_encode, repeat)
    t_ours = best(ours_cosine, repeat)
    ratio = t_peer / t_ours
    print(f"cosine  st-score {n / t_ours:8.1f} pairs/s   sentence-transformers encode of {len(distinct)} "
          f"distinct texts {t_peer:.2f} s   ratio {ratio:.2f} (goal >= 0.8){'' if ratio >= 0.8 else '  <-- below goal'}")


if __name__ == "__main__":
    main()
