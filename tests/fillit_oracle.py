"""A brute-force canonical fillit solver, sharing no code with fillit.solver: the tests' oracle.

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


def _draw(shapes: Sequence[Shape], corners: Sequence[Corner], size: int) -> list[str]:
    """The board with each shape's letter at its corner and '.' elsewhere."""
    board = [["."] * size for _ in range(size)]
    for index, (shape, (top, left)) in enumerate(zip(shapes, corners, strict=True)):
        for r, c in shape:
            board[top + r][left + c] = string.ascii_uppercase[index]
    return ["".join(row) for row in board]
