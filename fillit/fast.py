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
from fillit.colouring import refuted_by_colouring
from fillit.pieces import Cell, Piece
from fillit.solver import Answer, Attempt, Progress, placements, smallest_size

Key = tuple[object, int, int]
"""An option key: (shape or HOLE, row, column)."""

HOLE = "hole"


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

    def feasible(
        self, givens: Sequence[Key], stats: Stats, timeout: float | None, max_nodes: int | None
    ) -> bool | None:
        """Whether the pieces fit with `givens` placed first (None: a budget ran out)."""
        found = next(
            solve(
                self.problem,
                givens=givens,
                memo=self.memo,
                stats=stats,
                timeout=timeout,
                max_nodes=max_nodes,
                limit=1,
            ),
            None,
        )
        if found is not None:
            return True
        return None if stats.status is Status.BUDGET else False


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
    problem: Problem[Key] = Problem(primary, bounds=bounds)  # type: ignore[arg-type]
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
) -> tuple[bool | None, Stats, str | None]:
    """Decide whether the pieces fit at this size: colourings first, then the engine."""
    colouring = refuted_by_colouring(packing.pieces, packing.size)
    if colouring is not None:
        return False, Stats(status=Status.EXHAUSTED), colouring
    stats = Stats()
    return packing.feasible((), stats, timeout, max_nodes), stats, None


def canonical(
    packing: Packing, phase: Phase, timeout: float | None, max_nodes: int | None
) -> list[Cell] | None:
    """The first-position answer at a size known to fit (None: a budget ran out)."""
    pieces, size = packing.pieces, packing.size
    givens: list[Key] = []
    corners: list[Cell] = []
    occupied: set[Cell] = set()
    last_corner: dict[Piece, Cell] = {}
    for index, piece in enumerate(pieces):
        chosen = None
        for corner in placements(piece, size):
            if corner <= last_corner.get(piece, (-1, -1)):
                continue  # identical pieces keep input order in the canonical answer
            cells = {(corner[0] + r, corner[1] + c) for r, c in piece.cells}
            if cells & occupied:
                continue
            option: Key = (piece, *corner)
            if index == len(pieces) - 1:
                chosen = corner  # the last piece fits wherever it fits: holes take the rest
                break
            stats = Stats()
            verdict = packing.feasible([*givens, option], stats, timeout, max_nodes)
            phase.oracle_calls += 1
            phase.nodes += stats.nodes
            phase.updates += stats.updates
            phase.seconds += stats.seconds
            if verdict is None:
                return None
            if verdict:
                chosen = corner
                break
        assert chosen is not None, "a size that fits has a first position for every piece"
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
        answer.attempts.append(
            FastAttempt(size, verdict, problem.item_count, problem.option_count, stats, colouring)
        )
        if verdict is None:
            return answer, phase
        if verdict:
            corners = canonical(packing, phase, timeout, max_nodes)
            if corners is None:
                answer.attempts[-1].solved = None
                return answer, phase
            answer.size, answer.corners = size, corners
            return answer, phase
        size += 1
