"""Train the sentence-role model (``scholartools/facets/model/``) on any mix of the labelled corpora.

    python -m tools.train_roles [--corpora csabstruct,written] [--out DIR] [--dry-run]
                                              [--embed-cache /tmp/facets/emb] [--cue-share 0]
                                              [--add-cue-to DIR]

Corpora (:mod:`scholartools.facets.corpora`, where the label mappings are documented):
``csabstruct`` (computer science, Apache-2.0), ``coda19`` (COVID-19, crowd labels, no licence:
research use only), ``nicta`` (medicine, no licence: research use only), ``written`` (scholartools'
own written corpus, Apache-2.0), ``written-fields`` (its third round: chemistry, materials,
engineering, earth sciences and today's NLP, Apache-2.0; in no shipped model, docs/st-facets.md,
session 21). The shipped model may only be trained on the Apache-2.0 ones
(:data:`corpora.SHIPPABLE`); ``--out`` refuses the others unless ``--local`` says the model is for
the user's own use (built from the user's own copy of the data; point st-facets at it with
``ST_FACETS_ROLE_MODEL=DIR``).

Training, for a given mix: every corpus's train split, each corpus weighing the same in total
(``written`` ``--written-weight`` times that), labels mapped to the four facets plus ``other``;
corpora without a conclusion class get weak conclusion labels (cue-bearing result sentences
among the last two, :func:`corpora.weak_conclusion`). Features (``--features``):

- ``generic``: field-independent features of the sentence and its neighbours
  (:func:`scholartools.facets.roles.generic_features`: cue phrases of aims, gaps, methods,
  findings and conclusions, person, tense, modals, numbers, statistics, citations, length);
- ``embedding``: MiniLM embeddings of the sentence and its neighbours, each centered on its
  abstract's mean (the topic drops out);
- ``tfidf``: word 1–2-grams of the sentence and its neighbours (``shared``: only those frequent
  in at least two of the training corpora; ``all``: every one, the first model's features);
- position in the abstract, always.

Then a multinomial logistic regression (lbfgs, deterministic) and, in the shipped recipe, three
BiGRU members over the abstract's sentences (:mod:`scholartools.facets.sequence`; trained with
torch, one thread, seeds 0–2, every class of a corpus weighing the same in total), whose
probabilities are averaged with the linear model's; then Viterbi decoding over learned label
transitions, the transition weight chosen on the dev splits of the training corpora. Last, a
linear cue model (the linear model without embeddings, :data:`CUE_CONFIG`) is trained on the same
corpora and stored in the model: the fallback when MiniLM is not installed, averaged in at
``--cue-share`` (0, the shipped model's: :data:`CUE_SHARE`) in the decomposition FM rates and at
``--roles-cue-share`` (:data:`ROLES_CUE_SHARE`) in sentence roles reported for their own sake;
``--add-cue-to DIR`` only adds it to an existing model. Embedding the corpora is the slow part (``--embed-cache`` keeps the vectors between runs).

Sentence roles reported for their own sake get a model of their own (``--roles-corpora``, default
:data:`ROLES_CORPORA`; saved in ``OUT/sentence-roles``, :attr:`RoleModel.roles_model`; ``--roles-only``
retrains just that one): the same recipe, its linear models reading no position
(``--roles-pos-scale``, :data:`ROLES_POS_SCALE`: docs/st-facets.md, session 22). FM's decomposition
keeps the model of ``--corpora``: its rater was fitted on that model's posteriors. The shipped one is
built with

    python -m tools.train_roles --roles-only --out scholartools/facets/model --embed-cache CACHE

**RAAMove's engineering abstracts** may be added (``--roles-corpora csabstruct,written,raamove``; both
halves, ``--raamove-weight`` :data:`RAAMOVE_WEIGHT` in total; CC BY 4.0, fixtures/raamove/PROVENANCE.md;
read from ``$ST_RAAMOVE`` or the user cache, not the data registry), labelled in the acceptance check's
scheme; measured leaving one RAAMove half out, that did not beat the shipped model (session 16).
"""
from __future__ import annotations

import hashlib
import time
from collections import Counter
from pathlib import Path

import click
import numpy as np

from scholartools.facets import corpora
from scholartools.facets.corpora import (CSABSTRUCT_MAP, WRITTEN_DIR, load_csabstruct, load_written,  # noqa: F401
                                         weak_conclusion)
from scholartools.facets import sequence
from scholartools.facets.roles import LABELS, MODEL_DIR, RoleModel, generic_features, position_features, tokens
from scholartools.vocabulary import FACETS

WRITTEN_WEIGHT = 1.0
#: the linear model's recipe: field-independent cues, centered embeddings, shared n-grams (see
#: docs/st-facets.md for the experiments behind each choice)
NEW_CONFIG = {"tfidf": "shared", "embedding": "centered", "generic": True, "C": 1.0,
              "ctx_scale": 0.5, "emb_scale": 1.0, "pos_scale": 1.0, "generic_scale": 1.0,
              "min_df": 3}
#: the shipped model's recipe: the linear model and three BiGRU members (sequence.DEFAULT)
DEFAULT_CONFIG = dict(NEW_CONFIG, sequence={"members": 3})
#: the transition weight abstracts are decoded at (st-facets' reference side; RoleModel.abstract_weight):
#: chosen on the field held out, not on the training corpora's dev splits, which chose 0.5 for the
#: shipped model. Weight 0 decodes the held-out field better (linear model, computer science held
#: out: 0.661 against 0.648, biomedicine held out 0.755 against 0.758; the shipped model on
#: biomedicine: 0.766 against 0.760, PubMed silver 0.822 against 0.802, NICTA-PIBOSO 0.748 against
#: 0.755) and raises FM r on PubMed under every protocol (leave-one-system-out 0.573 -> 0.576,
#: headings stripped 0.557 -> 0.573); decoding candidate summaries at 0 too lowered it (0.564):
#: docs/st-facets.md
ABSTRACT_TRANSITION_WEIGHT = 0.0
#: the cue model's recipe: the linear model without embeddings (cue / tense / number features, shared
#: n-grams, position), shipped inside the model and run alone when MiniLM is not installed
CUE_CONFIG = dict(NEW_CONFIG, embedding=None, sequence=None)
#: the cue model's share of the average with the model: 0 in the shipped model (the fallback only).
#: Averaged at 0.5 (equal weights, not tuned), it lifted sentence roles on the fields held out
#: (computer science held out: CSAbstruct 0.734 / ACL 0.665 for the sequence fold alone, 0.686 / 0.726
#: averaged) but lowered FM r on PubMed under every protocol, on the references alone too
#: (leave-one-system-out 0.582 -> 0.502): docs/st-facets.md, session 11
CUE_SHARE = 0.0
#: the cue model's share when the model labels sentence roles reported for their own sake (st-facets
#: on a text without a candidate; :meth:`RoleModel.for_roles`), not the decomposition FM rates: the
#: share that transferred best leaving one field out (the sequence fold averaged with the linear
#: fold; field means with computer science / biomedicine held out: 0.699 / 0.762 at share 0, 0.713 /
#: 0.772 at 0.25, 0.701 / 0.769 at 0.5, 0.671 / 0.763 at 0.75): docs/st-facets.md, session 12
ROLES_CUE_SHARE = 0.25
#: sentence roles reported for their own sake read an abstract's closing finding without a number as
#: its conclusion (:func:`roles.closing_conclusion`), as the acceptance check's label scheme and FM's
#: GPT-4 extractions do (RAAMove engineering, the half not chosen on: 0.608 -> 0.655): docs/st-facets.md,
#: session 13
ROLES_CLOSING = True
#: ... and a sentence that states a procedure and no finding as a method (:func:`roles.procedure_method`;
#: RAAMove mechanical 0.655 -> 0.669, ACL 0.663 -> 0.676 with the closing rule): session 13
ROLES_PROCEDURE = True
#: ... and a sentence that frames the paper ("In this paper, X is investigated") as a statement of
#: purpose to the purpose rule (:func:`roles.purpose_background`, ``framed``; RAAMove mechanical
#: 0.669 -> 0.678, MuLMS-AZ 0.550 -> 0.561, ACL 0.676 -> 0.673): session 14
ROLES_FRAMED = True
#: ... and a sentence after the statement of purpose that sets up the model or system ("We assume …",
#: "Antenna arrays are equipped at …") as a method where the classifier called it background
#: (:func:`roles.setup_method`; RAAMove mechanical 0.678 -> 0.680, every fold model up): session 15
ROLES_SETUP = True
#: names recorded in the model (st-facets' provenance, ``role_model``)
MODEL_NAME = "linear + 3 BiGRU members (MiniLM embeddings)"
#: ... and how the name of the model of sentence roles (:func:`train_roles_model`) says what it adds
ROLES_NAME = ", trained with RAAMove's engineering abstracts"
FIELDS_NAME = ", trained with the written corpus' third round (data/facet-roles/fields)"
POSITION_NAME = ", its linear models reading no position"
CUE_NAME = "linear cue model alone (no MiniLM: the embedding model is not installed)"
#: the first model's recipe (TF-IDF of every n-gram, position; no embeddings, no generic features)
FIRST_CONFIG = {"tfidf": "all", "embedding": None, "generic": False, "C": 4.0, "ctx_scale": 0.5,
                "emb_scale": 1.0, "pos_scale": 1.0, "generic_scale": 0.0, "min_df": 3}


def macro_f1(gold: list, pred: list, labels=FACETS) -> float:
    """Macro-F1 over ``labels`` (gold sentences outside them still count as false positives)."""
    f1s = []
    for lab in labels:
        tp = sum(g == lab and p == lab for g, p in zip(gold, pred))
        fp = sum(g != lab and p == lab for g, p in zip(gold, pred))
        fn = sum(g == lab and p != lab for g, p in zip(gold, pred))
        f1s.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(f1s))


# --- embeddings, cached --------------------------------------------------------------------------

def embed_texts(texts: list[str], cache_dir: str | Path | None = None, chunk: int = 1000) -> np.ndarray:
    """MiniLM vectors of ``texts``; with ``cache_dir``, each run of ``chunk`` texts is stored
    there as ``<hash of its texts>.npy`` (an interrupted run keeps what it finished)."""
    from scholartools.embeddings import encode

    parts = []
    for i in range(0, len(texts), chunk):
        part = texts[i:i + chunk]
        path = None
        if cache_dir:
            key = hashlib.sha256("\n".join(part).encode("utf-8")).hexdigest()[:20]
            path = Path(cache_dir) / f"c{chunk}-{key}.npy"
            if path.exists():
                parts.append(np.load(path))
                continue
        vecs = np.asarray(encode(part), dtype=np.float32)
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, vecs)
        parts.append(vecs)
    return np.vstack(parts) if parts else np.zeros((0, 384), np.float32)


def embed_docs(docs, cache_dir=None) -> list[np.ndarray]:
    """One ``(n_sentences, d)`` array per document."""
    vecs = embed_texts([s for sents, _ in docs for s in sents], cache_dir)
    out, k = [], 0
    for sents, _ in docs:
        out.append(vecs[k:k + len(sents)])
        k += len(sents)
    return out


# --- fitting -----------------------------------------------------------------------------------

def _vocabulary(groups: list[list], config: dict):
    """``(vocab, idf)`` of the TF-IDF features over the training groups (one list of documents per
    corpus), or ``({}, empty)`` without them. ``shared``: only n-grams in at least ``min_df``
    sentences of each of at least two corpora (one corpus: all of its n-grams)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    if not config.get("tfidf") or config["tfidf"] == "none":
        return {}, np.zeros(0, np.float32)
    sents = [s for docs in groups for sents, _ in docs for s in sents]
    vec = TfidfVectorizer(analyzer=tokens, sublinear_tf=True, min_df=config["min_df"], norm="l2",
                          dtype=np.float32)
    vec.fit(sents)
    vocab = vec.vocabulary_
    if config["tfidf"] == "shared" and len(groups) > 1:
        seen = Counter()
        for docs in groups:
            df = Counter(t for sents, _ in docs for s in sents for t in set(tokens(s)))
            seen.update(t for t, c in df.items() if c >= config["min_df"])
        keep = sorted((t for t in vocab if seen[t] >= 2), key=vocab.get)
        return {t: i for i, t in enumerate(keep)}, vec.idf_[[vocab[t] for t in keep]].astype(np.float32)
    keep = sorted(vocab, key=vocab.get)
    return {t: i for i, t in enumerate(keep)}, vec.idf_.astype(np.float32)


def _empty_model(vocab, idf, config) -> RoleModel:
    k = len(LABELS)
    meta = {"labels": LABELS, "embeddings": bool(config.get("embedding")),
            "embedding_kind": config.get("embedding") or "plain", "emb_scale": config["emb_scale"],
            "pos_scale": config["pos_scale"], "ctx_scale": config["ctx_scale"],
            "generic_scale": config["generic_scale"] if config.get("generic") else 0.0,
            "generic_drop": list(config.get("generic_drop") or []),
            "transition_weight": 1.0}
    return RoleModel(vocab, idf, np.zeros((0, k)), np.zeros(k), np.zeros((k, k)), np.zeros(k), meta)


def sample_weights(groups: list[list], group_weights: list[float], balance: float = 0.0) -> np.ndarray:
    """One weight per labelled sentence of ``groups`` (in order), scaled to mean 1: corpus ``i``
    weighs ``group_weights[i]`` in total, and within a corpus a class of n sentences weighs
    n^(1 − balance) (``balance`` 1: every class of the corpus the same total, so one field's class
    priors do not carry over; 0: every sentence of the corpus the same)."""
    w = []
    for docs, gw in zip(groups, group_weights):
        counts = Counter(lab for _, labs in docs for lab in labs if lab in LABELS)
        mass = {lab: c ** (1.0 - balance) for lab, c in counts.items()}
        total = sum(mass.values()) or 1.0
        w += [gw * mass[lab] / counts[lab] / total for _, labs in docs for lab in labs if lab in LABELS]
    w = np.array(w)
    return w * len(w) / w.sum()


def fit(groups: list[list], embs: list[list], config: dict, group_weights: list[float] | None = None,
        dev: list | None = None, dev_embs: list | None = None, log=None) -> RoleModel:
    """A role model fitted on ``groups`` (one list of ``(sentences, labels)`` documents per corpus,
    ``embs`` the matching embeddings or Nones), each corpus weighing ``group_weights[i]`` in total
    (default: all the same). ``dev`` (documents, gold labels) chooses the transition weight."""
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression

    t0 = time.time()
    vocab, idf = _vocabulary(groups, config)
    model = _empty_model(vocab, idf, config)
    group_weights = group_weights or [1.0] * len(groups)
    X, y = [], []
    for docs, e_list in zip(groups, embs):
        for (sents, labs), e in zip(docs, e_list):
            keep = [i for i, lab in enumerate(labs) if lab in LABELS]
            if not keep:
                continue
            X.append(model.features(sents, e, sparse=True)[keep])
            y += [LABELS.index(labs[i]) for i in keep]
    X = sparse.vstack(X, format="csr")
    w = sample_weights(groups, group_weights, float(config.get("balance", 0.0)))
    clf = LogisticRegression(C=config["C"], max_iter=3000, random_state=0)
    clf.fit(X, np.array(y), sample_weight=w)
    k = len(LABELS)
    coef = np.zeros((X.shape[1], k), dtype=np.float32)
    intercept = np.zeros(k, dtype=np.float32)
    for j, c in enumerate(clf.classes_):
        coef[:, c] = clf.coef_[j]
        intercept[c] = clf.intercept_[j]
    # transitions and start distribution from the label sequences (add-one smoothing), each corpus
    # weighing the same; a transition through an unlabelled sentence is not counted
    trans, start = np.ones((k, k)), np.ones(k)
    for docs, gw in zip(groups, group_weights):
        tc, sc = np.zeros((k, k)), np.zeros(k)
        for _, labs in docs:
            if labs and labs[0] in LABELS:
                sc[LABELS.index(labs[0])] += 1
            for a, b in zip(labs, labs[1:]):
                if a in LABELS and b in LABELS:
                    tc[LABELS.index(a), LABELS.index(b)] += 1
        trans += 1000 * gw * tc / max(tc.sum(), 1)
        start += 100 * gw * sc / max(sc.sum(), 1)
    model.coef, model.intercept = coef, intercept
    model.transitions = np.log(trans / trans.sum(axis=1, keepdims=True))
    model.start = np.log(start / start.sum())
    if config.get("sequence"):
        seq_config = dict(sequence.DEFAULT, **config["sequence"])
        model.sequence = fit_sequence(groups, embs, group_weights, seq_config, log=log)
        model.meta["sequence"] = seq_config
    if dev:
        lps = [model.log_probs(sents, None if dev_embs is None else e)
               for (sents, _), e in zip(dev, dev_embs or [None] * len(dev))]
        best = max((score(model, dev, weight=wt, log_probs=lps), wt) for wt in (0.0, 0.5, 1.0, 1.5))
        model.transition_weight = best[1]
        model.meta["dev_macro_f1"] = round(best[0], 4)
    model.meta["transition_weight"] = model.transition_weight
    model.meta["abstract_transition_weight"] = float(config.get("abstract_transition_weight", ABSTRACT_TRANSITION_WEIGHT))
    model.meta["C"] = config["C"]
    if log:
        log(f"fitted on {X.shape[0]} sentences x {X.shape[1]} features in {time.time() - t0:.0f}s; "
            f"transition weight {model.transition_weight}")
    return model


def fit_sequence(groups: list[list], embs: list[list], group_weights: list[float], config: dict,
                 log=None) -> list[dict]:
    """The BiGRU members of a role model (:mod:`scholartools.facets.sequence`), trained on the same
    documents as the linear model, each corpus weighing ``group_weights[i]`` in total and its
    classes ``config["balance"]`` toward the same total (:func:`sample_weights`); member ``i`` has
    seed ``first_seed + i`` (``config["first_seed"]``, default 0: the shipped model's seeds 0–2;
    another value measures how much the figures owe to the draw); ``config``:
    :data:`sequence.DEFAULT` with the recipe's changes."""
    xs, ys, ws = [], [], []
    flat = iter(sample_weights(groups, group_weights, config["balance"]))
    for docs, e_list in zip(groups, embs):
        for (sents, labs), e in zip(docs, e_list):
            xs.append(sequence.inputs(e, generic_features(sents), position_features(len(sents))))
            ys.append([LABELS.index(lab) if lab in LABELS else -1 for lab in labs])
            ws.append(np.array([next(flat) if lab in LABELS else 0.0 for lab in labs], np.float32))
    members = []
    first = int(config.get("first_seed", 0))
    for i in range(config["members"]):
        t0 = time.time()
        members.append(sequence.fit_member(xs, ys, ws, len(LABELS), first + i, config))
        if log:
            log(f"sequence member {i + 1}/{config['members']} (seed {first + i}) trained in {time.time() - t0:.0f}s")
    return members


def predictions(model: RoleModel, docs, embs=None, weight: float | None = None,
                log_probs: list | None = None, abstract: bool = True) -> tuple[list, list]:
    """``(gold, predicted)`` over the documents' facet sentences (gold None or ``other`` skipped:
    the macro-F1 is over the facets, and ``other`` is copyright lines and stray text).
    ``log_probs``: the classifier's outputs per document, when already computed. ``abstract``:
    the documents are abstracts (every labelled corpus; False for candidate summaries), which
    decides whether a cue model kept for abstracts is averaged in (:meth:`RoleModel.cue_applies`)."""
    if weight is not None:
        model.transition_weight = weight
    gold, pred = [], []
    for i, (sents, labs) in enumerate(docs):
        lp = None if log_probs is None else log_probs[i]
        out = model.predict(sents, None if embs is None else embs[i], log_probs=lp, abstract=abstract)
        for g, p in zip(labs, out):
            if g in FACETS:
                gold.append(g)
                pred.append(p)
    return gold, pred


def score(model: RoleModel, docs, embs=None, weight: float | None = None, three: bool = True,
          log_probs: list | None = None, abstract: bool = True) -> float:
    """Macro-F1 on ``docs``; ``three``: conclusion merged into result on both sides (corpora
    without a conclusion class), gold ``other`` skipped."""
    gold, pred = predictions(model, docs, embs, weight, log_probs, abstract)
    if three:
        gold = ["result" if g == "conclusion" else g for g in gold]
        pred = ["result" if p == "conclusion" else p for p in pred]
        return macro_f1(gold, pred, FACETS[:3])
    return macro_f1(gold, pred)


#: RAAMove's engineering abstracts as training corpora (the acceptance check's label scheme, by its
#: annotators; CC BY 4.0; read from ``$ST_RAAMOVE`` or the user cache: :func:`corpora.raamove_file`):
#: name → half (None: both). No dev split: the transition weight is chosen on the other corpora's
RAAMOVE_CORPORA = {"raamove": None, "raamove-mechanical": "mechanical", "raamove-communication": "communication"}
#: a RAAMove corpus's total weight, a real corpus weighing 1 (a half has ~800 sentences, CSAbstruct
#: 11,333): chosen training on the mechanical half, scoring the communication half (0.25 / 0.5 / 1 /
#: 2 / 4: 0.740 / 0.747 / 0.740 / 0.739 / 0.735 with the decoding rules; docs/st-facets.md, session 16)
RAAMOVE_WEIGHT = 0.5
#: the written corpus' third round's total weight (``written-fields``: chemistry, materials,
#: engineering, earth sciences, today's NLP), a real corpus weighing 1: the best of 0.25 / 0.5 / 1 on
#: the development sets of sentence roles (docs/st-facets.md, session 21; in no shipped model)
FIELDS_WEIGHT = 1.0
#: the corpora of a model of sentence roles reported for their own sake (st-facets on a text alone:
#: :attr:`RoleModel.roles_model`, :func:`train_roles_model`); FM's decomposition keeps the model of
#: ``--corpora``, which its rater was fitted on. The shipped one has FM's corpora and no position in
#: its linear models (:data:`ROLES_POS_SCALE`, session 22). With RAAMove added
#: (``csabstruct,written,raamove``) its sentence roles were no better on the RAAMove half held out
#: (mechanical 0.681 against 0.680, communication 0.747 against 0.756; docs/st-facets.md, session 16)
ROLES_CORPORA: tuple = ("csabstruct", "written")
#: the position features' scale in the linear models (the linear model and its cue model) of sentence
#: roles reported for their own sake: 0, they read no position (an abstract's second sentence is
#: background in nearly all training text; chemistry's and medicine's report findings there). The
#: BiGRU members keep theirs. Against the same recipe with position (docs/st-facets.md, session 22):
#: RAAMove mechanical 0.680 -> 0.681 and SE abstracts 0.738 -> 0.734 (held out), the ten development
#: columns' mean 0.691 -> 0.699 (ART 0.493 -> 0.512, NICTA-PIBOSO 0.751 -> 0.763, RAAMove
#: communication 0.753 -> 0.758); leaving one corpus out, the linear model 0.7206 -> 0.7240
ROLES_POS_SCALE = 0.0


def corpus_weight(name: str, written_weight: float = WRITTEN_WEIGHT, raamove_weight: float = RAAMOVE_WEIGHT,
                  fields_weight: float = FIELDS_WEIGHT) -> float:
    """A training corpus's total weight: ``written_weight`` for the written corpus, ``fields_weight``
    for its third round (``written-fields``), ``raamove_weight`` for RAAMove, 1 for the others."""
    if name == "written":
        return written_weight
    if name == "written-fields":
        return fields_weight
    return raamove_weight if name in RAAMOVE_CORPORA else 1.0


def training_docs(name: str, split: str = "train") -> list:
    """The documents of corpus ``name`` a model trains (``train``) or chooses its transition weight
    (``dev``) on: RAAMove's halves have no dev split (``[]``), the written corpus neither."""
    if name in RAAMOVE_CORPORA:
        return corpora.load_raamove(part=RAAMOVE_CORPORA[name]) if split == "train" else []
    if name in corpora.WRITTEN and split != "train":
        return []
    return corpora.load(name, split, weak=split == "train")


def licence_of(name: str) -> str:
    return "CC BY 4.0 (RAAMove, Li et al. 2024; fixtures/raamove/PROVENANCE.md)" if name in RAAMOVE_CORPORA \
        else corpora.LICENCES[name]


def shippable(names) -> bool:
    """Whether a model trained on ``names`` may ship under scholartools' licence (RAAMove's CC BY 4.0
    allows it with attribution, which roles.json and fixtures/raamove/PROVENANCE.md give)."""
    return set(names) <= set(corpora.SHIPPABLE) | set(RAAMOVE_CORPORA)


def train(names: list[str], config: dict | None = None, written_weight: float = WRITTEN_WEIGHT,
          embed_cache=None, log=print, raamove_weight: float = RAAMOVE_WEIGHT,
          fields_weight: float = FIELDS_WEIGHT) -> RoleModel:
    """The model on the train splits of ``names`` (corpora names), transition weight on their dev
    splits (the written corpus and RAAMove have none), with provenance in ``model.meta``."""
    config = dict(DEFAULT_CONFIG, **(config or {}))
    use_emb = bool(config.get("embedding") or config.get("sequence"))
    groups, embs, weights, dev, dev_embs = [], [], [], [], []
    for name in names:
        docs = training_docs(name, "train")
        groups.append(docs)
        embs.append(embed_docs(docs, embed_cache) if use_emb else [None] * len(docs))
        weights.append(corpus_weight(name, written_weight, raamove_weight, fields_weight))
        d = training_docs(name, "dev")
        if d:
            dev += d
            dev_embs += embed_docs(d, embed_cache) if use_emb else [None] * len(d)
        log(f"{name}: {len(docs)} texts, {sum(len(s) for s, _ in docs)} sentences")
    model = fit(groups, embs, config, weights, dev or None, dev_embs or None, log=log)
    n_texts = {n: len(g) for n, g in zip(names, groups)}
    n_sents = {n: sum(len(s) for s, _ in g) for n, g in zip(names, groups)}
    model.meta.update({
        "trained_on": "; ".join(
            (f"scholartools' written corpus data/facet-roles ({n_texts[n]} texts, {n_sents[n]} sentences, "
             f"weight {written_weight} x a real corpus)") if n == "written" else
            (f"its third round data/facet-roles/fields ({n_texts[n]} texts, {n_sents[n]} sentences, "
             f"weight {fields_weight} x a real corpus)") if n == "written-fields" else
            (f"{n}: RAAMove's engineering abstracts ({RAAMOVE_CORPORA[n] or 'both halves'}; {n_texts[n]} "
             f"abstracts, {n_sents[n]} sentences, weight {raamove_weight} x a real corpus)")
            if n in RAAMOVE_CORPORA else
            f"{n} train split ({n_texts[n]} abstracts, {n_sents[n]} sentences)" for n in names)
            + "; corpora weigh the same in total; label mappings and weak conclusion labels: "
              "scholartools.facets.corpora",
        "corpora": list(names),
        "licence": "; ".join(f"{n}: {licence_of(n)}" for n in names)
            + ("; model weights Apache-2.0" + (", with RAAMove's attribution (CC BY 4.0)"
                                                   if set(names) & set(RAAMOVE_CORPORA) else "") if shippable(names)
               else "; model for local research use only, not for redistribution"),
        "config": config, "seed": 0,
        **({"raamove_weight": raamove_weight} if set(names) & set(RAAMOVE_CORPORA) else {}),
        **({"fields_weight": fields_weight} if "written-fields" in names else {}),
        "embedding_model": "all-MiniLM-L6-v2" if use_emb else None,
    })
    return model


def attach_cue(model: RoleModel, names: list[str] | None = None, share: float = CUE_SHARE,
               written_weight: float = WRITTEN_WEIGHT, log=print, abstracts_only: bool = False,
               roles_share: float = ROLES_CUE_SHARE, raamove_weight: float | None = None,
               fields_weight: float | None = None, pos_scale: float | None = None) -> RoleModel:
    """``model`` with a cue model (:data:`CUE_CONFIG`, no embeddings) trained on the same corpora
    (``names``: default ``model.meta["corpora"]``) attached at ``share`` (0: only the fallback
    without MiniLM; ``abstracts_only``: averaged into abstracts, not summaries) for FM's
    decomposition and at ``roles_share`` for sentence roles reported for their own sake
    (:meth:`RoleModel.for_roles`); the model's own arrays are unchanged. The two share the n-gram
    vocabulary (same corpora, same rule: checked). ``pos_scale``: its position features' scale
    (default :data:`CUE_CONFIG`'s)."""
    names = list(names or model.meta["corpora"])
    raamove_weight = model.meta.get("raamove_weight", RAAMOVE_WEIGHT) if raamove_weight is None else raamove_weight
    fields_weight = model.meta.get("fields_weight", FIELDS_WEIGHT) if fields_weight is None else fields_weight
    config = CUE_CONFIG if pos_scale is None else dict(CUE_CONFIG, pos_scale=pos_scale)
    cue = train(names, config, written_weight, None, log=log, raamove_weight=raamove_weight,
                fields_weight=fields_weight)
    if cue.vocab != model.vocab:
        raise ValueError("the cue model's vocabulary differs from the model's: train both on the same corpora")
    cue.idf = model.idf   # the same values (a loaded model's are rounded to float16); stored once
    cue.meta["name"] = CUE_NAME
    model.cue = cue
    model.meta["cue_model"] = dict(cue.meta, share=share, abstracts_only=abstracts_only, roles_share=roles_share,
                                   roles_procedure_method=ROLES_PROCEDURE, roles_closing_conclusion=ROLES_CLOSING,
                                   roles_framed_purpose=ROLES_FRAMED, roles_setup_method=ROLES_SETUP)
    model.meta["name"] = MODEL_NAME + (f", averaged with a linear cue model ({share:g})" if share else "")
    return model


def train_roles_model(names: list[str], written_weight: float = WRITTEN_WEIGHT, raamove_weight: float = RAAMOVE_WEIGHT,
                      embed_cache=None, log=print, roles_share: float = ROLES_CUE_SHARE,
                      fields_weight: float = FIELDS_WEIGHT, pos_scale: float = ROLES_POS_SCALE) -> RoleModel:
    """The model of sentence roles reported for their own sake (:attr:`RoleModel.roles_model`): the
    shipped recipe on ``names`` (:data:`ROLES_CORPORA`; RAAMove's engineering abstracts, in the
    acceptance check's label scheme, may be added) with its linear models' position features at
    ``pos_scale`` (:data:`ROLES_POS_SCALE`), its cue model averaged in at ``roles_share`` and the
    decoding rules of sentence roles on."""
    model = train(names, {"pos_scale": pos_scale}, written_weight, embed_cache, log=log,
                  raamove_weight=raamove_weight, fields_weight=fields_weight)
    model = attach_cue(model, names, 0.0, written_weight, log=log, roles_share=roles_share,
                       raamove_weight=raamove_weight, fields_weight=fields_weight, pos_scale=pos_scale)
    model.meta["name"] = (MODEL_NAME + (ROLES_NAME if set(names) & set(RAAMOVE_CORPORA) else "")
                          + (FIELDS_NAME if "written-fields" in names else "")
                          + (POSITION_NAME if not pos_scale else ""))
    return model


@click.command(help=__doc__.split("\n\n")[0])
@click.option("--corpora", "corpora_", default="csabstruct,written", show_default=True,
              help="Comma-separated: csabstruct, coda19, nicta, written, written-fields (default: the shipped mix).")
@click.option("--written-weight", type=click.FloatRange(0), default=WRITTEN_WEIGHT, show_default=True,
              help="Total weight of the written corpus, a real corpus weighing 1.")
@click.option("--features", type=click.Choice(["first"]), default=None,
              help="'first' for the first model's recipe (TF-IDF of every n-gram + position).")
@click.option("--out", default=str(MODEL_DIR), show_default=True, type=click.Path(file_okay=False))
@click.option("--local", is_flag=True,
              help="Allow corpora without a licence to redistribute (a model for your own use).")
@click.option("--embed-cache", type=click.Path(file_okay=False), help="Directory keeping sentence vectors between runs.")
@click.option("--dry-run", is_flag=True, help="Train and report, do not save.")
@click.option("--cue-share", type=click.FloatRange(0, 1), default=CUE_SHARE, show_default=True,
              help="Share of the linear cue model (no embeddings) in the average; 0: kept only as the "
                   "fallback without MiniLM.")
@click.option("--cue-abstracts-only", is_flag=True,
              help="Average the cue model into abstracts (st-facets' reference side) only, not summaries.")
@click.option("--roles-cue-share", type=click.FloatRange(0, 1), default=ROLES_CUE_SHARE, show_default=True,
              help="Share of the linear cue model when the model labels sentence roles reported for their own "
                   "sake (st-facets on a text without a candidate), not the decomposition FM rates.")
@click.option("--roles-corpora", default=",".join(ROLES_CORPORA) or "none", show_default=True,
              help="Corpora of the model of sentence roles reported for their own sake, saved in OUT/"
                   "sentence-roles (FM's decomposition keeps the model of --corpora); 'raamove' (both "
                   "engineering halves; raamove-mechanical, raamove-communication: one) is read from "
                   "$ST_RAAMOVE or the user cache; 'none': no model of their own.")
@click.option("--raamove-weight", type=click.FloatRange(0), default=RAAMOVE_WEIGHT, show_default=True,
              help="Total weight of RAAMove in --roles-corpora, a real corpus weighing 1.")
@click.option("--fields-weight", type=click.FloatRange(0), default=FIELDS_WEIGHT, show_default=True,
              help="Total weight of the written corpus' third round (written-fields), a real corpus weighing 1.")
@click.option("--roles-pos-scale", type=click.FloatRange(0), default=ROLES_POS_SCALE, show_default=True,
              help="Scale of the position features in the sentence-roles model's linear models (0: none).")
@click.option("--roles-only", is_flag=True,
              help="Keep the model in --out and only (re)train its sentence-roles model.")
@click.option("--add-cue-to", type=click.Path(file_okay=False, exists=True),
              help="Only train the cue model and attach it to the model in this directory (its other "
                   "arrays unchanged), saving to --out.")
def main(corpora_, written_weight, features, out, local, embed_cache, dry_run, cue_share, cue_abstracts_only,
         roles_cue_share, roles_corpora, raamove_weight, fields_weight, roles_pos_scale, roles_only, add_cue_to):
    names = [n.strip() for n in corpora_.split(",") if n.strip()]
    roles_names = [n.strip() for n in roles_corpora.split(",") if n.strip() and n.strip() != "none"]
    if features == "first" or add_cue_to:
        roles_names = []
    for option, given, known in (("--corpora", names, set(corpora.REAL) | set(corpora.WRITTEN)),
                                 ("--roles-corpora", roles_names, set(corpora.REAL) | set(corpora.WRITTEN) | set(RAAMOVE_CORPORA))):
        if set(given) - known:
            raise click.BadParameter(f"unknown {sorted(set(given) - known)}", param_hint=option)
        if not dry_run and not local and not shippable(given):
            raise click.BadParameter(f"{sorted(set(given) - set(corpora.SHIPPABLE) - set(RAAMOVE_CORPORA))} carry "
                                     "no licence that allows redistributing a derived model; use --local for a "
                                     "model for your own use", param_hint=option)
    if set(roles_names) & set(RAAMOVE_CORPORA) and corpora.raamove_file() is None:
        raise click.UsageError(f"RAAMove's Engineering.json is not here: set ${corpora.RAAMOVE_ENV} "
                               "(fixtures/raamove/PROVENANCE.md), or --roles-corpora none")
    log = lambda m: click.echo(m, err=True)  # noqa: E731
    if roles_only:
        model = RoleModel.load(out)
        model.roles_model = train_roles_model(roles_names, written_weight, raamove_weight, embed_cache, log,
                                              roles_cue_share, fields_weight, roles_pos_scale) if roles_names else None
        if not dry_run:
            model.save(out)
            click.echo(f"saved to {out}", err=True)
        return
    if add_cue_to:
        model = attach_cue(RoleModel.load(add_cue_to), None, cue_share, written_weight, log=log,
                           abstracts_only=cue_abstracts_only, roles_share=roles_cue_share)
    else:
        config = FIRST_CONFIG if features == "first" else None
        model = train(names, config, written_weight, embed_cache, log=log, fields_weight=fields_weight)
        if features != "first":
            model = attach_cue(model, names, cue_share, written_weight, log=log, abstracts_only=cue_abstracts_only,
                               roles_share=roles_cue_share, fields_weight=fields_weight)
        if roles_names:
            model.roles_model = train_roles_model(roles_names, written_weight, raamove_weight, embed_cache, log,
                                                  roles_cue_share, fields_weight, roles_pos_scale)
    if not dry_run:
        model.save(out)
        click.echo(f"saved to {out}", err=True)


if __name__ == "__main__":
    main()
