"""Knuth's estimate of a search tree's size from random paths (TAOCP 7.2.2, "Estimating the
running time"; Knuth 1975).

A *probe* walks from the root to a leaf, choosing each branch at random among the d options
the search would try there. A node met at depth k, below branching degrees d0, ..., d(k-1),
stands for d0 * ... * d(k-1) nodes like it; adding these weights along the path gives an
unbiased estimate of the number of nodes, and weighting each node's updates (those of choosing
the option that leads to it and of covering the item it branches on) or its being a solution
gives the same for updates and solutions. The mean of many probes is the estimate.

Each step is the search itself, with a pruning check that follows the path and records the
next node's options: the item choice and the update counts are exactly the sequential search's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from dlx.engines.settings import Choice
from dlx.errors import DlxError
from dlx.problem import Problem
from dlx.solve import solve
from dlx.stats import Stats

K = TypeVar("K", bound=Hashable)
Pick = Callable[[Sequence[int]], int]
"""Chooses one of a node's options (their numbers, in search order)."""


class EstimateError(DlxError):
    """A problem the random-path estimate cannot follow (its branches are not all options)."""


@dataclass
class Estimate:
    """Mean estimates of a tree's nodes, updates and solutions over `probes` random paths, each
    with its standard error (the spread of the probes over the square root of their number:
    the true figure is within two of them of the mean about 95% of the time, when the probes
    are many enough to have met the tree's rare heavy paths); `reached`: the probes that ended
    in a solution (none: the solutions' estimate of 0 says nothing)."""

    nodes: float
    updates: float
    solutions: float
    probes: int
    errors: tuple[float, float, float] = (math.inf, math.inf, math.inf)
    reached: int = 0


def step(
    problem: Problem[K], path: Sequence[int], choose: Choice = "mrv"
) -> tuple[list[int], bool, int]:
    """At the node reached by the options `path`: the options the search branches on there, whether
    the node is a solution, and the updates the search spends from the root to that node's end.

    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> step(p, []), step(p, [1]), step(p, [1, 2])
    (([0, 1], False, 2), ([2], False, 3), ([], True, 3))
    """
    depth = len(path)
    children: list[int] = []

    def follow(options: Sequence[int]) -> bool:
        k = len(options)
        if k <= depth:
            return k == 0 or options[-1] == path[k - 1]
        children.append(options[-1])
        return False

    stats = Stats()
    solved = any(True for _ in solve(problem, choose=choose, prune=follow, stats=stats))
    return children, solved, stats.updates


def probe(problem: Problem[K], pick: Pick, choose: Choice = "mrv") -> tuple[float, float, float]:
    """One random path, going where `pick` says: its estimates of nodes, updates, solutions."""
    path: list[int] = []
    weight = 1.0  # the nodes this one stands for
    nodes = updates = 0.0
    spent = 0
    while True:
        children, solved, total = step(problem, path, choose)
        nodes += weight
        updates += weight * (total - spent)
        spent = total
        if not children:
            return nodes, updates, weight if solved else 0.0
        path.append(children[pick(children)])
        weight *= len(children)


def estimate(
    problem: Problem[K], probes: int = 100, seed: int = 0, choose: Choice = "mrv"
) -> Estimate:
    """Knuth's estimate of the search tree of `problem` from `probes` random paths.

    >>> from dlx.puzzles.queens import problem
    >>> guess = estimate(problem(6), probes=200, seed=1)
    >>> round(guess.solutions), round(guess.errors[2], 1), guess.reached
    (4, 1.0, 16)
    """
    if probes < 1:
        raise ValueError(f"probes must be at least 1, not {probes}")
    if problem.has_multiplicities:
        raise EstimateError(
            "the estimate follows options; problems with multiplicities branch otherwise"
        )
    rng = random.Random(seed)

    def pick(children: Sequence[int]) -> int:
        return rng.randrange(len(children))

    samples = [probe(problem, pick, choose) for _ in range(probes)]
    means = [math.fsum(column) / probes for column in zip(*samples, strict=True)]
    errors = [_standard_error(column) for column in zip(*samples, strict=True)]
    reached = sum(1 for _, _, solutions in samples if solutions > 0)
    nodes, updates, solutions = means
    return Estimate(nodes, updates, solutions, probes, (errors[0], errors[1], errors[2]), reached)


def _standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of `values` (infinite for fewer than two)."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1) / n)
