"""The `dlx` program's entry point: Ctrl-C is quiet from the first moment (`dlx.programs.start`),
before the command line and the engine are imported; a plain `dlx solve` (`dlx.cli.plain`) runs
without typer, every other command line through the typer app."""

from __future__ import annotations

import sys

from dlx.programs.start import quiet_start


def dlx() -> None:
    """The `dlx` program."""
    quiet_start(b"dlx")
    from dlx.cli.plain import plain_solve

    asked = plain_solve(sys.argv[1:])
    if asked is not None:
        from dlx.cli.plain import solve_plainly
        from dlx.programs.ending import run

        run(lambda: solve_plainly(asked), "dlx")
    from dlx.cli.app import main

    main()
