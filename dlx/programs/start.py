"""The quiet start both programs' entry points make (`dlx.cli.entry`, `fillit.entry`).

This module imports nothing heavy, and neither does `dlx` (its names load on first use), so the
programs take over Ctrl-C within a few milliseconds of the interpreter's start, before the command
lines (typer and rich) and the engine are imported: until `dlx.programs.kit.run` installs its own
handler, Ctrl-C ends the process at once with one line and exit status 130, where Python would
print a traceback of the import. What comes earlier is the interpreter's own start (its `site`,
and the console script's first line), out of the programs' reach.
"""

from __future__ import annotations

import os
import sys
from types import FrameType

from dlx.programs.exits import EXIT_INTERRUPTED

TYPE_CHECKING = False  # as typing's, which a start need not load
if TYPE_CHECKING:
    import signal
else:  # signal's C functions: the module `signal` wraps them in enums, which a start need not
    import _signal as signal


def quiet_start(name: bytes) -> None:
    """Until the command line takes over (and again once it is done), Ctrl-C ends the process
    at once: its worker processes ended, one line `name: interrupted`, exit status 130."""

    def interrupted(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C cannot cut this short
        end_children()
        try:  # noqa: SIM105 (contextlib.suppress would be one more import before this handler)
            os.write(2, name + b": interrupted\n")
        except OSError:
            pass  # standard error is closed: the exit status says it
        os._exit(EXIT_INTERRUPTED)

    signal.signal(signal.SIGINT, interrupted)


def end_children() -> None:
    """Kill and reap the worker processes this process started (multiprocessing's), if any:
    they ignore Ctrl-C, and nothing else would stop them once this process is gone."""
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return  # none was ever started, and importing it here would cost time for nothing
    children = multiprocessing.active_children()
    # Meanwhile the pool's threads may write to a killed worker's pipe: not a reason to die.
    before = signal.signal(signal.SIGPIPE, signal.SIG_IGN) if hasattr(signal, "SIGPIPE") else None
    for child in children:
        child.kill()
    for child in children:
        child.join(5)
    if before is not None:
        signal.signal(signal.SIGPIPE, before)
