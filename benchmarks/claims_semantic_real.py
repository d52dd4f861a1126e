"""Does the semantic scorer learn more from real papers' labelled sentences than from the sentences
we wrote? (issue 37, session 22; docs/st-claims.md, "What was tried").

    python benchmarks/claims_semantic_real.py [--embed-cache F.npz] [--json out.json]

``st-claims --task extract`` (default ``--scorer semantic``) adds to each candidate's cue score a
logistic score on its all-MiniLM-L6-v2 vector, fitted on ``fixtures/claims/written`` (our own
sentences). Round i of the claim annotation (``tools.claims_evaluate.PDF_ROUNDS["issue37-i"]``) is
the first claim-labelled text the project may train on: twelve papers under MIT, BSD or CC BY 4.0,
each annotated by two annotators working apart. The variants refit the regression (C = 0.3, as
shipped) on:

* ``written`` — the written corpus alone (the shipped weights, refitted: same figures);
* ``written + round i`` — plus every round-i unit, a claim when both passes marked it, a non-claim
  when neither did (units one pass marked are left out), ``--real-weight`` each;
* ``round i`` — round i alone.

Scored with the shipped weight, clip and bonus, at the shipped threshold (1.1) and at the threshold
chosen on dev (best F1_edit at P >= .80 over 0.40 … 1.60; in each leave-one-paper-out fold with that
fold's weights; the threshold of the other sets with the weights fitted on all of round i):

* **round i, leave one paper out**: the regression refitted without the paper it scores, F1_edit
  against the gold (union of the passes), pooled over the twelve;
* **dev** (parts dev … dev6; their labels never train anything), **unseen** (test, test2, test3)
  and the **ReviewCritique test** papers (evaluation only): refitted on all of round i.

Needs the external data (``ST_DATA``: the PDFs of ``shared/external/pdfs`` and ReviewCritique) for
everything but round i; scikit-learn; the bundled MiniLM.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tools.claims_semantic_weights import C, written_corpus  # noqa: E402

ANN = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
#: keep thresholds tried when one is chosen on dev (the shipped one is 1.1)
THRESHOLDS = [round(0.4 + 0.05 * i, 2) for i in range(25)]


def _lines(pid: str, name: str) -> list[str]:
    return (ANN / f"{pid}.{name}").read_text(encoding="utf-8").splitlines()


def papers() -> dict[str, dict]:
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    return {pid: dict(paper_record(pdf), id=pid) for pid, (pdf, _) in PDF_PAPERS.items()}


def round_i_units(recs: dict[str, dict]) -> list[dict]:
    """Every round-i unit with ``pid`` and ``label`` (1 both passes, 0 neither, None one pass)."""
    from tools.claims_evaluate import PDF_ROUNDS, gold_units, resolve_refs

    out = []
    for pid in PDF_ROUNDS["issue37-i"]:
        a = {u["ref"] for u in resolve_refs(recs[pid], _lines(pid, "passA"))}
        b = {u["ref"] for u in resolve_refs(recs[pid], _lines(pid, "passB"))}
        for u in gold_units(recs[pid]):
            both, either = u["ref"] in a & b, u["ref"] in a | b
            out.append(dict(u, pid=pid, label=1 if both else 0 if not either else None))
    return out


def encode(texts: list[str], cache: Path | None):
    import numpy as np

    from scholartools import embeddings
    from scholartools.claims.semantic import bundled_model

    known = {}
    if cache and cache.exists():
        z = np.load(cache, allow_pickle=False)
        known = dict(zip(z["texts"].tolist(), z["vectors"]))
    todo = sorted({t for t in texts if t not in known})
    if todo:
        for t, v in zip(todo, embeddings.encode(todo, model=bundled_model())):
            known[t] = v
        if cache:
            keys = sorted(known)
            np.savez(cache, texts=np.array(keys), vectors=np.stack([known[k] for k in keys]))
    return np.stack([known[t] for t in texts])


def fit(X, y, sample_weight=None) -> tuple:
    from sklearn.linear_model import LogisticRegression

    m = LogisticRegression(C=C, max_iter=3000).fit(X, y, sample_weight=sample_weight)
    return m.coef_[0].astype("float32"), float(m.intercept_[0])


class Scorer:
    """Candidates of the semantic scorer under any weights, every candidate's vector encoded once."""

    def __init__(self, cache: Path | None, lowest: float):
        self.cache, self.lowest, self.vectors = cache, lowest, {}

    def candidates(self, recs: list[dict], wb: tuple) -> list[list]:
        """Each record's candidates with the combined score (those that can reach ``lowest``)."""
        import numpy as np

        from scholartools.claims import semantic

        def scores(texts):
            missing = [t for t in texts if t not in self.vectors]
            if missing:
                self.vectors.update(zip(missing, encode(missing, self.cache)))
            if not texts:
                return np.zeros(0)
            return np.clip(np.stack([self.vectors[t] for t in texts]) @ wb[0] + wb[1], -semantic.CLIP, semantic.CLIP)

        original = semantic.semantic_scores
        semantic.semantic_scores = scores
        try:
            return semantic.semantic_sentences_many(recs, self.lowest)
        finally:
            semantic.semantic_scores = original


def claims_at(cands: list, threshold: float) -> list[str]:
    from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, kept_claims

    return [c["text"] for c in kept_claims(cands, DEFAULT_MAX_CLAIMS, threshold)]


def prf(pairs: list[tuple[list[str], list[str]]]) -> dict:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    got = micro_prf([span_counts(p, g) for p, g in pairs])
    return {k: round(v, 3) for k, v in got.items()} | {"predicted": sum(len(p) for p, _ in pairs),
                                                          "gold": sum(len(g) for _, g in pairs)}


def choose(cands: list[list], golds: list[list[str]], target: float = 0.80) -> float:
    """The threshold of :data:`THRESHOLDS` with the best F1_edit at precision ``target`` or more."""
    best = None
    for th in THRESHOLDS:
        m = prf([(claims_at(c, th), g) for c, g in zip(cands, golds)])
        if m["p"] >= target and (best is None or m["f"] > best[0]):
            best = (m["f"], th)
    return best[1] if best else THRESHOLDS[-1]


def rc_test() -> list[tuple[dict, list[str]]]:
    """The ReviewCritique test papers (st-parse --format text) with their gold claim texts."""
    from claims_quality import GOLD, parsed_papers

    gold = [json.loads(x) for x in GOLD.read_text(encoding="utf-8").splitlines() if x.strip()]
    test = [g for g in gold if g["split"] == "test"]
    recs = parsed_papers(test)
    return [(recs[g["id"]], [c["text"] for c in g["claims"]]) for g in test]


def main():
    import numpy as np

    from tools.claims_evaluate import DEV_PARTS, PDF_PAPERS, PDF_ROUNDS, resolve_refs

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--embed-cache", type=Path, help="npz of sentence vectors kept between runs")
    ap.add_argument("--real-weight", type=float, action="append",
                    help="sample weight of a round-i unit beside a written sentence's 1 (repeatable; default 1)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()

    recs = papers()
    gold = {pid: [u["text"] for u in resolve_refs(recs[pid], _lines(pid, "claims"))] for pid in recs}
    units = [u for u in round_i_units(recs) if u["label"] is not None]
    wt, wy = written_corpus()
    Xw = encode(wt, args.embed_cache)
    Xi = encode([u["text"] for u in units], args.embed_cache)
    yi = np.array([u["label"] for u in units])
    pid_of = np.array([u["pid"] for u in units])
    print(f"round i: {len(units)} units with agreed labels ({int(yi.sum())} claims); written: {len(wt)}",
          file=sys.stderr)

    def weights_for(variant: str, rw: float, leave_out: str | None = None) -> tuple:
        keep = pid_of != leave_out
        if variant == "written":
            return fit(Xw, np.array(wy))
        if variant == "round i":
            return fit(Xi[keep], yi[keep])
        X = np.vstack([Xw, Xi[keep]])
        y = np.concatenate([wy, yi[keep]])
        return fit(X, y, np.concatenate([np.ones(len(wy)), np.full(int(keep.sum()), rw)]))

    sets = {"dev": [p for p, (_, part) in PDF_PAPERS.items() if part in DEV_PARTS and part != "dev7"],
            "unseen": [p for p, (_, part) in PDF_PAPERS.items() if part not in DEV_PARTS]}
    rc = rc_test()
    scorer = Scorer(args.embed_cache, THRESHOLDS[0])
    dev_recs, dev_gold = [recs[p] for p in sets["dev"]], [gold[p] for p in sets["dev"]]
    variants = [("written", 1.0)] + [("written + round i", rw) for rw in (args.real_weight or [1.0])] + \
        [("round i", 1.0)]
    table = {}
    for variant, rw in variants:
        name = variant if variant != "written + round i" else f"{variant} (weight {rw:g})"
        for chosen in (False, True):
            row, lopo = {}, []
            for pid in PDF_ROUNDS["issue37-i"]:
                wb = weights_for(variant, rw, leave_out=pid)
                th = choose(scorer.candidates(dev_recs, wb), dev_gold) if chosen else 1.1
                lopo.append((claims_at(scorer.candidates([recs[pid]], wb)[0], th), gold[pid]))
            row["round i (leave one paper out)"] = prf(lopo)
            wb = weights_for(variant, rw)
            th = choose(scorer.candidates(dev_recs, wb), dev_gold) if chosen else 1.1
            for key, ids in sets.items():
                row[key] = prf([(claims_at(c, th), gold[p])
                                for c, p in zip(scorer.candidates([recs[p] for p in ids], wb), ids)])
            row["ReviewCritique test"] = prf([(claims_at(c, th), g)
                                              for c, (_, g) in zip(scorer.candidates([r for r, _ in rc], wb), rc)])
            label = f"{name}, threshold {'chosen on dev (P >= .80): ' if chosen else ''}{th:g}"
            table[label] = row
            print(label, json.dumps(row), file=sys.stderr)
    print_table("weights fitted on", table, args.json)


def print_table(first: str, table: dict[str, dict], json_path: Path | None) -> None:
    """``table`` (row name → column → P / R / F) as a Markdown table of "P / R / **F**" cells
    ("–" where a row lacks the column), and as JSON at ``json_path``."""
    cols = list(dict.fromkeys(c for row in table.values() for c in row))
    print(f"| {first} | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    for name, row in table.items():
        print(f"| {name} | " + " | ".join(f"{row[c]['p']:.3f} / {row[c]['r']:.3f} / **{row[c]['f']:.3f}**"
                                           if c in row else "–" for c in cols) + " |")
    if json_path:
        json_path.write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    main()
