"""The one command base shared by the nine ``st-*`` commands (csvkit's idea, in click).

A command module declares its own options and a function that receives a :class:`RecordIO`::

    import click
    from scholartools.cli.base import st_command, RecordIO

    @st_command("st-score")
    @click.option("--metric", required=True, help="Metric names, comma-separated.")
    def main(io: RecordIO, metric):
        \"\"\"Score records. Example: st-score --metric rougeL < pairs.jsonl\"\"\"
        io.provenance["method"] = "rouge-score"
        io.map(lambda rec: score_one(rec, metric))

``st_command`` adds the common options (``-i/--input`` repeatable, ``-o/--output``, ``--strict``,
``--progress/--no-progress``, ``--quiet``, ``--version``) and owns everything that must behave
the same in every command:

* input: JSONL from the ``--input`` files in order, or stdin; ``.gz`` read transparently; a file
  that cannot be opened is a usage error (exit 2) naming it;
* a line that is not JSON, or not an object, becomes an error record with ``line`` and ``raw``;
* input error records are passed through untouched, in their place;
* :class:`~scholartools.records.RecordError` (or any exception) raised while processing a record
  turns that record into an error record; the run goes on (``--strict``: it stops there);
* every output record that is not an error gets a provenance entry ``{command, version, …}``
  made of ``io.provenance`` plus the transient ``_provenance`` dict an output record may carry;
* exit 0 when no error record was written, 1 when some were, 2 on usage errors (records waiting
  for a provider batch, error kind ``batch_pending`` under ``--batch-api submit``, do not count);
* a closed pipe (``| head``) ends the command quietly; a summary line goes to stderr at the end
  unless ``--quiet``;
* started from its own command line (not from Python with arguments), a command ends its
  process once its output is flushed and the exit handlers have run, without tearing the
  interpreter down: freeing pymupdf's thousands of wrapper classes at exit alone cost st-parse
  0.1 s CPU per process (see :func:`_end_process`).

``io.map(fn)`` streams (``fn(record)`` returns a record or a list of records, for fan-out);
``io.map_batch(fn, batch_size)`` hands lists of records to ``fn`` (for embedding batches or
concurrent LLM calls) and keeps output order; ``io.records()`` + ``io.write()`` are for commands
that aggregate (st-agree) or create records (st-parse, with ``reads_records=False``).
"""

from __future__ import annotations

import gzip
import inspect
import io as _io
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import click

from scholartools.version import __version__
from scholartools.records import (DEFAULT_MAX_DECOMPRESSED_BYTES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES,
                                  MAX_DEPTH_LIMIT, BatchInterrupted, InputTooLarge, RecordError, add_provenance, depth,
                                  dump_exact, error_record, is_error, iter_lines, open_binary, writer)

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class InputSourceError(click.ClickException):
    """An input source that cannot be read at all: exit 2, message names the file."""

    exit_code = 2


class OutputError(click.ClickException):
    """The output cannot be written (a full disk, a closed stdout): exit 2, naming it and why."""

    exit_code = 2


#: top-level fields the commands own: a command's provenance extras and its calls, which an input
#: record must not be able to forge (they are dropped when read, with a note on stderr)
OWNED_FIELDS = ("_provenance", "_calls")
#: the mark of a dry run's placeholder record (scholartools.llm.placeholders.MARK)
PLACEHOLDER = "_dry_run"

_NOT_GZIP = "not a gzip file"


class _StrictStop(Exception):
    pass


#: set when a command was started from its own command line (:meth:`StCommand.main` without
#: arguments): the process is the command's, so process-wide state is its to set
#: (:attr:`RecordIO.owns_process`)
_OWN_PROCESS = False


class StCommand(click.Command):
    """A click command that names itself ``st-…`` in usage lines, however it was started."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("prog_name", self.name)
        if args is not None or rest or not kwargs.get("standalone_mode", True):
            return super().main(args, *rest, **kwargs)   # called from Python: behave as click does
        global _OWN_PROCESS
        _OWN_PROCESS = True
        try:
            super().main(args, **kwargs)
        except SystemExit as exc:
            _end_process(exc.code)
            raise
        return None   # (not reached: click's standalone main always exits)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:   # a usage error's message may quote a URL or a server
            from scholartools.llm.masking import mask

            exc.message = mask(exc.message)
            raise


class RecordIO:
    """Reading, writing and bookkeeping for one run of a command."""

    def __init__(self, command: str, inputs: tuple[str, ...] = (), output: str | None = None,
                 strict: bool = False, progress: bool | None = None, quiet: bool = False,
                 stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None,
                 stderr: IO[str] | None = None, max_depth: int = DEFAULT_MAX_DEPTH,
                 max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                 max_decompressed_bytes: int = DEFAULT_MAX_DECOMPRESSED_BYTES):
        self.command = command
        #: the command runs in a process of its own (started from its command line, not called
        #: from Python): it may set process-wide state such as the cyclic collector's
        self.owns_process = _OWN_PROCESS
        self.inputs = tuple(inputs) or ("-",)
        self.strict = strict
        self.quiet = quiet
        self.max_depth = max_depth
        self.max_line_bytes = max_line_bytes
        self.max_decompressed_bytes = max_decompressed_bytes
        # a closed stdin or stdout (``<&-``, ``>&-``, as cron and daemons run) is None in sys
        self._stdin = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
        if stderr is None:
            stderr = sys.stderr if sys.stderr is not None else open(os.devnull, "w")
        self._stderr = stderr
        self._show_progress = self._stderr.isatty() if progress is None else progress
        self._close_out = False
        #: -o FILE is written to a temporary file beside it, renamed over FILE at the end: an input
        #: that is also the output is read whole first (as ``sort -o F F``), and a failed write
        #: never leaves a cut record in FILE
        self._temp: str | None = None
        self._output = output
        if output and output != "-":
            self._out = self._open_output(output)
            self._close_out = True
        else:
            self._out = stdout if stdout is not None else getattr(sys.stdout, "buffer", None)
            if self._out is None:
                raise OutputError("stdout is closed: give the output with -o FILE")
        #: where the output ended after the last record flushed whole (stdout a regular file):
        #: a failed write truncates back to it
        self._good_end = self._tell()
        self._writer = writer(self._out)
        self._write = self._writer.write
        #: command-level provenance fields (method, model, template …), merged into every entry
        self.provenance: dict[str, Any] = {}
        self.n_in = 0
        self.n_out = 0
        self.n_errors = 0
        #: error records of kind batch_pending (--batch-api submit): not failures, the exit stays 0
        self.n_pending = 0
        #: set by :meth:`fail`: the run produced nothing it was asked for (exit 1)
        self.failed = False
        #: input records that carried a field the command owns (dropped)
        self.n_dropped = 0
        #: a --dry-run reads the placeholder records of an earlier dry run (``_dry_run``); any
        #: other run stops at the first one with a usage error naming its line
        self.accepts_placeholders = False
        self._t0 = time.perf_counter()
        self._last_flush = self._t0

    # ------------------------------------------------------------------ output file
    def _open_output(self, path: str) -> IO[bytes]:
        """``path`` opened for writing: a temporary file beside it (renamed over it by
        :meth:`close_output`), or the path itself when it is not a regular file (``/dev/null``,
        a FIFO, ``/dev/stdout``)."""
        import secrets
        import stat

        try:
            st = os.stat(path)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            raise OutputError(f"cannot write output '{path}': {exc.strerror}") from exc
        try:
            if st is not None and not stat.S_ISREG(st.st_mode):
                return open(path, "wb")
            folder, name = os.path.split(os.path.abspath(path))
            temp = os.path.join(folder, f".{name}.{os.getpid()}-{secrets.token_hex(4)}.part")
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if st is None else stat.S_IMODE(st.st_mode))
        except OSError as exc:
            raise OutputError(f"cannot write output '{path}': {exc.strerror}") from exc
        self._temp = temp
        return os.fdopen(fd, "wb")

    def _tell(self) -> int | None:
        try:
            import stat

            if stat.S_ISREG(os.fstat(self._out.fileno()).st_mode):
                return self._out.tell()
        except (OSError, ValueError, AttributeError, _io.UnsupportedOperation):
            pass
        return None

    def _write_failed(self, exc: OSError) -> OutputError:
        """Drop what cannot be written whole and say why (exit 2): the temporary file of ``-o``
        is removed (FILE keeps what it held), a regular file on stdout is cut back to the end of
        the last whole record, and stdout is pointed at /dev/null so that nothing more reaches it."""
        why = exc.strerror or str(exc)
        if self._temp is not None:
            self.close_output(keep=False)
        else:
            if self._good_end is not None:
                try:
                    os.ftruncate(self._out.fileno(), self._good_end)
                except (OSError, ValueError):
                    pass
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, self._out.fileno())
            except (OSError, ValueError, AttributeError):
                pass
        if self._output and self._output != "-":
            kept = "; it is left as it was" if os.path.exists(self._output) else ""
            return OutputError(f"cannot write output '{self._output}': {why}{kept}")
        return OutputError(f"cannot write stdout: {why}; the run stopped there")

    def close_output(self, keep: bool = True) -> None:
        """Flush and close the output; ``-o FILE``: rename the temporary file over FILE
        (``keep``), or remove it (FILE keeps what it held)."""
        if self._close_out:
            self._close_out = False
            try:
                if keep:
                    self._out.flush()
                self._out.close()
            except OSError as exc:
                if keep:
                    raise self._write_failed(exc) from exc
        if self._temp is not None:
            temp, self._temp = self._temp, None
            try:
                if keep:
                    os.replace(temp, self._output)
                else:
                    os.unlink(temp)
            except OSError as exc:
                if keep:
                    raise OutputError(f"cannot write output '{self._output}': {exc.strerror}") from exc

    # ------------------------------------------------------------------ input
    def _open(self, path: str) -> tuple[IO[bytes], str]:
        if path == "-":
            if self._stdin is None:
                raise InputSourceError("stdin is closed: give the input with -i FILE")
            return self._stdin, "<stdin>"
        try:
            return open_binary(path), path
        except OSError as exc:
            raise InputSourceError(f"cannot read input '{path}': {exc.strerror or exc}") from exc

    def check_inputs(self) -> None:
        """Fail with exit 2 before any output when an input file cannot be opened (or, for a
        ``.gz`` name, is not gzip)."""
        for path in self.inputs:
            if path != "-":
                f, _ = self._open(path)
                f.close()
                if path.endswith(".gz"):
                    with open(path, "rb") as raw:
                        magic = raw.read(2)
                    if magic and magic != b"\x1f\x8b":
                        raise InputSourceError(f"cannot read input '{path}': {_NOT_GZIP}")

    def _unreadable(self, path: str, exc: BaseException) -> InputSourceError:
        import zlib

        if isinstance(exc, InputTooLarge):
            why = str(exc)
        elif isinstance(exc, EOFError):
            why = "truncated: the compressed stream ends before its end marker"
        elif isinstance(exc, (zlib.error, gzip.BadGzipFile)):
            why = f"{_NOT_GZIP} or damaged ({exc})"
        else:
            why = getattr(exc, "strerror", None) or str(exc)
        return InputSourceError(f"cannot read input '{path}' past record {self.n_in}: {why}")

    def _input_records(self, path: str, write_errors: bool) -> Iterator[dict]:
        """The records of one input in order; ``write_errors``: error records are written through
        as they are met instead of yielded. (This loop runs once per record of every command.)"""
        import zlib

        f, source = self._open(path)
        write = self.write
        limit = self.max_decompressed_bytes if isinstance(f, gzip.GzipFile) else None
        try:
            lines = iter_lines(f, source, self.command, max_depth=self.max_depth,
                               max_line_bytes=self.max_line_bytes, max_total_bytes=limit, numbered=True)
            while True:
                try:
                    lineno, rec = next(lines)
                except StopIteration:
                    break
                except (EOFError, OSError, zlib.error, InputTooLarge) as exc:
                    if isinstance(exc, BrokenPipeError):
                        raise
                    raise self._unreadable(source, exc) from exc
                self.n_in += 1
                if write_errors:
                    err = rec.get("error")
                    if err and isinstance(err, dict):
                        write(rec)
                        continue
                for field in OWNED_FIELDS:
                    if field in rec:
                        self._drop_owned(rec, field, source)
                if PLACEHOLDER in rec and not self.accepts_placeholders and rec.get(PLACEHOLDER):
                    from scholartools.llm.placeholders import refusal

                    raise click.UsageError(refusal(f"{source}:{lineno}"))
                yield rec
        finally:
            if f is not self._stdin:
                f.close()

    def _drop_owned(self, rec: dict, field: str, source: str) -> None:
        del rec[field]
        self.n_dropped += 1
        if self.n_dropped == 1:
            self.log(f"{source}: input field '{field}' dropped (record {self.n_in}): the command writes its own "
                     "(fields it owns cannot come from the input)")

    def _all_records(self, write_errors: bool = False) -> Iterator[dict]:
        for path in self.inputs:
            yield from self._input_records(path, write_errors)

    def raw_records(self) -> Iterator[dict]:
        """Every input record in order, input error records included (they are not written here):
        for commands that hand the whole stream on, as ``--scheduler`` does to Dask workers."""
        return self._all_records()

    def records(self) -> Iterator[dict]:
        """Input records to process; error records are written through as they are met."""
        if len(self.inputs) == 1:
            return self._input_records(self.inputs[0], write_errors=True)
        return self._all_records(write_errors=True)

    def records_per_input(self) -> list[tuple[str, list[dict]]]:
        """The records of each input (``-i`` file, or stdin) kept apart, as ``(name, records)``,
        for commands that join their inputs (``st-agree --join``); error records are written
        through as they are met, not returned."""
        return [("<stdin>" if path == "-" else path, list(self._input_records(path, write_errors=True)))
                for path in self.inputs]

    def count_in(self, n: int = 1) -> None:
        """For commands that do not read records (st-parse): count a unit of input."""
        self.n_in += n

    # ------------------------------------------------------------------ output
    def write(self, record: dict, stamped: bool = False, seconds: float | None = None) -> None:
        """Write one output record. A record that is not an error gets a provenance entry (with
        ``seconds`` spent on it, unless its ``_provenance`` names them); ``stamped``: the record
        already carries its entry, made by the same command elsewhere, e.g. on a Dask worker."""
        extra = record.pop("_provenance", None)
        err = record.get("error")
        failed = bool(err) and isinstance(err, dict)
        if failed:
            if isinstance(err.get("message"), str):
                from scholartools.llm.masking import mask

                err["message"] = mask(err["message"])   # a server may echo the API key into it
            self.n_errors += 1
            self.n_pending += err.get("kind") == "batch_pending"
        elif not stamped:
            entry = {"command": self.command, "version": __version__, **self.provenance}
            if extra:
                entry.update(extra)
            if seconds is not None and "seconds" not in (extra or ()):
                entry["seconds"] = round(seconds, 6)
            add_provenance(record, entry)
        try:
            try:
                self._write(record)
            except TypeError:   # orjson's JSONEncodeError: a huge integer, or nested too deep
                self._write_exact(record)
            self.n_out += 1
            now = time.perf_counter()
            if now - self._last_flush > 0.5:
                self._out.flush()
                self._last_flush = now
                if self._good_end is not None:
                    self._good_end = self._out.tell()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._write_failed(exc) from exc
        if failed and self.strict:
            raise _StrictStop()

    def _write_exact(self, record: dict) -> None:
        """Write what orjson cannot: exactly (integers of 2**64 or more), or, for a record nested
        deeper than can be written, an error record in its place."""
        try:
            line = dump_exact(record)
        except ValueError as exc:
            kept = {k: record[k] for k in ("id",) if k in record and depth(record[k]) < 10}
            err = error_record(self.command, "too_deep", f"{exc} (--max-depth)", kept)
            self.n_errors += 1
            line = dump_exact(err)
        self._out.write(line + b"\n")

    def write_text(self, text: str, units: int = 0) -> None:
        """Write text instead of JSONL (``--format table`` and the like); ``units`` count as output."""
        try:
            self._out.write(text.encode("utf-8"))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._write_failed(exc) from exc
        self.n_out += units

    def error_for(self, record: dict | None, exc: BaseException) -> dict:
        """The error record for ``record`` after ``exc`` was raised while processing it."""
        if isinstance(exc, RecordError):
            out = dict(record) if record else {}
            out["error"] = exc.as_error(self.command)
            return out
        return error_record(self.command, "exception", f"{type(exc).__name__}: {exc}", record)

    def _emit(self, result: Any, source: dict, seconds: float | None = None) -> None:
        if isinstance(result, BaseException):
            self.write(self.error_for(source, result))
        elif isinstance(result, list):
            for out in result:
                if out is not None:
                    self.write(out, seconds=seconds)
        elif result is not None:
            self.write(result, seconds=seconds)

    def map(self, fn: Callable[[dict], Any]) -> None:
        """Stream: ``fn(record)`` → a record, a list of records (fan-out), or raises."""
        for rec in self.progress(self.records(), desc=self.command):
            t = time.perf_counter()
            try:
                result = fn(rec)
            except (KeyboardInterrupt, _StrictStop):
                raise
            except Exception as exc:  # one bad record never ends the run
                result = exc
            self._emit(result, rec, time.perf_counter() - t)

    def map_batch(self, fn: Callable[[list[dict]], list[Any]], batch_size: int | None = None) -> None:
        """Batches: ``fn(list of records)`` → a list aligned with it (record, list, or exception each).

        ``batch_size=None`` hands over all records at once. Error records met in the input keep
        their place in the output.
        """
        pending: list[tuple[bool, dict]] = []  # (is_input_error, record)

        def flush() -> None:
            batch = [r for bad, r in pending if not bad]
            results: list[Any] = []
            if batch:
                t = time.perf_counter()
                try:
                    results = list(fn(batch))
                    if len(results) != len(batch):
                        raise RuntimeError(f"batch function returned {len(results)} results for {len(batch)} records")
                except BatchInterrupted as stop:   # Ctrl-C: what is finished is written, in order
                    finished = iter(stop.outputs)
                    for bad, rec in pending:
                        out = rec if bad else next(finished)
                        if out is not None:
                            self.write(out) if bad else self._emit(out, rec)
                    pending.clear()
                    raise KeyboardInterrupt from None
                except (KeyboardInterrupt, _StrictStop):
                    raise
                except Exception as exc:
                    results = [exc] * len(batch)
                per = (time.perf_counter() - t) / len(batch)
            it = iter(results)
            for bad, rec in pending:
                if bad:
                    self.write(rec)
                else:
                    self._emit(next(it), rec, per)
            pending.clear()

        n_ok = 0
        try:
            for rec in self.progress(self._all_records(), desc=self.command):
                bad = is_error(rec)
                pending.append((bad, rec))
                if not bad:
                    n_ok += 1
                    if batch_size and n_ok % batch_size == 0:
                        flush()
        except InputSourceError:   # an input cut short: the records read before the cut are written
            flush()
            raise
        flush()

    # ------------------------------------------------------------------ messages
    def log(self, message: str) -> None:
        """A line on stderr, prefixed with the command name, unless ``--quiet``."""
        if not self.quiet:
            from scholartools.llm.masking import mask

            print(f"{self.command}: {mask(message)}", file=self._stderr, flush=True)

    def fail(self, message: str) -> None:
        """Exit 1 with ``message`` as one line on stderr (also under ``--quiet``): an aggregating
        command that received nothing it could aggregate (an upstream step failed, a wrong field)."""
        print(f"{self.command}: {message}", file=self._stderr, flush=True)
        self.failed = True

    def usage_error(self, message: str) -> None:
        """Stop with exit 2 and ``message`` (a usage problem, before or instead of processing)."""
        raise click.UsageError(message)

    def progress(self, iterable: Iterable, total: int | None = None, desc: str | None = None) -> Iterable:
        """``iterable`` wrapped in a tqdm bar on stderr when progress is on."""
        if not self._show_progress:
            return iterable
        from tqdm import tqdm

        return tqdm(iterable, total=total, desc=desc or self.command, file=self._stderr, unit="rec",
                    leave=False, dynamic_ncols=True)

    def finish(self) -> int:
        """Flush, print the summary, and return the exit code."""
        try:
            self._out.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._write_failed(exc) from exc
        self.close_output(keep=True)
        if not self.quiet:
            secs = time.perf_counter() - self._t0
            pending = f" ({self.n_pending} waiting for a provider batch)" if self.n_pending else ""
            print(f"{self.command}: {self.n_in} in, {self.n_out} out, {self.n_errors} errors{pending}, {secs:.2f} s",
                  file=self._stderr, flush=True)
        return 1 if self.failed or self.n_errors > self.n_pending else 0


def _end_process(code: Any) -> None:
    """End a command's own process with ``code`` at once, skipping the interpreter's teardown
    (freeing every module's objects: 0.1 s CPU once pymupdf is loaded, a third of a small PDF's
    st-parse run). Exit handlers run first and stdout/stderr are flushed; where anything else
    could still need the teardown — another thread alive, a tracer or profiler attached
    (coverage, cProfile), a flush that fails — this returns and the normal exit follows."""
    import threading

    if threading.active_count() > 1 or sys.gettrace() is not None or sys.getprofile() is not None \
            or os.environ.get("ST_SLOW_EXIT"):
        return
    if code is None:
        code = 0
    elif not isinstance(code, int):
        return   # a message to print: Python's own exit says it
    import atexit

    try:
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except Exception:   # noqa: BLE001 - the normal exit reports it as it always did
        return
    os._exit(code)


def _quiet_broken_pipe() -> None:
    # Point stdout at /dev/null so the interpreter's final flush does not complain.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def common_options(reads_records: bool) -> list[click.Option]:
    opts = []
    if reads_records:
        opts.append(click.Option(["-i", "--input", "inputs"], multiple=True, metavar="FILE",
                                 help="JSONL input file (repeatable, read in order; '-' or none: stdin; .gz ok)."))
    opts += [
        click.Option(["-o", "--output"], metavar="FILE", help="Write JSONL here instead of stdout."),
        click.Option(["--strict"], is_flag=True, help="Stop at the first error record (exit 1)."),
        click.Option(["--progress/--no-progress"], default=None,
                     help="Progress bar on stderr (default: only when stderr is a terminal)."),
        click.Option(["-q", "--quiet"], is_flag=True, help="No summary or notes on stderr."),
    ]
    if reads_records:
        from scholartools.cli.types import ByteSize

        opts += [
            click.Option(["--max-depth"], type=click.IntRange(1, MAX_DEPTH_LIMIT), default=DEFAULT_MAX_DEPTH,
                         show_default=True, metavar="N",
                         help=f"A record nested deeper is an error record (kind too_deep); at most {MAX_DEPTH_LIMIT}."),
            click.Option(["--max-line-bytes"], type=ByteSize(), default=DEFAULT_MAX_LINE_BYTES, show_default=True,
                         metavar="BYTES", help="A longer input line is an error record (kind line_too_long), "
                         "never held in memory (suffixes K, M, G)."),
            click.Option(["--max-decompressed-bytes"], type=ByteSize(), default=DEFAULT_MAX_DECOMPRESSED_BYTES,
                         show_default=True, metavar="BYTES",
                         help="More from one .gz input is exit 2 naming it (a decompression bomb)."),
        ]
    return opts


def st_command(name: str, reads_records: bool = True) -> Callable[[Callable], click.Command]:
    """Turn ``fn(io, **options)`` (with its click options) into the ``name`` command."""

    def decorate(fn: Callable) -> click.Command:
        params = list(reversed(getattr(fn, "__click_params__", [])))
        params += common_options(reads_records)

        def callback(**kwargs: Any) -> None:
            io_kwargs = {k: kwargs.pop(k) for k in ("output", "strict", "progress", "quiet")}
            inputs = kwargs.pop("inputs", ()) if reads_records else ()
            # scholartools.api.run passes in-memory streams through the click context
            streams = click.get_current_context().obj or {}
            if reads_records:
                io_kwargs.update({k: kwargs.pop(k) for k in ("max_depth", "max_line_bytes", "max_decompressed_bytes")})
            io = RecordIO(name, inputs=inputs, **io_kwargs, **{k: v for k, v in streams.items()
                                                             if k in ("stdin", "stdout", "stderr")})
            try:
                if reads_records:
                    io.check_inputs()
                fn(io, **kwargs)
            except _StrictStop:
                pass
            except BrokenPipeError:
                io.close_output(keep=True)
                _quiet_broken_pipe()
                sys.exit(0)
            except KeyboardInterrupt:
                try:
                    io.finish()
                finally:
                    sys.exit(130)
            except OutputError:
                raise
            except click.ClickException:
                # an input cut short, a usage problem met on the way: the whole records written so
                # far stay written (-o: renamed into place; nothing written: FILE is left as it
                # was), then exit 2 with the message
                io.close_output(keep=io.n_out > 0)
                raise
            except BaseException:
                io.close_output(keep=False)   # a failure of ours: -o FILE keeps what it held
                raise
            try:
                code = io.finish()
            except BrokenPipeError:
                _quiet_broken_pipe()
                sys.exit(0)
            sys.exit(code)

        cmd = StCommand(name=name, callback=callback, params=params,
                        help=inspect.cleandoc(fn.__doc__) if fn.__doc__ else None,
                            context_settings=CONTEXT_SETTINGS)
        click.version_option(__version__, "--version", prog_name=name, message="%(prog)s %(version)s")(cmd)
        cmd.__wrapped__ = fn
        return cmd

    return decorate
