"""A grid's rotations and reflections as arithmetic, worked out once per grid and process: each
a matrix on the translating coordinates and, for each kind of cell (a triangle's up or down, a
stick's across or down), an offset and the kind it becomes. A grid's maps are compositions of
its generators (`dlx.tiling.grids`), a few calls per coordinate; `--unique` moves every cell of
a board by every symmetry, and the Soma cube's box has 47 of them.

>>> from dlx.tiling.grids import TRIANGLE
>>> [turn.proper for turn in turns(TRIANGLE)].count(True)
6
>>> turns(TRIANGLE)[1].move((0, 0, 0)) == TRIANGLE.rotations[0]((0, 0, 0))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from dlx.tiling.grids import PROBES, Cell, Grid, Map

_TURNS: dict[str, list[Turn]] = {}
"""Each grid's turns, by its name, once worked out."""


@dataclass(frozen=True, eq=False)
class Turn:
    """One of a grid's point symmetries: cell (x, t) goes to (matrix x + offsets[t], kinds[t]),
    where x are the translating coordinates and t the rest; `proper` where it is a rotation."""

    matrix: tuple[tuple[int, ...], ...]
    offsets: dict[Cell, tuple[Cell, Cell]]
    proper: bool

    def move(self, cell: Cell) -> Cell:
        """The image of a cell."""
        d = len(self.matrix)
        offset, kind = self.offsets[cell[d:]]
        return (
            tuple(
                [
                    sum([a * c for a, c in zip(row, cell, strict=False)]) + o
                    for row, o in zip(self.matrix, offset, strict=True)
                ]
            )
            + kind
        )

    def move_all(self, cells: list[Cell], by: Cell | None = None) -> list[Cell]:
        """The images of `cells`, as `move` gives them, translated by `by`: in one pass where
        the grid is flat or a box of cubes."""
        m, d = self.matrix, len(self.matrix)
        by = by or (0,) * d
        if d == 2 and len(self.offsets) <= 2:
            (a, b), (c, e) = m
            k = [
                (offset[0] + by[0], offset[1] + by[1], *kind)
                for offset, kind in self.offsets.values()
            ]
            if () in self.offsets:
                o, p = k[0]
                return [(a * x + b * y + o, c * x + e * y + p) for x, y in cells]
            return [
                (a * x + b * y + k[t][0], c * x + e * y + k[t][1], k[t][2]) for x, y, t in cells
            ]
        if d == 3 and () in self.offsets:
            (a, b, c), (e, f, g), (h, i, j) = m
            o, p, q = (v + w for v, w in zip(self.offsets[()][0], by, strict=True))
            return [
                (a * x + b * y + c * z + o, e * x + f * y + g * z + p, h * x + i * y + j * z + q)
                for x, y, z in cells
            ]
        return [
            tuple([v + w for v, w in zip(image[:d], by, strict=True)]) + image[d:]
            for image in map(self.move, cells)
        ]


def turns(grid: Grid) -> list[Turn]:
    """Every point symmetry of `grid`, in the order of `Grid.group` (the identity first)."""
    found = _TURNS.get(grid.name)
    if found is None:
        rotations = [_images(grid, g) for g in grid.group(mirrors=False)]
        found = _TURNS[grid.name] = [
            _compiled(grid, g, _images(grid, g) in rotations) for g in grid.group(mirrors=True)
        ]
    return found


def _images(grid: Grid, g: Map) -> object:
    """What tells two maps apart: the image of the grid's probe shape."""
    return grid.normalise(grid.moved(PROBES[grid.name], g))


def _compiled(grid: Grid, g: Map, proper: bool) -> Turn:
    """The arithmetic of map g, read from the images of a few cells."""
    d = grid.dims
    kinds: list[Cell] = [(t,) for t in range(len(grid.marks))] if grid.marks else [()]
    origin = (0,) * d
    offsets = {}
    for kind in kinds:
        image = g(origin + kind)
        offsets[kind] = (image[:d], image[d:])
    start = offsets[kinds[0]][0]
    columns = []
    for k in range(d):
        step = g(tuple(int(j == k) for j in range(d)) + kinds[0])
        columns.append([a - b for a, b in zip(step[:d], start, strict=True)])
    matrix = tuple(tuple(columns[k][j] for k in range(d)) for j in range(d))
    return Turn(matrix, offsets, proper)
