"""Bounds a user can rely on: memory linear in the input, budgets checked once at the boundary,
size limits refused at once, and the memo's state keys exact at a bounded cost."""

from __future__ import annotations

import math
import tracemalloc

import pytest

from dlx import BudgetError, MemoUnsupportedError, Problem, Stats, Status, count, solve
from dlx.memo import MAX_KEY_BITS, FailureMemo


def one_long_option(length: int) -> Problem[int]:
    """`length` items and one option naming them all (plus one per item, so it is searched)."""
    problem: Problem[int] = Problem(range(length))
    problem.add_option(-1, range(length))
    for item in range(length):
        problem.add_option(item, [item])
    return problem


def links_bytes(problem: Problem[int]) -> int:
    """The memory the problem's links take, as tracemalloc sees it."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        problem.links()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_a_long_options_links_grow_linearly_with_its_length() -> None:
    """Four times the option's length costs about four times the memory, not sixteen."""
    small, large = one_long_option(2000), one_long_option(8000)
    ratio = links_bytes(large) / links_bytes(small)
    assert 3.0 < ratio < 5.0


def test_a_long_option_is_still_searched_exactly() -> None:
    """The option naming every item and the one option per item are the two exact covers."""
    problem = one_long_option(300)
    stats = Stats()
    assert sorted(len(s) for s in solve(problem, stats=stats)) == [1, 300]
    assert stats.status is Status.EXHAUSTED


@pytest.mark.parametrize("timeout", [0.0, -1.0, math.inf, math.nan])
def test_a_timeout_must_be_a_positive_finite_number(timeout: float) -> None:
    with pytest.raises(BudgetError, match="positive finite"):
        solve(one_long_option(2), timeout=timeout)


@pytest.mark.parametrize("max_nodes", [0, -5])
def test_a_node_budget_must_be_at_least_one(max_nodes: int) -> None:
    with pytest.raises(BudgetError, match="at least 1"):
        count(one_long_option(2), max_nodes=max_nodes)


@pytest.mark.parametrize("memo", [False, True], ids=["algorithm X", "general"])
@pytest.mark.parametrize("cap", [1, 2, 3, 7])
def test_max_nodes_means_at_most_that_many_nodes(cap: int, memo: bool) -> None:
    """The search enters at most `max_nodes` nodes, solutions included, and says BUDGET."""
    stats = Stats()
    list(
        solve(one_long_option(12), max_nodes=cap, stats=stats, memo=FailureMemo() if memo else None)
    )
    assert stats.nodes <= cap
    assert sum(stats.profile) == stats.nodes
    assert stats.status is Status.BUDGET


def test_a_memo_refuses_a_state_key_wider_than_its_limit() -> None:
    """One bit per item: a problem with more items than MAX_KEY_BITS is searched without one."""
    problem = one_long_option(MAX_KEY_BITS + 1)
    with pytest.raises(MemoUnsupportedError, match=f"limit of {MAX_KEY_BITS}"):
        solve(problem, memo=FailureMemo())
    assert count(problem) == 2


def test_a_memo_at_its_width_limit_gives_the_same_answers() -> None:
    problem = one_long_option(MAX_KEY_BITS)
    memo = FailureMemo()
    assert count(problem, memo=memo) == 2
    assert count(problem, memo=memo) == 2


def test_the_state_keys_cost_nothing_without_a_memo() -> None:
    """Only binding a memo lays out the fields: a search without one leaves every addend 0."""
    problem = one_long_option(50)
    count(problem)
    links = problem.links()
    assert not links.keyed
    assert {node.key_addend for node in links.nodes} == {0}
    count(problem, memo=FailureMemo())
    assert links.keyed
    assert links.first_node[0].key_addend == (1 << 50) - 1
