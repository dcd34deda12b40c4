"""Skyscrapers as exact covering with colours, and Latin squares as the same model without clues.

The puzzle: fill an N x N grid with heights 1 to N, each row and column a permutation, so that
each clue counts the buildings seen from its side (a taller one hides the shorter ones behind
it); 0 is no clue. The 4N clues come in the order top (left to right), bottom (left to right),
left (top to bottom), right (top to bottom).

Model (rows, columns and cells from 0; every option is keyed by the placements (r, c, height) it
makes, so a solution's keys together fill the grid):

- Each cell (r, c) whose row or column has a clue has a secondary item `x<r>_<c>`, coloured with
  the height placed there: options that place the same height may share it.
- A clued row r (left or right clue not 0) is a primary item `row<r>`, with one option per
  permutation of 1..N seen as its clues say; the option colours `x<r>_<c>` with the c-th height.
  A clued column c is the primary item `col<c>`, with the permutations seen as its top and bottom
  clues say, colouring `x<r>_<c>` with the r-th height.
- An unclued line does not list its N! permutations (362880 for N = 9). A cell (r, c) in an
  unclued row or column is the primary item `p<r>_<c>`, with one option per height h covering it,
  `r<r>_<h>` ("row r has h", primary, only for an unclued row), `c<c>_<h>` (likewise for an
  unclued column), and `x<r>_<c>` coloured h when that item exists. So unclued lines are Latin
  lines, and a clued line's permutation must agree with the heights its cells' options place.

With no clue at all, the model is the usual Latin square problem: cells, rows-have and
columns-have, and no colour (`latin_problem`).

>>> render(next(boards(parse("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2"))))
['1 2 3 4', '2 3 4 1', '3 4 1 2', '4 1 2 3']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import Unpack

from dlx.problem import Problem
from dlx.puzzles.errors import PuzzleError
from dlx.puzzles.search import Search
from dlx.solve import solve

Grid = list[list[int]]
"""N rows of N heights."""
Placement = tuple[int, int, int]
"""(row, column, height): rows and columns from 0, heights from 1."""
Placements = tuple[Placement, ...]
"""The key of an option: the placements it makes."""
Line = tuple[int, ...]
"""The heights of a row (left to right) or a column (top to bottom)."""
SIDES = range(4, 10)
"""The sizes N a clue line may give."""


@dataclass(frozen=True)
class Clues:
    """The clues of an N x N puzzle, each side's listed left to right or top to bottom."""

    n: int
    top: tuple[int, ...]
    bottom: tuple[int, ...]
    left: tuple[int, ...]
    right: tuple[int, ...]

    def row(self, r: int) -> tuple[int, int]:
        """The clues of row r: from the left, from the right."""
        return self.left[r], self.right[r]

    def column(self, c: int) -> tuple[int, int]:
        """The clues of column c: from the top, from the bottom."""
        return self.top[c], self.bottom[c]


def parse(text: str) -> Clues:
    """The 4N clues of `text`, whitespace-separated whole numbers from 0 to N, N from 4 to 9.

    >>> parse("0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4").right
    (0, 0, 0, 4)
    """
    words = text.split()
    n = len(words) // 4
    if len(words) % 4 or n not in SIDES:
        raise PuzzleError(f"there must be 4N clues with N from 4 to 9 (16 to 36), not {len(words)}")
    for number, word in enumerate(words, 1):
        if not (word.isascii() and word.isdigit()) or int(word) > n:
            raise PuzzleError(f"clue {number} is {word!r}, not a whole number from 0 to {n}")
    sides = [tuple(int(word) for word in words[k * n : k * n + n]) for k in range(4)]
    return Clues(n, *sides)


def seen(line: Line) -> int:
    """How many buildings of `line` are seen from its start (each taller than all before it)."""
    tallest = count = 0
    for height in line:
        if height > tallest:
            tallest, count = height, count + 1
    return count


def agreeing(n: int, wanted: list[tuple[int, int]]) -> dict[tuple[int, int], list[Line]]:
    """For each (first, last) clue pair wanted, the permutations of 1..n (in lexicographic
    order) seen by `first` from the start and by `last` from the end (0: any number)."""
    found: dict[tuple[int, int], list[Line]] = {pair: [] for pair in wanted}
    if not found:
        return found
    for line in permutations(range(1, n + 1)):
        first, last = seen(line), seen(line[::-1])
        for pair in ((first, last), (first, 0), (0, last)):
            if pair in found:
                found[pair].append(line)
    return found


def problem(clues: Clues) -> Problem[Placements]:
    """The puzzle as exact covering with colours (see the module's docstring)."""
    n = clues.n
    rows = [r for r in range(n) if any(clues.row(r))]
    columns = [c for c in range(n) if any(clues.column(c))]
    cells = [(r, c) for r in range(n) for c in range(n)]
    open_cells = [(r, c) for r, c in cells if r not in rows or c not in columns]
    primary = [f"row{r}" for r in rows] + [f"col{c}" for c in columns]
    primary += [f"p{r}_{c}" for r, c in open_cells]
    primary += [f"r{r}_{h}" for r in range(n) if r not in rows for h in range(1, n + 1)]
    primary += [f"c{c}_{h}" for c in range(n) if c not in columns for h in range(1, n + 1)]
    shared = [f"x{r}_{c}" for r, c in cells if r in rows or c in columns]
    puzzle: Problem[Placements] = Problem(primary, shared)
    lines = agreeing(n, [clues.row(r) for r in rows] + [clues.column(c) for c in columns])
    for r in rows:
        for line in lines[clues.row(r)]:
            places = tuple((r, c, h) for c, h in enumerate(line))
            add_line(puzzle, f"row{r}", places)
    for c in columns:
        for line in lines[clues.column(c)]:
            places = tuple((r, c, h) for r, h in enumerate(line))
            add_line(puzzle, f"col{c}", places)
    for r, c in open_cells:
        for h in range(1, n + 1):
            add_cell(puzzle, (r, c, h), row_clued=r in rows, column_clued=c in columns)
    return puzzle


def add_line(puzzle: Problem[Placements], item: str, places: Placements) -> None:
    """Add the option covering the line's primary `item` and colouring each of its cells."""
    colours = {f"x{r}_{c}": h for r, c, h in places}
    puzzle.add_option(places, [item, *colours], colours)


def add_cell(
    puzzle: Problem[Placements], place: Placement, *, row_clued: bool, column_clued: bool
) -> None:
    """Add the option placing height h at (r, c): its cell, "row r has h" for an unclued row,
    "column c has h" for an unclued column, and the cell's colour h when either is clued."""
    r, c, h = place
    items = [f"p{r}_{c}"]
    if not row_clued:
        items.append(f"r{r}_{h}")
    if not column_clued:
        items.append(f"c{c}_{h}")
    colours = {f"x{r}_{c}": h} if row_clued or column_clued else {}
    puzzle.add_option((place,), [*items, *colours], colours)


def latin_problem(n: int) -> Problem[Placements]:
    """The Latin squares of order n: the skyscrapers model without clues.

    >>> from dlx import count
    >>> count(latin_problem(3))
    12
    """
    if n < 1:
        raise PuzzleError(f"the order n of a Latin square must be at least 1, not {n}")
    none = (0,) * n
    return problem(Clues(n, none, none, none, none))


def boards(clues: Clues, **search: Unpack[Search]) -> Iterator[Grid]:
    """Each grid agreeing with `clues`, as N rows of N heights (`search` as for `dlx.solve`)."""
    searching = solve(problem(clues), **search)  # checks the keywords at once
    return (grid(clues.n, options) for options in searching)


def grid(n: int, options: tuple[Placements, ...]) -> Grid:
    """The n x n grid of the heights that `options` place."""
    heights = [[0] * n for _ in range(n)]
    for places in options:
        for r, c, h in places:
            heights[r][c] = h
    return heights


def render(heights: Grid) -> list[str]:
    """One line per row, heights separated by single spaces.

    >>> render([[1, 2], [2, 1]])
    ['1 2', '2 1']
    """
    return [" ".join(str(h) for h in row) for row in heights]
