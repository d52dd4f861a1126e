"""scholartools.recache: patterns rebuilt from the stored programs are the ones re.compile makes,
and a process with the store compiles none of the PDF parser's patterns (the start-up it saves)."""

import re
import subprocess
import sys

from scholartools import recache


def _fresh(monkeypatch, path, any_pattern=False):
    """recache as a new process finds it with its store at ``path``; ``any_pattern``: every
    pattern compiled counts as written in the source (PATTERNS are compiled in loops here)."""
    monkeypatch.setattr(recache, "_PATH", str(path))
    if any_pattern:
        monkeypatch.setattr(recache, "_from_source", lambda pattern: True)
    monkeypatch.setattr(recache, "_live", {})
    monkeypatch.setattr(recache, "_stored", None)
    monkeypatch.setattr(recache, "_new", {})
    monkeypatch.setattr(recache, "misses", 0)


PATTERNS = [(r"^(?:abstract|introduction|related work)\b", re.I), (r"(?P<num>\d+(?:\.\d+)*)\s+(?P<title>\w+)", 0),
            (rb"W\*?\s+n(?![A-Za-z])", 0), (r"([ˆ˜¨´`¸˚ˇ˘¯˙])\s?([A-Za-zıȷ])", 0), (r"x{2,5}?|[^\W\d_]+", re.M | re.S)]


def test_stored_programs_rebuild_the_same_patterns(monkeypatch, tmp_path):
    store = tmp_path / "recache.pyo"
    _fresh(monkeypatch, store, any_pattern=True)
    first = [recache.compile(p, f) for p, f in PATTERNS]
    assert recache.misses == len(PATTERNS)
    assert recache.save() == len(PATTERNS) and store.exists()
    _fresh(monkeypatch, store, any_pattern=True)
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

    store = tmp_path / "recache.pyo"
    p, f = PATTERNS[0]
    # a program that would match anything: never used, since the key is not this interpreter's
    bogus = recache._program(r".*", 0)
    other = ("2.7", 0, 0)
    store.write_bytes(marshal.dumps({other: {(p, int(f)): bogus}}))
    _fresh(monkeypatch, store, any_pattern=True)
    assert recache.compile(p, f) == re.compile(p, f) and recache.misses == 1
    assert recache.save() == 1   # this interpreter's programs added, the other's kept apart
    stores = marshal.loads(store.read_bytes())
    assert stores[other] == {(p, int(f)): bogus} and list(stores[recache._KEY]) == [(p, int(f))]


def _compile_built(word):
    return recache.compile(r"(?<![^\W\d_])" + word)   # built from a document's word at run time


def _compile_literal():
    return recache.compile(r"\bliteral(?:ly)?\b")


def test_only_patterns_of_the_source_are_stored(monkeypatch, tmp_path):
    """A pattern made at run time from a document's words is compiled as re does and not kept (the
    store would grow with every document); literals of a function and patterns built while a
    module is imported are kept."""
    import importlib.util

    store = tmp_path / "recache.pyo"
    _fresh(monkeypatch, store)
    assert _compile_built("chromatography").search("thin layer chromatography")
    assert _compile_literal().search("literally")
    mod = tmp_path / "builds_at_import.py"
    mod.write_text("from scholartools import recache as re\nWORDS = ('alpha', 'beta')\n"
                   "PAT = re.compile('|'.join(WORDS) + '(?:s)?')\n")
    spec = importlib.util.spec_from_file_location("builds_at_import", mod)
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    assert recache.misses == 3
    assert recache.save() == 2
    _fresh(monkeypatch, store)
    _compile_literal()
    recache.compile("alpha|beta(?:s)?")
    assert recache.misses == 0
    _compile_built("chromatography")
    assert recache.misses == 1


def test_the_store_lies_where_pip_uninstall_removes_it():
    """pip removes, for every .py file it installed, the .pyc and .pyo of that name beside it: the
    store is the .pyo of recache.py (Python 3 never reads a .pyo), not a file pip leaves behind."""
    import os

    import pytest

    req_uninstall = pytest.importorskip("pip._internal.req.req_uninstall")
    pkg = os.path.dirname(recache.__file__)
    site = os.path.dirname(pkg)

    class Dist:   # what pip reads of an installed distribution: its folder and RECORD's entries
        location = site

        def iter_declared_entries(self):
            return [os.path.relpath(recache.__file__, site)]

    removed = set(req_uninstall.uninstallation_paths(Dist()))
    assert recache._PATH in removed
    assert os.path.dirname(recache._PATH) == pkg and "__pycache__" not in recache._PATH


def test_pdf_parser_compiles_no_pattern_with_the_store(tmp_path):
    """The speed property: with the store written, importing the PDF parser builds every pattern
    from it (none compiled by re's pure-Python compiler)."""
    code = ("import sys; from scholartools import recache; recache._PATH = sys.argv[1]; "
            "import scholartools.parsing, scholartools.parsing.pdf.structure; "
            "print(recache.misses, recache.save())")
    store = str(tmp_path / "recache.pyo")
    first = subprocess.run([sys.executable, "-c", code, store], capture_output=True, text=True, check=True)
    misses, stored = map(int, first.stdout.split())
    assert misses > 40 and stored == misses
    second = subprocess.run([sys.executable, "-c", code, store], capture_output=True, text=True, check=True)
    assert second.stdout.split() == ["0", "0"]


def test_the_store_of_earlier_releases_is_removed_when_the_new_one_is_written(monkeypatch, tmp_path):
    """The old store (``__pycache__/recache.<tag>.marshal``, which pip left behind) goes when the
    store is written in the package's folder, and only then."""
    old = tmp_path / "__pycache__" / "recache.cpython-311.marshal"
    old.parent.mkdir()
    old.write_bytes(b"old store")
    monkeypatch.setattr(recache, "_HOME", str(tmp_path))
    monkeypatch.setattr(recache, "_OLD_PATH", str(old))
    _fresh(monkeypatch, tmp_path / "elsewhere" / "store.pyo")
    _compile_literal()
    assert recache.save() == 1 and old.exists()   # written elsewhere: the old store stays
    _fresh(monkeypatch, tmp_path / "recache.pyo")
    _compile_literal()
    assert recache.save() == 1 and not old.exists() and (tmp_path / "recache.pyo").exists()
