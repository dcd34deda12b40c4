"""The `dlx` program's entry point, and the quiet start it shares with `fillit.entry`.

This module imports nothing heavy, so it can take over Ctrl-C before the command lines (typer and
rich) are imported: until `dlx.cli.kit.run` installs its own handler, Ctrl-C ends the process at
once with one line and exit status 130, where Python would print a traceback of the import.
"""

from __future__ import annotations

import os
import signal
from types import FrameType


def dlx() -> None:
    """The `dlx` program."""
    quiet_start(b"dlx")
    from dlx.cli.app import main

    main()


def quiet_start(name: bytes) -> None:
    """Until the command line takes over, Ctrl-C writes `name: interrupted` and exits 130."""

    def interrupted(signum: int, frame: FrameType | None) -> None:
        os.write(2, name + b": interrupted\n")
        os._exit(130)

    signal.signal(signal.SIGINT, interrupted)
