"""Does the offline FM rater hold beyond what it was fitted on? ScholarSum PubMed, measured the
ways that do not reuse the fitted pairs: leave-one-document-out style (5-fold CV by document),
leave-one-system-out, and r within bins of length and of field-specific vocabulary.

    python benchmarks/facets_fm_transfer.py [--embed-cache /tmp/facets/pubmed_emb.npz] [--json]
                                            [--purpose-rule off,reference,both] [--abstract-weight 0.5,0]
                                            [--transition-weight 0.5,0] [--model NAME=DIR ...]

For the shipped rater (one weight per signal shared by the four facets) and the first rater's way
(one weight per facet and signal), on the references as given and with structured-abstract
headings stripped, it prints pooled Pearson r with ``human.overall``:

- in-sample, CV by document (5 folds over the 49 documents, mean of 3 fold seeds),
  leave-one-document-out (fitted on 48 documents, scored on the 49th, in turn) and
  leave-one-system-out (fitted on five summarisers, scored on the sixth, in turn);
- within three equal-size bins of candidate length, of reference length, and of the share of the
  reference's content words that never occur in CSAbstruct (a computer-science corpus): the
  pairs whose references speak most PubMed-only vocabulary against those that speak least. The
  stored ROUGE-L, BERTScore and FM(GPT-4) are binned the same way for comparison (a bin's r is
  lower than the pooled r for every metric: each bin has less spread).

The number of fitted parameters of each rater is printed beside it. Takes a few minutes (the
embedding of about 3,000 sentences, cached by ``--embed-cache``).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tools import calibrate  # noqa: E402
from scholartools.facets.rate import RATER_SIGNALS, STOP_WORDS, words  # noqa: E402
from scholartools.vocabulary import FACET_MAXIMA, FACETS  # noqa: E402
from scholartools.data import dataset_dir  # noqa: E402

PAIRS = dataset_dir("scholarsum") / "pairs.jsonl"


def csabstruct_words() -> set[str]:
    from scholartools.facets.corpora import load_csabstruct

    out: set[str] = set()
    for split in ("train", "dev", "test"):
        for sents, _ in load_csabstruct(split=split, weak=False):
            for s in sents:
                out.update(words(s))
    return out


def field_specific_share(text: str, general: set[str]) -> float:
    """Share of ``text``'s content words (stop words and numbers excluded) not in ``general``."""
    content = [w for w in words(calibrate.normalise_text(text)) if w not in STOP_WORDS and not w[0].isdigit()]
    return sum(w not in general for w in content) / len(content) if content else 0.0


def parameters(shared: bool) -> dict:
    n = len(RATER_SIGNALS)
    return {"weights fitted to the humans": n if shared else n * len(FACETS),
            "thresholds (quantile-matched to the human rating distribution)": sum(FACET_MAXIMA[f] - 1 for f in FACETS),
            "signal mean and sd pairs, per facet (moment estimates)": n * len(FACETS)}


def reference_purpose_signals(rows, embed, no_headings: bool, model) -> list[dict]:
    """:func:`tools.calibrate.pair_signals` as st-facets decomposes a pair: the reference decoded
    as an abstract (the purpose rule, the model's abstract transition weight), the candidate
    summary as the model decodes any text."""
    from scholartools.facets.decompose import decompose, facet_probabilities
    from scholartools.facets.rate import facet_signals

    refs: dict = {}
    out = []
    for r in rows:
        text = calibrate.strip_headings(r["reference"]) if no_headings else r["reference"]
        if text not in refs:
            refs[text] = decompose(text, model=model, embed=embed, abstract=True)
        cand = decompose(r["candidate"], model=model, embed=embed, purpose=False)
        out.append(facet_signals(refs[text], cand, facet_probabilities(cand, model=model, embed=embed), embed,
                                 calibrate.normalise_text(r["candidate"])))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embed-cache", help=".npz keeping sentence vectors between runs")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--purpose-rule", default=None,
                    help="comma-separated off / reference / previous / both: the role model's purpose rule "
                         "(roles.purpose_background) on no side, on the references only (as st-facets "
                         "applies it), the previous release's rule on the references (benchmarks/"
                         "facets_roles_before.py) or on both sides, in one run; default: as "
                         "tools.calibrate decomposes")
    ap.add_argument("--headings", default="given,stripped", help="given, stripped or both (comma-separated)")
    ap.add_argument("--shared-only", action="store_true", help="only the shipped rater's way (shared weights)")
    ap.add_argument("--abstract-weight", default=None,
                    help="comma-separated transition weights to decode the references (abstracts) at "
                         "with --purpose-rule reference, each a variant ('model': the shipped model's "
                         "abstract_transition_weight; the previous release decoded them at 0.5)")
    ap.add_argument("--model", action="append", default=[], metavar="NAME=DIR",
                    help="a role model to measure instead of the shipped one (repeatable: each is a variant "
                         "of its own, in one run; e.g. the previous release's and this one's). Each is also "
                         "scored with the rater shipped beside it (DIR/rater.json, else the shipped "
                         "rater), not refitted: on the references as given with --purpose-rule reference, "
                         "that is the pipeline's figure")
    ap.add_argument("--transition-weight", default=None,
                    help="comma-separated role-model transition weights to decode at (both sides, labels "
                         "and the posteriors the rater reads), each a variant of its own; default: the model's")
    a = ap.parse_args(argv)
    rows = calibrate.load_pubmed(PAIRS)
    embed = calibrate.cached_encoder(a.embed_cache)
    general = csabstruct_words()
    keys = {"field-specific vocabulary of the reference": [field_specific_share(r["reference"], general) for r in rows]}
    overall = [r["human"]["overall"] for r in rows]
    stored = {"ROUGE-L (stored)": [r["rougeL"] for r in rows], "BERTScore (stored)": [r["bertscore"] for r in rows],
              "FM GPT-4 (stored)": [r["fm_gpt4"]["overall"] for r in rows]}
    cand_len = [len(calibrate.words_of(r["candidate"])) for r in rows]
    ref_len = [len(calibrate.words_of(r["reference"])) for r in rows]
    report = {"stored metrics within the same bins": {
        name: {"pooled": round(calibrate.pearson(v, overall), 4),
               "candidate length": calibrate.within_bins(v, overall, cand_len),
               "reference length": calibrate.within_bins(v, overall, ref_len),
               **{k: calibrate.within_bins(v, overall, key) for k, key in keys.items()}}
        for name, v in stored.items()}}
    from scholartools.facets.roles import MODEL_DIR, RoleModel

    variants = [None] if a.purpose_rule is None else a.purpose_rule.split(",")
    weights = [None] if a.transition_weight is None else [float(w) for w in a.transition_weight.split(",")]
    abstract = [None] if a.abstract_weight is None else [None if w == "model" else float(w)
                                                          for w in a.abstract_weight.split(",")]
    models = [spec.partition("=")[::2] for spec in a.model] or [("", str(MODEL_DIR))]
    for (model_name, model_dir), rule, weight, aw in [(m, r, w, x) for m in models for r in variants
                                                      for w in weights for x in abstract]:
        model = RoleModel.load(model_dir)
        model.meta["purpose_background"] = rule == "both"
        if weight is not None:   # both sides: the abstracts too
            model.transition_weight = weight
            model.meta["abstract_transition_weight"] = weight
        if aw is not None:
            model.meta["abstract_transition_weight"] = aw
        tag = ((f", role model: {model_name}" if model_name else "")
               + ("" if rule is None else f", purpose rule: {rule}")
               + ("" if weight is None else f", transition weight {weight:g}")
               + ("" if aw is None else f", references decoded at weight {aw:g}"))
        for no_headings in [h == "stripped" for h in a.headings.split(",")]:
            if rule == "reference":
                signals = reference_purpose_signals(rows, embed, no_headings, model)
            elif rule == "previous":
                from facets_roles_before import previous_rule

                with previous_rule():
                    signals = reference_purpose_signals(rows, embed, no_headings, model)
            else:
                signals = calibrate.pair_signals(rows, embed, no_headings=no_headings, model=model)
            for shared in (True,) if a.shared_only else (True, False):
                res = calibrate.evaluate(rows, signals, bin_keys=keys, shared=shared)
                name = (f"{'shared weights (shipped)' if shared else 'per-facet weights (first rater)'}, "
                        f"references {'headings stripped' if no_headings else 'as given'}{tag}")
                report[name] = dict(res, parameters=parameters(shared))
                if a.model and shared:
                    rater_file = Path(model_dir) / "rater.json"
                    rater = json.loads((rater_file if rater_file.exists() else MODEL_DIR / "rater.json").read_text())
                    pairs = [(p, h) for p, h in zip(calibrate.predict(signals, rater), overall) if p is not None]
                    report[name]["shipped_rater"] = round(calibrate.pearson(*zip(*pairs)), 4)
    if a.json:
        print(json.dumps(report, indent=1))
        return
    for name, res in report.items():
        if name.startswith("stored"):
            continue
        print(f"{name}\n  in-sample {res['in_sample']:.3f}   CV by document {res['cv_mean']:.3f} {res['cv']}   "
              f"leave-one-document-out {res['by_document']:.3f}   leave-one-system-out {res['by_system']:.3f}"
              + (f"   rater shipped beside the model, not refitted {res['shipped_rater']:.3f}"
                 if "shipped_rater" in res else ""))
        print("  parameters: " + ", ".join(f"{v} {k}" for k, v in res["parameters"].items()))
        bins = dict(res["by_length"], **res.get("by_key", {}))
        for k, b in bins.items():
            print(f"  r within bins of {k:45s} " + "  ".join(f"[{x['from']:.3g}–{x['to']:.3g}] {x['r']:.3f}" for x in b))
    print("stored metrics, the same bins:")
    for name, res in report["stored metrics within the same bins"].items():
        print(f"  {name:20s} pooled {res['pooled']:.3f}  " + " | ".join(
            f"{k}: " + " ".join(f"{x['r']:.2f}" for x in b) for k, b in res.items() if k != "pooled"))


if __name__ == "__main__":
    main()
