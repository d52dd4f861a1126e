"""Our own response cache: one SQLite file, WAL mode, shared safely by several processes.

Not litellm's cache (anchors-tools.md §4.2: its key depends on keyword order, omits api_base,
and a hit crashes a plain install).  The key is ``"v1:" + sha256(canonical JSON)`` of everything
that changes the answer — model, api_base, messages, sampling parameters, response format,
sample index, template hash, cache schema version — computed once, before the call, from the
request dict (:func:`request_key`).  API keys, timeouts and retry settings are never part of the
key and never stored.  Errors are never stored.  Every answer is committed as soon as it arrives,
so an interrupted run (Ctrl-C, kill -9) keeps everything already answered.

A reply that its task could not parse (after the repair re-ask too) is kept for inspection with
``usable = 0`` and never served as a hit: the next run asks again and replaces it.

Identical requests are asked once even across processes: before calling, a process *claims* the
key in the ``inflight`` table; another process that needs the same key waits for the answer to
appear instead of calling too.  A claim whose owner died (same host, pid gone) or that is older
than the claim lifetime is taken over, so a killed run never blocks the next.

Inspect it with ``sqlite3 "$ST_CACHE" 'select key, model, prompt_tokens, cost, created_at from
responses'``; the ``request`` column holds the canonical request JSON, ``response`` the reply
(``{"text": …, "finish_reason": …, "model": …}``).
"""
from __future__ import annotations

import hashlib
import os
import socket
import sqlite3
import threading
import time
from datetime import datetime, timezone
from typing import Any

import orjson

#: bump when the key's content or the row format changes meaning
SCHEMA_VERSION = 1
KEY_PREFIX = "v1:"

#: request fields that never enter the key (transport, secrets)
TRANSPORT_FIELDS = frozenset({
    "api_key", "timeout", "num_retries", "max_retries", "retries", "metadata",
    "max_concurrency", "stream", "user", "extra_headers",
})

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
"""


def default_path() -> str:
    """``$ST_CACHE``, else ``$XDG_CACHE_HOME/scholartools/llm.sqlite`` (``~/.cache`` by default)."""
    env = os.environ.get("ST_CACHE")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "scholartools", "llm.sqlite")


def _normalise(value: Any) -> Any:
    # ints that are really floats (temperature=0 vs 0.0) must hash the same
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
    return KEY_PREFIX + hashlib.sha256(blob).hexdigest(), blob


class ResponseCache:
    """The SQLite cache. Thread-safe (one connection per thread); several processes may share it."""

    def __init__(self, path: str | None = None, busy_timeout_ms: int = 60000):
        self.path = path or default_path()
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
        """The stored response for ``key`` (``{"text", …, "usage", "cost"}``) or None."""
        row = self._connect().execute(
            "SELECT response, prompt_tokens, completion_tokens, cost, served_model FROM responses "
            "WHERE key=? AND usable=1", (key,)).fetchone()
        return self._row(row) if row else None

    def lookup_many(self, keys: list[str]) -> dict[str, dict]:
        """Responses for the keys that are cached (one query per 500 keys)."""
        out: dict[str, dict] = {}
        uniq = list(dict.fromkeys(keys))
        conn = self._connect()
        for i in range(0, len(uniq), 500):
            chunk = uniq[i:i + 500]
            q = ("SELECT key, response, prompt_tokens, completion_tokens, cost, served_model FROM responses "
                 f"WHERE usable=1 AND key IN ({','.join('?' * len(chunk))})")
            for row in conn.execute(q, chunk):
                out[row[0]] = self._row(row[1:])
        return out

    @staticmethod
    def _row(row) -> dict:
        resp = orjson.loads(row[0])
        resp["usage"] = {"prompt_tokens": row[1], "completion_tokens": row[2]}
        resp["cost"] = row[3]
        resp["served_model"] = row[4]
        return resp

    def __len__(self) -> int:
        return self._connect().execute("SELECT count(*) FROM responses").fetchone()[0]

    # writes --------------------------------------------------------------------------------
    def store(self, key: str, request_json: bytes, response: dict, *, model: str | None = None,
              served_model: str | None = None, prompt_tokens: int | None = None,
              completion_tokens: int | None = None, cost: float | None = None,
              latency_ms: float | None = None, usable: bool = True) -> None:
        """Store one answer, committed immediately.

        The first usable answer of a key wins; an unusable one (``usable=False``: its task could
        not parse it) is kept only until a usable answer replaces it.
        """
        from scholartools import __version__

        self._connect().execute(
            "INSERT INTO responses(key, request, response, model, served_model, prompt_tokens, "
            "completion_tokens, cost, latency_ms, created_at, tool_version, usable) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT(key) DO UPDATE SET request=excluded.request, response=excluded.response, "
            "model=excluded.model, served_model=excluded.served_model, prompt_tokens=excluded.prompt_tokens, "
            "completion_tokens=excluded.completion_tokens, cost=excluded.cost, latency_ms=excluded.latency_ms, "
            "created_at=excluded.created_at, tool_version=excluded.tool_version, usable=excluded.usable "
            "WHERE responses.usable=0",
            (key, request_json.decode("utf-8"), orjson.dumps(response).decode("utf-8"), model, served_model,
             prompt_tokens, completion_tokens, cost, latency_ms,
             datetime.now(timezone.utc).isoformat(timespec="milliseconds"), f"scholartools {__version__}",
             int(bool(usable))))

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
