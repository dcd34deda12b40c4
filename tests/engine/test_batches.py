"""Listing in batches (issue 37): where no one can see the statistics between two solutions
(`solve` without `stats`, hooks or a memo), the compiled cores hand the solutions over many to a
call (`Search.batch`), and everything a caller can see is as before: the same solutions in the
same order, a `limit` never overrun, an error raised only after the solutions found before it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from places import ROOT
from test_counting import queens

from dlx import FailureMemo, Problem, Stats, solve
from dlx.engines.cells.engine import COMPILED as CELLS_COMPILED
from dlx.engines.cells.engine import table_for
from dlx.engines.counters import BATCH, NO_LIMIT, POLL_NODES
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.engines.links.engine import compiled_links
from dlx.engines.settings import CoreName
from dlx.errors import EngineOptionError
from dlx.knuth import read_dlx
from dlx.parallel import solve_parallel
from dlx.puzzles import pentomino

SOLVE = importlib.import_module("dlx.solve")  # (the package's `solve` is the function)
SEARCHING = importlib.import_module("dlx.parallel.searching")

needs_compiled = pytest.mark.skipif(
    not (LINKS_COMPILED and CELLS_COMPILED), reason="the compiled cores were not built"
)

CORPUS = sorted((ROOT / "corpus" / "dlx").glob("*.dlx"))


def raw_search(problem: Problem[Any], engine: str, show: Callable[[], None] | None = None) -> Any:
    """A compiled core's own search object over `problem`, every solution handed over
    (`engine` "links" runs Algorithm X, "links-m" Algorithm M)."""
    if engine == "cells":
        return table_for(problem, "compiled").search([], NO_LIMIT, None, show, False, 0)
    links = compiled_links(problem)
    general = engine == "links-m"
    return links.search(
        general, "mrv", (), (), (), None, 0, None, None, NO_LIMIT, None, show, False, 0
    )


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
@pytest.mark.parametrize("size", [1, 7, 1000])
def test_batches_hold_at_most_their_size_and_together_every_solution(
    engine: str, size: int
) -> None:
    problem = queens(7)
    one_by_one = list(raw_search(problem, engine))
    search = raw_search(problem, engine)
    batches = []
    while batch := search.batch(size):
        batches.append(batch)
    assert all(len(batch) <= size for batch in batches)
    assert [solution for batch in batches for solution in batch] == one_by_one
    assert len(one_by_one) == 40 and len(batches) == -(-40 // size)
    assert search.batch(size) == []  # over, and stays over


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "links-m", "cells"])
def test_a_batch_holding_a_solution_ends_at_the_next_poll(engine: str) -> None:
    """Where solutions lie far apart (the pentominoes in 3 x 20: 8 solutions in thousands of
    nodes), a batch that holds one hands it over at the search's next poll, at most
    POLL_NODES nodes later, rather than when the batch is full: listing stays lazy."""
    problem = pentomino.problem(3, 20)
    found_at = []  # the nodes searched when each solution was found
    one_by_one = raw_search(problem, engine)
    for _ in one_by_one:
        found_at.append(one_by_one.stats()[0])
    search = raw_search(problem, engine)
    batches, ended_at = [], []
    while batch := search.batch(1000):
        batches.append(batch)
        ended_at.append(search.stats()[0])
    listed = [solution for batch in batches for solution in batch]
    assert len(batches) > 1 and listed == list(raw_search(problem, engine))
    first = 0
    for batch, end in zip(batches[:-1], ended_at, strict=False):
        assert end - found_at[first] <= POLL_NODES
        first += len(batch)


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_batch_of_no_solution_is_refused(engine: str) -> None:
    search = raw_search(queens(4), engine)
    with pytest.raises(ValueError, match="at least one solution"):
        search.batch(0)
    assert search.batch(5) == list(raw_search(queens(4), engine))  # (its two solutions)


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_an_error_after_some_solutions_comes_with_the_next_batch(engine: str) -> None:
    """The progress display fails at the search's second poll (4,096 nodes in): the solutions
    found before it are handed over first, then the error, as one solution a call has it."""

    def failing_at(polls: list[int]) -> Callable[[], None]:
        def show() -> None:
            polls.append(1)
            if len(polls) == 2:
                raise RuntimeError("the display broke")

        return show

    problem = queens(10)
    before: list[list[int]] = []
    with pytest.raises(RuntimeError):
        for solution in raw_search(problem, engine, failing_at([])):
            before.append(solution)
    assert before  # (the second poll comes after some solutions)
    search = raw_search(problem, engine, failing_at([]))
    assert search.batch(10**6) == before
    with pytest.raises(RuntimeError, match="the display broke"):
        search.batch(10**6)


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_solve_without_statistics_fails_where_it_did(engine: str) -> None:
    """Through `solve`: the same solutions before the same error, batches or not."""

    def until_the_error(**options: Any) -> tuple[list[tuple[Any, ...]], list[int]]:
        seen: list[int] = []

        def failing(stats: Stats) -> None:
            seen.append(stats.nodes)
            if len(seen) == 2:
                raise RuntimeError("the display broke")

        got = []
        with pytest.raises(RuntimeError):
            for solution in solve(queens(10), engine=engine, progress=failing, **options):
                got.append(solution)
        return got, seen

    batched, one_at_a_time = until_the_error(), until_the_error(stats=Stats())
    assert batched == one_at_a_time  # the same solutions, and the display saw the same nodes
    assert batched[0]


@pytest.mark.parametrize("core", ["python", "compiled"])
@pytest.mark.parametrize("engine", ["links", "cells"])
@pytest.mark.parametrize("limit", [None, 1, 3, 39, 40, 41, 300])
def test_solutions_and_limits_are_those_of_one_at_a_time(
    core: CoreName, engine: str, limit: int | None
) -> None:
    if core == "compiled" and not (LINKS_COMPILED and CELLS_COMPILED):
        pytest.skip("the compiled cores were not built")
    problem = queens(7)
    stats = Stats()
    one_at_a_time = list(solve(problem, core=core, engine=engine, limit=limit, stats=stats))
    assert list(solve(problem, core=core, engine=engine, limit=limit)) == one_at_a_time
    assert len(one_at_a_time) == min(40, limit or 40) == stats.solutions


@needs_compiled
@pytest.mark.parametrize("path", CORPUS, ids=[path.stem for path in CORPUS])
def test_the_corpus_listed_in_batches_as_one_at_a_time(path: Path) -> None:
    problem = read_dlx(path).problem
    for engine in ("links", "cells"):
        try:
            expected = list(solve(problem, engine=engine, stats=Stats(), limit=5000))
        except EngineOptionError:  # (multiplicities: not for the cells engine)
            continue
        assert list(solve(problem, engine=engine, limit=5000)) == expected


def batches_asked(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[int]:
    """The batch size of each search `module` starts through `solve_with`, as it starts."""
    asked: list[int] = []
    real = module.solve_with

    def spy(problem: Problem[Any], settings: Any, stats: Stats) -> Any:
        asked.append(settings.batch)
        return real(problem, settings, stats)

    monkeypatch.setattr(module, "solve_with", spy)
    return asked


def test_batches_only_where_no_one_sees_between_solutions(monkeypatch: pytest.MonkeyPatch) -> None:
    """`solve` asks for batches without `stats`, hooks or a memo; with any of them, one
    solution a call, so that the statistics, the hooks' calls and the memo's counts are current
    at each solution."""
    asked = batches_asked(monkeypatch, SOLVE)
    problem = queens(5)
    list(solve(problem))
    list(solve(problem, stats=Stats()))
    list(solve(problem, prune=lambda chosen: True))
    list(solve(problem, learn=lambda chosen: None))
    list(solve(problem, memo=FailureMemo()))
    assert asked == [BATCH, 1, 1, 1, 1]


def test_parts_searched_in_parallel_list_in_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A part's statistics and pruning check are looked at only once it is done: its search
    asks for batches, and the parts together give the sequential search's solutions."""
    asked: list[int] = []
    real = SEARCHING._run

    def spy(problem: Problem[Any], settings: Any, *rest: Any) -> Any:
        asked.append(settings.batch)
        return real(problem, settings, *rest)

    monkeypatch.setattr(SEARCHING, "_run", spy)
    problem = queens(7)
    with ThreadPoolExecutor(2) as threads:
        found = list(solve_parallel(problem, executor=threads, jobs=2, budget=30))
    assert found == list(solve(problem, stats=Stats()))
    assert asked and set(asked) == {BATCH}


def test_search_settings_takes_no_batch() -> None:
    with pytest.raises(TypeError, match="'batch'"):
        SOLVE.search_settings(queens(4), batch=10)


def test_keys_that_are_the_options_numbers_are_known_as_such() -> None:
    """Knuth's files key each option by its number: a solution's keys are its numbers, no
    look-up needed; any other key turns that off for good."""
    knuth = read_dlx(CORPUS[0]).problem
    assert knuth.keys_are_numbers
    assert not queens(4).keys_are_numbers
    problem: Problem[Any] = Problem(["a", "b"])
    problem.add_option(0, ["a"])
    problem.add_option(1, ["b"])
    assert problem.keys_are_numbers
    problem.add_option(2.0, ["a", "b"])  # equal to its number 2, but no int
    assert not problem.keys_are_numbers
    problem.add_option(3, ["a", "b"])
    assert not problem.keys_are_numbers
    solutions = list(solve(problem))
    assert solutions == list(solve(problem, stats=Stats()))
    assert sorted(solutions, key=repr) == [(0, 1), (2.0,), (3,)]
    assert [type(key) for solution in solutions for key in solution].count(float) == 1


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_ctrl_c_kept_for_the_next_batch_arrives_when_the_search_is_closed(engine: str) -> None:
    """Ctrl-C in the middle of a batch: the solutions found before it come over first, and a
    caller who stops listing then (closing the search) is interrupted all the same."""
    polls: list[int] = []

    def interrupted() -> None:
        polls.append(1)
        if len(polls) == 2:
            raise KeyboardInterrupt

    search = raw_search(queens(10), engine, interrupted)
    assert search.batch(10**6)  # the solutions before the second poll
    with pytest.raises(KeyboardInterrupt):
        search.close()
        for _ in range(1000):  # (the interrupt is raised at the next check for signals)
            pass
    search.close()  # once only


@needs_compiled
def test_a_search_whose_batch_ended_its_dance_holds_the_links_no_more() -> None:
    """Eight queens' 92 solutions fit in one batch: once the first is handed over, the dance is
    over and its links free, so a second search of the problem runs (one still dancing holds
    them: tests/engine/test_engine.py)."""
    problem = queens(8)
    search = solve(problem)
    head = next(search)
    assert sum(1 for _ in solve(problem)) == 92
    assert [head, *search] == list(solve(problem, stats=Stats()))
