"""Text-overlap metrics against published numbers, hand-computed cases and scikit-learn."""

import math

import pytest

from conftest import scholarsum_pubmed_pairs as pubmed_pairs
from scholartools.metrics import overlap




def test_scholarsum_pubmed_rouge_reproduced_exactly():
    # PROVENANCE quirk 6: rouge-score, F-measure, no stemmer, raw texts, score(reference, candidate)
    rows = pubmed_pairs()
    assert len(rows) == 294
    worst = 0.0
    for r in rows:
        got = overlap.rouge(r["reference"], r["candidate"], ("rouge1", "rouge2", "rougeL"), use_stemmer=False)
        for name in ("rouge1", "rouge2", "rougeL"):
            worst = max(worst, abs(got[name]["f"] - r[name]))
    assert worst < 1e-9


def test_rouge_hand_computed():
    # ref "the cat sat on the mat" (6 tokens), cand "the cat on the mat" (5): unigram overlap 5
    got = overlap.rouge("the cat sat on the mat", "the cat on the mat", ("rouge1", "rouge2", "rougeL"))
    assert got["rouge1"]["p"] == pytest.approx(5 / 5)
    assert got["rouge1"]["r"] == pytest.approx(5 / 6)
    # bigrams: ref {the cat, cat sat, sat on, on the, the mat}, cand {the cat, cat on, on the, the mat}: 3 shared
    assert got["rouge2"]["p"] == pytest.approx(3 / 4)
    assert got["rouge2"]["r"] == pytest.approx(3 / 5)
    # LCS = 5 ("the cat on the mat")
    assert got["rougeL"]["f"] == pytest.approx(2 * 1 * (5 / 6) / (1 + 5 / 6))


def test_rouge_stemmer_switch_and_empty():
    plain = overlap.rouge("cats running", "cat runs", ("rouge1",), use_stemmer=False)["rouge1"]["f"]
    stemmed = overlap.rouge("cats running", "cat runs", ("rouge1",), use_stemmer=True)["rouge1"]["f"]
    assert plain == 0.0 and stemmed == 1.0
    assert overlap.rouge("", "something", ("rougeL",))["rougeL"] == {"p": 0.0, "r": 0.0, "f": 0.0}


def test_bleu_identical_and_disjoint_and_empty():
    s = "the quick brown fox jumps over the lazy dog"
    assert overlap.bleu(s, s) == pytest.approx(1.0)
    assert overlap.bleu(s, "completely unrelated words here") < 0.05
    assert overlap.bleu(s, "") == 0.0
    assert overlap.bleu_nltk(s, s) == pytest.approx(1.0)


def test_bleu_nltk_unsmoothed_hand_case():
    # 6-token candidate equal to the first 6 of a 7-token reference: all n-gram precisions 1,
    # brevity penalty exp(1 - 7/6)
    ref = "a b c d e f g"
    cand = "a b c d e f"
    assert overlap.bleu_nltk(ref, cand) == pytest.approx(math.exp(1 - 7 / 6))
    # no shared 4-gram, no smoothing -> 0 (BAGELS code behaviour)
    assert overlap.bleu_nltk("a b c d", "a b x d") == pytest.approx(0.0, abs=1e-12)


def test_jaccard_bagels_definition():
    # whitespace tokens, case- and punctuation-sensitive
    assert overlap.jaccard("The cat sat.", "the cat sat") == pytest.approx(1 / 5)
    assert overlap.jaccard("a b c", "b c d") == pytest.approx(2 / 4)
    assert overlap.jaccard("", "") == 0.0
    assert overlap.jaccard("x", "x") == 1.0


def test_bow_cosine_matches_scikit_learn():
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.metrics.pairwise import cosine_similarity

    pairs = [("The model is only tested on English data.", "Only English data was used to test the model!"),
             ("Small sample size limits generality", "the sample is small, so results may not generalise"),
             ("ab cd", "cd ef ef")]
    for a, b in pairs:
        x = CountVectorizer().fit_transform([a, b])
        expected = cosine_similarity(x[0], x[1])[0, 0]
        assert overlap.bow_cosine(a, b) == pytest.approx(expected)
    assert overlap.bow_cosine("", "text here") == 0.0


def test_fast_lcs_equals_rouge_score_table():
    import random

    from rouge_score import rouge_scorer

    rng = random.Random(7)
    for _ in range(300):
        a = [rng.choice("abcde") for _ in range(rng.randint(0, 40))]
        b = [rng.choice("abcdef") for _ in range(rng.randint(0, 70))]
        expected = rouge_scorer._lcs_table(a, b)[-1][-1] if a and b else 0
        assert overlap.lcs_length(a, b) == expected
    # and the whole ROUGE-L score against rouge-score's own scorer
    ref, cand = "the cats sat on the mat today", "on the mat the cat sat"
    for stem in (False, True):
        s = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=stem).score(ref, cand)["rougeL"]
        got = overlap.rouge(ref, cand, ("rougeL",), stem)["rougeL"]
        assert (got["p"], got["r"], got["f"]) == (s.precision, s.recall, s.fmeasure)
