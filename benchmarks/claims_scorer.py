"""A learned sentence scorer for offline claim extraction, tried for issue 37 in session 10 and not
shipped: this script reproduces the figures of docs/st-claims.md ("What was tried", item 2b).

    python benchmarks/claims_scorer.py [--parts dev[,dev2,...]] [--unseen] [--embed-cost] [--json out.json]

``--parts`` (session 14) trains and scores on more dev parts: ``--parts dev,dev2,dev3,dev4,dev5`` is
the seventeen-paper run of docs/st-claims.md ("What was tried"); ``--unseen`` was not run with it.

Trained and chosen on the eight dev PDFs' two-pass gold only (``tools.claims_evaluate.PDF_PAPERS``,
part ``dev``; the ReviewCritique labels are evaluation-only and are not read here).

1. **The cue score** (``scholartools.claims.extract``, threshold 1.2) on dev, and with its threshold
   chosen leave-one-paper-out (on seven papers, max F with P >= .80; scored on the eighth).
2. **Section-aware thresholds** for the cue score: one threshold per part (abstract, introduction,
   body, conclusion, captions), chosen by coordinate ascent on seven dev papers (max F at P >= .80),
   scored on the eighth.
3. **A logistic regression** over the cue score (and the cue score times the part), the cue kinds
   matched (result / contribution / novelty / repeat), the part and the body section's group,
   position (first / last sentence of its section, relative place in the section and the paper),
   and sentence shape (first person, coined own name, digits, percent, comparatives, hedges,
   citations, another paper as subject, discourse openers, "this paper", figure / table pointers,
   past tense, definitions, log length). Nested leave-one-paper-out: for each held-out dev paper the
   model is fitted on the other seven and its threshold is chosen by an inner leave-one-paper-out
   over those seven (max F with P >= .80).
4. ``--unseen``: the regression with C and form picked by (3), fitted on all eight dev papers with
   the threshold of their leave-one-paper-out, scored with F1_edit on the eight unseen PDFs beside
   the cue score. **Looked at once in session 10** (the decision not to ship it): run it only to
   reproduce that figure, never to choose.
5. ``--embed-cost``: the CPU time of encoding one dev paper's candidate sentences with the bundled
   MiniLM (the issue's optional embedding feature) against the cue extractor's whole run.

Figures are exact-unit P / R / F on the candidate sentences (dev) and F1_edit (unseen).
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ANN = ROOT / "fixtures/claims/annotations/pdf"
PARTS = ("abstract", "introduction", "body", "conclusion", "captions")
_GROUP = {"results": "res", "discussion": "res", "experiments": "res", "method": "meth", "data": "meth",
          "related_work": "rel"}
_SHAPES = {
    "hedge": re.compile(r"\b(?:may|might|could|suggests?|likely|appears?|seems?|indicates?|possibly|perhaps)\b", re.I),
    "comp": re.compile(r"\b(?:than|better|worse|outperform\w*|improv\w*|higher|lower|compared)\b", re.I),
    "disc": re.compile(r"^(?:Thus|Hence|Overall|In summary|Finally|Therefore|In conclusion|Consequently)\b"),
    "thiswork": re.compile(r"\b(?:this|the present) (?:paper|work|study|article)\b", re.I),
    "point": re.compile(r"\b(?:Table|Figure|Fig\.|Section|Eq\.)\s*\d", re.I),
    "past": re.compile(r"\b(?:was|were|had)\b"),
    "def": re.compile(r"\b(?:is|are) (?:defined|given|denoted|computed|obtained)\b", re.I),
}


def norm(text: str) -> str:
    return " ".join(text.split())


def candidate_rows(rec: dict) -> list[tuple]:
    """``(sentence, features, part)`` of every scored candidate (the cue score after repeat credit)."""
    import scholartools.claims.extract as E
    from tools.claims_evaluate import part_of_kind

    cands = E.scored_sentences(rec)
    names = E.own_names(rec)
    groups: dict = {}
    for i, s in enumerate(cands):
        groups.setdefault((s.kind, s.section_index, s.figure_index), []).append(i)
    place = {i: (j, len(idx)) for idx in groups.values() for j, i in enumerate(idx)}
    out = []
    for i, s in enumerate(cands):
        if s.score <= -9:
            continue
        text = E._HYPHEN_BREAK.sub(r"\1\2", s.text)
        part = "captions" if s.kind == "caption" else part_of_kind(s.kind)
        j, m = place[i]
        f = {"hand": max(-4.0, min(5.0, s.score)), f"p:{part}": 1.0, "first": float(j == 0),
             "last": float(j == m - 1), "relpos": j / max(1, m - 1), "paperpos": i / max(1, len(cands) - 1),
             "loglen": math.log(len(text.split())) - 3.0}
        if part == "body":
            f[f"g:{_GROUP.get(s.kind, 'oth')}"] = 1.0
        f.update({f"c:{c}": 1.0 for c in s.cues})
        for name, rx in (("own", E._FIRST_PERSON), ("digit", E._DIGIT), ("cite", E._CITATION), *_SHAPES.items()):
            if rx.search(text):
                f[name] = 1.0
        if "%" in text:
            f["pct"] = 1.0
        if E._OTHERS.match(text):
            f["others"] = 1.0
        if names and any(n in text for n in names):
            f["named"] = 1.0
        out.append((s, f, part))
    return out


def load(split: str, parts: tuple[str, ...] = ("dev",)) -> dict:
    """``{paper id: (record, gold units)}`` of the dev ``parts`` or of every non-dev part (unseen)."""
    from tools.claims_evaluate import PDF_PAPERS, paper_record, resolve_refs

    out = {}
    for pid, (pdf, part) in PDF_PAPERS.items():
        if split == "dev" and part not in parts or split != "dev" and part not in ("test", "test2", "test3"):
            continue
        rec = dict(paper_record(pdf), id=pid)
        out[pid] = (rec, resolve_refs(rec, (ANN / f"{pid}.claims").read_text(encoding="utf-8").splitlines()))
    return out


class Dev:
    """The dev papers' candidates, labels and exact-unit counting."""

    def __init__(self, papers: dict):
        self.rows = {p: candidate_rows(rec) for p, (rec, _) in papers.items()}
        self.gold = {p: {norm(u["text"]) for u in gold} for p, (_, gold) in papers.items()}
        self.ids = list(papers)

    def counts(self, pid: str, keep) -> tuple[int, int, int]:
        kept = {norm(s.text) for k, (s, _, _) in zip(keep, self.rows[pid]) if k}
        return len(kept & self.gold[pid]), len(kept), len(self.gold[pid])

    def labels(self, pid: str) -> list[bool]:
        return [norm(s.text) in self.gold[pid] for s, _, _ in self.rows[pid]]


def prf(c) -> tuple[float, float, float]:
    tp, npred, ngold = c
    p = tp / npred if npred else 0.0
    r = tp / ngold if ngold else 0.0
    return p, r, 2 * p * r / (p + r) if p + r else 0.0


def rounded(c) -> dict:
    return dict(zip("prf", (round(x, 3) for x in prf(c))))


def pooled(dev: Dev, pids, keep_of) -> tuple:
    return tuple(map(sum, zip(*(dev.counts(p, keep_of(p)) for p in pids))))


def best_threshold(dev: Dev, pids, score_of, grid, min_p: float = 0.80) -> float:
    """The threshold of ``grid`` with the best pooled F over ``pids`` among those with P >= min_p."""
    best = None
    for t in grid:
        p, _, f = prf(pooled(dev, pids, lambda q: [v >= t for v in score_of(q)]))
        if p >= min_p and (best is None or f > best[1]):
            best = (t, f)
    return best[0] if best else grid[-1]


CUE_GRID = [round(0.6 + 0.1 * i, 1) for i in range(15)]
LR_GRID = [round(-2 + 0.1 * i, 1) for i in range(41)]


def cue_figures(dev: Dev) -> dict:
    hand = lambda p: [f["hand"] for _, f, _ in dev.rows[p]]
    lopo = (0, 0, 0)
    sect = (0, 0, 0)
    chosen = {}
    for q in dev.ids:
        rest = [p for p in dev.ids if p != q]
        t = best_threshold(dev, rest, hand, CUE_GRID)
        lopo = tuple(a + b for a, b in zip(lopo, dev.counts(q, [v >= t for v in hand(q)])))
        th = section_thresholds(dev, rest)
        chosen[q] = th
        sect = tuple(a + b for a, b in zip(sect, dev.counts(q, [f["hand"] >= th[part] for _, f, part in dev.rows[q]])))
    return {"cue score, threshold 1.2": rounded(pooled(dev, dev.ids, lambda p: [v >= 1.2 for v in hand(p)])),
            "cue score, threshold leave-one-paper-out": rounded(lopo),
            "section thresholds, leave-one-paper-out": rounded(sect),
            "section thresholds chosen on all eight": section_thresholds(dev, dev.ids),
            "section thresholds per fold": chosen}


def section_thresholds(dev: Dev, pids, min_p: float = 0.80) -> dict:
    th = {k: 1.2 for k in PARTS}
    for _ in range(2):
        for k in PARTS:
            best = None
            for t in CUE_GRID + [1.6 + 0.1 * i for i in range(7)]:
                trial = dict(th, **{k: round(t, 1)})
                p, _, f = prf(pooled(dev, pids, lambda q: [f["hand"] >= trial[part] for _, f, part in dev.rows[q]]))
                if p >= min_p and (best is None or f > best[0] + 1e-9):
                    best = (f, round(t, 1))
            if best:
                th[k] = best[1]
    return th


def features(dev_rows, interact: bool) -> list[dict]:
    return [dict(f, **({f"hand*{part}": f["hand"]} if interact else {})) for _, f, part in dev_rows]


def fit(dev: Dev, pids, C: float, interact: bool):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer()
    X = vec.fit_transform([x for p in pids for x in features(dev.rows[p], interact)])
    y = [v for p in pids for v in dev.labels(p)]
    return vec, LogisticRegression(C=C, max_iter=3000).fit(X, y)


def decide(model, rows, interact: bool):
    vec, clf = model
    return clf.decision_function(vec.transform(features(rows, interact))) if rows else []


def lopo_scores(dev: Dev, pids, C: float, interact: bool) -> dict:
    """Each paper of ``pids`` scored by the model fitted on the others."""
    return {q: decide(fit(dev, [p for p in pids if p != q], C, interact), dev.rows[q], interact) for q in pids}


def lr_figures(dev: Dev, configs) -> dict:
    out = {}
    for C, interact in configs:
        total = (0, 0, 0)
        thresholds = []
        for q in dev.ids:
            rest = [p for p in dev.ids if p != q]
            inner = lopo_scores(dev, rest, C, interact)
            t = best_threshold(dev, rest, inner.get, LR_GRID)
            thresholds.append(t)
            z = decide(fit(dev, rest, C, interact), dev.rows[q], interact)
            total = tuple(a + b for a, b in zip(total, dev.counts(q, [v >= t for v in z])))
        out[f"C={C}{' with cue x part' if interact else ''}"] = {"nested leave-one-paper-out": rounded(total),
                                                                 "fold thresholds": thresholds}
    return out


def unseen_figures(dev: Dev, C: float, interact: bool) -> dict:
    import scholartools.claims.extract as E
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    t = best_threshold(dev, dev.ids, lopo_scores(dev, dev.ids, C, interact).get, LR_GRID)
    model = fit(dev, dev.ids, C, interact)
    cue, learned = [], []
    for pid, (rec, gold) in load("unseen").items():
        texts = [u["text"] for u in gold]
        cue.append(([c["text"] for c in E.extract_claims(rec)], texts))
        rows = candidate_rows(rec)
        learned.append(([s.text for (s, _, _), v in zip(rows, decide(model, rows, interact)) if v >= t], texts))
    score = lambda pairs: {k: round(v, 3) for k, v in micro_prf([span_counts(p, g) for p, g in pairs]).items()
                           if k in ("p", "r", "f")}
    vec, clf = model
    return {"threshold": t, "cue score (F1_edit)": score(cue), "regression (F1_edit)": score(learned),
            "weights": {n: round(float(w), 2) for n, w in sorted(zip(vec.feature_names_, clf.coef_[0]),
                                                                  key=lambda x: -abs(x[1]))}}


def embed_cost(papers: dict) -> dict:
    import scholartools.claims.extract as E
    from scholartools.metrics.embedding import encode

    rec = papers["specter"][0]
    texts = [s.text for s in E.sentences(rec)]
    encode(texts[:2])   # load the model outside the timing
    c0 = time.process_time()
    encode(texts)
    c1 = time.process_time()
    E.extract_claims(rec)
    c2 = time.process_time()
    return {"sentences": len(texts), "minilm_cpu_s": round(c1 - c0, 2), "cue_extract_cpu_s": round(c2 - c1, 3)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--unseen", action="store_true", help="score the chosen regression on the unseen PDFs")
    ap.add_argument("--embed-cost", action="store_true", help="time MiniLM on one paper's sentences")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--parts", default="dev", help="the dev parts trained and scored on, comma-separated (session 14: "
                    "dev,dev2,dev3,dev4, fifteen papers; session 10: dev)")
    args = ap.parse_args()
    papers = load("dev", tuple(args.parts.split(",")))
    dev = Dev(papers)
    out = {"dev": {"papers": dev.ids, "gold": sum(map(len, dev.gold.values())),
                   **cue_figures(dev), "regression": lr_figures(dev, ((0.1, False), (0.1, True), (1.0, False)))}}
    if args.unseen:
        out["unseen"] = unseen_figures(dev, 0.1, True)
    if args.embed_cost:
        out["embed_cost"] = embed_cost(papers)
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
