"""The LLM options as a command sees them, run as real subprocesses against the scripted server.

The command under test is a toy defined in this file (run with ``python tests/test_llm_cli.py``):
``@st_command`` + ``@llm_options``, one template, one reply parser — exactly what an LLM-capable
command does, so the acceptance interface (``--model``, ``--api-base``, ``--max-concurrency``,
``--retries``, ``--timeout``, ``--cache``, ``--no-cache``, ``--dry-run``, ``--max-cost``,
``ST_MODEL``, ``ST_CACHE``) is exercised end to end.
"""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import click
import orjson

HERE = os.path.abspath(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from scholartools.cli.base import RecordIO, st_command  # noqa: E402
from scholartools.llm import replies  # noqa: E402
from scholartools.llm.client import provenance  # noqa: E402
from scholartools.cli.llm_options import llm_options  # noqa: E402
from scholartools.llm.templates import Template  # noqa: E402

DEFAULT_TEMPLATE = "Rate the clarity of this text from 1 to 5.\n\n{{text}}"


@st_command("st-llmtoy")
@click.option("--field", default="text", show_default=True, help="Field to rate.")
@llm_options(templates=["rate"])
def toy(io: RecordIO, field, llm):
    """Rate the clarity of a text field with an LLM (test command)."""
    tpl = llm.template("rate") if llm.template_overrides else Template.from_text("rate", DEFAULT_TEMPLATE)
    client = llm.client(io)
    parse = lambda t: replies.parse_score(t, 1, 5, integer=True)  # noqa: E731

    def batch(recs):
        results = client.run([client.request(tpl.render(text=r.get(field, "")), template=tpl, parse=parse)
                              for r in recs])
        out = []
        for rec, res in zip(recs, results):
            if res.error:
                out.append(res.as_exception())   # this record's error record only
                continue
            out.append({**rec, "clarity": res.verdict(), "_provenance": provenance([res], client)})
        return out

    io.map_batch(batch, batch_size=64)


if __name__ == "__main__":
    toy()

# ------------------------------------------------------------------------------------- tests
import pytest  # noqa: E402

from cli_helpers import interruptible  # noqa: E402
from openai_server import Fault  # noqa: E402

RECS = [{"id": f"r{i}", "text": f"text number {i}"} for i in range(6)]


def run(args, records=RECS, env=None):
    """In-process run (click's CliRunner): the same command code without a 5 s litellm import."""
    from click.testing import CliRunner

    full = {"ST_LLM_BACKOFF_BASE": "0.01", "OPENAI_API_KEY": None, "ST_MODEL": None, "ST_CACHE": None,
            "ST_API_BASE": None}
    full.update(env or {})
    data = b"".join(orjson.dumps(r) + b"\n" for r in records)
    r = CliRunner().invoke(toy, args, input=data, env=full, catch_exceptions=False)
    recs = [orjson.loads(line) for line in r.stdout_bytes.splitlines()]   # stdout must be pure JSONL
    return r.exit_code, recs, r.stderr


def run_subprocess(args, records=RECS, env=None, timeout=120):
    full = dict(os.environ, PYTHONPATH=ROOT, ST_LLM_BACKOFF_BASE="0.01")
    for k in ("OPENAI_API_KEY", "ST_MODEL", "ST_CACHE", "ST_API_BASE"):
        full.pop(k, None)
    full.update(env or {})
    data = b"".join(orjson.dumps(r) + b"\n" for r in records)
    p = subprocess.run([sys.executable, HERE, *args], input=data, capture_output=True, env=full, timeout=timeout)
    recs = [orjson.loads(line) for line in p.stdout.splitlines()]   # stdout must be pure JSONL
    return p.returncode, recs, p.stderr.decode()


def score_reply(body):
    return f"Score: {len(body['messages'][-1]['content']) % 5 + 1}"


def test_help_lists_the_llm_options_and_env_vars():
    p = subprocess.run([sys.executable, HERE, "--help"], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT), timeout=60)
    assert p.returncode == 0
    for opt in ("--model", "--api-base", "--max-concurrency", "--retries", "--timeout", "--cache",
                "--no-cache", "--dry-run", "--max-cost", "--temperature", "--template", "ST_MODEL", "ST_CACHE"):
        assert opt in p.stdout, opt


def test_env_model_and_cache_then_rerun_from_cache(openai_server, tmp_path):
    openai_server.reply(score_reply)
    cache = tmp_path / "st.sqlite"
    env = {"ST_MODEL": "openai/some-model", "ST_CACHE": str(cache)}
    code, recs, err = run_subprocess(["--api-base", openai_server.url], env=env)   # a real process
    assert code == 0, err
    assert [r["id"] for r in recs] == [r["id"] for r in RECS]
    expect = [len(DEFAULT_TEMPLATE.replace("{{text}}", r["text"])) % 5 + 1 for r in RECS]
    assert [r["clarity"]["value"] for r in recs] == expect
    prov = recs[0]["provenance"][-1]
    assert prov["command"] == "st-llmtoy" and prov["calls"] == 1 and prov["cache_hits"] == 0
    assert prov["model"] == "openai/some-model" and prov["template"]["name"] == "rate"
    assert prov["cost"] is None and prov["tokens"]["completion"] == 2
    assert "llm: 6 calls, 0 cache hits" in err
    assert sqlite3.connect(cache).execute("select count(*) from responses").fetchone()[0] == 6
    code, recs2, err = run(["--api-base", openai_server.url, "--max-concurrency", "2", "--retries", "1",
                            "--timeout", "5"], env=env)
    assert code == 0 and openai_server.calls == 6
    assert [r["clarity"] for r in recs2] == [r["clarity"] for r in recs]
    prov2 = recs2[0]["provenance"][-1]
    assert prov2["cache_hits"] == 1 and prov2["calls"] == 0
    assert prov2["model"] == prov["model"] and prov2["template"] == prov["template"]   # same on a rerun
    # --no-cache calls again and writes nothing; --cache PATH overrides ST_CACHE
    run(["--api-base", openai_server.url, "--no-cache"], env=env)
    assert openai_server.calls == 12
    assert sqlite3.connect(cache).execute("select count(*) from responses").fetchone()[0] == 6
    other = tmp_path / "other.sqlite"
    run(["--api-base", openai_server.url, "--cache", str(other)], env=env)
    assert openai_server.calls == 18 and other.exists()


def test_template_override_changes_prompt_and_key(openai_server, tmp_path):
    openai_server.reply("3")
    f = tmp_path / "mine.txt"
    f.write_text("Clarity 1-5? {{text}}")
    base = ["--api-base", openai_server.url, "--model", "openai/m", "--cache", str(tmp_path / "c.sqlite")]
    run(base, records=RECS[:1])
    code, recs, err = run(base + ["--template", str(f)], records=RECS[:1])
    assert code == 0, err and openai_server.calls == 2
    assert openai_server.prompts[-1] == "Clarity 1-5? text number 0"
    assert recs[0]["provenance"][-1]["template"]["sha256"] == __import__("hashlib").sha256(f.read_bytes()).hexdigest()


def test_dry_run_makes_no_calls_and_reports_on_stderr(openai_server, tmp_path):
    code, recs, err = run(["--api-base", openai_server.url, "--model", "openai/gpt-4o-mini", "--dry-run",
                           "--cache", str(tmp_path / "c.sqlite")])
    assert openai_server.calls == 0
    assert "dry run: 6 calls needed, 0 cache hits" in err and "estimated cost ~$" in err
    assert code == 0 and all(r["clarity"]["unscored_reason"] == "dry_run" for r in recs)


def test_max_cost_turns_the_rest_into_budget_error_records(openai_server, tmp_path):
    openai_server.reply("Score: 4 " + "word " * 98)   # 100 completion tokens = $0.10 at this price
    # price $1000 per million output tokens; a call is admitted while spent + its estimate
    # (256 assumed output tokens = $0.256) stays within $0.60: spent 0, .1, .2, .3 → 4 calls,
    # then .4 + .256 > .6 → the remaining 2 are refused; the spend (.4) never passes the budget
    code, recs, err = run(["--api-base", openai_server.url, "--model", "openai/m", "--price", "0,1000",
                           "--max-cost", "0.6", "--max-concurrency", "1", "--no-cache"])
    assert code == 1
    ok = [r for r in recs if "error" not in r]
    bad = [r for r in recs if "error" in r]
    assert len(recs) == 6 and openai_server.calls == len(ok) == 4
    assert sum(r["provenance"][-1]["cost"] for r in ok) == pytest.approx(0.4)
    assert all(r["error"]["kind"] == "budget" and "--max-cost 0.6" in r["error"]["message"] for r in bad)
    assert "requests not sent" in err


def test_faults_become_error_records_and_stdout_stays_jsonl(openai_server, tmp_path):
    openai_server.reply(score_reply)
    openai_server.push(Fault.status(401, message="bad key"))
    code, recs, err = run(["--api-base", openai_server.url, "--model", "openai/m", "--no-cache",
                           "--max-concurrency", "1"])
    assert code == 1 and len(recs) == 6
    bad = [r for r in recs if "error" in r]
    assert len(bad) == 1 and bad[0]["error"]["kind"] == "llm_auth" and bad[0]["error"]["status"] == 401
    assert "Give Feedback" not in err   # litellm's banner is suppressed everywhere


def test_unopenable_cache_is_a_usage_error(tmp_path):
    code, recs, err = run(["--model", "openai/m", "--cache", str(tmp_path)])
    assert code == 2 and "cannot use the LLM cache" in err and "--no-cache" in err and recs == []


def test_no_model_is_a_usage_error():
    code, recs, err = run([])
    assert code == 2 and "--model" in err and "ST_MODEL" in err and recs == []


def test_litellm_import_is_offline_quiet_and_ignores_dotenv(tmp_path):
    (tmp_path / ".env").write_text("ST_DOTENV_PROBE=leaked\nOPENAI_API_KEY=sk-from-dotenv\n")
    code = ("import sys, os; ev=[]\n"
            "sys.addaudithook(lambda e,a: ev.append(a[0]) if e == 'socket.getaddrinfo' else None)\n"
            "from scholartools.llm.litellm_compat import import_litellm\n"
            "m = import_litellm()\n"
            "print(len(ev), os.environ.get('ST_DOTENV_PROBE'), os.environ.get('OPENAI_API_KEY'), m.suppress_debug_info,"
            " file=sys.stderr)")
    env = dict(os.environ, PYTHONPATH=ROOT)
    for k in ("OPENAI_API_KEY", "LITELLM_LOCAL_MODEL_COST_MAP", "PYTHON_DOTENV_DISABLED", "LITELLM_MODE"):
        env.pop(k, None)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert p.stdout == ""
    assert p.stderr.strip().splitlines()[-1] == "0 None None True", p.stderr


_RAW_LITELLM = """
import os, sys
sys.path.insert(0, {tests!r})
os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
import litellm   # undefended: no PYTHON_DOTENV_DISABLED, no suppress_debug_info
print("DOTENV:", os.environ.get("ST_DOTENV_PROBE"), file=sys.stderr)
from openai_server import ScriptedOpenAIServer, Fault
srv = ScriptedOpenAIServer().start()
for flag in (False, True):
    litellm.suppress_debug_info = flag
    srv.push(Fault.status(400))
    sys.stdout.write("--- suppress=%s\\n" % flag); sys.stdout.flush()
    try:
        litellm.completion(model="openai/m", api_base=srv.url, api_key="x",
                           messages=[{{"role": "user", "content": "x"}}], max_retries=0)
    except Exception:
        pass
    sys.stdout.flush()
"""


def test_litellm_behaviours_our_defences_exist_for(tmp_path):
    """The real litellm, undefended: it loads ./.env into os.environ at import and prints a
    feedback banner on *stdout* when it maps an error; suppress_debug_info (set by
    import_litellm) removes the banner. (anchors-tools.md §4.1, re-checked on the installed
    version.)"""
    (tmp_path / ".env").write_text("ST_DOTENV_PROBE=leaked\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    for k in ("PYTHON_DOTENV_DISABLED", "LITELLM_MODE", "ST_DOTENV_PROBE"):
        env.pop(k, None)
    code = _RAW_LITELLM.format(tests=os.path.join(ROOT, "tests"))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                       timeout=120)
    assert "DOTENV: leaked" in p.stderr
    undefended, defended = p.stdout.split("--- suppress=True")
    assert "Give Feedback" in undefended
    assert defended.strip() == ""


@pytest.mark.parametrize("module", ["scholartools.llm.options", "scholartools.llm.replies", "scholartools.llm.templates"])
def test_light_modules_do_not_import_litellm(module):
    code = f"import sys, {module}; print('litellm' in sys.modules, 'openai' in sys.modules)"
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=ROOT), timeout=60)
    assert p.stdout.split() == ["False", "False"]


def test_ctrl_c_exits_130_and_keeps_answers_in_the_cache(openai_server, tmp_path):
    import re
    import signal
    import threading
    import time

    # the calls about r8.. are held until the interrupt is sent: both slots (concurrency 2) hang on
    # them, so it comes mid-run and every request the run sent has reached the server before the
    # rerun's count starts (interrupted at a count instead, one could arrive after it and be taken
    # for the rerun's: 34 calls for 33 with ST_TEST_SERVER_JITTER=0.3, seeds 1 and 3)
    gate, held = threading.Event(), []

    def reply(body):
        late = re.search(r"\btext (\d+)\b", body["messages"][-1]["content"])
        if late and int(late.group(1)) >= 8 and not gate.is_set():
            held.append(late.group(1))
            gate.wait(60)
        return score_reply(body)

    openai_server.reply(reply)
    cache = tmp_path / "int.sqlite"
    recs = [{"id": f"r{i}", "text": f"text {i}"} for i in range(40)]
    # through litellm (its HTTP clients and exit hooks): tests/test_hostile.py interrupts the direct transport
    env = dict(os.environ, PYTHONPATH=ROOT, ST_MODEL="openai/m", ST_CACHE=str(cache), ST_LLM_TRANSPORT="litellm")
    env.pop("OPENAI_API_KEY", None)
    p = subprocess.Popen([sys.executable, HERE, "--api-base", openai_server.url, "--max-concurrency", "2"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=interruptible)
    p.stdin.write(b"".join(orjson.dumps(r) + b"\n" for r in recs))
    p.stdin.close()
    p.stdin = None   # so communicate() does not flush it
    deadline = time.time() + 60
    while len(held) < 2 and time.time() < deadline:
        time.sleep(0.02)
    try:
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        gate.set()
    assert p.returncode == 130, err
    done = sqlite3.connect(cache).execute("select count(*) from responses").fetchone()[0]
    assert 6 <= done < 40
    assert b"llm:" in err and b"Traceback" not in err
    before = openai_server.calls
    code, got, _ = run(["--api-base", openai_server.url], records=recs, env={"ST_MODEL": "openai/m", "ST_CACHE": str(cache)})
    assert code == 0 and len(got) == 40
    assert openai_server.calls - before == 40 - done
