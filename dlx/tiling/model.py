"""What is a tiling puzzle, whichever format it came in? A grid, a board of spots and named pieces
with their multiplicities; and each piece's placements on the board, generated as Knuth's
polyomino-dlx generates them (base placements in his order, then every shift that fits).

Limits: coordinates from 0 to 61 on every axis (Knuth's radix-62 digits name them), at most
`MAX_CELLS` spots on the board and in a piece, `MAX_DRAWN` in all the pieces' drawings together,
`MAX_PIECES` pieces, `MAX_PLACEMENTS` placements and `MAX_PLACED` spots in all placements; each
is checked as the input is read or the placements are made, before the memory it bounds is
taken. So the work of a puzzle is bounded by these limits, whatever its file repeats: at most
24 orientations of `MAX_DRAWN` spots, each fitted onto the board by a few operations on bit
masks per spot (`Frame`), then the placements made.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from dlx.problem import MAX_OPTION_NODES
from dlx.tiling.errors import TileError
from dlx.tiling.grids import Cell, Grid, Shape, Spot

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Knuth's extended hexadecimal digits: a coordinate's name."""
MAX_CELLS = 10_000
"""The largest board, and piece: refused as its cells are read, before any placement is made."""
MAX_DRAWN = 20_000
"""The spots of all the pieces' drawings together (a spec's piece lines: as written), refused as
they are read: twice the largest board, room for pieces drawn several ways or left unused."""
MAX_PIECES = 1000
MAX_PLACEMENTS = 500_000
MAX_PLACED = MAX_OPTION_NODES
"""The spots of all placements together (the problem's limit on the options' length)."""


def check_board(cells: int) -> None:
    """Refuse a board of more than `MAX_CELLS` cells (before they are made, where it can)."""
    if cells > MAX_CELLS:
        raise TileError(f"the board has {cells} cells, more than {MAX_CELLS}")


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
    names: dict[Spot, str] = field(default_factory=dict, compare=False, repr=False)
    """Each spot's item name, as `spot_name` first worked it out."""
    oriented: dict[tuple[Shape, bool, bool], list[Shape]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Each drawing's orientations (as turned and flipped), as `bases` first worked them out."""

    def __repr__(self) -> str:
        """One line: the grid, the board's spots and the pieces."""
        names = ", ".join(piece.name for piece in self.pieces[:12])
        more = ", ..." if len(self.pieces) > 12 else ""
        return f"Puzzle on the {self.grid.name} grid: {len(self.board)} spots; pieces {names}{more}"

    def primary_spots(self) -> list[Spot]:
        """The board's spots every solution covers."""
        return [spot for spot in self.board if spot[1] == 0 and spot not in self.loose]

    def secondary_spots(self) -> list[Spot]:
        """The board's spots covered at most once: suffixed, or allowed to stay empty."""
        return [spot for spot in self.board if spot[1] != 0 or spot in self.loose]

    def spot_name(self, spot: Spot) -> str:
        """The item of a spot as Knuth names it: digits, `'` for a triangle's second (`h`, `v` for
        a stick across or down), suffix."""
        name = self.names.get(spot)
        if name is None:
            name = self.names[spot] = self._name(spot)
        return name

    def _name(self, spot: Spot) -> str:
        """The name `spot_name` gives, worked out."""
        cell, suffix = spot
        d = self.grid.dims
        mark = self.grid.marks[cell[d]] if self.grid.marks else ""
        return "".join(DIGITS[v] for v in cell[:d]) + mark + self.suffixes[suffix]


class Placement:
    """One option: piece number, its base placement's number and the spots it covers, in the
    order of the base's spots. Made by `placements`, it holds the board's index of each spot
    (`cells`) and its shift (`at`: its bit in the board's `Frame`), and makes its spots only
    when asked (a solution's few, not every placement's)."""

    __slots__ = ("_board", "_spots", "at", "base", "cells", "piece")

    def __init__(
        self,
        piece: int,
        base: int,
        spots: Shape | None,
        at: int = -1,
        cells: tuple[int, ...] = (),
        board: Shape = (),
    ) -> None:
        self.piece, self.base, self._spots = piece, base, spots
        self.at, self.cells, self._board = at, cells, board

    @property
    def spots(self) -> Shape:
        """The spots it covers, in the order of its base's spots."""
        if self._spots is None:
            board = self._board
            self._spots = tuple([board[c] for c in self.cells])
        return self._spots

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Placement):
            return NotImplemented
        return (self.piece, self.base, self.spots) == (other.piece, other.base, other.spots)

    def __hash__(self) -> int:
        return hash((self.piece, self.base, self.spots))

    def __repr__(self) -> str:
        return f"Placement(piece={self.piece}, base={self.base}, spots={self.spots})"


def bases(puzzle: Puzzle, piece: Piece) -> list[Shape]:
    """The base placements of a piece, drawing after drawing, each in Knuth's order (each
    drawing's worked out once per puzzle: `Puzzle.oriented`)."""
    return [shape for drawing in piece.drawings for shape in _orientations(puzzle, drawing)]


def _orientations(puzzle: Puzzle, drawing: Shape) -> list[Shape]:
    """The orientations of one drawing, worked out once for drawings drawn alike."""
    key = (drawing, puzzle.rotate, puzzle.flip)
    found = puzzle.oriented.get(key)
    if found is None:
        found = puzzle.oriented[key] = puzzle.grid.orientations(drawing, puzzle.rotate, puzzle.flip)
    return found


def placements(puzzle: Puzzle) -> list[Placement]:
    """Every placement of every piece on the board, in the order Knuth's generators write them;
    TileError as soon as they pass `MAX_PLACEMENTS` or `MAX_PLACED` spots in all."""
    found: list[Placement] = []
    placed = 0
    shifts: dict[Shape, tuple[list[int], list[tuple[int, ...]]]] = {}
    frame = Frame.of(puzzle)
    board = puzzle.board
    for number, piece in enumerate(puzzle.pieces):
        for b, shape in enumerate(bases(puzzle, piece)):
            if shape not in shifts:
                shifts[shape] = frame.fitting(shape, MAX_PLACED - placed)
            ats, cells = shifts[shape]
            n = len(ats)
            found += map(Placement, [number] * n, [b] * n, [None] * n, ats, cells, [board] * n)
            placed += n * len(shape)
            if len(found) > MAX_PLACEMENTS or placed > MAX_PLACED:
                raise TileError(
                    f"more than {MAX_PLACEMENTS} placements or {MAX_PLACED} cells in all "
                    "placements: the board is too large"
                )
    return found


Kind = tuple[Cell, int]
"""What a spot is apart from its translating coordinates: a triangle's kind, a suffix."""


@dataclass
class Frame:
    """The board as bit masks, one per kind of spot (a triangle's upward or downward cell, a
    suffix): bit `position(cell)` set where the board has that spot. Positions run through the
    board's bounding box, the last axis fastest, every axis but the first given twice its length
    so that a shape moved past the box's edge lands on empty bits rather than the next row. A
    shape fits where every one of its spots' masks, moved back by the spot's position, has a
    bit: one shift and one `&` of the masks per spot, in C, rather than one test per shift.
    `cells` gives, per kind, the board's index of the spot at each position (-1: none): a list
    through the box, or where kinds are many (a spec's suffixes), a dict of the kind's spots
    alone, so that the frame stays within a few times the board's size."""

    grid: Grid
    low: list[int]
    sizes: list[int]
    strides: list[int]
    masks: dict[Kind, int]
    cells: dict[Kind, list[int] | dict[int, int]]
    spots: list[int]
    """The position of each of the board's spots, by its index."""

    @classmethod
    def of(cls, puzzle: Puzzle) -> Frame:
        """The frame of the puzzle's board."""
        d = puzzle.grid.dims
        low = [min(cell[k] for cell, _ in puzzle.board) for k in range(d)]
        sizes = [max(cell[k] for cell, _ in puzzle.board) - low[k] + 1 for k in range(d)]
        strides = [1] * d
        for k in range(d - 2, -1, -1):
            strides[k] = strides[k + 1] * 2 * sizes[k + 1]
        frame = cls(puzzle.grid, low, sizes, strides, {}, {}, [])
        bits: dict[Kind, bytearray] = {}
        length = strides[0] * sizes[0]
        kinds = len({(cell[d:], s) for cell, s in puzzle.board})
        sparse = kinds * length > 16 * len(puzzle.board) + 65536
        for index, (cell, s) in enumerate(puzzle.board):
            at = frame.position([c - v for c, v in zip(cell, low, strict=False)])
            kind = (cell[d:], s)
            if kind not in bits:
                bits[kind] = bytearray(length // 8 + 1)
                frame.cells[kind] = {} if sparse else [-1] * length
            bits[kind][at >> 3] |= 1 << (at & 7)
            frame.cells[kind][at] = index
            frame.spots.append(at)
        frame.masks = {kind: int.from_bytes(mask, "little") for kind, mask in bits.items()}
        return frame

    @property
    def length(self) -> int:
        """The number of positions (the bounding box, every axis but the first doubled)."""
        return self.strides[0] * self.sizes[0]

    def position(self, cell: Sequence[int]) -> int:
        """The bit of a cell's translating coordinates (relative to the box's corner)."""
        if len(self.strides) == 2:  # (the common grids, at a third of the cost)
            return cell[0] * self.strides[0] + cell[1]
        return sum(c * stride for c, stride in zip(cell, self.strides, strict=False))

    def fitting(self, shape: Shape, room: int) -> tuple[list[int], list[tuple[int, ...]]]:
        """The shifts, least first, that keep all of `shape`'s spots on the board (each as its
        position), stopping once they fill more than `room` spots; and the board's index of
        each spot of each (one column of indices per spot of the shape, gathered in C)."""
        d = self.grid.dims
        tops = [max(cell[k] for cell, _ in shape) for k in range(d)]
        if any(top >= size for top, size in zip(tops, self.sizes, strict=True)):
            return [], []
        fits = -1
        offsets = [self.position(cell) for cell, _ in shape]
        for (cell, s), offset in zip(shape, offsets, strict=True):
            fits &= self.masks.get((cell[d:], s), 0) >> offset
            if not fits:
                return [], []
        ats = list(_ones(fits))
        del ats[room // len(shape) + 1 :]
        columns = []
        for (cell, s), offset in zip(shape, offsets, strict=True):
            column = self.cells[(cell[d:], s)]
            columns.append([column[at + offset] for at in ats])
        return ats, list(zip(*columns, strict=True))


def _ones(bits: int) -> Iterator[int]:
    """The positions of the 1 bits of `bits`, least first (found in C, by `str.rfind`)."""
    digits = format(bits, "b")
    top = len(digits) - 1
    at = digits.rfind("1")
    while at >= 0:
        yield top - at
        at = digits.rfind("1", 0, at)
