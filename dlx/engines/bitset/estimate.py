"""Knuth's estimate of the size of the twin's tree (`dlx.engines.bitset.plan` weighs the ways
to branch by it): random paths down from the root, drawn as csrc/search.c's bs_estimate draws
them, so that the compiled search and its twin reach the same estimates. Apart from the plan,
which the compiled core's searches measure in C without loading the twin.
"""

from __future__ import annotations

from collections.abc import Callable

from dlx.engines.bitset.plan import PROBES, SEED
from dlx.engines.bitset.twin import FINAL, Search

_MASK = (1 << 64) - 1


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


def twin_estimate(
    search: Search, probes: int = PROBES, seed: int = SEED
) -> tuple[float, float, float]:
    """Knuth's estimate of the twin's tree from its root (as bs_estimate in csrc/search.c):
    the mean over `probes` random paths of the nodes, of the options that fit at them and of
    the cells their narrow choices counted."""
    draw = random_numbers(seed)
    figures = [0.0, 0.0, 0.0]
    for _ in range(probes):
        _probe(search, draw, figures)
    if probes:
        figures = [figure / probes for figure in figures]
    return figures[0], figures[1], figures[2]


def _probe(search: Search, draw: Callable[[], int], figures: list[float]) -> None:
    """One random path down the twin's tree, wound back: its weighted nodes, updates and cells
    counted added to `figures`."""
    weight, level = 1.0, 0
    while True:
        counts, found, counted = [0], [], search.counted
        figures[0] += weight
        if search.decide(level)[1]:
            while (o := search.next(level, counts)) >= 0:
                search.untake(level)
                found.append((o, search.cur[level]))
        figures[1] += weight * counts[0]
        figures[2] += weight * (search.counted - counted)
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
