"""The `dlx` program's entry point: Ctrl-C is quiet from the first moment (`dlx.console.start`),
before the command line and the engine are imported."""

from __future__ import annotations

from dlx.console.start import quiet_start


def dlx() -> None:
    """The `dlx` program."""
    quiet_start(b"dlx")
    from dlx.cli.app import main

    main()
