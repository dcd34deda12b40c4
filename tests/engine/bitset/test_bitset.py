"""The bitset engine (`dlx.engines.bitset`): on random tilings of every grid and on random problems
the same solutions as the dances, the compiled search equal to its twin (solutions in order,
nodes, updates, profile, status, estimates, the progress share), budgets, givens, the frontier
a budget leaves, and what the engine refuses."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT
from strategies import bounded_raw_problems, raw_problems

from dlx import EngineOptionError, FailureMemo, Problem, Stats, Status, count, solve, verify
from dlx.engines.bitset import COMPILED
from dlx.engines.bitset.engine import built_for, fits
from dlx.engines.bitset.engine import pick_core as bitset_core
from dlx.engines.bitset.estimate import twin_estimate
from dlx.engines.bitset.layout import Layout
from dlx.engines.bitset.memo import Memo
from dlx.engines.bitset.plan import PROBES, SEED
from dlx.engines.bitset.twin import Search
from dlx.errors import CoreUnavailableError
from dlx.tiling.build import Tiling, build, engine_keywords
from dlx.tiling.drawn import read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.grids import GRIDS, Cell
from dlx.tiling.library import polyforms
from dlx.tiling.model import Piece, Puzzle
from dlx.tiling.spec import read_spec

CORES = ["python", "compiled"] if COMPILED else ["python"]
compiled_only = pytest.mark.skipif(not COMPILED, reason="the bitset core was not built")
some = settings(max_examples=120, deadline=None)

BOXES: dict[str, list[Cell]] = {
    "square": [(x, y) for x in range(3) for y in range(5)],
    "triangle": [(x, y, t) for x in range(3) for y in range(3) for t in (0, 1)],
    "hex": [(x, y) for x in range(4) for y in range(3)],
    "cube": [(x, y, z) for x in range(2) for y in range(2) for z in range(3)],
}
"""The boxes random boards are cut from, one per grid."""
FORMS = {grid: {n: polyforms(GRIDS[grid], n) for n in (1, 2, 3, 4)} for grid in BOXES}

Solution = tuple[Hashable, ...]


@st.composite
def tilings(draw: st.DrawFn) -> Tiling:
    """A random puzzle on a random grid: a board cut from its box (some cells may stay empty),
    pieces of 1 to 4 cells with multiplicities now and then; built, or rejected when it cannot
    be (its area)."""
    grid = draw(st.sampled_from(list(BOXES)))
    g = GRIDS[grid]
    board = draw(st.permutations(BOXES[grid]))[: draw(st.integers(2, len(BOXES[grid])))]
    loose = [cell for cell in board if draw(st.integers(0, 5)) == 0]
    pieces = []
    for k in range(draw(st.integers(1, 4))):
        size = draw(st.integers(1, 4))
        shape = draw(st.sampled_from(FORMS[grid][size]))
        bounds = draw(st.sampled_from([(1, 1), (1, 1), (2, 2), (0, 2), (1, 3)]))
        pieces.append(Piece(f"{chr(65 + k)}", [shape], bounds))
    flip = draw(st.booleans()) and not g.solid
    spots = g.sorted((c, 0) for c in board)
    puzzle = Puzzle(g, spots, pieces, flip=flip, loose=frozenset((c, 0) for c in loose))
    try:
        return build(puzzle)
    except TileError:
        from hypothesis import reject

        reject()


def run(problem: Problem[Any], core: str, **options: Any) -> tuple[list[Solution], Stats]:
    """Every solution of a bitset search on `core`, and its statistics."""
    stats = Stats()
    options.setdefault("engine", "bitset")
    found = list(solve(problem, core=core, stats=stats, **options))
    return found, stats


def figures(stats: Stats) -> tuple[object, ...]:
    """What both cores must agree on."""
    return stats.nodes, stats.updates, stats.solutions, stats.status, stats.profile


def dances(problem: Problem[Any]) -> set[frozenset[Hashable]]:
    """The solutions the links engine finds, as sets of option keys."""
    return {frozenset(solution) for solution in solve(problem)}


@some
@given(tilings(), st.sampled_from(["mrv", "first"]))
def test_tilings_have_the_dances_solutions_and_both_cores_agree(
    tiling: Tiling, choose: str
) -> None:
    keywords = engine_keywords(tiling)
    if keywords.get("engine") != "bitset":
        return
    layout = keywords["layout"]
    results = [run(tiling.problem, core, layout=layout, choose=choose) for core in CORES]
    found, stats = results[0]
    assert {frozenset(s) for s in found} == dances(tiling.problem)
    assert len(found) == len(set(found))
    for solution in found:
        verify(tiling.problem, solution)
    for other, other_stats in results[1:]:
        assert other == found
        assert figures(other_stats) == figures(stats)


@some
@given(raw_problems())
def test_problems_without_a_layout_have_the_dances_solutions(raw: Any) -> None:
    problem = raw.build()
    try:
        results = [run(problem, core) for core in CORES]
    except EngineOptionError:  # an option without a cell
        return
    found, stats = results[0]
    assert {frozenset(s) for s in found} == dances(problem)
    for other, other_stats in results[1:]:
        assert (other, figures(other_stats)) == (found, figures(stats))


@some
@given(bounded_raw_problems())
def test_multiplicities_count_as_algorithm_m(raw: Any) -> None:
    problem = raw.build()
    try:
        results = [run(problem, core) for core in CORES]
    except EngineOptionError:
        return
    found, stats = results[0]
    assert {frozenset(s) for s in found} == dances(problem)
    assert len(found) == len({frozenset(s) for s in found})
    for other, other_stats in results[1:]:
        assert (other, figures(other_stats)) == (found, figures(stats))


@some
@given(tilings(), st.integers(1, 60))
def test_a_node_budget_stops_both_cores_alike(tiling: Tiling, cap: int) -> None:
    keywords = engine_keywords(tiling)
    if keywords.get("engine") != "bitset":
        return
    results = [run(tiling.problem, core, max_nodes=cap, **keywords) for core in CORES]
    found, stats = results[0]
    assert stats.nodes <= cap
    assert stats.status in (Status.BUDGET, Status.EXHAUSTED)
    if stats.status is Status.BUDGET:
        assert stats.nodes == cap
    for other, other_stats in results[1:]:
        assert (other, figures(other_stats)) == (found, figures(stats))


@some
@given(tilings())
def test_givens_lead_every_solution(tiling: Tiling) -> None:
    keywords = engine_keywords(tiling)
    if keywords.get("engine") != "bitset":
        return
    every = list(solve(tiling.problem, **keywords))
    taken = [solution for solution in every if solution]  # (the empty one, where it is one)
    if not taken:
        return
    given_key = taken[-1][0]
    for core in CORES:
        led = list(solve(tiling.problem, core=core, givens=[given_key], **keywords))
        assert {frozenset(s) for s in led} == {frozenset(s) for s in every if given_key in s}
        assert all(s[0] == given_key for s in led)


@compiled_only
@some
@given(tilings(), st.integers(1, 40))
def test_the_frontier_a_budget_leaves_holds_the_rest_in_order(tiling: Tiling, cap: int) -> None:
    """The solutions before the stop, then those below the node about to be entered, then those
    below each untried option, deepest level first: the whole search, in its order."""
    keywords = engine_keywords(tiling)
    problem = tiling.problem
    if keywords.get("engine") != "bitset" or _has_finals(problem, keywords["layout"]):
        return  # (options without a primary cell: the search tells no frontier there)
    every = list(solve(problem, **keywords))
    stops: list[Any] = []
    found = _stopped(problem, keywords, cap, stops)
    if not stops:
        assert found == every
        return
    path, levels = stops[0]
    rest = _below(problem, keywords, list(path))
    for depth in range(len(levels) - 1, -1, -1):
        for option in levels[depth][0]:
            rest += _below(problem, keywords, [*path[:depth], option])
    assert found + rest == every


def _has_finals(problem: Problem[Any], layout: Layout) -> bool:
    """Whether some option of `problem` holds no primary cell of `layout`."""
    cells = {problem.index[name] for name in layout.cells}
    return any(
        not any(i in cells and i < problem.primary_count for i in items)
        for items in problem.options
    )


def _stopped(
    problem: Problem[Any], keywords: dict[str, Any], cap: int, stops: list[Any]
) -> list[Solution]:
    """The solutions a compiled search finds within `cap` nodes; where the budget stops it,
    its frontier in `stops`."""
    from dlx.solve import search_settings, solve_with

    settings_ = search_settings(problem, max_nodes=cap, core="compiled", **keywords)
    settings_ = settings_.replace(stopped=stops.append)
    return list(solve_with(problem, settings_, Stats()))


def _below(problem: Problem[Any], keywords: dict[str, Any], prefix: list[int]) -> list[Solution]:
    """The solutions below a node, its options given by number."""
    keys = [problem.keys[n] for n in prefix]
    return list(solve(problem, givens=keys, **keywords))


def _pieces(problem: Problem[Any], layout: Layout) -> list[int]:
    """The others of the tables that a plan may name: primary, used exactly once (by their
    number among the others)."""
    cells = {problem.index[name] for name in layout.cells}
    others = [i for i in range(problem.item_count) if i not in cells]
    return [
        o for o, i in enumerate(others) if i < problem.primary_count and problem.bounds[i] == (1, 1)
    ]


@compiled_only
@some
@given(tilings(), st.data())
def test_every_choice_searches_alike_on_both_cores(tiling: Tiling, data: st.DataObject) -> None:
    """Each way to branch (a plan of pieces placed first, the narrow choice or not, pieces a
    narrow choice watches): the same solutions in the same order and the same figures on both
    cores, and the same estimates."""
    from dlx.engines.bitset.twin import dance
    from dlx.engines.settings import SearchSettings

    keywords = engine_keywords(tiling)
    if keywords.get("engine") != "bitset":
        return
    problem, layout = tiling.problem, keywords["layout"]
    pieces = _pieces(problem, layout)
    plan = data.draw(st.lists(st.sampled_from(pieces), unique=True, max_size=2)) if pieces else []
    watch = data.draw(st.lists(st.sampled_from(pieces), unique=True, max_size=2)) if pieces else []
    choice = (plan, data.draw(st.booleans()), watch)
    memo = data.draw(st.sampled_from([0, 8, 256, 4 << 20]))  # (none, one slot, a few: replaced)
    compiled = built_for(problem, layout, "compiled")
    twin = built_for(problem, layout, "python")
    limit = compiled.region_limit
    search = compiled.table.search([], 1 << 62, None, None, True, 0, choice, limit, memo)
    found = [tuple(s) for s in search]
    stats = Stats()
    mine = [tuple(s) for s in dance(twin.table, choice, limit, memo, stats, SearchSettings())]
    assert found == mine
    assert search.stats()[:3] == (stats.nodes, stats.updates, stats.solutions)
    assert {frozenset(s) for s in found} == {
        frozenset(problem.option_number(k) for k in s) for s in solve(problem)
    }
    for each in (([], False, []), choice):
        figures_c = compiled.table.estimate([], each, compiled.region_limit, PROBES, SEED)
        twin_search = Search(twin.table, each[0], twin.region_limit, each[1], each[2])
        assert figures_c == twin_estimate(twin_search)


@pytest.mark.parametrize("core", CORES)
def test_both_cores_agree_on_a_whole_puzzle_with_progress_shown(core: str) -> None:
    tiling = build(read_picture("board 3x20\npieces pentominoes\n"))
    keywords = engine_keywords(tiling)
    shares: list[float | None] = []
    stats = Stats()
    found = list(
        solve(
            tiling.problem,
            core=core,
            stats=stats,
            progress=lambda s: shares.append(s.share),
            **keywords,
        )
    )
    assert len(found) == 8 and stats.status is Status.EXHAUSTED
    assert shares and all(s is not None and 0 <= s <= 1 for s in shares)
    assert shares == sorted(shares)
    assert count(tiling.problem, core=core, **keywords) == 8


SPEC_6X10 = ROOT / "corpus" / "tile" / "spec_pentominoes_6x10.txt"
PENTOMINOES_4X10 = "\n".join(
    ["[0-3][0-9]"]
    + [line for line in SPEC_6X10.read_text().splitlines() if line[:1] in set("FILNPTUW")]
)
"""Eight pentominoes of Knuth's spec in 4 x 10: 16 tilings, and dead ends met again and again."""


def test_the_memo_of_failures_cuts_the_tree_alike_on_both_cores(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A dead end met again (a state the memo of failures holds) is a leaf at once: the same
    solutions in the same order as the tree without the memo, fewer nodes, and the same figures
    on both cores."""
    tiling = build(read_spec(PENTOMINOES_4X10, "square"))
    keywords = engine_keywords(tiling)
    found, stats = run(tiling.problem, "python", **keywords)
    for core in CORES[1:]:
        theirs, their_stats = run(tiling.problem, core, **keywords)
        assert theirs == found and figures(their_stats) == figures(stats)
    monkeypatch.setattr(Memo, "holds", lambda self, board: False)
    bare, bare_stats = run(tiling.problem, "python", **keywords)
    assert bare == found and len(found) == 16
    assert stats.nodes < bare_stats.nodes * 0.8 and stats.updates < bare_stats.updates


@compiled_only
def test_a_watched_piece_is_branched_on_where_it_has_the_fewest_options() -> None:
    """A narrow choice that watches the I pentomino branches on it where it has fewer options
    than every cell counted: another tree, the same solutions, alike on both cores."""
    from dlx.engines.bitset.twin import dance
    from dlx.engines.settings import SearchSettings

    tiling = build(read_spec(PENTOMINOES_4X10, "square"))
    layout = engine_keywords(tiling)["layout"]
    compiled = built_for(tiling.problem, layout, "compiled")
    twin = built_for(tiling.problem, layout, "python")
    trees = []
    for choice in (([], True, []), ([], True, [1])):  # (others: the pieces in file order)
        search = compiled.table.search([], 1 << 62, None, None, True, 0, choice, 4, 4 << 20)
        found = [tuple(s) for s in search]
        stats = Stats()
        twin_search = dance(twin.table, choice, 4, 4 << 20, stats, SearchSettings())
        assert found == [tuple(s) for s in twin_search]
        assert search.stats()[:3] == (stats.nodes, stats.updates, stats.solutions)
        trees.append((frozenset(map(frozenset, found)), stats.nodes, tuple(stats.profile)))
    assert trees[0][0] == trees[1][0] and len(trees[0][0]) == 16
    assert trees[0][1:] != trees[1][1:]
    with pytest.raises(ValueError, match="out of range"):
        compiled.table.search([], 1, None, None, True, 0, ([], True, [99]), 4, 0)
    with pytest.raises(TypeError):
        compiled.table.search([], 1, None, None, True, 0, [[], True], 4, 0)


@compiled_only
def test_the_progress_share_is_the_twins() -> None:
    tiling = build(read_picture("board 4x10\npieces tetrominoes\npieces tetrominoes\n"))
    keywords = engine_keywords(tiling)
    seen: dict[str, list[object]] = {}
    for core in CORES:
        seen[core] = []
        progress = lambda s, out=seen[core]: out.append((s.nodes, s.share))  # noqa: E731
        list(solve(tiling.problem, core=core, progress=progress, **keywords))
    assert seen["python"] == seen["compiled"] and len(seen["python"]) > 1


def test_the_engine_refuses_what_it_cannot_honour() -> None:
    problem = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"])])
    for asked in (
        {"choose": "sweep"},
        {"prune": lambda chosen: True},
        {"learn": lambda chosen: None},
        {"memo": FailureMemo()},
        {"item_order": ["a"]},
        {"layout": "a board"},
    ):
        with pytest.raises(EngineOptionError):
            solve(problem, engine="bitset", **asked)
    coloured: Problem[str] = Problem(["a"], ["x"])
    coloured.add_option("ax", ["a", "x"], {"x": "red"})
    with pytest.raises(EngineOptionError, match="colours"):
        solve(coloured, engine="bitset")
    wide = Problem.from_options(
        [f"c{n}" for n in range(600)], [("all", [f"c{n}" for n in range(600)])]
    )
    with pytest.raises(EngineOptionError, match="256 other items"):
        solve(wide, engine="bitset")
    assert not fits(wide) and fits(problem)


def test_a_layout_names_cells_where_they_can_be() -> None:
    problem = Problem.from_options(["a", "b", "p"], [("ap", ["a", "p"]), ("bp", ["b", "p"])])
    for layout in (
        Layout(2, {"a": 0, "z": 1}),
        Layout(2, {"a": 0, "b": 0}),
        Layout(2, {"a": 0, "b": 2}),
        Layout(2, {"a": 0, "b": 1}, [[1]]),
        Layout(0, {}),
    ):
        with pytest.raises(EngineOptionError):
            solve(problem, engine="bitset", layout=layout)
    good = Layout(2, {"a": 1, "b": 0}, [[1], [0]])
    assert list(solve(problem, engine="bitset", layout=good)) == []


def test_the_core_is_chosen_as_the_others_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DLX_CORE", "python")
    assert bitset_core() == "python"
    monkeypatch.setenv("DLX_CORE", "neither")
    with pytest.raises(CoreUnavailableError):
        bitset_core()
    monkeypatch.delenv("DLX_CORE")
    assert bitset_core() == ("compiled" if COMPILED else "python")


@pytest.mark.parametrize("core", CORES)
def test_an_error_in_the_progress_display_ends_the_search(core: str) -> None:
    tiling = build(read_picture("board 4x10\npieces tetrominoes\npieces tetrominoes\n"))

    def broken(stats: Stats) -> None:
        raise RuntimeError("display")

    stats = Stats()
    with pytest.raises(RuntimeError, match="display"):
        list(
            solve(
                tiling.problem, core=core, stats=stats, progress=broken, **engine_keywords(tiling)
            )
        )
    assert stats.status is Status.CLOSED


@pytest.mark.parametrize("core", CORES)
def test_closing_early_leaves_the_problem_ready(core: str) -> None:
    tiling = build(read_picture("board 3x20\npieces pentominoes\n"))
    keywords = engine_keywords(tiling)
    stats = Stats()
    search = solve(tiling.problem, core=core, stats=stats, **keywords)
    first = next(search)
    search.close()
    assert stats.status is Status.CLOSED
    assert next(solve(tiling.problem, core=core, **keywords)) == first
    assert list(solve(tiling.problem, core=core, limit=3, **keywords))[:1] == [first]


@pytest.mark.parametrize("core", CORES)
def test_a_parallel_search_is_the_sequential_one(
    core: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parts searched by threads, cut where budgets stop them (the compiled search tells
    where) or expanded in advance (the twin): the sequential solutions in order, its count and
    its nodes."""
    from concurrent.futures import ThreadPoolExecutor

    from dlx.parallel import Report, count_parallel, solve_parallel

    monkeypatch.setenv("DLX_CORE", core)
    tiling = build(read_picture("board 4x10\npieces tetrominoes\npieces tetrominoes\n"))
    keywords = engine_keywords(tiling)
    alone = Stats()
    every = list(solve(tiling.problem, stats=alone, **keywords))
    report = Report()
    with ThreadPoolExecutor(2) as threads:
        found = list(
            solve_parallel(
                tiling.problem, executor=threads, jobs=2, budget=500, report=report, **keywords
            )
        )
        counted = count_parallel(tiling.problem, executor=threads, jobs=2, budget=500, **keywords)
    assert found == every and counted == len(every) == 1796
    assert report.stats.nodes == alone.nodes and report.parts > 1


def test_a_problem_whose_parts_need_more_than_their_prefix_is_refused() -> None:
    from dlx.parallel import ParallelError, count_parallel
    from dlx.tiling.build import parallel_keywords

    tiling = build(read_picture("board\n##+\n##+\npiece 2|D\n##\n"))
    keywords = engine_keywords(tiling)
    assert keywords["engine"] == "bitset" and parallel_keywords(tiling) == {}
    with pytest.raises(ParallelError, match="cannot split"):
        count_parallel(tiling.problem, jobs=1, **keywords)


def test_dlx_tile_counts_in_parallel_on_the_bitset_engine() -> None:

    args = ["tile", "--board", "3x20", "--pieces", "pentominoes", "--count", "--jobs", "2"]
    result = invoke_dlx([*args, "--stats"])
    assert result.stdout == "8\n" and "engine: bitset" in result.stderr
    result = invoke_dlx(["pentomino", "3x20", "--count", "--jobs", "2", "--stats"])
    assert result.stdout == "8\n" and "engine: bitset" in result.stderr


class Interrupted(Exception):
    """What the test's signal handler raises, as Ctrl-C's raises KeyboardInterrupt."""


@compiled_only
@pytest.mark.parametrize("listing", [False, True])
def test_a_signal_reaches_the_compiled_search(listing: bool) -> None:
    """The compiled search polls for signals while it runs without the GIL (Ctrl-C), counting
    or listing in batches; the search ends closed, the problem ready for the next."""
    import signal
    from types import FrameType

    tiling = build(read_picture("board 6x10\npieces pentominoes\n"))
    keywords = engine_keywords(tiling)
    count(
        tiling.problem, core="compiled", max_nodes=1, stats=Stats(), **keywords
    )  # (the table and its plan)

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Interrupted

    old = signal.signal(signal.SIGALRM, ring)
    stats = Stats()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Interrupted):
            if listing:
                for _ in solve(tiling.problem, core="compiled", **keywords):
                    pass
            else:
                count(tiling.problem, core="compiled", stats=stats, **keywords)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    if not listing:
        assert stats.status is Status.CLOSED and stats.nodes > 0
    assert count(tiling.problem, core="compiled", limit=3, **keywords) == 3
