"""``re`` with compiled patterns kept between processes, as ``__pycache__`` keeps bytecode.

A module imports it in place of ``re`` (``from scholartools import recache as re``): every name
of ``re`` is here, and ``compile`` and the module-level functions given a pattern string take the
pattern's compiled program from the store, ``scholartools/recache.pyo``, when it holds it, else
compile it with ``re`` and add it to the store when the process exits. Compiling the PDF parser's
~90 patterns (the word-list alternations most) in pure Python was about 4 % of ``st-parse`` on a
small PDF; rebuilding them from the store costs a tenth of that.

Where the store lies: beside this module, under the one name besides the module's own files that
``pip uninstall`` removes with it (for every ``.py`` it installed pip also deletes the ``.pyc`` and
``.pyo`` of the same name in that folder, Python 2's bytecode); Python 3 never reads a ``.pyo``.
(It was ``__pycache__/recache.<tag>.marshal``, which pip left behind with its folder: pip removes
only the ``__pycache__`` files named after the modules it installed; a store found there is
deleted when the new one is written.) It is written only where bytecode would be (not when
``sys.dont_write_bytecode`` is set, e.g. ``PYTHONDONTWRITEBYTECODE``; :func:`save` writes it
regardless, as ``benchmarks/parse_speed.py`` does); in a read-only install nothing is written and
every process compiles as ``re`` does. The store holds each interpreter build's programs apart
(its exact version and the regex engine's magic number) and each build reads only its own.

A pattern is stored only when it is written in the source (a literal of the function that
compiles or searches with it, or a module-level string) or built while a module is imported (the
word-list alternations):
a pattern made at run time from a document's words is compiled as ``re`` does and not kept, so the
store does not grow with every document parsed. It is stored only after the one rebuilt from its
program has compared equal to ``re.compile``'s (pattern objects compare their programs), so a
pattern from the store is the one ``re`` would have made; anything unexpected falls back to ``re``.
"""

from __future__ import annotations

import os
import re as _re
import sys
from re import *  # noqa: F401,F403  (every public name of re)
from re import __all__  # noqa: F401

import _sre

_HOME = os.path.dirname(os.path.abspath(__file__))
_PATH = os.path.join(_HOME, "recache.pyo")
# the store of earlier releases, left behind by pip uninstall; removed when the store is written here
_OLD_PATH = os.path.join(_HOME, "__pycache__", f"recache.{sys.implementation.cache_tag or 'py'}.marshal")
_KEY = (sys.version, _sre.MAGIC, _sre.CODESIZE)
_BYPASS = _re.DEBUG | 1   # DEBUG prints while compiling; 1 is the deprecated TEMPLATE flag

_live: dict = {}           # (pattern, flags) -> Pattern, this process
_stored: dict | None = None  # (pattern, flags) -> (flags, code, groups, groupindex, indexgroup), from the file
_new: dict = {}            # programs compiled here and not yet in the file (patterns from the source)
misses = 0                 # patterns compiled by re in this process (tests read it)


def _load() -> dict:
    global _stored
    _stored = {}
    try:
        import marshal

        with open(_PATH, "rb") as fh:
            data = marshal.loads(fh.read())   # loads: marshal.load reads a file object item by item
        mine = data.get(_KEY) if isinstance(data, dict) else None
        if isinstance(mine, dict):
            _stored = mine
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


def _from_source(pattern) -> bool:
    """Is ``pattern`` written in the source (a constant of the calling function, or a string its
    module holds by name) or being compiled while a module is imported (the innermost ``<module>``
    frame run by the import system; a test runner's worker runs its code in a ``<module>`` frame
    that is no import)? Asked only for a pattern not yet stored."""
    f = sys._getframe(1)
    while f is not None and f.f_globals.get("__name__") == __name__:
        f = f.f_back
    if f is None:
        return False
    try:
        if pattern in f.f_code.co_consts or any(v == pattern for v in f.f_globals.values()
                                                if type(v) is type(pattern)):
            return True
    except Exception:
        pass
    while f is not None:
        if f.f_code.co_name == "<module>":
            # the innermost module frame: an import when the import system runs it (a script,
            # ``-m``, a notebook cell or a test runner's exec of code is not an import)
            back = f.f_back
            return back is not None and "importlib" in back.f_code.co_filename and "_bootstrap" in back.f_code.co_filename
        f = f.f_back
    return False


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
        if same and _from_source(pattern):
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
        stores = {}
        try:
            with open(path, "rb") as fh:
                stores = marshal.loads(fh.read())
            stores = {k: v for k, v in stores.items() if isinstance(k, tuple) and isinstance(v, dict)}
        except Exception:
            pass
        merged = dict(stores.get(_KEY) or {})
        merged.update(_new)
        stores[_KEY] = merged   # other interpreter builds' programs kept as they were
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as fh:
                marshal.dump(stores, fh)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.remove(tmp)
        if os.path.dirname(os.path.abspath(path)) == _HOME and os.path.exists(_OLD_PATH):
            os.remove(_OLD_PATH)
    except (OSError, ValueError):   # a read-only install: compile every time, as re does
        return 0
    _new.clear()
    _stored = merged
    return len(merged)


def _save_at_exit() -> None:
    if not sys.dont_write_bytecode:
        save()

