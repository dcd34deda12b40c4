"""The compiled core against the pure-Python one: the same searches, exactly; and its own duties
(choosing the core, DLX1's figures, restoring the links after any stop, typed errors)."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from cores import links_state
from hypothesis import given, settings
from hypothesis import strategies as st
from places import SHARED
from strategies import bounded_raw_problems, coloured_raw_problems, raw_problems

import dlx.engines.links.engine
from dlx import (
    CoreUnavailableError,
    FailureMemo,
    MemoUnsupportedError,
    Problem,
    SearchBusyError,
    Stats,
    Status,
    solve,
    verify,
)
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.engines.links.engine import default_core, pick_core
from dlx.knuth import read_dlx

needs_compiled = pytest.mark.skipif(not LINKS_COMPILED, reason="the core was not built")

REFERENCE = SHARED / "dlx-reference"
DLX1_FIGURES = {  # solutions, updates, nodes, as DLX1 reports them (../shared/dlx-reference)
    "queens8.dlx": (92, 21375, 1199),
    "queens12.dlx": (14200, 6285452, 327813),
    "pent8x8_hole.dlx": (520, 102179915, 293045),
    "pent6x10_sym.dlx": (2339, 310816489, 909153),
    "sudoku_inkala.dlx": (1, 48760, 2720),
}


@dataclass
class Run:
    """Everything a search shows the outside: solutions, statistics, hook calls, memo counts."""

    solutions: list[tuple[Hashable, ...]] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)
    pruned: list[tuple[int, ...]] = field(default_factory=list)
    learnt: list[tuple[int, ...]] = field(default_factory=list)
    memo: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Settings:
    """One search's arguments, drawn at random (hooks are deterministic functions of the
    options chosen, so both cores must call them alike)."""

    choose: str
    givens: tuple[Hashable, ...]
    prefer: tuple[Hashable, ...]
    item_order: tuple[Hashable, ...]
    memo: bool
    prune: int  # 0: none; else cut a node when the sum of its options is a multiple of this
    learn: bool
    limit: int | None
    max_nodes: int | None


def search(problem: Problem[Any], core: str, how: Settings, memo: FailureMemo | None) -> Run:
    """Run one search on `core`, recording what it shows."""
    run = Run()

    def prune(chosen: Sequence[int]) -> bool:
        run.pruned.append(tuple(chosen))
        return sum(chosen) % how.prune != how.prune - 1

    def learn(chosen: Sequence[int]) -> None:
        run.learnt.append(tuple(chosen))

    before = (memo.hits, memo.stores) if memo is not None else (0, 0)
    found = solve(
        problem,
        choose=how.choose,  # type: ignore[arg-type]
        givens=how.givens,
        prefer=how.prefer,
        item_order=how.item_order,
        memo=memo,
        prune=prune if how.prune else None,
        learn=learn if how.learn else None,
        limit=how.limit,
        max_nodes=how.max_nodes,
        stats=run.stats,
        core=core,  # type: ignore[arg-type]
    )
    run.solutions = list(found)
    if memo is not None:
        run.memo = (memo.hits - before[0], memo.stores - before[1])
    run.stats.seconds = 0.0
    return run


@st.composite
def settings_for(draw: st.DrawFn, problem: Problem[Any]) -> Settings:
    """Random arguments for a search of `problem`."""
    keys = problem.keys
    primary = problem.items[: problem.primary_count]
    general = problem.has_multiplicities or problem.has_colours
    memo = draw(st.booleans()) and not problem.has_colours
    learn = draw(st.booleans())
    some_keys = st.lists(st.sampled_from(keys), max_size=3, unique=True) if keys else st.just([])
    return Settings(
        choose=draw(st.sampled_from(["mrv", "first", "sweep"])),
        givens=tuple(draw(some_keys)),
        prefer=tuple(draw(some_keys)) if general or memo or learn else (),
        item_order=tuple(draw(st.permutations(primary))[: draw(st.integers(0, len(primary)))]),
        memo=memo,
        prune=draw(st.sampled_from([0, 0, 2, 3, 5])),
        learn=learn,
        limit=draw(st.one_of(st.none(), st.integers(1, 3))),
        max_nodes=draw(st.one_of(st.none(), st.integers(1, 12))),
    )


def any_problem() -> st.SearchStrategy[Problem[Any]]:
    """Plain problems, problems with multiplicities (twice as often: Algorithm M's branches
    are the most varied), and problems with colours."""
    bounded = bounded_raw_problems().map(lambda raw: raw.build())
    return st.one_of(
        raw_problems().map(lambda raw: raw.build()),
        bounded,
        bounded,
        coloured_raw_problems().map(lambda raw: raw.build()),
    )


def memo_for(problem: Problem[Any], wanted: bool) -> FailureMemo | None:
    """A fresh memo if `wanted` and the problem's states can be keyed exactly, else None."""
    if not wanted:
        return None
    primary, bounds = problem.primary_count, problem.bounds
    keyable = all(any(i >= primary or bounds[i] == (1, 1) for i in o) for o in problem.options)
    return FailureMemo() if keyable else None


@needs_compiled
@settings(max_examples=1000, deadline=None)
@given(data=st.data(), problem=any_problem())
def test_both_cores_run_the_same_search(data: st.DataObject, problem: Problem[Any]) -> None:
    """On random problems with colours, multiplicities, givens, preferred options, an item order,
    a memo, pruning, learning and early stops (limit, node budget), the two cores give the same
    solutions in the same order, nodes, updates, profile and status, call the hooks with the
    same options, count the same memo hits and stores (then again with other arguments and the
    same memo), and leave the links as they found them."""
    how = data.draw(settings_for(problem))
    then = replace(data.draw(settings_for(problem)), memo=how.memo)  # the memo reused
    if not (problem.has_multiplicities or problem.has_colours or then.memo or then.learn):
        then = replace(then, prefer=())  # Algorithm X takes no preferred options
    before = links_state(problem)
    memos = {core: memo_for(problem, how.memo) for core in ("python", "compiled")}
    for step in (how, then):
        runs = {core: search(problem, core, step, memos[core]) for core in memos}
        assert runs["compiled"] == runs["python"]
        for solution in runs["compiled"].solutions:
            verify(problem, solution)
    assert links_state(problem) == before


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(data=st.data(), problem=any_problem(), stop=st.integers(0, 4))
def test_closing_early_leaves_both_cores_alike(
    data: st.DataObject, problem: Problem[Any], stop: int
) -> None:
    """A search closed after `stop` solutions publishes the same statistics on both cores,
    status CLOSED (or how it ended before), and the links are restored."""
    how = data.draw(settings_for(problem))
    before = links_state(problem)
    seen = {}
    for core in ("python", "compiled"):
        stats = Stats()
        found = solve(problem, stats=stats, choose=how.choose, givens=how.givens, core=core)  # type: ignore[arg-type]
        got = [solution for _, solution in zip(range(stop), found, strict=False)]
        found.close()
        stats.seconds = 0.0
        seen[core] = (got, stats)
    assert seen["compiled"] == seen["python"]
    assert links_state(problem) == before


@needs_compiled
@pytest.mark.parametrize("general", [False, True])
def test_a_problem_solved_at_once_closed_at_its_solution_says_closed(general: bool) -> None:
    """With every primary item covered before the search (none, or all given), the one solution
    is a node; closing the search there says CLOSED, running on says EXHAUSTED, on both cores."""
    problem = Problem.from_options(["a"], [("a", ["a"])])
    seen = []
    for core in ("python", "compiled"):
        for stop in (True, False):
            stats = Stats()
            memo = FailureMemo() if general else None
            found = solve(problem, stats=stats, givens=["a"], memo=memo, core=core)  # type: ignore[arg-type]
            assert next(found) == ("a",)
            if stop:
                found.close()
            else:
                assert list(found) == []
            stats.seconds = 0.0
            seen.append((core, stop, stats))
    assert [s for _, _, s in seen[:2]] == [s for _, _, s in seen[2:]]
    assert [s.status for _, _, s in seen[:2]] == [Status.CLOSED, Status.EXHAUSTED]


@needs_compiled
@pytest.mark.parametrize("name", sorted(DLX1_FIGURES))
def test_compiled_core_gives_dlx1_updates_and_nodes(name: str) -> None:
    """On the reference files the compiled core reports DLX1's solutions, updates and nodes."""
    if not (REFERENCE / name).is_file():
        pytest.skip(f"no {REFERENCE / name}")
    problem = read_dlx(REFERENCE / name).problem
    stats = Stats()
    for solution in solve(problem, stats=stats, core="compiled"):
        verify(problem, solution)
    assert stats.status is Status.EXHAUSTED
    assert (stats.solutions, stats.updates, stats.nodes) == DLX1_FIGURES[name]


def pentominoes_8x8() -> Problem[Any]:
    """The 12 pentominoes on an 8x8 board less its centre: 520 solutions, 293045 nodes."""
    path = REFERENCE / "pent8x8_hole.dlx"
    if not path.is_file():
        pytest.skip(f"no {path}")
    return read_dlx(path).problem


# Stops, errors and signals leave the problem reusable


class Boom(Exception):
    """Raised by a test's hook."""


@needs_compiled
@pytest.mark.parametrize("hook", ["prune", "learn", "progress"])
def test_an_exception_in_a_hook_propagates_with_the_links_restored(hook: str) -> None:
    """A hook that raises deep in the search stops it: the exception reaches the caller, the
    status says CLOSED, and the next search finds every solution again."""
    problem = pentominoes_8x8()
    before = links_state(problem)
    calls = [0]
    fatal = 50 if hook == "progress" else 5000  # progress is called every 4096 nodes

    def bomb(*_: object) -> bool:
        calls[0] += 1
        if calls[0] == fatal:
            raise Boom
        return True

    memo = FailureMemo() if hook == "learn" else None
    stats = Stats()
    with pytest.raises(Boom):
        list(solve(problem, stats=stats, core="compiled", memo=memo, **{hook: bomb}))  # type: ignore[arg-type]
    assert stats.status is Status.CLOSED
    assert links_state(problem) == before
    assert sum(1 for _ in solve(problem, core="compiled", limit=3)) == 3


@needs_compiled
def test_ctrl_c_stops_a_search_without_hooks_with_the_links_restored() -> None:
    """SIGINT during a search that runs without the GIL raises KeyboardInterrupt within a few
    thousand nodes; the links are restored and the problem can be searched again."""
    problem = pentominoes_8x8()
    before = links_state(problem)
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
    stats = Stats()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in solve(problem, stats=stats, core="compiled"):
                pass
    finally:
        timer.cancel()
    assert 0 < stats.nodes < 293045
    assert links_state(problem) == before
    again = Stats()
    assert sum(1 for _ in solve(problem, stats=again, core="compiled")) == 520
    assert again.nodes == 293045


@needs_compiled
def test_the_search_releases_the_gil_without_hooks() -> None:
    """While a search without hooks runs in one thread, another thread keeps running Python."""
    problem = pentominoes_8x8()
    done = threading.Event()
    ticks = [0]

    def count() -> None:
        sum(1 for _ in solve(problem, core="compiled"))
        done.set()

    worker = threading.Thread(target=count)
    worker.start()
    while not done.is_set():
        ticks[0] += 1
    worker.join()
    assert ticks[0] > 100_000


@needs_compiled
def test_a_budget_and_a_timeout_stop_with_status_budget() -> None:
    """max_nodes and timeout stop the compiled search with status BUDGET, links restored."""
    problem = pentominoes_8x8()
    before = links_state(problem)
    stats = Stats()
    assert list(solve(problem, stats=stats, core="compiled", timeout=1e-9)) == []
    assert stats.status is Status.BUDGET
    stats = Stats()
    list(solve(problem, stats=stats, core="compiled", max_nodes=10_000))
    assert (stats.status, stats.nodes) == (Status.BUDGET, 10_000)
    assert links_state(problem) == before


@needs_compiled
def test_a_second_search_of_a_suspended_one_raises_search_busy() -> None:
    """The compiled core's links are held by one search at a time, as the Python ones."""
    problem = pentominoes_8x8()
    first = solve(problem, core="compiled")
    next(first)
    with pytest.raises(SearchBusyError):
        next(solve(problem, core="compiled"))
    first.close()
    assert next(solve(problem, core="compiled"))


@needs_compiled
def test_progress_sees_the_same_figures_on_both_cores() -> None:
    """The progress display is called at the same nodes with the same figures on both cores."""
    path = REFERENCE / "queens12.dlx"
    if not path.is_file():
        pytest.skip(f"no {path}")
    problem = read_dlx(path).problem
    seen: dict[str, list[tuple[object, ...]]] = {}
    for core in ("python", "compiled"):
        calls: list[tuple[object, ...]] = []

        def show(stats: Stats, calls: list[tuple[object, ...]] = calls) -> None:
            calls.append((stats.nodes, stats.updates, stats.solutions, stats.status))

        found = solve(problem, progress=show, core=core, limit=10_000)  # type: ignore[arg-type]
        assert sum(1 for _ in found) == 10_000
        seen[core] = calls
    assert len(seen["python"]) > 10
    assert seen["compiled"] == seen["python"]


# The failure memo belongs to one core and one problem


@needs_compiled
def test_a_memo_store_in_use_cannot_be_cleared() -> None:
    """While a search holds a memo (it may run without the GIL), its store refuses to be
    emptied from outside; once the search is closed, it can be."""
    problem = Problem.from_options(["a", "b"], [("a", ["a"]), ("b", ["b"])])
    memo = FailureMemo()
    found = solve(problem, memo=memo, core="compiled")
    assert next(found) == ("a", "b")
    with pytest.raises(ValueError, match="in use"):
        memo._store.clear()
    found.close()
    memo._store.clear()
    assert memo._store.size() == 0


@needs_compiled
def test_a_memo_of_one_core_is_refused_by_the_other() -> None:
    """A memo's states are the core's own: a memo used by one core is refused by the other."""
    problem = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"])])
    for first, second in (("python", "compiled"), ("compiled", "python")):
        memo = FailureMemo()
        list(solve(problem, memo=memo, core=first))  # type: ignore[arg-type]
        with pytest.raises(MemoUnsupportedError):
            solve(problem, memo=memo, core=second)  # type: ignore[arg-type]


@needs_compiled
def test_a_compiled_memo_is_refused_after_an_option_is_added() -> None:
    """Adding an option makes a new core: the memo of the old one is refused."""
    problem = Problem.from_options(["a", "b"], [("a", ["a"])])
    memo = FailureMemo()
    assert list(solve(problem, memo=memo, core="compiled")) == []
    problem.add_option("b", ["b"])
    with pytest.raises(MemoUnsupportedError):
        solve(problem, memo=memo, core="compiled")
    assert list(solve(problem, memo=FailureMemo(), core="compiled")) == [("a", "b")]


@needs_compiled
def test_a_full_compiled_memo_forgets_everything_and_goes_on() -> None:
    """With capacity 1, the store is emptied before each new failure: the same solutions and
    stores as the Python memo of the same capacity."""
    problem = pentominoes_8x8()
    counts = {}
    for core in ("python", "compiled"):
        memo = FailureMemo(capacity=1)
        stats = Stats()
        found = list(solve(problem, memo=memo, core=core, stats=stats, limit=2))  # type: ignore[arg-type]
        counts[core] = (found, stats.nodes, stats.updates, memo.hits, memo.stores)
    assert counts["compiled"] == counts["python"]


# Choosing the core


@needs_compiled
def test_a_multiplicity_too_large_for_the_core_runs_on_python() -> None:
    """A multiplicity over 2**40 does not fit the core's state keys: `solve` runs that problem
    on the pure-Python core, even when the compiled one is asked for, with the same answers."""
    huge = 1 << 41
    problem = Problem(["a", "b"], bounds={"a": (0, huge)})
    problem.add_option("a", ["a"])
    problem.add_option("ab", ["a", "b"])
    assert not dlx.engines.links.engine.compiled_supports(problem)
    stats = Stats()
    assert list(solve(problem, core="compiled", stats=stats)) == [("ab", "a"), ("ab",)]
    assert problem not in dlx.engines.links.engine._BUILT  # the core was never built for it
    problem = Problem(["a", "b"], bounds={"a": (0, 1 << 40)})
    assert dlx.engines.links.engine.compiled_supports(problem)


def test_dlx_core_in_the_environment_picks_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """DLX_CORE=python picks the reference; an unknown value is refused with a typed error."""
    monkeypatch.setenv("DLX_CORE", "python")
    assert default_core() == "python"
    monkeypatch.setenv("DLX_CORE", "fortran")
    with pytest.raises(CoreUnavailableError, match="DLX_CORE"):
        default_core()
    with pytest.raises(CoreUnavailableError, match="core must be"):
        solve(Problem(["a"]), core="fortran")  # type: ignore[arg-type]


def test_without_the_compiled_core_everything_runs_on_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the core was not built, the default is Python and asking for it is a typed error."""
    monkeypatch.delenv("DLX_CORE", raising=False)
    monkeypatch.setattr(dlx.engines.links.engine, "COMPILED", False)
    assert default_core() == "python"
    with pytest.raises(CoreUnavailableError, match="not built"):
        pick_core("compiled")
    problem = Problem.from_options(["a"], [("a", ["a"])])
    assert list(solve(problem)) == [("a",)]


@needs_compiled
def test_the_compiled_core_is_the_default_when_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no DLX_CORE, a search runs on the compiled core when it was built."""
    monkeypatch.delenv("DLX_CORE", raising=False)
    assert default_core() == "compiled" == dlx.engines.links.engine.CORE


def test_bad_core_input_is_a_typed_error_not_a_crash() -> None:
    """The core checks what it is given (item numbers, multiplicities) with ValueError."""
    if not LINKS_COMPILED:
        pytest.skip("the core was not built")
    core = dlx.engines.links.engine._links
    with pytest.raises(ValueError):
        core.Core(1, 1, [[5]], [], [])
    with pytest.raises(ValueError):
        core.Core(1, 1, [[]], [], [])
    with pytest.raises(ValueError):
        core.Core(1, 1, [[0]], [(2, 1)], [])
    bare = core.Core.__new__(core.Core)
    with pytest.raises(ValueError, match="never initialised"):
        bare.search(False, "mrv", [], [], [], None, 0, None, None, 1, None, None)
    with pytest.raises(TypeError):
        core.Search()

    class Shrinking:
        """An item number whose reading (Python code, `__index__`) empties its option."""

        def __index__(self) -> int:
            shrinking.clear()
            return 0

    shrinking: list[object] = [1, Shrinking(), 1]
    with pytest.raises(ValueError, match="changed while"):  # not a read past its end
        core.Core(2, 2, [[0], shrinking], [], [])
    half = core.Core.__new__(core.Core)
    with pytest.raises(ValueError, match="bad item number"):  # after its arrays were made
        half.__init__(2, 2, [[0], [7]], [], [])
    with pytest.raises(ValueError, match="never initialised"):
        half.search(False, "mrv", [], [], [], None, 0, None, None, 1, None, None)
    half.__init__(2, 2, [[0, 1]], [], [])  # a failed initialisation may be tried again
    assert list(half.search(False, "mrv", [], [], [], None, 0, None, None, 1 << 62, None, None))
    with pytest.raises(TypeError, match="once"):
        half.__init__(2, 2, [[0, 1]], [], [])
    two = core.Core(2, 2, [[0, 1]], [], [])
    with pytest.raises(ValueError, match="twice"):  # the primary list holds each item once
        two.search(False, "mrv", [], [], [0] * 62, None, 0, None, None, 1 << 62, None, None)
    assert list(two.search(False, "mrv", [], [], [1, 0], None, 0, None, None, 1 << 62, None, None))


class Labelled:
    """A prune hook that carries a `__dlx_hook__` which is no "dlx.hook" capsule (hook.h)."""

    __dlx_hook__ = "not a capsule"

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, chosen: Sequence[int]) -> bool:
        self.calls += 1
        return sum(chosen) % 3 != 2


@pytest.mark.parametrize("core", ["python", pytest.param("compiled", marks=needs_compiled)])
def test_a_hook_whose_c_entry_is_no_capsule_is_called_in_python(core: str) -> None:
    """Such an attribute is ignored: the hook is called as a Python callable, once per node, and
    the search is the same as with a plain function. (Hooks with a C entry: see
    tests/fillit/solver/test_compiled_pruner.py.)"""
    problem = Problem.from_options(
        ["a", "b", "c", "d"],
        [
            ("ab", ["a", "b"]),
            ("cd", ["c", "d"]),
            ("a", ["a"]),
            ("bcd", ["b", "c", "d"]),
            ("b", ["b"]),
            ("c", ["c"]),
            ("d", ["d"]),
        ],
    )
    hook, plain, runs = Labelled(), Labelled(), []
    for prune in (hook, lambda chosen: plain(chosen)):
        stats = Stats()
        runs.append((list(solve(problem, prune=prune, stats=stats, core=core)), stats.nodes))  # type: ignore[arg-type]
    assert runs[0] == runs[1]
    assert hook.calls == plain.calls == runs[0][1] > 1
