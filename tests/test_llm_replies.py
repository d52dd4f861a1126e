"""Reply parsers on hand-written replies of the kinds judges actually produce."""
import pytest

from scholartools.llm.replies import (ReplyParseError, parse_json, parse_label, parse_list, parse_number,
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
    ("I give it 4/5.", 1, 5, 4),
    ("Rating: 2.5", 1, 5, 2.5),
    ("There are 10 points, overall rating 3", 1, 5, 3),   # 10 is out of range
    ("-1", -1, 1, -1),
])
def test_number_on_scale(text, lo, hi, expected):
    assert parse_number(text, lo, hi) == expected


def test_number_integer_last_and_failures():
    assert parse_number("Step 1: coherent. Step 2: fluent. Final score: 4", 1, 5, integer=True, last=True) == 4
    assert parse_number("Score 3.5, rounded 4", 1, 5, integer=True) == 4
    with pytest.raises(ReplyParseError, match="integer between 1 and 5"):
        parse_number("Score: 7", 1, 5, integer=True)
    with pytest.raises(ReplyParseError):
        parse_number("", 1, 5)
    # version-like or id-like tokens are not numbers on the scale
    with pytest.raises(ReplyParseError):
        parse_number("see v2.3.1", 1, 5)


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
