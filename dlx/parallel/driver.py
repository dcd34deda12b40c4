"""How does one parallel search run from start to end? `solve_parallel` and `count_parallel`
choose the pool, refuse what cannot be sent, and merge the parts' solutions in search order."""

from __future__ import annotations

import dataclasses
import os
import pickle
import time
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from dlx.cores.settings import Choice, Prune
from dlx.parallel.checkpoint import Checkpoint, fingerprint
from dlx.parallel.executors import ExecutorPool, LocalPool, Pool, dask_pool, workers_for
from dlx.parallel.parts import (
    K,
    Outcome,
    ParallelError,
    ProgressHook,
    Report,
    Settings,
)
from dlx.parallel.schedule import outcomes
from dlx.problem import Problem
from dlx.stats import Status


def prepare(problem: Problem[K], settings: Settings) -> tuple[str, bytes]:
    """The problem's fingerprint and its pickled form; refuse what cannot go to a worker (the
    bitset engine, which branches on cells and counts copies, splits multiplicities too)."""
    if problem.has_multiplicities and settings.engine != "bitset":
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
            settings = dataclasses.replace(settings, seconds=pool.slice)
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
    layout: object = None,
) -> Generator[tuple[K, ...], None, None]:
    """Yield the solutions of `dlx.solve(problem)` in the same order, searched by workers.

    `jobs` worker processes on this machine (0: one per core), or parts sent to `executor`, or
    to the Dask cluster whose scheduler is at `scheduler` ("tcp://host:port"). `choose`,
    `item_order` and `prune` (picklable) are `dlx.solve`'s; `budget` is the nodes a part may
    search before it is split (default: none with one worker; with more, a time slice:
    `SLICE` seconds, five times that on a Dask cluster);
    `checkpoint` names a file of finished parts, to resume from; `progress` is told after each part;
    `report`, if given, holds the statistics (see the module's docstring). `engine="cells"`
    searches the parts with dancing cells (see `dlx.parallel.cells_split` for how they add up),
    `engine="bitset"` on bitsets, with the board's `layout` (`dlx.parallel.bitset_split`).
    """
    if jobs is not None:
        workers_for(jobs)
    settings = _settings(problem, choose, item_order, prune, True, budget, engine, layout)
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
    layout: object = None,
) -> int:
    """The number of solutions of `problem`, counted by workers (options as `solve_parallel`);
    parts send back only their counts."""
    if jobs is not None:
        workers_for(jobs)
    settings = _settings(problem, choose, item_order, prune, False, budget, engine, layout)
    where = Run(jobs, executor, scheduler, checkpoint, progress, report or Report())
    for outcome in run(problem, settings, where):
        where.report.add(outcome)
    where.report.stats.status = Status.EXHAUSTED
    return where.report.stats.solutions


def _settings(
    problem: Problem[K],
    choose: Choice,
    item_order: Iterable[Hashable],
    prune: Prune | None,
    solutions: bool,
    budget: int | None,
    engine: str,
    layout: object,
) -> Settings:
    """The parts' settings; a bitset search whose parts cannot be searched from their prefixes
    alone (options without a primary cell, which it takes in order below the path) refused."""
    if engine == "bitset":
        from dlx.parallel.bitset_split import refuse_unsplittable

        refuse_unsplittable(problem, layout)
    return Settings(choose, tuple(item_order), prune, solutions, budget, engine, layout=layout)
