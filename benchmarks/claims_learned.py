"""Learned sentence models for offline claim extraction, tried for issue 37 and not shipped: this
script reproduces the figures of docs/st-claims.md ("What was tried").

    python benchmarks/claims_learned.py [--json out.json]

1. **A lexical claim model trained on freely licensed labels.** CSAbstruct (Cohan et al. 2019,
   Apache-2.0; ``abstract-roles/CSAbstruct``): computer-science abstract sentences, ``result`` =
   claim-like, every other role not. L2 logistic regression over word 1–2-grams (digits folded to
   0) and shape flags (number, percent, comparison, length). Its log-odds (clipped to ±3) are added
   to the hand-set cue score with weight w; w and the threshold are chosen on the six dev PDFs.
   Reported: its AUC on the dev PDFs' sentences, alone and added to the cue score, and the dev grid.
2. **A stacked model on the project's own dev annotation.** A logistic regression over the cue
   score, an indicator per cue pattern, the section kind, first person, coined names, others'
   work, digits (and the lexical model's log-odds), fitted on the six dev PDFs; leave-one-paper-out
   on dev, then fitted on all six and scored on the test PDFs and the ReviewCritique papers.

Nothing here is shipped: neither beat the hand-set cue score (see the docs). The ReviewCritique
labels are only scored (their licence: evaluation only, never training or tuning).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_TOKEN = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*|%")
_COMPARE = re.compile(r"\b(?:than|compared (?:to|with)|over|relative to)\b", re.I)
KINDS = ("abstract", "introduction", "conclusion", "results", "discussion", "experiments", "other", "method",
         "data", "related_work", "caption")


def lexical_features(text: str) -> list[str]:
    low = re.sub(r"\d+", "0", text.lower())
    toks = _TOKEN.findall(low)
    out = [f"u:{t}" for t in toks] + [f"b:{a} {b}" for a, b in zip(toks, toks[1:])]
    out += [f for f, on in (("s:number", re.search(r"\d", text)), ("s:percent", "%" in text),
                            ("s:compare", _COMPARE.search(text))) if on]
    out.append("s:short" if len(toks) < 12 else "s:long" if len(toks) > 35 else "s:mid")
    return out


def train_lexical():
    """The CSAbstruct model: ``(vectoriser, classifier, CSAbstruct dev AUC)``."""
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score

    from scholartools.data import dataset_dir

    def rows(name):
        xs, ys = [], []
        for line in (dataset_dir("abstract-roles") / "CSAbstruct" / name).open(encoding="utf-8"):
            d = json.loads(line)
            xs += [lexical_features(s) for s in d["sentences"]]
            ys += [int(lab == "result") for lab in d["labels"]]
        return xs, ys

    xtr, ytr = rows("train.jsonl")
    xdv, ydv = rows("dev.jsonl")
    vec = CountVectorizer(analyzer=lambda f: f, min_df=3, binary=True)
    clf = LogisticRegression(C=0.5, max_iter=2000, class_weight="balanced").fit(vec.fit_transform(xtr), ytr)
    return vec, clf, roc_auc_score(ydv, clf.predict_proba(vec.transform(xdv))[:, 1])


def papers() -> dict:
    """Parsed papers with their gold claims: the eight PDFs and the eight ReviewCritique papers."""
    from scholartools.data import dataset_dir
    from scholartools.datasets import text_record
    from tools.claims_evaluate import PDF_PAPERS, paper_record, resolve_refs

    out = {}
    ann = ROOT / "fixtures/claims/annotations/pdf"
    for pid, (pdf, split) in PDF_PAPERS.items():
        rec = dict(paper_record(pdf), id=pid)
        gold = resolve_refs(rec, (ann / f"{pid}.claims").read_text(encoding="utf-8").splitlines())
        out[pid] = {"rec": rec, "set": f"pdf-{split}", "gold": [u["text"] for u in gold]}
    texts = [json.loads(line)["body_text"] for line in (dataset_dir("aaar") / "ReviewCritique_LLM.jsonl").open()]
    for line in (ROOT / "fixtures/claims/gold.jsonl").open(encoding="utf-8"):
        g = json.loads(line)
        out[g["id"]] = {"rec": text_record(texts[g["paper_idx"]], g["id"]), "set": f"rc-{g['split']}",
                        "gold": [c["text"] for c in g["claims"]]}
    return out


def sentence_rows(paper: dict, lexical) -> list[dict]:
    """Every candidate sentence: its cue score, its stacked features, its gold label."""
    import scholartools.claims.extract as E

    vec, clf = lexical
    rec = paper["rec"]
    gold = {" ".join(g.split()) for g in paper["gold"]}
    names = E.own_names(rec)
    pos, neg = E._cues()
    fam, summary, pointers, _reported = E._free_cues()
    rows = []
    for s in E.sentences(rec):
        score, _ = E.score_sentence(s.text, s.kind, names)
        text = E._HYPHEN_BREAK.sub(r"\1\2", s.text)
        row = {"text": s.text, "score": score, "gold": " ".join(s.text.split()) in gold, "f": None}
        if score > -9:
            f = {"hand": score, f"k:{s.kind if s.kind in KINDS else 'rest'}": 1}
            f.update({f"c{i}": 1 for i, (_, rx, _) in enumerate(pos) if rx.search(text)})
            f.update({f"n{i}": 1 for i, (rx, _) in enumerate(neg) if rx.search(text)})
            f.update({f"f:{n}": 1 for n, rx, _ in fam if rx.search(text)})
            f.update({f"p{i}": 1 for i, (rx, _, _) in enumerate(pointers) if rx.search(text)})
            for name, on in (("summary", summary.search(text)), ("own", E._FIRST_PERSON.search(text)),
                             ("named", names and any(n in text for n in names)), ("others", E._OTHERS.match(text)),
                             ("digit", E._DIGIT.search(text))):
                if on:
                    f[name] = 1
            z = float(clf.decision_function(vec.transform([lexical_features(text)]))[0])
            row["lex"] = max(-3.0, min(3.0, z))
            row["f"] = f
        rows.append(row)
    return rows


def prf(per_paper: list[tuple[list[str], list[str]]]) -> dict:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    r = micro_prf([span_counts(pred, gold) for pred, gold in per_paper])
    return {k: round(v, 3) for k, v in r.items()}


def additive(rows_by_paper: dict, gold: dict, w: float, thr: float) -> dict:
    """The cue score plus ``w`` × the lexical log-odds, kept at ``thr`` (no repeat credit, no cap)."""
    return prf([([r["text"] for r in rows if r["f"] is not None and r["score"] + w * r["lex"] >= thr], gold[p])
                for p, rows in rows_by_paper.items()])


def stacked_fit(rows: list[dict], with_lex: bool, C: float = 0.3):
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    X = [dict(r["f"], **({"lex": r["lex"]} if with_lex else {})) for r in rows if r["f"] is not None]
    y = [r["gold"] for r in rows if r["f"] is not None]
    vec = DictVectorizer()
    return vec, LogisticRegression(C=C, max_iter=3000).fit(vec.fit_transform(X), y)


def stacked_keep(model, rows: list[dict], with_lex: bool, thr: float) -> list[str]:
    vec, clf = model
    live = [r for r in rows if r["f"] is not None]
    if not live:
        return []
    z = clf.decision_function(vec.transform([dict(r["f"], **({"lex": r["lex"]} if with_lex else {})) for r in live]))
    return [r["text"] for r, v in zip(live, z) if v >= thr]


def main():
    from sklearn.metrics import roc_auc_score

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args()
    vec, clf, auc_dev = train_lexical()
    data = papers()
    rows = {p: sentence_rows(d, (vec, clf)) for p, d in data.items()}
    gold = {p: d["gold"] for p, d in data.items()}
    sets = {s: [p for p, d in data.items() if d["set"] == s] for s in ("pdf-dev", "pdf-test", "rc-dev", "rc-test")}
    out = {"csabstruct_dev_auc": round(auc_dev, 3)}
    dev_rows = [r for p in sets["pdf-dev"] for r in rows[p] if r["f"] is not None]
    y = [r["gold"] for r in dev_rows]
    out["pdf_dev_auc"] = {f"cue + {w} lex": round(roc_auc_score(y, [r["score"] + w * r["lex"] for r in dev_rows]), 3)
                          for w in (0.0, 0.2, 0.5, 1.0)}
    out["pdf_dev_auc"]["lex alone"] = round(roc_auc_score(y, [r["lex"] for r in dev_rows]), 3)
    out["additive_dev_grid"] = {f"w={w} t={t}": additive({p: rows[p] for p in sets["pdf-dev"]}, gold, w, t)
                                for w in (0.0, 0.2, 0.35, 0.5) for t in (0.8, 1.0, 1.2, 1.4)}
    out["stacked"] = {}
    for with_lex in (False, True):
        key = "with lexical log-odds" if with_lex else "cue features only"
        lopo = {}
        for thr in (-0.5, 0.0):
            per = []
            for p in sets["pdf-dev"]:
                m = stacked_fit([r for q in sets["pdf-dev"] if q != p for r in rows[q]], with_lex)
                per.append((stacked_keep(m, rows[p], with_lex, thr), gold[p]))
            lopo[f"t={thr}"] = prf(per)
        m = stacked_fit([r for p in sets["pdf-dev"] for r in rows[p]], with_lex)
        held = {s: prf([(stacked_keep(m, rows[p], with_lex, 0.0), gold[p]) for p in sets[s]])
                for s in ("pdf-test", "rc-dev", "rc-test")}
        out["stacked"][key] = {"dev leave-one-paper-out": lopo, "fitted on dev, t=0.0": held}
    print(json.dumps(out, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
