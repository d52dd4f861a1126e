"""Train the sentence-role model shipped in ``scholartools/facets/model/``.

    python -m scholartools.facets.train_roles [--data ../shared/external/abstract-roles] [--out DIR]
                                              [--written data/facet-roles] [--written-weight 8]

Training data: CSAbstruct (Cohan et al., EMNLP 2019; Apache-2.0), train split for fitting, dev
split for the transition weight of the Viterbi decoding (chosen on the full prediction path, the
conclusion tail rule included), test split for the figure reported in ``roles.json``.
Label mapping: background, objective → background; method → method; result → result;
other → other. CSAbstruct has no conclusion class (conclusions are labelled ``result``), so a
result sentence in the last two sentences of an abstract that carries a conclusion cue
(:data:`scholartools.facets.roles.CONCLUSION_CUE`: "we conclude", "these results suggest",
"therefore,", "may help", "future work", …) is relabelled
``conclusion`` (weak labels,
see :func:`weak_conclusion`). The same rule is applied to the test split for the reported
macro-F1, which is therefore a figure on the mapped labels, not on human conclusion labels.

Beside CSAbstruct train, the written corpus in ``data/facet-roles/`` (scholartools' own: fictional
biomedical, physical-science, mathematical and computer-science abstracts and machine-style
summaries, each sentence labelled with real conclusion labels; see its README) is fitted with a
sample weight of ``--written-weight`` per sentence. ``--written none`` trains on CSAbstruct alone.

Deterministic (lbfgs solver, fixed seed); well under a minute on 2 CPU cores without
``--embeddings`` (with them, embedding 15k sentences takes minutes on a shared CPU).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

from scholartools.facets.roles import (CONCLUSION_CUE, LABELS, MODEL_DIR, TAIL, RoleModel, context_embeddings, neighbours,
                                      position_features, tokens)

WRITTEN_DIR = Path(__file__).resolve().parents[2] / "data" / "facet-roles"
WRITTEN_WEIGHT = 8.0

CSABSTRUCT_MAP = {"background": "background", "objective": "background", "method": "method",
                  "result": "result", "other": "other"}

def weak_conclusion(sentences: list[str], labels: list[str]) -> list[str]:
    """Relabel cue-bearing result sentences among the last two as conclusion."""
    out = list(labels)
    n = len(labels)
    for i in range(max(0, n - TAIL), n):
        if out[i] == "result" and CONCLUSION_CUE.search(sentences[i]):
            out[i] = "conclusion"
    # a conclusion is never followed by a plain result in the same abstract's tail
    for i in range(n - 1):
        if out[i] == "conclusion" and out[i + 1] == "result":
            out[i + 1] = "conclusion"
    return out


def load_written(directory: Path) -> list[tuple[list[str], list[str]]]:
    """The written corpus (``data/facet-roles/*.jsonl``): ``(sentences, labels)`` per item, labels
    already in the five role names (real conclusion labels: no weak relabelling)."""
    docs = []
    for path in sorted(Path(directory).glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            rec = json.loads(line)
            sents, labels = rec["sentences"], rec["labels"]
            if len(sents) != len(labels) or not set(labels) <= set(LABELS):
                raise ValueError(f"{path}:{n}: sentences and labels differ in length or use a label "
                                 f"outside {LABELS}")
            docs.append((sents, labels))
    return docs


def load_csabstruct(path: Path) -> list[tuple[list[str], list[str]]]:
    docs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        labels = [CSABSTRUCT_MAP[lab] for lab in rec["labels"]]
        docs.append((rec["sentences"], weak_conclusion(rec["sentences"], labels)))
    return docs


def macro_f1(gold: list[str], pred: list[str], labels=("background", "method", "result", "conclusion")) -> float:
    f1s = []
    for lab in labels:
        tp = sum(g == lab and p == lab for g, p in zip(gold, pred))
        fp = sum(g != lab and p == lab for g, p in zip(gold, pred))
        fn = sum(g == lab and p != lab for g, p in zip(gold, pred))
        f1s.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(f1s))


def _embed_docs(docs):
    from scholartools.embeddings import encode

    flat = [s for sents, _ in docs for s in sents]
    vecs = encode(flat)
    out, k = [], 0
    for sents, _ in docs:
        out.append(vecs[k:k + len(sents)])
        k += len(sents)
    return out


def _matrix(docs, embs, vectorizer, emb_scale, pos_scale, ctx_scale, use_emb):
    from scipy import sparse

    rows = []
    for (sents, _), e in zip(docs, embs):
        tf = vectorizer.transform(sents)
        parts = [tf, ctx_scale * neighbours(tf, -1), ctx_scale * neighbours(tf, 1),
                 sparse.csr_matrix(pos_scale * position_features(len(sents)))]
        if use_emb:
            parts.append(sparse.csr_matrix(emb_scale * context_embeddings(e)))
        rows.append(sparse.hstack(parts))
    return sparse.vstack(rows).tocsr()


def train(data_dir: Path, out_dir: Path | None, use_emb: bool = False, C: float = 4.0,
          emb_scale: float = 0.5, pos_scale: float = 1.0, ctx_scale: float = 0.5, log=print,
          extra_docs: list | None = None, extra_weight: float = 1.0):
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    t0 = time.time()
    base = data_dir / "CSAbstruct"
    train_docs = load_csabstruct(base / "train.jsonl")
    n_cs = len(train_docs)
    train_docs = train_docs + list(extra_docs or [])
    dev_docs = load_csabstruct(base / "dev.jsonl")
    test_docs = load_csabstruct(base / "test.jsonl")
    embs = {k: _embed_docs(d) if use_emb else [None] * len(d)
            for k, d in (("train", train_docs), ("dev", dev_docs), ("test", test_docs))}
    log(f"embedded in {time.time() - t0:.1f}s")

    vec = TfidfVectorizer(analyzer=tokens, sublinear_tf=True, min_df=3, norm="l2", dtype=np.float32)
    vec.fit([s for sents, _ in train_docs for s in sents])
    X = _matrix(train_docs, embs["train"], vec, emb_scale, pos_scale, ctx_scale, use_emb)
    y = np.array([LABELS.index(lab) for _, labs in train_docs for lab in labs])
    clf = LogisticRegression(C=C, max_iter=3000, random_state=0)
    weights = np.array([1.0 if d < n_cs else extra_weight
                        for d, (sents, _) in enumerate(train_docs) for _ in sents])
    clf.fit(X, y, sample_weight=weights)

    # transitions and start distribution from the training label sequences (add-one smoothing)
    k = len(LABELS)
    trans = np.ones((k, k))
    start = np.ones(k)
    for _, labs in train_docs:
        start[LABELS.index(labs[0])] += 1
        for a, b in zip(labs, labs[1:]):
            trans[LABELS.index(a), LABELS.index(b)] += 1
    trans = np.log(trans / trans.sum(axis=1, keepdims=True))
    start = np.log(start / start.sum())

    vocab = {t: int(i) for t, i in vec.vocabulary_.items()}
    classes = list(clf.classes_)
    coef = np.zeros((X.shape[1], k), dtype=np.float32)
    intercept = np.zeros(k, dtype=np.float32)
    for j, c in enumerate(classes):
        coef[:, c] = clf.coef_[j]
        intercept[c] = clf.intercept_[j]
    meta = {"labels": LABELS, "embeddings": use_emb, "emb_scale": emb_scale, "pos_scale": pos_scale,
            "ctx_scale": ctx_scale,
            "transition_weight": 1.0}
    model = RoleModel(vocab, vec.idf_, coef, intercept, trans, start, meta)

    def evaluate(docs, emb_list, weight, tail=True):
        model.transition_weight = weight
        gold, pred = [], []
        for (sents, labs), e in zip(docs, emb_list):
            gold += labs
            pred += model.predict(sents, e) if tail else model.decode(model.log_probs(sents, e))
        return macro_f1(gold, pred)

    best = max((evaluate(dev_docs, embs["dev"], w), w) for w in (0.0, 0.5, 1.0, 1.5, 2.0))
    model.transition_weight = best[1]
    test_f1 = evaluate(test_docs, embs["test"], best[1])
    indep = evaluate(test_docs, embs["test"], 0.0)
    no_rule = evaluate(test_docs, embs["test"], best[1], tail=False)
    model.meta.update({
        "transition_weight": best[1],
        "trained_on": "CSAbstruct train split (Cohan et al. 2019, github allenai/sequential_sentence_classification, "
                      "Apache-2.0); labels background+objective->background, method, result, other; "
                      "conclusion = weak relabelling of cue-bearing final result sentences"
                      + (f"; plus the scholartools written corpus data/facet-roles ({len(extra_docs or [])} texts, "
                         f"{sum(len(s) for s, _ in extra_docs or [])} sentences, sample weight {extra_weight})"
                         if extra_docs else ""),
        "licence": "model derived from Apache-2.0 data (CSAbstruct, scholartools' written corpus); "
                   "model weights Apache-2.0",
        "C": C, "seed": 0,
        "csabstruct_dev_macro_f1": round(best[0], 4),
        "csabstruct_test_macro_f1": round(test_f1, 4),
        "csabstruct_test_macro_f1_no_context": round(indep, 4),
        "csabstruct_test_macro_f1_no_tail_rule": round(no_rule, 4),
        "embedding_model": "all-MiniLM-L6-v2" if use_emb else None,
    })
    log(f"dev macro-F1 {best[0]:.4f} (transition weight {best[1]}), test macro-F1 {test_f1:.4f} "
        f"(without sequence decoding {indep:.4f}, without the conclusion tail rule {no_rule:.4f}); "
        f"{time.time() - t0:.1f}s")
    if out_dir is not None:
        model.save(out_dir)
        log(f"saved to {out_dir}")
    return model


def main(argv=None):
    here = Path(__file__).resolve().parents[2]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(here.parent / "shared" / "external" / "abstract-roles"))
    ap.add_argument("--written", default=str(WRITTEN_DIR),
                    help="the written corpus (data/facet-roles); 'none' trains on CSAbstruct alone")
    ap.add_argument("--written-weight", type=float, default=WRITTEN_WEIGHT,
                    help="sample weight of a written-corpus sentence (a CSAbstruct sentence weighs 1)")
    ap.add_argument("--out", default=str(MODEL_DIR))
    ap.add_argument("--embeddings", action="store_true", help="add MiniLM features (slow to train)")
    ap.add_argument("--ctx-scale", type=float, default=0.5)
    ap.add_argument("--C", type=float, default=4.0)
    ap.add_argument("--emb-scale", type=float, default=0.5)
    ap.add_argument("--dry-run", action="store_true", help="train and report, do not save")
    a = ap.parse_args(argv)
    written = [] if a.written == "none" else load_written(Path(a.written))
    train(Path(a.data), None if a.dry_run else Path(a.out), use_emb=a.embeddings, C=a.C,
          emb_scale=a.emb_scale, ctx_scale=a.ctx_scale, log=lambda m: print(m, file=sys.stderr),
          extra_docs=written, extra_weight=a.written_weight)


if __name__ == "__main__":
    main()
