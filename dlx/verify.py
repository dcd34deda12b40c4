"""An independent check of a proposed solution, sharing no code with the search."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TypeVar

from dlx.errors import DlxError, SolutionError
from dlx.problem import Problem

K = TypeVar("K", bound=Hashable)


def verify(problem: Problem[K], solution: Iterable[K]) -> None:
    """Raise SolutionError unless `solution` covers every primary item as often as its
    multiplicity allows (exactly once by default), and each secondary item at most once or
    only by options giving it one same colour.

    >>> p = Problem.from_options(["a", "b"], [("x", ["a"]), ("y", ["b"]), ("z", ["a", "b"])])
    >>> verify(p, ["x", "y"])
    >>> verify(p, ["x", "z"])
    Traceback (most recent call last):
    ...
    dlx.errors.SolutionError: item 'a' is covered 2 times
    """
    covered: Counter[object] = Counter()
    painted: dict[object, set[object]] = {}  # the colours given to each secondary item
    seen: set[K] = set()
    for key in solution:
        if key in seen:
            raise SolutionError(f"option {key!r} is chosen twice")
        seen.add(key)
        try:
            items = problem.option_items(key)
        except DlxError:
            raise SolutionError(f"{key!r} is not an option of the problem") from None
        colours = problem.option_colours(key)
        covered.update(items)
        for item in items:
            painted.setdefault(item, set()).add(colours.get(item))
    for number, item in enumerate(problem.items):
        times = covered[item]
        if number >= problem.primary_count and times > 1 and None not in painted[item]:
            if len(painted[item]) > 1:
                raise SolutionError(f"item {item!r} is given different colours")
            continue  # shared by options that agree on its colour
        low, high = problem.bounds[number] if number < problem.primary_count else (0, 1)
        if times > high:
            raise SolutionError(f"item {item!r} is covered {times} times")
        if times < low:
            missing = "not covered" if times == 0 else f"covered {times} times, not {low}"
            raise SolutionError(f"primary item {item!r} is {missing}")
