"""How is a puzzle given? As text in either format (`read_puzzle`: what `dlx tile`, the studio
and `Puzzle.read` read), or in Python: `Puzzle(board, pieces, ...)` of `dlx.tiling.workshop` is
written out as the picture format's text and read by its one parser (`dlx.tiling.drawn`), its
errors naming the part given (`board`, `pieces`, `piece 'L'`, `copies`) rather than a line of a
text the person never wrote.

>>> given_puzzle("2x3", "trominoes", None, {})
Puzzle on the square grid: 6 spots; pieces I, L
>>> given_puzzle("##/#.", {"L": "##/#."}, None, {"L": (0, 2)}).pieces[0].bounds
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from dlx.tiling import model
from dlx.tiling.drawn import is_picture, read_picture
from dlx.tiling.errors import TileError
from dlx.tiling.grids import SQUARE
from dlx.tiling.spec import bounds_of, guess_grid, read_spec

if TYPE_CHECKING:
    Pieces = str | Mapping[str, str] | Sequence[str | Mapping[str, str]]
    """Pieces as Python gives them: set names (`"pentominoes"`, `"trihexes,tetrahexes"`), drawings
    by name (`{"L": "##/#."}`: rows apart by `/` or new lines, a cube's layers by `|`), or a list
    of both."""
    Copies = Mapping[str, int | tuple[int, int]]


def read_puzzle(text: str, grid: str | None = None) -> model.Puzzle:
    """The puzzle of `text`: a picture, or Knuth's spec lines on `grid` (guessed from the lines
    without one)."""
    if is_picture(text):
        return read_picture(text, grid)
    return read_spec(text, grid or guess_grid(text))


def given_puzzle(
    board: str | Sequence[str], pieces: Pieces, grid: str | None, copies: Copies
) -> model.Puzzle:
    """The puzzle of a board, pieces and copies given in Python, on `grid` (None: as the
    picture format implies)."""
    text, parts = _picture(board, pieces, layered=grid != "sticks")
    try:
        posed = read_picture(text, grid)
    except TileError as error:
        raise TileError(_named(str(error), parts)) from None
    _copies(posed, copies)
    return posed


def _picture(board: str | Sequence[str], pieces: Pieces, layered: bool) -> tuple[str, list[str]]:
    """The picture-format text of a puzzle given in Python, and what each of its lines stands
    for (for the errors: `board`, `pieces`, `piece 'L'`); `layered`: as `_rows` reads `|`."""
    lines, parts = [], []

    def add(line: str, part: str) -> None:
        lines.append(line)
        parts.append(part)

    _board(board, add, layered)
    for item in [pieces] if isinstance(pieces, str | Mapping) else pieces:
        if isinstance(item, str):
            add(f"pieces {item}", "pieces")
            continue
        for name, drawing in item.items():
            add(f"piece {name}", f"piece {name!r}")
            for row in _rows(drawing, layered):
                add(row, f"piece {name!r}")
    return "".join(f"{line}\n" for line in lines), parts


def _copies(posed: model.Puzzle, copies: Copies) -> None:
    """Give the pieces named in `copies` their multiplicities: n, or a range (low, high)."""
    pieces = {piece.name: piece for piece in posed.pieces}
    for name, bounds in copies.items():
        if name not in pieces:
            raise TileError(f"copies: no piece named {name!r}")
        low, high = (bounds, bounds) if isinstance(bounds, int) else bounds
        written = f"{low}" if low == high else f"{low}:{high}"
        try:
            pieces[name].bounds = bounds_of(SQUARE, written, 0)
        except TileError as error:
            raise TileError(f"copies of {name!r}: {_named(str(error), [])}") from None
        pieces[name].written = written


def _board(board: str | Sequence[str], add: Callable[[str, str], None], layered: bool) -> None:
    """The board's lines: its name, or `board` and its picture's rows."""
    rows = _rows(board, layered) if isinstance(board, str) else list(board)
    if isinstance(board, str) and len(rows) == 1 and "#" not in board and "+" not in board:
        add(f"board {board}", "board")
        return
    add("board", "board")
    for row in rows:
        add(row, "board")


def _rows(drawing: str, layered: bool = True) -> list[str]:
    """A drawing's rows: apart by new lines or `/`, a cube's layers by `|` or a blank line
    (unless not `layered`: on sticks, `|` is a segment down)."""
    if layered:
        drawing = drawing.replace("|", "\n\n")
    return drawing.replace("/", "\n").strip("\n").split("\n")


def _named(message: str, parts: list[str]) -> str:
    """An error of the generated picture, naming the part given instead of its line (the line
    dropped where it names none)."""
    head, sep, rest = message.partition(": ")
    words = head.split()
    if sep and len(words) == 2 and words[0] == "line" and words[1].isdigit():
        number = int(words[1])
        return f"{parts[number - 1]}: {rest}" if 1 <= number <= len(parts) else rest
    return message


Turns = Mapping[str, tuple[bool, bool]]
"""Pieces that turn otherwise than the rest, by name: (rotations, reflections), reflections in
space (`mirror`) on the cube grid."""


def turn(posed: model.Puzzle, rotations: bool, reflections: bool, mirror: bool, own: Turns) -> None:
    """Turn the puzzle's pieces as asked; a piece named in `own` turns its own way (its drawings
    become every orientation it may take, and the puzzle turns nothing itself: the placements
    come in the same order as without)."""
    posed.rotate = rotations
    posed.flip = mirror if posed.grid.solid else reflections
    names = [piece.name for piece in posed.pieces]
    unknown = [name for name in own if name not in names]
    if unknown:
        raise TileError(f"no piece named {unknown[0][:30]!r} in the puzzle")
    if all(turns == (posed.rotate, posed.flip) for turns in own.values()):
        return
    for piece in posed.pieces:
        rotate, flip = own.get(piece.name, (posed.rotate, posed.flip))
        shapes = [
            shape
            for drawing in piece.drawings
            for shape in posed.grid.orientations(drawing, rotate, flip)
        ]
        piece.drawings = list(dict.fromkeys(shapes))
    posed.rotate = posed.flip = False
