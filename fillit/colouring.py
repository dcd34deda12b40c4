"""Colouring arguments: cheap proofs that some pieces cannot fit a board.

Colour the cells of the board (say, by row mod 4). Wherever a piece sits, it covers some number
of cells of each colour, from a short list that depends only on its shape. If the pieces fit,
one entry per piece from those lists sums, colour by colour, to at most the board's count of that
colour (exactly, when there is no slack). A small dynamic programme over the pieces decides
whether such a choice exists; when none does, the size is refuted without any search.

Counts are packed into one integer, a field of FIELD bits per colour holding the room left for
that colour, with a guard bit on top of each field: subtracting a piece's counts leaves every
guard set exactly when no colour overflows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fillit.pieces import Piece

FIELD = 8  # bits per colour: the room left (at most 144 cells) below one guard bit

Colouring = Callable[[int, int], int]

COLOURINGS: dict[str, tuple[int, Colouring]] = {
    "rows mod 4": (4, lambda r, c: r % 4),
    "columns mod 4": (4, lambda r, c: c % 4),
    "diagonals mod 4": (4, lambda r, c: (r + c) % 4),
    "anti-diagonals mod 4": (4, lambda r, c: (r - c) % 4),
    "row and column parity": (4, lambda r, c: 2 * (r % 2) + c % 2),
}
"""Name -> (number of colours, colour of cell (r, c))."""


def _pack(counts: Sequence[int]) -> int:
    return sum(n << (FIELD * k) for k, n in enumerate(counts))


def _shape_counts(piece: Piece, size: int, colours: int, colour: Colouring) -> set[int]:
    """The packed colour counts of `piece` over all its positions on the board."""
    found = set()
    for top in range(size - piece.height + 1):
        for left in range(size - piece.width + 1):
            counts = [0] * colours
            for r, c in piece.cells:
                counts[colour(top + r, left + c)] += 1
            found.add(_pack(counts))
    return found


def colouring_fits(pieces: Sequence[Piece], size: int, colours: int, colour: Colouring) -> bool:
    """Whether some position of each piece keeps every colour within the board's count."""
    board = [0] * colours
    for r in range(size):
        for c in range(size):
            board[colour(r, c)] += 1
    guards = _pack([1 << (FIELD - 1)] * colours)
    states = {_pack(board)}
    shapes: dict[Piece, int] = {}
    for piece in pieces:
        shapes[piece] = shapes.get(piece, 0) + 1
    for shape, count in shapes.items():
        vectors = _shape_counts(shape, size, colours, colour)
        for _ in range(count):
            states = {
                room
                for state in states
                for vector in vectors
                if (room := ((state | guards) - vector)) & guards == guards
            }
            states = {state ^ guards for state in states}
            if not states:
                return False
    return True


def refuted_by_colouring(pieces: Sequence[Piece], size: int) -> str | None:
    """The name of a colouring that proves the pieces cannot fit, or None."""
    for name, (colours, colour) in COLOURINGS.items():
        if not colouring_fits(pieces, size, colours, colour):
            return name
    return None
