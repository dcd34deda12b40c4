"""Which item does the ZDD search sweep first? Orders of small profile derived from any problem,
whatever order its file lists the items in (`choose="sweep"` and `choose="rcm"` of `dlx.zdd`,
the candidates `choose="auto"` probes beside the given order): breadth-first sweeps over the
items that share options, so that on a grid what lies covered beyond the first uncovered item
stays a thin frontier."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from dlx.problem import Problem

TYPE_CHECKING = False  # as typing's, which `dlx solve --zdd` need not load
if TYPE_CHECKING:
    from typing import TypeVar

    K = TypeVar("K", bound=Hashable)

CLOSEST = 4
"""In `sweep_order` each item is tied to the items it shares the most options with, this many
(ties kept), when the tie is mutual: a grid's cells to their neighbours, never to a piece that
every placement of it names (a hub, that on the frontier would make every state differ)."""
LONG_OPTION = 32
"""Options naming more items than this tie none of them together in `sweep_order`."""
MOST_PAIRS = 4_000_000
"""Past this many pairs of items in options, `sweep_order` and `rcm_order` keep the declaration
order."""


def sweep_order(problem: Problem[K]) -> list[int]:
    """The exact items in an order of small profile (Cuthill and McKee's): a breadth-first
    sweep from an item far from the others over the ties of `CLOSEST`, items of fewest ties
    first; items with no tie last. On a grid this sweeps the board by diagonals, whatever its
    shape, so what lies covered beyond the first uncovered item stays a thin frontier.

    >>> p = Problem.from_options(["a", "b", "c"], [(1, ["a", "b"]), (2, ["b", "c"])])
    >>> sweep_order(p)
    [2, 1, 0]
    """
    exact = _exact(problem)
    shared = _shared(problem, exact)
    return exact if shared is None else _cuthill_mckee(exact, _mutual_ties(shared))


def rcm_order(problem: Problem[K]) -> list[int]:
    """The exact items in reverse Cuthill-McKee order (George's reversal, of smaller profile
    still) on the items' graph, where two exact items are tied when an option names both: the
    sweep from an item far from the others, reversed, so that an item tied to every region (a
    piece's item), reached in the sweep's first levels, comes among the last (6x10
    pentominoes: the pieces at places 41 to 57 of 72); items with no tie last.

    >>> p = Problem.from_options(["a", "b", "c"], [(1, ["a", "b"]), (2, ["b", "c"])])
    >>> rcm_order(p)
    [0, 1, 2]
    """
    exact = _exact(problem)
    shared = _shared(problem, exact)
    return exact if shared is None else _reversed_sweep(exact, shared)


def derived_orders(problem: Problem[K]) -> Iterator[tuple[str, list[int]]]:
    """`sweep_order`'s order, then `rcm_order`'s, each named by its choice, made when asked
    for (the options' ties counted once, with the first); none when the options are too many.

    >>> p = Problem.from_options(["a", "b", "c"], [(1, ["a", "b"]), (2, ["b", "c"])])
    >>> list(derived_orders(p))
    [('sweep', [2, 1, 0]), ('rcm', [0, 1, 2])]
    """
    exact = _exact(problem)
    shared = _shared(problem, exact)
    if shared is not None:
        yield "sweep", _cuthill_mckee(exact, _mutual_ties(shared))
        yield "rcm", _reversed_sweep(exact, shared)


def _reversed_sweep(exact: list[int], shared: dict[int, dict[int, int]]) -> list[int]:
    """Cuthill and McKee's order over every tie of `shared`, reversed; items with no tie last."""
    order = _cuthill_mckee(exact, {i: dict.fromkeys(row) for i, row in shared.items()})
    tied = [i for i in order if shared[i]]
    return tied[::-1] + [i for i in order if not shared[i]]


def _exact(problem: Problem[K]) -> list[int]:
    """The exact items (primary, covered once), as declared."""
    return [i for i in range(problem.primary_count) if problem.bounds[i] == (1, 1)]


def _cuthill_mckee(exact: list[int], near: dict[int, dict[int, None]]) -> list[int]:
    """Cuthill and McKee's order over the ties `near`: each component swept breadth first from
    a far item, neighbours of fewest ties first; items with no tie last."""
    degree = {i: len(near[i]) for i in exact}
    for i in exact:
        near[i] = dict.fromkeys(sorted(near[i], key=degree.__getitem__))
    order: list[int] = []
    seen: set[int] = set()
    for i in exact:
        if i not in seen and near[i]:
            order += _sweep(_far_end(i, near, degree), near, seen)
    return order + [i for i in exact if not near[i]]


def _shared(problem: Problem[K], exact: list[int]) -> dict[int, dict[int, int]] | None:
    """How many options each exact item shares with each other (options of more than
    `LONG_OPTION` items left out); None when the options are too many (`MOST_PAIRS`)."""
    if sum(min(len(o), LONG_OPTION) ** 2 for o in problem.options) > MOST_PAIRS:
        return None
    shared: dict[int, dict[int, int]] = {i: {} for i in exact}
    for items in problem.options:
        mine = [i for i in items if i in shared]
        if len(mine) <= LONG_OPTION:
            for i in mine:
                row = shared[i]
                for j in mine:
                    if j != i:
                        row[j] = row.get(j, 0) + 1
    return shared


def _mutual_ties(shared: dict[int, dict[int, int]]) -> dict[int, dict[int, None]]:
    """Each item's mutual ties (see `CLOSEST`)."""
    closest = {}
    for i, row in shared.items():
        ranked = sorted(row.values(), reverse=True)
        least = ranked[min(CLOSEST, len(ranked)) - 1] if ranked else 0
        closest[i] = {j for j, times in row.items() if times >= least}
    return {
        i: {j: None for j in row if j in closest[i] and i in closest[j]}
        for i, row in shared.items()
    }


def _sweep(start: int, near: dict[int, dict[int, None]], seen: set[int]) -> list[int]:
    """The items reached breadth first from `start`, marked seen."""
    order = [start]
    seen.add(start)
    for item in order:
        for other in near[item]:
            if other not in seen:
                seen.add(other)
                order.append(other)
    return order


def _far_end(start: int, near: dict[int, dict[int, None]], degree: dict[int, int]) -> int:
    """An item about as far as any from the others (George and Liu's pseudo-peripheral item):
    from `start`, the last level's item of fewest neighbours, while the levels grow."""
    depth = -1
    for _ in range(8):
        levels = _levels(start, near)
        if len(levels) <= depth:
            break
        depth = len(levels)
        start = min(levels[-1], key=lambda i: (degree[i], i))
    return start


def _levels(start: int, near: dict[int, dict[int, None]]) -> list[list[int]]:
    """The breadth-first levels from `start`."""
    levels = [[start]]
    seen = {start}
    while True:
        level = []
        for i in levels[-1]:
            for j in near[i]:
                if j not in seen:
                    seen.add(j)
                    level.append(j)
        if not level:
            return levels
        levels.append(level)
