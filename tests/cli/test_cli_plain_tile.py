"""`dlx tile --count`'s plain form (`dlx.cli.plain`: `--count [--unique] FILE`, without
typer) prints and ends exactly as the typer command does, on every argument vector of a matrix:
pictures and Knuth's spec lines, `--unique`, standard input, no solution, bad puzzles and bad
files, and options that must go to typer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from places import ROOT

from dlx.cli.plain import read_plain

CORPUS = ROOT / "corpus" / "tile"

TYPER = "import sys; sys.argv[0] = 'dlx'; from dlx.cli.app import main; main()"
PLAIN = "import sys; sys.argv[0] = 'dlx'; from dlx.cli.entry import dlx; dlx()"

FILES = {
    "trominoes.txt": b"board\n###\n#++\n#++\npieces trominoes\n",
    "none.txt": b"board 2x3\npieces trominoes\n",
    "soma.txt": (CORPUS / "spec_soma.txt").read_bytes(),
    "hexagon.txt": (CORPUS / "sets_hexagon_unique.txt").read_bytes(),
    "area.txt": (CORPUS / "err_area.txt").read_bytes(),
    "grid.txt": (CORPUS / "err_unknown_grid.txt").read_bytes(),
    "not_utf8.txt": b"board 2x2\n\xff\n",
    "no_unique.txt": b"board 1x4\npiece A\n##\npiece B\n##\n",
}

PLAIN_CASES = [
    ["tile", "--count", "trominoes.txt"],
    ["tile", "trominoes.txt", "--count"],
    ["tile", "--count", "--unique", "soma.txt"],
    ["tile", "--unique", "--count", "hexagon.txt"],
    ["tile", "--count", "none.txt"],
    ["tile", "--count", "area.txt"],
    ["tile", "--count", "grid.txt"],
    ["tile", "--count", "not_utf8.txt"],
    ["tile", "--count", "--unique", "no_unique.txt"],
    ["tile", "--count", "missing.txt"],
    ["tile", "--count", "-"],
    ["tile", "--count", "--unique", "-"],
]
"""Argument vectors the plain form runs (the puzzles above, run from their folder; standard
input holds the soma spec)."""

TYPER_CASES = [
    ["tile", "trominoes.txt"],
    ["tile", "--count", "--count", "trominoes.txt"],
    ["tile", "--count", "--limit", "1", "trominoes.txt"],
    ["tile", "--count", "--grid", "square", "trominoes.txt"],
    ["tile", "--count"],
    ["tile", "--count", "trominoes.txt", "none.txt"],
    ["tile", "--count", "--board", "2x3", "--pieces", "trominoes"],
]
"""Argument vectors that go to typer whichever way the program starts."""


def run(code: str, argv: list[str], folder: Path, merged: bool) -> tuple[str, str, int]:
    """Standard output, standard error (or both in one) and the exit status of `dlx ARGV`."""
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        input=FILES["soma.txt"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merged else subprocess.PIPE,
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "dumb"},
        check=False,
    )
    err = "" if merged else done.stderr.decode("utf-8", "backslashreplace")
    return done.stdout.decode("utf-8", "backslashreplace"), err, done.returncode


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The puzzles, in a folder of their own."""
    made = tmp_path_factory.mktemp("plain_tile")
    for name, data in FILES.items():
        (made / name).write_bytes(data)
    return made


@pytest.mark.parametrize("argv", PLAIN_CASES + TYPER_CASES, ids=" ".join)
def test_the_plain_form_prints_and_ends_as_typer_does(argv: list[str], folder: Path) -> None:
    assert (read_plain(argv) is not None) == (argv in PLAIN_CASES)
    for merged in (False, True):
        assert run(PLAIN, argv, folder, merged) == run(TYPER, argv, folder, merged)


def test_dlx_tile_count_starts_without_typer(folder: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PLAIN, "tile", "--count", "soma.txt"],
        capture_output=True,
        text=True,
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    names = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()}
    assert done.stdout == "11520\n"
    assert not {name.split(".")[0] for name in names} & {"typer", "click", "rich"}
