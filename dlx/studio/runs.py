"""The server's side of its work: each search, check, `.dlx` text or drawing done by a process
of its own (`studio.processes`, `studio.worker`) under one cap, the server's own memory bounded
whatever the requests. A search is ended on Stop, when its page goes away, by its budget or
when the server closes; it keeps its solutions as numbers (`studio.kept`) and its first
drawing; finished searches are kept a while so their solutions can be browsed, then forgotten.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any

from dlx.studio.kept import MAX_NUMBERS, Kept
from dlx.studio.processes import Pool, Worker, refusal
from dlx.studio.puzzle import Job, RequestError
from dlx.studio.worker import Task

BUILD_SECONDS = 60.0
"""What a process may take beyond its search's `timeout` (reading and building a puzzle at the
limits takes seconds), after which it is killed whatever it does."""


@dataclass(frozen=True)
class Settings:
    """The server's limits: each search's time and node budget, how many processes (searches
    and other work) run at once, how many finished searches are kept for browsing and for how
    long, how long a search may wait for its page to watch it (a page gone before it came to
    watch leaves nobody to say Stop), and the seconds a connection has to send a request's
    headers, then its body."""

    timeout: float = 300.0
    max_nodes: int = 10**11
    max_searches: int = 8
    keep: int = 16
    unwatched: float = 10.0
    expire: float = 1800.0
    read_seconds: float = 10.0


@dataclass
class Run:
    """One search: its job, its process, and what it has told so far."""

    key: str
    job: Job
    worker: Worker
    nodes: int = 0
    found: int = 0
    seconds: float = 0.0
    kept: Kept = field(default_factory=Kept)
    first: str | None = None
    """The first solution drawn (JSON text), or the fillit answer's."""
    rows: list[str] | None = None
    done: dict[str, Any] | None = None
    ended_at: float = 0.0
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
            if len(self.kept.numbers) + len(message[2]) <= MAX_NUMBERS:
                self.kept.add(message[2])
        elif kind == "first":
            self.first = message[1]
        elif kind == "fillit":
            _, self.rows, self.first = message
        elif kind == "done":
            _, status, self.found, self.nodes, self.seconds, full = message
            self.done = {"status": status, "count": self.found, **self.progress()}
            if full:
                self.done["full"] = True
        elif kind == "error":
            self.done = {"status": "error", "error": message[1]}

    def ended(self) -> None:
        """The worker's pipe closed: a search killed or crashed says so."""
        self.ended_at = time.monotonic()
        if self.done is None:
            if self.stopping and self.worker.killed and not self.worker.late:
                self.done = {"status": "stopped", "count": self.found, **self.progress()}
            else:
                self.done = {
                    "status": "error",
                    "error": f"the search ended ({self.worker.ending()})",
                }


class Runs:
    """Every search of one server, by key, and the processes of all its work."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pool = Pool(settings.max_searches, settings.timeout + BUILD_SECONDS)
        self.runs: dict[str, Run] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def task(self, kind: str, job: Job, **more: Any) -> Task:
        """A task of `kind` for `job`, under the server's budget."""
        settings = self.settings
        return Task(kind, job, settings.timeout, settings.max_nodes, **more)

    async def start(self, job: Job) -> Run:
        """Start a search of `job`; refused when too many processes run, or (with the message
        `dlx tile` prints) when its puzzle cannot be read."""
        worker = self.pool.start(self.task("search", job))
        first = await worker.receive()
        if first is None or first[0] != "ready":
            raise await refusal(first, worker)
        run = Run(secrets.token_urlsafe(9), job, worker)
        self.runs[run.key] = run
        self._later(self._follow(run))
        asyncio.get_running_loop().call_later(self.settings.unwatched, self._unwatched, run)
        self._forget()
        return run

    async def ask(self, task: Task) -> Any:
        """The answer of a task that answers once (a check, a drawing)."""
        worker = self.pool.start(task)
        try:
            answer = await worker.receive()
            if answer is None or answer[0] != "answer":
                raise await refusal(answer, worker)
            return answer[1]
        finally:
            worker.close()

    async def text(self, task: Task) -> AsyncIterator[str]:
        """The text of a task that sends it in chunks, once it is ready; the task's refusal, if
        it refuses, is raised before (so the request is answered with it)."""
        worker = self.pool.start(task)
        ready = await worker.receive()
        if ready is None or ready[0] != "ready":
            raise await refusal(ready, worker)
        return _chunks(worker)

    def get(self, key: str) -> Run:
        """The search called `key`."""
        run = self.runs.get(key)
        if run is None:
            raise RequestError("no such search (it ended long ago, or the server restarted)", 404)
        return run

    async def _follow(self, run: Run) -> None:
        """Take the worker's messages as they come, waking the watchers; at the end of its
        pipe, reap it and tell them how it ended."""
        while (message := await run.worker.receive()) is not None:
            run.take(message)
            await self._tell(run)
        await run.worker.reap()
        run.worker.close()
        run.ended()
        await self._tell(run)
        self._forget()
        asyncio.get_running_loop().call_later(self.settings.expire, self._forget)

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
        if run.done is None and run.worker.alive():
            run.stopping = True
            run.worker.kill()

    async def stop_all(self) -> None:
        """End every search and every other work now, and wait for their processes and for
        the watchers to be told (the server is closing: nothing new is started)."""
        for run in self.runs.values():
            run.stopping = True
        await self.pool.stop_all()
        until = time.monotonic() + 2.0
        while self.tasks and time.monotonic() < until:
            await asyncio.sleep(0.02)

    def _forget(self) -> None:
        """Drop the finished searches older than `expire`, and the oldest beyond `keep`."""
        finished = [key for key, run in self.runs.items() if run.ended_at]
        old = time.monotonic() - self.settings.expire
        for number, key in enumerate(finished):
            if number < len(finished) - self.settings.keep or self.runs[key].ended_at <= old:
                del self.runs[key]


async def _chunks(worker: Worker) -> AsyncIterator[str]:
    """The text chunks a worker sends until its end; the worker killed if they are no longer
    wanted."""
    try:
        while (message := await worker.receive()) is not None and message[0] == "text":
            yield message[1]
    finally:
        worker.close()


def event(name: str, data: dict[str, Any] | str) -> str:
    """One server-sent event (`data` as JSON, or JSON text already)."""
    return f"event: {name}\ndata: {data if isinstance(data, str) else json.dumps(data)}\n\n"
