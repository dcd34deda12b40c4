"""The fast path: sizes from the smallest up, each asked *does a square of side s fit?*
(`fillit.solver.questions.square_fits`), then at the first that fits, *which answer?*
(`fillit.solver.questions.canonical`).

The run's budget (`fillit.solver.budget`) bounds both; the packing model
(`fillit.solver.board.packing`) and its once-per-node check (`fillit.solver.board.pruner`) serve
both, and what their questions share (`fillit.solver.questions.orders.Run`) is made here, once per
run. This module only ties them together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from fillit.answer import Answer, CanonicalStats, Limits, Progress
from fillit.geometry import smallest_size
from fillit.pieces import Piece
from fillit.solver.board.packing import Packing
from fillit.solver.budget import Budget
from fillit.solver.questions.canonical import canonical
from fillit.solver.questions.orders import Run
from fillit.solver.questions.square_fits import decide_size


def arrange_fast(
    pieces: Sequence[Piece],
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
) -> Answer:
    """The canonical answer: decide sizes from the smallest up, then place the pieces in order.
    `max_nodes` and `timeout` bound the whole run; when one runs out, the answer is unsolved.
    With `jobs` 2 or more, long questions race on two cores (`fillit.solver.questions.race`):
    the same answer.

    >>> from fillit.pieces import Piece
    >>> square = Piece(((0, 0), (0, 1), (1, 0), (1, 1)))
    >>> bar = Piece(((0, 0), (0, 1), (0, 2), (0, 3)))
    >>> arrange_fast([square, bar]).rows()
    ['AA..', 'AA..', 'BBBB', '....']
    >>> arrange_fast([square, bar], max_nodes=0).solved
    False
    """
    counters = CanonicalStats()
    answer = Answer(list(pieces), None, [], canonical=counters)
    budget = Budget.start(max_nodes, timeout)
    size = smallest_size(pieces)
    run = Run(jobs, settled=counters.settled, raced=counters.races)  # (its log is the answer's)
    while True:
        packing = Packing(pieces, size)
        attempt, witness = decide_size(packing, budget, run, progress)
        answer.attempts.append(attempt)
        if attempt.solved is None:
            return answer
        if witness is not None:
            corners = canonical(packing, witness, budget, counters, run, progress)
            if corners is None:
                attempt.solved = None
                return answer
            answer.size, answer.corners = size, corners
            return answer
        size += 1


class FastPath:
    """The fast path as an `Arranger` (`fillit.answer`): `arrange_fast` racing long questions
    on `jobs` processes (1: one core).

    >>> from fillit.pieces import Piece
    >>> FastPath(jobs=1).arrange([Piece(((0, 0), (0, 1), (1, 0), (1, 1)))]).rows()
    ['AA', 'AA']
    """

    __slots__ = ("jobs",)

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = jobs

    def arrange(self, pieces: Sequence[Piece], **limits: Unpack[Limits]) -> Answer:
        """`arrange_fast` of the pieces on `jobs` processes."""
        return arrange_fast(pieces, jobs=self.jobs, **limits)
