"""How a parallel search (`dlx.parallel`) splits a bitset search into parts.

A part is the subtree below a prefix of options, searched by `solve(..., givens=prefix,
engine="bitset", layout=...)`: the search's choice at a node depends only on the options taken
to reach it (the board, the pieces used, the two options taken last) and on the plan, measured
once from the problem's root, so a part searches exactly the sequential search's subtree, in
its order, with its nodes and updates. The compiled search tells where a budget stopped it;
the twin's parts are expanded here, by entering the one node (`bitset_branches`). Options
without a primary cell, which the search takes in increasing order below the path, would need
more than the prefix to be searched alone: such problems are refused.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dlx.engines.bitset.engine import built_for, planned, refuse, splittable
from dlx.engines.bitset.twin import Search
from dlx.errors import ParallelError
from dlx.stats import Stats, Status

if TYPE_CHECKING:
    from dlx.engines.settings import SearchSettings
    from dlx.problem import Problem

Prefix = tuple[int, ...]


def refuse_unsplittable(problem: Problem[Any], layout: object) -> None:
    """Raise `ParallelError` where some option of `problem` holds no primary cell."""
    if not splittable(problem, layout):
        raise ParallelError(
            "the bitset engine cannot split this problem into parts: some option covers no "
            "primary cell (use engine='cells')"
        )


def bitset_branches(
    problem: Problem[Any], prefix: Sequence[int], settings: SearchSettings
) -> tuple[list[int], list[Prefix], Stats]:
    """The options the bitset search branches on below `prefix`, in the order it tries them
    there; the prefix itself when it is a solution; and the statistics of that one node, counted
    as `dlx.parallel.branches` counts them (the node, and each child as a node)."""
    refuse(settings)
    stats = Stats(engine="bitset", core="python", status=Status.EXHAUSTED)
    started = time.perf_counter()
    layout = settings.layout
    built = built_for(problem, layout, "python")  # type: ignore[arg-type]
    choice = planned(built, "python") if settings.choose == "mrv" else ([], False, [])
    search = Search(built.table, choice[0], built.region_limit, choice[1], choice[2])
    if not search.take_givens(prefix):
        return [], [], stats
    solution, branches = search.decide(0)
    children: list[int] = []
    updates = [0]
    while branches and (o := search.next(0, updates)) >= 0:
        search.untake(0)
        children.append(o)
    found = [tuple(prefix)] if solution else []
    stats.nodes, stats.updates = 1 + len(children), updates[0]
    stats.solutions = len(found)
    stats.profile = [1, len(children)] if children else [1]
    stats.seconds = time.perf_counter() - started
    return children, found, stats
