"""Evaluation harness for the st-facets sentence-role model, on six kinds of data.

    python benchmarks/facets_roles.py [--model DIR] [--use fm|roles] [--json]

Reports four-facet macro-F1 (background / method / result / conclusion) and per-facet precision
and recall of the role model (:mod:`scholartools.facets.roles`) on:

(a) CSAbstruct test (the training corpus's held-out split; Apache-2.0). CSAbstruct has no
    conclusion class, so two figures: ``csabstruct-weak`` scores against the mapped labels with
    weak conclusions (cue-bearing final result sentences, as the unit test does; the gold labels
    depend on the cue lexicon in use), ``csabstruct-3`` against the human labels with conclusion
    merged into result on both sides (independent of any cue lexicon).
(b) ScholarSum PubMed silver labels: every sentence of a reference abstract or a candidate summary
    that lies verbatim (:func:`scholartools.text.verbatim.find`, case-insensitive) inside exactly
    one of GPT-4's stored facet extractions (``reference_facets`` / ``candidate_facets``) gets that
    facet; sentences that no extraction (or more than one) covers are skipped. The role model labels
    each text as a whole (sequence context), then the covered sentences are scored. References are
    scored as given (``pubmed-ref``: 10 of 49 have structured-abstract headings, which fix their
    labels) and with headings stripped (``pubmed-ref-noheadings``); candidates: ``pubmed-cand``.
(c) NICTA-PIBOSO test (background; population / intervention / study design → method;
    outcome → result; other skipped) and CODA-19 test (sentence label = majority label of its
    clause segments, ties to the earlier segment; background / purpose → background, method,
    finding → result; other skipped). Neither has a conclusion class, so predicted conclusions
    count as result there (three-facet macro-F1). These two corpora carry no licence: they are used
    for evaluation only, never for training the shipped model.
(d) ACL abstracts (``acl``): 93 real abstracts of computational linguistics, which no training
    corpus is drawn from (CSAbstruct is computer science at large; the written corpus has NLP-style
    texts written for training), labelled with the four facets by three AI annotators from the FM
    definitions (``fixtures/facet-roles/README.md``: a silver standard, not human judgement, and a
    development set: the conclusion cue's exceptions were found on its errors).
(e) RAAMove's engineering abstracts (``raamove-mechanical``, ``raamove-communication``; when
    ``$ST_RAAMOVE`` names the file, ``fixtures/raamove``): the acceptance check's label scheme.
    ``--use roles`` scores the model as st-facets labels a text alone.

All figures are deterministic; the whole run takes well under a minute on 2 cores.
"""
from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scholartools.vocabulary import FACETS  # noqa: E402
from scholartools.data import dataset_dir  # noqa: E402

ROLES = dataset_dir("abstract-roles")
PAIRS = dataset_dir("scholarsum") / "pairs.jsonl"


def prf(gold: list[str], pred: list[str], facets=FACETS) -> dict:
    """Macro-F1 over ``facets`` and per-facet precision / recall / F1 (support = gold count)."""
    out = {}
    f1s = []
    for lab in facets:
        tp = sum(g == lab and p == lab for g, p in zip(gold, pred))
        fp = sum(g != lab and p == lab for g, p in zip(gold, pred))
        fn = sum(g == lab and p != lab for g, p in zip(gold, pred))
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
        f1s.append(f)
        out[lab] = {"p": round(p, 3), "r": round(r, 3), "f1": round(f, 3), "n": tp + fn}
    return {"macro_f1": round(sum(f1s) / len(f1s), 4), "n": len(gold), "per_facet": out}


# --- corpora: each a list of (sentences, gold labels or None per sentence) --------------------

def csabstruct_docs(split: str = "test", weak: bool = True):
    from scholartools.facets.corpora import load_csabstruct

    return load_csabstruct(split=split, weak=weak)


def nicta_docs(split: str = "test"):
    from scholartools.facets.corpora import load_nicta

    return load_nicta(split)


def coda_docs(split: str = "test"):
    from scholartools.facets.corpora import load_coda19

    return load_coda19(split)


def acl_docs():
    from scholartools.facets.corpora import load_acl

    return load_acl()


def _facet_dict(v):
    if isinstance(v, dict):
        return v
    try:
        return json.loads(v)
    except (TypeError, ValueError):
        return ast.literal_eval(v)


def silver_label(sentence: str, spans: dict) -> str | None:
    """The facet whose GPT-4 extraction contains ``sentence`` verbatim; None if none or several."""
    from scholartools.text.verbatim import find

    hits = [f for f in FACETS if (spans.get(f) or "").strip()
            and find(sentence, str(spans[f]), ignore_case=True) is not None]
    return hits[0] if len(hits) == 1 else None


def pubmed_docs(side: str, no_headings: bool = False):
    from tools.calibrate import load_pubmed, strip_headings
    from scholartools.facets.decompose import normalise_text
    from scholartools.facets.roles import heading
    from scholartools.text.sentences import split_sentences

    rows = load_pubmed(PAIRS)
    docs, seen = [], set()
    for r in rows:
        text = r[side]
        if side == "reference":
            if r["doc_id"] in seen:
                continue
            seen.add(r["doc_id"])
            if no_headings:
                text = strip_headings(text)
        spans = _facet_dict(r[f"{side}_facets"])
        sents = [s for s in split_sentences(normalise_text(text)) if any(c.isalnum() for c in s)]
        labs = [None if heading(s)[0] and not heading(s)[1] else silver_label(heading(s)[1] or s, spans)
                for s in sents]
        docs.append((sents, labs))
    return docs


def score(model, docs, three: bool = False, embed_cache=None, purpose: bool | None = None,
          abstract: bool = False) -> dict:
    """Macro-F1 and per-facet P/R of ``model`` on ``docs`` (gold None or ``other`` skipped); a
    model that reads embeddings gets them in one batch (``embed_cache``: a directory keeping them).
    ``purpose``: the purpose rule (:func:`roles.purpose_background`), on where st-facets uses it
    (abstracts: the reference side); None: as the model's metadata says (off in the shipped model).
    ``abstract``: decoded as st-facets decodes an abstract (the purpose rule unless ``purpose`` is
    False, and the model's abstract transition weight)."""
    embs = None
    if model.uses_embeddings:
        from tools.train_roles import embed_docs

        embs = embed_docs(docs, embed_cache)
    from scholartools.facets.roles import predict_roles

    gold, pred = [], []
    for i, (sents, labs) in enumerate(docs):
        out = predict_roles(sents, None if embs is None else embs[i], model=model, purpose=purpose, abstract=abstract)
        for g, p in zip(labs, out):
            if g not in FACETS:
                continue
            if three:
                g = "result" if g == "conclusion" else g
                p = "result" if p == "conclusion" else p
            gold.append(g)
            pred.append(p)
    return prf(gold, pred, FACETS[:3] if three else FACETS)


def corpora() -> dict:
    """name -> (docs, three-facet?) for every evaluation set (loaded once)."""
    return {
        "csabstruct-weak": (csabstruct_docs(weak=True), False),
        "csabstruct-3": (csabstruct_docs(weak=False), True),
        "pubmed-ref": (pubmed_docs("reference"), False),
        "pubmed-ref-noheadings": (pubmed_docs("reference", no_headings=True), False),
        "pubmed-cand": (pubmed_docs("candidate"), False),
        "nicta-3": (nicta_docs(), True),
        "coda19-3": (coda_docs(), True),
        "acl": (acl_docs(), False),
        **raamove_docs(),
    }


def raamove_docs() -> dict:
    """RAAMove's engineering halves (the acceptance check's label scheme; ``$ST_RAAMOVE``), when
    the file is here: ``raamove-mechanical`` and ``raamove-communication`` (where session 13's
    rules were chosen), four facets."""
    from scholartools.facets import corpora as roles_corpora

    if roles_corpora.raamove_file() is None:
        return {}
    return {f"raamove-{part}": (roles_corpora.load_raamove(part=part), False) for part in roles_corpora.RAAMOVE_PARTS}


def evaluate(model, sets: dict | None = None, embed_cache=None) -> dict:
    """Every set scored as st-facets labels it: abstracts with the purpose rule and at the model's
    abstract transition weight, candidate summaries without either."""
    sets = sets or corpora()
    return {name: score(model, docs, three, embed_cache, abstract=not name.startswith("pubmed-cand"))
            for name, (docs, three) in sets.items()}


def table(results: dict) -> str:
    lines = [f"{'set':24s} {'n':>6s} {'macroF1':>7s}  " + "  ".join(f"{f[:4]} P/R" for f in FACETS)]
    for name, res in results.items():
        cells = []
        for f in FACETS:
            pf = res["per_facet"].get(f)
            cells.append(f"{pf['p']:.2f}/{pf['r']:.2f}" if pf else "    -    ")
        lines.append(f"{name:24s} {res['n']:6d} {res['macro_f1']:7.4f}  " + "  ".join(cells))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="role model directory (default: the shipped one)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--embed-cache", help="directory keeping sentence vectors between runs")
    ap.add_argument("--sets", help="comma-separated subset of the evaluation sets")
    ap.add_argument("--use", choices=["fm", "roles"], default="fm",
                    help="the model as FM decomposes with it (default), or as st-facets labels a text alone "
                         "(RoleModel.for_roles: the cue model averaged in, session 13's rules on abstracts)")
    a = ap.parse_args()
    from scholartools.facets.roles import load_model

    sets = corpora()
    if a.sets:
        sets = {k: v for k, v in sets.items() if k in a.sets.split(",")}
    model = load_model(a.model)
    res = evaluate(model.for_roles() if a.use == "roles" else model, sets, a.embed_cache)
    print(json.dumps(res, indent=1) if a.json else table(res))


if __name__ == "__main__":
    main()
