"""What is an order of search, and what do the questions of one run share? A *way* is one order
of search taking turns in the rounds of a question (`fillit.solver.questions.square_fits.rounds`):
the options tried first, the item choice, the order of the cells, and the rounds it takes turns in;
a *round* gives each way one turn of at most its node cap. The *run* is what every question of one
`arrange_fast` shares, from one size to the next: the processes a question may race on, the
favourite order, and the log of the questions settled. This module searches nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from dlx.solve import Choice
from fillit.solver.board.packing import Key, Sweep

Order = tuple[Choice, Sweep]
"""An order of search without its options tried first: the item choice and the order of the
cells (what the favourite remembers)."""


class Way:
    """One order of search taking turns in `fillit.solver.questions.square_fits.rounds`: the options
    tried first, the item choice, the order of the cells, the round it joins in, and the round it
    leaves in (None: never). (A class with slots, not a dataclass or a NamedTuple: the same fields
    for a fraction of the start-up, which every `fillit solve` pays.)

    >>> Way((), "sweep", "columns").name, Way((), "mrv", "rows", 0, 3).plays(3)
    ('sweep by columns', False)
    """

    __slots__ = ("prefer", "choose", "sweep", "joins", "leaves")

    def __init__(
        self,
        prefer: Sequence[Key],
        choose: Choice,
        sweep: Sweep,
        joins: int = 0,
        leaves: int | None = None,
    ) -> None:
        self.prefer = prefer
        self.choose = choose
        self.sweep = sweep
        self.joins = joins
        self.leaves = leaves

    def __repr__(self) -> str:
        return f"Way({self.name!r}, joins={self.joins}, leaves={self.leaves})"

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


class Run:
    """What the questions of one run share, from one size to the next (`fillit.solver.arrange` makes
    it and hands it to every question): how many processes a question may race on (`jobs`), the
    *favourite* (the order that settled the last question), and the log of the questions
    settled, each by what settled it (a way's name, or "glance" or "repair") and the core that
    did (0: this process, 1: a race's child): all of them in the order asked (`settled`), and
    those that raced (`raced`)."""

    __slots__ = ("jobs", "favourite", "settled", "raced")

    def __init__(
        self,
        jobs: int = 1,
        favourite: Order | None = None,
        settled: list[tuple[str, int]] | None = None,
        raced: list[tuple[str, int]] | None = None,
    ) -> None:
        self.jobs = jobs
        self.favourite = favourite
        self.settled = [] if settled is None else settled
        self.raced = [] if raced is None else raced


Round = tuple[int, int]
"""A round of turns: its number (from 0) and each way's node cap in it."""
