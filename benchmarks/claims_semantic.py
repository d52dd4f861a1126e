"""A semantic signal for offline claim extraction from text we wrote ourselves (issue 37, session 18):
does a sentence-embedding score, trained only on claim / non-claim sentences written by the project
from CLAIMCHECK's definition, add to the cue score on dev papers of a part it never saw? The pair
(written score + previous kept) ships opt-in as ``st-claims --scorer semantic`` since session 19
(``scholartools.claims.semantic``); this script reproduces the figures of docs/st-claims.md ("What was tried").

    python benchmarks/claims_semantic.py [--cache DIR] [--rc | --rc-only] [--json out.json]

Material: the two-pass gold of the nineteen dev PDFs (parts ``dev`` .. ``dev6`` of
``tools.claims_evaluate.PDF_PAPERS``); the unseen PDFs are not read. The written corpus is
``fixtures/claims/written/`` (our own sentences, the repository's licence: weights fitted on it
could ship). Every candidate sentence (``scholartools.claims.extract.scored_sentences`` at 1.2) is
encoded with the bundled MiniLM (``scholartools.embeddings.encode``, timed: the cost per paper).

Signals (each a number per candidate, added to the cue score with a weight):

* ``written-lr``: L2 logistic regression on the written corpus's MiniLM vectors (C = 0.3 / 1 / 3),
  its log-odds clipped to [-3, 3];
* ``written-proto``: mean cosine to the five nearest written claims minus to the five nearest
  written non-claims (x 10);
* ``written-static``: the same regression (C = 1) on MiniLM's *input* word-piece vectors averaged
  (no transformer: a cheap variant);
* ``repeat-embedding``: the largest cosine to a sentence of another part (abstract, introduction,
  conclusion) that the rules keep (claims restated across parts), (cos - .5) x 4, floored at 0;
* ``dev-label ceiling``: a logistic regression on the MiniLM vectors fitted on the dev labels of
  the training parts (C = 1; never shippable: it says whether in-domain labels would do better than
  the written corpus).
* ``previous kept``: 1 when the candidate before, in the same section, has a cue score of 1.2 or more
  (claims come in runs of findings), else 0 — no model;
* two signals at once: ``written-lr C=0.3 + previous kept`` and ``written-static C=3 + previous
  kept``, each weight from 0 … 0.4.

Protocol: **leave-one-part-out** (six folds). For each held-out part the weight (grid 0 … 0.7) and
the threshold (0.5 … 2.0 by 0.05) are chosen on the five training parts pooled — best F with P at
or over a precision target (.80, .82, .84, .86, .88) — and scored on the held-out part (for the
dev-label ceiling the training parts' scores are themselves leave-one-part-out). The rules alone go
through the same protocol with the weight fixed at 0. ``nested``: the precision target itself is
chosen inside each fold (the best inner leave-one-part-out F at P >= .80 over the five training
parts), the honest figure for a configuration whose target was first compared on the outer folds. Figures are exact-unit P / R / F over the
candidate sentences, pooled over the folds, and by section for the .80 target.

``--rc`` (``--rc-only``: nothing else) scores the pair, its weights and threshold chosen on all nineteen
dev PDFs at the .82 target, on the two ReviewCritique dev papers with F1_edit beside the rules
(evaluation only). The output also counts, on the dev candidates, how often five result / survey / gap patterns that need
no "we" fire, and how many of their firings the rules leave below the threshold.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from claims_combined import DEV_PARTS, Combined  # noqa: E402
from claims_scorer import load  # noqa: E402
from tools.claims_semantic_weights import written_corpus  # noqa: E402  (the one reader of the corpus)
PARTS = ("abstract", "introduction", "body", "conclusion", "captions")
WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7)
THRESHOLDS = [round(0.5 + 0.05 * i, 2) for i in range(31)]
TARGETS = (0.80, 0.82, 0.84, 0.86, 0.88)



class Table:
    """The dev candidates as arrays: cue score, label, paper, dev part, section part."""

    def __init__(self, dev: Combined):
        import numpy as np

        rows = [(p, s, f, part, y) for p in dev.ids for (s, f, part), y in zip(dev.rows[p], dev.labels(p))]
        self.texts = [s.text for _, s, _, _, _ in rows]
        self.hand = np.array([f["hand"] for _, _, f, _, _ in rows])
        self.y = np.array([y for *_, y in rows], dtype=bool)
        self.pid = np.array([p for p, *_ in rows])
        self.dev = np.array([dev.part[p] for p, *_ in rows])
        self.part = np.array([part for _, _, _, part, _ in rows])
        self.kind = np.array([f"{s.kind}:{s.section_index}:{s.figure_index}" for _, s, _, _, _ in rows])
        self.ngold = {p: len(g) for p, g in dev.gold.items()}

    def counts(self, keep, sel) -> tuple[int, int, int]:
        tp = int((keep & self.y & sel).sum())
        return tp, int((keep & sel).sum()), sum(self.ngold[p] for p in set(self.pid[sel]))


def prf(c) -> tuple[float, float, float]:
    tp, n, g = c
    p, r = (tp / n if n else 0.0), (tp / g if g else 0.0)
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def r3(c) -> dict:
    return dict(zip("prf", (round(x, 3) for x in prf(c))))


def choose(t: Table, sems, sel, target: float, grids) -> tuple[tuple, float]:
    """The weights (one per signal of ``sems``, from ``grids``) and threshold with the best pooled F
    over ``sel`` among those with P >= ``target``."""
    best = None
    for ws in itertools.product(*grids):
        s = t.hand + sum(w * x for w, x in zip(ws, sems))
        for th in THRESHOLDS:
            p, _, f = prf(t.counts(s >= th, sel))
            if p >= target and (best is None or f > best[0] + 1e-9):
                best = (f, ws, th)
    return (best[1], best[2]) if best else (tuple(0.0 for _ in grids), THRESHOLDS[-1])


def lopo(t: Table, sem_for, target: float, grids=(WEIGHTS,)) -> dict:
    """``sem_for(held)`` -> (signals used to choose on the training parts, signals of the held part),
    each a list of arrays, one per grid of ``grids``."""
    import numpy as np

    total = np.zeros(3, int)
    by_part = {k: np.zeros(3, int) for k in PARTS}
    folds = {}
    for held in DEV_PARTS:
        train = t.dev != held
        inner, outer = sem_for(held)
        ws, th = choose(t, inner, train, target, grids)
        keep = t.hand + sum(w * x for w, x in zip(ws, outer)) >= th
        sel = t.dev == held
        c = np.array(t.counts(keep, sel))
        total += c
        for k in PARTS:
            m = sel & (t.part == k)
            by_part[k] += [int((keep & t.y & m).sum()), int((keep & m).sum()), int((t.y & m).sum())]
        folds[held] = {"weights": list(ws), "threshold": th, "f": round(prf(c)[2], 3)}
    return {"pooled": r3(total), "by fold": folds, "by section": {k: r3(v) for k, v in by_part.items()}}


def nested(t: Table, sem_for, grids) -> dict:
    """Leave-one-part-out with the precision target of the choice itself chosen inside each fold: for
    each held-out part, every target of ``TARGETS`` is scored by a leave-one-part-out over the other
    five parts (weights and threshold chosen on four, scored on the fifth); the target with the best
    inner F at pooled P >= .80 chooses the weights and threshold on the five, scored on the held part."""
    import numpy as np

    total = np.zeros(3, int)
    folds = {}
    for held in DEV_PARTS:
        rest = [q for q in DEV_PARTS if q != held]
        inner_sig = sem_for(held)[0]
        best = None
        for target in TARGETS:
            c = np.zeros(3, int)
            for h in rest:
                fit = np.isin(t.dev, [q for q in rest if q != h])
                ws, th = choose(t, inner_sig, fit, target, grids)
                c += t.counts(t.hand + sum(w * x for w, x in zip(ws, inner_sig)) >= th, t.dev == h)
            p, _, f = prf(c)
            if p >= 0.80 and (best is None or f > best[0] + 1e-9):
                best = (f, target)
        target = best[1] if best else TARGETS[-1]
        inner, outer = sem_for(held)
        ws, th = choose(t, inner, t.dev != held, target, grids)
        c = np.array(t.counts(t.hand + sum(w * x for w, x in zip(ws, outer)) >= th, t.dev == held))
        total += c
        folds[held] = {"target": target, "weights": list(ws), "threshold": th, "f": round(prf(c)[2], 3)}
    return {"pooled": r3(total), "by fold": folds}


def embed(texts: list[str], cache: Path | None):
    import numpy as np
    from scholartools.embeddings import encode

    key = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:12]
    path = cache / f"minilm-{key}.npy" if cache else None
    if path and path.exists():
        return np.load(path), None
    c0 = time.process_time()
    vectors = encode(texts)
    cpu = time.process_time() - c0
    if path:
        cache.mkdir(parents=True, exist_ok=True)
        np.save(path, vectors)
    return vectors, cpu


def static_vectors(texts: list[str]):
    """MiniLM's input word-piece vectors averaged over a text (special tokens left out), L2-normalised."""
    import numpy as np
    from scholartools.embeddings import minilm, model_path

    enc = minilm.load(model_path())
    special = {enc.spec["pad_id"], 101, 102}
    out = np.zeros((len(texts), enc.word.shape[1]), np.float32)
    for i, ids in enumerate(enc.tokenize(texts)):
        ids = [x for x in ids if x not in special]
        if ids:
            out[i] = enc.word[ids].mean(0)
    return out / (np.linalg.norm(out, axis=1, keepdims=True) + 1e-9)


def lr_scores(X, y, Z, C: float):
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=C, max_iter=3000).fit(X, y).decision_function(Z)


def signals(t: Table, E, W, wy, static_E, static_W) -> dict:
    """Each signal as ``sem_for(held)`` for :func:`lopo`."""
    import numpy as np

    out = {}
    for C in (0.3, 1.0, 3.0):
        s = np.clip(lr_scores(W, wy, E, C), -3, 3)
        out[f"written-lr C={C}"] = (lambda s: lambda held: ([s], [s]))(s)
    S = E @ W.T
    pos, neg = np.asarray(wy) == 1, np.asarray(wy) == 0
    proto = (np.sort(S[:, pos], 1)[:, -5:].mean(1) - np.sort(S[:, neg], 1)[:, -5:].mean(1)) * 10
    out["written-proto k=5"] = lambda held: ([proto], [proto])
    st = np.clip(lr_scores(static_W, wy, static_E, 1.0), -3, 3)
    out["written-static C=1"] = lambda held: ([st], [st])
    rep = np.zeros(len(t.y))
    kept = t.hand >= 1.2
    for p in set(t.pid):
        ii = np.where(t.pid == p)[0]
        sims = E[ii] @ E[ii].T
        for a, i in enumerate(ii):
            m = (t.part[ii] != t.part[i]) & kept[ii] & np.isin(t.part[ii], ["abstract", "introduction", "conclusion"])
            rep[i] = sims[a][m].max() if m.any() else 0.0
    rep = np.clip((rep - 0.5) * 4, 0, None)
    out["repeat-embedding"] = lambda held: ([rep], [rep])

    def ceiling(held):
        train = [q for q in DEV_PARTS if q != held]
        inner = np.zeros(len(t.y))
        for h in train:
            fit = np.isin(t.dev, [q for q in train if q != h])
            inner[t.dev == h] = lr_scores(E[fit], t.y[fit], E[t.dev == h], 1.0)
        fit = t.dev != held
        return [np.clip(inner, -3, 3)], [np.clip(lr_scores(E[fit], t.y[fit], E, 1.0), -3, 3)]
    out["dev-label ceiling C=1"] = ceiling
    prev = previous_kept(t)
    out["previous kept"] = lambda held: ([prev], [prev])
    lr = np.clip(lr_scores(W, wy, E, 0.3), -3, 3)
    out["written-lr C=0.3 + previous kept"] = lambda held: ([lr, prev], [lr, prev])
    st3 = np.clip(lr_scores(static_W, wy, static_E, 3.0), -3, 3)
    out["written-static C=3 + previous kept"] = lambda held: ([st3, prev], [st3, prev])
    return out


#: the weight grids of the two-signal combinations (the written score, the previous sentence kept)
PAIR = ((0.0, 0.1, 0.2, 0.3, 0.4), (0.0, 0.1, 0.2, 0.3, 0.4))


def previous_kept(t: Table):
    """1 where the sentence before, in the same part of the same paper, has a cue score of 1.2 or
    more (the rules keep it), else 0: a claim's neighbour in a run of findings."""
    import numpy as np

    kept = t.hand >= 1.2
    same = np.r_[False, (t.pid[1:] == t.pid[:-1]) & (t.kind[1:] == t.kind[:-1])]
    return (same & np.r_[False, kept[:-1]]).astype(float)


IDEA2 = {
    "outperforms / improves … by N": r"\b(?:outperform\w*|improv\w*|beat\w*|exceed\w*)\b[^.;]{0,80}?\bby\s+(?:about\s+|up to\s+|over\s+"
                                     r"|nearly\s+)?\d",
    "from N … to N": r"\bfrom\s+\d+(?:[.,]\d+)?\s?%?[^.;]{0,30}?\bto\s+\d",
    "results show / indicate (no we)": r"\b(?:results?|experiments?|analys[ie]s|evaluations?|data|findings?)\s+(?:\w+\s+)?"
                                       r"(?:show|indicate|suggest|reveal|confirm|demonstrate)s?\b",
    "N% of the": r"\b\d+(?:[.,]\d+)?\s?%\s+of\s+(?:the|all|our)\b",
    "no prior work / has not been studied": r"\bno (?:prior|previous|existing|earlier) (?:\w+ )?(?:work|study|studies|method|approach)"
                                            r"|\bha(?:s|ve) not (?:yet )?been (?:\w+ )?(?:studied|explored|addressed|investigated|examined)",
    "existing methods fail / cannot": r"\b(?:existing|current|prior|previous|most) (?:\w+ )?(?:methods|approaches|systems|models|work"
                                      r"|tools|techniques) (?:\w+ )?(?:fail|cannot|can not|do not|does not|are unable|ignore|lack|suffer)",
}


def idea2(t: Table) -> dict:
    import numpy as np

    out = {}
    for name, pattern in IDEA2.items():
        rx = re.compile(pattern, re.I)
        m = np.array([bool(rx.search(x)) for x in t.texts])
        below = m & (t.hand < 1.2)
        out[name] = {"fires": int(m.sum()), "claims": int((m & t.y).sum()), "kept by the rules": int((m & ~below).sum()),
                     "below 1.2": int(below.sum()), "claims below 1.2": int((below & t.y).sum())}
    return out


def rc_dev(t: Table, W, wy, cache: Path | None) -> dict:
    """F1_edit on the two ReviewCritique dev papers (evaluation only: their labels choose nothing) of
    the rules against the pair (written score + previous kept), its weights and threshold chosen on
    all nineteen dev PDFs at the .82 target."""
    import numpy as np
    import scholartools.claims.extract as E
    from claims_quality import GOLD, parsed_papers
    from claims_scorer import candidate_rows
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    from sklearn.linear_model import LogisticRegression

    model = LogisticRegression(C=0.3, max_iter=3000).fit(W, wy)
    sig = signals_pair(t, model)
    (ws, th) = choose(t, sig, np.ones(len(t.y), bool), 0.82, PAIR)
    gold = [g for g in (json.loads(line) for line in GOLD.open(encoding="utf-8")) if g["split"] == "dev"]
    recs = parsed_papers(gold)
    rules, pair = [], []
    for g in gold:
        rec = recs[g["id"]]
        texts = [c["text"] for c in g["claims"]]
        rules.append(span_counts([c["text"] for c in E.extract_claims(rec)], texts))
        rows = candidate_rows(rec)
        hand = np.array([f["hand"] for _, f, _ in rows])
        keys = [f"{s.kind}:{s.section_index}:{s.figure_index}" for s, _, _ in rows]
        prev = np.array([float(i > 0 and keys[i] == keys[i - 1] and hand[i - 1] >= 1.2) for i in range(len(rows))])
        E_rec, _ = embed([s.text for s, _, _ in rows], cache)
        sem = np.clip(model.decision_function(E_rec), -3, 3)
        keep = hand + ws[0] * sem + ws[1] * prev >= th
        pair.append(span_counts([s.text for (s, _, _), k in zip(rows, keep) if k], texts))
    sc = lambda items: {k: round(v, 3) for k, v in micro_prf(items).items() if k in ("p", "r", "f")}
    return {"weights": list(ws), "threshold": th, "rules (F1_edit)": sc(rules), "pair (F1_edit)": sc(pair)}


def signals_pair(t: Table, model) -> list:
    import numpy as np

    return [np.clip(model.decision_function(t.E), -3, 3), previous_kept(t)]


def main():
    import numpy as np
    from sklearn.metrics import roc_auc_score
    from tools.claims_evaluate import PDF_PAPERS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, help="keep the MiniLM vectors of the candidates here (keyed by their texts)")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--rc", action="store_true", help="also F1_edit of the pair on the two ReviewCritique dev papers "
                    "(evaluation only)")
    ap.add_argument("--rc-only", action="store_true", help="only the --rc figures (and what they need)")
    args = ap.parse_args()
    papers = load("dev", DEV_PARTS)
    dev = Combined(papers, {p: PDF_PAPERS[p][1] for p in papers})
    t = Table(dev)
    E, cpu = embed(t.texts, args.cache)
    t.E = E
    wt, wy = written_corpus()
    W, _ = embed(wt, args.cache)
    if args.rc_only:
        print(json.dumps({"reviewcritique dev": rc_dev(t, W, wy, args.cache)}, indent=1))
        return
    c0 = time.process_time()
    static_E, static_W = static_vectors(t.texts), static_vectors(wt)
    static_cpu = time.process_time() - c0
    sig = signals(t, E, W, wy, static_E, static_W)
    band = (t.hand > 0.4) & (t.hand < 1.5)
    out = {"papers": len(dev.ids), "candidates": len(t.y), "gold": sum(t.ngold.values()),
           "written corpus": {"claims": int(sum(wy)), "non-claims": len(wy) - int(sum(wy))},
           "cost": {"minilm_cpu_s_per_paper": round(cpu / len(dev.ids), 2) if cpu else "cached",
                    "minilm_cpu_ms_per_sentence": round(1000 * cpu / len(t.y), 1) if cpu else "cached",
                    "static_cpu_s_per_paper": round(static_cpu / len(dev.ids), 3),
                    "candidates_per_paper": round(len(t.y) / len(dev.ids), 1),
                    "candidates_with_cue_score_0.3_to_1.5": round(float(((t.hand >= 0.3) & (t.hand < 1.5)).mean()), 3)},
           "auc": {"cue score": round(roc_auc_score(t.y, t.hand), 3),
                   "cue score, candidates scoring 0.4-1.5": round(roc_auc_score(t.y[band], t.hand[band]), 3)}}
    for name, fn in sig.items():
        s = fn(DEV_PARTS[0])[1][0] if not name.startswith("dev-label") and "+" not in name else None
        if s is not None:
            out["auc"][name] = {"all": round(roc_auc_score(t.y, s), 3), "0.4-1.5": round(roc_auc_score(t.y[band], s[band]), 3)}
    held_out = np.zeros(len(t.y))   # the dev-label regression, each part scored by the fit on the other five
    for held in DEV_PARTS:
        held_out[t.dev == held] = sig["dev-label ceiling C=1"](held)[1][0][t.dev == held]
    out["auc"]["dev-label ceiling C=1 (leave-one-part-out)"] = {
        "all": round(roc_auc_score(t.y, held_out), 3), "0.4-1.5": round(roc_auc_score(t.y[band], held_out[band]), 3)}
    rules = lambda held: ([], [])
    out["leave-one-part-out"] = {}
    for target in TARGETS:
        row = {"rules": lopo(t, rules, target, ())}
        for name, fn in sig.items():
            row[name] = lopo(t, fn, target, PAIR if "+" in name else (WEIGHTS,))
        out["leave-one-part-out"][f"P >= {target}"] = row
    out["nested (precision target chosen inside each fold)"] = {
        "rules": nested(t, rules, ()),
        "written-lr C=0.3": nested(t, sig["written-lr C=0.3"], (WEIGHTS,)),
        "previous kept": nested(t, sig["previous kept"], (WEIGHTS,)),
        "written-lr C=0.3 + previous kept": nested(t, sig["written-lr C=0.3 + previous kept"], PAIR)}
    out["idea 2 patterns on the dev candidates"] = idea2(t)
    if args.rc:
        out["reviewcritique dev"] = rc_dev(t, W, wy, args.cache)
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
