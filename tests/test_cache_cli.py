"""st-cache stats | prune | export | import | merge, on SQLite files and a real Redis server.

The cache is filled by real LLM runs (the toy command of tests/test_llm_cli.py against the
scripted server), so the entries are exactly what a command stores; every count asserted below is
known from the inputs (6 distinct requests per run, two models, tokens = words of the prompt and
reply, as the scripted server counts them).
"""
from __future__ import annotations

import gzip
import sqlite3

import orjson
import pytest
from click.testing import CliRunner

from redis_server import redis_server  # noqa: F401 (fixture)
from scholartools.cli.cache import main as st_cache, parse_age
from test_llm_cli import RECS, run, score_reply

TEMPLATE = "Rate the clarity of this text from 1 to 5.\n\n{{text}}"


def cache_cmd(*args, input=b""):
    r = CliRunner().invoke(st_cache, [str(a) for a in args], input=input, catch_exceptions=False,
                           env={"ST_CACHE": None})
    lines = [orjson.loads(line) for line in r.stdout_bytes.splitlines()] if r.stdout_bytes.strip().startswith(b"{") \
        else []
    return r.exit_code, lines, r.stderr, r.stdout_bytes


def fill(server, cache, model="openai/model-a", records=RECS):
    server.reply(score_reply)
    code, recs, err = run(["--api-base", server.url, "--model", model, "--cache", cache], records=records)
    assert code == 0, err
    return recs


def prompt_words(rec):
    return len(TEMPLATE.replace("{{text}}", rec["text"]).split())


def test_stats_counts_entries_tokens_by_model(openai_server, tmp_path):
    cache = str(tmp_path / "c.sqlite")
    fill(openai_server, cache)
    fill(openai_server, cache, model="openai/model-b", records=RECS[:2])
    code, out, err, _ = cache_cmd("stats", "--cache", cache)
    assert code == 0, err
    s = out[0]
    assert s["entries"] == 8 and s["usable"] == 8 and s["unusable"] == 0
    a = s["by_model"]["openai/model-a"]
    assert a["entries"] == 6 and a["prompt_tokens"] == sum(prompt_words(r) for r in RECS)
    assert a["completion_tokens"] == 12 and a["cost"] is None            # "Score: N" = 2 words; no price known
    assert s["by_model"]["openai/model-b"]["entries"] == 2
    code, _, _, raw = cache_cmd("stats", "--cache", cache, "--format", "table")
    assert code == 0 and b"openai/model-a" in raw and b"8 (8 usable, 0 unusable)" in raw


def test_prune_by_model_and_age(openai_server, tmp_path):
    cache = str(tmp_path / "c.sqlite")
    fill(openai_server, cache)
    fill(openai_server, cache, model="openai/model-b", records=RECS[:2])
    con = sqlite3.connect(cache)
    con.execute("update responses set created_at='2020-01-01T00:00:00.000+00:00' where rowid in "
                "(select rowid from responses where model='openai/model-a' limit 2)")
    con.commit()
    code, out, _, _ = cache_cmd("prune", "--cache", cache, "--older-than", "30d")
    assert code == 0 and out[0]["deleted"] == 2 and out[0]["entries"] == 6
    code, out, _, _ = cache_cmd("prune", "--cache", cache, "--model", "openai/model-b")
    assert code == 0 and out[0]["deleted"] == 2 and out[0]["entries"] == 4
    # the pruned requests are asked again, the others are still hits
    before = openai_server.calls
    fill(openai_server, cache)
    assert openai_server.calls - before == 2


def test_parse_age():
    assert parse_age("30d") == 30 * 86400 and parse_age("12h") == 43200 and parse_age("2w") == 14 * 86400
    with pytest.raises(Exception, match="30d"):
        parse_age("thirty days")


def test_export_import_moves_a_cache_to_redis_and_the_rerun_makes_no_calls(openai_server, tmp_path, redis_server):
    cache = str(tmp_path / "c.sqlite")
    recs = fill(openai_server, cache)
    dump = tmp_path / "answers.jsonl.gz"
    code, _, err, raw = cache_cmd("export", "--cache", cache)
    assert code == 0, err
    entries = [orjson.loads(line) for line in raw.splitlines()]
    assert len(entries) == 6 and all(e["request"]["model"] == "openai/model-a" for e in entries)
    assert sorted(e["response"]["text"] for e in entries) == sorted(r["clarity"]["raw"] for r in recs)
    dump.write_bytes(gzip.compress(raw))
    code, out, err, _ = cache_cmd("import", "--cache", redis_server.url, dump)
    assert code == 0, err
    assert out[0] == {"action": "import", "cache": redis_server.url, "added": 6, "replaced": 0, "kept": 0, "refused": 0}
    before = openai_server.calls
    recs2 = fill(openai_server, redis_server.url)
    assert openai_server.calls == before and [r["clarity"] for r in recs2] == [r["clarity"] for r in recs]
    # importing again changes nothing; an edited entry is refused, the rest still go in
    edited = dict(entries[0], request=dict(entries[0]["request"], model="openai/other"))
    data = orjson.dumps(edited) + b"\n" + raw
    code, out, err, _ = cache_cmd("import", "--cache", redis_server.url, input=data)
    assert code == 1 and out[0]["refused"] == 1 and out[0]["kept"] == 6 and "<stdin>:1: refused" in err


def test_merge_two_sqlite_caches_and_into_redis(openai_server, tmp_path, redis_server):
    a, b = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    fill(openai_server, a, records=RECS[:4])
    fill(openai_server, b, records=RECS[2:])          # RECS[2:4] are in both
    code, out, err, _ = cache_cmd("merge", a, b)
    assert code == 0, err
    assert (out[0]["added"], out[0]["kept"], out[0]["replaced"]) == (2, 2, 0)
    before = openai_server.calls
    fill(openai_server, a)                            # all six answered by the merged cache
    assert openai_server.calls == before
    code, out, _, _ = cache_cmd("merge", redis_server.url, a)
    assert code == 0 and out[0]["added"] == 6
    code, out, _, _ = cache_cmd("stats", "--cache", redis_server.url)
    assert out[0]["entries"] == 6 and out[0]["backend"] == "redis"


def test_merge_replaces_an_unusable_reply_with_a_usable_one(openai_server, tmp_path):
    a, b = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    fill(openai_server, a, records=RECS[:1])
    fill(openai_server, b, records=RECS[:1])
    sqlite3.connect(a).execute("update responses set usable=0").connection.commit()
    code, out, _, _ = cache_cmd("merge", a, b)
    assert code == 0 and out[0]["replaced"] == 1
    assert sqlite3.connect(a).execute("select usable from responses").fetchone()[0] == 1


def test_merge_and_stats_need_existing_caches(tmp_path):
    code, _, err, _ = cache_cmd("merge", tmp_path / "a.sqlite", tmp_path / "missing.sqlite")
    assert code == 2 and "missing.sqlite" in err
    code, _, err, _ = cache_cmd("merge", tmp_path / "a.sqlite")
    assert code == 2 and "FROM" in err
