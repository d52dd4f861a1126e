"""BAGELS §4.3 rules: explicit sections, implicit spans, checklist entries, the never-leak list."""
from scholartools.limitations.rules import explicit_sections, implicit_spans, is_pointer, target_texts

SECTIONS = [
    {"heading": "Abstract", "type": "abstract", "level": 1, "text": "We note limitations of prior work."},
    {"heading": "1 Introduction", "type": "introduction", "level": 1, "text": "Prior limitations abound."},
    {"heading": "5 Analysis", "level": 1, "text": "We show X. A limitation of our approach is Y. It is slow."},
    {"heading": "5.1 Errors", "level": 2, "text": "More analysis."},
    {"heading": "6 Conclusion", "level": 1, "text": "We conclude."},
    {"heading": "7 Limitations", "type": "limitations", "level": 1, "text": "Our work covers English only."},
    {"heading": "7.1 Data", "level": 2, "text": "The corpus is small and drawn from one domain only, which limits it."},
    {"heading": "A1. Did you describe the limitations of your work?", "level": 1, "text": "Section 7"},
]


def test_explicit_section_with_its_subsection_and_no_checklist():
    assert explicit_sections(SECTIONS) == [5, 6]


def test_implicit_span_starts_at_the_keyword_sentence_and_stops_at_a_following_stop_heading():
    spans = implicit_spans(SECTIONS)
    assert spans == [{"section": 2, "start": 11, "end": 57}, {"section": 3, "start": 0, "end": 14}]
    assert SECTIONS[2]["text"][11:57] == "A limitation of our approach is Y. It is slow."


def test_pointer_answers():
    assert is_pointer("Yes, see Section 7.") and is_pointer("Left blank.") and is_pointer("Section 7 and 8")
    assert not is_pointer("We only evaluate on English, so results may not transfer to other languages.")


def test_target_texts_hold_every_limitation_text_and_the_reviews():
    targets = target_texts({"sections": SECTIONS, "reviews": ["The evaluation is weak.", {"text": "No ablation."}]})
    assert "Our work covers English only." in targets
    assert "A limitation of our approach is Y. It is slow." in targets
    assert "The evaluation is weak." in targets and "No ablation." in targets
    assert not any("We conclude" in t for t in targets)


import pytest  # noqa: E402

from scholartools.limitations.rules import Rules, checklist_start, is_limitations_heading  # noqa: E402


@pytest.mark.parametrize("heading, expected", [
    ("7 Limitations", True), ("A.3 Corpus Limitations", True), ("Limitations and Future Work", True),
    ("Broader Impact and Limitations", True), ("Limitation", True), ("6 Conclusion", False),
    ("A1. Did you describe the limitations of your work?", False), ("Ethics Statement", False),
])
def test_limitations_headings(heading, expected):
    assert is_limitations_heading(heading) is expected


def test_keyword_inside_discussion_starts_a_span_the_next_stop_heading_ends_it():
    secs = [{"heading": "4 Discussion", "type": "discussion", "text": "It works. One shortcoming is speed."},
            {"heading": "4.1 Speed", "level": 2, "text": "It takes a day."},
            {"heading": "5 Future Work", "text": "We will fix it."}]
    assert implicit_spans(secs) == [{"section": 0, "start": 10, "end": 35}, {"section": 1, "start": 0, "end": 15}]
    # the stop terms are an option: without "future work" the span runs on
    rules = Rules(stop_terms=r"\bappendix\b")
    assert [s["section"] for s in implicit_spans(secs, rules)] == [0, 1, 2]
    # excluded sections are an option too (the subsection holds no keyword of its own)
    assert implicit_spans(secs, Rules(excluded=("discussion",))) == []


def test_checklist_answers_and_glued_checklists():
    assert is_pointer("Section 5\n7 A2. Did you discuss any potential risks of your work? Not applicable.")
    assert is_pointer("The Limitation section after conclusion and before the references")
    assert is_pointer("limitations of single-modal speech.")          # a cut-off fragment
    assert not is_pointer("We only test on English.")
    text = "We use one GPU.\nA For every submission:\nA1. Did you describe the limitations of your work? Yes."
    assert checklist_start(text) == len("We use one GPU.\n")
    assert checklist_start("Our model (A1) is small. E is the set of edges.") is None
