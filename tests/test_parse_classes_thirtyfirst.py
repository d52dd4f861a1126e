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

Read from the LaTeX pairs' dev misses:

* F1000's software articles set a heading as a bold phrase closed by a colon and the function it
  is about in a typewriter face ("**Organizing the project:** wflow_start()", alone on its line):
  the colon made it a paragraph's run-in lead, "Organizing the project". A row that ends after its
  styled lead with a short tail in another style, the next row starting a block of its own, is a
  heading whole, and no run-in lead is read from it (also no longer: a review's "**Review began**
  10/01/2020", a contact line's "**CONTACT**", a thesis' "**Chapter** 3" as run-in headings).
"""

import pymupdf
import pytest
from pdf_pages import headings_of, para

from scholartools.parsing.pdf.headings import KNOWN_HEADINGS


@pytest.mark.parametrize("label, known", [
    ("Declaration of Conflicting Interests", True), ("Declaration of conflicting interest", True),
    ("Declaration of Competing Interest", True), ("Declaration of interests", True),
    ("Declaration of conflicting views on the method", False),
    ("Accession Codes", True), ("Author’s Note", True), ("Author's Notes", True), ("Authors' note", False),
])
def test_back_matter_names_of_more_publishers_are_standard(label, known):
    assert bool(KNOWN_HEADINGS.match(label)) is known


def test_a_heading_closed_by_a_colon_before_its_functions_name_is_whole(tmp_path):
    def draw(p, y):
        for label, fn in (("Organizing the project:", "wflow_start()"), ("Generating results reproducibly:", "wflow_build()")):
            p.insert_text((72, y + 14), label, fontsize=10, fontname="hebo")
            p.insert_text((72 + pymupdf.get_text_length(label + " ", fontname="hebo", fontsize=10), y + 14), fn,
                          fontsize=10, fontname="cour")
            y = para(p, y + 20)

    heads = headings_of(tmp_path, "code.pdf", draw)
    assert heads[-2:] == ["Organizing the project: wflow_start()", "Generating results reproducibly: wflow_build()"]
