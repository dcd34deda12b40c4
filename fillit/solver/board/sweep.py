"""Does a packing extend these givens? The question `Packing.complete` asks of the engine's sweep,
asked of the compiled sweep (`fillit/solver/board/csrc/sweep.c`) in any of eight directions.

A *direction* names the order the sweep meets the cells: by rows (each left to right, top to
bottom) or by columns (each top to bottom, left to right), starting from any corner. The
compiled sweep sees the board in a *frame* where that order is row by row from the top left:
the pieces and the givens are turned into it, the packing found turned back. It fills the first
free cell with a piece or a hole, fills the cells no piece left can cover as holes at once, and
keeps the failures it proves (per board, each direction its own, across its searches); it is
about three times faster per node than the engine with the compiled check, with about as many
nodes. The engine's
sweep (`item_order` in the same order) is its reference: the same question, the same answers.
It decides nothing itself and knows nothing of the canonical answer; without a C compiler, or
with `FILLIT_CORE=python`, `compiled()` is false and the engine's sweep searches alone.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

from dlx import Stats, Status
from fillit.answer import Progress
from fillit.pieces import Cell, Piece
from fillit.solver.budget import Budget

try:
    from fillit.solver.board import _board  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the engine's sweep searches alone
    _board = None

Direction = Literal[
    "rows",
    "rows from the right",
    "rows from the bottom",
    "rows from the bottom right",
    "columns",
    "columns from the bottom",
    "columns from the right",
    "columns from the bottom right",
]
"""The order the sweep meets the cells: by rows or columns, from the top left unless named."""

DIRECTIONS: tuple[Direction, ...] = (
    "rows",
    "columns",
    "rows from the bottom right",
    "columns from the bottom right",
    "rows from the right",
    "columns from the bottom",
    "rows from the bottom",
    "columns from the right",
)
"""Every direction; the searches of `fillit.solver.questions.square_fits` and
`fillit.solver.questions.canonical` use the first two (the others, tried in turn too, cost more than
they saved: fillit/DESIGN.md)."""

SIDE = 16
"""The largest board the compiled sweep takes (its rows are 16-bit words)."""

NO_CAP = 1 << 62
"""A node cap no search reaches."""

Key = tuple[object, int, int]
"""An option key as `fillit.solver.board.packing` has it: (shape or `HOLE`, row, column)."""

HOLE = "hole"
"""An option key's first part for an empty cell (as `fillit.solver.board.packing.HOLE`)."""

_Made = tuple[Any, dict[Cell, Cell], list[Piece]]
"""A direction's compiled sweep, the map from its frame back to the board, its shapes there."""

Outcome = tuple[str, int, int, list[Key] | None]
"""What one search says: "found", "refuted" or "cut" (short of an answer), its nodes and updates,
and the packing it found (the givens, the pieces it placed, a hole on every other cell)."""


def to_frame(direction: Direction, size: int) -> Callable[[Cell], Cell]:
    """The cell of the frame where `direction` is row by row from the top left.

    >>> [to_frame(d, 3)((0, 1)) for d in ("rows", "columns from the bottom", "rows from the right")]
    [(0, 1), (1, 2), (0, 1)]
    """
    bottom, right = "bottom" in direction, "right" in direction
    by_columns = direction.startswith("columns")

    def turn(cell: Cell) -> Cell:
        r, c = cell
        r, c = (size - 1 - r if bottom else r), (size - 1 - c if right else c)
        return (c, r) if by_columns else (r, c)

    return turn


def sweep_order(direction: Direction, size: int) -> list[Cell]:
    """The board's cells in the order `direction` meets them (the engine's `item_order`).

    >>> sweep_order("columns from the bottom", 2)
    [(1, 0), (0, 0), (1, 1), (0, 1)]
    """
    turn = to_frame(direction, size)
    return sorted(((r, c) for r in range(size) for c in range(size)), key=turn)


def compiled() -> bool:
    """Whether the compiled sweep is here and `FILLIT_CORE` does not ask for Python."""
    return _board is not None and os.environ.get("FILLIT_CORE", "") != "python"


class CompiledSweep:
    """The compiled sweeps of one board (side at most `SIDE`), one per direction, each made when
    first asked and keeping its failures across searches; `number` gives an option key's number
    in the engine's problem (the floors are in those numbers)."""

    def __init__(
        self,
        size: int,
        shapes: Sequence[Piece],
        counts: Sequence[int],
        number: Callable[[Key], int],
    ) -> None:
        self.size, self.shapes, self.counts, self.number = size, shapes, counts, number
        self.cells = [(r, c) for r in range(size) for c in range(size)]
        self.sweepers: dict[Direction, _Made] = {}
        self.memo = _board.SweepMemo()

    @property
    def cuts(self) -> int:
        """The states settled by a failure kept, in every direction so far."""
        return int(self.memo.cuts)

    def _sweeper(self, direction: Direction) -> _Made:
        """The compiled sweep of `direction`, the map from its frame back to the board, and the
        shapes in the frame."""
        made = self.sweepers.get(direction)
        if made is None:
            turn = to_frame(direction, self.size)
            back = {turn(cell): cell for cell in self.cells}
            framed = [Piece.from_cells([turn(c) for c in shape.cells]) for shape in self.shapes]
            tables = [self._options(s, p, back) for s, p in zip(self.shapes, framed, strict=True)]
            cells = [p.cells for p in framed]
            tag = DIRECTIONS.index(direction)
            sweeper = _board.Sweeper(self.size, cells, self.counts, tables, self.memo, tag)
            made = self.sweepers[direction] = (sweeper, back, framed)
        return made

    def _options(self, shape: Piece, framed: Piece, back: dict[Cell, Cell]) -> list[int]:
        """Per frame corner (row by row), the number of the option it is on the board (-1: the
        piece leaves the board there)."""
        size, table = self.size, []
        for top in range(size):
            for left in range(size):
                if top + framed.height > size or left + framed.width > size:
                    table.append(-1)
                    continue
                cells = [back[(top + r, left + c)] for r, c in framed.cells]
                table.append(self.number((shape, *_corner(cells))))
        return table

    def ask(
        self,
        direction: Direction,
        givens: Sequence[Key],
        floors: Sequence[int] | None,
        stats: Stats,
        budget: Budget,
        cap: int | None,
        progress: Progress | None,
    ) -> tuple[Key, ...] | bool | None:
        """`Packing.complete`'s question: a packing extending `givens` (no option below
        `floors`), False if there is none, None if `cap` nodes or the budget ran out first;
        the effort goes into `stats` (kept current for `progress`) and off `budget`."""
        report = None
        if progress is not None:
            size = self.size

            def report(nodes: int, updates: int) -> None:
                stats.nodes, stats.updates = nodes, updates
                progress(size, stats)

        start = time.perf_counter()
        try:
            found, stats.nodes, stats.updates, packing = self.complete(
                direction, givens, floors, cap, budget.seconds(), report
            )
        finally:
            stats.seconds = time.perf_counter() - start
            budget.spend(stats)
        stats.status = {"found": Status.LIMIT, "refuted": Status.EXHAUSTED}.get(
            found, Status.BUDGET
        )
        stats.solutions = int(found == "found")
        return tuple(packing) if packing is not None else None if found == "cut" else False

    def complete(
        self,
        direction: Direction,
        givens: Sequence[Key],
        floors: Sequence[int] | None,
        cap: int | None,
        seconds: float | None,
        progress: Callable[[int, int], None] | None,
    ) -> Outcome:
        """Whether a packing extends `givens` (no option below `floors`), in `direction`, within
        `cap` nodes and `seconds`, calling progress(nodes, updates) every few thousand nodes."""
        made = self._sweeper(direction)
        sweeper = made[0]
        turn = to_frame(direction, self.size)
        rows = [0] * self.size
        left = list(self.counts)
        number = {shape: k for k, shape in enumerate(self.shapes)}
        covered = 0
        for key in givens:
            if isinstance(key[0], Piece):
                left[number[key[0]]] -= 1
            for r, c in _covered(key):
                if not (0 <= r < self.size and 0 <= c < self.size):
                    raise ValueError(f"a given off the board: {key!r}")
                fr, fc = turn((r, c))
                rows[fr] |= 1 << fc
                covered += 1
        free = self.size * self.size - sum(row.bit_count() for row in rows)
        holes = free - 4 * sum(left)
        if min(left) < 0 or holes < 0 or free != self.size * self.size - covered:
            return "refuted", 0, 0, None  # (givens that overlap or outnumber the pieces)
        outcome, nodes, updates, placed = sweeper.search(
            rows,
            left,
            holes,
            [-1] * len(self.shapes) if floors is None else list(floors),
            NO_CAP if cap is None else cap,
            -1.0 if seconds is None else seconds,
            progress,
        )
        if outcome != 1:
            return ("refuted", "found", "cut")[outcome], nodes, updates, None
        return "found", nodes, updates, self._packing(givens, placed, made)

    def _packing(
        self, givens: Sequence[Key], placed: list[tuple[int, int, int]], made: _Made
    ) -> list[Key]:
        """The givens, the pieces placed (turned back to the board), a hole on each other cell."""
        _, back, framed = made
        keys: list[Key] = list(givens)
        taken = {cell for key in givens for cell in _covered(key)}
        for k, top, corner in placed:
            board = [back[(top + r, corner + c)] for r, c in framed[k].cells]
            keys.append((self.shapes[k], *_corner(board)))
            taken.update(board)
        keys.extend((HOLE, r, c) for r, c in self.cells if (r, c) not in taken)
        return keys


def _covered(key: Key) -> list[Cell]:
    """The board cells an option key covers (a hole's, its one cell)."""
    shape, top, corner = key
    offsets = shape.cells if isinstance(shape, Piece) else ((0, 0),)
    return [(top + r, corner + c) for r, c in offsets]


def _corner(cells: Sequence[Cell]) -> Cell:
    """The top-left corner of the cells' box."""
    return min(r for r, _ in cells), min(c for _, c in cells)
