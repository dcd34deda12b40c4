"""What is a part of a parallel search, and how is one searched or cut into its children?

A part is the subtree below a prefix of option numbers (see `dlx.parallel` for the words); its
`Outcome` carries the counters and solutions back, and a `Report` adds them up in search order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import TypeVar

from dlx.cores.settings import Choice, Frontier, Prune, SearchSettings
from dlx.errors import DlxError
from dlx.parallel.cells_split import cells_branches
from dlx.problem import Problem
from dlx.solve import count_with, search_settings, solve_with
from dlx.stats import Stats, Status

K = TypeVar("K", bound=Hashable)
Prefix = tuple[int, ...]
TreePath = tuple[int, ...]

PARTS_PER_WORKER = 32
"""With more than one worker, a part whose estimated share of the tree is more than
1/(PARTS_PER_WORKER * workers) runs under a budget `FIRST` times the run's: it is soon stopped,
and what it leaves is spread over the workers. Parts are sent largest share first."""

BUDGET = 200_000
"""The nodes a part may search, with more than one worker and no budget given, where its search
cannot tell where a budget stopped it (see `tells_where`): there a stop throws the part's run
away, and a budget in nodes keeps that from cutting a slow core's parts small."""

SLICE = 0.1
"""Seconds a part may search before it is stopped and leaves the rest of its tree to other parts,
when more than one worker runs and no node budget is given (time, not nodes: a node of one
problem costs a hundred times one of another; a tenth of a second keeps the cost of a stop, a
millisecond or so, small and the last parts short)."""

FIRST = 1 / 20
"""The share of the budget a part estimated to be large runs under (see `PARTS_PER_WORKER`)."""

TAIL = 1 / 8
"""The share of the budget parts run under while fewer wait than there are workers."""

MOMENT = 0.001
"""The least time a subtree of a part is given (its part's time may be spent by then)."""

GROUPS = 4
"""The most parts the options a stopped search had yet to try go out as."""

DEATHS = 4
"""Times a part may lose its worker before the run gives up on it."""


class ParallelError(DlxError):
    """A search cannot run in parallel as asked (what cannot be sent, or a lost worker)."""


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
    engine: str = "links"  # or "cells": Knuth's SSXCC (see `dlx.parallel.cells_split`)
    seconds: float | None = None

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
        )
        return replace(asked, givens=tuple(prefix))


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
        """One line of a checkpoint file."""
        return json.dumps(asdict(self), separators=(",", ":"))

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


def search(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Search the subtrees of `part` in order, under one budget for them all. A subtree
    the budget stops leaves the rest of its tree to other parts (`leave`), and the subtrees
    after it go on as one part; where the core cannot tell what is left (the pure-Python
    cores, Algorithm M), its run is thrown away and the subtree expanded into its children."""
    outcome = Outcome(part.path, part.prefix, part.share)
    members = part.members
    each = part.share / len(members)
    left, end = settings.budget, None
    if settings.seconds is not None:
        if tells_where(problem, settings):
            end = time.monotonic() + settings.seconds
        else:  # a stop costs the run: nodes, so that a slow core's parts are not cut small
            left = max(1, round(BUDGET * settings.seconds / SLICE))
    for k, prefix in enumerate(members):
        later = members[k + 1 :]
        seconds = None if end is None else max(end - time.monotonic(), MOMENT)
        stats, found, stops = _run(problem, prefix, settings, left, seconds)
        if stats.status is not Status.BUDGET:
            outcome.add(stats, found, len(prefix))
            outcome.searched.append(prefix)
            left = None if left is None else left - stats.nodes
            spent = (left is not None and left <= 0) or (end is not None and time.monotonic() > end)
            if spent and later:
                outcome.rest.append((later[0], later[1:], each * len(later)))
                break
            continue
        if stops and stops[0][0]:  # (an empty path: stopped at its root, nothing searched)
            outcome.add(stats, found, len(prefix))
            outcome.searched.append(prefix)
            outcome.stop = (*prefix, *stops[0][0])
            outcome.rest.extend(leave(prefix, each, stops[0]))
        else:
            outcome.wasted_nodes += stats.nodes
            outcome.wasted_updates += stats.updates
            _expand(problem, prefix, each, settings, outcome)
        if later:
            outcome.rest.append((later[0], later[1:], each * len(later)))
        break
    return outcome


def tells_where(problem: Problem[K], settings: Settings) -> bool:
    """Whether a search of `problem`'s parts, stopped by a budget, tells where it stood: the
    compiled cells core does, and the compiled links core running Algorithm X; the pure-Python
    cores and Algorithm M (colours, multiplicities) do not."""
    from dlx.cores.cells_core import cells_core
    from dlx.cores.links_core import compiled_supports, default_core
    from dlx.errors import CoreUnavailableError

    try:
        if settings.engine == "cells":
            return cells_core() == "compiled"
        general = problem.has_colours or problem.has_multiplicities
        return default_core() == "compiled" and compiled_supports(problem) and not general
    except CoreUnavailableError:  # (the search itself says so)
        return False


def _run(
    problem: Problem[K],
    prefix: Prefix,
    settings: Settings,
    budget: int | None,
    seconds: float | None,
) -> tuple[Stats, list[Prefix], list[Frontier]]:
    """One subtree searched under `budget` nodes and `seconds`: its statistics, its solutions
    (when asked for), and where a budget stopped it (when one did, and the core can tell)."""
    stats = Stats()
    found: list[Prefix] = []
    stops: list[Frontier] = []
    below = settings.below(problem, prefix, settings.prune, budget, seconds)
    below = replace(below, stopped=stops.append)
    if settings.solutions:
        found = [tuple(map(problem.option_number, s)) for s in solve_with(problem, below, stats)]
    else:
        count_with(problem, below, stats)  # counted inside the search: `stats` tells how many
    return stats, found, stops


def expand(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Expand each subtree of `part` into its children, each a part (what the schedule does in
    advance where the parts' searches cannot tell where a budget stopped them)."""
    outcome = Outcome(part.path, part.prefix, part.share)
    for prefix in part.members:
        _expand(problem, prefix, part.share / len(part.members), settings, outcome)
    outcome.rest = [  # each child a part of its own, to be cut again if still too large
        (child, (), share / (1 + len(others)))
        for first, others, share in outcome.rest
        for child in (first, *others)
    ]
    return outcome


def _expand(
    problem: Problem[K], prefix: Prefix, share: float, settings: Settings, outcome: Outcome
) -> None:
    """Expand the subtree below `prefix` into its children (one part, in `outcome.rest`); one
    with none (a solution, a dead end) is searched there and then."""
    children, found, stats = branches(problem, prefix, settings)
    if not children:
        outcome.add(stats, found if settings.solutions else [], len(prefix))
        outcome.searched.append(prefix)
        return
    # The children's roots are counted again by the children: keep the node and the children
    # a pruning check cut off (counted once, here, as in the sequential search).
    stats.nodes -= len(children)
    stats.profile[1] -= len(children)
    outcome.add(stats, [], len(prefix))
    outcome.expanded.append(prefix)
    first, *others = ((*prefix, option) for option in children)
    outcome.rest.append((first, tuple(others), share))


def leave(prefix: Prefix, share: float, frontier: Frontier) -> list[Left]:
    """What a search of the subtree below `prefix` (`share` of the tree) had left when its
    budget stopped it at `frontier`, as parts in search order: the node it stood at, then the
    options it had yet to try, deepest level first, in at most `GROUPS` parts of about equal
    estimated share (the deep levels' few small subtrees go together; a shallow level's, worth
    more, may go alone). Each share is `share` divided by the degrees along the way (Knuth's
    estimate). Nothing is searched twice: the node it stood at was not counted yet, and the
    options left were not tried."""
    path, levels = frontier
    shares = []  # the estimated share of the path's node at each level
    for _, degree in levels:
        shares.append(share)
        share /= max(degree, 1)
    rest: list[Left] = [((*prefix, *path), (), share)]
    untried = [
        ((*prefix, *path[:k], option), shares[k] / max(degree, 1))
        for k in reversed(range(len(levels)))
        for option, degree in ((option, levels[k][1]) for option in levels[k][0])
    ]
    each = sum(s for _, s in untried) / GROUPS
    group: list[Prefix] = []
    held = 0.0
    for k, (subtree, worth) in enumerate(untried):
        group.append(subtree)
        held += worth
        if 0 < each <= held or k == len(untried) - 1:
            rest.append((group[0], tuple(group[1:]), held))
            group, held = [], 0.0
    return rest
