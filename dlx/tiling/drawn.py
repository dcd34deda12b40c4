"""How does a person write a tiling puzzle? As pictures: a board and pieces drawn with characters,
named sets and boards by name, told apart from Knuth's spec lines by its first word.

    ; the twelve pentominoes in a 6x10 box      (a comment: a line starting ';')
    grid square                                 (square, triangle, hex, cube or sticks; default
                                                 square, or cube for a board named RxCxL)
    board 6x10                                  (a named board, or `board` and a picture)
    pieces pentominoes                          (named sets: `pieces trihexes tetrahexes`)
    piece 2|T                                   (a piece, 2 copies; `0:2|T` up to 2; a picture)
    ###
    .#.

In a picture, `.` and spaces are empty and any other character is a cell; on the board, `+` is a
cell that may stay empty. Rows go down the page. Triangle grid: each character is a triangle,
pointing up where row + column is even, down where odd (so `###` over `###` is a hexagon,
`.###` over `..#` a triangle pointing down).
Hex grid: cells sit on every other column, each row shifted one column (` # #` over `# # #`).
Cube grid: layers, the lowest first, separated by a blank line. Sticks: points on even rows and
columns, `-` and `|` segments between them (`dlx.tiling.sticks`). A drawn piece must be connected
(Knuth's spec lines may give a disconnected one); a board need not be.

Sets add up, on one `pieces` line (names apart by spaces or commas) or several; a set named
twice gives each of its pieces two copies. Where sets (or a set and a drawn piece) share a name,
every piece of those sets takes its number of cells after its name, so names stay unique and
say where each piece comes from: tetromino `T4` beside pentomino `T5`, trihex `A3` beside
tetrahex `A4` (sets that share a name at the same size, tetrominoes and tetris, are refused).

>>> puzzle = read_picture("board 2x3\\npieces trominoes\\n")
>>> len(puzzle.board), [piece.name for piece in puzzle.pieces]
(6, ['I', 'L'])
>>> puzzle = read_picture("board 3x3\\npieces trominoes dominoes monominoes\\n")
>>> [piece.name for piece in puzzle.pieces]
['I', 'L', 'A2', 'A1']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from dlx.tiling.errors import TileError
from dlx.tiling.grids import SQUARE, STICKS, Cell, Grid, Spot, connected, grid_named
from dlx.tiling.library import board_named, piece_set
from dlx.tiling.model import MAX_DRAWN, MAX_PIECES, Piece, Puzzle, check_board
from dlx.tiling.spec import MAX_NAME, bounds_of
from dlx.tiling.sticks import read_rows

T = TypeVar("T")
KEYWORDS = ("grid", "board", "pieces", "piece")
COMMENT = ";"
LOOSE = "+"
EMPTY = ". "
MAX_COORDINATE = 61


def is_picture(text: str) -> bool:
    """Whether `text` is in the picture format: its first line that is not blank nor a comment
    (`;` here, `|` in Knuth's spec) starts with a keyword."""
    for line in text.splitlines():
        if line.strip() and not line.startswith((COMMENT, "|")):
            return line.split()[0] in KEYWORDS
    return False


@dataclass
class _Block:
    """A header line and the picture rows after it, with their line numbers."""

    number: int
    words: list[str]
    rows: list[tuple[int, str]] = field(default_factory=list)


def read_picture(text: str, grid_name: str | None = None) -> Puzzle:
    """The puzzle drawn in `text`; `grid_name` (the command's `--grid`) unless a `grid` line."""
    blocks = _blocks(text)
    named = [b for b in blocks if b.words[0] == "grid"]
    name = named[0].words[1] if named and len(named[0].words) > 1 else grid_name
    name = name or _implied_grid(blocks)
    if named and grid_name and name != grid_name:
        raise TileError(f"line {named[0].number}: grid {name} here, but --grid {grid_name}")
    grid = _at(named[0].number if named else 0, lambda: grid_named(name))
    boards = [b for b in blocks if b.words[0] == "board"]
    if len(boards) != 1:
        raise TileError("the picture needs exactly one `board` line" + _where(boards[1:]))
    board, loose = _board(grid, boards[0])
    sets = _named_sets(grid, [b for b in blocks if b.words[0] == "pieces"])
    drawn = {b.number: _piece(grid, b) for b in blocks if b.words[0] == "piece"}
    _qualify(sets, [piece.name for piece in drawn.values()])
    pieces = _gather(blocks, sets, drawn)
    if not pieces:
        raise TileError("the picture has no `piece` nor `pieces` line")
    return Puzzle(grid, board, pieces, flip=not grid.solid, loose=frozenset(loose))


def _implied_grid(blocks: list[_Block]) -> str:
    """The grid of a picture that names none: cubes for a board named by three sizes
    (`board 2x2x3`), else squares."""
    named = [b.words[1].lower().split("x") for b in blocks if b.words[0] == "board" and b.words[1:]]
    cube = named and len(named[0]) == 3 and all(size.isdigit() for size in named[0])
    return "cube" if cube else "square"


def _at(number: int, read: Callable[[], T]) -> T:
    """`read()`, its error naming line `number` (0: none)."""
    try:
        return read()
    except TileError as error:
        raise TileError(f"line {number}: {error}" if number else str(error)) from None


def _where(blocks: list[_Block]) -> str:
    """`: line N` for the first of `blocks`, if any."""
    return f": line {blocks[0].number}" if blocks else ""


def _blocks(text: str) -> list[_Block]:
    """The header lines, each with the picture rows that follow it."""
    blocks: list[_Block] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip()
        if line.startswith(COMMENT):
            continue
        words = line.split(COMMENT)[0].split()
        if words and words[0] in KEYWORDS and not line[0].isspace():
            blocks.append(_Block(number, words))
        elif blocks:
            blocks[-1].rows.append((number, line))
        elif line.strip():
            raise TileError(f"line {number}: a picture before any `board` or `piece` line")
    return blocks


def _board(grid: Grid, block: _Block) -> tuple[tuple[Spot, ...], list[Spot]]:
    """The board's spots (shifted to start at 0) and those that may stay empty."""
    if len(block.words) > 1:
        _no_rows(block)
        return board_named(block.words[1], grid), []
    marks = _cells(grid, block)
    _at(block.number, lambda: check_board(len(marks)))
    spots = grid.normalise([(cell, 0) for cell, _ in marks])
    low = [min(cell[k] for cell, _ in marks) for k in range(grid.dims)]
    loose = grid.shifted([(cell, 0) for cell, mark in marks if mark == LOOSE], [-v for v in low])
    return spots, loose


def _no_rows(block: _Block) -> None:
    """Refuse a picture under a header that names its shape."""
    drawn = [(n, row) for n, row in block.rows if row.strip()]
    if drawn:
        raise TileError(f"line {drawn[0][0]}: a picture after `{' '.join(block.words)}`")


@dataclass
class _Set:
    """A named set of pieces, the line that first names it, and its pieces (a set named n times
    gives each piece n copies)."""

    name: str
    number: int
    pieces: list[Piece]


def _named_sets(grid: Grid, blocks: list[_Block]) -> list[_Set]:
    """The sets the `pieces` lines name (`,` or spaces between names), each once, in order."""
    sets: dict[str, _Set] = {}
    for block in blocks:
        _no_rows(block)
        names = [n for word in block.words[1:] for n in word.split(",") if n]
        if not names:
            raise TileError(f"line {block.number}: `pieces` needs a set's name")
        for name in names:
            key = name.lower()
            if key in sets:
                for piece in sets[key].pieces:
                    piece.bounds = (piece.bounds[0] + 1, piece.bounds[1] + 1)
                    piece.written = str(piece.bounds[1])
                continue
            shapes = _at(block.number, lambda: piece_set(name, grid))  # noqa: B023
            pieces = [Piece(n, [shape], line=block.number) for n, shape in shapes]
            sets[key] = _Set(key, block.number, pieces)
    return list(sets.values())


def _qualify(sets: list[_Set], drawn: list[str]) -> None:
    """Rename the pieces of each set whose names clash with another set's or a drawn piece's:
    each name followed by the piece's number of cells (tetromino T4, pentomino T5)."""
    clashing = []
    for named in sets:
        others = {p.name for s in sets if s is not named for p in s.pieces} | set(drawn)
        if any(piece.name in others for piece in named.pieces):
            clashing.append(named)
    for named in clashing:
        for piece in named.pieces:
            piece.name = f"{piece.name}{piece.size}"
    seen: dict[str, str] = {}
    for named in sets:
        for piece in named.pieces:
            if piece.name in seen:
                raise TileError(
                    f"line {named.number}: {seen[piece.name]} and {named.name} both have a"
                    f" piece {piece.name!r} (of {piece.size} cells): draw one set's pieces"
                    " with `piece` lines"
                )
            seen[piece.name] = named.name


def _gather(blocks: list[_Block], sets: list[_Set], drawn: dict[int, Piece]) -> list[Piece]:
    """The pieces of the sets and drawings, in the order of their lines; refused past
    `MAX_PIECES` pieces or `MAX_DRAWN` cells in all their drawings (a piece drawn on a cube's
    layers can hold more than the largest board)."""
    pieces: list[Piece] = []
    names: set[str] = set()
    held = 0
    for block in blocks:
        chosen = [piece for group in sets if group.number == block.number for piece in group.pieces]
        for piece in [*chosen, *([drawn[block.number]] if block.number in drawn else [])]:
            if piece.name in names:
                raise TileError(f"line {block.number}: a second piece named {piece.name!r}")
            if len(pieces) >= MAX_PIECES:
                raise TileError(f"line {block.number}: more than {MAX_PIECES} pieces")
            names.add(piece.name)
            pieces.append(piece)
            held += sum(len(drawing) for drawing in piece.drawings)
            if held > MAX_DRAWN:
                raise TileError(
                    f"line {block.number}: the pieces' drawings hold more than {MAX_DRAWN} cells"
                    " in all (the limit)"
                )
    return pieces


def _piece(grid: Grid, block: _Block) -> Piece:
    """The piece of a `piece [a:b|]NAME` header and its picture."""
    if len(block.words) != 2:
        raise TileError(f"line {block.number}: write `piece NAME` (or `piece 2|NAME`)")
    written, bar, name = block.words[1].rpartition("|")
    if not 1 <= len(name) <= MAX_NAME or ":" in name:
        raise TileError(f"line {block.number}: a piece name has 1 to {MAX_NAME} characters")
    bounds = bounds_of(SQUARE, written, block.number) if bar else (1, 1)  # (`a:b|` on any grid)
    cells = [cell for cell, mark in _cells(grid, block) if mark != LOOSE]
    if not connected(grid, cells):
        raise TileError(
            f"line {block.number}: piece {name!r} is not connected (pictures draw connected"
            f" pieces: {grid.touching})"
        )
    shape = grid.normalise([(cell, 0) for cell in cells])
    return Piece(name, [shape], bounds, written, block.number)


def _cells(grid: Grid, block: _Block) -> list[tuple[Cell, str]]:
    """The cells drawn under a header, with their marks."""
    layers = _layers(grid, block)
    found: list[tuple[Cell, str]] = read_rows(layers[0]) if grid is STICKS else []
    lines: list[int] = []
    for z, layer in enumerate([] if grid is STICKS else layers):
        for i, (number, row) in enumerate(layer):
            for c, mark in enumerate(row):
                if mark not in EMPTY:
                    found.append((_cell(grid, i, c, z, number), mark))
                    lines.append(number)
    if not found:
        raise TileError(f"line {block.number}: `{' '.join(block.words)}` has no cell drawn")
    if grid.name == "hex":
        found = _hexes(found, lines)
    _check_range(grid, [cell for cell, _ in found], block.number)
    return found


def _layers(grid: Grid, block: _Block) -> list[list[tuple[int, str]]]:
    """The picture's rows, split into layers at blank lines (one layer unless cubes)."""
    rows = list(block.rows)
    while rows and not rows[-1][1].strip():
        rows.pop()
    while rows and not rows[0][1].strip():
        rows.pop(0)
    layers: list[list[tuple[int, str]]] = [[]]
    for number, row in rows:
        if row.strip() or grid is STICKS:  # (a row of sticks may draw no segment down)
            layers[-1].append((number, row))
        elif not grid.solid:
            raise TileError(f"line {number}: a blank line inside a flat picture (layers: cube)")
        elif layers[-1]:
            layers.append([])
    return layers


def _cell(grid: Grid, i: int, c: int, z: int, number: int) -> Cell:
    """The cell drawn in row i, column c (layer z) of a picture."""
    if grid.name == "triangle":
        t = (c + i) % 2
        return ((c + i - t) // 2, -i, t)
    if grid.name == "hex":
        return (c, i)  # columns sorted out by `_hexes`
    return (i, c, z) if grid.solid else (i, c)


def _hexes(found: list[tuple[Cell, str]], lines: list[int]) -> list[tuple[Cell, str]]:
    """Hex cells from (column, row), all on the first one's parity of column + row."""
    parity = (found[0][0][0] + found[0][0][1]) % 2
    for ((c, i), _), number in zip(found, lines, strict=True):
        if (c + i) % 2 != parity:
            raise TileError(
                f"line {number}, column {c + 1}: a hexagon off its row's columns (hexagons sit"
                " on every other column, each row shifted by one: ` # #` over `# # #`)"
            )
    return [(((c - i - parity) // 2, i), mark) for (c, i), mark in found]


def _check_range(grid: Grid, cells: list[Cell], number: int) -> None:
    """Refuse a picture wider than Knuth's coordinates reach."""
    for k in range(grid.dims):
        values = [cell[k] for cell in cells]
        if max(values) - min(values) > MAX_COORDINATE:
            raise TileError(
                f"line {number}: the picture spans more than {MAX_COORDINATE + 1} cells on an axis"
            )
