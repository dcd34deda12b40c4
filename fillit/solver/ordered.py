"""The first release's ordered search (`fillit solve --ordered`): which answer, the plain way.

It answers both questions at once, size after size, and is the reference the fast path is tested
against. It touches the engine (`dlx.solve`) and the shared words (`fillit.answer`) only.

Pieces become items, placements become options, the engine searches.

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

from collections.abc import Sequence
from typing import Unpack

from dlx import Problem, Stats, Status, solve
from fillit.answer import Answer, Attempt, Limits, Progress
from fillit.geometry import placements, smallest_size, waste_fits
from fillit.pieces import Cell, Piece, letter

Placement = tuple[int, int, int]
"""An option key: (piece index, row, column) of the piece's top-left corner."""


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
    backtracking as needed. `max_nodes` and `timeout` apply to each size.

    >>> answer = arrange_ordered([Piece(((0, 0), (0, 1), (1, 0), (1, 1)))] * 2)
    >>> answer.rows(), [(a.size, a.solved) for a in answer.attempts]
    (['AABB', 'AABB', '....', '....'], [(3, False), (4, True)])
    """
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


class OrderedSearch:
    """The first release's search as an `Arranger` (`fillit.answer`): `arrange_ordered`."""

    def arrange(self, pieces: Sequence[Piece], **limits: Unpack[Limits]) -> Answer:
        """`arrange_ordered` of the pieces."""
        return arrange_ordered(pieces, **limits)
