"""Skyscrapers as exact covering with colours, and Latin squares as the same model without clues.

The puzzle: fill an N x N grid with heights 1 to N, each row and column a permutation, so that
each clue counts the buildings seen from its side (a taller one hides the shorter ones behind
it); 0 is no clue. The 4N clues come in the order top (left to right), bottom (left to right),
left (top to bottom), right (top to bottom).

Model (rows, columns and cells from 0; every option is keyed by the placements (r, c, height) it
makes, so a solution's keys together fill the grid):

- Latin square: each cell (r, c) is a primary item `p<r>_<c>`, with one option per height h
  covering it, `r<r>_<h>` ("row r has h") and `c<c>_<h>` ("column c has h"), both primary.
- A clued row r (left or right clue not 0) is also a primary item `row<r>`, with one option per
  permutation of 1..N seen as its clues say; a clued column c is the primary item `col<c>`,
  with the permutations seen as its top and bottom clues say. Unclued lines get no such item, so
  no line lists all N! permutations (362880 for N = 9).
- Each cell in a clued row or column has a secondary item `x<r>_<c>`, coloured with the height
  placed there: the cell's options and its lines' permutations colour it, and options may share
  it only when they agree (Knuth's Algorithm C).

A clued line's cells keep their "row has" and "column has" items although its permutations
already make it a Latin line: a chosen height then strikes out at once, through the cell's colour,
every permutation that disagrees, and the search branches on the tightest of cells, heights and
lines. Without those items, a 7 x 7 puzzle with 10 clues took 1.5 million nodes instead of 1,622.
With no clue at all the model is the usual Latin square problem, without colours
(`latin_problem`).

>>> render(next(boards(parse("4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2"))))
['1 2 3 4', '2 3 4 1', '3 4 1 2', '4 1 2 3']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import Unpack

from dlx.errors import PuzzleError
from dlx.problem import Problem
from dlx.solve import SearchKeywords, solve

Grid = list[list[int]]
"""N rows of N heights."""
Placement = tuple[int, int, int]
"""(row, column, height): rows and columns from 0, heights from 1."""
Placements = tuple[Placement, ...]
"""The key of an option: the placements it makes."""
Line = tuple[int, ...]
"""The heights of a row (left to right) or a column (top to bottom)."""
SIDES = range(4, 10)
"""The sides N a puzzle may have (4N clues)."""
MAX_LINES = 50_000
"""The most line options (the permutations agreeing with the clues, one per row and column that
has a clue) a puzzle may have: with their N + 1 items each, about 200 MB of links. (All 2 on two
sides of an 8 x 8 grid allows some 200,000.)"""


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
    uses = Counter(wanted)
    lines = 0
    for line in permutations(range(1, n + 1)):
        first, last = seen(line), seen(line[::-1])
        for pair in ((first, last), (first, 0), (0, last)):
            if pair in found:
                found[pair].append(line)
                lines += uses[pair]
        if lines > MAX_LINES:
            raise PuzzleError(
                f"these clues allow more than {MAX_LINES} placements of whole rows and columns"
                " (the limit)"
            )
    return found


def problem(clues: Clues) -> Problem[Placements]:
    """The puzzle as exact covering with colours (see the module's docstring)."""
    n = clues.n
    heights = range(1, n + 1)
    rows = [r for r in range(n) if any(clues.row(r))]
    columns = [c for c in range(n) if any(clues.column(c))]
    cells = [(r, c) for r in range(n) for c in range(n)]
    primary = [f"row{r}" for r in rows] + [f"col{c}" for c in columns]
    primary += [f"p{r}_{c}" for r, c in cells]
    primary += [f"{kind}{k}_{h}" for kind in "rc" for k in range(n) for h in heights]
    shared = [f"x{r}_{c}" for r, c in cells if r in rows or c in columns]
    puzzle: Problem[Placements] = Problem(primary, shared)
    lines = agreeing(n, [clues.row(r) for r in rows] + [clues.column(c) for c in columns])
    for r in rows:
        for line in lines[clues.row(r)]:
            add_line(puzzle, f"row{r}", tuple((r, c, h) for c, h in enumerate(line)))
    for c in columns:
        for line in lines[clues.column(c)]:
            add_line(puzzle, f"col{c}", tuple((r, c, h) for r, h in enumerate(line)))
    for r, c in cells:
        coloured = r in rows or c in columns
        for h in heights:
            colours = {f"x{r}_{c}": h} if coloured else {}
            puzzle.add_option(
                ((r, c, h),), [f"p{r}_{c}", f"r{r}_{h}", f"c{c}_{h}", *colours], colours
            )
    return puzzle


def add_line(puzzle: Problem[Placements], item: str, places: Placements) -> None:
    """Add the option covering the line's primary `item` and colouring each of its cells."""
    colours = {f"x{r}_{c}": h for r, c, h in places}
    puzzle.add_option(places, [item, *colours], colours)


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


def boards(clues: Clues, **search: Unpack[SearchKeywords]) -> Iterator[Grid]:
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
