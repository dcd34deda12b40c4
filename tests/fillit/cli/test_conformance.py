"""The shared conformance suite of the public 42 fillit checkers, run through the command line."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from commands import invoke_fillit
from places import SHARED
from typer.testing import Result

SUITE = SHARED / "fillit-conformance"
if not SUITE.is_dir():
    pytest.skip(f"the shared conformance suite is not at {SUITE}", allow_module_level=True)

SLOW = {"erikpeik-medium_0"}
"""Valid cases whose search takes over 10 seconds; they still run by default."""


def case_params(folder: str) -> list[object]:
    """Every input of `folder`, as pytest params named by stem, the slow ones marked."""
    return [
        pytest.param(path, id=path.stem, marks=[pytest.mark.slow] if path.stem in SLOW else [])
        for path in sorted((SUITE / folder).glob("*.txt"))
    ]


def solve(argument: str) -> Result:
    """`fillit solve ARGUMENT` with colour off, standard output and error kept apart."""
    return invoke_fillit(["solve", argument], env={"NO_COLOR": "1"})


def test_suite_holds_its_valid_and_invalid_cases() -> None:
    assert len(case_params("valid")) == 55
    assert len(case_params("invalid")) == 71


def test_slow_stems_name_existing_cases() -> None:
    assert all((SUITE / "valid" / f"{stem}.txt").is_file() for stem in SLOW)


@pytest.mark.parametrize("case", case_params("valid"))
def test_valid_case_prints_the_expected_board(case: Path) -> None:
    result = solve(str(case))
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == case.with_suffix(".out").read_text()


@pytest.mark.parametrize("case", case_params("invalid"))
def test_invalid_case_prints_error(case: Path) -> None:
    result = solve(str(case))
    assert (result.stdout, result.exit_code) == ("error\n", 1)
    assert result.stderr.startswith("fillit: ")
    assert result.stderr.count("\n") == 1


ArgumentMaker = Callable[[Path], str]
"""Builds a `solve` argument inside a fresh temporary folder."""


@pytest.mark.parametrize(
    "make_argument",
    [lambda folder: str(folder / "missing.txt"), str, lambda folder: ""],
    ids=["missing_file", "directory", "empty_string"],
)
def test_unusable_argument_prints_error(make_argument: ArgumentMaker, tmp_path: Path) -> None:
    result = solve(make_argument(tmp_path))
    assert (result.stdout, result.exit_code) == ("error\n", 1)
    assert result.stderr.startswith("fillit: ")


@pytest.mark.skipif(getattr(os, "geteuid", lambda: -1)() == 0, reason="root can read any file")
def test_unreadable_file_prints_error(tmp_path: Path) -> None:
    locked = tmp_path / "locked.txt"
    locked.write_text("##..\n##..\n....\n....\n")
    locked.chmod(0)
    result = solve(str(locked))
    assert (result.stdout, result.exit_code) == ("error\n", 1)


@pytest.mark.parametrize(
    "arguments", [["solve"], ["solve", "a.txt", "b.txt"]], ids=["no_file", "two_files"]
)
def test_wrong_number_of_arguments_prints_usage_not_error(arguments: list[str]) -> None:
    result = invoke_fillit(arguments, env={"NO_COLOR": "1"})
    assert result.exit_code == 2
    assert result.stdout != "error\n"
    assert "Usage" in result.stderr
