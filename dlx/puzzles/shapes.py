"""What a polyomino looks like turned and mirrored: its cells normalised, its orientations in
Knuth's order, whether its cells hold together (on the square grid of `dlx.tiling.grids`)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from dlx.tiling import grids
from dlx.tiling.grids import SQUARE

Cell = tuple[int, int]
"""(row, column), from 0."""
Shape = tuple[Cell, ...]
"""A piece's cells in reading order, shifted so the least row and the least column are 0."""


def connected(cells: Collection[Cell]) -> bool:
    """Whether `cells` (at least one) form one piece through shared sides.

    >>> connected([(0, 0), (1, 1)])
    False
    """
    return grids.connected(SQUARE, list(cells))


def normalise(cells: Iterable[Cell]) -> Shape:
    """`cells` in reading order, shifted so their least row and least column are 0.

    >>> normalise([(5, 3), (4, 4)])
    ((0, 1), (1, 0))
    """
    return tuple((r, c) for (r, c), _ in SQUARE.normalise((cell, 0) for cell in cells))


def turn(shape: Shape) -> Shape:
    """`shape` turned a quarter clockwise (the square grid's turn, `dlx.tiling.grids`)."""
    return normalise(SQUARE.rotations[0](cell) for cell in shape)  # type: ignore[misc]


def mirror(shape: Shape) -> Shape:
    """`shape` reflected left to right (the square grid's mirror, `dlx.tiling.grids`)."""
    return normalise(SQUARE.mirror(cell) for cell in shape)  # type: ignore[misc]


def variants(shape: Shape, rotate: bool = True, flip: bool = True) -> list[Shape]:
    """The distinct orientations of `shape`: itself and its quarter turns clockwise, then its mirror
    image (left to right) and the mirror's turns, each kept where it first appears (Knuth's order).

    >>> variants(((0, 0), (0, 1)))
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    >>> len(variants(((0, 0), (0, 1), (0, 2), (1, 0)))), len(variants(((0, 0), (0, 1), (1, 0))))
    (8, 4)
    """
    original = normalise(shape)
    found: list[Shape] = []
    for base in [original, mirror(original)] if flip else [original]:
        for _ in range(4 if rotate else 1):
            if base not in found:
                found.append(base)
            base = turn(base)
    return found
