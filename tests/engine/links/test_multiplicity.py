"""Multiplicities (Knuth's Algorithm M), options given in advance, preferred options, the failure
memo, and the budgets and statistics of the general search, against a brute-force oracle."""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import pytest
from cores import links_state
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import brute_force_bounded
from strategies import Key, RawBoundedProblem, bounded_raw_problems

from dlx import DlxError, Problem, SolutionError, Stats, Status, count, first, solve, verify
from dlx.engines.links.multiplicity import _choose, _choose_exact
from dlx.engines.links.twin import links_of
from dlx.engines.settings import Prune
from dlx.errors import BoundsError, MemoUnsupportedError, UnknownItemError, UnknownOptionError
from dlx.memo import FailureMemo
from dlx.solve import Choice

pytestmark = pytest.mark.usefixtures("dlx_core")

K = TypeVar("K", bound=Hashable)
Solutions = set[frozenset[Hashable]]
BoundSpec = Mapping[object, int | tuple[int, int]]

many = settings(max_examples=300, deadline=None)
some = settings(max_examples=100, deadline=None)
few = settings(max_examples=60, deadline=None)


def expected(raw: RawBoundedProblem, givens: Sequence[Key] = ()) -> Solutions:
    """The oracle's solutions of `raw` holding the options `givens`."""
    return brute_force_bounded(raw.primary, raw.secondary, raw.options, raw.bound_pairs(), givens)


def as_sets(solutions: Iterable[tuple[K, ...]]) -> set[frozenset[K]]:
    """The solutions as a set of frozensets of keys, ignoring the order of search."""
    return {frozenset(solution) for solution in solutions}


def each_once(found: Sequence[tuple[K, ...]]) -> bool:
    """Whether no solution repeats an option and no solution comes twice (as a set)."""
    return all(len(set(s)) == len(s) for s in found) and len(as_sets(found)) == len(found)


def in_order(solutions: Solutions) -> list[frozenset[Hashable]]:
    """The solutions in a fixed order (keys mix ints and strings, so by their reprs)."""
    return sorted(solutions, key=lambda solution: sorted(map(repr, solution)))


def draw_givens(data: st.DataObject, raw: RawBoundedProblem) -> list[Key]:
    """Up to three option keys to give in advance: often part of a solution, otherwise any keys,
    clashes, repeats and secondary-only options included."""
    keys = [key for key, _ in raw.options]
    solutions = in_order(expected(raw))
    from_a_solution = bool(solutions) and data.draw(st.booleans(), label="from a solution")
    if from_a_solution:
        solution = data.draw(st.sampled_from(solutions), label="solution")
        part = data.draw(st.permutations([key for key in keys if key in solution]), label="order")
        return part[: data.draw(st.integers(0, len(part)), label="how many")]
    if not keys:
        return []
    return data.draw(st.lists(st.sampled_from(keys), max_size=3), label="givens")


def draw_preferred(data: st.DataObject, raw: RawBoundedProblem) -> list[Key]:
    """Up to four distinct option keys, in any order."""
    keys = [key for key, _ in raw.options]
    if not keys:
        return []
    return data.draw(st.lists(st.sampled_from(keys), max_size=4, unique=True), label="prefer")


def general_memo(problem: Problem[Key]) -> FailureMemo | None:
    """A fresh memo when `problem` needs one to run the general search, else None.

    A problem without multiplicities has only items usable once, so it always takes a memo."""
    return None if problem.has_multiplicities else FailureMemo()


# A worked example, checked by hand


def hand_example(items: Sequence[str] = ("a", "b")) -> Problem[str]:
    """Item a is covered exactly twice, b at most once; options A1 = {a}, AB = {a, b}, A2 = {a},
    B = {b}. Its solutions are the pairs of A1, AB, A2, plus B when b is still free."""
    problem: Problem[str] = Problem(items, bounds={"a": 2, "b": (0, 1)})
    for key, names in [("A1", ["a"]), ("AB", ["a", "b"]), ("A2", ["a"]), ("B", ["b"])]:
        problem.add_option(key, names)
    return problem


@pytest.mark.parametrize("items", [("a", "b"), ("b", "a")], ids=["a first", "b first"])
def test_hand_checked_example_gives_its_four_solutions_in_dlx3_order(
    items: tuple[str, str],
) -> None:
    """Algorithm M branches on a (degree 2 against b's 3, wherever b is declared), tweaking A1
    first; each multiset of options comes once: {A1, AB}, {A1, A2, B}, {A1, A2} (b's null
    branch), then {AB, A2}."""
    found = list(solve(hand_example(items)))
    assert [frozenset(solution) for solution in found] == [
        frozenset({"A1", "AB"}),
        frozenset({"A1", "A2", "B"}),
        frozenset({"A1", "A2"}),
        frozenset({"AB", "A2"}),
    ]


def test_count_first_and_stats_on_the_hand_checked_example() -> None:
    """count and first run the general search too; a full search ends EXHAUSTED after the 8
    nodes counted by hand (root; A1, AB; the three pairs; A1 A2 B and the null branch)."""
    problem = hand_example()
    assert problem.has_multiplicities
    assert count(problem) == 4
    assert first(problem) == ("A1", "AB")
    stats = Stats()
    assert len(list(solve(problem, stats=stats))) == 4
    assert (stats.solutions, stats.status) == (4, Status.EXHAUSTED)
    assert (stats.nodes, stats.profile) == (8, [1, 2, 3, 2])


def test_exact_multiplicity_may_be_written_as_one_number() -> None:
    """bounds={item: n} means covered exactly n times, the same as (n, n)."""
    for bound in (2, (2, 2)):
        problem: Problem[str] = Problem(["a"], bounds={"a": bound})
        for key in ("x", "y", "z"):
            problem.add_option(key, ["a"])
        assert as_sets(solve(problem)) == {
            frozenset({"x", "y"}),
            frozenset({"x", "z"}),
            frozenset({"y", "z"}),
        }


def test_option_without_primary_item_is_never_chosen_but_may_be_given() -> None:
    """With a covered 1..2 times and x secondary, {x} is no solution's part unless given."""
    problem: Problem[str] = Problem(["a"], ["x"], bounds={"a": (1, 2)})
    for key, items in [("A", ["a"]), ("AX", ["a", "x"]), ("X", ["x"])]:
        problem.add_option(key, items)
    assert as_sets(solve(problem)) == {
        frozenset({"A"}),
        frozenset({"AX"}),
        frozenset({"A", "AX"}),
    }
    assert list(solve(problem, givens=["X"])) == [("X", "A")]


def test_lower_bound_zero_allows_leaving_an_item_uncovered() -> None:
    """An item of multiplicity 0..1 without options needs nothing; one of 1..1 makes it fail."""
    problem: Problem[str] = Problem(["a", "b"], bounds={"b": (0, 1)})
    problem.add_option("A", ["a"])
    assert list(solve(problem)) == [("A",)]
    strict: Problem[str] = Problem(["a", "b"], bounds={"b": (1, 1)})
    strict.add_option("A", ["a"])
    assert list(solve(strict)) == []


@pytest.mark.parametrize(
    ("bounds", "multiple"),
    [
        ({}, False),
        ({"a": 1}, False),
        ({"a": (1, 1), "b": 1}, False),
        ({"a": 2}, True),
        ({"b": (0, 1)}, True),
        ({"a": (1, 3)}, True),
    ],
)
def test_has_multiplicities_says_whether_some_bound_is_not_exactly_one(
    bounds: BoundSpec, multiple: bool
) -> None:
    """Only a bound other than exactly once makes a problem one with multiplicities."""
    assert Problem(["a", "b"], ["x"], bounds=bounds).has_multiplicities is multiple


# Malformed bounds


BAD_BOUNDS: dict[str, tuple[BoundSpec, str]] = {
    "secondary item": ({"x": 2}, "'x'"),
    "unknown item": ({"zz": (1, 2)}, "'zz'"),
    "low above high": ({"b": (3, 2)}, "'b'"),
    "high zero": ({"a": (0, 0)}, "'a'"),
    "exactly zero": ({"b": 0}, "'b'"),
    "negative low": ({"a": (-1, 2)}, "'a'"),
    "negative number": ({"a": -2}, "'a'"),
}


@pytest.mark.parametrize("name", BAD_BOUNDS)
def test_malformed_bounds_raise_bounds_error_naming_the_item(name: str) -> None:
    """A bound on a non-primary item, or not 0 <= low <= high with high >= 1, is a BoundsError
    (a DlxError and ValueError) whose message names the item."""
    bounds, fragment = BAD_BOUNDS[name]
    with pytest.raises(BoundsError) as raised:
        Problem(["a", "b"], ["x"], bounds=bounds)
    assert isinstance(raised.value, DlxError)
    assert isinstance(raised.value, ValueError)
    assert fragment in str(raised.value)


# Solutions against the oracle


@pytest.mark.parametrize("choose", ["mrv", "first", "sweep"])
@many
@given(raw=bounded_raw_problems())
def test_solutions_are_the_bounded_covers_each_found_once(
    choose: Choice, raw: RawBoundedProblem
) -> None:
    """solve yields every set of options meeting the bounds, each multiset exactly once, under
    every item choice."""
    problem = raw.build()
    found = list(solve(problem, choose=choose))
    assert each_once(found)
    assert as_sets(found) == expected(raw)
    assert problem.has_multiplicities == any(b != (1, 1) for b in raw.bound_pairs().values())


@some
@given(raw=bounded_raw_problems())
def test_count_and_first_agree_with_the_full_search(raw: RawBoundedProblem) -> None:
    """count is the number of solutions, first the head of the list or None."""
    problem = raw.build()
    everything = list(solve(problem))
    assert count(problem) == len(everything)
    assert first(problem) == (everything[0] if everything else None)


@some
@given(raw=bounded_raw_problems(), limit=st.integers(1, 3))
def test_limit_gives_a_prefix_of_the_general_search(raw: RawBoundedProblem, limit: int) -> None:
    """solve(limit=k) yields the first k solutions of the unlimited search, in the same order."""
    problem = raw.build()
    everything = list(solve(problem))
    assert list(solve(problem, limit=limit)) == everything[:limit]


@many
@given(raw=bounded_raw_problems(exact=True))
def test_without_slack_the_short_item_choice_names_the_item_dlx3s_rule_names(
    raw: RawBoundedProblem,
) -> None:
    """When every multiplicity is exact, the search chooses its items by a shorter rule; at
    every node of a full search, it names the same item as the general rule (or none)."""
    problem = raw.build()
    links = links_of(problem)
    nodes = []

    def same_choice(chosen: Sequence[int]) -> bool:
        nodes.append(len(chosen))
        assert _choose_exact(links.root) is _choose(links.root)
        return True

    list(solve(problem, memo=general_memo(problem), prune=same_choice, core="python"))
    assert nodes


# Options given in advance


@pytest.mark.parametrize("plain", [True, False], ids=["algorithm X", "with bounds"])
@many
@given(data=st.data())
def test_givens_lead_exactly_the_solutions_that_contain_them(
    plain: bool, data: st.DataObject
) -> None:
    """The solutions with givens are the oracle's solutions holding them all, each led by the
    givens in the order given; clashing givens leave none, and the search is complete."""
    raw = data.draw(bounded_raw_problems(plain=plain), label="problem")
    givens = draw_givens(data, raw)
    problem = raw.build()
    stats = Stats()
    found = list(solve(problem, givens=givens, stats=stats))
    assert each_once(found)
    assert all(solution[: len(givens)] == tuple(givens) for solution in found)
    assert as_sets(found) == expected(raw, givens)
    assert stats.status is Status.EXHAUSTED
    assert stats.solutions == len(found)


ROUTES: dict[str, BoundSpec] = {"algorithm X": {}, "algorithm M": {"c": (1, 2)}}
"""Bounds that send the problem of `clash_problem` down either search."""


def clash_problem(bounds: BoundSpec) -> Problem[str]:
    """Primary a, b, c and secondary x; options A, AB, BX, CX, B, C named by their items."""
    problem: Problem[str] = Problem(["a", "b", "c"], ["x"], bounds=bounds)
    for key in ("A", "AB", "BX", "CX", "B", "C"):
        problem.add_option(key, [letter.lower() for letter in key])
    return problem


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(
    "givens",
    [["A", "AB"], ["A", "A"], ["BX", "CX"]],
    ids=["primary item twice", "same key twice", "secondary item twice"],
)
def test_clashing_givens_give_no_solution_and_status_exhausted(
    route: str, givens: list[str]
) -> None:
    """Givens that cannot all be chosen leave an empty, complete search."""
    problem = clash_problem(ROUTES[route])
    assert count(problem, givens=givens[:1]) > 0
    stats = Stats()
    assert list(solve(problem, givens=givens, stats=stats)) == []
    assert (stats.status, stats.solutions) == (Status.EXHAUSTED, 0)


@pytest.mark.parametrize("route", ROUTES)
def test_secondary_only_given_is_allowed(route: str) -> None:
    """An option of secondary items only, never chosen by the search, may be given."""
    problem = clash_problem(ROUTES[route])
    problem.add_option("X", ["x"])
    found = list(solve(problem, givens=["X"]))
    assert found
    assert all(solution[0] == "X" for solution in found)
    without_x = {s for s in as_sets(solve(problem)) if not s & {"BX", "CX"}}
    assert as_sets(found) == {s | {"X"} for s in without_x}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("argument", ["givens", "prefer"])
def test_unknown_key_raises_unknown_option_error_at_the_call(route: str, argument: str) -> None:
    """An unknown given or preferred key is refused when solve is called, before iterating."""
    problem = clash_problem(ROUTES[route])
    memo = FailureMemo() if argument == "prefer" else None
    with pytest.raises(UnknownOptionError) as raised:
        solve(problem, memo=memo, **{argument: ["A", "nope"]})  # type: ignore[arg-type]
    assert isinstance(raised.value, DlxError)
    assert isinstance(raised.value, ValueError)
    assert "'nope'" in str(raised.value)


# Preferred options


def test_prefer_needs_the_general_search() -> None:
    """prefer on a plain problem without memo is a ValueError at the call; with a memo it runs."""
    problem = clash_problem({})
    with pytest.raises(ValueError, match="prefer"):
        solve(problem, prefer=["B"])
    assert as_sets(solve(problem, prefer=["B"], memo=FailureMemo())) == as_sets(solve(problem))


@many
@given(data=st.data())
def test_prefer_changes_the_order_never_the_set_and_restores_the_lists(
    data: st.DataObject,
) -> None:
    """With preferred options the solutions are the same set, each once, and every list is back
    in its old order afterwards, after a full search and after one stopped by a limit."""
    raw = data.draw(bounded_raw_problems(), label="problem")
    prefer = draw_preferred(data, raw)
    problem = raw.build()
    before = links_state(problem)
    found = list(solve(problem, prefer=prefer, memo=general_memo(problem)))
    assert each_once(found)
    assert as_sets(found) == expected(raw)
    assert links_state(problem) == before
    list(solve(problem, prefer=prefer, memo=general_memo(problem), limit=1))
    assert links_state(problem) == before


@some
@given(data=st.data())
def test_preferred_exact_solution_is_found_first_when_bounds_have_no_slack(
    data: st.DataObject,
) -> None:
    """When every bound is exact (low == high) and the preferred options form a solution, the
    search follows them first: each level's first branch is the top option of its item."""
    raw = data.draw(bounded_raw_problems(exact=True), label="problem")
    solutions = in_order(expected(raw))
    problem = raw.build()
    if not solutions:
        assert first(problem, memo=general_memo(problem)) is None
        return
    chosen = data.draw(st.sampled_from(solutions), label="solution")
    prefer = data.draw(st.permutations(sorted(chosen, key=repr)), label="order")
    found = first(problem, prefer=prefer, memo=general_memo(problem))
    assert found is not None
    assert frozenset(found) == chosen


# The order in which the item choice meets the items


@many
@given(data=st.data(), choose=st.sampled_from(["mrv", "first", "sweep"]), memo=st.booleans())
def test_item_order_searches_as_if_the_items_were_declared_in_that_order(
    data: st.DataObject, choose: Choice, memo: bool
) -> None:
    """With `item_order` (some primary items, in any order) both engines, with a memo or
    without, give the solutions, nodes and updates of the same problem declared with those items
    first (the rest following as declared), and leave every list as it was, after a full search
    and after a limit."""
    raw = data.draw(bounded_raw_problems(plain=data.draw(st.booleans())), label="problem")
    listed = data.draw(st.permutations(raw.primary), label="order")
    listed = listed[: data.draw(st.integers(0, len(listed)), label="how many")]
    reordered = RawBoundedProblem(
        (*listed, *(item for item in raw.primary if item not in listed)),
        raw.secondary,
        raw.options,
        raw.bounds,
    )
    memo = memo and memo_must_accept(raw)
    problem = raw.build()
    before = links_state(problem)
    runs = []
    for built, order in ((problem, listed), (reordered.build(), [])):
        stats = Stats()
        found = list(
            solve(built, choose=choose, item_order=order, stats=stats, memo=_memo_if(memo))
        )
        runs.append((found, stats.nodes, stats.updates))
    assert runs[0] == runs[1]
    assert links_state(problem) == before
    list(solve(problem, choose=choose, item_order=listed, limit=1, memo=_memo_if(memo)))
    assert links_state(problem) == before


def _memo_if(wanted: bool) -> FailureMemo | None:
    """A fresh memo, or None."""
    return FailureMemo() if wanted else None


@pytest.mark.parametrize(
    ("order", "error", "words"),
    [
        (["nope"], UnknownItemError, "unknown item 'nope'"),
        (["x"], ValueError, "'x', which is not a primary item"),
        (["b", "a", "b"], ValueError, "names an item twice"),
    ],
)
def test_item_order_is_checked_at_the_call(
    order: list[str], error: type[Exception], words: str
) -> None:
    """An item_order naming an unknown or a secondary item, or one item twice, is refused when
    solve is called, before iterating."""
    problem = Problem.from_options(["a", "b"], [("A", ["a"]), ("B", ["b", "x"])], ["x"])
    with pytest.raises(error, match=words):
        solve(problem, item_order=order)


def test_item_order_decides_which_item_the_sweep_branches_on() -> None:
    """Two items with two options each: the sweep branches on the first item it meets, so the
    solutions come in the other nesting when b is listed first."""
    problem = Problem.from_options(
        ["a", "b"], [("a1", ["a"]), ("a2", ["a"]), ("b1", ["b"]), ("b2", ["b"])]
    )
    assert list(solve(problem, choose="sweep")) == [
        ("a1", "b1"),
        ("a1", "b2"),
        ("a2", "b1"),
        ("a2", "b2"),
    ]
    assert list(solve(problem, choose="sweep", item_order=["b"])) == [
        ("b1", "a1"),
        ("b1", "a2"),
        ("b2", "a1"),
        ("b2", "a2"),
    ]


# The failure memo


def memo_must_accept(raw: RawBoundedProblem) -> bool:
    """Whether each option has an item usable only once: secondary, or primary of bound 1..1."""
    bounds = raw.bound_pairs()
    return all(
        any(item in raw.secondary or bounds.get(item, (1, 1)) == (1, 1) for item in items)
        for _, items in raw.options
    )


def memo_must_refuse(raw: RawBoundedProblem) -> bool:
    """Whether some option has only primary items that may be used more than once."""
    bounds = raw.bound_pairs()
    return any(
        all(item in raw.primary and bounds.get(item, (1, 1))[1] > 1 for item in items)
        for _, items in raw.options
    )


@many
@given(data=st.data())
def test_a_reused_memo_never_changes_the_solutions(data: st.DataObject) -> None:
    """One memo over three searches of a problem (no givens, then two sets of givens) leaves each
    search's solutions those of the oracle, in the order found without a memo."""
    raw = data.draw(bounded_raw_problems(), label="problem")
    runs = [[], draw_givens(data, raw), draw_givens(data, raw)]
    problem = raw.build()
    memo = FailureMemo()
    for givens in runs:
        try:
            found = list(solve(problem, givens=givens, memo=memo))
        except MemoUnsupportedError:
            assert not memo_must_accept(raw)
            return
        assert not memo_must_refuse(raw)
        assert each_once(found)
        assert as_sets(found) == expected(raw, givens)
        if problem.has_multiplicities:
            assert found == list(solve(problem, givens=givens))
        assert isinstance(memo.hits, int)
        assert isinstance(memo.stores, int)
        assert memo.hits >= 0
        assert memo.stores >= 0


def two_level_failure() -> Problem[str]:
    """Items a, b, c, d; options A, AD, BC, BD, CD. After A, the pairs of b, c, d clash, so the
    level below A fails; AD, BC is the one solution."""
    problem: Problem[str] = Problem(["a", "b", "c", "d"])
    for key in ("A", "AD", "BC", "BD", "CD"):
        problem.add_option(key, [letter.lower() for letter in key])
    return problem


def test_memo_stores_a_failing_level_and_keeps_the_solution() -> None:
    """A level without solutions is remembered; the solution is still found."""
    memo = FailureMemo()
    assert list(solve(two_level_failure(), memo=memo)) == [("AD", "BC")]
    assert memo.stores > 0


def triangle() -> Problem[str]:
    """Items a, b, c and options AB, AC, BC: every pair clashes, so no solution."""
    problem: Problem[str] = Problem(["a", "b", "c"])
    for key in ("AB", "AC", "BC"):
        problem.add_option(key, [letter.lower() for letter in key])
    return problem


def test_a_second_search_skips_what_the_first_proved() -> None:
    """The root of an unsolvable problem is remembered; the next search stops there at once."""
    problem = triangle()
    memo = FailureMemo()
    first_stats, second_stats = Stats(), Stats()
    assert list(solve(problem, memo=memo, stats=first_stats)) == []
    assert memo.stores > 0
    assert list(solve(problem, memo=memo, stats=second_stats)) == []
    assert memo.hits > 0
    assert second_stats.nodes < first_stats.nodes
    assert second_stats.status is Status.EXHAUSTED


# What the search tells `learn`


def learned(problem: Problem[K], **options: object) -> tuple[list[tuple[K, ...]], list[list[K]]]:
    """The solutions of `problem`, and the nodes told to `learn` (as option keys) meanwhile."""
    told: list[list[K]] = []
    keys = problem.keys

    def learn(chosen: Sequence[int]) -> None:
        told.append([keys[n] for n in chosen])

    found = list(solve(problem, learn=learn, **options))  # type: ignore[arg-type]
    return found, told


def test_learn_is_told_the_level_that_failed() -> None:
    """Below A every pair clashes: that node, and no other, is told; the solution still comes."""
    assert learned(two_level_failure()) == ([("AD", "BC")], [["A"]])


def test_learn_is_told_the_root_of_an_unsolvable_problem_last() -> None:
    """With givens, the root is the givens: told last, after the levels below it."""
    found, told = learned(triangle())
    assert found == []
    assert told[-1] == []
    problem = two_level_failure()
    found, told = learned(problem, givens=["A"])
    assert (found, told[-1]) == ([], ["A"])


@many
@given(data=st.data(), choose=st.sampled_from(["mrv", "first", "sweep"]))
def test_every_node_told_to_learn_has_no_solution(data: st.DataObject, choose: Choice) -> None:
    """Each node told to `learn` (its options as givens) has no solution by the oracle; `learn`
    changes neither the solutions nor their order; with a memo, it hears of each node stored."""
    raw = data.draw(bounded_raw_problems(), label="problem")
    givens = draw_givens(data, raw)
    problem = raw.build()
    memo = FailureMemo() if memo_must_accept(raw) else None
    found, told = learned(problem, choose=choose, givens=givens, memo=memo)
    assert found == list(solve(problem, choose=choose, givens=givens, memo=general_memo(problem)))
    for node in told:
        assert expected(raw, node) == set()
    if memo is not None:
        assert len(told) == memo.stores


def test_one_memo_on_two_problems_raises_memo_unsupported() -> None:
    """A memo keys the states of one problem; handing it another is refused at the call."""
    memo = FailureMemo()
    one, other = triangle(), two_level_failure()
    list(solve(one, memo=memo))
    with pytest.raises(MemoUnsupportedError) as raised:
        solve(other, memo=memo)
    assert isinstance(raised.value, DlxError)
    assert list(solve(one, memo=memo)) == []


def test_memo_is_refused_after_an_option_is_added() -> None:
    """Adding an option makes a new problem: its old memo, whose failures no longer hold, is
    refused. The new links often take the old ones' place in memory, so the memo cannot tell
    them apart by address: a hundred tries make sure it does not."""
    for _ in range(100):
        problem = triangle()
        memo = FailureMemo()
        assert list(solve(problem, memo=memo)) == []
        problem.add_option("C", ["c"])
        links_of(problem)
        with pytest.raises(MemoUnsupportedError):
            solve(problem, memo=memo)
        assert list(solve(problem, memo=FailureMemo())) == [("AB", "C")]


@pytest.mark.parametrize(
    ("bounds", "options"),
    [
        ({"a": (1, 2)}, [["a"]]),
        ({"a": 2, "b": (0, 3)}, [["a", "b"], ["a"]]),
        ({"b": (2, 3)}, [["a"], ["b"]]),
    ],
    ids=["one slack item", "two items used twice", "beside a good option"],
)
def test_memo_refuses_an_option_without_an_item_usable_only_once(
    bounds: BoundSpec, options: list[list[str]]
) -> None:
    """Whose every item may be used more than once, a state key cannot tell which options
    remain: solve with a memo raises MemoUnsupportedError at the call."""
    problem: Problem[int] = Problem(["a", "b"], ["x"], bounds=bounds)
    for key, items in enumerate(options):
        problem.add_option(key, items)
    with pytest.raises(MemoUnsupportedError):
        solve(problem, memo=FailureMemo())
    list(solve(problem))  # without a memo the search runs


# Budgets, stops and statistics of the general search


def budget_problem() -> Problem[str]:
    """Four items of various multiplicities, one secondary, and every option of one or two items:
    a tree of a few hundred nodes."""
    bounds: dict[object, int | tuple[int, int]] = {"a": (1, 3), "b": 2, "c": (0, 2), "d": 1}
    problem: Problem[str] = Problem(["a", "b", "c", "d"], ["x"], bounds=bounds)
    letters = "abcdx"
    for n, one in enumerate(letters):
        problem.add_option(one, [one])
        for two in letters[n + 1 :]:
            problem.add_option(one + two, [one, two])
    return problem


def test_node_budget_in_the_general_search_is_never_overrun() -> None:
    """For every cap below the full tree: status BUDGET, at most cap nodes, and exactly the
    solutions found within the cap, in order."""
    problem = budget_problem()
    full = Stats()
    everything = list(solve(problem, stats=full))
    nodes_at_solution = [full.nodes for _ in solve(problem, stats=full)]
    assert full.nodes > 100
    wrong: list[tuple[object, ...]] = []
    for cap in range(1, full.nodes):
        stats = Stats()
        found = list(solve(problem, max_nodes=cap, stats=stats))
        within = sum(1 for nodes in nodes_at_solution if nodes <= cap)
        if stats.status is not Status.BUDGET or stats.nodes > cap:
            wrong.append((cap, stats.status, stats.nodes))
        elif found != everything[:within]:
            wrong.append((cap, len(found), within))
    assert wrong == []
    stats = Stats()
    assert len(list(solve(problem, max_nodes=full.nodes, stats=stats))) == len(everything)
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize("memo", [False, True], ids=["multiplicities", "memo"])
def test_spent_timeout_stops_the_general_search_at_once(memo: bool) -> None:
    """The clock is looked at before the root, so a timeout spent by then stops there."""
    problem = budget_problem() if not memo else clash_problem({})
    stats = Stats()
    found = list(solve(problem, timeout=1e-9, stats=stats, memo=FailureMemo() if memo else None))
    assert found == []
    assert stats.status is Status.BUDGET
    assert stats.nodes == 0


Search = Generator[tuple[Key, ...], None, None]
Stop = Callable[[Search], object]


def _close_after_first(search: Search) -> None:
    """Take one solution, then close the generator."""
    next(search, None)
    search.close()


def _drop_after_first(search: Search) -> None:
    """Take one solution and leave the generator suspended, for the caller to drop."""
    next(search, None)


STOPS: dict[str, tuple[dict[str, object], Stop, set[Status]]] = {
    "exhausted": ({}, list, {Status.EXHAUSTED}),
    "limit": ({"limit": 1}, list, {Status.LIMIT, Status.EXHAUSTED}),
    "node budget": ({"max_nodes": 3}, list, {Status.BUDGET, Status.EXHAUSTED}),
    "timeout": ({"timeout": 1e-9}, list, {Status.BUDGET, Status.EXHAUSTED}),
    "closed": ({}, _close_after_first, {Status.CLOSED, Status.EXHAUSTED}),
    "dropped": ({}, _drop_after_first, {Status.CLOSED, Status.EXHAUSTED}),
}


@pytest.mark.parametrize("stop", STOPS)
@few
@given(data=st.data())
def test_links_are_restored_after_every_kind_of_stop(stop: str, data: st.DataObject) -> None:
    """With multiplicities, givens and preferred options together, however the search ends the
    links are as before (order of every list included) and the next search is whole."""
    raw = data.draw(bounded_raw_problems(), label="problem")
    givens, prefer = draw_givens(data, raw), draw_preferred(data, raw)
    problem = raw.build()
    before = links_state(problem)
    options, run, statuses = STOPS[stop]
    stats = Stats()
    search = solve(
        problem,
        givens=givens,
        prefer=prefer,
        memo=general_memo(problem),
        stats=stats,
        **options,  # type: ignore[arg-type]
    )
    run(search)
    del search
    assert stats.status in statuses
    assert links_state(problem) == before
    assert as_sets(solve(problem, givens=givens)) == expected(raw, givens)


@some
@given(data=st.data())
def test_general_search_stats_account_for_the_search(data: st.DataObject) -> None:
    """At each yield the stats count the solution and say RUNNING; at the end EXHAUSTED, every
    solution counted, and the profile sums to the nodes."""
    raw = data.draw(bounded_raw_problems(), label="problem")
    givens = draw_givens(data, raw)
    problem = raw.build()
    stats = Stats()
    found = 0
    for found, _ in enumerate(solve(problem, givens=givens, stats=stats), start=1):
        assert (stats.solutions, stats.status) == (found, Status.RUNNING)
        assert sum(stats.profile) == stats.nodes
    assert stats.status is Status.EXHAUSTED
    assert stats.solutions == found == len(expected(raw, givens))
    assert sum(stats.profile) == stats.nodes
    assert stats.nodes >= found


# The adapter's pruning check


def salted_check(salt: int) -> Callable[[Sequence[int]], bool]:
    """A pruning check that says no to about a third of the option lists, as `salt` decides."""
    return lambda chosen: hash((salt, *chosen)) % 3 != 0


def recorded(calls: list[tuple[int, ...]], check: Prune) -> Prune:
    """`check`, keeping a copy of every option list it is asked about."""

    def prune(chosen: Sequence[int]) -> bool:
        calls.append(tuple(chosen))
        return check(chosen)

    return prune


def raising_at(call: int, check: Prune) -> Prune:
    """`check`, raising RuntimeError at its `call`-th call."""
    calls = 0

    def prune(chosen: Sequence[int]) -> bool:
        nonlocal calls
        calls += 1
        if calls == call:
            raise RuntimeError("adapter failure")
        return check(chosen)

    return prune


@pytest.mark.parametrize("plain", [True, False], ids=["algorithm X", "with bounds"])
@many
@given(data=st.data())
def test_pruning_checks_the_nodes_below_passing_nodes_in_order_each_a_node(
    plain: bool, data: st.DataObject
) -> None:
    """With a check that says no, the search asks about exactly the nodes of the unpruned tree
    whose ancestors all passed, in the same order, counts each of them as a node, and yields the
    solutions whose every level passed. (Children are checked before they are linked in.)"""
    raw = data.draw(bounded_raw_problems(plain=plain, exact=True), label="problem")
    givens = draw_givens(data, raw)
    check = salted_check(data.draw(st.integers(0, 999), label="salt"))
    problem = raw.build()
    everything: list[tuple[int, ...]] = []
    unpruned = list(solve(problem, givens=givens, prune=recorded(everything, lambda _: True)))
    calls: list[tuple[int, ...]] = []
    stats = Stats()
    found = list(solve(problem, givens=givens, stats=stats, prune=recorded(calls, check)))
    base = len(givens)

    def passes(numbers: tuple[int, ...], end: int) -> bool:
        return all(check(numbers[:k]) for k in range(base, end))

    assert calls == [node for node in everything if passes(node, len(node))]
    assert stats.nodes == len(calls) == sum(stats.profile)
    numbered = [tuple(problem.option_number(key) for key in s) for s in unpruned]
    kept = [s for s, numbers in zip(unpruned, numbered, strict=True) if passes(numbers, len(s) + 1)]
    assert found == kept


@pytest.mark.parametrize("plain", [True, False], ids=["algorithm X", "with bounds"])
@few
@given(data=st.data())
def test_links_are_restored_when_a_pruned_search_stops_anywhere(
    plain: bool, data: st.DataObject
) -> None:
    """With a pruning check (and givens, preferred options and a memo where they apply), a node
    budget of any size, or the check raising at any call, leaves the links as before; a budget
    stops with status BUDGET after at most one node more than it allows."""
    raw = data.draw(bounded_raw_problems(plain=plain), label="problem")
    givens = draw_givens(data, raw)
    general = not plain or data.draw(st.booleans(), label="memo")
    prefer = draw_preferred(data, raw) if general else []
    check = salted_check(data.draw(st.integers(0, 999), label="salt"))
    problem = raw.build()
    before = links_state(problem)

    def run(prune: Prune, max_nodes: int | None = None) -> Stats:
        stats = Stats()
        memo = FailureMemo() if general else None
        list(
            solve(
                problem,
                givens=givens,
                prefer=prefer,
                memo=memo,
                stats=stats,
                prune=prune,
                max_nodes=max_nodes,
            )
        )
        return stats

    asked: list[tuple[int, ...]] = []
    try:
        full = run(recorded(asked, check))
    except MemoUnsupportedError:
        return
    for cap in range(1, full.nodes):
        stats = run(check, cap)
        assert (stats.status, stats.nodes <= cap) == (Status.BUDGET, True)
        assert links_state(problem) == before
    for fatal in range(1, len(asked) + 1):
        with pytest.raises(RuntimeError, match="adapter failure"):
            run(raising_at(fatal, check))
        assert links_state(problem) == before


@settings(max_examples=200, deadline=None)
@given(bounded_raw_problems())
def test_verify_accepts_every_solution_with_multiplicities(raw: RawBoundedProblem) -> None:
    """The independent checker respects bounds a..b: each solution found passes it."""
    problem = raw.build()
    for solution in solve(problem):
        verify(problem, solution)


def test_verify_rejects_too_few_or_too_many_uses_and_repeated_options() -> None:
    """A primary item below its lower bound or above its upper bound, or one option chosen
    twice, is named in the SolutionError."""
    problem: Problem[str] = Problem(["a"], bounds={"a": (2, 3)})
    for key in ("A1", "A2", "A3", "A4"):
        problem.add_option(key, ["a"])
    verify(problem, ["A1", "A2"])
    verify(problem, ["A1", "A2", "A3"])
    with pytest.raises(SolutionError, match="'a' is covered 1 times, not 2"):
        verify(problem, ["A1"])
    with pytest.raises(SolutionError, match="'a' is covered 4 times"):
        verify(problem, ["A1", "A2", "A3", "A4"])
    with pytest.raises(SolutionError, match="'A1' is chosen twice"):
        verify(problem, ["A1", "A1"])
