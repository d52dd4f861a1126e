"""A LaTeX source as TeX reads it: the main file with its ``\\input``/``\\include`` files merged,
comments and skipped blocks removed, and a map back to each character's file and line.

What is removed, as TeX would skip it:

* ``%`` comments (not ``\\%``); a line holding only a comment disappears with its line break, so
  it never makes a paragraph break that TeX would not see;
* ``\\iffalse … \\fi`` and ``\\if 0 … \\fi`` blocks (nested ``\\if…`` counted; an ``\\else``
  branch is kept), and ``comment`` environments (plus those declared with ``\\excludecomment``).

``\\input``, ``\\include``, ``\\subfile``, ``\\import``/``\\subimport`` are followed relative to the
main file's folder, as TeX does, with ``.tex`` added when the name has none. A file is read only
when its real path (symbolic links resolved) lies inside that folder: an absolute path, ``..``
or a link pointing outside is refused with a warning and never opened. A missing file (one that
the build generates), a file included twice, a chain deeper than :data:`MAX_DEPTH` and a file
larger than :data:`MAX_FILE_BYTES` are skipped with a warning. Everything here is linear in the
size of the text: no pattern with nested quantifiers, no macro expansion.
"""
from __future__ import annotations

import os
import re
from bisect import bisect_right
from dataclasses import dataclass, field

from scholartools.parsing.encoding import decode
from scholartools.records import RecordError

#: a single source file larger than this is not read (the main file: an error; an input: a warning)
MAX_FILE_BYTES = 16 * 1024 * 1024
#: the merged document stops growing here (inputs beyond it are skipped with a warning)
MAX_TOTAL_BYTES = 32 * 1024 * 1024
#: \input chains deeper than this are not followed
MAX_DEPTH = 16

#: macro files of TeX distributions that sources \input by name ("\input epsf", Science's
#: template): read from the distribution, never the paper's own text, so no warning when absent
DISTRIBUTION_MACROS = frozenset(("epsf", "epsfig", "psfig", "xy", "xypic", "pictex", "texdraw", "eplain", "miniltx",
                                 "graphicx", "color", "mathdots", "btxmac", "pstricks", "tikz", "pgf", "mfpic"))
_INCLUDE = re.compile(
    r"\\(?:input|include|subfile)(?![A-Za-z@])\s*\{(?P<name>[^{}\n]*)\}"
    r"|\\(?:sub)?(?:import|inputfrom|includefrom)\*?\s*\{(?P<dir>[^{}\n]*)\}\s*\{(?P<name2>[^{}\n]*)\}"
    r"|\\input(?![A-Za-z@])[ \t]+(?P<bare>[^\s{}\\%]+)")
_COND = re.compile(r"\\(?:(?P<false>iffalse|if\s*0(?![0-9]))|(?P<if>if[A-Za-z@]*)|(?P<fi>fi)|(?P<else>else|or))(?![A-Za-z@])"
                   r"|\\(?P<decl>newif|let|def|gdef|edef|xdef)(?![A-Za-z@])\s*\\?")
#: etoolbox / ifthen tests that take their branches as arguments and have no \fi
_NOT_CONDITIONALS = {"ifthenelse", "ifstrempty", "ifstrequal", "ifdefstring", "ifcsstring", "ifdefempty",
                     "ifblank", "ifnumcomp", "ifbool", "iftoggle", "ifpackageloaded", "ifclassloaded",
                     "ifpackagelater", "ifdef", "ifundef", "ifcsdef", "ifcsundef", "ifdefmacro", "ifdefparam",
                     "ifdefprotected", "ifnumequal", "ifnumgreater", "ifnumless", "ifnumodd", "ifdimequal",
                     "ifboolexpr", "ifboolexpe", "ifinlist", "ifdefequal", "ifdefvoid", "ifltxcounter"}
_NAME = re.compile(r"[A-Za-z@]+")
_EXCLUDE = re.compile(r"\\excludecomment\s*\{([^{}\n]*)\}")
_COMMENT_ENV = re.compile(r"\\begin\s*\{(?P<name>[^{}\n]{1,60})\}")


@dataclass
class Mapped:
    """Text with, for each piece, the file and offset it came from.

    ``anchors[i]`` is where piece i starts in ``text``; ``origins[i]`` is ``(file index, offset
    in that file)``; a piece runs to the next anchor.
    """

    text: str = ""
    anchors: list[int] = field(default_factory=list)
    origins: list[tuple[int, int]] = field(default_factory=list)

    def origin(self, pos: int) -> tuple[int, int] | None:
        i = bisect_right(self.anchors, pos) - 1
        if i < 0:
            return None
        f, off = self.origins[i]
        return f, off + (pos - self.anchors[i])

    def slice(self, start: int, end: int) -> "Mapped":
        start, end = max(0, start), min(len(self.text), end)
        if end <= start:
            return Mapped()
        i = max(0, bisect_right(self.anchors, start) - 1)
        anchors, origins = [], []
        while i < len(self.anchors) and self.anchors[i] < end:
            a = max(self.anchors[i], start)
            f, off = self.origins[i]
            anchors.append(a - start)
            origins.append((f, off + (a - self.anchors[i])))
            i += 1
        return Mapped(self.text[start:end], anchors, origins)

    @staticmethod
    def join(parts: list["Mapped"]) -> "Mapped":
        texts, anchors, origins, at = [], [], [], 0
        for p in parts:
            if not p.text:
                continue
            texts.append(p.text)
            anchors.extend(a + at for a in p.anchors)
            origins.extend(p.origins)
            at += len(p.text)
        return Mapped("".join(texts), anchors, origins)

    def without(self, spans: list[tuple[int, int]]) -> "Mapped":
        """This text with the (sorted, disjoint) ``spans`` cut out."""
        if not spans:
            return self
        keep, last = [], 0
        for s, e in spans:
            keep.append(self.slice(last, s))
            last = e
        keep.append(self.slice(last, len(self.text)))
        return Mapped.join(keep)


@dataclass
class Source:
    """The merged document and where each of its characters comes from."""

    text: Mapped
    root: str
    files: list[str]                    # paths relative to root, in the order they were read
    line_starts: list[list[int]]        # per file: offsets where its lines start
    warnings: list[dict]
    packages: list[str] = field(default_factory=list)  # local .sty files' text (definitions only)

    def locate(self, pos: int) -> tuple[str | None, int | None]:
        """``(file relative to the root, 1-based line)`` of merged-text position ``pos``."""
        o = self.text.origin(pos)
        if o is None:
            return None, None
        f, off = o
        return self.files[f], bisect_right(self.line_starts[f], off)


def strip_comments(text: str, file_index: int) -> Mapped:
    """``text`` without ``%`` comments, mapped to ``file_index``.

    A ``%`` is a comment unless an odd number of backslashes precedes it (``\\%`` is a percent
    sign, ``\\\\%`` a line break and then a comment). A line whose only content is a comment
    is dropped with its line break; other comments drop the text up to the line break.
    """
    anchors, origins, pieces = [], [], []
    at = 0
    pos = 0
    n = len(text)
    while pos < n:
        nl = text.find("\n", pos)
        line_end = n if nl < 0 else nl + 1
        cut = _comment_start(text, pos, line_end)
        if cut < 0:
            keep_end = line_end
        elif not text[pos:cut].strip():
            keep_end = pos            # a comment-only line: gone, line break included
        else:
            keep_end = cut            # keep the line break that follows the comment
        if keep_end > pos:
            anchors.append(at)
            origins.append((file_index, pos))
            pieces.append(text[pos:keep_end])
            at += keep_end - pos
        if cut >= 0 and keep_end != pos and nl >= 0:
            anchors.append(at)
            origins.append((file_index, nl))
            pieces.append("\n")
            at += 1
        pos = line_end
    return Mapped("".join(pieces), anchors, origins)


def _comment_start(text: str, start: int, end: int) -> int:
    i = text.find("%", start, end)
    while i >= 0:
        k = i
        while k > start and text[k - 1] == "\\":
            k -= 1
        if (i - k) % 2 == 0:
            return i
        i = text.find("%", i + 1, end)
    return -1


def _conditionals(text: str, pos: int):
    """``(kind, match)`` of the conditional tokens from ``pos`` on, kind one of ``false``
    (``\\iffalse``, ``\\if 0``), ``if``, ``fi``, ``else``; a name being defined (``\\newif\\iffoo``,
    ``\\def\\iffoo``) is not a conditional, nor an etoolbox test that takes its branches as arguments."""
    while True:
        m = _COND.search(text, pos)
        if not m:
            return
        pos = m.end()
        if m.group("decl"):
            name = _NAME.match(text, pos)
            pos = name.end() if name else pos
        elif m.group("false"):
            yield "false", m
        elif m.group("if"):
            if m.group("if") not in _NOT_CONDITIONALS:
                yield "if", m
        elif m.group("fi"):
            yield "fi", m
        elif m.group("else") == "else":
            yield "else", m


def _closing(text: str, pos: int, stop_at_else: bool) -> re.Match | None:
    """The ``\\fi`` (or, with ``stop_at_else``, the ``\\else``) closing a conditional opened before ``pos``."""
    depth = 0
    for kind, m in _conditionals(text, pos):
        if kind in ("false", "if"):
            depth += 1
        elif kind == "fi":
            if depth == 0:
                return m
            depth -= 1
        elif kind == "else" and depth == 0 and stop_at_else:
            return m
    return None


def skipped_blocks(text: str, warnings: list[dict], where: str) -> list[tuple[int, int]]:
    """Spans TeX skips: ``\\iffalse``/``\\if 0`` … ``\\fi`` (an ``\\else`` branch kept) and
    ``comment``-like environments; sorted and disjoint."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        m = next((m for kind, m in _conditionals(text, pos) if kind == "false"), None)
        if m is None:
            break
        close = _closing(text, m.end(), stop_at_else=True)
        if close is not None and close.group("else"):
            fi = _closing(text, close.end(), stop_at_else=False)
            if fi is not None:
                spans += [(m.start(), close.end()), fi.span()]   # the \else branch is read
                pos = close.end()
                continue
            close = None
        if close is None:
            warnings.append({"kind": "latex_unbalanced", "message": f"{where}: \\iffalse/\\if 0 without its \\fi; "
                                                                    "the rest of the file is read"})
            break   # a later block would scan to the end again: stop here (linear time)
        spans.append((m.start(), close.end()))
        pos = close.end()
    spans += _comment_envs(text)
    return _merge(spans)


def _comment_envs(text: str) -> list[tuple[int, int]]:
    names = {"comment"} | {n.strip() for n in _EXCLUDE.findall(text) if n.strip()}
    spans = []
    pos = 0
    unclosed: set[str] = set()
    for m in _COMMENT_ENV.finditer(text):
        name = m.group("name").strip()
        if m.start() < pos or name not in names or name in unclosed:
            continue
        close = text.find("\\end{" + name + "}", m.end())
        if close < 0:
            unclosed.add(name)   # no later one can close either
            continue
        end = close + len(name) + 6
        spans.append((m.start(), end))
        pos = end
    return spans


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _other_case(path: str) -> str | None:
    """The one file in ``path``'s folder whose name differs from its name in case only (a source
    written where case does not matter, as macOS' and Windows' file systems), or None."""
    folder, name = os.path.split(path)
    try:
        found = [f for f in os.listdir(folder or ".") if f.lower() == name.lower() and f != name]
    except OSError:
        return None
    found = [f for f in found if os.path.isfile(os.path.join(folder, f))]
    return os.path.join(folder, found[0]) if len(found) == 1 else None


class _Reader:
    def __init__(self, root: str):
        self.root = os.path.abspath(root)          # files are named relative to the folder as given
        self.real_root = os.path.realpath(root)    # and may not lead outside it once links are followed
        self.files: list[str] = []
        self.line_starts: list[list[int]] = []
        self.warnings: list[dict] = []
        self.seen: set[str] = set()
        self.total = 0

    def inside(self, path: str) -> bool:
        real = os.path.realpath(path)
        return real == self.real_root or real.startswith(self.real_root + os.sep)

    def resolve(self, name: str, where: str) -> str | None:
        """The file an include names, or None (with a warning) when it may not or cannot be read."""
        name = name.strip()
        if not name or "#" in name:        # a macro parameter (a definition), not a file
            return None
        if os.path.isabs(name) or name.startswith("~"):
            self.warnings.append({"kind": "latex_input_outside", "file": where,
                                  "message": f"{where}: \\input{{{name}}} names a file outside the source folder; not read"})
            return None
        # (TeX adds ".tex" first to a name that does not end in it, one with a dot too:
        # "sections/01.introduction" is sections/01.introduction.tex)
        cands = [name] if name.lower().endswith(".tex") else [name + ".tex", name]
        for cand in cands:
            path = os.path.normpath(os.path.join(self.root, cand))
            if not self.inside(path):
                self.warnings.append({"kind": "latex_input_outside", "file": where,
                                      "message": f"{where}: \\input{{{name}}} leads outside the source folder; not read"})
                return None
            if os.path.isfile(path):
                return path
        for cand in cands:   # written on a file system that ignores case ("intro.tex" for Intro.tex)
            path = _other_case(os.path.normpath(os.path.join(self.root, cand)))
            if path and self.inside(path):
                self.warnings.append({"kind": "latex_input_case", "file": where,
                                      "message": f"{where}: \\input{{{name}}}: read {os.path.relpath(path, self.root)}, "
                                                 "the one file of that name in another case"})
                return path
        if name.lower().removesuffix(".tex") in DISTRIBUTION_MACROS:
            return None   # TeX's own macros, not the paper's text: nothing is missing
        self.warnings.append({"kind": "latex_input_missing", "file": where,
                              "message": f"{where}: \\input{{{name}}}: no such file (generated at build time?); skipped"})
        return None

    def read(self, path: str, depth: int, main: bool = False, in_body: bool = False) -> Mapped:
        rel = os.path.relpath(path, self.root)
        real = os.path.realpath(path)
        if real in self.seen:
            self.warnings.append({"kind": "latex_input_repeated", "file": rel,
                                  "message": f"{rel} is input more than once (or in a cycle); read once"})
            return Mapped()
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES or self.total + size > MAX_TOTAL_BYTES:
            msg = (f"{rel}: {size / 1e6:.1f} MB is more than the {MAX_FILE_BYTES / 1e6:.0f} MB a LaTeX source file may have"
                   if size > MAX_FILE_BYTES else f"{rel}: the merged source would pass {MAX_TOTAL_BYTES / 1e6:.0f} MB")
            if main:
                raise RecordError("too_large", msg, source=path)
            self.warnings.append({"kind": "latex_too_large", "file": rel, "message": msg + "; not read"})
            return Mapped()
        self.seen.add(real)
        self.total += size
        with open(path, "rb") as fh:
            raw = fh.read()
        text, codec = decode(raw)
        if codec != "utf-8":
            self.warnings.append({"kind": "latex_encoding", "file": rel,
                                  "message": f"{rel}: not UTF-8; read as {codec}"})
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if "\x00" in text:   # the renderer's placeholder character: never part of a source
            text = text.replace("\x00", " ")
        idx = len(self.files)
        self.files.append(rel)
        self.line_starts.append([0] + [m.end() for m in re.finditer("\n", text)])
        body = strip_comments(text, idx)
        body = body.without(skipped_blocks(body.text, self.warnings, rel))
        if in_body:
            body = _document_body(body)
        if depth >= MAX_DEPTH:
            if _INCLUDE.search(body.text):
                self.warnings.append({"kind": "latex_input_depth", "file": rel,
                                      "message": f"{rel}: \\input chain deeper than {MAX_DEPTH}; not followed"})
            return body
        parts, last = [], 0
        opens = _BEGIN_DOCUMENT.search(body.text)
        for m in _INCLUDE.finditer(body.text):
            if m.group("name2") is not None:
                name = os.path.join(m.group("dir").strip(), m.group("name2").strip())
            else:
                name = m.group("bare") or m.group("name") or ""
            parts.append(body.slice(last, m.start()))
            last = m.end()
            path = self.resolve(name, rel)
            if path is not None:
                parts.append(self.read(path, depth + 1, in_body=in_body or opens is not None and opens.end() <= m.start()))
                parts.append(Mapped("\n", [0], [(idx, m.end() - 1)]))   # TeX ends an input file with a line end
        parts.append(body.slice(last, len(body.text)))
        return Mapped.join(parts)


_BEGIN_DOCUMENT = re.compile(r"\\begin\s*\{document\}")


def _document_body(body: Mapped) -> Mapped:
    """An input file of the main document's body that is a document of its own (a ``standalone``
    figure, a ``subfiles`` chapter: its own ``\\documentclass``, preamble, ``\\begin{document}`` …
    ``\\end{document}``) gives TeX, through ``standalone`` or ``subfiles``, its body only: its
    preamble and ``\\end{document}`` would otherwise end the main document there (an Axelrod paper
    read to its second heading, the rest after a TikZ figure's file). A file input before the main
    body opens (a wrapper's ``\\input{paper}``) is read whole."""
    m = re.search(r"\\documentclass(?![A-Za-z@])", body.text)
    if m is None:
        return body
    b = _BEGIN_DOCUMENT.search(body.text, m.end())
    if b is None:
        return body
    e = body.text.find("\\end{document}", b.end())
    return body.slice(b.end(), e if e >= 0 else len(body.text))


def read_source(path: str) -> Source:
    """The merged, comment-free text of the LaTeX document whose main file is ``path``."""
    root = os.path.dirname(os.path.abspath(path))
    reader = _Reader(root)
    try:
        text = reader.read(os.path.abspath(path), 0, main=True)
    except OSError as exc:
        raise RecordError("unreadable_file", f"{path}: {exc.strerror or exc}", source=path) from None
    packages = []
    for m in re.finditer(r"\\(?:usepackage|RequirePackage)\s*(?:\[[^\]\n]*\])?\s*\{([^{}]*)\}", text.text):
        for name in m.group(1).split(","):
            name = name.strip()
            sty = os.path.join(reader.root, name + ".sty")
            if name and "/" not in name and "\\" not in name and os.path.isfile(sty) and reader.inside(sty) \
                    and os.path.getsize(sty) <= MAX_FILE_BYTES:
                with open(sty, "rb") as fh:
                    packages.append(strip_comments(decode(fh.read())[0], -1).text)
    return Source(text, root, reader.files, reader.line_starts, reader.warnings, packages)
