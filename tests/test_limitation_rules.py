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
