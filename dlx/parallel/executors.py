"""Where do the parts of a parallel search run? This process (one worker), worker processes of
this machine, a caller's executor, or a Dask cluster: each a `Pool` that takes a part and gives
a future of its outcome."""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from dlx.errors import ParallelError
from dlx.parallel import memo_block
from dlx.parallel.parts import SLICE, Outcome, Part, Settings
from dlx.parallel.searching import search
from dlx.problem import Problem

if TYPE_CHECKING:  # (loaded by the pool that starts processes: one worker starts none)
    from concurrent.futures.process import ProcessPoolExecutor

_local = threading.local()


def _adopt(digest: str, blob: bytes, memo: Any = None) -> None:
    """Keep the problem `blob` for this worker's later parts (a pool's initializer), and lend
    the pool's block for the memo of failures, `memo`, to its searches (`dlx.parallel.memo_block`:
    a forked worker inherits it); Ctrl-C is the parent's to handle, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # see `_sigint_held`
    _local.problems = {digest: pickle.loads(blob)}
    memo_block.adopted(memo)


def run_part(digest: str, blob: bytes | None, part: Part, settings: Settings) -> Outcome:
    """A worker's task: search `part` of the problem `digest` (sent as `blob`, or adopted)."""
    problems: dict[str, Problem[Any]] = getattr(_local, "problems", {})
    problem = problems.get(digest)
    if problem is None:
        blob = blob if blob is not None else _given(digest)
        if blob is None:
            raise ParallelError(f"worker {os.getpid()} was never sent problem {digest[:12]}")
        problem = pickle.loads(blob)
        _local.problems = {digest: problem}
    return timed(problem, part, settings)


def timed(problem: Problem[Any], part: Part, settings: Settings) -> Outcome:
    """`search(problem, part, settings)`, its outcome told which worker searched it (host and
    process), when it began (wall clock), for how many seconds, and how many of them its thread
    had a processor (`dlx.parallel.timing`)."""
    began, start, cpu = time.time(), time.perf_counter(), time.thread_time()
    outcome = search(problem, part, settings)
    outcome.busy, outcome.cpu = time.perf_counter() - start, time.thread_time() - cpu
    outcome.worker, outcome.began = this_worker(), began
    return outcome


def this_worker() -> str:
    """How the outcomes this process searched name it: its host and process number."""
    host = os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME", "")
    return f"{host}/{os.getpid()}"


def _given(digest: str) -> bytes | None:
    """The pickled problem `digest` a Dask cluster gave this worker (`dask_plugin.Given`)."""
    plugin = sys.modules.get("dlx.parallel.dask_plugin")
    return None if plugin is None else plugin.GIVEN.get(digest)


class Pool(Protocol):
    """Where parts run: `submit` a part; `replace` after a lost worker (False: cannot). `slice`
    is the seconds a part runs before it is stopped, when no budget is given: long beside what
    sending a part and its outcome costs there."""

    workers: int
    slice: float

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]: ...

    def replace(self) -> bool: ...

    def close(self) -> None: ...


class InlinePool:
    """One worker, this process: each part is searched as it is sent, with nothing to start,
    pickle or send back, so one worker costs what the search without workers costs. A part
    that fails gives its future the error, as a worker would; Ctrl-C (KeyboardInterrupt)
    goes straight to the caller, from the search's next poll."""

    workers = 1
    slice = SLICE  # (never used: one worker searches without a time slice)

    def __init__(self, problem: Problem[Any]) -> None:
        self.problem = problem

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
        future: Future[Outcome] = Future()
        try:
            future.set_result(timed(self.problem, part, settings))
        except Exception as error:  # (as a worker's error comes back in its future)
            future.set_exception(error)
        return future

    def replace(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing runs once a part is back."""


class LocalPool:
    """Worker processes of this machine, each given the problem once; a pool that loses a
    worker (`BrokenProcessPool`) is replaced by a new one."""

    slice = SLICE  # a part out and back costs about a millisecond

    def __init__(self, workers: int, digest: str, blob: bytes) -> None:
        self.workers = workers
        self.digest, self.blob = digest, blob
        self.pending: set[Future[Outcome]] = set()
        self.memo = memo_block.made()  # (kept when a pool that lost a worker is replaced)
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # (multiprocessing's start, only where a pool is wanted: `dlx.cli.common` reads jobs here)
        from concurrent.futures.process import ProcessPoolExecutor

        return ProcessPoolExecutor(
            self.workers, initializer=_adopt, initargs=(self.digest, self.blob, self.memo)
        )

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
        with _sigint_held():  # the pool may start its workers here
            future = self.executor.submit(run_part, self.digest, None, part, settings)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)
        return future

    def replace(self) -> bool:
        self.executor.shutdown(wait=True, cancel_futures=True)  # its thread saw the pool break
        self.pending.clear()
        self.executor = self._start()
        return True

    def close(self) -> None:
        """Stop the workers; parts still running (the run was stopped) are abandoned."""
        try:
            self._stop()
        finally:
            memo_block.released(self.memo)

    def _stop(self) -> None:
        if not any(not future.done() for future in self.pending):
            self.executor.shutdown(wait=True)
            return
        # The pool offers no way to stop a running task: end its processes (a private table),
        # then wait for the pool's thread, which sees them gone. Meanwhile a write to a dead
        # worker's pipe must not end this process (the command line restores SIGPIPE's default).
        with _pipes_may_break():
            for process in list((getattr(self.executor, "_processes", None) or {}).values()):
                process.terminate()
            _close_results(self.executor)
            self.executor.shutdown(wait=True, cancel_futures=True)


def _close_results(executor: ProcessPoolExecutor) -> None:
    """Close this process's copy of the writing end of the pool's result pipe (private too).
    A worker ended halfway through writing a large outcome leaves half a message in the pipe,
    and the pool's thread would wait for the rest for ever (it holds a writing end itself):
    with no writer left, it reads the pipe's end instead, and the pool shuts down."""
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


@contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT held back from this thread meanwhile, and so from the workers it starts until
    they ignore it (`_adopt`): Ctrl-C, sent to the whole foreground group, would otherwise find
    a new worker still running the parent's handler. A Ctrl-C held back here reaches this
    process when the block ends (or sooner, in another of its threads)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no Ctrl-C sent to a group
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def _pipes_may_break() -> Iterator[None]:
    """Writes to a closed pipe raise BrokenPipeError instead of killing the process (SIGPIPE
    ignored), where signals can be set (the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGPIPE, before)


class ExecutorPool:
    """A caller's executor (threads, processes, a cluster's): each task carries the problem."""

    slice = SLICE

    def __init__(self, executor: Executor, workers: int, digest: str, blob: Any) -> None:
        self.executor, self.workers = executor, workers
        self.digest, self.blob = digest, blob

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
        return self.executor.submit(run_part, self.digest, self.blob, part, settings)

    def replace(self) -> bool:
        return False

    def close(self) -> None:
        """The caller owns the executor."""


def dask_pool(address: str, digest: str, blob: bytes) -> tuple[ExecutorPool, Callable[[], None]]:
    """A pool on the Dask cluster whose scheduler is at `address`, and how to leave it.

    The problem is sent to every worker once, as it starts (`dask_plugin`), workers that join
    later included; Dask runs a part again when its worker dies.
    """
    try:
        from distributed import Client  # (the cluster extra: missing, a clear error below)
    except ImportError:
        raise ParallelError(
            "--scheduler needs Dask's distributed package: pip install 'dlx-fillit[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=5)
    except (OSError, ValueError, TypeError) as error:  # (a malformed address is a ValueError)
        raise ParallelError(f"no Dask scheduler answers at {address}: {error}") from None
    from dlx.parallel.dask_plugin import Given  # (it imports `distributed`, the extra)

    name = f"dlx-problem-{digest[:16]}"
    client.register_plugin(Given(digest, blob), name=name)

    def leave() -> None:
        try:
            client.unregister_worker_plugin(name)
        finally:
            client.close()

    return DaskPool(client, digest, None), leave


class DaskPool(ExecutorPool):
    """A Dask cluster's workers, counted again now and then: workers may join or leave while
    a search runs (Dask sends a new worker the problem with its first part)."""

    RECOUNT = 1.0  # seconds between two counts of the cluster's threads
    slice = 5 * SLICE  # a part out and back costs the scheduler and client about 5 ms

    def __init__(self, client: Any, digest: str, blob: Any) -> None:
        super().__init__(client.get_executor(pure=False), 1, digest, blob)
        self.client = client
        self.counted = -self.RECOUNT
        self.recount()

    def recount(self) -> None:
        """Count the cluster's worker threads, if not counted in the last `RECOUNT` seconds."""
        now = time.monotonic()
        if now - self.counted >= self.RECOUNT:
            self.counted = now
            self.workers = max(1, sum(self.client.nthreads().values()))

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
        self.recount()
        return super().submit(part, settings)


JOBS_PER_CORE = 4
"""Most worker processes a search starts for each core: more only share the same cores, each
with its own copy of the problem (a thousand of them took 7.9 GB and longer than one)."""


def most_workers() -> int:
    """The most worker processes a search starts on this machine."""
    return JOBS_PER_CORE * (os.cpu_count() or 1)


def workers_for(jobs: int) -> int:
    """The number of worker processes `jobs` asks for (0: one per core), at most `most_workers()`.

    >>> workers_for(10**12) == most_workers()
    True
    """
    if jobs < 0:
        raise ValueError(f"jobs must be at least 0, not {jobs}")
    return min(jobs or os.cpu_count() or 1, most_workers())
