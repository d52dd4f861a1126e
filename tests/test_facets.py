"""st-facets: sentence splitting, verbatim checks, the role model, rating rules and the LLM path.

Values asserted are hand-worked cases or independent data (CSAbstruct's human test labels)."""
from __future__ import annotations

import json

import pytest

from cli_helpers import run_inprocess as run_cli
from scholartools.facets.rate import quantile_thresholds, to_rating
from scholartools.facets.roles import heading
from scholartools.text.sentences import split_sentences
from scholartools.text.verbatim import check, is_verbatim


def test_split_cased_and_tokenised_text():
    assert split_sentences("We propose X. It works, e.g. on Y. Results: 0.5 better (Smith et al. 2020). Done.") == [
        "We propose X.", "It works, e.g. on Y.", "Results: 0.5 better (Smith et al. 2020).", "Done."]
    assert split_sentences("<s> background .   we study x vs. y . results show 1.5 fold gain .<pad>") == [
        "background .", "we study x vs. y .", "results show 1.5 fold gain ."]
    assert split_sentences("") == []


def test_split_lowercase_text_with_a_stray_capital():
    """A model's stray capital ("Tenuated", "chikUNGunya") must not make lowercased text "cased":
    before the fix, such a PLM summary came out as one sentence and got one facet."""
    text = ("we examined stress resilience . cox regression was used . Tenuated risk was found . "
            "the association was strong .")
    assert len(split_sentences(text)) == 4
    assert split_sentences("men were included . stress was assessed in 1987. risk chikUNGunya rose.") == [
        "men were included .", "stress was assessed in 1987.", "risk chikUNGunya rose."]
    # cased prose is still not split before a lower-case word after an abbreviation or a name
    assert split_sentences("We used approx. ten mice. Smith et al. showed it. It works.") == [
        "We used approx. ten mice.", "Smith et al. showed it.", "It works."]


def test_verbatim_forgives_whitespace_and_quotes_only():
    src = "In short , the patients \u2019 scores improved . Then they left ."
    assert is_verbatim("the patients' scores improved.", src)
    r = check("the patients' scores improved. They were cured.", src)
    assert not r.verbatim and r.pieces[0].found and not r.pieces[1].found
    assert 0 < r.coverage < 1
    assert not is_verbatim("the patient's scores improved", src)  # a changed word is not verbatim
    assert check("", src).verbatim


def test_headings():
    assert heading("BACKGROUND: Sleep matters.") == ("background", "Sleep matters.")
    assert heading("materials and methods .") == ("method", "")
    assert heading("Conclusions: X helps.") == ("conclusion", "X helps.")
    assert heading("We propose a method: it works.")[0] is None


def test_quantile_thresholds_hand_case():
    # 2 of 5 human ratings are 1, 4 of 5 are <= 2: thresholds between the 2nd/3rd and 4th/5th scores
    th = quantile_thresholds([0.5, 0.1, 0.3, 0.2, 0.9], [1, 1, 2, 2, 3], 3)
    assert th == [0.25, 0.7]
    cal = {"thresholds": {"background": th}}
    assert [to_rating("background", s, cal) for s in (0.1, 0.25, 0.69, 0.7)] == [1, 2, 2, 3]


def test_role_model_macro_f1_on_csabstruct_test():
    """The shipped model against CSAbstruct's human test labels (mapped; three facets, conclusion
    merged into result, as CSAbstruct has none), on the first 60 abstracts (350 sentences: the
    model reads sentence embeddings, and embedding the whole split would take minutes): 0.752
    measured (whole test split 0.806); the majority class gives 0.2."""
    from scholartools.facets.corpora import load_csabstruct
    from scholartools.facets.roles import load_model
    from tools.train_roles import embed_docs, score

    docs = load_csabstruct(split="test", weak=False)[:60]
    assert score(load_model(), docs, embed_docs(docs)) >= 0.72


def test_conclusion_cues_hand_cases():
    """Conclusion / implication sentences carry a cue; plain method and result sentences do not."""
    from scholartools.facets.roles import CONCLUSION_CUE

    cues = ["We conclude that zinc matters.", "Therefore, screening should start earlier.",
            "These results suggest a role for zinc.", "Our findings highlight the need for trials.",
            "This tool may help clinicians choose a dose.", "Future studies are needed.",
            "Zinc plays a key role in growth.", "The approach could lead to cheaper parsers."]
    plain = ["We enrolled 20 patients.", "Accuracy improved from 71% to 78%.",
             "We train a parser on the Penn Treebank.", "Zinc was lower in deficient pupils (p<0.001)."]
    assert [bool(CONCLUSION_CUE.search(s)) for s in cues] == [True] * len(cues)
    assert [bool(CONCLUSION_CUE.search(s)) for s in plain] == [False] * len(plain)


def test_a_sentence_that_reports_evidence_or_the_authors_next_step_is_no_conclusion():
    """Computer-science abstracts end on evidence ("Experiments ... demonstrate the effectiveness
    of our method", "outperforms ... by large margins") and introduce their own steps with
    "Therefore, we propose ..."; PubMed's conclusions say what findings mean. On the 607 sentences
    of 93 ACL abstracts labelled for docs/st-facets.md the shipped model called 33 sentences a
    conclusion where 12 are; with these exceptions (and retrained on the weak labels they give)
    15 (conclusion precision 0.21 -> 0.40)."""
    from scholartools.facets.roles import CONCLUSION_CUE, conclusion_tail

    evidence = ["Experiments on three benchmarks demonstrate the effectiveness of our method.",
                "Empirical studies on four public NER datasets demonstrate the effectiveness of our proposed method.",
                "Our model outperforms previous models by large margins and may help low-resource parsing.",
                "The approach achieves state-of-the-art results, which could lead to cheaper parsers.",
                "We publicly release our annotations and code to spur future work.",
                "Therefore, in this paper, we propose a modular agent that combines a parser with rules.",
                "Hence, we construct adversarial inputs to introduce more diversity."]
    still = ["These results demonstrate the effectiveness of zinc as a treatment.",
             "Therefore, screening should start earlier.", "Thus, this tool may help clinicians choose a dose."]
    assert [bool(CONCLUSION_CUE.search(s)) for s in evidence] == [False] * len(evidence)
    assert [bool(CONCLUSION_CUE.search(s)) for s in still] == [True] * len(still)
    # a conclusion does not spread onto a following sentence that reports evidence
    sents = ["We study parsing.", "We propose a parser.", "Our findings highlight the need for speed.",
             "Experiments on two treebanks show that it outperforms cubic parsers."]
    assert conclusion_tail(sents, ["background", "background", "result", "result"])[2:] == ["conclusion", "result"]


def test_a_statement_of_purpose_is_background():
    """The FM definitions read purpose as background; CSAbstruct's and the written corpus's
    annotators call "we propose X" a method. The first statement of purpose becomes background,
    and so does what the classifier called a method before it (the context and gap it follows);
    a method without a purpose verb, a purpose statement after a result, and a past-tense method
    ("we examined 200 patients") stay."""
    from scholartools.facets.corpora import purpose_as_background
    from scholartools.facets.roles import purpose_background

    sents = ["Parsers are slow.", "To address this, we propose a linear-time parser.", "It uses a stack.",
             "We also propose a beam."]
    assert purpose_background(sents, ["background", "method", "method", "method"]) == [
        "background", "background", "method", "method"]
    for opening in ("In this paper, we introduce X.", "This study investigates whether zinc helps.",
                    "The aim of this study was to test zinc.", "Here, we further propose X.",
                    "A two-stage network is proposed."):
        assert purpose_background([opening, "It works."], ["method", "result"])[0] == "background", opening
    for method in ("We examined 200 patients.", "We train a parser on the treebank.", "In this study, we enrolled 30 mice.",
                   "We propose a BM25 variant and evaluate it on two collections."):  # purpose and procedure
        assert purpose_background([method, "It works."], ["method", "result"]) == ["method", "result"], method
    # a gap called a method before the statement of purpose is background; one after it stays
    gap = ["Parsers are slow.", "Earlier parsers ignore the stack.", "We propose X.", "X ignores nothing."]
    assert purpose_background(gap, ["background", "method", "method", "method"]) == [
        "background", "background", "background", "method"]
    # the statement already called background still clears the methods before it
    assert purpose_background(gap, ["background", "method", "background", "method"])[:3] == ["background"] * 3
    # a heading's label is never changed, and nothing after a result is
    assert purpose_background(sents[:2], ["background", "method"], fixed=[None, "method"])[1] == "method"
    assert purpose_background(gap[:3], ["method", "method", "method"], fixed=["method", None, None]) == [
        "method", "background", "background"]
    assert purpose_background(["F1 is 91.", "We propose X."], ["result", "method"]) == ["result", "method"]
    assert purpose_background(["We train X.", "F1 is 91.", "We propose X."], ["method", "result", "method"]) == [
        "method", "result", "method"]
    # the training-side mapping is the same rule on gold labels
    assert purpose_as_background([(sents[:2], ["background", "method"])]) == [(sents[:2], ["background", "background"])]


def test_the_benchmarks_keep_the_previous_purpose_rule():
    """benchmarks/facets_roles_before.py scores the previous release in the same run: inside
    ``previous_rule()`` a gap called a method before the statement of purpose stops the rule (the
    first rule), outside it both become background, and the block restores today's rule."""
    import importlib.util
    from pathlib import Path

    from scholartools.facets import roles

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "facets_roles_before.py"
    spec = importlib.util.spec_from_file_location("facets_roles_before", path)
    before = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(before)
    gap = ["Parsers are slow.", "Earlier parsers ignore the stack.", "We propose X.", "X uses a stack."]
    labels = ["background", "method", "method", "method"]
    today = roles.purpose_background
    with before.previous_rule():
        assert roles.purpose_background(gap, labels) == labels
    assert roles.purpose_background is today
    assert roles.purpose_background(gap, labels) == ["background", "background", "background", "method"]


def test_weak_conclusions_only_in_the_tail():
    """Weak labels: a cue-bearing result among the last two sentences becomes a conclusion (and a
    result after it too); a cue elsewhere or on a non-result sentence changes nothing."""
    from tools.train_roles import weak_conclusion

    sents = ["Parsing is hard.", "These results suggest nothing yet.", "We train a parser.",
             "Our findings suggest that syntax helps.", "F1 is 91."]
    labels = ["background", "result", "method", "result", "result"]
    assert weak_conclusion(sents, labels) == ["background", "result", "method", "conclusion", "conclusion"]
    assert weak_conclusion(sents[:3], ["background", "result", "method"]) == ["background", "conclusion", "method"]


def test_role_model_finds_a_hedged_final_conclusion():
    """A hand-written abstract: the final concluding claim is the conclusion ("Therefore," is a cue
    the first lexicon lacked), the cue-free sentence before it is not."""
    from scholartools.facets.roles import load_model

    sents = ["Dependency parsers are slow on long sentences.",
             "We propose a linear-time parser based on a stack of spans.",
             "Experiments show that it is ten times faster than cubic parsers with the same accuracy.",
             "Therefore, span-based parsing is a practical choice for web-scale text."]
    labels = load_model().predict(sents)
    assert labels[0] == "background" and labels[3] == "conclusion"
    assert labels[2] != "conclusion"  # a cue-free result before the conclusion stays a non-conclusion


def test_a_heading_it_cannot_place_ends_the_last_ones_reach():
    """CODA-19's structured abstracts carry headings outside the vocabulary ("Comments :",
    "Methodology/Principal Fndings :"); the facet of the last known heading must not be carried
    over the findings that follow them (it was: the shipped model's CODA-19 figure gains 0.005)."""
    from scholartools.facets.roles import load_model

    sents = ["Background : Influenza causes severe disease in the elderly.",
             "Methodology/Principal Fndings : siRNA therapy reduced virus production by 80 % in vitro.",
             "Viral titers were reduced 80-fold with 37.5 pmol of a single siRNA ( p < 0.001 ) ."]
    labels = load_model().predict(sents)
    assert labels[0] == "background"
    assert labels[1] != "background" and labels[2] == "result"
    # without the unknown heading the known one still rules the sentences after it
    assert load_model().predict(sents[:1] + sents[2:]) == ["background", "background"]


STRUCTURED = ("BACKGROUND: Vitamin D deficiency is common in children. METHODS: We measured serum zinc in 330 "
              "pupils. RESULTS: Zinc was lower in deficient pupils (p<0.001).")


def test_cli_offline_structured_abstract_rules():
    recs = [{"id": "a", "reference": STRUCTURED},
            {"id": "b", "reference": STRUCTURED, "candidate": "Zinc was measured in 330 pupils."}]
    r = run_cli("st-facets", ["--empty-candidate", "one", "--weights", "background=0.2,method=0.4,result=0.4,conclusion=0"],
                records=recs)
    assert r.code == 0, r.stderr
    a, b = r.records
    ref = a["facets"]["reference"]
    assert ref["labels"] == ["background", "method", "result"]
    assert ref["method"] == "We measured serum zinc in 330 pupils."
    assert ref["conclusion"] == ""
    assert "facet_ratings" not in a  # no candidate: decomposition only
    assert b["facet_ratings"]["conclusion"] == 0  # absent from the reference
    assert b["fm_weights"]["method"] == 0.4
    cand_labels = b["facets"]["candidate"]["labels"]
    for f in ("background", "method", "result"):
        if f not in cand_labels:  # empty candidate facet -> 1 (authors' rule)
            assert b["facet_ratings"][f] == 1


def test_cli_given_facets_and_bad_facet_option():
    rec = {"id": "x", "rf": {"background": "A is hard.", "method": "", "result": "B works.", "conclusion": ""},
           "cf": {"background": "A is hard.", "method": "We do C.", "result": "", "conclusion": "D."}}
    r = run_cli("st-facets", ["--ref-facets", "rf", "--cand-facets", "cf", "--facets", "background,method,result"],
                records=[rec])
    assert r.code == 0, r.stderr
    fr = r.records[0]["facet_ratings"]
    assert fr["method"] == 0 and fr["result"] == 1  # absent in reference; empty in candidate
    assert fr["background"] == 3  # identical text: cosine 1 reaches every threshold
    assert set(fr) == {"background", "method", "result"}
    assert run_cli("st-facets", ["--facets", "novelty"], records=[rec]).code == 2


def _fake_llm(body):
    text = body["messages"][0]["content"]  # the first message, so the repair re-ask gets the same answer
    if "Reply with one JSON object" in text:
        src = text.split("Text:", 1)[1].strip()
        sents = split_sentences(src)
        if "GARBLE" in src:
            return "I cannot do that."
        return "```json\n" + json.dumps({"background": sents[0], "method": sents[1] if len(sents) > 1 else "",
                                         "result": "Invented result sentence.", "conclusion": ""}) + "\n```"
    if "Input2: 'We used X.'" in text:
        return "The alignment is high"  # no number: unscored
    return "3"


def test_cli_llm_path(openai_server, tmp_path):
    openai_server.reply(_fake_llm)
    rec = {"id": "p", "reference": "Problem P is open. We used X. Y improved.", "candidate": "Problem P is open. We used X."}
    args = ["--model", "openai/test-model", "--api-base", openai_server.url, "--cache", str(tmp_path / "c.sqlite"),
            "--shots", "default"]
    r = run_cli("st-facets", args, records=[rec], env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert r.code == 0, r.stderr
    out = r.records[0]
    ref = out["facets"]["reference"]
    assert ref["background"] == "Problem P is open."
    assert "result" in ref["not_verbatim"]  # the invented result is flagged, not silently accepted
    fr = out["facet_ratings"]
    assert fr["background"] == 3  # parsed judge reply
    assert fr["method"] is None and out["facet_evidence"]["method"]["raw"] == "The alignment is high"
    assert fr["conclusion"] == 0  # reference conclusion empty: no call
    judge_prompts = [p for p in openai_server.prompts if "Input1:" in p]
    assert any("Number: 4" in p for p in judge_prompts if "1 to 4" in p)  # few-shot examples assembled
    assert any("Number: 1" in p for p in judge_prompts if "1 to 3" in p)
    # the paper's few-shot rubric (§3.3, appendix Figs 1-2), not the zero-shot one of §3.2 with examples:
    # B/C judged leniently, 1 = contradiction only; M/R 3 = important information left out
    bc = [p for p in judge_prompts if "1 to 3" in p]
    mr = [p for p in judge_prompts if "1 to 4" in p]
    assert bc and all("leniently" in p and "1: Input2 contradicts Input1.\n" in p for p in bc)
    assert mr and all("3: Input2 leaves out important information of Input1." in p for p in mr)
    assert not any("no relevant content" in p for p in judge_prompts)           # the zero-shot wording
    assert [t["name"] for t in out["provenance"][-1]["templates"]] == [
        "facets_extract", "facets_judge_bc_few", "facets_judge_mr_few"]
    # garbage extraction -> error record, exit 1
    bad = dict(rec, id="q", reference="GARBLE text here. More.")
    r2 = run_cli("st-facets", args, records=[bad], env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert r2.code == 1 and r2.records[0]["error"]["kind"] == "unparsable_reply"


def test_llm_failures_end_only_their_own_record(openai_server, tmp_path):
    from openai_server import Fault

    def reply(body):
        text = body["messages"][0]["content"]
        if "Input2: 'Doomed judge.'" in text:
            return Fault.status(500, message="always down")  # fails on every retry
        return _fake_llm(body)

    openai_server.reply(reply)
    good = {"id": "ok", "reference": "Problem P is open. We used X. Y improved.", "candidate": "Problem P is open. We used X."}
    garbled = {"id": "garbled", "reference": "GARBLE text here. More.", "candidate": "Something."}
    doomed = {"id": "doomed", "reference": "Question Q. Doomed judge. Z rose.", "candidate": "Question Q. Doomed judge."}
    missing = {"id": "missing", "candidate": "no reference field"}
    args = ["--model", "openai/test-model", "--api-base", openai_server.url, "--cache", str(tmp_path / "c.sqlite"),
            "--retries", "1"]
    r = run_cli("st-facets", args, records=[good, garbled, doomed, missing, dict(good, id="ok2")],
                env={"ST_LLM_BACKOFF_BASE": "0.01"})
    assert r.code == 1
    assert [o["id"] for o in r.records] == ["ok", "garbled", "doomed", "missing", "ok2"]
    kinds = {o["id"]: o.get("error", {}).get("kind") for o in r.records}
    assert kinds["ok"] is None and kinds["ok2"] is None
    assert kinds["garbled"] == "unparsable_reply" and kinds["missing"] == "missing_field"
    assert kinds["doomed"] is not None and kinds["doomed"] != "unparsable_reply"
    assert r.records[0]["facet_ratings"]["background"] == 3 and r.records[4]["facet_ratings"]["background"] == 3


def test_offline_missing_field_ends_only_its_record():
    recs = [{"id": "a", "reference": "We study cats. We find dogs."}, {"id": "b", "nothing": 1},
            {"id": "c", "reference": "Cats are studied here."}]
    r = run_cli("st-facets", ["--method", "offline"], records=recs)
    assert r.code == 1 and [o["id"] for o in r.records] == ["a", "b", "c"]
    assert "error" not in r.records[0] and "error" not in r.records[2]
    assert r.records[1]["error"]["kind"] == "missing_field" and r.records[1]["error"]["field"] == "reference"


# --- the offline rater (signals, soft membership, calibration) -----------------------------------

def test_text_normalisation_and_heading_stripping():
    from tools.calibrate import strip_headings
    from scholartools.facets.decompose import normalise_text

    # <n> is a newline marker of PLM outputs; a heading glued to the previous sentence is split off
    assert normalise_text("<s> a b.<n> c d.results: e<pad>") == "a b. c d. results: e"
    assert split_sentences(normalise_text("x was 3.conclusion: y helps.")) == ["x was 3.", "conclusion: y helps."]
    # headings glued to the next word, as PubMed-trained summarisers write them
    assert normalise_text("<pad> backgroundpsychosocial stress is a risk. we examined x.methodsa total of 23 men "
                          "took part.resultsthe lowest group was z.conclusionlow stress is bad.</s>") == (
        "background: psychosocial stress is a risk. we examined x. methods: a total of 23 men took part. "
        "results: the lowest group was z. conclusion: low stress is bad.")
    assert normalise_text("<s> abstractbackgroundcoronary disease kills.materials and methodsa cohort was used.") == \
        "background: coronary disease kills. materials and methods: a cohort was used."
    assert normalise_text("purposeto test x.") == "purpose: to test x."
    # ordinary words that start like a heading, or a heading word followed by a space, stay as they are
    for plain in ("the methodology was new. results were good. designed well.", "background radiation rose.",
                  "x.purposeful acts.", "y.objectively so.", "We used methods. Methodology matters.",
                  "abstraction helps. x.abstractive models too."):
        assert normalise_text(plain) == plain
    from scholartools.facets.decompose import decompose

    labels = decompose(normalise_text("backgroundpsychosocial stress is a risk for stroke.methodsa total of 237 "
                                      "men were included.resultsthe lowest group had higher risk."))["labels"]
    assert labels == ["background", "method", "result"]
    assert strip_headings("background . x is hard . methods . we did y . conclusions . z .") == \
        "x is hard . we did y . z ."
    assert strip_headings("BACKGROUND: X is hard. RESULTS: Y rose.") == "X is hard. Y rose."


def test_signal_helpers_hand_cases():
    from scholartools.facets.rate import lexical_recall, quality_signals, repetition

    assert repetition("a b c a b c") == 0.25  # trigrams abc bca cab abc: one of four repeats
    assert repetition("one two") == 0.0
    # content words of the reference: zinc, level, pupils (the, of are stop words); one found
    assert lexical_recall("the zinc level of the pupils", {"zinc", "low"}) == pytest.approx(1 / 3)
    # the arXiv corpus's formula and citation placeholders, numbered apart in each text, are no
    # content words: a candidate sharing "@xmath0" and "@xcite" shares no word with this reference
    ref = "the @xmath0 phase of the model of @xcite"
    assert lexical_recall(ref, {"xmath0", "xcite"}) == 0.0
    assert lexical_recall(ref, {"phase"}) == pytest.approx(1 / 2)
    q = quality_signals("We did X. It works and", ["We did X.", "It works and"])
    assert q["complete"] == -1.0 and q["concludes"] == 0.0
    q = quality_signals("We did X. In conclusion, X helps.", ["We did X.", "In conclusion, X helps."])
    assert q["complete"] == 0.0 and q["concludes"] == 1.0 and q["fluent"] == 0.0


def test_posterior_matches_brute_force_enumeration():
    import itertools

    import numpy as np

    from scholartools.facets.decompose import _posterior

    rng = np.random.RandomState(0)
    lp = np.log(rng.dirichlet(np.ones(3), size=4))
    trans = np.log(rng.dirichlet(np.ones(3), size=3))
    start = np.log(rng.dirichlet(np.ones(3)))
    w = 0.7
    brute = np.zeros((4, 3))
    for path in itertools.product(range(3), repeat=4):
        s = w * start[path[0]] + sum(lp[i, y] for i, y in enumerate(path))
        s += sum(w * trans[a, b] for a, b in zip(path, path[1:]))
        for i, y in enumerate(path):
            brute[i, y] += np.exp(s)
    brute /= brute.sum(axis=1, keepdims=True)
    assert np.allclose(_posterior(lp, start, trans, w), brute)


def test_facet_probabilities_follow_labels():
    import numpy as np

    from scholartools.facets.decompose import decompose, facet_probabilities, facets_from_spans

    rec = decompose(STRUCTURED + " CONCLUSIONS: Zinc should be measured.")
    p = facet_probabilities(rec)
    assert p.shape == (len(rec["sentences"]), 4)
    assert np.all(p.sum(axis=1) <= 1 + 1e-9)
    for row, lab in zip(p, rec["labels"]):  # every facet sentence is most likely its own label
        if lab != "other":
            assert ["background", "method", "result", "conclusion"][int(row.argmax())] == lab
    given = facets_from_spans({"background": "A.", "method": "", "result": "B. C.", "conclusion": ""})
    assert facet_probabilities(given, given=True).tolist() == [[1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 1, 0]]


def test_rating_from_signals_hand_case():
    from scholartools.facets.rate import ratings_from_signals

    sig = ("coverage_soft", "lexical")
    rater = {"signals": list(sig),
             "standardise": {"method": {"coverage_soft": [0.5, 0.1], "lexical": [0.4, 0.2]}},
             "thresholds": {"method": [-1.0, 0.0, 1.0]}}
    s = {"coverage_soft": 0.6, "lexical": 0.3, "has_candidate": 0.0}  # z = +1 and -0.5: mean 0.25
    ratings, ev = ratings_from_signals({"method": s, "result": None}, rater, facets=["method", "result"])
    assert ratings == {"method": 3, "result": 0} and ev["method"]["score"] == 0.25
    # with weights 3 : 1 the score is (3 · 1 − 0.5) / 4 = 0.625, past the third threshold
    weighted = dict(rater, weights={"method": {"coverage_soft": 3.0, "lexical": 1.0}})
    ratings, ev = ratings_from_signals({"method": s}, weighted, facets=["method"])
    assert ratings == {"method": 3} and ev["method"]["score"] == 0.625
    weighted["weights"]["method"]["lexical"] = 0.0  # only coverage counts: z = 1.5 passes all three
    assert ratings_from_signals({"method": dict(s, coverage_soft=0.65)}, weighted, facets=["method"])[0] == {"method": 4}
    # the authors' empty-candidate rule, when asked for
    assert ratings_from_signals({"method": s}, rater, facets=["method"], empty_candidate_one=True)[0] == {"method": 1}


def test_calibration_fit_quantile_matches_and_standardises():
    from tools.calibrate import fit
    from scholartools.facets.rate import SIGNALS

    base = dict.fromkeys(SIGNALS, 0.0)
    signals, human = [], []
    for v, h in ((0.1, 1), (0.2, 1), (0.3, 2), (0.4, 3)):
        s = dict(base, lexical=v)
        signals.append({"background": s, "method": None, "result": None, "conclusion": None})
        human.append({"background": h, "method": 0, "result": 0, "conclusion": 0})
    rater = fit(signals, human)
    mu, sd = rater["standardise"]["background"]["lexical"]
    assert mu == 0.25 and sd == pytest.approx(0.111803, abs=1e-6)
    # constant signals are centred, left unscaled and weigh 0; lexical weighs its Pearson r with the
    # human ratings: x−x̄ = (−.15, −.05, .05, .15), y−ȳ = (−.75, −.75, .25, 1.25): .35 / √(.05 · 2.75)
    assert rater["standardise"]["background"]["complete"] == [0.0, 1.0]
    assert rater["weights"]["background"]["complete"] == 0.0
    assert rater["weights"]["background"]["lexical"] == pytest.approx(0.35 / (0.05 * 2.75) ** 0.5, abs=1e-6)
    # so the score is z(lexical) itself
    z = [(v - 0.25) / sd for v in (0.1, 0.2, 0.3, 0.4)]
    th = rater["thresholds"]["background"]  # 2 of 4 humans say 1, 3 of 4 say <= 2
    assert th[0] == pytest.approx((z[1] + z[2]) / 2, abs=1e-5) and th[1] == pytest.approx((z[2] + z[3]) / 2, abs=1e-5)
    assert rater["pairs_per_facet"] == {"background": 4, "method": 0, "result": 0, "conclusion": 0}
