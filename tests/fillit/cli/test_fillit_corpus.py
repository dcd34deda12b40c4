"""The golden corpus: every corpus/fillit case through the command line, byte for byte."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from commands import invoke_fillit
from fillit_oracle import canonical_rows
from places import ROOT
from typer.testing import Result

from fillit.check import check
from fillit.parse import parse
from fillit.pieces import Piece

CORPUS = ROOT / "corpus" / "fillit"
VALID = sorted((CORPUS / "valid").glob("*.txt"))
INVALID = sorted((CORPUS / "invalid").glob("*.txt"))
TAIL = sorted((CORPUS / "tail").glob("*.txt"))
"""The slowest inputs met on the way to issue 26 (few shapes, near-tilings), with their answers."""
ORACLE_LIMIT = 6
"""The brute-force oracle is only asked about inputs of at most this many pieces."""


def block_count(case: Path) -> int:
    """The number of blocks in a valid case, counted without fillit's parser."""
    return case.read_text().count("\n\n") + 1


SMALL = [case for case in VALID if block_count(case) <= ORACLE_LIMIT]


def solve(path: Path) -> Result:
    """`fillit solve PATH` with colour off, standard output and error kept apart."""
    return invoke_fillit(["solve", str(path)], env={"NO_COLOR": "1"})


def expected(case: Path, suffix: str) -> str:
    """The golden text beside `case`."""
    return case.with_suffix(suffix).read_text()


def test_corpus_has_valid_and_invalid_cases() -> None:
    assert len(VALID) >= 15
    assert len(INVALID) >= 25
    assert len(TAIL) >= 20
    assert SMALL


@pytest.mark.parametrize(
    ("cases", "suffix"),
    [(VALID, ".out"), (INVALID, ".err"), (TAIL, ".out")],
    ids=["valid", "invalid", "tail"],
)
def test_every_input_has_its_golden_file_and_no_golden_file_is_orphaned(
    cases: list[Path], suffix: str
) -> None:
    folder = cases[0].parent
    inputs = {case.stem for case in cases}
    golden = {path.stem for path in folder.glob(f"*{suffix}")}
    assert inputs == golden


@pytest.mark.parametrize("case", VALID + TAIL, ids=lambda case: case.stem)
def test_valid_case_prints_the_golden_board(case: Path) -> None:
    result = solve(case)
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == expected(case, ".out")


@pytest.mark.parametrize("case", VALID + TAIL, ids=lambda case: case.stem)
def test_golden_board_passes_the_independent_check(case: Path) -> None:
    check(expected(case, ".out").splitlines(), parse(case.read_text()))


@pytest.mark.parametrize("case", SMALL, ids=lambda case: case.stem)
def test_golden_board_is_the_brute_force_canonical_answer(case: Path) -> None:
    pieces = parse(case.read_text())
    assert canonical_rows([piece.cells for piece in pieces]) == expected(case, ".out").splitlines()


@pytest.mark.parametrize("case", INVALID, ids=lambda case: case.stem)
def test_invalid_case_prints_error_and_the_golden_reason(case: Path) -> None:
    result = solve(case)
    assert (result.stdout, result.exit_code) == ("error\n", 1)
    assert result.stderr == expected(case, ".err")


def top_left_block(piece: Piece) -> str:
    """A 4x4 block drawing `piece` from its normalised cells, against the top-left corner."""
    return "".join(
        "".join("#" if (r, c) in piece.cells else "." for c in range(4)) + "\n" for r in range(4)
    )


def test_offset_in_block_solves_as_the_same_pieces_drawn_at_the_top_left(tmp_path: Path) -> None:
    case = CORPUS / "valid" / "offset_in_block.txt"
    redrawn = "\n".join(top_left_block(piece) for piece in parse(case.read_text()))
    assert redrawn != case.read_text()
    top_left = tmp_path / "top_left.txt"
    top_left.write_text(redrawn)
    assert solve(top_left).stdout == expected(case, ".out")


@pytest.mark.parametrize(
    ("case", "stream", "golden"),
    [
        (CORPUS / "valid" / "needs_growth.txt", "stdout", ".out"),
        (CORPUS / "invalid" / "three_hashes.txt", "stderr", ".err"),
    ],
    ids=["valid", "invalid"],
)
def test_python_dash_m_fillit_prints_the_golden_text(case: Path, stream: str, golden: str) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "fillit", "solve", str(case)],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
        timeout=60,
    )
    assert getattr(completed, stream) == expected(case, golden)
