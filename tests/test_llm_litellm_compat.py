"""The litellm patches (scholartools.llm.litellm_compat) change speed, never results.

The same requests go through the real stack (our client → litellm → HTTP → the scripted
server) in two processes, one with the patches and one with ``ST_LITELLM_PATCHES=0``; replies,
token counts and costs must be identical, and only the first process may report patches applied.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cli_helpers import ROOT
from scholartools.llm import litellm_compat

SCRIPT = r"""
import json, sys
from scholartools.llm import litellm_compat
from scholartools.llm.client import LLMClient, LLMConfig
url = sys.argv[1]
c = LLMClient(LLMConfig(model="openai/gpt-4o-mini", api_base=url, no_cache=True, retries=0), log=lambda m: None)
reqs = [c.request(f"say {i} words please " * (i + 1)) for i in range(6)]
res = c.run(reqs)
print(json.dumps({"applied": litellm_compat.applied,
                  "results": [[r.text, r.prompt_tokens, r.completion_tokens, r.cost, r.error] for r in res]}))
"""


def _run(url: str, patches: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), ST_LITELLM_PATCHES=patches)
    env.pop("ST_LITELLM_FULL", None)
    out = subprocess.run([sys.executable, "-c", SCRIPT, url], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_replies_tokens_and_cost_identical_with_and_without_the_patches(openai_server):
    openai_server.reply(lambda body: "reply to " + body["messages"][-1]["content"][:20])
    patched, stock = _run(openai_server.url, "1"), _run(openai_server.url, "0")
    assert stock["applied"] == []
    if litellm_compat.litellm_version() in litellm_compat.VERIFIED_VERSIONS:
        assert set(patched["applied"]) == {"response_cost_calculator", "async_success_handler", "gc.freeze"}
    assert patched["results"] == stock["results"]
    text, pt, ct, cost, error = patched["results"][2]
    assert error is None and text.startswith("reply to say 2")
    assert cost == pytest.approx(pt * 0.15e-6 + ct * 0.6e-6)   # gpt-4o-mini in litellm's bundled price map


def test_the_patches_are_pinned_to_verified_versions(monkeypatch):
    monkeypatch.setattr(litellm_compat, "litellm_version", lambda: "0.0.1")
    assert not litellm_compat.patches_enabled()
    monkeypatch.setattr(litellm_compat, "litellm_version", lambda: litellm_compat.VERIFIED_VERSIONS[0])
    monkeypatch.setenv("ST_LITELLM_PATCHES", "0")
    assert not litellm_compat.patches_enabled()
    monkeypatch.setenv("ST_LITELLM_PATCHES", "1")
    assert litellm_compat.patches_enabled()
    assert not litellm_compat.inline_preparation("bedrock")   # credential refreshes stay off the loop


def test_an_unverified_litellm_runs_unpatched_with_a_note_on_stderr():
    script = ("import sys\n"
              "from scholartools.llm import litellm_compat as lc\n"
              "lc.litellm_version = lambda: '9.9.9'\n"
              "lc.import_litellm()\n"
              "from litellm.litellm_core_utils.litellm_logging import Logging\n"
              "print(lc.applied, getattr(Logging.response_cost_calculator, '_st_trimmed', False))\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), ST_LITELLM_PATCHES="1")
    env.pop("ST_LITELLM_FULL", None)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]", "False"]   # nothing patched
    assert "litellm 9.9.9 is not one the speed patches were verified against (1.106.2); running it unpatched" \
        in out.stderr


def test_the_litellm_upper_bound_is_the_last_verified_release():
    import configparser

    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    (line,) = [r for r in cfg["options"]["install_requires"].splitlines() if r.strip().startswith("litellm")]
    assert f"<={max(litellm_compat.VERIFIED_VERSIONS, key=lambda v: tuple(map(int, v.split('.'))))}" in line
    pinned = (ROOT / "constraints.txt").read_text()
    assert f"litellm=={litellm_compat.litellm_version()}" in pinned   # the tested release is the installed one
