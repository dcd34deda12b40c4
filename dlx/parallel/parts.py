"""What is a part of a parallel search, and how is one searched or cut into its children?

A part is the subtree below a prefix of option numbers (see `dlx.parallel` for the words); its
`Outcome` carries the counters and solutions back, and a `Report` adds them up in search order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TypeVar

from dlx.cores.settings import Choice, Prune, SearchSettings
from dlx.errors import DlxError
from dlx.parallel.cells_split import cells_branches
from dlx.problem import Problem
from dlx.solve import count_with, search_settings, solve_with
from dlx.stats import Stats, Status

K = TypeVar("K", bound=Hashable)
Prefix = tuple[int, ...]
TreePath = tuple[int, ...]

PARTS_PER_WORKER = 32
"""With more than one worker, parts are cut in advance until each one's estimated share of the
tree is at most 1/(PARTS_PER_WORKER * workers); they are sent largest share first."""

BUDGET = 200_000
"""Nodes a part may search before it is expanded, when more than one worker runs."""

DEATHS = 4
"""Times a part may lose its worker before the run gives up on it."""


class ParallelError(DlxError):
    """A search cannot run in parallel as asked (what cannot be sent, or a lost worker)."""


class CheckpointError(DlxError):
    """A checkpoint file belongs to another problem or other options, or is not one."""


@dataclass(frozen=True)
class Settings:
    """What every part of one run searches with: `dlx.solve`'s item choice and pruning check,
    whether parts send back their solutions or only count them, and the node budget (the
    keys and items as the caller names them: a checkpoint's fingerprint reads them)."""

    choose: Choice = "mrv"
    item_order: tuple[Hashable, ...] = ()
    prune: Prune | None = None
    solutions: bool = True
    budget: int | None = None
    engine: str = "links"  # or "cells": Knuth's SSXCC (see `dlx.parallel.cells_split`)

    def below(
        self, problem: Problem[K], prefix: Sequence[int], prune: Prune | None, budget: int | None
    ) -> SearchSettings:
        """The settings of a search of `problem` below `prefix` (option numbers, given), with
        the pruning check `prune` and the node budget `budget`."""
        asked = search_settings(
            problem,
            choose=self.choose,
            item_order=self.item_order,
            prune=prune,
            max_nodes=budget,
            engine=self.engine,
        )
        return asked.replace(givens=tuple(prefix))


@dataclass(frozen=True)
class Part:
    """The subtree below `prefix` (option numbers), reached by `path`; `share` of the tree."""

    path: TreePath
    prefix: Prefix
    share: float


@dataclass
class Outcome:
    """What searching or expanding one part gave: its counters, and its solutions (when asked
    for) or, for an expanded part, the options of its `children` in search order."""

    path: TreePath
    prefix: Prefix
    share: float
    expanded: bool = False
    children: tuple[int, ...] = ()
    nodes: int = 0
    updates: int = 0
    profile: list[int] = field(default_factory=list)
    solutions: int = 0
    found: list[Prefix] = field(default_factory=list)
    wasted_nodes: int = 0
    wasted_updates: int = 0

    def parts(self) -> list[Part]:
        """The children of an expanded part, as parts, in search order."""
        share = self.share / len(self.children) if self.children else 0.0
        return [
            Part((*self.path, k), (*self.prefix, option), share)
            for k, option in enumerate(self.children)
        ]

    def to_json(self) -> str:
        """One line of a checkpoint file."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Outcome:
        """Read back `to_json`."""
        data = json.loads(line)
        for name in ("path", "prefix", "children"):
            data[name] = tuple(data[name])
        data["found"] = [tuple(s) for s in data["found"]]
        return cls(**data)


@dataclass
class Report:
    """A parallel run's statistics: `stats` as for the sequential search (see the module's
    docstring for how they relate), plus how the tree was cut."""

    stats: Stats = field(default_factory=Stats)
    parts: int = 0  # parts searched to the end
    expanded: int = 0  # parts expanded into their children
    resumed: int = 0  # outcomes taken from a checkpoint
    wasted_nodes: int = 0  # nodes of runs cut off by the budget and thrown away
    wasted_updates: int = 0
    restarts: int = 0  # times a lost worker's parts were sent again
    leaves: list[Prefix] = field(default_factory=list)  # the parts searched, in order
    inner: list[Prefix] = field(default_factory=list)  # the parts expanded, in order

    def add(self, outcome: Outcome) -> None:
        """Count one outcome (taken in search order)."""
        stats = self.stats
        stats.nodes += outcome.nodes
        stats.updates += outcome.updates
        stats.solutions += outcome.solutions
        depth = len(outcome.prefix)
        need = depth + len(outcome.profile) - len(stats.profile)
        stats.profile.extend([0] * max(need, 0))
        for level, n in enumerate(outcome.profile):
            stats.profile[depth + level] += n
        self.wasted_nodes += outcome.wasted_nodes
        self.wasted_updates += outcome.wasted_updates
        (self.inner if outcome.expanded else self.leaves).append(outcome.prefix)
        self.expanded += outcome.expanded
        self.parts += not outcome.expanded


@dataclass
class Progress:
    """How far a run is: the estimated share of the tree done, solutions so far, parts."""

    done: float
    solutions: int
    parts: int
    waiting: int


ProgressHook = Callable[[Progress], None]


def branches(
    problem: Problem[K], prefix: Sequence[int], settings: Settings = Settings()
) -> tuple[list[int], list[Prefix], Stats]:
    """The options the search branches on below `prefix`, in the order it tries them, with
    the node's solution (when `prefix` is one) and the statistics of that one node.

    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> branches(p, [])[0], branches(p, [1])[0], branches(p, [1, 2])[:2]
    ([0, 1], [2], ([], [(1, 2)]))

    The children are found by the search itself, with the same item choice, so they are the
    sequential search's: a pruning check records each child and cuts it off (a node, no updates).
    """
    if settings.engine != "links":
        return cells_branches(
            problem, prefix, settings.below(problem, prefix, settings.prune, None)
        )
    depth = len(prefix)
    children: list[int] = []
    check = settings.prune

    def record(options: Sequence[int]) -> bool:
        if len(options) == depth:  # the node itself, checked already as its parent's child
            return True
        if check is None or check(options):
            children.append(options[-1])
        return False

    stats = Stats()
    below = settings.below(problem, prefix, record, None)
    found = [
        tuple(problem.option_number(k) for k in solution)
        for solution in solve_with(problem, below, stats)
    ]
    return children, found, stats


def expand(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Expand `part` into its children; a part with none (a solution, a dead end) is done."""
    children, found, stats = branches(problem, part.prefix, settings)
    if not children:
        return searched(part, stats, found if settings.solutions else [])
    # The children's roots are counted again by the children: keep the node and the children
    # a pruning check cut off (counted once, here, as in the sequential search).
    profile = list(stats.profile)
    profile[1] -= len(children)
    return Outcome(
        part.path,
        part.prefix,
        part.share,
        expanded=True,
        children=tuple(children),
        nodes=stats.nodes - len(children),
        updates=stats.updates,
        profile=profile,
    )


def search(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Search `part` to the end, or expand it if it overruns the node budget."""
    stats = Stats()
    found: list[Prefix] = []
    below = settings.below(problem, part.prefix, settings.prune, settings.budget)
    if settings.solutions:
        found = [tuple(map(problem.option_number, s)) for s in solve_with(problem, below, stats)]
    else:
        count_with(problem, below, stats)  # counted inside the search: `stats` tells how many
    if stats.status is Status.BUDGET:
        outcome = expand(problem, part, settings)
        outcome.wasted_nodes, outcome.wasted_updates = stats.nodes, stats.updates
        return outcome
    return searched(part, stats, found)


def searched(part: Part, stats: Stats, found: list[Prefix]) -> Outcome:
    """The outcome of `part` searched to the end: its counters, and its solutions `found`
    (when asked for)."""
    return Outcome(
        part.path,
        part.prefix,
        part.share,
        nodes=stats.nodes,
        updates=stats.updates,
        profile=list(stats.profile),
        solutions=stats.solutions,
        found=found,
    )
