"""The `dlx` program's entry point: Ctrl-C is quiet from the first moment (`dlx.programs.start`),
before the command line and the engine are imported; a plain `dlx solve` or `dlx tile --count`
(`dlx.cli.plain`) runs without typer, every other command line through the typer app."""

from __future__ import annotations

import sys

from dlx.programs.start import quiet_start


def dlx() -> None:
    """The `dlx` program."""
    quiet_start(b"dlx")
    from dlx.cli.plain import plain_start

    plain = plain_start(sys.argv[1:])
    if plain is not None:
        from dlx.cli.plain import run_plainly
        from dlx.programs.ending import run

        run(lambda: run_plainly(plain), "dlx")
    from dlx.cli.app import main

    main()
