"""What a parallel run costs beside the search: one worker searches in this process, with the
same solutions, order, counters and checkpoint as a worker process; a part the clock stops
before its first node is cut where it stands, never thrown away; and the statistics tell where
each worker's time went. Nothing here depends on how fast the machine is."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import parallel_helpers
import pytest

import dlx.parallel.searching as searching
from dlx import Problem, Stats, core_name, solve
from dlx.parallel import Part, Report, Settings, count_parallel, solve_parallel
from dlx.parallel.executors import this_worker
from dlx.parallel.timing import Idle, Timing
from dlx.puzzles import queens


def run(problem: Problem[Any], checkpoint: Path, **where: Any) -> tuple[list[Any], Report]:
    """The solutions of a parallel run of `problem` and its report, keeping `checkpoint`."""
    report = Report()
    found = list(solve_parallel(problem, checkpoint=checkpoint, report=report, **where))
    return found, report


@pytest.mark.parametrize("budget", [None, 50])
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_one_worker_searches_here_as_a_worker_process_would(
    tmp_path: Path, engine: str, budget: int | None
) -> None:
    """`jobs=1` searches in this process (nothing to start or send): the solutions, their
    order, nodes, updates and profile, the parts and the checkpoint are those of one worker
    process, with or without a budget; with none, the whole tree is one part."""
    problem = queens.problem(8)
    here, alone = run(problem, tmp_path / "here", jobs=1, budget=budget, engine=engine)
    with ProcessPoolExecutor(1) as executor:
        there, apart = run(
            problem, tmp_path / "there", executor=executor, jobs=1, budget=budget, engine=engine
        )
    assert here == there and len(here) == 92
    for report in (alone, apart):
        assert (report.stats.nodes, report.stats.updates) == (
            apart.stats.nodes,
            apart.stats.updates,
        )
        assert report.stats.profile == apart.stats.profile
        assert (report.leaves, report.stops) == (apart.leaves, apart.stops)
    lines = [sorted((tmp_path / name).read_text().splitlines()) for name in ("here", "there")]
    assert lines[0] == lines[1]  # (the same parts, each as it finished)
    assert list(alone.timing.worked) == [this_worker()]
    assert this_worker() not in apart.timing.worked and len(apart.timing.worked) == 1
    if budget is None:
        assert (alone.parts, alone.timing.sent) == (1, 1)
    if engine == "links":  # (the cells core may take a part's forced moves in another order)
        stats = Stats()
        assert here == list(solve(problem, stats=stats))
        assert (alone.stats.nodes, alone.stats.profile) == (stats.nodes, stats.profile)


def test_one_worker_takes_no_process_and_sends_nothing() -> None:
    """One worker is this process: a pruning check that notes the process it runs in is run
    here, at every node; two workers run it elsewhere."""
    parallel_helpers.SEEN.clear()
    assert count_parallel(queens.problem(6), jobs=1, prune=parallel_helpers.note_process) == 4
    assert {os.getpid()} == parallel_helpers.SEEN
    parallel_helpers.SEEN.clear()
    assert count_parallel(queens.problem(6), jobs=2, prune=parallel_helpers.note_process) == 4
    assert not parallel_helpers.SEEN


@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_part_the_clock_stops_before_its_first_node_is_cut_where_it_stands(
    engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A time slice spent before a part's first node (a loaded machine) gives it that node:
    the part is stopped there and leaves the rest of its tree as parts, nothing expanded or
    thrown away, every solution found once. (The slice here is spent before the search
    starts, whatever the machine's speed.)"""
    if core_name() != "compiled":
        pytest.skip("only the compiled cores tell where their budget stopped them")
    monkeypatch.setattr(searching, "MOMENT", 1e-9)
    problem = queens.problem(8)
    settings = Settings(solutions=False, engine=engine, seconds=1e-9)
    stopped = searching.search(problem, Part((), (), 1.0), settings)
    assert stopped.searched == [()] and not stopped.expanded and stopped.wasted_nodes == 0
    assert stopped.stop is not None and len(stopped.stop) == 1 and stopped.nodes == 1
    rest = [
        searching.search(problem, part, Settings(solutions=False, engine=engine))
        for part in stopped.parts()
    ]
    assert sum(outcome.solutions for outcome in rest) == 92


def test_the_idle_time_of_each_worker_adds_up() -> None:
    """A worker's seconds are its parts' and its idle ones: before its first part, between its
    parts, after its last; a worker never sent a part waited the whole run."""
    timing = Timing(began=100.0, ended=110.0, workers=3)
    timing.add("a", 101.0, 2.0, 2.0)  # a: 101-103, 105-108
    timing.add("a", 105.0, 3.0, 1.5)
    timing.add("b", 100.5, 9.0, 9.0)  # b: 100.5-109.5
    assert timing.idle() == [Idle(1.0, 2.0, 2.0), Idle(0.5, 0.0, 0.5), Idle(10.0, 0.0, 0.0)]
    assert timing.sent == 3 and timing.seconds == 10.0
    assert timing.busy() == pytest.approx(14.0 / 30.0)
    assert timing.on_processor() == pytest.approx(12.5 / 14.0)


def test_a_run_tells_which_worker_searched_what() -> None:
    """Two worker processes: every part sent came back from one of them (not this process),
    each worker's busy seconds within the run's, and the parent's own work counted apart."""
    report = Report()
    assert count_parallel(queens.problem(9), jobs=2, budget=200, report=report) == 352
    timing = report.timing
    assert timing.workers == 2 and 1 <= len(timing.worked) <= 2
    assert this_worker() not in timing.worked
    assert sum(done.parts for done in timing.worked.values()) == timing.sent
    assert timing.sent >= report.split + 1 and timing.parent >= 0.0
    for done in timing.worked.values():
        assert timing.began <= done.first <= done.last <= timing.ended
        assert 0.0 <= done.busy <= timing.seconds
    assert all(idle.total <= timing.seconds + 1e-9 for idle in timing.idle())
