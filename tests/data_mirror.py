"""A local stand-in for the upstream file servers: the shared copies of the datasets laid out as
``<owner>/<repo>/<commit>/<path>`` (scholartools.data.fetch.lay_out_mirror) and served over HTTP
on 127.0.0.1, so that ``ST_DATA_MIRROR`` makes a fetch run its real code path with no internet."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class MirrorServer:
    """Serves ``folder`` on 127.0.0.1 (a free port); ``url`` is the base for ST_DATA_MIRROR;
    ``requests`` counts the files asked for."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.requests = 0
        server = self

        class Handler(_Quiet):
            def do_GET(self):
                server.requests += 1
                super().do_GET()

        self._srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                                     functools.partial(Handler, directory=str(self.folder)))
        self.url = f"http://127.0.0.1:{self._srv.server_port}"
        self._thread = threading.Thread(target=self._srv.serve_forever, daemon=True)

    def __enter__(self) -> "MirrorServer":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._srv.shutdown()
        self._srv.server_close()
