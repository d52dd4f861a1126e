"""Our own response cache: one interface, two backends sharing the same keys and rules.

* **SQLite** (the default): one file in WAL mode, shared safely by the processes of one machine
  (``--cache PATH`` / ``ST_CACHE=PATH``; :class:`SQLiteCache`);
* **Redis or Valkey** (``ST_CACHE=redis://host:port/db``): one server shared by workers on many
  machines (:class:`scholartools.llm.cache_redis.RedisCache`).

:func:`open_cache` picks the backend from the location.  Not litellm's cache (anchors-tools.md
§4.2: its key depends on keyword order, omits api_base, and a hit crashes a plain install).  The
key is ``"v1:" + sha256(canonical JSON)`` of everything that changes the answer — model,
api_base, messages, sampling parameters, response format, sample index, template hash, cache
schema version — computed once, before the call, from the request dict (:func:`request_key`).
API keys, timeouts and retry settings are never part of the key and never stored.  Errors are
never stored.  Every answer is committed as soon as it arrives, so an interrupted run (Ctrl-C,
kill -9) keeps everything already answered.

A reply that its task could not parse (after the repair re-ask too) is kept for inspection with
``usable = 0`` and never served as a hit: the next run asks again and replaces it.

Identical requests are asked once even across processes: before calling, a process *claims* the
key (the ``inflight`` table; a key with an expiry in Redis); another process that needs the same
key waits for the answer to appear instead of calling too.  A claim whose owner died (same host,
pid gone) or that is older than the claim lifetime is taken over, so a killed run never blocks
the next.

Requests written into a provider batch (``--batch-api submit``, :mod:`scholartools.llm.batch`)
are remembered with their batch (tables ``batches`` and ``batch_items``) until the batch is
collected, so that a second submit does not pay for them twice and ``--batch-api collect``
knows what to fetch, from any machine sharing the cache.

Inspect a SQLite cache with ``st-cache stats`` or ``sqlite3 "$ST_CACHE" 'select key, model,
prompt_tokens, cost, created_at from responses'``; the ``request`` column holds the canonical
request JSON, ``response`` the reply (``{"text": …, "finish_reason": …, "model": …}``).
"""
from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Iterator

import orjson

#: bump when the key's content or the row format changes meaning
SCHEMA_VERSION = 1
KEY_PREFIX = "v1:"

#: request fields that never enter the key (transport, secrets)
TRANSPORT_FIELDS = frozenset({
    "api_key", "timeout", "num_retries", "max_retries", "retries", "metadata",
    "max_concurrency", "stream", "user", "extra_headers",
})

#: the fields of one cache entry (``st-cache export`` writes one JSON object with these per line)
ENTRY_FIELDS = ("key", "request", "response", "model", "served_model", "prompt_tokens", "completion_tokens",
                "cost", "latency_ms", "created_at", "tool_version", "usable")

#: cache locations that name a Redis/Valkey server rather than a SQLite file
URL_SCHEMES = ("redis://", "rediss://", "unix://", "valkey://", "valkeys://")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key               TEXT PRIMARY KEY,
    request           TEXT NOT NULL,
    response          TEXT NOT NULL,
    model             TEXT,
    served_model      TEXT,
    prompt_tokens     INTEGER,
    completion_tokens INTEGER,
    cost              REAL,
    latency_ms        REAL,
    created_at        TEXT NOT NULL,
    tool_version      TEXT,
    usable            INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS inflight (key TEXT PRIMARY KEY, owner TEXT NOT NULL, started REAL NOT NULL);
CREATE TABLE IF NOT EXISTS batches (id TEXT PRIMARY KEY, info TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS batch_items (batch_id TEXT NOT NULL, key TEXT NOT NULL, request TEXT NOT NULL,
                                        PRIMARY KEY (batch_id, key));
CREATE INDEX IF NOT EXISTS batch_items_key ON batch_items(key);
"""


class CacheUnavailable(RuntimeError):
    """The cache cannot be opened (bad path, not a database, damaged, no permission, no server)."""


def default_path() -> str:
    """``$ST_CACHE``, else ``$XDG_CACHE_HOME/scholartools/llm.sqlite`` (``~/.cache`` by default)."""
    env = os.environ.get("ST_CACHE")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "scholartools", "llm.sqlite")


def is_server_url(location: str) -> bool:
    """True when ``location`` names a Redis/Valkey server (``redis://host:port/db`` …)."""
    return str(location).lower().startswith(URL_SCHEMES)


#: the backend of server URLs, named (not imported) here: it builds on this module's CacheBackend
SERVER_BACKEND = "scholartools.llm.cache_redis:RedisCache"


def _server_backend() -> type:
    import importlib

    module, _, name = SERVER_BACKEND.partition(":")
    return getattr(importlib.import_module(module), name)


def open_cache(location: str | None = None) -> "CacheBackend":
    """The cache at ``location`` (a SQLite path or a ``redis://`` URL; default :func:`default_path`).

    Raises :class:`CacheUnavailable` when it cannot be used (the message names the location).
    """
    location = location or default_path()
    if is_server_url(location):
        return _server_backend()(location)
    try:
        return SQLiteCache(location)
    except (sqlite3.Error, OSError) as exc:
        raise CacheUnavailable(f"cannot use the LLM cache '{location}': {exc}") from exc


def _normalise(value: Any) -> Any:
    # ints that are really floats (temperature=0 vs 0.0) must hash the same. A request's key is
    # made for every request (41,422 in PaperRQ's plan), mostly of chat messages: the plain types
    # (exactly str, dict, list) are taken first and a str leaf is not passed on; the rest, as
    # _normalise_any (the same values, of any type).
    t = type(value)
    if t is str or value is None or t is bool:
        return value
    if t is dict:
        return {k if type(k) is str else str(k): v if type(v) is str else _normalise(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) is str else _normalise(v) for v in value]
    return _normalise_any(value)


def _normalise_any(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict):
        return {str(k): _normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_normalise(v) for v in value]
    return str(value)


def canonical_json(obj: Any) -> bytes:
    """Sorted keys, compact, UTF-8 (non-ASCII kept), numbers as floats."""
    return orjson.dumps(_normalise(obj), option=orjson.OPT_SORT_KEYS)


def request_key(request: dict) -> tuple[str, bytes]:
    """``(key, canonical request JSON)`` for a request dict; transport fields are dropped."""
    clean = {k: v for k, v in request.items() if k not in TRANSPORT_FIELDS and v is not None}
    clean["cache_schema"] = SCHEMA_VERSION
    blob = canonical_json(clean)
    return key_of_blob(blob), blob


def key_of_blob(blob: bytes) -> str:
    """The cache key of a canonical request JSON (what :func:`request_key` returns with it)."""
    return KEY_PREFIX + hashlib.sha256(blob).hexdigest()


def now_iso() -> str:
    """The time stamp format of ``created_at`` (UTC, milliseconds): sortable as text."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def iso_before(seconds: float) -> str:
    """The ``created_at`` stamp of ``seconds`` ago (for ``prune --older-than``)."""
    return (datetime.now(timezone.utc) - timedelta(seconds=seconds)).isoformat(timespec="milliseconds")


def tool_version() -> str:
    from scholartools.version import __version__

    return f"scholartools {__version__}"


def check_entry(entry: dict) -> dict:
    """An exported entry, checked: its key must be the hash of its request (ValueError otherwise).

    ``request`` and ``response`` may be JSON text or parsed objects; the result holds them as
    text, with the request in canonical form.
    """
    if not isinstance(entry, dict):
        raise ValueError("an entry is a JSON object")
    missing = [f for f in ("key", "request", "response") if entry.get(f) is None]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    request = entry["request"]
    if isinstance(request, str):
        request = orjson.loads(request)
    blob = canonical_json(request)
    if key_of_blob(blob) != entry["key"]:
        raise ValueError(f"key {str(entry['key'])[:20]}… is not the hash of its request (edited or damaged entry)")
    response = entry["response"]
    if not isinstance(response, str):
        response = orjson.dumps(response).decode("utf-8")
    out = {f: entry.get(f) for f in ENTRY_FIELDS}
    out.update(request=blob.decode("utf-8"), response=response,
               created_at=entry.get("created_at") or now_iso(), usable=int(bool(entry.get("usable", 1))))
    return out


def decode_hit(response, prompt_tokens=None, completion_tokens=None, cost=None, served_model=None) -> dict | None:
    """A stored response as the client's hit (``{"text", …, "usage", "cost", "served_model"}``),
    or None when the entry is malformed (not JSON, not an object, no text): a miss, not an error."""
    try:
        resp = orjson.loads(response)
    except (orjson.JSONDecodeError, TypeError):
        return None
    if not isinstance(resp, dict) or not isinstance(resp.get("text"), str):
        return None
    if resp.get("logprobs") is not None and not isinstance(resp["logprobs"], list):
        return None
    resp["usage"] = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}
    resp["cost"] = cost
    resp["served_model"] = served_model
    return resp


class CacheBackend:
    """What the LLM client, ``st-cache`` and the batch mode need from a cache.

    Answers: :meth:`lookup_many`, :meth:`store` (first usable answer wins; an unusable one is
    replaced), :meth:`mark_unusable`.  Claims on keys being asked: :meth:`claim`,
    :meth:`release`, :meth:`claimed`.  Maintenance: :meth:`iter_entries`, :meth:`put_entry`,
    :meth:`prune`, :meth:`stats`.  Provider batches: :meth:`add_batch`, :meth:`open_batches`,
    :meth:`batch_items`, :meth:`close_batch`, :meth:`keys_in_batches`.
    """

    #: where the cache is (a path or a URL without password), for messages
    location: str = ""
    #: what a storage fault raises (the client logs it once and goes on without that operation)
    errors: tuple[type[BaseException], ...] = (OSError, ValueError)
    #: True once the backend is unreachable for the rest of the process (a Redis server gone)
    down: bool = False
    #: malformed entries met by lookups in this process (each treated as a miss, marked unusable
    #: so that the next answer overwrites it)
    malformed: int = 0

    def _malformed(self, key: str) -> None:
        self.malformed += 1
        try:
            self.mark_unusable(key)
        except Exception:  # noqa: BLE001 - a read-only or damaged cache: still a miss
            pass

    def lookup(self, key: str) -> dict | None:
        """The stored usable response for ``key`` (``{"text", …, "usage", "cost", "served_model"}``) or None."""
        return self.lookup_many([key]).get(key)

    def lookup_many(self, keys: list[str]) -> dict[str, dict]:
        raise NotImplementedError

    def store(self, key: str, request_json: bytes, response: dict, *, model: str | None = None,
              served_model: str | None = None, prompt_tokens: int | None = None,
              completion_tokens: int | None = None, cost: float | None = None,
              latency_ms: float | None = None, usable: bool = True) -> None:
        raise NotImplementedError

    def mark_unusable(self, key: str) -> None:
        raise NotImplementedError

    def claim(self, key: str, owner: str, lifetime: float) -> bool:
        raise NotImplementedError

    def release(self, key: str, owner: str) -> None:
        raise NotImplementedError

    def claimed(self, key: str) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __len__(self) -> int:
        raise NotImplementedError

    # maintenance ---------------------------------------------------------------------------
    def iter_entries(self, model: str | None = None, before: str | None = None) -> Iterator[dict]:
        """Every entry (fields :data:`ENTRY_FIELDS`; request and response as JSON text)."""
        raise NotImplementedError

    def put_entry(self, entry: dict) -> str:
        """Store an exported entry as it is: ``"added"``, ``"kept"`` (a usable one was there) or
        ``"replaced"`` (an unusable one was there)."""
        raise NotImplementedError

    def prune(self, model: str | None = None, before: str | None = None, unusable: bool = False) -> int:
        """Delete the entries of ``model`` and/or created before ``before`` (and/or, with
        ``unusable``, the unusable ones); returns how many.  With no condition nothing is deleted."""
        raise NotImplementedError

    def stats(self) -> dict:
        """Entries, usable/unusable, bytes, by model (entries, tokens, cost), oldest/newest, claims, batches."""
        raise NotImplementedError

    # provider batches ------------------------------------------------------------------------
    def add_batch(self, batch_id: str, info: dict, items: list[tuple[str, bytes]]) -> None:
        """Remember a submitted batch (``info``: provider, model, api_base, …) and its requests."""
        raise NotImplementedError

    def open_batches(self) -> list[dict]:
        """The batches submitted and not yet collected, oldest first (their ``info`` dicts)."""
        raise NotImplementedError

    def batch_items(self, batch_id: str) -> dict[str, bytes]:
        """key → canonical request JSON of the requests of an open batch."""
        raise NotImplementedError

    def close_batch(self, batch_id: str, info: dict) -> None:
        """The batch is collected (or gone): forget its requests, keep ``info`` as its record."""
        raise NotImplementedError

    def keys_in_batches(self, keys: list[str]) -> dict[str, str]:
        """key → batch id for the ``keys`` that wait in an open batch."""
        raise NotImplementedError


def _summary(rows: list[tuple]) -> dict:
    """stats' by-model part from (model, entries, prompt, completion, cost, unknown-cost) rows."""
    out = {}
    for model, n, pt, ct, cost, unknown in rows:
        out[model or "?"] = {"entries": n, "prompt_tokens": pt or 0, "completion_tokens": ct or 0,
                             "cost": None if cost is None and unknown else round(cost or 0.0, 8),
                             **({"cost_unknown": unknown} if unknown else {})}
    return out


class SQLiteCache(CacheBackend):
    """The SQLite cache. Thread-safe (one connection per thread); several processes may share it."""

    errors = (sqlite3.Error, OSError, ValueError)

    def __init__(self, path: str | None = None, busy_timeout_ms: int = 60000):
        self.path = path or default_path()
        self.location = self.path
        self.busy_timeout_ms = busy_timeout_ms
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        d = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(d, exist_ok=True)
        self._init_schema()

    # connections ---------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout_ms / 1000,
                                   isolation_level=None, check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout={int(self.busy_timeout_ms)}")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    def _init_schema(self) -> None:
        # Switching to WAL needs a brief exclusive lock; several processes may start together.
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            try:
                conn = self._connect()
                mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                conn.executescript(_SCHEMA)
                columns = {row[1] for row in conn.execute("PRAGMA table_info(responses)")}
                if "usable" not in columns:   # a cache written before replies were marked
                    conn.execute("ALTER TABLE responses ADD COLUMN usable INTEGER NOT NULL DEFAULT 1")
                conn.execute("INSERT OR IGNORE INTO meta(name, value) VALUES ('schema_version', ?)",
                             (str(SCHEMA_VERSION),))
                conn.execute("SELECT key FROM responses LIMIT 1").fetchall()   # a damaged file fails here
                self.journal_mode = mode
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def close(self) -> None:
        with self._conns_lock:
            for conn in self._conns:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._conns.clear()
        self._local = threading.local()

    # reads ---------------------------------------------------------------------------------
    def lookup(self, key: str) -> dict | None:
        row = self._connect().execute(
            "SELECT response, prompt_tokens, completion_tokens, cost, served_model FROM responses "
            "WHERE key=? AND usable=1", (key,)).fetchone()
        if not row:
            return None
        hit = decode_hit(*row)
        if hit is None:
            self._malformed(key)
        return hit

    def lookup_many(self, keys: list[str]) -> dict[str, dict]:
        """Responses for the keys that are cached (one query per 500 keys); a malformed entry is a miss."""
        rows = list(self._rows_for_keys("SELECT key, response, prompt_tokens, completion_tokens, cost, served_model "
                                        "FROM responses WHERE usable=1 AND key IN ({})", keys))
        out = {}
        for row in rows:
            hit = decode_hit(*row[1:])
            if hit is None:
                self._malformed(row[0])
            else:
                out[row[0]] = hit
        return out

    def _rows_for_keys(self, query: str, keys: list[str]) -> Iterator[tuple]:
        """The rows of ``query`` (its ``IN ({})`` filled with the distinct ``keys``, 500 at a time)."""
        uniq = list(dict.fromkeys(keys))
        conn = self._connect()
        for i in range(0, len(uniq), 500):
            chunk = uniq[i:i + 500]
            yield from conn.execute(query.format(",".join("?" * len(chunk))), chunk)

    def __len__(self) -> int:
        return self._connect().execute("SELECT count(*) FROM responses").fetchone()[0]

    # writes --------------------------------------------------------------------------------
    _UPSERT = ("INSERT INTO responses(key, request, response, model, served_model, prompt_tokens, "
               "completion_tokens, cost, latency_ms, created_at, tool_version, usable) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) "
               "ON CONFLICT(key) DO UPDATE SET request=excluded.request, response=excluded.response, "
               "model=excluded.model, served_model=excluded.served_model, prompt_tokens=excluded.prompt_tokens, "
               "completion_tokens=excluded.completion_tokens, cost=excluded.cost, latency_ms=excluded.latency_ms, "
               "created_at=excluded.created_at, tool_version=excluded.tool_version, usable=excluded.usable "
               "WHERE responses.usable=0")

    def store(self, key: str, request_json: bytes, response: dict, *, model: str | None = None,
              served_model: str | None = None, prompt_tokens: int | None = None,
              completion_tokens: int | None = None, cost: float | None = None,
              latency_ms: float | None = None, usable: bool = True) -> None:
        """Store one answer, committed immediately.

        The first usable answer of a key wins; an unusable one (``usable=False``: its task could
        not parse it) is kept only until a usable answer replaces it.
        """
        self._connect().execute(self._UPSERT, (
            key, request_json.decode("utf-8"), orjson.dumps(response).decode("utf-8"), model, served_model,
            prompt_tokens, completion_tokens, cost, latency_ms, now_iso(), tool_version(), int(bool(usable))))

    def mark_unusable(self, key: str) -> None:
        """Keep the answer of ``key`` for inspection but stop serving it (its task could not parse it)."""
        self._connect().execute("UPDATE responses SET usable=0 WHERE key=?", (key,))

    # claims on keys being asked -------------------------------------------------------------
    def claim(self, key: str, owner: str, lifetime: float) -> bool:
        """Claim ``key`` for ``owner`` (True), or False while another live owner holds it.

        A claim is stale, and taken over, when its owner's process is gone (same host) or when it
        is older than ``lifetime`` seconds.
        """
        conn = self._connect()
        now = time.time()
        if conn.execute("INSERT OR IGNORE INTO inflight(key, owner, started) VALUES (?,?,?)",
                        (key, owner, now)).rowcount:
            return True
        row = conn.execute("SELECT owner, started FROM inflight WHERE key=?", (key,)).fetchone()
        if row is None:   # released between the two statements
            return self.claim(key, owner, lifetime)
        if row[0] == owner:
            return True
        if now - row[1] > lifetime or not owner_alive(row[0]):
            return bool(conn.execute("UPDATE inflight SET owner=?, started=? WHERE key=? AND owner=?",
                                     (owner, now, key, row[0])).rowcount)
        return False

    def release(self, key: str, owner: str) -> None:
        self._connect().execute("DELETE FROM inflight WHERE key=? AND owner=?", (key, owner))

    def claimed(self, key: str) -> bool:
        return self._connect().execute("SELECT 1 FROM inflight WHERE key=?", (key,)).fetchone() is not None

    # maintenance ---------------------------------------------------------------------------
    @staticmethod
    def _where(model: str | None, before: str | None, unusable: bool = False) -> tuple[str, list]:
        conds, args = [], []
        if model is not None:
            conds.append("model=?")
            args.append(model)
        if before is not None:
            conds.append("created_at<?")
            args.append(before)
        if unusable:
            conds.append("usable=0")
        return (" WHERE " + " AND ".join(conds)) if conds else "", args

    def iter_entries(self, model: str | None = None, before: str | None = None) -> Iterator[dict]:
        where, args = self._where(model, before)
        cur = self._connect().execute(f"SELECT {', '.join(ENTRY_FIELDS)} FROM responses{where} ORDER BY created_at, key",
                                      args)
        for row in cur:
            yield dict(zip(ENTRY_FIELDS, row))

    def put_entry(self, entry: dict) -> str:
        conn = self._connect()
        row = conn.execute("SELECT usable FROM responses WHERE key=?", (entry["key"],)).fetchone()
        if row is not None and row[0]:
            return "kept"
        conn.execute(self._UPSERT, tuple(entry.get(f) for f in ENTRY_FIELDS))
        return "added" if row is None else "replaced"

    def prune(self, model: str | None = None, before: str | None = None, unusable: bool = False) -> int:
        if model is None and before is None and not unusable:
            return 0
        where, args = self._where(model, before, unusable)
        conn = self._connect()
        n = conn.execute(f"DELETE FROM responses{where}", args).rowcount
        if n:
            try:   # give the space back to the disk; another process reading at the time is no error
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                conn.execute("VACUUM")
            except sqlite3.OperationalError:
                pass
        return n

    def stats(self) -> dict:
        conn = self._connect()
        n, usable, oldest, newest = conn.execute(
            "SELECT count(*), coalesce(sum(usable), 0), min(created_at), max(created_at) FROM responses").fetchone()
        rows = conn.execute(
            "SELECT model, count(*), sum(prompt_tokens), sum(completion_tokens), sum(cost), "
            "sum(cost IS NULL) FROM responses GROUP BY model ORDER BY model").fetchall()
        size = sum(os.path.getsize(p) for p in (self.path, self.path + "-wal") if os.path.exists(p))
        return {"backend": "sqlite", "location": self.location, "entries": n, "usable": usable,
                "unusable": n - usable, "bytes": size, "oldest": oldest, "newest": newest,
                "by_model": _summary(rows),
                "claims": conn.execute("SELECT count(*) FROM inflight").fetchone()[0],
                "open_batches": len(self.open_batches()),
                "hits": None}   # hit counts are not kept (a write per hit would serialise readers)

    # provider batches ------------------------------------------------------------------------
    def add_batch(self, batch_id: str, info: dict, items: list[tuple[str, bytes]]) -> None:
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("INSERT OR REPLACE INTO batches(id, info, created_at) VALUES (?,?,?)",
                         (batch_id, orjson.dumps({**info, "open": True, "submitted_at": now_iso()}).decode(), now_iso()))
            conn.executemany("INSERT OR REPLACE INTO batch_items(batch_id, key, request) VALUES (?,?,?)",
                             [(batch_id, k, b.decode("utf-8")) for k, b in items])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def open_batches(self) -> list[dict]:
        rows = self._connect().execute("SELECT info FROM batches ORDER BY created_at, id").fetchall()
        return [info for info in (orjson.loads(r[0]) for r in rows) if info.get("open", True)]

    def batch_items(self, batch_id: str) -> dict[str, bytes]:
        rows = self._connect().execute("SELECT key, request FROM batch_items WHERE batch_id=?", (batch_id,))
        return {k: r.encode("utf-8") for k, r in rows}

    def close_batch(self, batch_id: str, info: dict) -> None:
        conn = self._connect()
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("UPDATE batches SET info=? WHERE id=?",
                         (orjson.dumps({**info, "open": False, "closed_at": now_iso()}).decode(), batch_id))
            conn.execute("DELETE FROM batch_items WHERE batch_id=?", (batch_id,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def keys_in_batches(self, keys: list[str]) -> dict[str, str]:
        return dict(self._rows_for_keys("SELECT key, batch_id FROM batch_items WHERE key IN ({})", keys))


#: the name the SQLite cache had before there were several backends
ResponseCache = SQLiteCache


def claim_owner(tag: object) -> str:
    """An owner name for claims: host, process and ``tag`` (one client of the process)."""
    return f"{socket.gethostname()}:{os.getpid()}:{id(tag):x}"


def owner_alive(owner: str) -> bool:
    """False when ``owner`` names a process on this host that no longer exists."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return True   # another machine's process: only the claim lifetime can tell
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:   # exists, but not ours to signal
        return True
    return True
