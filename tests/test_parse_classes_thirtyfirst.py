"""What the thirty-first round of issue 36 mended (docs/st-parse.md, "Thirty-first round").

Read from the JATS dev half's misses of headings set in the body's plain type:

* SAGE's back matter opens "Declaration of Conflicting Interests" (its journals' wording; others
  print "Declaration of Competing Interest"), set in the body's type on a line of its own: not a
  standard section name, so the heading model's known-name feature was off and four papers lost
  it (and the gold of a fifth, whose XML leaves it untitled, now lists it as optional, as it does
  the other back-matter labels: benchmarks/jats_pairs.BACK_LABELS);
* so are ACS's "Accession Codes" and SAGE's "Author's Note" (one paper each found); the scorer
  pairs the three names as back matter, in any order (SAGE prints its note before the
  acknowledgment, its XML keeps it after).
"""

import pytest

from scholartools.parsing.pdf.headings import KNOWN_HEADINGS


@pytest.mark.parametrize("label, known", [
    ("Declaration of Conflicting Interests", True), ("Declaration of conflicting interest", True),
    ("Declaration of Competing Interest", True), ("Declaration of interests", True),
    ("Declaration of conflicting views on the method", False),
    ("Accession Codes", True), ("Author’s Note", True), ("Author's Notes", True), ("Authors' note", False),
])
def test_back_matter_names_of_more_publishers_are_standard(label, known):
    assert bool(KNOWN_HEADINGS.match(label)) is known
