"""The suite passes whatever the caller's shell holds (issue 55): the colour and width variables a
terminal user sets (`NO_COLOR`, `FORCE_COLOR`, `TERM`, `COLUMNS`) are left out of every test by
`tests/conftest.py`, and the tests that need one set it themselves."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from places import ROOT

DRAWN = [
    "tests/cli/test_dlx_cli.py::test_boards_are_coloured_when_forced_and_plain_otherwise",
    "tests/fillit/tools/test_judge.py::test_the_first_difference_is_marked_in_both_squares",
    "tests/cli/test_dlx_cli.py::test_polyomino_prints_the_golden_board",
]
"""Tests whose output depends on colour or width: they failed under `NO_COLOR=1`."""


@pytest.mark.parametrize(
    "shell",
    [
        {"NO_COLOR": "1"},
        {"FORCE_COLOR": "1", "COLORTERM": "truecolor"},
        {"TERM": "dumb", "COLUMNS": "20", "LINES": "5"},
    ],
    ids=["no-color", "force-color", "dumb-narrow"],
)
def test_the_tests_that_draw_pass_whatever_the_shell_holds(shell: dict[str, str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | shell
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *DRAWN]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
