"""What is a tiling puzzle, whichever format it came in? A grid, a board of spots and named pieces
with their multiplicities; and each piece's placements on the board, generated as Knuth's
polyomino-dlx generates them (base placements in his order, then every shift that fits).

Limits: coordinates from 0 to 61 on every axis (Knuth's radix-62 digits name them), at most
`MAX_CELLS` spots on the board and in a piece, `MAX_PIECES` pieces, `MAX_PLACEMENTS` placements
and `MAX_PLACED` spots in all placements; each is checked as the input is read or the placements
are made, before the memory it bounds is taken.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from dlx.problem import MAX_OPTION_NODES
from dlx.tiling.errors import TileError
from dlx.tiling.grids import Cell, Grid, Shape, Spot

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Knuth's extended hexadecimal digits: a coordinate's name."""
MAX_CELLS = 10_000
"""The largest board, and piece: refused as its cells are read, before any placement is made."""
MAX_PIECES = 1000
MAX_PLACEMENTS = 500_000
MAX_PLACED = MAX_OPTION_NODES
"""The spots of all placements together (the problem's limit on the options' length)."""


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

    def primary_spots(self) -> list[Spot]:
        """The board's spots every solution covers."""
        return [spot for spot in self.board if spot[1] == 0 and spot not in self.loose]

    def secondary_spots(self) -> list[Spot]:
        """The board's spots covered at most once: suffixed, or allowed to stay empty."""
        return [spot for spot in self.board if spot[1] != 0 or spot in self.loose]

    def spot_name(self, spot: Spot) -> str:
        """The item of a spot as Knuth names it: digits, `'` for a triangle's second, suffix."""
        name = self.names.get(spot)
        if name is None:
            name = self.names[spot] = self._name(spot)
        return name

    def _name(self, spot: Spot) -> str:
        """The name `spot_name` gives, worked out."""
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


def bases(
    puzzle: Puzzle, piece: Piece, seen: dict[Shape, list[Shape]] | None = None
) -> list[Shape]:
    """The base placements of a piece, drawing after drawing, each in Knuth's order (those of a
    drawing met before taken from `seen`)."""
    seen = {} if seen is None else seen
    return [shape for drawing in piece.drawings for shape in _orientations(puzzle, drawing, seen)]


def _orientations(puzzle: Puzzle, drawing: Shape, seen: dict[Shape, list[Shape]]) -> list[Shape]:
    """The orientations of one drawing, worked out once for drawings drawn alike (`seen`)."""
    if drawing not in seen:
        seen[drawing] = puzzle.grid.orientations(drawing, puzzle.rotate, puzzle.flip)
    return seen[drawing]


def placements(puzzle: Puzzle) -> list[Placement]:
    """Every placement of every piece on the board, in the order Knuth's generators write them;
    TileError as soon as they pass `MAX_PLACEMENTS` or `MAX_PLACED` spots in all."""
    found: list[Placement] = []
    placed = 0
    oriented: dict[Shape, list[Shape]] = {}
    shifts: dict[Shape, list[Shape]] = {}
    extent = _extent(puzzle.board, puzzle.grid.dims)
    for number, piece in enumerate(puzzle.pieces):
        for b, shape in enumerate(bases(puzzle, piece, oriented)):
            if shape not in shifts:
                shifts[shape] = _fitting(puzzle.grid, shape, extent, MAX_PLACED - placed)
            for spots in shifts[shape]:
                found.append(Placement(number, b, spots))
                placed += len(spots)
                if len(found) > MAX_PLACEMENTS or placed > MAX_PLACED:
                    raise TileError(
                        f"more than {MAX_PLACEMENTS} placements or {MAX_PLACED} cells in all "
                        "placements: the board is too large"
                    )
    return found


def _fitting(grid: Grid, shape: Shape, extent: Extent, room: int) -> list[Shape]:
    """The shifts of `shape` that fit, stopping once they fill more than `room` spots."""
    fitting: list[Shape] = []
    for moved in _shifts(grid, shape, extent):
        fitting.append(moved)
        room -= len(moved)
        if room < 0:
            break
    return fitting


def _shifts(grid: Grid, shape: Shape, extent: Extent) -> Iterator[Shape]:
    """`shape` moved by every shift, least first, that keeps all its spots on the board: the
    shifts that put each spot on a board spot of its kind, intersected (cells coded as numbers
    in base `BASE`, so that a shift is a difference and the shifts sort as their tuples do)."""
    d = grid.dims
    valid: set[int] | None = None
    for cell, suffix in shape:
        start = _code(cell[:d])
        here = {code - start for code in extent[3].get((suffix, cell[d:]), ())}
        valid = here if valid is None else valid & here
    for shift in sorted(valid or ()):
        yield tuple(grid.shifted(shape, _decode(shift, d)))


BASE = 128
"""The base cells are coded in: above twice the largest coordinate, so that every difference of
two codes has one reading."""


def _code(head: tuple[int, ...]) -> int:
    """A cell's translating coordinates as one number, the first the most significant."""
    code = 0
    for value in head:
        code = code * BASE + value
    return code


def _decode(code: int, dims: int) -> tuple[int, ...]:
    """The shift a difference of two codes stands for (each coordinate within +-BASE/2)."""
    values = []
    for _ in range(dims):
        value = (code + BASE // 2) % BASE - BASE // 2
        values.append(value)
        code = (code - value) // BASE
    return tuple(reversed(values))


Extent = tuple[frozenset[Spot], list[int], list[int], dict[tuple[int, Cell], list[int]]]
"""A board's spots as a set, its least and greatest coordinate on each axis, and the codes of
its spots by suffix and kind."""


def _extent(board: Shape, dims: int) -> Extent:
    """The extent of `board`, worked out once for all its pieces' shifts."""
    low = [min(cell[k] for cell, _ in board) for k in range(dims)]
    high = [max(cell[k] for cell, _ in board) for k in range(dims)]
    codes: dict[tuple[int, Cell], list[int]] = {}
    for cell, suffix in board:
        codes.setdefault((suffix, cell[dims:]), []).append(_code(cell[:dims]))
    return frozenset(board), low, high, codes
