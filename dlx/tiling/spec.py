"""How do Knuth's spec lines read? Exactly as polyomino-dlx, polyiamond-dlx and polycube-dlx read
them: lines beginning `|` are comments; the first other line lists the board's cells, each later
one a piece's name and its typical cells.

A cell is one coordinate per axis (two; three on the cube grid), each a radix-62 digit (`0`-`9`,
`a`-`z`, `A`-`Z`) or a bracketed set of digits and ranges (`[0-2b]`), then, on the square and
triangle grids, an optional suffix of up to 6 characters: a suffixed cell is a secondary item;
on the triangle grid a suffix starting `'` names the cell's second (downward) triangle.
A piece name (1 to 8 characters, without `|` or `:`) may be preceded by a multiplicity
`b|` or `a:b|` (square, triangle) or a digit and `*` (cube); lines naming the same piece add
placements to it (a line drawing it as an earlier line did is refused: each of its placements
would come twice, as in Knuth's generators).

Cells are counted as written, before a bracket expands and a cell named twice twice: the box's
line at most `MAX_CELLS`, a piece's line too, and all the pieces' lines together `MAX_DRAWN`; so
reading a file takes time linear in its length and in those limits, whatever it repeats.

>>> puzzle = read_spec("| a domino in a 1x2 box\\n0[01]\\nD 00 01\\n", "square")
>>> [puzzle.spot_name(spot) for spot in puzzle.board], puzzle.pieces[0].name
(['00', '01'], 'D')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from dlx.tiling.errors import TileError
from dlx.tiling.grids import Cell, Grid, Shape, Spot, grid_named
from dlx.tiling.model import DIGITS, MAX_CELLS, MAX_DRAWN, MAX_PIECES, Piece, Puzzle

MAX_SUFFIX = 6
MAX_NAME = 8
MAX_BOUND = 10**9


def read_spec(text: str, grid_name: str) -> Puzzle:
    """The puzzle of Knuth's spec `text` on the grid called `grid_name`."""
    grid = grid_named(grid_name)
    if grid.name == "sticks":
        raise TileError("Knuth's spec lines draw no sticks: draw them (`grid sticks`, `board`)")
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1)]
    content = [(n, line) for n, line in lines if not line.startswith("|")]
    if not any(line.strip() and not line.startswith(";") for _, line in content):
        raise TileError(
            "the input holds no puzzle (it is empty, or only comments): draw a `board` and"
            " `pieces`, or write Knuth's spec lines"
        )
    suffixes = Suffixes()
    number, box_line = content[0]
    board = grid.sorted(_spots(grid, box_line, number, suffixes, Tally.per_line()))
    if not board:
        raise TileError(f"line {number}: the box has no cell")
    puzzle = Puzzle(grid, board, [], suffixes, flip=not grid.solid)
    met = Met(suffixes, {puzzle.spot_name(spot) for spot in puzzle.board if spot[1] == 0})
    for number, line in content[1:]:
        _read_piece(puzzle, met, line, number)
    if not puzzle.pieces:
        raise TileError("the input has no piece line after the box")
    return puzzle


@dataclass
class Tally:
    """Cells named so far against a limit, counted as written (a bracket before it expands, a
    cell named twice twice): `rule` says which limit, once `left` runs out."""

    left: int
    rule: str

    @classmethod
    def per_line(cls) -> Tally:
        """The tally of one line: the box's, or one drawing of a piece."""
        return cls(MAX_CELLS, f"more than {MAX_CELLS} cells (the limit)")

    def take(self, cells: int, number: int) -> None:
        """Count `cells` more, named on line `number`; TileError past the limit."""
        self.left -= cells
        if self.left < 0:
            raise TileError(f"line {number}: {self.rule}")


@dataclass
class Met:
    """What reading a spec has met so far, each found again at once (lines are read in linear
    time): the suffixes, the names of the box's unsuffixed cells, the pieces by name, each
    drawing of a piece with the line that drew it, and the cells the pieces' lines named."""

    suffixes: Suffixes
    cells: set[str]
    pieces: dict[str, Piece] = field(default_factory=dict)
    drawn: dict[tuple[str, Shape], int] = field(default_factory=dict)
    named: Tally = field(
        default_factory=lambda: Tally(
            MAX_DRAWN, f"the pieces' lines name more than {MAX_DRAWN} cells in all (the limit)"
        )
    )


def _read_piece(puzzle: Puzzle, met: Met, line: str, number: int) -> None:
    """Add the piece of one spec line to `puzzle` (a line of only a name is ignored, as Knuth
    ignores it)."""
    written, name, rest = _name(puzzle.grid, line, number)
    if name is None:
        return
    if name in met.cells:
        raise TileError(f"line {number}: piece name {name!r} is also a cell of the box")
    spots = _spots(puzzle.grid, rest, number, met.suffixes, Tally.per_line(), met.named)
    if not spots:
        raise TileError(f"line {number}: piece {name!r} has no cell")
    bounds = bounds_of(puzzle.grid, written, number)
    shape = puzzle.grid.normalise(spots)
    first = met.drawn.setdefault((name, shape), number)
    if first != number:
        raise TileError(
            f"line {number}: piece {name!r} is drawn as on line {first} (each of its placements"
            " would come twice: a multiplicity gives copies)"
        )
    piece = met.pieces.get(name)
    if piece is not None:
        if piece.written != written:
            raise TileError(
                f"line {number}: inconsistent multiplicities for piece {name!r},"
                f" {piece.written or '1'} vs {written or '1'}"
            )
        piece.drawings.append(shape)
        return
    if len(puzzle.pieces) >= MAX_PIECES:
        raise TileError(f"line {number}: more than {MAX_PIECES} pieces")
    met.pieces[name] = Piece(name, [shape], bounds, written, number)
    puzzle.pieces.append(met.pieces[name])


def _name(grid: Grid, line: str, number: int) -> tuple[str, str | None, str]:
    """A piece line's multiplicity as written, its name (None: a line of only a name) and the
    rest of the line."""
    written = ""
    if grid.solid:
        if line[1:2] == "*":
            written, line = line[0], line[2:]
    else:
        head = line.split(" ", 1)[0]
        if "|" in head:
            written, _, line = line.partition("|")
    name, space, rest = line.partition(" ")
    bad = next((c for c in name if c in "|:" or (grid.solid and c == "*")), None)
    if bad is not None:
        raise TileError(f"line {number}: illegal character {bad!r} in piece name {name[:20]!r}")
    if not space:
        return written, None, ""
    if not 1 <= len(name) <= MAX_NAME:
        raise TileError(f"line {number}: a piece name has 1 to {MAX_NAME} characters")
    return written, name, rest


def bounds_of(grid: Grid, written: str, number: int) -> tuple[int, int]:
    """The copies (low, high) of a multiplicity as written: `b` or `a:b`; a cube's one digit."""
    if not written:
        return (1, 1)
    if grid.solid:
        value = DIGITS.find(written)
        if value < 1:
            raise TileError(f"line {number}: unknown multiplicity {written!r} (a digit 1-Z)")
        return (value, value)
    low_text, colon, high_text = written.rpartition(":")
    texts = [low_text, high_text] if colon else [high_text]
    if not all(t.isascii() and t.isdigit() and len(t) <= 9 for t in texts):
        raise TileError(f"line {number}: multiplicity {written[:20]!r} is not 'b' or 'a:b'")
    high = int(high_text)
    low = int(low_text) if colon else high
    if low > high or high < 1:
        raise TileError(f"line {number}: multiplicity {written!r} needs a <= b and b >= 1")
    return (low, high)


class Suffixes(list[str]):
    """The suffixes met so far, by number (0: none), each found again at once by its text."""

    def __init__(self) -> None:
        super().__init__([""])
        self.numbers = {"": 0}

    def number(self, suffix: str) -> int:
        """The number of `suffix`, a new one if it is new."""
        if suffix not in self.numbers:
            self.numbers[suffix] = len(self)
            self.append(suffix)
        return self.numbers[suffix]


def _spots(grid: Grid, text: str, number: int, suffixes: Suffixes, *tallies: Tally) -> list[Spot]:
    """The distinct spots of a list of cell specifications (spaces between them), in the order
    first met; each token's cells counted on `tallies` before its brackets are expanded."""
    found: dict[Spot, None] = {}
    for token in text.split(" "):
        if token:
            found.update(dict.fromkeys(_token(grid, token, number, suffixes, tallies)))
    return list(found)


def _token(
    grid: Grid, token: str, number: int, suffixes: Suffixes, tallies: tuple[Tally, ...]
) -> list[Spot]:
    """The spots of one cell specification: the product of its coordinate sets, with its suffix,
    counted on `tallies` before the product is made."""
    axes: list[list[int]] = []
    at = 0
    for _ in range(grid.dims):
        values, at = _coordinate(token, at, number)
        axes.append(values)
    count = math.prod(len(values) for values in axes)
    if count > MAX_CELLS:
        raise TileError(f"line {number}: more than {MAX_CELLS} cells (the limit) in {token[:20]!r}")
    for tally in tallies:
        tally.take(count, number)
    suffix = token[at:]
    if grid.solid and suffix:
        raise TileError(f"line {number}: missing space after the cell {token[:at]!r}")
    if len(suffix) > MAX_SUFFIX:
        raise TileError(f"line {number}: suffix {suffix[:20]!r} is longer than {MAX_SUFFIX}")
    kind: tuple[int, ...] = ()
    if grid.name == "triangle":
        kind = (1,) if suffix.startswith("'") else (0,)
        suffix = suffix[1:] if kind == (1,) else suffix
    s = suffixes.number(suffix)
    cells: list[Cell] = [()]
    for values in axes:
        cells = [(*cell, v) for cell in cells for v in values]
    return [((*cell, *kind), s) for cell in cells]


def _coordinate(token: str, at: int, number: int) -> tuple[list[int], int]:
    """The digits of one coordinate starting at `token[at]` and the position after them."""
    if at >= len(token):
        raise TileError(f"line {number}: incomplete cell {token[:20]!r}")
    if token[at] != "[":
        value = DIGITS.find(token[at]) if token[at] != "" else -1
        if value < 0:
            raise TileError(f"line {number}: illegal digit {token[at]!r} in {token[:20]!r}")
        return [value], at + 1
    close = token.find("]", at)
    if close < 0:
        raise TileError(f"line {number}: no closing bracket in {token[:20]!r}")
    return _bracket(token[at + 1 : close], number), close + 1


def _bracket(inside: str, number: int) -> list[int]:
    """The digits of a bracketed set: single digits and ranges `a-b`, in increasing order."""
    chosen: set[int] = set()
    start = last = -1
    for i, char in enumerate(inside):
        if char == "-":
            if last < 0 or i + 1 == len(inside):
                raise TileError(f"line {number}: illegal range in [{inside[:20]}]")
            start, last = last, -1
            continue
        value = DIGITS.find(char)
        if value < 0:
            raise TileError(f"line {number}: illegal bracketed digit {char!r} in [{inside[:20]}]")
        if start < 0:
            chosen.add(value)
            last = value
        elif value < start:
            raise TileError(f"line {number}: decreasing range in [{inside[:20]}]")
        else:
            chosen.update(range(start, value + 1))
            start = last = -1
    return sorted(chosen)


GROUP = r"(?:\[[^\]]*\]|[0-9a-zA-Z])"
CUBE_CELL = re.compile(rf"{GROUP}{{3}}")
TRIANGLE_CELL = re.compile(rf"{GROUP}{{2}}'")


def guess_grid(text: str) -> str:
    """The grid of a spec without `--grid`: triangle if a cell has `'` after two coordinates,
    cube if every cell is three coordinates and nothing more, square otherwise.

    >>> guess_grid("[0-2][0-2][0-2]\\nV 000 001 010\\n"), guess_grid("[0-1]0 [0-1]0'\\n")
    ('cube', 'triangle')
    """
    lines = [line for line in text.splitlines() if line and not line.startswith("|")]
    tokens = [t for t in lines[0].split(" ") if t] if lines else []
    for line in lines[1:]:
        tokens.extend(t for t in line.split(" ")[1:] if t)
    if any(TRIANGLE_CELL.match(token) for token in tokens):
        return "triangle"
    if tokens and all(CUBE_CELL.fullmatch(token) for token in tokens):
        return "cube"
    return "square"
