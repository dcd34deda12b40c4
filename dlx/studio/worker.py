"""The work the server's processes do (`studio.processes`), each task in a process of its own,
in a process group of its own (so that killing it ends fillit's program too), its address space
capped at `MEMORY`. A search lowers its priority below the server's once it has searched for
`REPORT_SECONDS` or drawn its first solution (fillit: before its solve), so that the page's
requests are answered first while it runs; until then it is the page's request too (Solve,
from the click to the picture). Each event goes to the server through a pipe as a tuple.

Every task reads its puzzle first, as `dlx tile` does; bad input is `("error", message)` (or
`("error", message, status)`), the message the command line prints, and nothing more. Then:

- a search (`search`): `("ready",)` once the puzzle is read, then `("progress", nodes, found,
  seconds)` at most every `REPORT_SECONDS`; `("solution", found, numbers)` for each solution
  kept (Solve, All) as `studio.kept` numbers, at most `kept.MAX_NUMBERS` in all;
  `("first", drawing)` the first solution drawn as the page shows it (JSON text); for fillit,
  `("fillit", rows, drawing)`; `("done", status, found, nodes, seconds, full)`, status as
  `dlx.Status` names it (exhausted, limit, budget), `full` when the kept solutions filled their
  room; or `("error", message)` for bad input met while building;
- a check (`check`): `("answer", figures)`; a solution drawn (`draw`): `("answer", drawing)`;
- the `.dlx` text (`dlx`) and the solutions listed (`rows`): `("ready",)`, then `("text",
  chunk)` as the server takes them, then `("end",)`.

The server stops a task by killing its process: none has state worth a clean exit.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from dlx.errors import DOMAIN_ERRORS
from dlx.pictures.svg import board_svg
from dlx.stats import Stats, Status
from dlx.studio.drawing import drawing
from dlx.studio.kept import MAX_NUMBERS, Kept
from dlx.studio.puzzle import Job, RequestError, fillit_answer, puzzle_of
from dlx.tiling import Puzzle, Solution

NICE = 10
"""How much less CPU priority a search has than the server, once under way."""
MEMORY = 2 * 1024**3
"""The address space of a task's process (2 GiB): a puzzle at `dlx tile`'s limits needs less."""
REPORT_SECONDS = 0.2
"""The least time between two progress events."""
CHUNK = 64 * 1024
"""The characters of text sent in one message."""

PRELOAD = [
    "dlx.studio.worker",
    "dlx.tiling.drawn",
    "dlx.tiling.spec",
    "dlx.tiling.render",
    "dlx.tiling.svg",
    "dlx.pictures.svg",
    "dlx.engines.links.engine",
]
"""What the fork server loads once for every worker it forks (a worker loading the drawing's
modules itself took 0.1 s more to its first picture)."""

Send = Callable[[tuple[Any, ...]], None]
Keys = tuple[int, ...]


@dataclass(frozen=True)
class Task:
    """One piece of work: its kind, the job whose puzzle it reads, the search's budget, and for
    `draw` and `rows` the solutions kept (`draw`: solution `number` alone)."""

    kind: str
    job: Job
    timeout: float = 300.0
    max_nodes: int = 10**11
    kept: Kept = field(default_factory=Kept)
    number: int = 1


def work(conn: Connection, task: Task) -> None:
    """The process's body: do `task`, sending its events on `conn`, then close it."""
    _apart()
    try:
        KINDS[task.kind](conn.send, task)
    except RequestError as error:
        conn.send(("error", str(error), error.status))
    except DOMAIN_ERRORS as error:
        conn.send(("error", str(error)))
    except MemoryError:
        conn.send(("error", f"the work needed more than its {MEMORY >> 30} GiB of memory"))
    except (BrokenPipeError, EOFError):
        pass  # the server went away first: nobody to tell
    finally:
        conn.close()


def _apart() -> None:
    """Put this process in a group of its own, its memory capped."""
    if hasattr(os, "setpgid"):
        os.setpgid(0, 0)
    try:
        import resource  # (POSIX only: elsewhere the limit is left as it is)

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ImportError, ValueError, OSError):
        pass  # (no such limit here: the server's limits on the input still hold)


def _lower() -> None:
    """Lower this process's priority by `NICE`."""
    if hasattr(os, "nice"):
        os.nice(NICE)


def _read(job: Job) -> Puzzle:
    """The job's puzzle, refused if its board is too large or its pieces cannot cover it."""
    puzzle = puzzle_of(job)
    puzzle.check()
    return puzzle


def _search(send: Send, task: Task) -> None:
    """Search a tiling job: the first solution, all of them counted, or up to `cap` kept."""
    job = task.job
    if job.mode == "fillit":
        _fillit(send, task)
        return
    puzzle = _read(job)
    send(("ready",))
    unique = job.mode == "unique"
    puzzle.tiling(unique)  # (built before the search's clock starts, as `dlx tile` does)
    stats = Stats()
    reporter = _Reporter(send, stats)
    search = puzzle.solutions(
        unique=unique,
        stats=stats,
        timeout=task.timeout,
        max_nodes=task.max_nodes,
        progress=lambda _: reporter.tick(reporter.found),
    )
    limit = {"solve": 1, "all": job.cap}.get(job.mode)
    full = _follow(send, search, limit, reporter)
    search.close()  # (its statistics are final once it is closed)
    status = Status.LIMIT if full or reporter.found == limit else stats.status
    send(("done", str(status), reporter.found, stats.nodes, stats.seconds, full))


def _follow(send: Send, search: Iterator[Solution], limit: int | None, reporter: _Reporter) -> bool:
    """Take the search's solutions, up to `limit` sent as numbers (the first also drawn);
    true when the next one kept would pass `MAX_NUMBERS` in all."""
    room = MAX_NUMBERS
    for solution in search:
        if limit is not None:
            numbers = solution.numbers()
            if len(numbers) > room:
                return True
            room -= len(numbers)
            send(("solution", reporter.found + 1, numbers))
            if reporter.found == 0:
                send(("first", _drawn(solution, 1)))
                reporter.lower()
        reporter.found += 1
        reporter.tick(reporter.found)
        if reporter.found == limit:
            break
    return False


def _drawn(solution: Solution, number: int) -> str:
    """Solution `number` as the page shows it, JSON text."""
    return json.dumps({"number": number, **drawing(solution)})


def _fillit(send: Send, task: Task) -> None:
    """Solve a fillit input: its canonical answer's rows and the search nodes it took, from the
    `fillit` program (first given one node, which reads the input and answers the easiest at
    once)."""
    started = time.perf_counter()
    answer = fillit_answer(task.job.text, task.timeout, max_nodes=1)
    send(("ready",))
    if answer is None:
        _lower()
        answer = fillit_answer(task.job.text, task.timeout)
    assert answer is not None
    rows, nodes = answer
    drawn = {"number": 1, "svg": board_svg(rows), "text": rows, "legend": []}
    send(("fillit", rows, json.dumps(drawn)))
    send(("done", str(Status.LIMIT), 1, nodes, time.perf_counter() - started, False))


def _check(send: Send, task: Task) -> None:
    """Read a puzzle and build its problem, as `dlx tile` does before searching: its size."""
    puzzle = _read(task.job)
    figures = {
        "grid": puzzle.grid,
        "cells": puzzle.cells,
        "pieces": puzzle.pieces,
        "placements": len(puzzle.tiling(task.job.mode == "unique").placements),
        "format": puzzle.format,
        "board": puzzle.board(),  # as the editor draws it: named boards and spec lines' too
    }
    send(("answer", figures))


def _dlx(send: Send, task: Task) -> None:
    """The puzzle's problem in Knuth's format, as `dlx tile --dlx` prints it, in chunks."""
    text = _read(task.job).knuth(task.job.mode == "unique")
    send(("ready",))
    for start in range(0, len(text), CHUNK):
        send(("text", text[start : start + CHUNK]))
    send(("end",))


def _draw(send: Send, task: Task) -> None:
    """A solution kept, drawn as the page shows it."""
    puzzle = puzzle_of(task.job)
    send(("answer", _drawn(puzzle.solution(task.kept.solution(1)), task.number)))


def _rows(send: Send, task: Task) -> None:
    """Every solution kept as `dlx tile --json` prints them (each a JSON list of rows, commas
    between them)."""
    puzzle = puzzle_of(task.job)
    send(("ready",))
    for number in range(1, len(task.kept) + 1):
        rows = puzzle.solution(task.kept.solution(number)).rows()
        send(("text", ("," if number > 1 else "") + json.dumps(rows)))
    send(("end",))


KINDS: dict[str, Callable[[Send, Task], None]] = {
    "search": _search,
    "check": _check,
    "dlx": _dlx,
    "draw": _draw,
    "rows": _rows,
}


class _Reporter:
    """Sends a progress event now and then (the engine calls back every few thousand nodes),
    lowering the search's priority at the first; `found`, the solutions found so far."""

    def __init__(self, send: Send, stats: Stats) -> None:
        self.send = send
        self.stats = stats
        self.found = 0
        self.lowered = False
        self.next = time.perf_counter() + REPORT_SECONDS

    def tick(self, found: int) -> None:
        """Report the search's statistics if the last report is old enough."""
        now = time.perf_counter()
        if now >= self.next:
            self.next = now + REPORT_SECONDS
            self.send(("progress", self.stats.nodes, found, self.stats.seconds))
            self.lower()

    def lower(self) -> None:
        """Lower the search's priority below the server's, once."""
        if not self.lowered:
            self.lowered = True
            _lower()
