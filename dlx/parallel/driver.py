"""How does one parallel search run from start to end? `solve_parallel` and `count_parallel`
choose the pool, refuse what cannot be sent, and merge the parts' solutions in search order."""

from __future__ import annotations

import dataclasses
import os
import pickle
import time
from collections.abc import Callable, Generator, Hashable, Iterable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict, Unpack

from dlx.engines.bitset.split import refuse_unsplittable
from dlx.engines.settings import Choice, Prune
from dlx.errors import ParallelError
from dlx.parallel.checkpoint import Checkpoint, fingerprint
from dlx.parallel.executors import (
    ExecutorPool,
    InlinePool,
    LocalPool,
    Pool,
    dask_pool,
    this_worker,
    workers_for,
)
from dlx.parallel.parts import K, Outcome, ProgressHook, Report, Settings
from dlx.parallel.schedule import outcomes
from dlx.problem import Problem
from dlx.stats import Status


def prepare(problem: Problem[K], settings: Settings) -> bytes:
    """The problem's pickled form; refuse what cannot go to a worker (one worker, which
    searches here, refuses it too: what runs on one worker runs on many; the bitset engine,
    which branches on cells and counts copies, splits multiplicities too)."""
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
    return blob


@dataclass
class Run:
    """Where and how a parallel search runs (see `solve_parallel`)."""

    jobs: int | None = None
    executor: Executor | None = None
    scheduler: str | None = None
    checkpoint: Path | str | None = None
    progress: ProgressHook | None = None
    report: Report = field(default_factory=Report)

    def here(self) -> bool:
        """Whether the run has one worker, this process: no cluster, no executor, and `jobs`
        gives one worker (there is nothing to split the search into, and nothing is sent)."""
        return self.scheduler is None and self.executor is None and workers_for(self.jobs or 0) == 1


def run(problem: Problem[K], settings: Settings, where: Run) -> Iterator[Outcome]:
    """The outcomes of `problem`'s parts in search order, run as `where` says. What cannot be
    sent to a worker, and a foreign checkpoint, are refused at once; workers start on the first
    request."""
    blob = prepare(problem, settings)
    # (the fingerprint names the problem to a checkpoint and to the workers: one worker here
    # and no checkpoint need none)
    digest = "" if where.here() and where.checkpoint is None else fingerprint(problem, settings)
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
    try:
        with _clock(where.report):
            pool, close = _pool(problem, where, digest, blob)
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
        if pool is not None:
            where.report.timing.workers = max(where.report.timing.workers, pool.workers)
            pool.close()
        close()
        if checkpoint is not None:
            checkpoint.close()


def _pool(
    problem: Problem[K], where: Run, digest: str, blob: bytes
) -> tuple[Pool, Callable[[], None]]:
    """The pool `where` asks for, and how to leave it (one worker searches in this process)."""
    if where.scheduler is not None:
        return dask_pool(where.scheduler, digest, blob)
    pool: Pool
    if where.executor is not None:
        pool = ExecutorPool(where.executor, where.jobs or os.cpu_count() or 1, digest, blob)
    elif where.here():
        pool = InlinePool(problem)
    else:
        pool = LocalPool(workers_for(where.jobs or 0), digest, blob)
    return pool, lambda: None


@contextmanager
def _clock(report: Report) -> Iterator[None]:
    """The run's seconds into `report`, and the times `report.timing` needs: when the run
    began and ended, and the parent's processor seconds apart from the parts it searched."""
    timing = report.timing
    started, worked = time.perf_counter(), time.process_time()
    timing.began = time.time()
    try:
        yield
    finally:
        report.stats.seconds = time.perf_counter() - started
        timing.ended = time.time()
        here = timing.worked.get(this_worker())
        timing.parent = time.process_time() - worked - (here.cpu if here is not None else 0.0)


class ParallelKeywords(TypedDict, total=False):
    """What `solve_parallel` and `count_parallel` take besides the problem: `jobs` worker
    processes on this machine (0: one per core), or parts sent to `executor`, or to the Dask
    cluster whose scheduler is at `scheduler` ("tcp://host:port"); `choose`, `item_order` and
    `prune` (picklable) are `dlx.solve`'s; `budget` is the nodes a part may search before it is
    split (default: none with one worker; with more, a time slice: `SLICE` seconds, five times
    that on a Dask cluster); `checkpoint` names a file of finished parts, to resume from;
    `progress` is told after each part; `report`, if given, holds the statistics (see the
    package's docstring); `engine="cells"` searches the parts with dancing cells (see
    `dlx.engines.cells.split` for how they add up), `engine="bitset"` on bitsets, with the
    board's `layout` (`dlx.engines.bitset.split`)."""

    jobs: int | None
    executor: Executor | None
    scheduler: str | None
    choose: Choice
    item_order: Iterable[Hashable]
    prune: Prune | None
    budget: int | None
    checkpoint: Path | str | None
    progress: ProgressHook | None
    report: Report | None
    engine: str
    layout: object


def _begin(
    problem: Problem[K], solutions: bool, options: ParallelKeywords
) -> tuple[Iterator[Outcome], Report]:
    """The outcomes of a parallel search of `problem` as `options` ask (its parts' solutions
    sent back, or only their counts), and the report that keeps its statistics; an unknown
    keyword is refused as a call's own would be."""
    unknown = sorted(options.keys() - ParallelKeywords.__annotations__.keys())
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    jobs = options.get("jobs")
    if jobs is not None:
        workers_for(jobs)
    settings = _settings(problem, solutions, options)
    report = options.get("report") or Report()
    where = Run(
        jobs,
        options.get("executor"),
        options.get("scheduler"),
        options.get("checkpoint"),
        options.get("progress"),
        report,
    )
    return run(problem, settings, where), report


def solve_parallel(
    problem: Problem[K], **options: Unpack[ParallelKeywords]
) -> Generator[tuple[K, ...], None, None]:
    """Yield the solutions of `dlx.solve(problem)` in the same order, searched by workers
    (`options`: see `ParallelKeywords`)."""
    outcomes, report = _begin(problem, True, options)
    return _merged(problem.keys, outcomes, report)


def _merged(
    keys: list[K], outcomes: Iterator[Outcome], report: Report
) -> Generator[tuple[K, ...], None, None]:
    """The solutions of the parts' outcomes (in search order), by key, counted in `report`."""
    for outcome in outcomes:
        report.add(outcome)
        for found in outcome.found:
            yield tuple([keys[n] for n in found])
    report.stats.status = Status.EXHAUSTED


def count_parallel(problem: Problem[K], **options: Unpack[ParallelKeywords]) -> int:
    """The number of solutions of `problem`, counted by workers (`options` as `solve_parallel`'s);
    parts send back only their counts."""
    outcomes, report = _begin(problem, False, options)
    for outcome in outcomes:
        report.add(outcome)
    report.stats.status = Status.EXHAUSTED
    return report.stats.solutions


def _settings(problem: Problem[K], solutions: bool, options: ParallelKeywords) -> Settings:
    """The parts' settings; a bitset search whose parts cannot be searched from their prefixes
    alone (options without a primary cell, which it takes in order below the path) refused."""
    engine, layout = options.get("engine", "links"), options.get("layout")
    if engine == "bitset":
        refuse_unsplittable(problem, layout)
    return Settings(
        options.get("choose", "mrv"),
        tuple(options.get("item_order", ())),
        options.get("prune"),
        solutions,
        options.get("budget"),
        engine,
        layout=layout,
    )
