"""How does a compiled search keep its caller's statistics current? Both compiled engines (the
links core, `dlx.cores.links_core`, and the cells core, `dlx.cores.cells_core`) hand out a search
object that yields solutions and reports its counters through `stats()`; `follow` runs one and
copies them into a `Stats` at each solution, at each progress poll and however it ends."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, Final

from dlx.stats import Stats, Status

NO_LIMIT: Final = 1 << 62
"""The node cap that means none (the compiled searches count nodes in 64 bits)."""

Show = Callable[[], None]


def follow(
    start: Callable[[Show | None], Any],
    stats: Stats,
    progress: Callable[[Stats], object] | None,
    more: Callable[[Sequence[int]], None] | None = None,
) -> Generator[list[int], None, None]:
    """The solutions of the compiled search `start(show)` begins (`show`, when given, called at
    its progress polls), with `stats` current at each one, at each poll and at the end; `more`
    takes the counters `stats()` gives past nodes, updates, solutions, status and profile."""
    started = time.perf_counter()
    stats.profile.clear()
    stats.status = Status.RUNNING
    running: list[Any] = []

    def publish() -> None:
        counters = running[0].stats()
        nodes, updates, solutions, status, profile = counters[:5]
        stats.nodes, stats.updates, stats.solutions = nodes, updates, solutions
        stats.seconds = time.perf_counter() - started
        stats.status = Status(status)
        stats.profile[:] = profile
        if more is not None:
            more(counters[5:])

    def show() -> None:
        publish()
        share = getattr(running[0], "share", None)  # (the cells core cannot tell)
        stats.share = None if share is None else share()
        progress(stats)  # type: ignore[misc]

    run = start(None if progress is None else show)
    running.append(run)
    try:
        for options in run:
            publish()
            yield options
    finally:
        run.close()
        publish()
