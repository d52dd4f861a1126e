"""The papers' decoding settings and counts are each task's defaults (issue 34 item 5), recorded in
provenance; ``--temperature`` on the command line wins. Each assertion names the paper's value, so
a default that drifts from the paper fails here (docs/fidelity.md names these tests)."""
from __future__ import annotations

import json

from test_claims_llm import PAPER, run as claims_run


def _temperatures(server) -> list:
    return [r.get("temperature") for r in server.requests]


def test_task_defaults_are_the_papers():
    from scholartools.tasks import get

    assert get("st-claims", "associate").defaults == {"temperature": 0.9}       # CLAIMCHECK App. C.1, CA
    assert get("st-claims", "extract").defaults == {"temperature": 1.0}         # CLAIMCHECK App. A.2
    for command, name in (("st-generate", "claim-weakness"), ("st-generate", "weakness-edit"),
                          ("st-judge", "labels")):
        assert get(command, name).defaults == {"temperature": 0.3}, name          # CLAIMCHECK App. C.1, CV / WLE
    assert get("st-judge", "match").make_options().variants == 3                 # BAGELS §6.2, Fig. 5
    assert get("st-claims", "weaknesses").defaults == {}                         # the paper's WI is human


def test_claim_extraction_is_sent_at_the_papers_temperature_and_says_so(openai_server, tmp_path):
    openai_server.reply(json.dumps({"claims": []}))
    code, out, err = claims_run(["--task", "extract"], [PAPER], openai_server, tmp_path)
    assert code == 0, err
    assert set(_temperatures(openai_server)) == {1.0}
    prov = out[0]["provenance"][-1]
    assert prov["paper_defaults"]["applied"] == {"temperature": 1.0} and "App. A.2" in prov["paper_defaults"]["source"]


def test_the_command_line_temperature_wins_over_the_papers(openai_server, tmp_path):
    openai_server.reply(json.dumps({"claims": []}))
    code, out, err = claims_run(["--task", "extract", "--temperature", "0.2"], [PAPER], openai_server, tmp_path)
    assert code == 0, err
    assert set(_temperatures(openai_server)) == {0.2}
    assert out[0]["provenance"][-1]["paper_defaults"]["applied"] == {}
