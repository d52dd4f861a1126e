"""text.sections.strip_number with a heading whose first word is a number joined by a hyphen
("3 3-DOF Vessel Model"; issue #36, tenth round)."""

from scholartools.text.sections import section_type, strip_number


def test_number_before_a_hyphenated_number_word_is_the_section_number():
    # the number was kept in the words ("3 3-DOF …" matched no gold heading "3-DOF …")
    assert strip_number("3 3-DOF Hydrodynamic Vessel Model") == ("3", "3-DOF Hydrodynamic Vessel Model")
    assert strip_number("5.4 4-Variant Model Ablation Study") == ("5.4", "4-Variant Model Ablation Study")
    assert strip_number("3.2 128-Bit Payload Binary Protocol") == ("3.2", "128-Bit Payload Binary Protocol")


def test_numbers_without_a_word_are_no_numbered_heading():
    assert strip_number("3 4") == (None, "3 4")
    assert strip_number("4 3-4 weeks") == (None, "4 3-4 weeks")   # a range, no word after the hyphen
    assert section_type("3 3-DOF Vessel Model") == "method"
