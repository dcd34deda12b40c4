"""What is a tiling puzzle, whichever format it came in? A grid, a board of spots and named pieces
with their multiplicities; and each piece's placements on the board, generated as Knuth's
polyomino-dlx generates them (base placements in his order, then every shift that fits).

Limits: coordinates from 0 to 61 on every axis (Knuth's radix-62 digits name them), at most
`MAX_PIECES` pieces and `MAX_PLACEMENTS` placements in all (memory stays linear in the options).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from dlx.tiling.errors import TileError
from dlx.tiling.grids import Grid, Shape, Spot

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Knuth's extended hexadecimal digits: a coordinate's name."""
MAX_PIECES = 1000
MAX_PLACEMENTS = 500_000


@dataclass
class Piece:
    """A named piece: its drawings (each a shape of typical spots, as given), the copies used
    (low, high) and the multiplicity as written (Knuth's text, '' for once)."""

    name: str
    drawings: list[Shape]
    bounds: tuple[int, int] = (1, 1)
    written: str = ""
    line: int = 0

    @property
    def size(self) -> int:
        """The number of cells of the piece (of its first drawing), suffixed spots left out."""
        return sum(1 for _, s in self.drawings[0] if s == 0)


@dataclass
class Puzzle:
    """A board (spots in Knuth's order) with pieces on a grid; suffix names by number (0: none);
    whether pieces may rotate and flip; `unique`: one solution per symmetry class."""

    grid: Grid
    board: Shape
    pieces: list[Piece]
    suffixes: list[str] = field(default_factory=lambda: [""])
    rotate: bool = True
    flip: bool = True
    unique: bool = False
    loose: frozenset[Spot] = frozenset()
    """Board spots without suffix that may stay empty (secondary, drawn '+' in a picture)."""

    def primary_spots(self) -> list[Spot]:
        """The board's spots every solution covers."""
        return [spot for spot in self.board if spot[1] == 0 and spot not in self.loose]

    def secondary_spots(self) -> list[Spot]:
        """The board's spots covered at most once: suffixed, or allowed to stay empty."""
        return [spot for spot in self.board if spot[1] != 0 or spot in self.loose]

    def spot_name(self, spot: Spot) -> str:
        """The item of a spot as Knuth names it: digits, `'` for a triangle's second, suffix."""
        cell, suffix = spot
        d = self.grid.dims
        prime = "'" if cell[d:] == (1,) and self.grid.name == "triangle" else ""
        return "".join(DIGITS[v] for v in cell[:d]) + prime + self.suffixes[suffix]


@dataclass(frozen=True)
class Placement:
    """One option: piece number, its base placement's number and the spots it covers, in the
    order of the base's spots."""

    piece: int
    base: int
    spots: Shape


def bases(puzzle: Puzzle, piece: Piece) -> list[Shape]:
    """The base placements of a piece, drawing after drawing, each in Knuth's order."""
    return [
        shape
        for drawing in piece.drawings
        for shape in puzzle.grid.orientations(drawing, puzzle.rotate, puzzle.flip)
    ]


def placements(puzzle: Puzzle) -> list[Placement]:
    """Every placement of every piece on the board, in the order Knuth's generators write them."""
    found: list[Placement] = []
    for number, piece in enumerate(puzzle.pieces):
        for b, shape in enumerate(bases(puzzle, piece)):
            for spots in _shifts(puzzle, shape):
                found.append(Placement(number, b, spots))
                if len(found) > MAX_PLACEMENTS:
                    raise TileError(
                        f"more than {MAX_PLACEMENTS} placements: the board is too large"
                    )
    return found


def _shifts(puzzle: Puzzle, shape: Shape) -> Iterator[Shape]:
    """`shape` moved by every shift, least first, that keeps all its spots on the board."""
    grid, board = puzzle.grid, set(puzzle.board)
    low = [min(cell[k] for cell, _ in puzzle.board) for k in range(grid.dims)]
    high = [max(cell[k] for cell, _ in puzzle.board) for k in range(grid.dims)]
    top = [max(cell[k] for cell, _ in shape) for k in range(grid.dims)]
    for shift in _box([range(lo, hi - t + 1) for lo, hi, t in zip(low, high, top, strict=False)]):
        moved = grid.shifted(shape, shift)
        if all(spot in board for spot in moved):
            yield tuple(moved)


def _box(ranges: list[range]) -> Iterator[tuple[int, ...]]:
    """Every tuple of the ranges' product, the last coordinate fastest."""
    if not ranges:
        yield ()
        return
    for head in ranges[0]:
        for tail in _box(ranges[1:]):
            yield (head, *tail)
