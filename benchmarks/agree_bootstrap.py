"""Bootstrap speed of st-agree's correlations against the obvious peer: scipy.stats in the same loop.

Data: ScholarSum PubMed, 294 (document, system) pairs, human total vs FM(GPT-4), 1000 unit
resamples per measure (the same index arrays for both). Reports seconds and the ratio
peer / ours per measure (> 1: st-agree is faster), and checks both give the same coefficients.
Run: python benchmarks/agree_bootstrap.py [N]
"""

import sys
import time
from pathlib import Path

import numpy as np
import orjson
from scipy import stats

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scholartools.agreement.correlation import correlation  # noqa: E402
from scholartools.data import dataset_dir  # noqa: E402



def main(n: int = 1000) -> None:
    recs = [orjson.loads(line) for line in open(dataset_dir("scholarsum") / "pairs.jsonl", "rb")]
    recs = [r for r in recs if r["dataset"] == "pubmed" and r["duplicate_of"] is None]
    x = np.array([r["human"]["overall"] for r in recs])
    y = np.array([r["fm_gpt4"]["overall"] for r in recs])
    rng = np.random.default_rng(0)
    idx = [rng.integers(0, len(x), len(x)) for _ in range(n)]
    peers = {"pearson": stats.pearsonr, "spearman": stats.spearmanr, "kendall": stats.kendalltau}
    print(f"{len(x)} units, {n} resamples")
    for name, peer in peers.items():
        t = time.perf_counter()
        ours = [correlation(name, x[i], y[i]) for i in idx]
        t_ours = time.perf_counter() - t
        t = time.perf_counter()
        theirs = [peer(x[i], y[i]).statistic for i in idx]
        t_peer = time.perf_counter() - t
        assert np.allclose(ours, theirs, atol=1e-10), name
        print(f"{name:9s} st-agree {t_ours:6.2f} s   scipy {t_peer:6.2f} s   ratio {t_peer / t_ours:5.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
