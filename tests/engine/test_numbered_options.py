"""`Problem.add_numbered`: options given by item number, for a builder that numbers its own items,
make the same problem as `add_option` with names; what it cannot vouch for is refused."""

from __future__ import annotations

import pytest

from dlx import Problem, count, solve
from dlx.errors import (
    DuplicateOptionKeyError,
    EmptyOptionError,
    SizeLimitError,
    UnknownItemError,
)


def named() -> Problem[int]:
    problem: Problem[int] = Problem(["a", "b", "c"], ["x"])
    for key, items in enumerate([["a", "x"], ["b", "c"], ["a", "b"], ["c", "x"]]):
        problem.add_option(key, items)
    return problem


def numbered() -> Problem[int]:
    problem: Problem[int] = Problem(["a", "b", "c"], ["x"])
    problem.add_numbered([(0, 3), (1, 2), (0, 1), (2, 3)])
    return problem


def test_numbered_options_make_the_named_problem() -> None:
    a, b = named(), numbered()
    assert (a.options, a.keys, a.colours, a.option_nodes) == (
        b.options,
        b.keys,
        b.colours,
        b.option_nodes,
    )
    assert b.keys_are_numbers and b.option_number(3) == 3
    assert b.option_items(1) == ["b", "c"]
    assert list(solve(a)) == list(solve(b)) == [(0, 1), (2, 3)] and count(b) == 2


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ([(0,), ()], EmptyOptionError),
        ([(0, -1)], EmptyOptionError),
        ([(0, 4)], UnknownItemError),
    ],
)
def test_what_a_builder_cannot_vouch_for_is_refused(
    options: list[tuple[int, ...]], error: type[Exception]
) -> None:
    problem: Problem[int] = Problem(["a", "b", "c"], ["x"])
    with pytest.raises(error):
        problem.add_numbered(options)
    assert problem.option_count == 0


def test_numbered_options_go_into_a_problem_without_options() -> None:
    problem = named()
    with pytest.raises(DuplicateOptionKeyError):
        problem.add_numbered([(0,)])


def test_numbered_options_keep_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("dlx.problem.MAX_OPTION_NODES", 5)
    with pytest.raises(SizeLimitError, match="more than 5 items"):
        Problem(["a", "b", "c"]).add_numbered([(0, 1, 2), (0, 1, 2)])
    monkeypatch.setattr("dlx.problem.MAX_OPTIONS", 1)
    with pytest.raises(SizeLimitError, match="more than 1 options"):
        Problem(["a", "b", "c"]).add_numbered([(0,), (1,)])
