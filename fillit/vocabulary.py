"""The words all of fillit shares: an answer and the attempts behind it, the counters of the
canonical placement, the progress callback, what a search for the answer offers (`Arranger`), and
the board's geometry (the smallest size, a piece's placements, the waste of empty regions). Both
searches (`fillit.solver.ordered`, the fast path) answer in these words, and the CLI, the renderer
and the report read them; this module searches nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypedDict, Unpack

from dlx import Stats
from fillit.pieces import Cell, Piece, letter

Progress = Callable[[int, Stats], None]
"""Called now and then during a long search with the size being tried and its statistics."""


class Limits(TypedDict, total=False):
    """What bounds a search for the answer (`max_nodes`, `timeout`: unsolved when one runs
    out) and watches it (`progress`)."""

    max_nodes: int | None
    timeout: float | None
    progress: Progress | None


class Arranger(Protocol):
    """A search for the canonical answer, with its settings: the fast path
    (`fillit.solver.fast.FastPath`) or the first release's
    (`fillit.solver.ordered.OrderedSearch`)."""

    def arrange(self, pieces: Sequence[Piece], **limits: Unpack[Limits]) -> Answer:
        """The canonical answer, unsolved when `max_nodes` or `timeout` ran out."""
        ...


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
    dominated: int = 0
    nodes: int = 0
    updates: int = 0
    seconds: float = 0.0
    # every question of the run (any size) that raced on two cores (`fillit.solver.race`): the
    # order that settled it and the core that did (0: the first process, 1: the second)
    races: list[tuple[str, int]] = field(default_factory=list)
    # every question of the run (any size) that a search settled, raced or not, in the order
    # asked: the order that settled it (a way's name, "glance" or "repair") and the core
    settled: list[tuple[str, int]] = field(default_factory=list)

    def add(self, stats: Stats) -> None:
        """Count one more search's effort."""
        self.nodes += stats.nodes
        self.updates += stats.updates
        self.seconds += stats.seconds


@dataclass
class Answer:
    """The canonical arrangement: each piece's top-left corner on a board of side `size`.

    >>> bar = Piece(((0, 0), (1, 0), (2, 0), (3, 0)))
    >>> answer = Answer([bar, bar], 4, [(0, 0), (0, 1)])
    >>> answer.solved, answer.rows()
    (True, ['AB..', 'AB..', 'AB..', 'AB..'])
    """

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
    """The smallest side that could hold the pieces' cells and the largest piece.

    >>> bar = Piece(((0, 0), (0, 1), (0, 2), (0, 3)))
    >>> smallest_size([bar]), smallest_size([bar] * 5)
    (4, 5)
    """
    area = math.isqrt(4 * len(pieces) - 1) + 1
    return max(area, *(max(p.height, p.width) for p in pieces))


def placements(piece: Piece, size: int) -> Iterator[Cell]:
    """Every top-left corner of `piece` on a board of side `size`, in row-major order.

    >>> list(placements(Piece(((0, 0), (1, 0), (2, 0), (2, 1))), 3))
    [(0, 0), (0, 1)]
    """
    for top in range(size - piece.height + 1):
        for left in range(size - piece.width + 1):
            yield top, left


def waste_fits(empty: int, stride: int, holes: int) -> bool:
    """Whether the empty cells (bits of rows `stride` apart, a spare column between rows)
    waste at most `holes` cells: a region of m empty cells wastes at least m mod 4.

    >>> waste_fits(0b011_011, 4, 1), waste_fits(0b1, 4, 0)  # a region of 4; one lone cell
    (True, False)
    """
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
