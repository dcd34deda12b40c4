"""Issue 32: what a newcomer meets on the way from a bare clone to a puzzle of their own: usage
lines as a person reads them, the same options wherever solutions are printed, words that say
what happened."""

from __future__ import annotations

import re

import pytest
from typer import Typer
from typer.testing import CliRunner

from dlx.cli.app import app as dlx_app
from fillit.cli import app as fillit_app

DLX_COMMANDS = ["solve", "queens", "sudoku", "skyscrapers", "polyomino", "pentomino", "tile"]
DLX_COMMANDS += ["estimate"]
FILLIT_COMMANDS = ["solve", "stats", "check", "generate"]


@pytest.mark.parametrize(
    ("app", "command"),
    [(dlx_app, c) for c in DLX_COMMANDS] + [(fillit_app, c) for c in FILLIT_COMMANDS],
    ids=[f"dlx-{c}" for c in DLX_COMMANDS] + [f"fillit-{c}" for c in FILLIT_COMMANDS],
)
def test_usage_lines_name_arguments_in_capitals_without_braces(app: Typer, command: str) -> None:
    """`Usage: dlx solve [OPTIONS] FILE`, as click and man pages write it (typer's `{FILE}`
    looked like a literal to type)."""
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line).strip()
    assert "{" not in usage and "}" not in usage, usage
    arguments = usage.split("[OPTIONS]", 1)[1].split()
    word = re.compile(r"\[?(--|[A-Z][A-Zx]*|\[?ARGS...\]?)\]?")  # (RxC, -- PROGRAM [ARGS...])
    assert all(word.fullmatch(argument) for argument in arguments), usage
