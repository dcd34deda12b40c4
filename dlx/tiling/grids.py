"""What is a grid? Its cells' coordinates, their neighbours, and its rotations and reflections as
maps on coordinates; a piece's distinct orientations found by normalising, in Knuth's order.

Coordinates (as Knuth's polyomino-dlx, polyiamond-dlx and polycube-dlx read them):

- square: (x, y), x the row and y the column of a picture;
- triangle: (x, y, t), Cartesian: t = 0 the upward triangle of the rhombus (x, y), t = 1 the
  downward one to its right (Knuth's `xy'`); y grows upwards, row y+1 shifted half a cell right;
- hex: (x, y) axial, neighbours (x±1, y), (x, y±1), (x+1, y-1), (x-1, y+1); y the picture's row;
- cube: (x, y, z);
- sticks: (x, y, t), the square lattice's edges: t = 0 the one across from point (x, y) to
  (x, y+1), t = 1 the one down to (x+1, y) (`dlx.tiling.sticks`).

A *spot* is a cell with a suffix number (0: none), as Knuth's spec lines let a cell carry one;
transforms move the cell and keep the suffix. The first `dims` coordinates translate; the rest
(the triangle's t) say which kind of cell it is.

>>> SQUARE.orientations([((0, 0), 0), ((0, 1), 0), ((1, 0), 0)])[1]
(((0, 0), 0), ((0, 1), 0), ((1, 1), 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from dlx.tiling.errors import TileError

Cell = tuple[int, ...]
Spot = tuple[Cell, int]
"""A cell and its suffix number (0: no suffix; Knuth's secondary items otherwise)."""
Shape = tuple[Spot, ...]
"""Spots in Knuth's order (`order_key`), normalised or placed."""
Map = Callable[[Cell], Cell]
Point = tuple[int, int]
"""A point of the square lattice, where sticks meet."""
HORIZONTAL, VERTICAL = 0, 1
"""A stick's kind: across (along a row of points) or down."""


@dataclass(frozen=True)
class Grid:
    """A grid: how many coordinates translate, its generators (Knuth's first, in his order), a
    mirror image left to right (for flips without rotations) and each cell's neighbours."""

    name: str
    dims: int
    rotations: tuple[Map, ...] = field(repr=False)
    reflection: Map = field(repr=False)
    mirror: Map = field(repr=False)
    neighbours: Callable[[Cell], list[Cell]] = field(repr=False)
    touching: str = field(repr=False)
    """Which cells touch, as a picture draws them (said of a piece that is not connected)."""
    solid: bool = False
    marks: tuple[str, ...] = field(default=(), repr=False)
    """How an item's name marks a cell's kind (the coordinate after the translating ones)."""

    def generators(self, rotate: bool, flip: bool) -> list[Map]:
        """The maps whose closure gives the allowed orientations (`flip`: reflections too)."""
        if rotate:
            return [*self.rotations, *([self.reflection] if flip else [])]
        return [self.mirror] if flip else []

    def orientations(
        self, spots: Iterable[Spot], rotate: bool = True, flip: bool = True
    ) -> list[Shape]:
        """The distinct normalised images of `spots` under the allowed maps, breadth first from the
        spots as given, as Knuth's generators list them."""
        found = [self.normalise(spots)]
        gens = self.generators(rotate, flip)
        j = 0
        while j < len(found):
            for g in gens:
                image = self.normalise(self.moved(found[j], g))
                if image not in found:
                    found.append(image)
            j += 1
        return found

    def normalise(self, spots: Iterable[Spot]) -> Shape:
        """`spots` shifted so each translating coordinate's least value is 0, in Knuth's order."""
        spots = list(spots)
        if self.dims == 2:  # (the common grids, at a third of the cost)
            x = min([cell[0] for cell, _ in spots])
            y = min([cell[1] for cell, _ in spots])
            moved = [((cell[0] - x, cell[1] - y, *cell[2:]), s) for cell, s in spots]
        elif self.dims == 3:
            x = min([cell[0] for cell, _ in spots])
            y = min([cell[1] for cell, _ in spots])
            z = min([cell[2] for cell, _ in spots])
            moved = [((cell[0] - x, cell[1] - y, cell[2] - z, *cell[3:]), s) for cell, s in spots]
        else:
            low = [min(cell[k] for cell, _ in spots) for k in range(self.dims)]
            moved = self.shifted(spots, [-v for v in low])
        if any(s for _, s in moved):
            return self.sorted(moved)
        return tuple(sorted(moved))  # (no suffix: the spots' own order is Knuth's)

    def shifted(self, spots: Iterable[Spot], by: Sequence[int]) -> list[Spot]:
        """`spots` translated by `by`."""
        d = self.dims
        return [
            (tuple(c + b for c, b in zip(cell[:d], by, strict=False)) + cell[d:], s)
            for cell, s in spots
        ]

    def sorted(self, spots: Iterable[Spot]) -> Shape:
        """`spots` in Knuth's order: by translating coordinates, then suffix, then kind."""
        return tuple(sorted(spots, key=self.order_key))

    def order_key(self, spot: Spot) -> tuple[int, ...]:
        """The key Knuth's linked lists are sorted by."""
        cell, suffix = spot
        return (*cell[: self.dims], suffix, *cell[self.dims :])

    @staticmethod
    def moved(spots: Iterable[Spot], g: Map) -> list[Spot]:
        """`spots` mapped by `g`, suffixes kept."""
        return [(g(cell), s) for cell, s in spots]

    def group(self, mirrors: bool = True) -> list[Map]:
        """Every point symmetry of the grid (rotations; with `mirrors`, reflections too), each
        once, told apart by their images of a test shape with no symmetry."""
        probe = self.normalise(PROBES[self.name])
        gens = [*self.rotations, *([self.reflection] if mirrors else [])]
        maps: list[Map] = [lambda cell: cell]
        images = [probe]
        j = 0
        while j < len(maps):
            for g in gens:
                composed = _compose(g, maps[j])
                image = self.normalise(self.moved(probe, composed))
                if image not in images:
                    images.append(image)
                    maps.append(composed)
            j += 1
        return maps


def _compose(g: Map, f: Map) -> Map:
    """g after f."""
    return lambda cell: g(f(cell))


def _square_neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]


def _triangle_neighbours(cell: Cell) -> list[Cell]:
    x, y, t = cell
    if t == 0:
        return [(x, y, 1), (x - 1, y, 1), (x, y - 1, 1)]
    return [(x, y, 0), (x + 1, y, 0), (x, y + 1, 0)]


def _hex_neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1), (x + 1, y - 1), (x - 1, y + 1)]


def _cube_neighbours(cell: Cell) -> list[Cell]:
    x, y, z = cell
    return [
        (x - 1, y, z),
        (x + 1, y, z),
        (x, y - 1, z),
        (x, y + 1, z),
        (x, y, z - 1),
        (x, y, z + 1),
    ]


def ends(edge: Cell) -> tuple[Point, Point]:
    """The two points of an edge."""
    x, y, t = edge
    return (x, y), (x + t, y + 1 - t)


def edges_at(point: Point) -> list[Cell]:
    """The four edges that meet at a point: left, right, up, down."""
    x, y = point
    return [(x, y - 1, HORIZONTAL), (x, y, HORIZONTAL), (x - 1, y, VERTICAL), (x, y, VERTICAL)]


def _stick_neighbours(edge: Cell) -> list[Cell]:
    return [other for point in ends(edge) for other in edges_at(point) if other != edge]


def _stick_turn(edge: Cell) -> Cell:
    """The square grid's quarter turn, (x, y) to (y, -x), on edges."""
    x, y, t = edge
    return (y, -x - t, 1 - t)


def _triangle_turn(cell: Cell) -> Cell:
    """Knuth's 60-degree turn: (x, y) to (x+y, -x)' and (x, y)' to (x+y+1, -x)."""
    x, y, t = cell
    return (x + y + t, -x, 1 - t)


SQUARE = Grid(
    "square",
    2,
    (lambda c: (c[1], -c[0]),),
    lambda c: (c[1], c[0]),
    lambda c: (c[0], -c[1]),
    _square_neighbours,
    "squares touch through their sides",
)
TRIANGLE = Grid(
    "triangle",
    2,
    (_triangle_turn,),
    lambda c: (c[1], c[0], c[2]),
    lambda c: (-c[0] - c[1] - c[2], c[1], c[2]),
    _triangle_neighbours,
    "on triangles, one touches the one below where row + column is odd",
    marks=("", "'"),
)
HEX = Grid(
    "hex",
    2,
    (lambda c: (c[0] + c[1], -c[0]),),
    lambda c: (c[1], c[0]),
    lambda c: (-c[0] - c[1], c[1]),
    _hex_neighbours,
    "a hexagon touches the next in its row, two columns off, and those one column off in the rows"
    " above and below",
)
CUBE = Grid(
    "cube",
    3,
    (lambda c: (c[1], -c[0], c[2]), lambda c: (c[1], c[2], c[0])),
    lambda c: (c[1], c[0], c[2]),
    lambda c: (c[0], -c[1], c[2]),
    _cube_neighbours,
    "cubes touch through their faces, in a layer and across layers",
    solid=True,
)
STICKS = Grid(
    "sticks",
    2,
    (_stick_turn,),
    lambda e: (e[1], e[0], 1 - e[2]),
    lambda e: (e[0], -e[1] - 1 + e[2], e[2]),
    _stick_neighbours,
    "sticks touch where they share a point",
    marks=("h", "v"),
)
"""The square lattice's edges (`dlx.tiling.sticks`): (x, y, t), t = 0 across from point (x, y),
t = 1 down from it."""
GRIDS = {grid.name: grid for grid in (SQUARE, TRIANGLE, HEX, CUBE, STICKS)}

PROBES: dict[str, list[Spot]] = {
    "square": [((0, 0), 0), ((0, 1), 0), ((0, 2), 0), ((1, 0), 0)],
    "triangle": [((0, 0, 0), 0), ((0, 0, 1), 0), ((1, 0, 0), 0), ((1, 0, 1), 0), ((0, 1, 0), 0)],
    "hex": [((0, 0), 0), ((1, 0), 0), ((2, 0), 0), ((0, 1), 0)],
    "sticks": [((0, 0, 0), 0), ((0, 1, 0), 0), ((0, 0, 1), 0)],
    "cube": [
        ((0, 0, 0), 0),
        ((1, 0, 0), 0),
        ((2, 0, 0), 0),
        ((3, 0, 0), 0),
        ((0, 1, 0), 0),
        ((0, 2, 0), 0),
        ((0, 0, 1), 0),
    ],
}
"""A shape per grid that no symmetry but the identity maps onto itself."""


def grid_named(name: str) -> Grid:
    """The grid called `name`; TileError names the known ones."""
    grid = GRIDS.get(name)
    if grid is None:
        raise TileError(f"unknown grid {name[:20]!r}: square, triangle, hex, cube or sticks")
    return grid


def connected(grid: Grid, cells: Sequence[Cell]) -> bool:
    """Whether `cells` form one piece, each reachable from the first through neighbours."""
    todo, seen, wanted = [cells[0]], {cells[0]}, set(cells)
    while todo:
        for n in grid.neighbours(todo.pop()):
            if n in wanted and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(wanted)
