"""Which boards can no search tile? Those a colouring refutes: colour the cells so that every
piece covers a count of each colour that depends only on how it lies (squares and cubes as a
chessboard, triangles up or down, hexagons in three colours), add up what the pieces can cover,
and a board whose own counts are out of reach has no tiling, found before any search (as
fillit's colourings refute sizes: `fillit.solver.board.colouring`). The twelve hexiamonds in a
trapezoid of six rows: each row has one more triangle up than down, six in all, while the
pieces' differences add up to -4, 0 or 4 (A and C cover 4 of one kind and 2 of the other, the
ten others 3 and 3).

The count is exact over the placements the board allows, each piece's copies taken one by one,
so it refutes only what no choice of placements can cover; boards with cells that may stay
empty, pieces with a range of copies and suffixed spots are left to the search.

>>> from dlx.tiling.drawn import read_picture
>>> from dlx.tiling.model import placements
>>> mutilated = read_picture("board\\n.###\\n####\\n####\\n###.\\npiece 7|D\\n##\\n")
>>> refuted(mutilated, placements(mutilated))  # doctest: +ELLIPSIS
'the chessboard colouring shows none: the board has 6 cells of one colour and 8 of the...'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx.tiling.grids import Cell
from dlx.tiling.model import Placement, Puzzle

Colouring = tuple[str, int, Callable[[Cell], int]]
"""A colouring's name, its number of colours and each cell's colour: the colour of a cell moved
by a shift is its own plus the shift's (a kind's, on triangles, is its own), so a placement's
counts follow from its base placement and its first cell's colour."""
COLOURINGS: dict[str, list[Colouring]] = {
    "square": [("chessboard", 2, lambda c: (c[0] + c[1]) % 2)],
    "triangle": [("up and down", 2, lambda c: c[2])],
    "hex": [("three-colour", 3, lambda c: (c[0] - c[1]) % 3)],
    "cube": [("chessboard", 2, lambda c: (c[0] + c[1] + c[2]) % 2)],
}
MOST_TOTALS = 100_000
"""The reachable totals kept at most; past this, the count gives up and leaves it to the search."""


def refuted(puzzle: Puzzle, placed: Sequence[Placement]) -> str | None:
    """Why no tiling of `puzzle` by these placements exists, by a colouring; None where none of
    its grid's colourings shows it (or the puzzle is not one they judge)."""
    if (
        puzzle.loose
        or any(s for _, s in puzzle.board)
        or any(piece.bounds[0] != piece.bounds[1] for piece in puzzle.pieces)
    ):
        return None
    for name, colours, colour in COLOURINGS.get(puzzle.grid.name, []):
        board = _counts([cell for cell, _ in puzzle.board], colours, colour)
        if not _reachable(puzzle, placed, colours, colour, board):
            return (
                f"the {name} colouring shows none: the board has {_cells(board)}, which no"
                " placing of the pieces covers"
            )
    return None


def _cells(board: tuple[int, ...]) -> str:
    """The board's counts in words: "4 cells of one colour and 4 of the other"."""
    if len(board) == 2:
        return f"{board[0]} cells of one colour and {board[1]} of the other"
    return "cells of each colour " + ", ".join(str(n) for n in board)


def _counts(cells: Sequence[Cell], colours: int, colour: Callable[[Cell], int]) -> tuple[int, ...]:
    """How many of `cells` have each colour."""
    found = [0] * colours
    for cell in cells:
        found[colour(cell)] += 1
    return tuple(found)


def _reachable(
    puzzle: Puzzle,
    placed: Sequence[Placement],
    colours: int,
    colour: Callable[[Cell], int],
    board: tuple[int, ...],
) -> bool:
    """Whether the board's counts are a sum of one placement's counts per copy of each piece
    (True where the totals grow past `MOST_TOTALS`: not refuted)."""
    options: list[set[tuple[int, ...]]] = [set() for _ in puzzle.pieces]
    seen: set[tuple[int, int, int]] = set()
    of = [colour(cell) for cell, _ in puzzle.board]  # (each board spot's, by its index)
    for pl in placed:  # a placement's counts follow from its base and its first cell's colour
        key = (pl.piece, pl.base, of[pl.cells[0]] if pl.cells else colour(pl.spots[0][0]))
        if key not in seen:
            seen.add(key)
            options[pl.piece].add(_counts([cell for cell, _ in pl.spots], colours, colour))
    totals = {(0,) * colours}
    for piece, kinds in zip(puzzle.pieces, options, strict=True):
        for _ in range(piece.bounds[0]):
            totals = {
                tuple(a + b for a, b in zip(total, kind, strict=True))
                for total in totals
                for kind in kinds
                if all(a + b <= most for a, b, most in zip(total, kind, board, strict=True))
            }
            if len(totals) > MOST_TOTALS:
                return True
    return board in totals
