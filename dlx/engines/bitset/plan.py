"""What does a bitset search branch on? Filling the first free cell is cheap at each node, but
two other choices can make far smaller trees, as MRV's do: placing first the piece with the
fewest options (the X pentomino), and the *narrow* choice, which branches on the cell of
fewest options that fit among the first free cell and the free cells next to the option taken
last (cells just pinched), at the price of counting them. The search measures the trees of the
four combinations before it starts, by Knuth's random-path estimate (each path down from the
root takes a branch at random and weights each node by the product of the branchings above
it: the mean is the tree's size), prices each by its nodes, the options that fit at them and
the cells counted, and takes the cheapest (the plain choice unless another is MARGIN times
cheaper). The paths are seeded, so the same problem always makes the same choice and lists its
solutions in the same order; the compiled search and its twin draw the same numbers and reach
the same estimates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Final

    from dlx.engines.bitset.table import Table

PROBES: Final = 256
"""Random paths each first estimate takes."""
MORE_PROBES: Final = 1024
"""Random paths each estimate takes again where the tree is large (`LARGE`): 256 paths err by
2x and more from one seed to another; the cost is still a small part of such a search's."""
LARGE: Final = 5e6
"""The estimated cost (nodes' worth, about 0.4 s of search) past which the estimates are made
again with MORE_PROBES paths: some 35 ms for four choices, under a tenth of such a search. At
2e6 (0.15 s) the solid pentominoes in 2 x 3 x 10 spent 47 ms choosing for a search of 0.14
s; across the catalogue (`tests/benchmarks/bench_catalogue.py`) no choice changed. At 1e7 the
pentominoes in 6 x 10 (8.3e6 at first) chose a plan 13% slower."""
SEED: Final = 0x0B175E7
"""Where the paths' random numbers start."""
UPDATE_COST: Final = 0.45
"""What an option that fits costs (placed and checked) beside a node's own work."""
COUNT_COST: Final = 0.8
"""What a cell costs a narrow choice to count, beside a node's own work. Both fitted to the
instructions the compiled search took (callgrind, on the pentominoes in 8 x 8 less its centre,
hexiamonds in two rhombi and tetracubes in 2 x 4 x 4, each way to branch): a node about 460,
an update 200, a cell counted 200 to 370 (more where a board takes two words)."""
MARGIN: Final = 1.25
"""A plan is taken only when its estimate is this many times cheaper."""
FAR: Final = 3.0
"""Where the tree is large, the choices whose first estimate is this many times the cheapest's
are not estimated again (nor taken)."""

MEMO_PER_NODE: Final = 4
"""Bytes of the memo of failures per node of the tree the plan estimates (without the memo,
which cuts it): a slot (two words on a board of 64 cells) per eight nodes. The memo was 4 MB
whatever the tree. Pentominoes in 6 x 10 met their dead states again after it had dropped
them: 16 MB cut their nodes from 3.54 M to 2.54 M and their search from 0.62 to 0.47 s; the
8 x 8 less its corners, 11.5 M to 9.7 M nodes and 2.39 to 2.14 s. Small trees take less than
4 MB, and less time to set it up."""
MEMO_LEAST: Final = 2 << 20
"""The fewest bytes the memo takes where a plan is measured."""
MEMO_MOST: Final = 64 << 20
"""The most bytes the memo takes (the bytes the memory of a few dead states is worth)."""
MEMO_UNPLANNED: Final = 4 << 20
"""The memo's bytes where no plan is measured (`choose="first"`)."""

Choice = tuple[list[int], bool, list[int]]
"""How a search branches: the plan's pieces (placed first), whether it is narrow, and the
pieces a narrow choice counts beside the cells (watched)."""
Estimate = Callable[[Choice, int], tuple[float, float, float]]
"""The nodes, the options that fit and the cells counted of a search, as estimated by so many
random paths."""


def memo_bytes(nodes: float) -> int:
    """The bytes of the memo of failures for a tree estimated at `nodes` (see MEMO_PER_NODE)."""
    return int(min(MEMO_MOST, max(MEMO_LEAST, MEMO_PER_NODE * nodes)))


def choose(
    pieces: Sequence[int], options: Sequence[int], estimate: Estimate
) -> tuple[Choice, float]:
    """The choice to search with, of: the first free cell at every node, or the narrow choice,
    each with or without the piece of `pieces` (others used exactly once) of the fewest
    `options` placed first, and the narrow choice with that piece placed first that also
    counts the next rarest piece (a node branches on that piece where it has the fewest
    options); the cheapest by its estimated cost, the plain one unless another is MARGIN times
    cheaper, and the watching one only where it is MARGIN times cheaper than the same without
    (the estimate prices a piece's count as a cell's, though its list is longer); estimated
    again with more paths where the tree is large. Returns the choice and the nodes of its tree
    as last estimated."""
    rarest = sorted(pieces, key=lambda piece: (options[piece], piece))
    rare, watch = rarest[:1], rarest[1:2]
    choices: list[Choice] = [([], False, []), ([], True, [])]
    choices += [(rare, False, []), (rare, True, [])] if rare else []
    choices += [(rare, True, watch)] if watch else []
    figures = [estimate(choice, PROBES) for choice in choices]
    costs = [cost(each) for each in figures]
    if min(costs) > LARGE:  # again with more paths, for those within FAR of the cheapest
        near = [priced <= FAR * min(costs) for priced in costs]
        figures = [
            estimate(choice, MORE_PROBES) if close else each
            for choice, close, each in zip(choices, near, figures, strict=True)
        ]
        costs = [
            cost(each) if close else math.inf for each, close in zip(figures, near, strict=True)
        ]
    if watch and costs[-1] * MARGIN > costs[-2]:
        costs[-1] = math.inf
    best, lowest = 0, costs[0] / MARGIN
    for k in range(1, len(choices)):
        if costs[k] < lowest:
            best, lowest = k, costs[k]
    return choices[best], figures[best][0]  # (the cheapest is estimated again: one is finite)


def cost(figures: tuple[float, float, float]) -> float:
    """The cost of a search, in nodes' worth, from its estimated nodes, updates and cells
    counted."""
    nodes, updates, counted = figures
    return nodes + UPDATE_COST * updates + COUNT_COST * counted


def pieces(table: Table, primary: Sequence[bool]) -> list[int]:
    """The others a plan may name: primary, used exactly once."""
    return [o for o in range(table.others) if primary[o] and table.lo[o] == 1 and table.hi[o] == 1]
