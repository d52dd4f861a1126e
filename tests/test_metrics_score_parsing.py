"""Judge-reply score parsing: PaperRQ's regex cascade (seed-rq §3) and the strict parser."""

from scholartools.metrics.score_parsing import parse_paper, parse_strict, score_samples


def test_paper_cascade_order_and_quirks():
    assert parse_paper("Analysis ... Score: 4") == 4.0
    assert parse_paper("Final Score: Problem: 3") == 3.0                 # (?:.*?:\s*)? skips a label
    assert parse_paper("Evaluation. Score (1-5): 2") == 2.0               # second pattern
    assert parse_paper("The RQ is clear. Rating: 5") == 5.0               # third pattern
    assert parse_paper("1. The problem is clear.\n2. Overall 4") == 1.0   # pattern 4 takes the list number
    assert parse_paper("I would give it 3.5") == 3.0                      # integers only
    assert parse_paper("no number at all") is None


def test_strict_parser():
    assert parse_strict("1. clear problem\n2. vague method\nScore: 3.5") == 3.5
    assert parse_strict("**4**") == 4.0
    assert parse_strict("4/5") == 4.0
    assert parse_strict("1. The problem is clear.\n2. Overall 4") is None
    assert parse_strict("Rating: 7", 1, 5) is None


def test_mean_over_samples_ignores_unparsed():
    got = score_samples(["Score: 4", "Score: 5", "no idea"], "strict")
    assert got == {"score": 4.5, "n": 3, "parsed": 2, "failures": 1}
    assert score_samples(["??"], "paper")["score"] is None
