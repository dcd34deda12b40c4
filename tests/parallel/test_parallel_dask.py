"""The parallel search on a real Dask cluster (a LocalCluster of 2 worker processes on
loopback): the sequential order and counts, a worker killed mid-run, a checkpoint resumed.
Skipped when Dask is not installed; `.ci/run` installs it (`pip install '.[cluster]'`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from commands import invoke_dlx
from parallel_helpers import KillOnce
from places import ROOT

from dlx import Stats, solve
from dlx.parallel import Progress, Report, count_parallel, solve_parallel
from dlx.puzzles import queens

distributed = pytest.importorskip("distributed")

QUEENS8 = ROOT / "corpus" / "dlx" / "reference" / "queens8.dlx"


def local_cluster(workers: int) -> Any:
    """A fresh cluster of `workers` worker processes of 1 thread each, on loopback."""
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        worker_dashboard_address=None,
    )


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a fresh cluster of 2 workers."""
    with local_cluster(2) as cluster:
        yield cluster.scheduler_address


def sequential(n: int) -> tuple[list[Any], Stats]:
    """The sequential search's solutions of n queens, and its statistics."""
    stats = Stats()
    return list(solve(queens.problem(n), stats=stats)), stats


def test_the_cluster_gives_the_sequential_order_and_counts(scheduler: str) -> None:
    """Every solution, in the sequential order; nodes and profile as the sequential search's."""
    expected, stats = sequential(8)
    report = Report()
    found = list(solve_parallel(queens.problem(8), scheduler=scheduler, budget=40, report=report))
    assert found == expected
    assert (report.stats.nodes, report.stats.profile) == (stats.nodes, stats.profile)
    assert report.split + report.expanded > 0  # split: the compiled core; expanded: Python


def test_a_killed_worker_loses_nothing(scheduler: str, tmp_path: Path) -> None:
    """A worker process dies in the middle of a part (its first node at depth 5): Dask starts
    another and runs the part again; the count is exact, nothing counted twice."""
    marker = tmp_path / "killed"
    report = Report()
    killer = KillOnce(marker, 5)
    assert count_parallel(queens.problem(8), scheduler=scheduler, prune=killer, report=report) == 92
    assert marker.exists()
    assert report.stats.nodes == sequential(8)[1].nodes


def test_workers_that_join_and_die_mid_run_lose_nothing(tmp_path: Path) -> None:
    """A cluster of one worker gains two after the first parts come back, and a worker dies in
    the middle of a part (its first node at depth 6): the solutions, their order and the
    nodes are the sequential search's, nothing lost or counted twice."""
    expected, stats = sequential(8)
    with local_cluster(1) as cluster:
        grown: list[int] = []

        def grow(progress: Progress) -> None:
            if not grown and progress.parts >= 2:
                grown.append(progress.parts)
                cluster.scale(3)

        report = Report()
        found = solve_parallel(
            queens.problem(8),
            scheduler=cluster.scheduler_address,
            budget=40,
            prune=KillOnce(tmp_path / "killed", 6),
            progress=grow,
            report=report,
        )
        assert list(found) == expected
        assert grown and (tmp_path / "killed").exists()
        assert (report.stats.nodes, report.stats.profile) == (stats.nodes, stats.profile)


def test_an_interrupted_checkpointed_run_resumes(scheduler: str, tmp_path: Path) -> None:
    """Stopped after its first solution, the run's finished parts are on disk; the rerun
    takes them and gives the same solutions in the same order."""
    file = tmp_path / "q.ckpt"
    expected, _ = sequential(8)
    stopped = solve_parallel(queens.problem(8), scheduler=scheduler, budget=40, checkpoint=file)
    assert next(stopped) == expected[0]
    stopped.close()
    report = Report()
    again = solve_parallel(queens.problem(8), scheduler=scheduler, checkpoint=file, report=report)
    assert list(again) == expected
    assert report.resumed > 0


def test_the_command_line_submits_to_the_scheduler(scheduler: str) -> None:
    """`dlx solve --scheduler tcp://...` prints what the sequential search prints."""
    here = invoke_dlx(["solve", str(QUEENS8)]).stdout
    there = invoke_dlx(["solve", "--scheduler", scheduler, str(QUEENS8)])
    assert there.exit_code == 0 and there.stdout == here
    assert invoke_dlx(["solve", "--count", "--scheduler", scheduler, str(QUEENS8)]).stdout == "92\n"


def test_no_scheduler_at_the_address_is_a_message() -> None:
    """An address where no scheduler answers: one message, exit 1."""
    result = invoke_dlx(["solve", "--count", "--scheduler", "tcp://127.0.0.1:9", str(QUEENS8)])
    assert (
        result.exit_code == 1 and "no Dask scheduler answers at tcp://127.0.0.1:9" in result.stderr
    )
