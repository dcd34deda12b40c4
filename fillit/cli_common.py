"""What the fillit commands share (`fillit.cli`, `fillit.tools.cli`): whether
to draw in colour, a console to draw on, and Ctrl-C turned into one message and exit status 130."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import typer

from dlx.programs.exits import EXIT_INTERRUPTED

if TYPE_CHECKING:
    from rich.console import Console


@contextmanager
def interruptible() -> Iterator[None]:
    """Turn Ctrl-C during a search into one message and exit status 130."""
    try:
        yield
    except KeyboardInterrupt:
        typer.echo("fillit: interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


def make_console(plain: bool) -> Console:
    """A rich console on standard output; a plain one draws no styles and no live display."""
    from rich.console import Console

    if plain:
        return Console(highlight=False, soft_wrap=True, force_terminal=False, no_color=True)
    return Console(highlight=False, soft_wrap=True)
