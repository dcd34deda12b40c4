"""Issue 32: what a newcomer meets on the way from a bare clone to a puzzle of their own: usage
lines as a person reads them, the same options wherever solutions are printed, words that say
what happened."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer import Typer
from typer.testing import CliRunner, Result

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


ROOT = Path(__file__).resolve().parents[1]
SOLVING = {  # each command that prints solutions, on a puzzle with at least two
    "solve": ["solve", str(ROOT / "corpus" / "dlx" / "reference" / "queens8.dlx")],
    "queens": ["queens", "6"],
    "sudoku": ["sudoku", str(ROOT / "corpus" / "sudoku" / "inkala.txt")],
    "skyscrapers": ["skyscrapers", "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"],
    "polyomino": ["polyomino", str(ROOT / "corpus" / "polyomino" / "two_dominoes_square.txt")],
    "pentomino": ["pentomino", "3x20"],
    "tile": ["tile", str(ROOT / "corpus" / "tile" / "loose.txt")],
}
PICTURED = {"queens", "sudoku", "skyscrapers", "polyomino", "pentomino", "tile"}


def dlx(args: list[str]) -> Result:
    return CliRunner().invoke(dlx_app, args, env={"NO_COLOR": "1", "COLUMNS": "200"})


@pytest.mark.parametrize("command", SOLVING)
def test_every_command_that_prints_solutions_takes_json_limit_and_count(command: str) -> None:
    """--count prints the number alone, --limit 1 one solution, --json one object whose
    solutions (at most --limit of them) are what the text shows."""
    args = SOLVING[command]
    counted = dlx([*args, "--count"])
    assert counted.exit_code == 0 and int(counted.stdout) >= 1, counted.output
    total = int(counted.stdout)
    shown = json.loads(dlx([*args, "--json", "--limit", "2"]).stdout)
    assert shown["count"] == min(2, total) == len(shown["solutions"])
    assert shown["status"] == ("limit" if total >= 2 else "exhausted")
    first = dlx([*args, "--limit", "1"])
    assert first.exit_code == 0
    assert first.stdout.splitlines() == [str(line) for line in shown["solutions"][0]] or (
        command == "solve"
    )
    assert json.loads(dlx([*args, "--json", "--count"]).stdout)["count"] == total


@pytest.mark.parametrize("command", sorted(PICTURED))
def test_every_command_with_a_picture_takes_svg_and_plain(command: str, tmp_path: Path) -> None:
    picture = tmp_path / "first.svg"
    result = dlx([*SOLVING[command], "--limit", "1", "--plain", "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    assert picture.read_text().startswith("<svg")


def test_limit_shows_as_many_boards_where_one_is_shown_by_default() -> None:
    """pentomino, polyomino and skyscrapers show the first board; --limit N shows N."""
    one = dlx(["pentomino", "3x20"]).stdout
    two = dlx(["pentomino", "3x20", "--limit", "2"]).stdout
    assert two.startswith(one + "\n") and two.count("\n\n") == 1


def test_fillit_jobs_zero_means_a_worker_per_core() -> None:
    """As every `--jobs` of dlx: 0 is a worker per core, not a usage error."""
    example = ROOT / "corpus" / "fillit" / "valid" / "readme_example.txt"
    result = CliRunner().invoke(fillit_app, ["solve", "--jobs", "0", str(example)])
    assert (result.exit_code, result.stdout) == (0, "DDAA\nCDDA\nCCCA\nBBBB\n")
