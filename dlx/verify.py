"""An independent check of a proposed solution, sharing no code with the search."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable

from dlx.errors import SolutionError
from dlx.problem import Problem

K = Hashable


def verify(problem: Problem[K], solution: Iterable[K]) -> None:
    """Raise SolutionError unless `solution` covers every primary item once and no item twice.

    >>> p = Problem.from_options(["a", "b"], [("x", ["a"]), ("y", ["b"]), ("z", ["a", "b"])])
    >>> verify(p, ["x", "y"])
    >>> verify(p, ["x", "z"])
    Traceback (most recent call last):
    ...
    dlx.errors.SolutionError: item 'a' is covered 2 times
    """
    covered: Counter[object] = Counter()
    for key in solution:
        if key not in problem.keys:
            raise SolutionError(f"{key!r} is not an option of the problem")
        covered.update(problem.option_items(key))
    for item in problem.items:
        times = covered[item]
        if times > 1:
            raise SolutionError(f"item {item!r} is covered {times} times")
        if times == 0 and problem.is_primary(item):
            raise SolutionError(f"primary item {item!r} is not covered")
