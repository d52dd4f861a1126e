"""Does st-facets' sentence-role model transfer to fields it was not trained on? Leave-one-corpus-out.

    python benchmarks/facets_roles_transfer.py [--embed-cache /tmp/facets/emb] [--max-train-docs 1200]
                                               [--recipes first,new,sequence] [--split test] [--json]
                                               [--config JSON] [--model NAME=DIR ...]

Three real corpora with human labels (``../shared/external/abstract-roles``): CSAbstruct
(computer science), CODA-19 (COVID-19 papers, crowd labels), NICTA-PIBOSO (medicine); the label
mappings are in :mod:`scholartools.facets.corpora`. For each corpus held out in turn, a model is
trained on the train splits of the two others (each corpus weighing the same in total; at most
``--max-train-docs`` abstracts of each, the first in file order, to keep the fit small), with and
without scholartools' written corpus (``data/facet-roles``), its transition weight chosen on the
two training corpora's dev splits, and scored on the held-out corpus's test split (``--split dev``
scores the dev split instead: that is where recipes were compared, so the test figures were not
used to choose anything).

None of the three corpora has a conclusion class (conclusions are labelled result, finding or
outcome), so the score is **three-facet macro-F1** over background / method / result, with
conclusion merged into result on both sides; gold sentences outside the facets (``other``, and
NICTA's PICO "other") are not scored. Recipes (:mod:`tools.train_roles`):

- ``first``: the first shipped model's recipe (TF-IDF of every word 1–2-gram of the sentence and
  its neighbours, position);
- ``new``: field-independent cue / tense / number / citation features, MiniLM embeddings centered
  on the abstract, TF-IDF only of n-grams frequent in at least two training corpora, position;
- ``sequence``: the ``new`` linear model and three BiGRU members that read the abstract's
  sentences in order (:mod:`scholartools.facets.sequence`) — the shipped recipe.
  ``--config '{"sequence": {"members": 9, "first_seed": 0, "linear_share": 0.25}}'`` changes the
  members' number, their seeds and the linear model's share of the average.

Also printed: the model shipped in ``scholartools/facets/model`` as it is (trained on CSAbstruct
and the written corpus, so its CSAbstruct figure is not held out), and any ``--model NAME=DIR``
(e.g. the model shipped before, to compare). ``--config '{"balance": 1.0, "embedding": "plain"}'``
gives the class-balanced recipe of docs/st-facets.md; ``--recipes none`` scores only the models.
``--transition-weight W`` decodes the fold models at W instead of the weight chosen on the
training corpora's dev splits (docs/st-facets.md: that choice is most of CSAbstruct's spread).

Embedding the corpora once takes most of an hour on 2 shared cores (cached by ``--embed-cache``);
after that a full run takes a few minutes.
"""
from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scholartools.facets import corpora  # noqa: E402
from tools import train_roles as tr  # noqa: E402


DEV_DOCS = 300  # of each dev split (CODA-19's has 1,000 abstracts; the others fewer than 300)


def load_all(cache: Path | None):
    """``{corpus: {split: docs}}`` for the three real corpora (train with weak conclusions,
    dev / test with the gold labels as mapped) and the written corpus."""
    if cache and cache.exists():
        return pickle.loads(cache.read_bytes())
    data = {}
    for name in corpora.REAL:
        data[name] = {"train": corpora.load(name, "train", weak=True),
                      "dev": corpora.load(name, "dev", weak=False)[:DEV_DOCS],
                      "test": corpora.load(name, "test", weak=False)}
    data["written"] = {"train": corpora.load_written()}
    if cache:
        cache.write_bytes(pickle.dumps(data))
    return data


def run_fold(data, held: str, recipe: dict, written: bool, split: str, embed_cache, max_docs: int,
             written_weight: float = tr.WRITTEN_WEIGHT, log=None, transition_weight: float | None = None):
    """``(macro-F1 on the held-out corpus's split, the fold's model)``; ``transition_weight``
    overrides the weight the fit chose on the training corpora's dev splits."""
    names = [n for n in corpora.REAL if n != held] + (["written"] if written else [])
    use_emb = bool(recipe.get("embedding") or recipe.get("sequence"))

    def embs(docs):
        return tr.embed_docs(docs, embed_cache) if use_emb else [None] * len(docs)

    groups, group_embs, weights, dev, dev_embs = [], [], [], [], []
    for n in names:
        docs = data[n]["train"][:max_docs]
        groups.append(docs)
        group_embs.append(embs(docs))
        weights.append(written_weight if n == "written" else 1.0)
        if n != "written":
            dev += data[n]["dev"]
            dev_embs += embs(data[n]["dev"])
    model = tr.fit(groups, group_embs, recipe, weights, dev, dev_embs, log=log)
    target = data[held][split]
    return tr.score(model, target, embs(target), weight=transition_weight), model


RECIPES = {"first": tr.FIRST_CONFIG, "new": tr.NEW_CONFIG, "sequence": tr.DEFAULT_CONFIG}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embed-cache", help="directory keeping sentence vectors between runs (.npy files)")
    ap.add_argument("--data-cache", help="file keeping the loaded corpora between runs (a pickle: "
                                         "give a path only you can write)")
    ap.add_argument("--max-train-docs", type=int, default=1200)
    ap.add_argument("--recipes", default="first,new,sequence", help="comma-separated recipes, or none")
    ap.add_argument("--config", default="{}", help="JSON overrides of the new and sequence recipes (experiments)")
    ap.add_argument("--split", default="test", choices=("dev", "test"))
    ap.add_argument("--held", default=",".join(corpora.REAL))
    ap.add_argument("--written", default="no,yes")
    ap.add_argument("--written-weight", type=float, default=tr.WRITTEN_WEIGHT)
    ap.add_argument("--model", action="append", default=[], metavar="NAME=DIR",
                    help="also score this trained role model on each held-out corpus (repeatable)")
    ap.add_argument("--transition-weight", type=float, metavar="W",
                    help="decode the fold models at this transition weight (default: the one each fit "
                         "chose on its training corpora's dev splits)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    data = load_all(Path(a.data_cache) if a.data_cache else None)
    results = {}
    log = (lambda m: print("   ", m, file=sys.stderr))
    for rname in [r for r in a.recipes.split(",") if r in RECIPES]:
        recipe = dict(RECIPES[rname], **(json.loads(a.config) if rname != "first" else {}))
        for w in a.written.split(","):
            for held in a.held.split(","):
                t0 = time.time()
                f1, _ = run_fold(data, held, recipe, w == "yes", a.split, a.embed_cache, a.max_train_docs,
                                 a.written_weight, log=log, transition_weight=a.transition_weight)
                key = f"{rname}{' + written' if w == 'yes' else ''}"
                results.setdefault(key, {})[held] = round(f1, 4)
                print(f"{key:20s} held out {held:10s} {a.split} macro-F1 {f1:.4f}  ({time.time() - t0:.0f}s)",
                      file=sys.stderr, flush=True)
    from scholartools.facets.roles import MODEL_DIR, RoleModel

    for spec in [f"shipped model={MODEL_DIR}"] + a.model:
        name, _, directory = spec.partition("=")
        model = RoleModel.load(directory)
        results[name] = {held: round(tr.score(model, data[held][a.split],
                                              tr.embed_docs(data[held][a.split], a.embed_cache)
                                              if model.uses_embeddings else None), 4)
                         for held in a.held.split(",")}
    if a.json:
        print(json.dumps(results, indent=1))
    else:
        held = a.held.split(",")
        print(f"{'recipe':22s} " + " ".join(f"{h:>10s}" for h in held) + "      mean")
        for k, row in results.items():
            vals = [row.get(h) for h in held]
            print(f"{k:22s} " + " ".join(f"{v:10.4f}" for v in vals)
                  + f"  {sum(vals) / len(vals):8.4f}")


if __name__ == "__main__":
    main()
