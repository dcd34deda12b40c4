"""The n queens problem as exact cover: n queens on an n x n board, none attacking another.

Model (Knuth, TAOCP 7.2.2.1): one option per square (r, c), keyed `(r, c)`, covering four items:
row `r<r>` and column `c<c>` are primary (each holds exactly one queen); diagonal `a<r+c>` and
anti-diagonal `b<r-c+n-1>` are secondary (each holds at most one). Rows, columns and squares count
from 0; the square (r, c) sits in row r, column c of the printed board.

>>> next(boards(4))
['.Q..', '...Q', 'Q...', '..Q.']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Unpack

from dlx.errors import PuzzleError
from dlx.problem import Problem
from dlx.solve import SearchKeywords, solve

Square = tuple[int, int]
"""(row, column), from 0."""

MAX_N = 800
"""The largest board's side: its n^2 options name 4n^2 items (2.56 million, within the total
option length allowed, `dlx.problem.MAX_OPTION_NODES`), about 0.6 GB."""
NATURAL_UP_TO = 56
"""The largest side listed in the natural order, whose first board comes within 40,000 nodes
for every n up to it (n = 57 takes millions); larger boards list the rows and columns from the
middle outward, a row's squares from the edges inward, and the first board of every n up to
MAX_N comes within 12,000 nodes, most within 2n (tests/benchmarks/bench_limits.py)."""


def problem(n: int) -> Problem[Square]:
    """The n queens problem: an option per square, rows and columns primary, diagonals secondary.

    >>> problem(8).option_count
    64
    """
    if not 1 <= n <= MAX_N:
        raise PuzzleError(f"the board's side n must be from 1 to {MAX_N} (the limit), not {n}")
    rows = list(range(n)) if n <= NATURAL_UP_TO else middle_out(n)
    columns = rows if n <= NATURAL_UP_TO else rows[::-1]
    lines = [f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)]
    if n > NATURAL_UP_TO:
        lines = [name for k in rows for name in (f"r{k}", f"c{k}")]
    queens: Problem[Square] = Problem(
        primary=lines,
        secondary=[f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)],
    )
    for r in rows:
        for c in columns:
            queens.add_option((r, c), [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return queens


def middle_out(n: int) -> list[int]:
    """0..n-1 from the middle outward, the lower side first ("organ-pipe order").

    >>> middle_out(5), middle_out(6)
    ([2, 3, 1, 4, 0], [2, 3, 1, 4, 0, 5])
    """
    low, high = (n - 1) // 2, (n - 1) // 2 + 1
    order: list[int] = []
    while len(order) < n:
        if low >= 0:
            order.append(low)
            low -= 1
        if high < n:
            order.append(high)
            high += 1
    return order


def boards(n: int, **search: Unpack[SearchKeywords]) -> Iterator[list[str]]:
    """Each placement of n queens, as n rows of 'Q' and '.' (`search` as for `dlx.solve`).

    >>> sum(1 for _ in boards(6))
    4
    """
    searching = solve(problem(n), **search)  # checks n and the keywords at once
    return (picture(n, squares) for squares in searching)


def picture(n: int, squares: Iterable[Square]) -> list[str]:
    """The n x n board with a 'Q' on each of `squares` and '.' elsewhere."""
    rows = [["."] * n for _ in range(n)]
    for r, c in squares:
        rows[r][c] = "Q"
    return ["".join(row) for row in rows]
