"""Search statistics in the manner of Knuth's programs: nodes, updates, solutions, profile, time."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """How a search ended; only EXHAUSTED proves there are no further solutions.

    >>> from dlx import Problem, first
    >>> stats = Stats()
    >>> p = Problem.from_options(["a", "b"], [("a", ["a"]), ("b", ["b"])])
    >>> first(p, stats=stats, max_nodes=1)
    >>> stats.status  # no solution seen, but none is not proven either
    <Status.BUDGET: 'budget'>
    """

    RUNNING = "running"
    EXHAUSTED = "exhausted"  # the whole tree was searched
    LIMIT = "limit"  # stopped after the requested number of solutions
    BUDGET = "budget"  # stopped by a node or time budget: what lies beyond is unknown
    CLOSED = "closed"  # the caller stopped asking for solutions


class Record:
    """The repr and equality of a class written out as the dataclass it was (`Stats`,
    `dlx.engines.zdd.twin.ZddStats`): its fields are `__match_args__`, in order; equality
    compares those `_compared` gives (all, unless a class leaves some out); mutable, so
    unhashable. (Not a dataclass: `dataclasses` imports `inspect`, which a start need not.)"""

    __match_args__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._compared() == other._compared()

    __hash__ = None  # type: ignore[assignment]  # (mutable, compared by value: as a dataclass)

    def _compared(self) -> tuple[object, ...]:
        """The fields equality compares."""
        return tuple(getattr(self, name) for name in self.__match_args__)


class Stats(Record):
    """Counters of one search; kept current at each solution and when the search ends.

    `profile[k]` counts the search-tree nodes at level k, solutions included (as DLX1 prints it).

    >>> from dlx import Problem, solve
    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> stats = Stats()
    >>> list(solve(p, stats=stats))
    [('ab',), ('a', 'b')]
    >>> stats.nodes, stats.updates, stats.solutions, stats.profile, stats.complete
    (4, 4, 2, [1, 2, 1], True)

    `engine` names the engine that searched and `core` its core, "compiled" or "python".
    """

    nodes: int
    updates: int
    solutions: int
    seconds: float
    status: Status
    profile: list[int]
    engine: str  # the engine that searched: "links" (DLX1, DLX2), "cells" (SSXCC) or "bitset"
    core: str  # the engine's core: "compiled" or "python" ("" before a search)
    share: float | None
    """At a progress poll, Knuth's estimate of the share of the tree searched so far, from the
    path to the current node: at each level the options tried before the current one over all
    the level's options, weighted by the levels above (None where the search cannot tell)."""

    __match_args__ = (
        "nodes",
        "updates",
        "solutions",
        "seconds",
        "status",
        "profile",
        "engine",
        "core",
        "share",
    )
    """The fields, in order: the constructor's arguments and the repr's."""

    def __init__(
        self,
        nodes: int = 0,
        updates: int = 0,
        solutions: int = 0,
        seconds: float = 0.0,
        status: Status = Status.RUNNING,
        profile: list[int] | None = None,
        engine: str = "links",
        core: str = "",
        share: float | None = None,
    ) -> None:
        self.nodes = nodes
        self.updates = updates
        self.solutions = solutions
        self.seconds = seconds
        self.status = status
        self.profile = [] if profile is None else profile
        self.engine = engine
        self.core = core
        self.share = share

    def _compared(self) -> tuple[object, ...]:
        """The fields equality compares: all but `share` and `core` (the two cores of an
        engine run the same search, and their statistics are equal)."""
        return (
            self.nodes,
            self.updates,
            self.solutions,
            self.seconds,
            self.status,
            self.profile,
            self.engine,
        )

    @property
    def complete(self) -> bool:
        """Whether the search ran to the end of its tree."""
        return self.status is Status.EXHAUSTED

    @property
    def unknown(self) -> bool:
        """Whether a budget cut the search short, leaving its outcome unknown."""
        return self.status is Status.BUDGET

    @property
    def updates_per_second(self) -> float:
        """Updates per second of search time (0 when no time was measured)."""
        return self.updates / self.seconds if self.seconds > 0 else 0.0
