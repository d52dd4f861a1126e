"""Prompt templates: plain files shipped in ``scholartools/templates/``, with named fields; a
template of another installed package (a plugin task's) is named ``MODULE:NAME`` and read from
beside that module.

A template file is UTF-8 text.  Fields are written ``{{name}}`` (double braces, so JSON examples
and LaTeX in a prompt need no escaping).  A file may be split into chat messages by lines that
are exactly ``[system]``, ``[user]`` or ``[assistant]`` (few-shot turns); without such a line the
whole file is one user message.  Lines starting with ``##`` before the first message are comments
(author notes, the paper section a prompt follows) and are not sent.

The template's identity in provenance and in the cache key is its name and the SHA-256 of its
file bytes, so editing a prompt (or overriding it with ``--template NAME=FILE``) never reuses an
answer given to another prompt.

    tpl = load("facets_extract", overrides)      # overrides: {name: path} from --template
    messages = tpl.render(abstract=rec["abstract"])
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from importlib import resources

FIELD_RE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
ROLE_RE = re.compile(r"^\[(system|user|assistant)\]\s*$", re.M)
SUFFIXES = (".txt", ".md", ".prompt")


class TemplateError(ValueError):
    """A template that cannot be found, read or rendered."""


@dataclass(frozen=True)
class Template:
    name: str
    text: str
    path: str | None = None
    sha256: str = field(default="")

    @classmethod
    def from_text(cls, name: str, text: str, path: str | None = None) -> "Template":
        return cls(name=name, text=text, path=path, sha256=hashlib.sha256(text.encode("utf-8")).hexdigest())

    @classmethod
    def from_file(cls, path: str, name: str | None = None) -> "Template":
        from scholartools.records import read_utf8

        try:
            text = read_utf8(path)
        except OSError as exc:
            raise TemplateError(f"cannot read template '{path}': {exc.strerror or exc}") from exc
        except ValueError as exc:
            raise TemplateError(f"cannot read template: {exc}") from None
        stem = os.path.basename(path)
        for suf in SUFFIXES:
            if stem.endswith(suf):
                stem = stem[: -len(suf)]
        return cls.from_text(name or stem, text, path)

    @property
    def fields(self) -> list[str]:
        """Field names in order of first appearance."""
        return list(dict.fromkeys(FIELD_RE.findall(self.text)))

    @property
    def provenance(self) -> dict:
        return {"name": self.name, "sha256": self.sha256}

    def messages(self) -> list[tuple[str, str]]:
        """``[(role, raw text)]`` before rendering."""
        body = self.text
        lines = body.split("\n")
        while lines and lines[0].startswith("##"):
            lines.pop(0)
        body = "\n".join(lines)
        parts = ROLE_RE.split(body)
        if len(parts) == 1:
            return [("user", body.strip())]
        out = []
        if parts[0].strip():
            out.append(("user", parts[0].strip()))
        for role, chunk in zip(parts[1::2], parts[2::2]):
            out.append((role, chunk.strip()))
        return out

    def render(self, _strict: bool = True, **values) -> list[dict]:
        """Chat messages with every ``{{field}}`` replaced by ``str(value)``.

        A field without a value raises :class:`TemplateError` naming the missing fields; values
        for fields the template does not use are ignored (a ``--template`` override may drop
        some).  Values are inserted once, never re-scanned, so a value containing ``{{x}}`` or
        LaTeX stays as it is.
        """
        missing = [f for f in self.fields if f not in values]
        if missing and _strict:
            raise TemplateError(f"template '{self.name}' needs field(s) {', '.join(missing)}")

        def sub(m: re.Match) -> str:
            v = values.get(m.group(1))
            return m.group(0) if v is None and m.group(1) not in values else ("" if v is None else str(v))

        return [{"role": role, "content": FIELD_RE.sub(sub, raw)} for role, raw in self.messages()]


def package_dir() -> str:
    """The directory of the templates shipped with the package."""
    return str(resources.files("scholartools") / "templates")


def available() -> list[str]:
    """Names of the shipped templates."""
    names = set()
    try:
        entries = os.listdir(package_dir())
    except OSError:
        return []
    for e in entries:
        for suf in SUFFIXES:
            if e.endswith(suf):
                names.add(e[: -len(suf)])
    return sorted(names)


def load(name: str, overrides: dict[str, str] | None = None) -> Template:
    """The template ``name``: the override file if ``--template`` named one, else the shipped file.

    ``overrides`` maps template names to files; the key ``""`` is a bare ``--template FILE``,
    which replaces the template of a command that has only one.
    """
    overrides = overrides or {}
    if name in overrides:
        return Template.from_file(overrides[name], name=name)
    if "" in overrides:
        return Template.from_file(overrides[""], name=name)
    base = package_dir() if ":" not in name else _plugin_dir(name)
    for suf in SUFFIXES:
        path = os.path.join(base, name.rpartition(":")[2] + suf)
        if os.path.exists(path):
            return Template.from_file(path, name=name)
    if ":" in name:
        raise TemplateError(f"no template named '{name}': no {name.rpartition(':')[2]}{{{','.join(SUFFIXES)}}} in {base}")
    raise TemplateError(f"no template named '{name}' (shipped: {', '.join(available()) or 'none'})")


def _plugin_dir(name: str) -> str:
    """The folder of ``MODULE:NAME``'s template: a template another installed package ships (a
    plugin task's), beside its module ``MODULE`` (in the package's folder for a package)."""
    from importlib.util import find_spec

    module = name.partition(":")[0]
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not (spec.submodule_search_locations or spec.origin):
        raise TemplateError(f"no template named '{name}': no module '{module}' is installed")
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return os.path.dirname(spec.origin)


def parse_template_options(values: tuple[str, ...] | list[str] | None, known: list[str] | None = None) -> dict[str, str]:
    """``--template`` values → ``{name: path}``; a bare FILE maps to ``""``.

    ``NAME=FILE`` is recognised when the part before ``=`` is a known template name or the whole
    value is not an existing file.  Unknown names raise :class:`TemplateError` when ``known`` is
    given, so a typo is a usage error instead of a silently ignored prompt.
    """
    out: dict[str, str] = {}
    for v in values or ():
        name, sep, path = v.partition("=")
        if sep and (not os.path.exists(v) or (known and name in known)):
            if known is not None and name not in known:
                raise TemplateError(f"--template {v}: no template '{name}' in this command "
                                    f"(its templates: {', '.join(known)})")
            out[name] = path
        else:
            if known is not None and len(known) > 1:
                raise TemplateError(f"--template {v}: this command has several templates "
                                    f"({', '.join(known)}); write NAME=FILE")
            out[""] = v
    from scholartools.records import read_utf8

    for path in out.values():
        if not os.path.isfile(path):
            raise TemplateError(f"--template: cannot read '{path}'")
        try:   # every file given is checked, also one the chosen variant does not use
            read_utf8(path)
        except ValueError as exc:
            raise TemplateError(f"--template: {exc}") from None
    return out
