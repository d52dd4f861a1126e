"""st-cache: inspect and maintain the LLM response cache (SQLite file or Redis/Valkey server)."""
from __future__ import annotations

import re
import sys

import click
import orjson

from scholartools.version import __version__
from scholartools.cli.base import CONTEXT_SETTINGS, StCommand
from scholartools.records import writer

ACTIONS = ("stats", "prune", "export", "import", "merge")
_AGE = re.compile(r"(\d+(?:\.\d+)?)([smhdw])")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


#: the oldest age --older-than takes (about 10,000 years: beyond it no date exists)
MAX_AGE = 10_000 * 365.25 * 86400


class CacheDamaged(click.ClickException):
    """A cache (or an output file) that cannot be read or written to the end: exit 2."""

    exit_code = 2


def parse_age(text: str) -> float:
    """Seconds in ``30d``, ``12h``, ``90m``, ``45s`` or ``2w``."""
    m = _AGE.fullmatch(text.strip().lower())
    if not m:
        raise click.BadParameter(f"'{text}' is not an age like 30d, 12h, 90m, 45s or 2w", param_hint="--older-than")
    seconds = float(m.group(1)) * _UNIT[m.group(2)]
    if seconds > MAX_AGE:
        raise click.BadParameter(f"'{text}' is older than any date (at most about 10,000 years)",
                                 param_hint="--older-than")
    return seconds


def _damaged(location: str, exc: BaseException, done: str = "") -> CacheDamaged:
    from scholartools.llm.masking import mask

    what = f"{type(exc).__name__}: {exc}"
    return CacheDamaged(mask(f"the cache '{location}' cannot be read to the end ({what}); it is damaged "
                             f"(sqlite3 '{location}' '.recover' may save the rest){done}"))


def _open(location: str, must_exist: bool = False):
    import os

    from scholartools.llm.cache import CacheUnavailable, is_server_url, open_cache

    if must_exist and not is_server_url(location) and not os.path.isfile(location):
        raise click.UsageError(f"no cache file '{location}'")
    try:
        return open_cache(location)
    except CacheUnavailable as exc:
        raise click.UsageError(str(exc)) from exc


def _table(s: dict) -> str:
    lines = [f"cache    {s['location']} ({s['backend']})",
             f"entries  {s['entries']} ({s['usable']} usable, {s['unusable']} unusable), {s['bytes'] / 1e6:.2f} MB",
             f"created  {s['oldest'] or '-'} .. {s['newest'] or '-'}",
             f"claims   {s['claims']} in flight; open provider batches: {len(s['batches'])}", ""]
    width = max([5] + [len(m) for m in s["by_model"]])
    lines.append(f"{'model':<{width}}  {'entries':>8}  {'prompt':>10}  {'completion':>10}  {'cost USD':>10}")
    for model, row in s["by_model"].items():
        cost = "unknown" if row["cost"] is None else f"{row['cost']:.4f}"
        lines.append(f"{model:<{width}}  {row['entries']:>8}  {row['prompt_tokens']:>10}  "
                     f"{row['completion_tokens']:>10}  {cost:>10}")
    for b in s["batches"]:
        lines.append(f"batch {b.get('id')}: {b.get('count')} requests, {b.get('model')}, submitted {b.get('submitted_at')}")
    return "\n".join(lines) + "\n"


@click.command("st-cache", cls=StCommand, context_settings=CONTEXT_SETTINGS)
@click.argument("action", type=click.Choice(ACTIONS), metavar="ACTION")
@click.argument("args", nargs=-1, metavar="[FILE|CACHE]...")
@click.option("--cache", envvar="ST_CACHE", metavar="PATH|URL", show_envvar=True,
              help="The cache: a SQLite file or redis://host:port/db (default: ~/.cache/scholartools/llm.sqlite).")
@click.option("--older-than", metavar="AGE", help="Entries created more than AGE ago (30d, 12h, 90m, 45s, 2w).")
@click.option("--model", metavar="MODEL", help="Entries of this model (as requested, e.g. openai/gpt-4o-mini).")
@click.option("--unusable", is_flag=True, help="prune: the replies their task could not parse (never served anyway).")
@click.option("-o", "--output", metavar="FILE", help="export: write here instead of stdout.")
@click.option("--format", "fmt", type=click.Choice(["json", "table"]), default="json", show_default=True,
              help="stats: one JSON line, or a table for people.")
@click.option("-q", "--quiet", is_flag=True, help="No summary line on stderr.")
@click.version_option(__version__, "--version", prog_name="st-cache", message="%(prog)s %(version)s")
def main(action, args, cache, older_than, model, unusable, output, fmt, quiet):
    """Inspect and maintain the LLM response cache: a SQLite file or a Redis/Valkey server.

    \b
    ACTION is one of:
      stats               entries (usable / unusable), bytes, by model: entries, tokens, cost;
                          oldest and newest, claims in flight, open provider batches
      prune               delete entries --older-than AGE and/or of --model M and/or --unusable
      export [-o FILE]    every entry as JSON Lines (the request, the reply, tokens, cost,
                          time), optionally only --model M / --older-than AGE
      import [FILE...]    entries from JSONL files (or stdin) into the cache; an entry whose key
                          is not the SHA-256 of its request is refused (exit 1), the rest go in
      merge INTO FROM...  copy every entry of the FROM caches into INTO

    When two caches hold the same key, the first usable answer wins (a reply its task could
    not parse is replaced by a usable one). stats, prune, import and merge write one JSON line
    of counts on stdout; export writes the entries. Hit counts are not kept (a write per hit
    would serialise the readers of a shared cache).

    \b
    Examples:
      st-cache stats --format table
      st-cache prune --older-than 30d
      st-cache export --model openai/gpt-4o-mini | gzip > answers.jsonl.gz
      zcat answers.jsonl.gz | ST_CACHE=redis://cachehost:6379/0 st-cache import
      st-cache merge ~/.cache/scholartools/llm.sqlite laptop.sqlite cluster.sqlite
      st-cache merge redis://cachehost:6379/0 ~/.cache/scholartools/llm.sqlite
    """
    from scholartools.cli.base import _quiet_broken_pipe

    try:
        _main(action, args, cache, older_than, model, unusable, output, fmt, quiet)
    except BrokenPipeError:   # `st-cache export | head -1`: a closed pipe ends the command quietly
        _quiet_broken_pipe()
        sys.exit(0)


def _main(action, args, cache, older_than, model, unusable, output, fmt, quiet):
    import sqlite3

    from scholartools.llm.cache import default_path, iso_before

    location = cache or default_path()
    before = iso_before(parse_age(older_than)) if older_than else None
    from scholartools.llm.masking import mask

    say = (lambda m: None) if quiet else (lambda m: print(f"st-cache: {mask(m)}", file=sys.stderr, flush=True))
    out = sys.stdout.buffer
    out_writer = writer(out)

    def emit(obj: dict) -> None:
        out_writer.write(obj)
        out.flush()

    if action in ("stats", "prune", "export") and args:
        raise click.UsageError(f"{action} takes no FILE arguments (the cache is --cache or ST_CACHE)")
    if action == "stats":
        c = _open(location, must_exist=True)
        try:
            s = c.stats()
            s["batches"] = [{k: b.get(k) for k in ("id", "provider", "model", "count", "submitted_at")}
                            for b in c.open_batches()]
        except (sqlite3.DatabaseError, orjson.JSONDecodeError) as exc:
            raise _damaged(c.location, exc, "; no statistics could be computed (st-cache export writes the "
                                            "entries it can read)") from exc
        finally:
            c.close()
        if fmt == "table":
            out.write(_table(s).encode())
        else:
            emit(s)
        return
    if action == "prune":
        if not (older_than or model or unusable):
            raise click.UsageError("prune needs --older-than AGE, --model MODEL or --unusable")
        c = _open(location, must_exist=True)
        try:
            n = c.prune(model=model, before=before, unusable=unusable)
            left = len(c)
        except sqlite3.DatabaseError as exc:
            raise _damaged(c.location, exc) from exc
        finally:
            c.close()
        emit({"action": "prune", "cache": c.location, "deleted": n, "entries": left})
        say(f"deleted {n} entries from {c.location}; {left} left")
        return
    if action == "export":
        c = _open(location, must_exist=True)
        try:
            dest = open(output, "wb") if output and output != "-" else out
        except OSError as exc:
            c.close()
            raise CacheDamaged(f"cannot write '{output}': {exc.strerror or exc}") from exc
        write = writer(dest).write
        n = 0
        try:
            for e in c.iter_entries(model=model, before=before):
                for field in ("request", "response"):
                    try:
                        e[field] = orjson.loads(e[field])
                    except (orjson.JSONDecodeError, TypeError):
                        pass   # a damaged entry is exported as it is stored (import refuses it)
                write(e)
                n += 1
        except sqlite3.DatabaseError as exc:
            raise _damaged(c.location, exc, f"; the {n} entries before the damage were exported") from exc
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            raise CacheDamaged(f"cannot write '{output or '<stdout>'}': {exc.strerror or exc}") from exc
        finally:
            if dest is not out:
                dest.close()
            c.close()
        say(f"exported {n} entries from {c.location}")
        return
    if action == "import":
        c = _open(location)
        counts = _import(c, args or ("-",), say)
        c.close()
        emit({"action": "import", "cache": c.location, **counts})
        say(f"{counts['added']} added, {counts['replaced']} replaced, {counts['kept']} kept, "
            f"{counts['refused']} refused; into {c.location}")
        sys.exit(1 if counts["refused"] else 0)
    # merge
    if len(args) < 2:
        raise click.UsageError("merge needs INTO and at least one FROM cache: st-cache merge INTO FROM...")
    into = _open(args[0])
    counts = {"added": 0, "replaced": 0, "kept": 0, "refused": 0}
    for src_location in args[1:]:
        src = _open(src_location, must_exist=True)
        copied = 0
        try:
            for e in src.iter_entries(model=model, before=before):
                counts[into.put_entry(e)] += 1
                copied += 1
        except sqlite3.DatabaseError as exc:
            into.close()
            raise _damaged(src.location, exc, f"; the {copied} entries before the damage were merged into "
                                              f"{into.location}") from exc
        finally:
            src.close()
    into.close()
    emit({"action": "merge", "cache": into.location, **counts})
    say(f"{counts['added']} added, {counts['replaced']} replaced, {counts['kept']} kept; into {into.location}")


def _import(cache, files, say) -> dict:
    from scholartools.llm.cache import check_entry
    from scholartools.records import is_error, iter_lines, open_binary

    counts = {"added": 0, "replaced": 0, "kept": 0, "refused": 0}
    for path in files:
        try:
            f = sys.stdin.buffer if path == "-" else open_binary(path)
        except OSError as exc:
            raise click.UsageError(f"cannot read '{path}': {exc.strerror or exc}") from exc
        name = "<stdin>" if path == "-" else path
        for n, rec in iter_lines(f, name, "st-cache", numbered=True):
            try:
                if is_error(rec):
                    raise ValueError(rec["error"]["message"].removeprefix(f"{name}:{n}: "))
                entry = check_entry(rec)
            except ValueError as exc:
                counts["refused"] += 1
                say(f"{name}:{n}: refused: {exc}")
                continue
            counts[cache.put_entry(entry)] += 1
        if f is not sys.stdin.buffer:
            f.close()
    return counts


if __name__ == "__main__":
    main()
