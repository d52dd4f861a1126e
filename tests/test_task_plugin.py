"""A task from another installed package: one module plus its prompt template, registered through the
``scholartools.tasks`` entry point group, shows up in the command's --help, runs offline and under
--dry-run, through the Python API and on Dask — with nothing of scholartools edited.

The package is installed for the test as a real distribution on ``sys.path`` (a ``.dist-info``
folder with ``entry_points.txt``), which is what ``pip install`` leaves behind.
"""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

TOY = '''
from dataclasses import dataclass

from scholartools.tasks import Options, Task, option


@dataclass
class ShoutOptions(Options):
    shout_field: str = option("text", "shout: the field shouted.", metavar="FIELD")
    marks: int = option(1, "shout: exclamation marks added.", type=int, min=0, metavar="N")


def offline(records, ctx):
    o = ctx.options
    return [{**r, "shout": r[o.shout_field].upper() + "!" * o.marks} for r in records]


def llm_record(rec, ctx):
    res = yield ctx.ask("toy_shout:shout", text=rec[ctx.options.shout_field])
    return {**rec, "shout": res.text}


SHOUT = Task(name="shout", command="st-judge", summary="the text in capitals (a plugin's task)",
             llm="toy_shout:llm_record", offline="toy_shout:offline", options=ShoutOptions,
             templates=("toy_shout:shout",),
             reads={"text": "text"}, writes=("shout",), method_names={"offline": "upper-case"})
'''

RECS = [{"id": "a", "text": "quiet please"}, {"id": "b", "text": "hello"}]


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    (tmp_path / "toy_shout.py").write_text(TOY, encoding="utf-8")
    (tmp_path / "shout.txt").write_text("## the plugin's own prompt, beside its module\nShout this: {{text}}\n",
                                        encoding="utf-8")
    dist = tmp_path / "toy_shout-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-shout\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[scholartools.tasks]\nshout = toy_shout:SHOUT\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    _reload()
    yield
    monkeypatch.undo()
    sys.modules.pop("toy_shout", None)
    importlib.invalidate_caches()
    _reload()


def _reload():
    from scholartools import tasks
    import scholartools.cli.judge

    tasks.reload()
    importlib.reload(scholartools.cli.judge)


def _judge(args, records=RECS):
    from scholartools.cli.judge import main

    data = b"".join(orjson.dumps(r) + b"\n" for r in records)
    env = {"ST_MODEL": None, "ST_CACHE": None, "ST_API_BASE": None, "OPENAI_API_KEY": None}
    r = CliRunner().invoke(main, args, input=data, env=env, catch_exceptions=False, terminal_width=100)
    if "--help" in args:
        return r.exit_code, [], r.stderr, r.stdout
    return r.exit_code, [orjson.loads(x) for x in r.stdout_bytes.splitlines() if x.strip()], r.stderr, r.stdout


def test_the_registry_lists_the_plugin_task_after_the_built_in_ones(plugin):
    from scholartools import tasks

    names = list(tasks.tasks_of("st-judge"))
    assert names[-1] == "shout" and names[0] == "match"


def test_help_lists_the_task_and_its_options(plugin):
    code, _, _, out = _judge(["--help"])
    assert code == 0
    assert "shout     the text in capitals (a plugin's task). [--shout-field --marks]" in out
    assert "--shout-field FIELD" in out and "shout: exclamation marks added." in out
    assert "[compare3|critique|entail|equation|equation-choice|labels|match|prefer|rate|shout]" in out


def test_the_command_runs_it_offline_with_its_options(plugin):
    code, out, err, _ = _judge(["--task", "shout", "--marks", "2"])
    assert code == 0, err
    assert [r["shout"] for r in out] == ["QUIET PLEASE!!", "HELLO!!"]
    assert out[0]["provenance"][-1]["method"] == "upper-case"
    assert out[0]["provenance"][-1]["task"] == "shout"
    code, _, err, _ = _judge(["--task", "shout", "--variants", "2"])   # another task's option
    assert code == 2 and "--variants: not an option of --task shout" in err


def test_dry_run_counts_its_calls(plugin):
    code, out, err, _ = _judge(["--task", "shout", "--dry-run", "--model", "openai/toy", "--no-cache"])
    assert code == 0, err
    assert "dry run: 2 calls needed" in err
    assert [r["shout"] for r in out] == [None, None]


def test_the_api_runs_it_through_the_library(plugin):
    import scholartools

    out = scholartools.run("st-judge", RECS, task="shout", marks=3)
    assert [r["shout"] for r in out] == ["QUIET PLEASE!!!", "HELLO!!!"]
    assert out[1]["provenance"][-1]["command"] == "st-judge"
    with pytest.raises(scholartools.CommandError, match="--marks must be at least 0"):
        scholartools.run("st-judge", RECS, task="shout", marks=-1)
    with pytest.raises(TypeError, match="shout_field"):
        scholartools.run("st-judge", RECS, task="shout", no_such=1)


def test_its_llm_method_asks_with_its_own_template(plugin, openai_server):
    import hashlib

    import scholartools

    openai_server.reply(lambda body: body["messages"][-1]["content"].split(": ", 1)[1].upper())
    out = scholartools.run("st-judge", RECS, task="shout", method="llm", model="openai/toy",
                           api_base=openai_server.url, no_cache=True)
    # the two requests run concurrently: their arrival order at the server is not fixed
    assert sorted(openai_server.prompts) == ["Shout this: hello", "Shout this: quiet please"]   # its comment line unsent
    assert [r["shout"] for r in out] == ["QUIET PLEASE", "HELLO"]
    import toy_shout

    sha = hashlib.sha256((Path(toy_shout.__file__).parent / "shout.txt").read_bytes()).hexdigest()
    assert out[0]["provenance"][-1]["templates"] == [{"name": "toy_shout:shout", "sha256": sha}]


def test_dask_runs_it(plugin):
    import scholartools.scale as std

    out = list(std.run("st-judge", RECS, scheduler="sync", partition_size=1, task="shout"))
    assert [r["shout"] for r in out] == ["QUIET PLEASE!", "HELLO!"]


def test_a_plugin_template_that_is_not_there_names_what_is_missing():
    from scholartools.llm.templates import TemplateError, load

    with pytest.raises(TemplateError, match="no module 'no_such_plugin' is installed"):
        load("no_such_plugin:shout")
    with pytest.raises(TemplateError, match=r"no nothing\{\.txt,\.md,\.prompt\} in .*scholartools"):
        load("scholartools:nothing")
