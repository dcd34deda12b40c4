"""How is a part of a parallel search searched, and cut where it is too large? `search` runs
a part's subtrees under its budget and leaves what the budget did not reach as parts (`leave`);
`expand` and `branches` cut a subtree into its children where a search cannot tell where its
budget stopped it (`tells_where`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from dlx.engines.bitset import engine as bitset
from dlx.engines.bitset.split import bitset_branches
from dlx.engines.cells import engine as cells
from dlx.engines.cells.split import cells_branches
from dlx.engines.counters import BATCH, NO_LIMIT
from dlx.engines.links import engine as links
from dlx.engines.settings import Frontier, SearchSettings
from dlx.errors import CoreUnavailableError
from dlx.parallel.parts import (
    BUDGET,
    GROUPS,
    MOMENT,
    SLICE,
    K,
    Left,
    Outcome,
    Part,
    Prefix,
    Settings,
)
from dlx.problem import Problem
from dlx.solve import solve_with
from dlx.stats import Stats, Status


def branches(
    problem: Problem[K],
    prefix: Sequence[int],
    settings: Settings = Settings(),  # noqa: B008 (frozen: one value for every call)
) -> tuple[list[int], list[Prefix], Stats]:
    """The options the search branches on below `prefix`, in the order it tries them, with
    the node's solution (when `prefix` is one) and the statistics of that one node.

    >>> p = Problem.from_options(["a", "b"], [("ab", ["a", "b"]), ("a", ["a"]), ("b", ["b"])])
    >>> branches(p, [])[0], branches(p, [1])[0], branches(p, [1, 2])[:2]
    ([0, 1], [2], ([], [(1, 2)]))

    The children are found by the search itself, with the same item choice, so they are the
    sequential search's: a pruning check records each child and cuts it off (a node, no updates).
    """
    if settings.engine == "bitset":
        return bitset_branches(
            problem, prefix, settings.below(problem, prefix, settings.prune, None)
        )
    if settings.engine != "links":
        return cells_branches(
            problem, prefix, settings.below(problem, prefix, settings.prune, None)
        )
    depth = len(prefix)
    children: list[int] = []
    check = settings.prune

    def record(options: Sequence[int]) -> bool:
        if len(options) == depth:  # the node itself, checked already as its parent's child
            return True
        if check is None or check(options):
            children.append(options[-1])
        return False

    stats = Stats()
    below = settings.below(problem, prefix, record, None)
    found = [
        tuple(problem.option_number(k) for k in solution)
        for solution in solve_with(problem, below, stats)
    ]
    return children, found, stats


def search(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Search the subtrees of `part` in order, under one budget for them all. A subtree
    the budget stops leaves the rest of its tree to other parts (`leave`), and the subtrees
    after it go on as one part; where the core cannot tell what is left (the pure-Python
    cores, Algorithm M), its run is thrown away and the subtree expanded into its children."""
    outcome = Outcome(part.path, part.prefix, part.share)
    members = part.members
    each = part.share / len(members)
    left, end = _limits(problem, settings)
    asked = _asked(problem, settings)
    for k, prefix in enumerate(members):
        later = members[k + 1 :]
        seconds = None if end is None else max(end - time.monotonic(), MOMENT)
        stats, found, stops = _run(problem, asked, prefix, left, seconds)
        if stops and not stops[0][0]:
            # The clock ran out before the subtree's first node (a loaded machine, or the
            # subtrees before it took the slice): it is given that node, so that the rest of
            # it is left where the search stands, never thrown away and expanded.
            stats, found, stops = _run(problem, asked, prefix, 1, None)
        if stats.status is not Status.BUDGET:
            outcome.add(stats, found, len(prefix))
            outcome.searched.append(prefix)
            left = None if left is None else left - stats.nodes
            spent = (left is not None and left <= 0) or (end is not None and time.monotonic() > end)
            if spent and later:
                outcome.rest.append((later[0], later[1:], each * len(later)))
                break
            continue
        if stops and stops[0][0]:  # (an empty path: stopped at its root, nothing searched)
            outcome.add(stats, found, len(prefix))
            outcome.searched.append(prefix)
            outcome.stop = (*prefix, *stops[0][0])
            outcome.rest.extend(leave(prefix, each, stops[0]))
        else:
            outcome.wasted_nodes += stats.nodes
            outcome.wasted_updates += stats.updates
            _expand(problem, prefix, each, settings, outcome)
        if later:
            outcome.rest.append((later[0], later[1:], each * len(later)))
        break
    return outcome


def _limits(problem: Problem[K], settings: Settings) -> tuple[int | None, float | None]:
    """A part's node budget and the clock's end for it: a time slice, and at most `BUDGET` nodes
    while the part holds the solutions it finds (each a node: its memory stays bounded); nodes
    alone where a stop throws the run away (`tells_where`: a time slice would cut a slow core's
    parts small)."""
    if settings.seconds is None:
        return settings.budget, None
    nodes = max(1, round(BUDGET * settings.seconds / SLICE))
    if not tells_where(problem, settings):
        return nodes, None
    return (nodes if settings.solutions else None), time.monotonic() + settings.seconds


def tells_where(problem: Problem[K], settings: Settings) -> bool:
    """Whether a search of `problem`'s parts, stopped by a budget, tells where it stood: the
    compiled cells and bitset cores do, and the compiled links core running Algorithm X; the
    pure-Python cores and Algorithm M (colours, multiplicities) do not."""
    try:
        if settings.engine == "cells":
            return cells.pick_core() == "compiled"
        if settings.engine == "bitset":
            return bitset.pick_core() == "compiled"
        general = problem.has_colours or problem.has_multiplicities
        return (
            links.default_core() == "compiled" and links.compiled_supports(problem) and not general
        )
    except CoreUnavailableError:  # (the search itself says so)
        return False


def _asked(problem: Problem[K], settings: Settings) -> SearchSettings:
    """What every subtree of a part is searched with but its givens and budgets, checked
    against the problem once a part (more work than a small subtree's whole search); counting,
    the compiled cores count the solutions where they find them; listing, they hand them over
    in batches (no one looks at the statistics or the pruning check's calls before the part
    is done)."""
    asked = settings.below(problem, (), settings.prune, None)
    return asked.replace(
        batch=BATCH, count_to=0 if settings.solutions else NO_LIMIT, shared_memo=True
    )


def _run(
    problem: Problem[K],
    asked: SearchSettings,
    prefix: Prefix,
    budget: int | None,
    seconds: float | None,
) -> tuple[Stats, list[Prefix], list[Frontier]]:
    """One subtree searched under `budget` nodes and `seconds`: its statistics, its solutions
    (when asked for), and where a budget stopped it (when one did, and the core can tell)."""
    stats = Stats()
    stops: list[Frontier] = []
    below = asked.replace(givens=prefix, max_nodes=budget, timeout=seconds, stopped=stops.append)
    engine = {"cells": cells.search, "bitset": bitset.search}.get(below.engine, links.search)
    # (the engines' option numbers, which `dlx.solve` would turn into keys and a part back)
    solutions = engine(problem, stats, below)
    if below.count_to:
        for _ in solutions:
            pass  # (counted: `stats` tells how many)
        return stats, [], stops
    return stats, [tuple(numbers) for numbers in solutions], stops


def expand(problem: Problem[K], part: Part, settings: Settings) -> Outcome:
    """Expand each subtree of `part` into its children, each a part (what the schedule does in
    advance where the parts' searches cannot tell where a budget stopped them)."""
    outcome = Outcome(part.path, part.prefix, part.share)
    for prefix in part.members:
        _expand(problem, prefix, part.share / len(part.members), settings, outcome)
    outcome.rest = [  # each child a part of its own, to be cut again if still too large
        (child, (), share / (1 + len(others)))
        for first, others, share in outcome.rest
        for child in (first, *others)
    ]
    return outcome


def _expand(
    problem: Problem[K], prefix: Prefix, share: float, settings: Settings, outcome: Outcome
) -> None:
    """Expand the subtree below `prefix` into its children (one part, in `outcome.rest`); one
    with none (a solution, a dead end) is searched there and then."""
    children, found, stats = branches(problem, prefix, settings)
    if not children:
        outcome.add(stats, found if settings.solutions else [], len(prefix))
        outcome.searched.append(prefix)
        return
    # The children's roots are counted again by the children: keep the node and the children
    # a pruning check cut off (counted once, here, as in the sequential search).
    stats.nodes -= len(children)
    stats.profile[1] -= len(children)
    outcome.add(stats, [], len(prefix))
    outcome.expanded.append(prefix)
    first, *others = ((*prefix, option) for option in children)
    outcome.rest.append((first, tuple(others), share))


def leave(prefix: Prefix, share: float, frontier: Frontier) -> list[Left]:
    """What a search of the subtree below `prefix` (`share` of the tree) had left when its
    budget stopped it at `frontier`, as parts in search order: the node it stood at, then the
    options it had yet to try, deepest level first, in at most `GROUPS` parts of about equal
    estimated share (the deep levels' few small subtrees go together; a shallow level's, worth
    more, may go alone). Each share is `share` divided by the degrees along the way (Knuth's
    estimate). Nothing is searched twice: the node it stood at was not counted yet, and the
    options left were not tried."""
    path, levels = frontier
    shares = []  # the estimated share of the path's node at each level
    for _, degree in levels:
        shares.append(share)
        share /= max(degree, 1)
    rest: list[Left] = [((*prefix, *path), (), share)]
    untried = [
        ((*prefix, *path[:k], option), shares[k] / max(degree, 1))
        for k in reversed(range(len(levels)))
        for option, degree in ((option, levels[k][1]) for option in levels[k][0])
    ]
    each = sum(s for _, s in untried) / GROUPS
    group: list[Prefix] = []
    held = 0.0
    for k, (subtree, worth) in enumerate(untried):
        group.append(subtree)
        held += worth
        if 0 < each <= held or k == len(untried) - 1:
            rest.append((group[0], tuple(group[1:]), held))
            group, held = [], 0.0
    return rest
