"""`--unique` where every piece has copies (`dlx.tiling.symmetry_copies`): one solution per
symmetry class, against the orbits of all solutions by an oracle that shares none of the
product's transforms (`tiling_oracle`, each copy given apart and alike copies then told alike),
on every grid; and the issue's two puzzles through the command line."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
import tiling_oracle as oracle
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import verify
from dlx.tiling.build import build, solutions
from dlx.tiling.errors import TileError
from dlx.tiling.grids import GRIDS, Cell
from dlx.tiling.library import polyforms
from dlx.tiling.model import Piece, Puzzle
from dlx.tiling.symmetry_copies import LEAST

BOXES: dict[str, list[Cell]] = {
    "square": [(x, y) for x in range(4) for y in range(4)],
    "triangle": [(x, y, t) for x in range(3) for y in range(2) for t in (0, 1)],
    "hex": [(x, y) for x in range(3) for y in range(3)],
    "cube": [(x, y, z) for x in range(2) for y in range(2) for z in range(3)],
}
"""The boxes boards are cut from, one per grid: the whole box, or its first cells in order."""

FORMS = {grid: {n: polyforms(GRIDS[grid], n) for n in (1, 2, 3, 4)} for grid in BOXES}


def copies_puzzle(
    grid: str, board: Sequence[Cell], pieces: Sequence[tuple[Sequence[Cell], int]], flip: bool
) -> Puzzle:
    """The product's puzzle: each piece with its number of copies, up to symmetry."""
    g = GRIDS[grid]
    shapes = [
        Piece(chr(65 + i), [g.normalise([(c, 0) for c in cells])], (copies, copies))
        for i, (cells, copies) in enumerate(pieces)
    ]
    return Puzzle(g, g.sorted((c, 0) for c in board), shapes, flip=flip, unique=True)


def counted(puzzle: Puzzle) -> int:
    """The product's number of classes."""
    return sum(1 for _ in solutions(build(puzzle)))


def orbits(
    grid: str, board: Sequence[Cell], pieces: Sequence[tuple[Sequence[Cell], int]], flip: bool
) -> int:
    """The oracle's classes."""
    return oracle.copies_orbits(grid, list(board), pieces, proper_only=not flip)


@st.composite
def copied_puzzles(
    draw: st.DrawFn,
) -> tuple[str, list[Cell], list[tuple[list[Cell], int]], bool]:
    """A grid, one or two pieces of 1 to 4 cells with 2 to 4 copies, and the board of their area
    cut from the box."""
    grid = draw(st.sampled_from(list(BOXES)))
    box = BOXES[grid]
    pieces: list[tuple[list[Cell], int]] = []
    area = 0
    for _ in range(draw(st.integers(1, 2))):
        size = draw(st.integers(1, 4))
        forms = FORMS[grid][size]
        cells = [c for c, _ in forms[draw(st.integers(0, len(forms) - 1))]]
        copies = draw(st.integers(2, 4))
        if any(cells == other for other, _ in pieces) or area + size * copies > len(box):
            continue
        pieces.append((cells, copies))
        area += size * copies
    if not pieces:
        pieces, area = [([c for c, _ in FORMS[grid][1][0]], 2)], 2
    board = box if draw(st.booleans()) and area == len(box) else box[:area]
    return grid, board, pieces, draw(st.booleans()) and not GRIDS[grid].solid


@settings(max_examples=60, deadline=None)
@given(copied_puzzles())
def test_unique_with_copies_counts_the_oracles_orbits(
    case: tuple[str, list[Cell], list[tuple[list[Cell], int]], bool],
) -> None:
    grid, board, pieces, flip = case
    try:
        mine = counted(copies_puzzle(grid, board, pieces, flip))
    except TileError as error:  # the pieces cannot fill the board
        assert "cover" in str(error)
        return
    assert mine == orbits(grid, board, pieces, flip)


SQUARE_4x4 = [(r, c) for r in range(4) for c in range(4)]
DOMINO = [(0, 0), (0, 1)]
L_TETROMINO = [(0, 0), (1, 0), (2, 0), (2, 1)]
T_TETROMINO = [(0, 0), (0, 1), (0, 2), (1, 1)]
TRIAMOND = [(0, 0, 0), (0, 0, 1), (1, 0, 0)]


@pytest.mark.parametrize(
    ("grid", "board", "pieces", "flip", "expected"),
    [
        ("square", SQUARE_4x4, [(DOMINO, 8)], True, 9),
        ("square", SQUARE_4x4, [(L_TETROMINO, 2), (T_TETROMINO, 2)], True, None),
        ("square", [(r, c) for r in range(4) for c in range(6)], [(L_TETROMINO, 6)], True, None),
        ("square", [(r, c) for r in range(2) for c in range(6)], [(DOMINO, 6)], False, None),
        (
            "triangle",
            [(x, y, t) for x in range(3) for y in range(2) for t in (0, 1)],
            [(TRIAMOND, 4)],
            True,
            None,
        ),
    ],
)
def test_whole_puzzles_with_copies(
    grid: str,
    board: list[Cell],
    pieces: list[tuple[list[Cell], int]],
    flip: bool,
    expected: int | None,
) -> None:
    """8 dominoes in a 4 x 4 square (36 tilings, 9 up to symmetry), L and T tetrominoes
    together, six L in 4 x 6, dominoes in 2 x 6 turned only, four triamonds in a rhombus."""
    mine = counted(copies_puzzle(grid, board, pieces, flip))
    assert mine == orbits(grid, board, pieces, flip)
    if expected is not None:
        assert mine == expected


def test_each_class_is_found_once_with_a_designated_least_placement() -> None:
    """The problem has one primary item more, `least`, which exactly one option of each
    solution covers; the solutions verify against it."""
    tiling = build(copies_puzzle("square", SQUARE_4x4, [(DOMINO, 8)], True))
    assert LEAST in tiling.problem.items[: tiling.problem.primary_count]
    assert tiling.canonical is not None
    from dlx.solve import solve

    found = 0
    for keys in solve(tiling.problem):
        verify(tiling.problem, keys)
        designated = [k for k in keys if LEAST in tiling.option_names(k)]
        assert len(designated) == 1
        found += 1
    assert 9 <= found < 36


@pytest.mark.parametrize(
    ("text", "whole", "classes"),
    [
        ("board 4x4\npiece 8|D\n##\n", 36, 9),
        ("grid triangle\nboard\n..#\n.###\n#####\npiece 3|A\n###\n", 2, 1),
        ("grid triangle\nboard hexagon-1\npiece 2|A\n###\n", 3, 1),
    ],
)
def test_the_command_counts_and_lists_one_solution_per_class(
    tmp_path: pytest.TempPathFactory, text: str, whole: int, classes: int
) -> None:
    """The issue's puzzles: 8 dominoes in 4 x 4, copies of one triamond (in the triangle of side
    3, and in the hexagon of side 1)."""
    path = tmp_path / "puzzle.txt"  # type: ignore[operator]
    path.write_text(text)
    assert invoke_dlx(["tile", "--count", str(path)]).stdout == f"{whole}\n"
    unique = invoke_dlx(["tile", "--unique", "--count", str(path)])
    assert (unique.exit_code, unique.stdout) == (0, f"{classes}\n")
    listed = invoke_dlx(["tile", "--unique", "--all", str(path)])
    assert listed.exit_code == 0
    assert len(listed.stdout.strip().split("\n\n")) == classes
