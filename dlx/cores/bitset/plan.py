"""Which pieces does a bitset search branch on first? Filling the first free cell is cheap
at each node, but a piece with few places left to go (the X pentomino) can make a far smaller
tree when placed first, as MRV places it. The search measures both trees before it starts, by
Knuth's random-path estimate (each path down from the root takes a branch at random, and
weights each node by the product of the branchings above it: the mean is the tree's size), and
takes the cheaper: no plan, or the piece with the fewest options first. The paths are seeded,
so the same problem always takes the same plan and lists its solutions in the same order; the
compiled search and its twin draw the same numbers and reach the same estimates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dlx.cores.bitset.table import Table
from dlx.cores.bitset.twin import FINAL, Search

TYPE_CHECKING = False  # as typing's, which a start need not load
if TYPE_CHECKING:
    from typing import Final

PROBES: Final = 256
"""Random paths each estimate takes."""
SEED: Final = 0x0B175E7
"""Where the paths' random numbers start."""
UPDATE_COST: Final = 0.5
"""What an option that fits costs (placed and checked) beside a node's own work."""
MARGIN: Final = 1.25
"""A plan is taken only when its estimate is this many times cheaper."""

Estimate = Callable[[Sequence[int]], tuple[float, float]]
"""The nodes and the options that fit, as estimated, of the search under a plan."""

_MASK = (1 << 64) - 1


def choose(pieces: Sequence[int], options: Sequence[int], estimate: Estimate) -> list[int]:
    """The plan to search with: [] (the first free cell at every node), or the piece of
    `pieces` (others used exactly once) with the fewest `options` first, where its estimated
    cost is MARGIN times less."""
    if not pieces:
        return []
    rare = min(pieces, key=lambda piece: (options[piece], piece))
    plain, first = cost(estimate([])), cost(estimate([rare]))
    return [rare] if first * MARGIN < plain else []


def cost(figures: tuple[float, float]) -> float:
    """The cost of a search, in nodes' worth, from its estimated nodes and updates."""
    nodes, updates = figures
    return nodes + UPDATE_COST * updates


def pieces(table: Table, primary: Sequence[bool]) -> list[int]:
    """The others a plan may name: primary, used exactly once."""
    return [o for o in range(table.others) if primary[o] and table.lo[o] == 1 and table.hi[o] == 1]


def random_numbers(seed: int) -> Callable[[], int]:
    """SplitMix64 from `seed`, as csrc/search.c's bs_random draws it."""
    state = [seed & _MASK]

    def draw() -> int:
        state[0] = (state[0] + 0x9E3779B97F4A7C15) & _MASK
        z = state[0]
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    return draw


def twin_estimate(search: Search, probes: int = PROBES, seed: int = SEED) -> tuple[float, float]:
    """Knuth's estimate of the twin's tree from its root (as bs_estimate in csrc/search.c):
    the mean over `probes` random paths of the nodes and of the options that fit."""
    draw = random_numbers(seed)
    nodes = updates = 0.0
    for _ in range(probes):
        more_nodes, more_updates = _probe(search, draw)
        nodes += more_nodes
        updates += more_updates
    return (nodes / probes, updates / probes) if probes else (0.0, 0.0)


def _probe(search: Search, draw: Callable[[], int]) -> tuple[float, float]:
    """One random path down the twin's tree, wound back: its weighted nodes and updates."""
    weight, nodes, updates, level = 1.0, 0.0, 0.0, 0
    while True:
        counts, found = [0], []
        nodes += weight
        if search.decide(level)[1]:
            while (o := search.next(level, counts)) >= 0:
                search.untake(level)
                found.append((o, search.cur[level]))
        updates += weight * counts[0]
        if not found:
            break
        o, after = found[draw() % len(found)]
        search.retake(level, o)
        bound = after if search.kinds[level] == FINAL else search.bounds[level]
        del search.bounds[level + 1 :]
        search.bounds.append(bound)
        level += 1
        weight *= len(found)
    while level > 0:
        level -= 1
        search.untake(level)
    return nodes, updates
