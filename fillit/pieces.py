"""Tetrominoes as the fillit adapter sees them: a normalised set of cells and a letter."""

from __future__ import annotations

import string
from dataclasses import dataclass

Cell = tuple[int, int]
"""(row, column), row 0 at the top."""

LETTERS = string.ascii_uppercase


@dataclass(frozen=True)
class Piece:
    """One tetromino: its cells shifted so that the top row and left column are 0.

    >>> ell = Piece.from_cells([(1, 2), (2, 2), (3, 2), (3, 3)])
    >>> ell.cells, ell.height, ell.width
    (((0, 0), (1, 0), (2, 0), (2, 1)), 3, 2)
    >>> print(ell.picture())
    #.
    #.
    ##
    """

    cells: tuple[Cell, ...]

    @classmethod
    def from_cells(cls, cells: list[Cell]) -> Piece:
        """The piece made of `cells`, wherever they sit in their block."""
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        return cls(tuple(sorted((r - top, c - left) for r, c in cells)))

    @property
    def height(self) -> int:
        """Rows spanned."""
        return max(r for r, _ in self.cells) + 1

    @property
    def width(self) -> int:
        """Columns spanned."""
        return max(c for _, c in self.cells) + 1

    def picture(self) -> str:
        """The piece drawn with '#' and '.', one line per row."""
        return "\n".join(
            "".join("#" if (r, c) in self.cells else "." for c in range(self.width))
            for r in range(self.height)
        )


def letter(index: int) -> str:
    """The letter of the piece at `index` in input order: A, B, C...

    >>> letter(0), letter(25)
    ('A', 'Z')
    """
    return LETTERS[index]


def identical_groups(pieces: list[Piece]) -> list[list[int]]:
    """Indices of pieces grouped by shape, groups in order of first appearance.

    >>> square = Piece(((0, 0), (0, 1), (1, 0), (1, 1)))
    >>> bar = Piece(((0, 0), (0, 1), (0, 2), (0, 3)))
    >>> identical_groups([bar, square, bar])
    [[0, 2], [1]]
    """
    groups: dict[Piece, list[int]] = {}
    for index, piece in enumerate(pieces):
        groups.setdefault(piece, []).append(index)
    return list(groups.values())
