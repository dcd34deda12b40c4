"""An independent check of a drawn answer against the pieces, sharing no code with the search."""

from __future__ import annotations

import string
from collections.abc import Sequence

from fillit.errors import FillitError
from fillit.pieces import Piece


class CheckError(FillitError):
    """A drawn board is not a valid arrangement of the pieces."""


def check(rows: Sequence[str], pieces: Sequence[Piece]) -> None:
    """Raise CheckError unless `rows` is a square holding each piece once, by its letter.

    >>> check(["AA", "AA"], [Piece(((0, 0), (0, 1), (1, 0), (1, 1)))])
    >>> check(["AA", "A."], [Piece(((0, 0), (0, 1), (1, 0), (1, 1)))])
    Traceback (most recent call last):
    ...
    fillit.check.CheckError: piece A has 3 cells, not 4
    """
    size = len(rows)
    if any(len(row) != size for row in rows):
        raise CheckError("the board is not square")
    letters = string.ascii_uppercase[: len(pieces)]
    cells: dict[str, list[tuple[int, int]]] = {name: [] for name in letters}
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            if mark == ".":
                continue
            if mark not in cells:
                raise CheckError(f"unexpected mark {mark!r} at row {r}, column {c}")
            cells[mark].append((r, c))
    for name, piece in zip(letters, pieces, strict=True):
        found = cells[name]
        if len(found) != 4:
            raise CheckError(f"piece {name} has {len(found)} cells, not 4")
        top = min(r for r, _ in found)
        left = min(c for _, c in found)
        if sorted((r - top, c - left) for r, c in found) != sorted(piece.cells):
            raise CheckError(f"piece {name} does not have its input shape")
