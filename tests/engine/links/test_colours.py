"""Colours on secondary items (Knuth's Algorithm C, with the multiplicities of Algorithm M): the
general search against a brute-force oracle, Knuth's DLX3 example, Latin squares, and errors."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import pytest
from cores import links_state
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import brute_force_coloured
from strategies import Key, RawColouredProblem, coloured_raw_problems

from dlx import DlxError, Problem, SolutionError, Stats, Status, count, solve, verify
from dlx.errors import ColourError, MemoUnsupportedError
from dlx.knuth import parse_dlx
from dlx.memo import FailureMemo
from dlx.solve import Choice

pytestmark = pytest.mark.usefixtures("dlx_core")

K = TypeVar("K", bound=Hashable)
Solutions = set[frozenset[Hashable]]
LinkState = tuple[object, ...]

many = settings(max_examples=300, deadline=None)
some = settings(max_examples=100, deadline=None)


def expected(raw: RawColouredProblem, givens: Sequence[Key] = ()) -> Solutions:
    """The oracle's solutions of `raw` holding the options `givens`."""
    return brute_force_coloured(
        raw.primary, raw.secondary, raw.options, raw.bound_pairs(), raw.colour_maps(), givens
    )


def as_sets(solutions: Iterable[tuple[K, ...]]) -> set[frozenset[K]]:
    """The solutions as a set of frozensets of keys, ignoring the order of search."""
    return {frozenset(solution) for solution in solutions}


def each_once(found: Sequence[tuple[K, ...]]) -> bool:
    """Whether no solution repeats an option and no solution comes twice (as a set)."""
    return all(len(set(s)) == len(s) for s in found) and len(as_sets(found)) == len(found)


def link_state(problem: Problem[K]) -> LinkState:
    """Every link, length and bound of the problem's links, and every node's colour (purifying
    marks nodes by changing their colour, which the snapshot does not see)."""
    return links_state(problem)


def coloured_problem(
    primary: Sequence[str],
    secondary: Sequence[str],
    options: Mapping[str, tuple[Sequence[str], Mapping[str, Hashable]]],
) -> Problem[str]:
    """A problem whose options are given by key as (items, colours)."""
    problem: Problem[str] = Problem(primary, secondary)
    for key, (items, colours) in options.items():
        problem.add_option(key, items, colours)
    return problem


# Worked examples

DLX3_EXAMPLE = """\
| A simple example of color controls (Knuth, dlx3.w)
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_knuth_dlx3_example_has_its_unique_solution() -> None:
    """Item C is used 2 or 3 times; X and Y are shared only under one colour: the one solution
    is {A C X:1 Y:1, B X:1, C Y:1}, as DLX3 finds."""
    read = parse_dlx(DLX3_EXAMPLE)
    problem = read.problem
    assert problem.has_colours
    assert problem.bounds == [(1, 1), (1, 1), (2, 3)]
    found = list(solve(problem))
    assert [{read.option_text(key) for key in solution} for solution in found] == [
        {"A C X:1 Y:1", "B X:1", "C Y:1"}
    ]
    verify(problem, found[0])


def sharing_problem() -> Problem[str]:
    """Primary a, b; secondary x. A and B give x red, Blue gives it blue, Ax and Bx use it
    uncoloured, and Bare covers b alone."""
    return coloured_problem(
        ["a", "b"],
        ["x"],
        {
            "A": (["a", "x"], {"x": "red"}),
            "Ax": (["a", "x"], {}),
            "B": (["b", "x"], {"x": "red"}),
            "Blue": (["b", "x"], {"x": "blue"}),
            "Bx": (["b", "x"], {}),
            "Bare": (["b"], {}),
        },
    )


def test_same_colour_shares_an_item_and_anything_else_excludes() -> None:
    """Red may meet red; red never meets blue or an uncoloured use, nor two uncoloured uses."""
    assert as_sets(solve(sharing_problem())) == {
        frozenset({"A", "B"}),
        frozenset({"A", "Bare"}),
        frozenset({"Ax", "Bare"}),
    }


def test_colours_of_any_hashable_type_are_compared_by_equality() -> None:
    """The int 0 is a colour like any other (not 'none'), and differs from the string '0'."""
    problem = coloured_problem(
        ["a", "b"],
        ["x"],
        {
            "A": (["a", "x"], {"x": 0}),
            "B": (["b", "x"], {"x": 0}),
            "B text": (["b", "x"], {"x": "0"}),
        },
    )
    assert problem.option_colours("A") == {"x": 0}
    assert list(solve(problem)) == [("A", "B")]


def test_none_as_a_colour_means_the_same_to_solve_and_verify() -> None:
    """Whatever None means as a colour (refused, no colour, or a colour), every solution the
    search yields passes the independent check."""
    problem: Problem[str] = Problem(["a", "b"], ["x"])
    try:
        problem.add_option("A", ["a", "x"], {"x": None})
        problem.add_option("B", ["b", "x"], {"x": None})
    except ColourError:
        return
    for solution in solve(problem):
        verify(problem, solution)


def test_option_colours_and_has_colours_report_what_was_given() -> None:
    """option_colours names each coloured item of an option; uncoloured options give {}."""
    problem = sharing_problem()
    assert problem.has_colours
    assert problem.option_colours("A") == {"x": "red"}
    assert problem.option_colours("Bx") == {}
    plain = coloured_problem(["a"], ["x"], {"A": (["a", "x"], {})})
    assert not plain.has_colours
    assert plain.option_colours("A") == {}


def test_colours_combine_with_multiplicities_and_givens() -> None:
    """Item a is used twice; the options sharing x must agree on its colour. With A1 given, only
    the solutions holding it remain, A1 first."""
    problem: Problem[str] = Problem(["a"], ["x"], bounds={"a": 2})
    for key, colour in [("A1", "red"), ("A2", "red"), ("A3", "blue"), ("A4", None)]:
        problem.add_option(key, ["a", "x"], {} if colour is None else {"x": colour})
    problem.add_option("A5", ["a"])
    assert as_sets(solve(problem)) == {
        frozenset({"A1", "A2"}),
        frozenset({"A1", "A5"}),
        frozenset({"A2", "A5"}),
        frozenset({"A3", "A5"}),
        frozenset({"A4", "A5"}),
    }
    found = list(solve(problem, givens=["A1"]))
    assert as_sets(found) == {frozenset({"A1", "A2"}), frozenset({"A1", "A5"})}
    assert all(solution[0] == "A1" for solution in found)


@pytest.mark.parametrize(
    "givens",
    [["A", "Blue"], ["A", "Bx"], ["Ax", "B"]],
    ids=["two colours", "coloured then uncoloured", "uncoloured then coloured"],
)
def test_givens_clashing_on_a_colour_give_no_solution(givens: list[str]) -> None:
    """Givens that disagree on a secondary item's colour leave an empty, complete search."""
    stats = Stats()
    assert list(solve(sharing_problem(), givens=givens, stats=stats)) == []
    assert (stats.status, stats.solutions) == (Status.EXHAUSTED, 0)


def test_givens_agreeing_on_a_colour_give_their_solution() -> None:
    """Two givens of one colour share the item."""
    assert list(solve(sharing_problem(), givens=["B", "A"])) == [("B", "A")]


# The general search against the oracle


@many
@given(raw=coloured_raw_problems())
def test_solutions_are_the_oracles_each_found_once_and_verified(raw: RawColouredProblem) -> None:
    """solve yields every set of options meeting the bounds and the colour rule, each once, and
    every one passes verify."""
    problem = raw.build()
    found = list(solve(problem))
    assert each_once(found)
    assert as_sets(found) == expected(raw)
    for solution in found:
        verify(problem, solution)
    assert problem.has_colours == any(raw.paintings)


@many
@given(data=st.data())
def test_givens_lead_exactly_the_oracles_solutions_holding_them(data: st.DataObject) -> None:
    """With one or two options given (clashing ones, repeats and secondary-only ones included),
    the solutions are the oracle's holding them all, each led by the givens."""
    raw = data.draw(coloured_raw_problems(), label="problem")
    keys = [key for key, _ in raw.options]
    if not keys:
        return
    givens = data.draw(st.lists(st.sampled_from(keys), min_size=1, max_size=2), label="givens")
    problem = raw.build()
    stats = Stats()
    found = list(solve(problem, givens=givens, stats=stats))
    assert each_once(found)
    assert all(solution[: len(givens)] == tuple(givens) for solution in found)
    assert as_sets(found) == expected(raw, givens)
    assert stats.status is Status.EXHAUSTED


@many
@given(data=st.data())
def test_links_and_colours_are_restored_after_full_limited_and_budgeted_searches(
    data: st.DataObject,
) -> None:
    """After a full search, a limit=1 search and a max_nodes budget (with or without a given),
    every link and node colour is as before; the stopped searches yield a prefix of the full
    search's solutions, and a budget below the full search's nodes says BUDGET."""
    raw = data.draw(coloured_raw_problems(), label="problem")
    keys = [key for key, _ in raw.options]
    givens = data.draw(st.lists(st.sampled_from(keys), max_size=1) if keys else st.just([]))
    problem = raw.build()
    before = link_state(problem)
    full = Stats()
    everything = list(solve(problem, givens=givens, stats=full))
    assert link_state(problem) == before
    assert list(solve(problem, givens=givens, limit=1)) == everything[:1]
    assert link_state(problem) == before
    cap = data.draw(st.integers(1, max(1, full.nodes)), label="max_nodes")
    stats = Stats()
    found = list(solve(problem, givens=givens, max_nodes=cap, stats=stats))
    assert link_state(problem) == before
    assert found == everything[: len(found)]
    assert stats.nodes <= cap
    if cap < full.nodes:
        assert stats.status is Status.BUDGET
    else:
        assert (stats.status, found) == (Status.EXHAUSTED, everything)
    assert list(solve(problem, givens=givens)) == everything


@pytest.mark.parametrize("colour", [None, "red"], ids=["algorithm X", "coloured"])
def test_budgets_are_looked_at_the_root_even_when_givens_cover_every_item(
    colour: str | None,
) -> None:
    """The root is a node and the budgets are looked at before it, whichever search runs: with
    givens covering every primary item, a timeout spent by then yields nothing (status BUDGET:
    the root's one solution is unknown, not found), while max_nodes=1 allows the root, which is
    that solution."""
    problem = coloured_problem(
        ["a"], ["x"], {"A": (["a", "x"], {} if colour is None else {"x": colour})}
    )
    stats = Stats()
    found = list(solve(problem, givens=["A"], stats=stats, timeout=1e-9))
    assert (found, stats.status) == ([], Status.BUDGET)
    found = list(solve(problem, givens=["A"], stats=stats, max_nodes=1))
    assert (found, stats.status, stats.nodes) == ([("A",)], Status.EXHAUSTED, 1)


@some
@given(raw=coloured_raw_problems())
def test_verify_accepts_exactly_the_oracles_sets_of_options(raw: RawColouredProblem) -> None:
    """Over every set of options naming a primary item, verify passes just the oracle's
    solutions: it knows bounds and the colour rule."""
    problem = raw.build()
    solutions = expected(raw)
    usable = [key for key, items in raw.options if set(items) & set(raw.primary)]
    for size in range(len(usable) + 1):
        for subset in itertools.combinations(usable, size):
            try:
                verify(problem, subset)
            except SolutionError:
                assert frozenset(subset) not in solutions
            else:
                assert frozenset(subset) in solutions


# Latin squares: rows and columns agreeing on the colour of every cell

LATIN_SQUARES = {1: 1, 2: 2, 3: 12, 4: 576, 5: 161280}
"""The number of Latin squares of order n (OEIS A002860)."""

Cell = tuple[int, int]
LatinKey = tuple[str, int, tuple[int, ...]]


def latin_square_problem(n: int) -> Problem[LatinKey]:
    """Primary items: each row and each column; secondary items: the cells. An option fills a
    row (or a column) with a permutation of 1..n, giving each of its cells its digit as colour,
    so rows and columns must agree cell by cell."""
    rows, columns = [f"row {r}" for r in range(n)], [f"column {c}" for c in range(n)]
    cells: list[Cell] = [(r, c) for r in range(n) for c in range(n)]
    problem: Problem[LatinKey] = Problem([*rows, *columns], cells)
    for digits in itertools.permutations(range(1, n + 1)):
        for line in range(n):
            across = [(line, c) for c in range(n)]
            problem.add_option(
                ("row", line, digits), [rows[line], *across], dict(zip(across, digits, strict=True))
            )
            down = [(r, line) for r in range(n)]
            problem.add_option(
                ("column", line, digits),
                [columns[line], *down],
                dict(zip(down, digits, strict=True)),
            )
    return problem


def square(solution: Sequence[LatinKey], n: int) -> list[list[int]]:
    """The grid a solution's row options write."""
    grid = [[0] * n for _ in range(n)]
    for kind, line, digits in solution:
        if kind == "row":
            grid[line] = list(digits)
    return grid


def is_latin(grid: list[list[int]]) -> bool:
    """Whether every row and column of `grid` holds 1..n once each."""
    digits = list(range(1, len(grid) + 1))
    return all(sorted(row) == digits for row in grid) and all(
        sorted(column) == digits for column in zip(*grid, strict=True)
    )


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_latin_squares_counted_by_colours(n: int) -> None:
    """Each Latin square of order n comes once (12 for n = 3, 576 for n = 4), as a grid whose
    rows and columns are permutations, and passes verify."""
    problem = latin_square_problem(n)
    grids = []
    for solution in solve(problem):
        verify(problem, solution)
        grids.append(square(solution, n))
    assert all(is_latin(grid) for grid in grids)
    assert len({str(grid) for grid in grids}) == len(grids) == LATIN_SQUARES[n]


@pytest.mark.slow
def test_latin_squares_of_order_5_counted_by_colours() -> None:
    """161280 Latin squares of order 5 (2.2 million nodes: 20-45 s)."""
    assert count(latin_square_problem(5)) == LATIN_SQUARES[5]


# Errors

BAD_COLOURS: dict[str, tuple[Sequence[str], dict[str, str]]] = {
    "primary item": (["a", "x"], {"a": "red"}),
    "item not in the option": (["a", "x"], {"y": "red"}),
    "undeclared item": (["a", "x"], {"zz": "red"}),
    "primary item after a good colour": (["a", "x"], {"x": "red", "a": "red"}),
}


@pytest.mark.parametrize("case", BAD_COLOURS)
def test_misplaced_colour_raises_colour_error_naming_item_and_option(case: str) -> None:
    """A colour on a primary item, or on an item the option does not name, is a ColourError (a
    DlxError and ValueError) whose message names the option and the item."""
    items, colours = BAD_COLOURS[case]
    problem: Problem[str] = Problem(["a", "b"], ["x", "y"])
    with pytest.raises(ColourError) as raised:
        problem.add_option("opt", items, colours)
    assert isinstance(raised.value, DlxError)
    assert isinstance(raised.value, ValueError)
    message = str(raised.value)
    assert "'opt'" in message
    assert repr(list(colours)[-1]) in message


@pytest.mark.parametrize("case", BAD_COLOURS)
def test_refused_colours_leave_the_problem_unchanged(case: str) -> None:
    """An option refused for its colours is not added and leaves no colour behind: the problem
    stays uncoloured (so it still takes choose='first' and a memo), and the key stays free."""
    items, colours = BAD_COLOURS[case]
    problem: Problem[str] = Problem(["a", "b"], ["x", "y"])
    with pytest.raises(ColourError):
        problem.add_option("opt", items, colours)
    assert (problem.option_count, problem.has_colours) == (0, False)
    problem.add_option("opt", ["a"])
    problem.add_option("B", ["b"])
    assert list(solve(problem, choose="first")) == [("opt", "B")]
    assert list(solve(problem, memo=FailureMemo())) == [("opt", "B")]


def test_memo_on_a_coloured_problem_is_refused_at_the_call() -> None:
    """A state key cannot tell which colours are set: solve and count with a memo raise
    MemoUnsupportedError before any search; without one the search runs."""
    problem = sharing_problem()
    with pytest.raises(MemoUnsupportedError) as raised:
        solve(problem, memo=FailureMemo())
    assert isinstance(raised.value, DlxError)
    with pytest.raises(MemoUnsupportedError):
        solve(problem, memo=FailureMemo(), givens=["A"])
    with pytest.raises(MemoUnsupportedError):
        count(problem, memo=FailureMemo())
    assert count(problem) == 3


@pytest.mark.parametrize("choose", ["first", "sweep"])
def test_coloured_problem_has_the_same_solutions_under_every_choice(choose: Choice) -> None:
    """The general search takes any item choice; it changes the order, never the solutions."""
    by_mrv = {frozenset(s) for s in solve(sharing_problem())}
    by_other = list(solve(sharing_problem(), choose=choose))
    assert len(by_other) == len(by_mrv) == 3
    assert {frozenset(s) for s in by_other} == by_mrv


def test_verify_knows_the_colour_rule() -> None:
    """Same-colour sharing passes; two colours, a coloured and an uncoloured use, or two
    uncoloured uses of a secondary item are SolutionErrors naming the item."""
    problem = coloured_problem(
        ["a", "b", "c"],
        ["x"],
        {
            "A": (["a", "x"], {"x": "red"}),
            "A bare": (["a"], {}),
            "B": (["b", "x"], {"x": "red"}),
            "B plain": (["b", "x"], {}),
            "C": (["c", "x"], {"x": "red"}),
            "C blue": (["c", "x"], {"x": "blue"}),
            "C plain": (["c", "x"], {}),
        },
    )
    verify(problem, ["A", "B", "C"])
    verify(problem, ["A bare", "B", "C"])
    with pytest.raises(SolutionError, match="'x' is given different colours"):
        verify(problem, ["A", "B", "C blue"])
    with pytest.raises(SolutionError, match="'x' is covered 3 times"):
        verify(problem, ["A", "B", "C plain"])
    with pytest.raises(SolutionError, match="'x' is covered 2 times"):
        verify(problem, ["A bare", "B", "C plain"])
    with pytest.raises(SolutionError, match="'x' is covered 2 times"):
        verify(problem, ["A bare", "B plain", "C plain"])


def test_timeout_is_honoured_when_nodes_are_costly() -> None:
    """The clock is read every few thousand nodes *or* every million updates: a search whose
    few nodes each hide thousands of options still stops on a timeout (here 0.05 s out of the
    seconds the whole search takes) instead of running to the end."""
    problem: Problem[tuple[str, int]] = Problem(["x", "y"], ["s"])
    for i in range(3000):
        problem.add_option(("x", i), ["x", "s"], {"s": i})
    for j in range(3000):
        problem.add_option(("y", j), ["y", "s"], {"s": -1 - j})
    stats = Stats()
    assert list(solve(problem, timeout=0.05, stats=stats)) == []
    assert stats.status is Status.BUDGET
