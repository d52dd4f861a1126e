"""The stacked scorer of ``st-claims --task extract`` (its default since session 23; issue 37)
beside the semantic scorer it replaced, on every claim-annotated set, and under leave-one-paper-out
on the papers it is fitted on (docs/st-claims.md, "Session 23" … "Session 28").

    python benchmarks/claims_stacked.py [--json out.json] [--caps 120,250] [--before WEIGHTS.json [--before-cap N]]

* **Fitted on** (rounds i, j's dev half, k, and the dev halves of l … u, ``dev7`` … ``dev19``,
  seventy-six papers): each paper scored by a regression refitted without it
  (``tools.claims_stacked_weights.fit_rows`` on the other seventy-five), at 0.40 … 0.55 (0.45
  shipped), with the word block (as shipped) and without it (the regression of sessions 23-24) —
  the figure that says what fitting on these labels is worth on a paper it did not see.
* **Rounds k … u as scored blind** (``tools.claims_stacked_weights.BLIND_ROUNDS``): each round's
  papers by the regression of the rounds before it, as each was scored once before joining the fit
  (round k by the fit on ``dev7`` + ``dev8``; … round r by the one on ``dev7`` … ``dev15``; rounds s
  and t by session 27's release, ``dev7`` … ``dev16``; round u by session 28's, ``dev7`` … ``dev18``).
* **Never fitted on**: the test halves of rounds j and l … u (``test4`` … ``test14``; round j's
  scored once blind with the semantic scorer before its split was drawn), the unseen
  eight (test, test2, test3), the dev PDFs dev … dev6 (their labels only chose the threshold) and
  the ReviewCritique test papers (evaluation only, their licence) — with the shipped weights, and
  with ``--before``'s (a previous release's weights file, at its threshold and ``--before-cap``,
  default none: 120 up to session 23's release).

F1_edit (CLAIMCHECK's, micro over papers) with P and R. Needs ``ST_DATA`` (the PDFs of
``shared/external/pdfs`` and ReviewCritique) for the last three sets, scikit-learn and the bundled
MiniLM.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

THRESHOLDS = (0.40, 0.45, 0.50, 0.55)


def prf(pairs) -> dict:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    got = micro_prf([span_counts(p, g) for p, g in pairs])
    return {k: round(v, 3) for k, v in got.items()} | {"predicted": sum(len(p) for p, _ in pairs)}


def kept(cands: list, th: float, cap: int | None = -1) -> list[str]:
    """The texts st-claims keeps at ``th``: at most ``cap`` (default ``--max-claims``'s; None: no
    cap), the best scored."""
    from scholartools.claims.extract import DEFAULT_MAX_CLAIMS, kept_claims

    return [c["text"] for c in kept_claims(cands, DEFAULT_MAX_CLAIMS if cap == -1 else cap, th)]


def scored(recs: list[dict], weights: dict | None = None) -> list[list]:
    """Every candidate of each record with its probability in ``score`` (all encoded), under
    ``weights`` (default: the shipped ones)."""
    from scholartools.claims import stacked

    return stacked.stacked_sentences_many(recs, 0.0, weights)


def main():
    from claims_semantic_real import print_table, rc_test

    from scholartools.claims import semantic, stacked
    from tools.claims_evaluate import PDF_PAPERS
    from tools.claims_stacked_weights import BLIND_ROUNDS, TRAIN_PARTS, fit_rows, paper_gold, paper_rows, papers

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", type=Path)
    ap.add_argument("--before", type=Path, help="a previous release's claims_stacked_weights.json: one "
                    "more column on the sets never fitted on, at its threshold and --before-cap")
    ap.add_argument("--before-cap", type=int, default=0, help="the --max-claims of --before's release (0: none, "
                    "the default since session 24; 120 before)")
    ap.add_argument("--caps", default="", help="also score the shipped threshold under these "
                    "--max-claims values, comma-separated (0: no cap), e.g. 80,160,0")
    args = ap.parse_args()
    caps = [int(c) or None for c in args.caps.split(",") if c.strip()]
    th0 = stacked.STACKED_THRESHOLD
    rows: dict[str, dict] = {}

    before = json.loads(args.before.read_text(encoding="utf-8")) if args.before else None

    def before_pairs(recs, golds):
        """``--before``'s claims of ``recs`` beside ``golds`` (at its threshold and cap), or None."""
        if not before:
            return None
        return [(kept(cs, before["threshold"], args.before_cap or None), g)
                for cs, g in zip(scored(recs, before), golds)]

    def report(name, stacked_pairs_by_th, semantic_pairs, capped=None, previous=None):
        row = {f"stacked {th:g}": prf(p) for th, p in stacked_pairs_by_th.items()}
        row |= {f"cap {cap or 'none'}": prf(p) for cap, p in (capped or {}).items()}
        if previous is not None:
            row[f"before, cap {args.before_cap or 'none'}"] = prf(previous)
        row["semantic 1.1"] = prf(semantic_pairs)
        rows[name] = row
        print(name, json.dumps(row), file=sys.stderr)

    train = papers(TRAIN_PARTS)
    gold = {pid: paper_gold(pid, rec) for pid, rec in train}
    rows_of = {pid: paper_rows(pid, rec) for pid, rec in train}
    held, held_plain = {}, {}
    for pid, rec in train:
        w = fit_rows({q: xy for q, xy in rows_of.items() if q != pid}) | {"threshold": th0}
        held[pid] = scored([rec], w)[0]
        w = fit_rows({q: xy for q, xy in rows_of.items() if q != pid}, words=False) | {"threshold": th0}
        held_plain[pid] = scored([rec], w)[0]

    def fitted_on(parts, words=False):
        """The regression fitted on ``parts`` as a round was scored blind (``words``: with the word
        block of session 25; without it, sessions 23-24's)."""
        return fit_rows({q: xy for q, xy in rows_of.items() if PDF_PAPERS[q][1] in parts}, words=words)

    sem = dict(zip([pid for pid, _ in train],
                   semantic.extract_claims_semantic_many([rec for _, rec in train])))
    for part in TRAIN_PARTS:
        ids = [pid for pid, _ in train if PDF_PAPERS[pid][1] == part]
        report(f"{part} (leave one paper out)", {th: [(kept(held[p], th), gold[p]) for p in ids] for th in THRESHOLDS},
               [([c["text"] for c in sem[p]], gold[p]) for p in ids],
               {cap: [(kept(held[p], th0, cap), gold[p]) for p in ids] for cap in caps})
    everyone = [pid for pid, _ in train]
    report("dev7 ... dev19 pooled (leave one paper out)",
           {th: [(kept(held[p], th), gold[p]) for p in everyone] for th in THRESHOLDS},
           [([c["text"] for c in sem[p]], gold[p]) for p in everyone])
    report("dev7 ... dev19 pooled (leave one paper out), no word block",
           {th: [(kept(held_plain[p], th), gold[p]) for p in everyone] for th in THRESHOLDS},
           [([c["text"] for c in sem[p]], gold[p]) for p in everyone])

    # each round as it was scored once blind, before it joined the fit (BLIND_ROUNDS)
    for key, (parts, n_fitted, words, _threshold, _cap) in BLIND_ROUNDS.items():
        fit_parts = TRAIN_PARTS[:n_fitted]
        name = (f"{' + '.join(parts)} (round {key}) as scored blind, fitted on "
                + (" + ".join(fit_parts) if n_fitted <= 2 else f"{fit_parts[0]} ... {fit_parts[-1]}")
                + (" with the word block" if words else ""))
        recs = papers(parts)
        fit = fitted_on(fit_parts, words)
        blind = {pid: scored([rec], fit)[0] for pid, rec in recs}
        gold |= {pid: paper_gold(pid, rec) for pid, rec in recs}
        sem_r = dict(zip(blind, semantic.extract_claims_semantic_many([rec for _, rec in recs])))
        report(name, {th: [(kept(blind[p], th), gold[p]) for p in blind] for th in THRESHOLDS},
               [([c["text"] for c in sem_r[p]], gold[p]) for p in blind],
               {cap: [(kept(blind[p], th0, cap), gold[p]) for p in blind] for cap in caps})
    sets = {"test4 (round j, never read)": ("test4",), "test5 (round l, never read)": ("test5",),
            "test6 (round m, never read)": ("test6",), "test7 (round n, never read)": ("test7",),
            "test8 (round o, never read)": ("test8",), "test9 (round p, never read)": ("test9",),
            "test10 (round q, never read)": ("test10",), "test11 (round r, never read)": ("test11",),
            "test12 (round s, never read)": ("test12",), "test13 (round t, never read)": ("test13",),
            "test14 (round u, never read)": ("test14",),
            "unseen eight (test, test2, test3)": ("test", "test2", "test3"),
            "unseen, pooled (test ... test14, sixty papers)": ("test", "test2", "test3", "test4", "test5", "test6",
                                                               "test7", "test8", "test9", "test10", "test11",
                                                               "test12", "test13", "test14"),
            "unseen, pooled (test ... test13, session 28's fifty-seven papers)": ("test", "test2", "test3", "test4",
                                                                                  "test5", "test6", "test7", "test8",
                                                                                  "test9", "test10", "test11",
                                                                                  "test12", "test13"),
            "unseen, pooled (test ... test11, session 27's fifty-two papers)": ("test", "test2", "test3", "test4",
                                                                                "test5", "test6", "test7", "test8",
                                                                                "test9", "test10", "test11"),
            "dev ... dev6": ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")}
    for name, parts in sets.items():
        recs = papers(parts)
        g = [paper_gold(pid, rec) for pid, rec in recs]
        cands = scored([rec for _, rec in recs])
        s = semantic.extract_claims_semantic_many([rec for _, rec in recs])
        prev = before_pairs([rec for _, rec in recs], g)
        report(name, {th: [(kept(cs, th), gg) for cs, gg in zip(cands, g)] for th in THRESHOLDS},
               [([c["text"] for c in ss], gg) for ss, gg in zip(s, g)],
               {cap: [(kept(cs, th0, cap), gg) for cs, gg in zip(cands, g)] for cap in caps}, prev)
    rc = rc_test()
    cands = scored([r for r, _ in rc])
    s = semantic.extract_claims_semantic_many([r for r, _ in rc])
    prev = before_pairs([r for r, _ in rc], [g for _, g in rc])
    report("ReviewCritique test", {th: [(kept(cs, th), g) for cs, (_, g) in zip(cands, rc)] for th in THRESHOLDS},
           [([c["text"] for c in ss], g) for ss, (_, g) in zip(s, rc)],
           {cap: [(kept(cs, th0, cap), g) for cs, (_, g) in zip(cands, rc)] for cap in caps}, prev)

    print_table("set", rows, args.json)


if __name__ == "__main__":
    main()
