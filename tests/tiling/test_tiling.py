"""The tiling front-end against an oracle that shares none of its transforms (`tiling_oracle`):
placements and counts on each grid, `--unique` against the orbits of all solutions, the published
figures, and every solution checked by `dlx.verify`."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
import tiling_oracle as oracle
from hypothesis import given, settings
from hypothesis import strategies as st

from dlx import verify
from dlx.solve import solve
from dlx.tiling.build import build, solutions
from dlx.tiling.drawn import read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.grids import GRIDS, Cell
from dlx.tiling.library import board_named, piece_set, polyforms
from dlx.tiling.model import Piece, Puzzle

BOXES: dict[str, list[Cell]] = {
    "square": [(x, y) for x in range(3) for y in range(4)],
    "triangle": [(x, y, t) for x in range(3) for y in range(2) for t in (0, 1)],
    "hex": [(x, y) for x in range(3) for y in range(3)],
    "cube": [(x, y, z) for x in range(2) for y in range(2) for z in range(3)],
}
"""The boxes random boards are cut from, one per grid."""


def puzzle_of(
    grid: str,
    board: Sequence[Cell],
    pieces: Sequence[Sequence[Cell]],
    *,
    flip: bool,
    unique: bool = False,
) -> Puzzle:
    """The product's puzzle of cells, each piece once."""
    g = GRIDS[grid]
    shapes = [Piece(chr(65 + i), [g.normalise([(c, 0) for c in p])]) for i, p in enumerate(pieces)]
    return Puzzle(g, g.sorted((c, 0) for c in board), shapes, flip=flip, unique=unique)


def product_count(puzzle: Puzzle) -> int:
    """The number of solutions the product finds, each one verified."""
    tiling = build(puzzle)
    found = 0
    for keys in solve(tiling.problem):
        verify(tiling.problem, keys)
        found += 1
    return found if tiling.canonical is None else sum(1 for _ in solutions(tiling))


@pytest.mark.parametrize(
    ("grid", "proper", "every"),
    [("square", 4, 8), ("triangle", 6, 12), ("hex", 6, 12), ("cube", 24, 48)],
)
def test_each_grid_has_its_symmetries(grid: str, proper: int, every: int) -> None:
    assert len(GRIDS[grid].group(mirrors=False)) == proper == len(oracle.maps(grid, True))
    assert len(GRIDS[grid].group(mirrors=True)) == every == len(oracle.maps(grid, False))


@pytest.mark.parametrize("grid", list(BOXES))
@pytest.mark.parametrize("size", [3, 4])
def test_placements_of_every_polyform_agree_with_the_oracle(grid: str, size: int) -> None:
    board = BOXES[grid]
    for shape in polyforms(GRIDS[grid], size):
        cells = [c for c, _ in shape]
        flip = not GRIDS[grid].solid
        puzzle = puzzle_of(grid, board, [cells], flip=flip)
        from dlx.tiling.model import placements

        mine = {frozenset(c for c, _ in pl.spots) for pl in placements(puzzle)}
        assert mine == oracle.placements(grid, board, cells, oracle.maps(grid, not flip))


@st.composite
def small_puzzles(draw: st.DrawFn) -> tuple[str, list[Cell], list[list[Cell]], bool]:
    """A grid, a board cut from its box, pieces of its area (no two of one shape: pieces given
    apart are told apart, copies come from multiplicities), and whether they may flip."""
    grid = draw(st.sampled_from(list(BOXES)))
    box = BOXES[grid]
    sizes = draw(st.lists(st.integers(1, 3), min_size=1, max_size=4))
    if sum(sizes) > len(box):
        sizes = sizes[:1]
    chosen = {(n, draw(st.integers(0, len(FORMS[grid][n]) - 1))) for n in sizes}
    pieces = [[c for c, _ in FORMS[grid][n][i]] for n, i in sorted(chosen)]
    sizes = [n for n, _ in sorted(chosen)]
    board = draw(st.permutations(box))[: sum(sizes)]
    return grid, board, pieces, draw(st.booleans())


FORMS = {grid: {n: polyforms(GRIDS[grid], n) for n in (1, 2, 3)} for grid in BOXES}


@settings(max_examples=60, deadline=None)
@given(small_puzzles())
def test_counts_equal_the_oracles_on_random_small_puzzles(
    case: tuple[str, list[Cell], list[list[Cell]], bool],
) -> None:
    grid, board, pieces, flip = case
    flip = flip and not GRIDS[grid].solid
    expected = len(oracle.solutions(grid, board, pieces, proper_only=not flip))
    assert product_count(puzzle_of(grid, board, pieces, flip=flip)) == expected


@settings(max_examples=60, deadline=None)
@given(small_puzzles())
def test_unique_counts_the_oracles_orbits(
    case: tuple[str, list[Cell], list[list[Cell]], bool],
) -> None:
    grid, board, pieces, flip = case
    flip = flip and not GRIDS[grid].solid
    try:
        mine = product_count(puzzle_of(grid, board, pieces, flip=flip, unique=True))
    except TileError:  # no piece that every symmetry maps onto itself
        return
    assert mine == oracle.orbits(grid, board, pieces, proper_only=not flip)


@pytest.mark.parametrize(
    ("text", "unique", "expected"),
    [
        ("board 6x10\npieces pentominoes", True, 2339),
        ("board 5x12\npieces pentominoes", True, 1010),
        ("board 4x15\npieces pentominoes", True, 368),
        ("board 3x20\npieces pentominoes", True, 2),
        ("board 8x8-hole\npieces pentominoes", True, 65),
        ("grid cube\nboard 3x3x3\npieces soma", True, 240),
        ("grid cube\nboard 3x3x3\npieces soma", False, 11520),
        ("grid triangle\nboard 6x6\npieces hexiamonds", True, 156),
        ("grid triangle\nboard 6x6\npieces hexiamonds", False, 624),
        ("grid hex\nboard 4x7\npieces tetrahexes", True, 9),
        ("grid hex\nboard 4x7\npieces tetrahexes", False, 18),
        ("grid cube\nboard 2x4x4\npieces tetracubes", True, 695),
    ],
)
def test_published_figures(text: str, unique: bool, expected: int) -> None:
    puzzle = read_picture(text + "\n")
    puzzle.unique = unique
    assert sum(1 for _ in solutions(build(puzzle))) == expected


def test_unique_on_a_few_whole_puzzles_equals_the_oracles_orbits() -> None:
    for grid, board, names in [("square", "3x5", ["I", "L", "T"]), ("triangle", "2x3", ["A", "B"])]:
        g = GRIDS[grid]
        sets = {"square": "tetrominoes", "triangle": "hexiamonds"}
        shapes = dict(piece_set(sets[grid], g))
        cells = [c for c, _ in board_named(board, g)]
        pieces = [[c for c, _ in shapes[n]] for n in names if n in shapes]
        try:
            mine = product_count(puzzle_of(grid, cells, pieces, flip=True, unique=True))
        except TileError:
            continue
        assert mine == oracle.orbits(grid, cells, pieces, proper_only=False)


@st.composite
def bounded_puzzles(
    draw: st.DrawFn,
) -> tuple[str, list[Cell], list[Cell], list[tuple[list[Cell], tuple[int, int]]], bool]:
    """A grid, a small board, the cells of it that may stay empty, and one or two pieces with
    multiplicities."""
    grid = draw(st.sampled_from(list(BOXES)))
    board = draw(st.permutations(BOXES[grid]))[: draw(st.integers(1, 6))]
    loose = [cell for cell in board if draw(st.booleans()) and draw(st.booleans())]
    pieces = []
    for i in sorted({draw(st.integers(0, 2)) for _ in range(draw(st.integers(1, 2)))}):
        low = draw(st.integers(0, 2))
        high = draw(st.integers(max(low, 1), 3))
        shape = [c for c, _ in FORMS[grid][i + 1][0]]
        pieces.append((shape, (low, high)))
    return grid, board, loose, pieces, draw(st.booleans())


@settings(max_examples=80, deadline=None)
@given(bounded_puzzles())
def test_multiplicities_and_loose_cells_count_as_the_oracle(
    case: tuple[str, list[Cell], list[Cell], list[tuple[list[Cell], tuple[int, int]]], bool],
) -> None:
    grid, board, loose, pieces, flip = case
    flip = flip and not GRIDS[grid].solid
    g = GRIDS[grid]
    shapes = [
        Piece(chr(65 + i), [g.normalise([(c, 0) for c in cells])], bounds)
        for i, (cells, bounds) in enumerate(pieces)
    ]
    spots = g.sorted((c, 0) for c in board)
    puzzle = Puzzle(g, spots, shapes, flip=flip, loose=frozenset((c, 0) for c in loose))
    expected = oracle.bounded_count(grid, board, loose, pieces, proper_only=not flip)
    try:
        tiling = build(puzzle)
    except TileError:
        assert expected == 0
        return
    assert sum(1 for _ in solutions(tiling)) == expected


TRIANGLES = [(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (0, 1, 0), (0, 1, 1)]


@pytest.mark.parametrize(
    ("grid", "board", "pieces", "checked"),
    [
        (
            "square",
            [(0, c) for c in range(6)],
            [[(0, 0), (0, 1)], [(0, 0)], [(0, 0), (0, 1), (0, 2)]],
            True,
        ),
        (
            "square",
            [(r, c) for r in range(3) for c in range(3)],
            [[(0, 0), (0, 1), (0, 2)], [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 0), (0, 1)]],
            False,
        ),
        (
            "hex",
            [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (-1, 1)],
            [[(0, 0)], [(0, 0), (1, 0)], [(0, 0), (1, 0), (2, 0)]],
            False,
        ),
        (
            "triangle",
            TRIANGLES,
            [[(0, 0, 0)], [(0, 0, 0), (0, 0, 1)], [(0, 0, 0), (0, 0, 1), (1, 0, 0)]],
            True,
        ),
    ],
)
def test_unique_with_and_without_a_second_piece_to_break_ties(
    grid: str, board: list[Cell], pieces: list[list[Cell]], checked: bool
) -> None:
    """Where no piece breaks the ties of a symmetric kept placement, the few solutions there are
    compared with their images; either way the count is the oracle's number of orbits."""
    puzzle = puzzle_of(grid, board, pieces, flip=True, unique=True)
    assert (build(puzzle).canonical is not None) == checked
    assert product_count(puzzle) == oracle.orbits(grid, board, pieces, proper_only=False)


@pytest.mark.parametrize(
    ("grid", "name", "cells"),
    [
        ("triangle", "hexagon-1", 6),
        ("triangle", "hexagon-3", 54),
        ("hex", "hexagon-3", 19),
        ("square", "8x8-hole", 60),
        ("cube", "2x3x4", 24),
        ("triangle", "2x3", 12),
    ],
)
def test_named_boards_have_their_cells_and_are_connected(grid: str, name: str, cells: int) -> None:
    from dlx.tiling.grids import connected

    board = board_named(name, GRIDS[grid])
    assert len(board) == cells
    assert connected(GRIDS[grid], [cell for cell, _ in board])


def test_named_sets_have_their_sizes() -> None:
    sizes = {
        ("pentominoes", "square"): 12,
        ("tetris", "square"): 7,
        ("hexiamonds", "triangle"): 12,
        ("heptiamonds", "triangle"): 24,
        ("pentahexes", "hex"): 22,
        ("tetracubes", "cube"): 8,
        ("pentacubes", "cube"): 29,
        ("soma", "cube"): 7,
    }
    for (name, grid), size in sizes.items():
        assert len(piece_set(name, GRIDS[grid])) == size, name
    with pytest.raises(TileError, match="no piece set"):
        piece_set("soma", GRIDS["square"])
