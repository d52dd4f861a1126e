"""Sentence roles trained on data in the acceptance check's label scheme: leave one RAAMove half out.

    ST_RAAMOVE=…/Engineering.json python benchmarks/facets_roles_samd.py [--weights 0.5,1,2]
        [--train mechanical,communication] [--rules 0,3] [--embed-cache DIR] [--save DIR]
        [--self-train ACL_FILE] [--model NAME=DIR ...] [--no-shipped] [--json]

The acceptance check of issue 37 is NLP abstracts labelled in the SAMD scheme (eight moves mapped to
the four facets). RAAMove's engineering abstracts (``fixtures/raamove/PROVENANCE.md``, CC BY 4.0)
are labelled in the same scheme by the same group; until session 16 they were a test set only. Here
the shipped recipe (:mod:`tools.train_roles`: CSAbstruct train + the written corpus, linear model and
three BiGRU members on MiniLM vectors, a linear cue model averaged in at ``roles_share`` for sentence
roles) is trained with **one RAAMove half added** as one more corpus weighing ``--weights`` (a real
corpus weighs 1; each half has about 800 sentences against CSAbstruct's 11,333), and scored on the
**other half** (held out), beside the shipped model, in one run:

=========================== ===========================================================================
fold                        use
=========================== ===========================================================================
train mechanical            chooses (its test half, communication, was already read in sessions 13–15)
train communication         the figure: mechanical held out (scored, never read)
=========================== ===========================================================================

Every model is also scored on MuLMS-AZ (materials science, 4 facets and 3), the ACL abstracts (NLP,
our guideline: it calls closing findings results), CSAbstruct test, CODA-19 test (first 300),
NICTA-PIBOSO test (3 facets each; CSAbstruct is a training corpus of every model here) and PubMed
silver (GPT-4's FM extractions, headings stripped). Each model is scored as st-facets labels a text
alone (:meth:`RoleModel.for_roles`: cue model at its ``roles_share``, purpose rule, abstracts decoded
at transition weight 0), with the four decoding rules of sessions 13–15 off (``--rules 0``) and on
(``3``).

``--self-train FILE``: also fit each fold once more with pseudo-labels on unlabelled abstracts
(a JSONL file of ``{"abstract": …}`` or ``{"sentences": […]}`` records; e.g. the ACL abstracts of
``shared/external/paperrq``, MIT), labelled by the fold model's sentence roles (rules on), the
``--fraction`` most confident sentences of each label kept, as one more corpus weighing
``--self-weight``.
"""
from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scholartools.facets import corpora  # noqa: E402
from scholartools.facets.roles import MODEL_DIR, RoleModel  # noqa: E402
from tools import train_roles as tr  # noqa: E402
from facets_roles_fields import markdown_table, top_fraction_by_label  # noqa: E402

HALVES = ("mechanical", "communication")
SET_NAME = {"mechanical": "RAAMove mechanical", "communication": "RAAMove communication"}
#: the decoding rules of sentence roles (roles.ROLES_RULES) each ``--rules`` variant turns on
RULE_VARIANTS = {"0": (), "3": ("procedure_method", "closing_conclusion", "framed_purpose", "setup_method")}
RULE_SUFFIX = {"0": ", no decoding rules", "3": ", four decoding rules"}


def test_sets() -> dict:
    """Field → {set name: (documents, three facets)}: RAAMove's halves and the other sets."""
    from facets_roles import pubmed_docs

    mulms = corpora.load_mulms()
    # session 18: software-engineering abstracts (no licence stated: scored, never trained on), when here
    se = {"SE abstracts": (corpora.load_se(), False)} if corpora.se_file() is not None else {}
    # session 20: the ART corpus' chemistry abstracts (non-commercial: scored, never trained on), when here
    if corpora.art_dir() is not None:
        art = corpora.load_art()
        se.update({"ART chemistry": (art, False), "ART chemistry (3)": (art, True)})
    return {
        "RAAMove": {SET_NAME[h]: (corpora.load_raamove(part=h), False) for h in HALVES},
        "other": {**se, "MuLMS-AZ": (mulms, False), "MuLMS-AZ (3)": (mulms, True),
                  "ACL abstracts": (corpora.load_acl(), False),
                  "CSAbstruct test (3)": (corpora.load("csabstruct", "test", weak=False), True),
                  "CODA-19 test (3)": (corpora.load("coda19", "test", weak=False)[:300], True),
                  "NICTA-PIBOSO test (3)": (corpora.load("nicta", "test", weak=False), True),
                  "PubMed silver": (pubmed_docs("reference", no_headings=True), False)}}


def unlabelled(path: str) -> list:
    """Documents ``(sentences, [None, …])`` of a JSONL file of abstracts (``sentences`` or ``abstract``)."""
    from scholartools.text.sentences import split_sentences

    docs = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        sents = rec.get("sentences") or split_sentences(rec.get("abstract") or "")
        sents = [s for s in sents if s.strip()]
        if len(sents) >= 3:
            docs.append((sents, [None] * len(sents)))
    return docs


def pseudo_labels(model: RoleModel, docs, embs, fraction: float) -> list:
    """``docs`` labelled by ``model``'s sentence roles (as st-facets labels a text alone), keeping for
    each label the ``fraction`` of its sentences whose averaged posterior for it is highest."""
    roles = model.for_roles()
    decoded = []
    for (sents, _), e in zip(docs, embs):
        lp = roles.log_probs(sents, e, abstract=True)
        labels = roles.predict(sents, e, log_probs=lp, purpose=True, weight=roles.abstract_weight, abstract=True)
        decoded.append((sents, labels, np.exp(lp)))
    return top_fraction_by_label(decoded, fraction)


def fit_fold(half: str, weight: float, embed_cache, log, pool=None, fraction=0.3, self_weight=1.0) -> RoleModel:
    """The shipped recipe trained on CSAbstruct, the written corpus and RAAMove's ``half`` at
    ``weight`` (``pool``: unlabelled documents, pseudo-labelled by that model, as one more corpus)."""
    names = ["csabstruct", "written", f"raamove-{half}"]
    model = tr.train(names, None, embed_cache=embed_cache, log=log, raamove_weight=weight)
    model = tr.attach_cue(model, names, log=log, raamove_weight=weight)
    if pool is None:
        return model
    pool_embs = tr.embed_docs(pool, embed_cache)
    pseudo = pseudo_labels(model, pool, pool_embs, fraction)
    log(f"self-training: {sum(lab is not None for _, labs in pseudo for lab in labs)} of "
        f"{sum(len(s) for s, _ in pseudo)} sentences pseudo-labelled")
    groups, embs, weights, dev, dev_embs = [], [], [], [], []
    for n in names:
        docs = tr.training_docs(n)
        groups.append(docs)
        embs.append(tr.embed_docs(docs, embed_cache))
        weights.append(tr.corpus_weight(n, raamove_weight=weight))
        d = tr.training_docs(n, "dev")
        dev += d
        dev_embs += tr.embed_docs(d, embed_cache) if d else []
    st = tr.fit(groups + [pseudo], embs + [pool_embs], dict(tr.DEFAULT_CONFIG), weights + [self_weight], dev, dev_embs,
                log=log)
    cue = tr.fit(groups + [pseudo], [[None] * len(g) for g in groups + [pseudo]], dict(tr.CUE_CONFIG),
                 weights + [self_weight], dev, None, log=log)
    cue.idf = st.idf
    st.cue = cue
    st.meta.update({k: v for k, v in model.meta.items() if k not in st.meta or k in ("cue_model", "name")})
    st.meta["cue_model"] = dict(cue.meta, **{k: v for k, v in model.meta["cue_model"].items() if k not in cue.meta})
    return st


def score(model: RoleModel, tests: dict, embed_cache, rules: tuple) -> dict:
    """Macro-F1 of ``model``'s sentence roles (:meth:`RoleModel.for_roles`, purpose rule, weight 0)
    with the decoding rules ``rules`` on, the others off, on every set of ``tests``."""
    from scholartools.facets.roles import ROLES_RULES

    roles = copy.copy(model.for_roles())
    roles.cue = copy.copy(roles.cue)
    roles.meta = dict(roles.meta, purpose_background=True, **{r: r in rules for r in ROLES_RULES})
    if roles.cue is not None:
        roles.cue.meta = dict(roles.cue.meta, **{r: r in rules for r in ROLES_RULES})
    roles.transition_weight = roles.abstract_weight
    out = {}
    for sets in tests.values():
        for name, (docs, three) in sets.items():
            gold, pred = tr.predictions(roles, docs, tr.embed_docs(docs, embed_cache))
            if three:
                gold = ["result" if g == "conclusion" else g for g in gold]
                pred = ["result" if p == "conclusion" else p for p in pred]
            out[name] = round(tr.macro_f1(gold, pred, tr.FACETS[:3] if three else tr.FACETS), 4)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", default="1", help="comma-separated total weights of the RAAMove half")
    ap.add_argument("--train", default=",".join(HALVES), help="the halves to train on, one fold each ('none': "
                    "only score the --model and shipped ones)")
    ap.add_argument("--rules", default="0,3", help="decoding-rule variants: 0 none, 3 the four of sessions 13–15")
    ap.add_argument("--embed-cache")
    ap.add_argument("--save", help="directory keeping the fold models (loaded on the next run)")
    ap.add_argument("--self-train", metavar="FILE", help="JSONL of unlabelled abstracts to self-train on")
    ap.add_argument("--fraction", type=float, default=0.3)
    ap.add_argument("--self-weight", type=float, default=1.0)
    ap.add_argument("--model", action="append", default=[], metavar="NAME=DIR")
    ap.add_argument("--no-shipped", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if corpora.raamove_file() is None:
        sys.exit("RAAMove's Engineering.json is not here: set $ST_RAAMOVE (fixtures/raamove/PROVENANCE.md)")
    tests = test_sets()
    log = (lambda m: print("   ", m, file=sys.stderr, flush=True))
    pool = unlabelled(a.self_train) if a.self_train else None
    rows = {}

    def run(label, model):
        for v in a.rules.split(","):
            t0 = time.time()
            rows[label + RULE_SUFFIX[v]] = score(model, tests, a.embed_cache, RULE_VARIANTS[v])
            print(f"{label + RULE_SUFFIX[v]:70s} {json.dumps(rows[label + RULE_SUFFIX[v]])} "
                  f"({time.time() - t0:.0f}s)", file=sys.stderr, flush=True)

    specs = ([] if a.no_shipped else [f"shipped model={MODEL_DIR}"]) + a.model
    for spec in specs:
        name, _, directory = spec.partition("=")
        run(name, RoleModel.load(directory))
    halves = [h for h in a.train.split(",") if h and h != "none"]
    if set(halves) - set(HALVES):
        ap.error(f"--train: halves are {', '.join(HALVES)} (or none)")
    for half in halves:
        for w in [float(x) for x in a.weights.split(",")]:
            for st in ([False, True] if pool else [False]):
                tag = f"{half}-w{w:g}" + ("-st" if st else "")
                saved = Path(a.save) / tag if a.save else None
                if saved and (saved / "roles.json").exists():
                    model = RoleModel.load(saved)
                else:
                    t0 = time.time()
                    model = fit_fold(half, w, a.embed_cache, log, pool if st else None, a.fraction, a.self_weight)
                    log(f"{tag} fitted in {time.time() - t0:.0f}s")
                    if saved:
                        model.save(saved)
                run(f"+ RAAMove {half} (weight {w:g})" + (" + self-training" if st else ""), model)
    if a.json:
        print(json.dumps(rows, indent=1))
        return
    cols = [n for sets in tests.values() for n in sets]
    print(markdown_table("model", cols, rows))


if __name__ == "__main__":
    main()
