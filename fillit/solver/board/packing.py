"""The packing model of a square of side s: one exact-cover problem, its bit board, the failures
it keeps, and the one call to the engine (`Packing.complete`) that both questions make.

Every cell is a primary item; each distinct shape is one primary item whose multiplicity is the
number of pieces of that shape; one "hole" item, whose multiplicity is the slack s*s - 4n, has one
option per cell. `Packing` holds that problem, its cells as bits (rows `size + 1` bits apart), the
failures kept that all its searches share, and the `Board` its once-per-node check
(`fillit.solver.board.pruner`) is given. The failures kept are the searches' only memory: the
engine's exact failure memo, on top of them, saved 2 to 7% of the nodes and cost 40% of the time on
the slowest inputs (it looks up every option tried, in a table far larger than the caches). It
decides nothing itself: `fillit.solver.questions.square_fits` and
`fillit.solver.questions.canonical` ask it, and whatever they ask spends the run's budget
(`fillit.solver.budget`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dlx import Problem, Stats, Status, solve
from dlx.solve import Choice
from fillit.answer import Progress
from fillit.geometry import placements
from fillit.pieces import Cell, Piece
from fillit.solver.board.colouring import IN_SEARCH, ColourBound, shape_counts
from fillit.solver.board.projection import BOARD_STEPS, LineBound, profiles
from fillit.solver.board.pruner import Board, LineTest, new_failures, new_pruner
from fillit.solver.board.sweep import SIDE, CompiledSweep, Direction, compiled, sweep_order
from fillit.solver.budget import Budget

Key = tuple[object, int, int]
"""An option key: (shape or HOLE, row, column of the top-left corner)."""

Sweep = Direction
"""The order in which the sweep meets the cells (`fillit.solver.board.sweep.DIRECTIONS`)."""

HOLE = "hole"
"""The item (and an option key's first part) of an empty cell."""

BOARD_PROFILES = 2
"""Deciding a size, the projection test runs along a direction only when the shapes have at
most this many profiles along it (one question per size; with more, it can take long)."""

SEARCH_PROFILES = 0
"""Inside the search, the projection test runs along a direction only when the shapes have at
most this many profiles along it: none, by default. It cuts nodes on some sets (two shapes of one
profile, many holes) but only the pure-Python check runs it, twenty times slower per node than
the compiled one (two shapes, 23 pieces: 60k nodes in 0.78 s with it, 132k in 0.05 s without;
600 inputs of one or two shapes: 8.1 s -> 5.0 s, the slowest 0.26 s -> 0.04 s)."""


@dataclass(frozen=True)
class Outcome:
    """What a search says of "does a packing extend these givens?": the `packing` it found, or
    that there is none (`refuted`), or neither (`unknown`: a node cap or the budget cut it short).

    >>> REFUTED.unknown, UNKNOWN.unknown, Outcome(((HOLE, 0, 0),)).unknown
    (False, True, False)
    """

    packing: tuple[Key, ...] | None = None
    refuted: bool = False

    @property
    def unknown(self) -> bool:
        """Whether the search was cut short before it found a packing or proved there is none."""
        return self.packing is None and not self.refuted


REFUTED = Outcome(refuted=True)
"""No packing extends the givens."""

UNKNOWN = Outcome()
"""Cut short: whether a packing extends the givens is not known."""


def packing_problem(pieces: Sequence[Piece], size: int) -> Problem[Key]:
    """Cells as items, each shape as an item used as often as it occurs, holes for the slack."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    shapes, counts = shape_counts(pieces)
    slack = size * size - 4 * len(pieces)
    primary: list[object] = [*cells, *shapes]
    bounds: dict[object, int] = {s: n for s, n in zip(shapes, counts, strict=True) if n > 1}
    if slack:
        primary.append(HOLE)
        bounds[HOLE] = slack
    problem: Problem[Key] = Problem(primary, bounds=bounds)
    for shape in shapes:
        for top, left in placements(shape, size):
            covered = [(top + r, left + c) for r, c in shape.cells]
            problem.add_option((shape, top, left), [shape, *covered])
    if slack:
        for r, c in cells:
            problem.add_option((HOLE, r, c), [HOLE, (r, c)])
    return problem


class Packing:
    """The packing problem of the pieces on a board of side `size`, the failures it keeps,
    and its cells as bits (rows `size + 1` bits apart, so that shifts never wrap from one row to
    the next); `board` is what the once-per-node check is given of it."""

    def __init__(self, pieces: Sequence[Piece], size: int) -> None:
        self.pieces = pieces
        self.size = size
        self.problem = packing_problem(pieces, size)
        self.stride = size + 1
        self.slack = size * size - 4 * len(pieces)
        self.full = self.bits((r, c) for r in range(size) for c in range(size))
        shapes, self.counts = shape_counts(pieces)
        self.shapes = shapes
        self.masks, option_shape = self._options(shapes)
        self.line_bounds = [
            bound
            for bound in (self._line_bound(d, shapes, option_shape) for d in (0, 1))
            if bound is not None
        ]
        self.board = Board(
            stride=self.stride,
            full=self.full,
            root=(0, self.slack, self.counts),
            option_cells=self.masks,
            option_shape=option_shape,
            offsets=[_four(r * self.stride + c for r, c in shape.cells) for shape in shapes],
            colour_tests=[self._colour_bound(name, shapes) for name in IN_SEARCH],
            line_tests=[b for b in self.line_bounds if len(b[1].profiles) <= SEARCH_PROFILES],
        )
        self.failures = new_failures(self.board)
        # the compiled sweeps of this board (None: the engine's sweep searches)
        self.sweeps = (
            CompiledSweep(size, shapes, self.counts, self.problem.option_number)
            if compiled() and size <= SIDE and all(max(s.height, s.width) <= size for s in shapes)
            else None
        )

    @property
    def cuts(self) -> int:
        """The states a failure kept settled, in every search of this board so far."""
        return self.failures.cuts + (0 if self.sweeps is None else self.sweeps.cuts)

    def bits(self, cells: Iterable[Cell]) -> int:
        """The cells as one integer, a bit per cell."""
        return sum(1 << (r * self.stride + c) for r, c in cells)

    def _options(self, shapes: Sequence[Piece]) -> tuple[list[int], list[int]]:
        """Each option's cells as bits, and its shape's number among `shapes` (-1 for a hole)."""
        number = {shape: k for k, shape in enumerate(shapes)}
        masks: list[int] = []
        option_shape: list[int] = []
        for shape, top, left in self.problem.keys:
            if isinstance(shape, Piece):
                masks.append(self.bits((top + r, left + c) for r, c in shape.cells))
                option_shape.append(number[shape])
            else:
                masks.append(self.bits([(top, left)]))
                option_shape.append(-1)
        return masks, option_shape

    def key_bits(self, key: Key) -> int:
        """The cells of an option, by key, as bits."""
        return self.masks[self.problem.option_number(key)]

    def dilate(self, cells: int, radius: int) -> int:
        """The cells within `radius` king moves of `cells`, on the board."""
        for _ in range(radius):
            wide = cells | cells << 1 | cells >> 1
            cells = wide | wide << self.stride | wide >> self.stride
        return cells & self.full

    def _colour_bound(self, name: str, shapes: Sequence[Piece]) -> tuple[ColourBound, list[int]]:
        """A colouring's test, and the cells of each colour as bits."""
        bound = ColourBound(self.size, name, shapes)
        cells = [(r, c) for r in range(self.size) for c in range(self.size)]
        masks = [
            self.bits([(r, c) for r, c in cells if bound.cells[r][c] == colour])
            for colour in range(bound.colours)
        ]
        return bound, masks

    def _line_bound(
        self, direction: int, shapes: Sequence[Piece], option_shape: Sequence[int]
    ) -> LineTest | None:
        """The projection test along rows (direction 0) or columns (1): its name, the test,
        the cells of each line as bits, and each option's profile (-1: hole) and first line;
        None when the shapes have too many profiles along it."""
        bound = LineBound(self.size, [profiles(shape)[direction] for shape in shapes])
        if len(bound.profiles) > BOARD_PROFILES:
            return None
        lines = range(self.size)
        masks = [
            self.bits((line, c) if direction == 0 else (c, line) for c in lines) for line in lines
        ]
        where = [
            (-1 if shape < 0 else bound.of_shape[shape], (top, left)[direction])
            for (_, top, left), shape in zip(self.problem.keys, option_shape, strict=True)
        ]
        return ("rows", "columns")[direction], bound, masks, where

    def refuting_lines(self) -> str | None:
        """The direction (rows or columns) whose projection shows the pieces cannot fit the
        empty board, or None."""
        for name, bound, masks, _ in self.line_bounds:
            free = tuple(mask.bit_count() for mask in masks)
            if bound.fit(free, self.counts, BOARD_STEPS) is None:
                return name
        return None

    def complete(
        self,
        givens: Sequence[Key],
        prefer: Sequence[Key],
        stats: Stats,
        budget: Budget,
        progress: Progress | None = None,
        choose: Choice = "mrv",
        cap: int | None = None,
        sweep: Sweep = "rows",
        floors: tuple[int, ...] | None = None,
    ) -> Outcome:
        """A packing that extends `givens`, or none, or unknown if the budget (or `cap` nodes,
        if less) ran out; the nodes are taken off `budget`. The options in `prefer` are tried
        first. The item choice meets the cells in the order `sweep` names (the sweep is compiled
        where it can be: `fillit.solver.board.sweep`). With `floors`, each shape's options numbered
        below its floor are not chosen beyond `givens` (no packing sought holds them)."""
        limits = [n for n in (cap, budget.nodes) if n is not None]
        max_nodes, seconds = min(limits, default=None), budget.seconds()
        if max_nodes == 0 or seconds == 0.0:  # (dlx refuses an empty budget)
            stats.status = Status.BUDGET
            return UNKNOWN
        if choose == "sweep" and self.sweeps is not None:
            found = self.sweeps.ask(sweep, givens, floors, stats, budget, max_nodes, progress)
            return (
                Outcome(found)
                if isinstance(found, tuple)
                else REFUTED
                if found is False
                else UNKNOWN
            )
        return self._engine(
            givens, prefer, stats, budget, progress, choose, max_nodes, sweep, floors
        )

    def _engine(
        self,
        givens: Sequence[Key],
        prefer: Sequence[Key],
        stats: Stats,
        budget: Budget,
        progress: Progress | None,
        choose: Choice,
        max_nodes: int | None,
        sweep: Sweep,
        floors: tuple[int, ...] | None,
    ) -> Outcome:
        """`complete`'s question asked of the engine, with the once-per-node check."""
        pruner = new_pruner(self.board, self.failures, len(givens), floors)
        search = solve(
            self.problem,
            choose=choose,
            givens=givens,
            prefer=prefer,
            item_order=sweep_order(sweep, self.size) if sweep != "rows" else (),
            prune=pruner,
            learn=pruner.learn,
            stats=stats,
            max_nodes=max_nodes,
            timeout=budget.seconds(),
            limit=1,
            progress=None if progress is None else (lambda s: progress(self.size, s)),
        )
        try:
            found = next(search, None)
        finally:  # (a progress report may raise: fillit.solver.questions.race)
            search.close()
            budget.spend(stats)
        if found is not None:
            return Outcome(found)
        return UNKNOWN if stats.status is Status.BUDGET else REFUTED


def _four(offsets: Iterable[int]) -> tuple[int, int, int, int]:
    """A tetromino's four cell offsets."""
    a, b, c, d = offsets
    return a, b, c, d
