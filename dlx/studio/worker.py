"""One search in its own process: the job's puzzle built and searched under the server's time and
node budget, each event sent to the server through a pipe as a tuple.

- `("progress", nodes, found, seconds)`: at most every `REPORT_SECONDS`;
- `("solution", number, placements)`: a solution kept (Solve, All), as `dlx.tiling` placements;
- `("fillit", rows)`: a fillit input's canonical answer, as `fillit` prints it;
- `("done", status, found, nodes, seconds)`: the end, status as `dlx.Status` names it
  (exhausted, limit, budget);
- `("error", message)`: bad input met while building (too many placements, pieces that cannot
  cover the board...), the message the command line prints.

The server stops a search by killing its process: the search has no state worth a clean exit.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from dlx.errors import DOMAIN_ERRORS
from dlx.solve import solve
from dlx.stats import Stats, Status
from dlx.studio.puzzle import Job, RequestError, fillit_answer, puzzle_of
from dlx.tiling.build import build, engine_keywords
from dlx.tiling.model import Placement

NICE = 10
"""How much less CPU priority a search has than the server."""
REPORT_SECONDS = 0.2
"""The least time between two progress events."""

Send = Callable[[tuple[Any, ...]], None]


def work(conn: Connection, job: Job, timeout: float, max_nodes: int) -> None:
    """The process's body: run `job`, sending its events on `conn`, then close it. It runs at
    a lower priority than the server, so that the page's requests are answered first."""
    if hasattr(os, "nice"):
        os.nice(NICE)
    try:
        if job.mode == "fillit":
            _fillit(conn.send, job, timeout, max_nodes)
        else:
            _tile(conn.send, job, timeout, max_nodes)
    except DOMAIN_ERRORS as error:
        conn.send(("error", str(error)))
    except (BrokenPipeError, EOFError):
        pass  # the server went away first: nobody to tell
    finally:
        conn.close()


def _tile(send: Send, job: Job, timeout: float, max_nodes: int) -> None:
    """Search a tiling job: the first solution, all of them counted, or up to `cap` kept."""
    tiling = build(puzzle_of(job))
    limit = {"solve": 1, "all": job.cap}.get(job.mode)
    keep: Callable[[list[Placement]], bool] | None = tiling.canonical  # type: ignore[assignment]
    stats = Stats()
    found = 0
    reporter = _Reporter(send, stats)
    search = solve(
        tiling.problem,
        stats=stats,
        timeout=timeout,
        max_nodes=max_nodes,
        progress=lambda _: reporter.tick(found),
        **engine_keywords(tiling),
    )
    status = None
    for keys in search:
        chosen = [tiling.placements[key] for key in keys]
        if keep is not None and not keep(chosen):
            continue
        found += 1
        if limit is not None:
            send(("solution", found, chosen))
        reporter.tick(found)
        if found == limit:
            status = Status.LIMIT
            search.close()
            break
    send(("done", str(status or stats.status), found, stats.nodes, stats.seconds))


def _fillit(send: Send, job: Job, timeout: float, max_nodes: int) -> None:
    """Solve a fillit input: its canonical answer's rows, from the `fillit` program."""
    started = time.perf_counter()
    try:
        rows = fillit_answer(job.text, timeout)
    except RequestError as error:
        send(("error", str(error)))
        return
    send(("fillit", rows))
    send(("done", str(Status.LIMIT), 1, 0, time.perf_counter() - started))


class _Reporter:
    """Sends a progress event now and then: the engine calls back every few thousand nodes."""

    def __init__(self, send: Send, stats: Stats) -> None:
        self.send = send
        self.stats = stats
        self.next = time.perf_counter() + REPORT_SECONDS

    def tick(self, found: int) -> None:
        """Report the search's statistics if the last report is old enough."""
        self.show(self.stats, found)

    def show(self, stats: Stats, found: int) -> None:
        """Report `stats` if the last report is old enough."""
        now = time.perf_counter()
        if now >= self.next:
            self.next = now + REPORT_SECONDS
            self.send(("progress", stats.nodes, found, stats.seconds))
