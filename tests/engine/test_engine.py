"""Unit tests of the dlx engine: worked examples, search controls, statistics, errors, verify."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import islice
from typing import Any, TypeVar

import pytest
from cores import links_state
from oracles import algorithm_x
from places import ROOT

from dlx import (
    DlxError,
    DuplicateItemInOptionError,
    DuplicateItemNameError,
    DuplicateOptionKeyError,
    EmptyOptionError,
    Problem,
    SearchBusyError,
    SolutionError,
    Stats,
    Status,
    UnknownItemError,
    count,
    first,
    solve,
    verify,
)
from dlx.memo import FailureMemo
from dlx.solve import Choice

pytestmark = pytest.mark.usefixtures("dlx_core")

REPO = ROOT
CHOICES: list[Choice] = ["mrv", "first", "sweep"]

K = TypeVar("K", bound=Hashable)
Square = tuple[int, int]
QueensData = tuple[list[str], list[str], list[tuple[Square, list[str]]]]

KNUTH_ITEMS = ["a", "b", "c", "d", "e", "f", "g"]
KNUTH_OPTIONS = [
    (text, text.split()) for text in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]
]
"""Knuth's 7-item example (TAOCP 7.2.2.1), each option keyed by its own text."""


def knuth_example() -> Problem[str]:
    """A fresh copy of Knuth's 7-item example."""
    return Problem.from_options(KNUTH_ITEMS, KNUTH_OPTIONS)


def queens_data(n: int) -> QueensData:
    """n queens as plain data: rows and columns primary, diagonals secondary.

    Items and options come in the order of queens8.dlx in the reference folder: R0.. C0..
    | A0.. (r + c) B0.. (r - c + n - 1), options row by row, each keyed by its square.
    """
    primary = [f"R{r}" for r in range(n)] + [f"C{c}" for c in range(n)]
    secondary = [f"A{d}" for d in range(2 * n - 1)] + [f"B{d}" for d in range(2 * n - 1)]
    options = [
        ((r, c), [f"R{r}", f"C{c}", f"A{r + c}", f"B{r - c + n - 1}"])
        for r in range(n)
        for c in range(n)
    ]
    return primary, secondary, options


def queens(n: int) -> Problem[Square]:
    """The n-queens problem as an exact cover with secondary diagonals."""
    primary, secondary, options = queens_data(n)
    return Problem.from_options(primary, options, secondary)


EXAMPLES: dict[str, Callable[[], Problem[Any]]] = {
    "knuth": knuth_example,
    "6 queens": lambda: queens(6),
    "8 queens": lambda: queens(8),
}
"""Worked examples with solutions, for tests that hold on any problem."""


def as_sets(solutions: Iterable[tuple[K, ...]]) -> set[frozenset[K]]:
    """The solutions as a set of frozensets of keys, ignoring the order of search."""
    return {frozenset(solution) for solution in solutions}


# Worked examples


def test_knuth_example_has_its_single_solution() -> None:
    """Knuth's example has one solution, found as a d f, then b g, then c e (item a first)."""
    assert list(solve(knuth_example())) == [("a d f", "b g", "c e")]


def test_knuth_example_counts_match_dlx1_by_hand() -> None:
    """6 nodes (profile 1 2 2 1) and 29 updates, worked out by hand with DLX1's rules."""
    stats = Stats()
    list(solve(knuth_example(), stats=stats))
    assert (stats.nodes, stats.updates, stats.solutions) == (6, 29, 1)
    assert stats.profile == [1, 2, 2, 1]
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize(
    ("n", "solutions"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)]
)
@pytest.mark.parametrize("choose", CHOICES)
def test_queens_solution_counts(n: int, solutions: int, choose: Choice) -> None:
    """The n-queens problem has the known number of solutions, each a valid placement."""
    problem = queens(n)
    found = list(solve(problem, choose=choose))
    assert len(found) == solutions
    assert len(as_sets(found)) == solutions
    for placement in found:
        verify(problem, placement)


def test_eight_queens_counts_match_dlx1() -> None:
    """8 queens, built as queens8.dlx is, takes DLX1's 1199 nodes and 21375 updates."""
    stats = Stats()
    list(solve(queens(8), stats=stats))
    assert (stats.solutions, stats.nodes, stats.updates) == (92, 1199, 21375)


NO_SOLUTION = {
    "item without options": (["a", "b"], [("A", ["a"])], []),
    "conflicting options": (["a", "b", "c"], [("AB", ["a", "b"]), ("BC", ["b", "c"])], []),
    "secondary clash": (["a", "b"], [("AX", ["a", "x"]), ("BX", ["b", "x"])], ["x"]),
}


@pytest.mark.parametrize("name", NO_SOLUTION)
def test_no_solution_is_an_empty_generator_with_status_exhausted(name: str) -> None:
    """A problem without exact cover yields nothing, and the stats say the search was complete."""
    primary, options, secondary = NO_SOLUTION[name]
    stats = Stats()
    assert list(solve(Problem.from_options(primary, options, secondary), stats=stats)) == []
    assert stats.status is Status.EXHAUSTED
    assert stats.complete
    assert stats.solutions == 0


def test_secondary_items_may_stay_uncovered_but_never_twice() -> None:
    """Secondary items are optional; an option of secondary items only is never chosen."""
    problem = Problem.from_options(
        ["a", "b"],
        [("A", ["a"]), ("BX", ["b", "x"]), ("AX", ["a", "x"]), ("B", ["b"]), ("X", ["x"])],
        secondary=["x"],
    )
    assert as_sets(list(solve(problem))) == {
        frozenset({"A", "BX"}),
        frozenset({"A", "B"}),
        frozenset({"AX", "B"}),
    }


def test_empty_problem_has_one_solution_the_empty_tuple() -> None:
    """With no primary item the empty set is the one exact cover, even beside secondary options."""
    for problem in (Problem[str]([]), Problem.from_options([], [("X", ["x"])], ["x"])):
        stats = Stats()
        assert list(solve(problem, stats=stats)) == [()]
        assert (stats.solutions, stats.status) == (1, Status.EXHAUSTED)
        assert count(problem) == 1
        assert first(problem) == ()


def test_option_added_after_a_search_is_searched_too() -> None:
    """Adding an option rebuilds the links, so the next search sees it."""
    problem = knuth_example()
    list(solve(problem))
    problem.add_option("everything", KNUTH_ITEMS)
    assert as_sets(list(solve(problem))) == {
        frozenset({"a d f", "b g", "c e"}),
        frozenset({"everything"}),
    }


# The links after a search


def _full(problem: Problem[Square]) -> None:
    """Run the search to its end."""
    list(solve(problem))


def _break_after_one(problem: Problem[Square]) -> None:
    """Leave the loop after one solution (the generator is dropped, not closed explicitly)."""
    for _ in solve(problem):
        break


def _close_after_one(problem: Problem[Square]) -> None:
    """Close the generator after one solution."""
    search = solve(problem)
    next(search)
    search.close()


def _close_deep(problem: Problem[Square]) -> None:
    """Close the generator after forty solutions, deep in the tree."""
    search = solve(problem)
    list(islice(search, 40))
    search.close()


def _limit(problem: Problem[Square]) -> None:
    """Stop after three solutions by a limit."""
    list(solve(problem, limit=3))


def _budget(problem: Problem[Square]) -> None:
    """Stop by a node budget."""
    list(solve(problem, max_nodes=50))


def _first(problem: Problem[Square]) -> None:
    """Take the first solution only."""
    first(problem)


def _prune_half(problem: Problem[Square]) -> None:
    """Search with a prune that cuts off about half the nodes."""
    list(solve(problem, prune=lambda chosen: sum(chosen) % 2 == 0))


def _prune_raises(problem: Problem[Square]) -> None:
    """Search with a prune that raises at its hundredth call."""
    calls = 0

    def prune(chosen: Sequence[int]) -> bool:
        nonlocal calls
        calls += 1
        if calls == 100:
            raise RuntimeError("adapter failure")
        return True

    with pytest.raises(RuntimeError, match="adapter failure"):
        list(solve(problem, prune=prune))


SEARCHES: dict[str, Callable[[Problem[Square]], None]] = {
    "full search": _full,
    "break after one": _break_after_one,
    "close after one": _close_after_one,
    "close after forty": _close_deep,
    "limit": _limit,
    "node budget": _budget,
    "first": _first,
    "prune": _prune_half,
    "prune raises": _prune_raises,
}


@pytest.mark.parametrize("name", SEARCHES)
def test_links_are_restored_however_the_search_ends(name: str) -> None:
    """Every link and length is as before the search, and the problem is free for the next one."""
    problem = queens(8)
    before = links_state(problem)
    SEARCHES[name](problem)
    assert links_state(problem) == before
    assert count(problem) == 92


# Order and item choice


def test_two_runs_give_the_same_solutions_in_the_same_order() -> None:
    """The search is deterministic, on one problem and on two problems built alike."""
    problem = queens(8)
    once = list(solve(problem))
    assert list(solve(problem)) == once
    assert list(solve(queens(8))) == once


def test_search_order_does_not_depend_on_the_hash_seed() -> None:
    """Items and options are numbered in insertion order, so string hashing cannot reorder them."""
    script = (
        "from dlx import Problem, solve\n"
        "items = [f'item{n}' for n in range(6)]\n"
        "options = [(f'{a}+{b}', [a, b]) for a in items for b in items if a < b]\n"
        "options += [(name, [name]) for name in items]\n"
        "print(list(solve(Problem.from_options(items, options)))[:20])\n"
    )
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)}
        run = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("choose", ["first", "sweep"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_every_choice_finds_the_solutions_mrv_finds(name: str, choose: Choice) -> None:
    """The item choice changes the order of search, never the set of solutions."""
    problem = EXAMPLES[name]()
    by_mrv = list(solve(problem, choose="mrv"))
    by_other = list(solve(problem, choose=choose))
    assert len(by_other) == len(by_mrv)
    assert as_sets(by_other) == as_sets(by_mrv)


def test_mrv_branches_on_the_item_with_fewest_options() -> None:
    """mrv covers y (one option) before x (two); first takes x because it is declared first."""
    problem = Problem.from_options(["x", "y"], [("x1", ["x"]), ("x2", ["x"]), ("y1", ["y"])])
    assert list(solve(problem, choose="mrv")) == [("y1", "x1"), ("y1", "x2")]
    assert list(solve(problem, choose="first")) == [("x1", "y1"), ("x2", "y1")]


@pytest.mark.parametrize("general", [False, True], ids=["algorithm X", "algorithm M"])
def test_sweep_takes_items_in_order_but_forced_ones_first(general: bool) -> None:
    """x and z have two options each and come first; y has one: sweep covers y first, then x
    and z in declaration order (mrv would tie x and z too, but first and sweep differ on y)."""
    problem = Problem.from_options(
        ["x", "y", "z"],
        [("x1", ["x"]), ("x2", ["x"]), ("y1", ["y"]), ("z1", ["z"]), ("z2", ["z"])],
    )
    memo = FailureMemo() if general else None
    assert list(solve(problem, choose="sweep", memo=memo))[:2] == [
        ("y1", "x1", "z1"),
        ("y1", "x1", "z2"),
    ]
    assert list(solve(problem, choose="first", memo=memo))[:2] == [
        ("x1", "y1", "z1"),
        ("x1", "y1", "z2"),
    ]


@pytest.mark.parametrize("general", [False, True], ids=["algorithm X", "algorithm M"])
def test_sweep_backtracks_at_once_from_an_item_left_without_options(general: bool) -> None:
    """a1 takes x, which c1 needs, so choosing a1 leaves c without options: sweep sees it at
    once; first branches on b's three options before it reaches c."""
    problem: Problem[str] = Problem(["a", "b", "c"], ["x"])
    for key, items in [("a1", ["a", "x"]), ("b1", ["b"]), ("b2", ["b"]), ("b3", ["b"])]:
        problem.add_option(key, items)
    problem.add_option("c1", ["c", "x"])
    nodes = {}
    for choose in ("sweep", "first"):
        stats = Stats()
        memo = FailureMemo() if general else None
        assert list(solve(problem, choose=choose, memo=memo, stats=stats)) == []
        nodes[choose] = stats.nodes
    assert nodes == {"sweep": 2, "first": 5}


def test_mrv_breaks_ties_on_the_leftmost_item() -> None:
    """With equal option counts mrv takes the item declared first, as DLX1 does."""
    problem = Problem.from_options(["x", "y"], [("y1", ["y"]), ("x1", ["x"])])
    assert list(solve(problem, choose="mrv")) == [("x1", "y1")]


def test_options_of_an_item_are_tried_in_the_order_added() -> None:
    """Within one item, earlier options come first in the search."""
    problem = Problem.from_options(["a"], [("second", ["a"]), ("first", ["a"])])
    assert list(solve(problem)) == [("second",), ("first",)]


def test_unknown_choice_and_negative_limit_are_rejected() -> None:
    """Bad search arguments raise ValueError naming the value."""
    with pytest.raises(ValueError, match="'best'"):
        list(solve(knuth_example(), choose="best"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="-1"):
        list(solve(knuth_example(), limit=-1))


# Limits and budgets


@pytest.mark.parametrize("limit", [1, 5, 91, 92])
def test_limit_gives_the_first_solutions_and_status_limit(limit: int) -> None:
    """limit=k yields the first k solutions of the full search and reports LIMIT."""
    everything = list(solve(queens(8)))
    stats = Stats()
    assert list(solve(queens(8), limit=limit, stats=stats)) == everything[:limit]
    assert (stats.status, stats.solutions) == (Status.LIMIT, limit)


def test_limit_beyond_the_solutions_ends_exhausted() -> None:
    """A limit never reached leaves the search complete."""
    stats = Stats()
    assert len(list(solve(queens(8), limit=93, stats=stats))) == 92
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize("limit", [0, -1])
def test_a_limit_under_one_is_refused_as_the_command_line_refuses_it(limit: int) -> None:
    """Issue 32: `--limit 0` is a usage error, and so is limit=0 (a search asked for nothing
    would end with the status of one cut short: neither "none" nor an answer)."""
    with pytest.raises(ValueError, match="limit must be at least 1"):
        solve(queens(8), limit=limit)


def test_small_node_budget_stops_eight_queens_with_status_budget() -> None:
    """max_nodes=100 stops early: BUDGET, at most 100 nodes, a prefix of solutions."""
    everything = list(solve(queens(8)))
    stats = Stats()
    found = list(solve(queens(8), max_nodes=100, stats=stats))
    assert stats.status is Status.BUDGET
    assert stats.unknown
    assert not stats.complete
    assert stats.nodes <= 100
    assert found == everything[: len(found)]
    assert sum(stats.profile) == stats.nodes


def test_node_budget_is_never_overrun() -> None:
    """For every cap below the full tree, the search counts at most cap nodes and yields only
    solutions found within the cap."""
    problem = queens(6)
    full = Stats()
    nodes_at_solution = [full.nodes for _ in solve(problem, stats=full)]
    overruns = []
    for cap in range(1, full.nodes):
        stats = Stats()
        found = list(solve(problem, max_nodes=cap, stats=stats))
        within = sum(1 for nodes in nodes_at_solution if nodes <= cap)
        if stats.nodes > cap or len(found) != within:
            overruns.append((cap, stats.nodes, len(found), within))
    assert overruns == [], "(max_nodes, nodes counted, solutions yielded, within the cap)"


def test_node_budget_above_the_tree_ends_exhausted() -> None:
    """A budget the search never reaches changes nothing."""
    stats = Stats()
    assert len(list(solve(queens(8), max_nodes=1199, stats=stats))) == 92
    assert (stats.status, stats.nodes) == (Status.EXHAUSTED, 1199)


def test_spent_timeout_stops_a_long_search_with_status_budget() -> None:
    """The clock is polled every few thousand nodes; a spent timeout then stops with BUDGET."""
    stats = Stats()
    list(solve(queens(10), timeout=1e-9, stats=stats))
    assert stats.status is Status.BUDGET
    assert stats.nodes < 16448  # the full 10-queens tree


def test_progress_sees_running_stats_during_a_long_search() -> None:
    """progress is called now and then with the counters so far, status RUNNING."""
    seen: list[tuple[int, Status]] = []
    stats = Stats()
    list(solve(queens(10), stats=stats, progress=lambda s: seen.append((s.nodes, s.status))))
    assert seen
    assert all(status is Status.RUNNING for _, status in seen)
    nodes = [n for n, _ in seen]
    assert nodes == sorted(nodes)
    assert nodes[-1] < stats.nodes


# first and count


def test_first_gives_the_first_solution_of_the_search_or_none() -> None:
    """first is the head of solve's list, for either choice, and None when there is none."""
    assert first(knuth_example()) == ("a d f", "b g", "c e")
    assert first(queens(8)) == next(solve(queens(8)))
    assert first(queens(8), choose="first") == next(solve(queens(8), choose="first"))
    assert first(queens(3)) is None


def test_first_reports_status_limit() -> None:
    """first stops after the one solution it asked for, so its stats say LIMIT, not CLOSED."""
    stats = Stats()
    first(queens(8), stats=stats)
    assert stats.status is Status.LIMIT


def test_count_counts_the_solutions() -> None:
    """count agrees with the known totals and honours the keyword options of solve."""
    assert count(queens(8)) == 92
    assert count(queens(8), choose="first") == 92
    assert count(queens(8), limit=10) == 10
    assert count(queens(3)) == 0


# Statistics


def test_stats_after_a_full_search() -> None:
    """nodes, updates and solutions are counted, the profile sums to nodes, the time is taken."""
    stats = Stats()
    found = list(solve(queens(8), choose="first", stats=stats))
    assert stats.solutions == len(found) == 92
    assert stats.nodes > stats.solutions
    assert stats.updates > stats.nodes
    assert sum(stats.profile) == stats.nodes
    assert stats.profile[0] == 1
    assert stats.profile[8] == 92  # every solution is a node at level 8
    assert stats.seconds >= 0


STATS_PROBLEMS: dict[str, Callable[[], Problem[Any]]] = {
    **EXAMPLES,
    "empty": lambda: Problem[str]([]),
}


@pytest.mark.parametrize("name", STATS_PROBLEMS)
def test_stats_are_current_at_each_yield(name: str) -> None:
    """When a solution is yielded the stats already count it, and the search is RUNNING."""
    stats = Stats()
    for number, _ in enumerate(solve(STATS_PROBLEMS[name](), stats=stats), start=1):
        assert (stats.solutions, stats.status) == (number, Status.RUNNING)
        assert sum(stats.profile) == stats.nodes


def test_reused_stats_describe_only_the_last_search() -> None:
    """A Stats object passed to a second search is reset, profile included."""
    fresh = Stats()
    list(solve(knuth_example(), stats=fresh))
    reused = Stats()
    list(solve(queens(8), stats=reused))
    list(solve(knuth_example(), stats=reused))
    assert (reused.nodes, reused.updates, reused.solutions, reused.profile) == (
        fresh.nodes,
        fresh.updates,
        fresh.solutions,
        fresh.profile,
    )


# Pruning


def banning(number: int) -> Callable[[Sequence[int]], bool]:
    """A prune that cuts off every path through option `number`."""
    return lambda chosen: number not in chosen


def _knuth_solutions_without(key: str) -> set[frozenset[object]]:
    """The solutions of Knuth's example by the oracle, less those containing option `key`."""
    every = algorithm_x(KNUTH_ITEMS, [], KNUTH_OPTIONS)
    return {solution for solution in every if key not in solution}


@pytest.mark.parametrize("key", [key for key, _ in KNUTH_OPTIONS])
def test_prune_removes_exactly_the_solutions_with_a_rejected_option(key: str) -> None:
    """A prune rejecting every path through one option removes just the solutions using it."""
    problem = knuth_example()
    found = list(solve(problem, prune=banning(problem.option_number(key))))
    assert as_sets(found) == _knuth_solutions_without(key)


def test_prune_on_six_queens_removes_exactly_the_placements_with_a_rejected_square() -> None:
    """The same, for each of the 36 squares of 6 queens in turn, against the oracle."""
    primary, secondary, options = queens_data(6)
    every = algorithm_x(primary, secondary, options)
    problem = queens(6)
    wrong = []
    for key, _ in options:
        found = as_sets(list(solve(problem, prune=banning(problem.option_number(key)))))
        if found != {solution for solution in every if key not in solution}:
            wrong.append(key)
    assert wrong == [], "squares whose rejection let a solution through"


def test_prune_rejecting_the_root_gives_no_solutions() -> None:
    """A prune that says no at once cuts the whole tree: no solution, search complete."""
    stats = Stats()
    assert list(solve(knuth_example(), prune=lambda chosen: False, stats=stats)) == []
    assert stats.status is Status.EXHAUSTED


def test_prune_sees_the_live_list_of_chosen_option_numbers() -> None:
    """prune gets one list object, updated in place, holding the options chosen on the path."""
    problem = queens(6)
    lists: set[int] = set()
    paths: list[tuple[int, ...]] = []

    def prune(chosen: Sequence[int]) -> bool:
        lists.add(id(chosen))
        paths.append(tuple(chosen))
        return True

    found = list(solve(problem, prune=prune))
    assert len(lists) == 1
    assert paths[0] == ()
    offered = set(paths)
    for path in paths:
        assert path[:-1] in offered  # each path extends one offered before
        items = [item for number in path for item in problem.options[number]]
        assert len(items) == len(set(items))  # the chosen options are disjoint
    for solution in found:
        numbers = tuple(problem.option_number(key) for key in solution)
        for level in range(len(numbers)):
            assert numbers[:level] in offered


# One search at a time


def test_second_search_while_the_first_is_suspended_raises_search_busy() -> None:
    """The links belong to one search at a time; the suspended one then carries on unharmed.
    (Ten queens: more solutions than a batch, so that the compiled dance is still under way.)"""
    problem = queens(10)
    everything = list(solve(problem))
    search = solve(problem)
    head = next(search)
    with pytest.raises(SearchBusyError) as raised:
        next(solve(problem))
    assert isinstance(raised.value, ValueError)
    with pytest.raises(SearchBusyError):
        count(problem)
    assert [head, *search] == everything


def test_a_closed_search_frees_the_problem() -> None:
    """After the first search is closed a second one runs without error."""
    problem = queens(8)
    search = solve(problem)
    next(search)
    search.close()
    assert count(problem) == 92


# Errors in building a problem


def _ab() -> Problem[object]:
    """A problem of two primary items, a and b, without options."""
    return Problem(["a", "b"])


ERRORS: dict[str, tuple[Callable[[], object], type[DlxError], list[str]]] = {
    "duplicate primary item": (lambda: Problem(["a", "b", "a"]), DuplicateItemNameError, ["'a'"]),
    "duplicate secondary item": (
        lambda: Problem(["a"], ["x", "x"]),
        DuplicateItemNameError,
        ["'x'"],
    ),
    "item both primary and secondary": (
        lambda: Problem(["a", "x"], ["x"]),
        DuplicateItemNameError,
        ["'x'"],
    ),
    "unknown item": (lambda: _ab().add_option("k1", ["a", "z"]), UnknownItemError, ["'k1'", "'z'"]),
    "duplicate item in option": (
        lambda: _ab().add_option(7, ["a", "b", "a"]),
        DuplicateItemInOptionError,
        ["7", "'a'"],
    ),
    "empty option": (lambda: _ab().add_option("k1", []), EmptyOptionError, ["'k1'"]),
    "duplicate option key": (
        lambda: Problem.from_options(["a", "b"], [("k1", ["a"]), ("k1", ["b"])]),
        DuplicateOptionKeyError,
        ["'k1'"],
    ),
}


@pytest.mark.parametrize("name", ERRORS)
def test_bad_problems_raise_typed_value_errors_naming_the_culprit(name: str) -> None:
    """Each broken rule has its own DlxError (a ValueError) whose message names key and item."""
    build, error, fragments = ERRORS[name]
    with pytest.raises(error) as raised:
        build()
    assert isinstance(raised.value, ValueError)
    for fragment in fragments:
        assert fragment in str(raised.value)


def test_a_rejected_option_leaves_the_problem_unchanged() -> None:
    """A failed add_option adds nothing: its key stays free and the solutions stay the same."""
    problem = knuth_example()
    for bad in (["a", "z"], ["a", "a"], []):
        with pytest.raises(DlxError):
            problem.add_option("extra", bad)
    with pytest.raises(DuplicateOptionKeyError):
        problem.add_option("c e", ["a", "b", "c", "d", "e", "f", "g"])
    assert problem.option_count == len(KNUTH_OPTIONS)
    assert list(solve(problem)) == [("a d f", "b g", "c e")]
    problem.add_option("extra", ["a"])
    assert problem.option_count == len(KNUTH_OPTIONS) + 1


# verify


@pytest.mark.parametrize("name", EXAMPLES)
def test_verify_accepts_every_solution_found(name: str) -> None:
    """Every solution of the worked examples passes the independent check."""
    problem = EXAMPLES[name]()
    solutions = list(solve(problem))
    assert solutions
    for solution in solutions:
        verify(problem, solution)


def _clash() -> Problem[str]:
    """Primary a and b whose only options share the secondary item x."""
    return Problem.from_options(["a", "b"], [("AX", ["a", "x"]), ("BX", ["b", "x"])], ["x"])


BAD_SOLUTIONS: dict[str, tuple[Callable[[], Problem[str]], list[str], str]] = {
    "missing primary": (knuth_example, ["a d f", "b g"], "primary item 'c' is not covered"),
    "primary twice": (knuth_example, ["a d f", "b g", "c e", "d e g"], "item 'd' is covered 2"),
    "same option twice": (
        knuth_example,
        ["a d f", "a d f", "b g", "c e"],
        "'a d f' is chosen twice",
    ),
    "secondary twice": (_clash, ["AX", "BX"], "item 'x' is covered 2 times"),
    "unknown key": (knuth_example, ["a d f", "b g", "c e", "nope"], "'nope'"),
}


@pytest.mark.parametrize("name", BAD_SOLUTIONS)
def test_verify_rejects_a_bad_solution(name: str) -> None:
    """verify raises SolutionError naming the item or key at fault."""
    build, solution, message = BAD_SOLUTIONS[name]
    with pytest.raises(SolutionError) as raised:
        verify(build(), solution)
    assert message in str(raised.value)
    assert isinstance(raised.value, DlxError)
