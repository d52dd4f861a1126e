"""Sentence roles on a field the model never saw: leave one FIELD out, with self-training.

    python benchmarks/facets_roles_fields.py [--recipes linear,cues-seq] [--self-train 0,1]
                                             [--selection confident|balanced] [--fraction 0.3]
                                             [--weights model,0,0.5] [--rule 0,1]
                                             [--embed-cache DIR] [--max-train-docs 1200] [--json]
                                             [--previous-release COMMIT] [--model NAME=DIR ...]
                                             [--closing 0,1]

The harder test issue 37 asks for. Leave-one-corpus-out (``facets_roles_transfer.py``) kept a
corpus of the held-out field on the training side (CODA-19 held out, NICTA-PIBOSO trained on: both
biomedical); here a whole field is held out:

================== ============================================ =====================================
field held out     trained on (+ the written corpus, always     scored on (gold labels, never trained
                   on the training side only)                   on)
================== ============================================ =====================================
computer science   CODA-19, NICTA-PIBOSO (biomedicine)          CSAbstruct test (3 facets); ACL
                                                                abstracts (NLP, 4 facets); software-
                                                                engineering abstracts (4 facets,
                                                                when ``$ST_SE_ABSTRACTS`` is set;
                                                                ``corpora.load_se``, evaluation only)
biomedicine        CSAbstruct (computer science)                CODA-19 test (first 300 abstracts),
                                                                NICTA-PIBOSO test (3 facets);
                                                                ScholarSum PubMed references, silver
                                                                labels from GPT-4's extractions,
                                                                headings stripped (4 facets)
================== ============================================ =====================================

Every fold model and every ``--model`` is also scored on the **MuLMS-AZ abstracts** (materials
science, 48 abstracts, argumentative zones mapped to four facets: ``corpora.load_mulms``), a field
no training corpus comes from (column ``MuLMS-AZ abstracts``; ``fixtures/mulms-az``, CC BY-SA 4.0),
and, when its file is here (``$ST_RAAMOVE``), on **RAAMove's engineering abstracts** (the acceptance
check's label scheme, by its annotators; ``corpora.load_raamove``, ``fixtures/raamove``, CC BY 4.0)
in two halves: communication engineering, where the closing rule was chosen, and mechanical
engineering, only scored. ``--closing 0,closing,procedure,1`` scores every model without and with the closing rule
(:func:`roles.closing_conclusion`: an abstract's closing finding without a number is a conclusion;
session 13), row suffix ``+ closing rule``; ``procedure``: a sentence that states a procedure and no
finding is a method (:func:`roles.procedure_method`), ``+ procedure rule``; ``1``: both; ``2``: both, and
a sentence that frames the paper ("In this paper, …") is a statement of purpose to the purpose rule
(``framed_purpose``, session 14); ``3``: those three and a sentence after the purpose statement that
sets up the model or system, called background, is a method (``setup_method``, session 15). Without
``--closing``, as each model says (all four on in a shipped model's sentence roles only).

Three-facet macro-F1 where the corpus has no conclusion class (conclusion merged into result on
both sides), four-facet on the ACL abstracts and PubMed silver; gold ``other`` unscored.

Recipes (:mod:`tools.train_roles`): ``linear`` — the linear model of the shipped recipe without
embeddings (cue / tense / number features, shared n-grams, position); ``cues-seq`` — that linear
model and three BiGRU members whose input per sentence is the cue features and position only (no
MiniLM: the vectors carry the field's topic; and training needs no embedding pass);
``sequence`` — the shipped recipe (needs MiniLM vectors of every training
sentence: slow on a loaded machine, cached by ``--embed-cache``); ``sequence+cues`` — the shipped
recipe as session 11 measured it (shipped in session 12 at cue share 0.25 for the sentence roles
of a text alone, not for FM's decomposition: it lowered FM r): the ``sequence`` fold's probabilities
averaged with the ``linear`` fold's (equal weights, :data:`AVERAGE_SHARE`, or each of
``--average-shares``; with ``--self-train N`` the linear fold is the self-trained one).
``--self-train N``: N rounds of self-training on
**unlabelled** abstracts of the held-out field (their text only: CSAbstruct's train split for
computer science; CODA-19's and NICTA-PIBOSO's train splits for biomedicine — never a test
split): the fold model labels them, sentences whose posterior is at least ``--confidence`` keep
their label, the rest stay unlabelled (kept in the sequence), and the model is refitted with them
as one more corpus. ``--selection balanced``: instead of a threshold, the ``--fraction`` most
confident of the sentences decoded with each label keep it (decoded at transition weight 0), so
that a label the source field is unsure of in the new field (computer science's methods, for a
model trained on biomedicine) is not left out of the pseudo-labels.

``--weights model,0,0.5``: every model is also decoded at fixed transition weights, besides its
own (``model``: chosen on its training corpora's dev splits, in sample), so that the weight can be
chosen on the field held out.

``RECIPE+purpose`` (e.g. ``linear+purpose``): the recipe trained on labels where each abstract's
first statement of purpose is background (:func:`corpora.purpose_as_background`), as the FM
definitions and the acceptance check's labels read it. Every model is scored without and with the
decoding rule that does the same to its predictions (``--rule 0,1``; row ``… + purpose rule``,
:func:`roles.purpose_background`). Each row also has the mean of its field's sets.

Also scored, in the same run, for comparison: the model shipped in ``scholartools/facets/model``
(trained on CSAbstruct + written, so its computer-science columns are not held out) at every
``--rule`` and ``--weights`` variant — with the purpose rule at its own weight it is the previous
release, exactly — and any ``--model NAME=DIR``; ``--previous-release COMMIT`` scores the
role model shipped at that git commit beside them (session 12: ``4400ec6``). A model whose
sentence roles differ from the decomposition FM rates (``roles_share`` in its ``cue_model``:
:meth:`RoleModel.for_roles`, what st-facets labels a text without a candidate with) is scored
both ways, rows ``…, FM's decomposition`` and ``…, sentence roles``. ``--save DIR`` keeps
the fold models, and loads them on the next run instead of fitting them again.
``--previous-rule``: every row with the purpose rule is also scored with the previous release's
rule (``facets_roles_before``: only a first purpose statement that follows nothing but background;
row suffix ``(previous rule)``), so the shipped model's rows at weight 0 with it are the previous
release, in the same run.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from scholartools.facets import corpora  # noqa: E402
from scholartools.facets.roles import LABELS, MODEL_DIR, RoleModel  # noqa: E402
from scholartools.vocabulary import FACETS  # noqa: E402
from tools import train_roles as tr  # noqa: E402

FIELDS = {"computer science": ("csabstruct",), "biomedicine": ("coda19", "nicta")}
#: fields no corpus of the training side comes from, test only: materials science (MuLMS-AZ,
#: ``fixtures/mulms-az``) and engineering (RAAMove, the acceptance check's label scheme:
#: ``fixtures/raamove``, when its file is here)
OUT_OF_FIELD = "materials science"
#: RAAMove's halves: the closing rule (session 13) was chosen reading the communication half's errors
RAAMOVE_SETS = {"RAAMove engineering, mechanical (not chosen on)": "mechanical",
                "RAAMove engineering, communication (rule chosen on)": "communication"}
#: software-engineering abstracts (``fixtures/se-abstracts``; session 18), when their file is here
#: (``$ST_SE_ABSTRACTS``): a computer-science set no model here was trained on or chosen on
SE_SET = "SE abstracts (software engineering)"
CODA_TEST_DOCS = 300
DEV_DOCS = 300


def load_data(max_train_docs: int) -> dict:
    """Train / dev splits of the real corpora, the written corpus, and the test sets by field."""
    from facets_roles import pubmed_docs

    data = {}
    for name in corpora.REAL:
        data[name] = {"train": corpora.load(name, "train", weak=True)[:max_train_docs],
                      "dev": corpora.load(name, "dev", weak=False)[:DEV_DOCS]}
        if name in ("csabstruct", "nicta"):
            data[name]["unlabelled"] = corpora.load(name, "train", weak=False)
        else:   # CODA-19: 8,965 train abstracts; the first are trained on in the other fold
            data[name]["unlabelled"] = corpora.load(name, "train", weak=False)[:max_train_docs]
    data["written"] = {"train": corpora.load_written()}
    mulms = corpora.load_mulms()
    tests = {
        "computer science": {
            "CSAbstruct test": (corpora.load("csabstruct", "test", weak=False), True),
            "ACL abstracts (NLP)": (corpora.load_acl(), False)},
        "biomedicine": {
            "CODA-19 test": (corpora.load("coda19", "test", weak=False)[:CODA_TEST_DOCS], True),
            "NICTA-PIBOSO test": (corpora.load("nicta", "test", weak=False), True),
            "PubMed silver (refs, no headings)": (pubmed_docs("reference", no_headings=True), False)},
        # never on a training side: every fold and every model is scored on it
        # (4 facets; and 3, conclusion merged into result: its annotators call most statements of
        # what the paper found a conclusion)
        OUT_OF_FIELD: {"MuLMS-AZ abstracts": (mulms, False), "MuLMS-AZ, 3 facets": (mulms, True)}}
    if corpora.se_file() is not None:   # 4 facets; no licence stated: scored, never trained on
        tests["computer science"][SE_SET] = (corpora.load_se(), False)
    if corpora.raamove_file() is not None:   # 4 facets: the acceptance check's six labels, mapped
        tests[OUT_OF_FIELD].update({name: (corpora.load_raamove(part=part), False)
                                    for name, part in RAAMOVE_SETS.items()})
    return {"corpora": data, "tests": tests}


def no_vectors(docs) -> list[np.ndarray]:
    """Zero-width 'embeddings': the cue-only sequence members read cues and position alone."""
    return [np.zeros((len(s), 0), np.float32) for s, _ in docs]


RECIPES = {
    "linear": (dict(tr.NEW_CONFIG, embedding=None), False),
    "cues-seq": (dict(tr.NEW_CONFIG, embedding=None, sequence={"members": 3}), False),
    "sequence": (dict(tr.DEFAULT_CONFIG), True),
    # session 11: the sequence fold's probabilities averaged with the linear (cues) fold's at
    # AVERAGE_SHARE (both fitted on the same fold, so they share the n-grams)
    "sequence+cues": (dict(tr.DEFAULT_CONFIG), True),
}
AVERAGED = "sequence+cues"
#: the linear fold's share of the average in ``sequence+cues`` (equal weights, not tuned)
AVERAGE_SHARE = 0.5
#: ``RECIPE+purpose``: the recipe trained on labels where each abstract's first statement of
#: purpose is background (:func:`corpora.purpose_as_background`), as the FM definitions read it
PURPOSE_SUFFIX = "+purpose"


def recipe_of(name: str) -> tuple[dict, bool, bool]:
    """``(config, needs vectors, purpose labels)`` of a recipe name."""
    base = name.removesuffix(PURPOSE_SUFFIX)
    config, vectors = RECIPES[base]
    return config, vectors, name.endswith(PURPOSE_SUFFIX)


def pseudo_label(model, docs, embs, confidence: float, selection: str = "confident",
                 fraction: float = 0.3) -> list:
    """``(sentences, labels)`` of unlabelled ``docs`` as ``model`` decodes them (the purpose rule
    off). ``confident``: a label kept where the sentence's posterior (the averaged
    classifier probabilities) is ≥ ``confidence``; ``balanced``: for each label, the ``fraction``
    of the sentences decoded with it whose posterior for it is highest, so that a class the source
    field rarely predicts here (computer science's method) keeps as large a share as the others."""
    decoded = []
    for (sents, _), e in zip(docs, embs):
        lp = model.log_probs(sents, e)
        decoded.append((sents, model.predict(sents, e, log_probs=lp, purpose=False), np.exp(lp)))
    if selection == "confident":
        return [(sents, [lab if lab in LABELS and p[i, LABELS.index(lab)] >= confidence else None
                         for i, lab in enumerate(labels)]) for sents, labels, p in decoded]
    return top_fraction_by_label(decoded, fraction)


def markdown_table(first: str, cols: list[str], rows: dict) -> str:
    """The benchmarks' table: one row per model or recipe (``rows``: name → {column: figure}), the
    figures to three decimals, "–" where a row has no such column."""
    lines = ["| " + " | ".join([first, *cols]) + " |", "|---" * (len(cols) + 1) + "|"]
    lines += [f"| {k} | " + " | ".join(f"{row[c]:.3f}" if c in row else "–" for c in cols) + " |"
              for k, row in rows.items()]
    return "\n".join(lines)


def top_fraction_by_label(decoded: list, fraction: float) -> list:
    """``(sentences, labels)`` from ``(sentences, labels, posteriors)``: for each label (``other``
    aside), only the ``fraction`` of the sentences decoded with it whose posterior for it is
    highest keep it; the rest are ``None`` (unlabelled)."""
    by_label: dict = {}
    for d, (_, labels, p) in enumerate(decoded):
        for i, lab in enumerate(labels):
            if lab in LABELS and lab != "other":
                by_label.setdefault(lab, []).append((-p[i, LABELS.index(lab)], d, i))
    out = [(sents, [None] * len(sents)) for sents, _, _ in decoded]
    for lab, items in by_label.items():
        for _, d, i in sorted(items)[:int(len(items) * fraction)]:
            out[d][1][i] = lab
    return out


def fit_fold(data, held: str, recipe: str, rounds: int, confidence: float, embed_cache, log,
             selection: str = "confident", fraction: float = 0.3):
    config, vectors, purpose = recipe_of(recipe)
    relabel = corpora.purpose_as_background if purpose else (lambda docs: docs)

    def embs(docs):
        return tr.embed_docs(docs, embed_cache) if vectors else no_vectors(docs)

    names = [n for f, ns in FIELDS.items() if f != held for n in ns] + ["written"]
    groups = [relabel(data[n]["train"]) for n in names]
    group_embs = [embs(g) for g in groups]
    weights = [tr.WRITTEN_WEIGHT if n == "written" else 1.0 for n in names]
    dev = relabel([d for n in names if n != "written" for d in data[n]["dev"]])
    dev_embs = embs(dev)
    model = tr.fit(groups, group_embs, config, weights, dev, dev_embs, log=log)
    pool = [d for n in FIELDS[held] for d in data[n]["unlabelled"]]
    pool_embs = embs(pool) if rounds else []
    for r in range(rounds):
        if selection == "balanced":   # decoded as the held-out fields are decoded best (weight 0)
            model.transition_weight = 0.0
        pseudo = pseudo_label(model, pool, pool_embs, confidence, selection, fraction)
        kept = sum(lab is not None for _, labs in pseudo for lab in labs)
        log(f"self-training round {r + 1}: {kept} of {sum(len(s) for s, _ in pseudo)} sentences labelled")
        model = tr.fit(groups + [pseudo], group_embs + [pool_embs], config, weights + [1.0], dev, dev_embs,
                       log=log)
    return model


def f1(model, docs, three: bool, embs=None) -> float:
    gold, pred = tr.predictions(model, docs, embs)
    if three:
        gold = ["result" if g == "conclusion" else g for g in gold]
        pred = ["result" if p == "conclusion" else p for p in pred]
    return tr.macro_f1(gold, pred, FACETS[:3] if three else FACETS)


def score_model(model, tests: dict, embed_cache, vectors: bool | None = None, rule: bool | None = None,
                weight: float | None = None, closing: tuple | None = None) -> dict:
    """Macro-F1 of ``model`` on every set of ``tests`` (field → sets), and the mean of each field's
    sets (key ``"<field> (mean)"``); ``rule``: the purpose rule on or off (None: as the model says);
    ``weight``: the transition weight to decode at (None: the model's own, chosen when it was
    fitted on its training corpora's dev splits)."""
    vectors = model.uses_embeddings if vectors is None else vectors
    if rule is not None:
        model.meta["purpose_background"] = rule
    if closing is not None:   # the decoding rules of sentence roles (roles.ROLES_RULES) to turn on; the rest off
        from scholartools.facets.roles import ROLES_RULES

        model.meta.update({rule: rule in closing for rule in ROLES_RULES})
    if weight is not None:
        model.transition_weight = weight
    out = {}
    for field, sets in tests.items():
        for name, (docs, three) in sets.items():
            e = (tr.embed_docs(docs, embed_cache) if vectors else no_vectors(docs)) if model.uses_embeddings else None
            out[name] = round(f1(model, docs, three, e), 4)
        out[f"{field} (mean)"] = round(float(np.mean([out[n] for n in sets])), 4)
    return out


RULE = " + purpose rule"
PREVIOUS = " (previous rule)"
#: ``--closing`` variants: the decoding rules of sentence roles each turns on (session 13)
CLOSING_VARIANTS = {"0": (), "1": ("procedure_method", "closing_conclusion"), "closing": ("closing_conclusion",),
                    "procedure": ("procedure_method",),
                    "2": ("procedure_method", "closing_conclusion", "framed_purpose"),
                    "3": ("procedure_method", "closing_conclusion", "framed_purpose", "setup_method")}
CLOSING_SUFFIX = {(): "", ("closing_conclusion",): " + closing rule", ("procedure_method",): " + procedure rule",
                  ("procedure_method", "closing_conclusion"): " + procedure and closing rules",
                  ("procedure_method", "closing_conclusion", "framed_purpose"):
                      " + procedure, closing and framed-purpose rules",
                  ("procedure_method", "closing_conclusion", "framed_purpose", "setup_method"):
                      " + procedure, closing, framed-purpose and setup rules"}


def variants(rules: list[bool], weights: list[float | None], previous: bool = False,
             closings: tuple = (None,)):
    """``(row suffix, rule, weight, previous rule, closing rule)`` of every scoring variant of one
    model (``closings``: None leaves the closing rule as the model says)."""
    for weight in weights:
        for rule in rules:
            for closing in closings:
                suffix = (RULE if rule else "") + ("" if closing is None else CLOSING_SUFFIX[closing]) + \
                    ("" if weight is None else f", weight {weight:g}")
                yield suffix, rule, weight, False, closing
                if rule and previous:
                    yield suffix + PREVIOUS, rule, weight, True, closing


def scored(previous: bool, *args, **kwargs) -> dict:
    """:func:`score_model`, with the previous release's purpose rule when ``previous``."""
    from facets_roles_before import previous_rule

    if not previous:
        return score_model(*args, **kwargs)
    with previous_rule():
        return score_model(*args, **kwargs)


def release_model(commit: str) -> Path:
    """A directory holding the role model shipped at ``commit`` (``git show`` of its files), so
    that a run can score the previous release beside the working tree's model."""
    import subprocess
    import tempfile

    out = Path(tempfile.mkdtemp(prefix="roles-release-"))
    for name in ("roles.json", "roles.npz"):
        blob = subprocess.run(["git", "show", f"{commit}:scholartools/facets/model/{name}"], cwd=ROOT,
                              check=True, capture_output=True).stdout
        (out / name).write_bytes(blob)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--recipes", default="linear,cues-seq")
    ap.add_argument("--self-train", default="0,1", help="comma-separated numbers of self-training rounds")
    ap.add_argument("--confidence", type=float, default=0.9)
    ap.add_argument("--held", default=",".join(FIELDS))
    ap.add_argument("--max-train-docs", type=int, default=1200)
    ap.add_argument("--embed-cache", help="directory keeping sentence vectors between runs")
    ap.add_argument("--model", action="append", default=[], metavar="NAME=DIR")
    ap.add_argument("--no-shipped", action="store_true", help="do not score the shipped model")
    ap.add_argument("--previous-release", metavar="COMMIT",
                    help="also score the role model shipped at this git commit (row 'previous release')")
    ap.add_argument("--save", help="directory to keep the fold models in (DIR/<recipe>-<field>); one "
                    "already there is loaded instead of fitted again")
    ap.add_argument("--rule", default="0,1", help="score each model without (0) and with (1) the purpose rule")
    ap.add_argument("--weights", default="model",
                    help="comma-separated transition weights to decode every model at ('model': its own, "
                         "chosen on its training corpora's dev splits), to choose the weight on the field "
                         "held out rather than in sample")
    ap.add_argument("--selection", choices=["confident", "balanced"], default="confident",
                    help="self-training: keep pseudo-labels whose posterior is >= --confidence, or the "
                         "--fraction most confident of each label (class-balanced)")
    ap.add_argument("--fraction", type=float, default=0.3)
    ap.add_argument("--previous-rule", action="store_true",
                    help="also score every row with the purpose rule with the previous release's rule")
    ap.add_argument("--average-shares", default=str(AVERAGE_SHARE),
                    help="comma-separated shares of the linear fold in sequence+cues (session 12: 0.25,0.5)")
    ap.add_argument("--closing", default=None,
                    help="comma-separated variants of the decoding rules of sentence roles (session 13) to "
                         "score each model with: 0 (none), closing (an abstract's closing finding without a "
                         "number is a conclusion), procedure (a sentence stating a procedure and no finding "
                         "is a method), 1 (both), 2 (both, and a sentence framing the paper, \"In this "
                         "paper, ...\", is a statement of purpose: session 14), 3 (those, and a setup sentence after "
                         "the purpose statement is a method: session 15); default: as the model says (all "
                         "four on in a shipped model's sentence-roles use only)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    data = load_data(a.max_train_docs)
    log = (lambda m: print("   ", m, file=sys.stderr, flush=True))
    results = {}
    held_fields = a.held.split(",")
    rules = [bool(int(x)) for x in a.rule.split(",")]
    weights = [None if w == "model" else float(w) for w in a.weights.split(",")]
    closings = (None,) if a.closing is None else tuple(CLOSING_VARIANTS[x] for x in a.closing.split(","))
    def key_of(recipe, rounds):
        return recipe + (f" + self-training x{rounds}" + (" (balanced)" if a.selection == "balanced" else "")
                         if rounds else "")

    def fold(recipe, rounds, held, share=AVERAGE_SHARE):
        """The fold model of ``recipe`` with ``held`` held out: loaded from --save, or fitted."""
        saved = Path(a.save) / f"{key_of(recipe, rounds)}-{held}".replace(" ", "_") if a.save else None
        if recipe == AVERAGED:   # self-training, if any, on the linear fold only; made of saved folds
            model = fold("sequence", 0, held)
            model.cue = fold("linear", rounds, held)
            model.meta["cue_model"] = dict(model.cue.meta, share=share)
            return model
        if saved and (saved / "roles.json").exists():
            return RoleModel.load(saved)
        else:
            model = fit_fold(data["corpora"], held, recipe, rounds, a.confidence, a.embed_cache, log,
                             a.selection, a.fraction)
        if saved:
            model.save(saved)
        return model

    runs = [(recipe, rounds, share) for recipe in a.recipes.split(",") if recipe.removesuffix(PURPOSE_SUFFIX) in RECIPES
            for rounds in [int(x) for x in a.self_train.split(",")]
            for share in ([float(x) for x in a.average_shares.split(",")] if recipe == AVERAGED else [None])]
    for recipe, rounds, share in runs:
        key = key_of(recipe, rounds) + ("" if share is None else f" (cue share {share:g})")
        for held in held_fields:
            t0 = time.time()
            model = fold(recipe, rounds, held, share)
            own = model.transition_weight
            for suffix, rule, weight, previous, closing in variants(rules, weights, a.previous_rule, closings):
                row = scored(previous, model, {f: data["tests"][f] for f in (held, OUT_OF_FIELD)}, a.embed_cache,
                             recipe_of(recipe)[1], rule, own if weight is None else weight, closing)
                # the out-of-field sets are scored by both folds of a recipe: one column each
                row = {(f"{k} ({held} fold)" if k in data["tests"][OUT_OF_FIELD] else k): v
                       for k, v in row.items() if k != f"{OUT_OF_FIELD} (mean)"}
                results.setdefault(key + suffix, {}).update(row)
                print(f"{key + suffix:60s} {held:17s} {json.dumps(row)} (own weight {own:g}; "
                      f"{time.time() - t0:.0f}s)", file=sys.stderr, flush=True)

    # the shipped model (trained on CSAbstruct + written, so its computer-science columns are not
    # held out): the previous release is it with the purpose rule at its own weight
    specs = ([] if a.no_shipped else [f"shipped={MODEL_DIR}"]) + a.model
    if a.previous_release:
        specs.insert(0, f"previous release ({a.previous_release})={release_model(a.previous_release)}")
    for spec in specs:
        name, _, directory = spec.partition("=")
        loaded = RoleModel.load(directory)
        label = "shipped model" if name == "shipped" else name
        # a model whose sentence roles (st-facets on a text alone) differ from the decomposition FM
        # rates (roles.RoleModel.for_roles) is scored both ways
        uses = [("", loaded)] if loaded.for_roles() is loaded else [
            (", FM's decomposition", loaded), (", sentence roles (st-facets on a text alone)", loaded.for_roles())]
        for use, model in uses:
            own = model.transition_weight
            for suffix, rule, weight, previous, closing in variants(rules, weights, a.previous_rule, closings):
                results[label + use + suffix] = scored(
                    previous, model, {f: data["tests"][f] for f in held_fields + [OUT_OF_FIELD]},
                    a.embed_cache, rule=rule, weight=own if weight is None else weight, closing=closing)
    if a.json:
        print(json.dumps(results, indent=1))
        return
    cols = [n for f in held_fields for n in [*data["tests"][f], f"{f} (mean)"]] + [
        c for n in data["tests"][OUT_OF_FIELD] for c in [n, *(f"{n} ({f} fold)" for f in held_fields)]]
    print(markdown_table("recipe", cols, results))


if __name__ == "__main__":
    main()
