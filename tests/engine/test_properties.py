"""Properties of the engine on random small problems, checked against two independent oracles."""

from __future__ import annotations

from itertools import islice

import pytest
from cores import links_state
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import algorithm_x, brute_force
from strategies import Key, RawProblem, problems

from dlx import Problem, Stats, Status, count, solve, verify
from dlx.solve import Choice

pytestmark = pytest.mark.usefixtures("dlx_core")

CHOICES: list[Choice] = ["mrv", "first", "sweep"]
moderate = settings(max_examples=200, deadline=None)

Case = tuple[Problem[Key], RawProblem]


@pytest.mark.parametrize("choose", CHOICES)
@moderate
@given(case=problems())
def test_solutions_are_those_of_both_oracles(choose: Choice, case: Case) -> None:
    """solve finds each exact cover exactly once, whichever item choice it uses."""
    problem, raw = case
    found = list(solve(problem, choose=choose))
    as_sets = {frozenset(solution) for solution in found}
    assert all(len(set(solution)) == len(solution) for solution in found)
    assert len(as_sets) == len(found)
    assert as_sets == brute_force(raw.primary, raw.secondary, raw.options)
    assert as_sets == algorithm_x(raw.primary, raw.secondary, raw.options)


@moderate
@given(case=problems())
def test_every_solution_passes_verify(case: Case) -> None:
    """Every solution solve yields is an exact cover by the independent verifier."""
    problem, _ = case
    for solution in solve(problem):
        verify(problem, solution)


@moderate
@given(case=problems(), stop=st.integers(0, 3))
def test_links_are_restored_after_full_and_stopped_searches(case: Case, stop: int) -> None:
    """A search leaves every link as it found it, whether it runs out or is closed early."""
    problem, _ = case
    before = links_state(problem)
    list(solve(problem))
    assert links_state(problem) == before
    search = solve(problem)
    list(islice(search, stop))
    search.close()
    assert links_state(problem) == before


@moderate
@given(case=problems())
def test_count_is_the_number_of_solutions(case: Case) -> None:
    """count(problem) agrees with the length of the list of solutions."""
    problem, _ = case
    assert count(problem) == len(list(solve(problem)))


@moderate
@given(case=problems())
def test_stats_account_for_a_full_search(case: Case) -> None:
    """After a full search the stats say EXHAUSTED, count the solutions, and profile the nodes."""
    problem, _ = case
    stats = Stats()
    found = list(solve(problem, stats=stats))
    assert stats.status is Status.EXHAUSTED
    assert stats.solutions == len(found)
    assert sum(stats.profile) == stats.nodes
    assert stats.profile[0] == 1


@moderate
@given(case=problems(), limit=st.integers(1, 4))
def test_limit_gives_a_prefix_of_the_full_search(case: Case, limit: int) -> None:
    """solve(limit=k) yields the first k solutions of the unlimited search, in the same order."""
    problem, _ = case
    everything = list(solve(problem))
    assert list(solve(problem, limit=limit)) == everything[:limit]
