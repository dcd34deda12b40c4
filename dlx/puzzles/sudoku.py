"""Sudoku as exact cover: fill a 9 x 9 grid so each row, column and 3 x 3 box holds 1 to 9 once.

Model (Knuth, TAOCP 7.2.2.1): option `(r, c, d)` puts digit d in row r, column c (rows and
columns from 0, boxes b = 3 * (r // 3) + c // 3) and covers four primary items: the cell
`p<r><c>`, and digit d in row r `r<r><d>`, in column c `c<c><d>` and in box b `b<b><d>`.
The problem is built for the open cells only: the items the givens cover are left out, and so is
every option that would clash with a given. So `problem(grid)` is the puzzle itself:
`count(problem(grid))` is its number of solutions, and each solution holds the open cells only.

>>> grid = parse("8..........36......7..9.2...5...7.......457....."
...              "1...3...1....68..85...1..9....4..")
>>> render(next(boards(grid)))[0]
'812753649'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Unpack

from dlx.errors import PuzzleError
from dlx.problem import Problem
from dlx.solve import SearchKeywords, solve

Grid = list[list[int]]
"""Nine rows of nine digits, 0 for an open cell."""
Placement = tuple[int, int, int]
"""(row, column, digit): rows and columns from 0, digits from 1."""

DIGITS = range(1, 10)
CELLS = [(r, c) for r in range(9) for c in range(9)]
BLANKS = ".0"


def parse(text: str) -> Grid:
    """The grid of 81 cells in `text` ('1'-'9', '.' or '0' for blank; whitespace ignored).

    >>> parse("53..7...." + "." * 72)[0]
    [5, 3, 0, 0, 7, 0, 0, 0, 0]
    """
    cells = [char for char in text if not char.isspace()]
    for (r, c), char in zip(CELLS, cells, strict=False):  # a bad cell first, then a bad count
        if char not in "123456789" and char not in BLANKS:
            raise PuzzleError(
                f"row {r + 1}, column {c + 1}: {char!r} is not a digit 1-9, '.' or '0'"
            )
    if len(cells) != 81:
        raise PuzzleError(f"a sudoku has 81 cells, not {len(cells)}")
    grid = [
        [0 if char in BLANKS else int(char) for char in cells[9 * r : 9 * r + 9]] for r in range(9)
    ]
    check(grid)
    return grid


def check(grid: Grid) -> None:
    """Raise PuzzleError unless `grid` is 9 rows of 9 digits 0-9 whose givens do not clash."""
    if len(grid) != 9 or any(len(row) != 9 for row in grid):
        raise PuzzleError("a sudoku grid has 9 rows of 9 cells")
    seen: dict[tuple[str, int, int], tuple[int, int]] = {}  # (unit, digit, unit's number) -> cell
    for r, c in CELLS:
        digit = grid[r][c]
        if digit not in range(10):
            raise PuzzleError(f"row {r + 1}, column {c + 1}: {digit!r} is not a digit 0-9")
        if not digit:
            continue
        for unit, number in (("row", r), ("column", c), ("box", box(r, c))):
            if (unit, digit, number) in seen:
                r0, c0 = seen[unit, digit, number]
                raise PuzzleError(
                    f"row {r + 1}, column {c + 1}: {digit} is already given in the same {unit}"
                    f", at row {r0 + 1}, column {c0 + 1}"
                )
            seen[unit, digit, number] = (r, c)


def box(r: int, c: int) -> int:
    """The number of the 3 x 3 box holding row r, column c (0 to 8, in reading order)."""
    return 3 * (r // 3) + c // 3


def names(r: int, c: int, d: int) -> list[str]:
    """The four items of the option putting digit d in row r, column c."""
    return [f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{box(r, c)}{d}"]


def problem(grid: Grid) -> Problem[Placement]:
    """The puzzle `grid` as exact cover over its open cells (see the module's docstring).

    >>> problem([[0] * 9 for _ in range(9)]).option_count
    729
    """
    check(grid)
    taken = {name for r, c in CELLS if grid[r][c] for name in names(r, c, grid[r][c])}
    items = [f"p{r}{c}" for r, c in CELLS]
    items += [f"{unit}{number}{d}" for unit in "rcb" for number in range(9) for d in DIGITS]
    sudoku: Problem[Placement] = Problem([name for name in items if name not in taken])
    for r, c in CELLS:
        for d in DIGITS:
            option = names(r, c, d)
            if not grid[r][c] and not taken.intersection(option):
                sudoku.add_option((r, c, d), option)
    return sudoku


def boards(grid: Grid, **search: Unpack[SearchKeywords]) -> Iterator[Grid]:
    """Each completion of `grid`, givens included (`search` as for `dlx.solve`)."""
    searching = solve(problem(grid), **search)  # checks the grid and the keywords at once
    return (filled(grid, placements) for placements in searching)


def filled(grid: Grid, placements: tuple[Placement, ...]) -> Grid:
    """A copy of `grid` with each (row, column, digit) of `placements` written in."""
    copy = [list(row) for row in grid]
    for r, c, d in placements:
        copy[r][c] = d
    return copy


def render(grid: Grid) -> list[str]:
    """Nine lines of nine digits, no separators ('.' for an open cell).

    >>> render([[1, 2, 3, 4, 5, 6, 7, 8, 9]] + [[0] * 9] * 8)[:2]
    ['123456789', '.........']
    """
    return ["".join(str(d) if d else "." for d in row) for row in grid]
