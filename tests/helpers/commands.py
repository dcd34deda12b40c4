"""How a test runs a command in its own process: `dlx` and `fillit` through their typer apps
(click's CliRunner), standard input given as text, from a known terminal: no colour switch set
and 120 columns, unless the test gives its own `env`. An exception other than the exit typer
makes of every run fails the test where it happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typer.testing import CliRunner, Result

QUIET: dict[str, str | None] = {
    "NO_COLOR": None,
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "COLUMNS": "120",
}
"""The environment every run starts from unless a test gives its own."""


def invoke_dlx(
    args: Sequence[str], stdin: str | bytes | None = None, env: Mapping[str, str | None] = QUIET
) -> Result:
    """`dlx ARGS`, run in this process."""
    from dlx.cli.app import app

    return _invoked(app, args, stdin, env)


def invoke_fillit(
    args: Sequence[str], stdin: str | bytes | None = None, env: Mapping[str, str | None] = QUIET
) -> Result:
    """`fillit ARGS`, run in this process."""
    from fillit.cli import app

    return _invoked(app, args, stdin, env)


def _invoked(
    app: object, args: Sequence[str], stdin: str | bytes | None, env: Mapping[str, str | None]
) -> Result:
    result = CliRunner().invoke(app, list(args), input=stdin, env=dict(env))  # type: ignore[arg-type]
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result
