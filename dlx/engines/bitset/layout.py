"""Which items does the bitset search branch on, and where do they lie? A `Layout` names the
*cells*: items covered at most once, each at a bit position (the search fills the first free
primary cell of least position, so the positions are the order it fills them in), with each
position's neighbours for the region checks. A tiling numbers its board so (`dlx.tiling`); a
problem without a layout takes as cells its items covered exactly once or at most once, in
declaration order, without neighbours.

>>> from dlx import Problem
>>> p = Problem(["a", "b", "piece"], bounds={"piece": (0, 2)})
>>> numbered(p, None).position
(0, 1, -1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from dlx.errors import EngineOptionError

if TYPE_CHECKING:
    from typing import Any

    from dlx.problem import Problem


MAX_CELLS = 256
"""The most positions the cells may take (bits of the board)."""
MAX_OTHERS = 256
"""The most other items (pieces, ties)."""


class Layout:
    """The cells of a problem by item name, each at its position below `positions`, and each
    position's neighbours (positions; None: no region checks). Positions need not all hold a
    cell: one that holds none (a hole in a board) is never free."""

    __slots__ = ("cells", "neighbours", "positions")

    def __init__(
        self,
        positions: int,
        cells: Mapping[Any, int],
        neighbours: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.positions = positions
        self.cells = dict(cells)
        self.neighbours = None if neighbours is None else tuple(map(tuple, neighbours))

    def __repr__(self) -> str:
        return f"Layout({self.positions}, {len(self.cells)} cells)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Layout, (self.positions, self.cells, self.neighbours))

    def __eq__(self, other: object) -> bool:
        """Layouts are equal when they place the same cells alike (a part of a parallel search
        gets a copy, whose table is the one built for the first)."""
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.positions, self.cells, self.neighbours) == (
            other.positions,
            other.cells,
            other.neighbours,
        )

    __hash__ = None  # type: ignore[assignment]  # (mutable, compared by value)


class Numbered:
    """A layout by item number: each item's position (-1: not a cell), each item's bounds, the
    positions and their neighbours; what the tables are built from; and how many cells the
    options cover (each number once)."""

    __slots__ = ("hi", "lo", "neighbours", "position", "positions", "sizes")

    def __init__(
        self,
        positions: int,
        position: tuple[int, ...],
        bounds: tuple[list[int], list[int]],
        neighbours: tuple[tuple[int, ...], ...] | None,
        sizes: set[int],
    ) -> None:
        self.positions = positions
        self.position = position
        self.lo, self.hi = bounds
        self.neighbours = neighbours
        self.sizes = sizes


def numbered(problem: Problem[Any], layout: Layout | None) -> Numbered:
    """The layout of `problem` by item number: `layout`'s, or the inferred one; refused with
    `EngineOptionError` where the problem does not fit a bitset search."""
    if problem.has_colours:
        raise EngineOptionError("the bitset engine cannot take colours (use engine='cells')")
    primary = problem.primary_count
    bounds = (
        [low for low, _ in problem.bounds] + [0] * (problem.item_count - primary),
        [high for _, high in problem.bounds] + [1] * (problem.item_count - primary),
    )
    if layout is None:
        position = _inferred(problem, bounds)
        positions, around = max(position, default=-1) + 1, None
    else:
        position = _given(problem, layout, bounds)
        positions, around = layout.positions, layout.neighbours
    if positions < 1 or positions > MAX_CELLS:
        raise EngineOptionError(f"the bitset engine takes 1 to {MAX_CELLS} cells")
    if position.count(-1) > MAX_OTHERS:
        raise EngineOptionError(f"the bitset engine takes at most {MAX_OTHERS} other items")
    cells = {i for i, at in enumerate(position) if at >= 0}
    sizes = set(map(len, map(cells.intersection, problem.options)))  # (in C, an option at a time)
    if 0 in sizes:
        raise EngineOptionError("the bitset engine needs a cell in every option")
    return Numbered(positions, position, bounds, around, sizes)


def _inferred(problem: Problem[Any], bounds: tuple[list[int], list[int]]) -> tuple[int, ...]:
    """Cells for a problem without a layout: its items covered exactly or at most once, in
    declaration order, the first MAX_CELLS of them."""
    position, cells = [], 0
    for i in range(problem.item_count):
        simple = bounds[1][i] == 1 and bounds[0][i] == (i < problem.primary_count)
        position.append(cells if simple and cells < MAX_CELLS else -1)
        cells += simple
    return tuple(position)


def _given(
    problem: Problem[Any], layout: Layout, bounds: tuple[list[int], list[int]]
) -> tuple[int, ...]:
    """Each item's position by `layout` (-1 for the others), checked."""
    if not 1 <= layout.positions <= MAX_CELLS:
        raise EngineOptionError(f"the bitset engine takes 1 to {MAX_CELLS} positions")
    position = [-1] * problem.item_count
    taken: set[int] = set()
    for name, at in layout.cells.items():
        i = problem.index.get(name)
        if i is None or not 0 <= at < layout.positions or at in taken:
            raise EngineOptionError(f"the layout puts {name!r} where no cell can be")
        if bounds[1][i] != 1 or bounds[0][i] != (i < problem.primary_count):
            raise EngineOptionError(f"the layout's cell {name!r} is not covered at most once")
        position[i] = at
        taken.add(at)
    if layout.neighbours is not None and len(layout.neighbours) != layout.positions:
        raise EngineOptionError("the layout needs the neighbours of every position")
    return tuple(position)
