"""scholartools.recache: patterns rebuilt from the stored programs are the ones re.compile makes,
and a process with the store compiles none of the PDF parser's patterns (the start-up it saves)."""

import re
import subprocess
import sys

from scholartools import recache


def _fresh(monkeypatch, path):
    monkeypatch.setattr(recache, "_PATH", str(path))
    monkeypatch.setattr(recache, "_live", {})
    monkeypatch.setattr(recache, "_stored", None)
    monkeypatch.setattr(recache, "_new", {})
    monkeypatch.setattr(recache, "misses", 0)


PATTERNS = [(r"^(?:abstract|introduction|related work)\b", re.I), (r"(?P<num>\d+(?:\.\d+)*)\s+(?P<title>\w+)", 0),
            (rb"W\*?\s+n(?![A-Za-z])", 0), (r"([ˆ˜¨´`¸˚ˇ˘¯˙])\s?([A-Za-zıȷ])", 0), (r"x{2,5}?|[^\W\d_]+", re.M | re.S)]


def test_stored_programs_rebuild_the_same_patterns(monkeypatch, tmp_path):
    store = tmp_path / "recache.marshal"
    _fresh(monkeypatch, store)
    first = [recache.compile(p, f) for p, f in PATTERNS]
    assert recache.misses == len(PATTERNS)
    assert recache.save() == len(PATTERNS) and store.exists()
    _fresh(monkeypatch, store)
    again = [recache.compile(p, f) for p, f in PATTERNS]
    assert recache.misses == 0   # every one rebuilt from the file
    for (p, f), a, b in zip(PATTERNS, first, again):
        # pattern objects compare their compiled programs, flags and source
        assert a == b == re.compile(p, f), p
        assert b.groupindex == re.compile(p, f).groupindex and b.groups == re.compile(p, f).groups
    assert recache.compile(PATTERNS[1][0]).match("3.2 Method").group("title") == "Method"
    assert recache.sub(r"\d+", "#", "p. 12 and 3", count=1) == "p. # and 3"
    assert recache.split(r",\s*", "a, b,c") == ["a", "b", "c"]


def test_a_store_of_another_interpreter_is_ignored(monkeypatch, tmp_path):
    import marshal

    store = tmp_path / "recache.marshal"
    p, f = PATTERNS[0]
    # a program that would match anything: never used, since the key is not this interpreter's
    bogus = recache._program(r".*", 0)
    store.write_bytes(marshal.dumps({"key": ("2.7", 0, 0), "patterns": {(p, int(f)): bogus}}))
    _fresh(monkeypatch, store)
    assert recache.compile(p, f) == re.compile(p, f) and recache.misses == 1


def test_pdf_parser_compiles_no_pattern_with_the_store(tmp_path):
    """The speed property: with the store written, importing the PDF parser builds every pattern
    from it (none compiled by re's pure-Python compiler)."""
    code = ("import sys; from scholartools import recache; recache._PATH = sys.argv[1]; "
            "import scholartools.parsing, scholartools.parsing.pdf.structure; "
            "print(recache.misses, recache.save())")
    store = str(tmp_path / "recache.marshal")
    first = subprocess.run([sys.executable, "-c", code, store], capture_output=True, text=True, check=True)
    misses, stored = map(int, first.stdout.split())
    assert misses > 40 and stored == misses
    second = subprocess.run([sys.executable, "-c", code, store], capture_output=True, text=True, check=True)
    assert second.stdout.split() == ["0", "0"]
