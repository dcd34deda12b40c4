"""Where can pieces go on fillit's square board? The smallest side that could hold them, a
piece's placements in row-major order, and whether the empty regions waste no more cells than
the square leaves spare. Both searches and the compiled check's Python twins use it."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from fillit.pieces import Cell, Piece


def smallest_size(pieces: Sequence[Piece]) -> int:
    """The smallest side that could hold the pieces' cells and the largest piece.

    >>> bar = Piece(((0, 0), (0, 1), (0, 2), (0, 3)))
    >>> smallest_size([bar]), smallest_size([bar] * 5)
    (4, 5)
    """
    area = math.isqrt(4 * len(pieces) - 1) + 1
    return max(area, *(max(p.height, p.width) for p in pieces))


def placements(piece: Piece, size: int) -> Iterator[Cell]:
    """Every top-left corner of `piece` on a board of side `size`, in row-major order.

    >>> list(placements(Piece(((0, 0), (1, 0), (2, 0), (2, 1))), 3))
    [(0, 0), (0, 1)]
    """
    for top in range(size - piece.height + 1):
        for left in range(size - piece.width + 1):
            yield top, left


def waste_fits(empty: int, stride: int, holes: int) -> bool:
    """Whether the empty cells (bits of rows `stride` apart, a spare column between rows)
    waste at most `holes` cells: a region of m empty cells wastes at least m mod 4.

    >>> waste_fits(0b011_011, 4, 1), waste_fits(0b1, 4, 0)  # a region of 4; one lone cell
    (True, False)
    """
    total = 0
    while empty:
        region = empty & -empty
        while True:
            grown = (
                region | region << 1 | region >> 1 | region << stride | region >> stride
            ) & empty
            if grown == region:
                break
            region = grown
        total += region.bit_count() & 3
        if total > holes:
            return False
        empty ^= region
    return True
