"""What the `dlx` and `fillit` command lines share: the budget options, checked once; a clock that
bounds the whole run; and an ending without a traceback, whatever happens to the process.

- `--timeout` is a positive number of seconds up to `MAX_TIMEOUT` (about 31 years: the alarm
  takes no more), `--max-nodes` at least 1; anything else is a usage error (exit 2).
- The timeout bounds the whole run (reading, building, searching): `Clock` starts with the command
  and an alarm at its deadline raises `OutOfTime` wherever the run is, so a command that would
  take longer to read or build its problem than allowed still stops in time (exit 3: unknown).
  The searches get the time left, so they usually stop first, cleanly, by their own budget.
- `run` is the body of both entry points: Ctrl-C at any moment exits 130 with one line; a failed
  write to standard output (a full disk, /dev/full) or a closed standard output gives one line on
  standard error and exit 1; a reader that goes away ends the process quietly, as SIGPIPE does.
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand

from dlx.console.start import EXIT_INTERRUPTED, end_children, quiet_start

EXIT_FAILED = 1
EXIT_UNKNOWN = 3
MAX_TIMEOUT = 1e9
MAX_PUZZLE_BYTES = 1024 * 1024
"""Largest puzzle text a front-end reads (a file, standard input, a page's request); a larger one
is refused before it is read whole."""
"""The longest `--timeout` in seconds: the system's interval timer refuses much more."""


class Interrupted(BaseException):
    """Ctrl-C (SIGINT): raised from the signal handler, past every `except Exception`."""


class OutOfTime(BaseException):
    """The whole run's `--timeout` ran out (SIGALRM) before the answer was known."""


def positive_seconds(value: float | None) -> float | None:
    """The `--timeout` callback: None, or a positive number of seconds up to MAX_TIMEOUT."""
    if value is not None and not (math.isfinite(value) and 0 < value <= MAX_TIMEOUT):
        raise typer.BadParameter(
            f"must be a positive number of seconds up to {MAX_TIMEOUT:.0f}, not {value}"
        )
    return value


TimeoutOpt = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        callback=positive_seconds,
        help="Give up after this many seconds, reading and building included (exit 3: unknown).",
    ),
]
MaxNodesOpt = Annotated[
    int | None,
    typer.Option("--max-nodes", min=1, help="Give up after this many search nodes (exit 3)."),
]
PlainOpt = Annotated[bool, typer.Option("--plain", help="Plain text even on a terminal.")]


def version_option(version: str, describe: Callable[[], str] | None = None) -> object:
    """The `--version` option of a program whose version is `version` (its callback prints it,
    with the engine's core in use, or what `describe` says, and ends the run before any command)."""

    def show(value: bool) -> None:
        if value:
            from dlx import core_name

            typer.echo(f"{version} ({describe() if describe else f'core: {core_name()}'})")
            raise typer.Exit()

    return typer.Option("--version", callback=show, is_eager=True, help="Print the version.")


class PlainUsage(TyperCommand):
    """A command whose usage line names its arguments as click does (`FILE`, `[FILE]`), not in
    the braces typer puts around required ones (`{FILE}`): `app.command(cls=PlainUsage)`."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:  # (typer's own click.Context)
        pieces = super().collect_usage_pieces(ctx)
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


def unwritable(path: Path) -> str | None:
    """Why a picture could not be written to `path`, found before any search (None: it can be):
    the file is opened for appending, so an existing one is left as it is, a new one removed."""
    if not path.parent.is_dir():
        return "no such folder"
    if path.is_dir():
        return "is a folder"
    existed = path.exists()
    try:
        path.open("ab").close()
        if not existed:
            path.unlink()
    except OSError as error:
        return _reason(error)
    return None


class Clock:
    """The deadline of one run: `timeout` seconds from now (None: no deadline). Used as a
    context manager, so the alarm never outlives the command, however it ends."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout
        if timeout is not None:
            signal.signal(signal.SIGALRM, _out_of_time)
            signal.setitimer(signal.ITIMER_REAL, timeout)

    def left(self) -> float | None:
        """The seconds left for the search (None: no deadline); OutOfTime when none are."""
        if self.deadline is None:
            return None
        seconds = self.deadline - time.monotonic()
        if seconds <= 0:
            raise OutOfTime
        return seconds

    def __enter__(self) -> Clock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Disarm the alarm: the answer is known, and printing it is not bounded by the clock."""
        if self.deadline is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.deadline = None


_AT_STOP: list[Callable[[str], object]] = []
"""What to tell when Ctrl-C or the timeout ends the run (the process's own, as its signals)."""


def at_stop(tell: Callable[[str], object]) -> None:
    """Have `tell(why)` (a command's statistics so far, marked partial) run when Ctrl-C
    ("interrupted") or the whole run's timeout ("timeout") ends the run, before its last line."""
    _AT_STOP.append(tell)


def _out_of_time(signum: int, frame: FrameType | None) -> None:
    _ending()
    raise OutOfTime


def _interrupted(signum: int, frame: FrameType | None) -> None:
    _ending()
    raise Interrupted


def _ending() -> None:
    """The run is ending: neither a second Ctrl-C nor the alarm may cut short the clean-ups
    (a parallel search's workers stopped, a checked program's processes killed) on the way."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.setitimer(signal.ITIMER_REAL, 0)


def run(app: Callable[[], object], name: str) -> NoReturn:
    """Run the typer `app` as the program `name`, ending with a documented status and at most
    one line on standard error, never a traceback, and no worker process left."""
    if sys.stdout is None:
        _say(f"{name}: standard output is closed")
        sys.exit(EXIT_FAILED)
    try:
        sys.unraisablehook = _unraisable(name, sys.unraisablehook)
        signal.signal(signal.SIGINT, _interrupted)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `dlx ... | head -1` ends quietly
        code = _status(app, name)
        # The interpreter's shutdown (its last flush, the joins at exit) must not show a
        # traceback either: Ctrl-C ends the process from now on as it does before `run`.
        quiet_start(name.encode())
    except (Interrupted, OutOfTime) as stop:
        _stopped(name, stop)
    # The interpreter's last garbage collection would walk a large problem's millions of linked
    # nodes, taking longer than solving it: what is left is frozen out of its sight instead.
    gc.freeze()
    sys.exit(_flushed(name, code))


def _unraisable(
    name: str, before: Callable[[sys.UnraisableHookArgs], object]
) -> Callable[[sys.UnraisableHookArgs], object]:
    """A hook for exceptions Python cannot raise (in a `__del__`, a weakref's callback): Ctrl-C
    or the timeout landing there still ends the run, where Python would print it and go on."""

    def hook(unraisable: sys.UnraisableHookArgs) -> object:
        if isinstance(unraisable.exc_value, (Interrupted, OutOfTime)):
            _stopped(name, unraisable.exc_value)
        return before(unraisable)

    return hook


def _status(app: Callable[[], object], name: str) -> int:
    """The exit status of the typer `app`, its failed writes told in one line."""
    try:
        app()
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except OSError as error:
        return _fail(f"{name}: {_reason(error)}", EXIT_FAILED)
    return 0


def _stopped(name: str, stop: Interrupted | OutOfTime) -> NoReturn:
    """Leave at once after Ctrl-C or the timeout, raised anywhere (even halfway through linking
    or unlinking a node): without the searches' clean-ups, which could walk lists left
    half-linked, but with the worker processes ended."""
    _ending()
    end_children()
    code = EXIT_INTERRUPTED if isinstance(stop, Interrupted) else EXIT_UNKNOWN
    for tell in _AT_STOP:
        with contextlib.suppress(Exception):  # (what was counted is a courtesy; the end is not)
            tell("interrupted" if code == EXIT_INTERRUPTED else "timeout")
    what = "interrupted" if code == EXIT_INTERRUPTED else "unknown: the timeout ran out"
    os._exit(_flushed(name, _fail(f"{name}: {what}", code)))


def _flushed(name: str, code: int) -> int:
    """`code`, once standard output is written out; if it cannot be, one line and exit 1
    (standard output then goes to /dev/null, so the interpreter's last flush cannot fail)."""
    try:
        sys.stdout.flush()
    except OSError as error:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return _fail(f"{name}: cannot write standard output: {_reason(error)}", EXIT_FAILED)
    return code


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _fail(message: str, code: int) -> int:
    _say(message)
    return code


def _say(message: str) -> None:
    """One line on standard error, if there is one to write to."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(message + "\n")
            sys.stderr.flush()
    except OSError:
        pass
