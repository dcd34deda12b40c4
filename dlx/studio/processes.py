"""Which processes does the server hold, and how does it hear from them? Every piece of work a
request asks for (a search, a check, the `.dlx` text, a solution drawn or listed) runs in a
process of its own (`studio.worker`), forked from a server process that has the engine loaded.
The server reads each one's pipe on its event loop as messages arrive (no thread waits on it,
and a worker with more to say waits until the server wants it), kills it with its process group
(fillit's program too) when its work is no longer wanted or its deadline passes, and holds at
most `most` at once: one more is refused with 429 before anything is started.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import sys
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from dlx.studio.puzzle import RequestError
from dlx.studio.worker import PRELOAD, Task, work

REAP_SECONDS = 5.0
"""How long a killed process may take to be gone."""

Message = tuple[Any, ...]


class Worker:
    """One process as the server sees it: its pipe, and when it must be gone by."""

    def __init__(self, process: BaseProcess, conn: Connection, deadline: float) -> None:
        self.process = process
        self.conn = conn
        self.killed = False
        self.late = False
        self.ended = False
        self.timer = asyncio.get_running_loop().call_later(deadline, self._too_late)

    async def receive(self) -> Message | None:
        """Its next message, once it has come; None when its pipe has ended."""
        try:
            while not self.conn.poll():
                await self._readable()
            message: Message = self.conn.recv()
        except (EOFError, OSError):
            self.ended = True
            return None
        return message

    async def _readable(self) -> None:
        """Wait until the pipe has something to read (or has ended)."""
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = self.conn.fileno()
        loop.add_reader(fd, _settle, ready)
        try:
            await ready
        finally:
            loop.remove_reader(fd)

    def alive(self) -> bool:
        """Whether the process still runs."""
        return self.process.is_alive()

    def working(self) -> bool:
        """Whether it still works: not killed, its pipe not ended (a process that has done
        either is on its way out, though not yet reaped)."""
        return not (self.killed or self.ended) and self.alive()

    def kill(self) -> None:
        """End it now, with every process it started (its process group, once it has made
        one: until then, itself)."""
        pid = self.process.pid
        if pid is not None and self.process.is_alive():
            self.killed = True
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                self.process.kill()

    def _too_late(self) -> None:
        """Its deadline passed: end it."""
        if self.alive():
            self.late = True
            self.kill()

    async def reap(self) -> None:
        """Wait (a little) for the process to be gone."""
        until = time.monotonic() + REAP_SECONDS
        while self.process.is_alive() and time.monotonic() < until:
            await asyncio.sleep(0.02)
        self.timer.cancel()

    def close(self) -> None:
        """Kill it if it still runs, and close its pipe (by whoever receives its messages,
        once it no longer does)."""
        self.kill()
        self.timer.cancel()
        self.conn.close()

    def ending(self) -> str:
        """Why it ended without a word: its deadline, a kill, or its exit code."""
        if self.late:
            return "it passed its deadline"
        code = self.process.exitcode
        return "its process did not end" if code is None else f"exit code {code}"


class Pool:
    """The server's processes: at most `most` at once, each killed `deadline` seconds after it
    started if it has not ended by then."""

    def __init__(self, most: int, deadline: float) -> None:
        self.most = most
        self.deadline = deadline
        self.workers: list[Worker] = []
        self.closing = False
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        self.context = multiprocessing.get_context(method)
        if method == "forkserver":
            self.context.set_forkserver_preload(PRELOAD)

    def running(self) -> int:
        """How many processes still work (those on their way out are let go)."""
        self.workers = [worker for worker in self.workers if worker.alive()]
        return sum(1 for worker in self.workers if worker.working())

    def start(self, task: Task) -> Worker:
        """Start `task` in a new process; refused (429) when `most` run, or when the server is
        closing (503)."""
        if self.closing:
            raise RequestError("the server is closing", 503)
        if self.running() >= self.most:
            raise RequestError(f"{self.most} searches are running: stop one or try later", 429)
        mine, theirs = self.context.Pipe(duplex=False)
        process: BaseProcess = self.context.Process(  # type: ignore[attr-defined]
            target=work, args=(theirs, task), daemon=True
        )
        try:
            process.start()
        except OSError as error:
            mine.close()
            reason = error.strerror or error
            raise RequestError(f"no process could be started: {reason}", 503) from None
        finally:
            theirs.close()
        worker = Worker(process, mine, self.deadline)
        self.workers.append(worker)
        return worker

    async def stop_all(self) -> None:
        """Kill every process and wait for them to be gone (the server is closing; their pipes
        end, which tells whoever reads them)."""
        self.closing = True
        for worker in self.workers:
            worker.kill()
        for worker in self.workers:
            await worker.reap()


def _settle(ready: asyncio.Future[None]) -> None:
    """Mark `ready` done, once (the loop may call again before the waiter runs)."""
    if not ready.done():
        ready.set_result(None)


async def refusal(message: Message | None, worker: Worker) -> RequestError:
    """The error a request gets when its worker answered `message` instead of going on: its
    refusal (the message `dlx tile` prints), or how it ended without one."""
    if message is not None and message[0] == "error":
        worker.close()
        return RequestError(message[1], message[2] if len(message) > 2 else 400)
    if message is None:
        await worker.reap()
    closing = worker.killed and not worker.late
    ending = worker.ending()
    worker.close()
    if closing:
        return RequestError("the server is closing", 503)
    return RequestError(f"the work ended before its answer ({ending})", 503)
