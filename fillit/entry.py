"""The `fillit` program's entry point: Ctrl-C is quiet from the first moment
(`dlx.programs.start`)."""

from __future__ import annotations

from dlx.programs.start import quiet_start


def fillit() -> None:
    """The `fillit` program."""
    quiet_start(b"fillit")
    from fillit.cli import main

    main()
