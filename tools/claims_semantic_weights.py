"""Fit the weights of ``st-claims --task extract --scorer semantic`` (issue 37): an L2 logistic
regression (C = 0.3, lbfgs) on the bundled all-MiniLM-L6-v2 vectors of the sentences we wrote,
``fixtures/claims/written/claims.txt`` (label 1) and ``nonclaims.txt`` (label 0), written to
``scholartools/data/claims_semantic_weights.json`` (384 weights and a bias, rounded to 7 significant
digits). Deterministic: the same corpus and model give the same file.

    python -m tools.claims_semantic_weights [--check]

``--check``: refit and compare with the shipped file (exit 1 when they differ by more than 1e-5).
Needs scikit-learn (a development dependency) and the bundled model.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WRITTEN = ROOT / "fixtures" / "claims" / "written"
C = 0.3


def written_corpus() -> tuple[list[str], list[int]]:
    """The written sentences and their labels (claims first), comment and blank lines left out."""
    texts, labels = [], []
    for name, label in (("claims.txt", 1), ("nonclaims.txt", 0)):
        for line in (WRITTEN / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                texts.append(line.strip())
                labels.append(label)
    return texts, labels


def fit() -> dict:
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    from scholartools import embeddings
    from scholartools.claims.semantic import bundled_model

    texts, labels = written_corpus()
    X = embeddings.encode(texts, model=bundled_model())
    model = LogisticRegression(C=C, max_iter=3000).fit(X, np.asarray(labels))
    digest = hashlib.sha256("\n".join(f"{y}\t{t}" for t, y in zip(texts, labels)).encode()).hexdigest()[:16]
    return {"model": embeddings.DEFAULT_MODEL, "C": C, "corpus": "fixtures/claims/written",
            "corpus_sha256_16": digest, "claims": sum(labels), "non_claims": len(labels) - sum(labels),
            "bias": float(f"{float(model.intercept_[0]):.7g}"),
            "weights": [float(f"{w:.7g}") for w in model.coef_[0].tolist()]}


def main() -> int:
    from scholartools.claims.semantic import WEIGHTS_FILE

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare a refit with the shipped file")
    args = ap.parse_args()
    out = fit()
    if args.check:
        old = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
        diff = max(abs(a - b) for a, b in zip(old["weights"] + [old["bias"]], out["weights"] + [out["bias"]]))
        same = diff <= 1e-5 and {k: v for k, v in old.items() if k not in ("weights", "bias")} == \
            {k: v for k, v in out.items() if k not in ("weights", "bias")}
        print(f"largest difference {diff:.2g}: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    WEIGHTS_FILE.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}: {len(out['weights'])} weights, bias {out['bias']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
