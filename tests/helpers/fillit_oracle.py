"""A brute-force canonical fillit solver, sharing no code with fillit.solver.ordered: the tests'
oracle.

The canonical answer is the smallest square, then each piece in input order at its top-most, then
left-most position from which the remaining pieces can still be placed. Plain backtracking that
tries sizes upward and corners in row-major order finds exactly that answer first. It is only fast
enough for a handful of pieces (about six).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence

Cell = tuple[int, int]
Shape = tuple[Cell, ...]
Corner = tuple[int, int]


def normalise(cells: Iterable[Cell]) -> Shape:
    """The cells shifted so that their top row and left column are 0, sorted."""
    listed = list(cells)
    top = min(r for r, _ in listed)
    left = min(c for _, c in listed)
    return tuple(sorted((r - top, c - left) for r, c in listed))


def canonical_rows(shapes: Sequence[Iterable[Cell]]) -> list[str]:
    """The canonical board for pieces of these shapes (in input order), one string per row.

    >>> canonical_rows([[(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 0), (1, 0), (2, 0), (3, 0)]])
    ['AAB.', 'AAB.', '..B.', '..B.']
    """
    normal = [normalise(shape) for shape in shapes]
    size = 1
    while size * size < 4 * len(normal):
        size += 1
    while True:
        corners = _place_all(normal, size)
        if corners is not None:
            return _draw(normal, corners, size)
        size += 1


def _place_all(shapes: Sequence[Shape], size: int) -> list[Corner] | None:
    """The first corners (in row-major order, piece by piece) that fit every shape, or None."""
    filled: set[Cell] = set()
    corners: list[Corner] = []

    def place(index: int) -> bool:
        if index == len(shapes):
            return True
        for top in range(size):
            for left in range(size):
                cells = [(top + r, left + c) for r, c in shapes[index]]
                if any(r >= size or c >= size or (r, c) in filled for r, c in cells):
                    continue
                filled.update(cells)
                corners.append((top, left))
                if place(index + 1):
                    return True
                corners.pop()
                filled.difference_update(cells)
        return False

    return corners if place(0) else None


def fits_within(free: Iterable[Cell], shapes: Sequence[Iterable[Cell]]) -> bool:
    """Whether the shapes can be placed, without overlap, on cells of `free` (the others unused).

    The first free cell (row by row) is either left unused or is the first cell of some shape.

    >>> fits_within([(0, 0), (0, 1), (1, 0), (1, 1)], [[(0, 0), (0, 1), (1, 0), (1, 1)]])
    True
    >>> fits_within([(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)], [[(0, 0), (0, 1), (1, 0), (1, 1)]])
    False
    """
    counts: dict[Shape, int] = {}
    for shape in shapes:
        normal = normalise(shape)
        counts[normal] = counts.get(normal, 0) + 1
    return _fit(set(free), counts)


def _fit(free: set[Cell], counts: dict[Shape, int]) -> bool:
    """`fits_within` for shapes given as counts (changed during the search, then restored)."""
    left = sum(counts.values())
    if not left:
        return True
    if len(free) < 4 * left:
        return False
    top, corner = min(free)
    for shape, count in counts.items():
        if not count:
            continue
        first_r, first_c = shape[0]  # the shape's first cell, row by row, lands on the free one
        cells = {(top + r - first_r, corner + c - first_c) for r, c in shape}
        if cells <= free:
            counts[shape] -= 1
            found = _fit(free - cells, counts)
            counts[shape] += 1
            if found:
                return True
    return _fit(free - {(top, corner)}, counts)


def _draw(shapes: Sequence[Shape], corners: Sequence[Corner], size: int) -> list[str]:
    """The board with each shape's letter at its corner and '.' elsewhere."""
    board = [["."] * size for _ in range(size)]
    for index, (shape, (top, left)) in enumerate(zip(shapes, corners, strict=True)):
        for r, c in shape:
            board[top + r][left + c] = string.ascii_uppercase[index]
    return ["".join(row) for row in board]
