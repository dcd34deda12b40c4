"""What does a search for fillit's answer give? The answer and the attempts behind it, the
counters of the canonical placement, the progress callback and what a search for the answer
offers (`Arranger`). Both searches (`fillit.solver.ordered`, the fast path) answer in these
words, and the CLI, the renderer and the report read them; this module searches nothing (the
board's geometry is `fillit.geometry`'s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    (`fillit.solver.arrange.FastPath`) or the first release's
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
    # every question of the run (any size) that raced on two cores (`fillit.solver.questions.race`):
    # the order that settled it and the core that did (0: the first process, 1: the second)
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
