"""In which order do parts go out and come back? The schedule sends the parts in search order, each
with a budget that keeps the workers evenly busy (what a stopped part leaves comes back as
parts), and merges the outcomes back in search order."""

from __future__ import annotations

import dataclasses
import heapq
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Future, wait
from dataclasses import replace
from typing import Any

from dlx.errors import DlxError, ParallelError
from dlx.parallel.checkpoint import Checkpoint
from dlx.parallel.executors import Pool
from dlx.parallel.parts import (
    DEATHS,
    FIRST,
    LARGE,
    PARTS_PER_WORKER,
    TAIL,
    K,
    Outcome,
    Part,
    Progress,
    ProgressHook,
    Report,
    Settings,
    TreePath,
)
from dlx.parallel.searching import expand, tells_where
from dlx.problem import Problem


class Schedule:
    """The parts of one run: those finished (held until every earlier one is), those waiting,
    and those queued to be sent, first in search order first."""

    def __init__(
        self,
        problem: Problem[Any],
        settings: Settings,
        pool: Pool,
        checkpoint: Checkpoint | None,
        report: Report,
    ) -> None:
        self.problem, self.settings = problem, settings
        workers = pool.workers
        self.checkpoint, self.report = checkpoint, report
        self.pool = pool
        self.splits = tells_where(problem, settings)
        # Parts estimated to hold more than this share of the tree are sent with a small budget
        # (or, where the parts cannot tell where a budget stopped them, cut in advance).
        parts = LARGE if self.splits else PARTS_PER_WORKER
        self.largest = 1 / (parts * workers) if workers > 1 else 1.0
        self.finished: list[tuple[TreePath, Outcome]] = []  # a heap by path
        self.waiting: set[TreePath] = set()  # parts not finished yet
        self.earliest: list[TreePath] = []  # a heap of them (and of some finished since)
        self.queue: list[tuple[TreePath, Part]] = []  # a heap: what to send first
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
        if outcome.worker and not resumed:  # (not a part the parent expanded in advance)
            self.report.timing.add(outcome.worker, outcome.began, outcome.busy, outcome.cpu)
        self.progress.parts += len(outcome.searched)
        self.progress.done += outcome.share_done()
        self.progress.solutions += outcome.solutions
        children = outcome.parts()
        for child in children:
            self.wait_for(child.path)
        self.progress.waiting = len(self.waiting)
        return children

    def ready(self) -> Iterator[Outcome]:
        """The finished outcomes that no waiting part precedes, in search order."""
        while self.earliest and self.earliest[0] not in self.waiting:
            heapq.heappop(self.earliest)  # (finished since it was pushed)
        while self.finished and (not self.earliest or self.finished[0][0] < self.earliest[0]):
            yield heapq.heappop(self.finished)[1]

    def wait_for(self, path: TreePath) -> None:
        """Hold back the outcomes after `path` until the part there is finished."""
        self.waiting.add(path)
        heapq.heappush(self.earliest, path)

    def place(self, parts: list[Part]) -> None:
        """Take what the checkpoint holds; queue the other parts. Where the parts' searches
        cannot tell where a budget stopped them (`tells_where`), cut here, in advance, those
        estimated to hold more than their share of the tree (a stop would throw their run
        away)."""
        stack = list(reversed(parts))
        while stack:
            part = stack.pop()
            held = self.checkpoint.done.get(part.path) if self.checkpoint is not None else None
            if held is not None:
                stack.extend(reversed(self.finish(held, resumed=True)))
            elif not self.splits and part.share > self.largest:
                stack.extend(reversed(self.finish(expand(self.problem, part, self.settings))))
            else:
                self.enqueue(part)

    def limits(self, part: Part) -> Settings:
        """The settings `part` is sent with: the run's budget; less for a part estimated to
        hold more than its share of the tree (it is soon stopped, and what it leaves is spread
        over the workers: the tree is cut by the workers, as it goes, never in advance), and
        less while fewer parts wait than there are workers (the last parts come back soon, and
        what they leave goes to the workers that would otherwise idle)."""
        settings = self.settings
        if part.share > self.largest:
            share = FIRST
        elif len(self.queue) < self.pool.workers:
            share = TAIL
        else:
            return settings
        budget, seconds = settings.budget, settings.seconds
        return replace(
            settings,
            budget=None if budget is None else max(1, int(budget * share)),
            seconds=None if seconds is None else seconds * share,
        )

    def enqueue(self, part: Part) -> None:
        """Queue a part to be sent: the first in search order goes first. The merge holds a
        part's solutions until every part before it is back: sent in that order, the parts
        come back about in it, and what is held stays a few parts' worth. And the workers
        search on where the search stands, the node a stopped part left first, as one search
        would: what a part's memo of failures learnt (`dlx.engines.bitset`) is met again soon.
        Sent largest first, the workers jumped from region to region of the tree; each came
        back to a region after other parts' failures had taken the memo's slots (Scott's
        pentominoes in 8 x 8 counted with two jobs: 1.048 times one search's nodes, now 1.035;
        one job cut into parts of 50,000 nodes: 1.094, now 1.003)."""
        heapq.heappush(self.queue, (part.path, part))

    def next_part(self) -> Part:
        """The queued part to send first (see `enqueue`)."""
        return heapq.heappop(self.queue)[1]


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
    schedule = Schedule(problem, settings, pool, checkpoint, report)
    schedule.wait_for(())
    schedule.place([Part((), (), 1.0)])
    yield from schedule.ready()
    running: dict[Future[Outcome], Part] = {}
    deaths: dict[TreePath, int] = {}
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
            running[pool.submit(part, schedule.limits(part))] = part
        except BrokenExecutor:  # (a local pool's: `BrokenProcessPool`)
            schedule.enqueue(part)
            return True
    return False


def _lost(future: Future[Outcome]) -> bool:
    """Whether the future's worker process died (the local pool is broken)."""
    return isinstance(future.exception(), BrokenExecutor)


def _result(future: Future[Outcome], part: Part) -> Outcome:
    """The outcome of a part; an error in its worker stops the run, naming the part."""
    try:
        return future.result()
    except DlxError:
        raise
    except Exception as error:  # a cluster that gave up on a part, or a check that broke
        message = f"the part below options {list(part.prefix)} failed: {error!r}"
        raise ParallelError(message) from error


def _lose(pool: Pool, parts: list[Part], schedule: Schedule, deaths: dict[TreePath, int]) -> None:
    """A worker died: the parts in flight go back in the queue, and the pool is replaced."""
    for part in parts:
        deaths[part.path] = deaths.get(part.path, 0) + 1
        if deaths[part.path] > DEATHS:
            raise ParallelError(f"the part below options {list(part.prefix)} lost its worker")
        schedule.enqueue(part)
    if not pool.replace():
        raise ParallelError("a worker of the executor died, and the executor cannot go on")
