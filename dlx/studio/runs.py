"""The server's side of the searches: each started in its own process (`studio.worker`), its
pipe read by the event loop as messages arrive (no thread waits on it), ended on Stop, when its
page goes away, or by its budget; finished searches kept a while so their solutions can be
browsed, then forgotten.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
import sys
from collections.abc import Coroutine
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from dlx.studio.puzzle import Job, RequestError
from dlx.studio.worker import work
from dlx.tiling.model import Placement, Puzzle

REAP_SECONDS = 5.0
"""How long a search's process may take to exit once its pipe is closed."""


@dataclass(frozen=True)
class Settings:
    """The server's limits: each search's time and node budget, how many run at once, how many
    finished ones are kept for browsing, and how long a search may wait for its page to watch
    it (a page gone before it came to watch leaves nobody to say Stop)."""

    timeout: float = 300.0
    max_nodes: int = 10**11
    max_searches: int = 8
    keep: int = 32
    unwatched: float = 10.0


@dataclass
class Run:
    """One search: its job, its process and pipe, and what it has told so far."""

    key: str
    job: Job
    puzzle: Puzzle | None
    process: BaseProcess
    conn: Connection
    nodes: int = 0
    found: int = 0
    seconds: float = 0.0
    solutions: list[list[Placement]] = field(default_factory=list)
    rows: list[str] | None = None
    done: dict[str, Any] | None = None
    stopping: bool = False
    watchers: int = 0
    version: int = 0
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)

    def progress(self) -> dict[str, Any]:
        """The live line's figures."""
        rate = self.nodes / self.seconds if self.seconds > 0 else 0.0
        return {"nodes": self.nodes, "solutions": self.found, "seconds": self.seconds, "rate": rate}

    def take(self, message: tuple[Any, ...]) -> None:
        """Record one message of the worker (see `studio.worker`)."""
        kind = message[0]
        if kind == "progress":
            _, self.nodes, self.found, self.seconds = message
        elif kind == "solution":
            self.found = message[1]
            self.solutions.append(message[2])
        elif kind == "fillit":
            self.rows = message[1]
        elif kind == "done":
            _, status, self.found, self.nodes, self.seconds = message
            self.done = {"status": status, "count": self.found, **self.progress()}
        elif kind == "error":
            self.done = {"status": "error", "error": message[1]}

    def ended(self) -> None:
        """The worker's pipe closed: a search killed or crashed says so."""
        if self.done is None:
            if self.stopping and self.process.exitcode is not None:
                self.done = {"status": "stopped", "count": self.found, **self.progress()}
            else:
                code = self.process.exitcode
                error = "its process did not end" if code is None else f"exit code {code}"
                self.done = {"status": "error", "error": f"the search ended ({error})"}


class Runs:
    """Every search of one server, by key."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.runs: dict[str, Run] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        self.context = multiprocessing.get_context(method)
        if method == "forkserver":
            self.context.set_forkserver_preload(["dlx.studio.worker"])

    def running(self) -> int:
        """How many searches have not ended."""
        return sum(1 for run in self.runs.values() if run.done is None)

    def start(self, job: Job, puzzle: Puzzle | None) -> Run:
        """Start a search of `job` in a new process; refused when too many run."""
        if self.running() >= self.settings.max_searches:
            raise RequestError(
                f"{self.settings.max_searches} searches are running: stop one or try later", 429
            )
        mine, theirs = self.context.Pipe(duplex=False)
        budget = (self.settings.timeout, self.settings.max_nodes)
        process: BaseProcess = self.context.Process(  # type: ignore[attr-defined]
            target=work, args=(theirs, job, *budget), daemon=True
        )
        process.start()
        theirs.close()
        run = Run(secrets.token_urlsafe(9), job, puzzle, process, mine)
        self.runs[run.key] = run
        loop = asyncio.get_running_loop()
        loop.add_reader(mine.fileno(), self._pump, run)
        loop.call_later(self.settings.unwatched, self._unwatched, run)
        self._forget()
        return run

    def get(self, key: str) -> Run:
        """The search called `key`."""
        run = self.runs.get(key)
        if run is None:
            raise RequestError("no such search (it ended long ago, or the server restarted)", 404)
        return run

    def _pump(self, run: Run) -> None:
        """Read what the worker has sent; at the end of its pipe, reap it."""
        try:
            while run.conn.poll():
                run.take(run.conn.recv())
        except (EOFError, OSError):
            asyncio.get_running_loop().remove_reader(run.conn.fileno())
            run.conn.close()
            self._later(self._reap(run))
            return
        self._later(self._tell(run))

    async def _reap(self, run: Run) -> None:
        """Wait for the worker to be gone (a killed one may still be exiting when its pipe
        closes), then tell the watchers how it ended."""
        await asyncio.to_thread(run.process.join, REAP_SECONDS)
        run.ended()
        await self._tell(run)

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` on the event loop, holding on to it until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _tell(self, run: Run) -> None:
        """Wake the event streams of `run`."""
        async with run.changed:
            run.version += 1
            run.changed.notify_all()

    def _unwatched(self, run: Run) -> None:
        """Stop a search whose page never came to watch it."""
        if run.watchers == 0 and run.done is None:
            self.stop(run)

    def stop(self, run: Run) -> None:
        """End a search now: its process killed (the pipe's end then tells the watchers)."""
        if run.done is None and run.process.is_alive():
            run.stopping = True
            run.process.kill()

    async def stop_all(self) -> None:
        """End every search and wait for their processes (the server is closing)."""
        for run in self.runs.values():
            self.stop(run)
        for run in self.runs.values():
            await asyncio.to_thread(run.process.join, 5)

    def _forget(self) -> None:
        """Drop the oldest finished searches beyond the number kept."""
        finished = [key for key, run in self.runs.items() if run.done is not None]
        for key in finished[: max(0, len(finished) - self.settings.keep)]:
            del self.runs[key]
