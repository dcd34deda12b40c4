"""The twelve pentominoes filling a 60-cell rectangle, or the 8 x 8 board without its centre 2 x 2.

Model (Knuth, TAOCP 7.2.2.1, his files pent6x10_sym and pent8x8_hole): the pieces F I L N P T U V
W X Y Z and the board cells `r<row>c<col>` are primary items; one option per placement, keyed
`(letter, variant, top, left)` as in `dlx.puzzles.polyomino`. Item and option order are Knuth's,
so `problem(8, 8)` and `problem(6, 10, unique=True)` are his two files, line for line.

`unique=True` keeps one solution per symmetry class (solutions that a symmetry of the board maps
onto each other: its half turn and two reflections, and for 8 x 8 its quarter turns and diagonal
reflections too), in the problem itself rather than by filtering, so `count` gives the number of
classes. As Knuth does, X keeps only the first placement of each orbit of its placements under those
symmetries (for 6 x 10: its centre in the top-left quadrant). Where a symmetry g maps that placement
onto itself (X in the middle row of 5 x 12, or on a diagonal of 8 x 8), X also takes a secondary
item named for g, and so does every placement of F whose cells, listed in reading order, come after
those of its image under g: of each pair of solutions that g swaps, only the one with F on the
earlier placement remains. This is exact: F has no symmetry, so no symmetry of the board maps a
solution onto itself and each class holds one solution per symmetry; those with X on the kept
placement are one orbit under the symmetries fixing that placement, and F's placements in them are
all distinct, so exactly one of them has F on the earliest.

>>> next(boards(3, 20))
['UUXIIIIINNNFTWYYYYZV', 'UXXXPPLNNFFFTWWYZZZV', 'UUXPPPLLLLFTTTWWZVVV']

The general route to the same puzzle, `dlx.tiling.Puzzle(board="6x10", pieces="pentominoes")`,
poses it on the bitset engine in its own order: both give every solution (a test holds their
sets equal), but their first boards differ, as their problems list options differently. This
module keeps Knuth's order (his files, line for line, and `dlx pentomino`'s output); the tiling's
solutions also draw themselves (`svg()`, a notebook's picture).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Unpack

from dlx.errors import PuzzleError
from dlx.problem import Problem
from dlx.puzzles.polyomino import Placement, cell_name, engine, picture, placements
from dlx.puzzles.shapes import Cell, Shape, normalise, variants
from dlx.solve import SearchKeywords, count, solve
from dlx.tiling.grids import SQUARE
from dlx.tiling.library import piece_set

Key = tuple[str, int, int, int]
"""An option: (letter, variant index, top, left)."""
Symmetry = Callable[[Cell], Cell]


PENTOMINOES: dict[str, Shape] = {
    letter: normalise(cell for cell, _ in shape)  # type: ignore[misc]
    for letter, shape in piece_set("pentominoes", SQUARE)
}
"""Knuth's names and first orientations of the twelve pentominoes (`dlx.tiling.library`)."""

ASYMMETRIC = "F"
"""A piece that no rotation or reflection maps onto itself: it breaks the ties `unique` leaves."""
CENTRE = ((3, 3), (3, 4), (4, 3), (4, 4))
"""The hole of the 8 x 8 board."""


def parse_board(text: str) -> tuple[int, int]:
    """The rows and columns of a board written `RxC`: 60 cells, or 8x8 (centre 2x2 left out).

    >>> parse_board("6x10\\n")
    (6, 10)
    """
    rows, x, cols = text.strip().lower().partition("x")
    if not (x and f"{rows}{cols}".isascii() and rows.isdigit() and cols.isdigit()):
        raise PuzzleError(f"board {text.strip()[:40]!r} is not RxC (two whole numbers)")
    if len(rows) > 2 or len(cols) > 2:
        raise PuzzleError(f"board {text.strip()[:40]!r}: R and C have at most 2 digits")
    r, c = int(rows), int(cols)
    if r * c != 60 and (r, c) != (8, 8):
        raise PuzzleError(
            f"board {r}x{c} has {r * c} cells: the twelve pentominoes fill 60,"
            " or 8x8 without its centre 2x2"
        )
    return r, c


def holes(rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells left empty: the centre 2 x 2 of the 8 x 8 board, none otherwise."""
    return CENTRE if (rows, cols) == (8, 8) else ()


def symmetries(rows: int, cols: int) -> dict[str, Symmetry]:
    """The symmetries of the board other than the identity, by name (turns only if square)."""
    bottom, right = rows - 1, cols - 1
    found: dict[str, Symmetry] = {
        "turn180": lambda cell: (bottom - cell[0], right - cell[1]),
        "flip_rows": lambda cell: (bottom - cell[0], cell[1]),
        "flip_cols": lambda cell: (cell[0], right - cell[1]),
    }
    if rows == cols:
        found["turn90"] = lambda cell: (cell[1], bottom - cell[0])
        found["turn270"] = lambda cell: (right - cell[1], cell[0])
        found["transpose"] = lambda cell: (cell[1], cell[0])
        found["antitranspose"] = lambda cell: (right - cell[1], bottom - cell[0])
    return found


def _image(g: Symmetry, cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """The cells of a placement moved by g, in reading order."""
    return tuple(sorted(g(cell) for cell in cells))


def _x_placements(rows: int, cols: int) -> list[tuple[Placement, list[str]]]:
    """X's placements kept by `unique`, each with the symmetries that fix it."""
    moves = symmetries(rows, cols)
    kept: list[tuple[Placement, list[str]]] = []
    seen: set[tuple[Cell, ...]] = set()
    for placement in placements([PENTOMINOES["X"]], rows, cols, holes(rows, cols)):
        cells = placement[3]
        if cells in seen:
            continue
        images = {name: _image(g, cells) for name, g in moves.items()}
        seen.update(images.values())
        kept.append((placement, [name for name, image in images.items() if image == cells]))
    return kept


def problem(rows: int, cols: int, unique: bool = False) -> Problem[Key]:
    """Exact cover of the board by the twelve pentominoes; `unique`: one solution per symmetry
    class (see the module's docstring).

    >>> problem(8, 8).option_count, problem(6, 10, unique=True).option_count
    (1568, 2032)
    """
    parse_board(f"{rows}x{cols}")
    gaps = holes(rows, cols)
    cells = [cell_name(r, c) for r in range(rows) for c in range(cols) if (r, c) not in gaps]
    kept = _x_placements(rows, cols) if unique else None
    moves = symmetries(rows, cols)
    ties = [name for name in moves if any(name in fixing for _, fixing in kept or [])]
    board: Problem[Key] = Problem(list(PENTOMINOES) + cells, ties)
    for letter, shape in PENTOMINOES.items():
        if letter == "X" and kept is not None:
            chosen = kept
        else:
            breaking = ties if letter == ASYMMETRIC else []
            chosen = [
                (
                    placement,
                    [name for name in breaking if _image(moves[name], placement[3]) < placement[3]],
                )
                for placement in placements(variants(shape), rows, cols, gaps)
            ]
        for (variant, top, left, covered), extra in chosen:
            names = [letter, *(cell_name(*cell) for cell in covered), *extra]
            board.add_option((letter, variant, top, left), names)
    return board


def boards(
    rows: int, cols: int, unique: bool = False, **search: Unpack[SearchKeywords]
) -> Iterator[list[str]]:
    """Each filling of the board, as rows of piece letters with '.' for the hole (`search` as for
    `dlx.solve`).

    >>> next(boards(8, 8))[3]
    'LFF..ZZN'
    """
    orientations = {letter: variants(shape) for letter, shape in PENTOMINOES.items()}
    board = problem(rows, cols, unique)
    searching = solve(board, **search, **engine(board, rows, cols, holes(rows, cols)))
    return (
        picture(
            rows,
            cols,
            [
                (letter, [(top + r, left + c) for r, c in orientations[letter][variant]])
                for letter, variant, top, left in keys
            ],
        )
        for keys in searching
    )


def count_fillings(
    rows: int, cols: int, unique: bool = False, **search: Unpack[SearchKeywords]
) -> int:
    """The number of fillings `boards` gives, counted inside the search.

    >>> count_fillings(3, 20)
    8
    """
    board = problem(rows, cols, unique)
    return count(board, **search, **engine(board, rows, cols, holes(rows, cols)))
