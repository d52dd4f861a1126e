"""The cue rules combined with a logistic model, judged by leave-one-part-out on the dev parts
(issue 37, session 16): does a learned combination of the rules' own signals transfer to papers of
a part it was not fitted on better than the rules alone?

    python benchmarks/claims_combined.py [--C 0.1] [--papers] [--rc] [--variants] [--json out.json]

Trained and scored only on the two-pass gold of the nineteen dev PDFs (parts ``dev`` .. ``dev6`` of
``tools.claims_evaluate.PDF_PAPERS``); the unseen PDFs (test, test2, test3) are not read. ``--rc``
also scores the two ReviewCritique dev papers (F1_edit, evaluation only: their labels never train).

Features of each candidate sentence (``scholartools.claims.extract.scored_sentences`` at 1.2):
those of ``benchmarks/claims_scorer.py`` (the cue score, the cue kinds matched, part and body group,
position, sentence shape) plus

* each cue family's firing (``fam:<name>``, the families of ``scholartools.claims.cues.FAMILIES``),
  the summed positive and negative phrase-cue weights (``pos``, ``neg``), the cue score at or over
  the threshold (``kept``);
* repetition: the largest share of the sentence's content words found in one sentence of another
  part (``rep``), in the abstract (``rep_abs``), in another part's sentence the rules keep
  (``rep_kept``), and how many other-part sentences share half its words (``rep_n``, log).

Protocols (exact-unit P / R / F over candidate sentences, pooled over the held-out folds):

1. **Leave-one-part-out** (six folds: dev, dev2, …, dev6): the model is fitted on the other five
   parts; its threshold is chosen by an inner leave-one-part-out over those five (the best pooled F
   with P >= .80 on the grid). The rules are scored at their shipped 1.2 and with a threshold chosen
   by the same inner protocol.
2. **Leave-one-paper-out** over the nineteen papers, the threshold chosen by leave-one-part-out over
   the other eighteen (``--papers``).
3. ``--variants``: leave-one-part-out of five feature sets at C = 0.03, 0.1, 0.3, 1.0, and of three
   as residual models (the cue score scaled by 10 so that the penalty leaves its weight alone) at
   C = 0.003 … 0.1. These were compared on the outer folds themselves, so their best is optimistic.
4. ``--nested``: leave-one-part-out with the configuration (feature set, scale, C) chosen inside
   each fold by an inner leave-one-part-out over the other five parts — the honest figure.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from claims_scorer import Dev, candidate_rows, load, prf, rounded  # noqa: E402

DEV_PARTS = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")
THRESHOLD = 1.2
GRID = [round(-2.5 + 0.1 * i, 1) for i in range(41)]
CUE_GRID = [round(0.6 + 0.1 * i, 1) for i in range(15)]


def extra_features(rec: dict, rows: list[tuple]) -> None:
    """Add the cue families' firing and the repetition features to ``rows`` (``candidate_rows``)."""
    import scholartools.claims.extract as E

    pos, neg = E._cues()
    families = E._free_cues()[0]
    words = [E.content_words(s.text) for s, _, _ in rows]
    parts = [part for _, _, part in rows]
    kept = [f["hand"] >= THRESHOLD for _, f, _ in rows]
    for i, (s, f, part) in enumerate(rows):
        text = E._HYPHEN_BREAK.sub(r"\1\2", s.text)
        f["kept"] = float(kept[i])
        f["pos"] = sum(w for _, rx, w in pos if rx.search(text))
        f["neg"] = sum(w for rx, w in neg if rx.search(text))
        for name, rx, _ in families:
            if rx.search(text):
                f[f"fam:{name}"] = 1.0
        w = words[i]
        if len(w) < 4:
            continue
        rep = rep_abs = rep_kept = 0.0
        n = 0
        for j, other in enumerate(words):
            if parts[j] == part or j == i:
                continue
            share = len(w & other) / len(w)
            rep = max(rep, share)
            if parts[j] == "abstract":
                rep_abs = max(rep_abs, share)
            if kept[j]:
                rep_kept = max(rep_kept, share)
            n += share >= 0.5
        f.update(rep=rep, rep_abs=rep_abs, rep_kept=rep_kept, rep_n=math.log1p(n))


class Combined(Dev):
    def __init__(self, papers: dict, parts_of: dict):
        self.rows = {}
        for p, (rec, _) in papers.items():
            rows = candidate_rows(rec)
            extra_features(rec, rows)
            self.rows[p] = rows
        self.gold = {p: {" ".join(u["text"].split()) for u in gold} for p, (_, gold) in papers.items()}
        self.ids = list(papers)
        self.part = parts_of


def fit(dev: Dev, pids, C: float):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vec = DictVectorizer()
    X = vec.fit_transform([f for p in pids for _, f, _ in dev.rows[p]])
    y = [v for p in pids for v in dev.labels(p)]
    return vec, LogisticRegression(C=C, max_iter=5000).fit(X, y)


def decide(model, rows) -> list[float]:
    vec, clf = model
    return list(clf.decision_function(vec.transform([f for _, f, _ in rows]))) if rows else []


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def best_threshold(dev: Dev, scores: dict, grid, min_p: float = 0.80) -> float:
    """The threshold of ``grid`` with the best pooled F over the papers of ``scores`` at P >= min_p."""
    best = None
    for t in grid:
        c = (0, 0, 0)
        for p, z in scores.items():
            c = add(c, dev.counts(p, [v >= t for v in z]))
        pr, _, f = prf(c)
        if pr >= min_p and (best is None or f > best[1]):
            best = (t, f)
    return best[0] if best else grid[-1]


def groups_of(dev: Dev, pids) -> list[list[str]]:
    """The papers of ``pids`` grouped by dev part (the inner folds)."""
    out: dict = {}
    for p in pids:
        out.setdefault(dev.part[p], []).append(p)
    return list(out.values())


def inner_scores(dev: Dev, pids, C: float) -> dict:
    """Each paper of ``pids`` scored by the model fitted on the parts of ``pids`` other than its own."""
    out = {}
    for held in groups_of(dev, pids):
        model = fit(dev, [p for p in pids if p not in held], C)
        out.update({q: decide(model, dev.rows[q]) for q in held})
    return out


def hand(dev: Dev, p) -> list[float]:
    return [f["hand"] for _, f, _ in dev.rows[p]]


def evaluate(dev: Dev, folds: list[list[str]], C: float) -> dict:
    """Rules at 1.2, rules at an inner-chosen threshold, and the model, on each held-out fold."""
    out = {"folds": {}, "pooled": {}}
    tot = {"rules 1.2": (0, 0, 0), "rules, inner threshold": (0, 0, 0), "combined": (0, 0, 0)}
    for held in folds:
        rest = [p for p in dev.ids if p not in held]
        t_rules = best_threshold(dev, {p: hand(dev, p) for p in rest}, CUE_GRID)
        t_model = best_threshold(dev, inner_scores(dev, rest, C), GRID)
        model = fit(dev, rest, C)
        c = {"rules 1.2": (0, 0, 0), "rules, inner threshold": (0, 0, 0), "combined": (0, 0, 0)}
        for q in held:
            c["rules 1.2"] = add(c["rules 1.2"], dev.counts(q, [v >= THRESHOLD for v in hand(dev, q)]))
            c["rules, inner threshold"] = add(c["rules, inner threshold"],
                                              dev.counts(q, [v >= t_rules for v in hand(dev, q)]))
            c["combined"] = add(c["combined"], dev.counts(q, [v >= t_model for v in decide(model, dev.rows[q])]))
        name = dev.part[held[0]] if len(held) > 1 or len(folds) <= 6 else held[0]
        out["folds"][name] = {k: rounded(v) for k, v in c.items()}
        out["folds"][name]["thresholds"] = {"rules": t_rules, "combined": t_model}
        tot = {k: add(tot[k], c[k]) for k in tot}
    out["pooled"] = {k: rounded(v) for k, v in tot.items()}
    return out


def rc_dev(dev: Dev, C: float) -> dict:
    """F1_edit on the ReviewCritique dev papers: rules against the model fitted on all nineteen PDFs
    with the threshold of their leave-one-part-out (evaluation only)."""
    import scholartools.claims.extract as E
    from claims_quality import GOLD, parsed_papers
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    gold = [g for g in (json.loads(line) for line in GOLD.open(encoding="utf-8")) if g["split"] == "dev"]
    recs = parsed_papers(gold)
    t = best_threshold(dev, inner_scores(dev, dev.ids, C), GRID)
    model = fit(dev, dev.ids, C)
    rules, comb = [], []
    for g in gold:
        rec = recs[g["id"]]
        texts = [c["text"] for c in g["claims"]]
        rules.append(span_counts([c["text"] for c in E.extract_claims(rec)], texts))
        rows = candidate_rows(rec)
        extra_features(rec, rows)
        comb.append(span_counts([s.text for (s, _, _), v in zip(rows, decide(model, rows)) if v >= t], texts))
    sc = lambda items: {k: round(v, 3) for k, v in micro_prf(items).items() if k in ("p", "r", "f")}
    return {"threshold": t, "rules (F1_edit)": sc(rules), "combined (F1_edit)": sc(comb)}


#: the feature sets of ``--variants`` (every one tried in session 16, none chosen by the unseen PDFs)
VARIANTS = {
    "all": lambda k: True,
    "no cue families": lambda k: not k.startswith("fam:"),
    "no repetition": lambda k: not k.startswith("rep"),
    "small (cue score, part, position, length, repetition)": lambda k: k in (
        "hand", "kept", "rep", "rep_abs", "rep_kept", "rep_n", "first", "last", "relpos", "paperpos", "loglen")
    or k.startswith("p:"),
    "cue score and repetition": lambda k: k in ("hand", "kept", "rep", "rep_abs", "rep_kept", "rep_n"),
}


def variants(dev: Dev) -> dict:
    """Leave-one-part-out F (pooled, and by fold) of each feature set of ``VARIANTS`` at four C, and of
    three of them as residual models (the cue score scaled by 10, see :func:`scaled`)."""
    out = {}
    runs = [(name, 1.0, C) for name in VARIANTS for C in (0.03, 0.1, 0.3, 1.0)]
    runs += [(name, 10.0, C) for name in list(VARIANTS)[:2] + [list(VARIANTS)[3]] for C in (0.003, 0.01, 0.03, 0.1)]
    for name, sc, C in runs:
        d = scaled(dev, VARIANTS[name], sc)
        r = evaluate(d, groups_of(d, d.ids), C)
        out[f"{name}, cue score x{sc:g}, C={C}"] = {
            "pooled": r["pooled"]["combined"],
            "by fold (F / P)": {k: f"{v['combined']['f']} / {v['combined']['p']}" for k, v in r["folds"].items()}}
    return out


def scaled(dev: Dev, keep, scale: float) -> Dev:
    """``dev`` with the features ``keep`` allows, the cue score and ``kept`` multiplied by ``scale``: at
    ``scale`` 10 the L2 penalty hardly touches their weights, so the model stays the rules plus a
    penalised correction (a residual model) and falls back to the rules as C shrinks."""
    import copy

    d = copy.copy(dev)
    d.rows = {p: [(s, {k: v * (scale if k in ("hand", "kept") else 1.0) for k, v in f.items() if keep(k)}, part)
                  for s, f, part in rows] for p, rows in dev.rows.items()}
    return d


#: the configurations ``--nested`` chooses among: (feature set, scale of the cue score, C)
NESTED = [(v, 10.0, C) for v in ("all", "no cue families") for C in (0.003, 0.01, 0.03, 0.1)] + \
         [(v, 1.0, C) for v in ("all", "no cue families") for C in (0.03, 0.1)]


def nested(dev: Dev) -> dict:
    """Leave-one-part-out with the configuration chosen inside each fold: for each held-out part, every
    configuration of ``NESTED`` is scored by leave-one-part-out over the other five parts (its threshold
    chosen on those pooled inner scores), the best inner F at P >= .80 is fitted on the five and scored
    on the held-out part. The honest figure for "the residual model", whose configurations were
    first compared on the outer folds themselves (``--variants``)."""
    views = {(v, sc): scaled(dev, VARIANTS[v], sc) for v, sc, _ in NESTED}
    out = {"folds": {}}
    tot = {"rules 1.2": (0, 0, 0), "combined": (0, 0, 0)}
    for held in groups_of(dev, dev.ids):
        rest = [p for p in dev.ids if p not in held]
        best = None
        for v, sc, C in NESTED:
            d = views[(v, sc)]
            inner = inner_scores(d, rest, C)
            t = best_threshold(d, inner, GRID)
            c = (0, 0, 0)
            for p, z in inner.items():
                c = add(c, d.counts(p, [x >= t for x in z]))
            pr, _, f = prf(c)
            if pr >= 0.80 and (best is None or f > best[0] + 1e-9):
                best = (f, v, sc, C, t)
        _, v, sc, C, t = best
        d = views[(v, sc)]
        model = fit(d, rest, C)
        c = {"rules 1.2": (0, 0, 0), "combined": (0, 0, 0)}
        for q in held:
            c["rules 1.2"] = add(c["rules 1.2"], dev.counts(q, [x >= THRESHOLD for x in hand(dev, q)]))
            c["combined"] = add(c["combined"], d.counts(q, [x >= t for x in decide(model, d.rows[q])]))
        out["folds"][dev.part[held[0]]] = {**{k: rounded(x) for k, x in c.items()},
                                           "chosen": f"{v}, cue score x{sc:g}, C={C}, threshold {t}"}
        tot = {k: add(tot[k], c[k]) for k in tot}
    out["pooled"] = {k: rounded(x) for k, x in tot.items()}
    return out


def weights(dev: Dev, C: float) -> dict:
    vec, clf = fit(dev, dev.ids, C)
    return {n: round(float(w), 2) for n, w in sorted(zip(vec.feature_names_, clf.coef_[0]), key=lambda x: -abs(x[1]))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--C", type=float, default=0.1, help="inverse L2 strength of the logistic model")
    ap.add_argument("--papers", action="store_true", help="also leave-one-paper-out over the nineteen papers")
    ap.add_argument("--rc", action="store_true", help="also F1_edit on the two ReviewCritique dev papers")
    ap.add_argument("--variants", action="store_true", help="also the other feature sets and C values")
    ap.add_argument("--nested", action="store_true", help="also leave-one-part-out with the configuration chosen "
                    "inside each fold")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()
    from tools.claims_evaluate import PDF_PAPERS

    papers = load("dev", DEV_PARTS)
    dev = Combined(papers, {p: PDF_PAPERS[p][1] for p in papers})
    out = {"papers": len(dev.ids), "gold": sum(map(len, dev.gold.values())), "C": args.C,
           "leave-one-part-out": evaluate(dev, groups_of(dev, dev.ids), args.C)}
    if args.papers:
        out["leave-one-paper-out"] = evaluate(dev, [[p] for p in dev.ids], args.C)
    if args.rc:
        out["reviewcritique dev"] = rc_dev(dev, args.C)
    if args.nested:
        out["nested leave-one-part-out"] = nested(dev)
    if args.variants:
        out["variants (leave-one-part-out)"] = variants(dev)
    out["weights (all nineteen, top 25)"] = dict(list(weights(dev, args.C).items())[:25])
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
