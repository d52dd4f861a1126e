"""benchmarks/parse_speed: the layout peer's cache is keyed by the PDF's content, so the same PDF
in another folder (a JATS set rebuilt elsewhere) is not run again, and rows of the earlier
path-and-mtime form are still read while their file is unchanged."""

import json
import os

from benchmarks import parse_speed


def _fake_run(calls):
    def run(python, mode, files, per_file, code=None):
        calls.append(list(files))
        res = {"versions": {"pymupdf4llm": "fake"}, "pages": len(files), "out": [f"# {os.path.basename(f)}" for f in files],
               "cost": [0.5] * len(files), "per_pages": [1] * len(files), "startup": 0.25}
        return 0.25 + 0.5 * len(files), res
    return run


def test_a_pdf_copied_to_another_folder_is_not_run_again(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(parse_speed, "run", _fake_run(calls))
    a, b = tmp_path / "first" / "x.pdf", tmp_path / "rebuilt" / "x.pdf"
    for p in (a, b):
        p.parent.mkdir()
        p.write_bytes(b"%PDF-1.4 same bytes")
    other = tmp_path / "first" / "y.pdf"
    other.write_bytes(b"%PDF-1.4 other bytes")
    cache = tmp_path / "peer.jsonl"
    dt, res = parse_speed.cached_run("py", "peer", [str(a), str(other)], cache)
    assert calls == [[str(a), str(other)]] and dt == 0.25 + 1.0
    calls.clear()
    dt, res = parse_speed.cached_run("py", "peer", [str(b)], cache)
    assert calls == []   # same content elsewhere: read from the cache
    assert res["out"] == ["# x.pdf"] and dt == 0.25 + 0.5
    assert parse_speed.peer_cached("py", cache, [str(b), str(other)]) == [str(b), str(other)]
    assert parse_speed.peer_cached("another-python", cache, [str(b)]) == []
    b.write_bytes(b"%PDF-1.4 changed")   # new content: run again
    parse_speed.cached_run("py", "peer", [str(b)], cache)
    assert calls == [[str(b)]]


def test_rows_of_the_earlier_path_keyed_cache_are_read(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(parse_speed, "run", _fake_run(calls))
    pdf, gone = tmp_path / "x.pdf", tmp_path / "gone.pdf"
    pdf.write_bytes(b"%PDF-1.4 old row")
    st = os.stat(pdf)
    cache = tmp_path / "peer.jsonl"
    rows = [{"key": f"py|{pdf}|{st.st_size}|{st.st_mtime_ns}", "out": "# old", "cpu": 2.0, "pages": 3, "versions": {}},
            {"key": f"py|{gone}|10|1", "out": "# gone", "cpu": 1.0, "pages": 1, "versions": {}},
            {"key": "startup|py", "cpu": 0.5, "versions": {"pymupdf4llm": "old"}}]
    cache.write_text("".join(json.dumps(r) + "\n" for r in rows))
    dt, res = parse_speed.cached_run("py", "peer", [str(pdf)], cache)
    assert calls == [] and res["out"] == ["# old"] and dt == 2.5
    os.utime(pdf, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))   # touched since: the old row no longer vouches for it
    assert parse_speed.peer_cached("py", cache, [str(pdf)]) == []
