"""Counting where solutions are found (issue 37): `count` runs the compiled cores in a mode where
no solution leaves C, and gives the same number and the same statistics (nodes, updates,
solutions, status, profile, memo counts) as listing the solutions, on every core and engine;
budgets, limits, progress and Ctrl-C behave as when listing."""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from commands import invoke_dlx
from cores import links_state
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT, SHARED
from strategies import bounded_raw_problems, coloured_raw_problems, raw_problems

import dlx.parallel.searching
from dlx import FailureMemo, MemoUnsupportedError, Problem, Stats, Status, count, solve
from dlx.engines.cells.engine import COMPILED as CELLS_COMPILED
from dlx.engines.counters import NO_LIMIT
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.engines.links.engine import search_compiled
from dlx.engines.settings import CoreName, SearchSettings
from dlx.knuth import read_dlx
from dlx.parallel.parts import Part
from dlx.parallel.parts import Settings as PartSettings
from dlx.parallel.searching import search

needs_compiled = pytest.mark.skipif(
    not (LINKS_COMPILED and CELLS_COMPILED), reason="the compiled cores were not built"
)

REFERENCE = SHARED / "dlx-reference"
SMALL = sorted((ROOT / "corpus" / "dlx").glob("*.dlx"))
"""The corpus's problems, small enough for the pure-Python core."""
SHARED = ("queens8.dlx", "queens12.dlx", "pent8x8_hole.dlx", "sudoku_inkala.dlx")


@dataclass(frozen=True)
class Settings:
    """One search's arguments, drawn at random (the hooks are functions of the options chosen)."""

    choose: str
    givens: tuple[Hashable, ...]
    item_order: tuple[Hashable, ...]
    memo: bool
    prune: int  # 0: none; else cut a node whose options sum to one less than a multiple of this
    learn: bool
    limit: int | None
    max_nodes: int | None


def figures(stats: Stats) -> tuple[object, ...]:
    """What a search reports, but its time."""
    return stats.nodes, stats.updates, stats.solutions, stats.status, list(stats.profile)


def run(problem: Problem[Any], how: Settings, core: str, counting: bool) -> tuple[object, ...]:
    """The number of solutions of one search, counted or listed, with its figures, the hooks'
    calls and the memo's hits and stores."""
    calls: list[tuple[str, tuple[int, ...]]] = []

    def prune(chosen: Sequence[int]) -> bool:
        calls.append(("prune", tuple(chosen)))
        return sum(chosen) % how.prune != how.prune - 1

    def learn(chosen: Sequence[int]) -> None:
        calls.append(("learn", tuple(chosen)))

    stats = Stats()
    memo = FailureMemo() if how.memo else None
    keywords: dict[str, Any] = {
        "choose": how.choose,
        "givens": how.givens,
        "item_order": how.item_order,
        "memo": memo,
        "prune": prune if how.prune else None,
        "learn": learn if how.learn else None,
        "limit": how.limit,
        "max_nodes": how.max_nodes,
        "stats": stats,
        "core": core,
    }
    try:
        found = count(problem, **keywords) if counting else len(list(solve(problem, **keywords)))
    except MemoUnsupportedError as error:  # refused alike, before any search
        return (str(error),)
    hits = (memo.hits, memo.stores) if memo is not None else None
    return found, figures(stats), calls, hits


@st.composite
def settings_for(draw: st.DrawFn, problem: Problem[Any]) -> Settings:
    """Random arguments for a links search of `problem`."""
    primary = problem.items[: problem.primary_count]
    keys = st.lists(st.sampled_from(problem.keys), max_size=2, unique=True)
    return Settings(
        choose=draw(st.sampled_from(["mrv", "first", "sweep"])),
        givens=tuple(draw(keys)) if problem.keys else (),
        item_order=tuple(draw(st.permutations(primary))[: draw(st.integers(0, len(primary)))]),
        memo=draw(st.booleans()) and not problem.has_colours,
        prune=draw(st.sampled_from([0, 0, 2, 3])),
        learn=draw(st.booleans()),
        limit=draw(st.one_of(st.none(), st.integers(1, 3))),
        max_nodes=draw(st.one_of(st.none(), st.integers(1, 12))),
    )


def any_problem() -> st.SearchStrategy[Problem[Any]]:
    """Plain problems, problems with multiplicities and problems with colours."""
    return st.one_of(
        raw_problems().map(lambda raw: raw.build()),
        bounded_raw_problems().map(lambda raw: raw.build()),
        coloured_raw_problems().map(lambda raw: raw.build()),
    )


@needs_compiled
@settings(max_examples=250, deadline=None)
@given(st.data())
def test_links_counted_as_listed_and_as_the_python_core_counts(data: st.DataObject) -> None:
    problem = data.draw(any_problem())
    how = data.draw(settings_for(problem))
    before = links_state(problem)
    counted = run(problem, how, "compiled", counting=True)
    assert counted == run(problem, how, "compiled", counting=False)
    assert counted == run(problem, how, "python", counting=True)
    assert links_state(problem) == before


@needs_compiled
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_cells_counted_as_listed_and_as_the_python_dance_counts(data: st.DataObject) -> None:
    problem = data.draw(
        st.one_of(
            raw_problems().map(lambda raw: raw.build()),
            coloured_raw_problems().map(lambda raw: raw.build()),
        ).filter(lambda problem: not problem.has_multiplicities)
    )
    keys = st.lists(st.sampled_from(problem.keys), max_size=2, unique=True)
    keywords: dict[str, Any] = {
        "engine": "cells",
        "givens": tuple(data.draw(keys)) if problem.keys else (),
        "limit": data.draw(st.one_of(st.none(), st.integers(1, 3))),
        "max_nodes": data.draw(st.one_of(st.none(), st.integers(1, 12))),
    }
    answers = []
    runs: list[tuple[CoreName, bool]] = [("compiled", True), ("compiled", False), ("python", True)]
    for core, counting in runs:
        stats = Stats()
        if counting:
            found = count(problem, stats=stats, core=core, **keywords)
        else:
            found = len(list(solve(problem, stats=stats, core=core, **keywords)))
        answers.append((found, figures(stats)))
    assert answers[0] == answers[1] == answers[2]


def corpus() -> list[Path]:
    """The corpus's problems and those of ../shared/dlx-reference that are there."""
    return SMALL + [REFERENCE / name for name in SHARED if (REFERENCE / name).is_file()]


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
@pytest.mark.parametrize("path", corpus(), ids=lambda path: path.stem)
def test_corpus_counted_as_listed(path: Path, engine: str) -> None:
    problem = read_dlx(path).problem
    if engine == "cells" and problem.has_multiplicities:
        pytest.skip("the cells engine takes no multiplicities")
    cores: list[CoreName] = ["compiled", "python"] if path in SMALL else ["compiled"]
    answers = set()
    for core in cores:
        for limit in (None, 2):
            counted, listed = Stats(), Stats()
            found = count(problem, stats=counted, core=core, engine=engine, limit=limit)
            solutions = list(solve(problem, stats=listed, core=core, engine=engine, limit=limit))
            assert (found, figures(counted)) == (len(solutions), figures(listed))
            answers.add((limit, found, repr(figures(counted))))
    assert len(answers) == 2  # each limit's answer the same on every core


@needs_compiled
@pytest.mark.parametrize("general", [False, True])
def test_the_compiled_core_hands_over_no_solution_before_the_one_counted_to(general: bool) -> None:
    problem = queens(6)
    listed = list(search_compiled(problem, Stats(), SearchSettings(), general))
    assert len(listed) == 4
    for k in range(6):
        stats = Stats()
        handed = list(search_compiled(problem, stats, SearchSettings(count_to=k), general))
        assert handed == listed[max(k, 1) - 1 :]
        assert stats.solutions == 4 and stats.status is Status.EXHAUSTED


def queens(n: int) -> Problem[tuple[int, int]]:
    """n queens: rows and columns primary, diagonals secondary."""
    problem: Problem[tuple[int, int]] = Problem(
        [f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)],
        [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)],
    )
    for r in range(n):
        for c in range(n):
            problem.add_option((r, c), [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"])
    return problem


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_count_shows_its_progress_every_few_thousand_nodes(engine: str) -> None:
    seen: list[tuple[int, int]] = []
    stats = Stats()
    found = count(
        queens(10),
        stats=stats,
        engine=engine,
        progress=lambda s: seen.append((s.nodes, s.solutions)),
    )
    assert found == 724 and stats.status is Status.EXHAUSTED
    assert len(seen) >= 2
    assert seen == sorted(seen) and seen[-1][0] < stats.nodes and seen[-1][1] <= found


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_an_interrupted_count_restores_the_links_and_says_closed(engine: str) -> None:
    problem = queens(10)
    before = links_state(problem)
    stats = Stats()

    def interrupt(now: Stats) -> None:
        if now.solutions:  # (the first poll comes before the first node)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        count(problem, stats=stats, engine=engine, progress=interrupt)
    assert stats.status is Status.CLOSED and 0 < stats.solutions < 724
    assert links_state(problem) == before
    assert count(problem, engine=engine) == 724  # the links are free for the next search


@needs_compiled
@pytest.mark.parametrize("engine", ["links", "cells"])
def test_a_count_stopped_by_a_budget_says_so(engine: str) -> None:
    stats = Stats()
    found = count(queens(10), stats=stats, engine=engine, max_nodes=5000)
    assert stats.status is Status.BUDGET and stats.nodes == 5000
    assert found == stats.solutions < 724


def spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The `count_to` of every search started from now on (0: every solution handed over), by
    `dlx.solve` or by a parallel part (whose subtrees call the engines themselves)."""
    calls: list[int] = []
    module = importlib.import_module("dlx.solve")  # (`dlx.solve` names the function)
    real = module.solve_with

    def recording(problem: Problem[Any], settings: SearchSettings, stats: Stats) -> Any:
        calls.append(settings.count_to)
        return real(problem, settings, stats)

    part_run = dlx.parallel.searching._run

    def part_recording(problem: Problem[Any], settings: SearchSettings, *rest: Any) -> Any:
        calls.append(settings.count_to)
        return part_run(problem, settings, *rest)

    monkeypatch.setattr(module, "solve_with", recording)
    monkeypatch.setattr(dlx.parallel.searching, "solve_with", recording)
    monkeypatch.setattr(dlx.parallel.searching, "_run", part_recording)
    return calls


SKYLINE = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2"
COMMANDS = [
    (["solve", "--count", str(ROOT / "corpus" / "dlx" / "queens4.dlx")], "2\n"),
    (
        ["solve", "--count", "--engine", "cells", str(ROOT / "corpus" / "dlx" / "queens4.dlx")],
        "2\n",
    ),
    (["queens", "8", "--count"], "92\n"),
    (["queens", "8", "--count", "--limit", "5"], "5\n"),
    (["sudoku", str(ROOT / "corpus" / "sudoku" / "inkala.txt"), "--count"], "1\n"),
    (["skyscrapers", SKYLINE, "--count"], "1\n"),
    (["pentomino", "3x20", "--count"], "8\n"),
    (["tile", "--board", "3x20", "--pieces", "pentominoes", "--count"], "8\n"),
    (["tile", "--board", "3x20", "--pieces", "pentominoes", "--unique", "--count"], "2\n"),
]


@needs_compiled
@pytest.mark.parametrize(("args", "printed"), COMMANDS, ids=lambda a: " ".join(a)[:40])
def test_the_commands_count_inside_the_search(
    monkeypatch: pytest.MonkeyPatch, args: list[str], printed: str
) -> None:
    calls = spy(monkeypatch)
    result = invoke_dlx(args, env={"NO_COLOR": "1"})
    assert (result.exit_code, result.stdout) == (0, printed)
    assert calls and all(count_to > 0 for count_to in calls)


@needs_compiled
def test_tile_lists_the_solutions_its_unique_checks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Two dominoes on a 2x2 board: no piece breaks the tie of their half turns, so `--unique`
    checks each solution (in Python) and counts the ones it keeps; without it, C counts."""
    spec = tmp_path / "dominoes.txt"
    spec.write_text("| two dominoes\n[0-1][0-1]\nA 00 01\nB 00 01\n")
    calls = spy(monkeypatch)
    for extra, printed, count_to in (([], "4\n", NO_LIMIT), (["--unique"], "1\n", 0)):
        calls.clear()
        result = invoke_dlx(["tile", str(spec), "--count", *extra])
        assert (result.exit_code, result.stdout, calls) == (0, printed, [count_to])


@needs_compiled
@pytest.mark.parametrize("solutions", [False, True])
def test_a_parallel_part_counts_unless_it_sends_its_solutions(
    monkeypatch: pytest.MonkeyPatch, solutions: bool
) -> None:
    calls = spy(monkeypatch)
    outcome = search(queens(8), Part((), (), 1.0), PartSettings(solutions=solutions))
    assert outcome.solutions == 92 and len(outcome.found) == (92 if solutions else 0)
    assert calls == [0 if solutions else NO_LIMIT]
