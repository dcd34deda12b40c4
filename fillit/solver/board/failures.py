"""Failed states that settle others: if the pieces left cannot be placed in some free cells,
they cannot be placed in fewer.

A state of the packing search is its free cells and the pieces left (which cells the holes
took does not matter: a hole is a cell no piece covers). When the search proves that a state has
no completion, every state with the same pieces left and its free cells among the failed one's
has none either: the same pieces, less room. An exact failure memo cannot see this, as it knows
states only by their exact key. The search meets such states often when there are many holes:
two ways to fill the same rows that differ in where the holes went and in which cells the
pieces take below them.

Checking a state against every failure would cost more than it saves. So the failures are kept
by the pieces left and the first free cell (row by row), the latest few of each, and a state is
checked only against those that share its first free cell. (A failure with an earlier first free
cell may settle it too; on the sets measured, half the chances are so missed.)

>>> failures = FailedStates()
>>> failures.add(0b1110, (2, 1))
>>> failures.settles(0b0110, (2, 1)), failures.settles(0b1100, (2, 1))
(True, False)
>>> failures.settles(0b0110, (1, 1)), failures.cuts
(False, 1)
"""

from __future__ import annotations

from collections import deque

KEEP = 64
"""How many failures are kept per pieces left and first free cell (the latest)."""

CAPACITY = 1 << 20
"""How many failures may be added before all are forgotten and keeping starts afresh (memory:
about 50 bytes each)."""


class FailedStates:
    """Free cells (as bits) in which the pieces left (a count per shape) were proven not to fit."""

    def __init__(self) -> None:
        self.kept: dict[tuple[tuple[int, ...], int], deque[int]] = {}
        self.added = 0
        self.cuts = 0

    def add(self, free: int, remaining: tuple[int, ...]) -> None:
        """Keep a failure: the `remaining` pieces do not fit the `free` cells."""
        if self.added >= CAPACITY:
            self.kept.clear()
            self.added = 0
        key = (remaining, free & -free)
        kept = self.kept.get(key)
        if kept is None:
            kept = self.kept[key] = deque(maxlen=KEEP)
        kept.appendleft(free)
        self.added += 1

    def settles(self, free: int, remaining: tuple[int, ...]) -> bool:
        """Whether a failure kept shows that the `remaining` pieces do not fit the `free` cells:
        the same pieces, and every free cell free there too."""
        kept = self.kept.get((remaining, free & -free))
        if kept is not None:
            for failed in kept:
                if not free & ~failed:
                    self.cuts += 1
                    return True
        return False
