"""Train the heading model (``heading_model.json``) on hand-annotated PDFs.

    python -m tools.train_headings [--shared ../shared] [--cv] [--cv-pipeline] [--out FILE]

Training documents: the visible gold PDFs of ``shared/external/pdfs`` whose gold lists headings
(``gold_index.jsonl``, plus the headings annotated here in ``fixtures/pdfs/visible_extra.jsonl``)
and the ``dev`` split of ``fixtures/pdfs/gold_index.jsonl``; with ``--jats-pairs DIR`` also the
``dev`` half of the JATS-paired publisher PDFs (benchmarks/jats_pairs.py). The ``test`` splits
are never read here: they are kept for the figures reported as unseen.

Every heading candidate (:func:`headings.candidates`) of a training PDF is labelled by its text:
positive when it matches a gold heading (numbering stripped, case and punctuation ignored; a
candidate that is a long prefix of a gold heading or the reverse also counts, so a heading
whose last line was not joined still teaches "this row starts a heading"); gold headings marked
optional are left out of training. A logistic regression (scikit-learn, standardised features,
L2) is fitted; its weights, means and scales are written as JSON so the parser needs no
scikit-learn at run time. ``--cv`` reports leave-one-document-out candidate-level P/R.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path

import click

from scholartools.data.catalog import dataset_path

ROOT = Path(__file__).resolve().parents[1]
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


def _norm(text: str) -> str:
    from scholartools.text.sections import strip_number

    _, rest = strip_number(unicodedata.normalize("NFKC", text or ""))
    return " ".join(_TOKEN.findall(rest.casefold()))


def gold_documents(shared: Path | None = None, include_test: bool = False) -> list[dict]:
    """``{"id", "path", "headings": [{"text", "optional"}], "split"}`` for every PDF with heading gold."""
    docs = []
    vis = dataset_path("pdfs", shared, file="gold_index.jsonl")   # --shared, else scholartools.data
    extra = {}
    extra_path = ROOT / "fixtures" / "pdfs" / "visible_extra.jsonl"
    if extra_path.exists():
        for line in extra_path.read_text().splitlines():
            if line.strip():
                g = json.loads(line)
                extra[g["id"]] = g
    if (vis / "gold_index.jsonl").exists():
        for line in (vis / "gold_index.jsonl").read_text().splitlines():
            if not line.strip():
                continue
            g = json.loads(line)
            e = extra.get(g["id"])
            if e:
                heads = e["heading_detail"]
            elif g.get("headings"):
                heads = [{"text": h} for h in g["headings"]]
            else:
                continue
            docs.append({"id": g["id"], "path": str(vis / g["pdf"]), "headings": heads, "split": "visible"})
    new = ROOT / "fixtures" / "pdfs" / "gold_index.jsonl"
    for line in new.read_text().splitlines():
        if not line.strip():
            continue
        g = json.loads(line)
        if g.get("split") != "dev" and not include_test:
            continue
        docs.append({"id": g["id"], "path": str(ROOT / "fixtures" / "pdfs" / g["pdf"]),
                     "headings": g["heading_detail"], "split": g.get("split")})
    return docs


#: real training PDFs set with one of the corpus' document classes: left out of that class's fold,
#: so no class is in both train and test (a tooling fact, not a parser rule)
SAME_CLASS = {"ieeetran": ("tpl-bare_jrnl",), "acmart": ("tpl-sample-sigconf",)}


def latex_documents(corpus: Path) -> list[dict]:
    """The PDFs of a LaTeX layout corpus (``benchmarks/latex_corpus.py build``) as training
    documents: split ``latex``, ``family`` the document class, the gold row kept for scoring."""
    docs = []
    for line in (corpus / "gold.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        g = json.loads(line)
        if not g.get("headings") or not (corpus / g["pdf"]).exists():
            continue
        docs.append({"id": g["id"], "path": str(corpus / g["pdf"]), "split": "latex", "family": g["family"],
                     "headings": [{"text": h} for h in g["headings"]], "gold": dict(g, path=str(corpus / g["pdf"]))})
    return docs


def jats_documents(folder: Path) -> list[dict]:
    """The ``dev`` half of the JATS-paired publisher PDFs (``benchmarks/jats_pairs.py build --out
    DIR``) as training documents, split ``jats-dev``; the ``test`` half is never read here. Their
    gold comes from the publisher's XML: back-matter labels it does not title are optional."""
    docs = []
    for line in (folder / "gold.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        g = json.loads(line)
        if g.get("split") != "dev" or not g.get("headings"):
            continue
        docs.append({"id": g["id"], "path": str(folder / g["pdf"]), "split": "jats-dev", "publisher": g["family"],
                     "headings": g["heading_detail"]})
    return docs


def label(text: str, gold: list[tuple[str, bool]]) -> int | None:
    """1 / 0 for a candidate's text against the gold headings; None when it matches an optional one."""
    t = _norm(text)
    if not t:
        return 0
    for g, optional in gold:
        if not g:
            continue
        hit = t == g
        if not hit and min(len(t), len(g)) >= 0.6 * max(len(t), len(g)) and len(t.split()) >= 2:
            hit = g.startswith(t) or t.startswith(g)
        if hit:
            return None if optional else 1
    return 0


def _cached(path: str, heads: list[dict]):
    """document_examples through a pickle cache in ``ST_HEADING_CACHE`` (a folder), keyed by the
    PDF, its gold and the source of the modules that compute candidates and features."""
    import hashlib
    import pickle

    folder = os.environ.get("ST_HEADING_CACHE")
    if not folder:
        return document_examples(path, heads)
    from scholartools.parsing import pdf as pdfpkg

    src = Path(pdfpkg.__file__).parent
    h = hashlib.sha256()
    for name in sorted(p.name for p in src.glob("*.py")):
        h.update((src / name).read_bytes())
    st = os.stat(path)
    h.update(f"{path}|{st.st_size}|{st.st_mtime_ns}|{json.dumps(heads, sort_keys=True)}".encode())
    f = Path(folder) / (h.hexdigest()[:24] + ".pkl")
    if f.exists():
        return pickle.loads(f.read_bytes())
    out = document_examples(path, heads)
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_bytes(pickle.dumps(out))
    return out


def document_examples(path: str, heads: list[dict]):
    """(feature rows, labels, candidate texts) of one PDF."""
    from scholartools.parsing.pdf import headings, read_pdf
    from scholartools.parsing.pdf.structure import prepare

    doc = read_pdf(path, check_clipping=False)
    rows = doc["rows"]
    _, _, _, st = prepare(rows, doc["body"], doc["page_height"])
    cands = headings.candidates(rows, st)
    headings.features(rows, cands, st)
    gold = [(_norm(h["text"]), bool(h.get("optional"))) for h in heads]
    X, y, texts, keys = [], [], [], []
    for c in cands:
        lab = label(c.text, gold)
        if lab is None:
            continue
        X.append(c.feats)
        y.append(lab)
        texts.append(c.text)
        keys.append((c.skey, c.headlike, c.page))
    return X, y, texts, keys


#: weight of a JATS-paired training PDF's examples: their headings come from the publisher's XML,
#: not from reading the page (a run-in lead the XML titles, a section it flattens), so they count
#: less than the hand-annotated PDFs; 0.25 gave the best heading F1 on the fixtures' dev split
#: of 1, 0.5 and 0.25 (0.916, 0.922, 0.929)
JATS_WEIGHT = 0.25

#: per-document example weights (document id → weight; 1 when absent): the LaTeX corpus is
#: weighted so that its examples together count ``--corpus-weight`` times the real PDFs'
WEIGHTS: dict[str, float] = {}


def fit(X, y, C: float = 0.5, w=None):
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    X = np.asarray(X, dtype=float)
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-6] = 1.0
    clf = LogisticRegression(C=C, max_iter=5000)
    clf.fit((X - mean) / scale, y, sample_weight=w)
    return clf, mean, scale


def _weights(data):
    return [WEIGHTS.get(did, 1.0) for did, xs, _, _, _ in data for _ in xs]


def _as_params(clf, mean, scale) -> dict:
    return {"coef": [round(float(v), 5) for v in clf.coef_[0]], "intercept": round(float(clf.intercept_[0]), 5),
            "mean": [round(float(v), 5) for v in mean], "scale": [round(float(v), 5) for v in scale]}


def _stage2_rows(X, keys, params):
    """Stage-2 features of one document's candidates given stage-1 parameters."""
    from scholartools.parsing.pdf.headings import Cand, _logit, style_features

    cs = []
    for x, (k, headlike, page) in zip(X, keys):
        c = Cand(i=0, rows=[0], text="")
        c.z1 = _logit(params, x)
        c.skey, c.headlike, c.page = k, headlike, page
        cs.append(c)
    return style_features(cs)


def train(data, C: float, folds: int = 5):
    """Stage 1 on all documents; stage 2 on stage-1 logits computed out of fold (documents
    split into ``folds`` groups), so stage 2 learns from scores like those of unseen papers."""
    X = [x for _, xs, _, _, _ in data for x in xs]
    y = [v for _, _, ys, _, _ in data for v in ys]
    clf, mean, scale = fit(X, y, C, _weights(data))
    stage1 = _as_params(clf, mean, scale)
    X2, y2 = [], []
    for f in range(folds):
        test = [d for k, d in enumerate(data) if k % folds == f and d[2]]
        if not test:
            continue
        rest = [d for k, d in enumerate(data) if k % folds != f]
        Xt = [x for _, xs, _, _, _ in rest for x in xs]
        yt = [v for _, _, ys, _, _ in rest for v in ys]
        c1, m1, s1 = fit(Xt, yt, C, _weights(rest))
        for _, Xd, yd, _, kd in test:
            X2.extend(_stage2_rows(Xd, kd, _as_params(c1, m1, s1)))
            y2.extend(yd)
    w2 = [WEIGHTS.get(did, 1.0) for f in range(folds) for k, (did, xs, ys, _, _) in enumerate(data)
          if k % folds == f and ys for _ in xs]
    clf2, mean2, scale2 = fit(X2, y2, C, w2)
    return stage1, _as_params(clf2, mean2, scale2)


def predict(stage1, stage2, Xd, kd):
    from scholartools.parsing.pdf.headings import _logit, _sigmoid

    return [_sigmoid(_logit(stage2, f)) for f in _stage2_rows(Xd, kd, stage1)]


@click.command(help="Train the heading model (heading_model.json) on hand-annotated PDFs.")
@click.option("--shared", default=None, help="a shared folder (default: the pdfs dataset where scholartools.data finds it)")
@click.option("--out", default=None, help="model file (default: the package's heading_model.json)")
@click.option("--cv", is_flag=True, help="leave-one-document-out candidate P/R")
@click.option("--cv-pipeline", is_flag=True,
              help="leave-one-document-out: parse each training PDF with a model trained without it "
                   "and score its headings end to end (the honest figure for the training PDFs)")
@click.option("--latex-corpus", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="also train on a LaTeX layout corpus (benchmarks/latex_corpus.py build --out DIR)")
@click.option("--family-folds", is_flag=True,
              help="with --latex-corpus: leave one document class out at a time (with the real PDFs set in it), "
                   "parse its PDFs with the model trained without it; title, abstract, heading P/R/F1 per fold")
@click.option("--jats-pairs", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="also train on the dev half of the JATS-paired publisher PDFs "
                   "(benchmarks/jats_pairs.py build --out DIR)")
@click.option("--jats-weight", type=float, default=None,
              help="weight of each --jats-pairs document's examples (the hand-annotated PDFs weigh 1; default "
                   "JATS_WEIGHT, chosen by the fixtures' dev split)")
@click.option("--jats-folds", type=int, default=0, show_default=True,
              help="with --jats-pairs: K folds of the JATS dev half by publisher family (no family in both "
                   "train and test); each fold's PDFs parsed with a model trained without it, heading P/R/F1 "
                   "pooled, beside the shipped model on the PDFs it was not trained on")
@click.option("--no-write", is_flag=True, help="do not write the model file")
@click.option("--corpus-weight", type=float, default=1.0, show_default=True,
              help="the LaTeX corpus' examples together weigh this many times the real PDFs' examples")
@click.option("--C", "C", type=float, default=0.5, show_default=True, help="inverse L2 strength")
@click.option("--threshold", type=float, default=0.4, show_default=True,
              help="probability above which a candidate is a heading (0.4 chosen by the cross-validated pipeline)")
def main(shared, out, cv, cv_pipeline, latex_corpus, family_folds, jats_pairs, jats_weight, jats_folds, no_write,
         corpus_weight, C, threshold) -> None:
    from types import SimpleNamespace

    from scholartools.parsing.pdf.headings import FEATURES, FEATURES2, MODEL_PATH

    args = SimpleNamespace(shared=shared, out=out or MODEL_PATH, cv=cv, cv_pipeline=cv_pipeline, C=C,
                           threshold=threshold)
    docs, data = training_data(args.shared, latex_corpus, corpus_weight, jats_pairs, jats_weight)
    for d, (_, _, yd, _, _) in zip(docs, data):
        if d["split"] != "latex":
            print(f"{d['id']:60s} candidates {len(yd):4d} positives {sum(yd):3d} / gold {len(d['headings'])}")
    y = [v for _, _, ys, _, _ in data for v in ys]
    stage1, stage2 = train(data, args.C)
    if args.cv:
        tp = fp = fn = 0
        for k, (did, Xd, yd, _, kd) in enumerate(data):
            if not yd:
                continue
            s1, s2 = train([d for j, d in enumerate(data) if j != k], args.C)
            p = [v >= 0.5 for v in predict(s1, s2, Xd, kd)]
            tp += sum(1 for a, b in zip(p, yd) if a and b)
            fp += sum(1 for a, b in zip(p, yd) if a and not b)
            fn += sum(1 for a, b in zip(p, yd) if not a and b)
        print(f"leave-one-document-out candidates: P {tp / max(tp + fp, 1):.3f} R {tp / max(tp + fn, 1):.3f}")
    if args.cv_pipeline:
        _cv_pipeline(docs, data, args.C)
    if family_folds:
        _family_folds(docs, data, args.C, args.threshold)
    if jats_folds:
        _jats_folds(docs, data, args.C, args.threshold, jats_folds)
    if no_write:
        return
    model = {"features": FEATURES, "features2": FEATURES2, "stage1": stage1, "stage2": stage2, "threshold": args.threshold,
             "C": args.C, "n_examples": len(y), "n_positive": int(sum(y)),
             "documents": [d["id"] for d in docs],
             "trained_with": "tools.train_headings (scikit-learn LogisticRegression, two stages)"}
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(model, fh, indent=1)
        fh.write("\n")
    order = sorted(zip(FEATURES, stage1["coef"]), key=lambda kv: -abs(kv[1]))
    print("stage 1 (standardised):", ", ".join(f"{k} {v:+.2f}" for k, v in order))
    print("stage 2 (standardised):", ", ".join(f"{k} {v:+.2f}" for k, v in zip(FEATURES2, stage2["coef"])))
    print("wrote", os.path.relpath(args.out))


def family_fold_records(docs, data, C: float, threshold: float, progress=None) -> list[tuple[dict, dict, str]]:
    """Layout-family folds: for each document class of the corpus, a model trained without that
    class (and without the real PDFs set in it, ``SAME_CLASS``) parses the class's PDFs.
    Yields ``(gold row, record, family)`` for every corpus PDF: each record comes from a model
    that never saw its class."""
    from scholartools.parsing import parse_path
    from scholartools.parsing.pdf import headings
    from scholartools.parsing.pdf.headings import FEATURES, FEATURES2

    families = sorted({d["family"] for d in docs if d.get("family")})
    saved = headings._MODEL
    out = []
    try:
        for fam in families:
            held = set(SAME_CLASS.get(fam, ()))
            train_data = [x for d, x in zip(docs, data) if d.get("family") != fam and d["id"] not in held]
            s1, s2 = train(train_data, C)
            headings._MODEL = {"features": FEATURES, "features2": FEATURES2, "stage1": s1, "stage2": s2,
                               "threshold": threshold}
            part = [(d["gold"], parse_path(d["path"]), fam) for d in docs if d.get("family") == fam]
            out.extend(part)
            if progress:
                progress(fam, part)
    finally:
        headings._MODEL = saved
    return out


def _family_folds(docs, data, C: float, threshold: float) -> None:
    from tools.evaluate_parse import record_fields, score_corpus

    def show(fam, part):
        sc = score_corpus((g, *record_fields(r)) for g, r, _ in part)
        h = sc["headings"]
        print(f"fold {fam:11s} {len(part):3d} PDFs  title {sc['title_exact'] or 0:.3f}  abstract F1 "
              f"{sc['abstract_f1'] or 0:.3f}  headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f}",
              flush=True)

    pooled = family_fold_records(docs, data, C, threshold, show)
    sc = score_corpus((g, *record_fields(r)) for g, r, _ in pooled)
    h = sc["headings"]
    print(f"all folds   {len(pooled):3d} PDFs  title {sc['title_exact'] or 0:.3f}  abstract F1 {sc['abstract_f1'] or 0:.3f}  "
          f"headings P {h['precision']:.3f} R {h['recall']:.3f} F1 {h['f1']:.3f}")


def jats_fold_of(family: str, k: int) -> int:
    """The fold of a publisher family (a stable hash, so a family's fold does not depend on which
    other families the manifest holds)."""
    import hashlib

    return int(hashlib.sha256(family.encode()).hexdigest(), 16) % k


def _jats_folds(docs, data, C: float, threshold: float, k: int) -> None:
    """Publisher-family folds of the JATS dev half: the honest figure for publishers the model
    never saw. Beside it, the shipped model on the JATS dev PDFs it was not trained on (its
    ``documents`` list), and the fold models on that same subset."""
    from scholartools.parsing import parse_path
    from scholartools.parsing.pdf import headings
    from scholartools.parsing.pdf.headings import FEATURES, FEATURES2
    from tools.evaluate_parse import heading_counts, prf, record_headings

    jats = [i for i, d in enumerate(docs) if d["split"] == "jats-dev"]
    shipped = headings.load_model()
    unseen_by_shipped = {docs[i]["id"] for i in jats} - set(shipped.get("documents", ()))
    tot = {"folds": [0, 0, 0], "folds, PDFs the shipped model never saw": [0, 0, 0],
           "shipped model, PDFs it never saw": [0, 0, 0]}

    def counts(d) -> tuple[int, int, int]:
        """(matched, predicted, gold) of ``d`` parsed with the model in place."""
        gold = [h["text"] for h in d["headings"] if not h.get("optional")]
        opt = [h["text"] for h in d["headings"] if h.get("optional")]
        return heading_counts(record_headings(parse_path(d["path"])), gold, opt)

    def add(total: list[int], c: tuple[int, int, int]) -> None:
        for n, v in enumerate(c):
            total[n] += v

    saved = headings._MODEL
    try:
        headings._MODEL = shipped
        for i in jats:
            if docs[i]["id"] in unseen_by_shipped:
                add(tot["shipped model, PDFs it never saw"], counts(docs[i]))
        for f in range(k):
            held = [i for i in jats if jats_fold_of(docs[i]["publisher"], k) == f]
            if not held:
                continue
            out = set(held)
            s1, s2 = train([x for j, x in enumerate(data) if j not in out], C)
            headings._MODEL = {"features": FEATURES, "features2": FEATURES2, "stage1": s1, "stage2": s2,
                               "threshold": threshold}
            part = [0, 0, 0]
            for i in held:
                c = counts(docs[i])
                add(part, c)
                add(tot["folds"], c)
                if docs[i]["id"] in unseen_by_shipped:
                    add(tot["folds, PDFs the shipped model never saw"], c)
            r = prf(*part)
            print(f"jats fold {f}: {len(held):3d} PDFs  headings P {r['precision']:.3f} R {r['recall']:.3f} "
                  f"F1 {r['f1']:.3f}", flush=True)
    finally:
        headings._MODEL = saved
    for key, t in tot.items():
        r = prf(*t)
        print(f"jats dev by family folds [{key}]: headings P {r['precision']:.3f} R {r['recall']:.3f} F1 {r['f1']:.3f}")


def training_data(shared=None, latex_corpus: Path | None = None, corpus_weight: float = 1.0,
                  jats_pairs: Path | None = None, jats_weight: float | None = None):
    """(documents, per-document examples) as ``main`` trains on them, with the corpus weighted;
    features through ``ST_HEADING_CACHE`` when set."""
    docs = gold_documents(shared)
    if jats_pairs:
        docs += jats_documents(Path(jats_pairs))
    if latex_corpus:
        docs += latex_documents(latex_corpus)
    data = []
    for d in docs:
        X, y, texts, keys = _cached(d["path"], d["headings"])
        data.append((d["id"], X, y, texts, keys))
    w_jats = JATS_WEIGHT if jats_weight is None else jats_weight
    WEIGHTS.update({d["id"]: w_jats for d in docs if d["split"] == "jats-dev"})
    latex_ids = {d["id"] for d in docs if d["split"] == "latex"}
    n_real = sum(len(ys) * WEIGHTS.get(did, 1.0) for did, _, ys, _, _ in data if did not in latex_ids)
    n_latex = sum(len(ys) for did, _, ys, _, _ in data if did in latex_ids)
    if n_latex:
        w = corpus_weight * n_real / n_latex
        WEIGHTS.update({i: w for i in latex_ids})
    return docs, data


def _cv_pipeline(docs, data, C: float) -> None:
    from scholartools.parsing import parse_path
    from tools.evaluate_parse import heading_counts, prf, record_headings
    from scholartools.parsing.pdf import headings
    from scholartools.parsing.pdf.headings import FEATURES, FEATURES2

    tot = {}
    saved = headings._MODEL
    try:
        for k, d in enumerate(docs):
            s1, s2 = train([x for j, x in enumerate(data) if j != k], C)
            headings._MODEL = {"features": FEATURES, "features2": FEATURES2, "stage1": s1,
                               "threshold": float(os.environ.get("ST_CV_THRESHOLD", "0.4"))}
            if os.environ.get("ST_CV_STAGE2", "1") == "1":
                headings._MODEL["stage2"] = s2
            rec = parse_path(d["path"])
            gold = [h["text"] for h in d["headings"] if not h.get("optional")]
            opt = [h["text"] for h in d["headings"] if h.get("optional")]
            c = heading_counts(record_headings(rec), gold, opt)
            r = prf(*c)
            grp = d["split"]
            t = tot.setdefault(grp, [0, 0, 0])
            for i in range(3):
                t[i] += c[i]
            print(f"  cv {d['id'][:50]:50s} P {r['precision']:.2f} R {r['recall']:.2f}")
    finally:
        headings._MODEL = saved
    for grp, t in tot.items():
        r = prf(*t)
        print(f"cross-validated by document [{grp}]: headings P {r['precision']:.3f} R {r['recall']:.3f} F1 {r['f1']:.3f}")


if __name__ == "__main__":
    main()
