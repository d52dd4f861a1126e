"""Calibrate the offline facet rater on ScholarSum **PubMed** human ratings, and measure it honestly.

    python -m tools.calibrate [--pairs PATH] [--out model/rater.json] [--keep-headings]
    python -m tools.calibrate --cv [--embed-cache /tmp/emb.npz]

Uses the PubMed rows only, without the duplicate document (``duplicate_of``). The reference and the
candidate are decomposed by the shipped role model and their signals computed by
:func:`rate.facet_signals`. For each facet, every signal's mean and standard deviation are taken
over the pairs where the facet is rated (reference facet found by us and by the humans); one
weight per signal is shared by the four facets (max(0, Pearson r of the standardised signal with
the standardised human ratings, pooled over the facets): 6 parameters fitted to the humans); and
the thresholds on the weighted mean standardised signal are set by quantile matching against the
human ratings of those pairs. The shipped rater is fitted on references whose structured-abstract
headings were stripped (10 of the 49 PubMed references have them; arXiv abstracts and most others do not), so
that it does not lean on headings; ``--keep-headings`` fits on the references as given. Writes
``model/rater.json``.

``--cv`` instead reports pooled Pearson r of the FM score with ``human.overall``: in-sample (fit
and predict on all pairs) and cross-validated by document (k folds over the 49 documents: fit on
k−1, predict the held-out documents, pool the predictions, then Pearson; averaged over seeds),
and leave-one-system-out (fit on five summarisers, predict the sixth, in turn; pooled).
It does so twice: on the references as given, and with their structured-abstract headings
("background .", "methods .", …) stripped, as in unstructured (arXiv-like) abstracts. Deterministic; the time is the
embedding of about 3,000 sentences (``--embed-cache`` keeps the vectors between runs).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import numpy as np

from scholartools.data.catalog import data_file
from scholartools.facets.decompose import decompose, facet_probabilities, normalise_text
from scholartools.facets.rate import (RATER_FILE, RATER_SIGNALS, SCALE_MAX, combine, facet_signals,
                                      quantile_thresholds, ratings_from_signals)
from scholartools.facets.roles import heading
from scholartools.vocabulary import FACETS
from scholartools.text.sentences import split_sentences


def load_pubmed(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("dataset") == "pubmed" and not r.get("duplicate_of")]


def strip_headings(text: str) -> str:
    """``text`` without structured-abstract headings ("background .", "METHODS:" …), the sentences
    joined again: an unstructured abstract, as in arXiv.

    >>> strip_headings("background . x is hard . methods . we did y .")
    'x is hard . we did y .'
    """
    out = []
    for s in split_sentences(text):
        facet, rest = heading(s)
        if facet is None:
            out.append(s)
        elif rest:
            out.append(rest)
    return " ".join(out)


def cached_encoder(path: str | None):
    """An ``embed(texts)`` function over :func:`scholartools.embeddings.encode` that encodes each
    distinct text once per process and, with ``path`` (.npz), keeps the vectors between runs."""
    store: dict = {}
    if path and Path(path).exists():
        z = np.load(path, allow_pickle=False)
        store = dict(zip(z["texts"].tolist(), z["vectors"]))

    def embed(texts):
        missing = sorted({t for t in texts if t not in store})
        if missing:
            from scholartools.embeddings import encode

            store.update(zip(missing, encode(missing)))
            if path:
                keys = sorted(store)
                np.savez(path, texts=np.array(keys), vectors=np.array([store[k] for k in keys]))
        return np.array([store[t] for t in texts]) if texts else np.zeros((0, 1))

    embed.prefetch = lambda texts: embed(sorted(set(texts)))
    return embed


def pair_signals(rows: list[dict], embed, no_headings: bool = False, model=None) -> list[dict]:
    """Facet signals of every (reference, candidate) row, as the offline st-facets computes them
    (``model``: a role model other than the shipped one)."""
    work = []
    refs: dict = {}
    texts = [strip_headings(r["reference"]) if no_headings else r["reference"] for r in rows]
    if hasattr(embed, "prefetch"):
        from scholartools.facets.decompose import split_text

        embed.prefetch([s for t in set(texts) | {r["candidate"] for r in rows} for s in split_text(t)])
    for r, ref_text in zip(rows, texts):
        if ref_text not in refs:
            refs[ref_text] = decompose(ref_text, model=model, embed=embed)
        cand = decompose(r["candidate"], model=model, embed=embed)
        work.append((refs[ref_text], cand, normalise_text(r["candidate"])))
    return [facet_signals(ref, cand, facet_probabilities(cand, model=model, embed=embed), embed, text)
            for ref, cand, text in work]


def fit(signals: list[dict], human: list[dict], shared: bool = True, use=RATER_SIGNALS) -> dict:
    """Rater parameters from per-pair signals and the human facet ratings (``human.facets``).

    Per facet, over the pairs where the reference has the facet (by us and by the humans): each
    signal's mean and sd (moment estimates, which put the signals on one scale; the mean is
    absorbed by the thresholds), and 2–3 thresholds quantile-matched to the humans' rating
    distribution of the facet. The signal weights are the only parameters fitted to agree with
    the humans: with ``shared`` one weight per signal for all facets, max(0, Pearson r of the
    standardised signal with the standardised human rating, pooled over the four facets); else
    one per facet and signal (the first rater's way). ``use``: the signals the rater combines
    (:data:`~scholartools.facets.rate.RATER_SIGNALS` by default)."""
    use = list(use)
    std: dict = {}
    weights: dict = {}
    thresholds: dict = {}
    counts: dict = {}
    rated: dict = {}
    for f in FACETS:
        idx = [i for i, s in enumerate(signals) if s[f] is not None and human[i][f] > 0]
        counts[f] = len(idx)
        rated[f] = idx
        std[f] = {}
        for k in use:
            v = np.array([signals[i][f][k] for i in idx], dtype=float)
            std[f][k] = [round(float(v.mean()), 6), round(float(v.std()) or 1.0, 6)] if idx else [0.0, 1.0]

    def r_of(xs, ys) -> float:
        xs, ys = np.asarray(xs, float), np.asarray(ys, float)
        return float(np.corrcoef(xs, ys)[0, 1]) if len(xs) > 1 and xs.std() > 0 and ys.std() > 0 else 0.0

    def z_human(f):
        h = np.array([human[i][f] for i in rated[f]], dtype=float)
        return (h - h.mean()) / (h.std() or 1.0)

    if shared:
        pooled = {}
        ys = np.concatenate([z_human(f) for f in FACETS if rated[f]] or [np.zeros(0)])
        for k in use:
            xs = [(signals[i][f][k] - std[f][k][0]) / std[f][k][1] for f in FACETS for i in rated[f]]
            pooled[k] = round(max(0.0, r_of(xs, ys)), 6)
        weights = {f: dict(pooled) for f in FACETS}
    else:
        for f in FACETS:
            h = [human[i][f] for i in rated[f]]
            weights[f] = {k: round(max(0.0, r_of([signals[i][f][k] for i in rated[f]], h)), 6) for k in use}
    for f in FACETS:
        if not rated[f]:  # nothing to calibrate on: neutral thresholds
            thresholds[f] = [0.0] * (SCALE_MAX[f] - 1)
            continue
        rater = {"signals": use, "standardise": {f: std[f]}, "weights": {f: weights[f]}}
        scores = [combine(f, signals[i][f], rater) for i in rated[f]]
        thresholds[f] = quantile_thresholds(scores, [human[i][f] for i in rated[f]], SCALE_MAX[f])
    return {"signals": use, "standardise": std, "weights": weights, "thresholds": thresholds,
            "shared_weights": shared, "pairs_per_facet": counts}


def predict(signals: list[dict], rater: dict) -> list[float | None]:
    """FM scores (st-score's default definition) from the signals and a rater."""
    from scholartools.metrics.fm import fm_score

    return [fm_score(ratings_from_signals(s, rater)[0]) for s in signals]


def pearson(x, y) -> float:
    return float(np.corrcoef(np.asarray(x, float), np.asarray(y, float))[0, 1])


def evaluate(rows: list[dict], signals: list[dict], folds: int = 5, seeds=(0, 1, 2), bins: int = 3,
             bin_keys: dict | None = None, **fit_options) -> dict:
    """In-sample, document-level cross-validated and leave-one-system-out pooled Pearson r with
    ``human.overall``.

    ``cv``: k folds over the documents, one figure per seed (``cv_mean`` their mean).
    ``by_document``: leave-one-document-out (fitted on 48 documents, scored on the 49th, in turn,
    pooled). ``by_system``: the rater fitted on all systems but one and scored on that one, in
    turn, the predictions pooled (how it fares on a summariser it never saw, as the arXiv half's are).
    ``by_length``: r of the cross-validated predictions (first seed) within ``bins`` equal-size
    bins of candidate length and of reference length (words): a rater that only tracked length,
    or that held only for PubMed-like lengths, would fall inside the bins. ``bin_keys``
    (name → one number per row) adds more such checks under ``by_key``.
    An undefined FM (no facet found in the reference) is predicted as the training mean.
    ``fit_options`` go to :func:`fit`."""
    overall = np.array([r["human"]["overall"] for r in rows])
    p_in = _held_out(rows, signals, [set()], key="doc_id", in_sample=True, **fit_options)
    result = {"in_sample": round(pearson(p_in, overall), 4), "cv": [], "folds": folds}
    docs = sorted({r["doc_id"] for r in rows})
    first = None
    for seed in seeds:
        order = list(np.random.RandomState(seed).permutation(docs))
        pred = _held_out(rows, signals, [set(order[k::folds]) for k in range(folds)], key="doc_id",
                         **fit_options)
        first = pred if first is None else first
        result["cv"].append(round(pearson(pred, overall), 4))
    result["cv_mean"] = round(float(np.mean(result["cv"])), 4)
    pred = _held_out(rows, signals, [{d} for d in docs], key="doc_id", **fit_options)
    result["by_document"] = round(pearson(pred, overall), 4)
    systems = sorted({r["system"] for r in rows})
    if len(systems) > 1:
        pred = _held_out(rows, signals, [{s} for s in systems], key="system", **fit_options)
        result["by_system"] = round(pearson(pred, overall), 4)
    if bins and first is not None:
        result["by_length"] = {side: within_bins(first, overall, [len(words_of(r[side])) for r in rows], bins)
                               for side in ("candidate", "reference") if all(side in r for r in rows)}
        if bin_keys:
            result["by_key"] = {name: within_bins(first, overall, key, bins) for name, key in bin_keys.items()}
    return result


def words_of(text) -> list[str]:
    from scholartools.facets.rate import words

    return words(normalise_text(text or ""))


def within_bins(pred, human, key, bins: int = 3) -> list[dict]:
    """Pearson r of ``pred`` with ``human`` within ``bins`` equal-size bins of ``key`` (sorted):
    ``[{"from", "to", "n", "r"}]``, the bins' key ranges inclusive."""
    order = np.argsort(np.asarray(key, float), kind="stable")
    out = []
    for part in np.array_split(order, bins):
        ks = [key[i] for i in part]
        out.append({"from": min(ks), "to": max(ks), "n": len(part),
                    "r": round(pearson([pred[i] for i in part], [human[i] for i in part]), 4)})
    return out


def _held_out(rows, signals, groups, key: str, in_sample: bool = False, **fit_options) -> np.ndarray:
    """FM predictions where each row in a held-out group (a set of ``row[key]`` values) is scored by
    a rater fitted on the rows outside the group (``in_sample``: fitted on all rows)."""
    human = [r["human"]["facets"] for r in rows]
    pred = np.zeros(len(rows))
    for held in groups:
        tr = [i for i, r in enumerate(rows) if in_sample or r[key] not in held]
        te = [i for i, r in enumerate(rows) if in_sample or r[key] in held]
        rater = fit([signals[i] for i in tr], [human[i] for i in tr], **fit_options)
        p_tr = [p for p in predict([signals[i] for i in tr], rater) if p is not None]
        mean = float(np.mean(p_tr))
        for i, p in zip(te, predict([signals[i] for i in te], rater)):
            pred[i] = mean if p is None else p
    return pred


@click.command(help=__doc__.split("\n\n")[0])
@click.option("--pairs", type=click.Path(exists=True, dir_okay=False),
              help="ScholarSum pairs.jsonl (default: the data registry's scholarsum dataset).")
@click.option("--out", default=str(RATER_FILE), show_default=True, type=click.Path(dir_okay=False))
@click.option("--cv", is_flag=True,
              help="Report in-sample and cross-validated r, with and without headings; write nothing.")
@click.option("--keep-headings", is_flag=True,
              help="Fit on the references as they are (default: headings stripped, as in unstructured abstracts).")
@click.option("--folds", type=click.IntRange(2), default=5, show_default=True)
@click.option("--embed-cache", type=click.Path(dir_okay=False), help=".npz file keeping sentence vectors between runs.")
def main(pairs, out, cv, keep_headings, folds, embed_cache):
    rows = load_pubmed(Path(pairs) if pairs else data_file("scholarsum", "pairs.jsonl"))
    embed = cached_encoder(embed_cache)
    if cv:
        for no_headings in (False, True):
            res = evaluate(rows, pair_signals(rows, embed, no_headings=no_headings), folds=folds)
            print(json.dumps(dict(res, references="headings stripped" if no_headings else "as given")))
        return
    signals = pair_signals(rows, embed, no_headings=not keep_headings)
    result = fit(signals, [r["human"]["facets"] for r in rows])
    result.update({
        "calibrated_on": "ScholarSum PubMed human facet ratings (49 documents x 6 systems, duplicate "
                         "document excluded), references "
                         + ("as given" if keep_headings else "with structured-abstract headings stripped")
                         + "; per facet: signal mean/sd and quantile-matched thresholds; one weight per signal "
                           "shared by the four facets = max(0, Pearson r of the standardised signal with the "
                           "standardised human ratings, pooled over the facets)",
        "score": "weighted mean of standardised signals (see scholartools.facets.rate); MiniLM cosine",
    })
    Path(out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result["thresholds"]), file=sys.stderr)


if __name__ == "__main__":
    main()
