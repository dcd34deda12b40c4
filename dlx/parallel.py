"""Search in parallel: split the search tree into parts, run them anywhere, merge them in order.

Words used here (after Knuth's XCCDC stage files and Hadoop's DistributedPentomino):

- A *prefix* is a tuple of option numbers: the options the sequential search chooses, following
  its own item choice, on its way down to one node of its tree.
- A *path* is the same way down told as branch positions (0 for an item's first option, ...).
  Paths in lexicographic order are nodes in the order the sequential search meets them, so
  merging the parts by path gives back the sequential order of solutions.
- A *part* is the subtree below a prefix: `dlx.solve(problem, givens=prefix)` searches it.
  A part is a small picklable value, so any `concurrent.futures.Executor` can run it.
- The *share* of a part is the product of 1/degree along its path: Knuth's estimate of the
  fraction of the tree it holds, the weight of its progress.
- *Expanding* a part lists the options the search branches on at its root (the search itself
  does it, with a pruning check that records each child and cuts it off): the part becomes its
  children. A part runs under a node budget; one that overruns it is expanded and its children
  run instead, so a huge subtree never leaves the other workers idle. The cut-off run is
  thrown away (its solutions are never counted) and reported as `wasted`.

How the statistics add up: a node of the sequential tree is either in exactly one part or is
the root of an expanded part, so `nodes` and `profile` of a parallel run equal the sequential
search's exactly. Its `updates` are those of the parts and of covering each expanded part's
branching item; the updates of choosing the options of a prefix are not counted (givens are
taken without counting, as in `dlx.solve`), so `updates` falls short of the sequential count by
exactly those (`tests/test_parallel.py` checks both relations).
"""

from __future__ import annotations

import dataclasses
import hashlib
import heapq
import json
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from dlx.cores.cells_parallel import cells_branches
from dlx.errors import DlxError
from dlx.links import Prune
from dlx.problem import Problem
from dlx.solve import Choice, solve
from dlx.stats import Stats, Status

K = TypeVar("K", bound=Hashable)
Prefix = tuple[int, ...]
Path_ = tuple[int, ...]

PARTS_PER_WORKER = 32
"""With more than one worker, parts are cut in advance until each one's estimated share of the
tree is at most 1/(PARTS_PER_WORKER * workers); they are sent largest share first."""

BUDGET = 200_000
"""Nodes a part may search before it is expanded, when more than one worker runs."""

DEATHS = 4
"""Times a part may lose its worker before the run gives up on it."""


class ParallelError(DlxError):
    """A search cannot run in parallel as asked (what cannot be sent, or a lost worker)."""


class CheckpointError(DlxError):
    """A checkpoint file belongs to another problem or other options, or is not one."""


@dataclass(frozen=True)
class Settings:
    """What every part of one run searches with: `dlx.solve`'s item choice and pruning check,
    whether parts send back their solutions or only count them, and the node budget."""

    choose: Choice = "mrv"
    item_order: tuple[Hashable, ...] = ()
    prune: Prune | None = None
    solutions: bool = True
    budget: int | None = None
    engine: str = "links"  # or "cells": Knuth's SSXCC (see `dlx.cores.cells_parallel`)


@dataclass(frozen=True)
class Part:
    """The subtree below `prefix` (option numbers), reached by `path`; `share` of the tree."""

    path: Path_
    prefix: Prefix
    share: float


@dataclass
class Outcome:
    """What searching or expanding one part gave: its counters, and its solutions (when asked
    for) or, for an expanded part, the options of its `children` in search order."""

    path: Path_
    prefix: Prefix
    share: float
    expanded: bool = False
    children: tuple[int, ...] = ()
    nodes: int = 0
    updates: int = 0
    profile: list[int] = field(default_factory=list)
    solutions: int = 0
    found: list[Prefix] = field(default_factory=list)
    wasted_nodes: int = 0
    wasted_updates: int = 0

    def parts(self) -> list[Part]:
        """The children of an expanded part, as parts, in search order."""
        share = self.share / len(self.children) if self.children else 0.0
        return [
            Part((*self.path, k), (*self.prefix, option), share)
            for k, option in enumerate(self.children)
        ]

    def to_json(self) -> str:
        """One line of a checkpoint file."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Outcome:
        """Read back `to_json`."""
        data = json.loads(line)
        for name in ("path", "prefix", "children"):
            data[name] = tuple(data[name])
        data["found"] = [tuple(s) for s in data["found"]]
        return cls(**data)


@dataclass
class Report:
    """A parallel run's statistics: `stats` as for the sequential search (see the module's
    docstring for how they relate), plus how the tree was cut."""

    stats: Stats = field(default_factory=Stats)
    parts: int = 0  # parts searched to the end
    expanded: int = 0  # parts expanded into their children
    resumed: int = 0  # outcomes taken from a checkpoint
    wasted_nodes: int = 0  # nodes of runs cut off by the budget and thrown away
    wasted_updates: int = 0
    restarts: int = 0  # times a lost worker's parts were sent again
    leaves: list[Prefix] = field(default_factory=list)  # the parts searched, in order
    inner: list[Prefix] = field(default_factory=list)  # the parts expanded, in order

    def add(self, outcome: Outcome) -> None:
        """Count one outcome (taken in search order)."""
        stats = self.stats
        stats.nodes += outcome.nodes
        stats.updates += outcome.updates
        stats.solutions += outcome.solutions
        depth = len(outcome.prefix)
        need = depth + len(outcome.profile) - len(stats.profile)
        stats.profile.extend([0] * max(need, 0))
        for level, n in enumerate(outcome.profile):
            stats.profile[depth + level] += n
        self.wasted_nodes += outcome.wasted_nodes
        self.wasted_updates += outcome.wasted_updates
        (self.inner if outcome.expanded else self.leaves).append(outcome.prefix)
        self.expanded += outcome.expanded
        self.parts += not outcome.expanded


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
        return cells_branches(problem, prefix, settings)
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
    keys = problem.keys
    found = [
        tuple(problem.option_number(k) for k in solution)
        for solution in solve(
            problem,
            givens=[keys[n] for n in prefix],
            choose=settings.choose,
            item_order=settings.item_order,
            prune=record,
            stats=stats,
        )
    ]
    return children, found, stats


def expand(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Expand `part` into its children; a part with none (a solution, a dead end) is done."""
    children, found, stats = branches(problem, part.prefix, settings)
    if not children:
        return Outcome(
            part.path,
            part.prefix,
            part.share,
            nodes=stats.nodes,
            updates=stats.updates,
            profile=list(stats.profile),
            solutions=len(found),
            found=found if settings.solutions else [],
        )
    # The children's roots are counted again by the children: keep the node and the children
    # a pruning check cut off (counted once, here, as in the sequential search).
    profile = list(stats.profile)
    profile[1] -= len(children)
    return Outcome(
        part.path,
        part.prefix,
        part.share,
        expanded=True,
        children=tuple(children),
        nodes=stats.nodes - len(children),
        updates=stats.updates,
        profile=profile,
    )


def search(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Search `part` to the end, or expand it if it overruns the node budget."""
    stats = Stats()
    keys = problem.keys
    found: list[Prefix] = []
    for solution in solve(
        problem,
        givens=[keys[n] for n in part.prefix],
        choose=settings.choose,
        item_order=settings.item_order,
        prune=settings.prune,
        max_nodes=settings.budget,
        engine=settings.engine,
        stats=stats,
    ):
        if settings.solutions:
            found.append(tuple(problem.option_number(k) for k in solution))
    if stats.status is Status.BUDGET:
        outcome = expand(problem, part, settings)
        outcome.wasted_nodes, outcome.wasted_updates = stats.nodes, stats.updates
        return outcome
    return Outcome(
        part.path,
        part.prefix,
        part.share,
        nodes=stats.nodes,
        updates=stats.updates,
        profile=list(stats.profile),
        solutions=stats.solutions,
        found=found,
    )


_local = threading.local()


def _adopt(digest: str, blob: bytes) -> None:
    """Keep the problem `blob` for this worker's later parts (a pool's initializer); Ctrl-C is
    the parent's to handle, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _local.problems = {digest: pickle.loads(blob)}


def run_part(digest: str, blob: bytes | None, part: Part, settings: Settings) -> Outcome:
    """A worker's task: search `part` of the problem `digest` (sent as `blob`, or adopted)."""
    problems: dict[str, Problem[Any]] = getattr(_local, "problems", {})
    problem = problems.get(digest)
    if problem is None:
        if blob is None:
            raise ParallelError(f"worker {os.getpid()} was never sent problem {digest[:12]}")
        problem = pickle.loads(blob)
        _local.problems = {digest: problem}
    return search(problem, part, settings)


class Pool(Protocol):
    """Where parts run: `submit` a part; `replace` after a lost worker (False: cannot)."""

    workers: int

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]: ...

    def replace(self) -> bool: ...

    def close(self) -> None: ...


class LocalPool:
    """Worker processes of this machine, each given the problem once; a pool that loses a
    worker (`BrokenProcessPool`) is replaced by a new one."""

    def __init__(self, workers: int, digest: str, blob: bytes) -> None:
        self.workers = workers
        self.digest, self.blob = digest, blob
        self.pending: set[Future[Outcome]] = set()
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers, initializer=_adopt, initargs=(self.digest, self.blob)
        )

    def submit(self, part: Part, settings: Settings) -> Future[Outcome]:
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
        if not any(not future.done() for future in self.pending):
            self.executor.shutdown(wait=True)
            return
        # The pool offers no way to stop a running task: end its processes (a private table),
        # then wait for the pool's thread, which sees them gone. Meanwhile a write to a dead
        # worker's pipe must not end this process (the command line restores SIGPIPE's default).
        with _pipes_may_break():
            for process in list((getattr(self.executor, "_processes", None) or {}).values()):
                process.terminate()
            self.executor.shutdown(wait=True, cancel_futures=True)


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

    The problem is sent to every worker once; Dask runs a part again when its worker dies.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ParallelError(
            "--scheduler needs Dask's distributed package: pip install 'dlx-fillit[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=5)
    except (OSError, ValueError, TypeError) as error:  # (a malformed address is a ValueError)
        raise ParallelError(f"no Dask scheduler answers at {address}: {error}") from None
    shared = client.scatter(blob, broadcast=True, hash=False)
    workers = max(1, sum(client.nthreads().values()))
    return ExecutorPool(client.get_executor(pure=False), workers, digest, shared), client.close


def fingerprint(problem: Problem[K], settings: Settings) -> str:
    """A digest of the problem and of the options that shape its parts and their results."""
    text = repr(
        (
            problem.items,
            problem.primary_count,
            problem.options,
            problem.colours,
            problem.bounds,
            [repr(k) for k in problem.keys],
            settings.choose,
            settings.item_order,
            _check_name(settings.prune),
            settings.solutions,
            *([] if settings.engine == "links" else [settings.engine]),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _check_name(prune: object) -> str:
    """What names a pruning check across runs: its pickle (module and name of a function, the
    parts of a partial), never an address that changes from run to run."""
    if prune is None:
        return "None"
    try:
        return hashlib.sha256(pickle.dumps(prune)).hexdigest()
    except (pickle.PicklingError, TypeError, AttributeError):
        return repr(prune)  # cannot reach a worker anyway: refused before any part runs


class Checkpoint:
    """An append-only file of finished parts (one JSON line each, after a header naming the
    problem's fingerprint); each line is flushed and synced before the run goes on."""

    def __init__(self, path: Path | str, fingerprint: str) -> None:
        self.path = Path(path)
        self.done: dict[Path_, Outcome] = {}
        header = json.dumps({"dlx-checkpoint": 1, "fingerprint": fingerprint})
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines(keepends=True)
        except FileNotFoundError:
            lines = []
        except (OSError, UnicodeDecodeError) as error:
            raise CheckpointError(f"{self.path}: cannot be read: {error}") from None
        if lines and lines[0].rstrip("\n") != header:
            raise CheckpointError(
                f"{self.path} is the checkpoint of another problem or other options; "
                "remove it or name another file"
            )
        kept = self._read(lines[1:])
        try:
            self.file = self.path.open("a", encoding="utf-8")
            if lines:
                self.file.truncate(len(lines[0].encode()) + kept)
        except OSError as error:
            raise CheckpointError(f"{self.path}: cannot be written: {error}") from None
        if not lines:
            self._write(header)

    def _read(self, lines: list[str]) -> int:
        """Take the finished parts; return the bytes they fill. A last line cut short by a crash
        is left out (and cut off the file)."""
        kept = 0
        for number, line in enumerate(lines, start=2):
            try:
                if not line.endswith("\n"):
                    raise ValueError("cut short")
                outcome = Outcome.from_json(line)
            except (ValueError, TypeError, KeyError):
                if number == len(lines) + 1:
                    break
                raise CheckpointError(f"{self.path}, line {number}: not a finished part") from None
            self.done[outcome.path] = outcome
            kept += len(line.encode())
        return kept

    def _write(self, line: str) -> None:
        self.file.write(line + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(self, outcome: Outcome) -> None:
        """Append one finished part, durably."""
        self._write(outcome.to_json())

    def close(self) -> None:
        """Close the file (every line is on disk already)."""
        self.file.close()


class Schedule:
    """The parts of one run: those finished (held until every earlier one is), those waiting,
    and those queued to be sent, largest estimated share first."""

    def __init__(
        self,
        problem: Problem[Any],
        settings: Settings,
        workers: int,
        checkpoint: Checkpoint | None,
        report: Report,
    ) -> None:
        self.problem, self.settings = problem, settings
        self.checkpoint, self.report = checkpoint, report
        # Parts estimated to hold more than this share of the tree are cut before any is sent.
        self.largest = 1 / (PARTS_PER_WORKER * workers) if workers > 1 else 1.0
        self.finished: list[tuple[Path_, Outcome]] = []  # a heap by path
        self.waiting: set[Path_] = set()  # parts not finished yet
        self.queue: list[tuple[float, Path_, Part]] = []  # a heap by share, largest first
        self.progress = Progress(0.0, 0, 0, 0)

    def finish(self, outcome: Outcome, resumed: bool = False) -> list[Part]:
        """Take a part's outcome (recording it unless it came from the checkpoint); return the
        parts it was cut into, waiting from now on."""
        self.waiting.discard(outcome.path)
        heapq.heappush(self.finished, (outcome.path, outcome))
        if resumed:
            self.report.resumed += 1
        elif self.checkpoint is not None:
            self.checkpoint.record(outcome)
        if not outcome.expanded:
            self.progress.parts += 1
            self.progress.done += outcome.share
            self.progress.solutions += outcome.solutions
        children = outcome.parts()
        self.waiting.update(child.path for child in children)
        self.progress.waiting = len(self.waiting)
        return children

    def ready(self) -> Iterator[Outcome]:
        """The finished outcomes that no waiting part precedes, in search order."""
        while self.finished and (not self.waiting or self.finished[0][0] < min(self.waiting)):
            yield heapq.heappop(self.finished)[1]

    def place(self, parts: list[Part]) -> None:
        """Take what the checkpoint holds; cut here the parts estimated too large to keep the
        workers evenly busy; queue the others."""
        heap = [(-part.share, part.path, part) for part in parts]
        heapq.heapify(heap)
        while heap:
            part = heapq.heappop(heap)[2]
            held = self.checkpoint.done.get(part.path) if self.checkpoint is not None else None
            if held is not None:
                children = self.finish(held, resumed=True)
            elif part.share > self.largest:
                children = self.finish(expand(self.problem, part, self.settings))
            else:
                self.enqueue(part)
                continue
            for child in children:
                heapq.heappush(heap, (-child.share, child.path, child))

    def enqueue(self, part: Part) -> None:
        """Queue a part to be sent."""
        heapq.heappush(self.queue, (-part.share, part.path, part))

    def next_part(self) -> Part:
        """The queued part of largest share."""
        return heapq.heappop(self.queue)[2]


def outcomes(
    problem: Problem[K],
    pool: Pool,
    settings: Settings,
    *,
    checkpoint: Checkpoint | None = None,
    progress: ProgressHook | None = None,
    report: Report | None = None,
) -> Iterator[Outcome]:
    """Every part's outcome in the order of the sequential search (expanded parts included)."""
    report = report if report is not None else Report()
    schedule = Schedule(problem, settings, pool.workers, checkpoint, report)
    schedule.waiting.add(())
    schedule.place([Part((), (), 1.0)])
    yield from schedule.ready()
    running: dict[Future[Outcome], Part] = {}
    deaths: dict[Path_, int] = {}
    while schedule.queue or running:
        refused = _send(pool, schedule, running, settings)
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        lost = [running.pop(future) for future in done if _lost(future)]
        for future in done & running.keys():
            schedule.place(schedule.finish(_result(future, running.pop(future))))
        if lost or refused:
            _lose(pool, [*lost, *running.values()], schedule, deaths)
            running.clear()
            report.restarts += 1
        if progress is not None:
            progress(dataclasses.replace(schedule.progress))
        yield from schedule.ready()


def _send(
    pool: Pool, schedule: Schedule, running: dict[Future[Outcome], Part], settings: Settings
) -> bool:
    """Keep two parts a worker in flight; True if the pool refused one (a worker died)."""
    while schedule.queue and len(running) < 2 * pool.workers:
        part = schedule.next_part()
        try:
            running[pool.submit(part, settings)] = part
        except BrokenProcessPool:
            schedule.enqueue(part)
            return True
    return False


def _lost(future: Future[Outcome]) -> bool:
    """Whether the future's worker process died (the local pool is broken)."""
    return isinstance(future.exception(), BrokenProcessPool)


def _result(future: Future[Outcome], part: Part) -> Outcome:
    """The outcome of a part; an error in its worker stops the run, naming the part."""
    try:
        return future.result()
    except DlxError:
        raise
    except Exception as error:  # a cluster that gave up on a part, or a check that broke
        message = f"the part below options {list(part.prefix)} failed: {error!r}"
        raise ParallelError(message) from error


def _lose(pool: Pool, parts: list[Part], schedule: Schedule, deaths: dict[Path_, int]) -> None:
    """A worker died: the parts in flight go back in the queue, and the pool is replaced."""
    for part in parts:
        deaths[part.path] = deaths.get(part.path, 0) + 1
        if deaths[part.path] > DEATHS:
            raise ParallelError(f"the part below options {list(part.prefix)} lost its worker")
        schedule.enqueue(part)
    if not pool.replace():
        raise ParallelError("a worker of the executor died, and the executor cannot go on")


def workers_for(jobs: int) -> int:
    """The number of worker processes `jobs` asks for (0: one per core)."""
    if jobs < 0:
        raise ValueError(f"jobs must be at least 0, not {jobs}")
    return jobs or os.cpu_count() or 1


def prepare(problem: Problem[K], settings: Settings) -> tuple[str, bytes]:
    """The problem's fingerprint and its pickled form; refuse what cannot go to a worker."""
    if problem.has_multiplicities:
        raise ParallelError(
            "problems with multiplicities cannot be split by options (Algorithm M branches "
            "otherwise): search them without jobs"
        )
    try:
        blob = pickle.dumps(problem)
        pickle.dumps(settings)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise ParallelError(
            f"the problem or its pruning check cannot be sent to another process ({error}); "
            "give a module-level function, or search without jobs"
        ) from None
    return fingerprint(problem, settings), blob


@dataclass
class Run:
    """Where and how a parallel search runs (see `solve_parallel`)."""

    jobs: int | None = None
    executor: Executor | None = None
    scheduler: str | None = None
    checkpoint: Path | str | None = None
    progress: ProgressHook | None = None
    report: Report = field(default_factory=Report)


def run(problem: Problem[K], settings: Settings, where: Run) -> Iterator[Outcome]:
    """The outcomes of `problem`'s parts in search order, run as `where` says. What cannot be
    sent to a worker, and a foreign checkpoint, are refused at once; workers start on the first
    request."""
    digest, blob = prepare(problem, settings)
    checkpoint = None if where.checkpoint is None else Checkpoint(where.checkpoint, digest)
    return _running(problem, settings, where, digest, blob, checkpoint)


def _running(
    problem: Problem[K],
    settings: Settings,
    where: Run,
    digest: str,
    blob: bytes,
    checkpoint: Checkpoint | None,
) -> Iterator[Outcome]:
    """`run`'s outcomes, with its pool."""
    close: Callable[[], None] = lambda: None  # noqa: E731
    pool: Pool | None = None
    started = time.perf_counter()
    try:
        if where.scheduler is not None:
            pool, close = dask_pool(where.scheduler, digest, blob)
        elif where.executor is not None:
            pool = ExecutorPool(where.executor, where.jobs or os.cpu_count() or 1, digest, blob)
        else:
            pool = LocalPool(workers_for(where.jobs or 0), digest, blob)
        if settings.budget is None and pool.workers > 1:
            settings = dataclasses.replace(settings, budget=BUDGET)
        yield from outcomes(
            problem,
            pool,
            settings,
            checkpoint=checkpoint,
            progress=where.progress,
            report=where.report,
        )
    finally:
        where.report.stats.seconds = time.perf_counter() - started
        if pool is not None:
            pool.close()
        close()
        if checkpoint is not None:
            checkpoint.close()


def solve_parallel(
    problem: Problem[K],
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    choose: Choice = "mrv",
    item_order: Iterable[Hashable] = (),
    prune: Prune | None = None,
    budget: int | None = None,
    checkpoint: Path | str | None = None,
    progress: ProgressHook | None = None,
    report: Report | None = None,
    engine: str = "links",
) -> Generator[tuple[K, ...], None, None]:
    """Yield the solutions of `dlx.solve(problem)` in the same order, searched by workers.

    `jobs` worker processes on this machine (0: one per core), or parts sent to `executor`, or
    to the Dask cluster whose scheduler is at `scheduler` ("tcp://host:port"). `choose`,
    `item_order` and `prune` (picklable) are `dlx.solve`'s; `budget` is the nodes a part may
    search before it is split (default: none with one worker, `BUDGET` with more); `checkpoint`
    names a file of finished parts, to resume from; `progress` is told after each part;
    `report`, if given, holds the statistics (see the module's docstring). `engine="cells"`
    searches the parts with dancing cells (see `dlx.cores.cells_parallel` for how they add up).
    """
    if jobs is not None:
        workers_for(jobs)
    settings = Settings(choose, tuple(item_order), prune, True, budget, engine)
    where = Run(jobs, executor, scheduler, checkpoint, progress, report or Report())
    return _merged(problem.keys, run(problem, settings, where), where.report)


def _merged(
    keys: list[K], outcomes: Iterator[Outcome], report: Report
) -> Generator[tuple[K, ...], None, None]:
    """The solutions of the parts' outcomes (in search order), by key, counted in `report`."""
    for outcome in outcomes:
        report.add(outcome)
        for found in outcome.found:
            yield tuple([keys[n] for n in found])
    report.stats.status = Status.EXHAUSTED


def count_parallel(
    problem: Problem[K],
    *,
    jobs: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    choose: Choice = "mrv",
    item_order: Iterable[Hashable] = (),
    prune: Prune | None = None,
    budget: int | None = None,
    checkpoint: Path | str | None = None,
    progress: ProgressHook | None = None,
    report: Report | None = None,
    engine: str = "links",
) -> int:
    """The number of solutions of `problem`, counted by workers (options as `solve_parallel`);
    parts send back only their counts."""
    if jobs is not None:
        workers_for(jobs)
    settings = Settings(choose, tuple(item_order), prune, False, budget, engine)
    where = Run(jobs, executor, scheduler, checkpoint, progress, report or Report())
    for outcome in run(problem, settings, where):
        where.report.add(outcome)
    where.report.stats.status = Status.EXHAUSTED
    return where.report.stats.solutions
