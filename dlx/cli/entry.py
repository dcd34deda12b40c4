"""The `dlx` program's entry point: Ctrl-C is quiet from the first moment (`dlx.programs.start`),
before the command line and the engine are imported; a plain `dlx solve` (`dlx.cli.plain`) and
a plain `dlx tile --count` (`dlx.cli.plain_tile`) run without typer, every other command line
through the typer app."""

from __future__ import annotations

import sys

from dlx.programs.start import quiet_start


def dlx() -> None:
    """The `dlx` program."""
    quiet_start(b"dlx")
    from dlx.cli.plain import plain_solve
    from dlx.cli.plain_tile import plain_tile

    asked = plain_solve(sys.argv[1:])
    if asked is not None:
        from dlx.cli.plain import solve_plainly
        from dlx.programs.ending import run

        run(lambda: solve_plainly(asked), "dlx")
    tiling = plain_tile(sys.argv[1:])
    if tiling is not None:
        from dlx.cli.plain_tile import tile_plainly
        from dlx.programs.ending import run

        run(lambda: tile_plainly(tiling), "dlx")
    from dlx.cli.app import main

    main()
