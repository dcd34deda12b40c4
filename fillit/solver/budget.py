"""The run's budget: what a whole fast-path run may still spend, in search nodes and seconds.

Every search of both questions (`fillit.solver.questions.square_fits`,
`fillit.solver.questions.canonical`) takes its nodes off one budget, so `--max-nodes` and
`--timeout` bound the whole run, not each search. It touches nothing but the clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from dlx import Stats


@dataclass
class Budget:
    """What the whole run may still spend, in search nodes and seconds (None: no limit).

    >>> budget = Budget.start(max_nodes=10, timeout=None)
    >>> budget.spend(Stats(nodes=12))
    >>> budget.nodes, budget.spent(), budget.seconds()
    (0, True, None)
    """

    nodes: int | None
    deadline: float | None

    @classmethod
    def start(cls, max_nodes: int | None, timeout: float | None) -> Budget:
        """A budget of `max_nodes` nodes and `timeout` seconds from now."""
        return cls(max_nodes, None if timeout is None else time.perf_counter() + timeout)

    def seconds(self) -> float | None:
        """Seconds left (at least 0), or None."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def spent(self) -> bool:
        """Whether nothing is left."""
        return self.nodes == 0 or self.seconds() == 0.0

    def spend(self, stats: Stats) -> None:
        """Take a finished search's nodes off the budget."""
        if self.nodes is not None:
            self.nodes = max(0, self.nodes - stats.nodes)
