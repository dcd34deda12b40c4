"""What the `dlx` and `fillit` command lines share: the budget options, checked once; a clock that
bounds the whole run; and an ending without a traceback, whatever happens to the process.

- `--timeout` is a positive number of seconds up to `MAX_TIMEOUT` (about 31 years: the alarm
  takes no more), `--max-nodes` at least 1; anything else is a usage error (exit 2).
- The timeout bounds the whole run (reading, building, searching): `Clock` starts with the command
  and an alarm at its deadline raises `OutOfTime` wherever the run is, so a command that would
  take longer to read or build its problem than allowed still stops in time (exit 3: unknown).
  The searches get the time left and stop at the deadline by their own budget, cleanly, so that
  every budget ends alike (exit 3, `--json` the same object); once a search has the time, the
  alarm waits `GRACE` (half a second) past the deadline for it.
- `run` is the body of both entry points: Ctrl-C at any moment exits 130 with one line; a failed
  write to standard output (a full disk, /dev/full) or a closed standard output gives one line on
  standard error and exit 1; a reader that goes away ends the process quietly, as SIGPIPE does.

The clock and the endings live in `dlx.programs.ending`, which imports no typer (so that `dlx
solve`'s plain form starts without it); this module hands them on with the options.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from dlx.programs.ending import (
    Clock,
    Interrupted,
    OutOfTime,
    at_stop,
    run,
)
from dlx.programs.exits import EXIT_FAILED, EXIT_UNKNOWN
from dlx.programs.files import MAX_PUZZLE_BYTES

__all__ = [
    "EXIT_FAILED",
    "EXIT_UNKNOWN",
    "MAX_PUZZLE_BYTES",
    "MAX_TIMEOUT",
    "Clock",
    "Interrupted",
    "MaxNodesOpt",
    "OutOfTime",
    "PlainOpt",
    "PlainUsage",
    "TimeoutOpt",
    "at_stop",
    "positive_seconds",
    "run",
    "version_option",
]
MAX_TIMEOUT = 1e9
"""The longest `--timeout` in seconds: the system's interval timer refuses much more."""


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
