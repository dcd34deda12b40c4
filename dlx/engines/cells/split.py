"""How a parallel search (`dlx.parallel`) splits a dancing-cells search into parts.

A part is the subtree below a prefix of options, searched by `solve(..., givens=prefix,
engine="cells")`; expanding a part lists the options SSXCC branches on below its prefix (one,
for a forced move), found here by entering that one node. The parts' solutions are exactly the
sequential search's, each once, and they add up to its count. Two figures differ from a
sequential cells search, as they cannot be helped: a sparse set is left permuted by the
branches tried before, so a part started afresh from its prefix may try its options in another
order (its solutions come in another order, and where two forced moves are pending it may take
the other first, which changes its nodes and updates a little).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dlx.stats import Stats, Status

if TYPE_CHECKING:
    from dlx.engines.settings import SearchSettings
    from dlx.problem import Problem

Prefix = tuple[int, ...]


def cells_branches(
    problem: Problem[Any], prefix: Sequence[int], settings: SearchSettings
) -> tuple[list[int], list[Prefix], Stats]:
    """The options SSXCC branches on below `prefix`, in the order it tries them there; the
    prefix itself when it is a solution; and the statistics of that node, counted as
    `dlx.parallel.branches` counts them (the node, and each child as a node cut off).
    `settings` are refused as a cells search refuses them."""
    # (dlx.parallel loads this module: a links run never loads the cells engine)
    from dlx.engines.cells.engine import refuse, table_for
    from dlx.engines.cells.twin import BIG, Dance, take_givens

    refuse(problem, settings)
    stats = Stats(engine="cells", core="python", status=Status.EXHAUSTED)
    started = time.perf_counter()
    table = table_for(problem, "python")
    state = Dance(table)
    if table.bad or not take_givens(state, table, prefix):
        return [], [], stats
    state.updates = 0
    best, size = state.choose()
    if state.force:
        best = state.force.pop()
    elif size == BIG:
        stats.nodes = stats.solutions = 1
        stats.profile = [1]
        return [], [tuple(prefix)], stats
    state.swap_out(best)
    state.oactive = state.active
    state.hide(best, 0, False)
    children = [table.option_of[state.cell[x]] for x in range(best, best + state.cell[best - 1])]
    stats.nodes, stats.updates, stats.profile = 1 + len(children), state.updates, [1, len(children)]
    stats.seconds = time.perf_counter() - started
    return children, [], stats
