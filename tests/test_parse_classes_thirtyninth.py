"""Issue 36, thirty-ninth round (session 24): rules read from the records round l of the claim
annotation was read from (docs/st-parse.md, "Thirty-ninth round")."""
from __future__ import annotations


def test_a_supplementary_subsection_of_the_body_opens_no_appendix():
    # a JSS paper's "6.3 Supplementary split-mode and target-scan analyses" under "6 Simulation
    # Study" had made it and every section after it — case study, discussion, limitations, summary —
    # an appendix, which the claim extractor and the limitations reader skip
    from scholartools.text.sections import type_sections

    def secs(numbered):
        return [{"heading": h, "number": n, "level": n.count(".") + 1 if n else 1} for n, h in numbered]

    got = type_sections(secs([("1", "Introduction"), ("6", "Simulation Study"), ("6.1", "Design"),
                              ("6.3", "Supplementary split-mode and target-scan analyses"), ("7", "Case Study"),
                              ("9", "Discussion"), ("9.2", "Limitations"), ("10", "Summary")]))
    assert [s["type"] for s in got] == ["introduction", "other", "other", "other", "discussion", "discussion",
                                        "limitations", "conclusion"]
    # a section of its own named so opens the appendix, as before, and so does a subsection of one
    got = type_sections(secs([("1", "Introduction"), ("5", "Conclusion"), ("6", "Supplementary Material"),
                              ("6.1", "Proofs"), ("7", "More results")]))
    assert [s["type"] for s in got] == ["introduction", "conclusion", "appendix", "appendix", "appendix"]
    got = type_sections(secs([("1", "Introduction"), (None, "Appendix"), ("A.1", "Supplementary tables")]))
    assert [s["type"] for s in got] == ["introduction", "appendix", "appendix"]
