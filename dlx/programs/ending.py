"""The endings both command lines share, without the command line's machinery (neither typer nor
rich is imported here, so that `dlx solve`'s plain form, `dlx.cli.plain`, starts without them):
a clock that bounds the whole run, and an ending without a traceback, whatever happens to the
process. `dlx.programs.kit` hands these on with the options that need typer; its docstring says
what each ending does.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable
from types import FrameType

from dlx.programs.exits import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_UNKNOWN
from dlx.programs.start import end_children, quiet_start

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    import signal
    from typing import NoReturn
else:  # as in dlx.programs.start: signal's C functions, without its enums
    import _signal as signal

GRACE = 0.5
"""Seconds the alarm waits past the deadline once a search has the time left: the search stops
itself at the deadline, at its next poll (every few thousand nodes), and ends the run as a budget
does, its answer unknown (`--json`: the same object as `--max-nodes` gives); the alarm ends a
run whose search has not stopped by then."""


class Interrupted(BaseException):
    """Ctrl-C (SIGINT): raised from the signal handler, past every `except Exception`."""


class OutOfTime(BaseException):
    """The whole run's `--timeout` ran out (SIGALRM) before the answer was known."""


class Clock:
    """The deadline of one run: `timeout` seconds from now (None: no deadline). Used as a
    context manager, so the alarm never outlives the command, however it ends."""

    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout
        if timeout is not None:
            signal.signal(signal.SIGALRM, _out_of_time)
            signal.setitimer(signal.ITIMER_REAL, timeout)

    def left(self) -> float | None:
        """The seconds left for the search (None: no deadline); OutOfTime when none are. The
        search is its own clock from now on: the alarm moves `GRACE` past the deadline."""
        if self.deadline is None:
            return None
        seconds = self.deadline - time.monotonic()
        if seconds <= 0:
            raise OutOfTime
        signal.setitimer(signal.ITIMER_REAL, seconds + GRACE)
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
    """The exit status of the typer `app`, its failed writes and a lack of memory told in one
    line."""
    try:
        app()
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except OSError as error:
        return _fail(f"{name}: {reason(error)}", EXIT_FAILED)
    except MemoryError:
        return _fail(
            f"{name}: out of memory: the run needs more than this machine allows", EXIT_FAILED
        )
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
        return _fail(f"{name}: cannot write standard output: {reason(error)}", EXIT_FAILED)
    return code


def reason(error: OSError) -> str:
    """What went wrong with a file or a stream, in the system's words."""
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
