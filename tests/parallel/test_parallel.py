"""The parallel search: the sequential order and counts, the statistics' relation, a lost
worker, checkpoints, refusals, and Knuth's estimate (exact in expectation)."""

from __future__ import annotations

import functools
import pickle
import subprocess
import sys
from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from parallel_helpers import BreaksInWorkers, KillOnce, odd_first
from places import ROOT
from strategies import coloured_raw_problems, problems

from dlx import Problem, Stats, core_name, solve
from dlx.estimate import probe, step
from dlx.parallel import (
    CheckpointError,
    ParallelError,
    Part,
    Report,
    Settings,
    branches,
    count_parallel,
    fingerprint,
    solve_parallel,
    workers_for,
)
from dlx.parallel.parts import GROUPS
from dlx.parallel.searching import search
from dlx.puzzles import pentomino, queens

THREADS = ThreadPoolExecutor(2)


def sequential(
    problem: Problem[Hashable], **options: object
) -> tuple[list[tuple[Hashable, ...]], Stats]:
    """The sequential search's solutions and statistics."""
    stats = Stats()
    return list(solve(problem, stats=stats, **options)), stats  # type: ignore[arg-type]


def kept_updates(problem: Problem[Hashable], prefix: tuple[int, ...]) -> int:
    """The updates of the search kept to the way down to `prefix` (each node's branching
    cover, and taking each option of the way)."""
    way = {prefix[:k] for k in range(len(prefix) + 1)}
    kept = Stats()
    for _ in solve(problem, prune=lambda options: tuple(options) in way, stats=kept):
        pass
    return kept.updates


def edge_updates(problem: Problem[Hashable], report: Report) -> int:
    """The updates of taking the last option of each part's prefix, which no search counted:
    every part takes its prefix as givens, uncounted, and only a part its budget stopped took
    the option of the node it stood at (`report.stops`) before leaving that node to a part."""
    total = 0
    for prefix in {*report.leaves, *report.inner} - {*report.stops, ()}:
        # the way down to prefix, less the way to its parent, less prefix's branching cover
        total += kept_updates(problem, prefix) - kept_updates(problem, prefix[:-1])
        total -= branches(problem, prefix)[2].updates
    return total


def check_against_sequential(problem: Problem[Hashable], **where: object) -> Report:
    """Solve in parallel; the solutions, their order, nodes and profile are the sequential
    search's, and the updates differ by exactly those of choosing the prefixes."""
    expected, stats = sequential(problem)
    report = Report()
    found = list(solve_parallel(problem, report=report, **where))  # type: ignore[arg-type]
    assert found == expected
    assert report.stats.solutions == len(expected)
    assert report.stats.nodes == stats.nodes
    assert report.stats.profile == stats.profile
    assert stats.updates - report.stats.updates == edge_updates(problem, report)
    assert len(report.leaves) == report.parts
    return report


@settings(max_examples=60, deadline=None)
@given(problems())
def test_any_problem_splits_into_the_sequential_search(
    case: tuple[Problem[Hashable], object],
) -> None:
    """Random problems, cut small by a tiny budget, on threads: everything as sequential."""
    check_against_sequential(case[0], executor=THREADS, jobs=2, budget=2)


@settings(max_examples=40, deadline=None)
@given(coloured_raw_problems().map(lambda raw: replace(raw, bounds=())))
def test_coloured_problems_split_too(raw: object) -> None:
    """Colours (Algorithm M's path, without multiplicities) split by options as well."""
    check_against_sequential(raw.build(), executor=THREADS, jobs=2, budget=2)  # type: ignore[attr-defined]


@pytest.mark.parametrize("jobs", [1, 2])
def test_processes_give_the_sequential_order(jobs: int) -> None:
    """Queens 8 on worker processes, small budget: parts stopped by their budget leave the rest
    of their tree to other parts (the compiled core; the pure-Python one cannot tell where it
    stood, and its parts are thrown away and expanded): nothing lost, doubled or wasted."""
    report = check_against_sequential(queens.problem(8), jobs=jobs, budget=8)
    if core_name() == "compiled":
        assert report.split > 0 and report.wasted_nodes == 0
    else:
        assert report.expanded > 0 and report.wasted_nodes > 0


def test_the_python_core_expands_what_overruns_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pure-Python core tells nothing of where its budget stopped it: the part's run is
    thrown away (counted as wasted) and its children searched instead; the same order and
    counts."""
    monkeypatch.setenv("DLX_CORE", "python")
    report = check_against_sequential(queens.problem(7), executor=THREADS, jobs=2, budget=8)
    assert report.split == 0 and report.expanded > 0 and report.wasted_nodes > 0


def test_a_core_that_cannot_tell_where_it_stopped_is_cut_in_advance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the core cannot tell where a budget stopped it (the pure-Python one), a stop would
    throw the run away: the schedule cuts the parts estimated large in advance, and the parts
    run under a budget in nodes (a time slice would throw away a slow core's every part):
    nothing wasted, nothing split, the sequential order and counts."""
    monkeypatch.setenv("DLX_CORE", "python")
    report = check_against_sequential(queens.problem(8), executor=THREADS, jobs=2)
    assert report.expanded > 0 and (report.split, report.wasted_nodes) == (0, 0)


@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_stopped_part_leaves_the_rest_of_its_tree(engine: str) -> None:
    """A part its budget stops keeps its solutions and counters and leaves, as parts, the
    node it stood at, then the options it had not tried, deepest first, in a few parts: the
    parts together hold every solution once, in the engine's own order for links."""
    if core_name() != "compiled":
        pytest.skip("only the compiled cores tell where their budget stopped them")
    problem = queens.problem(8)
    stopped = search(problem, Part((), (), 1.0), Settings(budget=30, engine=engine))
    assert stopped.searched == [()] and not stopped.expanded and stopped.wasted_nodes == 0
    assert stopped.stop == stopped.rest[0][0] and stopped.rest[0][1] == ()
    depths = [len(prefix) for prefix, _, _ in stopped.rest]
    assert depths == sorted(depths, reverse=True)
    assert 0 < sum(share for _, _, share in stopped.rest) < 1.0
    found = [*stopped.found]
    assert len(stopped.rest) <= 1 + GROUPS
    for part in stopped.parts():
        found.extend(search(problem, part, Settings(engine=engine)).found)
    expected = [tuple(map(problem.option_number, s)) for s in solve(problem, engine=engine)]
    if engine == "links":
        assert found == expected
    else:  # (a part's forced moves may come in another order: each solution as a set)
        assert sorted(map(sorted, found)) == sorted(map(sorted, expected))


def test_a_run_of_siblings_shares_one_budget() -> None:
    """A part of several sibling subtrees searches them in order under one budget; when it is
    spent, the siblings not searched go on as one part, nothing lost."""
    problem = queens.problem(8)
    first = [(option,) for option in branches(problem, [])[0]]
    part = Part((), first[0], 1.0, tuple(first[1:]))
    whole = search(problem, part, Settings())
    assert whole.searched == first and whole.solutions == 92 and not whole.rest
    cut = search(problem, part, Settings(budget=200))
    assert cut.searched == first[: len(cut.searched)] and cut.rest
    found = [*cut.found]
    for rest in cut.parts():
        found.extend(search(problem, rest, Settings()).found)
    assert found == [tuple(map(problem.option_number, s)) for s in solve(problem)]


def test_more_workers_than_cores_give_the_same_search() -> None:
    """Eight worker processes, on however few cores: the sequential order, count and nodes
    (links); every solution once and the count (cells)."""
    problem = queens.problem(9)
    report = check_against_sequential(problem, jobs=8, budget=300)
    assert report.stats.solutions == 352
    expected = {frozenset(s) for s in solve(problem, engine="cells")}
    found = list(solve_parallel(problem, jobs=8, budget=300, engine="cells"))
    assert len(found) == 352 and {frozenset(s) for s in found} == expected
    assert count_parallel(problem, jobs=8, budget=300, engine="cells") == 352


def test_one_worker_runs_one_part_without_a_budget() -> None:
    """With one worker nothing is cut in advance and no budget applies: one part, no waste."""
    report = check_against_sequential(queens.problem(7), jobs=1)
    assert (report.parts, report.expanded, report.wasted_nodes) == (1, 0, 0)


def test_count_sends_back_counts_only() -> None:
    """`count_parallel` on pentominoes 3 x 20: all 8 fillings; the statistics as sequential."""
    problem = pentomino.problem(3, 20)
    _, stats = sequential(problem)
    report = Report()
    assert count_parallel(problem, jobs=2, budget=2000, report=report) == 8
    assert (report.stats.nodes, report.stats.profile) == (stats.nodes, stats.profile)


def test_a_picklable_pruning_check_runs_in_the_workers() -> None:
    """A module-level pruning check goes to the workers; the nodes it cuts are still counted."""
    expected, stats = sequential(queens.problem(6), prune=odd_first)
    report = Report()
    found = list(
        solve_parallel(queens.problem(6), jobs=2, budget=20, prune=odd_first, report=report)
    )
    assert found == expected and report.stats.nodes == stats.nodes


def test_a_worker_that_dies_has_its_part_run_again(tmp_path: Path) -> None:
    """A worker process killed in the middle of a part: the pool is replaced, the part is run
    again, and the count is exact (nothing lost, nothing counted twice)."""
    marker = tmp_path / "killed"
    report = Report()
    count = count_parallel(queens.problem(8), jobs=2, prune=KillOnce(marker, 5), report=report)
    assert marker.exists() and report.restarts >= 1
    assert count == 92
    assert report.stats.nodes == sequential(queens.problem(8))[1].nodes


def test_a_checkpoint_resumes_an_interrupted_run(tmp_path: Path) -> None:
    """A run stopped early leaves its finished parts; the rerun takes them and gives the same
    solutions in the same order, searching only the rest; a last line cut short is ignored."""
    problem = queens.problem(8)
    file = tmp_path / "run.ckpt"
    expected, _ = sequential(problem)
    interrupted = solve_parallel(problem, jobs=2, budget=200, checkpoint=file)
    assert [next(interrupted) for _ in range(20)] == expected[:20]
    interrupted.close()
    lines = file.read_text().splitlines()
    assert len(lines) > 2
    with file.open("a") as handle:
        handle.write('{"path": [0, 1')  # a crash in the middle of a line
    report = Report()
    assert (
        list(solve_parallel(problem, jobs=2, budget=200, checkpoint=file, report=report))
        == expected
    )
    assert report.resumed == len(lines) - 1
    finished = file.read_text()
    again = Report()
    assert list(solve_parallel(problem, jobs=2, checkpoint=file, report=again)) == expected
    assert again.resumed > 0 and file.read_text() == finished  # nothing searched again
    assert again.stats.nodes == report.stats.nodes


def test_a_checkpoint_of_an_older_format_is_refused(tmp_path: Path) -> None:
    """A checkpoint another version of dlx wrote (its first line names another format) is
    refused with a message that says so, and left as it was."""
    file = tmp_path / "old.ckpt"
    file.write_text('{"dlx-checkpoint": 1, "fingerprint": "0123"}\n')
    with pytest.raises(CheckpointError, match="written by another version of dlx"):
        count_parallel(queens.problem(6), jobs=1, checkpoint=file)
    assert file.read_text() == '{"dlx-checkpoint": 1, "fingerprint": "0123"}\n'


def test_a_foreign_checkpoint_is_refused(tmp_path: Path) -> None:
    """The checkpoint of another problem, or of counting rather than listing, is refused."""
    file = tmp_path / "run.ckpt"
    assert count_parallel(queens.problem(6), jobs=1, checkpoint=file) == 4
    with pytest.raises(CheckpointError, match="another problem or other options"):
        count_parallel(queens.problem(7), jobs=1, checkpoint=file)
    with pytest.raises(CheckpointError, match="another problem or other options"):
        list(solve_parallel(queens.problem(6), jobs=1, checkpoint=file))
    file.write_text("not a checkpoint\n")
    with pytest.raises(CheckpointError):
        count_parallel(queens.problem(6), jobs=1, checkpoint=file)


def test_what_cannot_be_sent_is_refused() -> None:
    """A pruning check that cannot be pickled, and multiplicities, are refused with a reason."""
    with pytest.raises(ParallelError, match="cannot be sent to another process"):
        count_parallel(queens.problem(5), jobs=2, prune=lambda options: True)
    with pytest.raises(ParallelError, match="cannot be sent to another process"):
        solve_parallel(queens.problem(5), jobs=2, prune=lambda options: True)  # at once
    bounded = Problem(["a"], bounds={"a": (1, 2)})
    bounded.add_option("x", ["a"])
    with pytest.raises(ParallelError, match="multiplicities"):
        count_parallel(bounded, jobs=2)
    with pytest.raises(ValueError, match="jobs must be at least 0"):
        workers_for(-1)
    assert workers_for(0) >= 1


def test_a_part_that_fails_in_its_worker_names_the_part() -> None:
    """An exception in a worker stops the run with a `ParallelError` naming the part."""
    with pytest.raises(ParallelError, match=r"the part below options \[.*\] failed: RuntimeError"):
        count_parallel(queens.problem(6), jobs=2, prune=BreaksInWorkers())


def test_a_solved_problem_pickles_without_its_links() -> None:
    """A problem that has searched pickles (its links are rebuilt) and searches the same."""
    problem = queens.problem(6)
    expected, _ = sequential(problem)
    assert sequential(pickle.loads(pickle.dumps(problem)))[0] == expected


def test_branches_follow_the_sequential_item_choice() -> None:
    """The children of each prefix are the options the sequential search tries there: the
    first solution's prefixes are found by always taking the child on its way."""
    problem = queens.problem(8)
    first = [problem.option_number(key) for key in sequential(problem)[0][0]]
    for k in range(len(first)):
        assert first[k] in branches(problem, first[:k], Settings())[0]


def expected_estimate(problem: Problem[Hashable], path: list[int], chance: float) -> list[float]:
    """The mean of `probe` over every random path, weighted by its chance."""
    children, _, _ = step(problem, path)
    if not children:
        picks = iter(path)
        result = probe(problem, lambda options: options.index(next(picks)))
        return [chance * value for value in result]
    total = [0.0, 0.0, 0.0]
    for child in children:
        part = expected_estimate(problem, [*path, child], chance / len(children))
        total = [a + b for a, b in zip(total, part, strict=True)]
    return total


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_estimate_is_exact_in_expectation(n: int) -> None:
    """Knuth's estimator averaged over all paths gives the exact nodes, updates, solutions."""
    problem = queens.problem(n)
    solutions, stats = sequential(problem)
    expected = expected_estimate(problem, [], 1.0)
    assert expected == pytest.approx([stats.nodes, stats.updates, len(solutions)], rel=1e-9)


def test_options_and_keys_survive_the_trip(tmp_path: Path) -> None:
    """Keys of any picklable kind come back as the caller's keys."""
    problem: Problem[Sequence[object]] = Problem.from_options(
        ["a", "b"], [(("ab", 1), ["a", "b"]), (("a", 2.5), ["a"]), (("b", None), ["b"])]
    )
    assert list(solve_parallel(problem, jobs=2, budget=1)) == list(solve(problem))


def test_a_checkpoint_names_its_pruning_check_by_what_it_is() -> None:
    """A picklable check (a partial included) names the same run every time, never by an
    address; another check of the same name names another run."""
    problem = queens.problem(5)

    def named(prune: object) -> str:
        return fingerprint(problem, Settings(prune=prune))  # type: ignore[arg-type]

    assert named(functools.partial(odd_first)) == named(functools.partial(odd_first))
    assert named(odd_first) != named(functools.partial(odd_first)) != named(None)
    assert named(KillOnce(Path("a"), 1)) != named(KillOnce(Path("b"), 1))
    here = ROOT / "tests" / "helpers"  # (where parallel_helpers lies)
    code = (
        "import functools, parallel_helpers as h; from dlx.parallel import Settings, fingerprint;"
        "from dlx.puzzles import queens;"
        "print(fingerprint(queens.problem(5), Settings(prune=functools.partial(h.odd_first))))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], cwd=here, capture_output=True, text=True, check=True
    )
    assert other.stdout.strip() == named(functools.partial(odd_first))  # another process


@pytest.mark.parametrize("search", [solve_parallel, count_parallel])
def test_an_unknown_keyword_is_refused_as_a_call_refuses_it(search: object) -> None:
    """Both take their keywords through one typed set (`ParallelKeywords`): a misspelt one is
    a TypeError before any worker starts, never silently ignored."""
    with pytest.raises(TypeError, match="'jbs'"):
        search(queens.problem(4), jbs=1)  # type: ignore[operator]
