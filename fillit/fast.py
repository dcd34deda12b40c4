"""The fast path: decide each size by a packing formulation, then place the pieces canonically.

*Does it fit?* For a board of side s, every cell is a primary item; each distinct shape is one
primary item whose multiplicity is the number of pieces of that shape; one "hole" item, whose
multiplicity is the slack s*s - 4n, has one option per cell. The engine branches on the most
constrained item (usually a cell with few ways to be filled), which refutes sizes that the
ordered search needs minutes for. Before that, colourings of the board refute most failing
sizes at once (see `fillit.colouring`).

*Which answer?* The canonical answer places the pieces in input order, each at the first
row-major position from which the rest can still be completed: so for each piece, try its
positions in order and keep the first whose remaining problem is feasible, with the pieces placed
so far given to the engine in advance. All these feasibility questions share one failure memo, so
what one refutes, the next ones skip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dlx import Problem, Stats, Status, solve
from dlx.memo import FailureMemo
from fillit.colouring import FIELD, IN_SEARCH, ColourBound, refuted_by_colouring, shape_counts
from fillit.pieces import Cell, Piece
from fillit.solver import Answer, Attempt, Progress, placements, smallest_size

Key = tuple[object, int, int]
"""An option key: (shape or HOLE, row, column)."""

HOLE = "hole"

COLOUR_HOLES = 4
"""Colourings are checked inside the search only with at most this many holes left: with more,
they seldom cut a node off and cost more than they save."""


@dataclass
class Phase:
    """Counters of the canonical placement at the size that fits."""

    oracle_calls: int = 0
    memo_hits: int = 0
    nodes: int = 0
    updates: int = 0
    seconds: float = 0.0


@dataclass
class FastAttempt(Attempt):
    """A size tried by the fast path: refuted by a colouring, or decided by search."""

    colouring: str | None = None


@dataclass
class Packing:
    """The packing problem of some pieces on a board of side `size`, with its memo."""

    pieces: Sequence[Piece]
    size: int
    problem: Problem[Key] = field(init=False)
    memo: FailureMemo = field(init=False)

    def __post_init__(self) -> None:
        self.problem = packing_problem(self.pieces, self.size)
        self.memo = FailureMemo()
        size = self.size
        stride = size + 1  # a spare column keeps shifts from wrapping between rows
        self.slack = size * size - 4 * len(self.pieces)
        self.full = sum(1 << (r * stride + c) for r in range(size) for c in range(size))
        shapes, self.counts = shape_counts(self.pieces)
        number_of = {shape: k for k, shape in enumerate(shapes)}
        self.masks: list[int] = []
        self.option_shape: list[int] = []  # the shape's number, or -1 for a hole
        for shape, top, left in self.problem.keys:
            cells = [(0, 0)] if shape == HOLE else shape.cells  # type: ignore[attr-defined]
            self.masks.append(sum(1 << ((top + r) * stride + left + c) for r, c in cells))
            self.option_shape.append(-1 if shape == HOLE else number_of[shape])  # type: ignore[index]
        self.colour_bounds = []
        for name in IN_SEARCH:
            bound = ColourBound(size, name, shapes)
            masks = [
                (
                    FIELD * colour,
                    sum(
                        1 << (r * stride + c)
                        for r in range(size)
                        for c in range(size)
                        if bound.cells[r][c] == colour
                    ),
                )
                for colour in range(bound.colours)
            ]
            self.colour_bounds.append((bound, masks))

    def complete(
        self, givens: Sequence[Key], stats: Stats, timeout: float | None, max_nodes: int | None
    ) -> tuple[Key, ...] | bool | None:
        """A completion of `givens` (all placements), False if none, None if a budget ran out."""
        found = next(
            solve(
                self.problem,
                givens=givens,
                memo=self.memo,
                prune=StatePruner(self, len(givens)),
                stats=stats,
                timeout=timeout,
                max_nodes=max_nodes,
                limit=1,
            ),
            None,
        )
        if found is not None:
            return found
        return None if stats.status is Status.BUDGET else False


class StatePruner:
    """The engine's once-per-node check, reading only the state (which cells are filled, which
    pieces remain), so the failure memo stays exact. It cuts a node off when:
    - the empty regions waste more cells than there are holes left (a region of m cells wastes at
      least m mod 4), or
    - a colouring shows that the remaining pieces cannot fit the free cells (`ColourBound`).
    """

    def __init__(self, packing: Packing, base: int) -> None:
        self.packing = packing
        self.stride = packing.size + 1
        self.base = base
        self.filled: list[int] = []
        self.used: list[int] = []
        self.remaining: list[tuple[int, ...]] = []

    def __call__(self, chosen: Sequence[int]) -> bool:
        """Whether the node reached by `chosen` (the givens, then the search's options) may live."""
        packing = self.packing
        depth = len(chosen)
        if depth <= self.base:  # the root: take in the givens
            self.filled, self.used, self.remaining = [0], [0], [packing.counts]
            for option in chosen:
                self._push(option, len(self.filled))
        else:
            del self.filled[depth:], self.used[depth:], self.remaining[depth:]
            self._push(chosen[-1], depth)
        empty = packing.full & ~self.filled[depth]
        if not waste(empty, self.stride, packing.slack - self.used[depth]):
            return False
        if packing.slack - self.used[depth] > COLOUR_HOLES:
            return True
        remaining = self.remaining[depth]
        for bound, masks in packing.colour_bounds:
            room = 0
            for shift, mask in masks:
                room |= (empty & mask).bit_count() << shift
            if not bound.fits(room, remaining):
                return False
        return True

    def _push(self, option: int, depth: int) -> None:
        """Record the state after `option` at `depth`, from the state before it."""
        shape = self.packing.option_shape[option]
        self.filled.append(self.filled[depth - 1] | self.packing.masks[option])
        self.used.append(self.used[depth - 1] + (shape < 0))
        remaining = self.remaining[depth - 1]
        if shape >= 0:
            remaining = (*remaining[:shape], remaining[shape] - 1, *remaining[shape + 1 :])
        self.remaining.append(remaining)


def waste(empty: int, stride: int, allowed: int) -> int | bool:
    """Whether the empty cells (bits of rows `stride` apart) waste at most `allowed` cells."""
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
        if total > allowed:
            return False
        empty ^= region
    return True


def packing_problem(pieces: Sequence[Piece], size: int) -> Problem[Key]:
    """Cells as items, each shape as an item used as often as it occurs, holes for the slack."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    counts: dict[Piece, int] = {}
    for piece in pieces:
        counts[piece] = counts.get(piece, 0) + 1
    slack = size * size - 4 * len(pieces)
    primary: list[object] = [*cells, *counts]
    bounds: dict[object, int] = {shape: n for shape, n in counts.items() if n > 1}
    if slack:
        primary.append(HOLE)
        bounds[HOLE] = slack
    problem: Problem[Key] = Problem(primary, bounds=bounds)
    for shape in counts:
        for top, left in placements(shape, size):
            covered = [(top + r, left + c) for r, c in shape.cells]
            problem.add_option((shape, top, left), [shape, *covered])
    if slack:
        for r, c in cells:
            problem.add_option((HOLE, r, c), [HOLE, (r, c)])
    return problem


def fits(
    packing: Packing, timeout: float | None, max_nodes: int | None
) -> tuple[tuple[Key, ...] | bool | None, Stats, str | None]:
    """Decide whether the pieces fit at this size (colourings first, then the engine): a
    packing when they do, False when they cannot, None when a budget ran out."""
    colouring = refuted_by_colouring(packing.pieces, packing.size)
    if colouring is not None:
        return False, Stats(status=Status.EXHAUSTED), colouring
    stats = Stats()
    return packing.complete((), stats, timeout, max_nodes), stats, None


def canonical(
    packing: Packing,
    witness: Sequence[Key],
    phase: Phase,
    timeout: float | None,
    max_nodes: int | None,
) -> list[Cell] | None:
    """The first-position answer at a size known to fit (None: a budget ran out).

    `witness` is a full packing consistent with the pieces placed so far. The first position of
    the next piece's shape in it is a feasible position for that piece, so only earlier positions
    need the engine; a feasible one found there becomes the new witness.
    """
    pieces, size = packing.pieces, packing.size
    givens: list[Key] = []
    corners: list[Cell] = []
    occupied: set[Cell] = set()
    last_corner: dict[Piece, Cell] = {}
    for piece in pieces:
        bound = min(
            (top, left)
            for shape, top, left in witness
            if shape == piece and (shape, top, left) not in givens
        )
        chosen = bound
        for corner in placements(piece, size):
            if corner >= bound:
                break
            if corner <= last_corner.get(piece, (-1, -1)):
                continue  # identical pieces keep input order in the canonical answer
            cells = {(corner[0] + r, corner[1] + c) for r, c in piece.cells}
            if cells & occupied:
                continue
            stats = Stats()
            found = packing.complete([*givens, (piece, *corner)], stats, timeout, max_nodes)
            phase.oracle_calls += 1
            phase.nodes += stats.nodes
            phase.updates += stats.updates
            phase.seconds += stats.seconds
            if found is None:
                return None
            if found:
                chosen, witness = corner, found  # type: ignore[assignment]
                break
        givens.append((piece, *chosen))
        corners.append(chosen)
        occupied |= {(chosen[0] + r, chosen[1] + c) for r, c in piece.cells}
        last_corner[piece] = chosen
    phase.memo_hits = packing.memo.hits
    return corners


def arrange_fast(
    pieces: Sequence[Piece],
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
) -> tuple[Answer, Phase]:
    """The canonical answer, found by deciding sizes first and placing pieces second."""
    answer = Answer(list(pieces), None, [])
    phase = Phase()
    size = smallest_size(pieces)
    while True:
        packing = Packing(pieces, size)
        verdict, stats, colouring = fits(packing, timeout, max_nodes)
        problem = packing.problem
        solved = None if verdict is None else bool(verdict)
        answer.attempts.append(
            FastAttempt(size, solved, problem.item_count, problem.option_count, stats, colouring)
        )
        if verdict is None:
            return answer, phase
        if verdict:
            corners = canonical(packing, verdict, phase, timeout, max_nodes)  # type: ignore[arg-type]
            if corners is None:
                answer.attempts[-1].solved = None
                return answer, phase
            answer.size, answer.corners = size, corners
            return answer, phase
        size += 1
