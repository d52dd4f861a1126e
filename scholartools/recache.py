"""``re`` with compiled patterns kept between processes, as ``__pycache__`` keeps bytecode.

A module imports it in place of ``re`` (``from scholartools import recache as re``): every name
of ``re`` is here, and ``compile`` and the module-level functions given a pattern string take the
pattern's compiled program from ``scholartools/__pycache__/recache.<tag>.marshal`` when that file
holds it, else compile it with ``re`` and add it to the file when the process exits. Compiling the
PDF parser's ~90 patterns (the word-list alternations most) in pure Python was about 4 % of
``st-parse`` on a small PDF; rebuilding them from the file costs a tenth of that.

The file is written where bytecode would be (not when ``sys.dont_write_bytecode`` is set, e.g.
``PYTHONDONTWRITEBYTECODE``; :func:`save` writes it regardless, as ``benchmarks/parse_speed.py``
does) and read only by the interpreter build that wrote it (its exact version and the regex
engine's magic number). A pattern is stored only after the one rebuilt from its program has
compared equal to ``re.compile``'s (pattern objects compare their programs), so a pattern from the
file is the one ``re`` would have made; anything unexpected falls back to ``re``.
"""

from __future__ import annotations

import os
import re as _re
import sys
from re import *  # noqa: F401,F403  (every public name of re)
from re import __all__  # noqa: F401

import _sre

_TAG = sys.implementation.cache_tag or "py"
_PATH = os.path.join(os.path.dirname(__file__), "__pycache__", f"recache.{_TAG}.marshal")
_KEY = (sys.version, _sre.MAGIC, _sre.CODESIZE)
_BYPASS = _re.DEBUG | 1   # DEBUG prints while compiling; 1 is the deprecated TEMPLATE flag

_live: dict = {}           # (pattern, flags) -> Pattern, this process
_stored: dict | None = None  # (pattern, flags) -> (flags, code, groups, groupindex, indexgroup), from the file
_new: dict = {}            # programs compiled here and not yet in the file
misses = 0                 # patterns compiled by re in this process (tests read it)


def _load() -> dict:
    global _stored
    _stored = {}
    try:
        import marshal

        with open(_PATH, "rb") as fh:
            data = marshal.loads(fh.read())   # loads: marshal.load reads a file object item by item
        if data.get("key") == _KEY:
            _stored = data["patterns"]
    except Exception:   # no file, or one this interpreter cannot read: compile as re does
        pass
    return _stored


def _program(pattern, flags: int):
    """What ``re`` hands the regex engine for ``pattern`` (re._compiler.compile's arguments to
    ``_sre.compile``), or None when this interpreter's re has another shape."""
    try:
        from re import _compiler, _parser

        p = _parser.parse(pattern, flags)
        code = [int(c) for c in _compiler._code(p, flags)]   # plain ints: marshal refuses re's named constants
        groupindex = dict(p.state.groupdict)
        indexgroup = [None] * p.state.groups
        for k, i in groupindex.items():
            indexgroup[i] = k
        return flags | p.state.flags, code, p.state.groups - 1, groupindex, tuple(indexgroup)
    except Exception:
        return None


def compile(pattern, flags=0):  # noqa: A001  (re's name)
    """``re.compile(pattern, flags)``, its program taken from the file when stored there."""
    flags = int(flags)
    key = (pattern, flags)
    try:
        return _live[key]
    except (KeyError, TypeError):
        pass
    if isinstance(pattern, _re.Pattern) or flags & _BYPASS or not isinstance(pattern, (str, bytes)):
        return _re.compile(pattern, flags)
    stored = (_stored if _stored is not None else _load()).get(key)
    if stored is not None:
        try:
            pat = _sre.compile(pattern, *stored)
        except Exception:
            pat = None
        if pat is not None:
            _live[key] = pat
            return pat
    global misses
    misses += 1
    pat = _re.compile(pattern, flags)
    prog = _program(pattern, flags)
    if prog is not None:
        try:
            same = _sre.compile(pattern, *prog) == pat
        except Exception:
            same = False
        if same:
            if not _new:
                import atexit

                atexit.register(_save_at_exit)
            _new[key] = prog
    _live[key] = pat
    return pat


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def save(path: str | None = None) -> int:
    """Add the programs compiled in this process to the file (merged with what it holds, written
    whole and moved into place); returns how many patterns it then holds (0: not written)."""
    if not _new:
        return 0
    import marshal

    global _stored
    path = path or _PATH
    try:
        merged = {}
        try:
            with open(path, "rb") as fh:
                data = marshal.loads(fh.read())
            if data.get("key") == _KEY:
                merged.update(data["patterns"])
        except Exception:
            pass
        merged.update(_new)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as fh:
                marshal.dump({"key": _KEY, "patterns": merged}, fh)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
    except (OSError, ValueError):   # a read-only install: compile every time, as re does
        return 0
    _new.clear()
    _stored = merged
    return len(merged)


def _save_at_exit() -> None:
    if not sys.dont_write_bytecode:
        save()

