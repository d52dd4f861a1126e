"""Our own response cache: one SQLite file, WAL mode, shared safely by several processes.

Not litellm's cache (anchors-tools.md §4.2: its key depends on keyword order, omits api_base,
and a hit crashes a plain install).  The key is ``"v1:" + sha256(canonical JSON)`` of everything
that changes the answer — model, api_base, messages, sampling parameters, response format,
sample index, template hash, cache schema version — computed once, before the call, from the
request dict (:func:`request_key`).  API keys, timeouts and retry settings are never part of the
key and never stored.  Errors are never stored.  Every answer is committed as soon as it arrives,
so an interrupted run (Ctrl-C, kill -9) keeps everything already answered.

Inspect it with ``sqlite3 "$ST_CACHE" 'select key, model, prompt_tokens, cost, created_at from
responses'``; the ``request`` column holds the canonical request JSON, ``response`` the reply
(``{"text": …, "finish_reason": …, "model": …}``).
"""
from __future__ import annotations

import hashlib
import os
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
    tool_version      TEXT
);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT);
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
                conn.execute("INSERT OR IGNORE INTO meta(name, value) VALUES ('schema_version', ?)",
                             (str(SCHEMA_VERSION),))
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
            "SELECT response, prompt_tokens, completion_tokens, cost, served_model FROM responses WHERE key=?",
            (key,)).fetchone()
        return self._row(row) if row else None

    def lookup_many(self, keys: list[str]) -> dict[str, dict]:
        """Responses for the keys that are cached (one query per 500 keys)."""
        out: dict[str, dict] = {}
        uniq = list(dict.fromkeys(keys))
        conn = self._connect()
        for i in range(0, len(uniq), 500):
            chunk = uniq[i:i + 500]
            q = ("SELECT key, response, prompt_tokens, completion_tokens, cost, served_model FROM responses "
                 f"WHERE key IN ({','.join('?' * len(chunk))})")
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
              latency_ms: float | None = None) -> None:
        """Store one successful answer (committed immediately; the first writer of a key wins)."""
        from scholartools import __version__

        self._connect().execute(
            "INSERT OR IGNORE INTO responses(key, request, response, model, served_model, prompt_tokens, "
            "completion_tokens, cost, latency_ms, created_at, tool_version) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (key, request_json.decode("utf-8"), orjson.dumps(response).decode("utf-8"), model, served_model,
             prompt_tokens, completion_tokens, cost, latency_ms,
             datetime.now(timezone.utc).isoformat(timespec="milliseconds"), f"scholartools {__version__}"))
