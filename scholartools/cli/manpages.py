"""Man pages generated from the click definitions, so they never drift from ``--help``.

    python -m scholartools.cli.manpages man        # (re)write man/st-*.1
    python -m scholartools.cli.manpages --check man  # exit 1 if any page is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from scholartools.version import __version__
from scholartools.cli import COMMANDS, load_command  # noqa: F401 (load_command re-exported)

EXIT_STATUS = [
    ("0", "every record was processed."),
    ("1", "some records carry an error object (all records were still written)."),
    ("2", "usage error, or an input source that cannot be read."),
]


def _esc(text: str) -> str:
    """Escape text for roff: backslashes, and leading dots/quotes on lines."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def _paragraphs(help_text: str) -> list[str]:
    """Split click help into paragraphs; ``\\b`` blocks (click's no-rewrap marker) stay verbatim."""
    out = []
    for block in help_text.strip().split("\n\n"):
        out.append(block.strip("\n "))
    return out


def render(name: str, command: click.Command) -> str:
    """The roff source of one command's man page."""
    ctx = click.Context(command, info_name=name, **command.context_settings)  # -h as well as --help
    help_text = command.help or ""
    summary = help_text.strip().split("\n\n")[0].replace("\n", " ").strip() or name
    lines = [
        f'.TH "{name.upper()}" "1" "" "scholartools {__version__}" "scholartools manual"',
        ".SH NAME",
        f"{_esc(name)} \\- {_esc(summary)}",
        ".SH SYNOPSIS",
        f".B {_esc(name)}",
        _esc(" ".join(command.collect_usage_pieces(ctx))),
        ".SH DESCRIPTION",
    ]
    for para in _paragraphs(help_text):
        if para.startswith("\b"):
            lines += [".PP", ".nf", _esc(para.lstrip("\b").strip("\n")), ".fi"]
        else:
            lines += [".PP", _esc(" ".join(part.strip() for part in para.split("\n")))]
    lines.append(".SH OPTIONS")
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        opts, help_ = record
        lines += [".TP", f"\\fB{_esc(opts)}\\fR", _esc(help_.replace("\n", " ") or "")]
    lines.append(".SH EXIT STATUS")
    for code, meaning in EXIT_STATUS:
        lines += [".TP", code, _esc(meaning)]
    lines += [
        ".SH SEE ALSO",
        ", ".join(f"\\fB{_esc(other)}\\fR(1)" for other in COMMANDS if other != name),
    ]
    return "\n".join(lines) + "\n"


def write_all(folder: Path, check: bool = False) -> list[str]:
    """Write (or with ``check``, compare) every page; returns the names that differed."""
    folder.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in COMMANDS:
        text = render(name, load_command(name))
        path = folder / f"{name}.1"
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(name)
            if not check:
                path.write_text(text, encoding="utf-8")
    return stale


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    args = [a for a in args if a != "--check"]
    folder = Path(args[0] if args else "man")
    stale = write_all(folder, check=check)
    if check and stale:
        print("out of date: " + ", ".join(f"{folder}/{n}.1" for n in stale) + " (run: make man)", file=sys.stderr)
        return 1
    if not check and stale:
        print("wrote " + ", ".join(f"{folder}/{n}.1" for n in stale), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
