"""Reply parsers on hand-written replies of the kinds judges actually produce."""
import pytest

from scholartools.llm.replies import (ReplyParseError, parse_json, parse_label, parse_list, parse_score, parse_object,
                                      parse_tags, strip_fences, unscored)


def test_json_object_with_fence_and_prose():
    text = 'Sure! Here is the result:\n```json\n{"background": "x", "n": 2}\n```\nHope this helps.'
    assert parse_json(text, expect="object") == {"background": "x", "n": 2}


def test_json_leading_prose_no_fence_and_braces_in_prose():
    text = 'The {best} answer is {"label": "yes", "items": [1, 2]} as requested.'
    assert parse_json(text, expect="object") == {"label": "yes", "items": [1, 2]}


def test_json_array_skips_object_and_finds_array():
    text = 'Result {"note": 1} then ["a", "b"]'
    assert parse_json(text, expect="array") == ["a", "b"]
    assert parse_json(text) == {"note": 1}


def test_json_failure_message_says_what_was_expected():
    with pytest.raises(ReplyParseError, match="JSON object"):
        parse_json('{"unterminated": ', expect="object")
    with pytest.raises(ReplyParseError):
        parse_json("no json here at all", expect="array")


@pytest.mark.parametrize("text,lo,hi,expected", [
    ("Score: 4", 1, 5, 4),
    ("**3**", 1, 5, 3),
    ("4/5", 1, 5, 4),
    ("Rating: 2.5", 1, 5, 2.5),
    ("Number: 2", 1, 3, 2),                                  # the facet judge's format
    ("1. clear\n2. vague\nScore: 3", 1, 5, 3),              # a list before the label
    ("-1", -1, 1, -1),
])
def test_score_on_scale(text, lo, hi, expected):
    assert parse_score(text, lo, hi) == expected


@pytest.mark.parametrize("text", [
    "I give it 4/5.",                      # no label, not only a number: unscored, never a guess
    "There are 10 points, overall 3",
    "Score: 7",                            # outside the scale
    "",
    "see v2.3.1",
])
def test_score_refuses_what_is_not_a_score(text):
    with pytest.raises(ReplyParseError, match="between 1 and 5"):
        parse_score(text, 1, 5)


def test_score_integer_scale():
    assert parse_score("Score: 3", 1, 4, integer=True) == 3
    with pytest.raises(ReplyParseError, match="integer between 1 and 4"):
        parse_score("Score: 3.5", 1, 4, integer=True)


def test_object_keys_and_types_are_checked():
    fields = {"background": "text", "method": "text|texts", "n": "int"}
    assert parse_object('```json\n{"background": "b", "method": ["m1", "m2"], "n": 2, "x": 1}\n```', fields) == \
        {"background": "b", "method": ["m1", "m2"], "n": 2}
    with pytest.raises(ReplyParseError, match="missing: method, n"):
        parse_object('{"background": "b"}', fields)
    with pytest.raises(ReplyParseError, match='"background" to be a string, found int'):
        parse_object('{"background": 5, "method": "m", "n": 1}', fields)
    with pytest.raises(ReplyParseError, match='"method" to be a string or a list of strings, found dict'):
        parse_object('{"background": "b", "method": {"x": 1}, "n": 1}', fields)
    with pytest.raises(ReplyParseError, match='"n" to be an integer, found bool'):
        parse_object('{"background": "b", "method": "m", "n": true}', fields)
    assert parse_object('{"a": "x"}', {"a": "text", "b": "int"}, required=["a"]) == {"a": "x"}


def test_label_from_set_whole_words_first_or_last():
    labels = ["similar", "dissimilar", "same"]
    assert parse_label("They are dissimilar.", labels) == "dissimilar"
    assert parse_label("SIMILAR", labels) == "similar"
    assert parse_label("Not the same; rather similar", labels) == "same"
    assert parse_label("Not the same; rather similar", labels, last=True) == "similar"
    with pytest.raises(ReplyParseError, match="one of: similar, dissimilar, same"):
        parse_label("unrelated", labels)
    assert parse_label("Answer: Yes", ["yes", "no"]) == "yes"
    with pytest.raises(ReplyParseError):
        parse_label("yesterday", ["yes", "no"])


def test_lists_numbered_bulleted_wrapped():
    text = "Limitations:\n1. Small dataset\n   of 50 papers.\n2) Only English.\n\n(3) No human study\n"
    assert parse_list(text) == ["Small dataset of 50 papers.", "Only English.", "No human study"]
    assert parse_list("- a\n* b\n• c") == ["a", "b", "c"]
    with pytest.raises(ReplyParseError):
        parse_list("just a sentence")
    assert parse_list("x\ny", allow_plain_lines=True) == ["x", "y"]


def test_tags():
    text = "<RQ>Does X improve Y?</RQ>\n<reason> because </reason>"
    assert parse_tags(text, ["rq", "reason"]) == {"rq": "Does X improve Y?", "reason": "because"}
    assert parse_tags("<q>a</q><q>b</q>", ["q"], multiple=True) == {"q": ["a", "b"]}
    with pytest.raises(ReplyParseError, match="<reason>"):
        parse_tags("<rq>x</rq>", ["rq", "reason"])
    assert parse_tags("<rq>x</rq>", ["rq", "reason"], required=["rq"]) == {"rq": "x", "reason": None}


def test_fences_and_unscored_shape():
    assert strip_fences("```python\nprint(1)\n```") == "print(1)"
    assert unscored("raw text") == {"value": None, "raw": "raw text", "unscored_reason": "parse_failure"}
