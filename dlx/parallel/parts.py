"""What is a part of a parallel search, and what comes back from one?

A part is a subtree below a prefix of option numbers, or a run of such subtrees (see
`dlx.parallel` for the words); its `Outcome` carries the counters and solutions back, and what
it left to other parts; a `Report` adds them up in search order. `dlx.parallel.searching`
searches and cuts parts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TypeVar

from dlx.engines.settings import Choice, Prune, SearchSettings
from dlx.errors import DlxError
from dlx.parallel.timing import Timing
from dlx.problem import Problem
from dlx.solve import search_settings
from dlx.stats import Stats

K = TypeVar("K", bound=Hashable)
Prefix = tuple[int, ...]
TreePath = tuple[int, ...]

LARGE = 4
"""With more than one worker, a part whose estimated share of the tree is more than
1/(LARGE * workers) runs under a budget `FIRST` times the run's: it is soon stopped, and what it
leaves is spread over the workers. (A finer cut only sends more parts: a part that runs long is
stopped and split anyway.)"""

PARTS_PER_WORKER = 32
"""Where the parts' searches cannot tell where a budget stopped them, the schedule cuts in
advance every part whose estimated share of the tree is more than 1/(PARTS_PER_WORKER *
workers), so that no part runs long (a stop would throw its run away)."""

BUDGET = 200_000
"""The nodes a part may search, with more than one worker and no budget given, where its search
cannot tell where a budget stopped it (see `dlx.parallel.searching.tells_where`: there a stop
throws the part's run away, and a budget in nodes keeps that from cutting a slow core's parts
small), and, within its time slice, while it holds the solutions it finds (each a node: a
part's memory stays bounded)."""

SLICE = 0.1
"""Seconds a part may search before it is stopped and leaves the rest of its tree to other parts,
when more than one worker runs and no node budget is given (time, not nodes: a node of one
problem costs a hundred times one of another; a tenth of a second keeps the cost of a stop, a
millisecond or so, small and the last parts short)."""

FIRST = 1 / 20
"""The share of the budget a part estimated to be large runs under (see `LARGE`)."""

TAIL = 1 / 8
"""The share of the budget parts run under while fewer wait than there are workers."""

MOMENT = 0.001
"""The least time a subtree of a part is given (its part's time may be spent by then)."""

GROUPS = 4
"""The most parts the options a stopped search had yet to try go out as."""

DEATHS = 4
"""Times a part may lose its worker before the run gives up on it."""


class CheckpointError(DlxError):
    """A checkpoint file belongs to another problem or other options, or is not one."""


@dataclass(frozen=True)
class Settings:
    """What every part of one run searches with: `dlx.solve`'s item choice and pruning check,
    whether parts send back their solutions or only count them, and a part's budget, in nodes
    or in seconds (the keys and items as the caller names them: a checkpoint's fingerprint
    reads them)."""

    choose: Choice = "mrv"
    item_order: tuple[Hashable, ...] = ()
    prune: Prune | None = None
    solutions: bool = True
    budget: int | None = None
    engine: str = "links"  # or "cells": Knuth's SSXCC (see `dlx.engines.cells.split`)
    seconds: float | None = None
    layout: object = None  # the bitset engine's (see `dlx.engines.bitset.split`)

    def below(
        self,
        problem: Problem[K],
        prefix: Sequence[int],
        prune: Prune | None,
        budget: int | None,
        seconds: float | None = None,
    ) -> SearchSettings:
        """The settings of a search of `problem` below `prefix` (option numbers, given), with
        the pruning check `prune`, the node budget `budget` and the time budget `seconds`."""
        asked = search_settings(
            problem,
            choose=self.choose,
            item_order=self.item_order,
            prune=prune,
            max_nodes=budget,
            timeout=seconds,
            engine=self.engine,
            layout=self.layout,
        )
        return asked.replace(givens=tuple(prefix))


@dataclass(frozen=True)
class Part:
    """The subtree below `prefix` (option numbers), then those below each prefix of `more`
    (the subtrees that follow it in search order: a part is one subtree or a run of them),
    reached by `path`; `share` of the tree."""

    path: TreePath
    prefix: Prefix
    share: float
    more: tuple[Prefix, ...] = ()

    @property
    def members(self) -> tuple[Prefix, ...]:
        """The prefixes of the subtrees the part holds, in search order."""
        return (self.prefix, *self.more)


TIMES = ("worker", "began", "busy", "cpu")
"""The fields of an `Outcome` that say how the run went, not what it found."""

Left = tuple[Prefix, tuple[Prefix, ...], float]
"""A part left to search: its prefix, its further siblings (`Part.more`) and its share."""


@dataclass
class Outcome:
    """What searching one part gave: its counters, its solutions (when asked for), the
    subtrees it searched (`searched`) or expanded (`expanded`), and what it left to other
    parts (`rest`, in search order), where a budget stopped it at a node (`stop`) or where a
    subtree was expanded into its children."""

    path: TreePath
    prefix: Prefix
    share: float
    nodes: int = 0
    updates: int = 0
    profile: list[int] = field(default_factory=list)
    solutions: int = 0
    found: list[Prefix] = field(default_factory=list)
    wasted_nodes: int = 0
    wasted_updates: int = 0
    searched: list[Prefix] = field(default_factory=list)
    expanded: list[Prefix] = field(default_factory=list)
    rest: list[Left] = field(default_factory=list)
    stop: Prefix | None = None
    depth: int = -1  # the level of the tree `profile` starts at (-1: that of `prefix`)
    worker: str = ""  # who searched it, when it began (wall clock), for how many seconds and
    began: float = 0.0  # how many of them on a processor: how a run's time went, never written
    busy: float = 0.0  # to a checkpoint (`to_json`)
    cpu: float = 0.0

    def parts(self) -> list[Part]:
        """What this outcome leaves to other parts, in search order."""
        return [
            Part((*self.path, k), prefix, share, more)
            for k, (prefix, more, share) in enumerate(self.rest)
        ]

    def share_done(self) -> float:
        """The estimated share of the tree this outcome searched."""
        return max(0.0, self.share - sum(share for _, _, share in self.rest))

    def add(self, stats: Stats, found: list[Prefix], depth: int) -> None:
        """Count a search of one of the part's subtrees, whose root is at level `depth`."""
        self.nodes += stats.nodes
        self.updates += stats.updates
        self.solutions += stats.solutions
        self.found.extend(found)
        if self.depth < 0:
            self.depth = depth
        elif depth < self.depth:
            self.profile[:0] = [0] * (self.depth - depth)
            self.depth = depth
        offset = depth - self.depth
        self.profile.extend([0] * (offset + len(stats.profile) - len(self.profile)))
        for level, n in enumerate(stats.profile):
            self.profile[offset + level] += n

    def to_json(self) -> str:
        """One line of a checkpoint file: what the part found, not who searched it or when."""
        data = asdict(self)
        for name in TIMES:
            del data[name]
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Outcome:
        """Read back `to_json`."""
        data = json.loads(line)
        for name in ("path", "prefix"):
            data[name] = tuple(data[name])
        for name in ("found", "searched", "expanded"):
            data[name] = [tuple(s) for s in data[name]]
        data["rest"] = [
            (tuple(prefix), tuple(map(tuple, more)), share) for prefix, more, share in data["rest"]
        ]
        data["stop"] = None if data["stop"] is None else tuple(data["stop"])
        return cls(**data)


@dataclass
class Report:
    """A parallel run's statistics: `stats` as for the sequential search (see the module's
    docstring for how they relate), plus how the tree was cut."""

    stats: Stats = field(default_factory=Stats)
    parts: int = 0  # subtrees searched (to the end, or until a budget stopped them)
    expanded: int = 0  # subtrees expanded into their children
    resumed: int = 0  # outcomes taken from a checkpoint
    wasted_nodes: int = 0  # nodes of runs cut off by the budget and thrown away
    wasted_updates: int = 0
    restarts: int = 0  # times a lost worker's parts were sent again
    split: int = 0  # subtrees a budget stopped, the rest of their tree sent on as parts
    leaves: list[Prefix] = field(default_factory=list)  # the subtrees searched, in order
    inner: list[Prefix] = field(default_factory=list)  # the subtrees expanded, in order
    stops: list[Prefix] = field(default_factory=list)  # the nodes budgets stopped at, in order
    timing: Timing = field(default_factory=Timing)  # where the workers' time went

    def add(self, outcome: Outcome) -> None:
        """Count one outcome (taken in search order)."""
        stats = self.stats
        stats.nodes += outcome.nodes
        stats.updates += outcome.updates
        stats.solutions += outcome.solutions
        depth = outcome.depth if outcome.depth >= 0 else len(outcome.prefix)
        need = depth + len(outcome.profile) - len(stats.profile)
        stats.profile.extend([0] * max(need, 0))
        for level, n in enumerate(outcome.profile):
            stats.profile[depth + level] += n
        self.wasted_nodes += outcome.wasted_nodes
        self.wasted_updates += outcome.wasted_updates
        self.leaves.extend(outcome.searched)
        self.inner.extend(outcome.expanded)
        self.parts += len(outcome.searched)
        self.expanded += len(outcome.expanded)
        if outcome.stop is not None:
            self.split += 1
            self.stops.append(outcome.stop)


@dataclass
class Progress:
    """How far a run is: the estimated share of the tree done, solutions so far, parts."""

    done: float
    solutions: int
    parts: int
    waiting: int


ProgressHook = Callable[[Progress], None]
