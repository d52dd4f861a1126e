"""What the thirty-first round of issue 36 mended (docs/st-parse.md, "Thirty-first round").

Read from the JATS dev half's misses of headings set in the body's plain type:

* SAGE's back matter opens "Declaration of Conflicting Interests" (its journals' wording; others
  print "Declaration of Competing Interest"), set in the body's type on a line of its own: not a
  standard section name, so the heading model's known-name feature was off and four papers lost
  it (and the gold of a fifth, whose XML leaves it untitled, now lists it as optional, as it does
  the other back-matter labels: benchmarks/jats_pairs.BACK_LABELS).
"""

import pytest

from scholartools.parsing.pdf.headings import KNOWN_HEADINGS


@pytest.mark.parametrize("label, known", [
    ("Declaration of Conflicting Interests", True), ("Declaration of conflicting interest", True),
    ("Declaration of Competing Interest", True), ("Declaration of interests", True),
    ("Declaration of conflicting views on the method", False),
])
def test_the_conflicting_interests_declaration_is_a_standard_back_matter_name(label, known):
    assert bool(KNOWN_HEADINGS.match(label)) is known
