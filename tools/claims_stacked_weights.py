"""Fit the weights of ``st-claims --task extract --scorer stacked`` (issue 37, sessions 23-29): an L2
logistic regression (C = 0.1, lbfgs) over :data:`scholartools.claims.stacked.FEATURES` and the word
block (:func:`scholartools.claims.stacked.word_term`: a vocabulary of the words and word pairs in at
least ``WORDS_MIN_DF`` training sentences, each sentence's vector of them normalised to length 1 and
scaled by ``WORDS_SCALE``) of every candidate sentence of the training papers — annotation rounds i
(``dev7``), j's dev half (``dev8``), k (``dev9``), l's dev half (``dev10``, session 24), m's and n's
dev halves (``dev11``, ``dev12``, session 25), o's and p's (``dev13``, ``dev14``, session 26), q's
and r's (``dev15``, ``dev16``, session 27), s's and t's (``dev17``, ``dev18``, session 28), u's
(``dev19``, session 29): seventy-six papers, each annotated by two annotators working apart, whose
records and labels are committed (``fixtures/claims``), so the fit needs no external data. A
candidate is a claim when its text is a gold unit's (the union of the two passes). Written to
``scholartools/data/claims_stacked_weights.json``, rounded to 7 significant digits; deterministic.

    python -m tools.claims_stacked_weights [--check] [--choose-threshold]

``--choose-threshold``: choose the keep threshold on the dev PDFs dev … dev6 (their labels train
nothing; needs ``ST_DATA``): the one of 0.30, 0.35 … 0.70 with the best F1_edit at precision ≥ .80,
as the semantic scorer's was chosen. Without it the shipped file's threshold is kept.
``--check``: refit and compare with the shipped file (exit 1 when a weight differs by more than 1e-5).
Needs scikit-learn (a development dependency) and the bundled model.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

C = 0.1
TRAIN_PARTS = ("dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16", "dev17",
               "dev18", "dev19")
#: each annotation round as it was scored once blind, before it joined the fit: (the parts it was
#: split into, how many of TRAIN_PARTS the scoring regression was fitted on, with the word block, its
#: threshold, the --max-claims cap of the time). Round k: the first fit (rounds i and j's dev half);
#: l: rounds i-k; m: i-l's dev halves, session 24's release; n: the first with the word block, i-m;
#: o: session 25's release, i-n; p: i-o; q: session 26's release, i-p; r: i-q; s and t: session 27's
#: release, i-r; u: session 28's release, i-t. The benchmark (benchmarks/claims_stacked.py) and the
#: tests refit each from here.
BLIND_ROUNDS = {"k": (("dev9",), 2, False, 0.45, 120),
                "l": (("dev10", "test5"), 3, False, 0.5, 250),
                "m": (("dev11", "test6"), 4, False, 0.5, None),
                "n": (("dev12", "test7"), 5, True, 0.45, None),
                "o": (("dev13", "test8"), 6, True, 0.5, None),
                "p": (("dev14", "test9"), 7, True, 0.45, None),
                "q": (("dev15", "test10"), 8, True, 0.45, None),
                "r": (("dev16", "test11"), 9, True, 0.45, None),
                "s": (("dev17", "test12"), 10, True, 0.45, None),
                "t": (("dev18", "test13"), 10, True, 0.45, None),
                "u": (("dev19", "test14"), 12, True, 0.45, None)}
THRESHOLDS = [round(0.30 + 0.05 * i, 2) for i in range(9)]
TARGET_PRECISION = 0.80


def _norm(text: str) -> str:
    return " ".join(text.split())


def paper_gold(pid: str, rec: dict) -> list[str]:
    """The gold claim texts of one paper of ``PDF_PAPERS`` (its ``.claims`` file resolved)."""
    from tools.claims_evaluate import resolve_refs

    lines = (ROOT / "fixtures/claims/annotations/pdf" / f"{pid}.claims").read_text(encoding="utf-8").splitlines()
    return [u["text"] for u in resolve_refs(rec, lines)]


def papers(parts: tuple[str, ...]) -> list[tuple[str, dict]]:
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    return [(pid, dict(paper_record(pdf), id=pid)) for pid, (pdf, part) in PDF_PAPERS.items() if part in parts]


def paper_rows(pid: str, rec: dict):
    """The feature matrix (semantic column filled), labels and texts of every candidate of one paper."""
    import numpy as np

    from scholartools.claims.semantic import semantic_scores
    from scholartools.claims.stacked import FEATURES, candidate_features

    gold = {_norm(t) for t in paper_gold(pid, rec)}
    cands, rows = candidate_features(rec)
    texts = [c.text for c in cands]
    for row, s in zip(rows, semantic_scores(texts)):
        row[FEATURES.index("semantic")] = float(s)
    return (np.asarray(rows).reshape(len(rows), len(FEATURES)), np.asarray([int(_norm(t) in gold) for t in texts]),
            texts)


def word_matrix(texts: list[str], vocabulary: list[str]):
    """Each text's vector of the vocabulary's n-grams it holds, normalised to length 1 (a sparse matrix)."""
    import numpy as np
    from scipy import sparse

    from scholartools.claims.stacked import word_ngrams

    index = {g: i for i, g in enumerate(vocabulary)}
    rows, cols, vals = [], [], []
    for r, text in enumerate(texts):
        got = sorted(index[g] for g in word_ngrams(text) if g in index)
        if got:
            rows += [r] * len(got)
            cols += got
            vals += [1 / np.sqrt(len(got))] * len(got)
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(vocabulary)))


def fit_rows(by_paper: dict, words: bool = True) -> dict:
    """The regression fitted on ``{pid: (X, y, texts)}``, as the weights file holds it. ``words``:
    with the word block (False: the regression of sessions 23 and 24, cue and MiniLM features alone)."""
    from collections import Counter

    import numpy as np
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    from scholartools.claims.stacked import FEATURES, WORDS_MIN_DF, WORDS_SCALE, word_ngrams

    X = np.vstack([x for x, _, _ in by_paper.values()])
    y = np.concatenate([y for _, y, _ in by_paper.values()])
    texts = [t for _, _, ts in by_paper.values() for t in ts]
    vocabulary = []
    if words:
        df = Counter(g for t in texts for g in word_ngrams(t))
        vocabulary = sorted(g for g, n in df.items() if n >= WORDS_MIN_DF)
        X = sparse.hstack([sparse.csr_matrix(X), word_matrix(texts, vocabulary) * WORDS_SCALE]).tocsr()
    m = LogisticRegression(C=C, max_iter=5000).fit(X, y)
    coef = m.coef_[0].tolist()
    out = {"features": list(FEATURES), "C": C, "trained_on": list(by_paper),
           "candidates": int(len(y)), "claims": int(y.sum()),
           "bias": float(f"{float(m.intercept_[0]):.7g}"),
           "weights": [float(f"{w:.7g}") for w in coef[:len(FEATURES)]]}
    if words:
        out["words"] = {"min_df": WORDS_MIN_DF, "scale": WORDS_SCALE, "ngrams": vocabulary,
                        "weights": [float(f"{w * WORDS_SCALE:.7g}") for w in coef[len(FEATURES):]]}
    return out


def fit(recs: list[tuple[str, dict]]) -> dict:
    return fit_rows({pid: paper_rows(pid, rec) for pid, rec in recs})


def choose_threshold(weights: dict) -> tuple[float, dict]:
    """The threshold of :data:`THRESHOLDS` with the best F1_edit at precision ≥ .80 on dev … dev6
    under ``weights``, and the figures of each threshold."""
    from scholartools.claims import stacked
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    dev = papers(tuple(p for p in ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")))
    gold = [paper_gold(pid, rec) for pid, rec in dev]
    grid = {}
    cands = stacked.stacked_sentences_many([rec for _, rec in dev], 0.0, weights)
    for th in THRESHOLDS:
        got = micro_prf([span_counts([c.text for c in cs if c.score >= th], g) for cs, g in zip(cands, gold)])
        grid[th] = {k: round(v, 4) for k, v in got.items()}
    ok = [th for th in THRESHOLDS if grid[th]["p"] >= TARGET_PRECISION]
    best = max(ok, key=lambda th: grid[th]["f"]) if ok else THRESHOLDS[-1]
    return best, grid


def main() -> int:
    from scholartools.claims.stacked import WEIGHTS_FILE

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare a refit with the shipped file")
    ap.add_argument("--choose-threshold", action="store_true", help="choose the threshold on dev … dev6 (ST_DATA)")
    args = ap.parse_args()
    out = fit(papers(TRAIN_PARTS))
    shipped = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")) if WEIGHTS_FILE.exists() else {}
    if args.choose_threshold:
        th, grid = choose_threshold(out)
        print("\n".join(f"threshold {t}: P {g['p']:.3f} R {g['r']:.3f} F1_edit {g['f']:.3f}" for t, g in grid.items()),
              file=sys.stderr)
        out |= {"threshold": th, "threshold_rule": "best F1_edit at precision >= .80 on dev ... dev6, "
                                                   f"grid {THRESHOLDS[0]} ... {THRESHOLDS[-1]} by 0.05"}
    else:
        out |= {k: shipped[k] for k in ("threshold", "threshold_rule") if k in shipped}
    if args.check:
        diff = max(abs(a - b) for a, b in zip(out["weights"] + [out["bias"]] + out["words"]["weights"],
                                              shipped["weights"] + [shipped["bias"]] + shipped["words"]["weights"]))
        print(f"max weight difference {diff:.2e}", file=sys.stderr)
        same = out["trained_on"] == shipped["trained_on"] and out["words"]["ngrams"] == shipped["words"]["ngrams"]
        return 0 if diff <= 1e-5 and same else 1
    WEIGHTS_FILE.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {WEIGHTS_FILE}: {out['candidates']} candidates, {out['claims']} claims, "
          f"threshold {out.get('threshold')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
