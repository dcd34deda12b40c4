"""What is an order of search, and what do the questions of one run share? A *way* is one order
of search taking turns in the rounds of a question (`fillit.solver.fits.rounds`): the options
tried first, the item choice, the order of the cells, and the rounds it takes turns in; a *round*
gives each way one turn of at most its node cap. The *run* is what every question of one
`arrange_fast` shares, from one size to the next: the processes a question may race on, the
favourite order, and the log of the questions settled. This module searches nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from dlx.solve import Choice
from fillit.solver.packing import Key, Sweep

Order = tuple[Choice, Sweep]
"""An order of search without its options tried first: the item choice and the order of the
cells (what the favourite remembers)."""


class Way(NamedTuple):
    """One order of search taking turns in `fillit.solver.fits.rounds`: the options tried first,
    the item choice, the order of the cells, the round it joins in, and the round it leaves in
    (None: never).

    >>> Way((), "sweep", "columns").name, Way((), "mrv", "rows", 0, 3).plays(3)
    ('sweep by columns', False)
    """

    prefer: Sequence[Key]
    choose: Choice
    sweep: Sweep
    joins: int = 0
    leaves: int | None = None

    @property
    def order(self) -> Order:
        """Its item choice and order of the cells."""
        return self.choose, self.sweep

    @property
    def name(self) -> str:
        """The order in words, as the statistics log it: "mrv by rows, witness first"..."""
        return f"{self.choose} by {self.sweep}" + (", witness first" if self.prefer else "")

    def plays(self, number: int) -> bool:
        """Whether it takes a turn in round `number`."""
        return self.joins <= number and (self.leaves is None or number < self.leaves)


@dataclass(slots=True)
class Run:
    """What the questions of one run share, from one size to the next (`fillit.solver.fast` makes
    it and hands it to every question): how many processes a question may race on (`jobs`), the
    *favourite* (the order that settled the last question), and the log of the questions
    settled, each by what settled it (a way's name, or "glance" or "repair") and the core that
    did (0: this process, 1: a race's child): all of them in the order asked (`settled`), and
    those that raced (`raced`)."""

    jobs: int = 1
    favourite: Order | None = None
    settled: list[tuple[str, int]] = field(default_factory=list)
    raced: list[tuple[str, int]] = field(default_factory=list)


class Round(NamedTuple):
    """A round of turns: its number (from 0) and each way's node cap in it."""

    number: int
    cap: int
