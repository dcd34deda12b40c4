"""How does a search keep its caller's statistics current and its budgets? The pure-Python dances
count in local variables and `publish` them into a `Stats`; `Budgets` says when a budget has run
out, polled every few thousand nodes, never per update. Both compiled engines (the links core,
`dlx.engines.links.engine`, and the cells core, `dlx.engines.cells.engine`) hand out a search object
that yields solutions and reports its counters through `stats()`; `follow` runs one and copies them
into a `Stats` at each solution, at each progress poll and however it ends."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator, Sequence

from dlx.engines.settings import Frontier, Progress, SearchSettings
from dlx.stats import Stats, Status

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import Any, Final

NO_LIMIT: Final = 1 << 62
"""The node cap that means none (the compiled searches count nodes in 64 bits)."""

Show = Callable[[], None]

BATCH: Final = 256
"""The most solutions a compiled search hands over in one call where batches are allowed
(`SearchSettings.batch`); the cores also end a batch at 65,536 option numbers in all."""

_STATUS: Final = {status.value: status for status in Status}
"""Each status by the name the compiled cores give it."""


def follow(
    start: Callable[[Show | None], Any],
    stats: Stats,
    progress: Callable[[Stats], object] | None,
    more: Callable[[Sequence[int]], None] | None = None,
    stopped: Callable[[Frontier], None] | None = None,
    batch: int = 1,
    limit: int | None = None,
) -> Generator[list[int], None, None]:
    """The solutions of the compiled search `start(show)` begins (`show`, when given, called at
    its progress polls), with `stats` current at each one, at each poll and at the end; `more`
    takes the counters `stats()` gives past nodes, updates, solutions, status and profile;
    `stopped` is told the search's `frontier()` when a budget stopped it. With `batch` > 1 the
    search hands over up to that many solutions a call (never past the `limit`-th; a batch that
    holds one also ends at the search's next poll), and `stats` is current at the end of each
    batch instead."""
    stats.profile.clear()
    stats.status = Status.RUNNING
    running: list[Any] = []
    copy = _copier(running, stats, more)

    def show() -> None:
        copy()
        share = getattr(running[0], "share", None)  # (the cells core cannot tell)
        stats.share = None if share is None else share()
        progress(stats)  # type: ignore[misc]

    run = start(None if progress is None else show)
    running.append(run)
    try:
        if batch > 1:
            yield from _batches(run, batch, limit, copy)
        else:
            for options in run:
                copy()
                yield options
    finally:
        run.close()
        copy()
    if stopped is not None and stats.status is Status.BUDGET:
        where = run.frontier()
        if where is not None:
            stopped(where)


def _copier(
    running: list[Any], stats: Stats, more: Callable[[Sequence[int]], None] | None
) -> Callable[[], None]:
    """What copies the counters of the search in `running` into `stats` (the rest to `more`)."""
    started = time.perf_counter()

    def copy() -> None:
        counters = running[0].stats()
        nodes, updates, solutions, status, profile = counters[:5]
        stats.nodes, stats.updates, stats.solutions = nodes, updates, solutions
        stats.seconds = time.perf_counter() - started
        stats.status = _STATUS[status]
        stats.profile[:] = profile
        if more is not None:
            more(counters[5:])

    return copy


def _batches(
    run: Any, batch: int, limit: int | None, copy: Callable[[], None]
) -> Generator[list[int], None, None]:
    """The solutions of the compiled search `run`, taken `batch` a call, never past `limit`."""
    handed = 0
    while limit is None or handed < limit:
        got = run.batch(batch if limit is None else min(batch, limit - handed))
        if not got:
            return
        handed += len(got)
        copy()
        yield from got


POLL_NODES: Final = 4096
"""Budgets, the clock and progress displays are looked at once every this many nodes..."""

POLL_UPDATES: Final = 1 << 20
"""...or at the first node after this many more updates, when nodes are costly."""


class Budgets:
    """The node and time budgets of one search and its progress display. A search looks at them
    at the root, then every POLL_NODES nodes or POLL_UPDATES updates; never per update."""

    def __init__(self, stats: Stats, settings: SearchSettings) -> None:
        self.stats = stats
        self.progress: Progress | None = settings.progress
        self.started = time.perf_counter()
        timeout, max_nodes = settings.timeout, settings.max_nodes
        self.deadline = None if timeout is None else self.started + timeout
        self.node_cap = max_nodes if max_nodes is not None else 1 << 62
        self.next_nodes = 0  # the node count at which to look again, before the next node
        self.next_updates = POLL_UPDATES  # or the update count, when nodes are costly
        self.share: Callable[[], float] | None = None  # the search's `Stats.share`, if it knows

    def enter(
        self, nodes: int, updates: int, solutions: int, level: int, profile: list[int]
    ) -> bool:
        """What a dance does at each node it enters, `level` deep, `nodes` counted so far:
        whether a budget has run out before it (looked at only every POLL_NODES nodes or
        POLL_UPDATES updates); if not, the node counted in `profile`."""
        if (nodes >= self.next_nodes or updates >= self.next_updates) and self.spent(
            nodes, updates, solutions
        ):
            return True
        if level < len(profile):
            profile[level] += 1
        else:
            profile.append(1)
        return False

    def spent(self, nodes: int, updates: int, solutions: int) -> bool:
        """Whether a budget has run out before the next node, `nodes` being counted so far;
        if not, show progress and say when to look again."""
        self.next_nodes = min(nodes + POLL_NODES, self.node_cap)
        self.next_updates = updates + POLL_UPDATES
        if nodes >= self.node_cap:
            return True
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return True
        if self.progress is not None:
            publish(self.stats, nodes, updates, solutions, self.started, Status.RUNNING)
            self.stats.share = None if self.share is None else self.share()
            self.progress(self.stats)
        return False


def publish(
    stats: Stats, nodes: int, updates: int, solutions: int, started: float, status: Status
) -> None:
    """Copy the search's local counters into `stats` (never called per update)."""
    stats.nodes = nodes
    stats.updates = updates
    stats.solutions = solutions
    stats.seconds = time.perf_counter() - started
    stats.status = status


def follow_settings(
    search: Callable[..., Any], stats: Stats, settings: SearchSettings
) -> Generator[list[int], None, None]:
    """`follow` over a compiled search begun as `search(givens, node cap, timeout, show, on
    the main thread, count_to)` (the cells and bitset cores'), as `settings` ask."""
    max_nodes, givens = settings.max_nodes, list(settings.givens)
    cap = NO_LIMIT if max_nodes is None else max(1, min(max_nodes, NO_LIMIT))
    main = on_main_thread()

    def start(show: Show | None) -> Any:
        return search(givens, cap, settings.timeout, show, main, settings.count_to)

    return follow(
        start,
        stats,
        settings.progress,
        stopped=settings.stopped,
        batch=settings.batch,
        limit=settings.limit,
    )


def on_main_thread() -> bool:
    """Whether this is the main thread, the only one Python delivers signals to (a compiled
    search looks for them there only). Where `threading` is not loaded no thread was started
    through it, and a start need not load it to know that."""
    threading = sys.modules.get("threading")
    return threading is None or threading.current_thread() is threading.main_thread()
