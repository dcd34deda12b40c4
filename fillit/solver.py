"""The fillit adapter: pieces become items, placements become options, the engine searches.

Formulation for a board of side s: one primary item per piece (its letter), one secondary item per
cell, one option per placement (the piece and its four cells), placements listed in row-major order
of the piece's top-left corner. The engine takes the pieces in input order (`choose="first"`), so
its first solution is the canonical answer: each piece, in input order, at its top-most, then
left-most possible position. Sizes grow from the smallest that could hold the pieces.

Two prunings, supplied to the engine as its once-per-node check:
- a piece identical to an earlier one is never placed at or before that piece's position (the
  canonical answer always has identical pieces in increasing position order: swapping two of them
  would give a smaller answer);
- dead cells: an empty region of m cells wastes at least m mod 4 of them, and all the waste
  together must fit in the slack s*s - 4n.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from dlx import Problem, Stats, Status, solve
from fillit.pieces import Cell, Piece, letter

Placement = tuple[int, int, int]
"""An option key: (piece index, row, column) of the piece's top-left corner."""

Progress = Callable[[int, Stats], None]
"""Called now and then during a long search with the size being tried and its statistics."""


@dataclass
class Attempt:
    """One board size tried: whether the pieces fit (None: unknown, a budget ran out), and how:
    by `search` (the engine's statistics in `stats`) or by a named colouring argument."""

    size: int
    solved: bool | None
    items: int
    options: int
    stats: Stats
    decided_by: str = "search"


@dataclass
class CanonicalStats:
    """Counters of the fast path's canonical placement, at the size that fits."""

    oracle_calls: int = 0
    repairs: int = 0
    repaired: int = 0
    memo_hits: int = 0
    dominated: int = 0
    nodes: int = 0
    updates: int = 0
    seconds: float = 0.0

    def add(self, stats: Stats) -> None:
        """Count one more search's effort."""
        self.nodes += stats.nodes
        self.updates += stats.updates
        self.seconds += stats.seconds


@dataclass
class Answer:
    """The canonical arrangement: each piece's top-left corner on a board of side `size`."""

    pieces: list[Piece]
    size: int | None
    corners: list[Cell]
    attempts: list[Attempt] = field(default_factory=list)
    canonical: CanonicalStats | None = None

    @property
    def solved(self) -> bool:
        """Whether an arrangement was found (False only when a budget stopped the search)."""
        return self.size is not None

    def rows(self) -> list[str]:
        """The board, one string per row: letters for pieces, '.' for empty cells."""
        assert self.size is not None, "no arrangement to draw"
        board = [["."] * self.size for _ in range(self.size)]
        for index, (piece, (top, left)) in enumerate(zip(self.pieces, self.corners, strict=True)):
            for r, c in piece.cells:
                board[top + r][left + c] = letter(index)
        return ["".join(row) for row in board]


def smallest_size(pieces: Sequence[Piece]) -> int:
    """The smallest side that could hold the pieces' cells and the largest piece."""
    area = math.isqrt(4 * len(pieces) - 1) + 1
    return max(area, *(max(p.height, p.width) for p in pieces))


def placements(piece: Piece, size: int) -> Iterator[Cell]:
    """Every top-left corner of `piece` on a board of side `size`, in row-major order."""
    for top in range(size - piece.height + 1):
        for left in range(size - piece.width + 1):
            yield top, left


def exact_cover(pieces: Sequence[Piece], size: int) -> Problem[Placement]:
    """The exact-cover problem of placing every piece on a board of side `size`."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    problem: Problem[Placement] = Problem([letter(i) for i in range(len(pieces))], cells)
    for index, piece in enumerate(pieces):
        for top, left in placements(piece, size):
            covered = [(top + r, left + c) for r, c in piece.cells]
            problem.add_option((index, top, left), [letter(index), *covered])
    return problem


class Pruner:
    """The once-per-node check of the ordered search (see the module's docstring)."""

    def __init__(self, pieces: Sequence[Piece], size: int, keys: Sequence[Placement]) -> None:
        stride = size + 1  # a spare column keeps horizontal shifts from wrapping between rows
        self.stride = stride
        self.slack = size * size - 4 * len(pieces)
        self.full = sum(1 << (r * stride + c) for r in range(size) for c in range(size))
        self.masks = [
            sum(1 << ((top + r) * stride + left + c) for r, c in pieces[index].cells)
            for index, top, left in keys
        ]
        self.corner = [(top, left) for _, top, left in keys]
        self.previous_twin = _previous_twins(pieces)
        self.occupied = [0] * (len(pieces) + 1)

    def __call__(self, chosen: Sequence[int]) -> bool:
        """Whether the node reached by the options `chosen` (one per piece, in order) may live."""
        level = len(chosen)
        if not level:
            return True
        option = chosen[-1]
        twin = self.previous_twin[level - 1]
        if twin >= 0 and self.corner[option] <= self.corner[chosen[twin]]:
            return False
        occupied = self.occupied[level - 1] | self.masks[option]
        self.occupied[level] = occupied
        return waste_fits(self.full & ~occupied, self.stride, self.slack)


def waste_fits(empty: int, stride: int, holes: int) -> bool:
    """Whether the empty cells (bits of rows `stride` apart, a spare column between rows)
    waste at most `holes` cells: a region of m empty cells wastes at least m mod 4."""
    total = 0
    while empty:
        region = empty & -empty
        while True:
            grown = (
                region | region << 1 | region >> 1 | region << stride | region >> stride
            ) & empty
            if grown == region:
                break
            region = grown
        total += region.bit_count() & 3
        if total > holes:
            return False
        empty ^= region
    return True


def _previous_twins(pieces: Sequence[Piece]) -> list[int]:
    """For each piece, the index of the last earlier piece of the same shape, or -1."""
    last: dict[Piece, int] = {}
    twins = []
    for index, piece in enumerate(pieces):
        twins.append(last.get(piece, -1))
        last[piece] = index
    return twins


def try_size(
    pieces: Sequence[Piece],
    size: int,
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
) -> tuple[Attempt, list[Cell] | None]:
    """Search one board size in input order; the corners of the first solution, if any."""
    problem = exact_cover(pieces, size)
    stats = Stats()
    found = next(
        solve(
            problem,
            choose="first",
            limit=1,
            stats=stats,
            prune=Pruner(pieces, size, problem.keys),
            max_nodes=max_nodes,
            timeout=timeout,
            progress=None if progress is None else (lambda s: progress(size, s)),
        ),
        None,
    )
    solved = None if stats.status is Status.BUDGET else found is not None
    attempt = Attempt(size, solved, problem.item_count, problem.option_count, stats)
    return attempt, None if found is None else [(top, left) for _, top, left in found]


def arrange_ordered(
    pieces: Sequence[Piece],
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
) -> Answer:
    """The canonical answer by the ordered search (the first release): sizes grow from the
    smallest, and at each size the pieces are placed in input order at their first positions,
    backtracking as needed. `max_nodes` and `timeout` apply to each size."""
    answer = Answer(list(pieces), None, [])
    size = smallest_size(pieces)
    while True:
        attempt, corners = try_size(
            pieces, size, max_nodes=max_nodes, timeout=timeout, progress=progress
        )
        answer.attempts.append(attempt)
        if attempt.solved is None:
            return answer
        if corners is not None:
            answer.size, answer.corners = size, corners
            return answer
        size += 1
